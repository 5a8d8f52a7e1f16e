"""View objects: what a template sees. Built from the model for one page at a time.

Templates never reach into the engines or the content loader: every value they print is a
plain string, number or a small frozen record made here, and every link is already relative to
the page being rendered.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Callable
from urllib.parse import urlsplit

from ..content.config import is_example_domain, last_changed
from ..content.names import NAV
from ..model import addresses as A
from ..model.addresses import Address
from ..model.pages import Page
from ..model.site import Site
from .cite import Citation, formats, page_fields


@dataclass(frozen=True)
class Link:
    label: str
    href: str
    current: bool = False


@dataclass(frozen=True)
class Layout:
    title: str           # the document <title>
    canonical: str
    root: str            # relative prefix to the site root ('' or '../../')
    css: str
    js: str
    nav: tuple[Link, ...]
    crumbs: tuple[Link, ...]
    citation: Citation
    description: str
    edition: str         # this edition's version, e.g. '1.0'
    edition_date: str    # and its date, YYYY-MM-DD
    license_name: str | None   # the content's licence (None: not set)
    license_url: str | None
    placeholder: str | None    # the base URL, when it is an example domain's: a banner says so
    changed_in: str | None     # the edition in which this page last changed
    site_title_zh: str
    site_title_ko: str
    search_href: str
    home_href: str
    body_class: str


# The pages of what the report of an edition (sitegen.edition) compares: each names the edition
# in which it last changed (content/changed.yaml).
ENTITY_KINDS = frozenset({"lesson", "change", "hexagram", "rule", "term", "text"})

_NAV_KEYS = frozenset(NAV)          # the top menu's pages (content/names.yaml labels them)


@dataclass(frozen=True)
class JSONText:
    """A data file's JSON, already encoded as :func:`json_text` encodes (written as is)."""

    text: str


def json_text(data: Any) -> str:
    """``data`` as the site's JSON files have it: compact, keys in order, non-ASCII as is. A list
    of items encoded so is ``"[" + ",".join(items) + "]"``: the corpus files join the records
    their charts' own files were made of, once."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def twin_json(site: Site, record: str) -> JSONText:
    """A chart's JSON twin: its record (JSON text of an object) with the edition and the
    content's licence first (null while content/site.yaml sets none)."""
    cfg = site.config
    head = json_text({"edition": cfg.edition, "license": {"name": cfg.license_name, "url": cfg.license_url}
                      if cfg.license_name else None})
    return JSONText(head[:-1] + "," + record[1:])


def memo_json(memo: dict, key: tuple, make: Callable[[], Any]) -> str:
    """``make()``'s JSON text, kept in the renderer's ``memo`` under ``key``."""
    got = memo.get(key)
    if got is None:
        got = memo[key] = json_text(make())
    return got


class Record:
    """A view's fields as attributes. A template reads ``c.name`` through jinja's getattr, which
    tries the attribute first: off a dict that fails (an exception raised and caught for every
    read) before the item is looked up, off a record it is found at once."""

    def __init__(self, fields: dict[str, Any]):
        self.__dict__.update(fields)

    def __getitem__(self, name: str) -> Any:
        return self.__dict__[name]


class Context:
    """Everything one page's view is built with: the site, the page, and relative links."""

    def __init__(self, site: Site, page: Page, memo: dict | None = None):
        self.site = site
        self.page = page
        self.here = page.address
        folder = page.address.file.rpartition("/")[0]
        # Links into rules/ and texts/ look the same from every page at the same depth outside
        # those folders, so view records holding such links are shared by that key.
        self.link_scope = folder if folder.startswith(("rules", "texts")) else folder.count("/") + bool(folder)
        # View records that depend only on the page's folder, shared by the pages of one render.
        self.memo: dict = memo if memo is not None else {}
        if page.kind == "not_found":
            # Served for any missing address, at any depth, and opened from disk: links relative
            # to the site's root, which the page's <base> names (see not_found.html).
            self.href_to: Callable[[Address], str] = lambda a: a.file
        else:
            self.href_to = lambda a: a.href(self.here)

    def href(self, target: Address | str, anchor: str | None = None) -> str:
        """Link to an address or to a registered page key, optionally to an anchor in it."""
        if isinstance(target, str):
            target = self.site.registry[target].address
        if anchor and target == self.here:
            return f"#{anchor}"
        return self.href_to(target) + (f"#{anchor}" if anchor else "")

    def canonical(self, target: Address | None = None, anchor: str | None = None) -> str:
        url = (target or self.here).canonical(self.site.config.base_url)
        return url + (f"#{anchor}" if anchor else "")


def layout(ctx: Context, *, text=None, language: str = "ko", description: str | None = None) -> Layout:
    """The page frame; ``text``: the page is that text's (its citation credits its author and
    translator)."""
    site, page = ctx.site, ctx.page
    cfg = site.config
    reg = site.registry
    above = reg.crumbs(page)
    chain = [p.key for p in above] + [page.key]
    section = next((k for k in reversed(chain) if k in _NAV_KEYS), "")
    chrome = _chrome(ctx, section)
    crumbs = _crumbs(ctx, above)
    title = page.title
    url = ctx.canonical()
    return Layout(
        title=f"{title} · {cfg.title_ko}" if page.key != "home" else f"{cfg.title_zh} {cfg.title_ko}",
        canonical=url,
        crumbs=crumbs,
        citation=formats(page_fields(cfg, site.names.citation, page.key, title, url, language, text)),
        changed_in=changed.version if page.kind in ENTITY_KINDS and (
            changed := last_changed(cfg, page.address.path)) else None,
        description=description or cfg.tagline,
        body_class=page.kind.replace("_", "-"),
        **chrome,
    )


def _crumbs(ctx: Context, above: list) -> tuple[Link, ...]:
    """The links to the pages above, shared by the pages of one folder (each in a folder of its
    own in it, as the 64 changes of a 本卦 are) when none of those pages lies inside the page's
    own folder: the links then climb out of it alike."""
    here = ctx.here.path
    if not here.endswith("/") or ctx.page.kind == "not_found" or any(
            p.address.path.startswith(here) for p in above):
        return tuple(Link(p.title, ctx.href(p.address)) for p in above)
    key = ("crumbs", tuple(p.key for p in above), here[:-1].rpartition("/")[0])
    got = ctx.memo.get(key)
    if got is None:
        got = ctx.memo[key] = tuple(Link(p.title, ctx.href(p.address)) for p in above)
    return got


def _chrome(ctx: Context, section: str) -> dict[str, Any]:
    """The parts of the page frame that only depend on the section and the page's folder depth
    (and top folder): shared by every such page of one render."""
    folder = ctx.here.file.rpartition("/")[0]
    key = ("chrome", section, folder.partition("/")[0], folder.count("/") + bool(folder),
           ctx.page.kind == "not_found")
    got = ctx.memo.get(key)
    if got is None:
        site, reg = ctx.site, ctx.site.registry
        got = ctx.memo[key] = {
            "root": ctx.href(A.HOME)[: -len("index.html")],
            "css": ctx.href(A.asset("site.css")),
            "js": ctx.href(A.asset("site.js")),
            "nav": tuple(Link(label, ctx.href(k), current=(k == section))
                         for k, label in site.names.nav.items() if reg.get(k) is not None),
            "site_title_zh": site.config.title_zh,
            "site_title_ko": site.config.title_ko,
            "search_href": ctx.href(A.SEARCH) if reg.get("search") else "",
            "home_href": ctx.href(A.HOME),
            "edition": site.config.edition,
            "edition_date": site.config.edition_date.isoformat(),
            "license_name": site.config.license_name,
            "license_url": site.config.license_url,
            "placeholder": site.config.base_url if is_example_domain(site.config.base_url) else None,
        }
    return got


# ---------------------------------------------------------------------------------------------
# Views per page kind. Each returns the template's variables.

@dataclass(frozen=True)
class TextCard:
    title_zh: str
    title_ko: str
    summary: str
    href: str
    paragraphs: int
    sections: int


def _text_cards(ctx: Context) -> tuple[TextCard, ...]:
    return tuple(
        TextCard(t.title_zh, t.title_ko, t.summary, ctx.href(A.text(t.slug)), len(t.paragraphs),
                 len(t.sections))
        for t in ctx.site.texts.values()
    )


@dataclass(frozen=True)
class Card:
    title: str
    sub: str
    href: str
    body: str


def home(ctx: Context) -> dict[str, Any]:
    site = ctx.site
    rep = site.validation
    say = site.names.say

    def card(key: str, href: str, **values) -> Card:
        return Card(say("home", key, "title"), say("home", key, "sub", **values), href,
                    say("home", key, "body", **values))

    def agree(agree: int, of: int) -> str:
        return say("home", "agree", agree=agree, of=of)

    corpora = [card("cast", ctx.href(A.CAST)), card("liuren", ctx.href(A.LIUREN)), card("yi", ctx.href(A.YI)),
               card("rules", ctx.href(A.RULES), n=len(site.rules)),
               card("terms", ctx.href(A.TERMS), n=len(site.terms))]
    if rep is not None:
        lr, ln = rep.counts("liuren")
        yr, yn = rep.counts("yi")
        classic, bifa = rep.classic_counts(), rep.bifa_counts()
        corpora.append(card("validation", ctx.href(A.VALIDATION), examples=agree(lr + yr, ln + yn),
                            tanyuan=agree(rep.tanyuan_compared - len(rep.tanyuan_differences), rep.tanyuan_compared),
                            classic=agree(classic["agrees"], sum(classic.values())),
                            bifa=agree(bifa["agrees"], sum(bifa.values()))))
    corpora.append(card("search", ctx.href(A.SEARCH)))
    return {"layout": layout(ctx), "texts": _text_cards(ctx), "corpora": tuple(corpora)}


def texts(ctx: Context) -> dict[str, Any]:
    return {"layout": layout(ctx), "texts": _text_cards(ctx)}


def about(ctx: Context) -> dict[str, Any]:
    return {"layout": layout(ctx), "texts": _text_cards(ctx), "editions": ctx.site.config.editions,
            "download": ctx.site.download, "download_href": ctx.href(A.HOME)[: -len("index.html")]
            + (ctx.site.download.name if ctx.site.download else ""),
            "validation_href": ctx.href(A.VALIDATION),
            "conventions_href": ctx.href(A.CONVENTIONS), "agreement_href": ctx.href(A.AGREEMENT)}


def not_found(ctx: Context) -> dict[str, Any]:
    return {"layout": layout(ctx), "base_href": urlsplit(ctx.site.config.base_url).path or "/"}


VIEWS: dict[str, Callable[[Context], dict[str, Any]]] = {
    "home": home,
    "texts": texts,
    "about": about,
    "not_found": not_found,
}
