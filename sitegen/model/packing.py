"""Columns of small integers for the pages' lookup tables, packed into strings.

A page's script reads a table the build wrote (``cast/tables.js``, ``yi/moment.js``) before it can
answer, so the tables' size is the pages' time: a column of integers written as digits of base 64
(``DIGITS``, ``width`` digits a value) is a third of a JSON list's size and parses at once. The
table carries ``DIGITS`` itself, so the script decodes with the build's alphabet.
"""

from __future__ import annotations

from typing import Iterable

DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_"


def pack(values: Iterable[int], width: int = 1) -> str:
    """``values`` (each 0 ≤ v < 64 ** width) as one string, ``width`` digits each, most significant
    first."""
    out = []
    top = 64 ** width
    for v in values:
        if not 0 <= v < top:
            raise ValueError(f"{v} does not fit in {width} digit(s) of base 64")
        out.append("".join(DIGITS[v >> (6 * k) & 63] for k in range(width - 1, -1, -1)))
    return "".join(out)


def unpack(text: str, width: int = 1) -> list[int]:
    """The inverse of :func:`pack` (what the pages' scripts do, for the tests)."""
    at = {c: i for i, c in enumerate(DIGITS)}
    out = []
    for i in range(0, len(text), width):
        v = 0
        for c in text[i:i + width]:
            v = v * 64 + at[c]
        out.append(v)
    return out
