"""Values of a few style and workflow topics, spotted in free wording.

The shape rules read "I prefer concise answers" or "switched to tabs", but a change of
style is often said around the value: "I just want the answer, short", "I'd rather get
the short version first", "dart format uses 2 spaces and that's what I want", "Bitte ab
jetzt auf Deutsch antworten", "I stopped writing tests first", "we stopped squashing
commits". :func:`spotted_values` finds the value of such a topic in a clause and returns
the canonical sentence for it ("User prefers concise answers"), which the caller keeps
only when the topic registry (:mod:`~amplify_memory.memory.topics`) reads that topic in
it, so that it supersedes the stored value.

A value of answers or indentation counts only in a clause that says it is a standing
wish (the user's own "I want", "I'd rather", "from now on" ...): in "changed my mind on
the long answers" the value named is the old one. A value right after a negation is the
old one too ("not 4 spaces anymore"); of several, the last is the new one. A practice
counts when the clause says the user started or stopped it, a line length when it is
set ("we set line length to 120").

>>> spotted_values("I just want the answer, short")
['User prefers concise answers']
>>> spotted_values("Bitte ab jetzt auf Deutsch antworten")
['User wants answers in German']
>>> spotted_values("give me the short version")
[]
"""

from __future__ import annotations

import re
from typing import Final

from amplify_memory.memory._phrasing import FOREIGN_LANGUAGE, LANGUAGE_NAMES, STANDING_PHRASES

__all__ = ["spotted_values"]

#: The clause states a standing wish of the user's.
_STANDING_RE: Final = re.compile(
    r"\b(?:I|i)\s+(?:really\s+|just\s+|only\s+|mostly\s+|much\s+)?(?:want|prefer|like|need)\b|"
    r"\b(?:I'd|i'd|I\s+would|id)\s+(?:much\s+|really\s+)?(?:rather|prefer|like)\b|"
    rf"\b(?:{STANDING_PHRASES}|from\s+now|always|in\s+general|"
    r"ab\s+jetzt|ab\s+sofort|d[eé]sormais|a\s+partir\s+de\s+ahora)\b|"
    r"\bthat'?s\s+what\s+I\s+(?:want|like|prefer)\b",
    re.IGNORECASE,
)
_NEGATION_BEFORE_RE: Final = re.compile(
    r"\b(?:not|no|never|don't|dont|stop|less|without|instead\s+of|rather\s+than)\s+"
    r"(?:\w+\s+){0,2}$",
    re.IGNORECASE,
)

_LENGTH_RE: Final = re.compile(
    r"\b(?P<v>short(?:er)?|brief(?:er)?|concise|terse|tl;?dr|long(?:er)?|detailed|"
    r"in[- ]depth|thorough|step[- ]by[- ]step)\b",
    re.IGNORECASE,
)
_ANSWER_NOUN_RE: Final = re.compile(
    r"\b(?:answers?|version|repl(?:y|ies)|responses?|explanations?)\b", re.IGNORECASE
)
_SHORT: Final = frozenset({"short", "shorter", "brief", "briefer", "concise", "terse", "tl;dr"})

#: A language by its name ("in German") or in its own words ("auf Deutsch").
_LANGUAGE_RE: Final = re.compile(
    rf"\bin\s+(?:plain\s+)?(?P<v>{LANGUAGE_NAMES})\b"
    rf"|\b(?P<native>{'|'.join(re.escape(k) for k in FOREIGN_LANGUAGE)})\b",
    re.IGNORECASE,
)
_ANSWER_VERB_RE: Final = re.compile(
    r"\b(?:answer\w*|repl(?:y|ies|ying)|respon\w*|antwort\w*|r[eé]pon\w*|rispond\w*|"
    r"write|talk|speak|explain\w*|chat)\b",
    re.IGNORECASE,
)

_INDENT_RE: Final = re.compile(
    r"\b(?P<n>[1-8]|two|four|eight)[\s-]*spaces?\b|\b(?P<tabs>tabs)\b", re.IGNORECASE
)
_NUMBERS: Final = {"two": "2", "four": "4", "eight": "8"}

_STOPPED_RE: Final = re.compile(
    r"(?<!never )(?<!not )(?<!n't )\b(?:stopped|quit|gave\s+up(?:\s+on)?|no\s+longer|dropped|"
    r"abandoned|don't\s+do|not\s+doing)\s+(?:\w+\s+){0,2}$",
    re.IGNORECASE,
)
_STARTED_RE: Final = re.compile(
    r"\b(?:started|began|switched\s+to|moved\s+to|adopted|now\s+(?:do|doing)|"
    r"doing|do)\s+(?:\w+\s+){0,2}$",
    re.IGNORECASE,
)
_TDD_RE: Final = re.compile(
    r"\b(?:TDD|test[- ]driven(?:\s+development)?|writing\s+tests\s+first|tests[- ]first)\b",
    re.IGNORECASE,
)
_SQUASH_RE: Final = re.compile(r"\bsquash(?:ing|ed|es)?(?:[- ]merg\w*)?\b", re.IGNORECASE)
_MERGE_COMMITS_RE: Final = re.compile(
    r"\b(?:regular\s+|normal\s+|plain\s+)?merge\s+commits\b", re.I
)


def _negated(clause: str, start: int) -> bool:
    return bool(_NEGATION_BEFORE_RE.search(clause[max(0, start - 30) : start]))


def _last(pattern: re.Pattern[str], clause: str) -> re.Match[str] | None:
    """The last match that no negation comes right before: the new value is said last
    ("I asked for long explanations once, but I'd rather get the short version")."""
    found = [m for m in pattern.finditer(clause) if not _negated(clause, m.start())]
    return found[-1] if found else None


def _length(clause: str) -> list[str]:
    found = _last(_LENGTH_RE, clause)
    if found is None:
        return []
    if not any(abs(n.start() - found.start()) <= 40 for n in _ANSWER_NOUN_RE.finditer(clause)):
        return []
    short = found["v"].lower() in _SHORT
    return ["User prefers concise answers" if short else "User prefers detailed answers"]


def _language(clause: str) -> list[str]:
    found = _last(_LANGUAGE_RE, clause)
    if found is None or not _ANSWER_VERB_RE.search(clause):
        return []
    name = found["v"].capitalize() if found["v"] else FOREIGN_LANGUAGE[found["native"].lower()]
    return [f"User wants answers in {name}"]


def _indentation(clause: str) -> list[str]:
    found = _last(_INDENT_RE, clause)
    if found is None:
        return []
    if found["tabs"]:
        return ["User prefers tabs for indentation"]
    number = found["n"].lower()
    return [f"User prefers {_NUMBERS.get(number, number)}-space indentation"]


_LINE_LENGTH_RE: Final = re.compile(
    r"\b(?:line[- ](?:length|width|limit)|max(?:imum)?\s+line\s+length)\s+(?:of\s+|to\s+|at\s+|"
    r"=\s*|:\s*|is\s+|limit\s+of\s+)?(?P<n>\d{2,3})\b|\b(?P<m>\d{2,3})[- ]?(?:chars?|characters|"
    r"columns|cols)\b",
    re.IGNORECASE,
)
#: A line length is set, not only named ("Prettier's default 80 chars").
_SET_RE: Final = re.compile(
    r"\b(?:set|now|bumped|changed|switched|moved|raised|increased|lowered|reduced|went)\b", re.I
)


def _line_length(clause: str) -> list[str]:
    found = _last(_LINE_LENGTH_RE, clause)
    if found is None or not (_SET_RE.search(clause) or _STANDING_RE.search(clause)):
        return []
    return [f"User uses a max line length of {found['n'] or found['m']}"]


def _workflow(clause: str) -> list[str]:
    out = []
    tdd = _TDD_RE.search(clause)
    if tdd is not None:
        before = clause[max(0, tdd.start() - 40) : tdd.start()]
        if _STOPPED_RE.search(before):
            out.append("User no longer practices TDD")
        elif _STARTED_RE.search(before) and not _negated(clause, tdd.start()):
            out.append("User practices TDD")
    squash = _SQUASH_RE.search(clause)
    if squash is not None and _STOPPED_RE.search(
        clause[max(0, squash.start() - 40) : squash.start()]
    ):
        out.append("User's team no longer squash-merges pull requests")
    merges = _MERGE_COMMITS_RE.search(clause)
    if (
        merges is not None
        and not _negated(clause, merges.start())
        and re.search(r"\bnow\b", clause)
    ):
        out.append("User's team uses regular merge commits")
    return out


def spotted_values(clause: str) -> list[str]:
    """The canonical sentences of the style and workflow values ``clause`` states: of
    answers and indentation only as a standing wish ("changed my mind on the long
    answers" names the old value); a practice the user started or stopped."""
    if not _STANDING_RE.search(clause):  # (what is started, stopped or set says it changed)
        return [*_workflow(clause), *_line_length(clause)]
    return [
        *_length(clause),
        *_language(clause),
        *_indentation(clause),
        *_workflow(clause),
        *_line_length(clause),
    ]
