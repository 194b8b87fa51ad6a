"""The MCP tool that searches the conversation memory, checked with the official SDK types."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import mcp.types
import pytest

from amplify_memory.agent import (
    ConversationSearchTool,
    HashingEmbeddingProvider,
    LocalVectorAdapter,
    Message,
    VectorMemoryStore,
)
from amplify_memory.storage import MemoryStorage


async def make_tool() -> ConversationSearchTool:
    storage, emb = MemoryStorage(), HashingEmbeddingProvider()
    adapter = await LocalVectorAdapter.open("tool", emb.spec, storage=storage)
    store = await VectorMemoryStore.open(vector_store=adapter, embeddings=emb, storage=storage)
    await store.append_messages(
        [
            Message("u1", "user", "Our staging database is called kestrel", created_at=1.0),
            Message("a1", "assistant", "Noted, kestrel is staging", created_at=2.0),
            Message("u2", "user", "I like green tea", created_at=3.0),
        ]
    )
    return ConversationSearchTool(store)


def call(arguments: Any) -> dict[str, Any]:
    async def body() -> dict[str, Any]:
        return await (await make_tool()).call(arguments)

    return asyncio.run(body())


def test_the_definition_is_a_valid_mcp_tool() -> None:
    tool = mcp.types.Tool.model_validate(ConversationSearchTool.definition())
    assert tool.name == "memory_search_conversation"
    assert tool.annotations is not None
    assert tool.annotations.read_only_hint is True


def test_a_search_returns_an_mcp_result_with_structured_content() -> None:
    result = call({"query": "what is the staging database", "limit": 2})
    mcp.types.CallToolResult.model_validate(result)
    assert result["isError"] is False
    ids = [r["id"] for r in result["structuredContent"]["results"]]
    assert ids[0] == "u1"
    assert len(ids) == 2
    assert json.loads(result["content"][0]["text"]) == result["structuredContent"]
    first = result["structuredContent"]["results"][0]
    assert set(first) == {"id", "role", "content", "createdAt", "score"}
    assert -1.0 <= first["score"] <= 1.0


def test_the_role_filter_keeps_only_that_role() -> None:
    result = call({"query": "kestrel staging", "role": "assistant"})
    assert [r["id"] for r in result["structuredContent"]["results"]] == ["a1"]


@pytest.mark.parametrize(
    ("arguments", "problem"),
    [
        ({}, "arguments.query: required"),
        ({"query": "  "}, "arguments.query: required"),
        ({"query": "x", "limit": 0}, "arguments.limit"),
        ({"query": "x", "limit": True}, "arguments.limit"),
        ({"query": "x", "role": "robot"}, "arguments.role"),
        ({"query": "x", "extra": 1}, "arguments.extra: unknown argument"),
        ("query", "expected an object"),
    ],
)
def test_invalid_arguments_are_a_tool_error_the_model_can_read(
    arguments: Any, problem: str
) -> None:
    result = call(arguments)
    mcp.types.CallToolResult.model_validate(result)
    assert result["isError"] is True
    assert "structuredContent" not in result
    assert problem in result["content"][0]["text"]
