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

from sitegen.content.authorities import DAQUAN, HEADING, JUAN as PARTS, KEJING, SUB_HEADINGS, Transcriptions, sections
from sitegen.content.rules import load_rules
from sitegen.content.t2s import fold
from sitegen.model import knowledge
from sitegen.model.ganzhi import GanZhi
from sitegen.model.liuren import RULES, all_lessons, lesson
from sitegen.model.liuren.rules import JUAN
from sitegen.problems import Problems

REPO = Path(__file__).resolve().parent.parent
ENTRIES = {e.id: e for e in load_rules(REPO, Problems())}


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
    keys = {"hours", "day_night", "months", "month_generals", "years", "birth", "xing", "dates", "needs"}
    seen = set()
    for l in all_lessons():
        for c in l.conditional_patterns:
            when = dict(c.when)
            assert set(when) <= keys and when, c
            seen |= set(when)
    assert {"months", "day_night", "hours", "years", "xing", "dates", "month_generals"} <= seen


_G, _Z = "甲乙丙丁戊己庚辛壬癸", "子丑寅卯辰巳午未申酉戌亥"
_EXAMPLE = (re.compile(f"([{_G}][{_Z}])日([{_Z}])时([{_Z}])将"), re.compile(f"([{_G}][{_Z}])日([{_Z}])将([{_Z}])时"))


def book_examples(daquan) -> list[tuple[int, str, str, str, str]]:
    """(卷, heading, day, 占時, 月將) of every example paragraph (如…/假如…) of 卷七–十."""
    out = []
    for n in KEJING:
        current = None
        for line in daquan[n].splitlines():
            m = HEADING.match(line.strip())
            if m and m.group(1) not in SUB_HEADINGS:
                current = m.group(1)
                continue
            if not line.startswith(("如", "假如")):
                continue
            for i, rx in enumerate(_EXAMPLE):
                found = rx.search(line[:40])
                if found:
                    day, a, b = found.groups()
                    out.append((n, current, day, *((a, b) if i == 0 else (b, a))))
                    break
    return out


def test_the_examples_file_is_the_books_examples(daquan):
    from sitegen.content.validation import load_validation
    ours = [(e.juan, fold(e.title), e.day, e.hour, e.general)
            for e in load_validation(REPO, Problems()).classic]
    assert ours == book_examples(daquan)
    assert len(ours) == 69


def test_classic_examples_agree_or_say_why(model):
    rows = model.validation.classic
    assert len(rows) == 69
    agree = sum(r.agrees for r in rows)
    assert agree >= 55
    assert all(r.agrees != bool(r.example.known_difference) for r in rows)


def test_a_cast_resolves_the_month_and_leaves_dates_open():
    from sitegen.cast import held
    f = {"hour": "午", "day_night": "day", "month_general": "未", "month": "甲午", "year": "丙午"}
    assert held({"months": ["午", "巳"]}, f) is True
    assert held({"months": ["子"]}, f) is False
    assert held({"months": ["午"], "day_night": "night"}, f) is False
    assert held({"dates": ["四立前日"]}, f) is None        # the 干支 of a moment do not tell a 四立


def test_every_predicate_answers_in_one_of_its_five_ways():
    from sitegen.model.liuren.keti import UNDECIDED, Cond, Facts
    for les in all_lessons()[::7]:
        basis = (les.basis_method, les.basis_ke) if les.basis_method else ()
        f = Facts(les.day, les.plate, les.heaven, les.lessons, les.transmissions, les.generals_day,
                  les.generals_night, les.method, les.ke, basis, frozenset(), frozenset())
        for r in RULES:
            if r.holds is not None:
                res = r.holds(f)
                assert res in (None, False, True, UNDECIDED) or isinstance(res, Cond), (r.id, res)
