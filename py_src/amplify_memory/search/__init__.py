"""A pure-Python BM25 and vector search engine for agent memories.

Runs unchanged on CPython 3.11+ and in Pyodide; its only dependency is
``snowballstemmer``.

>>> from amplify_memory.search import Database
>>> db = Database({"id": "string", "content": "string", "tags": "string[]"})
>>> db.insert({"id": "a", "content": "The user prefers TypeScript", "tags": ["lang"]})
'a'
>>> db.search("typescript preference").hits[0].id
'a'

Layout: :mod:`._database` (the :class:`Database`, assembled from :mod:`._core`,
:mod:`._documents`, :mod:`._searching` and :mod:`._persistence`), :mod:`._query` (a
search's checked arguments), :mod:`._bm25` and :mod:`._ranking` (the search modes),
:mod:`._tokenizer` (analysis),
:mod:`._scoring` (BM25), :mod:`._index` (postings), :mod:`._vocabulary` (prefix and
fuzzy look-ups), :mod:`._filters` (``where``), :mod:`._facets`, :mod:`._vector`,
:mod:`._snapshot` (save/load), :mod:`._schema`, :mod:`._defaults` (every default).
"""

from __future__ import annotations

from amplify_memory.search._database import Database
from amplify_memory.search._defaults import (
    DEFAULT_B,
    DEFAULT_K1,
    DEFAULT_LANGUAGE,
    DEFAULT_SIMILARITY,
    FUZZY_PENALTY,
    PREFIX_PENALTY,
)
from amplify_memory.search._results import Hit, SearchResult
from amplify_memory.search._schema import Property
from amplify_memory.search._scoring import bm25, fuzzy_weight, idf, length_norm, prefix_weight
from amplify_memory.search._snapshot import FORMAT as SNAPSHOT_FORMAT
from amplify_memory.search._snapshot import VERSION as SNAPSHOT_VERSION
from amplify_memory.search._snapshot import absent_vectors, document_count, snapshot_documents
from amplify_memory.search._tokenizer import (
    SUPPORTED_LANGUAGES,
    Tokenizer,
    fold,
    segment_scripts,
    split_words,
)
from amplify_memory.text import ENGLISH_STOP_WORDS

__all__ = [
    "DEFAULT_B",
    "DEFAULT_K1",
    "DEFAULT_LANGUAGE",
    "DEFAULT_SIMILARITY",
    "ENGLISH_STOP_WORDS",
    "FUZZY_PENALTY",
    "PREFIX_PENALTY",
    "SNAPSHOT_FORMAT",
    "SNAPSHOT_VERSION",
    "SUPPORTED_LANGUAGES",
    "Database",
    "Hit",
    "Property",
    "SearchResult",
    "Tokenizer",
    "absent_vectors",
    "bm25",
    "document_count",
    "fold",
    "fuzzy_weight",
    "idf",
    "length_norm",
    "prefix_weight",
    "segment_scripts",
    "snapshot_documents",
    "split_words",
]
