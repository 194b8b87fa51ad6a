"""BM25 scoring as small pure functions.

Okapi BM25 (Robertson & Zaragoza, "The Probabilistic Relevance Framework: BM25 and
Beyond", 2009) with the Lucene idf that never goes negative. The search loop in
:mod:`._bm25` inlines the same arithmetic for speed; tests assert it agrees with
:func:`bm25` here.

Parameters, shared by every function:

- ``tf``: occurrences of the term in the field of the document (>= 1). For a
  ``string[]`` field, occurrences over all its elements.
- ``df``: documents whose field contains the term (1 <= df <= n_docs).
- ``n_docs``: documents with at least one indexed token in the field.
- ``field_length``: indexed tokens (stop words excluded) in the document's field; for
  ``string[]`` the sum over its elements.
- ``avg_field_length``: mean ``field_length`` over those ``n_docs`` documents.
- ``k1``: term-frequency saturation, >= 0 (default 1.2).
- ``b``: length normalisation, 0..1 (default 0.75).

A document's score is the sum over query terms and searched fields of
``boost[field] * query_tf * weight * bm25(...)``, where ``weight`` is 1 for an exact
term and :func:`prefix_weight` / :func:`fuzzy_weight` for an expansion.
"""

from __future__ import annotations

import math

from amplify_memory.search._defaults import DEFAULT_B, DEFAULT_K1, FUZZY_PENALTY, PREFIX_PENALTY

__all__ = ["bm25", "fuzzy_weight", "idf", "length_norm", "prefix_weight"]


def idf(df: int, n_docs: int) -> float:
    """Inverse document frequency ``ln(1 + (N - n + 0.5) / (n + 0.5))``, always > 0.

    >>> round(idf(1, 3), 6)
    0.980829
    """
    return math.log(1.0 + (n_docs - df + 0.5) / (df + 0.5))


def length_norm(
    field_length: int, avg_field_length: float, k1: float = DEFAULT_K1, b: float = DEFAULT_B
) -> float:
    """The ``k1 * (1 - b + b * len / avglen)`` term of the BM25 denominator."""
    return k1 * (1.0 - b + b * field_length / avg_field_length)


def bm25(
    tf: int,
    df: int,
    n_docs: int,
    field_length: int,
    avg_field_length: float,
    k1: float = DEFAULT_K1,
    b: float = DEFAULT_B,
) -> float:
    """BM25 weight of one term in one field of one document.

    ``idf(df, N) * tf * (k1 + 1) / (tf + k1 * (1 - b + b * len / avglen))``

    >>> round(bm25(tf=1, df=1, n_docs=2, field_length=2, avg_field_length=2.0), 6)
    0.693147
    """
    norm = length_norm(field_length, avg_field_length, k1, b)
    return idf(df, n_docs) * (tf * (k1 + 1.0) / (tf + norm))


def prefix_weight(prefix_length: int, word_length: int) -> float:
    """Weight of a prefix expansion: ``PREFIX_PENALTY * prefix_length / word_length``.

    Always below 1 (an exact match weighs 1), and lower for longer completions:
    "migr" -> "migration" weighs 0.5 * 4 / 9.

    >>> prefix_weight(4, 8)
    0.25
    """
    return PREFIX_PENALTY * min(prefix_length, word_length) / max(word_length, 1)


def fuzzy_weight(distance: int) -> float:
    """Weight of a match ``distance`` edits away: ``FUZZY_PENALTY ** distance``.

    >>> fuzzy_weight(1), fuzzy_weight(2)
    (0.5, 0.25)
    """
    return float(FUZZY_PENALTY**distance)
