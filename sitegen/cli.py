"""The command line: ``sitegen build``, ``sitegen check``, ``sitegen serve``.

Exit status: 0 success, 1 the content has errors (all of them listed), 2 a usage error.

Every option is written once in :data:`OPTIONS` and works before the subcommand as well as after
it (``sitegen --quiet build`` = ``sitegen build --quiet``); each subcommand lists in its help the
options it takes. A subcommand is one call of :func:`command`; another module adds one with::

    from .cli import command

    @command("cast", "cast a lesson for a moment", options=("root", "quiet", "out"),
             arguments=lambda p: p.add_argument("--at", help="…"))
    def cast(args) -> int:        # args.root is resolved and holds content/ and templates/
        ...

registered by importing that module once at the end of this one (``from . import cast``), where
:func:`command` exists already. The shared options' defaults are filled in after parsing.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from .problems import BuildError

# Every option: its flags, what argparse needs, and its default.
OPTIONS: dict[str, tuple[tuple[str, ...], dict[str, Any], Any]] = {
    "root": (("--root",), dict(type=Path, metavar="DIR",
                               help="the project folder holding content/ and templates/ (default: .)"), Path(".")),
    "quiet": (("--quiet", "-q"), dict(action="store_true", help="print nothing but errors and warnings"), False),
    "timings": (("--timings",), dict(action="store_true", help="print how long each phase took"), False),
    "out": (("--out",), dict(type=Path, metavar="DIR", help="output folder (default: <root>/build)"), None),
    "clean": (("--clean",), dict(action="store_true",
                                 help="build (or check) even if the output was built from these "
                                      "very inputs"), False),
    "base_url": (("--base-url",), dict(metavar="URL",
                                       help="the published address for this build, instead of base_url "
                                            "in content/site.yaml (e.g. https://example.net/kb/)"), None),
    "port": (("--port",), dict(metavar="N", help="port, 1–65535 (default: 8000; 0: any free port)"), 8000),
    "previous": (("--previous",), dict(type=Path, metavar="DIR",
                                       help="an earlier build (or its data/ folder): also write the page "
                                            "'what changed in this edition' (about/changes/)"), None),
    "record": (("--record",), dict(action="store_true",
                                   help="with --previous, releasing an edition: also record what it changed in "
                                        "content/changed.yaml, then build again, so that every page names the "
                                        "edition in which it last changed"), False),
    "archive": (("--archive",), dict(action="store_true",
                                     help="also write one zip of the whole site, linked from the about page"), False),
}
COMMON = ("root", "quiet", "timings")


@dataclass(frozen=True)
class Command:
    name: str
    help: str
    options: tuple[str, ...]
    arguments: Callable[[argparse.ArgumentParser], Any] | None
    run: Callable[[argparse.Namespace], int]


COMMANDS: dict[str, Command] = {}


def command(name: str, help: str, options: tuple[str, ...] = COMMON,
            arguments: Callable[[argparse.ArgumentParser], Any] | None = None):
    """Register ``sitegen <name>``, taking the shared ``options`` (names in :data:`OPTIONS`) and
    whatever ``arguments(parser)`` adds; the decorated function gets the parsed arguments (with
    ``root`` resolved) and returns the exit status."""
    unknown = [o for o in options if o not in OPTIONS]
    assert not unknown, f"unknown options {unknown} for {name}"

    def register(run: Callable[[argparse.Namespace], int]) -> Callable[[argparse.Namespace], int]:
        COMMANDS[name] = Command(name, help, tuple(options), arguments, run)
        return run
    return register


def _add(p: argparse.ArgumentParser, names: tuple[str, ...] | list[str]) -> None:
    # Defaults are filled in after parsing: an option given before the subcommand must not be
    # overwritten by the subcommand's default.
    for name in names:
        flags, kwargs, _ = OPTIONS[name]
        p.add_argument(*flags, dest=name, default=argparse.SUPPRESS, **kwargs)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="sitegen", description="Build the divination reference site.",
        epilog="Every option may also be given after the subcommand; "
               "'sitegen COMMAND --help' lists the options each command takes.")
    _add(p, list(OPTIONS))
    sub = p.add_subparsers(dest="command", required=True, metavar="{" + ",".join(COMMANDS) + "}")
    for c in COMMANDS.values():
        s = sub.add_parser(c.name, help=c.help, description=c.help)
        _add(s, c.options)
        if c.arguments is not None:
            c.arguments(s)
    return p


def parse(argv: list[str] | None) -> argparse.Namespace:
    p = parser()
    args = p.parse_args(argv)
    c = COMMANDS[args.command]
    wrong = [OPTIONS[o][0][0] for o in OPTIONS if o not in c.options and hasattr(args, o)]
    if wrong:
        p.error(f"sitegen {c.name} does not take {', '.join(wrong)} "
                f"(see sitegen {c.name} --help)")
    for name in c.options:
        if not hasattr(args, name):
            setattr(args, name, OPTIONS[name][2])
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    if getattr(args, "base_url", None):
        from . import content  # noqa: F401  (before config: the two import each other)
        from .content.config import base_url_problem

        why = base_url_problem(args.base_url)
        if why:
            print(f"sitegen: --base-url: {why}", file=sys.stderr)
            return 2
    if isinstance(getattr(args, "port", None), str):
        from .serve import port_number

        try:
            args.port = port_number(args.port)
        except ValueError as e:
            print(f"sitegen: --port: {e}", file=sys.stderr)
            return 2
    args.root = args.root.resolve()
    if not (args.root / "content").is_dir() or not (args.root / "templates").is_dir():
        print(f"sitegen: {args.root} has no content/ and templates/ folders (use --root)", file=sys.stderr)
        return 2
    return COMMANDS[args.command].run(args)


def _warn_example_domain(args: argparse.Namespace) -> None:
    """Every build and check says so when the site's address is still an example domain, when
    the content's licence is unset, and when an edition's changes are not recorded (a build with
    nothing to do reads no content and says nothing)."""
    from .content.config import example_domain_warning, license_warning, load_config, record_warning
    from .problems import Problems

    config = load_config(args.root, Problems(), args.base_url)
    for warning in (config and example_domain_warning(config.base_url), config and license_warning(config),
                    config and record_warning(config)):
        if warning:
            print(warning, file=sys.stderr)


@command("build", "check everything, then write the whole site",
         options=(*COMMON, "out", "clean", "base_url", "previous", "record", "archive"))
def _build(args: argparse.Namespace) -> int:
    if args.record and not args.previous:
        print("sitegen: --record needs --previous DIR (the earlier edition's build)", file=sys.stderr)
        return 2
    if args.previous:
        from .edition import previous_problem
        why = previous_problem(args.previous)
        if why:
            print(f"sitegen: --previous: {why}", file=sys.stderr)
            return 2
    code = _run(args, write=True)
    if code or not args.record:
        return code
    from .content.config import CHANGED_FILE
    from .edition import record

    try:
        got = record(args.root, args.previous, _out(args))
    except BuildError as e:
        print(e.report(), file=sys.stderr)
        return 1
    if got is None:                # recorded already: the pages built name it
        return 0
    if not args.quiet:
        print(f"{CHANGED_FILE}: {got[1]} entries recorded for edition {got[0]}; building again")
    return _run(args, write=True)


@command("check", "run every validation and write nothing", options=(*COMMON, "clean", "base_url"))
def _check(args: argparse.Namespace) -> int:
    return _run(args, write=False)


@command("serve", "build, then serve the output on 127.0.0.1 for preview",
         options=(*COMMON, "out", "clean", "base_url", "port"))
def _serve(args: argparse.Namespace) -> int:
    code = _run(args, write=True)
    if code:
        return code
    from .serve import serve
    return serve(_out(args), args.port)


def _cast_arguments(p: argparse.ArgumentParser) -> None:
    from .cast import add_arguments
    add_arguments(p)


@command("cast", "the 干支, 月將, plate and lesson of moments (起課)", arguments=_cast_arguments)
def _cast(args: argparse.Namespace) -> int:
    from .cast import main as cast
    return cast(args, args.root)


def _out(args: argparse.Namespace) -> Path:
    return (getattr(args, "out", None) or args.root / "build").resolve()


def _run(args: argparse.Namespace, write: bool) -> int:
    from .build import Progress, build

    _warn_example_domain(args)
    progress = Progress(quiet=args.quiet, timings=args.timings)
    out = _out(args) if write else None
    clean = getattr(args, "clean", False)
    if not write:             # a check leaves build/ alone, but for what a killed build left
        from .write import output

        built = _out(args)
        output.remove_leftovers_if_idle(built)
        if not clean and output.up_to_date(built, output.fingerprint(args.root, args.base_url)):
            progress.done(f"ok: {built} was built from these very inputs; nothing to check")
            return 0
    try:
        result = build(args.root, out, progress, base_url=args.base_url, clean=clean,
                       previous=getattr(args, "previous", None), archive=getattr(args, "archive", False))
    except BuildError as e:
        print(e.report(), file=sys.stderr)
        return 1
    if not write:
        progress.done(f"ok: {result.files} files checked in {result.seconds:.2f} s; nothing written")
    elif result.unchanged:
        progress.done(f"{out} is up to date ({result.files} files); nothing to do")
    else:
        for line in result.said:
            progress.done(line)
        progress.done(f"built {result.files} files ({result.bytes / 1e6:.1f} MB) into {out} "
                      f"in {result.seconds:.2f} s")
    return 0


def run() -> None:
    """The ``sitegen`` command."""
    sys.exit(main())


if __name__ == "__main__":
    run()
