"""A run's result: the engine's document, its summary and its series as DataFrames."""

from __future__ import annotations

import json
from functools import cached_property
from typing import Any

import numpy as np
import pandas as pd


class Result:
    """One run's result (docs/engine-api.md, "Result JSON (ok)").

    ``summary``: the headline figures (a dict). ``series``: one DataFrame per series,
    keyed by the series' ``key`` (``"flows[0].cwnd"``, ``"links.bottleneck.queue"``),
    with columns ``time_s`` and ``value``. ``series_info``: the engine's descriptors
    (name, unit, kind, scope, index, key). ``json``: the document as the engine wrote it.
    """

    def __init__(self, document_json: str, columns: np.ndarray) -> None:
        self.json: str = document_json
        self.columns: np.ndarray = columns
        self.document: dict[str, Any] = json.loads(document_json)

    @property
    def summary(self) -> dict[str, Any]:
        return self.document["summary"]

    @property
    def flows(self) -> list[dict[str, Any]]:
        return self.document.get("flows", [])

    @property
    def scenario(self) -> dict[str, Any]:
        return self.document["scenario"]

    @property
    def series_info(self) -> list[dict[str, Any]]:
        return self.document.get("series", [])

    @cached_property
    def series(self) -> dict[str, pd.DataFrame]:
        frames: dict[str, pd.DataFrame] = {}
        for s in self.series_info:
            offset, length = int(s["offset"]), int(s["length"])
            times = self.columns[offset : offset + length]
            values = self.columns[offset + length : offset + 2 * length]
            frames[s["key"]] = pd.DataFrame({"time_s": times.copy(), "value": values.copy()})
        return frames

    def __repr__(self) -> str:
        return f"Result(summary={len(self.summary)} figures, series={len(self.series_info)})"
