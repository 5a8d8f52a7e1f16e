"""The Sun at a place: 晝/夜 by sunrise and sunset, and the local solar time (평균태양시, 진태양시),
read from tables the build makes and the pages look up. ``sitegen cast --place`` reads the very same
tables, so the command line and the cast page agree to the second.

The astronomy is the Astronomical Almanac's low-precision solar coordinates (:func:`coordinates`,
about 0.01°; :func:`sun_altitude`), evaluated here once into three tables:

- ``eot``: for each day of the tropical year from ``EPOCH`` (days 0 … 366), the equation of time
  (apparent minus mean solar time) at 12:00 UT, in seconds;
- ``dec``: for each such day, the Sun's declination, in hundredths of a degree;
- ``arc``: for each latitude row (``LAT_MIN`` … ``LAT_MAX``, ``LAT_STEP`` apart) and declination
  column (``DEC_MIN`` … ``DEC_MAX``), half the time the Sun's centre is above ``SUNRISE_ALTITUDE``
  (the upper limb at the horizon, with refraction 34′), in units of ``ARC_UNIT`` seconds.

A day's ``eot`` and ``dec`` are the means over the tropical years 1900–2100 (every tenth) of the
same day of the tropical year. Reading them is arithmetic on whole numbers (:func:`solar_day`,
written once more, step for step, in the pages' script, assets/cast.js ``sunAt``): the place to
0.01°; its mean solar time = UT + longitude × 240 s (the 평균태양시); the equation of time at the
place's mean noon gives the transit and the true solar time (진태양시); the declination six hours
before and after the transit, each interpolated between days, gives the half-arcs of the morning
and the afternoon, interpolated in latitude and declination; 晝 from sunrise until sunset.
Against the formula itself, sunrise and sunset from the tables are within
:data:`MAX_ERROR_SECONDS` (measured: 60 s at worst, near ±60°; 35 s in Korea, China and Japan;
tests/test_sun.py measures it). The tables stop at ±60°: nearer the polar circles the Sun grazes
the horizon and a table's sunrise drifts by minutes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from .packing import pack

LAT_MIN, LAT_MAX, LAT_STEP = -60, 60, 2          # degrees
DEC_MIN, DEC_MAX, DEC_STEP = -24, 24, 1          # degrees
ARC_UNIT = 16                 # seconds: the half-arcs' unit in the table
SUNRISE_ALTITUDE = -0.833     # the Sun's centre when its upper limb meets the horizon (refraction 34′)
MAX_ERROR_SECONDS = 75        # the tables' sunrise and sunset against the formula (tests/test_sun.py)
J2000 = 946728000             # 2000-01-01T12:00Z, seconds since 1970
EPOCH = J2000                 # where the tables' year begins
YEAR = 31556925               # the tropical year, in seconds (365.24219 days): the tables' period
DAYS = YEAR // 86400 + 1      # the tables' days: 0 … 366
_CYCLES = range(-100, 101, 10)   # the tropical years 1900–2100 averaged (every tenth)


class PlaceError(ValueError):
    """A place the tables cannot read: the message is one line naming the problem."""


def coordinates(n: float) -> tuple[float, float, float]:
    """The Sun's right ascension and declination and the Greenwich mean sidereal time (degrees)
    ``n`` days from J2000.0 (2000-01-01T12:00, UT)."""
    g = math.radians((357.528 + 0.9856003 * n) % 360)      # mean anomaly
    lam = math.radians((280.460 + 0.9856474 * n + 1.915 * math.sin(g) + 0.020 * math.sin(2 * g)) % 360)
    eps = math.radians(23.439 - 0.0000004 * n)
    ra = math.degrees(math.atan2(math.cos(eps) * math.sin(lam), math.cos(lam)))
    dec = math.degrees(math.asin(math.sin(eps) * math.sin(lam)))
    return ra, dec, (280.46061837 + 360.98564736629 * n) % 360


def sun_altitude(instant: float, latitude: float, longitude: float) -> float:
    """The Sun's altitude in degrees at UT ``instant`` (seconds since 1970) seen from ``latitude``
    (north positive) and ``longitude`` (east positive), without refraction: the exact computation
    the tables stand for."""
    ra, dec, gmst = coordinates((instant - J2000) / 86400)
    phi, d, h = math.radians(latitude), math.radians(dec), math.radians(gmst + longitude - ra)
    return math.degrees(math.asin(math.sin(phi) * math.sin(d) + math.cos(phi) * math.cos(d) * math.cos(h)))


def _day(n: float) -> tuple[float, float]:
    """The declination (degrees) and the equation of time (seconds) ``n`` days from J2000.0."""
    ra, dec, gmst = coordinates(n)
    # apparent solar time at Greenwich (12 h + hour angle) less mean solar time (UT; 12 h at n whole)
    return dec, ((gmst - ra) * 240 - n % 1 * 86400 + 43200) % 86400 - 43200


def half_arc(latitude: float, declination: float) -> float:
    """Half the time (seconds) the Sun's centre is above ``SUNRISE_ALTITUDE`` at ``latitude`` on a
    day of ``declination`` (degrees)."""
    phi, dec = math.radians(latitude), math.radians(declination)
    c = (math.sin(math.radians(SUNRISE_ALTITUDE)) - math.sin(phi) * math.sin(dec)) / (math.cos(phi) * math.cos(dec))
    return math.degrees(math.acos(max(-1.0, min(1.0, c)))) * 240


@lru_cache(maxsize=1)
def tables() -> dict:
    """The three tables (lists of whole numbers) and their ranges."""
    eot, dec = [], []
    for k in range(DAYS + 1):
        got = [_day((EPOCH - J2000 + c * YEAR + k * 86400) / 86400) for c in _CYCLES]
        dec.append(round(100 * sum(g[0] for g in got) / len(got)))
        eot.append(round(sum(g[1] for g in got) / len(got)))
    arc = [[round(half_arc(lat, dc) / ARC_UNIT) for dc in range(DEC_MIN, DEC_MAX + 1, DEC_STEP)]
           for lat in range(LAT_MIN, LAT_MAX + 1, LAT_STEP)]
    return {"lat": [LAT_MIN, LAT_MAX, LAT_STEP], "decl": [DEC_MIN, DEC_MAX, DEC_STEP],
            "eot": eot, "dec": dec, "arc": arc}


def page_table() -> dict:
    """The tables as the pages read them (packed, :mod:`sitegen.model.packing`, with the calendar's
    ``digits``): ``eot`` + 2048 two digits a day, ``dec`` + 2400 three, ``arc`` (in units of
    ``ARC_UNIT`` seconds) two digits a value, row by row (latitude), each row its declination columns."""
    t = tables()
    return {"epoch": EPOCH, "year": YEAR, "lat": t["lat"], "decl": t["decl"], "arc_unit": ARC_UNIT,
            "eot": pack((e + 2048 for e in t["eot"]), 2), "dec": pack((d + 2400 for d in t["dec"]), 3),
            "arc": pack((a for row in t["arc"] for a in row), 2)}


def hundredths(x: float) -> int:
    """A degree value rounded to 0.01° (as the page rounds it: half up)."""
    return math.floor(x * 100 + 0.5)


def place_text(lat: int, lon: int) -> str:
    """A place in hundredths of a degree as the address and the output write it: ``37.57,126.98``."""
    def deg(v: int) -> str:
        return f"{'-' if v < 0 else ''}{abs(v) // 100}.{abs(v) % 100:02d}"
    return f"{deg(lat)},{deg(lon)}"


def check_place(latitude: float, longitude: float) -> tuple[int, int]:
    """The place in hundredths of a degree, or PlaceError."""
    lat, lon = hundredths(latitude), hundredths(longitude)
    if not (100 * LAT_MIN <= lat <= 100 * LAT_MAX and -18000 <= lon <= 18000):
        raise PlaceError(f"{latitude},{longitude}: the Sun's tables take latitude {LAT_MIN}…{LAT_MAX}° "
                         f"(short of the polar circles) and longitude −180…180°")
    return lat, lon


@dataclass(frozen=True)
class SolarDay:
    """The Sun at a place at an instant (UT seconds since 1970): the local mean and true solar
    times (seconds since 1970, read as if at UT), and that solar day's sunrise and sunset (UT)."""

    place: str                 # as :func:`place_text` writes it
    instant: int
    mean: int
    true: int
    sunrise: int
    sunset: int

    @property
    def day(self) -> bool:
        """晝: from sunrise until sunset."""
        return self.sunrise <= self.instant < self.sunset


def solar_day(instant: int, latitude: float, longitude: float) -> SolarDay:
    """The Sun at ``instant`` (UT seconds since 1970) at a place, from the tables alone: the local
    mean solar day holding the instant, its transit (mean noon less the equation of time then), its
    sunrise and sunset (the half-arcs of the declinations six hours before and after noon)."""
    t = tables()
    lat, lon = check_place(latitude, longitude)
    shift = lon * 24 // 10                                 # longitude × 240 s: 0.01° is 2.4 s
    mean = instant + shift
    mean_noon = mean // 86400 * 86400 + 43200 - shift      # UT of the place's mean noon that day
    eot = _at(t["eot"], mean_noon)
    noon = mean_noon - eot
    rise = _arc(t, lat, _at(t["dec"], noon - 21600))
    sets = _arc(t, lat, _at(t["dec"], noon + 21600))
    return SolarDay(place_text(lat, lon), instant, mean, mean + eot, noon - rise, noon + sets)


def _at(column: list[int], instant: int) -> int:
    """A column's value at ``instant``: where it falls in the tropical year (from ``EPOCH``), on a
    straight line between the day before and the day after."""
    k, f = divmod((instant - EPOCH) % YEAR, 86400)
    return column[k] + (column[k + 1] - column[k]) * f // 86400


def _arc(t: dict, lat: int, dec: int) -> int:
    """The half-arc (seconds) at latitude ``lat`` and declination ``dec`` (hundredths of a degree),
    interpolated in both from the four nearest values of the table."""
    a = t["arc"]
    y = lat - 100 * LAT_MIN
    x = dec - 100 * DEC_MIN
    j, fy = divmod(y, 100 * LAT_STEP)
    i, fx = divmod(x, 100 * DEC_STEP)
    j1, i1 = min(j + 1, len(a) - 1), min(i + 1, len(a[0]) - 1)
    s = 100 * LAT_STEP * 100 * DEC_STEP
    return ((a[j][i] * (100 * DEC_STEP - fx) + a[j][i1] * fx) * (100 * LAT_STEP - fy)
            + (a[j1][i] * (100 * DEC_STEP - fx) + a[j1][i1] * fx) * fy) * ARC_UNIT // s
