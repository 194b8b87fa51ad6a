#!/usr/bin/env python3
"""Vector scoring in headless Chromium (Pyodide): the JavaScript kernel against pure Python.

    .venv/bin/python bench/vector_kernel_browser.py [--sizes 1000 10000] [--queries 30]

One database per size with N documents of 128-dimensional vectors (the memory stores'
size), in the demo page; the same queries run alternately with the kernel that
web/js/runtime.mjs installs (web/js/kernels.mjs) and with pure Python
(``math.sumprod`` per vector), side by side, so machine load touches both alike. Prints
the median ms per query of ``mode="vector"`` and ``mode="hybrid"`` searches, and the ratio.
"""

from __future__ import annotations

import argparse
import json

from _browser import booted_browser, new_booted_page, page_python

PAGE_CODE = r"""
import json, random, statistics, time
from amplify_memory.search import Database
from amplify_memory.search._vector import set_vector_kernel, vector_kernel

def bench(n, queries):
    kernel = vector_kernel()
    assert kernel is not None, "the page installed no vector kernel"
    rng = random.Random(n)
    words = ["alpha", "beta", "gamma", "delta", "tabs", "react", "python", "docker"]
    db = Database({"id": "string", "body": "string", "v": "vector[128]"})
    db.insert_multiple([
        {"body": " ".join(rng.sample(words, 3)),
         "v": [round(rng.gauss(0, 1), 4) for _ in range(128)]}
        for _ in range(n)
    ])
    times = {(mode, k): [] for mode in ("vector", "hybrid") for k in ("kernel", "python")}
    for _ in range(queries):
        q = [rng.gauss(0, 1) for _ in range(128)]
        for mode in ("vector", "hybrid"):
            for name, use in (("kernel", kernel), ("python", None)):
                set_vector_kernel(use)
                t = time.perf_counter()
                db.search(term="tabs react", mode=mode, vector={"value": q}, similarity=0.0,
                          limit=10)
                times[(mode, name)].append((time.perf_counter() - t) * 1000)
    set_vector_kernel(kernel)
    return json.dumps({f"{m}/{k}": statistics.median(v) for (m, k), v in times.items()})
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10000])
    parser.add_argument("--queries", type=int, default=30)
    args = parser.parse_args()
    rows = []
    with booted_browser() as (browser, url):
        page = new_booted_page(browser, url)
        page_python(page, PAGE_CODE + "\n''")
        for n in args.sizes:
            rows.append((n, json.loads(page_python(page, f"bench({n}, {args.queries})"))))
        version = browser.version
    print(f"\nChromium {version}, 128 dimensions, {args.queries} queries; median ms per query\n")
    print("| documents | mode | JavaScript kernel | pure Python | ratio |\n|---|---|---|---|---|")
    for n, data in rows:
        for mode in ("vector", "hybrid"):
            fast, slow = data[f"{mode}/kernel"], data[f"{mode}/python"]
            print(f"| {n:,} | {mode} | {fast:.2f} | {slow:.2f} | {slow / fast:.1f}x |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
