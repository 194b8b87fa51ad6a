"""The naming rule for stores and the internal record keys derived from store names."""

from __future__ import annotations

import re
import time

from amplify_memory.errors import InvalidStoreNameError

__all__ = [
    "KEY_RULE",
    "MAX_NAME_LENGTH",
    "STORE_NAME_RULE",
    "head_name",
    "is_store_name",
    "journal_name",
    "quarantine_name",
    "segment_name",
    "store_of",
    "validate_key",
    "validate_store_name",
    "validate_writer_id",
]

MAX_NAME_LENGTH = 128

STORE_NAME_RULE = (
    f"a store name is 1 to {MAX_NAME_LENGTH} characters from A-Z, a-z, 0-9, '_' and '-', "
    "starting with a letter or a digit; '.' never appears in a store name because it is "
    "reserved for the store's internal records '<name>.corrupt-<timestamp>' (a quarantined "
    "unreadable record), '<name>.pending-<writer>' (unsaved changes written when a page "
    "is hidden), '<name>.head' and '<name>.log-<revision>-<n>' (a large store's change log)"
)

_STORE = rf"[A-Za-z0-9][A-Za-z0-9_-]{{0,{MAX_NAME_LENGTH - 1}}}"
_WRITER = r"[a-z0-9]{1,32}"
_STORE_RE = re.compile(rf"{_STORE}\Z")
_WRITER_RE = re.compile(rf"{_WRITER}\Z")
# Every key a storage accepts: a store name, optionally with one reserved suffix. Because
# a store name has no '.', the part before the first '.' says which store a key belongs to,
# so no key of one store can ever equal a key of another store. Mirrored in web/js/idb.mjs.
_KEY_RE = re.compile(
    rf"(?P<store>{_STORE})(?:\.(?:corrupt-[0-9]{{8}}T[0-9]{{9}}Z(?:-[0-9]{{1,6}})?|pending-{_WRITER}"
    r"|head|log-[0-9]{1,15}-[0-9]{1,9}))?\Z"
)

KEY_RULE = (
    f"{STORE_NAME_RULE}; a record key is a store name, optionally followed by "
    "'.corrupt-YYYYMMDDTHHMMSSmmmZ[-N]', '.pending-<1 to 32 of a-z 0-9>', '.head' or "
    "'.log-<revision>-<n>' (1 to 15 and 1 to 9 digits)"
)


def is_store_name(name: object) -> bool:
    """True when ``name`` follows :data:`STORE_NAME_RULE` (no internal suffix)."""
    return isinstance(name, str) and _STORE_RE.match(name) is not None


def validate_store_name(name: object) -> str:
    """Return ``name`` when it follows :data:`STORE_NAME_RULE`; raise otherwise.

    >>> validate_store_name("vector_store_user_profile")
    'vector_store_user_profile'
    """
    if not is_store_name(name):
        raise InvalidStoreNameError(name, STORE_NAME_RULE)
    assert isinstance(name, str)
    return name


def validate_key(key: object) -> str:
    """Return ``key`` when it is a store name or one of its internal record keys."""
    if not isinstance(key, str) or _KEY_RE.match(key) is None:
        raise InvalidStoreNameError(key, KEY_RULE)
    return key


def validate_writer_id(writer: object) -> str:
    if not isinstance(writer, str) or _WRITER_RE.match(writer) is None:
        raise InvalidStoreNameError(writer, "a writer id is 1 to 32 characters of a-z and 0-9")
    return writer


def store_of(key: str) -> str | None:
    """The store a valid record key belongs to, or None for a key outside the rule."""
    match = _KEY_RE.match(key) if isinstance(key, str) else None
    return match.group("store") if match else None


def is_quarantine_of(name: str, key: object) -> bool:
    """Is ``key`` a record that store ``name`` set aside (``<name>.corrupt-<time>``)?"""
    return isinstance(key, str) and key.startswith(f"{name}.corrupt-") and store_of(key) == name


def quarantine_name(name: str, now: float | None = None, attempt: int = 0) -> str:
    """``<name>.corrupt-<UTC timestamp to the millisecond>`` (``-<attempt>`` when > 0)."""
    validate_store_name(name)
    seconds = time.time() if now is None else now
    millis = round(seconds * 1000) % 1000
    stamp = time.strftime("%Y%m%dT%H%M%S", time.gmtime(int(seconds))) + f"{millis:03d}Z"
    key = f"{name}.corrupt-{stamp}" + (f"-{attempt}" if attempt else "")
    return validate_key(key)


def journal_name(name: str, writer: str) -> str:
    """``<name>.pending-<writer>``: where a writer leaves its unsaved changes on page hide."""
    return validate_key(f"{validate_store_name(name)}.pending-{validate_writer_id(writer)}")


def head_name(name: str) -> str:
    """``<name>.head``: where a store kept as a base and a change log says how far both go."""
    return validate_key(f"{validate_store_name(name)}.head")


def segment_name(name: str, revision: int, number: int) -> str:
    """``<name>.log-<revision>-<number>``: the ``number``-th change segment written on top
    of the base record of ``revision``."""
    return validate_key(f"{validate_store_name(name)}.log-{int(revision)}-{int(number)}")
