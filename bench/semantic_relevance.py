"""Ranking quality of the static embeddings, alone and fused with BM25 (nDCG@10).

Usage (from the repository root; the table is built or taken from the cache first)::

    .venv/bin/python bench/semantic_relevance.py [EVAL_DATA_DIR] [--table PATH]
        [--datasets scifact,cranfield] [--weights 0.5,0.5] [--json out.json]
        [--int8 | --float16 | --bfloat16-cut]

For every collection (see :mod:`bench.relevance` for the data): BM25 alone (our
:class:`~amplify_memory.search.Database`, defaults), the static embeddings alone
(cosine over a ``vector[d]`` field) and the hybrid mode of the same Database: the
weighted sum of max-normalised BM25 and cosine scores, 0.5/0.5 by default, with
``similarity=-1`` so that every document has a cosine score. Also: pure-Python
embedding time per sentence and per document (CPython), table load time and the
table's size raw and gzipped, and the mean cosine of the labelled memory pairs of
``tests/unit/memory/data`` by label. STS-B is not measured: the data set is not available
here (no downloads).
"""

from __future__ import annotations

import argparse
import gzip
import json
import struct
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
for entry in (REPO_ROOT / "py_src", REPO_ROOT / "bench", REPO_ROOT / "tools"):
    if str(entry) not in sys.path:
        sys.path.insert(0, str(entry))

from amplify_memory.embeddings import StaticEmbeddingProvider, StaticEmbeddingTable  # noqa: E402
from amplify_memory.errors import QueryError  # noqa: E402
from amplify_memory.search import Database  # noqa: E402
from relevance import default_data_dir, load_collection, ndcg_at_k  # noqa: E402

SENTENCE = "Remind me which database we picked for the analytics project last Tuesday"


def default_table() -> Path:
    """The table from ``tools/embedding_table.py`` (built once, then cached)."""
    import embedding_table

    return embedding_table.ensure_table(embedding_table.CACHE_DIR)


def int8(vector: list[float]) -> list[float]:
    """``vector`` as int8 quantisation with a scale per vector would give it back
    (``round(x / scale)`` in -127..127, ``scale = max |x| / 127``): to measure what that
    encoding would cost the ranking. The store keeps bfloat16 numbers (rounded: docs/scale.md),
    so every quantizer here acts on the numbers before the store rounds them."""
    top = max(map(abs, vector), default=0.0)
    if top == 0.0:
        return vector
    scale = top / 127.0
    return [round(x / scale) * scale for x in vector]


def float16(vector: list[float]) -> list[float]:
    """``vector`` as 16-bit floats (IEEE half precision, round to nearest) give it back."""
    return list(struct.unpack(f"<{len(vector)}e", struct.pack(f"<{len(vector)}e", *vector)))


def bfloat16_cut(vector: list[float]) -> list[float]:
    """``vector`` as bfloat16 by truncation (a 32-bit float's upper half as it is)."""
    raw = bytearray(struct.pack(f"<{len(vector)}f", *vector))
    raw[0::4] = raw[1::4] = bytes(len(vector))
    return list(struct.unpack(f"<{len(vector)}f", raw))


QUANTIZERS: dict[str, Callable[[list[float]], list[float]]] = {
    "int8": int8,
    "float16": float16,
    "bfloat16_cut": bfloat16_cut,
}


def evaluate(
    provider: StaticEmbeddingProvider,
    folder: Path,
    weights: tuple[float, float],
    k: int = 10,
    quantize: str | None = None,
) -> dict[str, float]:
    """nDCG@k of BM25, embeddings and the fusion on one collection, with timings."""
    corpus, queries, qrels = load_collection(folder)
    d = provider.spec.dimension
    t0 = time.perf_counter()
    texts = [f"{doc['title']} {doc['text']}" for doc in corpus]
    vectors = [provider.vector(t) for t in texts]
    embed_s = time.perf_counter() - t0
    if quantize:
        vectors = list(map(QUANTIZERS[quantize], vectors))
    db = Database({"id": "string", "content": "string", "embedding": f"vector[{d}]"})
    db.insert_multiple(
        {"id": doc["_id"], "content": text, "embedding": vec}
        for doc, text, vec in zip(corpus, texts, vectors, strict=True)
    )
    scores: dict[str, list[float]] = {"bm25": [], "embeddings": [], "fusion": []}
    for q in queries:
        judged = qrels[q["_id"]]
        qv = provider.vector(q["text"])
        bm25 = db.search(q["text"], limit=k).ids
        scores["bm25"].append(ndcg_at_k(bm25, judged, k))
        try:
            vec = db.search(
                mode="vector",
                vector={"value": qv, "property": "embedding"},
                similarity=-1.0,
                limit=k,
            ).ids
            fused = db.search(
                q["text"],
                mode="hybrid",
                vector={"value": qv, "property": "embedding"},
                similarity=-1.0,
                hybrid_weights={"text": weights[0], "vector": weights[1]},
                limit=k,
            ).ids
        except QueryError:  # a query without any known token: the zero vector
            vec, fused = [], bm25
        scores["embeddings"].append(ndcg_at_k(vec, judged, k))
        scores["fusion"].append(ndcg_at_k(fused, judged, k))
    out = {name: sum(v) / len(v) for name, v in scores.items()}
    out["queries"] = float(len(queries))
    out["documents"] = float(len(corpus))
    out["embed_ms_per_doc"] = embed_s / len(corpus) * 1000.0
    return out


def embedding_speed(table_bytes: bytes, n: int = 2000) -> dict[str, float]:
    """Microseconds per sentence: a fresh table's first call, then warm calls."""
    t0 = time.perf_counter()
    table = StaticEmbeddingTable.from_bytes(table_bytes)
    load_ms = (time.perf_counter() - t0) * 1000.0
    t1 = time.perf_counter()
    table.vector(SENTENCE)
    cold_us = (time.perf_counter() - t1) * 1e6
    t2 = time.perf_counter()
    for _ in range(n):
        table.vector(SENTENCE)
    warm_us = (time.perf_counter() - t2) / n * 1e6
    # distinct sentences: no word cache help beyond the words they share
    fresh = StaticEmbeddingTable.from_bytes(table_bytes)
    sentences = [f"{SENTENCE} number {i} variant{i}" for i in range(n)]
    t3 = time.perf_counter()
    for s in sentences:
        fresh.vector(s)
    varied_us = (time.perf_counter() - t3) / n * 1e6
    return {
        "words": float(len(SENTENCE.split())),
        "table_load_ms": load_ms,
        "first_call_us": cold_us,
        "warm_us": warm_us,
        "distinct_sentences_us": varied_us,
    }


PAIRS = REPO_ROOT / "tests" / "unit" / "memory" / "data" / "memory_pairs.jsonl"


def pair_similarities(provider: StaticEmbeddingProvider, path: Path = PAIRS) -> dict[str, float]:
    """Mean cosine of the labelled memory pairs, by label (duplicate, contradiction ...)."""
    by_label: dict[str, list[float]] = {}
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            pair = json.loads(line)
            a, b = provider.vector(pair["a"]), provider.vector(pair["b"])
            cos = sum(x * y for x, y in zip(a, b, strict=True))
            by_label.setdefault(pair["label"], []).append(cos)
    return {label: sum(v) / len(v) for label, v in sorted(by_label.items())}


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("data_dir", nargs="?", type=Path, default=None)
    parser.add_argument("--table", type=Path, default=None)
    parser.add_argument("--datasets", default="scifact,cranfield")
    parser.add_argument("--weights", default="0.5,0.5", help="text,vector weights")
    parser.add_argument("--json", type=Path, default=None)
    quantized = parser.add_mutually_exclusive_group()
    quantized.add_argument(
        "--int8", action="store_true", help="quantise the documents' vectors to int8 first"
    )
    quantized.add_argument(
        "--float16", action="store_true", help="round the documents' vectors to 16-bit floats"
    )
    quantized.add_argument(
        "--bfloat16-cut", action="store_true", help="truncate the documents' vectors to bfloat16"
    )
    args = parser.parse_args(argv)
    data_dir = args.data_dir or default_data_dir()
    table_path = args.table or default_table()
    data = table_path.read_bytes()
    w_text, w_vec = (float(x) for x in args.weights.split(","))
    table = StaticEmbeddingTable.from_bytes(data)
    provider = StaticEmbeddingProvider(table)
    report: dict[str, Any] = {
        "table": table_path.name,
        "model": table.model,
        "size_bytes": len(data),
        "size_gzip_bytes": len(gzip.compress(data, 9, mtime=0)),
        "speed": embedding_speed(data),
        "weights": [w_text, w_vec],
        "datasets": {},
    }
    print(f"table {table_path.name}: {len(data) / 1e6:.2f} MB raw, "
          f"{report['size_gzip_bytes'] / 1e6:.2f} MB gzipped")  # fmt: skip
    sp = report["speed"]
    print(
        f"embedding a {sp['words']:.0f}-word sentence (CPython {sys.version.split()[0]}): "
        f"first call {sp['first_call_us']:.0f} us, warm {sp['warm_us']:.1f} us, "
        f"distinct sentences {sp['distinct_sentences_us']:.1f} us; "
        f"table load {sp['table_load_ms']:.0f} ms"
    )
    quantize = next((q for q in QUANTIZERS if getattr(args, q)), None)
    print(f"{'dataset':<10} {'BM25':>7} {'embed':>7} {'fusion':>7} {'ms/doc':>7}")
    for name in [d for d in args.datasets.split(",") if d]:
        m = evaluate(provider, data_dir / name, (w_text, w_vec), quantize=quantize)
        report["datasets"][name] = m
        print(
            f"{name:<10} {m['bm25']:>7.4f} {m['embeddings']:>7.4f} {m['fusion']:>7.4f} "
            f"{m['embed_ms_per_doc']:>7.3f}",
            flush=True,
        )
    if PAIRS.exists():
        report["memory_pairs_mean_cosine"] = pairs = pair_similarities(provider)
        print("memory pairs, mean cosine by label: "
              + ", ".join(f"{k} {v:.3f}" for k, v in pairs.items()))  # fmt: skip
    if args.json:
        args.json.write_text(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
