"""The text page: every paragraph pair with its permalink, the rules that cite it (and how many
charts each applies to), terms linked where they occur, and 002's links to its computed charts."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..model import addresses as A
from ..model.site import KEJING, KEJING_DAY, Site
from .cite import Citation, formats, paragraph_fields
from .refs import RuleRef, rule_ref
from .views import Context, Link, layout


@dataclass(frozen=True)
class Run:
    """A piece of a paragraph's Chinese: plain text, or a term linked to its page."""

    text: str
    href: str | None = None
    title: str | None = None


@dataclass(frozen=True)
class Backlink:
    rule: RuleRef
    charts: int
    conditional: int


@dataclass(frozen=True)
class ParagraphView:
    id: str
    runs: tuple[Run, ...]
    ko: str
    notes: tuple[str, ...]
    permalink: str
    cite_url: str
    rules: tuple[Backlink, ...]
    terms: tuple[Link, ...]      # terms this paragraph defines
    cite: Citation               # the citation of this paragraph


@dataclass(frozen=True)
class SectionView:
    id: str | None
    zh: str
    ko: str
    chart: Link | None           # 002: the computed chart of this lesson
    paragraphs: tuple[ParagraphView, ...]
    prev: str | None = None      # the previous and next section's anchors
    next: str | None = None


@dataclass(frozen=True)
class SelfDescriptionView:
    quote: str
    ko: str
    href: str
    paragraph: str


def term_matcher(site: Site, slug: str):
    """A regex of every term spelling that links in text ``slug``, longest first, with owners."""
    terms = [t for t in site.terms.values() if t.link_in is None or slug in t.link_in]
    return _matcher(tuple((s, t.id, t.ko) for t in terms for s in t.spellings)
                    + tuple((w, None, None) for t in terms for w in t.unlinked))


@lru_cache(maxsize=64)
def _matcher(spellings: tuple[tuple[str, str | None, str | None], ...]):
    """A regex of the spellings (and of the words that must stay unlinked), longest first, so
    that at each place the longest word wins."""
    if not spellings:
        return None, {}
    owner = {s: (tid, ko) for s, tid, ko in spellings}
    rx = re.compile("|".join(re.escape(s) for s in sorted(owner, key=len, reverse=True)))
    return rx, owner


def runs(ctx: Context, zh: str, slug: str) -> tuple[Run, ...]:
    """Split ``zh`` into runs, linking the first occurrence of each term in the paragraph."""
    rx, owner = term_matcher(ctx.site, slug)
    if rx is None:
        return (Run(zh),)
    out: list[Run] = []
    seen: set[str] = set()
    pos = 0
    for m in rx.finditer(zh):
        tid, ko = owner[m.group(0)]
        if tid is None or tid in seen:
            continue
        seen.add(tid)
        if m.start() > pos:
            out.append(Run(zh[pos:m.start()]))
        out.append(Run(m.group(0), ctx.href(A.term(tid)), ctx.site.names.say("texts_words", "term", zh=m.group(0), ko=ko)))
        pos = m.end()
    if pos < len(zh):
        out.append(Run(zh[pos:]))
    return tuple(out)


def text(ctx: Context) -> dict[str, Any]:
    site = ctx.site
    t = site.texts[ctx.page.ref]
    lay = layout(ctx, text=t, language="zh-Hant", description=t.summary)

    def para(p) -> ParagraphView:
        cited = tuple(
            Backlink(rule_ref(ctx, rid), len(site.rules[rid].holds), len(site.rules[rid].conditional))
            for rid in site.cited_by.get((t.slug, p.id), ()) if rid in site.rules)
        terms = tuple(Link(f"{site.terms[tid].zh} {site.terms[tid].ko}", ctx.href(A.term(tid)))
                      for tid in site.defines.get((t.slug, p.id), ()))
        return ParagraphView(p.id, runs(ctx, p.zh, t.slug), p.ko, p.notes, f"#{p.id}",
                             ctx.canonical(anchor=p.id), cited, terms,
                             formats(paragraph_fields(lay.citation.fields, t, p)))

    charts = {}
    if t.slug == KEJING:
        for plate, sid in site.kejing_sections.items():
            l = site.lesson(KEJING_DAY, plate)
            charts[sid] = Link(site.names.say("texts_words", "kejing_chart", day=KEJING_DAY.zh, plate=plate,
                                              transmissions="".join(b.zh for b in l.transmissions)),
                               ctx.href(A.lesson(KEJING_DAY, plate)))
    sections: list[SectionView] = []
    loose = [p for p in t.paragraphs if p.section is None]
    if loose:
        sections.append(SectionView(None, "", "", None, tuple(para(p) for p in loose)))
    ids = [s.id for s in t.sections]
    for k, s in enumerate(t.sections):
        sections.append(SectionView(s.id, s.zh, s.ko, charts.get(s.id),
                                    tuple(para(t.paragraph(pid)) for pid in s.paragraph_ids),
                                    f"#{ids[k - 1]}" if k > 0 else None,
                                    f"#{ids[k + 1]}" if k + 1 < len(ids) else None))
    slugs = list(site.texts)
    i = slugs.index(t.slug)
    neighbours = {
        "prev": Link(site.texts[slugs[i - 1]].title_zh, ctx.href(A.text(slugs[i - 1]))) if i > 0 else None,
        "next": Link(site.texts[slugs[i + 1]].title_zh, ctx.href(A.text(slugs[i + 1])))
        if i + 1 < len(slugs) else None,
        "up": ctx.href(A.TEXTS),
    }
    view = {
        **neighbours,
        "slug": t.slug, "title_zh": t.title_zh, "title_ko": t.title_ko, "summary": t.summary,
        "author_zh": t.author_zh, "author_ko": t.author_ko,
        "base_text": t.base_text, "base_text_known": t.base_text_known,
        "translator": t.translator, "translation_known": t.translation_known,
        "self_description": tuple(SelfDescriptionView(d.quote, d.ko, f"#{d.paragraph}", d.paragraph)
                                  for d in t.self_description),
        "toc": tuple(Link(f"{s.zh} · {s.ko}", f"#{s.id}") for s in t.sections),
        "sections": tuple(sections), "paragraph_count": len(t.paragraphs),
        "cited_paragraphs": sum(1 for p in t.paragraphs if (t.slug, p.id) in site.cited_by),
    }
    return {"layout": lay, "text": view}


VIEWS = {"text": text}
