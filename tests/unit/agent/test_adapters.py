"""One contract for every vector-store adapter, run against the local engine and a real
Chroma server."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from amplify_memory.agent import EmbeddingSpec, VectorRecord
from amplify_memory.errors import (
    DocumentValidationError,
    EmbeddingModelMismatchError,
    QueryError,
    VectorLengthError,
)
from tests.unit.agent.conftest import MakeAdapter


def run(coro_fn: Callable[[], Awaitable[Any]]) -> Any:
    return asyncio.run(coro_fn())  # type: ignore[arg-type]


X, Y, Z = [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]


def test_add_then_get_by_id_returns_records_in_the_order_asked(make_adapter: MakeAdapter) -> None:
    async def body() -> None:
        store = await make_adapter()
        await store.add_vector("a", X, {"role": "user", "n": 1}, "alpha")
        await store.add_vector("b", Y, {"role": "assistant"}, "beta")
        got = await store.get_by_id(["b", "missing", "a"])
        assert [(r.id, r.content, r.metadata) for r in got] == [
            ("b", "beta", {"role": "assistant"}),
            ("a", "alpha", {"role": "user", "n": 1}),
        ]
        assert await store.get_by_id([]) == []
        assert await store.count() == 2

    run(body)


def test_add_with_an_existing_id_replaces_the_whole_record(make_adapter: MakeAdapter) -> None:
    async def body() -> None:
        store = await make_adapter()
        await store.add_vector("a", X, {"role": "user", "old": True}, "first")
        await store.add_vector("a", Y, {"role": "tool"}, "second")
        (got,) = await store.get_by_id(["a"])
        assert (got.content, got.metadata) == ("second", {"role": "tool"})
        assert await store.count() == 1
        (hit,) = await store.search(Y, 1)
        assert hit.id == "a"
        assert hit.score == pytest.approx(1.0, abs=1e-5)

    run(body)


def test_search_scores_are_cosine_similarities_best_first(make_adapter: MakeAdapter) -> None:
    async def body() -> None:
        store = await make_adapter()
        await store.add_vectors(
            [
                VectorRecord("same", [2.0, 0.0, 0.0], {}, "same direction"),
                VectorRecord("diag", [1.0, 1.0, 0.0], {}, "45 degrees"),
                VectorRecord("orth", Y, {}, "orthogonal"),
                VectorRecord("opp", [-1.0, 0.0, 0.0], {}, "opposite"),
            ]
        )
        hits = await store.search(X, 10)
        assert [h.id for h in hits] == ["same", "diag", "orth", "opp"]
        expected = [1.0, 1 / math.sqrt(2), 0.0, -1.0]
        for hit, score in zip(hits, expected, strict=True):
            assert hit.score == pytest.approx(score, abs=1e-5)
        assert hits[1].content == "45 degrees"
        assert [h.id for h in await store.search(X, 2)] == ["same", "diag"]
        assert await store.search(X, 0) == []

    run(body)


def test_metadata_of_any_json_shape_round_trips(make_adapter: MakeAdapter) -> None:
    meta = {
        "role": "tool",
        "tool": "search",
        "parameters": {"query": "docker", "limit": 3, "deep": {"x": [1, 2]}},
        "tags": ["a", "b"],
        "error": None,
        "ok": False,
        "score": 0.25,
        "createdAt": 1718031234.5,
    }

    async def body() -> None:
        store = await make_adapter()
        await store.add_vector("t", X, meta, "ran a search")
        (got,) = await store.get_by_id(["t"])
        assert got.metadata == meta
        (hit,) = await store.search(X, 1)
        assert hit.metadata == meta

    run(body)


def test_search_by_metadata_matches_every_key_by_equality(make_adapter: MakeAdapter) -> None:
    async def body() -> None:
        store = await make_adapter()
        await store.add_vector("1", X, {"role": "user", "type": "text", "flag": True}, "one")
        await store.add_vector("2", Y, {"role": "assistant", "type": "text", "flag": 1}, "two")
        await store.add_vector("3", Z, {"role": "user", "type": "image"}, "three")
        await store.add_vector("4", X, {"role": "user", "type": "text"}, "four")

        def ids(results: list[Any]) -> list[str]:
            return [r.id for r in results]

        assert ids(await store.search_by_metadata({"role": "user"}, 10)) == ["1", "3", "4"]
        assert ids(await store.search_by_metadata({"role": "user", "type": "text"}, 10)) == [
            "1",
            "4",
        ]
        assert ids(await store.search_by_metadata({"flag": True}, 10)) == ["1"]
        assert ids(await store.search_by_metadata({"role": "user"}, 2)) == ["1", "3"]
        assert ids(await store.search_by_metadata({"role": "nobody"}, 10)) == []
        assert len(await store.search_by_metadata({}, 10)) == 4
        with pytest.raises(QueryError):
            await store.search_by_metadata({"role": ["user"]}, 10)  # type: ignore[dict-item]

    run(body)


def test_delete_vector_removes_it_and_ignores_unknown_ids(make_adapter: MakeAdapter) -> None:
    async def body() -> None:
        store = await make_adapter()
        await store.add_vector("a", X, {}, "a")
        await store.add_vector("b", Y, {}, "b")
        await store.delete_vector("a")
        await store.delete_vector("never-stored")
        assert [r.id for r in await store.get_by_id(["a", "b"])] == ["b"]
        assert [h.id for h in await store.search(X, 5)] == ["b"]
        assert await store.count() == 1

    run(body)


def test_vectors_of_the_wrong_dimension_are_refused(make_adapter: MakeAdapter) -> None:
    async def body() -> None:
        store = await make_adapter()
        with pytest.raises(VectorLengthError):
            await store.add_vector("a", [1.0, 0.0], {}, "short")
        with pytest.raises(VectorLengthError):
            await store.search([1.0, 0.0, 0.0, 0.0], 3)
        with pytest.raises(DocumentValidationError):
            await store.add_vector("a", [1.0, float("nan"), 0.0], {}, "nan")
        with pytest.raises(DocumentValidationError):
            await store.add_vector("a", X, {"amplify:json": "x"}, "reserved key")
        assert await store.count() == 0

    run(body)


def test_zero_vectors_score_zero(make_adapter: MakeAdapter) -> None:
    async def body() -> None:
        store = await make_adapter()
        await store.add_vector("zero", [0.0, 0.0, 0.0], {}, "no words")
        await store.add_vector("x", X, {}, "x")
        await store.add_vector("neg", [-1.0, 0.0, 0.0], {}, "opposite")
        hits = await store.search(X, 5)
        assert [(h.id, round(h.score, 4)) for h in hits] == [
            ("x", 1.0),
            ("zero", 0.0),
            ("neg", -1.0),
        ]

    run(body)


def test_a_namespace_refuses_another_embedding_model(make_adapter: MakeAdapter) -> None:
    async def body() -> None:
        first = await make_adapter(EmbeddingSpec("model-a", 3), user_id="u1")
        await first.add_vector("a", X, {}, "kept")
        await first.close()
        with pytest.raises(EmbeddingModelMismatchError, match="model-a"):
            await make_adapter(EmbeddingSpec("model-b", 3), user_id="u1")
        with pytest.raises(EmbeddingModelMismatchError):
            await make_adapter(EmbeddingSpec("model-a", 4), user_id="u1")
        again = await make_adapter(EmbeddingSpec("model-a", 3), user_id="u1")
        assert [r.content for r in await again.get_by_id(["a"])] == ["kept"]
        other = await make_adapter(EmbeddingSpec("model-b", 3), user_id="u2")
        assert await other.count() == 0

    run(body)


def test_namespaces_are_separate(make_adapter: MakeAdapter) -> None:
    async def body() -> None:
        a = await make_adapter(user_id="user-1", conversation_id="conv-1")
        b = await make_adapter(user_id="user-1", conversation_id="conv-2")
        await a.add_vector("m", X, {}, "in conversation 1")
        assert await b.get_by_id(["m"]) == []
        assert a.name != b.name
        assert "memory_user-1_conv-1" in a.name

    run(body)
