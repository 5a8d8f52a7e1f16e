"""Site-wide outputs: the search page and its index, the sitemap, the address list, redirects."""

from __future__ import annotations

from typing import Any
from html import escape

from ..model import addresses as A
from ..model.addresses import Address
from ..model.site import Site
from .search import index_script
from .views import Context, layout


def search(ctx: Context) -> dict[str, Any]:
    return {"layout": layout(ctx, description=ctx.site.names.say("descriptions", "search")),
            "index_src": ctx.href(A.Address("search/index.js")),
            "script_src": ctx.href(A.asset("search.js"))}


def redirect(ctx: Context) -> dict[str, Any]:
    target, _, anchor = ctx.page.ref.partition("#")
    addr = Address(target)
    return {"layout": layout(ctx), "href": ctx.href(addr, anchor or None),
            "url": ctx.canonical(addr, anchor or None)}


def addresses(site: Site) -> list[str]:
    """Every published address: pages in folder form, data files, and every paragraph and section
    anchor of the texts. A test keeps a committed copy; an address may never disappear from it."""
    out = set()
    for p in site.registry:
        out.add(p.address.path or "/")
    for t in site.texts.values():
        base = A.text(t.slug).path
        out.update(f"{base}#{s.id}" for s in t.sections)
        out.update(f"{base}#{p.id}" for p in t.paragraphs)
    return sorted(out)


def raw_search_index(site: Site, page) -> bytes:
    return index_script(site)


def raw_sitemap(site: Site, page) -> bytes:
    base = site.config.base_url
    urls = [p.address.canonical(base) for p in site.registry
            if p.in_sitemap and p.address.is_page and p.kind != "redirect"]
    body = "".join(f"<url><loc>{escape(u)}</loc></url>\n" for u in urls)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' + body + "</urlset>\n").encode()


def raw_addresses(site: Site, page) -> bytes:
    return ("\n".join(addresses(site)) + "\n").encode()


VIEWS = {"search": search, "redirect": redirect}
RAW = {"search_index": raw_search_index, "sitemap": raw_sitemap, "addresses": raw_addresses}
