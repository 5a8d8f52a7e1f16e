"""What each page reads, recorded while it is rendered: its dependencies, for incremental builds.

A page's inputs are not declared by hand (a new field read by a view could be forgotten): while a
page renders, the site's content mappings — texts, terms, rules, the page registry and the indexes
derived from them — note every dependency key (:mod:`sitegen.write.inputs`) they are read
through. A text is read through a stand-in that tells its front matter (``text-head:<slug>``:
title, author, dates) from its body (``text:<slug>``), so a page that shows a text's title is not
re-rendered when a paragraph of it is edited. A rule looked up notes the file defining it
(``rules:<file>``), and a step put in words the files of its sentences, so editing a 六爻 rule
does not re-render the 大六壬 lessons. A page made with a template notes the templates it
loads (``template:<name>``, :meth:`sitegen.render.render.Renderer.template_keys`), so editing
``term.html`` re-renders the term pages alone. Everything else a page can read — the engines,
``site.yaml`` — is under the global keys every page depends on.

View records shared between pages through the renderer's memo carry the keys read to make them,
and hand them on to every page that uses them again (:class:`Memo`).
"""

from __future__ import annotations

from typing import Any, Iterator

from ..model.pages import Page
from ..write.inputs import dep_key

_frames: list[set[str]] = []


def note(*keys: str) -> None:
    """Record ``keys`` as read by the page (and the memo entries) being made now."""
    if _frames:
        _frames[-1].update(keys)


def _close(frame: set[str]) -> None:
    """Take ``frame`` (and any frame opened after it and left open) off the stack, by identity."""
    for i in range(len(_frames) - 1, -1, -1):
        if _frames[i] is frame:
            for left in _frames[i + 1:]:
                frame |= left
            del _frames[i:]
            return


class Recording:
    """``with Recording() as keys:`` — the dependency keys read inside the block."""

    def __enter__(self) -> set[str]:
        self.keys: set[str] = set()
        _frames.append(self.keys)
        return self.keys

    def __exit__(self, *exc) -> None:
        _close(self.keys)
        if _frames:
            _frames[-1].update(self.keys)


def page_keys(page: Page) -> tuple[str, ...]:
    """What a registered page's own record (its title, its ``ref``) is made from."""
    kind, _, ref = page.key.partition(":")
    if kind == "text":
        return (f"text-head:{ref}",)
    if kind == "rule":
        return ("rules",)
    if kind == "term":
        return ("terms",)
    if kind == "redirect":
        return ("redirects",)
    return ()


class _Reading(dict):
    """A dict that notes ``keys`` whenever it is read (dict subclass: the views use it as is)."""

    _deps: tuple[str, ...] = ()

    def _note(self) -> None:
        if _frames:
            _frames[-1].update(self._deps)

    def __getitem__(self, k):
        if _frames:
            _frames[-1].update(self._deps)
        return dict.__getitem__(self, k)

    def get(self, k, default=None):
        self._note()
        return dict.get(self, k, default)

    def __contains__(self, k) -> bool:
        self._note()
        return dict.__contains__(self, k)

    def __iter__(self) -> Iterator:
        self._note()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._note()
        return dict.__len__(self)

    def values(self):
        self._note()
        return dict.values(self)

    def items(self):
        self._note()
        return dict.items(self)

    def keys(self):  # type: ignore[override]
        self._note()
        return dict.keys(self)


class _Rules(_Reading):
    """``site.rules``: looking a rule up notes the file that defines it (``rules:<file>``); a rule
    that is not there, or all of them listed, note every rules file (``rules``)."""

    _deps = ("rules",)

    def __init__(self, rules: dict):
        super().__init__(rules)
        self._files = {rid: dep_key(r.entry.file) for rid, r in rules.items()}

    def __getitem__(self, rid):
        if _frames:
            _frames[-1].add(self._files.get(rid, "rules"))
        return dict.__getitem__(self, rid)

    def get(self, rid, default=None):
        note(self._files.get(rid, "rules"))
        return dict.get(self, rid, default)

    def __contains__(self, rid) -> bool:
        note(self._files.get(rid, "rules"))
        return dict.__contains__(self, rid)


def reading(d: dict, *keys: str) -> _Reading:
    r = _Reading(d)
    r._deps = keys
    return r


class _Texts(dict):
    """``site.texts``: looking a text up notes its front matter; listing them notes the list."""

    def __getitem__(self, slug):
        note(f"text-head:{slug}")
        return _Text(dict.__getitem__(self, slug))

    def get(self, slug, default=None):
        note(f"text-head:{slug}")
        t = dict.get(self, slug)
        return default if t is None else _Text(t)

    def __contains__(self, slug) -> bool:
        note(f"text-head:{slug}")
        return dict.__contains__(self, slug)

    def _all(self) -> None:
        note("texts", *(f"text-head:{s}" for s in dict.keys(self)))

    def __iter__(self):
        self._all()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._all()
        return dict.__len__(self)

    def keys(self):  # type: ignore[override]
        self._all()
        return dict.keys(self)

    def values(self):
        self._all()
        return [_Text(t) for t in dict.values(self)]

    def items(self):
        self._all()
        return [(s, _Text(t)) for s, t in dict.items(self)]


# A text's front matter: reading these does not depend on its body.
_HEAD = frozenset({"slug", "rel", "title_zh", "title_ko", "summary", "author_zh", "author_ko",
                   "published", "seed", "seed_sha256", "seed_heading"})


class _Text:
    """A text as a page reads it: the attributes of its body note ``text:<slug>``."""

    __slots__ = ("_t",)

    def __init__(self, t):
        object.__setattr__(self, "_t", t)

    def __getattr__(self, name: str) -> Any:
        t = object.__getattribute__(self, "_t")
        if name not in _HEAD:
            note(f"text:{t.slug}")
        return getattr(t, name)

    def __eq__(self, other) -> bool:
        return self._t == (other._t if isinstance(other, _Text) else other)

    def __hash__(self) -> int:
        return hash(self._t)


class _Pages(dict):
    """The registry's pages: a page looked up notes what its record is made from; all of them
    listed note everything the set of pages is made from."""

    def __init__(self, pages: dict):
        super().__init__(pages)
        self._deps = {k: page_keys(p) for k, p in pages.items() if page_keys(p)}

    def __getitem__(self, key):
        keys = self._deps.get(key)
        if keys and _frames:
            _frames[-1].update(keys)
        return dict.__getitem__(self, key)

    def get(self, key, default=None):
        page = dict.get(self, key)
        if page is None:
            note("texts", "rules", "terms", "redirects")     # it might exist after an edit
            return default
        keys = self._deps.get(key)
        if keys and _frames:
            _frames[-1].update(keys)
        return page

    def _all(self) -> None:
        note("texts", "rules", "terms", "redirects",
             *(f"text-head:{k[5:]}" for k in dict.keys(self) if k.startswith("text:")))

    def __iter__(self):
        self._all()
        return dict.__iter__(self)

    def __len__(self) -> int:
        self._all()
        return dict.__len__(self)

    def values(self):
        self._all()
        return dict.values(self)

    def items(self):
        self._all()
        return dict.items(self)


class Memo(dict):
    """The renderer's memo of view records shared between pages, used as
    ``got = memo.get(key)`` then ``memo[key] = made`` on a miss: the keys read between the two
    are kept with the entry and noted again by every page that gets it."""

    def __init__(self) -> None:
        super().__init__()
        self._made: dict[Any, tuple[Any, frozenset[str]]] = {}
        self._open: list[tuple[Any, set[str]]] = []

    def get(self, key, default=None):
        got = self._made.get(key)
        if got is not None:
            if _frames:
                _frames[-1].update(got[1])
            return got[0]
        keys: set[str] = set()
        self._open.append((key, keys))
        _frames.append(keys)
        return default

    def __setitem__(self, key, value) -> None:
        made: set[str] = set()
        while self._open:                    # close this entry's frame (and any left open)
            k, keys = self._open.pop()
            _close(keys)
            made |= keys
            if k == key:
                break
        note(*made)
        self._made[key] = (value, frozenset(made))
        dict.__setitem__(self, key, value)


def install(site) -> dict[str, Any]:
    """Make ``site``'s content mappings note what is read from them; returns what to put back
    with :func:`uninstall`."""
    saved = {"texts": site.texts, "terms": site.terms, "rules": site.rules,
             "cited_by": site.cited_by, "defines": site.defines,
             "kejing_sections": site.kejing_sections, "validation": site.validation,
             "pages": site.registry.pages}
    site.texts = _Texts(site.texts)
    site.terms = reading(site.terms, "terms")
    site.rules = _Rules(site.rules)
    site.cited_by = reading(site.cited_by, "rules")
    site.defines = reading(site.defines, "terms")
    site.kejing_sections = reading(site.kejing_sections, f"text:{_kejing()}")
    site.validation = _Validation(site.validation)
    site.registry.pages = _Pages(site.registry.pages)
    return saved


def uninstall(site, saved: dict[str, Any]) -> None:
    site.registry.pages = saved.pop("pages")
    for name, value in saved.items():
        setattr(site, name, value)


def _kejing() -> str:
    from ..model.site import KEJING
    return KEJING


class _Validation:
    """The validation report: made from the seed examples, the engines and the 課經's text."""

    __slots__ = ("_v",)

    def __init__(self, v):
        object.__setattr__(self, "_v", v)

    def __getattr__(self, name: str) -> Any:
        note("validation", f"text:{_kejing()}")
        return getattr(object.__getattribute__(self, "_v"), name)
