#!/usr/bin/env python3
"""How the write and query paths grow with the store, on CPython.

    PYTHONPATH=py_src python bench/scale_cpython.py [--sizes 1000 5000] [--search 30000]

Two parts (medians; run an older checkout's copy of this file beside it for a baseline):

- a project-context store (BM25 only, no embeddings), filled one ``add`` at a time to
  each size, then 30 more adds and 30 prompt blocks of 3 words: a write whose cost
  grows with the store shows here (the duplicate check once read every document);
- a bare :class:`~amplify_memory.search.Database` of ``bench/speed_cpython.py``'s
  generated memories, 200 generated queries with ``limit=10``, as written and with
  "User " before each (the shape of a user fact's duplicate check: a word in every
  entry), p50 and p95.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time

from amplify_memory.memory import ProjectContextVectorStore
from amplify_memory.search import Database
from speed_cpython import generate_memories, generate_queries

WORDS = tuple(
    " ".join(
        [
            "login session token database postgres prisma react vite cache queue worker retry",
            "timeout schema migration index query user account email password reset oauth",
            "google github deploy docker kubernetes helm terraform aws lambda bucket upload",
            "image resize thumbnail payment stripe webhook invoice refund error crash null",
            "pointer undefined fix patch test unit integration playwright pipeline lint",
            "format prettier eslint typescript",
        ]
    ).split()
)
TYPES = ("decision", "requirement", "error", "fix", "pattern", "constraint", "architecture")


def _ms(started: float) -> float:
    return (time.perf_counter() - started) * 1000.0


async def project_store(sizes: list[int]) -> None:
    rng = random.Random(1)
    store = ProjectContextVectorStore(semantic=False)
    added = 0

    def text() -> str:
        return " ".join(rng.choices(WORDS, k=12)) + f" #{added}"

    print("| entries | project add median ms | prompt block median ms |")
    print("|---|---|---|")
    for n in sizes:
        while added < n:
            await store.add("p1", text(), rng.choice(TYPES))
            added += 1
        adds, blocks = [], []
        for _ in range(30):
            started = time.perf_counter()
            await store.add("p1", text(), rng.choice(TYPES))
            adds.append(_ms(started))
            added += 1
        for _ in range(30):
            query = " ".join(rng.choices(WORDS, k=3))
            started = time.perf_counter()
            await store.format_context_for_prompt("p1", query)
            blocks.append(_ms(started))
        print(f"| {n:,} | {statistics.median(adds):.2f} | {statistics.median(blocks):.2f} |")


def search(sizes: list[int]) -> None:
    queries = generate_queries(200)
    print("\n| entries | query | p50 ms | p95 ms |")
    print("|---|---|---|---|")
    for n in sizes:
        db = Database({"id": "string", "content": "string"})
        db.insert_multiple(
            [{"id": str(i), "content": m["content"]} for i, m in enumerate(generate_memories(n))]
        )
        for label, prefix in (("as written", ""), ('"User " + query', "User ")):
            times = []
            for q in queries:
                started = time.perf_counter()
                db.search(term=prefix + q, limit=10)
                times.append(_ms(started))
            times.sort()
            p95 = times[int(len(times) * 0.95)]
            print(f"| {n:,} | {label} | {statistics.median(times):.2f} | {p95:.2f} |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="*", default=[1000, 5000, 10000])
    parser.add_argument("--search", type=int, nargs="*", default=[30000, 100000])
    args = parser.parse_args()
    if args.sizes:
        asyncio.run(project_store(args.sizes))
    if args.search:
        search(args.search)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
