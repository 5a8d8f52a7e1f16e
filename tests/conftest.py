"""Shared fixtures. Building the real site renders 5,282 pages: do it as few times as possible.

What a test may ask for:

``built``       (session) the real site, built once into a temporary folder (or into the folder
                ``SITEGEN_TEST_BUILT`` names, kept between sessions and only brought up to date).
                READ-ONLY: no test may change, add or remove anything in it (checked when the
                session ends). A test that needs to change files uses ``site_copy``.
``site_copy``   (per test) a writable project of its own: ``content/`` and ``templates/`` copied,
                ``build/`` a hard-linked copy of ``built`` and of its cache folder (so an
                incremental build there starts up to date and renders only what the test
                changes). Change an existing file of it only with ``sites.edit`` / ``sites.scribble`` (they put a new file in its
                place; writing into it would change ``built`` through the hard link). Adding and
                deleting files is safe.
``model``       (session) the computed site model (``load_site``: content, both corpora, rules,
                registry), computed once. Treat as read-only (its values are frozen).
``base_url``    (session) the configured published address (``content/site.yaml``); tests never
                hard-code it.
``clean_tree``  (session) ``clean_tree(root)`` → ``{file: sha1}`` of a clean build of ``root``
                (a rendered check, nothing written, in a fresh process with another hash seed and
                no worker processes), remembered per input fingerprint: tests comparing an
                incremental build with a clean one share the clean render.
``shared``      (session) the team's shared folder (seeds, authorities); skips the test without it.

Tests never depend on the order they run in: `pytest --reverse` runs them backwards.

Two processes (pytest-xdist). ``pytest -m "not browser"`` runs the tests on as many workers as
the machine has cores, at most 2 (``-n 0`` for one process, ``PYTEST_XDIST_AUTO_NUM_WORKERS=N``
to choose); a run with browser tests in it stays in one process. The workers share the session's site: ``built`` is one
folder for the whole run, built by whichever worker asks first while the other waits on the
build's own output lock and then finds it up to date; ``clean_tree`` keeps its clean renders on
disk for both. ``model`` is computed once per worker (about a second).

A NEW TEST THAT NEEDS A BUILT SITE (keep the suite under two minutes):
- to read pages, data or the manifest: ``built`` (never write into it);
- to look at the model (pages, rules, corpora): ``model``, or call the engines directly;
- to change content or templates and build: ``site_copy`` (an incremental build there renders
  only what the change touches); to compare with a clean build: ``built`` when the inputs are
  the project's own again, else ``clean_tree(root)`` — make the same edit as an existing test
  (``test_build_engine.EDITS``) and the clean render is shared;
- for content that must fail to load: ``sites.copy_site`` and ``build(root, None)`` (a check
  that stops before rendering costs about a second);
- never ``build(REPO, …)`` or a ``--clean`` build of your own: each renders all 5,282 pages
  (10–15 CPU-seconds). A test that must render a whole site gets ``@pytest.mark.heavy`` (run
  first, so the two workers end together; the workers take the tests a unit at a time, see
  ``pytest_xdist_make_scheduler``); ``heavy(shares="texts")`` keeps it with the tests of its
  module that share that clean render, one after the other on one worker; ``heavy(first=True)``
  puts a module whose first render needs no built site before the others.
- to list or compare an output's files: ``files_under(folder)`` or ``tree(folder)`` (sha1s, each
  file read once per session), never ``Path.rglob``, which walks the built site in 0.6 CPU-s;
- a module-scoped fixture is made once in EACH worker that runs one of its tests: an expensive
  one is session-scoped and kept in ``run_dir`` under ``run_lock`` (as ``built``, ``clean_tree``
  and test_cli.py's ``readme_runs`` are), so that one worker makes it and the other reads it.
  (``xdist_group`` does not work with pytest 9.2: xdist cannot rename its items.)

Fixture sites for tests that break content on purpose (``sites.copy_site``) are plain copies of
``content/`` and ``templates/`` without an output; ``build(root, None)`` checks one without writing.
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import pytest

REPO = Path(__file__).resolve().parent.parent


def shared_dir() -> Path | None:
    """The team's shared folder (seeds, domain notes, authorities), if this machine has it.

    ``SITEGEN_SHARED`` wins; otherwise ``../shared`` beside the repository, then ``/work/shared``.
    """
    candidates = [os.environ.get("SITEGEN_SHARED"), REPO.parent / "shared", "/work/shared"]
    for c in candidates:
        if c and (Path(c) / "seeds").is_dir():
            return Path(c)
    return None


_HASHED: dict[tuple[int, int, int, int], str] = {}


def files_under(folder: Path) -> Iterator[tuple[str, os.DirEntry]]:
    """``(relative path, entry)`` of every file under ``folder`` (dot files too), in no order.
    (``os.scandir``, whose entries know their kind: ``Path.rglob`` and a ``stat`` per path cost
    0.6 CPU-s on the built site, and tests walk it dozens of times.)"""
    todo = [("", str(folder))]
    while todo:
        prefix, path = todo.pop()
        with os.scandir(path) as entries:
            for e in entries:
                if e.is_dir():
                    todo.append((f"{prefix}{e.name}/", e.path))
                elif e.is_file():
                    yield prefix + e.name, e


def html_pages(folder: Path) -> Iterator[tuple[str, str]]:
    """``(relative path, text)`` of every ``.html`` file under ``folder``, in path order."""
    for rel, e in sorted(files_under(folder), key=lambda item: item[0]):
        if rel.endswith(".html"):
            with open(e.path, encoding="utf-8") as fh:
                yield rel, fh.read()


def tree(folder: Path) -> dict[str, str]:
    """``{relative path: sha1}`` of every file under ``folder``, in path order.

    A file is read once per session: one found again with the same inode, size and time (a
    hard link of it, in a ``site_copy``) has the sha1 it had; writing into it changes its time."""
    out = {}
    for rel, e in files_under(folder):
        st = e.stat()
        key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
        if key not in _HASHED:
            with open(e.path, "rb") as fh:
                _HASHED[key] = hashlib.sha1(fh.read()).hexdigest()
        out[rel] = _HASHED[key]
    return dict(sorted(out.items(), key=lambda item: item[0].split("/")))


def link_tree(src: Path, dest: Path) -> Path:
    """``dest`` as a copy of the folder ``src`` whose files are hard links to ``src``'s."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["cp", "-al", str(src), str(dest)], check=True)
    return dest


def run_dir(tmp_path_factory) -> Path:
    """A folder of this test run that every worker shares (the run's own in one process)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@contextmanager
def run_lock(path: Path):
    """Hold an exclusive lock on ``path`` (a lock file) against the other workers of the run."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


@functools.cache
def repo_rules() -> tuple:
    """The project's rule entries (``content/rules/``), read once per process: several test
    modules parametrize over them when they are collected."""
    from sitegen.content.rules import load_rules
    from sitegen.problems import Problems

    problems = Problems()
    entries = tuple(load_rules(REPO, problems))
    assert not problems.items, problems.items
    return entries


@pytest.fixture(scope="session")
def shared() -> Path:
    d = shared_dir()
    if d is None:
        pytest.skip("the shared folder (seeds, authorities) is not on this machine; set SITEGEN_SHARED")
    return d


@pytest.fixture(scope="session")
def base_url() -> str:
    from sitegen.content import load_content  # noqa: F401  (content before config: they import each other)
    from sitegen.content.config import load_config
    from sitegen.problems import Problems

    problems = Problems()
    config = load_config(REPO, problems)
    assert config is not None, problems.items
    return config.base_url


@pytest.fixture(scope="session")
def model():
    from sitegen.build import load_site

    return load_site(REPO)


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Path:
    """The real site, built once per test session into a temporary folder (read-only).

    With ``SITEGEN_TEST_BUILT=DIR``, the site is built into ``DIR`` instead and kept there, so
    running the tests again (the browser tests, say) only brings it up to date."""
    from sitegen.build import build
    from sitegen.write import manifest as mf

    keep = os.environ.get("SITEGEN_TEST_BUILT")
    out = Path(keep).resolve() if keep else run_dir(tmp_path_factory) / "site" / "build"
    # With two workers both get here: the build's own lock (sitegen.write.atomic.OutputLock)
    # makes the second wait for the first, whose output it then finds up to date.
    build(REPO, out)
    yield out
    # No test may have changed it: every file still as the manifest records it, none added.
    manifest = mf.load(out)
    assert manifest is not None, "a test removed the built site's manifest"
    present, intact = mf.scan_folder(out, manifest)
    changed = sorted((present ^ set(manifest.files)) - {mf.MANIFEST} | (set(manifest.files) - intact))
    assert not changed, f"tests changed the shared built site (use site_copy): {changed[:5]}"


@pytest.fixture
def site_copy(built, tmp_path) -> Path:
    """A project of this test's own whose ``build/`` is the built site, up to date, with the
    built site's cache folder (compiled templates, the results :mod:`sitegen.kept` keeps), so
    that its builds start as a reader's next build would. (Both are replaced file by file, never
    written into, so the hard links are safe.)"""
    from sites import copy_site
    from sitegen.write.atomic import cache_dir

    root = copy_site(tmp_path / "proj")
    link_tree(built, root / "build")
    if cache_dir(built).is_dir():
        link_tree(cache_dir(built), cache_dir(root / "build"))
    return root


# A clean render of a project, in a fresh process: it writes ``{file: sha1}`` (the manifest's too) to a file.
_CLEAN = """
import hashlib, json, sys
from pathlib import Path
from sitegen.build import build
from sitegen.write import manifest as mf
root, base_url, saved = Path(sys.argv[1]), sys.argv[2] or None, Path(sys.argv[3])
manifest = build(root, None, incremental=False, workers=1, base_url=base_url).manifest
files = {f: e.sha1 for f, e in manifest.files.items()}
files[mf.MANIFEST] = hashlib.sha1(manifest.dump()).hexdigest()
saved.write_text(json.dumps(files), encoding="utf-8")
"""


def another_hash_seed() -> str:
    """A PYTHONHASHSEED under which a fresh process hashes strings unlike this one does."""
    for seed in range(1, 50):
        probe = subprocess.run([sys.executable, "-c", "print(hash('sitegen'))"], capture_output=True,
                               text=True, env={**os.environ, "PYTHONHASHSEED": str(seed)}, check=True)
        if int(probe.stdout) != hash("sitegen"):
            return str(seed)
    raise AssertionError("no hash seed differs from this process's")


@pytest.fixture(scope="session")
def clean_tree(tmp_path_factory):
    """Each clean render is made once per run, by one worker, and kept on disk for the other.

    It is rendered in a fresh process whose hash seed differs from the test process's, all in that
    one process (``workers=1``), while ``built`` was rendered in a test process on two workers or
    more: every comparison of a build with a clean render also shows that no set or dict order,
    no address of an object and no number of workers leaks into any file (test_reproducible.py)."""
    from sitegen.write.inputs import read_inputs

    folder = run_dir(tmp_path_factory) / "clean-trees"
    known: dict[tuple[str, str | None], dict[str, str]] = {}
    seed: list[str] = []

    def clean(root: Path, base_url: str | None = None) -> dict[str, str]:
        key = (read_inputs(root, base_url).total, base_url)
        if key not in known:
            name = hashlib.sha1(repr(key).encode()).hexdigest()
            saved = folder / f"{name}.json"
            with run_lock(folder / f"{name}.lock"):
                if not saved.exists():
                    seed[:] = seed or [another_hash_seed()]
                    run = subprocess.run([sys.executable, "-c", _CLEAN, str(root), base_url or "",
                                          str(saved)], cwd=REPO, capture_output=True, text=True,
                                         env={**os.environ, "PYTHONHASHSEED": seed[0]})
                    assert run.returncode == 0, run.stdout + run.stderr
            known[key] = json.loads(saved.read_text(encoding="utf-8"))
        return dict(known[key])
    return clean


# The temporary folders of a run (the built site, each test's hard-linked copy of it, the clean
# renders) hold tens of thousands of small files: made in memory (tmpfs) when the machine has room
# there, they cost a third of the system time they cost on disk (same files, same tests).
MEMORY_FOLDER, MEMORY_NEEDED = Path("/dev/shm"), 4 << 30


def pytest_configure(config):
    if os.environ.get("PYTEST_XDIST_WORKER"):
        return                                   # the run's first process chose for all
    if not config.option.basetemp and not os.environ.get("PYTEST_DEBUG_TEMPROOT"):
        try:
            room = os.statvfs(MEMORY_FOLDER)
            usable = os.access(MEMORY_FOLDER, os.W_OK | os.X_OK)
        except OSError:
            usable = False
        if usable and room.f_bavail * room.f_frsize >= MEMORY_NEEDED and _beside_kept_site():
            os.environ["PYTEST_DEBUG_TEMPROOT"] = str(MEMORY_FOLDER)
    # The workers and every process a test starts (about sixty: the command line, clean renders,
    # builds at the same time) import the generator. Where the machine says not to write compiled
    # modules (PYTHONDONTWRITEBYTECODE), each would compile it from source again: they are
    # compiled once into a folder of the run's machine instead, never beside the sources.
    if sys.dont_write_bytecode and not os.environ.get("PYTHONPYCACHEPREFIX"):
        root = os.environ.get("PYTEST_DEBUG_TEMPROOT") or tempfile.gettempdir()
        os.environ["PYTHONPYCACHEPREFIX"] = str(Path(root) / f"sitegen-test-pycache-{os.getuid()}")
        os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def _beside_kept_site() -> bool:
    """Whether the memory folder is on the file system of the site ``SITEGEN_TEST_BUILT`` keeps
    (if it keeps one): a test's copy of it is made of hard links, which cannot cross."""
    keep = os.environ.get("SITEGEN_TEST_BUILT")
    if not keep:
        return True
    there = Path(keep).resolve()
    while not there.exists():
        there = there.parent
    return there.stat().st_dev == MEMORY_FOLDER.stat().st_dev


def pytest_addoption(parser):
    parser.addoption("--reverse", action="store_true",
                     help="run the selected tests in reverse order (tests must not depend on order)")


def pytest_xdist_auto_num_workers(config):
    """``-n auto`` (the default, pyproject.toml): with the browser tests deselected
    (``-m "not browser"``), one worker per core, at most two; any run with browser tests in it
    stays in one process (one Chromium, as they have always run)."""
    if os.environ.get("PYTEST_XDIST_AUTO_NUM_WORKERS"):
        return int(os.environ["PYTEST_XDIST_AUTO_NUM_WORKERS"])
    expr = (config.getoption("markexpr", "") or "").replace(" ", "")
    if "notbrowser" not in expr:
        return 0
    return min(len(os.sched_getaffinity(0)), 2)


def _heavy_order(items: list) -> list:
    """The heavy tests in blocks, a block being the tests of one module that share what they
    render (``@pytest.mark.heavy(shares=...)``, or the ``change`` they are parametrized with;
    else the whole module, whose module-scoped fixtures are then made once). No two blocks of one
    module follow each other, so each block is a unit of its own for the scheduler below."""
    blocks: dict[tuple[str, str], list] = {}
    for item in items:
        marker = item.get_closest_marker("heavy")
        spec = getattr(item, "callspec", None)
        share = marker.kwargs.get("shares") or (spec.params.get("change") if spec else None) or ""
        blocks.setdefault((item.nodeid.partition("::")[0], str(share)), []).append(item)
    by_module: dict[str, list[list]] = {}
    ordered, last = [], None
    for (module, _), block in blocks.items():
        # A block that starts with a render of its own, needing no built site
        # (``heavy(first=True)``), goes first: a worker starting there renders while another
        # builds the session's site (which every other block waits for).
        if any(item.get_closest_marker("heavy").kwargs.get("first") for item in block):
            ordered += block
            last = module
        else:
            by_module.setdefault(module, []).append(block)
    while by_module:
        # the module with the most blocks left that did not give the last one
        module = max((m for m in by_module if m != last), key=lambda m: len(by_module[m]), default=last)
        ordered += by_module[module].pop(0)
        if not by_module[module]:
            del by_module[module]
        last = module
    return ordered


def pytest_collection_modifyitems(config, items):
    # The tests that render a whole site first, so that two workers finish at about one time.
    heavy = [item for item in items if item.get_closest_marker("heavy") is not None]
    light = [item for item in items if item.get_closest_marker("heavy") is None]
    items[:] = _heavy_order(heavy) + light
    if config.getoption("--reverse"):
        items.reverse()


@pytest.hookimpl(tryfirst=True)
def pytest_xdist_make_scheduler(config, log):
    """``--dist worksteal``, but tests are handed out one unit at a time to whichever worker is
    free (a unit: the tests of one module that follow each other in the order above), heavy
    first, instead of the first half of the tests to one worker and the second half to the other
    (which put every heavy test on one worker). When none are left to hand out, an idle worker
    takes half of what another has queued, as worksteal does."""
    if config.getvalue("dist") != "worksteal":
        return None
    from xdist.scheduler import WorkStealingScheduling

    class UnitByUnit(WorkStealingScheduling):
        def check_schedule(self) -> None:
            if self.pending and self.collection:
                module = [nodeid.partition("::")[0] for nodeid in self.collection]
                for node, queued in self.node2pending.items():
                    # a worker runs a test once it knows the next: keep two queued
                    while not node.shutting_down and self.pending and len(queued) < 2:
                        first = module[self.pending[0]]
                        n = 1
                        while n < len(self.pending) and module[self.pending[n]] == first:
                            n += 1
                        self._send_tests(node, n)
                if self.pending:
                    return
            super().check_schedule()

    return UnitByUnit(config, log)
