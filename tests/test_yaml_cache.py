"""The parsed-YAML cache (sitegen/content/yaml_cache.py): what it gives back is what parsing gives,
it is used only from a folder that is the user's alone, and a damaged entry is parsed again."""

from __future__ import annotations

import json
import os

import pytest

from conftest import REPO
from sitegen.content import yaml_cache
from sitegen.content.source import parse_yaml
from sitegen.problems import Problems


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    (tmp_path / "cache").mkdir(mode=0o700)
    return tmp_path / "cache" / "sitegen" / "yaml"


def _content_yaml():
    """(path, text, first line) of every YAML document of the content: files and front matter."""
    for path in sorted((REPO / "content").rglob("*")):
        rel = path.relative_to(REPO).as_posix()
        if path.suffix == ".yaml":
            yield rel, path.read_text(encoding="utf-8"), 1
        elif path.suffix == ".md":
            lines = path.read_text(encoding="utf-8").split("\n")
            if lines[0] == "---":
                end = lines.index("---", 1)
                yield rel, "\n".join(lines[1:end]), 2


def _parsed(rel, text, first_line):
    problems = Problems()
    doc = parse_yaml(text, rel, problems, first_line)
    assert not problems.items
    return doc


def test_every_content_document_reads_back_from_the_cache_as_it_parses(cache):
    docs = list(_content_yaml())
    assert len(docs) > 30
    fresh = [_parsed(*d) for d in docs]
    kept = len(list(cache.iterdir()))       # all but those with dates (site.yaml, the texts' …)
    assert kept == sum(yaml_cache._plain(doc.data) for doc in fresh) > 20
    for d, first in zip(docs, fresh):
        again = _parsed(*d)
        assert (again.data, again.lines, again.first_line) == (first.data, first.lines, first.first_line), d[0]
        assert list(again.lines) == list(first.lines)


def test_an_entry_is_used_only_for_the_very_same_text(cache):
    _parsed("content/x.yaml", "a: 1\nb: [x, y]\n", 1)
    assert _parsed("content/x.yaml", "a: 2\nb: [x, y]\n", 1).data == {"a": 2, "b": ["x", "y"]}
    assert _parsed("content/x.yaml", "a: 2\nb: [x, y]\n", 3).lines[("b",)] == 4


def test_a_parse_with_a_problem_or_a_date_is_not_kept(cache):
    problems = Problems()
    parse_yaml("a: 1\na: 2\n", "content/dup.yaml", problems)
    assert problems.items
    parse_yaml("when: 2026-12-01\n", "content/date.yaml", Problems())
    assert not cache.exists() or not list(cache.iterdir())
    problems = Problems()
    parse_yaml("a: 1\na: 2\n", "content/dup.yaml", problems)       # found again, not read back
    assert [p.message for p in problems.items] == ["the key 'a' appears twice (first on line 1)"]


def test_a_damaged_entry_is_parsed_again(cache):
    _parsed("content/x.yaml", "a: 1\n", 1)
    (entry,) = cache.iterdir()
    for damage in ("{", "[]", json.dumps({"key": "0"}), ""):
        entry.write_text(damage, encoding="utf-8")
        assert _parsed("content/x.yaml", "a: 1\n", 1).data == {"a": 1}


def test_nothing_is_read_from_or_written_to_a_folder_others_may_write(cache):
    text = "a: 1\n"
    _parsed("content/x.yaml", text, 1)
    (entry,) = cache.iterdir()
    planted = json.loads(entry.read_text(encoding="utf-8"))
    planted["data"] = {"a": "planted"}
    entry.write_text(json.dumps(planted), encoding="utf-8")
    assert _parsed("content/x.yaml", text, 1).data == {"a": "planted"}     # the user's own folder
    for folder, mode in ((cache, 0o750), (cache.parent, 0o777)):
        os.chmod(folder, mode)
        assert yaml_cache.folder() is None
        assert _parsed("content/x.yaml", text, 1).data == {"a": 1}
        assert _parsed("content/y.yaml", "b: 2\n", 1).data == {"b": 2}
        os.chmod(folder, 0o700)
    assert len(list(cache.iterdir())) == 1
