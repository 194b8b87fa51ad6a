"""Shared test set-up: the repository root on sys.path (for build.py) and tier markers."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the browser tier, and run it after the CPython tier.

    Playwright's sync API keeps an asyncio loop running in the main thread from the first
    browser test to the end of the session, and ``asyncio.run`` (used by the CPython
    tests) refuses to start inside a running loop.
    """
    browser_dirs = (ROOT / "tests" / "browser", ROOT / "tests" / "engines")
    for item in items:
        if any(folder in Path(item.fspath).parents for folder in browser_dirs):
            item.add_marker(pytest.mark.browser)
    items.sort(key=lambda item: item.get_closest_marker("browser") is not None)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--engine",
        action="append",
        default=None,
        metavar="NAME",
        help="the cross-engine tier (tests/engines) runs in this engine only: chromium, "
        "firefox or webkit (repeat or comma-separate for several; default: all three, or "
        "$AMPLIFY_ENGINES)",
    )
