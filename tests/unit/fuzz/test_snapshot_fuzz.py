"""Fuzz snapshots: ``Database.save`` / ``load`` / ``from_snapshot``, and the persisted
records around them (``decode_store``, ``decode_journal``, ``PersistedStore.open``).

A valid snapshot is corrupted (a JSON field replaced, deleted, duplicated ...; or its
text edited character by character, or byte by byte). Loading it must raise an
AmplifyMemoryError, or load; and a database that loaded must then survive searches,
inserts, updates, removes and saves without untyped errors, and reopen equal."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from amplify_memory.search import Database
from amplify_memory.storage import MemoryStorage, PersistedStore
from amplify_memory.storage._records import (
    Op,
    decode_journal,
    decode_store,
    encode_journal,
    encode_store,
)

from ._search_strategies import SCHEMAS
from ._support import (
    ContractViolation,
    acall,
    anything,
    build,
    call,
    check_equal,
    db_state,
    fuzz,
    run,
)
from .test_search_fuzz import CORPUS, reopen_equal

# --------------------------------------------------------------------------- corruption

ACTIONS = (
    "replace",
    "delete",
    "duplicate",
    "append",
    "swap",
    "negate",
    "grow",
    "to_float",
    "to_string",
    "empty",
)

json_mutations = st.lists(
    st.tuples(
        st.lists(st.integers(0, 2**16), max_size=6),
        st.sampled_from(ACTIONS),
        anything,
    ),
    min_size=1,
    max_size=3,
)

TEXT_INSERTS = (
    '"',
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "0",
    "-",
    "e",
    "9" * 400,
    "1e400",
    "NaN",
    "-Infinity",
    "\\",
    "\\ud800",
    "null",
    "true",
    "[" * 5000,
    '{"a":' * 2000,
    "\x00",
    "é",
)
text_mutations = st.lists(
    st.tuples(
        st.sampled_from(["delete", "insert", "replace", "truncate", "duplicate", "flip_byte"]),
        st.integers(0, 2**20),
        st.integers(1, 40),
        st.sampled_from(TEXT_INSERTS),
    ),
    min_size=1,
    max_size=3,
)


def corrupt_json(value: Any, mutations: list[tuple[list[int], str, Any]]) -> Any:
    """``value`` (a JSON document, copied) with each mutation applied at the path its
    selectors pick (each selector indexes the children of the current container)."""
    root = {"root": json.loads(json.dumps(value))}
    for selectors, action, replacement in mutations:
        if "root" not in root:
            break
        parent: Any = root
        key: Any = "root"
        for sel in selectors:
            node = parent[key]
            if isinstance(node, dict) and node:
                parent, key = node, list(node)[sel % len(node)]
            elif isinstance(node, list) and node:
                parent, key = node, sel % len(node)
            else:
                break
        _mutate(parent, key, action, build(replacement))
    return root.get("root")


def _mutate(parent: Any, key: Any, action: str, replacement: Any) -> None:
    node = parent[key]
    if action == "replace":
        parent[key] = replacement
    elif action == "delete":
        del parent[key]
    elif action == "duplicate" and isinstance(parent, list):
        parent.insert(key, node)
    elif action == "append" and isinstance(node, list):
        node.append(replacement if len(node) % 2 else (node[-1] if node else replacement))
    elif action == "append" and isinstance(node, dict):
        node["extra"] = replacement
    elif action == "swap" and isinstance(parent, list) and len(parent) > 1:
        other = (key + 1) % len(parent)
        parent[key], parent[other] = parent[other], parent[key]
    elif action == "negate" and isinstance(node, (int, float)) and not isinstance(node, bool):
        parent[key] = -node - 1
    elif action == "grow" and isinstance(node, (int, float)) and not isinstance(node, bool):
        parent[key] = node * 10**6 + 10**18
    elif action == "to_float" and isinstance(node, int) and not isinstance(node, bool):
        parent[key] = float(node) + 0.5
    elif action == "to_string":
        parent[key] = str(node)[:50]
    elif action == "empty":
        parent[key] = type(node)() if isinstance(node, (list, dict, str)) else None
    else:
        parent[key] = replacement


def corrupt_text(text: str, mutations: list[tuple[str, int, int, str]]) -> str:
    for action, position, length, insert in mutations:
        at = position % (len(text) + 1)
        if action == "delete":
            text = text[:at] + text[at + length :]
        elif action == "insert":
            text = text[:at] + insert + text[at:]
        elif action == "replace":
            text = text[:at] + insert + text[at + len(insert) :]
        elif action == "truncate":
            text = text[:at]
        elif action == "duplicate":
            text = text[:at] + text[at : at + length] + text[at:]
        else:  # flip one byte of the UTF-8 text
            data = bytearray(text.encode("utf-8", "surrogatepass"))
            if data:
                data[at % len(data)] ^= 1 << (length % 8)
            text = data.decode("utf-8", "replace")
    return text


# --------------------------------------------------------------------------- databases


def seeded_snapshot(schema: str, removed: int) -> dict[str, Any]:
    db = Database(SCHEMAS[schema])
    db.insert_multiple([dict(d) for d in CORPUS[schema]])
    for i, doc_id in enumerate(db.ids()[:removed]):
        db.remove(doc_id)
        db.insert({**CORPUS[schema][0], "id": f"again{i}"})
    return db.save()


def probes(db: Database) -> list[dict[str, Any]]:
    """Searches that reach every part of a loaded index."""
    props = db.properties
    snapshot = db.save()
    words = [w for w in snapshot.get("vocabulary", {}).get("words", [])[:4] if isinstance(w, str)]
    out: list[dict[str, Any]] = [{}, {"term": "the user prefers migrations"}]
    for word in words:
        out += [
            {"term": word},
            {"term": word[:2], "prefix": True},
            {"term": word + "x", "tolerance": 2},
            {"term": word, "exact": True, "threshold": 0},
        ]
    for path, prop in props.items():
        if prop.base == "vector":
            unit = [1.0] + [0.0] * ((prop.dimension or 1) - 1)
            vector = {"value": unit, "property": path}
            out += [
                {"mode": "vector", "vector": vector, "similarity": -1.0},
                {"mode": "hybrid", "vector": vector, "term": words[0] if words else "x"},
            ]
            continue
        if prop.base == "number":
            out += [
                {"where": {path: {"gte": -1e9}}},
                {"facets": {path: {"ranges": [{"from": -1e9, "to": 1e9}]}}},
            ]
        elif prop.base == "boolean":
            out += [{"where": {path: True}}, {"facets": {path: {}}}]
        elif prop.base == "string":
            out += [{"where": {path: words[0] if words else "x"}}, {"facets": {path: {}}}]
        else:
            out += [{"where": {path: {"nin": ["x"]}}}, {"facets": {path: {}}}]
        if not prop.is_array:
            out.append({"sort_by": {"property": path, "order": "DESC"}})
    return out


def survive(db: Database, what: str) -> None:
    """Searches, writes and a save / reopen on a database that loaded a snapshot."""

    def state() -> Any:
        return db_state(db)

    for kwargs in probes(db):
        call(f"{what} search", db.search, state=state, **kwargs)
    ids = db.ids()
    doc = {k: v for k, v in CORPUS_DOC.items() if k in db.schema}
    call(
        f"{what} insert",
        db.insert,
        {**doc, "id": "fresh"} if "id" in db.properties else doc,
        state=state,
    )
    if ids:
        call(
            f"{what} update",
            db.update,
            ids[0],
            {**doc, "id": ids[0]} if "id" in db.properties else doc,
            state=state,
        )
        call(
            f"{what} patch",
            db.patch,
            ids[-1],
            {k: v for k, v in doc.items() if k != "id"},
            state=state,
        )
        call(f"{what} remove", db.remove, ids[len(ids) // 2], state=state)
    for kwargs in probes(db)[:6]:
        call(f"{what} search after writes", db.search, state=state, **kwargs)
    reopen_equal(db, what)


CORPUS_DOC = {
    "id": "x",
    "content": "Uses tabs, not spaces; migrations with Alembic",
    "title": "tabs",
    "body": "spaces",
    "tags": ["style"],
    "n": 2,
    "kind": "y",
    "vec": [0.0, 0.0, 1.0, 0.0],
    "v2": [0.0, 1.0],
}


@fuzz(3)
@given(
    schema=st.sampled_from(sorted(SCHEMAS)),
    removed=st.integers(0, 2),
    mutations=json_mutations,
)
def test_corrupt_snapshot_json(schema: str, removed: int, mutations: list[Any]) -> None:
    """A snapshot with fields replaced, removed, duplicated ...: from_snapshot raises a
    typed error, or the database it gives survives use."""
    raw = corrupt_json(seeded_snapshot(schema, removed), mutations)
    out = call("Database.from_snapshot", Database.from_snapshot, raw)
    if out.ok:
        survive(out.value, "corrupt-snapshot database")


@fuzz(2)
@given(
    schema=st.sampled_from(sorted(SCHEMAS)),
    mutations=json_mutations,
)
def test_load_corrupt_snapshot_changes_nothing(schema: str, mutations: list[Any]) -> None:
    """``db.load(corrupt)`` on a database with contents: a typed error and the old
    contents, or the new ones (then usable)."""
    raw = corrupt_json(seeded_snapshot(schema, 0), mutations)
    db = Database(SCHEMAS[schema])
    db.insert({k: v for k, v in CORPUS_DOC.items() if k in SCHEMAS[schema]})
    out = call("Database.load", db.load, raw, state=lambda: db_state(db))
    if out.ok:
        survive(db, "db.load(corrupt)")


@fuzz(2)
@given(
    schema=st.sampled_from(sorted(SCHEMAS)),
    mutations=text_mutations,
)
def test_corrupt_snapshot_text(schema: str, mutations: list[Any]) -> None:
    """The snapshot's JSON text edited: decode_store (text -> record) then from_snapshot."""
    text = corrupt_text(json.dumps(seeded_snapshot(schema, 1)), mutations)
    record = call("decode_store", decode_store, text)
    if record.ok:
        out = call("Database.from_snapshot", Database.from_snapshot, record.value.snapshot)
        if out.ok:
            survive(out.value, "corrupt-text database")


async def _store_round_trip(storage: MemoryStorage, schema: str) -> None:
    """Open the store over a (possibly corrupt) record, use it, close it, reopen it."""

    def create() -> Database:
        return Database(SCHEMAS[schema])

    opened = await acall("PersistedStore.open", PersistedStore.open, "notes", storage, create)
    if not opened.ok:
        return
    store: PersistedStore[Database] = opened.value

    def state() -> Any:
        return db_state(store.db)

    doc = {k: v for k, v in CORPUS_DOC.items() if k in SCHEMAS[schema]}
    if "id" in SCHEMAS[schema]:
        doc["id"] = "new-doc"
    call("PersistedStore.insert", store.insert, doc, state=state)
    for kwargs in probes(store.db)[:8]:
        call("PersistedStore.search", store.search, state=state, **kwargs)
    ids = store.db.ids()
    if ids:
        call("PersistedStore.remove", store.remove, ids[0], state=state)
    await acall("PersistedStore.close", store.close)
    expected = db_state(store.db)
    again = await acall(
        "PersistedStore.open (again)", PersistedStore.open, "notes", storage, create
    )
    if again.ok:
        reopened: PersistedStore[Database] = again.value
        check_equal("PersistedStore close/open", expected, db_state(reopened.db))
        if reopened.quarantined:
            raise ContractViolation(
                f"the record this store wrote was quarantined on reopen: {reopened.quarantined[-1]}"
            )
        await acall("PersistedStore.close", reopened.close)


@fuzz(2)
@given(
    schema=st.sampled_from(sorted(SCHEMAS)),
    as_json=st.booleans(),
    json_muts=json_mutations,
    text_muts=text_mutations,
)
def test_persisted_store_over_corrupt_record(
    schema: str, as_json: bool, json_muts: list[Any], text_muts: list[Any]
) -> None:
    """A corrupt store record in storage: the store opens (quarantining it) or raises a
    typed error, and what it then holds is written and read back equal."""
    snapshot = seeded_snapshot(schema, 1)
    if as_json:
        record = corrupt_json(
            {"format": "amplify-memory-store", "version": 1, "revision": 3, "writer": "abc",
             "applied": {"abc": 2}, "snapshot": snapshot},
            json_muts,
        )  # fmt: skip
        try:
            text = json.dumps(record)
        except (TypeError, ValueError, RecursionError):
            text = json.dumps(snapshot)
    else:
        text = corrupt_text(encode_store(snapshot, 3, "abc", {"abc": 2}), text_muts)
    call("decode_store", decode_store, text)
    storage = MemoryStorage()
    storage.records["notes"] = text
    run(_store_round_trip(storage, schema))


@fuzz(2)
@given(
    schema=st.sampled_from(sorted(SCHEMAS)),
    json_muts=json_mutations,
    text_muts=text_mutations,
    as_json=st.booleans(),
)
def test_persisted_store_over_corrupt_journal(
    schema: str, json_muts: list[Any], text_muts: list[Any], as_json: bool
) -> None:
    """A corrupt pending-changes journal left by another tab: merged, or quarantined."""
    doc = {k: v for k, v in CORPUS_DOC.items() if k in SCHEMAS[schema]}
    ops = [
        Op(1, "insert", "j1", json.dumps({**doc, "id": "j1"} if "id" in doc else doc)),
        Op(2, "patch", "j1", json.dumps({"n": 5} if "n" in SCHEMAS[schema] else {})),
        Op(3, "remove", "c1", None),
    ]
    text = encode_journal("notes", "zz9", ops)
    if as_json:
        with contextlib.suppress(TypeError, ValueError, RecursionError):
            text = json.dumps(corrupt_json(json.loads(text), json_muts))
    else:
        text = corrupt_text(text, text_muts)
    call("decode_journal", decode_journal, text)
    storage = MemoryStorage()
    storage.records["notes"] = encode_store(seeded_snapshot(schema, 0), 1, "abc", {})
    storage.records["notes.pending-zz9"] = text
    run(_store_round_trip(storage, schema))
