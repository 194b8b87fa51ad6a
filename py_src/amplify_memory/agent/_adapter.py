"""The vector-store adapter interface (the design's ``VectorStoreAdapter``)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from amplify_memory.agent._types import (
    EmbeddingSpec,
    MetadataFilter,
    VectorGetResult,
    VectorRecord,
    VectorSearchResult,
)

__all__ = ["VectorStoreAdapter"]


class VectorStoreAdapter(ABC):
    """An async store of ``(id, vector, metadata, content)`` records in one namespace.

    Every adapter behaves the same (one contract test suite runs against each):

    - ``add_vector`` stores a record, replacing any record with the same id whole
      (metadata keys absent from the new record are gone);
    - ``get_by_id`` returns the stored records of ``ids`` in the order asked,
      skipping unknown ids;
    - ``search`` returns at most ``limit`` records, best first, scored by cosine
      similarity in [-1, 1] (higher is better; see :class:`VectorSearchResult`);
    - ``search_by_metadata`` returns at most ``limit`` records whose metadata has
      every key of the filter equal to its value, oldest first;
    - ``delete_vector`` removes a record; removing an unknown id is not an error.

    Vectors must have :attr:`embedding`'s dimension (else
    :class:`~amplify_memory.errors.VectorLengthError`); metadata values may be any JSON
    (filters compare strings, numbers and booleans); keys starting with ``amplify:``
    are reserved.
    """

    #: The namespace's name in the backend (a Chroma collection or a storage record).
    name: str
    #: The model and dimension of every vector in this namespace.
    embedding: EmbeddingSpec

    @abstractmethod
    async def add_vector(
        self, id: str, vector: Sequence[float], metadata: dict[str, Any], content: str
    ) -> None:
        """Store one record (replacing the record with this id, if any)."""

    async def add_vectors(self, records: Sequence[VectorRecord]) -> None:
        """Store several records (one request where the backend allows it)."""
        for record in records:
            await self.add_vector(record.id, record.vector, record.metadata, record.content)

    @abstractmethod
    async def get_by_id(self, ids: Sequence[str]) -> list[VectorGetResult]:
        """The stored records of ``ids``, in that order; unknown ids are skipped."""

    @abstractmethod
    async def search(self, vector: Sequence[float], limit: int) -> list[VectorSearchResult]:
        """The ``limit`` records most similar to ``vector``, best first."""

    @abstractmethod
    async def search_by_metadata(self, filter: MetadataFilter, limit: int) -> list[VectorGetResult]:
        """At most ``limit`` records matching ``filter`` (an empty filter matches all)."""

    @abstractmethod
    async def delete_vector(self, id: str) -> None:
        """Remove the record ``id`` (no error when there is none)."""

    async def delete_vectors(self, ids: Sequence[str]) -> None:
        """Remove several records."""
        for id in ids:
            await self.delete_vector(id)

    @abstractmethod
    async def count(self) -> int:
        """How many records the namespace holds."""

    async def close(self) -> None:  # noqa: B027 (optional hook, nothing to do by default)
        """Write what is pending and release resources (a no-op for most adapters)."""
