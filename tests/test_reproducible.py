"""A clean build in a fresh process with another hash seed is byte-identical to the session's: no set
or dict order, no address of an object, no time, no number of worker processes leaks into any file
written (the manifest included).

The three builds compared, two by two: the session's ``built`` (the build function, in the test
process, rendering on the machine's workers), the command line below (a fresh process whose hash
seed differs from the test process's) and, in test_build_engine.py, a clean build rendered in one
process (``workers=1``)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import REPO, tree


def another_hash_seed() -> str:
    """A PYTHONHASHSEED under which a fresh process hashes strings unlike this one does."""
    for seed in range(1, 50):
        probe = subprocess.run([sys.executable, "-c", "print(hash('sitegen'))"], capture_output=True,
                               text=True, env={**os.environ, "PYTHONHASHSEED": str(seed)}, check=True)
        if int(probe.stdout) != hash("sitegen"):
            return str(seed)
    raise AssertionError("no hash seed differs from this process's")


@pytest.mark.heavy
def test_a_clean_build_in_a_process_with_another_hash_seed_is_byte_identical(built, tmp_path):
    out = tmp_path / "build"
    env = {**os.environ, "PYTHONHASHSEED": another_hash_seed()}
    run = subprocess.run([sys.executable, "-m", "sitegen", "--root", str(REPO), "--quiet", "--clean",
                          "build", "--out", str(out)], env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    a, b = tree(built), tree(out)
    assert len(a) > 10_000 and a.keys() == b.keys()
    differ = [name for name in a if a[name] != b[name]]
    assert not differ, differ[:10]
