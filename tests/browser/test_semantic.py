"""Semantic memory in the real page: the static table is fetched from the page's origin on
first need (not at boot), and the user-profile store's hybrid search finds a paraphrase
that BM25 alone cannot."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser.helpers import RunPython

TS = "User likes TS more than JS"

SEARCH = f"""
import json
from amplify_memory.embeddings import peek_default_provider
from amplify_memory.memory import UserProfileVectorStore
from amplify_memory.storage import MemoryStorage

loaded_before = peek_default_provider() is not None
memories = ["User lives in Lisbon", "User has a dog called Rex", {TS!r},
            "User works night shifts at the hospital", "User drinks green tea in the morning"]
out = {{"loaded_before": loaded_before}}
for semantic in (True, False):
    store = UserProfileVectorStore(storage=MemoryStorage(), name="semantic_test",
                                   semantic=semantic)
    await store.initialize()
    for text in memories:
        await store.add(text, "preference")
    hits = await store.search("TypeScript preference")
    out["hybrid" if semantic else "bm25"] = {{
        "hits": [h["content"] for h in hits],
        "keys": sorted(hits[0]) if hits else [],
        "status": store.semantic_status,
    }}
    await store.close()
provider = peek_default_provider()
out["load_info"] = provider.load_info
json.dumps(out)
"""


def test_hybrid_search_in_the_page_finds_what_bm25_misses_and_loads_the_table_lazily(
    python_page: Page, run_python: RunPython, record_property: Any
) -> None:
    table_requests: list[str] = []
    python_page.on(
        "request", lambda r: table_requests.append(r.url) if r.url.endswith(".bin") else None
    )
    out: dict[str, Any] = json.loads(run_python(python_page, SEARCH))
    assert out["loaded_before"] is False  # nothing loaded the table at boot
    hybrid, bm25 = out["hybrid"], out["bm25"]
    assert hybrid["hits"][0] == TS
    assert hybrid["status"]["mode"] == "hybrid"
    assert hybrid["status"]["model"] == "amplify-static-minilm-d128-v1"
    assert "embedding" not in hybrid["keys"]
    assert TS not in bm25["hits"][:1]  # BM25 alone does not find it first (here: at all)
    assert bm25["status"]["mode"] == "bm25"
    info = out["load_info"]
    table = r"/assets/models/amplify-static-minilm-d128-v1-[0-9a-f]{12}\.bin$"
    assert re.search(table, info["source"])
    assert info["source"].startswith("http://127.0.0.1:")  # the page's own origin
    assert info["bytes"] > 1_000_000
    assert [u for u in table_requests if "amplify-static-minilm-d128-v1" in u] == [info["source"]]
    record_property("table_load_ms", info["load_ms"])
    record_property("table_fetch_ms", info["fetch_ms"])
    record_property("table_decode_ms", info["decode_ms"])
    print(
        f"\ntable load in Chromium: {info['load_ms']:.1f} ms "
        f"(fetch {info['fetch_ms']:.1f} ms, decode {info['decode_ms']:.1f} ms, "
        f"{info['bytes']} bytes)"
    )
    assert info["load_ms"] > 0


@pytest.mark.parametrize("missing", ["models/no-such-table.bin"])
def test_without_the_table_the_page_searches_with_bm25_and_says_why(
    python_page: Page, run_python: RunPython, missing: str
) -> None:
    code = f"""
import json
from amplify_memory.embeddings import configure_default_provider
from amplify_memory.memory import UserProfileVectorStore
from amplify_memory.storage import MemoryStorage
configure_default_provider({missing!r})
store = UserProfileVectorStore(storage=MemoryStorage(), name="semantic_missing")
await store.initialize()
await store.add("User drinks coffee", "preference")
hits = [h["content"] for h in await store.search("coffee")]
status = store.semantic_status
configure_default_provider(None)
json.dumps({{"hits": hits, "status": status}})
"""
    out = json.loads(run_python(python_page, code))
    assert out["hits"] == ["User drinks coffee"]
    assert out["status"]["mode"] == "bm25"
    assert "no-such-table.bin" in out["status"]["reason"]
    assert "404" in out["status"]["reason"]


WORKER = """
import json, os
from amplify_memory.embeddings import default_provider
provider = await default_provider()
json.dumps({"env": os.environ.get("AMPLIFY_EMBEDDING_TABLE"),
            "source": provider.load_info["source"], "loadMs": provider.load_ms})
"""


def test_the_memory_worker_fetches_the_table_from_the_asset_base(
    app_page: Page, server_url: str
) -> None:
    """In the Web Worker the table's URL comes from the manifest and the asset base (the
    runtime sets it), not from where the worker script happens to be."""
    text = app_page.evaluate(
        "async (code) => (await window.amplify.memory).runPython(code)", WORKER
    )
    out = json.loads(text)
    manifest = app_page.evaluate("async () => (await import('/js/manifest.mjs')).manifest.model")
    expected = server_url + "assets/" + manifest
    assert out["env"] == expected
    assert out["source"] == expected
    assert out["loadMs"] > 0
