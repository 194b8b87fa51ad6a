"""Agent memory: vector-store adapters, a conversation memory store, context selection
and embeddings, on CPython and unchanged in Pyodide.

Layers (as in the design):

- :class:`VectorStoreAdapter` with :class:`LocalVectorAdapter` (our engine, persisted
  in IndexedDB or files) and :class:`ChromaAdapter` (a Chroma server, HTTP API v2);
- :class:`VectorMemoryStore`: a conversation's messages, their order, FIFO eviction
  and a persistent queue of messages waiting for their vectors;
- :class:`ContextSelector`: what fits in the context window (recency or relevance);
- :class:`EmbeddingProvider`: :func:`default_embedding_provider` (the default: the
  static table distilled from all-MiniLM-L6-v2, :mod:`amplify_memory.embeddings`,
  loaded on first need), :class:`HashingEmbeddingProvider` (local, no model),
  :class:`OpenAIEmbeddingProvider` (``/v1/embeddings``), :class:`FallbackEmbeddingProvider`;
- :class:`HttpTransport`: all HTTP goes through it (urllib on CPython, ``fetch`` in
  Pyodide via :class:`amplify_memory.browser.PyodideTransport`);
- :class:`ConversationSearchTool`: an MCP tool to search the memory on demand.

>>> import asyncio
>>> from amplify_memory.agent import (HashingEmbeddingProvider, LocalVectorAdapter,
...     Message, VectorMemoryStore)
>>> from amplify_memory.storage import MemoryStorage
>>> async def demo() -> list[str]:
...     storage, emb = MemoryStorage(), HashingEmbeddingProvider()
...     vectors = await LocalVectorAdapter.open("agent-memory", emb.spec, storage=storage)
...     store = await VectorMemoryStore.open(
...         vector_store=vectors, embeddings=emb, storage=storage)
...     await store.append_message(Message("m1", "user", "My cat is called Miso"))
...     await store.append_message(Message("m2", "user", "I deploy with Docker"))
...     return [m.id for m in await store.search_similar("what is my cat's name", 1)]
>>> asyncio.run(demo())
['m1']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from amplify_memory._lazy import lazy_names

if TYPE_CHECKING:
    from amplify_memory.agent._adapter import VectorStoreAdapter
    from amplify_memory.agent._chroma import ChromaAdapter
    from amplify_memory.agent._embeddings import (
        FallbackEmbeddingProvider,
        HashingEmbeddingProvider,
        OpenAIEmbeddingProvider,
        default_embedding_provider,
    )
    from amplify_memory.agent._http import HttpTransport, UrllibTransport, default_transport
    from amplify_memory.agent._local import LocalVectorAdapter
    from amplify_memory.agent._loop import ChatModel, ScriptedModel, Turn, run_turn
    from amplify_memory.agent._names import (
        CHROMA_NAME_RULE,
        chroma_collection_name,
        join_namespace,
        local_store_name,
    )
    from amplify_memory.agent._selector import ContextSelector, Selection
    from amplify_memory.agent._store import VectorMemoryStore
    from amplify_memory.agent._tokens import (
        MESSAGE_OVERHEAD,
        TokenCounter,
        estimate_message_tokens,
        estimate_tokens,
    )
    from amplify_memory.agent._tool import CONVERSATION_SEARCH_TOOL, ConversationSearchTool
    from amplify_memory.agent._types import (
        Message,
        Metadata,
        MetadataFilter,
        VectorGetResult,
        VectorRecord,
        VectorSearchResult,
    )
    from amplify_memory.embeddings._provider import EmbeddingProvider, EmbeddingSpec

# Each public name and the module that defines it: the layer loads on first use, so that
# importing one module of it does not load
# Chroma, urllib and the agent loop with it.
_HOME: dict[str, str] = {
    "CHROMA_NAME_RULE": "amplify_memory.agent._names",
    "CONVERSATION_SEARCH_TOOL": "amplify_memory.agent._tool",
    "ChatModel": "amplify_memory.agent._loop",
    "ChromaAdapter": "amplify_memory.agent._chroma",
    "ContextSelector": "amplify_memory.agent._selector",
    "ConversationSearchTool": "amplify_memory.agent._tool",
    "EmbeddingProvider": "amplify_memory.embeddings._provider",
    "EmbeddingSpec": "amplify_memory.embeddings._provider",
    "FallbackEmbeddingProvider": "amplify_memory.agent._embeddings",
    "HashingEmbeddingProvider": "amplify_memory.agent._embeddings",
    "HttpTransport": "amplify_memory.agent._http",
    "LocalVectorAdapter": "amplify_memory.agent._local",
    "MESSAGE_OVERHEAD": "amplify_memory.agent._tokens",
    "Message": "amplify_memory.agent._types",
    "Metadata": "amplify_memory.agent._types",
    "MetadataFilter": "amplify_memory.agent._types",
    "OpenAIEmbeddingProvider": "amplify_memory.agent._embeddings",
    "ScriptedModel": "amplify_memory.agent._loop",
    "Selection": "amplify_memory.agent._selector",
    "TokenCounter": "amplify_memory.agent._tokens",
    "Turn": "amplify_memory.agent._loop",
    "UrllibTransport": "amplify_memory.agent._http",
    "VectorGetResult": "amplify_memory.agent._types",
    "VectorMemoryStore": "amplify_memory.agent._store",
    "VectorRecord": "amplify_memory.agent._types",
    "VectorSearchResult": "amplify_memory.agent._types",
    "VectorStoreAdapter": "amplify_memory.agent._adapter",
    "chroma_collection_name": "amplify_memory.agent._names",
    "default_embedding_provider": "amplify_memory.agent._embeddings",
    "default_transport": "amplify_memory.agent._http",
    "estimate_message_tokens": "amplify_memory.agent._tokens",
    "estimate_tokens": "amplify_memory.agent._tokens",
    "join_namespace": "amplify_memory.agent._names",
    "local_store_name": "amplify_memory.agent._names",
    "run_turn": "amplify_memory.agent._loop",
}


__getattr__, __dir__ = lazy_names(__name__, _HOME)


__all__ = [
    "CHROMA_NAME_RULE",
    "CONVERSATION_SEARCH_TOOL",
    "MESSAGE_OVERHEAD",
    "ChatModel",
    "ChromaAdapter",
    "ContextSelector",
    "ConversationSearchTool",
    "EmbeddingProvider",
    "EmbeddingSpec",
    "FallbackEmbeddingProvider",
    "HashingEmbeddingProvider",
    "HttpTransport",
    "LocalVectorAdapter",
    "Message",
    "Metadata",
    "MetadataFilter",
    "OpenAIEmbeddingProvider",
    "ScriptedModel",
    "Selection",
    "TokenCounter",
    "Turn",
    "UrllibTransport",
    "VectorGetResult",
    "VectorMemoryStore",
    "VectorRecord",
    "VectorSearchResult",
    "VectorStoreAdapter",
    "chroma_collection_name",
    "default_embedding_provider",
    "default_transport",
    "estimate_message_tokens",
    "estimate_tokens",
    "join_namespace",
    "local_store_name",
    "run_turn",
]
