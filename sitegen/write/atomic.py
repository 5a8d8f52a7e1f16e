"""Atomic replacement of the output folder, with a spare folder for cheap incremental builds.

A build never writes into the output folder. It writes into another complete folder beside it
and only then swaps the two in one step (Linux ``renameat2`` with ``RENAME_EXCHANGE``; two
renames elsewhere). A failed or killed build therefore leaves the previous output exactly as it
was.

The folder written into is, when possible, the *spare*: the output of the build before, kept
beside the output after each swap (``.<name>.sitegen-spare``) together with its manifest. An
incremental build brings the spare up to date — rewriting the pages whose inputs changed,
hard-linking from the current output the few files the spare lacks, deleting stale files — and
then swaps it in, so its cost grows with what changed, not with the size of the site. Before
touching the spare, its manifest is removed: a spare interrupted half-way is never trusted
again, only rebuilt. Files are never modified in place (new content always gets a new inode),
so the hard links shared by the two folders can never change the live output.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

from . import manifest as mf

_AT_FDCWD = -100
_RENAME_EXCHANGE = 2


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths in one step (Linux renameat2); False if the system can't."""
    import ctypes                  # here: a build with nothing to do never loads it
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        fn = libc.renameat2
    except (OSError, AttributeError):
        return False
    fn.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    return fn(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0


def spare_dir(out: Path) -> Path:
    return out.parent / f".{out.name}.sitegen-spare"


def cache_dir(out: Path) -> Path:
    """Where compiled templates are kept between builds (never part of the output)."""
    return out.parent / f".{out.name}.sitegen-cache"


def staging_dir(out: Path) -> Path:
    return out.parent / f".{out.name}.staging-{os.getpid()}"


def lock_path(out: Path) -> Path:
    return out.parent / f".{out.name}.sitegen-lock"


class OutputLock:
    """The right to write the output ``out``, its spare and its staging folders: one build (or
    ``serve``'s build) at a time. A second build waits for the first to finish, saying so once on
    stderr, then goes on with what the first left. The lock is an ``flock`` on a file beside the
    output, so a killed build never leaves it held."""

    def __init__(self, out: Path, stream=None, shared: bool = False):
        self.out = out
        self._fd: int | None = None
        self._stream = stream if stream is not None else sys.stderr
        # Shared: to read the output (``sitegen check``) while no build writes it. Such a lock
        # creates nothing: with no lock file, no build has written the output yet.
        self.shared = shared

    def acquire(self) -> "OutputLock":
        if self._fd is not None:
            return self
        try:
            if self.shared:
                fd = os.open(lock_path(self.out), os.O_RDONLY)
            else:
                self.out.parent.mkdir(parents=True, exist_ok=True)
                fd = os.open(lock_path(self.out), os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            # Nothing can be written beside the output (no space, no permission): neither can
            # the build, which then stops with that problem before it writes anything. (Shared:
            # no build has written the output, and a check finds nothing there to read.)
            return self
        mode = fcntl.LOCK_SH if self.shared else fcntl.LOCK_EX
        try:
            try:
                fcntl.flock(fd, mode | fcntl.LOCK_NB)
            except BlockingIOError:
                holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "?"
                self._stream.write(f"sitegen: another build (process {holder}) is writing "
                                   f"{self.out}; waiting for it to finish…\n")
                self._stream.flush()
                fcntl.flock(fd, mode)
            if not self.shared:
                try:
                    os.ftruncate(fd, 0)
                    os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)    # only to say who holds it
                except OSError:
                    pass
        except BaseException:
            os.close(fd)
            raise
        self._fd = fd
        return self

    def release(self) -> None:
        if self._fd is not None:
            fd, self._fd = self._fd, None
            os.close(fd)                                   # closing the file drops the lock

    @property
    def held(self) -> bool:
        return self._fd is not None

    def __enter__(self) -> "OutputLock":
        return self.acquire()

    def __exit__(self, *exc) -> None:
        self.release()


def clear_leftovers(out: Path) -> None:
    """Remove staging or old folders that a killed build left beside ``out`` (called only under
    the output's lock, so no live build owns them)."""
    if not out.parent.is_dir():
        return
    for pattern in (f".{out.name}.staging-*", f".{out.name}.old-*"):
        for p in out.parent.glob(pattern):
            shutil.rmtree(p, ignore_errors=True)


class Target:
    """The folder a build writes into, and its swap into place."""

    def __init__(self, out: Path):
        self.out = out
        self.spare = spare_dir(out)
        self.path: Path | None = None
        self.is_spare = False

    def prepare(self, current: mf.Manifest | None, reuse: set[str], plan: set[str],
                spare: Spare | None) -> Path:
        """Make the folder to write into. Files in ``reuse`` are carried over unchanged from the
        current output (whose manifest is ``current``); files of ``plan`` not in ``reuse`` will
        be written; anything else there is removed. ``spare`` is the state of the spare folder
        (:func:`survey_spare`), if an incremental build may use it."""
        self.out.parent.mkdir(parents=True, exist_ok=True)
        clear_leftovers(self.out)
        if spare is not None and current is not None:
            self.path, self.is_spare = self.spare, True
            (self.spare / mf.MANIFEST).unlink()          # from here on the spare is in flux
            _update(self.spare, spare, self.out, current, reuse, plan)
        else:
            self.path = staging_dir(self.out)
            self.path.mkdir()
            _link(self.out, self.path, reuse)
        return self.path

    def commit(self, manifest_bytes: bytes) -> None:
        path = self.path
        assert path is not None
        target = path / mf.MANIFEST
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(manifest_bytes)             # written last: its age vouches for the rest
        if not self.out.exists():
            os.replace(path, self.out)
        elif _exchange(path, self.out):
            pass                                       # path now holds the previous output
        else:
            old = self.out.parent / f".{self.out.name}.old-{os.getpid()}"
            os.replace(self.out, old)
            os.replace(path, self.out)
            os.replace(old, path)
        if not self.is_spare and path.exists():
            # The previous output becomes the spare for the next incremental build.
            if self.spare.exists():
                shutil.rmtree(self.spare, ignore_errors=True)
            os.replace(path, self.spare)

    def abort(self) -> None:
        if self.path is not None and not self.is_spare:
            shutil.rmtree(self.path, ignore_errors=True)


@dataclass(frozen=True)
class Spare:
    """What the spare folder holds, as far as an incremental build needs to know."""
    present: frozenset[str]   # every file in it
    same: frozenset[str]      # those intact and with the same bytes as in the current output


def survey_spare(out: Path, current: mf.Manifest) -> Spare | None:
    """The state of the spare folder kept beside ``out``, compared with the current output's
    manifest (None if there is no spare to trust)."""
    spare = spare_dir(out)
    manifest = mf.load(spare)
    if manifest is None:
        return None
    present, intact = mf.scan_folder(spare, manifest)
    files, old = current.files, manifest.files
    return Spare(frozenset(present),
                 frozenset(f for f in intact if f in files and files[f].sha1 == old[f].sha1))


def _update(spare: Path, state: Spare, out: Path, current: mf.Manifest,
            reuse: set[str], plan: set[str]) -> None:
    present = state.present
    for f in sorted(present - plan):
        os.unlink(spare / f)                           # stale: no longer part of the site
    _remove_empty_dirs(spare, present - plan)
    _link(out, spare, reuse - state.same)              # the rest are already the same bytes
    for f in plan - reuse:
        if f in present:
            os.unlink(spare / f)                       # will be written anew, as a new inode


def _remove_empty_dirs(folder: Path, removed: set[str]) -> None:
    dirs = sorted({str(Path(f).parent) for f in removed if "/" in f}, key=len, reverse=True)
    for d in dirs:
        p = folder / d
        while p != folder:
            try:
                p.rmdir()
            except OSError:
                break
            p = p.parent


def _link(src: Path, dst: Path, files: set[str]) -> None:
    """Make each of ``files`` under ``dst`` the same file as under ``src`` (a hard link; a copy
    where links are impossible), replacing what is there.

    Some 10,000 files when a build has no spare folder to update, in some 5,000 folders: on plain
    strings, each folder is made once and each file costs one system call; a file already there
    is found by the link failing (:func:`_link_again`), not looked for beforehand."""
    src_s, dst_s = os.fspath(src), os.fspath(dst)
    made = {""}
    for f in sorted(files):
        folder = f.rpartition("/")[0]
        if folder not in made:
            _make_folder(f"{dst_s}/{folder}")
            made.add(folder)
        s, d = f"{src_s}/{f}", f"{dst_s}/{f}"
        try:
            os.link(s, d)
        except OSError as e:
            _link_again(s, d, e)


def _make_folder(path: str) -> None:
    """Make the folder ``path`` if it is not there (one system call when its parent is)."""
    try:
        os.mkdir(path)
    except FileExistsError:
        pass
    except FileNotFoundError:                          # its parent too
        os.makedirs(path, exist_ok=True)


def _link_again(src: str, dst: str, error: OSError) -> None:
    """Link ``src`` to ``dst`` after a first try failed with ``error``: the file there is removed
    first (never written into: its inode may be shared with the live output); where links are
    impossible, ``src`` is copied."""
    try:
        os.unlink(dst)
    except FileNotFoundError:
        pass
    if isinstance(error, FileExistsError):
        try:
            os.link(src, dst)
            return
        except OSError:
            pass
    shutil.copy2(src, dst)
