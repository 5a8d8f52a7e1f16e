"""The site's settings, from ``content/site.yaml`` (the base URL can be overridden for one build)."""

from __future__ import annotations

import dataclasses
import datetime as _dt
import re
import functools
from dataclasses import dataclass
from urllib.parse import urlsplit
from pathlib import Path

from .source import (
    CREDIT, CREDITS, UNKNOWN, ZH_KO, Field, ListOf, Person, check_schema, is_date, is_str, matches, one_of,
    parse_yaml, person, read_text, read_yaml,
)
from ..model.options import KinVariant, NobleTable, Shehai
from ..problems import Problems

_BASE_URL_SHAPE = re.compile(
    r"https?://(?:[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?"
    r"/(?:(?:[A-Za-z0-9._~!$&()*+,;=:@-]|%[0-9A-Fa-f]{2})+/)*")


def BASE_URL(v) -> str | None:
    """What the site's address must be, and the fault of ``v`` if it is not: an http(s) origin
    with a path, and nothing a canonical link, a citation or the sitemap would carry wrongly (a
    fragment or a query sends every address to one page; a user name publishes a credential)."""
    what = "an http(s) URL ending in '/'"
    if not isinstance(v, str) or not v.startswith(("http://", "https://")):
        return what
    host = v.partition("://")[2].split("/", 1)[0]
    bad = next((c for c in v if c.isspace() or not c.isprintable()), None)
    fault = (f"spaces or control characters (U+{ord(bad):04X})" if bad is not None
             else "quotes" if any(c in v for c in "'\"`") else "a backslash" if "\\" in v
             else "a #fragment" if "#" in v else "a ?query" if "?" in v
             else "a user name or password (user:secret@)" if "@" in host
             else "'<' or '>'" if any(c in v for c in "<>")
             else None)
    if fault is None and not _BASE_URL_SHAPE.fullmatch(v):
        odd = next((c for c in v if not c.isascii()), None)
        fault = f"the character {odd!r} (percent-encode it; a host in punycode, xn--…)" if odd else None
        if fault is None:
            return what + ", such as https://example.net/kb/"
    return f"{what} without {fault}" if fault else None


BASE_URL_ANY = matches(r"https?://[^\s/]+(/[^\s]*)?", "an http(s) URL")


def _day_starts(v) -> str | None:
    return None if v in (23, 0) and not isinstance(v, bool) else "23 (子初, the default) or 0"


VERSION = matches(r"[0-9A-Za-z][0-9A-Za-z.\-]*", "a version such as 1.0")
EDITION = {"version": Field(VERSION), "date": Field(is_date), "summary": Field(is_str)}
# content/changed.yaml: for each edition released after the first, the addresses whose facts or
# text it changed or that it added, as `sitegen build --previous DIR --record` wrote them
PAGE_ADDRESS = re.compile(r"[a-z0-9][a-z0-9/._-]*/")          # a page of its own: the folder it is the index of
ADDRESS = matches(PAGE_ADDRESS.pattern + r"(#[A-Za-z0-9_-]+)?",
                  "a page's address as the report lists it, such as rules/liuren-zi-ren/ or texts/huangjince/#p03")
RECORD = {"version": Field(VERSION), "changed": Field(ListOf(ADDRESS))}


SCHEMA = {
    "title": Field(ZH_KO),
    "tagline": Field(is_str),
    "base_url": Field(BASE_URL),
    "published": Field(is_date),
    "engines": Field({
        "liuren_shehai": Field(one_of(*Shehai)),
        "liuren_guiren": Field(one_of(*NobleTable), required=False),
        "yi_kin_variant": Field(one_of(*KinVariant)),
    }),
    "casting": Field({"day_starts": Field(_day_starts)}, required=False),
    "authorities": Field(is_str, required=False),
    # The edition this build is: its version and date, shown in the footer, the meta and every
    # citation (the list of editions with their summaries is content/editions.yaml).
    "edition": Field({"version": Field(VERSION), "date": Field(is_date)}),
    # Who compiled the site and who edited it (names, or `unknown`).
    "compiler": Field(CREDIT),
    "editors": Field(CREDITS),
    # The licence of the content (texts, translations, notes, computed data); the code's is
    # the project's LICENSE file. Unset, every build warns.
    "license": Field({"name": Field(is_str), "url": Field(BASE_URL_ANY)}, required=False),
}


@dataclass(frozen=True)
class Config:
    title_zh: str
    title_ko: str
    tagline: str
    base_url: str
    published: _dt.date
    liuren_shehai: Shehai
    yi_kin_variant: KinVariant
    liuren_guiren: NobleTable = NobleTable.GEJUE   # the 貴人 table (NobleTable: its values, its source)
    day_starts: int = 23       # the hour the 干支 day turns at when casting: 23 (子初) or 0
    # the folder of the classical authorities' transcriptions (relative to the project), outside it:
    # where it is, every rule's authority quote is looked for there (sitegen.content.authorities)
    authorities: str | None = None
    edition: str = "1.0"                 # the version of this edition
    edition_date: _dt.date = _dt.date(2026, 11, 30)
    compiler: Person | None = None       # None: unknown (content/site.yaml says so)
    editors: tuple[Person, ...] | None = None
    license_name: str | None = None      # the content's licence; None: unset (a build warns)
    license_url: str | None = None
    editions: tuple["Edition", ...] = ()  # content/editions.yaml, newest first
    # content/changed.yaml: (version, the addresses that edition changed or added), per edition
    record: tuple[tuple[str, tuple[str, ...]], ...] = ()


@dataclass(frozen=True)
class Edition:
    version: str
    date: _dt.date
    summary: str


@functools.lru_cache(maxsize=4)
def _changed_in(editions: tuple[Edition, ...], record: tuple) -> dict[str, Edition]:
    changed = dict(record)
    got: dict[str, Edition] = {}
    for e in reversed(editions):              # oldest first: a newer edition overrides
        for address in changed.get(e.version, ()):
            got[address.partition("#")[0]] = e      # a paragraph's change is its text page's
    return got


def last_changed(config: Config, path: str) -> Edition | None:
    """The newest edition that changed or added the page at ``path`` (an address relative to the
    site's root, e.g. 'rules/liuren-zi-ren/') by content/changed.yaml, else the first edition;
    None without editions."""
    editions = config.editions
    return _changed_in(editions, config.record).get(path) or (editions[-1] if editions else None)


def record_warning(config: Config) -> str | None:
    """A warning when an edition after the first has no record in content/changed.yaml: the pages
    cannot say exactly in which edition they last changed."""
    recorded = {v for v, _ in config.record}
    missing = [e.version for e in config.editions[:-1] if e.version not in recorded]
    if not missing:
        return None
    return (f"warning: {CHANGED_FILE} has no record of what edition {', '.join(missing)} changed, so "
            f"pages may name an older edition as the one in which they last changed.\n    hint: "
            f"release the edition with `sitegen build --previous DIR --record` (DIR: the earlier "
            f"edition's build), as CONTRIBUTING.md says")


CONFIG_FILE = "content/site.yaml"
EDITIONS_FILE = "content/editions.yaml"
CHANGED_FILE = "content/changed.yaml"


def load_config(root: Path, problems: Problems, base_url: str | None = None) -> Config | None:
    """The settings in ``content/site.yaml``; ``base_url``, if given, replaces the file's (it must
    have been checked with :func:`base_url_problem`)."""
    text = read_text(root / CONFIG_FILE, CONFIG_FILE, problems)
    if text is None:
        return None
    doc = parse_yaml(text, CONFIG_FILE, problems)
    if doc is None or not check_schema(doc.data, SCHEMA, doc, CONFIG_FILE, problems):
        return None
    d = doc.data
    config = Config(
        title_zh=d["title"]["zh"], title_ko=d["title"]["ko"], tagline=d["tagline"],
        base_url=d["base_url"], published=d["published"],
        liuren_shehai=Shehai(d["engines"]["liuren_shehai"]),
        yi_kin_variant=KinVariant(d["engines"]["yi_kin_variant"]),
        liuren_guiren=NobleTable(d["engines"].get("liuren_guiren", NobleTable.GEJUE)),
        day_starts=d.get("casting", {}).get("day_starts", 23),
        authorities=d.get("authorities"),
        edition=d["edition"]["version"], edition_date=d["edition"]["date"],
        compiler=person(d["compiler"]),
        editors=None if d["editors"] == UNKNOWN else tuple(p for e in d["editors"] if (p := person(e)) is not None),
        license_name=(d.get("license") or {}).get("name"), license_url=(d.get("license") or {}).get("url"),
    )
    editions = load_editions(root, problems, config)
    if editions is None:
        return None
    record = load_record(root, problems, editions)
    if record is None:
        return None
    config = dataclasses.replace(config, editions=editions, record=record)
    return dataclasses.replace(config, base_url=base_url) if base_url else config


def load_editions(root: Path, problems: Problems, config: Config) -> tuple[Edition, ...] | None:
    """The list of editions (``content/editions.yaml``); the edition built must be in it."""
    text = read_text(root / EDITIONS_FILE, EDITIONS_FILE, problems)
    if text is None:
        return None
    doc = parse_yaml(text, EDITIONS_FILE, problems)
    if doc is None:
        return None
    if not isinstance(doc.data, list) or not doc.data:
        problems.add(EDITIONS_FILE, 1, "the editions must be a list",
                     "write one '- version: …' entry (version, date, summary) per edition")
        return None
    if not all([check_schema(e, EDITION, doc, EDITIONS_FILE, problems, (i,)) for i, e in enumerate(doc.data)]):
        return None           # every entry checked, each problem reported
    editions = tuple(Edition(e["version"], e["date"], e["summary"]) for e in doc.data)
    this = next((e for e in editions if e.version == config.edition), None)
    if this is None or this.date != config.edition_date:
        problems.add(EDITIONS_FILE, 1, f"the edition {config.edition} ({config.edition_date}) named in "
                     f"{CONFIG_FILE} is not listed here" + (f" (listed dated {this.date})" if this else ""),
                     f"add '- version: \"{config.edition}\"' with its date and a summary, or correct "
                     f"edition in {CONFIG_FILE}")
        return None
    return editions


def load_record(root: Path, problems: Problems,
                editions: tuple[Edition, ...]) -> tuple[tuple[str, tuple[str, ...]], ...] | None:
    """What each edition changed (``content/changed.yaml``; none recorded when there is no such
    file): every edition named must be listed in content/editions.yaml."""
    if not (root / CHANGED_FILE).exists():
        return ()
    doc = read_yaml(root / CHANGED_FILE, CHANGED_FILE, problems)
    if doc is None:
        return None
    data = [] if doc.data is None else doc.data
    if not isinstance(data, list):
        problems.add(CHANGED_FILE, 1, "the record must be a list",
                     "this file is written by `sitegen build --previous DIR --record`: write it again")
        return None
    if not all([check_schema(e, RECORD, doc, CHANGED_FILE, problems, (i,)) for i, e in enumerate(data)]):
        return None
    listed = {e.version for e in editions}
    for i, e in enumerate(data):
        if e["version"] not in listed:
            problems.add(CHANGED_FILE, doc.line((i,)), f"the edition {e['version']} is not listed in "
                         f"{EDITIONS_FILE}", f"this file is written by `sitegen build --previous DIR "
                         f"--record`; list the edition in {EDITIONS_FILE}, or remove its entry here")
            return None
    return tuple((e["version"], tuple(e["changed"])) for e in data)


def base_url_problem(url: str) -> str | None:
    """Why ``url`` cannot be the site's base URL, or None."""
    why = BASE_URL(url)
    return f"the base URL must be {why}, not {url!r}" if why else None


# Domains reserved for examples and tests (RFC 2606, RFC 6761): a site published there cannot be cited.
_EXAMPLE_SUFFIXES = ("example.com", "example.net", "example.org", "example", "test", "invalid", "localhost")


def is_example_domain(url: str) -> bool:
    """``url`` is on a domain reserved for examples: a placeholder, not a citable address."""
    host = (urlsplit(url).hostname or "").rstrip(".").lower()
    return any(host == s or host.endswith("." + s) for s in _EXAMPLE_SUFFIXES)


def example_domain_warning(url: str) -> str | None:
    """A warning when ``url`` is on a domain reserved for examples (the placeholder
    ``https://sitegen.example.org/`` that content/site.yaml comes with), else None."""
    if not is_example_domain(url):
        return None
    return (f"warning: the base URL {url} is an example domain; every canonical link, citation and "
            f"the sitemap point there.\n    hint: before publishing, set base_url in {CONFIG_FILE} "
            "or pass --base-url https://your.site/path/")


def license_warning(config: Config) -> str | None:
    """A warning when the content's licence is not set in content/site.yaml, else None."""
    if config.license_name:
        return None
    return (f"warning: no content licence is set; pages and JSON name none, so readers may not "
            f"reuse the texts, translations or data.\n    hint: add to {CONFIG_FILE}:\n"
            "    license: {name: …, url: …}  (the licence its rights holders grant: only they may choose it)")
