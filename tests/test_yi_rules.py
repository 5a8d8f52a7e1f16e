"""The rule catalog: permanent ids, families, Korean tests; every rule is live. (Citations live
only in the rule entries, content/rules/*.yaml.)"""

from __future__ import annotations

import re
from collections import Counter

from conftest import repo_rules
from sitegen.model.yi import FAMILIES, HEXAGRAMS, RULES, RULES_BY_ID, all_changes

ENTRIES = {e.id: e for e in repo_rules()}

_PREFIX = {"yi-line": "yi-", "yi-change": "yi-", "yi-hexagram": "yi-",
           "meihua-relation": "meihua-", "meihua-topic": "meihua-topic-", "dili": "dili-",
           "yi-moment": "yi-", "yi-yongshen": "yi-"}
_HANGUL = re.compile(r"[\uac00-\ud7a3]")


def test_ids_are_unique_lowercase_ascii_with_the_family_prefix():
    assert len(RULES_BY_ID) == len(RULES)
    for r in RULES:
        assert re.fullmatch(r"[a-z]+(-[a-z]+)+", r.id), r.id
        assert r.id.startswith(_PREFIX[r.family]), r.id
        assert r.family in FAMILIES
        assert r.applies_to in {"hexagram", "change"}
    assert len({r.zh for r in RULES}) == len(RULES)


def test_names_that_repeat_are_disambiguated():
    assert RULES_BY_ID["yi-yao-fu-yin"].family == "yi-line"
    assert RULES_BY_ID["yi-nei-gua-fu-yin"].family == "yi-change"
    assert {"yi-nei-gua-fan-yin-houtian", "yi-nei-gua-fan-yin-chong",
            "yi-wai-gua-fan-yin-houtian", "yi-wai-gua-fan-yin-chong"} <= set(RULES_BY_ID)
    assert RULES_BY_ID["yi-hua-jin-shen"].zh == "化進神"
    assert RULES_BY_ID["yi-liu-chong-bian-liu-he"].zh == "六沖變六合"


def test_tests_and_conditions_are_korean():
    for r in RULES:
        e = ENTRIES[r.id]
        assert _HANGUL.search(e.test), r.id
        assert _HANGUL.search(e.ko), r.id
        if e.condition is not None:
            assert _HANGUL.search(e.condition), r.id


def test_the_seventeen_meihua_topics_and_five_relations():
    topics = [r for r in RULES if r.family == "meihua-topic"]
    assert len(topics) == 17
    assert {r.zh[:-1] for r in topics} == set(
        "人事 家宅 屋舍 婚姻 生產 飲食 求謀 求名 求財 交易 出行 行人 謁見 失物 疾病 官訟 墳墓".split())
    rel = [r for r in RULES if r.family == "meihua-relation" and ENTRIES[r.id].condition is None]
    assert {r.zh for r in rel} == {"用生體", "體生用", "用剋體", "體剋用", "體用比和"}


def test_every_unconditional_rule_holds_somewhere_and_no_conditional_one_does():
    held = Counter()
    for h in HEXAGRAMS:
        held.update(h.all_rule_ids)
    for c in all_changes():
        held.update(c.all_rule_ids)
    for r in RULES:
        if ENTRIES[r.id].condition is None:
            assert held[r.id] > 0, r.id
        else:
            assert held[r.id] == 0, r.id
    # applies_to says where a rule is computed: hexagram rules on hexagrams, change ones on changes.
    for h in HEXAGRAMS:
        assert all(RULES_BY_ID[r].applies_to == "hexagram" for r in h.all_rule_ids)
    change_only = {r.id for r in RULES if r.applies_to == "change"}
    assert not change_only & {r for h in HEXAGRAMS for r in h.all_rule_ids}


def test_a_conditional_rule_says_what_it_needs_and_where_its_table_comes_from():
    r, e = RULES_BY_ID["yi-hua-kong"], ENTRIES["yi-hua-kong"]
    assert e.condition and r.family == "yi-line" and r.applies_to == "change" and e.source
