"""The one jinja environment: autoescape on, undefined names are errors."""

from __future__ import annotations

from pathlib import Path

from functools import lru_cache

from jinja2 import Environment, FileSystemLoader, StrictUndefined

from . import markdown

# Macros of _macros.html whose output depends only on their (hashable, frozen) arguments: they
# are called through a per-environment memo, since thousands of pages repeat the same links.
MEMOISED = {"rule": "rule_link", "general": "general_link", "fig": "figure_svg",
            "hexlink": "hex_link", "rule_defs": "rule_defs_list", "rules_inline": "rules_inline_list",
            "rules_details": "rules_details_list", "topics_table": "topics_table_html",
            "site_header": "site_header_html", "change_row": "change_row_html",
            "chart_cell": "chart_cell_html"}


def make_env(templates: Path) -> Environment:
    env = Environment(
        loader=FileSystemLoader(str(templates)),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
    )
    env.filters["md"] = markdown.block
    env.filters["md_inline"] = markdown.inline
    return env


def memoise_macros(env: Environment) -> None:
    """Expose the pure macros of ``_macros.html`` as memoised globals (``{{ rule(r) }}``)."""
    real: dict = {}

    def forward(name: str):
        return lambda *args: real[name](*args)

    for name in MEMOISED:          # the macros themselves call these globals too
        env.globals[name] = forward(name)
    module = env.get_template("_macros.html").module
    for name, macro in MEMOISED.items():
        real[name] = lru_cache(maxsize=1 << 14)(getattr(module, macro))
