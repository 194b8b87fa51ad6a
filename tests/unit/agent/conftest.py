"""Fixtures of the agent-memory tests: a real Chroma server and both vector adapters."""

from __future__ import annotations

import itertools
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from amplify_memory.agent import ChromaAdapter, EmbeddingSpec, LocalVectorAdapter
from amplify_memory.agent._adapter import VectorStoreAdapter
from amplify_memory.storage import FileStorage
from tests.chroma_server import running_chroma

MakeAdapter = Callable[..., Awaitable[VectorStoreAdapter]]
_names = itertools.count()
DEFAULT_SPEC = EmbeddingSpec("test-model", 3)


@pytest.fixture(scope="session")
def chroma_url() -> Iterator[str]:
    """The URL of a Chroma server started for this test session (real, on loopback)."""
    with running_chroma() as url:
        yield url


@pytest.fixture(params=["local", "chroma"])
def make_adapter(request: pytest.FixtureRequest, tmp_path: Path) -> MakeAdapter:
    """``await make_adapter(spec=..., collection=...)``: an adapter of the parametrised kind.

    Each test gets fresh collections (unique names on Chroma, a new folder locally);
    opening the same ``collection`` twice in a test opens the same data.
    """
    kind = request.param
    url = request.getfixturevalue("chroma_url") if kind == "chroma" else ""
    prefix = f"t{next(_names)}-{request.node.originalname[:40]}"
    storage = FileStorage(tmp_path / "store")

    async def make(
        spec: EmbeddingSpec = DEFAULT_SPEC,
        collection: str = "memory",
        user_id: str | None = None,
        conversation_id: str | None = None,
    ) -> VectorStoreAdapter:
        name = f"{prefix}-{collection}"
        ns: dict[str, Any] = {"user_id": user_id, "conversation_id": conversation_id}
        if kind == "local":
            return await LocalVectorAdapter.open(name, spec, storage=storage, **ns)
        return await ChromaAdapter.open(name, spec, url=url, **ns)

    make.kind = kind  # type: ignore[attr-defined]
    return make
