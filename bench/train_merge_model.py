"""Learn the merge model's weights (``memory/_merge_weights.py``) from the labelled pairs.

The model (:mod:`amplify_memory.memory.merge_model`) answers the last question of
``supersession.decide``: are two facts that no rule told apart, naming the same values,
one fact said twice? Its training rows are the pairs of ``bench/data/pairs_*.jsonl`` that
reach that question (found by asking ``decide`` with the model replaced by a recorder),
labelled 1 for "duplicate" and 0 for any other label. The sets in :data:`HELD_OUT` are
never read: they measure the model (``bench/dedup_quality.py``).

A logistic model is fitted (Newton's method, L2) with the embeddings' cosine (the static
table built by ``python3 build.py``; without one the model is never asked). A five-fold
cross-validation by set reports what the threshold does on pairs the fold did not learn
from.

    .venv/bin/python bench/train_merge_model.py            # cross-validate, write weights
    .venv/bin/python bench/train_merge_model.py --check    # do the shipped weights match?
"""

from __future__ import annotations

import argparse
import math
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py_src"))
sys.path.insert(0, str(ROOT / "bench"))

import dedup_quality  # noqa: E402
from amplify_memory.memory import _merge_weights, merge_model, supersession  # noqa: E402
from amplify_memory.memory._defaults import MERGE_PROBABILITY  # noqa: E402

DATA = ROOT / "bench" / "data"
WEIGHTS = ROOT / "py_src" / "amplify_memory" / "memory" / "_merge_weights.py"
#: The pairs kept aside: written by helpers who saw no code, never read to build anything;
#: and a second reader's pairs (hard and adversarial ones, written against the first
#: model), kept out so that its figures stay comparable.
HELD_OUT = frozenset(
    {"pairs_holdout28", "pairs_holdout30", "pairs_holdout32", "pairs_holdout33", "pairs_holdout34"}
    | {"pairs_holdout37", "pairs_holdout41", "pairs_holdout43", "pairs_holdout45"}
    | {"pairs_holdout47", "pairs_holdout49", "pairs_holdout51", "pairs_holdout53"}
    | {"pairs_negation_holdout"}
    | {"pairs_negation_dev"}  # (written to break the merge guard: adversarial, as review29)
    | {"pairs_review29"}
)
VERSION = 1
L2 = 1.0
FOLDS = 5


def training_sets() -> list[Path]:
    return sorted(p for p in DATA.glob("pairs_*.jsonl") if p.stem not in HELD_OUT)


def training_rows(paths: list[Path]) -> list[dict[str, Any]]:
    """The pairs of the sets that reach the model, with their measures and label (the
    embeddings of every pair made at once; the model replaced, meanwhile, by a recorder
    that answers no)."""
    pairs = [(path.stem, pair) for path in paths for pair in dedup_quality.load_pairs(path)]
    cosines = dedup_quality.cosines([pair for _, pair in pairs])
    asked: list[tuple[float, ...]] = []

    def recorder(new: str, old: str, cosine: float) -> float:
        asked.append(merge_model.features(new, old, cosine))
        return 0.0

    out = []
    real = supersession.merge_probability
    supersession.merge_probability = recorder
    try:
        for (name, pair), cosine in zip(pairs, cosines, strict=True):
            asked.clear()
            action = supersession.decide(pair["b"], pair["a"], cosine=cosine)
            if asked and action == "keep":  # (the last question asked is the pair's)
                out.append({"set": name, "label": pair["label"], "x": asked[-1]})
    finally:
        supersession.merge_probability = real
    return out


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gauss-Jordan with partial pivoting; a is small and symmetric)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        pivot = m[c][c] or 1e-12
        for r in range(n):
            factor = m[r][c] / pivot if r != c else 0.0
            if factor:
                m[r] = [x - factor * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / (m[i][i] or 1e-12) for i in range(n)]


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def fit(xs: list[tuple[float, ...]], ys: list[float], l2: float = L2) -> list[float]:
    """Logistic regression by Newton's method; the bias (column 0) is not penalised."""
    d = len(xs[0])
    w = [0.0] * d
    for _ in range(50):
        grad = [0.0] * d
        hess = [[0.0] * d for _ in range(d)]
        for x, y in zip(xs, ys, strict=True):
            p = _sigmoid(math.fsum(a * b for a, b in zip(w, x, strict=True)))
            s = p * (1 - p)
            for i in range(d):
                grad[i] += (p - y) * x[i]
                if x[i]:
                    row = hess[i]
                    for k in range(d):
                        row[k] += s * x[i] * x[k]
        for i in range(1, d):
            grad[i] += l2 * w[i]
            hess[i][i] += l2
        hess[0][0] += 1e-9
        step = _solve(hess, grad)
        w = [a - b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return w


def _prob(w: list[float], x: tuple[float, ...]) -> float:
    return _sigmoid(math.fsum(a * b for a, b in zip(w, x, strict=True)))


def cross_validate(rows: list[dict[str, Any]]) -> None:
    sets = sorted({r["set"] for r in rows})
    folds = [set(sets[i::FOLDS]) for i in range(FOLDS)]
    print(f"\n### {FOLDS}-fold cross-validation by set ({len(rows)} rows)")
    print("| threshold | duplicates merged | of | other labels merged (by label) |")
    print("|---|---|---|---|")
    scored: list[tuple[str, float]] = []
    for fold in folds:
        train = [r for r in rows if r["set"] not in fold]
        w = fit([r["x"] for r in train], [float(r["label"] == "duplicate") for r in train])
        scored += [(r["label"], _prob(w, r["x"])) for r in rows if r["set"] in fold]
    dups = sum(1 for label, _ in scored if label == "duplicate")
    for threshold in (0.5, 0.6, 0.7, 0.8, 0.9):
        merged = Counter(label for label, p in scored if p >= threshold)
        others = {k: v for k, v in sorted(merged.items()) if k != "duplicate"}
        print(f"| {threshold} | {merged['duplicate']} | {dups} | {others or '-'} |")


def render(rows: list[dict[str, Any]], sets: list[str]) -> str:
    weights = fit([r["x"] for r in rows], [float(r["label"] == "duplicate") for r in rows])

    def vector(w: list[float]) -> str:
        pairs = zip(merge_model.FEATURES, w, strict=True)
        return "(\n" + "".join(f"    {x:.4f},  # {n}\n" for n, x in pairs) + ")"

    def names(items: list[str] | tuple[str, ...]) -> str:
        return "(\n" + "".join(f'    "{s}",\n' for s in items) + ")"

    return (
        '"""The merge model\'s weights: written by ``bench/train_merge_model.py`` from the\n'
        'labelled pairs named in :data:`TRAINED_ON`; do not edit (run it again)."""\n\n'
        "from typing import Final\n\n"
        f"VERSION: Final = {VERSION}\n"
        f"FEATURES: Final = {names(merge_model.FEATURES)}\n"
        f"TRAINED_ON: Final = {names(sets)}\n"
        f"ROWS: Final = {len(rows)}\n"
        f"WEIGHTS: Final = {vector(weights)}\n"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped weights")
    args = parser.parse_args(argv)
    paths = training_sets()
    rows = training_rows(paths)
    text = render(rows, [p.stem for p in paths])
    if args.check:
        same = WEIGHTS.read_text(encoding="utf-8") == text
        print("the shipped weights match" if same else "the shipped weights are stale: run again")
        raise SystemExit(0 if same else 1)
    cross_validate(rows)
    shipped = _merge_weights.VERSION
    print(f"\n(the store merges at {MERGE_PROBABILITY}; weights v{shipped} -> v{VERSION})")
    WEIGHTS.write_text(text, encoding="utf-8")
    print(f"wrote {WEIGHTS.relative_to(ROOT)} ({len(rows)} rows from {len(paths)} sets)")


if __name__ == "__main__":
    main()
