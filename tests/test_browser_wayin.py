"""A reader's way in (issue 30), in a real Chromium from disk: casting is reached from every
door; a reading is an address (saved, it opens on the same reading); a moment settles the change
page's conditional rules as the Python does; the search page finds every name form the site
prints, the hexagrams' Korean names and the synonyms of content/search.yaml; the marks ¶ and †
are explained where they stand, † on a tap."""

from __future__ import annotations

import random
import re

import pytest

from sitegen.model import addresses as A
from sitegen.model import yi
from sitegen.model.ganzhi import SIXTY, Branch
from sitegen.model.yi.dili import qing_long_ke_shi
from sitegen.model.yi.moment import at_moment
from sitegen.render.search import other_names
from test_browser import Watched, browser, expect  # noqa: F401  (the module's Chromium fixture)

pytestmark = pytest.mark.browser


@pytest.fixture
def tab(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    watched = Watched(context.new_page())
    yield watched
    context.close()


# ---- 1. casting from every door -------------------------------------------------------------------

def test_casting_is_reached_from_every_door_and_its_two_castings_stand_side_by_side(tab, built):
    page = tab.page
    for rel in ("index.html", "yi/index.html", "texts/huangjince/index.html", "yi/01/44/index.html"):
        page.goto((built / rel).as_uri())
        link = page.locator(".site-nav a", has_text="기과·기괘")
        expect(link).to_be_visible()
        assert link.get_attribute("href").endswith("cast/index.html")
    page.goto((built / "index.html").as_uri())
    expect(page.locator('.card a[href="cast/index.html"]')).to_be_visible()
    page.goto((built / "yi/index.html").as_uri())
    page.locator(".cast-entry a").click()
    page.wait_for_url(re.compile(r"/cast/index\.html(\?[^#]*)?#yi-cast$"))
    expect(page.locator("#yi-cast-form")).to_be_visible()
    page.goto((built / "cast/index.html").as_uri() + "?at=2026-12-01T09:30&tz=Asia/Seoul")
    liuren, yi_box = page.locator("#cast-result"), page.locator("#yi-cast")
    expect(liuren).to_be_visible()
    expect(yi_box).to_be_visible()
    a, b = liuren.bounding_box(), yi_box.bounding_box()
    assert abs(a["y"] - b["y"]) < 2 and b["x"] >= a["x"] + a["width"], (a, b)     # side by side
    assert b["y"] < 900                       # the 起卦 form starts on the first screen
    assert page.locator(".site-nav a[aria-current=page]").inner_text() == "기과·기괘"
    assert tab.errors == []


# ---- 2. a reading is an address -----------------------------------------------------------------

def _cast_reading(page) -> dict:
    return {"facts": page.eval_on_selector_all("#cast-result [data-fact]", "els => els.map(e => e.textContent)"),
            "conditional": page.inner_text("[data-fact-conditional]"),
            "lesson": page.get_attribute("[data-fact-link]", "href"),
            "yi": page.inner_text("[data-yi-link]"), "yi_how": page.inner_text("[data-yi-how]"),
            "form": page.eval_on_selector_all("#cast-form input, #cast-form select", "els => els.map(e => e.value)"),
            "method": page.eval_on_selector("#yi-cast-form input[name=method]:checked", "e => e.value")}


def test_a_cast_is_an_address_kept_as_it_changes_and_opened_again(browser, built):
    """Every choice of the cast page goes into its URL the moment it changes; the address, opened
    in a new tab, gives the same reading, its form filled as it was; the printout states it."""
    page = browser.new_page()
    page.goto((built / "cast/index.html").as_uri() + "?at=2026-12-01T09:30&tz=Asia/Seoul")
    page.fill("input[name=date]", "2026-02-04")
    page.fill("input[name=time]", "04:03")
    page.fill("input[name=tz]", "Asia/Shanghai")
    page.dispatch_event("input[name=tz]", "change")
    expect(page).to_have_url(re.compile(r"at=2026-02-04T04:03&tz=Asia/Shanghai(&|$)"))   # no button pressed
    page.select_option("select[name=day]", "0")
    page.fill("input[name=born]", "1984")
    page.select_option("select[name=sex]", "f")
    expect(page).to_have_url(re.compile(r"day=0&born=1984&sex=f"))
    page.fill("input[name=throws]", "789768")
    page.click("#yi-cast-form button[type=submit]")
    expect(page).to_have_url(re.compile(r"yi=789768"))
    want = _cast_reading(page)
    assert "澤雷隨" in want["yi"] and "甲子 (1984년)" in want["facts"]
    address = page.url
    again = browser.new_page()
    again.goto(address)
    again.wait_for_selector("[data-yi-detail]:not([hidden])")
    assert _cast_reading(again) == want
    again.emulate_media(media="print")
    assert again.inner_text(".print-url").endswith("cast/?" + address.split("?", 1)[1])
    again.emulate_media(media="screen")
    # the 梅花 casting by the time, and a new moment recasts it
    again.check("input[value=meihua-time]")
    again.click("#yi-cast-form button[type=submit]")
    expect(again).to_have_url(re.compile(r"meihua=time"))
    assert "yi=" not in again.url
    before = again.inner_text("[data-yi-how]")
    again.fill("input[name=time]", "11:30")
    again.dispatch_event("input[name=time]", "change")
    expect(again.locator("[data-yi-how]")).not_to_have_text(before)
    third = browser.new_page()
    third.goto(again.url)
    third.wait_for_selector("[data-yi-detail]:not([hidden])")
    assert _cast_reading(third) == _cast_reading(again)
    for p in (page, again, third):
        p.close()


def test_a_change_read_at_a_moment_keeps_its_moment_and_its_yongshen_in_the_address(browser, built):
    page = browser.new_page()
    tab = Watched(page)
    page.goto((built / "yi/55/17/index.html").as_uri() + "?at=2026-12-01T09:30&tz=Asia/Seoul")
    page.wait_for_function("window.SITEGEN_YI_FACTS && window.SITEGEN_YI_FACTS.at")
    summary = page.inner_text("[data-moment-summary]")
    assert "2026-12-01T09:30" in summary and "丙午年" in summary and "巳時" in summary
    page.select_option("select[name=yong]", "yi-yong-shen-qi-cai")
    expect(page).to_have_url(re.compile(r"\?at=2026-12-01T09:30&tz=Asia/Seoul&yong=yi-yong-shen-qi-cai$"))
    page.click("[data-moment-form] button[type=submit]")           # 보기, the day and month unchanged
    assert "at=2026-12-01T09:30&tz=Asia/Seoul" in page.url and "ri=" not in page.url
    assert page.inner_text("[data-moment-summary]") == summary      # the year and the hour are still there
    yong = page.inner_text("[data-moment-yong]")
    assert yong.startswith("妻財爻為用神")
    again = browser.new_page()
    again.goto(page.url)
    again.wait_for_function("window.SITEGEN_YI_FACTS && window.SITEGEN_YI_FACTS.at")
    assert again.input_value("select[name=yong]") == "yi-yong-shen-qi-cai"
    assert (again.inner_text("[data-moment-summary]"), again.inner_text("[data-moment-yong]")) == (summary, yong)
    again.emulate_media(media="print")
    assert again.inner_text(".print-url").endswith("yi/55/17/?at=2026-12-01T09:30&tz=Asia/Seoul&yong=yi-yong-shen-qi-cai")
    assert again.is_visible("[data-moment-summary]") and again.is_visible("[data-moment-yong]")
    # another day and month replace the moment, and keep the 用神
    page.select_option("select[name=ri]", "甲子")
    page.click("[data-moment-form] button[type=submit]")
    assert "at=" not in page.url and "yong=yi-yong-shen-qi-cai" in page.url
    third = browser.new_page()
    third.goto(page.url)
    third.wait_for_selector("html[data-moment]")
    assert third.get_attribute("html", "data-moment") == "甲子亥"
    assert third.inner_text("[data-moment-yong]") == page.inner_text("[data-moment-yong]")
    assert tab.errors == []
    for p in (page, again, third):
        p.close()


def test_a_lesson_read_at_a_moment_opens_again_the_same(browser, built):
    url = (built / "liuren/ji-you/04/index.html").as_uri() + \
        "?at=2026-12-01T09:30&tz=Asia/Seoul&born=1984&xing=%E5%AF%85&shift=night"
    reads = []
    for _ in range(2):
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector("#moment:not([hidden])")
        reads.append((page.inner_text("#moment"), page.get_attribute(".lesson", "data-shift"),
                      page.eval_on_selector_all("[data-held]", "els => els.map(e => e.dataset.held)")))
        page.emulate_media(media="print")
        assert page.inner_text(".print-url").endswith("liuren/ji-you/04/?" + url.split("?", 1)[1])
        page.close()
    assert reads[0] == reads[1] and reads[0][1] == "night" and "甲子" in reads[0][0]


# ---- 3. a moment decides what it can -----------------------------------------------------------

def test_a_day_settles_hua_kong_and_qing_long_ke_shi_on_the_change_pages_as_the_python_does(browser, built, model):
    rng = random.Random(30)
    cases = [(rng.randrange(1, 65), rng.randrange(1, 65), rng.randrange(60), rng.randrange(12)) for _ in range(60)]
    page = browser.new_page()
    tab = Watched(page)
    seen = {"yi-hua-kong": set(), "dili-qing-long-ke-shi": set()}
    for a, b, d, m in cases:
        c = model.change(a, b)
        page.goto((built / A.change(a, b).file).as_uri() + f"?ri={SIXTY[d].zh}&yue={Branch(m).zh}")
        page.wait_for_selector("html[data-moment]")
        got = dict(page.eval_on_selector_all("[data-cond]", "els => els.map(e => [e.dataset.cond, e.dataset.held])"))
        at = at_moment(c, SIXTY[d], Branch(m))
        want = {}
        if "yi-hua-kong" in c.conditional_rule_ids:
            want["yi-hua-kong"] = any("yi-hua-kong" in ln.rule_ids for ln in at.lines)
        if "dili-qing-long-ke-shi" in c.conditional_rule_ids:
            want["dili-qing-long-ke-shi"] = qing_long_ke_shi(c.ben, c.moving, SIXTY[d].stem)
        for rid, held in want.items():
            assert got[rid] == str(held).lower(), (a, b, SIXTY[d].zh, Branch(m).zh, rid)
            seen[rid].add(held)
        # what no day tells stays undecided, with no verdict
        for rid, held in got.items():
            if rid not in want:
                assert held == "null", (a, b, rid)
    assert seen == {"yi-hua-kong": {True, False}, "dili-qing-long-ke-shi": {True, False}}
    # on a moment too, and it is written beside the rule
    page.goto((built / "yi/55/17/index.html").as_uri() + "?at=2026-12-01T09:30&tz=Asia/Seoul")
    page.wait_for_selector("html[data-moment]")
    assert page.inner_text('[data-cond="yi-hua-kong"] [data-held-text]') in ("이 날 성립", "이 날 불성립")
    assert tab.errors == []
    page.close()


# ---- 4. search in the reader's words --------------------------------------------------------------

def _ranks(page, forms) -> list[int]:
    return page.evaluate("""(forms) => forms.map(([q, href]) => {
      const r = window.SITEGEN_SEARCH_RUN(q);
      return r.findIndex(x => x.href === href);
    })""", [[q, href] for q, href, _ in forms])


def test_search_finds_every_name_form_and_synonym(tab, built, model):
    """Rules and terms by their 漢字 and Korean names, with and without a 課/格 ending; every
    hexagram by its names, with 卦/괘, by 重X (중천건) and by its two trigrams (천풍); each book by its
    names; each synonym of content/search.yaml leads to the page of the name it stands for."""
    names, words = model.content.names, model.content.search_words
    forms: list[tuple[str, str, int]] = []          # (query, page, the rank it must reach at worst)
    for q, href in (("元首課", "rules/liuren-yuan-shou/"), ("涉害課", "rules/liuren-she-hai/"),
                    ("重審課", "rules/liuren-chong-shen/"), ("斬關課", "rules/liuren-zhan-guan/"),
                    ("원수과", "rules/liuren-yuan-shou/"), ("중천건", "yi/01/"), ("중뢰진", "yi/51/"),
                    ("공망", "rules/yi-xun-kong/"), ("六壬大全", "books/liuren-daquan/"),
                    ("畢法", "books/bifa/")):
        forms.append((q, href + "index.html", 0))
    for r in model.rules.values():                       # a rule and a term may share a name: 2 places
        for q in (r.zh, r.ko) + ((r.zh + "課", r.ko + "과", r.zh + "格", r.ko + "격") if len(r.zh) > 1 else ()):
            forms.append((q, A.rule(r.id).file, 1))
    for t in model.terms.values():
        for q in (t.zh, t.ko) + ((t.zh + "課", t.ko + "과") if len(t.zh) > 1 else ()):
            forms.append((q, A.term(t.id).file, 1))
    shorts: dict[str, int] = {}
    for h in yi.HEXAGRAMS:
        for k in (h.short, names.hexagram_short(h)):
            shorts[k] = shorts.get(k, 0) + 1
    for h in yi.HEXAGRAMS:
        ko = names.hexagram(h)
        href = A.hexagram(h.number).file
        for q in (h.name, ko, h.name + "卦", ko + "괘", *other_names(h, ko, words)):
            forms.append((q, href, 0))
        for k in (h.short, names.hexagram_short(h)):
            forms += [(k, href, shorts[k] - 1), (k + ("卦" if k == h.short else "괘"), href, shorts[k] - 1)]
    assert sum(1 for h in yi.HEXAGRAMS if any(q.startswith("중") for q in other_names(h, names.hexagram(h), words))) == 8
    for b in model.content.books:
        for q in (b.zh, b.ko, *b.aliases):
            forms.append((q, A.book(b.slug).file, 0))
    named = {r.zh: A.rule(r.id).file for r in model.rules.values()}
    named |= {t.zh: A.term(t.id).file for t in model.terms.values()}
    named |= {b.zh: A.book(b.slug).file for b in model.content.books}
    for target, others, _ in words.synonyms:
        for w in others:
            forms.append((w, named[target], 2))
    page = tab.page
    page.goto((built / "search/index.html").as_uri())
    ranks = _ranks(page, forms)
    wrong = [(q, href, r) for (q, href, worst), r in zip(forms, ranks) if not 0 <= r <= worst]
    assert not wrong, f"{len(wrong)} of {len(forms)} forms miss their page: {wrong[:10]}"
    # what the reader sees: 공망 leads to 旬空, 六壬大全 to the book's page
    page.goto((built / "search/index.html").as_uri() + "?q=%EA%B3%B5%EB%A7%9D")
    expect(page.locator("#search-results a").first).to_have_attribute("href", "../rules/yi-xun-kong/index.html")
    page.fill("#search-q", "六壬大全")
    page.press("#search-q", "Enter")
    first = page.locator("#search-results li").first
    expect(first.locator("a")).to_have_attribute("href", "../books/liuren-daquan/index.html")
    expect(first.locator(".kind")).to_have_text("책")
    assert tab.errors == []


# ---- 8. the marks explained where they stand -----------------------------------------------------

def test_the_marks_are_explained_on_every_kind_of_page_that_shows_them_and_a_tap_opens_a_dagger(browser, built):
    """Every page with a ¶ or a † shows a legend of both (a sample of each kind of page); on a
    phone (touch, no hover) a tap on † writes what the rule follows beside it, a second removes it."""
    samples = ["liuren/bing-yin/08/index.html", "yi/01/44/index.html", "yi/44/index.html", "rules/index.html",
               "liuren/index.html", "about/conventions/index.html", "books/bifa/index.html"]
    samples += [p.relative_to(built).as_posix() for p in sorted((built / "terms").glob("*/index.html"))[:20]]
    for rel in samples:
        html = (built / rel).read_text(encoding="utf-8")
        if 'class="cite"' in html or 'class="follows"' in html:
            assert 'class="marks-legend"' in html, rel
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.goto((built / "yi/01/44/index.html").as_uri())
    legend = page.locator(".marks-legend")
    legend.scroll_into_view_if_needed()
    expect(legend).to_be_visible()
    assert "¶" in legend.inner_text() and "†" in legend.inner_text()
    dagger = page.locator("abbr.follows").first
    dagger.scroll_into_view_if_needed()
    dagger.tap()
    note = page.locator(".follows-note").first
    expect(note).to_be_visible()
    assert note.inner_text() == dagger.get_attribute("title")
    dagger.tap()
    expect(page.locator(".follows-note")).to_have_count(0)
    context.close()
