"""Protocol Lab's packet-level transport-protocol engine from Python (docs/python.md)."""

from __future__ import annotations

from .campaign import Campaign, CampaignError
from .api import Session, default_scenario, engine_version, run, schema
from .errors import ScenarioError
from .result import Result

__all__ = ["Campaign", "CampaignError", "Result", "ScenarioError", "Session", "default_scenario", "engine_version", "run", "schema"]
