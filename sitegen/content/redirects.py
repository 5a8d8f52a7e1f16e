"""Redirects: ``content/redirects.yaml`` keeps every old address working after a move.

::

    - from: texts/old-slug/          # an address that was published
      to: texts/new-slug/            # where it lives now (optionally with #anchor)

Each becomes a small page at the old address that sends the reader on (a meta refresh and a
plain link: no JavaScript needed).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..problems import Problems
from .source import Field, check_schema, matches, read_yaml

ADDRESS = r"(?:[a-z0-9][a-z0-9._-]*/)+"
SCHEMA = {
    "from": Field(matches(ADDRESS, "a page address in folder form, e.g. texts/old/")),
    "to": Field(matches(ADDRESS + r"(?:#[a-z0-9][a-z0-9-]*)?|", "a page address, optionally #anchor")),
}

FILE = "content/redirects.yaml"


@dataclass(frozen=True)
class Redirect:
    source: str
    target: str
    line: int


def load_redirects(root: Path, problems: Problems) -> tuple[Redirect, ...]:
    path = root / FILE
    if not path.exists():
        return ()
    doc = read_yaml(path, FILE, problems)
    if doc is None or doc.data is None:
        return ()
    if not isinstance(doc.data, list):
        problems.add(FILE, 1, "redirects are a list of entries ('- from: …  to: …')")
        return ()
    found = []
    for i, item in enumerate(doc.data):
        if check_schema(item, SCHEMA, doc, FILE, problems, (i,)):
            found.append(Redirect(item["from"], item["to"], doc.line((i,))))
    return tuple(found)
