"""Fuzz the MCP tool dispatcher (``memory/tools.py``) and the JSON facade (``api.py``).

``MemoryTools.handle_json`` must always answer valid JSON-RPC 2.0 text, by the JSON
standard (no NaN / Infinity); ``MemoryApi.call`` must always answer standard JSON,
``{"value": ...}`` or ``{"error": {"type", "message"}}`` where ``type`` names an
AmplifyMemoryError class; nothing changes when a call fails; and an export imports
back into a new memory equal."""

from __future__ import annotations

import json
import math
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from amplify_memory.api import MemoryApi
from amplify_memory.memory import TOOL_DEFINITIONS, MemoryTools
from amplify_memory.storage import MemoryStorage

from ._memory_support import (
    FACTS,
    FILES,
    PROJECT_FACTS,
    categories,
    clock,
    confidences,
    contents,
    flags,
    parts,
    project_ids,
    project_state,
    project_store,
    queries,
    seed_projects,
    seed_user,
    string_lists,
    types,
    user_state,
    user_store,
)
from ._support import (
    LIBRARY_ERROR_NAMES,
    Big,
    ContractViolation,
    acall,
    anything,
    build,
    check_equal,
    fuzz,
    not_strings,
    numbers,
    odd_strings,
    run,
    same,
    short,
    sizes,
    strict_json,
    texts,
)

TOOL_NAMES = [t["name"] for t in TOOL_DEFINITIONS]

# --------------------------------------------------------------------------- arguments

#: A stored entry's id, chosen when the test runs (("stored", k): the k-th one).
stored_ids = st.one_of(
    st.tuples(st.just("stored"), st.integers(0, 9)),
    st.tuples(st.just("raw"), st.one_of(texts, not_strings)),
)

ARGUMENT_VALUES: dict[str, st.SearchStrategy[Any]] = {
    "content": contents,
    "category": categories,
    "source": contents,
    "confidence": confidences,
    "query": queries,
    "limit": sizes,
    "includeSuperseded": flags,
    "id": stored_ids,
    "maxTokens": sizes,
    "projectId": project_ids,
    "type": types,
    "types": st.one_of(st.lists(types, max_size=3), types),
    "files": string_lists,
    "tags": string_lists,
    "sourceChatId": st.one_of(texts, anything),
    "planPointId": st.one_of(texts, anything),
    "changes": st.one_of(
        st.dictionaries(
            st.sampled_from(["content", "type", "files", "tags", "nope", "id"]),
            st.one_of(contents, types, string_lists),
            max_size=3,
        ),
        anything,
    ),
    "name": st.one_of(st.sampled_from(TOOL_NAMES), texts, not_strings),
    "chatId": st.one_of(st.sampled_from(["chat-1", " chat ", ""]), texts, not_strings),
    "confirm": flags,
    "userMessage": st.one_of(
        st.sampled_from(FACTS).map(lambda f: f.replace("User", "I")), contents
    ),
    "assistantMessage": st.one_of(st.none(), contents),
    "actionDescription": st.one_of(st.sampled_from(PROJECT_FACTS), contents),
    "store": st.one_of(st.booleans(), st.sampled_from(["userProfile", "project"]), anything),
    "replace": flags,
    "writeDelayMs": numbers,
}


def tool_arguments(name: str) -> st.SearchStrategy[Any]:
    schema = next((t["inputSchema"] for t in TOOL_DEFINITIONS if t["name"] == name), None)
    if schema is None:
        return anything
    props = schema["properties"]
    valid = st.fixed_dictionaries(
        {k: ARGUMENT_VALUES.get(k, anything) for k in schema.get("required", [])},
        optional={
            **{
                k: ARGUMENT_VALUES.get(k, anything)
                for k in props
                if k not in schema.get("required", [])
            },
            "unknown": anything,
        },
    )
    return st.one_of(valid, valid, valid, anything)


ARGUMENT_VALUES["arguments"] = st.sampled_from(TOOL_NAMES).flatmap(tool_arguments)

tool_calls = st.one_of(
    st.sampled_from(TOOL_NAMES).flatmap(lambda n: st.tuples(st.just(n), tool_arguments(n))),
    st.tuples(st.one_of(texts, not_strings), anything),
)


def api_method_names() -> dict[str, tuple[str, ...]]:
    """Each method's arguments, from the JS API's declaration (which the dispatcher
    follows: tests/unit/test_methods.py)."""
    from amplify_memory.methods import METHODS as DECLARED

    return {m.name: m.arg_names for m in DECLARED}


METHODS = api_method_names()

export_data = st.one_of(
    st.fixed_dictionaries(
        {
            "format": st.one_of(st.just("amplify-memory-export"), texts),
            "version": st.one_of(st.just(1), numbers),
            "store": st.one_of(st.sampled_from(["userProfile", "project"]), texts, anything),
            "entries": st.one_of(
                st.lists(
                    st.fixed_dictionaries(
                        {},
                        optional={
                            "content": contents,
                            "category": categories,
                            "type": types,
                            "files": string_lists,
                            "tags": string_lists,
                            "confidence": confidences,
                            "source": contents,
                        },
                    ),
                    max_size=4,
                ),
                anything,
            ),
        },
        optional={"projectId": project_ids},
    ),
    texts,
    anything,
)
ARGUMENT_VALUES["data"] = export_data


def method_arguments(method: str) -> st.SearchStrategy[Any]:
    allowed = METHODS.get(method)
    if allowed is None:
        return st.one_of(st.just({}), anything)
    valid = st.fixed_dictionaries(
        {},
        optional={
            **{k: ARGUMENT_VALUES.get(k, anything) for k in allowed},
            "unknownArgument": anything,
        },
    )
    return st.one_of(valid, valid, valid, anything)


api_calls = st.one_of(
    st.sampled_from(sorted(METHODS)).flatmap(lambda m: st.tuples(st.just(m), method_arguments(m))),
    st.tuples(
        st.one_of(texts, st.sampled_from(["userProfile", "tools", "__init__", "_close"])), anything
    ),
)

# --------------------------------------------------------------------------- harness


async def _seeded_api() -> MemoryApi:
    api = MemoryApi(storage=MemoryStorage(), delay=0.0, clock=clock())
    await api.invoke("userProfile.add", {"content": FACTS[0], "category": "preference"})
    await api.invoke("userProfile.add", {"content": FACTS[5], "category": "personal"})
    await api.invoke(
        "projects.add",
        {
            "projectId": "p1",
            "content": PROJECT_FACTS[0],
            "type": "requirement",
            "files": [FILES[0]],
        },
    )
    await api.invoke("projects.assignChat", {"chatId": "chat-1", "projectId": "p1"})
    return api


async def api_state(api: MemoryApi) -> Any:
    if api.closed:
        return None
    projects = await api.projects.list_projects()
    return {
        "user": await api.user.list(),
        "projects": {p: await api.projects.list(p) for p in projects},
        "registry": (await api.registry.list_projects(), await api.registry.list_chats()),
    }


async def _resolve(api: MemoryApi, args: Any) -> Any:
    """Replace ("stored", k) ids by real ones (a user entry's, or project p1's)."""
    if not isinstance(args, dict):
        return args
    out = dict(args)
    for key, value in args.items():
        if isinstance(value, tuple) and len(value) == 2 and value[0] in ("stored", "raw"):
            if value[0] == "raw":
                out[key] = value[1]
                continue
            ids = [e["id"] for e in await api.user.list()] + [
                e["id"] for e in await api.projects.list("p1")
            ]
            out[key] = ids[value[1] % len(ids)] if ids else "missing"
    return out


def _check_call_text(method: Any, text: Any) -> Any:
    """``api.call``'s answer: standard JSON, a value or a typed error."""
    if not isinstance(text, str):
        raise ContractViolation(f"api.call({method!r}) returned {short(text)}, not text")
    try:
        data = strict_json(text)
    except (ValueError, RecursionError) as err:
        raise ContractViolation(
            f"api.call({short(method)}) answered non-standard JSON: {short(text)}"
        ) from err
    if not isinstance(data, dict) or len(data) != 1 or not ({"value", "error"} >= set(data)):
        raise ContractViolation(f"api.call({short(method)}) answered {short(data)}")
    if "error" in data:
        error = data["error"]
        if not isinstance(error, dict) or not isinstance(error.get("message"), str):
            raise ContractViolation(
                f"api.call({short(method)}) answered a malformed error {short(error)}"
            )
        if error.get("type") not in LIBRARY_ERROR_NAMES:
            raise ContractViolation(
                f"api.call({short(method)}) failed with untyped {error.get('type')}: "
                f"{error.get('message', '')[:300]}"
            )
    return data


# --------------------------------------------------------------------------- MCP tools


async def _tools() -> tuple[MemoryTools, Any, Any, Any]:
    storage_parts = parts()
    user, project = user_store(storage_parts), project_store(storage_parts)
    await seed_user(user)
    await seed_projects(project)

    async def state() -> Any:
        return (await user_state(user), await project_state(project))

    return MemoryTools(user, project), user, project, state


def _check_tool_result(name: Any, result: Any) -> None:
    if not isinstance(result, dict) or not isinstance(result.get("content"), list):
        raise ContractViolation(f"call_tool({short(name)}) returned {short(result)}")
    if not isinstance(result.get("isError"), bool):
        raise ContractViolation(f"call_tool({short(name)}) result has no isError flag")
    try:
        json.dumps(result, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as err:
        raise ContractViolation(f"call_tool({short(name)}) result is not JSON: {err}") from err


@fuzz(3)
@given(case=tool_calls)
def test_call_tool(case: tuple[Any, Any]) -> None:
    """``tools/call`` of any tool with any arguments: a JSON result (isError for a
    failure, then nothing changed) or a ToolCallError."""
    name, arguments = build(case)

    async def go() -> None:
        tools, user, project, state = await _tools()
        before = await state()
        out = await acall("MemoryTools.call_tool", tools.call_tool, name, arguments, state=state)
        if out.ok:
            _check_tool_result(name, out.value)
            if out.value["isError"] and not same(before, await state()):
                raise ContractViolation(
                    f"call_tool({short(name)}, {short(arguments)}) failed "
                    f"({out.value['content'][0]['text'][:200]}) but changed the stores"
                )
        await user.close()
        await project.close()

    run(go())


def _request_objects() -> st.SearchStrategy[Any]:
    ids = st.one_of(
        st.integers(-5, 5),
        st.text(max_size=5),
        st.none(),
        st.floats(),
        st.sampled_from([math.nan, math.inf, 10**400]),
        anything,
    )
    params = st.one_of(
        tool_calls.map(lambda c: {"name": c[0], "arguments": c[1]}),
        st.fixed_dictionaries({}, optional={"name": anything, "arguments": anything}),
        anything,
    )
    return st.fixed_dictionaries(
        {},
        optional={
            "jsonrpc": st.one_of(st.just("2.0"), st.just("2.0"), anything),
            "id": ids,
            "method": st.one_of(st.sampled_from(["tools/list", "tools/call"]), texts, anything),
            "params": params,
        },
    )


_TOOL_CALL = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":%s}}'

RAW_REQUESTS = (
    Big("'[' * 100000", lambda: "[" * 100_000),
    Big("'{\"a\":' * 50000", lambda: '{"a":' * 50_000 + "1" + "}" * 50_000),
    Big("'1' * 5000", lambda: "1" * 5_000),
    Big(
        "request with a 5000-digit id",
        lambda: '{"jsonrpc":"2.0","id":' + "9" * 5000 + ',"method":"tools/list"}',
    ),
    '{"jsonrpc":"2.0","id":1e400,"method":"tools/list"}',
    '{"jsonrpc":"2.0","id":NaN,"method":"tools/list"}',
    '{"jsonrpc":"2.0","id":-Infinity,"method":"nope"}',
    '{"jsonrpc":"2.0","id":[1,2],"method":"tools/list"}',
    '{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}',
    '{"jsonrpc":"2.0","id":"\\ud800","method":"tools/list"}',
    '{"jsonrpc":"2.0","method":"tools/list"}',
    _TOOL_CALL % '"memory_search_user_profile","arguments":{"query":"x","limit":1e400}',
    _TOOL_CALL % '"memory_store_user_fact","arguments":{"content":"User likes tea",'
    '"category":"preference","confidence":NaN}',
    _TOOL_CALL
    % ('"memory_search_user_profile","arguments":{"query":"x","limit":' + "9" * 400 + "}"),
    "[]",
    "null",
    "",
    " ",
    '"\\u0000"',
    '{"jsonrpc":"2.0","id":1,"method":"tools/list"} trailing',
)


def _json_rpc_texts() -> st.SearchStrategy[Any]:
    def dumps(obj: Any) -> Any:
        def make() -> str:
            try:
                return json.dumps(build(obj))
            except (TypeError, ValueError, RecursionError):
                return json.dumps({"jsonrpc": "2.0", "id": 1, "method": "tools/list"})

        return Big(f"json.dumps({short(obj)})", make)

    return st.one_of(
        _request_objects().map(dumps),
        _request_objects().map(dumps),
        st.sampled_from(RAW_REQUESTS),
        texts,
        odd_strings,
    )


def _valid_id(value: Any) -> bool:
    return (
        value is None
        or isinstance(value, str)
        or (type(value) is int and abs(value) <= 2**53)
        or (type(value) is float and math.isfinite(value))
    )


def check_json_rpc(text: Any, request: Any) -> None:
    """A JSON-RPC 2.0 answer by the standard (``null`` only for a notification)."""
    if not isinstance(text, str):
        raise ContractViolation(f"handle_json returned {short(text)}, not text")
    try:
        data = strict_json(text)
    except (ValueError, RecursionError) as err:
        raise ContractViolation(f"handle_json answered non-standard JSON: {short(text)}") from err
    notification = (
        isinstance(request, dict) and request.get("jsonrpc") == "2.0" and "id" not in request
    )
    if data is None:
        if not notification:
            raise ContractViolation(f"handle_json answered null to a request {short(request)}")
        return
    if not isinstance(data, dict) or data.get("jsonrpc") != "2.0" or "id" not in data:
        raise ContractViolation(f"handle_json answered a non-JSON-RPC object {short(data)}")
    if ("result" in data) == ("error" in data):
        raise ContractViolation(
            f"handle_json answered neither or both result and error: {short(data)}"
        )
    if not _valid_id(data["id"]):
        raise ContractViolation(f"handle_json answered an invalid JSON-RPC id {short(data['id'])}")
    if "error" in data:
        error = data["error"]
        if not (
            isinstance(error, dict)
            and type(error.get("code")) is int
            and isinstance(error.get("message"), str)
        ):
            raise ContractViolation(f"handle_json answered a malformed error {short(error)}")
    echoes = "error" not in data or data["error"].get("code") not in (-32700, -32600)
    known = isinstance(request, dict) and "id" in request and _valid_id(request["id"])
    if known and echoes and not same(data["id"], request["id"]):
        raise ContractViolation(
            f"handle_json answered id {short(data['id'])} to id {short(request['id'])}"
        )


def _parsed(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError, TypeError):
        return "<unparseable>"


def _with_raw_requests(test: Any) -> Any:
    for raw in RAW_REQUESTS:
        test = example(text=raw)(test)
    return test


@fuzz(3)
@_with_raw_requests
@given(text=_json_rpc_texts())
def test_handle_json_always_answers_json_rpc(text: Any) -> None:
    """Any text in: valid JSON-RPC 2.0 text out, never an exception, never NaN."""
    text = build(text)

    async def go() -> None:
        tools, user, project, _state = await _tools()
        out = await acall("MemoryTools.handle_json", tools.handle_json, text)
        if not out.ok:
            raise ContractViolation(
                f"handle_json({short(text)}) raised instead of answering"
            ) from out.error
        check_json_rpc(out.value, _parsed(text))
        await user.close()
        await project.close()

    run(go())


@fuzz(1)
@given(value=st.one_of(not_strings, st.binary(max_size=30), anything))
def test_handle_json_non_text(value: Any) -> None:
    """Not text (bytes, None, a list ...): a JSON-RPC answer, or a typed error."""
    value = build(value)

    async def go() -> None:
        tools, user, project, _state = await _tools()
        out = await acall("MemoryTools.handle_json", tools.handle_json, value)
        if out.ok:
            check_json_rpc(out.value, None)
        await user.close()
        await project.close()

    run(go())


@fuzz(2)
@given(request=st.one_of(_request_objects(), anything))
def test_handle_request_objects(request: Any) -> None:
    """``handle`` with any request object: a JSON-RPC answer dict (or None)."""
    request = build(request)

    async def go() -> None:
        tools, user, project, state = await _tools()
        out = await acall("MemoryTools.handle", tools.handle, request, state=state)
        if out.ok and out.value is not None:
            try:
                text = json.dumps(out.value, allow_nan=False)
            except (TypeError, ValueError, RecursionError) as err:
                raise ContractViolation(
                    f"handle({short(request)}) answered non-JSON {short(out.value)}"
                ) from err
            check_json_rpc(text, request)
        await user.close()
        await project.close()

    run(go())


# --------------------------------------------------------------------------- api.call


def _args_text(args: Any) -> Any:
    def make() -> str:
        value = args
        try:
            return json.dumps(value)  # NaN / Infinity written as JavaScript would not
        except (TypeError, ValueError, RecursionError):
            return json.dumps(short(value))  # not JSON: send its (bounded) repr as a string

    return Big(f"json.dumps({short(args)})", make)


@fuzz(4)
@given(calls=st.lists(api_calls, min_size=1, max_size=3), raw=st.booleans())
def test_api_call(calls: list[tuple[Any, Any]], raw: bool) -> None:
    """``api.call(method, json)``: always standard JSON, an error only of a library
    type, and nothing changed by a failed call."""

    async def go() -> None:
        api = await _seeded_api()
        for method, args in calls:
            method = build(method)
            resolved = await _resolve(api, build(args))
            text = (
                build(_args_text(resolved))
                if not raw or not isinstance(resolved, str)
                else resolved
            )
            before = await api_state(api)
            out = await acall("MemoryApi.call", api.call, method, text)
            if not out.ok:
                raise ContractViolation(
                    f"api.call({short(method)}) raised instead of answering"
                ) from out.error
            data = _check_call_text(method, out.value)
            if "error" in data and not api.closed:
                after = await api_state(api)
                if not same(before, after):
                    raise ContractViolation(
                        f"api.call({short(method)}, {short(text)}) failed "
                        f"({data['error']['type']}: {data['error']['message'][:150]}) "
                        f"but changed the memory: {short(before)} -> {short(after)}"
                    )
        await api.invoke("close")

    run(go())


@fuzz(3)
@given(calls=st.lists(api_calls, min_size=1, max_size=3))
def test_api_invoke(calls: list[tuple[Any, Any]]) -> None:
    """``api.invoke(method, args)`` with Python values (sets, bytes, huge numbers ...):
    a JSON-serialisable value or a typed error (then nothing changed)."""

    async def go() -> None:
        api = await _seeded_api()
        for method, args in calls:
            method = build(method)
            args = await _resolve(api, build(args))
            out = await acall(
                "MemoryApi.invoke",
                api.invoke,
                method,
                args,
                state=lambda: api_state(api),
            )
            if out.ok:
                try:
                    json.dumps({"value": out.value}, allow_nan=False)
                except (TypeError, ValueError, RecursionError) as err:
                    raise ContractViolation(
                        f"api.invoke({short(method)}, {short(args)}) returned non-JSON "
                        f"{short(out.value)}"
                    ) from err
        if not api.closed:
            await api.invoke("close")

    run(go())


@fuzz(2)
@given(
    adds=st.lists(
        st.tuples(st.sampled_from(["user", "project"]), contents, categories, types, string_lists),
        max_size=5,
    )
)
def test_api_export_import_round_trip(adds: list[tuple[str, Any, Any, Any, Any]]) -> None:
    """What a memory accepted, exported and imported into a new memory, is equal."""

    async def go() -> None:
        api = await _seeded_api()
        for where, content, category, kind, files in build(adds):
            if where == "user":
                args = {"content": content, "category": category}
                await acall("MemoryApi.invoke", api.invoke, "userProfile.add", args)
            else:
                args = {"projectId": "p1", "content": content, "type": kind, "files": files}
                await acall("MemoryApi.invoke", api.invoke, "projects.add", args)
        exports = {}
        for store in ("userProfile", "project"):
            text = await api.call("storage.export", json.dumps({"store": store, "projectId": "p1"}))
            exports[store] = _check_call_text("storage.export", text)
            if "error" in exports[store]:
                raise ContractViolation(
                    f"storage.export of {store} failed: {exports[store]['error']}"
                )
        fresh = MemoryApi(storage=MemoryStorage(), delay=0.0, clock=clock())
        for store, data in exports.items():
            answer = _check_call_text(
                "storage.import",
                await fresh.call("storage.import", json.dumps({"data": data["value"]})),
            )
            if "error" in answer:
                raise ContractViolation(
                    f"storage.import of its own {store} export failed: {answer['error']}"
                )

        def user_view(entries: list[dict[str, Any]]) -> Any:
            return sorted(
                (e["content"], e["category"], e.get("superseded", False)) for e in entries
            )

        def project_view(entries: list[dict[str, Any]]) -> Any:
            return sorted(
                (e["content"], e["type"], tuple(e["files"]), tuple(e["tags"])) for e in entries
            )

        check_equal(
            "user profile export/import",
            user_view(exports["userProfile"]["value"]["entries"]),
            user_view(await fresh.user.list()),
        )
        check_equal(
            "project export/import",
            project_view(exports["project"]["value"]["entries"]),
            project_view(await fresh.projects.list("p1")),
        )
        await api.invoke("close")
        await fresh.invoke("close")

    run(go())
