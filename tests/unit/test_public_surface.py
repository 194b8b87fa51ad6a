"""The public surface of every package: complete ``__all__`` lists and one hierarchy of
errors.

A module or package is public when no part of its dotted name starts with ``_``. Every
public one declares ``__all__``; each name listed resolves; every class or function a
public module defines under a public name is listed (a helper that is not for users has a
leading underscore); and every exception class of the package is declared in
:mod:`amplify_memory.errors` and listed there.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import ModuleType

import pytest

import amplify_memory
from amplify_memory import errors


def _modules() -> list[ModuleType]:
    names = ["amplify_memory"] + [
        m.name for m in pkgutil.walk_packages(amplify_memory.__path__, "amplify_memory.")
    ]
    return [importlib.import_module(name) for name in names]


MODULES = _modules()
PUBLIC = [m for m in MODULES if not any(p.startswith("_") for p in m.__name__.split("."))]


def _defined_public_names(module: ModuleType) -> list[str]:
    """The classes and functions ``module`` itself defines under a public name."""
    return sorted(
        name
        for name, obj in vars(module).items()
        if not name.startswith("_")
        and (inspect.isclass(obj) or inspect.isfunction(obj))
        and getattr(obj, "__module__", None) == module.__name__
    )


@pytest.mark.parametrize("module", PUBLIC, ids=lambda m: m.__name__)
def test_every_public_module_declares_a_complete_all(module: ModuleType) -> None:
    listed = getattr(module, "__all__", None)
    assert listed is not None, f"{module.__name__} has no __all__"
    assert len(set(listed)) == len(listed), f"{module.__name__}.__all__ repeats a name"
    for name in listed:
        assert getattr(module, name, None) is not None, f"{module.__name__}.{name}"
    unlisted = [n for n in _defined_public_names(module) if n not in listed]
    assert unlisted == [], f"{module.__name__} defines public {unlisted} outside __all__"


def test_the_check_sees_an_unlisted_public_function() -> None:
    module = ModuleType("amplify_memory.example")
    exec(
        "__all__ = ['listed']\ndef listed(): pass\ndef helper(): pass\ndef _private(): pass",
        module.__dict__,
    )
    assert _defined_public_names(module) == ["helper", "listed"]


def test_every_error_of_the_package_is_declared_in_errors() -> None:
    outside = sorted(
        f"{module.__name__}.{name}"
        for module in MODULES
        for name, obj in vars(module).items()
        if inspect.isclass(obj)
        and issubclass(obj, BaseException)
        and obj.__module__ == module.__name__
        and module is not errors
    )
    assert outside == [], f"exception classes outside amplify_memory.errors: {outside}"
    declared = [
        name
        for name, obj in vars(errors).items()
        if inspect.isclass(obj)
        and issubclass(obj, BaseException)
        and obj.__module__ == errors.__name__
    ]
    assert sorted(set(declared) - set(errors.__all__)) == []
    for name in declared:
        assert issubclass(getattr(errors, name), errors.AmplifyMemoryError), name
