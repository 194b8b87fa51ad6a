"""Every persisted-store test runs three ways: small stores written whole (the default),
every write a change segment, and a log compacted every second write."""

from __future__ import annotations

import pytest

from amplify_memory.storage import PersistedStore

LOG_MODES = {
    "whole": None,
    "log": {"log_from_bytes": 0, "log_share": float("inf"), "max_segments": 10**6},
    "compacting": {"log_from_bytes": 0, "log_share": float("inf"), "max_segments": 2},
}


@pytest.fixture(autouse=True, params=list(LOG_MODES))
def log_mode(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    for name, value in (LOG_MODES[request.param] or {}).items():
        monkeypatch.setattr(PersistedStore, name, value)
    return str(request.param)
