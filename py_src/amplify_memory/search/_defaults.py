"""Every default of the search engine, in one place.

Changing a value here changes the behaviour of every new :class:`Database`; values
that shape the index (language, stemming, stop words, k1, b) are also written into
snapshots, so a loaded database keeps the settings it was built with.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "DEFAULT_B",
    "DEFAULT_HYBRID_WEIGHTS",
    "DEFAULT_K1",
    "DEFAULT_LANGUAGE",
    "DEFAULT_LIMIT",
    "DEFAULT_SIMILARITY",
    "FUZZY_PENALTY",
    "MAX_TOLERANCE",
    "PREFIX_PENALTY",
    "TOKEN_CACHE_SIZE",
]

#: Snowball language of the tokenizer (stemmer and, for English, stop words).
DEFAULT_LANGUAGE: Final = "english"
#: BM25 term-frequency saturation. 0 ignores term frequency; larger values let
#: repeated terms count longer. Range [0, inf). Lucene/Orama/MiniSearch use 1.2.
DEFAULT_K1: Final = 1.2
#: BM25 length normalisation. 0 ignores field length, 1 fully normalises by it.
#: Range [0, 1].
DEFAULT_B: Final = 0.75
#: Number of hits returned by ``search`` (``offset`` defaults to 0).
DEFAULT_LIMIT: Final = 10
#: Cosine-similarity cut-off of vector search (Orama's default).
DEFAULT_SIMILARITY: Final = 0.8
#: Weights of the max-normalised text and vector scores in hybrid search.
DEFAULT_HYBRID_WEIGHTS: Final = {"text": 0.5, "vector": 0.5}
#: Multiplier (< 1) on the score of a prefix expansion, before the length ratio
#: ``len(prefix) / len(word)``; see :func:`amplify_memory.search.prefix_weight`.
PREFIX_PENALTY: Final = 0.5
#: Multiplier (< 1) applied once per edit to a fuzzy (``tolerance``) match;
#: see :func:`amplify_memory.search.fuzzy_weight`.
FUZZY_PENALTY: Final = 0.5
#: Largest accepted ``tolerance`` (edit distance); bigger values match almost anything.
MAX_TOLERANCE: Final = 3
#: Entries of the per-tokenizer word caches (raw word -> analysed terms); a cache is
#: emptied when it grows past this size. A store's common words are far fewer; its
#: one-off words (numbers, names) filled 300,000 entries with 29 MB at 100,000 entries.
TOKEN_CACHE_SIZE: Final = 50_000
