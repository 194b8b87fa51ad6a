"""The embedding interface: what a provider of vectors is (its model and dimension, and
``embed``). It sits below the memory stores, the agent layer and the providers of
:mod:`amplify_memory.embeddings` and :mod:`amplify_memory.agent`, so that each of them
imports it and none of them imports another for it."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass

from amplify_memory.errors import ConfigurationError, describe

__all__ = ["EmbeddingProvider", "EmbeddingSpec"]


@dataclass(frozen=True)
class EmbeddingSpec:
    """The embedding model and dimension of a collection's vectors.

    A collection records its spec when it is created and refuses another one, so that
    vectors of two models are never compared with each other.

    >>> EmbeddingSpec("amplify-hash-v1", 256)
    EmbeddingSpec(model='amplify-hash-v1', dimension=256)
    """

    model: str
    dimension: int

    def __post_init__(self) -> None:
        if not isinstance(self.model, str) or not self.model.strip():
            raise ConfigurationError(
                f"embedding model expected a non-empty name, got {describe(self.model)}"
            )
        if (
            not isinstance(self.dimension, int)
            or isinstance(self.dimension, bool)
            or not 1 <= self.dimension <= 65_536
        ):
            raise ConfigurationError(
                "embedding dimension expected an int from 1 to 65536, got "
                f"{describe(self.dimension)}"
            )

    def as_tuple(self) -> tuple[str, int]:
        return (self.model, self.dimension)


class EmbeddingProvider(ABC):
    """Turns texts into vectors of :attr:`spec`'s dimension, always with the same model."""

    spec: EmbeddingSpec

    @abstractmethod
    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        """One vector per text, in order. Raises
        :class:`~amplify_memory.errors.EmbeddingUnavailableError` when the provider is
        down (worth retrying later) and :class:`~amplify_memory.errors.EmbeddingError`
        for any other failure."""

    async def embed_one(self, text: str) -> list[float]:
        """The vector of one text."""
        return (await self.embed([text]))[0]
