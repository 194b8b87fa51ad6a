"""The HTTP transport, re-exported from :mod:`amplify_memory.transport` (its home) and
:mod:`amplify_memory.platform` (the current platform's default)."""

from __future__ import annotations

from amplify_memory.platform import default_transport
from amplify_memory.transport import (
    HttpTransport,
    UrllibTransport,
    encode_body,
    json_headers,
    parse_body,
)

__all__ = [
    "HttpTransport",
    "UrllibTransport",
    "default_transport",
    "encode_body",
    "json_headers",
    "parse_body",
]
