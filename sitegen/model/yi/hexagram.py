"""The sixty-four hexagrams: King Wen order, 八宮, 世應, 納甲, 六親, 伏神, 六神, 互·錯·綜.

Sources (facts, not text):
- King Wen order and names: 《周易》 上經·下經 (序卦傳 order). Full names in the
  「upper image + lower image + name」 form (天風姤) and 「X為Y」 for the eight pure ones: 《京氏易傳》
  and the 《卜筮正宗》 卷一 卦名 list.
- 八宮 (pure → 一世 … 五世 → 遊魂 → 歸魂), 世應: 《京氏易傳》 (八宮卦次), 《卜筮正宗》 卷一
  (八宮六十四卦 / 安世應訣: 八卦之首世六當 …); YI.md gives the 乾宮 sequence the tests check.
- 納甲: see trigram.py (《京氏易傳》).
- 六親 against the palace element: 《卜筮正宗》 卷一 六親歌; 《增刪卜易》 六親章. The shared function
  ``kin`` in ganzhi.py does the counting.
- 伏神 (a 六親 missing from the hexagram is sought at the same line of the palace's pure hexagram):
  《卜筮正宗》 卷一 飛伏; 《增刪卜易》 伏神章; seed 000 p40 (卦上六爻為飛神，飛之下本宮六爻為伏神 …
  若不出現，須尋伏在何爻之下) and p44 (因無用爻，不得已而搜索之也).
  ``palace_lines`` gives the whole 本宮 column (p40 「飛之下本宮六爻」), which seed 000 p42 and p43
  read under a line (空爻下本宮丙辰兄弟, 世下伏神).
- 卦身 (《卜筮正宗》 啟蒙節要 安月卦身訣: 陰世則從午月起，陽世還從子月生 … 從初數至世方真): count
  from line 1 to the 世 line, starting at 子 when the 世 line is yang and at 午 when it is yin; the
  branch reached is the 卦身, on whichever lines carry it (none: 卦無身).
- 六合卦 / 六沖卦: the three pairs 初四 二五 三六 all 六合 / all 六沖 (seed 000 p02: 初四、二五、
  三六，更相朝顧); the resulting lists are those of 《卜筮正宗》 卷三 and YI.md (the tests check them).
- 六神 by day stem (甲乙 青龍, 丙丁 朱雀, 戊 勾陳, 己 螣蛇, 庚辛 白虎, 壬癸 玄武, then upward in the
  order 青龍 朱雀 勾陳 螣蛇 白虎 玄武): 《卜筮正宗》 卷一 六神歌.
- 互卦 (2-3-4 below, 3-4-5 above), 錯 (every line flipped), 綜 (turned over): 《周易》 互體 as
  used by 《梅花易數》 卷一 (互卦); 錯綜: 來知德 《周易集註》.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from sitegen.model.ganzhi import Branch, Element, GanZhi, Kin, Stem, kin
from sitegen.model.yi.dili import DiliReading, hexagram_dili
from sitegen.model.yi.rules import RULES_BY_ID, of
from sitegen.model.yi.sets import Generation
from sitegen.model.yi.trigram import TRIGRAMS_BY_NAME, Trigram

# King Wen order: number, short name, upper trigram, lower trigram (the Korean readings of the
# names are in content/names.yaml).
_KING_WEN = (
    (1, "乾", "乾", "乾"), (2, "坤", "坤", "坤"),
    (3, "屯", "坎", "震"), (4, "蒙", "艮", "坎"),
    (5, "需", "坎", "乾"), (6, "訟", "乾", "坎"),
    (7, "師", "坤", "坎"), (8, "比", "坎", "坤"),
    (9, "小畜", "巽", "乾"), (10, "履", "乾", "兌"),
    (11, "泰", "坤", "乾"), (12, "否", "乾", "坤"),
    (13, "同人", "乾", "離"), (14, "大有", "離", "乾"),
    (15, "謙", "坤", "艮"), (16, "豫", "震", "坤"),
    (17, "隨", "兌", "震"), (18, "蠱", "艮", "巽"),
    (19, "臨", "坤", "兌"), (20, "觀", "巽", "坤"),
    (21, "噬嗑", "離", "震"), (22, "賁", "艮", "離"),
    (23, "剝", "艮", "坤"), (24, "復", "坤", "震"),
    (25, "無妄", "乾", "震"), (26, "大畜", "艮", "乾"),
    (27, "頤", "艮", "震"), (28, "大過", "兌", "巽"),
    (29, "坎", "坎", "坎"), (30, "離", "離", "離"),
    (31, "咸", "兌", "艮"), (32, "恆", "震", "巽"),
    (33, "遯", "乾", "艮"), (34, "大壯", "震", "乾"),
    (35, "晉", "離", "坤"), (36, "明夷", "坤", "離"),
    (37, "家人", "巽", "離"), (38, "睽", "離", "兌"),
    (39, "蹇", "坎", "艮"), (40, "解", "震", "坎"),
    (41, "損", "艮", "兌"), (42, "益", "巽", "震"),
    (43, "夬", "兌", "乾"), (44, "姤", "乾", "巽"),
    (45, "萃", "兌", "坤"), (46, "升", "坤", "巽"),
    (47, "困", "兌", "坎"), (48, "井", "坎", "巽"),
    (49, "革", "兌", "離"), (50, "鼎", "離", "巽"),
    (51, "震", "震", "震"), (52, "艮", "艮", "艮"),
    (53, "漸", "巽", "艮"), (54, "歸妹", "震", "兌"),
    (55, "豐", "震", "離"), (56, "旅", "離", "艮"),
    (57, "巽", "巽", "巽"), (58, "兌", "兌", "兌"),
    (59, "渙", "巽", "坎"), (60, "節", "坎", "兌"),
    (61, "中孚", "巽", "兌"), (62, "小過", "震", "艮"),
    (63, "既濟", "坎", "離"), (64, "未濟", "離", "坎"),
)

# 八宮 in the order of 《京氏易傳》: 乾 坎 艮 震 / 巽 離 坤 兌.
PALACE_ORDER = ("乾", "坎", "艮", "震", "巽", "離", "坤", "兌")

GENERATIONS: tuple[Generation, ...] = tuple(Generation)
# 世 by generation (安世應訣: 本宮 六, 一世 … 五世 at that line, 遊魂 四, 歸魂 三).
_SHI = (6, 1, 2, 3, 4, 5, 4, 3)

LIUSHEN = ("青龍", "朱雀", "勾陳", "螣蛇", "白虎", "玄武")
# Where the six spirits start, by day stem: 甲乙 青龍, 丙丁 朱雀, 戊 勾陳, 己 螣蛇, 庚辛 白虎, 壬癸 玄武.
_LIUSHEN_START = (0, 0, 1, 1, 2, 3, 4, 4, 5, 5)


def _flip(bits: str, *lines: int) -> str:
    b = list(bits)
    for n in lines:
        b[n - 1] = "0" if b[n - 1] == "1" else "1"
    return "".join(b)


def _palace_members(p: Trigram) -> tuple[str, ...]:
    """The eight line strings of palace ``p`` in generation order (《京氏易傳》 八宮卦次)."""
    pure = p.lines * 2
    seq = [pure]
    for n in range(1, 6):                       # 一世 … 五世: flip lines 1..n
        seq.append(_flip(seq[-1], n))
    you_hun = _flip(seq[5], 4)                  # 遊魂: line 4 flipped back
    gui_hun = p.lines + you_hun[3:]             # 歸魂: lower trigram restored to the palace's
    return tuple(seq) + (you_hun, gui_hun)


_PALACE_OF: dict[str, tuple[str, int]] = {}
for _p in PALACE_ORDER:
    for _g, _bits in enumerate(_palace_members(TRIGRAMS_BY_NAME[_p])):
        _PALACE_OF[_bits] = (_p, _g)


class FuShen(NamedTuple):
    """A 伏神: a 六親 missing from the hexagram, at ``line`` of the palace's pure hexagram.

    A named tuple, so it reads as ``(line, najia, liuqin)`` too.
    """

    line: int
    najia: GanZhi
    liuqin: Kin

    def as_data(self) -> dict[str, Any]:
        return {"line": self.line, "najia": self.najia.zh, "liuqin": self.liuqin.zh}


@dataclass(frozen=True, eq=False)
class Hexagram:
    number: int                       # King Wen 1..64
    lines: str                        # six chars "1"/"0", bottom line first
    name: str                         # full name: 乾為天, 天風姤 …
    short: str                        # 乾, 姤 …
    lower: Trigram
    upper: Trigram
    palace: Trigram
    generation: Generation            # 本宮 一世 二世 三世 四世 五世 遊魂 歸魂
    shi: int                          # 世 line 1..6
    ying: int                         # 應 line 1..6
    najia: tuple[GanZhi, ...]         # six, line 1 first
    liuqin: tuple[Kin, ...]           # six, against the palace element
    fushen: tuple[FuShen, ...]        # every missing 六親, by line
    palace_lines: tuple[tuple[GanZhi, Kin], ...]   # the palace's pure hexagram, line 1 first
    liuhe: bool                       # 六合卦
    liuchong: bool                    # 六沖卦
    hu: int                           # 互卦 number
    cuo: int                          # 錯卦 number
    zong: int                         # 綜卦 number
    gua_shen: Branch                  # 卦身 (安月卦身訣)
    gua_shen_lines: tuple[int, ...]   # the lines whose 納甲 branch is the 卦身 (may be none)
    rule_ids: tuple[str, ...]         # yi-hexagram rules that hold (ids)

    # -- identity: the 64 are singletons; compare by number -------------------------------------
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hexagram) and other.number == self.number

    def __hash__(self) -> int:
        return hash(("Hexagram", self.number))

    def __repr__(self) -> str:
        return f"Hexagram({self.number} {self.name})"

    # -- derived ---------------------------------------------------------------------------------
    @classmethod
    def from_lines(cls, lines: str) -> Hexagram:
        """The hexagram with these six lines, bottom first (``"111111"`` is 乾)."""
        try:
            return _BY_LINES[lines]
        except KeyError:
            raise ValueError(f"not six lines of 1/0: {lines!r}") from None

    @property
    def palace_element(self) -> Element:
        return self.palace.element

    @property
    def pure(self) -> bool:
        return self.generation == Generation.BENGONG

    @property
    def branches(self) -> tuple:
        return tuple(g.branch for g in self.najia)

    @property
    def missing_liuqin(self) -> tuple[Kin, ...]:
        present = set(self.liuqin)
        return tuple(k for k in Kin if k not in present)

    def lines_of(self, k: Kin) -> tuple[int, ...]:
        """Line numbers that carry 六親 ``k``."""
        return tuple(i + 1 for i, q in enumerate(self.liuqin) if q == k)

    def liushen(self, day_stem: Stem | str) -> tuple[str, ...]:
        """六神 from line 1 upward for a day with stem ``day_stem`` (《卜筮正宗》 六神歌)."""
        s = Stem.from_zh(day_stem) if isinstance(day_stem, str) else Stem(day_stem)
        start = _LIUSHEN_START[s]
        return tuple(LIUSHEN[(start + i) % 6] for i in range(6))

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(RULES_BY_ID[r].zh for r in self.rule_ids)

    @property
    def gua_shen_data(self) -> dict[str, Any]:
        """The 卦身 as the JSON has it: its branch and the lines that carry it."""
        return {"branch": self.gua_shen.zh, "lines": list(self.gua_shen_lines)}

    @property
    def dili(self) -> DiliReading:
        """地理 (000 p01–p08): the rules that hold on the hexagram alone, and the conditional ones."""
        return hexagram_dili(self)

    @property
    def all_rule_ids(self) -> tuple[str, ...]:
        """Every rule that holds on this hexagram: its yi-hexagram rules, then the 地理 ones."""
        return self.rule_ids + self.dili.holding

    def as_data(self) -> dict[str, Any]:
        d = self.dili
        return {
            "number": self.number,
            "lines": self.lines,
            "name": self.name,
            "short": self.short,
            "upper": self.upper.name,
            "lower": self.lower.name,
            "palace": self.palace.name,
            "palace_element": self.palace_element.zh,
            "generation": self.generation,
            "shi": self.shi,
            "ying": self.ying,
            "najia": [g.zh for g in self.najia],
            "liuqin": [k.zh for k in self.liuqin],
            "fushen": [f.as_data() for f in self.fushen],
            "palace_lines": [{"line": i + 1, "najia": g.zh, "liuqin": k.zh}
                             for i, (g, k) in enumerate(self.palace_lines)],
            "liuhe": self.liuhe,
            "liuchong": self.liuchong,
            "gua_shen": self.gua_shen_data,
            "hu": self.hu,
            "cuo": self.cuo,
            "zong": self.zong,
            "rules": list(self.rules),
            "rule_ids": list(self.rule_ids),
            "dili": d.as_data(),
        }


def _full_name(short: str, upper: Trigram, lower: Trigram) -> str:
    if upper is lower:
        return f"{upper.name}為{upper.image}"
    return f"{upper.image}{lower.image}{short}"


_RULES = of("yi-hexagram")


def _build() -> tuple[Hexagram, ...]:
    lines_to_number = {
        TRIGRAMS_BY_NAME[lo].lines + TRIGRAMS_BY_NAME[up].lines: n
        for (n, _s, up, lo) in _KING_WEN
    }
    out = []
    for (n, short, up, lo) in _KING_WEN:
        upper, lower = TRIGRAMS_BY_NAME[up], TRIGRAMS_BY_NAME[lo]
        bits = lower.lines + upper.lines
        palace_name, g = _PALACE_OF[bits]
        palace = TRIGRAMS_BY_NAME[palace_name]
        shi = _SHI[g]
        ying = shi + 3 if shi <= 3 else shi - 3
        najia = lower.inner_najia + upper.outer_najia
        liuqin = tuple(kin(palace.element, gz.branch.element) for gz in najia)
        pure_najia = palace.inner_najia + palace.outer_najia
        palace_lines = tuple((gz, kin(palace.element, gz.branch.element)) for gz in pure_najia)
        present = set(liuqin)
        fushen = tuple(
            FuShen(i + 1, gz, k) for i, (gz, k) in enumerate(palace_lines) if k not in present
        )
        br = [gz.branch for gz in najia]
        liuhe = all(br[i].combine == br[i + 3] for i in range(3))
        liuchong = all(br[i].opposite == br[i + 3] for i in range(3))
        # 卦身: from line 1 to the 世 line, from 子 if the 世 line is yang, from 午 if yin
        gua_shen = Branch(((0 if bits[shi - 1] == "1" else 6) + shi - 1) % 12)
        hu = lines_to_number[bits[1:4] + bits[2:5]]
        cuo = lines_to_number[bits.translate(str.maketrans("01", "10"))]
        zong = lines_to_number[bits[::-1]]
        out.append(Hexagram(
            number=n, lines=bits, name=_full_name(short, upper, lower), short=short,
            lower=lower, upper=upper,
            palace=palace, generation=GENERATIONS[g], shi=shi, ying=ying, najia=najia,
            liuqin=liuqin, fushen=fushen, palace_lines=palace_lines, liuhe=liuhe,
            liuchong=liuchong, hu=hu, cuo=cuo, zong=zong, gua_shen=gua_shen,
            gua_shen_lines=tuple(i + 1 for i, b in enumerate(br) if b == gua_shen), rule_ids=(),
        ))
    # each yi-hexagram rule's predicate reads the finished hexagram
    return tuple(replace(h, rule_ids=tuple(r.id for r in _RULES if r.decide(h))) for h in out)


HEXAGRAMS: tuple[Hexagram, ...] = _build()
"""The 64 hexagrams in King Wen order (index 0 is 1 乾)."""

_BY_LINES: dict[str, Hexagram] = {h.lines: h for h in HEXAGRAMS}

# Names as the texts spell them, with the variant characters they use (遁 for 遯 in seed 000 p48).
_VARIANTS = {"遁": "遯", "无妄": "無妄", "恒": "恆", "旣濟": "既濟", "豊": "豐", "筮嗑": "噬嗑"}
_BY_NAME: dict[str, Hexagram] = {}
for _h in HEXAGRAMS:
    _BY_NAME[_h.short] = _h
    _BY_NAME[_h.name] = _h
for _v, _s in _VARIANTS.items():
    _BY_NAME[_v] = _BY_NAME[_s]


def hexagram(number: int) -> Hexagram:
    """Hexagram ``number`` in the King Wen order, 1..64."""
    if not isinstance(number, int) or not 1 <= number <= 64:
        raise ValueError(f"a hexagram number is 1..64, not {number!r}")
    return HEXAGRAMS[number - 1]


def hexagram_by_name(name: str | int) -> Hexagram:
    """A hexagram by number, short name (姤), full name (天風姤) or the texts' variant (遁)."""
    if isinstance(name, int):
        return hexagram(name)
    s = str(name).strip()
    if s.isdigit():
        return hexagram(int(s))
    if s in _BY_NAME:
        return _BY_NAME[s]
    if len(s) == 6 and set(s) <= {"0", "1"}:
        return Hexagram.from_lines(s)
    raise KeyError(f"not a hexagram name: {name!r}")


def palace_members(palace: str) -> tuple[Hexagram, ...]:
    """The eight hexagrams of a palace in generation order (本宮 … 歸魂)."""
    return tuple(_BY_LINES[b] for b in _palace_members(TRIGRAMS_BY_NAME[palace]))


__all__ = [
    "FuShen", "GENERATIONS", "HEXAGRAMS", "Hexagram", "LIUSHEN", "PALACE_ORDER", "hexagram",
    "hexagram_by_name", "palace_members",
]

