"""One build of an output at a time; a build that dies, however it dies, never blocks the next
and leaves the previous output whole; a build writes only where it may."""

from __future__ import annotations

import io
import os
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from conftest import tree
from sitegen.build import build
from sitegen.problems import BuildError
from sitegen.write import output
from sites import copy_output, copy_site, edit, locked, wait_for

TEXT = "content/texts/huangjince.md"


@pytest.fixture
def project(built, tmp_path) -> Path:
    """A copy of the project whose ``build/`` is the session's site, up to date."""
    root = copy_site(tmp_path / "proj")
    copy_output(built, root / "build")
    return root


def _sitegen(root: Path, *args: str, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "sitegen", "--root", str(root), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs)


def test_a_second_build_waits_for_the_first_and_says_so(project, built, tmp_path):
    lock = output.OutputLock(project / "build", stream=io.StringIO())
    lock.acquire()
    said = tmp_path / "stderr"
    try:
        with open(said, "w") as err:
            second = subprocess.Popen([sys.executable, "-m", "sitegen", "--root", str(project), "build"],
                                      stdout=subprocess.DEVNULL, stderr=err)
        wait_for(lambda: "waiting for it to finish" in said.read_text(), second,
                 "the second build said it waits")
    finally:
        lock.release()
    assert second.wait(timeout=120) == 0, said.read_text()
    err = said.read_text()
    assert f"another build (process {os.getpid()}) is writing" in err and "is up to date" in err
    assert tree(project / "build") == tree(built)


@pytest.mark.parametrize("how, then", [(signal.SIGKILL, "build"), (signal.SIGTERM, "check")])
def test_a_killed_build_never_blocks_the_next_and_leaves_the_output_whole(project, built, how, then):
    """Killed while it writes its staging folder: the lock goes with the process, the previous
    output is as it was, and the next build or check goes straight on and removes what the
    killed one left."""
    edit(project / TEXT, "生死稟修於前定", "生死稟修於前定　")
    killed = _sitegen(project, "build")
    staging = output.staging_dir(project / "build")
    wait_for(lambda: staging.is_dir() and any(staging.iterdir()), killed, "the build began writing")
    killed.send_signal(how)
    killed.communicate(timeout=60)
    assert killed.returncode == -how
    assert not locked(project / "build")
    assert tree(project / "build") == tree(built)
    assert staging.exists()                         # left by the killed build …
    edit(project / TEXT, "生死稟修於前定　", "生死稟修於前定")
    again = subprocess.run([sys.executable, "-m", "sitegen", "--root", str(project), then],
                           capture_output=True, text=True, timeout=120)
    assert again.returncode == 0, again.stderr
    assert ("is up to date" if then == "build" else "nothing to check") in again.stderr
    assert not staging.exists()                     # … and removed by the next build or check
    assert tree(project / "build") == tree(built)


def test_serve_holds_no_lock_while_it_serves(project):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = _sitegen(project, "serve", "--port", str(port))
    try:
        line = server.stdout.readline()
        assert line.startswith("serving"), line + server.stderr.read()
        assert not locked(project / "build")
    finally:
        server.terminate()
        server.communicate(timeout=30)


def test_a_lock_waits_and_a_released_lock_is_free(tmp_path):
    out = tmp_path / "build"
    said = io.StringIO()
    with output.OutputLock(out, stream=io.StringIO()):
        assert locked(out)
        other = output.OutputLock(out, stream=said)
        assert not other.acquire(wait=False)
        waiting = threading.Thread(target=other.acquire)
        waiting.start()
        waiting.join(0.3)
        assert waiting.is_alive() and "waiting for it to finish" in said.getvalue()
    waiting.join(10)
    assert not waiting.is_alive() and locked(out)
    other.release()
    assert not locked(out)
    assert oct(output.state_dir(out).stat().st_mode & 0o777) == "0o700"


# -- where a build may write -----------------------------------------------------------------

def _refused(root: Path, out: Path) -> str:
    with pytest.raises(BuildError) as e:
        build(root, out)
    (problem,) = e.value.problems
    assert problem.message.startswith(f"will not build into {out.absolute()}: ")
    return problem.message


def test_an_output_that_is_not_a_build_is_refused_and_left_alone(tmp_path):
    root = copy_site(tmp_path / "proj")
    mine = tmp_path / "mine"
    for i in range(21):
        (mine / f"f{i}.txt").parent.mkdir(exist_ok=True)
        (mine / f"f{i}.txt").write_text(str(i), encoding="utf-8")
    before = tree(mine)
    assert "files that no build made" in _refused(root, mine)
    assert tree(mine) == before
    a_file = tmp_path / "a-file"
    a_file.write_text("x", encoding="utf-8")
    assert "is a file or a link" in _refused(root, a_file)
    assert a_file.read_text(encoding="utf-8") == "x"
    for out, why in ((root, "the project folder or a folder above it"),
                     (tmp_path, "the project folder or a folder above it"),
                     (root / "content", "inside the project's content/ folder"),
                     (root / "content/texts/out", "inside the project's content/ folder"),
                     (root / "templates/assets/x", "inside the project's templates/ folder")):
        assert why in _refused(root, out)
    assert not list(tmp_path.glob(".*.sitegen")) and not list(root.glob(".*.sitegen"))


def test_a_build_in_the_shared_temporary_folder_ignores_what_others_may_plant(tmp_path, built):
    """The build's own folder beside the output is made 0700 by its owner; a record there is data
    (JSON), never code, and a folder of another user is refused before it is read."""
    out = tmp_path / "out"
    state = output.state_dir(out)
    state.mkdir()
    os.chown(state, 12345, 12345) if os.geteuid() == 0 else pytest.skip("needs root to chown")
    root = copy_site(tmp_path / "proj")
    assert "is not a folder of this user" in _refused(root, out)


def test_no_code_runs_from_files_beside_or_inside_the_output(project, tmp_path):
    """Files an earlier version kept beside its output (pickles, compiled templates) are never
    loaded: a planted payload does not run while the content, the model and the templates load
    (all an earlier version read from them; rendering never read them)."""
    import pickle

    flag = tmp_path / "ran"

    class Payload:
        def __reduce__(self):
            return (os.system, (f"touch {flag}",))

    for folder in (project / ".build.sitegen-cache", output.state_dir(project / "build")):
        folder.mkdir(exist_ok=True)
        for name in ("corpora-0.pickle", "yaml-0.pickle", "__jinja2_0.cache"):
            (folder / name).write_bytes(pickle.dumps(Payload()))
    load = "import sys; from pathlib import Path; from sitegen.build import check_all; check_all(Path(sys.argv[1]))"
    done = subprocess.run([sys.executable, "-c", load, str(project)], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert not flag.exists()
