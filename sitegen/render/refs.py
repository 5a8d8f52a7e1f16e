"""Small view records shared by every page kind: links to rules, terms and paragraphs."""

from __future__ import annotations

from dataclasses import dataclass
import re
from typing import overload
from urllib.parse import quote as url_quote

from ..model import addresses as A
from ..model.knowledge import XREF
from .views import Context


@dataclass(frozen=True)
class RuleRef:
    """An annotation on a chart: the rule's name, its page, and the paragraph that states it."""

    id: str
    zh: str
    ko: str
    href: str
    cite_href: str | None      # the first cited paragraph
    cite_label: str | None     # e.g. '課格訣 #p05'
    follows: str | None        # the classical source, where the seeds say nothing
    condition: str | None = None


def rule_ref(ctx: Context, rule_id: str, condition: str | None = None) -> RuleRef:
    """The annotation for ``rule_id`` as seen from the current page (memoised per link scope)."""
    key = (rule_id, ctx.link_scope, condition)
    ref = ctx.memo.get(key)
    if ref is None:
        ref = ctx.memo[key] = _rule_ref(ctx, rule_id, condition)
    return ref


def rule_refs(ctx: Context, rule_ids: tuple[str, ...]) -> tuple[RuleRef, ...]:
    """Each rule of ``rule_ids`` named and linked from the current page (memoised per link scope:
    a 本卦's rules are on its 64 changes)."""
    key = ("rule-refs", rule_ids, ctx.link_scope)
    got = ctx.memo.get(key)
    if got is None:
        got = ctx.memo[key] = tuple(rule_ref(ctx, r) for r in rule_ids)
    return got


def rule_defs(ctx: Context, rule_ids: tuple[str, ...]) -> tuple[tuple[RuleRef, str | None], ...]:
    """Each rule of ``rule_ids`` with its definition, as seen from the current page (memoised per
    link scope: a hexagram's or a change's rules are listed alike on many pages)."""
    key = ("rule-defs", rule_ids, ctx.link_scope)
    got = ctx.memo.get(key)
    if got is None:
        rules = ctx.site.rules
        got = ctx.memo[key] = tuple((rule_ref(ctx, r), prose(ctx, rules[r].entry.definition))
                                    for r in rule_ids)
    return got


def _rule_ref(ctx: Context, rule_id: str, condition: str | None) -> RuleRef:
    site = ctx.site
    r = site.rules[rule_id]
    cite = r.entry.cites[0] if r.entry.cites else (r.entry.readings[0][1] if r.entry.readings else None)
    cite_href = cite_label = None
    if cite is not None:
        cite_href = paragraph_href(ctx, cite.text, cite.paragraph, (cite.quote,))
        cite_label = f"{short_title(ctx, cite.text)} #{cite.paragraph}"
    return RuleRef(rule_id, r.zh, r.ko, ctx.href(A.rule(rule_id)), cite_href, cite_label,
                   plain(site.texts, r.entry.follows), condition)


def paragraph_href(ctx: Context, slug: str, pid: str, phrases=()) -> str:
    """Link to paragraph ``slug#pid`` that also names the quoted phrases (``?hl=…``): the text
    page marks them in the paragraph it lands on, as rule pages mark them in their quotes
    (memoised per link scope)."""
    key = ("paragraph-href", slug, pid, tuple(phrases), ctx.link_scope)
    href = ctx.memo.get(key)
    if href is None:
        href = ctx.memo[key] = _paragraph_href(ctx, slug, pid, phrases)
    return href


def _paragraph_href(ctx: Context, slug: str, pid: str, phrases) -> str:
    query = "&".join("hl=" + _query_value(p) for p in phrases if p)
    href = ctx.href(A.text(slug), pid)
    if not query or href.startswith("#"):
        return href
    page, _, anchor = href.partition("#")
    return f"{page}?{query}#{anchor}"


# What a query value must escape: ASCII other than letters and digits (``&``, ``#``, ``%``, ``+``,
# ``=``, spaces, quotes …). Other characters are valid in a URL as they are (the browser sends
# them as UTF-8, percent-encoded); written so, a quoted phrase costs a third of the bytes.
_ESCAPED = re.compile(r"[^0-9A-Za-z\u00a0-\U0010ffff]")


def _query_value(text: str) -> str:
    return _ESCAPED.sub(lambda m: url_quote(m.group(), safe=""), text)


def short_title(ctx: Context, slug: str) -> str:
    t = ctx.site.texts[slug]
    return t.title_zh.split(" · ")[0]


@dataclass(frozen=True)
class ParagraphQuote:
    """A cited paragraph quoted in full, with the cited phrases marked."""

    ref: str                   # 'slug#pid'
    pid: str
    href: str
    text_title: str
    section: str | None
    parts: tuple[tuple[str, bool], ...]   # the Chinese in pieces: (text, is a cited phrase)
    ko: str


def quote(ctx: Context, slug: str, pid: str, phrases=None) -> ParagraphQuote:
    """Paragraph ``slug#pid`` with every phrase of ``phrases`` (a string, or several) marked."""
    t = ctx.site.texts[slug]
    p = t.paragraph(pid)
    assert p is not None      # every citation is checked to resolve before anything renders
    s = t.section_of(pid)
    if isinstance(phrases, str):
        phrases = (phrases,)
    marked = [False] * len(p.zh)
    for phrase in phrases or ():
        i = p.zh.find(phrase) if phrase else -1
        if i >= 0:
            marked[i:i + len(phrase)] = [True] * len(phrase)
    parts: list[tuple[str, bool]] = []
    for ch, m in zip(p.zh, marked):
        if parts and parts[-1][1] == m:
            parts[-1] = (parts[-1][0] + ch, m)
        else:
            parts.append((ch, m))
    return ParagraphQuote(f"{slug}#{pid}", pid, paragraph_href(ctx, slug, pid, phrases or ()),
                          short_title(ctx, slug),
                          s.zh if s else None, tuple(parts), p.ko)


def quotes(ctx: Context, cites) -> tuple[ParagraphQuote, ...]:
    """Each cited paragraph once, in citation order, with all of its cited phrases marked."""
    order: dict[tuple[str, str], list[str]] = {}
    for c in cites:
        order.setdefault((c.text, c.paragraph), []).append(c.quote)
    return tuple(quote(ctx, slug, pid, tuple(q for q in qs if q)) for (slug, pid), qs in order.items())


def xref_label(texts, slug: str, first: str | None, last: str | None) -> str:
    """What the reader sees for a reference in editorial prose (definitions, glosses, notes),
    written ``[[huangjince]]``, ``[[huangjince#p03]]`` or ``[[huangjince#p40–p44]]`` and checked
    by model.knowledge: the text's title and the paragraph, never the ids themselves."""
    label = f"《{texts[slug].title_zh.split(' · ')[0]}》"
    if first:
        label += f" #{first}" + (f"–{last}" if last else "")
    return label


@overload
def prose(ctx: Context, text: str) -> str: ...
@overload
def prose(ctx: Context, text: None) -> None: ...
def prose(ctx: Context, text: str | None) -> str | None:
    """Markdown ``text`` with its references made links from the current page."""
    if not text or "[[" not in text:
        return text
    key = ("prose", text, ctx.link_scope)
    out = ctx.memo.get(key)
    if out is None:
        texts = ctx.site.texts
        out = ctx.memo[key] = XREF.sub(
            lambda m: f"[{xref_label(texts, *m.groups())}]"
                      f"({ctx.href(A.text(m.group(1)), m.group(2))})", text)
    return out


@overload
def plain(texts, text: str) -> str: ...
@overload
def plain(texts, text: None) -> None: ...
def plain(texts, text: str | None) -> str | None:
    """``text`` with its references spelt out, for places that take no links (titles, search)."""
    if not text or "[[" not in text:
        return text
    return XREF.sub(lambda m: xref_label(texts, *m.groups()), text)
