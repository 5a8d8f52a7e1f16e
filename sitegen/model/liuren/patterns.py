"""課體 on a lesson: every 課體 rule's one predicate (``RuleDef.holds``, ``keti.py``) applied to the
lesson's facts. What holds from day and plate alone is a rule id; what holds only at some moments is
a ``ConditionalPattern`` with its condition as a step (worded in the rule entries) and as data."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Literal

from ..ganzhi import Branch
from ..steps import Step, declare, step
from ..rules import RuleDef
from .keti import READS, Cond, Facts
from .rules import BF, P, RULES

_ORDER = {r.id: i for i, r in enumerate(RULES)}


class _Group:
    """Predicates evaluated together; those that read less than the lesson (``keti.READS``) once per
    distinct value of what they read."""

    def __init__(self, rules: Iterable[RuleDef]) -> None:
        self.by_key: dict[str | None, list] = {}
        for r in rules:
            self.by_key.setdefault(getattr(r.holds, "reads", None), []).append((r, r.holds))
        self.cache: dict[tuple, tuple] = {}

    def run(self, f: Facts) -> list[tuple[RuleDef, Literal[True] | Cond]]:
        """(rule, result) for every rule that holds, at every moment or under a condition."""
        out: list[tuple[RuleDef, Literal[True] | Cond]] = []
        for key, rules in self.by_key.items():
            if key is None:
                out += _results(rules, f)
                continue
            k = (key, READS[key](f))
            hit = self.cache.get(k)
            if hit is None:
                hit = self.cache[k] = tuple(_results(rules, f))
            out += hit
        return out


def _results(rules, f: Facts) -> list:
    """(rule, result) of the rules that hold (every predicate returns True, a ``Cond``, or one of
    None, False, ``UNDECIDED``: tests/test_liuren_kejing.py checks it on all 720)."""
    out = []
    for r, holds in rules:
        res = holds(f)
        if res is True or res.__class__ is Cond:
            out.append((r, res))
    return out


_PATTERNS = _Group(r for r in RULES if r.family == P)
_BIFA = _Group(r for r in RULES if r.family == BF)


def when_data(when: tuple[tuple[str, tuple[str, ...]], ...]) -> dict:
    """A condition's ``when`` as data: each key's branches as a list, ``day_night`` as its word."""
    return {k: (v[0] if k == "day_night" else list(v)) for k, v in when}


@dataclass(frozen=True)
class ConditionalPattern:
    """A 課體 that holds only at some moments. ``when`` says at which, for a machine: every key
    present must hold — ``hours`` (占時 branches), ``day_night`` ("day" or "night"),
    ``months`` (月建 branches), ``month_generals`` (月將 branches), ``years`` (太歲 branches),
    ``birth`` and ``xing`` (本命 and 行年 branches), ``moon`` (the 宮 of the Moon's mansion, 月宿),
    ``dates`` (days of the calendar: 四立日, 四立前日, 分至日); ``needs`` names what the asker must give (本命, 行年) for it to be told."""

    rule: str
    name: str
    condition: Step
    when: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def as_data(self, words: Callable[[Step], str] | None = None) -> dict:
        return {"name": self.name, "rule": self.rule,
                "condition": self.condition.as_data() if words is None else words(self.condition),
                "when": when_data(self.when)}


declare({
    "liuren-cond-rides-day": ("first",),           # a general rides 初傳 in the 晝 arrangement
    "liuren-cond-rides-night": ("first",),         # … in the 夜 arrangement
})


@lru_cache(maxsize=None)
def rides_first(first: Branch, night: bool) -> Step:
    """The condition under which a general rides 初傳: the 晝 or the 夜 arrangement."""
    return step("liuren-cond-rides-night" if night else "liuren-cond-rides-day", first=first)


@lru_cache(maxsize=None)
def _pattern(rid: str, name: str, c: Cond) -> ConditionalPattern:
    """Conditional patterns repeat across lessons; build each once."""
    return ConditionalPattern(rid, name, c.condition, c.when)


def evaluate(f: Facts) -> tuple[list[str], list[ConditionalPattern]]:
    """(the 課體 that hold at every moment, those that hold under a condition), in catalog order."""
    held: list[str] = []
    cond: list[ConditionalPattern] = []
    for r, res in sorted(_PATTERNS.run(f), key=lambda x: _ORDER[x[0].id]):
        if res is True:
            held.append(r.id)
        else:
            cond.append(_pattern(r.id, r.zh, res))
    return held, cond


@dataclass(frozen=True)
class BifaHolds:
    """A 法 of 《畢法賦》 on a lesson: held at every moment (``condition`` None) or under one."""

    number: int
    condition: Step | None = None
    when: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @property
    def rule(self) -> str:
        return f"liuren-bifa-{self.number:03d}"

    def as_data(self) -> dict:
        return {"number": self.number,
                "condition": None if self.condition is None else when_data(self.when)}


_bifa_holds = lru_cache(maxsize=None)(BifaHolds)


def bifa(f: Facts) -> tuple[BifaHolds, ...]:
    """The 法 of 《畢法賦》 the lesson shows, by number."""
    out = []
    for r, res in sorted(_BIFA.run(f), key=lambda x: _ORDER[x[0].id]):
        n = int(r.id.rsplit("-", 1)[1])
        out.append(_bifa_holds(n) if res is True else _bifa_holds(n, res.condition, res.when))
    return tuple(out)


def ordered(ids) -> tuple[str, ...]:
    return tuple(sorted(dict.fromkeys(ids), key=_ORDER.__getitem__))
