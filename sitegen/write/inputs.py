"""Fingerprints of every input, grouped by what a page can depend on.

Each input file belongs to one dependency key: ``text:<slug>`` for a text (and, for its front
matter alone, ``text-head:<slug>``), ``texts`` for the list of texts, ``rules:<file>`` for a
rules file (``rules`` for all of them together: the list of rules), ``terms``, ``validation``,
``redirects`` for those content files, ``template:<name>`` for a jinja template
(``template:*`` for all of them together), and the global keys ``code`` (the generator and its
engines), ``templates`` (the other files under ``templates/``: the assets), ``config`` and
``content`` (anything else) that every page depends on. Which keys a page depends on is
recorded while it is rendered (:mod:`sitegen.render.deps`); its fingerprint is the hash of the
global keys and of those, so an incremental build re-renders exactly the pages whose inputs
changed.

The files are the ones the loaders read: names starting with a dot or ending in ``~`` are skipped
here exactly as there (:func:`sitegen.paths.ignored`), and a link that leads out of the
project is fingerprinted by where it points, never followed (the build refuses it).
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

import sitegen
from ..paths import ignored, outside_problem

GLOBAL_KEYS = ("code", "templates", "config", "content")
TEMPLATE = "template:"              # + a template's name: the pages rendered with it
RULES_FILE = "rules:"               # + a file's name under content/rules: the rules it defines
ALL_TEMPLATES = "template:*"        # every template (a page whose templates are not known)


def dep_key(rel: str) -> str:
    """The dependency key of an input file (path relative to the project root, or ``sitegen/…``)."""
    if rel.startswith("sitegen/"):
        return "code"
    if rel.startswith("templates/"):
        name = rel[len("templates/"):]
        if name.endswith(".html") and not name.startswith("assets/"):
            return TEMPLATE + name
        return "templates"
    if rel == "content/site.yaml":
        return "config"
    if rel.startswith("content/texts/") and rel.endswith(".md") and rel.count("/") == 2:
        return "text:" + rel[len("content/texts/"):-3]
    if rel.startswith("content/rules/"):
        return RULES_FILE + rel[len("content/rules/"):]
    for folder in ("terms", "validation"):
        if rel.startswith(f"content/{folder}/"):
            return folder
    if rel == "content/redirects.yaml":
        return "redirects"
    return "content"


@dataclass(frozen=True)
class Inputs:
    keys: dict[str, str]       # dependency key → hash of its files
    total: str                 # hash of everything

    def __post_init__(self) -> None:
        object.__setattr__(self, "_of_deps", {})

    def page_fingerprint(self, page_id: str, deps: tuple[str, ...]) -> str:
        """The fingerprint of the page ``page_id`` (its key and kind) made from ``deps`` (sorted
        keys; thousands of pages share a few sets of them, each hashed once)."""
        of_deps = self._of_deps.get(deps)
        if of_deps is None:
            h = hashlib.sha1()
            for k in GLOBAL_KEYS:
                h.update(k.encode() + b"=" + self.keys.get(k, "").encode() + b";")
            for k in deps:
                h.update(k.encode() + b"=" + self.keys.get(k, "-").encode() + b";")
            of_deps = self._of_deps[deps] = h.digest()
        return hashlib.sha1(page_id.encode() + b"\0" + of_deps).hexdigest()


def _files(root: Path) -> list[tuple[str, Path]]:
    found = []
    code = Path(sitegen.__file__).resolve().parent
    for base, label in ((root / "content", "content"), (root / "templates", "templates"), (code, "sitegen")):
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not ignored(d))
            for name in filenames:
                if ignored(name) or name.endswith(".pyc"):
                    continue
                p = Path(dirpath) / name
                rel = label + "/" + p.relative_to(base).as_posix()
                found.append((rel, p))
    return sorted(found)


def _front_matter(data: bytes) -> bytes:
    """A text file's front matter (between its first two ``---`` lines), as bytes."""
    lines = data.split(b"\n")
    end = next((i for i in range(1, len(lines)) if lines[i].strip() == b"---"), len(lines))
    return b"\n".join(lines[:end])


def _reader(rel: str, path: Path, root: Path):
    """How to read an input file: a link out of the project by where it points, never followed."""
    if not rel.startswith("sitegen/") and path.is_symlink() and outside_problem(path, root):
        return lambda: b"\0link " + os.fsencode(os.readlink(path))
    return path.read_bytes


def read_inputs(root: Path, base_url: str | None = None) -> Inputs:
    """Hash every input file. Unreadable files hash as missing; loading reports them properly.
    A ``base_url`` given for this build (instead of the config's) counts as part of the config."""
    per_key: dict[str, hashlib._Hash] = {}
    total = hashlib.sha1()
    texts = hashlib.sha1()
    templates = hashlib.sha1()
    rules = hashlib.sha1()
    found = [(rel, _reader(rel, path, root)) for rel, path in _files(root)]
    if base_url:
        found.append(("--base-url", base_url.encode))
    for rel, read in found:
        try:
            data = read()
        except OSError:
            data = b"\0unreadable"
        digest = hashlib.sha1(data).digest()
        key = "config" if rel == "--base-url" else dep_key(rel)
        per_key.setdefault(key, hashlib.sha1()).update(rel.encode() + b"\0" + digest)
        if key.startswith("text:"):
            texts.update(rel.encode() + b"\0")
            per_key[f"text-head:{key[5:]}"] = hashlib.sha1(_front_matter(data))
        elif key.startswith(TEMPLATE):
            templates.update(rel.encode() + b"\0" + digest)
        elif key.startswith(RULES_FILE):
            rules.update(rel.encode() + b"\0" + digest)
        total.update(rel.encode() + b"\0" + digest)
    per_key["texts"] = texts
    per_key[ALL_TEMPLATES] = templates
    per_key["rules"] = rules
    return Inputs({k: h.hexdigest() for k, h in sorted(per_key.items())}, total.hexdigest())
