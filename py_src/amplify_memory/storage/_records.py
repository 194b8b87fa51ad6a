"""The formats of persisted records: a store snapshot envelope and a pending-ops journal.

A store record (key ``<name>``)::

    {"format": "amplify-memory-store", "version": 1, "revision": 7, "writer": "k3x9...",
     "applied": {"<writer>": <last op seq of that writer included>, ...},
     "snapshot": <Database.save() output>}

The header is written first and in this order, so a writer can read the revision of a
multi-megabyte record without parsing it (:func:`peek_revision`). A record that is a bare
snapshot (saved by plain JavaScript with ``saveOramaToIDB``) reads as revision 0.

A journal record (key ``<name>.pending-<writer>``) holds the operations a page had not
written yet when it was hidden::

    {"format": "amplify-memory-journal", "version": 2, "store": "<name>",
     "writer": "<writer>", "ops": [{"seq": 3, "op": "insert", "id": "...", "doc": {...}}]}

``op`` is ``insert``, ``update`` (``doc``: the whole document), ``patch`` (``doc``: only the
changed properties; version 2) or ``remove`` (no ``doc``). From version 3 a document's
vectors may be packed, ``{"float32le": "<base64>"}`` (``Database.pack_vectors``); a journal
is written as the lowest version that holds its operations, so that a page of an older
version, still open in another tab, merges what it can read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from json import dumps, loads
from typing import Any, Literal

from amplify_memory.errors import NewerFormatError, SnapshotError, describe

__all__ = [
    "JOURNAL_FORMAT",
    "JOURNAL_VERSION",
    "RECORD_VERSION",
    "STORE_FORMAT",
    "Journal",
    "Op",
    "StoreRecord",
    "decode_journal",
    "decode_store",
    "encode_journal",
    "encode_store",
    "peek_revision",
]

STORE_FORMAT = "amplify-memory-store"
JOURNAL_FORMAT = "amplify-memory-journal"
RECORD_VERSION = 1
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
    r'\{"format":"' + STORE_FORMAT + r'","version":1,'
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


@dataclass
class Journal:
    store: str
    writer: str
    ops: list[Op]


def _compact(value: Any) -> str:
    return dumps(value, separators=(",", ":"), allow_nan=False)


def encode_store(
    snapshot: dict[str, Any], revision: int, writer: str, applied: dict[str, int]
) -> str:
    """The JSON text of a store record (header first; see the module docstring)."""
    kept = dict(list(applied.items())[-MAX_APPLIED_WRITERS:])
    # one JSON encoding of the whole record (no second copy of the snapshot's text)
    return _compact(
        {
            "format": STORE_FORMAT,
            "version": RECORD_VERSION,
            "revision": int(revision),
            "writer": writer,
            "applied": kept,
            "snapshot": snapshot,
        }
    )


def peek_revision(text: str) -> tuple[int, str] | None:
    """(revision, writer) from the header of a record this module wrote, without parsing."""
    match = _HEADER_RE.match(text, 0, 256)
    return (int(match.group(1)), match.group(2)) if match else None


def _parse(text: str, what: str) -> Any:
    if not isinstance(text, str):
        raise SnapshotError(f"the {what} is a {type(text).__name__}, expected a JSON string")
    try:
        return loads(text)
    except (ValueError, RecursionError) as err:  # (JSONDecodeError; a 5,000-digit number)
        raise SnapshotError(f"the {what} is not valid JSON: {err}") from err


def decode_store(text: str) -> StoreRecord:
    """Parse a store record; raise :class:`SnapshotError` on bad JSON, version or shape."""
    data = _parse(text, "stored record")
    if not isinstance(data, dict):
        kind = type(data).__name__
        raise SnapshotError(f"the stored record is a JSON {kind}, expected an object")
    if data.get("format") != STORE_FORMAT:
        # A bare snapshot (e.g. saved from plain JavaScript): the database decides on it.
        return StoreRecord(revision=0, writer="", snapshot=data)
    version = data.get("version")
    if type(version) is int and version > RECORD_VERSION:
        raise NewerFormatError(
            f"the stored record has format version {version}, written by a newer version of "
            f"amplify_memory; this one reads version {RECORD_VERSION}"
        )
    if version != RECORD_VERSION:
        raise SnapshotError(
            f"the stored record has format version {describe(version)}; this version of "
            f"amplify_memory reads version {RECORD_VERSION} only"
        )
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
    return StoreRecord(revision=revision, writer=writer, snapshot=snapshot, applied=applied)


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


def decode_journal(text: str) -> Journal:
    data = _parse(text, "journal record")
    if not isinstance(data, dict) or data.get("format") != JOURNAL_FORMAT:
        raise SnapshotError("the journal record is not an amplify-memory-journal object")
    version = data.get("version")
    if type(version) is int and version > max(_JOURNAL_VERSIONS):
        raise NewerFormatError(
            f"the journal record has format version {version}, written by a newer version "
            f"of amplify_memory; this one reads versions "
            f"{', '.join(map(str, _JOURNAL_VERSIONS))}"
        )
    if version not in _JOURNAL_VERSIONS or type(version) is not int:
        raise SnapshotError(
            f"the journal record has format version {describe(version)}; "
            f"this version reads versions {', '.join(map(str, _JOURNAL_VERSIONS))} only"
        )
    store, writer, raw_ops = data.get("store"), data.get("writer"), data.get("ops")
    if not isinstance(store, str) or not isinstance(writer, str) or not isinstance(raw_ops, list):
        raise SnapshotError("the journal record lacks store, writer or ops")
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
    return Journal(store=store, writer=writer, ops=ops)
