"""The stored documents as rows of values, the keys once per shape (issue 14).

A dict per document held 464 bytes for a project store's 11 keys before any value
(46 MB at 100,000 entries); a row holds the values only. Reading gives the same dict,
a new one each time; columns and single values are read without making any dict.
"""

from __future__ import annotations

import random
import tracemalloc
from typing import Any

import pytest

from amplify_memory.search import Database
from amplify_memory.search._stored import StoredDocs
from amplify_memory.search._table import encode_columns, encode_table


def project_doc(i: int) -> dict[str, Any]:
    return {
        "id": f"{i:016x}",
        "projectId": "app",
        "content": f"Decided to use Redis for cache number {i}",
        "type": "decision",
        "createdAt": "2026-12-05T15:25:31.839Z",
        "updatedAt": "2026-12-05T15:25:31.839Z",
        "sourceChatId": "",
        "planPointId": "",
        "files": [],
        "tags": ["cache"] if i % 3 else [],
        "embeddingModel": "amplify-static-minilm-d128-v1",
    }


def mixed_docs(n: int, rng: random.Random) -> list[dict[str, Any] | None]:
    """Documents of three shapes (a missing key, another order) and a few holes."""
    docs: list[dict[str, Any] | None] = []
    for i in range(n):
        doc: dict[str, Any] = {"id": f"d{i}", "kind": rng.choice(["a", "b"]), "n": i}
        if i % 4 == 1:
            del doc["n"]
        if i % 5 == 2:
            doc = {"n": i, "id": f"d{i}", "kind": "c", "meta": {"x": [i]}}
        docs.append(None if i % 11 == 7 else doc)
    return docs


def test_a_document_reads_back_the_same_in_a_new_dict_each_time() -> None:
    given = mixed_docs(60, random.Random(1))
    stored = StoredDocs.of(list(given))
    assert len(stored) == 60
    assert [stored[d] for d in range(60)] == given
    assert all(list(stored[d] or {}) == list(doc or {}) for d, doc in enumerate(given))
    first = stored[0]
    assert first is not None
    first["kind"] = "changed"  # (a reader's dict is its own)
    assert stored[0] == given[0]
    assert [d for d in range(60) if stored.present(d)] == stored.live()
    assert stored.live() == [d for d, doc in enumerate(given) if doc is not None]
    stored[3] = {"id": "d3", "other": True}  # (a new shape by update)
    stored[4] = None
    assert stored[3] == {"id": "d3", "other": True}
    assert stored[4] is None
    assert list(stored)[3] == {"id": "d3", "other": True}


def test_of_a_list_empties_it_as_the_rows_are_made() -> None:
    given = [project_doc(i) for i in range(10)]
    stored = StoredDocs.of(given)
    assert given == [None] * 10
    assert stored[9] == project_doc(9)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_values_and_columns_are_those_of_the_dicts(seed: int) -> None:
    given = mixed_docs(80, random.Random(seed))
    stored = StoredDocs.of(list(given))
    live = stored.live()
    for key in ("id", "kind", "n", "meta", "absent"):
        expected = [(given[d] or {}).get(key) for d in live]
        assert list(stored.values(live, key)) == expected
        assert [stored.value(d, key) for d in live] == expected
    assert stored.value(7, "id") is None  # (a hole)
    docs = [given[d] for d in live]
    assert encode_columns(len(live), *stored.columns(live)) == encode_table(docs)  # type: ignore[arg-type]
    one_shape = StoredDocs.of([project_doc(i) for i in range(30)])
    full = one_shape.live()
    assert encode_columns(30, *one_shape.columns(full)) == encode_table(
        [project_doc(i) for i in range(30)]
    )
    assert list(one_shape.values(full, "type")) == ["decision"] * 30
    assert list(one_shape.values(full[5:9], "content")) == [
        project_doc(i)["content"] for i in range(5, 9)
    ]


def test_a_project_store_s_documents_take_less_than_half_the_memory_of_dicts() -> None:
    made = [project_doc(i) for i in range(5000)]  # (the values: shared by both)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        as_dicts = [dict(doc) for doc in made]
        dicts = tracemalloc.get_traced_memory()[0] - before
        before = tracemalloc.get_traced_memory()[0]
        as_rows = StoredDocs.of(doc for doc in made)
        rows = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert len(as_dicts) == len(as_rows) == 5000
    assert rows < 0.4 * dicts, (rows, dicts)


def test_a_database_with_holes_and_shapes_saves_and_loads_the_same() -> None:
    db = Database({"id": "string", "kind": "string", "n": "number", "meta": {"x": "number[]"}})
    docs = [doc for doc in mixed_docs(50, random.Random(4)) if doc is not None]
    db.insert_multiple(docs)
    db.remove("d3")
    db.patch("d5", {"kind": None})  # (a new shape)
    again = Database({"id": "string", "kind": "string", "n": "number", "meta": {"x": "number[]"}})
    again.load(db.save())
    assert [again.get(i) for i in sorted(again.ids())] == [db.get(i) for i in sorted(db.ids())]
    assert (
        db.search(where={"kind": "c"}, limit=100).ids
        == again.search(where={"kind": "c"}, limit=100).ids
    )


def _saved_flat(n: int = 40) -> tuple[Database, dict[str, Any]]:
    db = Database({"id": "string", "content": "string", "n": "number", "tags": "string[]"})
    docs = [
        {"id": f"d{i}", "content": f"note {i}", "n": i, "tags": ["a"] if i % 2 else []}
        for i in range(n)
    ]
    db.insert_multiple(docs)
    return db, db.save()


def test_a_table_of_one_shape_loads_as_rows_without_a_dict_per_document(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    db, saved = _saved_flat()

    def no_dicts(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the load made a dict per document")

    monkeypatch.setattr(StoredDocs, "of", no_dicts)
    again = Database({"id": "string", "content": "string", "n": "number", "tags": "string[]"})
    again.load(saved)
    assert [again.get(f"d{i}") for i in range(40)] == [db.get(f"d{i}") for i in range(40)]
    assert again.search(term="note 7").hits[0].id == "d7"
    nested = Database({"id": "string", "meta": {"kind": "string"}})
    nested.insert({"id": "x", "meta": {"kind": "a"}})
    with pytest.raises(AssertionError, match="a dict per document"):
        Database({"id": "string", "meta": {"kind": "string"}}).load(nested.save())


@pytest.mark.parametrize(
    ("column", "at", "value", "message"),
    [
        ("content", 3, 5, "content"),
        ("n", 2, float("nan"), "n"),
        ("id", 4, "d1", "duplicate document id"),
        ("id", 5, "", "id"),
    ],
)
def test_a_bad_column_is_reported_as_before(column: str, at: int, value: Any, message: str) -> None:
    from amplify_memory.errors import SnapshotError

    _, saved = _saved_flat()
    values = saved["documents"]["columns"][column]["values"]
    values[at] = value
    with pytest.raises(SnapshotError, match=message):
        Database({"id": "string", "content": "string", "n": "number", "tags": "string[]"}).load(
            saved
        )


def test_empty_lists_are_one_object_and_never_changed_through_a_reader() -> None:
    stored = StoredDocs.of([project_doc(0), project_doc(3), project_doc(6)])
    rows = stored._rows
    assert rows[0][8] is rows[1][8] is rows[2][9]  # (files and tags: one empty list)
    db = Database({"id": "string", "content": "string", "tags": "string[]"})
    db.insert_multiple([{"id": f"d{i}", "content": "x", "tags": []} for i in range(3)])
    got = db.get("d0")
    assert got is not None
    got["tags"].append("mine")  # (a copy: the store's empty list stays empty)
    db.patch("d1", {"tags": ["b"]})
    hits = db.search(term="x", select=["tags"]).hits
    hits[0].document["tags"].append("also mine")
    assert [db.get(f"d{i}")["tags"] for i in range(3)] == [[], ["b"], []]  # type: ignore[index]
    assert [hit.document["tags"] for hit in db.search(term="x", limit=5).hits].count([]) == 2
