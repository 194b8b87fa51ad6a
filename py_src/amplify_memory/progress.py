"""How a long call advances: ``report(stage, done, total)`` from anywhere below the API.

The caller of a long call (the JS API's ``onProgress``) installs a reporter for the call's
duration with :func:`reporting`; code that does the long work calls :func:`report`, which
does nothing when no one listens and never raises (a broken reporter must not break the
work). Stages: ``"import"`` (entries of ``storage.import``), ``"open"`` (steps of opening
a stored store: its record read, decoded, each log segment applied).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["Reporter", "listening", "report", "reporting"]

#: ``reporter(stage, done, total)``
Reporter = Callable[[str, int, int], object]

_REPORTER: ContextVar[Reporter | None] = ContextVar("amplify_memory_progress", default=None)


@contextmanager
def reporting(reporter: Reporter | None) -> Iterator[None]:
    """Send what :func:`report` is told to ``reporter`` inside the block (None: nowhere)."""
    token = _REPORTER.set(reporter)
    try:
        yield
    finally:
        _REPORTER.reset(token)


def listening() -> bool:
    """Does anyone listen (worth computing a report)?"""
    return _REPORTER.get() is not None


def report(stage: str, done: int, total: int) -> None:
    """Tell the listener, if any, that ``done`` of ``total`` steps of ``stage`` are done."""
    reporter = _REPORTER.get()
    if reporter is None:
        return
    try:
        reporter(stage, done, total)
    except Exception as err:  # (a broken callback must not break the work)
        print(f"amplify_memory: a progress report failed: {err}", file=sys.stderr)
