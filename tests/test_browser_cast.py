"""Casting in a real Chromium, from disk: the cast page gives what `sitegen cast` gives, on
over a thousand moments (seconds around 中氣 and 立春, 23:00, 00:00, many zones, both day
settings); it answers fast; a lesson page given a moment marks it, picks 晝/夜, resolves the
conditional 課體 as the Python does, and its 晝/夜 choice is in the URL and in print."""

from __future__ import annotations

import datetime as dt
import json
import random
import re
import subprocess
import sys
from collections import defaultdict
from zoneinfo import ZoneInfo

import pytest

from conftest import REPO
from sitegen.cast import couple_of, held as cast_held, spouses_of
from sitegen.model.calendar import terms
from sitegen.model.ganzhi import GanZhi
from sitegen.model.liuren import lesson
from sitegen.model.liuren.nianming import ming
from test_browser import browser, expect  # noqa: F401  (the module's Chromium fixture)

pytestmark = pytest.mark.browser

ZONES = ("Asia/Seoul", "Asia/Shanghai", "Asia/Taipei", "Asia/Tokyo", "UTC", "America/New_York",
         "Europe/London", "Australia/Sydney", "Asia/Kolkata")


def _local(seconds: int, tz: str) -> dt.datetime:
    return dt.datetime.fromtimestamp(seconds, ZoneInfo(tz)).replace(tzinfo=None)


def _moments() -> list[tuple[str, str, int]]:
    """(WHEN, zone, day_starts): seconds around 中氣 and 立春 instants, 23:00 and 00:00, and
    moments spread over 1900–2100."""
    rng = random.Random(15)
    t = terms()
    out = []
    n = len(t.instants)
    for i in range(2, n - 2, 2)[::8]:                       # every 8th 中氣: ±1 s, in four zones
        tz = ZONES[(i // 2) % 4]
        for d in (-1, 0, 1):
            out.append((_local(t.instants[i] + d, tz), tz, 23))
    for i in [i for i in range(n - 1) if t.name(i) == "立春"][::3]:   # every third 立春
        tz = ZONES[(i // 24) % 4]
        for d in (-1, 0, 1):
            out.append((_local(t.instants[i] + d, tz), tz, (23, 0)[i % 2]))
    for _ in range(120):                                     # the day's turn, both settings
        day = dt.datetime(1900, 1, 2) + dt.timedelta(days=rng.randrange(73000))
        tz = rng.choice(ZONES)
        for hms in ((22, 59, 59), (23, 0, 0), (23, 59, 59), (0, 0, 0)):
            out.append((day.replace(hour=hms[0], minute=hms[1], second=hms[2]), tz, rng.choice((23, 0))))
    for _ in range(300):                                     # anywhere in the table
        moment = dt.datetime(1900, 1, 2) + dt.timedelta(seconds=rng.randrange(201 * 365 * 86400))
        out.append((moment.replace(second=0), rng.choice(ZONES), rng.choice((23, 0))))
    return [(m.strftime("%Y-%m-%dT%H:%M" + (":%S" if m.second else "")), tz, ds)
            for m, tz, ds in out if 1900 <= m.year <= 2100]


# `sitegen cast`'s alone, not the page's: none (the Moon's mansion, the days of the calendar and the
# 課體 and 法 they settle are on the page too).
NOT_ON_THE_PAGE: frozenset[str] = frozenset()


def _sitegen_cast(moments, *extra: str) -> dict[tuple, dict]:
    """`sitegen cast --json`, one call per zone, day setting (and place: a moment may be
    (WHEN, zone, day_starts, place)), with ``extra`` arguments."""
    groups = defaultdict(list)
    for m in moments:
        groups[m[1:]].append(m[0])
    out = {}
    for key, ats in groups.items():
        tz, ds, *place = key
        run = subprocess.run([sys.executable, "-m", "sitegen", "--root", str(REPO), "cast", "--json",
                              "--tz", tz, "--day-starts", str(ds), *([f"--place={place[0]}"] if place else []),
                              *extra, *ats], capture_output=True, text=True, check=True)
        for at, line in zip(ats, run.stdout.splitlines()):
            out[(at, *key)] = json.loads(line)
    return out


def test_the_cast_page_equals_sitegen_cast_on_over_a_thousand_moments(browser, built):
    moments = _moments()
    assert len(moments) >= 1000
    expected = _sitegen_cast(moments)
    page = browser.new_page()
    page.goto((built / "cast" / "index.html").as_uri() + "?at=2026-12-01T09:30&tz=Asia/Seoul")
    got = page.evaluate("""(moments) => moments.map(([at, tz, ds]) => {
        const f = window.SitegenCast.facts(at, tz, ds), out = {};
        for (const k in f) if (k[0] !== "_") out[k] = f[k];
        return out;
    })""", [list(m) for m in moments])
    page.close()
    bad = [(m, want, have) for m, have in zip(moments, got)
           if have != (want := {k: v for k, v in expected[m].items() if k not in NOT_ON_THE_PAGE})]
    assert not bad, f"{len(bad)} of {len(moments)} differ; first: {bad[:2]}"


def test_the_cast_page_from_disk_answers_and_links_to_the_lesson(browser, built):
    """(How fast it answers is measured by benchmarks/pages.py.)"""
    page = browser.new_page()
    url = (built / "cast" / "index.html").as_uri() + "?at=2026-12-01T09:30&tz=Asia/Seoul"
    page.goto(url)
    page.wait_for_selector("#cast-result:not([hidden])")
    assert int(page.get_attribute("html", "data-cast-script-ms")) >= 0
    assert page.text_content("[data-fact='plate']") == "4"
    assert page.locator("[data-fact='hour']").all_text_contents() == ["巳", "巳"]
    assert page.text_content("[data-fact='solar_term']") == "小雪"
    link = page.get_attribute("[data-fact-link]", "href")
    assert link.startswith("../liuren/ji-you/04/index.html?at=2026-12-01T09:30&tz=Asia/Seoul&shift=day")
    page.click("[data-fact-link]")
    page.wait_for_selector("#moment:not([hidden])")
    expect(page).to_have_url(re.compile("^" + re.escape((built / "liuren/ji-you/04/index.html").as_uri() + "?at=")))
    page.close()


def test_the_cast_page_reads_its_form_writes_the_url_and_refuses_bad_input(browser, built):
    page = browser.new_page()
    page.goto((built / "cast" / "index.html").as_uri() + "?at=2026-12-01T09:30&tz=Asia/Seoul")
    page.fill("input[name=date]", "2026-02-04")
    page.fill("input[name=time]", "04:03")
    page.fill("input[name=tz]", "Asia/Shanghai")
    page.fill("input[name=born]", "1984")
    page.click("#cast-form button[type=submit]")
    # the form's handler rewrites the URL (history.replaceState): the browser reports it as an event
    expect(page).to_have_url(re.compile(re.escape("at=2026-02-04T04:03&tz=Asia/Shanghai&born=1984")))
    assert page.text_content("[data-fact='year']") == "丙午"
    assert page.text_content("[data-fact='birth']").startswith("甲子")
    page.fill("input[name=tz]", "Mars/Base")
    page.click("#cast-form button[type=submit]")
    assert "Mars/Base" in page.text_content("#cast-status")
    assert page.is_hidden("#cast-result")
    page.goto((built / "cast" / "index.html").as_uri() + "?at=1899-06-01T10:00&tz=Asia/Seoul")
    assert "1900" in page.text_content("#cast-status")
    page.close()


def _python_facts(at: str, tz: str, ds: int = 23) -> dict:
    return _sitegen_cast([(at, tz, ds)])[(at, tz, ds)]


def test_a_lesson_page_given_a_moment_marks_hour_general_birth_and_xing(browser, built):
    at, tz = "2026-12-01T09:30", "Asia/Seoul"
    page = browser.new_page()
    page.goto((built / "liuren/ji-you/04/index.html").as_uri() + f"?at={at}&tz={tz}&born=1984&xing=寅")
    page.wait_for_selector("#moment:not([hidden])")
    hour = page.locator(".palace.is-hour")
    assert hour.count() == 1
    assert hour.locator(".earth").text_content() == "巳" and hour.locator(".heaven").text_content() == "寅"
    assert hour.locator(".moment-marks").text_content() == "占時 月將"
    assert page.locator(".palace.is-birth .earth").text_content() == "子"       # 1984 甲子
    assert page.locator(".palace.is-xing .earth").text_content() == "寅"
    assert page.get_attribute(".lesson", "data-shift") == "day"
    assert page.locator("#moment [data-fact='hour']").all_text_contents() == ["巳", "巳"]
    held = page.eval_on_selector_all(
        "[data-when]", "els => els.map(e => [e.querySelector('span').textContent, e.getAttribute('data-held')])")
    python = dict(_python_facts(at, tz)["conditional"])
    assert ["勵德", "true"] in held and python["勵德"] is True and python["四絕"] is None
    # a moment that gives another lesson says so and links there, marking nothing here
    page.goto((built / "liuren/ji-you/04/index.html").as_uri() + "?at=2026-12-01T11:30&tz=Asia/Seoul")
    page.wait_for_selector("#moment:not([hidden])")
    assert page.is_visible("[data-moment-other]") and page.locator(".palace.is-hour").count() == 0
    assert "ji-you/05/index.html" in page.get_attribute("[data-moment-other] a", "href")
    page.close()


def lesson_page_held(when: dict, f: dict) -> bool | None:
    """What a lesson page given the moment of `sitegen cast`'s facts ``f`` shows of a condition: as
    sitegen cast settles it ("settled", "bifa"), with the days and the Moon's 宮 the moment tells."""
    sex = re.search(r"&sex=([mf])", f["link"])
    spouse = re.search(r"&spouse=(\d+)", f["link"])
    spouse_ming = ming(int(spouse.group(1))).branch.zh if spouse else None
    return cast_held(when, f, f["ming"], f["xingnian"][1] if f["xingnian"] else None, dates=f["dates"],
                     moon=f["moon_mansion"]["palace"],
                     couple=couple_of(sex and sex.group(1), f["xingnian"], f.get("spouse_xingnian")),
                     spouses=spouses_of(sex and sex.group(1), f["xingnian"], f.get("spouse_xingnian"), f["ming"],
                                        spouse_ming))


def test_lesson_pages_resolve_their_conditional_patterns_as_the_python_does(browser, built):
    """Moments whose lessons carry each kind of condition (晝/夜, 占時, 太歲 and 月將)."""
    rng = random.Random(7)
    seen = defaultdict(int)
    picks = []
    for _ in range(4000):
        moment = dt.datetime(1990, 1, 1) + dt.timedelta(minutes=rng.randrange(60 * 24 * 365 * 60))
        at, tz = moment.strftime("%Y-%m-%dT%H:%M"), "Asia/Seoul"
        picks.append((at, tz, 23))
    facts = _sitegen_cast(picks)
    chosen = []
    for key, f in facts.items():
        kinds = {name for name, _ in f["conditional"]}
        new = [k for k in kinds if seen[k] < 4]
        if new:
            chosen.append(f)
            for k in kinds:
                seen[k] += 1
    assert {"天網", "勵德", "龍德"} <= set(seen)
    page = browser.new_page()
    for f in chosen:
        page.goto((built / f["url"] / "index.html").as_uri() + f"?at={f['at']}&tz={f['tz']}")
        page.wait_for_selector("#moment:not([hidden])")
        got = page.eval_on_selector_all(
            "[data-when]", "els => els.map(e => [e.querySelector('span').textContent, e.getAttribute('data-held')])")
        les = lesson(GanZhi.from_zh(f["day"]), f["plate"])
        assert got == [[p.name, json.dumps(lesson_page_held(p.as_data()["when"], f))]
                       for p in les.conditional_patterns], f
        # the 法 of 《畢法賦》 that hold under a condition, resolved by the same reading
        want = [[str(b.number), json.dumps(lesson_page_held(b.as_data()["condition"], f))]
                for b in les.bifa if b.condition is not None]
        got = page.eval_on_selector_all(
            "[data-bifa-when]", "els => els.map(e => [e.getAttribute('data-bifa'), e.getAttribute('data-held')])")
        assert got == want, f
    page.close()


def test_the_day_night_choice_is_in_the_url_and_in_print(browser, built):
    lesson = (built / "liuren/bing-yin/08/index.html").as_uri()
    page = browser.new_page()
    page.goto(lesson + "?shift=night")
    assert page.get_attribute(".lesson", "data-shift") == "night"
    page.click("[data-shift-button=day]")
    expect(page).to_have_url(re.compile(r"[?&]shift=day(&|$)"))       # rewritten by the click's handler
    assert "shift=night" not in page.url
    page.goto(lesson + "?shift=night")
    page.emulate_media(media="print")
    assert page.is_visible(".shift-note .gen-night") and not page.is_visible(".shift-note .gen-day")
    assert "夜" in page.locator(".shift-note .gen-night").text_content()
    assert page.locator(".print-url").inner_text().endswith("liuren/bing-yin/08/?shift=night")
    page.emulate_media(media="screen")
    assert not page.is_visible(".shift-note")
    # a moment at night chooses the night set unless the URL says otherwise
    page.goto(lesson + "?at=2026-12-01T23:30&tz=Asia/Seoul")
    page.wait_for_selector("#moment:not([hidden])")
    assert page.get_attribute(".lesson", "data-shift") == "night"
    page.goto(lesson + "?at=2026-12-01T23:30&tz=Asia/Seoul&shift=day")
    page.wait_for_selector("#moment:not([hidden])")
    assert page.get_attribute(".lesson", "data-shift") == "day"
    page.close()


# ---- the Sun at a place (issue 30 point 6) ------------------------------------------------------

def _sun_moments() -> list[tuple[str, str, int, str]]:
    """(WHEN, zone, day_starts, place): the cast page's places and others anywhere the Sun's tables
    reach, at random moments and a second either side of the tables' sunrise and sunset."""
    from sitegen.model.sun import solar_day
    from sitegen.content.names import CAST_PLACES

    rng = random.Random(30)
    zones = {"37.57": "Asia/Seoul", "35.18": "Asia/Seoul", "39.02": "Asia/Pyongyang", "39.90": "Asia/Shanghai",
             "31.23": "Asia/Shanghai", "25.03": "Asia/Taipei", "22.32": "Asia/Hong_Kong", "35.68": "Asia/Tokyo"}
    places = [(p, zones[p.split(",")[0]]) for p in CAST_PLACES]
    places += [(f"{rng.uniform(-60, 60):.4f},{rng.uniform(-180, 180):.3f}", rng.choice(ZONES)) for _ in range(16)]
    lo = int(dt.datetime(1900, 1, 3, tzinfo=dt.timezone.utc).timestamp())
    hi = int(dt.datetime(2100, 12, 28, tzinfo=dt.timezone.utc).timestamp())
    out = []
    for place, tz in places:
        lat, lon = (float(x) for x in place.split(","))
        ds = rng.choice((23, 0))
        instants = [rng.randrange(lo, hi) for _ in range(6)]
        for _ in range(3):
            s = solar_day(rng.randrange(lo, hi), lat, lon)
            instants += [s.sunrise - 1, s.sunrise, s.sunset - 1, s.sunset]
        for x in instants:
            local = _local(x, tz)
            if 1900 <= local.year <= 2100:
                out.append((local.strftime("%Y-%m-%dT%H:%M:%S"), tz, ds, place))
    return out


def test_the_cast_page_reads_the_sun_at_a_place_as_sitegen_cast_place_does(browser, built):
    """Every key, 晝/夜 by the Sun and the solar times among them, at the eight preset places and
    sixteen others, boundaries included (a second before the tables' sunrise is 夜, sunrise 晝)."""
    moments = _sun_moments()
    assert len(moments) >= 400
    expected = _sitegen_cast(moments)
    page = browser.new_page()
    page.goto((built / "cast" / "index.html").as_uri() + "?at=2026-12-01T09:30&tz=Asia/Seoul")
    got = page.evaluate("""(moments) => moments.map(([at, tz, ds, place]) => {
        const f = window.SitegenCast.facts(at, tz, ds, null, null, place), out = {};
        for (const k in f) if (k[0] !== "_") out[k] = f[k];
        return out;
    })""", [list(m) for m in moments])
    page.close()
    bad = [(m, expected[m], have) for m, have in zip(moments, got) if have != expected[m]]
    assert not bad, f"{len(bad)} of {len(moments)} differ; first: {bad[:2]}"
    by_sun = [expected[m]["day_night"] for m in moments]
    assert by_sun.count("day") > 100 and by_sun.count("night") > 100
    # the boundaries: a second before sunrise is night by the Sun, sunrise itself day
    assert any(expected[m]["day_night"] != expected[n]["day_night"] for m, n in zip(moments, moments[1:]))


def test_the_place_is_in_the_address_on_the_page_and_in_print(browser, built):
    """The issue's moment: 2026-12-22 05:49 in Seoul is a 卯 hour, yet before sunrise: 夜 on the
    page as in `sitegen cast --place`, which the page's lesson link and the lesson page keep."""
    want = _sitegen_cast([("2026-12-22T05:49", "Asia/Seoul", 23, "37.57,126.98")])[
        ("2026-12-22T05:49", "Asia/Seoul", 23, "37.57,126.98")]
    assert want["day_night"] == "night" and want["hour"] == "卯"
    page = browser.new_page()
    page.goto((built / "cast" / "index.html").as_uri() + "?at=2026-12-22T05:49&tz=Asia/Seoul")
    page.wait_for_selector("#cast-result:not([hidden])")
    assert page.text_content("[data-fact='day_night']").startswith("晝") and page.is_hidden("[data-sun]")
    page.click("button[data-place='37.57,126.98']")                    # 서울
    expect(page).to_have_url(re.compile(re.escape("place=37.57,126.98")))
    assert page.text_content("[data-fact='day_night']").startswith("夜")
    sun_line = page.text_content("#cast-result [data-sun]")
    assert "37.57,126.98" in sun_line and want["sun"]["sunrise"][11:19] in sun_line
    assert want["sun"]["true_solar"][11:19] in sun_line
    page.emulate_media(media="print")
    assert page.is_visible("#cast-result [data-sun]")
    assert "place=37.57,126.98" in page.text_content("[data-address]")
    page.emulate_media(media="screen")
    # a saved address finds the same reading; the lesson it links to keeps the place and reads 夜
    page.goto(page.url)
    page.wait_for_selector("#cast-result:not([hidden])")
    assert page.input_value("input[name=place]") == "37.57,126.98"
    link = page.get_attribute("[data-fact-link]", "href")
    assert link.endswith(want["link"].split("?")[1])
    page.click("[data-fact-link]")
    page.wait_for_selector("#moment:not([hidden])")
    assert page.get_attribute(".lesson", "data-shift") == "night"
    assert "37.57,126.98" in page.text_content("#moment [data-sun]")
    page.emulate_media(media="print")
    assert page.is_visible("#moment [data-sun]") and "place=37.57,126.98" in page.locator(".print-url").inner_text()
    # a change page given the moment and the place says the same of the Sun
    page.goto((built / "yi/55/17/index.html").as_uri() + "?at=2026-12-22T05:49&tz=Asia/Seoul&place=37.57,126.98")
    page.wait_for_selector("[data-sun]:not([hidden])")
    assert page.text_content("[data-sun]") == sun_line
    # the cast hexagram's link carries the place too, as `sitegen cast --yi … --place` writes it
    run = subprocess.run([sys.executable, "-m", "sitegen", "--root", str(REPO), "cast", "--json", "--tz", "Asia/Seoul",
                          "--place", "37.57,126.98", "--yi", "789768", "2026-12-22T05:49"],
                         capture_output=True, text=True, check=True)
    assert json.loads(run.stdout)["link"].endswith("&place=37.57,126.98")
    page.emulate_media(media="screen")
    page.goto((built / "cast" / "index.html").as_uri() + "?at=2026-12-22T05:49&tz=Asia/Seoul&place=37.57,126.98")
    page.wait_for_function("window.SitegenYiCast")
    got = page.evaluate("SitegenYiCast.facts('coins', '789768', '2026-12-22T05:49', 'Asia/Seoul', 23, '37.57,126.98')")
    assert got == json.loads(run.stdout)
    # a place the tables do not reach is named, as the command line names it
    page.emulate_media(media="screen")
    page.goto((built / "cast" / "index.html").as_uri() + "?at=2026-12-22T05:49&tz=Asia/Seoul&place=75,20")
    assert "75,20" in page.text_content("#cast-status") and page.is_hidden("#cast-result")
    page.close()


# ---- the 六爻 chart of a cast (issue 28 point 5, on the cast page) -------------------------------

def test_the_cast_page_reads_a_cast_hexagram_as_sitegen_cast_yi_does(browser, built):
    """Every key of `sitegen cast --yi|--meihua|--numbers --json` — each line's 納甲, 六親, 六神,
    旺衰, marks, 神煞 and 十二運 in the 日辰 and 月建, 卦身, 三合局, 伏神 — on 320 readings."""
    rng = random.Random(28)
    inputs = [(("coins", t), ("--yi", t)) for t in ("789768", "666999", "777777", "888888", "967896", "666696")]
    inputs += [(("coins", t), ("--yi", t)) for t in ("".join(rng.choice("6789") for _ in range(6)) for _ in range(3))]
    inputs += [(("meihua-time", ""), ("--meihua",)), (("meihua-numbers", "3,8"), ("--numbers", "3,8")),
               (("meihua-numbers", "17,250,9"), ("--numbers", "17,250,9"))]
    cases = []
    for (method, value), args in inputs:
        tz, ds = rng.choice(ZONES), rng.choice((23, 0))
        ats = [(dt.datetime(1901, 1, 2) + dt.timedelta(minutes=rng.randrange(199 * 365 * 1440))).strftime("%Y-%m-%dT%H:%M")
               for _ in range(29)]
        run = subprocess.run([sys.executable, "-m", "sitegen", "--root", str(REPO), "cast", "--json", "--tz", tz,
                              "--day-starts", str(ds), *args, *ats], capture_output=True, text=True, check=True)
        cases += [(method, value, at, tz, ds, json.loads(line)) for at, line in zip(ats, run.stdout.splitlines())]
    assert len(cases) >= 300
    page = browser.new_page()
    page.goto((built / "cast" / "index.html").as_uri() + "?at=2026-12-01T09:30&tz=Asia/Seoul")
    got = page.evaluate("""(cases) => cases.map(([m, v, at, tz, ds]) => SitegenYiCast.facts(m, v, at, tz, ds))""",
                        [list(c[:5]) for c in cases])
    bad = [(c[:5], c[5], have) for c, have in zip(cases, got) if have != c[5]]
    assert not bad, f"{len(bad)} of {len(cases)} differ; first: {bad[:1]}"
    assert any(c[5]["sanhe"] for c in cases) and any(c[5]["fushen"] for c in cases)
    jin_tui = {ln["jin_tui"] for c in cases for ln in c[5]["lines"]}
    assert jin_tui == {None, "yi-hua-jin-shen", "yi-hua-tui-shen"}        # 化進神 and 化退神 compared too
    page.close()


def test_the_cast_page_shows_the_chart_and_the_yongshen_with_its_chou_shen(browser, built):
    """The cast 雷火豐 → 澤雷隨 on 2026-12-01 09:30 in Seoul as a table of lines, and a 用神 chosen
    (kept in the address) with its 原神, 忌神 and 仇神 where the build's 用神 table has them."""
    from sitegen.model.yi import change as change_of
    from sitegen.model.yi.yongshen import TOPIC_IDS, yongshen

    page = browser.new_page()
    page.goto((built / "cast" / "index.html").as_uri() + "?at=2026-12-01T09:30&tz=Asia/Seoul&yi=789768")
    page.wait_for_selector("[data-yi-chart]:not([hidden])")
    summary = page.text_content("[data-yi-summary]")
    assert "日辰 己酉" in summary and "卦身 戌 (6爻)" in summary
    rows = page.locator("[data-yi-lines] tr")
    assert rows.count() == 6 and rows.nth(0).get_attribute("data-line") == "6"
    assert "父母 庚申 → 丁酉" in rows.nth(1).text_content() and "日帝旺 月病" in rows.nth(1).text_content()
    assert "旬空" in rows.nth(5).text_content() and "暗動" in rows.nth(5).text_content()
    jin = rows.nth(1).locator("a", has_text="化進神")               # 五爻 申化酉, linked to its rule
    assert jin.count() == 1 and jin.get_attribute("href").endswith("rules/yi-hua-jin-shen/index.html")
    assert "化" not in "".join(rows.nth(i).text_content() for i in (0, 2, 3, 4, 5))
    ch = change_of(55, 17)
    topic = next(t for t in TOPIC_IDS if yongshen(ch.ben, t).chou)
    page.select_option("[data-yi-yong]", topic)
    expect(page).to_have_url(re.compile(re.escape(f"yong={topic}")))
    y = yongshen(ch.ben, topic)
    text = page.text_content("[data-yi-yong-text]")
    assert "仇神 " + ", ".join(f"{n}爻" for n in y.chou) in text
    assert "原神 " + ", ".join(f"{n}爻" for n in y.yuan) in text if y.yuan else True
    page.goto(page.url)                                  # the saved address finds the same reading
    page.wait_for_selector("[data-yi-chart]:not([hidden])")
    assert page.text_content("[data-yi-yong-text]") == text
    page.close()
