#!/usr/bin/env python3
"""The demo page in headless Chromium: page open to ``isReady``, and keystroke to context.

    .venv/bin/python bench/page_browser.py [--runs 3] [--entries 1000] [--queries 20] [--web DIR]

- Page open to ``isReady`` (the vector-context controller's user-profile store started,
  Pyodide and amplify_memory booted in the Web Worker first): ``performance`` marks of the
  page, from navigation start. Cold: the first load in a new browser context; warm: a
  reload of that page (the server sends ``Cache-Control: no-store``, so "warm" only means a
  warm browser process and OS file cache, not an HTTP cache).
- Keystroke to context: with ``--entries`` user-profile memories and as many project
  memories indexed, a query is typed into the message box (one key every 50 ms); measured
  are the lookup itself (start to answer, after the 300 ms debounce) and the last keystroke
  to the context shown (debounce included).
Prints JSON with medians and p95s (ms).
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path
from typing import Any

from _browser import BOOT_TIMEOUT_MS, booted_browser, build

QUERIES = [
    "typescript react", "oauth login cookies", "postgres migrations", "tabs or spaces",
    "docker deploy", "graphql cache", "rust service", "tests with pytest", "dark mode",
    "redis sessions", "stripe payments", "vite build",
]  # fmt: skip

FILL = """
async (n) => {
  const memory = await window.amplify.memory;
  const words = ['react', 'vue', 'typescript', 'tabs', 'spaces', 'postgres', 'oauth', 'jwt',
                 'docker', 'rust', 'python', 'deploy', 'cache', 'tests', 'lint', 'graphql',
                 'redis', 'stripe', 'vite', 'cookies', 'migrations', 'login', 'payments'];
  const w = (i, k) => words[(i * 7 + k * 13 + (i >> 3)) % words.length];
  const user = [], project = [];
  for (let i = 0; i < n; i++) {
    user.push({ content: `User works with ${w(i, 1)} and ${w(i, 2)} on ${w(i, 3)} (${i})`,
                category: 'tech_stack' });
    project.push({ content: `The ${w(i, 4)} module uses ${w(i, 5)} for ${w(i, 6)} (${i})`,
                   type: 'pattern' });
  }
  const exp = (store, entries, extra) =>
    ({ format: 'amplify-memory-export', version: 1, store, entries, ...extra });
  await memory.storage.import(exp('userProfile', user));
  await memory.storage.import(exp('project', project, { projectId: 'bench' }));
  await memory.projects.assignChat('bench-chat', 'bench');
  await memory.flush();
  localStorage.setItem('amplify-demo/chats', JSON.stringify(
    [{ id: 'bench-chat', title: 'Bench', messages: [], projectId: 'bench' }]));
  localStorage.setItem('amplify-demo/current-chat', 'bench-chat');
}
"""


def marks(page: Any) -> dict[str, float]:
    page.wait_for_function(
        "performance.getEntriesByName('amplify:isReady').length > 0", timeout=BOOT_TIMEOUT_MS
    )
    return {
        name: round(page.evaluate(f"performance.getEntriesByName('amplify:{name}')[0].startTime"))
        for name in ("booted", "isReady")
    }


def summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return {"median": round(statistics.median(ordered), 1), "p95": round(p95, 1)}


def type_and_measure(page: Any, query: str) -> tuple[float, float]:
    before = page.evaluate(
        "async () => { window.__app = await window.amplify.app;"
        " return window.__app.controller.getState().lookups; }"
    )
    page.fill("#message", "")
    page.evaluate(
        "() => { window.__lastKey = 0; const m = document.getElementById('message');"
        " m.oninput = () => { window.__lastKey = performance.now(); }; }"
    )
    page.locator("#message").press_sequentially(query, delay=50)
    page.wait_for_function(
        "(n) => { const s = window.__app.controller.getState();"
        " return s.lookups > n && s.lastLookup.finishedAt !== null; }",
        arg=before,
    )
    look = page.evaluate(
        "() => ({ ...window.__app.controller.getState().lastLookup, lastKey: window.__lastKey })"
    )
    return look["finishedAt"] - look["startedAt"], look["finishedAt"] - look["lastKey"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--queries", type=int, default=20)
    parser.add_argument(
        "--web", type=Path, default=None, help="serve this web/ folder (an older build's)"
    )
    args = parser.parse_args()
    cold: list[dict[str, float]] = []
    warm: list[dict[str, float]] = []
    lookup: list[float] = []
    key_to_context: list[float] = []
    with booted_browser(args.web or build.WEB) as (browser, url):
        for _ in range(args.runs):
            context = browser.new_context()
            page = context.new_page()
            page.goto(url)
            cold.append(marks(page))
            page.reload()
            warm.append(marks(page))
            context.close()
        context = browser.new_context()
        page = context.new_page()
        page.goto(url)
        marks(page)
        page.evaluate(FILL, args.entries)
        page.reload()
        ready_filled = marks(page)
        for i in range(args.queries):
            ms, total = type_and_measure(page, QUERIES[i % len(QUERIES)])
            lookup.append(ms)
            key_to_context.append(total)
        context.close()
    report = {
        "runs": args.runs,
        "pageOpenToIsReadyMs": {
            "cold": summary([m["isReady"] for m in cold]),
            "warm": summary([m["isReady"] for m in warm]),
            "coldBooted": summary([m["booted"] for m in cold]),
            f"warmWith{args.entries}PlusEntries": ready_filled,
        },
        "entries": {"userProfile": args.entries, "project": args.entries},
        "queries": args.queries,
        "lookupAfterDebounceMs": summary(lookup),
        "lastKeystrokeToContextMs": summary(key_to_context),
    }
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
