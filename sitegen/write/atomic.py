"""Atomic replacement of the output folder.

A build writes into a staging folder beside the output; only when every file is written and
every link checked does the staging folder take the output's place. A failed or killed build
leaves the previous output exactly as it was (at worst, a stale staging folder, which the next
build removes).
"""

from __future__ import annotations

import ctypes
import os
import shutil
from pathlib import Path

_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step (Linux renameat2); False if the system can't."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        fn = libc.renameat2
    except (OSError, AttributeError):
        return False
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    return fn(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0


def staging_dir(out: Path) -> Path:
    return out.parent / f".{out.name}.staging-{os.getpid()}"


def clear_leftovers(out: Path) -> None:
    """Remove staging or old folders that a killed build left beside ``out``."""
    if not out.parent.is_dir():
        return
    for p in out.parent.glob(f".{out.name}.staging-*"):
        shutil.rmtree(p, ignore_errors=True)
    for p in out.parent.glob(f".{out.name}.old-*"):
        shutil.rmtree(p, ignore_errors=True)


def replace(out: Path, staging: Path) -> None:
    """Put ``staging`` in the place of ``out`` and remove the old output."""
    if not out.exists():
        os.replace(staging, out)
        return
    if _exchange(staging, out):
        shutil.rmtree(staging, ignore_errors=True)
        return
    old = out.parent / f".{out.name}.old-{os.getpid()}"
    os.replace(out, old)
    os.replace(staging, out)
    shutil.rmtree(old, ignore_errors=True)
