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
from typing import Any

from ..problems import Problems
from .validation import CLASSES as VALIDATION_CLASSES
from .source import Field, MapOf, check_schema, is_str, matches, read_yaml

FILE = "content/names.yaml"

STEMS, BRANCHES = "甲乙丙丁戊己庚辛壬癸", "子丑寅卯辰巳午未申酉戌亥"

# The pages whose title is written here, by page key (sitegen/model/site.py registers them).
PAGES = ("texts", "liuren", "cast", "cast-tables", "yi", "yi-matrix", "rules", "terms", "about",
         "validation", "validation:liuren", "validation:daquan", "validation:yi", "validation:rules", "validation:rules-liuren", "conventions", "agreement",
         "404", "search", "search-index", "addresses", "redirect", "books", "edition-changes")

# The time zones and places the cast page offers (``--tz``, ``--place LAT,LON``: city centres, to
# 0.01°), in its order; their names are under ``cast_zones:`` and ``cast_places:``.
CAST_ZONES = ("Asia/Seoul", "Asia/Shanghai", "Asia/Taipei", "Asia/Tokyo")
CAST_PLACES = ("37.57,126.98", "35.18,129.08", "39.02,125.75", "39.90,116.41", "31.23,121.47",
               "25.03,121.56", "22.32,114.17", "35.68,139.69")

# The fixed pages the search index holds an entry of (``search: pages:``), in its order.
SEARCH_PAGES = ("validation", "yi-matrix", "liuren", "yi", "rules", "terms")

# The top menu's entries, in order (the page keys whose labels ``nav:`` gives), and what a rule
# may apply to (``applies:``).
NAV = ("texts", "liuren", "yi", "cast", "rules", "terms", "validation", "about")
APPLIES = ("lesson", "hexagram", "change")

_READING = matches("[\uac00-\ud7a3]+", "a Korean reading in Hangul, such as 갑")
_HEXAGRAM = {"short": Field(_READING), "name": Field(_READING)}


def _with(*names: str):
    """A word that holds each of the placeholders ``{name}`` (and no other, nor a stray brace)."""
    wanted = {"{" + n + "}" for n in names}

    def check(v) -> str | None:
        got = set(re.findall(r"\{[^{}]*\}", v)) if isinstance(v, str) else None
        if got == wanted and not re.search(r"[{}]", re.sub(r"\{[^{}]*\}", "", v)):
            return None
        if not wanted:
            return "words with no {…} in them"
        return "words with " + ", ".join(sorted(wanted)) + " in them, and no other {…}"
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


_CARD = {"title": (), "sub": (), "body": ()}

# The sentences and labels the views and ``sitegen cast`` write, by section: each key with the
# placeholders ``{name}`` its words must hold (and no other), or a mapping of such keys. Python
# fills them in with facts (numbers, 干支, names); the words are content/names.yaml's.
PHRASES: dict[str, dict] = {
    # the home page's cards, each with its 漢字 title, its Korean line and what it leads to
    "home": {"cast": _CARD, "liuren": _CARD, "yi": _CARD,
             "rules": {"title": (), "sub": ("n",), "body": ()},
             "terms": {"title": (), "sub": ("n",), "body": ()},
             "validation": {"title": (), "sub": (), "body": ("examples", "tanyuan", "classic", "bifa")},
             "search": _CARD, "agree": ("agree", "of")},
    # the <meta name=description> of the pages whose description is no text's summary
    "descriptions": {"cast": (), "search": ()},
    # how a worked example of 《六壬大全》 is classed against the site's lesson (CLASSES)
    "classes": {c: () for c in VALIDATION_CLASSES},
    # whether the site's lesson holds a 課體 or 法: at once, under a condition, not at all
    "stands": {"held": (), "conditional": (), "absent": ()},
    "validation_words": {
        "summary": {"liuren": ("agree", "of"), "yi": ("agree", "of"),
                    "kejing": ("listed", "held", "held_if", "missing"),
                    "tanyuan": ("agree", "of"), "grounds": ("n", "cited", "quoted", "follows")},
        "summary_labels": {"liuren": (), "yi": (), "kejing": (), "daquan": (), "bifa": (),
                           "tanyuan": (), "grounds": ()},
        "totals": ("n", "unit", "classes"), "class_count": ("class", "n"),
        "unit_example": (), "unit_plate": (),
        "classic_actual": ("plate", "transmissions", "kind", "name", "stands"),
        "classic_no_plate": (),
        "bifa_holds": (), "bifa_fails": (),
        "bifa_actual": ("plate", "transmissions", "kind", "fa", "stands"),
        "six_days_all": (), "six_days_some": (),
        "conditions_in_cells": (),
        "juan": {"7": (), "8": (), "9": (), "10": (), "none": ()},
    },
    # the search index's result kinds and its entries for the fixed pages
    "search": {"rule": ("zh", "ko"), "term": (), "book": (),
               "pages": {k: {"title": (), "sub": (), "words": ()}
                         for k in SEARCH_PAGES}},
    "yi_words": {"yang": (), "yin": (), "figure": ("name", "lines"), "figure_moving": ("figure", "lines"),
                 "kin_ben_palace": (), "kin_bian_palace": (),
                 "still": ("change",), "moving": ("change", "lines"),
                 "held_on_day": (), "not_held_on_day": ()},
    "liuren_words": {"plate_title": ("day", "plate", "upper"), "in_lesson": ("n",), "outside": ()},
    # what another school's reading changes in a lesson (the lesson page's variants)
    "variant_facts": {k: () for k in ("transmissions", "method", "ke", "basis_ke", "name",
                                      "generals_day", "generals_night")},
    "texts_words": {"term": ("zh", "ko"), "kejing_chart": ("day", "plate", "transmissions")},
    # the cast page's time zones and places, by IANA name and by LAT,LON
    "cast_zones": {z: () for z in CAST_ZONES},
    "cast_places": {p: () for p in CAST_PLACES},
    # the text ``sitegen cast`` prints
    "cast_text": {
        "head": ("at", "tz", "offset", "day_starts"),
        "skipped": ("at", "tz", "read_as", "other"), "repeated": ("at", "tz", "read_as", "other"),
        "by_sun": ("day_night",), "spouse": ("xingnian",), "conditional": (),
        "held": (), "not_held": (), "undecided": (),
        "sun": ("place", "sunrise", "sunset", "mean", "true", "sign", "min", "sec", "hour"),
        "by8": ("n", "rest", "trigram"), "by6": ("n", "rest", "line"),
        "coins": ("throws",), "leap": (),
        "meihua_time": ("year", "leap", "month", "day", "y", "m", "d", "upper", "hour", "lower", "moving"),
        "plus_hour": ("hour",), "meihua_numbers": ("upper", "lower", "sum", "total", "moving"),
        "no_moving": (), "no_lines": (),
    },
}


def _phrases(spec: dict) -> dict:
    return {k: Field(_phrases(v) if isinstance(v, dict) else _with(*v)) for k, v in spec.items()}


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
    **{sec: Field(_phrases(spec)) for sec, spec in PHRASES.items()},
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
    phrases: dict[str, dict]                   # PHRASES' sections: key → words (or a mapping of them)

    def say(self, section: str, *keys: str, **values) -> str:
        """The words under ``section`` and ``keys`` (``"home", "rules", "sub"``) with their
        placeholders filled in from ``values``."""
        words: Any = self.phrases[section]
        for k in keys:
            words = words[k]
        return words.format(**values) if values else str(words)

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
                 {k: d["nav"][k] for k in NAV}, dict(d["applies"]),
                 {sec: d[sec] for sec in PHRASES})
