"""What ``sitegen build --previous DIR`` and ``--archive`` add to a finished build.

Both run after the site is written, on the built folder: the page "what changed in this edition"
(:mod:`sitegen.edition`) first, so that the zip (:mod:`sitegen.archive`) holds it; then the about
page of the published folder is written again naming the zip, its size and SHA-256 (the copy
inside the zip cannot name the zip's own fingerprint, and says where to find it).
"""

from __future__ import annotations

import os
from pathlib import Path


def replace_file(path: Path, data: bytes) -> None:
    """Put a new file at ``path`` (never writing into the old one, which may be a hard link)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".part")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def after_build(root: Path, out: Path, base_url: str | None, previous: Path | None,
                archive: bool) -> list[str]:
    """Write the report and the zip into the build ``out``; what was written, one line each."""
    if previous is None and not archive:
        return []
    from .build import load_site
    from .render.render import Renderer

    site = load_site(root, base_url)
    said = []
    if previous is not None:
        from .edition import report_page, what_changed
        changes = what_changed(previous, out)
        path = report_page(changes, site, out)
        said.append(f"{path.relative_to(out).as_posix()}: {changes.count()} entries changed since {previous}")
    if archive:
        from .archive import write_archive
        made = write_archive(out)
        site.download = made
        about = site.registry["about"]
        renderer = Renderer(site)
        renderer.check_templates()
        replace_file(out / about.address.file, renderer.render(about))
        said.append(f"{made.name}: {made.size / 1e6:.1f} MB, sha256 {made.sha256}")
    return said
