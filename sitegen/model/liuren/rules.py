"""The rule catalog: every method, 課 name, 課體 and general the engine applies.

Each rule's ``id`` is permanent (it becomes the page address ``rules/<id>/``): ``liuren-`` plus the
name in toneless pinyin. What the engine checks, in words, what else a conditional rule depends on,
its sources and citations are the rule's entry in ``content/rules/liuren-*.yaml``.
"""

from __future__ import annotations

from ..rules import RuleDef
from .tables import GENERAL_PINYIN, GENERALS, JIAN_NAMES, RU_NAMES

M, K, P, G = "liuren-method", "liuren-ke", "liuren-pattern", "liuren-general"

# (id, name, family) in catalog order: 九宗門, 課 names, 課體 that follow from day and plate.
_R: list[RuleDef] = [RuleDef(rid, zh, fam, "lesson") for rid, zh, fam in (
    ("liuren-zei-ke", "賊剋", M),
    ("liuren-bi-yong", "比用", M),
    ("liuren-she-hai", "涉害", M),
    ("liuren-yao-ke", "遙剋", M),
    ("liuren-mao-xing", "昴星", M),
    ("liuren-bie-ze", "別責", M),
    ("liuren-ba-zhuan", "八專", M),
    ("liuren-fu-yin", "伏吟", M),
    ("liuren-fan-yin", "返吟", M),
    ("liuren-yuan-shou", "元首", K),
    ("liuren-chong-shen", "重審", K),
    ("liuren-zhi-yi", "知一", K),
    ("liuren-jian-ji", "見機", K),
    ("liuren-cha-wei", "察微", K),
    ("liuren-zhui-xia", "綴瑕", K),
    ("liuren-hao-shi", "蒿矢", K),
    ("liuren-dan-she", "彈射", K),
    ("liuren-hu-shi", "虎視", K),
    ("liuren-dong-she-yan-mu", "冬蛇掩目", K),
    ("liuren-shun-shu-san-shen", "順數三神", K),
    ("liuren-ni-shu-san-shen", "逆數三神", K),
    ("liuren-zi-ren", "自任", K),
    ("liuren-zi-xin", "自信", K),
    ("liuren-fu-yin-you-ke", "伏吟有克", K),
    ("liuren-wu-yi", "無依", K),
    ("liuren-wu-qin", "無親", K),
    ("liuren-du-zu", "獨足", P),
    ("liuren-du-chuan", "杜傳", P),
    ("liuren-gan-xing-du-chuan", "干刑杜傳", P),
    ("liuren-zhi-xing-du-chuan", "支刑杜傳", P),
    ("liuren-chu-zhong-er-chuan-du-chuan", "初中二傳杜傳", P),
    ("liuren-zhong-chuan-du-chuan", "中傳杜傳", P),
    ("liuren-bu-bei", "不備", P),
    ("liuren-yuan-tai", "元胎", P),
    ("liuren-lin-guan", "臨官", P),
    ("liuren-li-de", "勵德", P),
    ("liuren-zhan-guan", "斬關", P),
    ("liuren-tian-wang", "天網", P),
    ("liuren-jian-chuan", "間傳", P),
    ("liuren-jin-jian", "進間", P),
    ("liuren-tui-jian", "退間", P),
    ("liuren-long-zhan", "龍戰", P),
    ("liuren-ge-jiao", "隔角", P),
    ("liuren-long-de", "龍德", P),
    ("liuren-yan-shang", "炎上", P),
    ("liuren-run-xia", "潤下", P),
    ("liuren-qu-zhi", "曲直", P),
    ("liuren-cong-ge", "從革", P),
    ("liuren-jia-se", "稼穡", P),
    ("liuren-jiao-tong", "狡童", P),
    ("liuren-yi-nu", "泆女", P),
    ("liuren-si-jue", "四絕", P),
    ("liuren-du-e", "度厄", P),
    ("liuren-zhu-yin", "鑄印", P),
    ("liuren-cheng-xuan", "乘軒", P),
    ("liuren-san-qi", "三奇", P),
    ("liuren-jin-ru", "進茹", P),
    ("liuren-tui-ru", "退茹", P),
)]

_PINYIN = {
    "龍潛": "long-qian", "將泰": "jiang-tai", "正和": "zheng-he", "升階": "sheng-jie", "日昃": "ri-ze",
    "回陰": "hui-yin", "鑄刃": "zhu-ren", "革故": "ge-gu", "返駕": "fan-jia", "就明": "jiu-ming",
    "當陽": "dang-yang", "發生": "fa-sheng", "拱斗": "gong-dou", "聯芳": "lian-fang", "收藏": "shou-cang",
    "重陰": "chong-yin", "向陽": "xiang-yang", "觀光": "guan-guang", "登天": "deng-tian", "涉淵": "she-yuan",
    "出三天": "chu-san-tian", "入三淵": "ru-san-yuan", "出戶": "chu-hu", "回輪": "hui-lun",
    "勢衰": "shi-shuai", "入冥": "ru-ming", "凝陰": "ning-yin", "啟蒙": "qi-meng", "冥陰": "ming-yin",
    "偃蹇": "yan-jian", "悖戾": "bei-li", "凝陽": "ning-yang", "顧祖": "gu-zu", "涉疑": "she-yi",
    "極陰": "ji-yin", "時遁": "shi-dun", "勵明": "li-ming", "回明": "hui-ming", "轉悖": "zhuan-bei",
    "斷澗": "duan-jian",
}


def _series() -> list[RuleDef]:
    """The named 連茹 and 間傳 sequences (the names: ``tables.RU_NAMES``, ``tables.JIAN_NAMES``)."""
    return [RuleDef(f"liuren-{_PINYIN[name]}", name, P, "lesson")
            for table in (RU_NAMES, JIAN_NAMES) for name in table.values()]


def _generals() -> list[RuleDef]:
    return [RuleDef(f"liuren-general-{py}", zh, G, "lesson") for zh, py in zip(GENERALS, GENERAL_PINYIN)]


RULES: tuple[RuleDef, ...] = tuple(_R + _series() + _generals())
RULES_BY_ID: dict[str, RuleDef] = {r.id: r for r in RULES}
RULE_ID_BY_NAME: dict[str, str] = {}
for _r in RULES:
    if _r.family != G:
        RULE_ID_BY_NAME.setdefault(_r.zh, _r.id)
if len(RULES_BY_ID) != len(RULES):  # pragma: no cover - guarded by tests too
    raise RuntimeError("duplicate rule id")
