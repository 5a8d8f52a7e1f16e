"""A build engineers can trust: incremental = clean, atomic, reproducible, strict, robust.

Every test works on a project of its own (``site_copy``: the built site, hard-linked, with its
content and templates), so none depends on another having run before it, in any order. A clean
build to compare with is ``built`` when the inputs are the project's own, else ``clean_tree``.
"""

from __future__ import annotations

import gc
import os
from pathlib import Path

import pytest

from conftest import tree
from sitegen.build import build
from sitegen.problems import BuildError
from sites import copy_site, edit, scribble

# One paragraph of 《梅花易數·體用》: few pages depend on it. Several tests make this same edit,
# so they share the clean build they compare with.
PARAGRAPH = ("content/texts/meihua-tiyong.md", "人事之占，詳觀體用。", "人事之占，詳觀體用。 ")


@pytest.fixture(scope="module")
def built_tree(built) -> dict[str, str]:
    return tree(built)


def rebuild_matches_clean(root: Path, clean_tree, workers: int | None = None) -> int:
    result = build(root, root / "build", workers=workers)
    assert tree(root / "build") == clean_tree(root)
    return result.rendered


def test_nothing_changed_means_nothing_to_do(site_copy):
    result = build(site_copy, site_copy / "build")
    assert result.unchanged and result.rendered == 0


def test_a_file_changed_by_hand_is_rebuilt(site_copy, built_tree):
    page = site_copy / "build/yi/01/44/index.html"
    scribble(page, "scribbled over")
    result = build(site_copy, site_copy / "build")
    assert result.rendered == 1
    assert "乾為天" in page.read_text(encoding="utf-8")
    assert tree(site_copy / "build") == built_tree


def test_a_file_changed_by_hand_never_comes_back_from_the_spare(site_copy, built_tree):
    """The output before a build becomes the spare the next build updates: a page scribbled
    over there must be noticed again (the spare is looked at in another process)."""
    project = site_copy
    page = project / "build/yi/02/44/index.html"
    scribble(page, "scribbled over")
    # An edit the page does not depend on (so only the look at the spare can bring it back),
    # which renders a few dozen pages.
    edit(project / PARAGRAPH[0], *PARAGRAPH[1:])
    build(project, project / "build")                  # the scribbled page is now in the spare
    edit(project / PARAGRAPH[0], *reversed(PARAGRAPH[1:]))
    result = build(project, project / "build")
    assert tree(project / "build") == built_tree      # the project's inputs are the real ones again
    assert "坤為地" in page.read_text(encoding="utf-8")
    assert result.rendered < 200


def test_a_check_renders_only_what_an_edit_reaches_and_writes_nothing(site_copy, built_tree):
    """``sitegen check`` carries over from ``build/`` the pages whose inputs are unchanged, reading
    the output and its cache folder without changing either; what it renders still fails on a
    problem as a build would."""
    from sitegen.write.atomic import cache_dir

    project = site_copy
    out, cache = project / "build", cache_dir(project / "build")
    listing, kept = sorted(p.name for p in project.iterdir()), tree(cache)
    edit(project / PARAGRAPH[0], *PARAGRAPH[1:])
    result = build(project, None, reference=out)
    assert 0 < result.rendered < 200
    assert result.manifest.files.keys() == built_tree.keys() - {".sitegen/manifest.json"}
    # a link an edit breaks, on the pages it re-renders, fails the check with the build's message
    edit(project / "templates/liuren_day.html", "<h1>", '<a href="#no-such-id">y</a><h1>')
    with pytest.raises(BuildError) as e:
        build(project, None, reference=out)
    found = [p.format() for p in e.value.problems]
    assert len(found) == 60 and found[0].startswith(
        "build/liuren/bing-chen/index.html: broken link '#no-such-id': ")
    assert sorted(p.name for p in project.iterdir()) == listing
    assert tree(out) == built_tree and tree(cache) == kept


def test_a_background_look_hands_back_its_result_or_its_error():
    from sitegen.write.state import Background

    assert Background(divmod, 7, 2).result() == (3, 1)
    with pytest.raises(ZeroDivisionError):
        Background(divmod, 7, 0).result()


def test_files_carried_over_are_the_same_files_and_replace_what_was_there(tmp_path):
    """The files a build carries over into the folder it writes are hard links to the output's,
    folders made as needed; a file already there is replaced, never written into (its inode may
    be the live output's)."""
    from sitegen.write.atomic import _link

    out, spare = tmp_path / "out", tmp_path / "spare"
    (out / "yi/01/02").mkdir(parents=True)
    (out / "yi/01/02/index.html").write_text("new", encoding="utf-8")
    (out / "index.html").write_text("home", encoding="utf-8")
    (spare / "yi").mkdir(parents=True)
    (spare / "index.html").write_text("old", encoding="utf-8")
    os.link(spare / "index.html", tmp_path / "live.html")
    _link(out, spare, {"index.html", "yi/01/02/index.html"})
    for f in ("index.html", "yi/01/02/index.html"):
        assert (spare / f).samefile(out / f)
    assert (tmp_path / "live.html").read_text(encoding="utf-8") == "old"


# Each entry: the edits of one changed project, made at once; one clean build of it to compare with.
# Edits under one dependency key (sitegen.write.inputs) share an entry: an incremental build
# re-renders by key, so two edits of one key re-render what either alone would.
TEXT = ("content/texts/liuren-gejue.md", "八專無克順逆布。謂", "八專無克順逆布。 謂")
EDITS = {
    # the body of two texts (``text:<slug>``): a paragraph 課 pages quote, and one of 《梅花易數》
    "texts": (TEXT, PARAGRAPH),
    # ``rules``: a rule's definition, and the wording of a derivation step (lesson pages and data)
    "rules": (("content/rules/liuren-methods.yaml", "definition: >-", "definition: >-\n    (수정)"),
              ("content/rules/liuren-methods.yaml", "末傳은 中傳 {mid} 위의", "末傳은 {mid} 위의")),
    # one kind's template (``template:term.html``): its pages alone
    "template": (("templates/term.html", "정의하거나 설명하는 단락", "정의하거나 풀이하는 단락"),),
    # the engines' settings: every page (the one edit here that reaches the whole site)
    "engine-config": (("content/site.yaml", "liuren_shehai: depth", "liuren_shehai: mengzhongji"),),
}


def make(root: Path, change: str) -> None:
    for path, old, new in EDITS[change]:
        edit(root / path, old, new)


def changed_files(root: Path, built: Path) -> set[str]:
    """The files the last build of ``root`` made anew (their recorded input fingerprint changed)."""
    from sitegen.write import manifest as mf

    before, after = mf.load(built).files, mf.load(root / "build").files
    return {f for f, e in after.items() if f not in before or before[f].fingerprint != e.fingerprint}


@pytest.mark.heavy
@pytest.mark.parametrize("change", list(EDITS))
def test_incremental_rebuild_equals_clean_build(site_copy, built, clean_tree, model, change):
    make(site_copy, change)
    # The engine option's build renders every page: in this process, as the clean build does
    # (forking workers beside the other test worker costs 1-2 CPU-s and wins no time); the rules
    # edit's 1,862 pages are rendered by the build's workers.
    made = rebuild_matches_clean(site_copy, clean_tree, workers=1 if change == "engine-config" else None)
    assert made > 0
    if change == "texts":
        assert made < 300, "an edit of a paragraph renders only the pages that show it"
    if change == "template":
        terms = {p.address.file for p in model.registry if p.kind == "term"}
        assert len(terms) > 50
        assert changed_files(site_copy, built) == terms, "a template's pages, and no other, re-render"
    if change == "rules":
        yi = {p.address.file for p in model.registry if p.kind in ("change", "change_json", "hexagram")}
        assert len(yi) > 8000
        assert not changed_files(site_copy, built) & yi, "a 大六壬 rules file's edit leaves 六爻 pages"
    if change == "engine-config":
        assert made > 10_000


@pytest.mark.heavy(shares="texts")
def test_edits_one_after_another_each_rebuilt_equal_a_clean_build(site_copy, clean_tree):
    """Incremental builds on top of incremental builds (the spare folder in play each time),
    ending where the ``texts`` edits end (whose clean build another test shares)."""
    path, old, new = TEXT
    between = new.replace(" ", "  ")                   # on the way to the final wording
    edit(site_copy / path, old, between)
    build(site_copy, site_copy / "build")
    edit(site_copy / PARAGRAPH[0], *PARAGRAPH[1:])
    build(site_copy, site_copy / "build")
    edit(site_copy / path, between, new)
    rebuild_matches_clean(site_copy, clean_tree)


def test_removed_text_leaves_no_stale_page(site_copy, built_tree):
    root = site_copy
    out = root / "build"
    (root / "content/texts/extra.md").write_text(
        (root / "content/texts/liuren-zhanfa.md").read_text(encoding="utf-8")
        .replace("slug: liuren-zhanfa", "slug: extra"), encoding="utf-8")
    build(root, out)
    assert (out / "texts/extra/index.html").is_file()
    (root / "content/texts/extra.md").unlink()
    build(root, out)
    assert not (out / "texts/extra").exists()
    assert tree(out) == built_tree          # the same inputs as the real site's again


def test_failed_build_leaves_previous_output_untouched(site_copy, built_tree):
    project = site_copy
    edit(project / "content/texts/kejing-bingyin.md", "{#p02}", "{#p01}")
    with pytest.raises(BuildError):
        build(project, project / "build")
    assert tree(project / "build") == built_tree


def test_a_build_leaves_the_garbage_collector_as_it_found_it(tmp_path):
    """The model is made with the cyclic garbage collector off, then frozen (sitegen.build): a
    build, even one that fails, leaves the collector on and nothing frozen."""
    project = copy_site(tmp_path / "proj")
    edit(project / "content/texts/kejing-bingyin.md", "{#p02}", "{#p01}")
    with pytest.raises(BuildError):
        build(project, None)
    assert gc.isenabled() and gc.get_freeze_count() == 0


@pytest.mark.heavy(shares="texts")
def test_killed_build_leaves_previous_output_untouched(site_copy, built_tree, clean_tree, monkeypatch):
    import sitegen.build as b

    project = site_copy
    before = built_tree
    make(project, "texts")

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
    rebuild_matches_clean(project, clean_tree)   # and the next build recovers


def test_broken_link_in_a_template_fails_with_page_link_and_reason(site_copy, built_tree):
    project = site_copy
    edit(project / "templates/liuren_day.html", "<h1>", '<a href="nowhere/index.html">x</a><a href="#no-such-id">y</a><h1>')
    with pytest.raises(BuildError) as e:
        build(project, project / "build")
    found = [p.format() for p in e.value.problems]
    assert len(found) == 120      # two on each of the 60 day pages, all listed
    assert found[0] == ("build/liuren/bing-chen/index.html: broken link '#no-such-id': "
                        "liuren/bing-chen/index.html has no element with id 'no-such-id'\n"
                        "    hint: check the paragraph or section id (ids are case-sensitive)")
    assert found[1].startswith("build/liuren/bing-chen/index.html: broken link 'nowhere/index.html': "
                               "no file liuren/bing-chen/nowhere/index.html was built")
    assert tree(project / "build") == built_tree


@pytest.mark.parametrize("workers", [1, 2])
def test_template_error_names_template_and_line(site_copy, workers, monkeypatch):
    """Whether the pages are rendered in the build's process or by its workers (which a build
    leaves a hundred pages or so to itself: two are made to here)."""
    import sitegen.build as b

    monkeypatch.setattr(b, "PAGES_PER_WORKER", 1)
    edit(site_copy / "templates/term.html", "{{ t.gloss | md }}", "{{ t.glos | md }}")
    with pytest.raises(BuildError) as e:
        build(site_copy, site_copy / "build", workers=workers)
    found = [p.format() for p in e.value.problems]
    assert len(found) == 101, "every term page"
    assert found[0].startswith("templates/term.html:7: while rendering terms/")
    assert "has no attribute 'glos'" in found[0]


def test_a_failed_write_is_reported_and_leaves_the_output_untouched(site_copy, built_tree, monkeypatch):
    import errno

    import sitegen.write.files as files

    project = site_copy
    before = built_tree
    edit(project / PARAGRAPH[0], *PARAGRAPH[1:])

    def full(folder, batch):
        raise OSError(errno.ENOSPC, "No space left on device", f"{folder}/{batch[0][0]}")

    monkeypatch.setattr(files, "write_files", full)
    with pytest.raises(BuildError) as e:
        build(project, project / "build", workers=1)
    message = e.value.problems[0].format()
    assert "could not write the output: No space left on device" in message
    assert "hint: check the free space" in message
    assert tree(project / "build") == before
