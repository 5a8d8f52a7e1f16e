"""Rule entries: ``content/rules/*.yaml``, one list of entries per family.

An entry is the reader-facing half of a rule the engines apply (the predicate is the other
half, in code; they are joined by ``id``)::

    - id: liuren-yuan-shou            # permanent: the page rules/liuren-yuan-shou/
      zh: 元首
      ko: 원수
      applies_to: lesson              # lesson | hexagram | change
      definition: >-                  # a short definition in Korean (Markdown)
        …
      test: …                         # exactly what the engine checks, in words
      condition: …                    # optional: what else a conditional rule needs (hour, day …)
      source: …                       # optional: the classical work behind the engine's table
      cites:                          # where the seeds state it: text-slug#paragraph-id
        - ref: liuren-gejue#p02
          quote: 照常以克賊比涉用       # optional: a phrase of that paragraph, verbatim
      follows: 《六壬大全》 卷七 …        # where the seeds say nothing: the classical source used
      authority:                      # the clause of a classical authority that defines it
        - {work: 六壬大全, part: 卷七, title: 元首課, quote: 凡一上克下，餘課無克，為元首課}
      readings:                       # optional, per outcome (e.g. a 梅花 topic by 體用 relation)
        用生體: {ref: meihua-tiyong#p02, quote: 用生體，多進益}
      steps:                          # optional: how a derivation step of each kind is worded
        liuren-zeike-single: 후보가 {cand} 하나뿐이므로 {cand|을} 初傳으로 한다 → {name}.
      topic: …                        # a 用神 rule's questions, as the pages' topic selector names them

A step sentence names the step's operands in braces (``{cand}``); after a bar, a particle the
operand takes (``|이 |을 |은 |과 |로``: the form agrees with its last syllable, 이/가, 을/를 …) or how
a list is joined (``|list``: with commas, ``|concat``: with nothing; by default with ``·``). Which
kinds exist and which operands each has is declared by the engines (``sitegen.model.steps``).

An ``authority`` citation is the one clause the rule implements, quoted in traditional characters
and cited as book · part · title: the work (``六壬大全``, ``卜筮正宗`` …), its part (for 《六壬大全》
the 卷 as written, ``卷七``; for 《卜筮正宗》 ``十八論`` …), the heading the clause stands under (``X課``,
``第N法``, ``旬空論`` …) and the words. Which works and parts can be cited and how a title is written
is checked here; whether the title is a heading of its part and the quote stands under it, against
the works' transcriptions when ``content/site.yaml`` names their folder (``sitegen.content.authorities``).

Every entry needs ``cites``, ``follows`` or ``authority``. Whether a cited paragraph and phrase exist
is checked once all texts are loaded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..problems import Problems
from .authorities import form_problem
from .source import (
    Field, ListOf, address, check_markdown, check_schema, is_str, list_entries, matches, one_of,
)
from .texts import ID_PATTERN

CITE = {
    "ref": Field(matches(r"[a-z0-9][a-z0-9-]*#[a-z0-9][a-z0-9-]*", "text-slug#paragraph-id")),
    "quote": Field(is_str, required=False),
}

AUTHORITY = {
    "work": Field(is_str),
    "part": Field(is_str),
    "title": Field(is_str),
    "quote": Field(is_str),
}

ENTRY = {
    "id": Field(address(ID_PATTERN, "lowercase letters, digits and hyphens")),
    "zh": Field(is_str),
    "ko": Field(is_str),
    "applies_to": Field(one_of("lesson", "hexagram", "change")),
    "definition": Field(is_str),
    "test": Field(is_str),
    "condition": Field(is_str, required=False),
    "source": Field(is_str, required=False),
    "cites": Field(ListOf(CITE), required=False),
    "follows": Field(is_str, required=False),
    "authority": Field(ListOf(AUTHORITY), required=False),
    "readings": Field(lambda v: None if isinstance(v, dict) and v else "a mapping of outcomes to citations",
                      required=False),
    "steps": Field(lambda v: None if isinstance(v, dict) and v and all(isinstance(x, str) for x in v.values())
                   else "a mapping of step kinds to sentences", required=False),
    "topic": Field(is_str, required=False),
}

PARTICLES = ("이", "을", "은", "과", "로")
JOINS = {"list": ", ", "concat": ""}
_SLOT = re.compile(r"\{([^{}|]*)(?:\|([^{}]*))?\}")
_NAME = re.compile(r"[a-z_][a-z0-9_]*")


@dataclass(frozen=True)
class Slot:
    """A placeholder of a step sentence: the operand, then how it is joined and its particle."""

    name: str
    join: str | None
    particle: str | None


@dataclass(frozen=True)
class StepSentence:
    kind: str
    parts: tuple[str | Slot, ...]
    file: str
    line: int

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.parts if isinstance(p, Slot))


def parse_sentence(text: str) -> tuple[tuple[str | Slot, ...], list[str]]:
    """The parts of a step sentence, and what is wrong with its placeholders."""
    parts: list[str | Slot] = []
    errors: list[str] = []
    at = 0
    for m in _SLOT.finditer(text):
        if m.start() > at:
            parts.append(text[at:m.start()])
        at = m.end()
        name, join, particle = m.group(1).strip(), None, None
        if not _NAME.fullmatch(name):
            errors.append(f"placeholder {m.group(0)!r} does not name an operand")
            continue
        for f in (m.group(2) or "").split("|") if m.group(2) is not None else ():
            f = f.strip()
            if f in PARTICLES:
                particle = f
            elif f in JOINS:
                join = JOINS[f]
            else:
                errors.append(f"placeholder {m.group(0)!r}: unknown filter {f!r} (particles: "
                              f"{' '.join(PARTICLES)}; joins: {', '.join(JOINS)})")
        parts.append(Slot(name, join, particle))
    if at < len(text):
        parts.append(text[at:])
    stray = [p for p in parts if isinstance(p, str) and ("{" in p or "}" in p)]
    if stray:
        errors.append("an unmatched brace (a placeholder is {name} or {name|filter})")
    return tuple(parts), errors


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
class AuthorityQuote:
    """The clause of a classical authority a rule implements: 《work》 · part · title: quote."""

    work: str
    part: str
    title: str
    quote: str
    line: int

    @property
    def where(self) -> str:
        return f"《{self.work}》 · {self.part} · {self.title}"


@dataclass(frozen=True)
class RuleEntry:
    id: str
    zh: str
    ko: str
    applies_to: str
    definition: str
    test: str                 # exactly what the engine checks, in words
    condition: str | None     # what else a conditional rule needs (None: the chart decides it)
    source: str | None        # the classical work behind the engine's table
    cites: tuple[Cite, ...]
    follows: str | None
    readings: tuple[tuple[str, Cite], ...]
    steps: tuple[StepSentence, ...]
    file: str
    line: int
    authority: tuple[AuthorityQuote, ...] = ()
    topic: str | None = None  # a 用神 rule: the questions it answers, as the topic selector shows them


def _cite(value: dict, rel: str, line: int) -> Cite:
    text, _, para = value["ref"].partition("#")
    return Cite(text, para, value.get("quote"), rel, line)


def load_rules(root: Path, problems: Problems) -> tuple[RuleEntry, ...]:
    entries: list[RuleEntry] = []
    for rel, doc, i, item in list_entries(root, "rules", ENTRY, "rule", problems):
        line = doc.line((i,))
        if not (item.get("cites") or item.get("follows") or item.get("authority")):
            problems.add(rel, line, f"rule {item['id']} cites no paragraph and names no source",
                         "add 'cites: [{ref: text#paragraph}]', or 'follows: …' naming the "
                         "classical source when the seeds say nothing, or 'authority: [{work, part, "
                         "title, quote}]' quoting the clause it implements")
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
        steps = []
        for kind, text in (item.get("steps") or {}).items():
            at = doc.line((i, "steps", kind))
            parts, errors = parse_sentence(text)
            for err in errors:
                problems.add(rel, at, f"rule {item['id']}, step {kind}: {err}",
                             "write {operand}, {operand|을}, {operand|list} …")
            # a faulty sentence still words its kind (as plain text): its problem is reported once
            steps.append(StepSentence(str(kind), (str(text),) if errors else parts, rel, at))
        if bad:
            problems.lost.add(rel)
            continue
        authority = tuple(AuthorityQuote(str(a["work"]), str(a["part"]), str(a["title"]),
                                         str(a["quote"]), doc.line((i, "authority", j)))
                          for j, a in enumerate(item.get("authority") or []))
        check_markdown(item["definition"], rel, doc.line((i, "definition")), problems)
        for a in authority:
            why = form_problem(a)
            if why is not None:
                problems.add(rel, a.line, f"rule {item['id']}: {why[0]}", why[1])
        entries.append(RuleEntry(
            id=item["id"], zh=item["zh"], ko=item["ko"], applies_to=item["applies_to"],
            definition=item["definition"], test=item["test"], condition=item.get("condition"),
            source=item.get("source"),
            cites=tuple(_cite(c, rel, doc.line((i, "cites", j)))
                        for j, c in enumerate(item.get("cites") or [])),
            follows=item.get("follows"), readings=tuple(readings), steps=tuple(steps), file=rel,
            line=line,
            authority=authority,
            topic=item.get("topic"),
        ))
    return tuple(entries)
