"""Speed and size of amplify_memory.search on CPython.

Usage (from the repository root)::

    PYTHONPATH=py_src python bench/speed_cpython.py [EVAL_DATA_DIR] [--runs 5] [--scale 100000]

Two workloads:

- SciFact (5,183 abstracts, ``title + " " + text`` as one field, its 300 queries):
  index build, query p50/p95, save time, snapshot JSON size against the corpus JSON
  size, and load-to-first-result (``json.loads`` + ``Database.from_snapshot`` + one
  search).
- ``--scale`` generated memory-like entries (deterministic, seeded): build, query
  p50/p95, snapshot size and peak traced memory (``tracemalloc``, in a separate run
  since tracing slows Python down).

Every timing is the median of ``--runs`` runs. The functions that take lists
(:func:`measure_corpus`, :func:`generate_memories`, :func:`generate_queries`) do no
file IO, so a browser benchmark can reuse them.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT / "py_src") not in sys.path:
    sys.path.insert(0, str(REPO_ROOT / "py_src"))
if str(REPO_ROOT / "bench") not in sys.path:
    sys.path.insert(0, str(REPO_ROOT / "bench"))

from amplify_memory.search import Database  # noqa: E402
from relevance import default_data_dir, load_collection  # noqa: E402

Doc = dict[str, Any]

SCIFACT_SCHEMA: dict[str, Any] = {"id": "string", "content": "string"}
MEMORY_SCHEMA: dict[str, Any] = {
    "id": "string",
    "content": "string",
    "tags": "string[]",
    "kind": "enum",
    "confidence": "number",
    "pinned": "boolean",
    "created": "number",
}


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def json_size(value: Any) -> int:
    """Bytes of ``value`` as compact UTF-8 JSON (what a page would store)."""
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode("utf-8"))


def time_queries(db: Database, queries: Sequence[str]) -> list[float]:
    """Milliseconds of each query (top 10, default options)."""
    out: list[float] = []
    for q in queries:
        t0 = time.perf_counter()
        db.search(q)
        out.append((time.perf_counter() - t0) * 1000.0)
    return out


def measure_corpus(
    docs: Sequence[Doc],
    queries: Sequence[str],
    schema: dict[str, Any],
    *,
    runs: int = 5,
    corpus_bytes: int | None = None,
    **settings: Any,
) -> dict[str, float]:
    """Build, query, save and reload ``docs``; medians over ``runs`` runs."""
    builds, p50s, p95s, saves, loads = [], [], [], [], []
    snapshot_bytes = 0
    db = Database(schema, **settings)
    for _ in range(runs):
        gc.collect()
        t0 = time.perf_counter()
        db = Database(schema, **settings)
        db.insert_multiple(docs)
        builds.append(time.perf_counter() - t0)
        times = time_queries(db, queries)
        p50s.append(percentile(times, 0.50))
        p95s.append(percentile(times, 0.95))
        t0 = time.perf_counter()
        raw = db.save()
        text = json.dumps(raw, separators=(",", ":"), ensure_ascii=False)
        saves.append(time.perf_counter() - t0)
        snapshot_bytes = len(text.encode("utf-8"))
        del raw
        gc.collect()
        t0 = time.perf_counter()
        restored = Database.from_snapshot(json.loads(text))
        restored.search(queries[0])
        loads.append(time.perf_counter() - t0)
        del restored, text
    docs_bytes = json_size(list(docs))
    return {
        "docs": float(len(db)),
        "build_s": statistics.median(builds),
        "query_p50_ms": statistics.median(p50s),
        "query_p95_ms": statistics.median(p95s),
        "save_s": statistics.median(saves),
        "load_to_first_result_s": statistics.median(loads),
        "snapshot_mb": snapshot_bytes / 1e6,
        "docs_json_mb": docs_bytes / 1e6,
        "snapshot_vs_docs_json": snapshot_bytes / docs_bytes,
        "snapshot_vs_corpus_file": snapshot_bytes / corpus_bytes if corpus_bytes else 0.0,
    }


def peak_memory_mb(build: Callable[[], Database]) -> float:
    """Peak memory traced by ``tracemalloc`` while ``build()`` runs, in MB."""
    gc.collect()
    tracemalloc.start()
    db = build()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    del db
    return peak / 1e6


# -- generated memories ---------------------------------------------------------------

_SYLLABLES = [
    "ka",
    "ro",
    "mi",
    "tel",
    "san",
    "dor",
    "vi",
    "pre",
    "lu",
    "nex",
    "ar",
    "os",
    "qui",
    "ber",
    "ton",
    "ly",
    "gra",
    "fe",
    "ul",
    "zen",
]
_COMMON_TEXT = """
user prefers likes uses wants project team meeting deadline code review python typescript
rust java database migration api server client bug fix test deploy release docs design style
tabs spaces editor vim emacs theme dark light morning evening weekly daily budget travel
flight hotel family birthday gift coffee tea lunch dinner allergy doctor gym running reading
music playlist
"""
_COMMON = _COMMON_TEXT.split()
_TEMPLATES = [
    "{a} {v} {b} over {c}",
    "The {a} {b} is due on {c}",
    "Remember that {a} {v} {b} and {c} for the {d}",
    "{a} asked about {b} {c}; follow up next {d}",
    "Note: {a} {b} {c} {d} {e}",
    "{a} {v} to keep {b} in {c} when working on {d}",
]


def _vocabulary(rng: random.Random, size: int) -> list[str]:
    words = set(_COMMON)
    while len(words) < size:
        words.add("".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 4))))
    ordered = sorted(words)
    rng.shuffle(ordered)
    return list(_COMMON) + [w for w in ordered if w not in set(_COMMON)]


def _zipf_sampler(rng: random.Random, vocab: list[str]) -> Callable[[], str]:
    weights = [1.0 / (rank + 1) ** 1.05 for rank in range(len(vocab))]
    cumulative: list[float] = []
    total = 0.0
    for w in weights:
        total += w
        cumulative.append(total)

    def sample() -> str:
        return rng.choices(vocab, cum_weights=cumulative, k=1)[0]

    return sample


def generate_memories(n: int, seed: int = 7, vocab_size: int = 30_000) -> list[Doc]:
    """``n`` short memory-like entries, identical for the same ``seed``."""
    rng = random.Random(seed)
    vocab = _vocabulary(rng, vocab_size)
    word = _zipf_sampler(rng, vocab)
    kinds = ["preference", "fact", "task", "event", "person"]
    docs: list[Doc] = []
    for i in range(n):
        template = rng.choice(_TEMPLATES)
        content = template.format(
            a=word(),
            v=rng.choice(["prefers", "likes", "uses", "needs", "avoids"]),
            b=word(),
            c=word(),
            d=word(),
            e=word(),
        )
        docs.append(
            {
                "id": f"m{i:06d}",
                "content": content[0].upper() + content[1:],
                "tags": [word() for _ in range(rng.randint(0, 3))],
                "kind": rng.choice(kinds),
                "confidence": round(rng.random(), 3),
                "pinned": rng.random() < 0.1,
                "created": 1_700_000_000 + i * 60,
            }
        )
    return docs


def generate_queries(n: int, seed: int = 11, vocab_size: int = 30_000) -> list[str]:
    """``n`` queries of 2-5 words drawn from the same word distribution as the memories."""
    rng = random.Random(seed)
    vocab = _vocabulary(random.Random(7), vocab_size)
    word = _zipf_sampler(rng, vocab)
    return [" ".join(word() for _ in range(rng.randint(2, 5))) for _ in range(n)]


# -- driver ---------------------------------------------------------------------------


def _print(title: str, metrics: dict[str, float]) -> None:
    print(f"\n{title}")
    for key, value in metrics.items():
        print(f"  {key:<26} {value:>10.3f}")


def run_scifact(data_dir: Path, runs: int) -> dict[str, float]:
    corpus, queries, _ = load_collection(data_dir / "scifact")
    docs = [{"id": d["_id"], "content": f"{d['title']} {d['text']}"} for d in corpus]
    corpus_bytes = (data_dir / "scifact" / "corpus.jsonl").stat().st_size
    metrics = measure_corpus(
        docs, [q["text"] for q in queries], SCIFACT_SCHEMA, runs=runs, corpus_bytes=corpus_bytes
    )
    _print(f"SciFact: {len(docs)} documents, {len(queries)} queries, {runs} runs", metrics)
    return metrics


def run_scale(n: int, runs: int) -> dict[str, float]:
    docs = generate_memories(n)
    queries = generate_queries(300)
    metrics = measure_corpus(docs, queries, MEMORY_SCHEMA, runs=runs)

    def build() -> Database:
        db = Database(MEMORY_SCHEMA)
        db.insert_multiple(docs)
        return db

    metrics["peak_traced_memory_mb"] = peak_memory_mb(build)
    _print(f"Generated memories: {n} entries, 300 queries, {runs} runs", metrics)
    return metrics


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("data_dir", nargs="?", type=Path, default=None)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--scale", type=int, default=100_000)
    parser.add_argument("--skip-scifact", action="store_true")
    args = parser.parse_args(argv)
    if not args.skip_scifact:
        run_scifact(args.data_dir or default_data_dir(), args.runs)
    if args.scale:
        run_scale(args.scale, max(1, min(args.runs, 3)))


if __name__ == "__main__":
    main()
