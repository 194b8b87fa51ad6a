"""The product's promises (tests/engines/promises.py) in Chromium."""

from __future__ import annotations

from tests.engines import promises

#: The engine these tests run in (tests/engines/conftest.py).
ENGINE = "chromium"

globals().update(promises.tests())  # (pytest collects them from this module)
