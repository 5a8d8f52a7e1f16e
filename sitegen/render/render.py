"""Turn registered pages into bytes: one jinja environment, one view function per page kind."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import jinja2
from jinja2 import nodes
from jinja2.exceptions import TemplateAssertionError

from ..model.pages import Page
from ..model.site import Site
from ..paths import ignored
from ..problems import Problem
from .env import make_env, memoise_macros
from . import (views, views_cast, views_conventions, views_liuren, views_rules, views_site, views_texts,
               views_yi)
from .views import Context, JSONText, json_text

VIEWS = {**views.VIEWS, **views_texts.VIEWS, **views_liuren.VIEWS, **views_yi.VIEWS,
         **views_rules.VIEWS, **views_site.VIEWS, **views_cast.VIEWS, **views_conventions.VIEWS}
DATA: dict[str, Callable[[Site, Page, dict], Any]] = {**views_liuren.DATA, **views_yi.DATA}
RAW = {**views_site.RAW, **views_cast.RAW}

TEMPLATES = "templates"
ASSETS = "assets"


def dump_json(data: Any) -> bytes:
    """Deterministic, compact, readable-in-a-pinch JSON (``data`` may be encoded already)."""
    return ((data.text if isinstance(data, JSONText) else json_text(data)) + "\n").encode()


class Renderer:
    def __init__(self, site: Site):
        self.site = site
        self.templates = site.root / TEMPLATES
        self.env = make_env(self.templates)
        self.data_views: dict[str, Callable[[Site, Page, dict], Any]] = DATA
        self.memo: dict = {}         # what pages share (views.memo_json): made once per build

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
        return self.env.get_template(f"{page.kind}.html").render(**variables).encode("utf-8")

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


def template_problems(env: jinja2.Environment, parse_only: bool = False) -> list[Problem]:
    """Every template of ``env`` compiled: the syntax errors, each with its file and line. With
    ``parse_only`` (when something else failed, so that nothing will render) they are parsed, and
    their filters, tests and blocks checked as the compiler would, without making their code."""
    problems = []
    for name in sorted(env.list_templates(filter_func=lambda n: n.endswith(".html"))):
        try:
            if parse_only:
                assert env.loader is not None
                source, filename, _ = env.loader.get_source(env, name)
                _check_tree(env, env.parse(source, name, filename), name, filename)
            else:
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


def _check_tree(env: jinja2.Environment, tree: nodes.Template, name: str, filename: str | None) -> None:
    """What the compiler asserts of a parsed template: every filter and test exists, no block is
    defined twice (raised as the compiler raises it)."""
    blocks: set[str] = set()
    for block in tree.find_all(nodes.Block):
        if block.name in blocks:
            raise TemplateAssertionError(f"block {block.name!r} defined twice", block.lineno, name, filename)
        blocks.add(block.name)
    for kind, node_type, known in (("filter", nodes.Filter, env.filters), ("test", nodes.Test, env.tests)):
        for node in tree.find_all(node_type):
            if node.name not in known:
                raise TemplateAssertionError(f"No {kind} named {node.name!r}.", node.lineno, name, filename)


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
