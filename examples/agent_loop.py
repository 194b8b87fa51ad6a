#!/usr/bin/env python3
"""The design's "putting it all together" agent loop, with a scripted model.

    python3 examples/agent_loop.py                      # memory in a new temporary folder
    python3 examples/agent_loop.py --data ./memory      # run it twice: it remembers
    python3 examples/agent_loop.py --chroma http://127.0.0.1:8000   # vectors in Chroma

Each turn: load the initial context (system prompt + recent messages), add the stored
messages most similar to the query, select what fits in 4,000 tokens, store the user's
message, call the model, store its reply. At the end the model's MCP tool
``memory_search_conversation`` searches the memory on demand.

The same :func:`run_demo` runs in the browser (tests/browser/test_agent_loop.py executes
this file in Pyodide with IndexedDB storage).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from typing import Any

from amplify_memory.agent import (
    ChromaAdapter,
    ContextSelector,
    ConversationSearchTool,
    HashingEmbeddingProvider,
    LocalVectorAdapter,
    ScriptedModel,
    VectorMemoryStore,
    VectorStoreAdapter,
    run_turn,
)
from amplify_memory.storage import AsyncStorage, Coordinator

QUERIES = [
    "Hi! My cat is called Miso and she hates the vacuum cleaner.",
    "I deploy my side project with Docker on a small VPS.",
    "Can you remind me what my cat is called?",
]
REPLIES = [
    "Nice to meet Miso! Noted that she dislikes the vacuum.",
    "Docker on a VPS, got it.",
    "Your cat is called Miso.",
]


async def run_demo(
    storage: AsyncStorage,
    *,
    chroma_url: str | None = None,
    coordinator: Coordinator | None = None,
    user_id: str = "user-123",
    conversation_id: str = "conv-456",
) -> dict[str, Any]:
    """Run the scripted conversation; returns what each turn sent and got, and a tool call."""
    embeddings = HashingEmbeddingProvider(256)
    namespace: dict[str, Any] = {"user_id": user_id, "conversation_id": conversation_id}
    adapter: VectorStoreAdapter
    if chroma_url:
        adapter = await ChromaAdapter.open(
            "agent-memory", embeddings.spec, url=chroma_url, **namespace
        )
    else:
        adapter = await LocalVectorAdapter.open(
            "agent-memory", embeddings.spec, storage=storage, coordinator=coordinator, **namespace
        )
    store = await VectorMemoryStore.open(
        vector_store=adapter, embeddings=embeddings, storage=storage, max_messages=1000,
        **namespace,
    )  # fmt: skip
    selector = ContextSelector(max_tokens=4000, max_messages=20)
    model = ScriptedModel(REPLIES)
    before = len(store)
    turns = []
    for query in QUERIES:
        turn = await run_turn(store, selector, model, query, recall=2)
        turns.append(
            {
                "query": query,
                "context": [f"{m.role}: {m.text}" for m in turn.context],
                "reply": turn.reply.text,
            }
        )
    tool = ConversationSearchTool(store)
    found = await tool.call({"query": "who hates the vacuum", "limit": 1, "role": "user"})
    await adapter.close()
    return {
        "stored_before": before,
        "stored_after": len(store),
        "turns": turns,
        "tool_result": found["structuredContent"],
        "adapter": type(adapter).__name__,
        "collection": adapter.name,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", help="folder of the memory (default: a new temporary one)")
    parser.add_argument("--chroma", help="URL of a Chroma server for the vectors")
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args(argv)
    from amplify_memory.storage import FileStorage

    folder = args.data or tempfile.mkdtemp(prefix="agent-memory-")
    result = asyncio.run(run_demo(FileStorage(folder), chroma_url=args.chroma))
    if args.json:
        print(json.dumps(result, ensure_ascii=False, indent=1))
        return 0
    print(f"memory: {folder} ({result['adapter']}, {result['collection']})")
    print(f"messages stored before: {result['stored_before']}, after: {result['stored_after']}")
    for turn in result["turns"]:
        print(f"\nuser> {turn['query']}")
        print(f"  (context: {len(turn['context'])} messages)")
        print(f"assistant> {turn['reply']}")
    print("\nmemory_search_conversation('who hates the vacuum') ->")
    for hit in result["tool_result"]["results"]:
        print(f"  {hit['score']:.3f} {hit['role']}: {hit['content']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
