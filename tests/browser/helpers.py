"""Types and helpers shared by the browser tiers (tests/browser, tests/engines)."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator
from typing import Any

import build
from playwright.sync_api import Page

RunPython = Callable[[Page, str], Any]


@contextlib.contextmanager
def serving() -> Iterator[str]:
    """web/ served on a new loopback port (a new origin) while the block runs; its URL."""
    server = build.make_server(0)
    thread = threading.Thread(target=server.serve_forever, name="web-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
