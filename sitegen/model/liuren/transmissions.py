"""三傳: the nine methods (九宗門) and the trace that explains each choice.

Order (LIUREN.md): 伏吟 (第一局) and 返吟 (第七局) by the plate; otherwise 賊剋 (元首·重審), 比用 (知一),
涉害 (見機·察微·綴瑕), then 八專 (no 剋), 遙剋 (蒿矢·彈射), 別責 (不備), 昴星 (虎視·冬蛇掩目). 八專 and
伏吟 never take 遙剋 (liuren-gejue#p01).

涉害 depth, the default reading (``shehai="depth"``): walk forward (順) from the earth place the
candidate stands on to its home (the earth place of its own name); at every place strictly between
the two count, from the earth branch of that place and from the stems lodged there, the 剋 of the
candidate's own kind — for a 下賊上 candidate what overcomes it, for a 上剋下 candidate what it
overcomes (《六壬大全》 卷七 涉害課: 庚子日 午加庚 歷酉·辛金二重, 戌加子 歷癸水一重; 丁卯日 丑加卯 歷辰中
乙木一重, 亥加丑 歷辰·戊·未·己·戌土五重 — neither end is counted). The deepest is 初傳 (涉害); a tie
goes to the one on a 孟 place (見機), else on a 仲 place (察微), else 剛日 the first of lessons 1–2,
柔日 the first of lessons 3–4 (綴瑕). The variant ``shehai="mengzhongji"`` skips the count and
applies 孟 → 仲 → 綴瑕 directly (the simpler reading of 《經緯》《指南》). The variant
``shehai="tanyuan"`` counts as the default does but with the candidate's own seat included (the
walk starts on the seat, not after it): 《大六壬探原》's 改正涉害.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from ..ganzhi import LODGING, Branch, GanZhi, Season, Stem, yima
from ..options import Shehai
from ..steps import Step, declare, step
from .plate import KE, ZEI, KeLesson, distinct_count, seat_of
from .tables import STEM_PARTNER

SHEHAI_VARIANTS = tuple(Shehai)  # the default first


class Method(StrEnum):
    """The nine methods (九宗門) that choose 初傳."""

    ZEIKE = "賊剋"
    BIYONG = "比用"
    SHEHAI = "涉害"
    YAOKE = "遙剋"
    MAOXING = "昴星"
    BIEZE = "別責"
    BAZHUAN = "八專"
    FUYIN = "伏吟"
    FANYIN = "返吟"


class Ke(StrEnum):
    """The 課 names within the methods."""

    YUANSHOU = "元首"
    CHONGSHEN = "重審"
    ZHIYI = "知一"
    SHEHAI = "涉害"
    JIANJI = "見機"
    CHAWEI = "察微"
    ZHUIXIA = "綴瑕"
    HAOSHI = "蒿矢"
    DANSHE = "彈射"
    HUSHI = "虎視"
    DONGSHE = "冬蛇掩目"
    SHUNSHU = "順數三神"
    NISHU = "逆數三神"
    ZIREN = "自任"
    ZIXIN = "自信"
    FUYIN_KE = "伏吟有克"
    WUYI = "無依"
    WUQIN = "無親"
    BIEZE = "別責"


# Rule ids this module names (the catalog is ``rules.py``; a test checks each id is in it).
ZEI_KE, BI_YONG, SHE_HAI = "liuren-zei-ke", "liuren-bi-yong", "liuren-she-hai"
KE_IDS = {
    Ke.YUANSHOU: "liuren-yuan-shou", Ke.CHONGSHEN: "liuren-chong-shen", Ke.ZHIYI: "liuren-zhi-yi",
    Ke.JIANJI: "liuren-jian-ji", Ke.CHAWEI: "liuren-cha-wei", Ke.ZHUIXIA: "liuren-zhui-xia",
    Ke.HAOSHI: "liuren-hao-shi", Ke.DANSHE: "liuren-dan-she", Ke.HUSHI: "liuren-hu-shi",
    Ke.DONGSHE: "liuren-dong-she-yan-mu", Ke.SHUNSHU: "liuren-shun-shu-san-shen",
    Ke.NISHU: "liuren-ni-shu-san-shen", Ke.ZIREN: "liuren-zi-ren", Ke.ZIXIN: "liuren-zi-xin",
    Ke.FUYIN_KE: "liuren-fu-yin-you-ke", Ke.WUYI: "liuren-wu-yi", Ke.WUQIN: "liuren-wu-qin",
}
YAO_KE, MAO_XING, BIE_ZE, BA_ZHUAN = "liuren-yao-ke", "liuren-mao-xing", "liuren-bie-ze", "liuren-ba-zhuan"
FU_YIN, FAN_YIN = "liuren-fu-yin", "liuren-fan-yin"
DU_ZU, DU_CHUAN = "liuren-du-zu", "liuren-du-chuan"
GAN_XING, ZHI_XING = "liuren-gan-xing-du-chuan", "liuren-zhi-xing-du-chuan"
CHU_ZHONG, ZHONG_CHUAN = "liuren-chu-zhong-er-chuan-du-chuan", "liuren-zhong-chuan-du-chuan"
_DU_FORMS = ((GAN_XING, "干刑杜傳"), (ZHI_XING, "支刑杜傳"), (CHU_ZHONG, "初中二傳杜傳"))

# The step kinds of the derivation and their operands (the sentences are in content/rules).
declare({
    # pieces other steps are made of
    "liuren-lesson-ref": ("index",),
    "liuren-yinyang": ("branch", "yy"),
    "liuren-lodged": ("stem", "place"),
    "liuren-seat": ("cand", "seat", "season"),
    "liuren-nothing": (),
    "liuren-shehai-walk": ("places",),
    "liuren-shehai-walk-seat": ("places",),
    "liuren-shehai-no-walk": (),
    "liuren-shehai-what-zei": ("cand",),
    "liuren-shehai-what-ke": ("cand",),
    # 賊剋 · 比用 · 涉害
    "liuren-no-ke": (),
    "liuren-zeike-both": ("lessons", "cands"),
    "liuren-zeike": ("relation", "lessons", "cands"),
    "liuren-zeike-single": ("cand", "name"),
    "liuren-chain": ("first", "mid", "last"),
    "liuren-zhiyi": ("count", "stem", "stem_yy", "marks", "chosen"),
    "liuren-shehai-all-bi": ("count", "stem", "stem_yy", "marks"),
    "liuren-shehai-some-bi": ("count", "stem", "stem_yy", "marks", "bi"),
    "liuren-shehai-none-bi": ("count", "stem", "stem_yy", "marks"),
    "liuren-shehai-depth": ("cand", "seat", "walk", "what", "found", "depth"),
    "liuren-shehai-deepest": ("depth", "chosen"),
    "liuren-shehai-tie": ("tied", "depth"),
    "liuren-mengzhongji": (),
    "liuren-jianji": ("seats", "chosen"),
    "liuren-chawei": ("seats", "chosen"),
    "liuren-zhuixia-gang": ("seats", "chosen"),
    "liuren-zhuixia-rou": ("seats", "chosen"),
    # 伏吟
    "liuren-fuyin": (),
    "liuren-fuyin-ke": ("first", "stem", "relation"),
    "liuren-ziren": ("first",),
    "liuren-zixin": ("first",),
    "liuren-duchuan-gan": ("first", "mid"),
    "liuren-duchuan-zhi": ("first", "mid"),
    "liuren-punish-mid": ("first", "mid"),
    "liuren-duchuan-mid": ("mid", "last"),
    "liuren-zhong-chuan-duchuan": ("first", "mid", "last"),
    "liuren-punish-last": ("mid", "last"),
    "liuren-duchuan-form": ("name",),
    # 返吟
    "liuren-fanyin": (),
    "liuren-wuyi": ("first", "mid"),
    "liuren-wuqin": ("branch", "horse", "zhi_shang", "gan_shang"),
    # 八專
    "liuren-bazhuan": ("stem", "branch"),
    "liuren-bazhuan-no-yaoke": (),
    "liuren-shunshu": ("start", "count", "first", "gan_shang"),
    "liuren-nishu": ("start", "count", "first", "gan_shang"),
    "liuren-duzu": ("first",),
    # 遙剋 · 別責 · 昴星
    "liuren-yaoke-hao": ("stem", "pool"),
    "liuren-yaoke-dan": ("stem", "pool"),
    "liuren-yaoke-bi": ("pool",),
    "liuren-yaoke-chosen": ("first", "mid", "last", "name"),
    "liuren-no-yaoke": ("stem",),
    "liuren-bieze-bubei": (),
    "liuren-bieze-gang": ("stem", "partner", "lodging", "first", "gan_shang"),
    "liuren-bieze-rou": ("branch", "trine", "first", "gan_shang"),
    "liuren-maoxing": (),
    "liuren-hushi": ("first", "zhi_shang", "gan_shang"),
    "liuren-dongshe": ("first", "gan_shang", "zhi_shang"),
})

# Stems by the earth place they lodge at (寄宮, ``ganzhi.LODGING``).
_STEMS_AT: dict[Branch, tuple[Stem, ...]] = {}
for _s, _b in LODGING.items():
    _STEMS_AT[_b] = _STEMS_AT.get(_b, ()) + (_s,)


@dataclass(frozen=True)
class Derivation:
    method: Method
    ke: Ke
    basis_method: Method | None  # 返吟有克: the 賊剋-family method that chose 初傳
    basis_ke: Ke | None
    transmissions: tuple[Branch, Branch, Branch]
    steps: tuple[Step, ...]
    patterns: tuple[str, ...]  # rule ids the derivation itself establishes (八專, 杜傳 forms, 獨足)


def _yy(x: Stem | Branch) -> str:
    return "陽" if x.yang else "陰"


def shehai_depth(plate: int, cand: Branch, kind: str, with_seat: bool = False
                 ) -> tuple[int, tuple[Branch, ...], tuple[Branch | Step, ...]]:
    """The 涉害 count of ``cand`` (a 下賊上 candidate when ``kind`` is 下賊上): depth, places, finds
    (a branch, or a stem lodged at a place). ``with_seat``: the seat itself is counted (探原)."""
    place = seat_of(plate, cand) if with_seat else seat_of(plate, cand).shift(1)
    places: list[Branch] = []
    found: list[Branch | Step] = []
    while place != cand:
        places.append(place)
        things: tuple[Branch | Stem, ...] = (place, *_STEMS_AT.get(place, ()))
        for thing in things:
            hit = (thing.element.overcomes(cand.element) if kind == ZEI
                   else cand.element.overcomes(thing.element))
            if hit:
                found.append(place if thing == place else step("liuren-lodged", stem=thing, place=place))
        place = place.shift(1)
    return len(found), tuple(places), tuple(found)


def _chain(heaven, first: Branch) -> tuple[Branch, Branch, Branch]:
    mid = heaven[first]
    return (first, mid, heaven[mid])


# Steps that many lessons share are built once: the constant ones here, the others by the memoised
# ``_*_step`` functions below (keyed by exactly what they depend on).
_NO_KE = step("liuren-no-ke")
_FANYIN = step("liuren-fanyin", FAN_YIN)
_MENGZHONGJI = step("liuren-mengzhongji", SHE_HAI)
_BAZHUAN_NO_YAOKE = step("liuren-bazhuan-no-yaoke", BA_ZHUAN)
_BIEZE = step("liuren-bieze-bubei", BIE_ZE)
_MAOXING = step("liuren-maoxing", MAO_XING)
_NOTHING = step("liuren-nothing")


@lru_cache(maxsize=None)
def _zeike_step(where: tuple[int, ...], cands: tuple[Branch, ...], both: bool, kind: str) -> Step:
    """The lessons with 剋 (``where``: their indices), their upper branches, which kind is used."""
    lessons = tuple(step("liuren-lesson-ref", index=i) for i in where)
    if both:
        return step("liuren-zeike-both", ZEI_KE, lessons=lessons, cands=cands)
    return step("liuren-zeike", ZEI_KE, relation=kind, lessons=lessons, cands=cands)


@lru_cache(maxsize=None)
def _single_step(cand: Branch, name: Ke) -> Step:
    """重審 or 元首: the one candidate is 初傳."""
    return step("liuren-zeike-single", KE_IDS[name], cand=cand, name=name)


@lru_cache(maxsize=None)
def _chain_step(trans: tuple[Branch, Branch, Branch]) -> Step:
    """中傳 and 末傳 each the heaven branch over the one before."""
    first, mid, last = trans
    return step("liuren-chain", first=first, mid=mid, last=last)


def _select(day: GanZhi, plate: int, lessons: tuple[KeLesson, ...], shehai: Shehai,
            steps: list[Step]) -> tuple[Branch, Method, Ke] | None:
    """賊剋 → 比用 → 涉害. Returns (初傳, method, 課) or None when no lesson has 剋."""
    zei = [k for k in lessons if k.relation == ZEI]
    ke = [k for k in lessons if k.relation == KE]
    if not zei and not ke:
        steps.append(_NO_KE)
        return None
    pool, kind = (zei, ZEI) if zei else (ke, KE)
    cands = tuple(dict.fromkeys(k.upper for k in pool))
    steps.append(_zeike_step(tuple(k.index for k in pool), cands, bool(zei and ke), kind))
    if len(cands) == 1:
        name = Ke.CHONGSHEN if kind == ZEI else Ke.YUANSHOU
        steps.append(_single_step(cands[0], name))
        return cands[0], Method.ZEIKE, name
    stem = day.stem
    bi = [c for c in cands if c.yang == stem.yang]
    marks = tuple(step("liuren-yinyang", branch=c, yy=_yy(c)) for c in cands)
    if len(bi) == 1:
        steps.append(step("liuren-zhiyi", KE_IDS[Ke.ZHIYI], count=len(cands), stem=stem, stem_yy=_yy(stem),
                          marks=marks, chosen=bi[0]))
        return bi[0], Method.BIYONG, Ke.ZHIYI
    pool2: Sequence[Branch] = bi or cands
    compare = {"count": len(cands), "stem": stem, "stem_yy": _yy(stem), "marks": marks}
    if len(bi) == len(cands):
        steps.append(step("liuren-shehai-all-bi", SHE_HAI, **compare))
    elif bi:
        steps.append(step("liuren-shehai-some-bi", SHE_HAI, **compare, bi=tuple(bi)))
    else:
        steps.append(step("liuren-shehai-none-bi", SHE_HAI, **compare))
    if shehai != Shehai.MENGZHONGJI:
        depths = {}
        with_seat = shehai == Shehai.TANYUAN
        for c in pool2:
            d, places, found = shehai_depth(plate, c, kind, with_seat)
            depths[c] = d
            what = step("liuren-shehai-what-zei" if kind == ZEI else "liuren-shehai-what-ke", cand=c)
            walk = (step("liuren-shehai-walk-seat" if with_seat else "liuren-shehai-walk", places=places)
                    if places else step("liuren-shehai-no-walk"))
            steps.append(step("liuren-shehai-depth", SHE_HAI, cand=c, seat=seat_of(plate, c), walk=walk,
                              what=what, found=found or _NOTHING, depth=d))
        top = max(depths.values())
        tied: Sequence[Branch] = [c for c in pool2 if depths[c] == top]
        if len(tied) == 1:
            steps.append(step("liuren-shehai-deepest", SHE_HAI, depth=top, chosen=tied[0]))
            return tied[0], Method.SHEHAI, Ke.SHEHAI
        steps.append(step("liuren-shehai-tie", SHE_HAI, tied=tuple(tied), depth=top))
    else:
        tied = pool2
        steps.append(_MENGZHONGJI)
    seats = tuple(step("liuren-seat", cand=c, seat=seat_of(plate, c), season=seat_of(plate, c).season_class)
                  for c in tied)
    meng = [c for c in tied if seat_of(plate, c).season_class == Season.MENG]
    if len(meng) == 1:
        steps.append(step("liuren-jianji", KE_IDS[Ke.JIANJI], seats=seats, chosen=meng[0]))
        return meng[0], Method.SHEHAI, Ke.JIANJI
    if not meng:
        zhong = [c for c in tied if seat_of(plate, c).season_class == Season.ZHONG]
        if len(zhong) == 1:
            steps.append(step("liuren-chawei", KE_IDS[Ke.CHAWEI], seats=seats, chosen=zhong[0]))
            return zhong[0], Method.SHEHAI, Ke.CHAWEI
    rest = meng or tied
    order = (0, 1, 2, 3) if stem.yang else (2, 3, 0, 1)
    first = next(lessons[i].upper for i in order if lessons[i].upper in rest)
    steps.append(step("liuren-zhuixia-gang" if stem.yang else "liuren-zhuixia-rou", KE_IDS[Ke.ZHUIXIA],
                      seats=seats, chosen=first))
    return first, Method.SHEHAI, Ke.ZHUIXIA


def _fuyin(day: GanZhi, heaven, lessons, steps: list[Step]) -> Derivation:
    stem, branch = day.stem, day.branch
    lodging = LODGING[stem]
    steps.append(step("liuren-fuyin", FU_YIN))
    pats: list[str] = []
    k1 = lessons[0]
    if k1.relation:
        first, ke = k1.upper, Ke.FUYIN_KE
        steps.append(step("liuren-fuyin-ke", KE_IDS[ke], first=first, stem=stem, relation=k1.relation))
        from_gan = True
    elif stem.yang:
        first, ke = lodging, Ke.ZIREN
        steps.append(step("liuren-ziren", KE_IDS[ke], first=first))
        from_gan = True
    else:
        first, ke = branch, Ke.ZIXIN
        steps.append(step("liuren-zixin", KE_IDS[ke], first=first))
        from_gan = False
    if first.self_punishing:
        mid = branch if from_gan else lodging
        steps.append(step("liuren-duchuan-gan" if from_gan else "liuren-duchuan-zhi", DU_CHUAN, first=first, mid=mid))
        pats.append(DU_CHUAN)
    else:
        mid = first.punish
        steps.append(step("liuren-punish-mid", first=first, mid=mid))
    if mid.self_punishing:
        last = mid.opposite
        steps.append(step("liuren-duchuan-mid", DU_CHUAN, mid=mid, last=last))
        pats.append(DU_CHUAN)
        if first.self_punishing and from_gan:
            pats.append(CHU_ZHONG)
    elif mid.punish == first:
        last = mid.opposite
        steps.append(step("liuren-zhong-chuan-duchuan", ZHONG_CHUAN, first=first, mid=mid, last=last))
        pats += [DU_CHUAN, ZHONG_CHUAN]
    else:
        last = mid.punish
        steps.append(step("liuren-punish-last", mid=mid, last=last))
        if first.self_punishing:
            pats.append(GAN_XING if from_gan else ZHI_XING)
    for rid, name in _DU_FORMS:
        if rid in pats:
            steps.append(step("liuren-duchuan-form", rid, name=name))
    return Derivation(Method.FUYIN, ke, None, None, (first, mid, last), tuple(steps), tuple(dict.fromkeys(pats)))


def derive(day: GanZhi, plate: int, heaven: tuple[Branch, ...], lessons: tuple[KeLesson, ...],
           shehai: Shehai = Shehai.DEPTH) -> Derivation:
    if shehai not in SHEHAI_VARIANTS:
        raise ValueError(f"unknown 涉害 variant {shehai!r}; expected one of {', '.join(SHEHAI_VARIANTS)}")
    stem, branch = day.stem, day.branch
    lodging = LODGING[stem]
    gan_shang, zhi_shang = heaven[lodging], heaven[branch]
    steps: list[Step] = []
    if plate == 1:
        return _fuyin(day, heaven, lessons, steps)
    if plate == 7:
        steps.append(_FANYIN)
        sel = _select(day, plate, lessons, shehai, steps)
        if sel:
            first, method, ke = sel
            trans = _chain(heaven, first)
            steps.append(step("liuren-wuyi", KE_IDS[Ke.WUYI], first=first, mid=trans[1]))
            return Derivation(Method.FANYIN, Ke.WUYI, method, ke, trans, tuple(steps), ())
        horse = yima(branch)
        steps.append(step("liuren-wuqin", KE_IDS[Ke.WUQIN], branch=branch, horse=horse, zhi_shang=zhi_shang,
                          gan_shang=gan_shang))
        return Derivation(Method.FANYIN, Ke.WUQIN, None, None, (horse, zhi_shang, gan_shang), tuple(steps), ())
    bazhuan = lodging == branch
    pats: list[str] = []
    if bazhuan:
        steps.append(step("liuren-bazhuan", BA_ZHUAN, stem=stem, branch=branch))
        pats.append(BA_ZHUAN)
    sel = _select(day, plate, lessons, shehai, steps)
    if sel:
        first, method, ke = sel
        trans = _chain(heaven, first)
        steps.append(_chain_step(trans))
        return Derivation(method, ke, None, None, trans, tuple(steps), tuple(pats))
    if bazhuan:
        steps.append(_BAZHUAN_NO_YAOKE)
        if stem.yang:
            g = lessons[0].upper
            first = g.shift(2)
            ke = Ke.SHUNSHU
            steps.append(step("liuren-shunshu", KE_IDS[ke], start=g, count=(g, g.shift(1), first), first=first,
                              gan_shang=gan_shang))
        else:
            z = lessons[3].upper
            first = z.shift(-2)
            ke = Ke.NISHU
            steps.append(step("liuren-nishu", KE_IDS[ke], start=z, count=(z, z.shift(-1), first), first=first,
                              gan_shang=gan_shang))
        if first == gan_shang:
            steps.append(step("liuren-duzu", DU_ZU, first=first))
            pats.append(DU_ZU)
        return Derivation(Method.BAZHUAN, ke, None, None, (first, gan_shang, gan_shang), tuple(steps), tuple(pats))
    uppers = list(dict.fromkeys(k.upper for k in lessons))
    hao = [u for u in uppers if u.element.overcomes(stem.element)]
    dan = [u for u in uppers if stem.element.overcomes(u.element)]
    if hao or dan:
        pool, name = (hao, Ke.HAOSHI) if hao else (dan, Ke.DANSHE)
        steps.append(step("liuren-yaoke-hao" if hao else "liuren-yaoke-dan", YAO_KE, stem=stem, pool=tuple(pool)))
        if len(pool) > 1:
            bi = [u for u in pool if u.yang == stem.yang] or pool
            steps.append(step("liuren-yaoke-bi", YAO_KE, pool=tuple(bi)))
            pool = bi
        first = pool[0]
        trans = _chain(heaven, first)
        steps.append(step("liuren-yaoke-chosen", KE_IDS[name], first=first, mid=trans[1], last=trans[2], name=name))
        return Derivation(Method.YAOKE, name, None, None, trans, tuple(steps), ())
    steps.append(step("liuren-no-yaoke", stem=stem))
    if distinct_count(lessons) < 4:
        steps.append(_BIEZE)
        if stem.yang:
            partner = STEM_PARTNER[stem]
            first = heaven[LODGING[partner]]
            steps.append(step("liuren-bieze-gang", BIE_ZE, stem=stem, partner=partner, lodging=LODGING[partner],
                              first=first, gan_shang=gan_shang))
        else:
            first = branch.shift(4)
            steps.append(step("liuren-bieze-rou", BIE_ZE, branch=branch, trine=tuple(branch.trine), first=first,
                              gan_shang=gan_shang))
        return Derivation(Method.BIEZE, Ke.BIEZE, None, None, (first, gan_shang, gan_shang), tuple(steps), ())
    steps.append(_MAOXING)
    if stem.yang:
        first = heaven[Branch.YOU]
        steps.append(step("liuren-hushi", KE_IDS[Ke.HUSHI], first=first, zhi_shang=zhi_shang, gan_shang=gan_shang))
        return Derivation(Method.MAOXING, Ke.HUSHI, None, None, (first, zhi_shang, gan_shang), tuple(steps), ())
    first = seat_of(plate, Branch.YOU)
    steps.append(step("liuren-dongshe", KE_IDS[Ke.DONGSHE], first=first, gan_shang=gan_shang, zhi_shang=zhi_shang))
    return Derivation(Method.MAOXING, Ke.DONGSHE, None, None, (first, gan_shang, zhi_shang), tuple(steps), ())
