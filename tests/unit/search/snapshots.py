"""Reading and changing a saved snapshot's documents (columns since version 3) in tests."""

from __future__ import annotations

from array import array
from collections.abc import Callable
from typing import Any

from amplify_memory.search import snapshot_documents
from amplify_memory.search._table import encode_table
from amplify_memory.search._vector import bfloat16_planes


def bfloat16_bytes(rows: array[float]) -> bytearray:
    """A version 4 or 5 snapshot's ``bfloat16le`` bytes of ``rows`` (bfloat16 already):
    each number's lower byte, then its upper byte (the writer of those versions)."""
    high, low = bfloat16_planes(rows)
    out = bytearray(2 * len(high))
    out[0::2], out[1::2] = low, high
    return out


def edit_documents(raw: dict[str, Any], change: Callable[[list[dict[str, Any]]], Any]) -> None:
    """Apply ``change`` to the snapshot's documents and write them back as columns (the
    values are kept as objects, not through JSON: a test can plant what JSON cannot)."""
    docs = snapshot_documents(raw)
    change(docs)
    raw["documents"] = encode_table(docs, copy=False)
