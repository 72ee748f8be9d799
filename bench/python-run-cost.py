"""The cost of one run from Python (docs/python.md, "Costs"): plab.run in-process against
the bare engine (the CLI's own --timing, the run alone) and against spawning the CLI,
on the default scenario cut to 1 s; medians of N runs, with the load average.

    build/python-venv/bin/python bench/python-run-cost.py [--runs 30] [--cli build/engine/plab]
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import statistics
import subprocess
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

import plab

REPO = pathlib.Path(__file__).resolve().parents[1]


def median_ms(samples: list[float]) -> float:
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
    load_before = os.getloadavg()

    bare, cli, py, py_summary = [], [], [], []
    for _ in range(args.runs):
        t = time.perf_counter()
        out = subprocess.run([args.cli, "run", f.name, "--timing"], capture_output=True, text=True, check=True)
        cli.append(time.perf_counter() - t)
        bare.append(float(out.stderr.split("wall_ms ")[1].split()[0]) / 1000.0)
        t = time.perf_counter()
        r = plab.run(text)
        _ = r.summary, r.series
        py.append(time.perf_counter() - t)
        t = time.perf_counter()
        plab.run(text, series=False)
        py_summary.append(time.perf_counter() - t)

    n_threads = 2
    t = time.perf_counter()
    with ThreadPoolExecutor(n_threads) as pool:
        list(pool.map(lambda _: plab.run(text, series=False), range(args.runs)))
    threaded = (time.perf_counter() - t) / args.runs

    os.unlink(f.name)
    print(f"scenario: default, duration {args.duration} s, {args.runs} runs each (medians)")
    print(f"bare engine (CLI --timing, the run alone): {median_ms(bare):8.2f} ms")
    print(f"plab.run + summary + series DataFrames:     {median_ms(py):8.2f} ms")
    print(f"plab.run(series=False):                     {median_ms(py_summary):8.2f} ms")
    print(f"spawning the CLI (process + JSON out):      {median_ms(cli):8.2f} ms")
    print(f"plab.run(series=False) on {n_threads} threads, per run: {threaded * 1000:8.2f} ms")
    print(f"load average before/after: {load_before} / {os.getloadavg()}")


if __name__ == "__main__":
    main()
