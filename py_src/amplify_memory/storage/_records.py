"""The formats of persisted records: a store snapshot envelope and a pending-ops journal.

A store record (key ``<name>``; version 2 since stores may keep a change log, version 1
before, with the same fields)::

    {"format": "amplify-memory-store", "version": 2, "revision": 7, "writer": "k3x9...",
     "applied": {"<writer>": <last op seq of that writer included>, ...},
     "snapshot": <Database.save() output>}

The header is written first and in this order, so a writer can read the revision of a
multi-megabyte record without parsing it (:func:`peek_revision`).

A store record whose snapshot has binary parts (a search snapshot of version 6: its
vectors' bytes, ``"blobs"``) is written as **bytes**, version 3: the record's JSON text as
above, in ASCII, with the snapshot's ``"blobs"`` replaced by their lengths; a newline (the
JSON text has none of its own); then the blobs, one after the other::

    {"format":"amplify-memory-store","version":3,...,"snapshot":{...,"blobs":[100000,25600000]}}\n<bytes>

Reading it gives the snapshot its blobs back as views of the record's bytes. Only a store
kept with a log is written so: its head (version 2 then) stops a page of an older version
before it reads a base it cannot. A record that is a bare
snapshot (saved by plain JavaScript with ``saveOramaToIDB``) reads as revision 0.

A journal record (key ``<name>.pending-<writer>``) holds the operations a page had not
written yet when it was hidden::

    {"format": "amplify-memory-journal", "version": 2, "store": "<name>",
     "writer": "<writer>", "ops": [{"seq": 3, "op": "insert", "id": "...", "doc": {...}}]}

A store that has grown past a size (see :class:`~amplify_memory.storage.PersistedStore`)
is kept as its store record (the *base*) and a log of change segments on top of it, so
that a write costs in proportion to the change, not to the store. Its head record (key
``<name>.head``) says how far both go::

    {"format": "amplify-memory-head", "version": 1, "base": 7, "writer": "k3x9...",
     "segments": 3, "baseBytes": 5242880, "logBytes": 20480}

and segment ``n`` (key ``<name>.log-<base>-<n>``, n = 1 .. segments) holds the operations
written after segment ``n - 1``, and the ``applied`` map as it stands after them::

    {"format": "amplify-memory-segment", "version": 1, "store": "<name>", "base": 7,
     "n": 3, "writer": "<writer>", "applied": {...}, "ops": [<as in a journal>]}

A base whose revision differs from the head's ``base`` (a compaction stopped after the
base was written) stands alone: the segments of older bases are ignored, and removed by
the next write. A store without a head record is its store record alone (every store
before this format, and every small store).

``op`` is ``insert``, ``update`` (``doc``: the whole document), ``patch`` (``doc``: only the
changed properties; version 2) or ``remove`` (no ``doc``). From version 3 a document's
vectors may be packed, ``{"float32le": "<base64>"}`` (``Database.pack_vectors``); a journal
is written as the lowest version that holds its operations, so that a page of an older
version, still open in another tab, merges what it can read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from json import dumps, loads
from typing import Any, Final, Literal

from amplify_memory._alloc import collector_paused
from amplify_memory.errors import NewerFormatError, SnapshotError, describe
from amplify_memory.storage._base import join_parts

__all__ = [
    "BINARY_RECORD_VERSION",
    "HEAD_FORMAT",
    "JOURNAL_FORMAT",
    "JOURNAL_VERSION",
    "RECORD_VERSION",
    "SEGMENT_FORMAT",
    "STORE_FORMAT",
    "Head",
    "Journal",
    "Op",
    "Segment",
    "StoreRecord",
    "decode_head",
    "decode_journal",
    "decode_segment",
    "decode_store",
    "encode_head",
    "encode_journal",
    "encode_segment",
    "encode_store",
    "encode_store_parts",
    "head_version",
    "peek_revision",
]

STORE_FORMAT = "amplify-memory-store"
JOURNAL_FORMAT = "amplify-memory-journal"
HEAD_FORMAT = "amplify-memory-head"
SEGMENT_FORMAT = "amplify-memory-segment"
#: Version 2: the same fields as 1, written by versions that may keep a change log beside
#: it (a page of an older version must not read the base alone and write over it).
RECORD_VERSION = 2
#: Version 3: a record of bytes, the snapshot's blobs after its JSON text.
BINARY_RECORD_VERSION = 3
_RECORD_VERSIONS = (1, 2, 3)
#: Head version 2: its base may be a binary record.
_HEAD_VERSIONS = (1, 2)
#: Journal version 2 added the ``patch`` operation (only the changed properties), version 3
#: packed vectors; a journal without them is still written, and read, as version 1 or 2.
JOURNAL_VERSION = 3
_JOURNAL_VERSIONS = (1, 2, 3)
#: How a packed vector starts in a document's JSON text (see ``pack_vector``).
_PACKED = '{"float32le":"'
MAX_APPLIED_WRITERS = 64

OpKind = Literal["insert", "update", "patch", "remove"]
_OP_KINDS: tuple[OpKind, ...] = ("insert", "update", "patch", "remove")
_V1_OP_KINDS: tuple[OpKind, ...] = ("insert", "update", "remove")

_HEADER_RE = re.compile(
    r'\{"format":"' + STORE_FORMAT + r'","version":[123],'
    r'"revision":([0-9]{1,15}),"writer":"([a-z0-9]*)",'
)


@dataclass(frozen=True)
class Op:
    """One change not yet written: ``doc`` is the JSON text of the document (None for remove)."""

    seq: int
    kind: OpKind
    doc_id: str
    doc: str | None


@dataclass
class StoreRecord:
    revision: int
    writer: str
    snapshot: dict[str, Any]
    applied: dict[str, int] = field(default_factory=dict)
    version: int = 2  # (0: a bare snapshot)


@dataclass
class Journal:
    store: str
    writer: str
    ops: list[Op]


def _compact(value: Any) -> str:
    return dumps(value, separators=(",", ":"), allow_nan=False)


def _record(
    snapshot: dict[str, Any], revision: int, writer: str, applied: dict[str, int], version: int
) -> dict[str, Any]:
    """A store record's object: its header first (see the module docstring)."""
    return {
        "format": STORE_FORMAT,
        "version": version,
        "revision": int(revision),
        "writer": writer,
        "applied": dict(list(applied.items())[-MAX_APPLIED_WRITERS:]),
        "snapshot": snapshot,
    }


def encode_store(
    snapshot: dict[str, Any], revision: int, writer: str, applied: dict[str, int]
) -> str | bytearray:
    """The JSON text of a store record (header first; see the module docstring), or its
    bytes (version 3) when ``snapshot`` carries ``"blobs"``: those are
    :func:`encode_store_parts` joined (and ``snapshot`` is emptied as they are)."""
    if snapshot.get("blobs") is None:
        # one JSON encoding of the whole record (no second copy of the snapshot's text)
        return _compact(_record(snapshot, revision, writer, applied, RECORD_VERSION))
    return join_parts(encode_store_parts(snapshot, revision, writer, applied))


#: Characters of a record's JSON text encoded into one of its parts (at least; a part
#: ends after the piece that reaches it).
_COPY_CHUNK: Final = 1 << 20
#: Values of a list encoded as one piece of JSON text.
_LIST_CHUNK: Final = 8192
#: How deep a record's objects are written entry by entry (below: one piece each).
_WALK_DEPTH: Final = 8


def encode_store_parts(
    snapshot: dict[str, Any], revision: int, writer: str, applied: dict[str, int]
) -> Iterator[bytes | memoryview]:
    """The bytes of a version 3 record (``snapshot`` carries ``"blobs"``) in parts: its
    JSON text about a megabyte at a time, a newline, then each blob.

    The whole text is never held: each entry of ``snapshot`` (and of the objects in it)
    is taken out once written, so the caller hands over a snapshot of its own (the lists
    of ``Database.save(copy=False)``) and what it holds is let go part by part. A storage
    that keeps the parts outside Python (:meth:`AsyncStorage.gather`: the page's
    IndexedDB) then holds no more than a part of the record in the wasm heap at a time.
    """
    blobs = snapshot["blobs"]  # (filled as the text is written, by a lazy snapshot)
    snapshot["blobs"] = lambda: [len(memoryview(blob).cast("B")) for blob in blobs]
    record = _record(snapshot, revision, writer, applied, BINARY_RECORD_VERSION)
    del snapshot
    yield from _ascii_parts(_json_pieces(record, _WALK_DEPTH))
    yield b"\n"
    blobs.reverse()
    while blobs:
        yield memoryview(blobs.pop()).cast("B")


def _json_pieces(value: Any, depth: int) -> Iterator[str]:
    """``_compact(value)`` in pieces, each object down to ``depth`` levels emptied as its
    entries are written, each list in pieces of :data:`_LIST_CHUNK` values. A value that
    is a function (no JSON value is) is called when it is reached: a lazy snapshot's
    sections are made one at a time (``Database.save(lazy=True)``)."""
    if callable(value):
        with collector_paused():
            value = value()
    kind = type(value)
    if depth and kind is dict and all(type(key) is str for key in value):
        yield "{"
        for i, key in enumerate(list(value)):
            yield f"{',' if i else ''}{_compact(key)}:"
            yield from _json_pieces(value.pop(key), depth - 1)
        yield "}"
    elif kind is list and len(value) > _LIST_CHUNK:
        yield "["
        for start in range(0, len(value), _LIST_CHUNK):
            text = _compact(value[start : start + _LIST_CHUNK])
            yield text[1:-1] if not start else f",{text[1:-1]}"
        yield "]"
    else:
        yield _compact(value)


def _ascii_parts(pieces: Iterator[str]) -> Iterator[bytes]:
    """``pieces`` (ASCII text: ``dumps`` escapes every other character, and newlines)
    joined and encoded about :data:`_COPY_CHUNK` characters at a time."""
    batch: list[str] = []
    size = 0
    for piece in pieces:
        batch.append(piece)
        size += len(piece)
        if size >= _COPY_CHUNK:
            yield "".join(batch).encode("ascii")
            batch, size = [], 0
    if batch:
        yield "".join(batch).encode("ascii")


def peek_revision(text: str) -> tuple[int, str] | None:
    """(revision, writer) from the header of a record this module wrote, without parsing."""
    match = _HEADER_RE.match(text, 0, 256)
    return (int(match.group(1)), match.group(2)) if match else None


def _parse(text: str | bytes, what: str) -> Any:
    if not isinstance(text, str):
        raise SnapshotError(f"the {what} is a {type(text).__name__}, expected a JSON string")
    try:
        with collector_paused():
            return loads(text)
    except (ValueError, RecursionError) as err:  # (JSONDecodeError; a 5,000-digit number)
        raise SnapshotError(f"the {what} is not valid JSON: {err}") from err


def decode_store(text: str | bytes | bytearray) -> StoreRecord:
    """Parse a store record (its text, or the bytes of version 3); raise
    :class:`SnapshotError` on bad JSON, version or shape."""
    if isinstance(text, bytes | bytearray):
        return _decode_binary_store(text)
    data = _parse(text, "stored record")
    if isinstance(data, dict) and data.get("version") == BINARY_RECORD_VERSION:
        raise SnapshotError("the stored record of version 3 is text, expected its bytes")
    return _store_record(data)


def _decode_binary_store(raw: bytes | bytearray) -> StoreRecord:
    """A version 3 record: its JSON text up to the first newline, then the blobs."""
    cut = raw.find(b"\n")
    if cut < 0:
        raise SnapshotError("the stored record's bytes hold no newline after its JSON text")
    with memoryview(raw) as view:
        return _binary_record(view, cut)


def _binary_record(view: memoryview, cut: int) -> StoreRecord:
    """:func:`_decode_binary_store` of a view it releases after (its blobs are copies)."""
    try:
        text = str(view[:cut], "ascii")  # (no copy of the bytes first)
    except UnicodeDecodeError as err:
        raise SnapshotError(f"the stored record's JSON text is not ASCII: {err}") from err
    data = _parse(text, "stored record")
    del text
    if not isinstance(data, dict) or data.get("version") != BINARY_RECORD_VERSION:
        version = data.get("version") if isinstance(data, dict) else None
        _check_version(version, _RECORD_VERSIONS, "stored record")
        raise SnapshotError(
            f"the stored record of version {describe(version)} is bytes, expected text"
        )
    record = _store_record(data)
    sizes = record.snapshot.get("blobs")
    if (
        not isinstance(sizes, list)
        or not all(type(size) is int and size >= 0 for size in sizes)
        or sum(sizes) != len(view) - cut - 1
    ):
        raise SnapshotError(
            f"the stored record's blob sizes {describe(sizes)} do not add up to the "
            f"{len(view) - cut - 1} bytes after its JSON text"
        )
    blobs, at = [], cut + 1
    for size in sizes:  # (copies: the record does not keep the bytes alive, twice their size)
        blobs.append(view[at : at + size].tobytes())
        at += size
    record.snapshot["blobs"] = blobs
    return record


def _store_record(data: Any) -> StoreRecord:
    if not isinstance(data, dict):
        kind = type(data).__name__
        raise SnapshotError(f"the stored record is a JSON {kind}, expected an object")
    if data.get("format") != STORE_FORMAT:
        # A bare snapshot (e.g. saved from plain JavaScript): the database decides on it.
        return StoreRecord(revision=0, writer="", snapshot=data, version=0)
    version = _check_version(data.get("version"), _RECORD_VERSIONS, "stored record")
    revision, writer = data.get("revision"), data.get("writer")
    snapshot, applied = data.get("snapshot"), data.get("applied", {})
    if not isinstance(revision, int) or isinstance(revision, bool) or revision < 0:
        raise SnapshotError(
            f"the stored record has revision {describe(revision)}, expected an int >= 0"
        )
    if not isinstance(writer, str):
        raise SnapshotError(f"the stored record has writer {describe(writer)}, expected a string")
    if not isinstance(snapshot, dict):
        raise SnapshotError("the stored record has no snapshot object")
    if not isinstance(applied, dict) or not all(
        isinstance(k, str) and isinstance(v, int) for k, v in applied.items()
    ):
        raise SnapshotError("the stored record has a malformed 'applied' map")
    return StoreRecord(
        revision=revision, writer=writer, snapshot=snapshot, applied=applied, version=version
    )


def encode_journal(store: str, writer: str, ops: list[Op]) -> str:
    """The journal record of ``ops``: version 3 when a document holds a packed vector,
    else 2 when one is a ``patch``, else 1 (so that a page of an older version, still
    open in another tab, merges what it can read)."""
    body = ",".join(_op_text(op) for op in ops)
    # (a document whose own object has that key only costs the lower version)
    version = 3 if _PACKED in body else 2 if any(op.kind == "patch" for op in ops) else 1
    return (
        f'{{"format":"{JOURNAL_FORMAT}","version":{version},"store":{_compact(store)},'
        f'"writer":{_compact(writer)},"ops":[{body}]}}'
    )


def _op_text(op: Op) -> str:
    # The document is already JSON text: splice it in rather than parse and re-dump it.
    head = f'{{"seq":{op.seq},"op":"{op.kind}","id":{_compact(op.doc_id)}'
    return head + (f',"doc":{op.doc}}}' if op.doc is not None else "}")


def decode_journal(text: str | bytes) -> Journal:
    data = _parse(text, "journal record")
    if not isinstance(data, dict) or data.get("format") != JOURNAL_FORMAT:
        raise SnapshotError("the journal record is not an amplify-memory-journal object")
    version = _check_version(data.get("version"), _JOURNAL_VERSIONS, "journal record")
    store, writer, raw_ops = data.get("store"), data.get("writer"), data.get("ops")
    if not isinstance(store, str) or not isinstance(writer, str) or not isinstance(raw_ops, list):
        raise SnapshotError("the journal record lacks store, writer or ops")
    return Journal(store=store, writer=writer, ops=_decode_ops(raw_ops, version))


def _check_version(version: Any, readable: tuple[int, ...], what: str) -> int:
    """``version`` when it is one of ``readable``; :class:`NewerFormatError` for a version
    above them, :class:`SnapshotError` for any other."""
    if type(version) is int and version > max(readable):
        raise NewerFormatError(
            f"the {what} has format version {version}, written by a newer version of "
            f"amplify_memory; this one reads versions {', '.join(map(str, readable))}"
        )
    if type(version) is not int or version not in readable:
        raise SnapshotError(
            f"the {what} has format version {describe(version)}; this version of "
            f"amplify_memory reads versions {', '.join(map(str, readable))} only"
        )
    return int(version)


def _decode_ops(raw_ops: list[Any], version: int) -> list[Op]:
    ops: list[Op] = []
    for item in raw_ops:
        if not isinstance(item, dict):
            raise SnapshotError(f"a journal operation is not an object: {describe(item)}")
        seq, kind, doc_id, doc = item.get("seq"), item.get("op"), item.get("id"), item.get("doc")
        allowed = _OP_KINDS if version >= 2 else _V1_OP_KINDS
        if not isinstance(seq, int) or kind not in allowed or not isinstance(doc_id, str):
            raise SnapshotError(f"a journal operation is malformed: {describe(item)}")
        if kind != "remove" and not isinstance(doc, dict):
            raise SnapshotError(f"a journal {kind} has no document: {describe(item)}")
        ops.append(Op(seq, kind, doc_id, None if kind == "remove" else _compact(doc)))
    return ops


# ---------------------------------------------------------------- a store kept as a log


@dataclass(frozen=True)
class Head:
    """How far a store kept as a base and a change log goes (see the module docstring)."""

    base: int
    writer: str
    segments: int
    base_bytes: int
    log_bytes: int
    #: 2 when the base is a binary record (a page that reads only version 1 stops there).
    version: int = 1


def head_version(record_version: int) -> int:
    """The version of a head whose base record has ``record_version``."""
    return 2 if record_version == BINARY_RECORD_VERSION else 1


@dataclass
class Segment:
    store: str
    base: int
    number: int
    writer: str
    applied: dict[str, int]
    ops: list[Op]


def encode_head(head: Head) -> str:
    return _compact(
        {
            "format": HEAD_FORMAT,
            "version": head.version,
            "base": head.base,
            "writer": head.writer,
            "segments": head.segments,
            "baseBytes": head.base_bytes,
            "logBytes": head.log_bytes,
        }
    )


def _count(data: dict[str, Any], key: str, what: str) -> int:
    value = data.get(key)
    if type(value) is not int or value < 0:
        raise SnapshotError(f"the {what} has {key} {describe(value)}, expected an int >= 0")
    return value


def decode_head(text: str | bytes) -> Head:
    """Parse a head record; :class:`SnapshotError` on bad JSON, version or shape."""
    data = _parse(text, "head record")
    if not isinstance(data, dict) or data.get("format") != HEAD_FORMAT:
        raise SnapshotError("the head record is not an amplify-memory-head object")
    version = _check_version(data.get("version"), _HEAD_VERSIONS, "head record")
    writer = data.get("writer")
    if not isinstance(writer, str):
        raise SnapshotError(f"the head record has writer {describe(writer)}, expected a string")
    return Head(
        base=_count(data, "base", "head record"),
        writer=writer,
        segments=_count(data, "segments", "head record"),
        base_bytes=_count(data, "baseBytes", "head record"),
        log_bytes=_count(data, "logBytes", "head record"),
        version=version,
    )


def encode_segment(segment: Segment) -> str:
    """The JSON text of a change segment (operations spliced in as a journal's are)."""
    body = ",".join(_op_text(op) for op in segment.ops)
    head = _compact(
        {
            "format": SEGMENT_FORMAT,
            "version": 1,
            "store": segment.store,
            "base": segment.base,
            "n": segment.number,
            "writer": segment.writer,
            "applied": dict(list(segment.applied.items())[-MAX_APPLIED_WRITERS:]),
        }
    )
    return f'{head[:-1]},"ops":[{body}]}}'


def decode_segment(text: str | bytes) -> Segment:
    """Parse a change segment; :class:`SnapshotError` on bad JSON, version or shape."""
    data = _parse(text, "change segment")
    if not isinstance(data, dict) or data.get("format") != SEGMENT_FORMAT:
        raise SnapshotError("the change segment is not an amplify-memory-segment object")
    _check_version(data.get("version"), (1,), "change segment")
    store, writer, applied = data.get("store"), data.get("writer"), data.get("applied")
    raw_ops = data.get("ops")
    if not isinstance(store, str) or not isinstance(writer, str) or not isinstance(raw_ops, list):
        raise SnapshotError("the change segment lacks store, writer or ops")
    if not isinstance(applied, dict) or not all(
        isinstance(k, str) and type(v) is int for k, v in applied.items()
    ):
        raise SnapshotError("the change segment has a malformed 'applied' map")
    return Segment(
        store=store,
        base=_count(data, "base", "change segment"),
        number=_count(data, "n", "change segment"),
        writer=writer,
        applied=applied,
        ops=_decode_ops(raw_ops, max(_JOURNAL_VERSIONS)),
    )
