"""Reading and changing a saved snapshot's documents (columns since version 3) in tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from amplify_memory.search import snapshot_documents
from amplify_memory.search._table import encode_table


def edit_documents(raw: dict[str, Any], change: Callable[[list[dict[str, Any]]], Any]) -> None:
    """Apply ``change`` to the snapshot's documents and write them back as columns (the
    values are kept as objects, not through JSON: a test can plant what JSON cannot)."""
    docs = snapshot_documents(raw)
    change(docs)
    raw["documents"] = encode_table(docs, copy=False)
