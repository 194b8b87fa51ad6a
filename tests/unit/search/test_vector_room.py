"""A vector column keeps room to grow (issue 14).

A store opened from a snapshot held its vectors in a buffer of exactly their size, so the
first add after the open copied all of them to a larger one (51 MB at 100,000 entries:
the reopened tab's wasm heap 259 -> 311 MB with five adds in its log). A loaded column
keeps an eighth more rows, and a growing one grows by an eighth at once.
"""

from __future__ import annotations

import random

from amplify_memory.search import Database
from amplify_memory.search._vector import VectorColumn, spare_rows

DIM = 8
SCHEMA = {"id": "string", "content": "string", "embedding": f"vector[{DIM}]"}


def _doc(i: int, rng: random.Random) -> dict[str, object]:
    return {
        "id": f"d{i}",
        "content": f"note {i} about builds",
        "embedding": [rng.uniform(-1, 1) for _ in range(DIM)],
    }


def _column(db: Database) -> VectorColumn:
    return db._state.vectors["embedding"]


def _saved_and_loaded(n: int, rng: random.Random) -> tuple[Database, Database]:
    """A database of ``n`` documents and another loaded from its snapshot of bytes."""
    db = Database(SCHEMA)
    db.insert_multiple([_doc(i, rng) for i in range(n)])
    again = Database(SCHEMA)
    again.load(db.save(binary=True))
    return db, again


def test_a_loaded_column_has_room_and_adds_do_not_move_it() -> None:
    rng = random.Random(1)
    _, again = _saved_and_loaded(400, rng)
    column = _column(again)
    assert len(column.data) == (400 + spare_rows(400)) * DIM
    address = column.data.buffer_info()[0]
    for i in range(400, 400 + spare_rows(400)):
        again.insert(_doc(i, rng))
    assert column.data.buffer_info()[0] == address  # (no copy to a larger buffer)
    assert len(column) == 400 + spare_rows(400)


def test_the_room_is_not_saved_and_searches_are_the_same() -> None:
    rng = random.Random(2)
    db, again = _saved_and_loaded(300, rng)
    assert again.save()["vectors"] == db.save()["vectors"]  # (the room is not written)
    query = [rng.uniform(-1, 1) for _ in range(DIM)]
    for mode in ("vector", "hybrid"):
        want = db.search(term="builds", mode=mode, vector={"value": query, "property": "embedding"})
        got = again.search(
            term="builds", mode=mode, vector={"value": query, "property": "embedding"}
        )
        assert [(h.id, h.score) for h in got.hits] == [(h.id, h.score) for h in want.hits]


def test_a_growing_column_grows_by_an_eighth_at_once() -> None:
    column = VectorColumn(DIM)
    sizes = set()
    for rows in range(2000):
        column.grow()
        assert len(column.data) >= (rows + 1) * DIM
        sizes.add(len(column.data))
    assert len(sizes) < 80  # (one row at a time: 2,000 sizes)
    assert len(column) == 2000
