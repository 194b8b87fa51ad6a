"""The memory store over both adapters: order, persistence, eviction, the embedding queue."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from amplify_memory.agent import (
    ChromaAdapter,
    EmbeddingSpec,
    HashingEmbeddingProvider,
    LocalVectorAdapter,
    Message,
    OpenAIEmbeddingProvider,
    VectorMemoryStore,
)
from amplify_memory.errors import (
    DocumentNotFoundError,
    DuplicateDocumentError,
    EmbeddingModelMismatchError,
)
from amplify_memory.storage import FileStorage, MemoryStorage
from tests.unit.agent.conftest import MakeAdapter
from tests.unit.agent.embedding_stub import EmbeddingStub

EMB = HashingEmbeddingProvider(64)
NS: dict[str, Any] = {"user_id": "user-1", "conversation_id": "conv-1"}


def msg(i: int, role: str = "user", content: Any = None, **meta: Any) -> Message:
    return Message(f"m{i}", role, content if content is not None else f"message {i}",
                   created_at=1000.0 + i, metadata=meta)  # fmt: skip


async def open_store(make: MakeAdapter, storage: Any, **options: Any) -> VectorMemoryStore:
    adapter = await make(EMB.spec, **NS)
    return await VectorMemoryStore.open(
        vector_store=adapter, embeddings=EMB, storage=storage, **NS, **options
    )


def test_messages_keep_their_order_across_reopen(make_adapter: MakeAdapter, tmp_path: Path) -> None:
    storage = FileStorage(tmp_path / "seq")

    async def write() -> None:
        store = await open_store(make_adapter, storage)
        for i in range(5):
            await store.append_message(msg(i))
        await store.append_message(msg(5, "tool", {"rows": [1, 2]}, tool="sql"))
        await store.vector_store.close()

    async def read() -> list[Message]:
        store = await open_store(make_adapter, storage)
        return await store.get_full_history()

    asyncio.run(write())
    history = asyncio.run(read())
    assert [m.id for m in history] == [f"m{i}" for i in range(6)]
    assert history[5].content == {"rows": [1, 2]}
    assert history[5].metadata == {"tool": "sql"}
    assert history[0] == msg(0)
    record = json.loads((tmp_path / "seq" / "agent-memory_user-1_conv-1-sequence.json").read_text())
    assert record["entries"][:2] == [["m0", "user"], ["m1", "user"]]


def test_duplicate_and_unknown_ids_are_refused(make_adapter: MakeAdapter) -> None:
    async def body() -> None:
        store = await open_store(make_adapter, MemoryStorage())
        await store.append_message(msg(1))
        with pytest.raises(DuplicateDocumentError):
            await store.append_message(msg(1))
        with pytest.raises(DocumentNotFoundError):
            await store.update_message(msg(2))

    asyncio.run(body())


def test_update_message_replaces_content_and_search_follows(make_adapter: MakeAdapter) -> None:
    async def body() -> None:
        store = await open_store(make_adapter, MemoryStorage())
        await store.append_message(msg(1, content="I live in Lisbon"))
        await store.append_message(msg(2, content="My dog is called Rex"))
        await store.update_message(msg(1, content="I moved to Berlin last spring"))
        (hit,) = await store.search_similar("moved to Berlin", 1)
        assert hit.id == "m1"
        assert hit.content == "I moved to Berlin last spring"
        assert [m.id for m in await store.get_full_history()] == ["m1", "m2"]

    asyncio.run(body())


def test_oldest_messages_are_evicted_but_never_protected_roles(make_adapter: MakeAdapter) -> None:
    async def body() -> None:
        store = await open_store(make_adapter, MemoryStorage(), max_messages=4)
        await store.append_message(msg(0, "system", "You are helpful."))
        for i in range(1, 7):
            await store.append_message(msg(i))
        history = await store.get_full_history()
        assert [m.id for m in history] == ["m0", "m4", "m5", "m6"]
        assert await store.vector_store.count() == 4
        assert await store.vector_store.get_by_id(["m1"]) == []

    asyncio.run(body())


def test_recent_messages_metadata_search_and_similarity(make_adapter: MakeAdapter) -> None:
    async def body() -> None:
        store = await open_store(make_adapter, MemoryStorage())
        await store.append_messages(
            [
                msg(1, content="We use PostgreSQL for the billing service"),
                msg(2, "assistant", "Noted: billing runs on PostgreSQL"),
                msg(3, content="The frontend is written in Svelte", topic="ui"),
                msg(4, "assistant", "Svelte it is", topic="ui"),
            ]
        )
        recent = await store.get_recent_messages(2)
        assert [m.id for m in recent] == ["m3", "m4"]
        users = await store.get_recent_messages(5, lambda m: m.role == "user")
        assert [m.id for m in users] == ["m1", "m3"]
        by_meta = await store.search_by_metadata({"topic": "ui", "role": "assistant"})
        assert [m.id for m in by_meta] == ["m4"]
        similar = await store.search_similar("which database does billing use", 2)
        assert {m.id for m in similar} == {"m1", "m2"}

    asyncio.run(body())


def test_initial_context_stores_the_system_prompt_once(make_adapter: MakeAdapter) -> None:
    async def body() -> None:
        store = await open_store(make_adapter, MemoryStorage())
        first = await store.load_initial_context("Be brief.", 3)
        assert [(m.role, m.content) for m in first] == [("system", "Be brief.")]
        for i in range(1, 6):
            await store.append_message(msg(i))
        again = await store.load_initial_context("Be brief.", 3)
        assert [m.content for m in again] == ["Be brief.", "message 3", "message 4", "message 5"]
        changed = await store.load_initial_context("Be thorough.", 1)
        assert [m.content for m in changed] == ["Be thorough.", "message 5"]
        assert [m.role for m in await store.get_full_history()].count("system") == 2

    asyncio.run(body())


def test_a_store_refuses_a_provider_of_another_model(tmp_path: Path) -> None:
    async def body() -> None:
        storage = MemoryStorage()
        adapter = await LocalVectorAdapter.open("m", EmbeddingSpec("other", 64), storage=storage)
        with pytest.raises(EmbeddingModelMismatchError, match="other"):
            await VectorMemoryStore.open(vector_store=adapter, embeddings=EMB, storage=storage)

    asyncio.run(body())


def test_messages_wait_in_a_persistent_queue_while_the_embedder_is_down(
    tmp_path: Path, chroma_url: str
) -> None:
    stub = EmbeddingStub(model="remote-embed", dimension=32)
    remote = OpenAIEmbeddingProvider(stub.url, "remote-embed", 32)
    storage = FileStorage(tmp_path / "queue")
    clock = [0.0]

    async def open_remote() -> VectorMemoryStore:
        adapter = await ChromaAdapter.open("queue-test", remote.spec, url=chroma_url, **NS)
        return await VectorMemoryStore.open(
            vector_store=adapter, embeddings=remote, storage=storage, **NS,
            retry_interval=30.0, clock=lambda: clock[0],
        )  # fmt: skip

    async def while_down() -> None:
        store = await open_remote()
        await store.append_message(msg(1, content="The staging server is called kestrel"))
        stub.stop()  # the endpoint goes away entirely
        await store.append_message(msg(2, content="Production runs on the host falcon"))
        await store.append_message(msg(3, content="Backups go to the bucket heron"))
        assert store.pending_embeddings == ["m2", "m3"]
        assert [m.id for m in await store.get_full_history()] == ["m1", "m2", "m3"]
        assert await store.vector_store.count() == 1

    asyncio.run(while_down())
    queued = json.loads((tmp_path / "queue" / "agent-memory_user-1_conv-1-embedq.json").read_text())
    assert [m["id"] for m in queued["messages"]] == ["m2", "m3"]
    stub.start()  # back, on the same port

    async def when_back() -> None:
        store = await open_remote()  # a new page or process: the queue was persisted
        assert store.pending_embeddings == ["m2", "m3"]
        hits = await store.search_similar("which host runs production", 1)
        assert [m.id for m in hits] == ["m2"]
        assert store.pending_embeddings == []
        assert await store.vector_store.count() == 3
        await store.vector_store.drop()  # type: ignore[attr-defined]

    try:
        asyncio.run(when_back())
    finally:
        stub.stop()
    assert not (tmp_path / "queue" / "agent-memory_user-1_conv-1-embedq.json").exists()


def test_the_queue_waits_for_the_retry_interval(tmp_path: Path) -> None:
    stub = EmbeddingStub(model="remote-embed", dimension=32)
    remote = OpenAIEmbeddingProvider(stub.url, "remote-embed", 32)
    clock = [0.0]

    async def body() -> None:
        storage = MemoryStorage()
        adapter = await LocalVectorAdapter.open("q", remote.spec, storage=storage)
        store = await VectorMemoryStore.open(
            vector_store=adapter, embeddings=remote, storage=storage,
            retry_interval=30.0, clock=lambda: clock[0],
        )  # fmt: skip
        stub.down = True
        await store.append_message(msg(1))
        calls = len(stub.requests)
        stub.down = False
        await store.append_message(msg(2))  # within 30 s of the failure: no request
        assert len(stub.requests) == calls
        assert store.pending_embeddings == ["m1", "m2"]
        clock[0] = 31.0
        await store.append_message(msg(3))
        assert store.pending_embeddings == []
        assert await adapter.count() == 3
        stub.down = True
        await store.append_message(msg(4))
        stub.down = False
        assert await store.drain_embedding_queue() == 1  # explicit: ignores the interval

    try:
        asyncio.run(body())
    finally:
        stub.stop()


def test_a_vector_too_small_for_32_bits_scores_as_zero_before_and_after_reopen() -> None:
    """The local store keeps 32-bit rows: ``2.2e-308`` is stored as 0, so the record is a
    zero vector (scored 0, listed) at once, not only after a reopen (fuzz, 2026-12-03)."""

    async def body() -> None:
        storage = MemoryStorage()
        spec = EmbeddingSpec("tiny", 4)
        adapter = await LocalVectorAdapter.open("t", spec, storage=storage, delay=0.0)
        await adapter.add_vector("tiny", [0.0, 0.0, 0.0, 2.2250738585072014e-308], {}, "a")
        await adapter.add_vector("x", [1.0, 0.0, 0.0, 0.0], {}, "b")
        probe = [1.0, 0.5, 0.0, 0.0]
        before = [(h.id, h.score) for h in await adapter.search(probe, 5)]
        await adapter.close()
        again = await LocalVectorAdapter.open("t", spec, storage=storage, delay=0.0)
        assert [(h.id, h.score) for h in await again.search(probe, 5)] == before
        assert [i for i, _ in before] == ["x", "tiny"]

    asyncio.run(body())
