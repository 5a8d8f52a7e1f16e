"""The whole site as a model: content, computed corpora and the page registry, all checked."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..config import Config
from ..content import Content
from ..content.texts import Text
from ..problems import Problems
from . import addresses as A
from .pages import Page, Registry


@dataclass
class Site:
    root: Path
    config: Config
    texts: tuple[Text, ...]
    registry: Registry = field(default_factory=Registry)

    def text(self, slug: str) -> Text | None:
        return next((t for t in self.texts if t.slug == slug), None)


def build_site(content: Content) -> Site:
    """Compute everything the pages need and register every page; raise on any problem."""
    problems = Problems()
    site = Site(root=content.root, config=content.config, texts=content.texts)
    _register_pages(site)
    for a, b in site.registry.clashes:
        problems.add(b.address.file, None,
                     f"two pages would be written to {a.address.file}: {a.key} and {b.key}",
                     "give one of them another slug or id")
    problems.raise_if_any()
    return site


def _register_pages(site: Site) -> None:
    reg = site.registry
    reg.add(Page("home", "home", A.HOME, site.config.title_ko))
    reg.add(Page("texts", "texts", A.TEXTS, "원전 목록", parent="home"))
    for t in site.texts:
        reg.add(Page(f"text:{t.slug}", "text", A.text(t.slug), t.title_zh, ref=t.slug,
                     deps=frozenset({f"text:{t.slug}"}), parent="texts"))
    reg.add(Page("about", "about", A.ABOUT, "이 사이트에 대하여", parent="home"))
    reg.add(Page("404", "not_found", A.NOT_FOUND, "페이지를 찾을 수 없습니다", in_sitemap=False))
