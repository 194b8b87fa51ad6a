"""The :class:`Database`: documents, their BM25 and vector indexes, search and snapshots."""

from __future__ import annotations

import gc
import math
import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from amplify_memory.errors import (
    ConfigurationError,
    DocumentNotFoundError,
    DocumentValidationError,
    DuplicateDocumentError,
    FilterError,
    InputTooLargeError,
    QueryError,
    SchemaError,
    SnapshotError,
    describe,
)
from amplify_memory.limits import (
    MAX_INTEGER,
    MAX_QUERY_LENGTH,
    check_vector_norm,
    is_number,
    json_problem,
)
from amplify_memory.search import _ranking as ranking
from amplify_memory.search._bm25 import FullTextScorer
from amplify_memory.search._defaults import (
    DEFAULT_B,
    DEFAULT_K1,
    DEFAULT_LANGUAGE,
    DEFAULT_LIMIT,
    DEFAULT_SIMILARITY,
    MAX_TOLERANCE,
)
from amplify_memory.search._facets import compute_facets
from amplify_memory.search._filters import Predicate, compile_where
from amplify_memory.search._index import DocAnalysis, State
from amplify_memory.search._query import (
    MODES,
    Mode,
    VectorQuery,
    boosts,
    check_int,
    check_number,
    searched_fields,
    sort_spec,
    vector_query,
)
from amplify_memory.search._query import hybrid_weights as check_hybrid_weights
from amplify_memory.search._results import Hit, SearchResult
from amplify_memory.search._schema import (
    JSON_SCALARS,
    Property,
    copy_json,
    get_path,
    parse_schema,
    validate_document,
)
from amplify_memory.search._snapshot import decode_state, empty_state, encode_state, read_header
from amplify_memory.search._tokenizer import Tokenizer, segment_scripts
from amplify_memory.search._vector import (
    pack_vector,
    unpack_vector,
    vector_kernel,
)

__all__ = ["Database"]


@dataclass(frozen=True, slots=True)
class _Plan:
    """A search's checked arguments (:meth:`Database._plan`)."""

    term: str
    fields: list[str]
    boosts: dict[str, float]
    threshold: float
    exact: bool
    prefix: bool
    tolerance: int
    predicate: Predicate | None
    sort_key: tuple[Property, bool] | None
    facets: bool
    copy: Callable[[int], dict[str, Any]]
    mode: Mode
    query: VectorQuery | None
    similarity: float
    weights: tuple[float, float]
    offset: int
    wanted: int


class Database:
    """An in-memory full-text (BM25) and vector search database over JSON documents.

    >>> db = Database({"id": "string", "content": "string", "confidence": "number"})
    >>> db.insert({"id": "m1", "content": "Prefers TypeScript over JavaScript"})
    'm1'
    >>> db.insert({"id": "m2", "content": "Uses tabs, not spaces", "confidence": 0.4})
    'm2'
    >>> [hit.id for hit in db.search("typescript preference").hits]
    ['m1']

    Settings (all stored in snapshots):

    - ``language``: a Snowball language (:data:`SUPPORTED_LANGUAGES`), default English.
    - ``stemming``: stem words (default on); ``stop_words``: ``None`` = the language
      default (English list for English), a bool, or a list of words.
    - ``fold_accents``: fold "é" to "e" (default on); ``split``: a custom word splitter
      ``str -> list[str]`` (not serialisable: pass it again to :meth:`from_snapshot`).
    - ``k1``, ``b``: BM25 parameters (see :mod:`amplify_memory.search._scoring`).

    Documents are kept in insertion order, which breaks score ties. :meth:`update`
    keeps a document's position; :meth:`remove` then :meth:`insert` moves it to the end.
    """

    def __init__(
        self,
        schema: Mapping[str, Any],
        *,
        language: str = DEFAULT_LANGUAGE,
        stemming: bool = True,
        stop_words: bool | Iterable[str] | None = None,
        fold_accents: bool = True,
        split: Callable[[str], Sequence[str]] | None = None,
        k1: float = DEFAULT_K1,
        b: float = DEFAULT_B,
    ) -> None:
        self._props: dict[str, Property] = parse_schema(schema)
        self._schema: dict[str, Any] = copy_json(schema)
        self._tokenizer = Tokenizer(
            language,
            stemming=stemming,
            stop_words=stop_words,
            fold_accents=fold_accents,
            split=split,
        )
        for name, value, high in (("k1", k1, 1000.0), ("b", b, 1.0)):
            if not is_number(value) or not 0.0 <= value <= high:
                bounds = "between 0 and 1" if name == "b" else "between 0 and 1000"
                raise ConfigurationError(
                    f"{name} expected a number {bounds}, got {describe(value)}"
                )
        self._k1 = float(k1)
        self._b = float(b)
        # the id is a key, not text: it is not full-text indexed
        self._string_fields = [
            p.path for p in self._props.values() if p.base == "string" and p.path != "id"
        ]
        self._vector_fields = [p.path for p in self._props.values() if p.base == "vector"]
        self._state = empty_state(self._props)

    # -- introspection -----------------------------------------------------------

    @property
    def schema(self) -> dict[str, Any]:
        """A copy of the schema."""
        schema: dict[str, Any] = copy_json(self._schema)
        return schema

    @property
    def properties(self) -> Mapping[str, Property]:
        """The flattened schema: dotted path -> :class:`Property`."""
        return self._props

    @property
    def settings(self) -> dict[str, Any]:
        """Tokenizer and scoring settings, as stored in snapshots."""
        return {**self._tokenizer.settings(), "k1": self._k1, "b": self._b}

    @property
    def tokenizer(self) -> Tokenizer:
        """The analysis pipeline shared by documents and queries."""
        return self._tokenizer

    def __len__(self) -> int:
        return len(self._state.by_id)

    def __contains__(self, doc_id: object) -> bool:
        return isinstance(doc_id, str) and doc_id in self._state.by_id

    def find_text(self, prop: str, text: str) -> list[str]:
        """Ids of the documents whose string property ``prop`` is ``text``, white space
        and case aside, in insertion order. Only the documents holding ``text``'s rarest
        term are read (:meth:`_docs_with_all_terms`), so the cost is that term's posting
        list, not the store."""
        field = self._props.get(prop) if isinstance(prop, str) else None
        if field is None or field.base != "string" or field.is_array or prop == "id":
            raise QueryError(
                f"find_text expected a string property, got {describe(prop)}; expected one "
                "of: " + ", ".join(n for n in self._string_fields if not self._props[n].is_array)
            )
        if not isinstance(text, str):
            raise QueryError(f"find_text expected text, got {describe(text)}")
        st = self._state
        candidates: Iterable[int] = sorted(self._docs_with_all_terms(prop, text))
        if not candidates and not self._tokenizer.terms(text):
            candidates = st.live()  # (no term at all: stop words only, or nothing)
        key = " ".join(text.split()).casefold()
        found = []
        for d in candidates:
            value = self._value(d, field)
            if isinstance(value, str) and " ".join(value.split()).casefold() == key:
                found.append(st.ids[d])
        return found  # type: ignore[return-value]

    def __repr__(self) -> str:
        return f"Database({len(self)} documents, language={describe(self._tokenizer.language)})"

    def ids(self) -> list[str]:
        """Ids of all documents, in insertion order."""
        st = self._state
        return [st.ids[d] for d in st.live()]  # type: ignore[misc]

    def get(self, doc_id: str) -> dict[str, Any] | None:
        """A copy of the document with ``doc_id``, or ``None``."""
        d = self._state.by_id.get(_check_id(doc_id))
        if d is None:
            return None
        st = self._state
        return st.document(d, copy_json(st.docs[d]))

    # -- writing -----------------------------------------------------------------

    def _prepare(self, doc: Any) -> tuple[str, dict[str, Any]]:
        """Validate and copy ``doc``, giving it an id when it has none."""
        validate_document(doc, self._props, whole=True)
        doc_id = doc.get("id")
        if doc_id is not None and (not isinstance(doc_id, str) or not doc_id):
            raise DocumentValidationError("id", "a non-empty string", doc_id)
        copy: dict[str, Any] = copy_json(doc)
        if doc_id is None:
            doc_id = os.urandom(16).hex()  # (uuid4's length; uuid costs 30 ms to import)
            copy["id"] = doc_id
        return doc_id, copy

    def _analyze(self, doc: Mapping[str, Any]) -> DocAnalysis:
        fields: dict[str, tuple[dict[str, int], int]] = {}
        surfaces: set[str] = set()
        vectors: dict[str, list[float]] = {}
        analyze = self._tokenizer.analyze
        for prop in self._props.values():
            value = get_path(doc, prop.keys)
            if value is None:
                continue
            if prop.base == "string":
                if prop.path == "id":
                    continue
                tfs, words, length = analyze(value if prop.is_array else (value,))
                if length:
                    fields[prop.path] = (tfs, length)
                    surfaces |= words
            elif prop.base == "vector":
                vectors[prop.path] = value
        return fields, surfaces, vectors

    def insert(self, doc: Mapping[str, Any]) -> str:
        """Add one document and return its id (generated when the document has none).

        Raises :class:`DocumentValidationError` (with the property path),
        :class:`VectorLengthError` or :class:`DuplicateDocumentError`; nothing is
        stored when it raises.
        """
        doc_id, copy = self._prepare(doc)
        if doc_id in self._state.by_id:
            raise DuplicateDocumentError(doc_id)
        self._state.add(doc_id, copy, self._analyze(copy))
        return doc_id

    def insert_multiple(self, docs: Iterable[Mapping[str, Any]]) -> list[str]:
        """Add several documents; all are validated before any is stored."""
        prepared = [self._prepare(doc) for doc in _check_many(docs, "docs")]
        seen: set[str] = set()
        for doc_id, _ in prepared:
            if doc_id in seen or doc_id in self._state.by_id:
                raise DuplicateDocumentError(doc_id)
            seen.add(doc_id)
        added: list[str] = []
        # Indexing allocates many small dicts and no cycles; pausing the cyclic
        # collector meanwhile saves ~10-15% of a bulk build.
        gc_was_enabled = gc.isenabled()
        gc.disable()
        try:
            for doc_id, copy in prepared:
                self._state.add(doc_id, copy, self._analyze(copy))
                added.append(doc_id)
        except BaseException:  # a custom split function failed: undo the batch
            for doc_id in reversed(added):
                self.remove(doc_id)
            raise
        finally:
            if gc_was_enabled:
                gc.enable()
        return added

    def update(self, doc_id: str, doc: Mapping[str, Any]) -> str:
        """Replace the document ``doc_id`` by ``doc``, keeping its position.

        ``doc`` may omit the id; if it has one, it must be ``doc_id``.
        Raises :class:`DocumentNotFoundError` for an unknown id.
        """
        st = self._state
        d = st.by_id.get(_check_id(doc_id))
        if d is None:
            raise DocumentNotFoundError(doc_id)
        if isinstance(doc, Mapping) and doc.get("id") is None:
            doc = {**doc, "id": doc_id}
        new_id, copy = self._prepare(doc)
        if new_id != doc_id:
            raise DocumentValidationError(
                "id",
                f"{describe(doc_id)} (the id being updated)",
                new_id,
                "remove the old document and insert the new one to change an id",
            )
        old = st.docs[d]
        assert old is not None
        self._replace(d, old, copy, (*self._string_fields, *self._vector_fields))
        return doc_id

    def _replace(
        self, d: int, old: dict[str, Any], new: dict[str, Any], indexed: Iterable[str]
    ) -> None:
        """Store ``new`` as document ``d`` in place of ``old``, re-indexing it unless none
        of the ``indexed`` properties changed (e.g. a counter: the index stands)."""
        st = self._state
        props, columns = self._props, st.vectors
        if all(
            columns[n].holds(d, get_path(new, props[n].keys))
            if n in columns
            else get_path(old, props[n].keys) == get_path(new, props[n].keys)
            for n in indexed
        ):
            st.docs[d] = st.strip(new)
            return
        new_analysis = self._analyze(new)  # (a vector left out of `indexed` is kept)
        st.unindex(d, self._analyze(old), [n for n in indexed if n in columns])
        st.docs[d] = st.strip(new)
        st.index(d, new_analysis)

    def patch(self, doc_id: str, changes: Mapping[str, Any]) -> str:
        """Set some top-level properties of the document ``doc_id``; the others keep
        their values (``update`` with the stored document and ``changes`` merged).

        Only the changed properties are validated and, when they are indexed,
        re-indexed, so a counter costs next to nothing. A value of ``None`` removes the
        property. Raises :class:`DocumentNotFoundError` for an unknown id, and
        :class:`DocumentValidationError` (nothing changed) for an invalid value or an
        attempt to change the id.
        """
        st = self._state
        d = st.by_id.get(_check_id(doc_id))
        if d is None:
            raise DocumentNotFoundError(doc_id)
        if not isinstance(changes, Mapping):
            raise DocumentValidationError("<changes>", "a dict of property -> value", changes)
        for key in changes:
            if not isinstance(key, str) or "." in key:
                raise DocumentValidationError(
                    str(key),
                    "a top-level property name (a string without '.')",
                    key,
                    "patch a nested property by giving its whole object",
                )
        if "id" in changes and changes["id"] != doc_id:
            raise DocumentValidationError(
                "id",
                f"{describe(doc_id)} (the id being patched)",
                changes["id"],
                "remove the old document and insert the new one to change an id",
            )
        changed = {p.path: p for p in self._props.values() if p.keys[0] in changes}
        validate_document(changes, changed, whole=True)
        old = st.docs[d]
        assert old is not None
        copy = {**old, **copy_json(dict(changes))}  # unchanged values are shared, never mutated
        for key, value in changes.items():
            if value is None:
                del copy[key]
        indexed = [n for n in (*self._string_fields, *self._vector_fields) if n in changed]
        self._replace(d, old, copy, indexed)
        return doc_id

    def remove(self, doc_id: str) -> bool:
        """Remove the document ``doc_id``; ``False`` when there is none."""
        st = self._state
        d = st.by_id.get(_check_id(doc_id))
        if d is None:
            return False
        doc = st.docs[d]
        assert doc is not None
        st.unindex(d, self._analyze(doc))
        st.drop(d)
        return True

    def remove_multiple(self, doc_ids: Iterable[str]) -> int:
        """Remove several documents; returns how many existed."""
        ids = [_check_id(doc_id) for doc_id in _check_many(doc_ids, "doc_ids")]
        return sum(self.remove(doc_id) for doc_id in ids)

    # -- filter context ------------------------------------------------------------

    def _value(self, doc: int, prop: Property) -> Any:
        """The value of ``prop`` in document number ``doc`` (``None`` when absent)."""
        stored = self._state.docs[doc]
        if stored is None:
            return None
        if len(prop.keys) == 1:
            return stored.get(prop.keys[0])
        return get_path(stored, prop.keys)

    def _docs_with_all_terms(self, path: str, text: str) -> set[int]:
        """Document numbers whose string field ``path`` holds every term of ``text``."""
        st = self._state
        if path not in st.fields:  # the id: exact value
            d = st.by_id.get(text)
            return set() if d is None else {d}
        terms = self._tokenizer.terms(text)
        postings = st.fields[path].postings
        lists = [postings.get(t) for t in dict.fromkeys(terms)]
        if not lists or any(pl is None for pl in lists):
            return set()
        found = [pl for pl in lists if pl is not None]
        found.sort(key=len)
        result = set(found[0])
        for pl in found[1:]:
            result.intersection_update(pl)
        return result

    # -- search --------------------------------------------------------------------

    def search(
        self,
        term: str = "",
        properties: Sequence[str] | str | None = None,
        where: Mapping[str, Any] | None = None,
        limit: int = DEFAULT_LIMIT,
        offset: int = 0,
        threshold: float = 1.0,
        exact: bool = False,
        prefix: bool = False,
        tolerance: int = 0,
        boost: Mapping[str, float] | None = None,
        sort_by: str | Mapping[str, str] | None = None,
        facets: Mapping[str, Any] | None = None,
        mode: Mode = "fulltext",
        vector: Mapping[str, Any] | None = None,
        similarity: float = DEFAULT_SIMILARITY,
        hybrid_weights: Mapping[str, float] | None = None,
        include_vectors: bool = True,
        select: Sequence[str] | None = None,
    ) -> SearchResult:
        """Search the documents.

        ``term``: the query text; empty returns every document (that passes ``where``)
        with score 0, in insertion order; a term made only of stop words matches
        nothing (unless ``prefix`` expands its last word). ``properties``: the string
        fields searched (default all). ``where``: a filter (see
        :mod:`amplify_memory.search._filters`).
        ``limit``/``offset``: the page. ``threshold``: 1 = documents matching any query
        term, 0 = all terms, in between at least ``ceil((1 - threshold) * T)`` of the
        ``T`` distinct query terms. ``exact``: keep only documents whose searched text
        has every query word as a whole word (case-insensitive, on the original text).
        ``prefix``: also match words starting with the last query word. ``tolerance``:
        also match words within that many edits (0-3). Prefix and fuzzy matches are
        weighted below exact ones (:func:`prefix_weight`, :func:`fuzzy_weight`) and
        never get a higher idf than the exact term. ``boost``: field -> multiplier.
        ``sort_by``: a property or ``{"property": p, "order": "ASC"|"DESC"}`` instead of
        relevance (missing values last, ties in insertion order). ``facets``: see
        :mod:`amplify_memory.search._facets`. ``mode``: ``"fulltext"``, ``"vector"``
        (cosine >= ``similarity`` against ``vector={"value": [...], "property": p}``)
        or ``"hybrid"`` (``hybrid_weights`` x max-normalised text and vector scores).

        ``include_vectors=False``: the hits' documents come without their vector
        properties (cheaper when the caller does not need them). ``select``: top-level
        properties of the schema to return (the id always comes); the hits' documents
        hold only those.

        Scores tie-break by insertion order, so results are deterministic.
        """
        started = time.perf_counter()
        plan = self._plan(
            term, properties, where, limit, offset, threshold, exact, prefix, tolerance,
            boost, sort_by, facets, mode, vector, similarity, hybrid_weights,
            include_vectors, select,
        )  # fmt: skip
        scores, pruned = self._scores(plan)
        if pruned is not None:  # an exact top-k found without scoring every match
            count, best = pruned
            ordered = ranking.top(best, plan.wanted)[plan.offset :]
            return self._result(count, best, ordered, None, plan.copy, started)

        st = self._state
        predicate = plan.predicate
        if scores is None:  # empty term: every document
            live = st.live()
            if predicate is not None:
                live = [d for d in live if predicate(d)]
            candidates = dict.fromkeys(live, 0.0)
        elif predicate is not None:
            candidates = {d: s for d, s in scores.items() if predicate(d)}
        else:
            candidates = scores

        facet_counts = None
        if facets is not None:
            facet_counts = compute_facets(facets, candidates, self._props, self._value)

        if plan.sort_key is not None:
            ordered = self._sorted_by(candidates, *plan.sort_key)[plan.offset : plan.wanted]
        elif scores is None:
            ordered = list(candidates)[plan.offset : plan.wanted]
        else:
            ordered = ranking.top(candidates, plan.wanted)[plan.offset :]
        return self._result(len(candidates), candidates, ordered, facet_counts, plan.copy, started)

    def _plan(
        self,
        term: str,
        properties: Sequence[str] | str | None,
        where: Mapping[str, Any] | None,
        limit: int,
        offset: int,
        threshold: float,
        exact: bool,
        prefix: bool,
        tolerance: int,
        boost: Mapping[str, float] | None,
        sort_by: str | Mapping[str, str] | None,
        facets: Mapping[str, Any] | None,
        mode: Mode,
        vector: Mapping[str, Any] | None,
        similarity: float,
        hybrid_weights: Mapping[str, float] | None,
        include_vectors: bool,
        select: Sequence[str] | None,
    ) -> _Plan:
        """:meth:`search`'s arguments checked (every bad one fails before any work)."""
        if not isinstance(term, str):
            raise QueryError(f"term expected a string, got {describe(term)}")
        if len(term) > MAX_QUERY_LENGTH:
            raise InputTooLargeError(
                f"term is {len(term)} characters long; at most {MAX_QUERY_LENGTH} allowed",
                limit="MAX_QUERY_LENGTH",
            )
        if mode not in MODES:
            raise QueryError(f"mode expected one of {', '.join(MODES)}, got {describe(mode)}")
        limit = check_int("limit", limit, 0, MAX_INTEGER)
        offset = check_int("offset", offset, 0, MAX_INTEGER)
        threshold = check_number("threshold", threshold, 0.0, 1.0)
        tolerance = check_int("tolerance", tolerance, 0, MAX_TOLERANCE)
        similarity = check_number("similarity", similarity, -1.0, 1.0)
        for name, flag in (
            ("exact", exact),
            ("prefix", prefix),
            ("include_vectors", include_vectors),
        ):
            if not isinstance(flag, bool):
                raise QueryError(f"{name} expected a bool, got {describe(flag)}")
        fields = searched_fields(self._string_fields, properties)
        field_boosts = boosts(self._string_fields, boost, fields)
        if where is not None:
            problem = json_problem(where)
            if problem is not None:
                raise FilterError(f"where must be a JSON object of clauses; it has {problem}")
        predicate = compile_where(where, self) if where is not None else None
        sort_key = sort_spec(self._props, sort_by) if sort_by is not None else None
        copy = self._projection(select, include_vectors)
        query = (
            None if mode == "fulltext" else vector_query(self._props, self._vector_fields, vector)
        )
        weights = check_hybrid_weights(hybrid_weights) if mode == "hybrid" else (0.0, 0.0)
        return _Plan(
            term, fields, field_boosts, threshold, exact, prefix, tolerance, predicate,
            sort_key, facets is not None, copy, mode, query, similarity, weights, offset,
            offset + limit,
        )  # fmt: skip

    def _scores(
        self, plan: _Plan
    ) -> tuple[dict[int, float] | None, tuple[int, dict[int, float]] | None]:
        """The scores of the plan's matches (None: an empty term, every document), or
        ``(count, scores of a set holding the best)`` when a pruned search proved its
        top exact (a plain query: no filter, facets or sorting)."""
        fulltext = (
            plan.term, plan.fields, plan.boosts, plan.threshold, plan.exact, plan.prefix,
            plan.tolerance,
        )  # fmt: skip
        plain = plan.predicate is None and not plan.facets and plan.sort_key is None
        query = plan.query
        if query is None:
            simple = plan.threshold == 1.0 and not (plan.exact or plan.prefix or plan.tolerance)
            if plain and simple:
                pruned = self._scorer().top(plan.term, plan.fields, plan.boosts, plan.wanted)
                if pruned is not None:  # (exact: see FullTextScorer.top)
                    return None, pruned
            return self._fulltext(*fulltext), None
        column = self._state.vectors[query[0].path]
        cosines = ranking.kernel_cosines(column, query)
        vector_only = plan.mode == "vector"
        text = {} if vector_only else self._fulltext(*fulltext) or {}
        if cosines is not None and plain and not vector_only:  # (exact: see ranking.hybrid_top)
            top = ranking.hybrid_top(
                text, cosines, plan.similarity, plan.weights, plan.wanted, vector_kernel()
            )
            if top is not None:
                return None, top
        vec_scores = ranking.vector_scores(column, query, plan.similarity, plan.predicate, cosines)
        return (vec_scores if vector_only else ranking.fuse(text, vec_scores, plan.weights)), None

    def _result(
        self,
        count: int,
        scores: Mapping[int, float],
        ordered: list[int],
        facet_counts: dict[str, Any] | None,
        copy: Callable[[int], dict[str, Any]],
        started: float,
    ) -> SearchResult:
        st = self._state
        hits = [Hit(st.ids[d], scores[d], copy(d)) for d in ordered]  # type: ignore[arg-type]
        elapsed = (time.perf_counter() - started) * 1000.0
        return SearchResult(count, hits, facet_counts, elapsed)

    def _projection(
        self, select: Sequence[str] | None, include_vectors: bool
    ) -> Callable[[int], dict[str, Any]]:
        """How a hit's document is copied, by document number: whole, without vectors
        (the stored form: vectors are kept apart, see State) or only ``select``."""
        if select is None:
            if include_vectors and self._vector_fields:
                return self._full_copy
            return self._stored_copy
        if isinstance(select, str) or not isinstance(select, Sequence):
            raise QueryError(f"select expected a list of property names, got {describe(select)}")
        names = list(self._schema)
        for name in select:
            if not isinstance(name, str):
                raise QueryError(f"select expected property names (strings), got {describe(name)}")
            if name != "id" and name not in self._schema:
                raise QueryError(
                    f"select: {describe(name)} is not a top-level property; expected some of: "
                    + ", ".join(names)
                )
        keys = tuple(dict.fromkeys(["id", *select]))
        vector_tops = {self._props[n].keys[0] for n in self._vector_fields}
        source = self._full_copy if include_vectors and vector_tops & set(keys) else self._stored

        def project(d: int) -> dict[str, Any]:
            doc = source(d)
            return {
                k: v if type(v) in JSON_SCALARS else copy_json(v)
                for k in keys
                if k in doc
                for v in (doc[k],)
            }

        return project

    def _stored(self, d: int) -> dict[str, Any]:
        return self._state.docs[d]  # type: ignore[return-value]

    def _stored_copy(self, d: int) -> dict[str, Any]:
        """A copy of document ``d`` without its vectors."""
        return copy_json(self._state.docs[d])  # type: ignore[no-any-return]

    def _full_copy(self, d: int) -> dict[str, Any]:
        """A copy of document ``d`` with its vectors."""
        st = self._state
        return st.document(d, copy_json(st.docs[d]))

    def _scorer(self) -> FullTextScorer:
        return FullTextScorer(self._state, self._tokenizer, self._k1, self._b)

    def _fulltext(
        self,
        term: str,
        fields: list[str],
        boosts: dict[str, float],
        threshold: float,
        exact: bool,
        prefix: bool,
        tolerance: int,
    ) -> dict[int, float] | None:
        """BM25 scores of the matching documents (``exact``: only those holding every
        query word as a whole word); ``None`` for an empty query."""
        scores = self._scorer().scores(term, fields, boosts, threshold, prefix, tolerance)
        if exact and scores:
            scores = self._exact_filter(scores, term, fields)
        return scores

    def _exact_filter(
        self, scores: dict[int, float], term: str, fields: list[str]
    ) -> dict[int, float]:
        tok = self._tokenizer
        wanted = [w.casefold() for w in tok.words(term)]
        if not wanted:
            return scores
        props = [self._props[f] for f in fields]
        kept: dict[int, float] = {}
        for d, s in scores.items():
            texts: list[str] = []
            for prop in props:
                value = self._value(d, prop)
                if value is not None:
                    texts.extend(value if prop.is_array else (value,))
            words = {w.casefold() for text in texts for w in tok.words(text)}
            folded_text = "\n".join(texts).casefold()
            if all((w in folded_text) if _is_no_space(w) else (w in words) for w in wanted):
                kept[d] = s
        return kept

    def _sorted_by(self, candidates: Mapping[int, float], prop: Property, desc: bool) -> list[int]:
        present: list[tuple[Any, int]] = []
        missing: list[int] = []
        for d in sorted(candidates):
            v = self._value(d, prop)
            if v is None:
                missing.append(d)
            else:
                present.append(((0, v) if not isinstance(v, str) else (1, v), d))
        present.sort(key=lambda item: item[0], reverse=desc)  # stable: ties keep order
        return [d for _, d in present] + missing

    # -- snapshots -----------------------------------------------------------------

    def pack_vectors(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        """A shallow copy of ``doc`` (a document, or a patch's changes) whose top-level
        vectors are packed (:func:`~amplify_memory.search._vector.pack_vector`): how a
        persisted store writes a change to its journal. A value that is not a valid
        vector is copied as it is (the database's validation names it)."""
        out = dict(doc)
        for name in self._vector_fields:
            prop = self._props[name]
            value = out.get(name) if len(prop.keys) == 1 else None
            if (
                isinstance(value, list | tuple)
                and len(value) == prop.dimension
                and set(map(type, value)) <= {int, float}
                and check_vector_norm(value)  # first: bounds ints too large for a float
                and all(map(math.isfinite, value))
            ):
                out[name] = pack_vector(value)
        return out

    def unpack_vectors(self, doc: Mapping[str, Any]) -> dict[str, Any]:
        """:meth:`pack_vectors` undone: packed vectors become lists of numbers again."""
        out = dict(doc)
        for name in self._vector_fields:
            prop = self._props[name]
            if len(prop.keys) == 1 and isinstance(out.get(name), dict):
                values = unpack_vector(out[name], prop.dimension or 0)
                if values is not None:
                    out[name] = values
        return out

    def save(self, *, copy: bool = True) -> dict[str, Any]:
        """A JSON-serialisable snapshot: schema, settings, documents and the index.

        See :mod:`amplify_memory.search._snapshot` for the format. ``copy=False`` shares
        the stored documents with the snapshot instead of copying them: for a caller that
        serialises it at once and never changes it (a persisted store's write), which
        then holds one copy of the store less.
        """
        return encode_state(self._state, self._schema, self.settings, copy=copy)

    def load(self, raw: Mapping[str, Any]) -> None:
        """Replace the contents and settings of this database by a snapshot's.

        The snapshot's schema must equal this database's (use :meth:`from_snapshot`
        otherwise). Raises :class:`SnapshotError` and changes nothing when the
        snapshot is of an unknown format or version, or corrupt.
        """
        schema, settings = read_header(raw)
        try:
            props = parse_schema(schema)
        except SchemaError as err:
            raise SnapshotError(f"corrupt snapshot: bad schema: {err}") from err
        if props != self._props:
            raise SnapshotError(
                "the snapshot's schema differs from this database's; "
                "use Database.from_snapshot(raw) to restore it with its own schema"
            )
        tokenizer, k1, b = self._settings_from(settings)
        state = decode_state(raw, props)
        _check_index_sample(state, props, tokenizer)
        self._tokenizer, self._k1, self._b = tokenizer, k1, b
        self._schema = copy_json(schema)
        self._state = state

    def _settings_from(self, settings: Mapping[str, Any]) -> tuple[Tokenizer, float, float]:
        try:
            custom = settings.get("custom_split", False)
            if custom and self._tokenizer.split is None:
                raise SnapshotError(
                    "the snapshot was built with a custom split function; pass it: "
                    "Database.from_snapshot(raw, split=...)"
                )
            options = {
                "language": settings["language"],
                "stemming": settings["stemming"],
                "stop_words": settings["stop_words"],
                "fold_accents": settings["fold_accents"],
            }
            split = self._tokenizer.split if custom else None
            current = self._tokenizer.settings()
            if all(current[k] == v for k, v in options.items()) and (
                split is self._tokenizer.split
            ):
                tokenizer = self._tokenizer
            else:
                tokenizer = Tokenizer(
                    options["language"],
                    stemming=options["stemming"],
                    stop_words=options["stop_words"],
                    fold_accents=options["fold_accents"],
                    split=split,
                )
            k1, b = settings["k1"], settings["b"]
            for value, high in ((k1, 1000.0), (b, 1.0)):
                if not is_number(value) or not 0.0 <= value <= high:
                    raise SnapshotError(f"corrupt snapshot: bad k1/b setting {describe(value)}")
        except SnapshotError:
            raise
        except (KeyError, TypeError, ConfigurationError) as err:
            raise SnapshotError(f"corrupt snapshot: bad settings: {err}") from err
        return tokenizer, float(k1), float(b)

    @classmethod
    def from_snapshot(
        cls, raw: Mapping[str, Any], *, split: Callable[[str], Sequence[str]] | None = None
    ) -> Database:
        """A new database restored from ``raw``, with the snapshot's schema and settings.

        ``split`` must be given again when the snapshot was built with one.
        """
        schema, settings = read_header(raw)
        try:
            db = cls(
                schema,
                language=settings["language"],
                stemming=settings["stemming"],
                stop_words=settings["stop_words"],
                fold_accents=settings["fold_accents"],
                split=split,
                k1=settings["k1"],
                b=settings["b"],
            )
        except (KeyError, TypeError, ConfigurationError, SchemaError) as err:
            raise SnapshotError(f"corrupt snapshot: {err}") from err
        db.load(raw)
        return db


#: How many documents a load re-analyses to check that the index agrees with the text.
INDEX_SAMPLE: Final = 32


def _check_index_sample(state: State, props: Mapping[str, Property], tokenizer: Tokenizer) -> None:
    """Re-analyse up to :data:`INDEX_SAMPLE` documents spread over a loaded snapshot and
    raise :class:`SnapshotError` when the index disagrees with their text (lengths or
    postings): a snapshot written by another program, or damaged. What a sample misses,
    search, remove and save survive (stale postings are skipped and not saved again)."""
    n = len(state.docs)
    if not n or not state.fields or INDEX_SAMPLE <= 0:
        return
    step = max(1, n // INDEX_SAMPLE)
    for d in range(0, n, step):
        doc = state.docs[d]
        assert doc is not None
        for name, fi in state.fields.items():
            value = get_path(doc, props[name].keys)
            tfs: dict[str, int] = {}
            length = 0
            if value is not None:
                tfs, _, length = tokenizer.analyze(value if props[name].is_array else (value,))
            if length != fi.lengths[d] or any(
                (fi.postings.get(term) or {}).get(d) != tf for term, tf in tfs.items()
            ):
                raise SnapshotError(
                    f"corrupt snapshot: the {describe(name)} index disagrees with the text of "
                    f"document {describe(state.ids[d])}"
                )


def _check_many(values: object, what: str) -> list[Any]:
    """A batch argument: a list or tuple (a generator is read once, here)."""
    if isinstance(values, list | tuple):
        return list(values)
    if isinstance(values, Iterable) and not isinstance(values, str | bytes | Mapping):
        return list(values)
    raise DocumentValidationError(f"<{what}>", "a list", values)


def _check_id(doc_id: object) -> str:
    """A document id given to get/update/patch/remove: a string."""
    if not isinstance(doc_id, str):
        raise DocumentValidationError("id", "a string (a document id)", doc_id)
    return doc_id


def _is_no_space(word: str) -> bool:
    return not word.isascii() and any(is_bigram for _, is_bigram in segment_scripts(word))
