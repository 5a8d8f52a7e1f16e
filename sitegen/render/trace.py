"""Derivation steps in words: each step kind's sentence (from its rule entry in content) filled
from the step's operands."""

from __future__ import annotations

from typing import Any

from ..content.rules import Slot
from ..model.steps import Step, Word
from .korean import eul, eun, gwa, i_ga, ro

_PARTICLE = {"이": i_ga, "을": eul, "은": eun, "과": gwa, "로": ro}

# One memo per set of sentences (a rebuild in the same process brings new ones): a step's words.
_MEMO: dict[int, tuple[dict, dict[Step, str]]] = {}


def sentence(site, s: Step) -> str:
    """``s`` in words, by the sentence ``site.steps`` holds for its kind."""
    sentences = site.steps
    got = _MEMO.get(id(sentences))
    if got is None or got[0] is not sentences:
        _MEMO.clear()
        got = _MEMO[id(sentences)] = (sentences, {})
    memo = got[1]
    made = memo.get(s)
    if made is None:
        made = memo[s] = _fill(sentences, s)
    return made


def words(site, pieces) -> str:
    """A text of literal pieces and steps (``model.steps.Pieces``), or a text already in words."""
    if isinstance(pieces, str):
        return pieces
    said = site.content.names.words
    return "".join(said[p.value] if isinstance(p, Word) else p if isinstance(p, str) else sentence(site, p)
                   for p in pieces)


def _fill(sentences: dict, s: Step) -> str:
    args = dict(s.args)
    out = []
    said = sentences[s.kind]
    for part in said.parts:
        if isinstance(part, Slot):
            text = _value(sentences, args[part.name], part.join)
            out.append(_PARTICLE[part.particle](text) if part.particle else text)
        else:
            out.append(part)
    return "".join(out)


def _value(sentences: dict, v: Any, join: str | None) -> str:
    if isinstance(v, Step):
        return _fill(sentences, v)
    if isinstance(v, tuple):
        return ("·" if join is None else join).join(_value(sentences, x, None) for x in v)
    zh = getattr(v, "zh", None)
    return zh if zh is not None else str(v)
