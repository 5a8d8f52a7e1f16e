"""Fixed tables of the 大六壬 engine. Facts only; each table names its classical source.

Shared basics (寄宮, 祿, 驛馬, 旬空, 遁干, 十二長生, 刑沖合) live in ``sitegen.model.ganzhi``; this
module holds what only 大六壬 uses.
"""

from __future__ import annotations

from enum import StrEnum

from ..ganzhi import Branch, Stem
from ..options import NobleTable

B = Branch

# 十二天將 in their order from 貴人 (seed 003 「十二天將旦暮治」, liuren-gejue#p17–p29; the order
# 螣蛇 朱雀 六合 勾陳 青龍 前五, 天空 前六 (對貴人), 白虎 太常 玄武 太陰 天后 as restated in
# ../shared/domain/LIUREN.md). 玄武 is written 元武 in Qing texts (避諱).
class General(StrEnum):
    """The twelve 天將, in their order from 貴人 (the value is the name)."""

    GUIREN = "貴人"
    TENGSHE = "螣蛇"
    ZHUQUE = "朱雀"
    LIUHE = "六合"
    GOUCHEN = "勾陳"
    QINGLONG = "青龍"
    TIANKONG = "天空"
    BAIHU = "白虎"
    TAICHANG = "太常"
    XUANWU = "玄武"
    TAIYIN = "太陰"
    TIANHOU = "天后"

    @property
    def zh(self) -> str:
        return self.value


GENERALS: tuple[General, ...] = tuple(General)
GENERAL_PINYIN: tuple[str, ...] = (
    "gui-ren", "teng-she", "zhu-que", "liu-he", "gou-chen", "qing-long", "tian-kong", "bai-hu",
    "tai-chang", "xuan-wu", "tai-yin", "tian-hou",
)

# 貴人 by day stem, 晝 and 夜 (seed 003 liuren-gejue#p18: 甲戊庚日晝貴丑夜貴未, 乙己日晝貴子夜貴申,
# 丙丁日晝貴亥夜貴酉, 六辛日晝貴午夜貴寅, 壬癸日晝貴巳夜貴卯).
NOBLE_DAY = {
    Stem.JIA: B.CHOU, Stem.WU: B.CHOU, Stem.GENG: B.CHOU, Stem.YI: B.ZI, Stem.JI: B.ZI,
    Stem.BING: B.HAI, Stem.DING: B.HAI, Stem.XIN: B.WU, Stem.REN: B.SI, Stem.GUI: B.SI,
}
NOBLE_NIGHT = {
    Stem.JIA: B.WEI, Stem.WU: B.WEI, Stem.GENG: B.WEI, Stem.YI: B.SHEN, Stem.JI: B.SHEN,
    Stem.BING: B.YOU, Stem.DING: B.YOU, Stem.XIN: B.YIN, Stem.REN: B.MAO, Stem.GUI: B.MAO,
}
# The other documented 貴人 tables (variants; content/conventions.yaml names their sources):
# 《六壬大全》 卷一 先天貴神圖 — 陽貴 (晝) counts the stems 順 from 甲 on 子 (辰戌 skipped, nothing on
# 午, 癸 lodged at 丑), 陰貴 (夜) 逆 from 甲 on 申 (nothing on 寅, 癸 at 未), and a stem's 貴人 is
# the place of its 五合 partner: 晝 甲未 乙申 丙酉 丁亥 戊丑 己子 庚丑 辛寅 壬卯 癸巳, 夜 the others.
NOBLE_DAY_XIANTIAN = {
    Stem.JIA: B.WEI, Stem.YI: B.SHEN, Stem.BING: B.YOU, Stem.DING: B.HAI, Stem.WU: B.CHOU,
    Stem.JI: B.ZI, Stem.GENG: B.CHOU, Stem.XIN: B.YIN, Stem.REN: B.MAO, Stem.GUI: B.SI,
}
NOBLE_NIGHT_XIANTIAN = {
    Stem.JIA: B.CHOU, Stem.YI: B.ZI, Stem.BING: B.HAI, Stem.DING: B.YOU, Stem.WU: B.WEI,
    Stem.JI: B.SHEN, Stem.GENG: B.WEI, Stem.XIN: B.WU, Stem.REN: B.SI, Stem.GUI: B.MAO,
}
# 《卜筮全書》 卷十四 天乙貴人 and 《卜筮正宗》 貴人歌訣 (甲戊兼牛羊 … 庚辛逢馬虎): 庚 goes with 辛
# (午·寅, 晝 first as for 辛), everything else as the table above.
NOBLE_DAY_BUSHI = {**NOBLE_DAY, Stem.GENG: B.WU}
NOBLE_NIGHT_BUSHI = {**NOBLE_NIGHT, Stem.GENG: B.YIN}
# Table → (晝貴, 夜貴); NobleTable.GEJUE is the default.
NOBLE_TABLES = {NobleTable.GEJUE: (NOBLE_DAY, NOBLE_NIGHT),
                NobleTable.XIANTIAN: (NOBLE_DAY_XIANTIAN, NOBLE_NIGHT_XIANTIAN),
                NobleTable.BUSHI: (NOBLE_DAY_BUSHI, NOBLE_NIGHT_BUSHI)}
# 晝 when the 占時 is 卯辰巳午未申, 夜 when 酉戌亥子丑寅 (liuren-gejue#p18).
DAY_HOURS = frozenset({B.MAO, B.CHEN, B.SI, B.WU, B.WEI, B.SHEN})
# 貴人 over earth 亥子丑寅卯辰 runs 順, over 巳午未申酉戌 runs 逆 (liuren-gejue#p18: 臨亥子丑寅卯辰
# 六宮則順行，臨巳午未申酉戌六宮則逆行).
FORWARD_SEATS = frozenset({B.HAI, B.ZI, B.CHOU, B.YIN, B.MAO, B.CHEN})

# 五合 of the stems (《六壬大全》 卷八 合歡課: 甲己中正合, 乙庚仁義合, 丙辛威權合, 丁壬淫訛合,
# 戊癸無情合): 別責 剛日 takes the 上神 over the partner stem's 寄宮.
STEM_PARTNER = {s: Stem((s + 5) % 10) for s in Stem}

# 日德 (干德) (《六壬大全》 卷八 德慶課: 甲己德寅, 乙庚申, 丙辛戊癸在巳, 丁壬亥).
GAN_DE = {
    Stem.JIA: B.YIN, Stem.JI: B.YIN, Stem.YI: B.SHEN, Stem.GENG: B.SHEN, Stem.BING: B.SI,
    Stem.XIN: B.SI, Stem.WU: B.SI, Stem.GUI: B.SI, Stem.DING: B.HAI, Stem.REN: B.HAI,
}

# 日墓: 木墓未 火墓戌 金墓丑 水土墓辰 (《六壬大全》 卷十 鬼墓課: 甲乙寅卯見未, 丙丁巳午見戌,
# 戊己…壬癸亥子見辰, 庚辛申酉見丑). This is 十二長生 墓 with 土 following 水, the convention
# ``ganzhi.stage`` already uses, so the engine derives it from there.

# 旬奇: 甲子·甲戌旬 丑, 甲申·甲午旬 子, 甲辰·甲寅旬 亥 (《六壬大全》 卷七 課經集 三奇課; 課經歌
# 「三奇子戌尋大吉，申午辰寅子亥承」).
XUN_QI = {B.ZI: B.CHOU, B.XU: B.CHOU, B.SHEN: B.ZI, B.WU: B.ZI, B.CHEN: B.HAI, B.YIN: B.HAI}

# The named 進茹·退茹 (seed 003 liuren-gejue#p30–p31, #p34–p35).
RU_NAMES = {
    "亥子丑": "龍潛", "丑寅卯": "將泰", "寅卯辰": "正和", "辰巳午": "升階",
    "午未申": "日昃", "未申酉": "回陰", "申酉戌": "鑄刃", "酉戌亥": "革故",
    "戌酉申": "返駕", "申未午": "就明", "未午巳": "當陽", "午巳辰": "發生",
    "巳辰卯": "拱斗", "卯寅丑": "聯芳", "丑子亥": "收藏", "子亥戌": "重陰",
}
# The named 間傳. 進間: seed 003 liuren-gejue#p38–p39 (向陽 觀光 登天 涉淵; 出戶 回輪 勢衰 入冥
# 凝陰 啟蒙); the two 陽進間 the seed leaves unnamed (午申戌 出三天, 戌子寅 入三淵) and all twelve
# 退間 (逆間傳) from 《六壬大全》 卷十 間傳課 順十二格·逆十二格.
JIAN_NAMES = {
    "子寅辰": "向陽", "寅辰午": "觀光", "辰午申": "登天", "申戌子": "涉淵",
    "午申戌": "出三天", "戌子寅": "入三淵",
    "丑卯巳": "出戶", "卯巳未": "回輪", "巳未酉": "勢衰", "未酉亥": "入冥",
    "酉亥丑": "凝陰", "亥丑卯": "啟蒙",
    "寅子戌": "冥陰", "子戌申": "偃蹇", "戌申午": "悖戾", "申午辰": "凝陽",
    "午辰寅": "顧祖", "辰寅子": "涉疑",
    "丑亥酉": "極陰", "亥酉未": "時遁", "酉未巳": "勵明", "未巳卯": "回明",
    "巳卯丑": "轉悖", "卯丑亥": "斷澗",
}

# 三合 and 方 sets for 全局 (《六壬大全》 卷十 全局課; seed 003 liuren-gejue#p30–p31 adds the 方:
# 亥子丑亦名潤下, 寅卯辰亦名曲直, 申酉戌亦名從革; 《大全》 likewise 巳午未亦作炎上).
QUANJU = {
    "潤下": (frozenset({B.SHEN, B.ZI, B.CHEN}), frozenset({B.HAI, B.ZI, B.CHOU})),
    "曲直": (frozenset({B.HAI, B.MAO, B.WEI}), frozenset({B.YIN, B.MAO, B.CHEN})),
    "炎上": (frozenset({B.YIN, B.WU, B.XU}), frozenset({B.SI, B.WU, B.WEI})),
    "從革": (frozenset({B.SI, B.YOU, B.CHOU}), frozenset({B.SHEN, B.YOU, B.XU})),
}
EARTH_BRANCHES = frozenset({B.CHEN, B.XU, B.CHOU, B.WEI})

class LessonName(StrEnum):
    """The four lessons (四課), in order."""

    GAN_YANG = "干陽"
    GAN_YIN = "干陰"
    ZHI_YANG = "支陽"
    ZHI_YIN = "支陰"

    @property
    def zh(self) -> str:
        return self.value


LESSON_NAMES: tuple[LessonName, ...] = tuple(LessonName)


class Position(StrEnum):
    """初傳, 中傳, 末傳: the three transmissions in order."""

    CHU = "初傳"
    ZHONG = "中傳"
    MO = "末傳"

    @property
    def zh(self) -> str:
        return self.value


TRANSMISSION_NAMES: tuple[Position, ...] = tuple(Position)
