"""The batch vector kernel: its matrix follows every change, and it ranks as pure Python."""

from __future__ import annotations

import math
import warnings
from array import array
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from amplify_memory.search import Database
from amplify_memory.search._vector import (
    VectorMatrix,
    python_kernel,
    set_vector_kernel,
    vector_kernel,
)

SCHEMA: dict[str, Any] = {"id": "string", "body": "string", "n": "number", "v": "vector[3]"}
IDS = [f"id{i}" for i in range(6)]
WORDS = ["apple", "banana", "cherry", "tower"]

vector = st.lists(st.integers(-3, 3), min_size=3, max_size=3)
document = st.fixed_dictionaries(
    {"body": st.lists(st.sampled_from(WORDS), max_size=3).map(" ".join)},
    optional={"v": vector, "n": st.integers(0, 3)},
)
operation = st.one_of(
    st.tuples(st.just("insert"), st.sampled_from(IDS), document),
    st.tuples(st.just("update"), st.sampled_from(IDS), document),
    st.tuples(st.just("patch"), st.sampled_from(IDS), document),
    st.tuples(st.just("remove"), st.sampled_from(IDS), st.none()),
    st.tuples(st.just("reload"), st.just(""), st.none()),
)
QUERIES: list[dict[str, Any]] = [
    {"mode": "vector", "vector": {"value": [1, 2, -1]}, "similarity": -1.0},
    {"mode": "vector", "vector": {"value": [0, 0, 1]}, "similarity": 0.3},
    {"term": "apple tower", "mode": "hybrid", "vector": {"value": [1, 1, 1]}, "similarity": 0.1},
    {"mode": "vector", "vector": {"value": [1, 0, 0]}, "where": {"n": {"gte": 1}}},
]


@pytest.fixture
def no_kernel() -> Iterator[None]:
    previous = set_vector_kernel(None)
    try:
        yield
    finally:
        set_vector_kernel(previous)


def ranked(db: Database) -> list[list[tuple[str, float]]]:
    return [[(h.id, h.score) for h in db.search(limit=100, **q).hits] for q in QUERIES]


def assert_same_ranking(a: list[list[tuple[str, float]]], b: list[list[tuple[str, float]]]) -> None:
    assert [[i for i, _ in r] for r in a] == [[i for i, _ in r] for r in b]
    for ra, rb in zip(a, b, strict=True):
        for (_, sa), (_, sb) in zip(ra, rb, strict=True):
            assert sa == pytest.approx(sb, abs=1e-12)


def apply(db: Database, op: str, doc_id: str, doc: Any) -> Database:
    if op == "insert" and doc_id not in db:
        db.insert({"id": doc_id, **doc})
    elif op == "update" and doc_id in db:
        db.update(doc_id, doc)
    elif op == "patch" and doc_id in db:
        db.patch(doc_id, doc)
    elif op == "remove":
        db.remove(doc_id)
    elif op == "reload":
        db = Database.from_snapshot(db.save())
    return db


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(operation, max_size=20))
def test_a_kernel_ranks_as_pure_python_after_any_changes(ops: list[tuple[str, str, Any]]) -> None:
    """Searches between the changes make the kernel's matrix follow them row by row."""
    with_kernel, pure = Database(SCHEMA), Database(SCHEMA)
    previous = set_vector_kernel(None)
    try:
        for op, doc_id, doc in ops:
            with_kernel = apply(with_kernel, op, doc_id, doc)
            pure = apply(pure, op, doc_id, doc)
            set_vector_kernel(python_kernel)
            fast = ranked(with_kernel)
            set_vector_kernel(None)
            assert_same_ranking(fast, ranked(pure))
    finally:
        set_vector_kernel(previous)


def test_the_matrix_copies_only_changed_and_new_rows() -> None:
    column: list[tuple[list[float], float] | None] = [([3.0, 4.0], 5.0), None]
    matrix = VectorMatrix(2)
    matrix.sync(column)
    assert list(matrix.data) == [3.0, 4.0, 0.0, 0.0]
    assert list(matrix.norms) == [5.0, 0.0]
    column[0] = None
    column.append(([0.0, 2.0], 2.0))
    matrix.stale.add(0)
    matrix.sync(column)
    assert list(matrix.norms) == [0.0, 0.0, 2.0]
    out = matrix.cosines(python_kernel, [0.0, 1.0])
    assert list(out) == [-math.inf, -math.inf, 1.0]


def test_python_kernel_is_the_cosine() -> None:
    matrix, norms = array("d", [3.0, 4.0, 1.0, 0.0]), array("d", [5.0, 1.0])
    out = array("d", [0.0, 0.0])
    python_kernel(matrix, norms, array("d", [0.6, 0.8]), out, 2)
    assert list(out) == pytest.approx([1.0, 0.6])


@pytest.mark.usefixtures("no_kernel")
def test_a_failing_kernel_warns_and_search_goes_on_in_pure_python() -> None:
    db = Database(SCHEMA)
    db.insert({"id": "a", "body": "apple", "v": [1, 0, 0]})
    db.insert({"id": "b", "body": "tower", "v": [0, 1, 0]})
    expected = ranked(db)

    def broken(*args: Any) -> None:
        raise RuntimeError("out of memory")

    set_vector_kernel(broken)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert ranked(db) == expected
    assert vector_kernel() is None
    assert any("out of memory" in str(w.message) for w in caught)


@pytest.mark.usefixtures("no_kernel")
def test_a_kernel_must_be_callable() -> None:
    with pytest.raises(TypeError, match="must be callable"):
        set_vector_kernel(42)  # type: ignore[arg-type]
    assert vector_kernel() is None


@pytest.mark.usefixtures("no_kernel")
def test_removed_documents_and_dropped_vectors_leave_the_kernel_results() -> None:
    db = Database(SCHEMA)
    db.insert({"id": "a", "body": "apple", "v": [1, 0, 0]})
    db.insert({"id": "b", "body": "tower", "v": [1, 1, 0]})
    db.insert({"id": "c", "body": "cherry", "v": [1, 0, 1]})
    set_vector_kernel(python_kernel)
    query = {"mode": "vector", "vector": {"value": [1, 0, 0]}, "similarity": 0.0}
    assert db.search(**query).ids == ["a", "b", "c"]  # the matrix is built here
    db.remove("a")
    db.update("b", {"body": "tower"})  # no vector any more
    db.patch("c", {"v": [0, 0, 1]})  # now orthogonal to the query
    db.insert({"id": "d", "body": "new", "v": [2, 0, 0]})
    assert [(h.id, h.score) for h in db.search(**query).hits] == [("d", 1.0), ("c", 0.0)]
