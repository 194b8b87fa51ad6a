"""amplify_memory: persistent, browser-local memory for AI chat agents.

A pure-Python BM25 search engine and memory stores that run on CPython and,
unchanged, inside Pyodide in a web page.
"""

from __future__ import annotations

from amplify_memory.errors import AmplifyMemoryError

__version__ = "0.1.0"

__all__ = ["AmplifyMemoryError", "__version__"]
