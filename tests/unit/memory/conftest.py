"""Fixtures for the memory-store tests: a shared in-memory storage, a ticking clock, and
the real embedding table as the default provider (so hybrid search is what is tested,
on every machine)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path

import pytest
from tests.unit.embeddings.built_table import built_table_path

from amplify_memory.embeddings import configure_default_provider
from amplify_memory.storage import MemoryStorage


@pytest.fixture(scope="session", autouse=True)
def default_table() -> Iterator[Path]:
    """The default embedding provider reads the built table (loaded once, on first need)."""
    path = built_table_path()
    configure_default_provider(path)
    yield path
    configure_default_provider(None)


@pytest.fixture
def storage() -> MemoryStorage:
    return MemoryStorage()


@pytest.fixture
def clock() -> Callable[[], str]:
    """A clock that moves one second each time it is read, from 2026-01-01T00:00:00Z."""
    ticks = iter(range(10**9))

    def now() -> str:
        t = next(ticks)
        return f"2026-01-01T{t // 3600 % 24:02d}:{t // 60 % 60:02d}:{t % 60:02d}.000Z"

    return now


@pytest.fixture
async def closing() -> AsyncIterator[list[object]]:
    """Stores appended here are closed (their writes flushed) at teardown."""
    stores: list[object] = []
    yield stores
    for store in stores:
        await store.close()  # type: ignore[attr-defined]
