"""The page registry: every output file, keyed by its source, with its address.

A :class:`Page` says what a file is made from (``kind`` and ``ref``) and where it goes (its
:class:`~sitegen.model.addresses.Address`). The registry refuses two pages at one output path.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterator, NamedTuple

from .addresses import Address


class Page(NamedTuple):
    """Immutable; a named tuple rather than a frozen dataclass, as there are 10,000 of them and
    every build makes them all (a named tuple is made in a third of the time)."""

    key: str                 # the source it is made from, e.g. 'text:huangjince', 'lesson:bing-yin:08'
    kind: str                # which view and template make it ('text', 'lesson', 'json', …)
    address: Address
    title: str               # the document title, without the site name
    ref: Any = None          # the model object (or key) the view is built from
    parent: str | None = None  # key of the page above it in the breadcrumbs
    in_sitemap: bool = True


@dataclass
class Registry:
    pages: dict[str, Page] = field(default_factory=dict)
    by_file: dict[str, Page] = field(default_factory=dict)
    clashes: list[tuple[Page, Page]] = field(default_factory=list)

    def add(self, page: Page) -> Page:
        if page.key in self.pages:
            raise ValueError(f"two pages are made from the same source {page.key!r}")
        file = page.address.file
        other = self.by_file.get(file)
        if other is not None:
            self.clashes.append((other, page))
            return page
        self.pages[page.key] = page
        self.by_file[file] = page
        return page

    def __getitem__(self, key: str) -> Page:
        return self.pages[key]

    def get(self, key: str) -> Page | None:
        return self.pages.get(key)

    def __iter__(self) -> Iterator[Page]:
        return iter(self.pages.values())

    def __len__(self) -> int:
        return len(self.pages)

    def crumbs(self, page: Page) -> list[Page]:
        """The pages above ``page``, from the home page down (not including ``page``)."""
        chain = []
        key = page.parent
        while key is not None:
            p = self.pages[key]
            chain.append(p)
            key = p.parent
        return chain[::-1]
