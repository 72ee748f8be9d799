"""plab.Session: stepping, live changes and the per-flow state read."""

from __future__ import annotations

from typing import Any

import pytest

import plab
from plab.env import lossy_manual_scenario


def test_stepping_and_observing_leave_the_run_unchanged(short_scenario: dict[str, Any]) -> None:
    whole = plab.run(short_scenario)
    session = plab.Session(short_scenario)
    t = 0.0
    while not session.advance_to(t):
        session.observe(0)
        t += 0.05
    stepped = session.finish()
    assert stepped.json == whole.json
    assert (stepped.columns == whole.columns).all()


def test_observe_reads_the_window_and_the_rtt() -> None:
    session = plab.Session(lossy_manual_scenario(duration_s=3))
    session.set("flows[0].manual.cwnd_segments", 17)
    session.advance_to(1.0)
    state = session.observe(0)
    assert state["valid"] and state["has_window"] and not state["has_rate"]
    assert state["t_s"] == pytest.approx(1.0)
    assert state["cwnd_bytes"] == 17 * state["segment_bytes"]
    assert 0 < state["min_rtt_s"] <= state["srtt_s"]
    assert state["delivered_bytes"] > 0
    assert not session.observe(5)["valid"]


def test_a_change_out_of_range_is_refused_naming_it() -> None:
    session = plab.Session(lossy_manual_scenario(duration_s=1))
    with pytest.raises(plab.ScenarioError, match=r"cwnd_segments must be within \[1, 1000\]"):
        session.set("flows[0].manual.cwnd_segments", 5000)
    with pytest.raises(plab.ScenarioError, match="cannot change during a run"):
        session.set("topology.bottleneck.queue_packets", 5)


def test_a_refused_scenario_raises_at_once(short_scenario: dict[str, Any]) -> None:
    short_scenario["duration_s"] = -1
    with pytest.raises(plab.ScenarioError, match="duration_s"):
        plab.Session(short_scenario)
