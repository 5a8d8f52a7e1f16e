"""The agreement report, computed on every build: each option of every convention against the
engines' defaults, against 《大六壬探原》's table of 720 lessons (三傳 and 課 names) and against the
worked examples the site records.

The 探原 table itself stays outside the project: ``content/validation/tanyuan.yaml`` records, for
the engine's default options, where the table differs (三傳 and names) and which lessons the
transcription lost, and a test recomputes that file from the table. Everything else follows from
it exactly: where the defaults agree with 探原, an option agrees iff it gives what the default gives.

Worked examples: every file of ``content/validation/`` with 大六壬 examples is one set (the seeds',
and the 《六壬大全》 課經集 examples), evaluated under every 涉害 option.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..content.validation import Difference, Example, NameDifference
from ..problems import Problems
from . import liuren
from .conventions import CONVENTIONS, CONVENTIONS_BY_ID
from .ganzhi import SIXTY, GanZhi
from .liuren.variants import SHEHAI_OPTIONS, reaches_shehai, school_name

if TYPE_CHECKING:
    from .site import Site

SEEDS = "content/validation/liuren-seeds.yaml"
NAME_OPTIONS = (*SHEHAI_OPTIONS, "names_tanyuan")


@dataclass(frozen=True)
class OptionCount:
    convention: str
    option: str
    default: bool           # the site's option
    changed: int | None     # charts whose result the option changes (None: applies to casting)
    total: int | None


@dataclass(frozen=True)
class TransmissionRow:
    option: str
    agree: int
    compared: int
    differences: tuple[tuple[str, int, str, str], ...]   # day, plate, 探原, engine


@dataclass(frozen=True)
class NameRow:
    option: str
    agree: int
    compared: int
    differences: tuple[NameDifference, ...]


@dataclass(frozen=True)
class ExampleRow:
    option: str
    agree: int
    total: int
    differences: tuple[str, ...]   # example ids


@dataclass(frozen=True)
class ExampleSet:
    file: str
    rows: tuple[ExampleRow, ...]


@dataclass(frozen=True)
class AgreementReport:
    counts: tuple[OptionCount, ...]
    transmissions: tuple[TransmissionRow, ...]
    transmission_reasons: tuple[Difference, ...]
    names: tuple[NameRow, ...]
    name_reasons: dict[str, str]
    examples: tuple[ExampleSet, ...]


def _site_option(site: Site, convention: str) -> str:
    c = CONVENTIONS_BY_ID[convention]
    if c.setting is None:
        return c.options[0]
    cfg = site.config
    value = {"engines.liuren_shehai": cfg.liuren_shehai, "engines.liuren_guiren": cfg.liuren_guiren,
             "casting.day_starts": cfg.day_starts, "engines.yi_kin_variant": cfg.yi_kin_variant}[c.setting]
    return c.option_of(value)


def site_options(site: Site) -> dict[str, str]:
    """Convention id → the option the site follows."""
    return {c.id: _site_option(site, c.id) for c in CONVENTIONS}


def _option_lesson(day: GanZhi, plate: int, option: str) -> liuren.Lesson:
    """The lesson under a 涉害 option, all else by the engine's defaults."""
    base = liuren.lesson(day, plate)
    value = SHEHAI_OPTIONS[option]
    return base if value == base.shehai or not reaches_shehai(base) else liuren.lesson(day, plate, shehai=value)


def _names_agree(tanyuan: str, names, aliases: dict[str, str]) -> bool:
    return all(aliases.get(n, n) in names for n in tanyuan.split("、"))


def _names_under(day: GanZhi, plate: int, option: str) -> tuple[str, ...]:
    if option == "names_tanyuan":
        les = liuren.lesson(day, plate)
        extra = school_name(les)
        return les.names + ((str(extra),) if extra is not None else ())
    return _option_lesson(day, plate, option).names


def agreement(site: Site, problems: Problems) -> AgreementReport:
    chosen = site_options(site)
    counts = []
    for c in CONVENTIONS:
        for o in c.options:
            changed: int | None
            total: int | None
            if c.applies_to == "lesson":
                changed = sum(1 for vs in site.lesson_variants.values() if any(v.option == o for v in vs))
                total = len(site.lessons)
            elif c.applies_to == "change":
                changed = sum(1 for vs in site.change_variants.values() if o in vs)
                total = len(site.changes)
            else:
                changed = total = None
            counts.append(OptionCount(c.id, o, chosen[c.id] == o, 0 if chosen[c.id] == o else changed, total))

    rows: list[TransmissionRow] = []
    names: list[NameRow] = []
    reasons: tuple[Difference, ...] = ()
    name_reasons: dict[str, str] = {}
    t = site.content.validation.tanyuan
    if t is not None:
        reasons = t.differences
        recorded = {(d.day, d.plate): d.tanyuan for d in t.differences}
        lost = set(t.lost)
        for option in SHEHAI_OPTIONS:
            diffs = []
            compared = 0
            for day in SIXTY:
                for plate in range(1, 13):
                    if (day.zh, plate) in lost:
                        continue
                    compared += 1
                    got = "".join(b.zh for b in _option_lesson(day, plate, option).transmissions)
                    theirs = recorded.get((day.zh, plate))
                    if theirs is None:
                        theirs = "".join(b.zh for b in liuren.lesson(day, plate).transmissions)
                    if got != theirs:
                        diffs.append((day.zh, plate, theirs, got))
            rows.append(TransmissionRow(option, compared - len(diffs), compared, tuple(diffs)))
        n = t.names
        if n is not None:
            name_reasons = n.reasons
            for d in n.differences:
                try:
                    day = GanZhi.from_zh(d.day)
                    liuren.lesson(day, d.plate)
                except (ValueError, KeyError):
                    problems.add(t.file, d.line, f"no lesson {d.day} plate {d.plate}")
                    continue
                for option in NAME_OPTIONS:
                    agrees = _names_agree(d.tanyuan, _names_under(day, d.plate, option), n.aliases)
                    expected = option in d.resolved_by
                    if agrees != expected:
                        problems.add(t.file, d.line, f"the record says the engine under {option} "
                                     f"{'gives' if expected else 'does not give'} 探原's names "
                                     f"{d.tanyuan} for {d.day} plate {d.plate}, but it "
                                     f"{'does' if agrees else 'does not'}",
                                     "the engine changed: re-run the 探原 comparison test and update the file")
            for option in NAME_OPTIONS:
                left = tuple(d for d in n.differences if option not in d.resolved_by)
                names.append(NameRow(option, n.compared - len(left), n.compared, left))

    sets = []
    by_file: dict[str, list[Example]] = {}
    for e in site.content.validation.examples:
        if e.engine == "liuren":
            by_file.setdefault(e.file, []).append(e)
    for file in sorted(by_file, key=lambda f: (f != SEEDS, f)):
        examples = by_file[file]
        out = []
        for option, value in SHEHAI_OPTIONS.items():
            bad = []
            for e in examples:
                try:
                    r = liuren.evaluate_example({**e.check, "shehai": e.check.get("shehai", value)})
                except (KeyError, ValueError, TypeError):
                    bad.append(e.id)       # reported by the validation of the examples
                    continue
                if not r.agrees:
                    bad.append(e.id)
            out.append(ExampleRow(option, len(examples) - len(bad), len(examples), tuple(bad)))
        sets.append(ExampleSet(file, tuple(out)))
    classic = site.content.validation.classic
    if classic:
        out = []
        for option, value in SHEHAI_OPTIONS.items():
            bad = []
            for ce in classic:
                try:
                    agrees = liuren.evaluate_classic(ce.day, ce.at, ce.name, ce.first, ce.transmissions,
                                                     value, ce.stated).agrees
                except (KeyError, ValueError):
                    agrees = False         # reported by the validation of the examples
                if not agrees:
                    bad.append(ce.id)
            out.append(ExampleRow(option, len(classic) - len(bad), len(classic), tuple(bad)))
        sets.append(ExampleSet(classic[0].file, tuple(out)))
    return AgreementReport(tuple(counts), tuple(rows), reasons, tuple(names), name_reasons, tuple(sets))
