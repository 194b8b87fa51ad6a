"""In-process implementations: a dict-backed storage and a coordinator for CPython."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable
from contextlib import AbstractAsyncContextManager, asynccontextmanager

from amplify_memory.errors import StorageQuotaError, describe
from amplify_memory.storage._base import (
    AsyncStorage,
    Coordinator,
    Data,
    StorageEstimate,
    check_data,
)
from amplify_memory.storage._names import validate_key

__all__ = ["LocalCoordinator", "MemoryStorage"]


class MemoryStorage(AsyncStorage):
    """Records in a dict: for tests, and for CPython programs that need no persistence.

    ``quota_bytes`` limits the total size of the records (strings in UTF-8); a write beyond it
    raises :class:`~amplify_memory.errors.StorageQuotaError` and changes nothing, as a
    full disk would.

    >>> import asyncio
    >>> storage = MemoryStorage()
    >>> asyncio.run(storage.save("notes", "{}"))
    >>> asyncio.run(storage.list_names())
    ['notes']
    """

    holds_bytes = True

    def __init__(self, *, quota_bytes: int | None = None) -> None:
        self.records: dict[str, str | bytes] = {}
        self.quota_bytes = quota_bytes
        self.writes = 0  # successful writes, so tests can check coalescing

    def _check_quota(self, name: str, data: Data) -> None:
        if self.quota_bytes is None:
            return
        size = sum(map(_size, (v for k, v in self.records.items() if k != name)))
        needed = size + _size(data)
        if needed > self.quota_bytes:
            raise StorageQuotaError(
                f"cannot save {describe(name)}: {needed} bytes needed, quota is {self.quota_bytes}"
            )

    async def save(self, name: str, data: Data) -> None:
        self.save_soon(name, data)
        await asyncio.sleep(0)  # a real backend answers later; let other tasks run

    def save_soon(self, name: str, data: Data) -> None:
        validate_key(name)
        data = check_data(data)
        self._check_quota(name, data)
        self.records[name] = bytes(data) if isinstance(data, bytearray) else data
        if "." not in name:
            self.records.pop(f"{name}.head", None)  # (a record saved alone: see AsyncStorage)
        self.writes += 1

    async def load(self, name: str) -> str | bytes | None:
        validate_key(name)
        await asyncio.sleep(0)
        return self.records.get(name)

    async def delete(self, name: str) -> None:
        validate_key(name)
        await asyncio.sleep(0)
        self.records.pop(name, None)

    async def list_names(self) -> list[str]:
        await asyncio.sleep(0)
        return sorted(self.records)

    async def estimate(self) -> StorageEstimate | None:
        usage = sum(map(_size, self.records.values()))
        return StorageEstimate(usage=usage, quota=self.quota_bytes or 0, persisted=False)

    async def request_persistence(self) -> bool:
        return False


class LocalCoordinator(Coordinator):
    """Locks, channels and page hide for stores in one process (each store is one "tab").

    Messages are delivered on a later turn of the event loop, like ``BroadcastChannel``;
    :meth:`hide` runs the hide callbacks, like the browser's ``pagehide``.
    """

    def __init__(self) -> None:
        self._locks: dict[str, asyncio.Lock] = {}
        self._subscribers: dict[str, list[Callable[[str], None]]] = {}
        self._hide_callbacks: list[Callable[[], None]] = []

    def lock(self, name: str) -> AbstractAsyncContextManager[None]:
        return self._hold(self._locks.setdefault(name, asyncio.Lock()))

    @staticmethod
    @asynccontextmanager
    async def _hold(lock: asyncio.Lock) -> AsyncIterator[None]:
        async with lock:
            yield

    def publish(self, name: str, message: str) -> None:
        loop = asyncio.get_running_loop()
        for callback in list(self._subscribers.get(name, [])):
            loop.call_soon(self._deliver, name, callback, message)

    def _deliver(self, name: str, callback: Callable[[str], None], message: str) -> None:
        if callback in self._subscribers.get(name, []):
            callback(message)

    def subscribe(self, name: str, callback: Callable[[str], None]) -> Callable[[], None]:
        self._subscribers.setdefault(name, []).append(callback)

        def unsubscribe() -> None:
            subscribers = self._subscribers.get(name, [])
            if callback in subscribers:
                subscribers.remove(callback)

        return unsubscribe

    def on_hide(self, callback: Callable[[], None]) -> Callable[[], None]:
        self._hide_callbacks.append(callback)

        def remove() -> None:
            if callback in self._hide_callbacks:
                self._hide_callbacks.remove(callback)

        return remove

    def hide(self) -> None:
        """Run every hide callback now, as a browser does on ``pagehide``."""
        for callback in list(self._hide_callbacks):
            callback()


def _size(data: Data) -> int:
    """The bytes ``data`` takes (a string's in UTF-8)."""
    return len(data.encode()) if isinstance(data, str) else len(data)
