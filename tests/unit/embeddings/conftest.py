"""Fixtures: the real distilled table (built once by ``tools/embedding_table.py``,
then cached in ``build/embeddings/``) and its reference data."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from amplify_memory.embeddings import StaticEmbeddingTable

ROOT = Path(__file__).resolve().parents[3]
if str(ROOT / "tools") not in sys.path:
    sys.path.insert(0, str(ROOT / "tools"))

import embedding_table  # noqa: E402


@pytest.fixture(scope="session")
def table_path() -> Path:
    """The table's path; builds ``.venv-embed`` and the table on a fresh machine."""
    return embedding_table.ensure_table(embedding_table.CACHE_DIR)


@pytest.fixture(scope="session")
def table(table_path: Path) -> StaticEmbeddingTable:
    return StaticEmbeddingTable.from_bytes(table_path.read_bytes())


@pytest.fixture(scope="session")
def reference(table_path: Path) -> dict[str, Any]:
    """Reference-tokenizer ids and numpy vectors written by the distil step."""
    path = table_path.parent / f"reference-{table_path.name}.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data
