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
- A store whose record has grown past :attr:`PersistedStore.log_from_bytes` is kept as
  that record (the *base*) and a log of change segments on top of it: a write appends one
  segment of the pending operations and updates the store's small head record, in one
  transaction, so it costs in proportion to the change, not to the store. When the log
  outgrows :attr:`PersistedStore.log_share` of the base (or
  :attr:`PersistedStore.max_segments` segments), the next write is a whole new base
  (compaction) and the old segments are removed. Another tab that sees a segment written
  applies only the new segments. A corrupt segment is quarantined alone; the others apply.
  See :mod:`amplify_memory.storage._records` for the formats.
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
import inspect
import os
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextvars import ContextVar
from json import JSONDecodeError, dumps, loads
from typing import Any, Generic, Protocol, TypeVar

from amplify_memory import progress
from amplify_memory.errors import (
    AmplifyMemoryError,
    CorruptRecordError,
    DocumentValidationError,
    InvalidArgumentError,
    NewerFormatError,
    StorageError,
    describe,
)
from amplify_memory.storage._base import AsyncStorage, Coordinator, Data, join_parts
from amplify_memory.storage._memory import LocalCoordinator
from amplify_memory.storage._names import (
    head_name,
    is_quarantine_of,
    journal_name,
    quarantine_name,
    segment_name,
    validate_store_name,
)
from amplify_memory.storage._records import (
    BINARY_RECORD_VERSION,
    RECORD_VERSION,
    Head,
    Op,
    OpKind,
    Segment,
    StoreRecord,
    decode_head,
    decode_journal,
    decode_segment,
    decode_store,
    encode_head,
    encode_journal,
    encode_segment,
    encode_store,
    encode_store_parts,
    head_version,
    peek_revision,
)

__all__ = ["PersistedStore", "StoreDatabase"]

_MAX_QUARANTINE_ATTEMPTS = 50
#: An open's steps before its log: the base read, its documents decoded, its index
#: decoded (both told by the snapshot's decode), the whole decoded.
_DECODE_STEPS = 4


class StoreDatabase(Protocol):
    """What :class:`PersistedStore` needs of a database (``amplify_memory.search.Database``)."""

    def insert(self, doc: Any) -> Any: ...

    def update(self, doc_id: Any, doc: Any) -> Any: ...

    def patch(self, doc_id: Any, changes: Any) -> Any: ...

    def remove(self, doc_id: Any) -> bool: ...

    def get(self, doc_id: Any) -> Any: ...

    def save(self, *, copy: bool = True, binary: bool = False) -> Any: ...  # (and lazy)

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


def inside_atomic_block() -> bool:
    """True while the current task is inside an atomic block of any store."""
    return any(batch.open for batch in _BATCHES.get())


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

    #: A store whose record is at least this long (characters of JSON) keeps a change log
    #: beside it instead of rewriting the record on every write.
    log_from_bytes: int = 256 * 1024
    #: Compact (write a new base) when the log would outgrow this share of the base ...
    log_share: float = 0.25
    #: ... or hold more segments than this.
    max_segments: int = 256
    #: Changes not yet written may hold this many characters of JSON text before
    #: :meth:`relieve` writes them at once instead of after the usual delay: a burst of
    #: atomic blocks (an import of 100,000 entries, 5,000 a call) keeps deferring the
    #: delayed write, and its pending changes had grown to 37 MB.
    backlog_chars: int = 4 * 1024 * 1024

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
        self.writer = writer or os.urandom(8).hex()  # (as secrets.token_hex; lighter import)
        self._journal_key = journal_name(self.name, self.writer)
        self._head_key = head_name(self.name)
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
        # Operations merged from journals and not written yet: (the op, the seq of ours
        # they came after), so that a segment replays them in the order this database
        # applied them.
        self._carried: list[tuple[Op, int]] = []
        self._segments = 0  # segments of the base this database includes
        self._head: Head | None = None  # the head record last read or written
        self._base_bytes = 0  # (the head's baseBytes, when there is a head)
        self._base_version = RECORD_VERSION
        self._force_write = False  # (a recovered log: its base and head written at once)
        self._need_base = False  # the next write must be a whole base record
        self._log_keys: list[str] = []  # the segments the last listing saw
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
            head_text, names = await asyncio.gather(
                self.storage.load(self._head_key), self.storage.list_names()
            )
            self.set_aside = sorted(n for n in names if is_quarantine_of(self.name, n))
            await self._sync_locked(head_text, head_loaded=True, opening=True)
            await self._absorb_journals(names)
        self._detach.append(self.coordinator.subscribe(self.name, self._on_message))
        self._detach.append(self.coordinator.on_hide(self._on_hide))
        if self._dirty:
            self._schedule_flush()
        self._pending_changed()

    def _read(self, held: list[str | bytes]) -> tuple[StoreRecord, DB]:
        """The record ``held`` (taken out of the list: a base of bytes, 37 MB at 100,000
        entries, is not kept while its documents and index are built) and its database."""
        record = decode_store(held.pop())
        db = self._create()
        db.load(record.snapshot)
        return record, db

    # ------------------------------------------------------------------ following storage

    async def _sync_locked(
        self,
        head_text: str | bytes | None = None,
        *,
        head_loaded: bool = False,
        opening: bool = False,
    ) -> None:
        """Bring the database up to what storage holds (under the store's lock): nothing
        when it is current, the new segments when only the log grew, else the base and its
        whole log. ``head_text``: the head record when ``head_loaded`` just now."""
        if not head_loaded:
            head_text = await self.storage.load(self._head_key)
        head: Head | None = None
        if head_text is not None:
            try:
                head = decode_head(head_text)
            except NewerFormatError:
                raise
            except Exception as err:  # the base and whatever segments are found stand
                await self._quarantine(head_text, err, source=self._head_key, delete=True)
                await self._reload(None, recover=True, opening=opening)
                return
        if head is None:
            await self._reload(None, opening=opening)
        elif (head.base, head.writer) != (self._revision, self._record_writer) or (
            head.segments < self._segments
        ):
            await self._reload(head, opening=opening)
        elif head.segments > self._segments:
            if self._carried:  # (journals merged, not written: merge them again, in order)
                await self._reload(head, opening=opening)
            else:
                await self._follow(head)

    async def _reload(self, head: Head | None, *, recover: bool = False, opening: bool) -> None:
        """Load the base record and the segments ``head`` lists (``recover``: every segment
        of the base found in storage) unless the base is the one this database holds."""
        if head is None and not recover and self._revision:
            peeked = await self.storage.peek(self.name)  # (a header, not the whole store)
            if peeked is not None and peek_revision(peeked[0]) == (
                self._revision,
                self._record_writer,
            ):
                self._head, self._segments = None, 0
                return
        # An open tells a listener its steps (amplify_memory.progress): the base read, the
        # base decoded, each segment applied.
        text = await self.storage.load(self.name)
        if text is None:
            self._head, self._segments = None, 0
            return
        total = _DECODE_STEPS + (head.segments if head is not None else 0)
        if opening:
            progress.report("open", 1, total)
            await asyncio.sleep(0)  # (the report goes out before the long decode)
        base_bytes = head.base_bytes if head is not None else len(text)
        held = [text]
        del text
        try:
            with progress.within("open", 1, total) if opening else contextlib.nullcontext():
                record, db = self._read(held)  # (its documents and index: steps 2 and 3)
        except (StorageError, NewerFormatError):  # (a newer record: left as it is)
            raise
        except Exception as err:
            # Keep a copy (read again: the one read was let go while it was decoded, and
            # the error's frames, which hold it, go first); an open starts empty, a tab
            # that holds the data writes it back.
            err.__traceback__ = None
            again = await self.storage.load(self.name)
            if again is not None:
                await self._quarantine(again, err, source=self.name, delete=opening)
            self._head, self._segments = None, 0
            return
        head, numbers = await self._log_of(record, head, recover=recover)
        if opening:
            progress.report("open", _DECODE_STEPS, _DECODE_STEPS + len(numbers))
        applied = dict(record.applied)
        segments = await self._segments_of(record.revision, numbers)
        for done, segment in enumerate(segments, _DECODE_STEPS + 1):
            for op in segment.ops:
                self._apply(db, op)
            applied = dict(segment.applied)
            if opening:
                progress.report("open", done, _DECODE_STEPS + len(segments))
        self._adopt(record, db, applied=applied)
        self._head, self._segments = head, max(numbers, default=0)
        self._base_bytes, self._base_version = base_bytes, record.version
        if self._force_write:
            self._dirty, self._force_write = True, False

    async def _log_of(
        self, record: StoreRecord, head: Head | None, *, recover: bool
    ) -> tuple[Head | None, list[int]]:
        """The head that stands for ``record`` and the numbers of its segments to apply
        (``recover``: every segment of it found in storage)."""
        if recover:
            prefix = f"{self.name}.log-{record.revision}-"
            numbers = sorted(
                int(key[len(prefix) :])
                for key in await self.storage.list_names()
                if key.startswith(prefix)
            )
            # (a fresh head and base, written at once: with no head, the next open would
            # read the base alone and lose the segments found here)
            self._need_base = self._force_write = True
            return head, numbers
        if head is not None and (head.base, head.writer) == (record.revision, record.writer):
            return head, list(range(1, head.segments + 1))
        if head is not None:  # a compaction stopped after its base: the base stands alone
            self._need_base = True
        return None, []

    async def _segments_of(self, base: int, numbers: list[int]) -> list[Segment]:
        """The readable segments ``numbers`` of base ``base`` (read at once); an unreadable
        one is quarantined and reported, a missing one skipped."""
        keys = [segment_name(self.name, base, n) for n in numbers]
        texts = await asyncio.gather(*(self.storage.load(key) for key in keys))
        out: list[Segment] = []
        for key, number, text in zip(keys, numbers, texts, strict=True):
            if text is None:
                continue
            try:
                segment = decode_segment(text)
                if (segment.store, segment.base, segment.number) != (self.name, base, number):
                    raise ValueError(
                        f"segment {segment.number} of base {segment.base} of "
                        f"{describe(segment.store)}"
                    )
            except NewerFormatError:
                raise
            except (AmplifyMemoryError, ValueError) as err:
                await self._quarantine(text, err, source=key, delete=True)
                continue
            out.append(segment)
        return out

    async def _follow(self, head: Head) -> None:
        """Apply the segments another writer appended to the base this database holds;
        this store's pending changes to the same documents go on top again."""
        numbers = list(range(self._segments + 1, head.segments + 1))
        touched: set[str] = set()
        for segment in await self._segments_of(head.base, numbers):
            for op in segment.ops:
                self._apply(self._db, op)
                touched.add(op.doc_id)
            self._applied = dict(segment.applied)
        done = self._applied.get(self.writer, 0)
        self._pending = [op for op in self._pending if op.seq > done]
        for op in self._pending:
            if op.doc_id in touched:
                self._apply(self._db, op)
        self._head, self._segments = head, head.segments
        self._base_bytes = head.base_bytes
        if touched:
            self._merges += 1
        self._pending_changed()

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
    def segments(self) -> int:
        """How many change segments of the log on top of the base record (of
        :attr:`revision`) this store last read or wrote; 0 for a store written whole."""
        return self._segments

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
        if self._carried:  # (journals merged meanwhile: the database is the truth)
            self._need_base = True
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

    async def relieve(self) -> bool:
        """Write the pending changes now when their text passes :attr:`backlog_chars`
        (what a burst of changes calls after each block); True when it wrote. Nothing
        while any atomic block is open: this task's (of any store) or another task's on
        this store. A failed write is reported as a background write's is
        (:attr:`last_error`, ``on_error``), not raised: the changes stay pending and in
        the journal for the next write."""
        if self._closed or self._open_batches or inside_atomic_block():
            # (another block's end relieves the store: waiting here for a block of
            # another task, or holding this task's block of another store open across
            # an await, would stall or split a turn written to two stores)
            return False
        if sum(len(op.doc) for op in self._committed() if op.doc) <= self.backlog_chars:
            return False
        with contextlib.suppress(StorageError):
            await self.flush()
        return not self._pending

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
        await self._sync_locked()  # (never overwrites a newer record: it raises)
        await self._absorb_journals()
        count = len(self._pending)
        applied = dict(self._applied)
        if count:
            applied.pop(self.writer, None)
            applied[self.writer] = self._pending[-1].seq
        if self._uncommitted:  # a block began during the awaits: never write half of it
            self._deferred = True
            return
        ops = self._ops_to_write(count)
        if ops or self._need_base:
            segment = None if self._need_base else self._segment_text(ops, applied)
            if segment is not None:
                await self._write_segment(segment)
            else:
                await self._write_base(applied)
            self.writes += 1
        # Written: changes made during the awaits above stay pending for the next write.
        del self._pending[:count]
        self._carried.clear()
        self._applied = applied
        self._dirty = bool(self._pending)
        self.last_error = None
        stale = sorted(self._absorbed)
        current = f"{self.name}.log-{self._revision}-"  # (after a new base: the old ones go)
        stale += [key for key in self._log_keys if not key.startswith(current)]
        self._log_keys = []
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
                {
                    "type": "written",
                    "revision": self._revision,
                    "segments": self._segments,
                    "writer": self.writer,
                    "store": self.name,
                }
            ),
        )
        self._pending_changed()

    def _head_text(self) -> str | None:
        return encode_head(self._head) if self._head is not None else None

    def _ops_to_write(self, count: int) -> list[Op]:
        """This store's first ``count`` pending operations and the journals' operations it
        merged, in the order the database applied them."""
        if not self._carried:
            return self._pending[:count]
        keyed = [((op.seq, 0, 0), op) for op in self._pending[:count]]
        keyed += [((after, 1, i), op) for i, (op, after) in enumerate(self._carried)]
        return [op for _, op in sorted(keyed, key=lambda item: item[0])]

    def _segment_text(self, ops: list[Op], applied: dict[str, int]) -> str | None:
        """The next segment's text when the log may grow by it, else None (a base)."""
        if (
            self._revision == 0
            or self._base_version < RECORD_VERSION
            or self._base_bytes < self.log_from_bytes
            or self._segments + 1 > self.max_segments
        ):
            return None
        text = encode_segment(
            Segment(self.name, self._revision, self._segments + 1, self.writer, applied, ops)
        )
        if self._log_bytes() + len(text) > self.log_share * self._base_bytes:
            return None
        return text

    def _log_bytes(self) -> int:
        return self._head.log_bytes if self._head is not None else 0

    async def _write_segment(self, text: str) -> None:
        head = Head(
            base=self._revision,
            writer=self._record_writer,
            segments=self._segments + 1,
            base_bytes=self._base_bytes,
            log_bytes=self._log_bytes() + len(text),
            version=head_version(self._base_version),
        )
        key = segment_name(self.name, self._revision, head.segments)
        await self.storage.save_many([(key, text), (self._head_key, encode_head(head))])
        self._head, self._segments = head, head.segments

    async def _write_base(self, applied: dict[str, int]) -> None:
        """A whole new base record (and, for a large store, a head with an empty log); the
        segments of older bases are removed after it (:meth:`_write_locked`)."""
        revision = self._revision + 1
        data = self._base_data(revision, applied)
        size = len(data)
        version = RECORD_VERSION if isinstance(data, str) else BINARY_RECORD_VERSION
        head = None
        items: list[tuple[str, Data]] = [(self.name, data)]
        if size >= self.log_from_bytes:
            head = Head(
                base=revision,
                writer=self.writer,
                segments=0,
                base_bytes=size,
                log_bytes=0,
                version=head_version(version),
            )
            items.append((self._head_key, encode_head(head)))
        del data
        if head is None:  # (saved on its own, the record removes an old head with it)
            await self.storage.save(*items[0])
        else:  # (base first: a head never points past it)
            await self.storage.save_many(items)
        self._revision, self._record_writer = revision, self.writer
        self._head, self._segments, self._base_bytes = head, 0, size
        self._base_version, self._need_base = version, False

    def _base_data(self, revision: int, applied: dict[str, int]) -> Data:
        """A base record: bytes (its vectors binary) for a large store where the storage
        holds bytes and the database saves them, else text (a store without a head may be
        read by a page of an older version). A store whose last base was small is
        encoded as text first: when that is small, its bytes would be too, and it is
        encoded once. Bytes are made in parts the storage gathers (the page's IndexedDB
        keeps them in JavaScript as they come: the record is never whole in Python)."""

        def encode(binary: bool) -> Data:
            if not binary:
                # (no name for the snapshot: encode_store lets it go once it is text)
                return encode_store(self._db.save(copy=False), revision, self.writer, applied)
            lazy = {"lazy": True} if self._saves("lazy") else {}
            snapshot = self._db.save(copy=False, binary=True, **lazy)
            if snapshot.get("blobs") is None:
                return encode_store(snapshot, revision, self.writer, applied)
            parts = encode_store_parts(snapshot, revision, self.writer, applied)
            del snapshot  # (emptied by the parts as they are made)
            gather = getattr(self.storage, "gather", join_parts)  # (a storage of before)
            return gather(parts)

        binary = self._writes_bytes()
        text = None
        if not binary or self._base_bytes < self.log_from_bytes:
            text = encode(False)
            if not binary or len(text) < self.log_from_bytes:
                return text
            if len(text) >= 2 * self.log_from_bytes:
                text = None  # (its bytes are large too: not held while they are encoded)
        data = encode(True)
        if not isinstance(data, str) and len(data) < self.log_from_bytes:
            return text if text is not None else encode(False)
        return data

    def _writes_bytes(self) -> bool:
        """A binary base needs a storage that holds bytes (``AsyncStorage.holds_bytes``)
        and a database whose ``save`` takes ``binary`` (one written to the protocol
        before it does not)."""
        if not getattr(self.storage, "holds_bytes", False):
            return False
        return self._saves("binary")

    def _saves(self, option: str) -> bool:
        """Whether the database's ``save`` takes ``option`` (one written to the protocol
        before it may not)."""
        try:
            return option in inspect.signature(self._db.save).parameters
        except (TypeError, ValueError):
            return False

    def _adopt(self, record: StoreRecord, db: DB, *, applied: dict[str, int] | None = None) -> None:
        """Make ``db`` (just loaded from ``record`` and its log, whose ``applied`` map it is)
        current and replay pending changes on it."""
        applied = dict(record.applied) if applied is None else applied
        done = applied.get(self.writer, 0)
        self._pending = [op for op in self._pending if op.seq > done]
        for op in self._pending:
            self._apply(db, op)
        self._db = db
        self._merges += 1
        self._revision, self._record_writer = record.revision, record.writer
        self._applied = applied
        self._dirty = bool(self._pending)
        self._absorbed.clear()  # merged journals are not in this record: merge them again
        self._carried.clear()
        self._pending_changed()

    async def _absorb_journals(self, names: list[str] | None = None) -> None:
        """Merge journals other pages left on hide (their changes become ours to write);
        ``names``: the storage's keys if just listed."""
        prefix = self.name + ".pending-"
        names = await self.storage.list_names() if names is None else names
        self._log_keys = [key for key in names if key.startswith(f"{self.name}.log-")]
        for key in names:
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
                self._carried.append((op, self._seq))
            if fresh:
                self._merges += 1
                self._applied.pop(journal.writer, None)
                self._applied[journal.writer] = max(op.seq for op in fresh)
                self._dirty = True
            self._absorbed.add(key)

    async def _quarantine(
        self, text: str | bytes, err: Exception, *, source: str, delete: bool
    ) -> None:
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
        if source == self.name and len(self._db) > 0:
            self._dirty = self._need_base = True  # (our copy is written back whole)
        self._report(error)

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` has been called."""
        return self._closed

    async def discard(self, key: str) -> bool:
        """Delete the set-aside record ``key`` (``<name>.corrupt-<time>``) of this store;
        True when it was there. Any other key raises :class:`InvalidArgumentError` (a
        ``ValueError``; nothing deleted)."""
        if not is_quarantine_of(self.name, key):
            raise InvalidArgumentError(
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
            head_text = await self.storage.load(self._head_key)
            if head_text is not None and head_text == self._head_text():
                return False
            if head_text is None:
                peeked = await self.storage.peek(self.name)
                if peeked is None or peek_revision(peeked[0]) == (
                    self._revision,
                    self._record_writer,
                ):
                    return False
            merges = self._merges
            async with self.coordinator.lock(self.name):
                await self._sync_locked()
            if self._dirty:
                self._schedule_flush()
            return self._merges != merges

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
