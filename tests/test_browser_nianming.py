"""The practitioner's chart in a real Chromium, from disk (issue 28): the cast page's 本命, 行年,
年命上神, 神煞, 旺相休囚死 and 十二長生 equal `sitegen cast`'s on a few hundred moments and birth
years; a lesson page given a moment and a birth year marks them as the Python does; the 類神 of a
question is marked where the lesson's JSON says, and the choice is kept in the URL."""

from __future__ import annotations

import datetime as dt
import json
import random
import re
from zoneinfo import ZoneInfo

import pytest

from conftest import REPO
from sitegen.cast import _settings, facts
from sitegen.model.calendar import cast as cast_moment
from sitegen.model.ganzhi import GanZhi
from sitegen.model.liuren import lesson
from test_browser_cast import NOT_ON_THE_PAGE, lesson_page_held
from test_browser import browser, expect  # noqa: F401  (the module's Chromium fixture)

pytestmark = pytest.mark.browser

ZONES = ("Asia/Seoul", "Asia/Shanghai", "UTC", "America/New_York", "Europe/London")


def _cases(n: int, seed: int) -> list[tuple[str, str, int, int | None, str | None, int | None]]:
    """(WHEN, zone, day_starts, born, sex, spouse): moments over 1900–2100, births before them (a
    spouse's for half of those with a sex)."""
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        moment = dt.datetime(1901, 1, 2) + dt.timedelta(minutes=rng.randrange(199 * 365 * 1440))
        born = rng.randint(1900, moment.year) if rng.random() < 0.9 else None
        sex = rng.choice(("m", "f", None)) if born is not None else None
        spouse = rng.randint(1900, moment.year) if sex and rng.random() < 0.5 else None
        out.append((moment.strftime("%Y-%m-%dT%H:%M"), rng.choice(ZONES), rng.choice((23, 0)), born, sex, spouse))
    return out


# 甲子日 寅時 戌將 in 卯月: 夫年午·妻年子 make 解離 (卷九 line 563), 夫年寅·妻年午 旺孕 (line 565)
COUPLES = [("2020-03-22T04:00", "Asia/Seoul", 23, 1968, "m", 1964), ("2020-03-22T04:00", "Asia/Seoul", 23, 1958, "f", 1960)]


def _python(cases) -> list[dict]:
    site_ds, shehai, guiren = _settings(REPO)
    out = []
    for at, tz, ds, born, sex, spouse in cases:
        zone = ZoneInfo(tz)
        c = cast_moment(dt.datetime.fromisoformat(at), zone, tz, day_starts=ds)
        out.append(facts(c, zone, shehai, site_ds, guiren, born, sex, spouse))
    return out


def test_the_cast_page_equals_the_python_on_hundreds_of_moments_and_birth_years(browser, built):
    cases = _cases(400, 28) + COUPLES
    assert sum(1 for c in cases if c[4]) >= 200 and len({c[3] for c in cases}) >= 100
    want = _python(cases)
    page = browser.new_page()
    page.goto((built / "cast" / "index.html").as_uri() + "?at=2026-12-01T09:30&tz=Asia/Seoul")
    got = page.evaluate("""(cases) => cases.map(([at, tz, ds, born, sex, spouse]) => {
        const f = window.SitegenCast.facts(at, tz, ds, born === null ? "" : String(born), sex || "", "",
                                           spouse === null ? "" : String(spouse)), out = {};
        for (const k in f) if (k[0] !== "_") out[k] = f[k];
        return out;
    })""", [list(c) for c in cases])
    page.close()
    want = [{k: v for k, v in w.items() if k not in NOT_ON_THE_PAGE} for w in want]
    bad = [(c, w, g) for c, w, g in zip(cases, want, got) if w != g]
    assert not bad, f"{len(bad)} of {len(cases)} differ; first: {bad[:1]}"
    held = [h for f in want for _, h in f["conditional"]]
    assert True in held and False in held and None in held
    assert any(f["xingnian"] for f in want) and any(f["ming"] and not f["xingnian"] for f in want)
    # the couple's 行年 (夫年·妻年) decide 解離, 繁昌 and 旺孕 where a spouse is given, not without; with
    # both 本命, 德孕 too
    couple = [h for f in want if f["spouse_xingnian"] for n, h in f["settled"] if n in ("解離", "繁昌", "旺孕", "德孕")]
    assert sum(1 for c in cases if c[5]) >= 100 and True in couple and False in couple and None not in couple


def test_the_cast_page_form_takes_the_birth_year_and_sex(browser, built):
    page = browser.new_page()
    page.goto((built / "cast" / "index.html").as_uri() + "?at=2026-12-01T09:30&tz=Asia/Seoul")
    page.fill("input[name=born]", "1984")
    page.select_option("select[name=sex]", "f")
    page.fill("input[name=spouse]", "1982")
    page.click("#cast-form button[type=submit]")
    expect(page).to_have_url(re.compile(re.escape("born=1984&sex=f&spouse=1982")))
    assert page.text_content("#cast-result [data-fact='xingnian']") == "庚寅"
    assert page.text_content("#cast-result [data-fact='ming_upper']") == "子 위 酉 玄武"
    rules = page.eval_on_selector_all("[data-fact-shensha] li", "els => els.map(e => e.getAttribute('data-rule'))")
    f = _python([("2026-12-01T09:30", "Asia/Seoul", 23, 1984, "f", 1982)])[0]
    assert rules == [m["rule"] for m in f["shensha"]]
    assert page.text_content("#cast-result [data-fact='spouse_xingnian']") == f["spouse_xingnian"]
    href = page.get_attribute("[data-fact-link]", "href")
    assert href.endswith("&born=1984&sex=f&spouse=1982")
    page.fill("input[name=born]", "")
    page.select_option("select[name=sex]", "")
    page.click("#cast-form button[type=submit]")
    assert "성별" in page.text_content("#cast-status") and page.is_hidden("#cast-result")   # a spouse without a sex
    page.fill("input[name=spouse]", "")
    page.fill("input[name=born]", "2030")
    page.click("#cast-form button[type=submit]")
    assert "2030" in page.text_content("#cast-status") and page.is_hidden("#cast-result")
    page.close()


def test_a_lesson_page_marks_the_askers_nianming_shensha_and_strength_as_the_python_does(browser, built):
    cases = [c for c in _cases(60, 7) if c[4]][:12]
    cases += COUPLES
    assert sum(1 for c in cases if c[5]) >= 4
    want = _python(cases)
    page = browser.new_page()
    for (at, tz, ds, born, sex, spouse), f in zip(cases, want):
        url = (built / f["url"] / "index.html").as_uri() + "?" + f["link"].split("?", 1)[1]
        assert f"born={born}&sex={sex}" + (f"&spouse={spouse}" if spouse else "") in url
        page.goto(url)
        page.wait_for_selector("#moment:not([hidden])")
        assert page.locator(".palace.is-birth .earth").text_content() == f["ming"]
        assert page.locator(".palace.is-xing .earth").text_content() == f["xingnian"][1]
        assert page.text_content("#moment [data-fact='spouse_xingnian']") == (f["spouse_xingnian"] or "—")
        for who in ("ming", "xing"):
            u = f["nianming_upper"][who]
            assert page.text_content(f"#moment [data-fact='{who}_upper']") == f"{u['branch']} 위 {u['upper']} {u['general']}"
        wang = page.eval_on_selector_all("[data-wang]", "els => els.map(e => [e.getAttribute('data-wang'), e.textContent])")
        assert dict(wang) == {**{f"lessons:{i}": s for i, s in enumerate(f["strength"]["lessons"])},
                              **{f"transmissions:{i}": s for i, s in enumerate(f["strength"]["transmissions"])}}
        rows = page.eval_on_selector_all(
            "tr[data-shensha]:not([hidden])",
            "els => els.map(e => [e.getAttribute('data-shensha'), e.querySelector('[data-sha-branch]').textContent,"
            " e.querySelector('[data-sha-seat]').textContent])")
        moment = [m for m in f["shensha"] if m["rule"] not in _day_rules(built, f["url"])]
        assert rows == [[m["rule"], m["branch"], m["seat"]] for m in moment]
        held = page.eval_on_selector_all("[data-when]", "els => els.map(e => e.getAttribute('data-held'))")
        les = lesson(GanZhi.from_zh(f["day"]), f["plate"])
        assert held == [json.dumps(lesson_page_held(p.as_data()["when"], f)) for p in les.conditional_patterns], \
            (f["link"], f["settled"])
        # the 法 too, 第3法 簾幕貴人 (on every lesson) and 第4法 催官使者 over the 本命 or 行年 among them
        bifa = page.eval_on_selector_all("[data-bifa-when]", "els => els.map(e => [+e.getAttribute('data-bifa'), "
                                         "e.getAttribute('data-held')])")
        cond = {b.number for b in les.bifa if b.condition is not None}
        assert bifa == [[n, json.dumps(h)] for n, h in f["bifa"] if n in cond], (f["link"], f["bifa"])
        assert 3 in dict(bifa)
    page.close()


def _day_rules(built, url) -> set[str]:
    return {m["rule"] for m in json.loads((built / url / "index.json").read_text(encoding="utf-8"))["shensha"]}


def test_the_leishen_of_a_question_is_marked_and_kept_in_the_url(browser, built):
    lesson = built / "liuren/ji-you/04"
    data = json.loads((lesson / "index.json").read_text(encoding="utf-8"))["leishen"]
    page = browser.new_page()
    page.goto((lesson / "index.html").as_uri() + "?shift=day&lei=cai")
    marked = page.eval_on_selector_all(".palace.lei-day .heaven", "els => els.map(e => e.textContent.trim())")
    assert sorted(marked) == sorted(data["liuren-lei-cai"]["day"]) and marked
    assert page.locator(".palace.lei-day").first.is_visible()
    page.select_option("select[data-leishen]", "nu-bi")
    expect(page).to_have_url(re.compile(r"[?&]lei=nu-bi(&|$)"))
    assert "lei=cai" not in page.url and "shift=day" in page.url
    marked = page.eval_on_selector_all(".palace.lei-night .heaven", "els => els.map(e => e.textContent.trim())")
    assert sorted(marked) == sorted(data["liuren-lei-nu-bi"]["night"])
    assert "天空" not in page.text_content("[data-leishen-note]") and "奴婢" in page.text_content("[data-leishen-note]")
    page.select_option("select[data-leishen]", "")
    assert page.locator(".palace.lei-day, .palace.lei-night").count() == 0 and "lei=" not in page.url
    page.close()
