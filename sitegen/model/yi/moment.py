"""A change read in its day and month (日辰 · 月建): 旬空, 月破, 日破, 暗動, 化空, 化破, 旺相休囚死,
六神 and the 神煞 on each line (the 用神 of a question: ``sitegen.model.yi.yongshen``).

Pure: every fact comes from the predicates of ``moment_rules`` (one per rule id), evaluated on
each line's ``LineFacts``. The change and hexagram pages do not repeat them: the build hands their
script :func:`page_tables`, the same predicates evaluated for every 日辰 (60) × 月建 (12) × branch.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from sitegen.model.ganzhi import SIXTY, Branch, GanZhi, Kin, Stage
from sitegen.model.packing import DIGITS, pack
from sitegen.model.yi.change import Change
from sitegen.model.yi.hexagram import HEXAGRAMS
from sitegen.model.yi.moment_rules import (
    LINE_PREDICATES, STAGE_PREDICATES, STRENGTH_IDS, SHENSHA_IDS, LineFacts, strength,
)

# The predicates that read what a moving line changes into (``LineFacts.to``), not its own branch.
CHANGED_IDS = ("yi-hua-kong", "yi-hua-po")
# A line's marks in the JSON, each the rule that holds on it.
FLAGS = (("month_broken", "yi-yue-po"), ("day_broken", "yi-ri-po"), ("void", "yi-xun-kong"),
         ("hidden_moving", "yi-an-dong"), ("to_void", "yi-hua-kong"), ("to_broken", "yi-hua-po"))
_LINE_IDS = tuple(r for r, _ in LINE_PREDICATES if r not in CHANGED_IDS)


@dataclass(frozen=True)
class LineAtMoment:
    line: int
    najia: GanZhi
    liuqin: Kin
    liushen: str
    strength: str                 # 旺 相 休 囚 死
    moving: bool
    to: GanZhi | None             # the changed line's 納甲
    rule_ids: tuple[str, ...]     # the yi-moment rules (and 化空) that hold on this line
    day_stage: Stage              # 十二運 in the 日辰 (rules yi-ri-chen-*)
    month_stage: Stage            # 十二運 in the 月建 (rules yi-yue-jian-*)

    @property
    def stage_rule_ids(self) -> tuple[str, str]:
        return STAGE_PREDICATES[0][self.day_stage][0], STAGE_PREDICATES[1][self.month_stage][0]

    @property
    def month_broken(self) -> bool:
        return "yi-yue-po" in self.rule_ids

    def as_data(self) -> dict[str, Any]:
        r = set(self.rule_ids)
        return {
            "line": self.line, "najia": self.najia.zh, "liuqin": self.liuqin.zh,
            "liushen": self.liushen, "strength": self.strength, "moving": self.moving,
            "to": self.to.zh if self.to else None,
            **{k: rid in r for k, rid in FLAGS},
            "shensha": [s for s in SHENSHA_IDS if s in r],
            "rule_ids": list(self.rule_ids),
            "day_stage": self.day_stage.zh, "month_stage": self.month_stage.zh,
            "stage_rule_ids": list(self.stage_rule_ids),
        }


@dataclass(frozen=True)
class ChangeAtMoment:
    change: Change
    day: GanZhi
    month: Branch
    lines: tuple[LineAtMoment, ...]    # six, line 1 first

    @property
    def void(self) -> tuple[Branch, Branch]:
        return self.day.xun_void

    def as_data(self) -> dict[str, Any]:
        return {"day": self.day.zh, "month_branch": self.month.zh,
                "void": [b.zh for b in self.void], "lines": [ln.as_data() for ln in self.lines]}


def held(f: LineFacts) -> tuple[str, ...]:
    """Every rule of the moment that holds on a line, in catalog order."""
    return tuple(rid for rid, p in LINE_PREDICATES if p(f))


def stages(f: LineFacts) -> tuple[Stage, Stage]:
    """The 十二運 of a line in the 日辰 and in the 月建: the stage whose rule holds, of each twelve."""
    return tuple(next(Stage(i) for i, (_, p) in enumerate(group) if p(f))  # type: ignore[return-value]
                 for group in STAGE_PREDICATES)


def at_moment(c: Change, day: GanZhi, month: Branch) -> ChangeAtMoment:
    """The change ``c`` read on day ``day`` in the month whose 月建 is ``month``."""
    ben = c.ben
    moving = {ln.line: ln for ln in c.lines}
    liushen = ben.liushen(day.stem)
    lines = []
    for i in range(6):
        m = moving.get(i + 1)
        gz = ben.najia[i]
        to = m.bian_najia if m else None
        f = LineFacts(gz.branch, m is not None, to.branch if to else None, day, month)
        lines.append(LineAtMoment(i + 1, gz, ben.liuqin[i], liushen[i], f.strength, m is not None,
                                  to, held(f), *stages(f)))
    return ChangeAtMoment(c, day, month, tuple(lines))


# ---- the tables the pages look up --------------------------------------------------------------

@lru_cache(maxsize=1)
def page_tables() -> dict[str, Any]:
    """The predicates evaluated for every 日辰 × 月建 × branch, for the pages' script.

    ``rules``: the rule ids, one bit each; ``palette``: the distinct (still, moving, changed)
    bitmasks of a branch — a still line on it, a moving line on it, a moving line changing into
    it; ``days``: for each 日辰 (甲子 = 0 …) and 月建 (子 = 0 …), twelve palette indices (branch
    子 … 亥): the index of day d, month m, branch b is the ((d × 12 + m) × 12 + b)-th, packed two
    digits each (:mod:`sitegen.model.packing`, alphabet ``digits``); ``void``, ``liushen`` (from
    line 1), ``strength`` (月建 × element 木火土金水); ``stages``: the 十二運 rules of the 日辰
    (``day``) and of the 月建 (``month``), twelve ids each, and ``stage``: for a line's branch b and
    the day's or month's branch r, the index of the one that holds, the (b × 12 + r)-th digit of
    ``stage.day`` and ``stage.month``."""
    ids = tuple(r for r, _ in LINE_PREDICATES)
    bit = {r: 1 << i for i, r in enumerate(ids)}
    preds = dict(LINE_PREDICATES)
    palette: dict[tuple[int, int, int], int] = {}
    indices: list[int] = []
    line_preds = tuple((bit[r], preds[r]) for r in _LINE_IDS)
    changed_preds = tuple((bit[r], preds[r]) for r in CHANGED_IDS)
    for day in SIXTY:
        for m in Branch:
            for b in Branch:
                fs, fm, fc = (LineFacts(b, False, None, day, m), LineFacts(b, True, None, day, m),
                              LineFacts(b, True, b, day, m))
                key = (sum(k for k, p in line_preds if p(fs)), sum(k for k, p in line_preds if p(fm)),
                       sum(k for k, p in changed_preds if p(fc)))
                indices.append(palette.setdefault(key, len(palette)))
    from sitegen.model.ganzhi import Element
    stage_of = {k: pack([stages(LineFacts(b, False, None, SIXTY[r], Branch(r)))[g] for b in Branch for r in Branch], 1)
                for g, k in enumerate(("day", "month"))}
    return {
        "rules": list(ids),
        "changed": list(CHANGED_IDS),
        "flags": [list(f) for f in FLAGS],
        "shensha_ids": list(SHENSHA_IDS),
        "palette": [list(k) for k in palette],
        "digits": DIGITS,
        "days": pack(indices, 2),
        "void": ["".join(b.zh for b in d.xun_void) for d in SIXTY],
        "liushen": [list(HEXAGRAMS[0].liushen(d.stem)) for d in SIXTY[:10]],
        "strength": [[strength(e, m) for e in Element] for m in Branch],
        "strength_ids": STRENGTH_IDS,
        "stages": {k: [rid for rid, _ in group] for k, group in zip(("day", "month"), STAGE_PREDICATES)},
        "stage": stage_of,
        "stage_names": [s.zh for s in Stage],
    }
