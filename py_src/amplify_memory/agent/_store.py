"""The memory store: a conversation's messages over a vector-store adapter.

Per namespace (collection, user, conversation) it keeps, in an
:class:`~amplify_memory.storage.AsyncStorage` (IndexedDB in the browser, a folder of
files or memory on CPython), two small records:

- ``<namespace>-sequence``: the message ids in conversation order, with their roles
  (``{"format": "amplify-message-sequence", "version": 1, "entries": [[id, role], ...]}``);
- ``<namespace>-embedq``: the messages still waiting for their vectors because the
  embedding provider was unavailable (``{"format": "amplify-embedding-queue",
  "version": 1, "messages": [...]}``). They are part of the history at once and
  become searchable when the queue is drained: automatically on the next write or
  search once ``retry_interval`` seconds have passed since the last failure, or by
  :meth:`VectorMemoryStore.drain_embedding_queue`.

The messages themselves (content and metadata) live in the vector store. When more
than ``max_messages`` are stored, the oldest are evicted first, except messages whose
role is protected (``system`` by default).
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from amplify_memory.agent._adapter import VectorStoreAdapter
from amplify_memory.agent._checks import check_filter, check_limit, matches
from amplify_memory.agent._embeddings import EmbeddingProvider, default_embedding_provider
from amplify_memory.agent._names import local_store_name
from amplify_memory.agent._types import Message, MetadataFilter, VectorRecord
from amplify_memory.errors import (
    ArgumentTypeError,
    ConfigurationError,
    DocumentNotFoundError,
    DuplicateDocumentError,
    EmbeddingModelMismatchError,
    EmbeddingUnavailableError,
    SnapshotError,
    describe,
)
from amplify_memory.storage import AsyncStorage

__all__ = ["VectorMemoryStore"]

SEQUENCE_FORMAT: Final = "amplify-message-sequence"
QUEUE_FORMAT: Final = "amplify-embedding-queue"
FORMAT_VERSION: Final = 1
_FETCH_CHUNK: Final = 500


class VectorMemoryStore:
    """A conversation memory: append, update, history, similarity and metadata search.

    Open it with :meth:`open`::

        store = await VectorMemoryStore.open(
            vector_store=adapter, embeddings=provider, storage=storage,
            user_id="user-123", conversation_id="conv-456",
        )
        await store.append_message(Message("m1", "user", "Hello"))

    ``embeddings.spec`` must equal ``vector_store.embedding`` (else
    :class:`~amplify_memory.errors.EmbeddingModelMismatchError`). :meth:`open` without
    ``embeddings`` uses :func:`~amplify_memory.agent.default_embedding_provider` (the
    static table, loaded on first need). ``clock`` (seconds,
    monotonic) times the retries of the embedding queue.
    """

    def __init__(
        self,
        *,
        vector_store: VectorStoreAdapter,
        embeddings: EmbeddingProvider,
        storage: AsyncStorage,
        sequence_name: str,
        queue_name: str,
        max_messages: int = 1000,
        protected_roles: Iterable[str] = ("system",),
        retry_interval: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if embeddings.spec != vector_store.embedding:
            raise EmbeddingModelMismatchError(
                vector_store.name, vector_store.embedding.as_tuple(), embeddings.spec.as_tuple()
            )
        if isinstance(max_messages, bool) or not isinstance(max_messages, int) or max_messages < 1:
            raise ConfigurationError(
                f"max_messages expected an int >= 1, got {describe(max_messages)}"
            )
        if not isinstance(retry_interval, int | float) or retry_interval < 0:
            raise ConfigurationError(
                f"retry_interval expected seconds >= 0, got {describe(retry_interval)}"
            )
        self.vector_store = vector_store
        self.embeddings = embeddings
        self.storage = storage
        self.sequence_name = sequence_name
        self.queue_name = queue_name
        self.max_messages = max_messages
        self.protected_roles = frozenset(protected_roles)
        self.retry_interval = float(retry_interval)
        self._clock = clock
        self._entries: list[tuple[str, str]] = []
        self._ids: set[str] = set()
        self._pending: dict[str, Message] = {}
        self._last_failure: float | None = None
        self._lock = asyncio.Lock()

    @classmethod
    async def open(
        cls,
        *,
        vector_store: VectorStoreAdapter,
        embeddings: EmbeddingProvider | None = None,
        storage: AsyncStorage,
        collection: str = "agent-memory",
        user_id: str | None = None,
        conversation_id: str | None = None,
        max_messages: int = 1000,
        protected_roles: Iterable[str] = ("system",),
        retry_interval: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> VectorMemoryStore:
        """Open the namespace's store and load its persisted order and queue.

        ``embeddings=None``: the default provider (raises
        :class:`~amplify_memory.embeddings.EmbeddingTableUnavailableError` when there is
        no table)."""
        if embeddings is None:
            embeddings = await default_embedding_provider()
        namespace = (collection, user_id, conversation_id)
        store = cls(
            vector_store=vector_store, embeddings=embeddings, storage=storage,
            sequence_name=local_store_name(*namespace, suffix="-sequence"),
            queue_name=local_store_name(*namespace, suffix="-embedq"),
            max_messages=max_messages, protected_roles=protected_roles,
            retry_interval=retry_interval, clock=clock,
        )  # fmt: skip
        await store._load()
        return store

    # -- persistence

    async def _load(self) -> None:
        raw = await self.storage.load(self.sequence_name)
        if raw is not None:
            data = _decode(raw, SEQUENCE_FORMAT, self.sequence_name)
            entries = data.get("entries")
            if not isinstance(entries, list) or not all(
                isinstance(e, list) and len(e) == 2 and all(isinstance(x, str) for x in e)
                for e in entries
            ):
                raise SnapshotError(f"{describe(self.sequence_name)} has malformed entries")
            self._entries = [(e[0], e[1]) for e in entries]
            self._ids = {e[0] for e in self._entries}
        raw = await self.storage.load(self.queue_name)
        if raw is not None:
            data = _decode(raw, QUEUE_FORMAT, self.queue_name)
            messages = data.get("messages")
            if not isinstance(messages, list):
                raise SnapshotError(f"{describe(self.queue_name)} has no message list")
            self._pending = {m["id"]: Message.from_dict(m) for m in messages}

    async def _save_sequence(self) -> None:
        body = {"format": SEQUENCE_FORMAT, "version": FORMAT_VERSION, "entries": self._entries}
        await self.storage.save(self.sequence_name, json.dumps(body, separators=(",", ":")))

    async def _save_queue(self) -> None:
        if not self._pending:
            await self.storage.delete(self.queue_name)
            return
        body = {
            "format": QUEUE_FORMAT,
            "version": FORMAT_VERSION,
            "messages": [m.to_dict() for m in self._pending.values()],
        }
        await self.storage.save(self.queue_name, json.dumps(body, separators=(",", ":")))

    # -- embedding and its queue

    @property
    def pending_embeddings(self) -> list[str]:
        """Ids of the messages waiting for their vectors, oldest first."""
        return list(self._pending)

    def _retry_due(self) -> bool:
        return (
            self._last_failure is None or self._clock() - self._last_failure >= self.retry_interval
        )

    async def _store_vectors(self, messages: Sequence[Message]) -> bool:
        """Embed and store ``messages``; False (and nothing stored) when unavailable."""
        if not messages:
            return True
        if not self._retry_due():
            return False
        try:
            vectors = await self.embeddings.embed([m.text for m in messages])
        except EmbeddingUnavailableError:
            self._last_failure = self._clock()
            return False
        self._last_failure = None
        await self.vector_store.add_vectors(
            [
                VectorRecord(m.id, v, m.to_metadata(), m.text)
                for m, v in zip(messages, vectors, strict=True)
            ]
        )
        return True

    async def _drain(self) -> int:
        if not self._pending or not self._retry_due():
            return 0
        waiting = list(self._pending.values())
        if not await self._store_vectors(waiting):
            return 0
        for m in waiting:
            self._pending.pop(m.id, None)
        await self._save_queue()
        return len(waiting)

    async def drain_embedding_queue(self) -> int:
        """Embed the queued messages now (ignoring ``retry_interval``); how many were.

        Raises nothing when the provider is still unavailable: the messages stay queued
        and 0 is returned.
        """
        async with self._lock:
            self._last_failure = None
            return await self._drain()

    # -- writing

    async def append_message(self, message: Message) -> None:
        """Store ``message`` at the end of the conversation (its id must be new)."""
        await self.append_messages([message])

    async def append_messages(self, messages: Sequence[Message]) -> None:
        """Store several messages in order, embedding them in one batch."""
        batch = list(messages)
        seen: set[str] = set()
        for m in batch:
            if not isinstance(m, Message):
                raise ArgumentTypeError(f"expected a Message, got {type(m).__name__}")
            if m.id in self._ids or m.id in seen:
                raise DuplicateDocumentError(m.id)
            seen.add(m.id)
        if not batch:
            return
        async with self._lock:
            await self._drain()
            if not await self._store_vectors(batch):
                self._pending.update((m.id, m) for m in batch)
                await self._save_queue()
            self._entries.extend((m.id, m.role) for m in batch)
            self._ids.update(seen)
            await self._evict()
            await self._save_sequence()

    async def update_message(self, message: Message) -> None:
        """Replace the stored message with the same id (content, role, metadata)."""
        async with self._lock:
            if message.id not in self._ids:
                raise DocumentNotFoundError(message.id)
            if message.id in self._pending:
                self._pending[message.id] = message
                await self._save_queue()
            else:
                await self._drain()
                if not await self._store_vectors([message]):
                    await self.vector_store.delete_vector(message.id)
                    self._pending[message.id] = message
                    await self._save_queue()
            index = next(i for i, e in enumerate(self._entries) if e[0] == message.id)
            if self._entries[index][1] != message.role:
                self._entries[index] = (message.id, message.role)
                await self._save_sequence()

    async def _evict(self) -> None:
        excess = len(self._entries) - self.max_messages
        if excess <= 0:
            return
        evicted: list[str] = []
        kept: list[tuple[str, str]] = []
        for entry in self._entries:
            if len(evicted) < excess and entry[1] not in self.protected_roles:
                evicted.append(entry[0])
            else:
                kept.append(entry)
        if not evicted:
            return
        self._entries = kept
        self._ids.difference_update(evicted)
        queued = [i for i in evicted if self._pending.pop(i, None) is not None]
        await self.vector_store.delete_vectors([i for i in evicted if i not in queued])
        if queued:
            await self._save_queue()

    # -- reading

    async def _fetch(self, ids: Sequence[str]) -> list[Message]:
        stored = [i for i in ids if i not in self._pending]
        found: dict[str, Message] = {}
        for start in range(0, len(stored), _FETCH_CHUNK):
            for r in await self.vector_store.get_by_id(stored[start : start + _FETCH_CHUNK]):
                found[r.id] = Message.from_record(r.id, r.content, r.metadata)
        return [
            found[i] if i in found else self._pending[i]
            for i in ids
            if i in found or i in self._pending
        ]

    def __len__(self) -> int:
        return len(self._entries)

    async def get_full_history(self) -> list[Message]:
        """Every stored message, in conversation order."""
        return await self._fetch([e[0] for e in self._entries])

    async def get_recent_messages(
        self, count: int, filter: Callable[[Message], bool] | None = None
    ) -> list[Message]:
        """The last ``count`` messages (those ``filter`` accepts), in conversation order."""
        want = check_limit(count)
        out: list[Message] = []
        end = len(self._entries)
        step = max(2 * want, 20)
        while end > 0 and len(out) < want:
            start = max(0, end - step)
            chunk = await self._fetch([e[0] for e in self._entries[start:end]])
            for m in reversed(chunk):
                if filter is None or filter(m):
                    out.append(m)
                    if len(out) == want:
                        break
            end = start
        return out[::-1]

    async def search_similar_scored(
        self, query: str, limit: int = 5
    ) -> list[tuple[Message, float]]:
        """Messages most similar to ``query`` with their cosine similarity, best first.

        Raises :class:`~amplify_memory.errors.EmbeddingUnavailableError` when the query
        cannot be embedded. Queued messages are not searchable until drained.
        """
        if check_limit(limit) == 0:
            return []
        async with self._lock:
            await self._drain()
        vector = await self.embeddings.embed_one(query)
        hits = await self.vector_store.search(vector, limit)
        return [
            (Message.from_record(h.id, h.content, h.metadata), h.score)
            for h in hits
            if h.id in self._ids
        ]

    async def search_similar(self, query: str, limit: int = 5) -> list[Message]:
        """Messages most similar to ``query``, best first."""
        return [m for m, _ in await self.search_similar_scored(query, limit)]

    async def search_by_metadata(self, metadata: MetadataFilter, limit: int = 10) -> list[Message]:
        """Messages whose metadata (``role``, ``type``, ``createdAt``, extras) equals every
        key of ``metadata``, in conversation order, at most ``limit``."""
        where = check_filter(metadata)
        if check_limit(limit) == 0:
            return []
        hits = await self.vector_store.search_by_metadata(where, limit)
        found = {h.id: Message.from_record(h.id, h.content, h.metadata) for h in hits}
        for m in self._pending.values():
            if matches(m.to_metadata(), where):
                found[m.id] = m
        position = {e[0]: i for i, e in enumerate(self._entries)}
        ordered = sorted((i for i in found if i in position), key=position.__getitem__)
        return [found[i] for i in ordered[:limit]]

    async def load_initial_context(
        self, system_prompt: str | None = None, max_recent_count: int = 20
    ) -> list[Message]:
        """The system message, then the ``max_recent_count`` latest other messages.

        When ``system_prompt`` is given and differs from the latest stored system
        message (or there is none), it is stored as a new system message first (system
        messages are protected from eviction).
        """
        want = check_limit(max_recent_count)
        system_ids = [i for i, role in self._entries if role == "system"]
        latest = await self._fetch(system_ids[-1:])
        system = latest[0] if latest else None
        if system_prompt is not None and (system is None or system.content != system_prompt):
            system = Message(f"system-{uuid.uuid4().hex}", "system", system_prompt)
            await self.append_message(system)
        others = [i for i, role in self._entries if role != "system"]
        recent = await self._fetch(others[len(others) - want :] if want else [])
        return ([system] if system else []) + recent


def _decode(raw: str | bytes, fmt: str, name: str) -> dict[str, Any]:
    try:
        data = json.loads(raw)
    except ValueError as err:
        raise SnapshotError(f"the record {describe(name)} is not valid JSON: {err}") from err
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise SnapshotError(f"the record {describe(name)} is not an {fmt} record")
    if data.get("version") != FORMAT_VERSION:
        raise SnapshotError(
            f"the record {describe(name)} has version {describe(data.get('version'))}; this "
            "version of "
            f"amplify_memory reads version {FORMAT_VERSION}"
        )
    return data
