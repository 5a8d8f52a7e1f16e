"""地理 (seed 000 p01–p08, 黃金策 地理章): what the hexagram alone, or a change, shows of a site.

Each rule's predicate is in the catalog (``sitegen/model/yi/rules.py``) and cites its paragraph in
its entry (content/rules/dili.yaml). The rules that need the day, the month, the 六神 or the ground
itself are listed as conditional (applicable) and never computed as holding. Relations the
predicates use:
- 「相生」 either line's element generates the other's; 「相剋」 either overcomes the other;
  「相合」 / 「相沖」 the two branches are 六合 / 六沖 (ganzhi.py tables).
- 間爻 are the two lines between 世 and 應 (000 p03 「間爻者，世應中之二爻也」).
- 水爻 are the lines whose branch is 亥 or 子 (000 p08 「尋亥子，方知有無」).
- 「世下」 is the palace's pure-hexagram line at the 世's place (000 p40 「飛之下本宮六爻為伏神」).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sitegen.model.ganzhi import Branch, Element, Stem
from sitegen.model.yi.rules import WATER, DiliMove, of

if TYPE_CHECKING:  # pragma: no cover
    from sitegen.model.yi.hexagram import Hexagram

_HEXAGRAM_RULES = of("dili", "hexagram")
_HEXAGRAM_CONDITIONAL = of("dili", "hexagram", conditional=True)
_CHANGE_RULES = of("dili", "change")
_CHANGE_CONDITIONAL = of("dili", "change", conditional=True)

# 000 p05: 木 東震 寅甲卯乙, 金 西兌 申庚酉辛, 火 南離 午丙巳丁, 水 北坎 亥癸子壬;
# 辰戌丑未 言艮乾巽坤 (each 墓 branch beside its 四維 trigram on the 二十四山: 丑艮寅 辰巽巳 未坤申 戌乾亥).
_DIRECTION = {
    Element.WOOD: "東 (震): 寅·甲·卯·乙",
    Element.METAL: "西 (兌): 申·庚·酉·辛",
    Element.FIRE: "南 (離): 午·丙·巳·丁",
    Element.WATER: "北 (坎): 亥·癸·子·壬",
}
_EARTH_DIRECTION = {
    Branch.CHOU: "東北 (艮)", Branch.CHEN: "東南 (巽)", Branch.WEI: "西南 (坤)", Branch.XU: "西北 (乾)",
}


@dataclass(frozen=True)
class DiliReading:
    holding: tuple[str, ...]        # rule ids that hold
    conditional: tuple[str, ...]    # conditional rule ids that apply (their condition is stated)
    direction: str                  # 向 from the 世 line (p05)
    an_shan: str                    # 案山 star from the 應 element (p05): 金星 …
    shui_kou: str                   # 第六爻 (水口, p03) as 干支

    def as_data(self) -> dict[str, Any]:
        return {
            "holding": list(self.holding),
            "conditional": list(self.conditional),
            "direction": self.direction,
            "an_shan": self.an_shan,
            "shui_kou": self.shui_kou,
        }


def _between(h: Hexagram) -> tuple[int, int]:
    """間爻: the two lines between 世 and 應 (which always lie three lines apart)."""
    lo = min(h.shi, h.ying)
    return (lo + 1, lo + 2)


# Readings by hexagram number, each computed once (a hexagram is known by its number).
_BY_HEXAGRAM: dict[int, DiliReading] = {}


def hexagram_dili(h: Hexagram) -> DiliReading:
    got = _BY_HEXAGRAM.get(h.number)
    if got is None:
        got = _BY_HEXAGRAM[h.number] = _hexagram_dili(h)
    return got


def _hexagram_dili(h: Hexagram) -> DiliReading:
    shi_b, ying_b = h.najia[h.shi - 1].branch, h.najia[h.ying - 1].branch
    holding = tuple(r.id for r in _HEXAGRAM_RULES if r.decide(h))
    conditional = tuple(r.id for r in _HEXAGRAM_CONDITIONAL if r.decide(h))
    if shi_b.element == Element.EARTH:
        direction = _EARTH_DIRECTION[shi_b]
    else:
        direction = _DIRECTION[shi_b.element]
    return DiliReading(holding, conditional, direction, f"{ying_b.element.zh}星", h.najia[5].zh)


_LINES: dict[int, tuple[frozenset[int], frozenset[int]]] = {}


def _dili_lines(h: Hexagram) -> tuple[frozenset[int], frozenset[int]]:
    """The hexagram's 水爻 (亥·子 lines, p08) and its two 間爻 (p03), as sets of line numbers."""
    got = _LINES.get(h.number)
    if got is None:
        got = _LINES[h.number] = (frozenset(i + 1 for i, b in enumerate(h.branches) if b in WATER),
                                  frozenset(_between(h)))
    return got


_CHANGES: dict[tuple[int, bool, bool, bool], DiliReading] = {}


def _change_dili(ben: Hexagram, water_moves: bool, between_moves: bool, still: bool) -> DiliReading:
    """The reading of a change of ``ben``, which depends on its moving lines only through three
    facts: does a 水爻 move, does a 間爻 move, does anything move (computed once for each)."""
    key = (ben.number, water_moves, between_moves, still)
    got = _CHANGES.get(key)
    if got is None:
        got = _CHANGES[key] = _change_reading(ben, water_moves, between_moves, still)
    return got


def _change_reading(ben: Hexagram, water_moves: bool, between_moves: bool, still: bool) -> DiliReading:
    base = hexagram_dili(ben)
    m = DiliMove(ben, water_moves, between_moves, still)
    holding = base.holding + tuple(r.id for r in _CHANGE_RULES if r.decide(m))
    conditional = base.conditional + tuple(r.id for r in _CHANGE_CONDITIONAL if r.decide(m))
    return DiliReading(holding, conditional, base.direction, base.an_shan, base.shui_kou)


def change_dili(ben: Hexagram, moving: tuple[int, ...]) -> DiliReading:
    """The 本卦's reading plus what its moving lines show (p03 明堂 動靜, p08 活水·死水)."""
    water, between = _dili_lines(ben)
    return _change_dili(ben, not water.isdisjoint(moving), not between.isdisjoint(moving), not moving)


# ---- what the day settles ------------------------------------------------------------------------

def qing_long_ke_shi(ben: Hexagram, moving: tuple[int, ...], day_stem) -> bool:
    """青龍克世 on a day (p06): the line 青龍 rides — by the day's stem (六神) — moves, and its
    branch's element overcomes the 世 line's."""
    line = _qing_long_line(ben, int(day_stem))
    return line in moving and line in _over_shi(ben)


_OVER_SHI: dict[int, frozenset[int]] = {}


def _over_shi(ben: Hexagram) -> frozenset[int]:
    """The lines of ``ben`` whose branch's element overcomes the 世 line's (once per hexagram)."""
    got = _OVER_SHI.get(ben.number)
    if got is None:
        shi = ben.najia[ben.shi - 1].branch.element
        got = _OVER_SHI[ben.number] = frozenset(
            i + 1 for i, nj in enumerate(ben.najia) if nj.branch.element.overcomes(shi))
    return got


_QING_LONG: dict[int, int] = {}


def _qing_long_line(ben: Hexagram, stem: int) -> int:
    """The line 青龍 rides on a day of ``stem`` (the same in every hexagram)."""
    line = _QING_LONG.get(stem)
    if line is None:
        line = _QING_LONG[stem] = ben.liushen(Stem(stem)).index("青龍") + 1
    return line


# The conditional 地理 rules of a change that the day's stem decides, by rule id.
AT_DAY_STEM = {"dili-qing-long-ke-shi": qing_long_ke_shi}


def by_day_stem(rule_id: str, ben: Hexagram, moving: tuple[int, ...]) -> str | None:
    """For a rule of ``AT_DAY_STEM``: whether it holds on each of the ten day stems (甲 first), as a
    string of ten 0/1 (what the change page looks up); None for any other rule."""
    held = AT_DAY_STEM.get(rule_id)
    if held is None:
        return None
    return "".join("1" if held(ben, moving, s) else "0" for s in range(10))
