"""The one rule definition type, shared by both engines' catalogs.

A rule's code half is its id, the engine's name for it (the Chinese name, a fact the engine's
tables use), its family and what it applies to; the engine decides where it holds. Everything a
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
    holds: Callable[..., Any] | None = field(default=None, compare=False, repr=False)
