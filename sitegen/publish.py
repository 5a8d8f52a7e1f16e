"""What ``sitegen build --previous DIR`` and ``--archive`` add to a build, before its swap.

Both run on the staging folder once every page is written and every link checked, with the
build's own model and renderer: the page "what changed in this edition" (:mod:`sitegen.edition`)
first, so that the zip (:mod:`sitegen.archive`) holds it; then the about page is rendered again
naming the zip, its size and SHA-256 (the copy inside the zip cannot name the zip's own
fingerprint, and says where to find it).
"""

from __future__ import annotations

from pathlib import Path


def add(site, renderer, staging, previous: Path | None, archive: bool) -> list[str]:
    """Write the report and the zip into ``staging`` (:class:`sitegen.write.output.Staging`);
    what was written, one line each."""
    said = []
    if previous is not None:
        from .edition import PAGE, report_page, what_changed
        changes = what_changed(previous, staging.path)
        staging.write(PAGE, report_page(changes, site, renderer))
        said.append(f"{PAGE}: {changes.count()} entries changed since {previous}")
    if archive:
        from .archive import NAME, write_archive
        made = write_archive(staging.path)
        staging.sizes[NAME] = made.size
        site.download = made
        about = site.registry["about"]
        staging.write(about.address.file, renderer.render(about))
        said.append(f"{made.name}: {made.size / 1e6:.1f} MB, sha256 {made.sha256}")
    return said
