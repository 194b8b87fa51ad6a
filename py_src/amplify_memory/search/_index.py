"""The inverted index of one string field and the whole in-memory state of a database.

Documents get a *document number* (``d``) in insertion order; it indexes the
per-document lists and breaks score ties, so results are deterministic. Removing a
document leaves a hole (``None``) until the next snapshot, which renumbers densely
(keeping the order). An update keeps the document's number, hence its position.

Per string field: ``postings[term] = {d: term frequency}``, ``lengths[d]`` (indexed
tokens), their total and the number of documents with a non-empty field, from which
the BM25 length norms are computed per distinct length, not per document: a table from
length to norm, cached until the lengths change (a list of every document's norm was
rebuilt by the first query after each write: a full pass over a store of 100,000).
"""

from __future__ import annotations

from array import array
from collections.abc import ItemsView, Iterable, Iterator, KeysView, Mapping, ValuesView
from itertools import accumulate
from typing import Any

from amplify_memory.search._stored import StoredDocs
from amplify_memory.search._vector import VectorColumn
from amplify_memory.search._vocabulary import Vocabulary

__all__ = ["DocAnalysis", "FieldIndex", "LazyPostings", "State"]

#: An analysed document: ``{field: (term frequencies, field length)}`` for non-empty
#: string fields, the set of its surface words, ``{vector field: its numbers}``.
DocAnalysis = tuple[
    dict[str, tuple[dict[str, int], int]],
    set[str],
    dict[str, list[float]],
]


class LazyPostings(dict[str, dict[int, int]]):
    """``postings`` as loaded from a snapshot: each term's ``{d: tf}`` is built on first use.

    A snapshot stores every term's postings as slices of two flat lists (delta-encoded
    document numbers and term frequencies), already checked in bulk when it was loaded;
    turning them all into dicts up front was most of the cost of loading a store, and a
    query needs only a few of them. Behaves as the plain dict it replaces.
    """

    __slots__ = ("_docs", "_slices", "_tfs")

    def __init__(self, slices: dict[str, tuple[int, int]], docs: list[int], tfs: list[int]):
        super().__init__()
        self._slices = slices  # term -> (start, end) in docs/tfs, for undecoded terms
        self._docs = docs
        self._tfs = tfs

    def _decode(self, term: str) -> dict[int, int] | None:
        span = self._slices.pop(term, None)
        if span is None:
            return None
        start, end = span
        plist = dict(zip(accumulate(self._docs[start:end]), self._tfs[start:end], strict=True))
        dict.__setitem__(self, term, plist)
        if not self._slices:
            self._docs, self._tfs = [], []
        return plist

    def _decode_all(self) -> None:
        for term in list(self._slices):
            self._decode(term)

    def __missing__(self, term: str) -> dict[int, int]:
        plist = self._decode(term)
        if plist is None:
            raise KeyError(term)
        return plist

    def get(self, term: str, default: Any = None) -> Any:
        plist = dict.get(self, term)
        if plist is None:
            plist = self._decode(term)
        return default if plist is None else plist

    def __contains__(self, term: object) -> bool:
        return dict.__contains__(self, term) or term in self._slices

    def __len__(self) -> int:
        return dict.__len__(self) + len(self._slices)

    def __iter__(self) -> Iterator[str]:
        self._decode_all()
        return dict.__iter__(self)

    def __setitem__(self, term: str, plist: dict[int, int]) -> None:
        self._slices.pop(term, None)
        dict.__setitem__(self, term, plist)

    def __delitem__(self, term: str) -> None:
        if self._slices.pop(term, None) is None:
            dict.__delitem__(self, term)

    def keys(self) -> KeysView[str]:  # type: ignore[override]
        self._decode_all()
        return dict.keys(self)

    def values(self) -> ValuesView[dict[int, int]]:  # type: ignore[override]
        self._decode_all()
        return dict.values(self)

    def items(self) -> ItemsView[str, dict[int, int]]:  # type: ignore[override]
        self._decode_all()
        return dict.items(self)

    def __reduce__(self) -> Any:
        self._decode_all()
        return (dict, (dict(self),))


class FieldIndex:
    """Postings and length statistics of one string (or string[]) field."""

    __slots__ = (
        "_changes",
        "_dense",
        "_table",
        "_table_key",
        "doc_count",
        "length_counts",
        "lengths",
        "postings",
        "total_length",
    )

    def __init__(self) -> None:
        self.postings: dict[str, dict[int, int]] = {}
        self.lengths: array[int] = array("i")  # (32-bit: read in place by a kernel's fuse)
        self.total_length = 0
        self.doc_count = 0
        self.length_counts: dict[int, int] = {}  # length -> documents of that length
        self._changes = 0  # adds and removes so far: the table's key
        self._table: dict[int, float] = {}
        self._table_key: tuple[int, float, float] = (-1, 0.0, 0.0)
        self._dense: array[float] = array("d")

    def add(self, d: int, tfs: dict[str, int], length: int) -> None:
        """Index document ``d``'s term frequencies (its slot in ``lengths`` exists)."""
        postings = self.postings
        for term, tf in tfs.items():
            plist = postings.get(term)
            if plist is None:
                postings[term] = {d: tf}
            else:
                plist[d] = tf
        self.lengths[d] = length
        self.total_length += length
        self.doc_count += 1
        counts = self.length_counts
        counts[length] = counts.get(length, 0) + 1
        self._changes += 1

    def remove(self, d: int, tfs: dict[str, int]) -> None:
        """Undo :meth:`add` for document ``d``. The length taken back is the one the
        index holds (a snapshot's index may disagree with the text: the counts of
        lengths must stay those of ``lengths``, or a norm goes missing)."""
        length = self.lengths[d]
        postings = self.postings
        for term in tfs:
            plist = postings.get(term)
            if plist is None or d not in plist:
                continue  # (an index that disagreed with the text: nothing to undo)
            del plist[d]
            if not plist:
                del postings[term]
        self.lengths[d] = 0
        self.total_length -= length
        self.doc_count -= 1
        counts = self.length_counts
        left = counts.get(length, 0) - 1
        if left > 0:
            counts[length] = left
        else:
            counts.pop(length, None)
        self._changes += 1

    def norm_table(self, k1: float, b: float) -> dict[int, float]:
        """``table[n]`` is ``length_norm(n, avg, k1, b)`` for every length ``n`` of an
        indexed document, and 0 (so ``table[lengths[d]]`` is document ``d``'s norm)."""
        key = (self._changes, k1, b)
        if key != self._table_key:
            avg = self.total_length / self.doc_count if self.doc_count else 1.0
            omb = 1.0 - b
            self._table = {n: k1 * (omb + b * n / avg) for n in (0, *self.length_counts)}
            self._table_key = key
            self._dense = array("d")
        return self._table

    def norm_array(self, k1: float, b: float) -> array[float]:
        """:meth:`norm_table` as an array indexed by length (0 where no document has
        that length): what a kernel's ``fuse`` reads."""
        table = self.norm_table(k1, b)
        if not self._dense:
            dense = array("d", bytes(8 * (max(table) + 1)))
            for n, norm in table.items():
                dense[n] = norm
            self._dense = dense
        return self._dense


class State:
    """Everything a database holds; replaced as a whole by ``load``.

    ``docs`` holds the documents without their vectors: those live packed in
    ``vectors`` (a :class:`VectorColumn` per vector property), and :meth:`document`
    puts them back.
    """

    __slots__ = ("by_id", "docs", "dropped", "fields", "ids", "vector_keys", "vectors", "vocab")

    def __init__(
        self, string_fields: list[str], vectors: Mapping[str, tuple[tuple[str, ...], int]]
    ) -> None:
        self.docs = StoredDocs()
        self.ids: list[str | None] = []
        self.by_id: dict[str, int] = {}
        self.dropped: array[int] = array("i")  # the numbers of removed documents
        self.fields: dict[str, FieldIndex] = {f: FieldIndex() for f in string_fields}
        # vector property -> its keys in a document, and its packed column
        self.vector_keys = {name: keys for name, (keys, _) in vectors.items()}
        self.vectors = {name: VectorColumn(dim) for name, (_, dim) in vectors.items()}
        self.vocab = Vocabulary()

    def add(self, doc_id: str, doc: dict[str, Any], analysis: DocAnalysis) -> int:
        """Append a document and index it; returns its document number."""
        d = len(self.docs)
        for column in self.vectors.values():  # (first: what may fail adds nothing yet)
            column.grow()
        self.docs.append(self.strip(doc))
        self.ids.append(doc_id)
        self.by_id[doc_id] = d
        for fi in self.fields.values():
            fi.lengths.append(0)
        self.index(d, analysis)
        return d

    def strip(self, doc: dict[str, Any]) -> dict[str, Any]:
        """``doc`` without its vectors (removed in place: ``doc`` is the database's copy)."""
        for keys in self.vector_keys.values():
            if len(keys) == 1:
                doc.pop(keys[0], None)
            else:
                parent: Any = doc
                for key in keys[:-1]:
                    parent = parent.get(key) if isinstance(parent, dict) else None
                if isinstance(parent, dict):
                    parent.pop(keys[-1], None)
        return doc

    def document(self, d: int, doc: dict[str, Any]) -> dict[str, Any]:
        """``doc`` (a copy of document ``d``'s stored form) with its vectors put back."""
        for name, column in self.vectors.items():
            row = column.row(d)
            if row is None:
                continue
            keys = self.vector_keys[name]
            parent = doc
            for key in keys[:-1]:
                parent = parent.setdefault(key, {})
            parent[keys[-1]] = row
        return doc

    def index(self, d: int, analysis: DocAnalysis) -> None:
        """Add the terms, surface words and vectors of document ``d``."""
        fields, surfaces, vectors = analysis
        for name, (tfs, length) in fields.items():
            self.fields[name].add(d, tfs, length)
        self.vocab.add_many(surfaces)
        for name, values in vectors.items():
            self.vectors[name].set(d, values)

    def unindex(self, d: int, analysis: DocAnalysis, vectors: Iterable[str] | None = None) -> None:
        """Remove what :meth:`index` added for document ``d``: its terms and the
        ``vectors`` named (None: all; the stored form of a document has none to analyse)."""
        fields, surfaces, _ = analysis
        for name, (tfs, _length) in fields.items():
            self.fields[name].remove(d, tfs)
        discard = self.vocab.discard
        for word in surfaces:
            discard(word)
        for name in self.vectors if vectors is None else vectors:
            self.vectors[name].clear(d)

    def drop(self, d: int) -> None:
        """Forget document ``d`` (after :meth:`unindex`)."""
        doc_id = self.ids[d]
        if doc_id is not None:
            del self.by_id[doc_id]
        self.docs[d] = None
        self.ids[d] = None
        self.dropped.append(d)

    def live(self) -> list[int]:
        """Document numbers of the stored documents, in insertion order."""
        if len(self.by_id) == len(self.docs):
            return list(range(len(self.docs)))
        return self.docs.live()
