"""The package's public surface."""

from __future__ import annotations

import importlib
import pkgutil
import re

import amplify_memory

BROWSER_IMPORT = re.compile(r"\s*(import|from)\s+(js|pyodide)\b")


def test_all_is_sorted_and_complete() -> None:
    assert amplify_memory.__all__ == sorted(amplify_memory.__all__)
    for name in amplify_memory.__all__:
        assert hasattr(amplify_memory, name), name


def test_every_error_derives_from_the_base_class() -> None:
    from amplify_memory import errors

    classes = [n for n in errors.__all__ if isinstance(getattr(errors, n), type)]
    assert len(classes) == len(errors.__all__) - 1  # (and describe, the message helper)
    for name in classes:
        cls = getattr(errors, name)
        assert issubclass(cls, errors.AmplifyMemoryError), name


def test_the_core_never_imports_the_browser() -> None:
    """Only the browser bridge may import js or pyodide; the rest runs on CPython."""
    allowed = {"amplify_memory.browser"}
    for mod in pkgutil.walk_packages(amplify_memory.__path__, "amplify_memory."):
        if any(mod.name == a or mod.name.startswith(a + ".") for a in allowed):
            continue
        module = importlib.import_module(mod.name)
        source = open(module.__file__ or "", encoding="utf-8").read()  # noqa: SIM115
        for line in source.splitlines():
            assert not BROWSER_IMPORT.match(line), f"{mod.name}: {line}"


def _platform_checks(source: str) -> list[str]:
    """What in ``source`` looks at the platform: ``sys.platform``, "pyodide" or
    "emscripten" in code (docstrings aside: also ``"pyodide" in sys.modules``), an import
    of js or pyodide, also through ``importlib.import_module``."""
    import ast

    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr == "platform":
            if isinstance(node.value, ast.Name) and node.value.id == "sys":
                found.append("sys.platform")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) not in docstrings and node.value in {"pyodide", "emscripten"}:
                found.append(repr(node.value))
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
            name = getattr(node.func, "attr", getattr(node.func, "id", ""))
            if name in {"import_module", "__import__"} and str(node.args[0].value).split(".")[
                0
            ] in {"js", "pyodide"}:
                found.append(f"{name}({node.args[0].value!r})")
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
            if any(n.split(".")[0] in {"js", "pyodide"} for n in names):
                found.append("import of " + ", ".join(names))
    return found


def test_only_the_boundary_looks_at_the_platform() -> None:
    """The core asks amplify_memory.platform for its parts; only browser.py knows it is
    in a browser (no sys.platform, no "pyodide" in sys.modules, no js)."""
    for mod in pkgutil.walk_packages(amplify_memory.__path__, "amplify_memory."):
        if mod.name == "amplify_memory.browser":
            continue
        module = importlib.import_module(mod.name)
        with open(module.__file__ or "", encoding="utf-8") as f:
            assert _platform_checks(f.read()) == [], mod.name


def test_the_platform_check_sees_each_way_of_looking() -> None:
    assert _platform_checks("import sys\nif sys.platform == 'emscripten': pass") == [
        "sys.platform",
        "'emscripten'",
    ]
    assert _platform_checks("import sys\nok = 'pyodide' in sys.modules") == ["'pyodide'"]
    assert _platform_checks("import js") == ["import of js, "]
    assert _platform_checks("import importlib\nimportlib.import_module('js')") == [
        "import_module('js')"
    ]
    assert _platform_checks('"""Runs in Pyodide, see js/."""\nx = "JavaScript"') == []


def test_the_platform_is_chosen_once_and_cpython_by_default() -> None:
    from amplify_memory import platform
    from amplify_memory.storage import MemoryStorage
    from amplify_memory.transport import UrllibTransport

    here = platform.current()
    assert here is platform.CPYTHON
    assert isinstance(here.storage(), MemoryStorage)
    assert here.coordinator() is None
    assert isinstance(platform.default_transport(), UrllibTransport)
    other = platform.Platform(
        name="test",
        storage=MemoryStorage,
        coordinator=lambda: None,
        transport=UrllibTransport,
        read_asset=here.read_asset,
        table_location=lambda: "models/x.bin",
    )
    platform.use(other)
    try:
        assert platform.current() is other
    finally:
        platform.use(here)
