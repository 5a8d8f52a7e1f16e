"""Markdown for editorial prose (notes, definitions, summaries), with raw HTML switched off."""

from __future__ import annotations

import re
from functools import lru_cache

from markdown_it import MarkdownIt
from markupsafe import Markup

_MD = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})


@lru_cache(maxsize=4096)
def block(text: str) -> Markup:
    """Render Markdown as block HTML. Raw HTML in the source is shown as text, never passed on."""
    return Markup(_MD.render(text))


@lru_cache(maxsize=4096)
def inline(text: str) -> Markup:
    """Render one line of Markdown without the surrounding paragraph."""
    return Markup(_MD.renderInline(text))


_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")


def link_problem(text: str) -> str | None:
    """Why a link (or image) of the Markdown ``text`` can work on no page, or None: content's
    prose is shown on pages at every depth and opened from disk, so a link is an http(s) or
    mailto address, or relative (checked on each page it is on); never an absolute path."""
    if "](" not in text and "]:" not in text and "<" not in text:
        return None
    for block_token in _MD.parse(text):
        for t in block_token.children or ():
            href = t.attrGet("href") if t.type == "link_open" else t.attrGet("src") if t.type == "image" else None
            if not isinstance(href, str):
                continue
            scheme = _SCHEME.match(href)
            if href.startswith("//"):
                return f"the link {href!r} names a server without a scheme"
            if href.startswith("/"):
                return f"the link {href!r} is an absolute path: it leads out of the site"
            if scheme and scheme.group()[:-1].lower() not in ("http", "https", "mailto"):
                return f"the link {href!r} has the scheme {scheme.group()[:-1]!r}"
    return None
