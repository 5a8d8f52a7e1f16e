"""十二天將: 晝 and 夜 arrangements (seed 003 liuren-gejue#p17–p29, LIUREN.md).

貴人 stands on the heaven branch given by the day stem (晝貴 or 夜貴); the other eleven follow it
順 (forward along the heaven branches) when 貴人 stands over earth 亥子丑寅卯辰, 逆 when over
巳午未申酉戌. A page shows both arrangements; which one applies depends on the 占時.
"""

from __future__ import annotations

from functools import lru_cache

from ..ganzhi import Branch, Stem
from ..options import NobleTable
from .plate import seat_of
from .tables import DAY_HOURS, FORWARD_SEATS, GENERALS, NOBLE_TABLES, General


def noble(stem: Stem, night: bool, table: NobleTable = NobleTable.GEJUE) -> Branch:
    return NOBLE_TABLES[table][night][stem]


@lru_cache(maxsize=None)
def arrangement(stem: Stem, plate: int, night: bool,
                table: NobleTable = NobleTable.GEJUE) -> tuple[General, ...]:
    """The general riding each heaven branch, indexed by the heaven branch (``table``: which 貴人
    table, ``tables.NOBLE_TABLES``)."""
    g = noble(stem, night, table)
    step = 1 if seat_of(plate, g) in FORWARD_SEATS else -1
    out = [General.GUIREN] * 12
    for i, general in enumerate(GENERALS):
        out[g.shift(step * i)] = general
    return tuple(out)


def is_night_hour(hour: Branch) -> bool:
    return hour not in DAY_HOURS
