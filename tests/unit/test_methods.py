"""One declaration of the JS API (amplify_memory.methods), and everything that follows
from it: the Python dispatcher, the generated web/js/methods.mjs and the ApiMethods block
of memory.d.ts, the JS client's functions (memory.mjs), the client interfaces of
memory.d.ts and the method table of docs/javascript-api.md."""

from __future__ import annotations

import re

import pytest
from build import JS, ROOT

from amplify_memory.api import MemoryApi
from amplify_memory.errors import AmplifyMemoryError
from amplify_memory.methods import DTS_BEGIN, DTS_END, METHODS, OPTIONS, Method, render_dts
from amplify_memory.methods import render_js as render_methods_js
from amplify_memory.storage import MemoryStorage

CLIENT = [m for m in METHODS if m.client]
MEMORY_MJS = (JS / "memory.mjs").read_text()
MEMORY_DTS = (JS / "memory.d.ts").read_text()
DOCS = (ROOT / "docs" / "javascript-api.md").read_text()

#: The memory.d.ts interface that holds each group of client functions.
INTERFACES = {
    "userProfile": "UserProfileApi",
    "projects": "ProjectsApi",
    "extract": "ExtractApi",
    "storage": "StorageApi",
    "": "Memory",
}


def split_params(text: str) -> list[str]:
    """``a, {b, c}, d = 'x'`` -> ``['a', '{b, c}', "d = 'x'"]`` (commas at depth 0)."""
    parts, depth, current = [], 0, ""
    for ch in text:
        if ch in "{[(<":
            depth += 1
        elif ch in "}])>":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(current.strip())
            current = ""
        else:
            current += ch
    if current.strip():
        parts.append(current.strip())
    return parts


def bare(param: str) -> str:
    """A parameter's name, without its default, type or optional mark."""
    return re.split(r"[=:?]", param, maxsplit=1)[0].strip()


# ------------------------------------------------------------------ generated files


def test_the_generated_js_table_is_current() -> None:
    """web/js/methods.mjs is what build.py writes from the declaration."""
    assert (JS / "methods.mjs").read_text() == render_methods_js()


def test_the_generated_declarations_are_current() -> None:
    start = MEMORY_DTS.index(DTS_BEGIN)
    end = MEMORY_DTS.index(DTS_END) + len(DTS_END)
    assert MEMORY_DTS[start:end] == render_dts()


def test_the_declaration_is_consistent() -> None:
    names = [m.name for m in METHODS]
    assert len(names) == len(set(names))
    clients = [m.client for m in CLIENT]
    assert len(clients) == len(set(clients))
    for m in METHODS:
        known = {*m.arg_names, OPTIONS}
        assert set(m.positional) <= known, m.name
        assert len(m.positional) == len(set(m.positional)), m.name
        if OPTIONS in m.positional:
            assert m.positional[-1] == OPTIONS, m.name
        else:  # every argument reachable from the client
            assert not m.client or set(m.positional) == set(m.arg_names), m.name
        assert not m.recorded or m.change, m.name


# ------------------------------------------------------------------ Python


def test_the_dispatcher_knows_exactly_the_declared_methods() -> None:
    api = MemoryApi(storage=MemoryStorage(), delay=0)
    assert api.methods == sorted(m.name for m in METHODS)


@pytest.mark.parametrize("method", METHODS, ids=lambda m: m.name)
async def test_an_undeclared_argument_is_refused_and_a_missing_required_one_too(
    method: Method,
) -> None:
    api = MemoryApi(storage=MemoryStorage(), delay=0)
    with pytest.raises(AmplifyMemoryError, match="unknown argument 'notDeclared'"):
        await api.invoke(method.name, {"notDeclared": 1})
    if any(a.required for a in method.args):
        with pytest.raises(AmplifyMemoryError):
            await api.invoke(method.name, {})


# ------------------------------------------------------------------ the JS client


def test_every_client_function_checks_the_declared_parameters_in_order() -> None:
    """memory.mjs: ``checked('method', (a, b = x, o) => ...)``: the parameters of each
    function are the declaration's positional ones (``o`` is the options object)."""
    found = dict(re.findall(r"checked\('([\w.]+)',\s*\(([^)]*)\)\s*=>", MEMORY_MJS))
    declared = {m.name for m in CLIENT if m.positional}
    assert set(found) == declared
    for m in CLIENT:
        if not m.positional:
            continue
        params = [bare(p) for p in split_params(found[m.name])]
        expected = [OPTIONS if p == OPTIONS else m.param_name(p) for p in m.positional]
        assert [OPTIONS if p == "o" else p for p in params] == expected, m.name


def test_the_client_calls_only_declared_methods_and_reaches_every_client_one() -> None:
    called = set(re.findall(r"\bcall\('([\w.]+)'", MEMORY_MJS))
    assert called <= {m.name for m in METHODS}
    assert {m.name for m in CLIENT} <= called
    assert "RECORDED = new Set([" not in MEMORY_MJS  # (the list comes from methods.mjs)


# ------------------------------------------------------------------ memory.d.ts


def interface_body(name: str) -> str:
    match = re.search(rf"export interface {name}\b[^{{]*\{{", MEMORY_DTS)
    assert match, name
    depth, i = 1, match.end()
    while depth:
        depth += {"{": 1, "}": -1}.get(MEMORY_DTS[i], 0)
        i += 1
    return MEMORY_DTS[match.end() : i - 1]


def interface_fields(name: str) -> set[str]:
    """The fields of an interface of memory.d.ts, with those of what it extends."""
    header = re.search(rf"export interface {name}\b([^{{]*)\{{", MEMORY_DTS)
    assert header, name
    body = re.sub(r"/\*\*.*?\*/", "", interface_body(name), flags=re.S)
    fields = set(re.findall(r"^\s*(\w+)\??:", body, re.M))
    for parent in re.findall(r"\b([A-Z]\w+)", header.group(1).replace("extends", "")):
        fields |= interface_fields(parent)
    return fields


def dts_params(m: Method) -> list[list[str]]:
    """Each overload's ``[(name, type), ...]`` of the client function in memory.d.ts."""
    assert m.client is not None
    group, _, member = m.client.rpartition(".")
    body = re.sub(r"/\*\*.*?\*/", "", interface_body(INTERFACES[group]), flags=re.S)
    found = re.findall(rf"^  {member}(?:<[^(]*>)?\(([^;]*?)\):", body, re.M | re.S)
    assert found, m.client
    return [split_params(" ".join(params.split())) for params in found]


@pytest.mark.parametrize("method", CLIENT, ids=lambda m: m.client or "")
def test_memory_d_ts_declares_the_client_function_with_the_declared_parameters(
    method: Method,
) -> None:
    overloads = dts_params(method)
    expected = [method.param_name(p) for p in method.positional]
    longest = max(overloads, key=len)
    assert [bare(p) for p in longest] == expected
    for overload in overloads:
        assert [bare(p) for p in overload] == expected[: len(overload)]
    if OPTIONS in method.positional:
        option_type = longest[-1].split(":", 1)[1].strip().split()[0]
        if re.fullmatch(r"[A-Z]\w+", option_type):
            wanted = {a.name for a in method.option_args}
            assert interface_fields(option_type) - {"onProgress"} == wanted
            assert ("onProgress" in interface_fields(option_type)) == method.progress


# ------------------------------------------------------------------ the docs


def documented_calls() -> dict[str, list[list[str]]]:
    """The method table of docs/javascript-api.md: ``client path -> [[params], ...]``
    for every `name(...)` in its first column (`.name(...)` continues the group before)."""
    out: dict[str, list[list[str]]] = {}
    for line in DOCS.splitlines():
        if not line.startswith("| `"):
            continue
        first = line.split(" | ")[0]
        group = ""
        for path, params in re.findall(r"`([\w.]+)\(([^`]*)\)`", first):
            if path.startswith("."):
                path = group + path
            group = path.rsplit(".", 1)[0] if "." in path else ""
            out.setdefault(path, []).append(split_params(params))
    return out


@pytest.mark.parametrize("method", CLIENT, ids=lambda m: m.client or "")
def test_the_docs_table_shows_the_client_function_with_the_declared_parameters(
    method: Method,
) -> None:
    calls = documented_calls()
    assert method.client in calls, f"docs/javascript-api.md does not show {method.client}(...)"
    for params in calls[method.client]:
        assert len(params) <= len(method.positional), params
        for param, name in zip(params, method.positional, strict=False):
            if param.startswith(("'", '"')):
                continue  # a literal value
            if name == OPTIONS:
                assert param.startswith("{"), (method.client, params)
                listed = {bare(p) for p in split_params(param[1:-1])} - {"onProgress", "..."}
                wanted = {a.name for a in method.option_args}
                assert listed <= wanted, (method.client, listed - wanted)
                assert listed == wanted or "..." in param, (method.client, wanted - listed)
            else:
                assert bare(param) in {name, method.param_name(name)}, (method.client, params)


def _handler_reads() -> dict[str, set[str]]:
    """For each method name: the argument names its handler in api.py reads
    (``a.get/required/text/flag("name")``), found in the source."""
    import ast
    import inspect

    import amplify_memory.api as api_module

    tree = ast.parse(inspect.getsource(api_module))
    handler_of: dict[str, str] = {}  # "_user_add" -> "userProfile.add"
    reads: dict[str, set[str]] = {}  # "_user_add" -> {"content", ...}
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and any(
            isinstance(k, ast.Constant) and k.value == "userProfile.add" for k in node.keys
        ):
            for key, value in zip(node.keys, node.values, strict=True):
                assert isinstance(key, ast.Constant)
                assert isinstance(value, ast.Attribute)
                handler_of[value.attr] = str(key.value)
        if isinstance(node, ast.AsyncFunctionDef):
            reads[node.name] = {
                str(call.args[0].value)
                for call in ast.walk(node)
                if isinstance(call, ast.Call)
                and isinstance(call.func, ast.Attribute)
                and isinstance(call.func.value, ast.Name)
                and call.func.value.id == "a"
                and call.func.attr in {"get", "required", "text", "flag"}
                and call.args
                and isinstance(call.args[0], ast.Constant)
            }
    return {method: reads.get(handler, set()) for handler, method in handler_of.items()}


def test_handlers_read_only_declared_arguments_in_python_spelling() -> None:
    """The case translation follows from the declaration: each handler reads its
    arguments by the Python names of the declared ones, never by another name."""
    reads = _handler_reads()
    declared = {m.name: {a.py_name for a in m.args} for m in METHODS}
    assert set(reads) == set(declared)
    for method, names in reads.items():
        assert names <= declared[method], (method, sorted(names - declared[method]))
    assert reads["userProfile.formatContext"] == {"query", "max_tokens"}
    assert "source_chat_id" in reads["projects.add"]


def test_python_names_of_the_arguments() -> None:
    by = {a.name: a.py_name for m in METHODS for a in m.args}
    assert by["maxTokens"] == "max_tokens"
    assert by["sourceChatId"] == "source_chat_id"
    assert by["writeDelayMs"] == "write_delay_ms"
    assert by["id"] == "id"


async def test_a_handler_reading_an_undeclared_name_is_a_bug_not_a_user_error() -> None:
    from amplify_memory.api import _Args

    args = _Args(next(m for m in METHODS if m.name == "userProfile.formatContext"), {})
    assert args.get("max_tokens", 500) == 500
    with pytest.raises(AssertionError, match="declares no argument 'maxTokens'"):
        args.get("maxTokens")
