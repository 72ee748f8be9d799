"""Campaign: a grid of runs kept in a database file (issue L §2, docs/campaigns.md).

The grid is the engine's plan (``_core.GridPlanner``, the one ``plab sweep --grid`` runs):
nothing here expands a grid, and no run's scenario crosses into Python: the engine makes
each one from the base on the thread that runs it. The base is stored once per campaign
(table ``bases``, by the SHA-256 of its text); each run is keyed by a SHA-256 of the
engine version, the base's hash and what the run changes in it (coordinates, protocol,
seed): together, the exact scenario the engine runs. So a second call runs only what is
missing, and a run stored under another engine version is not taken for this one's.

The database is SQLite (the standard library's): one row per run, the runs going on
engine-side from first to last while this thread takes what is done, in order, about every
0.25 s and stores it in one transaction, so a crash loses at most the runs not yet taken
and the ones being stored, and the primary key means nothing is stored twice. A file of
the first layout (format 1: each run's whole scenario in its row, keyed by its text) is
migrated when opened: its rows are kept as they were in ``runs_format1``, and a campaign
moves the ones that are its runs under this engine version into ``runs`` (so they are
skipped, not run again).
``results()`` is a pandas DataFrame, ``export_parquet`` writes it with pyarrow.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import time
from itertools import repeat
from typing import Any, Iterable, Mapping, Sequence, Union

from . import _core

AxisSpec = Union[str, Sequence[float], Mapping[str, Any]]

kCommitEvery_s = 0.25  # the runs taken and stored in one commit: about this long's worth
kTail_s = 0.03  # the last take's runs, about: what is left to store once the runs end
kFormat = 2  # the database layout's version (meta table); 1: scenarios in the rows (runs_format1)
kHeader = b"SQLite format 3\x00"

kSchema = """
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS bases (
  hash TEXT PRIMARY KEY,         -- sha256 of scenario
  scenario TEXT NOT NULL         -- a campaign's base scenario, JSON (sorted keys, compact)
);
CREATE TABLE IF NOT EXISTS runs (
  key TEXT PRIMARY KEY,          -- run_key(engine_version, base, coords, protocol, seed)
  engine_version TEXT NOT NULL,
  base TEXT NOT NULL,            -- bases.hash: the run's scenario is the engine's plan of the
                                 -- base with these coords, protocol and seed
  coords TEXT NOT NULL,          -- {path: value} of the campaign that ran it
  protocol TEXT NOT NULL,        -- "" for the scenario's own
  seed INTEGER NOT NULL,
  summary TEXT NOT NULL,         -- the engine's summary, JSON (floats round-trip exactly)
  wall_s REAL NOT NULL,          -- the engine's wall time for this run
  source TEXT NOT NULL,          -- "local" or "slurm JOB_TASK"
  finished_at REAL NOT NULL
);
"""
kColumns = ["key", "engine_version", "base", "coords", "protocol", "seed", "summary", "wall_s", "source", "finished_at"]
kInsert = f"INSERT OR IGNORE INTO runs VALUES ({','.join('?' * len(kColumns))})"
# Format 1's runs (2026-11, before the bases table): each row held its whole scenario and
# was keyed by sha256(engine_version + newline + scenario text). Kept as runs_format1.
kColumnsFormat1 = ["key", "engine_version", "scenario", "coords", "protocol", "seed", "summary", "wall_s", "source", "finished_at"]
kInsertFormat1 = f"INSERT OR IGNORE INTO runs_format1 VALUES ({','.join('?' * len(kColumnsFormat1))})"


class CampaignError(ValueError):
    """Bad input (a grid the engine refuses, a database that is not a campaign's)."""


def base_text(base: Mapping[str, Any]) -> str:
    """A base scenario's stored text: JSON with sorted keys, compact (its hash names it)."""
    return json.dumps(base, sort_keys=True, separators=(",", ":"))


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def run_key(engine_version: str, base_hash: str, coords_text: str, protocol: str, seed: int) -> str:
    """A run's key: the engine version, the base (its hash) and what the run changes in it
    (``coords_text``: its coordinates as stored, ``json.dumps``; protocol, "" for the
    scenario's own; the seed): together they name the exact scenario the engine runs."""
    return hashlib.sha256(f"{engine_version}\n{base_hash}\n{coords_text}\n{protocol}\n{seed}".encode()).hexdigest()


def format1_key(engine_version: str, scenario_text: str) -> str:
    """A format-1 row's key: sha256(engine version + newline + the scenario's canonical text)."""
    return hashlib.sha256((engine_version + "\n" + scenario_text).encode()).hexdigest()


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
    """Refuses (CampaignError, the file untouched) a file that is not a campaign database
    (of this layout or of format 1)."""
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
            columns = {t: [r[1] for r in con.execute(f"PRAGMA table_info({t})")] for t in ("runs", "runs_format1") if t in tables}
        finally:
            con.close()
    except sqlite3.DatabaseError as e:
        raise CampaignError(f"{path} is corrupt or not a campaign database ({e}); it was left untouched") from None
    if problem != "ok":
        raise CampaignError(f"{path} is corrupt (SQLite quick_check: {problem}); it was left untouched")
    good = "runs" in tables and columns["runs"] in (kColumns, kColumnsFormat1)
    if "runs_format1" in tables:
        good = good and columns["runs"] == kColumns and columns["runs_format1"] == kColumnsFormat1
    if tables and not good:
        raise CampaignError(f"{path} is an SQLite file but not a campaign database (tables {sorted(tables)}); left untouched")


def open_database(path: str, campaign: str | None = None, base: str | None = None) -> sqlite3.Connection:
    """Opens (and checks) a campaign database, making its tables if new and migrating a
    format-1 file (its runs table renamed runs_format1, every row kept as it was);
    ``campaign`` (JSON text) is stored as its campaign, ``base`` (a base_text) in bases.
    One commit in all: each commit syncs the journal and the file, tens of milliseconds
    here."""
    check_database(path)
    con = sqlite3.connect(path, timeout=60, isolation_level=None, check_same_thread=False)
    # A new file's pages of 32 KB (SQLite's default is 4 KB; an existing file keeps its
    # own): format 1's rows of a 4.5 KB scenario and a 1.7 KB summary fit in one page
    # instead of a chain of overflow pages; format 2's rows (the summary and a few small
    # columns) are packed several to a page.
    con.execute("PRAGMA page_size=32768")
    # The rollback journal (SQLite's default; WAL's commits were not seen by a reader in
    # another process here) with synchronous=NORMAL: each commit is atomic and survives a
    # crash of this process.
    con.execute("PRAGMA journal_mode=DELETE")
    con.execute("PRAGMA synchronous=NORMAL")
    try:
        con.execute("BEGIN IMMEDIATE")
        runs = [r[1] for r in con.execute("PRAGMA table_info(runs)")]
        if runs == kColumnsFormat1:  # format 1: its rows kept, as they were, beside the new table
            con.execute("ALTER TABLE runs RENAME TO runs_format1")
            con.execute("INSERT OR REPLACE INTO meta VALUES ('format', ?)", (str(kFormat),))
        # executescript would commit first: the statements one at a time, in this transaction.
        for statement in kSchema.split(";"):
            if statement.strip():
                con.execute(statement)
        con.execute("INSERT OR IGNORE INTO meta VALUES ('format', ?)", (str(kFormat),))
        if campaign is not None:
            con.execute("INSERT OR REPLACE INTO meta VALUES ('campaign', ?)", (campaign,))
        if base is not None:
            con.execute("INSERT OR IGNORE INTO bases VALUES (?, ?)", (text_hash(base), base))
        con.execute("COMMIT")
    except BaseException:
        if con.in_transaction:
            con.execute("ROLLBACK")
        con.close()
        raise
    return con


def insert_rows(con: sqlite3.Connection, rows: Iterable[tuple], *, format1: bool = False) -> int:
    """Stores rows (kColumns order) in one transaction: all or none; a key already there
    is kept (never twice). Returns how many were new. ``format1``: rows may be format 1's
    too (kColumnsFormat1's, from a Slurm task of the old layout: their third column is
    the scenario's JSON); those go to runs_format1."""
    rows = list(rows)
    old = [r for r in rows if str(r[2]).startswith("{")] if format1 else []
    new = [r for r in rows if not str(r[2]).startswith("{")] if old else rows
    con.execute("BEGIN IMMEDIATE")
    try:
        # executemany's rowcount is the sum of its rows' (each 1 if new, 0 if ignored).
        added = con.executemany(kInsert, new).rowcount if new else 0
        if old:
            con.execute(f"CREATE TABLE IF NOT EXISTS runs_format1 ({', '.join(kColumnsFormat1)}, PRIMARY KEY (key))")
            added += con.executemany(kInsertFormat1, old).rowcount
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
        # The plan stays in the engine (GridPlanner): its document holds the runs' records
        # without scenarios, and each scenario is made from the base on the thread that
        # runs it (run_many below). Handing 10,000 scenario texts of 4.5 KB to Python,
        # hashing them and handing them back cost about 13 us a run of a 340 us one.
        self.planner = _core.GridPlanner(json.dumps(self.base), json.dumps(self.spec))
        text = self.planner.json()
        head = '{"ok":true,"plan":'
        if self.planner.ok and text.startswith(head):
            # The plan alone now; the runs' records (1.4 MB for 10,000 runs) when first
            # needed: run() on a new file parses them while the engine runs the first runs.
            doc = {"ok": True, "plan": json.JSONDecoder().raw_decode(text, len(head))[0]}
            self._plan_text: str | None = text
        else:
            doc = json.loads(text)
            self._plan_text = None
        if doc.get("ok"):
            try:  # a value the engine cannot set fails here, before anything runs
                self.planner.scenario_texts(0, 1)
            except ValueError as e:
                doc = {"ok": False, "errors": [{"path": "grid", "message": str(e)}]}
        if not doc.get("ok"):
            lines = [f"{e.get('path') or '(grid)'}: {e.get('message', '')}" for e in doc.get("errors", [])]
            raise CampaignError("the engine refused the campaign's grid:\n  " + "\n  ".join(lines))
        self.plan = doc["plan"]
        self.paths = [a["path"] for a in self.plan["axes"]]
        self.base_text = base_text(self.base)
        self.base_hash = text_hash(self.base_text)
        self._runs: list[dict[str, Any]] = [] if self._plan_text is not None else doc["runs"]
        self._keyed = False
        check_database(self.db_path)

    @property
    def runs(self) -> list[dict[str, Any]]:
        """The plan's runs in order: {run, point, coords, protocol, seed, coords_text, key}."""
        self._key_runs()
        return self._runs

    def _key_runs(self) -> None:
        """Each run's coords_text and key (once). Not in __init__: run() on a new file keys
        the runs while the engine runs the first of them (0.02 s for 10,000 runs)."""
        if self._keyed:
            return
        if self._plan_text is not None:  # [{run, point, coords, protocol, seed}]
            self._runs, self._plan_text = json.loads(self._plan_text)["runs"], None
        head = f"{self.engine_version}\n{self.base_hash}\n"
        point, coords_text = -1, ""
        keys, coords, protocols, seeds = [], [], [], []  # the runs' columns, for their rows
        for r in self._runs:  # the runs of a point follow one another: its coords written once
            if r["point"] != point:
                point, coords_text = r["point"], json.dumps(r["coords"])
            protocol, seed = r["protocol"] or "", r["seed"]
            r["coords_text"] = coords_text
            r["key"] = key = hashlib.sha256(f"{head}{coords_text}\n{protocol}\n{seed}".encode()).hexdigest()
            keys.append(key)
            coords.append(coords_text)
            protocols.append(protocol)
            seeds.append(seed)
        self._columns = (keys, coords, protocols, seeds)
        self.keys_unique = len(set(keys)) == len(keys)
        self._keyed = True

    def scenario_texts(self, runs: Sequence[Mapping[str, Any]]) -> list[str]:
        """The runs' scenarios as the engine runs them (canonical JSON texts), in order."""
        out: list[str] = []
        i = 0
        while i < len(runs):  # consecutive runs in one call
            j = i + 1
            while j < len(runs) and runs[j]["run"] == runs[j - 1]["run"] + 1:
                j += 1
            out += self.planner.scenario_texts(runs[i]["run"], j - i)
            i = j
        return out

    # -- the database --------------------------------------------------------------
    def _connect(self, store_campaign: bool = True) -> sqlite3.Connection:
        """Opens the database (storing this campaign and its base unless told not to) and
        takes in what a format-1 file holds of this campaign's runs."""
        if store_campaign:
            con = open_database(self.db_path, json.dumps({"base": self.base, "spec": self.spec}), self.base_text)
        else:
            con = open_database(self.db_path)
        try:
            self._adopt_format1(con)
        except BaseException:
            con.close()
            raise
        return con

    def _adopt_format1(self, con: sqlite3.Connection) -> int:
        """Moves the rows of runs_format1 (a migrated format-1 file) that are runs of this
        campaign under this engine version into runs, under their keys, in one
        transaction; returns how many. A row is one of them when its key is format 1's key
        of one of this plan's scenarios: the same text, so the row's scenario is the
        engine's plan of the base (stored in bases) with the run's coordinates, protocol
        and seed, and nothing is lost by not keeping the text. Rows of other engine
        versions (never taken for this one's) or of other campaigns stay where they are."""
        v = self.engine_version
        if not con.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='runs_format1'").fetchone():
            return 0
        if not con.execute("SELECT 1 FROM runs_format1 WHERE engine_version=? LIMIT 1", (v,)).fetchone():
            return 0
        ours = {format1_key(v, text): r for r, text in zip(self.runs, self.scenario_texts(self.runs))}
        found = [
            (ours[key], summary, wall_s, source, finished_at)
            for key, summary, wall_s, source, finished_at in con.execute(
                "SELECT key, summary, wall_s, source, finished_at FROM runs_format1 WHERE engine_version=?", (v,)
            )
            if key in ours
        ]
        if not found:
            return 0
        rows = [
            (r["key"], v, self.base_hash, r["coords_text"], r["protocol"] or "", r["seed"], summary, wall_s, source, at)
            for r, summary, wall_s, source, at in found
        ]
        old_keys = [(format1_key(v, t),) for t in self.scenario_texts([f[0] for f in found])]
        con.execute("BEGIN IMMEDIATE")
        try:
            con.execute("INSERT OR IGNORE INTO bases VALUES (?, ?)", (self.base_hash, self.base_text))
            con.executemany(kInsert, rows)
            con.executemany("DELETE FROM runs_format1 WHERE key=?", old_keys)
            con.execute("COMMIT")
        except BaseException:
            con.execute("ROLLBACK")
            raise
        return len(rows)

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
        con = self._connect(store_campaign=False)
        try:
            return {r[0] for r in con.execute("SELECT key FROM runs")}
        finally:
            con.close()

    def pending(self) -> list[dict[str, Any]]:
        """The plan's runs not stored yet (plan order; a scenario given twice, once)."""
        self._key_runs()
        done = self.done_keys()
        if self.keys_unique:  # a grid without a value given twice
            return [r for r in self.runs if r["key"] not in done] if done else list(self.runs)
        seen, out = set(), []
        for r in self.runs:
            if r["key"] not in done and r["key"] not in seen:
                seen.add(r["key"])
                out.append(r)
        return out

    # -- running -------------------------------------------------------------------
    def run(self, jobs: int = 1, *, progress: bool = False) -> int:
        """Runs the missing runs on ``jobs`` engine threads, a commit about every
        kCommitEvery_s of runs; returns how many ran.

        The runs go on engine-side from first to last (``GridPlanner.start``: each run's
        scenario made and run on the engine's own threads, which never wait for Python),
        and this thread takes what is done, in order, about every kCommitEvery_s and
        stores it in one transaction while the engine goes on. So a crash loses the runs
        done since the last take and the ones being stored: at most about twice
        kCommitEvery_s of runs, never a stored one. The first runs are taken as soon as
        this thread has opened the database (and, on a new file, keyed the runs); the
        last take holds about kTail_s of runs, so that little is left to store once the
        runs are over."""
        if jobs < 1:
            raise CampaignError(f"jobs must be at least 1, got {jobs}")
        # A new file holds nothing to skip: the runs start at once, and this thread keys
        # them while the engine runs the first ones (a grid's runs are distinct scenarios;
        # were two the same, the second would run and not be stored: INSERT OR IGNORE).
        fresh = not self._keyed and (not os.path.exists(self.db_path) or os.path.getsize(self.db_path) == 0)
        to_run = [] if fresh else self.pending()
        order = list(range(self.planner.runs)) if fresh else [r["run"] for r in to_run]
        runner = self.planner.start(order, jobs) if order else None
        con = None
        try:
            if fresh:
                self._key_runs()
                to_run = self._runs  # order is every run: to_run[i] is run i
                keys, coords, protocols, seeds = self._columns
            else:
                keys, coords = [r["key"] for r in to_run], [r["coords_text"] for r in to_run]
                protocols, seeds = [r["protocol"] or "" for r in to_run], [r["seed"] for r in to_run]
            con = self._connect()
            errors, stored, tail = [], 0, 0
            v, base, local = repeat(self.engine_version), repeat(self.base_hash), repeat("local")
            while runner is not None:
                at, texts, walls, refused = runner.take(kCommitEvery_s if stored else 0.0, tail)
                if not texts:
                    break
                to = at + len(texts)
                # The rows (kColumns order) made in C by zip: no Python code per run.
                now = repeat(time.time())
                rows = list(zip(keys[at:to], v, base, coords[at:to], protocols[at:to], seeds[at:to], texts, walls, local, now))
                if refused:
                    version = self.engine_version
                    errors += [stored_row(to_run[i], False, texts[i - at], walls[i - at], version, "local")[1] for i in refused]
                    gone = {i - at for i in refused}
                    rows = [row for i, row in enumerate(rows) if i not in gone]
                insert_rows(con, rows)
                stored = to
                # The last take about kTail_s of runs: at this pace, that many runs.
                tail = int(stored / max(runner.elapsed_s, 1e-6) * kTail_s)
                if progress:
                    print(f"plab-campaign: {stored}/{len(to_run)} runs", flush=True)
        finally:
            if runner is not None:
                runner.close()  # the runs in flight end; theirs are not stored
            if con is not None:
                con.close()
        if errors:
            raise CampaignError(f"{len(errors)} runs were refused by the engine (the others are stored):\n  " + "\n  ".join(errors[:5]))
        return len(to_run) if self.keys_unique else len({r["key"] for r in to_run})

    # -- results -------------------------------------------------------------------
    def results(self):
        """A DataFrame, one row per stored run of this campaign in plan order: run, point,
        one column per axis path, protocol, seed, each summary figure, key,
        engine_version, wall_s, source."""
        import pandas as pd

        stored = {}
        if os.path.exists(self.db_path):
            con = self._connect(store_campaign=False)
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
    """A planned run's row (kColumns order; ``r`` a run of a Slurm shard, with its base's
    hash) from the engine's answer (``run_summary``): (row, "") or (None, the engine's
    refusal)."""
    if not ok:
        doc = json.loads(text)
        messages = "; ".join(f"{e.get('path')}: {e.get('message')}" for e in doc.get("errors", []))
        return None, f"run {r.get('run')} ({json.dumps(r.get('coords'))}): {messages}"
    # A shard written before format 2 holds no base: its row is format 1's (runs_format1).
    base, coords = (r["base"], r["coords_text"]) if "base" in r else (r["scenario"], json.dumps(r["coords"]))
    row = (r["key"], engine_version, base, coords, r["protocol"] or "", r["seed"], text, wall_s, source, time.time())
    return row, ""


def execute(r: Mapping[str, Any], engine_version: str, source: str) -> tuple[tuple | None, str]:
    """Runs one run of a Slurm shard (its scenario's text in it) on this thread: (row, "")
    or (None, the engine's refusal)."""
    return stored_row(r, *_core.run_summary(r["scenario"]), engine_version, source)
