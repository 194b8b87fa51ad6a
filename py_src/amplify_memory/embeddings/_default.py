"""The process-wide default embedding provider: the static table, loaded on first need.

Nothing reads the table (4 MB) until :func:`default_provider` is first awaited, which a
memory store or a local vector collection does when it first needs an embedding. The
provider is then kept for the life of the process (the page). Where the table comes
from, in order:

1. what :func:`configure_default_provider` was given (a provider, a path or a URL);
2. the environment variable ``AMPLIFY_EMBEDDING_TABLE`` (a path; a URL in Pyodide);
3. in the browser (the platform's ``table_location``): ``models/amplify-static-minilm-d128-v1.bin``
   fetched from the page's own origin, relative to the page (see
   :func:`amplify_memory.browser.page_url`);
4. on CPython: the repository's ``build/embeddings/`` or ``web/models/`` when present
   (``python3 build.py`` or ``tools/embedding_table.py ensure`` make them).

When no table can be had, :func:`default_provider` raises
:class:`EmbeddingTableUnavailableError` with the reason (also kept in
:func:`default_provider_error`); the memory stores then search with BM25 alone and say
why in their ``semantic_status``. The failure is remembered (no refetch on every
search) until :func:`reset_default_provider` or :func:`configure_default_provider`.

The load is timed: the provider's :attr:`StaticEmbeddingProvider.load_info` holds
``source``, ``bytes``, ``fetch_ms``, ``decode_ms`` and ``load_ms`` (their sum).
"""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import Any, Final

from amplify_memory import platform
from amplify_memory.embeddings._provider import EmbeddingProvider
from amplify_memory.embeddings._static import StaticEmbeddingProvider, StaticEmbeddingTable
from amplify_memory.errors import ArgumentTypeError, EmbeddingTableUnavailableError, describe

__all__ = [
    "DEFAULT_TABLE_FILE",
    "DEFAULT_TABLE_URL",
    "TABLE_ENV_VAR",
    "EmbeddingTableUnavailableError",
    "configure_default_provider",
    "default_provider",
    "default_provider_error",
    "find_table_path",
    "load_table_provider",
    "peek_default_provider",
    "reset_default_provider",
]

#: The table's file name (``build.py`` writes it to ``web/models/``).
DEFAULT_TABLE_FILE: Final = "amplify-static-minilm-d128-v1.bin"
#: Where the page serves it, relative to the page.
DEFAULT_TABLE_URL: Final = "models/" + DEFAULT_TABLE_FILE
#: A path (CPython) or URL (Pyodide) of the table, overriding the defaults.
TABLE_ENV_VAR: Final = "AMPLIFY_EMBEDDING_TABLE"

_REPO: Final = Path(__file__).resolve().parents[3]


_provider: EmbeddingProvider | None = None
_error: EmbeddingTableUnavailableError | None = None
_source: EmbeddingProvider | str | os.PathLike[str] | None = None
_loading: asyncio.Future[EmbeddingProvider] | None = None


def configure_default_provider(
    source: EmbeddingProvider | str | os.PathLike[str] | None = None,
) -> None:
    """Set where the default provider comes from: a provider, a table's path (CPython)
    or URL (Pyodide; relative to the page), or ``None`` for the defaults. Forgets the
    current provider and error; nothing is loaded until the next need."""
    global _source
    if source is not None and not isinstance(source, EmbeddingProvider | str | os.PathLike):
        raise ArgumentTypeError(
            f"source expected an EmbeddingProvider, a path or a URL, got {describe(source, 100)}"
        )
    _source = source
    reset_default_provider()


def reset_default_provider() -> None:
    """Forget the loaded provider or the remembered failure (the next need loads again)."""
    global _provider, _error, _loading
    _provider, _error, _loading = None, None, None


def peek_default_provider() -> EmbeddingProvider | None:
    """The default provider if it is loaded already (never loads it)."""
    return _provider


def default_provider_error() -> EmbeddingTableUnavailableError | None:
    """Why the default provider could not be loaded, if it could not."""
    return _error


def find_table_path() -> Path | None:
    """On CPython: the table named by ``AMPLIFY_EMBEDDING_TABLE``, else the repository's
    ``build/embeddings/`` or ``web/models/`` copy; None when there is none."""
    named = os.environ.get(TABLE_ENV_VAR)
    if named:
        return Path(named)
    for folder in (_REPO / "build" / "embeddings", _REPO / "web" / "models"):
        path = folder / DEFAULT_TABLE_FILE
        if path.is_file():
            return path
    return None


def _provider_from_bytes(data: bytes, source: str, fetch_ms: float) -> StaticEmbeddingProvider:
    started = time.perf_counter()
    table = StaticEmbeddingTable.from_bytes(data)
    decode_ms = (time.perf_counter() - started) * 1000.0
    provider = StaticEmbeddingProvider(table)
    provider.load_info = {
        "source": source,
        "bytes": len(data),
        "fetch_ms": round(fetch_ms, 3),
        "decode_ms": round(decode_ms, 3),
        "load_ms": round(fetch_ms + decode_ms, 3),
    }
    return provider


async def load_table_provider(location: str | os.PathLike[str]) -> StaticEmbeddingProvider:
    """A provider on the table at ``location``: a file path on CPython, a URL (relative
    to the page) in Pyodide. Timed (see :attr:`StaticEmbeddingProvider.load_info`).
    Raises :class:`EmbeddingTableUnavailableError` saying what went wrong."""
    started = time.perf_counter()
    try:
        data, where = await platform.current().read_asset(location)
    except EmbeddingTableUnavailableError:
        raise
    except Exception as err:
        raise EmbeddingTableUnavailableError(
            f"the embedding table {os.fspath(location)!r} cannot be read: "
            f"{type(err).__name__}: {err}"
        ) from err
    fetch_ms = (time.perf_counter() - started) * 1000.0
    try:
        return _provider_from_bytes(data, where, fetch_ms)
    except Exception as err:
        raise EmbeddingTableUnavailableError(
            f"the embedding table {describe(where, 240)} is not usable: {err}"
        ) from err


async def _load() -> EmbeddingProvider:
    source = _source
    if isinstance(source, EmbeddingProvider):
        return source
    if source is None:
        named = os.environ.get(TABLE_ENV_VAR)
        if named:
            source = named
        elif (located := platform.current().table_location()) is not None:
            source = located  # the browser: beside the page
        else:
            path = find_table_path()
            if path is None:
                raise EmbeddingTableUnavailableError(
                    f"no embedding table: {DEFAULT_TABLE_FILE} is not in "
                    f"{_REPO / 'build' / 'embeddings'} nor {_REPO / 'web' / 'models'} and "
                    f"{TABLE_ENV_VAR} is not set (python3 build.py makes it)"
                )
            source = path
    return await load_table_provider(source)


async def default_provider() -> EmbeddingProvider:
    """The process's default embedding provider, loaded on the first call.

    Concurrent first calls share one load. Raises
    :class:`EmbeddingTableUnavailableError` (remembered) when there is no table.
    """
    global _provider, _error, _loading
    if _provider is not None:
        return _provider
    if _error is not None:
        raise _error
    loading = _loading
    if loading is not None and not loading.done() and loading.get_loop() is _running_loop():
        return await asyncio.shield(loading)
    loop = asyncio.get_running_loop()
    future: asyncio.Future[EmbeddingProvider] = loop.create_future()
    _loading = future
    try:
        provider = await _load()
    except EmbeddingTableUnavailableError as err:
        if _loading is future:
            _error, _loading = err, None
        future.set_exception(err)
        future.exception()  # retrieved: no "never retrieved" warning
        raise
    except BaseException as err:
        if _loading is future:
            _loading = None
        future.cancel()
        raise err
    if _loading is future:
        _provider, _loading = provider, None
    future.set_result(provider)
    return provider


def _running_loop() -> Any:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:  # pragma: no cover - always called from a coroutine
        return None
