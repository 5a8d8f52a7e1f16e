"""The hexagram corpus as pages and data: 64 hexagrams, 4,096 changes, the matrix."""

from __future__ import annotations

import json
import re

RELATIONS = {"用生體", "體生用", "用剋體", "體剋用", "比和"}
TRIGRAMS = set("乾兌離震巽坎艮坤")


def read(built, rel):
    return (built / rel).read_text(encoding="utf-8")


def test_hexagrams_json_is_king_wen_order_with_documented_fields(built):
    data = json.loads(read(built, "data/yi/hexagrams.json"))
    assert [h["number"] for h in data] == list(range(1, 65))
    qian, gou = data[0], data[43]
    assert qian["lines"] == "111111" and qian["name"] == "乾為天" and qian["url"] == "yi/01/"
    assert gou["name"] == "天風姤" and gou["palace"] == "乾" and gou["shi"] == 1
    for h in data:
        for key in ("generation", "ying", "najia", "liuqin", "fushen", "liuhe", "liuchong"):
            assert key in h
        assert len(h["najia"]) == 6 and len(h["lines"]) == 6


def test_changes_json_has_all_4096_in_order(built):
    data = json.loads(read(built, "data/yi/changes.json"))
    assert [(c["from"], c["to"]) for c in data] == [(a, b) for a in range(1, 65) for b in range(1, 65)]
    c = data[43]
    assert (c["from"], c["to"], c["url"], c["moving"]) == (1, 44, "yi/01/44/", [1])
    assert c["lines"][0]["from"] == "甲子" and c["lines"][0]["to"] == "辛丑"
    for c in data:
        m = c["meihua"]
        assert m is None or (m["ti"] in TRIGRAMS and m["yong"] in TRIGRAMS and m["relation"] in RELATIONS)
        if c["from"] == c["to"]:
            assert c["moving"] == [] and m is None


def test_change_page_shows_both_figures_and_links_everything(built):
    html = read(built, "yi/01/44/index.html")
    figures = re.findall(r'<svg class="gua large"[^>]*role="img" aria-label="([^"]+)"', html)
    assert len(figures) == 2
    assert "동효 初爻(重)" in figures[0]
    assert 'href="../index.html"' in html and 'href="../../44/index.html"' in html
    assert 'href="../../44/01/index.html"' in html          # the reverse change
    assert "體 <strong lang=\"zh-Hant\">乾天</strong>" in html
    assert 'texts/huangjince/index.html#' in html or 'texts/meihua-tiyong/index.html#' in html


def test_hexagram_page_has_figure_line_table_liushen_and_changes(built):
    html = read(built, "yi/44/index.html")
    assert re.search(r'<svg class="gua large"[^>]*aria-label="天風姤 괘상', html)
    assert len(re.findall(r'<tr[^>]*><th scope="row" lang="zh-Hant">', html)) >= 6 + 6
    assert html.count('<tr data-line="') == 6            # the line table, for the day and month
    assert len(re.findall(r'href="\.\./44/\d\d/index.html"|href="\d\d/index.html"', html)) >= 64


def test_matrix_links_all_4096_changes(built):
    html = read(built, "yi/matrix/index.html")
    links = set(re.findall(r'href="\.\./(\d\d)/(\d\d)/index.html"', html))
    assert len(links) == 4096
