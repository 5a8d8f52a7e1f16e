"""The closed sets of the hexagram engine, as enums whose value is the name the texts write (so a
value prints, compares and serialises as that name)."""

from __future__ import annotations

from enum import StrEnum


class _Named(StrEnum):
    @property
    def zh(self) -> str:
        return self.value


class Generation(_Named):
    """A hexagram's place in its palace (《京氏易傳》 八宮卦次), in order."""

    BENGONG = "本宮"
    YI = "一世"
    ER = "二世"
    SAN = "三世"
    SI = "四世"
    WU = "五世"
    YOUHUN = "遊魂"
    GUIHUN = "歸魂"


class Mark(_Named):
    """A moving line: 交 (老陰, a yin line 0→1) or 重 (老陽, a yang line 1→0) (seed 000 p23)."""

    JIAO = "交"
    ZHONG = "重"

    @property
    def old(self) -> str:
        return "老陰" if self is Mark.JIAO else "老陽"


class Relation(_Named):
    """How a trigram read on the 用 side stands to the 體 (seed 004 p01)."""

    YONG_SHENG_TI = "用生體"
    TI_SHENG_YONG = "體生用"
    YONG_KE_TI = "用剋體"
    TI_KE_YONG = "體剋用"
    BI_HE = "比和"


class Side(StrEnum):
    """Which trigram of a hexagram: the inner (下卦, lines 1–3) or the outer (上卦, lines 4–6)."""

    INNER = "inner"
    OUTER = "outer"
