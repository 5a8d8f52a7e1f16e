"""The plate and the four lessons (四課).

Plate numbering follows seed 002 (課經): 第n局 puts heaven branch X over earth branch X+(n−1), so
第一局 is 伏吟 and 第七局 返吟; 月將 M over 占時 T gives n = (T − M) mod 12 + 1 (LIUREN.md).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from ..ganzhi import LODGING, Branch, GanZhi, Stem
from .tables import LESSON_NAMES, LessonName

class Relation(StrEnum):
    """Between the upper and the lower of a lesson."""

    KE = "上剋下"    # the upper overcomes the lower
    ZEI = "下賊上"   # the lower overcomes the upper


ZEI = Relation.ZEI
KE = Relation.KE


_BRANCHES = tuple(Branch)


@lru_cache(maxsize=12)
def heaven_plate(plate: int) -> tuple[Branch, ...]:
    """``heaven[e]``: the heaven branch standing over earth branch ``e`` on this plate."""
    if not 1 <= plate <= 12:
        raise ValueError(f"plate must be 1..12, not {plate}")
    return tuple(_BRANCHES[(e - (plate - 1)) % 12] for e in range(12))


def seat_of(plate: int, heaven_branch: Branch) -> Branch:
    """The earth branch that heaven branch ``heaven_branch`` stands over on this plate."""
    return _BRANCHES[(heaven_branch + plate - 1) % 12]


def plate_of(month_general: Branch, hour: Branch) -> int:
    """月將 over 占時: n = (T − M) mod 12 + 1."""
    return (hour - month_general) % 12 + 1


def relation(upper: Branch, lower: Stem | Branch) -> Relation | None:
    """上剋下 when the upper's element overcomes the lower's, 下賊上 the other way round."""
    if upper.element.overcomes(lower.element):
        return KE
    if lower.element.overcomes(upper.element):
        return ZEI
    return None


@dataclass(frozen=True)
class KeLesson:
    """One of the four lessons: ``upper`` stands over ``lower`` (the day stem for lesson 1)."""

    index: int  # 1..4 in the order 干陽 干陰 支陽 支陰
    upper: Branch
    lower: Stem | Branch
    seat: Branch  # the earth place of the lower (the stem's 寄宮 for lesson 1)
    relation: Relation | None
    duplicate_of: int | None  # the earlier lesson standing on the same place with the same upper

    @property
    def name(self) -> LessonName:
        return LESSON_NAMES[self.index - 1]

    @property
    def ke_down(self) -> bool:
        """上剋下."""
        return self.relation == KE

    @property
    def zei_up(self) -> bool:
        """下賊上."""
        return self.relation == ZEI

    def as_data(self) -> list[str]:
        return [self.upper.zh, self.lower.zh]


@lru_cache(maxsize=None)
def _ke_lesson(index: int, upper: Branch, lower: Stem | Branch, seat: Branch, dup: int | None) -> KeLesson:
    """One lesson; the 2,880 lessons of the 720 charts have under 700 distinct values, each built once.

    (A ``Stem`` and a ``Branch`` of equal value compare equal, but ``index`` keeps them apart: only
    lesson 1 has the day stem below.)"""
    return KeLesson(index, upper, lower, seat, relation(upper, lower), dup)


def four_lessons(day: GanZhi, heaven: tuple[Branch, ...]) -> tuple[KeLesson, ...]:
    stem, branch = day.stem, day.branch
    lodging = LODGING[stem]
    u1 = heaven[lodging]
    u3 = heaven[branch]
    raw = ((u1, stem, lodging), (heaven[u1], u1, u1), (u3, branch, branch), (heaven[u3], u3, u3))
    out: list[KeLesson] = []
    first_at: dict[tuple[Branch, Branch], int] = {}  # (upper, seat) → the first lesson standing there
    for i, (upper, lower, seat) in enumerate(raw, start=1):
        first = first_at.setdefault((upper, seat), i)
        out.append(_ke_lesson(i, upper, lower, seat, None if first == i else first))
    return tuple(out)


def distinct_count(lessons: tuple[KeLesson, ...]) -> int:
    return sum(1 for k in lessons if k.duplicate_of is None)
