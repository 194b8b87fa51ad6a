#!/usr/bin/env python3
"""Memory-store latency in headless Chromium (Pyodide): add and format_context_for_prompt.

    .venv/bin/python bench/memory_browser.py [--sizes 1000 10000] [--calls 50] [--runs 3]

For a user-profile store and a project-context store pre-filled with N generated
memory-like entries (IndexedDB-backed, as in the demo), measures per call:
- ``add`` of a new entry (BM25 candidate search + de-duplication similarity + insert;
  the coalesced IndexedDB write happens in the background and is not in the figure);
- ``format_context_for_prompt`` for a query of 2 to 4 words (search, ordering, budget,
  accessCount updates).
Prints median and p95 in ms; with ``--runs R`` each size runs in R fresh pages and the
table gives the median of the R medians (and of the R p95s), with the range of the
medians: this machine's speed drifts by up to 2x between runs. Target: <= 10 ms per call
at 1,000 entries.
"""

from __future__ import annotations

import argparse
import json
import statistics

from _browser import SENTENCES_CODE, booted_browser, new_booted_page, page_python

PAGE_CODE = (
    SENTENCES_CODE
    + r"""
import json, random, time
from amplify_memory.memory import ProjectContextVectorStore, UserProfileVectorStore
from amplify_memory.memory.kinds import PROJECT_TYPES, USER_CATEGORIES

async def bench(n, calls, semantic):
    rng = random.Random(n)
    user = UserProfileVectorStore(name=f"bench_user_{n}", semantic=semantic)
    await user.initialize()
    project = ProjectContextVectorStore(semantic=semantic)
    for i in range(n):
        await user.add(sentence(rng, i), rng.choice(USER_CATEGORIES))
        await project.add(f"bench{n}", sentence(rng, i).replace("User", "The app"),
                          rng.choice(PROJECT_TYPES))
    await user.flush(); await project.flush()
    out = {"user_add": [], "user_format": [], "project_add": [], "project_format": []}
    for i in range(calls):
        q = " ".join(rng.sample(SUBJECTS, rng.randint(2, 4)))
        t = time.perf_counter(); await user.add(sentence(rng, n + i), "preference")
        out["user_add"].append((time.perf_counter() - t) * 1000)
        t = time.perf_counter(); await user.format_context_for_prompt(q, 500)
        out["user_format"].append((time.perf_counter() - t) * 1000)
        t = time.perf_counter()
        await project.add(f"bench{n}", sentence(rng, n + i), "decision")
        out["project_add"].append((time.perf_counter() - t) * 1000)
        t = time.perf_counter(); await project.format_context_for_prompt(f"bench{n}", q, 1000)
        out["project_format"].append((time.perf_counter() - t) * 1000)
    out["entries"] = await user.count()
    await user.close(); await project.close()
    return json.dumps(out)
"""
)


KEYS = ("user_add", "user_format", "project_add", "project_format")


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered)) - 1))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--calls", type=int, default=50)
    parser.add_argument("--runs", type=int, default=1, help="fresh pages per size")
    parser.add_argument(
        "--bm25-only", action="store_true", help="stores with semantic=False (no embeddings)"
    )
    args = parser.parse_args()
    rows = []
    with booted_browser() as (browser, url):
        for n in args.sizes:
            runs: dict[str, list[tuple[float, float]]] = {key: [] for key in KEYS}
            for _ in range(args.runs):
                page = new_booted_page(browser, url)
                page_python(page, PAGE_CODE + "\n''")
                code = f"await bench({n}, {args.calls}, {not args.bm25_only})"
                data = json.loads(page_python(page, code))
                for key in KEYS:
                    runs[key].append((statistics.median(data[key]), pct(data[key], 95)))
                page.context.close()
            for key in KEYS:
                medians = [m for m, _ in runs[key]]
                p95s = [p for _, p in runs[key]]
                rows.append((n, key, statistics.median(medians), statistics.median(p95s), medians))
        version = browser.version
    mode = "BM25 only" if args.bm25_only else "hybrid (BM25 + embeddings, the default)"
    print(
        f"\nChromium {version}, {mode}, {args.calls} calls each, {args.runs} run(s); ms per call\n"
    )
    print("| entries | operation | median ms | p95 ms | medians of the runs |")
    print("|---|---|---|---|---|")
    for n, key, med, p95, medians in rows:
        spread = ", ".join(f"{m:.1f}" for m in medians)
        print(f"| {n:,} | {key} | {med:.2f} | {p95:.2f} | {spread} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
