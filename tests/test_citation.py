"""Citations as a scholar uses them: every page and every paragraph cited with its author, the
translator or editor of the Korean, the site's edition and date and the address; in plain text,
BibTeX, RIS and CSL-JSON, the last two read back with real parsers (rispy, citeproc-py). Also the
credits of each text, the edition and licence in the footer, meta and JSON twins, and the
placeholder banner of a site built on an example address."""

from __future__ import annotations

import copy
import dataclasses
import html
import json
import re

import pytest

from conftest import REPO

rispy = pytest.importorskip("rispy")
citeproc = pytest.importorskip("citeproc")

_BOX = re.compile(r'<pre class="cite-(?P<kind>ris|csl)">(?P<text>.*?)</pre>', re.S)


def _boxes(page_html: str, kind: str) -> list[str]:
    return [html.unescape(m["text"]) for m in _BOX.finditer(page_html) if m["kind"] == kind]


def _paragraph_block(page_html: str, pid: str) -> str:
    return page_html.split(f'<div class="pair" id="{pid}">', 1)[1].split('<div class="pair"', 1)[0]


def test_each_paragraph_mark_opens_a_citation_of_that_paragraph(built, model, base_url):
    t = model.texts["liuren-gejue"]
    page = (built / "texts/liuren-gejue/index.html").read_text(encoding="utf-8")
    for p in t.paragraphs:
        block = _paragraph_block(page, p.id)
        url = f"{base_url}texts/liuren-gejue/#{p.id}"
        assert '<details class="cite-box pcite">' in block, p.id
        (r,) = rispy.loads(_boxes(block, "ris")[0])
        assert r["urls"] == [url] and r["title"].endswith(f"#{p.id}")
        assert r["secondary_title"] == t.title_zh and r["edition"] == model.config.edition
        assert r["section"] == t.section_of(p.id).zh
        assert "저자 미상" in r["notes"][0] and "번역 미상" in r["notes"][0]   # unknown, said so
        plain = html.unescape(block.split('<span class="cite-plain">', 1)[1].split("</span>", 1)[0])
        assert plain.startswith("저자 미상, 번역 미상, 「大六壬 課格訣") and f"#{p.id}" in plain
        assert f"제{model.config.edition}판, {model.config.edition_date.isoformat()}" in plain
        assert plain.endswith(url)


def test_ris_of_every_kind_of_page_parses_with_its_author_and_edition(built, model, base_url):
    for path, author in [("texts/huangjince/index.html", "劉基 (伯溫)"),
                         ("liuren/bing-yin/08/index.html", "術數典據 술수 전거"),
                         ("yi/01/02/index.html", "術數典據 술수 전거"),
                         ("rules/liuren-zi-ren/index.html", "術數典據 술수 전거")]:
        page = (built / path).read_text(encoding="utf-8")
        (r,) = rispy.loads(_boxes(page, "ris")[-1])         # the page's own box, in the footer
        assert r["type_of_reference"] == "ELEC", path
        assert r["authors"] == [author], path
        assert r["urls"] == [base_url + path.removesuffix("index.html")]
        assert r["edition"] == model.config.edition and r["date"] == "2026/11/30"
        meta = re.findall(r'<meta name="(citation_[a-z_]+)" content="([^"]*)"', page)
        assert ("citation_author", author) in meta and ("citation_edition", model.config.edition) in meta


def test_csl_json_is_read_by_a_csl_processor(built, base_url):
    from citeproc import Citation, CitationItem, CitationStylesBibliography, CitationStylesStyle, formatter
    from citeproc.source.json import CiteProcJSON

    page = (built / "texts/meihua-tiyong/index.html").read_text(encoding="utf-8")
    items = json.loads(_boxes(_paragraph_block(page, "p22"), "csl")[0])
    assert items[0]["author"] == [{"literal": "邵雍 (康節, 堯夫)"}]
    assert items[0]["URL"] == f"{base_url}texts/meihua-tiyong/#p22"
    source = CiteProcJSON(items)
    bib = CitationStylesBibliography(CitationStylesStyle("harvard-cite-them-right", validate=False), source, formatter.plain)
    bib.register(Citation([CitationItem(items[0]["id"])]))
    (entry,) = [str(e) for e in bib.bibliography()]
    assert "邵雍" in entry and "#p22" in entry and "2026" in entry


def test_a_text_page_shows_its_credits_at_the_top(built):
    page = (built / "texts/liuren-gejue/index.html").read_text(encoding="utf-8")
    head = page.split('<header class="text-head">', 1)[1].split("</header>", 1)[0]
    assert "<dt>저자</dt><dd>미상" in head
    assert "판본 미상" in head
    assert "<dt>한국어 번역·편집</dt><dd>미상" in head
    page = (built / "texts/huangjince/index.html").read_text(encoding="utf-8")
    head = page.split('<header class="text-head">', 1)[1].split("</header>", 1)[0]
    assert "劉基 (伯溫)</span> · 유기 (백온) (원문이 밝힌 바)" in head


def test_every_page_names_the_edition_and_the_placeholder_address(built, model):
    cfg = model.config
    for path in ["index.html", "texts/huangjince/index.html", "liuren/bing-yin/08/index.html",
                 "yi/01/02/index.html", "404.html"]:
        page = (built / path).read_text(encoding="utf-8")
        assert f"제{cfg.edition}판 ({cfg.edition_date.isoformat()})" in page, path
        assert "내용의 이용 허락: 정하지 않음" in page, path          # the licence is not set yet
        assert '<p class="placeholder-banner" role="note">' in page and cfg.base_url in page, path
    page = (built / "liuren/bing-yin/08/index.html").read_text(encoding="utf-8")
    box = page.split('<details class="cite-box">', 1)[1]
    assert '<p class="cite-placeholder" role="note">이 주소는 자리표시자다' in box


def test_a_licence_set_in_site_yaml_is_in_the_footer_the_head_and_the_json_twins(model, tmp_path):
    from sites import copy_site, edit

    from sitegen.content.config import load_config
    from sitegen.problems import Problems
    from sitegen.render.render import Renderer

    # a licence no one has chosen for this content: the fixture's only (see content/site.yaml)
    name, url = "Example Licence 1.0", "https://licences.example/1.0/"
    root = copy_site(tmp_path / "proj")
    edit(root / "content/site.yaml", "\nengines:", f"\nlicense: {{name: {name}, url: {url}}}\nengines:")
    problems = Problems()
    config = load_config(root, problems, "https://kb.net/site/")
    assert not problems and (config.license_name, config.license_url) == (name, url)
    site = copy.copy(model)
    site.config = config
    r = Renderer(site)
    assert r.check_templates() == []
    for key in ("lesson:bing-yin:08", "change:01:02", "rule:liuren-zi-ren", "text:huangjince", "home"):
        page = r.render(site.registry[key]).decode()
        assert f'<link rel="license" href="{url}">' in page, key                   # the head
        assert f'<a rel="license" href="{url}">{name}</a>' in page, key            # the footer
        assert "이용 허락: 정하지 않음" not in page and "placeholder-banner" not in page, key
    for key, address in [("lesson-json:bing-yin:08", "liuren/bing-yin/08/"), ("change-json:01:02", "yi/01/02/"),
                         ("hexagram-json:01", "yi/01/")]:
        twin = json.loads(r.render(site.registry[key]))
        assert twin["license"] == {"name": name, "url": url}, key
        assert twin["edition"] == model.config.edition and twin["url"] == address


def test_a_build_warns_while_the_content_licence_is_unset(tmp_path, capsys):
    from sites import copy_site, edit

    from sitegen import cli

    root = copy_site(tmp_path / "proj")     # a content error stops each build before it renders
    edit(root / "content/terms/yi.yaml", "- id: hu-gua\n", "- id: Hu Gua\n")
    out = ["--out", str(tmp_path / "out"), "--base-url", "https://kb.net/"]
    assert cli.main(["--root", str(root), "build", *out]) == 1
    err = capsys.readouterr().err
    assert err.startswith("warning: no content licence is set")
    assert "hint: add to content/site.yaml" in err and "example domain" not in err
    edit(root / "content/site.yaml", "\nengines:", "\nlicense: {name: X, url: https://licences.example/x/}\nengines:")
    assert cli.main(["--root", str(root), "build", *out]) == 1
    assert "licence" not in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_the_code_has_a_standard_licence():
    assert (REPO / "LICENSE").read_text(encoding="utf-8").startswith("MIT License")


def test_each_format_written_once_per_kind_of_page_is_the_same_as_written_in_full(model):
    from sitegen.render import cite as C

    t = model.texts["liuren-gejue"]
    words = model.content.names.citation
    page = C.page_fields(model.config, words, "text:liuren-gejue", t.title_zh, "https://kb.net/t/", "zh-Hant", t)
    for f in (C.page_fields(model.config, words, "rule:x", '標題 "q" {b} \\', 'https://kb.net/a/'), page,
              C.paragraph_fields(page, t, t.paragraphs[3])):
        c = C.formats(f)
        note = C._note(f)
        assert (c.plain, c.bibtex, c.ris, c.csl_json) == (C.plain(f), C.bibtex(f, note), C.ris(f, note),
                                                         C.csl_json(f, note))
        assert json.loads(c.csl_json)[0]["title"] == f.title


@pytest.mark.parametrize("old, new, said", [
    ('edition: "제{edition}판"', 'edition: "제{version}판"',
     "content/names.yaml:{line}: citation.edition must be words with {{edition}} in them, and no other {{…}}"),
    ("  dili: {zh: 地理", "  di-li: {zh: 地理",
     "content/names.yaml:{line}: 'di-li' under 'families:' is no family of rules"),
])
def test_the_words_of_citations_and_families_are_content_checked_with_file_line_and_hint(tmp_path, old, new, said):
    from sites import copy_site, edit

    from sitegen.build import build
    from sitegen.problems import BuildError

    root = copy_site(tmp_path / "proj")
    names = root / "content/names.yaml"
    line = names.read_text(encoding="utf-8").split(old)[0].count("\n") + 1
    edit(names, old, new)
    with pytest.raises(BuildError) as e:
        build(root, None)
    report = e.value.report()
    assert said.format(line=line) in report and "hint: " in report


def test_the_plain_citation_is_written_in_the_words_of_names_yaml(model):
    import dataclasses as dc

    from sitegen.render import cite as C

    t = model.texts["liuren-gejue"]
    words = dc.replace(model.content.names.citation, unknown="(unknown)", author="author",
                       translated="tr.", edition="ed. {edition}", paragraph="para. {paragraph}")
    f = C.paragraph_fields(C.page_fields(model.config, words, "text:liuren-gejue", t.title_zh,
                                         "https://kb.net/t/", "zh-Hant", t), t, t.paragraphs[0])
    c = C.formats(f)
    assert c.plain.startswith("author (unknown), tr. (unknown), 「大六壬 課格訣")
    assert f"』 ed. {model.config.edition}, " in c.plain
    assert f"para. {t.paragraphs[0].id}" in json.loads(c.csl_json)[0]["note"]
