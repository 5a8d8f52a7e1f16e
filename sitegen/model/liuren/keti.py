"""課體 predicates: one function per rule id (``RuleDef.holds``), each the classical statement of
《六壬大全》卷七–十 (課經集) or of the seeds, read from a lesson's facts.

A predicate takes a ``Facts`` (the day, the plate, the four lessons, the three transmissions, both
arrangements of the generals) and returns:

- ``None`` or ``False``: the 課體 does not hold on this lesson, whatever the moment;
- ``True``: it holds on this lesson at every moment;
- a ``Cond``: it holds only at some moments — ``when`` says at which, for a machine (every key
  present must hold): ``hours`` (占時), ``day_night``, ``months`` (月建 branches, for 旺相 and the
  month's 神煞), ``month_generals`` (月將), ``years`` (太歲), ``birth`` and ``xing`` (本命 and 行年,
  named in ``needs``), ``couple`` (the asker's and the spouse's 行年 as (夫年, 妻年) branch pairs,
  each written as two characters, 夫年 first: 解離, 旺孕, 繁昌; named in ``needs`` as 夫妻行年),
  ``couple_years`` (the same as (夫年, 妻年) 干支, four characters: 德孕) and ``couple_ming`` (the
  husband's and the wife's 本命, two characters: 德孕; named in ``needs`` as 夫妻本命),
  ``moon`` (the 宮 of the Moon's mansion, 月宿), ``dates`` (a day of the calendar the plate cannot
  tell: 四立 …);
- ``UNDECIDED``: the chart cannot tell it at all; the rule's entry says why.

Nothing here is worded: the condition is a step whose sentence lives in the rule entries.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..ganzhi import (LODGING, LU, Branch, Element, GanZhi, Kin, Stage, Stem, kin, stage_branch, stem_combine,
                      strength, yima)
from ..options import NobleTable
from ..steps import Step, declare, step
from .generals import noble
from .plate import KE, ZEI, distinct_count, seat_of
from .tables import DAY_HOURS as _DAY_HOURS
from .tables import EARTH_BRANCHES, FORWARD_SEATS, GAN_DE, JIAN_NAMES, QUANJU, RU_NAMES, XUN_QI

B = Branch
BRANCHES = tuple(Branch)  # iterating the enum class is slow; the engine does it thousands of times
UNDECIDED = "undecided"
_ZHONG = frozenset({B.ZI, B.WU, B.MAO, B.YOU})
_MENG = frozenset({B.YIN, B.SHEN, B.SI, B.HAI})
_CORNERS = _MENG  # the corners of the earth square as a plate is drawn: 巳 申 亥 寅
# 吉將 (《六壬大全》 卷一/卷二: 貴人 六合 青龍 太常 太陰 天后 are the auspicious generals)
GOOD = frozenset({"貴人", "六合", "青龍", "太常", "太陰", "天后"})


@dataclass(frozen=True)
class Cond:
    condition: Step
    when: tuple[tuple[str, Any], ...]   # (key, branches), or ("any", alternatives of such pairs)


class Facts:
    """What a 課體 predicate reads of one lesson."""

    __slots__ = ("day", "stem", "branch", "plate", "heaven", "lessons", "trans", "gd", "gn", "method",
                 "ke", "basis", "derived", "derived_names", "guiren", "lodging", "gan_shang", "zhi_shang", "first", "kins", "seats", "void")

    def __init__(self, day: GanZhi, plate: int, heaven, lessons, trans, gd, gn, method, ke, basis,
                 derived, derived_names=frozenset(), guiren: NobleTable = NobleTable.GEJUE):
        self.day, self.stem, self.branch, self.plate = day, day.stem, day.branch, plate
        self.heaven, self.lessons, self.trans, self.gd, self.gn = heaven, lessons, trans, gd, gn
        self.method, self.ke, self.basis, self.derived = method, ke, basis, derived
        self.derived_names = derived_names
        self.guiren = guiren  # the 貴人 table gd and gn were arranged by
        self.lodging = LODGING[day.stem]
        self.gan_shang, self.zhi_shang = lessons[0].upper, lessons[2].upper
        self.first = trans[0]
        self.kins = _KINS[day.stem.element]  # the 六親 of each branch against the day stem
        self.seats = _SEATS[plate - 1]         # the earth place under each heaven branch
        self.void = day.xun_void

    def seat(self, b: Branch) -> Branch:
        return self.seats[b]

    def on(self, test) -> str | None:
        """Which arrangement of the generals satisfies ``test(generals)``: both, day, night or None."""
        d, n = test(self.gd), test(self.gn)
        return "both" if d and n else "day" if d else "night" if n else None


# ---- the condition as data and as a step -------------------------------------------------------
declare({
    "liuren-when": ("parts",),
    "liuren-when-hours": ("hours",),
    "liuren-when-day": (),
    "liuren-when-night": (),
    "liuren-when-months": ("months",),
    "liuren-when-generals": ("generals",),
    "liuren-when-years": ("years",),
    "liuren-when-birth": ("branches",),
    "liuren-when-xing": ("branches",),
    "liuren-when-couple": ("pairs",),   # (夫年, 妻年): the asker's and the spouse's 行年
    "liuren-when-couple-years": ("pairs",),   # the same as 干支
    "liuren-when-couple-ming": ("pairs",),    # (夫命, 妻命): the husband's and the wife's 本命
    "liuren-when-sili-eve": (),     # the day before 立春 立夏 立秋 立冬 (四絕)
    "liuren-when-sili": (),         # 立春 立夏 立秋 立冬 themselves (天禍)
    "liuren-when-moon": ("branches",),  # the moon's lodge (月宿, its 宮) is one of these (二煩, 天寇)
    "liuren-when-fenzhi": (),       # 春分 夏至 秋分 冬至 themselves (天寇)
    "liuren-cond-tianwang": ("hours", "first", "stem"),
})
_DATE_STEPS = {"四立前日": "liuren-when-sili-eve", "四立日": "liuren-when-sili", "分至日": "liuren-when-fenzhi"}


@lru_cache(maxsize=None)
def _cond(sets: tuple[tuple[str, tuple[Branch, ...]], ...], day_night: str | None,
          dates: tuple[str, ...]) -> Cond:
    parts: list[Step] = []
    when: list[tuple[str, tuple[str, ...]]] = []
    needs: list[str] = []
    for key, vs in sets:
        kind, arg = _SET_STEPS[key]
        parts.append(step(kind, None, **{arg: _zh(vs) if key in _PAIRS else vs}))
        when.append((key, _zh(vs)))
        needs += _NEEDS.get(key, [])
    if day_night is not None:
        parts.append(step("liuren-when-day" if day_night == "day" else "liuren-when-night"))
        when.append(("day_night", (day_night,)))
    if dates:
        parts += [step(_DATE_STEPS[d]) for d in dates]
        when.append(("dates", dates))
    if needs:
        when.append(("needs", tuple(needs)))
    return Cond(step("liuren-when", parts=tuple(parts)), tuple(when))


_SET_STEPS = {"hours": ("liuren-when-hours", "hours"), "months": ("liuren-when-months", "months"),
              "month_generals": ("liuren-when-generals", "generals"),
              "years": ("liuren-when-years", "years"), "birth": ("liuren-when-birth", "branches"),
              "xing": ("liuren-when-xing", "branches"), "moon": ("liuren-when-moon", "branches"),
              "couple": ("liuren-when-couple", "pairs"), "couple_years": ("liuren-when-couple-years", "pairs"),
              "couple_ming": ("liuren-when-couple-ming", "pairs")}
_PAIRS = frozenset({"couple", "couple_years", "couple_ming"})   # sets of pairs, each written as one text
# what the asker must give for a key: named in ``needs``
_NEEDS = {"birth": ["本命"], "xing": ["行年"], "couple": ["夫妻行年"], "couple_years": ["夫妻行年"],
          "couple_ming": ["夫妻本命"]}


def _zh(vs: tuple) -> tuple[str, ...]:
    """Branches as their characters; a pair (夫年, 妻年; 干支 or branches) as its characters."""
    return tuple("".join(b.zh for b in v) if isinstance(v, tuple) else v.zh for v in vs)


_KINS = {e: tuple(kin(e, b.element) for b in Branch) for e in Element}
_SEATS = tuple(tuple(seat_of(p, b) for b in Branch) for p in range(1, 13))


def cond(*, day_night: str | None = None, dates: tuple[str, ...] = (), **sets) -> Cond | bool | None:
    if not sets and not dates:
        return _BY_SHIFT[day_night]
    return _cond_sets(day_night, dates, sets)


def _cond_sets(day_night, dates, sets) -> Cond | bool | None:
    """The condition that every named set (of branches) holds, 晝 or 夜 (``day_night``: "day",
    "night", or "both"/None for either) and the named dates: ``None`` when a named set is empty
    (it can never hold), ``True`` when nothing restricts it."""
    named = []
    for key in _SET_STEPS:
        if key in sets and sets[key] is not None:
            vs = tuple(sorted(set(sets[key])))
            if not vs:
                return None
            named.append((key, vs))
    if day_night == "both":
        day_night = None
    if not named and day_night is None and not dates:
        return True
    return _cond(tuple(named), day_night, tuple(dates))


_BY_SHIFT: dict[str | None, Cond | bool] = {None: True, "both": True, "day": _cond((), "day", ()),
                                            "night": _cond((), "night", ())}
_SILI = _cond((), None, ("四立日",))


declare({"liuren-when-any": ("alternatives",), "liuren-when-all": ("parts",)})


@lru_cache(maxsize=None)
def either(base: Cond | bool, alternatives: tuple[tuple[tuple[str, tuple[Any, ...]], ...], ...]) -> Cond | None:
    """``base`` (a ``Cond``, or True) and one of ``alternatives`` (each a tuple of (set key, branches)
    that all hold: the 太歲, 月建, 本命 or 行年 …; or ("day_night", ("day",)) / ("day_night",
    ("night",)), for what holds in one arrangement of the generals only, as the general over the
    asker's 本命): ``when`` gains ``any``, the alternatives as data."""
    alts = tuple(a for a in alternatives if all(vs for _, vs in a))
    if base is None or not alts:
        return None
    parts = base.condition.args[0][1] if isinstance(base, Cond) else ()
    steps = tuple(step("liuren-when-all", parts=tuple(_alt_step(k, vs) for k, vs in a)) for a in alts)
    when = base.when if isinstance(base, Cond) else ()
    data = tuple(tuple((k, vs if k == "day_night" else _zh(vs)) for k, vs in a) for a in alts)
    return Cond(step("liuren-when", parts=(*parts, step("liuren-when-any", alternatives=steps))),
                (*when, ("any", data)))


def _alt_step(key: str, vs: tuple) -> Step:
    if key == "day_night":
        return step("liuren-when-day" if vs == ("day",) else "liuren-when-night")
    return Step(_SET_STEPS[key][0], None, ((_SET_STEPS[key][1], _zh(vs) if key in _PAIRS else vs),))


SHIFTS = (("day", False), ("night", True))


def nianming_good(f: Facts, test) -> tuple:
    """「年命乘吉將」 (德慶, 合歡): for each arrangement of the generals in which ``test(generals)``
    holds, the alternative (``either``) that it is that arrangement and the upper gods over the
    asker's 本命 and 行年 both ride a 吉將 — the earth places over which the god rides one."""
    out = []
    for shift, night in SHIFTS:
        g = f.gn if night else f.gd
        if test(g):
            good = tuple(sorted(f.seat(h) for h in BRANCHES if g[h] in GOOD))
            out.append((("day_night", (shift,)), ("birth", good), ("xing", good)))
    return tuple(out)


# ---- seasons (旺相休囚死 by the month's branch, 月建) ----------------------------------------------
@lru_cache(maxsize=None)
def months_where(elements: tuple[Element, ...], states: frozenset[str]) -> frozenset[Branch]:
    """The months (月建) in which every element is in one of ``states``."""
    return frozenset(m for m in B if all(strength(e, m) in states for e in elements))


WANGXIANG = frozenset({"旺", "相"})
QIUSI = frozenset({"囚", "死"})


def tianma(month: Branch) -> Branch:
    """天馬: 正月(寅)起午, 順行六陽 (《六壬大全》 卷九 游子課)."""
    return B.WU.shift(2 * (month - B.YIN))


def siqi(month: Branch) -> Branch:
    """死氣: 正月(寅)起午, 順行十二辰."""
    return B.WU.shift(month - B.YIN)


def sishen(month: Branch) -> Branch:
    """死神: 正月(寅)起巳, 順行十二辰 (《六壬大全》 卷九 魄化課)."""
    return B.SI.shift(month - B.YIN)


def sangche(month: Branch) -> Branch:
    """喪車: 正月(寅)起未, 逆行四季 (未辰丑戌) (《六壬大全》 卷九 災厄課)."""
    return (B.WEI, B.CHEN, B.CHOU, B.XU)[(month - B.YIN) % 4]


def po(b: Branch) -> Branch:
    """破: 子酉 丑辰 寅亥 卯午 辰丑 巳申 午卯 未戌 申巳 酉子 戌未 亥寅."""
    return b.shift(9 if b.yang else 3)


def months_of(table) -> dict[Branch, tuple[Branch, ...]]:
    """For each branch, the months (月建) in which ``table(month)`` is that branch."""
    return {b: tuple(m for m in B if table(m) == b) for b in B}


TIANMA_MONTHS = months_of(tianma)
YIMA_YEARS = months_of(yima)  # the 太歲 whose 驛馬 each branch is
SIQI_MONTHS = months_of(siqi)
SISHEN_MONTHS = months_of(sishen)
SANGCHE_MONTHS = months_of(sangche)


def mu(e: Element) -> Branch:
    return stage_branch(e, Stage.MU)


def front(f: Facts, night: bool) -> tuple[bool, frozenset[Branch], frozenset[Branch]]:
    """(貴人 runs forward, the five earth places before it, the five behind it)."""
    return _front(f.stem, f.plate, night, f.guiren)


@lru_cache(maxsize=None)
def _front(stem: Stem, plate: int, night: bool, table: NobleTable) -> tuple[bool, frozenset[Branch], frozenset[Branch]]:
    seat = seat_of(plate, noble(stem, night, table))
    fwd = seat in FORWARD_SEATS
    d = 1 if fwd else -1
    return fwd, frozenset(seat.shift(d * i) for i in range(1, 6)), frozenset(seat.shift(-d * i) for i in range(1, 6))


def _rides(names, *where):
    """A test on an arrangement: one of ``names`` rides one of the heaven branches ``where``."""
    return lambda g: any(g[b] in names for b in where)


# ---- the predicates, in 課經集 order ---------------------------------------------------------------
# What a predicate reads, when it reads less than the whole lesson: the engine evaluates it once per
# distinct value of that key (a few hundred 三傳, 120 stems × plates) instead of once per lesson.
READS = {
    "trans": lambda f: f.trans,                  # the three transmissions alone
    "stem_trans": lambda f: (f.stem, f.trans),   # … and the day stem
    "stem_plate": lambda f: (f.stem, f.plate, f.guiren),  # the day stem and the plate (干上, the generals)
}


def reads(key: str):
    def mark(pred):
        pred.reads = key
        return pred
    return mark


by_trans = reads("trans")
by_stem_trans = reads("stem_trans")
by_stem_plate = reads("stem_plate")


def named(name: str):
    """課 and methods the derivation names (元首, 知一, 伏吟 …)."""
    def holds(f: Facts) -> bool:
        return name in (f.method, f.ke) or name in f.basis or name in f.derived_names
    holds.__name__ = f"named_{name}"
    return holds


def derived(rid: str):
    """課體 the derivation itself establishes (獨足, the 杜傳 forms)."""
    def holds(f: Facts) -> bool:
        return rid in f.derived
    holds.__name__ = f"derived_{rid}"
    return holds


def sanguang(f: Facts):
    """三光: 用神·日·辰 旺相, 吉將 on 用神."""
    months = months_where((f.first.element, f.stem.element, f.branch.element), WANGXIANG)
    dn = f.on(_rides(GOOD, f.first))
    if not months or dn is None:
        return None
    return cond(months=months, day_night=dn)


def sanyang(f: Facts):
    """三陽: 貴人順行, 日辰 in front of it, 用神 旺相."""
    def ok(night):
        fwd, ahead, _ = front(f, night)
        return fwd and f.lodging in ahead and f.branch in ahead
    d, n = ok(False), ok(True)
    months = months_where((f.first.element,), WANGXIANG)
    if not (d or n) or not months:
        return None
    return cond(months=months, day_night="both" if d and n else "day" if d else "night")


# 日奇 (干奇): 甲午 乙巳 丙辰 丁卯 戊寅 己丑 庚未 辛申 壬酉 癸戌 (《六壬大全》 卷七 三奇課)
_RI_QI = dict(zip(Stem, (B.WU, B.SI, B.CHEN, B.MAO, B.YIN, B.CHOU, B.WEI, B.SHEN, B.YOU, B.XU)))


def sanqi(f: Facts):
    """三奇: 「旬日之奇」 發用 or 入傳 — the 旬奇 (甲子·甲戌旬 丑, 甲申·甲午旬 子, 甲辰·甲寅旬 亥) or
    the 日奇 of the stem — or 亥子丑 all three (三奇聯珠)."""
    return (XUN_QI[f.day.xun_head.branch] in f.trans or _RI_QI[f.stem] in f.trans
            or frozenset(f.trans) == {B.HAI, B.ZI, B.CHOU})


def liuyi(f: Facts):
    """六儀: the 旬首 (the head's branch) 發用 or 入傳."""
    return f.day.xun_head.branch in f.trans


def shitai(f: Facts):
    """時泰: 用 is the 太歲, 青龍 or 六合 rides it, and it is the day's 財 or 德."""
    first = f.first
    if not (kin(f.stem.element, first.element) == Kin.WEALTH or GAN_DE[f.stem] == first):
        return None
    dn = f.on(_rides({"青龍", "六合"}, first))
    if dn is None:
        return None
    return cond(years=(first,), day_night=dn)


def longde(f: Facts):
    """龍德: the 太歲 rides 貴人 and is 發用, and the 月將 is 用 or in the 三傳 (the 月將 of the
    moment fixes the 占時 on this plate, so the 月將 alone says which moments)."""
    first = f.first
    gens = []
    for m in BRANCHES:
        hour = m.shift(f.plate - 1)
        g = f.gd if hour in _DAY_HOURS else f.gn
        if g[first] == "貴人" and (m == first or m in f.trans):
            gens.append(m)
    if not gens:
        return None
    return cond(years=(first,), month_generals=gens)


def guanjue(f: Facts):
    """官爵: 用 is the 驛馬 of the 太歲, the 月建 or the asker's 本命 or 行年 (歲月年命驛馬發用), and
    天魁(戌) and 太常 are in the 三傳."""
    if B.XU not in f.trans:
        return None
    years = YIMA_YEARS[f.first]
    dn = f.on(_rides({"太常"}, *f.trans))
    if dn is None:
        return None
    return either(cond(day_night=dn), tuple(((k, years),) for k in ("years", "months", "birth", "xing")))


def fugui(f: Facts):
    """富貴: 貴人 rides 用, 用 旺相, 用 and the place under it generate one another, and it stands
    over the day (干's place), the 辰 or the asker's 本命 or 行年 (「更臨日辰年命發用」)."""
    first, seat = f.first, f.seat(f.first)
    if not (first.element.generates(seat.element) or seat.element.generates(first.element)):
        return None
    dn = f.on(_rides({"貴人"}, first))
    months = months_where((first.element,), WANGXIANG)
    if dn is None or not months:
        return None
    if seat in (f.lodging, f.branch):
        return cond(months=months, day_night=dn)
    return either(cond(months=months, day_night=dn), ((("birth", (seat,)),), (("xing", (seat,)),)))


@by_trans
def xuangai(f: Facts):
    """軒蓋: 勝光(午) 發用, 太衝(卯) and 神后(子) in the 傳."""
    return f.first == B.WU and {B.MAO, B.ZI} <= set(f.trans[1:])


def zhuyin(f: Facts):
    """鑄印: 戌 over 巳 (戌加巳), 巳 and 戌 as 初·中 or 中·末."""
    first, mid, last = f.trans
    return f.heaven[B.SI] == B.XU and ((first == B.SI and mid == B.XU) or (mid == B.SI and last == B.XU))


def zhuolun(f: Facts):
    """斫輪: 卯 over 庚 or 辛 (their places 申, 戌) is 用."""
    return f.first == B.MAO and f.seat(B.MAO) in (B.SHEN, B.XU)


def yincong(f: Facts):
    """引從: 初傳 stands on the place before the day's (干's) place or the 辰, 末傳 on the one behind."""
    s1, s3 = f.seat(f.first), f.seat(f.trans[2])
    return any(s1 == p.shift(1) and s3 == p.shift(-1) for p in (f.lodging, f.branch))


@by_stem_trans
def hengtong(f: Facts):
    """三傳遞生日干: the 三傳 generate one another down to the day stem (初→中→末→日 or
    末→中→初→日, where 用神 generates the day) — 亨通's first form, and 第31法."""
    a, b, c = (x.element for x in f.trans)
    s = f.stem.element
    return (a.generates(b) and b.generates(c) and c.generates(s)) or (
        c.generates(b) and b.generates(a) and a.generates(s))


def hengtong_ke(f: Facts):
    """亨通: 「用神生日，及三傳遞生日干，或干支俱互生旺」 — the 三傳 generate down to the day
    (``hengtong``), or 干上 and 支上 generate their own 干 and 支 (俱生) or each other's (互生), or are
    their 帝旺 (俱旺) or each other's (互旺): 辛卯日干上亥支上辰 互生, 丙寅日干上寅支上亥 俱生,
    甲申日干上酉支上卯 互旺, 壬寅日干上子支上卯 俱旺."""
    if hengtong(f):
        return True
    s, z, g, h = f.stem.element, f.branch.element, f.gan_shang, f.zhi_shang
    return ((g.element.generates(s) and h.element.generates(z)) or (g.element.generates(z) and h.element.generates(s))
            or (g == _WANG[s] and h == _WANG[z]) or (g == _WANG[z] and h == _WANG[s]))


_WANG = {e: stage_branch(e, Stage.DIWANG) for e in Element}


def fanchang(f: Facts):
    """繁昌: 「凡夫妻年立德方發用」 — the husband's and the wife's 行年 both stand on the day's 德
    and its upper god is 用 (a ``couple`` condition: the pair (德, 德))."""
    seat = f.seat(f.first)
    if seat != GAN_DE[f.stem]:
        return None
    return cond(couple=((seat, seat),))


def wangyun(f: Facts):
    """旺孕 (卷八 繁昌課's 旺孕格, the example in 卷九 解離課): 「凡夫妻行年俱隨旺相氣三合位上」 — 夫年
    and 妻年 two branches of one 三合 and both 旺相 in the month (「三月甲子日未時酉將，夫年立寅，妻年
    立午，值三合，逢春旺相氣」). It asks nothing of the plate: the same condition on every lesson."""
    return _wangyun()


@lru_cache(maxsize=None)
def _wangyun():
    by_months: dict[frozenset[Branch], list[tuple[Branch, Branch]]] = {}
    for h in BRANCHES:
        for w in h.trine:
            months = months_where((h.element, w.element), WANGXIANG)
            if w != h and months:
                by_months.setdefault(months, []).append((h, w))
    return either(True, tuple((("couple", tuple(pairs)), ("months", tuple(sorted(ms))))
                              for ms, pairs in sorted(by_months.items(), key=lambda x: sorted(x[0]))))


def deyun(f: Facts):
    """德孕 (卷八 繁昌課's 德孕格): 「甲與己合，寅與亥合，各乘本命旺氣，為德孕格」, the example 「夫行年甲寅，妻行年
    己亥，上下相生作合，乘本命旺氣」 — the husband's and the wife's 行年 合 stem with stem and branch with branch
    (干支德合), and over each 行年 stands a god that 生s it and is of that spouse's 本命's element (「夫命是水，
    行年甲寅，上見子水，水木相生。妻命是金，行年己亥，上見酉金，金水相宜」): by the plate alone, a condition on
    the couple's 行年 (干支) and 本命."""
    return _deyun(f.plate)


@lru_cache(maxsize=None)
def _deyun(plate: int):
    upper = {seat_of(plate, h): h for h in B}         # the heaven branch over each earth place
    alts = []
    for man in BRANCHES:
        wife = man.combine
        over = (upper[man], upper[wife])
        if not all(u.element.generates(b.element) for u, b in zip(over, (man, wife))):
            continue
        years = tuple((GanZhi(s, man), GanZhi(stem_combine(s), wife)) for s in Stem if s.yang == man.yang)
        mings = tuple((x, y) for x in BRANCHES if x.element == over[0].element
                      for y in BRANCHES if y.element == over[1].element)
        alts.append((("couple_years", years), ("couple_ming", mings)))
    return either(True, tuple(alts)) if alts else None


def ronghua(f: Facts):
    """榮華: 祿 or 驛馬 over the day, the 辰 or the asker's 本命 or 行年 (臨干支年命) is 用, 旺相, and
    貴人 is in the 三傳."""
    first = f.first
    if first not in (LU[f.stem], yima(f.branch)):
        return None
    dn = f.on(_rides({"貴人"}, *f.trans))
    months = months_where((first.element,), WANGXIANG)
    if dn is None or not months:
        return None
    if first in (f.gan_shang, f.zhi_shang):
        return cond(months=months, day_night=dn)
    seat = (f.seat(first),)
    return either(cond(months=months, day_night=dn), ((("birth", seat),), (("xing", seat),)))


def deqing(f: Facts):
    """德慶: 「日辰干支德神，及天月二德發用，並在年命乘吉將」 — 用 is the day's 德 (干德 of the stem, 支德
    of the 辰) or, in its months, the 天德 or 月德 (the 神煞 tables); it rides a 吉將, and so do the
    upper gods over the asker's 本命 and 行年 (in the same arrangement of the generals)."""
    first = f.first
    if first in (GAN_DE[f.stem], _zhi_de(f.branch)):
        base: Cond | bool | None = True
    else:
        base = cond(months=_de_months(first)) if _de_months(first) else None
    return either(base, nianming_good(f, _rides(GOOD, first)))


@lru_cache(maxsize=None)
def _de_months(b: Branch) -> tuple[Branch, ...]:
    """The months (月建) whose 天德 or 月德 is ``b`` (``shensha``'s tables)."""
    from .shensha import SHENSHA_BY_ID
    return tuple(m for m in B if b in (SHENSHA_BY_ID[i].table[m] for i in ("liuren-sha-tian-de", "liuren-sha-yue-de")))


def _zhi_de(b: Branch) -> Branch:
    """支德 (子日起巳順行), ``shensha``'s table."""
    from .shensha import SHENSHA_BY_ID
    return SHENSHA_BY_ID["liuren-sha-zhi-de"].table[b]


def hehuan(f: Facts):
    """合歡: 「凡課日辰遇天干作合，及支三合六合發用，並占人年命俱乘吉將」 — one or the other (「及」, as 德慶's
    「日辰干支德神，及天月二德發用」): 干上 or 支上 carries a 遁干 that 五合s with the day's stem (「戊日天干上丑
    遁得癸作合」), or 用 is in 六合 or 三合 with the 辰 and rides a 吉將; and the upper gods over the asker's
    本命 and 行年 ride 吉將 (in the same arrangement of the generals as 用's)."""
    first = f.first
    if any(d is not None and stem_combine(d) == f.stem for d in map(f.day.dun_stem, (f.gan_shang, f.zhi_shang))):
        return either(True, nianming_good(f, lambda g: True))
    if not (first.combine == f.branch or (first != f.branch and first in f.branch.trine)):
        return None
    return either(True, nianming_good(f, _rides(GOOD, first)))


_TRINES = frozenset(frozenset(b.trine) for b in B)


def hemei(f: Facts):
    """和美: 「干支遇三合六合，上下遞互相合」 — an upper god of 干 or 支 in 六合 with its own lower (干上
    with the 干's 寄宮, 支上 with the 支: 甲申日干上亥支上巳, 壬寅日亥加寅), with the other's (干上 with
    the 支, 支上 with the 干: 乙丑日干上子, 辛卯日卯加辛 干支相會) or with the other upper god (戊辰日干上丑
    支上子, 伏吟 乙酉·丙申), or the 三傳 a 三合 with 干上 or 支上 in 六合 to one of them (「三傳三合，干支上
    見六合」)."""
    g, z, gs, zs = f.lodging, f.branch, f.gan_shang, f.zhi_shang
    if any(a.combine == b for a, b in ((gs, g), (zs, z), (gs, z), (zs, g), (gs, zs))):
        return True
    if frozenset(f.trans) not in _TRINES:
        return None
    return any(x.combine == t for x in (gs, zs) for t in f.trans)


def zhanguan(f: Facts):
    """斬關: 魁罡 (辰 or 戌) over the day (干's place) or the 辰, and 發用."""
    return f.first in (B.CHEN, B.XU) and f.seat(f.first) in (f.lodging, f.branch)


def bikou(f: Facts):
    """閉口: the 旬尾 over the 旬首 as 用; or the 旬首, or the god over its place, as 用 riding 玄武."""
    head = f.day.xun_head.branch
    tail = head.shift(9)
    first = f.first
    if first == tail and f.seat(first) == head:
        return True
    if first != head and f.seat(first) != head:
        return None
    dn = f.on(_rides({"玄武"}, first))
    return None if dn is None else cond(day_night=dn)


def youzi(f: Facts):
    """游子: the 三傳 all earth (辰戌丑未), 用 is the 旬丁 or the month's 天馬."""
    if not set(f.trans) <= EARTH_BRANCHES:
        return None
    if f.first == f.day.xun_head.branch.shift(3):
        return True
    months = TIANMA_MONTHS[f.first]
    return cond(months=months) if months else None


def sanjiao(f: Facts):
    """三交: a 仲 day, a 仲 over the 辰, all three 傳 仲, 太陰 or 六合 among them."""
    if f.branch not in _ZHONG or f.zhi_shang not in _ZHONG or not set(f.trans) <= _ZHONG:
        return None
    dn = f.on(_rides({"太陰", "六合"}, *f.trans))
    return None if dn is None else cond(day_night=dn)


def luanshou(f: Facts):
    """亂首: 「日往加辰受辰克」 — the 干 (its 寄宮) over the 辰, which overcomes the stem (甲申日寅加申)."""
    return f.seat(f.lodging) == f.branch and f.branch.element.overcomes(f.stem.element)


def shangmen_luanshou(f: Facts):
    """上門亂首: 「辰來加日而克日」 — the 辰 over the 干's 寄宮, overcoming the stem (己卯日卯加未)."""
    return f.seat(f.branch) == f.lodging and f.branch.element.overcomes(f.stem.element)


def zhuixu(f: Facts):
    """贅婿: the stem overcomes the 辰, and the 辰 over the day's place (or the day's place over the
    辰) is 用."""
    if not f.stem.element.overcomes(f.branch.element):
        return None
    first = f.first
    return (first == f.branch and f.seat(first) == f.lodging) or (
        first == f.lodging and f.seat(first) == f.branch)


def chongpo(f: Facts):
    """沖破: the 沖 of the 辰 is 用, standing over its own 破."""
    return f.first == f.branch.opposite and f.seat(f.first) == po(f.first)


def yinyi(f: Facts):
    """淫泆: 卯 or 酉 is 用 and 天后 or 六合 rides it."""
    if f.first not in (B.MAO, B.YOU):
        return None
    dn = f.on(_rides({"天后", "六合"}, f.first))
    return None if dn is None else cond(day_night=dn)


def jiaotong(f: Facts):
    """狡童: 六合 rides 初傳 and 天后 末傳."""
    dn = f.on(lambda g: g[f.first] == "六合" and g[f.trans[2]] == "天后")
    return None if dn is None else cond(day_night=dn)


def yinu(f: Facts):
    """泆女: 天后 rides 初傳 and 六合 末傳."""
    dn = f.on(lambda g: g[f.first] == "天后" and g[f.trans[2]] == "六合")
    return None if dn is None else cond(day_night=dn)


def bubei(f: Facts):
    """不備: three distinct lessons."""
    return distinct_count(f.lessons) == 3


def wuyin(f: Facts):
    """蕪淫: 不備 with a 剋 among the lessons, or 日 and 辰 overcoming each other crosswise (干上
    overcomes the 辰 and 支上 the stem: 甲子日 卯時亥將 「四課備，日辰交克」)."""
    if distinct_count(f.lessons) == 3 and any(k.relation is not None for k in f.lessons):
        return True
    return f.gan_shang.element.overcomes(f.branch.element) and f.zhi_shang.element.overcomes(f.stem.element)


def jieli(f: Facts):
    """解離: 「真解離卦者，謂干克支上神，支克干上神」 (the 畢法 reading, 卷九 解離課) — the stem
    overcomes 支上 and the 支 overcomes 干上: at every moment; elsewhere 「凡夫妻行年冲克，及上下神
    互相克賊」, a ``couple`` condition: the two 行年 clash and one (A) overcomes the other (B), B
    overcomes the god over A and that god overcomes the god over B — 「夫年立午上見寅，妻年立子上見申，
    乃子上申怕午克，午上寅怕申克」 (子 overcomes 午, 午 申, 申 寅); either spouse may be A."""
    if f.stem.element.overcomes(f.zhi_shang.element) and f.branch.element.overcomes(f.gan_shang.element):
        return True
    pairs = []
    for a in BRANCHES:
        b, up_a, up_b = a.opposite, f.heaven[a], f.heaven[a.opposite]
        if (a.element.overcomes(b.element) and b.element.overcomes(up_a.element)
                and up_a.element.overcomes(up_b.element)):
            pairs += [(a, b), (b, a)]
    return cond(couple=tuple(pairs)) if pairs else None


def du_e(f: Facts):
    """度厄: three 上剋下 or three 下賊上."""
    rel = [k.relation for k in f.lessons]
    return rel.count(KE) == 3 or rel.count(ZEI) == 3


def wulu(f: Facts):
    """無祿: all four 上剋下."""
    return all(k.relation == KE for k in f.lessons)


def jue_si(f: Facts):
    """絕嗣: all four 下賊上."""
    return all(k.relation == ZEI for k in f.lessons)


@by_trans
def zhunfu(f: Facts):
    """迍福 (read narrowly): 用 囚死 and 末傳 旺相 in the same month (八迍 turning to 五福)."""
    months = _zhunfu_months(f.first.element, f.trans[2].element)
    return cond(months=months) if months else None


@lru_cache(maxsize=None)
def _zhunfu_months(a: Element, c: Element) -> tuple[Branch, ...]:
    return tuple(m for m in B if strength(a, m) in QIUSI and strength(c, m) in WANGXIANG)


def qinhai(f: Facts):
    """侵害: the 六害 of the 辰 stands over the 辰 or the day, and it or the 辰 is 用 (丙子日 申時卯將:
    未 over 子, 子 用), and the asker's 行年 is 用 (並行年為用)."""
    harm = f.branch.harm
    if harm in (f.gan_shang, f.zhi_shang) and f.first in (harm, f.branch):
        return cond(xing=(f.first,))
    return None


def xingshang(f: Facts):
    """刑傷: 用 is the 刑 of the 辰 (or the 辰 its), standing over the day or the 辰, and the asker's
    行年 is in the 刑 with 用 too (三刑發用，並行年: it punishes 用 or 用 punishes it)."""
    first = f.first
    if (f.branch.punish == first or first.punish == f.branch) and f.seat(first) in (f.lodging, f.branch):
        return cond(xing=tuple(x for x in BRANCHES if x.punish == first or first.punish == x))
    return None


def _gang_on_chou_wei(f: Facts) -> bool:
    """斗罡 (辰) 繫丑未: 辰 over 丑 or 未 (plates 10 and 4, where every 仲 stands over a 仲)."""
    return f.seat(B.CHEN) in (B.CHOU, B.WEI)


def _sun_on_zhong(f: Facts) -> tuple[Branch, ...]:
    """The 月將 (日宿) that stand over a 仲 on this plate."""
    return tuple(m for m in BRANCHES if f.seat(m) in _ZHONG)


def erfan(f: Facts):
    """二煩 (天地二煩): 日宿 (the 月將) and 月宿 (the Moon's 宮) both over a 仲, 斗罡 (辰) over 丑 or 未."""
    if not _gang_on_chou_wei(f):
        return None
    on = _sun_on_zhong(f)
    return cond(month_generals=on, moon=on)


def tianfan(f: Facts):
    """天煩: 「日宿臨仲，斗繫丑未」 — the 月將 over a 仲, 辰 over 丑 or 未."""
    if not _gang_on_chou_wei(f):
        return None
    return cond(month_generals=_sun_on_zhong(f))


def difan(f: Facts):
    """地煩: 「月宿臨仲，斗繫丑未」 — the moon's lodge (its 宮) over a 仲, 辰 over 丑 or 未."""
    return cond(moon=_sun_on_zhong(f)) if _gang_on_chou_wei(f) else None


def tianfan_duchuan(f: Facts):
    """天煩杜傳: 「日月宿臨仲，斗不繫丑未」 — the 月將 over a 仲, 辰 not over 丑 or 未."""
    if _gang_on_chou_wei(f):
        return None
    return cond(month_generals=_sun_on_zhong(f))


def difan_duchuan(f: Facts):
    """地煩杜傳: the moon's lodge over a 仲, 辰 not over 丑 or 未."""
    return None if _gang_on_chou_wei(f) else cond(moon=_sun_on_zhong(f))


def tianhuo(f: Facts):
    """天禍: on a 四立 day, today's 干·支 over yesterday's, or yesterday's over today's."""
    ys, yb = LODGING[_PREV_STEM[f.stem]], f.branch.shift(-1)
    s, a, b = f.seats, f.lodging, f.branch
    if s[a] == ys or s[ys] == a or s[b] == yb or s[yb] == b:
        return _SILI
    return None


_PREV_STEM = {s: Stem((s - 1) % 10) for s in Stem}


def tianyu(f: Facts):
    """天獄: 用 is the day's 墓 or 囚死, and 斗罡(辰) stands over the day stem's 長生 (日本)."""
    if f.seat(B.CHEN) != stage_branch(f.stem.element, Stage.CHANGSHENG):
        return None
    if f.first == mu(f.stem.element):
        return True
    months = months_where((f.first.element,), QIUSI)
    return cond(months=months) if months else None


def tiankou(f: Facts):
    """天寇: 「分至日日支臨前一日日支上」, 「月宿加離辰」 — on 春分 夏至 秋分 冬至 the Moon's 宮 over the
    離辰, the branch of the day before (the 四離日): 「如癸卯日春分，離辰壬寅，月宿在辰，加寅」."""
    return cond(dates=("分至日",), moon=(f.heaven[f.branch.shift(-1)],))


def tianwang(f: Facts):
    """天網: 用 and the 占時 both overcome the day stem."""
    if not f.first.element.overcomes(f.stem.element):
        return None
    return _tianwang(f.stem, f.first)


@lru_cache(maxsize=None)
def _tianwang(stem: Stem, first: Branch) -> Cond:
    hours = tuple(b for b in BRANCHES if b.element.overcomes(stem.element))
    return Cond(step("liuren-cond-tianwang", hours=hours, first=first, stem=stem),
                (("hours", tuple(b.zh for b in hours)),))


def pohua(f: Facts):
    """魄化: 白虎 rides 用, which is the month's 死神 or 死氣 (「帶死神死氣」) and stands over the day, the
    辰 or the asker's 行年 (「臨日辰行年發用」)."""
    first = f.first
    months = SIQI_MONTHS[first] + SISHEN_MONTHS[first]
    dn = f.on(_rides({"白虎"}, first))
    if dn is None:
        return None
    if f.seat(first) in (f.lodging, f.branch):
        return cond(months=months, day_night=dn)
    return cond(months=months, day_night=dn, xing=(f.seat(first),))


def sanyin(f: Facts):
    """三陰: 貴人逆行 with 日辰 behind it, 用 囚死, 玄武 or 白虎 riding 用, and the 占時 overcomes the
    asker's 行年 (時克行年)."""
    def ok(night):
        fwd, _, behind = front(f, night)
        g = f.gn if night else f.gd
        return not fwd and f.lodging in behind and f.branch in behind and g[f.first] in ("玄武", "白虎")
    d, n = ok(False), ok(True)
    months = months_where((f.first.element,), QIUSI)
    if not (d or n) or not months:
        return None
    return either(cond(months=months, day_night="both" if d and n else "day" if d else "night"), _HOUR_OVER_XING)


# 時克行年: the 占時 overcomes the 行年, element by element.
_HOUR_OVER_XING = tuple((("xing", tuple(b for b in B if b.element == e)),
                         ("hours", tuple(b for b in B if b.element.overcomes(e)))) for e in Element)


_MAO_YOU = (B.MAO, B.YOU)


def longzhan(f: Facts):
    """龍戰: 用 stands over 卯 or 酉, on any day (觀月經: 其餘日卯酉上發用者亦是龍戰; 心鏡: 或用神在卯酉上);
    on a 卯 or 酉 day, also the asker's 行年 or 本命 on 卯 or 酉 (心鏡: 卯酉日占，或行年本命在卯酉上;
    卷十二 疑惑格: 卯酉日占事，如行年又在卯酉之上者)."""
    if f.seat(f.first) in _MAO_YOU:
        return True
    if f.branch not in _MAO_YOU:
        return None
    return either(True, ((("xing", _MAO_YOU),), (("birth", _MAO_YOU),)))


def siqi_ke(f: Facts):
    """死奇: 斗罡(辰) on one of the four lessons (日辰陰陽) and 發用."""
    return f.first == B.CHEN and any(k.upper == B.CHEN for k in f.lessons)


@by_trans
def zai_e(f: Facts):
    """災厄 (of its seven 神煞, the 喪車): 用 is the month's 喪車."""
    months = SANGCHE_MONTHS[f.first]
    return cond(months=months) if months else None


def yangjiu(f: Facts):
    """殃咎: the 三傳 overcome one another down to the day stem, or 干上 and 支上 are their 墓 (乘墓),
    or the 干 and the 支 each stand over their 墓 (坐墓: 「干下支下各臨墓神」, 丙寅日巳加戌寅加未)."""
    a, b, c = (x.element for x in f.trans)
    s = f.stem.element
    chain = (a.overcomes(b) and b.overcomes(c) and c.overcomes(s)) or (
        c.overcomes(b) and b.overcomes(a) and a.overcomes(s))
    gm, zm = mu(f.stem.element), mu(f.branch.element)
    tombs = (f.gan_shang == gm and f.zhi_shang == zm) or (f.seat(f.lodging) == gm and f.seat(f.branch) == zm)
    return chain or tombs


_JIUCHOU = frozenset(GanZhi.from_zh(d) for d in
                     ("戊子", "戊午", "壬子", "壬午", "乙卯", "乙酉", "己卯", "己酉", "辛卯", "辛酉"))


def jiuchou(f: Facts):
    """九醜: one of the ten 九醜 days, 丑 發用, at a 仲 hour (where 丑 stands the book's example
    leaves unclear: 乙卯日 子時 with 二月將 has 丑 over 寅 or, by the other reckoning of the month's
    將, not 發用 at all, so the place is not asked)."""
    if f.day not in _JIUCHOU or f.first != B.CHOU:
        return None
    return cond(hours=tuple(_ZHONG))


def guimu(f: Facts):
    """鬼墓: 「日辰墓神及日鬼發用」 — 用 is the 墓 of the day stem or of the 辰, or the stem's 鬼 of the
    same yin-yang (陽見陽, 陰見陰)."""
    first = f.first
    return first in (mu(f.stem.element), mu(f.branch.element)) or (
        first.element.overcomes(f.stem.element) and first.yang == f.stem.yang)


@by_stem_plate
def lide(f: Facts):
    """勵德: 貴人 stands over 卯 or 酉."""
    dn = f.on(lambda g: f.seat(B(g.index("貴人"))) in (B.MAO, B.YOU))
    return None if dn is None else cond(day_night=dn)


def panzhu(f: Facts):
    """盤珠: the 三傳, the 太歲, the 月建 and the 占時 are all in the four lessons (天心 and 回還 in one)."""
    return huihuan(f) and tianxin(f)


def _in_lessons(f: Facts) -> set[Branch]:
    return {k.upper for k in f.lessons} | {k.seat for k in f.lessons}


def tianxin(f: Facts):
    """天心: 「歲月日時皆在四課之上」 — the 太歲, the 月建 and the 占時 in the four lessons (the 辰 is
    always there)."""
    have = _in_lessons(f)
    return cond(years=have, months=have, hours=have)


def huihuan(f: Facts):
    """回還: 「三傳俱在四課之上」."""
    return set(f.trans) <= _in_lessons(f) or None


@by_trans
def quanju(f: Facts):
    """全局: the 三傳 make a whole: a 三合 or a 方 (炎上 潤下 曲直 從革) or the four earths (稼穡)."""
    t = frozenset(f.trans)
    return len(t) == 3 and (any(t in sets for sets in QUANJU.values()) or t <= EARTH_BRANCHES)


def quanju_one(name: str):
    def holds(f: Facts) -> bool:
        t = frozenset(f.trans)
        if name == "稼穡":
            return len(t) == 3 and t <= EARTH_BRANCHES
        return len(t) == 3 and t in QUANJU[name]
    holds.__name__ = f"quanju_{name}"
    return by_trans(holds)


@by_trans
def yuantai(f: Facts):
    """元胎: all three 傳 孟 (寅申巳亥)."""
    return all(b in _MENG for b in f.trans)


def _steps(f: Facts) -> tuple[int, int]:
    a, b, c = f.trans
    return (b - a) % 12, (c - b) % 12


@by_trans
def lianzhu(f: Facts):
    """連珠 (連茹): the 三傳 follow one another, forward or back."""
    return _steps(f) in ((1, 1), (11, 11))


@by_trans
def jinru(f: Facts):
    return _steps(f) == (1, 1)


@by_trans
def tuiru(f: Facts):
    return _steps(f) == (11, 11)


@by_trans
def jianchuan(f: Facts):
    s = _steps(f)
    return s in ((2, 2), (10, 10))


@by_trans
def jinjian(f: Facts):
    return _steps(f) == (2, 2)


@by_trans
def tuijian(f: Facts):
    return _steps(f) == (10, 10)


def series(name: str):
    """A named 進茹·退茹 or 間傳 sequence."""
    seq = {v: k for k, v in (*RU_NAMES.items(), *JIAN_NAMES.items())}[name]
    want = tuple(Branch.from_zh(c) for c in seq)
    def holds(f: Facts) -> bool:
        return f.trans == want
    holds.__name__ = f"series_{name}"
    return by_trans(holds)



def liuchun(f: Facts):
    """六純: the four lessons' upper gods and the three 傳 all yang, or all yin."""
    ys = {k.upper.yang for k in f.lessons} | {b.yang for b in f.trans}
    return len(ys) == 1


def every(f: Facts):
    """雜狀 and 物類 read every lesson's 初傳 (凡課俱取初傳動爻)."""
    return True


@by_stem_plate
def lin_guan(f: Facts):
    """臨官: 干上 is the day's 祿."""
    return f.gan_shang == LU[f.stem]


def gejiao(f: Facts):
    """隔角: the 三傳 go round a corner of the earth square: an 間傳 whose 中傳 is a corner
    (寅巳申亥), so that 初傳 and 末傳 stand on two sides with the corner between."""
    return _steps(f) in ((2, 2), (10, 10)) and f.trans[1] in _CORNERS


@by_stem_plate
def sijue_ti(f: Facts):
    """四絕體 (《六壬大全》 卷十二): the sixth plate, each 仲 over its 絕 and each 孟 over its 墓 (子加巳,
    申加丑); on a 陰日 the book also calls it 德喪祿絕."""
    return f.plate == 6


def yixun_zhoubian(f: Facts):
    """一旬周遍 (周而復始): 「旬尾加干，旬首加支」 — the 旬尾 on 干上 and the 旬首 on 支上."""
    head = f.day.xun_head.branch
    return f.gan_shang == head.shift(9) and f.zhi_shang == head


def weibo(f: Facts):
    """帷薄不修: 「八專課遇天后、六合、元武一將入傳」."""
    if f.method != "八專":
        return None
    dn = f.on(_rides({"天后", "六合", "玄武"}, *f.trans))
    return None if dn is None else cond(day_night=dn)


def mumen(f: Facts):
    """墓門開: 「日辰墓神乘蛇虎加卯酉，并人行年」 — the stem's or the 辰's 墓 rides 螣蛇 or 白虎 over 卯
    or 酉, where the asker's 行年 is."""
    tombs = [m for m in {mu(f.stem.element), mu(f.branch.element)} if f.seat(m) in (B.MAO, B.YOU)]
    if not tombs:
        return None
    out = None
    for night in (False, True):
        g = f.gn if night else f.gd
        for m in tombs:
            if g[m] in ("螣蛇", "白虎"):
                out = (out or set()) | {(night, f.seat(m))}
    if not out:
        return None
    shifts = {n for n, _ in out}
    dn = "both" if len(shifts) == 2 else "night" if True in shifts else "day"
    return cond(xing=tuple(s for _, s in out), day_night=dn)


def sijue(f: Facts):
    """四絕: the day before a 四立 (立春 立夏 立秋 立冬) — a date, whatever the plate."""
    return cond(dates=("四立前日",))


def chengxuan(f: Facts):
    """乘軒: 鑄印 with 卯 (the carriage) in the 傳 (鑄印乘軒: 戌加巳，傳中見卯), or 軒蓋 (高蓋乘軒)."""
    return (zhuyin(f) and B.MAO in f.trans) or xuangai(f)


