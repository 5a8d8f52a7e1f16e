"""The text pages as a reader gets them: every paragraph pair, citable, in the right language."""

from __future__ import annotations

import re

from conftest import REPO, html_pages
from sitegen.content.texts import load_texts
from sitegen.problems import Problems


def read(built, rel):
    return (built / rel).read_text(encoding="utf-8")


def test_home_and_text_list_link_every_text_by_file(built):
    home = read(built, "index.html")
    listing = read(built, "texts/index.html")
    for slug in ("huangjince", "liuren-zhanfa", "kejing-bingyin", "liuren-gejue", "meihua-tiyong"):
        assert f'href="texts/{slug}/index.html"' in home
        assert f'href="{slug}/index.html"' in listing


def test_text_page_has_every_pair_with_its_permanent_anchor(built, base_url):
    texts = load_texts(REPO, Problems())
    for t in texts:
        html = read(built, f"texts/{t.slug}/index.html")
        for p in t.paragraphs:
            assert f'<div class="pair" id="{p.id}">' in html
            assert f'data-cite="{base_url}texts/{t.slug}/#{p.id}"' in html
        assert html.count('<p class="zh" lang="zh-Hant">') == len(t.paragraphs)
        assert html.count('<p class="ko" lang="ko">') == len(t.paragraphs)
        for s in t.sections:
            assert f'id="{s.id}"' in html and f'href="#{s.id}"' in html


def text_of(html: str) -> str:
    """The page's text with tags (term links, marks) removed."""
    return re.sub(r"<[^>]+>", "", html)


def test_text_is_escaped_verbatim_not_interpreted(built):
    html = read(built, "texts/kejing-bingyin/index.html")
    assert "課體：伏吟，元胎，自任，臨官，勵德。" in text_of(html)
    assert "<h1><span lang=\"zh-Hant\">課經 · 丙寅日 第一局–第八局</span>" in html


def test_pages_are_korean_with_canonical_and_citation_meta(built, base_url):
    html = read(built, "texts/huangjince/index.html")
    assert html.startswith("<!doctype html>\n<html lang=\"ko\">")
    assert f'<link rel="canonical" href="{base_url}texts/huangjince/">' in html
    assert '<meta name="citation_author" content="劉基 (伯溫)">' in html
    assert '<meta name="citation_publication_date" content="2026/11/30">' in html


def test_no_internal_link_is_absolute_or_points_at_a_folder(built):
    # Found from what every such link holds (a loop over all links, or a regular expression
    # starting with the three names, costs seconds over the whole site): an absolute one starts
    # with '="/', one to a folder has '/"' or '/#' in it.
    names = (' href="', ' src="', ' action="')
    for page, html in html_pages(built):
        if page == "404.html":
            continue
        assert not any(n + "/" in html for n in names), page
        for end in re.finditer(r'/[#"]', html):
            start = html.rfind('="', 0, end.start()) + 2
            value = html[start:html.index('"', end.start() + 1)]
            if html[html.rfind(" ", 0, start):start] in names and '"' not in html[start:end.start()]:
                assert value.startswith(("http://", "https://")), (page, value)
        if any(n + "http" in html for n in names):   # a page's own canonical address, links out
            assert 'rel="canonical"' in html, page


def test_no_network_fetches(built):
    for _, html in html_pages(built):
        assert not re.search(r'<(?:script|img|link)[^>]+(?:src|href)="https?://(?!sitegen\.example\.org)', html)
        assert "@import" not in html and "fonts.googleapis" not in html
    css = (built / "assets/site.css").read_text()
    assert "url(" not in css and "@import" not in css


def test_editorial_notes_sit_beside_the_paragraph(built):
    html = read(built, "texts/liuren-zhanfa/index.html")
    pair = html.split('id="p34"', 1)[1].split('<div class="pair"', 1)[0]
    assert "聯茹而乘合虎?蛇" in text_of(pair)
    assert '<aside class="note" aria-label="편집 주">' in pair
