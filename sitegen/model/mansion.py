"""The Moon's lunar mansion (月宿, 二十八宿) at a moment: a pure lookup in a table shipped with the
package (``moon_mansions.json``), made offline from the JPL ephemerides by
``python -m sitegen.model.mansion_gen`` (which states the convention: the mansions measured along
the equator from the hour circles of their determinative stars, 赤道宿度, apparent geocentric places
of date). Nothing is computed from an ephemeris at build or cast time.

Not the 值日宿 of the almanacs (lunar-python's ``getXiu``), which counts the 28 mansions one a day
in a fixed cycle with the week: that is a calendar cycle, not where the Moon is.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from dataclasses import dataclass
from datetime import datetime, timezone
from functools import lru_cache
from pathlib import Path

_TABLE = Path(__file__).with_name("moon_mansions.json")
_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)

MANSIONS = ("角", "亢", "氐", "房", "心", "尾", "箕", "斗", "牛", "女", "虛", "危", "室", "壁",
            "奎", "婁", "胃", "昴", "畢", "觜", "參", "井", "鬼", "柳", "星", "張", "翼", "軫")
# 月宿所屬十二辰 (《六壬大全》 卷九 二煩課, rule ``liuren-yue-su``): 「辰角亢，卯氐房心，寅尾箕，丑斗牛，
# 子女虛危，亥室壁，戌奎婁，酉胃昴畢，申觜參，未井鬼，午柳星張，巳翼軫」 — the 宮 (branch) each mansion
# belongs to, as a 子…亥 index.
_PALACE_ROWS = ("辰角亢", "卯氐房心", "寅尾箕", "丑斗牛", "子女虛危", "亥室壁", "戌奎婁", "酉胃昴畢",
                "申觜參", "未井鬼", "午柳星張", "巳翼軫")
_BRANCHES = "子丑寅卯辰巳午未申酉戌亥"
PALACE = tuple(next(_BRANCHES.index(r[0]) for r in _PALACE_ROWS if m in r[1:]) for m in MANSIONS)


def palace(index: int) -> int:
    """The branch (子 = 0 … 亥 = 11) of the 宮 the mansion ``index`` belongs to (月宿所屬十二辰)."""
    return PALACE[index]


@dataclass(frozen=True)
class MoonMansion:
    index: int            # 0 = 角 … 27 = 軫
    entered: datetime     # when the Moon entered it (UTC)
    leaves: datetime      # when it enters the next

    @property
    def zh(self) -> str:
        return MANSIONS[self.index]

    @property
    def palace(self) -> int:
        """Its 宮's branch, 子 = 0 … 亥 = 11: where the Moon stands on the plate (月宿)."""
        return PALACE[self.index]

    def as_data(self) -> dict:
        def iso(d: datetime) -> str:
            return d.strftime("%Y-%m-%dT%H:%M:%SZ")
        return {"mansion": self.zh, "index": self.index, "palace": _BRANCHES[self.palace], "entered": iso(self.entered), "leaves": iso(self.leaves)}


def _instants(table: dict) -> list[int]:
    """The table's crossing instants (UT1 seconds since 1970), from its first and its packed steps."""
    at = {c: i for i, c in enumerate(table["digits"])}
    steps = table["steps"]
    out = [table["first"]["instant"]]
    for i in range(0, len(steps), 3):
        out.append(out[-1] + (at[steps[i]] << 12 | at[steps[i + 1]] << 6 | at[steps[i + 2]]))
    return out


@lru_cache(maxsize=1)
def _table() -> tuple[list[int], int]:
    table = json.loads(_TABLE.read_text("utf-8"))
    if tuple(table["mansions"]) != MANSIONS:
        raise ValueError(f"{_TABLE.name} lists the mansions in another order")
    return _instants(table), table["first"]["mansion"]


def moon_mansion(moment: datetime) -> MoonMansion:
    """The mansion the Moon is in at ``moment`` (an aware datetime, 1900–2100)."""
    if moment.tzinfo is None:
        raise ValueError("the moment needs its zone (an aware datetime)")
    instants, first = _table()
    s = (moment - _EPOCH).total_seconds()
    i = bisect_right(instants, s) - 1
    if i < 0 or i + 1 >= len(instants):
        raise ValueError(f"{moment.isoformat()} is outside the mansion table (1900–2100)")
    when = [datetime.fromtimestamp(x, timezone.utc) for x in (instants[i], instants[i + 1])]
    return MoonMansion((first + i) % 28, *when)


def page_table() -> dict:
    """What the cast page looks up for the Moon's mansion (``cast/moon.js``): the table's crossings
    as shipped (``first``, ``digits``, ``steps``: three digits a step) and each mansion's own facts
    (``as_data`` but for when it was entered and left), by index."""
    table = json.loads(_TABLE.read_text("utf-8"))
    _table()                                   # (checks the mansions' order)
    own = [{k: v for k, v in MoonMansion(i, _EPOCH, _EPOCH).as_data().items() if k not in ("entered", "leaves")}
           for i in range(len(MANSIONS))]
    return {"first": table["first"], "digits": table["digits"], "steps": table["steps"], "mansions": own}
