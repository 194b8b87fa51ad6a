"""The async storage interface and the tab-coordination interface the stores build on."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from typing import TypeAlias

from amplify_memory.errors import ArgumentTypeError, describe
from amplify_memory.storage._names import validate_key

__all__ = [
    "AsyncStorage",
    "Coordinator",
    "Data",
    "Gathered",
    "StorageEstimate",
    "check_data",
    "check_pairs",
    "join_parts",
]


class Gathered:
    """Bytes a backend gathered from parts and keeps outside Python
    (:meth:`AsyncStorage.gather`): the page's IndexedDB holds them as one ``Uint8Array``.
    Only the backend that made it saves it."""

    __slots__ = ("size", "value")

    def __init__(self, value: object, size: int) -> None:
        self.value = value
        self.size = size

    def __len__(self) -> int:
        return self.size


#: What a record holds: a JSON string, or bytes (a large store's base record, whose
#: vectors are binary; or such bytes a backend gathered). A backend gives back what it
#: was given: text as ``str``, bytes as ``bytes``.
Data: TypeAlias = str | bytes | bytearray | Gathered


def check_data(data: object) -> str | bytes | bytearray:
    """``data`` when it is a string or bytes; else
    :class:`~amplify_memory.errors.ArgumentTypeError`."""
    if not isinstance(data, str | bytes | bytearray):
        raise ArgumentTypeError(f"data must be a JSON string or bytes, got {type(data).__name__}")
    return data


def check_pairs(
    items: Sequence[tuple[str, Data]], check: Callable[[object], Data] = check_data
) -> list[tuple[str, Data]]:
    """``items`` as a list of ``(key, data)`` pairs, each key valid and each value a
    string or bytes (what ``check`` allows: a backend's own :class:`Gathered` too);
    raises :class:`~amplify_memory.errors.InvalidStoreNameError` or
    :class:`~amplify_memory.errors.ArgumentTypeError` (before anything is written)."""
    pairs: list[tuple[str, Data]] = []
    for item in items:
        if not isinstance(item, tuple | list) or len(item) != 2:
            raise ArgumentTypeError(f"expected (name, data) pairs, got {describe(item)}")
        name, data = item
        validate_key(name)
        pairs.append((name, check(data)))
    return pairs


def join_parts(parts: Iterable[bytes | bytearray | memoryview]) -> bytearray:
    """``parts`` as one buffer (each let go once copied)."""
    out = bytearray()
    for part in parts:
        out += part
    return out


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
    """A key-value store of serialised snapshots (strings, or bytes): the four IndexedDB
    operations.

    Keys follow :data:`amplify_memory.storage.STORE_NAME_RULE` (plus the internal
    ``.corrupt-`` / ``.pending-`` suffixes); every method raises
    :class:`~amplify_memory.errors.InvalidStoreNameError` for any other key, and
    :class:`~amplify_memory.errors.StorageError` (or a subclass) when the backend fails.

    >>> async def demo(storage: AsyncStorage) -> None:
    ...     await storage.save("notes", '{"a": 1}')
    ...     assert await storage.load("notes") == '{"a": 1}'
    """

    #: Whether the backend stores bytes as well as strings (and gives them back as
    #: ``bytes``): a large store writes its base as bytes only to such a backend. False
    #: for a backend written before bytes were part of the contract.
    holds_bytes: bool = False

    @abstractmethod
    async def save(self, name: str, data: Data) -> None:
        """Store ``data`` (a JSON string, or bytes) under ``name``, replacing what was there.

        Saving a store's record (a name without ``.``) also removes the store's log head
        ``<name>.head`` (in the same transaction where the backend has them): a record
        written on its own is the whole store, and a large store's writer, which checks
        only the head before appending to its log, must see that it was replaced."""

    @abstractmethod
    async def load(self, name: str) -> str | bytes | None:
        """What is stored under ``name`` (a string, or ``bytes`` for bytes saved), or None
        when there is none."""

    @abstractmethod
    async def delete(self, name: str) -> None:
        """Remove ``name``; removing an absent name is not an error."""

    @abstractmethod
    async def list_names(self) -> list[str]:
        """Every stored key, sorted (internal ``.corrupt-``/``.pending-`` keys included)."""

    async def peek(self, name: str, length: int = 256) -> tuple[str, int] | None:
        """The first ``length`` characters of the string under ``name`` and its whole
        length (of bytes: the first ``length`` bytes read as Latin-1, and their number),
        or None when there is none (a large store checks its base record's header
        without reading it all; a backend may avoid reading it into Python)."""
        data = await self.load(name)
        if data is None:
            return None
        prefix = data[:length]
        return (prefix if isinstance(prefix, str) else prefix.decode("latin-1")), len(data)

    async def save_many(self, items: Sequence[tuple[str, Data]]) -> None:
        """Store each ``(name, data)`` of ``items``. A backend that can writes them in one
        transaction (all or none: IndexedDB); the default writes
        them one after the other, in order, so that a caller who writes what a record
        points to before the record stays consistent when a write fails part way. Every
        name and value is checked before anything is written."""
        pairs = check_pairs(items)
        for name, data in pairs:
            await self.save(name, data)

    def gather(self, parts: Iterable[bytes | bytearray | memoryview]) -> Data:
        """``parts`` (a large record's bytes, made as they are asked for) as one value to
        :meth:`save`; a backend may keep them where the caller's memory is not (the page's
        IndexedDB: in JavaScript, one part at a time). Here: joined into one buffer."""
        return join_parts(parts)

    def save_soon(self, name: str, data: Data) -> None:
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
