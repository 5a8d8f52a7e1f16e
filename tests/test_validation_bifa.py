"""The lessons 《畢法賦》 (《六壬大全》 卷十一–十二) names for a 法: each is listed with its line, the
book's verdict, the site's and a class; the totals are counted from that list; a lesson classed
agrees that the site does not reproduce stops the build."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
import yaml

from sitegen.build import build
from sitegen.content.t2s import fold
from sitegen.problems import BuildError
from sites import copy_site, edit

REPO = Path(__file__).resolve().parent.parent
FILE = "content/validation/daquan-bifa.yaml"


def _lessons():
    return yaml.safe_load((REPO / FILE).read_text("utf-8"))["lessons"]


def test_each_lesson_stands_on_its_line(shared):
    folder = shared / "authorities" / "liuren-daquan"
    if not folder.is_dir():
        pytest.skip("《六壬大全》 is not in the shared folder")
    books = {n: (folder / f"juan{n}.txt").read_text("utf-8").splitlines() for n in (11, 12)}
    for x in (x for x in _lessons() if x.get("read") == "hand"):
        line = books[11 if x["fa"] <= 50 else 12][x["line"] - 1]
        day, at = x["day"], fold(x["at"])
        assert (day in line or (day[0] == "六" and f"四{day[1]}日" in line)
                or f"六{day[0]}日" in line                    # one of the six days the book names
                or (day[0] == "六" and re.search(f"[甲乙丙丁戊己庚辛壬癸]{day[1]}日", line))), x   # 「戊己日」
        assert (at in line or at.replace("加", "临") in line                     # 「卯臨申為用」
                or (at[1] == "上" and at[2] in line and ("干上" in line or "临支" in line))
                or re.search(f"{at[0]}[^，。]{{0,5}}坐在{at[2]}上", line)), x      # 「丑為晝貴坐在酉上」


def test_every_class_is_counted_from_the_list(model):
    rows = model.validation.bifa
    counts = model.validation.bifa_counts()
    assert sum(counts.values()) == len(rows) == len(_lessons()) >= 790
    assert counts["agrees"] == sum(r.agrees for r in rows)          # none the site gets wrong
    assert all(r.agrees == (r.lesson.cls == "agrees") for r in rows)
    assert {r.lesson.fa for r in rows} >= {2, 27, 42, 51, 53, 54, 59, 65, 66, 87}


def _text(path: Path) -> str:
    return re.sub(r"\s+", " ", html.unescape(re.sub(r"<[^>]+>", " ", path.read_text("utf-8"))))


def test_the_pages_show_the_counted_totals(built, model):
    counts = model.validation.bifa_counts()
    n, agree = sum(counts.values()), counts["agrees"]
    part = _text(built / "about/validation/daquan/index.html")
    assert f"法마다 드는 국 {n}개" in part and f"{n}국 가운데 일치 {agree}," in part
    assert f"사이트가 틀림 {counts['wrong']}" in part and "戊寅日 丑加酉 晝" in part
    assert f"{n}국 가운데 일치 {agree}," in _text(built / "about/validation/index.html")
    assert f"《畢法賦》가 드는 국 {agree}/{n} 일치" in _text(built / "index.html")


def test_a_lesson_the_site_gets_wrong_stops_the_build(tmp_path):
    root = copy_site(tmp_path)
    edit(root / FILE, "{fa: 51, line: 7, day: 壬午, at: 戌加亥, read: hand, class: agrees}",
         "{fa: 51, line: 7, day: 甲子, at: 戌加亥, read: hand, class: agrees}")
    edit(root / FILE, "{fa: 2, line: 137, day: 乙未, at: 卯加辰, class: agrees}",
         "{fa: 2, line: 137, day: 乙未, at: 卯加辰, class: school, note: 까닭}")
    edit(root / FILE, "at: 寅加辰\n  class: school\n  variant: mengzhongji", "at: 寅加辰\n  class: school\n  variant: tanyuan")
    lines = (root / FILE).read_text("utf-8").splitlines()
    at = [next(i for i, s in enumerate(lines, 1) if needle in s) for needle in ("甲子, at: 戌加亥", "note: 까닭")]
    school = next(i for i, s in enumerate(lines, 1) if s == "  at: 寅加辰" and lines[i] == "  class: school") - 3
    with pytest.raises(BuildError) as e:
        build(root, None)
    got = [p.format() for p in e.value.problems]
    assert got == [
        f"{FILE}:{at[1]}: 第2法 乙未日 卯加辰 is reproduced by the site, but is classed school\n"
        "    hint: class it agrees and remove its note",
        f"{FILE}:{school}: 第37法 庚午日 寅加辰: the variant tanyuan does not reproduce it either\n"
        "    hint: name the variant that does, or drop the variant and say why in the note",
        f"{FILE}:{at[0]}: 第51法 甲子日 戌加亥: the book says the 法 shows, the site says it does not\n"
        "    hint: fix the predicate, or class the lesson garbled, school, ambiguous or wrong with a note",
    ]


def test_the_list_is_every_lesson_the_book_names(shared):
    """Every place 卷十一–十二 name a lesson (a day with its plate, read as 卷七–十 are read:
    tests/daquan_lessons.py ``lessons_in``) under a 法's commentary is on the list, in the book's
    order, and nothing else but the lessons marked as read by hand."""
    from sitegen.content.authorities import BIFA, _fa_heading
    from daquan_lessons import lessons_in
    folder = shared / "authorities" / "liuren-daquan"
    if not folder.is_dir():
        pytest.skip("《六壬大全》 is not in the shared folder")
    listed = [(x["fa"], x["line"], x["day"], x["at"]) for x in _lessons() if x.get("read") != "hand"]
    found = []
    for n, fas in BIFA.items():
        heads = {k: re.compile(rf"^\S+{_fa_heading(k)}(\s|$)") for k in fas}
        fa = None
        for ln, line in enumerate((folder / f"juan{n}.txt").read_text("utf-8").splitlines(), 1):
            fa = next((k for k, rx in heads.items() if rx.match(line)), fa)
            if fa is not None:
                found += [(fa, ln, day, at) for day, at in lessons_in(line)]
    assert listed == found, (f"{len(set(found) - set(listed))} lessons the book names are not listed, "
                             f"e.g. {[x for x in found if x not in listed][:5]}; "
                             f"{len(set(listed) - set(found))} listed are not found")


def test_a_lesson_given_by_its_hour_or_its_transmissions_is_checked():
    """「戌時亥將」 is 亥 over 戌 (and that hour's 晝/夜); 「三傳卯丑亥」 some plate of the day with
    those 三傳; 三傳 no plate of the day has cannot be checked."""
    from sitegen.model.liuren.examples import evaluate_bifa
    o = evaluate_bifa("辛亥", "戌時亥將", 39)
    assert o.shows and o.lessons == (("辛亥", 12),)          # 亥 over 戌: 第12局
    o = evaluate_bifa("己亥", "三傳卯丑亥", 37)
    assert o.shows and o.transmissions == "卯丑亥"
    with pytest.raises(ValueError, match="no plate of 己亥"):
        evaluate_bifa("己亥", "三傳子子子", 37)
