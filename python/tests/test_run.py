"""plab.run, plab.schema, plab.default_scenario: the engine's documents from Python."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
from typing import Any

import numpy as np
import pandas as pd
import pytest

import plab
from plab import _core

REPO = pathlib.Path(__file__).resolve().parents[2]


def test_run_gives_summary_and_series_frames(short_scenario: dict[str, Any]) -> None:
    r = plab.run(short_scenario)
    assert r.summary["protocol"] == "newreno"
    assert r.summary["sim_end_s"] == 2
    cwnd = r.series["flows[0].cwnd"]
    assert isinstance(cwnd, pd.DataFrame)
    assert list(cwnd.columns) == ["time_s", "value"]
    assert len(cwnd) > 10
    assert np.all(np.diff(cwnd["time_s"].to_numpy()) >= 0)
    assert np.isfinite(cwnd["value"].to_numpy()).all()


def test_run_without_series_has_the_same_summary(short_scenario: dict[str, Any]) -> None:
    with_series = plab.run(short_scenario)
    without = plab.run(json.dumps(short_scenario), series=False)
    assert without.summary == with_series.summary
    assert without.series == {}


def test_a_refused_scenario_raises_naming_the_field_and_range(short_scenario: dict[str, Any]) -> None:
    short_scenario["flows"][0]["channel"]["forward"]["p"] = 1.5
    with pytest.raises(plab.ScenarioError) as caught:
        plab.run(short_scenario)
    assert caught.value.errors[0]["path"] == "flows[0].channel.forward.p"
    assert "flows[0].channel.forward.p" in str(caught.value)
    assert "[0, 1]" in str(caught.value)


def test_text_that_is_not_json_is_refused() -> None:
    with pytest.raises(plab.ScenarioError, match="not valid JSON"):
        plab.run("{ nope")


def test_schema_and_defaults_are_the_engines() -> None:
    schema = plab.schema()
    paths = {p["path"] for p in schema["params"]}
    assert "flows[].manual.cwnd_segments" in paths
    assert plab.default_scenario()["seed"] == next(p["default"] for p in schema["params"] if p["path"] == "seed")


def test_engine_version_is_a_source_hash() -> None:
    v = plab.engine_version()
    assert v.startswith("sha256:") and len(v) == len("sha256:") + 64


def test_grid_plan_lists_every_run(short_scenario: dict[str, Any]) -> None:
    spec = {"axes": [{"x": "topology.bottleneck.rate_mbps", "xs": [2, 4, 8]}], "seeds": 2}
    plan = json.loads(_core.grid_plan(json.dumps(short_scenario), json.dumps(spec)))
    assert plan["ok"] is True
    assert len(plan["runs"]) == 6


def _cli() -> pathlib.Path:
    return pathlib.Path(os.environ.get("PLAB_CLI", REPO / "build" / "engine" / "plab"))


@pytest.mark.skipif(not _cli().exists(), reason="the native CLI (build/engine/plab, or PLAB_CLI) is not built")
def test_run_equals_the_native_cli(short_scenario: dict[str, Any], tmp_path: pathlib.Path) -> None:
    scenario_file = tmp_path / "scenario.json"
    scenario_file.write_text(json.dumps(short_scenario))
    cli = subprocess.run([str(_cli()), "run", str(scenario_file)], capture_output=True, text=True, check=True)
    assert plab.run(short_scenario).json == cli.stdout.strip()


def test_run_many_answers_in_order_on_any_number_of_threads(short_scenario: dict[str, Any]) -> None:
    # Campaigns run batches through run_many: each answer must be its own scenario's,
    # the summary exactly plab.run's, and a refused scenario its error document.
    scenarios = []
    for i, protocol in enumerate(["newreno", "cubic", "reno", "sack", "vegas"]):
        s = json.loads(json.dumps(short_scenario))
        s["flows"][0]["protocol"] = protocol
        s["seed"] = i + 1
        scenarios.append(json.dumps(s))
    bad = json.loads(json.dumps(short_scenario))
    bad["duration_s"] = -1
    scenarios.insert(2, json.dumps(bad))
    one = _core.run_many(scenarios, 1)
    three = _core.run_many(scenarios, 3)
    assert [(ok, text) for ok, text, _ in one] == [(ok, text) for ok, text, _ in three]
    for scenario, (ok, text, wall_s) in zip(scenarios, three):
        assert wall_s >= 0
        if scenario is scenarios[2]:
            assert not ok and "duration_s" in text
            continue
        assert ok and json.loads(text) == plab.run(json.loads(scenario), series=False).summary
    whole = _core.run_many(scenarios[:1], 1, False)[0]
    assert whole[0] and json.loads(whole[1])["summary"] == json.loads(one[0][1])


def test_run_many_summary_is_the_documents_summary_with_sorted_keys(short_scenario: dict[str, Any]) -> None:
    # run_many cuts the summary's text out of the result document and parses only that:
    # the same figures, keys sorted (as stored in campaign databases since the start),
    # for a whole run and for one the event budget cut short.
    cut = json.loads(json.dumps(short_scenario))
    cut["max_events"] = 1000
    for scenario in (short_scenario, cut):
        text = json.dumps(scenario)
        (ok, summary, _), (whole_ok, whole, _) = _core.run_many([text], 1)[0], _core.run_many([text], 1, False)[0]
        assert ok and whole_ok
        figures = json.loads(summary)
        assert figures == json.loads(whole)["summary"]
        assert list(figures) == sorted(figures)


def test_run_many_summary_text_is_the_sorted_summary_byte_for_byte(short_scenario: dict[str, Any]) -> None:
    # run_many puts the summary's members in key order without parsing it: the same
    # bytes as the summary written with sorted keys at every level, with nested objects
    # (two protocols' shares) too.
    two = json.loads(json.dumps(short_scenario))
    two["flows"].append(json.loads(json.dumps(two["flows"][0])))
    two["flows"][0]["protocol"], two["flows"][1]["protocol"] = "vegas", "cubic"
    for scenario in (short_scenario, two):
        ok, summary, _ = _core.run_many([json.dumps(scenario)], 1)[0]
        whole = json.loads(_core.run_many([json.dumps(scenario)], 1, False)[0][1])["summary"]
        assert ok and summary == json.dumps(whole, sort_keys=True, separators=(",", ":"))
    assert list(json.loads(summary)) != list(whole) and '"goodput_by_protocol":{"cubic":' in summary


def test_grid_plan_texts_is_grid_plans_plan_apart(short_scenario: dict[str, Any]) -> None:
    # Campaigns plan through grid_plan_texts: the same runs and, byte for byte, the same
    # scenario texts as grid_plan's scenarios_as_text, on any number of threads.
    spec = json.dumps({
        "axes": [{"x": "topology.bottleneck.rate_mbps", "xs": [2, 4, 8]}, {"x": "flows[0].channel.forward.p", "xs": [0.01, 0.02]}],
        "seeds": 2, "protocols": ["newreno", "cubic/sack"],
    })
    short_scenario["topology"]["bottleneck"]["rate_mbps"] = 4  # an integer the run sets to 4.0 (written "4.0")
    base = json.dumps(short_scenario)
    whole = json.loads(_core.grid_plan(base, spec, True))
    assert '"rate_mbps":4.0' in whole["runs"][8]["scenario"]
    for jobs in (1, 3):
        text, scenarios = _core.grid_plan_texts(base, spec, jobs)
        doc = json.loads(text)
        assert doc["ok"] and doc["plan"] == whole["plan"] and len(scenarios) == 24
        assert scenarios == [r["scenario"] for r in whole["runs"]]
        assert doc["runs"] == [{k: v for k, v in r.items() if k != "scenario"} for r in whole["runs"]]
    text, scenarios = _core.grid_plan_texts(base, json.dumps({"axes": [{"x": "nope", "xs": [1]}]}), 2)
    assert not json.loads(text)["ok"] and "nope" in text and scenarios == []
