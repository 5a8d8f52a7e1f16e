"""Shared fixtures. A whole build renders some 5,300 pages (about 15 CPU-seconds): the suite
builds the real site once and reads it.

``built``   (session) the real site, built once into a folder the whole run shares. READ-ONLY:
            no test may change anything in it (checked when the session ends). Both pytest-xdist
            workers ask for it; the build's own lock makes the second wait for the first, whose
            output it then finds up to date.
``model``   (session) the computed site model (``load_site``: content, both corpora, rules,
            registry). Treat it as read-only.
``base_url`` (session) the configured published address (``content/site.yaml``).
``shared``  (session) the team's shared folder (seeds, authorities); skips the test without it.

For content that must fail, ``sites.copy_site(tmp_path)`` makes a writable copy of
``content/`` and ``templates/``; ``build(root, None)`` checks it and writes nothing (content
problems stop it in about a second, before any page is rendered). A test that must render a
whole site of its own costs a build: prefer the model, the engines or ``built``.
Two tiers: a test that asks for ``built`` is marked ``integration`` (by
``pytest_collection_modifyitems`` below); ``pytest -m "not integration and not browser"`` runs the
fast tier (engines, content, command line), which builds no site. Tests never depend on the order
they run in: ``pytest --reverse`` runs them backwards.
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import os
import subprocess
import sys
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
    """``{relative path: sha1}`` of every file under ``folder``, in path order (a file found again
    with the same inode, size and time is not read again)."""
    out = {}
    for rel, e in files_under(folder):
        st = e.stat()
        key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
        if key not in _HASHED:
            with open(e.path, "rb") as fh:
                _HASHED[key] = hashlib.sha1(fh.read()).hexdigest()
        out[rel] = _HASHED[key]
    return dict(sorted(out.items(), key=lambda item: item[0].split("/")))


def run_dir(tmp_path_factory) -> Path:
    """A folder of this test run that every worker shares (the run's own in one process)."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


def another_hash_seed() -> str:
    """A PYTHONHASHSEED under which a fresh process hashes strings unlike this one does."""
    for seed in range(1, 50):
        probe = subprocess.run([sys.executable, "-c", "print(hash('sitegen'))"], capture_output=True,
                               text=True, env={**os.environ, "PYTHONHASHSEED": str(seed)}, check=True)
        if int(probe.stdout) != hash("sitegen"):
            return str(seed)
    raise AssertionError("no hash seed differs from this process's")


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
    """The real site, built once per test run into a folder the workers share (read-only).

    With ``SITEGEN_TEST_BUILT=DIR``, the site is built into ``DIR`` instead and kept there, so
    running the tests again (the browser tests, say) finds it up to date."""
    from sitegen.build import build
    from sitegen.write import output

    keep = os.environ.get("SITEGEN_TEST_BUILT")
    out = Path(keep).resolve() if keep else run_dir(tmp_path_factory) / "site" / "build"
    inputs = output.fingerprint(REPO)
    build(REPO, out)
    yield out
    assert output.up_to_date(out, inputs), "a test changed the shared built site"


def pytest_addoption(parser):
    parser.addoption("--reverse", action="store_true",
                     help="run the selected tests in reverse order (tests must not depend on order)")


def pytest_xdist_auto_num_workers(config):
    """``-n auto`` (the default, pyproject.toml): with the browser tests deselected
    (``-m "not browser"``), one worker per core, at most two; a run with browser tests in it
    stays in one process (one Chromium at a time)."""
    expr = (config.getoption("markexpr", "") or "").replace(" ", "")
    if "notbrowser" not in expr:
        return 0
    return min(len(os.sched_getaffinity(0)), 2)


def pytest_collection_modifyitems(config, items):
    for item in items:                 # the integration tier: what reads the built site
        if "built" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.integration)
    if config.getoption("--reverse"):
        items.reverse()
