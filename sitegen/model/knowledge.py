"""The knowledge base: rule predicates (code) joined to rule entries (content) by id, every
citation resolved to its paragraph, and the backlinks from paragraphs to rules and charts.

The build fails, naming file and line, when a rule applied by an engine has no entry, an entry
has no predicate, the two disagree on the name or on what the rule applies to, or a citation
points to a text, paragraph or phrase that does not exist.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Collection, Iterable

from ..content.names import FILE as NAMES_FILE, Names
from ..content.rules import Cite, RuleEntry, StepSentence
from ..content.terms import Term
from ..content.texts import Text
from ..content.validation import Example
from ..problems import Problems
from . import liuren, yi
from .rules import RuleDef
from .steps import STEP_KINDS, Step, Word
from .liuren.nianming import LEISHEN_BY_ID
from .yi.yongshen import TOPIC_IDS as _YI_TOPIC_IDS

# The rules that name a question (``topic:``): the 用神 of 六爻 and the 類神 of 大六壬.
TOPIC_IDS = frozenset(_YI_TOPIC_IDS) | frozenset(LEISHEN_BY_ID)

# Where the entries of each engine family live (used only in messages and hints).
FAMILY_FILES = {
    "liuren-method": "liuren-methods", "liuren-ke": "liuren-ke", "liuren-pattern": "liuren-patterns",
    "liuren-general": "liuren-generals", "liuren-bifa": "liuren-bifa", "yi-hexagram": "yi-hexagrams", "yi-line": "yi-lines",
    "yi-change": "yi-changes", "meihua-relation": "meihua", "meihua-topic": "meihua", "dili": "dili",
    "yi-moment": "yi-moment", "yi-yongshen": "yi-yongshen",
    "liuren-shensha": "liuren-shensha", "liuren-nianming": "liuren-nianming",
    "liuren-wangshuai": "liuren-nianming", "liuren-leishen": "liuren-nianming",
}


# The families whose every rule id owns one predicate (``RuleDef.holds``): a rule of these without one
# is an error, named by its id (the 六壬 ones in ``join_rules``, with the entry's line).
PREDICATE_FAMILIES = frozenset({"liuren-method", "liuren-ke", "liuren-pattern", "liuren-bifa", "liuren-shensha",
                                "liuren-nianming", "liuren-wangshuai", "liuren-leishen"})
# … and the 六爻, 梅花 and 地理 ones: the engine decides where such a rule holds only by calling it.
YI_PREDICATE_FAMILIES = frozenset(yi.FAMILIES)


def engine_rules() -> dict[str, RuleDef]:
    """Every rule of both engines by id."""
    return {r.id: r for r in (*liuren.RULES, *yi.RULES)}


def check_predicates(defs: Iterable[RuleDef], problems: Problems,
                     families: frozenset[str] = YI_PREDICATE_FAMILIES) -> None:
    """Every rule of a family in ``families`` has its one predicate."""
    for r in defs:
        if r.family in families and r.holds is None:
            problems.add(f"sitegen/model/{'yi' if r.family in yi.FAMILIES else 'liuren'}/rules.py", None,
                         f"rule {r.id} ({r.zh}) has no predicate",
                         "give its RuleDef 'holds', the one function that decides where it holds")


@dataclass
class Rule:
    """A rule as the site presents it: the engine's predicate and the content's entry."""

    id: str
    entry: RuleEntry
    predicate: RuleDef
    holds: list[str] = field(default_factory=list)          # page keys of charts where it holds
    conditional: list[tuple[str, Step]] = field(default_factory=list)  # (page key, condition)

    @property
    def family(self) -> str:
        return self.predicate.family

    @property
    def zh(self) -> str:
        return self.entry.zh

    @property
    def ko(self) -> str:
        return self.entry.ko


def join_rules(entries: Iterable[RuleEntry], problems: Problems) -> dict[str, Rule]:
    predicates = engine_rules()
    check_predicates(predicates.values(), problems)
    by_id = {e.id: e for e in entries}
    rules: dict[str, Rule] = {}
    for rid, p in predicates.items():
        e = by_id.get(rid)
        if e is None:
            stem = FAMILY_FILES.get(p.family, p.family)
            problems.add(f"content/rules/{stem}.yaml", None,
                         f"the engine applies rule {rid} ({p.zh}) but no entry describes it",
                         f"add an entry with 'id: {rid}' (names, definition, citations)")
            continue
        if e.zh != p.zh:
            problems.add(e.file, e.line, f"rule {rid} is named {e.zh!r} here but {p.zh!r} by the engine",
                         "use the engine's Chinese name")
        if e.applies_to != p.applies_to:
            problems.add(e.file, e.line, f"rule {rid} says it applies to {e.applies_to}, but the "
                         f"engine applies it to {p.applies_to}", f"write 'applies_to: {p.applies_to}'")
        if p.family in PREDICATE_FAMILIES and p.holds is None:
            problems.add(e.file, e.line, f"rule {rid} ({p.zh}) has no predicate: a rule id owns "
                         "exactly one predicate", "give its RuleDef a 'holds' function in the engine's "
                         "catalog")
        if (rid in TOPIC_IDS) != (e.topic is not None):
            problems.add(e.file, e.line, f"rule {rid} ({p.zh}) " + (
                "is a 用神 topic but names no questions" if rid in TOPIC_IDS else
                "is no 用神 topic, yet has 'topic:'"),
                "write 'topic: …' (the questions, as the topic selector shows them)" if rid in TOPIC_IDS
                else "remove 'topic:' (only the 用神 rules of a question have one)")
        rules[rid] = Rule(rid, e, p)
    for e in entries:
        if e.id not in predicates:
            problems.add(e.file, e.line, f"the entry {e.id} has no predicate in the engines",
                         "check the id against the engines' rule catalogs "
                         "(sitegen/model/liuren/rules.py, sitegen/model/yi/rules.py)")
    return rules


def check_names(names: Names, problems: Problems) -> None:
    """Every hexagram of the engine has its Korean readings in content/names.yaml, every word of
    the examples' summaries its Korean, every rule family its names, and every key there is a
    hexagram's, a word's or a family's."""
    _both_ways(names, problems, "families", FAMILY_FILES, names.families,
               lambda fam: (f"the rule family {fam!r} has no names", f"add '  {fam}: {{zh: …, ko: …}}' under 'families:'"),
               lambda fam: (f"{fam!r} under 'families:' is no family of rules", "the families: " + ", ".join(FAMILY_FILES)))
    shorts = {h.short: h for h in yi.HEXAGRAMS}
    _both_ways(names, problems, "hexagrams", shorts, names.hexagrams,
               lambda short: (f"hexagram {shorts[short].number} {short} ({shorts[short].name}) has no Korean reading",
                              f"add '  {short}: {{short: …, name: …}}' under 'hexagrams:'"),
               lambda short: (f"{short!r} under 'hexagrams:' is not a hexagram's short name",
                              "the keys are the 64 short names: " + " ".join(shorts)))
    known = [w.value for w in Word]
    _both_ways(names, problems, "words", known, names.words,
               lambda w: (f"the word {w!r} has no Korean", f"add '  {w}: …' under 'words:'"),
               lambda w: (f"{w!r} under 'words:' is no word the engines use", "the words: " + ", ".join(known)))


def _both_ways(names: Names, problems: Problems, section: str, expected: Collection[str], present: Collection[str],
               missing: Callable[[str], tuple[str, str]], unknown: Callable[[str], tuple[str, str]]) -> None:
    """Every key of ``expected`` is under ``section:`` of content/names.yaml (else ``missing`` of
    the key, at the section's line) and every key present there is expected (else ``unknown`` of
    the key, at its line): each gives (message, hint)."""
    for key in expected:
        if key not in present:
            problems.add(NAMES_FILE, names.lines[(section, "")], *missing(key))
    for key in present:
        if key not in expected:
            problems.add(NAMES_FILE, names.lines[(section, key)], *unknown(key))


def step_sentences(entries: Iterable[RuleEntry], problems: Problems) -> dict[str, StepSentence]:
    """The sentence of every declared step kind, checked against the kind's operands."""
    out: dict[str, StepSentence] = {}
    for e in entries:
        for st in e.steps:
            operands = STEP_KINDS.get(st.kind)
            if operands is None:
                problems.add(st.file, st.line, f"rule {e.id} words step kind {st.kind!r}, which no engine has",
                             "check the kind against the engines' declare({...}) lists")
                continue
            if st.kind in out:
                first = out[st.kind]
                problems.add(st.file, st.line, f"step kind {st.kind} is worded twice",
                             f"keep one sentence (the other is at {first.file}:{first.line})")
                continue
            for name in st.names:
                if name not in operands:
                    problems.add(st.file, st.line, f"step {st.kind} has no operand {{{name}}}",
                                 "its operands: " + (", ".join(operands) or "none"))
            out[st.kind] = st
    for kind in STEP_KINDS:
        if kind not in out:
            problems.add("content/rules/*.yaml", None, f"the engines take steps of kind {kind!r}, but no rule "
                         "entry words it", f"add '{kind}: …' under 'steps:' in the entry of the rule it "
                         f"belongs to (operands: {', '.join(STEP_KINDS[kind]) or 'none'})")
    return out


def check_cite(c: Cite, texts: dict[str, Text], problems: Problems, what: str) -> None:
    t = texts.get(c.text)
    if t is None:
        problems.add(c.file, c.line, f"{what} cites {c.ref}, but there is no text {c.text!r}",
                     "known texts: " + ", ".join(sorted(texts)))
        return
    p = t.paragraph(c.paragraph)
    if p is None:
        problems.add(c.file, c.line, f"{what} cites {c.ref}, but {c.text} has no paragraph "
                     f"{c.paragraph!r}", f"see {t.rel} for its paragraph ids")
        return
    if c.quote and c.quote not in p.zh:
        problems.add(c.file, c.line, f"{what} quotes {c.quote!r}, which is not in {c.ref}",
                     "copy the phrase exactly as the paragraph's Chinese has it")


# A reference in editorial prose: [[slug]], [[slug#p03]] or [[slug#p40–p44]] (shown to the reader
# as the text's title and the paragraph, linked).
XREF = re.compile(r"\[\[([a-z0-9-]+)(?:#(p[0-9a-z]+)(?:–(p[0-9a-z]+))?)?\]\]")


def check_xrefs(prose: str | None, texts: dict[str, Text], problems: Problems, file: str,
                line: int | None, what: str) -> None:
    """Every ``[[text#paragraph]]`` in ``prose`` names a text and paragraphs that exist."""
    for m in XREF.finditer(prose or ""):
        slug, first, last = m.groups()
        t = texts.get(slug)
        if t is None:
            problems.add(file, line, f"{what} refers to {m.group(0)}, but there is no text {slug!r}",
                         "known texts: " + ", ".join(sorted(texts)))
            continue
        for pid in (first, last):
            if pid and t.paragraph(pid) is None:
                problems.add(file, line, f"{what} refers to {m.group(0)}, but {slug} has no "
                             f"paragraph {pid!r}", f"see {t.rel} for its paragraph ids")


def check_citations(texts: dict[str, Text], rules: Iterable[RuleEntry], terms: Iterable[Term],
                    examples: Iterable[Example], problems: Problems, differences=()) -> None:
    for r in rules:
        check_xrefs(r.definition, texts, problems, r.file, r.line, f"rule {r.id}")
        check_xrefs(r.follows, texts, problems, r.file, r.line, f"rule {r.id} (follows)")
        check_xrefs(r.test, texts, problems, r.file, r.line, f"rule {r.id} (test)")
        for c in r.cites:
            check_cite(c, texts, problems, f"rule {r.id}")
        for outcome, c in r.readings:
            check_cite(c, texts, problems, f"rule {r.id} (reading {outcome})")
    for t in terms:
        check_xrefs(t.gloss, texts, problems, t.file, t.line, f"term {t.id}")
        for c in t.defined_in:
            check_cite(c, texts, problems, f"term {t.id}")
    for e in examples:
        check_cite(e.cite, texts, problems, f"example {e.id}")
        for prose in (e.says, e.known_difference):
            check_xrefs(prose, texts, problems, e.file, e.line, f"example {e.id}")
    for file, d in differences:
        check_xrefs(d.reason, texts, problems, file, d.line, f"the difference on {d.day} {d.plate}")


def check_term_rules(terms: Iterable[Term], rules: dict[str, Rule], texts: dict[str, Text],
                     problems: Problems) -> None:
    for t in terms:
        for rid in t.rules:
            if rid not in rules:
                problems.add(t.file, t.line, f"term {t.id} names rule {rid!r}, which does not exist")
        for slug in t.link_in or ():
            if slug not in texts:
                problems.add(t.file, t.line, f"term {t.id} links in text {slug!r}, which does not exist")
