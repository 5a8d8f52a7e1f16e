"""The rule catalog of the hexagram engine: every rule it applies, with a permanent id and its one
predicate.

Ids become ``rules/<id>/`` on the site: lowercase ASCII, a prefix (``yi-`` for 六爻 line, change
and hexagram rules, ``meihua-`` for 體用 relations and topics, ``dili-`` for 地理), then the toneless
pinyin of the name joined by hyphens. Each rule's ``holds`` is the only code that decides where it
holds; what it takes depends on the family:

- yi-hexagram, and dili rules that apply to a hexagram: the :class:`~sitegen.model.yi.hexagram.Hexagram`;
- yi-line: a :class:`LineMove` (the moving line's yin-ness, its branch and the branch it becomes);
- yi-change: the two hexagrams (本卦, 變卦) of a change that moves;
- meihua-relation, meihua-topic: the change's :class:`~sitegen.model.yi.meihua.MeihuaReading`;
- dili rules that apply to a change: a :class:`DiliMove`;
- yi-moment, and 化空: one line at a moment (``moment_rules.LineFacts``, with the day and month);
- yi-yongshen: one line of a hexagram read for a question (``yongshen.YongFacts``).

A conditional rule (listed in ``CONDITIONAL``) needs what a chart alone does not give (the day, the
month, the ground itself): a chart states its condition rather than computing it as holding. Its
predicate says where it applies — or, for 化空, whose predicate reads the day, whether it holds at a
moment (``sitegen.model.yi.moment``); a change lists it wherever a line moves. What each rule checks in words, that condition, the classical
work behind a table, and which seed paragraphs state it: all in the rule's content entry
(``content/rules/*.yaml``), joined by ``id``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, NamedTuple

from sitegen.model.ganzhi import Branch, Element, Kin, Season, Stage, stage
from sitegen.model.rules import RuleDef
from sitegen.model.yi.moment_rules import MOMENT_RULES, hua_kong
from sitegen.model.yi.sets import Generation, Relation
from sitegen.model.yi.trigram import HOUTIAN_OPPOSITE, Trigram
from sitegen.model.yi.yongshen import YONGSHEN_RULES

if TYPE_CHECKING:  # pragma: no cover
    from sitegen.model.yi.hexagram import Hexagram
    from sitegen.model.yi.meihua import MeihuaReading

FAMILIES = ("yi-line", "yi-change", "yi-hexagram", "meihua-relation", "meihua-topic", "dili", "yi-moment",
            "yi-yongshen")

CONDITIONAL: set[str] = set()     # ids of the conditional rules (filled as the catalog is built)
_COND = "conditional"


def _family(family: str, applies_to: str | None, rows) -> tuple[RuleDef, ...]:
    """The rules of one family: rows of (id, name, holds), or of (id, name, what it applies to,
    holds) where ``applies_to`` is None because the family's rules differ in it; a row ending in
    ``_COND`` is a conditional rule."""
    out = []
    for row in rows:
        if row[-1] == _COND:
            CONDITIONAL.add(row[0])
            row = row[:-1]
        rid, zh, *rest = row
        where, holds = (applies_to, rest[0]) if applies_to else rest
        out.append(RuleDef(rid, zh, family, where, holds))
    return tuple(out)


def _always(*_facts: Any) -> bool:
    """The predicate of a rule that holds (or, if conditional, applies) wherever its family does."""
    return True


# -- yi-hexagram: the hexagram alone ----------------------------------------------------------

_HEXAGRAM = _family("yi-hexagram", "hexagram", (
    ("yi-ba-chun-gua", "八純卦", lambda h: h.generation == Generation.BENGONG),
    ("yi-liu-he-gua", "六合卦", lambda h: h.liuhe),
    ("yi-liu-chong-gua", "六沖卦", lambda h: h.liuchong),
    ("yi-you-hun-gua", "遊魂卦", lambda h: h.generation == Generation.YOUHUN),
    ("yi-gui-hun-gua", "歸魂卦", lambda h: h.generation == Generation.GUIHUN),
    ("yi-fu-shen", "伏神", lambda h: bool(h.fushen)),
    ("yi-gua-shen", "卦身", lambda h: bool(h.gua_shen_lines)),
    ("yi-liu-shen", "六神", _always, _COND),            # needs the day's stem
))


# -- yi-change: the two hexagrams of a change --------------------------------------------------

def _fan_yin_houtian(a: Trigram, b: Trigram) -> bool:
    """卦反吟, 後天 reading: the trigram turns into the one facing it (乾巽 坎離 艮坤 震兌)."""
    return HOUTIAN_OPPOSITE[a.name] == b.name


def _fan_yin_chong(na, nb) -> bool:
    """卦反吟, 沖 reading: all three 納甲 branches clash with the ones they become."""
    return all(x.branch.opposite == y.branch for x, y in zip(na, nb))


def _fu_yin(a: Trigram, b: Trigram, na, nb) -> bool:
    """卦伏吟: the trigram changes, yet its three 納甲 branches repeat."""
    return a is not b and all(x.branch == y.branch for x, y in zip(na, nb))


# 三合會局: the three branches of a trine, each on a line of the 本卦, and a line of them moving.
_SANHE = (("shui", "水", (Branch.SHEN, Branch.ZI, Branch.CHEN)),
          ("jin", "金", (Branch.SI, Branch.YOU, Branch.CHOU)),
          ("huo", "火", (Branch.YIN, Branch.WU, Branch.XU)), ("mu", "木", (Branch.HAI, Branch.MAO, Branch.WEI)))
SANHE_IDS = tuple(f"yi-san-he-{slug}-ju" for slug, _, _ in _SANHE)


def _san_he(trine: tuple[Branch, Branch, Branch]):
    def holds(ben: Hexagram, bian: Hexagram) -> bool:
        on = [(g.branch, a != b) for g, a, b in zip(ben.najia, ben.lines, bian.lines) if g.branch in trine]
        return {x for x, _ in on} == set(trine) and any(moves for _, moves in on)
    return holds


_CHANGE = _family("yi-change", "change", (
    ("yi-liu-chong-bian-liu-he", "六沖變六合", lambda ben, bian: ben.liuchong and bian.liuhe),
    ("yi-liu-he-bian-liu-chong", "六合變六沖", lambda ben, bian: ben.liuhe and bian.liuchong),
    ("yi-liu-chong-bian-liu-chong", "六沖變六沖", lambda ben, bian: ben.liuchong and bian.liuchong),
    ("yi-liu-he-bian-liu-he", "六合變六合", lambda ben, bian: ben.liuhe and bian.liuhe),
    ("yi-ben-gua-you-hun", "本卦遊魂", lambda ben, bian: ben.generation == Generation.YOUHUN),
    ("yi-ben-gua-gui-hun", "本卦歸魂", lambda ben, bian: ben.generation == Generation.GUIHUN),
    ("yi-bian-gua-you-hun", "變卦遊魂", lambda ben, bian: bian.generation == Generation.YOUHUN),
    ("yi-bian-gua-gui-hun", "變卦歸魂", lambda ben, bian: bian.generation == Generation.GUIHUN),
    ("yi-you-hun-hua-gui-hun", "遊魂化歸魂",
     lambda ben, bian: ben.generation == Generation.YOUHUN and bian.generation == Generation.GUIHUN),
    ("yi-gui-hun-hua-you-hun", "歸魂化遊魂",
     lambda ben, bian: ben.generation == Generation.GUIHUN and bian.generation == Generation.YOUHUN),
    ("yi-nei-gua-fan-yin-houtian", "內卦反吟 (後天相對)",
     lambda ben, bian: _fan_yin_houtian(ben.lower, bian.lower)),
    ("yi-wai-gua-fan-yin-houtian", "外卦反吟 (後天相對)",
     lambda ben, bian: _fan_yin_houtian(ben.upper, bian.upper)),
    ("yi-nei-gua-fan-yin-chong", "內卦反吟 (三爻皆沖)",
     lambda ben, bian: _fan_yin_chong(ben.lower.inner_najia, bian.lower.inner_najia)),
    ("yi-wai-gua-fan-yin-chong", "外卦反吟 (三爻皆沖)",
     lambda ben, bian: _fan_yin_chong(ben.upper.outer_najia, bian.upper.outer_najia)),
    ("yi-nei-gua-fu-yin", "內卦伏吟",
     lambda ben, bian: _fu_yin(ben.lower, bian.lower, ben.lower.inner_najia, bian.lower.inner_najia)),
    ("yi-wai-gua-fu-yin", "外卦伏吟",
     lambda ben, bian: _fu_yin(ben.upper, bian.upper, ben.upper.outer_najia, bian.upper.outer_najia)),
    *((rid, f"三合{el}局", _san_he(trine)) for rid, (_, el, trine) in zip(SANHE_IDS, _SANHE)),
))

# The side of the change each yi-change rule reads: the whole hexagrams, the inner or the outer
# trigram (a change lists its rules in that order, each side in catalog order).
CHANGE_SIDE = {r.id: 1 if "-nei-gua-" in r.id else 2 if "-wai-gua-" in r.id else 0 for r in _CHANGE}


# -- meihua: the 體用 reading of a change ------------------------------------------------------

_MEIHUA_REL = _family("meihua-relation", "change", (
    ("meihua-yong-sheng-ti", "用生體", lambda m: m.relation == Relation.YONG_SHENG_TI),
    ("meihua-ti-sheng-yong", "體生用", lambda m: m.relation == Relation.TI_SHENG_YONG),
    ("meihua-yong-ke-ti", "用剋體", lambda m: m.relation == Relation.YONG_KE_TI),
    ("meihua-ti-ke-yong", "體剋用", lambda m: m.relation == Relation.TI_KE_YONG),
    ("meihua-bi-he", "體用比和", lambda m: m.relation == Relation.BI_HE),
    ("meihua-sheng-shuai", "體用盛衰", _always, _COND),   # needs the month
))


# -- dili: the hexagram, or a change of it -----------------------------------------------------

WATER = (Branch.HAI, Branch.ZI)   # 水爻 are the lines whose branch is 亥 or 子 (000 p08)


class DiliMove(NamedTuple):
    """What a change's 地理 rules read of it (000 p03 明堂 動靜, p08 活水·死水)."""

    ben: Hexagram
    water_moves: bool      # a 水爻 moves
    between_moves: bool    # a 間爻 moves
    still: bool            # nothing moves


def sheng_he(a: Branch, b: Branch) -> bool:
    """相生 or 相合 (p03, p05, p08: 生合 = 有情)."""
    return (a.element.generates(b.element) or b.element.generates(a.element)) or a.combine == b


def ke_chong(a: Branch, b: Branch) -> bool:
    """相剋 or 相沖 (p03, p08: 剋沖 = 無情, 無氣)."""
    return (a.element.overcomes(b.element) or b.element.overcomes(a.element)) or a.opposite == b


def _shi(h: Hexagram) -> Branch:
    return h.najia[h.shi - 1].branch


def _ying(h: Hexagram) -> Branch:
    return h.najia[h.ying - 1].branch


def _water(h: Hexagram) -> bool:
    return any(g.branch in WATER for g in h.najia)


def _other_water(h: Hexagram) -> list[Branch]:
    """The 水爻 other than the 世 line."""
    return [g.branch for i, g in enumerate(h.najia) if g.branch in WATER and i + 1 != h.shi]


def _shui_kou_you_qing(h: Hexagram) -> bool:
    return h.shi != 6 and sheng_he(h.najia[5].branch, _shi(h))


_DILI = _family("dili", None, (
    ("dili-liu-he-da-ji-zhi-di", "六合大吉之地", "hexagram", lambda h: h.liuhe),
    ("dili-liu-chong-shan-fei-shui-zou", "六沖山飛水走", "hexagram", lambda h: h.liuchong),
    ("dili-shi-zai-nei-xiang", "世在內象", "hexagram", lambda h: not h.liuhe and h.shi <= 3),
    ("dili-shi-zai-wai-xiang", "世在外象", "hexagram", lambda h: not h.liuhe and h.shi > 3),
    ("dili-shi-chi-yin-shen-si-hai", "世持寅申巳亥", "hexagram",
     lambda h: _shi(h).season_class == Season.MENG),
    ("dili-shi-chi-chen-xu-chou-wei", "世持辰戌丑未", "hexagram",
     lambda h: _shi(h).season_class == Season.JI),
    ("dili-shi-chi-hai-zi", "世持亥子", "hexagram", lambda h: _shi(h) in WATER),
    ("dili-shi-shu-mu-lin-mao", "世屬木林茂", "hexagram", lambda h: _shi(h).element == Element.WOOD),
    ("dili-shi-shu-shui-jin-liu-quan", "世屬水近流泉", "hexagram",
     lambda h: _shi(h).element == Element.WATER),
    ("dili-mu-yao-chi-shi", "木爻持世", "hexagram", lambda h: _shi(h).element == Element.WOOD),
    ("dili-jin-yao-chi-shi", "金爻持世", "hexagram", lambda h: _shi(h).element == Element.METAL),
    ("dili-huo-yao-chi-shi", "火爻持世", "hexagram", lambda h: _shi(h).element == Element.FIRE),
    ("dili-shui-yao-chi-shi", "水爻持世", "hexagram", lambda h: _shi(h).element == Element.WATER),
    ("dili-tu-yao-chi-shi", "辰戌丑未持世 (艮乾巽坤)", "hexagram",
     lambda h: _shi(h).element == Element.EARTH),
    ("dili-ying-yao-wu-xing-xing-ti", "應爻五行星體", "hexagram", _always),
    ("dili-ying-sheng-he-shi", "應生世合世", "hexagram",
     lambda h: _ying(h).element.generates(_shi(h).element) or _ying(h).combine == _shi(h)),
    ("dili-shui-kou-you-qing", "水口有情", "hexagram", _shui_kou_you_qing),
    ("dili-shui-kou-wu-qing", "水口無情", "hexagram",
     lambda h: h.shi != 6 and ke_chong(h.najia[5].branch, _shi(h))),
    ("dili-gui-zai-ju-zhong", "鬼在局中", "hexagram", lambda h: Kin.OFFICER in h.liuqin),
    ("dili-shi-xia-fu-gui", "世下伏鬼", "hexagram",
     lambda h: not h.pure and h.palace_lines[h.shi - 1][1] == Kin.OFFICER),
    ("dili-wu-hai-zi", "卦中無亥子", "hexagram", lambda h: not _water(h)),
    ("dili-shui-yao-you-qing", "水爻有情", "hexagram",
     lambda h: any(sheng_he(b, _shi(h)) for b in _other_water(h))),
    ("dili-shui-yao-wu-qi", "水爻無氣", "hexagram",
     lambda h: any(ke_chong(b, _shi(h)) for b in _other_water(h))),
    ("dili-shui-yao-dong-huo-shui", "水爻動活水", "change", lambda m: _water(m.ben) and m.water_moves),
    ("dili-shui-yao-jing-si-shui", "水爻靜死水", "change", lambda m: _water(m.ben) and not m.water_moves),
    ("dili-ming-tang-dong", "明堂動則傾瀉", "change", lambda m: m.between_moves),
    ("dili-ming-tang-jing", "明堂靜則聚", "change", lambda m: not m.between_moves),
    ("dili-si-shou-you-qing", "四獸有情", "hexagram", _always, _COND),
    ("dili-shui-kou-kong-wang", "水口空亡", "hexagram", _always, _COND),
    ("dili-shui-kou-guan-suo", "水口關鎖", "hexagram", _shui_kou_you_qing, _COND),
    ("dili-wan-ma-ming-tang", "萬馬明堂", "hexagram", _always, _COND),
    ("dili-zuo-shan-gao-hou", "坐山高厚", "hexagram", _always, _COND),
    ("dili-di-feng", "世持辰巳帶殺地風", "hexagram", lambda h: _shi(h) in (Branch.CHEN, Branch.SI), _COND),
    ("dili-bai-yi", "白虎帶殺逢空白蟻", "hexagram", _always, _COND),
    ("dili-an-shan-xiu-li", "案山秀麗", "hexagram", _always, _COND),
    ("dili-an-shan-bu-zheng", "案山不正", "hexagram", _always, _COND),
    ("dili-an-shan-di-xiao", "案山低小", "hexagram", _always, _COND),
    ("dili-qing-long-ke-shi", "青龍克世", "change", lambda m: not m.still, _COND),
    ("dili-bai-hu-ang-tou", "白虎昂頭", "hexagram", _always, _COND),
    ("dili-long-hu-sheng-he", "龍虎相生相合", "hexagram", _always, _COND),
    ("dili-kong-lin-zuo-you", "空臨左右", "hexagram", _always, _COND),
    ("dili-gou-chen-lai-long", "勾陳在世來龍", "hexagram", _always, _COND),
    ("dili-zhu-que-dui-an", "朱雀臨應對案", "hexagram", _always, _COND),
    ("dili-teng-she-xue-fa", "螣蛇穴法", "hexagram", _always, _COND),
    ("dili-shui-yao-mu-jue", "水爻墓絕乾流", "hexagram", _water, _COND),
    ("dili-shui-yao-wang-xiang", "水爻旺相", "hexagram", _water, _COND),
    ("dili-xuan-wu-tui-shui", "玄武推水", "hexagram", lambda h: not _water(h), _COND),
))


# -- yi-line: one moving line ------------------------------------------------------------------

class LineMove(NamedTuple):
    """What a yi-line rule reads of a moving line."""

    yin: bool        # a yin line moving (交, 老陰); else a yang one (重, 老陽)
    ben: Branch      # its 納甲 branch
    bian: Branch     # the branch it changes into


# 進神: each branch to the next of the same element along the circle (水 亥→子, 木 寅→卯, 火 巳→午,
# 金 申→酉) and the four 土 branches in the order 丑→辰→未→戌→丑; 退神 is the way back.
_JIN = {
    Branch.HAI: Branch.ZI, Branch.YIN: Branch.MAO, Branch.SI: Branch.WU, Branch.SHEN: Branch.YOU,
    Branch.CHOU: Branch.CHEN, Branch.CHEN: Branch.WEI, Branch.WEI: Branch.XU,
    Branch.XU: Branch.CHOU,
}
_TUI = {b: a for a, b in _JIN.items()}
JIN_TUI_IDS = ("yi-hua-jin-shen", "yi-hua-tui-shen")   # 化進神, 化退神

_LINE_BEFORE = _family("yi-line", "change", (
    ("yi-jiao-yao", "交爻", lambda m: m.yin),
    ("yi-zhong-yao", "重爻", lambda m: not m.yin),
    ("yi-hua-jin-shen", "化進神", lambda m: _JIN.get(m.ben) == m.bian),
    ("yi-hua-tui-shen", "化退神", lambda m: _TUI.get(m.ben) == m.bian),
    ("yi-hui-tou-sheng", "回頭生", lambda m: m.bian.element.generates(m.ben.element)),
    ("yi-hui-tou-ke", "回頭剋", lambda m: m.bian.element.overcomes(m.ben.element)),
    ("yi-hua-chong", "化沖 (爻反吟)", lambda m: m.ben.opposite == m.bian),
    ("yi-hua-he", "化合", lambda m: m.ben.combine == m.bian),
    ("yi-yao-fu-yin", "爻伏吟", lambda m: m.ben == m.bian),
))
MARK_RULE_IDS = ("yi-jiao-yao", "yi-zhong-yao")   # the two that read the line, not its branches

_LINE_AFTER = _family("yi-line", "change", (
    ("yi-hua-kong", "化空", hua_kong, _COND),           # needs the day's 旬空 (a line at a moment)
))

# yi-line 化長生 … 化養: a moving line reaching a stage of the 十二長生 in what it changes into.
STAGE_RULE_ID: dict[Stage, str] = {
    Stage.CHANGSHENG: "yi-hua-chang-sheng", Stage.MUYU: "yi-hua-mu-yu",
    Stage.GUANDAI: "yi-hua-guan-dai", Stage.LINGUAN: "yi-hua-lin-guan",
    Stage.DIWANG: "yi-hua-di-wang", Stage.SHUAI: "yi-hua-shuai", Stage.BING: "yi-hua-bing",
    Stage.SI: "yi-hua-si", Stage.MU: "yi-hua-mu", Stage.JUE: "yi-hua-jue", Stage.TAI: "yi-hua-tai",
    Stage.YANG: "yi-hua-yang",
}


def _reaches(s: Stage) -> Callable[[LineMove], bool]:
    return lambda m: stage(m.ben.element, m.bian) == s


_LINE = (*_LINE_BEFORE,
         *(RuleDef(STAGE_RULE_ID[s], f"化{s.zh}", "yi-line", "change", _reaches(s)) for s in Stage),
         *_LINE_AFTER)

# meihua-topic: one id per topic of seed 004; each holds whenever 體用 is defined, and its
# reading follows from the relation (the reading phrases live in content).
_TOPICS = (
    ("ren-shi", "人事"), ("jia-zhai", "家宅"), ("wu-she", "屋舍"), ("hun-yin", "婚姻"),
    ("sheng-chan", "生產"), ("yin-shi", "飲食"), ("qiu-mou", "求謀"), ("qiu-ming", "求名"),
    ("qiu-cai", "求財"), ("jiao-yi", "交易"), ("chu-xing", "出行"), ("xing-ren", "行人"),
    ("ye-jian", "謁見"), ("shi-wu", "失物"), ("ji-bing", "疾病"), ("guan-song", "官訟"),
    ("fen-mu", "墳墓"),
)
_MEIHUA_TOPIC = _family("meihua-topic", "change",
                        tuple((f"meihua-topic-{slug}", f"{zh}占", _always) for slug, zh in _TOPICS))

RULES: tuple[RuleDef, ...] = _HEXAGRAM + _LINE + _CHANGE + _MEIHUA_REL + _MEIHUA_TOPIC + _DILI
# yi-moment: what the day and month decide on a line (issue 16); each carries its own predicate.
RULES += MOMENT_RULES
# yi-yongshen: the 用神 of a question, its 原神 and 忌神 (a line of the hexagram, for a topic).
RULES += YONGSHEN_RULES
RULES_BY_ID: dict[str, RuleDef] = {r.id: r for r in RULES}


def of(family: str, applies_to: str | None = None, *, conditional: bool = False) -> tuple[RuleDef, ...]:
    """The rules of ``family`` (that apply to ``applies_to``), holding or conditional ones, in
    catalog order: what an engine evaluates."""
    return tuple(r for r in RULES if r.family == family and (applies_to is None or r.applies_to == applies_to)
                 and (r.id in CONDITIONAL) == conditional)
