"""Validation records: the seeds' worked examples and the comparison with a classical table.

``content/validation/<engine>-seeds.yaml`` lists every example a seed states, with where it
says so and what it claims; the engines check each claim when the site is built.
``content/validation/tanyuan.yaml`` records the lessons where 《大六壬探原》's table differs from
the engine (a test recomputes it against the table itself, so it cannot go stale).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..problems import Problems
from .rules import Cite
from .source import Field, ListOf, check_schema, is_int, is_str, matches, read_yaml
from .texts import ID_PATTERN

EXAMPLE = {
    "id": Field(matches(ID_PATTERN, "lowercase letters, digits and hyphens")),
    "cite": Field(matches(r"[a-z0-9][a-z0-9-]*#[a-z0-9][a-z0-9-]*", "text-slug#paragraph-id")),
    "quote": Field(is_str),
    "says": Field(is_str),
    "check": Field(lambda v: None if isinstance(v, dict) and v else "a mapping of what to check"),
    "known_difference": Field(lambda v: None if v is None or (isinstance(v, str) and v.strip())
                              else "null or a Korean explanation", required=False),
}

SEEDS_FILE = {"engine": Field(is_str), "examples": Field(ListOf(EXAMPLE))}

DIFFERENCE = {
    "day": Field(is_str), "plate": Field(is_int), "tanyuan": Field(is_str),
    "engine": Field(is_str), "reason": Field(is_str),
}
TANYUAN_FILE = {"source": Field(is_str), "compared": Field(is_int),
                "differences": Field(ListOf(DIFFERENCE))}


@dataclass(frozen=True)
class Example:
    id: str
    engine: str
    cite: Cite
    says: str
    check: dict[str, Any]
    known_difference: str | None
    file: str
    line: int


@dataclass(frozen=True)
class Difference:
    day: str
    plate: int
    tanyuan: str
    engine: str
    reason: str
    line: int


@dataclass(frozen=True)
class Comparison:
    source: str
    compared: int
    differences: tuple[Difference, ...]
    file: str


@dataclass(frozen=True)
class Validation:
    examples: tuple[Example, ...]
    tanyuan: Comparison | None


def load_validation(root: Path, problems: Problems) -> Validation:
    folder = root / "content" / "validation"
    examples: list[Example] = []
    seen: dict[str, str] = {}
    for path in sorted(folder.glob("*-seeds.yaml")):
        rel = path.relative_to(root).as_posix()
        doc = read_yaml(path, rel, problems)
        if doc is None or not check_schema(doc.data, SEEDS_FILE, doc, rel, problems):
            continue
        engine = doc.data["engine"]
        for i, e in enumerate(doc.data["examples"]):
            line = doc.line(("examples", i))
            if e["id"] in seen:
                problems.add(rel, line, f"the example id {e['id']!r} is already used in {seen[e['id']]}")
                continue
            seen[e["id"]] = f"{rel}:{line}"
            text_slug, _, para = e["cite"].partition("#")
            examples.append(Example(e["id"], engine, Cite(text_slug, para, e["quote"], rel, line),
                                    e["says"], e["check"], e.get("known_difference"), rel, line))
    tanyuan = None
    path = folder / "tanyuan.yaml"
    if path.exists():
        rel = path.relative_to(root).as_posix()
        doc = read_yaml(path, rel, problems)
        if doc is not None and check_schema(doc.data, TANYUAN_FILE, doc, rel, problems):
            d = doc.data
            tanyuan = Comparison(d["source"], d["compared"], tuple(
                Difference(x["day"], x["plate"], x["tanyuan"], x["engine"], x["reason"],
                           doc.line(("differences", i)))
                for i, x in enumerate(d["differences"])), rel)
    return Validation(tuple(examples), tanyuan)
