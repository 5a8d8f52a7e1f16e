"""The whole site as a model: content, both computed corpora, the rules joined to their entries,
the backlinks, and the page registry — all checked before anything is rendered."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..content import Content
from ..content.books import BOOKS_FILE
from ..content.config import Config
from ..content.names import Names
from ..content.rules import StepSentence
from ..content.terms import Term
from ..content.texts import Text
from ..problems import Problems
from . import addresses as A
from . import liuren, yi
from .agreement import AgreementReport, agreement
from .conventions import change_variants, check_conventions
from .ganzhi import SIXTY, GanZhi
from .knowledge import Rule, check_citations, check_names, check_term_rules, join_rules, step_sentences
from .liuren.patterns import Step, rides_first
from .liuren.variants import LessonVariant, lesson_variants
from .options import KinVariant, NobleTable, Shehai
from .pages import Page, Registry
from .validation import KEJING, KEJING_DAY, ValidationReport, validate  # noqa: F401  (KEJING_DAY: for the views)


def lesson_key(day: GanZhi, plate: int) -> str:
    return f"lesson:{day.slug}:{plate:02d}"


def hexagram_key(n: int) -> str:
    return f"hexagram:{n:02d}"


def change_key(a: int, b: int) -> str:
    return f"change:{a:02d}:{b:02d}"


@dataclass
class Site:
    root: Path
    config: Config
    content: Content
    texts: dict[str, Text]
    terms: dict[str, Term]
    rules: dict[str, Rule] = field(default_factory=dict)
    steps: dict[str, StepSentence] = field(default_factory=dict)   # step kind → its sentence
    lessons: dict[tuple[int, int], liuren.Lesson] = field(default_factory=dict)
    # what each other option of a convention changes (sitegen.model.conventions), where it does
    lesson_variants: dict[tuple[int, int], tuple[LessonVariant, ...]] = field(default_factory=dict)
    change_variants: dict[tuple[int, int], dict[str, tuple]] = field(default_factory=dict)
    changes: dict[tuple[int, int], yi.Change] = field(default_factory=dict)
    # paragraph ('slug', 'pid') → rule ids citing it / term ids defined by it
    cited_by: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    defines: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    kejing_sections: dict[int, str] = field(default_factory=dict)   # plate → section id
    validation: ValidationReport | None = None
    agreement: AgreementReport | None = None
    registry: Registry = field(default_factory=Registry)
    download: Any = None        # the site's zip (sitegen.archive.Archive), once built with --archive

    def lesson(self, day: GanZhi, plate: int) -> liuren.Lesson:
        return self.lessons[(day.index, plate)]

    def change(self, a: int, b: int) -> yi.Change:
        return self.changes[(a, b)]

    @property
    def names(self) -> Names:
        """content/names.yaml: the words the generator writes (the model is built only on names
        that loaded)."""
        assert self.content.names is not None
        return self.content.names


def build_site(content: Content) -> Site:
    """Compute everything the pages need and register every page; raise on any problem."""
    problems = Problems()
    cfg = content.config
    site = Site(root=content.root, config=cfg, content=content,
                texts={t.slug: t for t in content.texts}, terms={t.id: t for t in content.terms})
    site.rules = join_rules(content.rules, problems)
    site.steps = step_sentences(content.rules, problems)
    if content.names is not None:
        check_names(content.names, problems)
    tanyuan = content.validation.tanyuan
    check_citations(site.texts, content.rules, content.terms, content.validation.examples, problems,
                    [(tanyuan.file, d) for d in tanyuan.differences] if tanyuan else ())
    check_term_rules(content.terms, site.rules, site.texts, problems)
    check_conventions(content.conventions, site.rules, site.texts, problems)

    made = corpora(cfg.liuren_shehai, cfg.liuren_guiren, cfg.yi_kin_variant)
    site.lessons, site.lesson_variants = made.lessons, made.lesson_variants
    site.changes, site.change_variants = made.changes, made.change_variants

    _backlinks(site, made.links)
    _kejing(site)
    site.validation = validate(site, problems)
    site.agreement = agreement(site, problems)
    _register_pages(site)
    check_books(site, problems)
    for a, b in site.registry.clashes:
        if b.kind == "redirect":
            continue          # reported against content/redirects.yaml, with the entry's line
        problems.add(b.address.file, None,
                     f"two pages would be written to {a.address.file}: {a.key} and {b.key}",
                     "give one of them another slug or id")
    problems.raise_if_any()
    return site


@dataclass(frozen=True)
class Corpora:
    lessons: dict[tuple[int, int], liuren.Lesson]
    lesson_variants: dict[tuple[int, int], tuple[LessonVariant, ...]]
    changes: dict[tuple[int, int], yi.Change]
    change_variants: dict[tuple[int, int], dict[str, tuple]]
    links: ChartLinks         # which charts each rule holds for


@dataclass(frozen=True)
class ChartLinks:
    """Which charts each rule holds for, by rule id, found in the corpora alone; the rules that
    content/rules defines take theirs by id (:func:`_backlinks`)."""
    holds: dict[str, list[str]]                      # lesson and hexagram page keys
    change_holds: dict[str, list[str]]               # change page keys
    conditional: dict[str, list[tuple[str, Step]]]   # (lesson page key, the condition)


def corpora(shehai: Shehai, guiren: NobleTable, kin_variant: KinVariant) -> Corpora:
    """Both corpora under the engine options: the lessons and what the other options change in
    them, the changes and theirs."""
    made = Corpora({}, {}, {}, {}, ChartLinks({}, {}, {}))
    for l in liuren.all_lessons(shehai=shehai, guiren=guiren):
        key = (l.day.index, l.plate)
        made.lessons[key] = l
        variants = lesson_variants(l)
        if variants:
            made.lesson_variants[key] = variants
    for c in yi.all_changes(kin_variant=kin_variant):
        key = (c.ben.number, c.bian.number)
        made.changes[key] = c
        others = change_variants(c)
        if others:
            made.change_variants[key] = others
    _chart_links(made)
    return made


def _chart_links(made: Corpora) -> None:
    """Fill ``made.links``: the rules each chart holds, those that hold under a condition."""
    links = made.links
    holds, change_holds, conditional = links.holds, links.change_holds, links.conditional
    for (di, plate), l in made.lessons.items():
        key = lesson_key(SIXTY[di], plate)
        for rid in l.rule_ids:
            holds.setdefault(rid, []).append(key)
        for cp in l.conditional_patterns:
            conditional.setdefault(cp.rule, []).append((key, cp.condition))
        for fa in l.bifa:
            if fa.condition is not None:
                conditional.setdefault(fa.rule, []).append((key, fa.condition))
        first = l.transmissions[0]
        for night in (False, True):
            general = GENERAL_IDS.get(l.general_of(first, night))
            if general is not None:
                conditional.setdefault(general, []).append((key, rides_first(first, night)))
    for h in yi.HEXAGRAMS:
        key = hexagram_key(h.number)
        for rid in h.all_rule_ids:
            holds.setdefault(rid, []).append(key)
    for (a, b), c in made.changes.items():
        key = change_key(a, b)
        for rid in c.all_rule_ids:
            change_holds.setdefault(rid, []).append(key)


def _backlinks(site: Site, links: ChartLinks) -> None:
    """Which charts each rule holds for, and which rules and terms cite each paragraph."""
    rules = site.rules
    for rid, r in rules.items():
        r.holds.extend(links.holds.get(rid, ()))
        if r.predicate.applies_to == "change":
            r.holds.extend(links.change_holds.get(rid, ()))
        r.conditional.extend(links.conditional.get(rid, ()))
    for r in rules.values():
        for c in (*r.entry.cites, *(c for _, c in r.entry.readings)):
            lst = site.cited_by.setdefault((c.text, c.paragraph), [])
            if r.id not in lst:
                lst.append(r.id)
    for t in site.terms.values():
        for c in t.defined_in:
            lst = site.defines.setdefault((c.text, c.paragraph), [])
            if t.id not in lst:
                lst.append(t.id)


GENERAL_IDS = {r.zh: r.id for r in liuren.RULES if r.family == "liuren-general"}


def _kejing(site: Site) -> None:
    """Seed 002's eight lessons: section ju-0n is 丙寅日 plate n."""
    t = site.texts.get(KEJING)
    if t is None:
        return
    for s in t.sections:
        if s.id.startswith("ju-") and s.id[3:].isdigit():
            site.kejing_sections[int(s.id[3:])] = s.id


def check_books(site: Site, problems: Problems) -> None:
    """Each page a book names (content/books.yaml) is a page of the site."""
    for b in site.content.books:
        for key, line in zip(b.pages, b.page_lines):
            if site.registry.get(key.partition("#")[0]) is None:
                problems.add(BOOKS_FILE, line, f"the book 《{b.zh}》 names the page {key!r}, which the site does not have",
                             "write a page key such as validation:liuren or conventions#names_tanyuan")


def _register_pages(site: Site) -> None:
    reg = site.registry
    assert site.content.names is not None     # the model is built only on names that loaded
    titles = site.content.names.pages         # the fixed pages' titles (content/names.yaml)
    reg.add(Page("home", "home", A.HOME, site.config.title_ko))
    reg.add(Page("texts", "texts", A.TEXTS, titles["texts"], parent="home"))
    for t in site.texts.values():
        reg.add(Page(f"text:{t.slug}", "text", A.text(t.slug), t.title_zh, ref=t.slug, parent="texts"))

    # 大六壬
    reg.add(Page("liuren", "liuren_index", A.LIUREN, titles["liuren"], parent="home"))
    for day in SIXTY:
        dkey = f"liuren-day:{day.slug}"
        reg.add(Page(dkey, "liuren_day", A.liuren_day(day), f"{day.zh}日 12局", ref=day, parent="liuren"))
        for plate in range(1, 13):
            l = site.lesson(day, plate)
            title = plate_title(day, plate, l.gan_shang)
            addr = A.lesson(day, plate)
            reg.add(Page(lesson_key(day, plate), "lesson", addr, title, ref=(day.index, plate), parent=dkey))
            # the data of a lesson words its steps by the sentences of content/rules
            reg.add(Page(f"lesson-json:{day.slug}:{plate:02d}", "lesson_json", addr.twin(), title,
                         ref=(day.index, plate), in_sitemap=False))
    reg.add(Page("data:liuren", "liuren_data", A.LIUREN_DATA, "data/liuren.json", in_sitemap=False))
    reg.add(Page("cast", "cast", A.CAST, titles["cast"], parent="home"))
    reg.add(Page("cast-tables", "cast_tables", A.Address("cast/tables.js"), titles["cast-tables"],
                 in_sitemap=False))
    reg.add(Page("cast-yi-tables", "cast_yi_tables", A.CAST_YI, "cast/yi.js", in_sitemap=False))
    reg.add(Page("cast-calendar", "cast_calendar", A.CAST_CALENDAR, "cast/calendar.js", in_sitemap=False))
    reg.add(Page("cast-moon", "cast_moon", A.Address("cast/moon.js"), "cast/moon.js", in_sitemap=False))
    reg.add(Page("yi-moment-tables", "yi_moment_tables", A.YI_MOMENT, "yi/moment.js", in_sitemap=False))

    # 64 卦 and 4,096 變
    reg.add(Page("yi", "yi_index", A.YI, titles["yi"], parent="home"))
    reg.add(Page("yi-matrix", "yi_matrix", A.YI_MATRIX, titles["yi-matrix"],
                 parent="yi"))
    for h in yi.HEXAGRAMS:
        hkey = hexagram_key(h.number)
        addr = A.hexagram(h.number)
        reg.add(Page(hkey, "hexagram", addr, f"{h.number:02d} {h.name}", ref=h.number, parent="yi"))
        reg.add(Page(f"hexagram-json:{h.number:02d}", "hexagram_json", addr.twin(), h.name,
                     ref=h.number, in_sitemap=False))
    for h in yi.HEXAGRAMS:
        for g in yi.HEXAGRAMS:
            a, b = h.number, g.number
            addr = A.change(a, b)
            title = f"{h.name} → {g.name}" if a != b else f"{h.name} (靜卦)"
            reg.add(Page(change_key(a, b), "change", addr, title, ref=(a, b), parent=hexagram_key(a)))
            reg.add(Page(f"change-json:{a:02d}:{b:02d}", "change_json", addr.twin(), title,
                         ref=(a, b), in_sitemap=False))  # its 梅花 note
    reg.add(Page("data:hexagrams", "hexagram_data", A.HEXAGRAM_DATA, "data/yi/hexagrams.json",
                 in_sitemap=False))
    reg.add(Page("data:changes", "change_data", A.CHANGE_DATA, "data/yi/changes.json", in_sitemap=False))

    # Rules and terms
    reg.add(Page("rules", "rules_index", A.RULES, titles["rules"], parent="home"))
    for r in site.rules.values():
        reg.add(Page(f"rule:{r.id}", "rule", A.rule(r.id), f"{r.zh} {r.ko}", ref=r.id, parent="rules"))
    reg.add(Page("terms", "terms_index", A.TERMS, titles["terms"], parent="home"))
    for term in site.terms.values():
        reg.add(Page(f"term:{term.id}", "term", A.term(term.id), f"{term.zh} {term.ko}", ref=term.id,
                     parent="terms"))

    reg.add(Page("books", "books", A.BOOKS, titles["books"], parent="home"))
    for book in site.content.books:
        reg.add(Page(f"book:{book.slug}", "book", A.book(book.slug), f"{book.zh} {book.ko}", ref=book.slug,
                     parent="books"))
    reg.add(Page("about", "about", A.ABOUT, titles["about"], parent="home"))
    reg.add(Page("validation", "validation", A.VALIDATION, titles["validation"], parent="about"))
    for part in VALIDATION_PARTS:
        reg.add(Page(f"validation:{part}", "validation_part", A.validation_part(part),
                     titles[f"validation:{part}"], ref=part, parent="validation"))
    reg.add(Page("conventions", "conventions", A.CONVENTIONS, titles["conventions"], parent="about"))
    reg.add(Page("agreement", "agreement", A.AGREEMENT, titles["agreement"], parent="conventions"))
    reg.add(Page("404", "not_found", A.NOT_FOUND, titles["404"], in_sitemap=False))
    reg.add(Page("search", "search", A.SEARCH, titles["search"], parent="home"))
    reg.add(Page("search-index", "search_index", A.Address("search/index.js"), titles["search-index"], in_sitemap=False))
    reg.add(Page("sitemap", "sitemap", A.SITEMAP, "sitemap.xml", in_sitemap=False))
    reg.add(Page("addresses", "addresses", A.ADDRESS_LIST, titles["addresses"], in_sitemap=False))
    for rd in site.content.redirects:
        reg.add(Page(f"redirect:{rd.source}", "redirect", A.Address(rd.source), titles["redirect"],
                     ref=rd.target, in_sitemap=False))


# The parts of the validation report, one page each under about/validation/ (titled in
# content/names.yaml as validation:<part>).
VALIDATION_PARTS = ("liuren", "daquan", "yi", "rules", "rules-liuren")

PLATE_NUMERALS = {1: "一", 2: "二", 3: "三", 4: "四", 5: "五", 6: "六", 7: "七", 8: "八", 9: "九",
                  10: "十", 11: "十一", 12: "十二"}


def plate_title(day: GanZhi, plate: int, gan_shang) -> str:
    """A lesson's title as the 課經 writes it: 丙寅日 第八局 (干上戌)."""
    return f"{day.zh}日 第{PLATE_NUMERALS[plate]}局 (干上{gan_shang.zh})"
