"""MCP tools that let the model store and search its own memories.

Four tools, defined as MCP (specification 2025-11-25) tool definitions, and a
dispatcher for ``tools/list`` and ``tools/call``:

- ``memory_store_user_fact``: remember something about the user;
- ``memory_search_user_profile``: look up what is known about the user;
- ``memory_store_project_context``: remember a decision, error, fix ... of a project;
- ``memory_search_project_context``: look up a project's context.

Results follow the specification: ``content`` holds one text block with the JSON of
``structuredContent``; a failure inside a tool, invalid arguments included, is a normal
result with ``isError: true`` and a message the model can act on (SEP-1303). An unknown
tool or a malformed request is a JSON-RPC error (-32602 / -32600 / -32601).

>>> import asyncio
>>> from amplify_memory.memory.tools import MemoryTools, TOOL_DEFINITIONS
>>> [t["name"] for t in TOOL_DEFINITIONS][0]
'memory_store_user_fact'
"""

from __future__ import annotations

import json
import math
from collections.abc import Awaitable, Callable, Mapping
from typing import Any, Final, Protocol

from amplify_memory.errors import AmplifyMemoryError, ToolCallError, describe
from amplify_memory.limits import (
    MAX_INTEGER,
    is_number,
    json_problem,
    parse_json,
)
from amplify_memory.memory.kinds import PROJECT_TYPES, USER_CATEGORIES

__all__ = [
    "INTERNAL_ERROR",
    "INVALID_PARAMS",
    "INVALID_REQUEST",
    "METHOD_NOT_FOUND",
    "PARSE_ERROR",
    "TOOL_DEFINITIONS",
    "MemoryTools",
    "ProjectStoreLike",
    "ToolCallError",
    "UserStoreLike",
    "validate_arguments",
]

PARSE_ERROR: Final = -32700
INVALID_REQUEST: Final = -32600
METHOD_NOT_FOUND: Final = -32601
INVALID_PARAMS: Final = -32602
INTERNAL_ERROR: Final = -32603

_STRING_LIST = {"type": "array", "items": {"type": "string", "maxLength": 500}, "maxItems": 100}

TOOL_DEFINITIONS: Final[tuple[dict[str, Any], ...]] = (
    {
        "name": "memory_store_user_fact",
        "title": "Remember a fact about the user",
        "description": (
            "Store a durable fact about the user (a preference, their tech stack, coding "
            "style, workflow, how they like answers, personal details they shared). Write "
            "it in the third person, e.g. 'User prefers TypeScript over JavaScript'. A "
            "near-duplicate of a stored fact updates that fact instead of adding another; a "
            "fact on the same topic with another value (a correction) supersedes the old "
            "one. Never include credentials: text with a key, token or password is refused."
        ),
        "inputSchema": {
            "type": "object",
            "properties": {
                "content": {"type": "string", "minLength": 1, "maxLength": 2000,
                            "description": "The fact, one sentence, third person."},
                "category": {"type": "string", "enum": list(USER_CATEGORIES),
                             "description": "What the fact is about."},
                "confidence": {"type": "number", "minimum": 0, "maximum": 1,
                               "description": "How sure you are, 0 to 1 (default 0.8)."},
            },
            "required": ["content", "category"],
            "additionalProperties": False,
        },
        "annotations": {"readOnlyHint": False, "destructiveHint": False,
                        "idempotentHint": True, "openWorldHint": False},
    },
    {
        "name": "memory_search_user_profile",
        "title": "Search what is known about the user",
        "description": (
            "Search the stored facts about the user by keywords, most relevant first. Use "
            "it before answering questions where the user's preferences or stack matter."
        ),
        "inputSchema": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "minLength": 1, "maxLength": 2000},
                "category": {"type": "string", "enum": list(USER_CATEGORIES)},
                "limit": {"type": "integer", "minimum": 1, "maximum": 50,
                          "description": "At most this many results (default 5)."},
                "includeSuperseded": {
                    "type": "boolean",
                    "description": "Also return facts a newer one replaced (each result "
                    "has superseded / supersededBy; default false).",
                },
            },
            "required": ["query"],
            "additionalProperties": False,
        },
        "annotations": {"readOnlyHint": True, "destructiveHint": False,
                        "idempotentHint": True, "openWorldHint": False},
    },
    {
        "name": "memory_store_project_context",
        "title": "Remember project context",
        "description": (
            "Store a piece of knowledge about the current project: a requirement, "
            "constraint, decision, error, fix, pattern, architecture note, flow definition, "
            "screen connection or file context, with the files and tags it concerns."
        ),
        "inputSchema": {
            "type": "object",
            "properties": {
                "projectId": {"type": "string", "minLength": 1, "maxLength": 200},
                "content": {"type": "string", "minLength": 1, "maxLength": 4000},
                "type": {"type": "string", "enum": list(PROJECT_TYPES)},
                "files": _STRING_LIST,
                "tags": _STRING_LIST,
            },
            "required": ["projectId", "content", "type"],
            "additionalProperties": False,
        },
        "annotations": {"readOnlyHint": False, "destructiveHint": False,
                        "idempotentHint": False, "openWorldHint": False},
    },
    {
        "name": "memory_search_project_context",
        "title": "Search project context",
        "description": (
            "Search a project's stored context by keywords, optionally only some types, "
            "files or tags; most relevant first."
        ),
        "inputSchema": {
            "type": "object",
            "properties": {
                "projectId": {"type": "string", "minLength": 1, "maxLength": 200},
                "query": {"type": "string", "minLength": 1, "maxLength": 2000},
                "types": {"type": "array", "items": {"type": "string", "enum": list(PROJECT_TYPES)},
                          "maxItems": len(PROJECT_TYPES)},
                "files": _STRING_LIST,
                "tags": _STRING_LIST,
                "limit": {"type": "integer", "minimum": 1, "maximum": 50},
            },
            "required": ["projectId", "query"],
            "additionalProperties": False,
        },
        "annotations": {"readOnlyHint": True, "destructiveHint": False,
                        "idempotentHint": True, "openWorldHint": False},
    },
)  # fmt: skip

_BY_NAME: Final = {t["name"]: t for t in TOOL_DEFINITIONS}


class UserStoreLike(Protocol):
    """What the tools need of the user-profile store."""

    async def add(
        self, content: str, category: str, *, source: str = ..., confidence: float = ...
    ) -> Mapping[str, Any]:
        """Returns ``{"action": "inserted" | "updated", "entry": {...}}``."""
        ...

    async def search(
        self,
        query: str,
        *,
        limit: int = ...,
        category: str | None = ...,
        include_superseded: bool = ...,
    ) -> list[Mapping[str, Any]]: ...


class ProjectStoreLike(Protocol):
    """What the tools need of the project-context store."""

    async def add(
        self,
        project_id: str,
        content: str,
        type: str,
        *,
        files: list[str] | None = ...,
        tags: list[str] | None = ...,
    ) -> Mapping[str, Any]: ...

    async def search(
        self,
        project_id: str,
        query: str,
        *,
        limit: int = ...,
        types: list[str] | None = ...,
        files: list[str] | None = ...,
        tags: list[str] | None = ...,
    ) -> list[Mapping[str, Any]]: ...


# ----------------------------------------------------------------------------- validation

_JSON_TYPES: Final[dict[str, Callable[[object], bool]]] = {
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: (
        (isinstance(v, int) and not isinstance(v, bool))
        or (isinstance(v, float) and v.is_integer())
    ),
    "number": is_number,
    "array": lambda v: isinstance(v, list),
    "object": lambda v: isinstance(v, dict),
    "boolean": lambda v: isinstance(v, bool),
}


def _check(value: object, schema: Mapping[str, Any], path: str, errors: list[str]) -> None:
    kind = schema.get("type")
    if kind and not _JSON_TYPES[kind](value):
        errors.append(f"{path}: expected {kind}, got {json.dumps(value)[:80]}")
        return
    if "enum" in schema and value not in schema["enum"]:
        errors.append(f"{path}: {json.dumps(value)[:80]} is not one of {schema['enum']}")
    if isinstance(value, str):
        if schema.get("minLength", 0) > 0 and not value.strip():
            errors.append(f"{path}: must not be empty or blank")
        if len(value) > schema.get("maxLength", math.inf):
            errors.append(f"{path}: {len(value)} characters, at most {schema['maxLength']}")
    if isinstance(value, int | float) and not isinstance(value, bool):
        if value < schema.get("minimum", -math.inf):
            errors.append(f"{path}: {value} is below the minimum {schema['minimum']}")
        if value > schema.get("maximum", math.inf):
            errors.append(f"{path}: {value} is above the maximum {schema['maximum']}")
    if isinstance(value, list):
        if len(value) > schema.get("maxItems", math.inf):
            errors.append(f"{path}: {len(value)} items, at most {schema['maxItems']}")
        for i, item in enumerate(value):
            _check(item, schema.get("items", {}), f"{path}[{i}]", errors)
    if isinstance(value, dict):
        props = schema.get("properties", {})
        for name in schema.get("required", []):
            if name not in value:
                errors.append(f"{path}.{name}: required")
        for name, item in value.items():
            if name in props:
                _check(item, props[name], f"{path}.{name}", errors)
            elif schema.get("additionalProperties") is False:
                errors.append(f"{path}.{name}: unknown argument; expected one of {list(props)}")


def validate_arguments(tool_name: str, arguments: object) -> list[str]:
    """The problems of ``arguments`` against the tool's ``inputSchema`` (empty when valid).

    >>> validate_arguments("memory_search_user_profile", {"query": "tabs", "limit": 0})
    ['arguments.limit: 0 is below the minimum 1']
    """
    errors: list[str] = []
    _check(arguments, _BY_NAME[tool_name]["inputSchema"], "arguments", errors)
    return errors


# ----------------------------------------------------------------------------- dispatch


def _text_result(payload: dict[str, Any], *, is_error: bool = False) -> dict[str, Any]:
    result: dict[str, Any] = {
        "content": [{"type": "text", "text": json.dumps(payload, ensure_ascii=False)}],
        "isError": is_error,
    }
    if not is_error:
        result["structuredContent"] = payload
    return result


def _error_result(message: str) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": message}], "isError": True}


class MemoryTools:
    """``tools/list`` and ``tools/call`` over a user-profile and a project-context store.

    >>> tools = MemoryTools(user_store, project_store)            # doctest: +SKIP
    >>> await tools.call_tool("memory_search_user_profile", {"query": "editor"})  # doctest: +SKIP
    {'content': [{'type': 'text', 'text': '{"results": [...]}'}], 'structuredContent': ...}
    """

    def __init__(self, user_store: UserStoreLike, project_store: ProjectStoreLike) -> None:
        self._user = user_store
        self._project = project_store
        self._handlers: dict[str, Callable[[dict[str, Any]], Awaitable[dict[str, Any]]]] = {
            "memory_store_user_fact": self._store_user_fact,
            "memory_search_user_profile": self._search_user_profile,
            "memory_store_project_context": self._store_project_context,
            "memory_search_project_context": self._search_project_context,
        }

    @staticmethod
    def list_tools() -> dict[str, Any]:
        """The ``tools/list`` result: every tool definition (no pagination needed)."""
        return {"tools": [json.loads(json.dumps(t)) for t in TOOL_DEFINITIONS]}

    async def call_tool(self, name: object, arguments: object = None) -> dict[str, Any]:
        """The ``tools/call`` result; raises ToolCallError for an unknown tool."""
        if not isinstance(name, str) or name not in self._handlers:
            raise ToolCallError(
                INVALID_PARAMS,
                f"Unknown tool: {describe(name)}; available: {sorted(self._handlers)}",
            )
        args = {} if arguments is None else arguments
        problem = json_problem(args)
        if problem is not None:
            return _error_result(f"Invalid arguments for {name}: JSON values only; {problem}")
        problems = validate_arguments(name, args)
        if problems:
            return _error_result(f"Invalid arguments for {name}: " + "; ".join(problems))
        assert isinstance(args, dict)
        try:
            return _text_result(await self._handlers[name](args))
        except (AmplifyMemoryError, ValueError, TypeError, KeyError) as err:
            return _error_result(f"{name} failed: {type(err).__name__}: {err}")

    async def handle(self, request: object) -> dict[str, Any] | None:
        """Answer one JSON-RPC 2.0 request for ``tools/list`` or ``tools/call``.

        Returns None for a notification (a request without an id).
        """
        if not isinstance(request, dict) or request.get("jsonrpc") != "2.0":
            return _rpc_error(None, INVALID_REQUEST, "expected a JSON-RPC 2.0 request object")
        if not _valid_id(request.get("id")):
            return _rpc_error(None, INVALID_REQUEST, "id must be a string, an integer or null")
        rid = request.get("id")
        method = request.get("method")
        params = request.get("params") or {}
        try:
            if not isinstance(params, dict):
                raise ToolCallError(INVALID_PARAMS, "params must be an object")
            if method == "tools/list":
                result = self.list_tools()
            elif method == "tools/call":
                result = await self.call_tool(params.get("name"), params.get("arguments"))
            else:
                raise ToolCallError(METHOD_NOT_FOUND, f"Method not found: {describe(method)}")
        except ToolCallError as err:
            return None if "id" not in request else _rpc_error(rid, err.code, str(err))
        return None if "id" not in request else {"jsonrpc": "2.0", "id": rid, "result": result}

    async def handle_json(self, text: str) -> str:
        """:meth:`handle` with JSON text in and out, for callers in JavaScript. Always
        answers with JSON-RPC text that any JSON parser reads (a parse error -32700 for
        text that is not JSON within :mod:`amplify_memory.limits`, an invalid request
        -32600 for an id that is not a string, an integer or null); a notification
        answers ``"null"``."""
        try:
            request = parse_json(text, "the request")
        except AmplifyMemoryError as err:
            return json.dumps(_rpc_error(None, PARSE_ERROR, f"Parse error: {err}"))
        if isinstance(request, dict) and not _valid_id(request.get("id")):
            return json.dumps(
                _rpc_error(None, INVALID_REQUEST, "id must be a string, an integer or null")
            )
        try:
            answer = await self.handle(request)
            return json.dumps(answer, ensure_ascii=False, allow_nan=False)
        except Exception as err:  # a bug or a value JSON cannot hold: still an answer
            rid = request.get("id") if isinstance(request, dict) else None
            return json.dumps(
                _rpc_error(rid, INTERNAL_ERROR, f"Internal error: {type(err).__name__}: {err}")
            )

    # -- the four tools

    async def _store_user_fact(self, args: dict[str, Any]) -> dict[str, Any]:
        outcome = await self._user.add(
            args["content"].strip(),
            args["category"],
            source="assistant_tool",
            confidence=float(args.get("confidence", 0.8)),
        )
        # "updated": a near-duplicate was already known and has been refreshed instead;
        # "superseded": the stored facts this one replaces (same topic, another value)
        return {
            "stored": dict(outcome["entry"]),
            "action": outcome["action"],
            "superseded": [dict(e) for e in outcome.get("superseded", [])],
        }

    async def _search_user_profile(self, args: dict[str, Any]) -> dict[str, Any]:
        hits = await self._user.search(
            args["query"],
            limit=int(args.get("limit", 5)),
            category=args.get("category"),
            include_superseded=bool(args.get("includeSuperseded", False)),
        )
        return {"results": [dict(h) for h in hits]}

    async def _store_project_context(self, args: dict[str, Any]) -> dict[str, Any]:
        entry = await self._project.add(
            args["projectId"],
            args["content"].strip(),
            args["type"],
            files=args.get("files"),
            tags=args.get("tags"),
        )
        return {"stored": dict(entry)}

    async def _search_project_context(self, args: dict[str, Any]) -> dict[str, Any]:
        hits = await self._project.search(
            args["projectId"],
            args["query"],
            limit=int(args.get("limit", 5)),
            types=args.get("types"),
            files=args.get("files"),
            tags=args.get("tags"),
        )
        return {"results": [dict(h) for h in hits]}


def _valid_id(rid: object) -> bool:
    return rid is None or isinstance(rid, str) or (type(rid) is int and abs(rid) <= MAX_INTEGER)


def _rpc_error(rid: object, code: int, message: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": rid, "error": {"code": code, "message": message}}
