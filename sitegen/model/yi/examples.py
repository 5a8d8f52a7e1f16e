"""Checking the seeds' worked examples against the engine (content/validation/yi-seeds.yaml).

``evaluate_example(check)`` is pure: it reads a mapping of claims and compares each with what the
engine computes. Keys (every one optional except as noted; an unknown key is an error):

hexagram and change
  from            本卦: number, short name (姤), full name (天風姤) or a text's variant (遁); or a
                  list of names, for claims about each of several hexagrams (no ``to`` then)
  to              變卦 (makes the claims about a change); absent: the hexagram alone
  kin_variant     "ben-palace" (default) or "bian-palace"
  bits            six "1"/"0", bottom line first
  palace, generation, shi, ying
  najia           {line: 干支}             liuqin {line: 六親}
  missing         [六親]: each is absent from the six lines
  kin_count       {六親: n}: exactly n lines carry it
  fushen          [{line, najia?, liuqin?}]: each matches one 伏神; an empty list: there is none
  palace_lines    {line: {najia?, liuqin?}}: the 本宮 line under that line (000 p40 飛之下本宮六爻)
  hexagram_rules  [rule name or id]: hold on the 本卦 (each ``from``)
  shi_ying        [應生世 世生應 應剋世 世剋應 比和 相合 相沖]: each holds between 應 and 世
  self_punish     [line]: the line's branch punishes itself (辰 午 酉 亥)
  stage           [{element or liuqin, branch, stage}]: 十二長生 (六爻 table; liuqin against the palace)
  ganzhi_he       [[干支, 干支]]: stems 五合 and branches 六合 (天地合德)
  moving          [line] exactly        moving_includes [line]        still  true/false
  line_changes    {line: {from?, to?, from_liuqin?, to_liuqin?, mark?, rules?: [name or id]}}
  change_rules    [rule name or id]: whole-change rules that hold
  meihua          {ti?, yong?, relation?}   (None when 體用 is undefined: ``meihua: null``)
  meihua_bian     {trigram?, relation?}: the 用 trigram after the change
  meihua_hu       [trigram or {trigram, relation?}]: the two 互 trigrams (of the 變卦), any order
tables (no ``from`` needed)
  trigram_changes [{trigram, moving: [1..3], to}]: what a trigram becomes when those lines move
  line_rule_pairs [{from, to, rules}]: branches (子 → 未) or elements (金 → 火; then only the
                  element rules 回頭生/回頭剋 are read) and the line rules that must hold
  liuhe_set / liuchong_set  [names]: exactly the hexagrams whose three pairs all 合 / all 沖
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sitegen.model.ganzhi import Branch, Element, GanZhi, Kin, Stage, ganzhi_combine, kin, stage
from sitegen.model.options import KinVariant
from sitegen.model.yi.change import change, line_rule_ids, trigram_after
from sitegen.model.yi.hexagram import HEXAGRAMS, Hexagram, hexagram_by_name
from sitegen.model.steps import Pieces, Word, plain
from sitegen.model.yi.rules import RULES_BY_ID
from sitegen.model.yi.trigram import trigram


@dataclass(frozen=True)
class ExampleOutcome:
    agrees: bool
    expected: Pieces           # short summary of what the seed states (as checked)
    actual: Pieces             # the engine's values for the same claims
    mismatches: tuple[str, ...] = ()


_KIN_BY_ZH = {k.zh: k for k in Kin} | {k.short: k for k in Kin}
_STAGE_BY_ZH = {s.zh: s for s in Stage} | {
    "敗": Stage.MUYU, "生": Stage.CHANGSHENG, "旺": Stage.DIWANG}
_ELEMENT_BY_ZH = {e.zh: e for e in Element}
_RULE_BY_NAME: dict[str, str] = {}
for _id, _r in RULES_BY_ID.items():
    _RULE_BY_NAME[_r.zh] = _id
    _RULE_BY_NAME.setdefault(_r.zh.split(" (")[0], _id)
_ELEMENT_RULES = {"yi-hui-tou-sheng", "yi-hui-tou-ke"}


def _rule_id(x: str) -> str:
    if x in RULES_BY_ID:
        return x
    if x in _RULE_BY_NAME:
        return _RULE_BY_NAME[x]
    raise ValueError(f"unknown rule: {x!r}")


def _names(ids) -> str | Word:
    return "·".join(RULES_BY_ID[i].zh for i in ids) or Word.NONE


def _shi_ying(h: Hexagram) -> set[str]:
    s, y = h.najia[h.shi - 1].branch, h.najia[h.ying - 1].branch
    out = set()
    if y.element.generates(s.element):
        out.add("應生世")
    if s.element.generates(y.element):
        out.add("世生應")
    if y.element.overcomes(s.element):
        out.add("應剋世")
    if s.element.overcomes(y.element):
        out.add("世剋應")
    if s.element == y.element:
        out.add("比和")
    if s.combine == y:
        out.add("相合")
    if s.opposite == y:
        out.add("相沖")
    return out


def _pieces(x: Any) -> Pieces:
    """A label or a value as pieces: a tuple of pieces as it is, a word alone, anything else in text."""
    if isinstance(x, tuple):
        return x
    return (x,) if isinstance(x, Word) else (str(x),)


def _joined(sep: str, parts: list[Pieces]) -> Pieces:
    return tuple(p for i, part in enumerate(parts) for p in ((sep,) if i else ()) + part)


class _Eval:
    def __init__(self) -> None:
        self.exp: list[Pieces] = []
        self.act: list[Pieces] = []
        self.bad: list[str] = []

    def add(self, label: Any, expected: Any, actual: Any, ok: bool) -> None:
        label, expected, actual = _pieces(label), _pieces(expected), _pieces(actual)
        self.exp.append(label + (" ",) + expected)
        self.act.append(label + (" ",) + actual)
        if not ok:
            self.bad.append(plain(label + (": ",) + expected + (" ≠ ",) + actual))


def _check_hexagram(ev: _Eval, h: Hexagram, c: Mapping[str, Any], tag: str) -> None:
    if "bits" in c:
        ev.add(f"{tag}爻", c["bits"], h.lines, c["bits"] == h.lines)
    if "palace" in c:
        ev.add(f"{tag}宮", c["palace"], h.palace.name, c["palace"] == h.palace.name)
    if "generation" in c:
        ev.add(f"{tag}世代", c["generation"], h.generation, c["generation"] == h.generation)
    if "shi" in c:
        ev.add(f"{tag}世", c["shi"], h.shi, c["shi"] == h.shi)
    if "ying" in c:
        ev.add(f"{tag}應", c["ying"], h.ying, c["ying"] == h.ying)
    for n, gz in (c.get("najia") or {}).items():
        a = h.najia[int(n) - 1].zh
        ev.add(f"{tag}{n}爻", gz, a, gz == a)
    for n, k in (c.get("liuqin") or {}).items():
        a = h.liuqin[int(n) - 1].zh
        ev.add(f"{tag}{n}爻", k, a, _KIN_BY_ZH[k].zh == a)
    if "missing" in c:
        miss = {k.zh for k in h.missing_liuqin}
        want = [_KIN_BY_ZH[k].zh for k in c["missing"]]
        ev.add(f"{tag}無", "·".join(want), "·".join(sorted(miss)) or Word.NONE, set(want) <= miss)
    for k, n in (c.get("kin_count") or {}).items():
        count = len(h.lines_of(_KIN_BY_ZH[k]))
        ev.add((f"{tag}{k} ", Word.COUNT), n, count, n == count)
    if "fushen" in c:
        fushen = [(f.line, f.najia.zh, f.liuqin.zh) for f in h.fushen]
        have_s = ", ".join(f"{ln}爻下 {gz}{k}" for ln, gz, k in fushen) or Word.NONE
        want = c["fushen"]
        if not want:
            ev.add(f"{tag}伏神", Word.NONE, have_s, not fushen)
        for w in want:
            ok = any(ln == w["line"] and w.get("najia", gz) == gz
                     and _KIN_BY_ZH[w.get("liuqin", k)].zh == k for ln, gz, k in fushen)
            want_s = f"{w['line']}爻下 {w.get('najia', '')}{w.get('liuqin', '')}"
            ev.add(f"{tag}伏神", want_s, have_s, ok)
    for n, w in (c.get("palace_lines") or {}).items():
        gz, k = h.palace_lines[int(n) - 1]
        ok = w.get("najia", gz.zh) == gz.zh and _KIN_BY_ZH[w.get("liuqin", k.zh)] == k
        want_s = f"{w.get('najia', '')}{w.get('liuqin', '')}"
        ev.add(f"{tag}{n}爻下 本宮爻", want_s, f"{gz.zh}{k.zh}", ok)
    if "hexagram_rules" in c:
        want = [_rule_id(r) for r in c["hexagram_rules"]]
        have = set(h.rule_ids)
        ev.add(f"{tag}卦", _names(want), _names(h.rule_ids), set(want) <= have)
    if "shi_ying" in c:
        have = _shi_ying(h)
        ok = set(c["shi_ying"]) <= have
        ev.add(f"{tag}世應", "·".join(c["shi_ying"]), "·".join(sorted(have)), ok)
    if "self_punish" in c:
        lines = [i + 1 for i, b in enumerate(h.branches) if b.self_punishing]
        ev.add(f"{tag}自刑爻", c["self_punish"], lines, set(c["self_punish"]) <= set(lines))


def _check_change(ev: _Eval, ben: Hexagram, bian: Hexagram, c: Mapping[str, Any]) -> None:
    ch = change(ben.number, bian.number, kin_variant=c.get("kin_variant", KinVariant.BEN_PALACE))
    if "moving" in c:
        ev.add("動爻", list(c["moving"]), list(ch.moving), list(c["moving"]) == list(ch.moving))
    if "moving_includes" in c:
        ok = set(c["moving_includes"]) <= set(ch.moving)
        ev.add(("動爻 ", Word.INCLUDES), list(c["moving_includes"]), list(ch.moving), ok)
    if "still" in c:
        ev.add("靜卦", c["still"], ch.still, bool(c["still"]) == ch.still)
    by_line = {ln.line: ln for ln in ch.lines}
    for n, w in (c.get("line_changes") or {}).items():
        ln = by_line.get(int(n))
        if ln is None:
            ev.add(f"{n}爻", Word.MOVING_LINE, "靜", False)
            continue
        pairs = (("from", (Word.BEN_LINE,), ln.ben_najia.zh), ("to", (Word.BIAN_LINE,), ln.bian_najia.zh),
                 ("from_liuqin", (Word.BEN_LINE, " 六親"), ln.ben_liuqin.zh),
                 ("to_liuqin", (Word.BIAN_LINE, " 六親"), ln.bian_liuqin.zh), ("mark", ("交重",), ln.mark))
        for key, label, a in pairs:
            if key in w:
                v = _KIN_BY_ZH[w[key]].zh if key.endswith("liuqin") else w[key]
                ev.add((f"{n}爻 ", *label), v, a, v == a)
        if "rules" in w:
            want = [_rule_id(r) for r in w["rules"]]
            ev.add(f"{n}爻 化", _names(want), _names(ln.rule_ids), set(want) <= set(ln.rule_ids))
    if "change_rules" in c:
        want = [_rule_id(r) for r in c["change_rules"]]
        ev.add("變", _names(want), _names(ch.rule_ids), set(want) <= set(ch.rule_ids))
    if "meihua" in c:
        m, w = ch.meihua, c["meihua"]
        if w is None:
            ev.add("體用", Word.NONE, Word.NONE if m is None else m.relation, m is None)
        elif m is None:
            ev.add("體用", w, Word.NONE, False)
        else:
            for key, a in (("ti", m.ti.name), ("yong", m.yong.name), ("relation", m.relation)):
                if key in w:
                    ev.add({"ti": "體", "yong": "用", "relation": "用→體"}[key], w[key], a, w[key] == a)
    if "meihua_bian" in c:
        m, w = ch.meihua, c["meihua_bian"]
        if m is None:
            ev.add("變卦", w, ("體用 ", Word.NONE), False)
        else:
            for key, title, a in (("trigram", "變卦", m.bian.trigram.name),
                                  ("relation", "變→體", m.bian.relation)):
                if key in w:
                    ev.add(title, w[key], a, w[key] == a)
    if "meihua_hu" in c:
        m = ch.meihua
        hu: list[Mapping[str, Any]] = [w if isinstance(w, Mapping) else {"trigram": w}
                                       for w in c["meihua_hu"]]
        want_s = "·".join(w["trigram"] + (f"({w['relation']})" if "relation" in w else "")
                          for w in hu)
        if m is None:
            ev.add("互", want_s, ("體用 ", Word.NONE), False)
        else:
            have = [(r.trigram.name, r.relation) for r in m.hu]
            have_s = "·".join(f"{t}({r})" for t, r in have)
            pool = list(have)
            ok = len(hu) == len(pool)
            for w in hu:
                hit = next((p for p in pool if p[0] == w["trigram"]
                            and w.get("relation", p[1]) == p[1]), None)
                if hit is None:
                    ok = False
                else:
                    pool.remove(hit)
            ev.add("互", want_s, have_s, ok)


def _check_tables(ev: _Eval, c: Mapping[str, Any], palace_el: Element | None) -> None:
    for w in c.get("stage") or ():
        if "element" in w:
            el = _ELEMENT_BY_ZH[w["element"]]
            label = w["element"]
        else:
            if palace_el is None:
                raise ValueError("a stage by liuqin needs a 'from' hexagram")
            k = _KIN_BY_ZH[w["liuqin"]]
            el = next(e for e in Element if kin(palace_el, e) == k)
            label = f"{k.zh}({el.zh})"
        got_stage = stage(el, Branch.from_zh(w["branch"]))
        want_stage = _STAGE_BY_ZH[w["stage"]]
        ev.add(f"{label} {w['branch']}", want_stage.zh, got_stage.zh, got_stage == want_stage)
    for pair in c.get("ganzhi_he") or ():
        a, b = (GanZhi.from_zh(x) for x in pair)
        ev.add(f"{a.zh}·{b.zh}", "合", "合" if ganzhi_combine(a, b) else "不合", ganzhi_combine(a, b))
    for w in c.get("trigram_changes") or ():
        got = trigram_after(trigram(w["trigram"]), w["moving"]).name
        ev.add(f"{w['trigram']} {w['moving']}動", w["to"], got, got == w["to"])
    for w in c.get("line_rule_pairs") or ():
        want = [_rule_id(r) for r in w["rules"]]
        if w["from"] in _ELEMENT_BY_ZH:
            ea, eb = _ELEMENT_BY_ZH[w["from"]], _ELEMENT_BY_ZH[w["to"]]
            have: list[str] = [r for r in ("yi-hui-tou-sheng", "yi-hui-tou-ke")
                    if (r == "yi-hui-tou-sheng" and eb.generates(ea))
                    or (r == "yi-hui-tou-ke" and eb.overcomes(ea))]
            if not set(want) <= _ELEMENT_RULES:
                raise ValueError("an element pair only checks 回頭生/回頭剋")
        else:
            have = list(line_rule_ids(Branch.from_zh(w["from"]), Branch.from_zh(w["to"])))
        ev.add(f"{w['from']}化{w['to']}", _names(want), _names(have), set(want) <= set(have))
    for key, attr, label in (("liuhe_set", "liuhe", "六合卦"), ("liuchong_set", "liuchong", "六沖卦")):
        if key in c:
            want_set = {hexagram_by_name(x).number for x in c[key]}
            have_set = {h.number for h in HEXAGRAMS if getattr(h, attr)}
            fmt = lambda ns: "·".join(HEXAGRAMS[n - 1].short for n in sorted(ns))  # noqa: E731
            ev.add(label, fmt(want_set), fmt(have_set), want_set == have_set)


_KEYS = {
    "from", "to", "kin_variant", "bits", "palace", "generation", "shi", "ying", "najia", "liuqin",
    "missing", "kin_count", "fushen", "palace_lines", "hexagram_rules", "shi_ying", "self_punish",
    "stage", "ganzhi_he", "moving", "moving_includes", "still", "line_changes", "change_rules",
    "meihua", "meihua_bian", "meihua_hu", "trigram_changes", "line_rule_pairs", "liuhe_set",
    "liuchong_set",
}
_CHANGE_KEYS = {"moving", "moving_includes", "still", "line_changes", "change_rules", "meihua",
                "meihua_bian", "meihua_hu", "kin_variant"}


def evaluate_example(check: Mapping[str, Any]) -> ExampleOutcome:
    """Compare a seed example's claims with the engine (see the module docstring for the keys)."""
    unknown = set(check) - _KEYS
    if unknown:
        raise ValueError(f"unknown check keys: {sorted(unknown)}")
    ev = _Eval()
    palace_el = None
    if "from" in check:
        froms = check["from"] if isinstance(check["from"], list) else [check["from"]]
        hexes = [hexagram_by_name(f) for f in froms]
        if "to" in check:
            if len(hexes) != 1:
                raise ValueError("a change has one 'from'")
            ben, bian = hexes[0], hexagram_by_name(check["to"])
            ev.exp.append((f"{ben.short}之{bian.short}",))
            ev.act.append((f"{ben.short}之{bian.short}",))
            _check_hexagram(ev, ben, check, "")
            _check_change(ev, ben, bian, check)
        else:
            if set(check) & _CHANGE_KEYS:
                raise ValueError("change claims need a 'to'")
            for h in hexes:
                tag = f"{h.short} " if len(hexes) > 1 else ""
                if len(hexes) == 1:
                    ev.exp.append((h.short,))
                    ev.act.append((h.short,))
                _check_hexagram(ev, h, check, tag)
        palace_el = hexes[0].palace_element
    elif set(check) & (_CHANGE_KEYS | {"to"}):
        raise ValueError("change claims need a 'from'")
    _check_tables(ev, check, palace_el)
    if len(ev.exp) == 0:
        raise ValueError("an example must claim something")
    return ExampleOutcome(agrees=not ev.bad, expected=_joined("; ", ev.exp), actual=_joined("; ", ev.act),
                          mismatches=tuple(ev.bad))
