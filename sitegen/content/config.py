"""The site's settings, from ``content/site.yaml``."""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass
from pathlib import Path

from .source import (
    ZH_KO, Field, check_schema, is_date, is_str, matches, one_of, parse_yaml, read_text,
)
from ..problems import Problems

SCHEMA = {
    "title": Field(ZH_KO),
    "tagline": Field(is_str),
    "base_url": Field(matches(r"https?://[^\s]+/", "an http(s) URL ending in '/'")),
    "published": Field(is_date),
    "engines": Field({
        "liuren_shehai": Field(one_of("depth", "mengzhongji")),
        "yi_kin_variant": Field(one_of("ben-palace", "bian-palace")),
    }),
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
    )
