"""梅花易數 體用 (seed 004): which trigram is 體, which 用, and how they stand.

Rules (facts, not text):
- When the moving lines all lie in one trigram, that trigram is 用 and the other 體 (《梅花易數》
  卷一 體用總訣: 動者為用，靜者為體 — the 起卦 of 卷一 always moves one line, 總數除六取餘).
- The relation is read by trigram element (乾兌金, 離火, 震巽木, 坎水, 艮坤土) from the 用 side:
  用生體, 體生用, 用剋體, 體剋用, 比和 (seed 004 p01: 用克體不宜，體克用則吉。用生體有進益之喜，
  體生用有耗失之患。體用比和，謀為吉利).
- 「更詳觀互卦、變卦」 (004 p01): the 變 is the 用 trigram after the change; the 互 is read from the
  **變卦** (lines 2-3-4 and 3-4-5 of the hexagram after the move). That is how seed 004 p22–p23 read
  乾上坤下: the second line moving gives 互見巽、離 (the 互 of 天水訟), the fourth gives 互吉
  (坤·艮 of 風地觀, both 比和 with the 坤 體). The 互 of the 本卦, as 《梅花易數》 卷一 互卦 takes it
  (乾坤無互，互其變卦 aside), is kept as ``ben_hu``.
- Lines moving in both trigrams, or none: 體用 is not defined; see ``NOTE_STILL`` / ``NOTE_BOTH``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from sitegen.model.ganzhi import Element
from sitegen.model.steps import Step, declare, step
from sitegen.model.yi import rules
from sitegen.model.yi.sets import Relation, Side
from sitegen.model.yi.trigram import TRIGRAMS_BY_LINES, Trigram

_RELATION_RULES = rules.of("meihua-relation")
_TOPIC_RULES = rules.of("meihua-topic")
_CONDITIONAL_RULES = rules.of("meihua-relation", conditional=True) + rules.of("meihua-topic", conditional=True)

RELATIONS: tuple[Relation, ...] = tuple(Relation)

# When 體用 is not defined, a change carries one of these steps instead (worded in content/rules).
declare({"meihua-still": (), "meihua-both-sides": ()})
NOTE_STILL = step("meihua-still")       # no moving line (a 靜卦)
NOTE_BOTH = step("meihua-both-sides")   # lines moving in both trigrams


def relation(yong: Element, ti: Element) -> Relation:
    """How ``yong`` stands to ``ti``: 用生體, 體生用, 用剋體, 體剋用 or 比和."""
    if yong == ti:
        return Relation.BI_HE
    if yong.generates(ti):
        return Relation.YONG_SHENG_TI
    if ti.generates(yong):
        return Relation.TI_SHENG_YONG
    if yong.overcomes(ti):
        return Relation.YONG_KE_TI
    return Relation.TI_KE_YONG


@dataclass(frozen=True)
class TrigramRelation:
    """A trigram (a 互 or the 變) read against the 體 as if it were on the 用 side."""

    trigram: Trigram
    relation: Relation

    def as_data(self) -> dict[str, str]:
        return {"trigram": self.trigram.name, "relation": self.relation}


@dataclass(frozen=True)
class MeihuaReading:
    ti: Trigram
    yong: Trigram
    relation: Relation                                   # 用 to 體
    ti_position: Side                                    # inner (下卦) or outer (上卦)
    bian: TrigramRelation                                # the 用 trigram after the change
    hu: tuple[TrigramRelation, TrigramRelation]          # 互 of the 變卦 (lower, upper): seed 004 p22
    ben_hu: tuple[TrigramRelation, TrigramRelation]      # 互 of the 本卦 (lower, upper): 梅花 卷一

    # (each worked out once: a reading is shared by every change that has it)
    @cached_property
    def relation_id(self) -> str:
        return next(r.id for r in _RELATION_RULES if r.decide(self))

    @cached_property
    def rule_ids(self) -> tuple[str, ...]:
        """The relation's rule id, then the seventeen topic ids (each holds whenever 體用 does)."""
        return (self.relation_id,) + tuple(r.id for r in _TOPIC_RULES if r.decide(self))

    @cached_property
    def conditional_rule_ids(self) -> tuple[str, ...]:
        """The conditional 梅花 rules that apply (盛衰: their condition is stated)."""
        return tuple(r.id for r in _CONDITIONAL_RULES if r.decide(self))

    def as_data(self) -> dict[str, Any]:
        return {
            "ti": self.ti.name,
            "yong": self.yong.name,
            "relation": self.relation,
            "ti_position": self.ti_position,
            "bian": self.bian.as_data(),
            "hu": [r.as_data() for r in self.hu],
            "ben_hu": [r.as_data() for r in self.ben_hu],
            "rule_ids": list(self.rule_ids),
        }


@lru_cache(maxsize=None)
def _against(lines: str, ti_lines: str) -> TrigramRelation:
    """The trigram with ``lines`` read against the 體 with ``ti_lines`` (64 pairs, built once)."""
    t, ti = TRIGRAMS_BY_LINES[lines], TRIGRAMS_BY_LINES[ti_lines]
    return TrigramRelation(t, relation(t.element, ti.element))


def _hu_pair(bits: str, ti: Trigram) -> tuple[TrigramRelation, TrigramRelation]:
    return (_against(bits[1:4], ti.lines), _against(bits[2:5], ti.lines))


@lru_cache(maxsize=None)
def meihua_reading(ben_lines: str, bian_lines: str,
                   moving: tuple[int, ...]) -> tuple[MeihuaReading | None, Step | None]:
    """The 體用 reading of a change, or (None, the step saying why none and what is done instead).

    Memoised: both 六親 variants of a change share the one reading."""
    if not moving:
        return None, NOTE_STILL
    if max(moving) <= 3:
        yong_pos = Side.INNER
    elif min(moving) >= 4:
        yong_pos = Side.OUTER
    else:
        return None, NOTE_BOTH
    lo, up = TRIGRAMS_BY_LINES[ben_lines[:3]], TRIGRAMS_BY_LINES[ben_lines[3:]]
    if yong_pos is Side.INNER:
        yong, ti, changed = lo, up, TRIGRAMS_BY_LINES[bian_lines[:3]]
    else:
        yong, ti, changed = up, lo, TRIGRAMS_BY_LINES[bian_lines[3:]]
    return MeihuaReading(
        ti=ti, yong=yong, relation=relation(yong.element, ti.element),
        ti_position=Side.OUTER if yong_pos is Side.INNER else Side.INNER,
        bian=_against(changed.lines, ti.lines),
        hu=_hu_pair(bian_lines, ti), ben_hu=_hu_pair(ben_lines, ti),
    ), None
