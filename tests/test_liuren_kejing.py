"""《六壬大全》 卷七–十 (課經集): every 課 heading is a rule, every 課體 and 法 rule owns one predicate,
and the classical definitions hold where the book says (that every quoted clause is the book's is
checked at load, ``sitegen.content.authorities``, and by ``tests/test_authority_quotes.py``).

The authority's files stay in the shared folder (``authorities/liuren-daquan/``); these tests read
them and are skipped where it is absent.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from conftest import repo_rules
from daquan_lessons import lessons_in
from sitegen.content.authorities import DAQUAN, HEADING, JUAN as PARTS, KEJING, SUB_HEADINGS, Transcriptions, sections
from sitegen.content.t2s import fold
from sitegen.model import knowledge
from sitegen.model.ganzhi import SIXTY, Branch, GanZhi
from sitegen.model.liuren import RULES, all_lessons, lesson
from sitegen.model.liuren.rules import JUAN
from sitegen.problems import Problems

REPO = Path(__file__).resolve().parent.parent
ENTRIES = {e.id: e for e in repo_rules()}


@pytest.fixture(scope="module")
def daquan(shared):
    if not (shared / "authorities" / "liuren-daquan").is_dir():
        pytest.skip("《六壬大全》 is not in the shared folder")
    books = Transcriptions(shared / "authorities")
    return {n: books.text(DAQUAN, part) for part, n in PARTS.items()}


def test_every_heading_of_kejing_is_a_rule(daquan):
    titles = {(PARTS[a.part], fold(a.title)) for e in ENTRIES.values() for a in e.authority
              if a.work == DAQUAN}
    missing = [f"卷{n} {h}" for n in KEJING for h in sections(daquan[n]) if (n, h) not in titles]
    assert not missing
    assert len({h for n in KEJING for h in sections(daquan[n])}) >= 63


def test_every_ke_and_pattern_rule_owns_one_predicate():
    for r in RULES:
        if r.family in knowledge.PREDICATE_FAMILIES:
            assert callable(r.holds), r.id
    assert {JUAN[r.id] for r in RULES if r.family == "liuren-pattern"} == {7, 8, 9, 10, None}


def test_the_hundred_fa():
    from sitegen.model.liuren.bifa import undecided
    fa = [r for r in RULES if r.family == "liuren-bifa"]
    assert [r.id for r in fa] == [f"liuren-bifa-{n:03d}" for n in range(1, 101)]
    decided = [r for r in fa if r.holds is not undecided]
    assert len(decided) >= 70
    for r in fa:
        e = ENTRIES[r.id]
        a = e.authority[0]
        assert (a.work, a.title, a.quote) == ("六壬大全", f"第{int(r.id[-3:])}法", r.zh)
        if r.holds is undecided:  # the chart cannot tell it: the entry says why
            assert e.condition, r.id
    seen = {b.number for l in all_lessons() for b in l.bifa}
    assert len(seen) >= 70
    data = all_lessons()[0].as_data()["bifa"]
    assert data and all(set(d) == {"number", "condition"} for d in data)



def _fa(day: str, heaven: str, earth: str, number: int, shehai: str = "depth"):
    """法 ``number`` on the lesson of ``day`` with ``heaven`` over ``earth`` (加): None when the
    lesson does not show it, else its condition (``()`` when it holds at every moment)."""
    plate = (Branch.from_zh(earth) - Branch.from_zh(heaven)) % 12 + 1
    les = lesson(GanZhi.from_zh(day), plate, shehai=shehai)
    return next((dict(b.when) for b in les.bifa if b.number == number), None)


def _days(stem: str) -> list[str]:
    return [d.zh for d in SIXTY if d.stem.zh == stem]


def test_fa_53_the_tomb_between_a_general_and_its_house():
    """《六壬大全》卷十二 第53法 兩蛇夾墓: 丙日 戌加巳, 螣蛇 on the 墓 戌 by day and by night over 巳,
    螣蛇's own place (外四丙日亦然); then the book's list of the same figure with other generals."""
    for day in _days("丙"):
        assert _fa(day, "戌", "巳", 53) == {}, day
    named = [("己", "辰", "未", "night"),   # 六己日辰加未夜占，乃兩常夾墓
             ("甲", "未", "丑", "night"),   # 未加丑夜貴，兩貴夾墓
             ("甲", "未", "戌", "day")]     # 未加戌晝貴，兩空夾墓
    listed = [("己", "辰", "辰"), ("辛", "丑", "申"), ("乙", "未", "巳"), ("壬", "辰", "巳"), ("癸", "辰", "巳"),
              ("庚", "丑", "丑"), ("庚", "丑", "戌"), ("丁", "戌", "巳")]
    for stem, h, e, shift in named:
        for day in _days(stem):
            assert _fa(day, h, e, 53) == {"day_night": (shift,)}, (day, h, e)
    for stem, h, e in listed:
        for day in _days(stem):
            assert _fa(day, h, e, 53) is not None, (day, h, e)
    # The one listed case that disagrees, said on the rule's page: 六壬日辰加亥 「兩后夾墓」 has 天后 on
    # 辰 over 亥, but 卷二 puts 天后's house at 壬子 (亥 is 玄武's, and 壬's 寄宮).
    assert _fa("壬子", "辰", "亥", 53) is None
    assert _fa("丙子", "戌", "午", 53) is None  # the 墓 over a place not its general's


def test_fa_65_the_stems_tomb_as_the_seasons_guanshen():
    """卷十二 第65法 干墓并關: the stem's 墓 發用 in the season it is the 關神 (春丑 夏辰 秋未 冬戌)."""
    for day in ("乙丑", "乙未", "乙酉", "乙亥"):  # 於秋季占之，未乃干之墓作關神為發用，臨於干上
        assert _fa(day, "未", "辰", 65) == {"months": ("申", "酉", "戌")}, day
    assert _fa("丁卯", "戌", "卯", 65) == {"months": ("子", "丑", "亥")}  # 戌加卯為發用，冬占
    assert _fa("丁卯", "巳", "卯", 65) is None  # the 墓 戌 over 巳, not 發用 (初傳 巳)


def test_fa_66_the_branchs_tomb_as_the_stems_wealth():
    """卷十二 第66法 支墳財並: 初傳 the 辰's 墓, the stem's 財 — only on 甲·乙 days (every 墓 is earth; its
    疑惑格, on 卯·酉 days, holds by the asker's 行年)."""
    for day, h, e in (("甲子", "辰", "子"), ("甲午", "戌", "寅"), ("乙酉", "丑", "辰")):
        assert _fa(day, h, e, 66) == {}, day
    # 甲午日戌加子用: 戌 is 用 by the 孟仲季 reading of 涉害 (by depth the 初傳 is 寅, and it is not shown)
    assert _fa("甲午", "戌", "子", 66, shehai="mengzhongji") == {}
    assert _fa("甲午", "戌", "子", 66) is None
    assert {les.day.stem.zh for les in all_lessons()
            if any(b.number == 66 and b.condition is None for b in les.bifa)} == {"甲", "乙"}

def test_a_rule_without_predicate_is_reported_by_id(monkeypatch):
    rules = {r.id: r for r in RULES}
    rules["liuren-san-guang"] = replace(rules["liuren-san-guang"], holds=None)
    monkeypatch.setattr(knowledge, "engine_rules", lambda: rules)
    problems = Problems()
    knowledge.join_rules([e for e in ENTRIES.values() if e.id in rules], problems)
    text = "\n".join(p.message for p in problems.items)
    assert "liuren-san-guang" in text and "no predicate" in text


def _names(day: str, plate: int) -> set[str]:
    les = lesson(GanZhi.from_zh(day), plate)
    return set(les.names)


def test_classical_definitions_replace_the_fitted_ones():
    lessons = all_lessons()
    zhanguan = [l for l in lessons if "liuren-zhan-guan" in l.patterns]
    # 斬關: 魁罡 over the day or the 辰 *and* 發用
    assert zhanguan and all(l.transmissions[0].zh in "辰戌" for l in zhanguan)
    assert len(zhanguan) < 220
    # 四絕: the eve of a 四立, a date: conditional on every lesson, held on none
    sijue = [c for l in lessons for c in l.conditional_patterns if c.rule == "liuren-si-jue"]
    assert len(sijue) == 720 and dict(sijue[0].when)["dates"] == ("四立前日",)
    # 隔角: no longer 孤辰·寡宿 (丙寅 第一局 巳申寅 is not 隔角; 第三局 丑亥酉 is)
    assert "隔角" not in _names("丙寅", 1) and "隔角" in _names("丙寅", 3)


def test_conditions_are_data_a_cast_can_resolve():
    keys = {"hours", "day_night", "months", "month_generals", "years", "birth", "xing", "moon", "dates", "needs",
            "any", "couple"}
    seen = set()
    for l in all_lessons():
        for c in l.conditional_patterns:
            when = dict(c.when)
            assert set(when) <= keys and when, c
            seen |= set(when) | {k for alt in when.get("any", ()) for k, _ in alt}
    assert {"months", "day_night", "hours", "years", "xing", "moon", "dates", "month_generals", "couple",
            "couple_years", "couple_ming"} <= seen <= keys | {"birth", "couple_years", "couple_ming"}


def book_examples(daquan) -> list[tuple[int, int, str, str]]:
    """(卷, line, day, the lesson in the book's words) of every place 卷七–十 work a lesson under a
    課 heading (``lessons_in``)."""
    out = []
    for n in KEJING:
        current = None
        for ln, line in enumerate(daquan[n].splitlines(), 1):
            m = HEADING.match(line.strip())
            if m and m.group(1) not in SUB_HEADINGS:
                current = m.group(1)
                continue
            if current is not None:
                out += [(n, ln, day, at) for day, at in lessons_in(line)]
    return out


def test_the_examples_file_is_the_books_examples(daquan):
    from sitegen.content.validation import load_validation
    ours = [(e.juan, e.at_line, e.day, e.at) for e in load_validation(REPO, Problems()).classic]
    found = book_examples(daquan)
    assert ours == found
    per_juan = {n: sum(e[0] == n for e in found) for n in KEJING}
    assert per_juan == {7: 93, 8: 83, 9: 104, 10: 42}     # the counts the file's head states
    # the forms the old reading (「如…日X時Y將」 at a line's start) missed are all there
    assert {(7, 1375, "丁卯", "三傳辰巳午"), (8, 617, "丙申", "返吟"), (9, 661, "癸未", "干上亥"),
            (7, 89, "庚辰", "卯時子將"), (9, 1231, "己卯", "卯時戌將"),
            (8, 179, "己酉", "午加酉"), (10, 145, "壬戌", "巳時子將"), (9, 1349, "乙酉", "辰加亥"),
            (9, 201, "甲申", "寅加申"), (9, 201, "乙酉", "辰加酉")} <= set(found)


def test_classic_examples_are_classed_and_counted_from_the_list(model):
    from sitegen.content.validation import CLASSES
    rows = model.validation.classic
    counts = model.validation.classic_counts()
    assert sum(counts.values()) == len(rows) == 322 and set(counts) == set(CLASSES)
    # agrees means reproduced, and every other class is a failure the site states with its reason
    assert all(r.agrees == (r.example.cls == "agrees") for r in rows)
    assert all(bool(r.example.note) == (r.example.cls != "agrees") for r in rows)
    assert counts["agrees"] >= 240


def test_no_classic_example_is_site_wrong(model):
    assert model.validation.classic_counts()["wrong"] == 0


def test_the_pages_show_the_classic_totals(built, model):
    import html
    text = lambda p: re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", p.read_text("utf-8"))))  # noqa: E731
    c = model.validation.classic_counts()
    n = sum(c.values())
    line = (f"{n}예 가운데 일치 {c['agrees']}, 책의 글이 어긋남 {c['garbled']}, 학파의 차이 {c['school']}, "
            f"책이 모호함 (두 읽기) {c['ambiguous']}, 사이트가 틀림 {c['wrong']}")
    part = text(built / "about/validation/daquan/index.html")
    assert f"課經集(卷七–十)의 예 {n}개" in part and line in part
    assert line in text(built / "about/validation/index.html")
    assert f"《六壬大全》 課經集의 예 {c['agrees']}/{n} 일치" in text(built / "index.html")


def test_an_example_the_site_gets_wrong_stops_the_build(tmp_path):
    """As with the 《畢法賦》 lessons: an example classed agrees that the site does not reproduce, one
    classed otherwise that it does (a stale note), and a school difference whose named variant does
    not reproduce it either each stop the build, with the file and the line."""
    from sitegen.build import build
    from sitegen.problems import BuildError
    from sites import copy_site, edit
    file = "content/validation/daquan-kejing.yaml"
    root = copy_site(tmp_path)
    edit(root / file, "{juan: 7, line: 13, title: 元首課, day: 甲子, at: 卯時子將, name: 元首, first: 午, class: agrees}",
         "{juan: 7, line: 13, title: 元首課, day: 甲子, at: 卯時子將, name: 重審, first: 午, class: agrees}")
    edit(root / file, "day: 甲子, at: 子加未, name: 元首, first: 子, class: ambiguous",
         "day: 甲子, at: 子加未, name: 知一, first: 子, class: ambiguous")
    edit(root / file, "day: 戊寅, at: 午時寅將, name: 三光, class: school",
         "day: 戊寅, at: 午時寅將, name: 三光, variant: mengzhongji, class: school")
    lines = (root / file).read_text("utf-8").splitlines()
    at = [next(i for i, s in enumerate(lines, 1) if needle in s)
          for needle in ("name: 重審", "name: 知一", "variant: mengzhongji, class: school, note: \"책의 盤")]
    with pytest.raises(BuildError) as e:
        build(root, None)
    assert sorted(p.format() for p in e.value.problems) == sorted([
        f"{file}:{at[0]}: 卷7 line 13 甲子日 卯時子將: the site does not give 重審 (no 重審)\n"
        "    hint: fix the predicate, or class the example garbled, school, ambiguous or wrong with a note",
        f"{file}:{at[1]}: 卷7 line 89 甲子日 子加未 is reproduced by the site, but is classed ambiguous\n"
        "    hint: class it agrees and remove its note",
        f"{file}:{at[2]}: 卷7 line 1239 戊寅日 午時寅將: the variant mengzhongji does not reproduce it either\n"
        "    hint: name the variant that does, or drop the variant and say why in the note"])


def test_a_cast_resolves_the_month_and_leaves_dates_open():
    from sitegen.cast import held
    f = {"hour": "午", "day_night": "day", "month_general": "未", "month": "甲午", "year": "丙午"}
    assert held({"months": ["午", "巳"]}, f) is True
    assert held({"months": ["子"]}, f) is False
    assert held({"months": ["午"], "day_night": "night"}, f) is False
    assert held({"dates": ["四立前日"]}, f) is None        # the 干支 of a moment do not tell a 四立


# The families whose predicates read a lesson's facts (the 神煞, 年命, 旺衰 and 類神 read a day,
# a birth year, a month or the generals: tests/test_liuren_nianming.py).
LESSON_FAMILIES = ("liuren-method", "liuren-ke", "liuren-pattern", "liuren-bifa")


def test_every_predicate_answers_in_one_of_its_five_ways():
    from sitegen.model.liuren.keti import UNDECIDED, Cond, Facts
    for les in all_lessons()[::7]:
        basis = (les.basis_method, les.basis_ke) if les.basis_method else ()
        f = Facts(les.day, les.plate, les.heaven, les.lessons, les.transmissions, les.generals_day,
                  les.generals_night, les.method, les.ke, basis, frozenset(), frozenset())
        for r in RULES:
            if r.holds is not None and r.family in LESSON_FAMILIES:
                res = r.holds(f)
                assert res in (None, False, True, UNDECIDED) or isinstance(res, Cond), (r.id, res)


def test_a_month_and_couple_the_example_states_are_held_against_the_condition():
    """卷九 line 565, 旺孕格: 「三月甲子日未時酉將，夫年立寅，妻年立午，值三合，逢春旺相氣」. The list states the
    month (月建 辰) and the couple (寅午); the site's 旺孕 needs them 旺相 by the 月建 (寅·卯 for 寅午), so
    the example is a school difference, not an agreement nobody checked."""
    from sitegen.model import liuren

    def agrees(*stated):
        return liuren.evaluate_classic("甲子", "未時酉將", "旺孕", stated=stated).agrees
    assert not agrees(("months", "辰"), ("couple", "寅午"))
    assert agrees(("months", "卯"), ("couple", "寅午"))
    assert agrees(("months", "辰"), ("couple", "辰申"))          # 土旺 金相 in 辰
    assert not agrees(("months", "卯"), ("couple", "寅戌"))       # never both 旺相
    assert agrees()                                               # what it does not state is not held against it


def test_the_couples_xingnian_as_ganzhi_the_example_states_are_held_against_the_condition():
    """卷八 line 397, 德孕格: 「如壬申日未時巳將，夫行年甲寅，妻行年己亥，上下相生作合，乘本命旺氣」: the list states
    the 行年 as 干支; the site's 德孕 holds with them (the 本命 the example does not state are not held against it),
    not with a 妻年 that does not 合 甲寅."""
    from sitegen.model import liuren

    def agrees(*stated):
        return liuren.evaluate_classic("壬申", "未時巳將", "德孕", stated=stated).agrees
    assert agrees(("couple_years", "甲寅己亥")) and agrees()
    assert not agrees(("couple_years", "甲寅乙亥")) and not agrees(("couple_years", "甲寅己巳"))
    assert not liuren.evaluate_classic("壬申", "午時巳將", "德孕").agrees      # plate 2: no pair under 相生 gods
