"""Namespaced names: valid for Chroma and for the storage, and never shared by accident."""

from __future__ import annotations

import asyncio
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from amplify_memory.agent import (
    ChromaAdapter,
    EmbeddingSpec,
    chroma_collection_name,
    join_namespace,
    local_store_name,
)
from amplify_memory.errors import ConfigurationError
from amplify_memory.storage import is_store_name

CHROMA_RULE = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9._-]{1,510})[A-Za-z0-9]\Z")
parts = st.text(min_size=1, max_size=80)
collections = parts.filter(lambda s: bool(s.strip()))


def test_valid_names_are_kept_as_they_are() -> None:
    assert chroma_collection_name("agent-memory", "user-123", "conv-456") == (
        "agent-memory_user-123_conv-456"
    )
    assert local_store_name("agent-memory", "user-123") == "agent-memory_user-123"


def test_invalid_names_are_cleaned_and_tagged_with_a_digest() -> None:
    name = chroma_collection_name("Agent Memory", "user@example.com")
    assert re.fullmatch(r"Agent-Memory_user-example.com-[0-9a-f]{8}", name)
    assert chroma_collection_name("ab") != "ab"
    assert len(chroma_collection_name("ab")) >= 3
    assert chroma_collection_name("10.0.0.1").startswith("10.0.0.1-")  # not an address
    assert ".." not in chroma_collection_name("a..b")
    assert len(chroma_collection_name("x" * 600)) == 512


def test_a_conversation_needs_a_user() -> None:
    with pytest.raises(ConfigurationError):
        join_namespace("memory", None, "conv-1")
    with pytest.raises(ConfigurationError):
        join_namespace("")


@settings(max_examples=300, deadline=None)
@given(collections, st.none() | parts, parts)
def test_every_namespace_gives_names_that_follow_the_rules(
    collection: str, user: str | None, conversation: str
) -> None:
    conv = conversation if user is not None else None
    chroma = chroma_collection_name(collection, user, conv)
    assert CHROMA_RULE.match(chroma), chroma
    assert ".." not in chroma
    assert is_store_name(local_store_name(collection, user, conv, suffix="-sequence"))


@settings(max_examples=300, deadline=None)
@given(collections, collections)
def test_different_namespaces_get_different_names(a: str, b: str) -> None:
    if a != b:
        assert chroma_collection_name(a) != chroma_collection_name(b)
        assert local_store_name(a) != local_store_name(b)


def test_the_real_chroma_server_accepts_every_sanitised_name(chroma_url: str) -> None:
    raw = ["ab", "Agent Memory", "a..b", "-x-", "10.0.0.1", "東京", "x" * 600, "ok.name_1"]

    async def body() -> list[str]:
        spec = EmbeddingSpec("m", 2)
        names = []
        for r in raw:
            adapter = await ChromaAdapter.open(r, spec, user_id="u 1", url=chroma_url)
            names.append(adapter.name)
            await adapter.drop()
        return names

    names = asyncio.run(body())
    assert len(set(names)) == len(raw)
