"""The closed sets of user-profile categories and project-context types.

Each set is ordered; for project types the order is the priority used when formatting
context for the prompt (requirements first, file context last).
"""

from __future__ import annotations

from typing import Final

__all__ = ["PROJECT_TYPES", "PROJECT_TYPE_PRIORITY", "USER_CATEGORIES"]

#: What a user-profile entry is about.
USER_CATEGORIES: Final[tuple[str, ...]] = (
    "preference",  # "prefers TypeScript over JavaScript", "likes dark mode"
    "tech_stack",  # languages, frameworks, databases and tools the user works with
    "coding_style",  # indentation, naming, comments, testing habits
    "workflow",  # how they work: git flow, TDD, review habits
    "communication",  # how they want answers: concise, with examples, language
    "personal",  # name, role, timezone, experience level
    "other",
)

#: What a project-context entry records, in prompt priority order.
PROJECT_TYPES: Final[tuple[str, ...]] = (
    "requirement",
    "constraint",
    "decision",
    "error",
    "fix",
    "pattern",
    "architecture",
    "flow_definition",
    "screen_connection",
    "file_context",
)

#: Priority of each project type: lower comes first in the prompt.
PROJECT_TYPE_PRIORITY: Final[dict[str, int]] = {t: i for i, t in enumerate(PROJECT_TYPES)}
