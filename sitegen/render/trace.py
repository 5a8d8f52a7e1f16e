"""Derivation steps in words: each step kind's sentence (from its rule entry in content) filled
from the step's operands."""

from __future__ import annotations

from typing import Any

from ..content.rules import Slot
from ..model.steps import Step, Word
from ..write.inputs import dep_key
from .deps import note
from .korean import eul, eun, gwa, i_ga, ro

_PARTICLE = {"이": i_ga, "을": eul, "은": eun, "과": gwa, "로": ro}

# One memo per set of sentences (a rebuild in the same process brings new ones): a step's words
# and the dependency keys of the sentences they were made from.
_MEMO: dict[int, tuple[dict, dict[Step, tuple[str, tuple[str, ...]]]]] = {}


def sentence(site, s: Step) -> str:
    """``s`` in words, by the sentence ``site.steps`` holds for its kind. The page depends on the
    rules files those sentences are in (render/deps)."""
    sentences = site.steps
    got = _MEMO.get(id(sentences))
    if got is None or got[0] is not sentences:
        _MEMO.clear()
        got = _MEMO[id(sentences)] = (sentences, {})
    memo = got[1]
    made = memo.get(s)
    if made is None:
        files: set[str] = set()
        text = _fill(sentences, s, files)
        made = memo[s] = (text, tuple(sorted({dep_key(f) for f in files})))
    note(*made[1])
    return made[0]


def words(site, pieces) -> str:
    """A text of literal pieces and steps (``model.steps.Pieces``), or a text already in words."""
    if isinstance(pieces, str):
        return pieces
    said = site.content.names.words
    return "".join(said[p.value] if isinstance(p, Word) else p if isinstance(p, str) else sentence(site, p)
                   for p in pieces)


def _fill(sentences: dict, s: Step, files: set[str]) -> str:
    args = dict(s.args)
    out = []
    said = sentences[s.kind]
    files.add(said.file)
    for part in said.parts:
        if isinstance(part, Slot):
            text = _value(sentences, args[part.name], part.join, files)
            out.append(_PARTICLE[part.particle](text) if part.particle else text)
        else:
            out.append(part)
    return "".join(out)


def _value(sentences: dict, v: Any, join: str | None, files: set[str]) -> str:
    if isinstance(v, Step):
        return _fill(sentences, v, files)
    if isinstance(v, tuple):
        return ("·" if join is None else join).join(_value(sentences, x, None, files) for x in v)
    zh = getattr(v, "zh", None)
    return zh if zh is not None else str(v)
