"""The site's settings, from ``content/site.yaml``."""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from pathlib import Path

from .content.source import (
    ZH_KO, Field, check_schema, is_date, is_str, matches, one_of, parse_yaml, read_text,
)
from .problems import Problems


def _day_starts(v) -> str | None:
    return None if v in (23, 0) and not isinstance(v, bool) else "23 (子初, the default) or 0"


SCHEMA = {
    "title": Field(ZH_KO),
    "tagline": Field(is_str),
    "base_url": Field(matches(r"https?://[^\s]+/", "an http(s) URL ending in '/'")),
    "published": Field(is_date),
    "engines": Field({
        "liuren_shehai": Field(one_of("depth", "mengzhongji")),
        "yi_kin_variant": Field(one_of("ben-palace", "bian-palace")),
    }),
    "casting": Field({"day_starts": Field(_day_starts)}, required=False),
}


@dataclass(frozen=True)
class Config:
    title_zh: str
    title_ko: str
    tagline: str
    base_url: str
    published: _dt.date
    liuren_shehai: str
    yi_kin_variant: str
    day_starts: int = 23       # the hour the 干支 day turns at when casting: 23 (子初) or 0


CONFIG_FILE = "content/site.yaml"


def load_config(root: Path, problems: Problems) -> Config | None:
    text = read_text(root / CONFIG_FILE, CONFIG_FILE, problems)
    if text is None:
        return None
    doc = parse_yaml(text, CONFIG_FILE, problems)
    if doc is None or not check_schema(doc.data, SCHEMA, doc, CONFIG_FILE, problems):
        return None
    d = doc.data
    return Config(
        title_zh=d["title"]["zh"], title_ko=d["title"]["ko"], tagline=d["tagline"],
        base_url=d["base_url"], published=d["published"],
        liuren_shehai=d["engines"]["liuren_shehai"], yi_kin_variant=d["engines"]["yi_kin_variant"],
        day_starts=d.get("casting", {}).get("day_starts", 23),
    )
