"""A search database kept in an :class:`AsyncStorage`, safe across reloads, tabs and faults.

How a store stays consistent (the same logic runs on CPython and in the browser):

- Every change (insert/update/remove) is applied to the in-memory database at once and
  appended to a log of pending operations, each with a sequence number of its writer.
- Changes are coalesced: the first one schedules a write ``delay`` seconds later, and every
  change until then rides along in that one write.
- A write takes the store's lock (a Web Lock in the browser), re-reads the record, and if
  another writer moved its revision, rebuilds the database from that record and replays the
  pending operations on it. It then writes ``revision + 1`` and announces it on the store's
  channel; other stores of the same name reload the record and replay their own pending
  operations, so every tab sees every change without a reload.
- The record lists, per writer, the last operation it contains (``applied``), so an
  operation is never applied twice, even when a write succeeded but was reported as failed.
- When the page is hidden or closed, the pending operations are written at once, without
  waiting for the lock, to the store's journal ``<name>.pending-<writer>``; the next open or
  write of that store by any page merges the journal into the record and deletes it.
  A store that runs where page hide never fires (a Web Worker) lets someone else write
  that journal: a coordinator with a ``pending_changed(store)`` method is told of every
  change to the pending operations, and :meth:`PersistedStore.journal_record` gives the
  journal to write (the page keeps the latest copy and writes it itself on hide).
- A record that cannot be read is copied to ``<name>.corrupt-<timestamp>`` before anything
  else happens to it; the error is kept in :attr:`PersistedStore.quarantined`, given to
  ``on_error``, and the store starts empty (or, in a tab that already holds the data,
  keeps its in-memory copy and writes it back).
- A failed write raises (from :meth:`PersistedStore.flush`) or is kept in
  :attr:`PersistedStore.last_error` (background writes); the in-memory database and the
  pending operations stay, and the next change or flush tries again.

Concurrent changes to the same document merge per operation, in the order the writes
reach the lock: an insert or update sets the document (an insert of an id another tab
already inserted becomes an update; an update of a document another tab removed brings it
back), a remove removes it when present.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextvars import ContextVar
from json import JSONDecodeError, dumps, loads
from typing import Any, Generic, Protocol, TypeVar

from amplify_memory.errors import (
    AmplifyMemoryError,
    CorruptRecordError,
    DocumentValidationError,
    NewerFormatError,
    StorageError,
    describe,
)
from amplify_memory.storage._base import AsyncStorage, Coordinator
from amplify_memory.storage._memory import LocalCoordinator
from amplify_memory.storage._names import (
    is_quarantine_of,
    journal_name,
    quarantine_name,
    validate_store_name,
)
from amplify_memory.storage._records import (
    Op,
    OpKind,
    StoreRecord,
    decode_journal,
    decode_store,
    encode_journal,
    encode_store,
    peek_revision,
)

__all__ = ["PersistedStore", "StoreDatabase"]

_MAX_QUARANTINE_ATTEMPTS = 50


class StoreDatabase(Protocol):
    """What :class:`PersistedStore` needs of a database (``amplify_memory.search.Database``)."""

    def insert(self, doc: Any) -> Any: ...

    def update(self, doc_id: Any, doc: Any) -> Any: ...

    def patch(self, doc_id: Any, changes: Any) -> Any: ...

    def remove(self, doc_id: Any) -> bool: ...

    def get(self, doc_id: Any) -> Any: ...

    def save(self, *, copy: bool = True) -> Any: ...

    def load(self, raw: Any) -> Any: ...

    def __len__(self) -> int: ...

    # Optional (``Database`` has both): ``pack_vectors(doc) -> dict`` gives the form of a
    # change written to the journal, ``unpack_vectors(doc) -> dict`` reads it back.


DB = TypeVar("DB", bound=StoreDatabase)


def _compact(value: Any) -> str:
    return dumps(value, separators=(",", ":"), allow_nan=False)


class _Batch:
    """The changes one :meth:`PersistedStore.atomic` block made: what to undo."""

    def __init__(self, store: object) -> None:
        self.store = store
        self.undo: list[tuple[str, Any]] = []  # (id, the document before, None: absent)
        self.seqs: set[int] = set()
        self.open = True  # (a task created inside the block copies it: closed, it is ignored)


# The open batch of the running task (an asyncio task sees only its own): changes other
# tasks make meanwhile are not part of it.
_BATCHES: ContextVar[tuple[_Batch, ...]] = ContextVar("amplify_memory_batches", default=())


class PersistedStore(Generic[DB]):
    """A database that persists itself, coalescing writes and merging other tabs' changes.

    Open it with :meth:`open`; change it through the store (changes made directly on
    :attr:`db` are not persisted), read through :attr:`db` (which may be replaced by a
    reload: do not keep a reference to it).

    >>> import asyncio
    >>> from amplify_memory.search import Database
    >>> from amplify_memory.storage import MemoryStorage, PersistedStore
    >>> async def demo() -> int:
    ...     storage = MemoryStorage()
    ...     store = await PersistedStore.open(
    ...         "notes", storage, lambda: Database({"id": "string", "content": "string"}))
    ...     store.insert({"id": "1", "content": "prefers tabs"})
    ...     await store.close()  # flushes
    ...     again = await PersistedStore.open(
    ...         "notes", storage, lambda: Database({"id": "string", "content": "string"}))
    ...     return len(again)
    >>> asyncio.run(demo())
    1
    """

    def __init__(
        self,
        name: str,
        storage: AsyncStorage,
        create: Callable[[], DB],
        *,
        coordinator: Coordinator | None = None,
        delay: float = 0.05,
        on_error: Callable[[AmplifyMemoryError], None] | None = None,
        id_field: str = "id",
        writer: str | None = None,
    ) -> None:
        self.name = validate_store_name(name)
        self.storage = storage
        self.coordinator: Coordinator = coordinator or LocalCoordinator()
        self.delay = delay
        self.on_error = on_error
        self.id_field = id_field
        self.writer = writer or secrets.token_hex(8)
        self._journal_key = journal_name(self.name, self.writer)
        self._create = create
        self._db: DB = create()
        self._revision = 0
        self._merges = 0
        self._record_writer = ""
        self._applied: dict[str, int] = {}
        self._pending: list[Op] = []
        self._seq = 0
        self._dirty = False
        self._absorbed: set[str] = set()
        self._journal_written = False
        self._mutex = asyncio.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._timer: asyncio.TimerHandle | None = None
        self._refresh_scheduled = False
        self._journal_scheduled = False
        self._tasks: set[asyncio.Task[None]] = set()
        self._detach: list[Callable[[], None]] = []
        self._closed = False
        self.last_error: StorageError | None = None
        """The error of the last failed write, None after a successful one."""
        self.quarantined: list[CorruptRecordError] = []
        """Every unreadable record this store set aside (with its quarantine name)."""
        self.set_aside: list[str] = []
        """Records of this store set aside before it opened (by an earlier page or another
        tab) and still kept: their names, until :meth:`discard` removes them."""
        self.writes = 0
        """How many records this store wrote (a measure of coalescing)."""
        self._uncommitted: set[int] = set()  # seqs of changes inside open atomic blocks
        self._open_batches = 0
        self._deferred = False  # a write came due while a block was open

    # ------------------------------------------------------------------ opening

    @classmethod
    async def open(
        cls,
        name: str,
        storage: AsyncStorage,
        create: Callable[[], DB],
        *,
        coordinator: Coordinator | None = None,
        delay: float = 0.05,
        on_error: Callable[[AmplifyMemoryError], None] | None = None,
        id_field: str = "id",
    ) -> PersistedStore[DB]:
        """Load the store ``name`` (or start it empty) and follow other writers' changes.

        ``create()`` must return a new, empty database; the stored snapshot is loaded into
        it with ``db.load(snapshot)``. An unreadable record is quarantined and reported
        (see :attr:`quarantined`), never raised; a storage failure raises
        :class:`~amplify_memory.errors.StorageError`.
        """
        store = cls(
            name,
            storage,
            create,
            coordinator=coordinator,
            delay=delay,
            on_error=on_error,
            id_field=id_field,
        )
        await store._open()
        return store

    async def _open(self) -> None:
        self._loop = asyncio.get_running_loop()
        async with self._mutex, self.coordinator.lock(self.name):
            # both reads at once: in the browser each is an IndexedDB round trip
            text, names = await asyncio.gather(
                self.storage.load(self.name), self.storage.list_names()
            )
            self.set_aside = sorted(n for n in names if is_quarantine_of(self.name, n))
            if text is not None:
                try:
                    record, db = self._read(text)
                except (StorageError, NewerFormatError):  # (a newer record: left as it is)
                    raise
                except Exception as err:
                    await self._quarantine(text, err, source=self.name, delete=True)
                else:
                    self._adopt(record, db)
            await self._absorb_journals(names)
        self._detach.append(self.coordinator.subscribe(self.name, self._on_message))
        self._detach.append(self.coordinator.on_hide(self._on_hide))
        if self._dirty:
            self._schedule_flush()
        self._pending_changed()

    def _read(self, text: str) -> tuple[StoreRecord, DB]:
        record = decode_store(text)
        db = self._create()
        db.load(record.snapshot)
        return record, db

    # ------------------------------------------------------------------ reading

    @property
    def db(self) -> DB:
        """The current in-memory database (replaced when another tab's write is loaded)."""
        return self._db

    @property
    def revision(self) -> int:
        """The revision of the stored record this store last read or wrote."""
        return self._revision

    @property
    def merges(self) -> int:
        """How many times other writers' changes came in (a newer record loaded, or a
        journal replayed); this store's own changes and writes leave it alone."""
        return self._merges

    @property
    def journal_key(self) -> str:
        """Where this writer's pending changes are journaled: ``<name>.pending-<writer>``."""
        return self._journal_key

    @property
    def pending_count(self) -> int:
        """How many changes are not written yet."""
        return len(self._pending)

    def __len__(self) -> int:
        return len(self._db)

    def get(self, doc_id: str) -> Any:
        return self._db.get(doc_id)

    def search(self, *args: Any, **kwargs: Any) -> Any:
        """``db.search(...)`` of the current database."""
        return getattr(self._db, "search")(*args, **kwargs)  # noqa: B009

    # ------------------------------------------------------------------ changing

    # A change is stored only if it can also be written: its JSON text is made before (or,
    # for an insert whose id the database gives, right after, undone on failure) the
    # database changes, so a value JSON cannot hold (NaN, a set ...) outside the schema's
    # properties is refused instead of breaking every later write.

    @contextlib.contextmanager
    def atomic(self) -> Iterator[None]:
        """All of the changes made inside the block (by this task), or none of them.

        On an exception every change the block made is undone, in memory and in the
        pending writes, and the exception goes on; nothing of it reaches a journal or a
        background write while the block is open. Blocks nest (the outermost decides).
        Changes other asyncio tasks make meanwhile are theirs and stay."""
        if self._batch() is not None:
            yield
            return
        batch = _Batch(self)
        token = _BATCHES.set((*_BATCHES.get(), batch))
        self._open_batches += 1
        try:
            yield
        except BaseException:
            self._rollback(batch)
            raise
        finally:
            batch.open = False
            _BATCHES.reset(token)
            self._open_batches -= 1
            self._uncommitted -= batch.seqs
            if batch.seqs or self._deferred:
                self._deferred = False
                self._schedule_journal()
                self._schedule_flush()
            if batch.seqs:
                self._pending_changed()  # (the journal a page holds may now include them)

    def _batch(self) -> _Batch | None:
        return next((b for b in _BATCHES.get() if b.store is self and b.open), None)

    def _remember(self, doc_id: str, *, absent: bool = False) -> None:
        """Note the document ``doc_id`` as it is, before a change inside a batch."""
        batch = self._batch()
        if batch is not None:
            batch.undo.append((doc_id, None if absent else self._db.get(doc_id)))

    def _rollback(self, batch: _Batch) -> None:
        db = self._db
        for doc_id, before in reversed(batch.undo):
            if before is None:
                if db.get(doc_id) is not None:
                    db.remove(doc_id)
            elif db.get(doc_id) is not None:
                db.update(doc_id, before)
            else:
                db.insert(before)
        first = min(batch.seqs, default=self._seq + 1)
        self._pending = [op for op in self._pending if op.seq not in batch.seqs]
        # Another task's changes to the same documents since the block began stay: they
        # are applied again over the restored documents, in order.
        touched = {doc_id for doc_id, _ in batch.undo}
        for op in self._pending:
            if op.seq > first and op.doc_id in touched:
                self._apply(db, op)
        self._dirty = True  # (a write inside the block may have saved some of it)
        self._pending_changed()

    def insert(self, doc: Mapping[str, Any]) -> str:
        """Insert ``doc`` (persisted by the next write); returns its id."""
        self._check_open()
        doc_id = str(self._db.insert(doc))
        self._remember(doc_id, absent=True)
        try:
            text = self._encode(doc_id, doc, with_id=True)
        except DocumentValidationError:
            self._db.remove(doc_id)
            raise
        self._log("insert", doc_id, text)
        return doc_id

    def insert_multiple(self, docs: Iterable[Mapping[str, Any]]) -> list[str]:
        self._check_open()
        if not isinstance(docs, list | tuple):
            raise DocumentValidationError("<docs>", "a list of documents", docs)
        batch = list(docs)
        ids = [str(i) for i in getattr(self._db, "insert_multiple")(batch)]  # noqa: B009
        for doc_id in ids:
            self._remember(doc_id, absent=True)
        try:
            texts = [self._encode(i, doc, with_id=True) for i, doc in zip(ids, batch, strict=True)]
        except DocumentValidationError:
            for doc_id in ids:
                self._db.remove(doc_id)
            raise
        for doc_id, text in zip(ids, texts, strict=True):
            self._log("insert", doc_id, text)
        return ids

    def update(self, doc_id: str, doc: Mapping[str, Any]) -> Any:
        self._check_open()
        text = self._encode(doc_id, doc, with_id=True)
        self._remember(doc_id)
        result = self._db.update(doc_id, doc)
        self._log("update", str(doc_id), text)
        return result

    def patch(self, doc_id: str, changes: Mapping[str, Any]) -> Any:
        """Set some properties of a document (``db.patch``); only ``changes`` are written
        to the journal, and another tab's replay merges them into its copy."""
        self._check_open()
        text = self._encode(doc_id, changes, with_id=False)
        self._remember(doc_id)
        result = self._db.patch(doc_id, changes)
        self._log("patch", str(doc_id), text)
        return result

    def _encode(self, doc_id: str, doc: Mapping[str, Any], *, with_id: bool) -> str:
        """The JSON text of a change; :class:`DocumentValidationError` when JSON cannot
        hold it."""
        try:
            if not isinstance(doc_id, str):
                raise TypeError(f"a document id is a string, got {describe(doc_id)}")
            pack = getattr(self._db, "pack_vectors", None)
            body = pack(doc) if pack is not None else dict(doc)
            if with_id:
                body.setdefault(self.id_field, doc_id)
            if not all(type(key) is str for key in body):
                raise TypeError("property names must be strings")
            return _compact(body)
        except (TypeError, ValueError, RecursionError) as err:
            raise DocumentValidationError(
                "<document>", "JSON values (finite numbers, strings, lists, objects)", doc, str(err)
            ) from err

    def remove(self, doc_id: str) -> bool:
        self._check_open()
        if isinstance(doc_id, str):
            self._remember(doc_id)
        removed = bool(self._db.remove(doc_id))
        if removed:
            self._log("remove", str(doc_id), None)
        return removed

    def _check_open(self) -> None:
        if self._closed:
            raise StorageError(f"the store {self.name!r} is closed; open it again to change it")

    def _log(self, kind: OpKind, doc_id: str, text: str | None) -> None:
        self._seq += 1
        self._pending.append(Op(self._seq, kind, doc_id, text))
        batch = self._batch()
        if batch is not None:
            batch.seqs.add(self._seq)
            self._uncommitted.add(self._seq)
        self._dirty = True
        self._schedule_flush()
        self._schedule_journal()
        self._pending_changed()

    def _schedule_journal(self) -> None:
        """Save the pending changes to the journal as soon as this task ends.

        A page may be unloaded before its ``pagehide`` write commits (seen in Chromium on a
        reload under load), so the journal is written right after each burst of changes, a
        small write of the pending operations only; the coalesced store write follows later.
        """
        if self._journal_scheduled or self._closed or self._loop is None:
            return
        self._journal_scheduled = True
        self._loop.call_soon(self._write_journal_now)

    def _write_journal_now(self) -> None:
        self._journal_scheduled = False
        ops = self._committed()
        if not ops or self._closed:
            return
        try:
            self.storage.save_soon(self._journal_key, encode_journal(self.name, self.writer, ops))
        except Exception:
            # Best effort: a storage without immediate writes, or a full disk; the coalesced
            # store write follows and reports its own failure.
            return
        self._journal_written = True

    def _apply(self, db: DB, op: Op) -> None:
        """Replay one operation on ``db`` as "set the document" / "remove if present"."""
        try:
            if op.kind == "remove":
                db.remove(op.doc_id)
                return
            doc = loads(op.doc or "{}")
            unpack = getattr(db, "unpack_vectors", None)
            if unpack is not None and isinstance(doc, dict):
                doc = unpack(doc)
            if op.kind == "patch":
                if db.get(op.doc_id) is not None:  # (removed meanwhile: nothing to patch)
                    db.patch(op.doc_id, doc)
                return
            if db.get(op.doc_id) is not None:
                db.update(op.doc_id, doc)
            else:
                db.insert(doc)
        except (AmplifyMemoryError, ValueError, TypeError, KeyError, JSONDecodeError) as err:
            self._report(
                StorageError(
                    f"store {self.name!r}: could not replay {op.kind} of "
                    f"{describe(op.doc_id)} "
                    f"(seq {op.seq}): {err}"
                )
            )

    # ------------------------------------------------------------------ writing

    def _schedule_flush(self) -> None:
        if self._timer is not None or self._closed or self._loop is None:
            return
        self._timer = self._loop.call_later(self.delay, self._start_flush)

    def _start_flush(self) -> None:
        self._timer = None
        if self._loop is None:
            return
        if self._open_batches:
            self._deferred = True  # (an atomic block is open: its end schedules the write)
            return
        task = self._loop.create_task(self._background_flush())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _background_flush(self) -> None:
        with contextlib.suppress(Exception):  # reported through last_error / on_error
            await self.flush()

    async def flush(self) -> None:
        """Write pending changes now (merging other writers' changes first).

        Raises :class:`~amplify_memory.errors.StorageError` (e.g.
        :class:`~amplify_memory.errors.StorageQuotaError`) when the write fails; the
        in-memory database and the pending changes are kept for the next attempt.
        """
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if self._batch() is not None:
            self._deferred = True  # inside an atomic block: its end writes
            return
        for _ in range(3000):  # another task's block ends first (its changes or none)
            if not self._open_batches:
                break
            await asyncio.sleep(0.01)
        async with self._mutex:
            if not self._dirty:
                return
            try:
                try:
                    async with self.coordinator.lock(self.name):
                        await self._write_locked()
                except StorageError:
                    raise
                except Exception as err:  # a bug or a database that cannot save itself
                    raise StorageError(
                        f"could not write the store {self.name!r}: {type(err).__name__}: {err}"
                    ) from err
            except StorageError as err:
                self.last_error = err
                self._report(err)
                raise
        if self._dirty:
            self._schedule_flush()  # changes made while writing

    async def _write_locked(self) -> None:
        text = await self.storage.load(self.name)
        if text is not None and peek_revision(text) != (self._revision, self._record_writer):
            try:
                record, db = self._read(text)
            except (StorageError, NewerFormatError):  # (never overwrite a newer record)
                raise
            except Exception as err:
                # Keep a copy before this write replaces it; our own copy stays.
                await self._quarantine(text, err, source=self.name, delete=False)
            else:
                if (record.revision, record.writer) != (self._revision, self._record_writer):
                    self._adopt(record, db)
        await self._absorb_journals()
        count = len(self._pending)
        applied = dict(self._applied)
        if count:
            applied.pop(self.writer, None)
            applied[self.writer] = self._pending[-1].seq
        if self._uncommitted:  # a block began during the awaits: never write half of it
            self._deferred = True
            return
        revision = self._revision + 1
        data = encode_store(self._db.save(copy=False), revision, self.writer, applied)
        await self.storage.save(self.name, data)
        # Written: changes made during the awaits above stay pending for the next write.
        self.writes += 1
        del self._pending[:count]
        self._revision, self._record_writer, self._applied = revision, self.writer, applied
        self._dirty = bool(self._pending)
        self.last_error = None
        stale = sorted(self._absorbed)
        if self._journal_written and not self._pending:
            stale.append(self._journal_key)
            self._journal_written = False
        for key in stale:
            # Merged already; if this fails, the 'applied' map keeps it from being applied twice.
            with contextlib.suppress(StorageError):
                await self.storage.delete(key)
            self._absorbed.discard(key)
        self.coordinator.publish(
            self.name,
            _compact(
                {"type": "written", "revision": revision, "writer": self.writer, "store": self.name}
            ),
        )
        self._pending_changed()

    def _adopt(self, record: StoreRecord, db: DB) -> None:
        """Make ``db`` (just loaded from ``record``) current and replay pending changes on it."""
        done = record.applied.get(self.writer, 0)
        self._pending = [op for op in self._pending if op.seq > done]
        for op in self._pending:
            self._apply(db, op)
        self._db = db
        self._merges += 1
        self._revision, self._record_writer = record.revision, record.writer
        self._applied = dict(record.applied)
        self._dirty = bool(self._pending)
        self._absorbed.clear()  # merged journals are not in this record: merge them again
        self._pending_changed()

    async def _absorb_journals(self, names: list[str] | None = None) -> None:
        """Merge journals other pages left on hide (their changes become ours to write);
        ``names``: the storage's keys if just listed."""
        prefix = self.name + ".pending-"
        for key in await self.storage.list_names() if names is None else names:
            if not key.startswith(prefix) or key == self._journal_key or key in self._absorbed:
                continue
            text = await self.storage.load(key)
            if text is None:
                continue
            try:
                journal = decode_journal(text)
                if journal.store != self.name or key != journal_name(self.name, journal.writer):
                    raise ValueError(
                        f"journal of {describe(journal.store)} by {describe(journal.writer)}"
                    )
            except NewerFormatError:
                continue  # left for a page of the newer version to merge
            except (AmplifyMemoryError, ValueError) as err:
                await self._quarantine(text, err, source=key, delete=True)
                continue
            done = self._applied.get(journal.writer, 0)
            fresh = [op for op in journal.ops if op.seq > done]
            for op in fresh:
                self._apply(self._db, op)
            if fresh:
                self._merges += 1
                self._applied.pop(journal.writer, None)
                self._applied[journal.writer] = max(op.seq for op in fresh)
                self._dirty = True
            self._absorbed.add(key)

    async def _quarantine(self, text: str, err: Exception, *, source: str, delete: bool) -> None:
        """Keep ``text`` under a new ``<name>.corrupt-<timestamp>`` key, then report it."""
        key = ""
        for attempt in range(_MAX_QUARANTINE_ATTEMPTS):
            key = quarantine_name(self.name, attempt=attempt)
            if await self.storage.load(key) is None:
                break
        else:
            raise StorageError(
                f"no free quarantine name for {describe(source)} (last tried {describe(key)})"
            )
        await self.storage.save(key, text)
        if delete:
            await self.storage.delete(source)
        reason = f"{type(err).__name__}: {err}"
        if source != self.name:
            reason = f"{source}: {reason}"
        error = CorruptRecordError(self.name, key, reason)
        self.quarantined.append(error)
        self._dirty = self._dirty or (source == self.name and len(self._db) > 0)
        self._report(error)

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` has been called."""
        return self._closed

    async def discard(self, key: str) -> bool:
        """Delete the set-aside record ``key`` (``<name>.corrupt-<time>``) of this store;
        True when it was there. Any other key raises ``ValueError`` (nothing deleted)."""
        if not is_quarantine_of(self.name, key):
            raise ValueError(
                f"{describe(key)} is not a record set aside by store {describe(self.name)} "
                f"(expected '{self.name}.corrupt-<time>')"
            )
        existed = await self.storage.load(key) is not None
        await self.storage.delete(key)
        self.set_aside = [n for n in self.set_aside if n != key]
        self.quarantined = [e for e in self.quarantined if e.quarantine_name != key]
        return existed

    def _report(self, error: AmplifyMemoryError) -> None:
        if self.on_error is not None:
            self.on_error(error)

    # ------------------------------------------------------------------ other writers

    def _on_message(self, message: str) -> None:
        try:
            data = loads(message)
        except (JSONDecodeError, TypeError):
            return
        if not isinstance(data, dict) or data.get("writer") == self.writer:
            return
        if data.get("type") == "written" and not self._refresh_scheduled and not self._closed:
            self._refresh_scheduled = True
            if self._loop is not None:
                task = self._loop.create_task(self._background_refresh())
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _background_refresh(self) -> None:
        try:
            await self.refresh()
        except Exception as err:
            if isinstance(err, StorageError | NewerFormatError):
                self._report(err)

    async def refresh(self) -> bool:
        """Load the stored record if another writer changed it; True when it did.

        Pending changes of this store are replayed on the loaded database.
        """
        self._refresh_scheduled = False
        async with self._mutex:
            text = await self.storage.load(self.name)
            if text is None or peek_revision(text) == (self._revision, self._record_writer):
                return False
            try:
                record, db = self._read(text)
            except (StorageError, NewerFormatError):
                raise
            except Exception:
                self._dirty = True  # the next write quarantines it under the lock
                self._schedule_flush()
                return False
            if (record.revision, record.writer) == (self._revision, self._record_writer):
                return False
            self._adopt(record, db)
            if self._dirty:
                self._schedule_flush()
            return True

    def journal_record(self) -> tuple[str, str] | None:
        """``(key, text)`` of the journal a page hide would write now; None when nothing is
        pending. For a page whose stores live in a Web Worker: it keeps the latest copy and
        writes it on hide itself (see :meth:`journal_saved`)."""
        ops = self._committed()
        if not ops:
            return None
        return self._journal_key, encode_journal(self.name, self.writer, ops)

    def journal_saved(self) -> None:
        """Someone else wrote :meth:`journal_record` to storage: delete that journal after
        the next write that contains its operations (as after :meth:`_on_hide`)."""
        self._journal_written = True

    def _committed(self) -> list[Op]:
        """The pending changes outside open atomic blocks (what a journal may hold)."""
        if not self._uncommitted:
            return self._pending
        return [op for op in self._pending if op.seq not in self._uncommitted]

    def _pending_changed(self) -> None:
        watch = getattr(self.coordinator, "pending_changed", None)
        if watch is not None:
            try:
                watch(self)
            except Exception as err:  # a watcher must never break a change
                self._report(StorageError(f"store {self.name!r}: pending_changed failed: {err}"))

    def _on_hide(self) -> None:
        """Page hidden or closing: write pending changes to the journal, now."""
        ops = self._committed()
        if not ops:
            return
        try:
            self.storage.save_soon(self._journal_key, encode_journal(self.name, self.writer, ops))
            self._journal_written = True
        except Exception as err:
            self._report(StorageError(f"could not save pending changes of {self.name!r}: {err}"))
        if self._timer is not None:  # and try the real write, in case the page lives on
            self._timer.cancel()
            self._start_flush()

    # ------------------------------------------------------------------ closing

    async def close(self) -> None:
        """Write pending changes, then stop following other writers."""
        try:
            await self.flush()
        finally:
            self._closed = True
            self.set_aside = []
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            for detach in self._detach:
                detach()
            self._detach.clear()
