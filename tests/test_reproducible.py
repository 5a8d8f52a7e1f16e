"""A clean build in a fresh process with another hash seed, rendered in that one process, is
byte-identical to the session's: no set or dict order, no address of an object, no time, no number
of worker processes leaks into any file written (the manifest included).

The session's ``built`` was made by the build function in the test process, rendering on the
machine's workers (two or more); the command line below runs in a fresh process whose hash seed
differs from the test process's, and renders every page in that process (``os.cpu_count`` says 1,
so the build forks no worker). Either difference leaking into a file makes the two differ."""

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
    one_core = "import os, runpy; os.cpu_count = lambda: 1; runpy.run_module('sitegen', run_name='__main__')"
    run = subprocess.run([sys.executable, "-c", one_core, "--root", str(REPO), "--quiet", "--clean",
                          "build", "--out", str(out)], env=env, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr
    a, b = tree(built), tree(out)
    assert len(a) > 10_000 and a.keys() == b.keys()
    differ = [name for name in a if a[name] != b[name]]
    assert not differ, differ[:10]
