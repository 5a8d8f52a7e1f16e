"""The rule catalog: every method, 課 name, 課體 and general the engine applies.

Each rule's ``id`` is permanent (it becomes the page address ``rules/<id>/``): ``liuren-`` plus the
name in toneless pinyin. ``test`` states, in Korean, exactly what the engine's predicate checks;
``conditional`` is None when day and plate decide it, otherwise what else it depends on.
"""

from __future__ import annotations

from dataclasses import dataclass

from .tables import GENERAL_PINYIN, GENERALS, JIAN_NAMES, RU_NAMES


@dataclass(frozen=True)
class RuleDef:
    id: str
    zh: str
    family: str  # liuren-method | liuren-ke | liuren-pattern | liuren-general
    test: str
    source: str
    conditional: str | None = None
    applies_to: str = "lesson"


M, K, P, G = "liuren-method", "liuren-ke", "liuren-pattern", "liuren-general"
GEJUE = "liuren-gejue"  # seed 003
KEJING = "kejing-bingyin"  # seed 002
DAQUAN7 = "《六壬大全》 卷七 課經集(一)"
DAQUAN8 = "《六壬大全》 卷八 課經集(二)"
DAQUAN9 = "《六壬大全》 卷九 課經集(三)"
DAQUAN10 = "《六壬大全》 卷十 課經集(四)"
HOUR = "占時의 晝夜(晝占 卯–申, 夜占 酉–寅)에 따라 十二天將 배치가 달라진다"

_R: list[RuleDef] = [
    # ---- 九宗門 (methods) -------------------------------------------------------------------
    RuleDef("liuren-zei-ke", "賊剋", M,
            "四課 중 剋이 있는 과가 하나뿐(같은 上神은 하나로 셈)일 때: 下賊上이 있으면 下賊上만, 없으면 上剋下만 "
            "후보로 삼아 그 上神을 初傳으로 하고, 中傳은 初傳 위의 天盤, 末傳은 中傳 위의 天盤.",
            f"{DAQUAN7} 元首課·重審課; LIUREN.md 九宗門"),
    RuleDef("liuren-bi-yong", "比用", M,
            "후보(下賊上이 있으면 下賊上, 없으면 上剋下의 上神)가 둘 이상일 때, 陰陽이 日干과 같은(比) 후보가 "
            "하나뿐이면 그것을 初傳으로 한다. 中·末傳은 賊剋과 같다.",
            f"{DAQUAN7} 知一課; 《六壬指南》 比用法"),
    RuleDef("liuren-she-hai", "涉害", M,
            "후보가 둘 이상이고 日干과 모두 比하거나 모두 比하지 않을 때(比하는 후보가 여럿이면 그들만), 각 후보가 "
            "앉은 地盤 자리에서 제 本家까지 順行하며, 두 끝을 뺀 사이의 자리마다 地盤 地支와 그 자리에 寄宮한 天干 중 "
            "후보와 같은 방향의 剋(下賊上 후보는 후보를 剋하는 것, 上剋下 후보는 후보가 剋하는 것)을 세어 가장 깊은 "
            "후보를 初傳으로 한다(깊이가 하나로 정해지면 課名도 涉害). 같으면 見機·察微·綴瑕.",
            f"{DAQUAN7} 涉害課 (庚子·丁卯 例: 두 끝을 세지 않음)"),
    RuleDef("liuren-yao-ke", "遙剋", M,
            "四課에 剋이 전혀 없고 伏吟·八專이 아닐 때, 四課 上神 중 日干을 剋하는 것(蒿矢)이나 없으면 日干이 剋하는 "
            "것(彈射)을 初傳으로 한다. 여럿이면 日干과 陰陽이 같은 것. 中·末傳은 賊剋과 같다.",
            f"{DAQUAN7} 遙剋課; liuren-gejue#p01 (八專·伏吟不取遙克)"),
    RuleDef("liuren-mao-xing", "昴星", M,
            "剋도 遙剋도 없고 四課가 모두 갖추어졌을 때(서로 다른 과 넷): 剛日은 地盤 酉 위의 天盤 神을 初傳, 支上神을 "
            "中傳, 干上神을 末傳으로; 柔日은 天盤 酉가 앉은 地盤 地支를 初傳, 干上神을 中傳, 支上神을 末傳으로 한다.",
            f"{DAQUAN7} 昴星課"),
    RuleDef("liuren-bie-ze", "別責", M,
            "剋도 遙剋도 없고 四課가 셋뿐(不備)이며 八專이 아닐 때: 剛日은 日干과 五合하는 天干의 寄宮 위 天盤 神을, "
            "柔日은 日支의 三合에서 日支 다음 자리(日支+4) 地支를 初傳으로 하고, 中·末傳은 모두 干上神.",
            f"{DAQUAN7} 別責課"),
    RuleDef("liuren-ba-zhuan", "八專", M,
            "日干의 寄宮과 日支가 같은 날(甲寅 庚申 丁未 己未 癸丑; 四課가 둘뿐). 剋이 있으면 賊剋·比用·涉害로 取用하고 "
            "(이때는 課體로 표시), 剋이 없으면 遙剋을 취하지 않고 剛日은 干陽神부터 本位를 포함해 順으로 세 번째 神, "
            "柔日은 支陰神부터 逆으로 세 번째 神을 初傳으로 하며 中·末傳은 모두 干上神.",
            "liuren-gejue#p01–p04"),
    RuleDef("liuren-fu-yin", "伏吟", M,
            "제1국(天盤 각 地支가 같은 地支의 地盤 위). 乙·癸日은 剋을 취해 初傳으로 하고(癸는 中·末 刑, 乙은 杜傳), "
            "나머지는 剛日 干上神·柔日 支上神을 初傳으로, 中·末傳은 刑을 따르되 自刑이면 杜傳, 子卯처럼 刑이 되돌아오면 "
            "沖을 末傳으로 한다.",
            "liuren-gejue#p05, #p07–p13"),
    RuleDef("liuren-fan-yin", "返吟", M,
            "제7국(天盤 각 地支가 자기 沖의 地盤 위). 剋이 있으면 賊剋·比用·涉害로 初傳을 잡고 中傳은 그 沖, 末傳은 다시 "
            "初傳(無依); 剋이 없으면 日支의 驛馬를 初傳, 支上神을 中傳, 干上神을 末傳으로 한다(無親).",
            "liuren-gejue#p14–p16"),
    # ---- 課 names --------------------------------------------------------------------------
    RuleDef("liuren-yuan-shou", "元首", K,
            "下賊上이 없고 上剋下가 한 神뿐이어서 그 上神을 初傳으로 삼은 경우.", f"{DAQUAN7} 元首課"),
    RuleDef("liuren-chong-shen", "重審", K,
            "下賊上이 한 神뿐이어서(上剋下가 있어도) 그 上神을 初傳으로 삼은 경우.", f"{DAQUAN7} 重審課"),
    RuleDef("liuren-zhi-yi", "知一", K,
            "比用: 후보 중 日干과 陰陽이 같은 것이 하나뿐이어서 그것을 初傳으로 삼은 경우.", f"{DAQUAN7} 知一課"),
    RuleDef("liuren-jian-ji", "見機", K,
            "涉害의 깊이가 같은 후보들 중 地盤 孟(寅申巳亥) 위에 앉은 것이 하나뿐이어서 그것을 初傳으로 삼은 경우.",
            f"{DAQUAN7} 涉害課 見機"),
    RuleDef("liuren-cha-wei", "察微", K,
            "涉害의 깊이가 같고 孟 위의 후보가 없어, 地盤 仲(子午卯酉) 위에 앉은 하나를 初傳으로 삼은 경우.",
            f"{DAQUAN7} 涉害課 察微"),
    RuleDef("liuren-zhui-xia", "綴瑕", K,
            "涉害의 깊이도 孟·仲도 가리지 못할 때: 剛日은 干의 두 과(제1·2과)에서, 柔日은 支의 두 과(제3·4과)에서 "
            "먼저 나오는 후보를 初傳으로 삼은 경우.", f"{DAQUAN7} 涉害課 綴瑕"),
    RuleDef("liuren-hao-shi", "蒿矢", K, "遙剋에서 四課 上神이 日干을 剋하여(神遙剋日) 그것을 初傳으로 삼은 경우.",
            f"{DAQUAN7} 遙剋課 蒿矢"),
    RuleDef("liuren-dan-she", "彈射", K, "遙剋에서 日干을 剋하는 上神이 없고 日干이 剋하는 上神을 初傳으로 삼은 경우.",
            f"{DAQUAN7} 遙剋課 彈射"),
    RuleDef("liuren-hu-shi", "虎視", K, "剛日의 昴星: 地盤 酉 위의 天盤 神을 初傳으로 삼은 경우.", f"{DAQUAN7} 昴星課 虎視轉蓬"),
    RuleDef("liuren-dong-she-yan-mu", "冬蛇掩目", K, "柔日의 昴星: 天盤 酉 아래의 地盤 地支를 初傳으로 삼은 경우.",
            f"{DAQUAN7} 昴星課 冬蛇掩目"),
    RuleDef("liuren-shun-shu-san-shen", "順數三神", K,
            "剛日 八專에 剋이 없어 干陽神부터 本位를 포함해 順으로 세 번째 神을 初傳으로, 干上神을 中·末傳으로 삼은 경우.",
            "liuren-gejue#p03"),
    RuleDef("liuren-ni-shu-san-shen", "逆數三神", K,
            "柔日 八專에 剋이 없어 支陰神부터 本位를 포함해 逆으로 세 번째 神을 初傳으로, 干上神을 中·末傳으로 삼은 경우.",
            "liuren-gejue#p04"),
    RuleDef("liuren-zi-ren", "自任", K, "陽日 伏吟에 剋이 없어 干上神을 初傳으로 삼은 경우.", "liuren-gejue#p08"),
    RuleDef("liuren-zi-xin", "自信", K, "陰日 伏吟에 剋이 없어 支上神을 初傳으로 삼은 경우.", "liuren-gejue#p09"),
    RuleDef("liuren-fu-yin-you-ke", "伏吟有克", K,
            "伏吟에서 제1과에 剋이 있는 乙·癸日: 그 上神(乙 辰, 癸 丑)을 初傳으로 삼은 경우.", "liuren-gejue#p07"),
    RuleDef("liuren-wu-yi", "無依", K, "返吟(제7국)에 剋이 있어 賊剋·比用·涉害로 初傳을 잡은 경우.",
            f"{KEJING}#p31, #p35 (心鏡: 無依是反吟); liuren-gejue#p15"),
    RuleDef("liuren-wu-qin", "無親", K, "返吟에 剋이 없어 日支 驛馬를 初傳, 支上神을 中傳, 干上神을 末傳으로 삼은 경우.",
            "liuren-gejue#p16"),
    # ---- 課體 that follow from day and plate --------------------------------------------------
    RuleDef("liuren-du-zu", "獨足", P, "八專 逆數三神에서 初傳이 干上神과 같아 三傳이 한 神뿐인 경우(己未 酉酉酉).",
            "liuren-gejue#p04"),
    RuleDef("liuren-du-chuan", "杜傳", P,
            "伏吟에서 刑을 따라 전하다가 自刑을 만나거나 子卯처럼 刑이 되돌아와 막혀, 干上·支上神이나 沖으로 바꾸어 전한 경우.",
            "liuren-gejue#p05, #p10–p13"),
    RuleDef("liuren-gan-xing-du-chuan", "干刑杜傳", P,
            "伏吟에서 初傳이 干上의 自刑이라 中傳을 支上神으로 바꾸고, 中傳은 自刑이 아니어서 末傳을 그 刑으로 한 경우.",
            "liuren-gejue#p10"),
    RuleDef("liuren-zhi-xing-du-chuan", "支刑杜傳", P,
            "伏吟에서 初傳이 支上의 自刑이라 中傳을 干上神으로 바꾸고 末傳을 그 刑으로 한 경우.", "liuren-gejue#p11"),
    RuleDef("liuren-chu-zhong-er-chuan-du-chuan", "初中二傳杜傳", P,
            "伏吟에서 初傳이 干上의 自刑이라 中傳을 支上神으로 바꾸었는데 中傳도 自刑이어서 末傳을 그 沖으로 한 경우.",
            "liuren-gejue#p12"),
    RuleDef("liuren-zhong-chuan-du-chuan", "中傳杜傳", P,
            "伏吟에서 中傳이 初傳과 서로 刑하는 두 글자(子卯)여서 더 전하지 못하고 末傳을 中傳의 沖으로 한 경우.",
            "liuren-gejue#p13"),
    RuleDef("liuren-bu-bei", "不備", P,
            "四課 가운데 같은 자리에 같은 上神이 선 과가 있어(제1과의 下는 日干의 寄宮으로 봄) 서로 다른 과가 셋뿐인 경우.",
            f"{DAQUAN9} 蕪淫課 訂訛 (四課缺一，止有三課); {KEJING}#p16"),
    RuleDef("liuren-yuan-tai", "元胎", P, "三傳이 모두 四孟(寅申巳亥)인 경우.", f"{DAQUAN10} 元胎課"),
    RuleDef("liuren-lin-guan", "臨官", P, "干上神이 日干의 祿(甲寅 乙卯 丙戊巳 丁己午 庚申 辛酉 壬亥 癸子)인 경우.",
            f"{KEJING}#p01 (임관은 일간이 자기 녹위에 앉는 것)"),
    RuleDef("liuren-li-de", "勵德", P, "天乙貴人이 地盤 卯 또는 酉 위에 선 경우(晝貴·夜貴 배치를 각각 검사).",
            f"{DAQUAN10} 勵德課 (凡天乙立卯酉)", conditional=HOUR),
    RuleDef("liuren-zhan-guan", "斬關", P,
            "干上神 또는 支上神이 魁罡(戌·辰)인 경우(魁罡加日辰). 發用 여부는 묻지 않는다(課經 丙寅 제2국은 罡이 干上에 "
            "있고 子가 發用인데도 斬關이라 함).", f"{DAQUAN8} 斬關課; {KEJING}#p06, #p21"),
    RuleDef("liuren-tian-wang", "天網", P, "初傳이 日干을 剋하고(日鬼) 占時도 日干을 剋하는 경우(時與用神同克日).",
            f"{DAQUAN9} 天網課", conditional="占時의 地支(日干을 剋하는지)에 따라 달라진다"),
    RuleDef("liuren-jian-chuan", "間傳", P, "初→中, 中→末이 모두 한 자리씩 건너 같은 방향으로 나아가는(±2) 경우.",
            f"{DAQUAN10} 間傳課; liuren-gejue#p38–p41"),
    RuleDef("liuren-jin-jian", "進間", P, "間傳이 順行(初→中→末이 각각 +2)인 경우.", "liuren-gejue#p38–p41"),
    RuleDef("liuren-tui-jian", "退間", P, "間傳이 逆行(각각 −2)인 경우.", f"{DAQUAN10} 間傳課 逆十二格"),
    RuleDef("liuren-long-zhan", "龍戰", P,
            "初傳이 地盤 卯 또는 酉 위에서 發用한 경우(觀月經: 其餘日卯酉上發用者亦是龍戰). 卯酉日이고 年命이 卯酉에 서면 "
            "더욱 적중한다고 함.", f"{DAQUAN9} 龍戰課 (觀月經)"),
    RuleDef("liuren-ge-jiao", "隔角", P,
            "初傳이 日支의 孤辰 또는 寡宿(寅卯辰 巳·丑, 巳午未 申·辰, 申酉戌 亥·未, 亥子丑 寅·戌)인 경우 — 孤辰·寡宿을 "
            "隔角이라 하는 星命家의 이름을 따른 이 엔진의 해석.", "《三命通會》 卷三 論孤辰寡宿; " f"{KEJING}#p11"),
    RuleDef("liuren-long-de", "龍德", P, "太歲이자 月將인 神, 또는 太歲가 貴人을 타고 發用하고 月將이 三傳에 있는 경우.",
            f"{DAQUAN7} 龍德課 (凡太歲月將乘貴人發用)",
            conditional="太歲(年)·月將(月)·占時(晝夜 貴人)에 따라 달라진다"),
    RuleDef("liuren-yan-shang", "炎上", P, "三傳이 寅午戌(또는 巳午未) 세 神을 모두 갖춘 경우.", f"{DAQUAN10} 全局課"),
    RuleDef("liuren-run-xia", "潤下", P, "三傳이 申子辰(또는 亥子丑) 세 神을 모두 갖춘 경우.",
            f"{DAQUAN10} 全局課; liuren-gejue#p30"),
    RuleDef("liuren-qu-zhi", "曲直", P, "三傳이 亥卯未(또는 寅卯辰) 세 神을 모두 갖춘 경우.",
            f"{DAQUAN10} 全局課; liuren-gejue#p30"),
    RuleDef("liuren-cong-ge", "從革", P, "三傳이 巳酉丑(또는 申酉戌) 세 神을 모두 갖춘 경우.",
            f"{DAQUAN10} 全局課; liuren-gejue#p31"),
    RuleDef("liuren-jia-se", "稼穡", P, "三傳이 辰戌丑未 가운데 서로 다른 세 神인 경우.", f"{DAQUAN10} 全局課"),
    RuleDef("liuren-jiao-tong", "狡童", P, "初傳이 六合을 타고 末傳이 天后를 타는 경우(用起六合，終於天后).",
            f"{DAQUAN9} 淫泆課 狡童格", conditional=HOUR),
    RuleDef("liuren-yi-nu", "泆女", P, "初傳이 天后를 타고 末傳이 六合을 타는 경우(用起天后，終於六合).",
            f"{DAQUAN9} 淫泆課 泆女格; {KEJING}#p24", conditional=HOUR),
    RuleDef("liuren-si-jue", "四絕", P,
            "제6국: 四仲이 모두 자기 五行의 絕地에 앉는 盤(子加巳·午加亥·卯加申·酉加寅 — 水絕巳 火絕亥 木絕申 金絕寅).",
            f"{KEJING}#p26 (사과가 모두 절지에 임함); 十二長生 絕"),
    RuleDef("liuren-du-e", "度厄", P, "四課 넷 중 정확히 셋이 上剋下(幼度厄)이거나 정확히 셋이 下賊上(長度厄)인 경우.",
            f"{DAQUAN9} 度厄課"),
    RuleDef("liuren-zhu-yin", "鑄印", P,
            "天盤 戌이 地盤 巳 위에 있고(제8국) 三傳에서 巳 다음에 戌이 이어지는 경우(巳爐 戌印).", f"{DAQUAN8} 鑄印課"),
    RuleDef("liuren-cheng-xuan", "乘軒", P,
            "鑄印이면서 太衝 卯(車)가 三傳이나 四課 上神에 있는 경우(鑄印乘軒), 또는 三傳이 午로 發用하고 卯·子를 "
            "갖춘 경우(軒蓋: 胜光·太衝·神后).", f"{DAQUAN8} 鑄印課 訂訛·軒蓋課"),
    RuleDef("liuren-san-qi", "三奇", P,
            "初傳이 그 旬의 旬奇(甲子·甲戌旬 丑, 甲申·甲午旬 子, 甲辰·甲寅旬 亥)이거나, 三傳이 亥子丑 連茹(龍潛·收藏)인 경우.",
            f"{DAQUAN7} 三奇課; liuren-gejue#p30, #p35"),
    RuleDef("liuren-jin-ru", "進茹", P, "三傳이 한 자리씩 順으로 이어지는(+1, +1) 경우(連茹).", "liuren-gejue#p30"),
    RuleDef("liuren-tui-ru", "退茹", P, "三傳이 한 자리씩 逆으로 이어지는(−1, −1) 경우.", "liuren-gejue#p34"),
]

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
    out = []
    for seq, name in RU_NAMES.items():
        kind = "進茹" if _step(seq) == 1 else "退茹"
        src = "liuren-gejue#p30–p31" if kind == "進茹" else "liuren-gejue#p34–p35"
        out.append(RuleDef(f"liuren-{_PINYIN[name]}", name, P,
                           f"三傳이 차례로 {seq[0]}·{seq[1]}·{seq[2]}인 {kind}.", src))
    for seq, name in JIAN_NAMES.items():
        kind = "進間" if _step(seq) == 2 else "退間"
        seeded = name in {"向陽", "觀光", "登天", "涉淵", "出戶", "回輪", "勢衰", "入冥", "凝陰", "啟蒙"}
        src = "liuren-gejue#p38–p39" if seeded else f"{DAQUAN10} 間傳課"
        out.append(RuleDef(f"liuren-{_PINYIN[name]}", name, P,
                           f"三傳이 차례로 {seq[0]}·{seq[1]}·{seq[2]}인 {kind}.", src))
    return out


def _step(seq: str) -> int:
    order = "子丑寅卯辰巳午未申酉戌亥"
    return (order.index(seq[1]) - order.index(seq[0])) % 12


# Where seed 003 describes each general (liuren-gejue#p18 貴人 … #p29 天空).
_GENERAL_PARAGRAPH = {"貴人": "18", "螣蛇": "19", "朱雀": "20", "六合": "21", "勾陳": "22", "青龍": "23",
                      "天后": "24", "太陰": "25", "玄武": "26", "太常": "27", "白虎": "28", "天空": "29"}


def _generals() -> list[RuleDef]:
    return [
        RuleDef(f"liuren-general-{py}", zh, G,
                f"十二天將의 하나: 貴人(晝貴·夜貴)에서 {i}번째 자리. 貴人이 地盤 亥子丑寅卯辰 위면 順, "
                f"巳午未申酉戌 위면 逆으로 天盤 地支에 붙인다." if i else
                "十二天將의 으뜸: 日干별 晝貴·夜貴 地支(甲戊庚 丑·未, 乙己 子·申, 丙丁 亥·酉, 辛 午·寅, 壬癸 巳·卯)에 붙는다.",
                f"liuren-gejue#p17, #p{_GENERAL_PARAGRAPH[zh]}",
                conditional=HOUR)
        for i, (zh, py) in enumerate(zip(GENERALS, GENERAL_PINYIN))
    ]


RULES: tuple[RuleDef, ...] = tuple(_R + _series() + _generals())
RULES_BY_ID: dict[str, RuleDef] = {r.id: r for r in RULES}
RULE_ID_BY_NAME: dict[str, str] = {}
for _r in RULES:
    if _r.family != G:
        RULE_ID_BY_NAME.setdefault(_r.zh, _r.id)
if len(RULES_BY_ID) != len(RULES):  # pragma: no cover - guarded by tests too
    raise RuntimeError("duplicate rule id")
