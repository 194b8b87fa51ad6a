"""The search modes' ranking: vector scores (by the installed kernel or in Python),
the hybrid fusion of text and vector scores (in full, or pruned to a pool of the best
vector matches when that is provably exact), and the top ``k`` of a score table."""

from __future__ import annotations

import heapq
from array import array
from collections.abc import Mapping, Sequence
from itertools import compress, repeat
from operator import itemgetter, truediv

from amplify_memory.search._filters import Predicate
from amplify_memory.search._query import VectorQuery
from amplify_memory.search._vector import (
    VectorColumn,
    VectorKernel,
    disable_vector_kernel,
    dot,
    vector_kernel,
)

__all__ = [
    "HYBRID_POOL_FACTOR",
    "HYBRID_POOL_MIN",
    "HYBRID_PRUNE_RATIO",
    "fuse",
    "hybrid_top",
    "kernel_cosines",
    "kernel_fuse",
    "top",
    "vector_scores",
    "vector_top",
]

#: A pruned hybrid search scores exactly the text matches and the best
#: ``max(HYBRID_POOL_MIN, HYBRID_POOL_FACTOR x wanted)`` vector matches (see hybrid_top).
HYBRID_POOL_FACTOR = 4
HYBRID_POOL_MIN = 64
#: ... when there are more than this many times the pool's size of vector matches.
HYBRID_PRUNE_RATIO = 4


def kernel_cosines(column: VectorColumn, query: VectorQuery) -> array[float] | None:
    """Every document number's cosine with the query (-inf: no vector), scored by the
    installed :class:`~amplify_memory.search._vector.VectorKernel`; None without one."""
    kernel = vector_kernel()
    if kernel is None:
        return None
    _, value, query_norm = query
    try:
        return column.cosines(kernel, [x / query_norm for x in value])
    except Exception as err:  # a broken kernel must not break search: pure Python
        disable_vector_kernel(kernel, err)
        return None


def vector_scores(
    column: VectorColumn,
    query: VectorQuery,
    similarity: float,
    predicate: Predicate | None,
    cosines: array[float] | None,
) -> dict[int, float]:
    """Cosine >= ``similarity`` by document number (``cosines``: the kernel's, or None
    to score in Python)."""
    if cosines is not None:
        keep = list(map(similarity.__le__, cosines))  # s >= similarity, in C
        found = dict(
            zip(compress(range(len(cosines)), keep), compress(cosines, keep), strict=False)
        )
        if predicate is not None:
            found = {d: s for d, s in found.items() if predicate(d)}
        return found
    _, value, query_norm = query
    norms = column.norms
    live = list(compress(range(len(norms)), norms))  # (norm 0: no vector)
    if predicate is not None:
        live = [d for d in live if predicate(d)]
    # one C-level pass for the dot products, then one for the cosines
    dots = map(dot, repeat(value, len(live)), map(column.view, live))
    scores = map(truediv, dots, [query_norm * norms[d] for d in live])
    return {d: s for d, s in zip(live, scores, strict=True) if s >= similarity}


def vector_top(
    cosines: array[float], similarity: float, wanted: int, kernel: VectorKernel | None
) -> tuple[int, dict[int, float]] | None:
    """``(count, cosines of a set holding the best `wanted`)`` of a vector search without
    filters, facets or sorting, by the ``kernel``'s ``select`` (one pass in JavaScript:
    the count of matches, the `wanted`-th best and the rows at or above it) instead of a
    score for every match; None without such a kernel, when it fails or when the ties at
    the `wanted`-th best do not fit its room (the caller then scores every match).

    Exact: the set holds every match at or above the `wanted`-th best cosine, ties too.
    """
    select = getattr(kernel, "select", None)
    if select is None or wanted <= 0 or not cosines:
        return None
    k = min(wanted, len(cosines))
    indices = array("i", bytes(4 * 2 * k))  # (room for ties at the k-th best)
    result = array("d", bytes(24))
    try:
        select(cosines, k, similarity, indices, result)
    except Exception as err:  # a broken kernel must not break search: pure Python
        disable_vector_kernel(kernel, err)  # type: ignore[arg-type]
        return None
    count, selected = int(result[0]), int(result[2])
    if selected > len(indices):
        return None
    rows = indices[:selected]
    return count, {d: cosines[d] for d in rows if cosines[d] >= similarity}


def top(scores: Mapping[int, float], k: int) -> list[int]:
    """The ``k`` best document numbers by score, ties by document number."""
    if k <= 0 or not scores:
        return []
    if k < len(scores):
        kth = heapq.nlargest(k, scores.values())[-1]
        items = list(compress(scores.items(), map(kth.__le__, scores.values())))
    else:
        items = list(scores.items())
    items.sort()  # by document number (unique), then stably by score, best first
    items.sort(key=itemgetter(1), reverse=True)
    return [d for d, _ in items[:k]]


def hybrid_top(
    text: Mapping[int, float],
    cosines: array[float],
    similarity: float,
    weights: tuple[float, float],
    wanted: int,
    kernel: VectorKernel | None = None,
) -> tuple[int, dict[int, float]] | None:
    """``(count, fused scores of a set holding the best `wanted`)`` of a hybrid search
    without filters, facets or sorting, fusing only the text matches and a pool of the
    best vector matches instead of every vector match; None when pruning cannot be proved
    exact here (the caller then fuses everything). The pool is chosen by the ``kernel``'s
    ``select`` when it has one (one pass in JavaScript), else in Python (three passes).

    Exact: a vector match outside the pool is no text match (those are all scored) and
    has a cosine below the pool's least, ``kth``, so its fused score is at most
    ``w_vector x kth / max``, while every pooled match scores at least that (BM25 scores
    are never negative) and the pool holds at least `wanted`. The final check refuses
    the one case rounding leaves open: an outside score equal to the `wanted`-th best.
    """
    w_text, w_vec = weights
    pool = max(HYBRID_POOL_MIN, HYBRID_POOL_FACTOR * wanted)
    worth = HYBRID_PRUNE_RATIO * pool  # below this many matches the extra passes cost more
    if w_vec <= 0.0 or wanted <= 0 or len(cosines) <= worth:
        return None
    rows: Sequence[int] | None = None
    select = getattr(kernel, "select", None)
    if select is not None:
        indices = array("i", bytes(4 * 2 * pool))  # (room for ties at the pool's least)
        result = array("d", bytes(24))
        try:
            select(cosines, pool, similarity, indices, result)
        except Exception as err:  # a broken kernel must not break search: pure Python
            disable_vector_kernel(kernel, err)  # type: ignore[arg-type]
            select = None
        else:
            passes, kth, selected = int(result[0]), result[1], int(result[2])
            if selected <= len(indices):
                rows = indices[:selected]
    if select is None:
        passes = sum(map(similarity.__le__, cosines))
    if passes <= worth:
        return None
    if rows is None:
        kth = heapq.nlargest(pool, cosines)[-1]
        rows = list(compress(range(len(cosines)), map(kth.__le__, cosines)))
    vec_max = max(map(cosines.__getitem__, rows))  # the largest passes: the vector side's max
    vec_max = vec_max if vec_max > 0.0 else 1.0
    text_max = max(text.values(), default=0.0)
    text_max = text_max if text_max > 0.0 else 1.0
    best = {d: w_vec * cosines[d] / vec_max for d in rows}
    text_only = 0
    for d, s in text.items():
        v = cosines[d]
        if v >= similarity:
            best[d] = w_text * s / text_max + w_vec * v / vec_max
        else:
            best[d] = w_text * s / text_max + 0.0
            text_only += 1
    if len(best) < wanted or heapq.nlargest(wanted, best.values())[-1] <= w_vec * kth / vec_max:
        return None
    return passes + text_only, best


def kernel_fuse(
    lists: tuple[array[int], array[int], array[int], array[float]],
    lengths: array[int],
    norms: array[float],
    cosines: array[float],
    dropped: array[int],
    params: tuple[float, float, float, float],
    wanted: int,
    kernel: VectorKernel | None,
) -> tuple[int, dict[int, float]] | None:
    """``(count, fused scores of the best `wanted`)`` of a hybrid search without filters,
    facets or sorting over one field, by the ``kernel``'s ``fuse`` (the BM25 sums, the
    fusion and the top in one call: :func:`~amplify_memory.search._vector.python_fuse`);
    None when the kernel has none or fails (the caller then scores in Python).
    ``lists``: :meth:`FullTextScorer.posting_lists`; ``dropped``: the removed documents'
    numbers; ``params``: ``(k1 + 1, similarity, text weight, vector weight)``."""
    fuse_top = getattr(kernel, "fuse", None)
    if fuse_top is None or wanted <= 0:
        return None
    docs, tfs, starts, weights = lists
    k = min(wanted, len(cosines))  # (no more rows than documents: "offset=2**40" is fine)
    rows, scores = array("i", bytes(4 * k)), array("d", bytes(8 * k))
    result = array("d", [0.0, 0.0])
    try:
        fuse_top(
            docs, tfs, starts, weights, lengths, norms, cosines, dropped, array("d", params), rows,
            scores, result,
        )  # fmt: skip
    except Exception as err:  # a broken kernel must not break search: pure Python
        disable_vector_kernel(kernel, err)  # type: ignore[arg-type]
        return None
    written = int(result[1])
    return int(result[0]), dict(zip(rows[:written], scores[:written], strict=True))


def fuse(
    text: Mapping[int, float], vec: Mapping[int, float], weights: tuple[float, float]
) -> dict[int, float]:
    """Hybrid score: ``w_text * text / max(text) + w_vector * vec / max(vec)``."""
    text_max = max(text.values(), default=0.0)
    vec_max = max(vec.values(), default=0.0)
    text_max = text_max if text_max > 0.0 else 1.0
    vec_max = vec_max if vec_max > 0.0 else 1.0
    w_text, w_vec = weights
    out = {d: w_vec * s / vec_max for d, s in vec.items()}  # usually the larger side
    get = out.get
    for d, s in text.items():
        out[d] = w_text * s / text_max + get(d, 0.0)
    return out
