"""Hostile addresses in a real Chromium, from disk (issue 33.7): a malformed percent-escape in a
parameter or the hash, or a value of 100 KB, stops no script of the cast, lesson, change, text or
search page. Each page reads its address through assets/params.js and says what is wrong as it
does for any other bad value."""

from __future__ import annotations

import pytest

from test_browser import browser, expect  # noqa: F401  (the module's Chromium fixture)

pytestmark = pytest.mark.browser

CAST = "cast/index.html"
LESSON = "liuren/bing-yin/08/index.html"
CHANGE = "yi/01/44/index.html"
TEXT = "texts/liuren-gejue/index.html"
SEARCH = "search/index.html"
NOT_A_MOMENT = "시각이 아니다"          # the pages' word for a value that is no moment
UNKNOWN_ZONE = "모르는 시간대"
LONG = "9" * 100_000

# (page, what follows its address, the element that says what is wrong, words it says)
HOSTILE = [
    (CAST, "?at=%E0%A4%A&tz=Asia/Seoul", "#cast-status", NOT_A_MOMENT),
    (CAST, "?at=2026-12-01T09:30&tz=%", "#cast-status", UNKNOWN_ZONE),
    (CAST, "?at=%&tz=%E0%A4%A", "#cast-status", UNKNOWN_ZONE),
    (CAST, "?at=" + LONG + "&tz=Asia/Seoul", "#cast-status", NOT_A_MOMENT),
    (CAST, "?at=2026-12-01T09:30&tz=Asia/Seoul#%E0%A4%A", "[data-fact=plate]", "4"),
    (LESSON, "?at=%E0%A4%A&tz=Asia/Seoul", "[data-moment-error]", NOT_A_MOMENT),
    (LESSON, "?at=2026-12-01T09:30&tz=%", "[data-moment-error]", UNKNOWN_ZONE),
    (LESSON, "?shift=%&at=%", "[data-moment-error]", NOT_A_MOMENT),
    (LESSON, "#%E0%A4%A", "h1", "丙寅"),
    (CHANGE, "?at=%E0%A4%A&tz=Asia/Seoul", "[data-moment-summary]", NOT_A_MOMENT),
    (CHANGE, "?at=2026-12-01T09:30&tz=%", "[data-moment-summary]", UNKNOWN_ZONE),
    (CHANGE, "?ri=%&yue=%E0%A4%A", "h1", "乾"),
    (TEXT, "?hl=%E0%A4%A#p05", "h1", "六壬"),
    (TEXT, "#%E0%A4%A", "h1", "六壬"),
    (TEXT, "?hl=%#%", "h1", "六壬"),
    (SEARCH, "?q=%", "#search-status", "「%」"),
    (SEARCH, "?q=%E0%A4%A", "#search-status", "「%E0%A4%A」"),
    (SEARCH, "?q=" + LONG, "#search-status", "「999"),
]


@pytest.mark.parametrize("page_file, rest, where, words", HOSTILE,
                         ids=[f"{p.split('/')[0]}{r[:40]}" for p, r, _, _ in HOSTILE])
def test_a_hostile_address_stops_no_script_and_is_named_as_any_bad_value(browser, built, page_file,
                                                                          rest, where, words):
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto((built / page_file).as_uri() + rest)
    expect(page.locator(where).first).to_contain_text(words)
    said = page.locator(where).first.inner_text()
    assert len(said) < 400, said[:400]                  # a long value is cut, not repeated
    page.wait_for_load_state("load")
    assert errors == []
    if page_file == SEARCH:
        assert len(page.input_value("#search-q")) <= 201
    page.close()


def test_the_site_script_still_runs_after_a_hostile_hash(browser, built):
    """site.js, the last script of every page, reads the hash: after #%E0%A4%A it still sets up
    the page (the theme button shows its mode) and an ordinary #p05 still opens its paragraph."""
    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto((built / TEXT).as_uri() + "?hl=%E0%A4%A#%E0%A4%A")
    expect(page.locator("[data-theme-toggle]").first).to_have_attribute("data-mode", "light")
    page.goto((built / TEXT).as_uri() + "?hl=" + "%E5%A6%82" + "#p05")
    assert errors == []
    page.close()
