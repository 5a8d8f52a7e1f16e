"""Results kept between builds: what a build computed from some inputs, pickled in the output's
cache folder (beside the compiled templates) under the hash of those inputs and of the generator
itself. A later build with the same inputs reads the result instead of computing it again; a
changed input (or generator, or Python) names another file, so a stale result is never read.

Kept: the parsed YAML content files (by their text) and the two corpora (by the engine options).
A file that cannot be read or unpickled is computed again; one that cannot be written is simply
not kept. The files a build did not use are removed once it has loaded everything.

Without a folder (a check of a project that has no output, a load of the content alone), the
parsed YAML files are kept in this process's memory instead, pickled too: a process that loads
the content again (a test run does, about a hundred times) parses only the files whose text it
has not seen, and each load still gets objects of its own. (Parsing costs forty times what
unpickling does; the corpora are not kept so: the engine remembers its lessons itself.)
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Callable, Iterator, TypeVar

T = TypeVar("T")
SUFFIX = ".pickle"
IN_MEMORY = frozenset({"yaml"})     # the kinds kept in memory when there is no folder
MEMORY_LIMIT = 512                  # results; the one longest unused is forgotten first
_memory: dict[str, bytes] = {}


class Kept:
    """The results kept in ``folder`` (``None``: nothing is kept, everything computed);
    ``read_only``: what is there is read, nothing is written or removed (``sitegen check``)."""

    def __init__(self, folder: Path | None, code: str, read_only: bool = False):
        self.folder = folder
        self.read_only = read_only
        self.stamp = f"{code}\0{sys.version}\0{pickle.HIGHEST_PROTOCOL}".encode()
        self.used: set[str] = set()

    def get(self, kind: str, key: str, make: Callable[[], tuple[T, bool]]) -> T:
        """The result for ``key``: read if kept, else ``make()``, which returns the result and
        whether it may be kept (not when its inputs had problems)."""
        if self.folder is None:
            return self._in_memory(kind, key, make) if kind in IN_MEMORY else make()[0]
        path = self._path(kind, key)
        try:
            with open(path, "rb") as fh:
                return pickle.load(fh)
        except Exception:         # absent, unreadable, truncated, or from a changed class
            pass
        value, keep = make()
        if keep:
            self._write(path, value)
        return value

    def _in_memory(self, kind: str, key: str, make: Callable[[], tuple[T, bool]]) -> T:
        name = self._name(kind, key)
        data = _memory.pop(name, None)
        if data is not None:
            _memory[name] = data                   # now the one last used
            return pickle.loads(data)
        value, keep = make()
        if keep:
            try:
                data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
            except pickle.PicklingError:
                return value
            if len(_memory) >= MEMORY_LIMIT:
                del _memory[next(iter(_memory))]
            _memory[name] = data
        return value

    def put(self, kind: str, key: str, value: object) -> None:
        """Keep ``value`` for ``key`` instead of what is kept (a result that grew since)."""
        if self.folder is not None:
            self._write(self._path(kind, key), value)

    def _name(self, kind: str, key: str) -> str:
        digest = hashlib.sha1(self.stamp + b"\0" + key.encode()).hexdigest()
        return f"{kind}-{digest}{SUFFIX}"

    def _path(self, kind: str, key: str) -> Path:
        assert self.folder is not None
        name = self._name(kind, key)
        self.used.add(name)
        return self.folder / name

    def _write(self, path: Path, value: object) -> None:
        if self.read_only:
            return
        tmp = path.with_name(f".{path.name}.{os.getpid()}")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp.write_bytes(pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))
            os.replace(tmp, path)
        except (OSError, pickle.PicklingError):
            tmp.unlink(missing_ok=True)

    def prune(self) -> None:
        """Remove the kept files that this build did not use (after a build that loaded all)."""
        if self.folder is None or self.read_only:
            return
        try:
            for p in self.folder.iterdir():
                if p.name.endswith(SUFFIX) and p.name not in self.used:
                    p.unlink(missing_ok=True)
        except OSError:
            pass


_NOTHING = Kept(None, "")
_current: list[Kept] = [_NOTHING]


def current() -> Kept:
    """The results of the build running in this process (nothing kept outside a build)."""
    return _current[-1]


@contextmanager
def keeping(kept: Kept) -> Iterator[Kept]:
    _current.append(kept)
    try:
        yield kept
    finally:
        _current.pop()
