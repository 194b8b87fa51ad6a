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

Each run opens every variant in a fresh browser context (an empty HTTP cache: cold), then
again in that context (second visit: what the server's cache headers let the browser
keep). The variants alternate within a run, each run starting with the next one, so that
the machine's noise hits them alike.
Prints JSON with the medians (ms) and the differences to the floor.
"""

from __future__ import annotations

import argparse
import json
import statistics
import threading
from pathlib import Path
from typing import Any

from _browser import BOOT_TIMEOUT_MS, build

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


def serve(folder: Path) -> tuple[Any, str]:
    server = build.make_server(0, folder)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def open_once(context: Any, url: str, mark: str) -> float:
    page = context.new_page()
    page.route("**/__floor.html", lambda r: r.fulfill(body=FLOOR_HTML, content_type="text/html"))
    page.route(
        "**/__floor-worker.mjs",
        lambda r: r.fulfill(body=FLOOR_WORKER, content_type="text/javascript"),
    )
    page.goto(url)
    page.wait_for_function(
        f"performance.getEntriesByName('{mark}').length > 0", timeout=BOOT_TIMEOUT_MS
    )
    ms = float(page.evaluate(f"performance.getEntriesByName('{mark}')[0].startTime"))
    # Our page stores a memory snapshot for the next visit from a second worker, a few
    # seconds after start: the second visit is measured once it is there.
    page.evaluate("async () => { const m = await window.amplify?.memory; await m?.snapshotMade; }")
    page.close()
    return ms


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--base", type=Path, help="the web/ folder of an older build")
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
    times: dict[str, dict[str, list[float]]] = {v: {"cold": [], "second": []} for v in variants}
    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=build.chromium_path(), args=list(build.CHROMIUM_ARGS)
        )
        names = list(variants)
        for run in range(args.runs):
            # Each run starts with another variant: none is always measured right after
            # the same one (a second visit's snapshot, the browser's caches).
            for name in names[run % len(names) :] + names[: run % len(names)]:
                url, mark = variants[name]
                context = browser.new_context()
                times[name]["cold"].append(open_once(context, url, mark))
                times[name]["second"].append(open_once(context, url, mark))
                context.close()
            last = {n: {k: round(v[-1]) for k, v in t.items()} for n, t in times.items()}
            print(f"run {run + 1}: {json.dumps(last)}", flush=True)
        browser.close()
    for server in servers:
        server.shutdown()
    medians = {n: {k: round(statistics.median(v)) for k, v in t.items()} for n, t in times.items()}
    out: dict[str, Any] = {"runs": args.runs, "medians_ms": medians}
    out["ours_minus_floor_ms"] = {
        k: medians["ours"][k] - medians["floor"][k] for k in ("cold", "second")
    }
    # The floor moves by seconds between runs on a busy machine: the median of each run's
    # own difference (same run, same load) is the steadier figure.
    out["ours_minus_floor_paired_ms"] = {
        k: round(
            statistics.median(
                o - f for o, f in zip(times["ours"][k], times["floor"][k], strict=True)
            )
        )
        for k in ("cold", "second")
    }
    if "base" in medians:
        out["base_minus_floor_ms"] = {
            k: medians["base"][k] - medians["floor"][k] for k in ("cold", "second")
        }
        out["base_minus_floor_paired_ms"] = {
            k: round(
                statistics.median(
                    b - f for b, f in zip(times["base"][k], times["floor"][k], strict=True)
                )
            )
            for k in ("cold", "second")
        }
    out["assets_bytes"] = sum(p.stat().st_size for p in build.ASSETS.rglob("*") if p.is_file())
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
