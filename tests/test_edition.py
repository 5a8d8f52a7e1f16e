"""What changed in this edition: an earlier build compared with this one, entry by entry."""

from __future__ import annotations

import json
import shutil

from sitegen.edition import PAGE, report_page, what_changed


def _earlier(built, dest):
    """An earlier edition of the built site: its bulk JSON, addresses and the pages compared,
    with one lesson, one change, one rule, one term and one paragraph different, and one more
    address (since moved)."""
    for rel in ("data", "texts", "rules", "terms"):
        shutil.copytree(built / rel, dest / rel)
    lessons = json.loads((dest / "data/liuren.json").read_text(encoding="utf-8"))
    lessons[7]["transmissions"] = list(reversed(lessons[7]["transmissions"]))
    (dest / "data/liuren.json").unlink()
    (dest / "data/liuren.json").write_text(json.dumps(lessons, ensure_ascii=False), encoding="utf-8")
    changes = json.loads((dest / "data/yi/changes.json").read_text(encoding="utf-8"))
    changes[1]["moving"] = [6]
    (dest / "data/yi/changes.json").unlink()
    (dest / "data/yi/changes.json").write_text(json.dumps(changes, ensure_ascii=False), encoding="utf-8")
    for rel, old, new in [("rules/liuren-zi-ren/index.html", "</main>", "<p>옛 설명</p></main>"),
                          ("terms/" + sorted(p.name for p in (dest / "terms").iterdir() if p.is_dir())[0]
                           + "/index.html", "</main>", "<p>옛 풀이</p></main>")]:
        text = (dest / rel).read_text(encoding="utf-8")
        (dest / rel).unlink()
        (dest / rel).write_text(text.replace(old, new, 1), encoding="utf-8")
    page = dest / "texts/huangjince/index.html"
    text = page.read_text(encoding="utf-8")
    head, tail = text.split('<div class="pair" id="p03">', 1)
    tail = tail.replace('<p class="ko" lang="ko">', '<p class="ko" lang="ko">옛 번역. ', 1)
    page.unlink()
    page.write_text(head + '<div class="pair" id="p03">' + tail, encoding="utf-8")
    addresses = (dest / "data/addresses.txt").read_text(encoding="utf-8")
    (dest / "data/addresses.txt").unlink()
    (dest / "data/addresses.txt").write_text(addresses + "rules/an-old-name/\n", encoding="utf-8")
    return lessons[7]["url"], changes[1]["url"]


def test_the_report_lists_every_entry_that_changed_and_links_it(built, model, tmp_path):
    lesson, change = _earlier(built, tmp_path / "prev")
    term = sorted(p.name for p in (built / "terms").iterdir() if p.is_dir())[0]
    c = what_changed(tmp_path / "prev", built)
    assert c.lessons == [lesson] and c.changes == [change] and c.hexagrams == []
    assert c.rules == ["rules/liuren-zi-ren/"] and c.terms == [f"terms/{term}/"]
    assert c.paragraphs == ["texts/huangjince/#p03"]
    assert c.moved == ["rules/an-old-name/"] and c.added == []
    assert what_changed(tmp_path / "prev" / "data", built).lessons == [lesson]   # bulk JSON alone
    assert what_changed(built, built).count() == 0

    from sitegen.render.render import Renderer

    renderer = Renderer(model)
    assert renderer.check_templates() == []
    page = report_page(c, model, renderer).decode("utf-8")
    assert PAGE == "about/changes/index.html"
    for href in (f"../../{lesson}index.html", "../../texts/huangjince/index.html#p03",
                 "../../rules/liuren-zi-ren/index.html", f"../../{change}index.html"):
        assert f'<a href="{href}">' in page
        assert (built / href.removeprefix("../../").split("#")[0]).is_file()
    assert f"제{model.config.edition}판에서 바뀐 것" in page and "규칙 1개" in page
    assert '  - "rules/liuren-zi-ren/"\n' in page and '  - "texts/huangjince/#p03"\n' in page


def test_each_page_says_in_which_edition_it_last_changed(built, model):
    import dataclasses
    import datetime as dt

    from sitegen.content.config import Edition, last_changed

    page = (built / "rules/liuren-zi-ren/index.html").read_text(encoding="utf-8")
    assert f"이 페이지가 마지막으로 바뀐 판: 제{model.config.edition}판" in page
    first = model.config.editions[-1]
    second = Edition("2.0", dt.date(2027, 1, 1), "둘째 판", ("rules/liuren-zi-ren/", "texts/huangjince/#p03"))
    editions = (second, *model.config.editions)
    assert last_changed(editions, "rules/liuren-zi-ren/") == second
    assert last_changed(editions, "texts/huangjince/") == second      # one of its paragraphs
    assert last_changed(editions, "rules/liuren-zi-xin/") == first
    assert dataclasses.replace(first, changed=()) == first


def test_an_edition_not_listed_stops_the_build_with_file_line_and_hint(tmp_path):
    from sites import copy_site, edit

    from sitegen.build import build
    from sitegen.problems import BuildError

    root = copy_site(tmp_path / "proj")
    edit(root / "content/site.yaml", 'version: "1.0"', 'version: "1.1"')
    try:
        build(root, None)
    except BuildError as e:
        report = e.report()
    else:
        raise AssertionError("the build went on")
    assert "content/editions.yaml:1: the edition 1.1 (2026-11-30) named in content/site.yaml is not listed here" in report
    assert "hint: add '- version: \"1.1\"'" in report


def test_previous_that_holds_no_build_is_a_usage_error(tmp_path, capsys):
    from conftest import REPO

    from sitegen import cli

    code = cli.main(["--root", str(REPO), "build", "--previous", str(tmp_path / "nothing"),
                     "--out", str(tmp_path / "out")])
    assert code == 2 and not (tmp_path / "out").exists()
    assert "sitegen: --previous: " in capsys.readouterr().err
