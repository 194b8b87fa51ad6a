"""Namespaced collection and store names, sanitised to the backends' naming rules.

A namespace joins ``collection``, ``user_id`` and ``conversation_id`` with ``_``:
``{collection}``, ``{collection}_{userId}`` or ``{collection}_{userId}_{conversationId}``
(as in the design). The joined text is then made valid:

Chroma collections (:data:`CHROMA_NAME_RULE`): 3 to 512 characters from
``[A-Za-z0-9._-]``, starting and ending with a letter or digit, no ``..``, and not an
IPv4 address. Local stores (:data:`amplify_memory.storage.STORE_NAME_RULE`): 1 to 128
characters from ``[A-Za-z0-9_-]``, starting with a letter or digit.

Sanitising replaces each run of other characters with ``-``, squeezes ``..`` to ``.``
and strips ``.``, ``_`` and ``-`` from both ends. Whenever that changed anything, or the
name is too short, too long or an address, ``-`` and the first 8 hex digits of the
SHA-256 of the joined text are appended (after cutting the name to fit), so that two
different namespaces never share a name by accident: ``"Agent Memory_u@1"`` becomes
``"Agent-Memory_u-1-7edc2bbf"``. A name that is already valid is kept as it is.
"""

from __future__ import annotations

import hashlib
import ipaddress
import re
from typing import Final

from amplify_memory.errors import ConfigurationError, describe

__all__ = [
    "CHROMA_NAME_RULE",
    "chroma_collection_name",
    "join_namespace",
    "local_store_name",
]

CHROMA_NAME_RULE: Final = (
    "a Chroma collection name is 3 to 512 characters from [a-zA-Z0-9._-], starts and ends "
    "with a letter or digit, has no '..' and is not an IPv4 address"
)
CHROMA_MAX: Final = 512
LOCAL_MAX: Final = 128

_CHROMA_BAD = re.compile(r"[^A-Za-z0-9._-]+")
_LOCAL_BAD = re.compile(r"[^A-Za-z0-9_-]+")
_DOTS = re.compile(r"\.{2,}")


def join_namespace(
    collection: str, user_id: str | None = None, conversation_id: str | None = None
) -> str:
    """``collection[_user_id[_conversation_id]]`` before sanitising.

    >>> join_namespace("agent-memory", "user-123", "conv-456")
    'agent-memory_user-123_conv-456'
    """
    if not isinstance(collection, str) or not collection.strip():
        raise ConfigurationError(
            f"collection expected a non-empty name, got {describe(collection)}"
        )
    if conversation_id is not None and user_id is None:
        raise ConfigurationError("conversation_id needs a user_id (the namespace nests them)")
    parts = [collection]
    for label, value in (("user_id", user_id), ("conversation_id", conversation_id)):
        if value is None:
            continue
        if not isinstance(value, str) or not value:
            raise ConfigurationError(f"{label} expected a non-empty string, got {describe(value)}")
        parts.append(value)
    return "_".join(parts)


def _digest(raw: str) -> str:
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:8]


def _is_ipv4(name: str) -> bool:
    try:
        ipaddress.IPv4Address(name)
    except ValueError:
        return False
    return True


def _sanitise(raw: str, bad: re.Pattern[str], min_len: int, max_len: int) -> str:
    name = _DOTS.sub(".", bad.sub("-", raw)).strip("._-")
    if name == raw and min_len <= len(name) <= max_len and not _is_ipv4(name):
        return name
    head = name[: max_len - 9].rstrip("._-")
    return f"{head}-{_digest(raw)}" if head else _digest(raw)


def chroma_collection_name(
    collection: str, user_id: str | None = None, conversation_id: str | None = None
) -> str:
    """The Chroma collection name of a namespace (see the module docstring).

    >>> chroma_collection_name("agent-memory", "user-123", "conv-456")
    'agent-memory_user-123_conv-456'
    >>> chroma_collection_name("ab")
    'ab-fb8e20fc'
    """
    return _sanitise(
        join_namespace(collection, user_id, conversation_id), _CHROMA_BAD, 3, CHROMA_MAX
    )


def local_store_name(
    collection: str,
    user_id: str | None = None,
    conversation_id: str | None = None,
    *,
    suffix: str = "",
) -> str:
    """The storage store name of a namespace, with room kept for ``suffix``.

    >>> local_store_name("agent.memory", "u1", suffix="-seq")
    'agent-memory_u1-05c9cdc4-seq'
    """
    raw = join_namespace(collection, user_id, conversation_id)
    return _sanitise(raw, _LOCAL_BAD, 1, LOCAL_MAX - len(suffix)) + suffix
