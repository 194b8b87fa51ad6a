"""The values returned by :meth:`Database.search`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Hit", "SearchResult"]


@dataclass(frozen=True, slots=True)
class Hit:
    """One matching document: its ``id``, ``score`` and a copy of the ``document``.

    ``score`` is the BM25 score (``mode="fulltext"``), the cosine similarity
    (``"vector"``) or the weighted, max-normalised fusion of both (``"hybrid"``); it is
    0.0 for every hit of a search without a term.
    """

    id: str
    score: float
    document: dict[str, Any]


@dataclass(frozen=True, slots=True)
class SearchResult:
    """``count`` matches in all (before ``limit``/``offset``), the page of ``hits`` and
    the ``facets`` (``None`` unless requested). ``elapsed_ms`` is not compared."""

    count: int
    hits: list[Hit]
    facets: dict[str, Any] | None = None
    elapsed_ms: float = field(default=0.0, compare=False)

    @property
    def ids(self) -> list[str]:
        """The ids of the hits, in rank order."""
        return [hit.id for hit in self.hits]
