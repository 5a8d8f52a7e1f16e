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
applies 孟 → 仲 → 綴瑕 directly (the simpler reading of 《經緯》《指南》).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..ganzhi import LODGING, Branch, GanZhi, Stem, yima
from .plate import KE, ZEI, KeLesson, distinct_count, seat_of
from .rules import RULE_ID_BY_NAME
from .tables import STEM_PARTNER
from .text import eul, eun, gwa, i_ga, join, ro

SHEHAI_VARIANTS = ("depth", "mengzhongji")

# Stems by the earth place they lodge at (寄宮, ``ganzhi.LODGING``).
_STEMS_AT: dict[Branch, tuple[Stem, ...]] = {}
for _s, _b in LODGING.items():
    _STEMS_AT[_b] = _STEMS_AT.get(_b, ()) + (_s,)


@dataclass(frozen=True)
class Step:
    rule: str | None
    text: str

    def as_data(self) -> dict:
        return {"rule": self.rule, "text": self.text}


@dataclass(frozen=True)
class Derivation:
    method: str
    ke: str
    basis_method: str | None  # 返吟有克: the 賊剋-family method that chose 初傳
    basis_ke: str | None
    transmissions: tuple[Branch, Branch, Branch]
    steps: tuple[Step, ...]
    patterns: tuple[str, ...]  # rule ids the derivation itself establishes (八專, 杜傳 forms, 獨足)


def _rid(name: str) -> str:
    return RULE_ID_BY_NAME[name]


def _yy(x: Stem | Branch) -> str:
    return "陽" if x.yang else "陰"


def shehai_depth(plate: int, cand: Branch, kind: str) -> tuple[int, tuple[Branch, ...], tuple[str, ...]]:
    """The 涉害 count of ``cand`` (a 下賊上 candidate when ``kind`` is 下賊上): depth, places, finds."""
    place = seat_of(plate, cand).shift(1)
    places: list[Branch] = []
    found: list[str] = []
    while place != cand:
        places.append(place)
        for thing in (place, *_STEMS_AT.get(place, ())):
            hit = (thing.element.overcomes(cand.element) if kind == ZEI
                   else cand.element.overcomes(thing.element))
            if hit:
                found.append(thing.zh if thing == place else f"{thing.zh}({place.zh}에 寄宮)")
        place = place.shift(1)
    return len(found), tuple(places), tuple(found)


def _chain(heaven, first: Branch) -> tuple[Branch, Branch, Branch]:
    mid = heaven[first]
    return (first, mid, heaven[mid])


# Trace sentences that many lessons share are built once: the constant ones here, the others by
# the memoised ``_*_step`` functions below (keyed by exactly what their text depends on).
_NO_KE = Step(None, "네 과 모두 上下 사이에 剋이 없다.")
_FANYIN = Step(_rid("返吟"), "제7국 返吟: 天盤의 모든 地支가 자기 沖의 地盤 위에 있다.")
_MENGZHONGJI = Step(_rid("涉害"), "孟仲季 讀法: 深淺을 세지 않고 후보가 앉은 地盤 자리의 孟·仲으로 가린다.")
_BAZHUAN_NO_YAOKE = Step(_rid("八專"), "八專은 剋이 없어도 遙剋을 취하지 않는다(八專無克順逆布).")
_BIEZE = Step(_rid("別責"), "四課가 셋뿐(不備)이므로 別責.")
_MAOXING = Step(_rid("昴星"), "剋도 遙剋도 없고 四課가 모두 갖추어졌으므로 昴星.")


@lru_cache(maxsize=None)
def _zeike_step(where: tuple[int, ...], cands: tuple[Branch, ...], both: bool, kind: str) -> Step:
    """The lessons with 剋 (``where``: their indices), their upper branches, which kind is used."""
    lessons = "·".join(f"제{i}과" for i in where)
    if both:
        return Step(_rid("賊剋"), f"下賊上({lessons}, 上神 {join(cands)})과 上剋下가 함께 있으니 下賊上을 먼저 쓴다.")
    return Step(_rid("賊剋"), f"{i_ga(kind)} 있는 과: {lessons} (上神 {join(cands)}).")


@lru_cache(maxsize=None)
def _single_step(cand: Branch, name: str) -> Step:
    """重審 or 元首: the one candidate is 初傳."""
    return Step(_rid(name), f"후보가 {cand.zh} 하나뿐이므로 {eul(cand.zh)} 初傳으로 한다 → {name}.")


@lru_cache(maxsize=None)
def _chain_step(trans: tuple[Branch, Branch, Branch]) -> Step:
    """中傳 and 末傳 each the heaven branch over the one before."""
    first, mid, last = trans
    return Step(None, f"中傳은 初傳 {first.zh} 위의 天盤 {mid.zh}, 末傳은 中傳 {mid.zh} 위의 天盤 {last.zh}.")


def _select(day: GanZhi, plate: int, lessons: tuple[KeLesson, ...], shehai: str,
            steps: list[Step]) -> tuple[Branch, str, str] | None:
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
        name = "重審" if kind == ZEI else "元首"
        steps.append(_single_step(cands[0], name))
        return cands[0], "賊剋", name
    stem = day.stem
    bi = [c for c in cands if c.yang == stem.yang]
    marks = ", ".join(f"{c.zh} {_yy(c)}" for c in cands)
    if len(bi) == 1:
        steps.append(Step(_rid("知一"), f"후보가 {len(cands)}개이므로 日干 {stem.zh}({_yy(stem)})과 陰陽을 견준다: {marks}"
                          f" → 比하는 것은 {bi[0].zh} 하나뿐이므로 初傳 {bi[0].zh} → 比用(知一)."))
        return bi[0], "比用", "知一"
    pool2 = bi or cands
    if len(bi) == len(cands):
        why = "모두 比하므로"
    elif bi:
        why = f"比하는 것이 여럿이므로 그 {join(bi)}만"
    else:
        why = "모두 比하지 않으므로"
    steps.append(Step(_rid("涉害"), f"후보가 {len(cands)}개이고 日干 {stem.zh}({_yy(stem)})과 견주면({marks}) "
                      f"{why} 涉害로 가린다."))
    if shehai == "depth":
        depths = {}
        for c in pool2:
            d, places, found = shehai_depth(plate, c, kind)
            depths[c] = d
            what = f"{eul(c.zh)} 剋하는 것" if kind == ZEI else f"{i_ga(c.zh)} 剋하는 것"
            walk = f"{eul(join(places))} 지나며" if places else "사이에 지나는 자리가 없어"
            steps.append(Step(_rid("涉害"),
                              f"{eun(c.zh)} 地盤 {seat_of(plate, c).zh}에서 本家 {c.zh}까지 {walk} "
                              f"{what}: {join(found) if found else '없음'} — {d}重."))
        top = max(depths.values())
        tied = [c for c in pool2 if depths[c] == top]
        if len(tied) == 1:
            steps.append(Step(_rid("涉害"), f"가장 깊은({top}重) {eul(tied[0].zh)} 初傳으로 한다 → 涉害."))
            return tied[0], "涉害", "涉害"
        steps.append(Step(_rid("涉害"), f"{join(tied)}의 깊이가 {top}重으로 같다."))
    else:
        tied = pool2
        steps.append(_MENGZHONGJI)
    seats = ", ".join(f"{c.zh}→地盤 {seat_of(plate, c).zh}({seat_of(plate, c).season_class})" for c in tied)
    meng = [c for c in tied if seat_of(plate, c).season_class == "孟"]
    if len(meng) == 1:
        steps.append(Step(_rid("見機"), f"앉은 자리: {seats}. 孟 위의 {meng[0].zh} 하나를 初傳으로 한다 → 見機."))
        return meng[0], "涉害", "見機"
    if not meng:
        zhong = [c for c in tied if seat_of(plate, c).season_class == "仲"]
        if len(zhong) == 1:
            steps.append(Step(_rid("察微"), f"앉은 자리: {seats}. 孟 위가 없고 仲 위의 {zhong[0].zh} 하나를 初傳으로 한다 → 察微."))
            return zhong[0], "涉害", "察微"
    rest = meng or tied
    order = (0, 1, 2, 3) if stem.yang else (2, 3, 0, 1)
    first = next(lessons[i].upper for i in order if lessons[i].upper in rest)
    side = "剛日이므로 干의 두 과(제1·2과)" if stem.yang else "柔日이므로 支의 두 과(제3·4과)"
    steps.append(Step(_rid("綴瑕"), f"앉은 자리: {seats}. 孟·仲으로도 가려지지 않아 {side}에서 먼저 나오는 "
                      f"{eul(first.zh)} 初傳으로 한다 → 綴瑕."))
    return first, "涉害", "綴瑕"


def _fuyin(day: GanZhi, heaven, lessons, steps: list[Step]) -> Derivation:
    stem, branch = day.stem, day.branch
    lodging = LODGING[stem]
    steps.append(Step(_rid("伏吟"), "제1국 伏吟: 天盤의 모든 地支가 제자리(같은 地支의 地盤) 위에 있다."))
    pats: list[str] = []
    k1 = lessons[0]
    if k1.relation:
        first, ke = k1.upper, "伏吟有克"
        steps.append(Step(_rid("伏吟有克"), f"제1과 上 {gwa(first.zh)} 下 {stem.zh} 사이에 剋이 있다({k1.relation}): "
                          f"{eul(first.zh)} 初傳으로 한다 → 伏吟有克."))
        from_gan = True
    elif stem.yang:
        first, ke = lodging, "自任"
        steps.append(Step(_rid("自任"), f"剋이 없고 剛日이므로 干上神 {eul(first.zh)} 初傳으로 한다 → 自任."))
        from_gan = True
    else:
        first, ke = branch, "自信"
        steps.append(Step(_rid("自信"), f"剋이 없고 柔日이므로 支上神 {eul(first.zh)} 初傳으로 한다 → 自信."))
        from_gan = False
    if first.self_punishing:
        mid = branch if from_gan else lodging
        steps.append(Step(_rid("杜傳"), f"初傳 {eun(first.zh)} 自刑이라 전할 곳이 막히므로(杜傳) 中傳을 "
                          f"{'支上神' if from_gan else '干上神'} {ro(mid.zh)} 바꾼다."))
        pats.append(_rid("杜傳"))
    else:
        mid = first.punish
        steps.append(Step(None, f"中傳은 初傳 {i_ga(first.zh)} 刑하는 {mid.zh}."))
    if mid.self_punishing:
        last = mid.opposite
        steps.append(Step(_rid("杜傳"), f"中傳 {mid.zh}도 自刑이므로 末傳은 그 沖 {last.zh}."))
        pats.append(_rid("杜傳"))
        if first.self_punishing and from_gan:
            pats.append(_rid("初中二傳杜傳"))
    elif mid.punish == first:
        last = mid.opposite
        steps.append(Step(_rid("中傳杜傳"), f"中傳 {mid.zh}의 刑은 初傳 {ro(first.zh)} 되돌아오므로(二字相刑) 더 전하지 못하고 "
                          f"末傳은 {mid.zh}의 沖 {last.zh} → 中傳杜傳."))
        pats += [_rid("杜傳"), _rid("中傳杜傳")]
    else:
        last = mid.punish
        steps.append(Step(None, f"末傳은 中傳 {i_ga(mid.zh)} 刑하는 {last.zh}."))
        if first.self_punishing:
            pats.append(_rid("干刑杜傳") if from_gan else _rid("支刑杜傳"))
    for name in ("干刑杜傳", "支刑杜傳", "初中二傳杜傳"):
        if _rid(name) in pats:
            steps.append(Step(_rid(name), f"이 杜傳의 형식은 {name}."))
    return Derivation("伏吟", ke, None, None, (first, mid, last), tuple(steps), tuple(dict.fromkeys(pats)))


def derive(day: GanZhi, plate: int, heaven: tuple[Branch, ...], lessons: tuple[KeLesson, ...],
           shehai: str = "depth") -> Derivation:
    if shehai not in SHEHAI_VARIANTS:
        raise ValueError(f"unknown 涉害 variant {shehai!r}; expected one of {SHEHAI_VARIANTS}")
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
            steps.append(Step(_rid("無依"), f"返吟이므로 中傳은 初傳 {first.zh} 위의 天盤인 그 沖 {trans[1].zh}, 末傳은 다시 "
                              f"{first.zh} → 無依(返吟有克)."))
            return Derivation("返吟", "無依", method, ke, trans, tuple(steps), ())
        horse = yima(branch)
        steps.append(Step(_rid("無親"), f"返吟에 剋이 없으므로 日支 {branch.zh}의 驛馬 {eul(horse.zh)} 初傳, 支上神 "
                          f"{eul(zhi_shang.zh)} 中傳, 干上神 {eul(gan_shang.zh)} 末傳으로 한다 → 無親."))
        return Derivation("返吟", "無親", None, None, (horse, zhi_shang, gan_shang), tuple(steps), ())
    bazhuan = lodging == branch
    pats: list[str] = []
    if bazhuan:
        steps.append(Step(_rid("八專"), f"日干 {stem.zh}의 寄宮과 日支가 같은 {branch.zh}이므로 八專: 四課가 둘뿐이다."))
        pats.append(_rid("八專"))
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
            steps.append(Step(_rid("順數三神"), f"剛日: 干陽神 {g.zh}부터 本位를 포함해 順으로 {join((g, g.shift(1), first))}, "
                              f"세 번째 {eul(first.zh)} 初傳으로, 干上神 {eul(gan_shang.zh)} 中·末傳으로 한다 → 順數三神."))
            ke = "順數三神"
        else:
            z = lessons[3].upper
            first = z.shift(-2)
            steps.append(Step(_rid("逆數三神"), f"柔日: 支陰神 {z.zh}부터 本位를 포함해 逆으로 {join((z, z.shift(-1), first))}, "
                              f"세 번째 {eul(first.zh)} 初傳으로, 干上神 {eul(gan_shang.zh)} 中·末傳으로 한다 → 逆數三神."))
            ke = "逆數三神"
        if first == gan_shang:
            steps.append(Step(_rid("獨足"), f"初傳도 干上神 {gwa(first.zh)} 같아 三傳이 한 神뿐이다 → 獨足."))
            pats.append(_rid("獨足"))
        return Derivation("八專", ke, None, None, (first, gan_shang, gan_shang), tuple(steps), tuple(pats))
    uppers = list(dict.fromkeys(k.upper for k in lessons))
    hao = [u for u in uppers if u.element.overcomes(stem.element)]
    dan = [u for u in uppers if stem.element.overcomes(u.element)]
    if hao or dan:
        pool, name = (hao, "蒿矢") if hao else (dan, "彈射")
        if hao:
            text = f"遙剋: 四課 上神 가운데 日干 {eul(stem.zh)} 剋하는 것(神遙剋日): {join(hao)}"
        else:
            text = f"遙剋: 日干 {eul(stem.zh)} 剋하는 上神은 없고, 日干이 剋하는 上神(日遙剋神): {join(dan)}"
        steps.append(Step(_rid("遙剋"), text + "."))
        if len(pool) > 1:
            bi = [u for u in pool if u.yang == stem.yang] or pool
            steps.append(Step(_rid("遙剋"), f"여럿이므로 日干과 陰陽이 같은 것을 취한다: {join(bi)}."))
            pool = bi
        first = pool[0]
        trans = _chain(heaven, first)
        steps.append(Step(_rid(name), f"{eul(first.zh)} 初傳으로, 中傳은 그 위의 天盤 {trans[1].zh}, 末傳은 {trans[2].zh} → {name}."))
        return Derivation("遙剋", name, None, None, trans, tuple(steps), ())
    steps.append(Step(None, f"四課 上神 가운데 日干 {eul(stem.zh)} 剋하거나 日干이 剋하는 것도 없다(遙剋 없음)."))
    if distinct_count(lessons) < 4:
        steps.append(_BIEZE)
        if stem.yang:
            partner = STEM_PARTNER[stem]
            first = heaven[LODGING[partner]]
            steps.append(Step(_rid("別責"), f"剛日: 日干 {gwa(stem.zh)} 合하는 {partner.zh}의 寄宮 {LODGING[partner].zh} 위 天盤 "
                              f"{eul(first.zh)} 初傳으로, 干上神 {eul(gan_shang.zh)} 中·末傳으로 한다."))
        else:
            first = branch.shift(4)
            steps.append(Step(_rid("別責"), f"柔日: 日支 {branch.zh}의 三合 {''.join(b.zh for b in branch.trine)}에서 "
                              f"{branch.zh} 다음 자리 {eul(first.zh)} 初傳으로, 干上神 {eul(gan_shang.zh)} 中·末傳으로 한다."))
        return Derivation("別責", "別責", None, None, (first, gan_shang, gan_shang), tuple(steps), ())
    steps.append(_MAOXING)
    if stem.yang:
        first = heaven[Branch.YOU]
        steps.append(Step(_rid("虎視"), f"剛日: 地盤 酉 위의 天盤 {eul(first.zh)} 初傳, 支上神 {eul(zhi_shang.zh)} 中傳, "
                          f"干上神 {eul(gan_shang.zh)} 末傳으로 한다 → 虎視."))
        return Derivation("昴星", "虎視", None, None, (first, zhi_shang, gan_shang), tuple(steps), ())
    first = seat_of(plate, Branch.YOU)
    steps.append(Step(_rid("冬蛇掩目"), f"柔日: 天盤 酉가 앉은 地盤 {eul(first.zh)} 初傳, 干上神 {eul(gan_shang.zh)} 中傳, "
                      f"支上神 {eul(zhi_shang.zh)} 末傳으로 한다 → 冬蛇掩目."))
    return Derivation("昴星", "冬蛇掩目", None, None, (first, gan_shang, zhi_shang), tuple(steps), ())
