"""Fixture sites: a copy of the real project's content and templates, changed on purpose."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import REPO


def copy_site(dest: Path) -> Path:
    """A copy of the project's content/ and templates/ under ``dest``; returns ``dest``."""
    shutil.copytree(REPO / "content", dest / "content")
    shutil.copytree(REPO / "templates", dest / "templates")
    return dest


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= count, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
