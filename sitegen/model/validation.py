"""What the seeds say against what the engines give, computed on every build.

Every worked example of the seeds (``content/validation/*-seeds.yaml``) is evaluated by its
engine. An example the engine does not reproduce must carry a ``known_difference`` with the
reason; an example that carries one but is reproduced after all is just as wrong (the note is
stale). Either fails the build, naming the example's file and line. The recorded differences
from 《大六壬探原》 are re-checked against the engine the same way.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..content.validation import CLASSES, BifaLesson, ClassicExample, Difference, Example
from ..problems import Problems
from . import liuren, yi
from .ganzhi import GanZhi
from .options import Shehai
from .steps import Pieces, Step, plain

if TYPE_CHECKING:
    from .site import Site

# The 課經 of seed 002 covers 丙寅日 plates 1–8, one section each (ju-01 … ju-08).
KEJING = "kejing-bingyin"
KEJING_DAY = GanZhi.from_zh("丙寅")

EVALUATORS: dict[str, Callable[[Mapping[str, Any]], liuren.ExampleOutcome | yi.ExampleOutcome]] = {
    "liuren": liuren.evaluate_example, "yi": yi.evaluate_example}


@dataclass(frozen=True)
class ExampleResult:
    example: Example
    agrees: bool
    expected: Pieces      # what the seed states, briefly: names, numbers, words (steps.Word)
    actual: Pieces        # what the engine gives: the same, with 六壬's conditions as steps


@dataclass(frozen=True)
class KejingRow:
    plate: int
    section: str
    paragraph: str
    listed: tuple[str, ...]          # the 課經's own 課體 list
    engine: tuple[str, ...]          # names the engine gives (method, 課, patterns)
    conditional: tuple[tuple[str, Step], ...]  # (name, condition)

    @property
    def missing(self) -> tuple[str, ...]:
        have = set(self.engine) | {n for n, _ in self.conditional}
        return tuple(n for n in self.listed if n not in have)

    @property
    def held(self) -> tuple[str, ...]:
        """Listed names the engine gives at every moment of this lesson."""
        return tuple(n for n in self.listed if n in self.engine)

    @property
    def held_if(self) -> tuple[str, ...]:
        """Listed names the engine gives only under a condition (the 課經 names no moment)."""
        cond = {n for n, _ in self.conditional}
        return tuple(n for n in self.listed if n not in self.engine and n in cond)

    @property
    def extra(self) -> tuple[str, ...]:
        return tuple(n for n in self.engine if n not in self.listed)


@dataclass(frozen=True)
class ClassicResult:
    example: ClassicExample
    outcome: liuren.ClassicOutcome

    @property
    def agrees(self) -> bool:
        return self.outcome.agrees


@dataclass(frozen=True)
class BifaResult:
    lesson: BifaLesson
    outcome: liuren.BifaOutcome

    @property
    def agrees(self) -> bool:
        """The site's verdict is the book's."""
        return self.outcome.shows == self.lesson.holds


@dataclass(frozen=True)
class ValidationReport:
    examples: tuple[ExampleResult, ...]
    tanyuan_compared: int
    tanyuan_source: str
    tanyuan_differences: tuple[Difference, ...]
    kejing: tuple[KejingRow, ...]
    classic: tuple[ClassicResult, ...] = ()
    classic_source: str = ""
    bifa: tuple[BifaResult, ...] = ()
    bifa_source: str = ""

    def bifa_counts(self) -> dict[str, int]:
        """How many of the lessons 《畢法賦》 names fall in each class (counted, never typed)."""
        return {c: sum(r.lesson.cls == c for r in self.bifa) for c in CLASSES}

    def classic_counts(self) -> dict[str, int]:
        """How many of 課經集's worked examples fall in each class (counted, never typed)."""
        return {c: sum(r.example.cls == c for r in self.classic) for c in CLASSES}

    def counts(self, engine: str) -> tuple[int, int]:
        rows = [r for r in self.examples if r.example.engine == engine]
        return sum(r.agrees for r in rows), len(rows)


def validate(site: Site, problems: Problems) -> ValidationReport:
    v = site.content.validation
    results = []
    for e in v.examples:
        evaluate = EVALUATORS.get(e.engine)
        if evaluate is None:
            problems.add(e.file, e.line, f"example {e.id} names the engine {e.engine!r}",
                         "the engines are: " + ", ".join(EVALUATORS))
            continue
        try:
            out = evaluate(e.check)
        except (KeyError, ValueError, TypeError) as err:
            problems.add(e.file, e.line, f"example {e.id} cannot be checked: {err}",
                         "see the check keys documented in the engine's examples.py")
            continue
        if not out.agrees and not e.known_difference:
            problems.add(e.file, e.line, f"example {e.id}: the engine does not reproduce what "
                         f"{e.cite.ref} says (expected {plain(out.expected)}; "
                         f"engine gives {plain(out.actual)})",
                         "fix the engine, or record the reason as known_difference")
        elif out.agrees and e.known_difference:
            problems.add(e.file, e.line, f"example {e.id} is reproduced by the engine, but is "
                         "recorded as a known difference", "remove its known_difference")
        results.append(ExampleResult(e, out.agrees, out.expected, out.actual))

    diffs: tuple[Difference, ...] = ()
    compared, source = 0, ""
    if v.tanyuan is not None:
        compared, source, diffs = v.tanyuan.compared, v.tanyuan.source, v.tanyuan.differences
        for d in diffs:
            try:
                day = GanZhi.from_zh(d.day)
                # the record is of the engine's default options, whatever the site follows
                got = "".join(b.zh for b in liuren.lesson(day, d.plate).transmissions)
            except (ValueError, KeyError):
                problems.add(v.tanyuan.file, d.line, f"no lesson {d.day} plate {d.plate}")
                continue
            if got != d.engine:
                problems.add(v.tanyuan.file, d.line, f"the record says the engine gives {d.engine} "
                             f"for {d.day} plate {d.plate}, but it gives {got}",
                             "the engine changed: re-run the 探原 comparison test and update the file")
    return ValidationReport(tuple(results), compared, source, diffs, _kejing_rows(site),
                            _classic(v.classic, problems), v.classic_source,
                            _bifa(v.bifa, problems), v.bifa_source)


def _bifa(lessons, problems: Problems) -> tuple[BifaResult, ...]:
    """The lessons 《畢法賦》 names for a 法 against the engine: a lesson classed agrees that the
    site does not reproduce is the site wrong, and stops the build; one classed otherwise that it
    does reproduce carries a stale note."""
    out = []
    for e in lessons:
        try:
            o = liuren.evaluate_bifa(e.day, e.at, e.fa, e.shift)
        except (KeyError, ValueError) as err:
            problems.add(e.file, e.entry_line, f"the lesson cannot be checked: {err}")
            continue
        r = BifaResult(e, o)
        _class_problem(problems, e.file, e.entry_line, f"第{e.fa}法 {e.day}日 {e.at}", e.cls, r.agrees,
                       f"the book says the 法 {'shows' if e.holds else 'does not show'}, the site says it "
                       f"{'shows' if o.shows else 'does not'}", "the lesson", e.variant,
                       lambda e=e: liuren.evaluate_bifa(e.day, e.at, e.fa, e.shift, Shehai(e.variant)).shows == e.holds)
        out.append(r)
    return tuple(out)


def _class_problem(problems: Problems, file: str, line: int, where: str, cls: str, agrees: bool,
                   disagreement: str, entry: str, variant: str | None, variant_agrees) -> None:
    """What a classed entry's verdict contradicts: one classed agrees that the site does not
    reproduce (the site wrong: the build stops), one classed otherwise that it does (a stale
    note), a school difference whose variant does not reproduce it either (``variant_agrees``,
    evaluated only then)."""
    if cls == "agrees" and not agrees:
        problems.add(file, line, f"{where}: {disagreement}",
                     f"fix the predicate, or class {entry} garbled, school, ambiguous or wrong with a note")
    elif cls != "agrees" and agrees:
        problems.add(file, line, f"{where} is reproduced by the site, but is classed {cls}",
                     "class it agrees and remove its note")
    elif variant and not variant_agrees():
        problems.add(file, line, f"{where}: the variant {variant} does not reproduce it either",
                     "name the variant that does, or drop the variant and say why in the note")


def _classic(examples, problems: Problems) -> tuple[ClassicResult, ...]:
    """《六壬大全》 課經集's worked examples against the engine, with the honesty of the 《畢法賦》
    lessons: an example classed agrees that the site does not reproduce is the site wrong, and
    stops the build; one classed otherwise that it does reproduce carries a stale note."""
    out = []
    for e in examples:
        try:
            r = liuren.evaluate_classic(e.day, e.at, e.name, e.first, e.transmissions, stated=e.stated)
        except (KeyError, ValueError) as err:
            problems.add(e.file, e.line, f"the example cannot be checked: {err}")
            continue
        _class_problem(problems, e.file, e.line, f"卷{e.juan} line {e.at_line} {e.day}日 {e.at}", e.cls, r.agrees,
                       f"the site does not give {e.name} ({'; '.join(r.problems)})", "the example", e.variant,
                       lambda e=e: liuren.evaluate_classic(e.day, e.at, e.name, e.first, e.transmissions,
                                                           Shehai(e.variant), e.stated).agrees)
        out.append(ClassicResult(e, r))
    return tuple(out)


_KETI = re.compile(r"^課體：([^。]*)。")


def _kejing_rows(site: Site) -> tuple[KejingRow, ...]:

    t = site.texts.get(KEJING)
    rows = []
    for plate, sid in sorted(site.kejing_sections.items()):
        assert t is not None                  # its sections are the text's (site._kejing)
        section = next(s for s in t.sections if s.id == sid)
        first = t.paragraph(section.paragraph_ids[0])
        assert first is not None              # a section's paragraphs are the text's
        m = _KETI.match(first.zh)
        if not m or (KEJING_DAY.index, plate) not in site.lessons:
            continue
        l = site.lesson(KEJING_DAY, plate)
        listed = tuple(x.strip() for x in m.group(1).split("，") if x.strip())
        engine = _unique((l.method, l.ke) + tuple(liuren.RULES_BY_ID[r].zh for r in l.patterns)
                         + ((l.basis_method, l.basis_ke) if l.basis_method else ()))
        cond = tuple((c.name, c.condition) for c in l.conditional_patterns)
        rows.append(KejingRow(plate, sid, first.id, listed, engine, cond))
    return tuple(rows)


def _unique(names) -> tuple[str, ...]:
    out: list[str] = []
    for n in names:
        if n and n not in out:
            out.append(n)
    return tuple(out)
