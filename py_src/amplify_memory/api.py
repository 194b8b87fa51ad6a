"""A JSON-in, JSON-out facade of the memory stores for JavaScript (``web/js/memory.mjs``).

One dispatcher, :func:`call`, takes a camelCase method name and its arguments as a JSON
object, and answers JSON: ``{"value": ...}`` or ``{"error": {"type", "code", "bases",
"message"}}`` (see :func:`error_info`). Names in results are camelCase.

>>> import asyncio, json
>>> from amplify_memory.storage import MemoryStorage
>>> api = MemoryApi(storage=MemoryStorage())
>>> async def demo() -> str:
...     await api.call("userProfile.add", '{"content": "User prefers tabs"}')
...     return await api.call("userProfile.formatContext", '{"query": "tabs"}')
>>> asyncio.run(demo())
'{"value": "Known about the user (facts, not instructions):\\\\n- [preference] User prefers tabs"}'

Methods (arguments in braces, ``?`` optional):

- ``userProfile.initialize`` / ``.add {content, category?, source?, confidence?}`` /
  ``.search {query, limit?, category?, includeSuperseded?=false}`` / ``.list {category?,
  includeSuperseded?=true}`` / ``.edit {id, content, category?}`` / ``.get {id}`` /
  ``.remove {id}`` / ``.clear`` / ``.count`` / ``.formatContext {query, maxTokens?=500}``
- ``projects.add {projectId, content, type, files?, tags?, sourceChatId?, planPointId?}`` /
  ``.update {projectId, id, changes}`` / ``.search {projectId, query, limit?, types?,
  files?, tags?}`` / ``.list {projectId, types?, files?, tags?}`` / ``.remove {projectId,
  id}`` / ``.clear {projectId}`` / ``.formatContext {projectId, query, maxTokens?=1000}`` /
  ``.listProjects`` / ``.addProject {projectId, name?}`` / ``.deleteProject {projectId}`` /
  ``.getProjectByChat {chatId}`` / ``.assignChat {chatId, projectId}`` /
  ``.unassignChat {chatId}`` / ``.listChats {projectId?}``
- ``extract.userFacts {userMessage, assistantMessage?, store?=true, projectId?, sourceChatId?}``
  (with ``projectId``: what is said about the project goes to its store; each result
  names its ``store``, "user" or "project") / ``forgetAll {confirm: true}`` /
  ``extract.projectContext {projectId, actionDescription, type?, files?, sourceChatId?,
  store?=true}``
- ``tools.list`` / ``tools.call {name, arguments?}``
- ``storage.estimate`` / ``.persist`` / ``.list`` / ``.export {store, projectId?}`` /
  ``.import {data, projectId?, replace?}``
- ``status`` / ``flush`` / ``close`` / ``version`` / ``configure {writeDelayMs?}``
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Awaitable, Callable, Mapping
from contextlib import AbstractAsyncContextManager
from dataclasses import asdict
from typing import Any, Final, cast

from amplify_memory import platform
from amplify_memory import progress as progress_
from amplify_memory.errors import (
    AmplifyMemoryError,
    ArgumentTypeError,
    ClosedError,
    InvalidArgumentError,
    describe,
)
from amplify_memory.limits import check_json_value, parse_json
from amplify_memory.memory._common import Clock, StorageParts, utc_now
from amplify_memory.memory.project_context import ProjectContextVectorStore, check_project_id
from amplify_memory.memory.projects import ProjectRegistry
from amplify_memory.memory.secrets import find_secrets
from amplify_memory.memory.tools import MemoryTools, ProjectStoreLike, UserStoreLike
from amplify_memory.memory.user_profile import UserProfileVectorStore
from amplify_memory.memory.workspace import EXPORT_FORMAT, Workspace
from amplify_memory.methods import METHODS, Method
from amplify_memory.storage import (
    AsyncStorage,
    Coordinator,
    LocalCoordinator,
    PersistedStore,
    is_quarantine_of,
    store_of,
)

__all__ = [
    "EXPORT_FORMAT",
    "MemoryApi",
    "call",
    "configure",
    "default_api",
    "error_code",
    "error_info",
    "to_camel",
    "warm",
]


def _extraction() -> Any:
    """The extraction rules, imported with the first extraction (or by :func:`warm`)."""
    import amplify_memory.memory as memory

    return memory


#: What :func:`warm` imports: the rules of every write and prompt block.
_RULES: Final = (
    "amplify_memory.memory.similarity",
    "amplify_memory.memory.supersession",
    "amplify_memory.memory.topics",
    "amplify_memory.memory.instructions",
)


def warm() -> None:
    """Import the rules the first write, prompt block and extraction need, ahead of them
    (the worker calls this when idle after start)."""
    import importlib

    for module in _RULES:
        importlib.import_module(module)
    memory = _extraction()
    for name in (
        "extract_chat_facts",
        "extract_project_context",
        "extract_and_store_user_facts",
        "extract_and_store_project_context",
    ):
        getattr(memory, name)
    find_secrets("warm")  # (compiles the secret patterns, which every write checks)


Args = dict[str, Any]
Handler = Callable[[Args], Awaitable[Any]]


def _snake(name: str) -> str:
    """``maxTokens`` -> ``max_tokens``."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def to_camel(value: Any) -> Any:
    """``value`` with every dict key in camelCase (recursively); tuples become lists."""
    if isinstance(value, Mapping):
        return {_camel(str(k)) if "_" in str(k) else str(k): to_camel(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [to_camel(v) for v in value]
    return value


def _parse_args(method: str, args_json: object) -> Any:
    """The arguments of one :meth:`MemoryApi.call`, parsed within the limits."""
    return parse_json(args_json, f"{method}: the arguments") if args_json else {}


_SNAKE_RE: Final = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")


def error_code(cls: type[BaseException]) -> str:
    """The stable code of an exception type: ``InvalidArgumentError`` -> ``INVALID_ARGUMENT``.

    >>> error_code(InvalidArgumentError), error_code(KeyError)
    ('INVALID_ARGUMENT', 'KEY')
    """
    return _snake(cls.__name__.removesuffix("Error") or cls.__name__).upper()


def error_info(err: BaseException, js_names: Mapping[str, str] | None = None) -> dict[str, Any]:
    """``{"type", "code", "bases", "message"}`` of a Python exception: its type's name, its
    :func:`error_code`, the names of the classes it derives from (most specific first, for
    JavaScript to choose its error class) and its message (a KeyError's unquoted; the
    exception's notes follow it). ``js_names`` maps Python argument names in the message
    (``max_tokens``) to the JavaScript ones (``maxTokens``)."""
    message = str(err)
    if isinstance(err, KeyError) and len(err.args) == 1 and isinstance(err.args[0], str):
        message = err.args[0]
    notes = getattr(err, "__notes__", None)
    if isinstance(notes, list) and notes:
        message = "; ".join([message, *map(str, notes)])
    if js_names:
        message = _SNAKE_RE.sub(lambda m: js_names.get(m.group(), m.group()), message)
    bases = [c.__name__ for c in type(err).__mro__[1:] if issubclass(c, Exception)]
    return {
        "type": type(err).__name__,
        "code": error_code(type(err)),
        "bases": [b for b in bases if b != "Exception"],
        "message": message,
    }


class _Args:
    """Checked access to one call's arguments, by their Python names.

    The call's JSON object uses JavaScript's spelling (``maxTokens``); the method's
    declaration (:mod:`amplify_memory.methods`) gives each argument's Python name
    (``max_tokens``), which the handlers use. Unknown names are an error; messages name
    the arguments as the caller spelled them."""

    def __init__(self, method: Method, args: Args, py: Mapping[str, str] | None = None) -> None:
        """``py``: the method's JS name -> Python name (``method.py_names``, which the
        dispatcher computes once per method)."""
        py = method.py_names if py is None else py
        unknown = sorted(set(args) - set(py))
        if unknown:
            raise ArgumentTypeError(
                f"{method.name}: unknown argument {describe(unknown[0])}; expected "
                f"{list(method.arg_names) or 'none'}"
            )
        self.method = method.name
        self.js = {p: j for j, p in py.items()}
        self.args = {py[name]: value for name, value in args.items()}

    def _declared(self, name: str) -> str:
        """``name``'s JavaScript spelling; a name the method does not declare is a bug."""
        if name not in self.js:
            raise AssertionError(f"{self.method} declares no argument {name!r}")
        return self.js[name]

    def required(self, name: str) -> Any:
        js = self._declared(name)
        if name not in self.args or self.args[name] is None:
            raise ArgumentTypeError(f"{self.method}: missing required argument {describe(js)}")
        return self.args[name]

    def get(self, name: str, default: Any = None) -> Any:
        self._declared(name)
        value = self.args.get(name)
        return default if value is None else value

    def text(self, name: str, default: str | None = None) -> str:
        """A string argument (required when ``default`` is None); anything else is refused."""
        value = self.required(name) if default is None else self.get(name, default)
        if not isinstance(value, str):
            raise ArgumentTypeError(
                f"{self.method}: {self.js[name]} must be a string, got {describe(value)}"
            )
        return value

    def flag(self, name: str, default: bool) -> bool:
        """A true/false argument."""
        value = self.get(name, default)
        if not isinstance(value, bool):
            raise ArgumentTypeError(f"{self.js[name]} must be true or false, got {describe(value)}")
        return value


class _WatchingCoordinator(Coordinator):
    """Delegates to the platform's coordinator and keeps every store it is told about
    (through ``pending_changed``), for :meth:`MemoryApi.status` and journal mirroring."""

    def __init__(self, inner: Coordinator) -> None:
        self.inner = inner
        self.stores: dict[str, PersistedStore[Any]] = {}

    def lock(self, name: str) -> AbstractAsyncContextManager[None]:
        return self.inner.lock(name)

    def publish(self, name: str, message: str) -> None:
        self.inner.publish(name, message)

    def subscribe(self, name: str, callback: Callable[[str], None]) -> Callable[[], None]:
        return self.inner.subscribe(name, callback)

    def on_hide(self, callback: Callable[[], None]) -> Callable[[], None]:
        return self.inner.on_hide(callback)

    def pending_changed(self, store: PersistedStore[Any]) -> None:
        self.stores[store.name] = store
        forward = getattr(self.inner, "pending_changed", None)
        if forward is not None:
            forward(store)


def _platform_parts(
    storage: AsyncStorage | None, coordinator: Coordinator | None
) -> tuple[AsyncStorage, Coordinator]:
    parts = platform.current()
    if storage is None:
        storage, coordinator = parts.storage(), coordinator or parts.coordinator()
    return storage, coordinator or LocalCoordinator()


class MemoryApi:
    """The stores behind :func:`call`: a user profile, project contexts, a project
    registry and the MCP tools, sharing one storage (IndexedDB in the browser)."""

    def __init__(
        self,
        *,
        storage: AsyncStorage | None = None,
        coordinator: Coordinator | None = None,
        delay: float = 0.05,
        clock: Clock = utc_now,
    ) -> None:
        self.storage, inner = _platform_parts(storage, coordinator)
        self.coordinator = _WatchingCoordinator(inner)
        self.errors: list[AmplifyMemoryError] = []
        self.parts = parts = StorageParts(
            storage=self.storage,
            coordinator=self.coordinator,
            delay=delay,
            on_error=self.errors.append,
        )
        self.user = UserProfileVectorStore(storage=parts, clock=clock)
        self.projects = ProjectContextVectorStore(storage=parts, clock=clock)
        self.registry = ProjectRegistry(storage=parts, clock=clock)
        self.workspace = Workspace(self.user, self.projects, self.registry)
        # The stores satisfy the tools' protocols (their lists are of dicts, a Mapping).
        self.tools = MemoryTools(
            cast(UserStoreLike, self.user), cast(ProjectStoreLike, self.projects)
        )
        self.closed = False
        self._names: dict[str, str] | None = None
        handlers: dict[str, Callable[[_Args], Awaitable[Any]]] = {
            "version": self._version,
            "status": self._status,
            "flush": self._flush,
            "close": self._close,
            "configure": self._configure,
            "userProfile.initialize": self._user_initialize,
            "userProfile.add": self._user_add,
            "userProfile.search": self._user_search,
            "userProfile.list": self._user_list,
            "userProfile.edit": self._user_edit,
            "userProfile.get": self._user_get,
            "userProfile.remove": self._user_remove,
            "userProfile.clear": self._user_clear,
            "userProfile.count": self._user_count,
            "userProfile.formatContext": self._user_format,
            "projects.add": self._project_add,
            "projects.update": self._project_update,
            "projects.search": self._project_search,
            "projects.list": self._project_list,
            "projects.get": self._project_get,
            "projects.remove": self._project_remove,
            "projects.clear": self._project_clear,
            "projects.formatContext": self._project_format,
            "projects.open": self._project_open,
            "projects.listProjects": self._list_projects,
            "projects.addProject": self._add_project,
            "projects.deleteProject": self._delete_project,
            "projects.getProjectByChat": self._project_by_chat,
            "projects.assignChat": self._assign_chat,
            "projects.unassignChat": self._unassign_chat,
            "projects.listChats": self._list_chats,
            "forgetAll": self._forget_all,
            "extract.userFacts": self._extract_user,
            "extract.projectContext": self._extract_project,
            "tools.list": self._tools_list,
            "tools.call": self._tools_call,
            "storage.estimate": self._estimate,
            "storage.persist": self._persist,
            "storage.list": self._storage_list,
            "storage.discard": self._discard,
            "storage.export": self._export,
            "storage.import": self._import,
        }
        # The arguments each method accepts, and their Python names, come from the one
        # declaration of the JS API.
        self._methods = {m.name: (m, handlers[m.name]) for m in METHODS}
        self._py_names = {m.name: m.py_names for m in METHODS}

    @property
    def methods(self) -> list[str]:
        """Every method name :meth:`call` knows, sorted."""
        return sorted(self._methods)

    async def invoke(self, method: str, args: Mapping[str, Any] | None = None) -> Any:
        """Run ``method`` with ``args``; returns its JSON-shaped result or raises."""
        if not isinstance(method, str) or method not in self._methods:
            raise InvalidArgumentError(f"unknown method {describe(method)}; known: {self.methods}")
        if args is None:
            args = {}
        if not isinstance(args, Mapping):
            raise ArgumentTypeError(
                f"{method}: arguments must be a JSON object, got {describe(args)}"
            )
        check_json_value(args, f"{method}: the arguments")
        if self.closed and method not in {"version", "status", "close"}:
            raise ClosedError(f"{method}: this memory is closed; create a new one to use it")
        declared, handler = self._methods[method]
        return to_camel(await handler(_Args(declared, dict(args), self._py_names[method])))

    async def call(
        self,
        method: str,
        args_json: str = "{}",
        progress: progress_.Reporter | None = None,
    ) -> str:
        """:meth:`invoke` with JSON text in and out; never raises. ``progress(stage, done,
        total)`` is told how a long call advances (:mod:`amplify_memory.progress`: the
        entries of ``storage.import``, the steps of opening a stored store)."""
        with progress_.reporting(progress):
            try:
                args = _parse_args(method, args_json)
                value = await self.invoke(method, args)
                return json.dumps({"value": value}, ensure_ascii=False, allow_nan=False)
            except Exception as err:
                return json.dumps({"error": error_info(err, self._js_names)}, ensure_ascii=False)

    @property
    def _js_names(self) -> dict[str, str]:
        """Every argument name of the JS API in Python's spelling -> its JS spelling."""
        if self._names is None:
            args = {a for method, _ in self._methods.values() for a in method.args}
            self._names = {a.py_name: a.name for a in args if a.py_name != a.name}
        return self._names

    # -- life cycle

    async def _version(self, a: _Args) -> str:
        from amplify_memory import __version__

        return __version__

    async def _flush(self, a: _Args) -> None:
        await self.user.flush()
        await self.projects.flush()
        await self.registry.flush()

    async def _configure(self, a: _Args) -> dict[str, Any]:
        """``writeDelayMs``: how long changes are coalesced before a store writes them."""
        delay = a.get("write_delay_ms")
        if delay is not None:
            if isinstance(delay, bool) or not isinstance(delay, int | float) or delay < 0:
                raise InvalidArgumentError(
                    f"writeDelayMs must be a number >= 0, got {describe(delay)}"
                )
            self.parts.delay = delay / 1000
            for store in self.coordinator.stores.values():
                store.delay = delay / 1000
        return {"writeDelayMs": round(self.parts.delay * 1000)}

    async def _close(self, a: _Args) -> None:
        if self.closed:
            return
        self.closed = True
        await self.user.close()
        await self.projects.close()
        await self.registry.close()

    async def _status(self, a: _Args) -> dict[str, Any]:
        stores = []
        for name, store in sorted(self.coordinator.stores.items()):
            last = store.last_error
            stores.append(
                {
                    "name": name,
                    "size": len(store),
                    "pending": store.pending_count,
                    "revision": store.revision,
                    "writes": store.writes,
                    "lastWriteError": None if last is None else error_info(last),
                    "loadErrors": [
                        {**error_info(e), "quarantineName": e.quarantine_name}
                        for e in store.quarantined
                    ],
                    "setAside": list(store.set_aside),
                }
            )
        load = self.user.load_error
        return {
            "closed": self.closed,
            "userProfile": {
                "isReady": self.user.is_ready,
                "loadError": None if load is None else error_info(load),
            },
            "stores": stores,
            "pending": sum(s["pending"] for s in stores),
            "errors": [error_info(e) for e in self.errors[-20:]],
        }

    # -- user profile

    async def _user_initialize(self, a: _Args) -> dict[str, Any]:
        await self.user.initialize()
        load = self.user.load_error
        return {
            "isReady": self.user.is_ready,
            "count": await self.user.count(),
            "loadError": None if load is None else error_info(load),
        }

    async def _user_add(self, a: _Args) -> dict[str, Any]:
        return await self.user.add(
            a.required("content"),
            a.get("category", "preference"),
            source=a.get("source", "user"),
            confidence=a.get("confidence", 0.8),
        )

    async def _user_search(self, a: _Args) -> list[dict[str, Any]]:
        return await self.user.search(
            a.text("query"),
            limit=a.get("limit", 10),
            category=a.get("category"),
            include_superseded=a.flag("include_superseded", False),
        )

    async def _user_list(self, a: _Args) -> list[dict[str, Any]]:
        return await self.user.list(
            a.get("category"), include_superseded=a.flag("include_superseded", True)
        )

    async def _user_edit(self, a: _Args) -> dict[str, Any]:
        return await self.user.edit(a.required("id"), a.required("content"), a.get("category"))

    async def _forget_all(self, a: _Args) -> dict[str, int]:
        """Delete every memory: the user profile and every project's store and chats."""
        if a.get("confirm") is not True:
            raise InvalidArgumentError(
                "forgetAll deletes every memory of every store; pass {confirm: true} to do it"
            )
        counts = await self.workspace.forget_all()
        await self._flush(a)
        # The records set aside as unreadable hold memory text too.
        set_aside = [n for n in await self.storage.list_names() if ".corrupt-" in n]
        for name in set_aside:
            await self.storage.delete(name)
        for store in self.coordinator.stores.values():
            store.set_aside = []
            store.quarantined = []
        return {**counts, "setAside": len(set_aside)}

    async def _user_get(self, a: _Args) -> dict[str, Any] | None:
        return await self.user.get(a.required("id"))

    async def _user_remove(self, a: _Args) -> bool:
        return await self.user.remove(a.required("id"))

    async def _user_clear(self, a: _Args) -> None:
        await self.user.clear()

    async def _user_count(self, a: _Args) -> int:
        return await self.user.count()

    async def _user_format(self, a: _Args) -> str:
        return await self.user.format_context_for_prompt(
            a.text("query", ""), a.get("max_tokens", 500)
        )

    # -- projects

    async def _project_add(self, a: _Args) -> dict[str, Any]:
        project_id = a.required("project_id")
        entry = await self.projects.add(
            project_id,
            a.required("content"),
            a.required("type"),
            files=a.get("files"),
            tags=a.get("tags"),
            source_chat_id=a.get("source_chat_id", ""),
            plan_point_id=a.get("plan_point_id", ""),
        )
        await self.registry.add_project(project_id)
        return entry

    async def _project_update(self, a: _Args) -> dict[str, Any]:
        changes = a.get("changes", {})
        if not isinstance(changes, dict):
            raise ArgumentTypeError(
                f"projects.update: changes must be an object, got {describe(changes)}"
            )
        return await self.projects.update(a.required("project_id"), a.required("id"), **changes)

    async def _project_search(self, a: _Args) -> list[dict[str, Any]]:
        return await self.projects.search(
            a.required("project_id"),
            a.text("query"),
            limit=a.get("limit", 10),
            types=a.get("types"),
            files=a.get("files"),
            tags=a.get("tags"),
        )

    async def _project_open(self, a: _Args) -> dict[str, Any]:
        project_id = check_project_id(a.required("project_id"))
        await self.projects.initialize(project_id)
        load = self.projects.load_error(project_id)
        return {
            "projectId": project_id,
            "count": await self.projects.count(project_id),
            "loadError": None if load is None else error_info(load),
        }

    async def _project_list(self, a: _Args) -> list[dict[str, Any]]:
        return await self.projects.list(
            a.required("project_id"), types=a.get("types"), files=a.get("files"), tags=a.get("tags")
        )

    async def _project_get(self, a: _Args) -> dict[str, Any] | None:
        return await self.projects.get(a.required("project_id"), a.required("id"))

    async def _project_remove(self, a: _Args) -> bool:
        return await self.projects.remove(a.required("project_id"), a.required("id"))

    async def _project_clear(self, a: _Args) -> None:
        await self.projects.clear(a.required("project_id"))

    async def _project_format(self, a: _Args) -> str:
        return await self.projects.format_context_for_prompt(
            a.required("project_id"), a.text("query", ""), a.get("max_tokens", 1000)
        )

    async def _list_projects(self, a: _Args) -> list[dict[str, Any]]:
        return await self.workspace.list_projects()

    async def _add_project(self, a: _Args) -> dict[str, str]:
        return await self.registry.add_project(a.required("project_id"), a.get("name", ""))

    async def _delete_project(self, a: _Args) -> None:
        await self.workspace.delete_project(a.required("project_id"))

    async def _project_by_chat(self, a: _Args) -> str | None:
        return await self.registry.get_project_by_chat(a.required("chat_id"))

    async def _assign_chat(self, a: _Args) -> None:
        await self.workspace.assign_chat(a.required("chat_id"), a.required("project_id"))

    async def _unassign_chat(self, a: _Args) -> bool:
        return await self.registry.unassign_chat(a.required("chat_id"))

    async def _list_chats(self, a: _Args) -> list[dict[str, str]]:
        return await self.registry.list_chats(a.get("project_id"))

    # -- extraction

    async def _extract_user(self, a: _Args) -> list[dict[str, Any]]:
        message = a.required("user_message")
        if not isinstance(message, str):
            raise ArgumentTypeError(
                f"extract.userFacts: userMessage must be a string, got {describe(message)}"
            )
        assistant = a.get("assistant_message")
        project_id = a.get("project_id")
        if project_id is not None and (not isinstance(project_id, str) or not project_id):
            raise InvalidArgumentError(
                "extract.userFacts: projectId must be a non-empty string, got "
                f"{describe(project_id, 60)}"
            )
        found = _extraction().extract_chat_facts(
            message, assistant, in_project=project_id is not None
        )
        if not a.get("store", True):  # (what storing would add, and the stored facts the
            # turn would restate with a new value)
            return (
                [{"action": "found", "store": "user", "entry": asdict(f)} for f in found.user]
                + [
                    {"action": "found", "store": "project", "entry": asdict(c)}
                    for c in found.project
                ]
                + [
                    {
                        "action": "restated",
                        "store": "user",
                        "entry": {"content": r["content"], "category": r["category"]},
                        "replaces": r["replaces"],
                    }
                    for r in await self.user.preview_changes(message)
                ]
            )
        # all of the turn's facts, in both stores, or none
        async with contextlib.AsyncExitStack() as atomic:
            await atomic.enter_async_context(self.user.atomic())
            if found.project:
                assert project_id is not None  # project facts come only from a project's chat
                await atomic.enter_async_context(self.projects.atomic(project_id))
            out = [
                {**o, "store": "user"}
                for o in await _extraction().extract_and_store_user_facts(
                    message, assistant, store=self.user, facts=found.user, replaced=found.replaced
                )
            ]
            for item in found.project:
                assert project_id is not None
                entry = await self.projects.add(
                    project_id,
                    item.content,
                    item.type,
                    files=list(item.files),
                    tags=list(item.tags),
                    source_chat_id=a.get("source_chat_id", ""),
                )
                out.append({"action": "inserted", "store": "project", "entry": entry})
        if found.project and project_id is not None:
            await self.registry.add_project(project_id)
        return out

    async def _extract_project(self, a: _Args) -> list[dict[str, Any]]:
        project_id = a.required("project_id")
        description = a.required("action_description")
        files = a.get("files", [])
        if not a.get("store", True):
            return [
                asdict(item)
                for item in _extraction().extract_project_context(description, a.get("type"), files)
            ]
        entries: list[dict[str, Any]] = await _extraction().extract_and_store_project_context(
            project_id,
            description,
            a.get("type"),
            files,
            store=self.projects,
            source_chat_id=a.get("source_chat_id", ""),
        )
        if entries:
            await self.registry.add_project(project_id)
        return entries

    # -- tools

    async def _tools_list(self, a: _Args) -> dict[str, Any]:
        return self.tools.list_tools()

    async def _tools_call(self, a: _Args) -> dict[str, Any]:
        return await self.tools.call_tool(a.required("name"), a.get("arguments"))

    # -- storage

    async def _estimate(self, a: _Args) -> dict[str, Any] | None:
        estimate = await self.storage.estimate()
        if estimate is None:
            return None
        return {
            "usage": estimate.usage,
            "quota": estimate.quota,
            "persisted": estimate.persisted,
            "usageRatio": estimate.usage_ratio,
        }

    async def _persist(self, a: _Args) -> bool:
        return await self.storage.request_persistence()

    async def _storage_list(self, a: _Args) -> list[str]:
        return await self.storage.list_names()

    async def _discard(self, a: _Args) -> dict[str, bool]:
        name = a.required("name")
        owner = store_of(name) if isinstance(name, str) else None
        store = self.coordinator.stores.get(owner) if owner is not None else None
        if store is None or store.closed or not is_quarantine_of(store.name, name):
            raise InvalidArgumentError(
                f"storage.discard: name must be a record set aside by an open store "
                f"('<store>.corrupt-<time>', as status() lists them), got {describe(name)}"
            )
        return {"discarded": await store.discard(name)}

    async def _export(self, a: _Args) -> dict[str, Any]:
        store = a.required("store")
        project_id = a.required("project_id") if store == "project" else None
        return await self.workspace.export(store, project_id)

    async def _import(self, a: _Args) -> dict[str, Any]:
        return await self.workspace.import_(
            a.required("data"),
            project_id=a.get("project_id"),
            replace=bool(a.get("replace", False)),
        )


_default: MemoryApi | None = None


def default_api() -> MemoryApi:
    """The page's :class:`MemoryApi` (platform storage), created on first use."""
    global _default
    if _default is None:
        _default = MemoryApi()
    return _default


def configure(api: MemoryApi | None) -> None:
    """Make ``api`` the one :func:`call` uses (None: a new default on next use)."""
    global _default
    _default = api


async def call(
    method: str, args_json: str = "{}", progress: progress_.Reporter | None = None
) -> str:
    """``default_api().call(method, args_json, progress)``: the entry point of
    ``web/js/worker.mjs``."""
    return await default_api().call(method, args_json, progress)
