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
      classic:                        # the clause of 《六壬大全》 that defines it (卷, heading, quote)
        - {juan: 7, title: 元首課, quote: 凡一上克下，餘課無克，為元首課}
      authority:                      # optional: the defining clause in a classical authority
        - {work: 卜筮正宗, part: 十八論, title: 旺相休囚論, quote: 春令木旺火相}
      readings:                       # optional, per outcome (e.g. a 梅花 topic by 體用 relation)
        用生體: {ref: meihua-tiyong#p02, quote: 用生體，多進益}
      steps:                          # optional: how a derivation step of each kind is worded
        liuren-zeike-single: 후보가 {cand} 하나뿐이므로 {cand|을} 初傳으로 한다 → {name}.
      topic: …                        # a 用神 rule's questions, as the pages' topic selector names them

A step sentence names the step's operands in braces (``{cand}``); after a bar, a particle the
operand takes (``|이 |을 |은 |과 |로``: the form agrees with its last syllable, 이/가, 을/를 …) or how
a list is joined (``|list``: with commas, ``|concat``: with nothing; by default with ``·``). Which
kinds exist and which operands each has is declared by the engines (``sitegen.model.steps``).

A ``classic`` citation names a 卷 of 《六壬大全》 (1–12), the heading it stands under (``X課``
or ``第N法``) and the defining clause, quoted in traditional characters; the tests find each quote
under its heading in the authority's transcription (``../shared/authorities/liuren-daquan/``).

Every entry needs ``cites``, ``follows``, ``classic`` or ``authority``. An ``authority`` quote is the one
clause the rule implements, cited as book · part · title (``tests/test_yi_moment.py`` finds each in
the authority's transcription, ``../shared/authorities/``). Whether a cited paragraph and phrase exist
is checked once all texts are loaded.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..problems import Problems
from .source import Field, ListOf, check_schema, is_int, is_str, list_entries, matches, one_of
from .texts import ID_PATTERN

CITE = {
    "ref": Field(matches(r"[a-z0-9][a-z0-9-]*#[a-z0-9][a-z0-9-]*", "text-slug#paragraph-id")),
    "quote": Field(is_str, required=False),
}

CLASSIC = {
    "juan": Field(lambda v: is_int(v) or (None if 1 <= v <= 12 else "a 卷 of 《六壬大全》, 1–12")),
    "title": Field(matches(r"\S+[課格]|第[0-9]+法", "a heading: X課 or 第N法")),
    "quote": Field(is_str),
}

AUTHORITY = {
    "work": Field(is_str),
    "part": Field(is_str),
    "title": Field(is_str),
    "quote": Field(is_str),
}

ENTRY = {
    "id": Field(matches(ID_PATTERN, "lowercase letters, digits and hyphens")),
    "zh": Field(is_str),
    "ko": Field(is_str),
    "applies_to": Field(one_of("lesson", "hexagram", "change")),
    "definition": Field(is_str),
    "test": Field(is_str),
    "condition": Field(is_str, required=False),
    "source": Field(is_str, required=False),
    "cites": Field(ListOf(CITE), required=False),
    "follows": Field(is_str, required=False),
    "classic": Field(ListOf(CLASSIC), required=False),
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
class Classic:
    """A clause of 《六壬大全》: its 卷, the heading it stands under and the words quoted."""

    juan: int
    title: str
    quote: str
    line: int

    @property
    def label(self) -> str:
        return f"《六壬大全》卷{_JUAN_ZH[self.juan]} {self.title}"


_JUAN_ZH = dict(enumerate("一二三四五六七八九十", start=1)) | {11: "十一", 12: "十二"}


@dataclass(frozen=True)
class AuthorityQuote:
    """The clause of a classical authority a rule implements: 《work》 · part · title: quote."""

    work: str
    part: str
    title: str
    quote: str

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
    classic: tuple[Classic, ...] = ()
    authority: tuple[AuthorityQuote, ...] = ()
    topic: str | None = None  # a 用神 rule: the questions it answers, as the topic selector shows them


def _cite(value: dict, rel: str, line: int) -> Cite:
    text, _, para = value["ref"].partition("#")
    return Cite(text, para, value.get("quote"), rel, line)


def load_rules(root: Path, problems: Problems) -> tuple[RuleEntry, ...]:
    entries: list[RuleEntry] = []
    for rel, doc, i, item in list_entries(root, "rules", ENTRY, "rule", problems):
        line = doc.line((i,))
        if not (item.get("cites") or item.get("follows") or item.get("classic") or item.get("authority")):
            problems.add(rel, line, f"rule {item['id']} cites no paragraph and names no source",
                         "add 'cites: [{ref: text#paragraph}]', or 'follows: …' naming the "
                         "classical source when the seeds say nothing, or 'authority: [{work, part, "
                         "title, quote}]' ('classic: [{juan, title, quote}]' for 《六壬大全》)")
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
        entries.append(RuleEntry(
            id=item["id"], zh=item["zh"], ko=item["ko"], applies_to=item["applies_to"],
            definition=item["definition"], test=item["test"], condition=item.get("condition"),
            source=item.get("source"),
            cites=tuple(_cite(c, rel, doc.line((i, "cites", j)))
                        for j, c in enumerate(item.get("cites") or [])),
            follows=item.get("follows"), readings=tuple(readings), steps=tuple(steps), file=rel,
            line=line,
            classic=tuple(Classic(int(c["juan"]), str(c["title"]), str(c["quote"]),
                                  doc.line((i, "classic", j)))
                          for j, c in enumerate(item.get("classic") or [])),
            authority=tuple(AuthorityQuote(a["work"], a["part"], a["title"], a["quote"])
                            for a in item.get("authority") or []),
            topic=item.get("topic"),
        ))
    return tuple(entries)
