"""Embedding providers: the interface, a local hashing model, a remote OpenAI-compatible
endpoint, and a fallback chain between providers of the same model.

A collection never mixes vectors of two models, so a fallback chain only joins
providers that serve the same model and dimension (say, a primary endpoint and a
mirror). When the remote model is down, :class:`~amplify_memory.agent.VectorMemoryStore`
keeps the messages waiting for their vectors in a persistent queue instead of
embedding them with another model.
"""

from __future__ import annotations

import math
import re
import zlib
from collections.abc import Mapping, Sequence
from typing import Any, Final

from amplify_memory.embeddings._default import default_provider
from amplify_memory.embeddings._provider import EmbeddingProvider, EmbeddingSpec
from amplify_memory.errors import (
    ConfigurationError,
    EmbeddingError,
    EmbeddingUnavailableError,
    HttpTransportError,
    describe,
)
from amplify_memory.platform import default_transport
from amplify_memory.text import HASHING_STOP_WORDS, stem_english_any, strip_accents
from amplify_memory.transport import HttpTransport

__all__ = [
    "EmbeddingProvider",
    "FallbackEmbeddingProvider",
    "HashingEmbeddingProvider",
    "OpenAIEmbeddingProvider",
    "default_embedding_provider",
]


async def default_embedding_provider() -> EmbeddingProvider:
    """The local default: the static table distilled from all-MiniLM-L6-v2, loaded once
    per process on first need (:func:`amplify_memory.embeddings.default_provider`).

    Raises :class:`~amplify_memory.embeddings.EmbeddingTableUnavailableError` when no
    table can be loaded. :class:`HashingEmbeddingProvider` stays available (pass it).
    """
    return await default_provider()


# ----------------------------------------------------------------------------- local

_WORD: Final = re.compile(r"\w+")
_STOP: Final = HASHING_STOP_WORDS


def _fold(text: str) -> str:
    return strip_accents(text.casefold())


class HashingEmbeddingProvider(EmbeddingProvider):
    """A local embedding that needs no network and no model: feature hashing.

    Features of a text: its words (case and accent folded, English stop words dropped,
    Snowball-stemmed), weighted 1, and the character trigrams of each word padded with
    spaces, weighted ``ngram_weight``. Each feature is hashed (CRC-32) to one of
    ``dimension`` slots with a sign; counts are damped to ``1 + ln(count)``; the vector
    is L2-normalised. It is deterministic across runs, machines and Python versions; a
    text with no word gives the zero vector. Texts sharing words or word pieces get
    similar vectors; synonyms do not (the static table,
    :func:`default_embedding_provider`, is the default).

    The model name records the settings, e.g. ``amplify-hash-v1-d256-n0.5``.

    >>> import asyncio
    >>> p = HashingEmbeddingProvider(dimension=64)
    >>> v = asyncio.run(p.embed_one("Migrating the database"))
    >>> len(v), round(sum(x * x for x in v), 6)
    (64, 1.0)
    """

    def __init__(self, dimension: int = 256, *, ngram_weight: float = 0.5) -> None:
        if not isinstance(ngram_weight, int | float) or not 0 <= ngram_weight <= 10:
            raise ConfigurationError(f"ngram_weight expected 0 to 10, got {describe(ngram_weight)}")
        self.spec = EmbeddingSpec(f"amplify-hash-v1-d{dimension}-n{ngram_weight:g}", dimension)
        self.ngram_weight = float(ngram_weight)
        self._cache: dict[str, list[tuple[int, float]]] = {}

    def _word_features(self, word: str) -> list[tuple[int, float]]:
        cached = self._cache.get(word)
        if cached is not None:
            return cached
        dim = self.spec.dimension
        out: list[tuple[int, float]] = []
        if word not in _STOP:
            h = zlib.crc32(b"w:" + stem_english_any(word).encode("utf-8"))
            out.append((h % dim, 1.0 if h & 0x80000000 else -1.0))
        if self.ngram_weight:
            padded = f" {word} "
            for i in range(len(padded) - 2):
                h = zlib.crc32(b"g:" + padded[i : i + 3].encode("utf-8"))
                out.append((h % dim, self.ngram_weight if h & 0x80000000 else -self.ngram_weight))
        if len(self._cache) > 50_000:
            self._cache.clear()
        self._cache[word] = out
        return out

    def vector(self, text: str) -> list[float]:
        """The embedding of ``text`` (synchronous)."""
        counts: dict[tuple[int, float], int] = {}
        for word in _WORD.findall(_fold(text)):
            for feature in self._word_features(word):
                counts[feature] = counts.get(feature, 0) + 1
        vec = [0.0] * self.spec.dimension
        for (slot, weight), n in counts.items():
            vec[slot] += weight * (1.0 + math.log(n))
        length = math.sqrt(math.fsum(x * x for x in vec))
        return [x / length for x in vec] if length else vec

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        return [self.vector(t) for t in texts]


# ----------------------------------------------------------------------------- remote


class OpenAIEmbeddingProvider(EmbeddingProvider):
    """An OpenAI-compatible ``POST {base_url}/v1/embeddings`` endpoint.

    ``base_url`` is the server (``https://api.openai.com``, a local server ...); the
    request is ``{"model": model, "input": [texts]}`` (plus ``"dimensions"`` when
    ``send_dimensions``), with ``Authorization: Bearer <api_key>`` when a key is given.
    Texts are sent ``batch_size`` at a time. Every vector must have ``dimension``
    numbers, or :class:`~amplify_memory.errors.EmbeddingError` is raised.

    No answer, HTTP 408/429 or 5xx raise
    :class:`~amplify_memory.errors.EmbeddingUnavailableError`; other errors raise
    :class:`~amplify_memory.errors.EmbeddingError` with the server's message.
    """

    def __init__(
        self,
        base_url: str,
        model: str,
        dimension: int,
        *,
        api_key: str | None = None,
        transport: HttpTransport | None = None,
        batch_size: int = 64,
        send_dimensions: bool = False,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        if not isinstance(base_url, str) or not base_url.startswith(("http://", "https://")):
            raise ConfigurationError(f"base_url expected an http(s) URL, got {describe(base_url)}")
        if not isinstance(batch_size, int) or batch_size < 1:
            raise ConfigurationError(f"batch_size expected an int >= 1, got {describe(batch_size)}")
        self.spec = EmbeddingSpec(model, dimension)
        self.url = base_url.rstrip("/") + "/v1/embeddings"
        self.batch_size = batch_size
        self.send_dimensions = send_dimensions
        self._transport = transport or default_transport()
        self._headers = dict(headers or {})
        if api_key:
            self._headers["Authorization"] = f"Bearer {api_key}"

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        out: list[list[float]] = []
        for start in range(0, len(texts), self.batch_size):
            out.extend(await self._batch(list(texts[start : start + self.batch_size])))
        return out

    async def _batch(self, texts: list[str]) -> list[list[float]]:
        body: dict[str, Any] = {"model": self.spec.model, "input": texts}
        if self.send_dimensions:
            body["dimensions"] = self.spec.dimension
        try:
            status, answer = await self._transport.request("POST", self.url, body, self._headers)
        except HttpTransportError as err:
            raise EmbeddingUnavailableError(
                f"the embedding endpoint {self.url} cannot be reached: {err.reason}"
            ) from err
        if status in (408, 429) or status >= 500:
            raise EmbeddingUnavailableError(
                f"the embedding endpoint {self.url} is unavailable: "
                f"HTTP {status} {_message(answer)}"
            )
        if not 200 <= status < 300:
            raise EmbeddingError(
                f"the embedding endpoint {self.url} refused the request: HTTP {status} "
                f"{_message(answer)}"
            )
        return self._vectors(answer, len(texts))

    def _vectors(self, answer: Any, expected: int) -> list[list[float]]:
        data = answer.get("data") if isinstance(answer, dict) else None
        if not isinstance(data, list) or len(data) != expected:
            raise EmbeddingError(
                f"{self.url} answered without {expected} embeddings in 'data': "
                f"{describe(answer, 200)}"
            )
        ordered = sorted(data, key=lambda d: d.get("index", 0) if isinstance(d, dict) else 0)
        out: list[list[float]] = []
        for item in ordered:
            vec = item.get("embedding") if isinstance(item, dict) else None
            if not isinstance(vec, list) or not all(
                isinstance(x, int | float) and not isinstance(x, bool) for x in vec
            ):
                raise EmbeddingError(
                    f"{self.url} answered a malformed embedding: {describe(item, 200)}"
                )
            if len(vec) != self.spec.dimension:
                raise EmbeddingError(
                    f"{self.url} answered a vector of {len(vec)} numbers for model "
                    f"{describe(self.spec.model)}; {self.spec.dimension} were configured"
                )
            out.append([float(x) for x in vec])
        return out


def _message(answer: Any) -> str:
    if isinstance(answer, dict):
        error = answer.get("error")
        if isinstance(error, dict):
            return str(error.get("message", error))[:300]
        if error is not None:
            return str(error)[:300]
    return str(answer)[:300] if answer is not None else ""


# ----------------------------------------------------------------------------- fallback


class FallbackEmbeddingProvider(EmbeddingProvider):
    """Tries each provider in turn while they are unavailable.

    Every provider must have the same :class:`EmbeddingSpec` (model and dimension), or
    :class:`~amplify_memory.errors.ConfigurationError` is raised: falling back to
    another model would mix two models' vectors in one collection. When all are
    unavailable, the last :class:`~amplify_memory.errors.EmbeddingUnavailableError`
    is raised. Other errors are raised at once.
    """

    def __init__(self, providers: Sequence[EmbeddingProvider]) -> None:
        if not providers:
            raise ConfigurationError("FallbackEmbeddingProvider needs at least one provider")
        specs = {p.spec for p in providers}
        if len(specs) != 1:
            raise ConfigurationError(
                "a fallback chain must use one embedding model and dimension, got "
                + ", ".join(f"{s.model}/{s.dimension}" for s in specs)
            )
        self.providers = list(providers)
        self.spec = providers[0].spec

    async def embed(self, texts: Sequence[str]) -> list[list[float]]:
        last: EmbeddingUnavailableError | None = None
        for provider in self.providers:
            try:
                return await provider.embed(texts)
            except EmbeddingUnavailableError as err:
                last = err
        assert last is not None
        raise last
