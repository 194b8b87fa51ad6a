"""De-duplication and supersession quality of the user-profile store on labelled memory pairs.

Each pair is a stored memory ``a`` and a new one ``b`` with a label; the store's rule
(:func:`amplify_memory.memory.supersession.decide`) answers merge, supersede or keep:

    duplicate      -> merge      (a paraphrase)
    negation       -> supersede  (b says the opposite of a)
    changed_value  -> supersede  (same subject, another value)
    correction     -> supersede  (b corrects a explicitly)
    different      -> keep
    related        -> keep

Merge precision / recall / F1 count the duplicates as positives; "wrong merges by kind"
lists merges of any other label (a merged negation or changed value loses a fact).

    .venv/bin/python bench/dedup_quality.py                   # dev and held-out sets
    .venv/bin/python bench/dedup_quality.py --set holdout --errors
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import json
import math
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py_src"))

from amplify_memory.embeddings import configure_default_provider, default_provider  # noqa: E402

try:
    from amplify_memory.memory.supersession import decide
except ImportError:  # a version before supersession: merge a duplicate, keep the rest

    def decide(new: str, old: str, *, cosine: float | None = None) -> str:  # type: ignore[misc]
        from amplify_memory.memory.similarity import is_duplicate

        return "merge" if is_duplicate(new, old) else "keep"


DATA = ROOT / "bench" / "data"
SETS = {"dev": DATA / "pairs_dev.jsonl", "holdout": DATA / "pairs_holdout.jsonl"}
EXPECTED = {
    "duplicate": "merge",
    "negation": "supersede",
    "changed_value": "supersede",
    "correction": "supersede",
    "different": "keep",
    "related": "keep",
}


def load_pairs(path: Path) -> list[dict[str, Any]]:
    """The labelled pairs, one JSON object a line."""
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def cosines(pairs: list[dict[str, Any]]) -> list[float | None]:
    """The cosine of each pair's embeddings (the store's default provider: the static
    table built by ``python3 build.py``), or Nones when the table is not built."""
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import embedding_table  # the build's table distiller (cached)

        configure_default_provider(embedding_table.ensure_table(embedding_table.CACHE_DIR))
    except Exception as err:
        print(f"(no embedding table: {err}; the rule runs without cosines)")
        return [None] * len(pairs)
    try:
        provider = asyncio.run(default_provider())
    except Exception as err:
        print(f"(no embeddings: {err}; the rule runs without cosines)")
        return [None] * len(pairs)
    texts = [t for p in pairs for t in (p["a"], p["b"])]
    out = provider.embed(texts)
    vectors = asyncio.run(out) if inspect.isawaitable(out) else out

    def cos(u: list[float], v: list[float]) -> float:
        nu, nv = math.sqrt(sum(x * x for x in u)), math.sqrt(sum(x * x for x in v))
        return sum(x * y for x, y in zip(u, v, strict=True)) / (nu * nv) if nu and nv else 0.0

    return [cos(vectors[2 * i + 1], vectors[2 * i]) for i in range(len(pairs))]


def evaluate(pairs: list[dict[str, Any]], *, embeddings: bool = True) -> dict[str, Any]:
    """Confusion table (label x action), merge P/R/F1, supersede rates, errors."""
    table: Counter[tuple[str, str]] = Counter()
    errors = []
    sims = cosines(pairs) if embeddings else [None] * len(pairs)
    for pair, cosine in zip(pairs, sims, strict=True):
        action = decide(pair["b"], pair["a"], cosine=cosine)
        table[pair["label"], action] += 1
        if action != EXPECTED[pair["label"]]:
            errors.append({**pair, "action": action})
    tp = table["duplicate", "merge"]
    fp = sum(
        n for (label, action), n in table.items() if action == "merge" and label != "duplicate"
    )
    fn = sum(
        n for (label, action), n in table.items() if label == "duplicate" and action != "merge"
    )
    precision = tp / (tp + fp) if tp + fp else 1.0
    recall = tp / (tp + fn) if tp + fn else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {
        "pairs": len(pairs),
        "table": table,
        "precision": precision,
        "recall": recall,
        "f1": f1,
        "wrong_merges": {
            label: table[label, "merge"] for label in EXPECTED if label != "duplicate"
        },
        "errors": errors,
    }


def _row(label: str, table: Counter[tuple[str, str]]) -> str:
    cells = [str(table[label, a]) for a in ("merge", "supersede", "keep")]
    return f"| {label} | {EXPECTED[label]} | " + " | ".join(cells) + " |"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=[*SETS, "all"], default="all")
    parser.add_argument("--pairs", type=Path, help="another JSONL file of pairs")
    parser.add_argument("--errors", action="store_true", help="print every wrong answer")
    parser.add_argument(
        "--no-embeddings", action="store_true", help="the rule without the embeddings' cosine"
    )
    args = parser.parse_args(argv)
    chosen = (
        {"file": args.pairs}
        if args.pairs
        else (SETS if args.set == "all" else {args.set: SETS[args.set]})
    )
    for name, path in chosen.items():
        if not path.is_file():
            sys.exit(f"{path}: no such file")
        r = evaluate(load_pairs(path), embeddings=not args.no_embeddings)
        print(f"\n## {name} ({r['pairs']} pairs, {path.name})")
        print(f"merge precision {r['precision']:.3f}  recall {r['recall']:.3f}  F1 {r['f1']:.3f}")
        print(
            "wrong merges by kind: " + ", ".join(f"{k} {v}" for k, v in r["wrong_merges"].items())
        )
        print("\n| label | expected | merge | supersede | keep |\n|---|---|---|---|---|")
        for label in EXPECTED:
            print(_row(label, r["table"]))
        if args.errors:
            for e in r["errors"]:
                print(f"  [{e['label']} -> {e['action']}] {e['a']!r} / {e['b']!r}")


if __name__ == "__main__":
    main()
