"""The command line as the README shows it, and publishing under an address of one's own.

Every command line in README.md (its code blocks and its inline code) is run for real, from a
project folder, as a reader would type it. Bracketed options (``[--out DIR]``) are run both left
out and given; ``DIR``, ``N`` and ``URL`` stand for a folder, a free port and
``https://example.net/kb/``. Output folders hold a build of the same inputs already (so those
builds have nothing to do), but for ``https://example.net/kb/``: the first command line that
builds for it renders the whole site, and the publishing tests read what it wrote.
"""

from __future__ import annotations

import json
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from conftest import REPO, run_dir, run_lock
from sitegen import cli, content  # noqa: F401  (content before config: they import each other)
from sitegen.content.config import example_domain_warning
from sites import copy_output, copy_site

README = REPO / "README.md"
KB = "https://example.net/kb/"


def readme_command_lines() -> list[str]:
    """Every sitegen command line the README shows, as written (whitespace made single)."""
    text = README.read_text(encoding="utf-8")
    found: list[str] = []
    fenced = re.findall(r"^```[a-z]*\n(.*?)^```", text, re.S | re.M)
    candidates = [part for block in fenced for line in block.splitlines() for part in line.split("&&")]
    inline = re.sub(r"^```[a-z]*\n.*?^```", "", text, flags=re.S | re.M)
    candidates += re.findall(r"`([^`]+)`", inline)
    for c in candidates:
        c = " ".join(c.split())
        if re.match(r"(\S*/)?sitegen (?!—)|python3? -m sitegen ", c) and "…" not in c:
            if c not in found:
                found.append(c)
    return found


def expand(line: str) -> list[str]:
    """A synopsis with ``[options]``: the command with none of them, and with all of them."""
    if "[" not in line:
        return [line]
    bare = " ".join(re.sub(r"\[[^\]]*\]", "", line).split())
    full = " ".join(line.replace("[", "").replace("]", "").split())
    return [bare, full]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def argv_of(line: str, folders: dict[str, Path]) -> list[str]:
    words = line.split()
    if words[0].endswith("sitegen"):
        script = Path(sys.executable).with_name("sitegen")
        head = [str(script)] if script.exists() else [sys.executable, "-m", "sitegen"]
        words = head + words[1:]
    else:                                              # python -m sitegen …
        words = [sys.executable] + words[1:]
    subst = {"DIR": str(folders["out"]), "URL": KB}
    argv = [str(folders["root"]) if w == "DIR" and prev == "--root" else subst.get(w, w)
            for prev, w in zip([""] + words, words)]
    if "--port" in argv:
        argv[argv.index("--port") + 1] = str(free_port())
    elif "serve" in argv:                              # port 8000 may be taken on a shared machine
        argv += ["--port", str(free_port())]
    return argv


def get(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


def run_serve(argv: list[str], cwd: Path) -> tuple[int, str]:
    port = int(argv[argv.index("--port") + 1])
    # Ctrl-C as on a terminal: a test run started in the background (`pytest … &` from a script)
    # ignores SIGINT, and a child would inherit that and never stop.
    proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                status, body = get(f"http://127.0.0.1:{port}/index.html")
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    out, err = proc.communicate()
                    return 99, f"the server never answered:\n{out}\n{err}"
                time.sleep(0.2)
        assert status == 200 and b"<html" in body
        status, body = get(f"http://127.0.0.1:{port}/no/such/page/")
        assert status == 404 and b"<html" in body       # the site's own 404 page
    finally:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=30)
    return proc.returncode, err


@pytest.fixture(scope="session")
def readme_runs(built, tmp_path_factory):
    """Every README command line, run once per test run (by the first worker to ask; the other
    reads what it found): ``{line: (returncode, output, {"root": project, "out": out folder})}``."""
    folder = run_dir(tmp_path_factory) / "readme"
    saved = folder / "runs.json"
    with run_lock(folder.parent / "readme.lock"):
        if not saved.exists():
            runs = run_readme_lines(built, folder)
            saved.write_text(json.dumps({line: [code, err, {k: str(v) for k, v in f.items()}]
                                         for line, (code, err, f) in runs.items()}), encoding="utf-8")
    return {line: (code, err, {k: Path(v) for k, v in f.items()})
            for line, (code, err, f) in json.loads(saved.read_text(encoding="utf-8")).items()}


def run_readme_lines(built: Path, base: Path) -> dict[str, tuple[int, str, dict[str, Path]]]:
    """Run every README command line in projects under ``base``: those for ``URL`` in a project of
    their own (the first that builds for it renders the site, whose output is then that project's
    ``build/`` too), the others in one whose outputs are the session's site."""
    lines = [form for line in readme_command_lines() for form in expand(line)]
    lines = sorted(dict.fromkeys(lines), key=lambda l: "--out" not in l)   # a build into DIR first
    plain = {"root": copy_site(base / "plain"), "out": base / "plain-out"}
    kb = {"root": copy_site(base / "kb"), "out": base / "kb-out"}
    copy_output(built, plain["root"] / "build")
    copy_output(built, plain["out"])
    runs: dict[str, tuple[int, str, dict[str, Path]]] = {}
    for line in lines:
        folders = kb if "URL" in line.split() or KB in line else plain
        argv = argv_of(line, folders)
        if "serve" in argv:
            code, err = run_serve(argv, folders["root"])
        else:
            before = sorted(p.name for p in folders["root"].iterdir())
            done = subprocess.run(argv, cwd=folders["root"], capture_output=True, text=True)
            code, err = done.returncode, done.stdout + done.stderr
            if "check" in argv:
                assert sorted(p.name for p in folders["root"].iterdir()) == before, "check wrote"
        runs[line] = (code, err, folders)
        if folders is kb and code == 0 and kb["out"].exists() and not (kb["root"] / "build").exists():
            copy_output(kb["out"], kb["root"] / "build")
    return runs


def test_every_command_line_in_the_readme_runs(readme_runs):
    lines = readme_command_lines()
    assert any(l.startswith("sitegen build") for l in lines)
    assert any(l.startswith("sitegen check") for l in lines)
    assert any(l.startswith("sitegen serve") for l in lines)
    failed = {line: err for line, (code, err, _) in readme_runs.items() if code != 0}
    assert not failed, failed


def test_every_option_the_readme_shows_is_in_its_commands_help(capsys):
    for line in readme_command_lines():
        words = line.split()
        name = words[words.index(next(w for w in words if w in cli.COMMANDS))]
        with pytest.raises(SystemExit):
            cli.parse([name, "--help"])
        help_text = capsys.readouterr().out
        for w in words:
            if w.startswith("--"):
                assert w.partition("=")[0] in help_text, f"{line!r}: {w} is not in sitegen {name} --help"


def test_every_option_is_in_its_commands_help_and_works_before_and_after(capsys):
    values = {"root": ["--root", "proj"], "quiet": ["--quiet"], "timings": ["--timings"],
              "out": ["--out", "x"], "clean": ["--clean"], "base_url": ["--base-url", KB],
              "port": ["--port", "8001"], "previous": ["--previous", "earlier"], "archive": ["--archive"],
              "record": ["--record"]}
    assert set(values) == set(cli.OPTIONS)
    for name, c in cli.COMMANDS.items():
        with pytest.raises(SystemExit) as e:
            cli.parse([name, "--help"])
        assert e.value.code == 0
        help_text = capsys.readouterr().out
        for option in c.options:
            assert cli.OPTIONS[option][0][0] in help_text, (name, option)
        for option in c.options:
            given = values[option]
            after = cli.parse([name, *given])
            before = cli.parse([*given, name])
            assert getattr(after, option) == getattr(before, option) != cli.OPTIONS[option][2]
        for option in set(cli.OPTIONS) - set(c.options):   # an option the command does not take
            with pytest.raises(SystemExit) as e:
                cli.parse([*values[option], name])
            assert e.value.code == 2
    capsys.readouterr()


def test_a_check_of_what_was_built_does_nothing_unless_clean(readme_runs, monkeypatch, capsys):
    """The README's ``sitegen check`` ran in a project whose ``build/`` was built from its very
    inputs: nothing to check. ``--clean`` checks all the same (the build it asks for, here)."""
    (_, said, _), = [run for line, run in readme_runs.items() if line == "sitegen check"]
    assert "was built from these very inputs; nothing to check" in said, said
    import sitegen.build

    asked = []

    def build(root, out, progress=None, **options):
        asked.append((out, options["clean"]))
        return sitegen.build.Result(1, 1, 1, 0.0, None)
    monkeypatch.setattr(sitegen.build, "build", build)
    assert cli.main(["--root", str(REPO), "--quiet", "check", "--clean"]) == 0
    assert asked == [(None, True)]
    capsys.readouterr()


def test_a_bad_base_url_is_a_usage_error():
    done = subprocess.run([sys.executable, "-m", "sitegen", "--root", str(REPO), "check",
                           "--base-url", "example.net/kb"], capture_output=True, text=True)
    assert done.returncode == 2
    assert "--base-url: the base URL must be an http(s) URL ending in '/'" in done.stderr


def test_builds_on_an_example_domain_warn(readme_runs, base_url):
    assert example_domain_warning("https://sitegen.example.org/")    # the placeholder it comes with
    assert example_domain_warning("https://example.net/kb/")
    assert example_domain_warning("http://localhost:8000/")
    assert example_domain_warning("https://dharma.example.com.kr/") is None
    assert example_domain_warning("https://sitegen.org/kb/") is None
    for line, (code, err, _) in readme_runs.items():
        if re.search(r"sitegen (build|check)", line) and "--help" not in line and code == 0:
            address = KB if "URL" in line.split() else base_url
            warned = "warning: the base URL" in err and "is an example domain" in err
            assert warned == bool(example_domain_warning(address)), line


def test_publishing_under_a_sub_path(readme_runs, model):
    """Built with ``--base-url https://example.net/kb/``: every address a reader copies is there."""
    kb = [f for line, (code, _, f) in readme_runs.items() if "URL" in line.split() or KB in line]
    assert kb, "the README shows no build with --base-url"
    out = kb[0]["out"] if kb[0]["out"].exists() else kb[0]["root"] / "build"
    lesson = (out / "liuren/bing-yin/08/index.html").read_text(encoding="utf-8")
    assert f'<link rel="canonical" href="{KB}liuren/bing-yin/08/">' in lesson
    assert f'<meta name="citation_public_url" content="{KB}liuren/bing-yin/08/">' in lesson
    text = (out / "texts/meihua-tiyong/index.html").read_text(encoding="utf-8")
    assert f'data-cite="{KB}texts/meihua-tiyong/#p22"' in text
    locs = re.findall(r"<loc>([^<]+)</loc>", (out / "sitemap.xml").read_text(encoding="utf-8"))
    assert len(locs) > 5000 and all(l.startswith(KB) for l in locs)
    not_found = (out / "404.html").read_text(encoding="utf-8")
    # served, its links (relative to the root) resolve under the <base> the page makes: /kb/
    assert 'b.href = "/kb/index.html"' in not_found and 'action="search/index.html"' in not_found
    assert 'href="/index.html"' not in not_found
    old = model.config.base_url
    leftover = subprocess.run(["grep", "-rlF", old, str(out)], capture_output=True, text=True)
    assert leftover.returncode == 1, f"{old} is still in {leftover.stdout.split()[:5]}"
