"""The 大六壬 engine over its whole domain: all 720 lessons, exhaustively."""

from __future__ import annotations

import functools
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from conftest import repo_rules
from sitegen.model.ganzhi import LODGING, LU, SIXTY, Branch, GanZhi, Stage, Stem, stage_branch, yima
from sitegen.model.knowledge import step_sentences
from sitegen.model.steps import STEP_KINDS, Step
from sitegen.problems import Problems
from sitegen.render.trace import sentence
from sitegen.model.liuren import (
    RULES_BY_ID, SHEHAI_VARIANTS, Lesson, all_lessons, lesson, plate_of, plates_for, seat_of,
)
from sitegen.model.liuren.tables import FORWARD_SEATS, GAN_DE, GENERALS, NOBLE_DAY, NOBLE_NIGHT

REPO = Path(__file__).resolve().parent.parent


@functools.cache
def every_lesson() -> list:
    """The 720 lessons under the default options (made when a test first asks, not at collection)."""
    return all_lessons()


METHODS = {"賊剋", "比用", "涉害", "遙剋", "昴星", "別責", "八專", "伏吟", "返吟"}


def tr(les: Lesson) -> str:
    return "".join(b.zh for b in les.transmissions)


def test_720_lessons_in_day_then_plate_order():
    assert len(every_lesson()) == 720
    assert [(les.day, les.plate) for les in every_lesson()] == [(d, n) for d in SIXTY for n in range(1, 13)]
    assert lesson(GanZhi.from_zh("丙寅"), 3) == every_lesson()[2 * 12 + 2]


def test_plate_numbering_and_the_two_special_plates():
    for les in every_lesson():
        for e in Branch:
            assert les.heaven[e] == Branch((e - (les.plate - 1)) % 12)
            assert les.seat(les.heaven[e]) == e
        assert les.gan_shang == LODGING[les.day.stem].shift(-(les.plate - 1))
        if les.plate == 1:  # 伏吟: heaven == earth
            assert all(les.heaven[e] == e for e in Branch)
        if les.plate == 7:  # 返吟: every heaven branch is the 沖 of its earth
            assert all(les.heaven[e] == e.opposite for e in Branch)


@given(st.sampled_from(list(Branch)), st.sampled_from(list(Branch)))
def test_month_general_over_hour_gives_the_plate(month_general, hour):
    n = plate_of(month_general, hour)
    assert n == (hour - month_general) % 12 + 1
    assert (month_general, hour) in plates_for(n)
    assert seat_of(n, month_general) == hour  # 月將 stands over 占時


def test_four_lessons_follow_from_the_plate():
    for les in every_lesson():
        h = les.heaven
        k1, k2, k3, k4 = les.lessons
        assert (k1.upper, k1.lower, k1.seat) == (h[LODGING[les.day.stem]], les.day.stem, LODGING[les.day.stem])
        assert (k2.upper, k2.lower) == (h[k1.upper], k1.upper)
        assert (k3.upper, k3.lower) == (h[les.day.branch], les.day.branch)
        assert (k4.upper, k4.lower) == (h[k3.upper], k3.upper)
        for k in les.lessons:
            ke = k.upper.element.overcomes(k.lower.element)
            zei = k.lower.element.overcomes(k.upper.element)
            assert k.ke_down == ke and k.zei_up == zei
            if k.duplicate_of is not None:
                other = les.lessons[k.duplicate_of - 1]
                assert (other.upper, other.seat) == (k.upper, k.seat) and other.duplicate_of is None


def test_every_chain_is_consistent_with_its_method():
    for les in every_lesson():
        h, (a, b, c) = les.heaven, les.transmissions
        gs, zs = les.gan_shang, les.zhi_shang
        assert les.method in METHODS and les.method_id in RULES_BY_ID and les.ke_id in RULES_BY_ID
        if les.method in {"賊剋", "比用", "涉害", "遙剋"}:
            assert (b, c) == (h[a], h[b]), les
        if les.method in {"賊剋", "比用", "涉害"} or les.ke == "無依":
            kind = {k.relation for k in les.lessons if k.upper == a and k.relation}
            assert kind, les
            if any(k.zei_up for k in les.lessons):
                assert "下賊上" in kind
        if les.ke == "無依":
            assert (b, c) == (a.opposite, a)
        if les.ke == "無親":
            assert (a, b, c) == (yima(les.day.branch), zs, gs)
        if les.method == "八專":
            assert LODGING[les.day.stem] == les.day.branch and b == c == gs
            assert a == (les.lessons[0].upper.shift(2) if les.day.stem.yang else les.lessons[3].upper.shift(-2))
        if les.method == "別責":
            assert b == c == gs
        if les.ke == "虎視":
            assert (a, b, c) == (h[Branch.YOU], zs, gs)
        if les.ke == "冬蛇掩目":
            assert (a, b, c) == (les.seat(Branch.YOU), gs, zs)
        if les.method == "伏吟":
            assert b in {a.punish, les.day.branch, LODGING[les.day.stem]}
            assert c in {b.punish, b.opposite}
        if les.method == "遙剋":
            assert not any(k.relation for k in les.lessons)


def test_seed_counts_bazhuan_6_and_10_wuqin_6():
    kes = [les.ke for les in every_lesson()]
    assert kes.count("順數三神") == 6  # liuren-gejue#p03 計六課
    assert kes.count("逆數三神") == 10  # liuren-gejue#p04 計十課
    assert kes.count("無親") == 6  # liuren-gejue#p16 計六課
    assert {les.day.zh for les in every_lesson() if les.ke == "無親"} == {"丁丑", "己丑", "辛丑", "丁未", "己未", "辛未"}


def test_bazhuan_and_fuyin_never_take_yaoke():
    for les in every_lesson():
        if LODGING[les.day.stem] == les.day.branch or les.plate == 1:
            assert les.method != "遙剋"


def test_every_lesson_has_method_ke_and_valid_rule_ids():
    for les in every_lesson():
        assert les.method and les.ke
        assert set(les.rule_ids) <= set(RULES_BY_ID)
        assert set(les.patterns) <= set(RULES_BY_ID)
        assert {les.method_id, les.ke_id} <= set(les.rule_ids)
        for c in les.conditional_patterns:
            assert c.rule in RULES_BY_ID and RULES_BY_ID[c.rule].zh == c.name and c.condition
            assert c.rule not in les.patterns


def test_generals_are_a_permutation_with_the_noble_in_place():
    for les in every_lesson():
        for night, table in ((False, NOBLE_DAY), (True, NOBLE_NIGHT)):
            g = les.generals_night if night else les.generals_day
            assert sorted(g) == sorted(GENERALS)
            noble = table[les.day.stem]
            assert g[noble] == "貴人"
            step = 1 if les.seat(noble) in FORWARD_SEATS else -1
            assert g[noble.shift(step)] == "螣蛇" and g[noble.shift(6)] == "天空"
            assert les.generals(night)[noble] == "貴人"


def test_void_branches_carry_no_dun_stem():
    for day in SIXTY:
        assert all(day.dun_stem(b) is None for b in day.xun_void)
        assert sum(day.dun_stem(b) is not None for b in Branch) == 10
    for les in every_lesson():
        for t in les.transmission_info:
            assert (t.dun is None) == t.void == (t.branch in les.void)
            assert t.general_day == les.generals_day[t.branch]


def test_markers():
    for les in every_lesson():
        m = {x.name: x for x in les.markers}
        assert list(m) == ["祿", "德", "驛馬", "旬丁", "墓"]
        assert m["祿"].branch == LU[les.day.stem]
        assert m["德"].branch == GAN_DE[les.day.stem]
        assert m["驛馬"].branch == yima(les.day.branch)
        assert les.day.dun_stem(m["旬丁"].branch) == Stem.DING
        assert m["旬丁"].branch == les.day.xun_head.branch.shift(3)  # 甲 … 丁 of the 旬
        assert m["墓"].branch == stage_branch(les.day.stem.element, Stage.MU)
        for x in les.markers:
            assert les.heaven[x.seat] == x.branch
            assert x.in_lessons == tuple(k.index for k in les.lessons if k.upper == x.branch)
            assert x.in_transmissions == tuple(t.position for t in les.transmission_info if t.branch == x.branch)
    bingyin = lesson(GanZhi.from_zh("丙寅"), 1)
    assert {x.name: x.branch.zh for x in bingyin.markers} == {"祿": "巳", "德": "巳", "驛馬": "申", "旬丁": "卯", "墓": "戌"}


def test_as_data_is_json_ready():
    for les in every_lesson():
        d = json.loads(json.dumps(les.as_data(), ensure_ascii=False))
        assert d["day"] == les.day.zh and d["plate"] == les.plate and "url" not in d
        assert len(d["lessons"]) == 4 and d["lessons"][0][1] == les.day.stem.zh
        assert len(d["transmissions"]) == 3 and d["method"] in METHODS
        assert set(d["generals"]) == {"day", "night"} and len(d["generals"]["day"]) == 12
        assert all(set(t) == {"kind", "rule", "args"} for t in d["trace"])
    d = lesson(GanZhi.from_zh("丙寅"), 2).as_data()
    assert d["lessons"] == [["辰", "丙"], ["卯", "辰"], ["丑", "寅"], ["子", "丑"]]
    assert d["transmissions"] == ["子", "亥", "戌"] and d["method"] == "比用" and d["ke"] == "知一"


def _declared(s: Step) -> None:
    """Each step and every step among its operands is of a declared kind with exactly its operands."""
    assert tuple(n for n, _ in s.args) == STEP_KINDS[s.kind], s
    for _, v in s.args:
        for x in (v,) if isinstance(v, Step) or not isinstance(v, tuple) else v:
            assert not isinstance(x, str) or not re.search("[가-힣]", x), s
            if isinstance(x, Step):
                _declared(x)


def test_trace_steps_are_typed_facts():
    for shehai in SHEHAI_VARIANTS:
        for les in all_lessons(shehai=shehai):
            assert les.trace[0].kind == ("liuren-plate-fuyin" if les.plate == 1 else "liuren-plate")
            assert [dict(s.args)["index"] for s in les.preamble[1:]] == [1, 2, 3, 4]
            assert {s.kind for s in les.preamble[1:]} == {"liuren-lesson"}
            for s in les.trace:
                assert s.rule is None or s.rule in RULES_BY_ID
                _declared(s)
            if les.method == "涉害" and shehai == "depth":
                assert len([s for s in les.steps if s.kind == "liuren-shehai-depth"]) >= 2  # one per candidate


def test_trace_in_words_from_the_content_sentences():
    sentences = SimpleNamespace(steps=step_sentences(repo_rules(), Problems()))
    dingmao = lesson(GanZhi.from_zh("丁卯"), 3)  # 《六壬大全》 卷七's worked 丁卯 example
    texts = [sentence(sentences, s) for s in dingmao.trace]
    assert texts[0].startswith("제3국") and [t[:3] for t in texts[1:5]] == ["제1과", "제2과", "제3과", "제4과"]
    words = " ".join(texts)
    assert "辰·戊(巳에 寄宮)·未·己(未에 寄宮)·戌 — 5重" in words and "乙(辰에 寄宮) — 1重" in words
    assert tr(dingmao) == "亥酉未"
    single = set()
    for les in every_lesson():
        for s in les.trace:
            text = sentence(sentences, s)
            assert text and "{" not in text and "}" not in text
            if s.kind == "liuren-zeike-single":
                single.add(text)
    # a particle agrees with the reading of the word before it (子 자: 를, 丑 축: 을)
    assert "후보가 子 하나뿐이므로 子를 初傳으로 한다 → 重審." in single
    assert "후보가 丑 하나뿐이므로 丑을 初傳으로 한다 → 重審." in single


def test_engine_data_is_the_same_in_processes_with_different_hash_seeds():
    """Set and dict order must never leak into the facts: this process and a fresh one whose
    hash seed differs from this one's compute the same data."""
    from conftest import another_hash_seed

    code = ("import hashlib, json; from sitegen.model import liuren, yi; "
            "d = [l.as_data() for v in liuren.SHEHAI_VARIANTS for l in liuren.all_lessons(shehai=v)]; "
            "d += [h.as_data() for h in yi.HEXAGRAMS] + [c.as_data() for c in yi.all_changes()]; "
            "digest = hashlib.sha256(json.dumps(d, ensure_ascii=False).encode()).hexdigest()")
    here: dict = {}
    exec(code, here)
    env = {**os.environ, "PYTHONHASHSEED": another_hash_seed()}
    run = subprocess.run([sys.executable, "-c", code + "; print(digest)"], env=env, capture_output=True,
                         text=True, cwd=REPO)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == here["digest"]


def test_shehai_variants_differ_only_on_shehai_lessons():
    assert SHEHAI_VARIANTS == ("depth", "tanyuan", "mengzhongji")
    for variant in ("tanyuan", "mengzhongji"):
        other = all_lessons(shehai=variant)
        changed = [(a, b) for a, b in zip(every_lesson(), other) if a.transmissions != b.transmissions]
        assert changed
        for a, b in changed:
            assert "liuren-she-hai" in a.rule_ids and b.shehai == variant
    with pytest.raises(ValueError):
        lesson(GanZhi.from_zh("甲子"), 2, shehai="nonsense")
    with pytest.raises(ValueError):
        lesson(GanZhi.from_zh("甲子"), 13)


