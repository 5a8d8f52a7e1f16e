"""Shared fixtures: where the repository and the team's shared folder are."""

from __future__ import annotations

import os
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


@pytest.fixture(scope="session")
def shared() -> Path:
    d = shared_dir()
    if d is None:
        pytest.skip("the shared folder (seeds, authorities) is not on this machine; set SITEGEN_SHARED")
    return d


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Path:
    """The real site, built once per test session into a temporary folder."""
    from sitegen.build import build

    out = tmp_path_factory.mktemp("site") / "build"
    build(REPO, out)
    return out
