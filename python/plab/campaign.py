"""Campaign: a grid of runs kept in a database file (issue L §2, docs/campaigns.md).

The grid is the engine's plan (``_core.grid_plan``, the one ``plab sweep --grid`` runs):
nothing here expands a grid. Each run is keyed by a SHA-256 of the engine version and
its exact scenario (canonical JSON), so a second call runs only what is missing, and a
run stored under another engine version is not taken for this one's.

The database is SQLite (the standard library's): one row per run, the runs going to the
engine in batches of about 0.25 s of work, each batch stored in one transaction while the
next runs, so a crash loses at most the batch in flight and the one being stored, and the
primary key means nothing is stored twice.
``results()`` is a pandas DataFrame, ``export_parquet`` writes it with pyarrow.
"""

from __future__ import annotations

import hashlib
import json
import os
import queue
import sqlite3
import threading
import time
from typing import Any, Iterable, Mapping, Sequence, Union

from . import _core

AxisSpec = Union[str, Sequence[float], Mapping[str, Any]]

kCommitEvery_s = 0.25  # a batch's work, about: each batch is one commit
kMaxBatch = 4096  # runs handed to the engine at once, at most
kTail_s = 0.03  # the last batch's work, about: what is left to store once the runs end
kPlanThreads = max(1, min(8, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1))
kFormat = 1  # the database layout's version (meta table)
kHeader = b"SQLite format 3\x00"

kSchema = """
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
  key TEXT PRIMARY KEY,          -- sha256(engine_version + newline + scenario text)
  engine_version TEXT NOT NULL,
  scenario TEXT NOT NULL,        -- the run's exact scenario, the engine's canonical JSON text
  coords TEXT NOT NULL,          -- {path: value} of the campaign that ran it
  protocol TEXT NOT NULL,
  seed INTEGER NOT NULL,
  summary TEXT NOT NULL,         -- the engine's summary, JSON (floats round-trip exactly)
  wall_s REAL NOT NULL,          -- the engine's wall time for this run
  source TEXT NOT NULL,          -- "local" or "slurm JOB_TASK"
  finished_at REAL NOT NULL
);
"""
kColumns = ["key", "engine_version", "scenario", "coords", "protocol", "seed", "summary", "wall_s", "source", "finished_at"]
kInsert = f"INSERT OR IGNORE INTO runs VALUES ({','.join('?' * len(kColumns))})"


class CampaignError(ValueError):
    """Bad input (a grid the engine refuses, a database that is not a campaign's)."""


def run_key(engine_version: str, scenario_text: str) -> str:
    return hashlib.sha256((engine_version + "\n" + scenario_text).encode()).hexdigest()


def run_keys(engine_version: str, scenario_texts: Iterable[str]) -> list[str]:
    """run_key of each text (the version's part hashed once)."""
    head = hashlib.sha256((engine_version + "\n").encode())
    out = []
    for text in scenario_texts:
        h = head.copy()
        h.update(text.encode())
        out.append(h.hexdigest())
    return out


def axis_spec(path: str, spec: AxisSpec) -> dict[str, Any]:
    """One grid axis as the engine's spec: ``"from:to:points[:log]"``, ``"a,b,c"``, a list
    of values, or a mapping ``{from, to, points, scale}`` / ``{xs}``. Only the notation is
    read here; the engine checks everything (and expands the values)."""
    if isinstance(spec, Mapping):
        return {"x": path, **spec}
    if isinstance(spec, str):
        parts = spec.split(":")
        try:
            if len(parts) == 1:
                return {"x": path, "xs": [float(v) for v in spec.split(",")]}
            if len(parts) in (3, 4) and parts[2].isdigit():
                scale = parts[3] if len(parts) == 4 else "linear"
                return {"x": path, "from": float(parts[0]), "to": float(parts[1]), "points": int(parts[2]), "scale": scale}
        except ValueError:
            pass
        raise CampaignError(f"grid axis {path}: expected from:to:points[:log] or a,b,c; got {spec!r}")
    return {"x": path, "xs": list(spec)}


def check_database(path: str) -> None:
    """Refuses (CampaignError, the file untouched) a file that is not a campaign database."""
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return
    with open(path, "rb") as f:
        head = f.read(len(kHeader))
    if head != kHeader:
        raise CampaignError(f"{path} is not a campaign database (not an SQLite file); it was left untouched")
    try:
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            problem = con.execute("PRAGMA quick_check").fetchone()[0]
            tables = {r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if "runs" in tables:
                columns = [r[1] for r in con.execute("PRAGMA table_info(runs)")]
        finally:
            con.close()
    except sqlite3.DatabaseError as e:
        raise CampaignError(f"{path} is corrupt or not a campaign database ({e}); it was left untouched") from None
    if problem != "ok":
        raise CampaignError(f"{path} is corrupt (SQLite quick_check: {problem}); it was left untouched")
    if tables and ("runs" not in tables or columns != kColumns):
        raise CampaignError(f"{path} is an SQLite file but not a campaign database (tables {sorted(tables)}); left untouched")


def open_database(path: str, campaign: str | None = None) -> sqlite3.Connection:
    """Opens (and checks) a campaign database, making its tables if new; ``campaign``
    (JSON text) is stored as its campaign. One commit in all: each commit syncs the
    journal and the file, tens of milliseconds here."""
    check_database(path)
    con = sqlite3.connect(path, timeout=60, isolation_level=None, check_same_thread=False)
    # A new file's pages of 32 KB (SQLite's default is 4 KB; an existing file keeps its
    # own): a row of a 4.5 KB scenario and a 1.7 KB summary fits in one page instead of
    # a chain of overflow pages, which halved the CPU time of storing 10,000 rows (0.19 ->
    # 0.09 s, on the cores the runs use) and the file (79 -> 66 MB).
    con.execute("PRAGMA page_size=32768")
    # The rollback journal (SQLite's default; WAL's commits were not seen by a reader in
    # another process here) with synchronous=NORMAL: each commit is atomic and survives a
    # crash of this process.
    con.execute("PRAGMA journal_mode=DELETE")
    con.execute("PRAGMA synchronous=NORMAL")
    try:
        # executescript leaves the transaction it opens open: the meta rows join it.
        con.executescript("BEGIN IMMEDIATE;" + kSchema)
        con.execute("INSERT OR IGNORE INTO meta VALUES ('format', ?)", (str(kFormat),))
        if campaign is not None:
            con.execute("INSERT OR REPLACE INTO meta VALUES ('campaign', ?)", (campaign,))
        con.execute("COMMIT")
    except BaseException:
        if con.in_transaction:
            con.execute("ROLLBACK")
        con.close()
        raise
    return con


def insert_rows(con: sqlite3.Connection, rows: Iterable[tuple]) -> int:
    """Stores rows (kColumns order) in one transaction: all or none; a key already there
    is kept (never twice). Returns how many were new."""
    con.execute("BEGIN IMMEDIATE")
    try:
        # executemany's rowcount is the sum of its rows' (each 1 if new, 0 if ignored).
        added = con.executemany(kInsert, rows).rowcount
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    return added


class Campaign:
    """A grid over parameters x protocols x seeds, stored in ``db_path``.

    ``grid``: ``{path: axis}`` (see ``axis_spec``), in axis order; ``protocols`` a list
    (None: the scenario's own); ``seeds`` how many. The engine refuses a bad grid (an
    unknown parameter, a value out of range, over 100,000 runs) before anything runs.
    """

    def __init__(
        self,
        db_path: str | os.PathLike,
        base_scenario: Mapping[str, Any] | None = None,
        grid: Mapping[str, AxisSpec] | None = None,
        protocols: Sequence[str] | None = None,
        seeds: int = 1,
    ) -> None:
        self.db_path = os.fspath(db_path)
        self.base = dict(base_scenario) if base_scenario is not None else json.loads(_core.default_scenario())
        self.spec: dict[str, Any] = {"axes": [axis_spec(p, s) for p, s in (grid or {}).items()], "seeds": seeds}
        if protocols is not None:
            self.spec["protocols"] = list(protocols)
        self.engine_version = _core.engine_version()
        # Each run's scenario comes as the engine's canonical text (sorted keys, compact),
        # apart from the plan's document and made on the engine's threads: parsing
        # 10,000 scenarios into objects and writing them out again, or one 50 MB document
        # holding them as strings, cost more than the runs of a campaign of one-second runs.
        text, scenarios = _core.grid_plan_texts(json.dumps(self.base), json.dumps(self.spec), kPlanThreads)
        doc = json.loads(text)
        if not doc.get("ok"):
            lines = [f"{e.get('path') or '(grid)'}: {e.get('message', '')}" for e in doc.get("errors", [])]
            raise CampaignError("the engine refused the campaign's grid:\n  " + "\n  ".join(lines))
        self.plan = doc["plan"]
        self.paths = [a["path"] for a in self.plan["axes"]]
        self.runs = doc["runs"]  # [{run, point, coords, protocol, seed, scenario, key}]
        keys = run_keys(self.engine_version, scenarios)
        for r, scenario, key in zip(self.runs, scenarios, keys):
            r["scenario"] = scenario
            r["key"] = key
        check_database(self.db_path)

    # -- the database --------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        return open_database(self.db_path, json.dumps({"base": self.base, "spec": self.spec}))

    @classmethod
    def open(cls, db_path: str | os.PathLike) -> "Campaign":
        """The campaign last run or submitted on ``db_path``."""
        path = os.fspath(db_path)
        if not os.path.exists(path):
            raise CampaignError(f"{path} does not exist")
        check_database(path)
        con = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            row = con.execute("SELECT value FROM meta WHERE name='campaign'").fetchone()
        except sqlite3.DatabaseError:
            row = None
        finally:
            con.close()
        if row is None:
            raise CampaignError(f"{path} holds no campaign yet (run or submit one first)")
        d = json.loads(row[0])
        self = cls.__new__(cls)
        spec = d["spec"]
        grid = {a["x"]: {k: v for k, v in a.items() if k != "x"} for a in spec["axes"]}
        cls.__init__(self, path, d["base"], grid, spec.get("protocols"), spec.get("seeds", 1))
        return self

    def done_keys(self) -> set[str]:
        if not os.path.exists(self.db_path):
            return set()
        con = open_database(self.db_path)
        try:
            return {r[0] for r in con.execute("SELECT key FROM runs")}
        finally:
            con.close()

    def pending(self) -> list[dict[str, Any]]:
        """The plan's runs not stored yet (plan order; a scenario given twice, once)."""
        done, seen, out = self.done_keys(), set(), []
        for r in self.runs:
            if r["key"] not in done and r["key"] not in seen:
                seen.add(r["key"])
                out.append(r)
        return out

    # -- running -------------------------------------------------------------------
    def run(self, jobs: int = 1, *, progress: bool = False) -> int:
        """Runs the missing runs on ``jobs`` engine threads, a commit per batch of about
        kCommitEvery_s of runs; returns how many ran.

        The runs go to the engine a batch at a time (``_core.run_many``: its own threads,
        the GIL released), each batch sized to about kCommitEvery_s of work; while the
        engine runs one batch, this thread stores the one before in one transaction. So a
        crash loses the batch in flight and the one being stored: at most about twice
        kCommitEvery_s of runs, never a stored one. The first batch runs while this
        thread opens the database and stores the campaign; the last is about kTail_s
        long, so that little is left to store once the runs are over."""
        if jobs < 1:
            raise CampaignError(f"jobs must be at least 1, got {jobs}")
        todo = self.pending()
        batches: queue.Queue = queue.Queue(maxsize=1)
        failure: list[BaseException] = []
        stop = threading.Event()

        def engine() -> None:
            try:
                at, size = 0, jobs
                while at < len(todo) and not stop.is_set():
                    batch = todo[at : at + size]
                    started = time.monotonic()
                    answers = _core.run_many([r["scenario"] for r in batch], jobs)
                    took = time.monotonic() - started
                    batches.put((batch, answers))
                    at += len(batch)
                    # The next batch about kCommitEvery_s long (a first batch of one run
                    # per thread measures the runs' cost), the last about kTail_s.
                    per_s = len(batch) / max(took, 1e-6)
                    size = max(jobs, min(kMaxBatch, int(per_s * kCommitEvery_s)))
                    tail, left = max(jobs, int(per_s * kTail_s)), len(todo) - at
                    if tail < left <= size + tail:
                        size = max(jobs, left - tail)
            except BaseException as e:  # handed to the storing thread, raised there
                failure.append(e)
            finally:
                batches.put(None)

        runner = threading.Thread(target=engine, daemon=True)
        runner.start()
        con = None
        try:
            con = self._connect()
            errors, stored = [], 0
            while (item := batches.get()) is not None:
                batch, answers = item
                rows = []
                for r, (ok, text, wall_s) in zip(batch, answers):
                    row, error = stored_row(r, ok, text, wall_s, self.engine_version, "local")
                    if error:
                        errors.append(error)
                    else:
                        rows.append(row)
                insert_rows(con, rows)
                stored += len(batch)
                if progress:
                    print(f"plab-campaign: {stored}/{len(todo)} runs", flush=True)
        except BaseException:
            stop.set()  # the batch in flight ends the engine's thread; its runs are not stored
            while batches.get() is not None:
                pass
            raise
        finally:
            runner.join()
            if con is not None:
                con.close()
        if failure:
            raise failure[0]
        if errors:
            raise CampaignError(f"{len(errors)} runs were refused by the engine (the others are stored):\n  " + "\n  ".join(errors[:5]))
        return len(todo)

    # -- results -------------------------------------------------------------------
    def results(self):
        """A DataFrame, one row per stored run of this campaign in plan order: run, point,
        one column per axis path, protocol, seed, each summary figure, key,
        engine_version, wall_s, source."""
        import pandas as pd

        stored = {}
        if os.path.exists(self.db_path):
            con = open_database(self.db_path)
            try:
                for key, summary, wall_s, source in con.execute("SELECT key, summary, wall_s, source FROM runs"):
                    stored[key] = (summary, wall_s, source)
            finally:
                con.close()
        rows = []
        for r in self.runs:
            if r["key"] not in stored:
                continue
            summary, wall_s, source = stored[r["key"]]
            row = {"run": r["run"], "point": r["point"], **r["coords"], "protocol": r["protocol"], "seed": r["seed"]}
            row.update(json.loads(summary) or {})
            row.update({"key": r["key"], "engine_version": self.engine_version, "wall_s": wall_s, "source": source})
            rows.append(row)
        return pd.DataFrame(rows)

    def export_parquet(self, path: str | os.PathLike) -> None:
        """Writes results() as Parquet (pyarrow), atomically (a temporary file renamed)."""
        path = os.fspath(path)
        tmp = path + ".tmp"
        self.results().to_parquet(tmp, index=False)
        os.replace(tmp, path)


def stored_row(
    r: Mapping[str, Any], ok: bool, text: str, wall_s: float, engine_version: str, source: str
) -> tuple[tuple | None, str]:
    """A planned run's row (kColumns order) from the engine's answer (``run_summary``):
    (row, "") or (None, the engine's refusal)."""
    if not ok:
        doc = json.loads(text)
        messages = "; ".join(f"{e.get('path')}: {e.get('message')}" for e in doc.get("errors", []))
        return None, f"run {r.get('run')} ({json.dumps(r.get('coords'))}): {messages}"
    row = (
        r["key"], engine_version, r["scenario"], json.dumps(r["coords"]), r["protocol"] or "", r["seed"],
        text, wall_s, source, time.time(),
    )
    return row, ""


def execute(r: Mapping[str, Any], engine_version: str, source: str) -> tuple[tuple | None, str]:
    """Runs one planned run on this thread: (row, "") or (None, the engine's refusal)."""
    return stored_row(r, *_core.run_summary(r["scenario"]), engine_version, source)
