"""A database's search: the checked plan of one call, then its execution over the full-text
(:mod:`._bm25`) and vector/hybrid (:mod:`._ranking`) modes, filters, facets, sorting and the
hits' projection."""

from __future__ import annotations

import time
from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from amplify_memory.errors import FilterError, InputTooLargeError, QueryError, describe
from amplify_memory.limits import MAX_INTEGER, MAX_QUERY_LENGTH, json_problem
from amplify_memory.search import _ranking as ranking
from amplify_memory.search._bm25 import FullTextScorer
from amplify_memory.search._core import DatabaseCore
from amplify_memory.search._defaults import DEFAULT_LIMIT, DEFAULT_SIMILARITY, MAX_TOLERANCE
from amplify_memory.search._facets import compute_facets
from amplify_memory.search._filters import Predicate, compile_where
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
from amplify_memory.search._schema import Property
from amplify_memory.search._tokenizer import segment_scripts
from amplify_memory.search._vector import vector_kernel

__all__ = ["DENSE_NORMS_MAX_LENGTH", "Searching"]

#: The longest field (in words) whose norms a kernel's ``fuse`` reads as a dense table
#: (8 bytes a length); a longer one is fused in Python.
DENSE_NORMS_MAX_LENGTH = 1 << 20


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


class Searching(DatabaseCore):
    """The search half of :class:`~amplify_memory.search.Database`."""

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
            select = getattr(predicate, "select", None)  # (a filter that reads many at once)
            if select is not None:
                live = select(live)
            elif predicate is not None:
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
        simple = plan.threshold == 1.0 and not (plan.exact or plan.prefix or plan.tolerance)
        query = plan.query
        if query is None:
            if plain and simple:
                pruned = self._scorer().top(plan.term, plan.fields, plan.boosts, plan.wanted)
                if pruned is not None:  # (exact: see FullTextScorer.top)
                    return None, pruned
            return self._fulltext(*fulltext), None
        column = self._state.vectors[query[0].path]
        cosines = ranking.kernel_cosines(column, query)
        vector_only = plan.mode == "vector"
        if cosines is not None and plain and vector_only:
            top = ranking.vector_top(cosines, plan.similarity, plan.wanted, vector_kernel())
            if top is not None:  # (exact: see ranking.vector_top)
                return None, top
        if cosines is not None and plain and simple and not vector_only and len(plan.fields) == 1:
            fused = self._fused(plan, cosines)  # (exact: the kernel scores every match)
            if fused is not None:
                return None, fused
        text = {} if vector_only else self._fulltext(*fulltext) or {}
        if cosines is not None and plain and not vector_only:  # (exact: see ranking.hybrid_top)
            top = ranking.hybrid_top(
                text, cosines, plan.similarity, plan.weights, plan.wanted, vector_kernel()
            )
            if top is not None:
                return None, top
        vec_scores = ranking.vector_scores(column, query, plan.similarity, plan.predicate, cosines)
        return (vec_scores if vector_only else ranking.fuse(text, vec_scores, plan.weights)), None

    def _fused(self, plan: _Plan, cosines: array[float]) -> tuple[int, dict[int, float]] | None:
        """A plain hybrid search over one field by the kernel's ``fuse`` (None: there is
        no such kernel, or a field length too long for a dense norm table: Python fuses)."""
        kernel = vector_kernel()
        if getattr(kernel, "fuse", None) is None:
            return None
        st = self._state
        field = plan.fields[0]
        fi = st.fields[field]
        if max(fi.length_counts, default=0) > DENSE_NORMS_MAX_LENGTH:
            return None
        lists = self._scorer().posting_lists(plan.term, field, plan.boosts[field])
        params = (self._k1 + 1.0, plan.similarity, *plan.weights)
        norms = fi.norm_array(self._k1, self._b)
        return ranking.kernel_fuse(
            lists, fi.lengths, norms, cosines, st.dropped, params, plan.wanted, kernel
        )

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
        if not (include_vectors and vector_tops & set(keys)):
            pick = self._state.docs.pick
            return lambda d: pick(d, keys)  # (from the row: no whole document made)

        def project(d: int) -> dict[str, Any]:
            doc = self._full_copy(d)  # (a copy already: its values are the hit's own)
            return {k: doc[k] for k in keys if k in doc}

        return project

    def _stored_copy(self, d: int) -> dict[str, Any]:
        """A copy of document ``d`` without its vectors."""
        return self._state.docs.copy(d)  # type: ignore[return-value]

    def _full_copy(self, d: int) -> dict[str, Any]:
        """A copy of document ``d`` with its vectors."""
        st = self._state
        return st.document(d, st.docs.copy(d))  # type: ignore[arg-type]

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


def _is_no_space(word: str) -> bool:
    return not word.isascii() and any(is_bigram for _, is_bigram in segment_scripts(word))
