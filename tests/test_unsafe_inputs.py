"""Inputs that slipped through until issue 33 (points 5, 6, 8 and 9): each is now refused where it
is written, with file, line and hint, or read with a word about how it was read."""

from __future__ import annotations

import pytest

from conftest import REPO
from sitegen import cli
from sitegen.content import read_content
from sitegen.problems import Problems
from sites import copy_site, edit

TEXT = "content/texts/kejing-bingyin.md"
TERMS = "content/terms/liuren.yaml"
RULES = "content/rules/liuren-methods.yaml"
REDIRECTS = "content/redirects.yaml"


@pytest.fixture
def site(tmp_path):
    return copy_site(tmp_path)


def loaded(root) -> list:
    """The problems of reading the content alone (no engines)."""
    problems = Problems()
    read_content(root, problems)
    return sorted(problems.items)


def one(problems: list, file: str, line: int | None, *words: str):
    found = [p for p in problems if p.file == file and p.line == line
             and all(w in p.message for w in words)]
    assert found, "\n".join(p.format() for p in problems) or "no problem at all"
    assert all(p.hint for p in found), found
    return found[0]


def line_of(path, needle: str) -> int:
    return next(i for i, l in enumerate(path.read_text(encoding="utf-8").split("\n"), 1) if needle in l)


# -- 6. the base URL is a site's address, nothing else -------------------------------------------

HOSTILE_BASE_URLS = {
    "https://example.net/kb/#/": "a #fragment",
    "https://example.net/kb/?p=/": "a ?query",
    "https://user:secret@example.net/kb/": "user:secret@",
    "https://example.net/k\"b/": "quotes",
    "https://example.net/k'b/": "quotes",
    "https://example.net/k\\b/": "a backslash",
    "https://example.net/k b/": "spaces or control characters",
    "https://example.net/k\tb/": "spaces or control characters",
}


@pytest.mark.parametrize("url, fault", HOSTILE_BASE_URLS.items())
def test_a_base_url_that_is_no_site_address_is_refused_in_site_yaml(site, url, fault):
    config = site / "content/site.yaml"
    line = next(l for l in config.read_text(encoding="utf-8").splitlines() if l.startswith("base_url:"))
    edit(config, line, "base_url: " + ('"' + url.replace("\\", "\\\\").replace('"', '\\"')
                                       .replace("\t", "\\t") + '"'))
    p = one(loaded(site), "content/site.yaml", line_of(config, "base_url:"),
            "base_url must be an http(s) URL ending in '/' without", fault)
    assert p.message.count("\n") == 0


@pytest.mark.parametrize("url, fault", HOSTILE_BASE_URLS.items())
def test_a_base_url_that_is_no_site_address_is_a_usage_error(capsys, url, fault):
    assert cli.main(["--root", str(REPO), "check", "--base-url", url]) == 2
    err = capsys.readouterr().err
    assert err.startswith("sitegen: --base-url: the base URL must be an http(s) URL ending in '/' without")
    assert fault in err and err.count("\n") == 1


@pytest.mark.parametrize("url", ["https://example.net/", "https://example.net/kb/",
                                 "http://localhost:8000/a/b/", "https://example.net/%EC%B1%85/"])
def test_a_plain_site_address_is_a_base_url(url):
    from sitegen.content.config import base_url_problem
    assert base_url_problem(url) is None
