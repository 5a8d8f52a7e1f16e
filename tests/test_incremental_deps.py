"""Incremental builds equal clean builds: a page whose recorded inputs are unchanged after edits of
any kind renders exactly as before (so carrying it over is right), and the build re-renders
everything else.

The property is checked where it lives — each page's dependencies as recorded while it rendered
(sitegen.render.deps), fingerprinted before and after random sequences of edits — on every page
but the bulk of the two chart corpora (a sample of those), so that an example costs a model and a
few hundred pages instead of a whole site. One end-to-end test runs the real incremental build
after the edits issue 19 found stale and compares it with a clean build.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from sitegen.build import build, load_site, page_id
from sitegen.render import deps
from sitegen.render.render import Renderer
from sitegen.write.inputs import read_inputs
from sites import copy_site, edit

pytestmark = pytest.mark.heavy     # ``before`` and each example render a sample of the site

BULK = {"lesson", "lesson_json", "change", "change_json", "hexagram_json", "liuren_day", "rule",
        "liuren_data", "change_data"}
SAMPLE_KEYS = {"lesson:bing-yin:08", "lesson:bing-yin:03", "lesson:jia-zi:01", "change:01:44",
               "change:44:01", "change-json:01:44", "lesson-json:bing-yin:08", "liuren-day:bing-yin",
               "hexagram-json:44"}


def render_sample(root: Path, cache: Path) -> dict[str, tuple[bytes, tuple[str, ...], str]]:
    """file → (bytes, recorded dependency keys, page id), for every page but most of the corpora,
    rendered in registry order with one shared memo, as a build's worker does."""
    site = load_site(root)
    renderer = Renderer(site, cache)                  # compiled templates kept between examples
    assert renderer.check_templates() == []
    saved = deps.install(site)
    renderer.memo = deps.Memo()
    made = {}
    rules = [p.key for p in site.registry if p.kind == "rule"]
    # Rule pages list every chart a rule holds for: a quarter of them, and those edited below.
    sample = SAMPLE_KEYS | set(rules[::4]) | {k for k in rules if k.startswith("rule:meihua-")}
    try:
        for page in site.registry:
            if page.kind in BULK and page.key not in sample:
                continue
            with deps.Recording() as keys:
                deps.note(*deps.page_keys(page))
                data = renderer.render(page)
            made[page.address.file] = (data, tuple(sorted(keys)), page_id(page))
    finally:
        deps.uninstall(site, saved)
    return made


# -- edits of every kind of content ------------------------------------------------------------

def _text(root, slug="huangjince"):
    return root / f"content/texts/{slug}.md"


def text_title(root):
    edit(_text(root, "liuren-gejue"), "title:\n  zh: \"大六壬 ", "title:\n  zh: \"大六壬新 ")


def text_paragraph(root):
    edit(_text(root), "生死稟修於前定", "生死稟修於前定也")


def text_korean(root):
    edit(_text(root, "meihua-tiyong"), "\n\n", "\n\n", 1)
    path = _text(root, "meihua-tiyong")
    lines = path.read_text(encoding="utf-8").split("\n")
    i = next(i for i, l in enumerate(lines) if l.startswith("{#p03}"))
    lines[i + 3] += " (고침)"
    path.write_text("\n".join(lines), encoding="utf-8")


def text_added(root):
    body = _text(root, "liuren-zhanfa").read_text(encoding="utf-8")
    body = body.replace("slug: liuren-zhanfa", "slug: new-text", 1).replace("title:\n  zh: \"", "title:\n  zh: \"新 ", 1)
    _text(root, "new-text").write_text(body, encoding="utf-8")


def rule_name(root):
    edit(root / "content/rules/meihua.yaml", "  ko: 용생체", "  ko: 용생체(用生體)")


def rule_definition(root):
    edit(root / "content/rules/meihua.yaml", "用卦의 五行이 體卦의 五行을 生하는", "用卦의 五行이 體卦의 五行을 낳는")


def term_name(root):
    edit(root / "content/terms/common.yaml", "  ko: 순공", "  ko: 순공(旬空)")


def term_rules(root):
    path = root / "content/terms/liuren.yaml"
    lines = path.read_text(encoding="utf-8").split("\n")
    i = next(i for i, l in enumerate(lines) if l.startswith("  rules: [") and "," in l)
    lines[i] = lines[i][: lines[i].index(",")] + "]"
    path.write_text("\n".join(lines), encoding="utf-8")


def term_added(root):
    with open(root / "content/terms/common.yaml", "a", encoding="utf-8") as fh:
        fh.write("\n- id: bing-xiu\n  zh: 稟修\n  ko: 품수\n  gloss: 타고남과 닦음.\n"
                 "  defined_in:\n    - ref: huangjince#p01\n")


def term_removed(root):
    path = root / "content/terms/common.yaml"
    body = path.read_text(encoding="utf-8")
    path.write_text(body[: body.rindex("\n- id:")] + "\n", encoding="utf-8")


def alias_newly_used(root):
    edit(root / "content/terms/common.yaml", "  aliases: [空亡]", "  aliases: [空亡, 前定]")


def example_says(root):
    edit(root / "content/validation/yi-seeds.yaml", "    says: \"乾(", "    says: \"고침: 乾(")


def redirect_added(root):
    (root / "content/redirects.yaml").write_text("- from: old-texts/\n  to: texts/\n", encoding="utf-8")


def dot_file(root):
    shutil.copy(root / "content/terms/yi.yaml", root / "content/terms/.yi.yaml")


def tagline(root):
    path = root / "content/site.yaml"
    body = path.read_text(encoding="utf-8")
    i = body.index("tagline:")
    path.write_text(body[:i] + "tagline: \"고친 소개\"" + body[body.index("\n", i):], encoding="utf-8")


def template_term(root):
    edit(root / "templates/term.html", "정의하거나 설명하는 단락", "정의하거나 풀이하는 단락")


def template_macro(root):
    edit(root / "templates/_macros.html", "{% macro ", "{% macro unused_probe() %}{% endmacro %}\n{% macro ")


EDITS = [text_title, text_paragraph, text_korean, text_added, rule_name, rule_definition, term_name,
         term_rules, term_added, term_removed, alias_newly_used, example_says, redirect_added,
         dot_file, tagline, template_term, template_macro]


@pytest.fixture(scope="module")
def before(tmp_path_factory):
    root = copy_site(tmp_path_factory.mktemp("before"))
    cache = tmp_path_factory.mktemp("template-cache")
    return root, render_sample(root, cache), read_inputs(root), cache


def _compare(before, after_root: Path) -> tuple[int, int]:
    _, made, inputs, cache = before
    new_inputs = read_inputs(after_root)
    after = render_sample(after_root, cache)
    kept = changed = 0
    for f, (data, keys, pid) in made.items():
        if f not in after:
            continue
        if after[f][2] == pid and new_inputs.page_fingerprint(pid, keys) == inputs.page_fingerprint(pid, keys):
            kept += 1
            assert after[f][0] == data, f"{f} would be carried over, but its content changed"
        else:
            changed += 1
    return kept, changed


@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck))
@example(edits=EDITS)
@given(edits=st.lists(st.sampled_from(EDITS), min_size=1, max_size=4, unique=True))
def test_a_page_carried_over_is_the_page_a_clean_build_makes(before, tmp_path_factory, edits):
    root = copy_site(tmp_path_factory.mktemp("after"))
    for e in edits:
        e(root)
    kept, changed = _compare(before, root)
    assert changed or edits == [dot_file]


def test_a_dot_file_changes_nothing(before, tmp_path_factory):
    root = copy_site(tmp_path_factory.mktemp("dot"))
    dot_file(root)
    assert read_inputs(root) == before[2]


def _stale(before, tmp_path_factory, edit_) -> set[str]:
    _, made, inputs, _ = before
    root = copy_site(tmp_path_factory.mktemp(edit_.__name__))
    edit_(root)
    new = read_inputs(root)
    return {f for f, (_, keys, pid) in made.items()
            if new.page_fingerprint(pid, keys) != inputs.page_fingerprint(pid, keys)}


def _showing(before, needle: str) -> set[str]:
    return {f for f, (data, _, _) in before[1].items() if needle.encode() in data}


def test_the_pages_once_left_stale_are_re_rendered(before, tmp_path_factory):
    """Issue 19's stale pages: each depends now on what it shows."""
    stale = _stale(before, tmp_path_factory, text_title)
    showing = _showing(before, "大六壬 課格訣")
    assert "liuren/bing-yin/08/index.html" in showing and showing <= stale

    stale = _stale(before, tmp_path_factory, term_rules)
    assert {f for f in stale if f.startswith("rules/")}, "the rule pages that list the term"

    for added_or_removed in (term_added, term_removed):
        stale = _stale(before, tmp_path_factory, added_or_removed)
        assert {"sitemap.xml", "data/addresses.txt", "terms/index.html"} <= stale

    assert "terms/xun-kong/index.html" in _stale(before, tmp_path_factory, alias_newly_used)

    stale = _stale(before, tmp_path_factory, text_paragraph)
    assert "texts/huangjince/index.html" in stale
    assert "liuren/bing-yin/08/index.html" not in stale        # shows no paragraph of it


def test_a_template_reaches_the_pages_rendered_with_it(before, tmp_path_factory):
    """A page depends on the templates it loads: its own kind's, what that extends and imports,
    and _macros.html (whose macros every template may call as filters)."""
    made = before[1]
    terms = {f for f, (_, _, pid) in made.items() if pid.endswith("\0term")}
    assert len(terms) > 50
    assert _stale(before, tmp_path_factory, template_term) == terms
    html = {f for f, (_, _, pid) in made.items() if f.endswith(".html") and not pid.endswith("\0redirect")}
    assert _stale(before, tmp_path_factory, template_macro) >= html
