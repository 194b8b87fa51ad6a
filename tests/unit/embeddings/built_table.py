"""The real distilled table for tests of other packages (memory stores, agent): built once
by ``tools/embedding_table.py`` (``.venv-embed`` on a fresh machine), then cached in
``build/embeddings/``."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


@cache
def built_table_path() -> Path:
    """The table's path (built on first call when missing)."""
    if str(ROOT / "tools") not in sys.path:
        sys.path.insert(0, str(ROOT / "tools"))
    import embedding_table  # type: ignore[import-not-found]

    path: Path = embedding_table.ensure_table(embedding_table.CACHE_DIR)
    return path
