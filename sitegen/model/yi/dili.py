"""地理 (seed 000 p01–p08, 黃金策 地理章): what the hexagram alone, or a change, shows of a site.

Each rule cites its paragraph in its entry (content/rules/dili.yaml). The rules that need the day,
the month or the 六神 are listed as conditional (applicable) and never computed as holding.
Relations used here:
- 「相生」 either line's element generates the other's; 「相剋」 either overcomes the other;
  「相合」 / 「相沖」 the two branches are 六合 / 六沖 (ganzhi.py tables).
- 間爻 are the two lines between 世 and 應 (000 p03 「間爻者，世應中之二爻也」).
- 水爻 are the lines whose branch is 亥 or 子 (000 p08 「尋亥子，方知有無」).
- 「世下」 is the palace's pure-hexagram line at the 世's place (000 p40 「飛之下本宮六爻為伏神」).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sitegen.model.ganzhi import Branch, Element, Kin

if TYPE_CHECKING:  # pragma: no cover
    from sitegen.model.yi.hexagram import Hexagram

_WATER = (Branch.HAI, Branch.ZI)

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
_DIRECTION_RULE = {
    Element.WOOD: "dili-mu-yao-chi-shi", Element.METAL: "dili-jin-yao-chi-shi",
    Element.FIRE: "dili-huo-yao-chi-shi", Element.WATER: "dili-shui-yao-chi-shi",
    Element.EARTH: "dili-tu-yao-chi-shi",
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


def _sheng_he(a: Branch, b: Branch) -> bool:
    """相生 or 相合 (p03, p05, p08: 生合 = 有情)."""
    return (a.element.generates(b.element) or b.element.generates(a.element)) or a.combine == b


def _ke_chong(a: Branch, b: Branch) -> bool:
    """相剋 or 相沖 (p03, p08: 剋沖 = 無情, 無氣)."""
    return (a.element.overcomes(b.element) or b.element.overcomes(a.element)) or a.opposite == b


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
    br = h.branches
    shi_b, ying_b, top_b = br[h.shi - 1], br[h.ying - 1], br[5]
    water = tuple(i + 1 for i, b in enumerate(br) if b in _WATER)
    holding: list[str] = []
    if h.liuhe:
        holding.append("dili-liu-he-da-ji-zhi-di")
    if h.liuchong:
        holding.append("dili-liu-chong-shan-fei-shui-zou")
    if not h.liuhe:
        holding.append("dili-shi-zai-nei-xiang" if h.shi <= 3 else "dili-shi-zai-wai-xiang")
    if shi_b.season_class == "孟":
        holding.append("dili-shi-chi-yin-shen-si-hai")
    elif shi_b.season_class == "季":
        holding.append("dili-shi-chi-chen-xu-chou-wei")
    if shi_b in _WATER:
        holding.append("dili-shi-chi-hai-zi")
    if shi_b.element == Element.WOOD:
        holding.append("dili-shi-shu-mu-lin-mao")
    if shi_b.element == Element.WATER:
        holding.append("dili-shi-shu-shui-jin-liu-quan")
    holding.append(_DIRECTION_RULE[shi_b.element])
    holding.append("dili-ying-yao-wu-xing-xing-ti")
    if ying_b.element.generates(shi_b.element) or ying_b.combine == shi_b:
        holding.append("dili-ying-sheng-he-shi")
    shui_kou_you_qing = h.shi != 6 and _sheng_he(top_b, shi_b)
    if shui_kou_you_qing:
        holding.append("dili-shui-kou-you-qing")
    if h.shi != 6 and _ke_chong(top_b, shi_b):
        holding.append("dili-shui-kou-wu-qing")
    if Kin.OFFICER in h.liuqin:
        holding.append("dili-gui-zai-ju-zhong")
    if not h.pure and h.palace_lines[h.shi - 1][1] == Kin.OFFICER:
        holding.append("dili-shi-xia-fu-gui")
    if not water:
        holding.append("dili-wu-hai-zi")
    others = [br[n - 1] for n in water if n != h.shi]
    if any(_sheng_he(b, shi_b) for b in others):
        holding.append("dili-shui-yao-you-qing")
    if any(_ke_chong(b, shi_b) for b in others):
        holding.append("dili-shui-yao-wu-qi")

    conditional = ["dili-si-shou-you-qing", "dili-shui-kou-kong-wang"]
    if shui_kou_you_qing:
        conditional.append("dili-shui-kou-guan-suo")
    conditional += ["dili-wan-ma-ming-tang", "dili-zuo-shan-gao-hou"]
    if shi_b in (Branch.CHEN, Branch.SI):
        conditional.append("dili-di-feng")
    conditional += ["dili-bai-yi", "dili-an-shan-xiu-li", "dili-an-shan-bu-zheng",
                    "dili-an-shan-di-xiao", "dili-bai-hu-ang-tou", "dili-long-hu-sheng-he",
                    "dili-kong-lin-zuo-you", "dili-gou-chen-lai-long", "dili-zhu-que-dui-an",
                    "dili-teng-she-xue-fa"]
    if water:
        conditional += ["dili-shui-yao-mu-jue", "dili-shui-yao-wang-xiang"]
    else:
        conditional.append("dili-xuan-wu-tui-shui")

    if shi_b.element == Element.EARTH:
        direction = _EARTH_DIRECTION[shi_b]
    else:
        direction = _DIRECTION[shi_b.element]
    return DiliReading(tuple(holding), tuple(conditional), direction,
                       f"{ying_b.element.zh}星", h.najia[5].zh)


_LINES: dict[int, tuple[frozenset[int], frozenset[int]]] = {}


def _dili_lines(h: Hexagram) -> tuple[frozenset[int], frozenset[int]]:
    """The hexagram's 水爻 (亥·子 lines, p08) and its two 間爻 (p03), as sets of line numbers."""
    got = _LINES.get(h.number)
    if got is None:
        got = _LINES[h.number] = (frozenset(i + 1 for i, b in enumerate(h.branches) if b in _WATER),
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
    extra: list[str] = []
    if _dili_lines(ben)[0]:
        extra.append("dili-shui-yao-dong-huo-shui" if water_moves else "dili-shui-yao-jing-si-shui")
    extra.append("dili-ming-tang-dong" if between_moves else "dili-ming-tang-jing")
    conditional = base.conditional + (() if still else ("dili-qing-long-ke-shi",))
    return DiliReading(base.holding + tuple(extra), conditional, base.direction, base.an_shan,
                       base.shui_kou)


def change_dili(ben: Hexagram, moving: tuple[int, ...]) -> DiliReading:
    """The 本卦's reading plus what its moving lines show (p03 明堂 動靜, p08 活水·死水)."""
    water, between = _dili_lines(ben)
    return _change_dili(ben, not water.isdisjoint(moving), not between.isdisjoint(moving), not moving)
