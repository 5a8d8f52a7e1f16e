"""All 4,096 changes: moving lines, 交/重, the line rules, whole-change rules, 梅花 體用, timing."""

from __future__ import annotations

import json

import pytest

from conftest import repo_rules
from sitegen.model.ganzhi import Branch, Kin, Stage, stage
from sitegen.model.yi import (
    HEXAGRAMS, RULES_BY_ID, Change, all_changes, change, change_from_moving, hexagram,
)
from sitegen.model.yi.change import line_rule_ids

# What each conditional rule needs, from its content entry (None: the chart decides it).
CONDITIONAL = {e.id: e.condition for e in repo_rules()}

# The package re-exports the function ``change``; the modules themselves, for their caches:


def test_all_changes_cover_every_pair_in_order():
    cs = all_changes()
    assert len(cs) == 4096
    assert [(c.ben.number, c.bian.number) for c in cs] == [
        (a, b) for a in range(1, 65) for b in range(1, 65)]
    assert all(isinstance(c, Change) for c in cs)
    assert change(44, 28) is change(44, 28)


def test_moving_lines_reverse_and_still():
    for c in all_changes():
        assert c.moving == tuple(i + 1 for i in range(6) if c.ben.lines[i] != c.bian.lines[i])
        r = c.reverse
        assert r.ben is c.bian and r.bian is c.ben and r.moving == c.moving
        assert r.reverse == c
        assert [ln.line for ln in c.lines] == list(c.moving)
        if c.ben is c.bian:
            assert c.still and c.moving == () and c.lines == () and c.rule_ids == ()
            assert c.meihua is None and c.meihua_note
        else:
            assert not c.still
        for ln in c.lines:
            assert ln.mark == ("交" if c.ben.lines[ln.line - 1] == "0" else "重")
            assert ln.ben_najia == c.ben.najia[ln.line - 1]
            assert ln.bian_najia == c.bian.najia[ln.line - 1]
            assert ln.ben_liuqin == c.ben.liuqin[ln.line - 1]
    for ln, rl in zip(change(11, 26).lines, change(26, 11).lines):
        assert {ln.mark, rl.mark} == {"交", "重"}


def test_change_from_moving_lines():
    assert change_from_moving(12, [2]).bian is hexagram(6)     # 否 second line → 訟
    assert change_from_moving(1, []).still


def test_jin_tui_shen_table():
    jin = {("亥", "子"), ("寅", "卯"), ("巳", "午"), ("申", "酉"),
           ("丑", "辰"), ("辰", "未"), ("未", "戌"), ("戌", "丑")}
    for a in Branch:
        for b in Branch:
            ids = line_rule_ids(a, b)
            assert ("yi-hua-jin-shen" in ids) == ((a.zh, b.zh) in jin)
            assert ("yi-hua-tui-shen" in ids) == ((b.zh, a.zh) in jin)
            assert ("yi-yao-fu-yin" in ids) == (a == b)
            assert ("yi-hua-chong" in ids) == (a.opposite == b)
            assert ("yi-hua-he" in ids) == (a.combine == b)
            assert ("yi-hui-tou-sheng" in ids) == b.element.generates(a.element)
            assert ("yi-hui-tou-ke" in ids) == b.element.overcomes(a.element)
            others = {"yi-hua-jin-shen", "yi-hua-tui-shen", "yi-hua-chong", "yi-hua-he"}
            stages = [i for i in ids if i.startswith("yi-hua-") and i not in others]
            assert len(stages) == 1 and RULES_BY_ID[stages[0]].zh == "化" + stage(a.element, b).zh


def test_every_moving_line_has_one_stage_and_the_stage_table_lets_earth_follow_water():
    for c in all_changes():
        for ln in c.lines:
            assert ln.stage == stage(ln.ben_najia.branch.element, ln.bian_najia.branch)
            assert sum(r.startswith("yi-hua-") and RULES_BY_ID[r].zh == "化" + ln.stage.zh
                       for r in ln.rule_ids) == 1
            assert "yi-hua-kong" not in ln.rule_ids          # conditional: never holding
    # 同人之無妄: 亥 水 changes into 辰, the 墓 of 水 (and of 土, which follows 水).
    ln = change(13, 25).lines[0]
    assert ln.stage == Stage.MU and "yi-hua-mu" in ln.rule_ids and "yi-hui-tou-ke" in ln.rule_ids


def test_kin_variants():
    a = change(9, 1)                          # 小畜 (巽宮) → 乾 (乾宮): line 4 辛未 → 壬午
    b = change(9, 1, kin_variant="bian-palace")
    assert a.lines[0].bian_liuqin == Kin.OFFSPRING      # 午 火 against 巽 木
    assert b.lines[0].bian_liuqin == Kin.OFFICER        # 午 火 against 乾 金
    assert a.kin_variant == "ben-palace" and b.kin_variant == "bian-palace"
    assert len(all_changes(kin_variant="bian-palace")) == 4096
    with pytest.raises(ValueError):
        change(1, 2, kin_variant="other")


def test_whole_change_rules():
    assert "yi-liu-chong-bian-liu-he" in change(1, 12).rule_ids          # 乾 → 否
    assert "yi-liu-he-bian-liu-chong" in change(12, 1).rule_ids
    assert "yi-liu-chong-bian-liu-chong" in change(1, 2).rule_ids
    assert "yi-liu-he-bian-liu-he" in change(11, 12).rule_ids
    assert "yi-you-hun-hua-gui-hun" in change(35, 14).rule_ids           # 晉 → 大有
    assert "yi-gui-hun-hua-you-hun" in change(14, 35).rule_ids
    c = change(35, 14)
    assert {"yi-ben-gua-you-hun", "yi-bian-gua-gui-hun"} <= set(c.rule_ids)
    # trigram 反吟, 後天 reading: inner or outer trigram goes to its 後天 opposite.
    pairs = {frozenset(p) for p in ("乾巽", "坎離", "艮坤", "震兌")}
    for c in all_changes():
        for side, a, b in (("nei", c.ben.lower, c.bian.lower), ("wai", c.ben.upper, c.bian.upper)):
            if not c.moving:
                continue
            houtian = f"yi-{side}-gua-fan-yin-houtian" in c.rule_ids
            assert houtian == (frozenset((a.name, b.name)) in pairs)
            chong = f"yi-{side}-gua-fan-yin-chong" in c.rule_ids
            assert chong == (frozenset((a.name, b.name)) == frozenset("巽坤"))
            fu = f"yi-{side}-gua-fu-yin" in c.rule_ids
            assert fu == (frozenset((a.name, b.name)) == frozenset("乾震"))


def test_meihua_ti_yong():
    for c in all_changes():
        inner = [n for n in c.moving if n <= 3]
        outer = [n for n in c.moving if n >= 4]
        if c.moving and (not inner or not outer):
            m = c.meihua
            assert m is not None and c.meihua_note is None
            assert m.yong is (c.ben.lower if inner else c.ben.upper)
            assert m.ti is (c.ben.upper if inner else c.ben.lower)
            assert m.relation in {"用生體", "體生用", "用剋體", "體剋用", "比和"}
            assert m.bian.trigram is (c.bian.lower if inner else c.bian.upper)
            assert m.hu[0].trigram.lines == c.bian.lines[1:4]       # 互 of the 變卦 (004 p22)
            assert m.ben_hu[0].trigram.lines == c.ben.lines[1:4]    # 互 of the 本卦
            assert m.rule_ids[0] == m.relation_id and len(m.rule_ids) == 18
        else:
            assert c.meihua is None and c.meihua_note
    m = change(12, 25).meihua       # 否 first line: 坤 用 生 乾 體 (004 p22)
    assert (m.ti.name, m.yong.name, m.relation) == ("乾", "坤", "用生體")
    assert change(12, 11).meihua is None                     # lines move in both trigrams


def test_as_data_is_json():  # the same in any process: test_liuren_engine.py, two hash seeds
    for c in all_changes()[::7]:
        d = json.loads(json.dumps(c.as_data(), ensure_ascii=False))
        assert "url" not in d
        assert d["from"] == c.ben.number and d["to"] == c.bian.number
        assert len(d["lines"]) == len(d["moving"])
        for ln in d["lines"]:
            assert set(ln) >= {"line", "from", "to", "from_liuqin", "to_liuqin", "rules",
                               "rule_ids"}
            assert len(ln["rules"]) == len(ln["rule_ids"])
        assert [RULES_BY_ID[i].zh for i in d["rule_ids"]] == d["rules"]
        if d["meihua"] is not None:
            assert {"ti", "yong", "relation"} <= set(d["meihua"])
    d = change(9, 1).as_data()
    assert d["lines"][0]["from"] == "辛未" and d["lines"][0]["to"] == "壬午"
    assert d["lines"][0]["rules"][:1] == ["交爻"] and "化合" in d["lines"][0]["rules"]


def test_all_rule_ids_are_in_the_catalog_and_conditional_ones_never_hold():
    for h in HEXAGRAMS:
        for r in h.all_rule_ids:
            assert CONDITIONAL.get(r) is None
        for r in h.dili.conditional:
            assert CONDITIONAL.get(r) is not None
    for c in all_changes():
        for r in c.all_rule_ids:
            assert CONDITIONAL.get(r) is None, r
        for r in c.conditional_rule_ids:
            assert CONDITIONAL.get(r) is not None, r
        for r in c.rule_ids:
            assert RULES_BY_ID[r].family == "yi-change"
        for ln in c.lines:
            assert all(RULES_BY_ID[r].family == "yi-line" for r in ln.rule_ids)


def test_three_harmony_frames_formed_by_moving_lines_with_still_ones():
    """三合會局歌: 申子辰會成水局 … 寅午戌會成火局 — the three branches on lines of the 本卦, one of
    them moving. 坎為水: 戊寅 戊辰 戊午 | 戊申 戊戌 戊子."""
    def sanhe(moving):
        c = change_from_moving(29, moving)
        return [r for r in c.rule_ids if r.startswith("yi-san-he-")]
    assert sanhe((2,)) == ["yi-san-he-shui-ju"]                 # 辰 moves with 申 and 子
    assert sanhe((1,)) == ["yi-san-he-huo-ju"]                  # 寅 moves with 午 and 戌
    assert sanhe((3, 4)) == ["yi-san-he-shui-ju", "yi-san-he-huo-ju"]
    assert sanhe(()) == []                                      # nothing moves: no 局
    # 雷火豐 (卯 丑 亥 | 午 申 戌) has no whole trine, whatever moves
    assert not [r for r in change_from_moving(55, (1, 2, 3, 4, 5, 6)).rule_ids if r.startswith("yi-san-he-")]
    c = change_from_moving(29, (2,))
    assert "三合水局" in c.rules and c.as_data()["gua_shen"] == {"branch": "亥", "lines": []}
