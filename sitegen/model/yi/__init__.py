"""The pure hexagram engine: 六爻 (八宮, 納甲, 六親, 伏神, 動變), 梅花 體用, 地理 (seeds 000, 004).

Immutable values and small functions, no I/O. The page layer calls exactly the names below.
"""

from sitegen.model.yi.change import Change, ChangedLine, all_changes, change, change_from_moving
from sitegen.model.yi.dili import DiliReading
from sitegen.model.yi.examples import ExampleOutcome, evaluate_example
from sitegen.model.yi.hexagram import (
    GENERATIONS, HEXAGRAMS, LIUSHEN, PALACE_ORDER, FuShen, Hexagram, hexagram, hexagram_by_name,
    palace_members,
)
from sitegen.model.yi.meihua import RELATIONS, MeihuaReading, TrigramRelation
from sitegen.model.rules import RuleDef
from sitegen.model.yi.rules import FAMILIES, RULES, RULES_BY_ID
from sitegen.model.yi.sets import Generation, Mark, Relation, Side
from sitegen.model.yi.trigram import TRIGRAMS, TRIGRAMS_BY_NAME, Trigram, trigram

__all__ = [
    "Change", "ChangedLine", "DiliReading", "ExampleOutcome", "FAMILIES", "FuShen", "GENERATIONS",
    "Generation", "HEXAGRAMS", "Hexagram", "LIUSHEN", "Mark", "MeihuaReading", "PALACE_ORDER",
    "RELATIONS", "RULES", "RULES_BY_ID", "Relation", "RuleDef", "Side", "TRIGRAMS", "TRIGRAMS_BY_NAME",
    "Trigram", "TrigramRelation",
    "all_changes", "change", "change_from_moving", "evaluate_example", "hexagram",
    "hexagram_by_name", "palace_members", "trigram",
]
