"""The error a refused scenario raises, with the engine's own messages."""

from __future__ import annotations

from typing import Any


class ScenarioError(ValueError):
    """The engine refused a scenario (or a timeline, or a run failed).

    ``errors`` is the engine's list of ``{"path", "message"}``: each offending field
    (e.g. ``flows[0].channel.forward.p``) and why, with its allowed range.
    """

    def __init__(self, errors: list[dict[str, Any]]) -> None:
        self.errors = errors
        lines = [f"{e.get('path') or '(scenario)'}: {e.get('message', '')}" for e in errors]
        super().__init__("the engine refused the run:\n  " + "\n  ".join(lines))
