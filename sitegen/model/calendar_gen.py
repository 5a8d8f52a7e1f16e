"""Regenerate the solar-term table ``sitegen/model/solar_terms.json`` from astronomy.

    python -m sitegen.model.calendar_gen            # rewrite the table
    python -m sitegen.model.calendar_gen --check    # recompute and compare, write nothing

Needs the optional ``calendar`` extra (``pip install -e '.[calendar]'``): Skyfield with the JPL
DE421 ephemeris that the ``skyfield-data`` package ships (1899-07-29 to 2053-10-08) and, for the
terms after DE421 ends, the JPL DE423 ephemeris that the ``de423`` package ships (1800–2200).
Nothing is downloaded: both ephemerides and Skyfield's built-in time scale (ΔT, leap seconds) are
installed files. The build never runs this module; it reads the table.

A term is the instant the Sun's apparent geocentric ecliptic longitude (true ecliptic and equinox
of date: aberration and nutation included) reaches a multiple of 15°. The table gives each
instant in Universal Time (UT1) as whole seconds since 1970-01-01 00:00, rounded: civil clocks
followed UT (GMT) before 1972 and UTC, within 0.9 s of UT1, since. After the last leap second
Skyfield knows, UT1 rests on its extrapolated ΔT.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

TABLE = Path(__file__).with_name("solar_terms.json")

# The table runs from 冬至 1899 (the term in force on 1900-01-01, in every zone) to 小寒 2101 (the
# first term after 2100-12-31), so every moment from 1900-01-01 to 2100-12-31 falls between two.
FIRST_YEAR, FIRST_LONGITUDE = 1899, 270
COUNT = 1 + 24 * 201 + 1             # 冬至 1899, 小寒 1900 … 冬至 2100, 小寒 2101
_UNIX_JD = 2440587.5
_DE421_END_TDB = 2471184.5          # 2053-10-01: DE421 stops on 10-08; light time needs a margin


def _de423_vectors(ts):
    """The Sun and the Earth from the ``de423`` package (jplephem's old per-body arrays of
    Chebyshev coefficients) as Skyfield vector functions, so Skyfield does the rest exactly as
    for DE421: light time, aberration, nutation."""
    import de423
    import numpy as np
    from skyfield.vectorlib import VectorFunction

    folder = os.path.dirname(de423.__file__)
    const = {k.decode("ascii"): float(v)
             for k, v in np.load(os.path.join(folder, "constants.npy"), allow_pickle=True)}
    alpha, omega, au_km = const["jalpha"], const["jomega"], const["AU"]
    earth_share = 1.0 / (1.0 + const["EMRAT"])
    sets = {n: np.load(os.path.join(folder, f"jpl-{n}.npy")) for n in ("sun", "earthmoon", "moon")}

    def compute(name, whole, fraction):
        """Position (km) and velocity (km/day), shape (3, n), of one body's series."""
        coef = sets[name]
        n_sets, _, n_coef = coef.shape
        span = (omega - alpha) / n_sets
        tdb = np.atleast_1d(np.asarray(whole, float) - alpha + np.asarray(fraction, float))
        if (tdb < 0).any() or (tdb > omega - alpha).any():
            raise ValueError("DE423 covers 1800–2200 only")
        index = np.minimum((tdb // span).astype(int), n_sets - 1)
        x = 2.0 * (tdb - index * span) / span - 1.0
        c = coef[index]                               # (n, 3, n_coef)
        T = np.empty((n_coef, x.size))
        D = np.empty((n_coef, x.size))
        T[0], T[1] = 1.0, x
        D[0], D[1] = 0.0, 1.0
        for i in range(2, n_coef):
            T[i] = 2 * x * T[i - 1] - T[i - 2]
            D[i] = 2 * T[i - 1] + 2 * x * D[i - 1] - D[i - 2]
        pos = np.einsum("nak,kn->an", c, T)
        vel = np.einsum("nak,kn->an", c, D) * (2.0 / span)
        return pos, vel

    class Body(VectorFunction):
        center = 0
        ephemeris = None

        def __init__(self, target, parts):
            self.target = target
            self.parts = parts                         # (series, factor)

        def _at(self, t):
            p = v = 0.0
            for name, factor in self.parts:
                pp, vv = compute(name, t.whole, t.tdb_fraction)
                p, v = p + factor * pp, v + factor * vv
            if not t.shape:
                p, v = p[:, 0], v[:, 0]
            return p / au_km, v / au_km, None, None

    sun = Body(10, (("sun", 1.0),))
    earth = Body(399, (("earthmoon", 1.0), ("moon", -earth_share)))
    moon = Body(301, (("earthmoon", 1.0), ("moon", 1.0 - earth_share)))
    sun.moon = moon          # for the new moons (sitegen.model.lunar_gen)
    return sun, earth


def _longitudes(t, sun, earth):
    from skyfield.framelib import ecliptic_frame

    # The Sun's light is not bent by the Sun as seen from the Earth (and Jupiter's or Saturn's
    # bending of it is micro-arcseconds), so no deflectors: both ephemerides are treated alike.
    lat, lon, _ = earth.at(t).observe(sun).apparent(deflectors=()).frame_latlon(ecliptic_frame)
    return lon.degrees


def compute_terms(indices=None):
    """The UT1 instants (float seconds since 1970) of the terms with these indices in the table
    (default: all of them)."""
    import warnings

    import numpy as np
    from skyfield.api import Loader, load
    from skyfield_data import get_skyfield_data_path

    # skyfield-data warns that its Earth-orientation file is old: only the built-in time scale
    # is used, and the term instants depend on nothing in that file.
    warnings.filterwarnings("ignore", "The file finals2000A.all has expired", RuntimeWarning)
    ts = load.timescale(builtin=True)
    eph = Loader(get_skyfield_data_path(), expire=False)("de421.bsp")
    idx = np.arange(COUNT) if indices is None else np.asarray(indices)
    target = FIRST_LONGITUDE + 15.0 * idx               # unwrapped longitude
    # A first guess from the mean Sun (280.46° at J2000; 冬至 1999 is 270° of the same cycle).
    jd = 2451545.0 + (target - 280.46 - 360.0 * (1999 - FIRST_YEAR)) / 0.98564736
    late = None
    for _ in range(12):
        lon = np.empty(idx.shape)
        early = jd < _DE421_END_TDB
        if early.any():
            lon[early] = _longitudes(ts.tt_jd(jd[early]), eph["sun"], eph["earth"])
        if (~early).any():
            if late is None:
                late = _de423_vectors(ts)
            lon[~early] = _longitudes(ts.tt_jd(jd[~early]), *late)
        diff = (target - lon + 180.0) % 360.0 - 180.0
        jd = jd + diff / 0.98564736
        if np.abs(diff).max() < 1e-8:                  # about a millisecond of the Sun's motion
            break
    return (ts.tt_jd(jd).ut1 - _UNIX_JD) * 86400.0


def _table(instants) -> dict:
    return {
        "about": "Solar terms (節氣): UT1 instants, whole seconds since 1970-01-01T00:00, from "
                 "Skyfield with JPL DE421 (to 2053-10) and DE423 (after); regenerate with "
                 "`python -m sitegen.model.calendar_gen`.",
        "first": {"year": FIRST_YEAR, "longitude": FIRST_LONGITUDE},
        "instants": [int(round(float(s))) for s in instants],
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m sitegen.model.calendar_gen",
                                description="Regenerate the solar-term table from the ephemerides.")
    p.add_argument("--check", action="store_true", help="compare with the table; write nothing")
    args = p.parse_args(argv)
    try:
        fresh = _table(compute_terms())
    except ImportError as e:
        print(f"calendar_gen: {e.name} is missing: pip install -e '.[calendar]'", file=sys.stderr)
        return 2
    if args.check:
        old = json.loads(TABLE.read_text("utf-8"))["instants"]
        worst = max(abs(a - b) for a, b in zip(old, fresh["instants"]))
        print(f"{len(old)} terms; largest difference {worst} s")
        return 0 if worst <= 1 and len(old) == len(fresh["instants"]) else 1
    TABLE.write_text(json.dumps(fresh, separators=(",", ":")) + "\n", "utf-8")
    print(f"wrote {len(fresh['instants'])} terms to {TABLE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
