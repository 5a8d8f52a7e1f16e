"""Reader features: citation metadata, permanent addresses, redirects, sitemap, search index."""

from __future__ import annotations

import json
import re
from urllib.parse import urlsplit


from conftest import REPO, files_under

PUBLISHED = REPO / "tests" / "published-addresses.txt"


def read(built, rel):
    return (built / rel).read_text(encoding="utf-8")


def test_every_page_has_canonical_citation_meta_and_cite_box(built, base_url):
    pages = sorted(f for f, _ in files_under(built) if f.rpartition("/")[2] == "index.html")
    assert len(pages) > 5000
    for page in pages[::97] + ["index.html", "liuren/bing-yin/08/index.html"]:
        html = (built / page).read_text(encoding="utf-8")
        url = base_url + page.removesuffix("index.html")
        assert f'<link rel="canonical" href="{url}">' in html, page
        assert f'<meta name="citation_public_url" content="{url}">' in html
        assert '<meta name="citation_title"' in html and '<meta name="citation_language"' in html
        assert '<details class="cite-box">' in html and "@misc{" in html


def test_paragraph_permalinks_carry_the_canonical_url(built, base_url):
    html = read(built, "texts/meihua-tiyong/index.html")
    assert f'<a class="pid" href="#p22" data-cite="{base_url}texts/meihua-tiyong/#p22"' in html


def test_no_published_address_disappears(built):
    """Every address ever published (pages and paragraph anchors) still resolves: as a page, as
    an anchor on its page, or through a redirect page listed in content/redirects.yaml."""
    published = [a for a in PUBLISHED.read_text(encoding="utf-8").split() if a]
    assert len(published) > 10000
    current = set(read(built, "data/addresses.txt").split())
    missing = []
    for a in published:
        if a in current:
            continue
        path, _, anchor = a.partition("#")
        page = built / path / "index.html" if path.endswith("/") else built / path
        if not page.is_file() or 'http-equiv="refresh"' not in page.read_text(encoding="utf-8"):
            missing.append(a)
    assert not missing, f"{len(missing)} published addresses vanished without a redirect: {missing[:5]}"


def test_sitemap_lists_every_page_once(built, base_url):
    xml = read(built, "sitemap.xml")
    locs = re.findall(r"<loc>([^<]+)</loc>", xml)
    assert len(locs) == len(set(locs)) > 5000
    assert f"{base_url}liuren/bing-yin/08/" in locs and f"{base_url}yi/01/44/" in locs
    assert not any(l.endswith(".json") for l in locs)


def test_search_index_is_a_classic_script_and_small(built):
    js = read(built, "search/index.js")
    assert js.startswith("/* sitegen search index") and "window.SITEGEN_SEARCH=" in js
    data = json.loads(js.split("window.SITEGEN_SEARCH=", 1)[1].rstrip().rstrip(";"))
    kinds = {d[0] for d in data["docs"]}
    assert {"p", "r", "g", "t"} <= kinds
    assert len(data["lessons"]) == 60 and len(data["hexes"]) == 64
    assert "龍龙" in data["t2s"]
    size = (built / "search/index.js").stat().st_size
    assert size < 700_000, size
    page = read(built, "search/index.html")
    assert '<script src="index.js"></script>' in page and "type=\"module\"" not in page
    assert "fetch(" not in read(built, "assets/search.js")


def test_404_page_offers_search_from_any_depth(built, base_url):
    html = read(built, "404.html")
    # Links are relative to the site's root: the file's own folder when opened from disk, named
    # by a <base> (the base URL's path, so any depth) when served.
    root = urlsplit(base_url).path
    assert 'action="search/index.html"' in html and 'href="index.html"' in html
    assert re.search(r'if \(location.protocol !== "file:"\) \{ var b = document.createElement\("base"\); '
                     rf'b.href = "{re.escape(root)}index.html"', html)
    assert "cite-box" not in html and "citation_title" not in html
