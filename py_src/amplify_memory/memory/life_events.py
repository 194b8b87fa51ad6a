"""What changed in the user's life, said by the event: "graduated from Leeds last
week", "went vegan", "joined a choir", "transferred to UCLA", "quit the choir after 12
years", "picked up pottery instead", "switched my major to nursing", "I'm back in
Cairo", "since moving to Porto", "not on Facebook anymore", "off nights, day shift
now", "add tree nuts to my allergies".

Each reader takes one clause that is the user's own (its "I" may be left out, as chat
does: "transferred to UCLA from Santa Monica College") and returns the facts it states
now, or an empty list. They run before the general statement rules, which read these
verbs as no fact ("graduated") or as a use ("joined Strava").

>>> [f.content for f in life_event_facts("graduated from Leeds last week")]
['User graduated from Leeds']
>>> [f.content for f in life_event_facts("switched my major from bio to nursing")]
['User is majoring in nursing']
>>> life_event_facts("picked up the kids at 3")
[]
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Final

from amplify_memory.memory._facts import ExtractedFact
from amplify_memory.memory._text import PAUSED_SPORTS, ROLE_NOUNS, indefinite_article
from amplify_memory.memory.places import is_place
from amplify_memory.memory.technologies import lookup_technology

__all__ = ["PARTNER_NAME", "life_event_facts", "moved_since", "promoted_to", "switched_to"]

#: What may stand before the event: a filler, the subject, "just" or "finally".
_LEAD: Final = (
    r"^(?:(?:so|and|but|also|oh|well|ok|okay|update|btw|anyway|plus)\b[:,]?\s+)*"
    r"(?:(?:I|we)(?:'ve|\s+have)?\s+)?"
    r"(?:(?:just|finally|recently|officially|actually|also|now)\s+)*"
)
#: When it happened, or for how long it held: said after the event and left out.
_WHEN: Final = (
    r"(?:\s+(?:last|this)\s+\w+|\s+(?:in|on|since|after|over)\s+(?:the\s+)?[\w-]+"
    r"(?:\s+(?!(?:and|but|so|or|because|since|which|when|while|then)\b)\w+)?"
    r"|\s+\d+\s+\w+\s+ago|\s+(?:a|one|two|three)\s+\w+\s+ago|\s+(?:yesterday|today|"
    r"recently|lol|haha|btw|finally|at\s+last))*+"  # (possessive: one reading, linear time)
)
_NAME: Final = (
    r"(?-i:[A-Z])[\w&.'-]*(?:\s+(?:of\s+|de\s+|the\s+)?(?!I\b|I')(?-i:[A-Z])[\w&.'-]*){0,3}"
)

_GRADUATED_RE: Final = re.compile(
    _LEAD
    + r"graduated(?:\s+from\s+(?P<school>"
    + _NAME
    + r"))?"
    + _WHEN
    + r"(?:\s+with\s+(?:an?\s+|my\s+)?[\w' -]{2,40})?\W*$",
    re.IGNORECASE,
)
_DIETS: Final = {
    "vegan": "User is vegan",
    "vegetarian": "User is vegetarian",
    "veggie": "User is vegetarian",
    "pescatarian": "User is pescatarian",
    "plant-based": "User is vegan",
    "plant based": "User is vegan",
    "keto": "User follows a keto diet",
    "gluten-free": "User eats gluten-free",
    "gluten free": "User eats gluten-free",
    "dairy-free": "User avoids dairy",
    "dairy free": "User avoids dairy",
    "teetotal": "User does not drink alcohol",
    "sober": "User does not drink alcohol",
}
_WENT_RE: Final = re.compile(
    _LEAD + r"(?:went|turned|switched\s+to|have\s+gone|'ve\s+gone|gone)\s+"
    r"(?:fully\s+|completely\s+|full\s+)?"
    r"(?P<diet>" + "|".join(sorted(_DIETS, key=len, reverse=True)) + r")\b" + _WHEN + r"\W*$"
    # "pescatarian I guess", "so basically vegan now"
    r"|" + _LEAD + r"(?:(?:I'm|im|I\s+am)\s+)?(?:(?:basically|technically|mostly)\s+)?"
    r"(?P<bare>vegan|vegetarian|veggie|pescatarian)\s+(?:I\s+guess|I\s+suppose|I\s+think|"
    r"now|these\s+days|nowadays)(?:\s+(?:lol|haha|now))?\W*$",
    re.IGNORECASE,
)
#: A diet the user keeps no more: "not veggie anymore actually", "no longer vegan".
_DIET_ENDED_RE: Final = re.compile(
    _LEAD + r"(?:(?:I'm|im|I\s+am)\s+)?(?:(?P<not>not)\s+(?:a\s+)?|no\s+longer\s+(?:a\s+)?)"
    r"(?P<diet>vegan|vegetarian|veggie|pescatarian)"
    r"(?(not)\s+(?:anymore|any\s+more)|(?:\s+(?:anymore|any\s+more))?)"
    r"(?:\s+(?:actually|tbh|lol|haha|either))*\W*$",
    re.IGNORECASE,
)
#: A new job said by the job taken: "took a full-time role at a branding agency", "got a
#: job as a junior bookkeeper", "landed a position as a data analyst with Acme".
_NEW_JOB_RE: Final = re.compile(
    r"^(?:[^,;]*?\s+and\s+)?"  # ("finished the course and got a job as ...")
    + _LEAD[1:]
    + r"(?:took|accepted|landed|got|started|began|found)\s+(?:a|an|the)\s+(?:new\s+)?"
    r"(?:(?:full|part)[- ]time\s+|permanent\s+|proper\s+)?(?:role|job|position|post)"
    r"(?:\s+as\s+(?:an?\s+)?(?P<role>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,3}?))?"
    r"(?:\s+(?P<prep>at|with)\s+(?P<org>(?:an?\s+(?:[a-z][\w-]*\s+){0,3}?[a-z][\w-]*|"
    r"(?-i:[A-Z])[\w&.'-]*(?:\s+(?-i:[A-Z])[\w&.'-]*){0,2})))?" + _WHEN + r"\W*$",
    re.IGNORECASE,
)
#: A job that is not the user's now: one of a past year, of a season, turned down.
_NOT_NOW_JOB_RE: Final = re.compile(
    r"\b(?:in\s+(?:19|20)\d\d|after\s+(?:uni|school|college)|for\s+the\s+(?:summer|holidays?|"
    r"season)|temporar\w*|turned\s+it\s+down|declined|didn't\s+take|as\s+a\s+(?:kid|teen|"
    r"teenager|student)|left\s+in|quit\s+in)\b",
    re.IGNORECASE,
)
#: Freelance work now: "freelancing as a tax consultant now".
_FREELANCING_RE: Final = re.compile(
    _LEAD + r"(?:(?:I'm|im|I\s+am)\s+)?(?:now\s+)?freelancing\s+as\s+(?:an?\s+)?"
    r"(?P<role>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)(?:\s+(?:now|these\s+days|full[- ]time))?"
    + _WHEN
    + r"\W*$",
    re.IGNORECASE,
)
#: A group one joins that is no employer and no product.
_GROUPS: Final = (
    r"choir|club|gym|band|orchestra|league|union|society|church|synagogue|mosque|"
    r"congregation|guild|co-?op|allotment|ensemble|troupe|quartet"
)
_JOINED_RE: Final = re.compile(
    _LEAD + r"joined\s+(?P<group>(?:a|an|the|my\s+local|our\s+local)\s+(?:[\w'-]+\s+){0,3}?"
    r"(?:" + _GROUPS + r"))\b" + _WHEN + r"\W*$",
    re.IGNORECASE,
)
_TRANSFERRED_RE: Final = re.compile(
    _LEAD
    + r"transferred\s+to\s+(?P<to>"
    + _NAME
    + r")(?:\s+from\s+"
    + _NAME
    + r")?"
    + _WHEN
    + r"\W*$",
    re.IGNORECASE,
)
#: A pastime given up: "quit the choir after 12 years", "gave up the guitar".
_QUIT_RE: Final = re.compile(
    _LEAD + r"(?:quit|gave\s+up|given\s+up|packed\s+in|jacked\s+in|stopped\s+going\s+to)\s+"
    r"(?P<thing>(?:the|my)\s+(?:[\w'-]+\s+)?"
    r"(?:choir|band|orchestra|club|gym|guitar|piano|violin|cello|drums|bass|saxophone|flute|"
    r"league|team|allotment|running\s+club|book\s+club|night\s+classes|evening\s+classes|"
    r"class|classes|course|lessons))" + _WHEN + r"\W*$",
    re.IGNORECASE,
)
#: A sport stopped, or paused for a while: "stopped running", "no running for now",
#: "taking a break from climbing" (not "no running in the halls": a rule, no time).
_SPORT_PAUSED_RE: Final = re.compile(
    _LEAD
    + r"(?:(?:I'm|I\s+am|im)\s+)?(?:(?P<stop>stopped|quit|gave\s+up|paused|(?:taking|took)\s+a\s+"
    r"break\s+from)\s+|no\s+|not\s+)(?P<sport>" + PAUSED_SPORTS + r")"
    r"(?P<tmp>\s+for\s+(?:now|a\s+while|the\s+moment|the\s+time\s+being|a\s+bit|(?:a\s+few|\d+|two|"
    r"three|four|six)\s+(?:weeks|months)))?" + _WHEN + r"(?:\W*$|\s*[,;]\s*(?:doing|swimming|"
    r"walking|cycling|going|just|only)\b)",
    re.IGNORECASE,
)
#: A pastime taken up in place of another, or lately: "picked up pottery instead".
_PICKED_UP_RE: Final = re.compile(
    _LEAD + r"(?:picked|took|have\s+taken|'ve\s+taken|taken)\s+up\s+(?P<thing>(?:the\s+)?"
    r"(?!(?:a|an|some|my|his|her|their|our|covid|(?:the\s+)?(?:kids?|children|phone|call|"
    r"cold|flu|bug|virus|pieces|slack|tab|bill|shift|parcel|package|order|car|keys|pace|"
    r"offer|prescription|milk|bread)|it|them|that|this)\b)[\w'-]+(?:\s+[\w'-]+)?)\s+"
    r"(?:instead|as\s+a\s+hobby|(?:this|last)\s+(?:year|spring|summer|autumn|winter)|lately|"
    r"recently|again|during\s+lockdown|(?:over|during)\s+the\s+(?:holidays|summer|winter|break|"
    r"weekend|christmas\s+break))\b.*$"
    r"|" + _LEAD + r"(?:picked|took|have\s+taken|'ve\s+taken|taken)\s+up\s+(?P<inst>(?:the\s+)?"
    r"(?:ukulele|guitar|piano|violin|cello|drums|bass|saxophone|flute|clarinet|trumpet|harp|"
    r"banjo|mandolin|accordion|harmonica))\b.*$",
    re.IGNORECASE,
)
#: What the user does now in place of something: "doing watercolour at the community
#: centre instead", "Doing the family budget in a Google Sheet these days".
_DOING_NOW_RE: Final = re.compile(
    _LEAD + r"(?:(?:I'm|im|I\s+am)\s+)?(?:mostly\s+|now\s+)?doing\s+(?!(?:it|that|this|nothing|ok|"
    r"okay|fine|well|good|great|better|worse|much|a\s+lot|pretty|so|not|what|alright|loads|"
    r"lots)\b)(?:(?P<x>[\w' -]{3,60}?)\s+instead"
    r"|(?P<y>[\w' -]{2,40}?\s(?:in|on|at|with)\s[\w' -]{1,40}?)\s+(?:these\s+days|nowadays))\W*$",
    re.IGNORECASE,
)
_MAJOR_RE: Final = re.compile(
    _LEAD + r"(?:switched|changed)\s+(?:my\s+)?(?:major|degree)\s+(?:from\s+[\w -]+?\s+)?"
    r"to\s+(?P<a>[\w-]+(?:\s+[\w-]+){0,2}?)" + _WHEN + r"(?:\W*$|\s*,|\s+(?:so|and|but|now)\b)"
    r"|"
    + _LEAD
    + r"(?:switched|changed)\s+from\s+[\w -]+?\s+to\s+(?P<b>[\w-]+(?:\s+[\w-]+){0,2}?)\s+"
    r"(?:major|degree)\b.*$",
    re.IGNORECASE,
)
#: Where the user is now: "I'm back in Cairo", "i'm in Tokyo for one year",
#: "permanently in Singapore now", "since moving to Porto from Berlin".
_IN_PLACE_RE: Final = re.compile(
    _LEAD + r"(?:I'm|im|I\s+am)?\s*(?:(?:now|currently|permanently|living)\s+)*"
    r"(?P<back>back\s+)?in\s+(?P<place>" + _NAME + r")"
    r"(?P<held>\s+(?:for\s+good|permanently|for\s+(?:a|one|two|three|\d+)\s+"
    r"(?:more\s+)?years?)\b)?(?P<now>\s+now\b)?"
    r"(?=\s*$|\s*[,.;!?]|\s+(?:so|and|but|now|again|permanently|for\s+good|with\s+work)\b)",
    re.IGNORECASE,
)
#: Where or when the user was born: "I was born in Lagos", "born and raised in Lyon",
#: "born in 1990".
_BORN_RE: Final = re.compile(
    r"^(?:(?:so|and|but|also|well|btw|fwiw|actually)\W+){0,3}"
    r"(?:I\s+was\s+|I'm\s+|I\s+am\s+|was\s+)?born\s+(?P<raised>and\s+(?:raised|bred)\s+)?"
    r"in\s+(?:(?P<year>(?:19|20)\d\d)|(?P<place>" + _NAME + r"))"
    r"(?=\s*$|\s*[,.;!?(]|\s+(?:so|and|but|now|though|actually)\b)",
    re.IGNORECASE,
)
_SINCE_MOVING_RE: Final = re.compile(
    r"\bsince\s+(?:moving|relocating|we\s+moved|I\s+moved)\s+(?:back\s+)?to\s+(?P<to>"
    + _NAME
    + ")",
    re.IGNORECASE,
)
#: A service the user has left: "not on Facebook anymore", "I'm off Twitter now".
_NOT_ON_RE: Final = re.compile(
    _LEAD + r"(?:I'm|im|I\s+am)?\s*(?:not\s+on|off|no\s+longer\s+on)\s+"
    r"(?!(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|work|duty|call|sick|"
    r"leave|shift|nights?|days?|today|tomorrow|tonight)\b)(?P<x>" + _NAME + r")"
    r"\s+(?:any\s?more|now|for\s+good)\b",
    re.IGNORECASE,
)
_ALLERGIES_RE: Final = re.compile(
    _LEAD + r"(?:please\s+)?add\s+(?P<x>(?!(?:my|a|an|the)\s)[\w -]{2,30}?)\s+to\s+my\s+"
    r"(?:list\s+of\s+)?(?:allergies|allergy\s+list|allergens)(?:\s+(?:please|pls|too|as\s+well))*"
    r"(?:\W*$|\s*,\s*(?:on\s+top|along|as\s+well|with)\b.*)",
    re.IGNORECASE,
)
#: Day work after nights: "off nights", "moved to days", "day shift 7-3 starting this week".
_SHIFT_RE: Final = re.compile(
    _LEAD + r"(?:(?:I'm|im|I\s+am)\s+(?:(?:finally|now|back)\s+)*)?"
    r"(?:(?P<off>off\s+(?:nights|night\s+shifts?|the\s+night\s+shift)"
    r"(?!\s+(?:tonight|today|tomorrow|this|next|for|until|till)\b))"
    r"|(?:(?:moved|switched|back)\s+(?:on\s+|over\s+)?to\s+|on\s+)"
    r"(?:(?P<days>days|day\s+shifts?)|(?P<nights>nights|night\s+shifts?))"
    r"(?=\s+(?:now|again|full[- ]time|permanently)\b|\W*$)"
    r"|(?P<shift>day\s+shifts?)(?:\s+\d{1,2}(?::\d\d)?\s*[-\u2013]\s*\d{1,2}(?::\d\d)?)?\s+"
    r"(?:now|starting|from\s+now|from\s+(?:next|this)\s+\w+))\b",
    re.IGNORECASE,
)


#: Care the user gets regularly: "I already see a therapist every other week".
_SEES_RE: Final = re.compile(
    r"^(?:(?:so|and|but|also|well|anyway)\s+)*(?:I|I'm|I\s+am)\s+(?:(?:already|also|currently|"
    r"still|now|regularly|actually)\s+)*(?:see|seeing|visit|visiting)\s+(?P<who>(?:a|an|my)\s+"
    r"(?:therapist|counsell?or|psychiatrist|psychologist|physio|physiotherapist|chiropractor|"
    r"dietitian|nutritionist|personal\s+trainer|osteopath|acupuncturist|speech\s+therapist|"
    r"tutor|coach))(?P<when>\s+(?:every\s+(?:other\s+)?(?:day|week|month|fortnight|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday)|once\s+a\s+(?:week|month|fortnight)|twice\s+a\s+"
    r"(?:week|month)|weekly|fortnightly|monthly|regularly))?"
    r"(?!.*\b(?:tomorrow|today|tonight|this\s+week|next\s+week|until|used\s+to|or\s+I\s+was)\b)"
    r"(?:\s*[,.;!].*)?\W*$",
    re.IGNORECASE,
)


#: A partner by name: no kin ("Mum and I"), no tool ("Python and I broke up").
PARTNER_NAME: Final = (
    r"(?!(?:Mum|Mom|Dad|Mama|Papa|Grandma|Grandpa|Nan|Nana|Granny|Python|Excel|Java|Rust|Go)\b)"
    r"(?-i:[A-Z])[a-z]+"
)
#: A marriage or a relationship ended: "me and Carla divorced last year", "we split up".
_SPLIT_RE: Final = re.compile(
    r"^(?:(?:so|and|but|also|well|anyway|just\s+so\s+you\s+know|fyi|update)\b[:,]?\s+)*"
    r"(?:me\s+and\s+(?:my\s+(?:wife|husband|partner|boyfriend|girlfriend|ex)|"
    + PARTNER_NAME
    + r")|"
    + PARTNER_NAME
    + r"\s+and\s+I|my\s+(?:wife|husband|"
    r"partner|boyfriend|girlfriend)\s+and\s+I|we|I(?=\s+(?:have\s+|'ve\s+|finally\s+|recently\s+)*"
    r"(?:got\s+)?divorced))\s+(?:have\s+|'ve\s+|finally\s+|recently\s+)*"
    r"(?P<how>(?:got\s+)?divorced|split\s+up|separated|broke\s+up)(?!\s+in\s+the\s+crowd)"
    + _WHEN
    + r"(?:\W*$|\s*[,;.!]|\s+and\s+(?:the|our|my)\s+divorce\b)",
    re.IGNORECASE,
)


#: A role the user was promoted to: "got promoted to head of sales".
_PROMOTED_RE: Final = re.compile(
    _LEAD + r"(?:got\s+|been\s+|was\s+)?promoted\s+to\s+(?P<role>(?:[\w-]+\s+){0,3}?(?:head|lead|"
    r"chief|director|manager|supervisor|partner|principal|senior|vp|editor|captain|sergeant|"
    r"foreman|team\s+leader|shift\s+leader|charge\s+nurse|matron|superintendent|inspector|"
    r"professor|consultant)(?:\s+of\s+[\w-]+(?:\s+[\w-]+)?)?)"
    + _WHEN
    + r"(?:\W*$|\s*[,;.!]|\s+(?:so|and|but)\b)",
    re.IGNORECASE,
)
#: A degree finished: "officially done with the PhD", "finished my master's".
_FINISHED_RE: Final = re.compile(
    _LEAD + r"(?:(?:officially|finally)\s+)?(?:done\s+with|finished|completed)\s+"
    r"(?:the|my)\s+(?P<d>phd|doctorate|master'?s|masters|msc|mba|apprenticeship|residency)\b"
    + _WHEN
    + r"\W*$",
    re.IGNORECASE,
)
#: Words that say a change is of studies: "this term", "same uni", "my course".
_STUDY_WORD_RE: Final = re.compile(
    r"\b(?:course|degree|major|programme|program|uni|university|college|term|semester|"
    r"modules?|studies|studying)\b",
    re.IGNORECASE,
)
#: A course changed at one school: "I transferred from nursing to paramedic science".
_TRANSFERRED_COURSE_RE: Final = re.compile(
    _LEAD + r"transferred\s+from\s+(?-i:[a-z])[\w -]{2,30}?\s+to\s+(?P<to>(?-i:[a-z])[\w-]+"
    r"(?:\s+(?-i:[a-z])[\w-]+){0,2}?)(?:\s+(?:this|last|at|in|same)\b.*|\s*[,.;!].*)?$",
    re.IGNORECASE,
)


#: What the user does not do at all: "I don't drive", "I never cook".
_DO_NOT_RE: Final = re.compile(
    r"^(?:(?:so|and|but|also|well|fyi|btw)\s+)*I\s+(?:do\s+not|don't|dont|never|can\s+not|cannot|"
    r"can't)\s+(?P<v>drive|swim|cook|smoke|drink|cycle|ride\s+a\s+bike)\W*$",
    re.IGNORECASE,
)
#: A food eaten again: "I started eating meat again", "back to eating fish".
_EATS_AGAIN_RE: Final = re.compile(
    _LEAD + r"(?:started|began|gone\s+back\s+to|went\s+back\s+to)\s+eating\s+"
    r"(?P<x>meat|fish|chicken|dairy|eggs|red\s+meat|pork|beef)\s+again\b"
    r"(?!.*\b(?:then|for\s+a\s+(?:week|day|bit|while)|tomorrow|next\s+\w+)\b)",
    re.IGNORECASE,
)


#: A medicine or a habit the user is off: "I'm off the sertraline now", "5 months off
#: cigarettes", "8 months sober now".
_OFF_RE: Final = re.compile(
    _LEAD + r"(?:(?:I'm|im|I\s+am)\s+(?:now\s+|completely\s+|finally\s+)*off\s+(?:the\s+|my\s+)?"
    r"(?P<med>[a-z]+(?:ine|ol|am|pril|tin|mab|one|ide|ate|in|an|ex|ium|il))(?:\s+(?:now|completely|"
    r"for\s+good))?\b"
    r"|(?:(?:\d+|a|one|two|three|six|several)\s+(?:days?|weeks?|months?|years?)\s+)"
    r"(?:(?P<cig>off\s+(?:cigarettes|the\s+cigs|cigs|smoking|the\s+fags|nicotine))|(?P<sober>sober)))",
    re.IGNORECASE,
)


def _graduated(m: re.Match[str]) -> list[ExtractedFact]:
    if not m["school"]:
        return [ExtractedFact("User has graduated", "personal")]
    return [ExtractedFact(f"User graduated from {m['school']}", "personal")]


def _sees(m: re.Match[str]) -> list[ExtractedFact]:
    if re.search(r"\b(?:seeing|visiting)\b", m.group(), re.IGNORECASE) and not m["when"]:
        return []  # "I'm seeing a physio (tomorrow)": an appointment, unless it recurs
    who = re.sub(r"^my\s+", "a ", m["who"], flags=re.IGNORECASE)
    return [ExtractedFact(f"User sees {who}{m['when'] or ''}", "personal")]


def _split(m: re.Match[str]) -> list[ExtractedFact]:
    how = m["how"].lower().split()[-1]
    state = "divorced" if how == "divorced" else "separated" if how == "separated" else "single"
    return [ExtractedFact(f"User is {state}", "personal")]


def promoted_to(clause: str) -> list[ExtractedFact]:
    """ "User was promoted to head of sales" for a promotion no role rule read (they
    come first: "got promoted to analytics engineer" is "User is an analytics engineer")."""
    found = _PROMOTED_RE.match(" ".join(clause.split()))
    if found is None:
        return []
    return [ExtractedFact(f"User was promoted to {found['role'].strip()}", "personal")]


def _finished(m: re.Match[str]) -> list[ExtractedFact]:
    degree = m["d"].lower()
    degree = {"phd": "PhD", "mba": "MBA", "msc": "MSc", "masters": "master's"}.get(degree, degree)
    return [ExtractedFact(f"User has finished their {degree}", "personal")]


def _transferred_course(m: re.Match[str]) -> list[ExtractedFact]:
    if not _STUDY_WORD_RE.search(m.string) or re.match(
        r"(?:my|the|one|another|days|nights)\b", m["to"]
    ):
        return []  # "from savings to checking", "from sales to marketing": no course
    return [ExtractedFact(f"User studies {m['to']}", "personal")]


def _do_not(m: re.Match[str]) -> list[ExtractedFact]:
    verb = " ".join(m["v"].lower().split())
    return [ExtractedFact(f"User does not {verb}", "personal")]


def _eats_again(m: re.Match[str]) -> list[ExtractedFact]:
    return [ExtractedFact(f"User eats {m['x'].lower()} again", "personal")]


def _off(m: re.Match[str]) -> list[ExtractedFact]:
    if m["cig"]:
        return [ExtractedFact("User has quit smoking", "personal")]
    if m["sober"]:
        return [ExtractedFact("User does not drink alcohol", "personal")]
    return [ExtractedFact(f"User no longer takes {m['med'].lower()}", "personal")]


def _went(m: re.Match[str]) -> list[ExtractedFact]:
    diet = " ".join((m["diet"] or m["bare"]).lower().split())
    return [ExtractedFact(_DIETS[diet], "personal")]


def _diet_ended(m: re.Match[str]) -> list[ExtractedFact]:
    diet = _DIETS[m["diet"].lower()].removeprefix("User is ")
    return [ExtractedFact(f"User is no longer {diet}", "personal")]


def _new_job(m: re.Match[str]) -> list[ExtractedFact]:
    role, org = m["role"], m["org"]
    if role and not re.search(rf"(?:{ROLE_NOUNS})$", role, re.IGNORECASE):
        return []  # ("took a job as a favour", "got a job as a teenager": no role named)
    if org and m["prep"].casefold() == "with" and org[:1].islower():
        return []  # ("got a job with a good pension": no employer named)
    if _NOT_NOW_JOB_RE.search(m.string):
        return []  # ("started a job at a cafe in 2012", "for the summer", "turned it down")
    if not (role or org) or (org and (is_place(org) or lookup_technology(org))):
        return []  # ("got a job", "took a job in Leeds", "started a job with Docker")
    article = indefinite_article(role) if role else ""
    said = f"as {article} {role}" if role else ""
    if org and re.match(r"an?\s", org, re.IGNORECASE):
        org = org[:1].lower() + org[1:]  # ("at a branding agency")
    at = f"at {org}" if org else ""
    return [ExtractedFact(" ".join(f"User works {said} {at}".split()), "personal")]


def _freelancing(m: re.Match[str]) -> list[ExtractedFact]:
    role = m["role"]
    if not re.search(rf"(?:{ROLE_NOUNS})$", role, re.IGNORECASE):
        return []  # ("freelancing as a hobby", "as well")
    return [ExtractedFact(f"User works as a freelance {role}", "personal")]


def _joined(m: re.Match[str]) -> list[ExtractedFact]:
    group = re.sub(r"^(?:my|our)\s+", "a ", m["group"], flags=re.IGNORECASE)
    return [ExtractedFact(f"User is a member of {group}", "personal")]


def _transferred(m: re.Match[str]) -> list[ExtractedFact]:
    return [ExtractedFact(f"User transferred to {m['to']}", "personal")]


def _quit(m: re.Match[str]) -> list[ExtractedFact]:
    thing = re.sub(r"^my\s+", "their ", m["thing"], flags=re.IGNORECASE)
    return [ExtractedFact(f"User gave up {thing}", "personal")]


def _sport_paused(m: re.Match[str]) -> list[ExtractedFact]:
    sport = " ".join(m["sport"].lower().split())
    doing = sport.endswith("ing")  # ("running"; not "golf", "yoga", "the gym")
    if m["tmp"]:
        said = sport if doing else "going to the gym" if sport == "the gym" else f"doing {sport}"
        return [ExtractedFact(f"User is currently not {said}", "personal")]
    if m["stop"] and doing:  # ("gave up golf, it's padel now": the new one says it)
        return [ExtractedFact(f"User has stopped {sport}", "personal")]
    return []


def _picked_up(m: re.Match[str]) -> list[ExtractedFact]:
    thing = m["thing"] or m["inst"]
    tech = lookup_technology(thing)
    return [ExtractedFact(f"User has taken up {tech.name if tech else thing}", "personal")]


def _doing_now(m: re.Match[str]) -> list[ExtractedFact]:
    thing = re.sub(r"\bmy\b", "their", (m["x"] or m["y"]).strip(), flags=re.IGNORECASE)
    return [ExtractedFact(f"User does {thing}", "personal")]


def _major(m: re.Match[str]) -> list[ExtractedFact]:
    subject = (m["a"] or m["b"]).strip()
    return [ExtractedFact(f"User is majoring in {subject}", "personal")]


_MOVED_RE: Final = re.compile(r"\b(?:moved|relocated)\b(?!\s+(?:on|past|away\s+from)\b)", re.I)


def _in_place(m: re.Match[str]) -> list[ExtractedFact]:
    moved = m["now"] and _MOVED_RE.search(m.string)  # "I'm in Lyon now, moved in march"
    if not is_place(m["place"]) or not (m["back"] or m["held"] or moved):
        return []  # "in Tokyo for a week": a trip
    return [ExtractedFact(f"User lives in {m['place']}", "personal")]


def _moved_to(m: re.Match[str]) -> list[ExtractedFact]:
    return [ExtractedFact(f"User lives in {m['to']}", "personal")] if is_place(m["to"]) else []


def _born(m: re.Match[str]) -> list[ExtractedFact]:
    if m["year"]:
        return [ExtractedFact(f"User was born in {m['year']}", "personal")]
    if not is_place(m["place"]) and not re.fullmatch(r"(?-i:[A-Z])[a-z]+", m["place"]):
        return []
    raised = " and raised" if m["raised"] else ""
    return [ExtractedFact(f"User was born{raised} in {m['place']}", "personal")]


def _not_on(m: re.Match[str]) -> list[ExtractedFact]:
    return [ExtractedFact(f"User no longer uses {m['x']}", "tech_stack")]


def _allergies(m: re.Match[str]) -> list[ExtractedFact]:
    return [ExtractedFact(f"User is allergic to {m['x'].strip()}", "personal")]


def _shift(m: re.Match[str]) -> list[ExtractedFact]:
    if m["nights"]:
        return [ExtractedFact("User works night shifts", "personal")]
    if m["off"] and not m["days"] and not m["shift"]:
        return [ExtractedFact("User no longer works night shifts", "personal")]
    return [ExtractedFact("User works day shifts", "personal")]


#: A baby born to the user: "we had a baby girl 3 weeks ago", "had our second baby last
#: week", "we just welcomed a baby boy".
_BABY_RE: Final = re.compile(
    r"(?!.*\b(?:19|20)\d\d\b)"  # (not years ago: "had a baby girl in 2019")
    + _LEAD
    + r"(?:had|welcomed|got)\s+(?:a|our|my)\s+(?:(?P<nth>first|second|third|fourth|2nd|3rd|"
    r"4th)\s+)?(?:(?:new\s+)?baby|child|kid)(?:\s+(?P<sex>girl|boy))?" + _WHEN + r"\W*$",
    re.IGNORECASE,
)
#: A baby on the way: "we're expecting our first baby!!", "I'm expecting twins".
_EXPECTING_RE: Final = re.compile(
    r"^(?:(?:so|and|but|also|oh|well|ok|okay|update|btw|big\s+news)\b[:,!]?\s+)*"
    r"(?:we're|we\s+are|I'm|I\s+am|im)\s+(?:now\s+|finally\s+)?expecting\s+"
    r"(?:(?:our|my|a)\s+)?(?:(?P<nth>first|second|third|fourth|1st|2nd|3rd|4th)\s+)?"
    r"(?P<what>baby|child|kid|twins)\b(?:\s+(?:in|this|next)\s+[\w ]{1,20})?\W*$",
    re.IGNORECASE,
)


def _expecting(m: re.Match[str]) -> list[ExtractedFact]:
    what = m["what"].lower()
    said = (
        "twins" if what == "twins" else f"their {m['nth'].lower()} baby" if m["nth"] else "a baby"
    )
    return [ExtractedFact(f"User is expecting {said}", "personal")]


_NTH: Final = {"second": "two", "2nd": "two", "third": "three", "3rd": "three", "fourth": "four",
               "4th": "four"}  # fmt: skip


def _baby(m: re.Match[str]) -> list[ExtractedFact]:
    child = {"girl": "baby daughter", "boy": "baby son"}.get((m["sex"] or "").lower(), "baby")
    facts = [ExtractedFact(f"User has a {child}", "personal")]
    if (count := _NTH.get((m["nth"] or "").lower())) is not None:
        facts.append(ExtractedFact(f"User has {count} kids", "personal"))
    return facts


_READERS: Final[
    tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], list[ExtractedFact]]], ...]
] = (
    (_GRADUATED_RE, _graduated),
    (_SEES_RE, _sees),
    (_SPLIT_RE, _split),
    (_OFF_RE, _off),
    (_DO_NOT_RE, _do_not),
    (_EATS_AGAIN_RE, _eats_again),
    (_FINISHED_RE, _finished),
    (_TRANSFERRED_COURSE_RE, _transferred_course),
    (_WENT_RE, _went),
    (_DIET_ENDED_RE, _diet_ended),
    (_JOINED_RE, _joined),
    (_NEW_JOB_RE, _new_job),
    (_FREELANCING_RE, _freelancing),
    (_TRANSFERRED_RE, _transferred),
    (_QUIT_RE, _quit),
    (_SPORT_PAUSED_RE, _sport_paused),
    (_PICKED_UP_RE, _picked_up),
    (_MAJOR_RE, _major),
    (_DOING_NOW_RE, _doing_now),
    (_NOT_ON_RE, _not_on),
    (_ALLERGIES_RE, _allergies),
    (_SHIFT_RE, _shift),
    (_IN_PLACE_RE, _in_place),
    (_BORN_RE, _born),
    (_BABY_RE, _baby),
    (_EXPECTING_RE, _expecting),
)


def life_event_facts(clause: str) -> list[ExtractedFact]:
    """The facts a clause of the user's states by a change in their life (see the
    module's doc), or []."""
    return list(_event_facts(" ".join(clause.split())))


@lru_cache(maxsize=256)
def _event_facts(plain: str) -> tuple[ExtractedFact, ...]:
    """:func:`life_event_facts` of a clause, remembered: extraction asks it of one clause
    twice (a value statement gives way to an event first, then the clause rules read it)."""
    for pattern, read in _READERS:
        found = pattern.match(plain)
        if found is not None:
            return tuple(read(found))
    return ()


def moved_since(clause: str) -> list[ExtractedFact]:
    """Where the user lives, said in passing by a move: "Since moving to Porto from
    Berlin I've been freelancing" (a fact beside what the clause says)."""
    moved = _SINCE_MOVING_RE.search(clause)
    return _moved_to(moved) if moved is not None else []


#: A change of anything that is no technology: "switched from ukulele to classical
#: guitar", "changed from the 5:2 diet to intermittent fasting".
_SWITCHED_RE: Final = re.compile(
    _LEAD + r"(?:switched|changed|swapped)\s+(?:over\s+)?from\s+(?:the\s+|my\s+|an?\s+)?"
    r"[\w'+ -]{2,30}?\s+to\s+(?:the\s+|an?\s+)?(?P<new>[\w'+-]+(?:\s+[\w'+-]+){0,2}?)"
    r"(?:\s+(?:back|in|last|this|after|because|since|so|and|but|a|two|three|for|today|"
    r"tonight|tomorrow|now|about|around|over|almost|nearly|like)\b.*|\s*[,.;:!(].*)?$",
    re.IGNORECASE,
)


#: A switch for a while, not a change of the user's: "for the exam week", "today".
_NOT_A_SWITCH_RE: Final = re.compile(
    r"\b(?:today|tonight|tomorrow|this\s+(?:week|morning|evening|time|once)|for\s+now|for\s+the|"
    r"for\s+a\s+(?:bit|while|week|day)|kidding|jk)\b",
    re.IGNORECASE,
)
#: What a switch to is no thing of the user's: a person, a side, a time, a dose.
_NOT_NEW_RE: Final = re.compile(
    r"^(?:her|him|them|it|me|us|you|right|left|red|blue|green|attack|defen[cs]e|\d.*|[\W\d]+)$",
    re.IGNORECASE,
)


def switched_to(clause: str) -> list[ExtractedFact]:
    """ "User switched to <new>" for a change the user made between two things no rule
    before read (the technology and the place rules come first), or []."""
    found = _SWITCHED_RE.match(" ".join(clause.split()))
    if found is None or _NOT_A_SWITCH_RE.search(clause) or _NOT_NEW_RE.match(found["new"]):
        return []
    return [ExtractedFact(f"User switched to {found['new']}", "personal")]
