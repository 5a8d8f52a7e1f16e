"""Regenerate the new-moon table ``sitegen/model/new_moons.json`` from astronomy.

    python -m sitegen.model.lunar_gen            # rewrite the table
    python -m sitegen.model.lunar_gen --check    # recompute and compare, write nothing

The same astronomy as the solar terms (``calendar_gen``: Skyfield, JPL DE421 to 2053-10 and DE423
after, the built-in time scale; needs the ``calendar`` extra; nothing is downloaded). A new moon
(朔) is the instant the Moon's apparent geocentric ecliptic longitude equals the Sun's. The table
gives each in Universal Time (UT1), whole seconds since 1970-01-01 00:00, from the new moon of
1899-10-04 to that of 2101-07-26, so that every day 1900–2100 lies in a month
whose start and whose 中氣 the table and the solar terms give. The build never runs this module.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from .calendar_gen import _DE421_END_TDB, _UNIX_JD, _de423_vectors

TABLE = Path(__file__).with_name("new_moons.json")
_SYNODIC = 29.530588861
_K0_JD = 2451550.09766          # the mean new moon of 2000-01-06 (Meeus, ch. 49)
FIRST_K, LAST_K = -1240, 1256   # 1899-10 … 2101-03 (mean lunations counted from 2000-01-06)


def _elongations(t, sun, moon, earth):
    from skyfield.framelib import ecliptic_frame

    e = earth.at(t)
    _, ls, _ = e.observe(sun).apparent(deflectors=()).frame_latlon(ecliptic_frame)
    _, lm, _ = e.observe(moon).apparent(deflectors=()).frame_latlon(ecliptic_frame)
    return lm.degrees - ls.degrees


def compute_new_moons():
    """The UT1 instants (float seconds since 1970) of the new moons FIRST_K … LAST_K."""
    import warnings

    import numpy as np
    from skyfield.api import Loader, load
    from skyfield_data import get_skyfield_data_path

    warnings.filterwarnings("ignore", "The file finals2000A.all has expired", RuntimeWarning)
    ts = load.timescale(builtin=True)
    eph = Loader(get_skyfield_data_path(), expire=False)("de421.bsp")
    k = np.arange(FIRST_K, LAST_K + 1)
    jd = _K0_JD + _SYNODIC * k
    late = None
    for _ in range(12):
        diff = np.empty(k.shape)
        early = jd < _DE421_END_TDB
        if early.any():
            diff[early] = _elongations(ts.tt_jd(jd[early]), eph["sun"], eph["moon"], eph["earth"])
        if (~early).any():
            if late is None:
                late = _de423_vectors(ts)
            sun, earth = late
            diff[~early] = _elongations(ts.tt_jd(jd[~early]), sun, sun.moon, earth)
        diff = (diff + 180.0) % 360.0 - 180.0
        jd = jd - diff / 12.190749        # the Moon gains about 12.19° a day on the Sun
        if np.abs(diff).max() < 1e-7:
            break
    return (ts.tt_jd(jd).ut1 - _UNIX_JD) * 86400.0


def _table(instants) -> dict:
    return {
        "about": "New moons (朔): UT1 instants, whole seconds since 1970-01-01T00:00, from Skyfield "
                 "with JPL DE421 (to 2053-10) and DE423 (after); regenerate with "
                 "`python -m sitegen.model.lunar_gen`.",
        "instants": [int(round(float(s))) for s in instants],
    }


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m sitegen.model.lunar_gen",
                                description="Regenerate the new-moon table from the ephemerides.")
    p.add_argument("--check", action="store_true", help="compare with the table; write nothing")
    args = p.parse_args(argv)
    try:
        fresh = _table(compute_new_moons())
    except ImportError as e:
        print(f"lunar_gen: {e.name} is missing: pip install -e '.[calendar]'", file=sys.stderr)
        return 2
    if args.check:
        old = json.loads(TABLE.read_text("utf-8"))["instants"]
        worst = max(abs(a - b) for a, b in zip(old, fresh["instants"]))
        print(f"{len(old)} new moons; largest difference {worst} s")
        return 0 if worst <= 1 and len(old) == len(fresh["instants"]) else 1
    TABLE.write_text(json.dumps(fresh, separators=(",", ":")) + "\n", "utf-8")
    print(f"wrote {len(fresh['instants'])} new moons to {TABLE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
