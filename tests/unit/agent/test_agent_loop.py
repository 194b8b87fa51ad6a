"""examples/agent_loop.py, run as a user would: twice on one folder, and against Chroma."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[3]
EXAMPLE = ROOT / "examples" / "agent_loop.py"


def run_example(*args: str) -> dict[str, Any]:
    proc = subprocess.run(
        [sys.executable, str(EXAMPLE), "--json", *args],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    result: dict[str, Any] = json.loads(proc.stdout)
    return result


def test_the_loop_stores_each_turn_and_remembers_across_runs(tmp_path: Path) -> None:
    first = run_example("--data", str(tmp_path))
    assert (first["stored_before"], first["stored_after"]) == (0, 7)  # system + 3 x 2
    turns = first["turns"]
    assert turns[0]["context"] == [
        "system: You are a helpful assistant with memory of past conversations.",
        f"user: {turns[0]['query']}",
    ]
    assert f"assistant: {turns[0]['reply']}" in turns[2]["context"]
    assert turns[2]["reply"] == "Your cat is called Miso."
    (hit,) = first["tool_result"]["results"]
    assert "Miso" in hit["content"]
    assert hit["role"] == "user"

    second = run_example("--data", str(tmp_path))
    assert (second["stored_before"], second["stored_after"]) == (7, 13)
    remembered = second["turns"][0]["context"]
    assert any("My cat is called Miso" in line for line in remembered[:-1])
    assert sum(line.startswith("system:") for line in remembered) == 1


def test_the_same_loop_runs_against_a_chroma_server(tmp_path: Path, chroma_url: str) -> None:
    result = run_example("--data", str(tmp_path), "--chroma", chroma_url)
    assert result["adapter"] == "ChromaAdapter"
    assert result["collection"] == "agent-memory_user-123_conv-456"
    assert result["stored_after"] == 7
    assert "Miso" in result["tool_result"]["results"][0]["content"]
