"""plab.env.CongestionEnv: the Gymnasium checker, determinism by seed, and a scripted
policy equal to the manual mode's timeline replay bit for bit."""

from __future__ import annotations

import numpy as np
from gymnasium.utils.env_checker import check_env

import plab
from plab.env import CongestionEnv, lossy_manual_scenario


def _env(duration_s: float = 2.0) -> CongestionEnv:
    return CongestionEnv(lossy_manual_scenario(duration_s=duration_s, loss=0.02))


def _episode(env: CongestionEnv, seed: int, policy: list[int]) -> list[np.ndarray]:
    obs, _ = env.reset(seed=seed)
    trajectory = [obs]
    for k in range(10_000):
        obs, reward, terminated, truncated, _ = env.step(np.array([policy[k % len(policy)]], dtype=np.float64))
        assert np.isfinite(obs).all() and np.isfinite(reward)
        assert env.observation_space.contains(obs), obs
        trajectory.append(obs)
        if terminated or truncated:
            break
    return trajectory


def test_the_gymnasium_checker_passes() -> None:
    check_env(_env(1.0), skip_render_check=True)


def test_the_same_seed_gives_the_same_trajectory() -> None:
    env = _env()
    policy = [4, 12, 30, 8]
    a = _episode(env, 11, policy)
    b = _episode(env, 11, policy)
    c = _episode(env, 12, policy)
    assert len(a) == len(b) and all((x == y).all() for x, y in zip(a, b))
    assert len(a) == len(c) and any((x != y).any() for x, y in zip(a, c))


def test_an_episode_ends_at_the_duration() -> None:
    env = _env(1.0)
    trajectory = _episode(env, 3, [10])
    assert len(trajectory) - 1 == int(np.ceil(1.0 / env.step_s))


def test_a_scripted_policy_reproduces_the_timeline_run_exactly() -> None:
    scenario = lossy_manual_scenario(duration_s=2.0, loss=0.02)
    env = CongestionEnv(scenario)
    policy = [3, 20, 20, 7, 40, 1, 12]
    _episode(env, 5, policy)
    episode = env.finish()
    # The same changes written as the manual mode's timeline, from the policy itself.
    timeline = [
        {"t_s": k * env.step_s, "path": "flows[0].manual.cwnd_segments", "value": policy[k % len(policy)]}
        for k in range(int(np.ceil(2.0 / env.step_s)))
    ]
    scenario["seed"] = 5
    replay = plab.run(scenario, timeline=timeline)
    assert episode.summary == replay.summary
    cwnd_episode = episode.series["flows[0].cwnd"]
    cwnd_replay = replay.series["flows[0].cwnd"]
    assert cwnd_episode.equals(cwnd_replay)
    assert episode.json == replay.json
    # The policy moved the window: the cwnd series holds its values.
    assert {3.0, 20.0, 40.0, 1.0} <= set(cwnd_replay["value"].round(6))
