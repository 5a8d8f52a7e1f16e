"""Check every internal link and anchor of the rendered site against the files it produced.

The pages are our own output, written by our templates with double-quoted attributes, so a
scan for ``href``/``src``/``action`` and ``id`` attributes reads them exactly; nothing here
rewrites HTML.
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from ..problems import Problem

_LINK = re.compile(rb'\s(?:href|src|action)="([^"]*)"')
_ID = re.compile(rb'\sid="([^"]*)"')


@dataclass(frozen=True)
class PageLinks:
    links: tuple[str, ...]
    ids: frozenset[str]


def scan(html: bytes) -> PageLinks:
    links = tuple(sorted({m.decode() for m in _LINK.findall(html)}))
    ids = frozenset(m.decode() for m in _ID.findall(html))
    return PageLinks(links, ids)


def check_links(pages: dict[str, PageLinks], files: set[str], root_path: str = "/",
                build_label: str = "build") -> list[Problem]:
    """Every broken internal link or anchor, one problem each.

    ``pages`` maps each HTML file (relative to the site root) to its links and ids; ``files``
    is every file the build produced; ``root_path`` is the URL path of the site root, used for
    the few links written from the root (the 404 page).
    """
    problems = []
    for page, info in sorted(pages.items()):
        base = posixpath.dirname(page)
        for link in info.links:
            reason = _broken(link, base, page, pages, files, root_path)
            if reason:
                problems.append(Problem(f"{build_label}/{page}", None,
                                        f"broken link {link!r}: {reason}", _hint(reason)))
    return problems


def _broken(link: str, base: str, page: str, pages: dict[str, PageLinks], files: set[str],
            root_path: str) -> str | None:
    parts = urlsplit(link)
    if parts.scheme or parts.netloc:
        return None if parts.scheme in ("http", "https", "mailto") else f"the scheme {parts.scheme!r} is not allowed"
    path = unquote(parts.path)
    if path.startswith("/"):
        if not path.startswith(root_path):
            return "an absolute path outside the site"
        target = path[len(root_path):]
    elif path:
        target = posixpath.normpath(posixpath.join(base, path)) if base else posixpath.normpath(path)
    else:
        target = page
    if target.startswith("../") or target == "..":
        return "it leads outside the site"
    if path.endswith("/") or (path and target not in files and target + "/index.html" in files):
        return "it points at a folder; links must name a file (…/index.html) to work from disk"
    if target not in files:
        return f"no file {target} was built"
    if parts.fragment:
        info = pages.get(target)
        if info is None:
            return f"#{parts.fragment} points into {target}, which is not a page"
        if unquote(parts.fragment) not in info.ids:
            return f"{target} has no element with id {parts.fragment!r}"
    return None


def _hint(reason: str) -> str:
    if "folder" in reason:
        return "link to the page's index.html"
    if "no element" in reason:
        return "check the paragraph or section id (ids are case-sensitive)"
    return "link with an address from sitegen.model.addresses"
