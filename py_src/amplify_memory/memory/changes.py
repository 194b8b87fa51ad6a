"""What a chat turn says is no longer true: the technologies it names as past,
dropped or wrong.

A correction often names the old value beside the new one: "mongo was just for the
prototype, production runs on DynamoDB", "it's Jest I use. Mocha was at my old job",
"moved off Provider, it's Bloc now", "I don't use CubeIDE anymore, moved to VS Code".
The new fact alone ("User uses DynamoDB") is on another topic than the stored one
("User uses MongoDB for the main database"), so the rule of
:mod:`~amplify_memory.memory.supersession` keeps both. :func:`replaced_values` reads the
old values from the turn; the user-profile store's ``add(..., replaces=...)`` marks
the stored facts that state them superseded by the turn's new fact.

Technologies count (a name the technology list knows, or a product-like name right
after a strong sign), each as the end of a positive statement: "mongo was just for the
prototype" ends "uses MongoDB"; "used to hate Tailwind" ends a negative one. In a turn
that says something changed, so do a few values that are no technology: a name or a
number after "not" ("..., not PST", "Excel 365 not 2016"), a version or an acronym that
"is long dead", the workplace the user "left", the team they are "not on ... anymore".
A weak sign ("X was ...", "instead of X", "X, not Y", "A -> B") counts only in a turn
that also says something changed ("now", "actually", "switched" ...); a strong one
("moved off X", "X is gone", "no longer ... X", "from X to Y") always does, unless the
clause says it did not happen ("I haven't moved off X").

>>> said = "mongo was just for the prototype, production runs on DynamoDB now"
>>> [r.value for r in replaced_values(said)]
['MongoDB']
>>> replaced_values("moved off Provider, it's Bloc now")
(Replaced(value='Provider', polarity='positive', scope='', kind=''),)
>>> said = "sorry, mixed that up: it's Jest I use. Mocha was at my old job."
>>> [r.value for r in replaced_values(said)]
['Mocha']
>>> replaced_values("Mocha was my first test runner")
()
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from amplify_memory.memory import _phrasing
from amplify_memory.memory._text import RELATIVE_NOUNS, WORKPLACE_NOUNS, wordlist
from amplify_memory.memory.choices import KINDS
from amplify_memory.memory.technologies import Mention, find_technology_mentions, lookup_technology
from amplify_memory.memory.topics import frames_of

__all__ = [
    "Replaced",
    "names_a_value",
    "replaced_in",
    "replaced_topics",
    "replaced_values",
    "retracted",
    "says_changed",
    "states_value",
    "won_over",
]


@dataclass(frozen=True, slots=True)
class Replaced:
    """A technology a turn says no longer holds, the polarity of what it ends, and the
    use it is limited to when the turn names one ("no longer use Jenkins *for
    releases*"): then only stored facts about that use are ended. ``kind``, when set,
    marks a value that ends stored facts and is never stored as a fact itself: a value
    that is no technology ("value": "not Paris anymore", "left the bank"), or one the
    turn does not name but implies by a new technology of that kind ("cloud provider":
    :mod:`~amplify_memory.memory.succession`), or one member of a class given up
    ("class": "sober now" ends the user's own "drinks wine")."""

    value: str
    polarity: str = "positive"
    scope: str = ""
    kind: str = ""


#: Right before a name: the name is what was left ("moved off X", "instead of X").
_BEFORE_STRONG: Final = re.compile(
    r"(?:\b(?:moved|migrated|switched|went|changed|transitioned|upgraded|ported)"
    r"\s+(?:\w+\s+){0,4}?(?:off(?:\s+of)?|away\s+from|from)"
    r"|\b(?:switch|mov|migrat|port|went|came|transition)\w*\s+(?:\w+\s+){0,2}?"
    r"(?:to|onto)\s+[\w.+#-]+(?:\s+[\w.+#-]+)?\s+from"  # "switched to pytorch from tensorflow"
    r"|\b(?:dropped|ditched|abandoned|got\s+rid\s+of|ripped\s+out|tore\s+out|stopped\s+using|"
    r"killed|swapped(?:\s+out)?|sold|dumped|nuked|decommissioned|shut\s+down|turned\s+off|"
    r"walked\s+away\s+from|bye(?:[\s-]*bye)?|good-?bye|farewell|"
    r"(?:before|previously|formerly|earlier)\s+(?:I|we)\s+(?:was|were)\s+(?:using|on|in|with)|"
    r"quit(?:\s+using)?|gave\s+up(?:\s+on)?|retired|replaced|replacing|uninstalled|phased\s+out|"
    r"cancell?ed(?:\s+my)?|unsubscribed\s+from|deleted|closed\s+(?:my|our)|"
    r"(?:was|were)\s+wrong\s+about|"
    r"no\s+longer\s+(?:use|using|on|run|running|write|writing|"
    r"work\s+with)|used\s+to\s+(?:use|run|write|be\s+on|work\s+with|code\s+in))"
    r")\s+(?:the\s+|my\s+|our\s+|old\s+)?(?:\w+\s+)?$",
    re.IGNORECASE,
)
#: Right after a name: what it was is over ("X is gone", "X was at my old job").
_AFTER_STRONG: Final = re.compile(
    r"^\s*(?:\d[\w.]*\s+)?(?:(?:experiment|era|phase|setup|box|server|cluster|instance|"
    r"license|subscription|account)\s+)?(?:(?:(?:is|are|'s)\s+)?gone(?=\s*(?:$|[,.;!)]|now\b|for\s+good\b))|"
    r"(?:is|are|'s)\s+(?:gone|history|(?:long\s+)?dead(?:\s+to\s+me)?(?=\s*(?:$|[,.;!)]|now\b|for\s+(?:me|us)\b))|outdated|"
    r"over(?!\s+(?:there|here))|legacy\s+now|out\s+of\s+the\s+picture)|(?:was|were)\s+(?:a\s+)?"
    r"(?:mistake|wrong|typo)|(?:\w+\s+){0,2}(?:anymore|any\s+more)|(?:is|was)\s+replaced"
    r"|(?:[\w-]+\s+){0,2}(?:was|were|got|has\s+been|have\s+been)\s+(?:finally\s+)?(?:retired|"
    r"killed|decommissioned|shut\s+down|dropped|removed|ditched|sunset|sold|ripped\s+out)"
    r"|(?:[\w-]+\s+){0,2}(?:is|are)\s+being\s+(?:retired|decommissioned|phased\s+out|replaced|"
    r"dropped|removed|sunset)"  # "X box was retired"
    r"|(?:[\w-]+\s+){0,2}(?:didn't|did\s+not|never)\s+work(?:ed)?\s+out"
    r"|(?:(?:experiment|trial|migration|switch|move|thing)\s+)?(?:didn't|did\s+not|never)\s+"
    r"go(?:ne)?\s+well"
    # "X didn't work out", "the mongo experiment did not go well"
    r"|(?:finally\s+)?died)\b",
    re.IGNORECASE,
)
_AFTER_WEAK: Final = re.compile(
    r"^\s*(?:less\s+and\s+less|kept\s+(?:breaking|crashing|failing|dying)|"
    r"(?:was|were)\s+(?:fine|ok|okay|good|great|nice|cool|alright)(?=\s*(?:$|[,.;!)]|but\b)))"
    r"|^\s*(?:→|->|=>)|^\s*(?:is|are|'s)\s+out(?=\s*(?:$|[,.;!)]))"  # not "React 19 is out"
    r"|^\s*(?:[\w-]+\s+){0,2}(?:was|were|got|has\s+been)\s+rewritten\b"
    r"(?!\s+(?:to|for)\s+(?:use|support|add))"  # (the whole Java
    # codebase got rewritten", in a turn that says what is used now)
    r"|^\s*(?:\d[\w.]*\s+)?(?:was|were)\s+(?:just\s+|only\s+|back\s+)?(?:for|at|in|on|from|"
    r"my\s+(?:old|previous|last)|our\s+(?:old|previous|last)|the\s+(?:old|previous|last))\b",
    re.IGNORECASE,
)
#: Right before a name, in a turn that says something changed: "instead of X", "X, not Y".
#: (Without a change, "Go instead of Python for CLIs" is a preference, not a move.)
_BEFORE_WEAK: Final = re.compile(
    r"(?:\binstead\s+of|\brather\s+than|,\s*not)\s+(?:the\s+|my\s+|our\s+|old\s+)?(?:\w+\s+)?$"
    r"|\bafter\s+(?:\d+|a\s+few|several|many|two|three|four|five|ten)\s+(?:years?|months?|weeks?)"
    r"\s+(?:of|with|on|in)\s+(?:the\s+|my\s+)?$"  # "after 6 years of Emacs I'm on ..."
    r"|^\s*(?:it\s+)?(?:was|used\s+to\s+be)\s+$",  # "was MLflow, is W&B now"
    re.IGNORECASE,
)
#: Between two names of one list: "Mocha *and* Chai", "WordPress*, *Bluehost".
_LIST_JOIN: Final = re.compile(
    r"\s*(?:,\s*(?:and\s+)?|\s+and\s+|\s*&\s*|\s*\+\s*|\s+as\s+well\s+as\s+|\s+plus\s+)"
    r"(?:the\s+|our\s+|my\s+)?\Z"
)
_LIST_GOES_ON: Final = re.compile(r"\s*(?:,|and\b|&|$)")
#: The use a name is limited to, right after it: "Jenkins *for releases*".
_SCOPE_AFTER_RE: Final = re.compile(
    r"\s+(?:for|in|on)\s+(?:the\s+|our\s+|my\s+|all\s+)?(?P<what>[a-z][\w-]{2,})", re.IGNORECASE
)
_NOT_ONLY_RE: Final = re.compile(r"\bnot\s+(?:only|just|even|necessarily)\s+$", re.I)
_UNDONE_RE: Final = re.compile(
    r"\b(?:haven't|have\s+not|hasn't|has\s+not|never|didn't|did\s+not|not\s+yet|won't|"
    r"will\s+not|can't|cannot|couldn't)\b",
    re.IGNORECASE,
)
_CHANGED: Final = re.compile(
    r"\b(?:now|these\s+days|nowadays|anymore|actually|switched|moved|migrat\w*|upgraded|"
    r"went\s+back|gone\s+back|going\s+back|"
    r"changed|replaced|correction|update|scratch\s+that|mixed\s+(?:that|it)\s+up|wrong|"
    r"misspoke|no\s+wait|not\s+anymore)\b",
    re.IGNORECASE,
)
_CLAUSE_SPLIT: Final = re.compile(
    r"[;!?\n\u2014\u2013]+|\.+(?![\w.])|\s-\s|\bbut\b", re.IGNORECASE
)  # (not the dot of "2.15" or "Fly.io")
#: A name that is the target of the change, not the old value ("from npm *to pnpm*").
_TARGET_BEFORE: Final = re.compile(
    r"\b(?:to|onto|with|for|in\s+favou?r\s+of|over\s+to)\s+(?:the\s+)?$", re.IGNORECASE
)


def _scope(after: str) -> str:
    """The use right after a name ("for releases"), or "" (also for "left Unity *for
    Godot*": a technology there is what replaced it)."""
    limited = _SCOPE_AFTER_RE.match(after)
    if limited is None:
        return ""
    what = limited["what"]
    if not what.islower() or lookup_technology(what) is not None:
        return ""
    return what.lower()


def names_a_value(text: str, values: Iterable[str]) -> bool:
    """True when ``text`` names one of ``values`` as a whole name ("Jest", not the
    "Jest" of "Jester"), case aside: whether a fact is about a value a turn ended."""
    return any(re.search(rf"(?<![\w.-]){re.escape(v)}(?![\w-])", text, re.I) for v in values)


def says_changed(message: str) -> bool:
    """True when a turn says something changed ("now", "actually", "switched" ...): then
    a weak sign of the past ("X was for the prototype") counts too."""
    return bool(_CHANGED.search(message))


def replaced_in(clause: str, *, changed: bool, turn: str = "") -> list[Replaced]:
    """The technologies one clause of a turn names as no longer holding (see the module
    docstring; ``changed``: :func:`says_changed` of the whole turn, ``turn``: the whole
    turn, when the clause is a part of it)."""
    out: list[Replaced] = []
    for part in _CLAUSE_SPLIT.split(clause):
        undone = _UNDONE_RE.search(part)
        undone_at = undone.start() if undone else len(part)
        listed_end = -1  # the end of the last name a strong sign before it ended
        for mention in _names(part):
            before = part[max(0, mention.start - 60) : mention.start]
            after = part[mention.end : mention.end + 40]
            if _TARGET_BEFORE.search(before) or _NOT_ONLY_RE.search(before):
                continue
            if undone_at < mention.start:
                continue  # "I haven't moved off Heroku yet", "I never stopped using Vim"
            # "dropped both Mocha and Chai": the names listed after an ended one end too
            join = _LIST_JOIN.match(part, listed_end, mention.start) if listed_end >= 0 else None
            listed = join is not None and (
                "," not in join.group() or bool(_LIST_GOES_ON.match(after))
            )  # ("dropped Mocha, Vitest does ...": a comma alone may start a new clause)
            ended_before = (
                bool(_BEFORE_STRONG.search(before))
                or listed
                or (changed and bool(_BEFORE_WEAK.search(before)))
            )  # ("instead of pyenv + pip now": both)
            strong = ended_before or bool(_AFTER_STRONG.match(after))
            weak = bool(_AFTER_WEAK.match(after) or _BEFORE_WEAK.search(before))
            listed_end = mention.end if ended_before else -1
            if strong or (changed and weak):
                won_over = _WRONG_ABOUT_RE.search(before) and _WON_OVER_RE.search(turn or clause)
                polarity = "negative" if won_over else "positive"  # (the dislike was wrong)
                out.append(Replaced(mention.name, polarity=polarity, scope=_scope(after)))
        if undone is None:
            named = {r.value.casefold() for r in out}
            out += [r for r in _other_values(part, changed) if r.value.casefold() not in named]
    return out


#: "I was wrong about X" ... "I love it now": the stance that was wrong is a dislike.
_WRONG_ABOUT_RE: Final = re.compile(r"\b(?:was|were)\s+wrong\s+about\s+(?:\w+\s+)?$", re.I)
_WON_OVER_RE: Final = re.compile(
    r"\b(?:won\s+me\s+over|convert(?:ed)?|(?:love|like|enjoy)s?\s+(?:it|them|using)|"
    r"(?:a|now\s+a|big)\s+fan|(?:is|are|it's)\s+(?:actually\s+)?(?:great|good|nice|"
    r"amazing|awesome))\b",
    re.IGNORECASE,
)


def won_over(message: str) -> bool:
    """True when a message says the user has come to like something ("won me over", "I
    actually love it now", "it's actually great")."""
    return _WON_OVER_RE.search(message) is not None


#: A value that is not a technology, said to be over in a turn that says something
#: changed: "..., not PST", "not Jon", "Excel 365 not 2016", "2.9 is long dead", "left
#: the bank", "not on the data team anymore", "used to hate Tailwind".
_OTHER_VALUE_RES: Final = (
    re.compile(  # "not PST", "not Jon", "not 2016" (a name or a number, not "not sure")
        r"(?:^|[,\s])not\s+(?P<v>(?-i:[A-Z][\w+#.-]*|\d+(?:\.\d+)*[a-z]?))(?=\s*(?:$|[,.;!)]))",
        re.IGNORECASE,
    ),
    re.compile(  # "2.9 is long dead", "PST is over"
        r"(?:^|\s)(?P<v>\d+(?:\.\d+)+|(?-i:[A-Z]{2,5}))\s+(?:is|was)\s+(?:long\s+)?(?:dead|gone|over|"
        r"history|out)\b",
        re.IGNORECASE,
    ),
    re.compile(  # "left the bank", "quit the agency"
        rf"\b(?:left|quit|leaving)\s+(?:the|my|our)\s+(?P<v>(?:[\w-]+\s+)?(?:job|team|"
        rf"{WORKPLACE_NOUNS}))\b",
        re.IGNORECASE,
    ),
    re.compile(  # "not at Nobu anymore", "not with Acme any more"
        r"\bnot\s+(?:at|with|in)\s+(?P<v>(?-i:[A-Z])[\w&'.-]*(?:\s+(?-i:[A-Z])[\w&'.-]*)?)\s+"
        r"(?:anymore|any\s+more|no\s+more)\b",
        re.IGNORECASE,
    ),
    re.compile(  # "not on the data team anymore"
        r"\bnot\s+(?:on|in|at|with)\s+(?:the|my|our)\s+(?P<v>(?:[\w-]+\s+){0,2}[\w-]+?)\s+"
        r"(?:anymore|any\s+more)\b",
        re.IGNORECASE,
    ),
    re.compile(  # "not community college anymore", "not a contractor anymore"
        r"(?:^|[,;]\s*|\b(?:and|but|so)\s+|(?:I'm|I\s+am|it's|it\s+is)\s+)not\s+(?:an?\s+|the\s+)?"
        r"(?P<v>(?!(?:on|in|at|with|using|doing|sure|really|even|so|that|very|too)\b)"
        r"(?:[\w-]+\s+){0,2}[\w-]+?)\s+(?:anymore|any\s+more)\b",
        re.IGNORECASE,
    ),
)
#: An everyday thing the user no longer has or does, said with a strong sign whether or
#: not the turn says something changed: "sold the road bike", "gave up climbing", "quit
#: golf", "the Golf got written off", "ipad's gone", "the cat died", "stopped the pottery
#: class". The thing (a noun, or an adjective or noun and a noun) ends a stored fact that
#: names it. A thing that broke down ("my phone died halfway through the call") is no
#: loss: "died" is read only of a pet, or of a device said to have died and no more
#: ("laptop died so im on a framework 13 now").
_THING: Final = r"(?P<v>(?:[\w-]+\s+)??[\w-]+)"
_AFTER_THING: Final = (
    r"(?=\s*(?:$|[,.;!)]|\s+(?:and|so|for|after|because|since|last|this|in|now|too|ages|"
    r"months?|years?|weeks?|for\s+good)\b))"
)
_PETS: Final = "|".join(KINDS["pet"]) + r"|puppy|kitten|bunny|budgie|goldfish|fish"
_LOSS_RES: Final = (
    re.compile(
        r"\b(?:sold|gave\s+away|got\s+rid\s+of|traded\s+in|quit|gave\s+up(?:\s+on)?)"
        rf"\s+(?:all\s+)?(?:my|the|our)\s+(?:old\s+)?{_THING}{_AFTER_THING}",
        re.IGNORECASE,
    ),
    re.compile(  # "stopped the pottery class" (not "stopped the car")
        r"\b(?:stopped|dropped|cancell?ed)\s+(?:my|the|our)\s+"
        r"(?P<v>(?:[\w-]+\s+)?(?:class|classes|lessons|course|membership|subscription|sub|"
        r"sessions))\b",
        re.IGNORECASE,
    ),
    re.compile(  # "gave up climbing", "quit smoking", "quit golf" (not "quit rock climbing")
        r"\b(?:gave\s+up|quit|stopped)\s+(?P<v>[a-z]{3,}ing|"
        + "|".join(m for ms in KINDS.values() for m in ms if " " not in m)
        + rf"){_AFTER_THING}",
        re.IGNORECASE,
    ),
    re.compile(
        rf"(?:^\s*|[,;]\s*|\b(?:and|so|but)\s+)(?:my|the|our)\s+(?:old\s+)?{_THING}"
        r"(?:'s|\s+is|\s+has|\s+was|\s+got)\s+(?:finally\s+|sadly\s+)?(?:gone|"
        r"written\s+off|stolen|totall?ed|scrapped|sold|broken\s+for\s+good)" + _AFTER_THING,
        re.IGNORECASE,
    ),
    re.compile(  # a pet that died
        r"(?:^\s*|[,;]\s*|\b(?:and|so|but)\s+)(?:(?:my|the|our)\s+)?(?:old\s+)?"
        rf"(?P<v>{_PETS})\s+(?:died|passed\s+away|had\s+to\s+be\s+put\s+down)\b",
        re.IGNORECASE,
    ),
    re.compile(  # a device that died, and what the user is on now
        r"(?:^\s*|[,;]\s*|\b(?:and|so|but)\s+)(?:(?:my|the|our)\s+)?(?:old\s+)?"
        r"(?P<v>laptop|phone|tablet|ipad|iphone|pixel|android|galaxy|kindle|desktop|pc|mac|macbook|"
        r"car|bike|e-?reader)"
        r"\s+(?:finally\s+)?(?:died|gave\s+up|is\s+dead)\s*(?:,?\s+so\s+(?:I'm|im|I\s+am|now)\b|$)",
        re.IGNORECASE,
    ),
)
#: In a turn that says something changed, a thing said to have been doing the user harm
#: or to be set aside: "coffee was wrecking my sleep", "the oils were giving me
#: headaches", "Ruby's been on the back burner".
_SET_ASIDE_RES: Final = (
    re.compile(
        r"(?:^\s*|[,;]\s*|\b(?:and|so|but|because|since|as)\s+)(?:the\s+|my\s+|all\s+the\s+)?"
        r"(?P<v>[a-z][\w-]{2,})\s+(?:was|were)\s+(?:really\s+|just\s+)?(?:wrecking|ruining|killing|"
        r"giving\s+me|making\s+me|messing\s+(?:up|with)|hurting|upsetting|wrecking|too\s+much)\b",
        re.IGNORECASE,
    ),
    re.compile(
        r"(?:^\s*|[,;]\s*|\b(?:and|so|but)\s+)(?:the\s+|my\s+)?(?P<v>[\w-]{2,})(?:'s|\s+has|\s+is)"
        r"\s+(?:been\s+)?(?:on\s+the\s+back\s*burner|on\s+hold|on\s+ice|shelved)\b",
        re.IGNORECASE,
    ),
)
#: A whole class of things given up, and the words of the stored facts it ends: "8 months
#: sober now" ends "enjoys craft beer" and "brews beer at home"; "quit caffeine" ends
#: "drinks coffee every morning".
_CLASS_LOSSES: Final = (
    (
        re.compile(
            r"\b(?:sober|teetotal|tee-total|(?:don'?t|do\s+not|no\s+longer|stopped|quit|gave\s+up|"
            r"given\s+up)\s+(?:drinking|drink)(?!\s+(?:coffee|tea|soda|milk|water|juice|coke|"
            r"cola|pepsi|diet|sugary|caffeine|energy|pop|fizzy|and\s+drive))|(?:off|quit|gave\s+up|given\s+up|stopped|"
            r"no\s+more|cut\s+out)\s+(?:the\s+)?(?:booze|alcohol))\b",
            re.IGNORECASE,
        ),
        wordlist(
            "wine beer beers ale ales lager stout whisky whiskey bourbon scotch gin rum vodka "
            "tequila cocktails cocktail homebrew homebrewing prosecco champagne "
            "cider sake mezcal"
        ),
    ),
    (
        re.compile(
            r"\b(?:(?:off|quit|gave\s+up|given\s+up|stopped|no\s+more|cut\s+out|kicked)\s+"
            r"(?:the\s+)?caffeine|caffeine[- ]free|decaf\s+only|only\s+decaf)\b",
            re.IGNORECASE,
        ),
        wordlist("coffee coffees espresso espressos latte lattes cappuccino cappuccinos"),
    ),
)
#: A while, a part or a measure of a thing given up, or its end undone: "I don't drink
#: during the week", "gave up alcohol for Lent", "no more caffeine after noon", "quit
#: drinking but started again".
_NOT_FOR_GOOD_RE: Final = re.compile(
    r"\b(?:during|much|at\s+work|on\s+(?:\w+\s+)?(?:nights?|days?|weekdays)|alone|tonight|today|"
    r"this\s+(?:week|month)|for\s+(?:lent|a\s+(?:week|month|while|bit)|now|january|"
    r"dry\s+january|the\s+(?:week|month))|till|until|after|before|when|while|if|"
    r"started\s+again|back\s+on|relapsed|experiment|driving)\b",
    re.IGNORECASE,
)
#: Someone else the words are about: "my dad's been sober for years".
_SOMEONE_RE: Final = re.compile(
    rf"\b(?:he|she|they|he's|she's|they're|his|her|their|my\s+(?:\w+\s+)?(?:{RELATIVE_NOUNS}|"
    r"parents?))\b|(?-i:[A-Z][a-z]+)(?:'s|\s+is|\s+has)\b",
    re.IGNORECASE,
)
#: Things that are never the value a loss ends: people, and words of no thing or of more
#: than one ("house": a home or music).
_NO_THING: Final = frozenset(
    wordlist(
        "mum mom dad father mother wife husband partner son daughter kid kids child children "
        "brother sister friend boss gran grandma grandpa grandad granddad grandfather "
        "grandmother nan uncle aunt auntie cousin nephew niece neighbour neighbor colleague "
        "coworker flatmate roommate family parents baby job company work school house home "
        "place flat thing things stuff time way one lot bit day week month year"
    )
)
_FOR_A_WHILE_RE: Final = re.compile(
    r"\b(?:this\s+week|today|tonight|tomorrow|for\s+now|for\s+a\s+(?:bit|while|week|month)|"
    r"this\s+time|until\s+\w+)\b",
    re.IGNORECASE,
)
#: "used to hate Tailwind": the dislike is over.
_USED_TO_DISLIKE_RE: Final = re.compile(
    r"\bused\s+to\s+(?:hate|dislike|avoid|despise|loathe|not\s+like)\s+(?P<v>[\w.+#-]+)",
    re.IGNORECASE,
)


def _other_values(part: str, changed: bool) -> list[Replaced]:
    """The values that are not technologies which one part of a turn says are over (see
    :data:`_OTHER_VALUE_RES`; only when the turn says something ``changed``), and the
    dislikes it says are over ("used to hate X", always)."""
    out = []
    for pattern in _OTHER_VALUE_RES if changed else ():
        for found in pattern.finditer(part):
            value = found["v"].strip()
            if value.lower() in _ANY_WORKPLACE or (
                not _phrasing.is_common_word(value) and value.lower() not in {"i", "a"}
            ):
                value = value.lower() if value.lower() in _ANY_WORKPLACE else value
                out.append(Replaced(value, kind="value"))  # (no technology: never a fact)
    losses = () if _FOR_A_WHILE_RE.search(part) else _LOSS_RES  # ("cancelled my sessions
    # this week": a while, not for good)
    for pattern in (*losses, *(_SET_ASIDE_RES if changed else ())):
        for found in pattern.finditer(part):
            value = found["v"].strip()
            value = value if value[:1].isupper() and not value.isupper() else value.lower()
            known = lookup_technology(value) if value else None
            if known is not None:
                out.append(Replaced(known.name))  # ("Ruby's been on the back burner")
            elif len(value) > 2 and value.split()[-1].lower() not in _NO_THING:
                out.append(Replaced(value, kind="value"))  # (no technology: never a fact)
    for said, words in _CLASS_LOSSES:
        sign = said.search(part)
        if sign and not (
            _UNDONE_RE.search(part)
            or _SOMEONE_RE.search(part[: sign.start()])
            or _NOT_FOR_GOOD_RE.search(part)
        ):
            out += [Replaced(word, kind="class") for word in words]
    for found in _USED_TO_DISLIKE_RE.finditer(part):
        known = lookup_technology(found["v"])
        out.append(Replaced(known.name if known else found["v"], polarity="negative"))
    return out


def retracted(clause: str) -> list[Replaced]:
    """The technologies of a clause the next one says no longer holds ("I don't use
    docker" before "but that's outdated"), each with the polarity the clause gave it.

    >>> retracted("I do not use docker")
    [Replaced(value='Docker', polarity='negative', scope='', kind='')]
    """
    out = []
    for mention in _names(clause):
        negated = _NEGATED_BEFORE_RE.search(clause[: mention.start])
        out.append(Replaced(mention.name, polarity="negative" if negated else "positive"))
    return out


_NEGATED_BEFORE_RE: Final = re.compile(
    r"\b(?:don't|do not|doesn't|does not|never|not|no longer|won't|can't stand|hate|dislike)"
    r"\s+(?:[\w-]+\s+){0,2}$",
    re.IGNORECASE,
)


def replaced_values(message: str) -> tuple[Replaced, ...]:
    """The technologies ``message`` names as no longer holding, in order, without
    repeats; every clause counts (the extractor reads only the user's own statements:
    :func:`~amplify_memory.memory.chat_facts.extract_chat_facts`)."""
    changed = says_changed(message)
    out: dict[str, Replaced] = {}
    for found in replaced_in(_phrasing.prepare(message), changed=changed):
        out.setdefault(found.value.casefold(), found)
    return tuple(out.values())


_PRODUCT_AFTER_MARKER: Final = re.compile(r"(?-i:[A-Z])[\w.+#-]*[A-Za-z0-9+#]|[a-z]+[A-Z][\w.+#-]*")


def _names(clause: str) -> list[Mention]:
    """The technologies of a clause: those the list knows (also the ordinary words among
    them, read as the object of a verb), and a product-like name the list does not know
    right after a strong sign of the past ("moved off Provider")."""
    found = {(m.start, m.end): m for m in find_technology_mentions(clause)}
    for m in _phrasing.tech_mentions(clause):
        found.setdefault((m.start, m.end), m)
    for marker in _BEFORE_ANY.finditer(clause):
        rest = clause[marker.end() : marker.end() + 40]  # the words right after the sign
        for m in _phrasing.tech_mentions(rest):
            found.setdefault(
                (marker.end() + m.start, marker.end() + m.end),
                Mention(m.name, marker.end() + m.start, marker.end() + m.end),
            )
        product = _PRODUCT_AFTER_MARKER.match(rest)
        if product and not _phrasing.is_common_word(product.group()):
            start = marker.end() + product.start()
            found.setdefault(
                (start, start + len(product.group())),
                Mention(product.group(), start, start + len(product.group())),
            )
    spans = sorted(found.values(), key=lambda m: (m.start, -(m.end - m.start)))
    out: list[Mention] = []
    for m in spans:  # the longest of overlapping mentions
        if not out or m.start >= out[-1].end:
            out.append(m)
    return out


_BEFORE_ANY: Final = re.compile(
    r"\b(?:moved|migrated|switched|went)\s+(?:\w+\s+){0,2}?(?:off(?:\s+of)?|away\s+from|from)\s+"
    r"|\b(?:dropped|ditched|abandoned|got\s+rid\s+of|ripped\s+out|stopped\s+using|quit|"
    r"gave\s+up\s+on|retired|replaced|swapped(?:\s+out)?|killed|sold|(?:was|were)\s+wrong\s+about|"
    r"no\s+longer\s+use|(?:do\s+not|don't|dont)\s+use|no)\s+"
    r"(?:the\s+|my\s+|our\s+)?",
    re.IGNORECASE,
)


def replaced_topics(replaced: Replaced) -> list[str]:
    """The topics of the stored facts ``replaced`` may end (the store's candidates)."""
    if replaced.value.casefold() in _ANY_WORKPLACE:
        return ["employer", "workplace"]
    return list(dict.fromkeys(f.topic for f in frames_of(f"User uses {replaced.value}")))


def states_value(text: str, replaced: Replaced) -> bool:
    """True when the stored fact ``text`` states what ``replaced`` says no longer holds:
    its topic frames give the value with that polarity (not an opinion: "likes X"), or
    limit a positive fact to it ("builds JVM projects *with Maven*"); for a name the
    technology list does not know, a positive fact naming it ("develops with
    STM32CubeIDE" for "CubeIDE")."""
    if replaced.scope and replaced.scope[:5] not in text.casefold():
        return False  # "no longer Jenkins for releases" leaves "Jenkins for nightly builds"
    if replaced.value.casefold() in _ANY_WORKPLACE:  # "I left the company": wherever it was
        return any(
            f.topic in {"employer", "workplace"} and f.polarity == "positive"
            for f in frames_of(text)
        )
    if replaced.kind == "class":  # (drink given up: the user's own drinking of it)
        return bool(
            re.match(r"(?:the\s+)?user\s+(?!'s)", text, re.IGNORECASE)
            and _CONSUMES_RE.search(text)
            and re.search(rf"\b{re.escape(replaced.value)}\b", text, re.IGNORECASE)
            and not _NEGATED_RE.search(text)
        )
    # (a value that is no technology is the word said: "wine" is no Wine)
    known = None if replaced.kind == "value" else lookup_technology(replaced.value)
    value = (known.name if known else replaced.value).casefold()  # "CubeIDE": STM32CubeIDE
    frames = frames_of(text)
    for frame in frames:
        if frame.topic.startswith(("likes:", "choice:")):
            if (
                frame.topic.startswith("likes:")
                and replaced.polarity == frame.polarity == "negative"
                and frame.value.casefold() == value
            ):
                return True  # a dislike said to be over ("used to hate X", "wrong about X")
            continue
        if frame.value.casefold() == value and frame.polarity == replaced.polarity:
            return True
        if (
            replaced.polarity == "positive"
            and frame.polarity == "positive"
            and value in {v.casefold() for v in frame.scope}
        ):
            return True
    if known is not None:
        return False
    positive = all(f.polarity == "positive" for f in frames) and not _NEGATED_RE.search(text)
    flags = 0 if replaced.kind == "value" and replaced.value[:1].isupper() else re.I
    # (a thing named with a capital is that name: "the Golf" is no game of golf)
    named = re.search(rf"(?<![\w.-])[\w-]*{re.escape(replaced.value)}(?![\w-])", text, flags)
    return replaced.polarity == "positive" and positive and named is not None


#: A fact of having or liking a drink (not "is allergic to red wine", "collects whisky").
_CONSUMES_RE: Final = re.compile(
    r"^(?:the\s+)?user\s+(?:\w+ly\s+)?(?:drinks|enjoys|likes|loves|brews|orders|prefers|has|"
    r"takes|is\s+a\s+(?:big\s+)?fan\s+of|starts\s+(?:the|every)\s+\w+\s+with)\b",
    re.IGNORECASE,
)
#: A workplace named by its kind only ("left the company"): the stored one, whatever it is.
_ANY_WORKPLACE: Final = frozenset({"company", "job", "employer", "firm", "day job", "old job"})
_NEGATED_RE: Final = re.compile(
    r"\b(?:not|no longer|never|dislikes?|hates?|avoids?|stopped)\b", re.IGNORECASE
)
