"""The classical books the site cites (``content/books.yaml``), each of which has a page, and what
the search page understands beyond the printed names (``content/search.yaml``).

A book names the authority work its rules quote (``work``, as ``authority:`` entries write it),
optionally the parts of it that make the book (``parts``: 《畢法賦》 is 卷十一–十二 of
《六壬大全》), and the site's pages made from it (``pages``). The pages' keys are checked against
the page registry by the model (:func:`sitegen.model.site.check_books`), which knows them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..problems import Problems
from .authorities import WORKS
from .source import Field, ListOf, check_schema, is_str, matches, read_yaml

BOOKS_FILE = "content/books.yaml"
SEARCH_FILE = "content/search.yaml"

_SLUG = matches("[a-z0-9]+(-[a-z0-9]+)*", "a slug of lowercase letters, digits and hyphens")
BOOK = {"slug": Field(_SLUG), "zh": Field(is_str), "ko": Field(is_str), "about": Field(is_str),
        "aliases": Field(ListOf(is_str), required=False), "work": Field(is_str, required=False),
        "parts": Field(ListOf(is_str), required=False), "pages": Field(ListOf(is_str), required=False)}


@dataclass(frozen=True)
class Book:
    slug: str
    zh: str
    ko: str
    about: str
    aliases: tuple[str, ...]
    work: str | None
    parts: tuple[str, ...]         # empty: every part of the work
    pages: tuple[str, ...]         # page keys, each optionally with '#anchor'
    line: int
    page_lines: tuple[int, ...]


def load_books(root: Path, problems: Problems) -> tuple[Book, ...]:
    doc = read_yaml(root / BOOKS_FILE, BOOKS_FILE, problems)
    if doc is None:
        return ()
    if not isinstance(doc.data, list):
        problems.add(BOOKS_FILE, doc.line(), "the books file must be a list of books",
                     "start each book with '- slug: …'")
        return ()
    out, slugs = [], set()
    for i, item in enumerate(doc.data):
        if not check_schema(item, BOOK, doc, BOOKS_FILE, problems, (i,)):
            continue
        line = doc.line((i,))
        work, parts = item.get("work"), tuple(item.get("parts", ()))
        if item["slug"] in slugs:
            problems.add(BOOKS_FILE, line, f"two books have the slug {item['slug']!r}", "give each book its own slug")
            continue
        slugs.add(item["slug"])
        if work is not None and work not in WORKS:
            problems.add(BOOKS_FILE, doc.line((i, "work")), f"work 《{work}》 is not one the rules can quote",
                         "the work, without 《》, is one of " + ", ".join(WORKS))
            continue
        for j, part in enumerate(parts):
            if work is None or part not in WORKS[work]:
                problems.add(BOOKS_FILE, doc.line((i, "parts", j)), f"《{work}》 has no part {part!r} here",
                             "the part is one of " + ", ".join(WORKS.get(work, {})) if work else
                             "give the book a 'work' first")
        if work is None and not item.get("pages"):
            problems.add(BOOKS_FILE, line, f"the book 《{item['zh']}》 takes nothing: it has neither 'work' nor 'pages'",
                         "name the work its rules quote, or the pages made from it")
        pages = tuple(item.get("pages", ()))
        out.append(Book(item["slug"], item["zh"], item["ko"], item["about"], tuple(item.get("aliases", ())),
                        work, parts, pages, line, tuple(doc.line((i, "pages", j)) for j in range(len(pages)))))
    return tuple(out)


@dataclass(frozen=True)
class SearchWords:
    suffixes: tuple[str, ...]
    hexagram_suffixes: tuple[str, ...]
    doubled: str                                   # the 重X form's first character (重)
    doubled_ko: dict[str, str]                     # a doubled hexagram's short name → its 重X form in Hangul
    synonyms: tuple[tuple[str, tuple[str, ...], int], ...]   # (the printed name, its other words, line)


SEARCH = {"suffixes": Field(ListOf(matches(".", "one character"))),
          "hexagram_suffixes": Field(ListOf(matches(".", "one character"))),
          "doubled": Field({"zh": Field(matches(".", "one character")),
                            "ko": Field({t: Field(matches("[\uac00-\ud7a3]+", "a name in Hangul, such as 중천건"))
                                         for t in "乾坤震巽坎離艮兌"})}),
          "synonyms": Field(ListOf({"for": Field(is_str), "words": Field(ListOf(is_str))}))}


def load_search_words(root: Path, problems: Problems) -> SearchWords | None:
    doc = read_yaml(root / SEARCH_FILE, SEARCH_FILE, problems)
    if doc is None or not check_schema(doc.data, SEARCH, doc, SEARCH_FILE, problems):
        return None
    d = doc.data
    return SearchWords(tuple(d["suffixes"]), tuple(d["hexagram_suffixes"]), d["doubled"]["zh"], dict(d["doubled"]["ko"]),
                       tuple((s["for"], tuple(s["words"]), doc.line(("synonyms", i)))
                             for i, s in enumerate(d["synonyms"])))


def check_synonyms(words: SearchWords | None, names: set[str], problems: Problems) -> None:
    """Every synonym stands for a name the site prints (``names``: rules', terms' and books')."""
    if words is None:
        return
    for target, _, line in words.synonyms:
        if target not in names:
            problems.add(SEARCH_FILE, line, f"synonyms for {target!r}, which is no rule's, term's or book's name",
                         "write the 漢字 name a rule, term or book page prints, e.g. 旬空")
