"""Markdown for editorial prose (notes, definitions, summaries), with raw HTML switched off."""

from __future__ import annotations

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
