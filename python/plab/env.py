"""A Gymnasium environment over the steppable engine: you are the congestion control.

One step is one interval of simulated time (by default the flow's base RTT): the action
sets the flow's window (``flows[i].manual.cwnd_segments``, a live parameter) at the
step's start, exactly as a live-mode timeline entry at that time would, then the run
advances to the step's end. See docs/python.md for the spaces and the reward.
"""

from __future__ import annotations

import copy
import json
from typing import Any, Optional

import gymnasium as gym
import numpy as np

from .api import Scenario, Session, default_scenario
from .result import Result

# The observation's figures, in order (all >= 0, raw units, never NaN).
OBSERVATION_FIELDS: tuple[str, ...] = (
    "cwnd_segments",  # the window now
    "srtt_ms",  # smoothed RTT (0 before the first sample)
    "min_rtt_ms",  # smallest RTT so far (0 before the first sample)
    "delivery_mbps",  # bytes delivered in order during the step, over the step
    "retransmissions",  # segments retransmitted during the step (the losses it repaired)
    "flight_segments",  # segments in flight now
)

WINDOW_PATH = "flows[{flow}].manual.cwnd_segments"
MAX_SEED = 4294967295  # the engine's `seed` range is [0, 2^32 - 1]


def lossy_manual_scenario(duration_s: float = 10.0, loss: float = 0.01) -> dict[str, Any]:
    """The default episode: one `manual` flow on the default path with random losses."""
    s = default_scenario()
    s["duration_s"] = duration_s
    flow = s["flows"][0]
    flow["protocol"] = "manual"
    flow["app"]["token_bucket"]["enabled"] = False  # the window alone limits the flow
    flow["channel"]["forward"]["model"] = "bernoulli"
    flow["channel"]["forward"]["p"] = loss
    return s


class CongestionEnv(gym.Env[np.ndarray, np.ndarray]):
    """One flow's window, chosen every interval.

    scenario: a scenario whose flow ``flow`` uses protocol ``manual`` (default
    ``lossy_manual_scenario()``). step_s: the interval (default: the flow's base RTT).
    max_window: the action's upper bound, segments. delay_weight: the reward's penalty
    per millisecond of queueing delay (srtt - min RTT).
    """

    metadata: dict[str, Any] = {"render_modes": []}

    def __init__(
        self,
        scenario: Optional[Scenario] = None,
        *,
        step_s: Optional[float] = None,
        flow: int = 0,
        max_window: int = 200,
        delay_weight: float = 0.01,
    ) -> None:
        base = lossy_manual_scenario() if scenario is None else scenario
        self._scenario: dict[str, Any] = copy.deepcopy(json.loads(base) if isinstance(base, str) else dict(base))
        if self._scenario["flows"][flow].get("protocol") != "manual":
            raise ValueError(f"flows[{flow}].protocol must be manual for CongestionEnv (its window is the action)")
        self.flow = flow
        self.delay_weight = float(delay_weight)
        self.window_path = WINDOW_PATH.format(flow=flow)
        probe = Session(self._scenario).snapshot()
        self.base_rtt_s: float = float(probe.flows[flow]["base_rtt_ms"]) / 1000.0
        self.step_s: float = float(step_s) if step_s is not None else self.base_rtt_s
        if not self.step_s > 0:
            raise ValueError(f"step_s must be > 0, got {self.step_s}")
        self.action_space = gym.spaces.Box(low=1.0, high=float(max_window), shape=(1,), dtype=np.float64)
        self.observation_space = gym.spaces.Box(
            low=0.0, high=np.inf, shape=(len(OBSERVATION_FIELDS),), dtype=np.float64
        )
        self._session: Optional[Session] = None
        self._step = 0
        self._last: dict[str, Any] = {}
        self.engine_seed: int = int(self._scenario.get("seed", 1))
        self.changes: list[dict[str, Any]] = []  # this episode's changes, as a timeline

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """A new episode. ``seed`` is the engine's seed itself (0 .. 2^32-1), so an
        episode is ``plab.run`` of the scenario with that seed; without one the seed is
        drawn from the environment's generator (seeded by the last ``seed`` given)."""
        super().reset(seed=seed)
        if seed is not None:
            if not 0 <= seed <= MAX_SEED:
                raise ValueError(f"seed must be within [0, {MAX_SEED}], got {seed}")
            self.engine_seed = int(seed)
        else:
            self.engine_seed = int(self.np_random.integers(0, MAX_SEED, endpoint=True))
        self._scenario["seed"] = self.engine_seed
        self._session = Session(self._scenario)
        self._step = 0
        self.changes = []
        self._last = self._session.observe(self.flow)
        return self._observation(self._last, self._last, 0.0), {"t_s": 0.0, "seed": self.engine_seed}

    def window_for(self, action: np.ndarray) -> int:
        """The window an action sets: clipped to the action space and rounded."""
        a = float(np.asarray(action, dtype=np.float64).reshape(-1)[0])
        a = min(max(a, float(self.action_space.low[0])), float(self.action_space.high[0]))
        return int(round(a))

    def step(self, action: np.ndarray) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self._session is None:
            raise RuntimeError("call reset() before step()")
        t_start = self._step * self.step_s
        window = self.window_for(action)
        if not self._session.ended:
            self._session.set(self.window_path, window)
            self.changes.append({"t_s": t_start, "path": self.window_path, "value": window})
        self._step += 1
        ended = self._session.advance_to(self._step * self.step_s)
        now = self._session.observe(self.flow)
        dt = max(now["t_s"] - self._last["t_s"], 0.0)
        obs = self._observation(now, self._last, dt)
        queueing_ms = max(obs[1] - obs[2], 0.0)
        reward = float(obs[3] - self.delay_weight * queueing_ms)
        self._last = now
        return obs, reward, bool(ended), False, {"t_s": now["t_s"], "state": now}

    def finish(self) -> Result:
        """The episode's result document (runs to the end if the episode was cut short)."""
        if self._session is None:
            raise RuntimeError("call reset() first")
        return self._session.finish()

    @staticmethod
    def _observation(now: dict[str, Any], before: dict[str, Any], dt: float) -> np.ndarray:
        mss = float(now["segment_bytes"]) or 1.0
        delivered = float(now["delivered_bytes"] - before["delivered_bytes"])
        return np.array(
            [
                now["cwnd_bytes"] / mss,
                now["srtt_s"] * 1000.0,
                now["min_rtt_s"] * 1000.0,
                delivered * 8.0 / dt / 1e6 if dt > 0 else 0.0,
                float(now["retransmissions"] - before["retransmissions"]),
                now["flight_bytes"] / mss,
            ],
            dtype=np.float64,
        )
