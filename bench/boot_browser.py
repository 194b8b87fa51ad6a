#!/usr/bin/env python3
"""Open-to-ready in headless Chromium: bare Pyodide (the floor) beside our page, cold and on
a second visit with HTTP caching.

    .venv/bin/python bench/boot_browser.py [--runs 5] [--base <old checkout>/web]

- **floor**: a page whose module worker does only ``loadPyodide`` from the same assets
  (the same Pyodide and lock file), and posts back: page open to that answer.
- **ours**: the demo page, open to the vector-context controller's ``isReady``
  (``performance.mark('amplify:isReady')``: Pyodide, our wheels, the import, the user
  store started). After its first visit the page stores a memory snapshot (a second
  worker, a few seconds after start; waited for), which the second visit restores.
- **base** (with ``--base``): the same page of an older build, served the same way.

Each run opens every variant in a fresh browser context (an empty HTTP cache: cold),
closed as soon as it is ready; then, in another fresh context, a first visit that stores
its snapshot and the second visit (measured: what the server's cache headers and the
snapshot let the browser keep). A pause of 1 s follows each page, so that what the last
one left (the browser writing 18 MB of assets and a 45 MB snapshot to its caches) is not
measured in the next one. The variants alternate within a run, each run starting with the
next one, so that the machine's noise hits them alike.
Prints JSON with the medians (ms) and the differences to the floor.
"""

from __future__ import annotations

import argparse
import json
import statistics
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

from _browser import BOOT_TIMEOUT_MS, build

#: The pause after each page (see the docstring).
SETTLE_MS = 1000

FLOOR_HTML = """<!DOCTYPE html><html><body><p id="s">loading</p><script type="module">
const w = new Worker('/__floor-worker.mjs', { type: 'module' });
w.onmessage = (e) => {
  performance.mark('floor:ready');
  document.getElementById('s').textContent = e.data;
};
</script></body></html>"""

FLOOR_WORKER = """
import { manifest } from '/js/manifest.mjs';
const base = new URL('/assets/', location.href);
const index = new URL(manifest.pyodide.path, base).href;
const { loadPyodide } = await import(new URL('pyodide.mjs', index).href);
const lockFileURL = new URL(manifest.lockFile, base).href;
const py = await loadPyodide({ indexURL: index, lockFileURL });
postMessage(py.runPython('import sys; sys.version'));
"""


#: The floor's two files, served beside web/ by the same server (not through Playwright's
#: request routing: a page with a route has every request, its workers' too, paused and
#: continued by the driver, which slowed the page of many requests more than the floor).
FLOOR_FILES = {
    "/__floor.html": (FLOOR_HTML, "text/html"),
    "/__floor-worker.mjs": (FLOOR_WORKER, "text/javascript"),
}


class FloorHandler(build.Handler):
    def do_GET(self) -> None:
        if self.path not in FLOOR_FILES:
            super().do_GET()
            return
        text, kind = FLOOR_FILES[self.path]
        body = text.encode()
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def serve(folder: Path) -> tuple[Any, str]:
    server = build.Server(("127.0.0.1", 0), partial(FloorHandler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def open_once(context: Any, url: str, mark: str, *, keep_snapshot: bool) -> float:
    page = context.new_page()
    page.goto(url)
    page.wait_for_function(
        f"performance.getEntriesByName('{mark}').length > 0", timeout=BOOT_TIMEOUT_MS
    )
    ms = float(page.evaluate(f"performance.getEntriesByName('{mark}')[0].startTime"))
    if keep_snapshot:
        # Our page stores a memory snapshot for the next visit from a second worker, a few
        # seconds after start: the second visit is measured once it is there.
        page.evaluate(
            "async () => { const m = await window.amplify?.memory; await m?.snapshotMade; }"
        )
    page.close()
    return ms


def settle(page_ms: float = SETTLE_MS) -> None:
    """Let the browser finish what the last page left (cache writes) before the next."""
    time.sleep(page_ms / 1000)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--base", type=Path, help="the web/ folder of an older build")
    parser.add_argument(
        "--cold-only", action="store_true", help="measure cold starts only (faster: more runs)"
    )
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    build.build()
    ours_server, ours = serve(build.WEB)
    variants = {"floor": (ours + "__floor.html", "floor:ready"), "ours": (ours, "amplify:isReady")}
    servers = [ours_server]
    if args.base:
        base_server, base = serve(args.base)
        servers.append(base_server)
        variants["base"] = (base, "amplify:isReady")
    kinds = ("cold",) if args.cold_only else ("cold", "second")
    times: dict[str, dict[str, list[float]]] = {v: {k: [] for k in kinds} for v in variants}
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=build.chromium_path(), args=list(build.CHROMIUM_ARGS)
        )
        names = list(variants)
        for run in range(args.runs):
            # Each run starts with another variant: none is always measured right after
            # the same one (a second visit's snapshot, the browser's caches).
            order = names[run % len(names) :] + names[: run % len(names)]
            for name in order:  # cold: closed at ready (no snapshot taken behind the next)
                url, mark = variants[name]
                context = browser.new_context()
                times[name]["cold"].append(open_once(context, url, mark, keep_snapshot=False))
                context.close()
                settle()
            for name in [] if args.cold_only else order:  # second visit: after a first one
                url, mark = variants[name]
                context = browser.new_context()
                open_once(context, url, mark, keep_snapshot=True)
                settle()
                times[name]["second"].append(open_once(context, url, mark, keep_snapshot=True))
                context.close()
                settle()
            last = {n: {k: round(v[-1]) for k, v in t.items()} for n, t in times.items()}
            print(f"run {run + 1}: {json.dumps(last)}", flush=True)
        browser.close()
    for server in servers:
        server.shutdown()
    medians = {n: {k: round(statistics.median(v)) for k, v in t.items()} for n, t in times.items()}
    out: dict[str, Any] = {"runs": args.runs, "medians_ms": medians}
    # The floor moves by seconds between runs on a busy machine: the median of each run's
    # own difference (same run, same load) is the steadier figure.
    for name in [n for n in variants if n != "floor"]:
        out[f"{name}_minus_floor_ms"] = {k: medians[name][k] - medians["floor"][k] for k in kinds}
        out[f"{name}_minus_floor_paired_ms"] = {
            k: round(
                statistics.median(
                    v - f for v, f in zip(times[name][k], times["floor"][k], strict=True)
                )
            )
            for k in kinds
        }
    out["assets_bytes"] = sum(p.stat().st_size for p in build.ASSETS.rglob("*") if p.is_file())
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
