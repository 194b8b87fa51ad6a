"""The public surface: sorted, complete __all__ lists; no browser imports."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import amplify_memory.errors as errors
import amplify_memory.search as search

PACKAGE = Path(search.__file__).parent


def _isort_key(name: str) -> tuple[int, str]:
    """ruff's RUF022 order: CONSTANTS, then Classes, then functions."""
    kind = 0 if name.isupper() else 1 if name[0].isupper() else 2
    return kind, name


def test_search_all_is_sorted_and_complete() -> None:
    assert search.__all__ == sorted(search.__all__, key=_isort_key)
    public = {n for n in vars(search) if not n.startswith("_") and n != "annotations"}
    assert set(search.__all__) == public


def test_errors_all_is_sorted_and_lists_every_exception() -> None:
    assert errors.__all__ == sorted(errors.__all__)
    classes = {
        name
        for name, obj in vars(errors).items()
        if inspect.isclass(obj) and issubclass(obj, Exception) and obj.__module__ == errors.__name__
    }
    assert set(errors.__all__) == classes | {"describe"}  # (and the messages' helper)
    for name in classes:
        assert issubclass(getattr(errors, name), errors.AmplifyMemoryError)


def test_the_engine_never_imports_the_browser() -> None:
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            else:
                continue
            for name in names:
                assert name.split(".")[0] not in {"js", "pyodide", "numpy"}, (path, name)


def test_public_callables_have_docstrings() -> None:
    for name in search.__all__:
        obj = getattr(search, name)
        if callable(obj):
            assert inspect.getdoc(obj), name
