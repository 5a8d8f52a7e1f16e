"""Parsed YAML kept between runs, as JSON, in the user's own cache folder.

Reading the content's YAML is most of what loading it costs; the same files are read again on
every build and by every fixture site of the tests. A file's parse (its values and the line of
every key) is kept under ``$XDG_CACHE_HOME/sitegen/yaml`` (``~/.cache/sitegen/yaml``), one entry
per content path, and used again only for the very same text parsed by the very same parser:
each entry holds the SHA-256 of the text, the first line and the parser (the source of
:mod:`sitegen.content.source`, PyYAML's version and Python's). The folder must belong to the
user and be closed to everyone else (mode 0700); otherwise nothing is read from it or written to
it. Entries are data (JSON), never code, and only of parses that found no problem and made
nothing but JSON's own values (no dates). Deleting the folder is always safe.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)


def folder() -> Path | None:
    """The cache's folder, made if need be, or None where it is not the user's alone: the folder
    closed to others (0700), the folders above it the user's and writable by no one else."""
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    path = Path(home, "sitegen", "yaml")
    try:
        for p in (path.parent.parent, path.parent, path):
            p.mkdir(mode=0o700, exist_ok=True)
            st = os.lstat(p)
            if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid() or \
                    st.st_mode & (0o077 if p is path else 0o022):
                return None
    except OSError:
        return None
    return path


@lru_cache(maxsize=1)
def _parser() -> bytes:
    source = Path(__file__).with_name("source.py").read_bytes()
    return hashlib.sha256(source + f"\0{yaml.__version__}\0{sys.version}".encode()).digest()


def _key(text: str, first_line: int) -> str:
    return hashlib.sha256(_parser() + f"{first_line}:".encode() + text.encode("utf-8", "surrogatepass")).hexdigest()


def _entry(where: Path, rel: str) -> Path:
    return where / (hashlib.sha256(rel.encode("utf-8", "surrogatepass")).hexdigest()[:32] + ".json")


def load(rel: str, text: str, first_line: int) -> tuple[Any, dict[tuple, int]] | None:
    """The values and lines of ``text`` (of the file ``rel``) as an earlier parse found them, or
    None if no entry holds this very text."""
    where = folder()
    if where is None:
        return None
    try:
        with open(_entry(where, rel), encoding="utf-8") as fh:
            got = json.load(fh)
        if got["key"] != _key(text, first_line):
            return None
        return got["data"], {tuple(path): line for path, line in got["lines"]}
    except (OSError, ValueError, KeyError, TypeError):
        return None


def store(rel: str, text: str, first_line: int, data: Any, lines: dict[tuple, int]) -> None:
    """Keep the parse of ``text`` for the next run, if its values are JSON's own (nothing is
    kept otherwise, and nothing said: the cache only saves time)."""
    where = folder()
    if where is None or not _plain(data):
        return
    body = json.dumps({"key": _key(text, first_line), "data": data,
                       "lines": [[list(path), line] for path, line in lines.items()]},
                      ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass")
    path = _entry(where, rel)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        fd = os.open(tmp, _NEW_FILE, 0o600)
        try:
            os.write(fd, body)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def _plain(x: Any) -> bool:
    """``x`` is made of what JSON gives back as it was: text keys, no dates."""
    todo = [x]
    while todo:
        v = todo.pop()
        if isinstance(v, dict):
            if not all(type(k) is str for k in v):
                return False
            todo.extend(v.values())
        elif isinstance(v, list):
            todo.extend(v)
        elif not (v is None or type(v) in (str, int, float, bool)):
            return False
    return True
