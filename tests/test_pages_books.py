"""A page for each book the site cites (issue 30, point 5): what the site takes from it, by 卷
and heading, linked to the rules; 《畢法賦》 with its hundred 法 in order; and content/books.yaml
and content/search.yaml checked on load, each problem with its line."""

from __future__ import annotations

import html
import re

import pytest

from sitegen.build import build
from sitegen.problems import BuildError
from sites import copy_site, edit

ROW = re.compile(r'<tr><th scope="row" lang="zh-Hant">(.*?)</th><td><span class="rule"><a class="rule-name" '
                 r'href="([^"]+)"><span lang="zh-Hant">(.*?)</span> <span class="ko-name">(.*?)</span></a>.*?</td>'
                 r'<td>(.*?)</td></tr>')


def read(built, rel: str) -> str:
    return (built / rel).read_text(encoding="utf-8")


def rows(page: str) -> list[tuple[str, str, str, str, str]]:
    return [tuple(html.unescape(x) for x in m.groups()) for m in ROW.finditer(page)]


def test_every_cited_book_has_a_page_reached_from_the_list_of_books(built, model):
    books = model.content.books
    assert {b.zh for b in books} == {"六壬大全", "畢法賦", "大六壬探原", "卜筮正宗", "卜筮全書"}
    listing = read(built, "books/index.html")
    for b in books:
        assert f'href="{b.slug}/index.html"' in listing
        page = read(built, f"books/{b.slug}/index.html")
        assert f"《{b.zh}》" in page and b.ko in page


def test_the_bifa_page_lists_the_hundred_fa_in_order_with_verse_name_and_lessons(built, model):
    got = [r for r in rows(read(built, "books/bifa/index.html")) if "/liuren-bifa-" in r[1]]
    assert [r[0] for r in got] == [f"第{n}法" for n in range(1, 101)]
    for (heading, href, verse, name, where), n in zip(got, range(1, 101)):
        rule = model.rules[f"liuren-bifa-{n:03d}"]
        assert href == f"../../rules/{rule.id}/index.html"
        assert (verse, name) == (rule.zh, rule.ko)
        if rule.holds or rule.conditional:
            assert f"대육임 과 {len(rule.holds)}" in where and "#holds-h" in where, (n, where)
            if rule.conditional:
                assert f"조건부 {len(rule.conditional)}" in where
        else:
            assert "—" in where


def test_each_work_lists_what_the_site_takes_by_juan_and_heading(built, model):
    """Every rule quoting a work is on that work's page under its 卷 and heading; the parts that
    are a book of their own (卷十一–十二, 《畢法賦》) link to it."""
    daquan = read(built, "books/liuren-daquan/index.html")
    assert re.search(r'<h3 id="卷十一-h" lang="zh-Hant">卷十一</h3>\s*<p><a href="../bifa/index.html">《畢法賦》</a>', daquan)
    pages = {"六壬大全": daquan + read(built, "books/bifa/index.html"),
             "卜筮正宗": read(built, "books/bushi-zhengzong/index.html"),
             "卜筮全書": read(built, "books/bushi-quanshu/index.html")}
    listed = {w: {(r[0], r[1].split("/")[-2]) for r in rows(p)} for w, p in pages.items()}
    quoted = 0
    for r in model.rules.values():
        for a in r.entry.authority:
            assert (a.title, r.id) in listed[a.work], (a.work, a.part, a.title, r.id)
            quoted += 1
    assert quoted > 150
    for part in ("卷七", "卷八", "卷九", "卷十"):
        assert f'<h3 id="{part}-h" lang="zh-Hant">{part}</h3>' in daquan
    tanyuan = read(built, "books/tanyuan/index.html")
    for href in ("../../about/validation/liuren/index.html", "../../about/conventions/agreement/index.html",
                 "../../about/conventions/index.html#names_tanyuan"):
        assert f'href="{href}"' in tanyuan


def problems_of(root):
    with pytest.raises(BuildError) as e:
        build(root, None)
    return [p.format() for p in e.value.problems]


def test_books_and_search_words_are_checked_with_their_lines(tmp_path):
    site = copy_site(tmp_path)
    books = site / "content/books.yaml"
    lines = books.read_text(encoding="utf-8").split("\n")
    edit(books, "  work: 卜筮全書", "  work: 卜筮大全")
    edit(books, '["validation:liuren", "agreement"', '["validation:lirun", "agreement"')
    words = site / "content/search.yaml"
    wlines = words.read_text(encoding="utf-8").split("\n")
    edit(words, "  - for: 暗動", "  - for: 暗働")
    got = problems_of(site)
    work = lines.index("  work: 卜筮全書") + 1
    pages = next(i for i, ln in enumerate(lines) if "validation:liuren" in ln) + 1
    syn = wlines.index("  - for: 暗動") + 1
    assert sorted(got) == sorted([
        f"content/books.yaml:{work}: work 《卜筮大全》 is not one the rules can quote\n"
        "    hint: the work, without 《》, is one of 六壬大全, 卜筮正宗, 卜筮全書",
        f"content/search.yaml:{syn}: synonyms for '暗働', which is no rule's, term's or book's name\n"
        "    hint: write the 漢字 name a rule, term or book page prints, e.g. 旬空",
        f"content/books.yaml:{pages}: the book 《大六壬探原》 names the page 'validation:lirun', which the site "
        "does not have\n    hint: write a page key such as validation:liuren or conventions#names_tanyuan",
    ]), got


@pytest.mark.parametrize("books, words", [
    ("", ""), ("just text", "- a list"), ("- 3\n- [1, 2]", "suffixes: 課\ndoubled: []\nsynonyms: {}"),
    ("- slug: Bad Slug\n  zh: x\n  ko: y\n  about: z\n  parts: [卷一]",
     "suffixes: [課課]\nhexagram_suffixes: []\ndoubled: {zh: 重, ko: {乾: jung}}\nsynonyms: [{for: 1, words: x}]"),
    ("- {slug: a, zh: x, ko: y, about: z, work: [六壬大全], pages: [1]}", "synonyms: [[]]"),
])
def test_broken_books_and_search_words_are_problems_never_a_traceback(tmp_path, books, words):
    from sitegen.content.books import check_synonyms, load_books, load_search_words
    from sitegen.problems import Problems

    (tmp_path / "content").mkdir()
    (tmp_path / "content/books.yaml").write_text(books, encoding="utf-8")
    (tmp_path / "content/search.yaml").write_text(words, encoding="utf-8")
    problems = Problems()
    got = load_books(tmp_path, problems)
    loaded = load_search_words(tmp_path, problems)
    check_synonyms(loaded, {"旬空"}, problems)
    assert got == () and loaded is None
    assert problems.items and all(p.file in ("content/books.yaml", "content/search.yaml") for p in problems.items)
