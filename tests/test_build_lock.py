"""Builds of one output at the same time: one writes, the others wait for it, and the output is
always one whole site. Every combination: clean + incremental (the README's clean build, with a
second build of its folder started meanwhile: test_cli.py), incremental + incremental, a build +
``serve``'s build."""

from __future__ import annotations

import fcntl
import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import files_under, link_tree
from sites import copy_site, wait_until_locked
from test_cli import SECOND, readme_runs  # noqa: F401  (a fixture: the README's clean build)
from sitegen.write import atomic

pytestmark = pytest.mark.heavy      # builds in other processes, one of them clean

TEXT = "content/texts/huangjince.md"


@pytest.fixture(scope="module")
def project(built, tmp_path_factory):
    """A copy of the project whose output is the session's build (hard-linked: builds never
    modify a file in place)."""
    root = copy_site(tmp_path_factory.mktemp("locked"))
    link_tree(built, root / "build")
    return root


def _sitegen(root: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "sitegen", "--root", str(root), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _assert_whole_site(out: Path, built: Path, phrase: str | None = None) -> None:
    """``out`` holds every file of the site, each as its manifest records, and (if given)
    ``phrase`` in the edited text; no build's staging or old folder is left beside it."""
    assert {f for f, _ in files_under(out)} == {f for f, _ in files_under(built)}, \
        "the output is not one whole site"
    manifest = json.loads((out / ".sitegen/manifest.json").read_bytes())
    for f, entry in manifest["files"].items():
        assert (out / f).stat().st_size == entry[2], f
    if phrase is not None:
        assert phrase in (out / "texts/huangjince/index.html").read_text(encoding="utf-8")
    leftovers = [p.name for p in out.parent.iterdir() if ".staging-" in p.name or ".old-" in p.name]
    assert leftovers == []


def _edit(root: Path, n: int) -> str:
    phrase = f"生死稟修於前定{'　' * n}"
    text = root / TEXT
    body = text.read_text(encoding="utf-8")
    start = body.index("生死稟修於前定")
    end = body.index("，", start)
    text.write_text(body[:start] + phrase + body[end:], encoding="utf-8")
    return phrase


def _run_two(root: Path, first: tuple[str, ...], second: tuple[str, ...]):
    a = _sitegen(root, *first)
    wait_until_locked(root / "build", a)
    b = _sitegen(root, *second)
    out_a, err_a = a.communicate(timeout=300)
    out_b, err_b = b.communicate(timeout=300)
    assert a.returncode == 0, err_a
    assert b.returncode == 0, err_b
    return err_a, err_b


def test_a_check_reads_an_output_no_build_is_writing(tmp_path):
    """``sitegen check`` reads ``build/`` under a shared lock: it waits for a build writing it,
    saying so, and creates no lock file where no build has been (it writes nothing)."""
    import io
    import threading

    out = tmp_path / "build"
    out.mkdir()
    assert not atomic.OutputLock(out, shared=True).acquire().held
    assert sorted(p.name for p in tmp_path.iterdir()) == ["build"]
    said = io.StringIO()
    with atomic.OutputLock(out, stream=io.StringIO()):                  # a build writing
        check = atomic.OutputLock(out, stream=said, shared=True)
        waiting = threading.Thread(target=check.acquire)
        waiting.start()
        waiting.join(0.5)
        assert waiting.is_alive() and "is writing" in said.getvalue() and "waiting" in said.getvalue()
    waiting.join(10)
    assert not waiting.is_alive() and check.held
    with open(atomic.lock_path(out)) as fh:            # another check goes on; a build would wait
        fcntl.flock(fh, fcntl.LOCK_SH | fcntl.LOCK_NB)
        fcntl.flock(fh, fcntl.LOCK_UN)
        with pytest.raises(BlockingIOError):
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
    check.release()


def test_a_second_build_waits_for_the_first_and_says_so(project, built, tmp_path):
    phrase = _edit(project, 1)
    lock = atomic.OutputLock(project / "build", stream=open(os.devnull, "w")).acquire()
    err_file = tmp_path / "stderr"
    try:
        with open(err_file, "w") as err:
            proc = subprocess.Popen([sys.executable, "-m", "sitegen", "--root", str(project), "build"],
                                    stdout=subprocess.DEVNULL, stderr=err, text=True)
        deadline = time.monotonic() + 120
        while "waiting for it to finish" not in err_file.read_text():
            assert proc.poll() is None, "the second build did not wait: " + err_file.read_text()
            assert time.monotonic() < deadline, "the second build never said it waits"
            time.sleep(0.05)
        time.sleep(0.5)
        assert proc.poll() is None, "the second build did not wait"
    finally:
        lock.release()
    assert proc.wait(timeout=300) == 0, err_file.read_text()
    assert "another build (process" in err_file.read_text()
    _assert_whole_site(project / "build", built, phrase)


def test_incremental_builds_at_the_same_time_leave_one_whole_site(project, built):
    phrase = _edit(project, 11)
    _run_two(project, ("build",), ("build",))
    _assert_whole_site(project / "build", built, phrase)


def test_a_build_during_a_clean_build_waits_for_it_and_finds_one_whole_site(readme_runs, built):
    """The README's clean build (``--clean --out DIR``), with a second build of that folder
    started while it ran (test_cli.py): seconds long, so the second surely came meanwhile."""
    code, err, folders = readme_runs[SECOND]
    assert code == 0, err
    assert "waiting for it to finish" in err
    _assert_whole_site(folders["out"], built)


def test_a_build_while_serve_builds(project, built):
    phrase = _edit(project, 7)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = _sitegen(project, "serve", "--port", str(port))
    try:
        wait_until_locked(project / "build", server)
        other = _sitegen(project, "build")
        out, err = other.communicate(timeout=300)
        assert other.returncode == 0, err
        line = server.stdout.readline()
        assert line.startswith("serving"), line
        # serve holds no lock while it serves: a build goes straight on
        _edit(project, 8)
        again = _sitegen(project, "build")
        out, err = again.communicate(timeout=300)
        assert again.returncode == 0 and "waiting" not in err, err
    finally:
        server.terminate()
        server.communicate(timeout=30)
    _assert_whole_site(project / "build", built, "生死稟修於前定" + "　" * 8)
