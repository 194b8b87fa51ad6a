"""The HTTP transport interface and its CPython implementation on :mod:`urllib`.

(It sits below every layer that speaks HTTP, and imports :mod:`urllib` only when a
:class:`UrllibTransport` is made: the page never pays for it.)

The Chroma adapter and the remote embedding provider speak HTTP through
:class:`HttpTransport` only, so the same code runs on CPython (:class:`UrllibTransport`,
a blocking request in a worker thread) and in Pyodide
(:class:`amplify_memory.browser.PyodideTransport`, the browser's ``fetch``).
:func:`amplify_memory.platform.default_transport` makes one of the current platform's
kind.
"""

from __future__ import annotations

import asyncio
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any

from amplify_memory.errors import HttpTransportError

__all__ = [
    "HttpTransport",
    "UrllibTransport",
    "encode_body",
    "json_headers",
    "parse_body",
]


class HttpTransport(ABC):
    """Sends one JSON request and returns ``(status, body)``.

    ``body`` is the parsed JSON of the answer, or its text when it is not JSON (``None``
    when empty). An HTTP error status is returned, not raised; only a request that got
    no answer at all (refused, timed out, blocked by CORS) raises
    :class:`~amplify_memory.errors.HttpTransportError`.
    """

    @abstractmethod
    async def request(
        self,
        method: str,
        url: str,
        json_body: Any = None,
        headers: Mapping[str, str] | None = None,
    ) -> tuple[int, Any]:
        """Send ``method url`` with ``json_body`` (None: no body) and extra ``headers``."""


def json_headers(headers: Mapping[str, str] | None, has_body: bool) -> dict[str, str]:
    """The request headers: JSON accepted, JSON sent when there is a body, then ``headers``."""
    out = {"Accept": "application/json", **(headers or {})}
    if has_body:
        out.setdefault("Content-Type", "application/json")
    return out


def parse_body(raw: bytes | str) -> Any:
    """The JSON value of an answer body, its text when it is not JSON, None when empty."""
    text = raw.decode("utf-8", errors="replace") if isinstance(raw, bytes) else raw
    if not text.strip():
        return None
    try:
        return json.loads(text)
    except ValueError:
        return text


def encode_body(json_body: Any) -> bytes | None:
    if json_body is None:
        return None
    return json.dumps(json_body, separators=(",", ":"), allow_nan=False).encode("utf-8")


class UrllibTransport(HttpTransport):
    """:class:`HttpTransport` on :mod:`urllib.request`, run in a thread (CPython).

    ``timeout`` is in seconds, for connecting and for each read.
    """

    def __init__(self, timeout: float = 30.0) -> None:
        import urllib.request

        self.timeout = timeout
        # No proxy: the servers this library talks to are named by the caller, and a
        # proxy picked up from the environment must not reroute loopback traffic.
        self._opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))

    def _send(
        self, method: str, url: str, body: bytes | None, headers: dict[str, str]
    ) -> tuple[int, Any]:
        import urllib.error
        import urllib.request

        req = urllib.request.Request(url, data=body, method=method, headers=headers)
        try:
            with self._opener.open(req, timeout=self.timeout) as resp:
                return resp.status, parse_body(resp.read())
        except urllib.error.HTTPError as err:
            with err:
                return err.code, parse_body(err.read())
        except (urllib.error.URLError, OSError, ValueError) as err:
            reason = getattr(err, "reason", err)
            raise HttpTransportError(method, url, str(reason)) from err

    async def request(
        self,
        method: str,
        url: str,
        json_body: Any = None,
        headers: Mapping[str, str] | None = None,
    ) -> tuple[int, Any]:
        body = encode_body(json_body)
        all_headers = json_headers(headers, body is not None)
        return await asyncio.to_thread(self._send, method, url, body, all_headers)
