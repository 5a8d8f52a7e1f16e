"""Content: read and validate every file under ``content/`` before anything is built."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .authorities import check_authorities
from .books import Book, SearchWords, check_synonyms, load_books, load_search_words
from .config import Config, load_config
from .conventions import ConventionEntry, load_conventions
from .names import Names, load_names
from ..paths import ignored
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
    names: Names | None        # None only when content/names.yaml could not be read (a problem)
    conventions: tuple[ConventionEntry, ...] = ()
    books: tuple[Book, ...] = ()
    search_words: SearchWords | None = None


CONTENT_NAMES = {"site.yaml", "editions.yaml", "changed.yaml", "names.yaml", "redirects.yaml", "conventions.yaml", "books.yaml",
                 "search.yaml", "texts", "rules", "terms", "validation"}


def read_content(root: Path, problems: Problems, base_url: str | None = None) -> Content | None:
    """Read every content file, adding every problem to ``problems``. What loaded is returned
    even then (None only without a readable ``site.yaml``), so that later checks can run on it
    and report their problems in the same run. ``base_url`` (checked already) replaces the one in
    ``content/site.yaml``."""
    for path in sorted((root / "content").iterdir()) if (root / "content").is_dir() else ():
        if path.name not in CONTENT_NAMES and not ignored(path.name):
            problems.add(path.relative_to(root).as_posix(), None, "unexpected file in content/",
                         "content/ holds site.yaml, editions.yaml, changed.yaml, names.yaml, redirects.yaml, conventions.yaml, "
                         "books.yaml, search.yaml and the folders "
                         "texts/, rules/, "
                         "terms/ and validation/; anything else is never read")
    config = load_config(root, problems, base_url)
    texts = load_texts(root, problems)
    rules = load_rules(root, problems)
    terms = load_terms(root, problems)
    validation = load_validation(root, problems)
    redirects = load_redirects(root, problems)
    names = load_names(root, problems)
    conventions = load_conventions(root, problems)
    books = load_books(root, problems)
    search_words = load_search_words(root, problems)
    check_synonyms(search_words, {r.zh for r in rules} | {t.zh for t in terms} | {b.zh for b in books},
                   problems)
    if config is None:
        return None
    if config.authorities and (root / config.authorities).is_dir():
        check_authorities(rules, root / config.authorities, problems)
    return Content(root=root, config=config, texts=texts, rules=rules, terms=terms,
                   validation=validation, redirects=redirects, names=names, conventions=conventions,
                   books=books, search_words=search_words)


def load_content(root: Path, base_url: str | None = None) -> Content:
    """Read every content file; raise :class:`~sitegen.problems.BuildError` listing all problems.
    ``base_url`` (checked already) replaces the one in ``content/site.yaml``."""
    problems = Problems()
    content = read_content(root, problems, base_url)
    problems.raise_if_any()
    assert content is not None
    return content
