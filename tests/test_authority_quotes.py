"""Every rule entry's ``authority`` citation resolves: its work and part are ones we have and its
title has the form the work uses (checked on every load), its title is a heading of that part and
its quote stands under it in the shared folder's transcription (checked on load when
``content/site.yaml`` names that folder, as the project's does). Without the shared folder the
transcription tests are skipped."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

from sitegen.content import read_content
from sitegen.content.authorities import WORKS, Transcriptions, check_authorities, form_problem, text_problem
from sitegen.problems import Problems
from conftest import repo_rules
from sites import copy_site, edit

REPO = Path(__file__).resolve().parent.parent
ENTRIES = repo_rules()


def test_every_authority_quote_is_under_its_heading(shared):
    problems = Problems()
    found = check_authorities(ENTRIES, shared / "authorities", problems)
    assert [p.format() for p in problems.items] == []
    works = Counter(a.work for e in ENTRIES for a in e.authority)
    assert found == sum(works.values()) >= 200      # every one checked: none of a part we lack
    assert set(works) == set(WORKS)                   # every work we can check is quoted


def test_a_misquoted_or_misplaced_clause_is_caught(shared):
    books = Transcriptions(shared / "authorities")
    for work in WORKS:
        a = next(a for e in ENTRIES for a in e.authority if a.work == work)
        assert form_problem(a) is None and text_problem(books, a) is None
        assert "is not" in text_problem(books, replace(a, quote=a.quote + "之外"))[0]
        assert "has no part" in form_problem(replace(a, part=a.part + "外"))[0]
    ke = [a for e in ENTRIES for a in e.authority if a.work == "六壬大全" and a.title.endswith("課")]
    other = next(b for b in ke if b.title != ke[0].title and b.part == ke[0].part)
    assert "is not under" in text_problem(books, replace(ke[0], title=other.title))[0]
    fa = next(a for e in ENTRIES for a in e.authority if a.title == "第60法")
    assert form_problem(replace(fa, part="卷十一"))           # 法 51–100 are 卷十二's
    assert text_problem(books, replace(fa, title="第61法"))   # the verse of another 法
    clause = next(a for e in ENTRIES for a in e.authority if a.title == "第65法" and a.quote != "干墓并關人宅廢")
    assert text_problem(books, clause) is None                # a clause of its commentary
    assert text_problem(books, replace(clause, title="第66法"))  # … is not under the next 法
    last = replace(clause, title="第100法", quote="以凶制凶格 六癸日辰加丑")   # the last 法 runs to the end
    assert text_problem(books, last) is None
    assert "is not under" in text_problem(books, replace(last, title="第99法"))[0]


def _line(root: Path, rel: str, needle: str) -> int:
    lines = (root / rel).read_text(encoding="utf-8").splitlines()
    return next(i for i, s in enumerate(lines, 1) if needle in s)


def _problems(root: Path) -> list[str]:
    problems = Problems()
    read_content(root, problems)
    return [p.format() for p in problems.items]


def test_a_citation_that_does_not_resolve_is_reported_at_load_with_file_line_and_hint(tmp_path, shared):
    root = copy_site(tmp_path)
    ke, fa, moment = "content/rules/liuren-ke.yaml", "content/rules/liuren-bifa.yaml", "content/rules/yi-moment.yaml"
    edit(root / ke, "title: 元首課, quote: 凡一上克下，餘課無克，為元首課}", "title: 元首課, quote: 凡一上克下，為元首課}")
    edit(root / fa, "    title: 第2法\n", "    title: 第62法\n")
    edit(root / moment, "{work: 卜筮全書, part: 卷之十四 神煞歌例, title: 天乙貴人",
         "{work: 卜筮全书, part: 卷之十四 神煞歌例, title: 天乙貴人")
    edit(root / moment, "title: 六甲旬空起例", "title: 六甲旬空例")
    at = {"ke": _line(root, ke, "凡一上克下，為元首課"), "fa": _line(root, fa, "第62法") - 2,
          "work": _line(root, moment, "卜筮全书"), "title": _line(root, moment, "六甲旬空例")}
    form = [
        f"{fa}:{at['fa']}: rule liuren-bifa-002: title '第62法' is not a 法 of 《六壬大全》 卷十一\n"
        "    hint: 卷十一 comments on 第1法 to 第50法; write the title as 第N法",
        f"{moment}:{at['work']}: rule yi-tian-yi-gui-ren: authority work 《卜筮全书》 is not one we can check\n"
        "    hint: the work, without 《》, is one of 六壬大全, 卜筮正宗, 卜筮全書",
    ]
    # Without the transcriptions (the project's own site.yaml names none), what can be told from
    # the entry alone; a folder that is not there is the same.
    assert _problems(root) == form
    config = root / "content/site.yaml"
    config.write_text(config.read_text(encoding="utf-8") + "authorities: ../no-such-folder\n", encoding="utf-8")
    assert _problems(root) == form
    edit(config, "authorities: ../no-such-folder", f"authorities: {shared / 'authorities'}")
    assert sorted(_problems(root)) == sorted(form + [
        f"{ke}:{at['ke']}: rule liuren-yuan-shou: quote 「凡一上克下，為元首課」 is not under 元首課 in "
        "《六壬大全》 卷七\n    hint: quote the clause verbatim, in traditional characters, from under that "
        "heading (the transcription liuren-daquan/juan07.txt writes it in simplified ones)",
        f"{moment}:{at['title']}: rule yi-xun-kong: 六甲旬空例 is not a title in 《卜筮正宗》 啟蒙節要\n"
        "    hint: write the title as the book heads the passage",
    ])


def test_every_rule_page_shows_its_authority_as_book_part_title_quote(built):
    shown = 0
    for e in ENTRIES:
        if not e.authority:
            continue
        page = (built / f"rules/{e.id}/index.html").read_text(encoding="utf-8")
        for a in e.authority:
            assert f"《{a.work}》 · {a.part} · {a.title}: 「{a.quote}」" in page, e.id
            shown += 1
    assert shown >= 200       # 《六壬大全》's 課體 and 法, 《卜筮正宗》's yi-moment rules …


def test_the_report_and_the_rules_index_count_a_rule_quoting_its_clause_as_cited(built, model):
    import html
    import re

    rules = model.rules.values()
    cited = {r.id for r in rules if r.entry.cites}
    quoted = {r.id for r in rules if r.entry.authority} - cited
    follows = {r.id for r in rules} - cited - quoted
    assert {r.id for r in rules if r.family == "yi-moment"} <= quoted      # 《卜筮正宗》's clauses
    assert follows and all(model.rules[i].entry.follows for i in follows)
    summary = html.unescape((built / "about/validation/index.html").read_text(encoding="utf-8"))
    assert (f"규칙 {len(model.rules)}개 가운데 원문 단락을 인용 {len(cited)}, 고전의 정의 구절을 인용 "
            f"{len(quoted)}, 따르는 고전만 밝힘 {len(follows)}") in summary
    page = (built / "about/validation/rules/index.html").read_text(encoding="utf-8")
    section = page.split('id="follows"', 1)[1].split('id="citations"', 1)[0]
    assert f"따르는 고전만 밝힌 규칙 {len(follows)}개" in section
    listed = set(re.findall(r'href="[./]*rules/([a-z0-9-]+)/', section))
    assert listed == follows
    index = (built / "rules/index.html").read_text(encoding="utf-8")
    assert all(f"({len(n)}개 규칙)" in index for n in (cited, quoted, follows))
