"""CPU seconds of the engines and the command line, each in a fresh process (median of rounds).

Usage (from the project folder):  .venv/bin/python benchmarks/engines.py [--runs 5]

- all 720 lessons, every 課體 and 法 predicate evaluated (``liuren.all_lessons``);
- all 4,096 changes with their line, whole-change and 地理 rules (``yi.all_changes``);
- ``sitegen cast --json`` of a thousand moments in one call;
- loading a YAML alias bomb of 200,000 values (refused, not expanded).

Each is timed inside its own process (``time.process_time`` around the work alone), so the
interpreter's start-up is left out; the command line is timed whole, as a reader runs it.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

INSIDE = {
    "all 720 lessons": "from sitegen.model import liuren; w = lambda: liuren.all_lessons()",
    "all 4,096 changes": "from sitegen.model import yi; w = lambda: yi.all_changes()",
    "an alias bomb refused": """
import tempfile, shutil
from pathlib import Path
from sitegen.content import read_content
from sitegen.problems import Problems
root = Path(tempfile.mkdtemp())
shutil.copytree(ROOT / "content", root / "content")
lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x]"] + [
    f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 7)]
(root / "content/terms/liuren.yaml").write_text("\\n".join(lines) + "\\n", encoding="utf-8")
w = lambda: read_content(root, Problems())
""",
}

TIMER = """
import sys, time
from pathlib import Path
ROOT = Path(sys.argv[1])
{setup}
t = time.process_time()
w()
print(time.process_time() - t)
"""


def inside(setup: str) -> float:
    run = subprocess.run([sys.executable, "-c", TIMER.format(setup=setup), str(ROOT)],
                         capture_output=True, text=True, check=True)
    return float(run.stdout.split()[-1])


def cast_thousand() -> float:
    start = dt.datetime(1990, 1, 1)
    whens = [(start + dt.timedelta(minutes=5237 * i)).strftime("%Y-%m-%dT%H:%M") for i in range(1000)]
    pid = subprocess.Popen([sys.executable, "-m", "sitegen", "--root", str(ROOT), "cast", "--json",
                            "--tz", "Asia/Seoul", *whens], stdout=subprocess.DEVNULL).pid
    _, status, usage = os.wait4(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    measures = {**{name: (lambda s=setup: inside(s)) for name, setup in INSIDE.items()},
                "sitegen cast --json, 1,000 moments (whole process)": cast_thousand}
    results: dict[str, list[float]] = {name: [] for name in measures}
    for _ in range(args.runs):
        for name, fn in measures.items():
            results[name].append(fn())
    print(f"median of {args.runs} rounds, CPU seconds\n")
    print("| measurement | median | min–max |")
    print("| --- | ---: | ---: |")
    for name, xs in results.items():
        print(f"| {name} | {statistics.median(xs):.3f} | {min(xs):.3f}–{max(xs):.3f} |")


if __name__ == "__main__":
    main()
