"""The JavaScript API, declared once.

Every method that :func:`amplify_memory.api.call` answers is one :class:`Method` of
:data:`METHODS`: its name, its JSON arguments (JavaScript's spelling, TypeScript types),
its result, and where the JavaScript memory object exposes it (``client``, with the
positional parameters of that function). The rest follows from this table:

- :class:`amplify_memory.api.MemoryApi` takes its dispatch table (names and the
  arguments each accepts) from it;
- ``web/js/methods.mjs`` (:func:`render_js`, written by ``build.py``) gives the JS
  client the positional parameters it checks and the methods that are changes (recorded
  in the page's outbox, reported to ``onChange``);
- the ``ApiMethods`` interface and the ``ChangeMethod`` union of ``web/js/memory.d.ts``
  are :func:`render_dts` (between its ``methods:begin``/``methods:end`` markers);
- tests check the client interfaces of ``memory.d.ts`` and the method table of
  ``docs/javascript-api.md`` against it (``tests/unit/test_methods.py``).

Pure data and text: nothing here imports the stores or looks at the platform.

>>> by_name()["userProfile.add"].client
'userProfile.add'
>>> [a.name for a in by_name()["projects.get"].args]
['projectId', 'id']
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Final

__all__ = ["METHODS", "OPTIONS", "Arg", "Method", "by_name", "render_dts", "render_js"]

#: The positional parameter that stands for an object of the remaining arguments.
OPTIONS: Final = "options"


@dataclass(frozen=True)
class Arg:
    """One JSON argument: its name (JavaScript's spelling), TypeScript type, and
    whether the call needs it."""

    name: str
    type: str
    required: bool = False

    @property
    def py_name(self) -> str:
        """The name in Python's spelling, which the handlers use: ``maxTokens`` ->
        ``max_tokens``."""
        return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", self.name).lower()

    @property
    def kind(self) -> str:
        """What the JS client checks a positional value against: ``string``,
        ``options`` (an object), or ``any`` (Python checks it)."""
        parts = [p.strip() for p in self.type.split("|")]
        if all(p in _STRING_TYPES or p.startswith("'") for p in parts):
            return "string"
        if all(p.startswith(("{", "Record<")) or p in _OBJECT_TYPES for p in parts):
            return "options"
        return "any"


#: TypeScript types (of ``memory.d.ts``) whose values are strings, or null.
_STRING_TYPES: Final = frozenset({"string", "null", "UserCategory", "ProjectEntryType"})
#: Interfaces of ``memory.d.ts`` that arguments are typed with (objects).
_OBJECT_TYPES: Final = frozenset({"ProjectEntryChanges"})


@dataclass(frozen=True)
class Method:
    """One method of the JS API.

    ``client``: the path of the function on the memory object (``'userProfile.add'``,
    ``'callTool'``), or None when only :func:`call` reaches it. ``positional``: that
    function's parameters, each an argument's name or :data:`OPTIONS` (an object holding
    the arguments not named before it). ``change``: the call changes stored memory.
    ``progress``: the client's options take ``onProgress``. ``recorded``: a change the
    page's outbox keeps until Python answers, replayed by the next page when this one
    dies first (every change but a discard, which would be refused once done)."""

    name: str
    args: tuple[Arg, ...]
    result: str
    client: str | None = None
    positional: tuple[str, ...] = ()
    change: bool = False
    progress: bool = False
    js_names: dict[str, str] = field(default_factory=dict)
    recorded: bool = False

    @property
    def arg_names(self) -> tuple[str, ...]:
        return tuple(a.name for a in self.args)

    @property
    def py_names(self) -> dict[str, str]:
        """Each argument's JavaScript name -> its Python name (:attr:`Arg.py_name`)."""
        return {a.name: a.py_name for a in self.args}

    @property
    def option_args(self) -> tuple[Arg, ...]:
        """The arguments the client takes in its options object."""
        named = set(self.positional)
        return tuple(a for a in self.args if a.name not in named) if OPTIONS in named else ()

    def param_name(self, name: str) -> str:
        """The JS client's name for a positional parameter (``arguments`` is reserved)."""
        return self.js_names.get(name, name)


def _m(
    name: str,
    args: str = "",
    result: str = "null",
    *,
    client: str | None = "",
    positional: str = "",
    change: bool = False,
    progress: bool = False,
    js_names: dict[str, str] | None = None,
    recorded: bool | None = None,
) -> Method:
    """A :class:`Method` from compact text: ``args`` is ``"name!: type; name?: type"``
    (``!`` required); ``client`` "" means the same path as ``name``."""
    parsed = []
    for part in filter(None, (p.strip() for p in args.split(";"))):
        head, _, kind = part.partition(":")
        head = head.strip()
        parsed.append(Arg(head.rstrip("!?"), kind.strip(), head.endswith("!")))
    return Method(
        name,
        tuple(parsed),
        result,
        name if client == "" else client,
        tuple(positional.split()),
        change,
        progress,
        js_names or {},
        change if recorded is None else recorded,
    )


_FACT = "content!: string; category?: UserCategory"
_PROJECT_FILTERS = (
    "types?: ProjectEntryType | ProjectEntryType[]; files?: string[]; tags?: string[]"
)

#: Every method of the JS API, in the order of the documentation.
METHODS: Final[tuple[Method, ...]] = (
    _m("version", result="string", client=None),
    _m("status", result="Omit<MemoryStatus, 'browser'>"),
    _m("flush"),
    _m("close"),
    _m("configure", "writeDelayMs?: number", "{ writeDelayMs: number }", positional=OPTIONS),
    # -- the user profile
    _m("userProfile.initialize", "", "InitializeResult", positional=OPTIONS, progress=True),
    _m(
        "userProfile.add",
        f"{_FACT}; source?: string; confidence?: number",
        "AddFactResult",
        positional="content category options",
        change=True,
    ),
    _m(
        "userProfile.search",
        "query!: string; limit?: number; category?: UserCategory; includeSuperseded?: boolean",
        "UserFactHit[]",
        positional="query options",
    ),
    _m(
        "userProfile.list",
        "category?: UserCategory; includeSuperseded?: boolean",
        "UserFact[]",
        positional=OPTIONS,
    ),
    _m(
        "userProfile.edit",
        f"id!: string; {_FACT}",
        "EditFactResult",
        positional="id content category",
        change=True,
    ),
    _m("userProfile.get", "id!: string", "UserFact | null", positional="id"),
    _m("userProfile.remove", "id!: string", "boolean", positional="id", change=True),
    _m("userProfile.clear", change=True),
    _m("userProfile.count", result="number"),
    _m(
        "userProfile.formatContext",
        "query?: string; maxTokens?: number",
        "string",
        positional="query options",
    ),
    # -- projects
    _m(
        "projects.add",
        "projectId!: string; content!: string; type!: ProjectEntryType; files?: string[]; "
        "tags?: string[]; sourceChatId?: string; planPointId?: string",
        "ProjectEntry",
        positional="projectId content type options",
        change=True,
    ),
    _m(
        "projects.update",
        "projectId!: string; id!: string; changes!: ProjectEntryChanges",
        "ProjectEntry",
        positional="projectId id changes",
        change=True,
    ),
    _m(
        "projects.search",
        f"projectId!: string; query!: string; limit?: number; {_PROJECT_FILTERS}",
        "ProjectEntryHit[]",
        positional="projectId query options",
    ),
    _m(
        "projects.list",
        f"projectId!: string; {_PROJECT_FILTERS}",
        "ProjectEntry[]",
        positional="projectId options",
    ),
    _m(
        "projects.get",
        "projectId!: string; id!: string",
        "ProjectEntry | null",
        positional="projectId id",
    ),
    _m(
        "projects.remove",
        "projectId!: string; id!: string",
        "boolean",
        positional="projectId id",
        change=True,
    ),
    _m("projects.clear", "projectId!: string", positional="projectId", change=True),
    _m(
        "projects.formatContext",
        "projectId!: string; query?: string; maxTokens?: number",
        "string",
        positional="projectId query options",
    ),
    _m(
        "projects.open",
        "projectId!: string",
        "ProjectOpenResult",
        positional="projectId options",
        progress=True,
    ),
    _m("projects.listProjects", result="ProjectInfo[]"),
    _m(
        "projects.addProject",
        "projectId!: string; name?: string",
        "{ projectId: string; name: string }",
        positional="projectId name",
        change=True,
    ),
    _m("projects.deleteProject", "projectId!: string", positional="projectId", change=True),
    _m("projects.getProjectByChat", "chatId!: string", "string | null", positional="chatId"),
    _m(
        "projects.assignChat",
        "chatId!: string; projectId!: string",
        positional="chatId projectId",
        change=True,
    ),
    _m("projects.unassignChat", "chatId!: string", "boolean", positional="chatId", change=True),
    _m("projects.listChats", "projectId?: string", "ChatAssignment[]", positional="projectId"),
    # -- extraction
    _m(
        "extract.userFacts",
        "userMessage!: string; assistantMessage?: string | null; store?: boolean; "
        "projectId?: string; sourceChatId?: string",
        "StoredExtraction[] | FoundExtraction[]",
        positional="userMessage assistantMessage options",
        change=True,
    ),
    _m(
        "extract.projectContext",
        "projectId!: string; actionDescription!: string; type?: ProjectEntryType; "
        "files?: string[]; sourceChatId?: string; store?: boolean",
        "ProjectEntry[] | ExtractedContext[]",
        positional="projectId actionDescription options",
        change=True,
    ),
    # -- the MCP tools
    _m("tools.list", result="McpToolList", client="listTools"),
    _m(
        "tools.call",
        "name!: string; arguments?: Record<string, unknown>",
        "McpToolResult",
        client="callTool",
        positional="name arguments",
        change=True,
        js_names={"arguments": "args"},
    ),
    # -- persistence
    _m("storage.estimate", result="StorageEstimate | null"),
    _m("storage.persist", result="boolean"),
    _m("storage.list", result="string[]"),
    _m(
        "storage.discard",
        "name!: string",
        "{ discarded: boolean }",
        positional="name",
        change=True,
        recorded=False,
    ),
    _m(
        "storage.export",
        "store!: 'userProfile' | 'project'; projectId?: string",
        "MemoryExport",
        positional="store projectId",
    ),
    _m(
        "storage.import",
        "data!: MemoryImportData | string; projectId?: string; replace?: boolean",
        "ImportResult",
        positional="data options",
        change=True,
        progress=True,
    ),
    _m("forgetAll", "confirm!: true", "ForgetAllResult", positional=OPTIONS, change=True),
)


def by_name() -> dict[str, Method]:
    """:data:`METHODS` by name."""
    return {m.name: m for m in METHODS}


def render_js() -> str:
    """``web/js/methods.mjs``: for each method, the client's positional parameters as
    ``[name, kind, optional]`` and whether it is a change."""
    rows = []
    for m in METHODS:
        params = ", ".join(json.dumps(_js_param(m, p)) for p in m.positional)
        flags = f"change: {json.dumps(m.change)}, recorded: {json.dumps(m.recorded)}"
        rows.append(f"  {json.dumps(m.name)}: {{ positional: [{params}], {flags} }},\n")
    body = "{\n" + "".join(rows) + "}"
    return (
        "// Generated by build.py from py_src/amplify_memory/methods.py (the one declaration\n"
        "// of the JS API). Do not edit: change the declaration and run python3 build.py build.\n"
        "//\n"
        "// method -> {positional: [[name, kind, optional], ...], change, recorded}: the checks\n"
        "// of the client's positional arguments (kind: 'string', 'options' or 'any'); whether\n"
        "// the method changes stored memory (reported to onChange); whether the page's outbox\n"
        "// keeps the call until Python answers (replayed after the page dies).\n"
        f"export const METHODS = Object.freeze({body});\n\n"
        "/** The methods the page's outbox records until Python answers. */\n"
        "export const RECORDED = new Set(\n"
        "  Object.keys(METHODS).filter((name) => METHODS[name].recorded),\n"
        ");\n"
    )


def _js_param(method: Method, name: str) -> list[object]:
    if name == OPTIONS:  # (always optional here: Python names a missing option)
        return [OPTIONS, OPTIONS, True]
    arg = next(a for a in method.args if a.name == name)
    return [method.param_name(name), arg.kind, not arg.required]


DTS_BEGIN: Final = "// methods:begin (generated from py_src/amplify_memory/methods.py)"
DTS_END: Final = "// methods:end"


def render_dts() -> str:
    """The ``ApiMethods`` interface and ``ChangeMethod`` union of ``memory.d.ts``
    (the text between its markers, markers included)."""
    lines = [
        DTS_BEGIN,
        "",
        "/** Every method of amplify_memory.api: its arguments and its answer. */",
    ]
    lines.append("export interface ApiMethods {")
    for m in METHODS:
        key = m.name if m.name.isidentifier() else repr(m.name)
        fields = "; ".join(f"{a.name}{'' if a.required else '?'}: {a.type}" for a in m.args)
        args = f"{{ {fields} }}" if fields else "Record<string, never>"
        line = f"  {key}: {{ args: {args}; result: {m.result} }};"
        if len(line) > 100:
            if len(args) > 88:
                args = "{\n" + "".join(f"      {f};\n" for f in fields.split("; ")) + "    }"
            line = f"  {key}: {{\n    args: {args};\n    result: {m.result};\n  }};"
        lines.append(line)
    lines += ["}", "", "export type ApiMethod = keyof ApiMethods;", ""]
    lines += ["/** The methods that change stored memory (reported to onChange). */"]
    lines += ["export type ChangeMethod ="]
    lines += [f"  | {m.name!r}" for m in METHODS if m.change]
    lines[-1] += ";"
    lines += ["", DTS_END]
    return "\n".join(lines)
