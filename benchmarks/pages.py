"""How fast the pages that compute in the browser answer, opened from disk in Debian's Chromium.

Usage (from the project folder, after `sitegen build`):  .venv/bin/python benchmarks/pages.py [--out build]

- the cast page with a moment: from its scripts' start to the answer on the page (the page marks
  it as ``data-cast-script-ms``), ten loads;
- a change page with ``?ri=&yue=`` and with ``?at=&tz=`` (20 each): from its script's start to
  the answer (the performance measure ``yi-moment``).

For each, the best load (a busy machine only lengthens a wall-clock time, so the best is the
page's own time unless every load was kept waiting) and the median processor time of the page's
scripts on its main thread (Chromium's ``ScriptDuration`` in thread ticks, which waiting does not
lengthen). Needs the playwright package (the test extra) and /usr/bin/chromium.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_browser import ARGS, CHROMIUM  # noqa: E402  (the tests' Chromium settings)
from sitegen.model.ganzhi import SIXTY, Branch  # noqa: E402


class ScriptClock:
    """The processor time a page's main thread has spent running script (its own and what it
    loads) since its document began: Chromium's ``ScriptDuration`` counted in thread ticks
    (DevTools ``Performance.getMetrics``), so time spent waiting for a busy processor does not
    count, nor do the test's own evaluations (DevTools counts those apart). A wall-clock time
    measured in the page grows when the machine is busy; this does not: a 150 ms busy loop in the
    page's own script, run on a machine at load 8, took 150 ms of wall clock and counted 58–77 ms
    here (the processor it got)."""

    def __init__(self, page):
        self.cdp = page.context.new_cdp_session(page)
        self.cdp.send("Performance.enable", {"timeDomain": "threadTicks"})

    def ms(self) -> float:
        metrics = self.cdp.send("Performance.getMetrics")["metrics"]
        return 1000 * next(m["value"] for m in metrics if m["name"] == "ScriptDuration")


def cast_page(browser, out: Path) -> tuple[list[int], list[float]]:
    page = browser.new_page()
    clock = ScriptClock(page)
    url = (out / "cast" / "index.html").as_uri() + "?at=2026-12-01T09:30&tz=Asia/Seoul"
    own, scripts = [], []
    for _ in range(10):
        page.goto(url)
        page.wait_for_selector("#cast-result:not([hidden])")
        scripts.append(clock.ms())
        own.append(int(page.get_attribute("html", "data-cast-script-ms")))
    page.close()
    return own, scripts


def change_pages(browser, out: Path, query) -> tuple[list[float], list[float]]:
    rng = random.Random(100)
    page = browser.new_page()
    clock = ScriptClock(page)
    own, scripts = [], []
    for _ in range(20):
        a, b = rng.randrange(1, 65), rng.randrange(1, 65)
        page.goto((out / f"yi/{a:02d}/{b:02d}/index.html").as_uri() + query(rng))
        page.wait_for_function("performance.getEntriesByName('yi-moment').length > 0")
        scripts.append(clock.ms())
        own.append(page.evaluate("performance.getEntriesByName('yi-moment')[0].duration"))
    page.close()
    return own, scripts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", type=Path, default=ROOT / "build")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    rows = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        rows["cast page, a moment"] = cast_page(browser, args.out)
        rows["change page, ?ri=&yue="] = change_pages(
            browser, args.out, lambda r: f"?ri={SIXTY[r.randrange(60)].zh}&yue={Branch(r.randrange(12)).zh}")
        rows["change page, ?at=&tz="] = change_pages(
            browser, args.out, lambda r: f"?at={r.randrange(1901, 2100)}-{r.randrange(1, 13):02d}-"
                                         f"{r.randrange(1, 29):02d}T{r.randrange(24):02d}:00&tz=Asia/Seoul")
        browser.close()
    print("| page | best load, ms | median load, ms | scripts' processor time, median ms |")
    print("| --- | ---: | ---: | ---: |")
    for name, (own, scripts) in rows.items():
        print(f"| {name} | {min(own):.1f} | {statistics.median(own):.1f} | {statistics.median(scripts):.1f} |")


if __name__ == "__main__":
    main()
