"""The local adapter: vectors in our own search engine, persisted through the storage layer.

One :class:`~amplify_memory.storage.PersistedStore` per namespace holds a
:class:`~amplify_memory.search.Database` with the schema
``{"id": "string", "content": "string", "vector": "vector[N]"}`` (metadata is stored
with each document, not indexed). In the browser the storage is IndexedDB, so the
memory survives reloads and is shared by the page's tabs; on CPython it is a
:class:`~amplify_memory.storage.FileStorage` or :class:`~amplify_memory.storage.MemoryStorage`.

The namespace's embedding model and dimension are kept in a record of their own,
``<namespace>-vspec``; opening it with another model raises
:class:`~amplify_memory.errors.EmbeddingModelMismatchError`. Besides the adapter
interface it offers BM25 text search (:meth:`LocalVectorAdapter.search_text`) and
hybrid search (:meth:`LocalVectorAdapter.search_hybrid`).
"""

from __future__ import annotations

import json
from array import array
from collections.abc import Mapping, Sequence
from typing import Any, Final

from amplify_memory.agent._adapter import VectorStoreAdapter
from amplify_memory.agent._checks import (
    check_filter,
    check_id,
    check_ids,
    check_limit,
    check_metadata,
    check_vector,
    matches,
)
from amplify_memory.agent._embeddings import default_embedding_provider
from amplify_memory.agent._names import local_store_name
from amplify_memory.agent._types import (
    EmbeddingSpec,
    MetadataFilter,
    VectorGetResult,
    VectorRecord,
    VectorSearchResult,
)
from amplify_memory.errors import (
    ArgumentTypeError,
    EmbeddingModelMismatchError,
    QueryError,
    SnapshotError,
    VectorStoreError,
    describe,
)
from amplify_memory.limits import is_number
from amplify_memory.search import Database
from amplify_memory.storage import AsyncStorage, Coordinator, PersistedStore

__all__ = ["LocalVectorAdapter"]

SPEC_FORMAT: Final = "amplify-vector-collection"
SPEC_VERSION: Final = 1


class LocalVectorAdapter(VectorStoreAdapter):
    """A :class:`VectorStoreAdapter` on our engine: brute-force cosine, BM25, hybrid.

    Open it with :meth:`open`; writes are coalesced and persisted in the background
    (``delay`` seconds after a change): call :meth:`flush` or :meth:`close` to wait
    for them.
    """

    def __init__(self, store: PersistedStore[Database], embedding: EmbeddingSpec) -> None:
        self._store = store
        self.name = store.name
        self.embedding = embedding
        self._zero: set[str] = set()  # ids of stored zero vectors (scored 0, never skipped)
        db = store.db
        for doc_id in db.ids():
            doc = db.get(doc_id)
            if doc is not None and _stored_as_zero(doc.get("vector") or ()):
                self._zero.add(doc_id)

    @classmethod
    async def open(
        cls,
        collection: str,
        embedding: EmbeddingSpec | None = None,
        *,
        storage: AsyncStorage,
        user_id: str | None = None,
        conversation_id: str | None = None,
        coordinator: Coordinator | None = None,
        delay: float = 0.05,
        language: str = "english",
    ) -> LocalVectorAdapter:
        """Open (or create) the namespace ``{collection}[_{user_id}[_{conversation_id}]]``.

        The store name is sanitised to the storage naming rule (see
        :mod:`amplify_memory.agent._names`); ``language`` sets the BM25 analysis.
        ``embedding=None``: the spec of the default provider (the static table, see
        :func:`~amplify_memory.agent.default_embedding_provider`).
        """
        if embedding is None:
            embedding = (await default_embedding_provider()).spec
        namespace = (collection, user_id, conversation_id)
        spec_name = local_store_name(*namespace, suffix="-vspec")
        stored = await storage.load(spec_name)
        if stored is not None:
            recorded = _read_spec(stored, spec_name)
            if recorded != embedding:
                raise EmbeddingModelMismatchError(
                    local_store_name(*namespace, suffix="-vectors"),
                    recorded.as_tuple(),
                    embedding.as_tuple(),
                )
        else:
            body = {
                "format": SPEC_FORMAT,
                "version": SPEC_VERSION,
                "model": embedding.model,
                "dimension": embedding.dimension,
            }
            await storage.save(spec_name, json.dumps(body))
        schema = {"id": "string", "content": "string", "vector": f"vector[{embedding.dimension}]"}
        store = await PersistedStore.open(
            local_store_name(*namespace, suffix="-vectors"),
            storage,
            lambda: Database(schema, language=language),
            coordinator=coordinator,
            delay=delay,
        )
        return cls(store, embedding)

    @property
    def store(self) -> PersistedStore[Database]:
        """The persisted store underneath (its ``db`` is the search database)."""
        return self._store

    # -- writing

    def _doc(self, record: VectorRecord) -> dict[str, Any]:
        if not isinstance(record, VectorRecord):
            raise ArgumentTypeError(f"records expected VectorRecord items, got {describe(record)}")
        if not isinstance(record.content, str):
            raise ArgumentTypeError(
                f"content expected a string, got {type(record.content).__name__}"
            )
        return {
            "id": check_id(record.id),
            "content": record.content,
            "vector": check_vector(record.vector, self.embedding.dimension),
            "metadata": check_metadata(record.metadata),
        }

    async def add_vector(
        self, id: str, vector: Sequence[float], metadata: dict[str, Any], content: str
    ) -> None:
        await self.add_vectors([VectorRecord(id, vector, metadata, content)])  # type: ignore[arg-type]

    async def add_vectors(self, records: Sequence[VectorRecord]) -> None:
        """Add or replace records, all of them or (on an error) none."""
        if not isinstance(records, list | tuple):
            raise ArgumentTypeError(
                f"records expected a list of VectorRecord, got {describe(records)}"
            )
        docs = [self._doc(r) for r in records]
        ids = [d["id"] for d in docs]
        if len(set(ids)) != len(ids):
            raise VectorStoreError("add_vectors got the same id twice in one batch")
        # remove + insert (not update): a replaced record moves to the end, as on Chroma
        with self._store.atomic():
            for doc_id in ids:
                self._store.remove(doc_id)
            self._store.insert_multiple(docs)
        for doc in docs:
            if _stored_as_zero(doc["vector"]):
                self._zero.add(doc["id"])
            else:
                self._zero.discard(doc["id"])

    async def delete_vector(self, id: str) -> None:
        await self.delete_vectors([id])

    async def delete_vectors(self, ids: Sequence[str]) -> None:
        for doc_id in check_ids(ids):
            self._store.remove(doc_id)
            self._zero.discard(doc_id)

    async def flush(self) -> None:
        """Wait until every change is written to the storage."""
        await self._store.flush()

    async def close(self) -> None:
        """Write pending changes and stop following other tabs' changes."""
        await self._store.close()

    # -- reading

    async def count(self) -> int:
        return len(self._store)

    async def get_by_id(self, ids: Sequence[str]) -> list[VectorGetResult]:
        out: list[VectorGetResult] = []
        db = self._store.db
        for doc_id in check_ids(ids):
            doc = db.get(doc_id)
            if doc is not None:
                out.append(VectorGetResult(doc_id, doc.get("metadata") or {}, doc["content"]))
        return out

    async def search(self, vector: Sequence[float], limit: int) -> list[VectorSearchResult]:
        query = check_vector(vector, self.embedding.dimension)
        if check_limit(limit) == 0:
            return []
        db = self._store.db
        zero = [i for i in db.ids() if i in self._zero] if self._zero else []
        if not any(query):  # cosine with the zero vector: 0 for everything, oldest first
            return [_result(i, 0.0, db.get(i)) for i in db.ids()[:limit]]
        hits = db.search(
            mode="vector",
            vector={"value": query, "property": "vector"},
            similarity=-1.0,
            limit=limit + len(zero),
            include_vectors=False,
        ).hits
        scored: list[tuple[float, str, Mapping[str, Any] | None]]
        scored = [(h.score, h.id, h.document) for h in hits]
        scored += [(0.0, i, db.get(i)) for i in zero]
        scored.sort(key=lambda t: t[0], reverse=True)  # stable: engine order breaks ties
        return [_result(i, s, d) for s, i, d in scored[:limit]]

    async def search_by_metadata(self, filter: MetadataFilter, limit: int) -> list[VectorGetResult]:
        where = check_filter(filter)
        if check_limit(limit) == 0:
            return []
        out: list[VectorGetResult] = []
        db = self._store.db
        for doc_id in db.ids():
            doc = db.get(doc_id)
            if doc is not None and matches(doc.get("metadata") or {}, where):
                out.append(VectorGetResult(doc_id, doc.get("metadata") or {}, doc["content"]))
                if len(out) == limit:
                    break
        return out

    async def search_text(self, query: str, limit: int) -> list[VectorSearchResult]:
        """BM25 search of the contents; ``score`` is the BM25 score (not a cosine)."""
        if check_limit(limit) == 0:
            return []
        hits = self._store.db.search(
            query, properties=["content"], limit=limit, include_vectors=False
        ).hits
        return [_result(h.id, h.score, h.document) for h in hits]

    async def search_hybrid(
        self,
        query: str,
        vector: Sequence[float],
        limit: int,
        *,
        text_weight: float = 0.5,
    ) -> list[VectorSearchResult]:
        """BM25 on ``query`` and cosine on ``vector``, each divided by its best score and
        weighted ``text_weight`` / ``1 - text_weight``; ``score`` is that blend (0 to 1
        when every cosine is positive), not a cosine."""
        values = check_vector(vector, self.embedding.dimension)
        if not is_number(text_weight) or not 0 <= text_weight <= 1:
            raise QueryError(
                f"text_weight expected a number from 0 to 1, got {describe(text_weight)}"
            )
        if check_limit(limit) == 0:
            return []
        if not any(values):
            return await self.search_text(query, limit)
        hits = self._store.db.search(
            query,
            properties=["content"],
            mode="hybrid",
            vector={"value": values, "property": "vector"},
            similarity=-1.0,
            limit=limit,
            hybrid_weights={"text": text_weight, "vector": 1.0 - text_weight},
            include_vectors=False,
        ).hits
        return [_result(h.id, h.score, h.document) for h in hits]


def _result(doc_id: str, score: float, doc: Mapping[str, Any] | None) -> VectorSearchResult:
    doc = doc or {}
    return VectorSearchResult(
        doc_id, float(score), doc.get("metadata") or {}, doc.get("content", "")
    )


def _read_spec(text: str | bytes, name: str) -> EmbeddingSpec:
    try:
        data = json.loads(text)
        if data.get("format") != SPEC_FORMAT or data.get("version") != SPEC_VERSION:
            raise SnapshotError(
                f"the record {describe(name)} is not a {SPEC_FORMAT} v{SPEC_VERSION}"
            )
        return EmbeddingSpec(data["model"], data["dimension"])
    except (ValueError, KeyError, TypeError, AttributeError) as err:
        if isinstance(err, SnapshotError):
            raise
        raise SnapshotError(f"the record {describe(name)} cannot be read: {err}") from err


def _stored_as_zero(vector: Sequence[float]) -> bool:
    """True when the engine stores ``vector`` as the zero vector: its rows are 32-bit
    floats, so ``[0, 0, 0, 2.2e-308]`` is zero once stored (and after a reopen)."""
    return not any(array("f", vector))
