"""The one rule definition type, shared by both engines' catalogs.

A rule's code half is its id, the engine's name for it (the Chinese name, a fact the engine's
tables use), its family, what it applies to and its one predicate (``holds``), which the engine
evaluates to decide where it holds. Everything a
reader reads about it — names, the test in words, conditions, sources, citations, how a derivation
step of it is worded — is its entry in ``content/rules/*.yaml``, joined by id
(``sitegen.model.knowledge``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass(frozen=True)
class RuleDef:
    id: str          # permanent: the page rules/<id>/
    zh: str          # the engine's name for it
    family: str      # liuren-method … dili (knowledge.FAMILY_FILES)
    applies_to: str  # lesson | hexagram | change
    # The rule's one predicate: what it takes depends on the family (a lesson's facts, a change's
    # facts …); for a conditional rule, whether it applies (its condition is then stated, never
    # computed). A rule id owns exactly one; the knowledge check names a converted family's rule
    # without it.
    holds: Callable[..., Any] | None = field(default=None, compare=False, repr=False)

    @property
    def decide(self) -> Callable[..., Any]:
        """``holds``, where the rule is known to own one (each rule of a predicate family, checked
        at load: ``knowledge.check_predicates``)."""
        assert self.holds is not None, f"rule {self.id} has no predicate"
        return self.holds
