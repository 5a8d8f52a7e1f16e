"""Views of the knowledge base: rule pages, the rule index, term pages, the validation page."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..model import addresses as A
from ..model import yi
from ..model.ganzhi import SIXTY
from ..model.liuren.bifa import undecided as bifa_undecided
from ..model.liuren.rules import JUAN
from .refs import RuleRef, paragraph_href, plain, prose, quote, quotes, rule_ref, short_title
from .trace import sentence, words
from .views import Context, Record, layout
from .views_conventions import rule_conventions

LIST_LIMIT = 40      # up to this many charts are listed by name; more become a compact grid


@dataclass(frozen=True)
class ChartLink:
    label: str
    href: str
    title: str = ""


@dataclass(frozen=True)
class GridRow:
    label: str
    href: str
    cells: tuple[ChartLink | None, ...]


@dataclass(frozen=True)
class ChartGroup:
    heading: str | None
    count: int
    links: tuple[ChartLink, ...]      # when few
    grid_head: tuple[str, ...]        # when many
    grid: tuple[GridRow, ...]


def _lesson_group(ctx: Context, heading: str | None, keys: list[tuple[str, str]]) -> ChartGroup:
    """``keys``: (page key, title) of lessons."""
    by_day: dict[int, dict[int, ChartLink]] = {}
    links = []
    for key, title in keys:
        link, cell, di, plate = _lesson_links(ctx, key, title)
        links.append(link)
        by_day.setdefault(di, {})[plate] = cell
    if len(links) <= LIST_LIMIT:
        return ChartGroup(heading, len(links), tuple(links), (), ())
    rows = tuple(GridRow(f"{SIXTY[di].zh}", ctx.href(A.liuren_day(SIXTY[di])),
                         tuple(cells.get(p) for p in range(1, 13)))
                 for di, cells in sorted(by_day.items()))
    return ChartGroup(heading, len(links), (), tuple(str(p) for p in range(1, 13)), rows)


def _lesson_links(ctx: Context, key: str, title: str) -> tuple[ChartLink, ChartLink, int, int]:
    """The list item and the grid cell of lesson ``key``, its day's index and its plate, shared
    by rule pages."""
    scope = ctx.here.path if ctx.here.path.startswith("liuren/") else ctx.here.path.count("/")
    memo = ("lesson-link", key, title, scope)
    got = ctx.memo.get(memo)
    if got is None:
        di, plate = ctx.site.registry[key].ref
        day = SIXTY[di]
        href = ctx.href(A.lesson(day, plate))
        got = ctx.memo[memo] = (ChartLink(f"{day.zh} {plate}", href, title),
                                ChartLink(str(plate), href, title), day.index, plate)
    return got


def _change_group(ctx: Context, heading: str | None, keys: list[tuple[str, str]]) -> ChartGroup:
    by_ben: dict[int, list[ChartLink]] = {}
    links = []
    for key, title in keys:
        link, cell = _change_links(ctx, key, title)
        links.append(link)
        by_ben.setdefault(ctx.site.registry[key].ref[0], []).append(cell)
    if len(links) <= LIST_LIMIT:
        return ChartGroup(heading, len(links), tuple(links), (), ())
    rows = tuple(GridRow(f"{a:02d} {yi.hexagram(a).short}", ctx.href(A.hexagram(a)), tuple(cells))
                 for a, cells in sorted(by_ben.items()))
    return ChartGroup(heading, len(links), (), ("變卦",), rows)


def _change_links(ctx: Context, key: str, title: str) -> tuple[ChartLink, ChartLink]:
    """The list item and the grid cell of change ``key`` ('change:aa:bb'), shared by rule pages."""
    scope = ctx.here.path if ctx.here.path.startswith("yi/") else ctx.here.path.count("/")
    memo = ("change-link", key, title, scope)
    got = ctx.memo.get(memo)
    if got is None:
        a, b = ctx.site.registry[key].ref
        h, g = yi.hexagram(a), yi.hexagram(b)
        href = ctx.href(A.change(a, b))
        got = ctx.memo[memo] = (ChartLink(f"{h.short}→{g.short}", href, title or f"{h.name} → {g.name}"),
                                ChartLink(f"{b:02d}", href, title))
    return got


def _hexagram_group(ctx: Context, heading: str | None, keys: list[tuple[str, str]]) -> ChartGroup:
    links = []
    for key, title in keys:
        h = yi.hexagram(ctx.site.registry[key].ref)
        links.append(ChartLink(f"{h.number:02d} {h.name}", ctx.href(A.hexagram(h.number)), title))
    return ChartGroup(heading, len(links), tuple(links), (), ())


GROUPERS = {"lesson": _lesson_group, "change": _change_group, "hexagram": _hexagram_group}


def chart_groups(ctx: Context, rule) -> tuple[tuple[ChartGroup, ...], tuple[ChartGroup, ...]]:
    """(where it holds, where it holds under a condition), grouped for the page."""
    group = GROUPERS[rule.predicate.applies_to]
    holds = (group(ctx, None, [(k, "") for k in rule.holds]),) if rule.holds else ()
    by_condition: dict[str, list[tuple[str, str]]] = {}
    for key, step in rule.conditional:
        cond = sentence(ctx.site, step)
        head = cond.split(":")[0] if cond.startswith(("晝占", "夜占")) else cond
        by_condition.setdefault(head, []).append((key, cond))
    cond_groups = []
    if len(by_condition) <= 4:
        for head, keys in by_condition.items():
            cond_groups.append(group(ctx, head, keys))
    else:
        cond_groups.append(group(ctx, ctx.site.names.say("validation_words", "conditions_in_cells"),
                                 [kc for keys in by_condition.values() for kc in keys]))
    return holds, tuple(cond_groups)


def rule(ctx: Context) -> dict[str, Any]:
    site = ctx.site
    r = site.rules[ctx.page.ref]
    e = r.entry
    holds, conditional = chart_groups(ctx, r)
    family_zh, family_ko = site.names.families[r.family]
    view = {
        "id": r.id, "zh": r.zh, "ko": r.ko,
        "family_zh": family_zh, "family_ko": family_ko, "family_href": ctx.href(A.RULES, r.family),
        "applies": site.names.applies[r.predicate.applies_to],
        "definition": prose(ctx, e.definition),
        "test": prose(ctx, e.test),
        "condition": e.condition,
        "source": e.source or "",
        "follows": prose(ctx, e.follows),
        "authority": tuple((a.where, a.quote) for a in e.authority),
        "cites": quotes(ctx, list(e.cites) + [c for _, c in e.readings]),
        "readings": tuple((o, c.quote, paragraph_href(ctx, c.text, c.paragraph, (c.quote,)))
                         for o, c in e.readings),
        "holds": holds, "conditional": conditional,
        "count": len(r.holds), "conditional_count": len(r.conditional),
        "terms": tuple((t.zh, t.ko, ctx.href(A.term(t.id))) for t in site.terms.values() if r.id in t.rules),
        "conventions": rule_conventions(ctx, r.id),
    }
    cite = e.cites[0] if e.cites else None
    desc = f"{r.zh} ({r.ko}): {plain(site.texts, e.definition)[:80]}"
    return {"layout": layout(ctx, description=desc), "r": Record(view),
            "cite_text": short_title(ctx, cite.text) if cite else None}


def rules_index(ctx: Context) -> dict[str, Any]:
    site = ctx.site
    families: dict[str, list[tuple[RuleRef, int, int]]] = {}
    for r in site.rules.values():
        families.setdefault(r.family, []).append((rule_ref(ctx, r.id), len(r.holds), len(r.conditional)))
    groups = tuple((fam, *site.names.families[fam],
                    site.names.applies[site.rules[items[0][0].id].predicate.applies_to], tuple(items),
                    _by_juan(site, items) if fam == "liuren-pattern" else ())
                   for fam, items in families.items())
    # the 法 of 《畢法賦》 the chart cannot tell, each with the reason its entry gives
    undecided = tuple((rule_ref(ctx, r.id), r.entry.condition) for r in site.rules.values()
                      if r.family == "liuren-bifa" and r.predicate.holds is bifa_undecided)
    grounds = _grounds(site)
    return {"layout": layout(ctx), "groups": groups, "total": len(site.rules), "cited": grounds["cited"],
            "undecided": undecided, "quoted": grounds["quoted"], "follows": grounds["follows"]}


def _ground(r) -> str:
    """What a rule rests on: a paragraph of the texts it cites, else a classic's defining clause
    it quotes, else only the name of the classic it follows."""
    return "cited" if r.entry.cites else "quoted" if r.entry.authority else "follows"


def _grounds(site) -> Counter:
    return Counter(_ground(r) for r in site.rules.values())


def _by_juan(site, items) -> tuple[tuple[str, tuple], ...]:
    """A family's rules under the 卷 of 《六壬大全》 課經集 whose heading they stand under."""
    parts: dict[int | None, list] = {}
    for item in items:
        parts.setdefault(JUAN.get(item[0].id), []).append(item)
    return tuple((site.names.say("validation_words", "juan", "none" if j is None else str(j)), tuple(v))
                 for j, v in parts.items())


def term(ctx: Context) -> dict[str, Any]:
    site = ctx.site
    t = site.terms[ctx.page.ref]
    rules = tuple((rule_ref(ctx, rid), len(site.rules[rid].holds) + len(site.rules[rid].conditional))
                  for rid in t.rules if rid in site.rules)
    using = []
    for slug, text in site.texts.items():
        if t.link_in is not None and slug not in t.link_in:
            continue
        n = sum(1 for p in text.paragraphs if any(s in p.zh for s in t.spellings))
        if n:
            using.append((text.title_zh, ctx.href(A.text(slug)), n))
    view = {
        "id": t.id, "zh": t.zh, "ko": t.ko, "aliases": t.aliases, "gloss": prose(ctx, t.gloss),
        "defined_in": quotes(ctx, t.defined_in),
        "rules": rules, "texts": tuple(using),
    }
    return {"layout": layout(ctx, description=f"{t.zh} ({t.ko}): {plain(site.texts, t.gloss)[:80]}"), "t": Record(view)}


def terms_index(ctx: Context) -> dict[str, Any]:
    terms = tuple(sorted(((t.ko, t.zh, ctx.href(A.term(t.id)), prose(ctx, t.gloss)) for t in ctx.site.terms.values())))
    return {"layout": layout(ctx), "terms": terms}


def _example_rows(ctx: Context, engine: str | None = None, full: bool = False) -> tuple[dict, ...]:
    """The seeds' worked examples (of one engine), each with where its full record is."""
    assert ctx.site.validation is not None     # validated before anything renders
    rows = []
    for res in ctx.site.validation.examples:
        e = res.example
        if engine is not None and e.engine != engine:
            continue
        row = {"id": e.id, "engine": e.engine, "says": prose(ctx, e.says), "agrees": res.agrees,
               "href": ctx.href(A.validation_part(e.engine), e.id)}
        if full:
            row.update({"quote": quote(ctx, e.cite.text, e.cite.paragraph, e.cite.quote),
                        "expected": words(ctx.site, res.expected), "actual": words(ctx.site, res.actual),
                        "reason": prose(ctx, e.known_difference)})
        rows.append(row)
    return tuple(rows)


def _tanyuan_rows(ctx: Context) -> tuple[dict, ...]:
    assert ctx.site.validation is not None     # validated before anything renders
    return tuple({"id": f"tanyuan-{_day(d.day).slug}-{d.plate:02d}", "day": d.day, "plate": d.plate,
                  "tanyuan": d.tanyuan, "engine": d.engine, "reason": prose(ctx, d.reason),
                  "href": ctx.href(A.lesson(_day(d.day), d.plate))}
                 for d in ctx.site.validation.tanyuan_differences)


def _kejing_rows(ctx: Context) -> tuple[dict, ...]:
    assert ctx.site.validation is not None     # validated before anything renders
    return tuple({"id": f"kejing-{k.plate:02d}", "plate": k.plate,
                  "href": ctx.href(A.lesson(_day("丙寅"), k.plate)),
                  "text_href": ctx.href(A.text("kejing-bingyin"), k.paragraph),
                  "listed": k.listed, "engine": k.engine, "missing": k.missing,
                  "held": k.held, "held_if": k.held_if,
                  "conditional": tuple((n, sentence(ctx.site, c)) for n, c in k.conditional if n in k.listed)}
                 for k in ctx.site.validation.kejing)


def _classic_rows(ctx: Context) -> tuple[dict, ...]:
    """《六壬大全》 課經集's worked examples, each with the book's words, the site's lesson and its class."""
    assert ctx.site.validation is not None     # validated before anything renders
    rows = []
    say = ctx.site.names.say
    for r in ctx.site.validation.classic:
        e, o = r.example, r.outcome
        stands = _stands(ctx, o)
        book = e.name + (f" · 用 {e.first}" if e.first else "") + (
            f" · 三傳 {e.transmissions}" if e.transmissions else "")
        rows.append({"id": e.id, "juan": e.juan, "line": e.at_line, "title": e.title, "day": e.day,
                     "at": e.at, "name": e.name, "book": book,
                     "actual": (say("validation_words", "classic_actual", plate=o.plate,
                                    transmissions=o.transmissions, kind=o.kind, name=e.name, stands=stands)
                                if o.plate else say("validation_words", "classic_no_plate")),
                     "cls": e.cls, "class_label": say("classes", e.cls), "note": prose(ctx, e.note),
                     "variant": _variant(ctx, e.variant),
                     "lesson": ctx.href(A.lesson(_day(e.day), o.plate)) if o.plate else None})
    return tuple(rows)


def _variant(ctx: Context, variant: str | None) -> tuple[str, str] | None:
    """The 涉害 reading that reproduces a school difference: its name and its place on the conventions page."""
    if variant is None:
        return None
    oid = f"shehai_{variant}"
    zh = next(o.zh for c in ctx.site.content.conventions for o in c.options if o.id == oid)
    return zh, ctx.href(A.CONVENTIONS, oid)


def _stands(ctx: Context, o) -> str:
    """Whether the site's lesson holds what the book names (and under which condition)."""
    return ctx.site.names.say("stands", o.status) + (f" ({sentence(ctx.site, o.condition)})" if o.condition else "")


_SHIFTS = {"day": "晝", "night": "夜"}


def _bifa_rows(ctx: Context) -> tuple[dict, ...]:
    """The lessons 《畢法賦》 names for a 法, each with the book's verdict, the site's and its class."""
    rows = []
    assert ctx.site.validation is not None
    say = ctx.site.names.say
    for r in ctx.site.validation.bifa:
        e, o = r.lesson, r.outcome
        stands = _stands(ctx, o)
        day, plate = o.lessons[0]
        rows.append({"id": e.id, "fa": e.fa, "juan": "十一" if e.juan == 11 else "十二", "line": e.line,
                     "day": e.day, "at": e.at, "shift": _SHIFTS.get(e.shift or "", ""),
                     "book": say("validation_words", "bifa_holds" if e.holds else "bifa_fails"),
                     "actual": say("validation_words", "bifa_actual", plate=plate, transmissions=o.transmissions,
                                   kind=o.kind, fa=e.fa, stands=stands)
                     + (f" ({say('validation_words', 'six_days_all' if o.shows else 'six_days_some')})"
                        if len(o.lessons) > 1 else ""),
                     "cls": e.cls, "class_label": say("classes", e.cls), "note": prose(ctx, e.note),
                     "variant": _variant(ctx, e.variant),
                     "rule": rule_ref(ctx, f"liuren-bifa-{e.fa:03d}"),
                     "lesson": ctx.href(A.lesson(_day(day), plate))})
    return tuple(rows)


def class_totals(site, counts: dict[str, int], unit: str) -> str:
    """A validation list counted by class from the list (``bifa_counts``, ``classic_counts``);
    ``unit`` the key of what it counts (``unit_example``, ``unit_plate``)."""
    say = site.names.say
    return say("validation_words", "totals", n=sum(counts.values()), unit=say("validation_words", unit),
               classes=", ".join(say("validation_words", "class_count", **{"class": say("classes", c)}, n=n)
                                 for c, n in counts.items()))


def validation(ctx: Context) -> dict[str, Any]:
    """The entry point: the summary, every disagreement linked, and every example's anchor."""
    site = ctx.site
    rep = site.validation
    assert rep is not None                     # validated before anything renders
    rows = _example_rows(ctx)
    diffs = _tanyuan_rows(ctx)
    kejing = _kejing_rows(ctx)
    classic = _classic_rows(ctx)
    bifa = _bifa_rows(ctx)
    lr, ln = rep.counts("liuren")
    yr, yn = rep.counts("yi")
    kejing_listed = sum(len(k["listed"]) for k in kejing)
    kejing_missing = sum(len(k["missing"]) for k in kejing)
    kejing_held = sum(len(k["held"]) for k in kejing)
    kejing_held_if = sum(len(k["held_if"]) for k in kejing)
    grounds = _grounds(site)
    liuren, yi_, rules = (ctx.href(A.validation_part(p)) for p in ("liuren", "yi", "rules"))
    said = site.names.phrases["validation_words"]
    label, value = said["summary_labels"], said["summary"]
    summary = (
        (label["liuren"], value["liuren"].format(agree=lr, of=ln), liuren),
        (label["yi"], value["yi"].format(agree=yr, of=yn), yi_),
        (label["kejing"], value["kejing"].format(listed=kejing_listed, held=kejing_held,
                                                 held_if=kejing_held_if, missing=kejing_missing),
         ctx.href(A.validation_part("liuren"), "kejing")),
        (label["daquan"], class_totals(site, rep.classic_counts(), "unit_example"),
         ctx.href(A.validation_part("daquan"), "daquan")),
        (label["bifa"], class_totals(site, rep.bifa_counts(), "unit_plate"), ctx.href(A.validation_part("daquan"), "bifa")),
        (label["tanyuan"], value["tanyuan"].format(agree=rep.tanyuan_compared - len(diffs), of=rep.tanyuan_compared),
         ctx.href(A.validation_part("liuren"), "tanyuan")),
        (label["grounds"], value["grounds"].format(n=len(site.rules), cited=grounds["cited"],
                                                   quoted=grounds["quoted"], follows=grounds["follows"]), rules),
    )
    disagreements = (
        tuple(r for r in rows if not r["agrees"]),
        tuple(dict(d, href=ctx.href(A.validation_part("liuren"), d["id"])) for d in diffs),
        tuple(dict(k, href=ctx.href(A.validation_part("liuren"), k["id"])) for k in kejing if k["missing"]),
        tuple(dict(r, href=ctx.href(A.validation_part("daquan"), r["id"])) for r in classic if r["cls"] != "agrees"),
        tuple(dict(r, href=ctx.href(A.validation_part("daquan"), r["id"])) for r in bifa if r["cls"] != "agrees"),
    )
    return {"layout": layout(ctx), "summary": summary, "rows": rows, "disagreements": disagreements,
            "parts": {"liuren": liuren, "daquan": ctx.href(A.validation_part("daquan")), "yi": yi_, "rules": rules}}


def validation_part(ctx: Context) -> dict[str, Any]:
    """One corpus's part of the report: its examples in full, its comparisons."""
    site = ctx.site
    assert site.validation is not None         # validated before anything renders
    part = ctx.page.ref
    view: dict[str, Any] = {"layout": layout(ctx), "part": part, "entry": ctx.href(A.VALIDATION),
                            "rows": (), "kejing": (), "diffs": (), "citations": (), "citation_count": 0, "follows_only": (),
                            "classic": (), "bifa": ()}
    if part in ("liuren", "yi"):
        view["rows"] = _example_rows(ctx, part, full=True)
    if part == "liuren":
        view.update(kejing=_kejing_rows(ctx), diffs=_tanyuan_rows(ctx),
                    tanyuan_source=site.validation.tanyuan_source)
    if part == "daquan":
        view["classic"] = _classic_rows(ctx)
        view["bifa"] = _bifa_rows(ctx)
        view["bifa_totals"] = class_totals(site, site.validation.bifa_counts(), "unit_plate")
        view["classic_totals"] = class_totals(site, site.validation.classic_counts(), "unit_example")
    if part in ("rules", "rules-liuren"):
        liuren = part == "rules-liuren"   # the 六壬 rules' citations on a page of their own (its length)
        if not liuren:
            view["follows_only"] = tuple(rule_ref(ctx, r.id) for r in site.rules.values()
                                         if _ground(r) == "follows")
        view["other_citations"] = ctx.href(A.validation_part("rules" if liuren else "rules-liuren"), "citations")
        # by family, each folded under its name (the 六壬 families hold some four hundred rules)
        by_family: dict[str, list] = {}
        for r in site.rules.values():
            if r.family.startswith("liuren") == liuren:
                by_family.setdefault(r.family, []).append(
                    (rule_ref(ctx, r.id),
                     tuple((f"{short_title(ctx, c.text)} #{c.paragraph}", ctx.href(A.text(c.text), c.paragraph),
                            c.quote) for c in r.entry.cites),
                     prose(ctx, r.entry.follows), tuple((a.where, a.quote) for a in r.entry.authority)))
        view["citations"] = tuple((site.names.families[fam], tuple(rows)) for fam, rows in by_family.items())
        view["citation_count"] = sum(len(rows) for rows in by_family.values())
    return view


@dataclass(frozen=True)
class BookRow:
    part: str            # the 卷 as the rules' citations write it
    heading: str         # the heading the quoted clause stands under (a 課, 第N法, a 論 …)
    rule: RuleRef
    count: int           # the charts it holds on (0: decided by the moment, or by nothing on a chart)
    conditional: int
    applies: str
    holds_href: str


def _heading_order(title: str) -> tuple[int, str]:
    n = title[1:-1] if title.startswith("第") and title.endswith("法") else ""
    return (int(n), "") if n.isdigit() else (0, title)


def book_rows(ctx: Context, book) -> tuple[tuple[str, tuple[BookRow, ...] | str], ...]:
    """What the site takes from ``book``, by 卷 (in the work's order) and heading: each part's
    rows, or the address of the book that is that part (《畢法賦》 in 《六壬大全》)."""
    from ..content.authorities import WORKS
    site = ctx.site
    if book.work is None:
        return ()
    own = {part: b for b in site.content.books if b is not book and b.work == book.work
           for part in b.parts if not book.parts}
    by_part: dict[str, list[tuple[tuple, BookRow]]] = {}
    for n, r in enumerate(site.rules.values()):
        seen = set()          # a rule quoting several clauses under one heading is listed there once
        for a in r.entry.authority:
            if a.work != book.work or (book.parts and a.part not in book.parts) or a.part in own \
                    or (a.part, a.title) in seen:
                continue
            seen.add((a.part, a.title))
            row = BookRow(a.part, a.title, rule_ref(ctx, r.id), len(r.holds), len(r.conditional),
                          site.names.applies[r.predicate.applies_to], ctx.href(A.rule(r.id), "holds-h"))
            by_part.setdefault(a.part, []).append(((*_heading_order(a.title), n), row))
    out: list[tuple[str, tuple[BookRow, ...] | str]] = []
    for part in WORKS[book.work]:
        if part in own:
            out.append((part, ctx.href(A.book(own[part].slug))))
        elif part in by_part:
            out.append((part, tuple(row for _, row in sorted(by_part[part], key=lambda x: x[0]))))
    return tuple(out)


def book(ctx: Context) -> dict[str, Any]:
    site = ctx.site
    b = next(b for b in site.content.books if b.slug == ctx.page.ref)
    parts = book_rows(ctx, b)
    pages = []
    for key in b.pages:
        page_key, _, anchor = key.partition("#")
        page = site.registry[page_key]
        pages.append((page.title + (f" · {anchor}" if anchor else ""), ctx.href(page.address, anchor or None)))
    whole = {part: f"《{bb.zh}》" for bb in site.content.books for part in bb.parts if bb is not b}
    return {"layout": layout(ctx, description=f"《{b.zh}》 {b.ko}: {b.about[:80]}"),
            "b": b, "parts": parts, "pages": tuple(pages), "part_books": whole,
            "count": sum(len(rows) for _, rows in parts if not isinstance(rows, str))}


def books(ctx: Context) -> dict[str, Any]:
    site = ctx.site
    return {"layout": layout(ctx),
            "books": tuple((b.zh, b.ko, b.about, ctx.href(A.book(b.slug))) for b in site.content.books)}


def _day(zh: str):
    return next(d for d in SIXTY if d.zh == zh)


VIEWS = {"rule": rule, "rules_index": rules_index, "term": term, "terms_index": terms_index,
         "validation": validation, "validation_part": validation_part, "book": book, "books": books}
