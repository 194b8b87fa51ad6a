"""Ranking quality of amplify_memory.search on public IR test collections (nDCG@10).

Usage (from the repository root)::

    PYTHONPATH=py_src python bench/relevance.py [EVAL_DATA_DIR] [--datasets scifact,cranfield]

``EVAL_DATA_DIR`` (or the ``AMPLIFY_EVAL_DATA`` environment variable) holds one folder
per collection with ``corpus.jsonl``, ``queries.jsonl`` and ``qrels.tsv`` (BEIR
layout); the default is ``../shared/eval-data`` relative to the repository root. The
data is read in place and never copied into the repository.

The functions taking plain lists (:func:`evaluate`, :func:`ndcg_at_k`) do no file IO,
so a browser benchmark can reuse them on data it fetched itself.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT / "py_src") not in sys.path:
    sys.path.insert(0, str(REPO_ROOT / "py_src"))

from amplify_memory.search import Database  # noqa: E402

Corpus = list[dict[str, str]]  # {"_id", "title", "text"}
Queries = list[dict[str, str]]  # {"_id", "text"}
Qrels = dict[str, dict[str, int]]  # query id -> doc id -> grade


def default_data_dir() -> Path:
    """``$AMPLIFY_EVAL_DATA`` or ``../shared/eval-data`` next to the repository."""
    env = os.environ.get("AMPLIFY_EVAL_DATA")
    return Path(env) if env else (REPO_ROOT / ".." / "shared" / "eval-data").resolve()


def load_collection(folder: Path) -> tuple[Corpus, Queries, Qrels]:
    """Read a BEIR-style collection: corpus, the judged queries and their qrels."""
    with open(folder / "corpus.jsonl", encoding="utf-8") as fh:
        corpus = [json.loads(line) for line in fh if line.strip()]
    with open(folder / "queries.jsonl", encoding="utf-8") as fh:
        queries = [json.loads(line) for line in fh if line.strip()]
    qrels: Qrels = {}
    with open(folder / "qrels.tsv", encoding="utf-8") as fh:
        next(fh)  # header
        for line in fh:
            parts = line.rstrip("\n").split("\t")
            if len(parts) == 3:
                qrels.setdefault(parts[0], {})[parts[1]] = int(parts[2])
    judged = [q for q in queries if q["_id"] in qrels]
    return corpus, judged, qrels


def ndcg_at_k(ranked: Sequence[str], judgments: Mapping[str, int], k: int = 10) -> float:
    """nDCG@k as trec_eval computes it: gain = grade, discount log2(rank + 1)."""
    dcg = sum(
        judgments.get(doc, 0) / math.log2(rank + 2)
        for rank, doc in enumerate(ranked[:k])
        if judgments.get(doc, 0) > 0
    )
    ideal_grades = sorted((g for g in judgments.values() if g > 0), reverse=True)[:k]
    idcg = sum(g / math.log2(rank + 2) for rank, g in enumerate(ideal_grades))
    return dcg / idcg if idcg > 0 else 0.0


def build(corpus: Corpus, *, two_fields: bool = False, **settings: Any) -> Database:
    """Index the corpus: ``title + " " + text`` as ``content``, or two fields."""
    if two_fields:
        db = Database({"id": "string", "title": "string", "text": "string"}, **settings)
        db.insert_multiple({"id": d["_id"], "title": d["title"], "text": d["text"]} for d in corpus)
    else:
        db = Database({"id": "string", "content": "string"}, **settings)
        db.insert_multiple({"id": d["_id"], "content": f"{d['title']} {d['text']}"} for d in corpus)
    return db


def evaluate(
    corpus: Corpus,
    queries: Queries,
    qrels: Qrels,
    *,
    two_fields: bool = False,
    boost: Mapping[str, float] | None = None,
    k: int = 10,
    **settings: Any,
) -> dict[str, float]:
    """Mean nDCG@k of every judged query, plus build and query timings."""
    t0 = time.perf_counter()
    db = build(corpus, two_fields=two_fields, **settings)
    build_s = time.perf_counter() - t0
    scores: list[float] = []
    t1 = time.perf_counter()
    for q in queries:
        result = db.search(q["text"], limit=k, boost=boost)
        scores.append(ndcg_at_k(result.ids, qrels[q["_id"]], k))
    query_s = time.perf_counter() - t1
    return {
        f"ndcg@{k}": sum(scores) / len(scores) if scores else 0.0,
        "queries": float(len(scores)),
        "build_s": build_s,
        "query_ms_mean": query_s / max(len(scores), 1) * 1000.0,
    }


CONFIGS: list[tuple[str, dict[str, Any]]] = [
    ("one field, defaults (k1 1.2, b 0.75)", {}),
    ("one field, k1 1.5", {"k1": 1.5}),
    ("one field, no stop words", {"stop_words": False}),
    ("one field, no stemming", {"stemming": False}),
    ("title + text, title boost 1", {"two_fields": True}),
    ("title + text, title boost 2", {"two_fields": True, "boost": {"title": 2.0}}),
    ("title + text, title boost 0.5", {"two_fields": True, "boost": {"title": 0.5}}),
]


def run(data_dir: Path, datasets: Iterable[str]) -> list[tuple[str, str, dict[str, float]]]:
    """Evaluate every configuration on every dataset; print and return the table rows."""
    rows: list[tuple[str, str, dict[str, float]]] = []
    print(f"{'dataset':<10} {'configuration':<38} {'nDCG@10':>8} {'build s':>8} {'q ms':>6}")
    for name in datasets:
        corpus, queries, qrels = load_collection(data_dir / name)
        for label, config in CONFIGS:
            metrics = evaluate(corpus, queries, qrels, **config)
            rows.append((name, label, metrics))
            print(
                f"{name:<10} {label:<38} {metrics['ndcg@10']:>8.4f} "
                f"{metrics['build_s']:>8.2f} {metrics['query_ms_mean']:>6.2f}",
                flush=True,
            )
    return rows


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data_dir", nargs="?", type=Path, default=None)
    parser.add_argument("--datasets", default="scifact,cranfield")
    args = parser.parse_args(argv)
    data_dir = args.data_dir or default_data_dir()
    run(data_dir, [d for d in args.datasets.split(",") if d])


if __name__ == "__main__":
    main()
