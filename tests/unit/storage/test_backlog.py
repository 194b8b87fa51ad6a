"""A burst of atomic blocks cannot pile up unwritten changes (issue 14).

Each block schedules the delayed write, and the next block, begun before the delay
passed, deferred it again: an import of 100,000 entries in calls of 5,000 held 37 MB of
pending JSON text in the page. Past ``backlog_chars`` the end of a block writes them.
"""

from __future__ import annotations

import asyncio

from amplify_memory.errors import StorageQuotaError
from amplify_memory.memory.project_context import ProjectContextVectorStore
from amplify_memory.search import Database
from amplify_memory.storage import MemoryStorage, PersistedStore

SCHEMA = {"id": "string", "content": "string"}


def _create() -> Database:
    return Database(SCHEMA)


async def _store(storage: MemoryStorage, limit: int) -> PersistedStore[Database]:
    store = await PersistedStore.open("notes", storage, _create, delay=60.0)
    store.backlog_chars = limit
    return store


def _fill(store: PersistedStore[Database], n: int, start: int = 0) -> None:
    with store.atomic():
        for i in range(start, start + n):
            store.insert({"id": f"n{i}", "content": f"note number {i} about the build"})


def test_a_backlog_past_the_limit_is_written_at_once() -> None:
    async def go() -> None:
        storage = MemoryStorage()
        store = await _store(storage, 2000)
        _fill(store, 10)  # about 600 characters: under the limit, still pending
        assert not await store.relieve()
        assert store.pending_count == 10
        assert "notes" not in storage.records
        _fill(store, 40, 10)  # now past it
        assert await store.relieve()
        assert store.pending_count == 0
        assert "notes" in storage.records
        again = await PersistedStore.open("notes", storage, _create)
        assert len(again) == 50
        await again.close()
        await store.close()

    asyncio.run(go())


def test_relieve_waits_for_the_block_it_is_called_in() -> None:
    async def go() -> None:
        storage = MemoryStorage()
        store = await _store(storage, 100)
        with store.atomic():
            store.insert({"id": "a", "content": "x" * 500})
            assert not await store.relieve()  # (half a block is never written)
            assert store.pending_count == 1
        assert await store.relieve()
        await store.close()

    asyncio.run(go())


def test_a_failed_write_is_reported_not_raised_and_loses_nothing() -> None:
    async def go() -> None:
        storage = MemoryStorage(quota_bytes=500)
        errors: list[Exception] = []
        store = await PersistedStore.open(
            "notes", storage, _create, delay=60.0, on_error=errors.append
        )
        store.backlog_chars = 100
        _fill(store, 20)
        assert not await store.relieve()
        assert isinstance(store.last_error, StorageQuotaError)
        assert errors
        assert store.pending_count == 20
        assert len(store) == 20
        storage.quota_bytes = None
        await store.close()
        again = await PersistedStore.open("notes", storage, _create)
        assert len(again) == 20
        await again.close()

    asyncio.run(go())


def test_an_import_sized_block_of_a_project_is_written_when_it_ends(monkeypatch) -> None:
    monkeypatch.setattr(PersistedStore, "backlog_chars", 3000)

    async def go() -> None:
        storage = MemoryStorage()
        projects = ProjectContextVectorStore(storage=storage)
        async with projects.atomic("app"):
            for i in range(3):
                await projects.add("app", f"Decided to keep audit log {i}", "decision")
        store = projects._project("app")._store
        assert store is not None
        assert store.pending_count == 3
        async with projects.atomic("app"):
            for i in range(3, 30):
                await projects.add("app", f"Decided to keep audit log {i}", "decision")
        assert store.pending_count == 0  # written before the block returned
        assert any(name.endswith("app") for name in storage.records)
        await projects.close()

    asyncio.run(go())


def test_another_tasks_open_block_is_not_waited_for() -> None:
    """A block of one task ends at once while another task's block on the same store is
    open (its uncommitted changes are not counted, and its own end relieves the store)."""

    async def go() -> None:
        storage = MemoryStorage()
        store = await _store(storage, 100)
        started, release = asyncio.Event(), asyncio.Event()

        async def importer() -> None:
            with store.atomic():
                for i in range(50):
                    store.insert({"id": f"b{i}", "content": "x" * 40})
                started.set()
                await release.wait()

        task = asyncio.create_task(importer())
        await started.wait()
        _fill(store, 3)
        loop = asyncio.get_running_loop()
        begun = loop.time()
        assert not await store.relieve()
        assert loop.time() - begun < 0.5
        release.set()
        await task
        assert await store.relieve()
        assert store.pending_count == 0
        await store.close()

    asyncio.run(go())


def test_a_block_inside_another_stores_block_is_not_relieved_until_both_end() -> None:
    """A turn written to two stores (the user's, then a project's inside it) must not
    await a write between the two ends: a page closed then would keep half the turn."""

    async def go() -> None:
        storage = MemoryStorage()
        outer = await PersistedStore.open("user", storage, _create, delay=60.0)
        inner = await _store(storage, 100)
        with outer.atomic():
            outer.insert({"id": "u1", "content": "a fact of the user's"})
            with inner.atomic():
                for i in range(10):
                    inner.insert({"id": f"p{i}", "content": "x" * 40})
            assert not await inner.relieve()
            assert inner.pending_count == 10
        assert await inner.relieve()
        await outer.close()
        await inner.close()

    asyncio.run(go())
