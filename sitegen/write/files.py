"""Writing the output files, on a few threads, while the pages are still being rendered.

Creating a file costs the disk far more than its bytes do (on this kind of machine a file
creation can wait for the disk for most of a millisecond), and a waiting thread holds no lock
on the interpreter, so the files are handed to a small pool of threads: rendering goes on while
they wait, and their waits overlap. Files are always written as new files, never in place: the
old inode may be shared (hard-linked) with the live output.
"""

from __future__ import annotations

import os
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path

THREADS = 4
PENDING_BYTES = 64 << 20     # wait for writes to finish beyond this much data in flight


class Writer:
    """Writes files under ``folder`` in the background; :meth:`close` waits for all of them
    and raises the first error."""

    def __init__(self, folder: Path, threads: int = THREADS):
        self.folder = str(folder)
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="sitegen-write")
        self._pending: deque[tuple[Future, int]] = deque()
        self._bytes = 0

    def write(self, rel: str, data: bytes) -> None:
        """Write ``data`` to ``rel`` (a path relative to the folder), soon."""
        self._pending.append((self._pool.submit(write_file, self.folder, rel, data), len(data)))
        self._bytes += len(data)
        while self._bytes > PENDING_BYTES:
            self._settle_oldest()

    def _settle_oldest(self) -> None:
        future, size = self._pending.popleft()
        self._bytes -= size
        future.result()

    def close(self) -> None:
        try:
            while self._pending:
                self._settle_oldest()
        finally:
            self._pool.shutdown(wait=True, cancel_futures=True)


def write_file(folder: str, rel: str, data: bytes) -> None:
    """Write ``rel`` under ``folder`` as a new file, making its folder if need be."""
    path = os.path.join(folder, rel)
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass
    try:
        fh = open(path, "xb")
    except FileNotFoundError:            # the first file of its folder
        os.makedirs(os.path.dirname(path), exist_ok=True)
        fh = open(path, "xb")
    with fh:
        fh.write(data)
