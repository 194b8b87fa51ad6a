"""Property tests: mutations equal a rebuild; save/load changes no result."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.unit.fuzz._support import listed_tfs

from amplify_memory.search import Database

SCHEMA: dict[str, Any] = {
    "id": "string",
    "title": "string",
    "body": "string",
    "tags": "string[]",
    "n": "number",
    "v": "vector[2]",
}
VOCAB = [
    "apple",
    "apples",
    "banana",
    "cherry",
    "run",
    "running",
    "runner",
    "the",
    "naïve",
    "naive",
    "東京",
    "tower",
    "migrate",
    "migration",
    "zebra",
]
IDS = [f"id{i}" for i in range(8)]

text = st.lists(st.sampled_from(VOCAB), min_size=0, max_size=6).map(" ".join)
document = st.fixed_dictionaries(
    {"title": text, "body": text},
    optional={
        "tags": st.lists(text, max_size=3),
        "n": st.integers(-5, 5),
        "v": st.tuples(st.integers(-3, 3), st.integers(-3, 3)).map(list),
    },
)
operation = st.one_of(
    st.tuples(st.just("insert"), st.sampled_from(IDS), document),
    st.tuples(st.just("update"), st.sampled_from(IDS), document),
    st.tuples(st.just("remove"), st.sampled_from(IDS), st.none()),
)

QUERIES: list[dict[str, Any]] = [
    {"term": "apple"},
    {"term": "running apples the"},
    {"term": "run banana", "threshold": 0},
    {"term": "apple banana cherry", "threshold": 0.5},
    {"term": "mig", "prefix": True},
    {"term": "aple", "tolerance": 1},
    {"term": "cherry", "boost": {"title": 2.5}},
    {"term": "naive 東京"},
    {"term": "", "where": {"n": {"gte": 0}}, "sort_by": {"property": "n", "order": "DESC"}},
    {
        "term": "tower",
        "where": {"tags": "apple"},
        "facets": {"n": {"ranges": [{"from": -5, "to": 0}]}},
    },
    {"mode": "vector", "vector": {"value": [1, 1]}, "similarity": 0.0},
    {"term": "zebra", "mode": "hybrid", "vector": {"value": [1, 0]}, "similarity": 0.5},
]


def all_results(db: Database) -> list[Any]:
    return [db.search(limit=100, **q) for q in QUERIES]


def apply(db: Database, ops: list[tuple[str, str, Any]]) -> None:
    for op, doc_id, doc in ops:
        if op == "insert" and doc_id not in db:
            db.insert({"id": doc_id, **doc})
        elif op == "update" and doc_id in db:
            db.update(doc_id, doc)
        elif op == "remove":
            db.remove(doc_id)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(operation, max_size=25))
def test_any_mix_of_mutations_equals_a_rebuild_from_the_survivors(
    ops: list[tuple[str, str, Any]],
) -> None:
    db = Database(SCHEMA)
    apply(db, ops)
    # an update keeps a document's position, so survivors are re-inserted in
    # db.ids() order: the order of their first insertion since their last removal
    rebuilt = Database(SCHEMA)
    rebuilt.insert_multiple([db.get(doc_id) for doc_id in db.ids()])  # type: ignore[misc]
    assert all_results(db) == all_results(rebuilt)
    assert db.save() == rebuilt.save() or _same_snapshot(db.save(), rebuilt.save())


def _same_snapshot(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Equal up to the order of terms and vocabulary words."""

    def canon(raw: dict[str, Any]) -> Any:
        fields = {}
        for name, f in raw["fields"].items():
            postings, pos = {}, 0
            for term, df in zip(f["terms"], f["df"], strict=True):
                postings[term] = (f["docs"][pos : pos + df], listed_tfs(f)[pos : pos + df])
                pos += df
            fields[name] = (f["lengths"], postings)
        vocab = dict(zip(raw["vocabulary"]["words"], raw["vocabulary"]["counts"], strict=True))
        return raw["documents"], raw["settings"], fields, vocab

    return bool(canon(a) == canon(b))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(operation, max_size=25))
def test_save_and_load_change_no_result(ops: list[tuple[str, str, Any]]) -> None:
    db = Database(SCHEMA)
    apply(db, ops)
    restored = Database.from_snapshot(json.loads(json.dumps(db.save())))
    assert all_results(restored) == all_results(db)
    assert restored.ids() == db.ids()
    # and they keep agreeing after further mutations
    more = [("insert", "new", {"title": "apple zebra", "body": "run"}), ("remove", IDS[0], None)]
    apply(db, more)
    apply(restored, more)
    assert all_results(restored) == all_results(db)
