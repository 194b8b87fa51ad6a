#!/usr/bin/env python3
"""Agent-memory benchmark: add and search latency of the vector-store adapters.

    python3 bench/agent_memory.py [--sizes 1000,10000] [--queries 50] [--json out.json]

Four set-ups, each at every size: the local adapter in headless Chromium (Pyodide, on
IndexedDB), the Chroma adapter from Chromium (the browser's fetch) and from CPython
(urllib), against a real Chroma server started for the run (``tests/chroma_server.py``),
and the local adapter on CPython for reference. Vectors are 256-dimensional unit vectors
from a fixed seed; each set-up adds N of them in batches of 500 (``add_vectors``), then
times 50 single ``add_vector`` calls and ``--queries`` searches for the 10 nearest.
Needs ``.venv`` (``python3 build.py test`` makes it) for Playwright.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "py_src"))

import build  # noqa: E402
from tests.chroma_server import running_chroma  # noqa: E402

# Runs unchanged in CPython and in Pyodide (sent to the page as text).
BENCH_CODE = """
import random, statistics, time
from amplify_memory.agent import ChromaAdapter, EmbeddingSpec, LocalVectorAdapter, VectorRecord

DIM = 256

def unit_vectors(n, seed):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        v = [rng.gauss(0.0, 1.0) for _ in range(DIM)]
        s = sum(x * x for x in v) ** 0.5
        out.append([x / s for x in v])
    return out

def pct(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]

async def bench(adapter, n, queries, flush=None):
    spec_vectors = unit_vectors(n + 50, 1)
    records = [VectorRecord(f"m{i}", v, {"role": "user" if i % 2 else "assistant", "i": i},
                            f"message number {i}") for i, v in enumerate(spec_vectors[:n])]
    t = time.perf_counter()
    for start in range(0, n, 500):
        await adapter.add_vectors(records[start:start + 500])
    bulk = (time.perf_counter() - t) * 1000
    flush_ms = None
    if flush is not None:
        t = time.perf_counter()
        await flush()
        flush_ms = (time.perf_counter() - t) * 1000
    singles = []
    for i, v in enumerate(spec_vectors[n:]):
        t = time.perf_counter()
        await adapter.add_vector(f"s{i}", v, {"role": "user"}, "single")
        singles.append((time.perf_counter() - t) * 1000)
    searches = []
    for q in unit_vectors(queries, 2):
        t = time.perf_counter()
        hits = await adapter.search(q, 10)
        searches.append((time.perf_counter() - t) * 1000)
        assert len(hits) == 10
    return {
        "n": n,
        "bulk_add_ms": round(bulk, 1),
        "bulk_add_us_per_msg": round(bulk * 1000 / n, 1),
        "flush_ms": None if flush_ms is None else round(flush_ms, 1),
        "single_add_p50_ms": round(statistics.median(singles), 2),
        "search_p50_ms": round(statistics.median(searches), 2),
        "search_p95_ms": round(pct(searches, 0.95), 2),
    }

async def bench_local(storage, n, queries, coordinator=None):
    adapter = await LocalVectorAdapter.open(
        f"bench-{n}", EmbeddingSpec("bench", DIM), storage=storage, coordinator=coordinator)
    result = await bench(adapter, n, queries, flush=adapter.flush)
    await adapter.close()
    return result

async def bench_chroma(url, n, queries, tag):
    adapter = await ChromaAdapter.open(f"bench-{tag}-{n}", EmbeddingSpec("bench", DIM), url=url)
    try:
        return await bench(adapter, n, queries)
    finally:
        await adapter.drop()
"""


def run_cpython(chroma_url: str, sizes: list[int], queries: int) -> dict[str, list[Any]]:
    from amplify_memory.storage import MemoryStorage

    ns: dict[str, Any] = {}
    exec(BENCH_CODE, ns)
    out: dict[str, list[Any]] = {"chroma (CPython)": [], "local (CPython, memory storage)": []}
    for n in sizes:
        out["chroma (CPython)"].append(
            asyncio.run(ns["bench_chroma"](chroma_url, n, queries, "py"))
        )
        out["local (CPython, memory storage)"].append(
            asyncio.run(ns["bench_local"](MemoryStorage(), n, queries))
        )
    return out


def run_browser(chroma_url: str, sizes: list[int], queries: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    build.build()
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    out: dict[str, Any] = {"local (Chromium, IndexedDB)": [], "chroma (Chromium, fetch)": []}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=build.ensure_chromium(), args=list(build.CHROMIUM_ARGS)
            )
            try:
                page = browser.new_page()
                page.goto(url)
                page.wait_for_function(
                    "document.documentElement.dataset.ready === 'true'", timeout=120_000
                )
                out["chromium"] = browser.version
                page.evaluate("async (c) => { await window.amplify.runPython(c); }", BENCH_CODE)
                for n in sizes:
                    local = page.evaluate(
                        "async (c) => JSON.parse(await window.amplify.runPython(c))",
                        "import json\nfrom amplify_memory.browser import indexeddb_storage, "
                        "browser_coordinator\njson.dumps(await bench_local(indexeddb_storage(), "
                        f"{n}, {queries}, browser_coordinator()))",
                    )
                    out["local (Chromium, IndexedDB)"].append(local)
                    remote = page.evaluate(
                        "async (c) => JSON.parse(await window.amplify.runPython(c))",
                        f"import json\njson.dumps(await bench_chroma({chroma_url!r}, {n}, "
                        f"{queries}, 'web'))",
                    )
                    out["chroma (Chromium, fetch)"].append(remote)
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1000,10000")
    parser.add_argument("--queries", type=int, default=50)
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    with running_chroma() as chroma_url:
        report: dict[str, Any] = run_browser(chroma_url, sizes, args.queries)
        report.update(run_cpython(chroma_url, sizes, args.queries))
    print(f"Chromium {report.pop('chromium', '?')}, python {sys.version.split()[0]}, dim 256")
    header = "set-up                             N  bulk us/msg  flush ms  add p50  search p50  p95"
    print(header)
    for name, rows in report.items():
        for r in rows:
            flush = "-" if r["flush_ms"] is None else f"{r['flush_ms']:.0f}"
            print(
                f"{name:32} {r['n']:6} {r['bulk_add_us_per_msg']:11.1f} {flush:>9} "
                f"{r['single_add_p50_ms']:8.2f} {r['search_p50_ms']:11.2f} "
                f"{r['search_p95_ms']:6.2f}"
            )
    if args.json:
        Path(args.json).write_text(json.dumps(report, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
