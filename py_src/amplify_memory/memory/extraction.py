"""Automatic, pattern-based extraction of memories from chat messages and agent actions.

:func:`extract_user_facts` reads what the *user* wrote and returns the stable facts
about them it states: preferences, technologies, coding style, workflow, how they
want answers, and personal details. Each fact is rewritten in the third person
("I prefer TypeScript" -> "User prefers TypeScript").

What it deliberately does not store:

* questions ("should I use React?", "do you like Rust?") -- a statement clause before
  the question in the same sentence ("I use React, should I add Redux?") is kept;
* hypotheticals and plans: clauses with "if", "might", "maybe", "would" (except
  "would rather / prefer / like"), "should", "wondering", "thinking", "planning",
  "want to try / learn", "not sure", ...;
* past habits ("I used Angular", "I used to love PHP");
* statements about other people ("my colleague prefers tabs"): a fact needs the user
  as the subject ("I ...", "my name / favourite X / stack ...", "we use X" for
  technologies) or a standing request to the assistant;
* reported or quoted text (quotes of three words or more, "> " lines, clauses with
  "said", "says", "told", "according to") and code (fenced blocks, code-looking lines);
* the assistant's message: it is accepted for context only and never read.

A negated statement keeps its polarity: "I don't like Java" -> "User does not like
Java", never "User likes Java". Requests to the assistant count only when they are
standing ("always", "never", "from now on", "for all ...") or about answers
("keep your answers short"): "use React for this component" is a task, not a
preference.

:func:`extract_project_context` splits an agent's action description ("Created
src/auth/login.tsx: decided to use JWT in httpOnly cookies; must support OAuth") into
decisions, requirements, constraints, patterns, errors, fixes and so on, attaching
the files and the technologies mentioned as tags.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from amplify_memory.errors import DocumentValidationError
from amplify_memory.memory.kinds import PROJECT_TYPES, USER_CATEGORIES
from amplify_memory.memory.technologies import find_technologies

__all__ = [
    "ExtractedContext",
    "ExtractedFact",
    "extract_project_context",
    "extract_user_facts",
]


def _wordlist(text: str) -> list[str]:
    """The whitespace-separated words of ``text``."""
    return text.split()


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
        _check_type(self.type)


# ---------------------------------------------------------------------------------------
# Shared text helpers

_APOSTROPHES_RE: Final = re.compile(r"[\u2018\u2019\u02bc]")
_DQUOTES_RE: Final = re.compile(r"[\u201c\u201d\u201e]")
_CONTRACTIONS: Final[tuple[tuple[re.Pattern[str], str], ...]] = tuple(
    (re.compile(p, re.IGNORECASE), r)
    for p, r in (
        (r"\bcan't\b", "cannot"),
        (r"\bwon't\b", "will not"),
        (r"\b(do|does|did|is|are|was|were|have|has|had|would|should|could)n't\b", r"\1 not"),
        (r"\bI'm\b", "I am"),
        (r"\bI've\b", "I have"),
        (r"\bI'd\b", "I would"),
        (r"\bI'll\b", "I will"),
        (r"\bwe're\b", "we are"),
        (r"\bwe've\b", "we have"),
        (r"\bwe'd\b", "we would"),
        (r"\bwhat's\b", "what is"),
        (r"\bit's\b", "it is"),
        (r"\bthat's\b", "that is"),
        (r"\blet's\b", "let us"),
    )
)


def _expand(text: str) -> str:
    """Unify quotes and apostrophes and expand the contractions the patterns rely on."""
    text = _APOSTROPHES_RE.sub("'", _DQUOTES_RE.sub('"', text))
    for pattern, replacement in _CONTRACTIONS:
        text = pattern.sub(replacement, text)
    return text


def _words(text: str) -> list[str]:
    """Lower-case words of ``text`` (letters, digits, ``'``, ``#``, ``+``)."""
    return re.findall(r"[a-z0-9#+']+", text.lower())


def _capitalise(text: str) -> str:
    """First letter upper-case, the rest untouched."""
    return text[:1].upper() + text[1:]


def _tidy(text: str) -> str:
    """Collapse spaces and strip surrounding spaces and trailing punctuation."""
    return re.sub(r"\s+", " ", text).strip().strip(" ,;:-").rstrip(".!?…").strip()


# ---------------------------------------------------------------------------------------
# User facts

_FENCE_RE: Final = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)
_INLINE_CODE_RE: Final = re.compile(r"`([^`\n]*)`")
_QUOTE_RE: Final = re.compile(r'"([^"\n]*)"')
_CODE_LINE_RE: Final = re.compile(
    r"^\s*(?:import |from \S+ import|def |class \w+[:(]|const |let |var |function |"
    r"export |return |#include|//|/\*|\$ |>>> |<[a-zA-Z/]|[{}\[\]();]+\s*$)|[;{}]\s*$"
)
_SENTENCE_RE: Final = re.compile(r"(?:[^.!?\n]|[.!?](?![.!?]*(?:\s|$)))+(?:[.!?]+|\n|$)")
_CLAUSE_SPLIT_RE: Final = re.compile(
    r"\s*;\s*|,\s*(?=(?:and |but |so |also |then )?(?:I|we|please|just|my|do not|don't|"
    r"always|never)\b)|,\s*so\s+|\s+(?:and|but|so|while|whereas)\s+(?=(?:I|we|my)\b)"
    r"|,\s*(?=(?:should|shall|can|could|would|what|which|how|why|do|does|is|are)\b)"
    r"|,?\s+(?:because|since|as it|so that|which)\s+",
    re.IGNORECASE,
)
_INTERROGATIVE_RE: Final = re.compile(
    r"^(?:what|which|why|how|when|where|who|whom|whose)\b|"
    r"^(?:should|shall|can|could|would|will|do|does|did|is|are|am|was|were|have|has)\s+"
    r"(?:i|you|we|it|they|he|she|there|this|that|these|those|my|your|the|a|an)\b",
    re.IGNORECASE,
)
_POLITE_REQUEST_RE: Final = re.compile(
    r"^(?:can|could|would|will)\s+you\s+(?:please\s+)?(?P<rest>.+)$", re.IGNORECASE
)
_LEADING_FILLER_RE: Final = re.compile(
    r"^(?:and|but|so|also|well|ok|okay|oh|hmm|btw|by the way|honestly|actually|"
    r"personally|fyi|just so you know|for context|for the record|in general|generally|"
    r"anyway|hi|hey|hello|yeah|yes|great|thanks|thank you|cool|note|tbh|fwiw|"
    r"to be honest)\b[\s,:!.-]*",
    re.IGNORECASE,
)
_TRAILING_FILLER_RE: Final = re.compile(
    r"(?:[\s,]+(?:please|pls|plz|btw|by the way|thanks|thank you|lol|though|too|as well))+\s*$",
    re.IGNORECASE,
)
_STANDING_PHRASE_RE: Final = re.compile(
    r"\s*,?\s*\b(?:from now on|going forward|in (?:the )?future|by default|at all times)\b"
    r"\s*,?\s*",
    re.IGNORECASE,
)
_HYPOTHETICAL: Final = frozenset(
    _wordlist("""
    if unless might may maybe perhaps possibly probably whether wondering wonder
    considering consider thinking think believe guess planning plan gonna suppose
    imagine hypothetically someday eventually debating torn curious try trying tried
    should could
    """)
)
_HYPOTHETICAL_PHRASES_RE: Final = re.compile(
    r"\b(?:not sure|what if|let us say|going to|want to (?:try|learn|explore|switch|"
    r"experiment|check|look|play|test|start)|would (?!rather|prefer|like|love)|"
    r"in theory|someday|one day)\b",
    re.IGNORECASE,
)
_REPORTED: Final = frozenset(
    _wordlist("said says told tells claims claimed recommends recommended suggested suggests")
)
_PAST: Final = frozenset(_wordlist("used liked loved preferred hated wanted worked"))

_ADVERBS_KEPT: Final = frozenset(
    _wordlist("""
    always usually often never generally typically mostly mainly primarily normally
    really strongly definitely sometimes rarely only exclusively absolutely much almost
    totally heavily no longer
    """)
)
_ADVERBS_DROPPED: Final = frozenset(
    _wordlist("also just personally honestly actually basically still currently now")
)
_PREFERENCE_VERBS: Final = frozenset(
    _wordlist("prefer like love enjoy hate dislike want need adore detest loathe")
)
_USAGE_VERBS: Final = frozenset(
    _wordlist("""
    use work build write code develop program run deploy host rely stick
    """)
)
_HABIT_ADVERBS: Final = frozenset(
    _wordlist("always usually never generally typically normally tend")
)
_ROLE_RE: Final = re.compile(
    r"^(?:a|an)\s+(?:[\w+#./-]+\s+){0,4}?(?:developer|engineer|dev|programmer|designer|"
    r"student|founder|co-founder|cto|ceo|architect|scientist|analyst|manager|lead|"
    r"consultant|freelancer|hobbyist|beginner|teacher|researcher|intern|sre|"
    r"contractor|maintainer)s?\b",
    re.IGNORECASE,
)
_IMPERATIVE_VERBS: Final = frozenset(
    _wordlist("""
    answer reply respond write use give keep be explain show include add avoid format
    put stop talk speak skip limit make return provide mention ask default stick comment
    name indent document type test follow suggest prefer recommend remember call
    """)
)
_STANDING_WORDS_RE: Final = re.compile(
    r"\b(?:always|never|from now on|going forward|in (?:the )?future|by default|"
    r"every time|whenever|at all times|stop|for all|in all|all (?:your|the) |every)\b",
    re.IGNORECASE,
)
# A request mentioning these is about how to answer, so it stands without "always".
_ABOUT_ANSWERS_RE: Final = re.compile(
    r"\b(?:answers?|responses?|repl(?:y|ies)|tone|emojis?|bullet points?|jargon|small talk|"
    r"verbose|concise(?:ly)?|brief(?:ly)?|terse|wordy|simply|simple terms|plain english)\b",
    re.IGNORECASE,
)
_CATEGORY_PATTERNS: Final[tuple[tuple[str, re.Pattern[str]], ...]] = tuple(
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
_PRONOUNS: Final[tuple[tuple[re.Pattern[str], str], ...]] = tuple(
    (re.compile(p), r)
    for p, r in (
        (r"\bI am\b", "they are"),
        (r"\bI have\b", "they have"),
        (r"\bI\b", "they"),
        (r"\b[Mm]y\b", "their"),
        (r"\b[Mm]yself\b", "themselves"),
        (r"\b[Mm]ine\b", "theirs"),
        (r"\bto me\b", "to them"),
        (r"\b[Mm]e\b", "them"),
    )
)


def _strip_code_and_quotes(text: str) -> str:
    """Remove code blocks, code lines, "> " quotes and quoted passages of 3+ words."""
    text = _FENCE_RE.sub("\n", text)
    text = _INLINE_CODE_RE.sub(lambda m: m.group(1) if " " not in m.group(1) else " ", text)
    lines = [
        line
        for line in text.splitlines()
        if not line.lstrip().startswith(">") and not _CODE_LINE_RE.search(line)
    ]
    text = "\n".join(lines)
    return _QUOTE_RE.sub(lambda m: m.group(1) if len(m.group(1).split()) < 3 else " ", text)


def _sentences(text: str) -> Iterable[tuple[str, bool]]:
    """``(sentence, is_question)`` pairs."""
    for match in _SENTENCE_RE.finditer(text):
        sentence = match.group().strip()
        if sentence:
            yield sentence.rstrip(".!\n").strip(), sentence.endswith("?")


def _clauses(sentence: str) -> list[str]:
    """Cut a sentence into clauses (each with its own subject), without reason clauses."""
    parts: list[str] = []
    reason = re.compile(r",?\s+(?:because|since|as it|so that|which)\s+", re.IGNORECASE)
    pos = 0
    for match in _CLAUSE_SPLIT_RE.finditer(sentence):
        parts.append(sentence[pos : match.start()])
        if reason.fullmatch(match.group()):
            return [p for p in parts if p.strip()]  # the rest is the reason: dropped
        pos = match.end()
    parts.append(sentence[pos:])
    return [p for p in parts if p.strip()]


def _strip_filler(clause: str) -> str:
    """Remove leading discourse markers and trailing "please", "btw", ..."""
    previous = None
    while previous != clause:
        previous = clause
        clause = _LEADING_FILLER_RE.sub("", clause.strip(" ,;:-!")).strip()
    return _TRAILING_FILLER_RE.sub("", clause).strip(" ,;:-")


def _is_hypothetical(clause: str) -> bool:
    """True for clauses that are conditional, uncertain, planned or reported."""
    words = set(_words(clause))
    return (
        bool(words & _HYPOTHETICAL or words & _REPORTED or _HYPOTHETICAL_PHRASES_RE.search(clause))
        or "according to" in clause.lower()
    )


def _category(text: str, default: str) -> str:
    """The first category whose keywords ``text`` contains, else ``default``."""
    for category, pattern in _CATEGORY_PATTERNS:
        if pattern.search(text):
            return category
    return default


def _third_person(verb: str) -> str:
    """Present-tense third-person singular of a base-form verb."""
    lower = verb.lower()
    irregular = {"be": "is", "am": "is", "have": "has", "do": "does", "go": "goes"}
    if lower in irregular:
        return irregular[lower]
    if re.search(r"(?:s|sh|ch|x|z|o)$", lower):
        return verb + "es"
    if re.search(r"[^aeiou]y$", lower):
        return verb[:-1] + "ies"
    return verb + "s"


def _to_third_person(rest: str) -> str:
    """Rewrite what follows "I" as what follows "User"."""
    tokens = rest.split()
    out: list[str] = []
    i = 0
    while i < len(tokens):
        word = tokens[i].lower()
        if word in _ADVERBS_DROPPED:
            i += 1
            continue
        if word == "no" and i + 1 < len(tokens) and tokens[i + 1].lower() == "longer":
            out += tokens[i : i + 2]
            i += 2
            continue
        if word in _ADVERBS_KEPT:
            out.append(tokens[i])
            i += 1
            continue
        break
    if i < len(tokens):
        verb = tokens[i]
        lower = verb.lower()
        if lower == "do" and i + 1 < len(tokens) and tokens[i + 1].lower() == "not":
            out.append("does")
        elif lower in {"would", "will", "can", "cannot", "could", "must", "may", "might"}:
            out.append(lower)
        elif lower == "tend":
            out.append("tends")
        else:
            out.append(_third_person(verb))
        i += 1
    tail = " ".join(tokens[i:])
    for pattern, replacement in _PRONOUNS:
        tail = pattern.sub(replacement, tail)
    tail = re.sub(r"\byou\b", "the assistant", tail)
    tail = re.sub(r"\byour\b", "the assistant's", tail)
    return _tidy(" ".join(["User", *out, tail]))


def _imperative_content(request: str) -> str:
    """Rewrite a standing request ("always answer in German") as a fact about the user."""
    request = _STANDING_PHRASE_RE.sub(" ", request).strip(" ,")
    request = re.sub(r"^please\s+", "", request, flags=re.IGNORECASE)
    request = re.sub(r"\byour\b", "its", request, flags=re.IGNORECASE)
    request = re.sub(r"\b(?:to me|me)\b", "the user", request)
    request = re.sub(r"\bmy\b", "the user's", request, flags=re.IGNORECASE)
    request = re.sub(r"\b(answer|reply|respond) the user\b", r"\1", request)
    lower = request.lower()
    if lower.startswith(("do not ", "don't ")):
        body = request.split(None, 2)[2] if lower.startswith("do not ") else request[6:]
        return _tidy(f"User does not want the assistant to {body}")
    return _tidy(f"User wants the assistant to {request[:1].lower()}{request[1:]}")


def _request_facts(clause: str, *, polite: bool) -> list[ExtractedFact]:
    """Facts from a request to the assistant, if it is a standing one."""
    body = re.sub(r"^please\s+", "", _STANDING_PHRASE_RE.sub(" ", clause).strip(" ,"), flags=re.I)
    first = _words(body)[:2]
    if not first:
        return []
    head = (
        first[1]
        if first[0] in {"always", "never", "do", "don't"} and len(first) > 1
        else (first[0])
    )
    if first[:2] == ["do", "not"]:
        head = _words(body)[2] if len(_words(body)) > 2 else ""
    if head not in _IMPERATIVE_VERBS and first[0] not in {"always", "never"}:
        return []
    if head == "call":
        match = re.match(r"call me (?P<name>[A-Z][\w'-]*)$", body, re.IGNORECASE)
        if match:
            return [ExtractedFact(f"User prefers to be called {match['name']}", "personal")]
        return []
    standing = bool(_STANDING_WORDS_RE.search(clause))
    if not (standing or (_ABOUT_ANSWERS_RE.search(clause) and not polite)):
        return []
    content = _imperative_content(clause)
    return [ExtractedFact(content, _category(clause, "preference"))]


def _tech_facts(clause: str) -> list[ExtractedFact]:
    """ "User uses X" facts for each technology, with the clause's polarity."""
    lower = clause.lower()
    facts: list[ExtractedFact] = []
    no_longer = bool(re.search(r"\b(?:no longer|anymore|stopped|quit|gave up)\b", lower))
    negated = bool(re.search(r"\b(?:do not|never|cannot|not)\b", lower))
    switched = re.search(r"\b(?:switched|moved|migrated)\s+from\s+(.+?)\s+to\s+(.+)$", clause, re.I)
    if switched:
        old, new = switched.group(1), switched.group(2)
        facts += [ExtractedFact(f"User uses {t}", "tech_stack") for t in find_technologies(new)]
        facts += [
            ExtractedFact(f"User no longer uses {t}", "tech_stack") for t in find_technologies(old)
        ]
        return facts
    split = re.search(r",\s*not\s+|\s+(?:instead of|rather than|over)\s+", clause, re.IGNORECASE)
    main, other = (clause[: split.start()], clause[split.end() :]) if split else (clause, "")
    for tech in find_technologies(main):
        if no_longer:
            facts.append(ExtractedFact(f"User no longer uses {tech}", "tech_stack"))
        elif negated and not split:
            facts.append(ExtractedFact(f"User does not use {tech}", "tech_stack"))
        else:
            facts.append(ExtractedFact(f"User uses {tech}", "tech_stack"))
    facts += [
        ExtractedFact(f"User does not use {t}", "tech_stack") for t in find_technologies(other)
    ]
    return facts


_SUBJECT_RE: Final = re.compile(
    r"^(?:(?P<lead>(?:for|in|on|at|with|during|outside|these days|nowadays|lately|"
    r"most of the time)\b[^,]*?),?\s+)?(?P<subject>I|we)\s+(?P<rest>.+)$",
    re.IGNORECASE,
)
_MY_RE: Final = re.compile(
    r"^my\s+(?P<what>name|timezone|time zone|pronouns|(?:favou?rite|preferred|main|"
    r"primary|go-to|default)\s+[\w .+#-]+?|(?:tech\s+)?stack|app|project|backend|frontend|"
    r"api|site|codebase|repo|service)\s+(?P<verb>is|are|uses|runs on|is built with|"
    r"is written in)\s+(?P<value>.+)$",
    re.IGNORECASE,
)
_OUR_RE: Final = re.compile(
    r"^our\s+(?:tech\s+)?(?:stack|app|project|backend|frontend|api|site|codebase|repo|"
    r"service)\s+(?:is|are|uses|runs on|is built with|is written in)\s+(?P<value>.+)$",
    re.IGNORECASE,
)


def _statement_facts(clause: str) -> list[ExtractedFact]:
    """Facts from one first-person statement clause."""
    my = _MY_RE.match(clause)
    if my:
        what = my["what"].lower()
        if what in {"name"}:
            name = re.match(r"[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?", my["value"])
            return [ExtractedFact(f"User's name is {name.group()}", "personal")] if name else []
        if what in {"timezone", "time zone", "pronouns"}:
            return [ExtractedFact(_tidy(f"User's {clause[3:]}"), "personal")]
        if what.startswith(
            ("favourite", "favorite", "preferred", "main", "primary", "go-to", "default")
        ):
            content = _tidy("User's " + clause[3:])
            return [ExtractedFact(content, _category(clause, "preference"))]
        return _tech_facts(my["value"])
    our = _OUR_RE.match(clause)
    if our:
        return _tech_facts(our["value"])
    match = _SUBJECT_RE.match(clause)
    if not match:
        return []
    subject, rest, lead = match["subject"], match["rest"], match["lead"]
    words = _words(rest)
    if not words:
        return []
    core = [w for w in words if w not in _ADVERBS_DROPPED]
    # Skip adverbs to find the verb.
    idx = 0
    while idx < len(core) and (core[idx] in _ADVERBS_KEPT or core[idx] == "longer"):
        idx += 1
    if idx >= len(core):
        return []
    verb = core[idx]
    after = core[idx + 1 :]
    negated = verb in {"do", "does", "cannot", "will"} and after[:1] == ["not"]
    if negated or verb == "cannot":
        verb_index = idx + 2 if after[:1] == ["not"] else idx + 1
        verb = core[verb_index] if verb_index < len(core) else ""
        after = core[verb_index + 1 :]
    if verb in _PAST:
        return []
    if subject.lower() == "we":
        if verb in _USAGE_VERBS or (verb == "are" and after[:1] and after[0].endswith("ing")):
            return _tech_facts(clause)
        return []
    habit = bool(set(core[: idx + 1]) & _HABIT_ADVERBS) or verb == "tend"
    content = _to_third_person(rest)
    if lead:
        content = f"{content} {lead[:1].lower()}{lead[1:]}"
    content = _tidy(content)
    if verb == "am":
        return _am_facts(rest, clause, content)
    if verb == "have":
        if re.search(r"\byears? of experience\b", rest, re.IGNORECASE):
            return [ExtractedFact(content, "personal")]
        if after[:1] == ["been"] and len(after) > 1 and after[1].endswith("ing"):
            return _usage_facts(clause, content)
        return []
    if verb == "would":
        if after[:1] and after[0] in {"rather", "prefer", "like", "love"}:
            return [ExtractedFact(content, _category(clause, "preference"))]
        return []
    if verb in {"stopped", "quit", "switched", "moved", "migrated"}:
        return _tech_facts(clause)
    if verb == "need":
        if _category(clause, "") == "communication":
            return [ExtractedFact(content, "communication")]
        return []
    if verb in _PREFERENCE_VERBS:
        return [ExtractedFact(content, _category(clause, "preference"))]
    if verb in _USAGE_VERBS and not (
        verb == "work" and re.search(r"\bwork\w*\s+(?:at|for|as)\b", rest, re.IGNORECASE)
    ):
        return _usage_facts(clause, content)
    if verb == "work":
        return [ExtractedFact(content, "personal")]
    if verb == "live":
        return [ExtractedFact(content, "personal")]
    if habit or _category(clause, "") in {"coding_style", "workflow"}:
        category = _category(clause, "")
        if category:
            return [ExtractedFact(content, category)]
    return []


def _usage_facts(clause: str, content: str) -> list[ExtractedFact]:
    """A usage clause: a style/workflow statement, else one fact per technology."""
    category = _category(clause, "")
    if category in {"coding_style", "workflow", "communication"}:
        return [ExtractedFact(content, category)]
    techs = _tech_facts(clause)
    if techs:
        return techs
    return [ExtractedFact(content, "preference")] if category else []


def _am_facts(rest: str, clause: str, content: str) -> list[ExtractedFact]:
    """Facts from "I am ..." clauses: role, place, learning, fan of, using, name."""
    body = re.sub(r"^(?:am)\s+", "", rest.strip(), flags=re.IGNORECASE)
    lower = body.lower()
    if lower.startswith("not "):
        if re.match(r"not (?:a |much of a |the biggest )?fan of\b", lower):
            return [ExtractedFact(content, _category(clause, "preference"))]
        return []
    if _ROLE_RE.match(body):
        return [ExtractedFact(content, "personal")]
    if re.match(
        r"(?:based|located|living)\s+in\b|from\s+[A-Z]|in\s+the\s+\w+\s+time\s*zone",
        body,
        re.IGNORECASE,
    ):
        return [ExtractedFact(content, "personal")]
    if re.match(r"(?:a |a big |a huge )?fan of\b", lower):
        return [ExtractedFact(content, _category(clause, "preference"))]
    if re.match(
        r"(?:new to|familiar with|comfortable with|experienced with|an expert in|"
        r"good at|fluent in|proficient in)\b",
        lower,
    ):
        return [ExtractedFact(content, "personal")]
    if lower.startswith("learning "):
        return [ExtractedFact(content, "other")]
    if re.match(
        r"(?:using|building|working with|working in|writing|coding in|developing|"
        r"running|deploying|hosting)\b",
        lower,
    ):
        return _usage_facts(clause, content)
    name = re.fullmatch(r"([A-Z][a-z]+)(?:\s*,.*)?", body.strip())
    if name:
        return [ExtractedFact(f"User's name is {name.group(1)}", "personal")]
    return []


def _clause_facts(clause: str, *, in_question: bool) -> list[ExtractedFact]:
    """Facts from one clause, or nothing when it is not a statement about the user."""
    clause = _strip_filler(clause)
    if not clause or _INTERROGATIVE_RE.match(clause):
        polite = _POLITE_REQUEST_RE.match(clause)
        if polite and not _is_hypothetical(polite["rest"]):
            return _request_facts(polite["rest"], polite=True)
        return []
    if in_question or _is_hypothetical(clause):
        return []
    if re.match(
        r"^(?:I|we|my|our)\b|^(?:for|in|on|at|with|during|these days|nowadays|"
        r"lately)\b",
        clause,
        re.IGNORECASE,
    ):
        return _statement_facts(clause)
    return _request_facts(clause, polite=False)


def extract_user_facts(
    user_message: str, assistant_message: str | None = None
) -> list[ExtractedFact]:
    """The facts about the user stated in ``user_message``, in order, without repeats.

    ``assistant_message`` is accepted as context but never read: the assistant's
    words are not the user's.

    >>> [f.content for f in extract_user_facts("I'm building it with React and Supabase")]
    ['User uses React', 'User uses Supabase']
    >>> extract_user_facts("I don't like Java")[0].content
    'User does not like Java'
    >>> extract_user_facts("Should I use React?"), extract_user_facts("My colleague likes tabs")
    ([], [])
    """
    del assistant_message  # context only: never extracted from
    text = _expand(_strip_code_and_quotes(user_message))
    facts: dict[str, ExtractedFact] = {}
    for sentence, is_question in _sentences(text):
        clauses = _clauses(sentence)
        for i, clause in enumerate(clauses):
            last = i == len(clauses) - 1
            for fact in _clause_facts(clause, in_question=is_question and last):
                facts.setdefault(_tidy(fact.content).casefold(), fact)
    return list(facts.values())


# ---------------------------------------------------------------------------------------
# Project context

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
            r"\b(?:fails?|failed|failing|crash(?:es|ed)?|throws|exception|error|broken|"
            r"regression|undefined is not|cannot read)\b",
        ),
        (
            "constraint",
            r"\b(?:must not|must never|cannot|can't|should not|should never|may not|"
            r"not exceed|no more than|at most|under \d|below \d|less than \d|limited to|"
            r"within \d|maximum|do not use|don't use|never use|not allowed|forbidden|"
            r"only use|budget|stay under)\b",
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


def _check_type(value: object) -> str:
    """``value`` if it is a project-context type, else DocumentValidationError."""
    if not isinstance(value, str) or value not in PROJECT_TYPES:
        raise DocumentValidationError("type", f"one of {', '.join(PROJECT_TYPES)}", value)
    return value


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
    if type is not None:
        _check_type(type)
    if isinstance(files, str):
        files = (files,)
    prefix_files, rest = _split_action(action_description)
    all_files = tuple(dict.fromkeys([*files, *prefix_files]))
    if type is not None:
        content = _tidy(action_description)
        if not content:
            return []
        return [ExtractedContext(content, type, all_files, _tags(content))]
    out: list[ExtractedContext] = []
    seen: set[str] = set()
    for clause in re.split(r"\s*;\s*|(?<=[.!?])\s+(?=[A-Z])|\n+", rest):
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
            kind = next((k for k, p in _TYPE_PATTERNS if p.search(clause)), None)
        if kind is None:
            if not all_files:
                continue
            kind = "file_context"
        content = _decision_content(clause) if kind == "decision" else _capitalise(clause)
        content = _tidy(content)
        if content and content.casefold() not in seen:
            seen.add(content.casefold())
            out.append(ExtractedContext(content, kind, all_files, _tags(content)))
    return out


def _tags(text: str) -> tuple[str, ...]:
    """Lower-cased canonical names of the technologies ``text`` mentions."""
    return tuple(name.lower() for name in find_technologies(text))
