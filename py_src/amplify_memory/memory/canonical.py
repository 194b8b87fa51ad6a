"""One wording for a stored fact, so that two wordings of one fact are compared alike.

Memories reach the user profile from extraction (which writes "User uses X.") and from
the model and the user (the MCP store tool, ``add()``, ``edit()``), who write the same
fact in many shapes: "The user ...", "X is the user's editor", "Ansible handles the
user's deployments", "CocoaPods is not used by the user", "For local dev, the user
relies on docker-compose". :func:`canonical_fact` turns these shapes into the subject-
first form the topic frames and the similarity rule read ("User's editor is X", "User
uses Ansible for deployments", "User does not use CocoaPods", "User relies on
docker-compose for local dev"). It is only a reading aid: the stored text is never
changed.

>>> canonical_fact("The user is not a fan of Lombok.")
'User dislikes Lombok'
>>> canonical_fact("Xcode is the user's IDE for iOS development.")
"User's IDE for iOS development is Xcode"
>>> canonical_fact("Ansible handles the user's deployments")
'User uses Ansible for deployments'
>>> canonical_fact("CocoaPods is not used by the user")
'User does not use CocoaPods'
>>> canonical_fact("For local dev, the user relies on docker-compose.")
'User uses docker-compose for local dev'
>>> canonical_fact("User corrected: they are a junior engineer, not senior")
'User is a junior engineer, not senior'
>>> canonical_fact("Not yarn \u2014 the user actually uses bun.")
'User actually uses bun, not yarn'
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

__all__ = ["canonical_fact", "tidy_fact"]

#: A name as people write it: one to three words, the first capitalised, or a single
#: lower-case word with a digit, dot, dash or plus in it ("uv", "k8s", "docker-compose").
_NAME: Final = r"(?P<x>(?:[A-Z][\w.+#/-]*|[a-z][\w.+#/-]*)(?:\s+[A-Z0-9][\w.+#/-]*){0,2})"
_USER: Final = r"(?:the\s+)?user"

_SHAPES: Final[tuple[tuple[re.Pattern[str], str], ...]] = tuple(
    (re.compile(p, re.IGNORECASE if flags else 0), r)
    for p, r, flags in (
        # "X is the user's editor" -> "User's editor is X"
        (rf"^{_NAME}\s+(?:is|are)\s+{_USER}'s\s+(?P<slot>[^,;]+)$", r"User's \g<slot> is \g<x>", 0),
        # "X is the statistics package the user uses" -> "User uses X"
        (
            rf"^{_NAME}\s+(?:is|are)\s+(?:the|a|an)\s+(?P<what>(?:[\w-]+\s+){{0,2}}?[\w-]+)\s+"
            rf"(?:that\s+|which\s+)?(?:the\s+)?user\s+(?:uses|relies\s+on|works\s+(?:with|in))$",
            r"User uses \g<x> as the \g<what>",
            0,
        ),
        # "The user's MATLAB version is R2023a" -> "User uses MATLAB R2023a"
        (
            rf"^(?:[Tt]he\s+)?[Uu]ser's\s+{_NAME}\s+version\s+is\s+(?P<v>[\w.+-]+)$",
            r"User uses \g<x> \g<v>",
            0,
        ),
        # "X is not used by the user (for Y)" -> "User does not use X (for Y)"
        (
            rf"^{_NAME}\s+(?:is|are)\s+(?:not|never)\s+used\s+by\s+{_USER}(?P<rest>.*)$",
            r"User does not use \g<x>\g<rest>",
            0,
        ),
        (
            rf"^{_NAME}\s+(?:is|are)\s+used\s+by\s+{_USER}(?P<rest>.*)$",
            r"User uses \g<x>\g<rest>",
            0,
        ),
        # "X handles / manages / runs / powers the user's Y" -> "User uses X for Y"
        (
            rf"^{_NAME}\s+(?:handles|manages|runs|powers|hosts|builds|drives|serves)\s+"
            rf"{_USER}'s\s+(?P<obj>[^,;]+)$",
            r"User uses \g<x> for \g<obj>",
            0,
        ),
        # "X is where the user deploys apps" -> "User deploys apps on X"
        (rf"^{_NAME}\s+is\s+where\s+{_USER}\s+(?P<rest>[^,;]+)$", r"User \g<rest> on \g<x>", 0),
        # "Styles are done with X by the user" -> "User uses X for styles"
        (
            r"^(?P<obj>[\w -]{2,40}?)\s+(?:is|are)\s+(?:done|written|built|managed|handled|"
            r"made|run|deployed|containeri[sz]ed|defined|configured|created)\s+(?:with|in|using|"
            rf"through|via|on)\s+{_NAME}\s+by\s+{_USER}$",
            r"User uses \g<x> for \g<obj>",
            1,
        ),
        # "Infrastructure is managed by the user with Terraform" -> "User uses Terraform for ..."
        (
            r"^(?P<obj>[\w -]{2,40}?)\s+(?:is|are)\s+(?:\w+ed|built|done|run|made|written|kept|"
            rf"held)\s+by\s+{_USER}\s+(?:with|in|using|through|via|on)\s+{_NAME}$",
            r"User uses \g<x> for \g<obj>",
            1,
        ),
        # "User's Home Assistant instance is hosted on a Pi 4" -> "User runs Home Assistant on ..."
        (
            rf"^User's\s+{_NAME}(?:\s+(?:instance|server|setup|install|installation|box|cluster))?"
            r"\s+(?:is\s+hosted|is\s+running|runs|is\s+deployed|is\s+self-hosted|lives)\s+"
            r"on\s+(?P<y>.+)$",
            r"User runs \g<x> on \g<y>",
            0,
        ),
        # "User's deployments are handled by Argo CD" -> "User uses Argo CD for deployments"
        (
            r"^User's\s+(?P<obj>[\w -]{2,40}?)\s+(?:is|are)\s+(?:handled|managed|done|run|"
            rf"powered|served|hosted|built|orchestrated|driven)\s+by\s+{_NAME}$",
            r"User uses \g<x> for \g<obj>",
            1,
        ),
        # "User's servers are rented from Hetzner", "User's analytics data lives in ClickHouse"
        (
            r"^User's\s+(?P<obj>[\w -]{2,40}?)\s+(?:(?:is|are)\s+(?:\w+ed|built|done|run|made|"
            r"written|kept|held)|lives?|sits?|runs?|goes|go)\s+(?:from|on|in|with|at|via|through|"
            rf"using|into)\s+(?!(?:them|him|her|us|me|you)\b){_NAME}$",  # (not "... with them")
            r"User uses \g<x> for \g<obj>",
            1,
        ),
        # "For local dev, the user ..." -> "User ... for local dev"
        (
            rf"^(?P<prep>for|in|at|on|when|while)\s+(?P<what>[^,]{{2,40}}),\s*{_USER}\s+(?P<rest>.+)$",
            r"User \g<rest> \g<prep> \g<what>",  # the preposition lower-cased below
            1,
        ),
    )
)

#: Verbs and phrases that say the same thing as a plainer one.
_SAME: Final[tuple[tuple[re.Pattern[str], str], ...]] = tuple(
    (re.compile(p, re.IGNORECASE), r)
    for p, r in (
        (
            r"\bis\s+(?:really\s+)?not\s+(?:a\s+|much\s+of\s+a\s+)?(?:big\s+|huge\s+)?fan\s+of\b",
            "dislikes",
        ),
        (r"\bis\s+(?:a\s+)?(?:big\s+|huge\s+)?fan\s+of\b", "likes"),
        (r"\b(?:relies|depends)\s+on\b", "uses"),
        (r"\bis\s+employed\s+(?:by|at)\b", "works at"),
        (r"\bworks\s+as\s+(?=an?\b)", "is "),
        (r"^User\s+(?:lives|resides)\s+in\b", "User is based in"),
        (r"\bis\s+(?:currently\s+|now\s+)?(?:picking\s+up|getting\s+into)\b", "is learning"),
        (r"\bfavou?rs\b", "prefers"),
        (r"\b(?:reaches|reached)\s+for\b", "uses"),
        (r"\b(?:sticks|stuck)\s+(?:with|to)\b", "uses"),
        (r"\bleans\s+on\b", "uses"),
        (r"\bswears\s+by\b", "likes"),
        (r"\bhacks\s+on\b", "works on"),
        (
            r"\b(?:is on|uses|works on|runs|codes on|develops on)\s+an?\s+Mac\b"
            r"(?!\s+(?:mini|Pro|Studio)\b)",
            "uses macOS",
        ),
        (r"\bcan'?t\s+stand\b", "dislikes"),
        (r"\b(?:a|an)\s+PM\b", "a product manager"),  # (a role: not "10 PM")
        (r"\bis\s+(?:currently\s+|now\s+)?studying\b", "is learning"),
        (r"\biPhone\s+(apps?|applications?|development|developer)\b", r"iOS \1"),
        (r"\bfinancial[- ]technology\b", "fintech"),
    )
)


_REPORTED_RE: Final = re.compile(
    r"^(?:the\s+)?user\s+(?:has\s+)?(?:corrected|clarified|confirmed|says|said|noted|mentioned|"
    r"explained|added)(?:\s+that)?\s*[:,]?\s*(?=(?:they|he|she)(?:\b|'))",
    re.IGNORECASE,
)
_PRONOUN_RE: Final = re.compile(r"^(?:they|he|she)(?:\s+|(?='))(?P<verb>'?[a-z']+)\b", re.I)
_PRONOUN_VERBS: Final[dict[str, str]] = {
    "are": "is",
    "is": "is",
    "were": "was",
    "was": "was",
    "have": "has",
    "has": "has",
    "do": "does",
    "does": "does",
    "don't": "does not",
    "doesn't": "does not",
    "can": "can",
    "can't": "cannot",
    "will": "will",
    "would": "would",
    "prefer": "prefers",
    "'re": "is",
    "'s": "is",
    "'ve": "has",
    "cannot": "cannot",
    "use": "uses",
    "like": "likes",
    "want": "wants",
    "work": "works",
    "live": "lives",
    "write": "writes",
    "need": "needs",
    "dislike": "dislikes",
    "hate": "hates",
    "love": "loves",
    "run": "runs",
    "build": "builds",
    "should": "should",
    "may": "may",
    "might": "might",
    "must": "must",
}
_FRONTED_NOT_RE: Final = re.compile(
    r"^not\s+(?!(?:sure|really|yet|now|quite|exactly|always|so|that|much|only|just)\b)(?P<x>[\w.+#/-]+(?:\s+[\w.+#/-]+)?)\s*(?:[\u2014\u2013:;,]|\s-)\s*(?P<rest>.+)$",
    re.IGNORECASE,
)


def tidy_fact(text: str) -> str:
    """``text`` with one space between words, straight apostrophes, no final full stop
    and "User" for a leading "the user": the first step of :func:`canonical_fact`."""
    clean = re.sub(r"\s+", " ", text.replace("\u2019", "'")).strip()
    clean = re.sub(r"[.!]+$", "", clean).strip()
    return re.sub(r"^the user\b", "User", clean, flags=re.IGNORECASE)


_NUMBER_WORDS: Final = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
_COUNT_WORDS: Final = {w: i for i, w in enumerate(_NUMBER_WORDS, start=2)} | {
    "eleven": 11,
    "twelve": 12,
    "fifteen": 15,
    "twenty": 20,
    "thirty": 30,
    "fifty": 50,
    "hundred": 100,
}
#: A count written as a word before a plural noun ("five engineers" is "5 engineers").
_COUNT_WORD_RE: Final = re.compile(
    rf"\b({'|'.join(_COUNT_WORDS)})(?=\s+(?:[\w-]+\s+)?[a-z][\w-]*s\b)", re.IGNORECASE
)


@lru_cache(maxsize=8192)
def canonical_fact(text: str) -> str:
    """``text`` in the subject-first wording (see the module docstring); text of another
    shape comes back tidied only (spaces, curly apostrophes, a final full stop)."""
    clean = _REPORTED_RE.sub(
        "", tidy_fact(text)
    )  # "User corrected: they are ..." -> "they are ..."
    pronoun = _PRONOUN_RE.match(clean)
    verb = _PRONOUN_VERBS.get(pronoun["verb"].lower()) if pronoun else None
    if pronoun and verb:  # "they are a junior engineer" -> "User is a junior engineer"
        clean = f"User {verb}{clean[pronoun.end() :]}"
    fronted_not = _FRONTED_NOT_RE.match(clean)
    if fronted_not:  # "Not yarn: the user actually uses bun" -> "User actually uses bun, not yarn"
        clean = f"{fronted_not['rest']}, not {fronted_not['x']}"
        clean = re.sub(r"^the user\b", "User", clean, flags=re.IGNORECASE)
    for pattern, replacement in _SHAPES:
        match = pattern.match(clean)
        if match:
            clean = match.expand(replacement)
            if "prep" in pattern.groupindex:
                clean = clean.replace(f" {match['prep']} ", f" {match['prep'].lower()} ", 1)
            break
    clean = re.sub(r"^(?:user)\b", "User", clean, flags=re.IGNORECASE)
    clean = _COUNT_WORD_RE.sub(lambda m: str(_COUNT_WORDS[m[1].lower()]), clean)
    for pattern, replacement in _SAME:
        clean = pattern.sub(replacement, clean)
    return re.sub(r"\s+", " ", clean).strip()
