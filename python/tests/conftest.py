"""Shared scenarios for the plab tests: short runs, built from the engine's defaults."""

from __future__ import annotations

from typing import Any

import pytest

import plab


@pytest.fixture
def short_scenario() -> dict[str, Any]:
    """The default scenario cut to 2 s (a lossy NewReno flow)."""
    s = plab.default_scenario()
    s["duration_s"] = 2
    s["seed"] = 7
    return s
