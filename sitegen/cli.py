"""The command line: ``sitegen build``, ``sitegen check``, ``sitegen serve``.

Exit status: 0 success, 1 the content has errors (all of them listed), 2 a usage error.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from .problems import BuildError


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="sitegen", description="Build the divination reference site.")
    p.add_argument("--root", type=Path, default=Path("."),
                   help="the project folder holding content/ and templates/ (default: .)")
    p.add_argument("--quiet", "-q", action="store_true", help="print nothing but errors")
    p.add_argument("--timings", action="store_true", help="print how long each phase took")
    p.add_argument("--clean", action="store_true",
                   help="render every page, ignoring what the previous build left")
    sub = p.add_subparsers(dest="command", required=True, metavar="{build,check,serve}")
    b = sub.add_parser("build", help="check everything, then write the whole site")
    b.add_argument("--out", type=Path, default=None, help="output folder (default: <root>/build)")
    sub.add_parser("check", help="run every validation and write nothing")
    s = sub.add_parser("serve", help="build, then serve the output on 127.0.0.1 for preview")
    s.add_argument("--out", type=Path, default=None, help="output folder (default: <root>/build)")
    s.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    return p


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    root = args.root.resolve()
    if not (root / "content").is_dir() or not (root / "templates").is_dir():
        print(f"sitegen: {root} has no content/ and templates/ folders (use --root)", file=sys.stderr)
        return 2
    out = None
    inputs = state = None
    if args.command in ("build", "serve"):
        out = (args.out or root / "build").resolve()
        # Cheap (hashes and stats): a build with nothing to do never loads the engines. A build
        # with work to do looks at the output in another process while the engines load.
        from .write.inputs import read_inputs
        from .write.state import OutputState

        inputs = read_inputs(root)
        state = None if args.clean else OutputState(out, inputs.total)
        if state is not None and state.up_to_date:
            if not args.quiet:
                print(f"{out} is up to date; nothing to do", file=sys.stderr)
            if args.command == "serve":
                from .serve import serve
                return serve(out, args.port)
            return 0
    from .build import Progress, build      # the engines and templates load only when needed

    progress = Progress(quiet=args.quiet, timings=args.timings)
    try:
        result = build(root, out, progress, incremental=not args.clean, inputs=inputs, state=state)
    except BuildError as e:
        print(e.report(), file=sys.stderr)
        return 1
    if args.command == "check":
        progress.done(f"ok: {result.files} files checked, "
                      f"{result.seconds:.2f} s; nothing written")
        return 0
    if result.unchanged:
        progress.done(f"{out} is up to date ({result.files} files); nothing to do")
    else:
        progress.done(f"built {result.files} files ({result.bytes / 1e6:.1f} MB,"
                      f" {result.rendered} made now) into {out} in {result.seconds:.2f} s")
    if args.command == "serve":
        from .serve import serve
        return serve(out, args.port)
    return 0


def run() -> None:
    """The ``sitegen`` command: :func:`main`, then the process ends without tearing down the
    model. Freeing its objects one by one would cost a tenth of a rebuild after an edit; every
    file has been written and closed by then."""
    code = main()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(code)


if __name__ == "__main__":
    run()
