"""Traditional → simplified characters (``t2s.txt``): the search folds queries and documents with it,
and a rule's quote in traditional characters is found in an authority's simplified transcription."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=1)
def t2s_table() -> dict[str, str]:
    path = Path(__file__).with_name("t2s.txt")
    table = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#") and len(line) == 2:
            table[line[0]] = line[1]
    return table


@lru_cache(maxsize=1)
def _ords() -> dict[int, str]:
    return {ord(k): v for k, v in t2s_table().items()}


def fold(s: str) -> str:
    """``s`` with its traditional characters simplified (as the transcriptions write them)."""
    return s.translate(_ords())
