"""A kernel's ``fuse``: a plain hybrid search's BM25 sums, fusion and top in one call,
equal (hits, scores bit for bit, count) to the fusion in Python."""

from __future__ import annotations

import json
import math
import random
import warnings
from array import array
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from amplify_memory.errors import SnapshotError
from amplify_memory.search import Database
from amplify_memory.search._vector import (
    python_fuse,
    python_kernel,
    python_select,
    set_vector_kernel,
    vector_kernel,
)

SCHEMA: dict[str, Any] = {"id": "string", "body": "string", "title": "string", "v": "vector[3]"}
WORDS = ["apple", "banana", "cherry", "tower", "river", "stone", "the"]


class FusingKernel:
    """The reference kernel with the reference selection and fusion (as the browser's)."""

    def __init__(self, fail: bool = False) -> None:
        self.fusions = 0
        self.fail = fail

    def __call__(self, *args: Any) -> None:
        python_kernel(*args)

    def select(self, *args: Any) -> None:
        python_select(*args)

    def fuse(self, *args: Any) -> None:
        self.fusions += 1
        if self.fail:
            raise RuntimeError("broken fuse")
        python_fuse(*args)


class SelectingKernel:
    """The same without ``fuse``: the search fuses in Python."""

    def __call__(self, *args: Any) -> None:
        python_kernel(*args)

    def select(self, *args: Any) -> None:
        python_select(*args)


@pytest.fixture(autouse=True)
def restore_kernel() -> Iterator[None]:
    previous = vector_kernel()
    yield
    set_vector_kernel(previous)


def test_python_fuse_sums_fuses_and_keeps_the_best_with_ties_by_document_number() -> None:
    # list 0 (weight 2): d0 tf 1, d1 tf 2; list 1 (weight 1): d1 tf 1, d3 tf 1
    docs, tfs = array("i", [0, 1, 1, 3]), array("i", [1, 2, 1, 1])
    starts, weights = array("i", [0, 2, 4]), array("d", [2.0, 1.0])
    lengths, norms = array("i", [1, 2, 0, 1, 0]), array("d", [0.0, 1.0, 2.0])
    cosines = array("d", [0.5, -math.inf, 0.9, 0.1, 0.9])
    params = array("d", [2.0, 0.2, 0.5, 0.5])  # k1 + 1, similarity, weights
    rows, scores, result = array("i", [-1] * 4), array("d", [0.0] * 4), array("d", [0.0, 0.0])
    fuse = (docs, tfs, starts, weights, lengths, norms, cosines)
    python_fuse(*fuse, array("i"), params, rows, scores, result)
    text = {0: 2.0 * (1 * 2.0 / (1 + 1.0)), 1: 2.0 * (2 * 2.0 / (2 + 2.0)) + 1.0 * (2.0 / 3.0)}
    text[3] = 1.0 * (1 * 2.0 / (1 + 1.0))
    t_max = max(text.values())
    expected = {
        0: 0.5 * text[0] / t_max + 0.5 * 0.5 / 0.9,
        1: 0.5 * text[1] / t_max + 0.0,
        2: 0.5 * 0.9 / 0.9,
        3: 0.5 * text[3] / t_max + 0.0,  # (0.1 is below the similarity)
        4: 0.5 * 0.9 / 0.9,
    }
    best = sorted(expected, key=lambda d: (-expected[d], d))[:4]
    assert result[0] == 5.0  # matches: text or vector
    assert result[1] == 4.0
    assert list(rows) == best
    assert list(scores) == [expected[d] for d in best]  # bit for bit
    assert best.index(2) + 1 == best.index(4)  # a tie: the lower document number first
    # a removed document (1, still in both lists; 4, with a vector) matches nothing
    python_fuse(*fuse, array("i", [1, 4]), params, rows, scores, result)
    t_max = max(text[0], text[3])
    assert result[0] == 3.0
    assert result[1] == 3.0
    assert list(rows[:3]) == [0, 2, 3]
    assert list(scores[:3]) == [
        0.5 * text[0] / t_max + 0.5 * 0.5 / 0.9,
        0.5 * 0.9 / 0.9,
        0.5 * text[3] / t_max + 0.0,
    ]


def fill(rng: random.Random, n: int) -> Database:
    db = Database(SCHEMA)
    for i in range(n):
        body = " ".join(rng.choices(WORDS, k=rng.randint(0, 6)))  # repeats: tf > 1
        doc: dict[str, Any] = {"id": f"d{i}", "body": body, "title": rng.choice(WORDS)}
        if rng.random() < 0.85:
            doc["v"] = [rng.choice([-2, -1, 0, 1, 2, 3]) for _ in range(3)]  # ties happen
        db.insert(doc)
    for i in rng.sample(range(n), n // 8):  # removed documents match nothing
        db.remove(f"d{i}")
    return db


def both(db: Database, query: dict[str, Any]) -> tuple[Any, Any, int]:
    """The search by the fusing kernel and by the same cosines fused in Python."""
    kernel = FusingKernel()
    set_vector_kernel(kernel)
    fused = db.search(**query)
    set_vector_kernel(SelectingKernel())
    python = db.search(**query)
    return fused, python, kernel.fusions


@settings(max_examples=150, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    n=st.integers(0, 60),
    limit=st.integers(1, 12),
    offset=st.integers(0, 4),
    similarity=st.sampled_from([-1.0, 0.0, 0.3, 0.9]),
    text_weight=st.sampled_from([0.0, 0.3, 0.5, 1.0]),
    term=st.sampled_from(["", "apple", "tower river", "apple apple stone", "the", "zebra"]),
    boost=st.sampled_from([None, 2.5]),
)
def test_a_fused_hybrid_search_equals_the_fusion_in_python(
    seed: int,
    n: int,
    limit: int,
    offset: int,
    similarity: float,
    text_weight: float,
    term: str,
    boost: float | None,
) -> None:
    db = fill(random.Random(seed), n)
    query: dict[str, Any] = {
        "term": term,
        "properties": ["body"],
        "mode": "hybrid",
        "vector": {"value": [1, 2, 0]},
        "similarity": similarity,
        "hybrid_weights": {"text": text_weight, "vector": 1.0 - text_weight},
        "limit": limit,
        "offset": offset,
    }
    if boost is not None:
        query["boost"] = {"body": boost}
    fused, python, fusions = both(db, query)
    assert fusions == 1
    assert fused.count == python.count
    assert [(h.id, h.score) for h in fused.hits] == [(h.id, h.score) for h in python.hits]
    assert [h.document for h in fused.hits] == [h.document for h in python.hits]


def test_the_fusion_follows_every_change_and_a_reload() -> None:
    rng = random.Random(3)
    db = fill(rng, 40)
    query = {"term": "apple stone", "properties": ["body"], "mode": "hybrid",
             "vector": {"value": [1, 0, 1]}, "similarity": 0.0, "limit": 15}  # fmt: skip
    for step in range(30):
        d = f"d{rng.randrange(50)}"
        body = " ".join(rng.choices(WORDS, k=rng.randint(1, 5)))
        if db.get(d) is None:
            db.insert({"id": d, "body": body, "v": [rng.randint(-2, 2) for _ in range(3)]})
        else:
            db.update(d, {"id": d, "body": body, "title": "tower"})
        if step % 10 == 9:  # a reload makes the numbering dense again
            db.load(json.loads(json.dumps(db.save())))
        fused, python, fusions = both(db, query)
        assert fusions == 1
        assert fused.count == python.count
        assert [(h.id, h.score) for h in fused.hits] == [(h.id, h.score) for h in python.hits]


@pytest.mark.parametrize(
    "change",
    [
        {"properties": ["body", "title"]},  # two fields
        {"prefix": True},
        {"tolerance": 1},
        {"threshold": 0.0},
        {"exact": True},
        {"where": {"title": "apple"}},
        {"sort_by": "title"},
        {"facets": {"title": {}}},
        {"mode": "vector"},
    ],
)
def test_searches_the_fusion_does_not_cover_are_fused_in_python(change: dict[str, Any]) -> None:
    db = fill(random.Random(5), 50)
    query: dict[str, Any] = {"term": "apple tower", "properties": ["body"], "mode": "hybrid"}
    query.update(vector={"value": [1, 1, 0]}, similarity=0.0, limit=7)
    query.update(change)
    fused, python, fusions = both(db, query)
    assert fusions == 0
    assert [(h.id, h.score) for h in fused.hits] == [(h.id, h.score) for h in python.hits]
    assert fused.count == python.count


def test_removed_documents_match_nothing_even_where_the_index_still_points_at_them() -> None:
    db = fill(random.Random(9), 50)
    query: dict[str, Any] = {"term": "apple tower", "properties": ["body"], "mode": "hybrid"}
    query.update(vector={"value": [1, 1, 0]}, similarity=-1.0, limit=60)
    st = db._state
    d7 = st.by_id["d7"]
    st.fields["body"].postings.setdefault("appl", {})[d7] = 3  # (as a foreign snapshot's
    db.remove("d7")  # index that disagreed with d7's text: its removal leaves this one)
    db.remove("d12")
    assert st.fields["body"].postings["appl"][d7] == 3
    fused, python, fusions = both(db, query)
    assert fusions == 1
    assert fused.count == python.count > 30
    assert [(h.id, h.score) for h in fused.hits] == [(h.id, h.score) for h in python.hits]
    assert {"d7", "d12"}.isdisjoint(fused.ids)


def test_a_failing_fusion_goes_back_to_python_with_a_warning() -> None:
    db = fill(random.Random(8), 30)
    query = {"term": "river", "properties": ["body"], "mode": "hybrid",
             "vector": {"value": [0, 1, 1]}, "similarity": 0.0, "limit": 5}  # fmt: skip
    set_vector_kernel(SelectingKernel())
    expected = db.search(**query)
    kernel = FusingKernel(fail=True)
    set_vector_kernel(kernel)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = db.search(**query)
    assert kernel.fusions == 1
    assert vector_kernel() is None  # pure Python from then on
    assert any("broken fuse" in str(w.message) for w in caught)
    assert [(h.id, h.score) for h in got.hits] == [(h.id, h.score) for h in expected.hits]


def test_the_dense_norm_table_follows_the_lengths() -> None:
    db = Database({"id": "string", "body": "string"})
    db.insert({"id": "a", "body": "apple banana cherry"})
    fi = db._state.fields["body"]
    first = fi.norm_array(1.2, 0.75)
    assert list(first) == [fi.norm_table(1.2, 0.75).get(n, 0.0) for n in range(4)]
    db.insert({"id": "b", "body": "apple " * 9})
    second = fi.norm_array(1.2, 0.75)
    table = fi.norm_table(1.2, 0.75)
    assert len(second) == 10
    assert [second[n] for n in table] == list(table.values())
    assert second[3] != first[3]  # the average length moved


def test_a_snapshot_length_past_32_bits_is_refused() -> None:
    db = Database({"id": "string", "body": "string"})
    db.insert({"id": "a", "body": "apple banana"})
    raw = db.save()
    raw["fields"]["body"]["lengths"] = [2**31]
    with pytest.raises(SnapshotError, match="lengths"):
        Database({"id": "string", "body": "string"}).load(raw)
    ok = Database({"id": "string", "body": "string"})
    ok.load(db.save())
    assert ok.search("apple").ids == ["a"]
    assert ok._state.fields["body"].lengths.typecode == "i"


def test_a_page_far_past_the_matches_allocates_nothing_for_it() -> None:
    db = fill(random.Random(4), 30)
    query: dict[str, Any] = {"term": "apple", "properties": ["body"], "mode": "hybrid"}
    query.update(vector={"value": [1, 0, 1]}, similarity=0.0, limit=10, offset=2**40)
    fused, python, fusions = both(db, query)
    assert fusions == 1
    assert fused.hits == python.hits == []
    assert fused.count == python.count > 0


def test_a_field_too_long_for_a_dense_norm_table_is_fused_in_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from amplify_memory.search import _searching

    db = fill(random.Random(6), 30)
    query: dict[str, Any] = {"term": "river", "properties": ["body"], "mode": "hybrid"}
    query.update(vector={"value": [0, 1, 1]}, similarity=0.0, limit=5)
    monkeypatch.setattr(_searching, "DENSE_NORMS_MAX_LENGTH", 3)  # (bodies reach 6 words)
    fused, python, fusions = both(db, query)
    assert fusions == 0
    assert [(h.id, h.score) for h in fused.hits] == [(h.id, h.score) for h in python.hits]


def test_without_a_fuse_the_search_packs_no_posting_lists(monkeypatch: pytest.MonkeyPatch) -> None:
    from amplify_memory.search._bm25 import FullTextScorer

    packed: list[str] = []
    real = FullTextScorer.posting_lists

    def counting(self: FullTextScorer, term: str, field: str, boost: float) -> Any:
        packed.append(term)
        return real(self, term, field, boost)

    monkeypatch.setattr(FullTextScorer, "posting_lists", counting)
    db = fill(random.Random(2), 30)
    query: dict[str, Any] = {"term": "tower", "properties": ["body"], "mode": "hybrid"}
    query.update(vector={"value": [1, 1, 1]}, similarity=0.0, limit=5)
    set_vector_kernel(SelectingKernel())
    db.search(**query)
    assert packed == []
    set_vector_kernel(FusingKernel())
    db.search(**query)
    assert packed == ["tower"]


def test_a_removal_takes_back_the_length_the_index_holds() -> None:
    """A snapshot whose index says a document is 5 words long where its text has 2 (an
    unsampled document): removing it once took back 2 from the counts of lengths, so
    the norm of another 2-word document went missing (a KeyError in every search)."""
    db = Database({"id": "string", "body": "string", "v": "vector[3]"})
    db.insert({"id": "d0", "body": "apple tower river stone cherry", "v": [1, 0, 0]})
    db.insert({"id": "A", "body": "apple tower", "v": [1, 1, 0]})
    db.insert({"id": "B", "body": "apple banana", "v": [0, 1, 0]})
    for i in range(3, 64):
        db.insert({"id": f"d{i}", "body": "stone", "v": [1, 0, 1]})
    raw = json.loads(json.dumps(db.save()))
    raw["fields"]["body"]["lengths"][1] = 5
    damaged = Database.from_snapshot(raw)
    damaged.remove("A")
    assert damaged._state.fields["body"].length_counts == {5: 1, 2: 1, 1: 61}
    query: dict[str, Any] = {"term": "banana", "properties": ["body"], "mode": "hybrid"}
    query.update(vector={"value": [1, 0, 0]}, limit=5)
    fused, python, fusions = both(damaged, query)
    assert fusions == 1
    assert [(h.id, h.score) for h in fused.hits] == [(h.id, h.score) for h in python.hits]
    assert "B" in python.ids
