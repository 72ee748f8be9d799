"""A campaign's pending runs as a Slurm job array (issue L §3, docs/campaigns.md).

``submit`` writes the pending runs into N shard files in a batch folder next to the
database (``DB.slurm/bNNN/``), an sbatch script (``--array=0-(N-1)``, ``--requeue``, one
output file per task) and submits it. Task i runs ``plab-campaign run-shard`` on shard i
and appends each result as one JSON line to its own file (``result-i.jsonl``, flushed
per run): never to the database, which has one writer. ``collect`` stores the complete
lines of every task file in the database (a key already there is skipped: nothing
counted twice; a line cut short by a kill is ignored and rerun).

Failures: inside a task, a worker that dies (killed, out of memory) is started again up
to 3 times, skipping the runs its file already has; a node failure requeues the task
(``--requeue``); a task cancelled or failed 3 times leaves runs missing, which
``status`` reports and a second ``submit`` resubmits (only those).
"""

from __future__ import annotations

import json
import os
import shlex
import shutil
import subprocess
import sys
import time
from typing import Any

from .campaign import Campaign, CampaignError, insert_rows, open_database

kWorkerAttempts = 3


class SlurmError(CampaignError):
    """Slurm is not there or refused the job; nothing that cannot be undone was written."""


def _slurm(args: list[str], what: str, timeout_s: float = 60) -> str:
    if shutil.which(args[0]) is None:
        raise SlurmError(f"{args[0]} is not installed: Slurm is not available on this machine ({what})")
    try:
        p = subprocess.run(args, capture_output=True, text=True, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        raise SlurmError(f"Slurm is not running: `{' '.join(args)}` did not answer in {timeout_s} s ({what})") from None
    if p.returncode != 0:
        raise SlurmError(f"Slurm is not running or refused {what}: `{' '.join(args)}` said: {p.stderr.strip() or p.stdout.strip()}")
    return p.stdout


def check_running() -> None:
    """Raises SlurmError unless a controller answers (sinfo) with a usable node."""
    conf = os.environ.get("SLURM_CONF")
    if conf and not os.path.exists(conf):  # sinfo would spend a minute on DNS look-ups
        raise SlurmError(f"Slurm is not running here: SLURM_CONF names {conf}, which does not exist")
    out = _slurm(["sinfo", "-h", "-o", "%T"], "a status query", timeout_s=15)
    if not any(s.strip().rstrip("*~#") in ("idle", "mixed", "allocated", "completing") for s in out.split()):
        raise SlurmError(f"Slurm answers but has no usable node (sinfo: {' '.join(out.split()) or 'no nodes'})")


def batches_dir(db_path: str) -> str:
    return db_path + ".slurm"


def batches(db_path: str) -> list[str]:
    d = batches_dir(db_path)
    if not os.path.isdir(d):
        return []
    return sorted(os.path.join(d, b) for b in os.listdir(d) if os.path.exists(os.path.join(d, b, "batch.json")))


def _write_atomic(path: str, text: str) -> None:
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def complete_lines(path: str) -> list[dict[str, Any]]:
    """The lines of a task's result file that were written whole (a kill may cut the last)."""
    if not os.path.exists(path):
        return []
    with open(path, "rb") as f:
        data = f.read()
    out = []
    for raw in data.split(b"\n")[:-1]:  # the part after the last newline is not complete
        try:
            out.append(json.loads(raw))
        except ValueError:
            continue
    return out


def queued_tasks(job_id: str) -> dict[int, str]:
    """{array task: state} of a job's tasks still in squeue (empty if squeue is absent)."""
    if shutil.which("squeue") is None:
        return {}
    p = subprocess.run(["squeue", "-h", "-r", "-j", job_id, "-o", "%K %T"], capture_output=True, text=True)
    tasks = {}
    for line in p.stdout.splitlines():
        task, _, state = line.partition(" ")
        if task.isdigit():
            tasks[int(task)] = state
    return tasks


def collect(db_path: str) -> dict[str, int]:
    """Stores every complete task result line in the database: {"added", "already"}."""
    con = open_database(db_path)
    added = already = 0
    try:
        for b in batches(db_path):
            for name in sorted(os.listdir(b)):
                if name.startswith("result-") and name.endswith(".jsonl"):
                    rows = [tuple(line["row"]) for line in complete_lines(os.path.join(b, name))]
                    n = insert_rows(con, rows, format1=True)
                    added += n
                    already += len(rows) - n
    finally:
        con.close()
    return {"added": added, "already": already}


def submit(campaign: Campaign, tasks: int, *, jobs_per_task: int = 1, sbatch_args: list[str] | None = None) -> dict[str, Any]:
    """Collects what tasks finished, then submits the runs still missing as ``tasks``
    array tasks. Refuses (SlurmError) while an earlier batch of the database still has
    tasks queued or running, and when Slurm is not running (nothing written then)."""
    if tasks < 1:
        raise CampaignError(f"--tasks must be at least 1, got {tasks}")
    check_running()
    for b in batches(campaign.db_path):
        meta = json.load(open(os.path.join(b, "batch.json")))
        if meta.get("job") and queued_tasks(meta["job"]):
            raise SlurmError(f"job {meta['job']} ({b}) still has tasks queued or running: wait, or scancel it first")
    if os.path.exists(campaign.db_path):
        collect(campaign.db_path)
    campaign._connect().close()  # the database and its campaign definition
    pending = campaign.pending()
    if not pending:
        return {"job": None, "runs": 0, "tasks": 0, "batch": None}
    tasks = min(tasks, len(pending))
    root = batches_dir(campaign.db_path)
    os.makedirs(root, exist_ok=True)
    b = os.path.join(root, f"b{len(os.listdir(root)):03d}")
    os.makedirs(b)
    texts = campaign.scenario_texts(pending)  # what each task runs: no planner there
    try:
        for i in range(tasks):
            shard = [
                {
                    **{k: r[k] for k in ("key", "run", "coords", "coords_text", "protocol", "seed")},
                    "base": campaign.base_hash,
                    "engine_version": campaign.engine_version,
                    "scenario": text,
                }
                for r, text in zip(pending[i::tasks], texts[i::tasks])
            ]
            _write_atomic(os.path.join(b, f"shard-{i}.jsonl"), "".join(json.dumps(r) + "\n" for r in shard))
        script = os.path.join(b, "job.sh")
        _write_atomic(script, job_script(b, tasks, jobs_per_task))
        job = _slurm(["sbatch", "--parsable", *(sbatch_args or []), script], "the job array").strip().split(";")[0]
    except BaseException:
        shutil.rmtree(b, ignore_errors=True)  # nothing half-written stays
        raise
    meta = {"job": job, "tasks": tasks, "runs": len(pending), "engine_version": campaign.engine_version, "submitted": time.time()}
    _write_atomic(os.path.join(b, "batch.json"), json.dumps(meta))
    return {**meta, "batch": b}


def job_script(b: str, tasks: int, jobs_per_task: int) -> str:
    py = shlex.quote(sys.executable)
    q = shlex.quote
    return f"""#!/bin/bash
#SBATCH --job-name=plab-campaign
#SBATCH --array=0-{tasks - 1}
#SBATCH --requeue
#SBATCH --cpus-per-task={jobs_per_task}
#SBATCH --output={q(b)}/task-%a.out
#SBATCH --open-mode=append
# Written by plab-campaign submit. Task i runs shard i; a worker that dies is started
# again (up to {kWorkerAttempts} times), skipping the runs its result file already has.
i="$SLURM_ARRAY_TASK_ID"
for attempt in $(seq 1 {kWorkerAttempts}); do
  {py} -m plab.cli run-shard {q(b)}/shard-$i.jsonl --out {q(b)}/result-$i.jsonl \\
    --jobs {jobs_per_task} --pid-file {q(b)}/task-$i.pid --source "slurm ${{SLURM_ARRAY_JOB_ID}}_$i" && exit 0
  echo "plab-campaign: task $i attempt $attempt failed (exit $?)" >&2
done
exit 1
"""


def run_shard(shard: str, out: str, *, jobs: int = 1, source: str = "shard", pid_file: str | None = None) -> int:
    """Runs a shard file's runs not yet in ``out``, appending one line per result (flushed
    per run); a line a kill cut short is dropped first. Returns how many ran."""
    from . import _core
    from .campaign import execute

    if pid_file:
        _write_atomic(pid_file, str(os.getpid()))
    version = _core.engine_version()
    runs = [json.loads(line) for line in open(shard) if line.strip()]
    if os.path.exists(out):  # drop a partial last line
        with open(out, "rb+") as f:
            data = f.read()
            f.truncate(data.rfind(b"\n") + 1)
    done = {line["row"][0] for line in complete_lines(out)}
    todo = [r for r in runs if r["key"] not in done]
    from .campaign import format1_key

    for r in todo[:1]:
        planned_with = r["engine_version"] if "engine_version" in r else version
        if planned_with != version or ("base" not in r and format1_key(version, r["scenario"]) != r["key"]):
            raise CampaignError(f"{shard} was planned with another engine version than this one ({version}): resubmit")
    from concurrent.futures import ThreadPoolExecutor

    with open(out, "a") as f, ThreadPoolExecutor(max(1, jobs)) as pool:
        for row, error in pool.map(lambda r: execute(r, version, source), todo):
            if error:
                raise CampaignError(error)
            f.write(json.dumps({"row": list(row)}) + "\n")
            f.flush()
    return len(todo)


def status(campaign: Campaign) -> dict[str, Any]:
    """Runs done (in the database), in task files not yet collected, queued or running
    in Slurm, and missing (to resubmit)."""
    done = campaign.done_keys()
    in_files: set[str] = set()
    active: set[str] = set()
    jobs = []
    for b in batches(campaign.db_path):
        meta = json.load(open(os.path.join(b, "batch.json")))
        queued = queued_tasks(meta["job"]) if meta.get("job") else {}
        jobs.append({"batch": b, "job": meta.get("job"), "tasks": meta["tasks"], "queued": queued})
        for i in range(meta["tasks"]):
            in_files |= {line["row"][0] for line in complete_lines(os.path.join(b, f"result-{i}.jsonl"))}
            if i in queued:
                active |= {json.loads(x)["key"] for x in open(os.path.join(b, f"shard-{i}.jsonl")) if x.strip()}
    keys = {r["key"] for r in campaign.runs}
    return {
        "runs": len(keys),
        "done": len(keys & done),
        "uncollected": len((keys & in_files) - done),
        "running_or_queued": len((keys & active) - done - in_files),
        "missing": len(keys - done - in_files - active),
        "jobs": jobs,
    }
