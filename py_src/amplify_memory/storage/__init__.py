"""Persistence: an async key-value storage interface and stores that persist themselves.

- :class:`AsyncStorage`: ``save`` / ``load`` / ``delete`` / ``list_names`` of JSON strings,
  the four operations of the ``amplify_vector_stores`` IndexedDB database (and
  ``save_many``, ``peek``, with defaults built on them). Implementations:
  :class:`MemoryStorage` (tests), :class:`FileStorage` (CPython programs) and
  :class:`amplify_memory.browser.IndexedDBStorage` (the page).
- :class:`Coordinator`: the lock, message channel and page-hide hook that stores of one
  origin share; :class:`LocalCoordinator` in CPython, ``BrowserCoordinator`` in the page.
- :class:`PersistedStore`: a search database that coalesces writes, merges other tabs'
  changes, flushes on page hide and quarantines unreadable records; a large one is kept
  as a base record and a log of change segments.

Store names follow :data:`STORE_NAME_RULE`.
"""

from __future__ import annotations

from amplify_memory.storage._base import AsyncStorage, Coordinator, StorageEstimate
from amplify_memory.storage._file import FileStorage
from amplify_memory.storage._memory import LocalCoordinator, MemoryStorage
from amplify_memory.storage._names import (
    MAX_NAME_LENGTH,
    STORE_NAME_RULE,
    is_quarantine_of,
    is_store_name,
    store_of,
    validate_store_name,
)
from amplify_memory.storage._persisted import PersistedStore, StoreDatabase

__all__ = [
    "MAX_NAME_LENGTH",
    "STORE_NAME_RULE",
    "AsyncStorage",
    "Coordinator",
    "FileStorage",
    "LocalCoordinator",
    "MemoryStorage",
    "PersistedStore",
    "StorageEstimate",
    "StoreDatabase",
    "is_quarantine_of",
    "is_store_name",
    "store_of",
    "validate_store_name",
]
