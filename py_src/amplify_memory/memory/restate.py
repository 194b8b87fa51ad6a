"""A correction read against what is stored: the stored fact, restated with the new value.

Many corrections name only what changed and lean on what the assistant already knows:
"we deploy on thursdays now instead of tuesdays" (stored: "User's team deploys on
Tuesdays."), "Bumped our line length limit from 80 to 120", "our docs site is on
Docusaurus these days" ("User's docs site is built with MkDocs."), "finally on Python
3.12!!" ("User uses Python 3.8."). Read alone, such a turn states no whole fact (nothing
says *what* is deployed on Thursdays), so extraction stores nothing and the old fact
stands. Read against the stored facts it is plain: :func:`restated_facts` finds, for a
stored fact, a value of the same kind in one of the turn's own clauses and returns the
stored sentence with the old value replaced ("User's team deploys on Thursdays."),
which the user-profile store adds in place of the old one.

A value's kind is one of: a technology (another of the same :func:`~.succession.kind_of`,
or any other when the clause shares the stored fact's words or the turn says the old one
is over), a version of the same technology, a number, a weekday, one of a few closed sets
of choices (:data:`CHOICES`: quotes, naming styles, tone, units, theme, answer length),
and a place, workplace or school reached by a move ("moved to Berlin", "started at
Stripe", "transferred to UCLA"). A number, a weekday or a choice must come with the
stored fact's own words ("4 spaces" for "2-space indentation") or with the old value
said to be over ("instead of tuesdays", "from 80 to 120", "camelCase is out").

Strict, as extraction is: the turn must say something changed; a question, a maybe or a
plan, someone else, an addition ("also", "alongside"), a part ("for my side project",
"just to test") and an old value said to hold still ("prod stays on 3.11") restate
nothing; so does a stored fact that is negative.

A turn may also end what a stored fact says without a new value: "stop using bullet
lists", "given up on strict TDD", "I'm off the on-call rotation", "not vegetarian
anymore", "comments: leave them out". When the words right after such a sign are the
stored fact's topic (:mod:`~.topics`) or the words its object is made of, the fact is
restated as no longer holding ("User is no longer vegetarian."); a technology there
that the fact does not name makes it a part ("stop giving me java examples"), not the
end of the fact. The other way round, a negative stored fact whose words a clause says
hold now ("type hints everywhere now", "I eat meat again") is restated as holding.

A turn that names both values ("changed my minor from linguistics to philosophy", "the
queue is RabbitMQ, not Kafka", "Backblaze to Wasabi", "X instead of Y", "swapped X for
Y", "X -> Y") restates a stored fact that holds the old words, whatever their kind, with
the new words (without those the fact already has: "from physics to computer science
major" and "majoring in physics" give "majoring in computer science"); it needs no
other sign of a change. A range ("I work from 9 to 5") is no change of a number, and a
turn that takes its change back ("wait nevermind, you're right") restates nothing.

>>> [r.content for r in restated_facts("we deploy on thursdays now instead of tuesdays",
...                                      ["User's team deploys on Tuesdays."])]
["User's team deploys on Thursdays."]
>>> restated_facts("running python 3.13 in a venv just to test, prod stays on 3.11",
...                ["User uses Python 3.11."])
[]
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from amplify_memory.memory._phrasing import is_programming_language
from amplify_memory.memory._text import (
    NUMBER_WORDS,
    RELATIVE_NOUNS,
    ROLE_NOUNS,
    indefinite_article,
    wordlist,
)
from amplify_memory.memory.changes import replaced_values, says_changed
from amplify_memory.memory.choices import CHOICES, DISTINCT_CHOICES
from amplify_memory.memory.gloss import english_gloss
from amplify_memory.memory.succession import kind_of, same_kind
from amplify_memory.memory.technologies import (
    VERSION_AFTER_RE,
    find_technology_mentions,
    lookup_technology,
)
from amplify_memory.memory.topics import TOPICS, Topic, both_hold, primary_frame
from amplify_memory.memory.user_facts import _RETRACTS_RE, _third_person, user_clauses

__all__ = ["CHOICES", "MAX_RESTATE_CHARS", "Restated", "restated_facts", "search_terms"]

#: How much of a message is read against the stored facts (a correction is said early;
#: the reading's time grows with the square of the length).
MAX_RESTATE_CHARS: Final = 1_500


_EMOJI_RE: Final = re.compile("[\U0001f000-\U0001faff\u2600-\u27bf\U000e0020-\U000e007f]+\\s*")


@dataclass(frozen=True, slots=True)
class Restated:
    """Stored fact ``index`` restated: its ``old`` value is ``new`` now (``content``)."""

    index: int
    old: str
    new: str
    content: str


_CHOICE_OF: Final = {m.casefold(): (kind, m) for kind, ms in CHOICES.items() for m in ms}
_CHOICE_RE: Final = re.compile(
    r"(?<![\w-])("
    + "|".join(re.escape(m) for m in sorted(_CHOICE_OF, key=len, reverse=True))
    + r")(?![\w-])",
    re.IGNORECASE,
)
_WEEKDAYS: Final = ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
_WEEKDAY_RE: Final = re.compile(r"\b(" + "|".join(_WEEKDAYS) + r")(s?)\b", re.IGNORECASE)
#: A role: "senior backend engineer", "team lead", "individual contributor".
_ROLE: Final = (
    rf"(?P<role>(?:[\w-]+\s+){{0,3}}?(?:{ROLE_NOUNS}|undergraduate|undergrad|vp|em|ic|"
    r"individual\s+contributor|head\s+of\s+[\w-]+))(?![\w-])"
)
_ROLE_FACT_RE: Final = re.compile(
    rf"^User\s+is\s+(?:now\s+|currently\s+)?(?:an?\s+){_ROLE}(?=\s+(?:at|in|for|with|on|who|"
    r"and|working)\b|[.!]?$)",
    re.IGNORECASE,
)
_ROLE_NEW_RE: Final = re.compile(
    r"\b(?:promoted\s+to|became|become|now\s+(?=an?\s)|back\s+to\s+being|I\s+am\s+now|"
    r"new\s+role\s+as|moved\s+into|switched\s+to\s+being|taking\s+over\s+as|took\s+over\s+as|"
    r"stepped\s+(?:up|down|back)\s+(?:to|as)|working\s+as|hired\s+as|"
    rf"I\s+am(?=\s+(?:an?\s+)?[\w\s-]{{2,40}}?\s+now\b))\s+(?:an?\s+)?{_ROLE}"
    r"(?!\s+(?:of|for|on|in\s+(?:the|a|my|our))\b)",  # (not "the admin of our family group")
    re.IGNORECASE,
)
#: A time of day: "9:30", "10am", "6 pm", "noon".
_TIME_RE: Final = re.compile(
    r"(?<![\w:.$€£-])(\d{1,2}(?::[0-5]\d)?\s*[ap]\.?m\b\.?|\d{1,2}:[0-5]\d|noon|midnight)(?![\w:])",
    re.IGNORECASE,
)
#: Words that count people ("7 engineers", "12 people"): one count, whichever is said.
_PEOPLE_NOUNS: Final = (
    r"(?:people|persons|engineers|developers|devs|folks|members|employees|staff|heads|"
    r"reports|students|kids|children)\b"
)
_ORDINALS: Final = (
    "zeroth", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth",
    "ninth", "tenth",
)  # fmt: skip
_NUMBER_RE: Final = re.compile(
    r"(?<![\w.:/$€£-])(\d{1,4}(?:st|nd|rd|th)?|" + "|".join([*NUMBER_WORDS, *_ORDINALS]) + r")"
    r"(?![\w.:/%]|-?(?:am|pm)\b)",
    re.IGNORECASE,
)
#: A stored place, workplace or school: the name after the verb that holds it.
_HELD_NAME_RE: Final = re.compile(
    r"\b(?P<verb>lives|is based|is located|resides|works|is employed|studies|is studying|"
    r"is a student|attends)\s+(?:\w+\s+){0,2}?(?:in|at|for)\s+"
    r"(?P<name>(?-i:[A-Z][\w&.'-]*)(?:\s+(?-i:[A-Z][\w&.'-]*)){0,3}"
    r"(?:,\s*(?-i:[A-Z][\w'-]*)(?:\s+(?-i:[A-Z][\w'-]*))?)?)",
    re.IGNORECASE,
)
#: The turn's move to a new one, by the kind of what is held.
_MOVED_TO: Final = {
    "place": r"(?:moved|relocated|relocating|moving)\s+(?:back\s+|over\s+|house\s+)?to|"
    r"(?:living|based|back)\s+in|"
    r"(?=[^.;!?]*\b(?:these\s+days|nowadays)\b)(?:I'm|I\s+am|im)\s+(?:now\s+)?in|"
    r"(?=[^.;!?]*\b(?:now|these\s+days|nowadays)\b)I\s+live\s+(?:now\s+)?in",
    "work": r"(?:join(?:ed|ing)?(?=\s+(?-i:[A-Z]))|started\s+(?:\w+\s+){0,2}?at|"
    r"new\s+job,?\s+(?:I'm\s+|I\s+am\s+)?at|working\s+(?:at|for)|"
    r"(?=[^.;!?]*\bnow\b)(?:I'm|I\s+am|im)\s+(?:now\s+)?at|"
    r"(?=[^.;!?]*\b(?:now|these\s+days|nowadays)\b)(?:now\s+)?I\s+(?:now\s+)?work\s+"
    r"(?:now\s+)?(?:at|for))",
    "school": r"(?:transferred|transferring)\s+to|(?:studying|enrolled)\s+at",
}
_HELD_KIND: Final = {
    "lives": "place", "is based": "place", "is located": "place", "resides": "place",
    "works": "work", "is employed": "work",
    "studies": "school", "is studying": "school", "is a student": "school", "attends": "school",
}  # fmt: skip
_NEW_NAME_RE: Final = (
    r"\s+(?P<the>the\s+)?(?P<name>(?:(?-i:St|Ft|Mt)\.\s*)?[A-Za-z][\w&'-]*(?:\s+(?-i:[A-Z])[\w&'-]*){0,2}"
    r"(?:,\s*(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?)?)"
)
#: What no move reaches: a time, a meeting, a day ("moved the standup to Thursday").
_NO_PLACE_RE: Final = re.compile(
    r"^(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|"
    r"april|may|june|july|august|september|october|november|december|today|tomorrow|next|"
    r"the|a|an|home|work|school|uni|college|office|lunch|dinner|church|gym|night|noon)\b",
    re.IGNORECASE,
)

#: The turn says something changed (beside :func:`~.changes.says_changed`).
_CHANGE_RE: Final = re.compile(
    r"\b(?:now|these\s+days|nowadays|anymore|no\s+longer|no\s+more|instead|switched|swapped|"
    r"moved|migrated|went\s+with|replaced|renam\w+|bumped|upgraded|downgraded|promoted|"
    r"transferred|relocated|finally|converted|in\s+the\s+end|from\s+now\s+on|is\s+out|"
    r"ditched|dropped|dumped|left|joined|started|stopped|gave\s+up|rewr\w+|raised|lowered|"
    r"increased|decreased|reduced|changed|from\s+today|starting\s+today|going\s+forward|"
    r"from\s+here\s+on|my\s+(?:mistake|bad)|I\s+(?:said|told\s+you)|correct\w*|to\s+fix|"
    r"misspoke|mistake|got\s+promoted|back\s+(?:in|on|to)|again|upgrad\w*|downgrad\w*|"
    r"bye\s+bye|stepped|grew|grown|shrank|shrunk|doubled|halved|"
    r"(?:is|was|were|are)\s+(?:\w+\s+)?(?:out|gone|dead|history|EOL|legacy|deprecated|retired|"
    r"wrong|only\s+for|just\s+for))\b",
    re.IGNORECASE,
)
#: A clause that restates nothing: a maybe, a plan, someone else, an addition, a part.
_NOT_A_CHANGE_RE: Final = re.compile(
    r"\b(?:maybe|might|thinking\s+(?:about|of|to)|not\s+(?:yet\s+)?decided|undecided|"
    r"haven't\s+decided|consider\w*|plan\w*|going\s+to|gonna|will|"
    r"evaluat\w*|whether|worth|not\s+sure|wonder\w*|debat\w*|weigh\w*|explor\w*|or\s+not|"
    r"or\s+am\s+I|next\s+(?:week|month|quarter|year|sprint|release)|^(?:is\s+it|should\s+I|"
    r"do\s+you|would\s+you|what|how|why|which|can\s+I|could\s+I)\b|"
    r"would|should|could|want\s+to|wants\s+to|tempted|discuss\w*|eventually|someday|if|"
    r"also|too(?!\s+\w)|as\s+well|alongside|besides|on\s+top\s+of|in\s+addition|additionally|"
    r"just\s+(?:to|for)|to\s+test|testing|translat\w*|"
    r"for\s+(?:this|that)\s+(?:project|client|repo|app|job|course|class|exercise)\b|"
    r"for\s+(?:the|a|an)\s+(?:new\s+)?(?:\w+\s+)?(?:client|project|gig|contract)\b|"
    r"(?:in|for|to|on|of|with)\s+(?:this|that)\s+(?:\w+\s+)?(?:one|script|snippet|file|task|"
    r"answer|reply|response|example|function|code|query|message|case|pr|commit|question)\b|"
    r"(?:my|our|his|her|their)\s+(?:\w+\s+){0,2}?(?:wife|husband|partner|friend|friends|coworkers?|colleagues?|"
    r"boss|manager|brother|sister|kids?|son|daughter|mom|dad|mum|flatmate|roommate|lead|"
    r"teammates?|client|clients)|\b(?:he|she|they|everyone|somebody|someone)\b|(?<!\d\s)\bpeople\b|"
    r"\b(?:the|our|an?)\s+(?:intern|interns|office|offices|contractor|vendor|customer)\b|"
    r"^(?:the|our|their)\s+(?!whole\b|entire\b|dev\b)[a-z]+\s+team\b|"  # ("the data team ...")
    r"^the\s+(?:kids?|children|baby|gym|store|shop|school|bus|train|pool|library|daycare|"
    r"company|building)\b|\bwhen\s+I\b|\bstory\b|\byears\s+ago\b)",
    re.IGNORECASE,
)
#: A clause led by someone named ("Alice moved to Berlin", "Tom got promoted"): theirs.
_NAMED_LEAD_RE: Final = re.compile(
    r"^(?!(?:I|We|My|Our|Now|Today|Finally|Also|Just|Update|So|Ok|Okay|Yes|Actually|Still|"
    r"Since|After|Before|This|That|It|The|Then|Well|Oh|Hey|Hi|Got|Moved|Switched|Started|"
    r"Left|Joined|Quit|Dropped|Back|Been|Changed|Correction|Sorry|Scratch)\b)"
    r"(?P<name>(?-i:[A-Z][a-z]+))\s+(?:just\s+|finally\s+|also\s+)?(?:got|has|had|is|was|"
    r"moved|joined|switched|started|left|quit|went|became|changed|relocated|transferred)\b"
    r"(?!\s+(?:over|out|gone|history|dead)\b)"  # ("Flipkart is over": no one's doing)
)
#: A request for one answer ("write this one in Go instead of Python", "now convert it to
#: TypeScript", "explain it in Spanish instead"), unless it says it is for always.
_ONE_TASK_RE: Final = re.compile(
    r"^(?:(?:ok|okay|now|pls|please|and|so|can\s+you|could\s+you)\s+)*(?:write|show|redo|"
    r"convert|do|explain|rewrite|translate|give|make|port|try|answer|reply|respond|"
    r"generate|refactor|rename|reformat|format|sort)\b",
    re.IGNORECASE,
)
_FOR_ALWAYS_RE: Final = re.compile(
    r"\b(?:from\s+now\s+on|going\s+forward|always|by\s+default|anymore|any\s+more|every\s+time|"
    r"in\s+future|from\s+today)\b",
    re.IGNORECASE,
)
#: A part of the user's tools, not the whole ("for my side project", "at home").
_PART_RE: Final = re.compile(
    r"\b(?:side\s+projects?|at\s+home|for\s+home|hobby|personal|for\s+(?:quick|small|simple|"
    r"some|certain|a\s+few|little|tiny|throwaway|one-off|git)\b)",
    re.IGNORECASE,
)
#: A clause that says its value holds still: "prod stays on 3.11", "still on SLURM".
_STILL_RE: Final = re.compile(
    r"\b(?:still|stays?|staying|stick\w*\s+with|stuck\s+(?:with|on)|remains?|keep\w*|kept|same|"
    r"everything\s+else|"
    r"the\s+rest|elsewhere|otherwise)\b",
    re.IGNORECASE,
)
#: The old value said to be over, right before it ("instead of X", "from X", "no more X").
_OVER_BEFORE_RE: Final = re.compile(
    r"\b(?:instead\s+of|rather\s+than|from|off(?:\s+of)?|out\s+of|not|no\s+more|no\s+longer\s+"
    r"(?:\w+\s+){0,2}|stopped\s+\w+|dropp\w+|ditch\w*|dump\w*|replac\w+|drop\s+the|left|quit|"
    r"over|than|bye\s+bye|goodbye|farewell|RIP|\(\s*(?:was|previously|formerly))\s+"
    r"(?:the\s+|my\s+|our\s+)?$|(?<![-=])>\s*$",
    re.IGNORECASE,
)
#: ... or right after it ("camelCase is out", "16 is EOL", "2 was too cramped").
_OVER_AFTER_RE: Final = re.compile(
    r"^\s*(?:is|was|were|are|'s)\s+(?:\w+\s+)?(?:out|gone|dead|over|history|EOL|legacy|deprecated|"
    r"retired|too\b|only\s+for|"
    r"just\s+for|(?:the|my|an?)\s+old|(?:my|a)\s+mistake|wrong|(?:\w+\s+){0,2}(?:fine|ok|okay|good|"
    r"great|nice)\s+but\b)|^\s*(?:got|has\s+been|had)\s+(?:\w+\s+)?(?:too|dropped|removed|"
    r"retired|replaced)|^\s*(?:->|→|>)|^\s+(?:anymore|any\s+more|no\s+more)|^\s+to\s+(?-i:[A-Z])",
    re.IGNORECASE,
)
#: A turn that takes its change back.
_TAKEN_BACK_RE: Final = re.compile(
    r"\b(?:never\s?mind|you(?:'re| are)\s+right|ignore\s+(?:that|what\s+I\s+(?:just\s+)?said)|"
    r"my\s+bad,?\s+(?:it's|it\s+is)\s+still)\b",
    re.IGNORECASE,
)
#: A range of numbers ("from 9 to 5") and the verbs that make it a change ("bumped ...").
_RANGE_RE: Final = re.compile(r"\bfrom\s+\S+\s+(?:to|until|till)\s+\S+", re.IGNORECASE)
_NUMBER_CHANGE_RE: Final = re.compile(
    r"\b(?:bump\w*|rais\w+|lower\w*|increas\w+|decreas\w+|chang\w+|mov\w+|went|upgrad\w+|"
    r"downgrad\w+|cut|reduc\w+|grew|grow\w*|drop\w*|switch\w*)\b",
    re.IGNORECASE,
)
#: A stored fact that is negative: nothing to restate.
_NEGATIVE_FACT_RE: Final = re.compile(
    r"\b(?:not|no longer|never|doesn't|does not|don't|dislikes?|hates?|avoids?)\b", re.IGNORECASE
)
#: Words that say nothing of which fact a clause is about.
_PLAIN_WORDS: Final = frozenset(
    (
        "user", "user's", "users", "uses", "use", "used", "using", "prefers", "prefer", "likes",
        "like", "wants", "want", "has", "have", "had", "is", "are", "was", "were", "be", "been",
        "a", "an", "the", "for", "in", "on", "at", "with", "of", "to", "as", "their", "his",
        "her", "its", "and", "or", "team", "team's", "company", "company's", "org", "work",
        "works", "job", "project", "projects", "code", "app", "apps", "stuff", "thing", "things",
        "everything", "all", "main", "new", "old", "now", "our", "my", "we", "i", "it", "this",
        "that", "from", "by", "into", "runs", "run", "built", "build", "writes", "write",
    )
)  # fmt: skip


def _stem(word: str) -> str:
    word = word.casefold().strip("'\u2019")
    for end in ("ing", "es", "ed", "s"):
        if word.endswith(end) and len(word) - len(end) >= 4:
            word = word[: -len(end)]
            break
    return word[:5]


def _anchors(text: str, skip: str) -> set[str]:
    """The stems of a stored fact's own words, without its value ``skip``."""
    words = re.findall(r"[A-Za-z][\w'-]+", text.replace(skip, " "))
    stems = (_stem(w) for w in words if w.casefold() not in _PLAIN_WORDS and len(w) > 2)
    return {_SAME_STEM.get(s, s) for s in stems}


def _stems(text: str) -> set[str]:
    return {_SAME_STEM.get(s, s) for s in (_stem(w) for w in re.findall(r"[A-Za-z][\w'-]+", text))}


#: Stems of words that say one thing: "kids" and "children".
_SAME_STEM: Final = {"kid": "child", "kids": "child"}


def _names(value: str) -> list[str]:
    """A value and, for a technology, its other names ("Amazon ECS": "ECS" ...)."""
    known = lookup_technology(value)
    names = [value, *((known.name, *known.aliases) if known else ())]
    last = value.split()[-1]
    if len(value.split()) > 1 and last.isupper() and len(last) > 1:
        names.append(last)  # ("Amazon ECS": "ECS")
    return sorted(set(names), key=len, reverse=True)


def _over(turn: str, value: str) -> bool:
    """True when the turn says ``value`` is over ("instead of tuesdays", "X is out")."""
    for name in _names(value):
        for m in re.finditer(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", turn, re.IGNORECASE):
            before = turn[max(0, m.start() - 40) : m.start()]
            if _OVER_BEFORE_RE.search(before) or _OVER_AFTER_RE.match(turn[m.end() : m.end() + 40]):
                return True
    return False


def _holds_still(turn: str, value: str) -> bool:
    """True when the turn says ``value`` (or the last word of its name) still holds:
    "prod stays on 3.11", "still sharing chapters through Drive"."""
    words = {*_names(value), value.split()[-1]} if len(value.split()[-1]) > 2 else {value}
    for clause in re.split(r"[.!?;,\n]+|\bbut\b|\s[-\u2014]\s", turn):
        if not _STILL_RE.search(clause):
            continue
        if any(re.search(rf"(?<![\w.-]){re.escape(w)}(?![\w-])", clause, re.I) for w in words):
            return True
    return False


#: Where a clause's pieces part: commas, and "so", "anyway", "btw" in a run-on message
#: ("im not using windows anymore i switched to a mac so any shortcuts should be mac").
_PIECE_SPLIT_RE: Final = re.compile(r"\s*,\s*|\s+(?:so|anyway|btw|but)\s+", re.IGNORECASE)


_PRONOUNS_RE: Final = re.compile(r"\b(?:he|she|they)/(?:him|her|them|they)\b", re.IGNORECASE)


def _not_a_change(piece: str) -> bool:
    """A piece of a clause that restates nothing (see :data:`_NOT_A_CHANGE_RE`)."""
    piece = _PRONOUNS_RE.sub("pronouns", piece)  # ("I'm she/her": no one else's)
    named = _NAMED_LEAD_RE.match(piece)
    return bool(
        _NOT_A_CHANGE_RE.search(piece)
        or (named and lookup_technology(named["name"]) is None)
        or (_ONE_TASK_RE.match(piece) and not _FOR_ALWAYS_RE.search(piece))
    )


#: Words before what a clause says that say nothing of it: "I want to inform you that",
#: "oh also", "just wanted to let you know".
_LEAD_IN_RE: Final = re.compile(
    r"^(?:(?:oh|ok|okay|and|so|hey|hi|btw|fyi)[,!]?\s+)*(?:also,?\s+|"
    r"(?:I\s+)?(?:just\s+)?(?:want|wanted|would\s+like|'d\s+like)\s+to\s+(?:inform\s+you|tell\s+you|"
    r"let\s+you\s+know)\s+(?:that\s+)?)",
    re.IGNORECASE,
)


def _own_clauses(message: str) -> list[str]:
    """The turn's clauses that may state a change of the user's own, each without its
    parts that do not (a question, a maybe or a plan, someone else's, an addition: "we
    moved back to the Netherlands, the kids are switching *too*")."""
    out: list[str] = []
    for clause, in_question in user_clauses(message):
        if _RETRACTS_RE.match(clause.strip(" .!,")):
            out.clear()  # ("we moved to pnpm - actually no, scratch that, ...")
            continue
        if in_question:
            continue
        pieces = _PIECE_SPLIT_RE.split(_LEAD_IN_RE.sub("", clause))
        parts = [p for p in pieces if not _not_a_change(p)]
        if parts and not _not_a_change(pieces[0]):
            out.append(", ".join(parts))  # (a clause whose lead is someone else's: none)
    return out


@dataclass(frozen=True, slots=True)
class _Value:
    """A value of a stored fact: its ``kind``, its text as written and its start."""

    kind: str
    text: str
    start: int


def _values(fact: str) -> Iterator[_Value]:
    """The values a stored fact holds, by kind."""
    fact = fact.rstrip(".!")  # ("Python 3.8.": the stop is not the version's)
    taken: list[tuple[int, int]] = []
    role = _ROLE_FACT_RE.match(fact)
    if role:
        yield _Value("role", role["role"], role.start("role"))
    held = _HELD_NAME_RE.search(fact)
    if held:
        kind = _HELD_KIND[re.sub(r"\s+", " ", held["verb"].casefold())]
        if kind == "work" or lookup_technology(held["name"]) is None:  # (Stripe, Klarna)
            yield _Value(f"held:{kind}", held["name"], held.start("name"))
            taken.append((held.start("name"), held.end("name")))
    for mention in find_technology_mentions(fact):
        if any(a <= mention.start < b for a, b in taken):
            continue
        taken.append((mention.start, mention.end))
        version = VERSION_AFTER_RE.match(fact, mention.end)
        if version and re.match(r"v?\d", version[1]):
            yield _Value(f"version:{mention.name}", version[1], version.start(1))
            taken.append((version.start(1), version.end(1)))
        else:
            yield _Value("tech", fact[mention.start : mention.end], mention.start)
    for choice in _CHOICE_RE.finditer(fact):
        yield _Value("choice:" + _CHOICE_OF[choice[1].casefold()][0], choice[1], choice.start())
    for day in _WEEKDAY_RE.finditer(fact):
        yield _Value("weekday", day[0], day.start())
    for time in _TIME_RE.finditer(fact):
        if not any(a <= time.start() < b for a, b in taken):
            taken.append((time.start(), time.end()))
            yield _Value("time", time[1], time.start())
    for number in _NUMBER_RE.finditer(fact):
        if not any(a <= number.start() < b for a, b in taken):
            yield _Value("number", number[1], number.start())


def _new_values(kind: str, old: str, clause: str) -> Iterator[str]:
    """The values of ``kind`` in a turn's clause, other than ``old``, as written."""
    if kind == "tech":
        yield from (m.name for m in find_technology_mentions(clause))
    elif kind.startswith("version:") and not _TOOL_NEWS_RE.match(clause):
        named = list(_versions_of(kind[8:], clause))
        yield from named
        if not named and re.search(rf"\bnot\s+v?{re.escape(old)}(?![\w.])", clause, re.I):
            # the old version named as wrong, the tool not named ("3.12 now not 3.9")
            yield from _BARE_VERSION_RE.findall(clause)
    elif kind.startswith("choice:"):
        members = {c.casefold() for c in CHOICES[kind[7:]]}
        for m in _CHOICE_RE.finditer(clause):
            if m[1].casefold() in members:
                yield _CHOICE_OF[m[1].casefold()][1]
    elif kind == "weekday":
        yield from (m[1] for m in _WEEKDAY_RE.finditer(clause))
    elif kind == "number":
        yield from (m[1] for m in _NUMBER_RE.finditer(clause))
    elif kind == "role":
        yield from (m["role"] for m in _ROLE_NEW_RE.finditer(clause))
    elif kind == "time":
        yield from (m[1] for m in _TIME_RE.finditer(clause))
    elif kind.startswith("held:"):
        moved = re.compile(rf"\b(?:{_MOVED_TO[kind[5:]]}){_NEW_NAME_RE}", re.IGNORECASE)
        for m in moved.finditer(clause):
            name = re.split(
                r"\s+(?:this|last|next|in|since|for|as|and|so|now|these|today)\b",
                m["name"],
                flags=re.I,
            )[0]
            stay = bool(_STAY_RE.match(m[0]))  # ("I'm at Stripe now", "I'm in Lisbon these days")
            lower_ok = not stay and not re.search(
                r"[A-Z]", re.sub(r"\bI\b", "", clause)
            )  # ("i moved to berlin")
            if _NO_PLACE_RE.match(name) or not (name[:1].isupper() or lower_ok) or len(name) < 3:
                continue
            if stay and (_TRIP_RE.search(clause) or not name[1:2].islower()):
                continue  # ("I'm at Heathrow now, flight delayed", "I'M AT GOOGLE NOW")
            if lookup_technology(name) is None or kind == "held:work":
                the = "the " if m["the"] and name[:1].isupper() and kind == "held:place" else ""
                yield the + name  # ("the Netherlands")


#: A stay said, not a move: "I'm at Stripe now", "I'm in Lisbon these days", "I live in ..."
_STAY_RE: Final = re.compile(r"^(?:now\s+)?(?:I'm|I\s+am|im|I\s+live|I\s+work)\b", re.IGNORECASE)
#: A visit, not a stay: "I'm at Heathrow now, flight delayed".
_TRIP_RE: Final = re.compile(
    r"\b(?:flight|airport|delayed|hotel|visit\w*|trip|conference|waiting|appointment|dentist|"
    r"doctor|vacation|holiday|weekend|layover|queue|chapter|page|step|level|stage|pain)\b",
    re.IGNORECASE,
)
#: A clause that is news about a tool, not the user's use of it: "Python 3.12 now supports
#: f-string nesting".
_TOOL_NEWS_RE: Final = re.compile(
    r"^\W*(?-i:[A-Z])[\w.+#-]*(?:\s+[\w.+#-]+)?\s+v?\d[\w.]*\s+(?:now\s+|finally\s+|also\s+)?"
    r"(?!is\b|was\b)[a-z]+s\b"
)


_BARE_VERSION_RE: Final = re.compile(r"(?<![\w.$€£-])v?(\d+\.\d+(?:\.\d+)?)(?![\w.%])")
_RAISED_TO_RE: Final = re.compile(r"\s+(?:to|->|→)\s+(v?\d+(?:\.\d+){0,2})(?![\w.%])")


def _versions_of(name: str, clause: str) -> Iterator[str]:
    """The versions of the technology ``name`` a clause gives ("node 22": 22), by any of
    its names (a version after a common word such as "node" is context enough)."""
    tech = lookup_technology(name)
    names = {name, *(tech.aliases + tech.common if tech else ())}
    spelled = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
    for m in re.finditer(rf"(?<![\w.-])(?:{spelled})(?:\b|(?=\d))", clause, re.IGNORECASE):
        version = VERSION_AFTER_RE.match(clause, m.end())
        if version and re.match(r"v?\d", version[1]):
            yield version[1]  # ("node 22", "pg16")
        elif _NUMBER_CHANGE_RE.search(clause[: m.start()]):
            raised = _RAISED_TO_RE.match(clause, m.end())  # "bumped the min iOS to 16"
            if raised:
                yield raised[1]


def _key(value: str) -> str:
    """A value as :func:`_same` compares it ("Thursdays", "thursday": one value)."""
    v = value.casefold().replace("-", " ")  # ("full-time", "full time")
    v = v.rstrip("s") if v.rstrip("s") in _WEEKDAYS else v
    if v in NUMBER_WORDS:
        return NUMBER_WORDS[v]
    if v in _ORDINALS:
        return f"{_ORDINALS.index(v)}."
    ordinal = re.fullmatch(r"(\d+)(?:st|nd|rd|th)", v)
    return f"{ordinal[1]}." if ordinal else v.lstrip("v")


def _same(a: str, b: str) -> bool:
    """The same value, as written or as a number word and its digits."""
    return _key(a) == _key(b)


def restated_facts(message: str, stored: Sequence[str]) -> list[Restated]:
    """The stored facts (``stored``, by index) a turn changes, each restated with its new
    value (see the module docstring). A stored fact is restated once, and a new value of
    a clause restates one stored fact: the one it fits best (said to be over first, then
    the most words shared)."""
    # (each value looks at the whole message; an emoji ends a sentence: "it's Siobhan,
    # not Sabrina 🙂 everyone ..."; a change said in another language is glossed)
    message = _EMOJI_RE.sub(". ", english_gloss(message[:MAX_RESTATE_CHARS]))
    chosen = [m[1] for m in _CHOICE_RE.finditer(message)]
    changed = bool(
        says_changed(message)
        or _CHANGE_RE.search(message)
        or _ENDED_RE.search(message)
        or {_CHOICE_OF[c.casefold()][0] for c in chosen} & DISTINCT_CHOICES  # ("use metric":
        # a distinct choice is a change said)
        or any(_said_of_self(message, c) for c in chosen)
        or _ROLE_NEW_RE.search(message)  # ("became a staff engineer")
    )  # (else only a change named by both its values: "the queue is RabbitMQ, not Kafka")
    if _TAKEN_BACK_RE.search(message) or not (changed or _SWAP_SIGN_RE.search(message)):
        return []  # (taken back: "... wait nevermind, you're right, it's spaces")
    clauses = _own_clauses(message)
    over = {r.value.casefold() for r in replaced_values(message)} if changed else set()
    found: list[tuple[int, int, str, Restated]] = []
    ended: dict[int, Restated] = {}
    swaps = _swaps(clauses)
    amounts = _amount_swaps(message)
    moves = _head_moves(clauses) if changed else []
    for index, fact in enumerate(stored):
        if _NEGATIVE_FACT_RE.search(fact):
            if changed and (back := _restarted(clauses, fact)) is not None:
                ended[index] = Restated(index, back[0], "", back[1])
            continue
        candidates = [
            c
            for c in (
                *_swapped(fact, swaps),
                *_head_swapped(fact, moves),
                *_amount_restated(fact, amounts),
            )
            if not _holds_still(message, c[2][0])  # ("Vitest > Jest, but stuck with Jest")
        ]
        if changed:
            candidates += _restatements(message, clauses, over, fact)
        for score, at, (old, new, content) in candidates:
            if not both_hold(old, new):  # ("everything inside WSL": Windows still holds)
                found.append((score, at, _key(new), Restated(index, old, new, content)))
        if changed and (end := _ended(clauses, fact)) is not None:
            ended[index] = Restated(index, end[0], "", end[1])
    out: dict[int, Restated] = {}
    used: set[tuple[int, str]] = set()
    for _, at, key, one in sorted(found, key=lambda f: -f[0]):
        if one.index not in out and (at, key) not in used:
            out[one.index] = one
            used.add((at, key))
    for index, one in ended.items():
        out.setdefault(index, one)  # (a new value, when there is one, says more)
    return sorted(out.values(), key=lambda r: r.index)


#: A stored opinion of a tool, and a clause that says one.
_OPINION_RE: Final = re.compile(r"^User\s+(?:likes|loves|enjoys|is\s+a\s+fan\s+of|adores)\b")
_LIKING_RE: Final = re.compile(
    r"\b(?:like|likes|love|loves|prefer|prefers|fan|enjoy|enjoys|into|favou?rite)\b", re.IGNORECASE
)


def _restatements(
    message: str, clauses: list[str], over: set[str], fact: str
) -> Iterator[tuple[int, int, tuple[str, str, str]]]:
    """``(score, clause index, (old, new, restated fact))`` for each value of ``fact``
    the turn may change."""
    part = bool(_PART_RE.search(fact))  # (the fact itself of a part: "for my side project")
    opinion = _OPINION_RE.match(fact)
    for value in _values(fact):
        if _holds_still(message, value.text):
            continue
        anchors = _anchors(fact, value.text)
        after = fact[value.start + len(value.text) :]
        people = value.kind == "number" and re.match(rf"\s+{_PEOPLE_NOUNS}", after, re.I)
        for at, clause in enumerate(clauses):
            if opinion and value.kind == "tech" and not _LIKING_RE.search(clause):
                continue  # ("User likes AWS." and "we host on Hetzner now": still likes it)
            near = " ".join(clauses[max(0, at - 1) : at + 2])
            for new in _new_values(value.kind, value.text, clause):
                if _same(new, value.text) or re.search(
                    rf"(?<![\w.-]){re.escape(new)}(?![\w-])", fact, re.IGNORECASE
                ):
                    continue
                counted = (
                    people
                    and re.search(rf"(?<![\w.]){re.escape(new)}\s+{_PEOPLE_NOUNS}", clause, re.I)
                    and re.search(r"\bteam", clause, re.I)
                    and re.search(r"\bteam", fact, re.I)
                    and not re.search(rf"(?<![\w.]){re.escape(value.text)}(?![\w.])", clause)
                )  # ("7 engineers" and "team's up to 12 people now": one count)
                score = _fit(
                    value, new, message, over, clause=clause, near=near, anchors=anchors,
                    part=part, counted=bool(counted),
                )  # fmt: skip
                content = _restated(fact, value, new) if score else fact
                if content != fact:
                    yield score, at, (value.text, new, content)


def _fit(
    value: _Value, new: str, message: str, over: set[str], *, clause: str, near: str,
    anchors: set[str], part: bool = False, counted: bool = False,
) -> int:  # fmt: skip
    """How well ``new`` in ``clause`` takes the place of the stored ``value``: 0 not at
    all; more for the old value said to be over (4) and for each word shared."""
    if (
        new.casefold() in over
        or _over(message, new)
        or _holds_still(message, new)
        or re.search(rf"\b(?:not|n't|never)\s+(?:\w+\s+){{0,2}}{re.escape(new)}\b", clause, re.I)
    ):
        return 0  # ("from Go", "not mid anymore", "English is still the main thing": no
        # new value)
    known = lookup_technology(value.text) if value.kind == "tech" else None
    said_over = _over(message, value.text) or (known is not None and known.name.casefold() in over)
    shared = len(anchors & _stems(near))
    score = 4 * said_over + shared
    if not said_over and _listed_together(value.text, new, clause):
        return 0  # ("we deploy on tuesdays and thursdays now": both, no change)
    technology = value.kind == "tech" or value.kind.startswith("version:")
    if technology and _PART_RE.search(clause) and not part:
        return 0  # ("SQLite for my side projects now": a part, not the whole)
    if value.kind.startswith(("version:", "held:")) or value.kind == "role":
        return score + 1  # the same technology's version; a move to a new place
    if value.kind == "tech":
        kinds = _kind(new), _kind(value.text)
        if None not in kinds and _family(kinds[0]) != _family(kinds[1]):
            return 0  # (a language is not replaced by a game engine)
        same_kind = kinds[0] is not None and kinds[0] == kinds[1] and kinds[0] != "language"
        return score + same_kind if said_over or shared or same_kind else 0
    if value.kind in ("number", "time"):
        if _SOME_DAYS_RE.search(clause):
            return 0  # ("standup is at 10am now but only on Mondays")
        counts = re.search(rf"(?<![\w-]){re.escape(new)}\s+([a-z][\w'-]{{2,}})", clause)
        thing = counts[1].split("-")[0] if counts else ""
        if (
            not new[:1].isdigit()
            and thing
            and thing not in _NOT_COUNTED
            and not _stems(f"{thing} {thing}s {thing.rstrip('s')}")
            & {a.split("-")[0] for a in anchors}
        ):
            return 0  # ("one correction to what I told you": not one of the fact's things)
        if said_over and not _NUMBER_CHANGE_RE.search(clause) and _RANGE_RE.search(clause):
            said_over = False  # ("I work from 9 to 5": a range, not a change)
        if counted:
            return score + 1
        before = re.search(rf"(?<![\w.]){re.escape(value.text)}(?![\w.])", near, re.IGNORECASE)
        if before and anchors & _stems(near):
            return score + 1  # ("I have two kids - it's three now")
        return score if said_over or anchors & _stems(clause) else 0
    if value.kind == "choice:level" and re.search(r"\bpromot\w*", clause, re.IGNORECASE):
        return score + 1  # ("got promoted to staff": a level whatever words come with it)
    if value.kind.startswith("choice:") and value.kind[7:] in _OWN_STATES:
        return score + 1 if _said_of_self(clause, new) else 0  # ("I'm vegan now", not
        # "a vegan lunch", "two part-time devs", "the character is they/them")
    if value.kind.startswith("choice:") and value.kind[7:] in DISTINCT_CHOICES:
        return score + 1  # ("metric": a choice of units whatever words come with it)
    return score


#: Words after a number that say nothing of what it counts ("it's three now").
_NOT_COUNTED: Final = frozenset(
    wordlist("""
    now not instead actually anymore lol haha and but then too again already these days
    total altogether apiece each max tops yet
""")
)

#: The choices that say what the user is ("vegan", "part-time", "she/her"): only when
#: said of the user.
_OWN_STATES: Final = frozenset({"diet", "workload", "pronouns"})


def _said_of_self(text: str, value: str) -> bool:
    """True when ``text`` says the user is ``value`` of an own-state choice now ("I'm
    vegan now", "went pescatarian", "my pronouns are they/them", "back to full-time")."""
    kind = _CHOICE_OF.get(value.casefold(), ("", ""))[0]
    if kind not in _OWN_STATES:
        return False
    return bool(
        re.search(
            r"\b(?:I'm|I\s+am|im|I've\s+(?:gone|become|been)|I\s+went|went|gone|going|back\s+to|"
            r"pronouns\s+are|I\s+work|working|now)\s+(?:\w+\s+){0,2}?"
            rf"{re.escape(value)}(?=\s*(?:$|[,.;!?(]|-|now\b|again\b|since\b|from\b|these\b|"
            r"anymore\b|too\b|only\b|lol\b|btw\b|so\b|and\b|but\b|last\b|this\b|in\b))",
            text,
            re.IGNORECASE,
        )
    )


_SOME_DAYS_RE: Final = re.compile(r"\bonly\s+(?:on|for|in|at|when)\b|\bsome\s+days\b", re.I)


def _listed_together(old: str, new: str, clause: str) -> bool:
    """True when a clause lists the old value beside the new one ("tuesdays and
    thursdays", "Vim, Neovim")."""
    a, b = re.escape(old), re.escape(new)
    join = r"\s*(?:,?\s*and|&|/|or|plus|\+)\s*"
    return bool(re.search(rf"(?i)\b{a}\w*{join}{b}|\b{b}\w*{join}{a}", clause))


def _family(kind: str | None) -> str | None:
    """A kind's family: the databases are one ("relational", "document" ...)."""
    return "database" if kind and kind.endswith("database") else kind


def _kind(name: str) -> str | None:
    """A technology's kind (:func:`~.succession.kind_of`), "language" for a language."""
    known = lookup_technology(name)
    canonical = known.name if known else name
    return kind_of(canonical) or ("language" if is_programming_language(canonical) else None)


def _restated(fact: str, value: _Value, new: str) -> str:
    """``fact`` with ``value`` replaced by ``new``, in the form the old one had."""
    old = value.text
    if value.kind == "weekday":
        new = new[:1].upper() + new[1:].lower() + ("s" if old.lower().endswith("s") else "")
    elif value.kind.startswith("held:") and new.islower():
        new = new.title()
    elif value.kind.startswith("version:") and not old.lower().startswith("v"):
        new = new.lstrip("vV")
    before, after = fact[: value.start], fact[value.start + len(old) :]
    if value.kind == "number" and _same(new, "1"):
        after = re.sub(r"^(\s+[\w-]+?[^s])s\b", r"\1", after)  # ("one approval")
    elif value.kind == "number" and _same(old, "1"):
        after = re.sub(r"^(\s+[\w-]*[^s\W])\b", r"\1s", after)  # ("2 approvals")
    return _with_article(before, new) + new + after


def _with_article(before: str, new: str) -> str:
    """``before`` with its last "a" or "an" fit for ``new`` ("a electric car": "an")."""
    article = re.search(r"\b(a|an)\s+$", before, re.IGNORECASE)
    if article:
        before = before[: article.start(1)] + indefinite_article(new) + before[article.end(1) :]
    return before


def search_terms(message: str) -> str:
    """Words to look the stored facts a message may change up by, beside its own: the
    other members of each set of choices it names ("use metric from now on": "imperial
    ...") and the other weekdays."""
    terms: list[str] = []
    for m in _CHOICE_RE.finditer(message):
        kind = _CHOICE_OF[m[1].casefold()][0]
        terms += [*CHOICES[kind], kind]  # (and the set's name: "he/him" alone is stop words)
    if _WEEKDAY_RE.search(message):
        terms += _WEEKDAYS
    glued = [lookup_technology(m[1]) for m in _GLUED_VERSION_RE.finditer(message)]  # "pg16"
    names = [t.name for t in glued if t] + [m.name for m in find_technology_mentions(message)]
    for name in names[:_MAX_NAMES]:  # (the others of a tool's kind: "Ghostty": "iTerm2" ...)
        terms += [name, *same_kind(name)]
    if _ROLE_NEW_RE.search(message):
        terms += _ROLE_WORDS
    if re.search(rf"\d\s+{_PEOPLE_NOUNS}", message, re.IGNORECASE):
        terms += _PEOPLE_WORDS
    return " ".join(dict.fromkeys(terms))


_GLUED_VERSION_RE: Final = re.compile(r"(?<![\w.-])([A-Za-z][A-Za-z+#]{1,12})v?\d+(?:\.\d+)?\b")
_MAX_NAMES: Final = 8
_ROLE_WORDS: Final = (
    "engineer", "developer", "manager", "lead", "designer", "analyst", "scientist",
    "student", "contributor", "architect", "consultant", "researcher",
)  # fmt: skip
_PEOPLE_WORDS: Final = ("team", "people", "engineers", "developers", "members", "reports")


#: A clause that ends a habit, a wish or a state: "stop using bullet lists", "no more
#: merge commits", "given up on strict TDD", "I'm off the on-call rotation", "not
#: vegetarian anymore", "leave them out".
_ENDED_RE: Final = re.compile(
    r"\b(?:stop(?:ped|ping)?\s+(?:\w+ing\b|with\b)|no\s+more\b|no\s+longer\b|not\b.{0,40}?"
    r"\b(?:any\s?more|these\s+days)\b|n't\b.{0,40}?\b(?:any\s?more)\b|g[ai]ve\s+up\b|"
    r"given\s+up\b|giving\s+up\b|quit\s+\w+ing\b|done\s+with\b|off\s+(?:the|of)\b|"
    r"\bI\s+(?:just\s+|finally\s+|have\s+|'ve\s+)?quit\b|no\s+need\s+for\b|"
    r"\bno\s+\w+\s+any\s?more\b|forget\s+what\s+I\s+(?:said|told\s+you)\s+about\b|"
    r"(?:is|are)\s+(?:not|n't)\s+(?:\w+\s+)?(?:true|the\s+case)\s+any\s?more\b|"
    r"(?:did\s+not|didn't)\s+work\s+out\b|"
    r"leave\s+(?:them|it|those|\w+)\s+out\b|drop(?:ped)?\s+the\b|ditch(?:ed)?\s+the\b|"
    r"without\b|(?:is|are)\s+(?:out|over|gone|history)\b|left\s+(?:the|my|our|(?-i:[A-Z]))|"
    r"quit\s+(?:my|the)\b|"
    r"dropp(?:ed)?\s+out\s+of\b|bye\s+bye\b)",
    re.IGNORECASE,
)
#: A stored sentence's subject and verb: "User", "User's team" ... and "is", "uses" ...
_SUBJECT_VERB_RE: Final = re.compile(
    r"^(?P<subject>User(?:'s(?:\s+[\w-]+){1,2}?)?)\s+(?P<verb>is|are|has|have|[a-z]+s)\b"
    r"(?P<rest>.*)$"
)
#: Words of an object that do not say what it is ("detailed *answers*", "*every* morning").
_GENERIC_NOUNS: Final = frozenset(
    ("answers", "answer", "responses", "replies", "examples", "code", "things", "stuff",
     "every", "some", "detailed", "short", "long", "more", "less", "much", "many", "good",
     "the", "and", "all", "one", "two", "new", "old", "big", "few", "own", "lot", "bit", "day")
)  # fmt: skip
_PRONOUN_OBJECT_RE: Final = re.compile(r"\b(?:them|it|those|these)\b", re.IGNORECASE)
_FIRST_PREPOSITION_RE: Final = re.compile(
    r"\s(?:in|for|with|on|at|of|to|from|by|as|when|during|via|over|during)\s", re.IGNORECASE
)


_QUANTITY_RE: Final = re.compile(
    r"^(?:(?:lots?|a\s+lot|bit|couple|kind|sort|type|ton|tons|plenty|bunch)\s+of\s+|"
    r"(?:\w+\s+)?(?:cups?|glass(?:es)?|bottles?|pints?|cans?|mugs?|shots?|packs?|servings?|"
    r"bowls?|slices?|pieces?|hours?)\s+of\s+)",
    re.IGNORECASE,
)


_SEEKING_RE: Final = re.compile(
    r"^(?:looking|searching|hunting|applying|waiting|preparing|training|studying)\s+(?:for|to)\s+",
    re.IGNORECASE,
)
_HOW_OFTEN_RE: Final = re.compile(
    r"\s+(?:a|per|every|each)\s+(?:day|week|morning|night|evening)\b|\s+daily\b", re.IGNORECASE
)


def _heads(fact: str) -> set[str]:
    """The stems of the words a stored fact is about: its object's words before a
    preposition ("*comparison tables* in answers", "on the *on-call rotation*"), none
    when it is a technology (a change of technology is :mod:`~.changes`'s)."""
    sv = _SUBJECT_VERB_RE.match(fact.rstrip(".!"))
    if sv is None:
        return set()
    rest = re.sub(r"^\s*(?:(?:in|on|at|with)\s+)?(?:(?:a|an|the)\s+)?", "", sv["rest"])
    rest = _QUANTITY_RE.sub("", rest)  # ("a lot of coffee": coffee)
    rest = _SEEKING_RE.sub("", rest)  # ("looking for internships": internships)
    rest = _FIRST_PREPOSITION_RE.split(f" {rest} ", maxsplit=1)[0].strip()
    if find_technology_mentions(rest):
        return set()
    return {w for w in _words(rest) if len(w) > 2 and w not in _GENERIC_NOUNS}


def _plain_heads(fact: str) -> set[str]:
    """The words a stored fact's object is made of when they are all plain ("long
    answers"): each must be said for the fact to end."""
    sv = _SUBJECT_VERB_RE.match(fact.rstrip(".!"))
    rest = _FIRST_PREPOSITION_RE.split(f" {sv['rest']} ", maxsplit=1)[0] if sv else ""
    if find_technology_mentions(rest):
        return set()  # (a technology's end is :mod:`~.changes`'s)
    return {w for w in _words(rest) if len(w) > 2 and w not in {"the", "and", "very", "really"}}


def _words(text: str) -> set[str]:
    """The words of ``text`` without a plural or verb ending, hyphened ones apart too."""
    words = re.findall(r"[A-Za-z]+", text.casefold())
    joined = {re.sub(r"[^a-z]", "", t) for t in re.findall(r"\S+", text.casefold())}
    words += [w for w in joined if len(w) > 2 and w not in words]  # ("TL;DR": tldr)
    return {re.sub(r"(?<=\w{3})(?:ing|es|ed|s)$", "", w) for w in words}


def _no_longer(fact: str) -> str | None:
    """``fact`` said as no longer holding ("User is no longer vegetarian.")."""
    sv = _SUBJECT_VERB_RE.match(fact)
    if sv is None:
        return None
    subject, verb, rest = sv["subject"], sv["verb"], sv["rest"]
    if rest.startswith(" ") and _QUANTITY_RE.match(rest[1:]):  # ("... drinks coffee.")
        rest = " " + _HOW_OFTEN_RE.sub("", _QUANTITY_RE.sub("", rest[1:]))
    if verb in ("is", "are"):
        return f"{subject} {verb} no longer{rest}"
    return f"{subject} no longer {verb}{rest}"  # ("User no longer drinks tea.")


#: Roles said short: "not a PM anymore".
_ROLE_SHORT: Final = {
    "PM": "product manager", "EM": "engineering manager", "SWE": "software engineer",
    "IC": "individual contributor", "TL": "tech lead", "TA": "teaching assistant",
}  # fmt: skip
_ROLE_SHORT_RE: Final = re.compile(r"\b(?-i:" + "|".join(_ROLE_SHORT) + r")\b")


def _ended(clauses: list[str], fact: str) -> tuple[str, str] | None:
    """``(head, the fact said as no longer holding)`` when one of the turn's own clauses
    ends what a stored positive fact says ("stop using bullet lists" and "User prefers
    bullet-point answers."), by its topic's words or the word it is about."""
    topic = _on_off_topic(fact)
    heads = _heads(fact) | {  # (a workplace or a school: "User works at Google")
        w for v in _values(fact) if v.kind.startswith("held:") for w in _words(v.text)
    }
    for at, clause in enumerate(clauses):
        ended = _ENDED_RE.search(clause)
        if ended is None:
            continue
        after = re.split(r"[,.:!?\u2014]|;\s", clause[ended.start() :], maxsplit=1)[0][:60]
        if re.match(r"(?:is|are|did)\b", ended[0], re.IGNORECASE):  # ("Flipkart is over")
            after = re.split(r"[,.:!?\u2014]|;\s", clause[: ended.end()])[-1][-60:]
        if _PRONOUN_OBJECT_RE.search(ended[0]):  # "leave *them* out": said before
            after = f"{clauses[at - 1] if at else ''} {clause}"
        if any(m.name.casefold() not in fact.casefold() for m in find_technology_mentions(after)):
            continue  # ("stop giving me java examples": a part, not code examples)
        after = _ROLE_SHORT_RE.sub(lambda m: _ROLE_SHORT[m[0].upper()], after)  # ("a PM")
        said = _words(after)
        plain = _plain_heads(fact) if not heads and topic is None else set()
        about = bool(
            (topic is not None and topic.trigger.search(after))
            or heads & said
            or (plain and plain <= said)  # ("... wanting long answers")
        )
        if about:
            negated = _no_longer(fact)
            if negated is not None:
                return (topic.name if topic else " ".join(sorted(heads or plain))), negated
    return None


def _on_off_topic(fact: str) -> Topic | None:
    """The polarity topic a fact is about ("bullet_points", "tdd"), or None."""
    frame = primary_frame(fact)
    return next((t for t in TOPICS if frame and t.name == frame.topic and t.value is None), None)


#: A clause that names an old value and its new one, whatever their kind: "from physics
#: to computer science", "Lustre to BeeGFS", "X instead of Y", "swapped X for Y", "X -> Y",
#: "Y, not X".
_SWAP_RES: Final = (
    re.compile(r"\bfrom\s+(?P<x>[^,.;:!?]{2,40}?)\s+(?:to|into)\s+(?P<y>[^,.;:!?]{2,60})", re.I),
    re.compile(
        r"(?P<y>[^,.;:!?]{2,40}?)\s+(?:instead\s+of|rather\s+than)\s+(?P<x>[^,.;:!?]{2,40})", re.I
    ),
    re.compile(
        r"\b(?:switched|swapped|replaced|traded|exchanged)\s+(?:out\s+)?(?P<x>[^,.;:!?]{2,40}?)\s+"
        r"(?:for|with)\s+(?P<y>[^,.;:!?]{2,60})",
        re.I,
    ),
    re.compile(r"(?P<x>[^,.;:!?>]{2,40}?)\s*(?:->|→|=>)\s*(?P<y>[^,.;:!?]{2,60})", re.I),
    re.compile(
        r"(?P<y>[^,.;:!?]{2,40}?),?\s+not\s+(?!(?:sure|really|only|just|that|so|too|even|quite|"
        r"exactly|at\s+all|yet|much|always|every)\b)(?P<x>[^,.;:!?]{2,40})$",
        re.I,
    ),
    re.compile(r"(?P<x>\b[A-Z][\w.+#-]*)\s+to\s+(?P<y>[A-Z][\w.+#-]*)"),  # ("Lustre to BeeGFS")
    re.compile(r"(?P<y>\b[\w.+#-]{2,30})\s+>\s+(?P<x>[\w.+#-]{2,30})\b"),  # "fish > zsh"
    re.compile(  # "I'm on payments now (was platform)"
        r"(?P<y>[^,.;:!?()]{2,40}?)\s*\((?:was|previously|formerly|before)\s+(?P<x>[^)]{2,30})\)",
        re.I,
    ),
)
#: The patterns whose new value ends what comes before it ("we deploy on *thursdays* now
#: instead of ...", "our gateway is *Kong*, not Apigee").
_NEW_BEFORE: Final = frozenset({1, 4, 6, 7})
#: Words a new value said before its old one starts after ("our gateway *is* Kong").
_VALUE_START_RE: Final = re.compile(
    r"\b(?:is|are|am|was|use|uses|using|on|in|at|with|to|for|the|a|an|now|we|i|my|our|it's|its|"
    r"deploy|run|runs|write|writes|prefer|prefers|want|wants|go|went)\b",
    re.IGNORECASE,
)
#: A turn that may name a change by both its values (a cheap look before the clauses).
_SWAP_SIGN_RE: Final = re.compile(
    r"\b(?:from|instead|rather|switched|swapped|replaced|traded|exchanged|not|to)\b|->|→|=>|"
    r"\b(?:is|are|was)\s+(?:\w+\s+)?(?:out|dead|gone|history|over|retired|deprecated)\b|"
    r"\w\s+>\s+\w",
    re.IGNORECASE,
)
#: Where a new value's words end: "computer science *this semester*".
_VALUE_END_RE: Final = re.compile(
    r"\s+(?:this|last|next|in|at|for|because|since|so|and|but|now|these|after|before|over|"
    r"from|as|with|on|all|across|everywhere|too|again|lol|btw|though|then|finally)\b.*$",
    re.IGNORECASE,
)
_NO_VALUE_RE: Final = re.compile(
    r"^(?:it|them|that|this|those|these|there|here|me|you|us|one|the\s+\w+\s+one|what|now|"
    r"(?:I\s+|we\s+|you\s+)?(?:do|does|did|am|is|are|was|were|can|could|will|would|should|have|"
    r"has|had|I|we))$",
    re.I,
)


#: The patterns of a change that need a verb of change in their clause, and those verbs.
_NEEDS_A_CHANGE_VERB: Final = frozenset({0, 5})
_CHANGE_VERB_RE: Final = re.compile(
    r"\b(?:mov\w+|switch\w*|migrat\w+|chang\w+|went|go(?:ne|ing)\s+from|transferr?\w*|"
    r"relocat\w+|replac\w+|port\w*|rewr\w+|upgrad\w+|downgrad\w+|bump\w*|convert\w*|"
    r"turn\w*|shift\w*|swap\w*)\b",
    re.IGNORECASE,
)
_WAS_RE: Final = re.compile(r"^(?:was|previously|formerly)\s+[^,.;:!?()]{2,30}$", re.IGNORECASE)


#: Where an old value's words end: "protanopia *like I told you before*".
_OLD_END_RE: Final = re.compile(
    r"\s+(?:like|as|because|since|which|that|lol|haha|anymore|any\s+more)\b.*$", re.IGNORECASE
)


#: A comma between groups of digits ("1,500"): no end of a clause.
_GROUPED_DIGITS_RE: Final = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
#: An amount alone: "42", "€1500", "$90k", "3.5".
_AMOUNT_RE: Final = re.compile(r"[$€£]?\d+(?:\.\d+)?k?")
#: A new amount and the old one it puts right: "I'm 52 not 42 lol", "rent is €1150, not
#: €1500", "4 spaces, not 2" (one word may follow the new amount).
_AMOUNT_SWAP_RE: Final = re.compile(
    r"(?<![\w.,])(?P<y>[$€£]?\d+(?:\.\d+)?k?)(?:\s+[a-z]+)?,?\s+not\s+"
    r"(?P<x>[$€£]?\d+(?:\.\d+)?k?)(?![\w.]|,\d|-)"
    r"(?!\s+(?!(?:lol|sry|sorry|haha|btw|you|though|either|anymore|any|as|like|I)\b)[a-z]{3,})",
    re.IGNORECASE,
)


def _swaps(clauses: list[str]) -> list[tuple[int, str, str, bool]]:
    """``(clause index, old words, new words, said of a part)`` of each change a clause
    names by both its values (numbers aside: :func:`_restatements` reads those with their
    words). "From X to Y" and "X to Y" need a verb of change ("the train from Leeds to
    London" is none)."""
    out = _split_swaps(clauses)
    for at, clause in enumerate(clauses):
        was = _WAS_RE.match(clauses[at + 1]) if at + 1 < len(clauses) else None
        if was:  # "I'm on payments now (was platform)": the aside is a clause of its own
            clause = f"{clause} ({was[0]})"
        for number, pattern in enumerate(_SWAP_RES):
            if number in _NEEDS_A_CHANGE_VERB and not _CHANGE_VERB_RE.search(clause):
                continue
            for m in pattern.finditer(clause):
                old = " ".join(_OLD_END_RE.sub("", m["x"]).split()[-4:])
                if number in _NEW_BEFORE:
                    parts = [p.strip() for p in _VALUE_START_RE.split(m["y"]) if p.strip()]
                    new = " ".join(parts[-1].split()[-3:]) if parts else ""
                else:
                    new = _VALUE_END_RE.sub("", " ".join(m["y"].split()[:5]))
                if any(
                    _NO_VALUE_RE.match(v) or not re.search(r"[A-Za-z]{2}", v) for v in (old, new)
                ):
                    continue
                if lookup_technology(old) is not None:  # a tool for a tool ("Seit Januar
                    named = find_technology_mentions(new)  # schreiben wir Go statt Python")
                    if not named:
                        continue
                    new = named[-1].name
                out.append((at, old, new, bool(_PART_RE.search(clause))))
    return out


#: A swap said over two clauses: "Leeds! not Manchester", "CircleCI is dead to us. GH
#: Actions for everything", "REST between services is out, it's gRPC only".
_NOT_ALONE_RE: Final = re.compile(r"^(?:but\s+|and\s+)?not\s+(?P<x>[^,.;:!?]{2,40})$", re.I)
_GONE_RE: Final = re.compile(
    r"(?P<x>[^,.;:!?]{2,40}?)\s+(?:is|are|was|'s)\s+(?:\w+\s+)?(?:out|dead|gone|history|over|"
    r"retired|deprecated)(?:\s+to\s+(?:us|me))?$",
    re.I,
)
_NEXT_VALUE_RE: Final = re.compile(
    r"^(?:(?:it's|it\s+is|now|we're\s+on|we\s+are\s+on|we\s+use|all|everything\s+is\s+on)\s+)?"
    r"(?P<y>[^,.;:!?]{2,40}?)(?:\s+only)?$",
    re.I,
)


def _split_swaps(clauses: list[str]) -> list[tuple[int, str, str, bool]]:
    """The swaps of :func:`_swaps` that a clause names with its neighbour: a short new
    value and "not X" after it, an old value said over and a short new one after it."""
    out = []
    for at in range(1, len(clauses)):
        before, clause = clauses[at - 1], clauses[at]
        not_x = _NOT_ALONE_RE.match(clause.split(",")[0])
        if not_x and len(before.split()) <= 3:
            new = [p for p in _VALUE_START_RE.split(before) if p.strip()]
            if new:
                out.append((at, not_x["x"].strip(), new[-1].strip(), False))
        gone = _GONE_RE.search(before)
        then = _NEXT_VALUE_RE.match(_VALUE_END_RE.sub("", clause))
        if gone and then and len(then["y"].split()) <= 3:
            old = _VALUE_START_RE.split(gone["x"])[-1].strip()
            if old and not _NO_VALUE_RE.match(then["y"]):
                out.append((at, old, then["y"].strip(), bool(_PART_RE.search(clause))))
    return out


def _swapped(
    fact: str, swaps: list[tuple[int, str, str, bool]]
) -> Iterator[tuple[int, int, tuple[str, str, str]]]:
    """The restatements of ``fact`` by the turn's named changes: the longest end of the
    old words that the fact holds, replaced by the new words without those the fact
    already has around it ("majoring in physics" + "from physics to computer science
    major": "majoring in computer science")."""
    scoped = bool(_PART_RE.search(fact))
    for at, old, new, part in swaps:
        if part and not scoped:
            continue  # ("my side project is now on SvelteKit instead of React")
        words = old.split()
        held = next(
            (
                " ".join(words[i:])
                for i in range(len(words))
                if re.search(rf"(?<![\w-]){re.escape(' '.join(words[i:]))}(?![\w-])", fact, re.I)
            ),
            None,
        )
        if held is None or len(held) < 3 or held.casefold() in _PLAIN_WORDS:
            continue
        own = _words(fact.replace(held, " "))
        kept = new.split()
        while kept and _words(kept[-1]) <= own:
            kept.pop()
        if not kept or " ".join(kept).casefold() in fact.casefold():
            continue
        start = re.search(rf"(?<![\w-]){re.escape(held)}(?![\w-])", fact, re.I)
        assert start is not None
        bare = fact.rstrip(".!")
        if VERSION_AFTER_RE.match(bare, start.end()) and re.match(r"\s*v?\d", bare[start.end() :]):
            continue  # ("Python 3.11" -> "Go 3.11": the version is the old one's)
        known = lookup_technology(" ".join(kept))
        said = known.name if known else " ".join(kept)  # ("GH Actions": "GitHub Actions")
        content = fact[: start.start()] + said + fact[start.end() :]
        yield 4, at, (held, said, content)


#: A stored age: "User is 42 years old", "User's son is 6", "aged 42".
_AGE_FACT_RE: Final = re.compile(r"\b(?:\d+\s+years?\s+old|aged\s+\d+|is\s+\d+\.?$)")


def _amount_swaps(message: str) -> list[tuple[str, str, str]]:
    """``(old, new, clause)`` for each amount the message puts right ("I'm 52 not 42"),
    in any clause that is no question (a clause about the user's son is read too: the
    stored fact it restates must share its words)."""
    return [
        (m["x"], m["y"], clause)
        for clause, in_question in user_clauses(message)
        if not in_question
        for m in _AMOUNT_SWAP_RE.finditer(_GROUPED_DIGITS_RE.sub("", clause))
        if m["x"] != m["y"]
    ]


def _amount_restated(
    fact: str, swaps: list[tuple[str, str, str]]
) -> Iterator[tuple[int, int, tuple[str, str, str]]]:
    """``fact`` with an amount put right by the turn (:func:`_amount_swaps`), when the
    clause shares the fact's words ("my son is 9 not 6": "User's son is 6 years old") or
    the fact is the user's age and the clause says "I'm 52"."""
    for at, (old, new, clause) in enumerate(swaps):
        found = _amount_in(fact, old)
        thing = re.match(r"\W*(?:the|this|that|his|her|their|its)\s+(\w+)", clause, re.I)
        if found is None or (thing and thing[1].casefold() not in fact.casefold()):
            continue  # ("the bag weighs 20 kg not 80": the bag's weight, not the user's)
        own_age = (
            _AGE_FACT_RE.search(fact)
            and fact.startswith("User is")
            and re.search(
                rf"\b(?:I'm|I\s+am|im|I've\s+turned|I\s+turned|turned)\s+{re.escape(new)}\b",
                clause,
                re.IGNORECASE,
            )
        )
        others = {m.casefold() for m in _RELATIVE_RE.findall(clause)} - set(
            fact.casefold().replace("'s", " ").split()
        )  # ("my sister has 2 cats not 3": hers, not "User has 3 cats")
        shared = (_anchors(fact, found[0]) - _UNIT_STEMS) & _stems(clause)
        if (own_age or shared) and not others:
            if "," in found[0]:  # ("€1,500": the new amount written as the old)
                new = re.sub(r"(\d)(?=(\d{3})+(?!\d))", r"\1,", new)
            content = fact[: found.start()] + new + fact[found.end() :]
            yield 5, -1 - at, (found[0], new, content)


#: Units and times: words an amount's clause shares with any fact of that measure
#: ("20 years not 10" is no correction of "married for 10 years").
_UNIT_STEMS: Final = frozenset(
    _stem(w)
    for w in wordlist(
        "year years hour hours minute minutes min mins day days week weeks month months kg "
        "kilos lb lbs pounds km miles time times old age"
    )
)
_RELATIVE_RE: Final = re.compile(
    rf"\bmy\s+(?:\w+\s+)?({RELATIVE_NOUNS}|neighbou?r)\b", re.IGNORECASE
)


def _amount_in(fact: str, amount: str) -> re.Match[str] | None:
    """Where ``fact`` says ``amount`` (its digits grouped or not: "€1,500" for "€1500")."""
    grouped = re.sub(r"(\d)(?=(\d{3})+(?!\d))", r"\1,?", re.escape(amount))
    return re.search(rf"(?<![\w.,]){grouped}(?![\d]|\.\d|,\d)", fact)


#: A negative stored sentence: "User does not use type hints", "User is no longer remote".
_NEGATIVE_SV_RE: Final = re.compile(
    r"^(?P<subject>User(?:'s(?:\s+[\w-]+){1,2}?)?)\s+(?:(?:does\s+not|doesn't|do\s+not|don't|no\s+"
    r"longer|never)\s+(?P<verb>[a-z]+)|(?P<be>is|are)\s+(?:not|no\s+longer))\b(?P<rest>.*)$"
)
_AVERSE_RE: Final = re.compile(
    r"^(?P<subject>User(?:'s(?:\s+[\w-]+){1,2}?)?)\s+(?P<verb>dislikes|hates|avoids)\b(?P<rest>.*)$"
)
_UNAVERSE: Final = {"dislikes": "likes", "hates": "likes", "avoids": "uses"}
#: A clause that says a thing holds again or from now on ("type hints everywhere now").
_BACK_ON_RE: Final = re.compile(
    r"\b(?:now|again|back|started|starting|converted|everywhere|always|from\s+now\s+on|"
    r"these\s+days|nowadays|turned\s+on|enabled|switched\s+on)\b",
    re.IGNORECASE,
)
_NEGATION_RE: Final = re.compile(
    r"\b(?:not|no|never|don't|doesn't|didn't|won't|without|stop\w*|n't)\b|n't\b", re.IGNORECASE
)


def _restarted(clauses: list[str], fact: str) -> tuple[str, str] | None:
    """``(words, the fact said as holding)`` when one of the turn's own clauses says a
    negative stored fact's subject holds now ("type hints everywhere now" and "User does
    not use type hints in Python." give "User uses type hints in Python.")."""
    sv = _NEGATIVE_SV_RE.match(fact)
    averse = _AVERSE_RE.match(fact)
    if averse is not None:  # "User dislikes type hints": "User likes type hints"
        positive = f"{averse['subject']} {_UNAVERSE[averse['verb']]}{averse['rest']}"
    elif sv is None:
        return None
    else:
        positive = (
            f"{sv['subject']} {sv['be']}{sv['rest']}"
            if sv["be"]
            else f"{sv['subject']} {_third_person(sv['verb'])}{sv['rest']}"
        )
    heads = _heads(positive)
    topic = _on_off_topic(positive)
    for clause in clauses:
        if _NEGATION_RE.search(clause) or not _BACK_ON_RE.search(clause):
            continue
        if (topic is not None and topic.trigger.search(clause)) or len(
            heads & _words(clause)
        ) >= max(1, len(heads) - 1):
            return " ".join(sorted(heads)), positive
    return None


#: A move to another kind of the same thing: "switched to *night shifts*", "moved to the
#: *backend team*", "changed to *dark mode*".
_HEAD_MOVE_RE: Final = re.compile(
    r"\b(?:switch\w*|mov\w+|chang\w+|went|transferr\w*|shift\w*|gone)\s+(?:over\s+|back\s+)?"
    r"(?:to|onto)\s+(?:the\s+|an?\s+)?(?P<mod>[a-z][\w-]+)\s+(?P<head>[a-z][\w-]+)\b"
)
_NOT_A_MODIFIER: Final = frozenset(
    ("new", "other", "another", "different", "same", "next", "last", "my", "our", "no", "not",
     "any", "some", "every", "this", "that", "of", "in", "on", "at", "to", "than", "more", "less")
)  # fmt: skip


#: ... and the words before a stored fact's head that are none either ("User *uses* ...").
_NOT_OLD_MODIFIER: Final = _NOT_A_MODIFIER | _PLAIN_WORDS


def _head_moves(clauses: list[str]) -> list[tuple[int, str, str]]:
    """``(clause index, new modifier, head word)`` of each move to another kind of a thing."""
    out = []
    for at, clause in enumerate(clauses):
        for m in _HEAD_MOVE_RE.finditer(clause):
            if m["mod"] not in _NOT_A_MODIFIER and not find_technology_mentions(m[0]):
                out.append((at, m["mod"], m["head"]))
    return out


def _head_swapped(
    fact: str, moves: list[tuple[int, str, str]]
) -> Iterator[tuple[int, int, tuple[str, str, str]]]:
    """The restatements of ``fact`` by :func:`_head_moves`: the word before the same head
    replaced ("User works day shifts." and "switched to night shifts": night)."""
    for at, mod, head in moves:
        for m in re.finditer(r"(?<![\w'-])([A-Za-z][\w-]*)(?=\s+([A-Za-z][\w-]*))", fact):
            old = m[1]
            if _words(m[2]) != _words(head) or old.casefold() in _NOT_OLD_MODIFIER:
                continue
            if _words(old) == _words(mod) or lookup_technology(old) is not None:
                continue
            before = _with_article(fact[: m.start(1)], mod)  # ("a electric car": "an")
            yield 3, at, (old, mod, before + mod + fact[m.end(1) :])
