"""Benchmark: persisted stores in IndexedDB, in headless Chromium (not a test).

    .venv/bin/python bench/persistence_browser.py [--runs 5] [--scifact PATH]

For stores of 1,000 and 10,000 generated memory entries and for the SciFact corpus (read
here and sent to the page; it is never copied into the repository), it measures in the
real page, through amplify_memory.browser:

- snapshot bytes: the UTF-8 size of the record written to IndexedDB;
- save ms: ``store.flush()`` of the whole store (snapshot, JSON, Web Lock, IndexedDB put
  with strict durability, committed);
- load-to-first-result ms: ``open_store()`` of the stored record into a new empty
  Database (Web Lock, IndexedDB get, JSON parse, ``Database.load``) plus its first
  ``search()``.

Medians of ``--runs`` runs. The server and Chromium flags are the tests' (build.py's
server, tests/browser/conftest.py's launch arguments). Results are printed and written to
bench/results/persistence_browser.json. Target: a 1,000-entry store loads and answers its
first query in <= 50 ms.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

from _browser import EVAL_DATA  # noqa: E402

SCIFACT = EVAL_DATA / "scifact" / "corpus.jsonl"
BOOT_TIMEOUT_MS = 90_000

SUBJECTS = [
    "TypeScript", "React", "Svelte", "PostgreSQL", "Redis", "Tailwind", "Vite", "pytest",
    "Docker", "Kubernetes", "GraphQL", "REST", "Rust", "Go", "Python", "IndexedDB",
    "WebSockets", "OAuth", "Stripe", "Playwright", "ESLint", "Prettier", "tabs", "spaces",
]  # fmt: skip
TEMPLATES = [
    "User prefers {a} over {b} for new projects",
    "Decided to use {a} with {b} for the {c} layer",
    "Error: {a} build fails when {b} is missing from the {c} config",
    "Fix: pin {a} and regenerate the {b} lock file before deploying {c}",
    "Pattern: wrap every {a} call in a retry with backoff, as done for {b}",
    "Requirement: the {a} screen must load in under 200 ms on {b}",
    "Constraint: no {a} in the {b} bundle; the {c} team forbids it",
    "Architecture: {a} talks to {b} through a queue, {c} reads the results",
]
CATEGORIES = ["preference", "decision", "error", "fix", "pattern", "requirement", "constraint"]
LAYERS = ["data", "api", "ui", "auth", "billing", "search", "sync", "build"]


def memory_entries(n: int, seed: int = 42) -> list[dict[str, Any]]:
    """``n`` deterministic memory-like entries (the seed store schema)."""
    rng = random.Random(seed)
    out = []
    for i in range(n):
        a, b = rng.sample(SUBJECTS, 2)
        content = rng.choice(TEMPLATES).format(a=a, b=b, c=rng.choice(LAYERS))
        out.append(
            {
                "id": f"m{i:06d}",
                "content": f"{content} (note {i})",
                "category": rng.choice(CATEGORIES),
                "createdAt": f"2025-{1 + i % 12:02d}-{1 + i % 28:02d}T10:00:00Z",
                "source": rng.choice(["user_message", "assistant", "tool"]),
                "confidence": round(rng.uniform(0.5, 1.0), 2),
            }
        )
    return out


MEMORY_SCHEMA = {
    "id": "string",
    "content": "string",
    "category": "string",
    "createdAt": "string",
    "source": "string",
    "confidence": "number",
}
SCIFACT_SCHEMA = {"id": "string", "title": "string", "content": "string"}


def scifact_entries(path: Path) -> list[dict[str, Any]]:
    docs = []
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            docs.append({"id": str(row["_id"]), "title": row["title"], "content": row["text"]})
    return docs


PAGE_CODE = """
import json, js
from amplify_memory.browser import open_store
from amplify_memory.search import Database
from amplify_memory.storage._records import encode_store

def _new_db():
    return Database(_schema)

async def _bench(name, runs, query):
    now = js.performance.now
    docs = json.loads(str(js.window.__benchDocs))
    js.window.__benchDocs = None
    store = await open_store(name, _new_db, delay=3600)
    t = now(); store.insert_multiple(docs); index_ms = now() - t
    saves, encodes = [], []
    for i in range(runs):
        store._dirty = store._need_base = True  # force a full rewrite of the same data
        t = now(); snapshot = store.db.save(); text = encode_store(snapshot, 0, "x", {})
        encodes.append(now() - t)
        t = now(); await store.flush(); saves.append(now() - t)
    size = len(text.encode())
    await store.close()
    loads, first_hits = [], None
    for i in range(runs):
        t = now()
        fresh = await open_store(name, _new_db, delay=3600)
        hits = fresh.search(query, limit=10).hits
        loads.append(now() - t)
        first_hits = len(hits)
        assert len(fresh) == len(docs), (len(fresh), len(docs))
        await fresh.close()
    return json.dumps({"docs": len(docs), "bytes": size, "index_ms": index_ms,
                       "save_ms": saves, "encode_ms": encodes, "load_first_result_ms": loads,
                       "hits": first_hits})
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--scifact", type=Path, default=SCIFACT)
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    build.build()
    chromium = build.chromium_path()
    if chromium is None:
        print("Chromium not found (set AMPLIFY_CHROMIUM)", file=sys.stderr)
        return 2
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"

    cases: list[tuple[str, dict[str, Any], list[dict[str, Any]], str]] = [
        ("memories_1000", MEMORY_SCHEMA, memory_entries(1_000), "typescript preference"),
        ("memories_10000", MEMORY_SCHEMA, memory_entries(10_000), "typescript preference"),
    ]
    if args.scifact.is_file():
        cases.append(("scifact", SCIFACT_SCHEMA, scifact_entries(args.scifact),
                      "vitamin D deficiency and bone density"))  # fmt: skip
    else:
        print(f"SciFact corpus not found at {args.scifact}; skipping it", file=sys.stderr)

    results: dict[str, Any] = {}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=list(build.CHROMIUM_ARGS))
        for name, schema, docs, query in cases:
            context = browser.new_context()  # an empty IndexedDB for each case
            page = context.new_page()
            page.goto(url)
            page.wait_for_function(
                "document.documentElement.dataset.ready === 'true'", timeout=BOOT_TIMEOUT_MS
            )
            page.evaluate("(text) => { window.__benchDocs = text; }", json.dumps(docs))
            page.evaluate(
                "(code) => window.amplify.runPython(code)",
                PAGE_CODE + f"\n_schema = {schema!r}\n",
            )
            raw = page.evaluate(
                "(code) => window.amplify.runPython(code)",
                f"await _bench({name!r}, {args.runs}, {query!r})",
            )
            data = json.loads(raw)
            summary = {
                "docs": data["docs"],
                "snapshot_bytes": data["bytes"],
                "index_ms": round(data["index_ms"], 1),
                "encode_ms_median": round(statistics.median(data["encode_ms"]), 1),
                "save_ms_median": round(statistics.median(data["save_ms"]), 1),
                "load_first_result_ms_median": round(
                    statistics.median(data["load_first_result_ms"]), 1
                ),
                "first_query_hits": data["hits"],
                "runs": {k: [round(v, 1) for v in data[k]]
                         for k in ("save_ms", "encode_ms", "load_first_result_ms")},
            }  # fmt: skip
            results[name] = summary
            print(
                f"{name:15} docs={summary['docs']:6} bytes={summary['snapshot_bytes']:>10,} "
                f"save={summary['save_ms_median']:8.1f} ms "
                f"load+first query={summary['load_first_result_ms_median']:8.1f} ms "
                f"(index {summary['index_ms']:.0f} ms)",
                flush=True,
            )
            context.close()
        results["chromium"] = browser.version
        browser.close()
    server.shutdown()
    out = ROOT / "bench" / "results"
    out.mkdir(parents=True, exist_ok=True)
    (out / "persistence_browser.json").write_text(json.dumps(results, indent=1) + "\n")
    target = results["memories_1000"]["load_first_result_ms_median"]
    verdict = "meets" if target <= 50 else "misses"
    print(f"1,000-entry store: load + first query {target} ms, {verdict} the 50 ms target")
    return 0


if __name__ == "__main__":
    sys.exit(main())
