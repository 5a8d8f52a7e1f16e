"""Where the schools part: each of a lesson's conventions computed under every other option.

Facts only: option ids (``sitegen.model.conventions``), branches, generals, names. Their names,
sources and wording are in ``content/conventions.yaml``.

- 涉害 (``shehai_*``): the whole lesson again under another count (``transmissions.derive``); only
  a lesson whose default derivation reaches 涉害 can differ (the path up to there is the same).
- 貴人 (``guiren_*``): the 晝 and 夜 arrangements under another 貴人 table.
- 伏吟/返吟 names (``names_tanyuan``): 《大六壬探原》 names 伏吟有克 by the kind of 剋 in lesson 1 —
  重審 (its 始入) for 下賊上, 元首 (with 不虞) for 上剋下 — and 返吟 無親 井欄射, or 八專 on the days
  whose stem lodges on the day branch.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..ganzhi import LODGING, Branch
from ..options import NobleTable, Shehai
from .engine import Lesson, lesson, reaches_shehai
from .generals import arrangement
from .plate import ZEI
from .transmissions import Ke, Method


class SchoolName(StrEnum):
    """Names 《大六壬探原》 gives where 《六壬大全》's names differ (besides 課 names of ``Ke``)."""

    JINGLANSHE = "井欄射"
    BAZHUAN = "八專"


@dataclass(frozen=True)
class LessonVariant:
    """What one option changes on one lesson; a field is None where it changes nothing."""

    option: str
    transmissions: tuple[Branch, Branch, Branch] | None = None
    method: Method | None = None
    ke: Ke | None = None
    basis_ke: Ke | None = None
    name: Ke | SchoolName | None = None
    generals_day: tuple[str, ...] | None = None
    generals_night: tuple[str, ...] | None = None
    lesson: Lesson | None = None   # the lesson under the option (its derivation), for 涉害

    def as_data(self) -> dict:
        out: dict = {}
        if self.transmissions is not None:
            out["transmissions"] = [b.zh for b in self.transmissions]
        for key in ("method", "ke", "basis_ke", "name"):
            if getattr(self, key) is not None:
                out[key] = str(getattr(self, key))
        gens = {}
        for key, g in (("day", self.generals_day), ("night", self.generals_night)):
            if g is not None:
                gens[key] = {b.zh: g[b] for b in Branch}
        if gens:
            out["generals"] = gens
        return out


SHEHAI_OPTIONS = {"shehai_depth": Shehai.DEPTH, "shehai_tanyuan": Shehai.TANYUAN,
                  "shehai_mengzhongji": Shehai.MENGZHONGJI}
GUIREN_OPTIONS = {"guiren_gejue": NobleTable.GEJUE, "guiren_xiantian": NobleTable.XIANTIAN,
                  "guiren_bushi": NobleTable.BUSHI}
def school_name(les: Lesson) -> Ke | SchoolName | None:
    """The 探原's name for a 伏吟有克 or 返吟 無親 lesson, else None."""
    if les.ke == Ke.FUYIN_KE:
        return Ke.CHONGSHEN if les.lessons[0].relation == ZEI else Ke.YUANSHOU
    if les.ke == Ke.WUQIN:
        return SchoolName.BAZHUAN if LODGING[les.day.stem] == les.day.branch else SchoolName.JINGLANSHE
    return None


def lesson_variants(les: Lesson) -> tuple[LessonVariant, ...]:
    """Every option other than the lesson's own whose result differs from it."""
    out: list[LessonVariant] = []
    if reaches_shehai(les):
        for option, value in SHEHAI_OPTIONS.items():
            if value == les.shehai:
                continue
            v = lesson(les.day, les.plate, shehai=value, guiren=les.guiren)
            if (v.transmissions, v.method, v.ke, v.basis_ke) == (les.transmissions, les.method, les.ke,
                                                                 les.basis_ke):
                continue
            out.append(LessonVariant(
                option, transmissions=v.transmissions if v.transmissions != les.transmissions else None,
                method=v.method if v.method != les.method else None, ke=v.ke if v.ke != les.ke else None,
                basis_ke=v.basis_ke if v.basis_ke != les.basis_ke else None, lesson=v))
    for option, table in GUIREN_OPTIONS.items():
        if table == les.guiren:
            continue
        day = arrangement(les.day.stem, les.plate, False, table)
        night = arrangement(les.day.stem, les.plate, True, table)
        if (day, night) != (les.generals_day, les.generals_night):
            out.append(LessonVariant(option, generals_day=day if day != les.generals_day else None,
                                     generals_night=night if night != les.generals_night else None))
    name = school_name(les)
    if name is not None:
        out.append(LessonVariant("names_tanyuan", name=name))
    return tuple(out)
