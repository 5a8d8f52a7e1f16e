"""The 神煞 of 大六壬 (family ``liuren-shensha``): where each falls, by the day's stem, the day's
branch, the month (月建) or the year (太歲). Each is one rule whose predicate (``RuleDef.holds``) is
its table: ``place(day, month, year)`` gives the branch it falls on, or None (a month- or year-based
one without the moment; 天赦 on any other day). The rule entries (``content/rules/liuren-shensha.yaml``)
quote each table from 《六壬大全》 卷一 起例 神煞 or 《卜筮全書》 卷十四 神煞歌例. Where the
transcription writes 己 in a table of branches it is read as 巳 (as the entries say).

天馬 and 死氣 are the tables the 課體 already read (``keti.tianma``, ``keti.siqi``); the others are
written as the book lists them: by stem 甲…癸, by branch 子…亥, by month 正月(寅)…十二月(丑).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from ..ganzhi import LODGING, SIXTY, Branch, GanZhi, Stem, yima
from ..rules import RuleDef
from .keti import months_of, siqi, tianma

B = Branch
FAMILY = "liuren-shensha"


def _row(text: str) -> tuple[Branch, ...]:
    return tuple(B.from_zh(c) for c in text)


def _months(text: str) -> tuple[Branch, ...]:
    """A month table from 正月 (寅) on, re-indexed by the 月建 branch 子…亥."""
    row = _row(text * (12 // len(text)))
    return tuple(row[(m - B.YIN) % 12] for m in B)


def _forward(start: str) -> str:
    """「X順十二」: X in 正月, the next branch each month."""
    s = B.from_zh(start)
    return "".join(s.shift(k).zh for k in range(12))


def _backward(start: str) -> str:
    """「X逆十二」: X in 正月, the branch before each month."""
    s = B.from_zh(start)
    return "".join(s.shift(-k).zh for k in range(12))


def _seasons(four: str) -> str:
    """「春X夏Y秋Z冬W」: each for the three months of its season (寅卯辰 春 …)."""
    return "".join(c * 3 for c in four)


def _horse(k: int) -> tuple[Branch, ...]:
    """The 馬前神殺 counted from the 驛馬 of the day branch (「一驛馬 … 三華蓋，四劫殺，五災殺 …
    八年殺 … 十亡神，十一將星」): the (k+1)th, by the 辰 子…亥."""
    return tuple(yima(b).shift(k) for b in B)


def _stems(text: str) -> str:
    """A month table of stems (月合 辛己丁乙), each on its 寄宮."""
    return "".join(LODGING[Stem.from_zh(c)].zh for c in text)


def _year_offset(k: int) -> tuple[Branch, ...]:
    """「歲前/後 N 辰」: by the 太歲 子…亥."""
    return tuple(y.shift(k) for y in B)


# 天德 正丁 二坤 三壬 四辛 五亥 六甲 七癸 八寅 九丙 十乙 十一巳 十二庚: a stem falls on its 寄宮, 坤 on 申.
_TIAN_DE = "".join((LODGING[Stem.from_zh(c)].zh if c in "甲乙丙丁戊己庚辛壬癸" else {"坤": "申"}.get(c, c))
                   for c in "丁坤壬辛亥甲癸寅丙乙巳庚")
# 天赦 春戊寅 夏甲午 秋戊申 冬甲子 (seasons by the 月建: 寅卯辰 春 …)
_TIAN_SHE = tuple(GanZhi.from_zh(d) for d in ("戊寅", "甲午", "戊申", "甲子"))


def _season(month: Branch) -> int:
    return ((month - B.YIN) % 12) // 3


@dataclass(frozen=True)
class Shensha:
    id: str
    zh: str
    basis: str                      # stem | branch | day | month | year
    table: tuple[Branch, ...] = ()  # by stem (10) or by branch (12)

    def place(self, day: GanZhi, month: Branch | None = None, year: Branch | None = None) -> Branch | None:
        """The branch this 神煞 falls on for ``day`` (in ``month``, ``year``), or None."""
        if self.basis == "stem":
            return self.table[day.stem]
        if self.basis == "branch":
            return self.table[day.branch]
        if self.basis == "day":      # 天赦: the day itself, in its season
            if month is None:
                return None
            return day.branch if day == _TIAN_SHE[_season(month)] else None
        key = month if self.basis == "month" else year
        return None if key is None else self.table[key]

    def months(self) -> dict[Branch, tuple[Branch, ...]]:
        """One counted by the month: for each branch, the months (月建) in which it falls there."""
        return months_of(self.table.__getitem__)


_S = Shensha
SHENSHA: tuple[Shensha, ...] = (
    # by the day stem (卷一 十天干神煞)
    _S("liuren-sha-yang-ren", "羊刃", "stem", _row("卯辰午未午未酉戌子丑")),
    _S("liuren-sha-fu-xing", "福星", "stem", _row("子丑子子未未丑丑巳巳")),
    _S("liuren-sha-ri-yi", "日醫", "stem", _row("卯亥丑未巳卯亥丑未巳")),
    _S("liuren-sha-you-du", "游都", "stem", _row("丑子寅巳申丑子寅巳申")),
    _S("liuren-sha-tian-dao", "天盜", "stem", _row("子亥卯申巳子亥卯申巳")),
    _S("liuren-sha-tian-zei", "天賊", "stem", _row("辰午申亥寅辰午申亥寅")),
    _S("liuren-sha-tian-luo", "天羅", "stem", _row("卯巳午申午申酉亥子寅")),
    _S("liuren-sha-zhi-fu", "直符", "stem", _row("巳辰卯寅丑午未申酉戌")),     # 甲 written 己: 巳
    _S("liuren-sha-yi-shen", "儀神", "stem", _row("午巳辰卯寅丑未申酉戌")),
    # by the day branch (卷一 十二地支神煞; 破碎 as 《卜筮全書》 gives it)
    _S("liuren-sha-zhi-de", "支德", "branch", _row("巳午未申酉戌亥子丑寅卯辰")),
    _S("liuren-sha-zhi-po", "支破", "branch", _row("酉辰亥午丑申卯戌巳子未寅")),
    _S("liuren-sha-po-sui", "破碎", "branch", _row("巳丑酉" * 4)),
    _S("liuren-sha-zhi-xing", "支刑", "branch", _row("卯戌巳子辰申午丑寅酉未亥")),
    _S("liuren-sha-shi-sha", "時煞", "branch", _row("巳寅亥申" * 3)),
    _S("liuren-sha-zhi-yi", "支儀", "branch", _row("午巳辰卯寅丑未申酉戌亥子")),
    # by the day branch's 驛馬 (《卜筮全書》 馬前神殺, 劫殺, 咸池殺)
    _S("liuren-sha-hua-gai", "華蓋", "branch", _horse(2)),
    _S("liuren-sha-jie-sha", "劫煞", "branch", _horse(3)),
    _S("liuren-sha-zai-sha", "災煞", "branch", _horse(4)),
    _S("liuren-sha-xian-chi", "咸池", "branch", _horse(7)),
    _S("liuren-sha-wang-shen", "亡神", "branch", _horse(9)),
    _S("liuren-sha-jiang-xing", "將星", "branch", _horse(10)),
    # by the month (卷一 神煞, 正月 first)
    _S("liuren-sha-tian-de", "天德", "month", _months(_TIAN_DE)),
    _S("liuren-sha-yue-de", "月德", "month", _months("巳寅亥申")),
    _S("liuren-sha-tian-ma", "天馬", "month", tuple(tianma(m) for m in B)),
    _S("liuren-sha-tian-xi", "天喜", "month", _months("戌戌戌丑丑丑辰辰辰未未未")),
    _S("liuren-sha-huang-en", "皇恩", "month", _months("戌丑辰未卯酉子午亥寅巳申")),
    _S("liuren-sha-tian-she", "天赦", "day"),
    _S("liuren-sha-sheng-qi", "生氣", "month", _months(_forward("子"))),
    _S("liuren-sha-si-qi", "死氣", "month", tuple(siqi(m) for m in B)),
    _S("liuren-sha-si-shen", "死神", "month", _months(_forward("巳"))),
    _S("liuren-sha-tian-yi", "天醫", "month", _months("子卯午酉")),
    _S("liuren-sha-cheng-shen", "成神", "month", _months("巳申亥寅")),
    _S("liuren-sha-xue-zhi", "血支", "month", _months(_forward("丑"))),
    _S("liuren-sha-xue-ji", "血忌", "month", _months("丑未寅申卯酉辰戌巳亥午子")),
    _S("liuren-sha-yue-he", "月合", "month", _months(_stems("辛己丁乙"))),   # written 辛巳丁乙: 月德合
    _S("liuren-sha-tian-zhao", "天詔", "month", _months(_forward("亥"))),
    _S("liuren-sha-tian-shu", "天書", "month", _months(_forward("戌"))),
    _S("liuren-sha-sheng-xin", "聖心", "month", _months("亥巳子午丑未寅申卯酉辰戌")),  # 二月 written 己
    _S("liuren-sha-huang-shu", "皇書", "month", _months(_seasons("寅巳申亥"))),
    _S("liuren-sha-jie-shen", "解神", "month", _months("申申酉酉戌戌亥亥午午未未")),
    _S("liuren-sha-tian-wu", "天巫", "month", _months(_forward("辰"))),
    _S("liuren-sha-tian-gui", "天鬼", "month", _months("酉午卯子")),
    _S("liuren-sha-yue-xing", "月刑", "month", _months("巳子辰申午丑寅酉未亥卯戌")),
    _S("liuren-sha-yue-hai", "月害", "month", _months(_backward("巳"))),
    _S("liuren-sha-da-shi", "大時", "month", _months("卯子酉午")),
    _S("liuren-sha-shou-si", "受死", "month", _months("戌辰亥巳子午丑未寅申卯酉")),
    _S("liuren-sha-you-huo", "游禍", "month", _months(_backward("巳"))),
    _S("liuren-sha-mu-men", "墓門", "month", _months("亥申巳寅")),
    _S("liuren-sha-jian-men", "奸門", "month", _months("申亥寅巳")),
    _S("liuren-sha-fei-huo", "飛禍", "month", _months(_seasons("申寅巳亥"))),
    _S("liuren-sha-zei-shen", "賊神", "month", _months(_seasons("卯午酉子"))),
    _S("liuren-sha-chang-sheng", "長繩", "month", _months(_backward("亥"))),
    _S("liuren-sha-jiao-shen", "絞神", "month", _months("酉辰亥午丑申卯戌巳子未寅")),  # 九月 written 己
    _S("liuren-sha-jian-shen", "奸神", "month", _months(_seasons("寅亥申巳"))),
    _S("liuren-sha-sha-shen", "煞神", "month", _months(_seasons("申亥寅巳"))),
    _S("liuren-sha-di-yu", "地獄", "month", _months(_seasons("辰午戌子"))),
    _S("liuren-sha-hui-shen", "會神", "month", _months("未戌寅亥酉子丑午巳卯申辰")),  # 九月 written 己
    _S("liuren-sha-xin-sha", "信煞", "month", _months(_forward("酉"))),
    _S("liuren-sha-xi-shen", "戲神", "month", _months(_seasons("巳子酉辰"))),
    _S("liuren-sha-tian-mu", "天目", "month", _months(_seasons("辰未戌丑"))),
    _S("liuren-sha-huo-gui", "火鬼", "month", _months(_seasons("午酉子卯"))),
    # 月厭 has no table line in 卷一: its 逐月 lists put it 正月 戌, 二月 酉 … 十二月 亥 (戌 backward)
    _S("liuren-sha-yue-yan", "月厭", "month", _months(_backward("戌"))),
    # by the season of the month (《卜筮全書》 孤辰寡宿: 寅卯辰 巳·丑 …)
    _S("liuren-sha-gu-chen", "孤辰", "month", _months(_seasons("巳申亥寅"))),
    _S("liuren-sha-gua-su", "寡宿", "month", _months(_seasons("丑辰未戌"))),
    # by the year (卷一 歲神煞)
    _S("liuren-sha-sang-men", "喪門", "year", _year_offset(2)),
    _S("liuren-sha-diao-ke", "弔客", "year", _year_offset(-2)),
    _S("liuren-sha-bing-fu", "病符", "year", _year_offset(-1)),
    _S("liuren-sha-sui-po", "歲破", "year", _year_offset(6)),
)
SHENSHA_BY_ID = {s.id: s for s in SHENSHA}
DAY_SHENSHA = tuple(s for s in SHENSHA if s.basis in ("stem", "branch"))


def rules() -> list[RuleDef]:
    """Each 神煞 as a rule; its predicate is where it falls."""
    return [RuleDef(s.id, s.zh, FAMILY, "lesson", s.place) for s in SHENSHA]


@dataclass(frozen=True)
class ShenshaPlace:
    """A 神煞 and where it falls on a lesson's plate."""

    rule: str
    name: str
    branch: Branch
    seat: Branch                          # the earth place under that heaven branch
    in_lessons: tuple[int, ...]           # 四課 (1..4) whose upper it is
    in_transmissions: tuple[str, ...]     # 初傳 中傳 末傳

    def as_data(self) -> dict:
        return {"rule": self.rule, "name": self.name, "branch": self.branch.zh, "seat": self.seat.zh,
                "lessons": list(self.in_lessons), "transmissions": list(self.in_transmissions)}


def places(day: GanZhi, month: Branch | None, year: Branch | None, seats, uppers, trans,
           which: tuple[Shensha, ...] = SHENSHA) -> tuple[ShenshaPlace, ...]:
    """Where each 神煞 of ``which`` falls: ``seats`` the earth under each heaven branch, ``uppers``
    the four lessons' upper branches, ``trans`` (position, branch) of the 三傳."""
    out = []
    for s in which:
        b = s.place(day, month, year)
        if b is None:
            continue
        out.append(_place(s.id, s.zh, b, seats[b], tuple(i for i, u in enumerate(uppers, 1) if u == b),
                          tuple(p for p, t in trans if t == b)))
    return tuple(out)


_place = lru_cache(maxsize=None)(ShenshaPlace)


def page_table() -> dict:
    """Where each 神煞 falls, for the pages' script (in ``SHENSHA`` order): by the day (sixty) for
    those of the day's stem or branch, by the 月建 or the 太歲 (子…亥) for those of the month or
    year, by day and 月建 for 天赦; "" where it does not fall."""
    at: list[list] = []
    for s in SHENSHA:
        if s.basis in ("stem", "branch"):
            at.append([_zh(s.place(d)) for d in SIXTY])
        elif s.basis == "day":
            at.append([[_zh(s.place(d, m)) for m in B] for d in SIXTY])
        elif s.basis == "month":
            at.append([_zh(s.place(SIXTY[0], m, None)) for m in B])
        else:
            at.append([_zh(s.place(SIXTY[0], None, y)) for y in B])
    return {"ids": [s.id for s in SHENSHA], "names": [s.zh for s in SHENSHA],
            "basis": [s.basis for s in SHENSHA], "at": at}


def _zh(b: Branch | None) -> str:
    return b.zh if b is not None else ""

