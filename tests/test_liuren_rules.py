"""The rule catalog: ids, families, Korean tests, and coverage of every name LIUREN.md lists."""

from __future__ import annotations

import re

from conftest import repo_rules
from sitegen.model.liuren import RULES, RULES_BY_ID, all_lessons
from sitegen.model.liuren.rules import RULE_ID_BY_NAME
from sitegen.model.liuren.tables import GENERALS, JIAN_NAMES, RU_NAMES

# LIUREN.md, "課體 to cover" (and the named 茹·間 series of seed 003).
TO_COVER = (
    "元首 重審 知一 比用 涉害 見機 察微 綴瑕 蒿矢 彈射 虎視 冬蛇掩目 別責 八專 獨足 伏吟 自任 自信 杜傳 返吟 "
    "無依 無親 元胎 臨官 勵德 斬關 天網 間傳 龍戰 隔角 龍德 不備 炎上 潤下 曲直 稼穡 從革 狡童 四絕 度厄 乘軒 "
    "鑄印 三奇 進茹 退茹 龍潛 將泰 正和 升階 日昃 回陰 鑄刃 革故 返駕 就明 當陽 發生 拱斗 聯芳 收藏 重陰 向陽 "
    "觀光 登天 涉淵 出戶 回輪 勢衰 入冥 凝陰 啟蒙"
).split()
FAMILIES = {"liuren-method", "liuren-ke", "liuren-pattern", "liuren-general", "liuren-bifa", "liuren-shensha",
            "liuren-nianming", "liuren-wangshuai", "liuren-leishen"}
ENTRIES = {e.id: e for e in repo_rules()}


def test_ids_are_unique_pinyin_addresses():
    assert len(RULES) == len(RULES_BY_ID)
    for r in RULES:
        assert re.fullmatch(r"liuren-[a-z]+(-[a-z]+)*|liuren-bifa-[0-9]{3}", r.id), r.id
        assert r.family in FAMILIES and r.applies_to == "lesson"
        e = ENTRIES[r.id]
        assert re.search("[가-힣]", e.test) and (e.source or e.cites or e.authority)
        assert e.condition is None or re.search("[가-힣]", e.condition)
    assert RULES_BY_ID["liuren-yuan-shou"].zh == "元首"
    assert RULES_BY_ID["liuren-dong-she-yan-mu"].zh == "冬蛇掩目"
    assert RULES_BY_ID["liuren-ba-zhuan"].zh == "八專"
    assert RULES_BY_ID["liuren-general-qing-long"].zh == "青龍"


def test_every_listed_name_has_a_rule():
    missing = [n for n in TO_COVER if n not in RULE_ID_BY_NAME]
    assert not missing
    assert set(RU_NAMES.values()) | set(JIAN_NAMES.values()) <= set(RULE_ID_BY_NAME)
    # the 退間 (逆間傳) names are covered too
    assert {"冥陰", "偃蹇", "悖戾", "凝陽", "顧祖", "涉疑", "極陰", "時遁", "勵明", "回明", "轉悖", "斷澗"} <= set(RULE_ID_BY_NAME)


def test_generals_are_rules():
    gens = [r for r in RULES if r.family == "liuren-general"]
    assert [r.zh for r in gens] == list(GENERALS)


def test_conditional_rules_are_exactly_those_that_need_more_than_day_and_plate():
    """A rule whose entry names a condition is conditional on some lesson (天寇 and the 二煩 on the
    Moon's 宮, 月宿, since the moment tells it; 解離, 繁昌 and 旺孕 on the couple's 行年, 德孕 on their 行年 and 本命)."""
    conditional = {r.zh for r in RULES if ENTRIES[r.id].condition and r.family in ("liuren-method", "liuren-ke", "liuren-pattern")}
    produced_conditional = {c.name for les in all_lessons() for c in les.conditional_patterns}
    assert produced_conditional <= conditional
    assert conditional == produced_conditional
    assert {"解離", "旺孕", "繁昌", "德孕", "勵德", "天網", "龍德", "狡童", "泆女", "四絕", "三光"} <= produced_conditional


def test_every_rule_a_lesson_uses_is_in_the_catalog():
    used = {i for v in ("depth", "mengzhongji") for les in all_lessons(shehai=v) for i in les.rule_ids}
    assert used <= set(RULES_BY_ID)
    methods = {r.id for r in RULES if r.family == "liuren-method"}
    kes = {r.id for r in RULES if r.family == "liuren-ke"}
    assert methods <= used and kes <= used  # every method and 課 name occurs (綴瑕 only in the 孟仲季 reading)
