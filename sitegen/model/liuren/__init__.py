"""The pure 大六壬 engine: plates, four lessons, three transmissions, generals, 課體, rule catalog.

Public API (the page layer calls exactly these)::

    lesson(day, plate, *, shehai="depth") -> Lesson
    all_lessons(*, shehai="depth") -> tuple[Lesson, ...]   # 720, by day then plate
    RULES, RULES_BY_ID, SHEHAI_VARIANTS, evaluate_example
"""

from .examples import ClassicOutcome, ExampleOutcome, evaluate_classic, evaluate_example
from .engine import (Lesson, Marker, TransmissionInfo, all_lessons, lesson, plates_for)
from .patterns import ConditionalPattern
from .plate import KeLesson, heaven_plate, plate_of, seat_of
from ..rules import RuleDef
from .rules import RULE_ID_BY_NAME, RULES, RULES_BY_ID
from .transmissions import SHEHAI_VARIANTS, Step

__all__ = [
    "ConditionalPattern", "ExampleOutcome", "KeLesson", "Lesson", "Marker", "RULES", "RULES_BY_ID",
    "RULE_ID_BY_NAME", "RuleDef", "SHEHAI_VARIANTS", "Step", "TransmissionInfo", "all_lessons",
    "ClassicOutcome", "evaluate_classic", "evaluate_example", "heaven_plate", "lesson", "plate_of",
    "plates_for", "seat_of",
]
