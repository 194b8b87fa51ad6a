"""What differs between CPython and the browser, chosen once: the platform object.

The core never looks at where it runs. It asks :func:`current` for the platform's parts:
where the stores keep their snapshots and how tabs coordinate, how HTTP requests go out,
how a file of the package's own (the embedding table) is read, and where that table is
by default. CPython's parts are the default (:data:`CPYTHON`); the browser boundary
(:func:`amplify_memory.browser.install_platform`, run once when a page boots) names its
own with :func:`use`.

>>> current().name
'cpython'
"""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from amplify_memory.storage import AsyncStorage, Coordinator, MemoryStorage
from amplify_memory.transport import HttpTransport, UrllibTransport

__all__ = ["CPYTHON", "Platform", "current", "default_transport", "use"]


async def _read_file(location: str | os.PathLike[str]) -> tuple[bytes, str]:
    path = Path(location)
    return path.read_bytes(), str(path)


@dataclass(frozen=True)
class Platform:
    """The parts of one platform (each a maker, called when a part is needed).

    ``storage`` and ``coordinator``: where the stores keep their snapshots and how they
    coordinate with other tabs (None: no coordination needed); ``transport``: an HTTP
    transport; ``read_asset``: the bytes of one of the package's files and where they
    came from (a path on CPython, a URL relative to the page in the browser);
    ``table_location``: where the embedding table is by default, or None to let
    :mod:`amplify_memory.embeddings` look in the repository.
    """

    name: str
    storage: Callable[[], AsyncStorage]
    coordinator: Callable[[], Coordinator | None]
    transport: Callable[[], HttpTransport]
    read_asset: Callable[[str | os.PathLike[str]], Awaitable[tuple[bytes, str]]]
    table_location: Callable[[], str | None]


#: CPython: memory storage in one process, urllib, files on disk.
CPYTHON = Platform(
    name="cpython",
    storage=MemoryStorage,
    coordinator=lambda: None,
    transport=UrllibTransport,
    read_asset=_read_file,
    table_location=lambda: None,
)

_current = CPYTHON


def current() -> Platform:
    """The platform the package runs on (:data:`CPYTHON` until :func:`use` names another)."""
    return _current


def use(platform: Platform) -> None:
    """Make ``platform`` the current one (the browser boundary does, once, at boot)."""
    global _current
    _current = platform


def default_transport() -> HttpTransport:
    """A new HTTP transport of the current platform: :class:`UrllibTransport` on CPython,
    the browser's ``fetch`` in a booted page."""
    return _current.transport()
