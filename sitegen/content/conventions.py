"""Conventions: ``content/conventions.yaml`` names, sources and words every convention the engines
follow and its alternatives (the ids are the engines', ``sitegen.model.conventions``)::

    - id: shehai                      # a convention of sitegen/model/conventions.py
      zh: 涉害 深淺
      ko: 섭해의 깊이 세기
      summary: "…"                    # what it is about, in Korean
      rules: [liuren-she-hai, …]      # the rules it affects (their pages link to it)
      options:                        # every option, the engines' default first
        - id: shehai_depth
          zh: …
          ko: …
          source: 《六壬大全》 卷七 涉害課   # book · 卷 · passage, or [[text#paragraph]]
          quote: 以涉地盤歸本家受剋深處為用   # the defining clause (optional)
          note: "…"                   # how it reads, in Korean
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..problems import Problems
from .source import Field, ListOf, check_schema, is_str, matches, read_yaml

FILE = "content/conventions.yaml"
_ID = matches(r"[a-z][a-z0-9_]*", "lowercase letters, digits and underscores")
OPTION = {"id": Field(_ID), "zh": Field(is_str), "ko": Field(is_str), "source": Field(is_str),
          "quote": Field(is_str, required=False), "note": Field(is_str)}
ENTRY = {"id": Field(_ID), "zh": Field(is_str), "ko": Field(is_str), "summary": Field(is_str),
         "rules": Field(ListOf(is_str)), "options": Field(ListOf(OPTION))}


@dataclass(frozen=True)
class OptionEntry:
    id: str
    zh: str
    ko: str
    source: str
    quote: str | None
    note: str
    line: int


@dataclass(frozen=True)
class ConventionEntry:
    id: str
    zh: str
    ko: str
    summary: str
    rules: tuple[str, ...]
    options: tuple[OptionEntry, ...]
    line: int


def load_conventions(root: Path, problems: Problems) -> tuple[ConventionEntry, ...]:
    path = root / FILE
    if not path.exists():
        problems.add(FILE, None, "the conventions file is missing",
                     "content/conventions.yaml names every convention of sitegen/model/conventions.py")
        return ()
    doc = read_yaml(path, FILE, problems)
    if doc is None:
        return ()
    if not isinstance(doc.data, list):
        problems.add(FILE, 1, "the conventions are a list of entries ('- id: …')",
                     "start each convention with '- id: <convention id>'")
        return ()
    out = []
    for i, item in enumerate(doc.data):
        if not check_schema(item, ENTRY, doc, FILE, problems, (i,)):
            continue
        options = tuple(OptionEntry(o["id"], o["zh"], o["ko"], o["source"], o.get("quote"), o["note"],
                                    doc.line((i, "options", j)))
                        for j, o in enumerate(item["options"]))
        out.append(ConventionEntry(item["id"], item["zh"], item["ko"], item["summary"],
                                   tuple(item["rules"]), options, doc.line((i,))))
    return tuple(out)
