"""The pipeline: load and check content → model (engines, rules, registry) → render → write.

Nothing is written until everything has been read, computed, cross-checked and rendered, and
every internal link of the rendered site resolves; then the output folder is replaced in one
step.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from .content import load_content
from .model.site import Site, build_site
from .problems import BuildError, Problem
from .render.render import Renderer
from .write import atomic
from .write.links import PageLinks, check_links, scan


class Progress:
    """Phase and pages done on a terminal; silent when quiet or not a terminal."""

    def __init__(self, quiet: bool = False, stream=None):
        self.stream = stream or sys.stderr
        self.live = not quiet and self.stream.isatty()
        self.quiet = quiet
        self._last = 0.0

    def phase(self, name: str) -> None:
        if self.live:
            self.stream.write(f"\r\033[K{name}…")
            self.stream.flush()

    def count(self, name: str, done: int, total: int) -> None:
        now = time.monotonic()
        if self.live and (now - self._last > 0.1 or done == total):
            self._last = now
            self.stream.write(f"\r\033[K{name}: {done}/{total}")
            self.stream.flush()

    def done(self, message: str) -> None:
        if self.live:
            self.stream.write("\r\033[K")
        if not self.quiet:
            self.stream.write(message + "\n")
            self.stream.flush()


@dataclass(frozen=True)
class Result:
    pages: int
    files: int
    bytes: int
    seconds: float
    out: Path | None


def load_site(root: Path) -> Site:
    return build_site(load_content(root))


def render_site(site: Site, progress: Progress) -> dict[str, bytes]:
    """Every output file of the site, checked: raises BuildError on any template or link problem."""
    renderer = Renderer(site)
    problems: list[Problem] = renderer.check_templates()
    if problems:
        raise BuildError(problems)
    files: dict[str, bytes] = dict(renderer.assets())
    pages = list(site.registry)
    for i, page in enumerate(pages, 1):
        try:
            files[page.address.file] = renderer.render(page)
        except Exception as e:  # a template error becomes a problem; anything else propagates
            problems.append(renderer.render_problem(page, e))
        progress.count("rendering", i, len(pages))
    if problems:
        raise BuildError(problems)
    progress.phase("checking links")
    html = {f: scan(b) for f, b in files.items() if f.endswith(".html")}
    root_path = urlsplit(site.config.base_url).path or "/"
    problems = check_links(html, set(files), root_path)
    if problems:
        raise BuildError(problems)
    return files


def build(root: Path, out: Path | None, progress: Progress | None = None) -> Result:
    """Build the site from ``root`` into ``out`` (or only check it when ``out`` is None)."""
    progress = progress or Progress(quiet=True)
    start = time.perf_counter()
    progress.phase("reading content")
    site = load_site(root)
    files = render_site(site, progress)
    if out is not None:
        progress.phase("writing")
        write_all(out, files)
    return Result(pages=len(site.registry), files=len(files), bytes=sum(map(len, files.values())),
                  seconds=time.perf_counter() - start, out=out)


def write_all(out: Path, files: dict[str, bytes]) -> None:
    out = out.resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    atomic.clear_leftovers(out)
    staging = atomic.staging_dir(out)
    try:
        made: set[str] = set()
        for rel, data in sorted(files.items()):
            d = rel.rpartition("/")[0]
            if d and d not in made:
                (staging / d).mkdir(parents=True, exist_ok=True)
                made.add(d)
            elif not d and not staging.exists():
                staging.mkdir(parents=True)
            (staging / rel).write_bytes(data)
        atomic.replace(out, staging)
    except BaseException:
        import shutil
        shutil.rmtree(staging, ignore_errors=True)
        raise
