"""The cost of one run from Python (docs/python.md, "Costs"), on the default scenario cut
to 1 s: the engine called in-process (plab._core.run: the run, its JSON text and its
columns), plab.run with the summary and the series as DataFrames, plab.run without
series, against spawning the CLI (a process, the scenario read, the JSON printed). CPU
seconds (this process's, or the child's), medians of N runs, so that a loaded machine
inflates them less than wall time; the load average is printed beside them.

    build/python-venv/bin/python bench/python-run-cost.py [--runs 30] [--cli build/engine/plab]
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import resource
import statistics
import subprocess
import tempfile
import time
from typing import Callable

import plab
from plab import _core

REPO = pathlib.Path(__file__).resolve().parents[1]


def cpu_ms(fn: Callable[[], object], runs: int) -> float:
    samples = []
    for _ in range(runs):
        t = time.process_time()
        fn()
        samples.append(time.process_time() - t)
    return statistics.median(samples) * 1000.0


def child_cpu_ms(argv: list[str], runs: int) -> float:
    samples = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(argv, capture_output=True, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        samples.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(samples) * 1000.0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=30)
    ap.add_argument("--cli", default=str(REPO / "build/engine/plab"))
    ap.add_argument("--duration", type=float, default=1.0)
    args = ap.parse_args()

    scenario = plab.default_scenario()
    scenario["duration_s"] = args.duration
    text = json.dumps(scenario)
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        f.write(text)
    load = os.getloadavg()

    def with_frames() -> None:
        r = plab.run(text)
        _ = r.summary, r.series

    rows = [
        ("_core.run (engine, JSON text, columns)", cpu_ms(lambda: _core.run(text, True, ""), args.runs)),
        ("_core.run(series=False)", cpu_ms(lambda: _core.run(text, False, ""), args.runs)),
        ("plab.run + summary + series DataFrames", cpu_ms(with_frames, args.runs)),
        ("plab.run(series=False) + summary", cpu_ms(lambda: plab.run(text, series=False).summary, args.runs)),
        ("the CLI spawned: plab run FILE", child_cpu_ms([args.cli, "run", f.name], args.runs)),
        ("the CLI spawned: plab defaults (no run)", child_cpu_ms([args.cli, "defaults"], args.runs)),
    ]
    os.unlink(f.name)
    print(f"default scenario, duration {args.duration} s; median CPU ms of {args.runs} runs")
    for name, ms in rows:
        print(f"  {name:42s} {ms:8.2f} ms")
    print(f"load average before/after: {load} / {os.getloadavg()}")


if __name__ == "__main__":
    main()
