"""Thresholds of the memory stores, in one place (light to import: the rule modules that
use them load on first need)."""

from __future__ import annotations

from typing import Final

__all__ = [
    "DEFAULT_DUPLICATE_THRESHOLD",
    "MERGE_CANDIDATE_COSINE",
    "MERGE_PROBABILITY",
    "SEMANTIC_DUPLICATE_COSINE",
]

#: Lexical similarity (:func:`~amplify_memory.memory.similarity.content_similarity`) at
#: which two facts without a known topic are one.
DEFAULT_DUPLICATE_THRESHOLD: Final = 0.8
#: Embedding cosine at which two facts naming the same values are one (below it, the
#: merge model is asked).
SEMANTIC_DUPLICATE_COSINE: Final = 0.7
#: Least embedding cosine for a stored fact to lend its cosine to the comparison with a
#: new one (a stored fact found by its words or topic without one is weighed by the rules
#: alone: the merge model is not asked).
MERGE_CANDIDATE_COSINE: Final = 0.3
#: Least :func:`~amplify_memory.memory.merge_model.merge_probability` at which two facts
#: naming the same values, that no rule tells apart, are one (below
#: :data:`SEMANTIC_DUPLICATE_COSINE`; never without embeddings): chosen on the
#: cross-validation that ``bench/train_merge_model.py`` prints, where almost no other
#: label merges.
MERGE_PROBABILITY: Final = 0.6
