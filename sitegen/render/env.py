"""The one jinja environment: autoescape on, undefined names are errors."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from jinja2 import Environment, FileSystemLoader, StrictUndefined

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
            "variants": "variants_html", "pager": "pager",
            "meihua_section": "meihua_section_html", "dili_section": "dili_section_html", "gua_shen": "gua_shen_html"}


def make_env(templates: Path) -> Environment:
    """The environment for the templates under ``templates``."""
    env = Environment(
        loader=FileSystemLoader(str(templates)),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
        cache_size=-1,             # every template kept once compiled
    )
    env.filters["md"] = markdown.block
    env.filters["md_inline"] = markdown.inline
    macros: dict = {}
    env.extend(sitegen_macros=macros)
    for name in MEMOISED:          # filled by memoise_macros, once _macros.html is loaded
        env.filters[name] = _forward(macros, name)
    return env


def _forward(macros: dict, name: str):
    return lambda *args: macros[name](*args)


def memoise_macros(env: Environment) -> None:
    """Back the macro filters with the macros of ``_macros.html``, memoised. A template looks its
    filters up each time it renders, so from now on it calls the memo directly; only the macros
    of ``_macros.html`` itself, which looked theirs up as it loaded, go through the forwarders."""
    module = env.get_template("_macros.html").module
    macros: dict = getattr(env, "sitegen_macros")   # added by make_env (Environment.extend)
    for name, macro in MEMOISED.items():
        macros[name] = env.filters[name] = lru_cache(maxsize=1 << 14)(getattr(module, macro))
