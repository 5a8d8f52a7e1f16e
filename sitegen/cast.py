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


def clock_change_text(f: dict, said: dict[str, str]) -> str:
    """The line that says how a skipped or repeated local time was read ("" for any other);
    ``said`` is content/names.yaml's ``cast_text:``, as for every text below."""
    c = f.get("clock_change")
    if not c:
        return ""
    return "\n  " + said[c["kind"]].format(at=f["at"], tz=f["tz"], read_as=c["read_as"], other=c["other"])


def held(when: dict, f: dict, birth: str | None = None, xing: str | None = None,
         dates: dict[str, bool] | None = None, moon: str | None = None, couple: str | None = None,
         spouses: dict[str, str] | None = None) -> bool | None:
    """Whether a conditional 課體 holds at the moment of facts ``f`` (see ``ConditionalPattern``):
    True, False, or None when it needs what the asker did not give (本命 ``birth``, 行年 ``xing``,
    as branches; ``couple`` the 夫年 and 妻年 branches as two characters; ``spouses`` the couple
    as ``spouses_of`` gives it) or what the moment was not asked for: ``dates`` says which days of
    the calendar it tells (四立日, 四立前日, 分至日) and whether this is one, ``moon`` the 宮 of the
    Moon's lodge (月宿)."""
    spouses = spouses or {}
    have = {"hours": f["hour"], "day_night": f["day_night"], "month_generals": f["month_general"],
            "months": f["month"][1], "years": f["year"][1], "birth": birth, "xing": xing, "moon": moon,
            "couple": couple, "couple_years": spouses.get("couple_years"), "couple_ming": spouses.get("couple_ming")}
    given = {"本命": birth, "行年": xing, "夫妻行年": couple, "夫妻本命": spouses.get("couple_ming")}
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
        if key == "any":    # one of the alternatives (each a list of [set, branches] that all hold)
            got = [_all(alt, have) for alt in value]
            if True in got:
                continue
            return None if None in got else False
        v = have.get(key)
        if v is None:
            return None
        if (v != value) if key == "day_night" else (v not in value):
            return False
    return None if undecided else True


def _all(alternative, have: dict) -> bool | None:
    """Whether every (set, branches) of an alternative holds: False if one fails, None if one is
    not told (and none fails), else True."""
    out: bool | None = True
    for key, value in alternative:
        v = have.get(key)
        if v is None:
            out = None
        elif v not in value:
            return False
    return out


def _clock(instant: int, tz) -> str:
    """An instant on the clocks of ``tz``, with the offset, as ``solar_term_at`` writes it."""
    at = datetime.fromtimestamp(instant, tz)
    off = at.utcoffset()
    return at.strftime("%Y-%m-%dT%H:%M:%S") + _offset_text(int(off.total_seconds()) if off else 0)


def sun_facts(c, tz) -> dict:
    """``{"sun": …}`` when the moment was read at a place (``--place``), else nothing: the place,
    that solar day's sunrise and sunset on the clocks of ``tz``, the local mean solar time (평균태양시)
    and the true solar time (진태양시), how far the true solar time is from the clock (seconds), and
    the hour branch of the true solar time."""
    from datetime import timedelta

    from .model.calendar import hour_reading

    s = c.sun
    if s is None:
        return {}
    wall = datetime(1970, 1, 1)
    true = wall + timedelta(seconds=s.true)
    return {"sun": {"place": s.place, "sunrise": _clock(s.sunrise, tz), "sunset": _clock(s.sunset, tz),
                    "mean_solar": (wall + timedelta(seconds=s.mean)).strftime("%Y-%m-%dT%H:%M:%S"),
                    "true_solar": true.strftime("%Y-%m-%dT%H:%M:%S"),
                    "correction": s.true - c.instant - c.offset,
                    "true_solar_hour": hour_reading(true.hour)[0].zh}}


SPOUSE = {"m": "f", "f": "m", None: None}   # the spouse's sex: the other


def couple_of(sex: str | None, xing: str | None, spouse_xing: str | None) -> str | None:
    """The (夫年, 妻年) branches as two characters, from the asker's sex and 行年 and the spouse's
    行年 (干支 as the JSON writes them), or None where one is not given."""
    if not xing or not spouse_xing:
        return None
    man, woman = (xing, spouse_xing) if sex == "m" else (spouse_xing, xing)
    return man[1] + woman[1]


def spouses_of(sex: str | None, xing: str | None, spouse_xing: str | None, ming: str | None,
               spouse_ming: str | None) -> dict[str, str]:
    """What a ``couple_years`` and a ``couple_ming`` condition are read against: the (夫年, 妻年) 干支 as
    four characters and the (夫命, 妻命) branches as two, from the asker's sex, 行年 and 本命 and the
    spouse's (干支 and branches as the JSON writes them); empty where one is not given."""
    if not xing or not spouse_xing or not ming or not spouse_ming:
        return {}
    man, woman = ((xing, ming), (spouse_xing, spouse_ming)) if sex == "m" else ((spouse_xing, spouse_ming), (xing, ming))
    return {"couple_years": man[0] + woman[0], "couple_ming": man[1] + woman[1]}


def nianming(born: int | None, sex: str | None, year) -> tuple:
    """(本命, 行年) of one born in ``born`` (a year) of sex ``sex`` ("m", "f" or None) in the 干支 year
    ``year``: each a ``GanZhi`` or None where it was not given."""
    from .model.liuren.nianming import ming, xingnian

    if born is None:
        return None, None
    birth = ming(born)
    return birth, (xingnian(sex, birth, year) if sex else None)


def weighing(les, month, year, night: bool, birth, xing) -> dict:
    """The practitioner's facts of a lesson at a moment (the cast JSON's new keys): the 年命 and
    the 天盤 branch and general over each, every 神煞 and where it falls, 旺相休囚死 of 干, 支 and
    the branches of the 四課 and 三傳, and their 十二長生 against the day stem."""
    from .model.ganzhi import Branch
    from .model.liuren.nianming import wangshuai
    from .model.liuren.shensha import places
    from .model.liuren.tables import TRANSMISSION_NAMES

    def upper(g):
        if g is None:
            return None
        h = les.heaven[g.branch]
        return {"branch": g.branch.zh, "upper": h.zh, "general": les.general_of(h, night)}

    day = les.day
    uppers = [k.upper for k in les.lessons]
    marks = places(day, month, year, [les.seat(b) for b in Branch], uppers,
                   tuple(zip(TRANSMISSION_NAMES, les.transmissions)))
    st = les.stages
    return {
        "ming": birth.branch.zh if birth else None, "xingnian": xing.zh if xing else None,
        "nianming_upper": {"ming": upper(birth), "xing": upper(xing)},
        "shensha": [m.as_data() for m in marks],
        "strength": {"gan": wangshuai(day.stem.element, month), "zhi": wangshuai(day.branch.element, month),
                     "lessons": [wangshuai(b.element, month) for b in uppers],
                     "transmissions": [wangshuai(b.element, month) for b in les.transmissions]},
        "changsheng": {"lessons": [st[b].zh for b in uppers], "transmissions": [st[b].zh for b in les.transmissions]},
    }


def facts(c, tz, shehai: Shehai = Shehai.DEPTH, site_day_starts: int = 23,
          guiren: NobleTable = NobleTable.GEJUE, born: int | None = None, sex: str | None = None,
          spouse_born: int | None = None) -> dict:
    """One moment's facts as ``--json`` prints them (and the cast page computes them). The link
    names the day's turning hour when it is not the site's (``site_day_starts``); ``born`` and
    ``sex`` (the asker's birth year and "m"/"f") give the 本命 and 行年, ``spouse_born`` (with
    ``sex``: the spouse is of the other sex) the spouse's 行年."""
    from .model import addresses
    from .model.calendar import sili_days
    from .model.liuren import lesson
    from .model.liuren.patterns import when_data
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
        **sun_facts(c, tz),
    }
    if c.sun:
        out["link"] += f"&place={c.sun.place}"
    birth, xing = nianming(born, sex, c.year)
    out.update(weighing(the_lesson, c.month.branch, c.year.branch, c.night, birth, xing))
    spouse_ming, spouse = nianming(spouse_born, SPOUSE[sex], c.year) if spouse_born is not None and sex else (None, None)
    out["spouse_xingnian"] = spouse.zh if spouse else None
    if born is not None:
        out["link"] += f"&born={born}" + (f"&sex={sex}" if sex else "")
    if spouse is not None:
        out["link"] += f"&spouse={spouse_born}"
    ming, xing_branch = out["ming"], xing.branch.zh if xing else None
    couple = couple_of(sex, out["xingnian"], out["spouse_xingnian"])
    spouses = spouses_of(sex, out["xingnian"], out["spouse_xingnian"], ming, spouse_ming.branch.zh if spouse_ming else None)
    out["conditional"] = [[p.name, held(when_data(p.when), out, ming, xing_branch, couple=couple, spouses=spouses)]
                          for p in the_lesson.conditional_patterns]
    out["moon_mansion"] = moon_mansion(datetime.fromtimestamp(c.instant, timezone.utc)).as_data()
    # What the date settles besides: whether the day is a 四立, the eve of one or a 分至, and the
    # Moon's 宮 (月宿): each conditional 課體 with those decided, and the 法 of 《畢法賦》 the lesson
    # shows, decided the same way.
    days = sili_days(c, tz)
    out["dates"] = days
    moon = out["moon_mansion"]["palace"]
    out["settled"] = [[p.name, held(when_data(p.when), out, ming, xing_branch, days, moon, couple, spouses)]
                      for p in the_lesson.conditional_patterns]
    out["bifa"] = [[b.number, True if b.condition is None else
                    held(when_data(b.when), out, ming, xing_branch, days, moon, couple, spouses)]
                   for b in the_lesson.bifa]
    out.update(clock_change(c.local, tz))
    return out


# Whether a conditional 課體 or 法 holds, by the key of its words under ``cast_text:``.
HELD = {True: "held", False: "not_held", None: "undecided"}


def _head(f: dict, c, said: dict[str, str]) -> list[str]:
    """The moment's lines common to both casts: the clock, and the four pillars (the hour's too)."""
    return [said["head"].format(at=f["at"], tz=f["tz"], offset=f["utc_offset"], day_starts=f["day_starts"])
            + clock_change_text(f, said),
            f"  年 {f['year']}  月 {f['month']}  日 {f['day']}  時 {c.hour_pillar.zh}"]


def text(f: dict, c, markers, said: dict[str, str]) -> str:
    """A lesson's cast as text: ``c`` the moment, ``markers`` the lesson's 神煞 of the day."""
    dn = "晝" if f["day_night"] == "day" else "夜"
    dn = said["by_sun"].format(day_night=dn) if f.get("day_night_by") == "sun" else dn
    mansion = f["moon_mansion"]
    out = _head(f, c, said) + [
        f"  中氣 {f['solar_term']} ({f['solar_term_at']})  月將 {f['month_general']}  "
        f"占時 {f['hour']}  第{f['plate']}局  {dn}",
        f"  三傳 {f['transmissions']}  {f['link']}",
        *sun_text(f, said),
        f"  月宿 {mansion['mansion']} ({mansion['palace']}宮, {mansion['entered']} – {mansion['leaves']})",
        "  神煞 " + " · ".join([f"{m.name} {m.branch.zh}" for m in markers]
                              + [f"{m['name']} {m['branch']}" for m in f["shensha"]]),
        f"  旺相 干{f['strength']['gan']} 支{f['strength']['zhi']}  四課 {''.join(f['strength']['lessons'])}"
        f"  三傳 {''.join(f['strength']['transmissions'])}"]
    if f["ming"]:
        up = f["nianming_upper"]
        out.append(f"  本命 {f['ming']} (上 {up['ming']['upper']} {up['ming']['general']})"
                   + (f"  行年 {f['xingnian']} (上 {up['xing']['upper']} {up['xing']['general']})"
                      if f["xingnian"] else "")
                   + ("  " + said["spouse"].format(xingnian=f["spouse_xingnian"]) if f["spouse_xingnian"] else ""))
    if f["settled"]:
        out.append("  " + said["conditional"])
        out += [f"    {name}: {said[HELD[h]]}" for name, h in f["settled"]]
    if f["bifa"]:
        out.append("  畢法")
        out += [f"    第{n}法 {_verse(n)}: {said[HELD[h]]}" for n, h in f["bifa"]]
    return "\n".join(out)


def sun_text(f: dict, said: dict[str, str]) -> list[str]:
    """The line of the Sun at the place given (none without one)."""
    s = f.get("sun")
    if not s:
        return []
    m, sec = divmod(abs(s["correction"]), 60)
    return ["  " + said["sun"].format(place=s["place"], sunrise=s["sunrise"][11:19], sunset=s["sunset"][11:19],
                                      mean=s["mean_solar"][11:19], true=s["true_solar"][11:19],
                                      sign="−" if s["correction"] < 0 else "+", min=m, sec=sec,
                                      hour=s["true_solar_hour"])]


def _verse(n: int) -> str:
    from .model.liuren.bifa import BIFA
    return BIFA[n][0]


def yi_facts(c, ch, cast_info: dict, site_day_starts: int = 23) -> dict:
    """One moment's change as ``--json`` prints it (and the cast and change pages compute it):
    ``c`` the moment, ``ch`` the change, ``cast_info`` how it was cast."""
    from .model import addresses
    from .model.yi.change import jin_tui
    from .model.yi.moment import at_moment
    from .model.yi.rules import RULES_BY_ID, SANHE_IDS

    m = at_moment(ch, c.day, c.month.branch)
    at = moment_text(c.local)
    url = addresses.change(ch.ben.number, ch.bian.number).path
    moves = {ln.line: jin_tui(ln.rule_ids) for ln in ch.lines}     # the change page's facts
    lines = [{**ln, "jin_tui": moves.get(ln["line"])} for ln in m.as_data()["lines"]]
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
                + (f"&day={c.day_starts}" if c.day_starts != site_day_starts else "")
                + (f"&place={c.sun.place}" if c.sun else ""),
        "lines": lines,
        "gua_shen": ch.ben.gua_shen_data,
        "sanhe": [RULES_BY_ID[r].zh for r in ch.rule_ids if r in SANHE_IDS],
        **clock_change(c.local, zone(c.zone)),
    }


def cast_text(info: dict, said: dict[str, str]) -> str:
    """How a hexagram was cast, with the 梅花 arithmetic: each sum, its remainder and what it gives."""
    from .model.yi.casting import moving_of, trigram_of

    def by8(n: int) -> str:
        return said["by8"].format(n=n, rest=n % 8, trigram=trigram_of(n))

    def by6(n: int) -> str:
        return said["by6"].format(n=n, rest=n % 6, line=moving_of(n))

    if info["method"] == "coins":
        return said["coins"].format(throws=info["throws"])
    if info["method"] == "meihua-time":
        ld = info["lunar"]
        return said["meihua_time"].format(year=ld["year"], leap=said["leap"] if ld["leap"] else "",
                                          month=ld["month"], day=ld["day"], y=info["year"], m=info["month"],
                                          d=info["day"], upper=by8(info["upper"]), hour=info["hour"],
                                          lower=by8(info["total"]), moving=by6(info["total"]))
    nums, hour, total = info["numbers"], info["hour"], info["total"]
    added = [*map(str, nums)] + ([said["plus_hour"].format(hour=hour)] if hour else [])
    return said["meihua_numbers"].format(upper=by8(nums[0]), lower=by8(nums[1]), sum=" + ".join(added),
                                         total=total, moving=by6(total))


def yi_text(f: dict, c, names: dict[str, str], said: dict[str, str]) -> str:
    """A change's cast as text: ``c`` the moment, ``names`` each rule's name by id (the 神煞)."""
    out = _head(f, c, said)
    out[-1] += f"  月建 {f['month_branch']}  旬空 {''.join(f['void'])}"
    out += [f"  {cast_text(f['cast'], said)}",
            f"  {f['name']}  動爻 {' '.join(map(str, f['moving'])) or said['no_moving']}  {f['link']}",
            f"  卦身 {f['gua_shen']['branch']} "
            + (" ".join(f"{n}爻" for n in f["gua_shen"]["lines"]) or said["no_lines"])
            + "".join(f"  {s}" for s in f["sanhe"])]
    for ln in reversed(f["lines"]):
        marks = [k for k, v in (("月破", ln["month_broken"]), ("日破", ln["day_broken"]),
                                ("旬空", ln["void"]), ("暗動", ln["hidden_moving"]),
                                ("化空", ln["to_void"]), ("化破", ln["to_broken"])) if v]
        marks += [names.get(r, r) for r in ln["shensha"]]
        marks += [names.get(ln["jin_tui"], ln["jin_tui"])] if ln["jin_tui"] else []
        role = "世" if ln["line"] == f["shi"] else "應" if ln["line"] == f["ying"] else "  "
        to = f" → {ln['to']}" if ln["to"] else ""
        out.append(f"  {ln['line']} {ln['liushen']} {ln['liuqin']} {ln['najia']}{to} {role} "
                   f"{ln['strength']} 日{ln['day_stage']} 月{ln['month_stage']} {' '.join(marks)}".rstrip())
    return "\n".join(out)


def rule_names(root: Path) -> dict[str, str]:
    """Each rule's 漢字 name by id, from content/rules (none where it cannot be read: the build
    reports its problems)."""
    from .content.rules import load_rules
    from .problems import Problems

    return {e.id: e.zh for e in load_rules(root, Problems())}


def cast_words(root: Path) -> dict[str, str] | None:
    """The words of the text output, content/names.yaml's ``cast_text:`` (None where the file
    cannot be read or checked: the build reports its problems)."""
    from .content.names import load_names
    from .problems import Problems

    names = load_names(root, Problems())
    return None if names is None else names.phrases["cast_text"]


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
    p.add_argument("--born", type=_year, default=None, metavar="YEAR",
                   help="the asker's birth year (1900–2100): 本命, and with --sex the 行年")
    p.add_argument("--sex", choices=("m", "f"), default=None,
                   help="the asker's sex, for the 行年 (男 from 丙寅 forward, 女 from 壬申 backward)")
    p.add_argument("--spouse-born", type=_year, default=None, metavar="YEAR",
                   help="with --sex: the birth year of the asker's spouse (of the other sex), for the "
                        "couple's 行年 (夫年·妻年: 解離, 繁昌, 旺孕) and 本命 (夫命·妻命: 德孕)")
    p.add_argument("--yi", metavar="LINES", default=None,
                   help="cast a hexagram by coins: six throws 6/7/8/9 from the bottom line")
    p.add_argument("--meihua", action="store_true",
                   help="cast a hexagram by 梅花 time casting (lunar year branch, month, day, hour)")
    p.add_argument("--numbers", metavar="A,B[,C]", default=None,
                   help="cast a hexagram by 梅花 number casting (two or three whole numbers)")


def _year(text: str) -> int:
    if not re.fullmatch(r"\d{4}", text) or not 1900 <= int(text) <= 2100:
        raise argparse.ArgumentTypeError(f"{text!r} is not a year 1900–2100")
    return int(text)


def _place(text: str) -> tuple[float, float]:
    from .model.sun import PlaceError, check_place

    try:
        lat, lon = (float(x) for x in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not LAT,LON in degrees, e.g. 37.57,126.98") from None
    try:
        check_place(lat, lon)
    except (PlaceError, ValueError, OverflowError):
        raise argparse.ArgumentTypeError(f"{text!r}: latitude is −60…60 (the Sun's tables stop short of "
                                         f"the polar circles) and longitude −180…180") from None
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
        if args.sex and args.born is None:
            raise CastError("--sex gives the 行年 of one born in a year: give --born YEAR too")
        if args.spouse_born is not None and not args.sex:
            raise CastError("--spouse-born gives the 行年 of the asker's spouse, of the other sex: "
                            "give --born YEAR --sex m|f too")
        name = args.tz or machine_zone()
        tz = zone(name)
        moments = [parse_when(w, tz, name) for w in args.when or ["now"]]
        casts = [cast(m, tz, name, day_starts=day_starts, place=args.place) for m in moments]
        if yi:
            out = [yi_facts(c, *_yi_cast(args, c), site_day_starts) for c in casts]
        else:
            for opt, y in (("--born", args.born), ("--spouse-born", args.spouse_born)):
                late = [c for c in casts if y is not None and y > c.local.year]
                if late:
                    raise CastError(f"{opt} {y} is after the moment {moment_text(late[0].local)}")
            out = [facts(c, tz, shehai, site_day_starts, guiren, args.born, args.sex, args.spouse_born)
                   for c in casts]
    except (CastError, CalendarError, CastingError, LunarError) as e:
        print(f"sitegen cast: {e}", file=sys.stderr)
        return 2
    if args.json:
        sys.stdout.write("".join(json.dumps(f, ensure_ascii=False) + "\n" for f in out))
        return 0
    said = cast_words(root)
    if said is None:
        print("sitegen cast: content/names.yaml cannot be read, and its cast_text: words the text "
              "output says: run 'sitegen check' for its problems (or give --json)", file=sys.stderr)
        return 2
    if yi:
        names = rule_names(root)
        sys.stdout.write("\n".join(yi_text(f, c, names, said) for f, c in zip(out, casts)) + "\n")
    else:
        from .model.liuren import lesson
        sys.stdout.write("\n".join(text(f, c, lesson(c.day, c.plate, shehai=shehai, guiren=guiren).markers, said)
                                   for f, c in zip(out, casts)) + "\n")
    return 0
