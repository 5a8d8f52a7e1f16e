"""Inputs that once ended in a traceback, a hang, a leak or a silently wrong site: each is now one
clear problem with file, line and hint (issue 19, points 3–8)."""

from __future__ import annotations

import dataclasses
import re
import os
import shutil
from pathlib import Path

import pytest

from conftest import REPO
from sitegen.build import check_all
from sitegen.content import read_content
from sitegen.content.source import project_tree_problems
from sitegen.problems import BuildError, Problems
from sitegen.render.render import Renderer
from sitegen.write.output import fingerprint
from sites import copy_site, edit

TEXT = "content/texts/kejing-bingyin.md"
YI_SEEDS = "content/validation/yi-seeds.yaml"
LIUREN_SEEDS = "content/validation/liuren-seeds.yaml"
TERMS = "content/terms/liuren.yaml"


@pytest.fixture
def site(tmp_path):
    return copy_site(tmp_path)


def loaded(root: Path) -> list:
    """The problems of reading the content alone (fast: no engines)."""
    problems = Problems()
    read_content(root, problems)
    return sorted(problems.items)


def checked(root: Path) -> list:
    """The problems of everything checked before rendering: files, content, model, templates."""
    with pytest.raises(BuildError) as e:
        check_all(root)
    return list(e.value.problems)


def one(problems: list, file: str, line: int | None, *words: str):
    found = [p for p in problems if p.file == file and p.line == line
             and all(w in p.message for w in words)]
    assert found, "\n".join(p.format() for p in problems)
    assert all(p.hint for p in found), found
    return found[0]


def line_of(path: Path, needle: str) -> int:
    return next(i for i, l in enumerate(path.read_text(encoding="utf-8").split("\n"), 1) if needle in l)


# -- 3. values YAML cannot make ------------------------------------------------------------------

@pytest.mark.parametrize("value", ["2026-13-45", "2026-02-30"])
def test_a_date_that_does_not_exist(site, value):
    edit(site / TEXT, "published: 2026-11-30", f"published: {value}")
    one(loaded(site), TEXT, line_of(site / TEXT, "published:"), repr(value), "not a valid timestamp")


@pytest.mark.parametrize("tagged, kind", [("!!int abc", "int"), ("!!float abc", "float"),
                                          ("!!timestamp garbage", "timestamp")])
def test_a_tagged_value_that_is_not_its_type(site, tagged, kind):
    edit(site / TERMS, "  zh: ", f"  zh: {tagged}\n  _x: ", 1)
    (site / TERMS).write_text((site / TERMS).read_text(encoding="utf-8").replace("\n  _x: ", "\n  x: ", 1),
                              encoding="utf-8")
    p = one(loaded(site), TERMS, line_of(site / TERMS, tagged), f"is not a valid {kind}")
    assert len(p.message) < 200


@pytest.mark.parametrize("tag", ["!!binary aGVsbG8=", "!!set {a, b}", "!!python/object:os.system x"])
def test_a_tag_content_never_uses_is_refused(site, tag):
    edit(site / TERMS, "  gloss: ", f"  gloss: {tag}\n  x: ", 1)
    one(loaded(site), TERMS, line_of(site / TERMS, tag.split()[0]), "malformed YAML")


def test_two_redirects_from_one_address(site):
    (site / "content/redirects.yaml").write_text(
        "- from: old/\n  to: texts/\n- from: old/\n  to: rules/\n", encoding="utf-8")
    p = one(loaded(site), "content/redirects.yaml", 3, "old/ is redirected twice (first on line 1)")
    assert p.hint == "keep one of the two entries"


@pytest.mark.parametrize("file, old, new, words", [
    (LIUREN_SEEDS, "plate: 2", "plate: .inf", ("plate must be a whole number from 1 to 12",)),
    (LIUREN_SEEDS, "plate: 2", "plate: 3.7", ("plate must be a whole number from 1 to 12",)),
    (YI_SEEDS, "najia: {3: 戊午}", "najia: {7: 戊午}", ("the key 7 of", "najia must be a whole number from 1 to 6")),
    (YI_SEEDS, "najia: {3: 戊午}", "najia: {0: 戊午}", ("the key 0 of", "najia must be a whole number from 1 to 6")),
    (YI_SEEDS, "najia: {3: 戊午}", "najia: [戊午]", ("najia must be a mapping",)),
    (YI_SEEDS, "palace_lines: {4:", "palace_lines: {9:", ("the key 9 of", "palace_lines")),
    (YI_SEEDS, "{trigram: 乾, moving: [1], to: 巽}", "{trigram: 乾, moving: [4], to: 巽}",
     ("trigram_changes.0.moving.0 must be a whole number from 1 to 3",)),
    (YI_SEEDS, "still: true", "still: 'false'", ("still must be true or false (unquoted)",)),
    (LIUREN_SEEDS, "transmissions:", "transmision:", ("unknown key 'transmision'",)),
    (LIUREN_SEEDS, "method:", "methd:", ("unknown key 'methd'",)),
])
def test_a_seed_check_is_checked_key_by_key(site, file, old, new, words):
    path = site / file
    assert old in path.read_text(encoding="utf-8"), old
    edit(path, old, new)
    one(loaded(site), file, line_of(path, new.split("\n")[-1]), *words)


# -- templates that fail while rendering -------------------------------------------------------

def _renderer(model, tmp_path: Path, template: str, old: str, new: str) -> Renderer:
    shutil.copytree(REPO / "templates", tmp_path / "templates")
    edit(tmp_path / "templates" / template, old, new)
    renderer = Renderer(dataclasses.replace(model, root=tmp_path))
    assert renderer.check_templates() == []
    return renderer


@pytest.mark.parametrize("new, words", [
    ("{{ 1 // 0 }}<h1>", ("ZeroDivisionError",)),
    ('{% include "about.html" %}<h1>', ("includes or calls itself",)),
])
def test_a_template_that_fails_on_a_page(model, tmp_path, new, words):
    renderer = _renderer(model, tmp_path, "about.html", "<h1>", new)
    page = model.registry["about"]
    with pytest.raises(Exception) as e:
        renderer.render(page)
    p = renderer.render_problem(page, e.value)
    assert (p.file, p.line) == ("templates/about.html", 3), p.format()
    assert all(w in p.message for w in words) and "about/index.html" in p.message and p.hint


# -- 4. a YAML alias bomb ------------------------------------------------------------------------

@pytest.mark.parametrize("levels", [7, 9])
def test_an_alias_bomb_is_refused_at_once(site, levels):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"]
    for i in range(1, levels + 1):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    (site / TERMS).write_text("\n".join(lines) + "\n", encoding="utf-8")
    found = loaded(site)
    p = one(found, TERMS, 1, "more than 200,000 values", "aliases")
    assert all(len(q.format()) < 500 for q in found)


# -- 5. links out of the project -----------------------------------------------------------------

def test_links_out_of_the_project_are_refused(site, tmp_path_factory):
    outside = tmp_path_factory.mktemp("elsewhere") / "outside.md"
    shutil.copy(site / TEXT, outside)
    (site / TEXT).unlink()
    os.symlink(outside, site / TEXT)
    os.symlink("/etc/passwd", site / "templates/assets/passwd")
    os.symlink("/dev/zero", site / "content/texts/zero.md")
    found = project_tree_problems(site)
    assert {p.file for p in found} == {TEXT, "templates/assets/passwd", "content/texts/zero.md"}
    assert all("outside the project" in p.message and p.hint for p in found)
    fingerprint(site)                                   # the fingerprint never reads them either
    found = loaded(site)
    one(found, TEXT, None, "outside the project")
    one(found, "content/texts/zero.md", None, "outside the project")


def test_a_link_inside_the_project_is_fine(site):
    (site / "content/texts/liuren-zhanfa.md").rename(site / "liuren-zhanfa.md")
    os.symlink(site / "liuren-zhanfa.md", site / "content/texts/liuren-zhanfa.md")
    assert loaded(site) == []


# -- 6. redirects are checked by `check` as by `build`, against their entry ------------------------

def test_redirect_problems_name_the_entry(site):
    (site / "content/redirects.yaml").write_text("\n".join([
        "- from: search/index.js/", "  to: search/",
        "- from: sitemap.xml/", "  to: search/",
        "- from: texts/", "  to: search/",
        "- from: nowhere/", "  to: gone/",
        "- from: a/", "  to: b/",
        "- from: b/", "  to: a/",
    ]) + "\n", encoding="utf-8")
    found = checked(site)
    f = "content/redirects.yaml"
    one(found, f, 1, "inside the file search/index.js")
    one(found, f, 3, "inside the file sitemap.xml")
    one(found, f, 5, "texts/ is an address of a page of the site")
    one(found, f, 7, "the target gone/ is not a page of the site")
    one(found, f, 9, "redirects loop: a/ → b/ → a/")
    one(found, f, 11, "redirects loop: b/ → a/ → b/")
    assert len(found) == 6


# -- 7. accepted silently, and wrong -------------------------------------------------------------

@pytest.mark.parametrize("rename, words", [
    ("content/terms/liuren.yml", ("unexpected file in content/terms/",)),
    ("content/validation/liuren-examples.yaml", ("unexpected file in content/validation/",)),
])
def test_a_misnamed_file_is_a_problem_not_a_loss(site, rename, words):
    old = TERMS if "terms" in rename else LIUREN_SEEDS
    (site / old).rename(site / rename)
    one(loaded(site), rename, None, *words)


def test_a_control_character_in_a_paragraph(site):
    edit(site / TEXT, "斷曰", "斷\0曰")
    p = one(loaded(site), TEXT, line_of(site / TEXT, "斷\0曰"), "U+0000")


def test_a_dot_file_is_neither_read_nor_fingerprinted(site):
    shutil.copy(site / TERMS, site / "content/terms/.liuren-copy.yaml")
    assert loaded(site) == []                           # not read: it would double every term
    before = fingerprint(site)
    (site / "content/terms/.liuren-copy.yaml").write_text("junk", encoding="utf-8")
    assert fingerprint(site) == before


# -- 8. all problems at once ----------------------------------------------------------------------

def test_beside_a_content_problem_a_template_is_still_read_as_the_compiler_reads_it(site):
    """With the content faulty nothing renders, so the templates are parsed, not compiled; what
    the compiler alone would refuse is still listed in the same run."""
    edit(site / TEXT, "{#p02}", "{#p01}")                                         # duplicate id
    edit(site / "templates/term.html", "{{ t.gloss | md }}", "{{ t.gloss | mdd }}{% if t is odd_one %}{% endif %}")
    edit(site / "templates/about.html", "{% block main %}", "{% block main %}{% block main %}{% endblock %}")
    found = checked(site)
    gloss = line_of(site / "templates/term.html", "| mdd")
    one(found, TEXT, 27, "p01")
    one(found, "templates/term.html", gloss, "No filter named 'mdd'")
    one(found, "templates/about.html", line_of(site / "templates/about.html", "{% block main %}{% block"),
        "block 'main' defined twice")
    edit(site / "templates/term.html", "| mdd", "| md")
    one(checked(site), "templates/term.html", gloss, "No test named 'odd_one'")


def test_four_problems_in_four_phases_are_all_listed(site):
    edit(site / "content/terms/yi.yaml", "- id:", "- id: [", 1)                  # terms YAML
    edit(site / TEXT, "{#p02}", "{#p01}")                                         # duplicate id
    rules = site / "content/rules/liuren-methods.yaml"
    text = rules.read_text(encoding="utf-8")
    quote = re.search(r"^ +quote: ([^{}\n]+)$", text, re.M).group(1)   # a block-style quote
    edit(rules, "quote: " + quote, "quote: 不在此段之語")                          # quote not there
    edit(site / "templates/about.html", "{% block main %}", "{% block main %}{% if %}")  # syntax
    found = checked(site)
    files = {p.file for p in found}
    assert {"content/terms/yi.yaml", TEXT, "content/rules/liuren-methods.yaml",
            "templates/about.html"} <= files, "\n".join(p.format() for p in found)
    one(found, "content/rules/liuren-methods.yaml", line_of(rules, "不在此段之語") - 1, "不在此段之語")
