"""StaticEmbeddingTable and StaticEmbeddingProvider: exactness and behaviour."""

from __future__ import annotations

import asyncio
import math
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from amplify_memory.agent import EmbeddingProvider
from amplify_memory.embeddings import (
    StaticEmbeddingProvider,
    StaticEmbeddingTable,
    encode_table,
)


def dot(a: list[float], b: list[float]) -> float:
    return math.fsum(x * y for x, y in zip(a, b, strict=True))


TINY = StaticEmbeddingTable.from_bytes(
    encode_table(
        model="tiny-d2",
        vocab=["[PAD]", "[UNK]", "[CLS]", "hot", "tea", "##s"],
        scales=[0.5, 2.0],
        rows=bytes([0, 0, 1, 1, 0, 0, 3, 0, 0, 2, 254, 1]),
    )
)


def test_a_vector_is_the_normalised_sum_of_scaled_rows() -> None:
    # hot = (3*0.5, 0) ; tea = (0, 2*2.0) ; ##s = (-2*0.5, 1*2.0)
    assert TINY.vector("hot tea") == pytest.approx([1.5 / 4.272001872658765, 4 / 4.272001872658765])
    assert TINY.vector("teas") == pytest.approx([-1 / 6.08276253029822, 6 / 6.08276253029822])


def test_the_fast_sum_equals_the_plain_definition() -> None:
    for ids in ([3], [3, 4, 5, 5, 1], [5] * 1000):
        assert TINY.ids_vector(ids) == pytest.approx(TINY.ids_vector_slow(ids), abs=1e-15)


def test_no_known_token_gives_the_zero_vector() -> None:
    assert TINY.vector("") == [0.0, 0.0]
    assert TINY.vector("[CLS]") == [0.0, 0.0]  # a zero row


def test_the_provider_implements_the_agent_interface() -> None:
    provider = StaticEmbeddingProvider(TINY)
    assert isinstance(provider, EmbeddingProvider)
    assert (provider.spec.model, provider.spec.dimension) == ("tiny-d2", 2)
    vectors = asyncio.run(provider.embed(["hot", "tea", "hot"]))
    assert vectors == [[1.0, 0.0], [0.0, 1.0], [1.0, 0.0]]
    assert asyncio.run(provider.embed_one("tea")) == [0.0, 1.0]
    assert asyncio.run(provider.embed([])) == []


def test_the_provider_needs_a_table() -> None:
    with pytest.raises(TypeError, match="StaticEmbeddingTable"):
        StaticEmbeddingProvider(b"bytes")  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- real table


def test_equals_the_numpy_build_to_1e_6(
    table: StaticEmbeddingTable, reference: dict[str, Any]
) -> None:
    assert reference["table"] == "amplify-static-minilm-d128-v1.bin"
    for text, ids, expected in zip(
        reference["texts"], reference["ids"], reference["vectors"], strict=True
    ):
        assert table.tokenizer.encode(text) == ids, text
        got = table.vector(text)
        assert max(abs(a - b) for a, b in zip(got, expected, strict=True)) < 1e-6, text


def test_real_vectors_are_unit_length_and_deterministic(table: StaticEmbeddingTable) -> None:
    provider = StaticEmbeddingProvider(table)
    assert provider.spec.model == "amplify-static-minilm-d128-v1"
    assert provider.spec.dimension == 128
    text = "We migrated the database to PostgreSQL 16 last week."
    v = provider.vector(text)
    assert len(v) == 128
    assert math.fsum(x * x for x in v) == pytest.approx(1.0)
    fresh = StaticEmbeddingProvider(StaticEmbeddingTable.from_bytes(table_bytes(table)))
    assert fresh.vector(text) == v


def table_bytes(table: StaticEmbeddingTable) -> bytes:
    return encode_table(
        model=table.model,
        vocab=table.vocab,
        scales=table.scales,
        rows=table._rows,
        tokenizer=table.header["tokenizer"],
    )


def test_related_texts_are_closer_than_unrelated_ones(table: StaticEmbeddingTable) -> None:
    v = table.vector
    query = v("how do I deploy the containers")
    assert dot(query, v("We shipped our Docker images to production")) > dot(
        query, v("My cat Miso likes sleeping on the sofa")
    )
    # synonyms, which BM25 cannot see
    assert dot(v("automobile repair"), v("fixing my car")) > dot(
        v("automobile repair"), v("baking sourdough bread")
    )
    weather = v("The weather is lovely today.")
    assert dot(weather, v("It's so sunny outside!")) > dot(weather, v("He drove to the stadium."))


def test_it_cannot_tell_negations_or_numbers_apart(table: StaticEmbeddingTable) -> None:
    """Documented limit: de-duplication must keep its own lexical guard."""
    v = table.vector
    assert dot(v("The meeting is at 10 am"), v("The meeting is at 11 am")) > 0.9
    assert dot(v("I like coffee"), v("I do not like coffee")) > 0.8


@given(st.text(max_size=80))
def test_any_text_gets_a_unit_or_zero_vector(text: str) -> None:
    v = TINY.vector(text)
    assert len(v) == 2
    assert math.fsum(x * x for x in v) in (pytest.approx(1.0), 0.0)
