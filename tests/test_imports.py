"""Every module of sitegen imports on its own in a fresh process (no import cycle hidden by the
order in which other modules happen to load), and the engines hold facts, not Korean prose."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import tokenize
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGE = REPO / "sitegen"


def _modules() -> list[str]:
    out = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(REPO).with_suffix("").parts
        out.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return out


# In one fresh process, each module is imported with no module of sitegen loaded before it (the
# third-party ones stay loaded: they cannot take part in a cycle of ours). Much cheaper than one
# interpreter per module, and it fails the same way on a cycle. Each text of code is compiled
# once: a module's source (where no bytecode is written, PYTHONDONTWRITEBYTECODE, each import
# compiled it again) and the methods the dataclasses module writes for each dataclass (the same
# text for the same class each time; half the cost of importing ours). Each import still runs the
# module's code afresh, in a module of its own, with no module of sitegen loaded before it.
_ONE_BY_ONE = """
import builtins, dataclasses, importlib, importlib.machinery, sys, traceback
compiled = {}
to_code = importlib.machinery.SourceFileLoader.source_to_code
def source_to_code(self, data, path, *args, **kwargs):
    key = (path, bytes(data))
    if key not in compiled:
        compiled[key] = to_code(self, data, path, *args, **kwargs)
    return compiled[key]
def exec_(source, *namespaces):
    if isinstance(source, str):
        if source not in compiled:
            compiled[source] = compile(source, "<string>", "exec")
        source = compiled[source]
    return builtins.exec(source, *namespaces)
importlib.machinery.SourceFileLoader.source_to_code = source_to_code
dataclasses.exec = exec_
failed = {}
for m in sys.argv[1:]:
    for k in [k for k in sys.modules if k == "sitegen" or k.startswith("sitegen.")]:
        del sys.modules[k]
    try:
        importlib.import_module(m)
    except BaseException as e:
        failed[m] = traceback.format_exception_only(e)[-1].strip()
print(failed)
"""


def test_every_module_imports_alone_in_a_fresh_process():
    modules = [m for m in _modules() if m != "sitegen.__main__"]  # that one runs the program
    assert "sitegen.content.config" in modules and "sitegen.model.yi.hexagram" in modules
    run = subprocess.run([sys.executable, "-c", _ONE_BY_ONE, *modules], cwd=REPO, capture_output=True,
                         text=True, check=True)
    assert run.stdout.strip() == "{}"


_HANGUL = re.compile("[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]")
# A sentence of classical or modern Chinese: a run of characters closed by sentence punctuation
# (a pattern that parses a text, such as r"^課體：([^。]*)。", is not one).
_ZH_SENTENCE = re.compile("[\u4e00-\u9fff]{4,}[。，；！？]")


def _strings(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every string in ``path``'s code (comments and docstrings excepted)."""
    found = []
    tokens = list(tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline))
    for i, tok in enumerate(tokens):
        if tok.type != tokenize.STRING:
            continue
        prev = next((t for t in reversed(tokens[:i]) if t.type not in (tokenize.NL, tokenize.NEWLINE,
                                                                        tokenize.INDENT, tokenize.DEDENT,
                                                                        tokenize.COMMENT)), None)
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        docstring = (prev is None or prev.string == ":") and nxt is not None and nxt.type == tokenize.NEWLINE
        if not docstring:
            found.append((tok.start[0], tok.string))
    return found


def test_the_helper_finds_korean_and_chinese_sentences_in_code_but_not_in_comments(tmp_path):
    probe = tmp_path / "probe.py"
    probe.write_text('"""모듈 설명."""\n# 주석\nA = "갑"\nB = "乾為天"\nC = "動則變，靜則不變。"\n\n\n'
                     'def f():\n    """함수 설명."""\n    return f"{A}일"\n', encoding="utf-8")
    found = _strings(probe)
    assert [ln for ln, s in found if _HANGUL.search(s)] == [3, 10]
    assert [ln for ln, s in found if _ZH_SENTENCE.search(s)] == [5]


def test_the_engines_hold_no_korean_and_no_chinese_sentence_outside_comments():
    """Every word a reader reads lives in content/ (names are data: an id or a Chinese name maps
    to its words there); the engines hold neither Korean nor a sentence in Chinese."""
    korean, sentences = [], []
    for path in sorted((PACKAGE / "model").rglob("*.py")):
        for line, text in _strings(path):
            where = f"{path.relative_to(REPO)}:{line}"
            if _HANGUL.search(text):
                korean.append(where)
            if _ZH_SENTENCE.search(text):
                sentences.append(where)
    assert not korean, f"Korean in sitegen/model (belongs in content/): {korean}"
    assert not sentences, f"Chinese sentences in sitegen/model (belong in content/): {sentences}"


def test_the_views_and_the_cast_command_hold_no_korean_outside_comments():
    """The views and ``sitegen cast`` return and print facts in the words of content/names.yaml:
    no Korean of their own (sitegen/render/korean.py and trace.py's particles are the grammar that
    joins those words, and the content checks' hints speak to authors, not readers)."""
    paths = [PACKAGE / "cast.py", *sorted((PACKAGE / "render").glob("*.py"))]
    korean = [f"{path.relative_to(REPO)}:{line}" for path in paths
              if path.name not in ("korean.py", "trace.py")
              for line, text in _strings(path) if _HANGUL.search(text)]
    assert not korean, f"Korean in the views or sitegen cast (belongs in content/names.yaml): {korean}"
