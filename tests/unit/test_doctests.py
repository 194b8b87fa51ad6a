"""The examples in the docstrings run, and say what the code does (a tier of its own:
documentation that is tested does not go stale)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import amplify_memory

MODULES = sorted(m.name for m in pkgutil.walk_packages(amplify_memory.__path__, "amplify_memory."))


@pytest.mark.parametrize("name", ["amplify_memory", *MODULES])
def test_the_examples_of_each_module_hold(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=False, verbose=False)
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} examples fail"


def test_a_wrong_example_fails() -> None:
    def sample() -> None:
        """>>> 1 + 1
        3
        """

    runner = doctest.DocTestRunner(verbose=False)
    for test in doctest.DocTestFinder().find(sample, "sample", globs={}):
        runner.run(test, out=lambda _text: None)
    assert runner.failures == 1
