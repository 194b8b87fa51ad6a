"""What spans the stores: the user profile, the project stores and the chat registry
together.

A project is known when it is registered or has saved context; a chat is assigned only
to a known project; deleting a project deletes its context and its registration; an
export of one store is a versioned JSON object, and an import adds its entries through
the stores' own ``add`` (de-duplicated, checked, all or nothing). The JavaScript API
(:mod:`amplify_memory.api`) calls these; they know nothing of JSON text or of
JavaScript's spelling beyond the export format itself.

>>> import asyncio
>>> from amplify_memory.storage import MemoryStorage
>>> async def demo() -> list[str]:
...     storage = MemoryStorage()
...     work = Workspace(
...         UserProfileVectorStore(storage=storage),
...         ProjectContextVectorStore(storage=storage),
...         ProjectRegistry(storage=storage),
...     )
...     await work.projects.add("shop", "Use Stripe for payments", "decision")
...     await work.assign_chat("chat-1", "shop")
...     return [p["projectId"] for p in await work.list_projects()]
>>> asyncio.run(demo())
['shop']
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator
from typing import Any, Final

from amplify_memory import progress
from amplify_memory.errors import (
    AmplifyMemoryError,
    InvalidArgumentError,
    UnknownProjectError,
    describe,
)
from amplify_memory.limits import parse_json
from amplify_memory.memory._common import utc_now
from amplify_memory.memory.project_context import ProjectContextVectorStore, check_project_id
from amplify_memory.memory.projects import ProjectRegistry
from amplify_memory.memory.user_profile import UserProfileVectorStore

__all__ = ["EXPORT_FORMAT", "EXPORT_VERSION", "PROGRESS_EVERY", "Workspace"]

#: The ``format`` of an export (``storage.export``), and the version this library writes.
EXPORT_FORMAT: Final = "amplify-memory-export"
EXPORT_VERSION: Final = 1

#: A long import reports its progress every this many entries.
PROGRESS_EVERY: Final = 500


class Workspace:
    """The three stores of one memory, and what involves more than one of them."""

    def __init__(
        self,
        user: UserProfileVectorStore,
        projects: ProjectContextVectorStore,
        registry: ProjectRegistry,
    ) -> None:
        self.user = user
        self.projects = projects
        self.registry = registry

    # -- projects and chats

    async def list_projects(self) -> list[dict[str, Any]]:
        """Registered projects and projects with saved context, by id:
        ``{projectId, name, chats}`` each."""
        registered = {p["projectId"]: p for p in await self.registry.list_projects()}
        for project_id in await self.projects.list_projects():
            registered.setdefault(project_id, {"projectId": project_id, "name": project_id})
        return [{"chats": 0, **registered[k]} for k in sorted(registered)]

    async def assign_chat(self, chat_id: str, project_id: object) -> None:
        """Put a chat in a known project; an unknown project id is refused (a typo would
        otherwise make a new, empty project)."""
        project_id = check_project_id(project_id)
        known = [p["projectId"] for p in await self.list_projects()]
        if project_id not in known:
            raise UnknownProjectError(project_id, known)
        await self.registry.assign_chat(chat_id, project_id)

    async def delete_project(self, project_id: str) -> None:
        """The project's context and its registration (its chats' assignments) gone."""
        await self.projects.delete_project(project_id)
        await self.registry.remove_project(project_id)

    async def forget_all(self) -> dict[str, int]:
        """Delete every memory: the user profile, every project's store, every chat's
        assignment. Returns ``{userFacts, projects}`` (the numbers deleted)."""
        users = await self.user.count()
        await self.user.clear()
        projects = [p["projectId"] for p in await self.list_projects()]
        for project_id in projects:
            await self.delete_project(project_id)
        for chat in await self.registry.list_chats(None):
            await self.registry.unassign_chat(chat["chatId"])
        return {"userFacts": users, "projects": len(projects)}

    # -- export and import

    async def export(self, store: object, project_id: object = None) -> dict[str, Any]:
        """One store's entries as ``{format, version, store, projectId?, entries,
        exportedAt}``; ``store`` is ``'userProfile'`` or ``'project'`` (with
        ``project_id``)."""
        out: dict[str, Any] = {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "store": store}
        if store == "userProfile":
            out["entries"] = await self.user.list()
        elif store == "project":
            if project_id is None:
                raise InvalidArgumentError("storage.export: store 'project' needs a projectId")
            out["projectId"] = project_id
            out["entries"] = await self.projects.list(check_project_id(project_id))
        else:
            raise InvalidArgumentError(
                f"storage.export: store must be 'userProfile' or 'project', not {describe(store)}"
            )
        out["exportedAt"] = utc_now()
        return out

    async def import_(
        self, data: object, *, project_id: object = None, replace: bool = False
    ) -> dict[str, Any]:
        """Add the entries of an export (JSON text or the object) through the stores'
        ``add``: de-duplicated like any add, with new ids and times. ``replace`` clears
        the store first; ``project_id`` imports a project's export into another project.
        All or nothing: the first bad entry undoes the whole import (``replace``'s clear
        included) and its error names the entry. Progress (``progress.report('import',
        done, total)``) every :data:`PROGRESS_EVERY` entries and at the end."""
        entries, store, exported_from = _checked_export(data)
        counts = {"inserted": 0, "updated": 0}
        if store == "userProfile":
            async with self.user.atomic():
                if replace:
                    await self.user.clear()
                for i, e in enumerate(entries):
                    await _report_progress(i, len(entries))
                    with _at_entry(i):
                        outcome = await self.user.add(
                            e.get("content"),
                            e.get("category", "other"),
                            source=e.get("source") or "import",
                            confidence=e.get("confidence", 0.8),
                        )
                    counts[outcome["action"]] += 1
        else:
            target = check_project_id(project_id or exported_from or "")
            async with self.projects.atomic(target):
                if replace:
                    await self.projects.clear(target)
                for i, e in enumerate(entries):
                    await _report_progress(i, len(entries))
                    with _at_entry(i):
                        await self.projects.add(
                            target,
                            e.get("content"),
                            e.get("type"),
                            files=e.get("files"),
                            tags=e.get("tags"),
                            source_chat_id=e.get("sourceChatId", ""),
                            plan_point_id=e.get("planPointId", ""),
                        )
                    counts["inserted"] += 1
            await self.registry.add_project(target)
        await _report_progress(len(entries), len(entries))
        return {"store": store, "imported": len(entries), **counts}


def _checked_export(data: object) -> tuple[list[Any], str, Any]:
    """The entries, store and project id of an export (parsed when it is JSON text)."""
    if isinstance(data, str):
        data = parse_json(data, "storage.import: the data")
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise InvalidArgumentError(f"storage.import: the data is not an {EXPORT_FORMAT} object")
    if data.get("version") != EXPORT_VERSION:
        raise InvalidArgumentError(
            f"storage.import: export version {describe(data.get('version'))}; "
            f"this version reads {EXPORT_VERSION}"
        )
    entries = data.get("entries")
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise InvalidArgumentError("storage.import: 'entries' must be a list of objects")
    store = data.get("store")
    if store not in ("userProfile", "project"):
        raise InvalidArgumentError(f"storage.import: unknown store {describe(store)} in the data")
    return entries, store, data.get("projectId")


@contextlib.contextmanager
def _at_entry(i: int) -> Iterator[None]:
    """Name the entry of an import in the error it raised (an exception note)."""
    try:
        yield
    except AmplifyMemoryError as err:
        err.add_note(f"storage.import: entries[{i}]; nothing was imported")
        raise


async def _report_progress(done: int, total: int) -> None:
    """Tell the caller ``done`` of ``total`` entries imported (every
    :data:`PROGRESS_EVERY` and at the end), and let the event loop run, so that the report
    goes out and the page can paint."""
    if not progress.listening() or (done % PROGRESS_EVERY and done != total):
        return
    progress.report("import", done, total)
    await asyncio.sleep(0)
