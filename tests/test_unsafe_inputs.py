"""Inputs that slipped through until issue 33 (points 5, 6, 8 and 9): each is now refused where it
is written, with file, line and hint, or read with a word about how it was read."""

from __future__ import annotations

import re

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


# -- 5. names the file system cannot take are content problems -----------------------------------

@pytest.mark.parametrize("file, old", [(TERMS, "- id: fa-yong"), (RULES, "- id: liuren-bi-yong")])
def test_an_id_too_long_for_a_folder_name_is_refused_where_it_is_written(site, file, old):
    long_id = "a" * 300
    edit(site / file, old, "- id: " + long_id)
    one(loaded(site), file, line_of(site / file, long_id), "id must be a name of at most 255 bytes")


@pytest.mark.parametrize("source, words", [
    ("b" * 299 + "/", ("an address whose every name has at most 255 bytes",)),
    ("a/" * 2100, ("an address of at most 1,024 bytes",)),
])
def test_a_redirect_too_long_for_a_path_is_refused_where_it_is_written(site, source, words):
    (site / REDIRECTS).write_text(f"- from: texts/\n  to: texts/huangjince/\n- from: {source}\n  to: texts/\n",
                                  encoding="utf-8")
    p = one(loaded(site), REDIRECTS, 3, "from must be", *words)
    assert len(p.format()) < 400


def test_the_longest_names_a_file_system_takes_are_fine(tmp_path):
    """The limits are real: a name of 255 bytes and an address of 1,024 under a folder of 3,000
    bytes (made in steps: a path passed to the system is itself at most 4,096) can be written."""
    from sitegen.content.source import ADDRESS_MAX, NAME_MAX, address_problem
    name = "c" * NAME_MAX
    deep = (name + "/") * ((ADDRESS_MAX - 1) // (NAME_MAX + 1))
    deep += "d" * (ADDRESS_MAX - len(deep) - 1) + "/"
    assert len(deep) == ADDRESS_MAX and address_problem(deep) is None
    assert address_problem(deep + "e/") and address_problem("f" * (NAME_MAX + 1) + "/")
    import os
    base = tmp_path
    while len(str(base)) < 4096 - ADDRESS_MAX - len("index.html") - 20:
        base = base / ("o" * min(200, 4096 - ADDRESS_MAX - 30 - len(str(base))))
    base.mkdir(parents=True)
    (base / deep).mkdir(parents=True)
    (base / deep / "index.html").write_text("ok", encoding="utf-8")
    assert len(str(base / deep / "index.html")) < 4096
    assert os.path.getsize(base / deep / "index.html") == 2

# -- 8. characters a reader cannot see, or cannot tell from another --------------------------------

@pytest.mark.parametrize("file, old, new, named", [
    (TEXT, "斷曰：此自任之卦", "斷\u200b曰：此自任之卦", "invisible character U+200B ZERO WIDTH SPACE"),
    (TERMS, "  zh: 發用", "  zh: 發\u200d用", "invisible character U+200D ZERO WIDTH JOINER"),
    (TERMS, "  zh: 發用", "  zh: 發用\u2060", "invisible character U+2060 WORD JOINER"),
    (TEXT, "斷曰：此自任之卦", "斷曰\ufeff：此自任之卦", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
    (TEXT, "\n\n{#p02}", "\u202e\n\n{#p02}", "direction control U+202E RIGHT-TO-LEFT OVERRIDE"),
    (TERMS, "  ko: 발용", "  ko: 발\u2067용", "direction control U+2067 RIGHT-TO-LEFT ISOLATE"),
    ("content/rules/yi-hexagrams.yaml", "빠진 六親(伏神)", "빠진 \uf9d1親(伏神)",
     "compatibility ideograph U+F9D1 CJK COMPATIBILITY IDEOGRAPH-F9D1 is in the file, a look-alike of 六"),
    (TERMS, "  zh: 發用", "  zh: 發\U0002f8b2", "compatibility ideograph U+2F8B2"),
])
def test_an_invisible_or_look_alike_character_is_refused_and_named(site, file, old, new, named):
    edit(site / file, old, new)
    p = one(loaded(site), file, line_of(site / file, new.strip("\n").split("\n")[0]), named)
    if "compatibility" in named:
        assert p.hint.startswith("write ") and "the character it stands for" in p.hint


def test_a_compatibility_ideograph_with_no_twin_is_a_character_of_its_own(site):
    edit(site / TERMS, "  zh: 發用", "  zh: 發\ufa11用")                # 﨑: no unified twin
    assert loaded(site) == []

# -- 9. a Markdown link that can work on no page is named where it is written ---------------------

@pytest.mark.parametrize("file, old, new, line_with", [
    ("content/texts/liuren-gejue.md", "> 번역자 주: 저본은 「發用」", "> 번역자 주: [passwd](/etc/passwd) 저본은 「發用」",
     "[passwd]"),
    (TERMS, "  gloss: >-\n    ", "  gloss: >-\n    [passwd](/etc/passwd) ", "gloss:"),
    (RULES, "  definition: >-\n    ", "  definition: >-\n    ![x](//evil.example/x.png) ", "definition:"),
])
def test_a_markdown_link_out_of_the_site_is_refused_in_its_content_file(site, file, old, new, line_with):
    edit(site / file, old, new)
    found = loaded(site)
    p = one(found, file, line_of(site / file, line_with), "the link")
    assert "/etc/passwd" in p.message or "//evil.example/x.png" in p.message
    assert not [q for q in found if q.file.startswith("build")]

# -- 9. serve: the port, and a NUL in a request --------------------------------------------------

@pytest.mark.parametrize("port", ["99999", "-1", "65536", "eighty"])
def test_a_port_that_is_none_is_a_usage_error(capsys, port):
    assert cli.main(["--root", str(REPO), "serve", "--port", port]) == 2
    err = capsys.readouterr().err
    assert err == f"sitegen: --port: a port is a whole number from 1 to 65535 (0: any free one), not {port!r}\n"


def test_port_0_says_the_port_the_system_chose(tmp_path, capsys, monkeypatch):
    import http.server

    from sitegen.serve import serve

    def stop(self, *a, **k):
        raise KeyboardInterrupt
    monkeypatch.setattr(http.server.ThreadingHTTPServer, "serve_forever", stop)
    assert serve(tmp_path, 0) == 0
    out = capsys.readouterr().out
    port = int(re.search(r"http://127\.0\.0\.1:(\d+)/", out).group(1))
    assert port > 0


@pytest.mark.parametrize("path", [b"/a%00b", b"/a\x00b/index.html", b"/%00"])
def test_a_nul_in_a_request_path_is_a_bad_request_without_a_traceback(tmp_path, capsys, path):
    import socket
    import threading

    from sitegen.serve import server

    (tmp_path / "index.html").write_text("<p>home</p>", encoding="utf-8")
    httpd = server(tmp_path, 0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        with socket.create_connection(httpd.server_address, timeout=10) as s:
            s.sendall(b"GET " + path + b" HTTP/1.0\r\n\r\n")
            answer = b""
            while chunk := s.recv(65536):
                answer += chunk
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert answer.startswith(b"HTTP/1.0 400 "), answer[:200]
    err = capsys.readouterr().err
    assert "Traceback" not in err and "ValueError" not in err, err


# -- 9. a local time the clocks skip or show twice is read with a word ---------------------------

@pytest.mark.parametrize("when, kind, said", [
    ("2026-03-08T02:30", "skipped", "2026-03-08T02:30: America/New_York의 시계가 건너뛰는 시각이다"
     "(시차가 UTC-05:00에서 UTC-04:00로 바뀜): 바뀌기 전의 시차 UTC-05:00로 읽었다"),
    ("2026-11-01T01:30", "repeated", "2026-11-01T01:30: America/New_York의 시계가 두 번 가리키는 시각이다: "
     "앞의 것, UTC-04:00로 읽었다 (뒤의 것은 UTC-05:00)"),
])
@pytest.mark.parametrize("how", [[], ["--yi", "789768"]])
def test_a_skipped_or_repeated_local_time_says_which_reading_was_used(capsys, when, kind, said, how):
    import json

    args = ["--root", str(REPO), "cast", "--tz", "America/New_York", *how]
    assert cli.main([*args, when]) == 0
    assert said in capsys.readouterr().out
    assert cli.main([*args, "--json", when, "2026-07-01T12:00"]) == 0
    first, plain = (json.loads(line) for line in capsys.readouterr().out.splitlines())
    assert first["clock_change"] == {"kind": kind, "read_as": first["utc_offset"],
                                     "other": "-04:00" if kind == "skipped" else "-05:00"}
    assert "clock_change" not in plain
