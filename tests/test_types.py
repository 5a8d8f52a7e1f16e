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


def test_engine_options_are_enums_spelled_as_content_site_yaml_spells_them():
    from sitegen.content.config import load_config
    from sitegen.model.ganzhi import GanZhi
    from sitegen.model.liuren import lesson
    from sitegen.model.options import KinVariant, NobleTable, Shehai
    from sitegen.model.yi import change
    from sitegen.problems import Problems

    assert list(Shehai) == ["depth", "tanyuan", "mengzhongji"]
    assert list(NobleTable) == ["gejue", "xiantian", "bushi"]
    assert list(KinVariant) == ["ben-palace", "bian-palace"]
    problems = Problems()
    config = load_config(REPO, problems)
    assert config is not None, problems
    assert isinstance(config.liuren_shehai, Shehai) and isinstance(config.liuren_guiren, NobleTable)
    assert isinstance(config.yi_kin_variant, KinVariant)
    # the engines take a spelling as well and hold the member
    les = lesson(GanZhi.from_zh("甲子"), 2, shehai="tanyuan", guiren="bushi")
    assert les.shehai is Shehai.TANYUAN and les.guiren is NobleTable.BUSHI
    assert les.as_data()["shehai"] == "tanyuan" and les.as_data()["guiren"] == "bushi"
    assert change(9, 1, kin_variant="bian-palace").kin_variant is KinVariant.BIAN_PALACE
