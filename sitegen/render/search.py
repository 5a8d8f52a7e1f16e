"""The search index: one classic script (``search/index.js``) that the search page loads with
``<script src>``, so searching works opened from disk as well as served.

The index holds every text paragraph (both languages), text, rule and term as a document, plus
compact tables from which the search page makes the lesson, hexagram and change results itself
(60 days × 12 plates, 64 hexagrams → 4,096 changes) instead of storing 4,816 documents. Matching
happens in the browser on syllable/character bigrams after folding traditional characters to
simplified ones (so 青龙 finds 青龍); ``t2s`` carries only the pairs the corpus needs.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..model import addresses as A
from ..model import yi
from ..model.ganzhi import SIXTY
from ..model.site import Site
from ..content.names import SEARCH_PAGES
from ..content.t2s import t2s_table
from .refs import plain

# Toneless pinyin of the 64 short names, King Wen order (facts; for queries typed in pinyin).
HEXAGRAM_PINYIN = (
    "qian", "kun", "zhun", "meng", "xu", "song", "shi", "bi", "xiao-xu", "lü lv lu", "tai", "pi",
    "tong-ren", "da-you", "qian", "yu", "sui", "gu", "lin", "guan", "shi-he", "bi ben", "bo", "fu",
    "wu-wang", "da-xu", "yi", "da-guo", "kan", "li", "xian", "heng", "dun", "da-zhuang", "jin",
    "ming-yi", "jia-ren", "kui", "jian", "jie", "sun", "yi", "guai", "gou", "cui", "sheng", "kun",
    "jing", "ge", "ding", "zhen", "gen", "jian", "gui-mei", "feng", "lü lv lu", "xun", "dui", "huan",
    "jie", "zhong-fu", "xiao-guo", "ji-ji", "wei-ji",
)

_MD = re.compile(r"[*_`#>\[\]]|\]\([^)]*\)")


def index_data(site: Site) -> dict[str, Any]:
    docs: list[list[str]] = []
    said = site.names.phrases["search"]
    for t in site.texts.values():
        docs.append(["t", t.title_zh, t.title_ko, A.text(t.slug).file, t.summary])
        short = t.title_zh.split(" · ")[0]
        for p in t.paragraphs:
            s = t.section_of(p.id)
            sub = f"{s.zh} · {s.ko}" if s else t.title_ko
            docs.append(["p", f"{short} #{p.id}", sub, f"{A.text(t.slug).file}#{p.id}",
                         f"{p.zh}\n{p.ko}"])
    for r in site.rules.values():
        fam = site.names.families[r.family]
        body = " ".join([r.zh, r.ko, r.id, _MD.sub("", plain(site.texts, r.entry.definition))])
        docs.append(["r", f"{r.zh} {r.ko}", said["rule"].format(zh=fam[0], ko=fam[1]), A.rule(r.id).file, body])
    for term in site.terms.values():
        body = " ".join([term.zh, term.ko, *term.aliases, _MD.sub("", plain(site.texts, term.gloss))])
        docs.append(["g", f"{term.zh} {term.ko}", said["term"], A.term(term.id).file, body])
    for b in site.content.books:
        docs.append(["b", f"{b.zh} {b.ko}", said["book"], A.book(b.slug).file,
                     " ".join([b.zh, b.ko, *b.aliases, b.about])])
    for key in SEARCH_PAGES:
        page, entry = site.registry.get(key), said["pages"][key]
        if page is not None:
            docs.append(["s", entry["title"], entry["sub"], page.address.file, entry["words"]])

    lessons = []
    for day in SIXTY:
        row = []
        for plate in range(1, 13):
            l = site.lesson(day, plate)
            row.append(l.gan_shang.zh + "".join(b.zh for b in l.transmissions) + "|" + l.method
                       + ("·" + l.ke if l.ke != l.method else ""))
        lessons.append(row)
    names = site.content.names
    assert names is not None        # the model is built only on names that loaded
    words = site.content.search_words
    days = [[d.zh, names.ganzhi(d), d.slug] for d in SIXTY]
    hexes = [[h.number, h.short, h.name, names.hexagram(h), names.hexagram_short(h),
              HEXAGRAM_PINYIN[h.number - 1], h.lines, *other_names(h, names.hexagram(h), words)]
             for h in yi.HEXAGRAMS]

    used: set[str] = set()
    for d in docs:
        used.update(d[1])
        used.update(d[4])
    for h in yi.HEXAGRAMS:
        used.update(h.name)
    table = t2s_table()
    t2s = "".join(k + v for k, v in sorted(table.items()) if k in used)
    out = {"v": 1, "t2s": t2s, "docs": docs, "days": days, "lessons": lessons, "hexes": hexes}
    if words is not None:
        out["suffixes"] = ["".join(words.suffixes), "".join(words.hexagram_suffixes)]
        out["synonyms"] = {w: target for target, ws, _ in words.synonyms for w in ws}
    return out


def other_names(h, ko: str, words) -> list[str]:
    """The names readers write for a hexagram besides those the site prints: its two trigrams'
    images (天風, 천풍), or for the eight doubled ones the 重X form (重天乾, 중천건). ``ko`` is the
    full name's reading (천풍구)."""
    if h.name[1] == "為":                # 乾為天: the image is the last character
        return [] if words is None else [words.doubled + h.name[2] + h.short, words.doubled_ko[h.short]]
    n = len(h.short)
    return [h.name[:-n], ko[:-n]]


def index_script(site: Site) -> bytes:
    data = json.dumps(index_data(site), ensure_ascii=False, separators=(",", ":"))
    return ("/* sitegen search index: generated, do not edit */\nwindow.SITEGEN_SEARCH=" + data + ";\n").encode()
