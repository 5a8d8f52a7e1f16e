"""How 《六壬大全》 names a lesson in its text — a day with its 占時 and 月將, its plate or its 三傳 —
read line by line (``lessons_in``): tests/test_liuren_kejing.py finds 卷七–十's worked examples with
it, tests/test_validation_bifa.py the lessons 卷十一–十二 name for a 法. The forms it reads are listed
at the head of content/validation/daquan-kejing.yaml."""

from __future__ import annotations

import re

_G, _Z = "甲乙丙丁戊己庚辛壬癸", "子丑寅卯辰巳午未申酉戌亥"
_MONTHS = ("正", "二", "三", "四", "五", "六", "七", "八", "九", "十", "十一", "十二")
_MONTH_GENERAL = {m: _Z[(11 - i) % 12] for i, m in enumerate(_MONTHS)}    # 正月將 亥 … 十二月將 子
# A day: a 干支 and 日, a run 丁卯、己卯、辛卯日, or a 干支 followed at once by its 三傳, 干上, hour or
# plate (乙未卯加辰).
_DAYS = re.compile(f"((?:[{_G}][{_Z}]、)*[{_G}][{_Z}])(日|(?=[{_Z}]{{3}}[，、。])|(?=并?干上)|(?=[{_Z}][时将加]))")
_HOUR_GENERAL = re.compile(f"([{_Z}])时([{_Z}])将|([{_Z}])将,?\\s*([{_Z}])时")
_MONTH_GEN = re.compile("(十一|十二|[正二三四五六七八九十])月将")
_GEN, _HOUR = re.compile(f"([{_Z}])将"), re.compile(f"([{_Z}])时")
# The twelve 神 by their names (胜光 is 午 …), as the book writes a branch over another.
_SHEN = dict(zip(("神后", "大吉", "功曹", "太冲", "天罡", "太乙", "胜光", "小吉", "传送", "从魁", "河魁", "登明"), _Z))
_SHEN |= {"天魁": "戌", "斗罡": "辰"}
_B = "|".join((*_Z, *_SHEN))
_PLATE = (  # the book's words for a plate, first found first taken
    (re.compile(f"({_B})加干上"), lambda m: f"干上{_SHEN.get(m.group(1), m.group(1))}"),
    (re.compile(f"({_B})[^，。、；]{{0,3}}?(?:加+|临|系)([{_Z}{_G}])"),
     lambda m: f"{_SHEN.get(m.group(1), m.group(1))}加{m.group(2)}"),
    (re.compile(f"(?:干|日|[{_G}])上(?:阳神)?([{_Z}])"), lambda m: f"干上{m.group(1)}"),
    (re.compile(f"(?:支|辰|[{_Z}])上([{_Z}])"), lambda m: f"支上{m.group(1)}"),
    (re.compile(f"(?:一课|课得)\\s*([{_Z}])[{_G}]|^[，\\s]*([{_Z}])[{_G}]、"), lambda m: f"干上{m.group(1) or m.group(2)}"),
    (re.compile("伏吟|反吟|返吟"), lambda m: "伏吟" if m.group(0) == "伏吟" else "返吟"),
    (re.compile(f"(?:三传|^)\\s*([{_Z}]{{3}})(?![{_Z}])"), lambda m: f"三傳{m.group(1)}"),
)


def _hour_general(h) -> str:
    return f"{h.group(1) or h.group(4)}時{h.group(2) or h.group(3)}將"


def lessons_in(line: str) -> list[tuple[str, str]]:
    """(day, the lesson in the book's words) of every place a line of 《六壬大全》 works a lesson: a
    day with its 占時 and 月將, with its plate (X加Y, 干上X, 支上X, the first 課, 伏吟, 返吟) or with
    its 三傳 (content/validation/daquan-kejing.yaml says how, at its head)."""
    out = []
    days = list(_DAYS.finditer(line))
    for k, d in enumerate(days):
        end = days[k + 1].start() if k + 1 < len(days) else len(line)
        stop = line.find("。", d.end())
        stop = stop if stop >= 0 else len(line)
        after = line[d.end():min(end, stop)]
        before = line[max(days[k - 1].end() if k else 0, line.rfind("。", 0, d.start()) + 1):d.start()]
        at = None
        h = _HOUR_GENERAL.search(after)
        if h:
            at = _hour_general(h)
        else:
            hb = _HOUR_GENERAL.search(before)
            g = _MONTH_GEN.search(before) or _GEN.search(before)
            hour = _HOUR.search(after) or _HOUR.search(before)
            if hb and not (k and days[k - 1].end() > line.rfind("。", 0, d.start())):
                at = _hour_general(hb)
            elif g and hour:
                general = _MONTH_GENERAL[g.group(1)] if g.re is _MONTH_GEN else g.group(1)
                at = f"{hour.group(1)}時{general}將"
            elif _HOUR.search(after) and _GEN.search(after):     # 巳時，丑月子將
                at = f"{_HOUR.search(after).group(1)}時{_GEN.search(after).group(1)}將"
        for rx, words in _PLATE if at is None else ():
            f = rx.search(after)
            if f:
                at = words(f)
                break
        if at is None and not (k + 1 < len(days) and days[k + 1].start() < stop):
            f = _PLATE[1][0].search(line[d.end():end])     # verse: the plate a sentence on
            at = _PLATE[1][1](f) if f else None
        runs = d.group(1).split("、")
        plates = [_PLATE[1][1](f) for f in _PLATE[1][0].finditer(after)]
        if len(runs) > 1 and len(plates) == len(runs):       # 甲申、乙酉寅加申、辰加酉: day by day
            out += list(zip(runs, plates))
        elif at is not None:
            out += [(day, at) for day in runs]
    return out
