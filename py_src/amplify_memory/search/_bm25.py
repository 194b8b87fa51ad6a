"""Full-text scoring: BM25 over a database's inverted index, with prefix and typo
expansions of the query's words, and the exact top-k of plain queries by MaxScore.

A :class:`FullTextScorer` is made for one query over a database's current state; the
formula and its parameters are in :mod:`amplify_memory.search._scoring`."""

from __future__ import annotations

import heapq
import math
import struct
from array import array
from dataclasses import dataclass

from amplify_memory.limits import MAX_FUZZY_WORD_LENGTH, MAX_FUZZY_WORDS
from amplify_memory.search._index import State
from amplify_memory.search._scoring import fuzzy_weight, idf, prefix_weight
from amplify_memory.search._tokenizer import Tokenizer

__all__ = ["FULLTEXT_PRUNE_MIN", "FULLTEXT_PRUNE_SHARE", "FullTextScorer", "QueryTerm"]

#: A plain full-text query reading fewer postings than this scores them all (see
#: :meth:`FullTextScorer.top`); above it, the common terms are read for the documents the
#: rare ones found, as long as the rare lists hold at most 1 / FULLTEXT_PRUNE_SHARE of
#: the postings.
FULLTEXT_PRUNE_MIN = 1024
FULLTEXT_PRUNE_SHARE = 4


@dataclass(slots=True)
class QueryTerm:
    term: str  # "" for a stop word kept only as a prefix
    surface: str
    qtf: int
    prefix: bool


class FullTextScorer:
    """BM25 scoring of one query over ``state`` (its fields' postings and lengths),
    analysed by ``tokenizer``, with BM25's ``k1`` and ``b``."""

    def __init__(self, state: State, tokenizer: Tokenizer, k1: float, b: float) -> None:
        self._state = state
        self._tokenizer = tokenizer
        self._k1 = k1
        self._b = b

    def query_terms(self, term: str, prefix: bool) -> list[QueryTerm]:
        pairs = self._tokenizer.pairs(term)
        groups: dict[str, QueryTerm] = {}
        last = len(pairs) - 1
        for i, (surface, t) in enumerate(pairs):
            is_prefix = prefix and i == last
            if not t and not is_prefix:
                continue
            key = t or "\x00" + surface
            group = groups.get(key)
            if group is None:
                groups[key] = QueryTerm(t, surface, 1, is_prefix)
            else:
                group.qtf += 1
                if is_prefix:
                    group.prefix = True
                    group.surface = surface
        return list(groups.values())

    def term_of(self, surface: str) -> str:
        """The term of a vocabulary word ("" for a stop word)."""
        pairs = self._tokenizer.analyze_word(surface)
        return pairs[0][1] if len(pairs) == 1 else ""

    def expansions(self, qt: QueryTerm, tolerance: int) -> dict[str, float]:
        """Terms matched by one query term -> weight (1 for the exact term)."""
        out: dict[str, float] = {qt.term: 1.0} if qt.term else {}
        vocab = self._state.vocab
        found: list[tuple[str, float]] = []
        if qt.prefix:
            n = len(qt.surface)
            found.extend((w, prefix_weight(n, len(w))) for w in vocab.prefix(qt.surface))
        if tolerance and len(qt.surface) <= MAX_FUZZY_WORD_LENGTH:  # (longer: exact only)
            found.extend(
                (w, 1.0 if dist == 0 else fuzzy_weight(dist))
                for w, dist in vocab.fuzzy(qt.surface, tolerance)
            )
        for word, weight in found:
            t = self.term_of(word)
            if t and out.get(t, 0.0) < weight:
                out[t] = weight
        return out

    def scores(
        self,
        term: str,
        fields: list[str],
        boosts: dict[str, float],
        threshold: float,
        prefix: bool,
        tolerance: int,
    ) -> dict[int, float] | None:
        """BM25 scores of the matching documents; ``None`` for an empty query (the
        arguments are :meth:`Database.search`'s)."""
        if not term.strip():
            return None
        groups = self.query_terms(term, prefix)
        if not groups:
            return {}
        st = self._state
        k1, b = self._k1, self._b
        k1p1 = k1 + 1.0
        need = math.ceil(round((1.0 - threshold) * len(groups), 9))
        counting = need > 1
        matched: dict[int, int] = {}
        acc: dict[int, float] = {}
        acc_get = acc.get
        for number, qt in enumerate(groups):
            fuzzy = tolerance if number < MAX_FUZZY_WORDS else 0  # (the rest: exact)
            expansions = self.expansions(qt, fuzzy) if qt.prefix or fuzzy else None
            seen: set[int] = set()
            for name in fields:
                fi = st.fields[name]
                n_docs = fi.doc_count
                if not n_docs:
                    continue
                postings = fi.postings
                scale = boosts[name] * qt.qtf
                if expansions is None or list(expansions) == [qt.term]:
                    plist = postings.get(qt.term)
                    if plist is None:
                        continue
                    lengths, table = fi.lengths, fi.norm_table(k1, b)
                    w = idf(len(plist), n_docs) * scale
                    # inlined scoring._bm25 (see tests): idf * (tf * (k1 + 1) / (tf + norm))
                    for d, tf in plist.items():
                        acc[d] = acc_get(d, 0.0) + w * (tf * k1p1 / (tf + table[lengths[d]]))
                    if counting:
                        seen.update(plist)
                    continue
                lengths, table = fi.lengths, fi.norm_table(k1, b)
                exact_plist = postings.get(qt.term) if qt.term else None
                cap = idf(len(exact_plist), n_docs) if exact_plist else math.inf
                best: dict[int, float] = {}
                best_get = best.get
                for t, weight in expansions.items():
                    plist = postings.get(t)
                    if plist is None:
                        continue
                    t_idf = idf(len(plist), n_docs)
                    if weight < 1.0 and t_idf > cap:
                        t_idf = cap
                    w = t_idf * scale * weight
                    for d, tf in plist.items():
                        s = w * (tf * k1p1 / (tf + table[lengths[d]]))
                        if s > best_get(d, 0.0):
                            best[d] = s
                for d, s in best.items():
                    acc[d] = acc_get(d, 0.0) + s
                if counting:
                    seen.update(best)
            if counting:
                for d in seen:
                    matched[d] = matched.get(d, 0) + 1
        if counting:
            acc = {d: s for d, s in acc.items() if matched.get(d, 0) >= need}
        if len(st.by_id) != len(st.docs):
            # (an index that disagreed with a removed document's text may still point at
            # it: a snapshot written by another program; such postings are skipped)
            present = st.docs.present
            acc = {d: s for d, s in acc.items() if present(d)}
        return acc

    def posting_lists(
        self, term: str, field: str, boost: float
    ) -> tuple[array[int], array[int], array[int], array[float]]:
        """A plain query's posting lists in ``field`` (any term may match; no prefix or
        typo tolerance) packed for a kernel's ``fuse``
        (:func:`~amplify_memory.search._vector.python_fuse`): document
        numbers, term frequencies, each list's start (and the end) and weight, in the
        order in which :meth:`scores` sums them."""
        docs, tfs, starts, weights = array("i"), array("i"), array("i", [0]), array("d")
        fi = self._state.fields[field]
        if fi.doc_count and term.strip():
            for qt in self.query_terms(term, False):
                plist = fi.postings.get(qt.term)
                if plist is not None:
                    weights.append(idf(len(plist), fi.doc_count) * (boost * qt.qtf))  # (as scores)
                    # (packed by struct: five times faster than array.extend from a dict)
                    layout = f"{len(plist)}i"
                    docs.frombytes(struct.pack(layout, *plist))
                    tfs.frombytes(struct.pack(layout, *plist.values()))
                    starts.append(len(docs))
        return docs, tfs, starts, weights

    def top(
        self, term: str, fields: list[str], boosts: dict[str, float], wanted: int
    ) -> tuple[int, dict[int, float]] | None:
        """``(count, BM25 scores of a set holding the best `wanted`)`` of a plain
        full-text query (any term may match; no filter, facets, sorting, prefix, typo
        tolerance or exact phrase), reading the common terms' postings only for the
        documents the rare terms found (MaxScore); None when that cannot be proved exact
        here (the caller then scores every match).

        Exact: a (term, field) posting list adds less than ``w x (k1 + 1)`` to any
        document. The lists are split into rare ones, scored in full, and common ones
        whose bounds sum to ``outside``; every document the rare lists found is then
        scored in full, in the same order as :meth:`scores` (so bit for bit the same
        score). A document in the common lists only scores at most ``outside``; when that
        is below the `wanted`-th best found, no such document can be in the top.
        """
        st = self._state
        k1, b = self._k1, self._b
        k1p1 = k1 + 1.0
        lists: list[tuple[float, dict[int, int], array[int], dict[int, float]]] = []
        for qt in self.query_terms(term, False):
            for name in fields:
                fi = st.fields[name]
                plist = fi.postings.get(qt.term) if fi.doc_count else None
                if plist:
                    w = idf(len(plist), fi.doc_count) * (boosts[name] * qt.qtf)  # (as scores)
                    lists.append((w, plist, fi.lengths, fi.norm_table(k1, b)))
        total = sum(len(entry[1]) for entry in lists)
        if wanted <= 0 or len(lists) < 2 or total < FULLTEXT_PRUNE_MIN:
            return None
        by_bound = sorted(range(len(lists)), key=lambda i: lists[i][0])  # lowest bound first
        common: set[int] = set()
        read = total
        for i in by_bound[:-1]:  # (the rarest list is always read in full)
            if read <= total // FULLTEXT_PRUNE_SHARE:
                break
            common.add(i)
            read -= len(lists[i][1])
        if not common:
            return None
        partial: dict[int, float] = {}  # the rare lists' part of each score
        get = partial.get
        for i, (w, plist, lengths, table) in enumerate(lists):
            if i not in common:
                for d, tf in plist.items():
                    partial[d] = get(d, 0.0) + w * (tf * k1p1 / (tf + table[lengths[d]]))
        docs = st.docs
        stale = len(st.by_id) != len(docs)
        if stale:
            partial = {d: p for d, p in partial.items() if docs.present(d)}
        if len(partial) < wanted:
            return None
        outside = math.fsum(lists[i][0] * k1p1 for i in common)
        # a document whose rare part plus every common bound is below the wanted-th
        # best rare part is out of the top (margins for the order of the sums)
        floor = heapq.nlargest(wanted, partial.values())[-1] * (1.0 - 1e-9)
        best: dict[int, float] = {}
        for d, part in partial.items():
            if part + outside * (1.0 + 1e-9) < floor:
                continue
            score = 0.0
            for w, plist, lengths, table in lists:  # (the order of scores' sum)
                f = plist.get(d)
                if f is not None:
                    score = score + w * (f * k1p1 / (f + table[lengths[d]]))
            best[d] = score
        if len(best) < wanted:
            return None
        kth = heapq.nlargest(wanted, best.values())[-1]
        if not outside * (1.0 + 1e-9) < kth:
            return None
        matched: set[int] = set(partial)
        for i in common:
            matched.update(lists[i][1].keys())
        count = len(matched) if not stale else sum(map(docs.present, matched))
        # (a document dropped above had a score below the wanted-th: _top never reads it)
        return count, best
