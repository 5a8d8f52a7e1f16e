"""Every seed example (content/validation/liuren-seeds.yaml) against the engine, and its citation."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from sitegen.model.ganzhi import GanZhi
from sitegen.model.liuren import all_lessons, evaluate_example, lesson

REPO = Path(__file__).resolve().parent.parent
SEEDS = yaml.safe_load((REPO / "content/validation/liuren-seeds.yaml").read_text(encoding="utf-8"))
EXAMPLES = SEEDS["examples"]


def paragraphs(slug: str) -> dict[str, str]:
    """paragraph id → its classical Chinese line (the first non-empty line after ``{#pNN}``)."""
    lines = (REPO / "content/texts" / f"{slug}.md").read_text(encoding="utf-8").splitlines()
    out: dict[str, str] = {}
    for i, line in enumerate(lines):
        m = re.fullmatch(r"\{#(p\d+)\}", line.strip())
        if m:
            out[m.group(1)] = next(x for x in lines[i + 1:] if x.strip())
    return out


def test_file_shape_and_unique_ids():
    assert SEEDS["engine"] == "liuren"
    ids = [ex["id"] for ex in EXAMPLES]
    assert len(ids) == len(set(ids))
    for ex in EXAMPLES:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", ex["id"])
        assert set(ex) == {"id", "cite", "quote", "says", "check", "known_difference"}
        assert re.search("[가-힣]", ex["says"])
        assert ex["known_difference"] is None or re.search("[가-힣]", ex["known_difference"])


@pytest.mark.parametrize("ex", EXAMPLES, ids=[ex["id"] for ex in EXAMPLES])
def test_quote_is_in_the_cited_paragraph(ex):
    slug, pid = ex["cite"].split("#")
    assert ex["quote"] in paragraphs(slug)[pid]


@pytest.mark.parametrize("ex", EXAMPLES, ids=[ex["id"] for ex in EXAMPLES])
def test_engine_agrees_exactly_when_no_known_difference(ex):
    outcome = evaluate_example(ex["check"])
    assert outcome.agrees == (ex["known_difference"] is None), (outcome.problems, outcome.actual)
    assert outcome.expected and outcome.actual
    assert bool(outcome.problems) == (not outcome.agrees)


def test_every_kejing_plate_and_every_name_it_lists_is_covered():
    """Seed 002's eight 課體 lists: each name is checked by some example of that plate."""
    paras = paragraphs("kejing-bingyin")
    for n in range(1, 9):
        pid = f"p{(n - 1) * 5 + 1:02d}"
        listed = re.match(r"課體：(.*?)。", paras[pid]).group(1).split("，")
        checked = set()
        for ex in EXAMPLES:
            if ex["cite"] == f"kejing-bingyin#{pid}":
                checked |= set(ex["check"].get("patterns", ())) | {ex["check"].get("method")}
        assert set(listed) <= checked, (n, listed, checked)


def test_kejing_headings_give_the_plate_numbering():
    """丙寅日第n局 干上X (seed 002 headings): 干上 = 寄宮 − (n−1)."""
    text = (REPO / "content/texts/kejing-bingyin.md").read_text(encoding="utf-8")
    heads = re.findall(r"^# 丙寅日第(.)局　干上(.)", text, flags=re.M)
    assert len(heads) == 8
    for num, gs in heads:
        n = "一二三四五六七八".index(num) + 1
        assert lesson(GanZhi.from_zh("丙寅"), n).gan_shang.zh == gs


def test_seed_counts_are_quoted_where_the_seed_states_them():
    paras = paragraphs("liuren-gejue")
    assert "計六課" in paras["p03"] and "計十課" in paras["p04"] and "計六課" in paras["p16"]
    kes = [les.ke for les in all_lessons()]
    assert (kes.count("順數三神"), kes.count("逆數三神"), kes.count("無親")) == (6, 10, 6)


def test_evaluate_example_reports_disagreements():
    bad = evaluate_example({"day": "丙寅", "plate": 2, "transmissions": "子亥酉", "patterns": ["元胎"]})
    assert not bad.agrees and len(bad.problems) == 2
    good = evaluate_example({"days": ["甲子", "甲戌"], "plate": 1, "transmissions": "寅巳申", "method": "自任"})
    assert good.agrees and not good.problems
