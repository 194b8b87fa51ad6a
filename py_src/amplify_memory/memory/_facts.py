"""What the extractors return: facts about the user and pieces of project context."""

from __future__ import annotations

from dataclasses import dataclass

from amplify_memory.errors import DocumentValidationError
from amplify_memory.memory.kinds import PROJECT_TYPES, USER_CATEGORIES

__all__ = ["ExtractedContext", "ExtractedFact", "check_type"]


@dataclass(frozen=True, slots=True)
class ExtractedFact:
    """A fact about the user, ready for the user-profile store.

    >>> ExtractedFact("User prefers TypeScript over JavaScript", "preference")
    ExtractedFact(content='User prefers TypeScript over JavaScript', category='preference', \
confidence=0.9, source='user_message')
    """

    content: str
    category: str
    confidence: float = 0.9
    source: str = "user_message"

    def __post_init__(self) -> None:
        if self.category not in USER_CATEGORIES:
            raise DocumentValidationError(
                "category", f"one of {', '.join(USER_CATEGORIES)}", self.category
            )


@dataclass(frozen=True, slots=True)
class ExtractedContext:
    """A piece of project context, ready for the project-context store.

    >>> ExtractedContext("Use JWT", "decision", ("src/auth.ts",), ("jwt",)).type
    'decision'
    """

    content: str
    type: str
    files: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        check_type(self.type)


def check_type(value: object) -> str:
    """``value`` if it is a project-context type, else DocumentValidationError."""
    if not isinstance(value, str) or value not in PROJECT_TYPES:
        raise DocumentValidationError("type", f"one of {', '.join(PROJECT_TYPES)}", value)
    return value
