"""A large store kept as a base record and a log of change segments (issue 14, part 2).

Every other persisted-store test also runs with every write a segment (see conftest.py);
these check what only the log has: what a write costs, compaction, following another
tab's segments, and the faults of a log (a bad segment, a bad head, a stopped compaction).
"""

from __future__ import annotations

import asyncio
from json import dumps, loads
from typing import Any

import pytest

from amplify_memory import progress
from amplify_memory.errors import NewerFormatError, StorageError
from amplify_memory.search import Database
from amplify_memory.storage import LocalCoordinator, MemoryStorage, PersistedStore
from amplify_memory.storage._records import decode_segment, encode_store

SCHEMA = {"id": "string", "content": "string", "category": "string"}
BASE_ENTRIES = 60  # a base of ~8 KB: logged from 4 KB on


@pytest.fixture(autouse=True)
def log_mode() -> str:  # (overrides conftest's: these set the policy themselves)
    return "log"


def run(coro: Any) -> Any:
    return asyncio.run(coro)


def memory(i: int, who: str = "a") -> dict[str, str]:
    return {"id": f"{who}{i}", "content": f"memory {i} from {who} " * 3, "category": "fact"}


async def open_store(
    storage: MemoryStorage,
    coordinator: LocalCoordinator | None = None,
    *,
    share: float = 0.5,
    max_segments: int = 100,
) -> PersistedStore[Database]:
    store = await PersistedStore.open(
        "notes", storage, lambda: Database(SCHEMA), coordinator=coordinator or LocalCoordinator()
    )
    store.log_from_bytes, store.log_share, store.max_segments = 4000, share, max_segments
    return store


async def filled(storage: MemoryStorage, **kwargs: Any) -> PersistedStore[Database]:
    store = await open_store(storage, **kwargs)
    store.insert_multiple([memory(i) for i in range(BASE_ENTRIES)])
    await store.flush()
    return store


def segments(storage: MemoryStorage) -> list[str]:
    return sorted(k for k in storage.records if ".log-" in k)


def head(storage: MemoryStorage) -> dict[str, Any]:
    return dict(loads(storage.records["notes.head"]))


class CountingStorage(MemoryStorage):
    """Counts the loads of each key (a peek is not one: IndexedDB's stays in JavaScript)
    and the characters saved."""

    def __init__(self) -> None:
        super().__init__()
        self.loads: dict[str, int] = {}
        self.saved_chars = 0

    async def peek(self, name: str, length: int = 256) -> tuple[str, int] | None:
        data = self.records.get(name)
        return None if data is None else (data[:length], len(data))

    async def load(self, name: str) -> str | None:
        self.loads[name] = self.loads.get(name, 0) + 1
        return await super().load(name)

    async def save(self, name: str, data: str) -> None:
        self.saved_chars += len(data)
        await super().save(name, data)


# ---------------------------------------------------------------- what a write costs


def test_a_change_to_a_large_store_writes_one_segment_not_the_store() -> None:
    async def scenario() -> None:
        storage = CountingStorage()
        store = await filled(storage)
        base = storage.records["notes"]
        assert head(storage) == {
            "format": "amplify-memory-head",
            "version": 1,
            "base": 1,
            "writer": store.writer,
            "segments": 0,
            "baseBytes": len(base),
            "logBytes": 0,
        }
        storage.saved_chars, storage.loads = 0, {}
        store.update("a3", {"content": "changed", "category": "fact"})
        await store.flush()
        assert storage.records["notes"] == base  # the base is not rewritten ...
        assert storage.loads.get("notes", 0) == 0  # ... nor read back into Python
        assert segments(storage) == ["notes.log-1-1"]
        assert storage.saved_chars < len(base) / 10
        segment = decode_segment(storage.records["notes.log-1-1"])
        assert [(op.kind, op.doc_id) for op in segment.ops] == [("update", "a3")]
        assert segment.applied == {store.writer: BASE_ENTRIES + 1}
        assert (store.revision, store.segments) == (1, 1)
        assert head(storage)["segments"] == 1
        reopened = await open_store(storage)
        assert len(reopened) == BASE_ENTRIES
        assert reopened.get("a3")["content"] == "changed"
        assert (reopened.revision, reopened.segments) == (1, 1)

    run(scenario())


def test_the_log_is_compacted_into_a_new_base_when_it_outgrows_its_share() -> None:
    async def scenario() -> None:
        storage = MemoryStorage()
        store = await filled(storage, share=0.2)
        base_bytes = head(storage)["baseBytes"]
        written = 0
        for i in range(40):
            store.insert(memory(100 + i, "b"))
            await store.flush()
            if store.revision > 1:
                break
            written = head(storage)["logBytes"]
            assert written <= 0.2 * base_bytes
        assert store.revision == 2  # compacted: a new base, an empty log
        assert (store.segments, head(storage)["segments"], head(storage)["base"]) == (0, 0, 2)
        assert segments(storage) == []  # the old base's segments are gone
        assert written > 0.1 * base_bytes
        assert loads(storage.records["notes"])["revision"] == 2
        reopened = await open_store(storage)
        assert len(reopened) == len(store) == BASE_ENTRIES + i + 1

    run(scenario())


def test_a_log_of_max_segments_is_compacted() -> None:
    async def scenario() -> None:
        storage = MemoryStorage()
        store = await filled(storage, share=10.0, max_segments=3)
        states = []
        for i in range(5):
            store.remove(f"a{i}")
            await store.flush()
            states.append((store.revision, store.segments))
        assert states == [(1, 1), (1, 2), (1, 3), (2, 0), (2, 1)]
        assert segments(storage) == ["notes.log-2-1"]
        assert len(await open_store(storage)) == BASE_ENTRIES - 5

    run(scenario())


def test_a_store_that_shrinks_below_the_threshold_drops_its_log() -> None:
    async def scenario() -> None:
        storage = MemoryStorage()
        store = await filled(storage, share=0.01)
        for i in range(BASE_ENTRIES - 2):
            store.remove(f"a{i}")
        await store.flush()  # (too large a segment for the share: a new base)
        assert store.revision == 2
        assert sorted(storage.records) == ["notes"]  # no head, no segments
        assert sorted((await open_store(storage)).db.ids()) == ["a58", "a59"]

    run(scenario())


# ---------------------------------------------------------------- other tabs


def test_another_tab_applies_only_the_new_segments() -> None:
    async def scenario() -> None:
        storage, coordinator = CountingStorage(), LocalCoordinator()
        tab_a = await filled(storage)
        tab_b = await open_store(storage, coordinator)
        storage.loads = {}
        tab_a.update("a1", {"content": "from a", "category": "fact"})
        tab_a.remove("a2")
        await tab_a.flush()
        tab_b.update("a1", {"content": "pending in b", "category": "fact"})
        assert await tab_b.refresh()
        assert storage.loads.get("notes", 0) == 0  # the base was not read again
        assert storage.loads["notes.log-1-1"] == 1
        assert tab_b.get("a2") is None
        assert tab_b.get("a1")["content"] == "pending in b"  # its own change stays on top
        await tab_b.flush()
        assert (tab_b.revision, tab_b.segments) == (1, 2)
        await tab_a.refresh()
        assert tab_a.get("a1")["content"] == "pending in b"
        assert sorted(tab_a.db.ids()) == sorted(tab_b.db.ids())

    run(scenario())


def test_two_tabs_writing_in_turn_end_with_one_store() -> None:
    async def scenario() -> None:
        storage, coordinator = MemoryStorage(), LocalCoordinator()
        first = await filled(storage)
        await first.close()
        tabs = [await open_store(storage, coordinator, share=0.3) for _ in range(2)]
        for step in range(30):
            tab = tabs[step % 2]
            tab.insert(memory(step, "t"))
            if step % 3 == 0:
                tab.remove(f"a{step}")
            if step % 5 == 0:
                tab.patch(f"a{step + 1}", {"content": f"patched {step}"})
            await tab.flush()
        for tab in tabs:
            await tab.refresh()
        expected = sorted(tabs[0].db.ids())
        assert sorted(tabs[1].db.ids()) == expected
        assert tabs[1].get("a1")["content"] == tabs[0].get("a1")["content"] == "patched 0"
        reopened = await open_store(storage)
        assert sorted(reopened.db.ids()) == expected
        assert reopened.revision > 1  # (the log was compacted on the way)

    run(scenario())


# ---------------------------------------------------------------- faults


class StopAtHead(MemoryStorage):
    """A backend without transactions whose page dies, once ``stop`` is set, before it
    writes a head record (what was saved before it stays)."""

    stop = False

    async def save(self, name: str, data: str) -> None:
        if self.stop and name == "notes.head":
            raise StorageError("the page was closed")
        await super().save(name, data)


def test_a_corrupt_segment_is_quarantined_and_the_others_apply() -> None:
    async def scenario() -> None:
        storage = MemoryStorage()
        store = await filled(storage)
        for i in range(3):
            store.update(f"a{i}", {"content": f"change {i}", "category": "fact"})
            await store.flush()
        storage.records["notes.log-1-2"] = '{"format": "amplify-memory-segment", "trunc'
        errors: list[Any] = []
        reopened = await PersistedStore.open(
            "notes", storage, lambda: Database(SCHEMA), on_error=errors.append
        )
        assert [e.quarantine_name for e in reopened.quarantined] == [
            e.quarantine_name for e in errors
        ]
        assert "notes.log-1-2" in reopened.quarantined[0].reason
        assert storage.records[reopened.quarantined[0].quarantine_name].endswith('"trunc')
        assert "notes.log-1-2" not in storage.records
        assert reopened.get("a0")["content"] == "change 0"
        assert reopened.get("a1")["content"].startswith("memory 1")  # (the lost segment)
        assert reopened.get("a2")["content"] == "change 2"
        assert len(reopened) == BASE_ENTRIES

    run(scenario())


def test_a_corrupt_head_is_quarantined_and_the_segments_are_found() -> None:
    async def scenario() -> None:
        storage = MemoryStorage()
        store = await filled(storage)
        for i in range(2):
            store.remove(f"a{i}")
            await store.flush()
        storage.records["notes.head"] = "{not json"
        reopened = await open_store(storage)
        assert len(reopened.quarantined) == 1
        assert "notes.head" in reopened.quarantined[0].reason
        assert len(reopened) == BASE_ENTRIES - 2
        reopened.insert(memory(1, "z"))
        await reopened.flush()  # a fresh base and head
        assert (reopened.revision, head(storage)["base"], segments(storage)) == (2, 2, [])
        assert len(await open_store(storage)) == BASE_ENTRIES - 1

    run(scenario())


def test_a_compaction_stopped_after_its_base_loses_nothing() -> None:
    """Killed between the new base and its head (a backend without transactions): the
    base holds everything; saving it removed the old head, and the old segments are
    removed by the next write."""

    async def scenario() -> None:
        storage = StopAtHead()
        store = await filled(storage, share=10.0, max_segments=2)
        for i in range(2):
            store.remove(f"a{i}")
            await store.flush()
        storage.stop = True
        store.remove("a2")
        with pytest.raises(StorageError):
            await store.flush()  # the compaction: its base is written, not its head
        assert loads(storage.records["notes"])["revision"] == 2
        assert "notes.head" not in storage.records
        assert segments(storage) == ["notes.log-1-1", "notes.log-1-2"]
        storage.stop = False
        reopened = await open_store(storage)
        assert len(reopened) == BASE_ENTRIES - 3
        reopened.insert(memory(9, "z"))
        await reopened.flush()
        assert segments(storage) == ["notes.log-2-1"]  # (the old base's are removed)
        assert len(await open_store(storage)) == BASE_ENTRIES - 2

    run(scenario())


def test_a_segment_written_without_its_head_is_ignored_and_rewritten() -> None:
    async def scenario() -> None:
        storage = StopAtHead()
        store = await filled(storage)
        storage.stop = True
        store.remove("a0")
        with pytest.raises(StorageError):
            await store.flush()
        assert "notes.log-1-1" in storage.records
        assert head(storage)["segments"] == 0
        journal = storage.records.pop(store.journal_key)  # (else the journal brings it)
        reopened = await open_store(storage)
        assert (len(reopened), reopened.segments) == (BASE_ENTRIES, 0)  # not committed
        storage.records[store.journal_key] = journal
        storage.stop = False
        await store.flush()  # the retry writes it again, and its head
        assert head(storage)["segments"] == 1
        assert len(await open_store(storage)) == BASE_ENTRIES - 1

    run(scenario())


def test_a_record_saved_on_its_own_replaces_the_log() -> None:
    """Another writer (plain JavaScript's saveOramaToIDB, an older page) saves the record
    alone: that removes the head, so the store's own writer, which reads only the head
    before appending, rereads the record instead of writing segments on a stale base."""

    async def scenario() -> None:
        storage = MemoryStorage()
        store = await filled(storage)
        store.remove("a0")
        await store.flush()
        other = Database(SCHEMA)
        other.insert(memory(1, "x"))
        await storage.save("notes", dumps(other.save()))  # a bare snapshot
        assert "notes.head" not in storage.records
        store.remove("a1")
        await store.flush()
        assert sorted(store.db.ids()) == ["x1"]  # the record another writer saved, ...
        assert sorted((await open_store(storage)).db.ids()) == ["x1"]  # ... as stored

    run(scenario())


def test_a_head_of_a_newer_version_is_refused_and_left() -> None:
    async def scenario() -> None:
        storage = MemoryStorage()
        await filled(storage)
        newer = dumps({"format": "amplify-memory-head", "version": 3, "base": 1})
        storage.records["notes.head"] = newer
        with pytest.raises(NewerFormatError, match="newer version"):
            await open_store(storage)
        assert storage.records["notes.head"] == newer

    run(scenario())


def test_a_snapshot_decoded_outside_an_open_tells_no_one() -> None:
    """The decode's steps are told only as steps of an open: a database loaded by other
    code inside a call with a listener (the JS API's onProgress) reports nothing."""
    db = Database(SCHEMA)
    db.insert_multiple([memory(i) for i in range(5)])
    seen: list[tuple[str, int, int]] = []
    with progress.reporting(lambda *step: seen.append(step)):
        Database.from_snapshot(db.save())
        with progress.within("open", 1, 4):
            Database.from_snapshot(db.save())
    assert seen == [("open", 2, 4), ("open", 3, 4)]


def test_a_version_1_record_loads_and_the_next_write_makes_it_a_version_2_base() -> None:
    async def scenario() -> None:
        storage = MemoryStorage()
        store = await filled(storage)
        await store.close()
        text = encode_store(store.db.save(), 1, store.writer, {}).replace(
            '"version":2', '"version":1', 1
        )
        storage.records = {"notes": text}  # as the version before logs wrote it
        old = await open_store(storage)
        assert len(old) == BASE_ENTRIES
        old.remove("a0")
        await old.flush()
        assert loads(storage.records["notes"])["version"] == 2
        assert (old.revision, old.segments) == (2, 0)

    run(scenario())


def test_an_open_reports_its_steps_the_base_then_each_segment() -> None:
    async def scenario() -> None:
        storage = MemoryStorage()
        store = await filled(storage)
        for i in range(3):
            store.update(f"a{i}", {"content": f"changed {i}", "category": "fact"})
            await store.flush()
        assert store.segments == 3
        seen: list[tuple[str, int, int]] = []
        with progress.reporting(lambda *step: seen.append(step)):
            reopened = await open_store(storage)
        # the base read, its documents and index decoded, the whole decoded, each segment
        assert seen == [("open", step, 7) for step in range(1, 8)]
        assert reopened.get("a2")["content"] == "changed 2"
        # a write (another tab's segments followed) reports nothing: only an open does
        seen.clear()
        with progress.reporting(lambda *step: seen.append(step)):
            store.update("a4", {"content": "changed 4", "category": "fact"})
            await store.flush()
            await reopened.refresh()
        assert seen == []
        assert reopened.get("a4")["content"] == "changed 4"

    run(scenario())
