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

FORMAT = 1
MANIFEST = ".sitegen/manifest.json"


@dataclass(frozen=True)
class Entry:
    fingerprint: str   # of the inputs the file was made from
    sha1: str          # of its bytes
    size: int
    ids: tuple[str, ...] = ()   # the element ids of an HTML page (link targets)


@dataclass(frozen=True)
class Manifest:
    inputs: str                 # fingerprint of all inputs
    files: dict[str, Entry]

    def dump(self) -> bytes:
        data = {"format": FORMAT, "inputs": self.inputs,
                "files": {k: [e.fingerprint, e.sha1, e.size, " ".join(e.ids)]
                          for k, e in sorted(self.files.items())}}
        return (json.dumps(data, separators=(",", ":")) + "\n").encode()


def load(out: Path) -> Manifest | None:
    try:
        data = json.loads((out / MANIFEST).read_bytes())
        if data.get("format") != FORMAT:
            return None
        return Manifest(data["inputs"], {k: Entry(fp, sha, size, tuple(ids.split()))
                                         for k, (fp, sha, size, ids) in data["files"].items()})
    except (OSError, ValueError, KeyError, TypeError):
        return None


def intact_files(out: Path, manifest: Manifest) -> set[str]:
    """Files of the old output that are exactly as the manifest recorded them (by size and age)."""
    try:
        written = (out / MANIFEST).stat().st_mtime_ns
    except OSError:
        return set()
    ok = set()
    stack = [("", str(out))]
    while stack:
        prefix, folder = stack.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for e in entries:
            rel = prefix + e.name
            if e.is_dir(follow_symlinks=False):
                if rel != ".sitegen":
                    stack.append((rel + "/", e.path))
                continue
            entry = manifest.files.get(rel)
            if entry is None:
                continue
            st = e.stat(follow_symlinks=False)
            if st.st_size == entry.size and st.st_mtime_ns <= written:
                ok.add(rel)
    return ok
