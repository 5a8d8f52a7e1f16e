"""Korean particles after Hanja terms (for the placeholders of step sentences, ``{x|을}``)."""

from __future__ import annotations

from functools import lru_cache

# Korean readings of the characters that end a term in a trace sentence: a particle agrees with the
# reading's final consonant (받침).
_READING = dict(zip("甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥木火土金水上下神傳課日干支吟",
                    "갑을병정무기경신임계자축인묘진사오미신유술해목화토금수상하신전과일간지음"))


def _batchim(term: str) -> int:
    """0: no final consonant, 1: a final consonant, 2: the final consonant is ㄹ."""
    return _final(term[-1])


@lru_cache(maxsize=None)
def _final(ch: str) -> int:
    """``_batchim`` of a term ending in ``ch`` (it depends on nothing else)."""
    ko = _READING.get(ch, ch)
    code = ord(ko[-1]) - 0xAC00
    if not 0 <= code < 11172:
        return 1 if ch.isdigit() and ch in "013678" else 0
    final = code % 28
    return 0 if final == 0 else (2 if final == 8 else 1)


def i_ga(t: str) -> str:
    return t + ("이" if _batchim(t) else "가")


def eul(t: str) -> str:
    return t + ("을" if _batchim(t) else "를")


def eun(t: str) -> str:
    return t + ("은" if _batchim(t) else "는")


def gwa(t: str) -> str:
    return t + ("과" if _batchim(t) else "와")


def ro(t: str) -> str:
    return t + ("으로" if _batchim(t) == 1 else "로")
