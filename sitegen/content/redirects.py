"""Redirects: ``content/redirects.yaml`` keeps every old address working after a move.

::

    - from: texts/old-slug/          # an address that was published
      to: texts/new-slug/            # where it lives now (optionally with #anchor)

Each becomes a small page at the old address that sends the reader on (a meta refresh and a
plain link: no JavaScript needed).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..problems import Problem, Problems
from .source import Field, address, check_schema, matches, read_yaml

ADDRESS = r"(?:[a-z0-9][a-z0-9._-]*/)+"
SCHEMA = {
    "from": Field(address(ADDRESS, "a page address in folder form, e.g. texts/old/")),
    "to": Field(matches(ADDRESS + r"(?:#[a-z0-9][a-z0-9-]*)?|", "a page address, optionally #anchor")),
}

FILE = "content/redirects.yaml"


@dataclass(frozen=True)
class Redirect:
    source: str
    target: str
    line: int


def load_redirects(root: Path, problems: Problems) -> tuple[Redirect, ...]:
    path = root / FILE
    if not path.exists():
        return ()
    doc = read_yaml(path, FILE, problems)
    if doc is None or doc.data is None:
        return ()
    if not isinstance(doc.data, list):
        problems.add(FILE, 1, "redirects are a list of entries ('- from: …  to: …')",
                     "write each as '- from: old/address/' and, below it, '  to: new/address/'")
        return ()
    found: dict[str, Redirect] = {}
    for i, item in enumerate(doc.data):
        if check_schema(item, SCHEMA, doc, FILE, problems, (i,)):
            r = Redirect(item["from"], item["to"], doc.line((i,)))
            if r.source in found:
                problems.add(FILE, r.line, f"the address {r.source} is redirected twice (first "
                             f"on line {found[r.source].line})", "keep one of the two entries")
                continue
            found[r.source] = r
    return tuple(found.values())


def check_redirects(redirects: tuple[Redirect, ...], files: set[str] | frozenset[str]) -> list[Problem]:
    """Every redirect against the site's other files (``files``, paths of the output): its old
    address must be free (no page there, and not inside a file's path), its target must be a
    page, and never another redirect (a chain, or a loop). Each problem names the entry's line."""
    problems: list[Problem] = []
    by_source = {r.source: r for r in redirects}

    def add(r: Redirect, message: str, hint: str) -> None:
        problems.append(Problem(FILE, r.line, message, hint))

    for r in redirects:
        if r.source + "index.html" in files:
            add(r, f"{r.source} is an address of a page of the site; it cannot be redirected",
                "a redirect keeps an old address that no page has any more: remove the entry")
            continue
        parts = r.source.rstrip("/").split("/")
        inside = next(("/".join(parts[:n]) for n in range(1, len(parts) + 1)
                       if "/".join(parts[:n]) in files), None)
        if inside is not None:
            add(r, f"{r.source} would be a folder inside the file {inside} the site has",
                "a redirect cannot take an address under one of the site's files")
            continue
        target = r.target.partition("#")[0]
        seen = [r.source]
        while target in by_source and target not in seen:
            seen.append(target)
            target = by_source[target].target.partition("#")[0]
        if len(seen) > 1:
            if target in seen:
                add(r, "redirects loop: " + " → ".join(seen + [target]),
                    "point each old address at a page")
            else:
                add(r, f"the target {seen[1]} is itself redirected (to {target})",
                    f"point {r.source} straight at {target}")
        elif target + "index.html" not in files:
            add(r, f"the target {r.target} is not a page of the site",
                "check the address (folder form, e.g. texts/huangjince/)")
    return problems
