"""A change in its day and month, in a real Chromium from disk: the change page gives what the
engine (and `sitegen cast --yi`) gives on every hexagram for 100 day-and-month pairs and on
moments, and the 用神 of every topic; the cast page casts hexagrams as `sitegen cast --yi/--meihua/
--numbers` does; the line table fits 390 px, the 用神 is named and linked by its rules. (How fast the page answers
is measured by benchmarks/pages.py.)"""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

from conftest import REPO
from sitegen.model.ganzhi import SIXTY, Branch
from sitegen.model.yi import change
from sitegen.model.yi.moment import at_moment
from sitegen.model.yi.yongshen import TOPIC_IDS, yongshen
from test_browser import Watched, browser  # noqa: F401  (the module's Chromium fixture)

pytestmark = pytest.mark.browser

_KEYS = ("line", "liushen", "strength", "month_broken", "rule_ids", "day_stage", "month_stage", "stage_rule_ids")


def _engine(c, d: int, m: int) -> dict:
    got = at_moment(c, SIXTY[d], Branch(m)).as_data()
    return {"day": got["day"], "month_branch": got["month_branch"], "void": got["void"],
            "lines": [{k: ln[k] for k in _KEYS} for ln in got["lines"]]}


def _cli(*args) -> list[dict]:
    run = subprocess.run([sys.executable, "-m", "sitegen", "--root", str(REPO), "cast", "--json", *args],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    return [json.loads(line) for line in run.stdout.splitlines()]


def _throws(c) -> str:
    """The six throws that cast change ``c``."""
    moving = set(c.moving)
    return "".join(("9" if b == "1" else "6") if i + 1 in moving else ("7" if b == "1" else "8")
                   for i, b in enumerate(c.ben.lines))


def test_every_hexagram_equals_the_engine_on_100_days_and_months(browser, built):
    rng = random.Random(16)
    pairs = [(rng.randrange(60), rng.randrange(12)) for _ in range(100)]
    page = browser.new_page()
    tab = Watched(page)
    bad = []
    for n in range(1, 65):
        to = (n * 37) % 64 + 1                         # a change of every hexagram (some still)
        c = change(n, to)
        page.goto((built / f"yi/{n:02d}/{to:02d}/index.html").as_uri())
        page.wait_for_function("window.SitegenYi && window.SITEGEN_YI")
        got = page.evaluate("(pairs) => pairs.map(([d, m]) => SitegenYi.facts(d, m))", pairs)
        bad += [(n, to, p) for p, have in zip(pairs, got) if have != _engine(c, *p)]
        # the 用神 of every topic, as the build's table gives it to the page
        yong = page.evaluate("(ts) => ts.map(t => SitegenYi.yongshen(t))", list(TOPIC_IDS))
        bad += [(n, to, t) for t, have in zip(TOPIC_IDS, yong) if have != yongshen(c.ben, t).as_data()]
    assert not bad, f"{len(bad)} differ; first: {bad[:3]}"
    assert tab.errors == []
    page.close()


def test_a_moment_on_the_change_page_equals_sitegen_cast_yi(browser, built):
    rng = random.Random(61)
    zones = ("Asia/Seoul", "Asia/Shanghai", "UTC", "America/New_York")
    cases = []
    for _ in range(12):
        c = change(rng.randrange(1, 65), rng.randrange(1, 65))
        at = f"{rng.randrange(1901, 2100)}-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}T{rng.randrange(24):02d}:{rng.randrange(60):02d}"
        cases.append((c, at, rng.choice(zones)))
    page = browser.new_page()
    tab = Watched(page)
    for c, at, tz in cases:
        (want,) = _cli("--tz", tz, "--yi", _throws(c), at)
        assert (want["from"], want["to"]) == (c.ben.number, c.bian.number)
        page.goto((built / want["url"] / "index.html").as_uri() + "?" + want["link"].split("?")[1])
        page.wait_for_function("window.SITEGEN_YI_FACTS && window.SITEGEN_YI_FACTS.at")
        have = page.evaluate("window.SITEGEN_YI_FACTS")
        assert (have["day"], have["month_branch"], have["void"]) == (want["day"], want["month_branch"], want["void"])
        assert have["lines"] == [{k: ln[k] for k in _KEYS} for ln in want["lines"]], (c, at, tz)
        # what the reader sees: the 六神 and the strength in each row
        assert page.locator('tr[data-line="1"] [data-slot="liushen"]').text_content() == want["lines"][0]["liushen"]
        assert page.locator('tr[data-line="6"] [data-slot="strength"]').text_content() == want["lines"][5]["strength"]
        # … and the line's 十二運 in the day and the month, named by their rules
        rules = page.locator('tr[data-line="3"] [data-slot="rules"]').text_content()
        assert f"日辰{want['lines'][2]['day_stage']}" in rules and f"月建{want['lines'][2]['month_stage']}" in rules
    assert tab.errors == []
    page.close()


def test_three_hundred_moments_on_the_change_page_equal_sitegen_cast_yi(browser, built):
    """The page's facts for a moment (its calendar and the build's tables), 60 moments on each of
    five changes, against one `sitegen cast --yi --json` call per change: the 十二運 in the day and
    month with the rest of each line, and the 卦身 and 三合 the CLI adds beside them."""
    rng = random.Random(28)
    page = browser.new_page()
    tab = Watched(page)
    for _ in range(5):
        c = change(rng.randrange(1, 65), rng.randrange(1, 65))
        ats = [f"{rng.randrange(1901, 2100)}-{rng.randrange(1, 13):02d}-{rng.randrange(1, 29):02d}T"
               f"{rng.randrange(24):02d}:{rng.randrange(60):02d}" for _ in range(60)]
        want = _cli("--tz", "Asia/Seoul", "--yi", _throws(c), *ats)
        page.goto((built / want[0]["url"] / "index.html").as_uri())
        page.wait_for_function("window.SitegenYi && window.SITEGEN_YI && window.SitegenCast && window.SITEGEN_CAST")
        have = page.evaluate("""(ats) => ats.map(at => {
            const Y = window.SITEGEN_YI, f = SitegenCast.facts(at, "Asia/Seoul", 23);
            return SitegenYi.facts(Y.sixty.indexOf(f.day), Y.branches.indexOf(f.month.charAt(1)));
        })""", ats)
        for at, h, w in zip(ats, have, want):
            assert (h["day"], h["month_branch"]) == (w["day"], w["month_branch"]), (c, at)
            assert h["lines"] == [{k: ln[k] for k in _KEYS} for ln in w["lines"]], (c, at)
            assert w["gua_shen"] == c.as_data()["gua_shen"]
            assert w["sanhe"] == [r for r in c.rules if r.startswith("三合")]
    assert tab.errors == []
    page.close()


def test_the_cast_page_casts_as_sitegen_cast_does(browser, built):
    moments = [("2026-12-01T09:30", "Asia/Seoul"), ("2023-03-22T23:30", "Asia/Shanghai"),
               ("1984-02-02T00:10", "Asia/Seoul"), ("2100-12-31T12:00", "UTC"), ("1900-01-01T01:00", "Asia/Tokyo")]
    inputs = [("coins", "789768", ("--yi", "789768")), ("coins", "666999", ("--yi", "666999")),
              ("meihua-time", "", ("--meihua",)), ("meihua-numbers", "3,8", ("--numbers", "3,8")),
              ("meihua-numbers", "17,250,9", ("--numbers", "17,250,9"))]
    page = browser.new_page()
    tab = Watched(page)
    for at, tz in moments:
        page.goto((built / "cast/index.html").as_uri() + f"?at={at}&tz={tz}")
        page.wait_for_function("window.SitegenYiCast")
        for method, value, args in inputs:
            (want,) = _cli("--tz", tz, *args, at)
            have = page.evaluate("([m, v]) => SitegenYiCast.cast(m, v)", [method, value])
            assert {k: have[k] for k in ("from", "to", "moving", "cast", "url", "link")} == \
                   {k: want[k] for k in ("from", "to", "moving", "cast", "url", "link")}, (at, tz, method)
    # the toss: six throws 6–9, and a link to the change carrying the moment
    page.click("[data-toss]")
    throws = page.input_value("input[name=throws]")
    assert len(throws) == 6 and set(throws) <= set("6789")
    href = page.get_attribute("[data-yi-link]", "href")
    assert href.startswith("../yi/") and "?at=1900-01-01T01:00&tz=Asia/Tokyo" in href
    page.fill("input[name=throws]", "78976")
    page.click("#yi-cast-form button[type=submit]")
    assert "여섯 번의 값이 아니다" in page.text_content("#yi-cast-status")
    assert tab.errors == []
    page.close()


def test_the_line_table_fits_390_px_and_the_yongshen_is_named_and_linked_by_its_rules(browser, built, model):
    page = browser.new_page(viewport={"width": 390, "height": 844})
    tab = Watched(page)
    page.goto((built / "yi/55/17/index.html").as_uri() + "?at=2026-12-01T09:30&tz=Asia/Seoul")
    page.wait_for_function("window.SITEGEN_YI_FACTS && window.SITEGEN_YI_FACTS.at")
    wrap = page.evaluate("(() => { const w = document.querySelector('.table-wrap');"
                         " return [w.scrollWidth, w.clientWidth, document.documentElement.scrollWidth]; })()")
    assert wrap[0] <= wrap[1] and wrap[2] <= 390, wrap
    rules = page.locator('tr[data-line="1"] td').last
    assert rules.is_visible() and "暗動" in rules.text_content()      # 己卯 clashed by 己酉, 相 in 亥月
    box = rules.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    # the selector offers exactly the registry's 用神 topics, labelled by their entries
    topics = [r for r in model.rules.values() if r.family == "yi-yongshen" and r.entry.topic]
    offered = page.evaluate("[...document.querySelectorAll('select[name=yong] option')]"
                            ".filter(o => o.value).map(o => [o.value, o.textContent])")
    assert offered == [[r.id, r.entry.topic] for r in topics]
    # 豐 (坎宮 水): 妻財 is 午火 at line 4; its 原神 子孫 卯木 (line 1), its 忌神 兄弟 亥水 (line 3),
    # its 仇神 父母 申金 (line 5: it overcomes the 木 原神 and generates the 水 忌神)
    page.select_option("select[name=yong]", "yi-yong-shen-qi-cai")
    line = page.locator("[data-moment-yong]")
    text = line.text_content()
    assert text.startswith("妻財爻為用神 (妻財): 4爻") and "原神 1爻 (相 旬空 暗動" in text and "忌神 3爻" in text, text
    assert "仇神 5爻" in text, text
    links = line.locator("a").evaluate_all("as => as.map(a => [a.textContent, a.getAttribute('href')])")
    assert [name for name, _ in links] == ["妻財爻為用神", "原神", "忌神", "仇神"]
    for name, href in links:
        assert (built / "yi/55/17" / href).resolve().is_file(), href
    assert page.get_attribute('tr[data-line="4"]', "data-yong") == "yong"
    assert page.get_attribute('tr[data-line="5"]', "data-yong") == "chou"
    # a topic the hexagram lacks is named by the 伏神 rule, on the line it hides under: 姤 has no
    # 妻財, which hides under line 2
    page.goto((built / "yi/44/01/index.html").as_uri() + "?ri=甲子&yue=午")
    page.wait_for_function("window.SITEGEN_YI_FACTS")
    page.select_option("select[name=yong]", "yi-yong-shen-qi-cai")
    assert line.text_content().startswith("妻財爻為用神 (妻財): 伏神 2爻"), line.text_content()
    assert line.locator("a").all_text_contents()[:2] == ["妻財爻為用神", "伏神"]
    assert page.get_attribute('tr[data-line="2"]', "data-yong") == "fu"
    assert tab.errors == []
    page.close()


def test_hexagram_pages_read_the_day_and_month_as_the_still_change(browser, built):
    rng = random.Random(64)
    pairs = [(rng.randrange(60), rng.randrange(12)) for _ in range(100)]
    page = browser.new_page()
    tab = Watched(page)
    for n in (1, 2, 12, 29, 44, 51, 63, 64):
        page.goto((built / f"yi/{n:02d}/index.html").as_uri() + "?ri=甲子&yue=午")
        page.wait_for_function("window.SITEGEN_YI_FACTS")
        got = page.evaluate("(pairs) => pairs.map(([d, m]) => SitegenYi.facts(d, m))", pairs)
        assert got == [_engine(change(n, n), *p) for p in pairs], n
        assert page.locator('tr[data-line="1"] [data-slot="liushen"]').text_content() == "青龍"   # 甲 day
    assert tab.errors == []
    page.close()
