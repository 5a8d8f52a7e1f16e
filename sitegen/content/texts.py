"""The source texts: one file per text under ``content/texts/``.

A text file is YAML front matter between ``---`` lines, then the body::

    # 地理章 | 지리장 {#dili}          a section: Chinese title | Korean title {#section-id}

    {#p01}                            a paragraph pair, with its permanent id
    生死稟修於前定，…                  the classical Chinese, verbatim, on one line

    사람의 생사는 …                    its Korean translation, on one line

    > 편집 주: …                       optional editorial notes (Markdown), never edits of the text

Ids are written in the file, never derived from positions, so inserting a paragraph later
changes no existing citation.
"""

from __future__ import annotations

import datetime as _dt
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..problems import Problems
from .source import (
    CREDIT, UNKNOWN, ZH_KO, Field, ListOf, Person, address, check_markdown, check_schema, content_files,
    is_date, is_str, matches, parse_yaml, person, read_text,
)

ID_PATTERN = r"[a-z0-9][a-z0-9-]*"
_HEADING = re.compile(r"#\s+(?P<zh>[^|]+?)\s*\|\s*(?P<ko>.+?)\s*\{#(?P<id>[^}\s]*)\}\s*")
_PARA = re.compile(r"\{#(?P<id>[^}\s]*)\}\s*")
_ID = re.compile(ID_PATTERN)
_HANGUL = re.compile(r"[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")
_HAN = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")

FRONT_MATTER = {
    "slug": Field(address(ID_PATTERN, "lowercase letters, digits and hyphens")),
    "seed": Field(is_str, required=False),
    "seed_sha256": Field(matches(r"[0-9a-f]{64}", "64 hexadecimal digits"), required=False),
    "seed_heading": Field(is_str, required=False),
    "title": Field(ZH_KO),
    "summary": Field(is_str),
    # Credits: the original author, the 底本 (the edition the Chinese follows) with what is known
    # of it, and who translated or edited the Korean. Where the sources do not say: `unknown`.
    "author": Field(CREDIT),
    "base_text": Field({"edition": Field(is_str), "known": Field(is_str)}),
    "translation": Field({"translator": Field(CREDIT), "known": Field(is_str)}),
    "self_description": Field(ListOf({
        "paragraph": Field(is_str), "quote": Field(is_str), "ko": Field(is_str),
    }), required=False),
    "published": Field(is_date),
}


@dataclass(frozen=True)
class Paragraph:
    id: str
    zh: str
    ko: str
    notes: tuple[str, ...]
    section: str | None
    line: int


@dataclass(frozen=True)
class Section:
    id: str
    zh: str
    ko: str
    line: int
    paragraph_ids: tuple[str, ...]


@dataclass(frozen=True)
class SelfDescription:
    paragraph: str
    quote: str
    ko: str


@dataclass(frozen=True)
class Text:
    slug: str
    rel: str                      # the file, relative to the project root
    title_zh: str
    title_ko: str
    summary: str
    author_zh: str | None
    author_ko: str | None
    published: _dt.date
    seed: str | None
    seed_sha256: str | None
    seed_heading: str | None
    self_description: tuple[SelfDescription, ...]
    sections: tuple[Section, ...]
    paragraphs: tuple[Paragraph, ...]
    _by_id: dict[str, Paragraph] = field(init=False, repr=False, compare=False)
    base_text: str | None = None            # the 底本's name; None: unknown
    base_text_known: str = ""               # what is known of it
    translator: Person | None = None        # of the Korean; None: unknown
    translation_known: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {p.id: p for p in self.paragraphs})

    def paragraph(self, pid: str) -> Paragraph | None:
        return self._by_id.get(pid)

    def section_of(self, pid: str) -> Section | None:
        p = self.paragraph(pid)
        return next((s for s in self.sections if p and s.id == p.section), None)

    def seed_text(self) -> str:
        """The seed document as it is rebuilt from this file: heading, then zh/ko paragraphs."""
        parts = ([self.seed_heading] if self.seed_heading else [])
        for p in self.paragraphs:
            parts += [p.zh, p.ko]
        return "\n\n".join(parts)


def load_texts(root: Path, problems: Problems) -> tuple[Text, ...]:
    """Every ``content/texts/*.md``, in file-name order."""
    texts = []
    for path in content_files(root, "texts", lambda n: n.endswith(".md"),
                              "texts are named <slug>.md", problems):
        rel = path.relative_to(root).as_posix()
        t = load_text(path, rel, problems)
        if t is not None:
            texts.append(t)
        else:
            problems.lost.add(rel)
    seen: dict[str, str] = {}
    for t in texts:
        if t.slug in seen:
            problems.add(t.rel, 2, f"the slug {t.slug!r} is already used by {seen[t.slug]}",
                         "every text needs its own slug: it is the text's permanent address")
        seen.setdefault(t.slug, t.rel)
    return tuple(texts)


def load_text(path: Path, rel: str, problems: Problems) -> Text | None:
    raw = read_text(path, rel, problems)
    if raw is None:
        return None
    lines = raw.split("\n")
    if not lines or lines[0].strip() != "---":
        problems.add(rel, 1, "the file must start with YAML front matter between two '---' lines",
                     "see README.md, 'A text file'")
        return None
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        problems.add(rel, 1, "the front matter is not closed: no second '---' line",
                     "end the front matter with a line '---' before the first section")
        return None
    doc = parse_yaml("\n".join(lines[1:end]), rel, problems, first_line=2)
    if doc is None or not check_schema(doc.data, FRONT_MATTER, doc, rel, problems):
        # Faulty front matter: the body is still read (and reported), and the text stands in
        # under its file name, so what cites it is checked too; the build stops all the same.
        sections, paragraphs = _parse_body(lines, end + 1, rel, problems)
        return Text(slug=path.stem, rel=rel, title_zh=path.stem, title_ko=path.stem, summary="",
                    author_zh=None, author_ko=None, published=_dt.date.min, seed=None,
                    seed_sha256=None, seed_heading=None, self_description=(),
                    sections=sections, paragraphs=paragraphs)
    meta = doc.data
    if meta["slug"] != path.stem:
        problems.add(rel, doc.line(("slug",)),
                     f"the slug {meta['slug']!r} differs from the file name {path.stem!r}",
                     f"rename the file to {meta['slug']}.md or change the slug")
    sections, paragraphs = _parse_body(lines, end + 1, rel, problems)
    by_id = {p.id: p for p in paragraphs}
    described = []
    for i, d in enumerate(meta.get("self_description") or []):
        p = by_id.get(d["paragraph"])
        line = doc.line(("self_description", i))
        if p is None:
            problems.add(rel, line, f"self_description names paragraph {d['paragraph']!r}, "
                         "which this text does not have", "name one of the text's paragraph ids")
        elif d["quote"] not in p.zh:
            problems.add(rel, line, f"the quote {d['quote']!r} is not in paragraph {p.id}",
                         "copy the phrase exactly as the paragraph has it")
        described.append(SelfDescription(d["paragraph"], d["quote"], d["ko"]))
    # With problems in its body the text is still handed on (its faulty paragraphs left out), so
    # that the later checks run on what loaded and report their problems too; the build stops
    # all the same.
    author = meta["author"] if isinstance(meta["author"], dict) else {}
    return Text(
        slug=meta["slug"], rel=rel, title_zh=meta["title"]["zh"], title_ko=meta["title"]["ko"],
        summary=meta["summary"], author_zh=author.get("zh"), author_ko=author.get("ko"),
        published=meta["published"], seed=meta.get("seed"), seed_sha256=meta.get("seed_sha256"),
        seed_heading=meta.get("seed_heading"), self_description=tuple(described),
        sections=sections, paragraphs=paragraphs,
        base_text=None if meta["base_text"]["edition"] == UNKNOWN else meta["base_text"]["edition"],
        base_text_known=meta["base_text"]["known"],
        translator=person(meta["translation"]["translator"]),
        translation_known=meta["translation"]["known"],
    )


def _parse_body(lines: list[str], start: int, rel: str, problems: Problems):
    sections: list[Section] = []
    section_paras: dict[str, list[str]] = {}
    paragraphs: list[Paragraph] = []
    ids: dict[str, int] = {}
    current_section: str | None = None
    i = start
    n = len(lines)

    def claim(ident: str, line: int) -> bool:
        if not _ID.fullmatch(ident):
            problems.add(rel, line, f"the id {ident!r} is not valid",
                         "use lowercase letters, digits and hyphens, starting with a letter or digit")
            return False
        if ident in ids:
            problems.add(rel, line, f"the id {ident!r} is used twice (first on line {ids[ident]})",
                         "ids are permanent citations: give the new one an id of its own")
            return False
        ids[ident] = line
        return True

    while i < n:
        line = lines[i]
        lineno = i + 1
        if not line.strip():
            i += 1
            continue
        m = _HEADING.fullmatch(line)
        if m:
            if claim(m["id"], lineno):
                current_section = m["id"]
                section_paras[current_section] = []
                sections.append(Section(m["id"], m["zh"], m["ko"], lineno, ()))
            i += 1
            continue
        m = _PARA.fullmatch(line)
        if m:
            pid = m["id"]
            blocks, i = _paragraph_blocks(lines, i + 1)
            claimed = claim(pid, lineno)
            zh = blocks[0][1] if blocks else None
            ko = blocks[1][1] if len(blocks) > 1 else None
            notes = [text for kind, text, _ in blocks[2:]]
            if zh is None:
                problems.add(rel, lineno, f"paragraph {pid} has no text",
                             "put the classical Chinese on the line after the id, then a blank "
                             "line and the Korean translation")
                zh = ""
            else:
                _check_paragraph(pid, blocks, rel, problems)
            # A faulty paragraph is kept as it reads (the build stops all the same): what cites
            # it is then checked too, without a second report of the same fault.
            if claimed:
                paragraphs.append(Paragraph(pid, zh, ko or "", tuple(notes), current_section, lineno))
                if current_section is not None:
                    section_paras[current_section].append(pid)
            continue
        problems.add(rel, lineno, f"unexpected line {_clip(line)!r}",
                     "a body line is a section heading '# 中文 | 한국어 {#id}', a paragraph id "
                     "'{#id}', its two text lines, or an editorial note '> …'")
        i += 1
    sections = [Section(s.id, s.zh, s.ko, s.line, tuple(section_paras[s.id])) for s in sections]
    return tuple(sections), tuple(paragraphs)


def _check_paragraph(pid: str, blocks: list, rel: str, problems: Problems) -> None:
    zh = blocks[0][1]
    ko = blocks[1][1] if len(blocks) > 1 else None
    if blocks[0][0] != "text" or _HANGUL.search(zh) or not _HAN.search(zh):
        problems.add(rel, blocks[0][2], f"paragraph {pid} must start with its classical "
                     f"Chinese, but the line reads {_clip(zh)!r}",
                     "put the classical Chinese on the line after the id")
    if ko is None or blocks[1][0] != "text":
        problems.add(rel, blocks[0][2], f"paragraph {pid} has Chinese but no Korean "
                     "translation", "add the translation after a blank line")
    elif not _HANGUL.search(ko):
        problems.add(rel, blocks[1][2], f"paragraph {pid}'s translation has no Korean: "
                     f"{_clip(ko)!r}", "the second block of a paragraph is its Korean "
                     "translation")
    for kind, text, at in blocks[2:]:
        if kind == "note":
            check_markdown(text, rel, at, problems)
        else:
            problems.add(rel, at, f"paragraph {pid} has a third block of text: "
                         f"{_clip(text)!r}", "a paragraph is one Chinese line and one "
                         "Korean line; editorial notes start with '> '")


def _paragraph_blocks(lines: list[str], i: int):
    """Blocks after a paragraph id: ('text'|'note', content, line), until the next id or heading."""
    blocks = []
    n = len(lines)
    while i < n:
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        if _PARA.fullmatch(line) or _HEADING.fullmatch(line):
            break
        if line.startswith(">"):
            start = i
            note = []
            while i < n and lines[i].startswith(">"):
                note.append(lines[i][1:].strip())
                i += 1
            blocks.append(("note", "\n".join(note), start + 1))
            continue
        blocks.append(("text", line, i + 1))
        i += 1
    return blocks, i


def _clip(s: str, n: int = 40) -> str:
    return s if len(s) <= n else s[: n - 1] + "…"
