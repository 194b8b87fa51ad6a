#!/usr/bin/env python3
"""Hybrid pruning A/B in headless Chromium (Pyodide): prompt blocks with and without it.

    .venv/bin/python bench/hybrid_pruning_browser.py [--sizes 1000 10000] [--queries 40]

A user-profile and a project store of N generated entries (as bench/memory_browser.py)
in one page; each query's ``format_context_for_prompt`` runs with pruning on (the
default) and off (``HYBRID_POOL_MIN`` set past every store size, so the fusion scores
every vector match), alternating which goes first. Prints the median ms of each.
"""

from __future__ import annotations

import argparse
import json

from _browser import SENTENCES_CODE, booted_browser, new_booted_page, page_python

PAGE_CODE = (
    SENTENCES_CODE
    + r"""
import json, random, statistics, time
from amplify_memory.memory import ProjectContextVectorStore, UserProfileVectorStore
from amplify_memory.memory.kinds import PROJECT_TYPES, USER_CATEGORIES
from amplify_memory.search import _ranking

async def bench(n, queries):
    rng = random.Random(n)
    default = _ranking.HYBRID_POOL_MIN
    user = UserProfileVectorStore(name=f"pruning_{n}")
    await user.initialize()
    project = ProjectContextVectorStore()
    for i in range(n):
        await user.add(sentence(rng, i), rng.choice(USER_CATEGORIES))
        await project.add("p", sentence(rng, i), rng.choice(PROJECT_TYPES))
    await user.flush(); await project.flush()
    times = {k: [] for k in ("user/on", "user/off", "project/on", "project/off")}
    try:
        for i in range(queries):
            q = " ".join(rng.sample(SUBJECTS, rng.randint(2, 4)))
            for mode in (("on", "off") if i % 2 else ("off", "on")):
                _ranking.HYBRID_POOL_MIN = default if mode == "on" else 10**9
                t = time.perf_counter(); await user.format_context_for_prompt(q, 500)
                times["user/" + mode].append((time.perf_counter() - t) * 1000)
                t = time.perf_counter(); await project.format_context_for_prompt("p", q, 1000)
                times["project/" + mode].append((time.perf_counter() - t) * 1000)
    finally:
        _ranking.HYBRID_POOL_MIN = default
    await user.close(); await project.close()
    return json.dumps({k: statistics.median(v) for k, v in times.items()})
"""
)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--queries", type=int, default=40)
    args = parser.parse_args()
    rows = []
    with booted_browser() as (browser, url):
        for n in args.sizes:
            page = new_booted_page(browser, url)
            page_python(page, PAGE_CODE + "\n''")
            rows.append((n, json.loads(page_python(page, f"await bench({n}, {args.queries})"))))
            page.context.close()
        version = browser.version
    print(f"\nChromium {version}, {args.queries} queries; median ms per prompt block\n")
    print("| entries | store | pruning on | pruning off |\n|---|---|---|---|")
    for n, data in rows:
        for store in ("user", "project"):
            on, off = data[f"{store}/on"], data[f"{store}/off"]
            print(f"| {n:,} | {store} | {on:.2f} | {off:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
