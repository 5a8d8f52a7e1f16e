"""Every rule entry's ``authority`` quote is its work's: found under its heading in the shared
folder's transcription (《六壬大全》 by 卷 and 課 heading or 法 number; 《卜筮正宗》, 《卜筮全書》 by
part and title). The transcriptions stay in the shared folder; without it these tests are skipped."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

from authorities import WORKS, quoted
from sitegen.content.rules import load_rules
from sitegen.problems import Problems

REPO = Path(__file__).resolve().parent.parent
ENTRIES = load_rules(REPO, Problems())


def test_every_authority_quote_is_under_its_heading(shared):
    wrong, seen = [], Counter()
    for e in ENTRIES:
        for a in e.authority:
            seen[a.work] += 1
            if not quoted(shared, a):
                wrong.append(f"{e.file}:{a.line}: {e.id}: 《{a.work}》 · {a.part} · {a.title}: {a.quote}")
    assert not wrong
    assert set(seen) == set(WORKS)      # every work quoted is a work the test can read, and used


def test_a_misquoted_or_misplaced_clause_is_caught(shared):
    for work in WORKS:
        a = next(a for e in ENTRIES for a in e.authority if a.work == work)
        assert quoted(shared, a)
        assert not quoted(shared, replace(a, quote=a.quote + "之外"))
        assert not quoted(shared, replace(a, part=a.part + "外"))
    daquan = next(a for e in ENTRIES for a in e.authority if a.work == "六壬大全" and a.title.endswith("課"))
    other = next(a for e in ENTRIES for a in e.authority
                 if a.work == "六壬大全" and a.title.endswith("課") and a.title != daquan.title and a.part == daquan.part)
    assert not quoted(shared, replace(daquan, title=other.title))    # a clause under another heading


def test_every_rule_page_shows_its_authority_as_book_part_title_quote(built):
    shown = 0
    for e in ENTRIES:
        if not e.authority:
            continue
        page = (built / f"rules/{e.id}/index.html").read_text(encoding="utf-8")
        for a in e.authority:
            assert f"《{a.work}》 · {a.part} · {a.title}: 「{a.quote}」" in page, e.id
            shown += 1
    assert shown >= 200       # 《六壬大全》's 課體 and 法, 《卜筮正宗》's yi-moment rules …
