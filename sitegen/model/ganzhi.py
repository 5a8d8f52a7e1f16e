"""Stems, branches and the relations both engines share.

Pure values and small functions: no I/O. Stems and branches are ``IntEnum`` members so that
their arithmetic (a turn of the plate, a count round the circle) stays plain integer
arithmetic modulo 10 or 12, while every value still prints as its character.

Sources for the tables (facts, not text):
- 天干, 地支, 五行, 陰陽, 生剋: 《五行大義》 卷二 (論配支干, 論相生, 論相剋).
- 六沖, 六合, 三合, 三刑, 六害: 《協紀辨方書》 卷一 (本原一: 六合, 三合, 六沖, 三刑, 六害).
- 十二長生 (長生 沐浴 冠帶 臨官 帝旺 衰 病 死 墓 絕 胎 養): 《協紀辨方書》 卷一 (五行生旺);
  the 六爻 convention that 土 follows 水 is stated in seed 000 (總斷千金賦: 金養於辰, 木養於戌,
  火養於丑, 水土養於未; 金胎在卯 … 水土胎在午; 金敗在午 … 水土敗於酉).
- 旬 and 旬空: 《三命通會》 卷二 (論空亡).
- 寄宮 of the stems (甲寅 乙辰 丙巳 丁未 戊巳 己未 庚申 辛戌 壬亥 癸丑): 《六壬大全》 卷一, as
  restated in ../shared/domain/LIUREN.md.
- 祿: 《三命通會》 卷三 (論祿); 驛馬: 《三命通會》 卷三 (論驛馬).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum


class Season(StrEnum):
    """Where a branch stands in its season: 孟 (寅申巳亥), 仲 (子午卯酉) or 季 (辰戌丑未)."""

    MENG = "孟"
    ZHONG = "仲"
    JI = "季"

    @property
    def zh(self) -> str:
        return self.value


class Element(IntEnum):
    """五行 in the order of generation: each generates the next (木→火→土→金→水→木)."""

    WOOD = 0
    FIRE = 1
    EARTH = 2
    METAL = 3
    WATER = 4

    @property
    def zh(self) -> str:
        return "木火土金水"[self]

    def generates(self, other: Element) -> bool:
        """相生: 木生火, 火生土, 土生金, 金生水, 水生木."""
        return (self + 1) % 5 == other

    def overcomes(self, other: Element) -> bool:
        """相剋: 木剋土, 土剋水, 水剋火, 火剋金, 金剋木 (two steps along the generation order)."""
        return (self + 2) % 5 == other


# Members by value: indexing a tuple is much cheaper than calling the enum class (``Element(i)``),
# and the engines do it in their inner loops. The same holds for the tuples after each class below.
_ELEMENTS: tuple[Element, ...] = tuple(Element)


class Stem(IntEnum):
    """十天干. Even index is 陽 (剛日), odd is 陰 (柔日)."""

    JIA = 0
    YI = 1
    BING = 2
    DING = 3
    WU = 4
    JI = 5
    GENG = 6
    XIN = 7
    REN = 8
    GUI = 9

    @property
    def zh(self) -> str:
        return "甲乙丙丁戊己庚辛壬癸"[self]

    @property
    def pinyin(self) -> str:
        return _STEM_PINYIN[self]

    @property
    def element(self) -> Element:
        return _ELEMENTS[self // 2]

    @property
    def yang(self) -> bool:
        return self % 2 == 0

    def shift(self, n: int) -> Stem:
        return _STEMS[(self + n) % 10]

    @classmethod
    def from_zh(cls, ch: str) -> Stem:
        i = "甲乙丙丁戊己庚辛壬癸".find(ch)
        if i < 0 or len(ch) != 1:
            raise ValueError(f"not a heavenly stem: {ch!r}")
        return cls(i)

    def __str__(self) -> str:
        return self.zh


_STEMS: tuple[Stem, ...] = tuple(Stem)
_STEM_PINYIN = ("jia", "yi", "bing", "ding", "wu", "ji", "geng", "xin", "ren", "gui")

# 地支 and their 五行: 子水 丑土 寅木 卯木 辰土 巳火 午火 未土 申金 酉金 戌土 亥水 (《五行大義》 卷二).
_BRANCH_ELEMENT = (
    Element.WATER, Element.EARTH, Element.WOOD, Element.WOOD, Element.EARTH, Element.FIRE,
    Element.FIRE, Element.EARTH, Element.METAL, Element.METAL, Element.EARTH, Element.WATER,
)
_BRANCH_PINYIN = ("zi", "chou", "yin", "mao", "chen", "si", "wu", "wei", "shen", "you", "xu", "hai")


class Branch(IntEnum):
    """十二地支. Even index is 陽."""

    ZI = 0
    CHOU = 1
    YIN = 2
    MAO = 3
    CHEN = 4
    SI = 5
    WU = 6
    WEI = 7
    SHEN = 8
    YOU = 9
    XU = 10
    HAI = 11

    @property
    def zh(self) -> str:
        return "子丑寅卯辰巳午未申酉戌亥"[self]

    @property
    def pinyin(self) -> str:
        return _BRANCH_PINYIN[self]

    @property
    def element(self) -> Element:
        return _BRANCH_ELEMENT[self]

    @property
    def yang(self) -> bool:
        return self % 2 == 0

    def shift(self, n: int) -> Branch:
        return _BRANCHES[(self + n) % 12]

    @property
    def opposite(self) -> Branch:
        """六沖: the branch six places away (子午, 丑未, 寅申, 卯酉, 辰戌, 巳亥)."""
        return _BRANCHES[(self + 6) % 12]

    @property
    def combine(self) -> Branch:
        """六合: 子丑, 寅亥, 卯戌, 辰酉, 巳申, 午未 (the two indices sum to 1 mod 12)."""
        return _BRANCHES[(13 - self) % 12]

    @property
    def harm(self) -> Branch:
        """六害: 子未, 丑午, 寅巳, 卯辰, 申亥, 酉戌 (the two indices sum to 7 mod 12)."""
        return _BRANCHES[(19 - self) % 12]

    @property
    def punish(self) -> Branch:
        """The branch this one 刑s, as the 課經 uses it to pass 中傳 and 末傳.

        三刑: 寅刑巳, 巳刑申, 申刑寅; 丑刑戌, 戌刑未, 未刑丑; 子刑卯, 卯刑子;
        自刑: 辰 午 酉 亥 punish themselves.
        """
        return _PUNISH[self]

    @property
    def self_punishing(self) -> bool:
        return _PUNISH[self] == self

    @property
    def trine(self) -> tuple[Branch, Branch, Branch]:
        """三合 局 containing this branch, in the order 長生 帝旺 墓 (申子辰, 亥卯未, 寅午戌, 巳酉丑)."""
        return _TRINES[self % 4]

    @property
    def season_class(self) -> Season:
        """孟 (寅申巳亥), 仲 (子午卯酉) or 季 (辰戌丑未)."""
        return _SEASONS[self % 3]

    @classmethod
    def from_zh(cls, ch: str) -> Branch:
        i = "子丑寅卯辰巳午未申酉戌亥".find(ch)
        if i < 0 or len(ch) != 1:
            raise ValueError(f"not an earthly branch: {ch!r}")
        return cls(i)

    def __str__(self) -> str:
        return self.zh


_BRANCHES: tuple[Branch, ...] = tuple(Branch)
_SEASONS = (Season.ZHONG, Season.JI, Season.MENG)   # by branch mod 3

# 三合 局 by branch mod 4, 長生 first: 0 申子辰, 1 巳酉丑, 2 寅午戌, 3 亥卯未 (《協紀辨方書》 卷一 三合).
_TRINES: tuple[tuple[Branch, Branch, Branch], ...] = tuple(
    (s, s.shift(4), s.shift(8)) for s in (Branch.SHEN, Branch.SI, Branch.YIN, Branch.HAI))

_PUNISH = {
    Branch.ZI: Branch.MAO, Branch.MAO: Branch.ZI,
    Branch.YIN: Branch.SI, Branch.SI: Branch.SHEN, Branch.SHEN: Branch.YIN,
    Branch.CHOU: Branch.XU, Branch.XU: Branch.WEI, Branch.WEI: Branch.CHOU,
    Branch.CHEN: Branch.CHEN, Branch.WU: Branch.WU, Branch.YOU: Branch.YOU, Branch.HAI: Branch.HAI,
}

# The element in command in each month by its 月建 (寅卯 木, 巳午 火, 申酉 金, 亥子 水, the 季 months 土),
# and 旺 相 休 囚 死 of every element in it: the season's element is 旺, what it generates 相, what
# generates it 休, what overcomes it 囚, what it overcomes 死. Both engines read this one table.
_SEASON_ELEMENT = (Element.WATER, Element.EARTH, Element.WOOD, Element.WOOD, Element.EARTH, Element.FIRE,
                   Element.FIRE, Element.EARTH, Element.METAL, Element.METAL, Element.EARTH, Element.WATER)


def _strength(e: Element, s: Element) -> str:
    if e == s:
        return "旺"
    if s.generates(e):
        return "相"
    if e.generates(s):
        return "休"
    if e.overcomes(s):
        return "囚"
    return "死"


_STRENGTH = tuple(tuple(_strength(e, _SEASON_ELEMENT[m]) for e in Element) for m in range(12))


def strength(e: Element, month: Branch) -> str:
    """旺 相 休 囚 死 of element ``e`` in the month whose 月建 is ``month``."""
    return _STRENGTH[month][e]


def clashes(a: Branch, b: Branch) -> bool:
    return a.opposite == b


# ---------------------------------------------------------------------------------------------
# 六親: the five kinds of relation of an element to a reference element (the day stem in 六壬,
# the palace in 六爻): 同我 兄弟, 生我 父母, 我生 子孫, 我剋 妻財, 剋我 官鬼 (《卜筮正宗》 卷一 六親歌).

class Kin(IntEnum):
    BROTHER = 0
    OFFSPRING = 1
    WEALTH = 2
    OFFICER = 3
    PARENT = 4

    @property
    def zh(self) -> str:
        return ("兄弟", "子孫", "妻財", "官鬼", "父母")[self]

    @property
    def short(self) -> str:
        return ("兄", "孫", "財", "官", "父")[self]


_KINS: tuple[Kin, ...] = tuple(Kin)


def kin(me: Element, other: Element) -> Kin:
    """六親 of ``other`` seen from ``me``: the index is how far ``other`` lies along the 生 cycle."""
    return _KINS[(other - me) % 5]


# ---------------------------------------------------------------------------------------------
# 十二長生.

class Stage(IntEnum):
    CHANGSHENG = 0
    MUYU = 1
    GUANDAI = 2
    LINGUAN = 3
    DIWANG = 4
    SHUAI = 5
    BING = 6
    SI = 7
    MU = 8
    JUE = 9
    TAI = 10
    YANG = 11

    @property
    def zh(self) -> str:
        return ("長生", "沐浴", "冠帶", "臨官", "帝旺", "衰", "病", "死", "墓", "絕", "胎", "養")[self]


_STAGES: tuple[Stage, ...] = tuple(Stage)

# Where each element's 長生 falls, in the five-element table used by 六爻 (土 follows 水, as seed
# 000 states: 水土養於未, 水土胎在午, 水土敗於酉): 木亥 火寅 金巳 水申 土申.
CHANGSHENG_WUXING_TU_WITH_WATER = {
    Element.WOOD: Branch.HAI,
    Element.FIRE: Branch.YIN,
    Element.EARTH: Branch.SHEN,
    Element.METAL: Branch.SI,
    Element.WATER: Branch.SHEN,
}


def stage(element: Element, b: Branch,
          table: dict[Element, Branch] = CHANGSHENG_WUXING_TU_WITH_WATER) -> Stage:
    """The 十二長生 stage of ``element`` at branch ``b`` (all elements run forward)."""
    return _STAGES[(b - table[element]) % 12]


def stage_branch(element: Element, s: Stage,
                 table: dict[Element, Branch] = CHANGSHENG_WUXING_TU_WITH_WATER) -> Branch:
    """The branch where ``element`` reaches stage ``s``."""
    return table[element].shift(int(s))


# ---------------------------------------------------------------------------------------------
# Day facts.

# 寄宮: where each stem lodges on the earth plate (《六壬大全》 卷一).
LODGING = {
    Stem.JIA: Branch.YIN, Stem.YI: Branch.CHEN, Stem.BING: Branch.SI, Stem.DING: Branch.WEI,
    Stem.WU: Branch.SI, Stem.JI: Branch.WEI, Stem.GENG: Branch.SHEN, Stem.XIN: Branch.XU,
    Stem.REN: Branch.HAI, Stem.GUI: Branch.CHOU,
}

# 祿: 甲寅 乙卯 丙戊巳 丁己午 庚申 辛酉 壬亥 癸子 (《三命通會》 卷三 論祿).
LU = {
    Stem.JIA: Branch.YIN, Stem.YI: Branch.MAO, Stem.BING: Branch.SI, Stem.DING: Branch.WU,
    Stem.WU: Branch.SI, Stem.JI: Branch.WU, Stem.GENG: Branch.SHEN, Stem.XIN: Branch.YOU,
    Stem.REN: Branch.HAI, Stem.GUI: Branch.ZI,
}


def yima(day_branch: Branch) -> Branch:
    """驛馬: 申子辰 馬在寅, 寅午戌 馬在申, 巳酉丑 馬在亥, 亥卯未 馬在巳 (the 沖 of the trine's 長生)."""
    return day_branch.trine[0].opposite


@dataclass(frozen=True, order=True)
class GanZhi:
    """One of the sixty 干支 (a day of the sexagenary cycle, or a 納甲 line)."""

    stem: Stem
    branch: Branch

    def __post_init__(self) -> None:
        if self.stem % 2 != self.branch % 2:
            raise ValueError(f"{self.stem.zh}{self.branch.zh} is not in the sexagenary cycle")

    @classmethod
    def from_index(cls, i: int) -> GanZhi:
        """0 is 甲子, 59 is 癸亥."""
        return cls(Stem(i % 10), Branch(i % 12))

    @classmethod
    def from_zh(cls, s: str) -> GanZhi:
        if len(s) != 2:
            raise ValueError(f"not a stem-branch pair: {s!r}")
        return cls(Stem.from_zh(s[0]), Branch.from_zh(s[1]))

    @property
    def index(self) -> int:
        # Chinese remainder: i ≡ stem (mod 10), i ≡ branch (mod 12).
        return (6 * self.stem - 5 * self.branch) % 60

    @property
    def zh(self) -> str:
        return self.stem.zh + self.branch.zh

    @property
    def slug(self) -> str:
        """Pinyin without tones, stem and branch joined by a hyphen: ``bing-yin``."""
        return f"{self.stem.pinyin}-{self.branch.pinyin}"

    @property
    def xun_head(self) -> GanZhi:
        """The 甲 day that opens this day's 旬 (``stem`` days earlier in the cycle)."""
        return SIXTY[self.index - self.stem]

    @property
    def xun_void(self) -> tuple[Branch, Branch]:
        """旬空: the two branches the 旬 leaves without a stem (甲子旬 戌亥 … 甲寅旬 子丑)."""
        head = self.xun_head.branch
        return (head.shift(10), head.shift(11))

    def dun_stem(self, b: Branch) -> Stem | None:
        """遁干: the stem that ``b`` carries in this day's 旬, or None for the two void branches."""
        offset = (b - self.branch + self.stem) % 12   # the 旬's head branch is branch − stem
        return _STEMS[offset] if offset < 10 else None

    def __str__(self) -> str:
        return self.zh


SIXTY = tuple(GanZhi.from_index(i) for i in range(60))


# ---------------------------------------------------------------------------------------------
# 天干五合 (appended for the hexagram engine): 甲己, 乙庚, 丙辛, 丁壬, 戊癸 — each stem with the stem
# five places on (《三命通會》 卷二 論十干合; 《五行大義》 卷二 論合). Seed 000 p48–p49 read a line's 德
# as 天干地支上下皆合 (戊寅見癸亥，甲子見己丑; 丙子 with 辛丑).

def stem_combine(s: Stem) -> Stem:
    """天干五合: the stem that ``s`` combines with (甲己 乙庚 丙辛 丁壬 戊癸)."""
    return _STEMS[(s + 5) % 10]


def ganzhi_combine(a: GanZhi, b: GanZhi) -> bool:
    """Both stems 五合 and both branches 六合 (天地合德: 戊寅·癸亥, 甲子·己丑, 丙子·辛丑)."""
    return stem_combine(a.stem) == b.stem and a.branch.combine == b.branch
