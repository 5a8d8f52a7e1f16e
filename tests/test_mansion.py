"""The Moon's lunar mansion (月宿): the shipped table against a second ephemeris near the mansions'
boundaries, the lookup on both sides of each boundary, and how it differs from the almanacs' 值日宿
(lunar-python's ``getXiu``), a calendar cycle of one mansion a day."""

from __future__ import annotations

import datetime as dt
import random

import pytest

from sitegen.content.t2s import fold
from sitegen.model.calendar import day_ganzhi
from sitegen.model.mansion import MANSIONS, _table, moon_mansion

UTC = dt.timezone.utc
_UNIX_JD = 2440587.5


def _at(seconds: float) -> dt.datetime:
    return dt.datetime.fromtimestamp(seconds, UTC)


def test_the_table_covers_1900_to_2100_in_every_zone_and_follows_the_mansions_in_order():
    instants, first = _table()
    assert instants[0] < dt.datetime(1899, 12, 31, 10, tzinfo=UTC).timestamp()      # 1900-01-01 at UTC+14
    assert instants[-1] > dt.datetime(2101, 1, 1, 12, tzinfo=UTC).timestamp()       # 2100-12-31 at UTC−12
    assert all(b > a for a, b in zip(instants, instants[1:]))
    # 28 crossings a sidereal month (27.32166 days): 201 years of them
    months = (instants[-1] - instants[0]) / 86400 / 27.321661
    assert abs(len(instants) - 28 * months) <= 28
    # each mansion's share of the Moon's time is its width along the equator: 觜 the narrowest
    # (about 1.4°, ζ Ori as 參's star), 井 the widest (about 33°)
    stay = [0.0] * 28
    for i, (a, b) in enumerate(zip(instants, instants[1:])):
        stay[(first + i) % 28] += b - a
    share = [s / sum(stay) * 360 for s in stay]
    assert min(range(28), key=share.__getitem__) == MANSIONS.index("觜") and 0.8 < min(share) < 2.0
    assert max(range(28), key=share.__getitem__) == MANSIONS.index("井") and 30 < max(share) < 35


def test_either_side_of_a_boundary_the_lookup_names_the_mansion_left_and_the_one_entered():
    instants, first = _table()
    rng = random.Random(27)
    for i in rng.sample(range(1, len(instants) - 1), 300):
        before, after = moon_mansion(_at(instants[i] - 1)), moon_mansion(_at(instants[i] + 1))
        assert after.index == (before.index + 1) % 28 == (first + i) % 28
        assert after.entered == _at(instants[i]) == before.leaves
    seoul = dt.timezone(dt.timedelta(hours=9))
    m = moon_mansion(dt.datetime(2026, 12, 1, 9, 30, tzinfo=seoul))
    assert m.zh == "張" and m.as_data() == {"mansion": "張", "index": 25, "palace": "午", "entered": "2026-11-30T07:16:59Z",
                                            "leaves": "2026-12-01T16:21:27Z"}
    with pytest.raises(ValueError, match="outside the mansion table"):
        moon_mansion(dt.datetime(1850, 1, 1, tzinfo=UTC))
    with pytest.raises(ValueError, match="aware"):
        moon_mansion(dt.datetime(2000, 1, 1))


def test_a_second_ephemeris_puts_the_boundaries_where_the_table_does():
    """DE423 alone (the table takes DE421 to 2053-10) finds 40 sampled crossings of 1900–2053
    within two seconds of the table's, and the regeneration itself (DE423 after 2053) reproduces 12
    later ones: the table is what `python -m sitegen.model.mansion_gen` makes, and the Moon's place
    in it does not hang on one ephemeris."""
    pytest.importorskip("skyfield")
    from sitegen.model import mansion_gen

    instants, first = _table()
    rng = random.Random(423)
    switch = next(i for i, s in enumerate(instants) if s > dt.datetime(2053, 10, 1, tzinfo=UTC).timestamp())
    for picks, de423_only in ((rng.sample(range(1, switch), 40), True),
                              (rng.sample(range(switch, len(instants) - 1), 12), False)):
        # start an hour before each crossing (TT ≈ UT + ΔT: under two minutes in these years)
        near = [(instants[i] - 3600) / 86400 + _UNIX_JD for i in sorted(picks)]
        jd, k = mansion_gen.compute_crossings(near, de423_only=de423_only)
        fresh = mansion_gen.ut_seconds(jd)
        for i, s, kk in zip(sorted(picks), fresh, k):
            assert kk == (first + i) % 28
            assert abs(s - instants[i]) <= 2, (i, _at(instants[i]), s - instants[i])


def test_the_almanacs_day_mansion_is_a_calendar_cycle_not_where_the_moon_is():
    """lunar-python's ``getXiu`` (sxtwl has no mansion at all) is the 值日宿 of the almanacs: the 28
    mansions one a day, from the day's branch and the weekday. It steps one mansion a day without
    fail, while the Moon takes 27.3 days for the 28 and stays in 觜 two hours and in 井 two and a
    half days; the two agree on a day only by chance."""
    lunar_python = pytest.importorskip("lunar_python")
    from lunar_python.util.LunarUtil import LunarUtil

    names = [fold(m) for m in MANSIONS]
    start = dt.date(1990, 1, 1)

    def xiu(d: dt.date, lunar=None) -> int:
        """lunar-python's 值日宿: its table keyed by the day's branch and the weekday (0 = Sunday)."""
        if lunar is not None:
            return names.index(lunar.getXiu())
        return names.index(LunarUtil.XIU[fold(day_ganzhi(d).branch.zh) + str((d.weekday() + 1) % 7)])

    # the key is lunar-python's own: its getXiu on two cycles gives what its table does
    for n in range(56):
        d = start + dt.timedelta(days=n)
        assert xiu(d) == xiu(d, lunar_python.Solar.fromYmd(d.year, d.month, d.day).getLunar()), d
    same, days = 0, 3000
    for n in range(days):
        d = start + dt.timedelta(days=n)
        assert xiu(d + dt.timedelta(days=1)) == (xiu(d) + 1) % 28, d
        noon = dt.datetime(d.year, d.month, d.day, 12, tzinfo=dt.timezone(dt.timedelta(hours=8)))
        same += moon_mansion(noon).index == xiu(d)
    assert same / days < 0.12, same


def test_sitegen_cast_gives_the_moons_mansion_in_text_and_json():
    import json
    import subprocess
    import sys
    from pathlib import Path

    root = str(Path(__file__).resolve().parent.parent)
    args = [sys.executable, "-m", "sitegen", "--root", root, "cast", "--tz", "Asia/Seoul", "2026-12-01T09:30"]
    text = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    assert "\n  月宿 張 (午宮, 2026-11-30T07:16:59Z – 2026-12-01T16:21:27Z)\n" in text
    got = json.loads(subprocess.run(args + ["--json"], capture_output=True, text=True, check=True).stdout)
    assert got["moon_mansion"] == {"mansion": "張", "index": 25, "palace": "午", "entered": "2026-11-30T07:16:59Z",
                                   "leaves": "2026-12-01T16:21:27Z"}
