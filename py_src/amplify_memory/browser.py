"""The browser boundary: IndexedDB, Web Locks, BroadcastChannel, page hide, fetch
(JSON requests, and the bytes of the page's own files such as the embedding table), and
the JavaScript vector kernel, both named at boot by :func:`install_platform`.

The only module of amplify_memory that touches JavaScript. It imports ``pyodide`` and the
bridge ``amplify_idb`` (``web/js/idb.mjs``, registered by ``web/js/runtime.mjs``) lazily,
inside functions, so that ``import amplify_memory.browser`` works on CPython too (only
using it needs Pyodide).

>>> from amplify_memory.browser import open_store          # doctest: +SKIP
>>> from amplify_memory.search import Database             # doctest: +SKIP
>>> store = await open_store("vector_store_user_profile",  # doctest: +SKIP
...                          lambda: Database({"id": "string", "content": "string"}))
>>> store.insert({"content": "prefers TypeScript"})        # doctest: +SKIP
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import math
import os
import weakref
from collections.abc import AsyncIterator, Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, TypeVar

from amplify_memory import platform
from amplify_memory.errors import (
    AmplifyMemoryError,
    HttpTransportError,
    InvalidStoreNameError,
    StorageError,
    StorageQuotaError,
    StorageTimeoutError,
    StorageVersionError,
)
from amplify_memory.search._vector import (
    VectorKernel,
    python_fuse,
    python_kernel,
    python_norms,
    python_select,
    set_vector_kernel,
)
from amplify_memory.storage import (
    AsyncStorage,
    Coordinator,
    PersistedStore,
    StorageEstimate,
    StoreDatabase,
)
from amplify_memory.storage._base import Data, Gathered, check_data, check_pairs
from amplify_memory.storage._names import KEY_RULE, validate_key
from amplify_memory.transport import HttpTransport, encode_body, json_headers, parse_body

__all__ = [
    "BRIDGE_MODULE",
    "KERNELS_MODULE",
    "BrowserCoordinator",
    "IndexedDBStorage",
    "PyodideTransport",
    "browser_coordinator",
    "browser_platform",
    "fetch_bytes",
    "indexeddb_storage",
    "install_platform",
    "install_vector_kernel",
    "open_store",
    "page_url",
]

BRIDGE_MODULE = "amplify_idb"
#: The JavaScript loops (web/js/kernels.mjs), registered by web/js/runtime.mjs.
KERNELS_MODULE = "amplify_kernels"

_ERRORS: dict[str, type[StorageError]] = {
    "quota": StorageQuotaError,
    "version": StorageVersionError,
    "blocked": StorageVersionError,
    "timeout": StorageTimeoutError,
}

DB = TypeVar("DB", bound=StoreDatabase)


def _bridge() -> Any:
    try:
        return importlib.import_module(BRIDGE_MODULE)
    except ImportError as err:
        raise StorageError(
            f"the IndexedDB bridge {BRIDGE_MODULE!r} is not registered; "
            "amplify_memory.browser "
            "runs in a page booted by web/js/runtime.mjs, which registers web/js/idb.mjs as "
            f"pyodide.registerJsModule({BRIDGE_MODULE!r}, ...)"
        ) from err


def _create_proxy(func: Callable[..., Any]) -> Any:
    return importlib.import_module("pyodide.ffi").create_proxy(func)


def _to_js(data: Data) -> Any:
    """A string as it is (Pyodide converts it), bytes as a ``Uint8Array`` (gathered bytes
    are one already)."""
    if isinstance(data, str):
        return data
    if isinstance(data, Gathered):
        return data.value
    return importlib.import_module("pyodide.ffi").to_js(data)


def _checked(data: object) -> Data:
    """``data`` to save: a string, bytes, or bytes this backend gathered."""
    return data if isinstance(data, Gathered) else check_data(data)


def _error(result: Any, name: object = None) -> StorageError:
    kind, message = str(result.kind), str(result.message)
    if kind == "invalid-name":
        return InvalidStoreNameError(name, KEY_RULE)
    return _ERRORS.get(kind, StorageError)(message)


class IndexedDBStorage(AsyncStorage):
    """The ``amplify_vector_stores`` IndexedDB database (object store ``stores``).

    Every request has a timeout (``timeout_ms``, default 10 s): a request that does not
    answer raises :class:`~amplify_memory.errors.StorageTimeoutError` instead of hanging.
    A newer database version in another tab raises
    :class:`~amplify_memory.errors.StorageVersionError`, a full disk
    :class:`~amplify_memory.errors.StorageQuotaError`.
    """

    holds_bytes = True

    def __init__(self, *, timeout_ms: int | None = None) -> None:
        self._js = _bridge()
        self._timeout_ms = timeout_ms

    async def _call(self, op: str, *args: Any, name: object = None) -> Any:
        if self._timeout_ms is not None:
            configured = await self._js.callForPython("configure", self._timeout_ms)
            if not configured.ok:
                raise _error(configured)
            self._timeout_ms = None
        result = await self._js.callForPython(op, *args)
        if not result.ok:
            raise _error(result, name)
        return result.value

    async def save(self, name: str, data: Data) -> None:
        validate_key(name)
        await self._call("save", name, _to_js(_checked(data)), name=name)

    async def save_many(self, items: Sequence[tuple[str, Data]]) -> None:
        """All of ``items`` in one IndexedDB transaction (all or none)."""
        pairs = check_pairs(items, _checked)
        if not pairs:
            return
        to_js = importlib.import_module("pyodide.ffi").to_js
        await self._call(
            "saveMany", to_js([[name, _to_js(data)] for name, data in pairs]), name=pairs[0][0]
        )

    def gather(self, parts: Iterable[bytes | bytearray | memoryview]) -> Data:
        """``parts`` copied to JavaScript one at a time and joined there into one
        ``Uint8Array``: a large base record never whole in the wasm heap (which does not
        shrink once grown)."""
        to_js = importlib.import_module("pyodide.ffi").to_js
        staged = self._js.newParts()
        for part in parts:
            staged.push(to_js(part))  # (a copy in JavaScript: the part goes at once)
            del part
        joined = self._js.joinParts(staged)
        return Gathered(joined, int(joined.length))

    def save_soon(self, name: str, data: Data) -> None:
        validate_key(name)
        self._js.saveSoonForPython(name, _to_js(check_data(data)))

    async def load(self, name: str) -> str | bytes | None:
        """The record's string, or its bytes (a ``Uint8Array`` in IndexedDB: one copy)."""
        validate_key(name)
        value = await self._call("load", name, name=name)
        if value is None or isinstance(value, str):
            return value
        return value.to_bytes()  # type: ignore[no-any-return]

    async def peek(self, name: str, length: int = 256) -> tuple[str, int] | None:
        """Read in JavaScript: only ``length`` characters cross into Python."""
        validate_key(name)
        value = await self._call("peek", name, int(length), name=name)
        if value is None:
            return None
        prefix, size = value.to_py()
        return str(prefix), int(size)

    async def delete(self, name: str) -> None:
        validate_key(name)
        await self._call("delete", name, name=name)

    async def list_names(self) -> list[str]:
        names = await self._call("list")
        return [str(n) for n in names.to_py()]

    async def estimate(self) -> StorageEstimate | None:
        value = await self._call("estimate")
        if value is None:
            return None
        return StorageEstimate(
            usage=int(value.usage), quota=int(value.quota), persisted=bool(value.persisted)
        )

    async def request_persistence(self) -> bool:
        """``navigator.storage.persist()``: True when the browser will not evict the data."""
        return bool(await self._call("persist"))


class BrowserCoordinator(Coordinator):
    """Web Locks (``navigator.locks``), ``BroadcastChannel`` and ``pagehide`` for stores.

    In a Web Worker, where ``pagehide`` never fires, it also mirrors each store's journal
    (:meth:`PersistedStore.journal_record`) to the page through ``amplify_idb.noteJournal``:
    the page writes the latest copy to IndexedDB itself when it is hidden (see
    ``web/js/memory.mjs``). On the main thread ``noteJournal`` is not mirrored: nothing to do.
    """

    def __init__(self) -> None:
        self._js = _bridge()
        self._changed: dict[str, PersistedStore[Any]] = {}
        self._stores: weakref.WeakValueDictionary[str, PersistedStore[Any]] = (
            weakref.WeakValueDictionary()
        )
        self._mirrored: set[str] = set()
        self._scheduled = False
        self._tasks: set[asyncio.Task[None]] = set()

    def lock(self, name: str) -> AbstractAsyncContextManager[None]:
        return self._hold(name)

    @asynccontextmanager
    async def _hold(self, name: str) -> AsyncIterator[None]:
        result = await self._js.callForPython("lock", name)
        if not result.ok:
            raise _error(result, name)
        release = result.value
        try:
            yield
        finally:
            release()

    def publish(self, name: str, message: str) -> None:
        self._js.publish(name, message)

    def subscribe(self, name: str, callback: Callable[[str], None]) -> Callable[[], None]:
        proxy = _create_proxy(callback)
        close = self._js.subscribe(name, proxy)

        def unsubscribe() -> None:
            close()
            proxy.destroy()

        return unsubscribe

    def on_hide(self, callback: Callable[[], None]) -> Callable[[], None]:
        proxy = _create_proxy(lambda _reason=None: callback())
        remove = self._js.onPageHide(proxy)

        def unregister() -> None:
            remove()
            proxy.destroy()

        return unregister

    # -- journals mirrored to the page (stores in a Web Worker)

    def pending_changed(self, store: PersistedStore[Any]) -> None:
        """A store's pending changes changed: mirror its journal to the page soon."""
        key = store.journal_key
        if self._changed.get(key) is store:
            return  # already waiting to be posted (a burst of changes)
        self._stores[key] = store
        self._changed[key] = store
        if not self._scheduled:
            self._scheduled = True
            with contextlib.suppress(RuntimeError):
                asyncio.get_event_loop().call_soon(self.post_journals)

    def post_journals(self) -> None:
        """Send the journals that changed to the page now (also called before an answer)."""
        self._scheduled = False
        changed, self._changed = self._changed, {}
        if not changed or not self._js.journalMirrorActive():
            return
        for key, store in changed.items():
            record = store.journal_record()
            if record is None:
                if key in self._mirrored:
                    self._mirrored.discard(key)
                    self._js.noteJournal(key, None)
            else:
                self._mirrored.add(key)
                self._js.noteJournal(key, record[1])

    def journals_saved(self, keys: list[str]) -> None:
        """The page wrote these journals (it was hidden): each is deleted after the write
        that contains its operations, or now when that write happened already."""
        for key in keys:
            store = self._stores.get(key)
            if store is None:
                continue
            if store.pending_count:
                store.journal_saved()
            else:
                with contextlib.suppress(RuntimeError):
                    task = asyncio.get_event_loop().create_task(self._delete(store, key))
                    self._tasks.add(task)
                    task.add_done_callback(self._tasks.discard)

    async def _delete(self, store: PersistedStore[Any], key: str) -> None:
        with contextlib.suppress(StorageError):
            await store.storage.delete(key)


_storage: IndexedDBStorage | None = None
_coordinator: BrowserCoordinator | None = None


def indexeddb_storage() -> IndexedDBStorage:
    """The page's shared :class:`IndexedDBStorage`."""
    global _storage
    if _storage is None:
        _storage = IndexedDBStorage()
    return _storage


def browser_coordinator() -> BrowserCoordinator:
    """The page's shared :class:`BrowserCoordinator`."""
    global _coordinator
    if _coordinator is None:
        _coordinator = BrowserCoordinator()
    return _coordinator


async def open_store(
    name: str,
    create: Callable[[], DB],
    *,
    delay: float = 0.05,
    on_error: Callable[[AmplifyMemoryError], None] | None = None,
) -> PersistedStore[DB]:
    """Open the persisted store ``name`` in IndexedDB, shared safely with other tabs."""
    return await PersistedStore.open(
        name,
        indexeddb_storage(),
        create,
        coordinator=browser_coordinator(),
        delay=delay,
        on_error=on_error,
    )


class _JsCosineKernel:
    """The vector kernel of web/js/kernels.mjs (``cosineScores``, ``selectTop`` as its
    ``select``, ``rowNorms`` as its ``norms`` and ``fuseTop`` as its ``fuse``: see
    :func:`amplify_memory.search._vector.python_select`, ``python_norms`` and
    ``python_fuse``). Without a checked ``fuseTop`` it has no ``fuse`` (the search then
    fuses in Python, pruned, which is faster than the contract's reference)."""

    def __init__(
        self, function: Any, selection: Any = None, lengths: Any = None, fusion: Any = None
    ) -> None:
        self._function = function
        self._selection = selection
        self._lengths = lengths
        if fusion is not None:
            self.fuse = fusion

    def __call__(self, matrix: Any, norms: Any, query: Any, out: Any, dimension: int) -> None:
        self._function(matrix, norms, query, out, dimension)

    def select(self, scores: Any, k: int, floor: float, indices: Any, result: Any) -> None:
        if self._selection is None:
            python_select(scores, k, floor, indices, result)
        else:
            self._selection(scores, k, floor, indices, result)

    def norms(self, matrix: Any, out: Any, dimension: int) -> None:
        if self._lengths is None:
            python_norms(matrix, out, dimension)
        else:
            self._lengths(matrix, out, dimension)

    def __repr__(self) -> str:
        return f"<JavaScript {KERNELS_MODULE}.cosineScores>"


def browser_platform() -> platform.Platform:
    """The browser's parts (see :class:`amplify_memory.platform.Platform`): IndexedDB
    with Web Locks and BroadcastChannel, ``fetch`` for HTTP and for the package's own
    files (relative to the page), the embedding table beside the page."""
    return platform.Platform(
        name="browser",
        storage=indexeddb_storage,
        coordinator=browser_coordinator,
        transport=PyodideTransport,
        read_asset=_read_page_file,
        table_location=_default_table_url,
    )


def _default_table_url() -> str:
    # (imported when the table is first needed: the table's code is not loaded at boot)
    from amplify_memory.embeddings._default import DEFAULT_TABLE_URL

    return DEFAULT_TABLE_URL


async def _read_page_file(location: str | os.PathLike[str]) -> tuple[bytes, str]:
    url = page_url(os.fspath(location))
    return await fetch_bytes(url), url


def install_platform() -> VectorKernel | None:
    """Name this page's parts, once, at boot (web/js/runtime.mjs calls it): the browser
    as the platform (:func:`browser_platform`: storage, coordination, HTTP, files) and
    the JavaScript vector kernel (:func:`install_vector_kernel`, returned). Nothing else
    in the package looks at where it runs."""
    platform.use(browser_platform())
    return install_vector_kernel()


def install_vector_kernel() -> VectorKernel | None:
    """Score vectors in JavaScript in every database of this page (booted pages do this
    in web/js/runtime.mjs); returns the kernel, or None when the kernels module is not
    registered or its answer to a small check differs from Python's (pure Python stays)."""
    try:
        module = importlib.import_module(KERNELS_MODULE)
        function = module.cosineScores
    except (ImportError, AttributeError):
        return None
    from array import array

    kernel = _JsCosineKernel(
        function,
        _checked_selection(getattr(module, "selectTop", None)),
        _checked_norms(getattr(module, "rowNorms", None)),
        _checked_fusion(getattr(module, "fuseTop", None)),
    )
    # (rows of 2 numbers and of 5: the kernel's loop in fours and its remainder)
    for numbers, dimension in (
        ([3.0, 4.0, 0.0, 0.0, -1.0, 2.0], 2),
        ([*range(1, 6), 0, 0, 0, 0, 0], 5),
    ):
        matrix = array("f", numbers)
        norms = array(
            "d", [math.hypot(*matrix[i : i + dimension]) for i in range(0, len(matrix), dimension)]
        )
        query = array("d", [0.6, 0.8, 0.0, 0.0, 0.0][:dimension])
        expected, got = array("d", [0.0] * len(norms)), array("d", [0.0] * len(norms))
        python_kernel(matrix, norms, query, expected, dimension)
        try:
            kernel(matrix, norms, query, got, dimension)
        except Exception:
            return None
        for a, b in zip(expected, got, strict=True):
            if not (a == b or abs(a - b) <= 1e-12):  # (-inf, no vector, is equal)
                return None
    set_vector_kernel(kernel)
    return kernel


def _checked_selection(selection: Any) -> Any:
    """``selection`` (``selectTop``) when it answers a small case with ties as
    :func:`~amplify_memory.search._vector.python_select` does, else None (Python selects)."""
    if selection is None:
        return None
    from array import array

    scores = array("d", [0.5, float("-inf"), 0.9, 0.5, 0.1, 0.9, 0.5, 0.3])
    answers = []
    for select in (python_select, selection):
        indices, result = array("i", [-1] * 6), array("d", [0.0] * 3)
        try:
            select(scores, 3, 0.2, indices, result)
        except Exception:
            return None
        answers.append((list(indices), list(result)))
    return selection if answers[0] == answers[1] else None


def _checked_fusion(fusion: Any) -> Any:
    """``fusion`` (``fuseTop``) when it answers a small case (sums of two lists, a term
    frequency above 1, a score below the similarity, no vector, ties, a removed document
    still in a list) exactly as
    :func:`~amplify_memory.search._vector.python_fuse` does, else None (Python fuses)."""
    if fusion is None:
        return None
    from array import array

    arguments = (
        array("i", [0, 1, 3, 1, 4]), array("i", [1, 2, 1, 1, 3]), array("i", [0, 3, 5]),
        array("d", [1.5, 0.7]), array("i", [2, 3, 1, 2, 4, 0]),
        array("d", [0.0, 0.9, 1.1, 1.3, 1.6]),
        array("d", [0.5, -math.inf, 0.9, 0.1, 0.9, 0.5]), array("i", [3]),
        array("d", [2.2, 0.2, 0.5, 0.5]),
    )  # fmt: skip
    answers = []
    for fuse in (python_fuse, fusion):
        rows, scores, result = array("i", [-1] * 4), array("d", [0.0] * 4), array("d", [0.0] * 2)
        try:
            fuse(*arguments, rows, scores, result)
        except Exception:
            return None
        answers.append((list(rows), list(scores), list(result)))
    return fusion if answers[0] == answers[1] else None


def _checked_norms(lengths: Any) -> Any:
    """``lengths`` (``rowNorms``) when it answers a small case as
    :func:`~amplify_memory.search._vector.python_norms` does (to 1e-12), else None."""
    if lengths is None:
        return None
    from array import array

    matrix = array("f", [3.0, 4.0, 0.0, 0.0, -1.0, 2.0, 0.5, 0.25])
    expected, got = array("d", [0.0] * 4), array("d", [-1.0] * 4)
    python_norms(matrix, expected, 2)
    try:
        lengths(matrix, got, 2)
    except Exception:
        return None
    same = all(abs(a - b) <= 1e-12 * max(1.0, a) for a, b in zip(expected, got, strict=True))
    return lengths if same else None


class PyodideTransport(HttpTransport):
    """:class:`HttpTransport` on ``pyodide.http.pyfetch`` (Pyodide only)."""

    async def request(
        self,
        method: str,
        url: str,
        json_body: Any = None,
        headers: Mapping[str, str] | None = None,
    ) -> tuple[int, Any]:
        http = importlib.import_module("pyodide.http")  # lazily: Pyodide only
        body = encode_body(json_body)
        options: dict[str, Any] = {
            "method": method,
            "headers": json_headers(headers, body is not None),
        }
        if body is not None:
            options["body"] = body.decode("utf-8")
        try:
            response = await http.pyfetch(url, **options)
            text = await response.string()
        except Exception as err:  # a JsException (TypeError: Failed to fetch) or OSError
            raise HttpTransportError(method, url, f"{type(err).__name__}: {err}") from err
        return int(response.status), parse_body(text)


def page_url(relative: str) -> str:
    """``relative`` resolved against the page's folder (the web root).

    On the main thread that is the document's base URL. In a Web Worker it is the
    worker script's folder, or its parent when the script sits in ``js/`` (our layout:
    ``web/js/worker.mjs``), so ``models/...`` names the same file in both. An absolute
    URL is returned unchanged.
    """
    from urllib.parse import urljoin, urlsplit  # (imports ipaddress: 0.1 s in Pyodide)

    if urlsplit(relative).scheme:
        return relative
    js = importlib.import_module("js")  # lazily: Pyodide only
    document = getattr(js, "document", None)
    if document is not None:
        return urljoin(str(document.baseURI), relative)
    folder = urljoin(str(js.location.href), ".")
    if folder.endswith("/js/"):
        folder = folder[: -len("js/")]
    return urljoin(folder, relative)


async def fetch_bytes(url: str) -> bytes:
    """The body of ``GET url`` (``pyodide.http.pyfetch``); OSError on an HTTP error status,
    :class:`~amplify_memory.errors.HttpTransportError` when the request fails."""
    http = importlib.import_module("pyodide.http")  # lazily: Pyodide only
    try:
        response = await http.pyfetch(url)
    except Exception as err:  # a JsException (TypeError: Failed to fetch)
        raise HttpTransportError("GET", url, f"{type(err).__name__}: {err}") from err
    if not 200 <= int(response.status) < 300:
        raise OSError(f"GET {url} answered HTTP {response.status}")
    data: bytes = await response.bytes()
    return data
