"""用神 by question (family ``yi-yongshen``): which line of the 本卦 stands for what is asked, its
原神 and its 忌神 — each a rule with its one predicate (``RuleDef.holds``) over one line
(``YongFacts``).

Sources (facts, not text; the entries in ``content/rules/yi-yongshen.yaml`` quote the clauses):
- 《卜筮正宗》 十八論 用神分類定例: the five 六親 and the questions each stands for (凡占 … 俱以父母爻為用神);
- 世應論用神: the 世 for one's own affairs, the 應 for another with no bond of rank;
- 原忌仇神論: the 原神 generates the 用神, the 忌神 overcomes it, and the 仇神 overcomes the 原神 and
  generates the 忌神 (制克原神生扶忌神).

A topic the hexagram lacks hides as a 伏神 under a line (``Hexagram.fushen``). The pages do not
repeat any of this: the build hands their script :func:`page_table`, the predicates evaluated on
all 64 hexagrams.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from sitegen.model.ganzhi import Kin
from sitegen.model.rules import RuleDef

if TYPE_CHECKING:  # pragma: no cover
    from sitegen.model.yi.hexagram import Hexagram


class YongFacts(NamedTuple):
    """One line of a hexagram, read for a question: what every yi-yongshen predicate reads."""

    kin: Kin                  # the line's 六親
    role: str                 # 世, 應 or ''
    yong: Kin | None = None   # the 用神's 六親 (for 原神 and 忌神)


def _kin_is(k: Kin):
    def holds(f: YongFacts) -> bool:
        return f.kin == k
    return holds


def _role_is(role: str):
    def holds(f: YongFacts) -> bool:
        return f.role == role
    return holds


# ``Kin`` runs along the generation cycle (兄弟 → 子孫 → 妻財 → 官鬼 → 父母 → 兄弟): a line generates
# the 用神 one step before it and overcomes it two steps before.
def yuan_shen(f: YongFacts) -> bool:
    """原神: the line generates the 用神 (生用神之爻)."""
    return f.yong is not None and (f.yong - f.kin) % 5 == 1


def ji_shen(f: YongFacts) -> bool:
    """忌神: the line overcomes the 用神 (剋用神之爻)."""
    return f.yong is not None and (f.yong - f.kin) % 5 == 2


def chou_shen(f: YongFacts) -> bool:
    """仇神: the line overcomes the 原神 and generates the 忌神 (制克原神生扶忌神者), three steps
    before the 用神."""
    return f.yong is not None and (f.yong - f.kin) % 5 == 3


def _r(rid: str, zh: str, holds) -> RuleDef:
    return RuleDef(rid, zh, "yi-yongshen", "hexagram", holds)


# The topics, in the order the selector offers them: the five 六親 of 用神分類定例, then 世 and 應.
TOPIC_RULES: tuple[RuleDef, ...] = (
    _r("yi-yong-shen-fu-mu", "父母爻為用神", _kin_is(Kin.PARENT)),
    _r("yi-yong-shen-guan-gui", "官鬼爻為用神", _kin_is(Kin.OFFICER)),
    _r("yi-yong-shen-xiong-di", "兄弟爻為用神", _kin_is(Kin.BROTHER)),
    _r("yi-yong-shen-qi-cai", "妻財爻為用神", _kin_is(Kin.WEALTH)),
    _r("yi-yong-shen-zi-sun", "子孫爻為用神", _kin_is(Kin.OFFSPRING)),
    _r("yi-yong-shen-shi", "世爻為用神", _role_is("世")),
    _r("yi-yong-shen-ying", "應爻為用神", _role_is("應")),
)
YUAN, JI = _r("yi-yuan-shen", "原神", yuan_shen), _r("yi-ji-shen", "忌神", ji_shen)
CHOU = _r("yi-chou-shen", "仇神", chou_shen)
YONGSHEN_RULES: tuple[RuleDef, ...] = (*TOPIC_RULES, YUAN, JI, CHOU)
TOPIC_IDS: tuple[str, ...] = tuple(r.id for r in TOPIC_RULES)
_TOPIC = {r.id: r for r in TOPIC_RULES}


@dataclass(frozen=True)
class YongShen:
    topic: str                     # the topic's rule id
    yong: tuple[int, ...]          # lines of the 用神 in the 本卦 (empty: it hides as a 伏神)
    yong_kin: Kin | None
    fu: tuple[int, ...]            # lines under which it hides (伏神) when it is not shown
    yuan: tuple[int, ...]          # lines of the 原神 (generates the 用神)
    ji: tuple[int, ...]            # lines of the 忌神 (overcomes the 用神)
    chou: tuple[int, ...]          # lines of the 仇神 (overcomes the 原神, generates the 忌神)

    def as_data(self) -> dict[str, Any]:
        return {"topic": self.topic, "yong": list(self.yong),
                "yong_liuqin": self.yong_kin.zh if self.yong_kin is not None else None, "fu": list(self.fu),
                "yuan": list(self.yuan), "ji": list(self.ji), "chou": list(self.chou)}


def _facts(ben: Hexagram, yong: Kin | None = None) -> tuple[YongFacts, ...]:
    return tuple(YongFacts(ben.liuqin[i], "世" if i + 1 == ben.shi else "應" if i + 1 == ben.ying else "",
                           yong) for i in range(6))


def yongshen(ben: Hexagram, topic: str) -> YongShen:
    """The 用神 of ``topic`` (a rule id of ``TOPIC_IDS``) in the hexagram ``ben`` (a change's 本卦),
    its 原神 and 忌神: the lines where each predicate holds."""
    holds = _TOPIC[topic].decide
    yong = tuple(i + 1 for i, f in enumerate(_facts(ben)) if holds(f))
    fu: tuple[int, ...] = ()
    if yong:
        k: Kin | None = ben.liuqin[yong[0] - 1]
    else:   # not shown: the 伏神 that is the topic's 六親, under its line
        hidden = [f for f in ben.fushen if holds(YongFacts(f.liuqin, ""))]
        fu = tuple(f.line for f in hidden)
        k = hidden[0].liuqin if hidden else None
    facts = _facts(ben, k)
    yuan, ji, chou = (tuple(i + 1 for i, f in enumerate(facts) if r.decide(f)) for r in (YUAN, JI, CHOU))
    return YongShen(topic, yong, k, fu, yuan, ji, chou)


@lru_cache(maxsize=1)
def page_table() -> dict[str, Any]:
    """The 用神 of every topic in every hexagram, for the pages' script: ``topics`` (rule ids, in
    order), ``yuan`` and ``ji`` (the two relations' ids), ``fu`` (the 伏神 rule's id) and
    ``lines``: for hexagram n (1–64) at index n − 1, one string per topic,
    ``用神|伏神|原神|忌神|六親|仇神`` (line numbers run together, e.g. ``4||25|1|妻財|3``); ``chou``
    the 仇神's rule id."""
    from sitegen.model.yi.hexagram import HEXAGRAMS

    def row(y: YongShen) -> str:
        return "|".join(("".join(map(str, y.yong)), "".join(map(str, y.fu)), "".join(map(str, y.yuan)),
                         "".join(map(str, y.ji)), y.yong_kin.zh if y.yong_kin is not None else "",
                         "".join(map(str, y.chou))))

    return {"topics": list(TOPIC_IDS), "yuan": YUAN.id, "ji": JI.id, "chou": CHOU.id, "fu": "yi-fu-shen",
            "lines": [[row(yongshen(h, t)) for t in TOPIC_IDS] for h in HEXAGRAMS]}
