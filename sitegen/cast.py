"""``sitegen cast``: from moments to their 大六壬 lessons (起課), or to a hexagram's change read
in its day and month (起卦).

    sitegen cast [--tz ZONE] [--day-starts 23|0] [--json] [WHEN...]
    sitegen cast --yi LINES | --meihua | --numbers A,B[,C]  [--tz ZONE] [--json] [WHEN...]

WHEN is a local ``YYYY-MM-DDTHH:MM`` (or ``…:SS``) on the clocks of ZONE, or ``now`` (the
default). Each
moment is read by :mod:`sitegen.model.calendar`; its lesson comes from the 大六壬 engine. Bad input
gives one line naming the problem and exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote

from .model.options import NobleTable, Shehai

if TYPE_CHECKING:  # pragma: no cover
    from .model.yi.change import Change

# The calendar and the engine load only when a cast runs (the parser of every command adds
# this command's arguments).

_WHEN = re.compile(r"(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?")


class CastError(ValueError):
    pass


def machine_zone() -> str:
    """The machine's IANA zone name: $TZ, else what /etc/localtime points at, else UTC."""
    tz = os.environ.get("TZ", "").lstrip(":")
    if tz:
        return tz
    try:
        target = os.path.realpath("/etc/localtime")
    except OSError:
        return "UTC"
    marker = "/zoneinfo/"
    return target.split(marker, 1)[1] if marker in target else "UTC"


def zone(name: str):
    from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

    try:
        if not name or name.startswith("/") or ".." in name:
            raise ValueError
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        raise CastError(f"unknown time zone {name!r} (give an IANA name such as Asia/Seoul)") from None


def parse_when(text: str, tz, tz_name: str) -> datetime:
    if text == "now":
        return datetime.now(tz).replace(tzinfo=None, microsecond=0)
    m = _WHEN.fullmatch(text)
    if not m:
        raise CastError(f"{text!r} is not a moment: give YYYY-MM-DDTHH:MM (or …:SS) or 'now'")
    y, mo, d, h, mi, s = (int(g) if g else 0 for g in m.groups())
    if h > 23 or mi > 59 or s > 59:
        raise CastError(f"{text}: no such time of day (hours 00–23, minutes and seconds 00–59)")
    try:
        return datetime(y, mo, d, h, mi, s)
    except ValueError as e:
        raise CastError(f"{text}: no such date ({e})") from None


def moment_text(local: datetime) -> str:
    """The moment as the URL and the output write it: seconds only when there are some."""
    return local.strftime("%Y-%m-%dT%H:%M" + (":%S" if local.second else ""))


def _offset_text(seconds: int) -> str:
    sign = "-" if seconds < 0 else "+"
    h, rest = divmod(abs(seconds), 3600)
    m, s = divmod(rest, 60)
    return f"{sign}{h:02d}:{m:02d}" + (f":{s:02d}" if s else "")


def clock_change(local: datetime, tz) -> dict:
    """``{"clock_change": …}`` when the clocks of ``tz`` skip the local time ``local`` or show it
    twice (a change of offset, such as daylight saving time), else nothing: which reading was
    used (``read_as``, the offset in force before the change, as :func:`~sitegen.model.calendar.cast`
    reads it) and the other (``other``)."""
    before = local.replace(tzinfo=tz, fold=0).utcoffset()
    after = local.replace(tzinfo=tz, fold=1).utcoffset()
    if before is None or after is None or before == after:
        return {}
    return {"clock_change": {"kind": "skipped" if after > before else "repeated",
                             "read_as": _offset_text(int(before.total_seconds())),
                             "other": _offset_text(int(after.total_seconds()))}}


def clock_change_text(f: dict) -> str:
    """The line that says how a skipped or repeated local time was read ("" for any other)."""
    c = f.get("clock_change")
    if not c:
        return ""
    if c["kind"] == "skipped":
        return (f"\n  {f['at']} is skipped by the clocks of {f['tz']} (UTC{c['read_as']} → "
                f"UTC{c['other']}): read with the offset before the change, UTC{c['read_as']}")
    return (f"\n  {f['at']} comes twice on the clocks of {f['tz']}: read as the first, "
            f"UTC{c['read_as']} (the second is UTC{c['other']})")


def held(when: dict, f: dict, birth: str | None = None, xing: str | None = None,
         dates: dict[str, bool] | None = None) -> bool | None:
    """Whether a conditional 課體 holds at the moment of facts ``f`` (see ``ConditionalPattern``):
    True, False, or None when it needs what the asker did not give (本命 ``birth``, 行年 ``xing``,
    as branches) or a day of the calendar the moment does not tell: ``dates`` says which days of
    the calendar it does tell (四立日, 四立前日) and whether this is one (the 月宿 it does not)."""
    have = {"hours": f["hour"], "day_night": f["day_night"], "month_generals": f["month_general"],
            "months": f["month"][1], "years": f["year"][1], "birth": birth, "xing": xing}
    given = {"本命": birth, "行年": xing}
    if any(not given.get(n) for n in when.get("needs", ())):
        return None
    undecided = False
    for key, value in when.items():
        if key == "needs":
            continue
        if key == "dates":
            told = [dates.get(d) for d in value] if dates else [None]
            if False in told:
                return False
            undecided |= None in told
            continue
        v = have.get(key)
        if v is None:
            return None
        if (v != value) if key == "day_night" else (v not in value):
            return False
    return None if undecided else True


def facts(c, tz, shehai: Shehai = Shehai.DEPTH, site_day_starts: int = 23,
          guiren: NobleTable = NobleTable.GEJUE) -> dict:
    """One moment's facts as ``--json`` prints them (and the cast page computes them). The link
    names the day's turning hour when it is not the site's (``site_day_starts``)."""
    from .model import addresses
    from .model.calendar import sili_days
    from .model.liuren import lesson
    from .model.mansion import moon_mansion

    term_at = datetime.fromtimestamp(c.solar_term_instant, tz)
    term_offset = term_at.utcoffset()
    assert term_offset is not None       # an aware time: fromtimestamp was given the zone
    at = moment_text(c.local)
    url = addresses.lesson(c.day, c.plate).path
    the_lesson = lesson(c.day, c.plate, shehai=shehai, guiren=guiren)
    out = {
        "at": at, "tz": c.zone, "utc_offset": _offset_text(c.offset), "day_starts": c.day_starts,
        "year": c.year.zh, "month": c.month.zh, "day": c.day.zh, "hour": c.hour.zh,
        "solar_term": c.solar_term,
        "solar_term_at": term_at.strftime("%Y-%m-%dT%H:%M:%S") + _offset_text(
            int(term_offset.total_seconds())),
        "month_general": c.month_general.zh, "plate": c.plate, "day_night": c.day_night,
        **({"day_night_by": "sun"} if c.by_sun else {}),
        "transmissions": "".join(b.zh for b in the_lesson.transmissions),
        "url": url,
        "link": f"{url}?at={at}&tz={quote(c.zone, safe='/')}&shift={c.day_night}"
                + (f"&day={c.day_starts}" if c.day_starts != site_day_starts else ""),
    }
    out["conditional"] = [[p.name, held(p.as_data()["when"], out)] for p in the_lesson.conditional_patterns]
    out["moon_mansion"] = moon_mansion(datetime.fromtimestamp(c.instant, timezone.utc)).as_data()
    # What the date settles besides: whether the day is a 四立 or the eve of one, each conditional
    # 課體 with those days decided, and the 法 of 《畢法賦》 the lesson shows, decided the same way.
    days = sili_days(c, tz)
    out["dates"] = days
    out["settled"] = [[p.name, held(p.as_data()["when"], out, dates=days)]
                      for p in the_lesson.conditional_patterns]
    out["bifa"] = [[b.number, True if b.condition is None else held(dict(b.when), out, dates=days)]
                   for b in the_lesson.bifa]
    out.update(clock_change(c.local, tz))
    return out


def text(f: dict) -> str:
    dn = "晝" if f["day_night"] == "day" else "夜"
    return (f"{f['at']} {f['tz']} (UTC{f['utc_offset']}; day turns at {f['day_starts']:02d}:00)"
            + clock_change_text(f) + "\n"
            f"  年 {f['year']}  月 {f['month']}  日 {f['day']}  時 {f['hour']}\n"
            f"  中氣 {f['solar_term']} ({f['solar_term_at']})  月將 {f['month_general']}  "
            f"占時 {f['hour']}  第{f['plate']}局  {dn}\n"
            f"  三傳 {f['transmissions']}  {f['link']}\n"
            f"  月宿 {f['moon_mansion']['mansion']} ({f['moon_mansion']['entered']} – {f['moon_mansion']['leaves']})"
            + "".join(f"\n  {name}: {_verdict(h)}" for name, h in f["settled"])
            + "".join(f"\n  第{n}法 {_verse(n)}: {_verdict(h)}" for n, h in f["bifa"]))


def _verse(n: int) -> str:
    from .model.liuren.bifa import BIFA
    return BIFA[n][0]


def _verdict(h: bool | None) -> str:
    return "holds" if h else "does not hold" if h is False else "needs 本命/行年 or 月宿"


def yi_facts(c, ch, cast_info: dict, site_day_starts: int = 23) -> dict:
    """One moment's change as ``--json`` prints it (and the cast and change pages compute it):
    ``c`` the moment, ``ch`` the change, ``cast_info`` how it was cast."""
    from .model import addresses
    from .model.yi.moment import at_moment
    from .model.yi.rules import RULES_BY_ID, SANHE_IDS

    m = at_moment(ch, c.day, c.month.branch)
    at = moment_text(c.local)
    url = addresses.change(ch.ben.number, ch.bian.number).path
    return {
        "at": at, "tz": c.zone, "utc_offset": _offset_text(c.offset), "day_starts": c.day_starts,
        "year": c.year.zh, "month": c.month.zh, "day": c.day.zh, "hour": c.hour.zh,
        "month_branch": c.month.branch.zh, "void": [b.zh for b in m.void],
        "cast": cast_info,
        "from": ch.ben.number, "to": ch.bian.number, "moving": list(ch.moving),
        "name": f"{ch.ben.name} → {ch.bian.name}",
        "shi": ch.ben.shi, "ying": ch.ben.ying, "to_shi": ch.bian.shi, "to_ying": ch.bian.ying,
        "fushen": [f.as_data() for f in ch.ben.fushen],
        "url": url,
        "link": f"{url}?at={at}&tz={quote(c.zone, safe='/')}"
                + (f"&day={c.day_starts}" if c.day_starts != site_day_starts else ""),
        "lines": m.as_data()["lines"],
        "gua_shen": ch.ben.gua_shen_data,
        "sanhe": [RULES_BY_ID[r].zh for r in ch.rule_ids if r in SANHE_IDS],
        **clock_change(c.local, zone(c.zone)),
    }


def yi_text(f: dict) -> str:
    out = [f"{f['at']} {f['tz']} (UTC{f['utc_offset']}; day turns at {f['day_starts']:02d}:00)"
           + clock_change_text(f),
           f"  年 {f['year']}  月 {f['month']} (月建 {f['month_branch']})  日 {f['day']}  時 {f['hour']}  "
           f"旬空 {''.join(f['void'])}",
           f"  {f['name']}  動爻 {' '.join(map(str, f['moving'])) or '없음'}  {f['link']}",
           f"  卦身 {f['gua_shen']['branch']} "
           + (" ".join(f"{n}爻" for n in f["gua_shen"]["lines"]) or "(卦中 없음)")
           + "".join(f"  {s}" for s in f["sanhe"])]
    for ln in reversed(f["lines"]):
        marks = [k for k, v in (("月破", ln["month_broken"]), ("日破", ln["day_broken"]),
                                ("旬空", ln["void"]), ("暗動", ln["hidden_moving"]),
                                ("化空", ln["to_void"]), ("化破", ln["to_broken"])) if v]
        role = "世" if ln["line"] == f["shi"] else "應" if ln["line"] == f["ying"] else "  "
        to = f" → {ln['to']}" if ln["to"] else ""
        out.append(f"  {ln['line']} {ln['liushen']} {ln['liuqin']} {ln['najia']}{to} {role} "
                   f"{ln['strength']} 日{ln['day_stage']} 月{ln['month_stage']} {' '.join(marks)}".rstrip())
    return "\n".join(out)


def _yi_cast(args, c) -> tuple[Change, dict]:
    """The change ``args`` ask for at the moment ``c`` and how it was cast."""
    from datetime import timedelta

    from .model.calendar import hour_reading
    from .model.lunar import lunar_date
    from .model.yi import casting

    if args.yi is not None:
        return casting.from_throws(args.yi), {"method": "coins", "throws": args.yi}
    if args.numbers is not None:
        try:
            nums = [int(x) for x in args.numbers.split(",")]
        except ValueError:
            nums = []
        ch, info = casting.by_numbers(nums, int(c.hour))
        return ch, {"method": "meihua-numbers", **info}
    # 梅花 by the time: the lunar date of the 干支 day's civil date
    ahead = hour_reading(c.local.hour, c.day_starts)[1]
    ld = lunar_date(c.local.date() + timedelta(days=ahead))
    ch, info = casting.by_time(ld.year_branch, ld.month, ld.day, int(c.hour))
    lunar = {"year": ld.year, "month": ld.month, "day": ld.day, "leap": ld.leap}
    return ch, {"method": "meihua-time", "lunar": lunar, **info}


def _settings(root: Path) -> tuple[int, Shehai, NobleTable]:
    """The day's turning hour, the 涉害 reading and the 貴人 table from content/site.yaml (the
    defaults where the file cannot be read: the build reports its problems)."""
    from .content import load_config
    from .problems import Problems

    cfg = load_config(root, Problems()) if (root / "content" / "site.yaml").is_file() else None
    return ((cfg.day_starts, cfg.liuren_shehai, cfg.liuren_guiren) if cfg
            else (23, Shehai.DEPTH, NobleTable.GEJUE))


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("when", nargs="*", metavar="WHEN",
                   help="a local YYYY-MM-DDTHH:MM (or …:SS) in ZONE, or 'now' (the default)")
    p.add_argument("--tz", default=None, metavar="ZONE",
                   help="IANA time zone, such as Asia/Seoul (default: the machine's)")
    p.add_argument("--day-starts", type=int, choices=(23, 0), default=None,
                   help="the hour the 干支 day turns at: 23 (子初) or 0 (default: content/site.yaml)")
    p.add_argument("--place", type=_place, default=None, metavar="LAT,LON",
                   help="tell 晝 from 夜 by the Sun at this place (degrees, north and east positive, "
                        "e.g. 37.57,126.98) instead of by the 占時 (卯–申 晝)")
    p.add_argument("--json", action="store_true", help="one JSON object per moment, one per line")
    p.add_argument("--yi", metavar="LINES", default=None,
                   help="cast a hexagram by coins: six throws 6/7/8/9 from the bottom line")
    p.add_argument("--meihua", action="store_true",
                   help="cast a hexagram by 梅花 time casting (lunar year branch, month, day, hour)")
    p.add_argument("--numbers", metavar="A,B[,C]", default=None,
                   help="cast a hexagram by 梅花 number casting (two or three whole numbers)")


def _place(text: str) -> tuple[float, float]:
    try:
        lat, lon = (float(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not LAT,LON in degrees, e.g. 37.57,126.98") from None
    if not (-90 <= lat <= 90 and -180 <= lon <= 180):
        raise argparse.ArgumentTypeError(f"{text!r}: latitude is −90…90 and longitude −180…180")
    return lat, lon


def main(args: argparse.Namespace, root: Path) -> int:
    from .model.calendar import CalendarError, cast
    from .model.lunar import LunarError
    from .model.yi.casting import CastingError, from_throws

    site_day_starts, shehai, guiren = _settings(root)
    day_starts = site_day_starts if args.day_starts is None else args.day_starts
    yi = [o for o, v in (("--yi", args.yi is not None), ("--meihua", args.meihua),
                         ("--numbers", args.numbers is not None)) if v]
    try:
        if len(yi) > 1:
            raise CastError(f"{' and '.join(yi)} cast a hexagram each: give one of them")
        if args.yi is not None:
            from_throws(args.yi)                 # bad lines are named before any moment is read
        name = args.tz or machine_zone()
        tz = zone(name)
        moments = [parse_when(w, tz, name) for w in args.when or ["now"]]
        casts = [cast(m, tz, name, day_starts=day_starts, place=args.place) for m in moments]
        if yi:
            out = [yi_facts(c, *_yi_cast(args, c), site_day_starts) for c in casts]
        else:
            out = [facts(c, tz, shehai, site_day_starts, guiren) for c in casts]
    except (CastError, CalendarError, CastingError, LunarError) as e:
        print(f"sitegen cast: {e}", file=sys.stderr)
        return 2
    if args.json:
        sys.stdout.write("".join(json.dumps(f, ensure_ascii=False) + "\n" for f in out))
    else:
        sys.stdout.write("\n".join((yi_text if yi else text)(f) for f in out) + "\n")
    return 0
