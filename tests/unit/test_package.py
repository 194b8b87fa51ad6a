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

    for name in errors.__all__:
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
