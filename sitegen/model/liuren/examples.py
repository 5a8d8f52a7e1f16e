"""Checking a seed example against the engine (the validation page and the tests both use this)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ..ganzhi import LODGING, Branch, GanZhi
from ..steps import Pieces, Step, Word
from .engine import Lesson, lesson


@dataclass(frozen=True)
class ExampleOutcome:
    agrees: bool
    expected: Pieces  # what the seed states, briefly
    actual: Pieces  # what the engine gives, briefly
    problems: tuple[str, ...]  # one line per disagreement (empty when it agrees)


def _plate(day: GanZhi, check: Mapping) -> int:
    if "plate" in check:
        return int(check["plate"])
    gs = Branch.from_zh(str(check["gan_shang"]))
    return (LODGING[day.stem] - gs) % 12 + 1


def _summary(les: Lesson, check: Mapping) -> Pieces:
    parts: list[Pieces] = [(s,) for s in _seats(check, les.gan_shang.zh, les.zhi_shang.zh)]
    parts.append((f"三傳 {''.join(b.zh for b in les.transmissions)}",))
    kind = les.method if les.method == les.ke else f"{les.method}·{les.ke}"
    if les.basis_method:
        kind += f"({les.basis_method}·{les.basis_ke})"
    parts.append((str(kind),))
    wanted = [str(n) for n in check.get("patterns", ())]
    if wanted:
        shown: list[Pieces] = []
        for n in wanted:
            cond = next((c for c in les.conditional_patterns if c.name == n), None)
            if cond is not None and n not in (les.method, les.ke):
                shown.append((f"{n}[", cond.condition, "]"))
            elif n in les.names:
                shown.append((n,))
            else:
                shown.append((f"{n}✗",))
        parts.append(_joined(" ", shown))
    return _joined(" · ", parts)


def _joined(sep: str, parts: list[Pieces]) -> Pieces:
    out: list[str | Word | Step] = []
    for i, p in enumerate(parts):
        out += ([sep] if i else []) + list(p)
    return tuple(out)


def _seats(check: Mapping, gan_shang, zhi_shang) -> list[str]:
    """干上 and 支上, where the example states them beside its plate."""
    seats = []
    if "plate" in check and "gan_shang" in check:
        seats.append(f"干上 {gan_shang}")
    if "zhi_shang" in check:
        seats.append(f"支上 {zhi_shang}")
    return seats


def evaluate_example(check: Mapping) -> ExampleOutcome:
    """Compute every day the check names and compare 三傳, method and 課體 names."""
    days = [GanZhi.from_zh(str(d)) for d in (check.get("days") or [check["day"]])]
    shehai = str(check.get("shehai", "depth"))
    want_trans = check.get("transmissions")
    want_method = check.get("method")
    want_names = [str(n) for n in check.get("patterns", ())]
    exp = _seats(check, check.get("gan_shang"), check.get("zhi_shang"))
    if want_trans:
        exp.append(f"三傳 {want_trans}")
    if want_method:
        exp.append(str(want_method))
    if want_names:
        exp.append(" ".join(want_names))
    where = ((Word.ORDINAL, str(check["plate"]), Word.PLATE) if "plate" in check
             else (f"干上 {check['gan_shang']}",))
    expected = (f"{'·'.join(d.zh for d in days)} ", *where, ": " + " · ".join(exp))
    problems: list[str] = []
    actual_parts: list[Pieces] = []
    for day in days:
        les = lesson(day, _plate(day, check), shehai=shehai)
        actual_parts.append((f"{day.zh} ", Word.ORDINAL, str(les.plate), Word.PLATE, ": ",
                             *_summary(les, check)))
        if "plate" in check and "gan_shang" in check and les.gan_shang.zh != str(check["gan_shang"]):
            problems.append(f"{day.zh}: 干上 {les.gan_shang.zh} ≠ {check['gan_shang']}")
        if "zhi_shang" in check and les.zhi_shang.zh != str(check["zhi_shang"]):
            problems.append(f"{day.zh}: 支上 {les.zhi_shang.zh} ≠ {check['zhi_shang']}")
        got = "".join(b.zh for b in les.transmissions)
        if want_trans and got != str(want_trans):
            problems.append(f"{day.zh}: 三傳 {got} ≠ {want_trans}")
        if want_method and str(want_method) not in (les.method, les.ke, les.basis_method, les.basis_ke):
            problems.append(f"{day.zh}: {les.method}·{les.ke} ≠ {want_method}")
        missing = [n for n in want_names if n not in les.names]
        if missing:
            problems.append(f"{day.zh}: lacks {' '.join(missing)}")
    return ExampleOutcome(not problems, expected, _joined(" / ", actual_parts), tuple(problems))
