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

Releasing an edition, ``sitegen build --previous DIR --record`` also writes what it changed and
added into ``content/changed.yaml`` (:func:`record`), which is committed with the edition: every
page of a plain build then names the edition in which it last changed
(:func:`sitegen.content.config.last_changed`), with no earlier build at hand.
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

    def recorded(self) -> list[str]:
        """What ``content/changed.yaml`` records for this edition: every entry whose facts or
        text changed, and every page added (not a file such as a JSON twin)."""
        from .content.config import PAGE_ADDRESS

        return [a for name in ("lessons", "changes", "hexagrams", "rules", "terms", "paragraphs")
                for a in getattr(self, name)] + [a for a in self.added if PAGE_ADDRESS.fullmatch(a)]


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


def _records(root: Path, rel: str) -> dict[str, object]:
    """The records of a bulk JSON file, by address (compared as parsed values: key order is not
    a change)."""
    path = root / rel
    if not path.is_file():
        return {}
    return {r["url"]: r for r in json.loads(path.read_text(encoding="utf-8"))}


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

    page = Page("edition-changes", "edition_changes", Address("about/changes/"),
                site.names.pages["edition-changes"], parent="about")
    ctx = Context(site, page)
    kinds = [(name, [(a, _href(a)) for a in getattr(changes, name)])
             for name in ("lessons", "changes", "hexagrams", "rules", "terms", "paragraphs", "added", "moved")]
    html = renderer.env.get_template("edition_changes.html").render(
        layout=layout(ctx), kinds=kinds, total=changes.count(),
        edition=site.config.edition, editions=site.config.editions)
    return html.encode("utf-8")


_RECORD_HEAD = """\
# What each edition after the first changed or added, entry by entry: every lesson, change,
# hexagram, rule, term and paragraph whose facts or text changed, and every page added. Each page
# names the newest edition listing it (or one of its paragraphs) as the one in which it last
# changed, and the first edition otherwise. Written by `sitegen build --previous DIR --record`
# when an edition is released (CONTRIBUTING.md, "Releasing an edition"); not edited by hand.
"""


def record(root: Path, previous: Path, current: Path) -> tuple[str, int] | None:
    """Record in ``content/changed.yaml`` what the edition of ``root`` (content/site.yaml) changed
    since the build in ``previous``, by comparing it with the build in ``current``, keeping what
    the file records of other editions; (the edition, how many entries) if the file changed,
    else None."""
    from .content.config import CHANGED_FILE, load_config
    from .problems import Problems

    problems = Problems()
    config = load_config(root, problems)
    problems.raise_if_any()
    assert config is not None
    got = dict(config.record)
    got[config.edition] = tuple(what_changed(previous, current).recorded())
    order = [e.version for e in config.editions]          # newest first, as content/editions.yaml
    text = _RECORD_HEAD + "".join(
        f"- version: {json.dumps(v)}\n  changed:"
        + ("".join(f"\n    - {json.dumps(a)}" for a in got[v]) if got[v] else " []") + "\n"
        for v in order if v in got)
    path = root / CHANGED_FILE
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return None
    path.write_text(text, encoding="utf-8")
    return config.edition, len(got[config.edition])
