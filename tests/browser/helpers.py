"""Types and helpers shared by the browser tiers (tests/browser, tests/engines)."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import build
from playwright.sync_api import Page

RunPython = Callable[[Page, str], Any]

#: The tests' own pages, served beside web/ (at the site's root, so that the pages'
#: relative URLs resolve as the demo's do) and never part of it.
PAGES = {"/test-python.html": Path(__file__).parent / "pages" / "python.html"}
#: A page that boots Python on the main thread only (no demo, no memory worker).
PYTHON_PAGE = "test-python.html"


class _Handler(build.Handler):
    """web/'s handler, plus :data:`PAGES`."""

    def translate_path(self, path: str) -> str:
        page = PAGES.get(path.split("?", 1)[0].split("#", 1)[0])
        return str(page) if page is not None else super().translate_path(path)


@contextlib.contextmanager
def serving() -> Iterator[str]:
    """web/ served on a new loopback port (a new origin) while the block runs; its URL."""
    server = build.Server(("127.0.0.1", 0), partial(_Handler, directory=str(build.WEB)))
    thread = threading.Thread(target=server.serve_forever, name="web-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
