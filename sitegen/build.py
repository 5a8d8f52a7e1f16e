"""The pipeline: load and check content → model (engines, rules, registry) → render → write.

Nothing is written until everything has been read, computed and cross-checked. Pages are then
rendered on every core into a folder beside the output, every internal link of the result is
checked, and only then does that folder replace the output in one step (:mod:`sitegen.write.atomic`).

Incremental builds re-render only the pages whose input fingerprints changed (see
:mod:`sitegen.write.inputs`); every other file is carried over unchanged. The result is
byte-identical to a clean build of the same input.
"""

from __future__ import annotations

import gc
import hashlib
import multiprocessing
import os
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from .content import load_content, read_content
from .content.redirects import FILE as REDIRECTS_FILE, check_redirects
from .content.source import project_tree_problems
from .kept import Kept, keeping
from .model.pages import Page
from .model.site import Site, build_site
from .problems import BuildError, Problem, Problems
from .render import deps
from .render.env import make_env
from .render.render import MADE_FIRST, TEMPLATES, Renderer, template_problems
from .write import atomic, manifest as mf
from .write.files import Writer
from .write.inputs import Inputs, read_inputs
from .write.links import PageLinks, check_links, scan
from .write.state import Found, OutputState


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
    files: int          # files in the output
    rendered: int       # files made in this run (the rest were carried over)
    bytes: int
    seconds: float
    out: Path | None
    unchanged: bool = False   # nothing to do: the output was already up to date
    manifest: mf.Manifest | None = None   # what the output holds (for a check: would hold)


def load_site(root: Path, base_url: str | None = None) -> Site:
    return build_site(load_content(root, base_url))


# ---------------------------------------------------------------------------------------------
# Rendering, on every core. Workers are forked after the model is built, so they share it.

@dataclass(frozen=True)
class Made:
    file: str
    sha1: str
    size: int
    links: PageLinks | None
    deps: tuple[str, ...]     # the dependency keys the page read (sitegen.render.deps)


def page_id(page: Page) -> str:
    return f"{page.key}\0{page.kind}"


_RENDERER: Renderer | None = None
_JOBS: dict[str, Page] = {}
_ROOT_PATH = "/"
_FILES: frozenset[str] = frozenset()


def _render_files(files: list[str], keep: bool) -> tuple[list[tuple[Made, bytes | None]], list[Problem]]:
    """Render and scan ``files``; with ``keep``, hand back their bytes too (to be written)."""
    made: list[tuple[Made, bytes | None]] = []
    problems: list[Problem] = []
    renderer = _RENDERER
    assert renderer is not None
    for f in files:
        page = _JOBS[f]
        try:
            with deps.Recording() as keys:
                deps.note(*deps.page_keys(page))
                data = renderer.render(page)
        except Exception as e:
            problems.append(renderer.render_problem(page, e))
            continue
        made.append((Made(f, hashlib.sha1(data).hexdigest(), len(data),
                          scan(data, f, _FILES, _ROOT_PATH) if f.endswith(".html") else None,
                          tuple(sorted(keys))),
                     data if keep else None))
    return made, problems


# Fewer pages than this per worker are rendered here: forking the workers off a process holding
# the model and sending back their pages costs about a third of a CPU-second, which a hundred
# pages or two (a paragraph's or a template's) do not win back. (Measured on an edit of 50, 101,
# 127 and 1,862 pages: the first three took 0.3-0.4 CPU-s less here, and less time.)
PAGES_PER_WORKER = 100


def _worker(args):
    return _render_files(*args)


def render_files(renderer: Renderer, jobs: dict[str, Page], files: list[str], writer: Writer | None,
                 progress: Progress, workers: int, every_file: frozenset[str]) -> list[Made]:
    """Render ``files`` (handing them to ``writer`` if given), scanning each page's links against
    ``every_file`` (all files the finished site will have). The workers only render; this
    process writes what they send back, on the writer's threads, while they go on."""
    global _RENDERER, _JOBS, _ROOT_PATH, _FILES
    _RENDERER, _JOBS, _ROOT_PATH, _FILES = renderer, jobs, root_path(renderer.site), every_file
    # From here the site notes what each page reads (forked workers inherit that).
    saved = deps.install(renderer.site)
    renderer.memo = deps.Memo()
    keep = writer is not None
    made: list[Made] = []
    problems: list[Problem] = []

    def take(results: list[tuple[Made, bytes | None]], failed: list[Problem]) -> None:
        if writer is not None:
            writer.write([(m.file, data) for m, data in results if data is not None])
        made.extend(m for m, _ in results)
        problems.extend(failed)
        progress.count("rendering", len(made) + len(problems), len(files))

    try:
        if workers <= 1 or len(files) < PAGES_PER_WORKER * workers:
            for start in range(0, len(files), 100):
                take(*_render_files(files[start:start + 100], keep))
        else:
            # The corpus files are made of the records of every chart's own data file: made here
            # first, those records are in the memo every worker inherits, and made once.
            first = [f for f in files if jobs[f].kind in MADE_FIRST]
            if first:
                take(*_render_files(first, keep))
            rest = [f for f in files if jobs[f].kind not in MADE_FIRST]
            # Chunks small enough to share even a few pages out evenly, big enough to be cheap.
            chunk = max(1, min(100, len(rest) // (4 * workers)))
            shards = [(rest[i:i + chunk], keep) for i in range(0, len(rest), chunk)]
            # Forked after the model is built: the workers share it copy-on-write. Frozen, the
            # model is left out of the workers' garbage collections (which would walk all of it).
            gc.freeze()
            try:
                with multiprocessing.get_context("fork").Pool(workers) as pool:
                    for results, failed in pool.imap_unordered(_worker, shards):
                        take(results, failed)
            finally:
                gc.unfreeze()
    finally:
        _RENDERER, _JOBS, _FILES = None, {}, frozenset()
        deps.uninstall(renderer.site, saved)
    if problems:
        raise BuildError(problems)
    return made


# ---------------------------------------------------------------------------------------------

def build(root: Path, out: Path | None, progress: Progress | None = None, *,
          workers: int | None = None, incremental: bool = True, inputs: Inputs | None = None,
          state: OutputState | None = None, base_url: str | None = None,
          reference: Path | None = None) -> Result:
    """Build the site from ``root`` into ``out``; with ``out=None`` check everything, write nothing.

    ``incremental=False`` renders every page (a clean build); otherwise pages whose inputs are
    unchanged are carried over from the current output. A check (``out=None``) carries them over
    from ``reference``, an output a build wrote, if given: it reads that output (and its cache
    folder) under a shared lock, and writes nothing there. ``inputs`` and ``state`` (what is found
    in ``out``), if the caller has them already, are not looked at again. ``base_url`` (checked
    with :func:`sitegen.content.config.base_url_problem`) replaces the one in ``content/site.yaml``."""
    progress = progress or Progress(quiet=True)
    start = time.perf_counter()
    workers = workers or min(os.cpu_count() or 1, 4)
    inputs = inputs or read_inputs(root, base_url)
    if out is not None:
        out = out.resolve()
    lock = None
    reference = reference if out is None and incremental else None     # only a check reads one
    if out is None or not incremental:
        if state is not None:
            state.close()
        state = None
        if out is not None:
            lock = atomic.OutputLock(out).acquire()     # one build of an output at a time
        elif reference is not None:
            reference = reference.resolve()
            lock = atomic.OutputLock(reference, shared=True).acquire()
    else:
        state = state or OutputState(out, inputs.total)
        if state.up_to_date:
            files = state.manifest.files
            return Result(0, len(files), 0, sum(e.size for e in files.values()),
                          time.perf_counter() - start, out, unchanged=True, manifest=state.manifest)
    collect = gc.get_threshold()
    # A build makes millions of short-lived objects, nearly all freed by their reference counts
    # (view records, template output); collecting cycles every 700 allocations, Python's default,
    # spent a tenth of the build's CPU walking them. Every 50,000 is enough.
    gc.set_threshold(50_000, 20, 100)
    try:
        return _build(root, out, progress, workers, inputs, state, start, base_url, reference)
    finally:
        gc.unfreeze()            # the model, frozen once computed (see _build), may go
        gc.set_threshold(*collect)
        if state is not None:
            state.close()
        if lock is not None:
            lock.release()


def _build(root: Path, out: Path | None, progress: Progress, workers: int, inputs: Inputs,
           state: OutputState | None, start: float, base_url: str | None,
           reference: Path | None = None) -> Result:
    progress.phase("reading content")
    # The content and the model are some millions of objects that live as long as the build.
    # Made with the collector off, then frozen, they are never walked by it: it walked each of
    # them twice (in the young generations) while they were made, a tenth of the CPU of a build
    # that re-renders one page.
    collecting = gc.isenabled()
    gc.disable()
    try:
        cache = out if out is not None else reference
        site, renderer, assets = check_all(root, atomic.cache_dir(cache) if cache is not None else None,
                                           base_url, code=inputs.keys.get("code"),
                                           read_only=out is None)
    finally:
        gc.freeze()
        if collecting:
            gc.enable()

    jobs = {p.address.file: p for p in site.registry}
    asset_fp = {f: hashlib.sha1(b).hexdigest() for f, b in assets.items()}
    plan = set(jobs) | set(assets)
    redirects = {r.source + "index.html": r for r in site.content.redirects}

    if reference is not None:            # a check, carrying over from a build's output
        current = mf.load(reference)
        found = Found(frozenset(mf.scan_folder(reference, current)[1]), None) if current else None
    else:
        found = state.found() if state is not None else None
        current = state.manifest if found is not None else None
    reuse: set[str] = set()
    if found is not None:
        old = current.files
        reuse = {f for f in found.intact
                 if (f in jobs and old[f].fingerprint == inputs.page_fingerprint(
                     page_id(jobs[f]), old[f].deps))
                 or (f in assets and old[f].sha1 == asset_fp[f])}
    todo = sorted(f for f in jobs if f not in reuse)

    target = atomic.Target(out) if out is not None else None
    writer = None
    try:
        if target is not None:
            progress.phase("preparing the output folder")
            writer = Writer(target.prepare(current, reuse, plan, found and found.spare))
            writer.write([(f, data) for f, data in assets.items() if f not in reuse])
        progress.phase("rendering")
        try:
            made = render_files(renderer, jobs, todo, writer, progress, workers,
                                frozenset(plan) | {mf.MANIFEST})
            progress.phase("finishing the writes")
        finally:
            if writer is not None:
                writer.close()
        progress.phase("checking links")
        entries = {m.file: mf.Entry(inputs.page_fingerprint(page_id(jobs[m.file]), m.deps),
                                    m.sha1, m.size, tuple(sorted(m.links.ids)) if m.links else (),
                                    m.deps)
                   for m in made}
        for f in reuse:
            entries[f] = current.files[f]
        for f, data in assets.items():
            entries.setdefault(f, mf.Entry(asset_fp[f], asset_fp[f], len(data)))
        problems = _check_links(site, made, reuse, entries, out or reference, current,
                                frozenset(entries))
        if problems:
            raise BuildError([_redirect_problem(p, redirects) for p in problems])
        manifest = mf.Manifest(inputs.total, entries)
        if target is not None:
            progress.phase("replacing the output")
            target.commit(manifest.dump())
    except OSError as e:          # the output's folder: full, read-only, or taken away
        if target is not None:
            target.abort()
        raise BuildError([Problem(e.filename or str(out), None,
                                  f"could not write the output: {e.strerror or e}",
                                  "check the free space and the permissions of the output's "
                                  "folder; the previous output is untouched")]) from e
    except BaseException:
        if target is not None:
            target.abort()
        raise
    rendered = len(made) + sum(1 for f in assets if f not in reuse)
    return Result(pages=len(jobs), files=len(entries), rendered=rendered,
                  bytes=sum(e.size for e in entries.values()), seconds=time.perf_counter() - start,
                  out=out, manifest=manifest)


def check_all(root: Path, cache: Path | None, base_url: str | None = None, *,
              code: str | None = None, read_only: bool = False) -> tuple[Site, Renderer, dict[str, bytes]]:
    """Load and check everything there is to check before rendering: the project's files, the
    content, the model built on it, the templates, the redirects against every file the site will
    have. Each phase runs on what the phases before it could load, so one run reports the problems
    of all of them; any problem raises. Returns the model, its renderer and the assets.
    ``base_url`` (checked already) replaces the one in ``content/site.yaml``. With a ``cache``
    folder and ``code`` (the generator's fingerprint), what can be is kept there for the next
    build (:mod:`sitegen.kept`); ``read_only``: what is kept there is used, nothing is written."""
    results = Kept(cache if code else None, code or "", read_only)
    with keeping(results):
        site, renderer, assets = _check_all(root, cache, base_url, read_only)
    results.prune()
    return site, renderer, assets


def _check_all(root: Path, cache: Path | None, base_url: str | None,
               read_only: bool = False) -> tuple[Site, Renderer, dict[str, bytes]]:
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
    if site is not None:
        renderer = Renderer(site, cache, read_only)
        problems.extend(renderer.check_templates())
        if not project_problems:
            assets = renderer.assets()
            files = {p.address.file for p in site.registry if p.kind != "redirect"} | set(assets)
            problems.extend(check_redirects(site.content.redirects, frozenset(files)))
    else:
        problems.extend(template_problems(make_env(root / TEMPLATES, cache, read_only)))
    problems.raise_if_any()
    assert site is not None
    return site, renderer, assets


def _redirect_problem(p: Problem, redirects: dict) -> Problem:
    """A broken link of a redirect page is a problem of its entry in content/redirects.yaml."""
    r = redirects.get(p.file.partition("/")[2])
    if r is None:
        return p
    return Problem(REDIRECTS_FILE, r.line, f"the redirect from {r.source} to {r.target}: "
                   + p.message.split(": ", 1)[-1], p.hint)


def _check_links(site: Site, made: list[Made], reuse: set[str], entries: dict[str, mf.Entry],
                 out: Path | None, old: mf.Manifest | None, files: frozenset[str]) -> list[Problem]:
    """Check every link of the pages made now against all files and anchors. A carried-over page
    was checked when it was made; its links are read back from disk only if a file or an anchor
    has gone since."""
    pages = {m.file: m.links for m in made if m.links is not None}
    kept = [f for f in reuse if f.endswith(".html")]
    if kept and old is not None and out is not None:
        lost = set(old.files) - files
        lost |= {f for f, info in pages.items()
                 if f in old.files and not set(old.files[f].ids) <= info.ids}
        for f in kept:
            pages[f] = (scan((out / f).read_bytes(), f, files, root_path(site)) if lost
                        else PageLinks(frozenset(), (), frozenset(old.files[f].ids)))
    return check_links(pages)


def root_path(site: Site) -> str:
    """The URL path of the site root (for the few links written from the root, e.g. on 404)."""
    return urlsplit(site.config.base_url).path or "/"
