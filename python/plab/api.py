"""run, schema, default_scenario and Session: the engine (plab._core) with Python values."""

from __future__ import annotations

import json
from typing import Any, Mapping, Sequence, Union

import numpy as np

from . import _core
from .errors import ScenarioError
from .result import Result

Scenario = Union[Mapping[str, Any], str]
Timeline = Union[Sequence[Mapping[str, Any]], str, None]


def _text(value: Scenario | Timeline) -> str:
    if value is None:
        return ""
    return value if isinstance(value, str) else json.dumps(value)


def _result(ok: bool, document: str, columns: np.ndarray) -> Result:
    if not ok:
        raise ScenarioError(json.loads(document).get("errors", []))
    return Result(document, columns)


def run(scenario: Scenario, *, series: bool = True, timeline: Timeline = None) -> Result:
    """Runs one scenario (a dict or JSON text); raises ScenarioError if it is refused.

    ``timeline``: live changes ``[{"t_s", "path", "value"}, ...]`` (docs/engine-api.md,
    "Timeline"). ``series=False`` skips the series (the summary is the same).
    """
    return _result(*_core.run(_text(scenario), series, _text(timeline)))


def schema() -> dict[str, Any]:
    """The parameter declarations (docs/engine-api.md, "Schema JSON")."""
    return json.loads(_core.schema())


def default_scenario() -> dict[str, Any]:
    """A complete scenario with every parameter at its default."""
    return json.loads(_core.default_scenario())


def engine_version() -> str:
    """A hash of the engine's sources taken when this package was built."""
    return _core.engine_version()


class Session:
    """A run taken in steps: advance_to, set (a live change now), observe, finish.

    Refuses an invalid scenario at once (ScenarioError).
    """

    def __init__(self, scenario: Scenario, *, timeline: Timeline = None) -> None:
        self._core = _core.Session(_text(scenario), _text(timeline))
        if self._core.ended and not self._core.snapshot()[0]:
            _result(*self._core.snapshot())

    @property
    def now_s(self) -> float:
        return self._core.now_s

    @property
    def duration_s(self) -> float:
        return self._core.duration_s

    @property
    def ended(self) -> bool:
        return self._core.ended

    def advance_to(self, t_s: float) -> bool:
        """Runs up to ``t_s`` simulated seconds; True once the run has ended."""
        return self._core.advance_to(t_s)

    def set(self, path: str, value: float | int | bool) -> None:
        """Changes a live parameter now, as a timeline entry at ``now_s`` would."""
        problem = self._core.set(path, value)
        if problem:
            raise ScenarioError([{"path": path, "message": problem}])

    def observe(self, flow: int = 0) -> dict[str, Any]:
        """Flow ``flow``'s state now (cwnd, srtt, min RTT, delivered bytes, losses...)."""
        return self._core.observe(flow)

    def snapshot(self) -> Result:
        return _result(*self._core.snapshot())

    def finish(self) -> Result:
        return _result(*self._core.finish())
