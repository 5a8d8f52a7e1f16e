"""The Chinese lunar calendar (農曆), 1900–2100, reckoned at UTC+8.

Pure: no I/O but reading, once, the new-moon table shipped beside this module (``new_moons.json``,
made by ``python -m sitegen.model.lunar_gen`` from the same ephemerides as the solar terms) and the
solar-term table (``calendar.terms``).

The rules (the 時憲曆 as reckoned since 1929 at 120° E, ../shared/domain/CALENDAR.md):
- a month begins on the civil day (at UTC+8) of a new moon and lasts until the next one begins;
- the month holding the 冬至 is the eleventh;
- when thirteen months begin from one eleventh month to the next, the first of them that holds no
  中氣 is a leap month (閏), numbered as the month before it;
- the year begins with the first month (正月) and takes the number of the Gregorian year it begins
  in; its branch (年支) is that year's (子 for 1984).

The cast page does not repeat these rules: the build hands it :func:`page_table`, the months of
1900–2100 evaluated.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from dataclasses import dataclass
from datetime import date
from functools import lru_cache
from pathlib import Path

from .calendar import is_zhongqi, terms

TABLE = Path(__file__).with_name("new_moons.json")
_UTC8 = 8 * 3600
_EPOCH_ORDINAL = date(1970, 1, 1).toordinal()


def _day(instant: int) -> int:
    """The day number (days since 1970-01-01) of a UT instant's civil date at UTC+8."""
    return (instant + _UTC8) // 86400


@dataclass(frozen=True)
class LunarMonth:
    start: int        # day number of its first day (days since 1970-01-01)
    year: int         # the lunar year (the Gregorian year its 正月 began in)
    month: int        # 1..12
    leap: bool


@dataclass(frozen=True)
class LunarDate:
    year: int
    month: int
    day: int
    leap: bool

    @property
    def year_branch(self) -> int:
        """The lunar year's branch, 子 = 0 (1984 is 甲子)."""
        return (self.year - 4) % 12


@lru_cache(maxsize=1)
def months() -> tuple[LunarMonth, ...]:
    """Every lunar month whose number the tables decide, in order."""
    moons = json.loads(TABLE.read_text("utf-8"))["instants"]
    starts = [_day(s) for s in moons]
    t = terms()
    zhong = [_day(s) for i, s in enumerate(t.instants) if is_zhongqi(t.name(i))]
    dongzhi = [_day(s) for i, s in enumerate(t.instants) if t.name(i) == "冬至"]

    def holding(d: int) -> int:
        return bisect_right(starts, d) - 1          # the month whose days include d

    def has_zhongqi(i: int) -> bool:
        lo, hi = starts[i], starts[i + 1]
        j = bisect_right(zhong, lo - 1)
        return j < len(zhong) and zhong[j] < hi

    elevens = [holding(d) for d in dongzhi]
    leap = set()
    for a, b in zip(elevens, elevens[1:]):
        if b - a == 13:
            leap.add(next(i for i in range(a + 1, b) if not has_zhongqi(i)))
    out = []
    number = 11
    year = date.fromordinal(_EPOCH_ORDINAL + starts[elevens[0]]).year
    for i in range(elevens[0], elevens[-1] + 3):     # to the 正月 after the last 冬至
        if i > elevens[0] and i not in leap:
            number = number % 12 + 1
            if number == 1:
                year = date.fromordinal(_EPOCH_ORDINAL + starts[i]).year
        out.append(LunarMonth(starts[i], year, number, i in leap))
    return tuple(out)


class LunarError(ValueError):
    pass


@lru_cache(maxsize=1)
def _starts() -> tuple[int, ...]:
    return tuple(m.start for m in months())


def lunar_date(d: date) -> LunarDate:
    """The lunar date of the civil date ``d`` (at UTC+8), 1900-01-01 to 2100-12-31."""
    ms = months()
    n = d.toordinal() - _EPOCH_ORDINAL
    i = bisect_right(_starts(), n) - 1
    if i < 0 or i + 1 >= len(ms) or not (1900 <= d.year <= 2100):
        raise LunarError(f"{d} is outside the lunar calendar (1900-01-01 to 2100-12-31)")
    m = ms[i]
    return LunarDate(m.year, m.month, n - m.start + 1, m.leap)


def page_table() -> dict:
    """The months as the cast page looks them up: day numbers of their first days, and each
    month's lunar year, the year's branch, the month's number and leap flag."""
    ms = months()
    return {"start": [m.start for m in ms], "year": [m.year for m in ms],
            "year_branch": [LunarDate(m.year, m.month, 1, m.leap).year_branch for m in ms],
            "month": [m.month for m in ms], "leap": [int(m.leap) for m in ms]}
