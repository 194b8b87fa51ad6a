"""Thresholds of the memory stores, in one place (light to import: the rule modules that
use them load on first need)."""

from __future__ import annotations

from typing import Final

__all__ = ["DEFAULT_DUPLICATE_THRESHOLD", "SEMANTIC_DUPLICATE_COSINE"]

#: Lexical similarity (:func:`~amplify_memory.memory.similarity.content_similarity`) at
#: which two facts without a known topic are one.
DEFAULT_DUPLICATE_THRESHOLD: Final = 0.8
#: Embedding cosine at which two facts naming the same values are one.
SEMANTIC_DUPLICATE_COSINE: Final = 0.7
