"""Casting a hexagram (起卦): three coins, or 梅花 by the time or by numbers.

Pure. The rules:
- Coins (《卜筮正宗》 啟蒙節要; 《火珠林》 擲錢法): each throw of three coins gives 6 (老陰, a moving
  yin line), 7 (少陽), 8 (少陰) or 9 (老陽, a moving yang line); six throws from the bottom line.
- 梅花 by the time (《梅花易數》 卷一 年月日時起例): the year's branch number (子 1 … 亥 12) + the lunar
  month + the lunar day, taken by eight, gives the upper trigram by its 先天 number (乾1 兌2 離3 震4
  巽5 坎6 艮7 坤8; a remainder of 0 is 坤 8); that sum + the hour's branch number gives the lower
  trigram the same way, and taken by six the moving line (a remainder of 0 is line 6).
- 梅花 by numbers (報數): with two numbers, the first gives the upper trigram, the second the lower,
  their sum + the hour's number the moving line; with three, the third number's sum with the other
  two gives the moving line (the hour is not added).

The cast page does not repeat these rules: :func:`page_table` gives it the same evaluated.
"""

from __future__ import annotations

import re

from sitegen.model.yi.change import Change, change
from sitegen.model.yi.hexagram import Hexagram
from sitegen.model.yi.trigram import TRIGRAMS_BY_NAME

XIANTIAN = ("乾", "兌", "離", "震", "巽", "坎", "艮", "坤")     # 先天 numbers 1..8
COIN = (2, 3)       # a coin's value: 字 (the inscribed side) 2, 背 (the plain side) 3; three make the throw
# A throw: (this line in the 本卦 is yang, it moves).
THROWS = {"6": (False, True), "7": (True, False), "8": (False, False), "9": (True, True)}
_LINES = re.compile(r"[6789]{6}")


class CastingError(ValueError):
    """Input no casting can read: the message is one line naming the problem."""


def from_throws(lines: str) -> Change:
    """The change of six throws 6/7/8/9, bottom line first."""
    if not isinstance(lines, str) or not _LINES.fullmatch(lines):
        raise CastingError(f"{lines!r} is not six throws: give six digits 6, 7, 8 or 9 from the "
                           "bottom line, such as 789768")
    ben = "".join("1" if THROWS[x][0] else "0" for x in lines)
    bian = "".join(("0" if b == "1" else "1") if THROWS[x][1] else b for x, b in zip(lines, ben))
    return change(Hexagram.from_lines(ben).number, Hexagram.from_lines(bian).number)


def trigram_of(n: int) -> str:
    """The trigram of ``n`` taken by eight (先天 number; a remainder of 0 is 坤)."""
    return XIANTIAN[(n - 1) % 8]


def moving_of(n: int) -> int:
    """The moving line of ``n`` taken by six (a remainder of 0 is line 6)."""
    return (n - 1) % 6 + 1


def _change(upper: str, lower: str, line: int) -> Change:
    bits = TRIGRAMS_BY_NAME[lower].lines + TRIGRAMS_BY_NAME[upper].lines
    ben = Hexagram.from_lines(bits)
    b = list(bits)
    b[line - 1] = "0" if b[line - 1] == "1" else "1"
    return change(ben.number, Hexagram.from_lines("".join(b)).number)


def by_time(year_branch: int, month: int, day: int, hour_branch: int) -> tuple[Change, dict]:
    """梅花 by the time: branches 子 = 0 …, the lunar month 1..12 and day 1..30."""
    y, h = year_branch + 1, hour_branch + 1          # branch numbers: 子 1 … 亥 12
    upper_n = y + month + day
    total = upper_n + h
    numbers = {"year": y, "month": month, "day": day, "hour": h, "upper": upper_n, "total": total}
    return _change(trigram_of(upper_n), trigram_of(total), moving_of(total)), numbers


def by_numbers(numbers: list[int], hour_branch: int) -> tuple[Change, dict]:
    """梅花 by two or three whole numbers (1 or more)."""
    if not 2 <= len(numbers) <= 3 or any(not isinstance(n, int) or n < 1 for n in numbers):
        raise CastingError("give two or three whole numbers of 1 or more, such as 3,8 or 3,8,5")
    total = sum(numbers) + (hour_branch + 1 if len(numbers) == 2 else 0)
    info = {"numbers": list(numbers), "hour": hour_branch + 1 if len(numbers) == 2 else None, "total": total}
    return _change(trigram_of(numbers[0]), trigram_of(numbers[1]), moving_of(total)), info


def page_table() -> dict:
    """The rules above evaluated for the cast page: the line each throw gives, the trigram of each
    remainder by eight and the line of each remainder by six (index: the remainder)."""
    return {
        "throws": {k: [int(a), int(b)] for k, (a, b) in THROWS.items()},
        "branch_number": [b + 1 for b in range(12)],      # 子 1 … 亥 12
        "coin": list(COIN),
        "trigram": [TRIGRAMS_BY_NAME[trigram_of(r)].lines for r in range(8)],
        "line": [moving_of(r) for r in range(6)],
    }
