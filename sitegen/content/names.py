"""Korean for the engines' Chinese names and the fixed pages' titles, from ``content/names.yaml``.

The engines (``sitegen/model``) hold no Korean. What a reader reads beside a 干支 or a hexagram, and
the heading of each page that is not made from a text, a rule, a term or a chart, is here. A missing
or misspelled key is a problem with its line; the hexagrams and the words are matched against the
engine's (its 64 hexagrams, ``sitegen.model.steps.Word``) by the model
(``sitegen.model.knowledge.check_names``), which knows them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..problems import Problems
from .source import Field, MapOf, check_schema, is_str, matches, read_yaml

FILE = "content/names.yaml"

STEMS, BRANCHES = "甲乙丙丁戊己庚辛壬癸", "子丑寅卯辰巳午未申酉戌亥"

# The pages whose title is written here, by page key (sitegen/model/site.py registers them).
PAGES = ("texts", "liuren", "cast", "cast-tables", "yi", "yi-matrix", "rules", "terms", "about",
         "validation", "validation:liuren", "validation:daquan", "validation:yi", "validation:rules", "validation:rules-liuren", "conventions", "agreement",
         "404", "search", "search-index", "addresses", "redirect", "books", "edition-changes")

# The top menu's entries, in order (the page keys whose labels ``nav:`` gives), and what a rule
# may apply to (``applies:``).
NAV = ("texts", "liuren", "yi", "cast", "rules", "terms", "validation", "about")
APPLIES = ("lesson", "hexagram", "change")

_READING = matches("[\uac00-\ud7a3]+", "a Korean reading in Hangul, such as 갑")
_HEXAGRAM = {"short": Field(_READING), "name": Field(_READING)}


def _with(*names: str):
    """A word that holds each of the placeholders ``{name}`` (and no other)."""
    wanted = {"{" + n + "}" for n in names}

    def check(v) -> str | None:
        got = set(re.findall(r"\{[^{}]*\}", v)) if isinstance(v, str) else None
        return None if got == wanted else "words with " + ", ".join(sorted(wanted)) + " in them, and no other {…}"
    return check


@dataclass(frozen=True)
class CitationWords:
    """The words of a citation (``citation:``; :mod:`sitegen.render.cite` writes them)."""

    unknown: str        # a person the content records as unknown
    author: str
    translated: str     # the role of who put a text into Korean
    edited: str         # the role of who edited the site's own pages
    edition: str        # with {edition}
    paragraph: str      # with {paragraph}


CITATION = {"unknown": Field(is_str), "author": Field(is_str), "translated": Field(is_str),
            "edited": Field(is_str), "edition": Field(_with("edition")),
            "paragraph": Field(_with("paragraph"))}

SCHEMA = {
    "stems": Field({s: Field(_READING) for s in STEMS}),
    "branches": Field({b: Field(_READING) for b in BRANCHES}),
    "hexagrams": Field(MapOf(is_str, _HEXAGRAM)),
    "pages": Field({p: Field(is_str) for p in PAGES}),
    "words": Field(MapOf(is_str, is_str)),
    "citation": Field(CITATION),
    "nav": Field({k: Field(is_str) for k in NAV}),
    "applies": Field({k: Field(is_str) for k in APPLIES}),
    "families": Field(MapOf(is_str, {"zh": Field(is_str), "ko": Field(is_str)})),
}


@dataclass(frozen=True)
class Names:
    stems: dict[str, str]                      # 甲 → 갑
    branches: dict[str, str]                   # 子 → 자
    hexagrams: dict[str, tuple[str, str]]      # short name → (its reading alone, the full name's)
    pages: dict[str, str]                      # page key → title
    words: dict[str, str]                      # a word of the examples' summaries → its Korean
    lines: dict[tuple[str, str], int]          # (section, key) → its line; (section, "") → the section's
    citation: CitationWords
    families: dict[str, tuple[str, str]]       # a rule family → (its Chinese name, its Korean line)
    nav: dict[str, str]                        # the top menu: page key → label, in NAV's order
    applies: dict[str, str]                    # lesson, hexagram, change → how a rule page says it

    def ganzhi(self, gz) -> str:
        """A 干支 read in Korean: 丙寅 → 병인."""
        return self.stems[gz.stem.zh] + self.branches[gz.branch.zh]

    def branch(self, b) -> str:
        return self.branches[b.zh]

    def hexagram(self, h) -> str:
        """A hexagram's full name read in Korean: 天風姤 → 천풍구."""
        return self.hexagrams[h.short][1]

    def hexagram_short(self, h) -> str:
        """A hexagram's short name read in Korean: 姤 → 구."""
        return self.hexagrams[h.short][0]


def load_names(root: Path, problems: Problems) -> Names | None:
    doc = read_yaml(root / FILE, FILE, problems)
    if doc is None or not check_schema(doc.data, SCHEMA, doc, FILE, problems):
        problems.lost.add(FILE)
        return None
    d = doc.data
    hexagrams = {k: (v["short"], v["name"]) for k, v in d["hexagrams"].items()}
    lines = {(sec, k): doc.line((sec, k)) for sec in ("hexagrams", "words", "families") for k in d[sec]}
    lines |= {(sec, ""): doc.line((sec,)) for sec in ("hexagrams", "words", "families")}
    return Names(dict(d["stems"]), dict(d["branches"]), hexagrams, dict(d["pages"]), dict(d["words"]), lines,
                 CitationWords(**d["citation"]), {k: (v["zh"], v["ko"]) for k, v in d["families"].items()},
                 {k: d["nav"][k] for k in NAV}, dict(d["applies"]))
