"""Campaign (issue L §2): skip what is done, resume after a crash, bad input refused with
the stored results kept, and the same results as `plab sweep --grid`."""

from __future__ import annotations

import json
import os
import pathlib
import signal
import sqlite3
import subprocess
import sys
import time
from typing import Any

import pandas as pd
import pytest

import plab
from plab.campaign import Campaign, CampaignError

REPO = pathlib.Path(__file__).resolve().parents[2]
GRID = {"flows[0].channel.forward.p": "0.001:0.02:3:log", "topology.bottleneck.delay_ms": "10,30"}


@pytest.fixture
def base() -> dict[str, Any]:
    s = plab.default_scenario()
    s["duration_s"] = 1
    return s


def stored_count(db: pathlib.Path) -> int:
    con = sqlite3.connect(db)
    try:
        return con.execute("SELECT COUNT(*) FROM runs").fetchone()[0]
    finally:
        con.close()


def test_a_second_call_runs_nothing(tmp_path: pathlib.Path, base: dict[str, Any]) -> None:
    db = tmp_path / "c.sqlite"
    c = Campaign(db, base, GRID, ["newreno", "cubic"], seeds=2)
    assert len(c.runs) == 3 * 2 * 2 * 2
    assert c.run(jobs=2) == 24
    assert stored_count(db) == 24
    again = Campaign(db, base, GRID, ["newreno", "cubic"], seeds=2)
    assert again.run(jobs=2) == 0
    # A bigger grid runs only its new points.
    bigger = Campaign(db, base, GRID, ["newreno", "cubic"], seeds=3)
    assert bigger.run(jobs=2) == 12
    assert stored_count(db) == 36
    df = bigger.results()
    assert len(df) == 36 and df["key"].is_unique
    assert list(df.columns[:6]) == ["run", "point", *GRID, "protocol", "seed"]


def test_results_and_parquet(tmp_path: pathlib.Path, base: dict[str, Any]) -> None:
    c = Campaign(tmp_path / "c.sqlite", base, GRID, None, seeds=1)
    c.run()
    c.export_parquet(tmp_path / "r.parquet")
    back = pd.read_parquet(tmp_path / "r.parquet")
    pd.testing.assert_frame_equal(back, c.results())
    assert back["goodput_mbps"].notna().all() if "goodput_mbps" in back else len(back) == 6


def test_resume_after_a_crash_loses_nothing_and_duplicates_nothing(tmp_path: pathlib.Path, base: dict[str, Any]) -> None:
    db = tmp_path / "c.sqlite"
    base["duration_s"] = 200  # about 0.1 s of wall time a run: the kill lands mid-campaign
    grid = {"flows[0].channel.forward.p": "0.001:0.02:10:log"}
    code = (
        "import json,sys; from plab.campaign import Campaign;"
        f"Campaign({str(db)!r}, json.loads(sys.argv[1]), {grid!r}, ['newreno','cubic'], seeds=2).run(jobs=1)"
    )
    p = subprocess.Popen([sys.executable, "-c", code, json.dumps(base)])
    deadline = time.time() + 60
    while time.time() < deadline:  # kill it once some, not all, runs are stored
        time.sleep(0.05)
        if db.exists():
            try:
                if stored_count(db) >= 3:
                    break
            except sqlite3.Error:
                pass
    p.send_signal(signal.SIGKILL)
    p.wait()
    stored = stored_count(db)
    assert 3 <= stored < 40, stored
    c = Campaign(db, base, grid, ["newreno", "cubic"], seeds=2)
    assert c.run(jobs=2) == 40 - stored  # only what was missing
    assert stored_count(db) == 40
    local = Campaign(tmp_path / "fresh.sqlite", base, grid, ["newreno", "cubic"], seeds=2)
    local.run(jobs=2)
    pd.testing.assert_frame_equal(
        c.results().drop(columns=["wall_s", "source"]), local.results().drop(columns=["wall_s", "source"])
    )


def test_a_failed_store_stops_the_runs_and_a_second_call_runs_the_rest(
    tmp_path: pathlib.Path, base: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The engine runs a batch while the one before is stored: when storing fails, run()
    # raises at once (the engine's thread ends after its batch in flight), what was
    # committed stays, and the next call runs exactly the rest.
    import plab.campaign as campaign

    db = tmp_path / "c.sqlite"
    c = Campaign(db, base, GRID, ["newreno", "cubic"], seeds=2)
    real, calls = campaign.insert_rows, []

    def fail_second(con, rows):
        calls.append(len(rows))
        if len(calls) == 2:
            raise sqlite3.OperationalError("disk I/O error (a test's)")
        return real(con, rows)

    monkeypatch.setattr(campaign, "insert_rows", fail_second)
    with pytest.raises(sqlite3.OperationalError, match="a test's"):
        c.run(jobs=2)
    monkeypatch.setattr(campaign, "insert_rows", real)
    first = calls[0]
    assert 0 < first < 24 and stored_count(db) == first
    assert Campaign(db, base, GRID, ["newreno", "cubic"], seeds=2).run(jobs=2) == 24 - first
    assert stored_count(db) == 24


@pytest.mark.parametrize(
    "content", [b"this is not a database at all" * 10, b"SQLite format 3\x00" + b"\x07" * 4000], ids=["text", "bad-pages"]
)
def test_a_corrupt_database_is_refused_and_left_untouched(tmp_path: pathlib.Path, base: dict[str, Any], content: bytes) -> None:
    db = tmp_path / "c.sqlite"
    db.write_bytes(content)
    with pytest.raises(CampaignError, match=str(db)):
        Campaign(db, base, GRID).run()
    assert db.read_bytes() == content
    assert sorted(os.listdir(tmp_path)) == ["c.sqlite"]


def test_another_sqlite_file_is_refused(tmp_path: pathlib.Path, base: dict[str, Any]) -> None:
    db = tmp_path / "other.sqlite"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    before = db.read_bytes()
    with pytest.raises(CampaignError, match="not a campaign database"):
        Campaign(db, base, GRID).run()
    assert db.read_bytes() == before


def test_an_unknown_parameter_is_named(tmp_path: pathlib.Path, base: dict[str, Any]) -> None:
    with pytest.raises(CampaignError, match=r"flows\[0\]\.channel\.forward\.nope"):
        Campaign(tmp_path / "c.sqlite", base, {"flows[0].channel.forward.nope": "1,2"})
    assert not (tmp_path / "c.sqlite").exists()


def test_a_million_point_grid_is_refused_before_anything_runs(tmp_path: pathlib.Path, base: dict[str, Any]) -> None:
    db = tmp_path / "c.sqlite"
    Campaign(db, base, {"topology.bottleneck.delay_ms": "10,20"}).run()
    before = db.read_bytes()
    grid = {  # 100 x 100 x 100 points
        "flows[0].channel.forward.p": "0.001:0.1:100:log",
        "topology.bottleneck.delay_ms": "1:100:100",
        "topology.bottleneck.rate_mbps": "1:100:100",
    }
    with pytest.raises(CampaignError, match="100,?000"):
        Campaign(db, base, grid)
    assert db.read_bytes() == before and stored_count(db) == 2


def test_results_equal_plab_sweep_grid(tmp_path: pathlib.Path, base: dict[str, Any]) -> None:
    cli = os.environ.get("PLAB_CLI", str(REPO / "build/engine/plab"))
    scenario = tmp_path / "s.json"
    scenario.write_text(json.dumps(base))
    args = [cli, "sweep", str(scenario), "--protocols", "newreno,cubic", "--seeds", "2", "--runs-only", "--jobs", "2"]
    for path, spec in GRID.items():
        args += ["--grid", f"{path}={spec}"]
    lines = [json.loads(x) for x in subprocess.run(args, check=True, capture_output=True, text=True).stdout.splitlines()]
    runs = lines[1:]
    c = Campaign(tmp_path / "c.sqlite", base, GRID, ["newreno", "cubic"], seeds=2)
    c.run(jobs=2)
    df = c.results()
    assert len(df) == len(runs) == 24
    for (_, row), line in zip(df.iterrows(), runs):
        assert row["run"] == line["run"] and row["protocol"] == line["protocol"] and row["seed"] == line["seed"]
        assert {p: row[p] for p in GRID} == line["coords"]
        for figure, value in line["summary"].items():
            assert row[figure] == value or (value is None and pd.isna(row[figure])), (line["run"], figure)
