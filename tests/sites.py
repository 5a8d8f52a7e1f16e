"""Fixture sites: a copy of the real project's content and templates, changed on purpose."""

from __future__ import annotations

import fcntl
import shutil
import subprocess
import time
from pathlib import Path

from conftest import REPO
from sitegen.write import output


def copy_site(dest: Path) -> Path:
    """A copy of the project's content/ and templates/ under ``dest``; returns ``dest``."""
    shutil.copytree(REPO / "content", dest / "content")
    shutil.copytree(REPO / "templates", dest / "templates")
    return dest


def copy_output(built: Path, dest: Path) -> Path:
    """``dest`` as an output a build made of the project's own inputs (the session's ``built``
    site, hard-linked: a build never writes into a file, it replaces the whole folder)."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["cp", "-al", str(built), str(dest)], check=True)
    shutil.copytree(output.state_dir(built), output.state_dir(dest),
                    ignore=shutil.ignore_patterns("lock"))
    return dest


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= count, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def locked(out: Path) -> bool:
    """Someone holds the lock of the output ``out`` (tried without waiting)."""
    path = output.state_dir(out) / "lock"
    if not path.exists():
        return False
    with open(path) as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(fh, fcntl.LOCK_UN)
        return False


def wait_for(condition, proc: subprocess.Popen, what: str) -> None:
    """Wait until ``condition()`` holds while the process ``proc`` runs."""
    deadline = time.monotonic() + 120
    while not condition():
        assert proc.poll() is None, f"the process ended before {what}"
        assert time.monotonic() < deadline, f"never {what}"
        time.sleep(0.02)
