"""The rule catalog of the hexagram engine: every rule it applies, with a permanent id.

Ids become ``rules/<id>/`` on the site: lowercase ASCII, a prefix (``yi-`` for 六爻 line, change
and hexagram rules, ``meihua-`` for 體用 relations and topics, ``dili-`` for 地理), then the toneless
pinyin of the name joined by hyphens. What each rule checks in words, what extra information a
conditional rule needs (the engine never computes a conditional rule as holding), the classical work
behind a table, and which seed paragraphs state it: all in the rule's content entry
(``content/rules/*.yaml``), joined by ``id``.
"""

from __future__ import annotations

from sitegen.model.ganzhi import Stage
from sitegen.model.rules import RuleDef
from sitegen.model.yi.moment_rules import MOMENT_RULES

FAMILIES = ("yi-line", "yi-change", "yi-hexagram", "meihua-relation", "meihua-topic", "dili", "yi-moment")


def _family(family: str, applies_to: str | None, rows) -> tuple[RuleDef, ...]:
    """The rules of one family: rows of (id, name), or of (id, name, what it applies to) where
    ``applies_to`` is None because the family's rules differ in it."""
    return tuple(RuleDef(r[0], r[1], family, applies_to or r[2]) for r in rows)


_HEXAGRAM = _family("yi-hexagram", "hexagram", (
    ("yi-ba-chun-gua", "八純卦"),
    ("yi-liu-he-gua", "六合卦"),
    ("yi-liu-chong-gua", "六沖卦"),
    ("yi-you-hun-gua", "遊魂卦"),
    ("yi-gui-hun-gua", "歸魂卦"),
    ("yi-fu-shen", "伏神"),
    ("yi-liu-shen", "六神"),
))

_CHANGE = _family("yi-change", "change", (
    ("yi-liu-chong-bian-liu-he", "六沖變六合"),
    ("yi-liu-he-bian-liu-chong", "六合變六沖"),
    ("yi-liu-chong-bian-liu-chong", "六沖變六沖"),
    ("yi-liu-he-bian-liu-he", "六合變六合"),
    ("yi-ben-gua-you-hun", "本卦遊魂"),
    ("yi-ben-gua-gui-hun", "本卦歸魂"),
    ("yi-bian-gua-you-hun", "變卦遊魂"),
    ("yi-bian-gua-gui-hun", "變卦歸魂"),
    ("yi-you-hun-hua-gui-hun", "遊魂化歸魂"),
    ("yi-gui-hun-hua-you-hun", "歸魂化遊魂"),
    ("yi-nei-gua-fan-yin-houtian", "內卦反吟 (後天相對)"),
    ("yi-wai-gua-fan-yin-houtian", "外卦反吟 (後天相對)"),
    ("yi-nei-gua-fan-yin-chong", "內卦反吟 (三爻皆沖)"),
    ("yi-wai-gua-fan-yin-chong", "外卦反吟 (三爻皆沖)"),
    ("yi-nei-gua-fu-yin", "內卦伏吟"),
    ("yi-wai-gua-fu-yin", "外卦伏吟"),
))

_MEIHUA_REL = _family("meihua-relation", "change", (
    ("meihua-yong-sheng-ti", "用生體"),
    ("meihua-ti-sheng-yong", "體生用"),
    ("meihua-yong-ke-ti", "用剋體"),
    ("meihua-ti-ke-yong", "體剋用"),
    ("meihua-bi-he", "體用比和"),
    ("meihua-sheng-shuai", "體用盛衰"),
))

_DILI = _family("dili", None, (
    ("dili-liu-he-da-ji-zhi-di", "六合大吉之地", "hexagram"),
    ("dili-liu-chong-shan-fei-shui-zou", "六沖山飛水走", "hexagram"),
    ("dili-shi-zai-nei-xiang", "世在內象", "hexagram"),
    ("dili-shi-zai-wai-xiang", "世在外象", "hexagram"),
    ("dili-shi-chi-yin-shen-si-hai", "世持寅申巳亥", "hexagram"),
    ("dili-shi-chi-chen-xu-chou-wei", "世持辰戌丑未", "hexagram"),
    ("dili-shi-chi-hai-zi", "世持亥子", "hexagram"),
    ("dili-shi-shu-mu-lin-mao", "世屬木林茂", "hexagram"),
    ("dili-shi-shu-shui-jin-liu-quan", "世屬水近流泉", "hexagram"),
    ("dili-mu-yao-chi-shi", "木爻持世", "hexagram"),
    ("dili-jin-yao-chi-shi", "金爻持世", "hexagram"),
    ("dili-huo-yao-chi-shi", "火爻持世", "hexagram"),
    ("dili-shui-yao-chi-shi", "水爻持世", "hexagram"),
    ("dili-tu-yao-chi-shi", "辰戌丑未持世 (艮乾巽坤)", "hexagram"),
    ("dili-ying-yao-wu-xing-xing-ti", "應爻五行星體", "hexagram"),
    ("dili-ying-sheng-he-shi", "應生世合世", "hexagram"),
    ("dili-shui-kou-you-qing", "水口有情", "hexagram"),
    ("dili-shui-kou-wu-qing", "水口無情", "hexagram"),
    ("dili-gui-zai-ju-zhong", "鬼在局中", "hexagram"),
    ("dili-shi-xia-fu-gui", "世下伏鬼", "hexagram"),
    ("dili-wu-hai-zi", "卦中無亥子", "hexagram"),
    ("dili-shui-yao-you-qing", "水爻有情", "hexagram"),
    ("dili-shui-yao-wu-qi", "水爻無氣", "hexagram"),
    ("dili-shui-yao-dong-huo-shui", "水爻動活水", "change"),
    ("dili-shui-yao-jing-si-shui", "水爻靜死水", "change"),
    ("dili-ming-tang-dong", "明堂動則傾瀉", "change"),
    ("dili-ming-tang-jing", "明堂靜則聚", "change"),
    ("dili-si-shou-you-qing", "四獸有情", "hexagram"),
    ("dili-shui-kou-kong-wang", "水口空亡", "hexagram"),
    ("dili-shui-kou-guan-suo", "水口關鎖", "hexagram"),
    ("dili-wan-ma-ming-tang", "萬馬明堂", "hexagram"),
    ("dili-zuo-shan-gao-hou", "坐山高厚", "hexagram"),
    ("dili-di-feng", "世持辰巳帶殺地風", "hexagram"),
    ("dili-bai-yi", "白虎帶殺逢空白蟻", "hexagram"),
    ("dili-an-shan-xiu-li", "案山秀麗", "hexagram"),
    ("dili-an-shan-bu-zheng", "案山不正", "hexagram"),
    ("dili-an-shan-di-xiao", "案山低小", "hexagram"),
    ("dili-qing-long-ke-shi", "青龍克世", "change"),
    ("dili-bai-hu-ang-tou", "白虎昂頭", "hexagram"),
    ("dili-long-hu-sheng-he", "龍虎相生相合", "hexagram"),
    ("dili-kong-lin-zuo-you", "空臨左右", "hexagram"),
    ("dili-gou-chen-lai-long", "勾陳在世來龍", "hexagram"),
    ("dili-zhu-que-dui-an", "朱雀臨應對案", "hexagram"),
    ("dili-teng-she-xue-fa", "螣蛇穴法", "hexagram"),
    ("dili-shui-yao-mu-jue", "水爻墓絕乾流", "hexagram"),
    ("dili-shui-yao-wang-xiang", "水爻旺相", "hexagram"),
    ("dili-xuan-wu-tui-shui", "玄武推水", "hexagram"),
))

_LINE_BEFORE = _family("yi-line", "change", (
    ("yi-jiao-yao", "交爻"),
    ("yi-zhong-yao", "重爻"),
    ("yi-hua-jin-shen", "化進神"),
    ("yi-hua-tui-shen", "化退神"),
    ("yi-hui-tou-sheng", "回頭生"),
    ("yi-hui-tou-ke", "回頭剋"),
    ("yi-hua-chong", "化沖 (爻反吟)"),
    ("yi-hua-he", "化合"),
    ("yi-yao-fu-yin", "爻伏吟"),
))

_LINE_AFTER = _family("yi-line", "change", (
    ("yi-hua-kong", "化空"),
))

# yi-line 化長生 … 化養: a moving line reaching a stage of the 十二長生 in what it changes into.
STAGE_RULE_ID: dict[Stage, str] = {
    Stage.CHANGSHENG: "yi-hua-chang-sheng", Stage.MUYU: "yi-hua-mu-yu",
    Stage.GUANDAI: "yi-hua-guan-dai", Stage.LINGUAN: "yi-hua-lin-guan",
    Stage.DIWANG: "yi-hua-di-wang", Stage.SHUAI: "yi-hua-shuai", Stage.BING: "yi-hua-bing",
    Stage.SI: "yi-hua-si", Stage.MU: "yi-hua-mu", Stage.JUE: "yi-hua-jue", Stage.TAI: "yi-hua-tai",
    Stage.YANG: "yi-hua-yang",
}
_LINE = (*_LINE_BEFORE, *(RuleDef(STAGE_RULE_ID[s], f"化{s.zh}", "yi-line", "change") for s in Stage),
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
_MEIHUA_TOPIC = tuple(RuleDef(f"meihua-topic-{slug}", f"{zh}占", "meihua-topic", "change")
                      for slug, zh in _TOPICS)
MEIHUA_TOPIC_IDS: tuple[str, ...] = tuple(r.id for r in _MEIHUA_TOPIC)

RULES: tuple[RuleDef, ...] = _HEXAGRAM + _LINE + _CHANGE + _MEIHUA_REL + _MEIHUA_TOPIC + _DILI
# yi-moment: what the day and month decide on a line (issue 16); each carries its own predicate.
RULES += MOMENT_RULES
RULES_BY_ID: dict[str, RuleDef] = {r.id: r for r in RULES}

# The 體用 relation (as ``meihua`` names it) → its rule: the relation rules by their names.
MEIHUA_RELATION_ID = {r.zh.removeprefix("體用"): r.id for r in _MEIHUA_REL if not r.id.endswith("sheng-shuai")}
