"""plab-campaign: campaigns from the shell (docs/campaigns.md).

  plab-campaign run DB [SCENARIO.json] --grid PATH=SPEC ... [--protocols a,b] [--seeds K] [--jobs N]
  plab-campaign submit DB [SCENARIO.json] --grid ... --slurm --tasks N [--jobs-per-task J]
  plab-campaign status DB          runs done, uncollected, queued or running, missing
  plab-campaign collect DB         task results into the database (idempotent)
  plab-campaign export DB OUT.parquet|OUT.csv
  plab-campaign run-shard SHARD --out FILE   (what a Slurm task runs)

Without --grid, submit/status/export use the campaign last run or submitted on DB.
Exit codes: 0 done, 2 bad input or refused (the message says which), 3 Slurm not running.
"""

from __future__ import annotations

import argparse
import json
import sys

from .campaign import Campaign, CampaignError


def _campaign(args: argparse.Namespace) -> Campaign:
    if not args.grid:
        return Campaign.open(args.db)
    base = None
    if args.scenario:
        try:
            with open(args.scenario) as f:
                base = json.load(f)
        except (OSError, ValueError) as e:
            raise CampaignError(f"cannot read the scenario {args.scenario}: {e}") from None
    grid = {}
    for g in args.grid:
        path, eq, spec = g.partition("=")
        if not eq or not path or not spec:
            raise CampaignError(f"--grid expects PATH=from:to:points[:log] or PATH=a,b,c, got {g!r}")
        grid[path] = spec
    protocols = args.protocols.split(",") if args.protocols else None
    return Campaign(args.db, base, grid, protocols, args.seeds)


def _grid_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("db")
    p.add_argument("scenario", nargs="?", help="the base scenario (JSON); default: the engine's defaults")
    p.add_argument("--grid", action="append", default=[], help="PATH=from:to:points[:log] or PATH=a,b,c (repeat)")
    p.add_argument("--protocols", default="")
    p.add_argument("--seeds", type=int, default=1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="plab-campaign", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("run", help="run the missing runs here")
    _grid_args(p)
    p.add_argument("--jobs", type=int, default=1)
    p = sub.add_parser("submit", help="submit the missing runs as a Slurm job array")
    _grid_args(p)
    p.add_argument("--slurm", action="store_true", required=True)
    p.add_argument("--tasks", type=int, required=True)
    p.add_argument("--jobs-per-task", type=int, default=1)
    p = sub.add_parser("status")
    p.add_argument("db")
    p = sub.add_parser("collect")
    p.add_argument("db")
    p = sub.add_parser("export")
    p.add_argument("db")
    p.add_argument("out")
    p = sub.add_parser("run-shard")
    p.add_argument("shard")
    p.add_argument("--out", required=True)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--source", default="shard")
    p.add_argument("--pid-file")
    args = parser.parse_args(argv)

    from . import slurm

    try:
        if args.command == "run":
            c = _campaign(args)
            n = c.run(jobs=args.jobs)
            print(f"plab-campaign: {n} runs ran, {len(c.runs) - n} were stored already ({args.db})")
        elif args.command == "submit":
            r = slurm.submit(_campaign(args), args.tasks, jobs_per_task=args.jobs_per_task)
            if r["job"] is None:
                print("plab-campaign: nothing to submit, every run is stored")
            else:
                print(f"plab-campaign: job {r['job']}: {r['runs']} runs in {r['tasks']} tasks ({r['batch']})")
        elif args.command == "status":
            s = slurm.status(Campaign.open(args.db))
            print(
                f"{s['runs']} runs: {s['done']} done, {s['uncollected']} finished but not collected, "
                f"{s['running_or_queued']} queued or running, {s['missing']} missing"
                + (" (plab-campaign submit resubmits them)" if s["missing"] and s["jobs"] else "")
            )
            for j in s["jobs"]:
                states = ", ".join(f"task {t} {st.lower()}" for t, st in sorted(j["queued"].items())) or "none in the queue"
                print(f"  job {j['job']} ({j['tasks']} tasks): {states}")
        elif args.command == "collect":
            r = slurm.collect(args.db)
            print(f"plab-campaign: {r['added']} results added, {r['already']} were stored already")
        elif args.command == "export":
            c = Campaign.open(args.db)
            if args.out.endswith(".csv"):
                c.results().to_csv(args.out, index=False)
            else:
                c.export_parquet(args.out)
        elif args.command == "run-shard":
            slurm.run_shard(args.shard, args.out, jobs=args.jobs, source=args.source, pid_file=args.pid_file)
    except slurm.SlurmError as e:
        print(f"plab-campaign: {e}", file=sys.stderr)
        return 3
    except CampaignError as e:
        print(f"plab-campaign: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
