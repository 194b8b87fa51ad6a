"""Text analysis below every layer that reads words: folding (case and accents), the
English stop words and stemming (Snowball, with an exact fast English implementation).
The search engine's tokenizer, the memories' similarity and the hashing embedding use
these, and nothing else folds, stops or stems."""

from __future__ import annotations

from amplify_memory.text._fold import fold, strip_accents
from amplify_memory.text._stem import snowball_stemmer, stem_english, stem_english_any
from amplify_memory.text._stopwords import (
    ENGLISH_STOP_WORDS,
    HASHING_STOP_WORDS,
    MEMORY_STOP_WORDS,
)

__all__ = [
    "ENGLISH_STOP_WORDS",
    "HASHING_STOP_WORDS",
    "MEMORY_STOP_WORDS",
    "fold",
    "snowball_stemmer",
    "stem_english",
    "stem_english_any",
    "strip_accents",
]
