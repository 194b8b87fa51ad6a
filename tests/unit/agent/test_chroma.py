"""What only the Chroma adapter does: HTTP errors, collection settings, an absent server."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from amplify_memory.agent import ChromaAdapter, EmbeddingSpec, UrllibTransport
from amplify_memory.errors import (
    ChromaInvalidArgumentError,
    ChromaNotFoundError,
    EmbeddingModelMismatchError,
    VectorStoreError,
    VectorStoreUnavailableError,
)
from tests.chroma_server import free_port

SPEC = EmbeddingSpec("m", 3)
BASE = "/api/v2/tenants/default_tenant/databases/default_database/collections"


def test_an_absent_server_raises_unavailable() -> None:
    url = f"http://127.0.0.1:{free_port()}"
    with pytest.raises(VectorStoreUnavailableError, match="cannot be reached"):
        asyncio.run(ChromaAdapter.open("memory", SPEC, url=url))


def test_the_collection_is_cosine_and_records_the_model(chroma_url: str) -> None:
    async def body() -> Any:
        adapter = await ChromaAdapter.open("settings-check", SPEC, url=chroma_url)
        status, info = await UrllibTransport().request("GET", f"{chroma_url}{BASE}/{adapter.name}")
        await adapter.drop()
        assert status == 200
        return info

    info = asyncio.run(body())
    assert info["configuration_json"]["hnsw"]["space"] == "cosine"
    assert info["metadata"] == {
        "amplify:embedding_model": "m",
        "amplify:embedding_dimension": 3,
    }


def test_a_collection_made_by_other_tools_is_checked(chroma_url: str) -> None:
    async def body() -> None:
        t = UrllibTransport()
        status, info = await t.request(
            "POST", f"{chroma_url}{BASE}",
            {"name": "foreign-l2", "configuration": {"hnsw": {"space": "l2"}}},
        )  # fmt: skip
        assert status == 200
        with pytest.raises(VectorStoreError, match="cosine"):
            await ChromaAdapter.open("foreign-l2", SPEC, url=chroma_url)
        status, info = await t.request(
            "POST", f"{chroma_url}{BASE}",
            {"name": "foreign-dim", "configuration": {"hnsw": {"space": "cosine"}}},
        )  # fmt: skip
        await t.request(
            "POST", f"{chroma_url}{BASE}/{info['id']}/add",
            {"ids": ["x"], "embeddings": [[1.0, 0.0]]},
        )  # fmt: skip
        with pytest.raises(EmbeddingModelMismatchError, match="dimension 2"):
            await ChromaAdapter.open("foreign-dim", SPEC, url=chroma_url)
        adapter = await ChromaAdapter.open("foreign-dim", EmbeddingSpec("m", 2), url=chroma_url)
        assert await adapter.count() == 1

    asyncio.run(body())


def test_chroma_errors_become_our_exceptions(chroma_url: str) -> None:
    async def body() -> None:
        adapter = await ChromaAdapter.open("errors-check", SPEC, url=chroma_url)
        with pytest.raises(ChromaInvalidArgumentError) as info:
            await adapter._call("POST", adapter._collection_url("get"), {"ids": 3}, "get")
        assert info.value.status == 422
        await adapter.drop()
        with pytest.raises(ChromaNotFoundError, match="does not exist") as missing:
            await adapter.add_vector("a", [1.0, 0.0, 0.0], {}, "gone")
        assert missing.value.status == 404
        assert missing.value.error_type == "NotFoundError"

    asyncio.run(body())


def test_large_batches_are_split_into_requests(chroma_url: str) -> None:
    from amplify_memory.agent import VectorRecord

    async def body() -> None:
        adapter = await ChromaAdapter.open("batches", SPEC, url=chroma_url)
        records = [
            VectorRecord(f"id{i}", [1.0, i / 2500, 0.0], {"i": i}, str(i)) for i in range(2500)
        ]
        await adapter.add_vectors(records)
        assert await adapter.count() == 2500
        await adapter.delete_vectors([r.id for r in records[:1200]])
        assert await adapter.count() == 1300
        await adapter.drop()

    asyncio.run(body())
