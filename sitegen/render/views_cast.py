"""The cast page (``cast/``, 기과) and the tables its script looks up (``cast/tables.js``).

The tables are the calendar's rules evaluated by the build (:func:`sitegen.model.calendar.
page_tables`) plus each lesson's address, 三傳 and conditional 課體: the page computes nothing the
Python does not, it only looks up. The change and hexagram pages, which read only a moment's day
and month, load the calendar's part alone (``cast/calendar.js``).
"""

from __future__ import annotations

import json
from typing import Any

from ..content.names import CAST_PLACES, CAST_ZONES
from ..model import addresses as A
from ..model.calendar import page_tables
from ..model.ganzhi import SIXTY
from ..model.liuren.patterns import when_data
from ..model.site import Site
from .views import Context, layout

TABLES = A.Address("cast/tables.js")
YI_TABLES = A.CAST_YI
MOON = A.Address("cast/moon.js")


def cast(ctx: Context) -> dict[str, Any]:
    """The cast page: its preset time zones and places (content/names.yaml names them)."""
    names = ctx.site.names
    return {"layout": layout(ctx, description=names.say("descriptions", "cast")),
            "tables_src": ctx.href(TABLES), "script_src": ctx.href(A.asset("cast.js")),
            "yi_script_src": ctx.href(A.asset("yi-cast.js")), "yi_tables_src": ctx.href(YI_TABLES),
            "root": ctx.href(A.HOME)[: -len("index.html")],
            "moon_src": ctx.href(MOON), "places": tuple((p, names.say("cast_places", p)) for p in CAST_PLACES),
            "yi_moment_src": ctx.href(A.YI_MOMENT), "yi_moment_script": ctx.href(A.asset("yi-moment.js")),
            "zones": tuple((z, names.say("cast_zones", z)) for z in CAST_ZONES), "day_starts": ctx.site.config.day_starts}


def yi_tables(site: Site) -> dict:
    """What the cast page needs to cast a hexagram: the casting rules and the lunar months
    evaluated, each hexagram's number by its lines and each change's address."""
    from ..model import lunar, yi
    from ..model.yi import casting

    return {"casting": casting.page_table(), "lunar": lunar.page_table(),
            "hexagrams": {h.lines: h.number for h in yi.HEXAGRAMS},
            "names": [h.name for h in yi.HEXAGRAMS],
            **chart_tables(site),
            # a change's address: the two numbers as its path writes them, and where they go
            "numbers": [A.change(n, n).path.split("/")[1] for n in range(1, 65)],
            "change": A.change(11, 22).path.replace("11", "{from}").replace("22", "{to}")}


def chart_tables(site: Site) -> dict:
    """What the cast page's 六爻 chart looks up besides the day-and-month tables (yi/moment.js): each
    hexagram's 納甲 (sixty indices, packed two digits a line), 六親, 世, 應, 伏神 and 卦身 (``charts``,
    by number − 1); for each change (``from`` − 1) × 64 + (``to`` − 1), the 三合局 its moving
    lines complete, as a bit of ``sanhe_names`` each (``sanhe``, one digit a change); and for a
    moving line of branch b changing into branch t, 化進神 or 化退神 (``jin_tui.at``, the (b × 12 +
    t)-th digit: 0 neither, else 1 + its index in ``jin_tui.ids``; the change page's yi-line rules,
    with each one's name and address). A moving line's 納甲 is the 變卦's at that line (checked here
    for every change)."""
    from ..model import yi
    from ..model.ganzhi import Branch
    from ..model.packing import pack
    from ..model.yi.change import jin_tui, line_rule_ids
    from ..model.yi.rules import JIN_TUI_IDS, RULES_BY_ID, SANHE_IDS

    charts = [{"najia": pack((g.index for g in h.najia), 2), "liuqin": [k.zh for k in h.liuqin], "shi": h.shi,
               "ying": h.ying, "fushen": [f.as_data() for f in h.fushen], "gua_shen": h.gua_shen_data}
              for h in yi.HEXAGRAMS]
    bits = []
    for ch in yi.all_changes():
        assert all(ln.bian_najia == ch.bian.najia[ln.line - 1] for ln in ch.lines), ch
        bits.append((ch.ben.number - 1, ch.bian.number - 1, sum(1 << i for i, r in enumerate(SANHE_IDS)
                                                                  if r in ch.rule_ids)))
    sanhe = [0] * (64 * 64)
    for a, b, v in bits:
        sanhe[a * 64 + b] = v
    moves = [jin_tui(line_rule_ids(b, t)) for b in Branch for t in Branch]
    return {"charts": charts, "sanhe": pack(sanhe), "sanhe_names": [RULES_BY_ID[r].zh for r in SANHE_IDS],
            "jin_tui": {"ids": list(JIN_TUI_IDS), "names": [site.rules[r].zh for r in JIN_TUI_IDS],
                        "hrefs": [A.rule(r).path + "index.html" for r in JIN_TUI_IDS],
                        "at": pack(0 if r is None else 1 + JIN_TUI_IDS.index(r) for r in moves)}}


def calendar_tables(site: Site) -> dict:
    """What reading a moment needs (``cast/calendar.js``, for the change and hexagram pages): the
    calendar's tables alone."""
    return {**page_tables(), "day_starts": site.config.day_starts}


def tables(site: Site) -> dict:
    """``cast/tables.js``, for the cast page and the lessons: the calendar's tables with each
    lesson's address, 三傳 and conditional 課體."""
    out = calendar_tables(site)
    out["lessons"] = [[A.lesson(g, p).path for p in range(1, 13)] for g in SIXTY]
    # the words the pages' script writes, as sitegen cast and the lesson page word them
    said = site.names.phrases
    out["words"] = {**{k: said["cast_text"][k] for k in ("held", "not_held", "undecided")},
                    **{k: said["liuren_words"][k] for k in ("in_lesson", "outside")}}
    lessons = [[site.lesson(d, p) for p in range(1, 13)] for d in SIXTY]
    out["chuan"] = [["".join(b.zh for b in l.transmissions) for l in row] for row in lessons]
    # each distinct [name, when] once ("conds"); per lesson, the indices of its own ("conditional")
    conds: dict[str, int] = {}
    rows = []
    for row in lessons:
        for l in row:
            rows.append([conds.setdefault(json.dumps([c.name, when_data(c.when)], ensure_ascii=False),
                                          len(conds)) for c in l.conditional_patterns])
    out["conds"] = [json.loads(k) for k in conds]
    out["conditional"] = rows
    out.update(practice_tables(site, lessons))
    out.update(bifa_tables(lessons))
    out["dates"] = date_table()
    return out


def bifa_tables(lessons) -> dict:
    """The 法 of 《畢法賦》 each lesson shows: each distinct [number, condition] once (``bifa_conds``,
    the condition ``null`` where it always holds), per lesson their indices (``bifa``, two digits
    each, packed), and each 法's verse by number (``bifa_verses``, "" for 0)."""
    from ..model.liuren.bifa import BIFA
    from ..model.packing import pack

    conds: dict[str, int] = {}
    rows = []
    for row in lessons:
        for l in row:
            rows.append(pack((conds.setdefault(json.dumps([b.number, None if b.condition is None else when_data(b.when)],
                                                          ensure_ascii=False), len(conds)) for b in l.bifa), 2))
    return {"bifa_conds": [json.loads(k) for k in conds], "bifa": rows,
            "bifa_verses": [BIFA[n][0] if n in BIFA else "" for n in range(max(BIFA) + 1)]}


def date_table() -> dict:
    """The days of the calendar a moment tells (:func:`sitegen.model.calendar.sili_days`: 四立日,
    四立前日, 分至日 …: the "dates" of the cast page and of a lesson page given a moment), found by
    asking it: for each term's name, for the moment's day 2 days before the
    term's day to 2 after, which of them hold (``marks[name][offset + 2]``; ``keys`` all of them)."""
    from datetime import datetime, timedelta, timezone

    from ..model.calendar import cast, sili_days, terms

    t, utc = terms(), timezone.utc
    keys: list[str] = []
    marks: dict[str, list[list[str]]] = {}
    for j in range(24, 48):                  # one term of each name
        day = datetime.fromtimestamp(t.instants[j], utc).replace(tzinfo=None, hour=12, minute=0, second=0)
        got = [sili_days(cast(day + timedelta(days=k), utc, "UTC", day_starts=0), utc) for k in range(-2, 3)]
        keys += [k for k in got[0] if k not in keys]
        if any(any(g.values()) for g in got):
            marks[t.name(j)] = [[k for k, v in g.items() if v] for g in got]
    return {"keys": keys, "marks": marks}


def practice_tables(site: Site, lessons) -> dict:
    """What the 年命, 神煞 and 旺衰 of a cast look up: each plate's 天盤 (over earth 子…亥), the
    generals by day stem and plate (晝, 夜; indices into ``general_names``), each lesson's four
    upper branches, the 十二長生 stage of each branch by day stem, where each 神煞 falls
    (``shensha.page_table``), the 行年 and 旺相休囚死 (``nianming.page_table``)."""
    from ..model.ganzhi import Branch, Stage
    from ..model.liuren import nianming, shensha
    from ..model.liuren.tables import GENERALS, TRANSMISSION_NAMES
    from .views_liuren import SHENSHA_BASIS

    gi = {g: f"{i:x}" for i, g in enumerate(GENERALS)}
    by_stem = [[site.lesson(SIXTY[s], p) for p in range(1, 13)] for s in range(10)]
    return {
        "heaven": ["".join(l.heaven[e].zh for e in Branch) for l in by_stem[0]],
        "general_names": list(GENERALS),
        "generals": [[["".join(gi[g] for g in l.generals_day), "".join(gi[g] for g in l.generals_night)]
                      for l in row] for row in by_stem],
        "uppers": [["".join(k.upper.zh for k in l.lessons) for l in row] for row in lessons],
        "stages": ["".join(f"{int(x):x}" for x in row[0].stages) for row in by_stem],
        "stage_names": [st.zh for st in Stage],
        "positions": list(TRANSMISSION_NAMES),
        "shensha": {**shensha.page_table(),
                    "hrefs": [A.rule(s.id).path + "index.html" for s in shensha.SHENSHA],
                    "counted_by": [SHENSHA_BASIS[s.basis] for s in shensha.SHENSHA]},
        "nianming": nianming.page_table(),
    }



def raw_tables(site: Site, page) -> bytes:
    body = json.dumps(tables(site), ensure_ascii=False, separators=(",", ":"))
    return ("/* sitegen: the calendar's tables for the cast and lesson pages (made by the build). */\n"
            f"window.SITEGEN_CAST={body};\n").encode()


def raw_moon_tables(site: Site, page) -> bytes:
    from ..model.mansion import page_table as moon_table

    body = json.dumps(moon_table(), ensure_ascii=False, separators=(",", ":"))
    return ("/* sitegen: the Moon's mansions, for the cast page (made by the build). */\n"
            f"window.SITEGEN_MOON={body};\n").encode()


def raw_calendar_tables(site: Site, page) -> bytes:
    body = json.dumps(calendar_tables(site), ensure_ascii=False, separators=(",", ":"))
    return ("/* sitegen: the calendar's tables, for a moment on the change pages (made by the build). */\n"
            f"window.SITEGEN_CAST={body};\n").encode()


def raw_yi_tables(site: Site, page) -> bytes:
    body = json.dumps(yi_tables(site), ensure_ascii=False, separators=(",", ":"))
    return ("/* sitegen: the casting and lunar tables of the cast page's hexagrams (made by the build). */\n"
            f"window.SITEGEN_CAST_YI={body};\n").encode()


def raw_yi_moment_tables(site: Site, page) -> bytes:
    """``yi/moment.js``: the yi-moment predicates evaluated for every 日辰 × 月建 × branch
    (:func:`sitegen.model.yi.moment.page_tables`) and the 用神 of every topic in every hexagram
    (:func:`sitegen.model.yi.yongshen.page_table`, with the topics' labels), with each rule's name
    and address."""
    from ..model.ganzhi import Branch
    from ..model.yi import yongshen
    from ..model.yi.moment import page_tables as moment_tables

    out = dict(moment_tables())
    yong = out["yongshen"] = dict(yongshen.page_table())
    yong["labels"] = [site.rules[r].entry.topic for r in yong["topics"]]
    ids = (*out["rules"], *out["stages"]["day"], *out["stages"]["month"], *yong["topics"], yong["yuan"],
           yong["ji"], yong["chou"], yong["fu"])
    out["names"] = {r: site.rules[r].zh for r in ids}
    out["hrefs"] = {r: A.rule(r).path + "index.html" for r in ids}
    out["sixty"] = [g.zh for g in SIXTY]
    out["branches"] = [b.zh for b in Branch]
    out["words"] = {k: site.names.phrases["yi_words"][k] for k in ("held_on_day", "not_held_on_day")}
    body = json.dumps(out, ensure_ascii=False, separators=(",", ":"))
    return ("/* sitegen: the day-and-month tables of the change pages (made by the build). */\n"
            f"window.SITEGEN_YI={body};\n").encode()


VIEWS = {"cast": cast}
RAW = {"cast_tables": raw_tables, "cast_moon": raw_moon_tables, "cast_calendar": raw_calendar_tables, "cast_yi_tables": raw_yi_tables,
       "yi_moment_tables": raw_yi_moment_tables}
