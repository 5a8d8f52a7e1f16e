"""Every page's permanent address: one value gives both its URL and its output path.

An :class:`Address` is the page's folder form (``texts/huangjince/``), which is what an author
cites under the site's base URL; its :attr:`~Address.file` is what the build writes
(``texts/huangjince/index.html``) and what internal links point at, so the built folder works
opened from disk. These addresses are permanent: once published they never change (a moved
page keeps a redirect, see ``content/redirects.yaml``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .ganzhi import GanZhi


@dataclass(frozen=True, order=True)
class Address:
    path: str  # '' for the home page; 'x/y/' for a page; 'x/y.ext' for any other file

    @property
    def is_page(self) -> bool:
        return self.path == "" or self.path.endswith("/")

    @property
    def file(self) -> str:
        """The output path, relative to the site root."""
        return _file(self.path)

    def canonical(self, base_url: str) -> str:
        """The citable URL: the base URL plus the folder form."""
        return base_url + self.path

    def href(self, here: Address, anchor: str | None = None) -> str:
        """A relative link from page ``here`` to this file (or ``#anchor`` on the same page)."""
        frag = f"#{anchor}" if anchor else ""
        if self == here and anchor:
            return frag
        return relative(here.file, self.file) + frag

    def twin(self) -> Address:
        """The JSON twin that sits beside a page."""
        assert self.is_page, self
        return Address(self.path + "index.json")


@lru_cache(maxsize=1 << 16)
def _file(path: str) -> str:
    return path + "index.html" if path == "" or path.endswith("/") else path


def relative(from_file: str, to_file: str) -> str:
    """``to_file`` relative to the folder of ``from_file`` (both relative to the site root)."""
    depth = from_file.count("/")
    if depth == 0:
        return to_file
    if from_file[: from_file.index("/") + 1] != to_file[: to_file.find("/") + 1]:
        return "../" * depth + to_file          # different top folders: up to the root, then down
    return _relative(from_file, to_file)


@lru_cache(maxsize=1 << 16)
def _relative(from_file: str, to_file: str) -> str:
    src = from_file.split("/")[:-1]
    dst = to_file.split("/")
    k = 0
    while k < len(src) and k < len(dst) - 1 and src[k] == dst[k]:
        k += 1
    return "../" * (len(src) - k) + "/".join(dst[k:])


HOME = Address("")
TEXTS = Address("texts/")
LIUREN = Address("liuren/")
YI = Address("yi/")
YI_MATRIX = Address("yi/matrix/")
YI_MOMENT = Address("yi/moment.js")      # the day-and-month tables of the change pages
CAST_YI = Address("cast/yi.js")          # the cast page's tables for casting a hexagram
CAST_CALENDAR = Address("cast/calendar.js")   # the calendar's tables alone, for reading a moment
RULES = Address("rules/")
TERMS = Address("terms/")
ABOUT = Address("about/")
VALIDATION = Address("about/validation/")
CONVENTIONS = Address("about/conventions/")
AGREEMENT = Address("about/conventions/agreement/")
SEARCH = Address("search/")
CAST = Address("cast/")
BOOKS = Address("books/")
NOT_FOUND = Address("404.html")
SITEMAP = Address("sitemap.xml")
ADDRESS_LIST = Address("data/addresses.txt")
LIUREN_DATA = Address("data/liuren.json")
HEXAGRAM_DATA = Address("data/yi/hexagrams.json")
CHANGE_DATA = Address("data/yi/changes.json")


def validation_part(part: str) -> Address:
    """One corpus's part of the validation report; ``about/validation/`` stays the entry point."""
    return Address(f"about/validation/{part}/")


def text(slug: str) -> Address:
    return Address(f"texts/{slug}/")


def liuren_day(day: GanZhi) -> Address:
    return Address(f"liuren/{day.slug}/")


def lesson(day: GanZhi, plate: int) -> Address:
    return Address(f"liuren/{day.slug}/{plate:02d}/")


def hexagram(number: int) -> Address:
    return Address(f"yi/{number:02d}/")


def change(ben: int, bian: int) -> Address:
    return Address(f"yi/{ben:02d}/{bian:02d}/")


def book(slug: str) -> Address:
    return Address(f"books/{slug}/")


def rule(rule_id: str) -> Address:
    return Address(f"rules/{rule_id}/")


def term(term_id: str) -> Address:
    return Address(f"terms/{term_id}/")


def asset(name: str) -> Address:
    return Address(f"assets/{name}")
