"""Glossary terms: ``content/terms/*.yaml``.

::

    - id: fa-yong                  # permanent: the page terms/fa-yong/
      zh: 發用
      ko: 발용
      aliases: [用神]               # other spellings that link here from the texts (optional)
      gloss: >-                    # a Korean gloss (Markdown)
        …
      defined_in:                  # paragraphs that define or explain it
        - ref: liuren-gejue#p05
          quote: 取干上神為用        # optional
      link_in: [liuren-gejue]      # link occurrences only in these texts (default: all texts)
      unlinked: [世人]              # words in which a spelling is part of another word: never linked
      rules: [liuren-yuan-shou]    # rules that use it (optional)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..problems import Problems
from .rules import CITE, Cite, _cite
from .source import Field, ListOf, address, check_markdown, is_str, list_entries, matches
from .texts import ID_PATTERN

ENTRY = {
    "id": Field(address(ID_PATTERN, "lowercase letters, digits and hyphens")),
    "zh": Field(is_str),
    "ko": Field(is_str),
    "aliases": Field(ListOf(is_str), required=False),
    "gloss": Field(is_str),
    "defined_in": Field(ListOf(CITE)),
    "link_in": Field(ListOf(matches(ID_PATTERN, "a text slug")), required=False),
    "unlinked": Field(ListOf(is_str), required=False),
    "rules": Field(ListOf(matches(ID_PATTERN, "a rule id")), required=False),
}


@dataclass(frozen=True)
class Term:
    id: str
    zh: str
    ko: str
    aliases: tuple[str, ...]
    gloss: str
    defined_in: tuple[Cite, ...]
    link_in: tuple[str, ...] | None
    unlinked: tuple[str, ...]
    rules: tuple[str, ...]
    file: str
    line: int

    @property
    def spellings(self) -> tuple[str, ...]:
        return (self.zh,) + self.aliases


def load_terms(root: Path, problems: Problems) -> tuple[Term, ...]:
    terms: list[Term] = []
    spelled: dict[str, str] = {}
    for rel, doc, i, item in list_entries(root, "terms", ENTRY, "term", problems):
        line = doc.line((i,))
        spellings = [item["zh"], *(item.get("aliases") or [])]
        clash = [s for s in spellings if s in spelled]
        if clash:
            problems.add(rel, line, f"the spelling {clash[0]!r} already belongs to term "
                         f"{spelled[clash[0]]}", "a spelling can link to one term only")
            continue
        for s in spellings:
            spelled[s] = item["id"]
        check_markdown(item["gloss"], rel, doc.line((i, "gloss")), problems)
        for word in item.get("unlinked") or []:
            if not any(sp in word for sp in spellings):
                problems.add(rel, doc.line((i, "unlinked")), f"term {item['id']}: the unlinked "
                             f"word {word!r} contains none of its spellings",
                             "list words that contain the term's spelling but mean something else")
        terms.append(Term(
            id=item["id"], zh=item["zh"], ko=item["ko"], aliases=tuple(item.get("aliases") or ()),
            gloss=item["gloss"],
            defined_in=tuple(_cite(c, rel, doc.line((i, "defined_in", j)))
                             for j, c in enumerate(item["defined_in"])),
            link_in=tuple(item["link_in"]) if item.get("link_in") else None,
            unlinked=tuple(item.get("unlinked") or ()),
            rules=tuple(item.get("rules") or ()), file=rel, line=line,
        ))
    return tuple(terms)
