"""Rules as content, predicates as code: joined by id, every citation resolved, backlinks shown."""

from __future__ import annotations

import re

import pytest

from sitegen.build import build
from sitegen.problems import BuildError
from sites import copy_site


@pytest.fixture
def site(model):
    return model


def problems_of(root):
    with pytest.raises(BuildError) as e:
        build(root, None)
    return [p.format() for p in e.value.problems]


def test_every_engine_rule_has_an_entry_and_every_entry_cites_or_follows(site):
    # (or quotes the clause of an authority it implements: 《六壬大全》, 《卜筮正宗》 …)
    from sitegen.model.knowledge import engine_rules

    assert set(site.rules) == set(engine_rules())
    for r in site.rules.values():
        assert r.entry.cites or r.entry.follows or r.entry.authority, r.id


def test_every_lesson_and_change_page_cites_a_paragraph(built):
    pattern = re.compile(r'href="(?:\.\./)+texts/[a-z-]+/index\.html(?:\?hl=[^"#]*)?#p\d\d"')
    for page in list((built / "liuren").glob("*/*/index.html")) + list((built / "yi").glob("*/*/index.html")):
        if page.parent.name == "matrix":
            continue
        assert pattern.search(page.read_text(encoding="utf-8")), page


def test_cited_paragraphs_show_their_rules_with_chart_counts(site, built):
    html = (built / "texts/liuren-gejue/index.html").read_text(encoding="utf-8")
    cited = {(slug, pid) for (slug, pid) in site.cited_by if slug == "liuren-gejue"}
    assert cited
    for _, pid in cited:
        block = html.split(f'<div class="pair" id="{pid}">', 1)[1].split('<div class="pair"', 1)[0]
        assert "이 단락을 근거로 하는 규칙" in block, pid
        for rid in site.cited_by[("liuren-gejue", pid)]:
            assert f'href="../../rules/{rid}/index.html"' in block


def test_rule_page_quotes_its_paragraph_and_lists_every_chart(site, built):
    r = site.rules["liuren-zi-ren"]
    html = (built / "rules/liuren-zi-ren/index.html").read_text(encoding="utf-8")
    assert '<blockquote class="pquote">' in html
    links = set(re.findall(r'href="\.\./\.\./liuren/([a-z-]+)/(\d\d)/index.html"', html))
    assert len(links) == len(r.holds) > 0


def test_missing_entry_is_named(tmp_path):
    root = copy_site(tmp_path)
    path = root / "content/rules/liuren-ke.yaml"
    text = path.read_text(encoding="utf-8")
    start = text.index("- id: liuren-yuan-shou")
    end = text.index("\n- id:", start + 1)
    path.write_text(text[:start] + text[end + 1:], encoding="utf-8")
    assert problems_of(root) == [
        "content/rules/liuren-ke.yaml: the engine applies rule liuren-yuan-shou (元首) but no entry "
        "describes it\n    hint: add an entry with 'id: liuren-yuan-shou' (names, definition, citations)"
    ]


def test_entry_without_predicate_and_citation_to_nothing(tmp_path):
    root = copy_site(tmp_path)
    extra = root / "content/rules/zz-extra.yaml"
    extra.write_text(
        "- id: liuren-made-up\n  zh: 假課\n  ko: 가과\n  applies_to: lesson\n  definition: 없는 규칙\n"
        "  test: 없음\n  cites:\n    - ref: liuren-gejue#p99\n    - ref: liuren-gejue#p01\n      quote: 不在此段\n",
        encoding="utf-8")
    found = problems_of(root)
    assert found == [
        "content/rules/zz-extra.yaml:1: the entry liuren-made-up has no predicate in the engines\n"
        "    hint: check the id against the engines' rule catalogs (sitegen/model/liuren/rules.py, "
        "sitegen/model/yi/rules.py)",
        "content/rules/zz-extra.yaml:8: rule liuren-made-up cites liuren-gejue#p99, but liuren-gejue "
        "has no paragraph 'p99'\n    hint: see content/texts/liuren-gejue.md for its paragraph ids",
        "content/rules/zz-extra.yaml:9: rule liuren-made-up quotes '不在此段', which is not in "
        "liuren-gejue#p01\n    hint: copy the phrase exactly as the paragraph's Chinese has it",
    ]


def test_entry_needs_a_citation_or_a_source(tmp_path):
    root = copy_site(tmp_path)
    (root / "content/rules/zz-extra.yaml").write_text(
        "- id: liuren-made-up\n  zh: 假課\n  ko: 가과\n  applies_to: lesson\n  definition: 없음\n"
        "  test: 없음\n",
        encoding="utf-8")
    assert problems_of(root) == [
        "content/rules/zz-extra.yaml:1: rule liuren-made-up cites no paragraph and names no source\n"
        "    hint: add 'cites: [{ref: text#paragraph}]', or 'follows: …' naming the classical source "
        "when the seeds say nothing, or 'authority: [{work, part, title, quote}]' quoting the clause it "
        "implements"
    ]


def test_terms_link_from_the_texts_and_have_pages(site, built):
    assert len(site.terms) >= 30
    for t in site.terms.values():
        page = built / f"terms/{t.id}/index.html"
        assert page.is_file()
        assert '<blockquote class="pquote">' in page.read_text(encoding="utf-8")
    linked = sum((built / f"texts/{slug}/index.html").read_text(encoding="utf-8").count('class="term"')
                 for slug in site.texts)
    assert linked > 100


def test_linked_terms_leave_the_text_verbatim(site, built):
    html = (built / "texts/liuren-gejue/index.html").read_text(encoding="utf-8")
    t = site.texts["liuren-gejue"]
    for p in t.paragraphs:
        block = html.split(f'<div class="pair" id="{p.id}">', 1)[1]
        zh = re.search(r'<p class="zh" lang="zh-Hant">(.*?)</p>', block, re.S).group(1)
        assert re.sub(r"<[^>]+>", "", zh) == p.zh.replace("&", "&amp;").replace("<", "&lt;")


def test_step_sentences_are_checked_against_the_engines_step_kinds(tmp_path):
    root = copy_site(tmp_path)
    path = root / "content/rules/liuren-methods.yaml"
    text = path.read_text(encoding="utf-8")
    no_ke = "    liuren-no-ke: '네 과 모두 上下 사이에 剋이 없다.'\n"
    assert no_ke in text
    text = text.replace(no_ke, "    liuren-made-up: '없는 단계'\n")
    text = text.replace("末傳은 中傳 {mid} 위의 天盤 {last}.", "末傳은 中傳 {middle} 위의 天盤 {last}.")
    path.write_text(text, encoding="utf-8")
    lines = text.splitlines()
    made_up = 1 + next(i for i, ln in enumerate(lines) if "liuren-made-up:" in ln)
    chain = 1 + next(i for i, ln in enumerate(lines) if "liuren-chain:" in ln)
    assert sorted(problems_of(root)) == [
        "content/rules/*.yaml: the engines take steps of kind 'liuren-no-ke', but no rule entry words it\n"
        "    hint: add 'liuren-no-ke: …' under 'steps:' in the entry of the rule it belongs to "
        "(operands: none)",
        f"content/rules/liuren-methods.yaml:{made_up}: rule liuren-zei-ke words step kind 'liuren-made-up', "
        "which no engine has\n    hint: check the kind against the engines' declare({...}) lists",
        f"content/rules/liuren-methods.yaml:{chain}: step liuren-chain has no operand {{middle}}\n"
        "    hint: its operands: first, mid, last",
    ]


def test_a_step_sentence_with_an_unknown_filter_is_named(tmp_path):
    root = copy_site(tmp_path)
    path = root / "content/rules/liuren-methods.yaml"
    text = path.read_text(encoding="utf-8").replace("末傳은 中傳 {mid} 위의 天盤 {last}.", "末傳은 {last|를}.")
    path.write_text(text, encoding="utf-8")
    chain = 1 + next(i for i, ln in enumerate(text.splitlines()) if "liuren-chain:" in ln)
    assert problems_of(root) == [
        f"content/rules/liuren-methods.yaml:{chain}: rule liuren-zei-ke, step liuren-chain: placeholder "
        "'{last|를}': unknown filter '를' (particles: 이 을 은 과 로; joins: list, concat)\n"
        "    hint: write {operand}, {operand|을}, {operand|list} …",
    ]


def test_a_converted_familys_rule_without_its_predicate_is_named(site, monkeypatch):
    """Every yi, 梅花 and 地理 rule owns its one predicate; a rule of those families without one
    fails the knowledge check, named with its id (a fixture catalog: the real one, one predicate
    taken away)."""
    import dataclasses

    from sitegen.model import knowledge
    from sitegen.problems import Problems

    real = knowledge.engine_rules()
    assert all(r.holds is not None for r in real.values() if r.family in knowledge.YI_PREDICATE_FAMILIES)
    problems = Problems()
    knowledge.join_rules(site.content.rules, problems)
    assert not problems
    fixture = dict(real)
    fixture["dili-shui-kou-you-qing"] = dataclasses.replace(real["dili-shui-kou-you-qing"], holds=None)
    monkeypatch.setattr(knowledge, "engine_rules", lambda: fixture)
    knowledge.join_rules(site.content.rules, problems)
    assert [p.format() for p in problems.items] == [
        "sitegen/model/yi/rules.py: rule dili-shui-kou-you-qing (水口有情) has no predicate\n"
        "    hint: give its RuleDef 'holds', the one function that decides where it holds"
    ]
