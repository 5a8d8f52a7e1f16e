"""A local time the clocks skip or show twice (daylight saving time) is read as `sitegen cast`
reads it, and the cast page and a lesson page given it say which reading they used (issue 33.9)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from conftest import REPO
from test_browser import browser, expect  # noqa: F401  (the module's Chromium fixture)

pytestmark = pytest.mark.browser

# (zone, local time): skipped, repeated, and an hour either side of each change
MOMENTS = [("America/New_York", "2026-03-08T02:30"), ("America/New_York", "2026-11-01T01:30"),
           ("America/New_York", "2026-03-08T01:59"), ("America/New_York", "2026-03-08T03:00"),
           ("America/New_York", "2026-11-01T00:59"), ("America/New_York", "2026-11-01T02:00"),
           ("Europe/London", "2026-03-29T01:30"), ("Europe/London", "2026-10-25T01:30"),
           ("Australia/Sydney", "2026-10-04T02:30"), ("Australia/Sydney", "2026-04-05T02:30"),
           ("Asia/Seoul", "1988-05-08T02:30"), ("Asia/Seoul", "2026-12-01T09:30")]


def _cli(tz: str, at: str) -> dict:
    run = subprocess.run([sys.executable, "-m", "sitegen", "--root", str(REPO), "cast", "--json",
                          "--tz", tz, at], capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def test_the_page_reads_a_skipped_or_repeated_time_as_sitegen_cast_does(browser, built):
    expected = [_cli(tz, at) for tz, at in MOMENTS]
    assert [e.get("clock_change", {}).get("kind") for e in expected[:2]] == ["skipped", "repeated"]
    assert sum("clock_change" in e for e in expected) == 7
    page = browser.new_page()
    page.goto((built / "cast" / "index.html").as_uri() + "?at=2026-12-01T09:30&tz=Asia/Seoul")
    got = page.evaluate("""(moments) => moments.map(([tz, at]) => {
        const f = window.SitegenCast.facts(at, tz, 23), out = {};
        for (const k in f) if (k[0] !== "_") out[k] = f[k];
        return out;
    })""", [list(m) for m in MOMENTS])
    page.close()
    # every fact the page gives is `sitegen cast`'s (which gives more: the Moon's mansion …)
    assert [{k: e.get(k) for k in g} for g, e in zip(got, expected)] == got
    assert [("clock_change" in g) for g in got] == [("clock_change" in e) for e in expected]


@pytest.mark.parametrize("tz, at, words", [
    ("America/New_York", "2026-03-08T02:30", ("시계가 건너뛰는 시각", "UTC-05:00로 읽었다")),
    ("America/New_York", "2026-11-01T01:30", ("시계가 두 번 가리키는 시각", "UTC-04:00로 읽었다",
                                              "뒤의 것은 UTC-05:00")),
])
def test_the_cast_page_and_the_lesson_say_which_reading_they_used(browser, built, tz, at, words):
    f = _cli(tz, at)
    page = browser.new_page()
    page.goto((built / "cast" / "index.html").as_uri() + f"?at={at}&tz={tz}")
    said = page.locator("#cast-result [data-clock-change]:visible")
    expect(said).to_have_count(1)
    for w in words:
        expect(said).to_contain_text(w)
    page.goto((built / f["url"] / "index.html").as_uri() + "?" + f["link"].split("?")[1])
    said = page.locator("#moment [data-clock-change]:visible")
    expect(said).to_have_count(1)
    for w in words:
        expect(said).to_contain_text(w)
    page.goto((built / "cast" / "index.html").as_uri() + f"?at=2026-07-01T12:00&tz={tz}")
    expect(page.locator("[data-fact=plate]").first).not_to_be_empty()
    assert page.locator("#cast-result [data-clock-change]:visible").count() == 0
    page.close()
