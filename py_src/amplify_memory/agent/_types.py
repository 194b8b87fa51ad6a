"""The records agent memory deals in: messages, vector records and search results."""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from amplify_memory.embeddings._provider import EmbeddingSpec
from amplify_memory.errors import DocumentValidationError
from amplify_memory.limits import is_number

__all__ = [
    "EmbeddingSpec",
    "Message",
    "Metadata",
    "MetadataFilter",
    "VectorGetResult",
    "VectorRecord",
    "VectorSearchResult",
]

#: Metadata of one stored vector: string keys, JSON values (``role``, ``type``,
#: ``createdAt``, ``tool``, ``parameters``, ``error`` ... as in the design).
Metadata = dict[str, Any]

#: A metadata filter: every key must equal its value (a string, number or boolean).
MetadataFilter = Mapping[str, str | int | float | bool]


@dataclass(frozen=True)
class VectorRecord:
    """One vector to store: ``id``, the vector, its metadata and the text it encodes."""

    id: str
    vector: list[float]
    metadata: Metadata
    content: str


@dataclass(frozen=True)
class VectorSearchResult:
    """A similarity search hit.

    ``score`` is the cosine similarity of the stored vector and the query vector, in
    [-1, 1], higher is better, for every adapter (Chroma's cosine distance ``d`` is
    reported as ``1 - d``). A zero vector on either side scores 0.
    """

    id: str
    score: float
    metadata: Metadata
    content: str


@dataclass(frozen=True)
class VectorGetResult:
    """A stored record fetched by id or metadata (``vector`` only when asked for)."""

    id: str
    metadata: Metadata
    content: str
    vector: list[float] | None = None


_MESSAGE_KEYS = ("role", "type", "createdAt", "contentJson")


@dataclass(frozen=True)
class Message:
    """One message of a conversation.

    ``content`` is text, or JSON data (a list of content parts, a tool call ...), which
    is stored as its JSON text and given back as data. ``created_at`` is seconds since
    the epoch (UTC). ``metadata`` holds the extra fields of the design's
    ``VectorMetadata`` (``tool``, ``parameters``, ``error`` ...).

    >>> Message("m1", "user", "Hello").text
    'Hello'
    """

    id: str
    role: str
    content: Any
    type: str = "text"
    created_at: float = field(default_factory=time.time)
    metadata: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id:
            raise DocumentValidationError("id", "a non-empty string", self.id)
        if not isinstance(self.role, str) or not self.role:
            raise DocumentValidationError("role", "a non-empty string", self.role)
        if not isinstance(self.type, str):
            raise DocumentValidationError("type", "a string", self.type)
        if not is_number(self.created_at):
            raise DocumentValidationError("created_at", "seconds since the epoch", self.created_at)
        reserved = [k for k in self.metadata if k in _MESSAGE_KEYS]
        if reserved:
            raise DocumentValidationError(
                f"metadata.{reserved[0]}",
                "no key that a message field already sets",
                self.metadata[reserved[0]],
                f"{', '.join(_MESSAGE_KEYS)} are set from the message's own fields",
            )

    @property
    def text(self) -> str:
        """The content as text: itself when it is a string, else its JSON."""
        if isinstance(self.content, str):
            return self.content
        return json.dumps(self.content, ensure_ascii=False, separators=(",", ":"))

    def to_metadata(self) -> Metadata:
        """The vector metadata of this message (camelCase keys, as in the design)."""
        meta: Metadata = {**self.metadata, "role": self.role, "type": self.type}
        meta["createdAt"] = self.created_at
        if not isinstance(self.content, str):
            meta["contentJson"] = True
        return meta

    @classmethod
    def from_record(cls, id: str, content: str, metadata: Mapping[str, Any]) -> Message:
        """The message stored as ``content`` and ``metadata`` (inverse of :meth:`to_metadata`)."""
        extras = {k: v for k, v in metadata.items() if k not in _MESSAGE_KEYS}
        body: Any = json.loads(content) if metadata.get("contentJson") else content
        created = metadata.get("createdAt", 0.0)
        return cls(
            id=id,
            role=str(metadata.get("role", "user")),
            content=body,
            type=str(metadata.get("type", "text")),
            created_at=float(created) if isinstance(created, int | float) else 0.0,
            metadata=extras,
        )

    def to_dict(self) -> dict[str, Any]:
        """A JSON-shaped dict: ``id``, ``role``, ``type``, ``content``, ``createdAt``, extras."""
        return {
            **dict(self.metadata),
            "id": self.id,
            "role": self.role,
            "type": self.type,
            "content": self.content,
            "createdAt": self.created_at,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Message:
        """Inverse of :meth:`to_dict`."""
        extras = {
            k: v for k, v in data.items() if k not in ("id", "role", "type", "content", "createdAt")
        }
        return cls(
            id=data["id"],
            role=data["role"],
            content=data["content"],
            type=data.get("type", "text"),
            created_at=data.get("createdAt", time.time()),
            metadata=extras,
        )
