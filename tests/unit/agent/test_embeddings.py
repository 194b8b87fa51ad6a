"""Embedding providers: the local hashing model, a real HTTP endpoint, the fallback chain."""

from __future__ import annotations

import asyncio
import math
from collections.abc import Iterator

import pytest

from amplify_memory.agent import (
    FallbackEmbeddingProvider,
    HashingEmbeddingProvider,
    OpenAIEmbeddingProvider,
)
from amplify_memory.errors import (
    ConfigurationError,
    EmbeddingError,
    EmbeddingUnavailableError,
)
from tests.unit.agent.embedding_stub import EmbeddingStub


def cosine(a: list[float], b: list[float]) -> float:
    return math.fsum(x * y for x, y in zip(a, b, strict=True))  # both are unit vectors


@pytest.fixture
def stub() -> Iterator[EmbeddingStub]:
    server = EmbeddingStub()
    yield server
    server.stop()


def test_hashing_is_deterministic_normalised_and_of_the_given_dimension() -> None:
    a, b = HashingEmbeddingProvider(128), HashingEmbeddingProvider(128)
    v = a.vector("Deploying the service with Docker")
    assert v == b.vector("Deploying the service with Docker")
    assert len(v) == 128
    assert math.fsum(x * x for x in v) == pytest.approx(1.0)
    assert a.spec.model == "amplify-hash-v1-d128-n0.5"
    assert a.vector("?!") == [0.0] * 128


def test_hashing_puts_related_texts_closer_than_unrelated_ones() -> None:
    p = HashingEmbeddingProvider()
    query = p.vector("how do I deploy the containers")
    related = p.vector("We deployed our containers to production yesterday")
    unrelated = p.vector("My cat Miso likes sleeping on the sofa")
    assert cosine(query, related) > cosine(query, unrelated) + 0.1
    # stemming and accent folding: "Migrations" ~ "migrating", "café" ~ "cafe"
    assert cosine(p.vector("Migrations"), p.vector("migrating")) > 0.5
    assert cosine(p.vector("café"), p.vector("cafe")) == pytest.approx(1.0)


def test_the_remote_provider_embeds_in_batches_in_order(stub: EmbeddingStub) -> None:
    provider = OpenAIEmbeddingProvider(stub.url, "stub-embed", 32, api_key="sk-test", batch_size=2)
    texts = ["alpha", "beta gamma", "delta", "epsilon"]
    vectors = asyncio.run(provider.embed(texts))
    local = HashingEmbeddingProvider(32)
    assert vectors == [local.vector(t) for t in texts]
    assert [r["input"] for r in stub.requests] == [["alpha", "beta gamma"], ["delta", "epsilon"]]
    assert stub.headers[0]["Authorization"] == "Bearer sk-test"


def test_the_remote_provider_reports_down_and_refused_requests(stub: EmbeddingStub) -> None:
    stub.down = True
    provider = OpenAIEmbeddingProvider(stub.url, "stub-embed", 32)
    with pytest.raises(EmbeddingUnavailableError, match="503 overloaded"):
        asyncio.run(provider.embed_one("x"))
    stub.down = False
    wrong_model = OpenAIEmbeddingProvider(stub.url, "other-model", 32)
    with pytest.raises(EmbeddingError, match="400 model 'other-model' not found") as info:
        asyncio.run(wrong_model.embed_one("x"))
    assert not isinstance(info.value, EmbeddingUnavailableError)
    wrong_dim = OpenAIEmbeddingProvider(stub.url, "stub-embed", 64)
    with pytest.raises(EmbeddingError, match="32 numbers"):
        asyncio.run(wrong_dim.embed_one("x"))
    stub.stop()
    with pytest.raises(EmbeddingUnavailableError, match="cannot be reached"):
        asyncio.run(provider.embed_one("x"))


def test_the_fallback_chain_uses_the_next_provider_of_the_same_model() -> None:
    primary, mirror = EmbeddingStub(), EmbeddingStub()
    try:
        chain = FallbackEmbeddingProvider(
            [OpenAIEmbeddingProvider(s.url, "stub-embed", 32) for s in (primary, mirror)]
        )
        primary.down = True
        assert asyncio.run(chain.embed_one("hello")) == HashingEmbeddingProvider(32).vector("hello")
        assert len(primary.requests) == 1
        assert len(mirror.requests) == 1
        mirror.stop()
        with pytest.raises(EmbeddingUnavailableError):
            asyncio.run(chain.embed_one("hello"))
    finally:
        primary.stop()
        mirror.stop()


def test_a_fallback_chain_never_mixes_models() -> None:
    with pytest.raises(ConfigurationError, match="one embedding model"):
        FallbackEmbeddingProvider(
            [
                OpenAIEmbeddingProvider("http://127.0.0.1:9", "remote", 32),
                HashingEmbeddingProvider(32),
            ]
        )
