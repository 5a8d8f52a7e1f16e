"""Benchmark the real site's build: a whole build, a check (all of it), a no-op, the write floor,
and the yardstick: a plain jinja2 + markdown-it script building a synthetic site
(``benchmarks/reference.py``) in the same rounds. The headline figure is the build's CPU per
HTML page divided by the script's CPU per page, which holds from machine to machine.

Usage (from the project folder):  .venv/bin/python benchmarks/run.py [--runs 5] [--no-deleting]

Every figure is the median of several runs of a separate process, timed from outside. The runs
go in rounds (after a warm-up round), one run of each measurement per round, since the disk's
speed drifts; the clean build's ratio to the floor is also given per round. Peak memory is the
largest resident size of any single process of the run. CPU seconds (the kernel's accounting of
the process and its workers) are the steadier figure on a shared machine; of them, the system
time of writing swings with the disk as the wall time does, the user time far less. The floor is the time Python takes
merely to write the same output files (already in memory) into an empty folder — no reading, no
computing, no rendering. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FLOOR = r"""
import os, sys, time
src, dst = sys.argv[1], sys.argv[2]
files = []
for dp, dn, fn in os.walk(src):
    dn[:] = [d for d in dn if not d.startswith(".")]
    for f in fn:
        p = os.path.join(dp, f)
        with open(p, "rb") as fh:
            files.append((os.path.relpath(p, src), fh.read()))
t = time.perf_counter()
made = set()
for rel, data in files:
    d = os.path.dirname(rel)
    if d not in made:
        os.makedirs(os.path.join(dst, d), exist_ok=True)
        made.add(d)
    with open(os.path.join(dst, rel), "wb") as fh:
        fh.write(data)
print(time.perf_counter() - t)
"""


def timed(cmd: list[str]) -> tuple[float, float, str, float, float]:
    """(wall seconds, peak resident MB of the largest process, stdout, CPU seconds user + system,
    CPU seconds user alone) of one command run; CPU counts the workers it waited for too."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = proc.stdout.read()
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"command failed: {' '.join(cmd)}\n{err.decode()}")
    return wall, usage.ru_maxrss / 1024, out.decode(), usage.ru_utime + usage.ru_stime, usage.ru_utime


def median(xs: list[float]) -> float:
    return statistics.median(xs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--no-deleting", action="store_true",
                    help="move old output trees aside instead of deleting them, and delete them "
                         "only at the end: on a disk where deleting many files makes the next "
                         "file creations dearer, this times the build on a settled disk")
    args = ap.parse_args()
    py = sys.executable
    # Python normally caches compiled modules on first import; where PYTHONDONTWRITEBYTECODE is
    # set, nothing compiles an editable install, and every run would compile the generator anew.
    subprocess.run([py, "-m", "compileall", "-q", str(ROOT / "sitegen")], check=True)
    work = Path(tempfile.mkdtemp(prefix="sitegen-bench-"))
    try:
        shutil.copytree(ROOT / "content", work / "content")
        shutil.copytree(ROOT / "templates", work / "templates")
        out = work / "build"
        build = [py, "-m", "sitegen", "--root", str(work), "--quiet", "build", "--out", str(out)]
        moved = work / "moved-aside"
        moved.mkdir()

        def remove(tree: Path) -> None:
            if not tree.exists():
                return
            if args.no_deleting:
                tree.rename(moved / str(len(list(moved.iterdir()))))
            else:
                shutil.rmtree(tree)

        def clean():
            remove(out)
            remove(work / ".build.sitegen")
            return timed(build)

        def noop():
            return timed(build)

        def check():
            return timed([py, "-m", "sitegen", "--root", str(work), "--quiet", "check", "--clean"])

        def floor():
            dst = work / "floor"
            remove(dst)
            wall, rss, stdout, cpu, user = timed([py, "-c", FLOOR, str(out), str(dst)])
            return float(stdout.strip()), rss, "", cpu, user

        # Rounds, each measurement once per round, so that all of them see the same disk: on a
        # shared virtual disk the cost of creating files drifts by several times within minutes.
        def reference():
            remove(work / "reference")
            return timed([py, str(ROOT / "benchmarks/reference.py"), str(work / "reference")])

        measurements = (("clean build", clean), ("check: all of it but writing", check),
                        ("no-op rebuild", noop), ("floor: write the same files", floor),
                        ("reference script (4,977 pages)", reference))
        results: dict[str, list[tuple[float, float, str, float, float]]] = {name: [] for name, _ in measurements}
        for round_ in range(args.runs + 1):          # the first round is a warm-up
            for name, fn in measurements:
                got = fn()
                if round_:
                    results[name].append(got)
        rows = {name: (median([r[0] for r in rs]), min(r[0] for r in rs), max(r[0] for r in rs),
                       max(r[1] for r in rs), median([r[3] for r in rs]), min(r[3] for r in rs),
                       max(r[3] for r in rs), median([r[4] for r in rs])) for name, rs in results.items()}
        pair_ratio = median([c[0] / f[0] for c, f in zip(results["clean build"],
                                                           results["floor: write the same files"])])
        files = [p for p in out.rglob("*") if p.is_file()]
        pages = sum(1 for p in files if p.suffix == ".html")
        size = sum(p.stat().st_size for p in files)
        floor_s = rows["floor: write the same files"][0]
        index = (out / "search/index.js").stat().st_size
        from reference import PAGES as REFERENCE_PAGES
        per_page = median([c[3] / pages / (r[3] / REFERENCE_PAGES) for c, r in zip(
            results["clean build"], results["reference script (4,977 pages)"])])
        print(f"Site: {pages} HTML pages, {len(files)} files, {size / 1e6:.1f} MB; search index "
              f"{index / 1e3:.0f} kB; {os.cpu_count()} cores; median of {args.runs} rounds after a "
              f"warm-up round; clean build ÷ floor within each round, median: {pair_ratio:.2f}"
              f"{'; old trees moved aside, not deleted' if args.no_deleting else ''}.\n")
        print(f"CPU per HTML page of the clean build ÷ the reference script's CPU per page, "
              f"median of the rounds' ratios: {per_page:.3f}\n")
        print("| measurement | median s | min–max s | × floor | pages/s | CPU s (user+sys) | CPU min–max "
              "| user CPU s | peak MB |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for name, (med, lo, hi, rss, cpu, cpu_lo, cpu_hi, user) in rows.items():
            ratio = f"{med / floor_s:.2f}" if "floor" not in name else "1.00"
            pps = f"{pages / med:,.0f}" if name == "clean build" else "—"
            print(f"| {name} | {med:.2f} | {lo:.2f}–{hi:.2f} | {ratio} | {pps} | {cpu:.2f} | "
                  f"{cpu_lo:.2f}–{cpu_hi:.2f} | {user:.2f} | {rss:.0f} |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
