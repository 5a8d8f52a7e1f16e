"""What changed in this edition: an earlier build (or its bulk JSON) compared with this one.

``sitegen build --previous DIR`` hands the earlier build's folder (or its ``data/`` folder) and
the new one to :func:`what_changed`, which compares, entry by entry:

- every lesson and every change, by their records in the bulk JSON (``data/liuren.json``,
  ``data/yi/changes.json``, ``data/yi/hexagrams.json``): the facts the engines computed;
- every rule and term, by the main part of its page, and every paragraph by its Chinese and its
  Korean (the text pages), where the earlier folder holds the pages;
- every address published before (``data/addresses.txt``) that is no longer a page of its own.

The result, :class:`Changes`, is plain data; :func:`report_page` writes it as the page "what
changed in this edition" (``about/changes/``) with the template ``edition_changes.html``.
"""

from __future__ import annotations

from collections.abc import Mapping

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

BULK = ("data/liuren.json", "data/yi/changes.json", "data/yi/hexagrams.json")
ADDRESSES = "data/addresses.txt"
PAGE = "about/changes/index.html"

_MAIN = re.compile(r"<main\b[^>]*>(.*?)</main>", re.S)
_PAIR = re.compile(r'<div class="pair" id="(?P<id>[^"]+)">.*?<p class="zh"[^>]*>(?P<zh>.*?)</p>\s*'
                   r'<p class="ko"[^>]*>(?P<ko>.*?)</p>', re.S)
_TAG = re.compile(r"<[^>]+>")


@dataclass
class Changes:
    """Addresses (relative to the site's root, as ``data/addresses.txt`` has them) by kind."""

    lessons: list[str] = field(default_factory=list)
    changes: list[str] = field(default_factory=list)     # 本卦→變卦 changes
    hexagrams: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)
    terms: list[str] = field(default_factory=list)
    paragraphs: list[str] = field(default_factory=list)  # 'texts/slug/#p03'
    added: list[str] = field(default_factory=list)       # pages new in this edition
    moved: list[str] = field(default_factory=list)       # published before, no page of their own now

    def count(self) -> int:
        return sum(len(v) for v in vars(self).values())


def _root(folder: Path) -> Path:
    """A build's folder, given it or its ``data/`` folder."""
    return folder.parent if folder.name == "data" and not (folder / "data").is_dir() else folder


def previous_problem(folder: Path) -> str | None:
    """Why ``folder`` is not an earlier build (or its data/ folder), or None."""
    root = _root(folder)
    if not any((root / rel).is_file() for rel in (*BULK, ADDRESSES)):
        return (f"{folder} holds no earlier build: give the folder of a build (or its data/ folder, "
                f"with {BULK[0].removeprefix('data/')} and {ADDRESSES.removeprefix('data/')})")
    return None


def _records(root: Path, rel: str) -> dict[str, str]:
    path = root / rel
    if not path.is_file():
        return {}
    return {r["url"]: json.dumps(r, sort_keys=True, ensure_ascii=False)
            for r in json.loads(path.read_text(encoding="utf-8"))}


def _differ(old: Mapping[str, object], new: Mapping[str, object]) -> list[str]:
    return sorted(k for k in new if k in old and old[k] != new[k])


def _pages(root: Path, folder: str) -> dict[str, str]:
    """The main part of each page under ``folder`` (rules/, terms/), by address."""
    out = {}
    base = root / folder
    if base.is_dir():
        for page in sorted(base.glob("*/index.html")):
            m = _MAIN.search(page.read_text(encoding="utf-8"))
            if m:
                out[f"{folder}/{page.parent.name}/"] = m.group(1)
    return out


def _paragraphs(root: Path) -> dict[str, tuple[str, str]]:
    out = {}
    for page in sorted((root / "texts").glob("*/index.html")) if (root / "texts").is_dir() else ():
        for m in _PAIR.finditer(page.read_text(encoding="utf-8")):
            out[f"texts/{page.parent.name}/#{m['id']}"] = (_TAG.sub("", m["zh"]), m["ko"])
    return out


def _addresses(root: Path) -> list[str]:
    path = root / ADDRESSES
    return path.read_text(encoding="utf-8").split() if path.is_file() else []


def what_changed(previous: Path, current: Path) -> Changes:
    """Every lesson, change, hexagram, rule, term and paragraph whose facts or text differ between
    the build in ``previous`` and the one in ``current``, the pages added and the addresses
    that moved."""
    old_root, new_root = _root(previous), _root(current)
    c = Changes()
    for rel, bucket in zip(BULK, (c.lessons, c.changes, c.hexagrams)):
        bucket += _differ(_records(old_root, rel), _records(new_root, rel))
    c.rules = _differ(_pages(old_root, "rules"), _pages(new_root, "rules"))
    c.terms = _differ(_pages(old_root, "terms"), _pages(new_root, "terms"))
    c.paragraphs = _differ(_paragraphs(old_root), _paragraphs(new_root))
    before, now = _addresses(old_root), _addresses(new_root)
    redirects = {a for a in now if a.endswith((".html", "/")) and _is_redirect(new_root, a)}
    now_set = set(now) - redirects
    c.moved = sorted(a for a in before if a not in now_set)
    old_set = set(before)
    c.added = sorted(a for a in now_set if a not in old_set) if before else []
    return c


def _is_redirect(root: Path, address: str) -> bool:
    page = root / (address + "index.html" if address.endswith("/") else address)
    try:
        with open(page, encoding="utf-8") as fh:
            return 'http-equiv="refresh"' in fh.read(2048)
    except OSError:
        return False


def _href(address: str, root: str = "../../") -> str:
    """The link from ``about/changes/`` to a site address (a folder's page is its index.html,
    so that the link works opened from disk)."""
    path, _, anchor = address.partition("#")
    if path.endswith("/") or not path:
        path += "index.html"
    return root + path + (f"#{anchor}" if anchor else "")


def report_page(changes: Changes, site, renderer) -> bytes:
    """The page "what changed in this edition" (:data:`PAGE`), rendered with the build's renderer."""
    from .render.views import Context, layout
    from .model.pages import Page
    from .model.addresses import Address

    page = Page("edition-changes", "edition_changes", Address("about/changes/"), "이 판에서 바뀐 것",
                parent="about")
    ctx = Context(site, page)
    kinds = [(name, [(a, _href(a)) for a in getattr(changes, name)])
             for name in ("lessons", "changes", "hexagrams", "rules", "terms", "paragraphs", "added", "moved")]
    html = renderer.env.get_template("edition_changes.html").render(
        layout=layout(ctx), kinds=kinds, total=changes.count(),
        edition=site.config.edition, editions=site.config.editions)
    return html.encode("utf-8")
