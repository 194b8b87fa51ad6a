"""A large store's base record made in parts (issue 14: bounded memory while saving).

``encode_store_parts`` writes a version 3 record a megabyte of JSON text at a time and
empties the snapshot as it goes; the store hands the parts to its storage's ``gather``
(the page's IndexedDB joins them in JavaScript), so the record is never whole in Python.
"""

from __future__ import annotations

import asyncio
import random
import weakref
from json import dumps
from typing import Any

import pytest

import amplify_memory.storage._records as records
from amplify_memory.search import Database
from amplify_memory.storage import LocalCoordinator, MemoryStorage, PersistedStore
from amplify_memory.storage._base import AsyncStorage, join_parts
from amplify_memory.storage._records import decode_store, encode_store, encode_store_parts

DIM = 8
SCHEMA = {"id": "string", "content": "string", "embedding": f"vector[{DIM}]"}
WORDS = ["tabs", "spaces", "rust", "python", "vim", "emacs", "postgres", "zsh", "go", "nix"]


@pytest.fixture(autouse=True)
def log_mode() -> str:  # (overrides conftest's: these set the policy themselves)
    return "binary"


def entry(i: int, rng: random.Random) -> dict[str, Any]:
    doc: dict[str, Any] = {"id": f"m{i}", "content": " ".join(rng.choices(WORDS, k=5)) + f" {i}"}
    if i % 5:
        doc["embedding"] = [rng.uniform(-1, 1) for _ in range(DIM)]
    return doc


def database(n: int, seed: int = 1) -> Database:
    rng = random.Random(seed)
    db = Database(SCHEMA)
    db.insert_multiple([entry(i, rng) for i in range(n)])
    return db


def whole_record(snapshot: dict[str, Any], revision: int, writer: str, applied: dict) -> bytes:
    """The version 3 record as one JSON encoding, a newline and the blobs (written here
    independently of the module: what the parts must add up to, byte for byte)."""
    blobs = [bytes(memoryview(b).cast("B")) for b in snapshot["blobs"]]
    header = {
        "format": "amplify-memory-store",
        "version": 3,
        "revision": revision,
        "writer": writer,
        "applied": applied,
        "snapshot": {**snapshot, "blobs": [len(b) for b in blobs]},
    }
    text = dumps(header, separators=(",", ":"), allow_nan=False)
    return text.encode("ascii") + b"\n" + b"".join(blobs)


@pytest.mark.parametrize(("chunk", "list_chunk"), [(1, 1), (7, 3), (4096, 100), (1 << 20, 8192)])
def test_the_parts_add_up_to_the_whole_record_byte_for_byte(
    monkeypatch: pytest.MonkeyPatch, chunk: int, list_chunk: int
) -> None:
    db = database(700)
    db.remove("m5")  # (a store with a hole: renumbered on save)
    expected = whole_record(db.save(binary=True), 3, "w", {"w": 2, "x": 9})
    monkeypatch.setattr(records, "_COPY_CHUNK", chunk)
    monkeypatch.setattr(records, "_LIST_CHUNK", list_chunk)
    parts = list(encode_store_parts(db.save(binary=True), 3, "w", {"w": 2, "x": 9}))
    assert b"".join(map(bytes, parts)) == expected
    assert bytes(encode_store(db.save(binary=True), 3, "w", {"w": 2, "x": 9})) == expected
    again = Database(SCHEMA)
    again.load(decode_store(expected).snapshot)
    assert sorted(again.ids()) == sorted(db.ids())
    assert again.search(term="rust 42").hits[0].id == db.search(term="rust 42").hits[0].id


def test_no_text_part_is_much_longer_than_a_chunk(monkeypatch: pytest.MonkeyPatch) -> None:
    """A part ends after the piece that reaches the chunk's length; a list is cut into
    pieces of a few values: no part holds the record's text whole."""
    monkeypatch.setattr(records, "_COPY_CHUNK", 2000)
    monkeypatch.setattr(records, "_LIST_CHUNK", 50)
    db = database(3000)
    parts = list(encode_store_parts(db.save(binary=True), 1, "w", {}))
    cut = next(i for i, part in enumerate(parts) if bytes(part) == b"\n")
    text_parts = parts[:cut]
    assert sum(map(len, text_parts)) > 40 * 2000  # (the text is many chunks long)
    longest_piece = 50 * 45  # (50 values of at most ~45 characters: one piece)
    assert max(map(len, text_parts)) < 2000 + longest_piece
    assert len(parts) - cut - 1 == 3  # (the blobs, each its own part)


class Leaf(list):  # (a list that can be watched with a weak reference)
    pass


def test_each_entry_of_the_snapshot_is_let_go_once_written(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(records, "_COPY_CHUNK", 10)
    snapshot = {
        "first": Leaf(range(1000)),
        "nested": {"inner": Leaf(["a"] * 1000)},
        "last": [1, 2, 3],
        "blobs": [b"\x01\x02", bytearray(b"\x03")],
    }
    first, inner = weakref.ref(snapshot["first"]), weakref.ref(snapshot["nested"]["inner"])
    parts = encode_store_parts(snapshot, 1, "w", {})
    seen = []
    for part in parts:
        seen.append(bytes(part))
        if b'"last"' in seen[-1]:
            assert first() is None  # (written, then let go)
            assert inner() is None
    assert snapshot == {}  # (the caller's snapshot was handed over)
    assert b"".join(seen).endswith(b"\n\x01\x02\x03")


async def filled_store(storage: Any) -> PersistedStore[Database]:
    """A store of 300 entries with vectors, kept with a log (its base: bytes), flushed."""
    store = await PersistedStore.open(
        "notes", storage, lambda: Database(SCHEMA), coordinator=LocalCoordinator()
    )
    store.log_from_bytes = 4000
    store.insert_multiple([entry(i, random.Random(i)) for i in range(300)])
    await store.flush()
    return store


def test_a_store_hands_its_base_to_the_storage_in_parts() -> None:
    class GatheringStorage(MemoryStorage):
        holds_bytes = True

        def __init__(self) -> None:
            super().__init__()
            self.gathered: list[int] = []

        def gather(self, parts):  # type: ignore[no-untyped-def]
            sizes = []
            out = bytearray()
            for part in parts:
                sizes.append(len(memoryview(part).cast("B")))
                out += part
            self.gathered.append(len(sizes))
            return out

    async def scenario() -> None:
        storage = GatheringStorage()
        store = await filled_store(storage)
        assert storage.gathered
        assert storage.gathered[-1] >= 4  # (text, newline, 3 blobs)
        reopened = await PersistedStore.open(
            "notes", storage, lambda: Database(SCHEMA), coordinator=LocalCoordinator()
        )
        assert sorted(reopened.db.ids()) == sorted(store.db.ids())
        assert decode_store(storage.records["notes"]).version == 3

    asyncio.run(scenario())


def test_a_storage_without_gather_gets_the_parts_joined() -> None:
    """A storage written to the protocol before ``gather`` (duck-typed, no base class)."""

    class OldStorage:
        holds_bytes = True

        def __init__(self) -> None:
            self.inner = MemoryStorage()

        def __getattr__(self, name: str) -> Any:
            if name == "gather":
                raise AttributeError(name)
            return getattr(self.inner, name)

    async def scenario() -> None:
        storage = OldStorage()
        await filled_store(storage)
        assert decode_store(storage.inner.records["notes"]).version == 3

    asyncio.run(scenario())


def test_join_parts_and_the_default_gather_join_in_order() -> None:
    parts = [b"ab", bytearray(b"c"), memoryview(b"def")]
    assert join_parts(iter(parts)) == bytearray(b"abcdef")
    assert MemoryStorage().gather(iter(parts)) == bytearray(b"abcdef")
    assert AsyncStorage.gather is not None


def test_a_lazy_snapshot_writes_the_same_bytes_a_section_at_a_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``save(binary=True, lazy=True)``: its sections are made when the writer reaches
    them, so a write holds one at a time; the record is the same, byte for byte."""
    import tracemalloc

    monkeypatch.setattr(records, "_COPY_CHUNK", 4096)  # (the sections, not the parts)
    db = database(10000, seed=3)
    db.remove("m17")
    eager = b"".join(map(bytes, encode_store_parts(db.save(binary=True), 2, "w", {"w": 1})))
    lazy = db.save(copy=False, binary=True, lazy=True)
    assert all(callable(lazy[key]) for key in ("documents", "fields", "vocabulary", "vectors"))
    assert lazy["blobs"] == []  # (filled when "vectors" is written)
    assert b"".join(map(bytes, encode_store_parts(lazy, 2, "w", {"w": 1}))) == eager

    def peak_of(snapshot_lazy: bool) -> int:
        tracemalloc.start()
        try:
            for _ in encode_store_parts(
                db.save(copy=False, binary=True, lazy=snapshot_lazy), 2, "w", {}
            ):
                pass
            return tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()

    assert peak_of(True) < 0.85 * peak_of(False)  # (measured: 2.49 against 3.32 MB)
    plain = db.save(lazy=True)  # (no bytes asked: a plain snapshot, nothing deferred)
    assert not any(callable(value) for value in plain.values())
