"""The local default embedding provider of the agent layer: the static table, lazily."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from amplify_memory.agent import (
    HashingEmbeddingProvider,
    LocalVectorAdapter,
    Message,
    VectorMemoryStore,
    default_embedding_provider,
)
from amplify_memory.embeddings import (
    EmbeddingTableUnavailableError,
    StaticEmbeddingProvider,
    configure_default_provider,
)
from amplify_memory.errors import EmbeddingModelMismatchError
from amplify_memory.storage import MemoryStorage
from tests.unit.embeddings.built_table import built_table_path

MODEL = "amplify-static-minilm-d128-v1"


@pytest.fixture(autouse=True)
def default_table() -> Iterator[Path]:
    path = built_table_path()
    configure_default_provider(path)
    yield path
    configure_default_provider(None)


async def test_the_default_provider_is_the_static_table() -> None:
    provider = await default_embedding_provider()
    assert isinstance(provider, StaticEmbeddingProvider)
    assert provider.spec.model == MODEL
    assert await default_embedding_provider() is provider


async def test_a_store_without_a_provider_uses_the_static_table_and_finds_synonyms() -> None:
    storage = MemoryStorage()
    adapter = await LocalVectorAdapter.open("agent-memory", storage=storage)
    assert adapter.embedding.model == MODEL
    assert adapter.embedding.dimension == 128
    store = await VectorMemoryStore.open(vector_store=adapter, storage=storage)
    assert store.embeddings.spec == adapter.embedding
    await store.append_message(Message("m1", "user", "I spent the weekend fixing my car"))
    await store.append_message(Message("m2", "user", "My sister lives in Porto"))
    await store.append_message(Message("m3", "user", "We picked PostgreSQL for analytics"))
    found = await store.search_similar("automobile repair", 1)
    assert [m.id for m in found] == ["m1"]
    await adapter.close()


async def test_a_collection_of_the_hashing_model_refuses_the_default() -> None:
    storage = MemoryStorage()
    hashing = HashingEmbeddingProvider()
    adapter = await LocalVectorAdapter.open("notes", hashing.spec, storage=storage)
    await adapter.close()
    with pytest.raises(EmbeddingModelMismatchError):
        await LocalVectorAdapter.open("notes", storage=storage)
    again = await LocalVectorAdapter.open("notes", hashing.spec, storage=storage)
    with pytest.raises(EmbeddingModelMismatchError):
        await VectorMemoryStore.open(vector_store=again, storage=storage)
    await again.close()


async def test_without_a_table_opening_with_the_default_says_why(tmp_path: Path) -> None:
    configure_default_provider(tmp_path / "missing.bin")
    with pytest.raises(EmbeddingTableUnavailableError, match=r"missing\.bin"):
        await LocalVectorAdapter.open("agent-memory", storage=MemoryStorage())
