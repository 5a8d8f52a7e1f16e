"""Broken content stops the build before anything is written, naming file, line and problem."""

from __future__ import annotations

import subprocess
import sys

import pytest

from sitegen.build import build
from sitegen.content.names import load_names
from sitegen.model.knowledge import check_names
from sitegen.model.yi import HEXAGRAMS
from sitegen.problems import BuildError, Problems
from sites import copy_site, edit

TEXT = "content/texts/kejing-bingyin.md"


def problems_of(root):
    with pytest.raises(BuildError) as e:
        build(root, root / "build")
    assert not (root / "build").exists(), "a failed build must not write anything"
    return [p.format() for p in e.value.problems]


def test_duplicate_paragraph_id(tmp_path):
    site = copy_site(tmp_path)
    edit(site / TEXT, "{#p02}", "{#p01}")
    assert problems_of(site) == [
        f"{TEXT}:27: the id 'p01' is used twice (first on line 22)\n"
        "    hint: ids are permanent citations: give the new one an id of its own"
    ]


def test_chinese_paragraph_without_translation(tmp_path):
    site = copy_site(tmp_path)
    text = (site / TEXT).read_text(encoding="utf-8")
    ko = text.split("\n")[24]  # line 25: the Korean line of p01
    assert ko.startswith("본국의")
    edit(site / TEXT, ko + "\n", "")
    assert problems_of(site) == [
        f"{TEXT}:23: paragraph p01 has Chinese but no Korean translation\n"
        "    hint: add the translation after a blank line"
    ]


def test_unknown_front_matter_key(tmp_path):
    site = copy_site(tmp_path)
    edit(site / TEXT, "summary:", "sumary:")
    found = problems_of(site)
    assert found == [
        f"{TEXT}:2: missing key 'summary' in the front matter\n    hint: add 'summary: …'",
        f"{TEXT}:9: unknown key 'sumary' in the front matter\n"
        "    hint: known keys here: author, base_text, published, seed, seed_heading, seed_sha256, "
        "self_description, slug, summary, title, translation",
    ]


def test_malformed_yaml(tmp_path):
    site = copy_site(tmp_path)
    edit(site / TEXT, "title:\n  zh:", "title:\n zh: [\n  zh:")
    assert problems_of(site) == [
        f"{TEXT}:9: malformed YAML: did not find expected ',' or ']'\n"
        "    hint: check the indentation and quote values that contain ': ' or start with a symbol"
    ]


def test_non_utf8_byte(tmp_path):
    site = copy_site(tmp_path)
    path = site / TEXT
    data = path.read_bytes().replace("斷曰".encode(), b"\xff\xfe", 1)
    path.write_bytes(data)
    assert problems_of(site) == [
        f"{TEXT}:33: the byte 0xff is not valid UTF-8\n    hint: save the file as UTF-8"
    ]


def test_all_problems_of_all_files_are_listed_at_once(tmp_path):
    site = copy_site(tmp_path)
    edit(site / TEXT, "{#p02}", "{#p01}")
    edit(site / "content/texts/huangjince.md", "slug: huangjince", "slug: huangjince\ncolour: red")
    config = site / "content/site.yaml"
    line = next(l for l in config.read_text(encoding="utf-8").splitlines() if l.startswith("base_url:"))
    edit(config, line, "base_url: nowhere")                    # whatever address it is set to
    found = problems_of(site)
    assert len(found) == 3
    assert found[0] == ("content/site.yaml:7: base_url must be an http(s) URL ending in '/', not "
                        "'nowhere'\n    hint: write an http(s) URL ending in '/' here")
    assert found[1].startswith("content/texts/huangjince.md:3: unknown key 'colour'")
    assert found[2].startswith(f"{TEXT}:27: the id 'p01' is used twice")


def test_cli_exit_codes(tmp_path):
    site = copy_site(tmp_path)
    run = lambda *a: subprocess.run([sys.executable, "-m", "sitegen", "--root", str(site), *a],
                                    capture_output=True, text=True)
    assert run("frobnicate").returncode == 2          # success (0) and `check` writing nothing: test_cli.py
    edit(site / TEXT, "{#p02}", "{#p01}")
    bad = run("build")
    assert bad.returncode == 1
    assert "the id 'p01' is used twice" in bad.stderr
    assert not (site / "build").exists()


def test_names_a_misspelled_or_missing_korean_reading_with_its_line(tmp_path):
    """content/names.yaml: a misspelled key is one problem with its line, a key left out another;
    a hexagram's reading under a name that is no hexagram's is named by the model's check."""
    site = copy_site(tmp_path)
    names = site / "content/names.yaml"
    lines = names.read_text(encoding="utf-8").split("\n")
    stem = lines.index("  丙: 병") + 1
    edit(names, "  丙: 병\n", "  炳: 병\n")
    assert problems_of(site) == [
        f"content/names.yaml:{lines.index('stems:') + 1}: missing key '丙' in stems\n    hint: add '丙: …'",
        f"content/names.yaml:{stem}: unknown key '炳' in stems\n"
        "    hint: known keys here: 丁, 丙, 乙, 壬, 己, 庚, 戊, 甲, 癸, 辛",
    ]
    edit(names, "  炳: 병\n", "  丙: 병\n")
    # the hexagrams are matched against the engine's 64 by the model's check (called here alone,
    # rather than through a whole build)
    hexagram = next(i for i, ln in enumerate(lines) if ln.startswith("  姤:")) + 1
    edit(names, "  姤:", "  垢:")
    problems = Problems()
    check_names(load_names(site, problems), problems)
    assert [p.format() for p in problems.items] == [
        f"content/names.yaml:{lines.index('hexagrams:') + 1}: hexagram 44 姤 (天風姤) has no Korean reading\n"
        "    hint: add '  姤: {short: …, name: …}' under 'hexagrams:'",
        f"content/names.yaml:{hexagram}: '垢' under 'hexagrams:' is not a hexagram's short name\n"
        "    hint: the keys are the 64 short names: " + " ".join(h.short for h in HEXAGRAMS),
    ]


def _names_problems(site) -> list[str]:
    problems = Problems()
    assert load_names(site, problems) is None
    return [p.format() for p in problems.items]


def test_names_the_generators_words_a_misspelled_or_missing_key_or_placeholder_with_its_line(tmp_path):
    """The words the views and ``sitegen cast`` write around their facts (content/names.yaml's
    home:, validation_words:, search:, cast_text: …): a misspelled key, a key left out and a
    placeholder the generator does not fill are each a problem with their line and a hint."""
    site = copy_site(tmp_path)
    names = site / "content/names.yaml"
    lines = names.read_text(encoding="utf-8").split("\n")

    def at(text: str, start: int = 0) -> int:
        return next(i for i, ln in enumerate(lines) if i >= start and ln.startswith(text)) + 1

    home, agree = at("home:"), at("  agree: ", at("home:"))
    edit(names, '  agree: "{agree}', '  agre: "{agree}')
    said = _names_problems(site)
    assert said == [
        f"content/names.yaml:{agree}: unknown key 'agre' in home\n"
        "    hint: known keys here: agree, cast, liuren, rules, search, terms, validation, yi",
        f"content/names.yaml:{home}: missing key 'agree' in home\n    hint: add 'agree: …'"]
    edit(names, '  agre: "{agree}', '  agree: "{agree}')

    juan = at("  juan:", at("validation_words:"))
    edit(names, '    none: "課經集에 표제가 없는 이름 (씨앗 글)"\n', "")
    assert _names_problems(site) == [
        f"content/names.yaml:{juan}: missing key 'none' in validation_words.juan\n    hint: add 'none: …'"]
    names.write_text("\n".join(lines), encoding="utf-8")

    head = at("  head: ", at("cast_text:"))
    edit(names, "하루는 {day_starts}시에", "하루는 {day_start}시에")
    assert _names_problems(site) == [
        f"content/names.yaml:{head}: cast_text.head must be words with {{at}}, {{day_starts}}, {{offset}}, "
        "{tz} in them, and no other {…}, not '{at} {tz} (UTC{offset}, 하루는 {day_start}시에 바뀜)'\n"
        "    hint: write words with {at}, {day_starts}, {offset}, {tz} in them, and no other {…} here"]
    edit(names, "하루는 {day_start}시에", "하루는 {day_starts}시에")

    term = at("  term: ", at("search:"))
    edit(names, '  term: "용어"', '  term: "용어 {n}"')
    assert _names_problems(site) == [
        f"content/names.yaml:{term}: search.term must be words with no {{…}} in them, not '용어 {{n}}'\n"
        "    hint: write words with no {…} in them here"]
