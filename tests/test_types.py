"""The type check: mypy finds no error in sitegen/ with the project's configuration
([tool.mypy] in pyproject.toml: the files, the Python version, the libraries without types)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_error_in_sitegen():
    run = subprocess.run([sys.executable, "-m", "mypy"], cwd=REPO, capture_output=True, text=True)
    assert run.returncode == 0, f"mypy exited {run.returncode}:\n{run.stdout}{run.stderr}"
    assert "Success: no issues found" in run.stdout, run.stdout + run.stderr
