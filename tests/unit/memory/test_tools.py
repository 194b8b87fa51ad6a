"""The MCP tools: definitions and results checked with the official MCP SDK's types."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import mcp.types as mcp_types
import pytest

from amplify_memory.memory.project_context import ProjectContextVectorStore
from amplify_memory.memory.tools import INVALID_PARAMS, METHOD_NOT_FOUND, MemoryTools
from amplify_memory.memory.user_profile import UserProfileVectorStore
from amplify_memory.storage import MemoryStorage

Clock = Callable[[], str]


@pytest.fixture
async def tools(storage: MemoryStorage, clock: Clock, closing: list[object]) -> MemoryTools:
    user = UserProfileVectorStore(storage=storage, clock=clock)
    await user.initialize()
    project = ProjectContextVectorStore(storage=storage, clock=clock)
    closing.extend([user, project])
    return MemoryTools(user, project)


def check_result(result: dict[str, Any]) -> mcp_types.CallToolResult:
    parsed = mcp_types.CallToolResult.model_validate(result)
    assert parsed.content[0].type == "text"
    return parsed


def test_tool_definitions_are_valid_mcp_tools() -> None:
    listed = mcp_types.ListToolsResult.model_validate(MemoryTools.list_tools())
    assert len(listed.tools) == 4
    for tool in listed.tools:
        assert re.fullmatch(r"[A-Za-z0-9_.-]{1,128}", tool.name)
        assert tool.description
        assert tool.input_schema["type"] == "object"
        assert tool.input_schema["additionalProperties"] is False
        assert tool.annotations is not None
        assert tool.annotations.read_only_hint is not None


async def test_store_then_search_a_user_fact(tools: MemoryTools) -> None:
    stored = check_result(
        await tools.call_tool(
            "memory_store_user_fact",
            {"content": "User prefers pnpm over npm", "category": "preference", "confidence": 0.9},
        )
    )
    assert stored.is_error is False
    assert stored.structured_content is not None
    assert stored.structured_content["stored"]["content"] == "User prefers pnpm over npm"
    assert stored.structured_content["action"] == "inserted"
    found = check_result(await tools.call_tool("memory_search_user_profile", {"query": "pnpm"}))
    assert found.structured_content is not None
    results = found.structured_content["results"]
    assert [r["content"] for r in results] == ["User prefers pnpm over npm"]
    # the text block carries the same JSON as structuredContent
    assert json.loads(found.content[0].text) == found.structured_content  # type: ignore[union-attr]


async def test_store_then_search_project_context(tools: MemoryTools) -> None:
    check_result(
        await tools.call_tool(
            "memory_store_project_context",
            {
                "projectId": "shop",
                "content": "Payments go through Stripe Checkout",
                "type": "decision",
                "files": ["src/pay.ts"],
                "tags": ["payments"],
            },
        )
    )
    found = check_result(
        await tools.call_tool(
            "memory_search_project_context",
            {"projectId": "shop", "query": "stripe payments", "types": ["decision"]},
        )
    )
    assert found.structured_content is not None
    assert found.structured_content["results"][0]["files"] == ["src/pay.ts"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"content": "x"}, "arguments.category: required"),
        ({"content": "x", "category": "hobby"}, '"hobby" is not one of'),
        ({"content": "   ", "category": "other"}, "must not be empty"),
        ({"content": "x", "category": "other", "confidence": 3}, "above the maximum 1"),
        ({"content": "x", "category": "other", "extra": 1}, "unknown argument"),
        ("not an object", "expected object"),
    ],
)
async def test_invalid_arguments_are_a_tool_error_the_model_can_read(
    tools: MemoryTools, args: object, message: str
) -> None:
    result = check_result(await tools.call_tool("memory_store_user_fact", args))
    assert result.is_error is True
    assert message in result.content[0].text  # type: ignore[union-attr]


async def test_a_failure_inside_a_tool_is_a_tool_error(tools: MemoryTools) -> None:
    result = check_result(
        await tools.call_tool("memory_search_project_context", {"projectId": "-bad", "query": "x"})
    )
    assert result.is_error is True
    assert "invalid project id" in result.content[0].text  # type: ignore[union-attr]


async def test_json_rpc_list_call_and_errors(tools: MemoryTools) -> None:
    listed = await tools.handle({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    assert listed is not None
    mcp_types.ListToolsResult.model_validate(listed["result"])
    unknown = await tools.handle(
        {
            "jsonrpc": "2.0",
            "id": 2,
            "method": "tools/call",
            "params": {"name": "nope", "arguments": {}},
        }
    )
    assert unknown is not None
    assert unknown["error"]["code"] == INVALID_PARAMS
    assert "nope" in unknown["error"]["message"]
    missing = await tools.handle({"jsonrpc": "2.0", "id": 3, "method": "resources/list"})
    assert missing is not None
    assert missing["error"]["code"] == METHOD_NOT_FOUND
    assert await tools.handle({"jsonrpc": "2.0", "method": "tools/list"}) is None


async def test_json_text_in_and_out_for_javascript(tools: MemoryTools) -> None:
    request = {
        "jsonrpc": "2.0",
        "id": "a",
        "method": "tools/call",
        "params": {
            "name": "memory_store_user_fact",
            "arguments": {
                "content": "User writes commit messages in English",
                "category": "workflow",
            },
        },
    }
    answer = json.loads(await tools.handle_json(json.dumps(request)))
    assert answer["id"] == "a"
    check_result(answer["result"])
    assert json.loads(await tools.handle_json("{oops"))["error"]["code"] == -32700
