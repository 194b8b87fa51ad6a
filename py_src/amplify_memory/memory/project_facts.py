"""Project context recorded by an agent's action descriptions."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from amplify_memory.errors import ArgumentTypeError, describe
from amplify_memory.memory._facts import ExtractedContext
from amplify_memory.memory._facts import check_type as _check_type
from amplify_memory.memory._text import MAX_PROJECT_FACT_LENGTH, check_message
from amplify_memory.memory._text import capitalise as _capitalise
from amplify_memory.memory._text import tidy as _tidy
from amplify_memory.memory.instructions import instruction_signal
from amplify_memory.memory.technologies import find_technologies

__all__ = ["classify_clause", "extract_project_context", "tags_of"]


_ACTION_RE: Final = re.compile(
    r"^\s*(?:created|updated|modified|edited|wrote|added|deleted|removed|refactored|"
    r"renamed|moved|changed|touched)\s+(?P<files>[^\s:]+(?:\s*(?:,|and)\s*[^\s:]+)*)\s*"
    r"(?::\s*|$)",
    re.IGNORECASE,
)
_PATH_LIKE_RE: Final = re.compile(r"^[\w.@~-]*(?:/[\w.@~\[\]-]+)+$|^[\w.-]+\.[A-Za-z0-9]{1,6}$")
_LABEL_RE: Final = re.compile(
    r"^(?P<label>decision|requirement|constraint|pattern|architecture|error|bug|fix|"
    r"fixed|note|flow|screen)\s*:\s*",
    re.IGNORECASE,
)
_LABEL_TYPES: Final[dict[str, str]] = {
    "decision": "decision",
    "requirement": "requirement",
    "constraint": "constraint",
    "pattern": "pattern",
    "architecture": "architecture",
    "error": "error",
    "bug": "error",
    "fix": "fix",
    "fixed": "fix",
    "flow": "flow_definition",
    "screen": "screen_connection",
}
# (type, pattern) in the order they are tried; the first that matches a clause wins.
_TYPE_PATTERNS: Final[tuple[tuple[str, re.Pattern[str]], ...]] = tuple(
    (kind, re.compile(pattern, re.IGNORECASE))
    for kind, pattern in (
        ("fix", r"^(?:fixed|fixes|resolved|patched|worked around)\b|\bworkaround\b"),
        (
            "error",
            r"\b(?:fails?|failed|failing|crash(?:es|ed)?|throws|exception|error|broken|breaks?|"
            r"leaks?|memory leak|times out|timeouts?|not working|doesn't work|does not work|"
            r"regression|undefined is not|cannot read)\b",
        ),
        (
            "constraint",
            r"\b(?:must not|must never|cannot|can't|should not|should never|may not|"
            r"not exceed|no more than|at most|under \d|below \d|less than \d|limited to|"
            r"within \d|maximum|do not use|don't use|never use|not allowed|forbidden|"
            r"only use|budget|stay under)\b|^(?:never|no)\b",
        ),
        (
            "decision",
            r"^(?:decided|chose|choose|went with|opted|picked|settled on|switched to|"
            r"we will use|will use|using \S+ instead of)\b",
        ),
        (
            "requirement",
            r"\b(?:must|needs? to|has to|have to|required to|is required|shall|"
            r"should support|must be able to)\b",
        ),
        (
            "flow_definition",
            r"->|→|\bflow\b",
        ),
        (
            "screen_connection",
            r"\b(?:navigates? to|links? to|redirects? to|opens the|goes back to|"
            r"leads to)\b",
        ),
        (
            "architecture",
            r"\b(?:talks to|communicates with|layer|layers|microservices?|monorepo|"
            r"split into|architecture|event bus|message queue|server components)\b",
        ),
        (
            "pattern",
            r"\b(?:pattern|convention|conventions|follows?|every \w+ (?:is|has|uses)|"
            r"all \w+ (?:are|live|go|use|follow))\b",
        ),
    )
)


def _decision_content(clause: str) -> str:
    """A decision clause as an instruction: "decided to use X" -> "Use X"."""
    clause = re.sub(r"^(?:decided|opted|chose|chosen)\s+to\s+", "", clause, flags=re.IGNORECASE)
    clause = re.sub(
        r"^(?:decided on|chose|went with|opted for|picked|settled on|switched to|"
        r"we will use|will use)\s+",
        "Use ",
        clause,
        flags=re.IGNORECASE,
    )
    return _capitalise(clause)


def _split_action(description: str) -> tuple[list[str], str]:
    """(files named by an action prefix, the rest of the description)."""
    match = _ACTION_RE.match(description)
    if not match:
        return [], description
    files = [f for f in re.split(r"\s*(?:,|\band\b)\s*", match["files"]) if f]
    if not all(_PATH_LIKE_RE.match(f) for f in files):
        return [], description
    return files, description[match.end() :]


def extract_project_context(
    action_description: str, type: str | None = None, files: Sequence[str] = ()
) -> list[ExtractedContext]:
    """Project-context entries recorded by an agent action.

    With ``type`` the whole description is one entry of that type (it must be one of
    :data:`~amplify_memory.memory.kinds.PROJECT_TYPES`, else
    :class:`~amplify_memory.errors.DocumentValidationError`, a ``ValueError``).
    Without it, the description is cut into clauses (";", sentences) and each clause
    is classified by its wording: fix ("Fixed ..."), error ("... fails"), constraint
    ("must not", "cannot", "under 100 ms"), decision ("decided to", "went with"),
    requirement ("must", "needs to"), flow ("a -> b"), screen connection ("navigates
    to"), architecture ("talks to", "layer"), pattern ("pattern", "convention");
    a clause that matches none is file context when files are known, else dropped.
    Files named by an action prefix ("Created src/a.ts: ...") join ``files``; tags
    are the technologies each entry mentions, lower-cased.

    >>> [(c.type, c.content) for c in extract_project_context(
    ...     "Created src/auth/login.tsx: decided to use JWT in httpOnly cookies; "
    ...     "must support OAuth with Google")]
    [('decision', 'Use JWT in httpOnly cookies'), ('requirement', 'Must support OAuth with Google')]
    """
    action_description = check_message(action_description, "action_description")
    if type is not None:
        _check_type(type)
    given: object = files  # (callers from JavaScript send anything)
    if isinstance(given, str):
        given = (given,)
    if given is None:
        given = ()
    if not isinstance(given, list | tuple) or not all(isinstance(f, str) for f in given):
        raise ArgumentTypeError(f"files must be a list of file paths, got {describe(given)}")
    files = given
    prefix_files, rest = _split_action(action_description)
    all_files = tuple(dict.fromkeys([*files, *prefix_files]))
    if type is not None:
        content = _tidy(action_description)
        if not content:
            return []
        return [ExtractedContext(content, type, all_files, _tags(content))]
    out: list[ExtractedContext] = []
    seen: set[str] = set()
    for clause in re.split(r"(?<!\s)\s*;\s*|(?<=[.!?])\s+(?=[A-Z])|\n+", rest):
        clause = _tidy(clause)
        if not clause:
            continue
        kind: str | None = None
        label = _LABEL_RE.match(clause)
        if label:
            name = label["label"].lower()
            kind = _LABEL_TYPES.get(name)
            clause = clause[label.end() :]
            if name == "fixed":
                clause = "Fixed " + clause
        if kind is None:
            kind = classify_clause(clause)
        if kind is None:
            if not all_files:
                continue
            kind = "file_context"
        content = _decision_content(clause) if kind == "decision" else _capitalise(clause)
        content = _tidy(content)
        if (
            content
            and len(content) <= MAX_PROJECT_FACT_LENGTH
            and content.casefold() not in seen
            and instruction_signal(content) is None  # (never stored: left out, not raised)
        ):
            seen.add(content.casefold())
            out.append(ExtractedContext(content, kind, all_files, _tags(content)))
    return out


def classify_clause(clause: str) -> str | None:
    """The project type a clause's wording gives (see :func:`extract_project_context`)."""
    return next((k for k, p in _TYPE_PATTERNS if p.search(clause)), None)


def tags_of(text: str) -> tuple[str, ...]:
    """Lower-cased canonical names of the technologies ``text`` mentions."""
    return _tags(text)


def _tags(text: str) -> tuple[str, ...]:
    """Lower-cased canonical names of the technologies ``text`` mentions."""
    return tuple(name.lower() for name in find_technologies(text))
