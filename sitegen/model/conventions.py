"""The conventions the engines follow where the classics disagree, and their alternatives.

Ids only: each convention is a set of options, the engines' default first; ``content/conventions.yaml``
names each, gives its source (book · 卷 · passage) and its wording, and the build checks that the
two lists are the same. ``setting`` is the key in ``content/site.yaml`` that picks the site's
option (None: the default is fixed), ``values`` what that key (and the engine) calls each option.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..content.conventions import FILE, ConventionEntry
from ..problems import Problems
from .ganzhi import Kin, kin
from .liuren.variants import GUIREN_OPTIONS, SHEHAI_OPTIONS
from .options import KinVariant
from .yi.change import Change


@dataclass(frozen=True)
class Convention:
    id: str
    options: tuple[str, ...]           # option ids, the engines' default first
    applies_to: str                    # lesson, change, cast
    setting: str | None = None         # engines.liuren_shehai …
    values: tuple[str | int, ...] = ()  # the setting's value for each option

    def option_of(self, value) -> str:
        return self.options[self.values.index(value)]


CONVENTIONS: tuple[Convention, ...] = (
    Convention("shehai", tuple(SHEHAI_OPTIONS), "lesson", "engines.liuren_shehai",
               tuple(SHEHAI_OPTIONS.values())),
    Convention("guiren", tuple(GUIREN_OPTIONS), "lesson", "engines.liuren_guiren",
               tuple(GUIREN_OPTIONS.values())),
    Convention("day_night", ("day_night_hours", "day_night_sun"), "cast"),
    Convention("ke_names", ("names_daquan", "names_tanyuan"), "lesson"),
    Convention("day_boundary", ("day_starts_23", "day_starts_0"), "cast", "casting.day_starts", (23, 0)),
    Convention("yi_kin", ("kin_ben_palace", "kin_bian_palace"), "change", "engines.yi_kin_variant",
               tuple(KinVariant)),
)
CONVENTIONS_BY_ID = {c.id: c for c in CONVENTIONS}
OPTIONS = {o: c for c in CONVENTIONS for o in c.options}


def change_variants(c: Change) -> dict[str, tuple[Kin, ...]]:
    """The 六親 of the changed lines under the other 六親 convention, where they differ."""
    other = KinVariant.BIAN_PALACE if c.kin_variant == KinVariant.BEN_PALACE else KinVariant.BEN_PALACE
    ref = (c.ben if other == KinVariant.BEN_PALACE else c.bian).palace_element
    kins = tuple(kin(ref, ln.bian_najia.branch.element) for ln in c.lines)
    if kins == tuple(ln.bian_liuqin for ln in c.lines):
        return {}
    return {CONVENTIONS_BY_ID["yi_kin"].option_of(other): kins}


def check_conventions(entries: tuple[ConventionEntry, ...], rule_ids, texts, problems: Problems) -> None:
    """``content/conventions.yaml`` against :data:`CONVENTIONS`: the same conventions, each with the
    same options in the same order, only rules that exist, and references that resolve."""
    from .knowledge import check_xrefs

    seen = set()
    for e in entries:
        check_xrefs(e.summary, texts, problems, FILE, e.line, f"convention {e.id}")
        for o in e.options:
            for prose in (o.source, o.note):
                check_xrefs(prose, texts, problems, FILE, o.line, f"option {o.id}")
        c = CONVENTIONS_BY_ID.get(e.id)
        if c is None:
            problems.add(FILE, e.line, f"no engine follows a convention {e.id!r}",
                         "the conventions are: " + ", ".join(CONVENTIONS_BY_ID))
            continue
        seen.add(e.id)
        have = tuple(o.id for o in e.options)
        if have != c.options:
            problems.add(FILE, e.line, f"the options of {e.id} are {', '.join(have) or 'none'}; the "
                         f"engines have {', '.join(c.options)}",
                         "list every option of the engine, its default first, with the same ids")
        for r in e.rules:
            if r not in rule_ids:
                problems.add(FILE, e.line, f"{e.id} names the rule {r!r}, which does not exist",
                             "name rules by their ids in content/rules/")
    for c in CONVENTIONS:
        if c.id not in seen:
            problems.add(FILE, None, f"the convention {c.id!r} has no entry",
                         f"add '- id: {c.id}' with its options {', '.join(c.options)}")
