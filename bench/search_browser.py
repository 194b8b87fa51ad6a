#!/usr/bin/env python3
"""Search benchmark in headless Chromium: amplify_memory (in Pyodide) and Orama 3.1.18
side by side, in the same page, on the public collections in ../shared/eval-data.

    python3 bench/search_browser.py [--collection scifact] [--runs 3] [--json out.json]

Prints index time, query p50/p95 over all queries, snapshot size against the corpus's
JSON size, save time, load-to-first-result time and nDCG@10, each the median over the
runs (one fresh page per run), and the ratios Orama / amplify_memory. Needs `.venv`
(``python3 build.py test`` makes it) for Playwright; installs Orama into
bench/node_modules with ``npm ci``. The data is read from the eval-data folder at run
time and never copied into the repository.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import build  # noqa: E402

from relevance import load_collection, ndcg_at_k  # noqa: E402

BENCH = ROOT / "bench"
DEFAULT_DATA = Path(os.environ.get("AMPLIFY_EVAL_DATA", ROOT.parent / "shared" / "eval-data"))
ENGINES = {
    "amplify_memory": ("amplify", {}),
    "orama (defaults)": ("orama", {"stop": False}),
    "orama (+ stop words)": ("orama", {"stop": True}),
}
METRICS = ("indexMs", "queryP50Ms", "queryP95Ms", "snapshotBytes", "saveMs", "loadToFirstMs")


def mean_ndcg_at_10(rankings: dict[str, list[str]], qrels: dict[str, dict[str, int]]) -> float:
    """Mean nDCG@10 over the judged queries (:func:`relevance.ndcg_at_k`)."""
    return sum(ndcg_at_k(rankings.get(q, []), rel) for q, rel in qrels.items()) / len(qrels)


def ensure_orama() -> None:
    if not (BENCH / "node_modules" / "@orama" / "orama" / "package.json").is_file():
        npm = build.ensure_npm()
        subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=BENCH, check=True)


def serve_root(data: Path) -> tuple[Any, str, tempfile.TemporaryDirectory[str]]:
    """Serve web/, bench/ and the eval data side by side from one loopback origin."""
    tmp = tempfile.TemporaryDirectory()
    for name, target in {"web": build.WEB, "bench": BENCH, "data": data}.items():
        (Path(tmp.name) / name).symlink_to(target)
    server = build.make_server(0, Path(tmp.name))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/", tmp


def run(collection: str, runs: int, data: Path, engines: list[str]) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    build.build()
    ensure_orama()
    _, _, qrels = load_collection(data / collection)
    server, url, tmp = serve_root(data)
    results: dict[str, list[dict[str, Any]]] = {name: [] for name in engines}
    info: dict[str, Any] = {}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=build.ensure_chromium(), args=list(build.CHROMIUM_ARGS)
            )
            for r in range(runs):
                page = browser.new_page()
                page.goto(url + "bench/search_page.html")
                page.wait_for_function("window.benchReady === true")
                info["boot"] = page.evaluate("bench.boot()")
                info["collection"] = page.evaluate("(n) => bench.loadCollection(n)", collection)
                for name in engines:
                    method, options = ENGINES[name]
                    out = page.evaluate(f"(o) => bench.{method}(o)", options)
                    out["ndcg10"] = mean_ndcg_at_10(out.pop("rankings"), qrels)
                    results[name].append(out)
                    print(
                        f"  run {r + 1}/{runs} {name}: index {out['indexMs']:.0f} ms, "
                        f"p50 {out['queryP50Ms']:.2f} ms, nDCG@10 {out['ndcg10']:.3f}",
                        flush=True,
                    )
                page.close()
            info["chromium"] = browser.version
            browser.close()
    finally:
        server.shutdown()
        tmp.cleanup()
    medians = {
        name: {k: statistics.median(o[k] for o in outs) for k in (*METRICS, "ndcg10")}
        for name, outs in results.items()
    }
    return {"collection": collection, "runs": runs, "info": info, "medians": medians}


def print_table(report: dict[str, Any]) -> None:
    corpus = report["info"]["collection"]["corpusJsonBytes"]
    med = report["medians"]
    ours = med.get("amplify_memory")
    print(
        f"\n{report['collection']}: {report['info']['collection']['docs']} docs, "
        f"{report['info']['collection']['queries']} queries, corpus JSON {corpus / 1e6:.2f} MB; "
        f"Chromium {report['info'].get('chromium')}; median of {report['runs']} runs\n"
    )
    head = [
        "engine",
        "nDCG@10",
        "index ms",
        "query p50 ms",
        "query p95 ms",
        "snapshot MB",
        "snapshot / corpus",
        "save ms",
        "load+first query ms",
    ]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for name, m in med.items():
        print(
            f"| {name} | {m['ndcg10']:.3f} | {m['indexMs']:.0f} | {m['queryP50Ms']:.2f} | "
            f"{m['queryP95Ms']:.2f} | {m['snapshotBytes'] / 1e6:.2f} | "
            f"{m['snapshotBytes'] / corpus:.2f}x | {m['saveMs']:.0f} | {m['loadToFirstMs']:.0f} |"
        )
    if ours is None:
        return
    print("\nratios, Orama / amplify_memory (above 1: amplify_memory is better):")
    for name, m in med.items():
        if name == "amplify_memory":
            continue
        parts = [f"{k} {m[k] / ours[k]:.2f}x" for k in METRICS if ours[k]]
        parts.append(f"nDCG@10 {ours['ndcg10'] / m['ndcg10']:.2f}x (ours / theirs)")
        print(f"  {name}: " + ", ".join(parts))


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--collection", default="scifact", choices=["scifact", "cranfield"])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--engines", nargs="+", default=list(ENGINES), choices=list(ENGINES))
    parser.add_argument("--json", type=Path, help="also write the report here")
    args = parser.parse_args()
    report = run(args.collection, args.runs, args.data.resolve(), args.engines)
    print_table(report)
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
