"""Editions: two editions built from two content trees, and the report of what changed between
them checked entry by entry; what an edition changed recorded in content/changed.yaml, and each
entity page naming the edition in which it last changed."""

from __future__ import annotations

import copy
import dataclasses
import json
import re
import shutil

import pytest

from sites import copy_site, edit

# The second edition's content: one of each kind of entry changed, each on purpose.
STILL = "동효가 없는 靜卦라 體用을"                    # the 梅花 note of every change with no moving line
DUZU = "三傳이 한 神뿐이다 → 獨足."                     # a step of the lessons whose one god is 獨足


def _second_edition(root):
    """The project's content as its next edition, 1.1: the derivation of the lessons that are 獨足
    and the 梅花 note of every change with no moving line reworded (their facts as the bulk JSON
    has them), the definition of one rule, the gloss of one term and the translation of one
    paragraph that nothing quotes edited, and one term's address moved."""
    c = root / "content"
    edit(c / "site.yaml", 'version: "1.0"\n  date: 2026-11-30', 'version: "1.1"\n  date: 2027-01-15')
    edit(c / "editions.yaml", '- version: "1.0"',
         '- version: "1.1"\n  date: 2027-01-15\n  summary: "둘째 판."\n- version: "1.0"')
    edit(c / "rules/liuren-patterns.yaml", DUZU, "三傳이 오직 한 神뿐이다 → 獨足.")
    edit(c / "rules/meihua.yaml", STILL, "동효가 하나도 없는 靜卦라 體用을")
    edit(c / "rules/liuren-ke.yaml", "    陽日 伏吟에 剋이 없어", "    陽日 伏吟에 剋이 하나도 없어")
    edit(c / "terms/common.yaml", "    점치는 날의 干支이다.", "    점치는 날의 干支(日辰)이다.")
    edit(c / "texts/huangjince.md", "\n사람의 생사는 ", "\n사람의 삶과 죽음은 ")
    edit(c / "terms/yi.yaml", "- id: hu-gua\n", "- id: hu-gua-hexagram\n")


_SECTION = re.compile(r'<section aria-labelledby="ch-(?P<kind>[a-z]+)">(?P<body>.*?)</section>', re.S)
_ITEM = re.compile(r'<li><a href="(?P<href>[^"]+)">(?P<address>[^<]+)</a></li>')


def _report(out) -> dict[str, list[tuple[str, str]]]:
    """The page "what changed in this edition": each kind's entries, as (address, link)."""
    page = (out / "about/changes/index.html").read_text(encoding="utf-8")
    return {m["kind"]: [(i["address"], i["href"]) for i in _ITEM.finditer(m["body"])]
            for m in _SECTION.finditer(page)}


@pytest.fixture(scope="module")
def second(built, tmp_path_factory):
    """The second edition, built with ``--previous`` the first (the session's built site): its
    project folder and its output."""
    from conftest import REPO

    from sitegen import cli

    base = tmp_path_factory.mktemp("edition")
    root = copy_site(base / "proj")
    _second_edition(root)
    out = base / "out"
    assert cli.main(["--root", str(root), "build", "--quiet", "--previous", str(built), "--out", str(out)]) == 0
    assert REPO != root
    return root, out


def test_the_report_of_the_second_edition_lists_every_entry_that_changed_and_no_other(built, second):
    root, out = second
    lessons = json.loads((built / "data/liuren.json").read_text(encoding="utf-8"))
    changes = json.loads((built / "data/yi/changes.json").read_text(encoding="utf-8"))
    duzu = [r["url"] for r in lessons if any(DUZU in s["text"] for s in r["trace"])]
    still = [r["url"] for r in changes if not r["moving"]]
    assert len(duzu) == 1 and len(still) == 64
    expected = {
        "lessons": duzu,                            # their facts as the bulk JSON has them
        "changes": sorted(still),
        "hexagrams": [],
        "rules": ["rules/liuren-zi-ren/"],          # its definition
        "terms": ["terms/ri-chen/"],                # its gloss
        "paragraphs": ["texts/huangjince/#p01"],    # its translation
        "added": ["terms/hu-gua-hexagram/"],
        "moved": ["terms/hu-gua/"],                 # published, no page of its own now
    }
    report = _report(out)
    assert list(report) == list(expected)
    for kind, entries in report.items():
        assert [a for a, _ in entries] == expected[kind], kind
        for address, href in entries:               # each linked, from about/changes/, as on disk
            path, _, anchor = address.partition("#")
            assert href == f"../../{path}index.html" + (f"#{anchor}" if anchor else ""), href
            if kind != "moved":
                assert (out / path / "index.html").is_file(), address
    assert not (out / "terms/hu-gua/index.html").exists()
    page = (out / "about/changes/index.html").read_text(encoding="utf-8")
    assert "<h1>제1.1판에서 바뀐 것</h1>" in page and "원전의 단락 1개" in page and "변괘 (本卦→變卦) 64개" in page


def test_the_bulk_json_alone_is_compared_by_its_records(built, second, tmp_path):
    from sitegen.edition import what_changed

    _, out = second
    shutil.copytree(built / "data", tmp_path / "data")
    alone = what_changed(tmp_path / "data", out)
    both = what_changed(built, out)
    assert alone.lessons == both.lessons and alone.changes == both.changes and alone.hexagrams == []
    assert alone.rules == alone.terms == alone.paragraphs == []       # no pages to compare
    assert what_changed(built, built).count() == 0


def test_the_release_records_what_the_edition_changed_and_each_page_names_it(built, model, second):
    from sitegen.content.config import CHANGED_FILE, last_changed, load_config, record_warning
    from sitegen.edition import record, what_changed
    from sitegen.problems import Problems
    from sitegen.render.render import Renderer

    root, out = second
    problems = Problems()
    before = load_config(root, problems)
    assert not problems and before.record == ()
    assert "has no record of what edition 1.1 changed" in record_warning(before)

    got = record(root, built, out)
    c = what_changed(built, out)
    assert got == ("1.1", len(c.recorded())) and got[1] == 1 + 64 + 1 + 1 + 1 + 1
    text = (root / CHANGED_FILE).read_text(encoding="utf-8")
    assert '- version: "1.1"\n  changed:\n    - "liuren/ji-wei/11/"\n' in text
    assert '    - "texts/huangjince/#p01"\n    - "terms/hu-gua-hexagram/"\n' in text
    assert record(root, built, out) is None                 # recorded already: nothing to write

    config = load_config(root, problems)
    assert not problems and record_warning(config) is None
    for path in ("liuren/ji-wei/11/", "yi/01/01/", "rules/liuren-zi-ren/", "terms/ri-chen/",
                 "texts/huangjince/", "terms/hu-gua-hexagram/"):
        assert last_changed(config, path).version == "1.1", path
    for path in ("liuren/ji-wei/10/", "yi/01/02/", "rules/liuren-zi-xin/", "texts/meihua-tiyong/"):
        assert last_changed(config, path).version == "1.0", path

    # A plain build of the second edition names it: the pages rendered with its configuration.
    site = copy.copy(model)
    site.config = dataclasses.replace(model.config, edition="1.1", edition_date=config.edition_date,
                                      editions=config.editions, record=config.record)
    r = Renderer(site)
    assert r.check_templates() == []
    for key, edition in [("rule:liuren-zi-ren", "1.1"), ("rule:liuren-zi-xin", "1.0"),
                         ("text:huangjince", "1.1"), ("lesson:ji-wei:11", "1.1"), ("lesson:ji-wei:10", "1.0")]:
        page = r.render(site.registry[key]).decode()
        assert f"제1.1판 (2027-01-15) · 이 페이지가 마지막으로 바뀐 판: 제{edition}판 ·" in page, key
    assert "마지막으로 바뀐 판" not in r.render(site.registry["about"]).decode()     # not an entry


def test_a_record_of_an_edition_not_listed_stops_the_build_with_file_line_and_hint(tmp_path):
    from sitegen.build import build
    from sitegen.problems import BuildError

    root = copy_site(tmp_path / "proj")
    (root / "content/changed.yaml").write_text('- version: "1.0"\n  changed: []\n- version: "0.9"\n'
                                               '  changed: ["rules/liuren-zi-ren/"]\n', encoding="utf-8")
    with pytest.raises(BuildError) as e:
        build(root, None)
    report = e.value.report()
    assert "content/changed.yaml:3: the edition 0.9 is not listed in content/editions.yaml" in report
    assert "hint: this file is written by `sitegen build --previous DIR --record`" in report


def test_an_edition_not_listed_stops_the_build_with_file_line_and_hint(tmp_path):
    from sitegen.build import build
    from sitegen.problems import BuildError

    root = copy_site(tmp_path / "proj")
    edit(root / "content/site.yaml", 'version: "1.0"', 'version: "1.1"')
    with pytest.raises(BuildError) as e:
        build(root, None)
    report = e.value.report()
    assert "content/editions.yaml:1: the edition 1.1 (2026-11-30) named in content/site.yaml is not listed here" in report
    assert "hint: add '- version: \"1.1\"'" in report


def test_previous_that_holds_no_build_and_record_without_previous_are_usage_errors(tmp_path, capsys):
    from conftest import REPO

    from sitegen import cli

    code = cli.main(["--root", str(REPO), "build", "--previous", str(tmp_path / "nothing"),
                     "--out", str(tmp_path / "out")])
    assert code == 2 and not (tmp_path / "out").exists()
    assert "sitegen: --previous: " in capsys.readouterr().err
    assert cli.main(["--root", str(REPO), "build", "--record", "--out", str(tmp_path / "out")]) == 2
    assert "sitegen: --record needs --previous DIR" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()
