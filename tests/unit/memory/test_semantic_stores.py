"""The memory stores' hybrid search (BM25 + the static embeddings), its settings, the BM25
fallback, and snapshots saved before the stores had embeddings."""

from __future__ import annotations

import asyncio
import base64
import json
import zlib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from amplify_memory.agent import EmbeddingSpec, HashingEmbeddingProvider
from amplify_memory.embeddings import (
    EmbeddingTableUnavailableError,
    StaticEmbeddingProvider,
    configure_default_provider,
    default_provider,
    default_provider_error,
    peek_default_provider,
)
from amplify_memory.errors import ConfigurationError
from amplify_memory.memory import ProjectContextVectorStore, UserProfileVectorStore
from amplify_memory.memory._common import PersistedCollection, StorageParts
from amplify_memory.memory._semantic import EMBEDDING_FIELDS
from amplify_memory.memory.project_context import SCHEMA as PROJECT_SCHEMA
from amplify_memory.memory.user_profile import SCHEMA as USER_SCHEMA
from amplify_memory.memory.user_profile import USER_PROFILE_STORE_NAME
from amplify_memory.search import Database
from amplify_memory.storage import MemoryStorage

Clock = Callable[[], str]

TS = "User likes TS more than JS"
OTHERS = [
    "User lives in Lisbon",
    "User has a dog called Rex",
    "User works night shifts at the hospital",
    "User drinks green tea in the morning",
]
PUBLIC_USER_FIELDS = {
    "id", "content", "category", "createdAt", "updatedAt", "accessCount", "source", "confidence",
    "topic", "value", "polarity", "seq", "superseded", "supersededBy", "supersededAt",
}  # fmt: skip


@pytest.fixture
def table_source(default_table: Path) -> Iterator[Callable[[object], None]]:
    """Point the default provider elsewhere for one test; the real table comes back after."""

    def use(source: object) -> None:
        configure_default_provider(source)  # type: ignore[arg-type]

    yield use
    configure_default_provider(default_table)


async def user_store(
    storage: MemoryStorage, clock: Clock, **options: Any
) -> UserProfileVectorStore:
    store = UserProfileVectorStore(storage=storage, clock=clock, **options)
    await store.initialize()
    return store


async def raw_snapshot(storage: MemoryStorage, name: str) -> dict[str, Any]:
    text = await storage.load(name)
    assert text is not None
    record: dict[str, Any] = json.loads(text)
    snapshot: dict[str, Any] = record["snapshot"]
    return snapshot


async def saved(storage: MemoryStorage, name: str) -> dict[str, Any]:
    """The saved snapshot with each document as the store gives it back (vectors included:
    a snapshot keeps them packed apart from the documents)."""
    snapshot = await raw_snapshot(storage, name)
    db = Database.from_snapshot(snapshot)
    return {**snapshot, "documents": [db.get(doc_id) for doc_id in db.ids()]}


# ----------------------------------------------------------------------------- hybrid


async def test_hybrid_search_finds_a_paraphrase_bm25_cannot(
    storage: MemoryStorage, clock: Clock
) -> None:
    store = await user_store(storage, clock)
    assert store.semantic_status["mode"] == "pending"  # nothing embedded yet
    for text in [*OTHERS[:2], TS, *OTHERS[2:]]:
        await store.add(text, "preference")
    hits = await store.search("TypeScript preference")
    assert hits[0]["content"] == TS
    status = store.semantic_status
    assert status["mode"] == "hybrid"
    assert status["model"] == "amplify-static-minilm-d128-v1"
    assert status["reason"] is None
    assert status["hybridWeights"] == {"text": 0.5, "vector": 0.5}
    assert status["loadMs"] > 0
    # the same entries, BM25 alone: the query's words are in none of them
    bm25 = await user_store(MemoryStorage(), clock, semantic=False)
    for text in [*OTHERS[:2], TS, *OTHERS[2:]]:
        await bm25.add(text, "preference")
    assert await bm25.search("TypeScript preference") == []
    assert bm25.semantic_status["mode"] == "bm25"
    assert "semantic=False" in bm25.semantic_status["reason"]
    # a prompt block keeps to facts with a word of the query or a strong cosine
    loose = await user_store(MemoryStorage(), clock)
    loose.min_relevance = 0.2
    for text in [*OTHERS[:2], TS, *OTHERS[2:]]:
        await loose.add(text, "preference")
    assert "TS more" in await loose.format_context_for_prompt("TypeScript preference")
    assert "TS more" not in await store.format_context_for_prompt("TypeScript preference")
    assert await bm25.format_context_for_prompt("TypeScript preference") == ""
    await store.close()
    await bm25.close()


async def test_an_unrelated_entry_does_not_enter_on_the_vector_side(
    storage: MemoryStorage, clock: Clock
) -> None:
    store = await user_store(storage, clock)
    await store.add("User prefers dark mode", "preference")
    await store.add("User lives in Lisbon", "personal")
    hits = await store.search("dark mode")
    assert [h["content"] for h in hits] == ["User prefers dark mode"]
    await store.close()


async def test_hybrid_weights_are_configurable(storage: MemoryStorage, clock: Clock) -> None:
    texts = ["User fixes cars at the weekend", "User repairs old automobiles", "User likes tea"]
    stores = {
        weights: await user_store(
            MemoryStorage(), clock, hybrid_weights={"text": weights[0], "vector": weights[1]}
        )
        for weights in [(1.0, 0.0), (0.0, 1.0), (0.5, 0.5)]
    }
    for store in stores.values():
        for text in texts:
            await store.add(text, "other")
    text_only = await stores[1.0, 0.0].search("fixes cars")
    assert [h["content"] for h in text_only] == [texts[0]]  # BM25 alone
    vector_only = await stores[0.0, 1.0].search("car repair")
    assert {h["content"] for h in vector_only[:2]} == set(texts[:2])
    assert all(-1.0 <= h["score"] <= 1.0 for h in vector_only)  # raw cosines
    both = await stores[0.5, 0.5].search("fixes cars")
    assert [h["content"] for h in both[:2]] == texts[:2]
    for store in stores.values():
        await store.close()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"hybrid_weights": {"text": -1, "vector": 1}}, "hybrid_weights\\['text'\\]"),
        ({"hybrid_weights": {"text": 0, "vector": 0}}, "must not both be 0"),
        ({"hybrid_weights": {"bm25": 1}}, "hybrid_weights expected"),
        ({"min_similarity": 2}, "min_similarity expected -1 to 1"),
        ({"embeddings": HashingEmbeddingProvider(64)}, "keep 128-dimensional embeddings"),
    ],
)
def test_bad_semantic_settings_are_clear_errors(options: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigurationError, match=message):
        UserProfileVectorStore(storage=MemoryStorage(), **options)
    with pytest.raises(ConfigurationError, match=message):
        ProjectContextVectorStore(storage=MemoryStorage(), **options)


async def test_a_given_provider_is_used_instead_of_the_default(
    storage: MemoryStorage, clock: Clock
) -> None:
    hashing = HashingEmbeddingProvider(128)
    store = await user_store(storage, clock, embeddings=hashing)
    await store.add("User deploys with Docker", "tech_stack")
    await store.search("docker")
    assert store.semantic_status["model"] == hashing.spec.model
    await store.flush()
    snapshot = await saved(storage, USER_PROFILE_STORE_NAME)
    assert snapshot["documents"][0]["embeddingModel"] == hashing.spec.model
    await store.close()


async def test_an_entry_removed_while_its_late_embedding_is_made_stays_removed(
    storage: MemoryStorage, clock: Clock
) -> None:
    """Entries stored while the provider was down get embeddings at the next search; one
    removed while that embedding is being made is not brought back, nor is the search
    broken by it."""
    from amplify_memory.errors import EmbeddingError

    class Flaky(HashingEmbeddingProvider):
        down = True
        gate: asyncio.Event | None = None

        async def embed(self, texts: list[str]) -> list[list[float]]:
            if self.down:
                raise EmbeddingError("the provider is down")
            if self.gate is not None:
                await self.gate.wait()
            return await super().embed(texts)

    provider = Flaky(128)
    store = await user_store(storage, clock, embeddings=provider)
    gone = (await store.add(OTHERS[0], "personal"))["entry"]
    kept = (await store.add(OTHERS[1], "personal"))["entry"]
    provider.down, provider.gate = False, asyncio.Event()
    searching = asyncio.create_task(store.search("dog"))
    await asyncio.sleep(0.01)  # the search waits for the late embeddings
    assert await store.remove(gone["id"]) is True
    provider.gate.set()
    hits = await searching
    assert [h["id"] for h in hits] == [kept["id"]]
    assert await store.get(gone["id"]) is None
    await store.flush()
    docs = (await saved(storage, USER_PROFILE_STORE_NAME))["documents"]
    assert [(d["id"], len(d["embedding"])) for d in docs] == [(kept["id"], 128)]
    await store.close()


# ----------------------------------------------------------------------------- entries


async def test_callers_never_see_the_embedding(storage: MemoryStorage, clock: Clock) -> None:
    store = await user_store(storage, clock)
    added = (await store.add("User prefers TypeScript over JavaScript", "preference"))["entry"]
    again = await store.add("The user prefers TypeScript over JavaScript.", "preference")
    assert again["action"] == "updated"
    shown: list[dict[str, Any]] = [
        added,
        again["entry"],
        await store.get(added["id"]) or {},
        *await store.list(),
        *await store.search("typescript"),
    ]
    for entry in shown:
        assert set(entry) - {"score"} == PUBLIC_USER_FIELDS
    await store.flush()
    doc = (await saved(storage, USER_PROFILE_STORE_NAME))["documents"][0]
    assert len(doc["embedding"]) == 128
    assert doc["embeddingModel"] == "amplify-static-minilm-d128-v1"
    packed = (await raw_snapshot(storage, USER_PROFILE_STORE_NAME))["vectors"]["embedding"]
    assert packed["encoding"] == "bfloat16split"  # 2 bytes a number or less, not decimals
    assert len(base64.b64decode(packed["low"])) == 128
    assert len(zlib.decompress(base64.b64decode(packed["high"]))) == 128
    await store.close()


async def test_refreshes_and_prompt_accesses_keep_the_embedding(
    storage: MemoryStorage, clock: Clock
) -> None:
    """Duplicates and prompt blocks change entries by patch: counters only, the stored
    embedding stays (searches return entries without it)."""
    store = await user_store(storage, clock)
    added = (await store.add("User prefers TypeScript over JavaScript", "preference"))["entry"]
    await store.flush()
    before = (await saved(storage, USER_PROFILE_STORE_NAME))["documents"][0]
    await store.add("The user prefers TypeScript over JavaScript.", "preference", confidence=0.95)
    assert "TypeScript" in await store.format_context_for_prompt("typescript")
    await store.flush()
    after = (await saved(storage, USER_PROFILE_STORE_NAME))["documents"][0]
    assert after["id"] == added["id"]
    assert after["embedding"] == before["embedding"]
    assert after["embeddingModel"] == before["embeddingModel"]
    assert (after["accessCount"], after["confidence"]) == (2, 0.95)
    assert (await store.search("typescript"))[0]["id"] == added["id"]  # still found by vector
    await store.close()


async def test_project_entries_are_embedded_and_reembedded_when_their_content_changes(
    storage: MemoryStorage, clock: Clock
) -> None:
    store = ProjectContextVectorStore(storage=storage, clock=clock)
    entry = await store.add("shop", "Payments go through Stripe", "decision")
    await store.add("shop", "Must support OAuth login with Google", "requirement")
    assert "embedding" not in entry
    assert entry["id"] not in [h["id"] for h in await store.search("shop", "fixing my car")]
    changed = await store.update("shop", entry["id"], content="The team repairs automobiles")
    assert set(changed) & EMBEDDING_FIELDS == set()
    hits = await store.search("shop", "fixing my car")
    assert hits[0]["id"] == entry["id"]
    assert store.semantic_status["mode"] == "hybrid"
    for listed in [*await store.list("shop"), await store.get("shop", entry["id"]) or {}]:
        assert set(listed) & EMBEDDING_FIELDS == set()
    await store.close()


# ----------------------------------------------------------------------------- fallback


async def test_without_a_table_the_stores_search_with_bm25_and_say_why(
    storage: MemoryStorage, clock: Clock, tmp_path: Path, table_source: Callable[[object], None]
) -> None:
    missing = tmp_path / "no-such-table.bin"
    table_source(missing)
    store = await user_store(storage, clock)
    await store.add("User likes TS more than JS", "preference")
    await store.add("User drinks coffee", "preference")
    assert [h["content"] for h in await store.search("coffee")] == ["User drinks coffee"]
    assert await store.search("TypeScript preference") == []
    status = store.semantic_status
    assert status["mode"] == "bm25"
    assert "no-such-table.bin" in status["reason"]
    assert "BM25 alone" in status["reason"]
    assert isinstance(default_provider_error(), EmbeddingTableUnavailableError)
    await store.flush()
    assert all(
        "embedding" not in d for d in (await saved(storage, USER_PROFILE_STORE_NAME))["documents"]
    )
    # once a table is there, the entries added meanwhile get their embeddings
    table_source(None)  # the repository's build/embeddings copy
    hits = await store.search("TypeScript preference")
    assert [h["content"] for h in hits][:1] == ["User likes TS more than JS"]
    assert store.semantic_status["mode"] == "hybrid"
    await store.flush()
    docs = (await saved(storage, USER_PROFILE_STORE_NAME))["documents"]
    assert all(len(d["embedding"]) == 128 for d in docs)
    await store.close()


async def test_an_unreadable_table_is_a_reason_not_a_crash(
    storage: MemoryStorage, clock: Clock, tmp_path: Path, table_source: Callable[[object], None]
) -> None:
    bad = tmp_path / "bad.bin"
    bad.write_bytes(b"AMSTATIC" + b"\0" * 20)
    table_source(bad)
    store = ProjectContextVectorStore(storage=storage, clock=clock)
    await store.add("shop", "Uses PostgreSQL for orders", "decision")
    assert [h["content"] for h in await store.search("shop", "postgresql")] == [
        "Uses PostgreSQL for orders"
    ]
    assert store.semantic_status["mode"] == "bm25"
    assert "bad.bin" in store.semantic_status["reason"]
    await store.close()


async def test_the_store_looks_for_unembedded_entries_only_after_outside_changes(
    storage: MemoryStorage, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its own adds, removals, prompt blocks and writes need no scan of every entry; an
    entry another tab added without an embedding gets one at the next search."""
    from amplify_memory.memory._semantic import SemanticIndex
    from amplify_memory.storage import LocalCoordinator

    scans: list[int] = []
    real_stale = SemanticIndex.stale

    def counting_stale(self: SemanticIndex, db: Any, model: str) -> Any:
        scans.append(len(db))
        return real_stale(self, db, model)

    monkeypatch.setattr(SemanticIndex, "stale", counting_stale)
    coordinator = LocalCoordinator()
    parts = StorageParts(storage=storage, coordinator=coordinator)
    store = await user_store(parts, clock)  # type: ignore[arg-type]
    await store.add(OTHERS[0], "personal")
    await store.search("Lisbon")
    assert len(scans) == 1  # the first search checks once
    for text in OTHERS[1:]:
        await store.add(text, "personal")
        await store.format_context_for_prompt("tea")
    removed = (await store.search("dog"))[0]["id"]
    await store.remove(removed)
    await store.flush()
    await store.search("hospital")
    assert len(scans) == 1

    other_tab = UserProfileVectorStore(
        storage=StorageParts(storage=storage, coordinator=coordinator),
        clock=clock,
        semantic=False,  # e.g. a tab without the table: entries without embeddings
    )
    await other_tab.initialize()
    await other_tab.add(TS, "preference")
    await other_tab.flush()
    await asyncio.sleep(0.2)  # the first tab hears of the write and reloads
    hits = await store.search("TypeScript preference")
    assert len(scans) == 2
    assert hits[0]["content"] == TS  # found by its new embedding
    await store.flush()
    docs = (await saved(storage, USER_PROFILE_STORE_NAME))["documents"]
    assert all(len(d["embedding"]) == 128 for d in docs)
    await other_tab.close()
    await store.close()


# ----------------------------------------------------------------------------- migration


async def test_a_user_snapshot_saved_before_embeddings_loads_and_gets_them(
    storage: MemoryStorage, clock: Clock
) -> None:
    old_schema = {k: v for k, v in USER_SCHEMA.items() if k not in EMBEDDING_FIELDS}
    old = PersistedCollection(USER_PROFILE_STORE_NAME, old_schema, storage)
    for i, text in enumerate([TS, *OTHERS]):
        await old.insert(
            {
                "id": f"e{i}", "content": text, "category": "preference",
                "createdAt": "2025-01-01T00:00:00.000Z", "updatedAt": "2025-01-01T00:00:00.000Z",
                "accessCount": 0, "source": "user", "confidence": 0.8,
            }
        )  # fmt: skip
    await old.close()
    assert (await saved(storage, USER_PROFILE_STORE_NAME))["schema"] == old_schema

    store = await user_store(storage, clock)
    assert store.load_error is None
    assert await store.count() == 5
    assert (await store.get("e0") or {})["content"] == TS
    hits = await store.search("TypeScript preference")
    assert hits[0]["id"] == "e0"
    await store.flush()
    snapshot = await saved(storage, USER_PROFILE_STORE_NAME)
    assert snapshot["schema"] == USER_SCHEMA
    assert all(len(d["embedding"]) == 128 for d in snapshot["documents"])
    await store.close()
    again = await user_store(storage, clock)  # the migrated snapshot loads as it is
    assert again.load_error is None
    assert (await again.search("TypeScript preference"))[0]["id"] == "e0"
    await again.close()


async def test_a_project_snapshot_saved_before_embeddings_loads(
    storage: MemoryStorage, clock: Clock
) -> None:
    old_schema = {k: v for k, v in PROJECT_SCHEMA.items() if k not in EMBEDDING_FIELDS}
    old = PersistedCollection("vector_store_project_shop", old_schema, storage)
    await old.insert(
        {
            "id": "p1", "projectId": "shop", "content": "The team repairs automobiles",
            "type": "decision", "createdAt": "2025-01-01T00:00:00.000Z",
            "updatedAt": "2025-01-01T00:00:00.000Z", "sourceChatId": "", "planPointId": "",
            "files": [], "tags": [],
        }
    )  # fmt: skip
    await old.close()
    store = ProjectContextVectorStore(storage=storage, clock=clock)
    assert [h["id"] for h in await store.search("shop", "fixing my car")] == ["p1"]
    assert store.load_error("shop") is None
    await store.close()


async def test_a_snapshot_of_another_schema_is_still_refused(
    storage: MemoryStorage, clock: Clock
) -> None:
    other = PersistedCollection(
        USER_PROFILE_STORE_NAME, {"id": "string", "text": "string"}, storage
    )
    await other.insert({"id": "x", "text": "hello"})
    await other.close()
    store = await user_store(storage, clock)
    assert store.load_error is not None  # quarantined, as before
    assert await store.count() == 0
    await store.close()


# ----------------------------------------------------------------------------- provider


async def test_the_default_provider_is_loaded_once_and_timed(default_table: Path) -> None:
    configure_default_provider(default_table)
    assert peek_default_provider() is None  # lazy: nothing loaded yet
    first, second = await asyncio.gather(default_provider(), default_provider())
    assert first is second is peek_default_provider()
    assert isinstance(first, StaticEmbeddingProvider)
    assert first.spec == EmbeddingSpec("amplify-static-minilm-d128-v1", 128)
    info = first.load_info
    assert info["source"] == str(default_table)
    assert info["bytes"] == default_table.stat().st_size
    assert first.load_ms == info["load_ms"] > 0


async def test_the_environment_variable_names_the_table(
    default_table: Path,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    table_source: Callable[[object], None],
) -> None:
    monkeypatch.setenv("AMPLIFY_EMBEDDING_TABLE", str(tmp_path / "elsewhere.bin"))
    table_source(None)
    with pytest.raises(EmbeddingTableUnavailableError, match=r"elsewhere\.bin"):
        await default_provider()
    with pytest.raises(EmbeddingTableUnavailableError):  # remembered, not retried
        await default_provider()
    monkeypatch.setenv("AMPLIFY_EMBEDDING_TABLE", str(default_table))
    table_source(None)
    assert (await default_provider()).spec.dimension == 128
