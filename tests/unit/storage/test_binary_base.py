"""A large store's base record as bytes: the vectors after the JSON text (issue 14).

A store kept with a log writes its base as a version 3 record of bytes (the snapshot's
vectors as raw bfloat16, not base64) and a head of version 2; small stores, and stores
without vectors, stay text. What is saved loads back the same, from every storage.
"""

from __future__ import annotations

import asyncio
import random
import zlib
from json import loads
from pathlib import Path
from typing import Any

import pytest

from amplify_memory.errors import NewerFormatError, SnapshotError
from amplify_memory.search import Database
from amplify_memory.storage import FileStorage, LocalCoordinator, MemoryStorage, PersistedStore
from amplify_memory.storage._base import AsyncStorage
from amplify_memory.storage._records import decode_store, encode_store

DIM = 16
SCHEMA = {"id": "string", "content": "string", "embedding": f"vector[{DIM}]"}
PLAIN = {"id": "string", "content": "string"}
WORDS = [
    "tabs",
    "spaces",
    "rust",
    "python",
    "vim",
    "emacs",
    "postgres",
    "sqlite",
    "docker",
    "nix",
    "zsh",
    "fish",
    "go",
]


@pytest.fixture(autouse=True)
def log_mode() -> str:  # (overrides conftest's: these set the policy themselves)
    return "binary"


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def entry(i: int, rng: random.Random, *, vector: bool = True) -> dict[str, Any]:
    doc: dict[str, Any] = {"id": f"m{i}", "content": " ".join(rng.choices(WORDS, k=6))}
    if vector and i % 7:  # (every seventh has none)
        doc["embedding"] = [rng.uniform(-1, 1) for _ in range(DIM)]
    return doc


async def open_store(
    storage: AsyncStorage, schema: dict[str, str] = SCHEMA, *, log_from: int = 4000
) -> PersistedStore[Database]:
    store = await PersistedStore.open(
        "notes", storage, lambda: Database(schema), coordinator=LocalCoordinator()
    )
    store.log_from_bytes = log_from
    return store


def results(db: Database, rng: random.Random) -> list[Any]:
    out = []
    for _ in range(5):
        vector = [rng.uniform(-1, 1) for _ in range(DIM)]
        found = db.search(term=rng.choice(WORDS), vector={"value": vector, "property": "embedding"})
        out.append([(h.id, h.score) for h in found.hits])
        out.append(
            [
                (h.id, h.score)
                for h in db.search(
                    mode="vector", vector={"value": vector, "property": "embedding"}
                ).hits
            ]
        )
    return out


def test_a_large_store_writes_bytes_and_reopens_the_same() -> None:
    async def scenario() -> None:
        storage, rng = MemoryStorage(), random.Random(5)
        store = await open_store(storage)
        store.insert_multiple([entry(i, rng) for i in range(200)])
        store.remove("m3")
        await store.flush()
        base = storage.records["notes"]
        assert isinstance(base, bytes)
        assert loads(storage.records["notes.head"])["version"] == 2
        record = decode_store(base)
        assert (record.version, record.snapshot["version"]) == (3, 6)
        text = encode_store(store.db.save(), 1, "w", {})
        blobs = sum(map(len, record.snapshot["blobs"]))
        assert len(text) - len(base) > blobs // 4  # (base64 takes a third more)
        reopened = await open_store(storage)
        assert sorted(reopened.db.ids()) == sorted(store.db.ids())
        assert results(reopened.db, random.Random(1)) == results(store.db, random.Random(1))
        for doc_id in ("m1", "m7", "m199"):
            assert reopened.get(doc_id) == store.get(doc_id)

    run(scenario())


def test_a_decoded_base_of_bytes_does_not_hold_the_record() -> None:
    """The record's bytes (37 MB at 100,000 entries) can go as soon as it is decoded:
    its blobs are copies, not views (a view would keep the whole record alive while the
    documents and the index are built: the open's peak)."""

    async def scenario() -> None:
        storage, rng = MemoryStorage(), random.Random(3)
        store = await open_store(storage)
        store.insert_multiple([entry(i, rng) for i in range(120)])
        await store.flush()
        raw = bytearray(storage.records["notes"])
        record = decode_store(raw)
        raw += b"x"  # (BufferError while any view of it is alive)
        assert all(type(blob) is bytes for blob in record.snapshot["blobs"])
        db = Database(SCHEMA)
        db.load(record.snapshot)
        assert sorted(db.ids()) == sorted(store.db.ids())

    run(scenario())


def test_a_base_that_fails_to_load_is_read_again_and_set_aside(monkeypatch) -> None:
    """The open let go of the record while decoding it: a failure reads it again to keep it."""

    async def scenario() -> None:
        storage, rng = MemoryStorage(), random.Random(4)
        store = await open_store(storage)
        store.insert_multiple([entry(i, rng) for i in range(120)])
        await store.flush()
        kept = storage.records["notes"]

        def broken(self: Database, raw: Any) -> None:
            raise ValueError("a database that cannot load")

        monkeypatch.setattr(Database, "load", broken)
        reopened = await open_store(storage)
        assert len(reopened) == 0
        (error,) = reopened.quarantined
        assert storage.records[error.quarantine_name] == kept

    run(scenario())


def test_small_stores_and_stores_without_vectors_stay_text() -> None:
    async def scenario() -> None:
        storage, rng = MemoryStorage(), random.Random(6)
        small = await open_store(storage, log_from=10**9)
        small.insert_multiple([entry(i, rng) for i in range(50)])
        await small.flush()
        assert isinstance(storage.records["notes"], str)
        assert "notes.head" not in storage.records
        assert "blobs" not in decode_store(storage.records["notes"]).snapshot
        other = MemoryStorage()
        plain = await open_store(other, PLAIN)
        plain.insert_multiple([entry(i, rng, vector=False) for i in range(200)])
        await plain.flush()
        assert isinstance(other.records["notes"], str)
        assert loads(other.records["notes.head"])["version"] == 1

    run(scenario())


def test_a_text_base_becomes_bytes_at_the_next_compaction_and_its_log_follows() -> None:
    async def scenario() -> None:
        storage, rng = MemoryStorage(), random.Random(7)
        store = await open_store(storage, log_from=10**9)
        store.insert_multiple([entry(i, rng) for i in range(200)])
        await store.flush()
        assert isinstance(storage.records["notes"], str)  # (as before this format)
        store.log_from_bytes = 4000
        store.insert(entry(1000, rng))
        await store.flush()  # (a text base of version 2 takes a log)
        assert any(".log-" in key for key in storage.records)
        assert loads(storage.records["notes.head"])["version"] == 1
        store._need_base = True  # (a compaction: the base written whole)
        store.insert(entry(1001, rng))
        await store.flush()
        assert isinstance(storage.records["notes"], bytes)
        store.insert(entry(1002, rng))
        store.remove("m5")
        await store.flush()  # a segment on the binary base: its head says version 2
        assert loads(storage.records["notes.head"]) | {"segments": 0} == loads(
            storage.records["notes.head"]
        ) | {"segments": 0, "version": 2}
        reopened = await open_store(storage)
        assert len(reopened) == 202
        assert results(reopened.db, random.Random(2)) == results(store.db, random.Random(2))

    run(scenario())


def test_a_file_storage_keeps_the_bytes(tmp_path: Path) -> None:
    async def scenario() -> None:
        rng = random.Random(8)
        store = await open_store(FileStorage(tmp_path))
        store.insert_multiple([entry(i, rng) for i in range(120)])
        await store.flush()
        assert (tmp_path / "notes.json").read_bytes().startswith(b"\x00amplify-bytes\n")
        reopened = await open_store(FileStorage(tmp_path))
        assert results(reopened.db, random.Random(3)) == results(store.db, random.Random(3))

    run(scenario())


def corruptions(base: bytes) -> dict[str, bytes]:
    cut = base.index(b"\n")
    return {
        "no newline": base[:cut],
        "a blob cut short": base[:-10],
        "a byte too many": base + b"\x00",
        "the JSON broken": base[:20] + base[21:],
        "a non-ASCII header": base[:30] + "é".encode() + base[30:],
        "blob sizes not numbers": base.replace(b'"blobs":[', b'"blobs":["x",', 1),
    }


@pytest.mark.parametrize("kind", list(corruptions(b"{}\n")))
def test_a_damaged_binary_base_is_set_aside_whole(kind: str) -> None:
    async def scenario() -> None:
        storage, rng = MemoryStorage(), random.Random(9)
        store = await open_store(storage)
        store.insert_multiple([entry(i, rng) for i in range(150)])
        await store.flush()
        bad = corruptions(storage.records["notes"])[kind]  # type: ignore[arg-type]
        storage.records["notes"] = bad
        reopened = await open_store(storage)
        assert len(reopened) == 0
        (error,) = reopened.quarantined
        assert storage.records[error.quarantine_name] == bad  # (kept as it was, bytes)

    run(scenario())


def test_the_snapshot_and_the_record_refuse_what_does_not_fit() -> None:
    rng = random.Random(10)
    db = Database(SCHEMA)
    db.insert_multiple([entry(i, rng) for i in range(30)])
    binary = db.save(binary=True)
    assert binary["version"] == 6
    present, high, low = binary["blobs"]
    assert (len(present), len(zlib.decompress(high)), len(low)) == (30, DIM * 25, DIM * 25)
    again = Database(SCHEMA)
    again.load(binary)
    assert results(again, random.Random(4)) == results(db, random.Random(4))
    with pytest.raises(SnapshotError, match="'blobs' must be bytes"):
        Database(SCHEMA).load({**binary, "blobs": [30, 14, 400]})  # (its JSON alone)
    wrong = {**binary["vectors"]["embedding"], "low": {"blob": 3}}
    with pytest.raises(SnapshotError, match="blob 3"):
        Database(SCHEMA).load({**binary, "vectors": {"embedding": wrong}})
    short = {**binary, "blobs": [present, high, low[:-2]]}
    with pytest.raises(SnapshotError, match="lower bytes, expected"):
        Database(SCHEMA).load(short)
    plain = Database(PLAIN)
    assert "blobs" not in plain.save(binary=True)
    record = encode_store(binary, 1, "w", {})
    assert isinstance(record, bytearray)
    with pytest.raises(SnapshotError, match="is text, expected its bytes"):
        decode_store(record[: record.index(b"\n")].decode())
    newer = bytes(record).replace(b'"version":3', b'"version":4', 1)
    with pytest.raises(NewerFormatError):
        decode_store(newer)


class TextOnlyStorage(MemoryStorage):
    """A backend written to the contract before bytes: it says nothing of them."""

    holds_bytes = False

    async def save(self, name: str, data: Any) -> None:
        if not isinstance(data, str):
            raise TypeError(f"data must be a JSON string, got {type(data).__name__}")
        await super().save(name, data)

    async def save_many(self, items: Any) -> None:
        for name, data in items:
            await self.save(name, data)


class OlderDatabase(Database):
    """A database written to the store protocol before ``save(binary=...)``."""

    def save(self, *, copy: bool = True) -> dict[str, Any]:  # type: ignore[override]
        return super().save(copy=copy)


def test_a_storage_or_database_of_the_older_contract_gets_text() -> None:
    async def scenario() -> None:
        rng = random.Random(11)
        older = TextOnlyStorage()
        store = await open_store(older)
        store.insert_multiple([entry(i, rng) for i in range(120)])
        await store.flush()
        assert isinstance(older.records["notes"], str)
        assert loads(older.records["notes.head"])["version"] == 1
        storage = MemoryStorage()
        kept = await PersistedStore.open(
            "notes", storage, lambda: OlderDatabase(SCHEMA), coordinator=LocalCoordinator()
        )
        kept.log_from_bytes = 4000
        kept.insert_multiple([entry(i, rng) for i in range(120)])
        await kept.flush()
        assert isinstance(storage.records["notes"], str)
        assert len(await open_store(storage)) == 120

    run(scenario())


def test_a_damaged_head_of_a_base_of_bytes_is_written_again_at_once() -> None:
    """The head is set aside and the segments found by listing: the fresh base and head
    are written by the open itself, so the next open does not read the base alone."""

    async def scenario() -> None:
        storage, rng = MemoryStorage(), random.Random(12)
        store = await open_store(storage)
        store.insert_multiple([entry(i, rng) for i in range(150)])
        await store.flush()
        store.insert(entry(500, rng))
        await store.flush()
        assert store.segments == 1
        await store.close()
        storage.records["notes.head"] = "{not json"
        second = await open_store(storage)
        assert second.get("m500") is not None
        assert len(second.quarantined) == 1
        await second.close()
        third = await open_store(storage)
        assert third.get("m500") is not None
        assert isinstance(storage.records["notes"], bytes)
        assert loads(storage.records["notes.head"])["version"] == 2

    run(scenario())


def test_a_snapshot_without_vectors_keeps_the_version_before() -> None:
    """The lowest version that holds it: a page of the version before reads it."""
    plain = Database(PLAIN)
    plain.insert({"id": "a", "content": "tabs"})
    assert plain.save()["version"] == 5
    assert Database(SCHEMA).save()["version"] == 6


def test_a_base_that_fails_to_load_is_not_held_twice() -> None:
    """The record read again to be set aside is the only copy alive: the failed decode's
    frames (in the error's traceback) held the first one."""
    import weakref

    class Tracked(bytearray):
        pass

    class TrackingStorage(MemoryStorage):
        first: Any = None
        alive_at_second_read: bool | None = None

        async def load(self, name: str) -> Any:
            data = await super().load(name)
            if name != "notes" or not isinstance(data, bytes):
                return data
            if self.first is None:
                tracked = Tracked(data)
                self.first = weakref.ref(tracked)
                return tracked
            self.alive_at_second_read = self.first() is not None
            return data

    async def scenario() -> None:
        storage, rng = TrackingStorage(), random.Random(8)
        store = await open_store(storage)
        store.insert_multiple([entry(i, rng) for i in range(120)])
        await store.flush()
        storage.records["notes"] = storage.records["notes"][:-1]  # (a blob cut short)
        reopened = await open_store(storage)
        assert len(reopened.quarantined) == 1
        assert storage.alive_at_second_read is False

    run(scenario())
