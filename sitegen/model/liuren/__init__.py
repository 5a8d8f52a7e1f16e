"""The pure 大六壬 engine: plates, four lessons, three transmissions, generals, 課體, rule catalog.

Public API (the page layer calls exactly these)::

    lesson(day, plate, *, shehai=Shehai.DEPTH, guiren=NobleTable.GEJUE) -> Lesson
    all_lessons(*, shehai=Shehai.DEPTH, guiren=NobleTable.GEJUE) -> tuple[Lesson, ...]   # 720
    RULES, RULES_BY_ID, SHEHAI_VARIANTS, evaluate_example
"""

from .examples import BifaOutcome, ClassicOutcome, ExampleOutcome, evaluate_bifa, evaluate_classic, evaluate_example
from .engine import (Lesson, Marker, TransmissionInfo, all_lessons, lesson, plates_for)
from .patterns import ConditionalPattern
from .plate import KeLesson, heaven_plate, plate_of, seat_of
from ..rules import RuleDef
from .rules import RULE_ID_BY_NAME, RULES, RULES_BY_ID
from .transmissions import SHEHAI_VARIANTS, Step

__all__ = [
    "ConditionalPattern", "ExampleOutcome", "KeLesson", "Lesson", "Marker", "RULES", "RULES_BY_ID",
    "RULE_ID_BY_NAME", "RuleDef", "SHEHAI_VARIANTS", "Step", "TransmissionInfo", "all_lessons",
    "BifaOutcome", "ClassicOutcome", "evaluate_bifa", "evaluate_classic", "evaluate_example", "heaven_plate",
    "lesson", "plate_of", "plates_for", "seat_of",
]
