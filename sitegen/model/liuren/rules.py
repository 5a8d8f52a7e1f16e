"""The rule catalog: every method, 課 name, 課體 and general the engine applies.

Each rule's ``id`` is permanent (it becomes the page address ``rules/<id>/``): ``liuren-`` plus the
name in toneless pinyin. What the engine checks, in words, what else a conditional rule depends on,
its sources and citations are the rule's entry in ``content/rules/liuren-*.yaml``.
"""

from __future__ import annotations

from ..rules import RuleDef
from . import keti as k
from . import nianming, shensha
from .bifa import BIFA
from .tables import GENERAL_PINYIN, GENERALS, JIAN_NAMES, RU_NAMES

M, K, P, G = "liuren-method", "liuren-ke", "liuren-pattern", "liuren-general"
BF = "liuren-bifa"  # the hundred 法 of 《畢法賦》

# The 卷 of 《六壬大全》 課經集 under whose heading each 課 and 課體 stands (the rules index groups
# by it; lesson pages list a lesson's 課體 in this order). None: no heading of 卷七–十 (the seeds'
# own names).
JUAN: dict[str, int | None] = {}


def _c(juan: int | None, *rows) -> list[RuleDef]:
    out = []
    for rid, zh, fam, pred in rows:
        JUAN[rid] = juan
        out.append(RuleDef(rid, zh, fam, "lesson", pred))
    return out


_n, _d = k.named, k.derived
# (id, name, family, predicate) in 課經集 order: 九宗門, 課 names, then the 課體 heading by heading.
_R: list[RuleDef] = _c(7,
    ("liuren-zei-ke", "賊剋", M, _n("賊剋")),
    ("liuren-bi-yong", "比用", M, _n("比用")),
    ("liuren-she-hai", "涉害", M, _n("涉害")),
    ("liuren-yao-ke", "遙剋", M, _n("遙剋")),
    ("liuren-mao-xing", "昴星", M, _n("昴星")),
    ("liuren-bie-ze", "別責", M, _n("別責")),
    ("liuren-ba-zhuan", "八專", M, _n("八專")),
    ("liuren-fu-yin", "伏吟", M, _n("伏吟")),
    ("liuren-fan-yin", "返吟", M, _n("返吟")),
    ("liuren-yuan-shou", "元首", K, _n("元首")),
    ("liuren-chong-shen", "重審", K, _n("重審")),
    ("liuren-zhi-yi", "知一", K, _n("知一")),
    ("liuren-jian-ji", "見機", K, _n("見機")),
    ("liuren-cha-wei", "察微", K, _n("察微")),
    ("liuren-zhui-xia", "綴瑕", K, _n("綴瑕")),
    ("liuren-hao-shi", "蒿矢", K, _n("蒿矢")),
    ("liuren-dan-she", "彈射", K, _n("彈射")),
    ("liuren-hu-shi", "虎視", K, _n("虎視")),
    ("liuren-dong-she-yan-mu", "冬蛇掩目", K, _n("冬蛇掩目")),
    ("liuren-shun-shu-san-shen", "順數三神", K, _n("順數三神")),
    ("liuren-ni-shu-san-shen", "逆數三神", K, _n("逆數三神")),
    ("liuren-du-zu", "獨足", P, _d("liuren-du-zu")),
    ("liuren-wei-bo-bu-xiu", "帷薄不修", P, k.weibo),
    ("liuren-zi-ren", "自任", K, _n("自任")),
    ("liuren-zi-xin", "自信", K, _n("自信")),
    ("liuren-du-chuan", "杜傳", P, _d("liuren-du-chuan")),
    ("liuren-gan-xing-du-chuan", "干刑杜傳", P, _d("liuren-gan-xing-du-chuan")),
    ("liuren-zhi-xing-du-chuan", "支刑杜傳", P, _d("liuren-zhi-xing-du-chuan")),
    ("liuren-chu-zhong-er-chuan-du-chuan", "初中二傳杜傳", P, _d("liuren-chu-zhong-er-chuan-du-chuan")),
    ("liuren-zhong-chuan-du-chuan", "中傳杜傳", P, _d("liuren-zhong-chuan-du-chuan")),
    ("liuren-fu-yin-you-ke", "伏吟有克", K, _n("伏吟有克")),
    ("liuren-wu-yi", "無依", K, _n("無依")),
    ("liuren-wu-qin", "無親", K, _n("無親")),
    ("liuren-san-guang", "三光", P, k.sanguang),
    ("liuren-san-yang", "三陽", P, k.sanyang),
    ("liuren-san-qi", "三奇", P, k.sanqi),
    ("liuren-liu-yi", "六儀", P, k.liuyi),
    ("liuren-shi-tai", "時泰", P, k.shitai),
    ("liuren-long-de", "龍德", P, k.longde),
) + _c(8,
    ("liuren-guan-jue", "官爵", P, k.guanjue),
    ("liuren-fu-gui", "富貴", P, k.fugui),
    ("liuren-xuan-gai", "軒蓋", P, k.xuangai),
    ("liuren-cheng-xuan", "乘軒", P, k.chengxuan),
    ("liuren-zhu-yin", "鑄印", P, k.zhuyin),
    ("liuren-zhuo-lun", "斫輪", P, k.zhuolun),
    ("liuren-yin-cong", "引從", P, k.yincong),
    ("liuren-heng-tong", "亨通", P, k.hengtong_ke),
    ("liuren-fan-chang", "繁昌", P, k.fanchang),
    ("liuren-wang-yun", "旺孕", P, k.wangyun),
    ("liuren-de-yun", "德孕", P, k.deyun),
    ("liuren-rong-hua", "榮華", P, k.ronghua),
    ("liuren-de-qing", "德慶", P, k.deqing),
    ("liuren-he-huan", "合歡", P, k.hehuan),
    ("liuren-he-mei", "和美", P, k.hemei),
    ("liuren-zhan-guan", "斬關", P, k.zhanguan),
    ("liuren-bi-kou", "閉口", P, k.bikou),
    ("liuren-yi-xun-zhou-bian", "一旬周遍", P, k.yixun_zhoubian),
) + _c(9,
    ("liuren-you-zi", "游子", P, k.youzi),
    ("liuren-san-jiao", "三交", P, k.sanjiao),
    ("liuren-luan-shou", "亂首", P, k.luanshou),
    ("liuren-shang-men-luan-shou", "上門亂首", P, k.shangmen_luanshou),
    ("liuren-zhui-xu", "贅婿", P, k.zhuixu),
    ("liuren-chong-po", "沖破", P, k.chongpo),
    ("liuren-yin-yi", "淫泆", P, k.yinyi),
    ("liuren-jiao-tong", "狡童", P, k.jiaotong),
    ("liuren-yi-nu", "泆女", P, k.yinu),
    ("liuren-wu-yin", "蕪淫", P, k.wuyin),
    ("liuren-bu-bei", "不備", P, k.bubei),
    ("liuren-jie-li", "解離", P, k.jieli),
    ("liuren-du-e", "度厄", P, k.du_e),
    ("liuren-wu-lu", "無祿", P, k.wulu),
    ("liuren-jue-si", "絕嗣", P, k.jue_si),
    ("liuren-zhun-fu", "迍福", P, k.zhunfu),
    ("liuren-qin-hai", "侵害", P, k.qinhai),
    ("liuren-xing-shang", "刑傷", P, k.xingshang),
    ("liuren-er-fan", "二煩", P, k.erfan),
    ("liuren-tian-fan", "天煩", P, k.tianfan),
    ("liuren-di-fan", "地煩", P, k.difan),
    ("liuren-tian-fan-du-chuan", "天煩杜傳", P, k.tianfan_duchuan),
    ("liuren-di-fan-du-chuan", "地煩杜傳", P, k.difan_duchuan),
    ("liuren-tian-huo", "天禍", P, k.tianhuo),
    ("liuren-si-jue", "四絕", P, k.sijue),
    ("liuren-tian-yu", "天獄", P, k.tianyu),
    ("liuren-tian-kou", "天寇", P, k.tiankou),
    ("liuren-tian-wang", "天網", P, k.tianwang),
    ("liuren-po-hua", "魄化", P, k.pohua),
    ("liuren-ge-jiao", "隔角", P, k.gejiao),
    ("liuren-san-yin", "三陰", P, k.sanyin),
    ("liuren-long-zhan", "龍戰", P, k.longzhan),
    ("liuren-si-qi", "死奇", P, k.siqi_ke),
    ("liuren-zai-e", "災厄", P, k.zai_e),
) + _c(10,
    ("liuren-yang-jiu", "殃咎", P, k.yangjiu),
    ("liuren-jiu-chou", "九醜", P, k.jiuchou),
    ("liuren-gui-mu", "鬼墓", P, k.guimu),
    ("liuren-mu-men-kai", "墓門開", P, k.mumen),
    ("liuren-li-de", "勵德", P, k.lide),
    ("liuren-pan-zhu", "盤珠", P, k.panzhu),
    ("liuren-tian-xin", "天心", P, k.tianxin),
    ("liuren-hui-huan", "回還", P, k.huihuan),
    ("liuren-quan-ju", "全局", P, k.quanju),
    ("liuren-yan-shang", "炎上", P, k.quanju_one("炎上")),
    ("liuren-run-xia", "潤下", P, k.quanju_one("潤下")),
    ("liuren-qu-zhi", "曲直", P, k.quanju_one("曲直")),
    ("liuren-cong-ge", "從革", P, k.quanju_one("從革")),
    ("liuren-jia-se", "稼穡", P, k.quanju_one("稼穡")),
    ("liuren-yuan-tai", "元胎", P, k.yuantai),
    ("liuren-lian-zhu", "連珠", P, k.lianzhu),
    ("liuren-jin-ru", "進茹", P, k.jinru),
    ("liuren-tui-ru", "退茹", P, k.tuiru),
    ("liuren-jian-chuan", "間傳", P, k.jianchuan),
    ("liuren-jin-jian", "進間", P, k.jinjian),
    ("liuren-tui-jian", "退間", P, k.tuijian),
    ("liuren-liu-chun", "六純", P, k.liuchun),
    ("liuren-za-zhuang", "雜狀", P, k.every),
    ("liuren-wu-lei", "物類", P, k.every),
) + _c(None,
    ("liuren-lin-guan", "臨官", P, k.lin_guan),
    ("liuren-si-jue-ti", "四絕體", P, k.sijue_ti),
)

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
    out = [RuleDef(f"liuren-{_PINYIN[name]}", name, P, "lesson", k.series(name))
           for table in (RU_NAMES, JIAN_NAMES) for name in table.values()]
    JUAN.update((r.id, 10) for r in out)
    return out


def _generals() -> list[RuleDef]:
    return [RuleDef(f"liuren-general-{py}", zh, G, "lesson") for zh, py in zip(GENERALS, GENERAL_PINYIN)]


def _bifa() -> list[RuleDef]:
    """The hundred 法, ``liuren-bifa-001`` … ``liuren-bifa-100``, named by their verse."""
    return [RuleDef(bifa_id(n), zh, BF, "lesson", pred) for n, (zh, pred) in sorted(BIFA.items())]


def bifa_id(number: int) -> str:
    return f"liuren-bifa-{number:03d}"


RULES: tuple[RuleDef, ...] = tuple(_R + _series() + _generals() + _bifa() + shensha.rules() + nianming.rules())
RULES_BY_ID: dict[str, RuleDef] = {r.id: r for r in RULES}
RULE_ID_BY_NAME: dict[str, str] = {}
for _r in RULES:
    if _r.family in (M, K, P):
        RULE_ID_BY_NAME.setdefault(_r.zh, _r.id)
if len(RULES_BY_ID) != len(RULES):  # pragma: no cover - guarded by tests too
    raise RuntimeError("duplicate rule id")
