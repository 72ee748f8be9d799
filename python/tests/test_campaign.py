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
    # The engine goes on running while what it has done is stored: when storing fails,
    # run() raises at once (the engine's threads end after their runs in flight), what
    # was committed stays, and the next call runs exactly the rest.
    import plab.campaign as campaign

    # About 30 ms a run, 0.4 s for the 24 on two threads: the first take (as soon as the
    # database is open) holds some of them, not all, so there is a second one to fail.
    base["duration_s"] = 300
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


# -- format 1 (each run's scenario in its row) and the bare engine --------------------

DATA = pathlib.Path(__file__).resolve().parent / "data"
kFormat1Schema = """
CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE runs (
  key TEXT PRIMARY KEY, engine_version TEXT NOT NULL, scenario TEXT NOT NULL, coords TEXT NOT NULL,
  protocol TEXT NOT NULL, seed INTEGER NOT NULL, summary TEXT NOT NULL, wall_s REAL NOT NULL,
  source TEXT NOT NULL, finished_at REAL NOT NULL
);
"""


def rows_of(db: pathlib.Path, table: str) -> list[tuple]:
    con = sqlite3.connect(db)
    try:
        return sorted(con.execute(f"SELECT * FROM {table}").fetchall())
    finally:
        con.close()


def table_names(db: pathlib.Path) -> set[str]:
    con = sqlite3.connect(db)
    try:
        return {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    finally:
        con.close()


def test_a_format1_file_is_migrated_with_nothing_lost_and_its_runs_skipped(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A file written by main's Campaign before format 2 (tests/data/README.md).
    db = tmp_path / "old.sqlite"
    db.write_bytes((DATA / "campaign-format1.sqlite").read_bytes())
    old = rows_of(db, "runs")
    assert len(old) == 16 and len({r[1] for r in old}) == 1
    # Its runs are this engine's as far as the engine's scenarios are the same: the
    # version it was written with stands in for this build's.
    monkeypatch.setattr(plab._core, "engine_version", lambda: old[0][1])
    c = Campaign.open(db)
    assert rows_of(db, "runs") == old  # opening to read changes nothing
    pending = c.pending()  # opened to write: migrated
    assert table_names(db) >= {"runs", "runs_format1", "bases"}
    assert sqlite3.connect(db).execute("SELECT value FROM meta WHERE name='format'").fetchone()[0] == "2"
    by_text = {r[2]: r for r in old}
    texts = c.scenario_texts(c.runs)
    if set(texts) != set(by_text):
        # The engine's scenarios changed since the file was written (a new parameter):
        # its runs are another engine's and run again, and its rows stay as they were.
        assert len(pending) == 16
        assert rows_of(db, "runs_format1") == old
        pytest.skip("the engine's scenarios changed since tests/data/campaign-format1.sqlite was made")
    assert pending == []
    assert c.run(jobs=2) == 0
    # Every row moved under its key, its figures and times as they were; none left behind.
    assert rows_of(db, "runs_format1") == []
    df = c.results()
    assert len(df) == 16
    for r, text in zip(c.runs, texts):
        o = by_text[text]
        row = df[df["run"] == r["run"]].iloc[0]
        assert (o[3], o[4], o[5]) == (json.dumps(r["coords"]), r["protocol"] or "", r["seed"])
        assert row["wall_s"] == o[7] and row["source"] == o[8]
        for figure, value in json.loads(o[6]).items():
            assert row[figure] == value or (value is None and pd.isna(row[figure])), figure
    # A bigger grid on the migrated file runs only its new seed.
    base, spec = c.base, c.spec
    grid = {a["x"]: a["xs"] for a in spec["axes"]}
    assert Campaign(db, base, grid, spec["protocols"], seeds=3).run(jobs=2) == 8
    assert stored_count(db) == 24


def test_a_format1_file_of_this_engine_skips_its_runs_and_keeps_the_others(
    tmp_path: pathlib.Path, base: dict[str, Any]
) -> None:
    # A format-1 file as main's Campaign wrote it, made here with this engine: half of a
    # campaign's runs, a run of another engine version and a run of another campaign.
    from plab.campaign import format1_key

    c = Campaign(tmp_path / "unused.sqlite", base, GRID, ["newreno", "cubic"])
    texts = c.scenario_texts(c.runs)
    answers = plab._core.run_many(texts, 2)
    v = c.engine_version
    rows = [
        (format1_key(v, t), v, t, json.dumps(r["coords"]), r["protocol"], r["seed"], a[1], a[2], "local", 1.0)
        for r, t, a in list(zip(c.runs, texts, answers))[::2]
    ]
    other_version = ("k-old", "sha256:an-older-engine", texts[1], "{}", "cubic", 1, '{"x":1}', 0.1, "local", 1.0)
    other_campaign = ("k-other", v, texts[1].replace('"duration_s":1.0', '"duration_s":2.0'), "{}", "", 1, '{"x":2}', 0.1, "local", 1.0)
    db = tmp_path / "old.sqlite"
    con = sqlite3.connect(db)
    con.executescript(kFormat1Schema)
    con.execute("INSERT INTO meta VALUES ('format', '1')")
    con.executemany("INSERT INTO runs VALUES (?,?,?,?,?,?,?,?,?,?)", [*rows, other_version, other_campaign])
    con.commit()
    con.close()

    again = Campaign(db, base, GRID, ["newreno", "cubic"])
    assert len(again.pending()) == len(c.runs) - len(rows)
    assert again.run(jobs=2) == len(c.runs) - len(rows)
    assert stored_count(db) == len(c.runs)
    assert rows_of(db, "runs_format1") == sorted([other_version, other_campaign])
    df = again.results()
    for r, (ok, summary, _) in zip(again.runs, answers):
        row = df[df["run"] == r["run"]].iloc[0]
        for figure, value in json.loads(summary).items():
            assert row[figure] == value or (value is None and pd.isna(row[figure])), figure


def test_results_equal_the_bare_engine_on_the_same_scenarios(tmp_path: pathlib.Path, base: dict[str, Any]) -> None:
    c = Campaign(tmp_path / "c.sqlite", base, GRID, ["newreno", "cubic"], seeds=2)
    # The scenarios the campaign's runs are given are the plan's, byte for byte (as
    # grid_plan_texts, which the campaign handed the engine before format 2, gives them).
    texts = c.scenario_texts(c.runs)
    assert texts == plab._core.grid_plan_texts(json.dumps(c.base), json.dumps(c.spec), 1)[1]
    # Run out of order and in part (a resumed campaign's pending runs), then the rest.
    some = [c.runs[i] for i in (5, 1, 2, 3, 17)]
    assert [a[:2] for a in c.planner.run_many([r["run"] for r in some], 2)] == [
        a[:2] for a in plab._core.run_many([texts[r["run"]] for r in some], 2)
    ]
    c.run(jobs=2)
    df = c.results()
    bare = plab._core.run_many(texts, 2)
    assert len(df) == len(bare) == 24 and all(ok for ok, _, _ in bare)
    for (_, row), (ok, summary, _) in zip(df.iterrows(), bare):
        figures = json.loads(summary)
        assert figures
        for figure, value in figures.items():
            assert row[figure] == value or (value is None and pd.isna(row[figure])), (row["run"], figure)


def test_planned_runs_are_taken_in_order_and_are_run_manys_answers(tmp_path: pathlib.Path, base: dict[str, Any]) -> None:
    # Campaign.run stores what GridPlanner.start's runs have done, take by take: every
    # take must continue where the last ended, each answer its own run's (the order given,
    # out of the plan's order and in part as a resumed campaign's), and the runs refused
    # named. min_s=0: each take answers what is done by then, so there are several.
    c = Campaign(tmp_path / "c.sqlite", base, GRID, ["newreno", "cubic"], seeds=2)
    order = [5, 1, 2, 3, 17, 0, 23, 4, 6, 7, 8, 9, 10]
    expected = c.planner.run_many(order, 2)
    runner = c.planner.start(order, 2)
    texts, walls, takes = [], [], 0
    while True:
        at, got, w, refused = runner.take(0.0)
        if not got:
            break
        assert at == len(texts) and refused == [] and len(w) == len(got)
        texts += got
        walls += w
        takes += 1
    runner.close()
    assert texts == [a[1] for a in expected] and all(x > 0 for x in walls)
    assert runner.take(0.0)[1] == []  # nothing more, ever
    with pytest.raises(IndexError):
        c.planner.start([0, 24], 1)


def test_planned_runs_stop_and_their_last_take_is_the_tail(tmp_path: pathlib.Path, base: dict[str, Any]) -> None:
    base["duration_s"] = 100  # about 10 ms a run
    c = Campaign(tmp_path / "c.sqlite", base, GRID, ["newreno", "cubic"], seeds=2)
    # A take waits min_s, unless the runs left untaken are at most `tail`: then it
    # answers at once, and the next one the rest when they are done.
    runner = c.planner.start(list(range(24)), 1)
    started = time.monotonic()
    at, first, _, _ = runner.take(60.0, 5)
    assert at == 0 and 19 <= len(first) < 24, len(first)
    at, rest, _, _ = runner.take(60.0, 5)
    assert at == len(first) and len(first) + len(rest) == 24
    assert time.monotonic() - started < 30  # neither take waited its 60 s
    runner.close()
    # Stopped after its first take, the runs in flight end and no other starts.
    runner = c.planner.start(list(range(24)), 1)
    at, first, _, _ = runner.take(0.0)
    runner.stop()
    taken = len(first)
    while got := runner.take(0.0)[1]:
        taken += len(got)
    runner.close()
    assert 0 < taken < 24, taken


def test_runs_the_engine_refuses_are_named_and_the_others_stored(tmp_path: pathlib.Path, base: dict[str, Any]) -> None:
    # The grid is valid axis by axis, but a flow starting after the run's end is not a
    # scenario: those runs are refused when run, each named, and every other run is
    # stored under its own key (rows and runs must stay aligned around the gaps).
    db = tmp_path / "c.sqlite"
    grid = {"flows[0].start_s": "0,0.5,5", "topology.bottleneck.delay_ms": "10,30"}
    c = Campaign(db, base, grid, ["newreno", "cubic"])
    with pytest.raises(CampaignError, match=r"4 runs were refused") as refused:
        c.run(jobs=2)
    assert all(f"run {r} (" in str(refused.value) for r in (8, 9, 10, 11))
    assert stored_count(db) == 8
    df = c.results()
    assert sorted(df["run"]) == list(range(8)) and set(df["flows[0].start_s"]) == {0.0, 0.5}
    keys = {r["run"]: r["key"] for r in c.runs}
    assert all(keys[run] == key for run, key in zip(df["run"], df["key"]))
    # Run again, only the refused runs are tried (and refused) again.
    with pytest.raises(CampaignError, match=r"4 runs were refused"):
        Campaign(db, base, grid, ["newreno", "cubic"]).run(jobs=2)
    assert stored_count(db) == 8
