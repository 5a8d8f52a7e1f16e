"""The hundred 法 of 《畢法賦》 (《六壬大全》 卷十一–十二): one predicate per 法, on a lesson's facts.

Each returns what a 課體 predicate returns (``keti.py``): not held, held, a ``Cond``, or
``UNDECIDED`` — a 法 that reads the question asked, the asker or what has happened, or one whose
commentary leaves the chart position open (its rule entry says why: which readings, which passage).
``BIFA`` maps each number to (its verse as the engine names it, its predicate).
"""

from __future__ import annotations

from functools import lru_cache

from ..ganzhi import LU, Branch, Element, Kin, Stage, Stem, kin, stage, stage_branch, yima
from .generals import is_night_hour, noble
from .keti import (BRANCHES, SHIFTS, SIQI_MONTHS, TIANMA_MONTHS, UNDECIDED, WANGXIANG, bikou, by_stem_plate,
                   by_trans, Cond, cond, either, Facts, hengtong, huihuan, lianzhu, months_of,
                   months_where, mu, tianwang, tianxin, yincong, yixun_zhoubian, zhuolun, _front)
from .plate import plate_of
from .shensha import SHENSHA_BY_ID
from .tables import DAY_HOURS, GAN_DE, QUANJU

B = Branch
# The house (家) of each general (《六壬大全》 卷二 神將釋: 貴人 己丑土, 螣蛇 丁巳火, 朱雀 丙午火, 六合
# 乙卯木, 勾陳 戊辰土, 青龍 甲寅木, 天空 戊戌土, 白虎 庚申金, 太常 己未土, 玄武 癸亥水, 太陰 辛酉金,
# 天后 壬子水); a general's element is its house's.
GENERAL_HOME = {
    "貴人": B.CHOU, "螣蛇": B.SI, "朱雀": B.WU, "六合": B.MAO, "勾陳": B.CHEN, "青龍": B.YIN,
    "天空": B.XU, "白虎": B.SHEN, "太常": B.WEI, "玄武": B.HAI, "太陰": B.YOU, "天后": B.ZI,
}
GENERAL_ELEMENT = {g: b.element for g, b in GENERAL_HOME.items()}
_DAY_PLACES = frozenset(DAY_HOURS)


def _k(f: Facts, b: Branch) -> Kin:
    return f.kins[b]


def _st(e: Element, b: Branch) -> Stage:
    return stage(e, b)


def _on(f: Facts, test):
    """A condition on the arrangement: ``test(generals)`` by day, by night, both or neither."""
    dn = f.on(test)
    return None if dn is None else cond(day_night=dn)


def _rides(name: str, b: Branch):
    return lambda g: g[b] == name


SHENGQI_MONTHS = SHENSHA_BY_ID["liuren-sha-sheng-qi"].months()     # 生氣 (正月 子, 順行)


def _void(f: Facts) -> tuple[Branch, Branch]:
    return f.void


_QUANJU_ELEMENT = {"潤下": Element.WATER, "曲直": Element.WOOD, "炎上": Element.FIRE, "從革": Element.METAL}


def trans_element(trans) -> Element | None:
    """The element of the 三傳 read as one: a 三合 局 or a 方 is its element (「三傳未卯亥，皆作木局」,
    第27法; 「三傳寅卯辰皆是日鬼」 of 戊 in 第13法); otherwise the element all three share, or None."""
    t = frozenset(trans)
    for name, sets in QUANJU.items():
        if t in sets:
            return _QUANJU_ELEMENT[name]
    es = {b.element for b in trans}
    return es.pop() if len(es) == 1 else None


def _all_kin(f: Facts, k: Kin) -> bool:
    """The 三傳 are all ``k`` of the day: a 三合 局 as one element, other 傳 branch by branch."""
    e = trans_element(f.trans)
    return e is not None and _KIN_OF[f.stem.element][e] == k


_KIN_OF = {s: {e: kin(s, e) for e in Element} for s in Element}


def _trans_el(f: Facts) -> Element:
    """The element the 三傳 act as when they are all one kin (the 局's, or the first's)."""
    e = trans_element(f.trans)
    return f.first.element if e is None else e   # not ``or``: 木 is Element 0


def _shift(day: bool, night: bool) -> str | None:
    return "both" if day and night else "day" if day else "night" if night else None


def _any_shift(*results):
    """Either of several results that are each held, not held, or held 晝 or 夜 only."""
    if any(r is True for r in results):
        return True
    shifts = {dict(r.when)["day_night"][0] for r in results if isinstance(r, Cond)}
    dn = _shift("day" in shifts, "night" in shifts)
    return None if dn is None else cond(day_night=dn)


def _one_of(alts: list[tuple]) -> Cond | bool | None:
    """What holds where one of ``alts`` holds (each a tuple of (key, values) that all hold, () at every
    moment; a ``day_night`` value is one shift): None for none, the alternative itself when it is the
    only one, a ``Cond`` where they differ only in their 晝/夜, else ``either`` of them."""
    alts = list(dict.fromkeys(alts))
    if not alts:
        return None
    if () in alts:
        return True
    rests = {tuple(kv for kv in a if kv[0] != "day_night") for a in alts}
    if len(rests) > 1:
        return either(True, tuple(alts))
    shifts = {dict(a).get("day_night", ("day", "night")) for a in alts}
    flat = {s for ss in shifts for s in ss}
    return cond(day_night=_shift("day" in flat, "night" in flat), **dict(rests.pop()))


def _nobles(f: Facts) -> tuple[Branch, Branch]:
    return noble(f.stem, False, f.guiren), noble(f.stem, True, f.guiren)


def f01(f):  # 前後引從升遷吉: 「初傳居干前為引，末傳居干後為從」 (or the 支's: 引從), and the 夾拱 格 its
    # 解 sets under it:
    # 干支拱定日祿·拱夜貴晝貴 (「惟伏吟卦為的」): 伏吟, the 干's place and the 支 two apart, the place
    #   between them the day's 祿 or a 貴人 (丁巳 己巳 癸亥; 庚午 己酉 甲子);
    # 初中拱地盤貴人 (「庚午日干上戌，支上申，乃支干並初中拱夜貴也」): the 干·支 flanking a 貴人 of the earth
    #   plate, 初·中傳 the 干上 and 支上;
    # 晝夜貴人臨干支上拱其年命在內 (「丁酉日酉加丁，亥加酉，占人年命在申」): the two 貴人 on 干上 and 支上,
    #   the 年命 the place between the 干's and the 支;
    # 二貴拱年命 (「癸未日初傳巳加子，末傳卯加戌，占人行年本命在亥」): 初·末傳 the two 貴人, 引從 the 年命.
    # The last two hold over the asker's 本命 or 行年.
    if yincong(f):
        return True
    day, br = f.lodging, f.branch
    nobles = set(_nobles(f))
    between = day.shift(1) if br == day.shift(2) else day.shift(-1) if br == day.shift(-2) else None
    if between is not None and (
            (f.plate == 1 and (between == LU[f.stem] or between in nobles))
            or (between in nobles and {f.first, f.trans[1]} == {f.gan_shang, f.zhi_shang})):
        return True
    places = set()
    if between is not None and {f.gan_shang, f.zhi_shang} == nobles:
        places.add(between)
    s1, s3 = f.seat(f.first), f.seat(f.trans[2])
    if {f.first, f.trans[2]} == nobles and s1 == s3.shift(2):
        places.add(s1.shift(-1))
    if not places:
        return None
    at = tuple(sorted(places))
    return either(True, ((("birth", at),), (("xing", at),)))


def f02(f):  # 首尾相見始終宜: 「謂干上有旬尾，支上有旬首」 (the 一旬周遍 of 卷八), the other way round too
    # (「干上有旬首，支上有旬尾 … 諸占亦照前斷」), and the 格 its 解 sets under it: 回還 「乃三傳在四課之中」, 天心
    # 「乃年月日時皆在四課之內」 (the 太歲, 月建 and 占時 in the four lessons)
    head = f.day.xun_head.branch
    if yixun_zhoubian(f) or (f.gan_shang == head and f.zhi_shang == head.shift(9)) or huihuan(f):
        return True
    return tianxin(f)


def _over_stem_or_nianming(f: Facts, where, held: str | None = None):
    """What stands on 干上 or over the asker's 本命 or 行年 (「加臨日干或年命之上」): ``where`` gives,
    for each arrangement of the generals (night or not), the heaven branch asked of, or None. On 干上
    it holds in that arrangement; elsewhere, where the asker's 本命 or 行年 is the place under it.
    ``held`` ("day", "night", "both" or None): where another form of the 法 holds in that arrangement
    whatever the asker."""
    alts: list[tuple] = []
    for shift, night in SHIFTS:
        dn = ("day_night", (shift,))
        if held in (shift, "both"):
            alts.append((dn,))
            continue
        b = where(night)
        if b is None:
            continue
        alts += [(dn,)] if b == f.gan_shang else [(dn, ("birth", (f.seat(b),))), (dn, ("xing", (f.seat(b),)))]
    if len([a for a in alts if len(a) == 1]) == 2:
        return True
    return _one_of(alts)


def _ghost_riding(f: Facts, general: str):
    """For ``_over_stem_or_nianming``: the branch ``general`` rides in an arrangement, when it is a 鬼 of the day."""
    def where(night):
        b = B((f.gn if night else f.gd).index(general))
        return b if _k(f, b) == Kin.OFFICER else None
    return where


@by_stem_plate
def f03(f):  # 簾幕貴人高甲第: 「如晝占乃夜貴，夜占乃晝貴 … 臨於占人年命之上，或臨日干上」: the other shift's
    # 貴人 on 干上, or over the asker's 本命 or 行年
    d, n = _nobles(f)
    return _over_stem_or_nianming(f, lambda night: d if night else n)


@by_stem_plate
def f04(f):  # 催官使者赴官期: 「見日鬼乘白虎加臨日干或年命之上」: a 日鬼 riding 白虎 on 干上, or over the
    # asker's 本命 or 行年
    return _over_stem_or_nianming(f, _ghost_riding(f, "白虎"))


def f05(f):  # 六陽數足須公用
    return all(k.upper.yang for k in f.lessons) and all(b.yang for b in f.trans)


def f06(f):  # 六陰相繼盡昏迷: 「謂課傳皆居六陰之位是也」; and 源消根斷格 (「癸卯、癸未、癸巳，干上卯 … 又是下生上神，
    # 迤邐而脫去」, 「辛卯日干上子，自干至支及初中末，迤邐下生上神 … 雖不係五陰位全，其理一同」): the stem 生 干上,
    # each lesson's place 生 its god, 初 生 中 生 末
    if not any(k.upper.yang for k in f.lessons) and not any(b.yang for b in f.trans):
        return True
    a, b, c = (x.element for x in f.trans)
    return (f.stem.element.generates(f.gan_shang.element) and a.generates(b) and b.generates(c)
            and all(k.lower.element.generates(k.upper.element) for k in f.lessons[1:]))


def f07(f):  # 旺祿臨身徒妄作: 「謂日之祿神，又作日之旺神，臨於干上者」: the 祿 that is also the 旺 (the
    # 陰 stems': 乙卯 丁午 辛酉 癸子, and 己午 「雖不係己土旺神，亦可用也」) on 干上; not where it is
    # void (「旺祿空亡 … 反不宜坐用」) or the 旬尾 (「閉口之祿而不可守」); and 祿被元奪格 (「干上酉為日旺祿，緣晝乘元
    # 而夜乘虎，遂不可守」; 「辛未日干上酉，夜乘虎」, a 旬尾 too): the 旺祿 on 干上, not void, riding 玄武 or 白虎
    lu = LU[f.stem]
    if f.stem.yang or f.gan_shang != lu or lu in _void(f):
        return None
    if lu != f.day.xun_head.branch.shift(9):
        return True
    return _on(f, lambda g: g[lu] in ("玄武", "白虎"))


def f08(f):  # 權攝不正祿臨支: 祿 on 支上
    return f.zhi_shang == LU[f.stem]


def f09(f):  # 避難逃生須棄舊: 干上 生 日干, no 傳 生 it or helps it; and 避難逃生得財格 (「壬午日，辰加亥作初傳 …
    # 然後棄其三傳，而壬干加午而取財也」): no 傳 a 生, 比 or 財 of the stem that is not void, the 辰 its 財
    if _k(f, f.gan_shang) == Kin.PARENT and not any(_k(f, b) in (Kin.PARENT, Kin.BROTHER) for b in f.trans):
        return True
    return (_k(f, f.branch) == Kin.WEALTH
            and not any(b not in _void(f) and _k(f, b) in (Kin.PARENT, Kin.BROTHER, Kin.WEALTH) for b in f.trans))


def f10(f):  # 朽木難雕別作為: 斫輪 with 卯 void
    return zhuolun(f) and B.MAO in _void(f)


def f11(f):  # 眾鬼雖彰全不畏: 三傳 all 鬼, 干上 overcomes them; and the 格 its 解 sets under it:
    # 家鬼 (「凡值支上有鬼，引入鬼鄉者」, 「從支陰發用為鬼 … 賴干上有救」): a 鬼 發用 from 支上 or 支陰 that
    #   leads into the 鬼's 鄉 (中傳 or 末傳 a 鬼 too, or the 三傳 one 鬼 局 or 方: 己丑 寅卯辰, 丙寅 子亥戌,
    #   丙申 子申辰), 干上 overcoming it;
    # 家人解禍 (「支上有寅木可以敵鬼」): 三傳 all 鬼, 支上 overcoming them;
    # 引鬼為生 「謂初傳日鬼，而生其末傳來育干者是也」;
    # 傳鬼為生 「三傳皆作日鬼，反生起干上之神而育干者是也」 — or the 鬼 are the generals on the 傳, which 生 the
    #   傳 that 生 the stem (「癸巳日巳加酉，用晝將皆土克日，殊不知土將生三傳金局」);
    # 貴德臨身 (「干上乘申金，又為貴人、又為日之德神臨身」): 三傳 all 鬼, 干上 the day's 德 riding 貴人;
    # 天將為救神 (「天將 … 皆是貴、常、勾土神，而竊其火氣生其日干」): 三傳 all 鬼, the generals on them what the 鬼
    #   生 and what 生 the stem;
    # 脫氣為救 (「三傳天將皆是勾、常、貴人土神，並來傷壬干，反賴三傳木局去其土將」): 三傳 all 脫, the generals on
    #   them all 鬼
    s, g, z = f.stem.element, f.gan_shang.element, f.zhi_shang.element
    ghosts = _all_kin(f, Kin.OFFICER)
    te = _trans_el(f)
    first, last = f.first, f.trans[2]
    if ((ghosts and (g.overcomes(te) or z.overcomes(te) or (te.generates(g) and g.generates(s))))
            or (_k(f, first) == Kin.OFFICER and first in (f.zhi_shang, f.lessons[3].upper)
                and (ghosts or any(_k(f, b) == Kin.OFFICER for b in f.trans[1:]))
                and g.overcomes(first.element))
            or (_k(f, first) == Kin.OFFICER and first.element.generates(last.element)
                and last.element.generates(s))):
        return True
    tests = []
    if ghosts:
        if f.gan_shang == GAN_DE[f.stem]:
            tests.append(_rides("貴人", f.gan_shang))
        tests.append(lambda gs: all(te.generates(GENERAL_ELEMENT[gs[b]]) and GENERAL_ELEMENT[gs[b]].generates(s)
                                    for b in f.trans))
    elif te.generates(s) or _all_kin(f, Kin.OFFSPRING):
        tests.append(lambda gs: all(GENERAL_ELEMENT[gs[b]].overcomes(s) for b in f.trans))
    return _on(f, lambda gs: any(t(gs) for t in tests)) if tests else None


def f12(f):  # 雖憂狐假虎威儀: 「其丁火實畏子水所克，反倚賴支屬土卻能制其子水」 and 「晝虎夜元皆乘脫氣，尤賴
    # 亥水坐於戌土之上，尚懼戌土」: 干上 a 鬼 or a 脫 of the stem, held down by the 辰 or by the place it
    # sits on (the stem's 寄宮)
    g = f.gan_shang
    return (_k(f, g) in (Kin.OFFICER, Kin.OFFSPRING)
            and (f.branch.element.overcomes(g.element) or f.lodging.element.overcomes(g.element)))


def f13(f):  # 鬼賊當時無畏忌: 三傳 all 鬼, in the month they are 旺
    if not _all_kin(f, Kin.OFFICER):
        return None
    return cond(months=months_where((_trans_el(f),), frozenset({"旺"})))


def f14(f):  # 傳財太旺反財虧: 三傳 all 財, 旺相 in the month; and 財神空亡格 (「辛亥日干上寅、支上卯，二財皆空」):
    # 干上 and 支上 both the day's 財, both void
    if all(_k(f, b) == Kin.WEALTH and b in _void(f) for b in (f.gan_shang, f.zhi_shang)):
        return True
    if not _all_kin(f, Kin.WEALTH):
        return None
    return cond(months=months_where((_trans_el(f),), WANGXIANG))


def f15(f):  # 脫上逢脫防虛詐: 干上 脫 the stem and its general 脫 干上; 脫盜格 「乃干上逢脫氣，天將作元武者」;
    # and 「甲午日午加甲，三傳又是火局，並支來盜干」 (庚子日子加庚 「支上門來脫干，三傳又來脫之」): the 辰 over the
    # day as its 脫, the 三傳 all 脫
    g = f.gan_shang
    if _k(f, g) != Kin.OFFSPRING:
        return None
    if g == f.branch and _all_kin(f, Kin.OFFSPRING):
        return True
    return _on(f, lambda gs: gs[g] == "玄武" or g.element.generates(GENERAL_ELEMENT[gs[g]]))


def f16(f):  # 空上乘空事莫追: 干上 void riding 天空, or 脫空格 「謂干上有脫乘天空」 (辛卯日干上子，晝占)
    if f.gan_shang not in _void(f) and _k(f, f.gan_shang) != Kin.OFFSPRING:
        return None
    return _on(f, _rides("天空", f.gan_shang))


def f17(f):  # 進茹空亡宜退步: 進茹 with 初 and 中 void
    a, b, _ = f.trans
    return (b - a) % 12 == 1 and lianzhu(f) and a in _void(f) and b in _void(f)


def f18(f):  # 踏腳空亡進用宜: 退茹 with 初 and 中 void; and 踏腳空亡格 (「甲子日戌加子為初傳，乃是本旬之空，
    # 申加戌為中傳，乃後旬之空，午加申為末傳，乃外後旬之空亡」): the 三傳 stepping back two places each, 初傳 void
    # (the 中 and 末 are then the voids of the next two 旬)
    a, b, c = f.trans
    if a in _void(f) and (b - c) % 12 == (a - b) % 12 == 2:
        return True
    return (a - b) % 12 == 1 and lianzhu(f) and a in _void(f) and b in _void(f)


def _stem_tai(f) -> Branch:
    """The stem's 胎: 土's counted with 火, at 子 (「戊己當絕在亥懷，明知子上是胞胎」), not with 水 as 長生 申."""
    return B.ZI if f.stem.element == Element.EARTH else stage_branch(f.stem.element, Stage.TAI)


def _tai(f):
    """The stem's 胎 when it is on 干上."""
    tai = _stem_tai(f)
    return tai if f.gan_shang == tai else None


def _tais(e: Element) -> tuple[Branch, ...]:
    """The 胎 of an element; 土's both with 水 (午) and with 火 (子), as 互胎格 names them (「己未、癸丑 …
    干上午」, 「乙丑、己未、癸未，干上子」)."""
    return (B.WU, B.ZI) if e == Element.EARTH else (stage_branch(e, Stage.TAI),)


def f19(f):  # 胎財生氣妻懷孕: 「謂日干之胎神，作日之妻財，又逢月內之生氣者」: 干上 the stem's 胎, its 財,
    # the month's 生氣; or 互胎格 「干上得支之胎神，支上得干之胎神也」 (戊寅日干上酉、支上午); 損孕格 「緣胎神作空
    # 受克」 (the stem's 胎 void, overcome by the place it sits on, or by the stem when over its 寄宮: 癸巳日午加丑);
    # 三元胎格 「寅加亥為生元胎 … 寅加巳為病元胎 … 寅加辰為衰元胎卦，惟乙未日亥加丑昴星一課是也」 (a 昴星 lesson,
    # as the book's count of one lesson for 寅加辰 says)
    if f.gan_shang in _tais(f.branch.element) and f.zhi_shang in _tais(f.stem.element):
        return True
    t = _stem_tai(f)
    seat = f.seat(t)
    if t in _void(f) and (seat.element.overcomes(t.element)
                          or (seat == f.lodging and f.stem.element.overcomes(t.element))):
        return True
    if f.method == "昴星" and f.seat(B.YIN) in (B.HAI, B.SI, B.CHEN):
        return True
    tai = _tai(f)
    return None if tai is None or _k(f, tai) != Kin.WEALTH else cond(months=SHENGQI_MONTHS[tai])


@by_stem_plate
def f20(f):  # 胎財死氣損胎推: 「但凡胎神作月內之死氣，婦孕不育」: 干上 the stem's 胎 (the book names 甲乙's
    # 酉, a 鬼, among them), the month's 死氣
    tai = _tai(f)
    return None if tai is None else cond(months=SIQI_MONTHS[tai])


def f21(f):  # 交車相合交關利: 「謂日干與支上神作六合，地支與干上神作六合」, not on the 八專 days (「干支
    # 不分，交車無合」)
    return (f.lodging != f.branch and f.gan_shang.combine == f.branch
            and f.zhi_shang.combine == f.lodging)


def f22(f):  # 上下皆合兩心齊: 「謂支干上神作六合，地盤支干亦作六合」, and the 格 its 解 sets under it: 干支相會
    # (「乙酉日酉加乙，或乙加酉 … 緣上下作六合也」: the 辰 over the day or the day over the 辰, the two 六合);
    # 上下俱合 (「日干與上神作六合，地支亦與上神作六合」); 獨支干上神作六合 (干上 and 支上 六合 alone; 日辰鄰近
    # and the second 干支相會 are cases of it) — but not 外好裡槎枒, 「支干上神雖作六合，奈何地盤支干上神卻作
    # 六害」; 交互六合 (「干上神與支作六合，支上神與干作六合」)
    g, z, day, br = f.gan_shang, f.zhi_shang, f.lodging, f.branch
    return ((day.combine == br and (g == br or z == day))
            or (g.combine == day and z.combine == br)
            or (g.combine == z and day.harm != br)
            or (g.combine == br and z.combine == day))


def f23(f):  # 彼求我事支傳干: 初傳 from 支上, 末傳 on 干上
    return f.first == f.zhi_shang and f.trans[2] == f.gan_shang and f.gan_shang != f.zhi_shang


def f24(f):  # 我求彼事干傳支: 初傳 from 干上, 末傳 on 支上
    return f.first == f.gan_shang and f.trans[2] == f.zhi_shang and f.gan_shang != f.zhi_shang


def _ding_in(f):
    """The 旬丁 in 「三傳、年命、日辰」: in the 傳 or on 干上·支上, or else over the asker's 本命 or 行年."""
    return _in_six(f, f.day.xun_head.branch.shift(3))


def _in_six(f, *bs: Branch):
    """One of ``bs`` in 「三傳、年命、日辰之六處」: in the 傳 or on 干上·支上, or else over the asker's 本命 or
    行年 (None for none)."""
    if not bs:
        return None
    if any(b in f.trans or b in (f.gan_shang, f.zhi_shang) for b in bs):
        return True
    at = tuple(sorted({f.seat(b) for b in bs}))
    return either(True, ((("birth", at),), (("xing", at),)))


# The months in which each branch is the 神煞 (``shensha``'s tables) that 第25·30·72法 read.
HUOGUI_MONTHS = SHENSHA_BY_ID["liuren-sha-huo-gui"].months()
YUEYAN_MONTHS = SHENSHA_BY_ID["liuren-sha-yue-yan"].months()
TIANMU_MONTHS = SHENSHA_BY_ID["liuren-sha-tian-mu"].months()
XUEJI_MONTHS = SHENSHA_BY_ID["liuren-sha-xue-ji"].months()
XUEZHI_MONTHS = SHENSHA_BY_ID["liuren-sha-xue-zhi"].months()


def f25(f):  # 金日逢丁凶禍動: 「謂庚辛二干，三傳、年命、日辰逢旬內六丁神者」, and the 格 its 解 sets under it
    # that any day can show: 火鬼蛇雀克宅 (「火鬼乘蛇雀而克宅者」: the season's 火鬼 on 支上 riding 螣蛇 or 朱雀,
    # overcoming the 辰); 蛇虎遁鬼 (「六甲日遁旬內之庚乘白虎在六處，並辛日遁旬內之丁乘螣蛇在六處者」, in the
    # 課傳); 馬載虎鬼 (a 鬼 that is the 辰's 驛馬 riding 白虎 in the 課傳); 蛇虎乘丁 (「乃丁作白虎而克支辰」 on
    # 支上; 「余日鬼乘丁作螣蛇尤凶」 in the 課傳). Where one held by 晝/夜 and another in some months or by
    # the asker's 年命 would both show, the 晝/夜 one is given (a ``Cond`` holds one set of conditions).
    places = _places(f)
    head = f.day.xun_head.branch
    ding = head.shift(3)
    tests = []
    if f.stem in (Stem.JIA, Stem.XIN):
        dun = head.shift(6 if f.stem == Stem.JIA else 3)      # the 旬's 庚 or 丁
        if dun in places:
            tests.append(_rides("白虎" if f.stem == Stem.JIA else "螣蛇", dun))
    ma = yima(f.branch)
    if ma in places and _k(f, ma) == Kin.OFFICER:
        tests.append(_rides("白虎", ma))
    if f.zhi_shang == ding and ding.element.overcomes(f.branch.element):
        tests.append(_rides("白虎", ding))
    if ding in places and _k(f, ding) == Kin.OFFICER:
        tests.append(_rides("螣蛇", ding))
    by_shift = _on(f, lambda g: any(t(g) for t in tests)) if tests else None
    if by_shift is True:
        return True
    z = f.zhi_shang
    fire = None
    if z in HUOGUI_MONTHS and HUOGUI_MONTHS[z] and z.element.overcomes(f.branch.element):
        dn = f.on(lambda g: g[z] in ("螣蛇", "朱雀"))
        fire = None if dn is None else cond(months=HUOGUI_MONTHS[z], day_night=dn)
    ding_in = _ding_in(f) if f.stem.element == Element.METAL else None
    if ding_in is True:
        return True
    return by_shift or ding_in or fire or _xionguai(f, ding)


def _xionguai(f, ding: Branch):
    """第25法 凶怪格 「謂月厭、大煞、天目、墓神、丁神 … 並臨年命日辰」 (「乙巳日干上未，四月占；庚辰、辛巳日干上丑，
    十月占」): the 旬丁 that is the stem's 墓, in a month whose 月厭 and 天目 it is (卷一's 大煞 is the 月厭 then:
    四月 未, 十月 丑), on 干上·支上 or over the asker's 本命 or 行年."""
    months = tuple(m for m in YUEYAN_MONTHS[ding] if m in TIANMU_MONTHS[ding])
    if ding != mu(f.stem.element) or not months:
        return None
    if ding in (f.gan_shang, f.zhi_shang):
        return cond(months=months)
    at = (f.seat(ding),)
    return either(cond(months=months), ((("birth", at),), (("xing", at),)))


def f26(f):  # 水日逢丁財動之: 「謂壬癸二日，三傳、年命、日辰之六處，逢旬內之丁神者」, and 財乘丁馬格 「緣財神乘丁，
    # 或為驛馬者」 on any day (「己丑日亥為財乘丁馬，甲辰、乙巳見未 … 甲戌、乙亥日見丑」): the 旬丁 or the 辰's 驛馬
    # that is the stem's 財, in the same six places
    ding = f.day.xun_head.branch.shift(3)
    bs = {b for b in (ding, yima(f.branch)) if _k(f, b) == Kin.WEALTH}
    if f.stem.element == Element.WATER:
        bs.add(ding)
    return _in_six(f, *bs)


def f27(f):  # 傳財化鬼財休覓: 「謂三傳皆作日之財，而生起干上日鬼」 (a 三合 局 as one element), 「余生支上鬼者」
    # (傳財化鬼格: 「反生起支上神而作日干者」), and the 格 its 解 sets under it: 因財致禍 「緣財爻反克干上之神者是也」
    # (a 財 in the 三傳 overcoming 干上); 財遁鬼 「緣日上神作財，卻遁旬中干鬼」 (干上 a 財 whose 遁干 overcomes the
    # stem: 甲戌日干上庚辰); 借錢還債 (「辛酉日干上卯、支上寅 … 凡干支相同者」: 干上 and 支上 both 財)
    g, z = f.gan_shang, f.zhi_shang
    if _all_kin(f, Kin.WEALTH) and Kin.OFFICER in (_k(f, g), _k(f, z)):
        return True
    if any(_k(f, b) == Kin.WEALTH and b.element.overcomes(g.element) for b in f.trans):
        return True
    dun = f.day.dun_stem(g)
    return _k(f, g) == Kin.WEALTH and (_k(f, z) == Kin.WEALTH
                                       or (dun is not None and dun.element.overcomes(f.stem.element)))


def f28(f):  # 傳鬼化財錢險危 and the 格 its 解 sets under it, each from the chart:
    # 「三合課中雖作日之鬼 … 獨存一字，中間為財者」: a 三合 鬼局, 干上 holding it down (「丙申、丙子、丙辰三日
    #   並干上丑土，可以敵其水局，獨存申金為財」); but 「如占人命年上乘日鬼，其禍仍發，亦不為財也」: only where
    #   neither the asker's 本命 nor 行年 has a 鬼 over it;
    # 取還魂債格 「三傳全為脫氣，反生干上財神者」 (「有三傳為脫氣，生起支上財神者」 too);
    # 求財急取格 (財就人): the 辰 over the day, the stem's 財 (「乙未日未加乙」);
    # 空財格 (「丙子日酉加巳，乃空財」): the 三傳 all 財, 初傳 void;
    # 危中取財格 「干克支辰為財，支上神為鬼者」
    e = trans_element(f.trans)
    tk = None if e is None else _KIN_OF[f.stem.element][e]
    wealth = _k(f, f.branch) == Kin.WEALTH
    if ((tk == Kin.OFFSPRING and Kin.WEALTH in (_k(f, f.gan_shang), _k(f, f.zhi_shang)))
            or (wealth and f.gan_shang == f.branch)
            or (tk == Kin.WEALTH and f.first in _void(f))
            or (wealth and _k(f, f.zhi_shang) == Kin.OFFICER)):
        return True
    if tk == Kin.OFFICER and _sanhe(f) and f.gan_shang.element.overcomes(e):
        calm = tuple(f.seat(b) for b in BRANCHES if _k(f, b) != Kin.OFFICER)
        return cond(birth=calm, xing=calm)
    return None


def _trans_read(f) -> Element | None:
    """The 三傳 read as one element for 第29·30法: a 局 or 方 by its element (``trans_element``), else the
    element two of the three share — 「三傳子亥戌為生干」 (第33法, of 甲); 第29法 names 甲午日子加丑 (子亥戌)
    and 丙戌日卯加辰 (卯寅丑) for 三傳 that 生 the stem."""
    e = trans_element(f.trans)
    if e is not None:
        return e
    es = [b.element for b in f.trans]
    return next((x for x in es if es.count(x) > 1), None)


def f29(f):  # 眷屬豐盈居狹宅: 「謂三傳生其日干，反脫其支辰者」, and the 格 its 解 sets under it:
    # 人旺棄宅格 「三傳生其日干而克其支辰者」; 贅婿卦 「支加干而被干克者，其支上又乘脫氣，或克支者」
    e, s, z = _trans_read(f), f.stem.element, f.branch.element
    if e is not None and e.generates(s) and (z.generates(e) or e.overcomes(z)):
        return True
    up = f.zhi_shang.element
    return f.gan_shang == f.branch and s.overcomes(z) and (z.generates(up) or up.overcomes(z))


# the months in which a branch is the 血支 or the 血忌 (正月 丑 and 十二月 子 are both)
XUE_MONTHS = {b: tuple(m for m in BRANCHES if m in XUEZHI_MONTHS[b] + XUEJI_MONTHS[b]) for b in BRANCHES}


def f30(f):  # 屋宅寬廣致人衰: 「謂三傳竊盜日干反生支辰者」, and the 格 its 解 sets under it:
    # 賣宅備患格 「三傳生支克干」;
    # 獅獸衝宅格 (「壬辰日，申加戌作白虎，冲支上寅」; 「如對鄰空亡不足畏也」): what 沖 支上 (it stands over the
    #   辰's opposite, the 對鄰) riding 白虎, not void;
    # 血厭克宅格 「天后乘血支、血忌作月厭，臨支克支」, and as its 解 ends, 「止有七月占有血忌與月厭同處，余中有天后
    #   臨血支、血忌之例」: 支上 overcoming the 辰, riding 天后, in a month whose 血支 or 血忌 it is (the 月厭 too only
    #   in 七月, on 辰)
    e, s, z = _trans_read(f), f.stem.element, f.branch.element
    if e is not None and e.generates(z) and (s.generates(e) or e.overcomes(s)):
        return True
    up = f.zhi_shang
    facing = up.shift(6)
    lion = _on(f, _rides("白虎", facing)) if facing not in _void(f) else None
    blood = None
    if up.element.overcomes(z):
        dn = f.on(_rides("天后", up))
        blood = None if dn is None else cond(months=XUE_MONTHS[up], day_night=dn)
    if lion is True or blood is None:   # where both would show, the 晝/夜 one is given (as 第25法)
        return lion
    return lion or blood


def _generals_feed(f, kins):
    """The 三傳, as one element, are of one of ``kins``, and the generals on all three 生 them (by 晝/夜)."""
    e = trans_element(f.trans)
    if e is None or _KIN_OF[f.stem.element][e] not in kins:
        return None
    return _on(f, lambda g: all(GENERAL_ELEMENT[g[b]].generates(e) for b in f.trans))


def f31(f):  # 三傳遞生人舉薦: the 三傳 遞生 to the stem (``hengtong``); and the 格 its 解 sets under it:
    # 支干相生格 「如壬戌日干上申，支上未土生申金，金來生日」: 支上 生 干上, 干上 生 the stem;
    # 將生財神格 「緣三傳作財，其天將又生財神者」, and 「外有三傳生干，天將又生傳者」: the 三傳 all 財 or all what 生 the
    #   stem, the generals on them 生 them;
    # 兩面刀格 「末傳寅能助初生干，亦能克干」: 末傳 生 初傳, 初傳 生 the stem, 末傳 overcomes it
    g, s = f.gan_shang.element, f.stem.element
    a, c = f.first.element, f.trans[2].element
    if (hengtong(f) or (f.zhi_shang.element.generates(g) and g.generates(s))
            or (c.generates(a) and a.generates(s) and c.overcomes(s))):
        return True
    return _generals_feed(f, (Kin.WEALTH, Kin.PARENT))


def f32(f):  # 三傳互克眾人欺: 初→中→末→干 or 末→中→初→干 克; and the 格 its 解 sets under it:
    # 求財大獲格 「自庚金克初傳寅為財，初傳寅木克中傳未土，中傳未土克末傳子水，總為財」: 干→初→中→末 克;
    # 三傳內戰格 「三傳俱下賊上」: each 傳 overcome by the place it stands on;
    # 土將助財格 「三傳皆財，夜將又皆土神，盡生起財神」: the 三傳 all 財, the generals on them 生 them;
    # 雀鬼格 「朱雀作日鬼加干」, 「如臨年命亦可用」: a 鬼 riding 朱雀 on 干上, or over the asker's 本命 or 行年
    if _mutual_ke(f.stem, f.trans) or all(f.seat(b).element.overcomes(b.element) for b in f.trans):
        return True
    feed = _generals_feed(f, (Kin.WEALTH,))
    if feed is True:
        return True
    return _over_stem_or_nianming(f, _ghost_riding(f, "朱雀"), None if feed is None else dict(feed.when)["day_night"][0])


@lru_cache(maxsize=None)
def _mutual_ke(stem, trans) -> bool:
    a, b, c = (x.element for x in trans)
    s = stem.element
    return ((a.overcomes(b) and b.overcomes(c) and (c.overcomes(s) or s.overcomes(a)))
            or (c.overcomes(b) and b.overcomes(a) and a.overcomes(s)))


def f33(f):  # 有始無終難變易: 初 長生 末 墓, or 初 墓 末 長生; and 舍損就益格, in the two forms its 解 gives:
    # 「丑乃日之破碎，支上卯又作六害，又是干之羊刃，宜棄此而就三傳子亥戌為生干」: 干上 and 支上 each the 辰's 破碎,
    #   its 六害 or the stem's 羊刃, and the 三傳 (read as one, as 第29法) 生 the stem;
    # 「甲子日亥加甲，六月占，乃父母爻作空亡，又是死氣，又為木之長生」: 干上 the stem's 長生, void, in the month it is
    #   the 死氣
    if _start_end(f.stem, f.trans):
        return True
    loss = {SHENSHA_BY_ID["liuren-sha-po-sui"].table[f.branch], f.branch.harm,
            SHENSHA_BY_ID["liuren-sha-yang-ren"].table[f.stem]}
    e = _trans_read(f)
    if f.gan_shang in loss and f.zhi_shang in loss and e is not None and e.generates(f.stem.element):
        return True
    g = f.gan_shang
    if _st(f.stem.element, g) == Stage.CHANGSHENG and g in _void(f):
        return cond(months=SIQI_MONTHS[g])
    return None


@lru_cache(maxsize=None)
def _start_end(stem, trans) -> bool:
    e = stem.element
    sg, mu = stage_branch(e, Stage.CHANGSHENG), stage_branch(e, Stage.MU)
    return (trans[0], trans[2]) in ((sg, mu), (mu, sg))


def f34(f):  # 苦去甘來樂裡悲 (「此一句亦宜分為二項說」), and the 格 its 解 sets under it:
    # 苦去甘來: 初傳 a 鬼 that 末傳 overcomes;
    # 樂裡悲: 「末傳生中傳，中傳生初傳之巳火而克庚干」 (末→中→初 生, 初 overcoming the stem), or 三傳 遞生 to the
    #   stem (初→中→末→干) with 末傳 riding 白虎 on a 遁干 that overcomes it (丙申日夜 三傳申亥寅: 「末傳乘虎遁壬水
    #   克干」);
    # 恩多怨深格 「干生初恩也，初生中，中生末，末卻克日干」;
    # 一喜一悲格 (「干上戌乘龍克日 … 支上申乘虎生日」): of 干上·支上, a 鬼 riding 青龍 and what 生 the stem riding 白虎;
    #   and 「如干上長生於月令無氣，卻喜傳中見鬼 … 傳中見申酉為可生亥水也」: 干上 the stem's 長生, a 鬼 in the 傳 that
    #   生 it, in the months it is 休·囚·死;
    # 不幸中幸，幸中不幸格 「緣白虎卻作長生，青龍卻乘日鬼是也」 (六戊日伏吟, 三傳巳申寅: 晝 白虎 on 申, 夜 青龍 on 寅): in
    #   the 傳, the stem's 長生 riding 白虎 or a 鬼 riding 青龍;
    # 樂裡生憂格: 干上 the stem's 長生 and 支上 the 辰's, each 脫 by the other (「庚金反被亥水脫，寅木又被巳火脫」),
    #   or 干上 生 the stem and 支上 the 辰 while both sit on a place that overcomes or drains them (「如若動，其支干
    #   皆坐於克鄉」, 「坐於脫氣鄉」: the stem's 寄宮 and the 辰 as heaven, over their seats), or 「三傳雖金生日，其天將皆來
    #   傷日」 (癸酉·癸丑·癸巳日酉加癸晝占): the 三傳, as one element, 生 the stem and the generals on all three overcome it;
    # and, after 不幸中幸，幸中不幸格, 「外有戊己日返吟，三月占，生氣克日，主病，死氣生日主生」: 返吟, in the months whose
    #   生氣 overcomes the stem and whose 死氣 is its 長生 (``_REVERSED_MONTHS``)
    if _sorrow_in_joy(f.stem, f.trans):
        return True
    s, b, gs, zs = f.stem.element, f.branch.element, f.gan_shang, f.zhi_shang
    sg = Stage.CHANGSHENG

    def spent(e, seat):   # 「坐於克鄉」 or 「坐於脫氣鄉」
        return seat.element.overcomes(e) or e.generates(seat.element)

    if ((_st(s, gs) == sg and _st(b, zs) == sg and b.generates(gs.element) and s.generates(zs.element))
            or (gs.element.generates(s) and zs.element.generates(b)
                and spent(s, f.seat(f.lodging)) and spent(b, f.seat(f.branch)))):
        return True
    tests = []
    a, m, c = (x.element for x in f.trans)
    dun = f.day.dun_stem(f.trans[2])
    if a.generates(m) and m.generates(c) and c.generates(s) and dun is not None and dun.element.overcomes(s):
        tests.append(_rides("白虎", f.trans[2]))
    tests.append(lambda g: any((g[x] == "白虎" and _st(s, x) == sg) or (g[x] == "青龍" and _k(f, x) == Kin.OFFICER)
                               for x in f.trans))
    if _all_kin(f, Kin.PARENT):
        tests.append(lambda g: all(GENERAL_ELEMENT[g[x]].overcomes(s) for x in f.trans))
    pair = {_k(f, gs), _k(f, zs)}
    if pair == {Kin.OFFICER, Kin.PARENT}:
        ghost, life = (gs, zs) if _k(f, gs) == Kin.OFFICER else (zs, gs)
        tests.append(lambda g: g[ghost] == "青龍" and g[life] == "白虎")
    by_shift = _on(f, lambda g: any(t(g) for t in tests)) if tests else None
    if by_shift is not None:   # where a month would show it too, the 晝/夜 one is given
        return by_shift
    months = set(_REVERSED_MONTHS[s]) if f.method == "返吟" else set()
    if _st(s, gs) == sg and any(_k(f, x) == Kin.OFFICER and x.element.generates(gs.element) for x in f.trans):
        months |= months_where((gs.element,), _NO_QI)
    return cond(months=tuple(months)) if months else None


_NO_QI = frozenset({"休", "囚", "死"})   # 無氣: not 旺 or 相 in the month
# 第34法 「外有戊己日返吟，三月占，生氣克日，主病，死氣生日主生」: for each element of the stem, the months whose
# 生氣 overcomes it and whose 死氣 is its 長生 (土: 三月, 生氣 寅 and 死氣 申; no other element has such a month)
_REVERSED_MONTHS = {e: tuple(m for m in BRANCHES
                             if SHENSHA_BY_ID["liuren-sha-sheng-qi"].table[m].element.overcomes(e)
                             and SHENSHA_BY_ID["liuren-sha-si-qi"].table[m] == stage_branch(e, Stage.CHANGSHENG))
                    for e in Element}


@lru_cache(maxsize=None)
def _sorrow_in_joy(stem, trans) -> bool:
    """The parts of 第34法 the stem and the 三傳 decide (苦去甘來, 末→中→初 生 to a 初 that overcomes the stem,
    恩多怨深)."""
    s = stem.element
    a, m, c = (x.element for x in trans)
    return ((kin(s, a) == Kin.OFFICER and c.overcomes(a))
            or (c.generates(m) and m.generates(a) and a.overcomes(s))
            or (s.generates(a) and a.generates(m) and m.generates(c) and c.overcomes(s)))


def f35(f):  # 人宅受脫俱招盜: 干上·支上 each 脫 its own, or crosswise; and the 格 its 解 sets under it:
    # 「遙克、昴星、別責，乘空落空為初傳發用，將乘元武者 … 又有庚子日元首，辰空元加子 … 此等日乃空亡乘元武為
    #   用，但初傳不係遙克並昴星」: 初傳 riding 玄武, void (any 課), or standing on a void place (遙克·昴星·別責);
    # 財空乘元格 「或臨支發用，亦防失脫」: a void 財 riding 玄武 on 支上 or as 初傳;
    # 鬼脫乘元格 「日鬼或脫氣乘元武 … 為發用尤的」: 初傳 a 鬼 or a 脫 riding 玄武
    g, z, s, b = f.gan_shang.element, f.zhi_shang.element, f.stem.element, f.branch.element
    if (s.generates(g) and b.generates(z)) or (b.generates(g) and s.generates(z)):
        return True
    void, first, up = _void(f), f.first, f.zhi_shang
    at = set()
    if first in void or (f.seat(first) in void and f.method in ("遙剋", "昴星", "別責")):
        at.add(first)
    if up in void and _k(f, up) == Kin.WEALTH:
        at.add(up)
    if _k(f, first) in (Kin.OFFICER, Kin.OFFSPRING):
        at.add(first)
    return _on(f, lambda g: any(g[x] == "玄武" for x in at)) if at else None


def f36(f):  # 干支皆敗勢傾頹: 干上·支上 on their 敗 (沐浴); and 破敗神臨宅格 「支上有敗氣，又為破碎煞」 (「己巳、己亥
    # 二日，干上乘酉，乃干之敗氣又作支之破碎」; 「一說破敗神臨干主凶，非臨支」): the stem's 敗 that is the 辰's 破碎, on
    # 干上 or 支上
    s = f.stem.element
    if _st(s, f.gan_shang) == Stage.MUYU and _st(f.branch.element, f.zhi_shang) == Stage.MUYU:
        return True
    posui = SHENSHA_BY_ID["liuren-sha-po-sui"].table[f.branch]
    return _st(s, posui) == Stage.MUYU and posui in (f.gan_shang, f.zhi_shang)


def f37(f):  # 末助初兮三等論: 末傳 生 初傳; and 謁求禍出格 「支上神作財生干上神為鬼者」
    if f.trans[2].element.generates(f.first.element):
        return True
    return (_k(f, f.zhi_shang) == Kin.WEALTH and _k(f, f.gan_shang) == Kin.OFFICER
            and f.zhi_shang.element.generates(f.gan_shang.element))


def f38(f):  # 閉口卦體兩般推: 「旬尾加旬首為發用者」 (with the 天盤 旬首 as 用 riding 玄武, 閉口課 of 卷八),
    # or 「地盤旬首上神乘元武者，每日有一二課」: the god over the earth 旬首 riding 玄武, used or not; in the
    # 旬 where 玄武 never stands there, 「甲午、甲辰、甲寅三旬，止有天盤之旬首乘元武 … 亦可如其說」: the heaven
    # 旬首 riding 玄武, used or not
    head = f.day.xun_head.branch
    over = head.shift(1 - f.plate)   # the heaven branch whose seat is the earth 旬首
    sky = _on(f, _rides("玄武", head)) if head in (B.WU, B.CHEN, B.YIN) else None
    return _any_shift(bikou(f), _on(f, _rides("玄武", over)), sky)


def f39(f):  # 太陽照武宜擒賊: 玄武 rides the 月將; and the 格 its 解 names for catching the thief:
    # 天網四張格 「謂用神與正時同克日是也，惟在破網卦反難捉賊矣。破網者，有神克其初傳是也」 (卷九 天網課 says where:
    #   「若末傳及年命有救神克初傳，為解網」): 初傳 and the 占時 overcome the stem, neither 末傳 nor the god over the
    #   asker's 本命 or 行年 overcoming 初傳;
    # 賊向防連坐者例 「緣元武所臨之神有神作六合是也。如元武加子臨丑」: what 玄武 rides in 六合 with the place under it;
    # 賊捉賊格 「如壬癸日辰戌未丑等為傳，三傳自相刑沖，可以凶制凶」: on a 壬 or 癸 day the 三傳 all of 辰戌丑未,
    #   each 刑 or 沖 with another
    if f.stem.element == Element.WATER and _thief_catches_thief(f.trans):
        return True
    allied = [shift for shift, night in SHIFTS
              if (x := B((f.gn if night else f.gd).index("玄武"))).combine == f.seat(x)]
    if len(allied) == 2:
        return True
    sun = _sun_on_xuanwu(f.plate, f.gd, f.gn)
    alts = [(("month_generals", sun),)] if sun else []
    alts += [(("day_night", (shift,)),) for shift in allied]
    net = tianwang(f)   # 初傳 a 鬼 of the stem: at the 占時 that overcome the stem too
    if net is not None and not f.trans[2].element.overcomes(f.first.element):
        calm = tuple(f.seat(b) for b in BRANCHES if not b.element.overcomes(f.first.element))
        hours = tuple(B.from_zh(h) for h in dict(net.when)["hours"])
        alts.append((("hours", hours), ("birth", calm), ("xing", calm)))
    return _one_of(alts)


_EARTH_FOUR = frozenset({B.CHEN, B.XU, B.CHOU, B.WEI})


@lru_cache(maxsize=None)
def _thief_catches_thief(trans) -> bool:
    """第39法 賊捉賊格: the 三傳 all of 辰戌丑未, each in 刑 or 沖 with another."""
    return set(trans) <= _EARTH_FOUR and all(
        any(_xing(a, b) or a.opposite == b for j, b in enumerate(trans) if j != i) for i, a in enumerate(trans))


@lru_cache(maxsize=None)
def _sun_on_xuanwu(plate, gd, gn) -> tuple[Branch, ...]:
    """The 月將 玄武 rides, by the 晝/夜 of the hour it stands over."""
    return tuple(m for m in BRANCHES if (gn if is_night_hour(m.shift(plate - 1)) else gd)[m] == "玄武")


def f40(f):  # 後合占婚豈用媒: 天后·六合 on 干上 and 支上
    return _on(f, lambda g: {g[f.gan_shang], g[f.zhi_shang]} == {"天后", "六合"})


def f41(f):  # 富貴干支逢祿馬: 干上 the 辰's 驛馬, 支上 the stem's 祿
    return f.gan_shang == yima(f.branch) and f.zhi_shang == LU[f.stem]


def f42(f):  # 尊崇傳內遇三奇: the 三傳's stems are 甲戊庚 or 乙丙丁, 「有遁旬中之干者，有遁五子元建
    # 之法者」: by the 旬 (遁干) or by the day's 五子元遁 (甲己日 甲子, 乙庚日 丙子 …)
    xun = {f.day.dun_stem(b) for b in f.trans}
    wuzi = {Stem((2 * f.stem + b) % 10) for b in f.trans}
    return any(None not in st and {s.zh for s in st} in _SANQI for st in (xun, wuzi))


_SANQI = ({"甲", "戊", "庚"}, {"乙", "丙", "丁"})


def f43(f):  # 害貴訟直作屈斷: 初傳 harms the 貴人 of the shift
    d, n = _nobles(f)
    hit_d, hit_n = f.first.harm == d, f.first.harm == n
    return cond(day_night="both" if hit_d and hit_n else "day" if hit_d else "night") if hit_d or hit_n else None


def f44(f):  # 課傳俱貴轉無依: 「此四課三傳，皆是晝夜貴人所聚」 — 丁酉日 三傳酉亥丑, 丑 on 亥 — and
    # 「外有三傳皆是貴人者亦可用」: every 傳 a 貴人 (晝 or 夜) or standing on one
    nb = set(_nobles(f))
    return all(b in nb or f.seat(b) in nb for b in f.trans)


def f45(f):  # 晝夜貴加求兩貴: 「謂六處有旦暮天乙相加者」: the 貴人 of the shift over the other's place, in
    # the 課 or the 傳 (「緣不在傳課，故不具載」)
    d, n = _nobles(f)
    if d == n:
        return None
    if {f.gan_shang, f.zhi_shang} == {d, n}:   # 貴覆干支格 「緣干支上皆乘晝夜貴人」
        return True
    seen = {k.upper for k in f.lessons} | set(f.trans)
    hd, hn = (x in seen and f.seat(x) == y for x, y in ((d, n), (n, d)))
    return cond(day_night="both" if hd and hn else "day" if hd else "night") if hd or hn else None


def f46(f):  # 貴人差迭事參差: 晝貴 over a night place, 夜貴 over a day place; and the 格 its 解 sets under it:
    # 貴人順治格 「緣一日內全無逆貴人者 … 唯有巳為月將，甲戊庚日有之，內有空亡貴人乃無用，如丑未坐於辰戌上，貴人怒嗔」
    # and 貴人逆治格 「緣一日內全無順貴人者 … 惟亥為月將，甲戊庚日有之，內忌空亡」: under a 月將 with which the
    # 貴人 of every hour of the day runs the one way, the 貴人 of the lesson's hour not void (nor, 順, over 辰·戌)
    d, n = _nobles(f)
    if f.seat(d) not in _DAY_PLACES and f.seat(n) in _DAY_PLACES:
        return True
    gens = []
    for m, fwd in _whole_day_runs(f.stem, f.guiren):
        g = n if is_night_hour(f.seat(m)) else d   # the 貴人 of the hour 月將 m stands over
        if g not in f.void and not (fwd and f.seat(g) in (B.CHEN, B.XU)):
            gens.append(m)
    return cond(month_generals=gens) if gens else None


@lru_cache(maxsize=None)
def _whole_day_runs(stem: Stem, table) -> tuple[tuple[Branch, bool], ...]:
    """The 月將 under which the 貴人 of all twelve hours of a day of ``stem`` run one way: (月將, 順)."""
    out = []
    for m in BRANCHES:
        runs = {_front(stem, plate_of(m, h), is_night_hour(h), table)[0] for h in BRANCHES}
        if len(runs) == 1:
            out.append((m, runs.pop()))
    return tuple(out)


def f47(f):  # 貴雖在獄宜臨干: 「謂天乙貴人加臨地盤辰戌上者」 (for 乙 辛 days over their own place, 「卻名貴人
    # 臨身」); but 「如辰戌二日占之，乃為貴人入宅，非坐獄論也」: not over the day's own 辰 or 戌
    jail = {B.CHEN, B.XU} - {f.branch}
    d, n = _nobles(f)
    hd, hn = f.seat(d) in jail, f.seat(n) in jail
    return cond(day_night="both" if hd and hn else "day" if hd else "night") if hd or hn else None


def f48(f):  # 鬼乘天乙乃神祇: 貴人 rides a 鬼 on 干上 or 支上 (「六辛日午加干 … 如臨宅上者」); and the 格 its 解
    # sets under it, the 貴人 on 干上 or 支上 as the 法's own (「臨身」, 「臨宅上」; the 解 says where only for the
    # 墓): 空亡貴人 「緣貴人作空亡者，亦是神祇撓害」 (the 貴人 void); 貴人作墓 「六庚日丑為晝貴作墓神加干」 (the 貴人
    # the stem's 墓, on 干上; 六甲's 夜貴 未); 貴人脫氣 「六壬、六癸日以卯為夜貴作脫氣」 (the 貴人 the stem's 脫)
    tomb = stage_branch(f.stem.element, Stage.MU)

    def shows(x: Branch) -> bool:
        if x == tomb == f.gan_shang:
            return True
        return x in (f.gan_shang, f.zhi_shang) and (
            x in _void(f) or _k(f, x) in (Kin.OFFICER, Kin.OFFSPRING))
    d, n = _nobles(f)
    hd, hn = shows(d), shows(n)
    return cond(day_night="both" if hd and hn else "day" if hd else "night") if hd or hn else None


@by_stem_plate
def f49(f):  # 兩貴受克難干貴: 「凡晝夜貴人皆立受克之方者」: both 貴人 over places that overcome them; and the 格
    # its 解 sets under it: 白虎或乘臨丑 「緣丑乃天乙之本家，不宜見白虎也」 (白虎 rides 丑); 貴人忌憚 「緣朱雀乘神克
    # 貴人」 (朱雀 rides a branch overcoming the 貴人 of the shift, the 貴人 on 干上: 「甲日丑加寅，乃晝貴臨身 …
    # 朱雀乘卯克天乙之丑土」, each of its three lessons 臨身); 真朱雀 「緣朱雀臨午」 (朱雀 rides 午)
    d, n = _nobles(f)
    if all(f.seat(x).element.overcomes(x.element) for x in (d, n)):
        return True

    def shows(g, x: Branch) -> bool:
        bird = B(g.index("朱雀"))
        return (g[B.CHOU] == "白虎" or bird == B.WU
                or (f.seat(x) == f.lodging and bird.element.overcomes(x.element)))
    dn = _shift(shows(f.gd, d), shows(f.gn, n))
    return None if dn is None else cond(day_night=dn)


def f50(f):  # 二貴皆空虛喜期: each 貴人 void, or standing over a void place (落空)
    void = _void(f)
    return all(x in void or f.seat(x) in void for x in _nobles(f))


def f51(f):  # 魁度天門關隔定: 「凡戌加亥為用者」: 戌 over 亥 as 初傳
    return f.first == B.XU and f.seat(B.XU) == B.HAI


def f52(f):  # 罡塞鬼戶任謀為: 辰 over 寅; and 貴塞鬼戶格 「緣三傳作日鬼，賴貴人塞鬼戶也」: 三傳 all 鬼 with the
    # 貴人 of the shift over 寅 (「如用晝貴乃名貴人臨寅鬼門」)
    if f.seat(B.CHEN) == B.YIN:
        return True
    if not _all_kin(f, Kin.OFFICER):
        return None
    over = f.heaven[B.YIN]
    return _on(f, lambda g: g[over] == "貴人")


@by_stem_plate
def f53(f):  # 兩蛇夾墓凶難免: the stem's 墓 rides a general whose house (家) is the place under it
    m = stage_branch(f.stem.element, Stage.MU)
    home = f.seat(m)
    return _on(f, lambda g: GENERAL_HOME[g[m]] == home)


def f54(f):  # 虎視逢虎力難施: 「謂虎視課者，乃柔日也」: a 柔日's 昴星 with 白虎 in the 傳
    if f.method != "昴星" or f.stem.yang:
        return None
    return _on(f, lambda g: any(g[b] == "白虎" for b in f.trans))


def f55(f):  # 所謀多拙逢羅網: 「謂干上乘干前一辰，支上乘支前一辰」 (甲申日干上卯、支上酉), or crosswise,
    # 「干上乘支之網，支上乘干之羅者」 (庚寅日干上卯、支上酉)
    luo, wang = f.lodging.shift(1), f.branch.shift(1)
    return (f.gan_shang, f.zhi_shang) in ((luo, wang), (wang, luo))


def f56(f):  # 天網自裹己招非: 「乃墓神覆日，如占人本命又是未生，乃名天網自裹」: the stem's 墓 on 干上,
    # the asker born in it; and 丁神厭目格 「余甲辰旬中，遇未加支於四月占，皆如前說 … 盖未為丁神乘厭目等凶煞故
    # 也」: on a day of the 甲辰 旬, 未 (its 丁) on 支上, in the fourth month (巳)
    m = stage_branch(f.stem.element, Stage.MU)
    alts = []
    if f.gan_shang == m:
        alts.append((("birth", (m,)),))
    if f.day.xun_head.branch == B.CHEN and f.zhi_shang == B.WEI:
        alts.append((("months", (B.SI,)),))
    return _one_of(alts)


def _places(f) -> list[Branch]:
    """The 課傳: the four lessons' uppers and the 三傳."""
    return [*(k.upper for k in f.lessons), *f.trans]


def f57(f):  # 費有餘而得不足: 「以上總皆生空，脫與鬼皆實論耳」: what 生 the stem in the 課傳 all void, and a 脫
    # or a 鬼 there not void (丙午日干上寅、支上卯; 癸未日丑加巳, 「初末空亡，獨留中傳丑土不空」); or 得少失多格
    # 「甲寅日干上卯，乃日之旺神，三傳辰巳午 … 辰乃干上卯之六害，中末盜氣」
    places, void = _places(f), _void(f)
    sheng = [b for b in places if _k(f, b) == Kin.PARENT]
    if sheng and all(b in void for b in sheng) and any(
            _k(f, b) in (Kin.OFFSPRING, Kin.OFFICER) and b not in void for b in places):
        return True
    a, b, c = f.trans
    return (_st(f.stem.element, f.gan_shang) == Stage.DIWANG and a.harm == f.gan_shang
            and _k(f, b) == _k(f, c) == Kin.OFFSPRING)


def f67(f):  # 受虎克神為病症: which element 白虎 overcomes is read of any lesson; of the 格 its 解 sets beside
    # it, those the chart decides — 祿粮神格 「辛未日酉加寅，乃是祿坐絕鄉，又作閉口」 (the 祿 the 旬尾, on its 絕
    # or a place that overcomes it); 空祿格 「緣日之祿神作空亡又坐克方」; 祿神閉口格 「緣禄神作閉口，為旬尾乘白虎
    # 者是也」; 虎乘丁鬼格 「如六辛日有白虎乘丁者」 (in the 課傳); 六片板格 「緣六合乘申臨卯，為尸入棺」;
    # 虎墓格 「緣日干之墓乘白虎在六處者」 (in the 傳 or on 干上·支上, or over the asker's 本命 or 行年);
    # 白虎入喪車格 「緣申加巳發用為的」; 人入鬼門格 「如庚日申為本命，返吟課」; 宴喜致病格 「並支上未作太常 …
    # 以上六日例，緣未為太常克干居於宅上」 (未, a 鬼 of the stem, on 支上 riding 太常: 癸酉·癸亥·癸丑, 壬戌·壬子·
    # 壬寅, 夜); 收魂神 「乃戊日辰為元武者是，夜順晝逆有之」
    lu = LU[f.stem]
    seat = f.seat(lu)
    struck = seat.element.overcomes(lu.element) or _st(lu.element, seat) == Stage.JUE
    tail = lu == f.day.xun_head.branch.shift(9)
    if ((tail and struck) or (lu in _void(f) and seat.element.overcomes(lu.element))
            or (f.first == B.SHEN and f.seat(B.SHEN) == B.SI)):
        return True
    ding = f.day.xun_head.branch.shift(3)
    m = mu(f.stem.element)
    six = {*f.trans, f.gan_shang, f.zhi_shang}
    feast = _k(f, B.WEI) == Kin.OFFICER and f.zhi_shang == B.WEI
    alts = []
    if f.stem == Stem.GENG and f.method == "返吟":
        alts.append((("birth", (B.SHEN,)),))
    for shift, night in SHIFTS:
        g, dn = (f.gn if night else f.gd), ("day_night", (shift,))
        if ((tail and g[lu] == "白虎") or (f.stem == Stem.XIN and ding in _places(f) and g[ding] == "白虎")
                or (f.seat(B.SHEN) == B.MAO and g[B.SHEN] == "六合") or (feast and g[B.WEI] == "太常")
                or (m in six and g[m] == "白虎") or (f.stem == Stem.WU and g[B.CHEN] == "玄武")):
            alts.append((dn,))
        elif g[m] == "白虎":
            alts += [(dn, ("birth", (f.seat(m),))), (dn, ("xing", (f.seat(m),)))]
    return _one_of(alts)


TIANYI_MONTHS = SHENSHA_BY_ID["liuren-sha-tian-yi"].months()   # 天醫 (正月 子, 子卯午酉)


def f68(f):  # 制鬼之位乃良醫: 「如乙丑日酉加乙，乃日之鬼，卻賴支上有午火而克其酉金，此午火便是良醫」,
    # 「其餘救神不在支上而臨三傳之上及臨行年本命，亦可為救」: 干上 a 鬼, a 食神 (子孫, which 制 it) on 支上
    # or in the 三傳, or else over the asker's 本命 or 行年; or 病體難擔荷格 「丁丑、丁未、丁亥干上申用」, 三傳
    # 申酉戌 all 財 and 「丁火逢病死墓」: the 三傳 the stem's 病 死 墓, all 財; or 天醫作虎鬼格 「不宜醫者治，虎乘干鬼」:
    # the 鬼 on 干上 (the 法's own, as in every lesson its 解 names) riding 白虎, in a month whose 天醫 it is
    e = f.stem.element
    if (_k(f, f.first) == Kin.WEALTH and _all_kin(f, Kin.WEALTH)
            and [_st(e, b) for b in f.trans] == [Stage.BING, Stage.SI, Stage.MU]):
        return True
    g = f.gan_shang
    if _k(f, g) != Kin.OFFICER:
        return None
    if _k(f, f.zhi_shang) == Kin.OFFSPRING or any(_k(f, b) == Kin.OFFSPRING for b in f.trans):
        return True
    at = tuple(f.seat(b) for b in BRANCHES if _k(f, b) == Kin.OFFSPRING)
    alts = [(("birth", at),), (("xing", at),)]
    if TIANYI_MONTHS[g]:
        alts += [(("day_night", (shift,)), ("months", TIANYI_MONTHS[g]))
                 for shift, night in SHIFTS if (f.gn if night else f.gd)[g] == "白虎"]
    return either(True, tuple(alts))


def f73(f):  # 前後逼迫難進退: of its 格, what the chart decides — 「初傳被下克，繼歸地盤之本宮，又被上神所克格」
    # (「午加癸為初傳，乃午火受癸水所克，及歸本家午上，又被亥水所克」) and 全傷坐克格 「如支干各受上神克，又坐
    # 被克方者」 (丙寅日返吟)
    # and the figure that names it, 「壬寅日干上子，三傳辰巳午皆空而不可進，欲退後一步，逢地下寅盜氣，又退一步，逢丑
    # 為干鬼 … 惟宜守干上旺」: 進茹 with 初 and 中 void (as 第17法), behind the place 初傳 stands on the stem's 脫
    # then its 鬼, and the stem's 帝旺 on 干上, all that is left to keep
    first = f.first
    if (any(k.upper == first and k.lower.element.overcomes(first.element) for k in f.lessons)
            and f.heaven[first].element.overcomes(first.element)):
        return True
    back = f.seat(first)
    if (f17(f) and _k(f, back.shift(-1)) == Kin.OFFSPRING and _k(f, back.shift(-2)) == Kin.OFFICER
            and f.gan_shang == stage_branch(f.stem.element, Stage.DIWANG)):
        return True
    return (f.gan_shang.element.overcomes(f.stem.element) and f.zhi_shang.element.overcomes(f.branch.element)
            and f.seat(f.lodging).element.overcomes(f.stem.element)
            and f.seat(f.branch).element.overcomes(f.branch.element))


def f58(f):  # 用破身心無所歸: 「已上財祿俱作空被克」: 初傳 the day's 財 or 祿, void or overcome — by the
    # place under it (坐克: 戊申日 子加戌) or by its general (夾克: 丙寅日 申加巳 夜乘蛇)
    first = f.first
    if _k(f, first) != Kin.WEALTH and first != LU[f.stem]:
        return None
    if first in _void(f) or f.seat(first).element.overcomes(first.element):
        return True
    return _on(f, lambda g: GENERAL_ELEMENT[g[first]].overcomes(first.element))


def _huagai(b: Branch) -> Branch:
    return b.trine[2]


def f59(f):  # 華蓋覆日人昏晦: 「謂辰之華蓋作干之墓神，臨於干上發用」
    hg = _huagai(f.branch)
    return hg == f.gan_shang == f.first == stage_branch(f.stem.element, Stage.MU)


def f60(f):  # 太陽射宅屋光輝: 「丙午日戌加午，乃是支墓 … 如用戌為月將，反名太陽輝照家宅」: the 辰's
    # 墓 on 支上, and it is the 月將; or 「乙卯日子將卯時，此乃太陽作貴人而生宅」: 支上 the 月將, riding 貴人 and
    # generating the 辰
    z = f.zhi_shang
    if z == stage_branch(f.branch.element, Stage.MU):
        return cond(month_generals=(z,))
    if not z.element.generates(f.branch.element):
        return None
    dn = f.on(lambda g: g[z] == "貴人")
    return None if dn is None else cond(month_generals=(z,), day_night=dn)


@by_stem_plate
def f61(f):  # 干乘墓虎無占病: 「謂六辛日丑加戌晝將乘白虎作墓神」: the stem's 墓 on 干上 riding 白虎; 「外有六乙日
    # 晝貴順行，雖是未乘白虎，上有臨行年本命上者」: on an 乙 day (whose 未 never rides 白虎 on 干上, 「即無加干者
    # 也」), the 墓 riding 白虎 over the asker's 本命 or 行年; and 虎鬼加干格 (「如六己日卯加己夜、六壬日戌加壬
    # 晝夜、六癸日戌加癸晝」): a 鬼 on 干上 riding 白虎
    m, g = mu(f.stem.element), f.gan_shang
    alts = []
    for shift, night in SHIFTS:
        gs, dn = (f.gn if night else f.gd), ("day_night", (shift,))
        if gs[g] == "白虎" and (g == m or _k(f, g) == Kin.OFFICER):
            alts.append((dn,))
        elif f.stem == Stem.YI and gs[m] == "白虎":
            alts += [(dn, ("birth", (f.seat(m),))), (dn, ("xing", (f.seat(m),)))]
    return _one_of(alts)


def f62(f):  # 支乘墓虎有伏尸: 「一者干墓臨支，二者支墓臨支」, riding 白虎; and the 格 its 解 sets under it:
    # 虎鬼克支 「緣支鬼乘白虎而克支者」; 蛇墓克支 「緣干墓乘螣蛇而加支又克支者」; 墓門開 「如卯酉日占，干墓乘蛇虎
    # 加支」. A 墓 on 支上 that is the 月將 is not one (「其墓作月將不在此限」): what holds by the 墓 alone
    # holds under the other eleven 月將
    z = f.zhi_shang
    gan_mu = z == stage_branch(f.stem.element, Stage.MU)
    ghost = z.element.overcomes(f.branch.element)
    tomb_tiger = gan_mu or z == stage_branch(f.branch.element, Stage.MU)
    snake = gan_mu and (ghost or f.branch in (B.MAO, B.YOU))
    if not (ghost or tomb_tiger or snake):
        return None
    not_sun = ("month_generals", tuple(b for b in BRANCHES if b != z))
    alts = []
    for shift, night in SHIFTS:
        rides, dn = (f.gn if night else f.gd)[z], ("day_night", (shift,))
        if rides == "白虎" and ghost:
            alts.append((dn,))
        elif (rides == "白虎" and tomb_tiger) or (rides == "螣蛇" and snake):
            alts.append((dn, not_sun))
    return _one_of(alts)


def f63(f):  # 彼此全傷防兩損: 干上 overcomes the stem, 支上 the 辰
    return f.gan_shang.element.overcomes(f.stem.element) and f.zhi_shang.element.overcomes(f.branch.element)


def f64(f):  # 夫婦蕪淫各有私: 「謂干被支上神克，支卻被干上神克者」; and 真解離卦 the other way, 「緣干克支上神，
    # 支克干上神」
    se, be, g, z = f.stem.element, f.branch.element, f.gan_shang.element, f.zhi_shang.element
    return (z.overcomes(se) and g.overcomes(be)) or (se.overcomes(z) and be.overcomes(g))


def guanshen(month: Branch) -> Branch:
    """關神: 春丑 夏辰 秋未 冬戌 (《六壬大全》 卷十二 第65法)."""
    return (B.CHOU, B.CHEN, B.WEI, B.XU)[(month - B.YIN) % 12 // 3]


GUANSHEN_MONTHS = months_of(guanshen)


def f65(f):  # 干墓并關人宅廢: the stem's 墓 發用 from one of the four lessons, in the season it is 關神
    m = stage_branch(f.stem.element, Stage.MU)
    if f.first != m or all(k.upper != m for k in f.lessons):
        return None
    return cond(months=GUANSHEN_MONTHS[m])


def f66(f):  # 支墳財並旅程稽: 「謂地支之墓作日干之財者」, 發用 (初傳 the 辰's 墓, and the stem's 財); and 疑惑格
    # 「卯酉日占事，如行年又在卯酉之上者」: on a 卯 or 酉 day, the asker's 行年 卯 or 酉
    if f.first == stage_branch(f.branch.element, Stage.MU) and _k(f, f.first) == Kin.WEALTH:
        return True
    return cond(xing=(B.MAO, B.YOU)) if f.branch in (B.MAO, B.YOU) else None


def f69(f):  # 虎乘遁鬼殃非淺: 白虎 on a branch (干上, 支上 or 傳) whose 遁干 is the day's 鬼; and 明暗二鬼格
    # 「乃干上神作日干明鬼，又支上神遁旬干作日干暗鬼」 (「如六甲日申加甲、庚加支」)
    def dun_ghost(b):
        return (s := f.day.dun_stem(b)) is not None and s.element.overcomes(f.stem.element)
    if _k(f, f.gan_shang) == Kin.OFFICER and dun_ghost(f.zhi_shang):
        return True
    places = {f.gan_shang, f.zhi_shang, *f.trans}
    ghosts = [b for b in places if dun_ghost(b)]
    if not ghosts:
        return None
    return _on(f, lambda g: any(g[b] == "白虎" for b in ghosts))


def f70(f):  # 鬼臨三四訟災隨: the uppers of lessons 3 and 4 both 鬼; and 朱勾相會格 「如丙辰午加辰，乃朱雀入
    # 勾陳」: 午 (朱雀's house) over 辰 (勾陳's)
    return all(_k(f, k.upper) == Kin.OFFICER for k in f.lessons[2:]) or f.seat(B.WU) == B.CHEN


def f71(f):  # 病符克宅全家患: 支上 overcomes the 辰 and is last year's 太歲 (病符)
    if not f.zhi_shang.element.overcomes(f.branch.element):
        return None
    return cond(years=(f.zhi_shang.shift(1),))


def f72(f):  # 喪弔全逢掛縞衣: 喪門 (太歲+2) and 弔客 (太歲−2) on 干上 and 支上; and 內外孝服格 「如日鬼作死氣而
    # 乘太常加干上，必主有外孝服」, with 孝白蓋妻頭格's 「死氣乘太常入宅」 (支上, a 鬼 or not: 「己亥日戌加亥 …
    # 死氣作太常入宅」); and 墓門開格 (``_mumen_kai``). Where more than one would show, the 喪弔 (by the year)
    # is given, then the 孝服.
    sd = _SANG_DIAO.get((f.gan_shang, f.zhi_shang))
    if sd is not None:
        return sd
    g, z = f.gan_shang, f.zhi_shang
    outer = _k(f, g) == Kin.OFFICER

    def months(gs):   # the months in which what 太常 rides (on 支上, or a 鬼 on 干上) is the 死氣
        return (SIQI_MONTHS[z] if gs[z] == "太常" else ()) + (SIQI_MONTHS[g] if outer and gs[g] == "太常" else ())
    d, n = months(f.gd), months(f.gn)
    if d and n and set(d) != set(n):
        n = ()            # a Cond holds one set of months: the 晝 one is given
    if not (d or n):
        return _mumen_kai(f)
    return cond(months=d or n, day_night=_shift(bool(d), bool(n)))


def _mumen_kai(f):
    """墓門開格 「如歲後五墓又為干墓，臨卯酉作蛇，又作月厭」 (第72法): the stem's 墓 over 卯 or 酉 riding 螣蛇,
    in a year whose fifth branch back it is and a month whose 月厭 it is."""
    m = stage_branch(f.stem.element, Stage.MU)
    if f.seat(m) not in (B.MAO, B.YOU):
        return None
    dn = f.on(lambda g: g[m] == "螣蛇")
    return None if dn is None else cond(years=(m.shift(5),), months=YUEYAN_MONTHS[m], day_night=dn)


_SANG_DIAO = {pair: cond(years=(y,)) for y in BRANCHES
              for pair in ((y.shift(2), y.shift(-2)), (y.shift(-2), y.shift(2)))}


def f74(f):  # 空空如也事休追: every 傳 void or riding 天空; and 四課全空格, each lesson void or over the
    # void (「干上寅為空亡，第二課又入空亡鄉，支上卯作空亡，第四課又入空亡鄉，此乃四課皆空」)
    void = _void(f)
    if all(k.upper in void or k.seat in void for k in f.lessons):
        return True
    if sum(b in void for b in f.trans) < 2:
        return None
    rest = [b for b in f.trans if b not in void]
    return True if not rest else _on(f, lambda g: all(g[b] == "天空" for b in rest))


def _xing(a: Branch, b: Branch) -> bool:
    return a.punish == b or b.punish == a


_SELF_XING = frozenset({B.CHEN, B.WU, B.YOU, B.HAI})
_SANXING = tuple(tuple(B.from_zh(c) for c in t) for t in ("寅巳申", "巳申寅", "申寅巳", "丑戌未", "戌未丑", "未丑戌"))


def f75(f):  # 賓主不投刑在上: 「凡支干乘刑者有三等」: 一字刑, 辰午酉亥 (「四課上神全逢辰午酉亥」; the
    # book's own cases ask it of 干上 and 支上: 「支干上乘辰午酉亥」, 壬午日干上辰、支上亥), 二字刑 「支干上
    # 全乘子卯」, 三字刑 「三傳寅巳申或丑戌未」 (寅巳申 巳申寅 申寅巳 丑戌未 戌未丑 未丑戌); and the 格 its
    # 解 sets under them: 金剛·火強·水流趨東·木落歸根, a 三合 for 三傳 with its 自刑 again on 干上 or 支上
    # (「巳酉丑三合為三傳，支干上復見酉者」; 「乙丑日支上酉，其三傳巳丑酉，亦支上重逢自刑」), and 四勝煞格's
    # 「支干相刑其上神」 (「甲子日寅刑干上巳、子刑支上卯」: the 干's place and the 支 each punish what is over them)
    g, z = f.gan_shang, f.zhi_shang
    return ((g in _SELF_XING and z in _SELF_XING) or {g, z} == {B.ZI, B.MAO} or f.trans in _SANXING
            or (_sanhe(f) and any(b in _SELF_XING and b in f.trans for b in (g, z)))
            or (f.lodging.punish == g and f.branch.punish == z))


def f76(f):  # 彼此猜忌害相隨: 「此例有五等」: 干上·支上 each in 六害 with what is under it (一), with each
    # other (二, and 三 四 with it), or crosswise, 干上 with the 辰 and 支上 with the day (五); and the 格 its 解
    # sets after them (as 第62法's 「此例有二等」 is followed by its 格), 人喜我憂格 「如辛丑日干上酉與干作六害，支上
    # 子與丑卻作六合也」: 干上 in 六害 with the day, 支上 in 六合 with the 辰
    g, z = f.gan_shang, f.zhi_shang
    return ((g.harm == f.lodging and z.harm == f.branch) or g.harm == z
            or (g.harm == f.branch and z.harm == f.lodging) or (g.harm == f.lodging and z.combine == f.branch))


def f77(f):  # 互生俱生凡事益: 互生格 「干上神生支，支上神生干」, 俱生格 「乃干上神生干，支上神生支」, and 自在格
    # 「如甲子、乙亥 … 癸酉十日，並支加干上而生日也」: the 辰 on 干上, generating the stem
    g, z, s, b = f.gan_shang.element, f.zhi_shang.element, f.stem.element, f.branch.element
    return ((g.generates(b) and z.generates(s)) or (g.generates(s) and z.generates(b))
            or (f.gan_shang == f.branch and b.generates(s)))


def f78(f):  # 互旺皆旺坐謀宜: 干上·支上 at 帝旺, crosswise (互旺格) or each its own (皆旺格 「支干上皆乘旺神者」).
    # 「互旺格 止甲申、庚寅二日有之」: a 土 stem or 辰 has no 旺 here (as 土's 帝旺 子 it would give 丁丑 辛未 乙未
    # 辛丑 戊寅 戊申 互旺 too; no 土 day is among the 皆旺 either: 甲申、庚寅、壬申、壬寅、丙申、丙寅)
    s, b = f.stem.element, f.branch.element
    if Element.EARTH in (s, b):
        return None
    w = Stage.DIWANG
    return (_st(b, f.gan_shang) == w and _st(s, f.zhi_shang) == w) or (
        _st(s, f.gan_shang) == w and _st(b, f.zhi_shang) == w)


def _jue(e: Element, b: Branch) -> bool:
    """``b`` is the 絕 of ``e``: 土's either with 水 (巳) or, 「此言土內有寄寅者，故以亥為絕也」, with
    火 (亥) — the book names both (「己未日干上亥、又干上巳」)."""
    return _st(e, b) == Stage.JUE or (e == Element.EARTH and b == B.HAI)


def f79(f):  # 干支值絕凡謀決: 干上·支上 the 絕 of the stem and of the 辰 (甲申日返吟, 乙未日干上申、支上亥); and
    # the 格 its 解 sets under it: 遞互作絕神格, crosswise (「癸未日干上亥、支上巳」), and 絕神加生格 「如庚辰寅加亥
    # 為用是也 … 緣絕神反坐長生之上」: the stem's 絕 as 初傳 over its own 長生
    g, z, se, be = f.gan_shang, f.zhi_shang, f.stem.element, f.branch.element
    return ((_jue(se, g) and _jue(be, z)) or (_jue(be, g) and _jue(se, z))
            or (_jue(se, f.first) and f.seat(f.first) == stage_branch(f.first.element, Stage.CHANGSHENG)))


def f80(f):  # 人宅皆死各衰羸: 干上·支上 at 死, each its own (支干全乘死氣格: 庚寅日干上子) or crosswise
    # (干支上互乘死氣格: 戊申日干上子、支上卯)
    s, b = f.stem.element, f.branch.element
    d = Stage.SI
    return (_st(s, f.gan_shang) == d and _st(b, f.zhi_shang) == d) or (
        _st(b, f.gan_shang) == d and _st(s, f.zhi_shang) == d)


@by_trans
def f81(f):  # 傳墓入墓分憎愛: 中傳 or 末傳 the 墓 of 初傳
    mu = stage_branch(f.first.element, Stage.MU)
    return mu in f.trans[1:] and mu != f.first


def f82(f):  # 不行傳者考初時: 中傳 and 末傳 void; and 獨足卦 「乃初中末並支干皆在未上」 (己未日干上酉, the one
    # lesson of the 720): the three 傳 over the place that is both the stem's 寄宮 and the 辰
    return ((f.trans[1] in _void(f) and f.trans[2] in _void(f))
            or (f.lodging == f.branch and all(f.seat(t) == f.branch for t in f.trans)))


def _sanhe(f) -> bool:
    return frozenset(f.trans) == frozenset(f.first.trine)


def f83(f):  # 萬事喜忻三六合: 三傳 三合, 干上 or 支上 in 六合 with the 中神; and 「三合課中又逢天將六合居干支上
    # 者，亦可用，但力稍輕」: the general 六合 over the stem or the 辰 (by 晝/夜)
    if not _sanhe(f):
        return None
    mid = f.first.trine[1]
    if mid.combine in (f.gan_shang, f.zhi_shang):
        return True
    return _on(f, lambda g: "六合" in (g[f.gan_shang], g[f.zhi_shang]))


def f84(f):  # 合中犯殺蜜中砒: 三傳 三合, 干上 or 支上 in 刑·害·沖 with the 中神
    if not _sanhe(f):
        return None
    mid = f.first.trine[1]
    return any(_xing(mid, x) or mid.harm == x or mid.opposite == x for x in (f.gan_shang, f.zhi_shang))


def f85(f):  # 初遭夾剋不由己: 初傳's place and its general both overcome it; and 俯丘仰仇格 (「甲子日夜將寅加未
    # 為用，乃俯見丘仰見仇」): 初傳 over its own 墓, its general overcoming it
    first = f.first
    if not (f.seat(first).element.overcomes(first.element)
            or f.seat(first) == stage_branch(first.element, Stage.MU)):
        return None
    return _on(f, lambda g: GENERAL_ELEMENT[g[first]].overcomes(first.element))


def f86(f):  # 將逢內戰所謀危: 「六合內戰為發用者 … 六合加申，申金加巳火之上」: 初傳 overcomes the general
    # riding it and the place under it overcomes 初傳; and 三傳日辰內戰格 「支干三傳皆下克上者」 (「癸水克上神
    # 之午火，酉金克上神之寅木，初傳未加寅 … 皆下賊上」)
    first = f.first
    if (f.stem.element.overcomes(f.gan_shang.element) and f.branch.element.overcomes(f.zhi_shang.element)
            and all(f.seat(b).element.overcomes(b.element) for b in f.trans)):
        return True
    if not f.seat(first).element.overcomes(first.element):
        return None
    return _on(f, lambda g: first.element.overcomes(GENERAL_ELEMENT[g[first]]))


def _tombs_own_or_crossed(f, g: Branch, z: Branch) -> bool:
    """``g`` (the stem's) and ``z`` (the 辰's) are each its own 墓, or crosswise each the other's."""
    gm, zm = stage_branch(f.stem.element, Stage.MU), stage_branch(f.branch.element, Stage.MU)
    return (g == gm and z == zm) or (g == zm and z == gm)


def f87(f):  # 人宅坐墓甘招晦: 「謂天盤支干皆坐於地盤墓上者」, each on its own 墓, and 互坐丘墓格
    # 「干坐於支墓之上，支坐於干墓之上者」
    return _tombs_own_or_crossed(f, f.seat(f.lodging), f.seat(f.branch))


def f88(f):  # 干支乘墓各昏迷: 「如支干全被上神墓者」, each under its own 墓, and 互乘墓神格
    # 「干乘支之墓，支乘干之墓者」
    return _tombs_own_or_crossed(f, f.gan_shang, f.zhi_shang)


def f89(f):  # 任信丁馬須言動: 伏吟 with the 旬丁 or the 驛馬 in the 傳 or on 干上·支上; 「非伏吟而乘丁馬者亦主動」
    # (「如癸亥日干上巳」): the 旬丁 or the 驛馬 on 干上·支上; and 「六丁加天馬，或天馬加六丁」 (「如甲子日卯加甲，
    # 十一月占」): in the 六處 (干上, 支上, 三傳), the 旬丁 over the month's 天馬, or the 天馬 over the 丁's place
    ding, ma = f.day.xun_head.branch.shift(3), yima(f.branch)
    six = {*f.trans, f.gan_shang, f.zhi_shang}
    places = six if f.method == "伏吟" else {f.gan_shang, f.zhi_shang}
    if ding in places or ma in places:
        return True
    months = {*(TIANMA_MONTHS[f.seat(ding)] if ding in six else ()),
              *(m for b in six if f.seat(b) == ding for m in TIANMA_MONTHS[b])}
    return cond(months=tuple(sorted(months))) if months else None


def f90(f):  # 來去俱空豈動宜: 返吟 with 初傳 void; and 移遠就近格 「天罡乘青龍、六合在日上，乃真斬關卦。如占時為
    # 發用，名動中不動 … 兼中末空亦然」: 辰 on 干上 riding 青龍 or 六合, with 中末 void or the 占時 as 初傳
    if f.method == "返吟" and f.first in _void(f):
        return True
    if f.gan_shang != B.CHEN:
        return None
    dn = f.on(lambda g: g[B.CHEN] in ("青龍", "六合"))
    if dn is None:
        return None
    if f.trans[1] in _void(f) and f.trans[2] in _void(f):
        return cond(day_night=dn)
    hour_shift = "night" if is_night_hour(f.first) else "day"
    return cond(hours=(f.first,)) if dn in ("both", hour_shift) else None


def f91(f):  # 虎臨干鬼凶速速: 「謂日干之鬼上乘白虎者」, on 干上 or 「不臨干而在五處」 — the rest of the 六處
    # 「三傳、年命、日辰」 (馬載虎鬼格 is one): a 鬼 of the day riding 白虎 on 干上·支上 or in the 三傳, or else
    # over the asker's 本命 or 行年
    six = {f.gan_shang, f.zhi_shang, *f.trans}
    alts = []
    for shift, night in SHIFTS:
        g, dn = (f.gn if night else f.gd), ("day_night", (shift,))
        tiger = B(g.index("白虎"))
        if _k(f, tiger) == Kin.OFFICER:
            alts += [(dn,)] if tiger in six else [(dn, ("birth", (f.seat(tiger),))), (dn, ("xing", (f.seat(tiger),)))]
    return _one_of(alts)


def f92(f):  # 龍加生氣吉遲遲: 「謂青龍乘生干之神，又作月內之生氣者」: 青龍 on 干上 riding what 生 the stem —
    # its element's 生, or its 長生 (「六戊日干上申晝將乘青龍，九月占」: 申, 戊's 長生) — in the month whose 生氣
    # it is; not where it is void (「內丙午、丁未日空亡不中用」, 「內戊寅日申空」)
    g = f.gan_shang
    if (_k(f, g) != Kin.PARENT and g != stage_branch(f.stem.element, Stage.CHANGSHENG)) or g in _void(f):
        return None
    dn = f.on(_rides("青龍", f.gan_shang))
    if dn is None:
        return None
    return cond(months=SHENGQI_MONTHS[f.gan_shang], day_night=dn)


def f94(f):  # 喜懼空亡乃妙機: the 格 its 解 lists —
    # 見財無財格 「其財居寅卯上 … 或財作空亡 … 財陷空亡 … 如財居申酉脫氣之上」: a 財 of the 三傳 (a 局 or 方 of
    #   財 as one) void, over the void, over the stem's own element (甲乙's 寅卯, which overcomes the 財) or
    #   over what the 財 generates (甲乙's 申酉, the 財's 脫氣);
    # 長上災凶格 「乃長生空亡之例 … 月內生氣亦忌空亡」: the stem's 長生 void (the day alone: 「戊寅日申為長生作空亡」),
    #   or, in the months it is the 生氣, a void branch;
    # 見生不生格 「甲乙日以亥為生，其亥水居申上，他自戀生 … 或是亥水居於辰戌丑未之上，為土所制，縱日辰行年上見之，亦
    #   不能生我。至於亥入空亡則大凶」: the stem's 長生 on 干上 or 支上, or over the asker's 行年, sitting on what
    #   生 it or overcomes it (void, it is 長上災凶 already);
    # 見克不克格 「其金居巳午火上，他自受克 … 又申酉坐辰戌丑未上，他自戀生 … 鬼陷空亡，亦不能為害。惟鬼作空亡加日辰、
    #   傳、年命上，無制伏者極凶」: a 鬼 on 干上, 支上, in the 三傳 or over the asker's 本命 or 行年, sitting on what
    #   overcomes it, on what 生 it or on the void (a 鬼 void itself is the 極凶 case, not this 格);
    # 見救不救格 「傳內先有申酉金，於日辰上見巳午火乃為救神，其巳午火居亥子上，或作空亡，或陷空亡，或在寅卯上，他自貪生，
    #   此不能為救也」: a 鬼 in the 三傳 and a 子孫 on 干上 or 支上 sitting on what overcomes it, on what 生 it or
    #   on the void, or void itself;
    # 見盜不盜格 「如不見日鬼，其救神即盜神也」, 「甲乙日見巳午火居亥子之鄉，或入空亡之內」: no 鬼 in the 三傳 and a
    #   子孫 on 干上 or 支上 sitting on what overcomes it, or void itself;
    # 德貴合局生身格 「雖三傳水局生日，緣天將晝夜皆貴勾常土神，使水局不能生」: 三傳 生 the stem as one element, each
    #   under a general that overcomes it;
    # 喜懼格 「謂干上長生，三傳皆鬼」
    void = _void(f)
    e = trans_element(f.trans)
    wealth = f.trans if e is not None and _KIN_OF[f.stem.element][e] == Kin.WEALTH else [
        b for b in f.trans if _k(f, b) == Kin.WEALTH]
    if any(b in void or f.seat(b) in void or _k(f, f.seat(b)) in (Kin.BROTHER, Kin.OFFICER) for b in wealth):
        return True
    life = stage_branch(f.stem.element, Stage.CHANGSHENG)
    if life in void or (f.gan_shang == life and _all_kin(f, Kin.OFFICER)):
        return True
    stem_branch = (f.gan_shang, f.zhi_shang)
    alts: list[tuple] = [(("months", tuple(sorted(m for v in void for m in SHENGQI_MONTHS[v]))),)]
    if _fed_or_held(f, life):
        if life in stem_branch:
            return True
        alts.append((("xing", (f.seat(life),)),))
    held = [b for b in BRANCHES if _k(f, b) == Kin.OFFICER and (_fed_or_held(f, b) or f.seat(b) in void)]
    if any(b in stem_branch or b in f.trans for b in held):
        return True
    at = tuple(sorted(f.seat(b) for b in held))
    alts += [(("birth", at),), (("xing", at),)] if at else []
    ghost = any(_k(f, b) == Kin.OFFICER for b in f.trans)
    if any(_k(f, x) == Kin.OFFSPRING and (
            x in void or f.seat(x).element.overcomes(x.element)
            or (ghost and (f.seat(x) in void or f.seat(x).element.generates(x.element)))) for x in stem_branch):
        return True
    if _all_kin(f, Kin.PARENT):
        te = _trans_el(f)
        dn = f.on(lambda g: all(GENERAL_ELEMENT[g[b]].overcomes(te) for b in f.trans))
        if dn == "both":
            return True
        alts += [(("day_night", (dn,)),)] if dn else []
    return _one_of(alts)


def _fed_or_held(f: Facts, b: Branch) -> bool:
    """``b`` sits on what 生 it (「他自戀生」) or on what overcomes it (「為土所制」, 「他自受克」)."""
    seat = f.seat(b).element
    return seat.generates(b.element) or seat.overcomes(b.element)


def f95(f):  # 六爻現卦防其剋: the three 傳 all of one 六親, a 三合 局 as one element — 財, 父母, 子息, 官鬼
    # and 「同類現卦，必憂妻及去財」 (兄弟) alike; and the 格 its 解 sets after them that show an 爻 in the 課傳:
    # 「三傳內現類而傳自墓克者例，皆是午丑申作三傳者」; 懶去取財格 「六甲日干上寅或卯」 (the 比肩 on 干上);
    # 白蟻食屍格 「此乃父母爻乘白虎坐墓 … 余干逐類而推之」 (壬癸日申坐丑上夜, 六戊日午加戌晝, 六己日巳坐戌旦):
    # what 生 the stem over its own 墓, riding 白虎. (支干同類格, twelve whole days, and 德喪祿絕格, a plate of
    # every day, name no 爻 of the chart: not read here.)
    if (trans_element(f.trans) is not None or f.trans == (B.WU, B.CHOU, B.SHEN)
            or (f.stem == Stem.JIA and f.gan_shang in (B.YIN, B.MAO))):
        return True
    parents = [b for b in BRANCHES if _k(f, b) == Kin.PARENT and f.seat(b) == mu(b.element)]
    return _on(f, lambda g: any(g[b] == "白虎" for b in parents)) if parents else None


def undecided(f):
    return UNDECIDED


# (number, the verse as the engine names it, predicate); the undecided ones' reasons are in their
# entries (content/rules/liuren-bifa.yaml, ``condition``).
_TABLE = (
    (1, "前後引從升遷吉", f01), (2, "首尾相見始終宜", f02), (3, "簾幕貴人高甲第", f03),
    (4, "催官使者赴官期", f04), (5, "六陽數足須公用", f05), (6, "六陰相繼盡昏迷", f06),
    (7, "旺祿臨身徒妄作", f07), (8, "權攝不正祿臨支", f08), (9, "避難逃生須棄舊", f09),
    (10, "朽木難雕別作為", f10), (11, "眾鬼雖彰全不畏", f11), (12, "雖憂狐假虎威儀", f12),
    (13, "鬼賊當時無畏忌", f13), (14, "傳財太旺反財虧", f14), (15, "脫上逢脫防虛詐", f15),
    (16, "空上乘空事莫追", f16), (17, "進茹空亡宜退步", f17), (18, "踏腳空亡進用宜", f18),
    (19, "胎財生氣妻懷孕", f19), (20, "胎財死氣損胎推", f20), (21, "交車相合交關利", f21),
    (22, "上下皆合兩心齊", f22), (23, "彼求我事支傳干", f23), (24, "我求彼事干傳支", f24),
    (25, "金日逢丁凶禍動", f25), (26, "水日逢丁財動之", f26), (27, "傳財化鬼財休覓", f27),
    (28, "傳鬼化財錢險危", f28), (29, "眷屬豐盈居狹宅", f29), (30, "屋宅寬廣致人衰", f30),
    (31, "三傳遞生人舉薦", f31), (32, "三傳互克眾人欺", f32), (33, "有始無終難變易", f33),
    (34, "苦去甘來樂裡悲", f34), (35, "人宅受脫俱招盜", f35), (36, "干支皆敗勢傾頹", f36),
    (37, "末助初兮三等論", f37), (38, "閉口卦體兩般推", f38), (39, "太陽照武宜擒賊", f39),
    (40, "後合占婚豈用媒", f40), (41, "富貴干支逢祿馬", f41), (42, "尊崇傳內遇三奇", f42),
    (43, "害貴訟直作屈斷", f43), (44, "課傳俱貴轉無依", f44), (45, "晝夜貴加求兩貴", f45),
    (46, "貴人差迭事參差", f46), (47, "貴雖在獄宜臨干", f47), (48, "鬼乘天乙乃神祗", f48),
    (49, "兩貴受克難干貴", f49), (50, "二貴皆空虛喜期", f50), (51, "魁度天門關隔定", f51),
    (52, "罡塞鬼戶任謀為", f52), (53, "兩蛇夾墓凶難免", f53), (54, "虎視逢虎力難施", f54),
    (55, "所謀多拙逢羅網", f55), (56, "天網自裹己招非", f56), (57, "費有餘而得不足", f57),
    (58, "用破身心無所歸", f58), (59, "華蓋覆日人昏晦", f59), (60, "太陽射宅屋光輝", f60),
    (61, "干乘墓虎無占病", f61), (62, "支乘墓虎有伏尸", f62), (63, "彼此全傷防兩損", f63),
    (64, "夫婦蕪淫各有私", f64), (65, "干墓并關人宅廢", f65), (66, "支墳財並旅程稽", f66),
    (67, "受虎克神為病症", f67), (68, "制鬼之位乃良醫", f68), (69, "虎乘遁鬼殃非淺", f69),
    (70, "鬼臨三四訟災隨", f70), (71, "病符克宅全家患", f71), (72, "喪弔全逢掛縞衣", f72),
    (73, "前後逼迫難進退", f73), (74, "空空如也事休追", f74), (75, "賓主不投刑在上", f75),
    (76, "彼此猜忌害相隨", f76), (77, "互生俱生凡事益", f77), (78, "互旺皆旺坐謀宜", f78),
    (79, "干支值絕凡謀決", f79), (80, "人宅皆死各衰羸", f80), (81, "傳墓入墓分憎愛", f81),
    (82, "不行傳者考初時", f82), (83, "萬事喜忻三六合", f83), (84, "合中犯殺蜜中砒", f84),
    (85, "初遭夾克不由己", f85), (86, "將逢內戰所謀危", f86), (87, "人宅坐墓甘招晦", f87),
    (88, "干支乘墓各昏迷", f88), (89, "任信丁馬須言動", f89), (90, "來去俱空豈動宜", f90),
    (91, "虎臨干鬼凶速速", f91), (92, "龍加生氣吉遲遲", f92), (93, "妄用三傳災福異", undecided),
    (94, "喜懼空亡乃妙機", f94), (95, "六爻現卦防其克", f95), (96, "旬內空亡逐類推", undecided),
    (97, "所筮不入仍憑類", undecided), (98, "非占現類勿言之", undecided), (99, "常問不應逢吉象", undecided),
    (100, "已災凶逃返無疑", undecided),
)
BIFA = {n: (zh, pred) for n, zh, pred in _TABLE}
