"""Precision and recall of ``is_duplicate`` on the labelled memory pairs.

Positives are the pairs labelled ``duplicate``; every other label (contradiction,
related, unrelated) is a negative. Prints the figures, a confusion table by label and
every error with its similarity and contradiction reason.

    .venv/bin/python bench/dedup_quality.py [--threshold 0.8] [--pairs PATH]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py_src"))

from amplify_memory.memory.similarity import (  # noqa: E402
    DEFAULT_DUPLICATE_THRESHOLD,
    content_similarity,
    contradiction_reason,
    contradicts,
    is_duplicate,
)

PAIRS = ROOT / "tests" / "unit" / "memory" / "data" / "memory_pairs.jsonl"
LABELS = ("duplicate", "contradiction", "related", "unrelated")


def load_pairs(path: Path = PAIRS) -> list[dict[str, Any]]:
    """The labelled pairs, one JSON object a line."""
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def evaluate(pairs: list[dict[str, Any]], threshold: float) -> dict[str, Any]:
    """Confusion counts, precision, recall and the misclassified pairs."""
    table: Counter[tuple[str, bool]] = Counter()
    errors: list[dict[str, Any]] = []
    for pair in pairs:
        predicted = is_duplicate(pair["a"], pair["b"], threshold)
        table[pair["label"], predicted] += 1
        if predicted != (pair["label"] == "duplicate"):
            errors.append(
                {
                    **pair,
                    "similarity": content_similarity(pair["a"], pair["b"]),
                    "reason": contradiction_reason(pair["a"], pair["b"]),
                }
            )
    flagged = [p for p in pairs if contradicts(p["a"], p["b"])]
    true_flags = sum(p["label"] == "contradiction" for p in flagged)
    labelled = sum(p["label"] == "contradiction" for p in pairs)
    tp = table["duplicate", True]
    fn = table["duplicate", False]
    fp = sum(table[label, True] for label in LABELS if label != "duplicate")
    return {
        "table": table,
        "precision": tp / (tp + fp) if tp + fp else 1.0,
        "recall": tp / (tp + fn) if tp + fn else 1.0,
        "errors": errors,
        "pairs": len(pairs),
        "contradicts": (true_flags, len(flagged), labelled),
    }


def main(argv: list[str] | None = None) -> None:
    """Print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--threshold", type=float, default=DEFAULT_DUPLICATE_THRESHOLD)
    parser.add_argument("--pairs", type=Path, default=PAIRS)
    args = parser.parse_args(argv)
    result = evaluate(load_pairs(args.pairs), args.threshold)
    table = result["table"]
    print(f"pairs: {result['pairs']}   threshold: {args.threshold}")
    print(f"precision: {result['precision']:.3f}   recall: {result['recall']:.3f}")
    true_flags, flagged, labelled = result["contradicts"]
    print(
        f"contradicts(): flags {flagged} pairs, {true_flags} of them labelled contradiction; "
        f"finds {true_flags} of {labelled} labelled contradictions"
    )
    print()
    print(f"{'label':<15}{'merged':>8}{'kept apart':>12}")
    for label in LABELS:
        print(f"{label:<15}{table[label, True]:>8}{table[label, False]:>12}")
    print()
    print(f"errors: {len(result['errors'])}")
    for e in result["errors"]:
        print(f"  [{e['label']}] sim={e['similarity']:.3f} reason={e['reason']}")
        print(f"      a: {e['a']}")
        print(f"      b: {e['b']}")


if __name__ == "__main__":
    main()
