"""Content: read and validate every file under ``content/`` before anything is built."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..config import Config, load_config
from ..problems import Problems
from .texts import Text, load_texts


@dataclass(frozen=True)
class Content:
    root: Path
    config: Config
    texts: tuple[Text, ...]


def load_content(root: Path) -> Content:
    """Read every content file; raise :class:`~sitegen.problems.BuildError` listing all problems."""
    problems = Problems()
    config = load_config(root, problems)
    texts = load_texts(root, problems)
    problems.raise_if_any()
    assert config is not None
    return Content(root=root, config=config, texts=texts)
