"""Agent memory in real Chromium: the example's loop in Pyodide on IndexedDB, and the Chroma
adapter speaking to a real Chroma server through the browser's fetch."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.browser.helpers import RunPython
from tests.chroma_server import running_chroma

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = (ROOT / "examples" / "agent_loop.py").read_text()


@pytest.fixture(scope="module")
def chroma_url() -> Iterator[str]:
    with running_chroma() as url:
        yield url


def run_example(page: Page, run_python: RunPython, call: str) -> dict[str, Any]:
    code = (
        "import json\n"
        f"_ns = {{'__name__': 'agent_loop'}}\nexec({EXAMPLE!r}, _ns)\n"
        "from amplify_memory.browser import indexeddb_storage, browser_coordinator\n"
        f"json.dumps(await _ns['run_demo']({call}))\n"
    )
    result: dict[str, Any] = json.loads(run_python(page, code))
    return result


def test_the_agent_loop_runs_in_pyodide_and_remembers_after_a_reload(
    python_page: Page, run_python: RunPython
) -> None:
    call = "indexeddb_storage(), coordinator=browser_coordinator()"
    first = run_example(python_page, run_python, call)
    assert first["adapter"] == "LocalVectorAdapter"
    assert (first["stored_before"], first["stored_after"]) == (0, 7)
    assert first["turns"][2]["reply"] == "Your cat is called Miso."
    assert "Miso" in first["tool_result"]["results"][0]["content"]

    python_page.reload()
    python_page.wait_for_function(
        "document.documentElement.dataset.ready === 'true'", timeout=90_000
    )
    second = run_example(python_page, run_python, call)
    assert (second["stored_before"], second["stored_after"]) == (7, 13)
    assert any("My cat is called Miso" in line for line in second["turns"][0]["context"][:-1])
    names = run_python(
        python_page,
        "from amplify_memory.browser import indexeddb_storage\n"
        "await indexeddb_storage().list_names()",
    )
    assert "agent-memory_user-123_conv-456-sequence" in names
    assert "agent-memory_user-123_conv-456-vectors" in names


def test_the_chroma_adapter_works_from_the_browser_through_fetch(
    python_page: Page, run_python: RunPython, chroma_url: str
) -> None:
    code = f"""
import json
from amplify_memory.agent import ChromaAdapter, EmbeddingSpec, default_transport
from amplify_memory import errors
transport = default_transport()
adapter = await ChromaAdapter.open(
    "browser-check", EmbeddingSpec("m", 3), user_id="u1", url={chroma_url!r})
await adapter.add_vector("a", [1.0, 0.0, 0.0], {{"role": "user", "p": {{"x": 1}}}}, "alpha")
await adapter.add_vector("b", [0.0, 1.0, 0.0], {{"role": "assistant"}}, "beta")
hits = await adapter.search([1.0, 0.1, 0.0], 2)
by_meta = await adapter.search_by_metadata({{"role": "assistant"}}, 5)
try:
    await ChromaAdapter.open("browser-check", EmbeddingSpec("other", 3), user_id="u1",
                             url={chroma_url!r})
    mismatch = None
except errors.EmbeddingModelMismatchError as err:
    mismatch = type(err).__name__
try:
    await ChromaAdapter.open("x", EmbeddingSpec("m", 3), url="http://127.0.0.1:9")
    down = None
except errors.VectorStoreUnavailableError as err:
    down = type(err).__name__
await adapter.drop()
json.dumps({{
    "transport": type(transport).__name__,
    "hits": [[h.id, round(h.score, 4), h.metadata] for h in hits],
    "by_meta": [r.id for r in by_meta],
    "mismatch": mismatch, "down": down,
}})
"""
    result = json.loads(run_python(python_page, code))
    assert result["transport"] == "PyodideTransport"
    assert result["hits"][0] == [
        "a",
        pytest.approx(0.995, abs=1e-3),
        {"role": "user", "p": {"x": 1}},
    ]
    assert result["hits"][1][0] == "b"
    assert result["by_meta"] == ["b"]
    assert result["mismatch"] == "EmbeddingModelMismatchError"
    assert result["down"] == "VectorStoreUnavailableError"
