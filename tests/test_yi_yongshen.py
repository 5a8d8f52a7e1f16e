"""用神 by question: the yi-yongshen rules against 《卜筮正宗》 十八論 (用神分類定例, 世應論用神,
原忌仇神論), worked by hand, and the table the change pages' topic selector reads against the engine
and the registry."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from pathlib import Path

from conftest import repo_rules
from sitegen.content.t2s import fold
from sitegen.model.ganzhi import Kin
from sitegen.model.knowledge import join_rules
from sitegen.model.yi import HEXAGRAMS, RULES, hexagram
from sitegen.model.yi.yongshen import TOPIC_IDS, YONGSHEN_RULES, page_table, yongshen
from sitegen.problems import Problems

REPO = Path(__file__).resolve().parent.parent
ENTRIES = {e.id: e for e in repo_rules()}
FAMILY = [r for r in RULES if r.family == "yi-yongshen"]
_HEADING = re.compile(r"^[一二三四五六七八九十]+、(.+)$")


def _sections(text: str) -> dict[str, str]:
    """Each numbered heading of 十八論 (一、用神分類定例 …) and the text under it, lines joined."""
    out, current = {}, None
    for line in text.splitlines():
        m = _HEADING.match(line.strip())
        if m:
            current = m.group(1)
            out[current] = ""
        elif current:
            out[current] += line.strip()
    return out


def test_every_yongshen_rule_is_an_entry_quoting_its_clause_under_its_heading(shared):
    sections = _sections((shared / "authorities/bushi/bushi-zhengzong-18lun.txt").read_text("utf-8"))
    assert [r.id for r in FAMILY] == [r.id for r in YONGSHEN_RULES]
    for r in FAMILY:
        e = ENTRIES[r.id]
        assert r.holds is not None and e.zh == r.zh and e.condition, r.id
        assert e.authority, r.id
        for a in e.authority:
            assert (a.work, a.part) == ("卜筮正宗", "十八論"), r.id
            assert fold(a.quote) in sections[fold(a.title)], (r.id, a.title, a.quote)
    # each 六親 topic quotes the sentence that names its own 六親 as the 用神
    for r in FAMILY[:5]:
        assert ENTRIES[r.id].authority[0].quote.endswith(f"俱以{r.zh[:2]}爻為用神"), r.id


def test_a_topic_names_its_questions_and_only_a_topic_does():
    assert [r.id for r in FAMILY if ENTRIES[r.id].topic] == list(TOPIC_IDS)
    for rid in TOPIC_IDS:
        assert re.search(r"[\uac00-\ud7a3]", ENTRIES[rid].topic), rid
    problems = Problems()
    entries = [replace(e, topic=None) if e.id == "yi-yong-shen-shi" else
               replace(e, topic="…") if e.id == "yi-yuan-shen" else e for e in ENTRIES.values()]
    join_rules(entries, problems)
    said = " ".join(p.message for p in problems.items)
    assert "yi-yong-shen-shi (世爻為用神) is a 用神 topic but names no questions" in said
    assert "yi-yuan-shen (原神) is no 用神 topic" in said


def test_yongshen_worked_by_hand():
    qian, gou = hexagram(1), hexagram(44)
    # 乾 (金宮): 子孫 甲子, 妻財 甲寅, 父母 甲辰, 官鬼 壬午, 兄弟 壬申, 父母 壬戌; 世 6, 應 3.
    y = yongshen(qian, "yi-yong-shen-qi-cai")            # 妻財 木: 原神 子孫 水, 忌神 兄弟 金
    assert (y.yong, y.fu, y.yuan, y.ji) == ((2,), (), (1,), (5,))
    assert y.chou == (3, 6)                               # 仇神 父母 土: 剋 the 水 原神, 生 the 金 忌神
    y = yongshen(qian, "yi-yong-shen-xiong-di")          # 兄弟 金: 原神 父母 土, 忌神 官鬼 火
    assert (y.yong, y.yong_kin, y.yuan, y.ji) == ((5,), Kin.BROTHER, (3, 6), (4,))
    assert y.chou == (2,) and y.as_data()["chou"] == [2]  # 仇神 妻財 木: 剋 土, 生 火
    assert y.as_data()["yong_liuqin"] == "兄弟"
    y = yongshen(qian, "yi-yong-shen-shi")                # the 世 holds 父母: 原神 官鬼, 忌神 妻財
    assert (y.yong, y.yong_kin, y.yuan, y.ji) == ((6,), Kin.PARENT, (4,), (2,))
    assert yongshen(qian, "yi-yong-shen-ying").yong == (3,)
    # 姤 lacks 妻財: it hides under line 2 (乾's 甲寅 under 姤's 辛亥, which is its 原神 子孫)
    y = yongshen(gou, "yi-yong-shen-qi-cai")
    assert (y.yong, y.fu, y.yong_kin, y.yuan) == ((), (2,), Kin.WEALTH, (2,))


def test_the_pages_table_gives_what_the_engine_gives():
    t = page_table()
    assert t["topics"] == list(TOPIC_IDS) and len(t["lines"]) == 64
    for h in HEXAGRAMS:
        for k, topic in enumerate(TOPIC_IDS):
            yong, fu, yuan, ji, kin, chou = t["lines"][h.number - 1][k].split("|")
            y = yongshen(h, topic)
            assert [list(map(int, s)) for s in (yong, fu, yuan, ji, chou)] == \
                   [list(y.yong), list(y.fu), list(y.yuan), list(y.ji), list(y.chou)], (h, topic)
            assert kin == y.yong_kin.zh
            assert y.yong or y.fu, (h, topic)            # every topic is shown or hidden


def test_the_selector_offers_exactly_the_registrys_topics(built, model):
    js = (built / "yi/moment.js").read_text("utf-8")
    tables = json.loads(js[js.index("=") + 1: js.rindex(";")])
    topics = [r for r in model.rules.values() if r.family == "yi-yongshen" and r.entry.topic]
    assert tables["yongshen"]["topics"] == [r.id for r in topics]
    assert tables["yongshen"]["labels"] == [r.entry.topic for r in topics]
    for rid in (*tables["yongshen"]["topics"], tables["yongshen"]["yuan"], tables["yongshen"]["ji"]):
        assert (built / tables["hrefs"][rid]).is_file(), rid
        assert tables["names"][rid] == model.rules[rid].zh
    # the pages carry no 用神 of their own: the script reads the one table by the page's 本卦
    page = (built / "yi/44/01/index.html").read_text("utf-8")
    assert "data-yongshen" not in page and 'data-hexagram="44"' in page
