"""Fixture sites: a copy of the real project's content and templates, changed on purpose.

Files of a ``site_copy``'s ``build/`` are hard links shared with the session's ``built`` site:
change any file of a fixture site only through these helpers, which put a new file in place
instead of writing into the old one.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import REPO


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
