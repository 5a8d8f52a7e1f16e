"""Conventions: the page about/conventions/, the agreement report, and the compact lines a lesson
or change page shows where another school's option changes its result."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..model import addresses as A
from ..model.agreement import site_options
from ..model.conventions import CONVENTIONS_BY_ID, OPTIONS
from ..model.ganzhi import GanZhi
from .refs import prose, rule_ref
from .trace import sentence
from .views import Context, layout


@dataclass(frozen=True)
class OptionRef:
    id: str
    convention_zh: str
    convention_ko: str
    zh: str
    ko: str
    source: str          # Markdown (references made links)
    quote: str | None
    href: str            # its place on about/conventions/


@dataclass(frozen=True)
class VariantLine:
    option: OptionRef
    facts: tuple[tuple[str, str], ...]   # (label, value) of each changed result
    trace: tuple[str, ...]               # the derivation under the option (涉害), in words


def _entries(ctx: Context):
    return {c.id: c for c in ctx.site.content.conventions}


def option_ref(ctx: Context, option: str) -> OptionRef:
    """An option's names, source and place on about/conventions/ (shared by the pages of one link
    scope, those under about/conventions/ apart: they link to it from inside)."""
    key = ("option-ref", option, ctx.link_scope, ctx.here.path.startswith(A.CONVENTIONS.path))
    got = ctx.memo.get(key)
    if got is None:
        conv = _entries(ctx)[OPTIONS[option].id]
        o = next(o for o in conv.options if o.id == option)
        got = ctx.memo[key] = OptionRef(option, conv.zh, conv.ko, o.zh, o.ko, prose(ctx, o.source), o.quote,
                                        ctx.href(A.CONVENTIONS, option))
    return got


def _three(generals: tuple[str, ...], transmissions) -> str:
    return "·".join(generals[b] for b in transmissions)


def lesson_variant_lines(ctx: Context, key: tuple[int, int]) -> tuple[VariantLine, ...]:
    les = ctx.site.lessons[key]
    label = ctx.site.names.phrases["variant_facts"]
    out = []
    for v in ctx.site.lesson_variants.get(key, ()):
        facts = []
        if v.transmissions is not None:
            facts.append((label["transmissions"], "".join(b.zh for b in v.transmissions)))
        if v.method is not None:
            facts.append((label["method"], str(v.method)))
        if v.ke is not None:
            facts.append((label["ke"], str(v.ke)))
        if v.basis_ke is not None:
            facts.append((label["basis_ke"], str(v.basis_ke)))
        if v.name is not None:
            facts.append((label["name"], str(v.name)))
        trans = les.transmissions
        if v.generals_day is not None:
            facts.append((label["generals_day"], _three(v.generals_day, trans)))
        if v.generals_night is not None:
            facts.append((label["generals_night"], _three(v.generals_night, trans)))
        trace = tuple(sentence(ctx.site, s) for s in v.lesson.steps) if v.lesson is not None else ()
        out.append(VariantLine(option_ref(ctx, v.option), tuple(facts), trace))
    return tuple(out)


def change_variant_lines(ctx: Context, key: tuple[int, int]) -> tuple[VariantLine, ...]:
    c = ctx.site.changes[key]
    out = []
    for option, kins in ctx.site.change_variants.get(key, {}).items():
        facts = tuple((f"{ln.line}爻 {ln.bian_najia.zh}", k.zh) for ln, k in zip(c.lines, kins)
                      if k != ln.bian_liuqin)
        out.append(VariantLine(option_ref(ctx, option), facts, ()))
    return tuple(out)


def rule_conventions(ctx: Context, rule_id: str) -> tuple[tuple[str, str, str], ...]:
    """(zh, ko, href) of each convention that affects ``rule_id``."""
    return tuple((c.zh, c.ko, ctx.href(A.CONVENTIONS, c.id)) for c in ctx.site.content.conventions
                 if rule_id in c.rules)


def conventions(ctx: Context) -> dict[str, Any]:
    site = ctx.site
    chosen = site_options(site)
    assert site.agreement is not None         # computed before anything renders
    counts = {(r.convention, r.option): r for r in site.agreement.counts}
    groups = []
    for c in site.content.conventions:
        model = CONVENTIONS_BY_ID[c.id]
        options = []
        for o in c.options:
            n = counts[(c.id, o.id)]
            options.append({"ref": option_ref(ctx, o.id), "note": prose(ctx, o.note),
                             "default": chosen[c.id] == o.id, "changed": n.changed, "total": n.total})
        groups.append({"id": c.id, "zh": c.zh, "ko": c.ko, "summary": prose(ctx, c.summary),
                       "applies_to": model.applies_to, "setting": model.setting,
                       "rules": tuple(rule_ref(ctx, r) for r in c.rules if r in site.rules),
                       "options": tuple(options)})
    return {"layout": layout(ctx), "groups": tuple(groups), "agreement_href": ctx.href(A.AGREEMENT),
            "validation_href": ctx.href(A.VALIDATION)}


def _lesson_link(ctx: Context, day_zh: str, plate: int) -> str:
    return ctx.href(A.lesson(GanZhi.from_zh(day_zh), plate))


def agreement(ctx: Context) -> dict[str, Any]:
    site = ctx.site
    rep = site.agreement
    assert rep is not None                    # computed before anything renders
    t = site.content.validation.tanyuan
    recorded = {(d.day, d.plate): d for d in rep.transmission_reasons}
    option_reasons = (t.option_reasons or {}) if t else {}

    def reason(option: str, day: str, plate: int, engine: str) -> str | None:
        """The recorded reason where the option gives what the engine's default gives; else the
        option's own reason."""
        d = recorded.get((day, plate))
        if d is not None and d.engine == engine:
            return prose(ctx, d.reason)
        return prose(ctx, option_reasons.get(option))

    transmissions = tuple(
        {"option": option_ref(ctx, r.option), "agree": r.agree, "compared": r.compared,
         "differences": tuple({"day": d, "plate": p, "tanyuan": t, "engine": e,
                               "href": _lesson_link(ctx, d, p), "reason": reason(r.option, d, p, e)}
                              for d, p, t, e in r.differences)}
        for r in rep.transmissions)
    names = tuple({"option": option_ref(ctx, r.option), "agree": r.agree, "compared": r.compared,
                   "left": len(r.differences)} for r in rep.names)
    default_names = rep.names[0].differences if rep.names else ()
    number = {k: i for i, k in enumerate(rep.name_reasons, 1)}
    name_rows = tuple({"day": d.day, "plate": d.plate, "tanyuan": d.tanyuan, "engine": d.engine,
                       "href": _lesson_link(ctx, d.day, d.plate), "reason": d.reason,
                       "number": number.get(d.reason),
                       "resolved_by": tuple(option_ref(ctx, o) for o in d.resolved_by)}
                      for d in default_names)
    name_reasons = tuple((k, number[k], prose(ctx, v), sum(1 for d in default_names if d.reason == k))
                         for k, v in rep.name_reasons.items())
    examples = tuple({"file": s.file, "rows": tuple(
        {"option": option_ref(ctx, r.option), "agree": r.agree, "total": r.total,
         "differences": tuple((i, ctx.href(A.validation_part("daquan" if i.startswith("daquan-") else "liuren"), i))
                              for i in r.differences)}
        for r in s.rows)} for s in rep.examples)
    counts = tuple({"option": option_ref(ctx, r.option), "default": r.default, "changed": r.changed,
                    "total": r.total} for r in rep.counts)
    return {"layout": layout(ctx), "counts": counts, "transmissions": transmissions, "names": names,
            "name_rows": name_rows, "name_reasons": name_reasons, "examples": examples,
            "tanyuan_source": t.source if t else "", "lost": t.lost if t else (),
            "aliases": tuple(t.names.aliases.items()) if t and t.names else (),
            "conventions_href": ctx.href(A.CONVENTIONS), "validation_href": ctx.href(A.VALIDATION)}


VIEWS = {"conventions": conventions, "agreement": agreement}
