"""The rule catalog: every rule the hexagram engine applies, with a permanent id.

Ids become ``rules/<id>/`` on the site: lowercase ASCII, a prefix (``yi-`` for 六爻 line, change
and hexagram rules, ``meihua-`` for 體用 relations and topics, ``dili-`` for 地理), then the toneless
pinyin of the name joined by hyphens. ``test`` says in Korean exactly what the engine checks;
``conditional`` (when not None) says what extra information (day, month, 六神 …) the rule needs; the
engine never computes a conditional rule as holding. ``source`` names the classical work behind a
table. Which seed paragraphs state a rule, and which classical source is followed where they are
silent, is written only in the rule's content entry (``content/rules/*.yaml``), joined by ``id``.
"""

from __future__ import annotations

from dataclasses import dataclass

from sitegen.model.ganzhi import Element, Stage, stage_branch

FAMILIES = ("yi-line", "yi-change", "yi-hexagram", "meihua-relation", "meihua-topic", "dili")


@dataclass(frozen=True)
class RuleDef:
    id: str
    zh: str
    ko: str                         # Korean reading of the name
    family: str                     # one of FAMILIES
    applies_to: str                 # "hexagram" or "change"
    test: str                       # Korean: exactly what is checked
    conditional: str | None = None  # Korean: the extra information needed, or None
    source: str = ""                # classical work behind the table, if any

    def as_data(self) -> dict:
        return {
            "id": self.id, "zh": self.zh, "ko": self.ko, "family": self.family,
            "applies_to": self.applies_to, "test": self.test, "conditional": self.conditional,
            "source": self.source,
        }


_BUPU = "《卜筮正宗》 卷一·卷三; 《增刪卜易》"

# ---------------------------------------------------------------------------------------------
# yi-hexagram: facts of one hexagram.
_HEXAGRAM = (
    RuleDef("yi-ba-chun-gua", "八純卦", "팔순괘", "yi-hexagram", "hexagram",
            "괘가 한 宮의 머리인 本宮卦(內卦와 外卦가 같은 八純卦)인가. 世는 上爻, 應은 三爻에 있다.",
            source="《京氏易傳》 八宮"),
    RuleDef("yi-liu-he-gua", "六合卦", "육합괘", "yi-hexagram", "hexagram",
            "初爻와 四爻, 二爻와 五爻, 三爻와 上爻의 納甲 地支가 세 쌍 모두 六合(子丑·寅亥·卯戌·辰酉·"
            "巳申·午未)하는가. 해당 괘는 否·泰·復·豫·節·困·旅·賁의 여덟이다.",
            source=_BUPU),
    RuleDef("yi-liu-chong-gua", "六沖卦", "육충괘", "yi-hexagram", "hexagram",
            "初爻와 四爻, 二爻와 五爻, 三爻와 上爻의 納甲 地支가 세 쌍 모두 六沖(子午·丑未·寅申·卯酉·"
            "辰戌·巳亥)하는가. 해당 괘는 八純卦와 無妄·大壯의 열이다.",
            source=_BUPU),
    RuleDef("yi-you-hun-gua", "遊魂卦", "유혼괘", "yi-hexagram", "hexagram",
            "괘가 그 宮의 五世卦에서 四爻를 되돌린 遊魂卦인가. 世는 四爻에 있다.",
            source="《京氏易傳》 八宮"),
    RuleDef("yi-gui-hun-gua", "歸魂卦", "귀혼괘", "yi-hexagram", "hexagram",
            "괘가 遊魂卦의 內卦를 本宮의 卦로 되돌린 歸魂卦인가. 世는 三爻에 있다.",
            source="《京氏易傳》 八宮"),
    RuleDef("yi-fu-shen", "伏神", "복신", "yi-hexagram", "hexagram",
            "괘의 六爻에 나타나지 않은 六親이 있는가. 있으면 그 六親을 本宮 純卦의 같은 자리에서 찾아 "
            "그 효 아래의 伏神으로 둔다 (빠진 六親이 둘이면 둘 다).",
            source="《卜筮正宗》 卷一 飛伏; 《增刪卜易》 伏神章"),
    RuleDef("yi-liu-shen", "六神", "육신", "yi-hexagram", "hexagram",
            "初爻부터 위로 六神을 青龍·朱雀·勾陳·螣蛇·白虎·玄武의 차례로 붙인다. 시작은 占日의 天干: "
            "甲乙 青龍, 丙丁 朱雀, 戊 勾陳, 己 螣蛇, 庚辛 白虎, 壬癸 玄武.",
            conditional="占日의 天干이 있어야 붙일 수 있다.",
            source="《卜筮正宗》 卷一 六神歌"),
)

# ---------------------------------------------------------------------------------------------
# yi-line: one moving line against what it changes into.
_STAGE_IDS = {
    Stage.CHANGSHENG: "yi-hua-chang-sheng", Stage.MUYU: "yi-hua-mu-yu",
    Stage.GUANDAI: "yi-hua-guan-dai", Stage.LINGUAN: "yi-hua-lin-guan",
    Stage.DIWANG: "yi-hua-di-wang", Stage.SHUAI: "yi-hua-shuai", Stage.BING: "yi-hua-bing",
    Stage.SI: "yi-hua-si", Stage.MU: "yi-hua-mu", Stage.JUE: "yi-hua-jue", Stage.TAI: "yi-hua-tai",
    Stage.YANG: "yi-hua-yang",
}
STAGE_RULE_ID: dict[Stage, str] = dict(_STAGE_IDS)

def _stage_rule(s: Stage) -> RuleDef:
    where = ", ".join(
        f"{e.zh} {stage_branch(e, s).zh}" for e in (Element.WOOD, Element.FIRE, Element.METAL,
                                                     Element.WATER, Element.EARTH))
    return RuleDef(
        STAGE_RULE_ID[s], f"化{s.zh}", f"화{s.ko}", "yi-line", "change",
        f"본래 동효의 五行이 변한 地支에서 十二長生의 「{s.zh}」에 이르는가 ({where}). 長生表는 六爻 "
        "통용표로, 木은 亥, 火는 寅, 金은 巳, 水와 土는 함께 申에서 長生한다(土는 水를 따른다: 000 "
        "p54–p56 「水土養於未」「水土胎在午」「水土敗於酉」).",
        source="《協紀辨方書》 卷一 五行生旺; 《卜筮正宗》 卷一 長生訣")


_LINE = (
    RuleDef("yi-jiao-yao", "交爻", "교효", "yi-line", "change",
            "동효가 老陰인가: 陰爻가 陽爻로 변한다(0→1). 000 p60: 交는 앞으로 올 일을 주관한다.",
            source=_BUPU),
    RuleDef("yi-zhong-yao", "重爻", "중효", "yi-line", "change",
            "동효가 老陽인가: 陽爻가 陰爻로 변한다(1→0). 000 p60: 重은 지나간 일을 주관한다.",
            source=_BUPU),
    RuleDef("yi-hua-jin-shen", "化進神", "화진신", "yi-line", "change",
            "동효의 地支가 같은 五行의 앞 자리로 나아가는가: 亥→子, 寅→卯, 巳→午, 申→酉, 丑→辰, 辰→未, "
            "未→戌, 戌→丑.",
            source="《卜筮正宗》 卷三 進神退神; 《增刪卜易》 進神退神章"),
    RuleDef("yi-hua-tui-shen", "化退神", "화퇴신", "yi-line", "change",
            "동효의 地支가 같은 五行의 뒤 자리로 물러나는가: 子→亥, 卯→寅, 午→巳, 酉→申, 辰→丑, 未→辰, "
            "戌→未, 丑→戌.",
            source="《卜筮正宗》 卷三 進神退神; 《增刪卜易》 進神退神章"),
    RuleDef("yi-hui-tou-sheng", "回頭生", "회두생", "yi-line", "change",
            "변한 地支의 五行이 본래 동효의 五行을 生하는가 (예: 寅木이 子水로 변함).",
            source="《增刪卜易》 回頭生剋章"),
    RuleDef("yi-hui-tou-ke", "回頭剋", "회두극", "yi-line", "change",
            "변한 地支의 五行이 본래 동효의 五行을 剋하는가 (000 p57: 金이 火로, 水가 土로 변하는 것; "
            "p23: 子水가 동하여 未土를 변출함).",
            source="《增刪卜易》 回頭生剋章"),
    RuleDef("yi-hua-chong", "化沖 (爻反吟)", "화충 (효반음)", "yi-line", "change",
            "변한 地支가 본래 地支와 六沖하는가 (子午·丑未·寅申·卯酉·辰戌·巳亥).",
            source="《增刪卜易》 反伏章"),
    RuleDef("yi-hua-he", "化合", "화합", "yi-line", "change",
            "변한 地支가 본래 地支와 六合하는가 (子丑·寅亥·卯戌·辰酉·巳申·午未). 000 p23 小畜之乾: 辛未가 "
            "壬午로 변하여 合한다.",
            source=_BUPU),
    RuleDef("yi-yao-fu-yin", "爻伏吟", "효복음", "yi-line", "change",
            "변한 地支가 본래 地支와 같은가 (天干은 달라도 된다).",
            source="《增刪卜易》 反伏章"),
    *(_stage_rule(s) for s in Stage),
    RuleDef("yi-hua-kong", "化空", "화공", "yi-line", "change",
            "변한 地支가 占日이 속한 旬의 空亡 두 地支 가운데 하나인가.",
            conditional="占日의 干支(旬)가 있어야 空亡을 알 수 있다. 엔진은 이를 성립으로 계산하지 않는다.",
            source="《三命通會》 卷二 論空亡"),
)

# ---------------------------------------------------------------------------------------------
# yi-change: the whole 本卦 → 變卦 (only when some line moves).
_MOVES = "동효가 있을 때, "


def _chg(id_: str, zh: str, ko: str, test: str, **kw) -> RuleDef:
    return RuleDef(id_, zh, ko, "yi-change", "change", _MOVES + test, **kw)


_CHANGE = (
    _chg("yi-liu-chong-bian-liu-he", "六沖變六合", "육충변육합", "本卦가 六沖卦이고 變卦가 六合卦인가.",
         source=_BUPU),
    _chg("yi-liu-he-bian-liu-chong", "六合變六沖", "육합변육충", "本卦가 六合卦이고 變卦가 六沖卦인가.",
         source=_BUPU),
    _chg("yi-liu-chong-bian-liu-chong", "六沖變六沖", "육충변육충", "本卦와 變卦가 모두 六沖卦인가.",
         source=_BUPU),
    _chg("yi-liu-he-bian-liu-he", "六合變六合", "육합변육합", "本卦와 變卦가 모두 六合卦인가.",
         source=_BUPU),
    _chg("yi-ben-gua-you-hun", "本卦遊魂", "본괘유혼", "本卦가 遊魂卦인가.", source="《京氏易傳》 八宮"),
    _chg("yi-ben-gua-gui-hun", "本卦歸魂", "본괘귀혼", "本卦가 歸魂卦인가.", source="《京氏易傳》 八宮"),
    _chg("yi-bian-gua-you-hun", "變卦遊魂", "변괘유혼", "變卦가 遊魂卦인가.", source="《京氏易傳》 八宮"),
    _chg("yi-bian-gua-gui-hun", "變卦歸魂", "변괘귀혼", "變卦가 歸魂卦인가.", source="《京氏易傳》 八宮"),
    _chg("yi-you-hun-hua-gui-hun", "遊魂化歸魂", "유혼화귀혼", "本卦가 遊魂卦이고 變卦가 歸魂卦인가.",
         source="《京氏易傳》 八宮"),
    _chg("yi-gui-hun-hua-you-hun", "歸魂化遊魂", "귀혼화유혼", "本卦가 歸魂卦이고 變卦가 遊魂卦인가.",
         source="《京氏易傳》 八宮"),
    _chg("yi-nei-gua-fan-yin-houtian", "內卦反吟 (後天相對)", "내괘반음 (후천상대)",
         "內卦가 後天八卦에서 마주 보는 卦로 변하는가: 乾↔巽, 坎↔離, 艮↔坤, 震↔兌.",
         source="《增刪卜易》 反伏章 (卦反吟)"),
    _chg("yi-wai-gua-fan-yin-houtian", "外卦反吟 (後天相對)", "외괘반음 (후천상대)",
         "外卦가 後天八卦에서 마주 보는 卦로 변하는가: 乾↔巽, 坎↔離, 艮↔坤, 震↔兌.",
         source="《增刪卜易》 反伏章 (卦反吟)"),
    _chg("yi-nei-gua-fan-yin-chong", "內卦反吟 (三爻皆沖)", "내괘반음 (삼효개충)",
         "內卦 세 자리의 納甲 地支가 變卦에서 모두 본래 地支와 六沖하는가 (卦가 바뀌면 동하지 않은 "
         "효의 納甲도 바뀐다). 內卦에서는 巽↔坤(丑亥酉 / 未巳卯)만 이에 해당한다.",
         source="《增刪卜易》 反伏章 (爻反吟)"),
    _chg("yi-wai-gua-fan-yin-chong", "外卦反吟 (三爻皆沖)", "외괘반음 (삼효개충)",
         "外卦 세 자리의 納甲 地支가 變卦에서 모두 본래 地支와 六沖하는가. 外卦에서는 巽↔坤"
         "(未巳卯 / 丑亥酉)만 이에 해당한다.",
         source="《增刪卜易》 反伏章 (爻反吟)"),
    _chg("yi-nei-gua-fu-yin", "內卦伏吟", "내괘복음",
         "內卦가 다른 卦로 변해도 세 자리의 納甲 地支가 그대로인가: 乾↔震 (子寅辰).",
         source="《增刪卜易》 反伏章 (卦伏吟)"),
    _chg("yi-wai-gua-fu-yin", "外卦伏吟", "외괘복음",
         "外卦가 다른 卦로 변해도 세 자리의 納甲 地支가 그대로인가: 乾↔震 (午申戌).",
         source="《增刪卜易》 反伏章 (卦伏吟)"),
)

# ---------------------------------------------------------------------------------------------
# meihua-relation: 體用 (seed 004 p01 and every topic).
_TIYONG = ("동효가 모두 內卦나 모두 外卦 한쪽에 있을 때 그 卦가 用, 다른 卦가 體다 "
           "(乾兌 金, 離 火, 震巽 木, 坎 水, 艮坤 土). ")
_MH_SRC = "《梅花易數》 卷一 體用總訣"

_MEIHUA_REL = (
    RuleDef("meihua-yong-sheng-ti", "用生體", "용생체", "meihua-relation", "change",
            _TIYONG + "用卦의 五行이 體卦의 五行을 生하는가 (進益之喜).", source=_MH_SRC),
    RuleDef("meihua-ti-sheng-yong", "體生用", "체생용", "meihua-relation", "change",
            _TIYONG + "體卦의 五行이 用卦의 五行을 生하는가 (耗失之患).", source=_MH_SRC),
    RuleDef("meihua-yong-ke-ti", "用剋體", "용극체", "meihua-relation", "change",
            _TIYONG + "用卦의 五行이 體卦의 五行을 剋하는가 (不宜).", source=_MH_SRC),
    RuleDef("meihua-ti-ke-yong", "體剋用", "체극용", "meihua-relation", "change",
            _TIYONG + "體卦의 五行이 用卦의 五行을 剋하는가 (吉).", source=_MH_SRC),
    RuleDef("meihua-bi-he", "體用比和", "체용비화", "meihua-relation", "change",
            _TIYONG + "體卦와 用卦의 五行이 같은가 (謀為吉利).", source=_MH_SRC),
    RuleDef("meihua-sheng-shuai", "體用盛衰", "체용성쇠", "meihua-relation", "change",
            _TIYONG + "體卦와 用卦가 占時의 계절에 旺한가 衰한가 (004 p01 「復究盛衰」, p06·p18·p24 「體卦宜旺」).",
            conditional="占時의 月令(계절)이 있어야 旺衰를 알 수 있다.",
            source=_MH_SRC),
)

# ---------------------------------------------------------------------------------------------
# meihua-topic: one id per topic of seed 004; each holds whenever 體用 is defined, and its
# reading follows from the relation (the reading phrases live in content).
# 人事 p01, 家宅 p02, 屋舍 p03, 婚姻 p04–p05, 生產 p06, 飲食 p07, 求謀 p08, 求名 p09, 求財 p10,
# 交易 p11, 出行 p12, 行人 p13, 謁見 p14, 失物 p15–p17, 疾病 p18–p23, 官訟 p24, 墳墓 p25.
_TOPICS = (
    ("ren-shi", "人事", "인사", ("p01",)),
    ("jia-zhai", "家宅", "가택", ("p02",)),
    ("wu-she", "屋舍", "옥사", ("p03",)),
    ("hun-yin", "婚姻", "혼인", ("p04", "p05")),
    ("sheng-chan", "生產", "생산", ("p06",)),
    ("yin-shi", "飲食", "음식", ("p07",)),
    ("qiu-mou", "求謀", "구모", ("p08",)),
    ("qiu-ming", "求名", "구명", ("p09",)),
    ("qiu-cai", "求財", "구재", ("p10",)),
    ("jiao-yi", "交易", "교역", ("p11",)),
    ("chu-xing", "出行", "출행", ("p12",)),
    ("xing-ren", "行人", "행인", ("p13",)),
    ("ye-jian", "謁見", "알현", ("p14",)),
    ("shi-wu", "失物", "실물", ("p15", "p16", "p17")),
    ("ji-bing", "疾病", "질병", ("p18", "p19", "p20", "p21", "p22", "p23")),
    ("guan-song", "官訟", "관송", ("p24",)),
    ("fen-mu", "墳墓", "분묘", ("p25",)),
)

_MEIHUA_TOPIC = tuple(
    RuleDef(f"meihua-topic-{slug}", f"{zh}占", f"{ko}점", "meihua-topic", "change",
            f"梅花 體用이 정해지는가(동효가 모두 한 卦에 있음). 그러면 {zh}占의 판단은 用卦와 體卦의 관계"
            f"(用生體·體生用·用剋體·體剋用·比和)에 따른다: 004 {'·'.join(ps)}.",
            source="《梅花易數》 體用占例")
    for (slug, zh, ko, ps) in _TOPICS
)
MEIHUA_TOPIC_IDS: tuple[str, ...] = tuple(r.id for r in _MEIHUA_TOPIC)

# ---------------------------------------------------------------------------------------------
# dili: seed 000 p01–p08 (黃金策 地理章).


def _dl(id_, zh, ko, applies_to, test, conditional=None, source=""):
    return RuleDef(id_, zh, ko, "dili", applies_to, test, conditional, source)


_DAY = "占日의 干支가 필요하다"
_SPIRITS = "六神(占日의 天干)이 필요하다"
_MONTH = "月建(占月)이 필요하다"

_DILI = (
    # -- on the hexagram alone ----------------------------------------------------------------
    _dl("dili-liu-he-da-ji-zhi-di", "六合大吉之地", "육합 대길지지", "hexagram",
        "本卦가 六合卦인가. 그러면 바람을 감추고 기가 모이는 大吉之地다."),
    _dl("dili-liu-chong-shan-fei-shui-zou", "六沖山飛水走", "육충 산비수주", "hexagram",
        "本卦가 六沖卦인가. 그러면 산이 날고 물이 달아나는 땅이니 더 볼 필요가 없다."),
    _dl("dili-shi-zai-nei-xiang", "世在內象", "세재내상", "hexagram",
        "六合卦가 아니고 世爻가 內卦(初·二·三爻)에 있는가. 四獸가 有情하면 次吉之地다 "
        "(四獸有情은 六神이 필요한 별도의 조건부 규칙)."),
    _dl("dili-shi-zai-wai-xiang", "世在外象", "세재외상", "hexagram",
        "六合卦가 아니고 世爻가 外卦(四·五·上爻)에 있는가. 賓主有情·左右回顧·明堂寬廣·水口關欄이면 "
        "小結局으로 쓸 수 있다 (이 조건들은 六神·月建이 필요)."),
    _dl("dili-shi-chi-yin-shen-si-hai", "世持寅申巳亥", "세지인신사해", "hexagram",
        "世爻의 地支가 寅·申·巳·亥(四長生)인가. 山雄地壯."),
    _dl("dili-shi-chi-chen-xu-chou-wei", "世持辰戌丑未", "세지진술축미", "hexagram",
        "世爻의 地支가 辰·戌·丑·未(四墓)인가. 廣闊平洋에 있다."),
    _dl("dili-shi-chi-hai-zi", "世持亥子", "세지해자", "hexagram",
        "世爻의 地支가 亥·子인가. 穴中에 물이 난다."),
    _dl("dili-shi-shu-mu-lin-mao", "世屬木林茂", "세속목 임무", "hexagram",
        "世爻의 五行이 木인가. 坐山에 林木이 무성하다."),
    _dl("dili-shi-shu-shui-jin-liu-quan", "世屬水近流泉", "세속수 근유천", "hexagram",
        "世爻의 五行이 水인가. 流泉이 가깝다."),
    _dl("dili-mu-yao-chi-shi", "木爻持世", "목효지세", "hexagram",
        "世爻가 木(寅·卯)인가. 東方 震, 寅·甲·卯·乙의 向."),
    _dl("dili-jin-yao-chi-shi", "金爻持世", "금효지세", "hexagram",
        "世爻가 金(申·酉)인가. 西方 兌, 申·庚·酉·辛의 向."),
    _dl("dili-huo-yao-chi-shi", "火爻持世", "화효지세", "hexagram",
        "世爻가 火(巳·午)인가. 南方 離, 午·丙·巳·丁의 向."),
    _dl("dili-shui-yao-chi-shi", "水爻持世", "수효지세", "hexagram",
        "世爻가 水(亥·子)인가. 北方 坎, 亥·癸·子·壬의 向."),
    _dl("dili-tu-yao-chi-shi", "辰戌丑未持世 (艮乾巽坤)", "진술축미지세 (간건손곤)", "hexagram",
        "世爻가 辰·戌·丑·未인가. 四維의 向을 말한다: 二十四山에서 곁에 있는 卦로, 丑은 艮(東北), "
        "辰은 巽(東南), 未는 坤(西南), 戌은 乾(西北).", source="二十四山 (羅經): 丑艮寅·辰巽巳·未坤申·戌乾亥"),
    _dl("dili-ying-yao-wu-xing-xing-ti", "應爻五行星體", "응효 오행 성체", "hexagram",
        "應爻의 五行으로 案山의 星體를 말한다: 金이면 金星, 水면 水星 … (언제나 성립하며, 어느 星인지는 "
        "데이터의 an_shan에 있다)."),
    _dl("dili-ying-sheng-he-shi", "應生世合世", "응생세합세", "hexagram",
        "應爻의 五行이 世爻의 五行을 生하거나, 應爻와 世爻의 地支가 六合하는가. 案山이 端正有情하다."),
    _dl("dili-shui-kou-you-qing", "水口有情", "수구유정", "hexagram",
        "第六爻(水口)와 世爻가 서로 生하거나(어느 쪽이든) 六合하는가 (世가 第六爻이면 해당 없음). "
        "水口가 有情하다."),
    _dl("dili-shui-kou-wu-qing", "水口無情", "수구무정", "hexagram",
        "第六爻(水口)와 世爻가 서로 剋하거나(어느 쪽이든) 六沖하는가 (世가 第六爻이면 해당 없음). "
        "山直無情, 地枯無氣."),
    _dl("dili-gui-zai-ju-zhong", "鬼在局中", "귀재국중", "hexagram",
        "官鬼가 六爻 가운데 나타나 있는가. 穴 아래에 伏尸古墓가 있다."),
    _dl("dili-shi-xia-fu-gui", "世下伏鬼", "세하복귀", "hexagram",
        "本宮卦가 아니고, 世爻 아래의 本宮爻(本宮 純卦의 같은 자리: 000 p40 「飛之下本宮六爻為伏神」)가 "
        "官鬼인가. 穴 아래에 舊穴이 있다."),
    _dl("dili-wu-hai-zi", "卦中無亥子", "괘중무해자", "hexagram",
        "六爻에 亥·子가 하나도 없는가. 池塘溪澗이 없다."),
    _dl("dili-shui-yao-you-qing", "水爻有情", "수효유정", "hexagram",
        "世爻가 아닌 亥·子 水爻가 世爻와 서로 生하거나 六合하는가. 물이 委曲有情하다."),
    _dl("dili-shui-yao-wu-qi", "水爻無氣", "수효무기", "hexagram",
        "世爻가 아닌 亥·子 水爻가 世爻와 서로 剋하거나 六沖하는가. 물이 곧게 와서 기가 없다."),
    # -- on a change ----------------------------------------------------------------------------
    _dl("dili-shui-yao-dong-huo-shui", "水爻動活水", "수효동 활수", "change",
        "本卦의 亥·子 水爻 가운데 동하는 것이 있는가. 活水다."),
    _dl("dili-shui-yao-jing-si-shui", "水爻靜死水", "수효정 사수", "change",
        "本卦에 亥·子 水爻가 있으나 하나도 동하지 않는가 (靜卦 포함). 死水다."),
    _dl("dili-ming-tang-dong", "明堂動則傾瀉", "명당동즉경사", "change",
        "間爻(世와 應 사이의 두 효) 가운데 동하는 것이 있는가. 明堂의 물이 기울어 샌다."),
    _dl("dili-ming-tang-jing", "明堂靜則聚", "명당정즉취", "change",
        "間爻(世와 應 사이의 두 효)가 모두 靜한가 (靜卦 포함). 물이 모여 기가 두텁다."),
    # -- conditional ----------------------------------------------------------------------------
    _dl("dili-si-shou-you-qing", "四獸有情", "사수유정", "hexagram",
        "四獸(青龍·白虎·朱雀·玄武)가 世爻와 生合하여 有情한가.", _SPIRITS + "."),
    _dl("dili-shui-kou-kong-wang", "水口空亡", "수구공망", "hexagram",
        "第六爻가 占日의 旬空에 드는가. 水口가 散漫하여 기를 모으지 못한다.", _DAY + " (旬空)."),
    _dl("dili-shui-kou-guan-suo", "水口關鎖", "수구관쇄", "hexagram",
        "第六爻가 世와 生合하고 青龍·貴人·財·福(子孫)을 띠는가. 水口가 겹겹이 關鎖된다.",
        _SPIRITS + " (青龍), 貴人도 占日의 天干으로 정한다."),
    _dl("dili-wan-ma-ming-tang", "萬馬明堂", "만마명당", "hexagram",
        "間爻가 旺相하고 月建에 임하는가. 萬馬明堂이다.", _MONTH + "."),
    _dl("dili-zuo-shan-gao-hou", "坐山高厚", "좌산고후", "hexagram",
        "世爻(또는 初·二爻)가 生旺한가(坐山 高厚), 休廢空亡한가(坐山 微薄).",
        _MONTH + "; 空亡은 " + _DAY + "."),
    _dl("dili-di-feng", "世持辰巳帶殺地風", "세지진사대살 지풍", "hexagram",
        "世爻가 辰·巳를 지니고 殺을 띠는가. 穴中에 地風이 있다.",
        _DAY + " (殺은 日辰과 月建으로 정한다)."),
    _dl("dili-bai-yi", "白虎帶殺逢空白蟻", "백호대살봉공 백의", "hexagram",
        "白虎가 殺을 띠고 空亡을 만나는가. 穴中에 흰개미가 있다.", _SPIRITS + "; 旬空도 필요하다."),
    _dl("dili-an-shan-xiu-li", "案山秀麗", "안산수려", "hexagram",
        "應爻(案山)가 子孫·貴人을 띠고 旺相한가. 案山이 솟아 빼어나다.",
        _MONTH + " (旺相); 貴人은 占日의 天干으로 정한다."),
    _dl("dili-an-shan-bu-zheng", "案山不正", "안산부정", "hexagram",
        "應爻가 空亡이면 向山이 바르지 않고, 殺을 띠고 沖을 만나면 기울고 깨진 산이다.",
        _DAY + " (旬空·日辰)."),
    _dl("dili-an-shan-di-xiao", "案山低小", "안산저소", "hexagram",
        "應爻가 日辰에 墓·絕이 되는가. 案山이 낮고 작다.", _DAY + "."),
    _dl("dili-qing-long-ke-shi", "青龍克世", "청룡극세", "change",
        "青龍이 임한 효가 발동하여 世爻를 剋하는가. 左砂가 主山을 업신여긴다.", _SPIRITS + "."),
    _dl("dili-bai-hu-ang-tou", "白虎昂頭", "백호앙두", "hexagram",
        "白虎가 太旺하고 沖을 만나는가. 昂首剛強하여 不吉하다.", _SPIRITS + "; 旺衰는 " + _MONTH + "."),
    _dl("dili-long-hu-sheng-he", "龍虎相生相合", "용호상생상합", "hexagram",
        "青龍(左砂)·白虎(右砂)가 世爻와 相生相合하는가(喜), 相剋相沖하는가(忌).", _SPIRITS + "."),
    _dl("dili-kong-lin-zuo-you", "空臨左右", "공림좌우", "hexagram",
        "青龍·白虎가 임한 효가 空亡인가. 그쪽에 凹缺하여 바람을 부르는 곳이 있다.",
        _SPIRITS + "; 旬空도 필요하다."),
    _dl("dili-gou-chen-lai-long", "勾陳在世來龍", "구진재세 내룡", "hexagram",
        "勾陳이 世爻에 있거나 木爻에 있는가. 來龍이 멀리서 振起한다.", _SPIRITS + "."),
    _dl("dili-zhu-que-dui-an", "朱雀臨應對案", "주작임응 대안", "hexagram",
        "朱雀이 應爻에 임하는가. 앞에 兩重의 對案이 있다.", _SPIRITS + "."),
    _dl("dili-teng-she-xue-fa", "螣蛇穴法", "등사혈법", "hexagram",
        "螣蛇가 임한 효가 旺相하고 吉神과 同位인가(真龍), 空亡이거나 墓絕인가(絕穴).",
        _SPIRITS + "; 旺相은 " + _MONTH + ", 空亡은 旬空이 필요하다."),
    _dl("dili-shui-yao-mu-jue", "水爻墓絕乾流", "수효묘절 건류", "hexagram",
        "亥·子 水爻가 있으나 日辰에 墓·絕을 만나는가. 마른 옛 물길이다.", _DAY + "."),
    _dl("dili-shui-yao-wang-xiang", "水爻旺相", "수효왕상", "hexagram",
        "亥·子 水爻가 旺相한가(流脈綿長), 休囚한가(根源淺近).", _MONTH + "."),
    _dl("dili-xuan-wu-tui-shui", "玄武推水", "현무추수", "hexagram",
        "六爻에 水爻가 없을 때 玄武가 임한 효를 물로 보아, 吉神이면 吉하고 凶殺이면 凶하다.",
        _SPIRITS + "."),
)

RULES: tuple[RuleDef, ...] = _HEXAGRAM + _LINE + _CHANGE + _MEIHUA_REL + _MEIHUA_TOPIC + _DILI
RULES_BY_ID: dict[str, RuleDef] = {r.id: r for r in RULES}

MEIHUA_RELATION_ID = {
    "用生體": "meihua-yong-sheng-ti", "體生用": "meihua-ti-sheng-yong",
    "用剋體": "meihua-yong-ke-ti", "體剋用": "meihua-ti-ke-yong", "比和": "meihua-bi-he",
}


def rule_name(rule_id: str) -> str:
    return RULES_BY_ID[rule_id].zh
