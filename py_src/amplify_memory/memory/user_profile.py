"""The user-profile store: what the agent knows about its user, across all projects.

One instance per page (:meth:`UserProfileVectorStore.get_instance`), saved under
``vector_store_user_profile``. Entries are de-duplicated on :meth:`add`: a new fact whose
:func:`~amplify_memory.memory.similarity.content_similarity` with a stored one is above
0.8, and that does not contradict it, refreshes the stored entry instead of adding a
second one. Contradicting facts are kept apart, and the newer ranks first.

Search is hybrid, BM25 and the cosine of the entries' embeddings (see
:mod:`amplify_memory.memory._semantic`): ``semantic=False`` gives BM25 alone,
``hybrid_weights`` sets the fusion, :attr:`UserProfileVectorStore.semantic_status`
tells which is in use. De-duplication stays lexical (the embeddings cannot tell a
negation or a changed number from a paraphrase).

>>> store = UserProfileVectorStore(storage=MemoryStorage())          # doctest: +SKIP
>>> await store.initialize()                                          # doctest: +SKIP
>>> await store.add("User prefers TypeScript over JavaScript", "preference")  # doctest: +SKIP
>>> await store.format_context_for_prompt("typescript")              # doctest: +SKIP
'- [preference] User prefers TypeScript over JavaScript'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from amplify_memory.agent._embeddings import EmbeddingProvider
from amplify_memory.memory._common import (
    Clock,
    PageSingleton,
    PersistedCollection,
    StorageParts,
    check_confidence,
    check_text,
    new_id,
    order_newer_first_on_contradiction,
    utc_now,
)
from amplify_memory.memory._semantic import (
    DEFAULT_MIN_SIMILARITY,
    EMBEDDING_FIELDS,
    SemanticIndex,
    embedding_schema,
    public,
)
from amplify_memory.memory.kinds import USER_CATEGORIES
from amplify_memory.memory.prompt import CHARS_PER_TOKEN, format_context_lines, format_line
from amplify_memory.memory.similarity import (
    DEFAULT_DUPLICATE_THRESHOLD,
    ContradictionGuard,
    content_similarity,
    contradicts,
)
from amplify_memory.search._results import Hit
from amplify_memory.storage import AsyncStorage

Entries = list[dict[str, Any]]  # (a class method below is called `list`)
Hits = list[Hit]

__all__ = ["DUPLICATE_THRESHOLD", "USER_PROFILE_STORE_NAME", "UserProfileVectorStore"]

#: The snapshot's name in storage (IndexedDB key in the browser).
USER_PROFILE_STORE_NAME: Final = "vector_store_user_profile"
#: A new fact more similar than this to a stored one (and not contradicting it) is merged.
DUPLICATE_THRESHOLD: Final = DEFAULT_DUPLICATE_THRESHOLD
#: What a prompt block reads of each hit.
_PROMPT_FIELDS: Final = ("category", "content", "updatedAt", "accessCount")
#: How many BM25 candidates :meth:`add` compares a new fact with.
_DEDUP_CANDIDATES: Final = 10

SCHEMA: Final[dict[str, Any]] = {
    "id": "string",
    "content": "string",
    "category": "enum",
    "createdAt": "enum",
    "updatedAt": "enum",
    "accessCount": "number",
    "source": "enum",
    "confidence": "number",
    **embedding_schema(),
}


def _check_category(category: object) -> str:
    if category not in USER_CATEGORIES:
        raise ValueError(
            f"unknown user-profile category {category!r}; expected one of {list(USER_CATEGORIES)}"
        )
    assert isinstance(category, str)
    return category


class UserProfileVectorStore(PageSingleton):
    """User preferences, tech stack, coding style ...: one database, persisted, searched
    with BM25 and embeddings.

    ``embeddings``: the provider (default: the process's static table, loaded on first
    need); ``semantic=False``: BM25 alone; ``hybrid_weights``: ``{"text": t, "vector":
    v}``; ``min_similarity``: the least cosine for an entry's vector score to count.
    """

    def __init__(
        self,
        *,
        storage: StorageParts | AsyncStorage | None = None,
        clock: Clock = utc_now,
        name: str = USER_PROFILE_STORE_NAME,
        semantic: bool = True,
        embeddings: EmbeddingProvider | None = None,
        hybrid_weights: Mapping[str, float] | None = None,
        min_similarity: float = DEFAULT_MIN_SIMILARITY,
    ) -> None:
        self._collection = PersistedCollection(name, SCHEMA, storage, added=EMBEDDING_FIELDS)
        self._clock = clock
        self._semantic = SemanticIndex(
            semantic=semantic,
            embeddings=embeddings,
            hybrid_weights=hybrid_weights,
            min_similarity=min_similarity,
        )

    # -- life cycle

    async def initialize(self) -> None:
        """Load the saved snapshot (idempotent). An unreadable one is quarantined and
        reported in :attr:`load_error`; the store then starts empty."""
        await self._collection.open()

    @property
    def is_ready(self) -> bool:
        return self._collection.is_open

    @property
    def load_error(self) -> Exception | None:
        """Why the saved snapshot could not be read at :meth:`initialize`, if it could not."""
        return self._collection.load_error

    @property
    def semantic_status(self) -> dict[str, Any]:
        """How searches run: ``mode`` ``"hybrid"``, ``"bm25"`` (with the ``reason``) or
        ``"pending"`` (no search yet), the ``model``, weights and table ``loadMs``."""
        return self._semantic.status

    async def flush(self) -> None:
        """Write pending changes now (they are otherwise written shortly after a change)."""
        await self._collection.flush()

    async def close(self) -> None:
        await self._collection.close()

    # -- writing

    async def add(
        self,
        content: str,
        category: str = "preference",
        *,
        source: str = "user",
        confidence: float = 0.8,
    ) -> dict[str, Any]:
        """Store a fact, or refresh the stored near-duplicate of it.

        Returns ``{"action": "inserted" | "updated", "entry": {...}}``. A refresh sets
        ``updatedAt``, keeps the higher confidence and adds one to ``accessCount``.
        """
        text = check_text(content, "content")
        category = _check_category(category)
        confidence = check_confidence(confidence)
        source = check_text(source, "source", max_length=100)
        db = await self._collection.database()
        now = self._clock()
        best: tuple[float, dict[str, Any]] | None = None
        candidates = db.search(
            term=text, properties=["content"], limit=_DEDUP_CANDIDATES, include_vectors=False
        ).hits
        for hit in candidates:
            other = hit.document["content"]
            similarity = content_similarity(text, other)
            better = best is None or similarity > best[0]
            if better and similarity > DUPLICATE_THRESHOLD and not contradicts(text, other):
                best = (similarity, hit.document)
        if best is not None:
            entry = best[1]
            changes = {
                "updatedAt": now,
                "confidence": max(float(entry["confidence"]), confidence),
                "accessCount": int(entry["accessCount"]) + 1,
            }
            await self._collection.patch(entry["id"], changes)
            return {"action": "updated", "entry": public({**entry, **changes})}
        entry = {
            "id": new_id(),
            "content": text,
            "category": category,
            "createdAt": now,
            "updatedAt": now,
            "accessCount": 0,
            "source": source,
            "confidence": confidence,
        }
        await self._semantic.insert(self._collection, entry)
        return {"action": "inserted", "entry": entry}

    async def remove(self, entry_id: str) -> bool:
        """Delete an entry; its text is gone from the next saved snapshot. False if absent."""
        return await self._semantic.remove(self._collection, entry_id)

    async def clear(self) -> None:
        """Delete every entry."""
        await self._collection.clear()

    # -- reading

    async def get(self, entry_id: str) -> dict[str, Any] | None:
        db = await self._collection.database()
        doc = db.get(entry_id)
        return None if doc is None else public(doc)

    async def list(self, category: str | None = None) -> Entries:
        """Every entry (of one category), newest first."""
        if category is not None:
            _check_category(category)
        docs = [
            public(d)
            for d in await self._collection.documents()
            if category in (None, d["category"])
        ]
        docs.sort(key=lambda d: d["updatedAt"], reverse=True)
        return docs

    async def count(self) -> int:
        return len(await self._collection.database())

    async def search(self, query: str, *, limit: int = 10, category: str | None = None) -> Entries:
        """Entries matching ``query`` (hybrid: BM25 on the content and the embeddings'
        cosine; BM25 alone when semantic search is off or unavailable), best first, each
        with a ``score``. Of two contradicting entries the newer always ranks first."""
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
            raise ValueError(f"limit must be a positive integer, got {limit!r}")
        where = None if category is None else {"category": {"eq": _check_category(category)}}
        hits = [
            {**public(h.document), "score": h.score}
            for h in await self._hits(str(query), where=where, limit=limit)
        ]
        return order_newer_first_on_contradiction(hits)

    async def _hits(
        self,
        query: str,
        *,
        where: dict[str, Any] | None,
        limit: int,
        select: tuple[str, ...] | None = None,
    ) -> Hits:
        """Ranked hits (documents without their embedding): hybrid when embeddings are available."""
        await self._semantic.ensure_embedded(self._collection)
        db = await self._collection.database()
        return await self._semantic.search(db, query, where=where, limit=limit, select=select)

    async def format_context_for_prompt(self, query: str, max_tokens: int = 500) -> str:
        """``- [category] content`` lines, most relevant first, within ``max_tokens`` (4
        characters a token). Of two contradicting entries only the newer is shown, in the
        place of the better-ranked one. Each entry shown gets ``accessCount + 1``."""
        budget = max_tokens * CHARS_PER_TOKEN if isinstance(max_tokens, int) else 0
        limit = max(1, min(100, budget // 20))  # no line is shorter than ~20 characters
        hits = await self._hits(str(query), where=None, limit=limit, select=_PROMPT_FIELDS)
        chosen: list[dict[str, Any]] = []
        guard = ContradictionGuard()  # the chosen entries' content
        used = 0
        for hit in hits:
            if budget - used < 20:
                break  # full: nothing more can fit
            doc = hit.document
            cost = len(format_line(doc["category"], doc["content"])) + 1
            rival = guard.first(doc["content"])
            if rival is None:
                if used + cost <= budget + 1:  # the first line has no newline before it
                    chosen.append(doc)
                    guard.append(doc["content"])
                    used += cost
            elif doc["updatedAt"] > chosen[rival]["updatedAt"]:
                old = chosen[rival]
                old_cost = len(format_line(old["category"], old["content"])) + 1
                if used - old_cost + cost <= budget + 1:
                    chosen[rival] = doc
                    guard.replace(rival, doc["content"])
                    used += cost - old_cost
        block = format_context_lines(
            ((c["id"], c["category"], c["content"]) for c in chosen), max_tokens
        )
        by_id = {c["id"]: c for c in chosen}
        await self._collection.patch_many(
            [(i, {"accessCount": int(by_id[i]["accessCount"]) + 1}) for i in block.ids]
        )
        return block.text
