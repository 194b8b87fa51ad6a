"""How a long call advances: ``report(stage, done, total)`` from anywhere below the API.

The caller of a long call (the JS API's ``onProgress``) installs a reporter for the call's
duration with :func:`reporting`; code that does the long work calls :func:`report`, which
does nothing when no one listens and never raises (a broken reporter must not break the
work). Stages: ``"import"`` (entries of ``storage.import``), ``"open"`` (steps of opening
a stored store: its record read, its documents and its index decoded, the whole decoded,
each log segment applied), ``"decode"`` (a snapshot's parts, told as steps of the open).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["Reporter", "listening", "report", "reporting", "within"]

#: ``reporter(stage, done, total)``
Reporter = Callable[[str, int, int], object]

_REPORTER: ContextVar[Reporter | None] = ContextVar("amplify_memory_progress", default=None)
#: Stages told only as steps of an outer one (inside :func:`within`), never on their own.
_INNER_STAGES = frozenset({"decode"})
_INNER: ContextVar[bool] = ContextVar("amplify_memory_progress_inner", default=False)


@contextmanager
def reporting(reporter: Reporter | None) -> Iterator[None]:
    """Send what :func:`report` is told to ``reporter`` inside the block (None: nowhere)."""
    token = _REPORTER.set(reporter)
    try:
        yield
    finally:
        _REPORTER.reset(token)


@contextmanager
def within(stage: str, start: int, total: int) -> Iterator[None]:
    """Inside the block, the steps of any inner stage count in ``stage``: an inner
    ``report(inner, done, of)`` is told to the listener as ``(stage, start + done, total)``
    (an open's decode reports its parts as steps of the open)."""
    outer = _REPORTER.get()
    if outer is None:
        yield
        return

    def inner(_stage: str, done: int, _of: int) -> object:
        return outer(stage, min(start + done, total), total)

    token = _INNER.set(True)
    try:
        with reporting(inner):
            yield
    finally:
        _INNER.reset(token)


def listening() -> bool:
    """Does anyone listen (worth computing a report)?"""
    return _REPORTER.get() is not None


def report(stage: str, done: int, total: int) -> None:
    """Tell the listener, if any, that ``done`` of ``total`` steps of ``stage`` are done."""
    reporter = _REPORTER.get()
    if reporter is None or (stage in _INNER_STAGES and not _INNER.get()):
        return  # (a snapshot decoded outside an open tells no one)
    try:
        reporter(stage, done, total)
    except Exception as err:  # (a broken callback must not break the work)
        print(f"amplify_memory: a progress report failed: {err}", file=sys.stderr)
