"""The rules a 六爻 chart needs its day and month for (family ``yi-moment``), each with its one
predicate (``RuleDef.holds``) over the facts of one line at one moment (``LineFacts``).

Sources (facts, not text; the rule entries in ``content/rules/yi-moment.yaml`` quote the clauses):
- 旬空: 《卜筮正宗》 啟蒙節要 六甲旬空起例 (甲子旬中戌亥空 …) — ``GanZhi.xun_void``.
- 月破: 《卜筮正宗》 啟蒙節要 月破定例 (凡月建所沖之爻名為月破).
- 日破 and 暗動: a still line the 日辰 clashes (《卜筮正宗》 十八論 合處逢沖論: 日月沖爻) is 暗動 when
  it is 旺相 in the month and 日破 when it is 休囚 (《增刪卜易》 暗動章, 旬空章).
- 化空, 化破: a moving line changing into the day's 旬空 or into the branch the 月建 clashes
  (《卜筮正宗》 十八論: 動爻變空, 變破). 化空 keeps its id of the change catalog (``yi-hua-kong``).
- 旺相休囚死 by the 月建: the season's element is 旺, what it generates 相, what generates it 休,
  what overcomes it 囚, what it overcomes 死; 辰戌丑未 months are 土's (《卜筮正宗》 十八論
  旺相休囚論: 春令木旺火相 … 四季之月土旺金相; the five-way split: 《五行大義》 論四時休王).
- 十二運 in the 日辰 and in the 月建: the line's element at the day's branch and at the month's, in
  the 六爻 table where 土 follows 水 (《卜筮正宗》 十八論 四生逐位論: 火生於寅 … 水土生於申; 啟蒙節要
  長生掌訣 for the order) — ``ganzhi.stage``. Twelve rules each (日辰長生 … 日辰養, 月建長生 …
  月建養); exactly one of each twelve holds on a line, so a line lists them apart from the others.
- 神煞 (《卜筮全書》 卷十四 神煞歌例): 天乙貴人 and 天元祿 by the day stem; 驛馬, 咸池 (桃花), 劫殺,
  華蓋 by the day branch's 三合; 天喜 by the season of the 月建.
"""

from __future__ import annotations

from typing import Callable, NamedTuple

from sitegen.model.ganzhi import LU, Branch, Element, GanZhi, Stage, Stem, stage, strength, yima

_BRANCH_ELEMENT = tuple(b.element for b in Branch)
from sitegen.model.rules import RuleDef

B = Branch
STRENGTHS = ("旺", "相", "休", "囚", "死")

class LineFacts(NamedTuple):
    """One line at one moment: what every yi-moment predicate reads."""

    branch: Branch            # the line's 納甲 branch
    moving: bool
    to: Branch | None         # the branch it changes into (moving lines)
    day: GanZhi               # 日辰
    month: Branch             # 月建

    @property
    def strength(self) -> str:
        return strength(_BRANCH_ELEMENT[self.branch], self.month)

    @property
    def strong(self) -> bool:
        return self.strength in ("旺", "相")

    @property
    def day_clash(self) -> bool:
        return self.day.branch.opposite == self.branch


# ---- the 神煞 of 神煞歌例: where each falls for a day and month --------------------------------

# 天乙貴人: 甲戊兼牛羊，乙己鼠猴鄉，丙丁豬雞位，壬癸兔蛇藏，庚辛逢馬虎.
_GUIREN = {Stem.JIA: (B.CHOU, B.WEI), Stem.WU: (B.CHOU, B.WEI), Stem.YI: (B.ZI, B.SHEN),
           Stem.JI: (B.ZI, B.SHEN), Stem.BING: (B.HAI, B.YOU), Stem.DING: (B.HAI, B.YOU),
           Stem.REN: (B.MAO, B.SI), Stem.GUI: (B.MAO, B.SI), Stem.GENG: (B.WU, B.YIN),
           Stem.XIN: (B.WU, B.YIN)}
# 咸池: 寅午戌 卯, 巳酉丑 午, 申子辰 酉, 亥卯未 子 — keyed by the trine's 長生 (寅 巳 申 亥).
_XIANCHI = {B.YIN: B.MAO, B.SI: B.WU, B.SHEN: B.YOU, B.HAI: B.ZI}
# 劫殺: 申子辰 巳, 亥卯未 申, 寅午戌 亥, 巳酉丑 寅.
_JIESHA = {B.SHEN: B.SI, B.HAI: B.SHEN, B.YIN: B.HAI, B.SI: B.YIN}
# 天喜: 春戌 夏丑 秋辰 冬未 (seasons by the 月建: 寅卯辰 春, 巳午未 夏, 申酉戌 秋, 亥子丑 冬).
_TIANXI_BY_SEASON = (B.XU, B.CHOU, B.CHEN, B.WEI)


def _season(month: Branch) -> int:
    return ((month - 2) % 12) // 3


# Where each 神煞 falls, from the day (its stem or branch) and the 月建.
_SHENSHA_PLACE = {
    "yi-tian-yi-gui-ren": lambda day, month: _GUIREN[day.stem],
    "yi-tian-yuan-lu": lambda day, month: (LU[day.stem],),
    "yi-yi-ma": lambda day, month: (yima(day.branch),),
    "yi-xian-chi": lambda day, month: (_XIANCHI[day.branch.trine[0]],),
    "yi-tian-xi": lambda day, month: (_TIANXI_BY_SEASON[_season(month)],),
    "yi-jie-sha": lambda day, month: (_JIESHA[day.branch.trine[0]],),
    # the trine's 墓: 馬前三位 (一驛馬，二六害，三華蓋)
    "yi-hua-gai": lambda day, month: (day.branch.trine[2],),
}


def shensha_branches(rule_id: str, day: GanZhi, month: Branch) -> tuple[Branch, ...]:
    """The branches where 神煞 ``rule_id`` falls on day ``day`` in the month ``month``."""
    return _SHENSHA_PLACE[rule_id](day, month)


def _shensha(rule_id: str):
    place = _SHENSHA_PLACE[rule_id]

    def holds(f: LineFacts) -> bool:
        return f.branch in place(f.day, f.month)
    return holds


def _strength_is(s: str):
    def holds(f: LineFacts) -> bool:
        return f.strength == s
    return holds


def hua_kong(f: LineFacts) -> bool:
    """化空: a moving line changes into a branch of the day's 旬空 (rule ``yi-hua-kong``)."""
    return f.moving and f.to in f.day.xun_void


def _r(rid: str, zh: str, holds) -> RuleDef:
    return RuleDef(rid, zh, "yi-moment", "change", holds)


# 十二運 of a line in the 日辰 and in the 月建 (the line's element at the day's / month's branch).
STAGE_SLUGS = ("chang-sheng", "mu-yu", "guan-dai", "lin-guan", "di-wang", "shuai", "bing", "si", "mu",
               "jue", "tai", "yang")
DAY_STAGE_IDS = tuple(f"yi-ri-chen-{s}" for s in STAGE_SLUGS)
MONTH_STAGE_IDS = tuple(f"yi-yue-jian-{s}" for s in STAGE_SLUGS)


def _stage_is(s: Stage, in_day: bool):
    def holds(f: LineFacts) -> bool:
        return stage(_BRANCH_ELEMENT[f.branch], f.day.branch if in_day else f.month) == s
    return holds


SHENSHA_IDS = ("yi-tian-yi-gui-ren", "yi-tian-yuan-lu", "yi-yi-ma", "yi-xian-chi", "yi-tian-xi",
               "yi-jie-sha", "yi-hua-gai")
_SHENSHA_ZH = ("天乙貴人", "天元祿", "驛馬", "咸池", "天喜", "劫殺", "華蓋")
STRENGTH_IDS = {"旺": "yi-yue-ling-wang", "相": "yi-yue-ling-xiang", "休": "yi-yue-ling-xiu",
                "囚": "yi-yue-ling-qiu", "死": "yi-yue-ling-si"}

MOMENT_RULES: tuple[RuleDef, ...] = (
    _r("yi-xun-kong", "旬空", lambda f: f.branch in f.day.xun_void),
    _r("yi-yue-po", "月破", lambda f: f.month.opposite == f.branch),
    _r("yi-ri-po", "日破", lambda f: not f.moving and f.day_clash and not f.strong),
    _r("yi-an-dong", "暗動", lambda f: not f.moving and f.day_clash and f.strong),
    _r("yi-hua-po", "化破", lambda f: f.moving and f.to == f.month.opposite),
    *(_r(STRENGTH_IDS[s], f"月令{s}", _strength_is(s)) for s in STRENGTHS),
    *(_r(rid, zh, _shensha(rid)) for rid, zh in zip(SHENSHA_IDS, _SHENSHA_ZH)),
    *(_r(rid, f"日辰{s.zh}", _stage_is(s, True)) for rid, s in zip(DAY_STAGE_IDS, Stage)),
    *(_r(rid, f"月建{s.zh}", _stage_is(s, False)) for rid, s in zip(MONTH_STAGE_IDS, Stage)),
)
MOMENT_RULES_BY_ID: dict[str, RuleDef] = {r.id: r for r in MOMENT_RULES}

_STAGE_IDS = set(DAY_STAGE_IDS + MONTH_STAGE_IDS)
_FLAGS = tuple(r for r in MOMENT_RULES if r.id not in _STAGE_IDS)

# What the moment decides on a line, in the order a line lists it: the catalog's rules but the
# 十二運 (one of twelve always holds: ``STAGE_PREDICATES``), and 化空 (an id of the change catalog,
# whose predicate this is).
LINE_PREDICATES: tuple[tuple[str, Callable[[LineFacts], bool]], ...] = (
    *((r.id, r.decide) for r in _FLAGS[:5]), ("yi-hua-kong", hua_kong),
    *((r.id, r.decide) for r in _FLAGS[5:]),
)
# The 十二運 of a line in the 日辰, then in the 月建: twelve rules each, in the order of ``Stage``.
STAGE_PREDICATES: tuple[tuple[tuple[str, Callable[[LineFacts], bool]], ...], ...] = tuple(
    tuple((rid, MOMENT_RULES_BY_ID[rid].decide) for rid in ids) for ids in (DAY_STAGE_IDS, MONTH_STAGE_IDS))
