"""The built site as a reader sees it, in a real Chromium: from disk (file://) and served.

Needs Debian's chromium (/usr/bin/chromium, or SITEGEN_CHROMIUM) and the playwright package,
which drives that browser without downloading one of its own. Deselect with -m "not browser".
Screenshots are saved under test-artifacts/screenshots/.
"""

from __future__ import annotations

import datetime as dt
import functools
import http.server
import importlib.util
import json
import os
import re
import shutil
import threading
from pathlib import Path
from urllib.parse import quote

import pytest

from conftest import REPO

pytestmark = pytest.mark.browser

CHROMIUM = os.environ.get("SITEGEN_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = REPO / "test-artifacts" / "screenshots"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-dev-shm-usage"]

# The main page kinds, and what each page is for (must be visible).
PAGES = {
    "home": ("index.html", ".cards .card"),
    "text": ("texts/kejing-bingyin/index.html", ".pair .zh"),
    "lesson": ("liuren/bing-yin/08/index.html", ".plate .palace"),
    "hexagram": ("yi/44/index.html", "svg.gua.large"),
    "change": ("yi/01/44/index.html", ".pair-figures svg.gua"),
    "rule": ("rules/liuren-zi-ren/index.html", "blockquote.pquote"),
    "validation": ("about/validation/index.html", "table.summary"),
    "search": ("search/index.html", "#search-q"),
}


def _unavailable() -> str | None:
    if importlib.util.find_spec("playwright") is None:
        return "the playwright package is not installed (pip install -e '.[test]')"
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return None


def expect(target):
    """Playwright's ``expect``: waits (up to 5 s) for what a script or a navigation brings about,
    where a bare ``is_visible()`` or ``page.url`` would look once, perhaps before it happens."""
    from playwright.sync_api import expect as expect_

    return expect_(target)


@pytest.fixture(scope="module")
def browser():
    why = _unavailable()
    if why:
        if os.environ.get("CI"):
            pytest.fail(f"browser tests must run in CI: {why}")
        pytest.skip(why)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def served(built):
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(built))
    handler.log_message = lambda *a: None
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    httpd.shutdown()


@pytest.fixture(params=["disk", "served"])
def base(request, built, served):
    return built.as_uri() + "/" if request.param == "disk" else served


class Watched:
    """A page with every console error, page error, failed request and error response recorded.

    A request the browser cancels because the page moved on (a new document was asked for after
    the request was made: the favicon of a page left at once, say) is not an error: it is
    aborted (``net::ERR_ABORTED``) with a navigation of the main frame begun since, or made by
    the old document while a navigation was already on its way (begun, not yet committed: the
    browser fetches a page's icon after the page has loaded, so it may ask for it just as the
    test moves on). Any other failure is, and so is every response with an error status (a
    missing file is a 404 even when the page has moved on)."""

    def __init__(self, page):
        self.page = page
        self._errors: list[str] = []
        self.cancelled: list[str] = []        # requests cancelled because the page moved on
        self._aborted: list[str] = []         # aborted, and no navigation seen since (yet)
        self.navigations = 0                  # navigations of the main frame begun so far
        self._committed = 0                   # … and committed (a new document in the frame)
        self._issued: dict = {}               # request → navigations of its document begun
        page.on("console", lambda m: m.type == "error" and self._errors.append(f"console: {m.text}"))
        page.on("framenavigated", self._navigated)
        page.on("pageerror", lambda e: self._errors.append(f"page error: {e}"))
        page.on("request", self._request)
        page.on("requestfailed", self._failed)
        page.on("response", lambda r: r.status >= 400 and self._errors.append(f"{r.status}: {r.url}"))

    @property
    def errors(self) -> list[str]:
        """Every error so far: an abort that no navigation has followed by now is one too. (The
        browser may report the abort before the navigation that caused it, so an abort is judged
        when the errors are looked at, not when it is reported.)"""
        self._errors += (f"failed: {u} net::ERR_ABORTED" for u in self._aborted)
        self._aborted.clear()
        return self._errors

    def _request(self, request) -> None:
        if request.is_navigation_request() and request.frame == self.page.main_frame:
            self._issued[request] = self.navigations
            self.navigations += 1
            self.cancelled += self._aborted
            self._aborted.clear()
        else:   # made by the document the last committed navigation brought, which a pending one replaces
            self._issued[request] = self._committed

    def _navigated(self, frame) -> None:
        if frame == self.page.main_frame:
            self._committed = self.navigations

    def _failed(self, request) -> None:
        if request.failure == "net::ERR_ABORTED":
            moved_on = self.navigations > self._issued.get(request, self.navigations)
            (self.cancelled if moved_on else self._aborted).append(request.url)
            return
        self._errors.append(f"failed: {request.url} {request.failure}")


@pytest.fixture
def tab(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    watched = Watched(page)
    yield watched
    context.close()


def test_the_harness_counts_real_errors_not_requests_cancelled_by_moving_on(tab, served):
    """A request still pending when the page moves on is cancelled (not an error), and so is one
    the old page makes while the next is on its way; a missing file and a request that fails on
    its own are errors."""
    page = tab.page
    page.route("**/favicon.svg", lambda route: None)          # the icon never arrives …
    with page.expect_request("**/favicon.svg"):
        page.goto(served + "texts/huangjince/index.html")
    page.goto(served + "texts/meihua-tiyong/index.html")       # … and is cancelled when we move on
    assert tab.errors == [] and any(u.endswith("favicon.svg") for u in tab.cancelled)
    page.unroute("**/favicon.svg")
    status = page.goto(served + "texts/no-such-text/index.html").status
    assert status == 404 and any(e.startswith("404: ") for e in tab.errors)
    tab.errors.clear()
    page.route("**/assets/site.css", lambda route: route.abort())
    page.goto(served + "index.html")
    assert any(e.startswith("failed: ") and "site.css" in e for e in tab.errors)
    # a request the old page makes once the next page is on its way (asked for, not yet arrived)
    # is cancelled too: the next page is held until the old one has asked for an image
    page.unroute("**/assets/site.css")
    tab.errors.clear()
    held = []
    page.route("**/texts/huangjince/index.html", lambda route: held.append(route))
    page.route("**/late.svg", lambda route: None)                 # never answered
    with page.expect_request("**/texts/huangjince/index.html"):
        page.evaluate("""() => { location.href = 'texts/huangjince/index.html';
            const t = setInterval(() => { if (document.cookie.includes('go=1')) {
              clearInterval(t); new Image().src = 'assets/late.svg'; } }, 20); }""")
    with page.expect_request("**/late.svg"):
        page.context.add_cookies([{"name": "go", "value": "1", "url": served}])
    assert held
    with page.expect_event("requestfailed", lambda r: r.url.endswith("late.svg")):
        held[0].continue_()
    page.wait_for_url("**/texts/huangjince/index.html")
    assert tab.errors == [] and any(u.endswith("late.svg") for u in tab.cancelled)


@pytest.mark.parametrize("kind", list(PAGES))
def test_main_pages_load_cleanly_and_show_what_they_are_for(tab, base, kind):
    path, selector = PAGES[kind]
    tab.page.goto(base + path)
    assert tab.page.locator(selector).first.is_visible()
    assert tab.page.title()
    assert tab.errors == []


def test_lesson_page_draws_the_square_and_switches_day_and_night(tab, base):
    page = tab.page
    page.goto(base + "liuren/bing-yin/08/index.html")
    assert page.locator(".plate .palace").count() == 12
    day = page.locator(".plate .gen-day").first
    night = page.locator(".plate .gen-night").first
    assert day.is_visible() and not night.is_visible()
    page.get_by_role("button", name="夜 밤 (占時 酉–寅)").click()
    expect(night).to_be_visible()
    expect(day).to_be_hidden()
    assert tab.errors == []


def test_reader_walks_from_a_lesson_to_the_rule_to_the_paragraph_and_back(tab, base):
    page = tab.page
    page.goto(base + "liuren/bing-yin/01/index.html")
    page.locator("p.lede a.rule-name").first.click()            # the method's rule page
    page.wait_for_url("**/rules/**")
    quote = page.locator("blockquote.pquote .src a").first
    quote.click()                                                # on to the cited paragraph
    page.wait_for_url(re.compile(r"/texts/.*#p"))
    pid = page.url.rsplit("#", 1)[1]
    pair = page.locator(f"[id='{pid}']")
    expect(pair).to_be_visible()
    pair.locator(".backlinks a").first.click()                   # back to a rule citing it
    page.wait_for_url("**/rules/**")
    page.locator(".chart-links a, .chart-grid td a").first.click()   # and to a chart
    page.wait_for_url(re.compile(r"/(liuren|yi)/"))
    page.wait_for_load_state()
    assert tab.errors == []


def test_change_page_leads_to_the_hexagrams_conditional_rules_unfolded(tab, base):
    page = tab.page
    page.goto(base + "yi/01/02/index.html")
    page.get_by_role("link", name="괘 페이지에").click()
    page.wait_for_url("**/yi/01/index.html#dili-conditional")
    rules = page.locator("#dili-conditional details")
    expect(rules).to_have_attribute("open", re.compile(".*"))   # opened by the page's script
    expect(rules.locator("li").first).to_be_visible()
    assert tab.errors == []


def test_language_switch_is_remembered(tab, base):
    page = tab.page
    page.goto(base + "texts/huangjince/index.html")
    zh, ko = page.locator(".pair .zh").first, page.locator(".pair .ko").first
    assert zh.is_visible() and ko.is_visible()
    page.get_by_role("button", name="原文만").click()
    expect(zh).to_be_visible()
    expect(ko).to_be_hidden()
    page.goto(base + "texts/meihua-tiyong/index.html")
    expect(page.locator(".pair .ko").first).to_be_hidden()
    page.get_by_role("button", name="번역만").click()
    expect(page.locator(".pair .ko").first).to_be_visible()
    expect(page.locator(".pair .zh").first).to_be_hidden()
    page.get_by_role("button", name="원문·번역").click()
    expect(page.locator(".pair .zh").first).to_be_visible()
    assert tab.errors == []


@pytest.mark.parametrize("query,expect", [
    ("涉害", "liuren-she-hai"), ("섭해", "liuren-she-hai"), ("청룡", "liuren-general-qing-long"),
    ("乾", "yi/01/index.html"), ("青龙", "liuren-general-qing-long"), ("丙寅 第八局", "liuren/bing-yin/08/"),
    ("乾 姤", "yi/01/44/"), ("jia-zi", "liuren/jia-zi/"),
])
def test_search_from_disk_finds_what_the_reader_means(tab, built, query, expect):
    page = tab.page
    page.goto(built.as_uri() + "/search/index.html?q=" + quote(query))
    links = page.locator("#search-results a")
    assert links.count() > 0
    hrefs = [links.nth(i).get_attribute("href") for i in range(min(links.count(), 8))]
    assert any(expect in h for h in hrefs), hrefs
    first = links.first.get_attribute("href")
    links.first.click()
    page.wait_for_url(lambda url: url.split("#")[0].endswith(first.replace("../", "").split("#")[0]))
    page.wait_for_load_state()
    assert tab.errors == []


H1 = re.compile(r'<h1>(?:<span class="num">(\d+)</span> )?<span lang="zh-Hant">(.*?)</span>'
                r'(?: → <span lang="zh-Hant">(.*?)</span>)? <span class="sub">(.*?)</span></h1>')


def shown_forms(built: Path) -> list[tuple[str, str]]:
    """(query, the page it must find first): every form the site itself shows as a page's title,
    read from the built pages' headings, for all 60 days, 720 lessons, 64 hexagrams and 4,096
    changes, with the short forms a reader writes (乾→姤, 乾 姤, 丙寅 第八局, 갑자일)."""
    forms: list[tuple[str, str]] = []

    def heading(rel: str) -> tuple[str | None, str, str | None, str]:
        m = H1.search((built / rel).read_text(encoding="utf-8"))
        assert m, f"no heading on {rel}"
        return m.groups()

    hexes = json.loads((built / "data/yi/hexagrams.json").read_text(encoding="utf-8"))
    short = {f"{h['number']:02d}": h["short"] for h in hexes}
    for page in sorted(built.glob("liuren/*/index.html")):
        if page.parent.name == "liuren":
            continue
        rel = page.relative_to(built).as_posix()
        _, zh, _, ko = heading(rel)                       # 丙寅日 · 병인일 12국
        forms += [(zh, rel), (ko.split()[0], rel), (zh.rstrip("日"), rel)]
    for page in sorted(built.glob("liuren/*/[01][0-9]/index.html")):
        rel = page.relative_to(built).as_posix()
        _, zh, _, ko = heading(rel)                       # 丙寅日 第八局 (干上子) · 병인일 제8국 (간상자)
        day, plate = zh.split()[:2]
        forms += [(zh, rel), (ko, rel), (zh.split(" (")[0], rel), (ko.split(" (")[0], rel),
                  (f"{day.rstrip('日')} {plate}", rel), (f"{ko.split()[0].rstrip('일')} {ko.split()[1].lstrip('제')}", rel)]
    for page in sorted(built.glob("yi/[0-9][0-9]/index.html")):
        rel = page.relative_to(built).as_posix()
        num, zh, _, ko = heading(rel)                     # 01 乾為天 · 건위천
        forms += [(zh, rel), (ko, rel), (f"{num} {zh}", rel)]
    for page in sorted(built.glob("yi/[0-9][0-9]/[0-9][0-9]/index.html")):
        rel = page.relative_to(built).as_posix()
        _, a, b, ko = heading(rel)                        # 乾為天 → 天風姤 · 건위천 → 천풍구
        sa, sb = (short[x] for x in rel.split("/")[1:3])
        forms += [(f"{a} → {b}", rel), (f"{a}→{b}", rel), (ko, rel), (f"{sa}→{sb}", rel), (f"{sa} {sb}", rel)]
    return forms


def test_search_finds_every_form_the_site_shows_first(tab, built):
    """Every day, lesson, hexagram and change, in each form its page shows, is the first result
    of the search page's own query code (run in the page, over all forms at once)."""
    forms = shown_forms(built)
    assert len(forms) > 4096 * 5 + 720 * 6
    page = tab.page
    page.goto(built.as_uri() + "/search/index.html")
    wrong = page.evaluate("""(forms) => {
      const wrong = [];
      for (const [q, href] of forms) {
        const r = window.SITEGEN_SEARCH_RUN(q);
        if (!r.length || r[0].href !== href) wrong.push([q, href, r.length ? r[0].href : null]);
      }
      return wrong;
    }""", forms)
    assert not wrong, f"{len(wrong)} of {len(forms)} forms do not find their page first: {wrong[:10]}"
    assert tab.errors == []


@pytest.mark.parametrize("query", ["涉害", "青龍", "섭해", "청룡", "三傳", "六親"])
def test_search_highlights_the_query_in_snippets(tab, built, query):
    page = tab.page
    page.goto(built.as_uri() + "/search/index.html?q=" + quote(query))
    marks = page.locator("#search-results mark")
    assert marks.count() > 0
    texts = [marks.nth(i).inner_text() for i in range(min(marks.count(), 60))]
    folded = page.evaluate("([q, ts]) => [window.SITEGEN_SEARCH_FOLD(q), ts.map(window.SITEGEN_SEARCH_FOLD)]",
                           [query, texts])
    q, marked = folded
    wrong = [t for t, f in zip(texts, marked) if f not in q]
    assert not wrong, f"highlighted {wrong[:5]} for {query}"


def test_search_box_in_the_header_leads_to_results(tab, base):
    page = tab.page
    page.goto(base + "index.html")
    page.fill("#site-q", "涉害")
    page.press("#site-q", "Enter")
    page.wait_for_selector("#search-results li")
    assert page.locator("#search-results li").count() > 0


def test_permalink_copies_the_canonical_url(tab, built, base_url):
    page = tab.page
    page.clock.install()        # the toast hides after 1.8 s of the page's clock: held still here,
    page.goto(built.as_uri() + "/texts/liuren-gejue/index.html")   # so a slow look still sees it
    page.clock.pause_at(dt.datetime.now() + dt.timedelta(seconds=5))
    page.locator("[id='p05'] a.pid").click()
    toast = page.locator(".toast")
    toast.wait_for(state="visible")
    assert f"{base_url}texts/liuren-gejue/#p05" in toast.inner_text()


def test_print_view_of_a_lesson_is_clean_and_carries_its_url(tab, base, base_url):
    page = tab.page
    page.goto(base + "liuren/bing-yin/08/index.html")
    page.emulate_media(media="print")
    assert not page.locator(".site-header").is_visible()
    assert not page.locator(".shift-switch").is_visible()
    assert page.locator(".plate").is_visible()
    assert f"{base_url}liuren/bing-yin/08/" in page.locator(".print-url").inner_text()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.evaluate("window.innerWidth")
    pdf = page.pdf(format="A4")
    assert pdf[:4] == b"%PDF"


@pytest.mark.parametrize("width", [390, 1280])
def test_no_horizontal_overflow_and_screenshots(browser, built, width):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    try:
        for kind, (path, _) in PAGES.items():
            page.goto(built.as_uri() + "/" + path)
            page.screenshot(path=str(ARTIFACTS / f"{kind}-{width}.png"), full_page=False)
            over = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert over <= 1, f"{kind} overflows by {over}px at {width}px"
    finally:
        context.close()


CONTRAST = """() => {
  function rgb(s) { const m = s.match(/[\\d.]+/g).map(Number); return m.length > 3 ? m : m.concat([1]); }
  function lum(c) { const f = v => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
                    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); }
  function bg(el) { while (el) { const c = rgb(getComputedStyle(el).backgroundColor); if (c[3] > 0.5) return c; el = el.parentElement; }
                    return [255, 255, 255, 1]; }
  const out = [];
  for (const sel of arguments_) {
    const el = document.querySelector(sel);
    if (!el) continue;
    const fg = rgb(getComputedStyle(el).color), b = bg(el);
    const [l1, l2] = [lum(fg), lum(b)].sort((a, b) => b - a);
    out.push([sel, (l1 + 0.05) / (l2 + 0.05)]);
  }
  return out;
}"""

SAMPLES = ["main p", "main a", ".meta", ".sub", ".site-nav a", ".brand-ko", ".pair .zh", ".pair .ko",
           ".pid", ".site-footer p", ".rule .ko-name", "button", ".note", ".crumbs a", ".legend",
           ".count", "a.general", ".palace .earth", ".palace .marks"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_contrast_passes_wcag_aa(browser, built, scheme):
    context = browser.new_context(color_scheme=scheme)
    page = context.new_page()
    try:
        low = []
        for path in ("index.html", "texts/liuren-zhanfa/index.html", "liuren/bing-yin/08/index.html",
                     "rules/liuren-zi-ren/index.html"):
            page.goto(built.as_uri() + "/" + path)
            script = CONTRAST.replace("arguments_", repr(SAMPLES))
            for sel, ratio in page.evaluate(script):
                if ratio < 4.5:
                    low.append(f"{path} {sel}: {ratio:.2f}")
        assert not low, low
    finally:
        context.close()


def test_accessibility_basics_on_every_page_kind(tab, built):
    page = tab.page
    for kind, (path, _) in PAGES.items():
        page.goto(built.as_uri() + "/" + path)
        assert page.title().strip(), kind
        assert page.evaluate("document.documentElement.lang") == "ko"
        for landmark in ("header", "main", "footer", "nav"):
            assert page.locator(landmark).count() >= 1, (kind, landmark)
        for svg in page.locator("svg").all():
            assert svg.get_attribute("role") == "img" and svg.get_attribute("aria-label"), kind
        unlabeled = page.evaluate("""() => [...document.querySelectorAll('input, button')]
            .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label') && !e.textContent.trim())
            .map(e => e.outerHTML)""")
        assert not unlabeled, (kind, unlabeled)


def test_keyboard_focus_is_visible(tab, built):
    page = tab.page
    page.goto(built.as_uri() + "/liuren/bing-yin/08/index.html")
    for _ in range(4):
        page.keyboard.press("Tab")
        style = page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
                                        return [s.outlineStyle, parseFloat(s.outlineWidth)]; }""")
        assert style[0] != "none" and style[1] >= 2, style
    page.keyboard.press("]")                      # keyboard shortcut: next plate
    page.wait_for_url("**/09/index.html")
