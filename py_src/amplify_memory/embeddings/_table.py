"""The static embedding table: its binary format, reader and writer (pure Python).

Format ``amplify-static-embeddings``, version 1, little-endian::

    8 bytes   magic b"AMSTATIC"
    4 bytes   uint32, length H of the header
    H bytes   header, UTF-8 JSON (see below)
    payload   the sections named in header["sections"], at [offset, length] from the
              payload start:
              "vocab"   the tokens, UTF-8, joined by "\\n" (id = position)
              "scales"  float32 x dimension: the dequantisation scale of each dimension
              "rows"    int8 x vocab_size x dimension, row-major: token i's row

The header holds ``format``, ``version``, ``model`` (the embedding model's name, e.g.
``amplify-static-minilm-d128-v1``), ``dimension``, ``vocab_size``, ``tokenizer`` (the
:class:`~amplify_memory.embeddings.WordPieceTokenizer` settings), ``source`` and
``recipe`` (how the table was made), ``sections`` and ``payload_sha256``. Row ``i``
stands for ``rows[i] * scales`` elementwise. The whole file may be gzipped; the reader
recognises that.

Only this module reads and writes the format; ``tools/embedding_table.py`` uses
:func:`encode_table` too (loaded by path, without numpy here).
"""

from __future__ import annotations

import gzip
import hashlib
import json
import struct
from collections.abc import Mapping, Sequence
from typing import Any, Final

from amplify_memory.errors import TableFormatError, describe

__all__ = ["FORMAT", "MAGIC", "VERSION", "TableFormatError", "decode_table", "encode_table"]

FORMAT: Final = "amplify-static-embeddings"
VERSION: Final = 1
#: The names the package exports them by (``amplify_memory.embeddings``).
TABLE_FORMAT: Final = FORMAT
TABLE_VERSION: Final = VERSION
MAGIC: Final = b"AMSTATIC"
_GZIP: Final = b"\x1f\x8b"


def encode_table(
    *,
    model: str,
    vocab: Sequence[str],
    scales: Sequence[float],
    rows: bytes,
    tokenizer: Mapping[str, Any] | None = None,
    source: Mapping[str, Any] | None = None,
    recipe: Mapping[str, Any] | None = None,
) -> bytes:
    """The bytes of a table (not gzipped). ``rows``: int8, ``len(vocab) x len(scales)``.

    >>> data = encode_table(model="tiny", vocab=["[UNK]", "a"], scales=[0.5], rows=b"\\x00\\x02")
    >>> data[:8]
    b'AMSTATIC'
    """
    dimension = len(scales)
    if dimension < 1 or len(rows) != len(vocab) * dimension:
        raise TableFormatError(
            f"rows expected {len(vocab)} x {dimension} = {len(vocab) * dimension} bytes, "
            f"got {len(rows)}"
        )
    if any("\n" in t for t in vocab):
        raise TableFormatError("a vocabulary token must not contain a newline")
    vocab_bytes = "\n".join(vocab).encode("utf-8")
    scale_bytes = struct.pack(f"<{dimension}f", *scales)
    payload = vocab_bytes + scale_bytes + bytes(rows)
    header = {
        "format": FORMAT,
        "version": VERSION,
        "model": model,
        "dimension": dimension,
        "vocab_size": len(vocab),
        "tokenizer": dict(tokenizer or default_tokenizer_settings()),
        "source": dict(source or {}),
        "recipe": dict(recipe or {}),
        "sections": {
            "vocab": [0, len(vocab_bytes)],
            "scales": [len(vocab_bytes), len(scale_bytes)],
            "rows": [len(vocab_bytes) + len(scale_bytes), len(rows)],
        },
        "payload_sha256": hashlib.sha256(payload).hexdigest(),
    }
    head = json.dumps(header, sort_keys=True, ensure_ascii=True).encode("utf-8")
    return MAGIC + struct.pack("<I", len(head)) + head + payload


def default_tokenizer_settings() -> dict[str, Any]:
    """BERT uncased settings (those of all-MiniLM-L6-v2)."""
    return {
        "type": "bert-wordpiece",
        "lowercase": True,
        "strip_accents": True,
        "handle_chinese_chars": True,
        "clean_text": True,
        "unk_token": "[UNK]",
        "continuing_subword_prefix": "##",
        "max_chars_per_word": 100,
        "special_tokens": ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"],
    }


def decode_table(data: bytes) -> tuple[dict[str, Any], list[str], tuple[float, ...], bytes]:
    """``(header, vocab, scales, rows)`` of a table's bytes (gzipped or not).

    Raises :class:`TableFormatError` naming what is wrong: not a table, another
    version, truncated, or a payload whose sha256 does not match.
    """
    raw = bytes(data)
    if raw[:2] == _GZIP:
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError) as err:
            raise TableFormatError(f"the gzipped table cannot be decompressed: {err}") from err
    if raw[:8] != MAGIC:
        raise TableFormatError(
            f"not a static embedding table: expected the magic {MAGIC!r}, got {describe(raw[:8])}"
        )
    if len(raw) < 12:
        raise TableFormatError("the table is truncated inside its header")
    (head_len,) = struct.unpack("<I", raw[8:12])
    try:
        header = json.loads(raw[12 : 12 + head_len].decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as err:
        raise TableFormatError(f"the table's header is not valid JSON: {err}") from err
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise TableFormatError(
            f"expected a table of format {FORMAT!r}, got {describe(header, 200)}"
        )
    if header.get("version") != VERSION:
        raise TableFormatError(
            f"table format version {describe(header.get('version'))} is not supported; this "
            f"amplify_memory reads version {VERSION} (rebuild the table or upgrade)"
        )
    payload = raw[12 + head_len :]
    if hashlib.sha256(payload).hexdigest() != header.get("payload_sha256"):
        raise TableFormatError("the table's payload does not match its sha256 (truncated?)")
    try:
        dimension = int(header["dimension"])
        vocab_size = int(header["vocab_size"])
        sections = {k: payload[o : o + n] for k, (o, n) in header["sections"].items()}
        vocab = sections["vocab"].decode("utf-8").split("\n") if vocab_size else []
        scales = struct.unpack(f"<{dimension}f", sections["scales"])
        rows = sections["rows"]
    except (KeyError, TypeError, ValueError, struct.error) as err:
        raise TableFormatError(f"the table's sections are malformed: {describe(err)}") from err
    if len(vocab) != vocab_size or len(rows) != vocab_size * dimension:
        raise TableFormatError(
            f"the table declares {vocab_size} tokens x {dimension} dimensions but holds "
            f"{len(vocab)} tokens and {len(rows)} row bytes"
        )
    return header, vocab, scales, rows
