"""Which files of a project the generator reads: never editor or system leftovers, never a link
out of the project. Standard library only: a build with nothing to do loads nothing more."""

from __future__ import annotations

from pathlib import Path


def ignored(name: str) -> bool:
    """Files the generator never reads and never fingerprints (editor and system leftovers):
    names starting with a dot, backups ending in ``~``."""
    return name.startswith(".") or name.endswith("~")


def outside_problem(path: Path, root: Path) -> str | None:
    """Why the project may not read ``path``: a link that leads out of the project ``root``, or
    something that is not a plain file (a device, a pipe); None if it may."""
    try:
        real = path.resolve(strict=True)
    except (OSError, RuntimeError):
        return "it is a broken or looping link" if path.is_symlink() else None
    if not real.is_relative_to(root.resolve()):
        return f"it is a link to {real}, outside the project"
    if path.exists() and not (real.is_file() or real.is_dir()):
        return "it is not a plain file (a device, a pipe or a socket)"
    return None
