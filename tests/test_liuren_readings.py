"""The 法 of 《畢法賦》 and the 課體 of 課經集 re-read from their clauses: each lesson the book names for
a 法 or 課 is a case here, with its 卷 and the line of the shared transcription
(``authorities/liuren-daquan/juanNN.txt``) it stands on.

``heaven, earth`` is the book's 「X加Y」 (heaven X over earth Y, which fixes the plate); ``gan`` a
干上 the book names instead. ``shift`` is the 晝/夜 the book states ("" where it states none).
"""

from __future__ import annotations

import pytest

from sitegen.model.ganzhi import LODGING, SIXTY, Branch, GanZhi
from sitegen.model.liuren import lesson
from sitegen.model.liuren.bifa import trans_element
from sitegen.model.liuren.plate import plate_of
from sitegen.model.liuren.rules import RULES_BY_ID

_ZHONG = {Branch.ZI, Branch.WU, Branch.MAO, Branch.YOU}


def _lesson(day: str, heaven: str | None = None, earth: str | None = None, gan: str | None = None):
    d = GanZhi.from_zh(day)
    if gan is not None:
        return lesson(d, (LODGING[d.stem] - Branch.from_zh(gan)) % 12 + 1)
    return lesson(d, (Branch.from_zh(earth) - Branch.from_zh(heaven)) % 12 + 1)


def _cast(day: str, hour: str, general: str):
    return lesson(GanZhi.from_zh(day), plate_of(Branch.from_zh(general), Branch.from_zh(hour)))


def fa(les, number: int):
    """法 ``number`` on the lesson: None when it does not show, else its condition ({} at every moment)."""
    return next((dict(b.when) for b in les.bifa if b.number == number), None)


def ke(les, rid: str):
    """課體 ``rid`` on the lesson: None, {} (held) or its condition."""
    if rid in les.patterns:
        return {}
    zh = RULES_BY_ID[rid].zh
    c = next((c for c in les.conditional_patterns if c.name == zh), None)
    return None if c is None else dict(c.when)


def _at(when: dict | None, shift: str) -> bool:
    """Held on the book's 晝/夜 (what else it needs, the book's example does not say)."""
    return when is not None and (not shift or shift in when.get("day_night", (shift,)))


# 卷十二 第54法 虎視逢虎, line 25: 「謂虎視課者，乃柔日也 … 如柔日虎視卦中，天將又乘白虎者」, then the
# lessons it names (夜將 = night, 晝將 = day).
@pytest.mark.parametrize("day, heaven, earth, shift", [
    ("丁亥", "寅", "亥", "night"), ("丁丑", "辰", "未", "night"), ("丁丑", "辰", "丑", "day"),
    ("辛卯", "子", "卯", "night"), ("辛未", "亥", "戌", "day")])
def test_fa54_a_soft_days_maoxing_with_the_tiger_in_the_transmissions(day, heaven, earth, shift):
    les = _lesson(day, heaven, earth)
    assert les.method == "昴星" and not les.day.stem.yang
    assert fa(les, 54) == {"day_night": (shift,)}


def test_fa54_a_hard_day_is_not_its_clause():
    # line 27: 「及有戊寅日丑加酉旦占，雖是剛日，亦如前詳」 — the book stretches the 法 to a 剛日; the
    # clause is the 柔日's (the validation page lists this lesson as the book's own extension).
    assert fa(_lesson("戊寅", "丑", "酉"), 54) is None


# 卷十一 第27法 傳財化鬼, line 431: 「謂三傳皆作日之財，而生起干上日鬼」; 「三傳未卯亥，皆作木局為日之財」.
@pytest.mark.parametrize("day, gan", [("辛亥", "午"), ("辛卯", "午"), ("辛未", "午"), ("丁巳", "亥"), ("丁丑", "亥")])
def test_fa27_the_wealth_of_a_whole_trine(day, gan):
    assert fa(_lesson(day, gan=gan), 27) == {}


def test_fa27_not_where_the_transmissions_are_not_wealth():
    assert fa(_lesson("丁酉", gan="亥"), 27) is None   # 「三傳亥卯未全生，但日上見鬼耳」
    assert fa(_lesson("壬戌", gan="未"), 27) is None   # 「三傳全脫」


# 卷十二 第51法 魁度天門, line 7: 「凡戌加亥為用者」 and the fourteen days it names.
@pytest.mark.parametrize("day", "壬午 壬辰 壬子 壬戌 癸亥 乙亥 丙子 丁亥 戊子 乙未 己亥 庚子 己酉 辛亥".split())
def test_fa51_xu_over_hai_as_the_first_transmission(day):
    les = _lesson(day, "戌", "亥")
    assert les.transmissions[0] == Branch.XU and fa(les, 51) == {}


def test_fa51_not_where_xu_is_not_the_first():
    les = _lesson("甲子", "戌", "亥")
    assert les.transmissions[0] != Branch.XU and fa(les, 51) is None


# 卷十一 第2法 首尾相見, lines 135–137: 「謂干上有旬尾，支上有旬首」, 「惟乙未卯加辰、辛丑卯加戌、丙申卯加巳、
# 壬寅卯加亥、戊申丑加巳五日有之」; the same figure is 卷八 閉口課's 一旬周遍格 (line 771).
@pytest.mark.parametrize("day, heaven, earth", [
    ("乙未", "卯", "辰"), ("辛丑", "卯", "戌"), ("丙申", "卯", "巳"), ("壬寅", "卯", "亥"), ("戊申", "丑", "巳")])
def test_fa2_and_yixun_zhoubian(day, heaven, earth):
    les = _lesson(day, heaven, earth)
    assert fa(les, 2) == {} and ke(les, "liuren-yi-xun-zhou-bian") == {}


def test_yixun_zhoubian_is_one_way():
    # the other way round (旬首 on 干上, 旬尾 on 支上) is 《訂訛》's widening of 卷八's 課 (line 823), not its
    # clause; 第2法 takes it (卷十一 line 139: 「干上有旬首，支上有旬尾 … 諸占亦照前斷」)
    reverse = [les for les in (lesson(d, p) for d in SIXTY for p in range(1, 13))
               if les.gan_shang == les.day.xun_head.branch and les.zhi_shang == les.day.xun_head.branch.shift(9)]
    assert reverse
    assert all(fa(les, 2) == {} and ke(les, "liuren-yi-xun-zhou-bian") is None for les in reverse)


# 卷十一 第2法, line 139: 「惟乙丑子加辰、辛未子加戌、丙寅丑加巳、戊寅戌加巳、壬申子加亥五日有之」; line 143 回還格
# 「乃三傳在四課之中。如辛亥日干上酉、亥上戌，三傳戌酉申是也」; line 141 天心格 「乃年月日時皆在四課之內」.
@pytest.mark.parametrize("day, where", [
    ("乙丑", "子加辰"), ("辛未", "子加戌"), ("丙寅", "丑加巳"), ("戊寅", "戌加巳"), ("壬申", "子加亥"), ("辛亥", "干上酉")])
def test_fa2_the_head_and_tail_either_way_and_huihuan(day, where):
    assert fa(_at_words(day, where), 2) == {}


def test_fa2_tianxin_by_the_year_month_and_hour_in_the_lessons():
    les = _lesson("甲子", "戌", "子")
    assert not set(les.transmissions) <= {k.upper for k in les.lessons} | {k.seat for k in les.lessons}
    have = {k.upper for k in les.lessons} | {k.seat for k in les.lessons}
    want = tuple(b.zh for b in sorted(have))
    assert fa(les, 2) == {"hours": want, "months": want, "years": want}


# 卷十二 第59法 華蓋覆日, line 53: 「謂辰之華蓋作干之墓神，臨於干上發用是也。如壬申，壬辰二日辰加壬為用；
# 乙亥、乙未二日未加乙為用」.
@pytest.mark.parametrize("day, heaven, earth", [("壬申", "辰", "亥"), ("乙亥", "未", "辰"), ("乙未", "未", "辰")])
def test_fa59_the_tomb_as_canopy_on_the_stem_and_first(day, heaven, earth):
    assert fa(_lesson(day, heaven, earth), 59) == {}


def test_fa59_needs_the_tomb_as_first():
    # 壬辰日辰加壬: 辰 on 干上 is the 華蓋 and the 墓, but 寅 over 酉 下賊上 is 用 (重審), not 辰 — listed
    # on the validation page as the book naming a day whose 用 is not the one it says.
    les = _lesson("壬辰", "辰", "亥")
    assert les.gan_shang == Branch.CHEN and les.transmissions[0] != Branch.CHEN
    assert fa(les, 59) is None


# 卷十二 第87法 人宅坐墓, line 353, and 四絕體 (「剛日四絕體也」 there; 「若陰日子加巳，乃四絕體也」, 第90法 line 383).
@pytest.mark.parametrize("day, heaven, earth, plate6", [
    ("壬寅", "亥", "辰", True), ("壬申", "亥", "辰", True), ("己未", "未", "辰", False),
    ("丁丑", "未", "戌", False), ("庚寅", "申", "丑", True), ("庚申", "申", "丑", True)])
def test_fa87_and_the_sijue_ti(day, heaven, earth, plate6):
    les = _lesson(day, heaven, earth)
    assert fa(les, 87) == {}
    assert (ke(les, "liuren-si-jue-ti") == {}) is plate6


# 卷十二 第87法, line 355: 互坐丘墓格 「干坐於支墓之上，支坐於干墓之上者」 — 「如丁丑日未加辰、丑加戌；戊寅日巳加未、
# 寅加辰；甲申日寅加丑、申加未；庚寅日申加未、寅加丑，戊申日巳加丑、申加辰」.
@pytest.mark.parametrize("day, heaven, earth", [
    ("丁丑", "未", "辰"), ("戊寅", "巳", "未"), ("甲申", "寅", "丑"), ("庚寅", "申", "未"), ("戊申", "巳", "丑")])
def test_fa87_crosswise_on_each_others_tomb(day, heaven, earth):
    les = _lesson(day, heaven, earth)
    assert fa(les, 87) == {}


def test_fa87_not_where_only_one_sits_on_a_tomb():
    les = _lesson("丁丑", "未", "戌")   # 丁 on its own 墓 戌; 丑 then on 未, neither 墓
    assert fa(_lesson("丁丑", "未", "子"), 87) is None and fa(les, 87) == {}


# 卷十二 第88法, line 361: 互乘墓神格 「干乘支之墓，支乘干之墓者」 — 「戊寅日干上未，支上辰；戊申日干上丑、支上辰；
# 辛未日干上辰、支上丑；甲申日干上丑實、支上未空；庚寅日干上未空，支上丑實；乙未日干上辰空，支上未實」.
@pytest.mark.parametrize("day, gan", [
    ("戊寅", "未"), ("戊申", "丑"), ("辛未", "辰"), ("甲申", "丑"), ("庚寅", "未"), ("乙未", "辰")])
def test_fa88_crosswise_under_each_others_tomb(day, gan):
    les = _lesson(day, gan=gan)
    assert fa(les, 88) == {}


# line 359: 「壬申日干上辰、支上丑 … 己未日干支上辰」, each under its own 墓.
@pytest.mark.parametrize("day, gan", [("壬申", "辰"), ("己未", "辰"), ("丙寅", "戌")])
def test_fa88_each_under_its_own_tomb(day, gan):
    assert fa(_lesson(day, gan=gan), 88) == {}


def test_fa88_not_under_one_tomb_only():
    les = _lesson("戊寅", gan="辰")   # 戊's 墓 辰 on 干上, 支上 not 寅's 墓 未 nor 戊's
    assert les.zhi_shang not in (Branch.WEI, Branch.CHEN) and fa(les, 88) is None


def test_sijue_ti_is_the_sixth_plate_and_not_the_sijue_day():
    for day in ("乙丑", "丁卯", "甲子"):
        les = _lesson(day, "子", "巳")
        assert les.plate == 6 and ke(les, "liuren-si-jue-ti") == {}
        assert ke(les, "liuren-si-jue") == {"dates": ("四立前日",)}   # 天禍課's 四絕, a date
    assert ke(_lesson("乙丑", "子", "午"), "liuren-si-jue-ti") is None


# 卷十一 第42法 尊崇三奇, lines 599–601: 「有遁旬中之干者，有遁五子元建之法者」.
@pytest.mark.parametrize("day, where", [
    ("己巳", ("卯", "辰")), ("壬申", ("丑", "子")), ("戊辰", ("卯", "辰")),  # 旬 遁: 丁卯加辰 …
    ("己卯", "午"), ("辛巳", "午")])                                           # 干上午 (旬, 五子元遁)
def test_fa42_sanqi_by_the_xun_and_by_the_five_zi(day, where):
    les = _lesson(day, gan=where) if isinstance(where, str) else _lesson(day, *where)
    assert fa(les, 42) == {}


# 卷七 三奇課, line 1325: 「凡課得旬日之奇發用或入傳」 — the 日奇 too: line 1375 「亥將戌時甲子日占，三傳辰巳午為三奇」.
def test_sanqi_counts_the_days_qi():
    les = _cast("甲子", "戌", "亥")
    assert "".join(b.zh for b in les.transmissions) == "辰巳午" and ke(les, "liuren-san-qi") == {}


# 卷十一 第29法, line 457: 「如甲申日干上午，三傳辰申子水局全來生日」.
def test_fa29_reads_the_water_trine_as_one():
    assert fa(_lesson("甲申", gan="午"), 29) == {}


# 卷十二 第56法, line 37: 「如甲申日未加寅，乃墓神覆日，如占人本命又是未生，乃名天網自裹」.
def test_fa56_the_tomb_on_the_stem_and_the_askers_birth():
    assert fa(_lesson("甲申", "未", "寅"), 56) == {"birth": ("未",), "needs": ("本命",)}


# line 39: 丁神厭目格 「如乙巳日未加乙 … 余甲辰旬中，遇未加支於四月占，皆如前說 … 盖未為丁神乘厭目等凶煞故也」.
def test_fa56_the_ding_of_the_jiachen_decade_on_the_branch_in_the_fourth_month():
    assert fa(_lesson("乙巳", "未", "辰"), 56) == {"birth": ("未",), "needs": ("本命",)}
    assert fa(_lesson("甲辰", "未", "辰"), 56) == {"months": ("巳",)}
    assert fa(_lesson("壬子", "未", "子"), 56) == {"months": ("巳",)}
    assert fa(_lesson("甲子", "未", "子"), 56) is None          # 未 is not the 甲子 旬's 丁


# 卷十二 第60法, line 57: 「如丙午日戌加午，乃是支墓 … 如用戌為月將，反名太陽輝照家宅」.
def test_fa60_the_branchs_tomb_as_month_general():
    assert fa(_lesson("丙午", "戌", "午"), 60) == {"month_generals": ("戌",)}


# line 57: 「又如乙卯日子將卯時，此乃太陽作貴人而生宅」.
def test_fa60_the_sun_as_noble_feeding_the_house():
    les = _cast("乙卯", "卯", "子")
    assert les.zhi_shang == Branch.ZI
    assert fa(les, 60) == {"month_generals": ("子",), "day_night": ("day",)}


# 卷十二 第61法, line 61: 「謂六辛日丑加戌晝將乘白虎作墓神」; line 63: 「外有六乙日晝貴順行，雖是未乘白虎，上有臨行年
# 本命上者，即無加干者也 … 余干無此例」; line 65: 虎鬼加干格 「如六己日卯加己夜、六壬日戌加壬晝夜、六癸日戌加癸晝」.
@pytest.mark.parametrize("day", ["辛丑", "辛卯", "辛巳", "辛未", "辛酉", "辛亥"])
def test_fa61_the_tomb_riding_the_tiger_on_the_stem(day):
    assert fa(_lesson(day, "丑", "戌"), 61) == {"day_night": ("day",)}


def test_fa61_yi_days_tomb_over_the_askers_year():
    when = fa(_lesson("乙丑", gan="辰"), 61)
    assert when["any"] == ((("day_night", ("day",)), ("birth", ("未",))), (("day_night", ("day",)), ("xing", ("未",))))


@pytest.mark.parametrize("days, heaven, earth, when", [
    (("己丑", "己卯", "己巳", "己未", "己酉", "己亥"), "卯", "未", {"day_night": ("night",)}),
    (("壬子", "壬寅", "壬辰", "壬午", "壬申", "壬戌"), "戌", "亥", {}),
    (("癸丑", "癸卯", "癸巳", "癸未", "癸酉", "癸亥"), "戌", "丑", {"day_night": ("day",)})])
def test_fa61_a_ghost_riding_the_tiger_on_the_stem(days, heaven, earth, when):
    for day in days:
        assert fa(_lesson(day, heaven, earth), 61) == when


def test_fa61_no_other_stem_has_it():
    held = {les.day.stem.zh for les in (lesson(d, p) for d in SIXTY for p in range(1, 13)) if fa(les, 61) is not None}
    assert held == {"乙", "己", "辛", "壬", "癸"}


# 卷十二 第69法, line 173: 明暗二鬼格 「乃干上神作日干明鬼，又支上神遁旬干作日干暗鬼。如六甲日申加甲、庚加支 …
# 六壬日未加壬，即戊加支；六癸日占無」.
@pytest.mark.parametrize("stem, where", [("甲", "申加甲"), ("乙", "酉加乙"), ("丙", "亥加丙"), ("丁", "子加丁"),
                                         ("戊", "寅加戊"), ("己", "卯加己"), ("壬", "未加壬")])
def test_fa69_the_open_and_the_hidden_ghost(stem, where):
    for d in SIXTY:
        if d.stem.zh == stem:
            assert fa(_at_words(d.zh, where), 69) == {}


# 卷十二 第92法, line 399: 「如六丙日，寅加巳夜將乘青龍，三月占尤的。六丁日干上寅夜將，三月占，內丙午、丁未日空亡不
# 中用。六戊日干上申晝將乘青龍，九月占，內戊寅日申空。六己日干上巳晝將，六月占，內己亥日巳空」.
@pytest.mark.parametrize("stem, gan, shift, month, void_day", [
    ("丙", "寅", "night", "辰", "丙午"), ("丁", "寅", "night", "辰", "丁未"), ("戊", "申", "day", "戌", "戊寅"),
    ("己", "巳", "day", "未", "己亥")])
def test_fa92_the_dragon_on_what_feeds_the_stem(stem, gan, shift, month, void_day):
    for d in SIXTY:
        if d.stem.zh == stem:
            when = fa(_lesson(d.zh, gan=gan), 92)
            if d.zh == void_day:
                assert when is None
            else:
                assert when == {"months": (month,), "day_night": (shift,)}


# 卷十二 第95法, line 449: 「三傳內現類而傳自墓克者例，皆是午丑申作三傳者。如乙亥、乙酉、乙未、乙巳、乙卯五日，並午加亥
# 為用」; line 453 白蟻食屍格 「壬癸日申坐丑上，夜將上乘白虎 … 又六戊日午加戌，晝將上乘白虎。六己日巳坐戌旦將」;
# line 455 懶去取財格 「六甲日干上寅或卯」.
def test_fa95_the_kinds_set_after_the_six_lines():
    for day in ("乙亥", "乙未", "乙巳", "乙卯"):            # 乙酉: 比用, 亥午丑 (validation: garbled)
        les = _at_words(day, "午加亥")
        assert "".join(b.zh for b in les.transmissions) == "午丑申" and fa(les, 95) == {}
    assert fa(_at_words("癸丑", "申加丑"), 95) == {"day_night": ("night",)}
    assert fa(_at_words("戊子", "午加戌"), 95) == {"day_night": ("day",)}
    assert fa(_at_words("己丑", "巳加戌"), 95) == {"day_night": ("day",)}
    assert fa(_at_words("甲子", "干上卯"), 95) == {}


# 卷十二 第66法, line 101: 疑惑格 「卯酉日占事，如行年又在卯酉之上者」.
def test_fa66_doubt_on_mao_and_you_days_by_the_askers_year():
    assert fa(_lesson("丁卯", gan="子"), 66) == {"xing": ("卯", "酉"), "needs": ("行年",)}
    assert fa(_lesson("癸酉", gan="子"), 66) == {"xing": ("卯", "酉"), "needs": ("行年",)}
    assert fa(_lesson("乙丑", gan="子"), 66) is None
    assert fa(_at_words("甲子", "辰加子"), 66) == {}


# 卷十二 第78法, line 263: 「互旺格 止甲申、庚寅二日有之。甲申日干上酉 … 庚寅日干上卯」; line 265 皆旺格: 「甲申日干上卯、
# 支上酉，庚寅日干上酉，壬申、壬寅日干上子，丙申、丙寅日干上午」.
def test_fa78_the_mutual_prime_only_on_two_days():
    mutual = {(les.day.zh, les.gan_shang.zh) for les in (lesson(d, p) for d in SIXTY for p in range(1, 13))
              if fa(les, 78) is not None and les.gan_shang != les.zhi_shang
              and les.gan_shang.element == les.day.branch.element}
    assert mutual == {("甲申", "酉"), ("庚寅", "卯")}
    for day, gan in (("甲申", "卯"), ("庚寅", "酉"), ("壬申", "子"), ("壬寅", "子"), ("丙申", "午"), ("丙寅", "午")):
        assert fa(_lesson(day, gan=gan), 78) == {}
    assert fa(_lesson("辛未", gan="子"), 78) is None      # 子 as 未's 旺 is no 旺 here


# 卷十二 第62法, line 69: 「一者干墓臨支，二者支墓臨支 … 假令乙亥日未為干墓臨支而克支，如晝占上乘白虎」.
def test_fa62_the_stems_tomb_on_the_branch():
    assert fa(_lesson("乙亥", "未", "亥"), 62) == {"day_night": ("day",)}


# line 69: 「並乙酉日未加酉，雖是墓虎臨支而不克支 … 其墓作月將不在此限」: a 墓 that does not overcome the 支
# holds under every 月將 but itself; one that overcomes it (虎鬼克支, 乙亥日未加亥) under every 月將.
def test_fa62_the_tomb_as_month_general_is_not_one():
    others = tuple(b.zh for b in Branch if b != Branch.WEI)
    assert fa(_lesson("乙未", "未", "未"), 62) == {"month_generals": others, "day_night": ("day",)}
    assert fa(_lesson("乙酉", "未", "酉"), 62) == {"month_generals": others}
    assert "month_generals" not in fa(_lesson("乙亥", "未", "亥"), 62)


# 卷十二 第64法, line 85: 「謂干被支上神克，支卻被干上神克者」 — 甲子日干上戌，支上申.
def test_fa64_crosswise_only():
    les = _lesson("甲子", gan="戌")
    assert les.zhi_shang == Branch.SHEN and fa(les, 64) == {}


# line 87: 真解離卦 「緣干克支上神，支克干上神 … 如甲子日干上午、支上辰」.
def test_fa64_the_true_parting_the_other_way():
    les = _lesson("甲子", gan="午")
    assert les.zhi_shang == Branch.CHEN and fa(les, 64) == {}
    assert fa(_lesson("甲子", gan="子"), 64) is None


# 卷十二 第70法, line 183: 朱勾相會格 「如丙辰午加辰，乃朱雀入勾陳」.
def test_fa70_the_bird_enters_the_hook():
    assert fa(_lesson("丙辰", "午", "辰"), 70) == {}


# 卷十二 第82法, line 305: 獨足卦 「己未日干上酉 … 乃初中末並支干皆在未上，於七百二十課中，止有此一課」.
def test_fa82_the_one_footed_lesson_is_one_of_the_720():
    les = _lesson("己未", gan="酉")
    assert les.transmissions == (Branch.YOU,) * 3 and fa(les, 82) == {}
    one_footed = [les for les in (lesson(d, p) for d in SIXTY for p in range(1, 13))
                  if les.day.branch == LODGING[les.day.stem]
                  and all(les.seat(b) == les.day.branch for b in les.transmissions)]
    assert [(les.day.zh, les.gan_shang) for les in one_footed] == [("己未", Branch.YOU)]


# 卷七 八專課 帷薄不修格, line 763: 「如丁未日丑時辰將占，八專課遇天后入傳」.
def test_weibo_buxiu():
    assert _at(ke(_cast("丁未", "丑", "辰"), "liuren-wei-bo-bu-xiu"), "night")


# 卷十 鬼墓課 墓門開格, line 145: 壬戌日巳時子將, 行年 酉: 「生在酉上見辰墓，將乘螣蛇」.
def test_mumen_kai():
    assert ke(_cast("壬戌", "巳", "子"), "liuren-mu-men-kai") == {
        "xing": ("酉",), "day_night": ("day",), "needs": ("行年",)}


# 卷九 二煩課: 天煩 (日宿臨仲) and 地煩 (月宿臨仲) with 斗繫丑未 (lines 1099, 1125); 杜傳 where 斗 is not
# on 丑未 (line 1231: 「假令戌將卯時己卯日占，四月丙午日申將午時，六月癸酉日未將酉時，皆乃天煩杜傳」).
@pytest.mark.parametrize("day, hour, general", [("丙午", "午", "卯"), ("己卯", "子", "酉")])
def test_tianfan_and_difan(day, hour, general):
    les = _cast(day, hour, general)
    assert general in ke(les, "liuren-tian-fan")["month_generals"]
    on_zhong = tuple(sorted((b.zh for b in Branch if les.seat(b) in _ZHONG), key=Branch.from_zh))
    assert ke(les, "liuren-di-fan") == {"moon": on_zhong}
    assert ke(les, "liuren-tian-fan-du-chuan") is None


@pytest.mark.parametrize("day, hour, general", [("己卯", "卯", "戌"), ("丙午", "午", "申"), ("癸酉", "酉", "未")])
def test_tianfan_duchuan(day, hour, general):
    les = _cast(day, hour, general)
    assert general in ke(les, "liuren-tian-fan-du-chuan")["month_generals"]
    assert ke(les, "liuren-tian-fan") is None and ke(les, "liuren-er-fan") is None


# 卷九 魄化課, line 1611: 「凡白虎帶死神死氣臨日辰行年發用」: 死神 正月起巳, 死氣 正月起午.
def test_pohua_takes_the_death_spirit_too():
    from sitegen.model.liuren.keti import SISHEN_MONTHS, SIQI_MONTHS
    assert SISHEN_MONTHS[Branch.SI] == (Branch.YIN,) and SIQI_MONTHS[Branch.WU] == (Branch.YIN,)
    found = [w for d in ("甲子", "丙寅", "戊辰", "庚午", "壬申", "癸巳") for p in range(1, 13)
             if (w := ke(lesson(GanZhi.from_zh(d), p), "liuren-po-hua"))]
    assert found and all(len(w["months"]) == 2 for w in found)


# 卷十 鬼墓課, line 117: 「凡日辰墓神及日鬼發用」 — the 辰's 墓 as well as the stem's.
def test_guimu_takes_the_branchs_tomb():
    from sitegen.model.liuren.keti import mu
    found = [les for les in (lesson(d, p) for d in SIXTY if d.stem.zh == "甲" for p in range(1, 13))
             if les.transmissions[0] == mu(les.day.branch.element) != mu(les.day.stem.element)]
    assert found and all(ke(les, "liuren-gui-mu") == {} for les in found)


# 卷九 二煩課 起月宿法, line 1207: 「辰角亢，卯氐房心 … 午柳星張，巳翼軫」 — the 宮 of each mansion.
def test_the_moons_palace_by_mansion():
    from sitegen.model.mansion import MANSIONS, palace
    got = {m: "子丑寅卯辰巳午未申酉戌亥"[palace(i)] for i, m in enumerate(MANSIONS)}
    assert (got["氐"], got["柳"], got["奎"], got["軫"], got["女"]) == ("卯", "午", "戌", "巳", "子")


# 卷九 二煩課, line 1099: 「如九月初三丙午日午時卯將占 … 月宿躔氐五度。太陽太陰俱值卯宮加午為仲」;
# line 1159: 「壬子日午將卯時 … 正月十四 … 柳，乃午宮宿」 (地煩), 「六月初二 … 為天地二烦」.
@pytest.mark.parametrize("day, hour, general, moon", [("丙午", "午", "卯", "卯"), ("壬子", "卯", "午", "午"),
                                                      ("己卯", "子", "酉", "卯")])
def test_erfan_with_the_moons_palace(day, hour, general, moon):
    les = _cast(day, hour, general)
    assert moon in ke(les, "liuren-di-fan")["moon"] and moon in ke(les, "liuren-er-fan")["moon"]
    assert general in ke(les, "liuren-er-fan")["month_generals"]


# line 1227: 「假令正月二十二日己酉申時，月宿在卯 … 卯加子，仲臨仲發用，為地煩課也」; line 1233:
# 「假令九月辰加酉 … 月宿在戌，庚戌日戌加卯發用，是地煩杜傳」.
def test_difan_and_its_duchuan_named():
    assert "卯" in ke(_cast("己酉", "申", "亥"), "liuren-di-fan")["moon"]
    les = _lesson("庚戌", "辰", "酉")
    assert "戌" in ke(les, "liuren-di-fan-du-chuan")["moon"] and ke(les, "liuren-di-fan") is None


# 卷九 天寇課, line 1451: 「如癸卯日春分，離辰壬寅，月宿在辰，加寅，為天寇課」 (line 1447: 「凡四離日占得
# 月宿加離辰」; line 1321: 「天寇，分至日日支臨前一日日支上」).
def test_tiankou_the_moon_over_the_day_befores_branch():
    assert ke(_lesson("癸卯", "辰", "寅"), "liuren-tian-kou") == {"dates": ("分至日",), "moon": ("辰",)}
    assert ke(_lesson("癸卯", "巳", "寅"), "liuren-tian-kou") == {"dates": ("分至日",), "moon": ("巳",)}


# 卷九 解離課, line 635: 「真解離卦者，謂干克支上神，支克干上神」; line 663: 「解離乃干支互克上神」.
def test_jieli_the_stem_and_branch_overcome_each_others_upper():
    found = [les for les in (lesson(d, p) for d in SIXTY for p in range(1, 13))
             if les.day.stem.element.overcomes(les.zhi_shang.element)
             and les.day.branch.element.overcomes(les.gan_shang.element)]
    assert found and all(ke(les, "liuren-jie-li") == {} for les in found)
    les = lesson(GanZhi.from_zh("甲子"), 1)   # 伏吟: 干上寅 支上子, neither overcomes
    assert ke(les, "liuren-jie-li") is None


# 卷九 解離課, line 563: 「凡夫妻行年冲克，及上下神互相克賊，為解離格。如夫年立午上見寅，妻年立子上見申，
# 乃子上申怕午克，午上寅怕申克」 (心鏡, line 609: 「二月寅時」 — 戌將 寅時, the plate with 寅 over 午).
def test_jieli_the_couples_xingnian_clash_and_their_gods_overcome_in_turn():
    les = _cast("甲子", "寅", "戌")
    assert les.heaven[Branch.WU] == Branch.YIN and les.heaven[Branch.ZI] == Branch.SHEN
    when = ke(les, "liuren-jie-li")
    assert set(when["couple"]) == {"午子", "子午"} and when["needs"] == ("夫妻行年",)   # 夫年午·妻年子, or the other way
    # 卯酉 clash, 金 overcomes 木, but 卯 over 未 does not overcome the god over 酉 (巳 over 酉): no 解離
    assert not {"卯酉", "酉卯", "寅申", "申寅"} & set(when["couple"])
    # on no plate does a couple whose 行年 do not clash (寅 and 午, of one 三合) make 解離
    assert all("寅午" not in (ke(lesson(d, p), "liuren-jie-li") or {}).get("couple", ())
               for d in SIXTY[:12] for p in range(1, 13))


# 卷九 解離課, line 565: 「如三月甲子日未時酉將，夫年立寅，妻年立午，值三合，逢春旺相氣，為旺孕格」; 卷八
# 繁昌課, line 453: 「凡夫妻行年俱隨旺相氣三合位上，為旺孕格」 — nothing of the plate: every lesson.
def test_wangyun_the_couple_in_one_sanhe_both_wangxiang():
    when = ke(_cast("甲子", "未", "酉"), "liuren-wang-yun")
    alts = {a[0][1]: a[1][1] for a in when["any"]}      # couple pairs → months (月建)
    spring = next(m for pairs, m in alts.items() if "寅午" in pairs)
    assert set(spring) == {"寅", "卯"} and "午寅" in next(p for p in alts if "寅午" in p)  # 木旺 火相
    assert not any("寅申" in p or "子午" in p or "子子" in p for p in alts)   # not one 三合, or one place
    assert all(ke(lesson(d, p), "liuren-wang-yun") == when for d in SIXTY[:3] for p in range(1, 13))


# 卷八 繁昌課, line 393: 「凡夫妻年立德方發用，為繁昌課」 — both spouses' 行年 on the 德 under the 用.
def test_fanchang_both_spouses_xingnian_on_the_de_under_the_first():
    found = [les for les in (lesson(d, p) for d in SIXTY[:10] for p in range(1, 13))
             if ke(les, "liuren-fan-chang") is not None]
    assert found
    for les in found:
        de = les.seat(les.transmissions[0]).zh
        assert ke(les, "liuren-fan-chang")["couple"] == (de + de,)


# 卷八 繁昌課 德孕格, line 395: 「夫命是水，行年甲寅，上見子水，水木相生。妻命是金，行年己亥，上見酉金，金水相宜。甲與己合，
# 寅與亥合，各乘本命旺氣，為德孕格」; line 397: 「如壬申日未時巳將，夫行年甲寅，妻行年己亥，上下相生作合，乘本命旺氣」.
def test_deyun_the_couples_xingnian_combining_each_under_a_god_of_its_ming():
    from sitegen.cast import held, spouses_of
    les = _cast("壬申", "未", "巳")
    assert les.heaven[Branch.YIN] == Branch.ZI and les.heaven[Branch.HAI] == Branch.YOU
    w = ke(les, "liuren-de-yun")

    def at(years, mings):
        return held(w, {**_MOMENT, "day_night": "day"}, spouses={"couple_years": years, "couple_ming": mings})
    assert at("甲寅己亥", "子酉") is True and at("丙寅辛亥", "亥申") is True     # any stems that 合, 命 水 and 金
    assert at("甲寅己亥", "子子") is False            # the wife's 命 is not 金: 亥 under 酉 is not her 旺氣
    assert at("甲寅乙亥", "子酉") is False            # 甲 and 乙 do not 合
    assert at("甲寅己巳", "子酉") is False            # 寅 and 巳 do not 合
    assert held(w, {**_MOMENT, "day_night": "day"}) is None       # no couple: the page shows the condition
    # spouses_of puts the husband first, whoever asks
    assert spouses_of("f", "己亥", "甲寅", "酉", "子") == spouses_of("m", "甲寅", "己亥", "子", "酉") == {
        "couple_years": "甲寅己亥", "couple_ming": "子酉"}
    assert spouses_of("m", "甲寅", None, "子", None) == {}


def test_deyun_on_every_plate_only_where_a_combining_pair_is_each_under_a_god_that_generates_it():
    from sitegen.model.ganzhi import ganzhi_combine
    seen = set()
    for p in range(1, 13):
        les = lesson(SIXTY[0], p)
        w = ke(les, "liuren-de-yun")
        pairs = [b for b in Branch if les.heaven[b].element.generates(b.element)
                 and les.heaven[b.combine].element.generates(b.combine.element)]
        assert (w is not None) == bool(pairs), p
        for alt in (w or {}).get("any", ()):
            keys = dict(alt)
            for years in keys["couple_years"]:
                man, wife = GanZhi.from_zh(years[:2]), GanZhi.from_zh(years[2:])
                assert ganzhi_combine(man, wife) and man.branch in pairs
                assert {Branch.from_zh(m[0]).element for m in keys["couple_ming"]} == {les.heaven[man.branch].element}
                assert {Branch.from_zh(m[1]).element for m in keys["couple_ming"]} == {les.heaven[wife.branch].element}
            seen.add(p)
        assert all(ke(lesson(d, p), "liuren-de-yun") == w for d in SIXTY[1:60:7])   # the plate alone decides it
    assert seen == {3, 4, 5, 12}


# 卷十一 第7法 旺祿臨身, line 203: 「謂日之祿神，又作日之旺神，臨於干上者 … 又乙酉、乙亥日干上卯，癸巳、
# 癸丑日干上子，辛卯、辛丑、辛酉日干上酉，己亥、己酉、己巳日干上午，雖不係己土旺神，亦可用也」; line
# 205: void (辛巳 癸亥 丁亥 乙巳) 「反不宜坐用」, 乙未日干上卯 「閉口之祿而不可守」.
@pytest.mark.parametrize("day, gan", [
    ("乙卯", "卯"), ("乙酉", "卯"), ("乙亥", "卯"), ("癸巳", "子"), ("癸丑", "子"), ("辛卯", "酉"),
    ("辛丑", "酉"), ("辛酉", "酉"), ("己亥", "午"), ("己酉", "午"), ("己巳", "午")])
def test_fa7_the_lu_that_is_also_the_wang_on_the_stem(day, gan):
    assert fa(_lesson(day, gan=gan), 7) == {}


@pytest.mark.parametrize("day, gan", [("辛巳", "酉"), ("癸亥", "子"), ("丁亥", "午"), ("乙巳", "卯"), ("乙未", "卯"),
                                      ("甲子", "寅"), ("庚子", "申")])
def test_fa7_not_void_not_closed_and_not_a_lu_that_is_not_wang(day, gan):
    assert fa(_lesson(day, gan=gan), 7) is None


# 卷十一 第19法 胎財生氣, line 307: 「謂日干之胎神，作日之妻財，又逢月內之生氣者 … 壬寅日干上午 … 七月生氣
# 在午 … 六庚六辛日干上卯，四月占皆然。六戊六己日干上子，正月占」 (戊己's 胎 子: 「明知子上是胞胎」).
# (己丑日干上子 is also 互胎格, held in every month: test_fa19_each_on_the_others_foetus; 壬辰日干上午, its 午 void
# and overcome by 亥, is 損孕 in every month: test_fa19_the_void_foetus_overcome_and_the_three_origins.)
@pytest.mark.parametrize("day, gan, month", [("壬寅", "午", "申"), ("庚子", "卯", "巳"),
                                             ("辛丑", "卯", "巳"), ("戊子", "子", "寅"), ("己卯", "子", "寅")])
def test_fa19_the_foetus_as_wife_in_the_month_of_shengqi(day, gan, month):
    assert fa(_lesson(day, gan=gan), 19) == {"months": (month,)}


# 卷十一 第44法 課傳俱貴, line 609: 丁酉日干上酉 「四課三傳，皆是晝夜貴人所聚」 (三傳酉亥丑, 丑 on 亥),
# 「外有三傳皆是貴人者亦可用，辛巳日干上午，丁卯日干上酉，乙亥日 … 干上午」.
@pytest.mark.parametrize("day, gan", [("丁酉", "酉"), ("辛巳", "午"), ("丁卯", "酉"), ("乙亥", "午")])
def test_fa44_nobles_in_every_transmission(day, gan):
    assert fa(_lesson(day, gan=gan), 44) == {}


# 卷十一 第45法 晝夜貴加, line 613: 「謂六處有旦暮天乙相加者 … 六丁日亥加酉晝，丁巳、丁亥、丁丑日酉加亥夜，
# 六丙日酉加亥夜，六癸日巳加卯晝，癸未 … 癸亥、癸巳、癸酉日卯加巳夜，辛酉日午加寅晝，辛巳日寅加午夜，
# 乙酉日子加申晝，申加子夜 … 余雖有之，緣不在傳課，故不具載」.
@pytest.mark.parametrize("days, heaven, earth, shift", [
    ("丁卯 丁巳 丁未 丁酉 丁亥 丁丑", "亥", "酉", "day"), ("丁巳 丁亥 丁丑", "酉", "亥", "night"),
    ("丙寅 丙子 丙戌 丙申 丙午 丙辰", "酉", "亥", "night"), ("癸酉 癸未 癸巳 癸卯 癸丑 癸亥", "巳", "卯", "day"),
    ("癸未 癸亥 癸巳 癸酉", "卯", "巳", "night"), ("辛酉", "午", "寅", "day"), ("辛巳", "寅", "午", "night"),
    ("乙酉", "子", "申", "day"), ("乙酉", "申", "子", "night")])
def test_fa45_one_noble_over_the_other_in_the_lessons_or_transmissions(days, heaven, earth, shift):
    for day in days.split():   # on the book's shift (丁酉日亥加酉, 癸卯日巳加卯 … are also 貴覆干支: at every moment)
        assert _at(fa(_lesson(day, heaven, earth), 45), shift), day


def test_fa45_not_where_the_noble_is_outside_the_lessons_and_transmissions():
    les = _lesson("丁未", "酉", "亥")
    assert Branch.YOU not in les.transmissions and fa(les, 45) is None


# 卷十一 第50法 二貴皆空, line 659: 「凡晝夜貴人皆空亡者 … 如丁丑日酉加未作空，亥加酉又落空之類」.
def test_fa50_both_nobles_void_or_over_the_void():
    assert fa(_lesson("丁丑", "酉", "未"), 50) == {}


# 卷十二 第58法 用破身心, line 49: 「已上財祿俱作空被克」: 戊申日干上未 (子 財 坐戌受克), 丙寅日申加巳 (夜乘蛇
# 夾克財), 丁卯日酉加丁 (晝乘朱雀), 癸未日巳加子作財, 己酉日亥加己作財受克, 壬寅日伏吟 (干上祿, 晝乘天空).
@pytest.mark.parametrize("day, where, want", [
    ("戊申", "未", {}), ("丙寅", ("申", "巳"), {}), ("丁卯", "酉", {"day_night": ("day",)}),
    ("癸未", ("巳", "子"), {}), ("己酉", "亥", {}), ("壬寅", "亥", {})])
def test_fa58_the_first_wealth_or_lu_void_or_overcome(day, where, want):
    les = _lesson(day, gan=where) if isinstance(where, str) else _lesson(day, *where)
    assert fa(les, 58) == want


# 卷十二 第80法 人宅皆死, line 279 (干支上互乘死氣格: 戊申日干上子、支上卯 …) and line 281 (支干全乘死氣格:
# 庚寅、庚申、辛丑日並干上子，乙丑、甲申、甲寅日干上午，己未、壬申、壬寅並干上卯，丙寅、丙申、丁丑日並干上酉).
@pytest.mark.parametrize("day, gan", [
    ("戊申", "子"), ("庚申", "子"), ("庚寅", "午"), ("甲寅", "午"),
    ("庚寅", "子"), ("辛丑", "子"), ("乙丑", "午"), ("甲申", "午"), ("己未", "卯"), ("壬申", "卯"),
    ("壬寅", "卯"), ("丙寅", "酉"), ("丙申", "酉"), ("丁丑", "酉")])
def test_fa80_death_on_both_own_or_crosswise(day, gan):
    assert fa(_lesson(day, gan=gan), 80) == {}


# 卷十二 第86法 將逢內戰, lines 327–345: 「六合加申，申金加巳火之上」 — 用 overcomes its general and its place
# overcomes it — and the 格 of each general.
@pytest.mark.parametrize("day, heaven, earth, shift", [
    ("癸巳", "申", "巳", "day"), ("丁卯", "戌", "卯", "day"), ("癸亥", "卯", "申", "night"),
    ("丙辰", "子", "辰", "day"), ("丁丑", "亥", "丑", "night"), ("丁丑", "卯", "申", "day"),
    ("壬寅", "申", "巳", "night"), ("丁亥", "午", "亥", "day"), ("丁酉", "卯", "酉", "day"),
    ("丁丑", "卯", "申", "night"), ("壬辰", "巳", "亥", "night"), ("壬戌", "巳", "亥", "night")])
def test_fa86_the_general_at_war_inside(day, heaven, earth, shift):
    assert _at(fa(_lesson(day, heaven, earth), 86), shift)


# line 349: 三傳日辰內戰格 「支干三傳皆下克上者 … 如癸酉日 … 初傳未加寅，中傳子加未，末傳巳加子，皆下賊上 … 己酉、辛酉日
# 未加寅」 (its 戊辰日寅加酉 has only the 三傳 下克上: listed as garbled on the validation page).
@pytest.mark.parametrize("day", ["癸酉", "己酉", "辛酉"])
def test_fa86_stem_branch_and_transmissions_all_overcome_from_below(day):
    assert fa(_lesson(day, "未", "寅"), 86) == {}


def test_fa86_the_transmissions_alone_are_not_the_war_of_stem_and_branch():
    les = _lesson("戊辰", "寅", "酉")
    assert all(les.seat(b).element.overcomes(b.element) for b in les.transmissions)
    assert fa(les, 86) is None


# 卷十二 第85法 夾克, line 323: 俯丘仰仇格 「甲子日夜將寅加未為用，乃俯見丘仰見仇。乙巳日酉加丑，乙未日卯加未夜」.
@pytest.mark.parametrize("day, heaven, earth, shift", [
    ("甲子", "寅", "未", "night"), ("乙巳", "酉", "丑", ""), ("乙未", "卯", "未", "night")])
def test_fa85_over_its_tomb_under_its_enemy(day, heaven, earth, shift):
    les = _lesson(day, heaven, earth)
    assert les.transmissions[0] == Branch.from_zh(heaven) and _at(fa(les, 85), shift)


def test_fa85_over_its_tomb_needs_the_enemy_above():
    les = _lesson("甲子", "寅", "未")
    assert fa(les, 85) == {"day_night": ("night",)}   # by day 寅 rides no general that overcomes it


def test_fa86_needs_the_place_to_overcome_the_first():
    found = [les for les in (lesson(d, p) for d in SIXTY[:12] for p in range(1, 13))
             if not les.seat(les.transmissions[0]).element.overcomes(les.transmissions[0].element)]
    assert found and all(fa(les, 86) is None for les in found)


# 卷十一 第12法 狐假虎威, line 259: 丁未日干上子 「反倚賴支屬土卻能制其子水」; 辛亥日干上亥 「晝虎夜元皆乘脫氣，
# 尤賴亥水坐於戌土之上 … 余五辛日亦可如此說」.
@pytest.mark.parametrize("day, gan", [("丁未", "子"), ("辛亥", "亥"), ("辛卯", "亥"), ("辛未", "亥")])
def test_fa12_the_harm_on_the_stem_held_down(day, gan):
    assert fa(_lesson(day, gan=gan), 12) == {}


# 卷十一 第13法 鬼賊當時, line 263: 「戊子日干上午，三傳寅卯辰皆是日鬼，如春占木旺」 — the 方 as one element.
def test_fa13_the_eastern_quarter_as_one_officer():
    assert fa(_lesson("戊子", gan="午"), 13) == {"months": ("寅", "卯")}


# 「三合為鬼亦如前說」 (line 265): a 木 局 whose first is not 木 is read as 木 all the same (亥卯未 for 己, 旺 in 寅卯).
def test_fa13_a_wood_trine_as_one_officer():
    les = _lesson("己亥", gan="亥")
    assert {b.zh for b in les.transmissions} == set("亥卯未") and les.transmissions[0].zh != "卯"
    assert fa(les, 13) == {"months": ("寅", "卯")}


# 卷十一 第14法 傳財太旺, line 269 「三傳子申辰皆作日之財 … 又於秋冬水生旺之月」; 辛卯日干上寅's 三傳 未亥卯 are one
# 木 局, the 財 of 辛, 旺相 in winter and spring (not by 未's 土).
def test_fa14_the_wealth_trine_strong_by_its_own_element():
    assert fa(_lesson("戊申", gan="丑"), 14) == {"months": ("子", "申", "酉", "亥")}
    assert fa(_lesson("辛卯", gan="寅"), 14) == {"months": ("子", "寅", "卯", "亥")}


# line 273 財神空亡格: 「如辛亥日干上寅、支上卯，二財皆空」 — in any month.
def test_fa14_both_wealths_void():
    les = _lesson("辛亥", gan="寅")
    assert les.lessons[2].upper.zh == "卯" and fa(les, 14) == {}


# 卷十二 第55法 羅網, line 31: 「謂干上乘干前一辰，支上乘支前一辰 … 如甲申日干上卯、支上酉」; line 33: 「干上
# 乘支之網，支上乘干之羅者 … 庚寅日干上卯、支上酉 … 丁丑日干上寅為互網，又干上申為皆網」.
@pytest.mark.parametrize("day, gan", [
    ("甲申", "卯"), ("庚寅", "卯"), ("丁丑", "寅"), ("丁丑", "申"), ("癸未", "寅"), ("癸未", "申"),
    ("己丑", "寅"), ("己丑", "申"), ("丙申", "午"), ("庚申", "酉"), ("戊申", "午"), ("壬寅", "子")])
def test_fa55_both_nets_own_or_crosswise(day, gan):
    assert fa(_lesson(day, gan=gan), 55) == {}


def test_fa55_not_where_the_nets_are_elsewhere():
    les = _lesson("甲子", gan="辰")                   # 干上辰, 支上寅: neither the 羅 (卯) nor the 網 (丑)
    assert fa(les, 55) is None


# 卷十二 第74法, line 217: 四課全空格 「如乙巳日干上寅為空亡，第二課又入空亡鄉，支上卯作空亡，第四課又入空亡鄉，此乃
# 四課皆空 … 丙午日干上寅，戊辰日返吟，戊戌日返吟」.
@pytest.mark.parametrize("day, where", [("乙巳", "寅"), ("丙午", "寅"), ("戊辰", "返吟"), ("戊戌", "返吟")])
def test_fa74_all_four_lessons_void(day, where):
    les = _lesson(day, gan=where) if where != "返吟" else lesson(GanZhi.from_zh(day), 7)
    assert all(k.upper in les.void or k.seat in les.void for k in les.lessons)
    assert fa(les, 74) == {}


def test_fa74_not_where_one_lesson_is_real():
    # three of the four lessons void or over the void, and no 傳 void
    found = [les for les in (lesson(d, p) for d in SIXTY for p in range(1, 13))
             if sum(k.upper in les.void or k.seat in les.void for k in les.lessons) == 3
             and not any(b in les.void for b in les.transmissions)]
    assert found and all(fa(les, 74) is None for les in found)


# 卷十二 第94法 喜懼空亡, line 413: 見財無財格 「其財居寅卯上 … 或財作空亡 … 財陷空亡 … 如財居申酉脫氣之上」 and
# 「戊辰日干上酉，壬午日干上未，壬寅日干上子，庚子日干上酉 … 己酉日干上申」 (丙午日干上午, whose 財局 申酉戌 stands
# well, is held by 長上災凶格: below).
@pytest.mark.parametrize("day, gan", [("戊辰", "酉"), ("壬午", "未"), ("壬寅", "子"), ("庚子", "酉"), ("己酉", "申")])
def test_fa94_wealth_seen_and_not_had(day, gan):
    assert fa(_lesson(day, gan=gan), 94) == {}


# line 421: 長上災凶格 「乃長生空亡之例。戊寅日申為長生作空亡，庚子日巳為長生作空亡，壬午日申為長生作空亡，甲子日亥為長生
# 作空亡，丙午日寅為長生作空亡」: the day alone decides it, on every plate.
@pytest.mark.parametrize("day", ["戊寅", "庚子", "壬午", "甲子", "丙午"])
def test_fa94_the_days_whose_birth_is_void(day):
    assert all(fa(lesson(GanZhi.from_zh(day), p), 94) == {} for p in range(1, 13))


# line 421: 「月內生氣亦忌空亡」 (生氣 正月起子): 甲申日 (午未 void) 干上亥, where no other 格 holds, shows the 法 in the
# months whose 生氣 is 午 or 未 — 七月 (申) and 八月 (酉) — and only then.
def test_fa94_the_months_whose_living_breath_is_void():
    assert fa(_lesson("甲申", gan="亥"), 94) == {"months": ("申", "酉")}


# line 409: 見生不生格 「其亥水居申上，他自戀生 … 或是亥水居於辰戌丑未之上，為土所制，縱日辰行年上見之，亦不能生我」:
# the stem's 長生 on 干上 or 支上 sitting on what 生 it (己巳日干上申: 申 over 未) or overcomes it (癸巳日申加巳);
# elsewhere, over the asker's 行年 (丙寅日返吟: 寅 over 申).
@pytest.mark.parametrize("day, heaven, earth", [("己巳", "申", "未"), ("癸巳", "申", "巳")])
def test_fa94_the_birth_seen_and_not_giving(day, heaven, earth):
    assert fa(_lesson(day, heaven, earth), 94) == {}


def test_fa94_the_birth_over_the_askers_year():
    when = fa(_lesson("丙寅", "寅", "申"), 94)
    assert (("xing", ("申",)),) in when["any"]


# line 411: 見克不克格 「其金居巳午火上，他自受克 … 又申酉坐辰戌丑未上，他自戀生，亦不來克我」: 乙巳日申加巳 (支上申 over 巳),
# 乙巳日干上子 (三傳酉丑巳: 酉 over 丑).
@pytest.mark.parametrize("day, heaven, earth, gan", [("乙巳", "申", "巳", None), ("乙巳", None, None, "子")])
def test_fa94_the_ghost_seen_and_not_harming(day, heaven, earth, gan):
    assert fa(_lesson(day, heaven, earth, gan), 94) == {}


# line 415: 見救不救格 「傳內先有申酉金，於日辰上見巳午火乃為救神，其巳午火居亥子上 …」: 辛巳日干上亥 (三傳午未申: 亥 over
# 戌), 丁卯日戌加卯 (三傳戌巳子: 支上戌 over 卯); line 417 見盜不盜格 「甲乙日見巳午火居亥子之鄉，或入空亡之內」 with no 鬼 in
# the 傳 (「如不見日鬼，其救神即盜神也」): 乙亥日巳加亥, 甲午日巳加午 (巳 void).
@pytest.mark.parametrize("day, heaven, earth, gan", [
    ("辛巳", None, None, "亥"), ("丁卯", "戌", "卯", None), ("乙亥", "巳", "亥", None), ("甲午", "巳", "午", None)])
def test_fa94_the_rescue_and_the_thief_seen_and_failing(day, heaven, earth, gan):
    assert fa(_lesson(day, heaven, earth, gan), 94) == {}


# line 419: 德貴合局生身格 「如乙酉日干上申，晝占，雖三傳水局生日，緣天將晝夜皆貴勾常土神，使水局不能生其乙木」.
def test_fa94_a_trine_that_feeds_the_stem_under_earth_generals():
    les = _lesson("乙酉", gan="申")
    assert [b.zh for b in les.transmissions] == ["申", "子", "辰"] and fa(les, 94) == {}


# line 423: 喜懼格 「謂干上長生，三傳皆鬼」.
def test_fa94_life_on_the_stem_and_ghosts_in_the_transmissions():
    found = [les for les in (lesson(d, p) for d in SIXTY for p in range(1, 13))
             if les.gan_shang.zh == {"木": "亥", "火": "寅", "土": "申", "金": "巳", "水": "申"}[les.day.stem.element.zh]
             and trans_element(les.transmissions) is not None
             and (trans_element(les.transmissions) - les.day.stem.element) % 5 == 3]
    assert found and all(fa(les, 94) == {} for les in found)


# 卷十二 第89法 丁馬, line 371: 「非伏吟而乘丁馬者亦主動。如癸亥日干上巳」 (巳: 甲寅旬's 丁, 亥's 驛馬); line 373:
# 「六丁加天馬，或天馬加六丁，必非小動也。如甲子日卯加甲，十一月占是也」.
def test_fa89_ding_or_horse_over_stem_or_branch_without_fuyin():
    les = _lesson("癸亥", gan="巳")
    assert les.method != "伏吟" and fa(les, 89) == {}
    assert fa(_lesson("甲子", "卯", "寅"), 89) == {}   # 卯, 甲子旬's 丁, on 干上


def test_fa89_ding_over_the_months_heavenly_horse():
    # the 旬丁 in the 三傳 over 寅 (the 天馬 of 子月 and 午月), not on 干上·支上: held in those months (or at
    # every moment where the 驛馬 is on 干上·支上)
    found = [fa(les, 89) for les in (lesson(d, p) for d in SIXTY for p in range(1, 13))
             if les.method != "伏吟" and les.seat(les.day.xun_head.branch.shift(3)) == Branch.YIN
             and les.day.xun_head.branch.shift(3) in les.transmissions
             and les.day.xun_head.branch.shift(3) not in (les.gan_shang, les.zhi_shang)]
    conditional = [w for w in found if w != {}]
    assert conditional and all(set(w["months"]) >= {"子", "午"} for w in conditional)


# 卷十二 第90法, line 385: 移遠就近格 「天罡乘青龍、六合在日上，乃真斬關卦。如占時為發用，名動中不動 … 兼中末空亦然」.
def test_fa90_the_true_pass_cutting_that_does_not_move():
    found = [(les, fa(les, 90)) for les in (lesson(d, p) for d in SIXTY for p in range(1, 13))
             if les.method != "返吟" and les.gan_shang == Branch.CHEN]
    held = [(les, w) for les, w in found if w is not None]
    assert held and all("青龍" in (les.generals_day[Branch.CHEN], les.generals_night[Branch.CHEN])
                        or "六合" in (les.generals_day[Branch.CHEN], les.generals_night[Branch.CHEN])
                        for les, _ in held)
    assert any(w == {"hours": (les.transmissions[0].zh,)} for les, w in held)
    # 庚寅日干上辰: 玄武 on 辰 by day and by night (the book's reason, 中末空亡, is not this lesson's)
    assert fa(_lesson("庚寅", gan="辰"), 90) is None


# 卷十二 第75法 刑在上, lines 223–227: 一字刑 (甲辰日 …, 癸亥日干上午, 壬午日干上辰、支上亥, 己酉日辰加己,
# 丙戌日干上亥), 二字刑 (乙未、丙申、戊申、辛丑 干上子、支上卯; 乙丑、丙寅、戊寅、辛未、壬申 干上卯、支上子), 三字刑.
@pytest.mark.parametrize("day, where", [
    ("甲辰", ("酉", "寅")), ("癸亥", "午"), ("乙酉", ("亥", "辰")), ("壬午", "辰"), ("己酉", ("辰", "未")),
    ("丙戌", "亥"), ("乙未", "子"), ("丙申", "子"), ("戊申", "子"), ("辛丑", "子"), ("乙丑", "卯"),
    ("丙寅", "卯"), ("戊寅", "卯"), ("辛未", "卯"), ("壬申", "卯")])
def test_fa75_the_three_kinds_of_punishment(day, where):
    les = _lesson(day, gan=where) if isinstance(where, str) else _lesson(day, *where)
    assert fa(les, 75) == {}


def test_fa75_the_three_punishment_transmissions_in_their_order():
    found = [les for les in (lesson(d, p) for d in SIXTY for p in range(1, 13))
             if "".join(b.zh for b in les.transmissions) in ("寅巳申", "丑戌未")]
    assert found and all(fa(les, 75) == {} for les in found)


# line 223: 「如甲子日支上辰，其三傳辰申子 … 又乙丑日支上酉，其三傳巳丑酉，亦支上重逢自刑。又丙寅日干上酉，其三傳
# 酉丑巳」 — the 金剛·火強·水流趨東·木落歸根 格 of lines 229–235 (a 三合 for 三傳, its 自刑 again on 干上·支上).
@pytest.mark.parametrize("day, heaven, earth, trans", [
    ("甲子", "辰", "子", "辰申子"), ("乙丑", "酉", "丑", "巳丑酉"), ("丙寅", "酉", "巳", "酉丑巳")])
def test_fa75_a_trines_self_punishment_met_again_over_stem_or_branch(day, heaven, earth, trans):
    les = _lesson(day, heaven, earth)
    assert "".join(b.zh for b in les.transmissions) == trans and fa(les, 75) == {}


# line 239, 四勝煞格: 「甲子日寅刑干上巳、子刑支上卯；丙子日干上申 …；辛丑日戌刑干上未、丑刑支上戌；癸卯日丑刑干上戌、
# 卯刑支上子；辛卯日戌刑干上未、卯刑支上子 … 乃支干相刑其上神」.
@pytest.mark.parametrize("day, gan", [("甲子", "巳"), ("丙子", "申"), ("辛丑", "未"), ("癸卯", "戌"), ("辛卯", "未")])
def test_fa75_stem_and_branch_each_punish_what_is_over_them(day, gan):
    assert fa(_lesson(day, gan=gan), 75) == {}


def test_fa75_a_self_punishment_in_the_transmissions_without_a_trine_is_not_its_case():
    selfs = {Branch.CHEN, Branch.WU, Branch.YOU, Branch.HAI}
    found = [les for les in (lesson(d, p) for d in SIXTY for p in range(1, 13))
             if les.gan_shang in selfs and les.gan_shang in les.transmissions
             and set(les.transmissions) != set(les.transmissions[0].trine)
             and les.zhi_shang not in selfs | {Branch.ZI, Branch.MAO}
             and les.zhi_shang != les.day.branch.punish
             and "".join(b.zh for b in les.transmissions) not in ("寅巳申", "巳申寅", "申寅巳", "丑戌未", "戌未丑", "未丑戌")]
    assert found and all(fa(les, 75) is None for les in found)


# 卷十二 第76法 害相隨, lines 245–247: 「此例有五等」.
@pytest.mark.parametrize("day, where", [
    ("甲申", "巳"), ("乙亥", "子"), ("辛巳", "子"), ("壬午", "子"), ("丙子", "子"), ("戊子", "子"),
    ("辛酉", ("辰", "戌")), ("辛卯", "未"), ("辛未", "亥"), ("乙未", "子"), ("甲申", "亥"), ("庚寅", "巳"),
    ("丁卯", "辰"), ("己卯", "辰")])
def test_fa76_the_five_kinds_of_harm(day, where):
    les = _lesson(day, gan=where) if isinstance(where, str) else _lesson(day, *where)
    assert fa(les, 76) == {}


# line 249: 人喜我憂格 「如辛丑日干上酉與干作六害，支上子與丑卻作六合也。外有乙未、乙丑日並干上卯，辛未日干上酉」.
@pytest.mark.parametrize("day, gan", [("辛丑", "酉"), ("乙未", "卯"), ("乙丑", "卯"), ("辛未", "酉")])
def test_fa76_others_glad_i_grieve(day, gan):
    les = _lesson(day, gan=gan)
    assert les.zhi_shang.combine == les.day.branch and fa(les, 76) == {}


# 卷十二 第77法, line 259: 自在格 「如甲子、乙亥、丙寅、丁卯、戊午、己巳、庚辰、辛未、壬申、癸酉十日，並支加干上而生日也」.
@pytest.mark.parametrize("day", ["甲子", "乙亥", "丙寅", "丁卯", "戊午", "己巳", "庚辰", "辛未", "壬申", "癸酉"])
def test_fa77_the_branch_over_the_stem_feeding_it(day):
    assert fa(_lesson(day, gan=day[1]), 77) == {}


# 卷十二 第79法 干支值絕, lines 269–271: 甲申、甲寅、丙申、戊寅日返吟; 乙未日干上申、支上亥 (「此言土內有寄寅
# 者，故以亥為絕也」), 丁未日支干上皆乘亥, 己未日干上亥、又干上巳.
@pytest.mark.parametrize("day, where", [
    ("甲申", "返吟"), ("甲寅", "返吟"), ("丙申", "返吟"), ("戊寅", "返吟"), ("乙未", "申"), ("辛未", "寅"),
    ("癸未", "巳"), ("丁未", "亥"), ("己未", "亥"), ("己未", "巳")])
def test_fa79_both_cut_off_earth_with_fire_or_water(day, where):
    les = lesson(GanZhi.from_zh(day), 7) if where == "返吟" else _lesson(day, gan=where)
    assert fa(les, 79) == {}


# line 275: 遞互作絕神格 「如甲申、庚寅二日伏吟，又癸未日干上亥、支上巳，丁丑日干上亥、支上巳，丁未日干上亥，癸丑日干上巳」.
@pytest.mark.parametrize("day, where", [
    ("甲申", "伏吟"), ("庚寅", "伏吟"), ("癸未", "亥"), ("丁丑", "亥"), ("丁未", "亥"), ("癸丑", "巳")])
def test_fa79_crosswise_cut_off(day, where):
    les = lesson(GanZhi.from_zh(day), 1) if where == "伏吟" else _lesson(day, gan=where)
    assert fa(les, 79) == {}


# line 273: 絕神加生格 「如庚辰寅加亥為用是也 … 緣絕神反坐長生之上」.
def test_fa79_the_cut_off_first_over_its_own_life():
    les = _lesson("庚辰", "寅", "亥")
    assert les.transmissions[0] == Branch.YIN and fa(les, 79) == {}
    other = _lesson("庚辰", "寅", "子")   # 寅 not over 亥: neither 格
    assert fa(other, 79) is None


# 卷十二 第52法, line 13: 貴塞鬼戶格 「緣三傳作日鬼，賴貴人塞鬼戶也 … 如壬戌、壬辰日巳加寅 … 三傳辰未戌皆鬼，如用晝貴乃名
# 貴人臨寅鬼門」.
@pytest.mark.parametrize("day", ["壬戌", "壬辰"])
def test_fa52_the_noble_blocks_the_ghost_door(day):
    les = _lesson(day, "巳", "寅")
    assert fa(les, 52) == {"day_night": ("day",)}


def test_fa52_the_noble_over_yin_needs_ghosts_in_the_transmissions():
    les = _lesson("甲子", "丑", "寅")   # 甲's 晝貴 丑 over 寅, 三傳 子亥戌 (not 鬼)
    assert les.generals_day[les.heaven[Branch.YIN]] == "貴人" and fa(les, 52) is None


# 卷十二 第83法, line 311: 「又辛未日干上寅 … 三合課中又逢天將六合居干支上者，亦可用，但力稍輕」 (辛亥日干上午 has 六合
# on neither: listed as ambiguous on the validation page).
def test_fa83_the_general_liuhe_over_the_stem_or_branch_of_a_trine():
    les = _lesson("辛未", gan="寅")
    assert fa(les, 83) == {"day_night": ("night",)}


# 年命 (issue 28): 卷八 富貴課 「更臨日辰年命發用」, 卷九 魄化課 「臨日辰行年發用」, 卷十一 第25·26法 「三傳、
# 年命、日辰」 — where 用 (or the 旬丁) stands over no 日辰, the asker's 本命 or 行年 decides.
def test_the_askers_nianming_decides_where_the_clause_names_it():
    from sitegen.cast import held
    les = [lesson(d, p) for d in SIXTY for p in range(1, 13)]
    fugui = [(x, c) for x in les for c in x.conditional_patterns if c.rule == "liuren-fu-gui" and "any" in dict(c.when)]
    assert fugui
    x, c = fugui[0]
    seat = x.seat(x.transmissions[0]).zh
    assert dict(c.when)["any"] == ((("birth", (seat,)),), (("xing", (seat,)),))
    pohua = [c for x in les for c in x.conditional_patterns if c.rule == "liuren-po-hua" and "xing" in dict(c.when)]
    assert pohua and all(dict(c.when)["needs"] == ("行年",) for c in pohua)
    ding = [(x, b) for x in les for b in x.bifa if b.number == 25 and "any" in dict(b.when)]
    assert ding
    x, b = ding[0]
    at = x.seat(x.day.xun_head.branch.shift(3)).zh
    f = {"hour": "子", "day_night": "night", "month_general": "子", "month": "甲子", "year": "甲子"}
    assert held(dict(b.when), f, birth=at) is True and held(dict(b.when), f) is None
    assert held(dict(b.when), f, birth="子" if at != "子" else "丑", xing="子" if at != "子" else "丑") is False


# 卷十一 第38法 閉口, line 555: 「地盤旬首上神乘元武者，每日有一二課推之」 — the god over the earth 旬首
# riding 玄武, 發用 or not: 甲子日辰戌加子晝夜, 乙丑日卯加子晝, 乙丑日亥加子夜, 丙寅日申加子晝, 丁卯日返吟夜;
# line 557: 甲申日辰加申, 乙酉日亥加申夜; line 559: 乙亥日巳加戌夜、卯加戌晝, 己卯日卯加戌晝.
@pytest.mark.parametrize("day, heaven, earth, shift", [
    ("甲子", "辰", "子", ""), ("甲子", "戌", "子", ""), ("乙丑", "卯", "子", "day"), ("乙丑", "亥", "子", "night"),
    ("丙寅", "申", "子", "day"), ("丁卯", "酉", "卯", "night"), ("甲申", "辰", "申", ""),
    ("乙酉", "亥", "申", "night"), ("乙亥", "巳", "戌", "night"), ("乙亥", "卯", "戌", "day"),
    ("己卯", "卯", "戌", "day")])
def test_fa38_the_god_over_the_earth_xun_head_riding_xuanwu(day, heaven, earth, shift):
    les = _lesson(day, heaven, earth)
    over = les.heaven[les.day.xun_head.branch]
    gens = {"day": (les.generals_day,), "night": (les.generals_night,)}.get(
        shift, (les.generals_day, les.generals_night))
    assert all(g[over] == "玄武" for g in gens)
    assert _at(fa(les, 38), shift)


def test_fa38_not_in_the_other_shift_nor_on_a_southeastern_head():
    # 乙丑日卯加子: 玄武 rides 卯 by day only (「乙丑日卯加子晝」)
    assert fa(_lesson("乙丑", "卯", "子"), 38) == {"day_night": ("day",)}
    # 「甲午、甲辰、甲寅三旬 … 無地盤旬首乘元武，因元武不到東南方也」: no god over 午 riding 玄武 on 甲午
    les = _lesson("甲午", "午", "午")
    assert les.method == "伏吟" and fa(les, 38) is None


# line 561: 「甲午、甲辰、甲寅三旬，止有天盤之旬首乘元武 … 亦可如其說」 — the heaven 旬首 riding 玄武, 發用 or not
# (丙申日, 甲午旬: 午 over 申 rides 玄武 by night; 甲辰日: 辰 over 申 by day and night).
@pytest.mark.parametrize("day, earth, shift", [("丙申", "申", "night"), ("甲辰", "申", "")])
def test_fa38_the_heaven_xun_head_riding_xuanwu(day, earth, shift):
    les = _lesson(day, GanZhi.from_zh(day).xun_head.branch.zh, earth)
    head = les.day.xun_head.branch
    assert head not in les.transmissions[:1]
    gens = {"day": (les.generals_day,), "night": (les.generals_night,)}.get(
        shift, (les.generals_day, les.generals_night))
    assert all(g[head] == "玄武" for g in gens)
    assert fa(les, 38) == ({"day_night": (shift,)} if shift else {})


# 卷十二 第91法 虎臨干鬼, line 391: 「謂日干之鬼上乘白虎者 … 但不臨干而在五處」; 甲子日申加戌晝 (申 the 中傳),
# line 393: 甲子日申加午晝 (末傳), 戊寅日寅加亥夜 (中傳); line 395 馬載虎鬼格: 戊辰日寅加未夜 …, 甲寅日伏吟晝.
@pytest.mark.parametrize("day, heaven, earth, shift", [
    ("甲子", "申", "戌", "day"), ("甲子", "申", "午", "day"), ("戊寅", "寅", "亥", "night"),
    ("戊辰", "寅", "未", "night"), ("戊辰", "寅", "酉", "night"), ("戊辰", "寅", "亥", "night"),
    ("戊子", "寅", "未", "night"), ("甲寅", "申", "午", "day"), ("甲寅", "寅", "寅", "day"),
    ("甲寅", "申", "戌", "day"), ("甲午", "申", "午", "day")])
def test_fa91_the_tiger_on_the_stems_ghost_anywhere_in_the_lessons(day, heaven, earth, shift):
    assert fa(_lesson(day, heaven, earth), 91) == {"day_night": (shift,)}


def test_fa91_the_five_places_are_the_branch_the_transmissions_and_the_askers_year():
    # 「但不臨干而在五處」: the 六處 「三傳、年命、日辰」 less 干上. 甲子日干上亥: 申 (a 鬼, 晝 白虎) is the
    # 干陰, over 亥 — not one of the 六處, so it holds where the asker's 本命 or 行年 is 亥
    les = _lesson("甲子", gan="亥")
    assert [k.upper for k in les.lessons][1] == Branch.SHEN and Branch.SHEN not in les.transmissions
    assert fa(les, 91)["any"] == ((("day_night", ("day",)), ("birth", ("亥",))),
                                  (("day_night", ("day",)), ("xing", ("亥",))))


def test_fa91_not_for_the_four_stems_the_book_excludes():
    # 「若乙丙丁辛四干無此例」
    assert not any(fa(lesson(d, p), 91) is not None
                   for d in SIXTY if d.stem.zh in "乙丙丁辛" for p in range(1, 13))


# 卷十二 第95法 六爻現卦, line 435: 「同類現卦，必憂妻及去財 … 如丙寅日干上丑，三傳戌午寅皆是日之同類」;
# line 445: 丁亥日干上戌.
@pytest.mark.parametrize("day, gan", [("丙寅", "丑"), ("丁亥", "戌")])
def test_fa95_the_stems_own_kind_fills_the_transmissions(day, gan):
    les = _lesson(day, gan=gan)
    assert trans_element(les.transmissions) == les.day.stem.element     # 寅午戌 as one 火局
    assert fa(les, 95) == {}


# 卷十一 第28法 傳鬼化財 and the 格 under it, lines 445–453: 「丙申、丙子、丙辰三日並干上丑土，可以敵其水局，
# 獨存申金為財」; 取還魂債格 (line 447) 「己丑干上亥，三傳酉丑巳 … 金局生起干上亥水作日之財」, 甲午日支上戌;
# 求財急取格 (line 449) 乙未日未加乙; 空財格 (line 451) 丙子日酉加巳; 危中取財格 (line 453) 甲戌日支上申 …
@pytest.mark.parametrize("day, where", [
    ("己丑", "干上亥"), ("甲午", "支上戌"),
    ("乙未", "未加乙"), ("辛卯", "卯加辛"), ("丙子", "酉加巳"), ("甲戌", "支上申"), ("丙申", "支上亥"),
    ("辛卯", "支上午")])
def test_fa28_the_wealth_out_of_a_ghost_and_its_kinds(day, where):
    from sitegen.model.liuren.examples import bifa_plate
    d = GanZhi.from_zh(day)
    assert fa(lesson(d, bifa_plate(d, where)), 28) == {}


# line 445: 「如占人命年上乘日鬼，其禍仍發，亦不為財也」 — 丙申·丙子·丙辰日干上丑 (申子辰 水局, 丙's 鬼, held down by 丑) hold
# only where neither the asker's 本命 nor 行年 has a 鬼 (亥 over 卯, 子 over 辰) over it.
@pytest.mark.parametrize("day", ["丙申", "丙子", "丙辰"])
def test_fa28_the_whole_ghost_turned_wealth_but_not_over_the_askers_year(day):
    when = fa(_lesson(day, gan="丑"), 28)
    calm = ("子", "丑", "寅", "巳", "午", "未", "申", "酉", "戌", "亥")
    assert when["birth"] == when["xing"] == calm and "卯" not in calm and "辰" not in calm


def test_fa28_not_where_the_transmissions_feed_the_stem():
    # 甲申日干上戌 is on the book's 取還魂債 list, but its 三傳 子申辰 生 甲: not 脫氣 (classed ambiguous)
    les = _lesson("甲申", gan="戌")
    assert "".join(b.zh for b in les.transmissions) == "子申辰" and fa(les, 28) is None


def _at_words(day: str, where: str):
    from sitegen.model.liuren.examples import bifa_plate
    d = GanZhi.from_zh(day)
    return lesson(d, bifa_plate(d, where))


# 卷十二 第57法 費有餘, line 43: 「以上總皆生空，脫與鬼皆實論耳」 — 丙午日干上寅, 壬午日干上申, 癸未日干上申,
# 戊子日干上午, 癸未日丑加巳 (「初末空亡，獨留中傳丑土不空」); line 45 得少失多格: 甲寅日干上卯.
@pytest.mark.parametrize("day, where", [
    ("丙午", "干上寅"), ("壬午", "干上申"), ("癸未", "干上申"), ("戊子", "干上午"), ("癸未", "丑加巳"),
    ("甲寅", "干上卯")])
def test_fa57_the_life_void_and_the_drain_real(day, where):
    assert fa(_at_words(day, where), 57) == {}


def test_fa57_not_where_nothing_feeds_the_stem():
    # 乙巳日干上卯: 卯 is 比肩, not 生 (「情願以干加支而受脫也」; classed ambiguous)
    assert fa(_at_words("乙巳", "干上卯"), 57) is None


# 卷十二 第68法 制鬼之位, line 161: 「如乙丑日酉加乙，乃日之鬼，卻賴支上有午火而克其酉金」; line 163: 甲戌日干上酉,
# 己丑日干上卯、支上酉, 壬辰日干上戌、支上卯; line 167 病體難擔荷格: 丁丑、丁未、丁亥干上申.
@pytest.mark.parametrize("day, where", [
    ("乙丑", "酉加乙"), ("甲戌", "干上酉"), ("己丑", "干上卯"), ("壬辰", "干上戌"), ("丁丑", "干上申"),
    ("丁未", "干上申"), ("丁亥", "干上申")])
def test_fa68_what_holds_down_the_ghost(day, where):
    assert fa(_at_words(day, where), 68) == {}


def test_fa68_the_healer_over_the_askers_nianming():
    # 「其餘救神不在支上而臨三傳之上及臨行年本命」: a 鬼 on 干上 with no 食神 on 支上 or in the 三傳
    les = next(les for d in SIXTY for p in range(1, 13) if (w := fa(les := lesson(d, p), 68)) and "any" in w)
    food = {b for b in Branch if (b.element.overcomes(les.lessons[0].upper.element))}
    assert not food & {les.lessons[2].upper, *les.transmissions}
    assert {k for alt in fa(les, 68)["any"] for k, _ in alt} == {"birth", "xing"}


# line 165 天醫作虎鬼格: 「不宜醫者治，虎乘干鬼」 — 己巳日干上卯: 卯, 己's 鬼, rides 白虎 by night; 卯 is the 天醫 of
# 二月·六月·十月. No 食神 (申酉) on 支上 or in the 三傳: held then, or for an asker whose 本命 or 行年 is under one.
def test_fa68_the_heavenly_doctor_as_the_tigers_ghost():
    les = _lesson("己巳", gan="卯")
    assert les.general_of(Branch.MAO, night=True) == "白虎"
    alts = fa(les, 68)["any"]
    assert (("day_night", ("night",)), ("months", ("卯", "未", "亥"))) in alts
    assert {k for alt in alts for k, _ in alt} == {"birth", "xing", "day_night", "months"}


# 卷十二 第73法 前後逼迫, line 207: 「午加癸為初傳，乃午火受癸水所克，及歸本家午上，又被亥水所克」 (癸巳·卯·丑·亥);
# line 209 全傷坐克格: 丙寅日返吟.
@pytest.mark.parametrize("day, where", [("癸巳", "午加癸"), ("癸卯", "午加癸"), ("丙寅", "返吟")])
def test_fa73_overcome_where_it_stands_and_at_home(day, where):
    assert fa(_at_words(day, where), 73) == {}


# line 205: 「假令壬寅日干上子，三傳辰巳午皆空而不可進，欲退後一步，逢地下寅盜氣，又退一步，逢丑為干鬼 … 惟宜守干上旺」;
# 癸卯日干上寅 has the same 三傳 and steps back but 寅 (脫) on 干上, and the book itself says its list 「於逼迫二字不合」.
def test_fa73_nowhere_forward_nowhere_back():
    assert fa(_lesson("壬寅", gan="子"), 73) == {}
    les = _lesson("癸卯", gan="寅")
    assert [b.zh for b in les.transmissions] == ["辰", "巳", "午"] and fa(les, 73) is None


# 卷十二 第67法 受虎克神, line 119 祿粮神格: 辛未日酉加寅 「祿坐絕鄉，又作閉口」; line 129 虎乘丁鬼格: 辛卯日亥加丑
# 「晝占乃亥乘白虎作丁神」; line 137 空祿格: 甲辰日寅加酉, 乙巳日卯加申, 丁亥日午加亥; line 139 祿神閉口格:
# 辛未日酉加戌夜; line 141 六片板格: 癸卯日申加卯.
@pytest.mark.parametrize("day, where, shift", [
    ("辛未", "酉加寅", ""), ("辛卯", "亥加丑", "day"), ("甲辰", "寅加酉", ""), ("乙巳", "卯加申", ""),
    ("丁亥", "午加亥", ""), ("辛未", "酉加戌", "night"), ("癸卯", "申加卯", "")])
def test_fa67_the_kinds_the_chart_decides(day, where, shift):
    assert _at(fa(_at_words(day, where), 67), shift)


# line 153 宴喜致病格: 「如癸酉、癸亥、癸丑三日並支上未作太常為用，夜將有之。壬戌子寅日並支上未作太常，夜貴有之。
# 以上六日例，緣未為太常克干居於宅上」 — the six days, and no other.
def test_fa67_the_feast_on_the_house_only_on_its_six_days():
    for day in ("癸酉", "癸亥", "癸丑", "壬戌", "壬子", "壬寅"):
        assert _at(fa(_at_words(day, "支上未"), 67), "night")
    for day in ("癸卯", "癸巳", "癸未", "壬申", "壬午", "壬辰"):
        assert fa(_at_words(day, "支上未"), 67) is None


# line 143 白虎入喪車格 「緣申加巳發用為的」; line 145 人入鬼門格 「如庚日申為本命，返吟課」; line 127 虎墓格
# 「緣日干之墓乘白虎在六處者 … 如六乙日晝將順行，乃未乘白虎」.
def test_fa67_the_mourning_cart_the_ghost_gate_and_the_tigers_tomb():
    les = _at_words("甲子", "申加巳")
    assert les.transmissions[0] == Branch.SHEN and fa(les, 67) == {}
    assert fa(_at_words("庚子", "返吟"), 67)["birth"] == ("申",)
    les = _at_words("乙丑", "干上辰")          # 未 under 白虎 by day, over 申: the asker's 本命 or 行年
    assert fa(les, 67)["any"][0] == (("day_night", ("day",)), ("birth", (les.seat(Branch.WEI).zh,)))


# line 147 收魂神 「乃戊日辰為元武者是，夜順晝逆有之」: on 戊 days, where 辰 rides 玄武; not on other days.
def test_fa67_the_soul_gatherer_on_wu_days():
    for d in SIXTY:
        for p in range(1, 13):
            les = lesson(d, p)
            for night in (False, True):
                if les.generals(night)[Branch.CHEN] == "玄武" and d.stem.zh == "戊":
                    assert _at(fa(les, 67), "night" if night else "day"), (d.zh, p)


def test_fa67_a_void_lu_needs_a_place_that_overcomes_it():
    # 甲辰日 (甲辰旬, 寅卯 void): 寅 over 子 (water 生 wood) is no 空祿 (寅 over 亥 is no 空祿 either, but
    # that plate's 用 is 申 over 巳: 白虎入喪車格)
    assert fa(_lesson("甲辰", "寅", "子"), 67) is None
    les = _lesson("甲辰", "寅", "亥")
    assert les.transmissions[0] == Branch.SHEN and les.seat(Branch.SHEN) == Branch.SI and fa(les, 67) == {}


# 卷十一 第22法 上下皆合 and its 格: line 381 干支相會 (乙酉日酉加乙 …, 壬寅日寅加亥); line 383 上下俱合 (甲申日干上亥
# …); line 385 獨支干上神作六合 (戊辰日干上丑 …); line 387 交互六合 (乙丑日干上子 …); line 391 日辰鄰近 (壬子日子加亥,
# 戊午日干上午); line 393 干支相會 (丙戌日戌加巳, 壬辰日辰加亥).
@pytest.mark.parametrize("day, where", [
    ("乙酉", "酉加乙"), ("壬寅", "寅加亥"), ("甲申", "干上亥"), ("庚寅", "干上巳"), ("戊辰", "干上丑"),
    ("丙子", "干上卯"), ("乙丑", "干上子"), ("戊寅", "干上亥"), ("壬子", "子加亥"), ("戊午", "干上午"),
    ("丙戌", "戌加巳"), ("壬辰", "辰加亥")])
def test_fa22_the_kinds_of_combination(day, where):
    assert fa(_at_words(day, where), 22) == {}


# line 389 外好裡槎枒: 「支干上神雖作六合，奈何地盤支干上神卻作六害也」 — 壬申日干上寅, 辛酉日干上丑, 乙卯日干上未 …
@pytest.mark.parametrize("day, where", [("壬申", "干上寅"), ("辛酉", "干上丑"), ("辛酉", "干上未"),
                                        ("乙卯", "干上未"), ("丙寅", "干上寅"), ("戊寅", "干上寅")])
def test_fa22_not_where_the_ground_harms(day, where):
    assert fa(_at_words(day, where), 22) is None


# 卷十一 第11法 眾鬼雖彰 and its 格: line 243 家鬼 (丙寅日干上辰, 「從支陰發用為鬼 … 賴干上有救」); line 245 家人解禍
# (癸亥日辰加癸); line 247 引鬼為生 (丙子日干上子, 己丑日卯加申, 甲寅·甲午日酉加寅); line 249 傳鬼為生 (癸巳日巳加酉
# 晝); line 251 貴德臨身 (乙巳日酉加巳 夜); line 253 天將為救神 (辛巳日午加辛); line 255 脫氣為救 (壬子日未加卯 夜).
@pytest.mark.parametrize("day, where, shift", [
    ("丙寅", "干上辰", ""), ("癸亥", "辰加癸", ""), ("丙子", "干上子", ""), ("己丑", "卯加申", ""),
    ("甲寅", "酉加寅", ""), ("癸巳", "巳加酉", "day"), ("乙巳", "酉加巳", "night"), ("辛巳", "午加辛", ""),
    ("壬子", "未加卯", "night")])
def test_fa11_the_ghosts_held_down_or_turned(day, where, shift):
    assert _at(fa(_at_words(day, where), 11), shift)


# line 243 家鬼: 「凡值支上有鬼，引入鬼鄉者，皆如此說」 (己丑日干上申 寅卯辰, 丙申日干上丑 子申辰, 丙寅日干上辰 子亥戌):
# a 鬼 from 支上 that leads nowhere near its 鄉 is not the 格 (丁卯日干上辰: 子酉午, 中·末 財·比).
@pytest.mark.parametrize("day, where", [("己丑", "干上申"), ("丙申", "干上丑"), ("丙寅", "干上辰")])
def test_fa11_the_house_ghost_leading_into_its_home(day, where):
    assert fa(_at_words(day, where), 11) == {}


def test_fa11_the_house_ghost_must_lead_into_its_home():
    les = _at_words("丁卯", "干上辰")
    assert les.transmissions[0] == les.lessons[2].upper and fa(les, 11) is None


def test_fa11_the_noble_virtue_only_by_night():
    # 乙巳日酉加巳: 「如用晝貴，凶不可遏，設用夜貴反為吉」
    assert fa(_at_words("乙巳", "酉加巳"), 11) == {"day_night": ("night",)}


# 卷十二 第62法 支乘墓虎, line 73 虎鬼克支格 「緣支鬼乘白虎而克支者」: 壬子日戌加子晝, 丁丑日寅加丑夜, 壬寅日返吟夜,
# 癸卯日申加卯夜, 壬午日返吟晝, 丙申日午加申晝, 癸亥日戌加亥晝夜; line 77 蛇墓克支格: 丙子日戌加子夜, 壬子日辰加子夜.
@pytest.mark.parametrize("day, where, shift", [
    ("壬子", "戌加子", "day"), ("丁丑", "寅加丑", "night"), ("壬寅", "返吟", "night"), ("癸卯", "申加卯", "night"),
    ("壬午", "返吟", "day"), ("丙申", "午加申", "day"), ("癸亥", "戌加亥", ""), ("丙子", "戌加子", "night"),
    ("壬子", "辰加子", "night")])
def test_fa62_the_tiger_ghost_and_the_snake_tomb_on_the_branch(day, where, shift):
    assert _at(fa(_at_words(day, where), 62), shift)


def test_fa62_the_snake_tomb_only_where_it_overcomes_the_branch():
    # 「余有雖臨支而不克者稍輕」: the stem's 墓 on 支上 riding 螣蛇 but not overcoming the 辰 (nor on a 卯·酉 day,
    # 墓門開) is not the 法 by that shift
    from sitegen.model.ganzhi import Stage, stage_branch
    seen = 0
    for d in SIXTY:
        for p in range(1, 13):
            les = lesson(d, p)
            z = les.lessons[2].upper
            if (z != stage_branch(d.stem.element, Stage.MU) or z.element.overcomes(d.branch.element)
                    or d.branch in (Branch.MAO, Branch.YOU) or z == stage_branch(d.branch.element, Stage.MU)):
                continue
            for shift, gens in (("day", les.generals_day), ("night", les.generals_night)):
                if gens[z] == "螣蛇":
                    seen += 1
                    assert not _at(fa(les, 62), shift), (d.zh, p, shift)
    assert seen


# 卷十一 第25法 金日逢丁 and the 格 any day can show: line 407 火鬼蛇雀克宅 (「夏占火鬼是酉 … 丁卯日酉加卯用晝將
# 乘朱雀而克宅」, 「冬占火鬼是卯 … 壬辰日卯加辰，晝將乘朱雀」); line 411 蛇虎遁鬼 (甲子日庚午加戌, 晝將); line 415
# 馬載虎鬼 (甲寅日申加午 晝, 戊辰日寅加未 夜); line 417 蛇虎乘丁 (乙亥日丑加亥, 乙未日干上酉 夜乘螣蛇).
@pytest.mark.parametrize("day, where, shift, months", [
    ("丁卯", "酉加卯", "day", ("巳", "午", "未")), ("壬辰", "卯加辰", "day", ("子", "丑", "亥")),
    ("甲子", "午加戌", "day", None), ("甲寅", "申加午", "day", None), ("戊辰", "寅加未", "night", None),
    ("乙亥", "丑加亥", "", None), ("乙未", "干上酉", "night", None)])
def test_fa25_the_kinds_any_day_can_show(day, where, shift, months):
    w = fa(_at_words(day, where), 25)
    assert _at(w, shift)
    assert w.get("months") == months


# 卷十二 第72法 喪弔 and its 孝服 格, line 195: 「如日鬼作死氣而乘太常加干上 … 六辛日午加戌，正月夜占」; line 197:
# 「乙未日申加未，三月占用晝將，作死氣乘太常入宅」, 戊戌日卯加戌 十月 夜; line 199: 辛亥日戌加亥 五月 晝夜.
@pytest.mark.parametrize("day, where, shift, month", [
    ("辛亥", "午加戌", "night", "寅"), ("乙未", "申加未", "day", "辰"), ("戊戌", "卯加戌", "night", "亥"),
    ("辛亥", "戌加亥", "", "午")])
def test_fa72_death_riding_taichang_on_the_stem_or_the_house(day, where, shift, month):
    w = fa(_at_words(day, where), 72)
    assert _at(w, shift) and month in w["months"]


# line 201: 墓門開格 「如歲後五墓又為干墓，臨卯酉作蛇，又作月厭 … 如子年四月乙酉日未加酉 … 又午年十月辛酉日，丑加酉乘蛇作月厭」.
@pytest.mark.parametrize("day, heaven, year, month", [("乙酉", "未", "子", "巳"), ("辛酉", "丑", "午", "亥")])
def test_fa72_the_tomb_gate_opens(day, heaven, year, month):
    w = fa(_lesson(day, heaven, "酉"), 72)
    assert w["years"] == (year,) and w["months"] == (month,) and "day_night" in w


# 卷十一 第19法 互胎格, line 317: 「如戊寅日干上酉，乃支之胎神，支上午乃干之胎神 … 甲申干上卯，庚寅干上酉，已上並是
# 干上得支之胎神，支上得干之胎神也」 (乙丑日干上子: 土's 胎 with 火).
@pytest.mark.parametrize("day, gan", [("戊寅", "酉"), ("甲申", "卯"), ("庚寅", "酉"), ("乙丑", "子"), ("己未", "午")])
def test_fa19_each_on_the_others_foetus(day, gan):
    assert fa(_lesson(day, gan=gan), 19) == {}


# ---- 年命 where the clause names it (issue 28): 第3法, 第4法, 德慶, 合歡, 龍戰 ----------------------------

_MOMENT = {"hour": "午", "month_general": "子", "month": "甲子", "year": "甲子"}
_SHIFTS = (("day", False), ("night", True))


def _held(when: dict, shift: str, birth: str | None = None, xing: str | None = None):
    from sitegen.cast import held
    when = {k: v[0] if k == "day_night" else v for k, v in when.items()}    # as the lesson's data gives it
    return held(when, {**_MOMENT, "day_night": shift}, birth, xing)


def _rides(les, night: bool, general: str) -> Branch:
    g = les.generals_night if night else les.generals_day
    return next(b for b in Branch if g[b] == general)


def _over_stem_or_nianming(les, number: int, at) -> None:
    """法 ``number`` holds in a shift, for an asker whose 本命 and 行年 are both X, exactly where
    ``at(les, night)`` (a heaven branch, or None) is on 干上 or stands over X."""
    w = fa(les, number)
    for shift, night in _SHIFTS:
        b = at(les, night)
        for x in Branch:
            want = b is not None and (b == les.gan_shang or les.seat(b) == x)
            assert bool(w is not None and (w == {} or _held(w, shift, x.zh, x.zh))) == want, (les.day.zh, les.plate, shift, x)
        if w and b is not None and b != les.gan_shang:
            assert _held(w, shift) is None           # no asker: the page shows the condition


# 卷十一 第3法 簾幕貴人, line 147: 「簾幕官者，如晝占乃夜貴，夜占乃晝貴 … 臨於占人年命之上，或臨日干上」; lines 165
# and 167 name 丁酉日干上酉 and 癸卯日干上卯 (the other shift's 貴人 on 干上).
def test_fa3_the_other_shifts_noble_on_the_stem_or_over_the_askers_nianming():
    def other_noble(les, night):
        return _rides(les, not night, "貴人")
    for day, gan in (("丁酉", "酉"), ("癸卯", "卯")):
        les = _lesson(day, gan=gan)
        shift = next(s for s, night in _SHIFTS if other_noble(les, night) == les.gan_shang)
        assert _held(fa(les, 3), shift) is True        # whoever asks
    for d in SIXTY[::7]:
        for p in range(1, 13):
            _over_stem_or_nianming(lesson(d, p), 3, other_noble)


# 卷十一 第4法 催官使者, line 175: 「見日鬼乘白虎加臨日干或年命之上，乃名催官使者」.
def test_fa4_the_tiger_on_a_ghost_on_the_stem_or_over_the_askers_nianming():
    from sitegen.model.ganzhi import Kin, kin

    def tiger_ghost(les, night):
        b = _rides(les, night, "白虎")
        return b if kin(les.day.stem.element, b.element) == Kin.OFFICER else None
    seen = set()
    for d in SIXTY[::5]:
        for p in range(1, 13):
            les = lesson(d, p)
            _over_stem_or_nianming(les, 4, tiger_ghost)
            seen |= {"stem" if tiger_ghost(les, n) == les.gan_shang else "nianming"
                     for n in (False, True) if tiger_ghost(les, n) is not None}
    assert seen == {"stem", "nianming"}


def _nianming_good(les, rid: str, first_ok) -> None:
    """課體 ``rid`` holds in a shift, for an asker with 本命 X and 行年 Y, exactly where ``first_ok``
    (初傳 rides a 吉將 there) and the gods over X and over Y ride 吉將 in that shift (and, where it
    holds at every 本命 and 行年 of a shift, never without them)."""
    from sitegen.model.liuren.keti import GOOD
    w = ke(les, rid)
    for shift, night in _SHIFTS:
        g = les.generals_night if night else les.generals_day
        good = {x for x in Branch if g[les.heaven[x]] in GOOD}
        ok = first_ok(g)
        for x in Branch:
            for y in Branch:
                assert (_held(w, shift, x.zh, y.zh) is True) == (ok and x in good and y in good), (shift, x, y)
        assert _held(w, shift) is (None if ok else False)


# 卷八 德慶課, line 559: 「凡課日辰干支德神，及天月二德發用，並在年命乘吉將」; line 563: 「如戊子日戊時卯將占，巳為德神
# 加子發用」 (the book gives no 年命: the site reads 「並」 as asking them too).
def test_deqing_the_virtue_first_and_the_askers_nianming_on_good_generals():
    from sitegen.model.liuren.keti import GOOD
    les = _lesson("戊子", "巳", "子")
    assert les.transmissions[0] == Branch.SI
    _nianming_good(les, "liuren-de-qing", lambda g: g[Branch.SI] in GOOD)
    assert "months" not in ke(les, "liuren-de-qing")             # 戊's own 德: every month


def test_deqing_takes_the_branchs_virtue_and_the_months_heavenly_and_monthly_virtues():
    """支德 (子日起巳順行) at every month; 天德 and 月德 (the 神煞 tables) in their months only."""
    from sitegen.model.liuren.keti import GOOD
    from sitegen.model.liuren.shensha import SHENSHA_BY_ID
    from sitegen.model.liuren.tables import GAN_DE
    tian, yue, zhi = (SHENSHA_BY_ID[f"liuren-sha-{n}"] for n in ("tian-de", "yue-de", "zhi-de"))
    kinds = set()
    for d in SIXTY:
        for p in range(1, 13):
            les = lesson(d, p)
            w = ke(les, "liuren-de-qing")
            first = les.transmissions[0]
            months = {m.zh for m in Branch if first in (tian.place(d, m), yue.place(d, m))}
            good = les.generals_day[first] in GOOD or les.generals_night[first] in GOOD
            if not good or not (months or first in (GAN_DE[d.stem], zhi.place(d))):
                assert w is None, (d.zh, p)
            elif first in (GAN_DE[d.stem], zhi.place(d)):
                assert "months" not in w, (d.zh, p)
                kinds.add("zhi" if first != GAN_DE[d.stem] else "gan")
            else:
                assert set(w["months"]) == months, (d.zh, p)
                kinds.add("month")
    assert kinds == {"gan", "zhi", "month"}


# 卷八 合歡課, line 589: 「凡課日辰遇天干作合，及支三合六合發用，並占人年命俱乘吉將」; line 593: 「如戊申日子時申將，
# 子與干上丑作六合，加辰發用。戊日天干上丑遁得癸作合 … 亥命見未為貴人，行年在辰見子為青龍」: 干上丑 carries 癸, which
# 合s 戊, so the 年命 decide it in either arrangement (丑 itself rides 天空).
def test_hehuan_the_askers_nianming_both_on_good_generals():
    les = _cast("戊申", "子", "申")
    w = ke(les, "liuren-he-huan")
    assert les.heaven[Branch.HAI] == Branch.WEI and les.generals_night[Branch.WEI] == "貴人"
    assert les.heaven[Branch.CHEN] == Branch.ZI and les.generals_night[Branch.ZI] == "青龍"
    assert _held(w, "night", "亥", "辰") is True and _held(w, "night", "亥") is None
    assert les.gan_shang == Branch.CHOU and les.day.dun_stem(Branch.CHOU).zh == "癸"
    _nianming_good(les, "liuren-he-huan", lambda g: True)


def test_hehuan_a_stem_combining_over_the_day_or_its_branch_or_a_combining_first_on_a_good_general():
    """「日辰遇天干作合」 (干上 or 支上 carrying a 遁干 that 五合s the day's stem) or 「支三合六合發用」 (用 in 六合 or
    三合 with the 辰, riding a 吉將): each alone, with the 年命 on 吉將; neither, never. 卷八 line 617 names 丁丑日
    干上午 (午 carries 壬, which 合s 丁)."""
    from sitegen.model.ganzhi import stem_combine
    from sitegen.model.liuren.keti import GOOD
    kinds = set()
    for d in SIXTY:
        for p in range(1, 13):
            les = lesson(d, p)
            first = les.transmissions[0]
            stem = any(x is not None and stem_combine(x) == d.stem
                       for x in (d.dun_stem(les.gan_shang), d.dun_stem(les.zhi_shang)))
            branch = first.combine == d.branch or (first != d.branch and first in d.branch.trine)
            if stem:
                _nianming_good(les, "liuren-he-huan", lambda g: True)
                kinds.add("stem" if not branch else "both")
            elif branch and any(g[first] in GOOD for g in (les.generals_day, les.generals_night)):
                _nianming_good(les, "liuren-he-huan", lambda g: g[first] in GOOD)
                kinds.add("first")
            else:
                assert ke(les, "liuren-he-huan") is None, (d.zh, p)
    assert kinds == {"stem", "both", "first"}
    les = _lesson("丁丑", gan="午")
    assert les.day.dun_stem(Branch.WU).zh == "壬"
    _nianming_good(les, "liuren-he-huan", lambda g: True)


# 卷九 龍戰課, line 1769: 「凡卯酉日占，卯酉為用，人年立卯酉，為龍戰課」; line 1773: 「如丁卯日辰時戌將占，卯加酉發用，
# 人年立卯地」; 觀月經, line 1807: 「其餘日卯酉上發用者，亦是龍戰卦也」 (line 1815: 乙卯日巳將辰時, 辰加卯); 心鏡,
# line 1833: 「卯酉日占，或行年本命在卯酉上，或用神在卯酉上，是龍戰卦也」.
def test_longzhan_the_first_over_mao_or_you_or_on_a_mao_you_day_the_askers_xingnian():
    assert ke(_cast("丁卯", "辰", "戌"), "liuren-long-zhan") == {}
    assert ke(_cast("乙卯", "辰", "巳"), "liuren-long-zhan") == {}
    by_xing = 0
    for d in SIXTY:
        for p in range(1, 13):
            les = lesson(d, p)
            w = ke(les, "liuren-long-zhan")
            if les.seat(les.transmissions[0]) in (Branch.MAO, Branch.YOU):
                assert w == {}
            elif d.branch not in (Branch.MAO, Branch.YOU):
                assert w is None
            else:
                by_xing += 1
                for shift, _ in _SHIFTS:
                    assert _held(w, shift) is None
                    assert _held(w, shift, xing="卯") is True and _held(w, shift, birth="酉") is True
                    assert _held(w, shift, "子", "午") is False
    assert by_xing > 0


def test_a_stated_shift_is_checked_against_the_alternatives_shifts():
    """A book's example by its hour (晝 or 夜) shows a 課 or 法 whose every alternative is the other
    shift's only if the condition allows its own."""
    from sitegen.model.liuren.examples import shifts
    assert shifts({"day_night": ("day",)}) == {"day"}
    assert shifts({"any": ((("day_night", ("night",)), ("birth", ("子",))),)}) == {"night"}
    assert shifts({"any": ((("day_night", ("night",)),), (("xing", ("子",)),))}) == {"day", "night"}
    assert shifts({"months": ("子",)}) == {"day", "night"}

# 卷十一 第1法 前後引從 and its 夾拱 格: line 113 庚辰日寅加酉 (引從天干), 115 壬子日巳加子, 117 己亥·丁亥日巳加子
# (引從地支); 127–129 干支拱定日祿·拱貴 「惟伏吟卦為的」 (丁巳 己巳 癸亥; 庚午 己酉 甲子); 131 「庚午日干上戌，
# 支上申，乃支干並初中拱夜貴也」.
@pytest.mark.parametrize("day, where", [
    ("庚辰", "寅加酉"), ("壬子", "巳加子"), ("己亥", "巳加子"), ("丁亥", "巳加子"), ("丁巳", "伏吟"), ("己巳", "伏吟"),
    ("癸亥", "伏吟"), ("庚午", "伏吟"), ("己酉", "伏吟"), ("甲子", "伏吟"), ("庚午", "干上戌")])
def test_fa1_leading_and_following_and_the_flanked_lu_or_noble(day, where):
    assert fa(_at_words(day, where), 1) == {}


# line 119: 「丁酉日酉加丁，亥加酉，占人年命在申；丁巳日亥加丁，酉加巳，占人年命在午；癸亥日巳加癸，卯加亥，占人年命在子」;
# line 125 二貴拱年命格: 「癸未日初傳巳加子，末傳卯加戌，占人行年本命在亥」.
@pytest.mark.parametrize("day, where, ming", [
    ("丁酉", "酉加丁", "申"), ("丁巳", "亥加丁", "午"), ("癸亥", "巳加癸", "子"), ("癸未", "巳加子", "亥")])
def test_fa1_two_nobles_flanking_the_askers_nianming(day, where, ming):
    assert fa(_at_words(day, where), 1) == {"any": ((("birth", (ming,)),), (("xing", (ming,)),))}


def test_fa1_the_flanked_place_is_not_held_off_fuyin():
    # 甲辰日 伏吟: 寅 and 辰 flank 卯, neither 祿 nor 貴人; 甲子日 off 伏吟 flanks 丑 with nothing of the 格
    assert fa(_at_words("甲辰", "伏吟"), 1) is None
    assert fa(_at_words("甲子", "返吟"), 1) is None


# 卷十一 第18法 踏腳空亡格, line 303: 「甲子日戌加子為初傳，乃是本旬之空，申加戌為中傳，乃後旬之空，午加申為末傳，
# 乃外後旬之空亡 … 甲申日午加申，乙卯日丑加卯，丙辰日丑加卯，丁巳日丑加卯」 (乙卯's 三傳 丑亥酉 by 孟仲季 涉害 only).
@pytest.mark.parametrize("day, where", [("甲子", "戌加子"), ("甲申", "午加申"), ("丙辰", "丑加卯"), ("丁巳", "丑加卯")])
def test_fa18_stepping_back_into_three_voids(day, where):
    assert fa(_at_words(day, where), 18) == {}


def test_fa18_not_where_the_first_is_not_void():
    les = _at_words("乙卯", "丑加卯")
    assert "".join(b.zh for b in les.transmissions) == "亥酉未" and fa(les, 18) is None


# 卷十一 第19法 損孕格, line 325: 「如壬辰日午加亥，癸巳日午加丑，庚戌日卯加申，辛亥日卯加戌，戊午日子加巳，己未日子加未，
# 甲戌、乙亥日酉加巳午，丙辰、丁巳日子加辰戌丑未，已上例緣胎神作空受克」; line 331 三元胎格: 乙未日亥加丑 (昴星).
@pytest.mark.parametrize("day, where", [
    ("壬辰", "午加亥"), ("癸巳", "午加丑"), ("庚戌", "卯加申"), ("辛亥", "卯加戌"), ("戊午", "子加巳"), ("己未", "子加未"),
    ("甲戌", "酉加巳"), ("甲戌", "酉加午"), ("乙亥", "酉加巳"), ("丙辰", "子加辰"), ("丙辰", "子加戌"), ("丁巳", "子加丑"),
    ("丁巳", "子加未"), ("乙未", "亥加丑")])
def test_fa19_the_void_foetus_overcome_and_the_three_origins(day, where):
    assert fa(_at_words(day, where), 19) == {}


def test_fa19_a_void_foetus_not_overcome_is_not_sunyun():
    les = _at_words("丙辰", "子加申")   # 子 void, over 申 (金 生 水)
    assert fa(les, 19) is None


# 卷十一 第27法: line 435 傳財化鬼格 「乙巳未乙，三傳未戌丑，支上申」; line 437 因財致禍格 庚辰日干上丑 (「初傳寅木為財乘
# 白虎而傷干上丑土」); line 439 財遁鬼格 甲戌日干上庚辰, 壬戌日干上戊午; line 441 借錢還債格 「辛酉日干上卯、支上寅，壬子日
# 干上巳，丙午日干上申，外有乙未日伏吟」.
@pytest.mark.parametrize("day, where", [
    ("乙巳", "未加乙"), ("庚辰", "干上丑"), ("甲戌", "干上辰"), ("壬戌", "干上午"), ("辛酉", "干上卯"), ("壬子", "干上巳"),
    ("丙午", "干上申"), ("乙未", "伏吟")])
def test_fa27_the_kinds_of_wealth_turning_to_harm(day, where):
    assert fa(_at_words(day, where), 27) == {}


# 卷十一 第7法 祿被元奪格, line 207: 「辛卯日，干上酉為日旺祿，緣晝乘元而夜乘虎 … 又辛未日干上酉，夜乘虎」 — 辛未's 酉 is
# the 旬尾, held for the 玄武·白虎 on it; 乙未日干上卯 (「閉口之祿而不可守」) rides neither.
def test_fa7_the_lu_taken_by_xuanwu_or_the_tiger():
    assert _at(fa(_lesson("辛未", gan="酉"), 7), "night")
    assert fa(_lesson("乙未", gan="卯"), 7) is None


# 卷十一 第9法 避難逃生得財格, line 225: 「壬午日，辰加亥作初傳 … 三傳辰酉寅，不免棄墓而投中傳酉金之生，又是旬空，遂再投
# 末傳寅木，又是脫氣，然後棄其三傳，而壬干加午而取財也」.
def test_fa9_fleeing_to_the_wealth_of_the_branch():
    les = _lesson("壬午", "辰", "亥")
    assert "".join(b.zh for b in les.transmissions) == "辰酉寅" and fa(les, 9) == {}
    # 丙寅日寅加丙 (same line): 末傳 巳 helps 丙 and 寅 is not its 財 (classed ambiguous)
    assert fa(_lesson("丙寅", gan="寅"), 9) is None


# 卷十一 第15法 脫盜格, line 281: 「乃干上逢脫氣，天將作元武者 … 辛亥日干上亥 … 晝虎夜元」, and 「甲午日午加甲，三傳又是
# 火局，並支來盜干」; 第16法 脫空格, line 287: 「謂干上有脫乘天空 … 如辛卯日干上子，晝占上乘天空」.
def test_fa15_the_drain_riding_xuanwu_and_the_branch_draining_the_stem():
    assert _at(fa(_lesson("辛亥", gan="亥"), 15), "night")
    assert fa(_lesson("甲午", "午", "寅"), 15) == {}


def test_fa16_the_drain_riding_tiankong():
    assert _at(fa(_lesson("辛卯", gan="子"), 16), "day")


# 卷十一 第26法 財乘丁馬格, line 423: 「緣財神乘丁，或為驛馬者 … 如己丑日亥為財乘丁馬，甲辰、乙巳見未，丙申、丁酉見酉，
# 戊子日見亥，甲戌、乙亥日見丑」 — any day, the 財 that is the 旬丁 (or the 驛馬) in the six places.
@pytest.mark.parametrize("day, ding", [("己丑", "亥"), ("甲辰", "未"), ("乙巳", "未"), ("丙申", "酉"), ("丁酉", "酉"),
                                       ("戊子", "亥"), ("甲戌", "丑"), ("乙亥", "丑")])
def test_fa26_the_wealth_riding_the_ding_or_the_horse(day, ding):
    d = GanZhi.from_zh(day)
    for p in range(1, 13):
        les = lesson(d, p)
        where = fa(les, 26)
        if Branch.from_zh(ding) in (*les.transmissions, les.lessons[0].upper, les.lessons[2].upper):
            assert where == {}
        else:
            seat = les.seat(Branch.from_zh(ding)).zh
            assert seat in where["any"][0][0][1]


def test_fa26_not_where_neither_the_ding_nor_the_horse_is_wealth():
    # 甲子日: 旬丁 卯 and 驛馬 寅 are 比肩 of 甲
    assert all(fa(lesson(GanZhi.from_zh("甲子"), p), 26) is None for p in range(1, 13))


# 卷十一 第25法 凶怪格, line 413: 「謂月厭、大煞、天目、墓神、丁神 … 並臨年命日辰。如乙巳日干上未，四月占；庚辰、辛巳日
# 干上丑，十月占」 (卷一: 月厭 and 大煞 四月 未, 十月 丑; 天目 「春辰夏未秋戌冬丑」).
def test_fa25_xionguai_in_its_month():
    assert fa(_at_words("乙巳", "干上未"), 25) == {"months": ("巳",)}
    assert fa(_at_words("甲辰", "干上未"), 25) == {"months": ("巳",)}
    assert fa(_at_words("庚辰", "干上丑"), 25) == {}          # 金日逢丁 already, in every month

# 卷十一 第29法 人旺棄宅格, line 459: 「三傳生其日干而克其支辰者」 — 丁未日卯加未, 癸卯日酉加巳, 甲午日子加丑
# (三傳子亥戌 read as water, as 第33法's 「三傳子亥戌為生干」), 丙戌日卯加辰; line 461 贅婿卦 「支加干而被干克者，
# 其支上又乘脫氣，或克支者」 — 丙申日申加丙, 丁酉日酉加丁, 戊子日子加戊, 己亥日亥加未 (the book's 亥加巳 puts 丑 on 干上).
@pytest.mark.parametrize("day, where", [
    ("丁未", "卯加未"), ("癸卯", "酉加巳"), ("甲午", "子加丑"), ("丙戌", "卯加辰"), ("丙申", "申加丙"),
    ("丁酉", "酉加丁"), ("戊子", "子加戊"), ("己亥", "亥加未")])
def test_fa29_the_people_thrive_and_the_son_in_law(day, where):
    assert fa(_at_words(day, where), 29) == {}


# 卷十一 第30法 賣宅備患格, line 467: 「三傳生支克干」 — 癸酉日辰加丑, 己巳日卯加未, 丙寅日子加丑, 癸酉日伏吟.
@pytest.mark.parametrize("day, where", [("癸酉", "辰加丑"), ("己巳", "卯加未"), ("丙寅", "子加丑"), ("癸酉", "伏吟")])
def test_fa30_sell_the_house(day, where):
    assert fa(_at_words(day, where), 30) == {}


# line 469 獅獸衝宅格: 「壬辰日，申加戌作白虎，冲支上寅；辛巳日伏吟，亥作虎冲支上巳 … 辛丑日酉加未作虎冲支上卯」;
# 「如對鄰空亡不足畏也」.
@pytest.mark.parametrize("day, where", [("壬辰", "申加戌"), ("辛巳", "伏吟"), ("辛丑", "酉加未")])
def test_fa30_the_lion_facing_the_house_by_its_tiger(day, where):
    les = _at_words(day, where)
    facing = les.lessons[2].upper.shift(6)
    when = fa(les, 30)
    assert when is not None and set(when) == {"day_night"}
    assert all(les.general_of(facing, night=s == "night") == "白虎" for s in when["day_night"])


# line 471 血厭克宅格: 「七月癸亥日，辰作天后加亥，乃夜占，緣七月血忌在辰，月厭亦在辰」, and 「止有七月占有血忌與
# 月厭同處，余中有天后臨血支、血忌之例」: 辰 is the 血忌 of 七月 and the 血支 of 四月, and nothing else makes it.
def test_fa30_blood_and_the_months_loathing_in_the_seventh_month():
    when = fa(_at_words("癸亥", "辰加亥"), 30)
    assert when["months"] == ("巳", "申") and _at(when, "night")


# The same 格 in the other months: 天后 on 支上, overcoming the 辰, the month's 血支 or 血忌 — 癸酉日 午加酉
# (午 the 血支 of 六月, the 血忌 of 十一月; 天后 by day); 己亥日 丑加亥 (丑 both in 正月); never where 天后 is elsewhere.
def test_fa30_the_queen_on_the_blood_branch_in_any_month():
    when = fa(_at_words("癸酉", "午加酉"), 30)
    assert when == {"months": ("子", "未"), "day_night": ("day",)}
    when = fa(_at_words("己亥", "丑加亥"), 30)
    assert when == {"months": ("寅",), "day_night": ("day",)}
    les = _at_words("癸酉", "午加酉")
    assert les.general_of(Branch.WU, night=False) == "天后" and les.general_of(Branch.WU, night=True) != "天后"


# 卷十一 第34法 (「此一句亦宜分為二項說」): 一喜一悲格 line 507 癸亥日干上戌 (戌 青龍, 申 白虎), 癸卯日干上申;
# 樂裡生憂格 line 509 甲申日干上亥, 庚辰日干上戌, 庚午日干上辰; line 511 丙申日夜 申加巳 (「末傳乘虎遁壬水克干」);
# 恩多怨深格 line 513 己巳日申加巳.
@pytest.mark.parametrize("day, where, shift", [
    ("癸亥", "干上戌", ""), ("癸卯", "干上申", ""), ("甲申", "干上亥", ""), ("庚辰", "干上戌", ""),
    ("庚午", "干上辰", ""), ("丙申", "申加巳", "night"), ("己巳", "申加巳", "")])
def test_fa34_joy_and_sorrow_in_their_kinds(day, where, shift):
    assert _at(fa(_at_words(day, where), 34), shift)


# 卷十一 第34法 樂裡生憂格, line 509: 「如癸酉、癸丑、癸巳三日，酉加癸晝占，三傳雖金生日，其天將皆來傷日」 — 三傳巳丑酉 (金局)
# under 貴人 勾陳 太常 by day; by night (太陰 朱雀 天空) it is not.
@pytest.mark.parametrize("day", ["癸酉", "癸丑", "癸巳"])
def test_fa34_the_face_feeds_and_the_generals_wound(day):
    les = _lesson(day, "酉", "丑")
    assert "".join(b.zh for b in les.transmissions) == "巳丑酉" and fa(les, 34) == {"day_night": ("day",)}


# 卷十一 第34法, line 515: 「外有戊己日返吟，三月占，生氣克日，主病，死氣生日主生」 — every 戊·己 day's 返吟 shows it in
# 三月 (辰) and only then (生氣 寅 overcomes 土, 死氣 申 is its 長生); no other stem's 返吟 is held by a month.
def test_fa34_the_earth_days_reversed_in_the_third_month():
    reversed_ = [lesson(d, 7) for d in SIXTY]
    assert all(les.method == "返吟" for les in reversed_)
    assert all(fa(les, 34) == {"months": ("辰",)} for les in reversed_ if les.day.stem.zh in "戊己")
    assert not any("months" in (fa(les, 34) or {}) for les in reversed_ if les.day.stem.zh not in "戊己")


# 卷十一 第35法, line 521: 「遙克、昴星、別責，乘空落空為初傳發用，將乘元武者」 — 乙亥日酉加亥, 丙子日申加子 (晝),
# 辛丑日巳加申 (夜), 庚午日戌加酉; 「庚子日元首，辰空元加子 … 辛亥卯加戌晝將 … 但初傳不系遙克並昴星」; line 523
# 財空乘元格 甲子日戌加子 (晝); line 525 鬼脫乘元格 己酉日卯加酉 (晝), 辛丑日亥加丑 (夜).
@pytest.mark.parametrize("day, where, shift", [
    ("乙亥", "酉加亥", ""), ("丙子", "申加子", "day"), ("辛丑", "巳加申", "night"), ("庚午", "戌加酉", ""),
    ("庚子", "辰加子", "day"), ("辛亥", "卯加戌", "day"), ("甲子", "戌加子", "day"), ("己酉", "卯加酉", "day"),
    ("辛丑", "亥加丑", "night")])
def test_fa35_the_void_use_riding_the_dark_warrior(day, where, shift):
    assert _at(fa(_at_words(day, where), 35), shift)


def test_fa35_not_a_void_use_without_the_dark_warrior():
    # 甲子日干上戌: 戌, the void 財, is the 用 as in 甲子日戌加子, but 玄武 rides it neither 晝 nor 夜
    les = _lesson("甲子", gan="戌")
    first = les.transmissions[0]
    assert first.zh == "戌" and first in les.day.xun_void
    assert all(les.general_of(first, night=n) != "玄武" for n in (False, True)) and fa(les, 35) is None


# 卷十一 第31法 支干相生格, line 479: 「如壬戌日干上申，支上未土生申金，金來生日」.
def test_fa31_the_branch_feeds_the_stems_top():
    les = _at_words("壬戌", "干上申")
    assert "".join(b.zh for b in les.transmissions) == "巳寅亥" and fa(les, 31) == {}


# 卷十一 第32法 求財大獲格, line 489: 庚辰日干上丑 (「自庚金克初傳寅為財，初傳寅木克中傳未土，中傳未土克末傳子水」),
# 乙酉日未加寅; line 495 三傳內戰格 「三傳俱下賊上」: 癸酉日未加寅, 戊辰日寅加酉.
@pytest.mark.parametrize("day, where", [("庚辰", "干上丑"), ("乙酉", "未加寅"), ("癸酉", "未加寅"), ("戊辰", "寅加酉")])
def test_fa32_great_gain_and_war_within(day, where):
    assert fa(_at_words(day, where), 32) == {}


# 卷十一 第36法 破敗神臨宅格, line 531: 「己巳、己亥二日，干上乘酉 … 又戊申、戊寅日干上酉，壬寅、壬申、癸巳、癸亥四日干上酉」.
@pytest.mark.parametrize("day", ["己巳", "己亥", "戊申", "戊寅", "壬寅", "壬申", "癸巳", "癸亥"])
def test_fa36_the_broken_and_ruined_god_on_the_stem(day):
    assert fa(_at_words(day, "干上酉"), 36) == {}


# 卷十一 第37法 謁求禍出格, line 541: 「支上神作財生干上神為鬼者 … 甲子甲午日干上酉，甲辰甲戌日干上申 … 丙寅日干上子」.
@pytest.mark.parametrize("day, where", [("甲子", "干上酉"), ("甲午", "干上酉"), ("甲戌", "干上申"), ("丙寅", "干上子")])
def test_fa37_seeking_an_audience_brings_trouble(day, where):
    assert fa(_at_words(day, where), 37) == {}


# 卷十一 第45法 貴覆干支格, line 615: 「緣干支上皆乘晝夜貴人例」 — 甲申日干上丑、支上未 … 丁酉日干上酉、支上亥; held
# by day and by night alike.
@pytest.mark.parametrize("day, where", [
    ("甲申", "干上丑"), ("庚寅", "干上未"), ("己卯", "干上子"), ("己亥", "干上申"), ("丁巳", "干上亥"), ("丁酉", "干上酉")])
def test_fa45_both_nobles_over_stem_and_branch(day, where):
    assert fa(_at_words(day, where), 45) == {}


# 卷十一 第33法 舍損就益格, line 501: 「甲辰日丑加甲，丑乃日之破碎，支上卯又作六害，又是干之羊刃，宜棄此而就三傳子亥戌
# 為生干」; 「甲子日亥加甲，六月占，乃父母爻作空亡，又是死氣，又為木之長生」 (六月: 未).
def test_fa33_leave_the_loss_for_the_gain():
    assert fa(_at_words("甲辰", "丑加甲"), 33) == {}
    assert fa(_at_words("甲子", "亥加甲"), 33) == {"months": ("未",)}


# 卷十一 第31法 將生財神格, line 477: 「緣三傳作財，其天將又生財神者 … 如六丙日酉加巳夜」, and line 483 「外有三傳生干，
# 天將又生傳者，例如六癸日三傳酉丑巳 … 晝占天將貴常勾」; 第32法 土將助財格, line 491: 「如六丙日酉加巳，三傳皆財，
# 夜將又皆土神」.
@pytest.mark.parametrize("number, days, at, shift", [
    (31, "六丙", "酉加巳", "night"), (31, "六癸", "三傳酉丑巳", "day"), (32, "六丙", "酉加巳", "night")])
def test_fa31_32_the_generals_feed_the_transmissions(number, days, at, shift):
    from sitegen.model.liuren.examples import evaluate_bifa
    assert evaluate_bifa(days, at, number, shift).shows


# 卷十一 第32法 雀鬼格, line 493: 「朱雀作日鬼加干 … 六丙日干上亥夜，六庚日干上巳暮，六甲日干上酉夜，六戊日干上卯晝」.
@pytest.mark.parametrize("days, at, shift", [
    ("六丙", "干上亥", "night"), ("六庚", "干上巳", "night"), ("六甲", "干上酉", "night"), ("六戊", "干上卯", "day")])
def test_fa32_the_bird_riding_the_ghost_on_the_stem(days, at, shift):
    from sitegen.model.liuren.examples import evaluate_bifa
    assert evaluate_bifa(days, at, 32, shift).shows


# 卷十一 第32法 雀鬼格, line 493: 「壬癸日未乘雀晝貴順行有之，但不臨干，如臨年命亦可用」 — 壬申日卯加亥: by day 朱雀 rides
# 未, the day's 鬼, over 卯, not on 干上; it holds by day for an asker whose 本命 or 行年 is 卯, and only then.
def test_fa32_the_bird_riding_the_ghost_over_the_askers_year():
    les = _lesson("壬申", "卯", "亥")
    assert les.general_of(Branch.WEI, night=False) == "朱雀" and les.lessons[0].upper.zh != "未"
    day = ("day_night", ("day",))
    assert fa(les, 32) == {"any": ((day, ("birth", ("卯",))), (day, ("xing", ("卯",))))}


# line 493 again: 「但不臨干」 holds of 壬 days, not of 癸 返吟 by day — 晝貴 巳 over 亥 runs 順 and 朱雀 rides 未, the day's 鬼,
# on 干上 (未 over 丑): the site holds 雀鬼格 there by the 格's clause 「朱雀作日鬼加干」 (the validation list says why).
def test_fa32_the_bird_on_the_stem_of_a_gui_day_fanyin():
    les = _lesson("癸酉", gan="未")
    assert les.method == "返吟" and les.general_of(Branch.WEI, night=False) == "朱雀"
    assert (("day_night", ("day",)),) in fa(les, 32)["any"]
    ren = [les for d in SIXTY if d.stem.zh == "壬" for p in range(1, 13)
           if (les := lesson(d, p)).lessons[0].upper == Branch.WEI]
    assert ren and all(les.general_of(Branch.WEI, night=False) != "朱雀" for les in ren)


# 卷十一 第31法 兩面刀格, line 481: 「如六戊日伏吟，巳申寅，末傳寅能助初生干，亦能克干」.
def test_fa31_the_two_edged_knife():
    from sitegen.model.liuren.examples import evaluate_bifa
    assert evaluate_bifa("六戊", "伏吟", 31).shows


# 卷十一 第34法, line 507: 「如干上長生於月令無氣，卻喜傳中見鬼，乃甲日上見亥，月令無氣，傳中見申酉為可生亥水也」:
# held only in the months 亥 is 休·囚·死 (not in winter, when water is 旺).
def test_fa34_the_stems_birth_without_qi_fed_by_a_ghost():
    from sitegen.model.ganzhi import strength
    les = next(les for d in SIXTY if d.stem.zh == "甲" for p in range(1, 13)
               if (les := lesson(d, p)).lessons[0].upper.zh == "亥" and {"申", "酉"} & {b.zh for b in les.transmissions}
               and fa(les, 34) and "months" in fa(les, 34))
    months = fa(les, 34)["months"]
    assert "子" not in months and all(strength(Branch.HAI.element, Branch.from_zh(m)) in ("休", "囚", "死") for m in months)


# 卷十一 第34法 不幸中幸，幸中不幸格, line 515: 「緣白虎卻作長生，青龍卻乘日鬼是也 … 如六戊日伏吟，晝占三重白虎作長生 …
# 如夜占三重青龍作日干之鬼」.
@pytest.mark.parametrize("shift", ["day", "night"])
def test_fa34_the_tiger_on_the_birth_and_the_dragon_on_the_ghost(shift):
    from sitegen.model.liuren.examples import evaluate_bifa
    assert evaluate_bifa("六戊", "伏吟", 34, shift).shows


# 卷十一 第39法 太陽照武, line 571: 「如壬申日返吟卦，十月占 … 緣寅為月將照破元武故也」; 「如辛亥日亥將戌時 … 雖是太陽照武」.
def test_fa39_the_sun_on_the_dark_warrior():
    assert "寅" in fa(_at_words("壬申", "支上寅"), 39)["month_generals"]
    assert "亥" in fa(_cast("辛亥", "戌", "亥"), 39)["month_generals"]


# line 573 天網四張格 「謂用神與正時同克日是也 … 破網者，有神克其初傳是也」, its place from 卷九 天網課 「若末傳及年命有救神克初傳，
# 為解網」: 甲子日 (plate 10) 三傳 申亥寅 — 申 overcomes 甲, 寅 does not overcome 申: held at 申·酉時 for an asker whose 本命 and
# 行年 have no 火 over them (午 over 卯, 巳 over 寅).
def test_fa39_the_net_spread_on_four_sides():
    les = lesson(GanZhi.from_zh("甲子"), 10)
    assert [b.zh for b in les.transmissions] == ["申", "亥", "寅"]
    net = next(a for a in fa(les, 39)["any"] if a[0][0] == "hours")
    calm = dict(net)["birth"]
    assert set(dict(net)["hours"]) == {"申", "酉"} and dict(net)["xing"] == calm and not {"寅", "卯"} & set(calm)


def test_fa39_not_where_the_last_transmission_breaks_the_net():
    # 末傳 overcoming 初傳 is 破網: no lesson whose 末傳 overcomes its 初傳 holds 天網四張格
    for d in SIXTY:
        for p in range(1, 13):
            les = lesson(d, p)
            if les.transmissions[2].element.overcomes(les.transmissions[0].element):
                assert "hours" not in str(fa(les, 39))


# line 575 賊向防連坐者例 「緣元武所臨之神有神作六合是也。如元武加子臨丑」: 丙寅日 子 over 丑 riding 玄武 by night.
def test_fa39_the_thief_with_accomplices():
    les = lesson(GanZhi.from_zh("丙寅"), 2)
    assert les.general_of(Branch.ZI, night=True) == "玄武"
    assert (("day_night", ("night",)),) in fa(les, 39)["any"]


# line 583 賊捉賊格 「如壬癸日辰戌未丑等為傳，三傳自相刑沖，可以凶制凶」: 三傳 丑戌未 (三刑) on 癸 days, 辰未戌 on 壬戌日.
def test_fa39_a_thief_to_catch_the_thief():
    held = {(d.zh, "".join(b.zh for b in les.transmissions)) for d in SIXTY if d.stem.zh in "壬癸" for p in range(1, 13)
            if fa(les := lesson(d, p), 39) == {} and set(les.transmissions) <= {Branch.CHEN, Branch.XU, Branch.CHOU, Branch.WEI}}
    assert ("癸丑", "丑戌未") in held and ("壬戌", "辰未戌") in held


# 卷十一 第46法 貴人差迭, line 621: 「如甲子日丑為晝貴坐在酉上，未為夜貴卻坐在卯上是也」; line 623 貴人順治格 「緣一日內全無逆
# 貴人者 … 唯有巳為月將，甲戊庚日有之，內有空亡貴人乃無用，如丑未坐於辰戌上，貴人怒嗔」; line 625 貴人逆治格 「緣一日內全無順
# 貴人者 … 惟亥為月將，甲戊庚日有之，內忌空亡」.
def test_fa46_the_nobles_crossed():
    assert fa(_lesson("甲子", "丑", "酉"), 46) == {}


@pytest.mark.parametrize("general, hours", [("巳", "未酉戌亥子"), ("亥", "丑寅午")])
def test_fa46_every_noble_of_the_day_one_way(general, hours):
    # 戊辰日 (旬空 戌亥): under 月將 巳 the 貴人 of every hour runs 順, under 亥 逆
    for h in hours:
        les = _cast("戊辰", h, general)
        assert general in fa(les, 46)["month_generals"], h


def test_fa46_not_where_the_hours_noble_is_void_or_angry():
    # 戊辰日申時巳將: 晝貴 丑 over 辰 (「貴人怒嗔」); 甲寅日 (旬空 子丑) 未時巳將: 晝貴 丑 void, 酉時 夜貴 未 is not
    assert "巳" not in (fa(_cast("戊辰", "申", "巳"), 46) or {}).get("month_generals", ())
    assert "巳" not in (fa(_cast("甲寅", "未", "巳"), 46) or {}).get("month_generals", ())
    assert "巳" in fa(_cast("甲寅", "酉", "巳"), 46)["month_generals"]


def test_fa46_no_whole_day_one_way_but_on_jia_wu_geng_days():
    # with the 貴人 of 乙 (子·申), no 月將 keeps every hour's 貴人 one way
    assert not any("month_generals" in (fa(lesson(GanZhi.from_zh("乙丑"), p), 46) or {}) for p in range(1, 13))


# 卷十一 第47法 貴雖在獄, line 635: 「謂天乙貴人加臨地盤辰戌上者 … 如辰戌二日占之，乃為貴人入宅，非坐獄論也」:
# 甲辰日's 晝貴 丑 over 辰 is 入宅 (held by night only, 夜貴 未 over 戌); over 戌 it is the 獄 (held by day);
# 甲子日 丑 over 辰 is the 獄 (and 未 over 戌: both).
def test_fa47_the_noble_in_jail_but_not_in_the_house():
    assert fa(_lesson("甲辰", "丑", "辰"), 47) == {"day_night": ("night",)}
    assert fa(_lesson("甲辰", "丑", "戌"), 47) == {"day_night": ("day",)}
    assert fa(_lesson("甲子", "丑", "辰"), 47) == {}


# 卷十一 第48法 鬼乘天乙, line 639: 「如六辛日午加干，如用晝占 … 如臨宅上者」; 「又六丙日晝將亥加巳或亥加支，六丁日晝將
# 亥加未，或亥加支，六乙日申加乙或申加支」; line 643 貴人作墓格 「六庚日丑為晝貴作墓神加干」 (六甲's 夜貴 未); line 645
# 貴人脫氣格 「六壬、六癸日以卯為夜貴作脫氣」 (on 干上 or 支上, as the 法's own).
@pytest.mark.parametrize("day, where, shift", [
    ("辛卯", "午加戌", "day"), ("辛丑", "午加丑", "day"), ("丙寅", "亥加巳", "day"), ("丙午", "亥加午", "day"),
    ("丁卯", "亥加未", "day"), ("乙丑", "申加辰", "night"), ("庚子", "丑加申", "day"), ("甲子", "未加寅", "night"),
    ("壬子", "卯加亥", "night"), ("癸丑", "卯加丑", "night")])
def test_fa48_the_noble_as_ghost_tomb_or_drain(day, where, shift):
    assert _at(fa(_at_words(day, where), 48), shift)


def test_fa48_not_where_the_noble_is_off_the_stem_and_branch():
    # 壬子日: 夜貴 卯 (its 脫) over 巳, neither 干上 (亥's) nor 支上 (子's); 晝貴 巳 over 未, a 財
    les = _at_words("壬子", "卯加巳")
    assert fa(les, 48) is None


# 卷十一 第49法 兩貴受克, line 649: 「六乙、六己日申加午、子加戌，六丙、六丁日亥加未、酉加巳，六辛日午加子、寅加申，六壬、六癸日
# 巳加亥，卯加酉」 (both 貴人, 晝 and 夜); line 653 貴人忌憚格: 「甲日丑加寅，乃晝貴臨身 … 朱雀乘卯克天乙之丑土」, 「六己日申為
# 夜貴臨身，朱雀乘午而克貴」, 「六己日晝貴人是子臨身，朱雀乘戌而克貴」.
@pytest.mark.parametrize("day, where, shift", [
    ("乙丑", "申加午", ""), ("己卯", "子加戌", ""), ("丙寅", "亥加未", ""), ("丁卯", "酉加巳", ""), ("辛巳", "午加子", ""),
    ("壬子", "巳加亥", ""), ("癸丑", "卯加酉", ""), ("甲子", "丑加寅", "day"), ("己卯", "申加未", "night"),
    ("己卯", "子加未", "day")])
def test_fa49_both_nobles_overcome_or_the_noble_feared(day, where, shift):
    assert _at(fa(_at_words(day, where), 49), shift)


def test_fa49_the_feared_noble_by_its_shift_only():
    les = _at_words("甲子", "丑加寅")
    assert les.generals_day[Branch.MAO] == "朱雀" and fa(les, 49) == {"day_night": ("day",)}


# 卷十一 第5法 六陽, line 185: 庚子日 戌加庚 (四課 戌子寅辰, 三傳 辰午申); line 187 悖戾格 甲午日干上子 「雖四課三傳皆處六陽之地」;
# 第6法 六陰, line 193: 己卯日 酉加巳, 己亥日干上巳.
@pytest.mark.parametrize("day, where, n", [
    ("庚子", "戌加庚", 5), ("甲午", "干上子", 5), ("甲戌", "干上子", 5), ("己卯", "酉加巳", 6), ("己亥", "干上巳", 6)])
def test_fa5_fa6_all_yang_or_all_yin(day, where, n):
    assert fa(_at_words(day, where), n) == {}


# line 197 源消根斷格: 「如癸卯、癸未、癸巳，干上卯 … 又是下生上神，迤邐而脫去」; line 199: 「辛卯日干上子，自干至支及初中末，
# 迤邐下生上神 … 雖不係五陰位全，其理一同」 — held though 辛卯日干上子's 課傳 are not all 陰.
@pytest.mark.parametrize("day, gan", [("癸卯", "卯"), ("癸未", "卯"), ("癸巳", "卯"), ("辛卯", "子")])
def test_fa6_the_source_drained_to_the_root(day, gan):
    assert fa(_lesson(day, gan=gan), 6) == {}


# line 189 五陽格 「課傳居五陽之上者，或占人年命填之，亦名六陽」; line 195 五陰格 「課傳止五陰者，占人年命填之」; line 197 reads
# 「課傳俱在五陰之位」 of 癸卯日干上卯 (課傳 卯巳巳未 未酉亥: five 陰 branches, 丑 missing). A lesson whose 課傳 are all 陽 (陰)
# on only five of the six branches holds at every moment: the asker's 年命 that fills the sixth changes the name, not the verdict.
@pytest.mark.parametrize("n, yang", [(5, True), (6, False)])
def test_fa5_fa6_five_yang_or_five_yin_whatever_the_askers_year(n, yang):
    five = [les for d in SIXTY for p in range(1, 13)
            if (les := lesson(d, p)) and (bs := [k.upper for k in les.lessons] + list(les.transmissions))
            and all(b.yang == yang for b in bs) and len(set(bs)) == 5]
    assert five and all(fa(les, n) == {} for les in five)
    les = _lesson("癸卯", gan="卯")
    assert len({k.upper for k in les.lessons} | set(les.transmissions)) == 5 and fa(les, 6) == {}


def test_fa6_the_drain_must_run_through_the_transmissions():
    # 辛巳日干上子: 辛 生 子, each lesson 下生上, but 三傳 寅辰午 (辰 does not 生 午) — and not all 陰
    les = _lesson("辛巳", gan="子")
    assert [b.zh for b in les.transmissions] == ["寅", "辰", "午"] and fa(les, 6) is None


# 卷十一 第43法 害貴, line 605: 「甲申日未加申為夜貴 … 初傳子與未又為害 … 其餘五甲日未加寅用夜貴，亦如其說」 (甲辰日未加寅
# takes 寅 by this site's 涉害, 三傳 寅未子, so its 初傳 does not harm 未: a 涉害 difference, not the 法's);
# 「乙酉日未加寅作初傳，害中傳之晝貴」.
@pytest.mark.parametrize("day, where, shift", [
    ("甲申", "未加申", "night"), ("甲子", "未加寅", "night"), ("甲戌", "未加寅", "night"), ("甲午", "未加寅", "night"),
    ("甲寅", "未加寅", "night"), ("乙酉", "未加寅", "day")])
def test_fa43_the_first_harms_the_noble(day, where, shift):
    assert _at(fa(_at_words(day, where), 43), shift)

