"""Two clean builds in two fresh processes with different hash seeds are byte-identical: no set or
dict order, no address of an object, no time, no number of worker processes leaks into any file
written (the manifest included)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from conftest import REPO


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_two_clean_builds_in_processes_with_different_hash_seeds_are_byte_identical(tmp_path):
    a_out, b_out = tmp_path / "a" / "build", tmp_path / "b" / "build"
    commands = (
        # the command line, with as many workers as it likes
        ("1", ["-m", "sitegen", "--root", str(REPO), "--quiet", "--clean", "build", "--out", str(a_out)]),
        # the build function, rendering in one process
        ("2", ["-c", "import sys; from pathlib import Path; from sitegen.build import build; "
                     "build(Path(sys.argv[1]), Path(sys.argv[2]), incremental=False, workers=1)",
               str(REPO), str(b_out)]),
    )
    for seed, args in commands:
        env = {**os.environ, "PYTHONHASHSEED": seed}
        run = subprocess.run([sys.executable, *args], env=env, capture_output=True, text=True)
        assert run.returncode == 0, run.stdout + run.stderr
    outs = [_files(a_out), _files(b_out)]
    a, b = outs
    assert len(a) > 10_000 and a.keys() == b.keys()
    differ = [name for name in a if a[name] != b[name]]
    assert not differ, differ[:10]
