"""PersistedStore on CPython: round trips, coalescing, two writers, page hide, faults.

Two stores on one MemoryStorage and one LocalCoordinator play two tabs of one origin.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable
from json import dumps, loads
from typing import Any, TypeVar

import pytest

from amplify_memory.errors import (
    AmplifyMemoryError,
    CorruptRecordError,
    InvalidArgumentError,
    InvalidStoreNameError,
    NewerFormatError,
    StorageError,
    StorageQuotaError,
    StorageTimeoutError,
)
from amplify_memory.search import Database, document_count
from amplify_memory.storage import LocalCoordinator, MemoryStorage, PersistedStore

SCHEMA = {"id": "string", "content": "string", "category": "string"}
T = TypeVar("T")


def new_db() -> Database:
    return Database(SCHEMA)


def run(coro: Awaitable[T]) -> T:
    return asyncio.run(coro)  # type: ignore[arg-type]


async def open_store(
    storage: MemoryStorage,
    coordinator: LocalCoordinator | None = None,
    name: str = "notes",
    **kwargs: Any,
) -> PersistedStore[Database]:
    return await PersistedStore.open(
        name, storage, new_db, coordinator=coordinator or LocalCoordinator(), **kwargs
    )


def last_error(store: PersistedStore[Database]) -> StorageError | None:
    return store.last_error  # read again: mypy would keep an earlier narrowing


def memory(i: int, who: str = "a") -> dict[str, str]:
    return {"id": f"{who}{i}", "content": f"memory {i} from {who}", "category": "fact"}


def records(storage: MemoryStorage) -> list[str]:
    """The stored keys, without a large store's log (its head and change segments)."""
    return sorted(k for k in storage.records if not k.endswith(".head") and ".log-" not in k)


async def settle() -> None:
    for _ in range(20):
        await asyncio.sleep(0.01)


# ---------------------------------------------------------------- round trip and coalescing


def test_a_store_round_trips_through_storage() -> None:
    async def scenario() -> None:
        storage = MemoryStorage()
        store = await open_store(storage)
        store.insert({"id": "m1", "content": "prefers TypeScript", "category": "preference"})
        store.insert_multiple([memory(1), memory(2)])
        store.update("a1", {"content": "memory one, edited", "category": "fact"})
        assert store.remove("a2") is True
        assert store.remove("missing") is False
        await store.close()
        again = await open_store(storage)
        assert sorted(again.db.ids()) == ["a1", "m1"]
        assert again.get("a1")["content"] == "memory one, edited"
        assert again.search("typescript").hits[0].id == "m1"
        assert again.revision == 1
        assert again.pending_count == 0

    run(scenario())


def test_changes_in_quick_succession_give_one_write(log_mode: str) -> None:
    async def scenario() -> None:
        storage = MemoryStorage()
        store = await open_store(storage, delay=0.05)
        for i in range(30):
            store.insert(memory(i))
        assert storage.writes == 0
        await asyncio.sleep(0)  # the end of this burst: its journal is saved at once
        assert list(storage.records) == [store._journal_key]
        assert storage.writes == 1
        await asyncio.sleep(0.2)
        # the journal, then one store write for all 30 (and the head of a logged store)
        written = 2 if log_mode == "whole" else 3
        assert storage.writes == written
        assert store.writes == 1
        assert store.pending_count == 0
        assert records(storage) == ["notes"]  # the journal is merged and removed
        await store.flush()  # nothing pending: no write
        assert storage.writes == written
        assert document_count(loads(storage.records["notes"])["snapshot"]) == 30

    run(scenario())


def test_the_record_is_a_versioned_envelope_around_the_database_snapshot() -> None:
    async def scenario() -> None:
        storage = MemoryStorage()
        store = await open_store(storage)
        store.insert(memory(1))
        await store.flush()
        record = loads(storage.records["notes"])
        assert record["format"] == "amplify-memory-store"
        assert record["version"] == 2
        assert record["revision"] == 1
        assert record["writer"] == store.writer
        assert record["applied"] == {store.writer: 1}
        restored = Database.from_snapshot(record["snapshot"])
        assert restored.get("a1") == memory(1)

    run(scenario())


def test_a_bare_database_snapshot_saved_by_plain_javascript_loads() -> None:
    async def scenario() -> None:
        storage = MemoryStorage()
        db = new_db()
        db.insert(memory(7))
        await storage.save("notes", dumps(db.save()))
        store = await open_store(storage)
        assert store.get("a7") == memory(7)
        assert store.quarantined == []

    run(scenario())


def test_store_names_are_validated() -> None:
    with pytest.raises(InvalidStoreNameError, match=r"'a\.b'.*1 to 128 characters"):
        run(open_store(MemoryStorage(), name="a.b"))


def test_a_closed_store_refuses_changes() -> None:
    async def scenario() -> None:
        store = await open_store(MemoryStorage())
        await store.close()
        with pytest.raises(StorageError, match="closed"):
            store.insert(memory(1))

    run(scenario())


# ---------------------------------------------------------------- two tabs


def test_two_writers_interleaved_lose_nothing_and_see_each_other() -> None:
    async def scenario() -> None:
        storage, coordinator = MemoryStorage(), LocalCoordinator()
        tab_a = await open_store(storage, coordinator, delay=0.001)
        tab_b = await open_store(storage, coordinator, delay=0.001)
        rng = random.Random(7)
        for i in range(50):
            tab_a.insert(memory(i, "a"))
            await asyncio.sleep(rng.choice([0, 0, 0.001, 0.003]))
            tab_b.insert(memory(i, "b"))
            await asyncio.sleep(rng.choice([0, 0.002]))
        await tab_a.flush()
        await tab_b.flush()
        await settle()
        assert len(tab_a) == 100, len(tab_a)
        assert len(tab_b) == 100, len(tab_b)
        assert tab_a.writes > 1
        assert tab_b.writes > 1
        fresh = await open_store(storage, coordinator)
        assert len(fresh) == 100
        assert sorted(fresh.db.ids()) == sorted(tab_a.db.ids())

    run(scenario())


def test_another_tab_sees_a_change_without_reopening() -> None:
    async def scenario() -> None:
        storage, coordinator = MemoryStorage(), LocalCoordinator()
        tab_a = await open_store(storage, coordinator)
        tab_b = await open_store(storage, coordinator)
        tab_a.insert(memory(1))
        await tab_a.flush()
        await settle()
        assert tab_b.get("a1") == memory(1)
        tab_b.remove("a1")
        tab_b.insert(memory(2, "b"))
        await tab_b.flush()
        await settle()
        assert tab_a.get("a1") is None
        assert tab_a.get("b2") is not None
        assert (tab_a.revision, tab_a.segments) == (tab_b.revision, tab_b.segments)
        assert tab_a.revision + tab_a.segments == 2  # (two writes: bases or segments)

    run(scenario())


def test_concurrent_edits_of_one_document_merge_in_write_order() -> None:
    async def scenario() -> None:
        storage, coordinator = MemoryStorage(), LocalCoordinator()
        tab_a = await open_store(storage, coordinator, delay=10)
        tab_a.insert(memory(1))
        await tab_a.flush()
        tab_b = await open_store(storage, coordinator, delay=10)
        tab_a.update("a1", {"content": "from a", "category": "fact"})
        tab_b.update("a1", {"content": "from b", "category": "fact"})
        tab_b.insert(memory(2, "b"))
        await tab_a.flush()
        await tab_b.flush()  # written last: its update wins, a's insert-free ops merge
        await settle()
        for tab in (tab_a, tab_b):
            assert tab.get("a1")["content"] == "from b"
            assert tab.get("b2") is not None

    run(scenario())


def test_a_write_that_landed_but_reported_failure_is_not_applied_twice() -> None:
    class LyingStorage(MemoryStorage):
        lie = False

        async def save(self, name: str, data: str) -> None:
            await super().save(name, data)
            if self.lie and ("." not in name or name.endswith(".head")):
                self.lie = False
                raise StorageTimeoutError("saving: no answer in 10 ms")

    async def scenario() -> None:
        storage, coordinator = LyingStorage(), LocalCoordinator()
        tab_a = await open_store(storage, coordinator, delay=10)
        tab_a.insert(memory(1))
        await tab_a.flush()
        storage.lie = True
        tab_a.update("a1", {"content": "old value from a", "category": "fact"})
        with pytest.raises(StorageTimeoutError):
            await tab_a.flush()
        assert tab_a.pending_count == 1  # a believes it is unwritten
        tab_b = await open_store(storage, coordinator, delay=10)
        tab_b.update("a1", {"content": "newer value from b", "category": "fact"})
        await tab_b.flush()
        await tab_a.flush()  # must not replay its stale update over b's newer one
        await settle()
        assert tab_a.get("a1")["content"] == "newer value from b"
        assert tab_a.pending_count == 0

    run(scenario())


# ---------------------------------------------------------------- page hide


def test_pending_changes_survive_a_page_closed_before_the_write() -> None:
    async def scenario() -> None:
        storage, coordinator = MemoryStorage(), LocalCoordinator()
        tab = await open_store(storage, coordinator, delay=60)
        for i in range(5):
            tab.insert(memory(i))
        tab.remove("a0")
        assert storage.records == {}
        coordinator.hide()  # pagehide: the journal is written synchronously
        journal = f"notes.pending-{tab.writer}"
        assert set(storage.records) == {journal}
        for task in list(tab._tasks):  # the page dies: its flush never finishes
            task.cancel()
        reopened = await open_store(storage, LocalCoordinator())
        assert sorted(reopened.db.ids()) == ["a1", "a2", "a3", "a4"]
        await reopened.flush()
        assert records(storage) == ["notes"]  # merged and removed
        again = await open_store(storage, LocalCoordinator())
        assert sorted(again.db.ids()) == ["a1", "a2", "a3", "a4"]

    run(scenario())


def test_a_hidden_page_that_lives_on_writes_normally_and_drops_its_journal() -> None:
    async def scenario() -> None:
        storage, coordinator = MemoryStorage(), LocalCoordinator()
        tab = await open_store(storage, coordinator, delay=60)
        tab.insert(memory(1))
        coordinator.hide()  # also starts the real write at once
        await settle()
        assert records(storage) == ["notes"]
        assert tab.pending_count == 0

    run(scenario())


def test_a_stale_journal_does_not_undo_later_changes() -> None:
    async def scenario() -> None:
        storage, coordinator = MemoryStorage(), LocalCoordinator()
        tab_a = await open_store(storage, coordinator, delay=60)
        tab_a.insert(memory(1))
        coordinator.hide()
        stale_journal = dict(storage.records)
        await settle()  # a's own write lands and deletes the journal ...
        storage.records.update(stale_journal)  # ... but say the delete was lost
        tab_b = await open_store(storage, LocalCoordinator(), delay=60)
        tab_b.update("a1", {"content": "edited by b", "category": "fact"})
        await tab_b.flush()
        tab_c = await open_store(storage, LocalCoordinator())
        assert tab_c.get("a1")["content"] == "edited by b"
        assert len(tab_c) == 1

    run(scenario())


# ---------------------------------------------------------------- unreadable records


@pytest.mark.parametrize(
    ("record", "reason"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2, 3]", "expected an object"),
        ('{"documents": "nope"}', "SnapshotError"),
    ],
    ids=["corrupt-json", "wrong-shape", "bare-garbage"],
)
def test_an_unreadable_record_is_quarantined_reported_and_the_store_starts_empty(
    record: str, reason: str
) -> None:
    async def scenario() -> None:
        storage = MemoryStorage()
        storage.records["notes"] = record
        storage.records["other"] = "{}"
        errors: list[AmplifyMemoryError] = []
        store = await open_store(storage, on_error=errors.append)
        assert len(store) == 0
        assert len(store.quarantined) == 1
        assert errors == store.quarantined
        error = store.quarantined[0]
        assert isinstance(error, CorruptRecordError)
        assert reason in error.reason
        assert reason in str(error)
        assert error.quarantine_name.startswith("notes.corrupt-")
        assert storage.records[error.quarantine_name] == record  # kept byte for byte
        assert "notes" not in storage.records
        assert storage.records["other"] == "{}"
        store.insert(memory(1))
        await store.flush()
        assert storage.records[error.quarantine_name] == record
        reopened = await open_store(storage)
        assert len(reopened) == 1
        assert reopened.quarantined == []

    run(scenario())


NEWER_RECORDS = [
    '{"format": "amplify-memory-store", "version": 4, "revision": 3, "snapshot": {}}',
    dumps(
        {
            "format": "amplify-memory-store",
            "version": 1,
            "revision": 4,
            "writer": "x",
            "snapshot": {"format": "amplify_memory.search", "version": 99},
        }
    ),
]


@pytest.mark.parametrize("record", NEWER_RECORDS, ids=["newer-envelope", "newer-snapshot"])
def test_a_record_of_a_newer_version_is_refused_and_left_as_it_is(record: str) -> None:
    """A tab of an older version (still open while the app updated) must not set aside,
    or overwrite, what the newer version wrote: it says so and changes nothing."""
    storage = MemoryStorage()
    storage.records["notes"] = record
    with pytest.raises(NewerFormatError, match="newer version of amplify_memory"):
        run(open_store(storage))
    assert storage.records == {"notes": record}


@pytest.mark.parametrize("record", NEWER_RECORDS, ids=["newer-envelope", "newer-snapshot"])
def test_a_tab_never_overwrites_a_record_a_newer_version_wrote(record: str) -> None:
    async def scenario() -> None:
        storage = MemoryStorage()
        errors: list[AmplifyMemoryError] = []
        tab = await open_store(storage, on_error=errors.append)
        tab.insert(memory(1))
        await tab.flush()
        await storage.save("notes", record)  # a newer page wrote meanwhile
        tab.insert(memory(2))
        with pytest.raises(StorageError, match="newer version") as raised:
            await tab.flush()
        assert isinstance(raised.value.__cause__, NewerFormatError)
        assert storage.records["notes"] == record
        assert not any(".corrupt-" in key for key in storage.records)
        assert sorted(tab.db.ids()) == ["a1", "a2"]  # kept, and still pending
        assert tab.pending_count == 1
        assert errors == [raised.value]

    run(scenario())


def test_a_journal_of_a_newer_version_is_left_for_a_newer_page() -> None:
    async def scenario() -> None:
        storage = MemoryStorage()
        journal = (
            '{"format":"amplify-memory-journal","version":9,"store":"notes","writer":"w1",'
            '"ops":[{"seq":1,"op":"insert","id":"x","doc":{"id":"x","content":"y"}}]}'
        )
        storage.records["notes.pending-w1"] = journal
        store = await open_store(storage)
        assert store.quarantined == []
        assert len(store) == 0
        store.insert(memory(1))
        await store.flush()
        assert storage.records["notes.pending-w1"] == journal

    run(scenario())


def test_a_tab_holding_the_data_keeps_it_when_the_record_goes_bad() -> None:
    async def scenario() -> None:
        storage, coordinator = MemoryStorage(), LocalCoordinator()
        tab = await open_store(storage, coordinator)
        tab.insert_multiple([memory(1), memory(2)])
        await tab.flush()
        await storage.save("notes", '{"format": "amplify-memory-store", "trunc')
        tab.insert(memory(3))
        await tab.flush()
        assert len(tab.quarantined) == 1
        assert storage.records[tab.quarantined[0].quarantine_name].endswith('"trunc')
        reopened = await open_store(storage)
        assert sorted(reopened.db.ids()) == ["a1", "a2", "a3"]

    run(scenario())


def test_a_corrupt_journal_is_quarantined_too() -> None:
    async def scenario() -> None:
        storage = MemoryStorage()
        storage.records["notes.pending-abc"] = "{broken"
        store = await open_store(storage)
        assert len(store.quarantined) == 1
        assert "notes.pending-abc" in store.quarantined[0].reason
        assert "notes.pending-abc" not in storage.records
        assert storage.records[store.quarantined[0].quarantine_name] == "{broken"

    run(scenario())


def test_a_failing_read_raises_and_quarantines_nothing() -> None:
    class Unreachable(MemoryStorage):
        async def load(self, name: str) -> str | None:
            raise StorageTimeoutError(f"loading {name!r}: no answer in 10 ms")

    storage = Unreachable()
    storage.records["notes"] = "{}"
    with pytest.raises(StorageTimeoutError, match="no answer"):
        run(open_store(storage))
    assert list(storage.records) == ["notes"]


# ---------------------------------------------------------------- failed writes


def test_a_full_disk_raises_keeps_memory_and_retries() -> None:
    async def scenario() -> None:
        storage = MemoryStorage(quota_bytes=2_000)
        errors: list[AmplifyMemoryError] = []
        store = await open_store(storage, delay=60, on_error=errors.append)
        store.insert(memory(1))
        await store.flush()
        for i in range(2, 40):
            store.insert(memory(i))
        with pytest.raises(StorageQuotaError, match="quota is 2000"):
            await store.flush()
        assert len(store) == 39
        assert store.pending_count == 38
        assert isinstance(store.last_error, StorageQuotaError)
        assert errors == [store.last_error]
        assert document_count(loads(storage.records["notes"])["snapshot"]) == 1
        storage.quota_bytes = None  # space freed
        await store.flush()
        assert last_error(store) is None
        assert store.pending_count == 0
        assert len(await open_store(storage)) == 39

    run(scenario())


def test_a_failed_background_write_is_reported_and_retried_on_the_next_change() -> None:
    async def scenario() -> None:
        storage = MemoryStorage(quota_bytes=10)
        errors: list[AmplifyMemoryError] = []
        store = await open_store(storage, delay=0.01, on_error=errors.append)
        store.insert(memory(1))
        await settle()
        assert isinstance(store.last_error, StorageQuotaError)
        assert len(errors) == 1
        assert "notes" not in storage.records
        storage.quota_bytes = None
        store.insert(memory(2))
        await settle()
        assert last_error(store) is None
        assert len(await open_store(storage)) == 2

    run(scenario())


def test_on_error_sees_replay_problems() -> None:
    async def scenario() -> None:
        storage, coordinator = MemoryStorage(), LocalCoordinator()
        strict = await open_store(storage, coordinator, delay=60)
        strict.insert(memory(1))
        await strict.flush()
        seen: list[AmplifyMemoryError] = []
        # A journal whose document no longer fits the schema (a number where text belongs).
        bad = (
            '{"format":"amplify-memory-journal","version":1,"store":"notes","writer":"w1",'
            '"ops":[{"seq":1,"op":"insert","id":"x","doc":{"id":"x","content":5}}]}'
        )
        storage.records["notes.pending-w1"] = bad
        store = await open_store(storage, LocalCoordinator(), on_error=seen.append)
        assert any("could not replay insert of 'x'" in str(e) for e in seen)
        assert store.get("x") is None
        assert len(store) == 1

    run(scenario())


# ---------------------------------------------------------------- patches


def test_a_patch_journals_only_the_changes_and_survives_a_closed_page() -> None:
    async def scenario() -> None:
        storage, coordinator = MemoryStorage(), LocalCoordinator()
        tab = await open_store(storage, coordinator, delay=60)
        tab.insert(memory(1))
        await tab.flush()
        tab.patch("a1", {"category": "preference"})
        coordinator.hide()
        journal = loads(storage.records[f"notes.pending-{tab.writer}"])
        assert journal["version"] == 2
        assert journal["ops"] == [
            {"seq": 2, "op": "patch", "id": "a1", "doc": {"category": "preference"}}
        ]
        for task in list(tab._tasks):  # the page dies before its write
            task.cancel()
        reopened = await open_store(storage, LocalCoordinator())
        assert reopened.get("a1") == {**memory(1), "category": "preference"}

    run(scenario())


def test_patches_from_two_tabs_merge_field_by_field() -> None:
    async def scenario() -> None:
        storage, coordinator = MemoryStorage(), LocalCoordinator()
        tab_a = await open_store(storage, coordinator, delay=10)
        tab_a.insert(memory(1))
        await tab_a.flush()
        tab_b = await open_store(storage, coordinator, delay=10)
        tab_a.patch("a1", {"content": "edited in a"})
        tab_b.patch("a1", {"category": "set in b"})
        await tab_a.flush()
        await tab_b.flush()  # replays its patch over a's version: both changes stay
        await settle()
        for tab in (tab_a, tab_b):
            assert tab.get("a1") == {"id": "a1", "content": "edited in a", "category": "set in b"}

    run(scenario())


def test_a_patch_of_a_document_another_tab_removed_is_dropped() -> None:
    async def scenario() -> None:
        storage, coordinator = MemoryStorage(), LocalCoordinator()
        tab_a = await open_store(storage, coordinator, delay=10)
        tab_a.insert(memory(1))
        await tab_a.flush()
        tab_b = await open_store(storage, coordinator, delay=10)
        tab_a.remove("a1")
        tab_b.patch("a1", {"category": "late"})
        await tab_a.flush()
        await tab_b.flush()
        await settle()
        assert tab_a.get("a1") is None
        assert tab_b.get("a1") is None

    run(scenario())


def test_a_version_1_journal_with_a_patch_is_rejected() -> None:
    async def scenario() -> None:
        storage = MemoryStorage()
        storage.records["notes.pending-w1"] = (
            '{"format":"amplify-memory-journal","version":1,"store":"notes","writer":"w1",'
            '"ops":[{"seq":1,"op":"patch","id":"x","doc":{"content":"y"}}]}'
        )
        seen: list[AmplifyMemoryError] = []
        store = await open_store(storage, LocalCoordinator(), on_error=seen.append)
        assert any(isinstance(e, CorruptRecordError) for e in seen), seen
        assert len(store) == 0
        assert any(".corrupt-" in key for key in storage.records)

    run(scenario())


def test_merges_count_other_writers_changes_only() -> None:
    async def scenario() -> None:
        storage, coordinator = MemoryStorage(), LocalCoordinator()
        tab_a = await open_store(storage, coordinator, delay=10)
        tab_a.insert(memory(1))
        tab_a.patch("a1", {"category": "x"})
        await tab_a.flush()
        assert tab_a.merges == 0  # own changes and writes
        tab_b = await open_store(storage, coordinator, delay=10)
        tab_b.insert(memory(2, "b"))
        await tab_b.flush()
        await settle()
        assert tab_a.merges == 1  # b's write, loaded
        tab_b.insert(memory(3, "b"))
        coordinator.hide()  # b leaves a journal ...
        for task in list(tab_b._tasks):
            task.cancel()
        tab_a.insert(memory(4))
        await tab_a.flush()  # ... which a's next write merges
        assert tab_a.get("b3") is not None
        assert tab_a.merges == 2

    run(scenario())


def test_a_journal_without_patches_stays_version_1_for_older_pages() -> None:
    async def scenario() -> None:
        storage, coordinator = MemoryStorage(), LocalCoordinator()
        tab = await open_store(storage, coordinator, delay=60)
        tab.insert(memory(1))
        tab.update("a1", {"content": "edited", "category": "fact"})
        coordinator.hide()
        assert loads(storage.records[f"notes.pending-{tab.writer}"])["version"] == 1
        tab.patch("a1", {"category": "x"})
        coordinator.hide()
        assert loads(storage.records[f"notes.pending-{tab.writer}"])["version"] == 2
        await tab.close()

    run(scenario())


def test_a_store_record_keeps_its_header_first_for_peek_revision() -> None:
    from amplify_memory.storage._records import decode_store, encode_store, peek_revision

    snapshot = new_db().save()
    text = encode_store(snapshot, 12, "w9", {"w9": 3, "x": 1})
    assert text.startswith('{"format":"amplify-memory-store","version":2,"revision":12,')
    assert peek_revision(text) == (12, "w9")
    record = decode_store(text)
    assert (record.revision, record.writer, record.applied) == (12, "w9", {"w9": 3, "x": 1})
    assert record.snapshot == loads(dumps(snapshot))


VECTOR_SCHEMA = {"id": "string", "content": "string", "v": "vector[4]"}


def test_a_journal_carries_vectors_packed_and_another_tab_replays_them_exactly() -> None:
    async def scenario() -> None:
        storage, coordinator = MemoryStorage(), LocalCoordinator()

        def vector_db() -> Database:
            return Database(VECTOR_SCHEMA)

        tab = await PersistedStore.open(
            "vecs", storage, vector_db, coordinator=coordinator, delay=60
        )
        tab.insert({"id": "a", "content": "first", "v": [0.1, -2.5, 1 / 3, 7]})
        tab.update("a", {"content": "first, edited", "v": [0.2, 0.4, 0.6, 0.8]})
        tab.insert({"id": "b", "content": "no vector"})
        tab.patch("b", {"v": [1, 0, 0, 0]})
        coordinator.hide()
        journal = storage.records[f"vecs.pending-{tab.writer}"]
        assert loads(journal)["version"] == 3
        assert "0.4" not in journal  # no decimal text: 4 bytes a number, base64
        docs = [op["doc"] for op in loads(journal)["ops"]]
        assert [set(doc["v"]) for doc in docs if "v" in doc] == [{"float32le"}] * 3
        for task in list(tab._tasks):  # the page is gone before its write
            task.cancel()
        other = await PersistedStore.open("vecs", storage, vector_db)
        assert other.get("a") == tab.get("a")
        assert other.get("b") == tab.get("b")
        assert other.get("a")["v"] == pytest.approx([0.2, 0.4, 0.6, 0.8], rel=2**-8)  # bfloat16
        assert other.quarantined == []

    run(scenario())


def test_pack_vectors_leaves_what_is_not_a_vector_to_validation() -> None:
    db = Database(VECTOR_SCHEMA)
    for value in (
        [1, 2, 3],
        [1, 2, 3, "x"],
        [1, 2, 3, True],
        [1e39, 0, 0, 0],
        "v",
        None,
        [10**400, 0, 0, 0],  # an int no float holds (found by the fuzz test)
        [0, float("nan"), 0, 0],
        [0, 0, 0, float("inf")],
    ):
        assert db.pack_vectors({"v": value}) == {"v": value}
    packed = db.pack_vectors({"id": "x", "v": (1, 2, 3, 4)})
    assert packed["id"] == "x"
    assert db.unpack_vectors(packed) == {"id": "x", "v": [1.0, 2.0, 3.0, 4.0]}
    for bad in ({"float32le": "AAAA"}, {"float32le": "!" * 24}, {"float32le": 1}, {"x": 1}):
        assert db.unpack_vectors({"v": bad}) == {"v": bad}


@pytest.mark.parametrize("bad", [float("nan"), float("inf"), {1, 2}])
def test_a_change_json_cannot_hold_is_refused_and_changes_nothing(bad: object) -> None:
    """An extra property (outside the schema) with a value JSON cannot write: refused up
    front, so it cannot break every later write of the store."""
    from amplify_memory.errors import DocumentValidationError

    async def scenario() -> None:
        storage = MemoryStorage()
        store = await open_store(storage, delay=10)
        store.insert(memory(1))
        with pytest.raises(DocumentValidationError, match="JSON"):
            store.insert({**memory(2), "extra": bad})
        with pytest.raises(DocumentValidationError, match="JSON"):
            store.insert_multiple([memory(3), {**memory(4), "extra": bad}])
        with pytest.raises(DocumentValidationError, match="JSON"):
            store.update("a1", {**memory(1), "extra": bad})
        with pytest.raises(DocumentValidationError, match="JSON"):
            store.patch("a1", {"extra": bad})
        assert sorted(store.db.ids()) == ["a1"]
        assert store.get("a1") == memory(1)
        store.insert(memory(5))
        await store.flush()  # later writes still work
        assert sorted((await open_store(storage)).db.ids()) == ["a1", "a5"]

    run(scenario())


def test_discarding_a_record_that_was_not_set_aside_is_a_typed_error() -> None:
    """PersistedStore.discard refuses any other key with InvalidArgumentError (a
    ValueError too), and deletes nothing."""

    async def body() -> None:
        storage = MemoryStorage()
        store = await PersistedStore.open("notes", storage, lambda: Database({"id": "string"}))
        store.insert({"id": "a"})
        await store.flush()
        before = dict(storage.records)
        with pytest.raises(InvalidArgumentError, match=r"notes\.corrupt-<time>"):
            await store.discard("notes")
        assert storage.records == before
        await store.close()

    asyncio.run(body())
