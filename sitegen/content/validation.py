"""Validation records: the seeds' worked examples and the comparison with a classical table.

``content/validation/<engine>-seeds.yaml`` lists every example a seed states, with where it
says so and what it claims; the engines check each claim when the site is built.
``content/validation/tanyuan.yaml`` records the lessons where 《大六壬探原》's table differs from
the engine (a test recomputes it against the table itself, so it cannot go stale).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..model.options import KinVariant, Shehai
from ..problems import Problems
from .rules import Cite
from .source import (
    AnyOf, Field, ListOf, MapOf, check_schema, content_files, int_in, is_bool, is_int, is_str,
    matches, one_of, read_yaml,
)
from .texts import ID_PATTERN

# What a seed example may check, engine by engine (the keys the engines' ``evaluate_example``
# read: sitegen/model/liuren/examples.py, sitegen/model/yi/examples.py). A misspelled key is an
# error, never a claim silently left unchecked.
_STEMS, _BRANCHES = "甲乙丙丁戊己庚辛壬癸", "子丑寅卯辰巳午未申酉戌亥"


def _ganzhi(v):
    ok = (isinstance(v, str) and len(v) == 2 and v[0] in _STEMS and v[1] in _BRANCHES
          and _STEMS.index(v[0]) % 2 == _BRANCHES.index(v[1]) % 2)
    return None if ok else "a day's 干支 such as 丙寅"


_branch = matches(f"[{_BRANCHES}]", "an earthly branch (子 … 亥)")
_branch_or_element = matches(f"[{_BRANCHES}金木水火土]", "a branch or an element")
_line = int_in(1, 6)
_names = ListOf(is_str)
_opt = lambda check: Field(check, required=False)   # noqa: E731

LIUREN_CHECK = {
    "day": _opt(_ganzhi), "days": _opt(ListOf(_ganzhi)), "plate": _opt(int_in(1, 12)),
    "gan_shang": _opt(_branch), "zhi_shang": _opt(_branch),
    "transmissions": _opt(matches(f"[{_BRANCHES}]{{3}}", "three branches such as 辰巳申")),
    "method": _opt(is_str), "patterns": _opt(_names),
    "shehai": _opt(one_of(*Shehai)),
}
_LINE_KIN = {"najia": _opt(_ganzhi), "liuqin": _opt(is_str)}
YI_CHECK = {
    "from": _opt(AnyOf((ListOf(is_str), is_str))), "to": _opt(is_str),
    "kin_variant": _opt(one_of(*KinVariant)),
    "bits": _opt(matches("[01]{6}", "six 1s and 0s, bottom line first")),
    "palace": _opt(is_str), "generation": _opt(is_int), "shi": _opt(_line), "ying": _opt(_line),
    "najia": _opt(MapOf(_line, _ganzhi)), "liuqin": _opt(MapOf(_line, is_str)),
    "missing": _opt(_names), "kin_count": _opt(MapOf(is_str, int_in(0, 6))),
    "fushen": _opt(ListOf({"line": Field(_line), **_LINE_KIN})),
    "palace_lines": _opt(MapOf(_line, _LINE_KIN)),
    "hexagram_rules": _opt(_names), "shi_ying": _opt(_names), "self_punish": _opt(ListOf(_line)),
    "stage": _opt(ListOf({"element": _opt(is_str), "liuqin": _opt(is_str),
                          "branch": Field(_branch), "stage": Field(is_str)})),
    "ganzhi_he": _opt(ListOf(ListOf(_ganzhi))),
    "moving": _opt(ListOf(_line)), "moving_includes": _opt(ListOf(_line)), "still": _opt(is_bool),
    "line_changes": _opt(MapOf(_line, {"from": _opt(_ganzhi), "to": _opt(_ganzhi),
                                       "from_liuqin": _opt(is_str), "to_liuqin": _opt(is_str),
                                       "mark": _opt(is_str), "rules": _opt(_names)})),
    "change_rules": _opt(_names),
    "meihua": _opt(AnyOf(({"ti": _opt(is_str), "yong": _opt(is_str), "relation": _opt(is_str)},
                          lambda v: None if v is None else "null or {ti, yong, relation}"))),
    "meihua_bian": _opt({"trigram": _opt(is_str), "relation": _opt(is_str)}),
    "meihua_hu": _opt(ListOf(AnyOf(({"trigram": Field(is_str), "relation": _opt(is_str)}, is_str)))),
    "trigram_changes": _opt(ListOf({"trigram": Field(is_str), "moving": Field(ListOf(int_in(1, 3))),
                                    "to": Field(is_str)})),
    "line_rule_pairs": _opt(ListOf({"from": Field(_branch_or_element),
                                    "to": Field(_branch_or_element), "rules": Field(_names)})),
    "liuhe_set": _opt(_names), "liuchong_set": _opt(_names),
}
CHECKS = {"liuren": LIUREN_CHECK, "yi": YI_CHECK}

EXAMPLE = {
    "id": Field(matches(ID_PATTERN, "lowercase letters, digits and hyphens")),
    "cite": Field(matches(r"[a-z0-9][a-z0-9-]*#[a-z0-9][a-z0-9-]*", "text-slug#paragraph-id")),
    "quote": Field(is_str),
    "says": Field(is_str),
    "check": Field(lambda v: None if isinstance(v, dict) and v else "a mapping of what to check"),
    "known_difference": Field(lambda v: None if v is None or (isinstance(v, str) and v.strip())
                              else "null or a Korean explanation", required=False),
}

SEEDS_FILE = {"engine": Field(is_str), "examples": Field(ListOf(EXAMPLE))}

DIFFERENCE = {
    "day": Field(is_str), "plate": Field(is_int), "tanyuan": Field(is_str),
    "engine": Field(is_str), "reason": Field(is_str),
}
NAME_DIFFERENCE = {
    "day": Field(is_str), "plate": Field(is_int), "tanyuan": Field(is_str), "engine": Field(is_str),
    "reason": Field(is_str), "resolved_by": Field(ListOf(is_str)),
}
TANYUAN_FILE = {"source": Field(is_str), "compared": Field(is_int),
                "differences": Field(ListOf(DIFFERENCE)),
                "option_reasons": _opt(MapOf(is_str, is_str)),
                "lost": _opt(ListOf({"day": Field(_ganzhi), "plate": Field(int_in(1, 12))})),
                "names": _opt({"compared": Field(is_int), "aliases": Field(MapOf(is_str, is_str)),
                               "reasons": Field(MapOf(is_str, is_str)),
                               "differences": Field(ListOf(NAME_DIFFERENCE))})}

# 《六壬大全》 課經集's worked examples: the 卷, the transcription's line and the heading it stands
# under, the day, the book's words for the plate (``at``), the 課 it calls the lesson, the 用 (初傳)
# and 三傳 where it states them, and the class of the site's verdict (with a note unless it
# agrees). Facts only — no passage is copied.
# agrees; the book's text is garbled; a school difference (the note names the variant that
# reproduces it); the book is ambiguous (the note gives both readings); the site is wrong (the note
# says how; listed, never hidden, until the predicate is fixed).
CLASSES = ("agrees", "garbled", "school", "ambiguous", "wrong")
_AT = (rf"[{_BRANCHES}]時[{_BRANCHES}]將|[{_BRANCHES}]加[{_BRANCHES}{_STEMS}]|[干支]上[{_BRANCHES}]|伏吟|返吟")
CLASSIC_EXAMPLE = {
    "juan": Field(int_in(7, 10)), "line": Field(int_in(1, 100000)),
    "title": Field(matches(r"\S+課", "a heading such as 元首課")),
    "day": Field(_ganzhi),
    "at": Field(matches(rf"{_AT}|三傳[{_BRANCHES}]{{3}}",
                        "the book's words for the lesson: 卯時子將, 午加酉, 干上午, 支上未, 伏吟, 返吟 or 三傳辰巳午")),
    "name": Field(is_str),
    "first": Field(_branch, required=False),
    "transmissions": Field(matches(f"[{_BRANCHES}]{{3}}", "three branches such as 辰巳申"), required=False),
    "month": Field(_branch, required=False),
    "couple": Field(matches(f"[{_BRANCHES}]{{2}}", "the 夫年 and 妻年 branches, such as 寅午"), required=False),
    "couple_years": Field(matches(f"([{_STEMS}][{_BRANCHES}]){{2}}", "the 夫年 and 妻年 as 干支, such as 甲寅己亥"),
                          required=False),
    "variant": Field(one_of(*Shehai), required=False),
    "class": Field(one_of(*CLASSES)),
    "note": Field(is_str, required=False),
}
CLASSIC_FILE = {"source": Field(is_str), "examples": Field(ListOf(CLASSIC_EXAMPLE))}
# what an example may state of a condition: (the condition's key, the entry's field)
_STATED = (("months", "month"), ("couple", "couple"), ("couple_years", "couple_years"))

# The lessons 《畢法賦》 (卷十一–十二) names for a 法: its number, the transcription's line, the day (or
# 六X, the six days of stem X), the lesson in the book's words, the 晝/夜 it states, whether it names
# the lesson as showing the 法, whether it was read by hand (a form tests/daquan_lessons.py does not
# read), and the class of the site's verdict (with a note unless it agrees; a school difference
# names the 涉害 ``variant`` that reproduces it, where that is the difference).
BIFA_LESSON = {
    "fa": Field(int_in(1, 100)), "line": Field(int_in(1, 100000)),
    "day": Field(lambda v: _ganzhi(v) if not (isinstance(v, str) and len(v) == 2 and v[0] == "六")
                 else None if v[1] in _STEMS else "六 and a stem, e.g. 六己"),
    "at": Field(matches(rf"{_AT}|三傳[{_BRANCHES}]{{3}}",
                        "the book's words for the lesson: 寅加亥, 辰加壬, 干上午, 支上未, 伏吟, 返吟, "
                        "卯時子將 or 三傳辰巳午")),
    "shift": Field(one_of("day", "night"), required=False),
    "book": Field(one_of("holds", "not"), required=False),
    "read": Field(one_of("hand"), required=False),
    "variant": Field(one_of(*Shehai), required=False),
    "class": Field(one_of(*CLASSES)),
    "note": Field(is_str, required=False),
}
BIFA_FILE = {"source": Field(is_str), "lessons": Field(ListOf(BIFA_LESSON))}


@dataclass(frozen=True)
class Example:
    id: str
    engine: str
    cite: Cite
    says: str
    check: dict[str, Any]
    known_difference: str | None
    file: str
    line: int


@dataclass(frozen=True)
class Difference:
    day: str
    plate: int
    tanyuan: str
    engine: str
    reason: str
    line: int


@dataclass(frozen=True)
class NameDifference:
    day: str
    plate: int
    tanyuan: str                 # the names 探原 gives, as it writes them (、 between)
    engine: str                  # the engine's, by its default options
    reason: str                  # a key of ``NameComparison.reasons``
    resolved_by: tuple[str, ...]  # the options under which the engine gives 探原's names too
    line: int


@dataclass(frozen=True)
class NameComparison:
    compared: int
    aliases: dict[str, str]
    reasons: dict[str, str]
    differences: tuple[NameDifference, ...]


@dataclass(frozen=True)
class Comparison:
    source: str
    compared: int
    differences: tuple[Difference, ...]
    file: str
    lost: tuple[tuple[str, int], ...] = ()      # the lessons the transcription lost
    option_reasons: dict[str, str] | None = None  # why an option parts from 探原 where the default does not
    names: NameComparison | None = None


@dataclass(frozen=True)
class ClassicExample:
    juan: int
    at_line: int          # the line of the transcription of its 卷
    title: str
    day: str
    at: str               # 卯時子將, 午加酉, 干上午, 支上未, 伏吟, 返吟, 三傳辰巳午
    name: str
    first: str | None
    transmissions: str | None
    stated: tuple[tuple[str, str], ...]   # what the example states of a condition: months (三月 → 辰), couple(_years)
    variant: str | None   # school: the 涉害 reading (Shehai) under which the site reproduces it
    cls: str              # one of CLASSES
    note: str | None
    file: str
    line: int
    number: int  # its place among the examples of its 卷, in the book's order

    @property
    def id(self) -> str:
        return f"daquan-{self.juan:02d}-{self.number:02d}"


@dataclass(frozen=True)
class BifaLesson:
    fa: int
    line: int             # the line of the transcription of its 卷 (卷十一 for 法 1–50, else 卷十二)
    day: str              # a day, or 六X
    at: str               # 寅加亥, 干上午, 伏吟, 返吟
    shift: str | None     # day | night, as the book states
    holds: bool           # the book names it as showing the 法
    cls: str              # one of CLASSES
    note: str | None
    file: str
    entry_line: int
    variant: str | None = None   # the 涉害 reading that reproduces a school difference

    @property
    def juan(self) -> int:
        return 11 if self.fa <= 50 else 12

    @property
    def id(self) -> str:
        return f"bifa-{self.fa:03d}-{self.juan}-{self.line}-{self.day}-{self.at}"


@dataclass(frozen=True)
class Validation:
    examples: tuple[Example, ...]
    tanyuan: Comparison | None
    classic: tuple[ClassicExample, ...] = ()
    classic_source: str = ""
    bifa: tuple[BifaLesson, ...] = ()
    bifa_source: str = ""


TANYUAN = "tanyuan.yaml"
DAQUAN = "daquan-kejing.yaml"
BIFA = "daquan-bifa.yaml"


def _liuren_complete(check: dict, doc, rel: str, problems: Problems, i: int) -> bool:
    """A lesson check names its day(s) and its plate (by number or by 干上)."""
    missing = [what for what, keys in (("day or days", ("day", "days")),
                                       ("plate or gan_shang", ("plate", "gan_shang")))
               if not any(k in check for k in keys)]
    for what in missing:
        problems.add(rel, doc.line(("examples", i, "check")), f"the check names no {what}",
                     "a lesson is a day and a plate: give 'day: 丙寅' and 'plate: 8' (or "
                     "'gan_shang: 戌')")
    return not missing


def load_validation(root: Path, problems: Problems) -> Validation:
    folder = root / "content" / "validation"
    examples: list[Example] = []
    seen: dict[str, str] = {}
    files = content_files(root, "validation",
                          lambda n: n.endswith("-seeds.yaml") or n in (TANYUAN, DAQUAN, BIFA),
                          f"validation files are <engine>-seeds.yaml, {TANYUAN}, {DAQUAN} and {BIFA}", problems)
    for path in files:
        if path.name in (TANYUAN, DAQUAN, BIFA):
            continue
        rel = path.relative_to(root).as_posix()
        doc = read_yaml(path, rel, problems)
        if doc is None or not check_schema(doc.data, SEEDS_FILE, doc, rel, problems):
            continue
        engine = doc.data["engine"]
        if engine not in CHECKS:
            problems.add(rel, doc.line(("engine",)), f"the engine {engine!r} is unknown",
                         "the engines are: " + ", ".join(CHECKS))
            continue
        if path.name != f"{engine}-seeds.yaml":
            problems.add(rel, doc.line(("engine",)), f"the examples of engine {engine} belong in "
                         f"content/validation/{engine}-seeds.yaml", "rename the file")
        for i, e in enumerate(doc.data["examples"]):
            line = doc.line(("examples", i))
            if not check_schema(e["check"], CHECKS[engine], doc, rel, problems,
                                ("examples", i, "check")):
                continue
            if engine == "liuren" and not _liuren_complete(e["check"], doc, rel, problems, i):
                continue
            if e["id"] in seen:
                problems.add(rel, line, f"the example id {e['id']!r} is already used in {seen[e['id']]}",
                             "give the example an id of its own")
                continue
            seen[e["id"]] = f"{rel}:{line}"
            text_slug, _, para = e["cite"].partition("#")
            examples.append(Example(e["id"], engine, Cite(text_slug, para, e["quote"], rel, line),
                                    e["says"], e["check"], e.get("known_difference"), rel, line))
    tanyuan = None
    path = folder / TANYUAN
    if path in files:
        rel = path.relative_to(root).as_posix()
        doc = read_yaml(path, rel, problems)
        if doc is not None and check_schema(doc.data, TANYUAN_FILE, doc, rel, problems):
            d = doc.data
            names = None
            if "names" in d:
                n = d["names"]
                for i, x in enumerate(n["differences"]):
                    if x["reason"] not in n["reasons"]:
                        problems.add(rel, doc.line(("names", "differences", i)), f"the reason "
                                     f"{x['reason']!r} is not one of names.reasons",
                                     "the reasons are: " + ", ".join(n["reasons"]))
                names = NameComparison(n["compared"], dict(n["aliases"]), dict(n["reasons"]), tuple(
                    NameDifference(x["day"], x["plate"], x["tanyuan"], x["engine"], x["reason"],
                                   tuple(x["resolved_by"]), doc.line(("names", "differences", i)))
                    for i, x in enumerate(n["differences"])))
            tanyuan = Comparison(d["source"], d["compared"], tuple(
                Difference(x["day"], x["plate"], x["tanyuan"], x["engine"], x["reason"],
                           doc.line(("differences", i)))
                for i, x in enumerate(d["differences"])), rel,
                tuple((x["day"], x["plate"]) for x in d.get("lost", ())), dict(d.get("option_reasons", {})),
                names)
    classic: list[ClassicExample] = []
    classic_source = ""
    path = folder / DAQUAN
    if path in files:
        rel = path.relative_to(root).as_posix()
        doc = read_yaml(path, rel, problems)
        if doc is not None and check_schema(doc.data, CLASSIC_FILE, doc, rel, problems):
            classic_source = doc.data["source"]
            counts: dict[int, int] = {}
            for i, x in enumerate(doc.data["examples"]):
                line = doc.line(("examples", i))
                ok, note = _class_note(x, f"the example of 卷{x['juan']} {x['day']}日 {x['at']}", rel, line, problems)
                if not ok:
                    continue
                counts[x["juan"]] = counts.get(x["juan"], 0) + 1
                classic.append(ClassicExample(
                    x["juan"], x["line"], x["title"], x["day"], x["at"], x["name"], x.get("first"),
                    x.get("transmissions"), tuple((key, x[field]) for key, field in _STATED if field in x),
                    x.get("variant"), x["class"], note, rel, line, counts[x["juan"]]))
    bifa, bifa_source = _bifa_lessons(folder / BIFA, files, root, problems)
    return Validation(tuple(examples), tanyuan, tuple(classic), classic_source, bifa, bifa_source)


def _bifa_lessons(path: Path, files, root: Path, problems: Problems) -> tuple[tuple[BifaLesson, ...], str]:
    if path not in files:
        return (), ""
    rel = path.relative_to(root).as_posix()
    doc = read_yaml(path, rel, problems)
    if doc is None or not check_schema(doc.data, BIFA_FILE, doc, rel, problems):
        return (), ""
    out = []
    for i, x in enumerate(doc.data["lessons"]):
        line = doc.line(("lessons", i))
        ok, note = _class_note(x, f"the lesson of 第{x['fa']}法 {x['day']}日 {x['at']}", rel, line, problems)
        if not ok:
            continue
        out.append(BifaLesson(x["fa"], x["line"], x["day"], x["at"], x.get("shift"),
                              x.get("book", "holds") == "holds", x["class"], note, rel, line, x.get("variant")))
    return tuple(out), doc.data["source"]


def _class_note(x: dict, what: str, rel: str, line: int, problems: Problems) -> tuple[bool, str | None]:
    """Whether an entry's class, note and variant go together (reported where they do not), and its
    note: None where it agrees, its text otherwise."""
    note = (x.get("note") or "").strip() or None
    if (x["class"] == "agrees") == bool(note):
        problems.add(rel, line, f"{what} classed {x['class']} " + ("has a note" if note else "has no note"),
                     "an entry the site reproduces is classed agrees, without a note; any other "
                     "class says why in a note")
        return False, None
    if "variant" in x and x["class"] != "school":
        problems.add(rel, line, f"{what} names a variant but is classed {x['class']}",
                     "only a school difference names the variant that reproduces it")
        return False, None
    return True, note
