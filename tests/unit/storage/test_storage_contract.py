"""The storage contract (storage_contract.py) on the CPython storages.

The same checks run in the page against IndexedDB (tests/browser/test_persistence.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest

from amplify_memory.storage import AsyncStorage, FileStorage, MemoryStorage
from tests.unit.storage import storage_contract

FACTORIES: dict[str, Callable[[Path], AsyncStorage]] = {
    "memory": lambda _tmp: MemoryStorage(),
    "file": lambda tmp: FileStorage(tmp / "stores"),
}


@pytest.mark.parametrize("factory", FACTORIES.values(), ids=FACTORIES.keys())
@pytest.mark.parametrize(
    "check", storage_contract.CHECKS, ids=[c.__name__ for c in storage_contract.CHECKS]
)
def test_contract(
    check: storage_contract.Check, factory: Callable[[Path], AsyncStorage], tmp_path: Path
) -> None:
    asyncio.run(check(factory(tmp_path)))


def test_run_all_reports_every_check_by_name() -> None:
    results = asyncio.run(storage_contract.run_all(MemoryStorage()))
    assert list(results) == [c.__name__ for c in storage_contract.CHECKS]
    assert set(results.values()) == {"ok"}
    assert len(results) >= 10


def test_a_broken_storage_fails_the_contract() -> None:
    """The checks can fail: a storage that forgets writes is caught."""

    class Forgetful(MemoryStorage):
        async def save(self, name: str, data: str) -> None:
            await super().save(name, data[:-1] if data else data)

    results = asyncio.run(storage_contract.run_all(Forgetful()))
    failed = {name for name, outcome in results.items() if outcome != "ok"}
    assert "save_then_load_round_trips_the_exact_string" in failed
    assert "save_replaces_the_previous_value" in failed


def test_memory_storage_quota_refuses_and_keeps_the_old_value() -> None:
    from amplify_memory.errors import StorageQuotaError

    async def scenario() -> None:
        storage = MemoryStorage(quota_bytes=100)
        await storage.save("a", "x" * 60)
        with pytest.raises(StorageQuotaError, match="quota is 100"):
            await storage.save("b", "y" * 60)
        await storage.save("a", "z" * 90)  # replacing counts the new size only
        assert await storage.load("a") == "z" * 90
        assert await storage.load("b") is None

    asyncio.run(scenario())


def test_file_storage_writes_whole_files_and_ignores_strangers(tmp_path: Path) -> None:
    async def scenario() -> None:
        storage = FileStorage(tmp_path)
        await storage.save("notes", "{}")
        (tmp_path / "not a store.json").write_text("{}")
        (tmp_path / "README.txt").write_text("hi")
        assert await storage.list_names() == ["notes"]
        assert (tmp_path / "notes.json").read_text() == "{}"
        assert not list(tmp_path.glob(".tmp-*"))
        estimate = await storage.estimate()
        assert estimate is not None
        assert estimate.usage >= 2
        assert estimate.persisted

    asyncio.run(scenario())
