"""The 大六壬 corpus as pages and data: all 720 lessons, each with its twin and its derivation."""

from __future__ import annotations

import json
import re

from sitegen.model.ganzhi import SIXTY


def read(built, rel):
    return (built / rel).read_text(encoding="utf-8")


def test_liuren_json_has_all_720_in_order_with_the_documented_fields(built):
    data = json.loads(read(built, "data/liuren.json"))
    assert len(data) == 720
    assert [(d["day"], d["plate"]) for d in data] == [(g.zh, p) for g in SIXTY for p in range(1, 13)]
    one = next(d for d in data if d["day"] == "丙寅" and d["plate"] == 8)
    assert one["url"] == "liuren/bing-yin/08/"
    assert one["lessons"] == [["戌", "丙"], ["卯", "戌"], ["未", "寅"], ["子", "未"]]
    assert one["transmissions"] == ["子", "巳", "戌"]
    assert one["method"] == "比用"
    assert set(one["generals"]) == {"day", "night"} and len(one["generals"]["day"]) == 12
    for key in ("patterns", "conditional_patterns", "trace"):
        assert key in one
    assert all({"name", "condition"} <= set(c) for c in one["conditional_patterns"])


def test_every_lesson_page_exists_with_its_json_twin(built):
    data = {(d["day"], d["plate"]): d for d in json.loads(read(built, "data/liuren.json"))}
    for g in SIXTY:
        for p in range(1, 13):
            folder = built / "liuren" / g.slug / f"{p:02d}"
            assert (folder / "index.html").is_file()
            twin = json.loads((folder / "index.json").read_text(encoding="utf-8"))
            # the twin, a citable document of its own, names its edition and licence besides
            assert twin.pop("edition") and "license" in twin
            twin.pop("license")
            assert twin == data[(g.zh, p)]


def test_lesson_page_shows_the_classical_square_and_the_derivation(built):
    html = read(built, "liuren/bing-yin/08/index.html")
    assert "<title>丙寅日 第八局 (干上戌) · 술수 전거</title>" in html
    assert "병인일 제8국" in html
    # the square: 巳午未申 across the top row, 寅丑子亥 along the bottom
    cells = re.findall(r'grid-row:(\d);grid-column:(\d)">\s*<span class="heaven"[^>]*>(.)</span>.*?'
                       r'<span class="earth"[^>]*>(.)</span>', html, re.S)
    top = [e for r, c, h, e in sorted(cells) if r == "1"]
    bottom = [e for r, c, h, e in sorted(cells) if r == "4"]
    assert top == list("巳午未申") and bottom == list("寅丑子亥")
    # heaven over earth on plate 8: 子 over 未
    assert ("4", "1", "未", "寅") in cells and ("1", "3", "子", "未") in cells
    # four lessons right to left: 支陰 支陽 干陰 干陽
    names = re.findall(r'<td><span lang="zh-Hant">(干陽|干陰|支陽|支陰)</span>', html)
    assert names == ["支陰", "支陽", "干陰", "干陽"]
    assert "三傳 <strong lang=\"zh-Hant\">子巳戌</strong>" in html
    assert 'href="../../../rules/liuren-bi-yong/index.html"' in html
    assert "比하는 것은 子 하나뿐" in html           # the trace
    assert 'data-shift="day"' in html and "data-shift-button=\"night\"" in html
    assert 'rel="prev" href="../07/index.html"' in html and 'rel="next" href="../09/index.html"' in html


def test_kejing_lessons_sit_beside_their_text(built):
    for plate in range(1, 9):
        html = read(built, f"liuren/bing-yin/{plate:02d}/index.html")
        assert "《課經》의 이 과" in html
        assert f'href="../../../texts/kejing-bingyin/index.html#ju-{plate:02d}"' in html
    assert "課體：比用，乘軒，鑄印，察微。" in read(built, "liuren/bing-yin/08/index.html")
    assert "《課經》의 이 과" not in read(built, "liuren/bing-yin/09/index.html")
    text = read(built, "texts/kejing-bingyin/index.html")
    for plate in range(1, 9):
        assert f'href="../../liuren/bing-yin/{plate:02d}/index.html"' in text


def test_index_and_day_pages_link_every_lesson(built):
    index = read(built, "liuren/index.html")
    for g in SIXTY:
        assert f'href="{g.slug}/index.html"' in index
        day = read(built, f"liuren/{g.slug}/index.html")
        for p in range(1, 13):
            assert f'href="{p:02d}/index.html"' in day
