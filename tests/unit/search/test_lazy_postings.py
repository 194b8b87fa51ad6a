"""Postings loaded from a snapshot are decoded on first use, and checked at load."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from amplify_memory.errors import SnapshotError
from amplify_memory.search import Database, _persistence
from amplify_memory.search._index import LazyPostings

SCHEMA = {"id": "string", "content": "string"}
DOCS = [
    {"id": "a", "content": "tabs and spaces"},
    {"id": "b", "content": "spaces only, spaces always"},
    {"id": "c", "content": "tabs forever"},
]


def snapshot() -> dict[str, Any]:
    db = Database(SCHEMA)
    db.insert_multiple(DOCS)
    return db.save()


def test_loaded_postings_decode_on_first_use_and_act_as_a_dict(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_persistence, "INDEX_SAMPLE", 0)  # (the load's check decodes a sample)
    db = Database.from_snapshot(snapshot())
    postings = db._state.fields["content"].postings
    assert isinstance(postings, LazyPostings)
    assert dict.__len__(postings) == 0  # nothing decoded yet
    assert "tab" in postings
    assert len(postings) == 4
    assert [h.id for h in db.search(term="spaces").hits] == ["b", "a"]
    assert dict.__len__(postings) == 1  # only the queried term
    assert postings["tab"] == {0: 1, 2: 1}
    assert dict(postings.items()) == {
        "tab": {0: 1, 2: 1},
        "space": {0: 1, 1: 2},
        "forev": {2: 1},
        "alway": {1: 1},
    }


def test_changes_after_load_give_the_same_results_as_a_fresh_database() -> None:
    loaded = Database.from_snapshot(snapshot())
    fresh = Database(SCHEMA)
    fresh.insert_multiple(DOCS)
    for db in (loaded, fresh):
        db.remove("a")
        db.update("c", {"id": "c", "content": "spaces now"})
        db.insert({"id": "d", "content": "tabs again"})
    for term in ("tabs", "spaces", "forever", "now"):
        got = [(h.id, h.score) for h in loaded.search(term=term).hits]
        assert got == [(h.id, h.score) for h in fresh.search(term=term).hits]
    a, b = loaded._state.fields["content"], fresh._state.fields["content"]
    assert dict(a.postings.items()) == dict(b.postings.items())
    assert a.lengths == b.lengths


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda docs: docs.__setitem__(1, 0), "repeat a document"),
        (lambda docs: docs.__setitem__(-1, 99), "exceed the 3 documents"),
    ],
)
def test_corrupt_postings_are_refused_at_load(change: Any, message: str) -> None:
    raw = snapshot()
    bad = copy.deepcopy(raw)
    change(bad["fields"]["content"]["docs"])
    db = Database(SCHEMA)
    with pytest.raises(SnapshotError, match=message):
        db.load(bad)
    assert len(db) == 0  # left as it was
