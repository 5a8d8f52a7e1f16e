"""Reading content files: bytes to text, YAML with line numbers, and a small schema check.

Nothing here raises on bad input: every defect becomes a :class:`~sitegen.problems.Problem`
with the file and line, so a build can list all of them at once.
"""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import yaml

from ..problems import Problems


def read_text(path: Path, rel: str, problems: Problems) -> str | None:
    """The file as UTF-8 text with ``\\n`` line ends, or None (and a problem) if it can't be read."""
    try:
        data = path.read_bytes()
    except OSError as e:
        problems.add(rel, None, f"cannot read the file: {e.strerror or e}",
                     "check that the file exists and is readable")
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        line = data.count(b"\n", 0, e.start) + 1
        problems.add(rel, line, f"the byte 0x{data[e.start]:02x} is not valid UTF-8",
                     "save the file as UTF-8")
        return None
    if text.startswith("\ufeff"):
        text = text[1:]
    return text.replace("\r\n", "\n")


@dataclass
class YamlDoc:
    """Parsed YAML plus the line of every key and list item (1-based, in the whole file)."""

    data: Any
    lines: dict[tuple, int] = field(default_factory=dict)
    first_line: int = 1

    def line(self, path: tuple = ()) -> int:
        """The line of ``path`` or of its nearest ancestor that has one."""
        while path not in self.lines and path:
            path = path[:-1]
        return self.lines.get(path, self.first_line)


# libyaml's parser when PyYAML was built with it (its wheels are): same safe types, much faster.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def parse_yaml(text: str, rel: str, problems: Problems, first_line: int = 1) -> YamlDoc | None:
    """Parse ``text`` (which starts at ``first_line`` of file ``rel``) with safe types only."""
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
        line = first_line + mark.line if mark is not None else first_line
        what = getattr(e, "problem", None) or str(e).splitlines()[0]
        problems.add(rel, line, f"malformed YAML: {what}",
                     "check the indentation and quote values that contain ': ' or start with a symbol")
        return None
    finally:
        loader.dispose()
    doc = YamlDoc(data, {}, first_line)
    if node is not None:
        _walk(node, (), doc, rel, problems)
    return doc


def _walk(node: yaml.Node, path: tuple, doc: YamlDoc, rel: str, problems: Problems) -> None:
    doc.lines.setdefault(path, doc.first_line + node.start_mark.line)
    if isinstance(node, yaml.MappingNode):
        seen: dict[Any, int] = {}
        for k, v in node.value:
            key = k.value
            line = doc.first_line + k.start_mark.line
            if key in seen:
                problems.add(rel, line, f"the key {key!r} appears twice (first on line {seen[key]})",
                             "remove one of them")
            seen.setdefault(key, line)
            doc.lines[path + (key,)] = line
            _walk(v, path + (key,), doc, rel, problems)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            doc.lines[path + (i,)] = doc.first_line + item.start_mark.line
            _walk(item, path + (i,), doc, rel, problems)


def read_yaml(path: Path, rel: str, problems: Problems) -> YamlDoc | None:
    """A YAML content file, read and parsed (None, with problems, if it can't be)."""
    text = read_text(path, rel, problems)
    return parse_yaml(text, rel, problems) if text is not None else None


def list_entries(root: Path, folder: str, schema: dict, what: str, problems: Problems):
    """Every well-formed entry of ``content/<folder>/*.yaml`` (each file a list of mappings with
    an ``id``), as (file, its YamlDoc, index, entry); a duplicate id is reported, not yielded."""
    seen: dict[str, str] = {}
    for path in sorted((root / "content" / folder).glob("*.yaml")):
        rel = path.relative_to(root).as_posix()
        doc = read_yaml(path, rel, problems)
        if doc is None:
            continue
        if not isinstance(doc.data, list):
            problems.add(rel, 1, f"a {what}s file is a list of entries ('- id: …')")
            continue
        for i, item in enumerate(doc.data):
            if not check_schema(item, schema, doc, rel, problems, (i,)):
                continue
            line = doc.line((i,))
            if item["id"] in seen:
                problems.add(rel, line, f"the {what} id {item['id']!r} is already used in {seen[item['id']]}")
                continue
            seen[item["id"]] = f"{rel}:{line}"
            yield rel, doc, i, item


# ---------------------------------------------------------------------------------------------
# A small declarative schema: enough to name every unknown key, missing key and wrong type.

Check = Callable[[Any], str | None]   # returns a description of what is wrong, or None


@dataclass(frozen=True)
class Field:
    check: Check | dict | "ListOf"
    required: bool = True


@dataclass(frozen=True)
class ListOf:
    item: Check | dict


def is_str(v: Any) -> str | None:
    return None if isinstance(v, str) and v.strip() else "a non-empty text"


def is_int(v: Any) -> str | None:
    return None if isinstance(v, int) and not isinstance(v, bool) else "a whole number"


def is_date(v: Any) -> str | None:
    return None if isinstance(v, _dt.date) else "a date written YYYY-MM-DD"


def one_of(*options: str) -> Check:
    def check(v: Any) -> str | None:
        return None if v in options else "one of " + ", ".join(options)
    return check


def matches(pattern: str, what: str) -> Check:
    import re
    rx = re.compile(pattern)

    def check(v: Any) -> str | None:
        return None if isinstance(v, str) and rx.fullmatch(v) else what
    return check


ZH_KO = {"zh": Field(is_str), "ko": Field(is_str)}


def check_schema(value: Any, schema: dict[str, Field], doc: YamlDoc, rel: str, problems: Problems,
                 path: tuple = ()) -> bool:
    """Check a mapping against ``schema``; report every unknown, missing or mistyped key."""
    where = ".".join(str(p) for p in path) or "the front matter"
    if not isinstance(value, dict):
        problems.add(rel, doc.line(path), f"{where} must be a mapping of keys to values")
        return False
    ok = True
    for key in value:
        if key not in schema:
            ok = False
            known = ", ".join(sorted(schema))
            problems.add(rel, doc.line(path + (key,)), f"unknown key {key!r} in {where}",
                         f"known keys here: {known}")
    for key, f in schema.items():
        if key not in value:
            if f.required:
                ok = False
                problems.add(rel, doc.line(path), f"missing key {key!r} in {where}")
            continue
        ok &= _check_value(value[key], f.check, doc, rel, problems, path + (key,))
    return ok


def _check_value(v: Any, check, doc: YamlDoc, rel: str, problems: Problems, path: tuple) -> bool:
    name = ".".join(str(p) for p in path)
    if isinstance(check, dict):
        return check_schema(v, check, doc, rel, problems, path)
    if isinstance(check, ListOf):
        if not isinstance(v, list):
            problems.add(rel, doc.line(path), f"{name} must be a list")
            return False
        ok = True
        for i, item in enumerate(v):
            ok &= _check_value(item, check.item, doc, rel, problems, path + (i,))
        return ok
    wrong = check(v)
    if wrong:
        problems.add(rel, doc.line(path), f"{name} must be {wrong}, not {v!r}")
        return False
    return True
