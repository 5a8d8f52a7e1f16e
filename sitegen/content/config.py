"""The site's settings, from ``content/site.yaml`` (the base URL can be overridden for one build)."""

from __future__ import annotations

import dataclasses
import datetime as _dt
import re
from dataclasses import dataclass
from urllib.parse import urlsplit
from pathlib import Path

from .source import (
    ZH_KO, Field, check_schema, is_date, is_str, one_of, parse_yaml, read_text,
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


def _day_starts(v) -> str | None:
    return None if v in (23, 0) and not isinstance(v, bool) else "23 (子初, the default) or 0"


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


CONFIG_FILE = "content/site.yaml"


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
    )
    return dataclasses.replace(config, base_url=base_url) if base_url else config


def base_url_problem(url: str) -> str | None:
    """Why ``url`` cannot be the site's base URL, or None."""
    why = BASE_URL(url)
    return f"the base URL must be {why}, not {url!r}" if why else None


# Domains reserved for examples and tests (RFC 2606, RFC 6761): a site published there cannot be cited.
_EXAMPLE_SUFFIXES = ("example.com", "example.net", "example.org", "example", "test", "invalid", "localhost")


def example_domain_warning(url: str) -> str | None:
    """A warning when ``url`` is on a domain reserved for examples (the placeholder
    ``https://sitegen.example.org/`` that content/site.yaml comes with), else None."""
    host = (urlsplit(url).hostname or "").rstrip(".").lower()
    if not any(host == s or host.endswith("." + s) for s in _EXAMPLE_SUFFIXES):
        return None
    return (f"warning: the base URL {url} is an example domain; every canonical link, citation and "
            f"the sitemap point there.\n    hint: before publishing, set base_url in {CONFIG_FILE} "
            "or pass --base-url https://your.site/path/")
