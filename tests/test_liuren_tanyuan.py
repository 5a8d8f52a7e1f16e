"""《大六壬探原》's table of the 720 lessons against the engine (content/validation/tanyuan.yaml).

The authority's files stay in the shared folder; this test recomputes the comparison and asserts
that the committed validation file states it exactly.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from sitegen.model.liuren import all_lessons

REPO = Path(__file__).resolve().parent.parent
COMMITTED = yaml.safe_load((REPO / "content/validation/tanyuan.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def table(shared):
    path = shared / "authorities" / "tanyuan" / "lessons_720.json"
    if not path.exists():
        pytest.skip("the 探原 table is not in the shared folder")
    rows = json.loads(path.read_text(encoding="utf-8"))
    return {(r["day"], r["plate"]): r for r in rows}


def compare(table):
    compared, diffs = 0, []
    for les in all_lessons():
        row = table[(les.day.zh, les.plate)]
        if not row["three_transmissions"]:
            continue
        compared += 1
        theirs = "".join(row["three_transmissions"])
        ours = "".join(b.zh for b in les.transmissions)
        if theirs != ours:
            diffs.append({"day": les.day.zh, "plate": les.plate, "tanyuan": theirs, "engine": ours})
    return compared, diffs


def test_committed_comparison_is_current(table):
    compared, diffs = compare(table)
    assert compared == COMMITTED["compared"] == 712
    assert set(COMMITTED) == {"source", "compared", "differences"}
    assert [{k: d[k] for k in ("day", "plate", "tanyuan", "engine")} for d in COMMITTED["differences"]] == diffs
    for d in COMMITTED["differences"]:
        assert re.search("[가-힣]", d["reason"])


def test_every_difference_is_the_seat_counting_school(table):
    """The README's six: 探原 marks them 改正涉害 (depth counted with the seat)."""
    _, diffs = compare(table)
    assert {(d["day"], d["plate"]) for d in diffs} == {
        ("乙卯", 9), ("丁卯", 9), ("己卯", 9), ("辛卯", 9), ("己亥", 9), ("甲辰", 8)}
    for d in diffs:
        assert table[(d["day"], d["plate"])]["method"] == "改正涉害"
    assert COMMITTED["source"].startswith("《大六壬探原》")


def test_readme_school_notes_on_fuyin_and_fanyin(table):
    """探原 states 乙酉 伏吟 辰酉卯 and 戊戌·戊辰 返吟 亥巳亥; the engine agrees with both."""
    ours = {(les.day.zh, les.plate): "".join(b.zh for b in les.transmissions) for les in all_lessons()}
    for key, value in ((("乙酉", 1), "辰酉卯"), (("戊戌", 7), "亥巳亥"), (("戊辰", 7), "亥巳亥")):
        assert "".join(table[key]["three_transmissions"]) == value == ours[key]
