"""The project registry: which project each chat belongs to, and the projects' names.

The original design detects the project of a conversation from the current chat id
(``projectStore.getProjectByChat(chatId)``). This store keeps that mapping, persisted
like the memory stores (saved under ``amplify_project_registry``), so the project of a
chat is known again after a reload.

>>> import asyncio
>>> from amplify_memory.storage import MemoryStorage
>>> async def demo() -> str | None:
...     registry = ProjectRegistry(storage=MemoryStorage())
...     await registry.assign_chat("chat-1", "shop")
...     return await registry.get_project_by_chat("chat-1")
>>> asyncio.run(demo())
'shop'
"""

from __future__ import annotations

from typing import Any, Final

from amplify_memory.errors import InvalidArgumentError, describe
from amplify_memory.memory._common import (
    Clock,
    PageSingleton,
    PersistedCollection,
    StorageParts,
    check_text,
    utc_now,
)
from amplify_memory.memory.project_context import check_project_id
from amplify_memory.storage import AsyncStorage

__all__ = [
    "CHAT_ID_MAX_LENGTH",
    "PROJECT_REGISTRY_STORE_NAME",
    "ProjectRegistry",
    "check_chat_id",
]

#: The registry's name in storage (IndexedDB key in the browser).
PROJECT_REGISTRY_STORE_NAME: Final = "amplify_project_registry"
CHAT_ID_MAX_LENGTH: Final = 200

SCHEMA: Final[dict[str, Any]] = {
    "id": "string",  # "chat:<chatId>" or "project:<projectId>"
    "kind": "enum",  # "chat" or "project"
    "chatId": "enum",
    "projectId": "enum",
    "name": "string",
    "updatedAt": "enum",
}


def check_chat_id(chat_id: object) -> str:
    """``chat_id`` when it is a non-blank string of at most 200 characters."""
    text = check_text(chat_id, "chat id", max_length=CHAT_ID_MAX_LENGTH)
    if text != chat_id:
        raise InvalidArgumentError(
            f"a chat id must not start or end with whitespace, got {describe(chat_id)}"
        )
    return text


class ProjectRegistry(PageSingleton):
    """Chats mapped to projects, and project names; one persisted database."""

    def __init__(
        self,
        *,
        storage: StorageParts | AsyncStorage | None = None,
        clock: Clock = utc_now,
        name: str = PROJECT_REGISTRY_STORE_NAME,
    ) -> None:
        self._collection = PersistedCollection(name, SCHEMA, storage)
        self._clock = clock

    async def initialize(self) -> None:
        """Load the saved registry (idempotent; otherwise it loads on first use)."""
        await self._collection.open()

    @property
    def load_error(self) -> Exception | None:
        """Why the saved registry could not be read, if it could not (it starts empty)."""
        return self._collection.load_error

    async def flush(self) -> None:
        await self._collection.flush()

    async def close(self) -> None:
        await self._collection.close()

    # -- chats

    async def get_project_by_chat(self, chat_id: str) -> str | None:
        """The project the chat belongs to, or None when it belongs to none."""
        doc = (await self._collection.database()).get("chat:" + check_chat_id(chat_id))
        return None if doc is None else str(doc["projectId"])

    async def assign_chat(self, chat_id: str, project_id: str) -> None:
        """Put the chat in the project (moving it from any other); registers the project."""
        chat_id, project_id = check_chat_id(chat_id), check_project_id(project_id)
        await self.add_project(project_id)
        db = await self._collection.database()
        doc = {
            "id": "chat:" + chat_id,
            "kind": "chat",
            "chatId": chat_id,
            "projectId": project_id,
            "name": "",
            "updatedAt": self._clock(),
        }
        current = db.get(doc["id"])
        if current is None:
            await self._collection.insert(doc)
        elif current["projectId"] != project_id:
            await self._collection.update(doc)

    async def unassign_chat(self, chat_id: str) -> bool:
        """Take the chat out of its project; False when it was in none."""
        return await self._collection.remove("chat:" + check_chat_id(chat_id))

    async def list_chats(self, project_id: str | None = None) -> list[dict[str, str]]:
        """``{"chatId", "projectId", "updatedAt"}`` of every assigned chat (of one project),
        sorted by chat id."""
        if project_id is not None:
            check_project_id(project_id)
        chats = [
            {"chatId": d["chatId"], "projectId": d["projectId"], "updatedAt": d["updatedAt"]}
            for d in await self._collection.documents()
            if d["kind"] == "chat" and project_id in (None, d["projectId"])
        ]
        return sorted(chats, key=lambda c: c["chatId"])

    # -- projects

    async def add_project(self, project_id: str, name: str = "") -> dict[str, str]:
        """Register a project (its display name defaults to its id); returns it.

        An existing project keeps its name unless a new non-empty one is given.
        """
        project_id = check_project_id(project_id)
        shown = name.strip() if isinstance(name, str) else ""
        if not isinstance(name, str) or len(shown) > 200:
            raise InvalidArgumentError(
                f"a project name is a string of at most 200 characters: {describe(name)}"
            )
        db = await self._collection.database()
        current = db.get("project:" + project_id)
        if current is not None and (not shown or shown == current["name"]):
            return {"projectId": project_id, "name": str(current["name"])}
        doc = {
            "id": "project:" + project_id,
            "kind": "project",
            "chatId": "",
            "projectId": project_id,
            "name": shown or project_id,
            "updatedAt": self._clock(),
        }
        if current is None:
            await self._collection.insert(doc)
        else:
            await self._collection.update(doc)
        return {"projectId": project_id, "name": doc["name"]}

    async def list_projects(self) -> list[dict[str, Any]]:
        """``{"projectId", "name", "chats"}`` of every registered project, by id."""
        docs = await self._collection.documents()
        counts: dict[str, int] = {}
        for d in docs:
            if d["kind"] == "chat":
                counts[d["projectId"]] = counts.get(d["projectId"], 0) + 1
        projects = [
            {"projectId": d["projectId"], "name": d["name"], "chats": counts.get(d["projectId"], 0)}
            for d in docs
            if d["kind"] == "project"
        ]
        return sorted(projects, key=lambda p: p["projectId"])

    async def remove_project(self, project_id: str) -> bool:
        """Forget the project and take its chats out of it; False when it was unknown."""
        project_id = check_project_id(project_id)
        store = await self._collection.open()
        removed = False
        for d in await self._collection.documents():
            if d["projectId"] == project_id:
                removed = store.remove(d["id"]) or removed
        return removed
