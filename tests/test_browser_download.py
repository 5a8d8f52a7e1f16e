"""In the browser: a paragraph's mark opens its citation, dated the day it was consulted in
every format; the download (sitegen build --archive), unzipped and opened from disk, searches
and casts, and the published about page names it with its size and SHA-256."""

from __future__ import annotations

import hashlib
import re
import zipfile

import pytest

from conftest import REPO
from sites import copy_output
from test_browser import browser, expect  # noqa: F401  (fixtures)

pytestmark = pytest.mark.browser


def test_a_paragraph_mark_opens_its_citation_dated_the_day_it_was_consulted(browser, built, base_url):  # noqa: F811
    import datetime as dt
    import json

    import rispy

    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto((built / "texts/liuren-gejue/index.html").as_uri())
    box = page.locator("[id='p05'] details.pcite")
    assert box.get_attribute("open") is None
    page.locator("[id='p05'] a.pid").click()
    expect(box).to_have_attribute("open", "")
    today = dt.date.today()
    (r,) = rispy.loads(box.locator(".cite-ris").text_content())
    assert r["urls"] == [f"{base_url}texts/liuren-gejue/#p05"] and r["access_date"] == today.strftime("%Y/%m/%d")
    (item,) = json.loads(box.locator(".cite-csl").text_content())
    assert item["accessed"] == {"date-parts": [[today.year, today.month, today.day]]}
    assert box.locator(".cite-plain").text_content().endswith(f"(접속 {today.isoformat()})")
    assert f"urldate = {{{today.isoformat()}}}" in box.locator(".cite-bibtex").text_content()
    assert errors == []
    page.close()


def test_the_unzipped_download_searches_and_casts_from_disk(browser, built, tmp_path):  # noqa: F811
    from sitegen.archive import NAME
    from sitegen.build import build

    out = copy_output(built, tmp_path / "site")               # a build's output, replaced whole
    (said,) = build(REPO, out, archive=True).said
    data = (out / NAME).read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    assert digest in said
    about = (out / "about/index.html").read_text(encoding="utf-8")
    assert f'<a href="../{NAME}" download>{NAME}</a> ({len(data):,} 바이트, SHA-256 <code>{digest}</code>)' in about
    assert digest not in (built / "about/index.html").read_text(encoding="utf-8")   # the copy is untouched

    unzipped = tmp_path / "unzipped"
    with zipfile.ZipFile(out / NAME) as z:
        names = set(z.namelist())
        z.extractall(unzipped)
    published = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    assert names == published - {NAME}           # the site, nothing of the build's, not itself

    page = browser.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto((unzipped / "index.html").as_uri())
    page.fill("#site-q", "涉害")
    page.press("#site-q", "Enter")
    page.wait_for_selector("#search-results li")
    assert page.locator("#search-results li").count() > 0
    page.goto((unzipped / "cast/index.html").as_uri() + "?at=2026-12-01T09:30&tz=Asia/Seoul")
    page.wait_for_selector("#cast-result:not([hidden])")
    assert page.text_content("[data-fact='plate']") == "4"
    page.click("[data-fact-link]")
    expect(page).to_have_url(re.compile("^" + re.escape((unzipped / "liuren/ji-you/04/index.html").as_uri())))
    assert errors == []
    page.close()
