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
# interpreter per module, and it fails the same way on a cycle.
_ONE_BY_ONE = """
import importlib, sys, traceback
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


def _hangul_outside_comments(path: Path) -> list[str]:
    """Lines of ``path`` with Hangul in code or in a string (comments and docstrings excepted)."""
    found = []
    tokens = list(tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline))
    for i, tok in enumerate(tokens):
        if tok.type != tokenize.STRING or not _HANGUL.search(tok.string):
            continue
        prev = next((t for t in reversed(tokens[:i]) if t.type not in (tokenize.NL, tokenize.NEWLINE,
                                                                        tokenize.INDENT, tokenize.DEDENT,
                                                                        tokenize.COMMENT)), None)
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        docstring = (prev is None or prev.string == ":") and nxt is not None and nxt.type == tokenize.NEWLINE
        if not docstring:
            found.append(f"{path.relative_to(REPO)}:{tok.start[0]}")
    return found


# Reader-facing Korean still computed in the engines, file by file (the count of lines with Hangul in
# code or strings). Each is to move into content or the views; the count may only go down, and no
# other file of sitegen/model may gain any.
_STILL_KOREAN = {
    "sitegen/model/ganzhi.py": 20,            # Korean readings of stems, branches, elements, 六親, 十二運
    "sitegen/model/yi/hexagram.py": 131,      # Korean readings of the 64 names and 卦象
    "sitegen/model/yi/trigram.py": 24,        # Korean readings of the eight trigrams and directions
    "sitegen/model/yi/examples.py": 16,       # seed-example summaries on the validation page
    "sitegen/model/liuren/examples.py": 3,    # seed-example summaries on the validation page
    "sitegen/model/site.py": 18,              # page titles (the cast and validation-part pages included)
}


def test_the_engines_hold_no_korean_outside_comments_beyond_what_is_left_to_move():
    found: dict[str, int] = {}
    for path in sorted((PACKAGE / "model").rglob("*.py")):
        n = len(_hangul_outside_comments(path))
        if n:
            found[path.relative_to(REPO).as_posix()] = n
    grown = {f: n for f, n in found.items() if n > _STILL_KOREAN.get(f, 0)}
    assert not grown, f"Korean in sitegen/model (belongs in content/ or the views): {grown}"
    assert "sitegen/model/liuren/transmissions.py" not in found and "sitegen/model/knowledge.py" not in found
