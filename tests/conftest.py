"""Shared fixtures. Building the real site renders 5,282 pages: do it as few times as possible.

What a test may ask for:

``built``       (session) the real site, built once into a temporary folder (or into the folder
                ``SITEGEN_TEST_BUILT`` names, kept between sessions and only brought up to date).
                READ-ONLY: no test may change, add or remove anything in it (checked when the
                session ends). A test that needs to change files uses ``site_copy``.
``site_copy``   (per test) a writable project of its own: ``content/`` and ``templates/`` copied,
                ``build/`` a hard-linked copy of ``built`` (so an incremental build there starts
                up to date and renders only what the test changes). Change an existing file of
                it only with ``sites.edit`` / ``sites.scribble`` (they put a new file in its
                place; writing into it would change ``built`` through the hard link). Adding and
                deleting files is safe.
``model``       (session) the computed site model (``load_site``: content, both corpora, rules,
                registry), computed once. Treat as read-only (its values are frozen).
``base_url``    (session) the configured published address (``content/site.yaml``); tests never
                hard-code it.
``clean_tree``  (session) ``clean_tree(root)`` → ``{file: sha1}`` of a clean build of ``root``
                (a rendered check, nothing written), remembered per input fingerprint: tests
                comparing an incremental build with a clean one share the clean render.
``shared``      (session) the team's shared folder (seeds, authorities); skips the test without it.

Tests never depend on the order they run in: `pytest --reverse` runs them backwards.

Fixture sites for tests that break content on purpose (``sites.copy_site``) are plain copies of
``content/`` and ``templates/`` without an output; ``build(root, None)`` checks one without writing.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
from pathlib import Path

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


def tree(folder: Path) -> dict[str, str]:
    """``{relative path: sha1}`` of every file under ``folder``.

    A file is read once per session: one found again with the same inode, size and time (a
    hard link of it, in a ``site_copy``) has the sha1 it had; writing into it changes its time."""
    out = {}
    for p in sorted(folder.rglob("*")):
        st = p.stat()
        if not p.is_file():
            continue
        key = (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
        if key not in _HASHED:
            _HASHED[key] = hashlib.sha1(p.read_bytes()).hexdigest()
        out[p.relative_to(folder).as_posix()] = _HASHED[key]
    return out


def link_tree(src: Path, dest: Path) -> Path:
    """``dest`` as a copy of the folder ``src`` whose files are hard links to ``src``'s."""
    dest.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["cp", "-al", str(src), str(dest)], check=True)
    return dest


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
    out = Path(keep).resolve() if keep else tmp_path_factory.mktemp("site") / "build"
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
    """A project of this test's own whose ``build/`` is the built site, up to date."""
    from sites import copy_site

    root = copy_site(tmp_path / "proj")
    link_tree(built, root / "build")
    return root


@pytest.fixture(scope="session")
def clean_tree():
    from sitegen.build import build
    from sitegen.write import manifest as mf
    from sitegen.write.inputs import read_inputs

    known: dict[tuple[str, str | None], dict[str, str]] = {}

    def clean(root: Path, base_url: str | None = None) -> dict[str, str]:
        key = (read_inputs(root, base_url).total, base_url)
        if key not in known:
            manifest = build(root, None, incremental=False, base_url=base_url).manifest
            files = {f: e.sha1 for f, e in manifest.files.items()}
            files[mf.MANIFEST] = hashlib.sha1(manifest.dump()).hexdigest()
            known[key] = files
        return dict(known[key])
    return clean


def pytest_addoption(parser):
    parser.addoption("--reverse", action="store_true",
                     help="run the selected tests in reverse order (tests must not depend on order)")


def pytest_collection_modifyitems(config, items):
    if config.getoption("--reverse"):
        items.reverse()
