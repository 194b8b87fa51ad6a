"""Snapshots: a compact, versioned, JSON-serialisable image of a database.

Format ``amplify_memory.search`` version 1::

    {"format": "amplify_memory.search", "version": 1,
     "schema": {...},                        # as given to Database()
     "settings": {"language": "english", "stemming": true, "stop_words": true,
                  "fold_accents": true, "custom_split": false, "k1": 1.2, "b": 0.75},
     "documents": [doc, ...],                # stored once, in insertion order
     "fields": {"content": {
         "lengths": [12, 7, ...],            # indexed tokens per document
         "terms": ["migrat", "run", ...],
         "df": [3, 1, ...],                  # postings per term
         "docs": [0, 3, 1, 4, ...],          # all postings' document numbers, term after
                                             # term, delta-encoded within each term
         "tfs": [1, 2, 1, 1, ...]}},         # their term frequencies
     "vocabulary": {"words": [...], "counts": [...]}}   # surface words, document counts

Document numbers are dense (0..n-1) in a snapshot; removed documents leave no trace.
Vectors and their norms, length totals and averages are derived on load; nothing is
re-tokenized. Loading checks the structure, the types and the ranges of every value
(not that the index agrees with the documents' text) and raises :class:`SnapshotError`.
"""

from __future__ import annotations

import math
import operator
from collections import Counter
from collections.abc import Mapping
from itertools import accumulate, chain
from typing import Any, Final

from amplify_memory.errors import AmplifyMemoryError, SnapshotError, describe
from amplify_memory.search._index import LazyPostings, State
from amplify_memory.search._schema import Property, copy_json, get_path, validate_documents
from amplify_memory.search._vector import norm
from amplify_memory.search._vocabulary import Vocabulary

__all__ = ["FORMAT", "VERSION", "decode_state", "encode_state", "read_header"]

FORMAT: Final = "amplify_memory.search"
VERSION: Final = 1


def encode_state(
    state: State, schema: Mapping[str, Any], settings: Mapping[str, Any]
) -> dict[str, Any]:
    """The snapshot of ``state`` (documents are copied)."""
    live = state.live()
    dense = len(live) == len(state.docs)
    remap = None if dense else {old: new for new, old in enumerate(live)}
    fields: dict[str, Any] = {}
    sub = operator.sub
    for name, fi in state.fields.items():
        terms: list[str] = []
        dfs: list[int] = []
        docs_out: list[int] = []
        tfs_out: list[int] = []
        for term, plist in fi.postings.items():
            old = sorted(plist)
            if remap is not None and not all(map(remap.__contains__, old)):
                old = [d for d in old if d in remap]  # (stale postings are not saved)
                if not old:
                    continue
            new = old if remap is None else list(map(remap.__getitem__, old))
            terms.append(term)
            dfs.append(len(old))
            docs_out += map(sub, new, chain((0,), new))
            tfs_out += map(plist.__getitem__, old)
        lengths = fi.lengths if dense else [fi.lengths[d] for d in live]
        fields[name] = {
            "lengths": list(lengths),
            "terms": terms,
            "df": dfs,
            "docs": docs_out,
            "tfs": tfs_out,
        }
    counts = state.vocab.counts
    return {
        "format": FORMAT,
        "version": VERSION,
        "schema": copy_json(schema),
        "settings": dict(settings),
        "documents": [copy_json(state.docs[d]) for d in live],
        "fields": fields,
        "vocabulary": {"words": list(counts), "counts": list(counts.values())},
    }


def read_header(raw: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """Check format and version; return the snapshot's ``(schema, settings)``."""
    if not isinstance(raw, Mapping):
        raise SnapshotError(f"snapshot expected a dict, got {type(raw).__name__}")
    if raw.get("format") != FORMAT:
        raise SnapshotError(
            f"not a search snapshot: format {describe(raw.get('format'))}, expected {FORMAT!r}"
        )
    version = raw.get("version")
    if version != VERSION or isinstance(version, bool):
        raise SnapshotError(
            f"unsupported snapshot version {describe(version)}; this library reads version "
            f"{VERSION}"
        )
    schema = raw.get("schema")
    settings = raw.get("settings")
    if not isinstance(schema, dict) or not isinstance(settings, dict):
        raise SnapshotError("corrupt snapshot: 'schema' and 'settings' must be objects")
    return schema, settings


def _ints(values: Any, what: str, minimum: int) -> list[int]:
    if not isinstance(values, list) or not set(map(type, values)) <= {int}:
        raise SnapshotError(f"corrupt snapshot: {what} must be a list of integers")
    if values and min(values) < minimum:
        raise SnapshotError(f"corrupt snapshot: {what} has a value below {minimum}")
    return values


def decode_state(raw: Mapping[str, Any], props: Mapping[str, Property]) -> State:
    """Rebuild the in-memory state from a snapshot whose header was checked."""
    try:
        return _decode(raw, props)
    except SnapshotError:
        raise
    except AmplifyMemoryError as err:
        raise SnapshotError(f"corrupt snapshot: {err}") from err
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as err:
        raise SnapshotError(f"corrupt snapshot: {type(err).__name__}: {err}") from err


def _lazy_postings(
    name: str, terms: list[str], dfs: list[int], docs: list[int], tfs: list[int], n: int
) -> LazyPostings:
    """Check every term's postings in bulk and wrap them for decoding on first use.

    A term's document numbers are the running sums of its slice of ``docs``; they must be
    strictly increasing (every delta after the first is positive) and below ``n``.
    """
    ends = list(accumulate(dfs))
    starts = [0, *ends[:-1]] if ends else []
    # zero deltas are allowed only as the first delta of a term (document number 0)
    firsts = list(map(docs.__getitem__, starts)) if docs else []
    if docs.count(0) != firsts.count(0):
        raise SnapshotError(f"corrupt snapshot: {name} postings repeat a document")
    running = list(accumulate(docs))
    lasts = [running[end - 1] for end in ends]
    bases = [0, *(running[start - 1] for start in starts[1:])]
    highest = list(map(operator.sub, lasts, bases))
    if highest and max(highest) >= n:
        term = terms[next(i for i, h in enumerate(highest) if h >= n)]
        raise SnapshotError(
            f"corrupt snapshot: {name} postings of {describe(term)} exceed the {n} documents"
        )
    slices = {term: (start, end) for term, start, end in zip(terms, starts, ends, strict=True)}
    return LazyPostings(slices, docs, tfs)


def _decode(raw: Mapping[str, Any], props: Mapping[str, Property]) -> State:
    string_fields = [p.path for p in props.values() if p.base == "string" and p.path != "id"]
    vector_fields = [p.path for p in props.values() if p.base == "vector"]
    state = State(string_fields, vector_fields)
    documents = raw["documents"]
    if not isinstance(documents, list):
        raise SnapshotError("corrupt snapshot: 'documents' must be a list")
    n = len(documents)
    by_id: dict[str, int] = {}
    validate_documents(documents, props)
    for d, doc in enumerate(documents):
        doc_id = doc.get("id")
        if not isinstance(doc_id, str) or not doc_id:
            raise SnapshotError(f"corrupt snapshot: document {d} has no string id")
        if doc_id in by_id:
            raise SnapshotError(f"corrupt snapshot: duplicate document id {describe(doc_id)}")
        by_id[doc_id] = d
    documents = [dict(doc) for doc in documents]  # load owns the nested values
    state.docs = list(documents)
    state.ids = [doc["id"] for doc in documents]
    state.by_id = by_id

    fields = raw["fields"]
    if not isinstance(fields, dict) or set(fields) != set(string_fields):
        raise SnapshotError(
            f"corrupt snapshot: 'fields' must hold exactly the string properties {string_fields}"
        )
    for name in string_fields:
        data = fields[name]
        fi = state.fields[name]
        lengths = _ints(data["lengths"], f"{name}.lengths", 0)
        if len(lengths) != n:
            raise SnapshotError(f"corrupt snapshot: {name}.lengths must have {n} entries")
        terms = data["terms"]
        if (
            not isinstance(terms, list)
            or not set(map(type, terms)) <= {str}
            or "" in terms
            or len(set(terms)) != len(terms)
        ):
            raise SnapshotError(
                f"corrupt snapshot: {name}.terms must be distinct non-empty strings"
            )
        dfs = _ints(data["df"], f"{name}.df", 1)
        docs = _ints(data["docs"], f"{name}.docs", 0)
        tfs = _ints(data["tfs"], f"{name}.tfs", 1)
        if not len(dfs) == len(terms) or not sum(dfs) == len(docs) == len(tfs):
            raise SnapshotError(f"corrupt snapshot: {name} terms/df/docs/tfs do not match")
        fi.postings = _lazy_postings(name, terms, dfs, docs, tfs, n)
        fi.lengths = lengths
        fi.total_length = sum(lengths)
        fi.doc_count = n - lengths.count(0)
        fi.length_counts = dict(Counter(n for n in lengths if n))

    for name in vector_fields:
        keys = props[name].keys
        column = state.vectors[name]
        for doc in documents:
            vec = get_path(doc, keys)
            if vec is None:
                column.append(None)
            else:
                vn = norm(vec)
                if not math.isfinite(vn):
                    raise SnapshotError(f"corrupt snapshot: vector {describe(name)} is not finite")
                column.append((vec, vn))

    vocab = raw["vocabulary"]
    words, counts = vocab["words"], vocab["counts"]
    if not isinstance(words, list) or not set(map(type, words)) <= {str}:
        raise SnapshotError("corrupt snapshot: vocabulary words must be strings")
    _ints(counts, "vocabulary counts", 1)
    if len(words) != len(counts):
        raise SnapshotError("corrupt snapshot: vocabulary words and counts differ in length")
    if "" in words:  # (saved before 0.1.1 for a lone combining mark: harmless, dropped)
        kept = [(w, c) for w, c in zip(words, counts, strict=True) if w]
        words, counts = [w for w, _ in kept], [c for _, c in kept]
    state.vocab = Vocabulary(dict(zip(words, counts, strict=True)))
    if len(state.vocab) != len(words):
        raise SnapshotError("corrupt snapshot: repeated vocabulary words")
    return state
