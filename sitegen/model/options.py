"""The engines' options where the schools part, each value spelled as ``content/site.yaml``'s
``engines`` (and a validation example's ``shehai`` or ``kin_variant``) spells it; the first is the
default. Standard library only: the settings are read with nothing of the engines loaded.

Which convention each option belongs to, its id and its wording: ``sitegen.model.conventions``
and ``content/conventions.yaml``.
"""

from __future__ import annotations

from enum import StrEnum


class Shehai(StrEnum):
    """The 涉害 reading (``engines.liuren_shehai``; ``sitegen.model.liuren.transmissions``)."""

    DEPTH = "depth"              # count the depth, the place after the seat first
    TANYUAN = "tanyuan"          # 《大六壬探原》: the seat itself counted
    MENGZHONGJI = "mengzhongji"  # no count: 孟, then 仲, then 綴瑕


class NobleTable(StrEnum):
    """The 貴人 table (``engines.liuren_guiren``; ``sitegen.model.liuren.tables.NOBLE_TABLES``)."""

    GEJUE = "gejue"
    XIANTIAN = "xiantian"
    BUSHI = "bushi"


class KinVariant(StrEnum):
    """The palace a changed line's 六親 is taken against (``engines.yi_kin_variant``;
    ``sitegen.model.yi.change``)."""

    BEN_PALACE = "ben-palace"    # the 本卦's
    BIAN_PALACE = "bian-palace"  # the 變卦's own
