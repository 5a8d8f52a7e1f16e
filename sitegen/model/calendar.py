"""The calendar of casting (起課): from a moment to its 干支, 中氣, 月將, plate and 晝/夜.

Pure: no I/O but reading, once, the solar-term table shipped beside this module
(``solar_terms.json``, made from the JPL ephemerides by ``python -m sitegen.model.calendar_gen``).

The rules (../shared/domain/CALENDAR.md):
- the day 干支 is the sexagenary count of days (2026-12-01 is 己酉); the day turns at 23:00 (子初)
  by default, or at 00:00;
- the year 干支 turns at 立春, the month 干支 at each 節 (寅月 from 立春; its stem by 五虎遁, which
  the unbroken sixty-month count gives), both at the term's instant;
- the hour branch is read off the local clock (子 23:00–00:59, 丑 01:00–02:59, …);
- the 月將 is given by the 中氣 in force; 月將 M over 占時 T is plate (T − M) mod 12 + 1;
- 晝 when the 占時 is 卯–申, 夜 otherwise (as the lesson pages decide it); or, given a place
  (``place=(latitude, longitude)``, the option ``day_night_sun``), 晝 from sunrise until sunset
  there, as the Sun's tables give them (:mod:`sitegen.model.sun`, which the pages read too).

Every rule below is written once. The cast page does not repeat them: the build hands it
:func:`page_tables`, the same rules evaluated into lookup tables.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone, tzinfo
from functools import lru_cache
from pathlib import Path

from .ganzhi import SIXTY, Branch, GanZhi, Stem
from .liuren.generals import is_night_hour
from .liuren.plate import plate_of
from .packing import DIGITS, pack
from .sun import SolarDay, solar_day
from .sun import page_table as sun_table

TABLE = Path(__file__).with_name("solar_terms.json")

# The 24 terms from 小寒 (285°), 15° apart; odd positions (大寒, 雨水, …) are the 中氣.
TERM_NAMES = ("小寒", "大寒", "立春", "雨水", "驚蟄", "春分", "清明", "穀雨", "立夏", "小滿", "芒種", "夏至",
              "小暑", "大暑", "立秋", "處暑", "白露", "秋分", "寒露", "霜降", "立冬", "小雪", "大雪", "冬至")
B = Branch
# 月將 by the 中氣 in force (CALENDAR.md).
MONTH_GENERAL = {
    "雨水": B.HAI, "春分": B.XU, "穀雨": B.YOU, "小滿": B.SHEN, "夏至": B.WEI, "大暑": B.WU,
    "處暑": B.SI, "秋分": B.CHEN, "霜降": B.MAO, "小雪": B.YIN, "冬至": B.CHOU, "大寒": B.ZI,
}
DAY_STARTS = (23, 0)
_ANCHOR_DAY, _ANCHOR_INDEX = date(2026, 12, 1), GanZhi.from_zh("己酉").index
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


class CalendarError(ValueError):
    """A moment the calendar cannot read: the message is one line naming the problem."""


@dataclass(frozen=True)
class Terms:
    first_year: int
    first_longitude: int
    instants: tuple[int, ...]      # UT, whole seconds since 1970-01-01T00:00

    def name(self, i: int) -> str:
        return TERM_NAMES[((self.first_longitude - 285) // 15 + i) % 24]

    def longitude(self, i: int) -> int:
        return (self.first_longitude + 15 * i) % 360


@lru_cache(maxsize=1)
def terms() -> Terms:
    data = json.loads(TABLE.read_text("utf-8"))
    return Terms(data["first"]["year"], data["first"]["longitude"], tuple(data["instants"]))


# ---- the rules -------------------------------------------------------------------------------

def is_zhongqi(name: str) -> bool:
    return TERM_NAMES.index(name) % 2 == 1


def day_ganzhi(d: date) -> GanZhi:
    """The sexagenary day of a civil date."""
    return SIXTY[(d.toordinal() - _ANCHOR_DAY.toordinal() + _ANCHOR_INDEX) % 60]


def hour_reading(hour: int, day_starts: int = 23) -> tuple[Branch, int]:
    """The clock hour's branch and how many days the 干支 day is ahead of the civil date."""
    if day_starts not in DAY_STARTS:
        raise CalendarError(f"the day starts at 23 or 0, not {day_starts}")
    return Branch(((hour + 1) // 2) % 12), int(day_starts == 23 and hour == 23)


def year_ganzhi(year: int) -> GanZhi:
    """The 干支 of a year that runs from its 立春 (甲子 = 1984)."""
    return SIXTY[(year - 4) % 60]


@lru_cache(maxsize=None)
def term_state(i: int) -> tuple[GanZhi, GanZhi, int, Branch]:
    """What holds from term ``i`` of the table until the next: the year 干支 (from the last 立春),
    the month 干支 (from the last 節), the index of the 中氣 in force and its 月將."""
    t = terms()
    name = t.name(i)
    zhong = i if is_zhongqi(name) else i - 1
    jie = i - 1 if is_zhongqi(name) else i   # (the 大雪 before the table's first term: by name only)
    k = TERM_NAMES.index(t.name(jie)) // 2   # 小寒 0 (丑月), 立春 1 (寅月), … 大雪 11 (子月)
    # The year of the last 立春: 立春 falls early in February, so the Gregorian year of the last
    # term counts, less one before 立春 (小寒 and 大寒 belong to the year before).
    year = _term_year(i) - (1 if k == 0 else 0)
    y = year_ganzhi(year)
    # 五虎遁: 甲己年 丙寅, 乙庚年 戊寅, …: 寅月's stem is (2 × year stem + 2) mod 10; the months
    # then run on through the sixty (丑月, k = 0, is the eleventh after 寅月).
    stem = Stem((2 * y.stem + 2 + (k - 1) % 12) % 10)
    return y, GanZhi(stem, Branch((k + 1) % 12)), zhong, MONTH_GENERAL[t.name(zhong)]


def _term_year(i: int) -> int:
    t = terms()
    return t.first_year + (t.first_longitude - 285 + 15 * i) // 360 + 1


# ---- a moment ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Cast:
    """The facts of one moment."""

    local: datetime            # naive, the clock in ``zone``
    zone: str
    offset: int                # seconds east of UT at that moment
    instant: int               # UT seconds since 1970
    day_starts: int
    year: GanZhi
    month: GanZhi
    day: GanZhi
    hour: Branch
    solar_term: str            # the 中氣 in force
    solar_term_instant: int
    month_general: Branch
    plate: int
    night: bool
    sun: SolarDay | None = None   # the Sun at the place given: 晝/夜 by it rather than by the 占時

    @property
    def by_sun(self) -> bool:
        return self.sun is not None

    @property
    def day_night(self) -> str:
        return "night" if self.night else "day"

    @property
    def hour_pillar(self) -> GanZhi:
        """The hour's 干支 (五鼠遁: the 子 hour of a 甲 or 己 day is 甲子, of an 乙 or 庚 day 丙子, …)."""
        return GanZhi(Stem((self.day.stem % 5 * 2 + self.hour) % 10), self.hour)


def cast(local: datetime, zone: tzinfo, zone_name: str, *, day_starts: int = 23,
         place: tuple[float, float] | None = None) -> Cast:
    """The facts of the moment ``local`` (naive, to the second) on the clocks of ``zone``.

    A local time that a clock change skips or repeats is read with the offset in force before
    the change (Python's ``fold=0``)."""
    if local.tzinfo is not None:
        raise CalendarError("give the local time without a zone")
    t = terms()
    aware = local.replace(tzinfo=zone, fold=0)
    off = aware.utcoffset()
    offset = int(off.total_seconds()) if off is not None else 0
    instant = int((local - _EPOCH.replace(tzinfo=None)).total_seconds()) - offset
    if not (1900 <= local.year <= 2100) or not (t.instants[0] <= instant < t.instants[-1]):
        raise CalendarError(f"{local:%Y-%m-%dT%H:%M} is outside the solar-term table "
                            f"(1900-01-01 to 2100-12-31)")
    i = _term_index(instant)
    year, month, zhong, general = term_state(i)
    hour, ahead = hour_reading(local.hour, day_starts)
    day = day_ganzhi(local.date() + timedelta(days=ahead))
    sun = None if place is None else solar_day(instant, *place)
    night = is_night_hour(hour) if sun is None else not sun.day
    return Cast(local, zone_name, offset, instant, day_starts, year, month, day, hour,
                t.name(zhong), t.instants[zhong], general, plate_of(general, hour), night, sun)


SILI = ("立春", "立夏", "立秋", "立冬")
FENZHI = ("春分", "夏至", "秋分", "冬至")


def _day_count(local: datetime, day_starts: int) -> int:
    """The 干支 day of a local clock time, as a count of days (the civil date's ordinal, one on
    after the day's turning hour)."""
    return local.date().toordinal() + hour_reading(local.hour, day_starts)[1]


# The days of the calendar a condition names (a 課體's ``dates``) that a moment tells, each by how
# many days before a 四立 it is: the 四立 itself (天禍課's 「四立日」) and the day before one
# (「四立日前一日為四絕」).
SILI_DAYS = {"四立日": 0, "四立前日": 1}


def sili_days(c: Cast, zone: tzinfo) -> dict[str, bool]:
    """Whether the moment's 干支 day is each of :data:`SILI_DAYS` or one of 春分 夏至 秋分 冬至
    (天寇課's 「分至日」): the term's day being the day, turning as the cast's does, in which the
    term's instant falls on the clocks of ``zone``."""
    t = terms()
    i = _term_index(c.instant)
    today = _day_count(c.local, c.day_starts)
    out = {**dict.fromkeys(SILI_DAYS, False), "分至日": False}
    for j in range(max(i - 1, 0), min(i + 3, len(t.instants))):
        name = t.name(j)
        if name in SILI or name in FENZHI:
            at = datetime.fromtimestamp(t.instants[j], zone).replace(tzinfo=None)
            d = _day_count(at, c.day_starts)
            if name in FENZHI:
                out["分至日"] |= d == today
                continue
            for key, before in SILI_DAYS.items():
                out[key] |= d == today + before
    return out


def _term_index(instant: int) -> int:
    """The last term at or before ``instant``."""
    from bisect import bisect_right
    return bisect_right(terms().instants, instant) - 1


# ---- the tables the cast page looks up --------------------------------------------------------

@lru_cache(maxsize=1)
def page_tables() -> dict:
    """(Made once: the caller copies what it adds to.) Every rule above evaluated into tables, for the script of the pages that read a moment (the
    cast page, lessons, changes): the term instants with, for each term, the year, month, 中氣 and
    月將 in force after it; the clock hour's branch and day shift for each setting; the plate for
    each 月將 and 占時; 晝/夜 for each 占時; the day count's anchor; the year 干支 of every year
    (本命); and the Sun's tables (:func:`sitegen.model.sun.page_table`, 晝/夜 at a place).

    The per-term columns are packed (:mod:`sitegen.model.packing`, alphabet ``digits``): ``deltas``
    the seconds from each term to the next after ``first`` (four digits each), ``year`` and
    ``month`` the 干支 (甲子 = 0), ``general`` the 月將 (子 = 0), ``zhong_back`` how many terms back
    the 中氣 in force lies (0 or 1), one digit each."""
    t = terms()
    n = len(t.instants)
    states = [term_state(i) for i in range(n)]
    return {
        "terms": {"first": t.instants[0], "digits": DIGITS,
                  "deltas": pack((t.instants[i] - t.instants[i - 1] for i in range(1, n)), 4),
                  "names": [t.name(i) for i in range(24)],
                  "year": pack(s[0].index for s in states), "month": pack(s[1].index for s in states),
                  "zhong_back": pack(i - s[2] for i, s in enumerate(states)),
                  "general": pack(int(s[3]) for s in states)},
        "range": [1900, 2100],
        "hours": {str(d): [list(hour_reading(h, d)) for h in range(24)] for d in DAY_STARTS},
        "plate": [[plate_of(Branch(m), Branch(h)) for h in range(12)] for m in range(12)],
        "night": [is_night_hour(Branch(h)) for h in range(12)],
        "day_epoch": day_ganzhi(date(1970, 1, 1)).index,   # the 干支 of day 0 of the Unix count
        "years": {"first": 1900, "index": [year_ganzhi(y).index for y in range(1900, 2101)]},
        "sun": sun_table(),
        "sixty": [g.zh for g in SIXTY],
        "branches": [b.zh for b in Branch],
    }
