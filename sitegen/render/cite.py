"""Citations: one place that says what a citation of a page or of a paragraph holds
(:func:`page_fields`, :func:`paragraph_fields`, pure functions of the page or paragraph and
``content/site.yaml``), and how those fields are written: plain text, BibTeX, RIS and CSL-JSON
(:func:`formats`), in the words of ``content/names.yaml`` (``citation:``). The ``citation_*``
meta of every page (base.html) carries the same fields.

An author, translator or editor that the content records as ``unknown`` is said to be unknown in
the plain text and left out of the machine formats (which have no way to say so), never guessed.
"""

from __future__ import annotations

import functools
import json
import re
from typing import NamedTuple

from ..content.config import Config, is_example_domain
from ..content.names import CitationWords
from ..content.source import Person
from ..content.texts import Paragraph, Text


class Fields(NamedTuple):
    """What a citation says, in one record (a named tuple: one is made for every page)."""

    key: str                      # the BibTeX key / RIS ID / CSL id: ASCII letters, digits, '-'
    title: str                    # what is cited: the page's title, or the work, section and ¶
    author: str | None            # the original author; None: unknown (texts) or the site's
    author_unknown: bool          # the content says the author is unknown
    translator: str | None        # who translated or edited the Korean; None: unknown
    translated: bool              # translated (a text's Korean) or edited (the site's own pages)
    work: str | None              # the text a paragraph or text page belongs to
    section: str | None           # a paragraph's section
    paragraph: str | None         # a paragraph's id, e.g. p03
    site: str                     # the site's name
    compiler: str | None          # who compiled the site; None: unknown
    edition: str                  # the edition's version
    date: str                     # the edition's date, YYYY-MM-DD
    url: str                      # the canonical address, with the paragraph's anchor
    language: str
    placeholder: bool             # the address is on an example domain: not citable yet
    license: str | None
    words: CitationWords          # content/names.yaml's citation words

    @property
    def role(self) -> str:
        """The word for what the translator did: translated (a text) or edited (the site's pages)."""
        return self.words.translated if self.translated else self.words.edited


_NOT_IN_KEY = re.compile(r"[^0-9A-Za-z]")     # a BibTeX key keeps ASCII letters and digits


def _name(p: Person) -> str:
    return p.zh


def _people(people: tuple[Person, ...] | None) -> str | None:
    return ", ".join(_name(p) for p in people) if people else None


@functools.lru_cache(maxsize=8)
def _site_fields(cfg: Config) -> dict:
    """What every page's citation shares, once per configuration."""
    compiler = _name(cfg.compiler) if cfg.compiler else None
    return dict(site=f"{cfg.title_zh} {cfg.title_ko}", compiler=compiler, edition=cfg.edition,
                date=cfg.edition_date.isoformat(), placeholder=is_example_domain(cfg.base_url),
                license=cfg.license_name, editors=_people(cfg.editors))


def page_fields(cfg: Config, words: CitationWords, key: str, title: str, url: str,
                language: str = "ko", text: Text | None = None) -> Fields:
    """The citation of a page: a text's page (``text`` given) credits its author and translator,
    every other page is the site's own work, credited to its compiler and editors."""
    shared = _site_fields(cfg)
    if text is not None:
        author = text.author_zh
        unknown = author is None
        translator, translated = (_name(text.translator) if text.translator else None), True
        work = text.title_zh
    else:
        author, unknown = shared["compiler"], False
        translator, translated = shared["editors"], False
        work = None
    return Fields("sitegen-" + _NOT_IN_KEY.sub("-", key).strip("-"), title, author, unknown,
                  translator, translated, work, None, None, shared["site"], shared["compiler"],
                  shared["edition"], shared["date"], url, language, shared["placeholder"],
                  shared["license"], words)


def paragraph_fields(text_fields: Fields, text: Text, p: Paragraph) -> Fields:
    """The citation of paragraph ``p`` of ``text``, from its text page's citation."""
    section = text.section_of(p.id)
    title = f"{section.zh + ' ' if section else ''}#{p.id}"
    return text_fields._replace(key=f"{text_fields.key}-{p.id}", title=title,
                                section=section.zh if section else None, paragraph=p.id,
                                url=f"{text_fields.url}#{p.id}")


class Citation(NamedTuple):
    """A citation written out, for the cite boxes and the meta."""

    fields: Fields
    plain: str
    bibtex: str
    ris: str
    csl_json: str

    # what base.html's meta and the cite box read
    @property
    def url(self) -> str:
        return self.fields.url

    @property
    def title(self) -> str:
        return self.fields.title

    @property
    def date(self) -> str:
        return self.fields.date

    @property
    def language(self) -> str:
        return self.fields.language

    @property
    def site_name(self) -> str:
        return self.fields.site

    @property
    def author(self) -> str | None:
        """The author as the meta names it: the site itself for its own pages, nobody where the
        content says the author is unknown."""
        f = self.fields
        return f.author or (None if f.author_unknown else f.site)


# Stand-ins for what differs from page to page (characters of the private use area, which no
# field holds and JSON leaves as they are): each format is written once per kind of page, then
# filled in (a site has thousands of pages; every one of them is cited).
_KEY, _TITLE, _URL = "\ue000", "\ue001", "\ue002"


@functools.lru_cache(maxsize=1024)
def _shapes(rest: Fields) -> tuple[str, str, str, str]:
    f = rest._replace(key=_KEY, title=_TITLE, url=_URL)
    note = _note(f)
    return plain(f), bibtex(f, note), ris(f, note), csl_json(f, note)


def _fill(shape: str, key: str, title: str, url: str) -> str:
    return shape.replace(_KEY, key).replace(_TITLE, title).replace(_URL, url)


def formats(f: Fields) -> Citation:
    """The citation ``f`` written out in every format."""
    p, b, r, c = _shapes(f._replace(key="", title="", url=""))
    key, title, url = f.key, f.title, f.url
    return Citation(f, _fill(p, key, title, url), _fill(b, key, _braced(title), url),
                    _fill(r, key, title, url), _fill(c, key, _JSON(title)[1:-1], _JSON(url)[1:-1]))


def plain(f: Fields) -> str:
    w = f.words
    who = []
    if f.author:
        who.append(f.author)
    elif f.author_unknown:
        who.append(f"{w.author} {w.unknown}")
    who.append(f"{f.role} {f.translator or w.unknown}")
    what = f"「{f.work}」 {f.title}" if f.paragraph else f"「{f.title}」"
    return f"{', '.join(who)}, {what}, 『{f.site}』 {_edition(f)}, {f.date}. {f.url}"


def _edition(f: Fields) -> str:
    return f.words.edition.replace("{edition}", f.edition)


def _braced(s: str) -> str:
    return s.replace("{", "(").replace("}", ")")


def bibtex(f: Fields, note: str | None = None) -> str:
    fields = [f"  title = {{{_braced(f.title)}}}"]
    if f.author:
        fields.append(f"  author = {{{_braced(f.author)}}}")
    elif not f.author_unknown:        # the site's own work: a corporate author, braced whole
        fields.append(f"  author = {{{{{_braced(f.site)}}}}}")
    if f.translator:
        fields.append(f"  {'translator' if f.translated else 'editor'} = {{{_braced(f.translator)}}}")
    if f.work and f.paragraph:
        fields.append(f"  booktitle = {{{_braced(f.work)}}}")
    fields += [
        f"  howpublished = {{\\url{{{f.url}}}}}",
        f"  url = {{{f.url}}}",
        f"  edition = {{{f.edition}}}",
        f"  year = {{{f.date[:4]}}}",
        f"  date = {{{f.date}}}",
        f"  publisher = {{{_braced(f.site)}}}",
        f"  note = {{{_braced(note or _note(f))}}}",
    ]
    return "@misc{" + f.key + ",\n" + ",\n".join(fields) + "\n}"


def _note(f: Fields) -> str:
    """What the machine formats cannot say in a field of their own."""
    w = f.words
    parts = [f"{f.site}, {_edition(f)} ({f.date})"]
    if f.author_unknown:
        parts.append(f"{w.author} {w.unknown}")
    if not f.translator:
        parts.append(f"{f.role} {w.unknown}")
    if f.paragraph:
        parts.append(w.paragraph.replace("{paragraph}", f.paragraph))
    return "; ".join(parts)


def ris(f: Fields, note: str | None = None) -> str:
    lines = [("TY", "ELEC"), ("ID", f.key), ("TI", f.title)]
    if f.author:
        lines.append(("AU", f.author))
    elif not f.author_unknown:
        lines.append(("AU", f.site))
    if f.translator:
        lines.append(("A4", f.translator))
    lines.append(("T2", f.work if f.work and f.paragraph else f.site))
    if f.section:
        lines.append(("SE", f.section))
    lines += [("PB", f.site), ("ET", f.edition), ("PY", f.date[:4]),
              ("DA", f.date.replace("-", "/")), ("UR", f.url), ("LA", f.language), ("N1", note or _note(f))]
    return "\n".join(f"{tag}  - {value}" for tag, value in lines) + "\nER  - "


def csl_data(f: Fields, note: str | None = None) -> dict:
    y, m, d = (int(x) for x in f.date.split("-"))
    item: dict = {"id": f.key, "type": "webpage", "title": f.title}
    if f.author:
        item["author"] = [{"literal": f.author}]
    elif not f.author_unknown:
        item["author"] = [{"literal": f.site}]
    if f.translator:
        item["translator" if f.translated else "editor"] = [{"literal": f.translator}]
    item["container-title"] = f.work if f.work and f.paragraph else f.site
    if f.section:
        item["section"] = f.section
    item.update({"publisher": f.site, "edition": f.edition, "issued": {"date-parts": [[y, m, d]]},
                 "URL": f.url, "language": f.language, "note": note or _note(f)})
    return item


_JSON = json.JSONEncoder(ensure_ascii=False).encode


def csl_json(f: Fields, note: str | None = None) -> str:
    return "[" + _JSON(csl_data(f, note)) + "]"
