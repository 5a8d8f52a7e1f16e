"""The shared stem/branch basics, over their whole (small) domain."""

from sitegen.model.ganzhi import (
    SIXTY, Branch, Element, GanZhi, Kin, Stage, Stem, kin, stage, stage_branch, yima,
)


def test_sixty_cycle_round_trips_and_starts_with_jiazi():
    assert [g.zh for g in SIXTY[:3]] == ["甲子", "乙丑", "丙寅"]
    assert SIXTY[-1].zh == "癸亥"
    assert all(GanZhi.from_index(g.index) == g for g in SIXTY)
    assert len({g.slug for g in SIXTY}) == 60


def test_xun_void_matches_the_classical_six_xun():
    # 甲子旬 戌亥, 甲戌旬 申酉, 甲申旬 午未, 甲午旬 辰巳, 甲辰旬 寅卯, 甲寅旬 子丑.
    expected = {"甲子": "戌亥", "甲戌": "申酉", "甲申": "午未", "甲午": "辰巳", "甲辰": "寅卯", "甲寅": "子丑"}
    for g in SIXTY:
        assert "".join(b.zh for b in g.xun_void) == expected[g.xun_head.zh]
    assert GanZhi.from_zh("丙寅").dun_stem(Branch.SHEN) == Stem.REN  # 丙寅 is in 甲子旬: 壬申


def test_branch_relations_are_symmetric_where_the_tables_are():
    for b in Branch:
        assert b.opposite.opposite == b
        assert b.combine.combine == b
        assert b.harm.harm == b
        assert b in b.trine
    assert [b.punish.zh for b in Branch] == list("卯戌巳子辰申午丑寅酉未亥")


def test_kin_and_stages_follow_the_five_phases():
    assert kin(Element.FIRE, Element.WATER) == Kin.OFFICER
    assert kin(Element.METAL, Element.WOOD) == Kin.WEALTH
    # seed 000: 金養於辰, 木養於戌, 火養於丑, 水土養於未; 金胎在卯, 水土胎在午.
    assert [stage_branch(e, Stage.YANG).zh for e in (Element.METAL, Element.WOOD, Element.FIRE,
                                                      Element.WATER, Element.EARTH)] == list("辰戌丑未未")
    assert stage(Element.METAL, Branch.MAO) == Stage.TAI
    assert stage(Element.EARTH, Branch.WU) == Stage.TAI
    assert yima(Branch.YIN) == Branch.SHEN and yima(Branch.ZI) == Branch.YIN
