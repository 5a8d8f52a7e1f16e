"""Hundreds of broken content files: the loader reports problems, it never crashes."""

from __future__ import annotations

from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import REPO
from sitegen.content.rules import load_rules
from sitegen.content.terms import load_terms
from sitegen.content.texts import load_text
from sitegen.content.validation import load_validation
from sitegen.problems import Problem, Problems

TEXT = (REPO / "content/texts/liuren-gejue.md").read_bytes()
RULES = (REPO / "content/rules/liuren-methods.yaml").read_bytes()
TERMS = (REPO / "content/terms/yi.yaml").read_bytes()
SEEDS = (REPO / "content/validation/liuren-seeds.yaml").read_bytes()

JUNK = st.sampled_from([b"", b"---", b"- ", b": ", b"{#", b"{#p01}", b"# x | y {#s}", b"> note",
                        b"\xff\xfe", b"\x00", b"\t", b"  ", b"[", b"]", b"{", b"'", b'"', b"&a *a",
                        b"!!python/object:os.system", b"\r\n", "課體：".encode(), "한국어".encode()])


@st.composite
def mutated(draw, source: bytes):
    lines = source.split(b"\n")
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, max(0, len(lines) - 1)))
        op = draw(st.sampled_from(["drop", "dup", "junk", "cut", "swap", "indent"]))
        if op == "drop" and lines:
            del lines[i]
        elif op == "dup" and lines:
            lines.insert(i, lines[i])
        elif op == "junk":
            lines.insert(i, draw(JUNK) + draw(JUNK))
        elif op == "cut" and lines:
            line = lines[i]
            lines[i] = line[: draw(st.integers(0, len(line)))]
        elif op == "swap" and len(lines) > 1:
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "indent" and lines:
            lines[i] = b"  " + lines[i]
    return b"\n".join(lines)


def _check(problems: Problems):
    for p in problems.items:
        assert isinstance(p, Problem) and p.file and p.message
        assert p.line is None or p.line >= 1


FAST = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@FAST
@given(data=mutated(TEXT))
def test_broken_text_files_become_problems(tmp_path_factory, data):
    path = tmp_path_factory.mktemp("t") / "liuren-gejue.md"
    path.write_bytes(data)
    problems = Problems()
    load_text(path, "content/texts/liuren-gejue.md", problems)   # must not raise
    _check(problems)


def _mini_root(base: Path, rel: str, data: bytes) -> Path:
    (base / rel).parent.mkdir(parents=True, exist_ok=True)
    (base / rel).write_bytes(data)
    return base


@FAST
@given(data=mutated(RULES))
def test_broken_rule_files_become_problems(tmp_path_factory, data):
    root = _mini_root(tmp_path_factory.mktemp("r"), "content/rules/liuren-methods.yaml", data)
    problems = Problems()
    load_rules(root, problems)
    _check(problems)


@settings(max_examples=60, deadline=None)
@given(data=mutated(TERMS), seeds=mutated(SEEDS))
def test_broken_term_and_validation_files_become_problems(tmp_path_factory, data, seeds):
    root = _mini_root(tmp_path_factory.mktemp("g"), "content/terms/yi.yaml", data)
    _mini_root(root, "content/validation/liuren-seeds.yaml", seeds)
    problems = Problems()
    load_terms(root, problems)
    load_validation(root, problems)
    _check(problems)


def test_unreadable_and_missing_files_are_problems(tmp_path):
    path = tmp_path / "x.md"
    problems = Problems()
    assert load_text(path, "content/texts/x.md", problems) is None
    assert problems.items[0].message.startswith("cannot read the file")
