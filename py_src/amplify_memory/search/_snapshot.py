"""Snapshots: a compact, versioned, JSON-serialisable image of a database.

Format ``amplify_memory.search`` version 6::

    {"format": "amplify_memory.search", "version": 6,
     "schema": {...},                        # as given to Database()
     "settings": {"language": "english", "stemming": true, "stop_words": true,
                  "fold_accents": true, "custom_split": false, "k1": 1.2, "b": 0.75},
     "documents": {"count": n, "shapes": [...], "columns": {...}},
                                             # stored once, in insertion order, as columns
                                             # (amplify_memory.search._table), without
                                             # their vectors (see "vectors")
     "fields": {"content": {
         "lengths": [12, 7, ...],            # indexed tokens per document
         "terms": ["migrat", "run", ...],
         "df": [3, 1, ...],                  # postings per term
         "docs": [0, 3, 1, 4, ...],          # all postings' document numbers, term after
                                             # term, delta-encoded within each term
         "tfsNot1": [1, 2, 7, 3]}},          # their term frequencies other than 1, as
                                             # (position in "docs", frequency) pairs, in
                                             # order (nearly every frequency is 1)
     "vocabulary": {"words": [...], "counts": [...]},   # surface words, document counts
     "vectors": {"embedding": {              # per vector property:
         "encoding": "bfloat16split",
         "present": "AQEA...",               # a byte per document: 1 has a vector
         "high": "eJzt...",                  # the present rows' numbers as bfloat16 (a
         "low": "zD3M..."}}}                 # 32-bit float's upper half: what the store
                                             # holds), row after row, each number's upper
                                             # byte (sign, exponent) in "high", compressed
                                             # with zlib, its lower byte in "low"

``present``, ``high`` and ``low`` are base64 text, or, in a snapshot saved with
``binary=True``, ``{"blob": i}``: the i-th of the bytes-like objects listed under
``"blobs"`` beside the other keys (a persisted store's record carries them after its JSON
text, see :mod:`amplify_memory.storage._records`, and hands them back as they are).
The upper bytes of embedding numbers take a few distinct values: compressed, 128 numbers
take about 56 bytes instead of 128 (the lower bytes do not compress).

Document numbers are dense (0..n-1) in a snapshot; removed documents leave no trace.
Vector norms, length totals and averages are derived on load; nothing is re-tokenized.
Versions 1 (vectors as lists of numbers inside the documents), 2 (the documents as a
list of objects), 3 (vectors as 32-bit floats, ``float32le``: rounded to bfloat16 as
they load, as a store rounds what it is given), 4 (every term frequency in a list,
``"tfs"``; no run-length columns) and 5 (vectors as ``bfloat16le``, both bytes of a number
together, in ``"data"``) still load; they are written as version 6 by the next save. A
database without vector properties is written as version 5: the same format, which the
version before still reads (the lowest version that holds it).
Loading
checks the structure, the types and the ranges of every value (not that the index agrees
with the documents' text) and raises :class:`SnapshotError`.
"""

from __future__ import annotations

import base64
import binascii
import math
import operator
import sys
import zlib
from array import array
from collections import Counter
from collections.abc import Iterator, Mapping
from itertools import accumulate, chain
from typing import Any, Final, cast

from amplify_memory import progress
from amplify_memory.errors import AmplifyMemoryError, NewerFormatError, SnapshotError, describe
from amplify_memory.search._index import FieldIndex, LazyPostings, State
from amplify_memory.search._schema import (
    Property,
    columns_fit,
    copy_json,
    get_path,
    validate_documents,
)
from amplify_memory.search._stored import StoredDocs
from amplify_memory.search._table import decode_table, encode_columns, table_count
from amplify_memory.search._vector import (
    VectorColumn,
    bfloat16_planes,
    from_bfloat16_bytes,
    from_bfloat16_planes,
    to_bfloat16,
)
from amplify_memory.search._vocabulary import Vocabulary

__all__ = [
    "FORMAT",
    "VERSION",
    "absent_vectors",
    "decode_state",
    "document_count",
    "empty_state",
    "encode_state",
    "read_header",
    "snapshot_documents",
]

FORMAT: Final = "amplify_memory.search"
VERSION: Final = 6
#: A database without vector properties is written as version 5: the same format, which
#: the version before still reads (the lowest version that holds it).
VERSION_WITHOUT_VECTORS: Final = 5
#: The versions this library reads (1: vectors as numbers inside the documents; 2: the
#: documents as a list of objects; 3: vectors as 32-bit floats; 4: every term frequency
#: listed; 5: bfloat16 vectors' bytes together).
READABLE: Final = (1, 2, 3, 4, 5, 6)
#: How a snapshot's vectors are encoded: bfloat16 in two planes since version 6, bfloat16
#: (``bfloat16le``) in versions 4 and 5, 32-bit floats (``float32le``) before.
VECTOR_ENCODING: Final = "bfloat16split"
_ENCODINGS: Final = {"bfloat16le": 2, "float32le": 4}  # (bytes a number; before version 6)
#: zlib's fastest level: the upper bytes' plane to 44% (level 6: 40%, at 10x the time).
_ZLIB_LEVEL: Final = 1
#: Numbers of a vector column encoded at a time (4 MB of 32-bit floats).
_ROWS_CHUNK: Final = 1 << 20
_BIG_ENDIAN: Final = sys.byteorder == "big"


def empty_state(props: Mapping[str, Property]) -> State:
    """A state without documents for a parsed schema."""
    return State(
        [p.path for p in props.values() if p.base == "string" and p.path != "id"],
        {p.path: (p.keys, p.dimension or 0) for p in props.values() if p.base == "vector"},
    )


def absent_vectors(count: int) -> dict[str, str]:
    """A snapshot's ``vectors`` entry for a property none of its ``count`` documents has
    (for a schema migration that adds a vector property)."""
    return {
        "encoding": VECTOR_ENCODING,
        "present": base64.b64encode(bytes(count)).decode("ascii"),
        "high": base64.b64encode(zlib.compress(b"", _ZLIB_LEVEL)).decode("ascii"),
        "low": "",
    }


def _encode_vectors(
    column: VectorColumn, live: list[int], blobs: list[bytes | bytearray] | None
) -> dict[str, Any]:
    """One property's ``vectors`` entry for the documents ``live`` (in this order); with
    ``blobs``, its bytes are appended there and referred to. The planes are made and the
    upper one compressed a chunk of rows at a time: no step holds another copy of the
    whole column (51 MB at 100,000 entries), nor its whole upper plane uncompressed."""
    present = column.present
    dense = len(live) == len(present)
    present_out = bytes(present) if dense else bytes(map(present.__getitem__, live))
    compressor = zlib.compressobj(_ZLIB_LEVEL)
    high, low = bytearray(), bytearray(present_out.count(1) * column.dimension)
    at = 0
    for rows in _row_chunks(column, live, dense and 0 not in present_out):
        chunk_high, chunk_low = bfloat16_planes(rows)
        high += compressor.compress(chunk_high)
        low[at : at + len(chunk_low)] = chunk_low
        at += len(chunk_low)
    high += compressor.flush()
    parts: dict[str, bytes | bytearray] = {"present": present_out, "high": high, "low": low}
    del high, low
    out: dict[str, Any] = {"encoding": VECTOR_ENCODING}
    for key, part in parts.items():
        if blobs is not None:
            blobs.append(part)
            out[key] = {"blob": len(blobs) - 1}
        else:
            out[key] = base64.b64encode(part).decode("ascii")
    return out


def _row_chunks(
    column: VectorColumn, live: list[int], every: bool
) -> Iterator[array[float] | bytes]:
    """The rows of the documents ``live`` that have one, in order, about
    :data:`_ROWS_CHUNK` numbers at a time (``every``: all rows), as copies."""
    dim, present = column.dimension, column.present
    step = max(1, _ROWS_CHUNK // max(dim, 1)) * dim
    if every:  # (each a copy: a view of a buffer kept by an error's traceback, as a
        # store keeps its last write error, would stop the buffer from growing)
        for view in column.filled():
            for start in range(0, len(view), step):
                yield view[start : start + step].tobytes()
            view.release()
        return
    rows: array[float] = array("f")
    for d in live:
        if present[d]:
            rows.frombytes(column.view(d).cast("B"))
            if len(rows) >= step:
                yield rows
                rows = array("f")
    if rows:
        yield rows


def _encode_fields(state: State, live: list[int], remap: dict[int, int] | None) -> dict[str, Any]:
    """Each string field's index for the documents ``live`` (renumbered by ``remap``)."""
    dense = remap is None
    fields: dict[str, Any] = {}
    sub = operator.sub
    for name, fi in state.fields.items():
        terms: list[str] = []
        dfs: list[int] = []
        docs_out: list[int] = []
        tfs_out: list[int] = []  # (only those other than 1, after their position)
        for term, plist in fi.postings.items():
            old = sorted(plist)
            if remap is not None and not all(map(remap.__contains__, old)):
                old = [d for d in old if d in remap]  # (stale postings are not saved)
                if not old:
                    continue
            new = old if remap is None else list(map(remap.__getitem__, old))
            terms.append(term)
            dfs.append(len(old))
            start = len(docs_out)
            docs_out += map(sub, new, chain((0,), new))
            tfs = list(map(plist.__getitem__, old))
            if tfs.count(1) != len(tfs):  # (in C; nearly every term's are all 1)
                for i, tf in enumerate(tfs):
                    if tf != 1:
                        tfs_out += (start + i, tf)
        lengths = fi.lengths if dense else [fi.lengths[d] for d in live]
        fields[name] = {
            "lengths": list(lengths),
            "terms": terms,
            "df": dfs,
            "docs": docs_out,
            "tfsNot1": tfs_out,
        }
    return fields


def encode_state(
    state: State,
    schema: Mapping[str, Any],
    settings: Mapping[str, Any],
    *,
    copy: bool = True,
    binary: bool = False,
    lazy: bool = False,
) -> dict[str, Any]:
    """The snapshot of ``state`` (documents are copied unless ``copy`` is false; with
    ``binary``, the vectors' bytes as blobs). With ``lazy`` (and ``binary``, for a store
    of vectors) its documents, index, vocabulary and vectors are functions that make
    them, called by the writer when it reaches each (``"blobs"`` is filled by
    ``"vectors"``): a write then holds one of them at a time, not all (a 100,000-entry
    compaction held ~40 MB of them at once). Only a writer that calls them may take it
    (``encode_store_parts``), at once: the state must not change in between."""
    live = state.live()
    dense = len(live) == len(state.docs)
    remap = None if dense else {old: new for new, old in enumerate(live)}
    counts = state.vocab.counts
    blobs: list[bytes | bytearray] | None = [] if binary and state.vectors else None

    def documents() -> dict[str, Any]:
        return encode_columns(len(live), *state.docs.columns(live), copy=copy)

    def fields() -> dict[str, Any]:
        return _encode_fields(state, live, remap)

    def vocabulary() -> dict[str, Any]:
        return {"words": list(counts), "counts": list(counts.values())}

    def vectors() -> dict[str, Any]:
        columns = state.vectors.items()
        return {name: _encode_vectors(column, live, blobs) for name, column in columns}

    made = lazy and blobs is not None
    out = {
        "format": FORMAT,
        "version": VERSION if state.vectors else VERSION_WITHOUT_VECTORS,
        "schema": copy_json(schema),
        "settings": dict(settings),
        "documents": documents if made else documents(),
        "fields": fields if made else fields(),
        "vocabulary": vocabulary if made else vocabulary(),
        "vectors": vectors if made else vectors(),
    }
    if blobs is not None:
        out["blobs"] = blobs
    return out


def read_header(raw: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """Check format and version; return the snapshot's ``(schema, settings)``."""
    if not isinstance(raw, Mapping):
        raise SnapshotError(f"snapshot expected a dict, got {type(raw).__name__}")
    if raw.get("format") != FORMAT:
        raise SnapshotError(
            f"not a search snapshot: format {describe(raw.get('format'))}, expected {FORMAT!r}"
        )
    version = raw.get("version")
    if type(version) is int and version > max(READABLE):
        raise NewerFormatError(
            f"the snapshot has format version {version}, written by a newer version of "
            f"amplify_memory; this one reads versions {' and '.join(map(str, READABLE))}"
        )
    if version not in READABLE or isinstance(version, bool):
        raise SnapshotError(
            f"unsupported snapshot version {describe(version)}; this library reads versions "
            + " and ".join(map(str, READABLE))
        )
    schema = raw.get("schema")
    settings = raw.get("settings")
    if not isinstance(schema, dict) or not isinstance(settings, dict):
        raise SnapshotError("corrupt snapshot: 'schema' and 'settings' must be objects")
    return schema, settings


#: A field's length in words is kept as a 32-bit integer (FieldIndex.lengths).
_MAX_FIELD_LENGTH: Final = 2**31 - 1


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
    lasts = list(map(running.__getitem__, map((-1).__add__, ends)))  # (in C: 100,000 terms)
    bases = [0, *lasts[:-1]]  # (a term starts where the one before it ends)
    highest = list(map(operator.sub, lasts, bases))
    if highest and max(highest) >= n:
        term = terms[next(i for i, h in enumerate(highest) if h >= n)]
        raise SnapshotError(
            f"corrupt snapshot: {name} postings of {describe(term)} exceed the {n} documents"
        )
    slices = {term: (start, end) for term, start, end in zip(terms, starts, ends, strict=True)}
    return LazyPostings(slices, docs, tfs)


def document_count(raw: Mapping[str, Any]) -> int | None:
    """How many documents a snapshot of any readable version holds (None: not known, or
    a table's count that none of its listed columns bears out: loading it will say so)."""
    documents = raw.get("documents")
    if isinstance(documents, list):
        return len(documents)
    count = table_count(documents)
    columns = documents.get("columns") if count and isinstance(documents, dict) else None
    if not isinstance(columns, dict):
        return count
    listed = max(
        (
            len(c.get("values") or c.get("codes") or ())
            for c in columns.values()
            if isinstance(c, dict) and isinstance(c.get("values") or c.get("codes"), list)
        ),
        default=0,
    )
    return count if count is not None and count <= listed else None


def snapshot_documents(raw: Mapping[str, Any]) -> list[dict[str, Any]]:
    """A snapshot's documents (of any readable version) as a list of objects, unchecked."""
    documents = raw["documents"]
    if isinstance(documents, list):
        return documents
    return cast("list[dict[str, Any]]", decode_table(documents)[0])  # (dicts: never None)


def _decode(raw: Mapping[str, Any], props: Mapping[str, Property]) -> State:
    state = empty_state(props)
    columns = None
    rows = documents = None
    if raw["version"] >= 3:  # (decoded from columns: new objects, the load's own)
        listed, columns = decode_table(raw["documents"], dicts=False)
        if listed is None and columns is not None:
            rows = _rows_of(columns, props, state)
            if rows is None:  # (a check failed: the documents, for the precise error)
                listed, columns = decode_table(raw["documents"])
        if rows is None:
            documents = _decode_documents(listed, props, state, owned=True, columns=columns)
        del listed  # (documents is the only list of them: see the rows below)
    else:
        documents = _decode_documents(raw["documents"], props, state)
    progress.report("decode", 1, 3)  # (a large store's open shows its decode move)
    n = len(rows) if rows is not None else len(documents)  # type: ignore[arg-type]
    fields = raw["fields"]
    string_fields = list(state.fields)
    if not isinstance(fields, dict) or set(fields) != set(string_fields):
        raise SnapshotError(
            f"corrupt snapshot: 'fields' must hold exactly the string properties {string_fields}"
        )
    for name in string_fields:
        _decode_field(name, fields[name], state.fields[name], n)
    progress.report("decode", 2, 3)
    _decode_columns(raw, n, documents, props, state, columns)
    # (packed-vector documents were checked to hold no vector: nothing to strip)
    if rows is not None:
        state.docs = rows
    else:
        if raw["version"] < 2:
            documents = [state.strip(doc) for doc in documents]  # type: ignore[union-attr]
        state.docs = StoredDocs.of(cast("list[dict[str, Any] | None]", documents))
        del documents  # (its dicts went one by one as their rows were made: never all of both)
    state.vocab = _decode_vocabulary(raw["vocabulary"])
    return state


def _rows_of(
    columns: dict[str, list[Any]], props: Mapping[str, Property], state: State
) -> StoredDocs | None:
    """The documents of a table of one shape as rows made from its ``columns``, with no
    dict for any of them (a load of 100,000 made and dropped 100,000), and their ids set
    in ``state``; None when a check of the columns fails, a property is nested, or the
    ids are not distinct non-empty strings (the caller decodes the documents, which
    reports it precisely)."""
    ids = columns.get("id")
    if ids is None or set(map(type, ids)) != {str} or "" in ids:
        return None
    by_id = dict(zip(ids, range(len(ids)), strict=True))
    if len(by_id) != len(ids) or not columns_fit(props, columns):
        return None
    state.ids = list(ids)
    state.by_id = by_id
    return StoredDocs.of_columns(columns)


def _decode_documents(
    raw_documents: Any,
    props: Mapping[str, Property],
    state: State,
    *,
    owned: bool = False,
    columns: dict[str, list[Any]] | None = None,
) -> list[dict[str, Any]]:
    """The snapshot's documents checked (schema, distinct string ids) and owned by the
    load (copied unless ``owned``); their ids set in ``state``. ``columns``: their values
    by key, when every document has the same keys."""
    if not isinstance(raw_documents, list):
        raise SnapshotError("corrupt snapshot: 'documents' must be a list")
    documents: list[dict[str, Any]] = raw_documents
    validate_documents(documents, props, columns)
    ids = columns.get("id") if columns is not None else None
    if ids is not None and set(map(type, ids)) == {str} and "" not in ids:
        by_id = dict(zip(ids, range(len(ids)), strict=True))  # (checked in bulk)
        if len(by_id) == len(ids):
            return _owned(documents, state, by_id, owned=owned)
    by_id = {}
    for d, doc in enumerate(documents):
        doc_id = doc.get("id")
        if not isinstance(doc_id, str) or not doc_id:
            raise SnapshotError(f"corrupt snapshot: document {d} has no string id")
        if doc_id in by_id:
            raise SnapshotError(f"corrupt snapshot: duplicate document id {describe(doc_id)}")
        by_id[doc_id] = d
    return _owned(documents, state, by_id, owned=owned)


def _owned(
    documents: list[dict[str, Any]], state: State, by_id: dict[str, int], *, owned: bool
) -> list[dict[str, Any]]:
    """The load's own documents (and their nested values when a vector is nested: the
    vectors are taken out of them); their ids set in ``state``."""
    nested = any(len(keys) > 1 for keys in state.vector_keys.values())
    if nested:
        documents = [copy_json(doc) for doc in documents]
    elif not owned:
        documents = [dict(doc) for doc in documents]
    state.ids = [doc["id"] for doc in documents]
    state.by_id = by_id
    return documents


def _decode_field(name: str, data: Any, fi: FieldIndex, n: int) -> None:
    """One string field's index (lengths, terms and their postings) into ``fi``."""
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
        raise SnapshotError(f"corrupt snapshot: {name}.terms must be distinct non-empty strings")
    dfs = _ints(data["df"], f"{name}.df", 1)
    docs = _ints(data["docs"], f"{name}.docs", 0)
    tfs = _term_frequencies(name, data, len(docs))
    if not len(dfs) == len(terms) or not sum(dfs) == len(docs) == len(tfs):
        raise SnapshotError(f"corrupt snapshot: {name} terms/df/docs/tfs do not match")
    if tfs and max(tfs) > max(lengths, default=0):
        raise SnapshotError(f"corrupt snapshot: {name} has a term more often than any length")
    if lengths and max(lengths) > _MAX_FIELD_LENGTH:
        raise SnapshotError(f"corrupt snapshot: {name}.lengths has a value above 2**31 - 1")
    fi.postings = _lazy_postings(name, terms, dfs, docs, tfs, n)
    fi.lengths = array("i", lengths)
    fi.total_length = sum(lengths)
    fi.doc_count = n - lengths.count(0)
    counts = Counter(lengths)  # (in C)
    counts.pop(0, None)
    fi.length_counts = dict(counts)


def _term_frequencies(name: str, data: Mapping[str, Any], count: int) -> list[int]:
    """A field's term frequencies, one per posting: listed (``"tfs"``, version 4 and
    before) or as the (position, frequency) pairs of those other than 1 (``"tfsNot1"``)."""
    if "tfs" in data:
        return _ints(data["tfs"], f"{name}.tfs", 1)
    if "tfsNot1" not in data:
        raise SnapshotError(f"corrupt snapshot: {name} has no term frequencies")
    pairs = _ints(data["tfsNot1"], f"{name}.tfsNot1", 0)
    positions, values = pairs[0::2], pairs[1::2]
    if (
        len(pairs) % 2
        or min(values, default=2) < 2
        or any(map(operator.ge, positions, positions[1:]))
        or (positions and positions[-1] >= count)
    ):
        raise SnapshotError(
            f"corrupt snapshot: {name}.tfsNot1 must be (position, frequency >= 2) pairs "
            f"with positions rising below {count}"
        )
    tfs = [1] * count
    for position, tf in zip(positions, values, strict=True):
        tfs[position] = tf
    return tfs


def _decode_columns(
    raw: Mapping[str, Any],
    n: int,
    documents: list[dict[str, Any]] | None,
    props: Mapping[str, Property],
    state: State,
    columns: dict[str, list[Any]] | None,
) -> None:
    """The vector columns of the ``n`` documents: from the documents (version 1) or
    packed beside them (``columns``: the documents' values by key, when they all have
    the same keys; ``documents`` None: those are all there is)."""
    if raw["version"] == 1 and documents is not None:
        for d, doc in enumerate(documents):
            for name, column in state.vectors.items():
                column.grow()
                values = get_path(doc, props[name].keys)
                if values is not None:
                    column.set(d, values)
    else:
        vectors = raw["vectors"]
        if not isinstance(vectors, dict) or set(vectors) != set(state.vectors):
            raise SnapshotError(
                "corrupt snapshot: 'vectors' must hold exactly the vector properties "
                f"{list(state.vectors)}"
            )
        blobs = _blobs(raw)
        for name, column in state.vectors.items():
            _decode_vectors(name, vectors[name], column, n, blobs)
            keys = props[name].keys
            if columns is not None and len(keys) == 1:
                held = any(value is not None for value in columns.get(keys[0], ()))
            else:
                held = any(get_path(doc, keys) is not None for doc in documents or ())
            if held:
                raise SnapshotError(
                    f"corrupt snapshot: documents of version {raw['version']} must not hold "
                    f"{describe(name)}"
                )
    for name, column in state.vectors.items():
        if not all(map(math.isfinite, column.norms)):
            raise SnapshotError(f"corrupt snapshot: vector {describe(name)} is not finite")


def _decode_vocabulary(vocab: Any) -> Vocabulary:
    words, counts = vocab["words"], vocab["counts"]
    if not isinstance(words, list) or not set(map(type, words)) <= {str}:
        raise SnapshotError("corrupt snapshot: vocabulary words must be strings")
    _ints(counts, "vocabulary counts", 1)
    if len(words) != len(counts):
        raise SnapshotError("corrupt snapshot: vocabulary words and counts differ in length")
    if "" in words:  # (saved before 0.1.1 for a lone combining mark: harmless, dropped)
        kept = [(w, c) for w, c in zip(words, counts, strict=True) if w]
        words, counts = [w for w, _ in kept], [c for _, c in kept]
    vocabulary = Vocabulary(dict(zip(words, counts, strict=True)))
    if len(vocabulary) != len(words):
        raise SnapshotError("corrupt snapshot: repeated vocabulary words")
    return vocabulary


def _float32_rows(name: str, data: bytes | memoryview) -> array[float]:
    """A version 3 snapshot's 32-bit floats, rounded to bfloat16 as a store holds them
    (in place, a chunk at a time: the rounding handles each chunk as one integer)."""
    rows = array("f")
    rows.frombytes(data)
    if _BIG_ENDIAN:  # pragma: no cover
        rows.byteswap()
    step = 1 << 16
    try:
        for start in range(0, len(rows), step):
            rows[start : start + step] = to_bfloat16(rows[start : start + step])
    except ValueError as err:
        raise SnapshotError(
            f"corrupt snapshot: vectors {describe(name)} hold a number that is not finite"
        ) from err
    return rows


def _blobs(raw: Mapping[str, Any]) -> list[Any] | None:
    """A snapshot's blobs (bytes-like objects), None when it has none."""
    if "blobs" not in raw or raw["version"] < VERSION:
        return None
    blobs = raw["blobs"]
    if not isinstance(blobs, list) or not all(
        isinstance(b, bytes | bytearray | memoryview) for b in blobs
    ):
        raise SnapshotError(
            "corrupt snapshot: 'blobs' must be bytes (a snapshot saved with binary=True is "
            f"read from the record that carries them), got {describe(blobs)}"
        )
    return blobs


def _vector_bytes(name: str, value: Any, blobs: list[Any] | None) -> bytes | memoryview:
    """The bytes of a vectors entry's part: base64 text, or a ``{"blob": i}`` reference."""
    if not isinstance(value, dict):
        return base64.b64decode(value, validate=True)
    index = value.get("blob")
    if blobs is None or type(index) is not int or not 0 <= index < len(blobs):
        raise SnapshotError(
            f"corrupt snapshot: vectors {describe(name)} refer to blob {describe(index)}, "
            f"expected one of the snapshot's {len(blobs or ())} blobs"
        )
    blob = blobs[index]
    return blob if isinstance(blob, bytes) else memoryview(blob).cast("B")


def _inflated(name: str, data: bytes | memoryview, size: int) -> bytes:
    """The ``size`` bytes zlib-compressed in ``data``: no more are ever inflated."""
    inflater = zlib.decompressobj()
    try:
        out = inflater.decompress(data, size + 1)
    except zlib.error as err:
        raise SnapshotError(f"corrupt snapshot: vectors {describe(name)}: {err}") from err
    if len(out) != size or not inflater.eof or inflater.unused_data:
        raise SnapshotError(
            f"corrupt snapshot: vectors {describe(name)} hold upper bytes that do not "
            f"inflate to exactly {size} bytes"
        )
    return out


def _planes(
    name: str, raw: dict[str, Any], blobs: list[Any] | None, size: int
) -> tuple[bytes, Any]:
    """The upper and lower bytes' planes of ``size`` numbers (the current encoding)."""
    low = _vector_bytes(name, raw["low"], blobs)
    if len(low) != size:
        raise SnapshotError(
            f"corrupt snapshot: vectors {describe(name)} hold {len(low)} lower bytes, "
            f"expected {size}"
        )
    return _inflated(name, _vector_bytes(name, raw["high"], blobs), size), low


def _rows(name: str, raw: dict[str, Any], blobs: list[Any] | None, size: int) -> array[float]:
    """The present rows' ``size`` numbers of one property's encoded vectors."""
    encoding = raw["encoding"]
    if encoding == VECTOR_ENCODING:
        return from_bfloat16_planes(*_planes(name, raw, blobs, size))
    width = _ENCODINGS[encoding]
    data = _vector_bytes(name, raw["data"], blobs)
    if len(data) != width * size:
        raise SnapshotError(
            f"corrupt snapshot: vectors {describe(name)} hold {len(data)} bytes, expected "
            f"{width * size} ({size} {encoding} numbers)"
        )
    return from_bfloat16_bytes(data) if width == 2 else _float32_rows(name, data)


def _decode_vectors(
    name: str, raw: Any, column: VectorColumn, n: int, blobs: list[Any] | None = None
) -> None:
    """Fill ``column`` with the ``n`` rows of one property's encoded vectors."""
    encoding = raw.get("encoding") if isinstance(raw, dict) else None
    if encoding != VECTOR_ENCODING and encoding not in _ENCODINGS:
        raise SnapshotError(
            f"corrupt snapshot: vectors {describe(name)} expected an encoding of "
            f"{sorted([VECTOR_ENCODING, *_ENCODINGS])}"
        )
    try:
        present = bytes(_vector_bytes(name, raw["present"], blobs))
        dim = column.dimension
        count = present.count(1)
        if len(present) != n or present.translate(None, b"\x00\x01"):
            raise SnapshotError(
                f"corrupt snapshot: vectors {describe(name)} must mark each of the {n} "
                "documents with a byte 0 or 1"
            )
        if count == n and encoding == VECTOR_ENCODING:  # (a buffer at a time, in place)
            column.from_planes(*_planes(name, raw, blobs, dim * count), n, present)
        else:
            column.load(_rows(name, raw, blobs, dim * count), n, present)
    except (KeyError, TypeError, ValueError, binascii.Error) as err:
        raise SnapshotError(f"corrupt snapshot: vectors {describe(name)}: {err}") from err
