"""Views of the 大六壬 pages: the 60-day grid, a day's twelve plates, one lesson."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..content.names import Names
from ..model import addresses as A
from ..model import liuren
from ..model.ganzhi import SIXTY, Branch, GanZhi
from ..model.liuren.nianming import LEISHEN, leishen_seats
from ..model.liuren.patterns import when_data
from ..model.liuren.shensha import SHENSHA_BY_ID
from ..model.site import GENERAL_IDS, KEJING, KEJING_DAY, PLATE_NUMERALS, plate_title
from .refs import RuleRef, prose, rule_ref
from .trace import sentence
from .views import Context, JSONText, Link, Record, json_text, layout, memo_json, twin_json
from .views_conventions import lesson_variant_lines, option_ref

# Lesson pages list their 課體 in catalog order, which is the order of 《六壬大全》 課經集.
_CATALOG = {r.id: i for i, r in enumerate(liuren.RULES)}

# The classical square: 巳午未申 across the top, 寅丑子亥 along the bottom (row, column).
SQUARE = {
    Branch.SI: (1, 1), Branch.WU: (1, 2), Branch.WEI: (1, 3), Branch.SHEN: (1, 4),
    Branch.CHEN: (2, 1), Branch.YOU: (2, 4),
    Branch.MAO: (3, 1), Branch.XU: (3, 4),
    Branch.YIN: (4, 1), Branch.CHOU: (4, 2), Branch.ZI: (4, 3), Branch.HAI: (4, 4),
}

GENERAL_KO = {
    "貴人": "귀인", "螣蛇": "등사", "朱雀": "주작", "六合": "육합", "勾陳": "구진", "青龍": "청룡",
    "天空": "천공", "白虎": "백호", "太常": "태상", "玄武": "현무", "太陰": "태음", "天后": "천후",
}
GENERAL_SHORT = {
    "貴人": "貴", "螣蛇": "蛇", "朱雀": "雀", "六合": "合", "勾陳": "勾", "青龍": "龍",
    "天空": "空", "白虎": "虎", "太常": "常", "玄武": "玄", "太陰": "陰", "天后": "后",
}


def plate_title_ko(names: Names, day: GanZhi, plate: int, gan_shang: Branch) -> str:
    return f"{names.ganzhi(day)}일 제{plate}국 (간상{names.branch(gan_shang)})"


@dataclass(frozen=True)
class GeneralRef:
    zh: str
    short: str
    ko: str
    href: str


@dataclass(frozen=True)
class Palace:
    earth: str
    heaven: str
    row: int
    col: int
    day: GeneralRef
    night: GeneralRef
    marks: tuple[str, ...]      # 干 (the stem lodges here), 支 (the day branch), 空 (heaven void)
    void: bool
    stage: str                  # 十二長生 of the heaven branch against the day stem


@dataclass(frozen=True)
class LessonColumn:
    name: str
    upper: str
    lower: str
    day: GeneralRef
    night: GeneralRef
    relation: str | None
    duplicate_of: int | None
    index: int
    dun: str | None             # 遁干, 六親 and 十二長生 of the upper branch
    kin: str
    stage: str


@dataclass(frozen=True)
class TransmissionRow:
    position: str
    branch: str
    dun: str | None
    kin: str
    day: GeneralRef
    night: GeneralRef
    void: bool
    marks: tuple[str, ...]
    stage: str


@dataclass(frozen=True)
class ShenshaRow:
    """A 神煞 of the day on the lesson page, and where it falls."""

    rule: RuleRef
    basis: str
    branch: str
    seat: str
    where: str


# What each basis of a 神煞 is counted from, as the lesson page heads it.
SHENSHA_BASIS = {"stem": "日干", "branch": "日支", "day": "日·月", "month": "月建", "year": "太歲"}


@dataclass(frozen=True)
class TraceStep:
    text: str
    rule: RuleRef | None


@dataclass(frozen=True)
class MarkerRow:
    name: str
    branch: str
    seat: str
    where: str
    note: str


@dataclass(frozen=True)
class KejingView:
    title: str
    href: str
    paragraphs: tuple[tuple[str, str, str, str], ...]    # (id, zh, ko, href)
    listed: tuple[str, ...]
    engine: tuple[str, ...]
    missing: tuple[str, ...]
    extra: tuple[str, ...]


def _general(ctx: Context, name: str) -> GeneralRef:
    """A general's name linked to its rule page (shared by pages in the same link scope)."""
    key = ("general", name, ctx.link_scope)
    got = ctx.memo.get(key)
    if got is None:
        rid = GENERAL_IDS.get(name)
        href = ctx.href(A.rule(rid)) if rid in ctx.site.rules else ""
        got = ctx.memo[key] = GeneralRef(name, GENERAL_SHORT.get(name, name[:1]),
                                         GENERAL_KO.get(name, ""), href)
    return got


def _moment(ctx: Context) -> dict[str, str]:
    """What the lesson page's script needs to read a moment from its URL (the same for every
    lesson: they all sit at one depth)."""
    got = ctx.memo.get("lesson-moment-links")
    if got is None:
        got = ctx.memo["lesson-moment-links"] = {
            "root": ctx.href(A.HOME)[: -len("index.html")], "tables": ctx.href(A.Address("cast/tables.js")),
            "script": ctx.href(A.asset("cast.js")), "cast": ctx.href(A.CAST)}
    return {**got, "lesson": ctx.here.path}


def _condition(ctx: Context, condition, when) -> tuple[str, str]:
    """A condition's sentence and its ``when`` as JSON for the page's script (the same condition
    stands on many lessons: made once per render)."""
    key = ("condition", condition, when)
    got = ctx.memo.get(key)
    if got is None:
        got = ctx.memo[key] = (sentence(ctx.site, condition), json_text(when_data(when)))
    return got


def lesson(ctx: Context) -> dict[str, Any]:
    site = ctx.site
    di, plate = ctx.page.ref
    day = SIXTY[di]
    l = site.lesson(day, plate)
    void = set(l.void)
    stem_seat = l.lessons[0].seat

    palaces = []
    for earth, (row, col) in SQUARE.items():
        h = l.heaven[earth]
        marks = []
        if earth == stem_seat:
            marks.append(f"{day.stem.zh}寄")
        if earth == day.branch:
            marks.append("日支")
        palaces.append(Palace(earth.zh, h.zh, row, col, _general(ctx, l.generals_day[h]),
                              _general(ctx, l.generals_night[h]), tuple(marks), h in void, l.stages[h].zh))

    info = l.lesson_info
    columns = tuple(
        LessonColumn(k.name, k.upper.zh, k.lower.zh, _general(ctx, l.generals_day[k.upper]),
                     _general(ctx, l.generals_night[k.upper]), k.relation, k.duplicate_of, k.index,
                     info[k.index - 1]["dun"], info[k.index - 1]["kin"], info[k.index - 1]["stage"])
        for k in reversed(l.lessons))

    marker_by_branch: dict[str, list[str]] = {}
    for m in l.markers:
        marker_by_branch.setdefault(m.branch.zh, []).append(m.name)
    rows = tuple(
        TransmissionRow(t.position, t.branch.zh, t.dun.zh if t.dun else None, t.kin.zh,
                        _general(ctx, t.general_day), _general(ctx, t.general_night), t.void,
                        tuple(marker_by_branch.get(t.branch.zh, ())), l.stages[t.branch].zh)
        for t in l.transmission_info)

    trace = tuple(TraceStep(sentence(site, s), rule_ref(ctx, s.rule) if s.rule in site.rules else None)
                  for s in l.trace)
    method = rule_ref(ctx, l.method_id)
    ke = rule_ref(ctx, l.ke_id) if l.ke_id != l.method_id else None
    basis = tuple(rule_ref(ctx, r) for r in l.basis_ids)
    patterns = tuple(rule_ref(ctx, r) for r in l.patterns)
    conditions = tuple(_condition(ctx, c.condition, c.when) for c in l.conditional_patterns)
    conditional = tuple(rule_ref(ctx, c.rule, said) for c, (said, _) in zip(l.conditional_patterns, conditions))
    def defs(refs):
        return tuple((r, prose(ctx, site.rules[r.id].entry.definition)) for r in refs if r is not None)

    markers = tuple(MarkerRow(m.name, m.branch.zh, m.seat.zh, _where(m.in_lessons, m.in_transmissions),
                              sentence(site, m.note)) for m in l.markers)

    # (the 神煞 of the month and year: rows the page's script adds from cast/tables.js given a moment)
    shensha = tuple(ShenshaRow(rule_ref(ctx, p.rule), SHENSHA_BASIS[SHENSHA_BY_ID[p.rule].basis], p.branch.zh,
                               p.seat.zh, _where(p.in_lessons, p.in_transmissions)) for p in l.shensha)

    variants = lesson_variant_lines(ctx, (di, plate))

    kejing = None
    if day == KEJING_DAY and plate in site.kejing_sections:
        kejing = _kejing(ctx, plate)

    def neighbour(p: int) -> Link | None:
        if not 1 <= p <= 12:
            return None
        n = site.lesson(day, p)
        return Link(f"第{PLATE_NUMERALS[p]}局 干上{n.gan_shang.zh}", ctx.href(A.lesson(day, p)))

    title = plate_title(day, plate, l.gan_shang)
    assert ctx.site.content.names is not None  # the model is built only on names that loaded
    view = {
        "title": title,
        "title_ko": plate_title_ko(ctx.site.content.names, day, plate, l.gan_shang),
        "day": day.zh, "day_ko": ctx.site.content.names.ganzhi(day), "plate": plate,
        "day_href": ctx.href(A.liuren_day(day)),
        "gan_shang": l.gan_shang.zh, "zhi_shang": l.zhi_shang.zh,
        "void": "".join(b.zh for b in l.void),
        "xun": l.day.xun_head.zh,
        "palaces": tuple(sorted(palaces, key=lambda p: (p.row, p.col))),
        "columns": columns,
        "duplicates": l.duplicates,
        "transmissions": rows,
        "transmission_text": "".join(b.zh for b in l.transmissions),
        "method": method, "ke": ke, "basis": basis,
        "patterns": patterns, "conditional": conditional,
        "keti": defs(tuple(sorted(patterns + conditional, key=lambda r: _CATALOG[r.id]))),
        "method_defs": defs((method, ke)),
        "trace": trace,
        "markers": markers,
        "shensha": shensha,
        "leishen": _leishen(ctx, l),
        "plates_for": tuple((m.zh, t.zh) for m, t in l.plates_for),
        "variants": variants,
        "shehai": option_ref(ctx, f"shehai_{l.shehai}"),
        "conventions_href": ctx.href(A.CONVENTIONS),
        "kejing": kejing,
        "prev": neighbour(plate - 1), "next": neighbour(plate + 1),
        "json_href": ctx.href(ctx.here.twin()),
        "moment": _moment(ctx),
        "conditional_when": tuple((c.name, *said) for c, said in zip(l.conditional_patterns, conditions)),
        "bifa": tuple((b.number, rule_ref(ctx, b.rule),
                       *((None, None) if b.condition is None else _condition(ctx, b.condition, b.when)))
                      for b in l.bifa),
        "bifa_index": ctx.href(A.RULES, "liuren-bifa"),
    }
    return {"layout": layout(ctx, description=f"{title}: 三傳 {view['transmission_text']}, "
                                              f"{l.method}·{l.ke}"), "l": Record(view)}


def _where(in_lessons, in_transmissions) -> str:
    """Where a branch is in the lesson: the lessons whose upper it is and its transmissions."""
    return "·".join([f"제{i}과" for i in in_lessons] + list(in_transmissions)) or "과전 밖"


def _leishen(ctx: Context, l) -> tuple:
    """The 類神 topics of the lesson page's selector: (key, the question, its rule, the heaven
    branches where it sits in the 晝 arrangement, in the 夜 one)."""
    day = dict(leishen_seats(l.generals_day))
    night = dict(leishen_seats(l.generals_night))
    return tuple((t.id.removeprefix("liuren-lei-"), t.zh, rule_ref(ctx, t.id),
                  "".join(b.zh for b in day[t.id]), "".join(b.zh for b in night[t.id]))
                 for t in LEISHEN if t.id in ctx.site.rules)


def _kejing(ctx: Context, plate: int) -> KejingView:
    site = ctx.site
    t = site.texts[KEJING]
    sid = site.kejing_sections[plate]
    s = next(x for x in t.sections if x.id == sid)
    paras = []
    for pid in s.paragraph_ids:
        p = t.paragraph(pid)
        assert p is not None                  # a section's paragraphs are the text's
        paras.append((pid, p.zh, p.ko, ctx.href(A.text(KEJING), pid)))
    assert site.validation is not None        # validated before anything renders
    row = next((r for r in site.validation.kejing if r.plate == plate), None)
    return KejingView(f"{s.zh} · {s.ko}", ctx.href(A.text(KEJING), sid), tuple(paras),
                      row.listed if row else (), row.engine if row else (),
                      row.missing if row else (), row.extra if row else ())


@dataclass(frozen=True)
class PlateRow:
    plate: int
    href: str
    gan_shang: str
    transmissions: str
    method: str
    ke: str
    patterns: str


def liuren_day(ctx: Context) -> dict[str, Any]:
    site = ctx.site
    day: GanZhi = ctx.page.ref
    rows = []
    for plate in range(1, 13):
        l = site.lesson(day, plate)
        names = [liuren.RULES_BY_ID[r].zh for r in l.patterns]
        rows.append(PlateRow(plate, ctx.href(A.lesson(day, plate)), l.gan_shang.zh,
                             "".join(b.zh for b in l.transmissions), l.method, l.ke, "·".join(names)))
    i = day.index
    prev_day, next_day = SIXTY[(i - 1) % 60], SIXTY[(i + 1) % 60]
    assert ctx.site.content.names is not None  # the model is built only on names that loaded
    view = {
        "day": day.zh, "day_ko": ctx.site.content.names.ganzhi(day), "rows": tuple(rows),
        "xun": day.xun_head.zh, "void": "".join(b.zh for b in day.xun_void),
        "prev": Link(f"{prev_day.zh}日", ctx.href(A.liuren_day(prev_day))),
        "next": Link(f"{next_day.zh}日", ctx.href(A.liuren_day(next_day))),
        "kejing": (ctx.href(A.text(KEJING)) if day == KEJING_DAY else None),
    }
    return {"layout": layout(ctx), "d": Record(view)}


@dataclass(frozen=True)
class DayCell:
    zh: str
    ko: str
    slug: str
    href: str
    plates: tuple[tuple[int, str, str], ...]    # (plate, href, transmissions)


def liuren_index(ctx: Context) -> dict[str, Any]:
    site = ctx.site
    assert site.content.names is not None      # the model is built only on names that loaded
    xuns = []
    for x in range(6):
        cells = []
        for day in SIXTY[x * 10:(x + 1) * 10]:
            plates = tuple((p, ctx.href(A.lesson(day, p)),
                            "".join(b.zh for b in site.lesson(day, p).transmissions))
                           for p in range(1, 13))
            cells.append(DayCell(day.zh, site.content.names.ganzhi(day), day.slug,
                                 ctx.href(A.liuren_day(day)), plates))
        head = SIXTY[x * 10]
        xuns.append((f"{head.zh}旬", "".join(b.zh for b in head.xun_void), tuple(cells)))
    counts: dict[str, int] = {}
    for l in site.lessons.values():
        counts[l.method] = counts.get(l.method, 0) + 1
    methods = tuple(
        (rule_ref(ctx, r.id), counts.get(r.zh, 0))
        for r in liuren.RULES if r.family == "liuren-method" and r.id in site.rules)
    return {"layout": layout(ctx), "xuns": tuple(xuns), "methods": methods,
            "total": len(site.lessons), "cast_href": ctx.href(A.CAST)}


def lesson_json(site, page, memo) -> JSONText:
    return twin_json(site, _lesson_text(site, memo, site.lessons[page.ref]))


def liuren_data(site, page, memo) -> JSONText:
    return JSONText("[" + ",".join(_lesson_text(site, memo, l) for l in site.lessons.values()) + "]")


def _lesson_text(site, memo, l) -> str:
    return memo_json(memo, ("lesson-json", l.day.index, l.plate), lambda: _lesson_data(site, l))


def _lesson_data(site, l) -> dict[str, Any]:
    """The engine's data of a lesson, its steps (trace, conditions, notes) in words."""
    data = {"url": A.lesson(l.day, l.plate).path, **l.as_data(words=lambda s: sentence(site, s))}
    # what every other option of a convention changes (content/conventions.yaml), where it does
    data["variants"] = {v.option: v.as_data() for v in site.lesson_variants.get((l.day.index, l.plate), ())}
    # the 類神 of each question: the heaven branches where it sits, 晝 and 夜
    data["leishen"] = {t: {"day": [b.zh for b in d], "night": [b.zh for b in n]}
                       for (t, d), (_, n) in zip(leishen_seats(l.generals_day), leishen_seats(l.generals_night))}
    return data


VIEWS = {"lesson": lesson, "liuren_day": liuren_day, "liuren_index": liuren_index}
DATA = {"lesson_json": lesson_json, "liuren_data": liuren_data}
