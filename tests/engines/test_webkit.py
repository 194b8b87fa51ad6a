"""The product's promises (tests/engines/promises.py) in WebKitGTK."""

from __future__ import annotations

from tests.engines import promises

#: The engine these tests run in (tests/engines/conftest.py).
ENGINE = "webkit"

globals().update(promises.tests())  # (pytest collects them from this module)
