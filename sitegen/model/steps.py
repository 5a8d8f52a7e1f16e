"""Derivation steps as facts: a step kind, the rule it applies, its operands — never a sentence.

Every engine declares its step kinds with the names of their operands (``declare``); the words a
reader sees for a kind live in the content entry of a rule (``steps:`` in ``content/rules/*.yaml``),
a sentence with named placeholders that the page fills from the step's operands. The build fails
when a declared kind has no sentence, a sentence names an undeclared kind, or a placeholder names
an operand the kind does not have.

An operand is a fact: a stem, a branch, an element, a closed-set value (an enum), a number, a name,
a tuple of those, or another ``Step`` (a fact with its own wording, such as a lesson's number).
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NamedTuple

# Every step kind of every engine: kind → the names of its operands.
STEP_KINDS: dict[str, tuple[str, ...]] = {}


def declare(kinds: dict[str, tuple[str, ...]]) -> None:
    """Add an engine's step kinds to the registry (a kind is declared once)."""
    for kind, operands in kinds.items():
        if kind in STEP_KINDS:  # pragma: no cover - a programming error, caught on import
            raise RuntimeError(f"step kind {kind!r} declared twice")
        STEP_KINDS[kind] = operands


class Step(NamedTuple):
    """(A named tuple: the engines make thousands, and a tuple is the cheapest immutable value.)"""

    kind: str                              # a declared step kind
    rule: str | None                       # the rule this step applies (named in the trace), or None
    args: tuple[tuple[str, Any], ...] = ()  # (operand name, value), in the declared order

    def as_data(self) -> dict:
        return {"kind": self.kind, "rule": self.rule, "args": {n: _data(v) for n, v in self.args}}


def step(kind: str, rule: str | None = None, **args: Any) -> Step:
    return Step(kind, rule, tuple(args.items()))


class Word(StrEnum):
    """A word of the examples' summaries on the validation page, worded in content/names.yaml
    (``words:``, by value)."""

    NONE = "none"               # nothing there
    COUNT = "count"             # how many
    INCLUDES = "includes"       # … is among them
    MOVING_LINE = "moving-line"
    BEN_LINE = "ben-line"       # the line before it moves
    BIAN_LINE = "bian-line"     # the line it changes into
    ORDINAL = "ordinal"         # before a plate's number
    PLATE = "plate"             # after it


# A short text made of literal pieces (names, numbers, signs), words and steps, worded when shown.
Pieces = tuple["str | Word | Step", ...]


def plain(pieces: Pieces) -> str:
    """``pieces`` for a build message (a word or a step by its name)."""
    return "".join(f"<{p.value}>" if isinstance(p, Word) else p if isinstance(p, str) else f"<{p.kind}>"
                   for p in pieces)


def _data(v: Any) -> Any:
    if isinstance(v, Step):
        return v.as_data()
    if isinstance(v, tuple):
        return [_data(x) for x in v]
    if isinstance(v, (bool, int)) and not hasattr(v, "zh"):
        return v
    return getattr(v, "zh", None) or str(v)
