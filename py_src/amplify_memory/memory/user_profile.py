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

from collections.abc import Collection, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import TYPE_CHECKING, Any, Final

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
    check_confidence,
    check_query,
    check_text,
    new_id,
    order_newer_first_on_contradiction,
    refuse_unsafe,
    utc_now,
)
from amplify_memory.memory._defaults import (
    DEFAULT_DUPLICATE_THRESHOLD,
    MERGE_CANDIDATE_COSINE,
    SEMANTIC_DUPLICATE_COSINE,
)
from amplify_memory.memory._semantic import (
    DEFAULT_MIN_SIMILARITY,
    EMBEDDING_FIELD,
    EMBEDDING_FIELDS,
    SemanticIndex,
    embedding_schema,
    public,
)
from amplify_memory.memory.kinds import USER_CATEGORIES
from amplify_memory.memory.prompt import (
    CHARS_PER_TOKEN,
    USER_HEADING,
    check_max_tokens,
    format_context_lines,
    format_line,
)
from amplify_memory.search._results import Hit
from amplify_memory.storage import AsyncStorage

if TYPE_CHECKING:
    from amplify_memory.memory.changes import Replaced
    from amplify_memory.memory.restate import Restated
    from amplify_memory.memory.supersession import Action
    from amplify_memory.memory.topics import Frame

Entries = list[dict[str, Any]]  # (a class method below is called `list`)
Hits = list[Hit]

__all__ = ["DUPLICATE_THRESHOLD", "USER_PROFILE_STORE_NAME", "UserProfileVectorStore"]

#: The snapshot's name in storage (IndexedDB key in the browser).
USER_PROFILE_STORE_NAME: Final = "vector_store_user_profile"
#: A new fact more similar than this to a stored one (and not contradicting it) is merged.
DUPLICATE_THRESHOLD: Final = DEFAULT_DUPLICATE_THRESHOLD


# The topic and similarity rules (a fifth of the package's import time in the page) load
# with the first write or prompt block, not at start: these call them.
def _frames_of(text: str) -> tuple[Frame, ...]:
    from amplify_memory.memory.topics import frames_of as frames

    return frames(text)


def _beside(new: tuple[Frame, ...], old: tuple[Frame, ...]) -> bool:
    """True when every frame of ``new`` of a topic of ``old``'s is compatible with it
    (:func:`~amplify_memory.memory.topics.relation`) and is no end said of every scope:
    facts that hold at once."""
    from amplify_memory.memory.topics import relation

    pairs = [(a, b) for a in new for b in old if a.topic == b.topic]
    return bool(pairs) and all(
        relation(a, b) == "compatible" and not (a.polarity != b.polarity and not a.scope)
        for a, b in pairs  # ("stopped using Python" ends "uses Python for side projects")
    )


def _decide(new: str, old: str, *, cosine: float | None = None) -> Action:
    from amplify_memory.memory.supersession import decide as rule

    return rule(new, old, cosine=cosine)


def _replaced_topics(replaced: Replaced) -> list[str]:
    from amplify_memory.memory.changes import replaced_topics

    return replaced_topics(replaced)


def _states_value(text: str, replaced: Replaced) -> bool:
    from amplify_memory.memory.changes import states_value as states

    return states(text, replaced)


def _technology_names_in(text: str) -> set[str]:
    from amplify_memory.memory.technologies import find_technology_mentions

    return {m.name.casefold() for m in find_technology_mentions(text)}


def _content_similarity(a: str, b: str) -> float:
    from amplify_memory.memory.similarity import content_similarity as similarity

    return similarity(a, b)


#: What a prompt block reads of each hit.
_PROMPT_FIELDS: Final = (
    "category",
    "content",
    "updatedAt",
    "accessCount",
    "seq",
    "superseded",
    "topic",
)
#: How many BM25 candidates :meth:`add` compares a new fact with.
_DEDUP_CANDIDATES: Final = 10
#: How many of the entries nearest by meaning lend their cosine to its comparisons (the
#: first :data:`_MEANING_CANDIDATES` are candidates too, and any at
#: :data:`SEMANTIC_DUPLICATE_COSINE` or more, as many as BM25's).
_COSINE_CANDIDATES: Final = 20
_MEANING_CANDIDATES: Final = 3
#: How many of the newest active entries of the new fact's topics it compares it with.
_TOPIC_CANDIDATES: Final = 25
#: How many BM25 matches of a message :meth:`restate_changes` reads against it.
_RESTATE_CANDIDATES: Final = 20
#: The topics of what a move changes ("moved to Berlin", "started at Stripe").
_HELD_TOPICS: Final = ("location", "employer")
#: How much of a message is the query for those matches.
_RESTATE_QUERY_CHARS: Final = 2_000
#: The filter of entries no newer fact has replaced (those saved before the field count).


class _FactIndex:
    """What the store keeps in memory of its entries' fact fields, in step with each
    write and learnt again after a load or another tab's changes: the last write order,
    the superseded ids, the active entries by topic and the active standing
    instructions, so that no search needs a filter evaluated on every document."""

    __slots__ = ("by_topic", "seq", "standing", "superseded", "topic_of")

    def __init__(self) -> None:
        self.seq = 0
        self.superseded: set[str] = set()
        self.by_topic: dict[str, dict[str, int]] = {}
        self.topic_of: dict[str, str] = {}
        self.standing: dict[str, int] = {}

    def note(self, doc: Mapping[str, Any]) -> None:
        """Record an entry as it now is (inserted, refreshed, edited or superseded)."""
        doc_id = str(doc["id"])
        seq = int(doc.get("seq") or 0)
        self.seq = max(self.seq, seq)
        self.drop(doc_id)
        if doc.get("superseded"):
            self.superseded.add(doc_id)
            return
        topic = doc.get("topic")
        if topic:
            self.by_topic.setdefault(str(topic), {})[doc_id] = seq
            self.topic_of[doc_id] = str(topic)
        if doc.get("category") in STANDING_CATEGORIES:
            self.standing[doc_id] = seq

    def drop(self, doc_id: str) -> None:
        self.superseded.discard(doc_id)
        topic = self.topic_of.pop(doc_id, None)
        if topic is not None:
            self.by_topic.get(topic, {}).pop(doc_id, None)
        self.standing.pop(doc_id, None)

    def newest(self, topics: list[str], n: int) -> list[str]:
        ids = [(s, i) for t in topics for i, s in self.by_topic.get(t, {}).items()]
        return [i for _, i in sorted(ids, reverse=True)[:n]]

    def newest_standing(self, n: int) -> list[str]:
        return [i for _, i in sorted(((s, i) for i, s in self.standing.items()), reverse=True)[:n]]

    def slack(self, limit: int) -> int:
        """How many more hits to ask for so that ``limit`` remain once the superseded
        ones are left out (at most ``limit`` more; a search asks again if that was not
        enough)."""
        return min(len(self.superseded), limit)


#: What a fact is about (see :mod:`amplify_memory.memory.topics`) and how it was replaced.
FACT_FIELDS: Final[dict[str, str]] = {
    "topic": "enum",
    "value": "enum",
    "polarity": "enum",
    "seq": "number",
    "superseded": "boolean",
    "supersededBy": "enum",
    "supersededAt": "enum",
}
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
    **FACT_FIELDS,
}
#: Defaults of the fact fields for entries saved before they existed.
_FACT_DEFAULTS: Final[dict[str, Any]] = {
    "topic": None,
    "value": None,
    "polarity": None,
    "seq": 0,
    "superseded": False,
    "supersededBy": None,
    "supersededAt": None,
}
#: Standing instructions about answers and workflow go into every prompt block.
STANDING_CATEGORIES: Final = ("communication", "workflow")
#: Least cosine for a fact without a word of the query to count as relevant in a prompt block.
DEFAULT_MIN_RELEVANCE: Final = 0.55
#: How many standing instructions a block may hold before the query's facts.
_MAX_STANDING: Final = 8


def _check_category(category: object) -> str:
    if category not in USER_CATEGORIES:
        raise InvalidArgumentError(
            f"unknown user-profile category {describe(category)}; expected one of "
            f"{list(USER_CATEGORIES)}"
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
        min_relevance: float = DEFAULT_MIN_RELEVANCE,
    ) -> None:
        self._collection = PersistedCollection(
            name, SCHEMA, storage, added=EMBEDDING_FIELDS | set(FACT_FIELDS)
        )
        self._clock = clock
        if (
            isinstance(min_relevance, bool)
            or not isinstance(min_relevance, int | float)
            or not (0 <= min_relevance <= 1)
        ):
            raise InvalidArgumentError(
                f"min_relevance must be a number from 0 to 1, got {describe(min_relevance)}"
            )
        self.min_relevance = float(min_relevance)
        self._seen: tuple[int, int] | None = None  # (database id, merges) of the last scan
        self._index = _FactIndex()
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

    def atomic(self) -> AbstractAsyncContextManager[None]:
        """``async with store.atomic():`` all of the block's changes, or none of them (an
        exception undoes every add, edit, remove and supersession made inside)."""
        return self._collection.atomic(on_undo=self._forget_learnt)

    def _forget_learnt(self) -> None:
        self._seen = None  # the write order and topics are learnt again from the store
        self._semantic.forget(self._collection)

    async def _scan(self) -> None:
        """Learn the last write order and the superseded entries (after a load or a
        merge of another tab's changes)."""
        db = await self._collection.database()
        key = (id(db), self._collection.merges)
        if self._seen == key:
            return
        self._seen = key
        index = _FactIndex()
        index.seq = self._index.seq  # the write order goes on after a reload
        if len(db):
            for hit in db.search(
                term="",
                limit=len(db),
                include_vectors=False,
                select=("seq", "superseded", "topic", "category"),
            ).hits:
                index.note({**hit.document, "id": str(hit.id)})
        self._index = index

    def _next_seq(self) -> int:
        self._index.seq += 1
        return self._index.seq

    async def add(
        self,
        content: str,
        category: str = "preference",
        *,
        source: str = "user",
        confidence: float = 0.8,
    ) -> dict[str, Any]:
        """Store a fact, or refresh the stored near-duplicate of it.

        Returns ``{"action": "inserted" | "updated", "entry": {...}, "superseded":
        [...]}``. A refresh sets ``updatedAt``, keeps the higher confidence and adds one
        to ``accessCount``. Stored facts the new one replaces (same topic, another
        value or polarity: :func:`~amplify_memory.memory.supersession.decide`) are
        marked superseded by it and listed in ``superseded``. Text with a credential
        raises :class:`~amplify_memory.errors.SecretContentError` (nothing stored).
        """
        text = check_text(content, "content")
        category = _check_category(category)
        confidence = check_confidence(confidence)
        source = check_text(source, "source", max_length=100)
        refuse_unsafe(text, "content")
        await self._scan()
        now = self._clock()
        fields = await self._semantic.embed_fields(text) if self._semantic.semantic else {}
        merge, replaced = await self._relations(text, vector=fields.get(EMBEDDING_FIELD))
        if merge is not None:
            changes = {
                "updatedAt": now,
                "confidence": max(float(merge["confidence"]), confidence),
                "accessCount": int(merge["accessCount"]) + 1,
                "seq": self._next_seq(),
            }
            await self._collection.patch(merge["id"], changes)
            self._index.note({**merge, **changes})
            gone = await self._supersede(replaced, merge["id"], now)
            entry = _with_defaults(public({**merge, **changes}))
            return {"action": "updated", "entry": entry, "superseded": gone}
        frame = _frames_of(text)[0] if _frames_of(text) else None
        entry = {
            "id": new_id(),
            "content": text,
            "category": category,
            "createdAt": now,
            "updatedAt": now,
            "accessCount": 0,
            "source": source,
            "confidence": confidence,
            "seq": self._next_seq(),
            "superseded": False,
        }
        if frame is not None:
            entry.update(topic=frame.topic, value=frame.value, polarity=frame.polarity)
        await self._semantic.insert(self._collection, entry, fields if fields else None)
        self._index.note(entry)
        gone = await self._supersede(replaced, entry["id"], now)
        return {"action": "inserted", "entry": _with_defaults(entry), "superseded": gone}

    async def _relations(
        self, text: str, *, skip: str | None = None, vector: list[float] | None = None
    ) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
        """(the active entry ``text`` merges into, the active entries it supersedes).
        ``vector``: the new text's embedding; candidates are then also the nearest stored
        entries, and their cosine goes into the decision."""
        db = await self._collection.database()
        found: dict[str, dict[str, Any]] = {}
        cosines: dict[str, float] = {}  # (of the nearest entries: for the merge model)
        if vector is not None and any(vector):
            nearest = _DEDUP_CANDIDATES + self._index.slack(_DEDUP_CANDIDATES)
            for hit in db.search(
                mode="vector",
                vector={"value": vector, "property": EMBEDDING_FIELD},
                similarity=MERGE_CANDIDATE_COSINE,
                limit=_COSINE_CANDIDATES + self._index.slack(_COSINE_CANDIDATES),
                include_vectors=False,
                select=(),  # (ids and scores: the candidates' documents are read below)
            ).hits:  # (best first: the first few, and any near enough to be one)
                doc_id = str(hit.id)
                cosines[doc_id] = float(hit.score)
                if len(found) < _MEANING_CANDIDATES or (
                    hit.score >= SEMANTIC_DUPLICATE_COSINE and len(found) < nearest
                ):
                    doc = db.get(doc_id)
                    if doc is not None:
                        found[doc_id] = public(doc)
        for hit in db.search(
            term=text,
            properties=["content"],
            limit=_DEDUP_CANDIDATES + self._index.slack(_DEDUP_CANDIDATES),
            include_vectors=False,
        ).hits:
            found.setdefault(str(hit.id), hit.document)
        frames = _frames_of(text)
        topics = list(dict.fromkeys(f.topic for f in frames))
        for doc_id in self._index.newest(topics, _TOPIC_CANDIDATES):
            # the newest active entries of the fact's topics, but not those its frames
            # say hold beside it (another scope: "uses npm at work" / "uses pnpm", "uses
            # Jest with React" / "... with Vue"): their text is not near (neither search
            # found them), and the topic brought them for a value or polarity it may change
            if doc_id not in found:
                doc = db.get(doc_id)
                if doc is not None and not _beside(frames, _frames_of(str(doc["content"]))):
                    found[doc_id] = public(doc)
        best: tuple[float, dict[str, Any]] | None = None
        replaced: list[dict[str, Any]] = []
        for doc_id, doc in found.items():
            if doc_id == skip or doc.get("superseded"):
                continue
            other = doc["content"]
            action = _decide(text, other, cosine=cosines.get(doc_id))
            if action == "merge":
                similarity = _content_similarity(text, other)
                if best is None or similarity > best[0]:
                    best = (similarity, doc)
            elif action == "supersede":
                replaced.append(doc)
        return (best[1] if best else None), replaced

    async def supersede_values(
        self, replaced: Sequence[Replaced], *, by: str, keep: Collection[str] = ()
    ) -> list[dict[str, Any]]:
        """Mark superseded by the entry ``by`` the active facts that state what a turn
        said no longer holds (``replaced``, from
        :func:`~amplify_memory.memory.chat_facts.extract_chat_facts`): a fact whose topic
        frames give the value with that polarity ("uses MongoDB"; also a use limited to
        it: "builds JVM projects with Maven"), or, for a name the technology list does
        not know, a positive fact that names it. Opinions ("likes X") stay, and so do the
        ``keep`` ids (the turn's own new facts) and facts ``by`` itself names the value
        in (a new version: "uses Python 3.12"). Returns the entries marked."""
        await self._scan()
        db = await self._collection.database()
        target = db.get(by)
        if target is None:
            raise DocumentNotFoundError(by)
        stances = {(f.value.casefold(), f.polarity) for f in _frames_of(str(target["content"]))}
        own = {v for v, _ in stances} | _technology_names_in(str(target["content"]))
        found: dict[str, dict[str, Any]] = {}
        for item in replaced:
            value = item.value
            if value.casefold() in own and (
                item.polarity == "positive" or (value.casefold(), "negative") in stances
            ):  # (a dislike that is over is superseded by the liking that names it)
                continue
            topics = _replaced_topics(item)
            ids = [
                str(h.id)
                for h in db.search(
                    term=value,
                    properties=["content"],
                    limit=50 + self._index.slack(50),
                    include_vectors=False,
                ).hits
            ]
            ids += self._index.newest(topics, _TOPIC_CANDIDATES)
            for doc_id in ids:
                if doc_id == by or doc_id in keep or doc_id in found:
                    continue
                doc = db.get(doc_id)
                if doc is None or doc.get("superseded"):
                    continue
                if _states_value(str(doc["content"]), item):
                    found[doc_id] = public(doc)
        return await self._supersede(list(found.values()), by, self._clock())

    async def restate_changes(
        self, message: str, *, turn: Sequence[dict[str, Any]] = ()
    ) -> list[dict[str, Any]]:
        """Read a user's message against the stored facts it may change and replace each
        one it does (:func:`~amplify_memory.memory.restate.restated_facts`: "we deploy on
        thursdays now instead of tuesdays" and "User's team deploys on Tuesdays."). The
        turn's own new fact that names the new value (``turn``: the outcomes of the facts
        the turn stored) supersedes the old one, listed in that outcome's ``superseded``;
        else the old one restated ("User's team deploys on Thursdays.") is added and
        supersedes it. Returns the outcomes of the additions."""
        from amplify_memory.memory.changes import names_a_value

        out: list[dict[str, Any]] = []
        keep = {str(o["entry"]["id"]) for o in turn}
        for doc, found in await self._restated(message, keep=keep):
            if (await self.get(str(doc["id"])) or {}).get("superseded"):
                continue  # (superseded by an earlier restatement of this turn)
            carrier = next(
                (o for o in turn if names_a_value(str(o["entry"]["content"]), [found.new])),
                None,
            )
            if carrier is not None:
                gone = await self._supersede([doc], str(carrier["entry"]["id"]), self._clock())
                carrier["superseded"] = [*carrier.get("superseded", []), *gone]
                continue
            outcome = await self.add(
                found.content, str(doc["category"]), source="user_message", confidence=0.9
            )
            if outcome["entry"]["id"] != doc["id"] and not any(
                g["id"] == doc["id"] for g in outcome["superseded"]
            ):
                outcome["superseded"] += await self._supersede(
                    [doc], str(outcome["entry"]["id"]), self._clock()
                )
            out.append(outcome)
        return out

    async def preview_changes(self, message: str) -> list[dict[str, Any]]:
        """What :meth:`restate_changes` would do with ``message``, storing nothing: one
        ``{"content", "category", "replaces"}`` per stored fact the turn restates (its
        restated text, and the entry it would replace)."""
        return [
            {
                "content": found.content,
                "category": str(doc["category"]),
                "replaces": _with_defaults(doc),
            }
            for doc, found in await self._restated(message, keep=())
        ]

    async def _restated(
        self, message: str, *, keep: Collection[str]
    ) -> list[tuple[dict[str, Any], Restated]]:
        """``(stored entry, its restatement)`` for each active fact ``message`` changes
        (:func:`~amplify_memory.memory.restate.restated_facts` over :meth:`_changeable`)."""
        from amplify_memory.memory.restate import restated_facts

        await self._scan()
        docs = await self._changeable(message, keep=keep)
        found = restated_facts(message, [str(d["content"]) for d in docs])
        return [(docs[r.index], r) for r in found]

    async def _changeable(self, message: str, *, keep: Collection[str]) -> list[dict[str, Any]]:
        """The active facts a message may change: its best BM25 matches and the newest
        facts of where the user lives, works and studies."""
        from amplify_memory.memory.restate import search_terms

        db = await self._collection.database()
        hits = db.search(
            term=f"{message[:_RESTATE_QUERY_CHARS]} {search_terms(message)}",
            properties=["content"],
            limit=_RESTATE_CANDIDATES + self._index.slack(_RESTATE_CANDIDATES),
            include_vectors=False,
        ).hits
        ids = [str(h.id) for h in hits] + self._index.newest(list(_HELD_TOPICS), 6)
        docs: dict[str, dict[str, Any]] = {}
        for doc_id in ids:
            doc = db.get(doc_id)
            if doc is not None and not doc.get("superseded") and doc_id not in keep:
                docs.setdefault(doc_id, public(doc))
        return list(docs.values())

    async def _supersede(
        self, entries: list[dict[str, Any]], by: str, now: str
    ) -> list[dict[str, Any]]:
        """Mark ``entries`` superseded by the entry ``by``; returns them as marked."""
        out = []
        for doc in entries:
            if doc["id"] == by:
                continue
            changes = {"superseded": True, "supersededBy": by, "supersededAt": now}
            await self._collection.patch(doc["id"], changes)
            self._index.note({**doc, **changes})
            out.append(_with_defaults(public({**doc, **changes})))
        return out

    async def edit(
        self, entry_id: str, content: str, category: str | None = None
    ) -> dict[str, Any]:
        """Change a stored fact's text (and category), checked as a new fact would be.

        The text is refused if it carries a credential; its topic, value and polarity
        are read again; if it now restates another active fact, the two become one (the
        other is refreshed and this entry removed: ``action`` ``"merged"``); facts it
        now contradicts on its topic are superseded by it. An edited superseded entry
        becomes active again. Returns ``{"action": "edited" | "merged", "entry",
        "superseded"}``; :class:`~amplify_memory.errors.DocumentNotFoundError` for an
        unknown id.
        """
        if not isinstance(entry_id, str):
            raise ArgumentTypeError(
                f"an entry id is a string, got {type(entry_id).__name__} {describe(entry_id)}"
            )
        text = check_text(content, "content")
        refuse_unsafe(text, "content")
        db = await self._collection.database()
        old = db.get(entry_id)
        if old is None:
            raise DocumentNotFoundError(entry_id)
        category = _check_category(old["category"] if category is None else category)
        await self._scan()
        now = self._clock()
        merge, replaced = await self._relations(text, skip=entry_id)
        if merge is not None:
            await self._semantic.remove(self._collection, entry_id)
            self._index.drop(entry_id)
            refresh = {
                "updatedAt": now,
                "accessCount": int(merge["accessCount"]) + 1,
                "seq": self._next_seq(),
            }
            await self._collection.patch(merge["id"], refresh)
            self._index.note({**merge, **refresh})
            gone = await self._supersede(replaced, merge["id"], now)
            entry = _with_defaults(public({**merge, **refresh}))
            return {"action": "merged", "entry": entry, "superseded": gone}
        frame = _frames_of(text)[0] if _frames_of(text) else None
        changes: dict[str, Any] = {
            "content": text,
            "category": category,
            "updatedAt": now,
            "seq": self._next_seq(),
            "superseded": False,
            "supersededBy": None,
            "supersededAt": None,
            "topic": frame.topic if frame else None,
            "value": frame.value if frame else None,
            "polarity": frame.polarity if frame else None,
            "source": "user_edit",
        }
        if text != old["content"]:
            changes.update(await self._semantic.embed_fields(text))
        await self._collection.patch(entry_id, changes)
        self._index.note({**old, **changes, "id": entry_id})
        gone = await self._supersede(replaced, entry_id, now)
        entry = _with_defaults(public({**old, **changes}))
        return {"action": "edited", "entry": entry, "superseded": gone}

    async def remove(self, entry_id: str) -> bool:
        """Delete an entry; its text is gone from the next saved snapshot. False if absent."""
        if isinstance(entry_id, str):
            self._index.drop(entry_id)
        return await self._semantic.remove(self._collection, entry_id)

    async def clear(self) -> None:
        """Delete every entry."""
        await self._collection.clear()
        self._seen = None  # learnt again (the write order goes on)

    # -- reading

    async def get(self, entry_id: str) -> dict[str, Any] | None:
        db = await self._collection.database()
        doc = db.get(entry_id)
        return None if doc is None else _with_defaults(public(doc))

    async def list(
        self, category: str | None = None, *, include_superseded: bool = True
    ) -> Entries:
        """Every entry (of one category), newest write first; superseded ones too
        (``superseded`` true, with ``supersededBy``) unless ``include_superseded`` is false."""
        if category is not None:
            _check_category(category)
        docs = [
            _with_defaults(public(d))
            for d in await self._collection.documents()
            if category in (None, d["category"]) and (include_superseded or not d.get("superseded"))
        ]
        docs.sort(key=_order, reverse=True)
        return docs

    async def count(self) -> int:
        return len(await self._collection.database())

    async def search(
        self,
        query: str,
        *,
        limit: int = 10,
        category: str | None = None,
        include_superseded: bool = False,
    ) -> Entries:
        """Entries matching ``query`` (hybrid: BM25 on the content and the embeddings'
        cosine; BM25 alone when semantic search is off or unavailable), best first, each
        with a ``score``. Superseded entries are left out unless ``include_superseded``.
        Of two contradicting entries the newer always ranks first."""
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 1:
            raise InvalidArgumentError(f"limit must be a positive integer, got {describe(limit)}")
        where = None if category is None else {"category": {"eq": _check_category(category)}}
        await self._scan()
        gone = set() if include_superseded else self._index.superseded
        extra = self._index.slack(limit) if gone else 0
        query = check_query(query)
        found = await self._hits(query, where=where, limit=limit + extra)
        if gone and len(found) == limit + extra and sum(str(h.id) in gone for h in found) > extra:
            found = await self._hits(query, where=where, limit=limit + len(gone))
        hits = [
            {**_with_defaults(public(h.document)), "score": h.score}
            for h in found
            if str(h.id) not in gone
        ][:limit]
        return order_newer_first_on_contradiction(hits)

    async def _hits(
        self,
        query: str,
        *,
        where: dict[str, Any] | None,
        limit: int,
        select: tuple[str, ...] | None = None,
        min_similarity: float | None = None,
    ) -> Hits:
        """Ranked hits (documents without their embedding): hybrid when embeddings are available."""
        await self._semantic.ensure_embedded(self._collection)
        db = await self._collection.database()
        return await self._semantic.search(
            db, query, where=where, limit=limit, select=select, min_similarity=min_similarity
        )

    def _standing(self, db: Any) -> Entries:
        """The newest active standing instructions, as prompt rows."""
        rows = []
        for doc_id in self._index.newest_standing(_MAX_STANDING):
            doc = db.get(doc_id)
            if doc is not None:
                rows.append({k: doc.get(k) for k in _PROMPT_FIELDS} | {"id": doc_id})
        return rows

    async def format_context_for_prompt(self, query: str, max_tokens: int = 500) -> str:
        """``- [category] content`` lines within ``max_tokens`` (4 characters a token).

        First the standing instructions (categories in :data:`STANDING_CATEGORIES`:
        how to answer, how the user works), newest first, at most 8 and at most half
        the budget; then the facts relevant to ``query``, most relevant first. A fact
        counts as relevant when it shares a word with the query or its embedding's
        cosine with the query's is at least ``min_relevance`` (default
        :data:`DEFAULT_MIN_RELEVANCE`), so a query that matches nothing well adds
        nothing. Superseded facts are never shown; of two contradicting facts only
        the newer is, in the place of the better-ranked one. Each entry shown gets
        ``accessCount + 1``."""
        query = check_query(query)
        # (the heading's line comes out of the budget)
        budget = max(0, check_max_tokens(max_tokens) * CHARS_PER_TOKEN - len(USER_HEADING) - 1)
        limit = max(1, min(100, budget // 20))  # no line is shorter than ~20 characters
        await self._scan()
        db = await self._collection.database()
        standing = self._standing(db) if budget >= 20 and len(db) else []
        hits = await self._hits(
            query,
            where=None,
            limit=limit + self._index.slack(limit),
            select=_PROMPT_FIELDS,
            min_similarity=self.min_relevance,
        )
        chosen: list[dict[str, Any]] = []
        from amplify_memory.memory.similarity import ContradictionGuard

        guard = ContradictionGuard()  # the chosen entries' content
        used = 0
        taken: set[str] = set()

        def offer(doc: dict[str, Any], cap: int) -> None:
            nonlocal used
            if doc["id"] in taken or doc.get("superseded"):
                return
            cost = len(format_line(doc["category"], doc["content"])) + 1
            rival = guard.first(doc["content"])
            if rival is None:
                if used + cost <= cap + 1:  # the first line has no newline before it
                    chosen.append(doc)
                    guard.append(doc["content"])
                    taken.add(doc["id"])
                    used += cost
            elif _order(doc) > _order(chosen[rival]):
                old = chosen[rival]
                old_cost = len(format_line(old["category"], old["content"])) + 1
                if used - old_cost + cost <= cap + 1:
                    chosen[rival] = doc
                    guard.replace(rival, doc["content"])
                    taken.discard(old["id"])
                    taken.add(doc["id"])
                    used += cost - old_cost

        for row in standing:
            offer(row, budget // 2)
        for hit in hits:
            if budget - used < 20:
                break  # full: nothing more can fit
            offer({**hit.document, "id": hit.id}, budget)
        block = format_context_lines(
            ((c["id"], c["category"], c["content"]) for c in chosen),
            max_tokens,
            heading=USER_HEADING,
        )
        by_id = {c["id"]: c for c in chosen}
        await self._collection.patch_many(
            [(i, {"accessCount": int(by_id[i]["accessCount"]) + 1}) for i in block.ids]
        )
        return block.text


def _order(doc: Mapping[str, Any]) -> tuple[str, int, str]:
    """The order of writes: time, then the write counter (within one millisecond), then
    the id (two tabs writing at the same moment)."""
    return (str(doc.get("updatedAt") or ""), int(doc.get("seq") or 0), str(doc.get("id") or ""))


def _with_defaults(doc: dict[str, Any]) -> dict[str, Any]:
    """An entry with every fact field (those saved before the fields existed lack them)."""
    for key, value in _FACT_DEFAULTS.items():
        doc.setdefault(key, value)
    return doc
