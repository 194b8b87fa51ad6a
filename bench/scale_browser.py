#!/usr/bin/env python3
"""One large project store in headless Chromium, through the demo's worker API.

    .venv/bin/python bench/scale_browser.py [--sizes 1000 10000 30000 100000]
        [--calls 30] [--json out.json]

For each size N, in a fresh browser context (IndexedDB starts empty), the page's
``window.amplify.memory`` (the worker-backed JS API, hybrid search by default):

- fills one project store with N generated entries through ``storage.import`` in chunks of
  5,000 (de-duplicated and embedded like any add): **add** entries per second;
- writes what the import left pending, then the whole store (a compaction, for a store
  kept as a base and a log) and reads back the IndexedDB records' size: **save ms** and
  **bytes per entry**;
- adds one entry and times its write: **one add's write** (5 times, median);
- calls ``projects.formatContext`` and ``projects.search`` ``--calls`` times with 2-4 word
  queries: **prompt block** and **search** p50 / p95 (ms, as the page sees them);
- reads the worker's WebAssembly memory size after the save (**heap sv**) and after
  the queries: **wasm heap** (MB; it never shrinks, and grows in steps of a fifth), and
  the resident memory of the tab's renderer process: **tab MB** (Linux);
- reloads the page and times boot-ready to the first prompt block of that project:
  **open to first block**, then counts the entries the reopened store holds (**reopened**)
  and reads that page's wasm heap and tab memory (**heap re**, **tab re**: a tab that
  opens the store, not the one that imported it);
- watches the page's main thread (PerformanceObserver ``longtask``): the **longest task**
  during the import and during the open to the first block (ms; 0: none over 50 ms).

A step that fails (a ``MemoryError``, a timeout) is reported as its error, and the size's
later steps are skipped. Side by side with an older commit: build it in a worktree and run
this file from there (see docs/search-engine.md, "Scale").
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

from _browser import booted_browser

PROJECT = "scale"
CHUNK = 5000
BOOT_TIMEOUT_MS = 120_000

#: Page JavaScript: N deterministic project entries, in chunks, through storage.import.
FILL = r"""
async ([n, chunk, project]) => {
  const memory = await window.amplify.memory;
  const subjects = ['TypeScript', 'React', 'Svelte', 'PostgreSQL', 'Redis', 'Tailwind', 'Vite',
    'pytest', 'Docker', 'Kubernetes', 'GraphQL', 'Rust', 'Go', 'Python', 'OAuth', 'Stripe',
    'Playwright', 'ESLint', 'IndexedDB', 'WebSockets', 'Prisma', 'Neon', 'Sidekiq', 'Kafka'];
  const templates = [
    ['decision', 'Decided to use {a} with {b} for the {c} layer'],
    ['error', 'Error: {a} build fails when {b} is missing from the {c} config'],
    ['fix', 'Fix: pin {a} and regenerate the {b} lock file before deploying {c}'],
    ['pattern', 'Pattern: wrap every {a} call in a retry with backoff, as done for {b}'],
    ['requirement', 'Requirement: the {a} screen must load in under 200 ms on {b}'],
    ['constraint', 'Constraint: no {a} in the {b} bundle; the {c} team forbids it'],
  ];
  const layers = ['data', 'api', 'ui', 'auth', 'billing', 'search', 'sync', 'build'];
  let seed = 7;
  const rnd = (k) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % k; };
  const started = performance.now();
  for (let start = 0; start < n; start += chunk) {
    const entries = [];
    for (let i = start; i < Math.min(n, start + chunk); i++) {
      const [type, t] = templates[rnd(templates.length)];
      const content = t.replace('{a}', subjects[rnd(subjects.length)])
        .replace('{b}', subjects[rnd(subjects.length)])
        .replace('{c}', layers[rnd(layers.length)]) + ` (note ${i})`;
      entries.push({ content, type });
    }
    const data = { format: 'amplify-memory-export', version: 1, store: 'project',
                   projectId: project, entries };
    await memory.storage.import(data, { projectId: project });
  }
  return performance.now() - started;
}
"""

#: Worker Python: the project's persisted store, flushed and measured.
STORE = f"""
import amplify_memory.api as _api
_coll = _api.default_api().projects._project({PROJECT!r})
_store = _coll._store
"""

SAVE = (
    STORE
    + """
import json, time
import pyodide_js
t = time.perf_counter()
await _store.flush()  # what the import left pending
flush_ms = (time.perf_counter() - t) * 1000
_store._need_base = _store._dirty = True  # a whole-store write (a compaction, if logged)
t = time.perf_counter()
await _store.flush()
save_ms = (time.perf_counter() - t) * 1000
size = 0
for name in await _store.storage.list_names():  # the record, and a log's head
    if name == _store.name or name.startswith(_store.name + ".") and (
        name.endswith(".head") or ".log-" in name
    ):
        # (its length read in JavaScript: loading a 37 MB base into Python to measure it
        # grew the wasm heap this benchmark reports; every record here is ASCII or bytes)
        size += (await _store.storage.peek(name, 0))[1]
json.dumps({"flush_ms": flush_ms, "save_ms": save_ms, "bytes": size, "entries": len(_store),
            "heap": pyodide_js._module.HEAP8.length})
"""
)

ONE_WRITE = (
    STORE
    + """
import json, time
times = []
for i in range(5):
    await _api.default_api().projects.add(
        PROJECT, f"Decided to keep audit log number {i} for a year", "decision")
    t = time.perf_counter()
    await _store.flush()
    times.append((time.perf_counter() - t) * 1000)
json.dumps(times)
""".replace("PROJECT", repr(PROJECT))
)

COUNT = (
    STORE
    + """
import json, pyodide_js
json.dumps({"entries": len(_store), "heap": pyodide_js._module.HEAP8.length})
"""
)

QUERIES = [
    "which database do we use",
    "retry backoff pattern",
    "build fails config",
    "OAuth screen load",
    "Redis Kafka layer",
    "deploying lock file",
]

TIMED_CALLS = r"""
async ([project, queries, calls]) => {
  const memory = await window.amplify.memory;
  const block = [], search = [];
  for (let i = 0; i < calls; i++) {
    const q = queries[i % queries.length];
    let t = performance.now();
    await memory.projects.formatContext(project, q, { maxTokens: 1000 });
    block.push(performance.now() - t);
    t = performance.now();
    await memory.projects.search(project, q, { limit: 10 });
    search.push(performance.now() - t);
  }
  return { block, search };
}
"""

#: The page's long tasks (over 50 ms on the main thread), as Chromium reports them.
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
}).observe({ type: 'longtask', buffered: true });
"""
LONGEST_TASK = (
    "() => { const t = window.__longTasks.splice(0); return t.length ? Math.max(...t) : 0; }"
)

FIRST_BLOCK = r"""
async ([project, query]) => {
  const memory = await window.amplify.memory;
  const t = performance.now();
  await memory.projects.formatContext(project, query, { maxTokens: 1000 });
  return performance.now() - t;
}
"""


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


def boot(context: Any, url: str) -> tuple[Any, float]:
    page = context.new_page()
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_function(
        "document.documentElement.dataset.ready !== undefined", timeout=BOOT_TIMEOUT_MS
    )
    if page.evaluate("document.documentElement.dataset.ready") != "true":
        raise RuntimeError(f"the page failed to boot: {page.locator('#error').text_content()}")
    return page, (time.perf_counter() - started) * 1000


def tab_memory_mb() -> float | None:
    """The resident memory of the largest Chromium renderer process (MB): the tab that
    holds the store (its worker and wasm heap live in the tab's process). Linux only
    (``/proc``); None elsewhere. The benchmark runs one page at a time."""
    proc = Path("/proc")
    if not proc.is_dir():
        return None
    largest = 0
    for entry in proc.iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            if b"--type=renderer" not in cmdline:
                continue
            for line in (entry / "status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    largest = max(largest, int(line.split()[1]))
        except OSError:  # (a process that ended meanwhile)
            continue
    return largest / 1024 if largest else None


def worker_python(page: Any, code: str) -> Any:
    run = "async (c) => (await window.amplify.memory).runPython(c)"
    return json.loads(page.evaluate(run, code))


def measure(browser: Any, url: str, n: int, calls: int) -> dict[str, Any]:
    out: dict[str, Any] = {"entries": n}
    context = browser.new_context()
    context.add_init_script(LONG_TASKS)
    try:
        page, _ = boot(context, url)
        step = "fill"
        try:
            page.evaluate(LONGEST_TASK)  # (the boot's own are not counted)
            fill_ms = page.evaluate(FILL, [n, CHUNK, PROJECT])
            out["add_per_s"] = n / (fill_ms / 1000)
            out["longest_task_fill_ms"] = page.evaluate(LONGEST_TASK)
            step = "save"
            saved = worker_python(page, SAVE)
            out["save_ms"] = saved["save_ms"]
            out["flush_ms"] = saved["flush_ms"]
            out["bytes_per_entry"] = saved["bytes"] / max(1, saved["entries"])
            out["record_mb"] = saved["bytes"] / 1e6
            out["stored"] = saved["entries"]
            out["wasm_heap_saved_mb"] = saved["heap"] / 1e6
            step = "one add's write"
            out["one_write_ms"] = statistics.median(worker_python(page, ONE_WRITE))
            step = "queries"
            timed = page.evaluate(TIMED_CALLS, [PROJECT, QUERIES, calls])
            for key in ("block", "search"):
                out[f"{key}_p50"] = statistics.median(timed[key])
                out[f"{key}_p95"] = pct(timed[key], 95)
            out["wasm_heap_mb"] = worker_python(page, COUNT)["heap"] / 1e6
            if (tab := tab_memory_mb()) is not None:
                out["tab_mb"] = tab
            step = "reopen"
            page.close()
            page, boot_ms = boot(context, url)
            out["boot_ms"] = boot_ms
            page.evaluate(LONGEST_TASK)
            out["open_to_first_block_ms"] = page.evaluate(FIRST_BLOCK, [PROJECT, QUERIES[0]])
            out["longest_task_open_ms"] = page.evaluate(LONGEST_TASK)
            reopened = worker_python(page, COUNT)
            out["reopened"] = reopened["entries"]
            out["wasm_heap_after_reopen_mb"] = reopened["heap"] / 1e6
            if (tab := tab_memory_mb()) is not None:
                out["tab_after_reopen_mb"] = tab
        except Exception as err:  # a size that breaks the store is a result, not a crash
            out["error"] = f"{step}: {type(err).__name__}: {str(err)[:300]}"
    finally:
        context.close()
    return out


COLUMNS = [
    ("entries", "{:>8}"),
    ("add_per_s", "{:>8.0f}"),
    ("bytes_per_entry", "{:>8.0f}"),
    ("save_ms", "{:>8.0f}"),
    ("one_write_ms", "{:>8.0f}"),
    ("open_to_first_block_ms", "{:>8.0f}"),
    ("block_p50", "{:>8.1f}"),
    ("block_p95", "{:>8.1f}"),
    ("search_p50", "{:>8.1f}"),
    ("search_p95", "{:>8.1f}"),
    ("wasm_heap_saved_mb", "{:>8.0f}"),
    ("wasm_heap_mb", "{:>8.0f}"),
    ("wasm_heap_after_reopen_mb", "{:>8.0f}"),
    ("tab_mb", "{:>8.0f}"),
    ("tab_after_reopen_mb", "{:>8.0f}"),
    ("reopened", "{:>8}"),
    ("longest_task_fill_ms", "{:>8.0f}"),
    ("longest_task_open_ms", "{:>8.0f}"),
]
HEADERS = ["entries", "add/s", "B/entry", "save", "1 write", "open", "blk p50", "blk p95",
           "srch p50", "srch p95", "heap sv", "heap MB", "heap re", "tab MB", "tab re",
           "reopened", "long fill", "long open"]  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000, 30000, 100000])
    parser.add_argument("--calls", type=int, default=30)
    parser.add_argument("--json", type=Path, default=None)
    parser.add_argument(
        "--web", type=Path, default=None, help="serve this built web/ (e.g. an older commit's)"
    )
    args = parser.parse_args()
    rows = []
    print(" ".join(f"{h:>8}" for h in HEADERS), flush=True)
    with booted_browser(*([args.web] if args.web else [])) as (browser, url):
        for n in args.sizes:
            row = measure(browser, url, n, args.calls)
            rows.append(row)
            cells = [fmt.format(row[key]) if key in row else f"{'-':>8}" for key, fmt in COLUMNS]
            print(" ".join(cells), flush=True)
            if "error" in row:
                print(f"         {row['error']}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
