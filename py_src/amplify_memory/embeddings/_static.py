"""Static embeddings: a text's vector is the normalised sum of its tokens' table rows.

The rows are int8 with one float scale per dimension, so the sum of a text's rows is
an exact integer sum scaled once at the end. To make that sum fast in pure Python
(CPython and Pyodide alike), each row is packed once, on first use, into one Python
integer with a 32-bit lane per dimension (``value + 128`` in each lane); adding the
integers of a text's tokens adds every lane at once, and the lanes are unpacked with
:mod:`struct`. Lanes cannot overflow below 2**24 tokens per text, far beyond any memory.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Sequence
from itertools import repeat
from operator import mul, sub, truediv
from typing import Any, Final

from amplify_memory.embeddings._provider import EmbeddingProvider, EmbeddingSpec
from amplify_memory.embeddings._table import TableFormatError, decode_table
from amplify_memory.embeddings._wordpiece import WordPieceTokenizer
from amplify_memory.errors import ArgumentTypeError, describe

__all__ = ["StaticEmbeddingProvider", "StaticEmbeddingTable"]

_BIAS: Final = 128
_MAX_TOKENS: Final = (1 << 24) - 1


class StaticEmbeddingTable:
    """A token-embedding table and the tokenizer that goes with it.

    Build it with :meth:`from_bytes` from a file made by ``tools/embedding_table.py``
    (the page fetches the bytes from its own origin; the reader does no IO).

    >>> from amplify_memory.embeddings import encode_table
    >>> data = encode_table(model="tiny", vocab=["[UNK]", "hot", "tea"],
    ...                     scales=[0.5, 0.25], rows=bytes([0, 0, 2, 0, 0, 4]))
    >>> table = StaticEmbeddingTable.from_bytes(data)
    >>> table.vector("Hot tea")
    [0.7071067811865475, 0.7071067811865475]
    """

    def __init__(
        self,
        header: dict[str, Any],
        vocab: list[str],
        scales: Sequence[float],
        rows: bytes,
    ) -> None:
        self.header = header
        self.model: str = str(header["model"])
        self.dimension: int = int(header["dimension"])
        self.vocab = vocab
        self.scales = tuple(float(s) for s in scales)
        self._rows = rows
        self._packed: dict[int, int] = {}
        self._unpack = struct.Struct(f"<{self.dimension}I").unpack
        settings = dict(header.get("tokenizer") or {})
        if settings.pop("type", "bert-wordpiece") != "bert-wordpiece":
            raise TableFormatError(f"unknown tokenizer type in the table: {header['tokenizer']}")
        try:
            self.tokenizer = WordPieceTokenizer(vocab, **settings)
        except TypeError as err:
            raise TableFormatError(f"unknown tokenizer settings in the table: {err}") from err

    @classmethod
    def from_bytes(cls, data: bytes) -> StaticEmbeddingTable:
        """Read a table (gzipped or not); :class:`TableFormatError` when it cannot."""
        header, vocab, scales, rows = decode_table(data)
        return cls(header, vocab, scales, rows)

    def row(self, token_id: int) -> list[int]:
        """The int8 row of a token id (multiply by :attr:`scales` for its vector)."""
        d = self.dimension
        return [b - 256 if b > 127 else b for b in self._rows[token_id * d : (token_id + 1) * d]]

    def _packed_row(self, token_id: int) -> int:
        packed = self._packed.get(token_id)
        if packed is None:
            lanes = [(v + _BIAS) for v in self.row(token_id)]
            packed = int.from_bytes(struct.pack(f"<{self.dimension}I", *lanes), "little")
            self._packed[token_id] = packed
        return packed

    def ids_vector(self, ids: Sequence[int]) -> list[float]:
        """The L2-normalised sum of the rows of ``ids`` (the zero vector for none)."""
        d = self.dimension
        if len(ids) <= _MAX_TOKENS:
            lanes = self._unpack(sum(map(self._packed_row, ids)).to_bytes(4 * d, "little"))
            bias = _BIAS * len(ids)
            vec = list(map(mul, map(sub, lanes, repeat(bias)), self.scales))
        else:  # pragma: no cover - 16 million tokens in one text
            return self.ids_vector_slow(ids)
        length = math.hypot(*vec)
        if not length:
            return [0.0] * d
        return list(map(truediv, vec, repeat(length)))

    def ids_vector_slow(self, ids: Sequence[int]) -> list[float]:
        """:meth:`ids_vector` with the rows summed one by one (the plain definition)."""
        sums = [0] * self.dimension
        for i in ids:
            sums = [a + b for a, b in zip(sums, self.row(i), strict=True)]
        vec = [x * s for x, s in zip(sums, self.scales, strict=True)]
        length = math.hypot(*vec)
        return [x / length for x in vec] if length else [0.0] * self.dimension

    def vector(self, text: str) -> list[float]:
        """The embedding of ``text``: tokenise, sum rows, L2-normalise (deterministic)."""
        return self.ids_vector(self.tokenizer.encode(text))


class StaticEmbeddingProvider(EmbeddingProvider):
    """The agent's :class:`~amplify_memory.agent.EmbeddingProvider` over a static table:
    pure Python, no network, deterministic, L2-normalised vectors.

    The spec's model name is the table's (e.g. ``amplify-static-minilm-d128-v1``) and
    its dimension the table's. A text without any known token (``""``, ``"  "``) gets
    the zero vector.

    >>> import asyncio
    >>> from amplify_memory.embeddings import encode_table
    >>> table = StaticEmbeddingTable.from_bytes(encode_table(
    ...     model="tiny", vocab=["[UNK]", "tea"], scales=[1.0], rows=bytes([0, 3])))
    >>> provider = StaticEmbeddingProvider(table)
    >>> provider.spec
    EmbeddingSpec(model='tiny', dimension=1)
    >>> asyncio.run(provider.embed(["tea", ""]))
    [[1.0], [0.0]]
    """

    def __init__(self, table: StaticEmbeddingTable) -> None:
        if not isinstance(table, StaticEmbeddingTable):
            raise ArgumentTypeError(
                f"table expected a StaticEmbeddingTable, got {describe(table, 100)}"
            )
        self.table = table
        self.spec = EmbeddingSpec(table.model, table.dimension)
        self.load_info: dict[str, Any] = {}
        """How the table was loaded, when :func:`default_provider` or
        :func:`load_table_provider` loaded it: ``source``, ``bytes``, ``fetch_ms``,
        ``decode_ms``, ``load_ms``."""

    @property
    def load_ms(self) -> float | None:
        """Milliseconds to fetch (or read) and decode the table; None when not timed."""
        value = self.load_info.get("load_ms")
        return None if value is None else float(value)

    def vector(self, text: str) -> list[float]:
        """The embedding of ``text`` (synchronous)."""
        return self.table.vector(text)

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [self.table.vector(t) for t in texts]
