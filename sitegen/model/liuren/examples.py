"""Checking a seed example against the engine (the validation page and the tests both use this)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..ganzhi import LODGING, SIXTY, Branch, GanZhi, Stem
from ..options import Shehai
from ..steps import Pieces, Step, Word
from .engine import Lesson, lesson
from .generals import is_night_hour
from .plate import plate_of
from .rules import RULES_BY_ID


@dataclass(frozen=True)
class ExampleOutcome:
    agrees: bool
    expected: Pieces  # what the seed states, briefly
    actual: Pieces  # what the engine gives, briefly
    problems: tuple[str, ...]  # one line per disagreement (empty when it agrees)


def _plate(day: GanZhi, check: Mapping) -> int:
    if "plate" in check:
        return int(check["plate"])
    gs = Branch.from_zh(str(check["gan_shang"]))
    return (LODGING[day.stem] - gs) % 12 + 1


def _summary(les: Lesson, check: Mapping) -> Pieces:
    parts: list[Pieces] = [(s,) for s in _seats(check, les.gan_shang.zh, les.zhi_shang.zh)]
    parts.append((f"三傳 {''.join(b.zh for b in les.transmissions)}",))
    kind = les.method if les.method == les.ke else f"{les.method}·{les.ke}"
    if les.basis_method:
        kind += f"({les.basis_method}·{les.basis_ke})"
    parts.append((str(kind),))
    wanted = [str(n) for n in check.get("patterns", ())]
    if wanted:
        shown: list[Pieces] = []
        for n in wanted:
            cond = next((c for c in les.conditional_patterns if c.name == n), None)
            if cond is not None and n not in (les.method, les.ke):
                shown.append((f"{n}[", cond.condition, "]"))
            elif n in les.names:
                shown.append((n,))
            else:
                shown.append((f"{n}✗",))
        parts.append(_joined(" ", shown))
    return _joined(" · ", parts)


def _joined(sep: str, parts: list[Pieces]) -> Pieces:
    out: list[str | Word | Step] = []
    for i, p in enumerate(parts):
        out += ([sep] if i else []) + list(p)
    return tuple(out)


def _seats(check: Mapping, gan_shang, zhi_shang) -> list[str]:
    """干上 and 支上, where the example states them beside its plate."""
    seats = []
    if "plate" in check and "gan_shang" in check:
        seats.append(f"干上 {gan_shang}")
    if "zhi_shang" in check:
        seats.append(f"支上 {zhi_shang}")
    return seats


def evaluate_example(check: Mapping) -> ExampleOutcome:
    """Compute every day the check names and compare 三傳, method and 課體 names."""
    days = [GanZhi.from_zh(str(d)) for d in (check.get("days") or [check["day"]])]
    shehai = Shehai(check.get("shehai", Shehai.DEPTH))
    want_trans = check.get("transmissions")
    want_method = check.get("method")
    want_names = [str(n) for n in check.get("patterns", ())]
    exp = _seats(check, check.get("gan_shang"), check.get("zhi_shang"))
    if want_trans:
        exp.append(f"三傳 {want_trans}")
    if want_method:
        exp.append(str(want_method))
    if want_names:
        exp.append(" ".join(want_names))
    where = ((Word.ORDINAL, str(check["plate"]), Word.PLATE) if "plate" in check
             else (f"干上 {check['gan_shang']}",))
    expected = (f"{'·'.join(d.zh for d in days)} ", *where, ": " + " · ".join(exp))
    problems: list[str] = []
    actual_parts: list[Pieces] = []
    for day in days:
        les = lesson(day, _plate(day, check), shehai=shehai)
        actual_parts.append((f"{day.zh} ", Word.ORDINAL, str(les.plate), Word.PLATE, ": ",
                             *_summary(les, check)))
        if "plate" in check and "gan_shang" in check and les.gan_shang.zh != str(check["gan_shang"]):
            problems.append(f"{day.zh}: 干上 {les.gan_shang.zh} ≠ {check['gan_shang']}")
        if "zhi_shang" in check and les.zhi_shang.zh != str(check["zhi_shang"]):
            problems.append(f"{day.zh}: 支上 {les.zhi_shang.zh} ≠ {check['zhi_shang']}")
        got = "".join(b.zh for b in les.transmissions)
        if want_trans and got != str(want_trans):
            problems.append(f"{day.zh}: 三傳 {got} ≠ {want_trans}")
        if want_method and str(want_method) not in (les.method, les.ke, les.basis_method, les.basis_ke):
            problems.append(f"{day.zh}: {les.method}·{les.ke} ≠ {want_method}")
        missing = [n for n in want_names if n not in les.names]
        if missing:
            problems.append(f"{day.zh}: lacks {' '.join(missing)}")
    return ExampleOutcome(not problems, expected, _joined(" / ", actual_parts), tuple(problems))


def shifts(when: Mapping) -> set[str]:
    """The 晝/夜 ("day", "night") at which a condition can hold: its ``day_night``, and where every
    alternative of its ``any`` names one, theirs."""
    out = set(when.get("day_night", ("day", "night")))
    if "any" in when:
        out &= {s for alt in when["any"] for s in dict(alt).get("day_night", ("day", "night"))}
    return out


@dataclass(frozen=True)
class ClassicOutcome:
    agrees: bool
    plate: int                # the lesson's plate (the first whose 三傳 are the book's, for a 三傳 alone)
    transmissions: str
    kind: str                 # method·課 as the lesson names it
    status: str               # held | conditional | absent: how the named 課 stands on the lesson
    condition: Step | None    # its condition, when conditional
    problems: tuple[str, ...]  # one line per disagreement (build messages)


def classic_plates(day: GanZhi, at: str, shehai: Shehai = Shehai.DEPTH) -> tuple[int, ...]:
    """The plates of 課經集's words for a lesson: 「X時Y將」 (月將 Y over 占時 X), 「三傳XYZ」 (every
    plate whose 三傳 they are), or 「X加Y」, 「干上X」, 「支上X」, 伏吟, 返吟 (``bifa_plate``)."""
    if len(at) == 4 and at[1] == "時" and at[3] == "將":
        return (plate_of(Branch.from_zh(at[2]), Branch.from_zh(at[0])),)
    if at.startswith("三傳"):
        return tuple(p for p in range(1, 13)
                     if "".join(b.zh for b in lesson(day, p, shehai=shehai).transmissions) == at[2:])
    return (bifa_plate(day, at),)


def evaluate_classic(day_zh: str, at: str, name: str, first: str | None = None,
                     transmissions: str | None = None, shehai: Shehai = Shehai.DEPTH,
                     stated: tuple[tuple[str, str], ...] = ()) -> ClassicOutcome:
    """A worked example of 《六壬大全》 課經集: the day and the book's words for the plate (``at``,
    see ``classic_plates``) give the lesson; the named 課 must hold on it — at every moment, or
    under a condition that what the example states satisfies: its 占時, 晝夜 and 月將, and where
    the list gives them (``stated``: condition key and value), its month's 月建 (``months``) and
    the couple's 行年 (``couple``, 夫年妻年); what it does not state (the year, the asker) is not
    held against it — and the stated 用
    (``first``) and 三傳, if any, must be the lesson's. Where only the 三傳 are given, some plate with
    those 三傳 must show the 課. ``shehai``: the 涉害 option the lesson is derived by."""
    day = GanZhi.from_zh(day_zh)
    plates = classic_plates(day, at, shehai)
    if not plates:
        return ClassicOutcome(False, 0, "", "", "absent", None, (f"no plate of {day_zh} has 三傳 {at[2:]}",))
    outcomes = [_classic_on(day, p, at, name, first, transmissions, shehai, stated) for p in plates]
    return next((o for o in outcomes if o.agrees), outcomes[0])


def _classic_on(day: GanZhi, plate: int, at: str, name: str, first: str | None,
                transmissions: str | None, shehai: Shehai, stated: tuple[tuple[str, str], ...]) -> ClassicOutcome:
    les = lesson(day, plate, shehai=shehai)
    problems: list[str] = []
    trans = "".join(b.zh for b in les.transmissions)
    kind = les.method if les.method == les.ke else f"{les.method}·{les.ke}"
    held = name in (les.method, les.ke, les.basis_method, les.basis_ke) or name in (
        RULES_BY_ID[i].zh for i in les.patterns)
    cond = next((c for c in les.conditional_patterns if c.name == name), None)
    status = "held" if held else "conditional" if cond is not None else "absent"
    if status == "conditional":
        assert cond is not None           # conditional: the lesson has it under a condition
        when = dict(cond.when)
        if len(at) == 4 and at[1] == "時":    # the example states its 占時 (so its 晝夜) and 月將
            hour, general = Branch.from_zh(at[0]), Branch.from_zh(at[2])
            night = is_night_hour(hour)
            if ("hours" in when and hour.zh not in when["hours"]) or (
                    ("night" if night else "day") not in shifts(when)) or (
                    "month_generals" in when and general.zh not in when["month_generals"]):
                problems.append(f"{name}: its condition does not hold at {hour.zh} with {general.zh}")
        if stated and not _holds_with(when, dict(stated)):
            problems.append(f"{name}: its condition does not hold with " + ", ".join(v for _, v in stated))
    elif status == "absent":
        problems.append(f"no {name}")
    if first and trans[0] != first:
        problems.append(f"初傳 {trans[0]} ≠ {first}")
    if transmissions and trans != transmissions:
        problems.append(f"三傳 {trans} ≠ {transmissions}")
    return ClassicOutcome(not problems, plate, trans, str(kind), status,
                          cond.condition if status == "conditional" and cond is not None else None,
                          tuple(problems))


def _holds_with(when: dict, stated: dict[str, str]) -> bool:
    """Whether a condition can hold where the keys of ``stated`` have its values: each key it
    names, and where it names alternatives, every key of one of them."""
    def fits(keys: dict) -> bool:
        return all(v in keys[k] for k, v in stated.items() if k in keys)
    alternatives = when.get("any")
    return fits(when) and (alternatives is None or any(fits(dict(alt)) for alt in alternatives))


@dataclass(frozen=True)
class BifaOutcome:
    shows: bool               # the 法 shows on every day named (on the book's 晝/夜, where it states one)
    lessons: tuple[tuple[str, int], ...]   # (day, plate) of each day named
    transmissions: str        # the 三傳 of the first day's lesson
    kind: str                 # its method·課
    status: str               # held | conditional | absent (on the first day it does not show, else the first)
    condition: Step | None


def bifa_days(day: str) -> tuple[GanZhi, ...]:
    """A day, or 六X: the six days of stem X."""
    if day.startswith("六"):
        return tuple(d for d in SIXTY if d.stem.zh == day[1])
    return (GanZhi.from_zh(day),)


def bifa_plate(day: GanZhi, at: str) -> int:
    """The plate of the book's words: 「X加Y」 (heaven X over earth Y, or over stem Y's 寄宮),
    「干上X」, 「支上X」, 伏吟, 返吟."""
    if at in ("伏吟", "返吟"):
        return 1 if at == "伏吟" else 7
    if at.startswith(("干上", "支上")):
        under = LODGING[day.stem] if at[0] == "干" else day.branch
    elif at[2] in "甲乙丙丁戊己庚辛壬癸":
        under = LODGING[Stem.from_zh(at[2])]
    else:
        under = Branch.from_zh(at[2])
    return (under - Branch.from_zh(at[-1] if at[1] == "上" else at[0])) % 12 + 1


def evaluate_bifa(day: str, at: str, number: int, shift: str | None = None,
                  shehai: Shehai = Shehai.DEPTH) -> BifaOutcome:
    """A lesson 《畢法賦》 names for 法 ``number``: does the site show the 法 there? Held at every
    moment, or under a condition whose 晝/夜 (if any) is the book's ``shift`` (or its 占時's, where
    it states one); what the book does not state (the month, the year, the asker) is not held
    against it. The lesson is the book's words as 課經集 reads them (``classic_plates``): where
    only its 三傳 are given, some plate of the day with those 三傳 must show the 法."""
    if shift is None and len(at) == 4 and at[1] == "時":
        shift = "night" if is_night_hour(Branch.from_zh(at[0])) else "day"
    results = []
    for d in bifa_days(day):
        tried = []
        for p in classic_plates(d, at, Shehai(shehai)):
            les = lesson(d, p, shehai=Shehai(shehai))
            b = next((b for b in les.bifa if b.number == number), None)
            when = dict(b.when) if b is not None else {}
            ok = b is not None and not (shift and shift not in shifts(when))
            status = "absent" if b is None else "held" if b.condition is None else "conditional"
            tried.append((les, ok, status, None if b is None else b.condition))
        if not tried:
            raise ValueError(f"no plate of {d.zh} has {at}")
        results.append(next((t for t in tried if t[1]), tried[0]))
    first = next((r for r in results if not r[1]), results[0])
    les = first[0]
    return BifaOutcome(all(r[1] for r in results), tuple((r[0].day.zh, r[0].plate) for r in results),
                       "".join(b.zh for b in les.transmissions),
                       les.method if les.method == les.ke else f"{les.method}·{les.ke}", first[2], first[3])
