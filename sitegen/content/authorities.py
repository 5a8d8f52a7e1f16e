"""The classical authorities a rule entry quotes (``authority: [{work, part, title, quote}]``), and the
check that each citation resolves: its work and part are ones we have, its title is a heading of
that part, and its quote stands, verbatim, under that heading.

The transcriptions are not the project's: they stay in the team's shared folder (``authorities/``,
simplified characters as transcribed) and are never copied in. Which works and parts a rule may
cite, and how a title is written in each, is fixed here (``WORKS``), so that an unknown work, a part
the work does not have or a title of the wrong form is reported on every load. The headings and
the quotes are checked against the transcriptions whenever ``content/site.yaml`` names a folder of
them (``authorities:``) that is there; a rule quotes in traditional characters, folded to
simplified ones (``t2s``) before it is looked for.

- 《六壬大全》: the part is the 卷 as written (``卷七``); in 卷七–十 (課經集) the title is the 課
  heading the definition stands under (``元首課``), in 卷十一–十二 (《畢法賦》) the 法 by number
  (``第1法`` … ``第100法``, 1–50 in 卷十一): its verse in the list of the hundred at the head of
  卷十一 (``第一法：…``) or heading its commentary (``…第一``), or a clause of that commentary (from
  its heading to the next 法's).
- 《卜筮正宗》 (``啟蒙節要``, ``十八論``) and 《卜筮全書》 (``卷之十四 神煞歌例``): one transcription per
  part; the title and the quote are found in it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Protocol

from ..problems import Problems
from .t2s import fold

DAQUAN = "六壬大全"
_ZH = dict(enumerate("一二三四五六七八九十", start=1)) | {11: "十一", 12: "十二"}
# 《六壬大全》: the 卷 the shared folder has, by their names as the entries write them.
JUAN = {f"卷{_ZH[n]}": n for n in (1, 2, 7, 8, 9, 10, 11, 12)}
KEJING = (7, 8, 9, 10)      # 課經集: a 課 heading and its definition
BIFA = {11: range(1, 51), 12: range(51, 101)}     # 《畢法賦》: the 法 whose commentary each 卷 holds

# The transcription of each part, under the authorities folder.
WORKS: dict[str, dict[str, str]] = {
    DAQUAN: {name: f"liuren-daquan/juan{n:02d}.txt" for name, n in JUAN.items()},
    "卜筮正宗": {"啟蒙節要": "bushi/bushi-zhengzong-qimeng.txt", "十八論": "bushi/bushi-zhengzong-18lun.txt"},
    "卜筮全書": {"卷之十四 神煞歌例": "bushi/bushi-quanshu-shensha.txt"},
}

# Lines of 課經集 that look like headings but list the forms under one 課.
SUB_HEADINGS = {"顺连茹三奇十二课", "逆连茹三奇十二课", "阳神作元武课", "阴神作元武课", "春酉将八课",
                "夏午将十二课", "秋卯将三课", "冬子将七课"}
HEADING = re.compile(r"^(\S{1,6}课)$")
_KE = re.compile(r"\S+課")
_FA = re.compile(r"第([0-9]+)法")


class Citation(Protocol):
    @property
    def work(self) -> str: ...
    @property
    def part(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def quote(self) -> str: ...


def form_problem(a: Citation) -> tuple[str, str] | None:
    """Why ``a``'s work, part or title cannot resolve, whatever the transcriptions say: (the problem,
    a hint), or None."""
    parts = WORKS.get(a.work)
    if parts is None:
        return (f"authority work 《{a.work}》 is not one we can check",
                "the work, without 《》, is one of " + ", ".join(WORKS))
    if a.part not in parts:
        return (f"《{a.work}》 has no part {a.part!r} here",
                f"the part is one of {', '.join(parts)}")
    if a.work != DAQUAN:
        return None
    n = JUAN[a.part]
    if n in KEJING and not _KE.fullmatch(a.title):
        return (f"title {a.title!r} is not a 課 heading of 《{DAQUAN}》 {a.part}",
                "in 卷七–十 the title is the 課 the definition stands under, e.g. 元首課")
    m = _FA.fullmatch(a.title)
    if n in BIFA and not (m and int(m.group(1)) in BIFA[n]):
        r = BIFA[n]
        return (f"title {a.title!r} is not a 法 of 《{DAQUAN}》 {a.part}",
                f"{a.part} comments on 第{r.start}法 to 第{r.stop - 1}法; write the title as 第N法")
    return None


def sections(text: str) -> dict[str, str]:
    """Each 課 heading of a 卷 of 課經集 and the text under it (up to the next heading)."""
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
    """A number as the book writes it: 二十一 in the verse list, 二一 in the commentary's headings."""
    if n == 100:
        return "一百"
    t, u = divmod(n, 10)
    if t == 0:
        return _CN[u]
    if short and t > 1 and u:
        return _CN[t] + _CN[u]
    return ("十" if t == 1 else _CN[t] + "十") + (_CN[u] if u else "")


def _fa_heading(n: int) -> str:
    """How the commentary on 法 ``n`` is headed after its verse: 第一 … 第九九, 一百."""
    return _cn(n) if n == 100 else "第" + _cn(n, True)


@dataclass
class Transcriptions:
    """The transcriptions under one authorities folder, each read once, when first needed."""

    root: Path

    def __post_init__(self) -> None:
        self._texts: dict[tuple[str, str], str | None] = {}
        self._sections: dict[tuple[str, str], dict[str, str]] = {}

    def text(self, work: str, part: str) -> str | None:
        key = (work, part)
        if key not in self._texts:
            path = self.root / WORKS[work][part]
            self._texts[key] = path.read_text(encoding="utf-8") if path.is_file() else None
        return self._texts[key]

    def heading_sections(self, work: str, part: str) -> dict[str, str]:
        key = (work, part)
        if key not in self._sections:
            self._sections[key] = {h: body.replace("\n", "") for h, body in sections(self.text(work, part) or "").items()}
        return self._sections[key]


def text_problem(books: Transcriptions, a: Citation) -> tuple[str, str] | None:
    """Why ``a`` (of a resolvable form) does not resolve in its work's transcription: its title is
    not a heading of its part, or its quote is not under it; None when it does, or when that part's
    transcription is not in the folder."""
    text = books.text(a.work, a.part)
    if text is None:
        return None
    where = f"《{a.work}》 {a.part}"
    q = fold(a.quote)
    hint = ("quote the clause verbatim, in traditional characters, from under that heading (the "
            f"transcription {WORKS[a.work][a.part]} writes it in simplified ones)")
    not_found = (f"quote 「{a.quote}」 is not under {a.title} in {where}", hint)
    m = _FA.fullmatch(a.title) if a.work == DAQUAN else None
    if m:
        n = int(m.group(1))
        head = re.search(rf"^\S+{_fa_heading(n)}(\s|$)", text, re.M)
        if not head:
            return (f"{where} has no commentary headed {a.title}",
                    f"法 {n} is commented on in 卷{_ZH[next(j for j, r in BIFA.items() if n in r)]}")
        verses = books.text(DAQUAN, "卷十一") or ""
        if f"第{_cn(n)}法：{q}" in verses or f"{q}{_fa_heading(n)}" in text:
            return None
        after = re.search(rf"^\S+{_fa_heading(n + 1)}(\s|$)", text[head.end():], re.M) if n < 100 else None
        body = text[head.start():head.end() + after.start()] if after else text[head.start():]
        return None if q in body.replace("\n", "") else not_found
    if a.work == DAQUAN and JUAN[a.part] in KEJING:
        found = books.heading_sections(a.work, a.part)
        section = found.get(fold(a.title))
        if section is None:
            return (f"{a.title} is not a 課 heading of {where}",
                    "the 課 headings of this 卷 (as transcribed, simplified) are " + "，".join(found))
        return None if q in section else not_found
    if fold(a.title) not in text:
        return (f"{a.title} is not a title in {where}", "write the title as the book heads the passage")
    return None if q in text.replace("\n", "") else (f"quote 「{a.quote}」 is not in {where}", hint)


def check_authorities(entries: Iterable, folder: Path, problems: Problems) -> int:
    """Report every rule entry's citation whose title or quote is not in the transcriptions under
    ``folder`` (a citation of the wrong form was reported at load); how many were found there."""
    books = Transcriptions(folder)
    found = 0
    for e in entries:
        for a in e.authority:
            if form_problem(a) is not None or books.text(a.work, a.part) is None:
                continue
            why = text_problem(books, a)
            if why is None:
                found += 1
            else:
                problems.add(e.file, a.line, f"rule {e.id}: {why[0]}", why[1])
    return found
