"""An MCP tool that lets the model search its conversation memory on demand.

``memory_search_conversation`` (MCP specification 2025-11-25): arguments ``query``
(required), ``limit`` (1-20, default 5) and ``role`` (only messages of that role).
Its result holds one text block with the JSON of ``structuredContent``
(``{"results": [{"id", "role", "content", "createdAt", "score"}]}``); a failure,
invalid arguments included, is a normal result with ``isError: true`` and a message
the model can act on.
"""

from __future__ import annotations

import json
from typing import Any, Final

from amplify_memory.agent._store import VectorMemoryStore
from amplify_memory.errors import AmplifyMemoryError, describe
from amplify_memory.limits import is_number

__all__ = ["CONVERSATION_SEARCH_TOOL", "ConversationSearchTool"]

ROLES: Final = ("user", "assistant", "system", "tool")

CONVERSATION_SEARCH_TOOL: Final[dict[str, Any]] = {
    "name": "memory_search_conversation",
    "title": "Search this conversation's memory",
    "description": (
        "Search earlier messages of this conversation by meaning, most similar first. Use "
        "it when the user refers to something said before that is not in the context, "
        "e.g. 'the fix you suggested last week'. Returns each message's role, text, time "
        "(seconds since the epoch) and similarity score (-1 to 1, higher is closer)."
    ),
    "inputSchema": {
        "type": "object",
        "properties": {
            "query": {"type": "string", "minLength": 1, "maxLength": 2000,
                      "description": "What to look for, in a few words or a sentence."},
            "limit": {"type": "integer", "minimum": 1, "maximum": 20,
                      "description": "At most this many messages (default 5)."},
            "role": {"type": "string", "enum": list(ROLES),
                     "description": "Only messages of this role."},
        },
        "required": ["query"],
        "additionalProperties": False,
    },
    "annotations": {"readOnlyHint": True, "destructiveHint": False,
                    "idempotentHint": True, "openWorldHint": False},
}  # fmt: skip


def _problems(arguments: object) -> list[str]:
    if not isinstance(arguments, dict):
        return [f"arguments: expected an object, got {json.dumps(arguments)[:80]}"]
    props = CONVERSATION_SEARCH_TOOL["inputSchema"]["properties"]
    out = [
        f"arguments.{k}: unknown argument; expected one of {list(props)}"
        for k in arguments
        if k not in props
    ]
    query = arguments.get("query")
    if not isinstance(query, str) or not query.strip():
        out.append("arguments.query: required, a non-empty string")
    elif len(query) > 2000:
        out.append(f"arguments.query: {len(query)} characters, at most 2000")
    if "limit" in arguments:
        limit = arguments["limit"]
        if not (is_number(limit) and float(limit).is_integer() and 1 <= limit <= 20):
            out.append(f"arguments.limit: expected an integer from 1 to 20, got {describe(limit)}")
    if "role" in arguments and arguments["role"] not in ROLES:
        out.append(f"arguments.role: {describe(arguments['role'])} is not one of {list(ROLES)}")
    return out


class ConversationSearchTool:
    """``memory_search_conversation`` over a :class:`VectorMemoryStore`.

    >>> ConversationSearchTool.definition()["name"]
    'memory_search_conversation'
    """

    name: Final = CONVERSATION_SEARCH_TOOL["name"]

    def __init__(self, store: VectorMemoryStore) -> None:
        self.store = store

    @staticmethod
    def definition() -> dict[str, Any]:
        """A copy of the tool definition, for ``tools/list``."""
        copy: dict[str, Any] = json.loads(json.dumps(CONVERSATION_SEARCH_TOOL))
        return copy

    async def call(self, arguments: object) -> dict[str, Any]:
        """The ``tools/call`` result for ``arguments``."""
        problems = _problems(arguments)
        if problems:
            return _error(f"Invalid arguments for {self.name}: " + "; ".join(problems))
        assert isinstance(arguments, dict)
        limit = int(arguments.get("limit", 5))
        role = arguments.get("role")
        try:
            # ask for more when filtering by role, then keep the best `limit` of that role
            hits = await self.store.search_similar_scored(
                arguments["query"], limit * 4 if role else limit
            )
        except (AmplifyMemoryError, ValueError) as err:
            return _error(f"{self.name} failed: {type(err).__name__}: {err}")
        results = [
            {
                "id": m.id,
                "role": m.role,
                "content": m.text,
                "createdAt": m.created_at,
                "score": round(score, 6),
            }
            for m, score in hits
            if role is None or m.role == role
        ][:limit]
        payload = {"results": results}
        return {
            "content": [{"type": "text", "text": json.dumps(payload, ensure_ascii=False)}],
            "structuredContent": payload,
            "isError": False,
        }


def _error(message: str) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": message}], "isError": True}
