"""The pipeline: load and check content → model (engines, rules, registry) → render → write.

Nothing is written until everything has been read, computed and cross-checked. Every page is
then rendered, in this process, into a staging folder beside the output; every internal link of
the result is checked; only then does that folder replace the output in one step
(:mod:`sitegen.write.output`). Every build renders every page: a page is a function of the
model and the templates, nothing else. A build whose inputs are those of the output it would
replace (the same fingerprint) does nothing.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from .content import load_content, read_content
from .content.redirects import FILE as REDIRECTS_FILE, check_redirects
from .content.source import project_tree_problems
from .model.site import Site, build_site
from .problems import BuildError, Problem, Problems
from .render.env import make_env
from .render.render import TEMPLATES, Renderer, template_problems
from .write import output
from .write.links import PageLinks, check_links, scan


class Progress:
    """Phase and pages done on a terminal; silent when quiet or not a terminal."""

    def __init__(self, quiet: bool = False, stream=None, timings: bool = False):
        self.stream = stream or sys.stderr
        self.live = not quiet and self.stream.isatty()
        self.quiet = quiet
        self.timings = timings
        self._last = 0.0
        self._phase: tuple[str, float] | None = None

    def phase(self, name: str) -> None:
        now = time.perf_counter()
        if self.timings and self._phase:
            self.stream.write(f"  {self._phase[0]}: {now - self._phase[1]:.2f} s\n")
        self._phase = (name, now)
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
        self.phase("")
        if self.live:
            self.stream.write("\r\033[K")
        if not self.quiet:
            self.stream.write(message + "\n")
            self.stream.flush()


@dataclass(frozen=True)
class Result:
    pages: int          # pages in the site
    files: int          # files in the output (for a check: that it would hold)
    bytes: int
    seconds: float
    out: Path | None
    unchanged: bool = False   # nothing to do: the output was already built from these inputs
    said: tuple[str, ...] = ()   # what --previous and --archive wrote


def load_site(root: Path, base_url: str | None = None) -> Site:
    return build_site(load_content(root, base_url))


def build(root: Path, out: Path | None, progress: Progress | None = None, *,
          base_url: str | None = None, clean: bool = False, previous: Path | None = None,
          archive: bool = False) -> Result:
    """Build the site from ``root`` into ``out``; with ``out=None`` check everything (every page
    rendered, every link checked) and write nothing. Unless ``clean``, a build whose inputs are
    those the output was built from does nothing. ``base_url`` (checked already with
    :func:`sitegen.content.config.base_url_problem`) replaces the one in ``content/site.yaml``.
    ``previous`` (an earlier build, checked with :func:`sitegen.edition.previous_problem`) and
    ``archive`` add the report of what changed and the site's zip (:mod:`sitegen.publish`); such
    a build always renders, and the next plain build renders again."""
    progress = progress or Progress(quiet=True)
    start = time.perf_counter()
    if out is None:
        return _build(root, None, progress, base_url, start)
    out = out.absolute()
    why = output.out_problem(root, out)
    if why:
        raise BuildError([Problem(str(out), None, f"will not build into {out}: {why}",
                                  "choose an empty or new folder, or the folder a build made, "
                                  "with --out")])
    lock = output.OutputLock(out)
    try:
        lock.acquire()
    except OSError as e:
        raise _write_error(e, out, "nothing was written") from e
    try:
        output.remove_leftovers(out)
        inputs = output.fingerprint(root, base_url)
        extras = previous is not None or archive
        if extras:
            inputs += " with the report or the zip"      # never up to date for a plain build
        if not clean and not extras and output.up_to_date(out, inputs):
            record = output.read_record(out) or {"files": {}}
            return Result(0, len(record["files"]), sum(record["files"].values()),
                          time.perf_counter() - start, out, unchanged=True)
        return _build(root, out, progress, base_url, start, inputs, previous, archive)
    finally:
        lock.release()


def _build(root: Path, out: Path | None, progress: Progress, base_url: str | None, start: float,
           inputs: str = "", previous: Path | None = None, archive: bool = False) -> Result:
    progress.phase("reading content")
    site, renderer, assets = check_all(root, base_url)
    pages = {p.address.file: p for p in site.registry}
    files = frozenset(pages) | frozenset(assets)
    root_path = urlsplit(site.config.base_url).path or "/"
    staging = None
    try:
        if out is not None:
            progress.phase("writing")
            staging = output.Staging(out)
            for f, data in assets.items():
                staging.write(f, data)
        progress.phase("rendering")
        links: dict[str, PageLinks] = {}
        problems: list[Problem] = []
        size = sum(len(data) for data in assets.values())
        for n, (f, page) in enumerate(sorted(pages.items()), 1):
            try:
                data = renderer.render(page)
            except Exception as e:
                problems.append(renderer.render_problem(page, e))
                continue
            if f.endswith(".html"):
                links[f] = scan(data, f, files, root_path)
            if staging is not None:
                staging.write(f, data)
            size += len(data)
            progress.count("rendering", n, len(pages))
        progress.phase("checking links")
        redirects = {r.source + "index.html": r for r in site.content.redirects}
        problems += [_redirect_problem(p, redirects) for p in check_links(links)]
        if problems:
            raise BuildError(problems)
        said: list[str] = []
        if staging is not None:
            if previous is not None or archive:
                from . import publish

                progress.phase("the report and the zip")
                said = publish.add(site, renderer, staging, previous, archive)
            progress.phase("replacing the output")
            staging.commit(inputs)
            files, size = frozenset(staging.sizes), sum(staging.sizes.values())   # the report and zip too
    except OSError as e:          # the output's folder: full, read-only, or taken away
        if staging is None or not staging.swapped:
            if staging is not None:
                staging.abort()
            raise _write_error(e, out, "the previous output is untouched") from e
        raise _write_error(e, out, "the new output is in place, but the record of what it was "
                                   "built from is not, so the next build builds it again") from e
    except BaseException:
        if staging is not None:
            staging.abort()
        raise
    return Result(pages=len(pages), files=len(files), bytes=size,
                  seconds=time.perf_counter() - start, out=out, said=tuple(said))


def _write_error(e: OSError, out: Path | None, what_happened: str) -> BuildError:
    return BuildError([Problem(e.filename or str(out), None,
                               f"could not write the output: {e.strerror or e}",
                               f"check the free space and the permissions of the output's "
                               f"folder; {what_happened}")])


def check_all(root: Path, base_url: str | None = None) -> tuple[Site, Renderer, dict[str, bytes]]:
    """Load and check everything there is to check before rendering: the project's files, the
    content, the model built on it, the templates, the redirects against every file the site will
    have. Each phase runs on what the phases before it could load, so one run reports the problems
    of all of them; any problem raises. Returns the model, its renderer and the assets.
    ``base_url`` (checked already) replaces the one in ``content/site.yaml``."""
    problems = Problems()
    project_problems = project_tree_problems(root)     # links out of it: never read
    problems.extend(project_problems)
    content = read_content(root, problems, base_url)
    site = None
    # The model joins rules to texts and checks every citation: with a text or a rules file (or
    # an entry) that could not be loaded, it would report nothing but the consequences.
    joined = not any(f.startswith(("content/texts/", "content/rules/", "content/names.yaml"))
                     for f in problems.lost)
    if content is not None and joined:
        try:
            site = build_site(content)
        except BuildError as e:
            problems.extend(e.problems)
        except Exception:
            if not problems:      # not a consequence of content already found faulty: a bug
                raise
    assets: dict[str, bytes] = {}
    renderer = Renderer(site) if site is not None else None
    if renderer is not None and not problems:
        problems.extend(renderer.check_templates())       # compiled: they render next
    else:                                                  # nothing will render: read for errors
        problems.extend(template_problems(renderer.env if renderer else make_env(root / TEMPLATES),
                                          parse_only=True))
    if site is not None and renderer is not None and not project_problems:
        assets = renderer.assets()
        files = {p.address.file for p in site.registry if p.kind != "redirect"} | set(assets)
        problems.extend(check_redirects(site.content.redirects, frozenset(files)))
    problems.raise_if_any()
    assert site is not None and renderer is not None
    return site, renderer, assets


def _redirect_problem(p: Problem, redirects: dict) -> Problem:
    """A broken link of a redirect page is a problem of its entry in content/redirects.yaml."""
    r = redirects.get(p.file.partition("/")[2])
    if r is None:
        return p
    return Problem(REDIRECTS_FILE, r.line, f"the redirect from {r.source} to {r.target}: "
                   + p.message.split(": ", 1)[-1], p.hint)
