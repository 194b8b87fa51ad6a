"""The Chroma adapter: one Chroma collection per namespace, over Chroma's HTTP API v2.

It always sends the vectors itself (the server never embeds anything, so it never
downloads a model), creates its collection with the cosine space, and records the
embedding model and dimension in the collection's metadata
(``amplify:embedding_model``, ``amplify:embedding_dimension``): opening the collection
with another model raises :class:`~amplify_memory.errors.EmbeddingModelMismatchError`.

Chroma accepts only strings, numbers and booleans as metadata values; other values
(objects, lists, ``null``) are stored as their JSON text and the reserved key
``amplify:json`` lists them, so that they come back as they were stored. Filters
compare the plain values only.

Errors: no answer at all raises
:class:`~amplify_memory.errors.VectorStoreUnavailableError`; an HTTP 400/422 raises
:class:`~amplify_memory.errors.ChromaInvalidArgumentError`, 404
:class:`~amplify_memory.errors.ChromaNotFoundError`, anything else
:class:`~amplify_memory.errors.ChromaError`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any, Final
from urllib.parse import quote

from amplify_memory.agent._adapter import VectorStoreAdapter
from amplify_memory.agent._checks import (
    check_filter,
    check_id,
    check_ids,
    check_limit,
    check_metadata,
    check_vector,
)
from amplify_memory.agent._names import chroma_collection_name
from amplify_memory.agent._types import (
    EmbeddingSpec,
    MetadataFilter,
    VectorGetResult,
    VectorRecord,
    VectorSearchResult,
)
from amplify_memory.errors import (
    ArgumentTypeError,
    ChromaError,
    ChromaInvalidArgumentError,
    ChromaNotFoundError,
    EmbeddingModelMismatchError,
    HttpTransportError,
    VectorStoreError,
    VectorStoreUnavailableError,
    describe,
)
from amplify_memory.limits import is_number
from amplify_memory.platform import default_transport
from amplify_memory.transport import HttpTransport

__all__ = ["ChromaAdapter"]

MODEL_KEY: Final = "amplify:embedding_model"
DIMENSION_KEY: Final = "amplify:embedding_dimension"
JSON_KEYS: Final = "amplify:json"
#: Records per ``add`` request (Chroma's own limit is larger; see /pre-flight-checks).
BATCH: Final = 1000


def _plain(value: Any) -> bool:
    if isinstance(value, bool | str):
        return True
    return is_number(value) and abs(value) < 2**63


def encode_metadata(metadata: Mapping[str, Any]) -> dict[str, Any] | None:
    """Chroma metadata for ours: non-scalar values become JSON text listed in ``amplify:json``."""
    out: dict[str, Any] = {}
    encoded: list[str] = []
    for key, value in metadata.items():
        if _plain(value):
            out[key] = value
        else:
            out[key] = json.dumps(value, separators=(",", ":"), ensure_ascii=False)
            encoded.append(key)
    if encoded:
        out[JSON_KEYS] = json.dumps(encoded)
    return out or None


def decode_metadata(metadata: Mapping[str, Any] | None) -> dict[str, Any]:
    """Inverse of :func:`encode_metadata`."""
    if not metadata:
        return {}
    out = {k: v for k, v in metadata.items() if k != JSON_KEYS}
    for key in json.loads(metadata.get(JSON_KEYS, "[]")):
        if key in out:
            out[key] = json.loads(out[key])
    return out


class ChromaAdapter(VectorStoreAdapter):
    """A :class:`VectorStoreAdapter` on a Chroma server (HTTP API v2).

    Open it with :meth:`open`, which creates the namespace's collection if needed::

        store = await ChromaAdapter.open(
            "agent-memory", EmbeddingSpec("amplify-hash-v1", 256),
            user_id="user-123", conversation_id="conv-456", url="http://localhost:8000",
        )

    In Pyodide the requests go through the browser's ``fetch`` (the server must allow
    the page's origin with CORS: ``cors_allow_origins`` in Chroma's config).
    """

    def __init__(
        self,
        *,
        url: str,
        name: str,
        collection_id: str,
        embedding: EmbeddingSpec,
        transport: HttpTransport,
        tenant: str,
        database: str,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        self.url = url.rstrip("/")
        self.name = name
        self.collection_id = collection_id
        self.embedding = embedding
        self.tenant = tenant
        self.database = database
        self._transport = transport
        self._headers = dict(headers or {})

    # -- opening

    @classmethod
    async def open(
        cls,
        collection: str,
        embedding: EmbeddingSpec,
        *,
        user_id: str | None = None,
        conversation_id: str | None = None,
        url: str = "http://localhost:8000",
        tenant: str = "default_tenant",
        database: str = "default_database",
        transport: HttpTransport | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> ChromaAdapter:
        """Get or create the collection ``{collection}[_{user_id}[_{conversation_id}]]``.

        The name is sanitised to Chroma's rule (see :mod:`amplify_memory.agent._names`).
        Raises :class:`~amplify_memory.errors.EmbeddingModelMismatchError` when the
        collection holds another model's vectors, and
        :class:`~amplify_memory.errors.VectorStoreError` when its space is not cosine.
        """
        name = chroma_collection_name(collection, user_id, conversation_id)
        adapter = cls(
            url=url, name=name, collection_id="", embedding=embedding,
            transport=transport or default_transport(), tenant=tenant, database=database,
            headers=headers,
        )  # fmt: skip
        body = {
            "name": name,
            "metadata": {MODEL_KEY: embedding.model, DIMENSION_KEY: embedding.dimension},
            "configuration": {"hnsw": {"space": "cosine"}},
            "get_or_create": True,
        }
        info = await adapter._call(
            "POST", adapter._base(), body, f"open collection {describe(name)}"
        )
        if not isinstance(info, dict) or not isinstance(info.get("id"), str):
            raise VectorStoreError(
                f"Chroma answered the creation of {describe(name)} with {describe(info, 200)}"
            )
        adapter.collection_id = info["id"]
        adapter._check_collection(info)
        return adapter

    def _check_collection(self, info: Mapping[str, Any]) -> None:
        meta = info.get("metadata") or {}
        model, dimension = meta.get(MODEL_KEY), meta.get(DIMENSION_KEY)
        if model is None and dimension is None:
            dimension = info.get("dimension")  # a collection created by other tooling
            model = "unknown" if dimension is not None else None
        if model is not None or dimension is not None:
            stored = (str(model), int(dimension) if dimension is not None else -1)
            same_dim = dimension is None or int(dimension) == self.embedding.dimension
            if not same_dim or (model != "unknown" and model != self.embedding.model):
                raise EmbeddingModelMismatchError(self.name, stored, self.embedding.as_tuple())
        config = info.get("configuration_json") or {}
        spaces = {
            str(part.get("space"))
            for part in (config.get("hnsw"), config.get("spann"))
            if isinstance(part, dict) and part.get("space") is not None
        }
        if spaces - {"cosine"}:
            raise VectorStoreError(
                f"Chroma collection {self.name!r} uses the {sorted(spaces)} space; this "
                "adapter needs 'cosine' (scores are cosine similarities). Use another "
                "collection name"
            )

    # -- HTTP

    def _base(self) -> str:
        return (
            f"{self.url}/api/v2/tenants/{quote(self.tenant, safe='')}"
            f"/databases/{quote(self.database, safe='')}/collections"
        )

    def _collection_url(self, action: str) -> str:
        return f"{self._base()}/{quote(self.collection_id, safe='')}/{action}"

    async def _call(self, method: str, url: str, body: Any, action: str) -> Any:
        try:
            status, answer = await self._transport.request(method, url, body, self._headers)
        except HttpTransportError as err:
            raise VectorStoreUnavailableError(
                f"the Chroma server at {self.url} cannot be reached to {action}: {err.reason}"
            ) from err
        if 200 <= status < 300:
            return answer
        error_type, message = "Error", str(answer)[:500]
        if isinstance(answer, dict):
            error_type = str(answer.get("error", error_type))
            message = str(answer.get("message", message))
        if status == 404:
            raise ChromaNotFoundError(status, error_type, message, action)
        if status in (400, 409, 422):
            raise ChromaInvalidArgumentError(status, error_type, message, action)
        raise ChromaError(status, error_type, message, action)

    # -- the adapter interface

    async def add_vector(
        self, id: str, vector: Sequence[float], metadata: dict[str, Any], content: str
    ) -> None:
        await self.add_vectors([VectorRecord(id, list(vector), metadata, content)])

    async def add_vectors(self, records: Sequence[VectorRecord]) -> None:
        ids, vectors, metas, docs = [], [], [], []
        for r in records:
            ids.append(check_id(r.id))
            vectors.append(check_vector(r.vector, self.embedding.dimension))
            metas.append(encode_metadata(check_metadata(r.metadata)))
            if not isinstance(r.content, str):
                raise ArgumentTypeError(
                    f"content expected a string, got {type(r.content).__name__}"
                )
            docs.append(r.content)
        if len(set(ids)) != len(ids):
            raise VectorStoreError("add_vectors got the same id twice in one batch")
        for start in range(0, len(ids), BATCH):
            chunk = slice(start, start + BATCH)
            # delete + add rather than upsert: Chroma's upsert merges the old metadata
            # into the new, and a replaced record must lose the keys it no longer has.
            await self._call(
                "POST", self._collection_url("delete"), {"ids": ids[chunk]}, "replace records"
            )
            body = {
                "ids": ids[chunk], "embeddings": vectors[chunk],
                "metadatas": metas[chunk], "documents": docs[chunk],
            }  # fmt: skip
            await self._call("POST", self._collection_url("add"), body, "add records")

    async def get_by_id(self, ids: Sequence[str]) -> list[VectorGetResult]:
        wanted = check_ids(ids)
        if not wanted:
            return []
        body = {"ids": list(dict.fromkeys(wanted)), "include": ["documents", "metadatas"]}
        answer = await self._call("POST", self._collection_url("get"), body, "get records")
        found = {r.id: r for r in _get_results(answer)}
        return [found[i] for i in wanted if i in found]

    async def search(self, vector: Sequence[float], limit: int) -> list[VectorSearchResult]:
        query = check_vector(vector, self.embedding.dimension)
        if check_limit(limit) == 0:
            return []
        body = {
            "query_embeddings": [query],
            "n_results": limit,
            "include": ["distances", "documents", "metadatas"],
        }
        answer = await self._call("POST", self._collection_url("query"), body, "search")
        ids = (answer.get("ids") or [[]])[0]
        distances = (answer.get("distances") or [[]])[0]
        docs = (answer.get("documents") or [[None] * len(ids)])[0]
        metas = (answer.get("metadatas") or [[None] * len(ids)])[0]
        return [
            VectorSearchResult(
                id=id,
                score=1.0 - float(distance if distance is not None else 1.0),
                metadata=decode_metadata(meta),
                content=doc or "",
            )
            for id, distance, doc, meta in zip(ids, distances, docs, metas, strict=True)
        ]

    async def search_by_metadata(self, filter: MetadataFilter, limit: int) -> list[VectorGetResult]:
        where = check_filter(filter)
        if check_limit(limit) == 0:
            return []
        body: dict[str, Any] = {"limit": limit, "include": ["documents", "metadatas"]}
        clauses = [{k: {"$eq": v}} for k, v in where.items()]
        if len(clauses) == 1:
            body["where"] = clauses[0]
        elif clauses:
            body["where"] = {"$and": clauses}
        answer = await self._call("POST", self._collection_url("get"), body, "filter records")
        return _get_results(answer)

    async def delete_vector(self, id: str) -> None:
        await self.delete_vectors([id])

    async def delete_vectors(self, ids: Sequence[str]) -> None:
        wanted = check_ids(ids)
        for start in range(0, len(wanted), BATCH):
            body = {"ids": wanted[start : start + BATCH]}
            await self._call("POST", self._collection_url("delete"), body, "delete records")

    async def count(self) -> int:
        answer = await self._call("GET", self._collection_url("count"), None, "count records")
        return int(answer)

    async def drop(self) -> None:
        """Delete the whole collection from the server (this adapter is unusable after)."""
        url = f"{self._base()}/{quote(self.name, safe='')}"
        await self._call("DELETE", url, None, f"delete collection {self.name!r}")


def _get_results(answer: Any) -> list[VectorGetResult]:
    ids = answer.get("ids") or []
    docs = answer.get("documents") or [None] * len(ids)
    metas = answer.get("metadatas") or [None] * len(ids)
    return [
        VectorGetResult(id=id, metadata=decode_metadata(meta), content=doc or "")
        for id, doc, meta in zip(ids, docs, metas, strict=True)
    ]
