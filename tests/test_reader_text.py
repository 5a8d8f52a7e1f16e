"""What a reader reads never shows the project's internal ids.

Seed numbers ("000 p08", "본문(000)"), seed file names, our notes' file names (LIUREN.md) and
bare references (``liuren-gejue#p08``, ``[[huangjince#p03]]``) are for the people who write the
site; a reader sees a text's title and the paragraph, linked. Checked over every page of the
built site: its text, and the attributes a reader is shown (title, aria-label, alt, the meta
description), and over the search index, whose snippets a reader sees.
"""

from __future__ import annotations

import re
from pathlib import Path


from conftest import html_pages


# What must never reach a reader, each with what it is.
INTERNAL = [
    (re.compile(r"(?<![0-9])00[0-9](?:\s+p\d|[·)]\d{0,3}\)?\s*[은는이가의]|\s*(?:序|地理章|三要))"),
     "a seed number"),
    (re.compile(r"본문\(\d{3}"), "a seed number"),
    (re.compile(r"\d{3}_[0-9a-f]{16}(?:\.txt)?"), "a seed file name"),
    (re.compile(r"\b(?:LIUREN|YI|CALENDAR)\.md\b"), "a file of our notes"),
    (re.compile(r"\[\[[^\]\d][^\]]*\]\]"), "an unresolved reference"),   # not CSL-JSON's [[2026, 11, 30]]
    (re.compile(r"\b[a-z]+(?:-[a-z]+)*#p\d+"), "a paragraph id instead of the text's title"),
]

# What every match of each pattern holds: a page without it is not searched with the pattern
# (the full patterns, most without a literal to start from, cost seconds over the whole site).
NEEDS = [re.compile(r"00[0-9]"), re.compile(r"본문\("), re.compile(r"_[0-9a-f]"), re.compile(r"\.md"),
         re.compile(r"\[\["), re.compile(r"[a-z]#p\d")]

SHOWN = r'\s(?:title|aria-label|alt|placeholder|content)="'
SHOWN_ATTRS = re.compile(SHOWN + r'([^"]*)"')
SCRIPT = re.compile(r"<(script|style)\b[^>]*>.*?</\1>", re.S)
TAG = re.compile(r"<[^>]*>")
PLAIN_TAG = re.compile(r"<(?![^>]*" + SHOWN + r")[^>]*>")     # a tag without a shown attribute


def reader_text(html: str) -> str:
    """The page as a reader meets it: text, and the attribute values shown to a reader (each tag
    becomes a space, its shown attributes' values and a space)."""
    html = SCRIPT.sub(" ", html)
    html = PLAIN_TAG.sub("  ", html)        # what the line below makes of them, without a call each
    return TAG.sub(lambda m: " " + " ".join(SHOWN_ATTRS.findall(m.group(0))) + " ", html)


def offences(site: Path) -> list[str]:
    found = []
    for page, html in html_pages(site):
        text = reader_text(html)
        for (pattern, what), needs in zip(INTERNAL, NEEDS, strict=True):
            m = needs.search(text) and pattern.search(text)
            if m:
                found.append(f"{page}: {what}: …{text[max(0, m.start() - 30):m.end() + 10]}…")
    return found


def test_no_internal_ids_in_reader_text(built):
    found = offences(built)
    assert not found, f"{len(found)} pages show internal ids:\n" + "\n".join(found[:30])


def test_search_snippets_show_no_internal_ids(built):
    index = built / "search" / "index.js"
    data = index.read_text(encoding="utf-8")
    for pattern, what in INTERNAL[:5]:
        m = pattern.search(data)
        assert m is None, f"{index.name}: {what}: …{data[max(0, m.start() - 30):m.end() + 10]}…"


def test_a_reference_in_prose_is_the_texts_title_linked_to_the_paragraph(built):
    # The 青龍 gloss used to read "000 p06은…"; every reference is now a link with the title.
    html = (built / "terms" / "qing-long" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<a href="\.\./\.\./texts/huangjince/index\.html#p06">《黃金策》 #p06</a>', html)
    change = (built / "yi" / "01" / "02" / "index.html").read_text(encoding="utf-8")
    assert '<a href="../../../texts/huangjince/index.html">《黃金策》</a>' in change
