"""Check every internal link and anchor of the rendered site against the files it produced.

The pages are our own output, written by our templates with double-quoted attributes, so a
scan for ``href``/``src``/``action`` and ``id`` attributes reads them exactly; nothing here
rewrites HTML. Each page is scanned where it is rendered (on every core): its links are resolved
to (file, anchor) targets there, and only the lookups against the set of all files and ids are
left for the end.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import unquote, urlsplit

from ..problems import Problem

# One regex per attribute: a literal prefix lets the regex engine skip ahead fast (an alternation
# or a leading \s makes it try every position). Our templates write ' attr="…"' exactly.
_LINKS = tuple(re.compile(rb' ' + a + rb'="((?:\.\./)*)([^"]*)"') for a in (b"href", b"src", b"action"))
_ID = re.compile(rb' id="([^"]*)"')


@dataclass(frozen=True)
class PageLinks:
    anchored: frozenset[tuple[str, str, str]]  # (link as written, file, anchor): left to check
    bad: tuple[tuple[str, str], ...]           # (link, reason) already known to be broken
    ids: frozenset[str]


def scan(html: bytes, page: str, files: set[str] | frozenset[str], root_path: str = "/") -> PageLinks:
    """Links and ids of the page at ``page`` (a path relative to the site root). Links to files
    missing from ``files`` are reported at once; links with an anchor are kept for the check of
    the target's ids, which needs every page."""
    base = tuple(page.split("/")[:-1])
    targets = []
    bad = []
    found = set(_LINKS[0].findall(html))
    if b" src=" in html:
        found.update(_LINKS[1].findall(html))
    if b" action=" in html:
        found.update(_LINKS[2].findall(html))
    for ups, rest in found:
        n = len(ups) // 3
        got = _checked(ups + rest, base[: len(base) - n] if n <= len(base) else None, n, page,
                       root_path, files)
        if got is None:
            continue
        if got[0]:
            bad.append((got[1], got[2]))
        else:
            targets.append(got[1:])
    ids = frozenset(i.decode() for i in _ID.findall(html))
    return PageLinks(frozenset(targets), tuple(sorted(bad)), ids)


_CACHE: dict = {}
_CACHE_FOR: list = [None]     # the files set the cache was filled against


def _checked(raw: bytes, base, ups: int, page: str, root_path: str, files):
    """None (fine, or external), (True, link, reason) or (False, link, file, anchor) to check.
    Cached per (link, the part of the base folder it keeps), which pages share."""
    if raw.startswith(b"#"):
        return (False, raw.decode(), page, unquote(raw[1:].decode()))
    if _CACHE_FOR[0] is not files:
        _CACHE.clear()
        _CACHE_FOR[0] = files
    key = (raw, base, root_path)
    got = _CACHE.get(key)
    if got is None:
        link = raw.decode()
        r = resolve(link, base, root_path)
        if r is None:
            got = (None,)
        elif isinstance(r, str):
            got = (True, link, r)
        elif r[0] not in files:
            got = (True, link, f"no file {r[0]} was built" if r[0] + "/index.html" not in files else
                   "it points at a folder; links must name a file (…/index.html) to work from disk")
        elif r[1]:
            got = (False, link, r[0], r[1])
        else:
            got = (None,)
        if len(_CACHE) > 1 << 18:
            _CACHE.clear()
        _CACHE[key] = got
    return None if got[0] is None else got


@lru_cache(maxsize=1 << 16)
def resolve(link: str, base: tuple[str, ...] | None, root_path: str):
    """(file, anchor) a relative ``link`` points at from folder ``base`` (after the climbs it
    makes), None for an external link, or why it is wrong."""
    if base is None:
        return "it leads outside the site"
    ups = 0
    while link.startswith("../", 3 * ups):
        ups += 1
    if "://" in link or link.startswith(("mailto:", "//")):
        scheme = link.split(":", 1)[0]
        return None if scheme in ("http", "https", "mailto") else f"the scheme {scheme!r} is not allowed"
    parts = urlsplit(link)
    if parts.scheme:
        return f"the scheme {parts.scheme!r} is not allowed"
    path = unquote(parts.path)
    if path.startswith("/"):
        if not path.startswith(root_path):
            return "an absolute path outside the site"
        segments = path[len(root_path):].split("/")
    else:
        segments = list(base) + ["x"] * ups + path.split("/")
    out: list[str] = []
    for s in segments:
        if s == "..":
            if not out:
                return "it leads outside the site"
            out.pop()
        elif s not in ("", "."):
            out.append(s)
    if path.endswith("/") or not out:
        return "it points at a folder; links must name a file (…/index.html) to work from disk"
    return "/".join(out), unquote(parts.fragment)


def check_links(pages: dict[str, PageLinks], build_label: str = "build") -> list[Problem]:
    """Every broken internal link or anchor, one problem each."""
    problems = []
    for page, info in sorted(pages.items()):
        where = f"{build_label}/{page}"
        found = list(info.bad)
        for link, target, anchor in info.anchored:
            if anchor not in pages.get(target, _NONE).ids:
                found.append((link, f"#{anchor} points into {target}, which is not a page"
                              if target not in pages else f"{target} has no element with id {anchor!r}"))
        for link, reason in sorted(found):
            problems.append(Problem(where, None, f"broken link {link!r}: {reason}", _hint(reason)))
    return problems


_NONE = PageLinks(frozenset(), (), frozenset())


def _hint(reason: str) -> str:
    if "folder" in reason:
        return "link to the page's index.html"
    if "no element" in reason:
        return "check the paragraph or section id (ids are case-sensitive)"
    return "link with an address from sitegen.model.addresses"
