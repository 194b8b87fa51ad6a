"""Static sentence embeddings in pure Python: a table distilled from a real model.

``tools/embedding_table.py`` distils all-MiniLM-L6-v2 at build time into one int8 row
per WordPiece token (format: :mod:`amplify_memory.embeddings._table`). At run time a
text is tokenised exactly as the model's own tokenizer does
(:class:`WordPieceTokenizer`) and its vector is the L2-normalised sum of its tokens'
rows: table look-ups and integer additions, no numpy, the same in CPython and Pyodide.

>>> from amplify_memory.embeddings import StaticEmbeddingProvider, StaticEmbeddingTable
>>> data = encode_table(model="tiny", vocab=["[UNK]", "hot", "tea"],
...                     scales=[1.0, 1.0], rows=bytes([0, 0, 3, 4, 0, 5]))
>>> provider = StaticEmbeddingProvider(StaticEmbeddingTable.from_bytes(data))
>>> provider.vector("Hot!")
[0.6, 0.8]

Layout: :mod:`._wordpiece` (the tokenizer), :mod:`._table` (the file format),
:mod:`._static` (the table and the provider).
"""

from __future__ import annotations

from amplify_memory.embeddings._static import StaticEmbeddingProvider, StaticEmbeddingTable
from amplify_memory.embeddings._table import (
    FORMAT as TABLE_FORMAT,
)
from amplify_memory.embeddings._table import (
    VERSION as TABLE_VERSION,
)
from amplify_memory.embeddings._table import (
    TableFormatError,
    decode_table,
    encode_table,
)
from amplify_memory.embeddings._wordpiece import WordPieceTokenizer

__all__ = [
    "TABLE_FORMAT",
    "TABLE_VERSION",
    "StaticEmbeddingProvider",
    "StaticEmbeddingTable",
    "TableFormatError",
    "WordPieceTokenizer",
    "decode_table",
    "encode_table",
]
