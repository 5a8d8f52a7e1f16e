"""The five source texts: verbatim, complete, in order, with their structure and stable ids."""

from __future__ import annotations

import hashlib

import pytest

from conftest import REPO
from sitegen.content.texts import load_texts
from sitegen.problems import Problems


@pytest.fixture(scope="module")
def texts():
    problems = Problems()
    loaded = load_texts(REPO, problems)
    assert not problems, [p.format() for p in problems.items]
    return {t.slug: t for t in loaded}


def test_there_are_five_texts_one_per_seed(texts):
    assert sorted(t.seed[:3] for t in texts.values()) == ["000", "001", "002", "003", "004"]


def test_each_text_rebuilds_its_seed_byte_for_byte(texts):
    # The recorded fingerprint was taken from the seed file itself; rebuilding the seed from the
    # content file (heading, then every Chinese and Korean paragraph in order) must give it back.
    for t in texts.values():
        assert hashlib.sha256(t.seed_text().encode("utf-8")).hexdigest() == t.seed_sha256, t.slug


def test_every_seed_paragraph_is_present_exactly_once(texts, shared):
    for t in texts.values():
        seed = (shared / "seeds" / t.seed).read_text(encoding="utf-8")
        assert t.seed_text() == seed, t.slug
        blocks = [b for b in seed.split("\n\n") if b.strip()]
        ours = [t.seed_heading] + [x for p in t.paragraphs for x in (p.zh, p.ko)]
        for b in blocks:
            assert ours.count(b) == blocks.count(b), (t.slug, b[:30])


def test_ids_are_unique_and_written_in_the_file(texts):
    for t in texts.values():
        ids = [p.id for p in t.paragraphs] + [s.id for s in t.sections]
        assert len(ids) == len(set(ids)), t.slug
        source = (REPO / t.rel).read_text(encoding="utf-8")
        for p in t.paragraphs:
            assert "{#" + p.id + "}" in source


def test_kejing_is_eight_lessons_each_opening_with_its_ketI(texts):
    t = texts["kejing-bingyin"]
    assert len(t.sections) == 8
    assert t.sections[0].zh == "丙寅日第一局　干上巳" == t.seed_heading
    for s in t.sections:
        first = t.paragraph(s.paragraph_ids[0])
        assert first.zh.startswith("課體："), s.id
    assert sum(p.zh.startswith("課體：") for p in t.paragraphs) == 8


def test_gejue_rules_open_with_their_rhymed_lines(texts):
    t = texts["liuren-gejue"]
    for s in t.sections:
        assert t.paragraph(s.paragraph_ids[0]).zh.startswith(s.zh), s.id
    assert [s.zh for s in t.sections][:2] == ["八專無克順逆布", "伏卦還將杜傳披"]


def test_meihua_is_divided_by_topic(texts):
    t = texts["meihua-tiyong"]
    names = [s.zh for s in t.sections]
    for topic in ("人事", "家宅", "屋舍", "婚姻", "生產", "飲食", "求財", "疾病", "官訟", "墳墓"):
        assert topic in names
    # each topic section's first paragraph speaks of its topic
    for s in t.sections[:17]:
        assert s.zh in t.paragraph(s.paragraph_ids[0]).zh, s.zh


def test_defects_are_noted_beside_the_text_never_inside_it(texts):
    lost = texts["liuren-zhanfa"].paragraph("p34")
    assert "?" in lost.zh and any("?" in n for n in lost.notes)
    miswritten = texts["liuren-gejue"].paragraph("p09")
    assert "阮克" in miswritten.zh and any("無克" in n for n in miswritten.notes)
