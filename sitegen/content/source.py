"""Reading content files: bytes to text, YAML with line numbers, and a small schema check.

Nothing here raises on bad input: every defect becomes a :class:`~sitegen.problems.Problem`
with the file and line, so a build can list all of them at once.
"""

from __future__ import annotations

import datetime as _dt
import itertools
import os
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

import yaml

from ..paths import ignored, outside_problem
from ..problems import Problems
from . import yaml_cache


MAX_BYTES = 16 << 20      # no content file comes near this; a bigger one is a mistake


def project_tree_problems(root: Path, folders=("content", "templates")) -> list:
    """A problem for every link under ``folders`` of the project that leads out of it (or to
    something that is not a plain file): those are never read, let alone published."""
    found = Problems()
    for folder in folders:
        for dirpath, dirnames, filenames in os.walk(root / folder):
            dirnames[:] = [d for d in dirnames if not ignored(d)]
            for name in sorted(dirnames + filenames):
                path = Path(dirpath) / name
                if ignored(name) or not path.is_symlink() and path.is_dir():
                    continue
                why = outside_problem(path, root)
                if why:
                    found.add(path.relative_to(root).as_posix(), None, f"cannot read the file: {why}",
                              "content and templates are read only from inside the project; "
                              "copy the file in")
    return found.items


def read_text(path: Path, rel: str, problems: Problems) -> str | None:
    """The file as UTF-8 text with ``\\n`` line ends, or None (and a problem) if it can't be read.
    Only plain files inside the project (``rel`` is the path from its root) are read."""
    root = Path(str(path)[: -len(rel)]) if str(path).endswith(rel) else path.parent
    outside = outside_problem(path, root)
    if outside:
        problems.add(rel, None, f"cannot read the file: {outside}",
                     "content and templates are read only from inside the project; copy the file in")
        return None
    try:
        if path.stat().st_size > MAX_BYTES:
            problems.add(rel, None, f"the file is larger than {MAX_BYTES >> 20} MB",
                         "content files are text; split it or remove what does not belong")
            return None
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
    text = text.replace("\r\n", "\n")
    bad = _CONTROL.search(text)
    if bad:
        problems.add(rel, text.count("\n", 0, bad.start()) + 1,
                     f"the control character U+{ord(bad.group()):04X} is in the file",
                     "remove it: content is plain text (tabs and line ends only)")
        return None
    for m in itertools.islice(_LOOKALIKE.finditer(text), 20):
        problem = lookalike_problem(m.group())
        if problem:
            problems.add(rel, text.count("\n", 0, m.start()) + 1, *problem)
    return text


_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f]")
# Characters a reader cannot see or cannot tell from another: zero-width characters and the word
# joiner, bidirectional controls, and CJK compatibility ideographs (each a second code for a
# unified ideograph, which search, links and quotes would then miss). No source text has them.
_LOOKALIKE = re.compile("[\u200b-\u200d\u2060\ufeff\u202a-\u202e\u2066-\u2069"
                        "\uf900-\ufaff\U0002f800-\U0002fa1f]")


def lookalike_problem(ch: str) -> tuple[str, str] | None:
    """(message, hint) for a character of :data:`_LOOKALIKE` in content, or None for the dozen
    compatibility ideographs that are characters of their own (U+FA0E 﨎 …: no unified twin)."""
    name = f"U+{ord(ch):04X} {unicodedata.name(ch, '')}".rstrip()
    if "\uf900" <= ch <= "\ufaff" or ch >= "\U0002f800":
        twin = unicodedata.normalize("NFC", ch)
        if twin == ch:
            return None
        return (f"the compatibility ideograph {name} is in the file, a look-alike of {twin} "
                f"U+{ord(twin):04X}", f"write {twin} (U+{ord(twin):04X}), the character it stands for")
    what = "direction control" if "\u202a" <= ch <= "\u202e" or "\u2066" <= ch <= "\u2069" \
        else "invisible character"
    return (f"the {what} {name} is in the file",
            "remove it: content is plain text, and what a reader cannot see must not change "
            "what a search, a link or a quote matches")


def check_markdown(text: str, rel: str, line: int, problems: Problems) -> None:
    """A problem for a link of the Markdown prose ``text`` (at ``line`` of ``rel``) that can work
    on no page: named here, where it is written, not on each page it would be built into."""
    from ..render.markdown import link_problem

    why = link_problem(text)
    if why:
        problems.add(rel, line, why, "link to another site with https://…, to a page of the site with "
                     "a relative link (../../rules/x/index.html); never to a path on the machine")


def content_files(root: Path, folder: str, wanted: Callable[[str], bool], what: str,
                  problems: Problems) -> list[Path]:
    """The files of ``content/<folder>/`` that ``wanted`` accepts, in name order. Any other file
    (a ``.yml`` spelling, a misnamed file, a subfolder) is a problem rather than silently left
    out; :func:`ignored` names are skipped here exactly as the build's fingerprint skips them."""
    base = root / "content" / folder
    if not base.is_dir():
        return []
    found = []
    for path in sorted(base.iterdir()):
        if ignored(path.name):
            continue
        rel = path.relative_to(root).as_posix()
        if path.is_symlink() and wanted(path.name):
            found.append(path)                 # read_text says where a bad link leads
        elif path.is_file() and wanted(path.name):
            found.append(path)
        else:
            problems.add(rel, None, f"unexpected {'folder' if path.is_dir() else 'file'} in "
                         f"content/{folder}/", f"{what}; a file that is not one is never read")
            problems.lost.add(rel)
    return found


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


# libyaml's parser when PyYAML was built with it (its wheels are); the construction of values
# is PyYAML's own, made strict here.
if TYPE_CHECKING:  # pragma: no cover
    _Base = yaml.SafeLoader      # the type checker sees one base; both construct alike
else:
    _Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

# The only types content has. Any other tag (``!!binary``, ``!!set``, ``!!omap``, ``!!python/…``)
# is refused.
_TAGS = {f"tag:yaml.org,2002:{t}" for t in ("str", "int", "float", "bool", "null", "timestamp",
                                             "seq", "map")}
MAX_NODES = 200_000       # values a document may stand for once its aliases are expanded


class _Loader(_Base):
    def construct_object(self, node, deep=False):
        if node.tag not in _TAGS:
            raise yaml.constructor.ConstructorError(
                None, None, f"the tag {node.tag!r} is not allowed in content", node.start_mark)
        try:
            return super().construct_object(node, deep)
        except yaml.YAMLError:
            raise
        except (ValueError, TypeError, OverflowError, AttributeError) as e:
            value = node.value if isinstance(node, yaml.ScalarNode) else node.tag
            raise yaml.constructor.ConstructorError(
                None, None, f"{_clip_repr(value)} is not a valid {node.tag.rsplit(':', 1)[-1]}"
                + (f" ({e})" if str(e) and len(str(e)) < 80 else ""), node.start_mark) from None


def _expanded_size(node: yaml.Node, limit: int) -> int:
    """How many values the document stands for with every alias expanded (counting stops past
    ``limit``), computed without expanding: each node is sized once."""
    sizes: dict[int, int] = {}
    stack = [(node, False)]
    while stack:
        n, ready = stack.pop()
        if id(n) in sizes:
            continue
        children = n.value if isinstance(n, yaml.SequenceNode) else \
            [x for kv in n.value for x in kv] if isinstance(n, yaml.MappingNode) else []
        if ready or not children:
            sizes[id(n)] = min(limit + 1, 1 + sum(sizes.get(id(c), 0) for c in children))
        else:
            stack.append((n, True))
            stack.extend((c, False) for c in children if id(c) not in sizes)
    return sizes[id(node)]


def parse_yaml(text: str, rel: str, problems: Problems, first_line: int = 1) -> YamlDoc | None:
    """Parse ``text`` (which starts at ``first_line`` of file ``rel``) with the plain YAML types
    only: dates that exist, numbers that are numbers, no other tags, aliases within reason. A
    text parsed before without a problem is read back from :mod:`~sitegen.content.yaml_cache`."""
    kept = yaml_cache.load(rel, text, first_line)
    if kept is not None:
        return YamlDoc(kept[0], kept[1], first_line)
    found = len(problems.items)
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        # (an alias needs an anchor, '&name': without one the document is no larger than its text)
        if node is not None and "&" in text and _expanded_size(node, MAX_NODES) > MAX_NODES:
            problems.add(rel, first_line, f"the YAML stands for more than {MAX_NODES:,} values "
                         "once its aliases (*name) are expanded",
                         "content needs no aliases: write the values out")
            return None
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
        line = first_line + mark.line if mark is not None else first_line
        what = getattr(e, "problem", None) or str(e).splitlines()[0]
        problems.add(rel, line, f"malformed YAML: {what}",
                     "check the indentation and quote values that contain ': ' or start with a symbol"
                     if "not allowed" not in what and "not a valid" not in what else
                     "write a plain value, or quote it to make it text")
        return None
    except RecursionError:
        problems.add(rel, first_line, "the YAML is nested too deeply", "flatten it")
        return None
    finally:
        loader.dispose()
    doc = YamlDoc(data, {}, first_line)
    if node is not None:
        _walk(node, (), doc, rel, problems, set())
    if len(problems.items) == found:
        yaml_cache.store(rel, text, first_line, data, doc.lines)
    return doc


def _walk(node: yaml.Node, path: tuple, doc: YamlDoc, rel: str, problems: Problems,
          seen_nodes: set[int]) -> None:
    doc.lines.setdefault(path, doc.first_line + node.start_mark.line)
    if id(node) in seen_nodes:          # an alias: its lines were recorded where it is defined
        return
    seen_nodes.add(id(node))
    if isinstance(node, yaml.MappingNode):
        seen: dict[Any, int] = {}
        for k, v in node.value:
            key = k.value
            line = doc.first_line + k.start_mark.line
            if key in seen:
                problems.add(rel, line, f"the key {_clip_repr(key)} appears twice (first on line "
                             f"{seen[key]})", "remove one of them")
            seen.setdefault(key, line)
            doc.lines[path + (key,)] = line
            _walk(v, path + (key,), doc, rel, problems, seen_nodes)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            doc.lines[path + (i,)] = doc.first_line + item.start_mark.line
            _walk(item, path + (i,), doc, rel, problems, seen_nodes)


def _clip_repr(v: Any, n: int = 60) -> str:
    r = repr(v)
    return r if len(r) <= n else r[: n - 1] + "…"


def read_yaml(path: Path, rel: str, problems: Problems) -> YamlDoc | None:
    """A YAML content file, read and parsed (None, with problems, if it can't be)."""
    text = read_text(path, rel, problems)
    if text is None:
        return None
    return parse_yaml(text, rel, problems)


def list_entries(root: Path, folder: str, schema: dict, what: str, problems: Problems):
    """Every well-formed entry of ``content/<folder>/*.yaml`` (each file a list of mappings with
    an ``id``), as (file, its YamlDoc, index, entry); a duplicate id is reported, not yielded."""
    seen: dict[str, str] = {}
    for path in content_files(root, folder, lambda n: n.endswith(".yaml"),
                              f"{what}s files are named <something>.yaml", problems):
        rel = path.relative_to(root).as_posix()
        doc = read_yaml(path, rel, problems)
        if doc is None:
            problems.lost.add(rel)
            continue
        if not isinstance(doc.data, list):
            problems.add(rel, 1, f"a {what}s file is a list of entries ('- id: …')",
                         "start every entry with '- id: ' at the start of a line")
            problems.lost.add(rel)
            continue
        for i, item in enumerate(doc.data):
            if not check_schema(item, schema, doc, rel, problems, (i,)):
                problems.lost.add(rel)
                continue
            line = doc.line((i,))
            if item["id"] in seen:
                problems.add(rel, line, f"the {what} id {item['id']!r} is already used in {seen[item['id']]}",
                             "ids are permanent addresses: give this entry an id of its own")
                continue
            seen[item["id"]] = f"{rel}:{line}"
            yield rel, doc, i, item


# ---------------------------------------------------------------------------------------------
# A small declarative schema: enough to name every unknown key, missing key and wrong type.

Check = Callable[[Any], str | None]   # returns a description of what is wrong, or None


@dataclass(frozen=True)
class Field:
    check: Check | dict | ListOf | MapOf | AnyOf
    required: bool = True


@dataclass(frozen=True)
class ListOf:
    item: Check | dict | ListOf | AnyOf


@dataclass(frozen=True)
class MapOf:
    """A mapping whose every key passes ``key`` and every value ``value``."""
    key: Check
    value: Check | dict | ListOf


@dataclass(frozen=True)
class AnyOf:
    """The first of ``options`` whose shape fits (a check, a mapping, a list) decides."""
    options: tuple


def is_str(v: Any) -> str | None:
    return None if isinstance(v, str) and v.strip() else "a non-empty text"


def is_int(v: Any) -> str | None:
    return None if isinstance(v, int) and not isinstance(v, bool) else "a whole number"


def is_date(v: Any) -> str | None:
    return None if type(v) is _dt.date else "a date written YYYY-MM-DD"


def is_bool(v: Any) -> str | None:
    return None if isinstance(v, bool) else "true or false (unquoted)"


def int_in(low: int, high: int) -> Check:
    def check(v: Any) -> str | None:
        return None if is_int(v) is None and low <= v <= high else f"a whole number from {low} to {high}"
    return check


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


# What a file system takes: a name (one folder or file) of at most NAME_MAX bytes (ext4, XFS,
# btrfs, APFS; NTFS 255 UTF-16 units), a path of at most PATH_MAX (Linux, with its ending NUL). A
# content-made address gets ADDRESS_MAX of it; the rest is for the output folder's own path.
NAME_MAX = 255
PATH_MAX = 4096
ADDRESS_MAX = 1024


def address_problem(address: str) -> str | None:
    """Why ``address`` (a page address in folder form, or one folder name of one) cannot be a
    path of the built site on disk, or None."""
    if len(address.encode("utf-8")) > ADDRESS_MAX:
        return (f"an address of at most {ADDRESS_MAX:,} bytes (with the output folder's path it "
                f"must fit in the {PATH_MAX:,} bytes a path on disk may have)")
    if any(len(name.encode("utf-8")) > NAME_MAX for name in address.split("/")):
        return (f"{'an address whose every name has' if '/' in address else 'a name of'} at most "
                f"{NAME_MAX} bytes (a folder's name on disk can be no longer)")
    return None


def address(pattern: str, what: str) -> Check:
    """A value that becomes (part of) a page's address, hence folders on disk: it matches
    ``pattern`` (described by ``what``) and fits the file system (:func:`address_problem`)."""
    shape = matches(pattern, what)

    def check(v: Any) -> str | None:
        return shape(v) or address_problem(v)
    return check


ZH_KO = {"zh": Field(is_str), "ko": Field(is_str)}

# A person credited (author, translator, compiler …): names in Chinese and Korean, or the word
# ``unknown`` where the sources do not say (never a guess).
UNKNOWN = "unknown"
CREDIT = AnyOf((ZH_KO, one_of(UNKNOWN)))
CREDITS = AnyOf((ListOf(ZH_KO), one_of(UNKNOWN)))


@dataclass(frozen=True)
class Person:
    """Someone credited, by name in Chinese (or the original script) and in Korean."""
    zh: str
    ko: str


def person(v) -> Person | None:
    """A checked :data:`CREDIT` value: the person, or None where it is ``unknown``."""
    return Person(v["zh"], v["ko"]) if isinstance(v, dict) else None


def check_schema(value: Any, schema: dict[str, Field], doc: YamlDoc, rel: str, problems: Problems,
                 path: tuple = ()) -> bool:
    """Check a mapping against ``schema``; report every unknown, missing or mistyped key."""
    where = ".".join(str(p) for p in path) or "the front matter"
    if not isinstance(value, dict):
        problems.add(rel, doc.line(path), f"{where} must be a mapping of keys to values",
                     "write 'key: value' lines, indented under it")
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
                problems.add(rel, doc.line(path), f"missing key {key!r} in {where}",
                             f"add '{key}: …'")
            continue
        ok &= _check_value(value[key], f.check, doc, rel, problems, path + (key,))
    return ok


def _check_value(v: Any, check, doc: YamlDoc, rel: str, problems: Problems, path: tuple) -> bool:
    name = ".".join(str(p) for p in path)
    if isinstance(check, dict):
        return check_schema(v, check, doc, rel, problems, path)
    if isinstance(check, AnyOf):
        for option in check.options:
            shape = dict if isinstance(option, dict) else list if isinstance(option, ListOf) else None
            if shape is None or isinstance(v, shape):
                return _check_value(v, option, doc, rel, problems, path)
        problems.add(rel, doc.line(path), f"{name} must be a mapping or a list, not {_clip_repr(v)}",
                     "write {key: value, …} or [item, …]")
        return False
    if isinstance(check, MapOf):
        if not isinstance(v, dict) or not v:
            problems.add(rel, doc.line(path), f"{name} must be a mapping, not {_clip_repr(v)}",
                         "write {key: value, …}")
            return False
        ok = True
        for k, item in v.items():
            wrong = check.key(k)
            if wrong:
                problems.add(rel, doc.line(path + (k,)), f"the key {_clip_repr(k)} of {name} must "
                             f"be {wrong}", f"write {wrong} as the key")
                ok = False
            else:
                ok &= _check_value(item, check.value, doc, rel, problems, path + (k,))
        return ok
    if isinstance(check, ListOf):
        if not isinstance(v, list):
            problems.add(rel, doc.line(path), f"{name} must be a list",
                         "write [item, …] or one '- item' line each")
            return False
        ok = True
        for i, item in enumerate(v):
            ok &= _check_value(item, check.item, doc, rel, problems, path + (i,))
        return ok
    wrong = check(v)
    if wrong:
        problems.add(rel, doc.line(path), f"{name} must be {wrong}, not {_clip_repr(v)}",
                     f"write {wrong} here")
        return False
    return True
