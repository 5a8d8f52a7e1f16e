"""The download: ``sitegen build --archive`` also writes one zip of the whole site.

:func:`write_archive` zips every file of the built folder except the build's own records
(``.sitegen/``) and the archive itself, in a fixed order with fixed times, so that the same site
makes the same zip; it returns the zip's name, size and SHA-256 for the about page. The zip is
written beside the site's files, under :data:`NAME`.
"""

from __future__ import annotations

import hashlib
import os
import zipfile
from dataclasses import dataclass
from pathlib import Path

NAME = "sitegen-site.zip"
_EPOCH = (2026, 1, 1, 0, 0, 0)
_SKIP = (".sitegen",)


@dataclass(frozen=True)
class Archive:
    name: str            # its address, relative to the site's root
    size: int            # bytes
    sha256: str


def site_files(out: Path) -> list[str]:
    """The site's files under ``out`` (relative, '/'-separated, sorted): nothing of the build's."""
    files = []
    for folder, dirs, names in os.walk(out):
        rel = Path(folder).relative_to(out).as_posix()
        if rel == ".":
            dirs[:] = [d for d in dirs if d not in _SKIP and not d.startswith(".")]
            rel = ""
        files += [f"{rel}/{n}" if rel else n for n in names if not n.startswith((".", NAME))]
    return sorted(files)


def write_archive(out: Path) -> Archive:
    """Zip the site in ``out`` into ``out/NAME``; its size and SHA-256."""
    target = out / NAME
    tmp = out / (NAME + ".part")
    files = site_files(out)
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED, compresslevel=6) as z:
        for rel in files:
            info = zipfile.ZipInfo(rel, _EPOCH)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, (out / rel).read_bytes())
    os.replace(tmp, target)
    h = hashlib.sha256()
    with open(target, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return Archive(NAME, target.stat().st_size, h.hexdigest())
