"""Regenerate the lunar-mansion table ``sitegen/model/moon_mansions.json`` from astronomy.

    python -m sitegen.model.mansion_gen            # rewrite the table
    python -m sitegen.model.mansion_gen --check    # recompute and compare, write nothing

The same astronomy as the solar terms and the new moons (``calendar_gen``: Skyfield, JPL DE421 to
2053-10 and DE423 after, the built-in time scale; needs the ``calendar`` extra; nothing is
downloaded). The build never runs this module; ``sitegen.model.mansion`` reads the table.

Which mansion the Moon is in (月宿, 二十八宿), as the classical astronomy measures it: along the
equator (赤道宿度). Each mansion begins at the hour circle of its determinative star (距星) and
runs east to the next one's; the Moon is in mansion k from the instant its right ascension reaches
that of star k until it reaches that of star k + 1. Both are apparent geocentric right ascensions
of the true equator and equinox of date (precession, nutation and aberration applied to the stars
as to the Moon), so the boundaries move with the equinox as the stars do.

The determinative stars are each mansion's 「…宿一」 in the naming of the 《儀象考成》 (1756), the
last official star catalogue, which made ζ Ori (參宿一), not δ Ori (參宿三), the star of 參 so that
觜 keeps a positive width (about 1.4°). Their places are ICRS (J2000) positions from SIMBAD (the
Hipparcos number beside each); proper motion is left out: the fastest of them (α Crt, about 0.5″ a
year) moves less than a minute of the Moon's motion between 1900 and 2100.

The table runs from 1899-12-01 to 2101-02-01, so every moment of 1900–2100 in any zone lies
between two crossings. Each crossing is an instant in UT1 (whole seconds since 1970-01-01 00:00,
as the other tables), found to well under a second by the ephemeris.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .calendar_gen import _DE421_END_TDB, _UNIX_JD, _de423_vectors

TABLE = Path(__file__).with_name("moon_mansions.json")

# The 28 mansions from 角, each with its determinative star: name, Hipparcos number, ICRS right
# ascension (h, m, s) and declination (sign, °, ′, ″).
STARS = (
    ("角", "α Vir", 65474, (13, 25, 11.57937), (-1, 11, 9, 40.7501)),
    ("亢", "κ Vir", 69427, (14, 12, 53.7448526), (-1, 10, 16, 25.332461)),
    ("氐", "α² Lib", 72622, (14, 50, 52.71309), (-1, 16, 2, 30.3955)),
    ("房", "π Sco", 78265, (15, 58, 51.1132378), (-1, 26, 6, 50.788602)),
    ("心", "σ Sco", 80112, (16, 21, 11.3157134), (-1, 25, 35, 34.051476)),
    ("尾", "μ¹ Sco", 82514, (16, 51, 52.2283549), (-1, 38, 2, 50.63807)),
    ("箕", "γ² Sgr", 88635, (18, 5, 48.4880988), (-1, 30, 25, 26.723458)),
    ("斗", "φ Sgr", 92041, (18, 45, 39.3895426), (-1, 26, 59, 26.817522)),
    ("牛", "β Cap", 100345, (20, 21, 0.67), (-1, 14, 46, 53.0)),
    ("女", "ε Aqr", 102618, (20, 47, 40.5495728), (-1, 9, 29, 44.796937)),
    ("虛", "β Aqr", 106278, (21, 31, 33.532076), (-1, 5, 34, 16.229381)),
    ("危", "α Aqr", 109074, (22, 5, 47.0355458), (-1, 0, 19, 11.463440)),
    ("室", "α Peg", 113963, (23, 4, 45.65345), (1, 15, 12, 18.9617)),
    ("壁", "γ Peg", 1067, (0, 13, 14.152349), (1, 15, 11, 0.954347)),
    ("奎", "η And", 4463, (0, 57, 12.4002792), (1, 23, 25, 3.540083)),
    ("婁", "β Ari", 8903, (1, 54, 38.41099), (1, 20, 48, 28.9133)),
    ("胃", "35 Ari", 12719, (2, 43, 27.1142795), (1, 27, 42, 25.737873)),
    ("昴", "17 Tau", 17499, (3, 44, 52.5370898), (1, 24, 6, 48.016260)),
    ("畢", "ε Tau", 20889, (4, 28, 37.0002551), (1, 19, 10, 49.563141)),
    ("觜", "λ Ori", 26207, (5, 35, 8.27761), (1, 9, 56, 2.9611)),
    ("參", "ζ Ori", 26727, (5, 40, 45.52666), (-1, 1, 56, 33.2649)),
    ("井", "μ Gem", 30343, (6, 22, 57.62686), (1, 22, 30, 48.8979)),
    ("鬼", "θ Cnc", 41822, (8, 31, 35.7299602), (1, 18, 5, 39.905423)),
    ("柳", "δ Hya", 42313, (8, 37, 39.3674728), (1, 5, 42, 13.635944)),
    ("星", "α Hya", 46390, (9, 27, 35.2427), (-1, 8, 39, 30.9583)),
    ("張", "υ¹ Hya", 48356, (9, 51, 28.6749789), (-1, 14, 50, 47.863368)),
    ("翼", "α Crt", 53740, (10, 59, 46.4651558), (-1, 18, 17, 55.630394)),
    ("軫", "γ Crv", 59803, (12, 15, 48.37081), (-1, 17, 32, 30.9496)),
)
FIRST_JD, LAST_JD = 2415004.5, 2488802.5      # 1899-12-01 and 2101-02-01 (TT, to a minute)
_STEP = 0.25                                   # days between the samples a crossing is bracketed by


def _stars():
    from skyfield.api import Star

    out = []
    for _n, _name, _hip, (h, m, s), (sign, d, am, asec) in STARS:
        out.append(Star(ra_hours=h + m / 60 + s / 3600, dec_degrees=sign * (d + am / 60 + asec / 3600)))
    return out


def _ra(t, earth, body) -> "object":
    """Apparent geocentric right ascension of date, in degrees."""
    ra, _, _ = earth.at(t).observe(body).apparent(deflectors=()).radec("date")
    return ra.hours * 15.0


class _Sky:
    """The Moon and the stars seen from the Earth, from DE421 before its end and DE423 after (or
    from DE423 throughout with ``de423_only``, the second ephemeris the tests compare with)."""

    def __init__(self, de423_only: bool = False):
        import warnings

        from skyfield.api import Loader, load
        from skyfield_data import get_skyfield_data_path

        warnings.filterwarnings("ignore", "The file finals2000A.all has expired", RuntimeWarning)
        self.ts = load.timescale(builtin=True)
        eph = Loader(get_skyfield_data_path(), expire=False)("de421.bsp")
        self.de421 = (eph["earth"], eph["moon"])
        sun, earth = _de423_vectors(self.ts)
        self.de423 = (earth, sun.moon)
        self.only = de423_only
        self.stars = _stars()
        self._last = None

    def _times(self, jd):
        """The Time objects of ``jd``'s parts before and after DE421's end, kept for the next call
        with the same dates (Skyfield keeps each Time's nutation: the Moon and 28 stars share it)."""
        import numpy as np

        key = jd.tobytes()
        if self._last is None or self._last[0] != key:
            early = np.zeros(jd.shape, bool) if self.only else jd < _DE421_END_TDB
            parts = [(mask, self.ts.tt_jd(jd[mask]), eph) for mask, eph in ((early, self.de421), (~early, self.de423))
                     if mask.any()]
            self._last = (key, parts)
        return self._last[1]

    def _split(self, jd, fn):
        import numpy as np

        out = np.empty(jd.shape)
        for mask, t, (earth, moon) in self._times(jd):
            out[mask] = fn(t, earth, moon)
        return out

    def moon(self, jd):
        return self._split(jd, lambda t, earth, moon: _ra(t, earth, moon))

    def star(self, k: int, jd):
        return self._split(jd, lambda t, earth, moon: _ra(t, earth, self.stars[k]))


def _wrap(d):
    return (d + 180.0) % 360.0 - 180.0


def compute_crossings(near=None, de423_only: bool = False):
    """The crossings: TT Julian dates and, for each, the mansion the Moon enters (0 = 角 … 27 = 軫),
    in time order. With ``near`` (TT Julian dates), only the first crossing after each date is
    found (as the tests sample the table); with ``de423_only`` from DE423 alone."""
    import numpy as np

    sky = _Sky(de423_only)
    if near is None:
        grid = np.arange(FIRST_JD, LAST_JD + _STEP, _STEP)
    else:
        near = np.asarray(near, float)
        grid = (near[:, None] + np.arange(0, 4.0, _STEP)[None, :]).ravel()
    moon = sky.moon(grid)
    # the stars' places of date change slowly: for the whole table, sampled every five days and
    # interpolated
    coarse = np.arange(grid.min() - 5.0, grid.max() + 10.0, 5.0)
    jds, ks = [], []
    for k in range(len(STARS)):
        if near is None:
            star = np.interp(grid, coarse, np.unwrap(sky.star(k, coarse), period=360.0)) % 360.0
        else:
            star = sky.star(k, grid)
        d = _wrap(moon - star)
        # the Moon's right ascension always increases: it passes the star where d turns positive
        hit = np.nonzero((d[:-1] < 0) & (d[1:] >= 0) & (np.diff(grid) < 1.0))[0]
        # a first guess between the two samples, then Newton's method on the exact places
        jd = grid[hit] - d[hit] / (d[hit + 1] - d[hit]) * (grid[hit + 1] - grid[hit])
        for _ in range(6):
            diff = _wrap(sky.moon(jd) - sky.star(k, jd))
            jd = jd - diff / 13.176       # the Moon gains about 13.18° a day on the stars
            if diff.size == 0 or np.abs(diff).max() < 1e-7:
                break
        jds.append(jd)
        ks.append(np.full(jd.shape, k))
    instants, mansions = np.concatenate(jds), np.concatenate(ks)
    order = np.argsort(instants)
    instants, mansions = instants[order], mansions[order]
    if near is not None:
        first = np.searchsorted(instants, near)
        return instants[first], mansions[first]
    return instants, mansions


def ut_seconds(jd) -> list[int]:
    """TT Julian dates as UT1 seconds since 1970, rounded (as the other tables)."""
    from skyfield.api import load

    ts = load.timescale(builtin=True)
    return [int(round(float(s))) for s in (ts.tt_jd(jd).ut1 - _UNIX_JD) * 86400.0]


def _table(jd, k) -> dict:
    from .packing import DIGITS, pack

    instants = ut_seconds(jd)
    if any((b - a) % 28 != 1 for a, b in zip(k, k[1:])):
        raise ValueError("the crossings do not follow the mansions' order")
    return {
        "about": "The Moon's lunar mansions (月宿): the UT1 instants, whole seconds since "
                 "1970-01-01T00:00, at which the Moon's apparent geocentric right ascension of date "
                 "reaches that of each mansion's determinative star (角 = 0 … 軫 = 27), from Skyfield "
                 "with JPL DE421 (to 2053-10) and DE423 (after); `first` is the first instant and the "
                 "mansion then entered, `steps` the seconds to each next crossing, three digits of "
                 "base 64 (`digits`) each; regenerate with `python -m sitegen.model.mansion_gen`.",
        "mansions": [s[0] for s in STARS],
        "first": {"instant": instants[0], "mansion": int(k[0])},
        "digits": DIGITS,
        "steps": pack([b - a for a, b in zip(instants, instants[1:])], 3),
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m sitegen.model.mansion_gen",
                                description="Regenerate the lunar-mansion table from the ephemerides.")
    p.add_argument("--check", action="store_true", help="compare with the table; write nothing")
    args = p.parse_args(argv)
    try:
        fresh = _table(*compute_crossings())
    except ImportError as e:
        print(f"mansion_gen: {e.name} is missing: pip install -e '.[calendar]'", file=sys.stderr)
        return 2
    if args.check:
        from .mansion import _instants

        old = _instants(json.loads(TABLE.read_text("utf-8")))
        new = _instants(fresh)
        worst = max(abs(a - b) for a, b in zip(old, new))
        print(f"{len(old)} crossings; largest difference {worst} s")
        return 0 if worst <= 1 and len(old) == len(new) else 1
    TABLE.write_text(json.dumps(fresh, ensure_ascii=False, separators=(",", ":")) + "\n", "utf-8")
    print(f"wrote {len(fresh['steps']) // 3 + 1} crossings to {TABLE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
