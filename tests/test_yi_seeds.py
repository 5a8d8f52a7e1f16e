"""content/validation/yi-seeds.yaml: the seeds' worked examples, checked against the engine."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import pytest
import yaml

from sitegen.model.steps import plain
from sitegen.model.yi import evaluate_example

REPO = Path(__file__).resolve().parent.parent
SEEDS = REPO / "content" / "validation" / "yi-seeds.yaml"
DATA = yaml.safe_load(SEEDS.read_text(encoding="utf-8"))
EXAMPLES = DATA["examples"]


@lru_cache(maxsize=None)
def _chinese(slug: str) -> dict[str, str]:
    """Paragraph id → its classical Chinese line (the first non-empty line after ``{#pNN}``)."""
    lines = (REPO / "content" / "texts" / f"{slug}.md").read_text(encoding="utf-8").splitlines()
    out = {}
    for i, line in enumerate(lines):
        m = re.fullmatch(r"\{#(p\d+)\}", line.strip())
        if m:
            out[m.group(1)] = next(x for x in lines[i + 1:] if x.strip())
    return out


def test_file_shape():
    assert DATA["engine"] == "yi"
    ids = [e["id"] for e in EXAMPLES]
    assert len(ids) == len(set(ids))
    for e in EXAMPLES:
        assert set(e) == {"id", "cite", "quote", "says", "check", "known_difference"}, e["id"]
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", e["id"])
        assert re.search(r"[\uac00-\ud7a3]", e["says"]), e["id"]


@pytest.mark.parametrize("ex", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_quote_is_in_the_cited_paragraph(ex):
    slug, para = ex["cite"].split("#")
    assert ex["quote"] in _chinese(slug)[para]


@pytest.mark.parametrize("ex", EXAMPLES, ids=[e["id"] for e in EXAMPLES])
def test_engine_agrees_exactly_when_no_known_difference(ex):
    outcome = evaluate_example(ex["check"])
    assert outcome.expected and outcome.actual
    if ex["known_difference"] is None:
        assert outcome.agrees, outcome.mismatches
    else:
        assert not outcome.agrees, "stale known_difference: the engine now agrees"
        assert re.search(r"[\uac00-\ud7a3]", ex["known_difference"])


def test_both_seeds_are_covered():
    cites = {e["cite"].split("#")[0] for e in EXAMPLES}
    assert cites == {"huangjince", "meihua-tiyong"}


def test_evaluate_example_refuses_unknown_keys_and_reports_mismatches():
    with pytest.raises(ValueError):
        evaluate_example({"from": "乾", "colour": "red"})
    with pytest.raises(ValueError):
        evaluate_example({"from": "乾", "moving": [1]})          # a change claim needs a 'to'
    out = evaluate_example({"from": "姤", "shi": 2})
    assert not out.agrees and out.mismatches and "1" in plain(out.actual)
    assert evaluate_example({"from": "天風姤", "to": "乾為天", "moving": [1]}).agrees
