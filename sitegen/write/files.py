"""Writing the output files on a few threads, while the pages are still being rendered.

Creating a file costs the system far more than its bytes do (a file creation can take most of a
millisecond of kernel time on a busy virtual disk), and a thread in the kernel holds no lock on
the interpreter, so the files are handed, a batch at a time, to a small pool of threads:
rendering goes on meanwhile. Files are always created anew, never written in place (the folder
being written was cleared of them, see :mod:`sitegen.write.atomic`): an old inode may be shared,
hard-linked, with the live output.
"""

from __future__ import annotations

import os
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

from ..problems import BuildError, Problem

THREADS = 2
PENDING_BYTES = 64 << 20     # wait for writes to finish beyond this much data in flight


class Writer:
    """Writes files under ``folder`` in the background; :meth:`close` waits for all of them.
    A file that can't be written (a full disk, a folder without permission) stops the build with
    a :class:`BuildError` naming it."""

    def __init__(self, folder: Path, threads: int = THREADS):
        self.folder = str(folder)
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="sitegen-write")
        self._pending: deque[tuple[Future, int]] = deque()
        self._bytes = 0

    def write(self, files: list[tuple[str, bytes]]) -> None:
        """Write each ``(path relative to the folder, bytes)``, soon."""
        if not files:
            return
        size = sum(len(data) for _, data in files)
        self._pending.append((self._pool.submit(write_files, self.folder, files), size))
        self._bytes += size
        while self._bytes > PENDING_BYTES:
            self._settle_oldest()

    def _settle_oldest(self) -> None:
        future, size = self._pending.popleft()
        self._bytes -= size
        try:
            future.result()
        except OSError as e:
            raise BuildError([Problem(e.filename or self.folder, None,
                                      f"could not write the output: {e.strerror or e}",
                                      "check the free space and the permissions of the output's "
                                      "folder; the previous output is untouched")]) from e

    def close(self) -> None:
        try:
            while self._pending:
                self._settle_oldest()
        finally:
            self._pool.shutdown(wait=True, cancel_futures=True)


def write_files(folder: str, files: list[tuple[str, bytes]]) -> None:
    """Create each ``(rel, data)`` under ``folder`` (an error if it exists), making folders as
    needed."""
    for rel, data in files:
        path = os.path.join(folder, rel)
        try:
            fh = open(path, "xb")
        except FileNotFoundError:            # the first file of its folder
            os.makedirs(os.path.dirname(path), exist_ok=True)
            fh = open(path, "xb")
        with fh:
            fh.write(data)
