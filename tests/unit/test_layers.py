"""The package's layers point one way: no import circle, and no layer imports one above it.

Read from the source (every ``import`` and ``from ... import``, also those inside
functions: a lazy import holds a circle open as well as one at the top).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import amplify_memory

PACKAGE = Path(amplify_memory.__file__).parent

#: Each layer and the layers it must never import (it may import those below it).
FORBIDDEN: dict[str, tuple[str, ...]] = {
    "amplify_memory.text": (
        "amplify_memory.search",
        "amplify_memory.storage",
        "amplify_memory.memory",
        "amplify_memory.embeddings",
        "amplify_memory.agent",
        "amplify_memory.api",
        "amplify_memory.browser",
    ),
    "amplify_memory.search": (
        "amplify_memory.memory",
        "amplify_memory.agent",
        "amplify_memory.api",
    ),
    "amplify_memory.storage": (
        "amplify_memory.memory",
        "amplify_memory.agent",
        "amplify_memory.api",
    ),
    "amplify_memory.embeddings": (
        "amplify_memory.memory",
        "amplify_memory.agent",
        "amplify_memory.api",
    ),
    "amplify_memory.memory": (
        "amplify_memory.agent",
        "amplify_memory.api",
        "amplify_memory.browser",
    ),
    "amplify_memory.agent": (
        "amplify_memory.memory",
        "amplify_memory.api",
        "amplify_memory.browser",
    ),
    "amplify_memory.transport": ("amplify_memory.browser", "amplify_memory.agent"),
    "amplify_memory.methods": (
        "amplify_memory.text",
        "amplify_memory.search",
        "amplify_memory.storage",
        "amplify_memory.memory",
        "amplify_memory.embeddings",
        "amplify_memory.agent",
        "amplify_memory.api",
        "amplify_memory.browser",
        "amplify_memory.platform",
    ),
    "amplify_memory.platform": (
        "amplify_memory.memory",
        "amplify_memory.agent",
        "amplify_memory.embeddings",
        "amplify_memory.api",
        "amplify_memory.browser",
    ),
}


def modules() -> dict[str, Path]:
    found = {}
    for path in PACKAGE.rglob("*.py"):
        parts = ["amplify_memory", *path.relative_to(PACKAGE).with_suffix("").parts]
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def imported(name: str, path: Path, known: dict[str, Path]) -> Iterator[str]:
    """The package's modules that ``name`` imports (the most specific one each names)."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets: list[str] = []
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            targets = [f"{module}.{a.name}" for a in node.names] + [module]
        elif isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target.startswith("amplify_memory") and target != name:
                yield target
                break


def graph() -> dict[str, set[str]]:
    known = modules()
    return {name: set(imported(name, path, known)) for name, path in known.items()}


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return out


def test_no_import_circle() -> None:
    assert circles(graph()) == []


def test_the_check_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def test_no_layer_imports_one_above_it() -> None:
    wrong = [
        f"{name} imports {target}"
        for name, targets in graph().items()
        for layer, above in FORBIDDEN.items()
        if name == layer or name.startswith(layer + ".")
        for target in targets
        if any(target == a or target.startswith(a + ".") for a in above)
    ]
    assert wrong == []
