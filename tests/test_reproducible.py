"""A clean build in a fresh process with another hash seed, rendered in that one process, is
byte-identical to the session's: no set or dict order, no address of an object, no time, no number
of worker processes leaks into any file written (the manifest included).

The session's ``built`` was made by the build function in the test process, rendering on the
machine's workers (two or more). Every clean render a test compares with (the ``clean_tree``
fixture) is made in a fresh process whose hash seed differs from the test process's, rendering
every page in that one process: each comparison of an incremental build (its files carried over
from ``built``, or rendered anew in the test process) with one (test_build_engine.py) shows it
for every file and the manifest. The test here shows it directly, with no build of its own: the
clean render of the project with one template edited (shared with test_build_engine.py) holds
every file of ``built`` byte for byte but the pages of that template and the manifest."""

from __future__ import annotations

import pytest

from conftest import tree
from test_build_engine import make


@pytest.mark.heavy
def test_a_clean_build_in_a_process_with_another_hash_seed_is_byte_identical(built, site_copy,
                                                                             clean_tree, model):
    make(site_copy, "template")                # term.html: the term pages change, nothing else
    a, b = tree(built), clean_tree(site_copy)
    assert len(a) > 10_000 and a.keys() == b.keys()
    terms = {p.address.file for p in model.registry if p.kind == "term"}
    differ = {name for name in a if a[name] != b[name]}
    assert differ == terms | {".sitegen/manifest.json"}, sorted(differ ^ terms)[:10]
