"""A vector column kept in buffers of CHUNK_ROWS rows (issue 14: bounded memory).

One buffer for every row was copied into a larger one as the store grew (at 91,000
entries a new 53 MB buffer beside the old 47 MB: the importing tab's wasm heap peak).
The column grows a buffer at a time and never copies a full one; searches, snapshots
and loads are the same whatever the buffer size.
"""

from __future__ import annotations

import random

import pytest

import amplify_memory.search._vector as vector_module
from amplify_memory.search import Database
from amplify_memory.search._vector import VectorColumn, python_kernel

DIM = 6
SCHEMA = {"id": "string", "content": "string", "embedding": f"vector[{DIM}]"}
WORDS = ["tabs", "rust", "vim", "go", "nix", "zsh", "fish"]


def _filled(n: int, seed: int = 2) -> Database:
    rng = random.Random(seed)
    db = Database(SCHEMA)
    docs = []
    for i in range(n):
        doc: dict[str, object] = {"id": f"d{i}", "content": " ".join(rng.choices(WORDS, k=4))}
        if i % 6:
            doc["embedding"] = [rng.uniform(-1, 1) for _ in range(DIM)]
        docs.append(doc)
    db.insert_multiple(docs)
    for i in (3, 40, 41):
        db.remove(f"d{i}")
    db.update("d7", {"id": "d7", "content": "vim rust", "embedding": [0.5] * DIM})
    return db


def _answers(db: Database) -> list[object]:
    rng = random.Random(9)
    out: list[object] = []
    for _ in range(6):
        query = {"value": [rng.uniform(-1, 1) for _ in range(DIM)], "property": "embedding"}
        vector = db.search(mode="vector", vector=query, limit=20)
        hybrid = db.search(term=rng.choice(WORDS), vector=query, limit=20)
        out.append([(h.id, round(h.score, 9)) for h in vector.hits])
        out.append([(h.id, round(h.score, 9)) for h in hybrid.hits])
    out.append(db.get("d7"))
    out.append(db.get("d12"))
    return out


@pytest.mark.parametrize("rows", [1, 5, 16])
def test_searches_snapshots_and_loads_are_the_same_in_small_buffers(
    monkeypatch: pytest.MonkeyPatch, rows: int
) -> None:
    expected = _answers(_filled(150))
    saved = _filled(150).save(binary=True)
    monkeypatch.setattr(vector_module, "CHUNK_ROWS", rows)
    db = _filled(150)
    column = db._state.vectors["embedding"]
    assert len(column.chunks) == -(-150 // rows)
    assert _answers(db) == expected
    assert db.save(binary=True) == saved  # (the same bytes: buffers are not saved)
    for snapshot in (saved, db.save()):
        again = Database(SCHEMA)
        again.load(snapshot)
        # (a load renumbers: the 3 removed documents are gone)
        assert len(again._state.vectors["embedding"].chunks) == -(-147 // rows)
        assert _answers(again) == expected


def test_a_full_buffer_is_never_copied(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vector_module, "CHUNK_ROWS", 32)
    column = VectorColumn(DIM)
    addresses: dict[int, int] = {}
    for d in range(500):
        column.grow()
        column.set(d, [float(d + 1)] * DIM)
        for c, chunk in enumerate(column.chunks[:-1]):  # (every full buffer)
            assert len(chunk) == 32 * DIM
            assert addresses.setdefault(c, chunk.buffer_info()[0]) == chunk.buffer_info()[0]
    assert [column.row(d) for d in (0, 31, 32, 499)] == [[1.0] * DIM, [32.0] * DIM,
                                                           [33.0] * DIM, [500.0] * DIM]  # fmt: skip
    out = column.cosines(python_kernel, [1.0] + [0.0] * (DIM - 1))
    assert len(out) == 500
    assert all(abs(x - 1 / DIM**0.5) < 1e-6 for x in out)


def test_a_small_column_stays_small() -> None:
    """The buffer grows by an eighth (at least a row) up to CHUNK_ROWS rows: a store of
    a few entries does not hold a whole buffer of zeros."""
    column = VectorColumn(128)
    for _ in range(10):
        column.grow()
    assert len(column.chunks) == 1
    assert len(column.chunks[0]) <= 12 * 128


def test_a_failed_encoding_leaves_every_buffer_free_to_grow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Rows handed to the encoding must not be views of the column's buffers: an error
    kept with its traceback (as a store keeps its last write error) held one, and the
    next add could not grow the buffer it viewed (``BufferError``, with the document
    half added). Found by a second reader; it was so before the buffers too."""
    import amplify_memory.search._snapshot as snapshot_module

    monkeypatch.setattr(vector_module, "CHUNK_ROWS", 64)
    rng = random.Random(1)
    db = Database(SCHEMA)
    db.insert_multiple(
        [
            {"id": f"d{i}", "content": "go", "embedding": [rng.uniform(-1, 1) for _ in range(DIM)]}
            for i in range(100)
        ]
    )
    planes, calls = snapshot_module.bfloat16_planes, []

    def failing(rows):  # type: ignore[no-untyped-def]
        calls.append(1)
        if len(calls) == 6:  # (rows of the last buffer, the one that grows)
            raise MemoryError("no room for the planes")
        return planes(rows)

    monkeypatch.setattr(snapshot_module, "bfloat16_planes", failing)
    monkeypatch.setattr(snapshot_module, "_ROWS_CHUNK", 16 * DIM)
    kept = None
    try:
        db.save(binary=True)
    except MemoryError as err:
        kept = err  # (traceback and all)
    assert kept is not None
    assert kept.__traceback__ is not None
    for i in range(100, 200):  # (the last buffer grows, then a new one starts)
        db.insert({"id": f"d{i}", "content": "go", "embedding": [0.5] * DIM})
    assert len(db) == 200
    assert db.get("d150")["embedding"] == [0.5] * DIM  # type: ignore[index]
