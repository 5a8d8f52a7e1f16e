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
from sitegen.model.liuren.variants import school_name

REPO = Path(__file__).resolve().parent.parent
COMMITTED = yaml.safe_load((REPO / "content/validation/tanyuan.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def table(shared):
    path = shared / "authorities" / "tanyuan" / "lessons_720.json"
    if not path.exists():
        pytest.skip("the 探原 table is not in the shared folder")
    rows = json.loads(path.read_text(encoding="utf-8"))
    return {(r["day"], r["plate"]): r for r in rows}


def compare(table, shehai="depth"):
    compared, diffs = 0, []
    for les in all_lessons(shehai=shehai):
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
    assert set(COMMITTED) == {"source", "compared", "differences", "option_reasons", "lost", "names"}
    assert [(x["day"], x["plate"]) for x in COMMITTED["lost"]] == [
        (les.day.zh, les.plate) for les in all_lessons() if not table[(les.day.zh, les.plate)]["three_transmissions"]]
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


def test_the_tanyuan_count_reproduces_the_whole_table(table):
    """The 探原 option (涉害 counted with the seat) gives 探原's 三傳 on every legible lesson."""
    compared, diffs = compare(table, "tanyuan")
    assert (compared, diffs) == (712, [])
    _, mzj = compare(table, "mengzhongji")
    assert len(mzj) == 23


def _names_differ(row, names, aliases):
    return not all(aliases.get(n, n) in names for n in row["method"].split("、"))


def test_committed_name_comparison_is_current(table):
    """The 22 lessons whose 課 names differ from 探原's under the defaults, with the options that
    resolve each, are exactly what the table gives; no option makes a new difference."""
    names = COMMITTED["names"]
    aliases = names["aliases"]
    under = {"shehai_depth": all_lessons(), "shehai_tanyuan": all_lessons(shehai="tanyuan"),
             "shehai_mengzhongji": all_lessons(shehai="mengzhongji")}
    found, compared = [], 0
    for i, les in enumerate(under["shehai_depth"]):
        row = table[(les.day.zh, les.plate)]
        if not row["method"]:
            continue
        compared += 1
        extra = school_name(les)
        named = {"names_tanyuan": les.names + ((str(extra),) if extra else ())}
        named.update({o: ls[i].names for o, ls in under.items()})
        differ = {o for o, n in named.items() if _names_differ(row, n, aliases)}
        if not differ:
            continue
        assert "shehai_depth" in differ, f"{les.day.zh} {les.plate}: an option makes a new difference"
        found.append({"day": les.day.zh, "plate": les.plate, "tanyuan": row["method"],
                      "resolved_by": [o for o in named if o not in differ]})
    assert compared == names["compared"] == 712
    assert [{k: d[k] for k in ("day", "plate", "tanyuan", "resolved_by")} for d in names["differences"]] == found
    assert len(found) == 22
    by_reason = {}
    for d in names["differences"]:
        by_reason.setdefault(d["reason"], []).append((d["day"], d["plate"]))
    # the four of the 涉害 family the issue names, and the 伏吟/返吟 naming school
    assert sorted(by_reason["shehai-tie"] + by_reason["biyong"]) == sorted(
        [("丙辰", 6), ("戊辰", 6), ("戊辰", 7), ("戊戌", 7)])
    assert all(p in (1, 7) for r in ("fuyin-ke", "fanyin-wuqin") for _, p in by_reason[r])
    assert set(by_reason) == set(names["reasons"])
