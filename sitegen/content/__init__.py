"""Content: read and validate every file under ``content/`` before anything is built."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .config import Config, load_config
from ..problems import Problems
from .redirects import Redirect, load_redirects
from .rules import RuleEntry, load_rules
from .terms import Term, load_terms
from .texts import Text, load_texts
from .validation import Validation, load_validation


@dataclass(frozen=True)
class Content:
    root: Path
    config: Config
    texts: tuple[Text, ...]
    rules: tuple[RuleEntry, ...]
    terms: tuple[Term, ...]
    validation: Validation
    redirects: tuple[Redirect, ...]


def load_content(root: Path, base_url: str | None = None) -> Content:
    """Read every content file; raise :class:`~sitegen.problems.BuildError` listing all problems.
    ``base_url`` (checked already) replaces the one in ``content/site.yaml``."""
    problems = Problems()
    config = load_config(root, problems, base_url)
    texts = load_texts(root, problems)
    rules = load_rules(root, problems)
    terms = load_terms(root, problems)
    validation = load_validation(root, problems)
    redirects = load_redirects(root, problems)
    problems.raise_if_any()
    assert config is not None
    return Content(root=root, config=config, texts=texts, rules=rules, terms=terms,
                   validation=validation, redirects=redirects)
