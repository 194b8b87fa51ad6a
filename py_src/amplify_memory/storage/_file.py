"""A storage in a folder of JSON files, for CPython programs that keep memory on disk."""

from __future__ import annotations

import asyncio
import errno
import os
import tempfile
from pathlib import Path

from amplify_memory.errors import ArgumentTypeError, StorageError, StorageQuotaError, describe
from amplify_memory.storage._base import AsyncStorage, StorageEstimate
from amplify_memory.storage._names import store_of, validate_key

__all__ = ["FileStorage"]

_SUFFIX = ".json"


class FileStorage(AsyncStorage):
    """One file per record, ``<directory>/<name>.json``, replaced atomically on save.

    A save writes a temporary file, flushes it to disk and renames it over the old one,
    so a crash leaves either the old or the new record, never half of one. Key names
    follow the store naming rule, so they are always safe file names. A full disk
    raises :class:`~amplify_memory.errors.StorageQuotaError`.

    >>> import asyncio, tempfile
    >>> storage = FileStorage(tempfile.mkdtemp())
    >>> asyncio.run(storage.save("notes", "{}"))
    >>> asyncio.run(storage.load("notes"))
    '{}'
    """

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)

    def _path(self, name: str) -> Path:
        return self.directory / (validate_key(name) + _SUFFIX)

    def save_soon(self, name: str, data: str) -> None:
        path = self._path(name)
        if not isinstance(data, str):
            raise ArgumentTypeError(f"data must be a JSON string, got {type(data).__name__}")
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=self.directory)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
            if "." not in name:  # (a record saved alone: see AsyncStorage.save)
                self._path(f"{name}.head").unlink(missing_ok=True)
        except OSError as err:
            Path(tmp).unlink(missing_ok=True)
            if err.errno in (errno.ENOSPC, errno.EDQUOT):
                raise StorageQuotaError(
                    f"cannot save {describe(name)}: the disk is full ({err})"
                ) from err
            raise StorageError(f"cannot save {describe(name)} to {path}: {err}") from err

    async def save(self, name: str, data: str) -> None:
        self.save_soon(name, data)
        await asyncio.sleep(0)

    async def load(self, name: str) -> str | None:
        path = self._path(name)
        try:
            return path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as err:
            raise StorageError(f"cannot read {describe(name)} from {path}: {err}") from err

    async def delete(self, name: str) -> None:
        path = self._path(name)
        try:
            path.unlink(missing_ok=True)
        except OSError as err:
            raise StorageError(f"cannot delete {describe(name)} ({path}): {err}") from err

    async def list_names(self) -> list[str]:
        names = []
        for path in self.directory.glob("*" + _SUFFIX):
            key = path.name[: -len(_SUFFIX)]
            if store_of(key) is not None:
                names.append(key)
        return sorted(names)

    async def estimate(self) -> StorageEstimate | None:
        usage = sum(p.stat().st_size for p in self.directory.glob("*" + _SUFFIX))
        stat = os.statvfs(self.directory) if hasattr(os, "statvfs") else None
        quota = usage + (stat.f_bavail * stat.f_frsize if stat else 0)
        return StorageEstimate(usage=usage, quota=quota, persisted=True)
