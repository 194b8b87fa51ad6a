"""The exception hierarchy of amplify_memory.

Every error raised on purpose by the library derives from :class:`AmplifyMemoryError`,
so a caller can catch them all at once. Messages name the bad value and what was
expected.
"""

from __future__ import annotations

__all__ = [
    "AmplifyMemoryError",
]


class AmplifyMemoryError(Exception):
    """Base class of every error raised on purpose by amplify_memory."""
