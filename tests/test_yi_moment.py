"""A change in its day and month: the yi-moment rules against their authorities (《卜筮正宗》,
《卜筮全書》 神煞歌例), worked by hand, and the pages' tables against the engine."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from conftest import repo_rules
from sitegen.model.ganzhi import SIXTY, Branch, Element, GanZhi
from sitegen.model.yi import RULES, all_changes, change
from sitegen.model.yi.moment import at_moment, page_tables
from sitegen.model.packing import unpack
from sitegen.model.yi.moment_rules import (
    DAY_STAGE_IDS, LINE_PREDICATES, MOMENT_RULES, MOMENT_RULES_BY_ID, MONTH_STAGE_IDS, LineFacts, strength,
)

REPO = Path(__file__).resolve().parent.parent
ENTRIES = {e.id: e for e in repo_rules()}
G, B = GanZhi.from_zh, Branch.from_zh


def test_every_moment_rule_has_an_entry_with_a_quoted_clause_and_a_condition():
    assert {r.id for r in RULES if r.family == "yi-moment"} == {r.id for r in MOMENT_RULES}
    for r in MOMENT_RULES:
        e = ENTRIES[r.id]
        assert r.holds is not None, r.id
        assert e.authority and e.condition, r.id


def test_strength_follows_the_seasons():
    # 《卜筮正宗》 旺相休囚論: 春令木旺火相 … 四季之月土旺金相; 春土金 … 冬火土 are 休囚 (our 囚 and 死).
    E = Element
    seasons = {"寅": (E.WOOD, E.FIRE, (E.EARTH, E.METAL)), "午": (E.FIRE, E.EARTH, (E.METAL, E.WATER)),
               "酉": (E.METAL, E.WATER, (E.WOOD, E.FIRE)), "子": (E.WATER, E.WOOD, (E.FIRE, E.EARTH)),
               "辰": (E.EARTH, E.METAL, ())}
    for month, (wang, xiang, weak) in seasons.items():
        m = B(month)
        assert strength(wang, m) == "旺" and strength(xiang, m) == "相"
        assert {strength(e, m) for e in weak} <= {"囚", "死"}
    assert [strength(e, B("寅")) for e in E] == ["旺", "相", "死", "囚", "休"]   # 木火土金水 in spring


def test_qian_to_gou_on_a_jiyou_day_in_the_zi_month():
    # 乾 → 姤 (line 1 moves) on 己酉日, 子月: 旬空 寅卯; 六神 from 螣蛇; 午 is 月破; 子水 旺.
    m = at_moment(change(1, 44), G("己酉"), B("子"))
    assert [b.zh for b in m.void] == ["寅", "卯"]
    d = [ln.as_data() for ln in m.lines]
    assert [x["liushen"] for x in d] == ["螣蛇", "白虎", "玄武", "青龍", "朱雀", "勾陳"]
    assert [x["strength"] for x in d] == ["旺", "相", "囚", "死", "休", "囚"]
    assert [x["month_broken"] for x in d] == [False, False, False, True, False, False]
    assert d[1]["void"] and not d[0]["void"]
    assert d[0]["to"] == "辛丑" and not d[0]["to_void"]
    assert "yi-tian-yi-gui-ren" in d[0]["shensha"] and "yi-tian-yi-gui-ren" in d[4]["shensha"]  # 己: 子申
    assert "yi-tian-yuan-lu" in d[3]["shensha"] and "yi-xian-chi" in d[3]["shensha"]            # 己祿午, 酉: 咸池午
    assert d[1]["shensha"] == ["yi-jie-sha"]                                                      # 巳酉丑 劫殺寅


def test_day_clash_is_hidden_movement_when_strong_and_broken_when_weak():
    # 乾 still on 庚午日: line 1 子 is clashed by 午. In 子月 子 is 旺 → 暗動; in 午月 it is 囚 → 日破.
    c = change(1, 1)
    strong = at_moment(c, G("庚午"), B("子")).lines[0]
    weak = at_moment(c, G("庚午"), B("午")).lines[0]
    assert "yi-an-dong" in strong.rule_ids and "yi-ri-po" not in strong.rule_ids
    assert "yi-ri-po" in weak.rule_ids and "yi-an-dong" not in weak.rule_ids
    # a moving line clashed by the day is neither
    moving = at_moment(change(1, 44), G("庚午"), B("子")).lines[0]
    assert not {"yi-an-dong", "yi-ri-po"} & set(moving.rule_ids)


def test_changing_into_void_and_into_the_month_break():
    # 乾 → 姤: 甲子 → 辛丑. 丑 is void in the 甲寅旬 (甲寅 … 癸亥): 化空; 丑 is clashed by 未月: 化破.
    ln = at_moment(change(1, 44), G("丙辰"), B("未")).lines[0]
    assert {"yi-hua-kong", "yi-hua-po"} <= set(ln.rule_ids)


def test_the_pages_tables_give_what_the_engine_gives():
    """The tables the pages look up, read the way the page's script reads them, equal the engine
    on every change for a sample of days and months."""
    t = page_tables()
    ids, changed, days = t["rules"], set(t["changed"]), unpack(t["days"], 2)
    rng = random.Random(16)
    pairs = [(rng.randrange(60), rng.randrange(12)) for _ in range(4)]
    for c in all_changes():
        moving = set(c.moving)
        bian = c.bian.najia
        for d, m in pairs:
            got = at_moment(c, SIXTY[d], Branch(m))
            row = days[(d * 12 + m) * 12:(d * 12 + m + 1) * 12]
            for ln in got.lines:
                still, mov, _ = t["palette"][row[ln.najia.branch]]
                mask = mov if ln.line in moving else still
                if ln.line in moving:
                    mask |= t["palette"][row[bian[ln.line - 1].branch]][2]
                want = [r for i, r in enumerate(ids) if mask >> i & 1]
                assert want == list(ln.rule_ids), (c, d, m, ln.line)
                assert t["strength"][m][ln.najia.branch.element] == ln.strength
                assert t["liushen"][d % 10][ln.line - 1] == ln.liushen
    assert changed == {"yi-hua-kong", "yi-hua-po"}
    assert len(LINE_PREDICATES) == len(ids)
    # the 十二運: the page reads the stage at (line's branch, day's or month's branch)
    stage = {k: unpack(v) for k, v in t["stage"].items()}
    for c in all_changes()[::97]:
        for d, m in pairs:
            for ln in at_moment(c, SIXTY[d], Branch(m)).lines:
                b = ln.najia.branch
                assert t["stage_names"][stage["day"][b * 12 + d % 12]] == ln.day_stage.zh
                assert t["stage_names"][stage["month"][b * 12 + m]] == ln.month_stage.zh
                assert [t["stages"]["day"][ln.day_stage], t["stages"]["month"][ln.month_stage]] == \
                       list(ln.stage_rule_ids)


def test_twelve_stages_in_the_day_and_the_month_by_hand():
    """四生逐位論: 火生於寅 … 水土生於申, 木生於亥; 火庫於戌絕於亥, 金庫於丑絕於寅, 水土庫於辰絕於巳,
    木庫於未絕於申 — on 雷火豐 (初爻 己卯 木, 二爻 己丑 土, 三爻 己亥 水, 四爻 庚午 火, 五爻 庚申 金,
    上爻 庚戌 土)."""
    c = change(55, 55)
    def stages(day, month):
        return [(ln.day_stage.zh, ln.month_stage.zh) for ln in at_moment(c, G(day), B(month)).lines]
    # 寅日 in the 申 month: 木 臨官/絕, 土 長生 at 申 and 病 at 寅, 水 病/長生, 火 長生/病, 金 絕/臨官
    assert stages("甲寅", "申") == [("臨官", "絕"), ("病", "長生"), ("病", "長生"), ("長生", "病"),
                                    ("絕", "臨官"), ("病", "長生")]
    # 戌日 in the 辰 month: 火 入墓 in the day, 水·土 in the month; 未日: 木 墓
    got = stages("甲戌", "辰")
    assert got[3][0] == "墓" and got[2][1] == got[1][1] == got[5][1] == "墓"
    assert stages("乙未", "子")[0][0] == "墓"
    ln = at_moment(c, G("甲寅"), B("申")).lines[0]
    assert ln.as_data()["stage_rule_ids"] == ["yi-ri-chen-lin-guan", "yi-yue-jian-jue"]
    # exactly one of each twelve holds on every branch, every day and month
    for b in Branch:
        for d in SIXTY[::7]:
            for m in Branch:
                f = LineFacts(b, False, None, d, m)
                for ids in (DAY_STAGE_IDS, MONTH_STAGE_IDS):
                    assert sum(MOMENT_RULES_BY_ID[r].holds(f) for r in ids) == 1


def test_change_and_hexagram_pages_show_fushen_the_bian_roles_and_the_moment_box(built):
    # 乾 → 姤: 姤's 世 is line 1 and 應 line 4; 乾 lacks nothing (no 伏神).
    page = (built / "yi/01/44/index.html").read_text("utf-8")
    assert 'title="變卦의 世">世<' in page and 'title="變卦의 應">應<' in page
    assert 'id="yi-moment"' in page and 'data-moment-lines' in page
    # 姤 → 乾: 姤 lacks 妻財, which hides under line 2 (乾's 甲寅)
    page = (built / "yi/44/01/index.html").read_text("utf-8")
    assert '<span class="fushen">伏 妻財 甲寅</span>' in page
    assert 'id="yi-moment"' in (built / "yi/44/index.html").read_text("utf-8")
    tables = (built / "yi/moment.js").read_text("utf-8")
    assert tables.startswith("/* sitegen:") and "window.SITEGEN_YI=" in tables
