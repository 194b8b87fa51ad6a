"""A storage in a folder of JSON files, for CPython programs that keep memory on disk."""

from __future__ import annotations

import asyncio
import errno
import os
import tempfile
from pathlib import Path

from amplify_memory.errors import StorageError, StorageQuotaError, describe
from amplify_memory.storage._base import AsyncStorage, Data, StorageEstimate, check_data
from amplify_memory.storage._names import store_of, validate_key

__all__ = ["FileStorage"]

_SUFFIX = ".json"
#: How a file of bytes starts (a record saved as bytes; a JSON text never starts with NUL),
#: and a file of text that does start with NUL (so that it is never read as bytes).
_BYTES_MAGIC = b"\x00amplify-bytes\n"
_TEXT_MAGIC = b"\x00amplify-text\n"


class FileStorage(AsyncStorage):
    """One file per record, ``<directory>/<name>.json``, replaced atomically on save.

    A string is written as UTF-8 (after a line ``\0amplify-text`` when it starts with
    NUL); bytes after a line ``\0amplify-bytes``, and read back as bytes.

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

    holds_bytes = True

    def __init__(self, directory: str | os.PathLike[str]) -> None:
        self.directory = Path(directory)
        self.directory.mkdir(parents=True, exist_ok=True)

    def _path(self, name: str) -> Path:
        return self.directory / (validate_key(name) + _SUFFIX)

    def save_soon(self, name: str, data: Data) -> None:
        path = self._path(name)
        data = check_data(data)
        fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=self.directory)
        try:
            with os.fdopen(fd, "wb") as fh:
                if isinstance(data, str):
                    if data.startswith("\x00"):
                        fh.write(_TEXT_MAGIC)
                    fh.write(data.encode("utf-8"))
                else:
                    fh.write(_BYTES_MAGIC)
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

    async def save(self, name: str, data: Data) -> None:
        self.save_soon(name, data)
        await asyncio.sleep(0)

    async def load(self, name: str) -> str | bytes | None:
        path = self._path(name)
        try:
            raw = path.read_bytes()
            if raw.startswith(_BYTES_MAGIC):
                return raw[len(_BYTES_MAGIC) :]
            if raw.startswith(_TEXT_MAGIC):
                raw = raw[len(_TEXT_MAGIC) :]
            return raw.decode("utf-8")
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
