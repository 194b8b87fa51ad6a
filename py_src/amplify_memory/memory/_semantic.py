"""Semantic search for the memory stores: each entry's embedding, and hybrid queries.

Each entry carries ``embedding`` (``vector[128]``, rounded to 4 decimals to keep
snapshots small) and ``embeddingModel`` (the model that made it). A store's search is
hybrid: ``hybrid_weights["text"]`` x BM25 / best BM25 + ``hybrid_weights["vector"]`` x
cosine / best cosine, where an entry counts for the cosine part only when its cosine
with the query is at least ``min_similarity`` (so an unrelated entry cannot enter a
result on the vector side alone). ``semantic=False`` gives BM25 alone.

The provider is the process's default (:func:`amplify_memory.embeddings.default_provider`,
loaded on the first need) unless one is given. When none can be had, the store searches
with BM25 alone and :attr:`SemanticIndex.status` says why; entries added meanwhile get
their embedding later, on the first search once a provider is available (as do entries
of snapshots saved before embeddings existed, and entries of another model).

Callers never see the two fields: :func:`public` strips them.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any, Final

from amplify_memory.embeddings._provider import EmbeddingProvider
from amplify_memory.errors import ArgumentTypeError, ConfigurationError, EmbeddingError, describe
from amplify_memory.memory._common import PersistedCollection
from amplify_memory.search import Database
from amplify_memory.search._defaults import DEFAULT_HYBRID_WEIGHTS
from amplify_memory.search._results import Hit

__all__ = [
    "DEFAULT_HYBRID_WEIGHTS",
    "DEFAULT_MIN_SIMILARITY",
    "EMBEDDING_DIMENSION",
    "EMBEDDING_FIELD",
    "EMBEDDING_FIELDS",
    "MODEL_FIELD",
    "SemanticIndex",
    "embedding_schema",
    "public",
]

EMBEDDING_DIMENSION: Final = 128
EMBEDDING_FIELD: Final = "embedding"
MODEL_FIELD: Final = "embeddingModel"
EMBEDDING_FIELDS: Final = frozenset({EMBEDDING_FIELD, MODEL_FIELD})
#: Below this cosine with the query an entry gets no vector score (see the module doc).
DEFAULT_MIN_SIMILARITY: Final = 0.2
_DECIMALS: Final = 4


def embedding_schema() -> dict[str, str]:
    """The schema properties the embeddings add to a store's schema."""
    return {EMBEDDING_FIELD: f"vector[{EMBEDDING_DIMENSION}]", MODEL_FIELD: "enum"}


def public(doc: Mapping[str, Any]) -> dict[str, Any]:
    """An entry as callers see it: without its embedding fields."""
    return {k: v for k, v in doc.items() if k not in EMBEDDING_FIELDS}


def _check_weights(weights: object) -> dict[str, float]:
    if not isinstance(weights, Mapping) or not set(weights) <= {"text", "vector"}:
        raise ConfigurationError(
            "hybrid_weights expected {'text': number, 'vector': number}, "
            f"got {describe(weights, 100)}"
        )
    out: dict[str, float] = {}
    for key in ("text", "vector"):
        value = weights.get(key, 0.0)
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value < 1e9:
            raise ConfigurationError(
                f"hybrid_weights[{describe(key)}] expected a number >= 0, got {describe(value, 50)}"
            )
        out[key] = float(value)
    if out["text"] + out["vector"] <= 0:
        raise ConfigurationError("hybrid_weights must not both be 0")
    return out


class SemanticIndex:
    """A store's embedding settings and provider (shared by its collections)."""

    def __init__(
        self,
        *,
        semantic: bool = True,
        embeddings: EmbeddingProvider | None = None,
        hybrid_weights: Mapping[str, float] | None = None,
        min_similarity: float = DEFAULT_MIN_SIMILARITY,
    ) -> None:
        if not isinstance(semantic, bool):
            raise ArgumentTypeError(f"semantic expected a bool, got {describe(semantic, 50)}")
        if embeddings is not None:
            if not isinstance(embeddings, EmbeddingProvider):
                raise ArgumentTypeError(
                    f"embeddings expected an EmbeddingProvider, got {describe(embeddings, 100)}"
                )
            self._check_dimension(embeddings)
        if (
            isinstance(min_similarity, bool)
            or not isinstance(min_similarity, int | float)
            or not -1 <= min_similarity <= 1
        ):
            raise ConfigurationError(
                f"min_similarity expected -1 to 1, got {describe(min_similarity)}"
            )
        self.semantic = semantic
        self.hybrid_weights = _check_weights(
            DEFAULT_HYBRID_WEIGHTS if hybrid_weights is None else hybrid_weights
        )
        self.min_similarity = float(min_similarity)
        self._given = embeddings
        # collection name -> (database, merges, size, model) when last found all embedded
        self._checked: dict[str, tuple[int, int, int, str]] = {}
        self._provider: EmbeddingProvider | None = embeddings
        self._reason: str | None = None if semantic else "semantic search is off (semantic=False)"

    @staticmethod
    def _check_dimension(provider: EmbeddingProvider) -> None:
        if provider.spec.dimension != EMBEDDING_DIMENSION:
            raise ConfigurationError(
                f"the memory stores keep {EMBEDDING_DIMENSION}-dimensional embeddings; the "
                f"provider {describe(provider.spec.model)} makes {provider.spec.dimension}"
            )

    @property
    def status(self) -> dict[str, Any]:
        """``{"mode": "hybrid" | "bm25" | "pending", "model": ..., "reason": ...,
        "hybridWeights": ..., "minSimilarity": ..., "loadMs": ...}``: how searches run.
        ``pending``: the provider has not been needed yet (nothing loaded)."""
        provider = self._provider
        if not self.semantic or self._reason is not None:
            mode = "bm25"
        elif provider is None:
            mode = "pending"
        else:
            mode = "hybrid"
        load_info = getattr(provider, "load_info", None) or {}
        return {
            "mode": mode,
            "model": None if provider is None else provider.spec.model,
            "reason": self._reason,
            "hybridWeights": dict(self.hybrid_weights),
            "minSimilarity": self.min_similarity,
            "loadMs": load_info.get("load_ms"),
        }

    async def provider(self) -> EmbeddingProvider | None:
        """The provider, loading the default on first need; None (reason in
        :attr:`status`) when semantic search is off or no provider is available."""
        if not self.semantic:
            return None
        if self._provider is not None:
            return self._provider
        from amplify_memory.embeddings import default_provider

        try:
            provider = await default_provider()
            self._check_dimension(provider)
        except (EmbeddingError, ConfigurationError) as err:
            self._reason = f"no embeddings, searching with BM25 alone: {err}"
            return None
        self._provider, self._reason = provider, None
        return provider

    async def vectors(self, texts: list[str]) -> tuple[str, list[list[float]]] | None:
        """``(model, vectors)`` of ``texts`` (rounded), or None when unavailable."""
        provider = await self.provider()
        if provider is None:
            return None
        try:
            vectors = await provider.embed(texts)
        except EmbeddingError as err:
            self._reason = f"the embedding provider failed, searching with BM25 alone: {err}"
            if self._given is None:
                self._provider = None
            return None
        rounded = [[round(float(x), _DECIMALS) + 0.0 for x in vec] for vec in vectors]
        return provider.spec.model, rounded

    async def embed_fields(self, text: str) -> dict[str, Any]:
        """The embedding fields of a new entry of ``text`` (empty when unavailable)."""
        out = await self.vectors([text])
        if out is None:
            self._checked.clear()  # this entry will need its embedding later
            return {}
        return {EMBEDDING_FIELD: out[1][0], MODEL_FIELD: out[0]}

    async def insert(
        self,
        collection: PersistedCollection,
        entry: dict[str, Any],
        fields: dict[str, Any] | None = None,
    ) -> None:
        """Insert a new entry with the embedding of its content (``fields``, when the
        caller has already computed them). A collection found all embedded stays so (no
        need to look again at the next search)."""
        if fields is None:
            fields = await self.embed_fields(str(entry["content"]))
        async with self._keeping_checked(collection, keep=bool(fields)):
            await collection.insert({**entry, **fields})

    async def remove(self, collection: PersistedCollection, entry_id: str) -> bool:
        """Remove an entry (a collection found all embedded stays so)."""
        async with self._keeping_checked(collection, keep=True):
            return await collection.remove(entry_id)

    @asynccontextmanager
    async def _keeping_checked(
        self, collection: PersistedCollection, *, keep: bool
    ) -> AsyncIterator[None]:
        before = await self._key(collection)
        yield
        if keep and before is not None and self._checked.get(collection.name) == before:
            after = await self._key(collection)
            if after is not None:
                self._checked[collection.name] = after

    def forget(self, collection: PersistedCollection) -> None:
        """Drop what is known of a collection (it was deleted)."""
        self._checked.pop(collection.name, None)

    async def _key(self, collection: PersistedCollection) -> tuple[int, int, int, str] | None:
        provider = self._provider
        if provider is None:
            return None
        db = await collection.database()
        return (id(db), collection.merges, len(db), provider.spec.model)

    def stale(self, db: Database, model: str) -> list[dict[str, Any]]:
        """Entries of ``db`` without an embedding of ``model`` (without their vectors)."""
        where = {MODEL_FIELD: {"nin": [model]}}
        if db.search(term="", where=where, limit=0).count == 0:
            return []
        hits = db.search(term="", where=where, limit=len(db), include_vectors=False).hits
        return [h.document for h in hits]

    async def ensure_embedded(self, collection: PersistedCollection) -> None:
        """Give every entry of ``collection`` an embedding of the current model (entries
        of old snapshots, added while no provider was available, or of another model)."""
        provider = await self.provider()
        if provider is None:
            return
        key = await self._key(collection)
        assert key is not None
        if self._checked.get(collection.name) == key:
            return  # nothing loaded or merged since the last check
        db = await collection.database()
        stale = self.stale(db, provider.spec.model)
        if not stale:
            self._checked[collection.name] = key
            return
        out = await self.vectors([str(d.get("content", "")) for d in stale])
        if out is None:
            return
        model, vectors = out
        db = await collection.database()  # (the embedding took a while: look again)
        for doc, vector in zip(stale, vectors, strict=True):
            current = db.get(doc["id"])
            if (
                current is None  # removed meanwhile
                or current.get("content") != doc.get("content")  # changed: embedded anew
                or current.get(MODEL_FIELD) == model  # embedded meanwhile
            ):
                continue
            await collection.patch(doc["id"], {EMBEDDING_FIELD: vector, MODEL_FIELD: model})

    async def search(
        self,
        db: Database,
        query: str,
        *,
        where: Mapping[str, Any] | None,
        limit: int,
        select: Sequence[str] | None = None,
        min_similarity: float | None = None,
    ) -> list[Hit]:
        """Hybrid hits when a query vector can be had, else BM25 hits (documents without
        their embedding; only the ``select``ed properties when given). ``min_similarity``
        raises the least cosine for this search (a prompt block's minimum relevance).
        A weight of 0 drops that side: BM25 alone, or the cosine alone."""
        vector: list[float] | None = None
        if self.semantic and self.hybrid_weights["vector"] > 0 and query.strip():
            out = await self.vectors([query])
            if out is not None and any(out[1][0]):
                vector = out[1][0]
        if vector is None:
            return db.search(
                term=query,
                properties=["content"],
                where=where,
                limit=limit,
                include_vectors=False,
                select=select,
            ).hits
        return db.search(
            term=query,
            properties=["content"],
            where=where,
            limit=limit,
            mode="hybrid" if self.hybrid_weights["text"] > 0 else "vector",
            vector={"value": vector, "property": EMBEDDING_FIELD},
            similarity=max(self.min_similarity, min_similarity or 0.0),
            hybrid_weights=self.hybrid_weights,
            include_vectors=False,
            select=select,
        ).hits
