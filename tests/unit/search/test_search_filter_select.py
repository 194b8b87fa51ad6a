"""A one-clause value filter (eq, in, nin on a top-level property) reads many documents
at once (``select``): the same documents, in the same order, as one at a time."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from amplify_memory.search import Database
from amplify_memory.search._filters import compile_where

SCHEMA: dict[str, Any] = {"id": "string", "kind": "enum", "n": "number", "flag": "boolean",
                          "name": "string", "meta": {"kind": "enum"}}  # fmt: skip
VALUES: list[Any] = ["a", "b", 1, 2, 2.0, 0]


def fill(seed: int) -> Database:
    rng = random.Random(seed)
    db = Database(SCHEMA)
    for i in range(40):
        doc: dict[str, Any] = {"id": f"d{i}", "name": rng.choice(["x", "y z", "Y"])}
        if rng.random() < 0.7:
            doc["kind"] = rng.choice(VALUES)
        if rng.random() < 0.7:
            doc["n"] = rng.choice([0, 1, 2, 2.5])
        if rng.random() < 0.7:
            doc["flag"] = rng.random() < 0.5
        if rng.random() < 0.5:
            doc["meta"] = {"kind": rng.choice(VALUES)}
        db.insert(doc)
    for i in rng.sample(range(40), 6):
        db.remove(f"d{i}")
    return db


clause = st.one_of(
    st.tuples(st.sampled_from(["kind", "n"]), st.sampled_from(["eq"]), st.sampled_from(VALUES[2:])),
    st.tuples(st.just("kind"), st.sampled_from(["eq"]), st.sampled_from(VALUES)),
    st.tuples(st.just("kind"), st.sampled_from(["in", "nin"]),
              st.lists(st.sampled_from([1, 2, 0, 2.5]), max_size=3)),
    st.tuples(st.just("kind"), st.sampled_from(["in", "nin"]), st.lists(st.sampled_from(VALUES))),
    st.tuples(st.just("flag"), st.just("eq"), st.booleans()),
    st.tuples(st.just("name"), st.sampled_from(["eq", "in", "nin"]), st.just(["Y", "y z"])),
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 1000), clause=clause)
def test_select_equals_the_predicate_one_document_at_a_time(
    seed: int, clause: tuple[str, str, Any]
) -> None:
    db = fill(seed)
    key, op, operand = clause
    if op == "eq" and isinstance(operand, list):
        operand = operand[0]
    where = {key: {op: operand}}
    predicate = compile_where(where, db)
    live = db._state.live()
    assert predicate.select(live) == [d for d in live if predicate(d)]  # type: ignore[attr-defined]
    # and the search (an empty term: every document that passes) is the reference's
    expected = [db._state.ids[d] for d in live if _reference(db, d, key, op, operand)]
    assert db.search(where=where, limit=100).ids == expected


def _reference(db: Database, d: int, key: str, op: str, operand: Any) -> bool:
    value = db._state.docs[d].get(key)  # type: ignore[union-attr]
    if op == "eq":
        return value is not None and value == operand
    if op == "in":
        return value is not None and value in operand
    return value is None or value not in operand


def test_other_clauses_and_nested_properties_go_one_document_at_a_time() -> None:
    db = fill(3)
    for where in ({"n": {"gte": 1}}, {"kind": {"eq": "a", "in": ["a"]}}, {"meta.kind": {"eq": "a"}},
                  {"kind": "a", "n": 1}, {"name": "y"}):  # fmt: skip
        assert not hasattr(compile_where(where, db), "select")
    select = compile_where({"kind": {"nin": ["a"]}}, db)
    assert hasattr(select, "select")
    nested = [db._state.ids[d] for d in db._state.live()
              if (db._state.docs[d] or {}).get("meta", {}).get("kind") == "a"]  # fmt: skip
    assert db.search(where={"meta.kind": {"eq": "a"}}, limit=100).ids == nested
