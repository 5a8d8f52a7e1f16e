"""The ``Lesson`` value: one of the 720 (60 days × 12 plates), everything a page shows about it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from functools import lru_cache
from typing import Callable

from ..ganzhi import LODGING, LU, SIXTY, Branch, GanZhi, Kin, Stage, Stem, kin, stage, stage_branch, yima
from ..options import NobleTable, Shehai
from .generals import arrangement
from .keti import Facts
from .patterns import BifaHolds, ConditionalPattern, bifa, evaluate, ordered
from ..steps import Step, declare, step
from .plate import KE, ZEI, KeLesson, four_lessons, heaven_plate, seat_of
from .rules import RULE_ID_BY_NAME, RULES_BY_ID
from .shensha import DAY_SHENSHA, ShenshaPlace, places
from .tables import GAN_DE, NOBLE_TABLES, TRANSMISSION_NAMES, General, Position
from .transmissions import SHEHAI_VARIANTS, Ke, Method, derive


@dataclass(frozen=True)
class TransmissionInfo:
    """One of 初傳·中傳·末傳 with what the page prints beside it."""

    position: Position  # 初傳 中傳 末傳
    branch: Branch
    dun: Stem | None  # 遁干 from the day's 旬; None for the two 旬空 branches
    kin: Kin  # 六親 against the day stem
    general_day: General
    general_night: General
    void: bool

    def as_data(self) -> dict:
        return {"position": self.position, "branch": self.branch.zh,
                "dun": self.dun.zh if self.dun is not None else None, "kin": self.kin.zh,
                "general_day": self.general_day, "general_night": self.general_night, "void": self.void}


class MarkerName(StrEnum):
    """The day facts a lesson marks on its plate."""

    LU = "祿"
    DE = "德"
    YIMA = "驛馬"
    XUNDING = "旬丁"
    MU = "墓"

    @property
    def zh(self) -> str:
        return self.value


@dataclass(frozen=True)
class Marker:
    """A day fact (祿 德 驛馬 旬丁 墓) and where it falls on this lesson's plate."""

    name: MarkerName
    branch: Branch
    seat: Branch  # the earth place this heaven branch stands over
    in_lessons: tuple[int, ...]  # lesson indices (1..4) whose upper it is
    in_transmissions: tuple[Position, ...]  # 初傳 中傳 末傳
    note: Step  # what the marker is and where its table comes from

    def as_data(self, words: Callable[[Step], str] | None = None) -> dict:
        return {"name": self.name, "branch": self.branch.zh, "seat": self.seat.zh,
                "lessons": list(self.in_lessons), "transmissions": list(self.in_transmissions),
                "note": self.note.as_data() if words is None else words(self.note)}


@dataclass(frozen=True)
class Lesson:
    day: GanZhi
    plate: int
    shehai: Shehai
    guiren: NobleTable  # the 貴人 table (``tables.NOBLE_TABLES``)
    heaven: tuple[Branch, ...]  # heaven[e] stands over earth e
    lessons: tuple[KeLesson, ...]  # four: 干陽 干陰 支陽 支陰
    transmissions: tuple[Branch, Branch, Branch]
    method: Method  # 九宗門 family
    ke: Ke  # 課 name
    basis_method: Method | None  # 返吟有克: the 賊剋-family method that chose 初傳 (else None)
    basis_ke: Ke | None
    preamble: tuple[Step, ...]  # the plate and the four lessons
    steps: tuple[Step, ...]  # the derivation of the three transmissions
    generals_day: tuple[General, ...]  # indexed by heaven branch
    generals_night: tuple[General, ...]
    transmission_info: tuple[TransmissionInfo, ...]  # three: 初傳 中傳 末傳
    markers: tuple[Marker, ...]
    patterns: tuple[str, ...]  # rule ids of the 課體 that hold from day and plate alone
    conditional_patterns: tuple[ConditionalPattern, ...]
    bifa: tuple[BifaHolds, ...] = ()  # the 法 of 《畢法賦》 it shows (held, or under a condition)
    shensha: tuple[ShenshaPlace, ...] = ()  # the day-based 神煞 (by the day's stem and branch)

    # ---- plate ---------------------------------------------------------------------------
    @property
    def gan_shang(self) -> Branch:
        return self.heaven[LODGING[self.day.stem]]

    @property
    def zhi_shang(self) -> Branch:
        return self.heaven[self.day.branch]

    def seat(self, heaven_branch: Branch) -> Branch:
        """Where a heaven branch stands: the earth branch under it."""
        return seat_of(self.plate, heaven_branch)

    @property
    def void(self) -> tuple[Branch, Branch]:
        return self.day.xun_void

    @property
    def duplicates(self) -> tuple[int, ...]:
        """Indices of the lessons that repeat an earlier one (不備)."""
        return tuple(k.index for k in self.lessons if k.duplicate_of is not None)

    @property
    def plates_for(self) -> tuple[tuple[Branch, Branch], ...]:
        """The twelve (月將, 占時) pairs that turn the plate to this one, by 月將 子…亥."""
        return plates_for(self.plate)

    # ---- weighing (十二長生, and 遁干·六親 on the four lessons) ------------------------------
    @property
    def stages(self) -> tuple[Stage, ...]:
        """The 十二長生 stage of each heaven branch against the day stem, by branch 子…亥."""
        return _day_facts(self.day)[4]

    @property
    def lesson_info(self) -> tuple[dict, ...]:
        """遁干, 六親 and 十二長生 of each lesson's upper branch."""
        _, dun, kins, _, stages = _day_facts(self.day)
        return tuple({"upper": k.upper.zh, "dun": (d.zh if (d := dun[k.upper]) is not None else None),
                      "kin": kins[k.upper].zh, "stage": stages[k.upper].zh} for k in self.lessons)

    # ---- generals ------------------------------------------------------------------------
    def generals(self, night: bool = False) -> dict[Branch, General]:
        g = self.generals_night if night else self.generals_day
        return {b: g[b] for b in Branch}

    def general_of(self, heaven_branch: Branch, night: bool = False) -> General:
        return (self.generals_night if night else self.generals_day)[heaven_branch]

    @property
    def trace(self) -> tuple[Step, ...]:
        """The preamble, then the derivation."""
        return self.preamble + self.steps

    # ---- rules ---------------------------------------------------------------------------
    @property
    def method_id(self) -> str:
        return RULE_ID_BY_NAME[self.method]

    @property
    def ke_id(self) -> str:
        return RULE_ID_BY_NAME[self.ke]

    @property
    def basis_ids(self) -> tuple[str, ...]:
        if self.basis_method is None:
            return ()
        assert self.basis_ke is not None  # set with basis_method
        return tuple(dict.fromkeys((RULE_ID_BY_NAME[self.basis_method], RULE_ID_BY_NAME[self.basis_ke])))

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """Every rule the lesson uses: method, 課, the basis of a 返吟, unconditional 課體, trace rules."""
        ids = [self.method_id, self.ke_id, *self.basis_ids, *self.patterns]
        ids += [s.rule for s in self.trace if s.rule]
        ids += [b.rule for b in self.bifa if b.condition is None]
        return tuple(dict.fromkeys(ids))

    @property
    def names(self) -> tuple[str, ...]:
        """Every name the lesson carries, conditional ones included (for matching seed lists)."""
        out: list[str] = [self.method, self.ke]
        if self.basis_method:
            assert self.basis_ke is not None  # set with basis_method
            out += [self.basis_method, self.basis_ke]
        out += [RULES_BY_ID[i].zh for i in self.patterns]
        out += [c.name for c in self.conditional_patterns]
        return tuple(dict.fromkeys(out))

    # ---- data ----------------------------------------------------------------------------
    def as_data(self, words: Callable[[Step], str] | None = None) -> dict:
        """The lesson as data; with ``words`` (a step → its sentence), each step in words: the
        trace as rule and text, a condition and a marker's note as their sentence."""
        return {
            "day": self.day.zh,
            "plate": self.plate,
            "shehai": self.shehai,
            "guiren": self.guiren,
            "gan_shang": self.gan_shang.zh,
            "zhi_shang": self.zhi_shang.zh,
            "heaven": [self.heaven[e].zh for e in Branch],
            "lessons": [k.as_data() for k in self.lessons],
            "lesson_relations": [k.relation for k in self.lessons],
            "duplicates": list(self.duplicates),
            "transmissions": [b.zh for b in self.transmissions],
            "method": self.method,
            "method_id": self.method_id,
            "ke": self.ke,
            "ke_id": self.ke_id,
            "basis": ({"method": self.basis_method, "ke": self.basis_ke} if self.basis_method else None),
            "patterns": [RULES_BY_ID[i].zh for i in self.patterns],
            "pattern_ids": list(self.patterns),
            "conditional_patterns": [c.as_data(words) for c in self.conditional_patterns],
            "generals": {"day": {b.zh: self.generals_day[b] for b in Branch},
                         "night": {b.zh: self.generals_night[b] for b in Branch}},
            "transmission_details": [t.as_data() for t in self.transmission_info],
            "void": [b.zh for b in self.void],
            "markers": [m.as_data(words) for m in self.markers],
            "plates_for": [[m.zh, t.zh] for m, t in self.plates_for],
            "trace": [s.as_data() if words is None else {"rule": s.rule, "text": words(s)} for s in self.trace],
            "rule_ids": list(self.rule_ids),
            "bifa": [b.as_data() for b in self.bifa],
            "lesson_details": list(self.lesson_info),
            "changsheng": {b.zh: self.stages[b].zh for b in Branch},
            "transmission_stages": [self.stages[b].zh for b in self.transmissions],
            "shensha": [p.as_data() for p in self.shensha],
        }


@lru_cache(maxsize=12)
def plates_for(plate: int) -> tuple[tuple[Branch, Branch], ...]:
    return tuple((m, m.shift(plate - 1)) for m in Branch)


declare({"liuren-marker-lu": (), "liuren-marker-de": (), "liuren-marker-yima": (),
         "liuren-marker-xunding": ("xun",), "liuren-marker-mu": ()})
_LU, _DE = step("liuren-marker-lu"), step("liuren-marker-de")
_YIMA, _MU = step("liuren-marker-yima"), step("liuren-marker-mu")


@lru_cache(maxsize=60)
def _day_facts(day: GanZhi) -> tuple[tuple[tuple[MarkerName, Branch, Step], ...], tuple[Stem | None, ...],
                                     tuple[Kin, ...], tuple[Branch, Branch], tuple[Stage, ...]]:
    """What every lesson of one day shares, computed once per day of the sixty: the markers'
    (name, branch, note), the 遁干 and the 六親 (against the day stem) of each branch, the 旬空,
    the 十二長生 stage of each branch against the day stem."""
    stem = day.stem
    xun = day.xun_head
    xun_ding = xun.branch.shift(int(Stem.DING))  # 甲 … 丁: the fourth branch of the 旬
    markers = (
        (MarkerName.LU, LU[stem], _LU),
        (MarkerName.DE, GAN_DE[stem], _DE),
        (MarkerName.YIMA, yima(day.branch), _YIMA),
        (MarkerName.XUNDING, xun_ding, step("liuren-marker-xunding", xun=xun)),
        (MarkerName.MU, stage_branch(stem.element, Stage.MU), _MU),
    )
    return (markers, tuple(day.dun_stem(b) for b in Branch),
            tuple(kin(stem.element, b.element) for b in Branch), day.xun_void,
            tuple(stage(stem.element, b) for b in Branch))


@lru_cache(maxsize=12)
def _seats(plate: int) -> tuple[Branch, ...]:
    """``seat_of(plate, b)`` for every heaven branch ``b``."""
    return tuple(seat_of(plate, b) for b in Branch)


# The 3,600 markers of the 720 lessons have about 1,200 distinct values; build each once.
_marker = lru_cache(maxsize=None)(Marker)


def _markers(day: GanZhi, plate: int, lessons, trans) -> tuple[Marker, ...]:
    facts = _day_facts(day)[0]
    seats = _seats(plate)
    in_lessons: dict[Branch, tuple[int, ...]] = {}
    for k in lessons:
        in_lessons[k.upper] = in_lessons.get(k.upper, ()) + (k.index,)
    in_trans: dict[Branch, tuple[Position, ...]] = {}
    for name, t in zip(TRANSMISSION_NAMES, trans):
        in_trans[t] = in_trans.get(t, ()) + (name,)
    return tuple([_marker(name, b, seats[b], in_lessons.get(b, ()), in_trans.get(b, ()), note)
                  for name, b, note in facts])


declare({
    "liuren-plate-fuyin": ("stem", "lodging", "gan_shang", "branch", "zhi_shang"),
    "liuren-plate": ("plate", "turn", "zi_seat", "stem", "lodging", "gan_shang", "branch", "zhi_shang"),
    "liuren-lesson": ("index", "name", "upper", "upper_element", "lower", "lower_element", "relation"),
    "liuren-lesson-ke": ("upper", "lower"),
    "liuren-lesson-zei": ("upper", "lower"),
    "liuren-lesson-none": (),
    "liuren-lesson-duplicate": ("relation", "of"),
})


@lru_cache(maxsize=None)
def _lesson_step(k: KeLesson) -> Step:
    """The preamble step of one of the four lessons (shared by every lesson that has it)."""
    if k.relation == KE:
        rel = step("liuren-lesson-ke", upper=k.upper, lower=k.lower)
    elif k.relation == ZEI:
        rel = step("liuren-lesson-zei", upper=k.upper, lower=k.lower)
    else:
        rel = step("liuren-lesson-none")
    if k.duplicate_of is not None:
        rel = step("liuren-lesson-duplicate", relation=rel, of=k.duplicate_of)
    return step("liuren-lesson", index=k.index, name=k.name, upper=k.upper, upper_element=k.upper.element,
                lower=k.lower, lower_element=k.lower.element, relation=rel)


def _preamble(day: GanZhi, plate: int, heaven, lessons) -> tuple[Step, ...]:
    """The plate and the four lessons, each a step a reader can check by hand."""
    lodging = LODGING[day.stem]
    where = {"stem": day.stem, "lodging": lodging, "gan_shang": heaven[lodging], "branch": day.branch,
             "zhi_shang": heaven[day.branch]}
    first = (step("liuren-plate-fuyin", **where) if plate == 1 else
             step("liuren-plate", plate=plate, turn=plate - 1, zi_seat=seat_of(plate, Branch.ZI), **where))
    return (first, *[_lesson_step(k) for k in lessons])


# Every lesson made in this process, by (day, plate, 涉害, 貴人).
_LESSONS: dict[tuple[GanZhi, int, Shehai, NobleTable], Lesson] = {}


def _lesson(day: GanZhi, plate: int, shehai: Shehai, guiren: NobleTable = NobleTable.GEJUE) -> Lesson:
    key = (day, plate, shehai, guiren)
    les = _LESSONS.get(key)
    if les is None:
        base = None if shehai == Shehai.DEPTH else _lesson(day, plate, Shehai.DEPTH, guiren)
        # a derivation that never reaches 涉害 is the same under every count (the path up to it is)
        les = _LESSONS[key] = (replace(base, shehai=shehai) if base is not None and not reaches_shehai(base)
                               else _make_lesson(day, plate, shehai, guiren))
    return les


_SHEHAI_RULES = frozenset({"liuren-she-hai", "liuren-jian-ji", "liuren-cha-wei", "liuren-zhui-xia"})


def reaches_shehai(les: Lesson) -> bool:
    """Whether the lesson's derivation reaches 涉害 (only then can another count change it)."""
    return any(s.rule in _SHEHAI_RULES for s in les.steps)


def _make_lesson(day: GanZhi, plate: int, shehai: Shehai, guiren: NobleTable) -> Lesson:
    heaven = heaven_plate(plate)
    lessons = four_lessons(day, heaven)
    d = derive(day, plate, heaven, lessons, shehai)
    stem = day.stem
    gen_day = arrangement(stem, plate, False, guiren)
    gen_night = arrangement(stem, plate, True, guiren)
    _, dun, kins, void, _ = _day_facts(day)
    info = tuple([TransmissionInfo(name, b, dun[b], kins[b], gen_day[b], gen_night[b], b in void)
                  for name, b in zip(TRANSMISSION_NAMES, d.transmissions)])
    basis = (d.basis_method, d.basis_ke) if d.basis_method else ()
    facts = Facts(day, plate, heaven, lessons, d.transmissions, gen_day, gen_night, d.method, d.ke, basis,
                  frozenset(d.patterns), frozenset(RULES_BY_ID[i].zh for i in d.patterns), guiren)
    held, cond = evaluate(facts)
    return Lesson(day, plate, shehai, guiren, heaven, lessons, d.transmissions, d.method, d.ke, d.basis_method,
                  d.basis_ke, _preamble(day, plate, heaven, lessons), d.steps, gen_day, gen_night, info,
                  _markers(day, plate, lessons, d.transmissions), ordered((*d.patterns, *held)), tuple(cond),
                  bifa(facts), places(day, None, None, _seats(plate), [k.upper for k in lessons],
                                      tuple(zip(TRANSMISSION_NAMES, d.transmissions)), DAY_SHENSHA))


def _check(shehai: Shehai, guiren: NobleTable) -> tuple[Shehai, NobleTable]:
    """The two options as members (a caller may pass their spellings in content/site.yaml)."""
    if shehai not in SHEHAI_VARIANTS:
        raise ValueError(f"unknown 涉害 variant {shehai!r}; expected one of {', '.join(SHEHAI_VARIANTS)}")
    if guiren not in NOBLE_TABLES:
        raise ValueError(f"unknown 貴人 table {guiren!r}; expected one of {', '.join(NOBLE_TABLES)}")
    return Shehai(shehai), NobleTable(guiren)


def lesson(day: GanZhi, plate: int, *, shehai: Shehai = Shehai.DEPTH,
           guiren: NobleTable = NobleTable.GEJUE) -> Lesson:
    """The lesson of ``day`` on plate ``plate`` (1..12; 1 = 伏吟, 7 = 返吟)."""
    shehai, guiren = _check(shehai, guiren)
    if not 1 <= plate <= 12:
        raise ValueError(f"plate must be 1..12, not {plate}")
    return _lesson(day, plate, shehai, guiren)


@lru_cache(maxsize=None)
def all_lessons(*, shehai: Shehai = Shehai.DEPTH,
                guiren: NobleTable = NobleTable.GEJUE) -> tuple[Lesson, ...]:
    """All 720 lessons, by day (甲子 … 癸亥) then plate (1 … 12)."""
    shehai, guiren = _check(shehai, guiren)
    return tuple([_lesson(day, n, shehai, guiren) for day in SIXTY for n in range(1, 13)])

