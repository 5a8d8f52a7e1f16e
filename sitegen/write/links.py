"""Check every internal link and anchor of the rendered site against the files it produced.

The pages are our own output, written by our templates with double-quoted attributes, so a
scan for ``href``/``src``/``action`` and ``id`` attributes reads them exactly; nothing here
rewrites HTML. Each page is scanned where it is rendered (on every core): its links are resolved
to (file, anchor) targets there, and only the lookups against the set of all files and ids are
left for the end.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from urllib.parse import unquote, urlsplit

from ..problems import Problem

# Our templates write ' attr="…"' exactly: one pass over the page finds every link, another
# every id (each a loop in C: no Python code runs per attribute).
_LINKS = re.compile(rb' (?:href|src|action)="([^"]*)"')
_IDS = re.compile(rb' id="([^"]*)"')
# Links that leave the site, which resolve() lets pass.
_LEAVING = ("https://", "http://", "mailto:")
# A path of plain names, perhaps with an anchor: no scheme, query, escape or space to parse (most
# links a page resolves itself are such, its data file's first).
_PLAIN = re.compile(r"[0-9A-Za-z._/-]+(?:#[0-9A-Za-z._-]*)?")


@dataclass(frozen=True)
class PageLinks:
    anchored: frozenset[tuple[str, str, str]]  # (link as written, file, anchor): left to check
    bad: tuple[tuple[str, str], ...]           # (link, reason) already known to be broken
    ids: frozenset[str]


class _Known:
    """What the links seen so far resolved to, for the pages under one folder that climb the same
    number of folders to it. A relative link that starts by climbing k folders (``../`` k times)
    resolves from the folder k levels above its page, whatever lies below: the same from every
    page there. Most of every page's links climb to the site root (or leave the site), the same
    from every page of one depth; a change page's links to its siblings climb to its 本卦's
    folder. Those are looked up with set operations in one go."""

    def __init__(self) -> None:
        self.fine: set[bytes] = set()                    # nothing left to check
        self.anchored: dict[bytes, tuple[str, str, str]] = {}   # → (link, file, anchor)


# (the folder climbed to, as a tuple of names; how many folders the link climbs) → what is known
_KNOWN: dict[tuple[tuple[str, ...], int], _Known] = {}
_KNOWN_FOR: list = [None, None]     # the files set and root path the cache was filled against


def _known(folder: tuple[str, ...], up: int) -> _Known:
    known = _KNOWN.get((folder, up))
    if known is None:
        known = _KNOWN[folder, up] = _Known()
    return known


def scan(html: bytes, page: str, files: set[str] | frozenset[str], root_path: str = "/") -> PageLinks:
    """Links and ids of the page at ``page`` (a path relative to the site root). Links to files
    missing from ``files`` are reported at once; links with an anchor are kept for the check of
    the target's ids, which needs every page."""
    if _KNOWN_FOR[0] is not files or _KNOWN_FOR[1] != root_path:
        _KNOWN.clear()
        _KNOWN_FOR[:] = files, root_path
    base = tuple(page.split("/")[:-1])
    depth = len(base)
    found = set(_LINKS.findall(html))
    id_values = _IDS.findall(html)
    targets = []
    # From the root (most links) down to the page's parent folder; a root page's own folder is
    # the root.
    for up in range(depth, 0, -1) if depth else (0,):
        known = _known(base[:depth - up], up)
        found -= known.fine
        if known.anchored:
            hit = found & known.anchored.keys()
            if hit:
                targets += [known.anchored[raw] for raw in hit]
                found -= hit
    bad = []
    for raw in found:
        link = raw.decode()
        if link.startswith("#"):
            targets.append((link, page, unquote(link[1:])))
            continue
        if link.startswith(_LEAVING):
            continue            # as resolve() has it; each page's own canonical URL is one
        r = resolve(link, base, root_path)
        if r is None or link.startswith("/"):
            up = depth          # external or absolute: the same from every page of this depth
        else:
            up = 0
            while link.startswith("../", 3 * up):
                up += 1
        # Resolves alike from every page under the folder it climbs to (not the page's own folder:
        # few pages share it, and a root page's links are the root's).
        shared = (up >= 1 or not depth) and up <= depth
        if r is None:
            pass
        elif isinstance(r, str):
            bad.append((link, r))
            continue
        elif r[0] not in files:
            bad.append((link, f"no file {r[0]} was built" if r[0] + "/index.html" not in files else
                        "it points at a folder; links must name a file (…/index.html) to work from disk"))
            continue
        elif r[1]:
            targets.append((link, r[0], r[1]))
            if shared:
                _known(base[:depth - up], up).anchored[raw] = (link, r[0], r[1])
            continue
        if shared:
            _known(base[:depth - up], up).fine.add(raw)
    ids = frozenset(map(bytes.decode, id_values))
    if len(ids) != len(id_values):           # a link to a doubled id lands on the first of them
        counts = Counter(id_values)
        bad += [(f"#{i.decode()}", f"the page has {n} elements with id {i.decode()!r}")
                for i, n in counts.items() if n > 1]
    return PageLinks(frozenset(targets), tuple(sorted(bad)), ids)


def resolve(link: str, base: tuple[str, ...], root_path: str):
    """(file, anchor) a relative ``link`` points at from the folder ``base`` of its page, None
    for an external link, or why it is wrong."""
    if "://" in link or link.startswith(("mailto:", "//")):
        scheme = link.split(":", 1)[0]
        return None if scheme in ("http", "https", "mailto") else f"the scheme {scheme!r} is not allowed"
    if _PLAIN.fullmatch(link):
        path, _, fragment = link.partition("#")     # as urlsplit and unquote would have them
    else:
        parts = urlsplit(link)
        if parts.scheme:
            return f"the scheme {parts.scheme!r} is not allowed"
        path, fragment = unquote(parts.path), unquote(parts.fragment)
    if path.startswith("/"):
        if not path.startswith(root_path):
            return "an absolute path outside the site"
        segments = path[len(root_path):].split("/")
    else:
        segments = list(base) + path.split("/")
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
    return "/".join(out), fragment


def check_links(pages: dict[str, PageLinks], build_label: str = "build") -> list[Problem]:
    """Every broken internal link or anchor, one problem each."""
    problems = []
    for page in sorted(p for p, info in pages.items() if info.anchored or info.bad):
        info = pages[page]
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
    if "elements with id" in reason:
        return ("every id in a page must be unique: give the paragraph or section an id the page "
                "does not already use (e.g. p09a)")
    if "folder" in reason:
        return "link to the page's index.html"
    if "no element" in reason:
        return "check the paragraph or section id (ids are case-sensitive)"
    return "link with an address from sitegen.model.addresses"
