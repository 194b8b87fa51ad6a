"""A snapshot's vectors are encoded a chunk of rows at a time (issue 14: bounded memory).

Encoding a column copied it whole when a document had been removed or had no vector
(51 MB at 100,000 entries), and held its whole upper plane before compressing it. The
chunked encoding must write the same planes whatever the chunk, dense or not.
"""

from __future__ import annotations

import random
import zlib

import pytest

import amplify_memory.search._snapshot as snapshot_module
from amplify_memory.search import Database

DIM = 8
SCHEMA = {"id": "string", "content": "string", "embedding": f"vector[{DIM}]"}


def _database(*, holes: bool) -> Database:
    rng = random.Random(3)
    db = Database(SCHEMA)
    docs = []
    for i in range(300):
        doc: dict[str, object] = {"id": f"d{i}", "content": f"note {i} about builds"}
        if not holes or i % 9:
            doc["embedding"] = [rng.uniform(-1, 1) for _ in range(DIM)]
        docs.append(doc)
    db.insert_multiple(docs)
    if holes:
        for i in (4, 5, 200):
            db.remove(f"d{i}")
    return db


def _planes(db: Database) -> tuple[bytes, bytes, bytes]:
    saved = db.save(binary=True)
    entry = saved["vectors"]["embedding"]
    blobs = saved["blobs"]
    present, high, low = (bytes(blobs[entry[k]["blob"]]) for k in ("present", "high", "low"))
    return present, zlib.decompress(high), low


@pytest.mark.parametrize("holes", [False, True])
@pytest.mark.parametrize("chunk", [1, DIM, 7 * DIM + 3, 1 << 20])
def test_the_planes_are_the_same_whatever_the_chunk(
    monkeypatch: pytest.MonkeyPatch, holes: bool, chunk: int
) -> None:
    db = _database(holes=holes)
    whole = _planes(db)
    monkeypatch.setattr(snapshot_module, "_ROWS_CHUNK", chunk)
    assert _planes(db) == whole
    present, high, low = whole
    assert len(high) == len(low) == present.count(1) * DIM
    again = Database(SCHEMA)
    again.load(db.save(binary=True))
    query = {"value": [0.5] * DIM, "property": "embedding"}
    got = [(h.id, round(h.score, 6)) for h in again.search(mode="vector", vector=query).hits]
    want = [(h.id, round(h.score, 6)) for h in db.search(mode="vector", vector=query).hits]
    assert got == want


def test_a_chunk_of_rows_is_never_the_whole_column(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[int] = []
    planes = snapshot_module.bfloat16_planes

    def watched(rows):  # type: ignore[no-untyped-def]
        seen.append(len(memoryview(rows).cast("B")) // 4)
        return planes(rows)

    monkeypatch.setattr(snapshot_module, "bfloat16_planes", watched)
    monkeypatch.setattr(snapshot_module, "_ROWS_CHUNK", 10 * DIM)
    for holes in (False, True):
        seen.clear()
        _database(holes=holes).save(binary=True)
        assert max(seen) <= 10 * DIM
        assert sum(seen) == (263 if holes else 300) * DIM  # (34 without, 3 removed)
