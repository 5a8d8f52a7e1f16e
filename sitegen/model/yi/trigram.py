"""The eight trigrams (八卦) and their 納甲.

Sources (facts, not text):
- Lines, images and the 先天 numbers (乾一 兌二 離三 震四 巽五 坎六 艮七 坤八): 《周易·說卦傳》
  (天地定位, 山澤通氣, 雷風相薄, 水火不相射) as numbered by 邵雍, 《皇極經世》 / 《梅花易數》 卷一.
- 後天 numbers and directions (坎一北 坤二西南 震三東 巽四東南 乾六西北 兌七西 艮八東北 離九南):
  《說卦傳》 (帝出乎震 …) with the 洛書 numbers, 《梅花易數》 卷一 (後天八卦方位).
- Trigram elements (乾兌金, 離火, 震巽木, 坎水, 艮坤土): 《梅花易數》 卷一 (八卦五行), restated in
  ../shared/domain/YI.md.
- 納甲 (inner lines 1–3 / outer lines 4–6 of each trigram): 《京氏易傳》 (納甲, 納支), in the form
  that 《卜筮正宗》 卷一 (渾天甲子 / 八卦納甲歌) and YI.md tabulate.

Lines are written bottom line first: ``"111"`` is 乾, ``"100"`` is 震 (one yang line at the bottom).
"""

from __future__ import annotations

from dataclasses import dataclass

from sitegen.model.ganzhi import Element, GanZhi


@dataclass(frozen=True)
class Trigram:
    name: str                 # 乾 兌 離 震 巽 坎 艮 坤
    image: str                # 天 澤 火 雷 風 水 山 地
    element: Element
    lines: str                # three chars of "1"/"0", bottom line first
    xiantian: int             # 先天 number 1..8
    houtian: int              # 後天 (洛書) number
    direction: str            # 後天 direction: 西北, 西, 南 …
    inner_najia: tuple[GanZhi, GanZhi, GanZhi]   # 納甲 when it is the lower trigram (lines 1–3)
    outer_najia: tuple[GanZhi, GanZhi, GanZhi]   # 納甲 when it is the upper trigram (lines 4–6)

    @property
    def bits(self) -> int:
        """Line 1 is bit 0: a number 0..7 that indexes the trigram by its lines."""
        return sum(1 << i for i, c in enumerate(self.lines) if c == "1")

    @property
    def branches(self) -> tuple:
        return tuple(g.branch for g in self.inner_najia + self.outer_najia)

    def __str__(self) -> str:
        return self.name


def _gz(s: str) -> tuple[GanZhi, GanZhi, GanZhi]:
    a, b, c = s.split()
    return (GanZhi.from_zh(a), GanZhi.from_zh(b), GanZhi.from_zh(c))


# name, image, element, lines, 先天, 後天, direction, 納甲 inner, outer
_TABLE = (
    ("乾", "天", Element.METAL, "111", 1, 6, "西北", "甲子 甲寅 甲辰", "壬午 壬申 壬戌"),
    ("兌", "澤", Element.METAL, "110", 2, 7, "西", "丁巳 丁卯 丁丑", "丁亥 丁酉 丁未"),
    ("離", "火", Element.FIRE, "101", 3, 9, "南", "己卯 己丑 己亥", "己酉 己未 己巳"),
    ("震", "雷", Element.WOOD, "100", 4, 3, "東", "庚子 庚寅 庚辰", "庚午 庚申 庚戌"),
    ("巽", "風", Element.WOOD, "011", 5, 4, "東南", "辛丑 辛亥 辛酉", "辛未 辛巳 辛卯"),
    ("坎", "水", Element.WATER, "010", 6, 1, "北", "戊寅 戊辰 戊午", "戊申 戊戌 戊子"),
    ("艮", "山", Element.EARTH, "001", 7, 8, "東北", "丙辰 丙午 丙申", "丙戌 丙子 丙寅"),
    ("坤", "地", Element.EARTH, "000", 8, 2, "西南", "乙未 乙巳 乙卯", "癸丑 癸亥 癸酉"),
)

TRIGRAMS: tuple[Trigram, ...] = tuple(
    Trigram(n, im, el, ln, xt, ht, d, _gz(inner), _gz(outer))
    for (n, im, el, ln, xt, ht, d, inner, outer) in _TABLE
)
"""The eight trigrams in the 先天 order 乾 兌 離 震 巽 坎 艮 坤."""

TRIGRAMS_BY_NAME: dict[str, Trigram] = {t.name: t for t in TRIGRAMS}
TRIGRAMS_BY_LINES: dict[str, Trigram] = {t.lines: t for t in TRIGRAMS}

# 後天 opposite pairs (the trigrams that face each other across the 後天 circle): 乾巽 坎離 艮坤 震兌.
# Used for 卦反吟 in the 後天 reading (《增刪卜易》 反吟章; 《卜筮正宗》 卷三 反伏).
HOUTIAN_OPPOSITE: dict[str, str] = {
    "乾": "巽", "巽": "乾", "坎": "離", "離": "坎", "艮": "坤", "坤": "艮", "震": "兌", "兌": "震",
}


def trigram(name_or_lines: str) -> Trigram:
    """A trigram by name (乾) or by its three lines, bottom first ("111")."""
    t = TRIGRAMS_BY_NAME.get(name_or_lines) or TRIGRAMS_BY_LINES.get(name_or_lines)
    if t is None:
        raise KeyError(f"not a trigram: {name_or_lines!r}")
    return t
