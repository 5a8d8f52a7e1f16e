"""A moment decides what it can (issue 30.3): a lesson page opened with ?at=&tz= shows each
conditional 課體 and 法 that the moment's day settles (四立日, 四立前日: 四絕) as held or not held,
as `sitegen cast` settles it, never as needing the day; and the change and hexagram pages given a
moment the clocks skip or show twice say which reading they used, as the lesson page does
(issue 33)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import REPO
from test_browser import browser, expect  # noqa: F401  (the module's Chromium fixture)

pytestmark = pytest.mark.browser


def _cli(tz: str, at: str) -> dict:
    run = subprocess.run([sys.executable, "-m", "sitegen", "--root", str(REPO), "cast", "--json",
                          "--tz", tz, at], capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


# (zone, moment): the eve of 立春 2027 and the day after it in Seoul; the same 立春 on New York's
# clocks, which put it a day earlier (2027-02-03 21:46 there, 02-04 11:46 in Seoul): its eve is
# the 2nd there; the eve of 立冬 2026 in Seoul, and the next day from 23:00 (子初) on; 立冬 itself
# and the day after, with lessons that are 天禍 on a 四立
MOMENTS = [("Asia/Seoul", "2027-02-03T10:00"), ("Asia/Seoul", "2027-02-05T10:00"),
           ("America/New_York", "2027-02-02T12:00"), ("America/New_York", "2027-02-03T12:00"),
           ("Asia/Seoul", "2026-11-06T22:30"), ("Asia/Seoul", "2026-11-06T23:30"),
           ("Asia/Seoul", "2026-11-07T09:00"), ("Asia/Seoul", "2026-11-08T07:00")]


def _shown(page) -> tuple[list, list]:
    """The page's conditional 課體 and 法 with a condition: (name or number, held) each, held
    True, False or None (not told)."""
    held = {"true": True, "false": False, "null": None}
    keti = page.eval_on_selector_all(
        "[data-when]", "els => els.map(e => [e.querySelector('[lang]').textContent, e.getAttribute('data-held')])")
    bifa = page.eval_on_selector_all(
        "[data-bifa-when]", "els => els.map(e => [+e.getAttribute('data-bifa'), e.getAttribute('data-held')])")
    return [[n, held[h]] for n, h in keti], [[n, held[h]] for n, h in bifa]


def test_the_lesson_page_settles_the_days_a_moment_tells_as_sitegen_cast_does(browser, built):
    page = browser.new_page()
    settled_by_day = set()
    for tz, at in MOMENTS:
        f = _cli(tz, at)
        page.goto((built / f["url"] / "index.html").as_uri() + "?" + f["link"].split("?")[1])
        expect(page.locator("#moment")).to_be_visible()
        keti, bifa = _shown(page)
        assert keti == f["settled"], (tz, at)
        assert bifa == [b for b in f["bifa"] if b[0] in {n for n, _ in bifa}], (tz, at)
        for name, h in f["settled"]:
            if name in ("四絕", "天禍"):               # told by the day alone: never "needs the day"
                settled_by_day.add((name, h))
                assert dict(f["conditional"])[name] is None
                item = page.locator("[data-when]").filter(has_text=name).first
                expect(item.locator("[data-held-text]")).to_have_text("이 순간 성립" if h else "이 순간 불성립")
    page.close()
    assert settled_by_day == {("四絕", True), ("四絕", False), ("天禍", True), ("天禍", False)}
    days = [_cli(tz, at)["dates"] for tz, at in MOMENTS]
    assert [d["四立前日"] for d in days] == [True, False, True, False, True, False, False, False]
    assert [d["四立日"] for d in days] == [False, False, False, True, False, True, True, False]


def test_a_lesson_of_another_moment_keeps_its_days_untold(browser, built):
    f = _cli("Asia/Seoul", "2027-02-03T10:00")
    other = "liuren/jia-zi/01/" if f["url"] != "liuren/jia-zi/01/" else "liuren/jia-zi/02/"
    page = browser.new_page()
    page.goto((built / other / "index.html").as_uri() + "?" + f["link"].split("?")[1])
    expect(page.locator("[data-moment-other]")).to_be_visible()
    assert page.locator("[data-when][data-held]").count() == 0
    page.close()


@pytest.mark.parametrize("path", ["yi/01/44/", "yi/44/"])
@pytest.mark.parametrize("tz, at, words", [
    ("America/New_York", "2026-03-08T02:30", ("시계가 건너뛰는 시각", "UTC-05:00로 읽었다")),
    ("America/New_York", "2026-11-01T01:30", ("시계가 두 번 가리키는 시각", "UTC-04:00로 읽었다",
                                              "뒤의 것은 UTC-05:00")),
])
def test_change_and_hexagram_pages_say_which_reading_of_the_clock_they_used(browser, built, path, tz, at, words):
    f = _cli(tz, at)
    assert f["clock_change"]["kind"] in ("skipped", "repeated")
    page = browser.new_page()
    page.goto((built / path / "index.html").as_uri() + f"?at={at}&tz={tz}")
    expect(page.locator("[data-moment-summary]")).to_contain_text(f["day"] + "日")
    said = page.locator("#yi-moment [data-clock-change]:visible")
    expect(said).to_have_count(1)
    for w in words:
        expect(said).to_contain_text(w)
    page.locator("[data-moment-form] select[name=ri]").select_option(index=0 if f["day"] != "甲子" else 1)
    page.locator("[data-moment-form] button").click()           # another day: no moment, no note
    expect(page.locator("#yi-moment [data-clock-change]:visible")).to_have_count(0)
    page.goto((built / path / "index.html").as_uri() + f"?at=2026-07-01T12:00&tz={tz}")
    expect(page.locator("[data-moment-summary]")).to_contain_text("2026-07-01T12:00")
    assert page.locator("#yi-moment [data-clock-change]:visible").count() == 0
    page.close()
