"""課體: the named patterns a lesson shows beyond its method and 課 name.

``unconditional``: decided by day and plate alone. ``conditional``: those that also depend on the
占時 (晝夜 generals), the 月將 or the 太歲; each carries its condition as a step (worded in the rule's
content entry), derived from the twelve 月將·占時 pairs that give the plate — never guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..ganzhi import Branch, GanZhi, Stage, Stem, stage
from ..steps import Step, declare, step
from .generals import is_night_hour, noble
from .plate import KE, ZEI, KeLesson, distinct_count, seat_of
from .rules import RULE_ID_BY_NAME, RULES
from .tables import (EARTH_BRANCHES, JIAN_NAMES, QUANJU, RU_NAMES, XUN_QI, guasu, guchen)

_ORDER = {r.id: i for i, r in enumerate(RULES)}
_ZHONG = (Branch.ZI, Branch.WU, Branch.MAO, Branch.YOU)


@dataclass(frozen=True)
class ConditionalPattern:
    """A 課體 that holds only at some moments. ``when`` says at which, for a machine: every key
    present must hold — ``hours`` (占時 branches), ``day_night`` ("day" or "night"),
    ``month_generals`` (月將 branches), ``years`` (太歲 branches), ``birth`` and ``xing`` (本命
    and 行年 branches); ``needs`` names what the asker must give (本命, 行年) for it to be told."""

    rule: str
    name: str
    condition: Step
    when: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def as_data(self) -> dict:
        return {"name": self.name, "rule": self.rule, "condition": self.condition.as_data(),
                "when": {k: (v[0] if k == "day_night" else list(v)) for k, v in self.when}}


declare({
    "liuren-cond-day": (),                          # 晝占 only
    "liuren-cond-night": (),                        # 夜占 only
    "liuren-cond-tianwang": ("hours", "first", "stem"),
    "liuren-cond-longde": ("first", "hits"),
    "liuren-cond-general-hour": ("general", "hour"),  # a 月將 over a 占時
    "liuren-cond-rides-day": ("first",),           # a general rides 初傳 in the 晝 arrangement
    "liuren-cond-rides-night": ("first",),         # … in the 夜 arrangement
})
_DAY = step("liuren-cond-day")
_NIGHT = step("liuren-cond-night")


@lru_cache(maxsize=None)
def rides_first(first: Branch, night: bool) -> Step:
    """The condition under which a general rides 初傳: the 晝 or the 夜 arrangement."""
    return step("liuren-cond-rides-night" if night else "liuren-cond-rides-day", first=first)


def _id(name: str) -> str:
    return RULE_ID_BY_NAME[name]


def _step(a: Branch, b: Branch) -> int:
    return (b - a) % 12


@lru_cache(maxsize=None)
def _by_transmissions(trans: tuple[Branch, Branch, Branch]) -> tuple[str, ...]:
    """The 課體 decided by the three transmissions alone (a few hundred distinct 三傳, each once)."""
    names: list[str] = []
    first, mid, last = trans
    seq = "".join(b.zh for b in trans)
    s1, s2 = _step(first, mid), _step(mid, last)
    if s1 == s2 == 1:
        names.append("進茹")
    if s1 == s2 == 11:
        names.append("退茹")
    if seq in RU_NAMES:
        names.append(RU_NAMES[seq])
    if s1 == s2 and s1 in (2, 10):
        names += ["間傳", "進間" if s1 == 2 else "退間", JIAN_NAMES[seq]]
    tset = frozenset(trans)
    if len(tset) == 3:
        for name, sets in QUANJU.items():
            if tset in sets:
                names.append(name)
        if tset <= EARTH_BRANCHES:
            names.append("稼穡")
    if all(b.season_class == "孟" for b in trans):
        names.append("元胎")
    return tuple(_id(n) for n in names)


@lru_cache(maxsize=12)
def _si_jue(plate: int) -> bool:
    """四絕: each 仲 (子午卯酉) stands on its own 絕 on this plate (see tables.py)."""
    return all(stage(z.element, seat_of(plate, z)) == Stage.JUE for z in _ZHONG)


# 隔角 (孤辰·寡宿) of each day branch (tables.guchen / tables.guasu, 《三命通會》 卷三 論孤辰寡宿).
_GEJIAO = {b: (guchen(b), guasu(b)) for b in Branch}


def unconditional(day: GanZhi, plate: int, heaven: tuple[Branch, ...], lessons: tuple[KeLesson, ...],
                  trans: tuple[Branch, Branch, Branch], lu: Branch) -> list[str]:
    names: list[str] = []
    first, mid, last = trans
    relations = [k.relation for k in lessons]
    if distinct_count(lessons) == 3:
        names.append("不備")
    gan_shang, zhi_shang = lessons[0].upper, lessons[2].upper
    if gan_shang == lu:
        names.append("臨官")
    if gan_shang in (Branch.CHEN, Branch.XU) or zhi_shang in (Branch.CHEN, Branch.XU):
        names.append("斬關")
    if seat_of(plate, first) in (Branch.MAO, Branch.YOU):
        names.append("龍戰")
    if first in _GEJIAO[day.branch]:
        names.append("隔角")
    if _si_jue(plate):
        names.append("四絕")
    if relations.count(KE) == 3 or relations.count(ZEI) == 3:
        names.append("度厄")
    zhuyin = heaven[Branch.SI] == Branch.XU and (
        (first == Branch.SI and mid == Branch.XU) or (mid == Branch.SI and last == Branch.XU))
    if zhuyin:
        names.append("鑄印")
    if (zhuyin and Branch.MAO in (*trans, *(k.upper for k in lessons))) or (
            first == Branch.WU and {Branch.MAO, Branch.ZI} <= {mid, last}):
        names.append("乘軒")
    if first == XUN_QI[day.xun_head.branch] or frozenset(trans) == {Branch.HAI, Branch.ZI, Branch.CHOU}:
        names.append("三奇")
    return list(_by_transmissions(trans)) + [_id(n) for n in names]


@lru_cache(maxsize=None)
def _pattern(name: str, condition: Step, when) -> ConditionalPattern:
    """Conditional patterns repeat across lessons (about 80 distinct in 720); build each once."""
    return ConditionalPattern(_id(name), name, condition, when)


@lru_cache(maxsize=None)
def _lide(stem: Stem, plate: int) -> tuple[bool, bool]:
    """勵德 by day and by night: 貴人 stands over 卯 or 酉."""
    return (seat_of(plate, noble(stem, False)) in (Branch.MAO, Branch.YOU),
            seat_of(plate, noble(stem, True)) in (Branch.MAO, Branch.YOU))


@lru_cache(maxsize=None)
def _tianwang(stem: Stem, first: Branch) -> ConditionalPattern | None:
    """天網: 初傳 overcomes the day stem; it holds when the 占時 does too."""
    if not first.element.overcomes(stem.element):
        return None
    hours = [b for b in Branch if b.element.overcomes(stem.element)]
    return _pattern("天網", step("liuren-cond-tianwang", hours=tuple(hours), first=first, stem=stem),
                    (("hours", tuple(b.zh for b in hours)),))


def _by_time(name: str, on_day: bool, on_night: bool, always: list[str],
             cond: list[ConditionalPattern]) -> None:
    if on_day and on_night:
        always.append(_id(name))
    elif on_day or on_night:
        cond.append(_pattern(name, _DAY if on_day else _NIGHT,
                             (("day_night", ("day" if on_day else "night",)),)))


def conditional(day: GanZhi, plate: int, trans: tuple[Branch, Branch, Branch],
                gen_day: tuple[str, ...], gen_night: tuple[str, ...],
                pairs: tuple[tuple[Branch, Branch], ...]) -> tuple[list[str], list[ConditionalPattern]]:
    """Patterns that depend on the hour, month or year: (holds for every hour, conditional ones)."""
    stem = day.stem
    first, _, last = trans
    always: list[str] = []
    cond: list[ConditionalPattern] = []
    _by_time("勵德", *_lide(stem, plate), always, cond)
    gd_first, gd_last, gn_first, gn_last = gen_day[first], gen_day[last], gen_night[first], gen_night[last]
    _by_time("狡童", gd_first == "六合" and gd_last == "天后", gn_first == "六合" and gn_last == "天后",
             always, cond)
    _by_time("泆女", gd_first == "天后" and gd_last == "六合", gn_first == "天后" and gn_last == "六合",
             always, cond)
    tianwang = _tianwang(stem, first)
    if tianwang is not None:
        cond.append(tianwang)
    if "貴人" not in (gd_first, gn_first):  # 龍德 needs 初傳 to carry 貴人 by day or by night
        return always, cond
    hits = []
    for month_general, hour in pairs:
        gens = gen_night if is_night_hour(hour) else gen_day
        if gens[first] == "貴人" and (first == month_general or month_general in trans):
            hits.append((month_general, hour))
    if hits:
        # On one plate the 月將 fixes the 占時, so the 月將 alone says which pairs.
        when = (("years", (first.zh,)), ("month_generals", tuple(m.zh for m, _ in hits)))
        said = tuple(step("liuren-cond-general-hour", general=m, hour=h) for m, h in hits)
        cond.append(_pattern("龍德", step("liuren-cond-longde", first=first, hits=said), when))
    return always, cond


def ordered(ids) -> tuple[str, ...]:
    return tuple(sorted(dict.fromkeys(ids), key=_ORDER.__getitem__))
