"""A build engineers can trust: incremental = clean, atomic, reproducible, strict, robust."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from sitegen.build import build
from sitegen.problems import BuildError
from sites import copy_site, edit


def tree(folder: Path) -> dict[str, str]:
    out = {}
    for p in sorted(folder.rglob("*")):
        if p.is_file():
            out[p.relative_to(folder).as_posix()] = hashlib.sha1(p.read_bytes()).hexdigest()
    return out


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """A copy of the project built once: the starting point of the incremental tests."""
    root = copy_site(tmp_path_factory.mktemp("proj"))
    build(root, root / "build")
    return root


def rebuild_matches_clean(root: Path, tmp_path: Path) -> int:
    result = build(root, root / "build")
    clean = tmp_path / "clean"
    build(root, clean, incremental=False)
    assert tree(root / "build") == tree(clean)
    return result.rendered


def test_nothing_changed_means_nothing_to_do(project):
    result = build(project, project / "build")
    assert result.unchanged and result.rendered == 0


def test_a_file_changed_by_hand_is_rebuilt(project, tmp_path):
    page = project / "build/yi/01/44/index.html"
    page.write_text("scribbled over", encoding="utf-8")
    result = build(project, project / "build")
    assert result.rendered == 1
    assert "乾為天" in page.read_text(encoding="utf-8")


def test_a_file_changed_by_hand_never_comes_back_from_the_spare(project, tmp_path):
    """The output before a build becomes the spare the next build updates: a page scribbled
    over there must be noticed again (the spare is looked at in another process)."""
    page = project / "build/yi/02/44/index.html"
    page.write_text("scribbled over", encoding="utf-8")
    edit(project / "content/texts/huangjince.md", "地理章", "地理章 ")
    build(project, project / "build")                  # the scribbled page is now in the spare
    edit(project / "content/texts/huangjince.md", "地理章 ", "地理章")
    rebuild_matches_clean(project, tmp_path)
    assert "坤為地" in page.read_text(encoding="utf-8")


def test_a_background_look_hands_back_its_result_or_its_error():
    from sitegen.write.state import Background

    assert Background(divmod, 7, 2).result() == (3, 1)
    with pytest.raises(ZeroDivisionError):
        Background(divmod, 7, 0).result()


@pytest.mark.parametrize("change", ["text", "rule", "step", "template", "engine-config"])
def test_incremental_rebuild_equals_clean_build(project, tmp_path, change):
    if change == "text":
        edit(project / "content/texts/liuren-gejue.md", "八專無克順逆布。謂", "八專無克順逆布。 謂")
    elif change == "rule":
        edit(project / "content/rules/liuren-methods.yaml", "definition: >-", "definition: >-\n    (수정)", 1)
    elif change == "step":  # the wording of a derivation step: lesson pages and their data
        edit(project / "content/rules/liuren-methods.yaml", "末傳은 中傳 {mid} 위의", "末傳은 {mid} 위의")
    elif change == "template":
        edit(project / "templates/change.html", "거꾸로:", "반대 방향:")
    else:
        edit(project / "content/site.yaml", "liuren_shehai: depth", "liuren_shehai: mengzhongji")
    made = rebuild_matches_clean(project, tmp_path)
    assert made > 0


def test_one_paragraph_edit_touches_few_pages(project, tmp_path):
    edit(project / "content/texts/meihua-tiyong.md", "人事之占，詳觀體用。", "人事之占，詳觀體用。 ")
    made = rebuild_matches_clean(project, tmp_path)
    assert 0 < made < 200


def test_removed_text_leaves_no_stale_page(tmp_path):
    root = copy_site(tmp_path)
    out = root / "build"
    build(root, out)
    (root / "content/texts/extra.md").write_text(
        (root / "content/texts/liuren-zhanfa.md").read_text(encoding="utf-8")
        .replace("slug: liuren-zhanfa", "slug: extra"), encoding="utf-8")
    build(root, out)
    assert (out / "texts/extra/index.html").is_file()
    (root / "content/texts/extra.md").unlink()
    build(root, out)
    assert not (out / "texts/extra").exists()
    assert tree(out) == tree(_clean(root, tmp_path))


def _clean(root, tmp_path):
    clean = tmp_path / "clean"
    build(root, clean, incremental=False)
    return clean


def test_failed_build_leaves_previous_output_untouched(project):
    before = tree(project / "build")
    edit(project / "content/texts/kejing-bingyin.md", "{#p02}", "{#p01}")
    try:
        with pytest.raises(BuildError):
            build(project, project / "build")
        assert tree(project / "build") == before
    finally:
        edit(project / "content/texts/kejing-bingyin.md", "{#p01}\n解曰", "{#p02}\n解曰")


def test_killed_build_leaves_previous_output_untouched(project, tmp_path, monkeypatch):
    import sitegen.build as b

    before = tree(project / "build")
    edit(project / "templates/hexagram.html", "互 · 錯 · 綜", "互 · 錯 · 綜 ")

    def killed(*args, **kwargs):
        raise KeyboardInterrupt

    with monkeypatch.context() as m:       # killed while rendering (the spare is half-updated)
        m.setattr(b, "render_files", killed)
        with pytest.raises(KeyboardInterrupt):
            build(project, project / "build", workers=1)
    assert tree(project / "build") == before
    with monkeypatch.context() as m:       # killed just before the swap
        m.setattr(b.atomic.Target, "commit", killed)
        with pytest.raises(KeyboardInterrupt):
            build(project, project / "build", workers=1)
    assert tree(project / "build") == before
    assert not list(project.glob(".build.staging-*"))
    rebuild_matches_clean(project, tmp_path)   # and the next build recovers


def test_broken_link_in_a_template_fails_with_page_link_and_reason(tmp_path):
    root = copy_site(tmp_path)
    edit(root / "templates/liuren_day.html", "<h1>", '<a href="nowhere/index.html">x</a><a href="#no-such-id">y</a><h1>')
    with pytest.raises(BuildError) as e:
        build(root, tmp_path / "out")
    found = [p.format() for p in e.value.problems]
    assert len(found) == 120      # two on each of the 60 day pages, all listed
    assert found[0] == ("build/liuren/bing-chen/index.html: broken link '#no-such-id': "
                        "liuren/bing-chen/index.html has no element with id 'no-such-id'\n"
                        "    hint: check the paragraph or section id (ids are case-sensitive)")
    assert found[1].startswith("build/liuren/bing-chen/index.html: broken link 'nowhere/index.html': "
                               "no file liuren/bing-chen/nowhere/index.html was built")
    assert not (tmp_path / "out").exists()


def test_template_error_names_template_and_line(tmp_path):
    root = copy_site(tmp_path)
    edit(root / "templates/term.html", "{{ t.gloss | md }}", "{{ t.glos | md }}")
    with pytest.raises(BuildError) as e:
        build(root, None)
    first = e.value.problems[0].format()
    assert first.startswith("templates/term.html:7: while rendering terms/")
    assert "has no attribute 'glos'" in first


def test_a_failed_write_is_reported_and_leaves_the_output_untouched(project, monkeypatch):
    import errno

    import sitegen.write.files as files

    before = tree(project / "build")
    edit(project / "templates/hexagram.html", "互 · 錯 · 綜", "互 · 錯 · 綜 ")

    def full(folder, batch):
        raise OSError(errno.ENOSPC, "No space left on device", f"{folder}/{batch[0][0]}")

    monkeypatch.setattr(files, "write_files", full)
    with pytest.raises(BuildError) as e:
        build(project, project / "build", workers=1)
    message = e.value.problems[0].format()
    assert "could not write the output: No space left on device" in message
    assert "hint: check the free space" in message
    assert tree(project / "build") == before
