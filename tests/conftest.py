"""Shared test set-up: the repository root on sys.path (for build.py) and tier markers."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark the browser tier, and run it after the CPython tier, its longest modules first.

    Playwright's sync API keeps an asyncio loop running in the main thread from the first
    browser test to the end of the session, and ``asyncio.run`` (used by the CPython
    tests) refuses to start inside a running loop.
    """
    browser_dirs = (ROOT / "tests" / "browser", ROOT / "tests" / "engines")
    for item in items:
        if any(folder in Path(item.fspath).parents for folder in browser_dirs):
            item.add_marker(pytest.mark.browser)
    items.sort(
        key=lambda item: (
            item.get_closest_marker("browser") is not None,
            -BROWSER_MODULE_SECONDS.get(Path(item.fspath).name, 0),
        )
    )


#: About how long each browser-tier module takes in a fresh-clone run (seconds, from the
#: runs of 2026-12-05): ``build.py test`` hands the modules to its two workers in this
#: order, longest first (``--no-loadscope-reorder``), so that the short ones even out the
#: end; by their number of tests instead, one worker ran 15-20 s longer than the other.
#: A module not named here comes last; the figures need only be roughly right.
BROWSER_MODULE_SECONDS = {
    "test_webkit.py": 85,
    "test_package.py": 65,
    "test_persistence.py": 65,
    "test_snapshot.py": 62,
    "test_chromium.py": 52,
    "test_firefox.py": 51,
    "test_demo.py": 43,
    "test_api.py": 25,
    "test_library.py": 25,
    "test_boot.py": 22,
    "test_outbox.py": 17,
    "test_openai_adapter.py": 17,
    "test_agent_memory.py": 8,
    "test_semantic.py": 7,
}


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
