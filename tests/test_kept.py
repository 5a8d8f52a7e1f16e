"""What a build keeps for the next (sitegen.kept): parsed YAML files and both corpora, beside the
output. A kept result is only ever a shortcut: a build that finds it broken, stale or missing makes
the same site, and content with a problem is never kept (its problem is reported every time)."""

from __future__ import annotations

import pickle

import pytest

from conftest import tree
from sitegen.build import build
from sitegen import kept as kept_module
from sitegen.kept import Kept
from sitegen.problems import BuildError
from sitegen.write.atomic import cache_dir
from sites import edit, scribble

PARAGRAPH = ("content/texts/meihua-tiyong.md", "人事之占，詳觀體用。", "人事之占，詳觀體用。 ")


def kept_files(root):
    return sorted(p for p in cache_dir(root / "build").glob("*.pickle"))


def test_a_result_is_made_once_per_input_generator_and_python(tmp_path):
    made = []

    def make(value):
        def go():
            made.append(value)
            return value, True
        return go

    kept = Kept(tmp_path, "code-1")
    assert kept.get("yaml", "a.yaml\0x: 1", make({"x": 1})) == {"x": 1}
    assert Kept(tmp_path, "code-1").get("yaml", "a.yaml\0x: 1", make("not made")) == {"x": 1}
    assert made == [{"x": 1}]
    assert Kept(tmp_path, "code-2").get("yaml", "a.yaml\0x: 1", make("new generator")) == "new generator"
    later = Kept(tmp_path, "code-2")
    assert later.get("yaml", "a.yaml\0x: 2", make("new text")) == "new text"
    later.prune()                          # what this build did not use goes
    assert len(list(tmp_path.glob("*.pickle"))) == 1
    assert Kept(None, "code-2").get("yaml", "a.yaml\0x: 2", make("no folder")) == "no folder"


def test_without_a_folder_parsed_files_are_kept_in_memory_each_load_getting_its_own(monkeypatch):
    """A load with no cache folder (a check of a project with no output, the content alone)
    parses a YAML file's text once per process; the corpora are made each time."""
    monkeypatch.setattr(kept_module, "_memory", {})
    monkeypatch.setattr(kept_module, "MEMORY_LIMIT", 2)
    made = []

    def make(value, fine=True):
        def go():
            made.append(value)
            return dict(value), fine
        return go

    first = Kept(None, "code").get("yaml", "a.yaml\0x: 1", make({"x": 1}))
    first["x"] = "changed by its caller"
    again = Kept(None, "code").get("yaml", "a.yaml\0x: 1", make({"x": "not made"}))
    assert again == {"x": 1} and made == [{"x": 1}]
    assert Kept(None, "code-2").get("yaml", "a.yaml\0x: 1", make({"x": 2})) == {"x": 2}   # a new generator
    Kept(None, "code").get("yaml", "b.yaml\0x: 3", make({"x": 3}, fine=False))       # with problems
    Kept(None, "code").get("corpora", "depth", make({"x": 4}))
    Kept(None, "code").get("corpora", "depth", make({"x": 4}))
    assert made == [{"x": 1}, {"x": 2}, {"x": 3}, {"x": 4}, {"x": 4}]
    Kept(None, "code").get("yaml", "a.yaml\0x: 1", make({"x": "not made"}))   # the last used now
    Kept(None, "code").get("yaml", "c.yaml\0x: 5", make({"x": 5}))            # code-2's goes
    assert Kept(None, "code").get("yaml", "a.yaml\0x: 1", make({"x": "not made"})) == {"x": 1}
    assert Kept(None, "code-2").get("yaml", "a.yaml\0x: 1", make({"x": 2})) == {"x": 2}
    assert made == [{"x": 1}, {"x": 2}, {"x": 3}, {"x": 4}, {"x": 4}, {"x": 5}, {"x": 2}]


def test_a_result_made_with_problems_is_not_kept(tmp_path):
    def broken():
        return None, False

    kept = Kept(tmp_path, "code")
    assert kept.get("yaml", "bad", broken) is None
    assert not list(tmp_path.glob("*.pickle"))


def test_kept_results_that_cannot_be_read_are_made_again(site_copy, built):
    files = kept_files(site_copy)
    assert {f.name.split("-")[0] for f in files} == {"yaml", "corpora"}
    for f in files:
        scribble(f, "not a pickle")        # a new file: the built site's cache keeps its own
    edit(site_copy / PARAGRAPH[0], *PARAGRAPH[1:])
    build(site_copy, site_copy / "build")
    edit(site_copy / PARAGRAPH[0], *reversed(PARAGRAPH[1:]))
    build(site_copy, site_copy / "build")
    assert tree(site_copy / "build") == tree(built)
    again = kept_files(site_copy)
    assert [f.name for f in again] == [f.name for f in files]
    for f in again:
        pickle.loads(f.read_bytes())       # made again, whole


def test_content_with_a_problem_is_reported_by_every_build(site_copy):
    rules = site_copy / "content/rules/liuren-methods.yaml"
    edit(rules, "definition: >-", "definition: [>-")
    for _ in range(2):
        with pytest.raises(BuildError) as e:
            build(site_copy, site_copy / "build")
        assert any(p.file == "content/rules/liuren-methods.yaml" and "malformed YAML" in p.message
                   for p in e.value.problems)
