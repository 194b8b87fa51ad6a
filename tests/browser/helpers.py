"""Types and helpers shared by the browser tiers (tests/browser, tests/engines)."""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import re
import threading
from collections.abc import Callable, Iterator
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

import build
from playwright.sync_api import Page

RunPython = Callable[[Page, str], Any]

#: The tests' own pages, served beside web/ (at the site's root, so that the pages'
#: relative URLs resolve as the demo's do) and never part of it.
PAGES = {
    "/test-python.html": Path(__file__).parent / "pages" / "python.html",
    "/test-seed.html": Path(__file__).parent / "pages" / "seed.html",
}
#: A page that boots Python on the main thread only (no demo, no memory worker).
PYTHON_PAGE = "test-python.html"
#: A page that makes this build's memory snapshot (``?make``) or stores it in its
#: context's Cache API (see ``context`` and ``seed`` in tests/browser/conftest.py).
SEED_PAGE = "test-seed.html"
#: Where the tests' servers keep the snapshots the seed page made: PUT, then GET
#: ``/test-snapshot-<name>.bin`` (a name per engine).
SNAPSHOT_RE = re.compile(r"^/test-snapshot-([a-z]+)\.bin$")


@lru_cache(maxsize=4)
def _sha256(body: bytes) -> str:
    """(once per snapshot: the seed pages store it with the bytes, as storeSnapshot does)"""
    return hashlib.sha256(body).hexdigest()


def _route(path: str) -> str:
    return path.split("?", 1)[0].split("#", 1)[0]


class _Handler(build.Handler):
    """web/'s handler, plus :data:`PAGES` and the snapshots at :data:`SNAPSHOT_RE`, kept
    in this process's memory."""

    def translate_path(self, path: str) -> str:
        page = PAGES.get(_route(path))
        return str(page) if page is not None else super().translate_path(path)

    def do_GET(self) -> None:
        found = SNAPSHOT_RE.match(_route(self.path))
        if found is None:
            super().do_GET()
            return
        body = _SNAPSHOTS.get(found[1])
        if body is None:
            self.send_error(404, f"no {found[1]} snapshot made yet")
            return
        self.send_response(200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("X-Amplify-SHA256", _sha256(body))
        self.end_headers()
        self.wfile.write(body)

    def do_PUT(self) -> None:
        found = SNAPSHOT_RE.match(_route(self.path))
        if found is None:
            self.send_error(405)
            return
        # (kept for every server of this process: the engines' tier gives each test an
        # origin of its own)
        _SNAPSHOTS[found[1]] = self.rfile.read(int(self.headers["Content-Length"]))
        self.send_response(204)
        self.end_headers()


#: The boot snapshots of this process (made by its seed pages or read from
#: :data:`SNAPSHOT_DIR`), by name.
_SNAPSHOTS: dict[str, bytes] = {}

#: Where a boot snapshot is kept for the other test processes (xdist workers, both
#: browser tiers) and the next runs: one file per engine, browser version and web/js/
#: (whose manifest names the Pyodide version and the wheels' hashes).
SNAPSHOT_DIR = build.ROOT / "build" / "test-snapshots"


def snapshot_path(name: str, browser_version: str) -> Path:
    """The file of boot snapshot ``name`` for this browser and this build of web/js/."""
    digest = hashlib.sha256(f"{name}\n{browser_version}\n".encode())
    for path in [*sorted((build.WEB / "js").glob("*.mjs")), PAGES["/test-seed.html"]]:
        digest.update(f"{path.name}\n".encode())
        digest.update(path.read_bytes())
    return SNAPSHOT_DIR / f"{name}-{digest.hexdigest()[:16]}.bin"


def shared_snapshot(name: str, browser_version: str, make: Callable[[], object]) -> int:
    """Boot snapshot ``name`` in this process: read from :func:`snapshot_path` when another
    process or an earlier run made it, else made by ``make()`` (a seed page that PUTs it
    here) and written there. A file lock makes the workers that want it at once make it
    once. Its size in bytes."""
    path = snapshot_path(name, browser_version)
    SNAPSHOT_DIR.mkdir(parents=True, exist_ok=True)
    with open(SNAPSHOT_DIR / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if path.is_file():
            _SNAPSHOTS[name] = path.read_bytes()
        else:
            _SNAPSHOTS.pop(name, None)
            make()
            if name not in _SNAPSHOTS:
                raise RuntimeError(f"the seed page made no {name} snapshot")
            for old in SNAPSHOT_DIR.glob(f"{name}-*.bin"):
                old.unlink()
            part = path.with_suffix(".part")
            part.write_bytes(_SNAPSHOTS[name])
            os.replace(part, path)
    return len(_SNAPSHOTS[name])


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
