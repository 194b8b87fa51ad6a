"""The category of a stated fact from its words: how the user writes code, how they
work, how they want answers (one table the extractors share)."""

from __future__ import annotations

import re
from typing import Final

__all__ = ["category_of"]

CATEGORY_PATTERNS: Final[tuple[tuple[str, re.Pattern[str]], ...]] = tuple(
    (category, re.compile(pattern, re.IGNORECASE))
    for category, pattern in (
        (
            "coding_style",
            r"\b(?:indent\w*|tabs?|spaces?|semicolons?|(?:single|double) quotes?|naming|"
            r"camel ?case|snake[_ ]case|pascal ?case|kebab[- ]case|comments?|docstrings?|"
            r"type (?:hints?|annotations?)|types|typed|strict mode|functional components?|"
            r"class components?|functional programming|arrow functions?|functions?|"
            r"line length|formatting|formatter|lint\w*|variable names?|early returns?|"
            r"guard clauses?|immutab\w*|async/await|promises?|error handling|composition|"
            r"inheritance|oop|object-oriented|trailing commas?|code style|style guide)\b",
        ),
        (
            "workflow",
            r"\b(?:commits?|committing|branch\w*|pull requests?|prs?|code reviews?|"
            r"reviews?|reviewing|tdd|test[- ]driven|tests? (?:first|before)|write tests|"
            r"ci|ci/cd|pipelines?|rebas\w*|merg\w*|squash\w*|pair programming|tickets?|"
            r"sprints?|standups?|trunk[- ]based|feature flags?|staging|changelogs?|"
            r"conventional commits|kanban|scrum|workflow)\b",
        ),
        (
            "communication",
            r"\b(?:answers?|responses?|repl(?:y|ies)|explanations?|explain\w*|tone|emojis?|"
            r"bullet points?|bullets|jargon|verbose|concise\w*|brief\w*|terse|wordy|formal|"
            r"informal|small talk|step[- ]by[- ]step|tl;?dr|summar(?:y|ies)|"
            r"(?:british|american|plain) english|in (?:english|german|french|spanish|"
            r"italian|portuguese|dutch|polish|japanese|chinese|korean|russian|hindi))\b",
        ),
    )
)


def category_of(text: str, default: str) -> str:
    """The first category whose keywords ``text`` contains, else ``default``.

    >>> category_of("User prefers 2-space indentation", "preference")
    'coding_style'
    >>> category_of("User likes Rust", "preference")
    'preference'
    """
    for category, pattern in CATEGORY_PATTERNS:
        if pattern.search(text):
            return category
    return default
