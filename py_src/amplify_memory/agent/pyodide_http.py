"""The Pyodide implementation of :class:`HttpTransport`: the browser's ``fetch``.

Meant for the browser boundary module (:mod:`amplify_memory.browser`). It imports
``pyodide.http`` only when a request is made, so importing this module on CPython is
harmless (and :func:`amplify_memory.agent.default_transport` picks it only in Pyodide).

A cross-origin server (a Chroma server on another port or host) must allow the page's
origin with CORS, or ``fetch`` fails and this raises
:class:`~amplify_memory.errors.HttpTransportError`.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from amplify_memory.agent._http import HttpTransport, encode_body, parse_body
from amplify_memory.errors import HttpTransportError

__all__ = ["PyodideTransport"]


class PyodideTransport(HttpTransport):
    """:class:`HttpTransport` on ``pyodide.http.pyfetch`` (Pyodide only)."""

    async def request(
        self,
        method: str,
        url: str,
        json_body: Any = None,
        headers: Mapping[str, str] | None = None,
    ) -> tuple[int, Any]:
        http = importlib.import_module("pyodide.http")
        body = encode_body(json_body)
        all_headers = {"Accept": "application/json", **(headers or {})}
        options: dict[str, Any] = {"method": method, "headers": all_headers}
        if body is not None:
            all_headers.setdefault("Content-Type", "application/json")
            options["body"] = body.decode("utf-8")
        try:
            response = await http.pyfetch(url, **options)
            text = await response.string()
        except Exception as err:  # a JsException (TypeError: Failed to fetch) or OSError
            raise HttpTransportError(method, url, f"{type(err).__name__}: {err}") from err
        return int(response.status), parse_body(text)
