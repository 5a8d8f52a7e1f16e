"""The build's record of itself: which inputs made each output file, and what it holds.

Stored inside the output folder (``.sitegen/manifest.json``), deterministic (no times), so two
clean builds stay byte-identical. An incremental build trusts an old file only when its page
fingerprint is unchanged, its size matches and it is not newer than the manifest (a file edited
or replaced by hand is rebuilt).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

FORMAT = 2
MANIFEST = ".sitegen/manifest.json"


class Entry(NamedTuple):
    """What the manifest records of one file (a named tuple: a build reads and writes some
    10,000 of them, and a named tuple is made in a third of a frozen dataclass's time)."""

    fingerprint: str   # of the inputs the file was made from
    sha1: str          # of its bytes
    size: int
    ids: tuple[str, ...] = ()   # the element ids of an HTML page (link targets)
    deps: tuple[str, ...] = ()  # the dependency keys the page read (sitegen.render.deps)


@dataclass(frozen=True)
class Manifest:
    inputs: str                 # fingerprint of all inputs
    files: dict[str, Entry]
    written: int = 0            # when the manifest was written (ns), as found on disk

    def dump(self) -> bytes:
        # Thousands of pages read the same keys: each set of keys is written once, and numbered.
        sets: dict[tuple[str, ...], int] = {}
        files = {k: [e.fingerprint, e.sha1, e.size, " ".join(e.ids),
                     sets.setdefault(e.deps, len(sets))]
                 for k, e in sorted(self.files.items())}
        data = {"format": FORMAT, "inputs": self.inputs,
                "deps": [" ".join(d) for d in sets], "files": files}
        return (json.dumps(data, separators=(",", ":")) + "\n").encode()


def load(out: Path) -> Manifest | None:
    """The manifest of the output folder ``out``; None if there is none, or none readable."""
    try:
        path = out / MANIFEST
        written = path.stat().st_mtime_ns
        data = json.loads(path.read_bytes())
        if data.get("format") != FORMAT:
            return None
        sets = [tuple(d.split()) for d in data["deps"]]
        return Manifest(data["inputs"], {k: Entry(fp, sha, size, tuple(ids.split()), sets[d])
                                         for k, (fp, sha, size, ids, d) in data["files"].items()},
                        written)
    except (OSError, ValueError, KeyError, TypeError, IndexError):
        return None


def scan_folder(folder: Path, manifest: Manifest) -> tuple[set[str], set[str]]:
    """(every file under ``folder``, those exactly as ``manifest`` recorded them: same size and
    not newer than the manifest — a file edited or replaced by hand is not intact)."""
    present: set[str] = set()
    intact: set[str] = set()
    stack = [("", str(folder))]
    while stack:
        prefix, d = stack.pop()
        try:
            entries = list(os.scandir(d))
        except OSError:
            continue
        for e in entries:
            rel = prefix + e.name
            if e.is_dir(follow_symlinks=False):
                if rel != ".sitegen":
                    stack.append((rel + "/", e.path))
                continue
            present.add(rel)
            entry = manifest.files.get(rel)
            if entry is not None:
                try:
                    st = e.stat(follow_symlinks=False)
                except OSError:
                    continue                   # gone meanwhile, or unreadable: not intact
                if st.st_size == entry.size and st.st_mtime_ns <= manifest.written:
                    intact.add(rel)
    return present, intact
