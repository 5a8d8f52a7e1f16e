"""課體 on a lesson: every 課體 rule's one predicate (``RuleDef.holds``, ``keti.py``) applied to the
lesson's facts. What holds from day and plate alone is a rule id; what holds only at some moments is
a ``ConditionalPattern`` with its condition as a step (worded in the rule entries) and as data."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..ganzhi import Branch
from ..steps import Step, declare, step
from .keti import UNDECIDED, Cond, Facts
from .rules import BF, P, RULES

_ORDER = {r.id: i for i, r in enumerate(RULES)}
_PATTERNS = tuple((r.id, r.zh, r.holds) for r in RULES if r.family == P)
_BIFA = tuple((int(r.id.rsplit("-", 1)[1]), r.holds) for r in RULES if r.family == BF)
_BY_TRANS = tuple(p for p in _PATTERNS if getattr(p[2], "by_trans", False))
_OTHERS = tuple(p for p in _PATTERNS if not getattr(p[2], "by_trans", False))


@dataclass(frozen=True)
class ConditionalPattern:
    """A 課體 that holds only at some moments. ``when`` says at which, for a machine: every key
    present must hold — ``hours`` (占時 branches), ``day_night`` ("day" or "night"),
    ``months`` (月建 branches), ``month_generals`` (月將 branches), ``years`` (太歲 branches),
    ``birth`` and ``xing`` (本命 and 行年 branches), ``dates`` (days of the calendar: 四立日,
    四立前日, 月宿加仲); ``needs`` names what the asker must give (本命, 行年) for it to be told."""

    rule: str
    name: str
    condition: Step
    when: tuple[tuple[str, tuple[str, ...]], ...] = ()

    def as_data(self) -> dict:
        return {"name": self.name, "rule": self.rule, "condition": self.condition.as_data(),
                "when": {k: (v[0] if k == "day_night" else list(v)) for k, v in self.when}}


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
    held: list[str] = list(_trans_held(f))
    cond: list[ConditionalPattern] = []
    for rid, name, holds in _OTHERS:
        r = holds(f)
        if r is True:
            held.append(rid)
        elif isinstance(r, Cond):
            cond.append(_pattern(rid, name, r))
        elif r not in (None, False, UNDECIDED):  # pragma: no cover - a programming error
            raise TypeError(f"the predicate of {rid} returned {r!r}")
    return held, cond


_TRANS_HELD: dict[tuple, tuple[str, ...]] = {}


def _trans_held(f: Facts) -> tuple[str, ...]:
    """The 課體 that follow from the three transmissions alone (a few hundred distinct 三傳)."""
    out = _TRANS_HELD.get(f.trans)
    if out is None:
        out = _TRANS_HELD[f.trans] = tuple(rid for rid, _, holds in _BY_TRANS if holds(f) is True)
    return out


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
                "condition": None if self.condition is None else
                {k: (v[0] if k == "day_night" else list(v)) for k, v in self.when}}


_bifa_holds = lru_cache(maxsize=None)(BifaHolds)


def bifa(f: Facts) -> tuple[BifaHolds, ...]:
    """The 法 of 《畢法賦》 the lesson shows, by number."""
    out = []
    for n, holds in _BIFA:
        r = holds(f)
        if r is True:
            out.append(_bifa_holds(n))
        elif isinstance(r, Cond):
            out.append(_bifa_holds(n, r.condition, r.when))
    return tuple(out)


def ordered(ids) -> tuple[str, ...]:
    return tuple(sorted(dict.fromkeys(ids), key=_ORDER.__getitem__))
