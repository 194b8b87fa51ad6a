"""The async storage interface and the tab-coordination interface the stores build on."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass

__all__ = ["AsyncStorage", "Coordinator", "StorageEstimate"]


@dataclass(frozen=True)
class StorageEstimate:
    """How much the origin stores and may store (``navigator.storage.estimate()``).

    ``persisted`` is True when the browser promised not to evict the data.
    """

    usage: int
    quota: int
    persisted: bool

    @property
    def usage_ratio(self) -> float:
        return self.usage / self.quota if self.quota else 0.0


class AsyncStorage(ABC):
    """A string key-value store of serialised snapshots: the four IndexedDB operations.

    Keys follow :data:`amplify_memory.storage.STORE_NAME_RULE` (plus the internal
    ``.corrupt-`` / ``.pending-`` suffixes); every method raises
    :class:`~amplify_memory.errors.InvalidStoreNameError` for any other key, and
    :class:`~amplify_memory.errors.StorageError` (or a subclass) when the backend fails.

    >>> async def demo(storage: AsyncStorage) -> None:
    ...     await storage.save("notes", '{"a": 1}')
    ...     assert await storage.load("notes") == '{"a": 1}'
    """

    @abstractmethod
    async def save(self, name: str, data: str) -> None:
        """Store ``data`` (a JSON string) under ``name``, replacing what was there."""

    @abstractmethod
    async def load(self, name: str) -> str | None:
        """The string stored under ``name``, or None when there is none."""

    @abstractmethod
    async def delete(self, name: str) -> None:
        """Remove ``name``; removing an absent name is not an error."""

    @abstractmethod
    async def list_names(self) -> list[str]:
        """Every stored key, sorted (internal ``.corrupt-``/``.pending-`` keys included)."""

    def save_soon(self, name: str, data: str) -> None:
        """Start a write now, without waiting for it (used while a page is being hidden).

        The write must be issued before this returns, because the page may never run
        another task. Errors cannot be reported to the caller; backends log them.
        """
        raise NotImplementedError(f"{type(self).__name__} cannot write synchronously")

    async def estimate(self) -> StorageEstimate | None:
        """Usage and quota of the backend, or None when it has no such notion."""
        return None

    async def request_persistence(self) -> bool:
        """Ask the backend not to evict the data; True when it is (or always was) durable."""
        return True


class Coordinator(ABC):
    """What stores of one origin share: a lock per store, a message channel, page hide.

    In the browser the lock is a Web Lock, the channel a ``BroadcastChannel``, and hide
    the ``pagehide``/``visibilitychange`` events; :class:`LocalCoordinator` gives the same
    for stores in one CPython process (each store playing one tab).
    """

    @abstractmethod
    def lock(self, name: str) -> AbstractAsyncContextManager[None]:
        """An exclusive lock named after a store, held across tabs."""

    @abstractmethod
    def publish(self, name: str, message: str) -> None:
        """Send ``message`` to every subscriber of ``name`` (the sender's included)."""

    @abstractmethod
    def subscribe(self, name: str, callback: Callable[[str], None]) -> Callable[[], None]:
        """Call ``callback(message)`` for each message on ``name``; returns unsubscribe."""

    @abstractmethod
    def on_hide(self, callback: Callable[[], None]) -> Callable[[], None]:
        """Call ``callback()`` synchronously when the page is hidden or closed."""
