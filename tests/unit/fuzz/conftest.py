"""The fuzz suite's settings profiles and its one piece of global set-up.

Profiles (registered in ``_support``, applied per test with ``@fuzz(...)``, so that no
other test folder's Hypothesis settings change):

- ``amplify-fuzz``: the default, a few examples per test, the whole folder in well under
  a minute on two cores;
- ``amplify-fuzz-ci``: hundreds of examples per test (over 5,000 in all). Select it with
  ``AMPLIFY_FUZZ_PROFILE=ci`` (from any directory), or with ``--hypothesis-profile=ci``
  when this folder is on the command line (``pytest tests/unit/fuzz
  --hypothesis-profile=ci``: this conftest is then read before Hypothesis loads the
  profile).

For ``--hypothesis-profile=ci`` to load, a global profile named ``ci`` must exist; when
no one registered one, it is registered here as a copy of Hypothesis' own ``default``,
so loading it changes nothing outside this folder: the fuzz tests see the name and pick
their CI settings.

Every test uses derandomized generation and no example database: a run is reproducible
and writes nothing.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis.errors import InvalidArgument

from amplify_memory.agent import HashingEmbeddingProvider
from amplify_memory.embeddings import (
    DEFAULT_TABLE_FILE,
    configure_default_provider,
    load_table_provider,
)
from amplify_memory.embeddings import _default as default_module

from . import _support  # (registers the fuzz profiles; told the command line below)

try:
    settings.get_profile("ci")
except InvalidArgument:
    settings.register_profile("ci", settings.get_profile("default"))

ROOT = Path(__file__).resolve().parents[3]


def pytest_configure(config: pytest.Config) -> None:
    """The profile asked for on the command line, for ``_support.active_profile`` (read
    before any test module of this folder is imported, so before ``@fuzz`` runs)."""
    _support.command_line_profile = config.getoption("--hypothesis-profile", None)


def _repository_table() -> Path | None:
    """The built embedding table inside the repository (never a path from outside it)."""
    for folder in (ROOT / "build" / "embeddings", ROOT / "web" / "models"):
        path = folder / DEFAULT_TABLE_FILE
        if path.is_file():
            return path
    return None


@pytest.fixture(scope="module", autouse=True)
def embedding_provider() -> Iterator[None]:
    """The memory stores' default embeddings, from the repository's table (or, where it
    is not built, the local hashing model of the same dimension): no network, no file
    outside the repository. The previous default is restored after each module."""
    saved = (
        default_module._source,
        default_module._provider,
        default_module._error,
        default_module._loading,
    )
    path = _repository_table()
    provider = (
        asyncio.run(load_table_provider(path))
        if path is not None
        else HashingEmbeddingProvider(128)
    )
    configure_default_provider(provider)
    try:
        yield
    finally:
        (
            default_module._source,
            default_module._provider,
            default_module._error,
            default_module._loading,
        ) = saved
