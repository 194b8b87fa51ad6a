"""The project-context store: requirements, decisions, errors, fixes ... of each project.

One instance per page (:meth:`ProjectContextVectorStore.get_instance`); one separate
database per project, saved under ``vector_store_project_{projectId}`` and opened on
first use, so a project's entries can never appear in another project's results.

Search is hybrid, BM25 and the cosine of the entries' embeddings (see
:mod:`amplify_memory.memory._semantic`); ``semantic=False`` gives BM25 alone.

>>> store = ProjectContextVectorStore(storage=MemoryStorage())         # doctest: +SKIP
>>> await store.add("shop", "Must support OAuth with Google", "requirement")  # doctest: +SKIP
>>> await store.format_context_for_prompt("shop", "login oauth")        # doctest: +SKIP
'- [requirement] Must support OAuth with Google'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Final

from amplify_memory.embeddings._provider import EmbeddingProvider
from amplify_memory.errors import (
    ArgumentTypeError,
    DocumentNotFoundError,
    InvalidArgumentError,
    describe,
)
from amplify_memory.memory._common import (
    Clock,
    PageSingleton,
    PersistedCollection,
    StorageParts,
    as_parts,
    check_query,
    check_text,
    new_id,
    refuse_unsafe,
    utc_now,
)
from amplify_memory.memory._semantic import (
    DEFAULT_MIN_SIMILARITY,
    EMBEDDING_FIELDS,
    SemanticIndex,
    embedding_schema,
    public,
)
from amplify_memory.memory.kinds import PROJECT_TYPE_PRIORITY, PROJECT_TYPES
from amplify_memory.memory.prompt import PROJECT_HEADING, check_max_tokens, format_context_lines
from amplify_memory.search._results import Hit
from amplify_memory.storage import AsyncStorage

Entries = list[dict[str, Any]]  # (a class method below is called `list`)
Hits = list[Hit]

__all__ = [
    "PROJECT_ID_RULE",
    "PROJECT_STORE_PREFIX",
    "ProjectContextVectorStore",
    "check_project_id",
    "project_store_name",
]

#: Each project's snapshot is saved under this prefix plus the project id.
PROJECT_STORE_PREFIX: Final = "vector_store_project_"
PROJECT_ID_RULE: Final = (
    "a project id is 1 to 100 characters from A-Z, a-z, 0-9, '_' and '-', "
    "starting with a letter or a digit"
)
_PROJECT_ID_RE: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,99}\Z")
_MAX_LIST_ITEMS: Final = 100

SCHEMA: Final[dict[str, Any]] = {
    "id": "string",
    "projectId": "enum",
    "content": "string",
    "type": "enum",
    "createdAt": "enum",
    "updatedAt": "enum",
    "sourceChatId": "enum",
    "planPointId": "enum",
    "files": "enum[]",
    "tags": "enum[]",
    **embedding_schema(),
}


def check_project_id(project_id: object) -> str:
    """``project_id`` when it follows :data:`PROJECT_ID_RULE`; ValueError otherwise."""
    if not isinstance(project_id, str) or not _PROJECT_ID_RE.match(project_id):
        raise InvalidArgumentError(f"invalid project id {describe(project_id)}: {PROJECT_ID_RULE}")
    return project_id


def project_store_name(project_id: str) -> str:
    """``vector_store_project_{projectId}``, the project's key in storage."""
    return PROJECT_STORE_PREFIX + check_project_id(project_id)


def _check_type(kind: object) -> str:
    if kind not in PROJECT_TYPES:
        raise InvalidArgumentError(
            f"unknown project-context type {describe(kind)}; expected one of {list(PROJECT_TYPES)}"
        )
    assert isinstance(kind, str)
    return kind


def _check_types(kinds: Sequence[str] | None) -> list[str] | None:
    if kinds is None:
        return None
    if isinstance(kinds, str):
        kinds = [kinds]
    if not isinstance(kinds, list | tuple):
        raise ArgumentTypeError(f"types must be a list of project types, got {describe(kinds)}")
    return [_check_type(k) for k in kinds]


def _check_tags(values: object) -> list[str]:
    """Tags lowercased, without repeats."""
    return list(dict.fromkeys(t.lower() for t in _check_strings(values, "tags")))


def _check_strings(values: object, what: str) -> list[str]:
    if values is None:
        return []
    if isinstance(values, str) or not isinstance(values, list | tuple):
        raise ArgumentTypeError(f"{what} must be a list of strings, got {describe(values)}")
    if len(values) > _MAX_LIST_ITEMS:
        raise InvalidArgumentError(
            f"{what} has {len(values)} items; at most {_MAX_LIST_ITEMS} allowed"
        )
    out: list[str] = []
    for value in values:
        text = check_text(value, f"each of {what}", max_length=500)
        if text not in out:
            out.append(text)
    return out


class ProjectContextVectorStore(PageSingleton):
    """Per-project knowledge: one database per project, each persisted on its own,
    searched with BM25 and embeddings.

    ``embeddings``, ``semantic``, ``hybrid_weights``, ``min_similarity``: as for
    :class:`~amplify_memory.memory.UserProfileVectorStore`.
    """

    def __init__(
        self,
        *,
        storage: StorageParts | AsyncStorage | None = None,
        clock: Clock = utc_now,
        semantic: bool = True,
        embeddings: EmbeddingProvider | None = None,
        hybrid_weights: Mapping[str, float] | None = None,
        min_similarity: float = DEFAULT_MIN_SIMILARITY,
    ) -> None:
        self._parts = as_parts(storage)
        self._clock = clock
        self._projects: dict[str, PersistedCollection] = {}
        self._semantic = SemanticIndex(
            semantic=semantic,
            embeddings=embeddings,
            hybrid_weights=hybrid_weights,
            min_similarity=min_similarity,
        )

    def _project(self, project_id: str) -> PersistedCollection:
        name = project_store_name(project_id)
        if project_id not in self._projects:
            self._projects[project_id] = PersistedCollection(
                name, SCHEMA, self._parts, added=EMBEDDING_FIELDS
            )
        return self._projects[project_id]

    async def initialize(self, project_id: str | None = None) -> None:
        """Open one project's database now (otherwise it opens on first use)."""
        if project_id is not None:
            await self._project(project_id).open()

    async def count(self, project_id: str) -> int:
        """How many entries the project's store holds (opening it)."""
        return len(await self._project(project_id).database())

    def load_error(self, project_id: str) -> Exception | None:
        """Why the project's saved snapshot could not be read, if it could not."""
        collection = self._projects.get(check_project_id(project_id))
        return None if collection is None else collection.load_error

    @property
    def semantic_status(self) -> dict[str, Any]:
        """How searches run (see :attr:`UserProfileVectorStore.semantic_status`)."""
        return self._semantic.status

    async def flush(self) -> None:
        for collection in self._projects.values():
            await collection.flush()

    async def close(self) -> None:
        for collection in self._projects.values():
            await collection.close()
        self._projects.clear()

    # -- projects

    async def list_projects(self) -> list[str]:
        """Ids of the projects with saved context or with entries in this page."""
        storage, _ = self._parts.resolve()
        projects = {
            key[len(PROJECT_STORE_PREFIX) :]
            for key in await storage.list_names()
            if key.startswith(PROJECT_STORE_PREFIX) and "." not in key
        }
        for project_id, collection in self._projects.items():
            if collection.is_open and len(await collection.database()) > 0:
                projects.add(project_id)
        return sorted(projects)

    async def delete_project(self, project_id: str) -> None:
        """Delete a project's entries and its saved record."""
        collection = self._project(project_id)
        await collection.destroy()
        self._semantic.forget(collection)
        del self._projects[project_id]

    # -- writing

    def atomic(self, project_id: str) -> AbstractAsyncContextManager[None]:
        """``async with store.atomic(project_id):`` all of the block's changes to that
        project, or none of them."""
        collection = self._project(project_id)
        return collection.atomic(on_undo=lambda: self._semantic.forget(collection))

    async def add(
        self,
        project_id: str,
        content: str,
        type: str,
        *,
        files: Sequence[str] | None = None,
        tags: Sequence[str] | None = None,
        source_chat_id: str = "",
        plan_point_id: str = "",
    ) -> dict[str, Any]:
        """Store one entry; returns it. The same text (whitespace and case aside) of the
        same type is one entry: adding it again refreshes ``updatedAt`` and adds the new
        files and tags to the stored entry, which is returned."""
        collection = self._project(project_id)
        now = self._clock()
        text = check_text(content, "content")
        refuse_unsafe(text, "content")
        entry: dict[str, Any] = {
            "id": new_id(),
            "projectId": project_id,
            "content": text,
            "type": _check_type(type),
            "createdAt": now,
            "updatedAt": now,
            "sourceChatId": check_text(source_chat_id, "sourceChatId", max_length=200, blank=True),
            "planPointId": check_text(plan_point_id, "planPointId", max_length=200, blank=True),
            "files": _check_strings(files, "files"),
            "tags": _check_tags(tags),
        }
        same = await self._same_entry(collection, text, entry["type"])
        if same is not None:
            changes = {
                "updatedAt": now,
                # (the newest kept within the limit, so that an export imports again)
                "files": list(dict.fromkeys([*same.get("files", []), *entry["files"]]))[
                    -_MAX_LIST_ITEMS:
                ],
                "tags": list(dict.fromkeys([*same.get("tags", []), *entry["tags"]]))[
                    -_MAX_LIST_ITEMS:
                ],
            }
            await collection.patch(same["id"], changes)
            return public({**same, **changes})
        await self._semantic.insert(collection, entry)
        return entry

    @staticmethod
    async def _same_entry(
        collection: PersistedCollection, text: str, kind: str
    ) -> dict[str, Any] | None:
        """The stored entry of type ``kind`` whose text is ``text`` (whitespace and case
        aside), if there is one."""
        db = await collection.database()
        for entry_id in db.find_text("content", text):  # (reads the rarest word's entries)
            entry = db.get(entry_id)
            if entry is not None and entry.get("type") == kind:
                return entry
        return None

    async def update(self, project_id: str, entry_id: str, **changes: Any) -> dict[str, Any]:
        """Change an entry's content, type, files or tags; returns the updated entry."""
        collection = self._project(project_id)
        current = (await collection.database()).get(entry_id)
        if current is None:
            raise DocumentNotFoundError(entry_id, f"in project {describe(project_id)}")
        entry = dict(current)
        allowed = {"content", "type", "files", "tags", "sourceChatId", "planPointId"}
        unknown = set(changes) - allowed
        if unknown:
            raise InvalidArgumentError(
                f"cannot change {sorted(unknown)}; changeable: {sorted(allowed)}"
            )
        if "content" in changes:
            entry["content"] = check_text(changes["content"], "content")
            refuse_unsafe(entry["content"], "content")
            if entry["content"] != current["content"]:
                for field in EMBEDDING_FIELDS:
                    entry.pop(field, None)
                entry.update(await self._semantic.embed_fields(str(entry["content"])))
        if "type" in changes:
            entry["type"] = _check_type(changes["type"])
        if "files" in changes:
            entry["files"] = _check_strings(changes["files"], "files")
        if "tags" in changes:
            entry["tags"] = _check_tags(changes["tags"])
        for name in ("sourceChatId", "planPointId"):
            if name in changes:
                entry[name] = check_text(changes[name], name, max_length=200, blank=True)
        entry["updatedAt"] = self._clock()
        await collection.update(entry)
        return public(entry)

    async def remove(self, project_id: str, entry_id: str) -> bool:
        return await self._semantic.remove(self._project(project_id), entry_id)

    async def clear(self, project_id: str) -> None:
        await self._project(project_id).clear()

    # -- reading

    async def get(self, project_id: str, entry_id: str) -> dict[str, Any] | None:
        doc = (await self._project(project_id).database()).get(entry_id)
        return None if doc is None else public(doc)

    async def list(
        self,
        project_id: str,
        *,
        types: Sequence[str] | None = None,
        files: Sequence[str] | None = None,
        tags: Sequence[str] | None = None,
    ) -> Entries:
        """Every entry of the project (matching the filters), newest first."""
        wanted = _check_types(types)
        want_files = _check_strings(files, "files")
        want_tags = _check_tags(tags)
        docs = [public(d) for d in await self._project(project_id).documents()]
        docs = [
            d
            for d in docs
            if (wanted is None or d["type"] in wanted)
            and (not want_files or set(want_files) & set(d["files"]))
            and (not want_tags or set(want_tags) & set(d["tags"]))
        ]
        docs.sort(key=lambda d: d["updatedAt"], reverse=True)
        return docs

    async def search(
        self,
        project_id: str,
        query: str,
        *,
        limit: int = 10,
        types: Sequence[str] | None = None,
        files: Sequence[str] | None = None,
        tags: Sequence[str] | None = None,
    ) -> Entries:
        """Entries of one project matching ``query`` (hybrid: BM25 on the content and the
        embeddings' cosine; BM25 alone when semantic search is off or unavailable), best
        first, each with a ``score``; ``types``/``files``/``tags`` keep entries having
        any of them."""
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
            raise InvalidArgumentError(f"limit must be a positive integer, got {describe(limit)}")
        clauses: list[dict[str, Any]] = []
        wanted = _check_types(types)
        if wanted is not None:
            clauses.append({"type": {"in": wanted}})
        if files:
            clauses.append({"files": {"containsAny": _check_strings(files, "files")}})
        if tags:
            clauses.append({"tags": {"containsAny": _check_tags(tags)}})
        where = None if not clauses else clauses[0] if len(clauses) == 1 else {"and": clauses}
        hits = await self._hits(project_id, check_query(query), where=where, limit=limit)
        return [{**public(h.document), "score": h.score} for h in hits]

    async def _hits(
        self,
        project_id: str,
        query: str,
        *,
        where: dict[str, Any] | None,
        limit: int,
        select: tuple[str, ...] | None = None,
    ) -> Hits:
        collection = self._project(project_id)
        await self._semantic.ensure_embedded(collection)
        db = await collection.database()
        return await self._semantic.search(db, query, where=where, limit=limit, select=select)

    async def format_context_for_prompt(
        self, project_id: str, query: str, max_tokens: int = 1000
    ) -> str:
        """``- [type] content`` lines of the relevant entries, by type priority
        (requirement first, file_context last) and then relevance, within ``max_tokens``."""
        query = check_query(query)
        limit = max(1, min(200, check_max_tokens(max_tokens) // 4 + 1))
        hits = await self._hits(
            project_id, query, where=None, limit=limit, select=("type", "content")
        )
        # by type priority, then by relevance (the search's order)
        docs = sorted((h.document for h in hits), key=lambda d: PROJECT_TYPE_PRIORITY[d["type"]])
        block = format_context_lines(
            ((d["id"], d["type"], d["content"]) for d in docs), max_tokens, heading=PROJECT_HEADING
        )
        return block.text
