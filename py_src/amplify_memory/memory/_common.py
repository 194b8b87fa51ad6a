"""What the two memory stores share: a lazily opened persisted database (which also reads
snapshots saved before properties were added to its schema), input checks, ids and
timestamps, and the contradiction-aware ordering of results."""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator, Callable, Collection, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Self

from amplify_memory import platform
from amplify_memory.errors import (
    AmplifyMemoryError,
    ArgumentTypeError,
    InputTooLargeError,
    InstructionContentError,
    InvalidArgumentError,
    SecretContentError,
    describe,
)
from amplify_memory.limits import MAX_QUERY_LENGTH
from amplify_memory.memory.secrets import secret_kinds
from amplify_memory.search import Database, absent_vectors, document_count
from amplify_memory.storage import AsyncStorage, Coordinator, PersistedStore

__all__ = [
    "Clock",
    "MigratingDatabase",
    "PageSingleton",
    "PersistedCollection",
    "StorageParts",
    "as_parts",
    "check_confidence",
    "check_query",
    "check_text",
    "new_id",
    "order_newer_first_on_contradiction",
    "refuse_unsafe",
    "utc_now",
]

Clock = Callable[[], str]
MAX_CONTENT_LENGTH = 8000


def utc_now() -> str:
    """The current time as ISO 8601 in UTC with milliseconds: ``2026-11-29T13:05:20.123Z``."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def new_id() -> str:
    """A random 16-character id (64 bits, from ``os.urandom`` as ``secrets.token_hex``,
    whose module and its ``hmac`` import are left out of the page's start)."""
    return os.urandom(8).hex()


def check_text(
    value: object, what: str, *, max_length: int = MAX_CONTENT_LENGTH, blank: bool = False
) -> str:
    """``value`` stripped, when it is a non-blank string of at most ``max_length``
    (``blank``: an empty or blank string is allowed too)."""
    if not isinstance(value, str):
        raise ArgumentTypeError(
            f"{what} must be a string, got {type(value).__name__} {describe(value)}"
        )
    text = value.strip()
    if not text and not blank:
        raise InvalidArgumentError(f"{what} must not be empty or blank, got {describe(value)}")
    if len(text) > max_length:
        raise InvalidArgumentError(
            f"{what} is {len(text)} characters long; at most {max_length} allowed"
        )
    return text


def check_query(value: object, what: str = "query") -> str:
    """A search query or prompt query: a string of at most
    :data:`~amplify_memory.limits.MAX_QUERY_LENGTH` characters (may be empty)."""
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{what} must be a string, got {type(value).__name__}")
    if len(value) > MAX_QUERY_LENGTH:
        raise InputTooLargeError(
            f"{what} is {len(value)} characters long; at most {MAX_QUERY_LENGTH} allowed "
            "(send the last part of a long message)",
            limit="MAX_QUERY_LENGTH",
        )
    return value


def refuse_unsafe(text: str, what: str) -> None:
    """Raise when ``text`` must never be a memory: :class:`SecretContentError` when it
    carries a credential (:mod:`amplify_memory.memory.secrets`),
    :class:`InstructionContentError` when it reads as an instruction overriding the
    system's (:mod:`amplify_memory.memory.instructions`)."""
    kinds = secret_kinds(text)
    if kinds:
        raise SecretContentError(what, kinds)
    from amplify_memory.memory.instructions import instruction_signal

    signal = instruction_signal(text)
    if signal:
        raise InstructionContentError(what, signal)


def check_confidence(value: object) -> float:
    """``value`` as a float when it is a number in [0, 1]."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise InvalidArgumentError(
            f"confidence must be a number from 0 to 1, got {describe(value)}"
        )
    return float(value)


def order_newer_first_on_contradiction(hits: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Reorder ranked hits so that of two contradicting entries the newer comes first.

    Each hit keeps its place otherwise; a newer hit that contradicts an older one ranked
    above it moves to just before that one.
    """
    from amplify_memory.memory.similarity import contradicts

    ordered: list[dict[str, Any]] = []
    for hit in hits:
        position = len(ordered)
        for i, earlier in enumerate(ordered):
            newer = (hit["updatedAt"], hit.get("seq") or 0) > (
                earlier["updatedAt"],
                earlier.get("seq") or 0,
            )  # the write order breaks a tie within one millisecond
            if newer and contradicts(hit["content"], earlier["content"]):
                position = i
                break
        ordered.insert(position, hit)
    return ordered


@dataclass
class StorageParts:
    """Where a store keeps its snapshots and how it coordinates with other tabs.

    ``None`` for either picks the default of the platform: IndexedDB with Web Locks and
    BroadcastChannel in the browser (Pyodide), memory in one process on CPython.
    """

    storage: AsyncStorage | None = None
    coordinator: Coordinator | None = None
    delay: float = 0.05
    on_error: Callable[[AmplifyMemoryError], None] | None = None
    errors: list[AmplifyMemoryError] = field(default_factory=list)

    def resolve(self) -> tuple[AsyncStorage, Coordinator | None]:
        if self.storage is None:
            parts = platform.current()
            self.storage = parts.storage()
            self.coordinator = self.coordinator or parts.coordinator()
        return self.storage, self.coordinator


def as_parts(storage: StorageParts | AsyncStorage | None) -> StorageParts:
    """``storage`` as :class:`StorageParts` (a bare storage gets the default coordinator)."""
    if isinstance(storage, StorageParts):
        return storage
    if storage is None or isinstance(storage, AsyncStorage):
        return StorageParts(storage=storage)
    raise ArgumentTypeError(
        f"storage must be an AsyncStorage, StorageParts or None, got {type(storage).__name__}"
    )


class MigratingDatabase(Database):
    """A :class:`Database` that also loads snapshots of an older schema: one that lacks
    some of the ``added`` properties and is otherwise the same. Their documents are
    kept as they are (without those properties) and :attr:`migrated_from` records the
    old schema; the next write saves the snapshot with the new schema."""

    def __init__(self, schema: dict[str, Any], added: Collection[str]) -> None:
        super().__init__(schema)
        self.added = frozenset(added)
        self.migrated_from: dict[str, Any] | None = None

    def load(self, raw: Mapping[str, Any]) -> None:
        old = raw.get("schema") if isinstance(raw, Mapping) else None
        new = self.schema
        if (
            isinstance(old, dict)
            and old != new
            and set(old) < set(new)
            and set(new) - set(old) <= self.added
            and all(new[k] == v for k, v in old.items())
        ):
            migrated = {**raw, "schema": new}
            vectors, count = raw.get("vectors"), document_count(raw)
            if isinstance(vectors, dict) and count is not None:  # (version 2 and later)
                absent = absent_vectors(count)
                added = [k for k, v in new.items() if k not in old and str(v).startswith("vector")]
                migrated["vectors"] = {**vectors, **dict.fromkeys(added, absent)}
            super().load(migrated)
            self.migrated_from = old
            return
        super().load(raw)


class PageSingleton:
    """``get_instance()`` / ``reset_instance()``: one store of each class per page."""

    @classmethod
    def get_instance(cls, *, storage: StorageParts | AsyncStorage | None = None) -> Self:
        """The page's one instance (created on first call; ``storage`` only counts then)."""
        instance = cls.__dict__.get("_instance")
        if instance is None:
            instance = cls(storage=storage)  # type: ignore[call-arg]
            cls._instance = instance  # type: ignore[attr-defined]
        return instance

    @classmethod
    def reset_instance(cls) -> None:
        """Forget the page's instance (tests; a user switching accounts)."""
        cls._instance = None  # type: ignore[attr-defined]


class PersistedCollection:
    """A :class:`PersistedStore` of one schema, opened on first use.

    ``added``: properties added to the schema since snapshots were first saved; a
    snapshot without them loads (see :class:`MigratingDatabase`)."""

    def __init__(
        self,
        name: str,
        schema: dict[str, Any],
        parts: StorageParts | AsyncStorage | None,
        *,
        added: Collection[str] = (),
    ) -> None:
        self.name = name
        self.schema = schema
        self.added = frozenset(added)
        self.parts = as_parts(parts)
        self._store: PersistedStore[Database] | None = None

    def _create(self) -> Database:
        if self.added:
            return MigratingDatabase(self.schema, self.added)
        return Database(self.schema)

    @property
    def is_open(self) -> bool:
        return self._store is not None

    @property
    def merges(self) -> int:
        """How often other writers' changes came in since opening (-1: not open)."""
        return -1 if self._store is None else self._store.merges

    @property
    def load_error(self) -> Exception | None:
        if self._store is None or not self._store.quarantined:
            return None
        return self._store.quarantined[-1]

    @property
    def last_write_error(self) -> Exception | None:
        return None if self._store is None else self._store.last_error

    def _report(self, error: AmplifyMemoryError) -> None:
        self.parts.errors.append(error)
        if self.parts.on_error is not None:
            self.parts.on_error(error)

    async def open(self) -> PersistedStore[Database]:
        if self._store is None:
            storage, coordinator = self.parts.resolve()
            self._store = await PersistedStore.open(
                self.name,
                storage,
                self._create,
                coordinator=coordinator,
                delay=self.parts.delay,
                on_error=self._report,
            )
        return self._store

    @contextlib.asynccontextmanager
    async def atomic(self, on_undo: Callable[[], None] | None = None) -> AsyncIterator[None]:
        """All of the block's changes to this collection, or none
        (:meth:`PersistedStore.atomic`); ``on_undo`` runs after an undo (caches to drop).
        A block that leaves a backlog of unwritten changes writes them before it returns
        (:meth:`PersistedStore.relieve`, not inside another block): the next block cannot
        pile more on top."""
        store = await self.open()
        try:
            with store.atomic():
                yield
        except BaseException:
            if on_undo is not None:
                on_undo()
            raise
        await store.relieve()

    async def database(self) -> Database:
        """The current database (re-read each time: another tab's write may replace it)."""
        return (await self.open()).db

    async def documents(self) -> list[dict[str, Any]]:
        db = await self.database()
        if len(db) == 0:
            return []
        return [dict(h.document) for h in db.search(term="", limit=len(db)).hits]

    async def insert(self, doc: dict[str, Any]) -> None:
        (await self.open()).insert(doc)

    async def update(self, doc: dict[str, Any]) -> None:
        (await self.open()).update(doc["id"], doc)

    async def patch(self, doc_id: str, changes: dict[str, Any]) -> None:
        """Set some properties of an entry; the journal records only ``changes``."""
        (await self.open()).patch(doc_id, changes)

    async def patch_many(self, patches: list[tuple[str, dict[str, Any]]]) -> None:
        """:meth:`patch` of several entries, ``(id, changes)`` each."""
        store = await self.open()
        for doc_id, changes in patches:
            store.patch(doc_id, changes)

    async def remove(self, doc_id: str) -> bool:
        if not isinstance(doc_id, str):
            raise ArgumentTypeError(
                f"an entry id is a string, got {type(doc_id).__name__} {describe(doc_id)}"
            )
        return (await self.open()).remove(doc_id)

    async def clear(self) -> None:
        store = await self.open()
        for doc in await self.documents():
            store.remove(doc["id"])

    async def flush(self) -> None:
        if self._store is not None:
            await self._store.flush()

    async def close(self) -> None:
        if self._store is not None:
            await self._store.close()
            self._store = None

    async def destroy(self) -> None:
        """Close and delete the record (and its internal records) from storage."""
        storage, _ = self.parts.resolve()
        await self.close()
        for key in await storage.list_names():
            if key == self.name or key.startswith(self.name + "."):
                await storage.delete(key)
