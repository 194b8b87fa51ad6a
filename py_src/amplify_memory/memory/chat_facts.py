"""One chat turn, routed: facts about the user to the profile, facts about the project
to that project's store.

When the chat belongs to a project (``in_project=True``), a clause goes to the
project when it speaks about the project rather than the user:

* it has "we", "let's", "our", "the team" or "this project / repo / app / codebase" as
  its subject or frame ("for this project we use PostgreSQL", "let's go with Redis");
* it is a rule for the code base ("never commit secrets to this repo", "the API must
  return JSON", "every endpoint needs a test", "all handlers follow the repository
  pattern");
* it reports the project's state ("login breaks on Safari", "fixed the CORS issue by
  ...", "build fails with ...").

First-person clauses ("I prefer tabs") and instructions about answers ("no emojis")
stay with the user. Outside a project every clause is read for the user, as
:func:`~amplify_memory.memory.user_facts.extract_user_facts` does.

>>> facts = extract_chat_facts(
...     "I personally prefer tabs, but for this project we use PostgreSQL with Prisma",
...     in_project=True)
>>> [f.content for f in facts.user], [(c.type, c.content) for c in facts.project]
(['User prefers tabs'], [('decision', 'Use PostgreSQL'), ('decision', 'Use Prisma')])
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Final

from amplify_memory.memory import _phrasing
from amplify_memory.memory._categories import category_of
from amplify_memory.memory._facts import ExtractedContext, ExtractedFact
from amplify_memory.memory._text import (
    MAX_FACT_LENGTH,
    MAX_PROJECT_FACT_LENGTH,
    capitalise,
    check_message,
    tidy,
)
from amplify_memory.memory.changes import (
    Replaced,
    names_a_value,
    replaced_in,
    retracted,
    says_changed,
    won_over,
)
from amplify_memory.memory.household import household_facts
from amplify_memory.memory.life_events import life_event_facts
from amplify_memory.memory.places import is_place
from amplify_memory.memory.project_facts import classify_clause, tags_of
from amplify_memory.memory.style_values import spotted_values
from amplify_memory.memory.succession import kind_replaced
from amplify_memory.memory.technologies import find_technology_mentions, lookup_technology
from amplify_memory.memory.topics import DEVICE_RE, frames_of, tool_group
from amplify_memory.memory.user_facts import (
    _INTERROGATIVE_RE,
    _KIN_NAME_RE,
    _OTHER_SUBJECT_RE,
    _OWN_GROUP_RE,
    _PARTNER_NAMED_RE,
    _PERSON_IS_RE,
    _TONGUE_RE,
    _is_hypothetical,
    _role_tail,
    _strip_filler,
    bare_count,
    clause_facts,
    finish,
    read_clauses,
    user_clauses,
    without_listed_repeats,
    without_retracted,
    without_sarcasm,
)

__all__ = ["ChatFacts", "extract_chat_facts"]


@dataclass(frozen=True, slots=True)
class ChatFacts:
    """What one user turn states: ``user`` facts and ``project`` context, and the
    technologies it says no longer hold (``replaced``: see
    :mod:`~amplify_memory.memory.changes`)."""

    user: tuple[ExtractedFact, ...] = ()
    project: tuple[ExtractedContext, ...] = ()
    replaced: tuple[Replaced, ...] = ()


_PROJECT_FRAME_RE: Final = re.compile(
    r"\b(?:this|the|our)\s+(?:project|repo|repository|codebase|code base|app|application|"
    r"service|services|api|backend|frontend|site|website|database|db|schema|monorepo|team|"
    r"product|system|build|pipeline|deployment|ci|server|client|customer|site|store|shop)\b"
    r"|\bfor this (?:one|project|repo|app)\b|\bhere\b(?=.*\b(?:we|team|repo)\b)",
    re.IGNORECASE,
)
_PROJECT_SUBJECT_RE: Final = re.compile(
    r"^(?:we|we're|we are|we've|we'll|let us|let's|lets|our|the team|team|decision|"
    r"requirement|constraint|pattern|architecture|bug|error|fix|fixed|going with|"
    r"go with|all|every|each|no \w+ in|never commit|don't commit|do not commit|"
    r"must|has to|needs to|should|(?:do not|don't|never)\s+(?:upgrade|downgrade|deploy|merge|"
    r"push|commit|touch|change|edit|modify|delete|remove|add|install|bump|ship|release))\b",
    re.IGNORECASE,
)
_STATE_RE: Final = re.compile(
    r"\b(?:breaks?|broken|fails?|failing|failed|crash\w*|throws|exception|error|bug|leak\w*|"
    r"timeouts?|times out|regression|doesn't work|does not work|not working|500s?|404s?|"
    r"fixed|fix was|resolved|workaround|must|has to|have to|needs? to|required|"
    r"should support|at most|under \d|no more than|stay under|not exceed|can't|cannot|can not|"
    r"not allowed|forbidden|banned|targeting|targets|supports?|monolith|microservices?|"
    r"modules?|source of truth|event-driven|serverless|as a cache|as the cache|queue|"
    r"getting|seeing|returns?|responds?|gets? killed|crash\w*|dies|hangs|stalls|freezes|"
    r"slow|slower|flaky|doing|deploys? (?:go|to|on)|overflows?|deadlocks?|race condition|"
    r"OOMs?|off-by-one|double[- ]counts?|corrupts?|corrupted|stale)\b|->|\u2192"
    r"|(?-i:\b\w+(?:Killed|Error|Exception)\b|\bE[A-Z]{4,}\b)|\b[45]\d\d\b",
    re.IGNORECASE,
)
#: A project's name as typed in its chat: "ember-quest", "kestrel-fw", "atlas-k8s".
_SLUG: Final = r"[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+"
_LEAD_RE: Final = re.compile(
    r"^(?:for (?:this|the) (?:project|repo|app|one|codebase)|in (?:this|the) (?:project|repo|"
    r"app|codebase)|here|on this project|for now|ok so|so|heads up|fyi|psa|quick note|"
    r"note|reminder|btw)\b\s*[,:]?\s*"
    rf"|^(?-i:{_SLUG})\s*:\s*|^(?:for|in|on)\s+(?-i:{_SLUG})"
    r"(?:\s*[,:]\s*|\s+(?=(?:we|we're|our|the team|let's|it|it's)\b))",
    re.IGNORECASE,
)
#: ... as the subject of a statement about it ("greenhouse-ctrl runs on an RP2040").
_SLUG_SUBJECT_RE: Final = re.compile(
    rf"^(?-i:{_SLUG})(?:'s)?\s+(?:\w+\s+)?(?:runs|uses|is|are|targets|needs|must|has|talks|"
    r"depends|stores|sends|reads|writes|ships|deploys|builds|lives|logs|calls|supports)\b",
    re.IGNORECASE,
)
_DECISION_RE: Final = re.compile(
    r"^(?:(?:we\s+)?(?:have\s+)?(?:decided|agreed|chose|chosen|picked|settled|went)\s*:?\s*"
    r"(?:(?P<to>to\s+)(?=go with|use|adopt|switch to|move to)|on\s+|with\s+)?"
    r"(?:go with|use|adopt|switch to|move to)?"
    r"|we\s+(?:have\s+)?(?:are going|"
    r"will|'ll)\s*(?:to\s+)?(?:on\s+|with\s+)?(?:go with|use|using|standardi[sz]ed on|"
    r"adopt|switch to|move to)?|we\s+(?:go with|standardi[sz]ed on|adopt|switched to|moved to)|"
    r"we(?:'re| are)\s+(?:using|on|going with|going|doing|adopting|"
    r"moving to|building on|running)|we use|"
    r"we run|we're on|let us|let's|lets|going with|go with|decision\s*:)\s*"
    r"(?:go with|use|using|stick with|try)?\s*",
    re.IGNORECASE,
)


_USER_WORDS_RE: Final = re.compile(
    r"\b(?:emojis?|jargon|preamble|apolog\w*|small talk|answers?|responses?|replies|"
    r"explanations?|tone|verbose|concise|brief|me|you|your|essays?|fluff|theory|lectures?|"
    r"rambling|walls? of text|tl;?dr|hand-?holding|intros?|preambles?|disclaimers?|"
    r"pleasantries|greetings)\b",
    re.IGNORECASE,
)


#: "Decision from today's meeting: ...", "Rule for the whole codebase: ...", "uni rules:
#: ...": a labelled statement about the project; the label gives its type.
_LABELLED_RE: Final = re.compile(_phrasing.LABEL_LEFT + r"\s*:\s*(?P<rest>\S.*)$", re.IGNORECASE)
_LABEL_KINDS: Final = {
    "decision": "decision",
    "rule": "constraint",
    "constraint": "constraint",
    "policy": "constraint",
    "requirement": "requirement",
    "convention": "pattern",
    "standard": "pattern",
    "guideline": "pattern",
}
#: A verb of its own after "we decided:" ("output goes to NetCDF4"): not "Use ...".
_OWN_VERB_RE: Final = re.compile(
    r"\b(?:goes|go|is|are|stays?|gets?|will|runs?|uses?|lives?|must|should|needs?|has|have|"
    r"becomes?|moves?|remains?)\b",
    re.IGNORECASE,
)
#: "We decided against custom SPFx web parts": a decision not to use something.
_DECIDED_AGAINST_RE: Final = re.compile(
    r"^(?:we\s+)?(?:have\s+)?(?:decided|voted|agreed|chose|went)\s+against\s+(?:using\s+)?"
    r"(?P<x>.+)$",
    re.IGNORECASE,
)


#: Someone the project is built for or answers to, asking for something: "Client wants
#: WCAG 2.2 AA across the whole site", "legal requires a cookie banner".
_STAKEHOLDER_RE: Final = re.compile(
    r"^(?:the\s+|our\s+|my\s+)?(?:client|customer|boss|pm|product\s+owner|po|stakeholders?|"
    r"legal|compliance|security|infosec|management|the\s+business|auditors?|regulators?|"
    r"school|university|uni|advisor|supervisor|professor)s?\s+(?:wants|want|needs|need|"
    r"requires|require|asked\s+for|asks\s+for|insists\s+on|insist\s+on|demands|mandates|"
    r"expects|says\s+we\s+(?:must|have\s+to|need\s+to))\b",
    re.IGNORECASE,
)


def _about_project(clause: str) -> bool:
    if re.match(
        r"^(?:I|I'm|I am|I've|my|me|personally|for me|to me|as for me)\b", clause, re.IGNORECASE
    ):
        return False
    if _STAKEHOLDER_RE.match(clause):
        return True
    if _LABELLED_RE.match(clause) or _DECIDED_AGAINST_RE.match(clause):
        return True
    lead = _LEAD_RE.match(clause)
    if lead and re.search(_SLUG, lead.group()):
        # "ember-quest: decided on a state machine": said of the project ("for my-app I
        # prefer tabs" stays the user's)
        rest = clause[lead.end() :]
        return not (
            re.match(r"(?:my|me|personally)\b", rest, re.I) or re.search(r"\bI(?:'m|'ve)?\b", rest)
        )
    if _SLUG_SUBJECT_RE.match(clause) or re.match(
        r"^(?:decided|agreed)\s*:|^(?:(?:decided|agreed)\s+(?:to\s+)?(?:go with|use|adopt|"
        r"switch to|move to|on)|picked|chose|went with|settled on|standardi[sz]ed on)\b",
        clause,
        re.I,
    ):
        return True  # a decision without "we" ("decided to use Redis"; not "decided to learn")
    if re.match(r"^(?:no|zero|never)\s+\w", clause, re.IGNORECASE) and not _USER_WORDS_RE.search(
        clause
    ):
        return True  # "no microservices", "no Jenkins": a rule of the code base
    return bool(
        _PROJECT_SUBJECT_RE.match(clause)
        or _PROJECT_FRAME_RE.search(clause)
        or _STATE_RE.search(clause)
        or _about_the_system(clause)
        or _stack_without_the_user(clause)
    )


#: The user as a clause's subject or owner, or as its feeling about something.
_THE_USER_RE: Final = re.compile(
    r"\b(?:I|I'm|Im|I've|I'd|I'll|my|me|mine|myself)\b|\b(?:fan|love|loves|like|likes|hate|"
    r"hates|prefer|prefers|favou?rite|enjoy|enjoys|can't stand|cannot stand|user here|"
    r"person|guy|gal|dev here|learn|learning|learned|learnt|study|studying|new to|used to|"
    r"on weekends|in my spare time|hobby|personally)\b|>",
    re.IGNORECASE,
)


def _stack_without_the_user(clause: str) -> bool:
    """In a project's chat, a clause that names technologies and not the user ("oban for
    background jobs, not exq", "Django 5 + DRF, celery with redis as broker", "SwiftUI
    only") states the project's stack; the user's own ("Vim user here", "huge fan of
    Elixir", "I use tmux") stays theirs, and so does a request ("use pnpm")."""
    return bool(
        _phrasing.tech_names(clause.rsplit(":", 1)[-1])  # ("payments: Stripe Checkout")
        and not _THE_USER_RE.search(clause)
        and not _USER_WORDS_RE.search(clause)
        and not _NOT_A_STACK_RE.search(clause)
        and not _phrasing.is_imperative(clause)
    )


#: What makes a clause naming technologies no statement of the stack: options ("Room or
#: SQLDelight"), a quote, someone's wish or suggestion, a task ("bump the redis chart"),
#: the form of an answer ("kubectl command only").
_NOT_A_STACK_RE: Final = re.compile(
    r"\bor\b|[\"\u201c\u201d`]|\b(?:pushing|push for|pushes|suggest\w*|propos\w*|thinks?|"
    r"wants?|wanted|recommend\w*|asked|asks|considering|evaluating|maybe|might|could|"
    r"commands?|snippets?)\b|^(?:bump|add|remove|rename|refactor|write|translate|fix|update|"
    r"create|generate|make|move|delete|upgrade|downgrade|install|run|restart|deploy|show|"
    r"give|explain|convert|check|review|try|set up|setup|put|wire|hook|port|migrate)\b",
    re.IGNORECASE,
)


#: A statement whose subject is a part of the system: "tf state lives in an S3 backend",
#: "target is nRF52840 with Zephyr RTOS", "Ads only through AdMob".
_SYSTEM_STATEMENT_RE: Final = re.compile(
    r"^(?!(?:it|that|this|they|which|everything|nothing|he|she)\s+(?:stays?|remains?)\W*$)"
    r"(?!(?:I|I'm|Im|I am|I've|my|me|mine|personally|you|your|please|pls|thanks|thank|"
    r"ok|okay|yes|no|yeah|nope|hi|hello|hey|btw|fyi|also|and|but|so|lol|haha|"
    r"\w+ed(?!\s+[\w-]+\s+(?:is|are)\s)|(?!\w+ing\s+(?:format|strategy|layer|page|service|flow|logic|module|config|rules?|"
    r"setup|policy|pipeline|system|library|framework|tests?|code|schema|endpoints?|api|queue|"
    r"jobs?|scheme|conventions?|provider|model|tiers?|plan)\b)\w+ing)\b)"
    r"[\w'./+#-]+(?:\s+(?!to\b)[\w'./+#-]+){0,4}?\s+"
    r"(?:is|are|lives?|runs?|goes|go|uses?|talks?|stores?|sits?|stays?|remains?|gets?|comes?|"
    r"happens?|follows?|only|through|via|on|in|over|with|=|:)"
    r"(?:\s+\S|(?:(?<=stays)|(?<=stay)|(?<=remains)|(?<=remain))\W*$)",  # ("the back wall stays")
    re.IGNORECASE,
)


def _about_the_system(clause: str) -> bool:
    """In a project's chat, a statement about a part of the system (not about the user,
    not a request to the assistant about its answers) is the project's."""
    statement = _SYSTEM_STATEMENT_RE.match(clause)
    return bool(
        statement
        and not _USER_WORDS_RE.search(clause)
        and (_FINITE_RE.search(statement.group()) or not _phrasing.is_imperative(clause))
        and not re.search(r"\b(?:I|I'm|I've|my|me)\b", clause)
    )


#: A subject's verb ("target is ...", "state lives in ..."): no imperative ("target iOS").
_FINITE_RE: Final = re.compile(
    r"\s(?:is|are|lives|runs|goes|uses|talks|stores|sits|stays|gets|comes|happens|follow|"
    r"follows)\s",
    re.I,
)


#: A technology said to be gone: "we dropped CommonJS in v3", "we ditched expo-router",
#: "Core Data is out", "Jest is removed from all packages".
_DROPPED_RE: Final = re.compile(
    r"^(?:(?:we|the team|team)\s+(?:have\s+|'ve\s+)?(?:finally\s+)?(?:dropped|ditched|removed|"
    r"got rid of|killed|retired|deprecated|stopped using|turned off|disabled)\s+(?P<x>[^,;]+?)"
    r"|(?P<y>[^,;]+?)\s+(?:is|are|was|were|got|has been|have been)\s+(?:now\s+)?(?:out|gone|"
    r"dropped|removed|ditched|retired|deprecated|dead|turned off|disabled))"
    r"(?P<rest>\s+(?:in|since|from|with|as of|for|because|last|this)\b.*)?$",
    re.IGNORECASE,
)


def _dropped(text: str) -> str | None:
    """``text`` said of a technology that is gone, as "X is no longer used ..."."""
    found = _DROPPED_RE.match(text)
    if found is None:
        return None
    name = (found["x"] or found["y"]).strip()
    if len(name.split()) > 4 or not (
        _phrasing.tech_names(name) or (" " not in name and _PRODUCT_NAME_RE.match(name))
    ):
        return None
    rest = (found["rest"] or "").strip()
    return f"{capitalise(name)} is no longer used" + (f" ({rest})" if rest else "")


def _project_items(clause: str, kind: str | None = None) -> list[ExtractedContext]:
    text = _LEAD_RE.sub("", tidy(clause))
    if kind is None and (gone := _dropped(text)) is not None:
        content = _phrasing.polish(gone, aliases=False)
        return [ExtractedContext(content, "decision", (), tags_of(content))] if content else []
    if kind is None and _STAKEHOLDER_RE.match(text):
        kind = "requirement"  # what the client (legal, the school ...) asks for
    if kind is not None:
        content = _phrasing.polish(capitalise(text), aliases=False)
        return [ExtractedContext(content, kind, (), tags_of(content))] if content else []
    if labelled := _LABELLED_RE.match(text):
        content = _phrasing.polish(capitalise(labelled["rest"].strip(" .")), aliases=False)
        kind = _LABEL_KINDS[labelled["label"].lower()]
        return [ExtractedContext(content, kind, (), tags_of(content))] if content else []
    if against := _DECIDED_AGAINST_RE.match(text):
        content = _phrasing.polish(f"Do not use {against['x'].strip(' .')}", aliases=False)
        return [ExtractedContext(content, "decision", (), tags_of(content))]
    kind = classify_clause(text)
    if kind is None or kind == "decision" or _DECISION_RE.match(text):
        decision = _DECISION_RE.match(text)
        if decision and decision.end() > 0:
            rest = text[decision.end() :]
            to_verb = re.match(
                r"(?:to\s+)(?P<v>(?!use\b|go\b|adopt\b|switch\b|move\b)\w+\b.*)$", rest, re.I
            )
            if to_verb:  # "we've decided to rewrite the COBOL jobs in Java 17"
                content = _phrasing.polish(capitalise(to_verb["v"]), aliases=False)
                return [ExtractedContext(content, "decision", (), tags_of(content))]
            if _OWN_VERB_RE.search(rest) and not _phrasing._only_tech(rest):
                content = _phrasing.polish(capitalise(rest), aliases=False)  # "output goes to X"
                return [ExtractedContext(content, "decision", (), tags_of(content))]
            only = rest and _phrasing._only_tech(rest)
            names = list(dict.fromkeys(m.name for m in find_technology_mentions(rest)))
            if only and len(names) > 1:  # "we use PostgreSQL with Prisma": one each
                return [ExtractedContext(f"Use {n}", "decision", (), tags_of(n)) for n in names]
            if _POINTER_OBJECT_RE.match(rest):
                return []  # "we decided that months ago": what was decided is said before
            content = capitalise(f"Use {rest}") if rest else ""
            if re.match(r"^(?:the team|team)\b", text, re.I):
                content = capitalise(text)
            if content:
                return [
                    ExtractedContext(
                        _phrasing.polish(content, aliases=False), "decision", (), tags_of(content)
                    )
                ]
            return []
        kind = kind or "decision"
    content = _phrasing.polish(capitalise(text), aliases=False)
    if re.match(r"^(?:never|don't|do not|no)\b", text, re.I) and kind not in {"error", "fix"}:
        kind = "constraint"
    return [ExtractedContext(content, kind, (), tags_of(content))] if content else []


#: A short negated tail cut off the clause before it ("never floats", "not Redis"; "no
#: echo" after "no gin").
_TAIL_RE: Final = re.compile(
    r"^(?:never|not)\s+(?:(?:in|on|at|to|from|through|via|with|by|as)\s+)?\S+(?:\s+\S+)?"
    r"(?:,\s*(?:to\s+avoid|so\s+no|because)\s+[\w -]{1,40})?$"
    # "always with request_id"
    r"|^always\s+(?:in|on|at|from|through|via|with|by|as)\s+\S+(?:\s+\S+)?$",
    re.IGNORECASE,
)
_NO_LIST_RE: Final = re.compile(r"^no\s+\S+$", re.IGNORECASE)
_LABEL_ONLY_RE: Final = re.compile(
    r"^(?:decision|requirement|constraint|note|update|resolved|fixed|done|fix|bug|error|"
    r"pattern|architecture|todo|fyi)(?:\s+(?:from|by|for)\s+(?!\w+ing\b).+)?$|^\S+$"
    r"|^(?:fixed|solved|resolved|found|got|nailed|cracked) (?:it|that|this)$"
    r"|^(?:bug|issue|problem|crash|leak)s?\s+(?:confirmed|reproduced|found|fixed)$"
    r"|^(?:decision|adr|rfc)\s+(?:log\s+|record\s+)?#?\d+$",
    re.IGNORECASE,
)


def _a_bio(plain: str) -> bool:
    """A list that says who the user is, first their role ("backend dev, mostly Go +
    Postgres"), naming no project ("..., this project deploys to ECS" is the project's)."""
    return bool(
        ", " in plain
        and _phrasing.role_facts(plain.split(",", 1)[0])
        and not _PROJECT_WORD_RE.search(plain)
    )


_PROJECT_WORD_RE: Final = re.compile(
    r"\b(?:project|app|repo|codebase|service|api|site|product|we|our|team|needs?|must)\b", re.I
)


def _for_project(plain: str, in_question: bool) -> bool:
    return bool(
        plain
        and not in_question
        and not _INTERROGATIVE_RE.match(plain)
        and not _is_hypothetical(plain.split(",", 1)[0])
        and not _someone_elses_habit(plain)
        and not _NO_PROJECT_FACT_RE.search(plain)
        and not _a_bio(plain)
        and _about_project(plain)
    )


#: A line of pasted output: a log's timestamp, a build tool's task, a compiler's or a
#: diff's mark, a panic, a traceback and its frames.
_OUTPUT_START: Final = (
    r"\[\d|\d{4}-\d\d-\d\d[ T]\d|> Task\b|[ew]: \[|panic:|traceback\b|"
    r"exception in thread\b|caused by:|at [\w.$]+\(|npm (?:ERR!|WARN)|yarn (?:error|warn)\b|"
    r"pnpm ERR"
)
_OUTPUT_LINE_RE: Final = re.compile(
    rf"^\s+[+~]\s|^\s*(?:{_OUTPUT_START}|file \"|\w+(?:\.\w+)+(?:error|exception)\b)",
    re.IGNORECASE,
)
#: A line's label that introduces a quote ('App Store review: "5 stars! ..."'): no fact.
_QUOTE_LABEL_RE: Final = re.compile(
    r"(?im)^[^\S\n]*(?!(?:decision|requirement|constraint|note|rule|convention|pattern|fix|"
    r"error|bug|architecture|todo)s?[^\S\n]*:)[\w' -]{1,40}:[^\S\n]*(?=[\"\u201c])"
)
#: A reaction or an aside, not a fact: "no stress", "we'll see", "fingers crossed".
_REACTION: Final = (
    r"(?:no\s+(?:stress|worries|promises|rush|pressure|problem|biggie|hurry)|we'?ll\s+see|"
    r"let'?s\s+see|fingers\s+crossed|who\s+knows|time\s+will\s+tell|so\s+far\s+so\s+good|"
    r"just\s+saying|lol|haha|no\s+decision(?:\s+yet)?|nothing\s+decided(?:\s+yet)?|"
    r"(?:it'?s|it\s+is|that'?s|[\w.-]+\s+is)\s+(?:fine|ok|okay)(?:\s+though)?)"
)
#: What a choice lets the team do, cut off the choice ("... so we can migrate old saves",
#: "... so we can use the new WidgetKit APIs"): neither the project's fact nor the user's.
_PURPOSE: Final = r"^(?:we|i)\s+(?:can|could)\s+(?!not\b|never\b|only\b)"
_PURPOSE_RE: Final = re.compile(_PURPOSE, re.IGNORECASE)
#: A clause that states nothing settled about the project: a line of pasted output (a
#: log's timestamp, a build tool's task, a diff's or a plan's "+", a panic or a
#: traceback), words quoted back whole, options being weighed, a decision not taken.
_NO_PROJECT_FACT_RE: Final = re.compile(
    rf"^\s*(?:{_OUTPUT_START}|[+~]\s)"
    r"|^[\"\u201c'`].*[\"\u201d'`]$"
    r"|\b(?:one|an|another|the other|other)\s+option\b|\boptions?\s+(?:are|is)\b|\bweighing\b"
    r"|\b(?:have not|haven't|has not|hasn't|not yet)\s+(?:decided|replied|agreed|settled|"
    r"chosen|picked)\b|\b(?:not|isn't|aren't)\s+(?:convinced|sure)\b|\bundecided\b"
    r"|\bnot\s+decided\b|\bno\s+promises\b|\bup\s+for\s+(?:discussion|debate)\b"
    r"|\b(?:nothing|not|none\s+of\s+it)(?:'s|\s+is|\s+has\s+been|\s+been|\s+yet)?\s+"
    r"(?:approved|signed\s+off|greenlit|green-lit|final(?:i[sz]ed)?)\b"
    r"|\b(?:agreed|decided|concluded|settled)\W*$"
    r"|^(?:a|one|some|another)\s+(?:contributor|user|customer|client|colleague|coworker|"
    r"teammate|dev|developer|person|reviewer|maintainer|stranger)s?\b.*\b(?:opened|asked|"
    r"asking|requested|suggested|reported|wants|filed)\b"
    r"|^(?:(?:please|pls|can you|could you)\s+)?(?:translate|explain|summari[sz]e|rewrite|"
    r"rephrase|write|draft|show|give)\b.*\b(?:this|that|these|for me)\b"
    # a reaction or an aside, not a fact: "no stress", "we'll see", "no promises"
    rf"|^{_REACTION}\W*$"
    # a reason told, or someone's opinion: "the licensing mess made the call easy", "we got
    # burned once already", "our PM is convinced users want X"
    r"|\bmade\s+(?:the|this|that|our)\s+(?:call|choice|decision)\b|\bgot\s+burned\b"
    r"|\b(?:is|are|am)\s+(?:convinced|sure|certain)\b"
    # a heading, not a fact: "Stack for this one:", "Reminder for the team (and you):"
    r"|^(?:stack|conventions?|reminder|decision\s+log|context|notes?|update|status|summary|"
    r"heads[\s-]+up|background|setup|quick\s+(?:note|update|context)|patterns?|"
    r"(?:house\s+)?rules?(?:\s+of\s+thumb)?|guidelines?|architecture|requirements?|"
    r"constraints?|decisions?|fyi|important)"
    r"(?:\s+(?:we|i)\s+(?:follow|use|have|agreed\s+on|settled\s+on)(?:\s+here)?)?"
    r"(?:\s+(?:for|of|on|from|to|in)\s+[^,:()]{1,30})?(?:\s*\([^)]*\))?(?:,\s*\w+)?\W*$"
    # a reason that leans on the clause before: "the auditors require it"
    r"|^(?:the\s+|our\s+|my\s+)?[\w-]+(?:\s+[\w-]+)?\s+(?:require[sd]?|wants?|wanted|"
    r"asked\s+for|insists?\s+on|insisted\s+on|mandates?|mandated)\s+(?:it|this|that|them)\W*$"
    # what was pasted, pointed at: "getting this on deploy", "it's from staging"
    r"|^(?:(?:i'?m|we'?re|i\s+am|we\s+are)\s+)?(?:getting|got|seeing|hitting|saw)\s+(?:this|these)\b"
    r"|^(?:it|this|that)(?:'s|\s+is|\s+was)\s+from\s+(?:staging|prod|production|dev|the\s+\w+)\W*$"
    # an aside: "we got that wrong before", "it's behind a login anyway", "still not fixed"
    r"|^(?:we|i)\s+got\s+(?:that|this|it)\s+wrong\b"
    r"|^(?:it|that|this)(?:'s|\s+is|\s+was)?\b.*\banyway\W*$"
    r"|^still\s+not\s+(?:fixed|solved|resolved|working)\W*$|^done\s+deliberating\W*$"
    # the user's own years, their "I've" left out: "been doing this 8 yrs"
    r"|^been\s+(?:doing|working|coding|writing|programming|building|a|an)\b"
    r"(?![^.!?]*[,;]\s*(?:the|this|our|we|it)\s)"  # (not "..., the app is in Java 8")
    r"|^(?:my\s+)?(?:native|first|mother)[\s-]+(?:language|tongue)\b"  # the user's own
    # who the user is: "Mac user", "vim person here"
    r"|^(?:[\w.+#-]+\s+){1,2}(?:user|person|guy|girl|fan)(?:\s+here)?\W*$"
    rf"|{_PURPOSE}",
    re.IGNORECASE,
)


#: A choice said as "X it is" ("Godot 4 it is", "Postgres it is then").
_IT_IS_RE: Final = re.compile(
    r"^(?P<x>(?!(?:that|so|here|there|this|it|which|what|whatever|fine|ok|okay|such|"
    r"yes|no)\b)[\w.+#-]+(?:\s+[\w.+#-]+){0,3}?)\s+it\s+is(?:\s+then)?\W*$",
    re.IGNORECASE,
)
#: A reaction after a statement, not part of it: "..., fingers crossed", "..., we'll see".
_REACTION_TAIL_RE: Final = re.compile(rf"\s*[,;-]+\s*{_REACTION}\W*$", re.IGNORECASE)
#: A message that opens by saying its idea is not settled ("Proposal (not decided!): ...",
#: "idea for later: ..."): nothing of it is the project's yet. (Said of one clause, "...,
#: not decided", only that clause is left out: :data:`_NO_PROJECT_FACT_RE`.)
_UNDECIDED_RE: Final = re.compile(
    r"^\W*(?:(?:a\s+)?(?:proposal|idea|suggestion|rfc|brainstorm|thought)s?\b[^.!?\n]{0,30}?"
    r"(?:\(|:|-)|idea\s+for\s+later\b|just\s+an\s+idea\b)",
    re.IGNORECASE,
)


def _about_someone_else(plain: str) -> bool:
    """A clause whose subject is someone else ("my boss uses Jira"), not the user's group
    ("our team") nor the name of the user's family or pet ("my husband's name is Tomasz":
    the user's fact)."""
    return (
        bool(_OTHER_SUBJECT_RE.match(plain))
        and not _OUR_GROUP_RE.match(plain)
        and not _KIN_NAME_RE.match(plain)
        and not _PERSON_IS_RE.match(plain)
        and not _PARTNER_NAMED_RE.match(plain)
        and not _TONGUE_RE.match(plain)  # ("my mother tongue is Polish")
    )


def _someone_elses_habit(plain: str) -> bool:
    """A clause about another person's own ways, not the project's ("Our designer Lena
    works on a 5K iMac", "Kevin uses wandb on his own projects"); what a client or a
    manager wants of the project is the project's ("Client wants WCAG 2.2 AA")."""
    owner = _PERSONS_RE.match(plain) or _KEEPS_DOING_RE.match(plain)
    return bool(
        (_OTHER_SUBJECT_RE.match(plain) or (owner and not lookup_technology(owner["name"])))
        and not _OWN_GROUP_RE.match(plain)
        and not _WANTS_OF_PROJECT_RE.search(plain)
    )


#: A person's thing as the subject ("Marta's service on the platform team exposes ..."):
#: theirs, unless the name is a technology's ("Django's admin").
_PERSONS_RE: Final = re.compile(r"^(?P<name>(?-i:[A-Z][a-z]+))'s\s+\w")
#: A named person's habit said with "keeps": "Mike keeps sharing Pulumi posts" (not
#: "Docker keeps crashing": a technology's name is checked by the caller).
_KEEPS_DOING_RE: Final = re.compile(r"^(?P<name>(?-i:[A-Z][a-z]+))\s+(?:keeps|kept)\s+\w+ing\b")


_WANTS_OF_PROJECT_RE: Final = re.compile(
    r"\b(?:wants?|needs?|requires?|insists?|asked|asks|expects?|mandates?|demands?|decided|"
    r"signed off|approved|chose|picked)\b",
    re.IGNORECASE,
)


#: A piece that only says the next one is about the user: "For me personally: ...".
_PERSONAL_LEAD_RE: Final = re.compile(
    r"^(?:(?:and|but|also)\s+)?(?:for me|for myself|me|personally|as for me|on my side|"
    r"for me personally|personally speaking|my own preference)\s*[:,]?$",
    re.IGNORECASE,
)
#: A clause that only says a problem was found: what it is follows ("heads up, found a
#: bug: ...", "Found the issue -- ...", "tracked down the leak:").
_ISSUE_LEAD_RE: Final = re.compile(
    r"^(?:(?:heads up|fyi|ok|so|update)\W+)*(?:(?:I|we)\s+)?(?:found|spotted|tracked down|"
    r"figured out|traced|hit)\s+(?:the|a|an|another)\s+(?:\w+\s+)?(?:issue|bug|problem|cause|"
    r"culprit|leak|regression)\W*$",
    re.IGNORECASE,
)
_FIX_LEAD_RE: Final = re.compile(
    r"^(?:resolved|fixed|solved|fix|found it|got it working|sorted)(?:\s+it)?\s*[:!.]?$",
    re.IGNORECASE,
)


#: A project fact cut short: it ends where its object should be ("... keeps failing
#: with", "Error we kept hitting").
_CUT_RE: Final = re.compile(
    r"(?:\b(?:with|by|of|for|to|from|the|a|an|and|or|is|are|was|were)|[:,(])$"
    r"|^(?:error|bug|issue|problem)s?\s+(?:we|I)\s+(?:kept|keep)\s+\w+$"
    # a label or a pointer with nothing said: "Decision made", "Style guide for this
    # project", "It is a committee rule", "It is back", "We remember"
    r"|^(?:decision\s+made|decided|noted|done|agreed|settled|style\s+guide|rules?|"
    r"conventions?|patterns?|constraints?|requirements?)(?:\s+(?:here|for\s+(?:this|the|our)\s+\w+))?$"
    r"|^(?:it|this|that|we|they)(?:\s+(?:is|are|was|were|'s))?\s+(?:an?\s+|the\s+)?"
    r"(?:\w+\s+)?(?:rule|thing|one|back|fine|done|remember|know|agreed)$",
    re.IGNORECASE,
)


_QUOTE_MARKS: Final = (re.compile(r"(?<!\w)'|'(?!\w)"), re.compile('"'), re.compile("`"))


def _whole(item: ExtractedContext) -> ExtractedContext | None:
    """``item`` without a quote mark left open by a cut (a quoted error split at its
    colon), or None when it was cut where its object should be."""
    content = item.content.strip()
    if _CUT_RE.search(content):
        return None
    for mark in _QUOTE_MARKS:  # (an apostrophe inside a word is no quote: "isn't")
        if len(mark.findall(content)) % 2:
            content = mark.sub("", content)
    content = content.strip()
    if content == item.content:
        return item
    return ExtractedContext(content, item.type, item.files, tags_of(content)) if content else None


def extract_chat_facts(
    user_message: str, assistant_message: str | None = None, *, in_project: bool = False
) -> ChatFacts:
    """The user's facts and (in a project's chat) the project's context in one turn.

    ``assistant_message`` is context only: nothing the assistant said is stored.
    """
    del assistant_message
    user_message = without_retracted(check_message(user_message, "user_message"))
    project = (
        _project_context(user_message)
        if in_project and not _UNDECIDED_RE.search(user_message)  # "Proposal (not decided!)"
        else {}
    )
    user, replaced = _user_facts(user_message, in_project=in_project)
    user = _consistent_with_changes(user_message, user, replaced)
    return ChatFacts(
        tuple(without_sarcasm(user_message, without_listed_repeats(list(user.values())))),
        tuple(project.values()),
        tuple(replaced.values()),
    )


#: A name a turn ended that is stored as stopped: a product's ("Winston", "Canon",
#: "Moment.js"), not a value such as "PST" or "the data team" (those end by topic).
_PRODUCT_NAME_RE: Final = re.compile(r"(?-i:[A-Z])[\w.+#-]*[a-z][\w.+#-]*$|[a-z]+[A-Z.][\w.+#-]*$")
#: A turn that changes a version keeps the technology ("upgraded from Kubernetes 1.24 to 1.29").
_VERSION_CHANGE_RE: Final = re.compile(r"\b(?:upgrad|updat|bump|downgrad)\w*", re.I)


def _consistent_with_changes(
    message: str, user: dict[str, ExtractedFact], replaced: dict[str, Replaced]
) -> dict[str, ExtractedFact]:
    """The turn's facts made consistent with what it says is over.

    A fact that only states the use of a value the turn ends is dropped ("bye bye
    Webpack, hello Vite" does not store "User uses Webpack"; a dislike said to be over
    may be said again: "I used to hate Java, but I hate it now"). A technology the turn
    ends, when no new technology fact stands for the change, is stored as stopped ("we
    use Teams instead of Slack now": "User no longer uses Slack"), so that the stored
    fact about it is superseded by something the turn said."""
    if not replaced:
        return user
    named = [r for r in replaced.values() if not r.kind]  # (an inferred one is for the store)
    if not named:
        return user
    ended = {(r.value.casefold(), r.polarity) for r in named if not r.scope}
    kept: dict[str, ExtractedFact] = {}
    for key, fact in user.items():
        frames = frames_of(fact.content)
        if frames and all(
            f.polarity == "positive" and (f.value.casefold(), f.polarity) in ended and not f.version
            for f in frames
        ):  # (a new version of it stays: "upgraded from Kubernetes 1.24 to 1.29")
            continue
        kept[key] = fact
    values = [v for v, _ in ended]
    carried = any(not names_a_value(f.content, values) for f in kept.values()) or any(
        re.search(r"\b(?:no longer|not)\b", f.content) for f in kept.values()
    )  # (a new fact of any kind: "moved from Berlin to Lisbon", "it's Jo, not Joe")
    if not carried and not _VERSION_CHANGE_RE.search(message):
        for found in named:
            known = lookup_technology(found.value)
            name = known.name if known is not None else found.value
            product = known is not None or (
                _PRODUCT_NAME_RE.match(name) and not is_place(name)
            )  # ("pandas", "uv"; not "moved here from Lisbon")
            if found.polarity == "positive" and not found.scope and product:
                fact = ExtractedFact(f"User no longer uses {name}", "tech_stack")
                kept.setdefault(fact.content.casefold(), fact)
            elif (
                found.polarity == "negative"
                and product
                and won_over(message)
                and not any(names_a_value(f.content, [found.value]) for f in kept.values())
            ):
                fact = ExtractedFact(f"User likes {name}", "preference")  # ("won me over")
                kept.setdefault(fact.content.casefold(), fact)
    return kept


def _project_context(user_message: str) -> dict[str, ExtractedContext]:
    """What a project's chat says about the project, by its folded text (quoted errors
    and inline code stay in a project's facts)."""
    project: dict[str, ExtractedContext] = {}
    pending = ""
    personal = False
    lines = user_message.splitlines()
    if len(lines) > 1 or _NO_PROJECT_FACT_RE.match(user_message):  # (pasted output: not read)
        user_message = "\n".join(line for line in lines if not _OUTPUT_LINE_RE.match(line))
    user_message = _QUOTE_LABEL_RE.sub("", user_message)  # 'App Store review: "5 stars! ..."'
    for clause, in_question in user_clauses(user_message, keep_quotes=True, project=True):
        plain = _REACTION_TAIL_RE.sub("", _strip_filler(clause))  # "..., fingers crossed"
        if (chosen := _IT_IS_RE.match(plain)) and _phrasing.tech_names(chosen["x"]):
            plain = f"going with {chosen['x']}"  # "Godot 4 it is": the choice made
        plain = _project_said(plain)
        if personal or _PERSONAL_LEAD_RE.match(plain):
            personal = bool(_PERSONAL_LEAD_RE.match(plain))  # "For me personally: ..."
            continue  # (its clause is the user's)
        if _FIX_LEAD_RE.match(plain):
            pending = "fix"  # "resolved - needed a moduleNameMapper": the fix follows
            continue
        if _ISSUE_LEAD_RE.match(plain):
            pending = "error"  # "heads up, found a bug: the DAG double counts ...": it follows
            continue
        if pending or _for_project(plain, in_question):
            parts = [plain] if pending else _statements(plain)
            # (a statement cut off must be the project's by itself: not someone else's)
            parts = parts[:1] + [
                part
                for part in parts[1:]
                if not _someone_elses_habit(part) and not _NO_PROJECT_FACT_RE.search(part)
            ]
            for item in (i for part in parts for i in _project_items(part, kind=pending or None)):
                _add_project_item(project, item)
            pending = ""
    return project


#: The words that make a clause a rule ("must", "can't", "max", "only" ...).
_RULE_WORDS: Final = (
    r"must|has\s+to|have\s+to|needs?\s+to|can't|cannot|can\s+not|should|no|not|max|maximum|"
    r"only|never|always"
)
#: A rule of the project said by the one who sets it: "compliance says sessions must
#: expire after 5 min idle", "the client says no card payments" (the rule is kept).
_RULE_GIVER_RE: Final = re.compile(
    r"^(?:(?:the|our|my)\s+)?(?:client|customer|compliance|legal|security|supervisor|advisor|"
    r"adviser|board|landlord|council|freeholder|venue|physio|doctor|vet|boss|manager|pm|"
    r"product|management|lawyer|accountant|school|editor|publisher|insurer|bank|it|ops)\s+"
    r"(?:says|said|insists|requires|told\s+us|told\s+me)\s+(?:that\s+)?"
    rf"(?P<rule>.*\b(?:{_RULE_WORDS})\b.*)$",
    re.IGNORECASE,
)
_RULE_WORD_RE: Final = re.compile(
    rf"\b(?:{_RULE_WORDS}|locked|capped|limited|requires?|required)\b",
    re.IGNORECASE,
)
#: A part after a comma that says why, of someone or something else: "half the family's in
#: the States", "nobody used it", "they're on old phones".
_WHY_PART_RE: Final = re.compile(
    r"^(?:half|most|some|all|lots|none|nobody|everyone|everybody|they|they're|he|she|it|its|"
    r"it's|the\s+(?:family|kids|guests|client|clients|customers|users|team|boss))\b"
    r"[^,]*\b(?:is|are|was|were|'s|'re|used|has|have|had|does|do|did)\b",
    re.IGNORECASE,
)
#: What the user's own work must be, said with "my": "My thesis has to follow APA 7".
_MY_WORK_RE: Final = re.compile(
    r"^my\s+(?=(?:thesis|dissertation|app|site|website|book|novel|chapter|paper|report|"
    r"project|garden|kitchen|bathroom|wedding|newsletter|shop|store|game|campaign|blog|"
    r"podcast|channel|course|talk|presentation|plan|budget|deck|api|service|server|repo|"
    r"script|pipeline|model|dataset|bot)\s+(?:has\s+to|have\s+to|must|needs?\s+to|should|"
    r"can't|cannot|is|are|will|won't|runs?|uses?)\b)",
    re.IGNORECASE,
)
#: A rule said as what follows from a reason: "the owner hates carousels so no sliders
#: anywhere" (two statements: the reason, the rule).
_SO_RULE_RE: Final = re.compile(
    r",?\s+so\s+(?=(?:no|never|nothing|all|every|always|only|zero)\s+\w)", re.IGNORECASE
)
#: What makes a reported fact or a rule no lasting fact of the project: a state of the
#: day, a dispute, this one reply.
_PASSING_RE: Final = re.compile(
    r"\b(?:today|tonight|tomorrow|yesterday|right\s+now|for\s+now|at\s+the\s+moment|currently|"
    r"this\s+(?:week|morning|afternoon|reply|answer|response|message|time)|delayed|late|sick|ill|"
    r"better|worse|failed|frozen|broken|disagree|disagrees|not\s+sure|but|however|though|"
    r"(?:says|said)\s+it\s+goes)\b",
    re.IGNORECASE,
)
_FEELS_RE: Final = re.compile(r"\b(?:hates?|loves?|likes?|dislikes?|prefers?|wants?)\b", re.I)
#: A fact of the project as someone who knows reports it: "contractor says the
#: load-bearing wall stays", "the vet confirmed the run must be fenced".
_REPORTED_RE: Final = re.compile(
    r"^(?:(?:the|our|my)\s+)?(?:contractor|architect|builder|plumber|electrician|surveyor|"
    r"structural\s+engineer|coach|physio|vet|planner|designer|owner|landlord|agent|inspector)"
    r"\s+(?:says|said|confirmed|told\s+(?:us|me)|reckons)\s+(?:that\s+)?(?P<fact>\S.*)$",
    re.IGNORECASE,
)
#: A value fixed as a limit, said without "is": "Guest list locked at 85".
_LOCKED_AT_RE: Final = re.compile(
    r"^(?!.*\b(?:is|are|was|were|been|be|has|have|got|gets)\s+(?:locked|capped|fixed|limited|frozen|set)\b)"
    r"(?P<what>(?:the\s+)?[\w-]+(?:\s+[\w-]+){0,2}?)\s+(?P<how>locked|capped|fixed|limited|"
    r"frozen|set)\s+(?P<to>at|to)\s+(?P<v>\S.*)$",
    re.IGNORECASE,
)


def _project_said(plain: str) -> str:
    """A project chat's clause said as its rule: the rule a stakeholder gives, "my
    thesis" as "the thesis", a limit said without "is" ("Guest list locked at 85" ->
    "Guest list is locked at 85")."""
    if giver := _RULE_GIVER_RE.match(plain):
        parts = giver["rule"].split(", ")
        while len(parts) > 1 and not _RULE_WORD_RE.search(parts[-1]):
            parts.pop()  # ("..., lots of her customers are on ancient phones": why)
        return ", ".join(parts)
    plain = _MY_WORK_RE.sub("The ", plain, count=1)
    if (
        (so := _SO_RULE_RE.search(plain))
        and (not _about_project(plain[: so.start()]) or _FEELS_RE.search(plain[: so.start()]))
        and not _PASSING_RE.search(plain[so.end() :])  # ("so no modals in this reply")
    ):
        plain = plain[so.end() :]  # "the owner hates carousels so no sliders anywhere": why
    if (reported := _REPORTED_RE.match(plain)) and not _PASSING_RE.search(plain):
        plain = reported["fact"]  # "contractor says the back wall stays" (not "... the tiles
        # are delayed", "... but I disagree": a state of the day, or not settled)
    parts = plain.split(", ")
    while len(parts) > 1 and _WHY_PART_RE.match(parts[-1]) and not _RULE_WORD_RE.search(parts[-1]):
        parts.pop()  # ("..., half the family's in the States": why, someone else's)
    plain = ", ".join(parts)
    if (locked := _LOCKED_AT_RE.match(plain)) and not re.match(
        r"(?:I|we|you|he|she|they|it)\b", locked["what"], re.IGNORECASE
    ):
        return f"{locked['what']} is {locked['how']} {locked['to']} {locked['v']}"
    return plain


#: Where a second statement with its own subject starts: ", controllers never touch
#: Repo directly", " and every change to a chart requires a bump", ", CI rejects ...".
_NEXT_STATEMENT_RE: Final = re.compile(
    r"(?:,|;|\s+and)\s+(?=(?:(?:every|all|each|the|our|no)\s+)?[\w.-]+(?:\s+[\w.-]+){0,3}?\s+"
    r"(?:never|always|must|should|can't|cannot|do not|don't|goes|go|uses|use|lives|"
    r"live|runs|run|needs|need|exposes|expose|collects|collect|rejects|reject|requires|"
    r"require|stays|stay)\b)",
    re.IGNORECASE,
)


def _statements(clause: str) -> list[str]:
    """``clause`` cut where a statement with a subject of its own follows ("all db access
    goes through Ecto contexts, controllers never touch Repo directly"): one fact each,
    each with its own polarity. A part without a verb of its own stays with the one
    before ("Prices are stored in integer cents, never floats")."""
    parts: list[str] = []
    start = 0
    for cut in _NEXT_STATEMENT_RE.finditer(clause):
        head = clause[start : cut.start()].strip()
        if len(head.split()) >= 3 and _VERB_RE.search(head):
            parts.append(head)
            start = cut.end()
    parts.append(clause[start:].strip())
    return [part for part in parts if part]


_VERB_RE: Final = re.compile(
    r"\b(?:is|are|was|were|goes|go|uses?|lives?|runs?|needs?|must|should|never|always|"
    r"exposes?|collects?|rejects?|requires?|comes?|stays?|has|have|follows?|\w+ed)\b",
    re.IGNORECASE,
)


#: A decision's object that points back ("we decided that months ago").
_POINTER_OBJECT_RE: Final = re.compile(r"^(?:that|this|it|so|on it|on that)\b", re.IGNORECASE)
#: A project statement about what "that" stands for, said before it ("That is years
#: away", "That is her team's thing"; not "it's a static Docusaurus site", where "it" is
#: the project), or with no object ("We are not switching", "No exceptions"): nothing of
#: its own to keep.
_POINTING_RE: Final = re.compile(
    r"^(?:that|which)(?:'s| is| was| will be| would be)\b"
    r"|^we(?:'re| are) not (?:switching|changing|doing (?:that|it|this)|going to)\W*$"
    r"|^no exceptions?\W*$",
    re.IGNORECASE,
)


def _pointing_back(
    item: ExtractedContext, before: list[ExtractedContext]
) -> ExtractedContext | None:
    """``item`` with "it" or "them" named by the statement before ("MSRV is 1.74. don't
    bump it ...": "Do not bump MSRV ..."), as it is when it names its own object, None
    when a short statement has nothing but the pronoun ("we already use it elsewhere")."""
    pronoun = _BACK_REFERENCE_RE.search(item.content)
    if pronoun is None:
        return item
    subject = _SUBJECT_RE.match(before[-1].content) if before else None
    if subject is None:
        return None if len(item.content.split()) <= 5 else item
    content = item.content[: pronoun.start("it")] + subject["s"] + item.content[pronoun.end() :]
    return ExtractedContext(content, item.type, item.files, tags_of(content))


def _add_project_item(project: dict[str, ExtractedContext], item: ExtractedContext) -> None:
    tail = _TAIL_RE.match(item.content)
    if (
        tail is None
        and project
        and re.match(r"no\s", next(reversed(project.values())).content, re.I)
    ):
        tail = _NO_LIST_RE.match(item.content)  # ("no gin, no echo": one rule)
    if tail and project:  # "..., never floats": the tail of the one before
        key, last = next(reversed(project.items()))
        joined = f"{last.content}, {tail.group()[0].lower()}{tail.group()[1:]}"
        project[key] = ExtractedContext(joined, last.type, last.files, last.tags)
        return
    named = _pointing_back(item, list(project.values()))
    if named is None:
        return
    whole = _whole(replace(named, content=_TIME_TAIL_RE.sub("", named.content)))
    if (
        whole is not None
        and not _LABEL_ONLY_RE.match(whole.content)
        and not _POINTING_RE.match(whole.content)
        and len(whole.content.split()) >= 2
        and len(whole.content) <= MAX_PROJECT_FACT_LENGTH
    ):
        project.setdefault(whole.content.casefold(), whole)


#: A project statement about the one before it: "don't bump it without a minor
#: release", "no secrets in them".
_BACK_REFERENCE_RE: Final = re.compile(
    r"^(?:(?:do not|don't|never|always|no|not|keep|put|we already use|we use|use)\s+)"
    r"(?:\w+\s+){0,2}?(?P<it>it|them)\b(?!')",
    re.IGNORECASE,
)
#: What a project statement is about: "MSRV is 1.74" (MSRV), "values files are per env".
_SUBJECT_RE: Final = re.compile(
    r"^(?!(?:we|it|they|this|that|there)\b)(?P<s>[\w.+#/-]+(?:\s+[\w.+#/-]+){0,2}?)\s+"
    r"(?:is|are)\s",
    re.IGNORECASE,
)
#: When a decision was made, at its end: "Use SwiftData last sprint".
_TIME_TAIL_RE: Final = re.compile(
    r"\s+(?:(?:last|this)\s+(?:sprint|week|month|quarter|year)|yesterday|today|recently|"
    r"lately|a while ago)\W*$",
    re.IGNORECASE,
)


#: "I've switched to tabs", "we've gone back to double quotes in Python": a move to a value.
_SLOT_CHANGE_RE: Final = re.compile(
    r"^(?:(?:so|and|but|now|actually|ok|okay)\s+)?(?:I|we)(?:'ve|\s+have)?\s+"
    r"(?:finally\s+|just\s+|now\s+|since\s+)?(?:switched|swapped|moved|changed|converted|"
    r"migrated|gone\s+back|went\s+back|come\s+around|came\s+around)\s+(?:over\s+|back\s+)?"
    r"to\s+(?P<x>[\w' -]{2,40}?)(?P<scope>\s+(?:in|for)\s+[\w.+#-]+)?"
    r"(?:\s+(?:now|these\s+days|instead|for\s+good))*\s*(?:[,.!;].*)?$",
    re.IGNORECASE,
)


def _slot_change(clause: str) -> list[ExtractedFact]:
    """A clause that moves to a value of a known topic that is no technology ("I've
    switched to tabs"), as the preference it states ("User prefers tabs"), which then
    supersedes the stored value of that topic; [] for anything else (a technology's move
    is read by the shape rules)."""
    found = _SLOT_CHANGE_RE.match(clause)
    if found is None:
        return []
    value = found["x"].strip()
    if find_technology_mentions(value) or _phrasing.tech_names(value):
        return []  # (a technology's move: the shape rules read it)
    return _topic_fact(f"User prefers {value}{found['scope'] or ''}")


def _topic_fact(fact: str) -> list[ExtractedFact]:
    """``fact`` when the topic registry reads a known topic in it that is no technology
    (indentation, answer length, time zone ...), else []."""
    frames = frames_of(fact)
    if not frames or any(f.topic.startswith(("uses:", "choice:")) for f in frames):
        return []
    return [ExtractedFact(fact, category_of(fact, "preference"))]


#: Short statements of a value, each with the fact it states ("{x}": the value read, in
#: the form given last): kept only when the topic registry reads a known topic that is
#: no technology in it.
_VALUE_STATEMENTS: Final = (
    (  # "you can stop with the emoji", "enough with the bullet points"
        re.compile(
            r"^(?:(?:you\s+can|can\s+you|please|pls|ok|okay|so|and)\s+)*(?:stop|quit|cut|lose|"
            r"skip|ditch|enough)\s+(?:with\s+)?(?:the\s+|all\s+the\s+|your\s+|those\s+)?"
            r"(?P<x>[\w' -]{2,30}?)(?:\s+(?:please|pls|now|already|from\s+now\s+on))*"
            r"\s*(?:[,.!;].*)?$",
            re.IGNORECASE,
        ),
        "User does not want {x}",
        str,
    ),
    (  # "make answers longer from now on"
        re.compile(
            r"^(?:(?:please|pls|actually|ok|okay|so|and)\s+)*(?:make|keep)\s+(?:the\s+|your\s+)?"
            r"(?P<n>answers|responses|replies|explanations)\s+(?P<x>longer|shorter|briefer|"
            r"short|more\s+detailed|more\s+concise|concise|detailed)\b",
            re.IGNORECASE,
        ),
        "User wants {x} {n}",
        str,
    ),
    (  # "I'm on the data platform team now", "now I'm in the payments team"
        re.compile(
            r"^(?:(?:so|and|but|now|actually)\s+)*(?:I'm|I\s+am|im)\s+(?:now\s+)?(?:on|in)\s+the\s+"
            r"(?P<x>[\w -]{2,30}?)\s+team\b(?!\s+(?:lead|channel|meeting))",
            re.IGNORECASE,
        ),
        "User is on the {x} team",
        str.lower,
    ),
    (  # "I'm at Stripe now", "I joined Shopify last month", "started a new job at Google"
        re.compile(
            r"^(?:(?:so|and|but|now|actually)\s+)*(?:(?:I'm|I\s+am|im)\s+(?:now\s+)?at|"
            r"(?:I\s+)?(?:just\s+|recently\s+|finally\s+)?joined|(?:I\s+)?(?:just\s+)?started\s+"
            r"(?:a\s+)?(?:new\s+)?(?:job|role|position|gig)\s+at)\s+"
            r"(?P<x>(?-i:[A-Z])[\w&.-]*(?:\s+(?-i:[A-Z])[\w&.-]*){0,2})"
            r"(?!\s*\d)(?=\s*$|\s+(?:now|as|last|since|recently)\b|\s*[,.!;])",
            re.IGNORECASE,
        ),
        "User works at {x}",
        str,
    ),
    (  # "Pacific time for me now", "I'm on Eastern time these days"
        re.compile(
            r"^(?:(?:actually|so|and|but)\s+)?(?:(?:I'm|I\s+am|we're|we\s+are)\s+(?:on|in)\s+)?"
            r"(?P<x>[A-Za-z]+)\s+time(?:\s+zone)?(?=\s+(?:for\s+me|now|these\s+days)\b|\s*$)",
            re.IGNORECASE,
        ),
        "User is in the {x} time zone",
        str.capitalize,  # "pacific time": Pacific
    ),
)


def _value_statement(clause: str) -> list[ExtractedFact]:
    """A short statement of a value of a known topic that is no technology (see
    :data:`_VALUE_STATEMENTS`) as its fact; [] for anything else."""
    for pattern, template, form in _VALUE_STATEMENTS:
        found = pattern.match(clause)
        if found is not None:
            words = {k: " ".join(v.split()) for k, v in found.groupdict().items() if v}
            words["x"] = form(words["x"])
            stated = _topic_fact(template.format(**words))
            if stated:
                return stated
    return []


#: What a fact about one answer names: it is a request for that answer, not a standing fact.
_ONE_ANSWER_RE: Final = re.compile(
    r"\b(?:this|that|the last|the previous|your last|your previous)\s+(?:answer|reply|response|"
    r"one|time|message|output)\b|\bjust this once\b|\bfor now\b"
    r"|\bin\s+(?:the|this|your)\s+(?:answer|reply|response|snippet|example)\b",
    re.IGNORECASE,
)


#: A clause that adds a value to what the user has ("I also use yarn", "both zsh and
#: fish", "a Windows box too"), unless it says something changed.
_ADDS_RE: Final = re.compile(
    r"\b(?:also|as well|both|additionally|in addition|besides)\b"
    # (not "way too low": "too" before a word of degree, or after one)
    r"|(?<!\bway\s)(?<!\bfar\s)(?<!\bmuch\s)\btoo\b(?=\s*(?:[,.;!?)]|$)|\s+(?:lol|now|btw|"
    r"though|tho|for|at|in|on|with|when|as|since)\b)",
    re.IGNORECASE,
)
_CHANGE_VERB_RE: Final = re.compile(
    r"\b(?:switch|mov|migrat|replac|swapp|convert|port|chang|upgrad|downgrad)\w*|\binstead\b|"
    r"\bno longer\b|\banymore\b|\bnot\b",
    re.IGNORECASE,
)


def _also(fact: ExtractedFact) -> ExtractedFact:
    """``fact`` said as an addition ("User also uses Yarn", "User is also ..."), which
    replaces no stored value (supersession.decide); a negative or a wish stays as is."""
    text = fact.content
    if re.match(r"User (?:also|does not|no longer|wants|prefers|likes|dislikes)\b", text):
        return fact
    if text.startswith("User is "):
        return replace(fact, content="User is also " + text[len("User is ") :])
    if text.startswith("User "):
        return replace(fact, content="User also " + text[len("User ") :])
    return fact


def _stated_values(plain: str, *, own: bool) -> list[ExtractedFact]:
    """A value statement's facts ("I'm at Stripe now"), with the role it names when it
    is the user's own ("... as a staff engineer")."""
    if life_event_facts(plain):
        return []  # "quit the choir after 12 years": the user's life, no wish ("quit the emojis")
    stated = _value_statement(plain)
    return [*stated, *_role_tail(plain)] if stated and own else stated


def _projects(plain: str, in_question: bool) -> bool:
    """A project chat's clause that is the project's (or a purpose cut off its choice)."""
    return _for_project(plain, in_question) or _PURPOSE_RE.match(plain) is not None


def _user_facts(
    user_message: str, *, in_project: bool
) -> tuple[dict[str, ExtractedFact], dict[str, Replaced]]:
    """The user's facts by their folded text, and the values the turn says it replaced
    (a retracted clause's facts dropped)."""
    user: dict[str, ExtractedFact] = {}
    statements: list[str] = []  # the clauses that state something of the user's own
    changed = says_changed(user_message)
    tech_context = bool(_phrasing.tech_names(user_message))
    replaced: dict[str, Replaced] = {}
    personal = False
    keys: list[str] = []  # the keys of the clause before
    before = ""  # the clause before
    for clause, in_question, retracts in read_clauses(user_clauses(user_message)):
        if retracts:  # "I don't use docker but that's outdated": over, not a fact
            for key in keys:
                user.pop(key, None)
            for found in retracted(before):
                replaced.setdefault(found.value.casefold(), found)
            keys, before = [], ""
            continue
        keys, before = [], clause
        plain = _strip_filler(clause)
        if _PERSONAL_LEAD_RE.match(plain):
            personal = True
            continue
        if in_project and not personal and _projects(plain, in_question):
            continue
        personal = False
        other = _about_someone_else(plain)
        named = [] if in_question or _is_hypothetical(plain) else household_facts(plain)
        if other and not in_question and not _OWN_GROUP_RE.match(plain):
            # someone else's ("our data lead, thinks dbt is overkill"): no part of it but
            # that the user has the pet or child it names ("my dog Biscuit keeps ...")
            keys = _keep(user, named)
            continue
        own = not in_question and not _is_hypothetical(plain) and not other
        # (the user's team or company is the user's: "our team moved to Linear")
        if own:
            statements.append(clause)
            for found in replaced_in(clause, changed=changed, turn=user_message):
                replaced.setdefault(found.value.casefold(), found)
        stated = [] if in_question else _stated_values(plain, own=own)
        facts = stated or clause_facts(clause, in_question=in_question, tech_context=tech_context)
        if not facts and not in_question and ", " in clause:
            facts = _comma_parts_facts(clause, tech_context=tech_context)
        if bare_count(plain) and not _SPEAKS_OF_USER_RE.search(user_message):
            facts = []  # ("Booking details: - 2 adults - 3 kids": anyone's)
        if not in_question:
            facts = [*facts, *_slot_change(plain)]
        if own:
            facts = [*(_on_device(plain, f) for f in facts), *_spotted(plain, facts)]
            facts = _moved_here(plain, facts)
        if _ADDS_RE.search(plain) and not _CHANGE_VERB_RE.search(plain):
            facts = [_also(f) for f in facts]  # "I also use yarn": beside npm, not instead
        keys = _keep(user, [*facts, *named])
    uses = _stated_uses(user.values())
    for found in (f for clause in statements for f in kind_replaced(clause, uses)):
        replaced.setdefault(found.value.casefold(), found)
    return user, replaced


def _moved_here(plain: str, facts: list[ExtractedFact]) -> list[ExtractedFact]:
    """Where the user lives, read from the whole clause ("I'm in Lyon now, moved in
    march"), in place of where they are, read from its first part ("User is in Lyon")."""
    lives = [f for f in life_event_facts(plain) if f.content.startswith("User lives in ")]
    if not lives:
        return facts
    places = {f.content.removeprefix("User lives in ").casefold() for f in lives}
    kept = [
        f
        for f in facts
        if not (
            f.content.startswith("User is in ")
            and f.content.removeprefix("User is in ").removesuffix(" now").casefold() in places
        )
    ]
    return kept + [f for f in lives if f.content not in {g.content for g in kept}]


#: A message that speaks of the user: a word of the first person, a correction, an intro.
_SPEAKS_OF_USER_RE: Final = re.compile(
    r"\b(?:I|I'm|I've|im|me|my|mine|we|we're|our|us|actually|not\s+\d|about\s+me|intro|"
    r"background|context|live\s+in|wfh|work(?:ing)?\s+(?:at|as|from|in))\b",
    re.IGNORECASE,
)


def _keep(user: dict[str, ExtractedFact], facts: list[ExtractedFact]) -> list[str]:
    """The facts finished (:func:`finish`) and kept in ``user`` by their folded text;
    the keys of those new to it."""
    keys = []
    for fact in facts:
        done = finish(fact)
        if done is not None and _ONE_ANSWER_RE.search(done.content):
            continue  # "rewrite that answer with British spelling": this answer only
        if done is not None and len(done.content) <= MAX_FACT_LENGTH:
            key = done.content.casefold()
            if key not in user:
                user[key] = done
                keys.append(key)
    return keys


#: The user's own group as a clause's subject: "our team", "my company".
_OUR_GROUP_RE: Final = re.compile(
    r"^(?:my|our)\s+(?:[\w']+\s+){0,2}?(?:team|company|org|department|employer|lab|group|"
    r"shop|startup|agency)\b",
    re.IGNORECASE,
)


def _comma_parts_facts(clause: str, *, tech_context: bool) -> list[ExtractedFact]:
    """The facts of a clause read as a whole yielded none, read part by part at its
    commas: two statements joined by a comma ("I've gone back to Vim, the Emacs
    experiment is over"). A part that is a list item alone ("and Svelte") states
    nothing by itself, so a list of names is not read twice."""
    out: list[ExtractedFact] = []
    for part in clause.split(", "):
        if len(part.split()) >= 3:
            out += clause_facts(part, in_question=False, tech_context=tech_context)
    return out


_BARE_USE_RE: Final = re.compile(r"^User uses (?P<x>[\w.+#!/ -]+)$")
#: What may stand between a machine and its tool: a few words, no comma or second clause.
_NEAR_RE: Final = re.compile(
    r"(?:(?!\b(?:but|and|while|whereas|though|although|so)\b)[^,;])*", re.IGNORECASE
)


def _on_device(clause: str, fact: ExtractedFact) -> ExtractedFact:
    """``fact`` with the machine the clause names next to its tool ("my home server runs
    Debian": "User uses Debian on their home server"), for a tool of an exclusive group
    (an operating system, an editor, a shell ...), which a use on another machine must
    not replace; other facts as they are."""
    bare = _BARE_USE_RE.match(fact.content)
    if bare is None or not any(
        tool_group(frame.topic) and not frame.scope for frame in frames_of(fact.content)
    ):
        return fact
    at = clause.casefold().find(bare["x"].split()[0].casefold())
    devices = list(DEVICE_RE.finditer(clause))
    if at < 0 or not devices:
        return fact
    # the machine said before the tool in its part of the clause ("my home server runs
    # Debian"), else the one after it ("Windows on my desktop"); none across a comma or
    # a second clause ("work on a windows laptop but ssh into linux boxes")
    before = [m for m in devices if m.end() <= at and _NEAR_RE.fullmatch(clause[m.end() : at])]
    after = [m for m in devices if m.start() >= at and _NEAR_RE.fullmatch(clause[at : m.start()])]
    if not before and not after:
        return fact
    device = (before[-1] if before else after[0])["d"].lower()
    return ExtractedFact(
        f"User uses {bare['x']} on their {device}", fact.category, fact.confidence, fact.source
    )


def _spotted(clause: str, facts: list[ExtractedFact]) -> list[ExtractedFact]:
    """The style and workflow values :func:`~.style_values.spotted_values` finds in
    ``clause``, on topics none of the clause's ``facts`` is about."""
    topics = {frame.topic for fact in facts for frame in frames_of(fact.content)}
    out = []
    for sentence in spotted_values(clause):
        found = _topic_fact(sentence)
        if found and not topics & {frame.topic for frame in frames_of(sentence)}:
            out += found
    return out


def _stated_uses(facts: Iterable[ExtractedFact]) -> set[str]:
    """The technologies ``facts`` state a positive use of (not an opinion)."""
    return {
        frame.value
        for fact in facts
        for frame in frames_of(fact.content)
        if frame.polarity == "positive" and not frame.topic.startswith(("likes:", "choice:"))
    }
