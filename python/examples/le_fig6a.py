"""LE paper Fig. 6a from Python: five loss recoveries under AIMD, goodput against loss.

The lab's preset `le-fig6a-aimd` (public/presets/presets.json) as a script: one FTP flow
for 100 s over the 10 Mb/s, 25 ms path (engine/scenarios/le-fig6-single-flow.json with
the preset's ns-2 timers), random loss on the data path from 0.1 % to 10 % (log), five
curves (Reno's window law with its own loss recovery), mean goodput over the seeds. The
plan is the engine's own grid (the same runs the page's sweep makes); the runs go on
threads (plab.run releases the GIL).

    python python/examples/le_fig6a.py --out le_fig6a.csv [--png le_fig6a.png]
    python python/examples/le_fig6a.py --points 4 --seeds 1 --duration 20   # a quick look

Writes a CSV (loss, protocol, mean goodput, sd, runs); --png also draws it if
matplotlib is installed (it is not a dependency of plab).
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import pathlib
import statistics
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import plab
from plab import _core

REPO = pathlib.Path(__file__).resolve().parents[2]
PROTOCOLS = ["reno", "newreno", "ns2_sack1", "fack", "le"]


def base_scenario(duration_s: float) -> dict[str, Any]:
    s: dict[str, Any] = json.loads((REPO / "engine/scenarios/le-fig6-single-flow.json").read_text())
    s["duration_s"] = duration_s
    tcp = s["flows"][0]["tcp"]
    tcp.update({"timers": "ns2", "min_rto_ms": 200, "initial_rto_ms": 3000})  # the preset's
    return s


def plan(duration_s: float, points: int, seeds: int) -> list[dict[str, Any]]:
    spec = {
        "axes": [{"x": "flows[0].channel.forward.p", "from": 0.001, "to": 0.1, "points": points, "scale": "log"}],
        "seeds": seeds,
        "protocols": PROTOCOLS,
    }
    doc = json.loads(_core.grid_plan(json.dumps(base_scenario(duration_s)), json.dumps(spec)))
    if not doc["ok"]:
        raise plab.ScenarioError(doc["errors"])
    return doc["runs"]


def goodput(run: dict[str, Any]) -> float:
    return float(plab.run(run["scenario"], series=False).summary["goodput_mbps"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default="le_fig6a.csv")
    ap.add_argument("--png", default="")
    ap.add_argument("--points", type=int, default=10)
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--duration", type=float, default=100.0)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()

    runs = plan(args.duration, args.points, args.seeds)
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        goodputs = list(pool.map(goodput, runs))
    curves: dict[tuple[float, str], list[float]] = {}
    for run, g in zip(runs, goodputs):
        curves.setdefault((run["coords"]["flows[0].channel.forward.p"], run["protocol"]), []).append(g)

    with open(args.out, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["loss", "protocol", "goodput_mbps", "sd", "runs"])
        for (p, protocol), gs in sorted(curves.items()):
            sd = statistics.stdev(gs) if len(gs) > 1 else 0.0
            w.writerow([p, protocol, statistics.fmean(gs), sd, len(gs)])
    print(f"wrote {args.out}: {len(runs)} runs, {len(curves)} (loss, protocol) points")
    if args.png:
        draw(curves, args.png)


def draw(curves: dict[tuple[float, str], list[float]], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6, 4))
    for protocol in PROTOCOLS:
        xs = sorted(p for p, proto in curves if proto == protocol)
        ax.plot(xs, [statistics.fmean(curves[(x, protocol)]) for x in xs], marker="o", label=protocol)
    ax.set_xscale("log")
    ax.set_xlabel("loss rate")
    ax.set_ylabel("goodput (Mb/s)")
    ax.set_title("LE Fig. 6a: five loss recoveries under AIMD")
    ax.legend()
    fig.savefig(path, dpi=120, bbox_inches="tight")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
