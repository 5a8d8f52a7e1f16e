"""Rule entries: ``content/rules/*.yaml``, one list of entries per family.

An entry is the reader-facing half of a rule the engines apply (the predicate is the other
half, in code; they are joined by ``id``)::

    - id: liuren-yuan-shou            # permanent: the page rules/liuren-yuan-shou/
      zh: 元首
      ko: 원수
      applies_to: lesson              # lesson | hexagram | change
      definition: >-                  # a short definition in Korean (Markdown)
        …
      cites:                          # where the seeds state it: text-slug#paragraph-id
        - ref: liuren-gejue#p02
          quote: 照常以克賊比涉用       # optional: a phrase of that paragraph, verbatim
      follows: 《六壬大全》 卷七 …        # where the seeds say nothing: the classical source used
      readings:                       # optional, per outcome (e.g. a 梅花 topic by 體用 relation)
        用生體: {ref: meihua-tiyong#p02, quote: 用生體，多進益}

Every entry needs ``cites`` or ``follows`` (or both). Whether a cited paragraph and phrase exist
is checked once all texts are loaded.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..problems import Problems
from .source import Field, ListOf, check_schema, is_str, list_entries, matches, one_of
from .texts import ID_PATTERN

CITE = {
    "ref": Field(matches(r"[a-z0-9][a-z0-9-]*#[a-z0-9][a-z0-9-]*", "text-slug#paragraph-id")),
    "quote": Field(is_str, required=False),
}

ENTRY = {
    "id": Field(matches(ID_PATTERN, "lowercase letters, digits and hyphens")),
    "zh": Field(is_str),
    "ko": Field(is_str),
    "applies_to": Field(one_of("lesson", "hexagram", "change")),
    "definition": Field(is_str),
    "cites": Field(ListOf(CITE), required=False),
    "follows": Field(is_str, required=False),
    "readings": Field(lambda v: None if isinstance(v, dict) and v else "a mapping of outcomes to citations",
                      required=False),
}


@dataclass(frozen=True)
class Cite:
    text: str
    paragraph: str
    quote: str | None
    file: str
    line: int

    @property
    def ref(self) -> str:
        return f"{self.text}#{self.paragraph}"


@dataclass(frozen=True)
class RuleEntry:
    id: str
    zh: str
    ko: str
    applies_to: str
    definition: str
    cites: tuple[Cite, ...]
    follows: str | None
    readings: tuple[tuple[str, Cite], ...]
    file: str
    line: int


def _cite(value: dict, rel: str, line: int) -> Cite:
    text, _, para = value["ref"].partition("#")
    return Cite(text, para, value.get("quote"), rel, line)


def load_rules(root: Path, problems: Problems) -> tuple[RuleEntry, ...]:
    entries: list[RuleEntry] = []
    for rel, doc, i, item in list_entries(root, "rules", ENTRY, "rule", problems):
        line = doc.line((i,))
        if not item.get("cites") and not item.get("follows"):
            problems.add(rel, line, f"rule {item['id']} cites no paragraph and names no source",
                         "add 'cites: [{ref: text#paragraph}]', or 'follows: …' naming the "
                         "classical source when the seeds say nothing")
            problems.lost.add(rel)
            continue
        readings = []
        bad = False
        for outcome, c in (item.get("readings") or {}).items():
            at = doc.line((i, "readings", outcome))
            if not check_schema(c, CITE, doc, rel, problems, (i, "readings", outcome)):
                bad = True
                continue
            readings.append((str(outcome), _cite(c, rel, at)))
        if bad:
            problems.lost.add(rel)
            continue
        entries.append(RuleEntry(
            id=item["id"], zh=item["zh"], ko=item["ko"], applies_to=item["applies_to"],
            definition=item["definition"],
            cites=tuple(_cite(c, rel, doc.line((i, "cites", j)))
                        for j, c in enumerate(item.get("cites") or [])),
            follows=item.get("follows"), readings=tuple(readings), file=rel, line=line,
        ))
    return tuple(entries)
