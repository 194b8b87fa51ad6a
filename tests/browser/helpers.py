"""Types shared by the browser tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page

RunPython = Callable[[Page, str], Any]
