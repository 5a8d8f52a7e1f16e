"""The classical authorities of the shared folder (``authorities/``) as the tests read them, and the
one check of a rule entry's ``authority`` quote: it stands, verbatim (up to simplified characters),
under its heading in the transcription of its work. Which transcription and how a heading is found
depend on the work (``WORKS``).
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from sitegen.render.search import t2s_table

DAQUAN = "六壬大全"
_ZH = dict(enumerate("一二三四五六七八九十", start=1)) | {11: "十一", 12: "十二"}
# 《六壬大全》: the part is the 卷 as the entries write it (卷七), its file juanNN.txt.
JUAN = {f"卷{zh}": n for n, zh in _ZH.items()}
# Lines of the transcription that look like headings but list the forms under one 課.
SUB_HEADINGS = {"顺连茹三奇十二课", "逆连茹三奇十二课", "阳神作元武课", "阴神作元武课", "春酉将八课",
                "夏午将十二课", "秋卯将三课", "冬子将七课"}
HEADING = re.compile(r"^(\S{1,6}课)$")
# 《卜筮正宗》, 《卜筮全書》: one transcription per part.
BUSHI = {("卜筮正宗", "啟蒙節要"): "bushi-zhengzong-qimeng.txt",
         ("卜筮正宗", "十八論"): "bushi-zhengzong-18lun.txt",
         ("卜筮全書", "卷之十四 神煞歌例"): "bushi-quanshu-shensha.txt"}


@lru_cache(maxsize=1)
def _fold_table() -> dict[int, str]:
    return {ord(k): v for k, v in t2s_table().items()}


def fold(s: str) -> str:
    """Traditional characters as the transcriptions write them (simplified)."""
    return s.translate(_fold_table())


@lru_cache(maxsize=None)
def daquan(shared: Path) -> dict[int, str]:
    """The 卷 of 《六壬大全》 the shared folder has, by number."""
    d = shared / "authorities" / "liuren-daquan"
    return {n: (d / f"juan{n:02d}.txt").read_text(encoding="utf-8") for n in range(1, 13)
            if (d / f"juan{n:02d}.txt").exists()}


def sections(text: str) -> dict[str, str]:
    """Each 課 heading of a 卷 and the text under it (up to the next heading)."""
    out: dict[str, str] = {}
    current = None
    for line in text.splitlines():
        m = HEADING.match(line.strip())
        if m and m.group(1) not in SUB_HEADINGS:
            current = m.group(1)
            out[current] = out.get(current, "")
            continue
        if current:
            out[current] += line + "\n"
    return out


_CN = "零一二三四五六七八九"


def _cn(n: int, short: bool = False) -> str:
    """A number as the book writes it: 二十一 in the verse list, 二一 in the headings."""
    if n == 100:
        return "一百"
    t, u = divmod(n, 10)
    if t == 0:
        return _CN[u]
    if short and t > 1 and u:
        return _CN[t] + _CN[u]
    return ("十" if t == 1 else _CN[t] + "十") + (_CN[u] if u else "")


def _daquan_quoted(shared: Path, part: str, title: str, quote: str) -> bool:
    books = daquan(shared)
    n = JUAN.get(part)
    if n not in books:
        return False
    q = fold(quote)
    m = re.fullmatch(r"第([0-9]+)法", title)
    if m:   # a 法's verse: in the verse list of 卷十一 (第N法：…) or as the heading of its commentary
        number = int(m.group(1))
        return f"第{_cn(number)}法：{q}" in books.get(11, "") or f"{q}第{_cn(number, True)}" in books[n]
    return q in sections(books[n]).get(fold(title), "").replace("\n", "")


@lru_cache(maxsize=None)
def _bushi_text(shared: Path, name: str) -> str:
    return (shared / "authorities" / "bushi" / name).read_text(encoding="utf-8")


def _bushi_quoted(shared: Path, work: str, part: str, title: str, quote: str) -> bool:
    name = BUSHI.get((work, part))
    if name is None:
        return False
    text = _bushi_text(shared, name)
    return fold(quote) in text.replace("\n", "") and fold(title) in text


WORKS = {
    DAQUAN: lambda shared, a: _daquan_quoted(shared, a.part, a.title, a.quote),
    "卜筮正宗": lambda shared, a: _bushi_quoted(shared, a.work, a.part, a.title, a.quote),
    "卜筮全書": lambda shared, a: _bushi_quoted(shared, a.work, a.part, a.title, a.quote),
}


def quoted(shared: Path, a) -> bool:
    """Whether an ``authority`` citation's quote stands under its heading in its work."""
    check = WORKS.get(a.work)
    return check is not None and check(shared, a)
