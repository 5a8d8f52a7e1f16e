"""A build engineers can trust: exact by construction, atomic, reproducible, strict, robust.

Every build renders every page from the model and the templates; a build whose inputs are those
its output was built from does nothing. So a build is exact if (1) its inputs' fingerprint
covers everything it reads, and (2) every edit of an input changes the fingerprint: both are
proven here for every file of the project, not for edits picked by hand.
"""

from __future__ import annotations

import errno
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, another_hash_seed, files_under, tree
from sitegen.build import build
from sitegen.problems import BuildError
from sitegen.write import output
from sites import copy_site, edit


def test_an_edit_reaches_every_page_that_shows_it_and_nothing_else(built, tmp_path):
    """The stale-page repro: a word appended to a ``reason:`` of the 探原 comparison and a new
    redirect, built again over the previous output in a fresh process with another hash seed.
    Every file that differs from the session's build holds the new word or the redirect; the
    agreement page shows the word; everything else is byte-identical (no set or dict order, no
    object address leaks into any file)."""
    root = copy_site(tmp_path / "proj")
    subprocess.run(["cp", "-al", str(built), str(root / "build")], check=True)
    shutil.copytree(output.state_dir(built), output.state_dir(root / "build"))
    word = "낱말추가시험"
    path = root / "content/validation/tanyuan.yaml"
    text = path.read_text(encoding="utf-8")
    assert "  reason: " in text
    path.write_text(text.replace("  reason: ", f"  reason: {word} ", 1), encoding="utf-8")
    (root / "content/redirects.yaml").write_text(
        "- from: texts/old-gejue-p05/\n  to: texts/liuren-gejue/#p05\n", encoding="utf-8")
    seed = another_hash_seed()
    run = subprocess.run([sys.executable, "-m", "sitegen", "build", "--quiet", "--root", str(root)],
                         capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": seed})
    assert run.returncode == 0, run.stderr
    out = root / "build"
    before, after = tree(built), tree(out)
    assert after.keys() - before.keys() == {"texts/old-gejue-p05/index.html"}
    assert before.keys() - after.keys() == set()
    differ = {f for f in before if before[f] != after[f]}
    assert "about/conventions/agreement/index.html" in differ
    assert word in (out / "about/conventions/agreement/index.html").read_text(encoding="utf-8")
    for f in differ:
        data = (out / f).read_text(encoding="utf-8")
        assert word in data or "old-gejue-p05" in data, f"{f} changed, but shows neither edit"
    html = (out / "texts/old-gejue-p05/index.html").read_text(encoding="utf-8")
    assert '<meta http-equiv="refresh" content="0; url=../liuren-gejue/index.html#p05">' in html
    assert "<script" not in html


def _inputs(root: Path) -> list[str]:
    return sorted(f"{folder}/{rel}" for folder in ("content", "templates")
                  for rel, _ in files_under(root / folder)
                  if not any(part.startswith(".") or part.endswith("~") for part in rel.split("/")))


def _edits(data: bytes) -> list[bytes]:
    """Three mechanical edits of a file: a value changed (its last non-space byte), a line added,
    a line removed (the first)."""
    stripped = data.rstrip()
    last = stripped[-1:] or b"x"
    changed = stripped[:-1] + (b"y" if last != b"y" else b"z") + data[len(stripped):]
    first, _, rest = data.partition(b"\n")
    return [changed, data + b"\n# added\n", rest if rest else b""]


def test_every_edit_of_every_input_file_changes_the_fingerprint(tmp_path):
    root = copy_site(tmp_path / "proj")
    files = _inputs(root)
    assert len(files) > 40
    base = output.fingerprint(root)
    seen = {base}
    for rel in files:
        path = root / rel
        data = path.read_bytes()
        for new in _edits(data):
            path.write_bytes(new)
            fp = output.fingerprint(root)
            assert fp != base, f"an edit of {rel} leaves the fingerprint as it was"
            seen.add(fp)
        path.write_bytes(data)
    (root / "content/texts/new.md").write_text("x", encoding="utf-8")      # a file added
    assert output.fingerprint(root) != base
    (root / "content/texts/new.md").unlink()
    assert output.fingerprint(root) == base
    assert output.fingerprint(root, "https://example.net/kb/") != base     # --base-url


def test_a_build_reads_nothing_of_the_project_outside_its_fingerprint():
    """Every file of the project a check opens — loading, templates, one page of each kind — is one
    the fingerprint hashes (content/ and templates/ less dot files and backups)."""
    from sitegen.build import check_all

    opened: set[str] = set()
    repo = str(REPO) + os.sep

    def hook(event, args):
        if event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
            p = os.path.abspath(os.fsdecode(args[0]))
            if p.startswith(repo):
                opened.add(p[len(repo):])

    sys.addaudithook(hook)       # stays for the process; it only records while `opened` is read
    site, renderer, _ = check_all(REPO)
    kinds = {}
    for page in site.registry:
        kinds.setdefault(page.kind, page)
    for page in kinds.values():
        renderer.render(page)
    hook_files = {f for f in opened if not f.startswith(("sitegen/", "tests/"))}
    fingerprinted = set(_inputs(REPO))
    assert hook_files and hook_files <= fingerprinted, sorted(hook_files - fingerprinted)
    opened.clear()
    hook_files.clear()
    repo = "\0"                                          # records nothing from here on


def test_nothing_to_do_when_the_output_was_built_from_these_inputs(tmp_path):
    out = tmp_path / "out"
    state = output.Staging(_made(out))
    state.write("index.html", b"home")
    state.write("yi/01/index.html", b"one")
    state.commit("inputs-1")
    assert output.up_to_date(out, "inputs-1") and not output.up_to_date(out, "inputs-2")
    (out / "yi/01/index.html").unlink()
    (out / "yi/01/index.html").write_bytes(b"two")     # a file changed by hand (same size)
    os.utime(out / "yi/01/index.html", ns=(1 << 62, 1 << 62))
    assert not output.up_to_date(out, "inputs-1")
    os.utime(out / "yi/01/index.html", ns=(1, 1))
    assert output.up_to_date(out, "inputs-1")
    (out / "extra.html").write_bytes(b"")                # a file added by hand
    assert not output.up_to_date(out, "inputs-1")


def _made(out: Path) -> Path:
    """``out`` ready for a :class:`output.Staging` (its state folder made, as the lock makes it)."""
    output.state_dir(out).mkdir(mode=0o700, parents=True, exist_ok=True)
    return out


def test_a_swap_replaces_the_output_whole_and_leaves_nothing_behind(tmp_path):
    out = tmp_path / "out"
    first = output.Staging(_made(out))
    first.write("a/index.html", b"old")
    first.write("gone.html", b"x")
    first.commit("1")
    second = output.Staging(out)
    second.write("a/index.html", b"new")
    second.commit("2")
    assert {rel for rel, _ in files_under(out)} == {"a/index.html"}
    assert (out / "a/index.html").read_bytes() == b"new"
    assert sorted(p.name for p in output.state_dir(out).iterdir()) == ["record.json"]
    assert output.read_record(out)["inputs"] == "2"


def test_a_failed_or_interrupted_build_leaves_the_previous_output_untouched(tmp_path, monkeypatch):
    root = copy_site(tmp_path / "proj")
    out = root / "build"
    previous = output.Staging(_made(out))
    previous.write("index.html", b"previous")
    previous.commit("previous")
    record = output.read_record(out)

    # content with a problem: stopped before anything is written
    text = root / "content/texts/kejing-bingyin.md"
    original = text.read_text(encoding="utf-8")
    edit(text, "{#p02}", "{#p01}")
    with pytest.raises(BuildError) as e:
        build(root, out)
    assert "nothing was written." in e.value.report().splitlines()[0]
    text.write_text(original, encoding="utf-8")
    assert (out / "index.html").read_bytes() == b"previous" and output.read_record(out) == record

    # a full disk while writing
    writes = []

    def full(self, rel, data):
        writes.append(rel)
        if len(writes) > 20:
            raise OSError(errno.ENOSPC, "No space left on device", str(self.path / rel))
        return real_write(self, rel, data)

    real_write = output.Staging.write
    monkeypatch.setattr(output.Staging, "write", full)
    with pytest.raises(BuildError) as e:
        build(root, out)
    message = e.value.problems[0].format()
    assert "could not write the output: No space left on device" in message
    assert "the previous output is untouched" in message
    monkeypatch.undo()
    assert (out / "index.html").read_bytes() == b"previous" and output.read_record(out) == record
    assert not output.staging_dir(out).exists()

    # interrupted (Ctrl-C) while rendering
    def interrupted(self, page):
        raise KeyboardInterrupt

    import sitegen.render.render as render
    monkeypatch.setattr(render.Renderer, "render", interrupted)
    with pytest.raises(KeyboardInterrupt):
        build(root, out)
    assert (out / "index.html").read_bytes() == b"previous" and output.read_record(out) == record
    assert not output.staging_dir(out).exists()


def test_faults_found_while_rendering_are_all_listed_with_page_line_and_reason(tmp_path):
    """One check of a site with four faults that only rendering finds: each is listed, at once."""
    root = copy_site(tmp_path / "proj")
    edit(root / "templates/liuren_day.html", "<h1>",
         '<a href="nowhere/index.html">x</a><a href="#no-such-id">y</a><h1>')
    edit(root / "templates/term.html", "{{ t.gloss | md }}", "{{ t.glos | md }}")
    edit(root / "content/texts/liuren-zhanfa.md", "{#p02}", "{#main}")
    (root / "content/redirects.yaml").write_text(
        "- from: old/\n  to: texts/huangjince/#no-such-paragraph\n", encoding="utf-8")
    with pytest.raises(BuildError) as e:
        build(root, None)
    found = [p.format() for p in e.value.problems]
    line = (root / "templates/term.html").read_text(encoding="utf-8").split("\n").index("{{ t.glos | md }}") + 1
    terms = [f for f in found if f.startswith(f"templates/term.html:{line}: while rendering terms/")]
    assert len(terms) > 50 and all("has no attribute 'glos'" in f for f in terms)
    # a template that fails on a page stops that page: its links are not checked
    days = [f for f in found if f.startswith("build/liuren/")]
    assert len(days) == 120, "two on each of the 60 day pages"
    assert ("build/liuren/bing-chen/index.html: broken link '#no-such-id': "
            "liuren/bing-chen/index.html has no element with id 'no-such-id'\n"
            "    hint: check the paragraph or section id (ids are case-sensitive)") in days
    assert any(f.startswith("build/liuren/bing-chen/index.html: broken link 'nowhere/index.html': "
                            "no file liuren/bing-chen/nowhere/index.html was built") for f in days)
    assert any(f.startswith("build/texts/liuren-zhanfa/index.html: broken link '#main': "
                            "the page has 2 elements with id 'main'") for f in found)
    assert any(f.startswith("content/redirects.yaml:1: the redirect from old/ to "
                            "texts/huangjince/#no-such-paragraph") and "no-such-paragraph" in f
               for f in found)
