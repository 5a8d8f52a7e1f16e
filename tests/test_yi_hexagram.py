"""The 64 hexagrams: YI.md's tables as facts, and the invariants over the whole domain."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from conftest import REPO

from sitegen.model.ganzhi import GanZhi, Kin, Stem, ganzhi_combine, stem_combine
from sitegen.model.yi import (
    GENERATIONS, HEXAGRAMS, PALACE_ORDER, TRIGRAMS, Hexagram, hexagram, hexagram_by_name,
    palace_members, trigram,
)


def test_sixty_four_in_king_wen_order_with_distinct_lines():
    assert len(HEXAGRAMS) == 64
    assert [h.number for h in HEXAGRAMS] == list(range(1, 65))
    assert len({h.lines for h in HEXAGRAMS}) == 64
    assert all(hexagram(h.number) is h and Hexagram.from_lines(h.lines) is h for h in HEXAGRAMS)
    # A few anchors of the King Wen order (《周易》 序卦).
    anchors = {1: "乾為天", 2: "坤為地", 3: "水雷屯", 11: "地天泰", 12: "天地否", 29: "坎為水",
               30: "離為火", 31: "澤山咸", 44: "天風姤", 51: "震為雷", 63: "水火既濟", 64: "火水未濟"}
    for n, name in anchors.items():
        assert hexagram(n).name == name
    assert hexagram(1).lines == "111111" and hexagram(2).lines == "000000"
    assert hexagram(3).lines == "100010"        # 屯: 震 below (line 1 yang), 坎 above


def test_bad_numbers_and_lines_are_refused():
    for bad in (0, 65, -1):
        with pytest.raises(ValueError):
            hexagram(bad)
    with pytest.raises(ValueError):
        Hexagram.from_lines("11111")


def test_names_and_korean_readings():
    from sitegen.content.names import load_names
    from sitegen.problems import Problems

    problems = Problems()
    names = load_names(REPO, problems)      # the Korean readings live in content/names.yaml
    assert not problems and names is not None
    ko, short_ko = names.hexagram, names.hexagram_short
    assert (hexagram(44).short, ko(hexagram(44)), short_ko(hexagram(44))) == ("姤", "천풍구", "구")
    assert ko(hexagram(1)) == "건위천" and ko(hexagram(30)) == "이위화" and ko(hexagram(51)) == "진위뢰"
    assert ko(hexagram(34)) == "뇌천대장"        # 雷 at the start of a word reads 뇌
    assert ko(hexagram(24)) == "지뢰복"          # … and 뢰 inside it
    assert ko(hexagram(19)) == "지택림" and short_ko(hexagram(19)) == "임"
    assert len({ko(h) for h in HEXAGRAMS}) == 64
    assert hexagram(35).name == "火地晉" and hexagram(35).short == "晉"
    assert hexagram_by_name("遁") is hexagram(33)        # seed 000 p48 spells 遯 as 遁
    assert hexagram_by_name("天風姤") is hexagram_by_name("姤") is hexagram(44)


def test_trigrams_lines_elements_and_najia_from_yi_md():
    assert [t.name for t in TRIGRAMS] == list("乾兌離震巽坎艮坤")
    assert [t.lines for t in TRIGRAMS] == ["111", "110", "101", "100", "011", "010", "001", "000"]
    assert "".join(t.image for t in TRIGRAMS) == "天澤火雷風水山地"
    assert "".join(t.element.zh for t in TRIGRAMS) == "金金火木木水土土"
    najia = {  # YI.md 納甲 (inner / outer)
        "乾": "甲子 甲寅 甲辰 / 壬午 壬申 壬戌", "坤": "乙未 乙巳 乙卯 / 癸丑 癸亥 癸酉",
        "震": "庚子 庚寅 庚辰 / 庚午 庚申 庚戌", "巽": "辛丑 辛亥 辛酉 / 辛未 辛巳 辛卯",
        "坎": "戊寅 戊辰 戊午 / 戊申 戊戌 戊子", "離": "己卯 己丑 己亥 / 己酉 己未 己巳",
        "艮": "丙辰 丙午 丙申 / 丙戌 丙子 丙寅", "兌": "丁巳 丁卯 丁丑 / 丁亥 丁酉 丁未",
    }
    for name, s in najia.items():
        t = trigram(name)
        got = " / ".join(" ".join(g.zh for g in side) for side in (t.inner_najia, t.outer_najia))
        assert got == s
    for h in HEXAGRAMS:
        assert h.najia == h.lower.inner_najia + h.upper.outer_najia
        assert h.lines == h.lower.lines + h.upper.lines


def test_qian_palace_sequence_and_shi_positions():
    assert [h.name for h in palace_members("乾")] == [
        "乾為天", "天風姤", "天山遯", "天地否", "風地觀", "山地剝", "火地晉", "火天大有"]
    assert [h.generation for h in palace_members("乾")] == list(GENERATIONS)
    shi = {"本宮": 6, "一世": 1, "二世": 2, "三世": 3, "四世": 4, "五世": 5, "遊魂": 4, "歸魂": 3}
    for h in HEXAGRAMS:
        assert h.shi == shi[h.generation]
        assert abs(h.shi - h.ying) == 3


def test_each_palace_has_eight_members_and_all_sixty_four_are_placed():
    members = [h for p in PALACE_ORDER for h in palace_members(p)]
    assert len(members) == 64 and len(set(members)) == 64
    counts = Counter(h.palace.name for h in HEXAGRAMS)
    assert counts == {p: 8 for p in PALACE_ORDER}
    for p in PALACE_ORDER:
        first = palace_members(p)[0]
        assert first.upper is first.lower is trigram(p) and first.generation == "本宮"
        assert all(h.palace is trigram(p) for h in palace_members(p))
        # 歸魂: the lower trigram is the palace's again.
        assert palace_members(p)[7].lower is trigram(p)


def test_liuchong_and_liuhe_lists_of_yi_md():
    assert {h.short for h in HEXAGRAMS if h.liuchong} == {
        "乾", "坤", "坎", "離", "震", "艮", "巽", "兌", "無妄", "大壯"}
    assert {h.short for h in HEXAGRAMS if h.liuhe} == {"否", "泰", "復", "豫", "節", "困", "旅", "賁"}
    assert not any(h.liuhe and h.liuchong for h in HEXAGRAMS)


def test_liuqin_against_the_palace_element():
    h = hexagram(44)  # 姤, 乾宮 金
    assert [k.zh for k in h.liuqin] == ["父母", "子孫", "兄弟", "官鬼", "兄弟", "父母"]
    h = hexagram(11)  # 泰, 坤宮 土
    assert [k.zh for k in h.liuqin] == ["妻財", "官鬼", "兄弟", "兄弟", "妻財", "子孫"]


def test_fushen_fill_exactly_the_missing_liuqin_and_cover_all_five():
    for h in HEXAGRAMS:
        present = set(h.liuqin)
        assert {f.liuqin for f in h.fushen} == set(Kin) - present
        assert present | {f.liuqin for f in h.fushen} == set(Kin)
        for f in h.fushen:  # found at the same line of the palace's pure hexagram
            assert h.palace_lines[f.line - 1] == (f.najia, f.liuqin)
        assert len({f.liuqin for f in h.fushen}) == len(h.fushen)  # one place for each
        if h.pure:
            assert h.fushen == () and h.palace_lines == tuple(zip(h.najia, h.liuqin))
    # Two missing at once: 遯 lacks 子孫 and 妻財 (YI.md: every missing one).
    assert [(f.line, f.najia.zh, f.liuqin.zh) for f in hexagram(33).fushen] == [
        (1, "甲子", "子孫"), (2, "甲寅", "妻財")]
    assert sum(1 for h in HEXAGRAMS if len(h.fushen) == 2) > 0
    line, gz, k = hexagram(44).fushen[0]      # (line, GanZhi, Kin)
    assert (line, gz.zh, k) == (2, "甲寅", Kin.WEALTH)


def test_hu_cuo_zong_invariants():
    possible_hu = set()
    for h in HEXAGRAMS:
        cuo, zong, hu = hexagram(h.cuo), hexagram(h.zong), hexagram(h.hu)
        assert hexagram(cuo.cuo) is h and hexagram(zong.zong) is h
        assert all(a != b for a, b in zip(h.lines, cuo.lines))
        assert zong.lines == h.lines[::-1]
        assert hu.lines == h.lines[1:4] + h.lines[2:5]
        possible_hu.add(h.hu)
    assert len(possible_hu) == 16
    # 互 of 互 of anything ends in 乾, 坤, 既濟 or 未濟.
    for h in HEXAGRAMS:
        assert hexagram(hexagram(hexagram(h.hu).hu).hu).number in {1, 2, 63, 64}


def test_stem_combine_appended_to_ganzhi():
    # 天干五合 甲己 乙庚 丙辛 丁壬 戊癸; 德 = stems and branches both combine (seed 000 p48–p49).
    assert ["".join((s.zh, stem_combine(s).zh)) for s in list(Stem)[:5]] == [
        "甲己", "乙庚", "丙辛", "丁壬", "戊癸"]
    assert all(stem_combine(stem_combine(s)) == s for s in Stem)
    assert ganzhi_combine(GanZhi.from_zh("丙子"), GanZhi.from_zh("辛丑"))
    assert not ganzhi_combine(GanZhi.from_zh("丙子"), GanZhi.from_zh("辛卯"))


def test_liushen_by_day_stem():
    h = hexagram(1)
    assert h.liushen("甲") == ("青龍", "朱雀", "勾陳", "螣蛇", "白虎", "玄武")
    assert h.liushen(Stem.WU) == ("勾陳", "螣蛇", "白虎", "玄武", "青龍", "朱雀")
    assert h.liushen("己")[0] == "螣蛇" and h.liushen("辛")[0] == "白虎" and h.liushen("癸")[0] == "玄武"
    assert h.liushen("丁")[0] == "朱雀"


def test_hexagram_rules_and_as_data():
    assert "yi-you-hun-gua" in hexagram(35).rule_ids and "yi-gui-hun-gua" in hexagram(14).rule_ids
    assert "yi-ba-chun-gua" in hexagram(1).rule_ids and "yi-liu-chong-gua" in hexagram(1).rule_ids
    for h in HEXAGRAMS:
        assert ("yi-fu-shen" in h.rule_ids) == bool(h.fushen)
    for h in HEXAGRAMS:
        d = json.loads(json.dumps(h.as_data(), ensure_ascii=False))
        assert "url" not in d
        for key in ("number", "lines", "name", "palace", "generation", "shi", "ying", "najia",
                    "liuqin", "fushen", "liuhe", "liuchong"):
            assert key in d
        assert len(d["najia"]) == 6 and len(d["liuqin"]) == 6
        assert all(set(f) == {"line", "najia", "liuqin"} for f in d["fushen"])
    assert hexagram(44).as_data()["fushen"] == [{"line": 2, "najia": "甲寅", "liuqin": "妻財"}]


def test_gua_shen_by_the_verse():
    """安月卦身訣: 陰世則從午月起，陽世還從子月生 … 從初數至世方真."""
    got = {h.short: (h.gua_shen.zh, h.gua_shen_lines) for h in HEXAGRAMS}
    assert got["乾"] == ("巳", ())                 # 陽世 at 6: 子 … 巳; 乾 has no 巳 (卦無身)
    assert got["姤"] == ("午", (4,))               # 陰世 at 1: 午, on 壬午
    assert got["坤"] == ("亥", (5,))               # 陰世 at 6: 午 … 亥, on 癸亥
    assert got["豐"] == ("戌", (6,))               # 陰世 at 5: 午 … 戌, on 庚戌
    assert got["復"] == ("子", (1,))               # 陽世 at 1: 子, on 庚子
    for h in HEXAGRAMS:
        assert ("yi-gua-shen" in h.rule_ids) == bool(h.gua_shen_lines)
        assert h.as_data()["gua_shen"] == {"branch": h.gua_shen.zh, "lines": list(h.gua_shen_lines)}
    assert sum(bool(h.gua_shen_lines) for h in HEXAGRAMS) < 64
