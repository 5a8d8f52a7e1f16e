"""The one jinja environment: autoescape on, undefined names are errors."""

from __future__ import annotations

import os
from functools import lru_cache
from hashlib import sha1
from pathlib import Path
from types import CodeType
from typing import Any

import markupsafe
from jinja2 import Environment, FileSystemBytecodeCache, FileSystemLoader, StrictUndefined
from jinja2.compiler import CodeGenerator

from . import markdown

# Macros of _macros.html whose output depends only on their (hashable, frozen) arguments: they
# are filters (``{{ r | rule }}``) backed by a per-environment memo, since thousands of pages
# repeat the same links. Filters, not globals: jinja calls a filter directly, while a global
# goes through its context's call protocol, which costs more than the memo saves.
MEMOISED = {"rule": "rule_link", "general": "general_link", "fig": "figure_svg",
            "hexlink": "hex_link", "rule_defs": "rule_defs_list", "rules_inline": "rules_inline_list",
            "rules_details": "rules_details_list", "topics_table": "topics_table_html",
            "site_header": "site_header_html", "change_row": "change_row_html",
            "chart_cell": "chart_cell_html", "moment_box": "moment_box_html", "option": "option_html",
            "variants": "variants_html", "pager": "pager"}


def make_env(templates: Path, cache: Path | None = None, read_only: bool = False) -> Environment:
    """The environment for the templates under ``templates``. Compiled templates are remembered
    by this process, and with ``cache`` kept there too (:class:`_Cache`); ``read_only``: those
    there are used, nothing is written there."""
    folder = None
    if cache is not None:
        try:
            if not read_only:
                cache.mkdir(parents=True, exist_ok=True)
            folder = str(cache) if cache.is_dir() else None
        except OSError:
            pass                  # no folder, then: every process compiles the templates anew
    env = _Environment(
        loader=FileSystemLoader(str(templates)),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
        bytecode_cache=_Cache(folder, read_only),
        cache_size=-1,             # every template kept, looked up in a plain dict
    )
    env.filters["md"] = markdown.block
    env.filters["md_inline"] = markdown.inline
    macros: dict = {}
    env.extend(sitegen_macros=macros)
    for name in MEMOISED:          # filled by memoise_macros, once _macros.html is loaded
        env.filters[name] = _forward(macros, name)
    return env


# markupsafe's own escaping of a str (in C), without the Markup object wrapped around it.
_escape_inner = getattr(markupsafe, "_escape_inner", None) or (lambda s: str(markupsafe.escape(s)))


def _escape_text(s: Any) -> str:
    """The text ``markupsafe.escape(s)`` holds, as a plain str: what a ``{{ }}`` writes."""
    if type(s) is str:
        return _escape_inner(s)
    if hasattr(s, "__html__"):
        return s.__html__()
    return _escape_inner(str(s))


class _CodeGenerator(CodeGenerator):
    """Jinja's code, but a ``{{ }}`` writes its value through :func:`_escape_text`. Jinja wraps
    each one in ``markupsafe.escape``, which makes a Markup object (three Python calls, a
    microsecond) only for the page's text to be joined from it: a million times a build. The
    characters written are the same; a value used in an expression is escaped as before."""

    def _output_child_pre(self, node, frame, finalize) -> None:
        if frame.eval_ctx.autoescape and not frame.eval_ctx.volatile:
            self.write("environment.escape_text(")
            if finalize.src is not None:
                self.write(finalize.src)
        else:
            super()._output_child_pre(node, frame, finalize)


# Named in the bytecode cache's source hashes: change it when _CodeGenerator writes other code.
_CODE = "sitegen escape_text 1"


class _Environment(Environment):
    """Jinja's environment, its templates compiled by :class:`_CodeGenerator` (whose code calls
    ``environment.escape_text``)."""

    code_generator_class = _CodeGenerator
    escape_text = staticmethod(_escape_text)


class _Cache(FileSystemBytecodeCache):
    """Jinja's bytecode cache, in two places: this process's memory (a process that builds or
    checks several times — a test run, a watcher — compiles each template once) and ``folder``,
    if given (for the builds of later processes). A template is kept under its name and the hash
    of its source, so a changed template is compiled again, and a project moved or copied
    elsewhere (with its cache) keeps its compiled templates: the code is given the template's
    file as it is now, where errors are looked for. Only a help: a folder that cannot be written
    (a full disk, no permission) or read is no cache, never a failed build."""

    compiled: dict[tuple[str, str], CodeType] = {}     # (name's key, source hash) → code

    def __init__(self, folder: str | None, read_only: bool = False):
        if folder is not None:
            super().__init__(folder)
        self.folder = folder
        self.read_only = read_only

    def get_cache_key(self, name: str, filename: str | None = None) -> str:
        return super().get_cache_key(name)

    def get_source_checksum(self, source: str) -> str:
        """The source's hash, and the code generator's: code compiled by another is not used."""
        return sha1(f"{_CODE}\0{source}".encode("utf-8")).hexdigest()

    def get_bucket(self, environment, name, filename, source):
        bucket = super().get_bucket(environment, name, filename, source)
        if bucket.code is not None and filename is not None and bucket.code.co_filename != filename:
            bucket.code = _moved(bucket.code, filename)
        return bucket

    def load_bytecode(self, bucket) -> None:
        code = self.compiled.get((bucket.key, bucket.checksum))
        if code is not None:
            bucket.code = code
            if (self.folder is not None and not self.read_only
                    and not os.path.exists(self._get_cache_filename(bucket))):
                self.dump_bytecode(bucket)           # compiled for another folder: kept here too
            return
        if self.folder is None:
            return
        try:
            super().load_bytecode(bucket)
        except (OSError, ValueError, EOFError):
            bucket.reset()
        if bucket.code is not None:
            self.compiled[(bucket.key, bucket.checksum)] = bucket.code

    def dump_bytecode(self, bucket) -> None:
        self.compiled[(bucket.key, bucket.checksum)] = bucket.code
        if self.folder is None or self.read_only:
            return
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass


def _moved(code: CodeType, filename: str) -> CodeType:
    """``code`` (and the code within it: functions, blocks, macros) as compiled from ``filename``."""
    consts = tuple(_moved(c, filename) if isinstance(c, CodeType) else c for c in code.co_consts)
    return code.replace(co_filename=filename, co_consts=consts)


def _forward(macros: dict, name: str):
    return lambda *args: macros[name](*args)


def memoise_macros(env: Environment) -> None:
    """Back the macro filters with the macros of ``_macros.html``, memoised. A template looks its
    filters up each time it renders, so from now on it calls the memo directly; only the macros
    of ``_macros.html`` itself, which looked theirs up as it loaded, go through the forwarders."""
    module = env.get_template("_macros.html").module
    for name, macro in MEMOISED.items():
        env.sitegen_macros[name] = env.filters[name] = lru_cache(maxsize=1 << 14)(getattr(module, macro))
