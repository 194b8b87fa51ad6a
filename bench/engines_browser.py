#!/usr/bin/env python3
"""Per engine (Chromium, Firefox ESR, WebKitGTK): open to ``isReady`` beside that engine's
bare-Pyodide floor, and the prompt blocks' latency at 1,000 entries.

    .venv/bin/python bench/engines_browser.py [--runs 3] [--engine firefox] [--entries 1000]

Driven through tests/engines/drivers.py (the cross-engine tier's drivers), so each engine
is the one the tests use: Debian's chromium (Playwright), firefox-esr (WebDriver BiDi) and
WebKitGTK's MiniBrowser (WebKitWebDriver, under Xvfb).

- **floor**: a page whose module worker does only ``loadPyodide`` from the same assets
  (the same Pyodide and lock file) and posts back; page open to that answer.
- **cold**: the demo page on a new origin (empty HTTP cache and storage), open to the
  vector-context controller's ``isReady`` (``performance.mark('amplify:isReady')``).
- **second**: a second visit to that origin once the page has stored its memory snapshot
  (``memory.snapshotMade``); ``snapshot`` says whether it was restored.
- **prompt blocks**: with ``--entries`` user-profile and as many project memories
  (imported), ``userProfile.formatContext`` and ``projects.formatContext`` for 20 queries,
  timed on the page (the worker round trip included): median and p95.

Every run starts new origins; the variants alternate within a run so that the machine's
noise hits them alike. Prints JSON (medians in ms).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import statistics
import sys
import threading
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from tests.engines.drivers import ENGINES, Engine, Tab, launched, missing  # noqa: E402

from boot_browser import FLOOR_HTML, FLOOR_WORKER  # noqa: E402  (the same floor page)
from page_browser import QUERIES  # noqa: E402

TIMEOUT_S = 180.0

FILL = """
async (n) => {
  const memory = await window.amplify.memory;
  const words = ['react', 'vue', 'typescript', 'tabs', 'spaces', 'postgres', 'oauth', 'jwt',
                 'docker', 'rust', 'python', 'deploy', 'cache', 'tests', 'lint', 'graphql',
                 'redis', 'stripe', 'vite', 'cookies', 'migrations', 'login', 'payments'];
  const w = (i, k) => words[(i * 7 + k * 13 + (i >> 3)) % words.length];
  // made-up words and a number per entry: the profile merges near-duplicates, these
  // mostly stay apart (the count is reported)
  const code = (i) => {
    let s = '';
    for (let k = 0, x = i; k < 3; k++, x = Math.floor(x / 70)) {
      s += 'bdfgklmnprstvz'[(x % 70) % 14] + 'aeiou'[Math.floor((x % 70) / 14)];
    }
    return s;
  };
  const user = [], project = [];
  for (let i = 0; i < n; i++) {
    user.push({ content: `Codeword n${i} is ${code(i)} ${code(i + 9000)} for ${w(i, 1)}`,
                category: 'personal' });
    project.push({ content: `The ${w(i, 4)} module uses ${w(i, 5)} for ${w(i, 6)} (${i})`,
                   type: 'pattern' });
  }
  const exp = (store, entries, extra) =>
    ({ format: 'amplify-memory-export', version: 1, store, entries, ...extra });
  await memory.storage.import(exp('userProfile', user));
  await memory.storage.import(exp('project', project, { projectId: 'bench' }));
  await memory.flush();
  return [await memory.userProfile.count(), (await memory.projects.list('bench')).length];
}
"""

BLOCKS = """
async (queries) => {
  const memory = await window.amplify.memory;
  const user = [], project = [];
  for (const q of queries) {
    let t = performance.now();
    await memory.userProfile.formatContext(q);
    user.push(performance.now() - t);
    t = performance.now();
    await memory.projects.formatContext('bench', q);
    project.push(performance.now() - t);
  }
  return { user, project };
}
"""


class _Handler(build.Handler):
    def do_GET(self) -> None:
        pages = {"/__floor.html": (FLOOR_HTML, "text/html"),
                 "/__floor-worker.mjs": (FLOOR_WORKER, "text/javascript")}  # fmt: skip
        if self.path in pages:
            body, kind = pages[self.path]
            data = body.encode()
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            return
        super().do_GET()


@contextlib.contextmanager
def origin() -> Iterator[str]:
    server = build.Server(("127.0.0.1", 0), partial(_Handler, directory=str(build.WEB)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def open_to(engine: Engine, url: str, mark: str) -> tuple[Tab, float]:
    tab = engine.new_tab()
    tab.goto(url)
    ms = tab.wait_for(
        "(m) => { const e = performance.getEntriesByName(m)[0]; return e && e.startTime; }",
        mark,
        timeout_s=TIMEOUT_S,
    )
    return tab, float(ms)


def summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"median": round(statistics.median(ordered), 1), "p95": round(p95, 1)}


def measure(engine: Engine, runs: int, entries: int) -> dict[str, Any]:
    floor: list[float] = []
    cold: list[float] = []
    second: list[float] = []
    restored: list[str] = []
    for _ in range(runs):
        with origin() as url:
            tab, ms = open_to(engine, url + "__floor.html", "floor:ready")
            floor.append(ms)
            tab.close()
        with origin() as url:
            tab, ms = open_to(engine, url, "amplify:isReady")
            cold.append(ms)
            made = tab.call("async () => await (await window.amplify.memory).snapshotMade")
            again, ms = open_to(engine, url, "amplify:isReady")
            second.append(ms)
            restored.append(str(again.call("async () => (await window.amplify.memory).snapshot")))
            for t in (again, tab):
                t.close()
    with origin() as url:
        tab, _ = open_to(engine, url + "?snapshot=off", "amplify:isReady")
        counts = tab.call(FILL, entries)
        tab.call(BLOCKS, QUERIES[:4])  # warm-up
        times = tab.call(BLOCKS, (QUERIES * 2)[:20])
        tab.close()
    med = {k: statistics.median(v) for k, v in (("floor", floor), ("cold", cold),
                                                ("second", second))}  # fmt: skip
    return {
        "engine": engine.version(),
        "runs": runs,
        "openToReadyMs": {
            "floor": round(med["floor"]),
            "cold": round(med["cold"]),
            "second": round(med["second"]),
            "coldMinusFloor": round(med["cold"] - med["floor"]),
            "all": {
                "floor": [round(x) for x in floor],
                "cold": [round(x) for x in cold],
                "second": [round(x) for x in second],
            },
        },
        "secondVisitSnapshot": restored,
        "snapshotMade": made,
        "entries": {"userProfile": counts[0], "project": counts[1]},
        "promptBlockMs": {"user": summary(times["user"]), "project": summary(times["project"])},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--engine", action="append", help="default: all three")
    args = parser.parse_args()
    names = [n for item in (args.engine or list(ENGINES)) for n in item.split(",")]
    build.build()
    report: dict[str, Any] = {}
    for name in names:
        why = missing(name)
        if why:
            report[name] = {"error": why}
            continue
        if name == "chromium":
            from playwright.sync_api import sync_playwright

            with sync_playwright() as pw:
                browser = pw.chromium.launch(
                    executable_path=build.ensure_chromium(), args=list(build.CHROMIUM_ARGS)
                )
                with launched(name, browser) as engine:
                    report[name] = measure(engine, args.runs, args.entries)
                browser.close()
        else:
            with launched(name) as engine:
                report[name] = measure(engine, args.runs, args.entries)
        print(json.dumps({name: report[name]}), file=sys.stderr, flush=True)
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
