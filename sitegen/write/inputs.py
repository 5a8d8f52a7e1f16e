"""Fingerprints of every input, grouped by what a page can depend on.

Each input file belongs to one dependency key: ``text:<slug>`` for a text, ``rules``,
``terms``, ``validation``, ``redirects`` for those content folders, and the global keys
``code`` (the generator and its engines), ``templates`` and ``config`` that every page depends
on. A page's fingerprint is the hash of the global keys and its own keys, so an incremental
build re-renders exactly the pages whose inputs changed. Nothing is cached but these hashes.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

import sitegen

GLOBAL_KEYS = ("code", "templates", "config", "content")


def dep_key(rel: str) -> str:
    """The dependency key of an input file (path relative to the project root, or ``sitegen/…``)."""
    if rel.startswith("sitegen/"):
        return "code"
    if rel.startswith("templates/"):
        return "templates"
    if rel == "content/site.yaml":
        return "config"
    if rel.startswith("content/texts/") and rel.endswith(".md") and rel.count("/") == 2:
        return "text:" + rel[len("content/texts/"):-3]
    for folder in ("rules", "terms", "validation"):
        if rel.startswith(f"content/{folder}/"):
            return folder
    if rel == "content/redirects.yaml":
        return "redirects"
    return "content"


@dataclass(frozen=True)
class Inputs:
    keys: dict[str, str]       # dependency key → hash of its files
    total: str                 # hash of everything

    def page_fingerprint(self, deps) -> str:
        h = hashlib.sha1()
        for k in GLOBAL_KEYS:
            h.update(k.encode() + b"=" + self.keys.get(k, "").encode() + b";")
        for k in sorted(deps):
            h.update(k.encode() + b"=" + self.keys.get(k, "-").encode() + b";")
        return h.hexdigest()


def _files(root: Path) -> list[tuple[str, Path]]:
    found = []
    code = Path(sitegen.__file__).resolve().parent
    for base, label in ((root / "content", "content"), (root / "templates", "templates"), (code, "sitegen")):
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__" and not d.startswith("."))
            for name in filenames:
                if name.startswith(".") or name.endswith((".pyc", "~")):
                    continue
                p = Path(dirpath) / name
                rel = label + "/" + p.relative_to(base).as_posix()
                found.append((rel, p))
    return sorted(found)


def read_inputs(root: Path, base_url: str | None = None) -> Inputs:
    """Hash every input file. Unreadable files hash as missing; loading reports them properly.
    A ``base_url`` given for this build (instead of the config's) counts as part of the config."""
    per_key: dict[str, hashlib._Hash] = {}
    total = hashlib.sha1()
    found = [(rel, path.read_bytes) for rel, path in _files(root)]
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
        total.update(rel.encode() + b"\0" + digest)
    return Inputs({k: h.hexdigest() for k, h in sorted(per_key.items())}, total.hexdigest())
