"""A campaign through Slurm (issue L §3). The cluster test needs a running cluster
(scripts/test-slurm.sh starts one and sets PLAB_SLURM_TEST=1 and SLURM_CONF); the
"Slurm not running" test runs everywhere."""

from __future__ import annotations

import json
import os
import pathlib
import signal
import subprocess
import time
from typing import Any

import pandas as pd
import pytest

import plab
from plab import slurm
from plab.campaign import Campaign

GRID = {"flows[0].channel.forward.p": "0.001:0.02:6:log"}
PROTOCOLS = ["newreno", "cubic"]


@pytest.fixture
def base() -> dict[str, Any]:
    s = plab.default_scenario()
    # Long enough (about 0.5 s of wall time a run) for a task to be killed mid-run.
    s["duration_s"] = float(os.environ.get("PLAB_SLURM_RUN_S", "1000"))
    return s


def test_submit_without_slurm_says_so_and_writes_nothing(
    tmp_path: pathlib.Path, base: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SLURM_CONF", str(tmp_path / "no-such-slurm.conf"))
    db = tmp_path / "c.sqlite"
    Campaign(db, base, {"topology.bottleneck.delay_ms": "10,20"}).run()
    before = db.read_bytes()
    with pytest.raises(slurm.SlurmError, match="Slurm is not (running|available|installed)|not installed"):
        slurm.submit(Campaign(db, base, GRID, PROTOCOLS), tasks=3)
    assert db.read_bytes() == before
    assert not os.path.exists(slurm.batches_dir(str(db)))


def wait(what: str, predicate, timeout: float = 90) -> None:
    deadline = time.time() + timeout
    while not predicate():
        if time.time() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.1)


def queue_empty(job: str) -> bool:
    return not slurm.queued_tasks(job)


@pytest.mark.skipif(os.environ.get("PLAB_SLURM_TEST") != "1", reason="needs scripts/test-slurm.sh's cluster")
def test_a_killed_and_a_cancelled_task_lose_nothing(tmp_path: pathlib.Path, base: dict[str, Any]) -> None:
    db = str(tmp_path / "c.sqlite")
    c = Campaign(db, base, GRID, PROTOCOLS)
    assert len(c.runs) == 12
    r = slurm.submit(c, tasks=3)
    b, job = r["batch"], r["job"]
    assert r["tasks"] == 3 and r["runs"] == 12

    # Task 0: requeued after its first result, as Slurm requeues a task whose node failed
    # (sbatch --requeue): the task is stopped, queued again and run from the start, and
    # its worker skips the runs its result file already has.
    wait("task 0's first result", lambda: len(slurm.complete_lines(os.path.join(b, "result-0.jsonl"))) >= 1)
    subprocess.run(["scontrol", "requeue", f"{job}_0"], check=True)
    # Task 1: its worker is killed after its first result; the task starts it again.
    pid_file = os.path.join(b, "task-1.pid")
    wait("task 1's first result", lambda: len(slurm.complete_lines(os.path.join(b, "result-1.jsonl"))) >= 1)
    first_pid = int(open(pid_file).read())
    os.kill(first_pid, signal.SIGKILL)
    # Task 2: cancelled whole after its first result (its other runs stay missing).
    wait("task 2's first result", lambda: len(slurm.complete_lines(os.path.join(b, "result-2.jsonl"))) >= 1)
    subprocess.run(["scancel", f"{job}_2"], check=True)
    wait("the job to leave the queue", lambda: queue_empty(job))
    assert int(open(pid_file).read()) != first_pid, "task 1's worker was not started again"
    shown = subprocess.run(["scontrol", "-o", "show", "job", f"{job}_0"], capture_output=True, text=True).stdout
    assert "Restarts=1" in shown, shown
    assert len(slurm.complete_lines(os.path.join(b, "result-0.jsonl"))) == 4, "the requeued task 0 did not finish its runs"
    assert "attempt 1 failed" in open(os.path.join(b, "task-1.out")).read()

    s = slurm.status(Campaign.open(db))
    assert s["missing"] > 0 and s["done"] == 0 and s["uncollected"] == 12 - s["missing"]
    again = slurm.submit(Campaign.open(db), tasks=3)  # collects, then only what is missing
    assert again["runs"] == s["missing"]
    wait("the resubmitted job", lambda: queue_empty(again["job"]))
    assert slurm.collect(db)["added"] == s["missing"]
    assert slurm.collect(db) == {"added": 0, "already": 12 + 0}  # idempotent
    s = slurm.status(Campaign.open(db))
    assert (s["done"], s["missing"], s["uncollected"]) == (12, 0, 0)

    local = Campaign(tmp_path / "local.sqlite", base, GRID, PROTOCOLS)
    local.run(jobs=2)
    got = Campaign.open(db).results()
    assert got["source"].str.startswith("slurm ").all()
    pd.testing.assert_frame_equal(got.drop(columns=["wall_s", "source"]), local.results().drop(columns=["wall_s", "source"]))
    # Every task line is one run; the killed worker's cut line, if any, was dropped.
    lines = [json.loads(x)["row"][0] for f in os.listdir(b) if f.startswith("result-") for x in open(os.path.join(b, f))]
    assert len(lines) == len(set(lines))
