"""地理 (seed 000 p01–p08): what holds on a hexagram or a change, and what stays conditional."""

from __future__ import annotations

from conftest import repo_rules
from sitegen.model.ganzhi import Branch, Kin
from sitegen.model.yi import HEXAGRAMS, RULES_BY_ID, all_changes, change, hexagram

# What each conditional rule needs, from its content entry (None: the chart decides it).
CONDITIONAL = {e.id: e.condition for e in repo_rules()}


def test_liuhe_and_liuchong_sites():
    for h in HEXAGRAMS:
        d = h.dili.holding
        assert ("dili-liu-he-da-ji-zhi-di" in d) == h.liuhe
        assert ("dili-liu-chong-shan-fei-shui-zou" in d) == h.liuchong
        if h.liuhe:
            assert "dili-shi-zai-nei-xiang" not in d and "dili-shi-zai-wai-xiang" not in d
        else:
            assert ("dili-shi-zai-nei-xiang" in d) == (h.shi <= 3)
            assert ("dili-shi-zai-wai-xiang" in d) == (h.shi >= 4)


def test_shi_branch_rules_and_direction():
    for h in HEXAGRAMS:
        b = h.najia[h.shi - 1].branch
        d = h.dili.holding
        assert ("dili-shi-chi-yin-shen-si-hai" in d) == (b.zh in "寅申巳亥")
        assert ("dili-shi-chi-chen-xu-chou-wei" in d) == (b.zh in "辰戌丑未")
        assert ("dili-shi-chi-hai-zi" in d) == (b.zh in "亥子")
        assert sum(r.endswith("-yao-chi-shi") for r in d) == 1
    assert hexagram(1).dili.direction == "西北 (乾)"        # 乾: 世 壬戌
    assert hexagram(44).dili.direction == "東北 (艮)"       # 姤: 世 辛丑
    assert hexagram(2).dili.direction.startswith("西 (兌)")  # 坤: 世 癸酉 金
    assert hexagram(11).dili.direction == "東南 (巽)"       # 泰: 世 甲辰


def test_ying_star_and_shui_kou():
    for h in HEXAGRAMS:
        assert h.dili.an_shan == h.najia[h.ying - 1].branch.element.zh + "星"
        assert h.dili.shui_kou == h.najia[5].zh
        assert "dili-ying-yao-wu-xing-xing-ti" in h.dili.holding
    # 姤: 世 丑 (line 1), 第六爻 戌: 丑戌 neither 生 nor 剋 … both 土: no 水口 rule either way.
    g = hexagram(44).dili.holding
    assert "dili-shui-kou-you-qing" not in g and "dili-shui-kou-wu-qing" not in g
    # 本宮: 世 is the sixth line itself, so 水口 against 世 does not apply.
    for h in HEXAGRAMS:
        if h.shi == 6:
            assert not {"dili-shui-kou-you-qing", "dili-shui-kou-wu-qing"} & set(h.dili.holding)


def test_gui_and_water():
    for h in HEXAGRAMS:
        d = h.dili.holding
        assert ("dili-gui-zai-ju-zhong" in d) == (Kin.OFFICER in h.liuqin)
        under = h.palace_lines[h.shi - 1][1]
        assert ("dili-shi-xia-fu-gui" in d) == (not h.pure and under == Kin.OFFICER)
        water = [b for b in h.branches if b in (Branch.HAI, Branch.ZI)]
        assert ("dili-wu-hai-zi" in d) == (not water)
        assert ("dili-xuan-wu-tui-shui" in h.dili.conditional) == (not water)
    # 泰 (坤宮三世): 世 甲辰 over 本宮 乙卯 官鬼 → 舊穴 (p07).
    assert "dili-shi-xia-fu-gui" in hexagram(11).dili.holding


def test_change_water_and_ming_tang():
    for c in all_changes():
        d = c.dili.holding
        assert set(c.ben.dili.holding) <= set(d)
        water = [i + 1 for i, b in enumerate(c.ben.branches) if b in (Branch.HAI, Branch.ZI)]
        assert ("dili-shui-yao-dong-huo-shui" in d) == any(n in c.moving for n in water)
        still_water = bool(water) and not any(n in c.moving for n in water)
        assert ("dili-shui-yao-jing-si-shui" in d) == still_water
        lo = min(c.ben.shi, c.ben.ying)
        between = {lo + 1, lo + 2}
        assert ("dili-ming-tang-dong" in d) == bool(between & set(c.moving))
        assert ("dili-ming-tang-jing" in d) != ("dili-ming-tang-dong" in d)
    # 同人之無妄: 世 三爻 亥 moves — water moving is 活水.
    assert "dili-shui-yao-dong-huo-shui" in change(13, 25).dili.holding


def test_conditional_dili_rules_state_their_condition_and_never_hold():
    for h in HEXAGRAMS:
        assert not set(h.dili.holding) & set(h.dili.conditional)
        for r in h.dili.conditional:
            assert CONDITIONAL.get(r)
            assert RULES_BY_ID[r].family == "dili"
    assert "dili-qing-long-ke-shi" in change(44, 1).dili.conditional
    assert "dili-qing-long-ke-shi" not in change(1, 1).dili.conditional
