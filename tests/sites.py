"""Fixture sites: a copy of the real project's content and templates, changed on purpose.

Files of a ``site_copy``'s ``build/`` are hard links shared with the session's ``built`` site:
change any file of a fixture site only through these helpers, which put a new file in place
instead of writing into the old one.
"""

from __future__ import annotations

import fcntl
import shutil
import subprocess
import time
from pathlib import Path

from conftest import REPO
from sitegen.write import atomic


def copy_site(dest: Path) -> Path:
    """A copy of the project's content/ and templates/ under ``dest``; returns ``dest``."""
    shutil.copytree(REPO / "content", dest / "content")
    shutil.copytree(REPO / "templates", dest / "templates")
    return dest


def scribble(path: Path, text: str) -> None:
    """Replace the file ``path`` with ``text`` (a new file: a hard link elsewhere keeps the old)."""
    path.unlink(missing_ok=True)
    path.write_text(text, encoding="utf-8")


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= count, f"{old!r} not in {path}"
    scribble(path, text.replace(old, new, count))


def locked(out: Path) -> bool:
    """Someone holds the lock of the output ``out`` (tried without waiting)."""
    path = atomic.lock_path(out)
    if not path.exists():
        return False
    with open(path) as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(fh, fcntl.LOCK_UN)
        return False


def wait_until_locked(out: Path, proc: subprocess.Popen) -> None:
    """Wait until the build ``proc`` holds the lock of ``out`` (or is done already)."""
    deadline = time.monotonic() + 60
    while not locked(out):
        if proc.poll() is not None:       # done already (then the two ran one after the other)
            return
        assert time.monotonic() < deadline, "the first build never took the lock"
        time.sleep(0.02)
