"""The output folder: which folders a build may write, one build at a time, one atomic swap.

Beside the output ``DIR`` a build keeps its own folder ``.DIR.sitegen/`` (never published):

- ``lock``: an ``flock`` held while a build writes. The kernel drops it when its process ends,
  however it ends, and a build starts no other process, so a killed build never blocks the next.
- ``record.json``: what the last build wrote — the fingerprint of its inputs and the size of
  every file. It marks ``DIR`` as the build's own (a build never replaces a folder it did not
  make) and lets a build whose inputs are unchanged do nothing.
- ``staging/``: the new output, written in full, its links checked, then swapped with ``DIR``
  in one step (Linux ``renameat2(RENAME_EXCHANGE)``; two renames elsewhere). A failed or killed
  build leaves the previous output as it was; the next build removes what it left.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import shutil
import sys
from pathlib import Path

import sitegen
from ..paths import ignored, outside_problem

FORMAT = 1
INPUTS = ("content", "templates")       # the project's input folders (the code is the package)
LIBRARIES = ("jinja2", "markupsafe", "markdown-it-py", "pyyaml")   # what renders the pages


def state_dir(out: Path) -> Path:
    return out.parent / f".{out.name}.sitegen"


def staging_dir(out: Path) -> Path:
    return state_dir(out) / "staging"


# ---------------------------------------------------------------------------------------------
# Which folder may be the output

def out_problem(root: Path, out: Path) -> str | None:
    """Why ``out`` (resolved) may not be the output of the project ``root``; None if it may."""
    root = root.resolve()
    if out == root or out in root.parents:
        return "it is the project folder or a folder above it; the build replaces its output whole"
    for name in INPUTS:
        folder = root / name
        if out == folder or folder in out.parents:
            return f"it is inside the project's {name}/ folder, which the build reads"
    code = Path(sitegen.__file__).resolve().parent
    if out == code or code in out.parents or out in code.parents:
        return "it holds the generator's own code"
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        return "it is a file or a link, not a folder"
    if out.is_dir() and not _made_here(out) and _holds_files(out):
        return ("it is a folder with files that no build made; the build replaces its output "
                "whole and would delete them")
    state = state_dir(out)
    if state.exists() and (state.is_symlink() or not state.is_dir() or state.stat().st_uid != os.geteuid()):
        return f"{state} (the build's own folder beside the output) is not a folder of this user"
    return None


def _holds_files(folder: Path) -> bool:
    with os.scandir(folder) as entries:
        return any(True for _ in entries)


def _made_here(out: Path) -> bool:
    """Whether ``out`` is a build's output: recorded beside it, or (a build before this layout)
    marked inside it."""
    return read_record(out) is not None or (out / ".sitegen" / "manifest.json").is_file()


# ---------------------------------------------------------------------------------------------
# What the output was built from

def fingerprint(root: Path, base_url: str | None = None) -> str:
    """The hash of everything a build reads: every file of ``content/`` and ``templates/`` (as
    the loaders see them: dot files and backups skipped, a link out of the project by where it
    points), the generator's code, the Python and the libraries running it, and the ``base_url``
    given for the build. Equal fingerprints build the same bytes."""
    from importlib.metadata import version

    libraries = " ".join(version(name) for name in LIBRARIES)
    h = hashlib.sha256(f"{FORMAT}\0{sys.version}\0{libraries}\0{base_url or ''}\0".encode())
    code = Path(sitegen.__file__).resolve().parent
    for label, base in (("content", root / "content"), ("templates", root / "templates"),
                        ("sitegen", code)):
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not ignored(d))
            for name in sorted(filenames):
                if ignored(name) or name.endswith(".pyc"):
                    continue
                p = Path(dirpath) / name
                rel = f"{label}/{p.relative_to(base).as_posix()}"
                if label != "sitegen" and p.is_symlink() and outside_problem(p, root):
                    data = b"\0link " + os.fsencode(os.readlink(p))
                else:
                    try:
                        data = p.read_bytes()
                    except OSError:
                        data = b"\0unreadable"
                h.update(rel.encode() + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()


def read_record(out: Path) -> dict | None:
    try:
        data = json.loads((state_dir(out) / "record.json").read_bytes())
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("format") != FORMAT or not isinstance(data.get("files"), dict):
        return None
    return data


def up_to_date(out: Path, inputs: str) -> bool:
    """Whether ``out`` holds exactly what a build of ``inputs`` wrote: the same fingerprint, the
    same files with the same sizes, none changed since (a file edited by hand is built again)."""
    record = read_record(out)
    if record is None or record.get("inputs") != inputs:
        return False
    try:
        written = (state_dir(out) / "record.json").stat().st_mtime_ns
    except OSError:
        return False
    found: dict[str, int] = {}
    stack = [("", str(out))]
    while stack:
        prefix, folder = stack.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            return False
        for e in entries:
            if e.is_dir(follow_symlinks=False):
                stack.append((f"{prefix}{e.name}/", e.path))
                continue
            st = e.stat(follow_symlinks=False)
            if st.st_mtime_ns > written:
                return False
            found[prefix + e.name] = st.st_size
    return found == record["files"]


# ---------------------------------------------------------------------------------------------
# One build at a time

class OutputLock:
    """The right to write the output ``out``: one build at a time. A second build waits for the
    first, saying so once on stderr."""

    def __init__(self, out: Path, stream=None):
        self.out = out
        self._fd: int | None = None
        self._stream = stream if stream is not None else sys.stderr

    def acquire(self, wait: bool = True) -> bool:
        """Take the lock (waiting for it, or with ``wait=False`` only if it is free)."""
        state = state_dir(self.out)
        state.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(state / "lock", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                if not wait:
                    os.close(fd)
                    return False
                holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "?"
                self._stream.write(f"sitegen: another build (process {holder}) is writing "
                                   f"{self.out}; waiting for it to finish…\n")
                self._stream.flush()
                fcntl.flock(fd, fcntl.LOCK_EX)
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)      # only to say who holds it
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        return True

    def release(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)                                   # closing the file drops the lock

    def __enter__(self) -> "OutputLock":
        self.acquire()
        return self

    def __exit__(self, *exc) -> None:
        self.release()


def remove_leftovers(out: Path) -> None:
    """Remove what a killed build left beside ``out`` (under the lock: no live build owns it)."""
    for name in ("staging", "previous"):
        shutil.rmtree(state_dir(out) / name, ignore_errors=True)


def remove_leftovers_if_idle(out: Path) -> None:
    """What a killed build left beside ``out`` removed, if no build is writing it now (for a check,
    which otherwise leaves the output alone)."""
    if not state_dir(out).is_dir():
        return
    lock = OutputLock(out)
    if lock.acquire(wait=False):
        try:
            remove_leftovers(out)
        finally:
            lock.release()


# ---------------------------------------------------------------------------------------------
# Writing and swapping

_NEW_FILE = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | getattr(os, "O_CLOEXEC", 0)


class Staging:
    """The folder a build writes the new output into, and its swap into place."""

    def __init__(self, out: Path):
        self.out = out
        self.path = staging_dir(out)
        self.sizes: dict[str, int] = {}
        self.swapped = False          # the new output is in place (the previous one is gone)
        self.path.mkdir()

    def write(self, rel: str, data: bytes) -> None:
        # (the file's descriptor itself: a build writes ten thousand files, each whole at once,
        # and Python's buffered file objects cost more than the writing)
        path = f"{self.path}/{rel}"
        try:
            fd = os.open(path, _NEW_FILE, 0o666)
        except FileNotFoundError:                      # the first file of its folder
            os.makedirs(os.path.dirname(path), exist_ok=True)
            fd = os.open(path, _NEW_FILE, 0o666)
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
        self.sizes[rel] = len(data)

    def commit(self, inputs: str) -> None:
        """Put the staged output in place of the previous one, in one step, and record it."""
        state = state_dir(self.out)
        # Until the swap is done the output is the build's own, but no longer known to be up to date.
        _write_record(state, None, {})
        if not self.out.exists():
            os.replace(self.path, self.out)
        elif not _exchange(self.path, self.out):
            previous = state / "previous"
            os.replace(self.out, previous)
            os.replace(self.path, self.out)
            os.replace(previous, self.path)
        self.swapped = True
        shutil.rmtree(self.path, ignore_errors=True)       # the previous output, if there was one
        _write_record(state, inputs, self.sizes)

    def abort(self) -> None:
        shutil.rmtree(self.path, ignore_errors=True)


def _write_record(state: Path, inputs: str | None, files: dict[str, int]) -> None:
    tmp = state / "record.json.tmp"
    tmp.write_text(json.dumps({"format": FORMAT, "inputs": inputs, "files": files},
                              sort_keys=True, separators=(",", ":")), encoding="utf-8")
    os.replace(tmp, state / "record.json")


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step (Linux renameat2); False if the system can't."""
    import ctypes
    try:
        fn = ctypes.CDLL(None, use_errno=True).renameat2
    except (OSError, AttributeError):
        return False
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    at_fdcwd, rename_exchange = -100, 2
    return fn(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0
