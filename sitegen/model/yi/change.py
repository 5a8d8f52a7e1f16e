"""A transformation 本卦 → 變卦, for every pair of the 64 (4,096 in all).

Rules (facts, not text):
- The moving lines are where the two hexagrams differ; none is a still hexagram (seed 000 p09:
  卦爻有動則變，無動則不變). A moving yin line is 交 (老陰, 0→1), a moving yang line 重 (老陽, 1→0)
  (seed 000 p23 交、重為動; p60 交主未來，重主過去).
- A changed line's 納甲 is the 變卦's at that line; its 六親 is taken against the **本卦's palace**
  by default (``kin_variant="ben-palace"``: 《增刪卜易》, 《卜筮正宗》 — the 變爻 keeps the 本宮's
  六親); ``"bian-palace"`` takes it against the 變卦's own palace, as some engines do.
- 化進神 / 化退神 (亥→子, 寅→卯, 巳→午, 申→酉, 丑→辰, 辰→未, 未→戌, 戌→丑 and back):
  《卜筮正宗》 卷三, 《增刪卜易》 進神退神章; seed 000 p60 (寅化卯為進神，卯化寅為退神).
- 回頭生 / 回頭剋 (the changed branch's element generates / overcomes the original's): 《增刪卜易》;
  seed 000 p57 (回頭克 … 如金化火，水化土類也).
- 化沖 (爻反吟), 化合, 爻伏吟 (the same branch again): 《增刪卜易》 反伏章; ganzhi.py tables.
- 十二長生 of the original line's element at the changed branch, in the 六爻 table where 土 follows
  水 (ganzhi.CHANGSHENG_WUXING_TU_WITH_WATER; seed 000 p54–p56).
- 化空 needs the day's 旬空: a conditional rule, never computed as holding.
- Whole change: 六沖/六合 on both sides; 遊魂/歸魂 on either side; trigram 反吟 in two readings
  (後天 opposite pairs 乾巽 坎離 艮坤 震兌; all three 納甲 branches in 沖) and 伏吟 (the trigram's
  三 branches repeat), per inner and outer trigram: 《增刪卜易》 反伏章.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any

from sitegen.model.ganzhi import Branch, Element, GanZhi, Kin, Stage, kin, stage
from sitegen.model.options import KinVariant
from sitegen.model.steps import Step
from sitegen.model.yi.dili import DiliReading, change_dili
from sitegen.model.yi.hexagram import HEXAGRAMS, Hexagram, hexagram
from sitegen.model.yi.meihua import MeihuaReading, meihua_reading
from sitegen.model.yi.rules import CHANGE_SIDE, JIN_TUI_IDS, MARK_RULE_IDS, RULES_BY_ID, LineMove, of
from sitegen.model.yi.sets import Mark
from sitegen.model.yi.trigram import TRIGRAMS_BY_LINES, Trigram

KIN_VARIANTS = tuple(KinVariant)  # the default first

_LINE_RULES = of("yi-line")
_LINE_CONDITIONAL = of("yi-line", conditional=True)
_CHANGE_RULES = tuple(sorted(of("yi-change"), key=lambda r: CHANGE_SIDE[r.id]))


@lru_cache(maxsize=None)
def _line_ids(yin: bool, ben: Branch, bian: Branch) -> tuple[str, ...]:
    """The yi-line rules that hold on a moving line (a yin one if ``yin``) of branch ``ben``
    changing into ``bian``, in catalog order."""
    m = LineMove(yin, ben, bian)
    return tuple(r.id for r in _LINE_RULES if r.decide(m))


def line_rule_ids(ben: Branch, bian: Branch) -> tuple[str, ...]:
    """The yi-line rules besides 交/重 that hold when branch ``ben`` changes into ``bian``."""
    return tuple(r for r in _line_ids(True, ben, bian) if r not in MARK_RULE_IDS)


def jin_tui(rule_ids) -> str | None:
    """化進神 or 化退神 among a moving line's yi-line rules (``ChangedLine.rule_ids``,
    ``line_rule_ids``), or None."""
    return next((r for r in rule_ids if r in JIN_TUI_IDS), None)


@dataclass(frozen=True)
class ChangedLine:
    line: int                 # 1..6
    mark: Mark                # 交 (老陰 0→1) or 重 (老陽 1→0)
    ben_najia: GanZhi
    bian_najia: GanZhi
    ben_liuqin: Kin           # against the 本卦's palace
    bian_liuqin: Kin          # against the palace the kin_variant names
    stage: Stage              # 十二長生 of the original element at the changed branch
    rule_ids: tuple[str, ...]

    @property
    def old(self) -> str:
        return self.mark.old

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(RULES_BY_ID[r].zh for r in self.rule_ids)

    def as_data(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "mark": self.mark,
            "from": self.ben_najia.zh,
            "to": self.bian_najia.zh,
            "from_liuqin": self.ben_liuqin.zh,
            "to_liuqin": self.bian_liuqin.zh,
            "stage": self.stage.zh,
            "rules": list(self.rules),
            "rule_ids": list(self.rule_ids),
        }


@lru_cache(maxsize=None)
def _change_rule_ids(ben_number: int, bian_number: int) -> tuple[str, ...]:
    """The yi-change rules that hold on a change that moves: the whole hexagrams' first, then the
    inner trigram's, then the outer's (both 六親 variants share them)."""
    ben, bian = HEXAGRAMS[ben_number - 1], HEXAGRAMS[bian_number - 1]
    return tuple(r.id for r in _CHANGE_RULES if r.decide(ben, bian))


@dataclass(frozen=True, eq=False)
class Change:
    ben: Hexagram
    bian: Hexagram
    moving: tuple[int, ...]            # line numbers that move; () for a still hexagram
    lines: tuple[ChangedLine, ...]     # one per moving line, bottom first
    rule_ids: tuple[str, ...]          # whole-change (yi-change) rules that hold
    meihua: MeihuaReading | None       # None when lines move in both trigrams or none
    meihua_note: Step | None           # why there is no 體用 and what is done instead
    dili: DiliReading
    kin_variant: KinVariant = KinVariant.BEN_PALACE

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Change) and other.ben == self.ben and other.bian == self.bian
                and other.kin_variant == self.kin_variant)

    def __hash__(self) -> int:
        return hash(("Change", self.ben.number, self.bian.number, self.kin_variant))

    def __repr__(self) -> str:
        return f"Change({self.ben.short}之{self.bian.short} moving={list(self.moving)})"

    @property
    def still(self) -> bool:
        return not self.moving

    @property
    def rules(self) -> tuple[str, ...]:
        return tuple(RULES_BY_ID[r].zh for r in self.rule_ids)

    @property
    def reverse(self) -> Change:
        """The change 變卦 → 本卦 (the same moving lines)."""
        return change(self.bian.number, self.ben.number, kin_variant=self.kin_variant)

    @property
    def line_rule_ids(self) -> tuple[str, ...]:
        """Every yi-line rule that holds on some moving line, once each, in catalog order."""
        held = {r for ln in self.lines for r in ln.rule_ids}
        return tuple(r.id for r in _LINE_RULES if r.id in held)

    @property
    def all_rule_ids(self) -> tuple[str, ...]:
        """Every rule that holds on this change: line rules, whole-change rules, 梅花, 地理."""
        out = self.line_rule_ids + self.rule_ids
        if self.meihua is not None:
            out += self.meihua.rule_ids
        return out + self.dili.holding

    @cached_property
    def conditional_rule_ids(self) -> tuple[str, ...]:
        """Conditional rules that apply (their condition is stated; never computed as holding): the
        conditional line rules wherever a line moves (化空 needs the day), then 梅花's and 地理's."""
        out = tuple(r.id for r in _LINE_CONDITIONAL) if self.moving else ()
        if self.meihua is not None:
            out += self.meihua.conditional_rule_ids
        return out + self.dili.conditional

    def as_data(self) -> dict[str, Any]:
        return {
            "from": self.ben.number,
            "to": self.bian.number,
            "moving": list(self.moving),
            "kin_variant": self.kin_variant,
            "lines": [ln.as_data() for ln in self.lines],
            "rules": list(self.rules),
            "rule_ids": list(self.rule_ids),
            "meihua": None if self.meihua is None else self.meihua.as_data(),
            "meihua_note": None if self.meihua_note is None else self.meihua_note.as_data(),
            "dili": self.dili.as_data(),
            "conditional_rule_ids": list(self.conditional_rule_ids),
            "gua_shen": self.ben.gua_shen_data,
        }


@lru_cache(maxsize=None)
def _changed_line(ben_number: int, n: int, b: GanZhi, ref: Element) -> ChangedLine:
    """Line ``n`` of hexagram ``ben_number`` moving into 納甲 ``b``, its 六親 taken against ``ref``.

    The 12,288 moving lines of one variant have only a few thousand distinct values (the 變卦's
    納甲 at a line depends only on the trigram on that side), so each is built once."""
    ben = HEXAGRAMS[ben_number - 1]
    a = ben.najia[n - 1]
    mark = Mark.JIAO if ben.lines[n - 1] == "0" else Mark.ZHONG
    rule_ids = _line_ids(mark is Mark.JIAO, a.branch, b.branch)
    # positional, in field order: line, mark, ben_najia, bian_najia, ben_liuqin, bian_liuqin, stage, rule_ids
    return ChangedLine(n, mark, a, b, ben.liuqin[n - 1], kin(ref, b.branch.element),
                       stage(a.branch.element, b.branch), rule_ids)


# The lines as a 6-bit number (line 1 is bit 0), and the moving lines of each difference mask.
_BITS: dict[str, int] = {h.lines: int(h.lines[::-1], 2) for h in HEXAGRAMS}
_MOVING: tuple[tuple[int, ...], ...] = tuple(
    tuple(i + 1 for i in range(6) if mask >> i & 1) for mask in range(64))


def _build(ben: Hexagram, bian: Hexagram, kin_variant: KinVariant) -> Change:
    moving = _MOVING[_BITS[ben.lines] ^ _BITS[bian.lines]]
    ref = ben.palace_element if kin_variant == KinVariant.BEN_PALACE else bian.palace_element
    num, najia = ben.number, bian.najia
    lines = tuple([_changed_line(num, n, najia[n - 1], ref) for n in moving])
    rule_ids = _change_rule_ids(ben.number, bian.number) if moving else ()
    meihua, meihua_note = meihua_reading(ben.lines, bian.lines, moving)
    dili = change_dili(ben, moving)
    # positional (in field order): noticeably cheaper than keywords, 4,096 times per variant
    return Change(ben, bian, moving, lines, rule_ids, meihua, meihua_note, dili, kin_variant)


@lru_cache(maxsize=None)
def _change(from_number: int, to_number: int, kin_variant: KinVariant) -> Change:
    # the callers (``change``, ``all_changes``) pass valid numbers 1..64
    return _build(HEXAGRAMS[from_number - 1], HEXAGRAMS[to_number - 1], kin_variant)


def _variant(kin_variant: KinVariant) -> KinVariant:
    """The option as a member (a caller may pass its spelling in content/site.yaml)."""
    if kin_variant not in KIN_VARIANTS:
        raise ValueError(f"kin_variant is one of {', '.join(KIN_VARIANTS)}, not {kin_variant!r}")
    return KinVariant(kin_variant)


def change(from_number: int, to_number: int, *, kin_variant: KinVariant = KinVariant.BEN_PALACE) -> Change:
    """The change 本卦 ``from_number`` → 變卦 ``to_number`` (King Wen numbers, 1..64)."""
    kin_variant = _variant(kin_variant)
    hexagram(from_number), hexagram(to_number)  # validate
    return _change(from_number, to_number, kin_variant)


@lru_cache(maxsize=None)
def all_changes(*, kin_variant: KinVariant = KinVariant.BEN_PALACE) -> tuple[Change, ...]:
    """All 4,096 changes, ordered by 本卦 number, then 變卦 number."""
    kin_variant = _variant(kin_variant)
    return tuple([_change(a, b, kin_variant) for a in range(1, 65) for b in range(1, 65)])


def change_from_moving(ben_number: int, moving: tuple[int, ...] | list[int], *,
                       kin_variant: KinVariant = KinVariant.BEN_PALACE) -> Change:
    """The change of hexagram ``ben_number`` when the given lines move."""
    bits = list(hexagram(ben_number).lines)
    for n in moving:
        if not 1 <= n <= 6:
            raise ValueError(f"a line is 1..6, not {n!r}")
        bits[n - 1] = "0" if bits[n - 1] == "1" else "1"
    return change(ben_number, Hexagram.from_lines("".join(bits)).number, kin_variant=kin_variant)


def trigram_after(t: Trigram, moving: tuple[int, ...] | list[int]) -> Trigram:
    """What ``t`` becomes when its lines ``moving`` (1..3, bottom first) move (000 p09)."""
    bits = list(t.lines)
    for n in moving:
        bits[n - 1] = "0" if bits[n - 1] == "1" else "1"
    return TRIGRAMS_BY_LINES["".join(bits)]

