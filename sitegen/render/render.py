"""Turn registered pages into bytes: one jinja environment, one view function per page kind."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Callable

import jinja2

from ..model.pages import Page
from ..model.site import Site
from ..paths import ignored
from ..problems import Problem
from ..write.inputs import ALL_TEMPLATES, TEMPLATE
from . import deps
from .env import make_env, memoise_macros
from . import (views, views_cast, views_conventions, views_liuren, views_rules, views_site, views_texts,
               views_yi)
from .views import Context, JSONText, json_text

VIEWS = {**views.VIEWS, **views_texts.VIEWS, **views_liuren.VIEWS, **views_yi.VIEWS,
         **views_rules.VIEWS, **views_site.VIEWS, **views_cast.VIEWS, **views_conventions.VIEWS}
DATA = {**views_liuren.DATA, **views_yi.DATA}
# Data files whose records every chart's own data file also writes (memoised): rendered before
# the pages are shared out, a build encodes each record once.
MADE_FIRST = frozenset({"liuren_data", "change_data"})
RAW = {**views_site.RAW, **views_cast.RAW}

# A tag that loads another template: its name as a string literal (group 2), or None where the
# name is an expression. Read off the source (parsing it again would cost each worker more than
# the pages it renders with it); a tag inside a comment only adds a dependency.
_LOADS = re.compile(r"""\{%-?\s*(extends|include|import|from)\s+(?:["']([^"']+)["'])?""")

TEMPLATES = "templates"
ASSETS = "assets"


def dump_json(data: Any) -> bytes:
    """Deterministic, compact, readable-in-a-pinch JSON (``data`` may be encoded already)."""
    return ((data.text if isinstance(data, JSONText) else json_text(data)) + "\n").encode()


class Renderer:
    def __init__(self, site: Site, cache: Path | None = None, read_only: bool = False):
        self.site = site
        self.templates = site.root / TEMPLATES
        self.env = make_env(self.templates, cache, read_only)
        self.data_views: dict[str, Callable[[Site, Page, dict], Any]] = DATA
        self.memo: dict = {}
        # Per page kind: its template and the dependency keys of what that loads (looked up once).
        self._templates: dict[str, tuple[jinja2.Template, tuple[str, ...]]] = {}

    def check_templates(self) -> list[Problem]:
        """Compile every template now, so a syntax error is reported before anything renders."""
        problems = template_problems(self.env)
        if not problems:
            memoise_macros(self.env)
        return problems

    def render(self, page: Page) -> bytes:
        if page.kind in RAW:
            return RAW[page.kind](self.site, page)
        if page.kind in self.data_views:
            return dump_json(self.data_views[page.kind](self.site, page, self.memo))
        variables = VIEWS[page.kind](Context(self.site, page, self.memo))
        found = self._templates.get(page.kind)
        if found is None:
            name = f"{page.kind}.html"
            found = self._templates[page.kind] = (self.env.get_template(name), self.template_keys(name))
        template, keys = found
        deps.note(*keys)
        return template.render(**variables).encode("utf-8")

    def template_keys(self, name: str) -> tuple[str, ...]:
        """The dependency keys of the templates a page rendered with ``name`` loads: it, what it
        extends, includes and imports (and so on), and ``_macros.html`` (whose memoised macros
        are filters every template may call). A name computed while rendering could be any
        template: then all of them."""
        found: set[str] = set()
        todo = [name, "_macros.html"]
        while todo:
            current = todo.pop()
            if current in found:
                continue
            found.add(current)
            try:
                source = self.env.loader.get_source(self.env, current)[0]
                refs = [m.group(2) for m in _LOADS.finditer(source)]
            except (jinja2.TemplateError, OSError, UnicodeDecodeError):
                refs = [None]          # reported by the render (or the template check) itself
            if None in refs:
                keys = (ALL_TEMPLATES,)
                break
            todo.extend(r for r in refs if r not in found)
        else:
            keys = tuple(TEMPLATE + t for t in sorted(found))
        return keys

    def render_problem(self, page: Page, e: Exception) -> Problem:
        """A rendering failure as a problem naming the template line and the page. A failure
        outside any template line is the generator's own bug, and raised as such."""
        frame = _template_frame(e, self.templates)
        if frame is None and not isinstance(e, jinja2.TemplateError):
            raise e
        where, line = frame if frame else (f"{TEMPLATES}/{page.kind}.html", None)
        if isinstance(e, RecursionError):
            what, hint = "the template includes or calls itself without end", \
                "remove the include (or the macro call) of the template in itself"
        elif isinstance(e, jinja2.UndefinedError):
            what, hint = f"{type(e).__name__}: {e}", \
                "the template uses a name the view does not provide, or misspells it"
        else:
            what, hint = f"{type(e).__name__}: {str(e)[:200]}", \
                "the expression on that line fails for this page; fix it in the template"
        return Problem(where, line, f"while rendering {page.address.file}: {what}", hint)

    def assets(self) -> dict[str, bytes]:
        folder = self.templates / ASSETS
        return {f"{ASSETS}/{p.relative_to(folder).as_posix()}": p.read_bytes()
                for p in sorted(folder.rglob("*")) if p.is_file()
                and not any(ignored(part) for part in p.relative_to(folder).parts)}


def template_problems(env: jinja2.Environment) -> list[Problem]:
    """Every template of ``env`` compiled: the syntax errors, each with its file and line."""
    problems = []
    for name in sorted(env.list_templates(filter_func=lambda n: n.endswith(".html"))):
        try:
            env.get_template(name)
        except jinja2.TemplateSyntaxError as e:
            problems.append(Problem(f"{TEMPLATES}/{e.name or name}", e.lineno,
                                    f"template syntax error: {e.message}",
                                    "fix the jinja tag on that line"))
        except (jinja2.TemplateError, OSError, UnicodeDecodeError) as e:
            problems.append(Problem(f"{TEMPLATES}/{name}", None, f"template error: {e}",
                                    "check that the template and what it names exist and are "
                                    "UTF-8 text"))
    return problems


def _template_frame(e: Exception, templates: Path) -> tuple[str, int] | None:
    """The innermost template line in the traceback (jinja rewrites frames to template lines);
    for a recursion without end, the ``include`` or ``import`` line that repeats it."""
    tb = e.__traceback__
    found: list[tuple[str, int]] = []
    folder = str(templates.resolve())
    while tb is not None:
        filename = tb.tb_frame.f_code.co_filename
        if filename.startswith(folder):
            found.append((Path(filename).relative_to(folder).as_posix(), tb.tb_lineno))
        tb = tb.tb_next
    if not found:
        return None
    name, line = found[-1]
    if isinstance(e, RecursionError):
        for name, line in sorted(set(found), key=lambda f: -found.count(f)):
            try:
                source = (templates / name).read_text(encoding="utf-8").split("\n")[line - 1]
            except (OSError, UnicodeDecodeError, IndexError):
                continue
            if "{% include" in source or "{% import" in source or "{% from" in source:
                break
        else:
            name, line = found[-1]
    return f"{TEMPLATES}/{name}", line
