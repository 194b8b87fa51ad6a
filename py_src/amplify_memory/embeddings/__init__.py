"""Static sentence embeddings in pure Python: a table distilled from a real model.

``tools/embedding_table.py`` distils all-MiniLM-L6-v2 at build time into one int8 row
per WordPiece token (format: :mod:`amplify_memory.embeddings._table`). At run time a
text is tokenised exactly as the model's own tokenizer does
(:class:`WordPieceTokenizer`) and its vector is the L2-normalised sum of its tokens'
rows: table look-ups and integer additions, no numpy, the same in CPython and Pyodide.

>>> from amplify_memory.embeddings import StaticEmbeddingProvider, StaticEmbeddingTable
>>> from amplify_memory.embeddings import encode_table
>>> data = encode_table(model="tiny", vocab=["[UNK]", "hot", "tea"],
...                     scales=[1.0, 1.0], rows=bytes([0, 0, 3, 4, 0, 5]))
>>> provider = StaticEmbeddingProvider(StaticEmbeddingTable.from_bytes(data))
>>> provider.vector("Hot!")
[0.6, 0.8]

The process-wide provider the memory stores and local vector collections use by
default is :func:`default_provider` (loaded lazily, once; :mod:`._default`).

Layout: :mod:`._wordpiece` (the tokenizer), :mod:`._table` (the file format),
:mod:`._static` (the table and the provider), :mod:`._default` (the lazy default).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from amplify_memory._lazy import lazy_names

if TYPE_CHECKING:
    from amplify_memory.embeddings._default import (
        DEFAULT_TABLE_FILE,
        DEFAULT_TABLE_URL,
        TABLE_ENV_VAR,
        EmbeddingTableUnavailableError,
        configure_default_provider,
        default_provider,
        default_provider_error,
        find_table_path,
        load_table_provider,
        peek_default_provider,
        reset_default_provider,
    )
    from amplify_memory.embeddings._provider import EmbeddingProvider, EmbeddingSpec
    from amplify_memory.embeddings._static import StaticEmbeddingProvider, StaticEmbeddingTable
    from amplify_memory.embeddings._table import (
        TABLE_FORMAT,
        TABLE_VERSION,
        TableFormatError,
        decode_table,
        encode_table,
    )
    from amplify_memory.embeddings._wordpiece import WordPieceTokenizer

# Each public name and the module that defines it, loaded on first use: the memory stores
# import the interface (:mod:`._provider`) without the table, its format and tokenizer.
_HOME: dict[str, str] = {
    "DEFAULT_TABLE_FILE": "amplify_memory.embeddings._default",
    "DEFAULT_TABLE_URL": "amplify_memory.embeddings._default",
    "TABLE_ENV_VAR": "amplify_memory.embeddings._default",
    "EmbeddingTableUnavailableError": "amplify_memory.embeddings._default",
    "configure_default_provider": "amplify_memory.embeddings._default",
    "default_provider": "amplify_memory.embeddings._default",
    "default_provider_error": "amplify_memory.embeddings._default",
    "find_table_path": "amplify_memory.embeddings._default",
    "load_table_provider": "amplify_memory.embeddings._default",
    "peek_default_provider": "amplify_memory.embeddings._default",
    "reset_default_provider": "amplify_memory.embeddings._default",
    "EmbeddingProvider": "amplify_memory.embeddings._provider",
    "EmbeddingSpec": "amplify_memory.embeddings._provider",
    "StaticEmbeddingProvider": "amplify_memory.embeddings._static",
    "StaticEmbeddingTable": "amplify_memory.embeddings._static",
    "TableFormatError": "amplify_memory.embeddings._table",
    "decode_table": "amplify_memory.embeddings._table",
    "encode_table": "amplify_memory.embeddings._table",
    "WordPieceTokenizer": "amplify_memory.embeddings._wordpiece",
    "TABLE_FORMAT": "amplify_memory.embeddings._table",
    "TABLE_VERSION": "amplify_memory.embeddings._table",
}
__getattr__, __dir__ = lazy_names(__name__, _HOME)


__all__ = [
    "DEFAULT_TABLE_FILE",
    "DEFAULT_TABLE_URL",
    "TABLE_ENV_VAR",
    "TABLE_FORMAT",
    "TABLE_VERSION",
    "EmbeddingProvider",
    "EmbeddingSpec",
    "EmbeddingTableUnavailableError",
    "StaticEmbeddingProvider",
    "StaticEmbeddingTable",
    "TableFormatError",
    "WordPieceTokenizer",
    "configure_default_provider",
    "decode_table",
    "default_provider",
    "default_provider_error",
    "encode_table",
    "find_table_path",
    "load_table_provider",
    "peek_default_provider",
    "reset_default_provider",
]
