"""Benchmark the real site's build: clean, no-op, one-paragraph edit, and the write floor.

Usage (from the project folder):  .venv/bin/python benchmarks/run.py [--runs 5]

Every figure is the median of several runs of a separate process (after one warm-up run), timed
from outside; peak memory is the largest resident size of any single process of the run. The
floor is the time Python takes merely to write the same output files (already in memory) into an
empty folder — no reading, no computing, no rendering. Prints a Markdown table.
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


def timed(cmd: list[str]) -> tuple[float, float, str]:
    """(wall seconds, peak resident MB of the largest process, stdout) of one command run."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out = proc.stdout.read()
    err = proc.stderr.read()
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"command failed: {' '.join(cmd)}\n{err.decode()}")
    return wall, usage.ru_maxrss / 1024, out.decode()


def median(xs: list[float]) -> float:
    return statistics.median(xs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    py = sys.executable
    work = Path(tempfile.mkdtemp(prefix="sitegen-bench-"))
    try:
        shutil.copytree(ROOT / "content", work / "content")
        shutil.copytree(ROOT / "templates", work / "templates")
        out = work / "build"
        build = [py, "-m", "sitegen", "--root", str(work), "--quiet", "build", "--out", str(out)]
        text = work / "content/texts/meihua-tiyong.md"
        original = text.read_text(encoding="utf-8")
        phrase = "人事之占，詳觀體用。"

        def clean():
            shutil.rmtree(out, ignore_errors=True)
            shutil.rmtree(work / ".build.sitegen-spare", ignore_errors=True)
            return timed(build)

        def noop():
            return timed(build)

        flip = [False]

        def edit():
            flip[0] = not flip[0]
            text.write_text(original.replace(phrase, phrase + ("　" if flip[0] else ""), 1),
                            encoding="utf-8")
            return timed(build)

        def floor():
            dst = work / "floor"
            shutil.rmtree(dst, ignore_errors=True)
            wall, rss, stdout = timed([py, "-c", FLOOR, str(out), str(dst)])
            return float(stdout.strip()), rss, ""

        rows = {}
        for name, fn in (("clean build", clean), ("no-op rebuild", noop),
                         ("one-paragraph edit", edit), ("floor: write the same files", floor)):
            fn()  # warm-up
            results = [fn() for _ in range(args.runs)]
            rows[name] = (median([r[0] for r in results]), min(r[0] for r in results),
                          max(r[0] for r in results), max(r[1] for r in results))
            if name == "no-op rebuild":
                text.write_text(original, encoding="utf-8")
                timed(build)
        files = [p for p in out.rglob("*") if p.is_file() and ".sitegen" not in p.parts]
        pages = sum(1 for p in files if p.suffix == ".html")
        size = sum(p.stat().st_size for p in files)
        floor_s = rows["floor: write the same files"][0]
        index = (out / "search/index.js").stat().st_size
        print(f"Site: {pages} HTML pages, {len(files)} files, {size / 1e6:.1f} MB; search index "
              f"{index / 1e3:.0f} kB; {os.cpu_count()} cores; median of {args.runs} runs after a "
              "warm-up.\n")
        print("| measurement | median s | min–max s | × floor | pages/s | peak MB |")
        print("| --- | ---: | ---: | ---: | ---: | ---: |")
        for name, (med, lo, hi, rss) in rows.items():
            ratio = f"{med / floor_s:.2f}" if "floor" not in name else "1.00"
            pps = f"{pages / med:,.0f}" if name == "clean build" else "—"
            print(f"| {name} | {med:.2f} | {lo:.2f}–{hi:.2f} | {ratio} | {pps} | {rss:.0f} |")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
