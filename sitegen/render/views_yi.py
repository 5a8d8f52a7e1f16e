"""Views of the hexagram pages: the 64, one hexagram, one change, the 64 × 64 matrix."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..model import addresses as A
from ..model import yi
from ..model.ganzhi import Stem
from ..model.options import KinVariant
from ..model.yi.dili import by_day_stem
from .refs import RuleRef, paragraph_href, rule_defs, rule_ref, rule_refs
from .trace import sentence
from .views import Context, JSONText, Link, Record, json_text, layout, memo_json, twin_json
from .views_conventions import change_variant_lines, option_ref

LINE_NAMES = {1: "初爻", 2: "二爻", 3: "三爻", 4: "四爻", 5: "五爻", 6: "上爻"}
LIUSHEN_GROUPS = ((Stem.JIA, "甲乙"), (Stem.BING, "丙丁"), (Stem.WU, "戊"), (Stem.JI, "己"),
                  (Stem.GENG, "庚辛"), (Stem.REN, "壬癸"))


@lru_cache(maxsize=None)
def figure_path(lines: str) -> str:
    """SVG path data for six lines (``lines`` bottom first), drawn top line first, 60 × 66."""
    parts = []
    for i, bit in enumerate(reversed(lines)):
        y = i * 12
        parts.append(f"M0 {y}h60v7H0z" if bit == "1" else f"M0 {y}h26v7H0zM34 {y}h26v7H34z")
    return "".join(parts)


@dataclass(frozen=True)
class Figure:
    path: str
    label: str             # accessible description
    marks: tuple[tuple[int, str], ...]   # (y, 交/重) for moving lines


def figure(ctx: Context, h: yi.Hexagram, moving: tuple[tuple[int, str], ...] = ()) -> Figure:
    """The figure of ``h``, with ``moving`` lines marked: (line, 交/重) pairs, lowest first."""
    said = ctx.site.names.phrases["yi_words"]
    return _figure(h.number, moving, (said["yang"], said["yin"], said["figure"], said["figure_moving"]))


@lru_cache(maxsize=None)
def _figure(number: int, moving: tuple[tuple[int, str], ...], words: tuple[str, str, str, str]) -> Figure:
    """``words``: yi_words' yang, yin, figure and figure_moving (content/names.yaml)."""
    yang, yin, whole, with_moving = words
    h = yi.hexagram(number)
    label = whole.format(name=h.name, lines=" ".join((yang if b == "1" else yin) for b in reversed(h.lines)))
    marks = tuple(((6 - ln) * 12 + 4, mk) for ln, mk in moving)
    if moving:
        label = with_moving.format(figure=label, lines=", ".join(f"{LINE_NAMES[ln]}({mk})" for ln, mk in moving))
    return Figure(figure_path(h.lines), label, marks)


@dataclass(frozen=True)
class HexRef:
    number: int
    name: str
    short: str
    ko: str
    href: str
    figure: Figure


def hex_ref(ctx: Context, h: yi.Hexagram) -> HexRef:
    """The link record of ``h`` as seen from the current page (memoised: the same from every
    page of one folder depth outside yi/, and inside yi/ from every page of one depth inside or
    outside ``h``'s folder)."""
    here = ctx.here.path
    inside = here.startswith(f"yi/{h.number:02d}/") if here.startswith("yi/") else None
    key = ("hex-ref", h.number, ctx.link_scope, inside)
    got = ctx.memo.get(key)
    if got is None:
        got = ctx.memo[key] = _hex_ref(ctx, h)
    return got


def _hex_ref(ctx: Context, h: yi.Hexagram) -> HexRef:
    assert ctx.site.content.names is not None  # the model is built only on names that loaded
    return HexRef(h.number, h.name, h.short, ctx.site.content.names.hexagram(h), ctx.href(A.hexagram(h.number)),
                  figure(ctx, h))


@dataclass(frozen=True)
class LineRow:
    line: int
    name: str
    yang: bool
    kin: str
    najia: str
    role: str              # 世 / 應 / ''
    fushen: str            # '妻財 甲寅' or ''
    liushen: str
    branch: int            # the line's branch (子 = 0), for the moment's script


def hexagram(ctx: Context) -> dict[str, Any]:
    h = yi.hexagram(ctx.page.ref)
    fu = {f.line: f"{f.liuqin.zh} {f.najia.zh}" for f in h.fushen}
    rows = tuple(
        LineRow(ln, LINE_NAMES[ln], h.lines[ln - 1] == "1", h.liuqin[ln - 1].zh, h.najia[ln - 1].zh,
                "世" if ln == h.shi else ("應" if ln == h.ying else ""), fu.get(ln, ""), "",
                int(h.najia[ln - 1].branch))
        for ln in range(6, 0, -1))
    liushen = tuple((label, tuple(reversed(h.liushen(stem)))) for stem, label in LIUSHEN_GROUPS)
    by_count: dict[int, list[HexRef]] = {}
    assert ctx.site.content.names is not None  # the model is built only on names that loaded
    for g in yi.HEXAGRAMS:
        c = ctx.site.change(h.number, g.number)
        ref = HexRef(g.number, g.name, g.short, ctx.site.content.names.hexagram(g),
                     ctx.href(A.change(h.number, g.number)), figure(ctx, g))
        by_count.setdefault(len(c.moving), []).append(ref)
    rules = rule_defs(ctx, h.rule_ids)
    dili = rule_defs(ctx, h.dili.holding)
    dili_cond = tuple(rule_ref(ctx, r) for r in h.dili.conditional)
    n = h.number
    view: dict[str, Any] = {
        "h": hex_ref(ctx, h), "upper": h.upper, "lower": h.lower,
        "palace": h.palace.name, "palace_element": h.palace_element.zh,
        "generation": h.generation, "shi": h.shi, "ying": h.ying,
        "liuhe": h.liuhe, "liuchong": h.liuchong,
        "rows": rows, "liushen": liushen,
        "hu": hex_ref(ctx, yi.hexagram(h.hu)), "cuo": hex_ref(ctx, yi.hexagram(h.cuo)),
        "zong": hex_ref(ctx, yi.hexagram(h.zong)),
        "changes": tuple(sorted(by_count.items())),
        "rules": rules, "dili": dili, "dili_conditional": dili_cond,
        "direction": h.dili.direction, "an_shan": h.dili.an_shan, "shui_kou": h.dili.shui_kou,
        "prev": Link(f"{n - 1:02d} {yi.hexagram(n - 1).name}", ctx.href(A.hexagram(n - 1))) if n > 1 else None,
        "next": Link(f"{n + 1:02d} {yi.hexagram(n + 1).name}", ctx.href(A.hexagram(n + 1))) if n < 64 else None,
        "index_href": ctx.href(A.YI),
        "json_href": ctx.href(ctx.here.twin()),
        "moment": _moment(ctx, h.number),
        "gua_shen": _gua_shen(ctx, h),
    }
    return {"layout": layout(ctx, description=f"{h.number:02d} {h.name} ({view['h'].ko}): {h.palace.name}宮 "
                                              f"{h.generation}, 世 {h.shi} 應 {h.ying}"), "x": Record(view)}


@dataclass(frozen=True)
class ChangeRow:
    line: int
    name: str
    moving: str            # 交 / 重 / ''
    ben_yang: bool
    bian_yang: bool
    ben_kin: str
    ben_najia: str
    bian_kin: str
    bian_najia: str
    role: str
    stage: str
    rules: tuple[RuleRef, ...]
    fushen: str            # the 伏神 under this line: '妻財 甲寅' or ''
    bian_role: str         # 世 / 應 of the 變卦 / ''
    branch: int            # the 本卦 line's branch (子 = 0), for the moment's script
    to: int | None         # the changed line's branch


@dataclass(frozen=True)
class TopicReading:
    rule: RuleRef
    phrase: str | None
    href: str | None


@dataclass(frozen=True)
class MeihuaBox:
    """What a change's 梅花 section shows (hashable: the section is a memoised macro, the same for
    every change with this reading at one depth)."""

    reading: yi.MeihuaReading
    relation: RuleRef          # the 體用 relation's rule
    ti_position: str           # 上卦 / 下卦
    topics: tuple[TopicReading, ...]


@dataclass(frozen=True)
class DiliBox:
    """What a change's 地理 section shows (hashable, as MeihuaBox): the change's own rules with
    their definitions, the 本卦's by name, and the rules a day decides with what decides them."""

    change_defs: tuple[tuple[RuleRef, str | None], ...]
    ben_href: str
    ben_name: str
    hexagram_refs: tuple[RuleRef, ...]
    conditional: tuple[tuple[RuleRef, str | None], ...]
    hexagram_conditional: int          # the 本卦's own conditional rules, listed on its page


def _topic_readings(ctx: Context, relation: str, rule_ids: tuple[str, ...]) -> tuple[TopicReading, ...]:
    """What each 占事 rule reads for a 體用 relation (memoised per link scope: a few hundred
    changes share each)."""
    key = ("meihua-topics", relation, rule_ids, ctx.link_scope)
    got = ctx.memo.get(key)
    if got is None:
        topics = []
        for rid in rule_ids:
            r = ctx.site.rules.get(rid)
            if r is None:
                continue
            reading = dict(r.entry.readings).get(relation)
            topics.append(TopicReading(rule_ref(ctx, rid), reading.quote if reading else None,
                                       paragraph_href(ctx, reading.text, reading.paragraph, (reading.quote,))
                                       if reading else None))
        got = ctx.memo[key] = tuple(topics)
    return got


def change(ctx: Context) -> dict[str, Any]:
    site = ctx.site
    a, b = ctx.page.ref
    c = site.change(a, b)
    ben, bian = c.ben, c.bian
    moving = {ln.line: ln for ln in c.lines}
    rows = []
    for ln, name, ben_yang, kin, najia, role, fushen, branch in _ben_lines(ctx, ben):
        m = moving.get(ln)
        bian_role = "世" if ln == bian.shi else ("應" if ln == bian.ying else "")
        rows.append(ChangeRow(
            ln, name, m.mark if m else "", ben_yang, bian.lines[ln - 1] == "1", kin, najia,
            m.bian_liuqin.zh if m else "", m.bian_najia.zh if m else "", role,
            m.stage.zh if m else "", tuple(rule_ref(ctx, r) for r in m.rule_ids) if m else (),
            fushen, bian_role, branch, int(m.bian_najia.branch) if m else None))
    whole = rule_defs(ctx, c.rule_ids)
    hexrules = rule_refs(ctx, ben.rule_ids)
    meihua = None
    if c.meihua is not None:
        mh = c.meihua
        meihua = MeihuaBox(mh, rule_ref(ctx, mh.relation_id),
                           "上卦" if mh.ti_position is yi.Side.OUTER else "下卦",
                           _topic_readings(ctx, mh.relation, mh.rule_ids[1:]))
    dili_hex, dili_change = _dili(ctx, c.dili.holding)
    # The 本卦's own conditional 地理 rules are listed once, on its page; here only the rest.
    on_hexagram = set(ben.dili.conditional)
    # each with what decides it on a given day: the moment tables' lines (化空), or a held flag by
    # the day's stem (青龍克世), or nothing a day tells
    conditional = tuple((rule_ref(ctx, r), by_day_stem(r, ben, c.moving))
                        for r in c.conditional_rule_ids if r not in on_hexagram)
    ben_ref = hex_ref(ctx, ben)
    dili = DiliBox(dili_change, ben_ref.href, ben.name, dili_hex, conditional, len(on_hexagram))
    prev_b = b - 1 if b > 1 else None          # the 變卦 in King Wen order
    next_b = b + 1 if b < 64 else None
    moving_marks = tuple(sorted((ln.line, ln.mark) for ln in c.lines))
    view: dict[str, Any] = {
        "ben": ben_ref, "bian": hex_ref(ctx, bian),
        "ben_fig": figure(ctx, ben, moving_marks), "bian_fig": figure(ctx, bian),
        "title": ctx.page.title,
        "moving": tuple(LINE_NAMES[x] for x in c.moving),
        "still": not c.moving,
        "rows": tuple(rows), "whole": whole, "hexrules": hexrules,
        "meihua": meihua, "meihua_note": c.meihua_note and sentence(ctx.site, c.meihua_note),
        "dili": dili,
        "kin_variant": ctx.site.names.say("yi_words", "kin_ben_palace" if c.kin_variant == KinVariant.BEN_PALACE
                                          else "kin_bian_palace"),
        "kin_option": option_ref(ctx, "kin_ben_palace" if c.kin_variant == KinVariant.BEN_PALACE else "kin_bian_palace"),
        "variants": change_variant_lines(ctx, (a, b)),
        "reverse": Link(f"{bian.name} → {ben.name}", ctx.href(A.change(b, a))),
        "matrix_href": ctx.href(A.YI_MATRIX),
        "prev": Link(f"{ben.short}→{yi.hexagram(prev_b).short}", ctx.href(A.change(a, prev_b))) if prev_b else None,
        "next": Link(f"{ben.short}→{yi.hexagram(next_b).short}", ctx.href(A.change(a, next_b))) if next_b else None,
        "json_href": ctx.href(ctx.here.twin()),
        "moment": _moment(ctx, ben.number),
        "gua_shen": _gua_shen(ctx, ben),
    }
    desc = ctx.site.names.say("yi_words", "moving" if c.moving else "still", change=f"{ben.name} → {bian.name}",
                              lines="·".join(view["moving"]))
    return {"layout": layout(ctx, description=desc), "c": Record(view)}


def _gua_shen(ctx: Context, h: yi.Hexagram) -> tuple[RuleRef, str, tuple[int, ...]]:
    """The 卦身 of ``h``: its rule, its branch and the lines that carry it (memoised per link scope)."""
    key = ("gua-shen", h.number, ctx.link_scope)
    got = ctx.memo.get(key)
    if got is None:
        got = ctx.memo[key] = (rule_ref(ctx, "yi-gua-shen"), h.gua_shen.zh, h.gua_shen_lines)
    return got


def _ben_lines(ctx: Context, ben: yi.Hexagram) -> tuple[tuple[int, str, bool, str, str, str, str, int], ...]:
    """What a change's rows show of its 本卦, top line first: (line, name, yang, 六親, 納甲, 世/應,
    伏神, branch); the same on its 64 pages (memoised; engine facts, no content read)."""
    key = ("change-ben-lines", ben.number)
    got = ctx.memo.get(key)
    if got is None:
        fu = {f.line: f"{f.liuqin.zh} {f.najia.zh}" for f in ben.fushen}
        got = ctx.memo[key] = tuple(
            (ln, LINE_NAMES[ln], ben.lines[ln - 1] == "1", ben.liuqin[ln - 1].zh, ben.najia[ln - 1].zh,
             "世" if ln == ben.shi else ("應" if ln == ben.ying else ""), fu.get(ln, ""),
             int(ben.najia[ln - 1].branch))
            for ln in range(6, 0, -1))
    return got


def _dili(ctx: Context, holding: tuple[str, ...]) -> tuple[tuple[RuleRef, ...], tuple[tuple[RuleRef, str | None], ...]]:
    """The 地理 rules that hold for a change: the 本卦's (named) and the change's own (with their
    definitions); memoised per link scope, as many changes hold the same ones."""
    key = ("change-dili", holding, ctx.link_scope)
    got = ctx.memo.get(key)
    if got is None:
        applies = {r: ctx.site.rules[r].predicate.applies_to for r in holding}
        got = ctx.memo[key] = (rule_refs(ctx, tuple(r for r in holding if applies[r] == "hexagram")),
                               rule_defs(ctx, tuple(r for r in holding if applies[r] == "change")))
    return got


@dataclass(frozen=True)
class MomentBox:
    """What the day-and-month box of a change or hexagram page needs (hashable: the box is a
    memoised macro, the same for every page of one 本卦 at one depth)."""

    root: str
    calendar: str          # the calendar's tables (cast/calendar.js), for a moment
    yi_tables: str
    cast_js: str
    script: str
    hexagram: int          # the 本卦, whose 用神 the script looks up in the tables


def _moment(ctx: Context, number: int) -> MomentBox:
    """The box of ``number`` (memoised per folder depth, in yi/ or not: it links to the root, to
    files in cast/ and assets/, and to yi/moment.js)."""
    key = ("yi-moment-box", ctx.link_scope, ctx.here.path.startswith("yi/"), number)
    got = ctx.memo.get(key)
    if got is None:
        home = ctx.href(A.HOME)
        got = ctx.memo[key] = MomentBox(
            home[: -len("index.html")], ctx.href(A.CAST_CALENDAR), ctx.href(A.YI_MOMENT),
            ctx.href(A.asset("cast.js")), ctx.href(A.asset("yi-moment.js")), number)
    return got


def yi_index(ctx: Context) -> dict[str, Any]:
    hexes = tuple(hex_ref(ctx, h) for h in yi.HEXAGRAMS)
    palaces = []
    for name in yi.PALACE_ORDER:
        members = yi.palace_members(name)
        palaces.append((name, tuple((m.generation, hex_ref(ctx, m)) for m in members)))
    return {"layout": layout(ctx), "hexes": hexes, "palaces": tuple(palaces),
            "matrix_href": ctx.href(A.YI_MATRIX), "cast_href": ctx.href(A.CAST, "yi-cast")}


def yi_matrix(ctx: Context) -> dict[str, Any]:
    heads = tuple(hex_ref(ctx, h) for h in yi.HEXAGRAMS)
    rows = []
    for h in yi.HEXAGRAMS:
        cells = tuple((g.number, ctx.href(A.change(h.number, g.number)),
                       f"{h.short}→{g.short}", len(ctx.site.change(h.number, g.number).moving))
                      for g in yi.HEXAGRAMS)
        rows.append((hex_ref(ctx, h), cells))
    return {"layout": layout(ctx), "heads": heads, "rows": tuple(rows)}


def hexagram_json(site, page, memo) -> JSONText:
    return twin_json(site, json_text(_hexagram_data(site, yi.hexagram(page.ref))))


def change_json(site, page, memo) -> JSONText:
    a, b = page.ref
    return twin_json(site, _change_text(site, memo, site.change(a, b)))


def hexagram_data(site, page, memo) -> list[dict[str, Any]]:
    return [_hexagram_data(site, h) for h in yi.HEXAGRAMS]


def _hexagram_data(site, h) -> dict[str, Any]:
    """The engine's data of a hexagram, with its Korean names (content/names.yaml) after its own."""
    names = site.content.names
    data: dict[str, Any] = {"url": A.hexagram(h.number).path}
    for k, v in h.as_data().items():
        data[k] = v
        if k == "short":
            data["ko"], data["short_ko"] = names.hexagram(h), names.hexagram_short(h)
    return data


def change_data(site, page, memo) -> JSONText:
    return JSONText("[" + ",".join(_change_text(site, memo, c) for c in site.changes.values()) + "]")


def _change_text(site, memo, c) -> str:
    return memo_json(memo, ("change-json", c.ben.number, c.bian.number), lambda: _change_data(site, c))


def _change_data(site, c) -> dict[str, Any]:
    """The engine's data of a change, its note in words."""
    data = {"url": A.change(c.ben.number, c.bian.number).path, **c.as_data()}
    data["variants"] = {o: {"to_liuqin": [k.zh for k in kins]}
                        for o, kins in site.change_variants.get((c.ben.number, c.bian.number), {}).items()}
    if c.meihua_note is not None:
        data["meihua_note"] = sentence(site, c.meihua_note)
    return data


VIEWS = {"hexagram": hexagram, "change": change, "yi_index": yi_index, "yi_matrix": yi_matrix}
DATA = {"hexagram_json": hexagram_json, "change_json": change_json,
        "hexagram_data": hexagram_data, "change_data": change_data}
