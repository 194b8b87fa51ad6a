#!/usr/bin/env python3
"""Semantic memory in headless Chromium (Pyodide): what the static table costs the page.

    nice -n 5 .venv/bin/python bench/semantic_browser.py [--runs 7] [--entries 1000]
        [--queries 50] [--json bench/results/semantic_browser.json]

Measures:
- table load time (``default_provider()``: fetch from the page's origin + decode with
  the sha256 check), each run in a fresh page and browser context (empty HTTP cache);
  median, min and max of ``--runs``;
- embedding time per sentence in Pyodide: one 12-word sentence repeated (warm), and
  distinct sentences of 12 words drawn from the table's vocabulary (new tokens);
- page weight added: the table's bytes raw and gzipped (gzip -9);
- query latency on a user-profile store of ``--entries`` generated memories (in memory,
  no IndexedDB): ``search(q, limit=10)`` and ``format_context_for_prompt(q)``, hybrid
  (the default) against ``semantic=False`` (BM25 alone); median and p95 in ms.
Target (issue 8): table load <= 100 ms.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import time
from pathlib import Path
from typing import Any

from _browser import ROOT, SENTENCES_CODE, booted_browser, new_booted_page, page_python

TABLE = ROOT / "web" / "models" / "amplify-static-minilm-d128-v1.bin"

LOAD_CODE = """
import json
from amplify_memory.embeddings import default_provider, peek_default_provider
assert peek_default_provider() is None, "the table was loaded before it was needed"
provider = await default_provider()
json.dumps(provider.load_info)
"""

EMBED_CODE = r"""
import json, random, time
from amplify_memory.embeddings import default_provider
provider = await default_provider()
table = provider.table
SENTENCE = ("Remind me which database we picked for the analytics project last Tuesday")
def per_call_us(texts):
    t = time.perf_counter()
    for text in texts:
        provider.vector(text)
    return (time.perf_counter() - t) * 1e6 / len(texts)
provider.vector(SENTENCE)
warm = per_call_us([SENTENCE] * 2000)
words = [w for w in table.vocab[1996:] if w.isalpha() and w.isascii() and len(w) > 3]
rng = random.Random(8)
rng.shuffle(words)
distinct = [" ".join(words[i * 12:(i + 1) * 12]) for i in range(1000)]
first = per_call_us(distinct)       # new tokens: rows packed on first use
again = per_call_us(distinct)       # the same sentences again
json.dumps({"warm_us": warm, "distinct_us": first, "distinct_again_us": again,
            "distinct_sentences": len(distinct)})
"""

QUERY_CODE = (
    SENTENCES_CODE
    + r"""
import json, random, time, statistics
from amplify_memory.memory import UserProfileVectorStore
from amplify_memory.memory.kinds import USER_CATEGORIES
from amplify_memory.storage import MemoryStorage

QUERIES = ["which database does the user like", "frontend framework", "testing tools",
           "editor setup", "deployment and containers", "payments", "login", "styling css"]

def stats(values):
    values = sorted(values)
    return {"median_ms": statistics.median(values),
            "p95_ms": values[min(len(values) - 1, int(0.95 * len(values)))]}

async def run(n, calls):
    out = {}
    for semantic in (True, False):
        rng = random.Random(n)
        store = UserProfileVectorStore(storage=MemoryStorage(), name=f"bench_sem_{n}",
                                       semantic=semantic)
        await store.initialize()
        t = time.perf_counter()
        for i in range(n):
            await store.add(sentence(rng, i), rng.choice(USER_CATEGORIES))
        fill_ms = (time.perf_counter() - t) * 1000
        await store.search("warm up")
        search, prompt = [], []
        for i in range(calls):
            q = QUERIES[i % len(QUERIES)] if i % 2 else " ".join(rng.sample(SUBJECTS, 2))
            t = time.perf_counter(); await store.search(q, limit=10)
            search.append((time.perf_counter() - t) * 1000)
            t = time.perf_counter(); await store.format_context_for_prompt(q, 500)
            prompt.append((time.perf_counter() - t) * 1000)
        out["hybrid" if semantic else "bm25"] = {
            "entries": await store.count(), "fill_ms": fill_ms,
            "search": stats(search), "format_context_for_prompt": stats(prompt),
            "status": store.semantic_status}
        await store.close()
    return out

json.dumps(await run(N, CALLS))
"""
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--entries", type=int, default=1000)
    parser.add_argument("--queries", type=int, default=50)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args()

    with booted_browser() as (browser, url):
        data = TABLE.read_bytes()  # booted_browser built web/ (and the table)
        loads: list[dict[str, Any]] = []
        for _ in range(args.runs):
            page = new_booted_page(browser, url)
            loads.append(json.loads(page_python(page, LOAD_CODE)))
            page.context.close()
        page = new_booted_page(browser, url)
        embed = json.loads(page_python(page, EMBED_CODE))
        started = time.perf_counter()
        code = QUERY_CODE.replace("N, CALLS", f"{args.entries}, {args.queries}")
        queries = json.loads(page_python(page, code))
        query_s = time.perf_counter() - started
        version = page.evaluate("navigator.userAgent")
        page.context.close()

    def median(key: str) -> float:
        return float(statistics.median(load[key] for load in loads))

    gz = gzip.compress(data, compresslevel=9)
    results = {
        "chromium": version,
        "table": {"raw_bytes": len(data), "gzip9_bytes": len(gz)},
        "load": {
            "runs": len(loads),
            "load_ms_median": median("load_ms"),
            "load_ms_min": min(load["load_ms"] for load in loads),
            "load_ms_max": max(load["load_ms"] for load in loads),
            "fetch_ms_median": median("fetch_ms"),
            "decode_ms_median": median("decode_ms"),
            "all": loads,
        },
        "embedding": embed,
        "queries": queries,
        "query_bench_s": query_s,
    }
    print(f"Chromium: {version}")
    print(
        f"table: {len(data):,} bytes raw, {len(gz):,} gzip -9 "
        f"({len(data) / 2**20:.2f} / {len(gz) / 2**20:.2f} MiB)"
    )
    load = results["load"]
    print(
        f"table load ({load['runs']} fresh pages): median {load['load_ms_median']:.1f} ms "
        f"(fetch {load['fetch_ms_median']:.1f} + decode {load['decode_ms_median']:.1f}), "
        f"min {load['load_ms_min']:.1f}, max {load['load_ms_max']:.1f}"
    )
    print(
        f"embedding per 12-word sentence: warm {embed['warm_us']:.0f} us, distinct "
        f"{embed['distinct_us']:.0f} us (first time), {embed['distinct_again_us']:.0f} us again"
    )
    for mode in ("hybrid", "bm25"):
        q = queries[mode]
        print(
            f"{mode:6} {q['entries']} entries: search median {q['search']['median_ms']:.2f} ms "
            f"p95 {q['search']['p95_ms']:.2f}; format_context_for_prompt median "
            f"{q['format_context_for_prompt']['median_ms']:.2f} ms "
            f"p95 {q['format_context_for_prompt']['p95_ms']:.2f}; fill {q['fill_ms']:.0f} ms"
        )
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
