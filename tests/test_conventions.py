"""Schools side by side: every convention's options on every chart, the conventions page, the
agreement report, and the site's choice of default in content/site.yaml.

Reads the session's ``model`` and ``built`` site; the error tests load single files of a copy.
"""

from __future__ import annotations

import dataclasses
import json
import re
import shutil

import pytest

from conftest import REPO
from sitegen.content import load_content
from sitegen.content.config import load_config
from sitegen.content.conventions import load_conventions
from sitegen.model import liuren
from sitegen.model.conventions import CONVENTIONS, OPTIONS, check_conventions
from sitegen.model.ganzhi import SIXTY, GanZhi
from sitegen.model.liuren.variants import SHEHAI_OPTIONS, reaches_shehai
from sitegen.model.site import build_site
from sitegen.problems import Problems


def _lesson(data, day, plate):
    return next(x for x in data if x["day"] == day and x["plate"] == plate)


@pytest.fixture(scope="module")
def liuren_data(built):
    return json.loads((built / "data" / "liuren.json").read_text(encoding="utf-8"))


def test_every_lesson_lists_exactly_the_options_that_change_it(liuren_data):
    """data/liuren.json: per lesson, each 涉害 option whose 三傳 or names differ, with what differs."""
    assert len(liuren_data) == 720
    for row in liuren_data:
        day = GanZhi.from_zh(row["day"])
        assert set(row["variants"]) <= set(OPTIONS)
        base = liuren.lesson(day, row["plate"])
        for option, value in SHEHAI_OPTIONS.items():
            other = liuren.lesson(day, row["plate"], shehai=value)
            changed = ((other.transmissions, other.method, other.ke, other.basis_ke)
                       != (base.transmissions, base.method, base.ke, base.basis_ke))
            assert (option in row["variants"]) == changed, (row["day"], row["plate"], option)
            if changed:
                assert reaches_shehai(base)
                got = row["variants"][option]
                assert got.get("transmissions", row["transmissions"]) == [b.zh for b in other.transmissions]
                assert "transmissions" not in got or got["transmissions"] != row["transmissions"]
    # the six 改正涉害 lessons of 探原, and a 孟仲季 one
    tanyuan = {(r["day"], r["plate"]) for r in liuren_data
               if "transmissions" in r["variants"].get("shehai_tanyuan", {})}
    assert tanyuan == {("乙卯", 9), ("丁卯", 9), ("己卯", 9), ("辛卯", 9), ("己亥", 9), ("甲辰", 8)}
    assert _lesson(liuren_data, "丁卯", 9)["variants"]["shehai_tanyuan"]["transmissions"] == ["亥", "卯", "未"]
    # 貴人: 庚 days under the 卜筮 table, and 探原's names for 伏吟有克 / 無親
    geng = {r["day"] for r in liuren_data if "guiren_bushi" in r["variants"]}
    assert geng == {d.zh for d in SIXTY if d.zh[0] == "庚"}
    assert _lesson(liuren_data, "庚午", 1)["variants"]["guiren_bushi"]["generals"]["day"]["午"] == "貴人"
    assert _lesson(liuren_data, "辛未", 7)["variants"]["names_tanyuan"] == {"name": "井欄射"}
    assert _lesson(liuren_data, "乙丑", 1)["variants"]["names_tanyuan"] == {"name": "重審"}


def test_change_data_gives_the_other_kin_where_it_differs(built):
    changes = json.loads((built / "data" / "yi" / "changes.json").read_text(encoding="utf-8"))
    c = next(x for x in changes if x["from"] == 9 and x["to"] == 1)      # 小畜 (巽宮 木) → 乾 (乾宮 金)
    assert c["variants"] == {"kin_bian_palace": {"to_liuqin": ["官鬼"]}}
    assert next(x for x in changes if x["from"] == 1 and x["to"] == 1)["variants"] == {}


def test_lesson_pages_show_a_variant_only_where_it_matters(built, model):
    page = (built / "liuren" / "ding-mao" / "09" / "index.html").read_text(encoding="utf-8")
    part = page[page.index('id="variants"'):]
    part = part[:part.index("</section>")]
    assert "改正涉害" in part and "亥卯未" in part and "《大六壬探原》" in part
    assert "../../../about/conventions/index.html#shehai_tanyuan" in part
    quiet = next((d, p) for (d, p) in model.lessons if (d, p) not in model.lesson_variants)
    page = (built / "liuren" / SIXTY[quiet[0]].slug / f"{quiet[1]:02d}" / "index.html").read_text(encoding="utf-8")
    assert 'id="variants"' not in page
    change = (built / "yi" / "09" / "01" / "index.html").read_text(encoding="utf-8")
    assert 'id="variants"' in change and "官鬼" in change
    assert 'id="variants"' not in (built / "yi" / "01" / "01" / "index.html").read_text(encoding="utf-8")


def test_conventions_page_lists_every_option_with_its_source(built):
    page = (built / "about" / "conventions" / "index.html").read_text(encoding="utf-8")
    for c in CONVENTIONS:
        assert f'id="{c.id}"' in page
        for o in c.options:
            assert f'id="{o}"' in page
    for source in ("《六壬大全》 卷七 涉害課", "《大六壬探原》", "《卜筮全書》", "先天陽貴圖"):
        assert source in page
    rule = (built / "rules" / "liuren-she-hai" / "index.html").read_text(encoding="utf-8")
    assert "../../about/conventions/index.html#shehai" in rule
    about = (built / "about" / "index.html").read_text(encoding="utf-8")
    assert "conventions/index.html" in about and "conventions/agreement/index.html" in about


def test_agreement_report(built, model):
    rep = model.agreement
    rows = {r.option: (r.agree, r.compared) for r in rep.transmissions}
    assert rows == {"shehai_depth": (706, 712), "shehai_tanyuan": (712, 712), "shehai_mengzhongji": (689, 712)}
    names = {r.option: (r.agree, r.compared) for r in rep.names}
    assert names["shehai_depth"] == (690, 712) and names["names_tanyuan"] == (708, 712)
    counts = {r.option: r.changed for r in rep.counts}
    assert counts["shehai_tanyuan"] == 11 and counts["guiren_bushi"] == 72
    sets = {s.file: s for s in rep.examples}
    assert sets["content/validation/liuren-seeds.yaml"].rows
    page = (built / "about" / "conventions" / "agreement" / "index.html").read_text(encoding="utf-8")
    text = re.sub(r"<[^>]+>", "", page)
    assert "712 / 712 일치" in text and "706 / 712 일치" in text
    for day in ("丙辰日 第6局", "戊辰日 第6局", "戊辰日 第7局", "戊戌日 第7局"):
        assert day in text
    daquan = sets["content/validation/daquan-kejing.yaml"]    # the 課經集 examples, under each 涉害 option
    by_option = {r.option: (r.agree, r.total) for r in daquan.rows}
    assert by_option["shehai_depth"] == (sum(r.agrees for r in model.validation.classic),
                                         len(model.validation.classic))
    assert "content/validation/daquan-kejing.yaml" in text


def _copy_content(tmp_path, *names):
    (tmp_path / "content").mkdir()
    for n in names:
        shutil.copy(REPO / "content" / n, tmp_path / "content" / n)
    return tmp_path


def test_an_unknown_default_variant_names_the_file_the_line_and_the_valid_names(tmp_path):
    root = _copy_content(tmp_path, "site.yaml")
    path = root / "content" / "site.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("liuren_shehai: depth", "liuren_shehai: tanyuan-ish"), encoding="utf-8")
    line = next(i for i, ln in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if "tanyuan-ish" in ln)
    problems = Problems()
    assert load_config(root, problems) is None
    [p] = problems.items
    assert (p.file, p.line) == ("content/site.yaml", line)
    assert "depth" in p.format() and "tanyuan" in p.format() and "mengzhongji" in p.format()


def test_conventions_file_must_match_the_engine(tmp_path):
    root = _copy_content(tmp_path, "conventions.yaml")
    path = root / "content" / "conventions.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("- id: guiren_bushi", "- id: guiren_other"), encoding="utf-8")
    problems = Problems()
    entries = load_conventions(root, problems)
    check_conventions(entries, {r.id for r in liuren.RULES} | {"yi-jiao-yao", "yi-zhong-yao"}, {}, problems)
    msgs = [p.format() for p in problems.items]
    assert any("content/conventions.yaml:" in m and "guiren_other" in m and "guiren_bushi" in m for m in msgs), msgs


def test_the_site_can_follow_tanyuan_by_default():
    content = load_content(REPO)
    content = dataclasses.replace(content, config=dataclasses.replace(content.config, liuren_shehai="tanyuan"))
    site = build_site(content)
    assert "".join(b.zh for b in site.lesson(GanZhi.from_zh("丁卯"), 9).transmissions) == "亥卯未"
    assert [v.option for v in site.lesson_variants[(GanZhi.from_zh("丁卯").index, 9)]][:1] == ["shehai_depth"]
    assert {r.option: r.default for r in site.agreement.counts}["shehai_tanyuan"]
