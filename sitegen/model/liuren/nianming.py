"""What a practitioner adds to a bare lesson: the asker's 年命 (本命, 行年; family
``liuren-nianming``, with the 月宿 of the moment: the 宮 of the Moon's mansion, ``mansion.palace``), the weight of each branch (旺相休囚死 by the month, 十二長生 against the day
stem; family ``liuren-wangshuai``) and the 類神 of a question (family ``liuren-leishen``). Each is a
rule whose predicate is the function below; the entries (``content/rules/liuren-nianming.yaml``)
quote their clauses from 《六壬大全》.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..ganzhi import SIXTY, Branch, Element, GanZhi, Stage, stage, strength
from ..mansion import palace
from ..rules import RuleDef

B = Branch
SEXES = ("m", "f")
# 行年: 男行年一歲起丙寅 (順), 婦行年一歲起壬申 (逆) (《六壬大全》 卷八 繁昌課).
XING_START = {"m": GanZhi.from_zh("丙寅"), "f": GanZhi.from_zh("壬申")}
XING_STEP = {"m": 1, "f": -1}


def ming(born: int) -> GanZhi:
    """本命: the 干支 of the birth year (a year running from its 立春)."""
    from ..calendar import year_ganzhi
    return year_ganzhi(born)


def xingnian(sex: str, birth: GanZhi, year: GanZhi) -> GanZhi:
    """行年 in the year ``year`` of one born in ``birth`` (干支 years; at one year of age, in the
    year of birth, 丙寅 for a man and 壬申 for a woman, then one a year forward or backward)."""
    years = (year.index - birth.index) % 60       # age − 1, as far as the sixty cycle tells
    return SIXTY[(XING_START[sex].index + XING_STEP[sex] * years) % 60]


def wangshuai(e: Element, month: Branch) -> str:
    """旺 相 休 囚 死 of an element in the month of 月建 ``month`` (``ganzhi.strength``)."""
    return strength(e, month)


def changsheng(e: Element, b: Branch) -> Stage:
    """The 十二長生 stage of the day stem's element ``e`` at branch ``b`` (土 with 水: 長生 申)."""
    return stage(e, b)


# ---- 類神 (《六壬大全》 卷二 十二將釋) ------------------------------------------------------------
@dataclass(frozen=True)
class LeiShen:
    id: str
    zh: str                          # the question
    general: str                     # the general that stands for it
    branches: tuple[Branch, ...] = ()  # branches the book names beside the general

    def seats(self, generals) -> tuple[Branch, ...]:
        """The heaven branches where the 類神 sits on a plate whose generals (by heaven branch) are
        ``generals``: where its general rides, then its branches."""
        rides = tuple(b for b in B if generals[b] == self.general)
        return rides + tuple(b for b in self.branches if b not in rides)


LEISHEN: tuple[LeiShen, ...] = (
    LeiShen("liuren-lei-cai", "財", "青龍"),
    LeiShen("liuren-lei-guan", "官", "太常", (B.XU,)),
    LeiShen("liuren-lei-hun", "婚", "六合"),
    LeiShen("liuren-lei-bing", "病", "白虎"),
    LeiShen("liuren-lei-song", "訟", "勾陳"),
    LeiShen("liuren-lei-xing-ren", "行人", "白虎"),
    LeiShen("liuren-lei-dao", "盜·失物", "玄武"),
    LeiShen("liuren-lei-nu-bi", "奴婢", "天空", (B.XU, B.YOU)),
)
LEISHEN_BY_ID = {t.id: t for t in LEISHEN}


@lru_cache(maxsize=None)
def leishen_seats(generals: tuple[str, ...]) -> tuple[tuple[str, tuple[Branch, ...]], ...]:
    """(topic id, the heaven branches where its 類神 sits) for one arrangement of the generals."""
    return tuple((t.id, t.seats(generals)) for t in LEISHEN)


def rules() -> list[RuleDef]:
    return [RuleDef("liuren-ben-ming", "本命", "liuren-nianming", "lesson", ming),
            RuleDef("liuren-xing-nian", "行年", "liuren-nianming", "lesson", xingnian),
            RuleDef("liuren-yue-su", "月宿", "liuren-nianming", "lesson", palace),
            RuleDef("liuren-wang-xiang", "旺相休囚死", "liuren-wangshuai", "lesson", wangshuai),
            RuleDef("liuren-chang-sheng", "十二長生", "liuren-wangshuai", "lesson", changsheng),
            *(RuleDef(t.id, t.zh, "liuren-leishen", "lesson", t.seats) for t in LEISHEN)]


def page_table() -> dict:
    """What a page's script looks up for 年命 and 旺相休囚死: the 行年 by sex and (year − birth)
    mod 60 (as sixty indices), and the strength of each branch and stem by 月建."""
    return {"xing": {s: [xingnian(s, SIXTY[0], SIXTY[k]).index for k in range(60)] for s in SEXES},
            "wang": {"branch": ["".join(wangshuai(b.element, m) for b in B) for m in B],
                     "stem": ["".join(wangshuai(g.stem.element, m) for g in SIXTY[:10]) for m in B]}}
