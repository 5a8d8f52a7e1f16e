"""An install that is not editable has every file the generator reads from its own package."""

from __future__ import annotations

import tomllib

from conftest import REPO


def test_every_data_file_of_the_package_is_declared():
    config = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    declared = {f"{package.replace('.', '/')}/{name}"
                for package, names in config["tool"]["setuptools"]["package-data"].items()
                for name in names}
    package = REPO / "sitegen"
    data = {p.relative_to(REPO).as_posix() for p in package.rglob("*")
            if p.is_file() and p.suffix not in (".py", ".pyc") and "__pycache__" not in p.parts}
    assert data == declared, "declare them under [tool.setuptools.package-data] in pyproject.toml"
