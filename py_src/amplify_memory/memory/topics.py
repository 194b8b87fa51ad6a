# ruff: noqa: RUF001, E501
"""What a user fact is about: its topic, value and polarity, read from its text.

A memory such as "User uses 4-space indentation" is about a *topic* (``indentation``)
with a *value* (``4 spaces``) and a *polarity* (``positive``; "User does not want
emojis" is ``negative``). :func:`frames_of` reads these from the stored sentence, the
extractor's or one the model or the user wrote, so the user-profile store can decide
what a new fact does to the old ones (:func:`relation`):

* same topic, value and polarity: the same fact, **merged**;
* same topic and value, the other polarity ("likes Java" / "does not like Java"), or
  same topic and another value, both positive ("2 spaces" / "4 spaces", "npm" /
  "pnpm" as the package manager): the newer **supersedes** the older;
* another value with a negative side ("does not use Yarn" / "uses pnpm"): both hold;
* different topics, or a fact without a topic: left to the similarity rule.

Topics
------
:data:`TOPICS` is the documented set; :func:`register_topic` adds one. Three kinds:

* *value topics* hold one value at a time: ``indentation`` (``2 spaces``, ``tabs`` ...),
  ``quote_style``, ``naming_convention``, ``line_length``, ``theme``, ``answer_length``
  (``concise`` / ``medium`` / ``detailed``), ``answer_language``, ``spelling``, ``tone``,
  ``commit_style``, ``merge_strategy``, ``branching``, ``name``, ``location``,
  ``timezone``, ``team``, ``role`` ("retired" when no role is named), ``experience``,
  ``pronouns``, ``work_mode`` (remote, office, hybrid), ``work_hours`` (day, night),
  ``units`` (metric, imperial), ``temperature`` (celsius, fahrenheit), ``age``, ``diet``
  (vegan, vegetarian, pescatarian, omnivore, keto, paleo), ``commute`` (car, bicycle, foot, train,
  bus), the user's devices
  ``phone``, ``laptop``, ``gpu``, ``tablet``, ``car`` (:mod:`~amplify_memory.memory.devices`),
  ``work_week``, the user's favourites ``favourite_<kind>`` (``favourite_food``,
  ``favourite_band``, ... :data:`~amplify_memory.memory._text.FAVOURITE_KINDS`), and
  the exclusive technology
  groups ``package_manager``, ``editor``, ``operating_system``, ``shell``, and the slot
  ``primary_language`` ("favourite / main language is ...");
* *polarity topics* are on or off: ``semicolons``, ``trailing_commas``, ``type_hints``,
  ``emojis``, ``code_examples``, ``diagrams``, ``bullet_points``, ``tdd``,
  ``comments``, ``apologies``, ``small_talk``;
* *per-technology topics* for the rest: ``uses:<Name>`` ("User uses Rails"),
  ``likes:<Name>`` ("User loves Elixir", "User can't stand Java") and
  ``choice:<A>|<B>`` for a comparison of two ("prefers Vite over webpack", value the
  preferred one). Several technologies in one fact ("uses React and Next.js") give
  one frame each; the first is the fact's own.

An explicit correction is read as two frames: "User switched from npm to pnpm" is
``package_manager = pnpm`` (positive) and ``package_manager = npm`` (negative).

>>> frames_of("User uses 4-space indentation")[0]
Frame(topic='indentation', value='4 spaces', polarity='positive', scope=(), version='')
>>> frames_of("User does not want emojis in answers")[0]
Frame(topic='emojis', value='emojis', polarity='negative', scope=(), version='')
>>> relation(frames_of("User uses npm")[0], frames_of("User now uses pnpm")[0])
'supersedes'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Final, Literal

from amplify_memory.memory._text import (
    DEED_VERBS,
    ENDED_WORDS,
    FAVOURITE_KINDS,
    FORMER_START,
    HUMAN_LANGUAGES,
    NUMBER_WORDS,
    ROLE_NOUNS,
    WORKPLACE_NOUNS,
    favourite_value,
)
from amplify_memory.memory._text import wordlist as _wordlist
from amplify_memory.memory.canonical import canonical_fact, tidy_fact
from amplify_memory.memory.devices import DEVICE_KINDS, device_topic_trigger, device_value
from amplify_memory.memory.places import is_place, is_region
from amplify_memory.memory.technologies import (
    VERSION_AFTER_RE,
    Mention,
    find_technology_mentions,
    lookup_technology,
)
from amplify_memory.text import strip_accents

__all__ = [
    "DEVICE_RE",
    "TOPICS",
    "Frame",
    "Topic",
    "both_hold",
    "frames_of",
    "polarity",
    "primary_frame",
    "register_topic",
    "registered_topic",
    "relation",
    "tool_group",
    "tool_group_names",
    "topic_category",
]

Polarity = Literal["positive", "negative"]
Relation = Literal["same", "supersedes", "compatible", "unrelated"]


@dataclass(frozen=True, slots=True)
class Frame:
    """What one fact says: ``topic``, ``value`` (canonical) and ``polarity``."""

    topic: str
    value: str
    polarity: Polarity
    #: Technologies the fact is limited to ("4 spaces *in Python*", "Vim keys *in VS Code*").
    scope: tuple[str, ...] = ()
    #: The value's version when the fact names one ("Python *3.12*").
    version: str = ""


ValueReader = Callable[[str], str | None]


@dataclass(frozen=True, slots=True)
class Topic:
    """A topic: its ``name``, the user-profile ``category`` its facts belong to, a
    ``trigger`` (a case-insensitive pattern a fact about it contains) and ``value``: a
    reader of the canonical value (None: a polarity topic, the value is the name)."""

    name: str
    category: str
    trigger: re.Pattern[str]
    value: ValueReader | None = None
    description: str = ""
    #: Letters every fact of the topic contains (lower case), looked for before the
    #: trigger: a cheap "no" for most facts ("favo" for the favourites).
    gate: str = ""


def _first(pattern: str, canon: Callable[[re.Match[str]], str]) -> ValueReader:
    compiled = re.compile(pattern, re.IGNORECASE)

    def read(text: str) -> str | None:
        match = compiled.search(text)
        return canon(match) if match else None

    return read


def _last(pattern: str) -> ValueReader:
    """The first group of the last match ("left Google and now works at Stripe")."""
    compiled = re.compile(pattern, re.IGNORECASE)

    def read(text: str) -> str | None:
        found = compiled.findall(text)
        return found[-1] if found else None

    return read


#: Words of size or age that do not change what kind of place it is ("a small startup").
_PLACE_SIZE_RE: Final = re.compile(
    r"\b(?:small|smaller|tiny|big|bigger|large|huge|mid-?size[d]?|medium|local|new|old|"
    r"growing|early-stage|young|\d+-person|\d+-people)\s+",
    re.IGNORECASE,
)


def _workplace(pattern: str) -> ValueReader:
    """The last match of ``pattern``, without words of size or age."""
    last = _last(pattern)

    def read(text: str) -> str | None:
        found = last(text)
        return _PLACE_SIZE_RE.sub("", found).strip() if found else None

    return read


def _choices_first(*patterns: str) -> ValueReader:
    """The first group of the first pattern that matches."""
    compiled = [re.compile(p, re.IGNORECASE) for p in patterns]

    def read(text: str) -> str | None:
        for pattern in compiled:
            match = pattern.search(text)
            if match:
                return match[1]
        return None

    return read


def _first_of(*pairs: tuple[str, str]) -> ValueReader:
    """The value of the first pattern (in the order given) that matches anywhere."""
    compiled = [(re.compile(p, re.IGNORECASE), v) for p, v in pairs]

    def read(text: str) -> str | None:
        return next((v for pattern, v in compiled if pattern.search(text)), None)

    return read


def _choices(*pairs: tuple[str, str]) -> ValueReader:
    """The value whose pattern matches first in the text (the preferred side of "X over Y")."""
    compiled = [(re.compile(p, re.IGNORECASE), v) for p, v in pairs]

    def read(text: str) -> str | None:
        best: tuple[int, str] | None = None
        for pattern, value in compiled:
            match = pattern.search(text)
            if match and (best is None or match.start() < best[0]):
                best = (match.start(), value)
        return best[1] if best else None

    return read


_ZONES: Final = {
    "central european": "CET",
    "eastern european": "EET",
    "western european": "WET",
    "japan": "JST",
    "korea": "KST",
    "india": "IST",
    "indian": "IST",
    "china": "CST",
    "pacific": "PT",
    "eastern": "ET",
    "central": "CT",
    "mountain": "MT",
    "greenwich": "GMT",
    "british": "BST",
    "australian eastern": "AEST",
    "singapore": "SGT",
}
_ZONE_NAMES_RE: Final = "|".join(sorted(_ZONES, key=len, reverse=True))
_ZONE_CITIES: Final = {
    "asia/tokyo": "JST",
    "europe/berlin": "CET",
    "europe/paris": "CET",
    "europe/london": "GMT",
    "america/new_york": "ET",
    "america/los_angeles": "PT",
    "asia/kolkata": "IST",
}


def _timezone_value(text: str) -> str | None:
    """The timezone, as an abbreviation where a name or a city gives one."""
    named = re.search(rf"\b({_ZONE_NAMES_RE}) (?:standard |daylight )?time\b", text, re.I)
    if named:
        return _ZONES[named[1].lower()]
    match = re.search(
        r"\b((?:UTC|GMT)(?:\s*[+-−]\s*\d{1,2}(?::?\d\d)?)?|[A-Z][a-z]+/[A-Z][\w_]+|"
        r"PST|PDT|EST|EDT|CET|CEST|BST|IST|JST|AEST|[A-Z]{2,4}T)\b",
        text,
    )
    if not match:
        return None
    value = re.sub(r"\s+", "", match[1]).replace("−", "-")
    return _ZONE_CITIES.get(value.lower(), value)


def _indent_value(text: str) -> str | None:
    match = re.search(
        r"\b(\d|two|four|eight|three)[\s-]*(?:space|spc)s?\b|\b(tabs?)\b|\b(spaces)\b",
        text,
        re.IGNORECASE,
    )
    if not match:
        return None
    if match[1]:
        n = {"two": "2", "four": "4", "eight": "8", "three": "3"}.get(match[1].lower(), match[1])
        return f"{n} spaces"
    return "tabs" if match[2] else "spaces"


_LANGUAGES: Final = HUMAN_LANGUAGES
_LANGUAGE_RE: Final = "|".join(_LANGUAGES)
#: Not before a noun of another thing: "writes short stories", "long walks" are not the
#: length of answers ("keep answers short and simple", "short, please" are).
_NOT_BEFORE_A_NOUN: Final = (
    r"(?!\s+(?!(?:and|or|but|with|without|when|unless|if|in|for|on|to|as|enough|please|pls|"
    r"answers?|responses?|repl(?:y|ies)|explanations?|messages?|text|summar(?:y|ies)|"
    r"overviews?|than|by|at|from|of|so|since|because|though|the|these|those|"
    r"sentences?|paragraphs?|lines?|points?|bullets?|versions?|ones?|form|style|now|again|"
    r"anyway|too|thanks|always|then|tho|lol|btw|okay|overall|generally|mostly|going|"
    r"whenever|where|until|while|instead|plus|also|pretty|really|very|"
    r"walkthroughs?|breakdowns?|descriptions?|steps|guides?|tutorials?|"
    r"instructions?|notes|comments|code|docs|documentation|emails?|commit)\b)"
    r"[a-z]{3,})"
)
_ANSWER_WORDS: Final = (
    r"answers?|responses?|respond\w*|repl(?:y|ies)|explanations?|explain\w*|output|"
    r"write|writing|talk|speak|communicat\w*|chat|messages?|comments?|docs|documentation"
)

_TECH_GROUPS: Final[dict[str, tuple[str, str]]] = {}
#: Role abbreviations, so "an SRE" is "a site reliability engineer".
_ROLE_WORDS: Final = {
    "sre": "site reliability engineer",
    "swe": "software engineer",
    "dev": "developer",
    "fe developer": "frontend developer",
    "be developer": "backend developer",
    "ml engineer": "machine learning engineer",
    "qa": "qa engineer",
}


def tool_group(topic: str) -> bool:
    """True for the topic of an exclusive group of tools ("operating_system", "editor")."""
    return topic in _group_topics()


@lru_cache(maxsize=1)
def _group_topics() -> frozenset[str]:
    return frozenset(group for group, _ in _TECH_GROUPS.values())


def tool_group_names(*topics: str) -> list[str]:
    """The lower-cased names of the tools in the groups ``topics`` ("ci_service")."""
    return [name for name, (topic, _) in _TECH_GROUPS.items() if topic in topics]


def _group(topic: str, category: str, names: str) -> None:
    for name in names.split(","):
        _TECH_GROUPS[name.strip().casefold()] = (topic, category)


_group("package_manager", "tech_stack", "npm, Yarn, pnpm, Bun")
_group(
    "editor",
    "tech_stack",
    "VS Code, Vim, Neovim, Emacs, IntelliJ IDEA, WebStorm, PyCharm, Sublime Text, Zed, "
    "Helix, Cursor, Xcode, Android Studio, Nano, Visual Studio, GoLand, RubyMine, "
    "CLion, Rider, PhpStorm, Atom, Notepad++, Eclipse, Spacemacs, Doom Emacs",
)
_group(
    "operating_system",
    "tech_stack",
    "Linux, macOS, Windows, Ubuntu, Arch Linux, Fedora, Debian, NixOS, WSL, Pop!_OS, "
    "Manjaro, Linux Mint, FreeBSD, openSUSE, Gentoo, ChromeOS",
)
_group("shell", "tech_stack", "zsh, fish, Nushell, Oh My Zsh")
_group(
    "ci_service",
    "tech_stack",
    "Jenkins, GitHub Actions, GitLab CI, CircleCI, Travis CI, Azure Pipelines, Azure DevOps, "
    "Buildkite, TeamCity, Bamboo, Drone CI, Bitbucket Pipelines",
)
_group("js_test_runner", "tech_stack", "Jest, Vitest")
_group("bi_tool", "tech_stack", "Tableau, Power BI, Looker, Metabase, Apache Superset, Qlik")
_group("hpc_scheduler", "tech_stack", "Slurm, PBS Pro, LSF")


#: The documented topics, in the order they are tried (the first that matches wins).
TOPICS: list[Topic] = []
_TOPIC_NAMES: set[str] = set()  # the names of TOPICS, kept by register_topic


def register_topic(
    name: str,
    category: str,
    trigger: str,
    value: ValueReader | None = None,
    *,
    description: str = "",
    first: bool = False,
    gate: str = "",
) -> Topic:
    """Add a topic (tried after the built-in ones, or before them with ``first``).

    ``trigger`` is a case-insensitive regular expression; ``value`` reads the
    canonical value from the fact's text (None for an on/off topic); ``gate``: letters
    (lower case) that every fact of the topic contains, looked for first.
    """
    topic = Topic(name, category, re.compile(trigger, re.IGNORECASE), value, description, gate)
    if first:
        TOPICS.insert(0, topic)
    else:
        TOPICS.append(topic)
    _TOPIC_NAMES.add(name)
    if "frames_of" in globals():
        frames_of.cache_clear()
    return topic


_LOCATION_VALUE = _choices_first(
    r"\b(?:moved|relocated|shifted)\s+(?:\w+\s+)?from\s+.+?\s+to\s+((?-i:[A-Z])[\w.'-]*)",
    r"\bcalls? ((?-i:[A-Z])\w+(?:\s(?-i:[A-Z])\w+)?) home\b",
    r"\b(?:moved|shifted) to ((?-i:[A-Z])[\w.'-]*)",
    r"\b(?:in|from)\s+((?-i:[A-Z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w.'-]*)*)",
)
#: "User is in Sheffield (now)": where the user is, said without "lives"; only a known
#: city ("User is in Marketing" is a department, "is in Q3 planning" a time; "is in
#: England" may hold the city the user lives in). The prefix is the location topic's
#: trigger too.
_IS_IN_PREFIX: Final = r"^User is (?:now |currently |permanently |back |still )?in "
_IS_IN_START_RE: Final = re.compile(_IS_IN_PREFIX)
_IS_IN_RE: Final = re.compile(
    _IS_IN_PREFIX + r"((?-i:[A-Z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w.'-]*)?)"
    r"(?:\s+(?:now|these days|for good|permanently))?[.!]?$"
)
_LIVES_WORD_RE: Final = re.compile(r"\b(?:based|located|living|lives|live|moved|from)\b")


def _location_value(text: str) -> str | None:
    """The place of a location fact; for "User is in X" only a known city."""
    if _IS_IN_START_RE.match(text) and not _LIVES_WORD_RE.search(text):
        said = _IS_IN_RE.match(text)
        if said is None or not is_place(said[1]) or is_region(said[1]):
            return None  # (a country or a region holds the city the user lives in)
        return said[1]
    return _LOCATION_VALUE(text)


def _identity_topics(add: Callable[..., Topic]) -> None:
    """The built-in personal topics: name, pronouns, timezone, location, employer."""
    add(
        "name",
        "personal",
        # (not a partner's: "User has a boyfriend named Dev" is the relationship topic's)
        r"^(?!User (?:has|had) an? (?:boyfriend|girlfriend|partner|fianc[eé]e?|husband|wife)\b)"
        r"(?:.*?\b(?:user'?s?|my)\s+(?:first\s+|real\s+|full\s+)?name\s+is\b"
        r"|.*?\b(?:prefers|wants|likes|asks|would like) to be (?:called|addressed as)\b"
        r"|^User wants the assistant to (?:call|address) the user (?-i:[A-Z])"
        r"|.*?\bgoes by\b|.*?\bnamed\b|.*?\bis (?:the )?user'?s (?:first |real |full )?name\b"
        r"|(?:the\s+)?user\s+is\s+(?-i:[A-Z][a-z]+)(?:\s*,|\s*$)|.*?\bname\b.*\bit is (?-i:[A-Z]))",
        _choices_first(
            r"(?:name\s+is|be called|be addressed as|goes by|named|(?:call|address) the user)\s+"
            r"((?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*)?)",
            r"^((?-i:[A-Z])[\w'-]*)\s+is (?:the )?user'?s (?:first |real |full )?name",
            r"^(?:the\s+)?user\s+is\s+((?-i:[A-Z])[a-z]+)",
            r"\bname\b.*?\bit is\s+((?-i:[A-Z])[\w'-]*)",
        ),
        description="the user's name",
    )
    add(
        "pronouns",
        "personal",
        r"\bpronouns\b",
        _first(r"\b(\w+/\w+)\b", lambda m: m[1].lower()),
    )
    add(
        "timezone",
        "personal",
        r"\btime ?zone\b|\b(?:UTC|GMT)\s*[+-−]\s*\d|\b(?:in|on)\s+(?:UTC|GMT|[A-Z]{2,4}T)\b"
        r"|\b(?:PST|PDT|EST|EDT|CET|CEST|BST|IST|JST|AEST)\b|\bclock\b"
        rf"|\b(?:{_ZONE_NAMES_RE}) (?:standard |daylight )?time\b",
        _timezone_value,
    )
    add(
        "location",
        "personal",
        r"\b(?:based|located|living|lives|live)\s+in\b|\bis from\b|\bfrom\s+[A-Z]"
        r"|\bcalls? (?-i:[A-Z])\w+(?:\s(?-i:[A-Z])\w+)? home\b|\b(?:moved|shifted) to (?-i:[A-Z])"
        rf"|{_IS_IN_PREFIX}(?-i:[A-Z])",
        _location_value,
    )
    add(
        "employer",
        "personal",
        r"\bworks? (?:at|for) (?-i:[A-Z])|\bemployed (?:at|by) (?-i:[A-Z])|\bjoined (?-i:[A-Z])"
        r"|\bis at (?-i:[A-Z])",
        _last(
            r"\b(?:works? (?:at|for)|employed (?:at|by)|joined|is at)\s+"
            r"((?-i:[A-Z])[\w&.-]*(?:\s+(?-i:[A-Z])[\w&.-]*)?)"
        ),
        description="where the user works",
    )


def _device_topics(add: Callable[..., Topic]) -> None:
    """The user's devices: ``phone``, ``laptop``, ``gpu``, ``tablet``, ``car`` (one of each)."""
    for kind in DEVICE_KINDS:
        add(
            kind,
            "personal",
            device_topic_trigger(kind),
            lambda text, kind=kind: device_value(text, kind),
            description=f"the user's {kind}",
        )


#: An office by the place it is in ("the Leeds office"), not a department ("the Home Office").
_OFFICE_NAME: Final = (
    r"(?!(?:Home|Front|Back|Box|Ticket|Post|Head|Foreign|Cabinet|Oval|Patent|Tax)\b)"
    r"(?-i:[A-Z])[\w-]+"
)
_WORK_MODE: Final = _first_of(  # (some days in the office is hybrid, wherever the words stand)
    (
        r"\bhybrid\b|\b(?:\d|two|three|four)\s+days?\s+a\s+week\b"
        r"|\bon\s+(?:mondays|tuesdays|wednesdays|thursdays|fridays)\b",
        "hybrid",
    ),
    (r"\bremote(?:ly)?\b|\bfrom\s+home\b", "remote"),
    (r"\boffice\b|\bon-?site\b|\bin\s+person\b", "office"),
)
_NAMED_OFFICE_RE: Final = re.compile(
    r"\b(?:in|from|at)\s+the\s+(" + _OFFICE_NAME + r")\s+office\b", re.IGNORECASE
)


def _work_mode_value(text: str) -> str | None:
    """remote, hybrid or office; an office by its name ("office Leeds"): another office
    is another value."""
    mode = _WORK_MODE(text)
    named = _NAMED_OFFICE_RE.search(text)
    return f"office {named[1]}" if mode == "office" and named else mode


_WEEKDAYS: Final = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_WEEKDAY: Final = r"(?:mon|tues?|wed(?:nes)?|thu(?:rs?)?|fri|sat(?:ur)?|sun)(?:day)?"
#: The pieces of a work week: "(5) days a week", "(4)-day week", "Monday to Friday".
_PER_WEEK: Final = r"days?\s*(?:a|per|/|each|every)\s*(?:work\s*)?week\b"
_DAY_WEEK: Final = r"-day\s+(?:work\s*)?week\b"
_DAYS_TO: Final = r"\s*(?:to|through|thru|till|until|-|\u2013)\s*"
_DAYS_A_WEEK_RE: Final = re.compile(
    rf"\b(?P<n>[1-7]|one|two|three|four|five|six|seven)(?:[- ]?{_PER_WEEK}|{_DAY_WEEK})"
    rf"|\b(?P<a>{_WEEKDAY}){_DAYS_TO}(?P<b>{_WEEKDAY})\b",
    re.IGNORECASE,
)


def _work_week_value(text: str) -> str | None:
    """How many days a week the user works, as a digit ("four-day week", "5 days a week":
    "4", "5"), and which days when said ("Monday to Friday": "5 mon-fri")."""
    found = _DAYS_A_WEEK_RE.search(text)
    if found is None:
        return None
    if found["a"]:  # (which days: "Tuesday to Saturday" is not "Monday to Friday")
        first, last = (_WEEKDAYS.index(found[k][:3].lower()) for k in ("a", "b"))
        return f"{(last - first) % 7 + 1} {_WEEKDAYS[first]}-{_WEEKDAYS[last]}"
    said = found["n"].lower()
    return NUMBER_WORDS.get(said, said)


def _work_pattern_topics(add: Callable[..., Topic]) -> None:
    """Where and when the user works: ``work_mode`` (remote, office, hybrid),
    ``work_week`` (how many days: "4") and ``work_hours`` (day, night)."""
    add(
        "work_mode",
        "personal",
        r"^User\s+(?:now\s+)?(?:works?|is\s+working|is)\b.*?\b(?:remote(?:ly)?|from\s+home|"
        r"in\s+(?:the|an)\s+(?:"
        + _OFFICE_NAME
        + r"\s+)?office|from\s+the\s+(?:"
        + _OFFICE_NAME
        + r"\s+)?office|hybrid|"
        r"on-?site|in\s+person)\b",
        _work_mode_value,
        description="where the user works: remote, office, hybrid",
    )
    add(
        "work_week",
        "personal",
        r"^User\s+(?:now\s+)?(?:works?|is\s+working)(?!\s+(?:out|on|with)\b)\b.*?"
        rf"(?:\b{_PER_WEEK}|{_DAY_WEEK}|\b{_WEEKDAY}{_DAYS_TO}{_WEEKDAY}\b)"
        rf"|^User\s+is\s+(?:now\s+)?on\s+an?\s+\S+{_DAY_WEEK}",
        _work_week_value,
        description="how many days a week the user works: 4, 5",
    )
    add(
        "work_hours",
        "personal",
        r"^User\s+(?:now\s+)?(?:works?|is\s+working)\s+(?:the\s+)?(?:a\s+)?(?:\w+\s+)?"
        r"(?:nights?|night\s+shifts?|days|day\s*time|daytime\s+hours|day\s+shifts?|"
        r"9-to-5|nine-to-five|early\s+shifts?|late\s+shifts?)\b",
        _choices(
            (r"\bnight|\blate\s+shift", "night"),
            (r"\bday|\b9-to-5\b|\bnine-to-five\b|\bearly\s+shift", "day"),
        ),
        description="when the user works: day, night",
    )


def _relationship_topic(add: Callable[..., Topic]) -> None:
    add(
        "relationship",
        "personal",
        r"^(?:User )?is (?:now )?(?:single|married|engaged|divorced|widowed|separated|an? widow(?:er)?)\b"
        r"|^(?:User\s+(?:and\s+[\w'-]+\s+)?|[\w'-]+\s+and\s+(?:the\s+)?user\s+)?(?:just\s+|recently\s+|"
        r"finally\s+)?got (?:married|engaged|divorced)\b|^User is in a relationship\b"
        r"|^User (?:has|had) an? (?:boyfriend|girlfriend|partner|fianc[eé]e?)\b",
        _relationship_value,
        description="the user's relationship status",
    )


_STATUS: Final = _choices(
    (r"\bmarried\b", "married"),
    (r"\bengaged\b", "engaged"),
    (r"\bdivorced\b", "divorced"),
    (r"\bwidowed\b|\bwidow(?:er)?\b", "widowed"),
    (r"\bsingle\b", "single"),
    (r"\bin a relationship\b", "in a relationship"),
    (r"\bseparated\b", "separated"),
)
_PARTNER_RE: Final = re.compile(
    r"\b(?:has|had) an? (?:boyfriend|girlfriend|partner|fianc[eé]e?)"
    r"(?:\s+(?:named|called)\s+((?-i:[A-Z])[\w'-]+))?",
    re.IGNORECASE,
)


def _relationship_value(text: str) -> str | None:
    """The status; a partner by name ("partner Dev"): another partner is another value."""
    partner = _PARTNER_RE.search(text)
    if partner:
        return f"partner {partner[1]}" if partner[1] else "partner"
    return _STATUS(text)


def _study_topics(add: Callable[..., Topic]) -> None:
    """The built-in personal topics: major (what the user studies), school (where)."""
    add(
        "major",
        "personal",
        r"^User (?:is (?:now )?)?majoring in\b|^User is (?:now )?an? [\w -]{2,30}? major\W*$"
        r"|^User (?:now )?majors in\b",
        _first(
            r"\bmajor(?:ing|s)? in ([\w -]{2,30}?)\W*$|\ban? ([\w -]{2,30}?) major\b",
            lambda m: " ".join((m[1] or m[2]).lower().split()),
        ),
        description="the subject the user majors in",
    )
    add(
        "school",
        "personal",
        r"^User (?:now )?(?:attends|goes to|transferred to|studies at)\s+(?:the\s+)?"
        r"(?:(?:(?-i:[A-Z])[\w&.'-]*\s+(?:of\s+)?){0,4}(?:University|College|School|Academy|"
        r"Institute|Polytechnic|Conservatory|Conservatoire|Uni)\b|(?-i:[A-Z]{3,6})\W*$)",
        _last(
            r"\b(?:attends|goes to|transferred to|studies at)\s+((?-i:[A-Z])[\w&.'-]*"
            r"(?:\s+(?:of\s+)?(?-i:[A-Z])[\w&.'-]*){0,3})"
        ),
        description="the school or university the user attends",
    )


def _workplace_topic(add: Callable[..., Topic]) -> None:
    """The built-in personal topics: workplace, team."""
    add(
        "workplace",
        "personal",
        r"\b(?:works?|teach(?:es)?|stud(?:y|ies)|interns?|lectures?)\s+(?:at|for)\s+(?:a|an)\s",
        _workplace(
            r"\b(?:works?|teach(?:es)?|stud(?:y|ies)|interns?|lectures?)\s+(?:at|for)\s+"
            rf"(?:a|an)\s+((?:[\w-]+\s+){{0,3}}?(?:{WORKPLACE_NOUNS}))\b"
        ),
        description="the kind of place where the user works, teaches or studies",
    )
    add(
        "team",
        "personal",
        r"\b(?:is|works?)\s+(?:now\s+)?(?:on|in)\s+the\s+[\w -]{2,30}?\s+team\b",
        _first(
            r"\b(?:on|in)\s+the\s+([\w -]{2,30}?)\s+team\b",
            lambda m: " ".join(m[1].lower().split()),
        ),
        description="the team the user is on",
    )


def _unit_name(unit: str) -> str:
    """One name per unit: "kms" and "kilometres" are "km", "kilos" and "kgs" are "kg"."""
    low = unit.lower()
    if low.startswith(("km", "kilomet")):
        return "km"
    if low.startswith(("kg", "kilo")):
        return "kg"
    return "lbs" if low == "pounds" else low


def _unit_topics(add: Callable[..., Topic]) -> None:
    """The built-in communication topics: units, time_format."""
    add(
        "units",
        "communication",
        r"\b(?:metric|imperial|SI) units\b|\b(?:metric|imperial) system\b"
        r"|\b(?:prefers?|wants?|uses?|thinks? in|switch(?:es|ed)? to)\s+(?:the\s+)?"
        r"(?:metric|imperial)\b",
        _choices((r"\bmetric|\bSI\b", "metric"), (r"\bimperial\b", "imperial")),
    )
    for topic, measure, units in (
        ("distance_unit", "distances", r"km|kms|kilomet(?:er|re)s|miles"),
        ("weight_unit", "weights", r"kg|kgs|kilos|kilograms|grams|lbs"),
    ):  # "km please", "kg only": one unit asked for, each measure its own (miles and kg;
        # pounds only of weights: "prefers pounds for weights", not money)
        add(
            topic,
            "communication",
            rf"^User (?:prefers|wants) (?:(?:{measure} in )?(?:{units})(?: only| for {measure})?"
            rf"|pounds for {measure}|{measure} in pounds)\W*$",
            _first(rf"\b({units}|pounds)\b", lambda m: _unit_name(m[1])),
            description=f"the unit the user wants {measure} in",
        )
    add(
        "temperature",
        "communication",
        r"\b(?:celsius|fahrenheit|centigrade)\b",
        _choices((r"\bcelsius|\bcentigrade|°C", "celsius"), (r"\bfahrenheit|°F", "fahrenheit")),
        description="the temperature scale the user wants",
    )
    add(
        "time_format",
        "communication",
        r"\b(?:24|12)[- ]?h(?:ou)?r?s?(?: time| clock| format)?\b|\b(?:24|12)-hour\b",
        _choices((r"\b24", "24-hour"), (r"\b12", "12-hour")),
    )


def _amount(m: re.Match[str]) -> str:
    """An amount of money as digits: "85k" and "85,000" are "85000"."""
    digits = m[1].replace(",", "").rstrip(".")
    try:
        value = float(digits) * (1000 if m[2] else 1)
    except ValueError:
        return digits
    return str(int(value)) if value == int(value) else str(value)


#: A count said in words, as digits.
_COUNTS: Final = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5",
                  "six": "6", "seven": "7", "eight": "8"}  # fmt: skip
#: Topics of everyday life: a technology's name in them is no scope ("via metro").
_LIFE_TOPICS: Final = frozenset({"age", "diet", "commute"})


def _life_topics(add: Callable[..., Topic]) -> None:
    """The built-in personal topics: age, diet, children, native language."""
    add(
        "age",
        "personal",
        r"^(?:User )?(?:is|turned|has turned|just turned) (?:now )?\d{1,2}(?: years? old)?"
        r"(?: (?:last \w+|this \w+|yesterday|today|recently))?\W*$",
        _first(r"\b(\d{1,2})\b", lambda m: m[1]),
        description="how old the user is",
    )
    add(
        "diet",
        "personal",
        r"^(?:User )?(?:(?:is|has become|became|went|is now|follows|is on|eats|has been) )?"
        r"(?:now |fully |strictly |mostly |a |an )*"
        r"(?:vegan|vegetarian|pescatarian|omnivore|carnivore|keto|paleo)(?: diet)?"
        r"(?=\W*$|\s+(?:now|again|these days|since|for|and|but)\b)"
        r"|^User (?:now )?eats meat(?: again| now)?\W*$",
        _choices(
            (r"\bvegan\b", "vegan"),
            (r"\bvegetarian\b", "vegetarian"),
            (r"\bpescatarian\b", "pescatarian"),
            (r"\bomnivore\b|\beats meat\b", "omnivore"),
            (r"\bcarnivore\b", "carnivore"),
            (r"\bketo\b", "keto"),
            (r"\bpaleo\b", "paleo"),
        ),
        description="what the user eats: vegan, vegetarian, pescatarian, omnivore, keto, paleo",
    )
    add(
        "children",
        "personal",
        r"^(?:User )?(?:now )?(?:has|(?:is )?(?:an? )?(?:parent|mother|father|mom|mum|dad) of) "
        r"(?:\d|one|two|three|four|five|six|seven|eight) "
        r"(?!(?:foster|step|fur|furry|school|grand|god|exchange|host)[ -]?)(?:[\w-]+ )?"
        r"(?:kids?|child|children)"
        r"(?= aged \d| now\b| after\b|,|\W*$)",
        _first(
            r"\b(?:has|of) (\d|one|two|three|four|five|six|seven|eight)\b",
            lambda m: _COUNTS.get(m[1].lower(), m[1]),
        ),
        description="how many children the user has",
    )
    add(
        "native_language",
        "personal",
        rf"(?<!non-)(?<!non )(?<!near-)(?<!near )(?<!almost )\b(?:native|first|mother)\s+"
        rf"(?:language|tongue)\b(?!\s+(?:at|in|for)\s)(?!.*\bnot\b).*\b(?:{_LANGUAGE_RE})\b"
        rf"|(?<!non-)(?<!non )(?<!near-)(?<!near )(?<!almost )\bnative\s+(?:{_LANGUAGE_RE})\s+"
        rf"speaker\b",
        _first(rf"\b({_LANGUAGE_RE})\b", lambda m: m[1].capitalize()),
        description="the language the user grew up speaking",
    )


#: Kinds of favourite said of one thing: "favourite cuisine is Thai" and "favourite food:
#: Thai" are one fact; with two values, both hold (a favourite dish and a cuisine).
_FAVOURITE_KIN: Final = (
    frozenset({"favourite_food", "favourite_dish", "favourite_cuisine"}),
    frozenset({"favourite_band", "favourite_singer", "favourite_artist", "favourite_musician"}),
    frozenset({"favourite_book", "favourite_author"}),
)
_FAVOURITE_LEAD_RE: Final = re.compile(
    r"^(?:(?:now|still|currently|definitely|probably|clearly|easily|no longer|not|the)\s+)+",
    re.IGNORECASE,
)
_FAVOURITE_DEGREE: Final = r"(?:all-time |absolute |current |very |personal |own )?"
_FAVOURITE_WHEN: Final = (
    r"(?:\s+(?:these days|nowadays|now|right now|at the moment|currently|ever))?"
)


def _favourite_reader(nouns: str) -> ValueReader:
    """The value of "User's favourite <noun> is X" or "X is User's favourite <noun>",
    without what follows it or a kind word repeated ("Thai food" is "Thai")."""
    after = re.compile(
        rf"\bfavou?rite {_FAVOURITE_DEGREE}(?:{nouns}){_FAVOURITE_WHEN}\s*(?:is|:|=|has become|became|"
        rf"has always been|remains|has to be|would be)\s+(?P<v>.+)$",
        re.IGNORECASE,
    )
    before = re.compile(
        rf"^(?:User (?:says |thinks )?)?(?P<v>.+?)\s+(?:is|remains|has always been|has become|"
        rf"became)\s+(?:still |now |definitely )?(?:User's|the user's|their)\s+"
        rf"{_FAVOURITE_DEGREE}favou?rite (?:{nouns})\W*$",
        re.IGNORECASE,
    )
    kind = re.compile(rf"\s+(?:{nouns}|food|music|films|movies|cuisine)$", re.IGNORECASE)

    def read(text: str) -> str | None:
        match = after.search(text) or before.search(text)
        if match is None:
            return None
        value = favourite_value(_FAVOURITE_LEAD_RE.sub("", match["v"].strip()))
        value = kind.sub("", value).strip(" .!\"'") if value else ""
        return value if 0 < len(value) <= 60 else None

    return read


def _favourite_topics(add: Callable[..., Topic]) -> None:
    """One topic per kind of favourite: ``favourite_food``, ``favourite_band`` ... (one
    value at a time: a new favourite food supersedes the old)."""
    for key, nouns in FAVOURITE_KINDS.items():
        add(
            f"favourite_{key}",
            "preference",
            rf"(?:^|^User's |^the user's |^their |\s(?:User's|the user's|their)\s+)"
            rf"{_FAVOURITE_DEGREE}favou?rite (?:{nouns}){_FAVOURITE_WHEN}(?:\s*(?:is|:|=|has|became|remains|"
            rf"would)\b|\s*:|\W*$)",
            _favourite_reader(nouns),
            description=f"the user's favourite {key.replace('_', ' ')}",
            gate="favo",
        )


def _commute_topic(add: Callable[..., Topic]) -> None:
    """The built-in personal topic: commute (how the user gets to work)."""
    add(
        "commute",
        "personal",
        r"^(?:User )?(?:now |mostly |usually )*(?:drives|cycles|bikes|walks|rides|takes the (?:train|"
        r"bus|tube|subway|metro|tram|ferry)|"
        r"commutes)\b.*\b(?:to work|to the office|to campus|everywhere|by (?:car|bike|bicycle|"
        r"train|bus|tube|subway|metro|tram|ferry))\b|^(?:User )?commutes\b",
        _choices(
            (r"\bby (?:e-?bike|electric bike)\b|\be-?bikes\b", "e-bike"),
            (r"\bby (?:e-?scooter|scooter|kick ?scooter)\b", "scooter"),
            (r"\bdrives\b|\bby car\b", "car"),
            (r"\bcycles\b|\bbikes\b|\bby (?:bike|bicycle)\b", "bicycle"),
            (r"\bwalks\b|\bon foot\b", "foot"),
            (r"\btrain\b|\btube\b|\bsubway\b|\bmetro\b|\btram\b|\brail\b", "train"),
            (r"\bbus\b", "bus"),
        ),
        description="how the user gets to work: car, bicycle, e-bike, scooter, foot, train, bus",
    )


def _keyboard_topic(add: Callable[..., Topic]) -> None:
    """The built-in preference topics: keyboard_layout."""
    add(
        "keyboard_layout",
        "preference",
        r"\b(?:dvorak|colemak|qwerty|azerty|qwertz|workman)\b",
        _first(r"\b(dvorak|colemak|qwerty|azerty|qwertz|workman)\b", lambda m: m[1].capitalize()),
    )


def _money_topics(add: Callable[..., Topic]) -> None:
    """The built-in personal topics of money: salary, rent."""
    add(
        "salary",
        "personal",
        r"^(?!.*\b(?:from|side|rental|freelanc\w*|tutoring|selling|driving|hour|hourly|week|weekly|"
        r"month|monthly|stock|options|bonus|tips|youtube|extra|per\s+project|contract\w*)\b)"
        r"(?:User(?:'s)? )?(?:salary is|earns|makes|is paid|gets paid|income is)\s+(?:about |around )?"
        r"(?:[$\u00a3\u20ac]\s?\d[\d,.]*\s?k?\b|\d[\d,.]*\s?k\b|\d[\d,.]*\s+(?:a|per)\s+(?:year|annum))",
        _first(r"[$\u00a3\u20ac]?\s?(\d[\d,.]*)\s?(k?)\b", _amount),
        description="what the user earns",
    )
    add(
        "rent",
        "personal",
        r"^(?!.*\bfor\b)(?:User(?:'s)? )?(?:rent is|pays [$\u00a3\u20ac]?\s?\d[\d,.]*\s?k?\s*(?:a month |per month |"
        r"monthly )?(?:in )?rent\b|pays (?:a )?rent of)",
        _first(r"[$\u00a3\u20ac]?\s?(\d[\d,.]*)\s?(k?)\b", _amount),
        description="the user's rent",
    )


def _experience_topic(add: Callable[..., Topic]) -> None:
    """The built-in personal topics: experience."""
    add(
        "experience",
        "personal",
        r"^(?!.*\bbeen (?:sober|clean|married|together|single|divorced|vegan|vegetarian|"
        r"pescatarian|keto|paleo|teetotal)\b)(?!.*\byears? old\b).*?"  # ("sober for 3 years",
        # "34 years old": no career)
        r"(?:\byears? of (?:experience|coding|programming)\b|\bcoding for \d+|\b\d+\+? years\b)",
        _first(r"(\d+)\+?\s*years?", lambda m: f"{m[1]} years"),
    )


def _code_style_topics(add: Callable[..., Topic]) -> None:
    """The built-in coding style topics: indentation, quote_style, semicolons,
    trailing_commas, naming_convention, line_length, type_hints, comments."""
    add(
        "indentation",
        "coding_style",
        r"\bindent\w*|(?<!browser )\btabs?\b(?!\s+open\b)|\b\d[\s-]*spaces?\b|\b(?:two|four|eight)[\s-]spaces?\b"
        r"|\bspaces\s+(?:over|not|instead|rather|>|vs)|\bspaces\b",
        _indent_value,
    )
    add(
        "quote_style",
        "coding_style",
        r"\bquotes?\b|\bquotation marks\b",
        _choices(
            (r"\bsingle\b", "single"), (r"\bdouble\b", "double"), (r"\bbacktick", "backticks")
        ),
    )
    add("semicolons", "coding_style", r"\bsemi-?colons?\b")
    add("trailing_commas", "coding_style", r"\btrailing commas?\b")
    add(
        "naming_convention",
        "coding_style",
        r"camel ?case|snake[_ ]?case|pascal ?case|kebab[- ]?case|screaming[_ ]snake",
        _choices(
            (r"camel ?case", "camelCase"),
            (r"screaming[_ ]snake", "SCREAMING_SNAKE_CASE"),
            (r"snake[_ ]?case", "snake_case"),
            (r"pascal ?case", "PascalCase"),
            (r"kebab[- ]?case", "kebab-case"),
        ),
    )
    add(
        "line_length",
        "coding_style",
        r"\b\d{2,3}[\s-]*(?:char\w*|columns?|cols)\b|\bline (?:length|width|limit)\b"
        r"|\blines? (?:under|below|at most|max|up to|of|capped at)\s+\d{2,3}\b",
        _first(r"\b(\d{2,3})\b", lambda m: m[1]),
    )
    add(
        "type_hints",
        "coding_style",
        r"\btype[- ](?:hints?|annotations?|annotated)\b|\btyped\b|\b(?:explicit|strict|static|strong) typ\w*\b",
    )
    add("comments", "coding_style", r"\b(?:code )?comments\b|\bdocstrings?\b|\bJSDoc\b")


def _comment_and_sql_topics(add: Callable[..., Topic]) -> None:
    """Code style topics read before the others: the language of code comments (before
    "comments": "comments in English" / "comments in German" are two values) and the case
    of SQL keywords (before the technology SQL)."""
    add(
        "comment_language",
        "coding_style",
        rf"\b(?:code\s+)?comments\b.*\bin\s+(?:{_LANGUAGE_RE})\b"
        rf"|\b(?:{_LANGUAGE_RE})\s+(?:for\s+(?:the\s+)?)?(?:code\s+)?comments\b",
        _choices_first(
            rf"\bcomments\b.*?\bin\s+({_LANGUAGE_RE})\b",
            rf"\b({_LANGUAGE_RE})\s+(?:for\s+(?:the\s+)?)?(?:code\s+)?comments\b",
        ),
        description="the language of code comments",
    )
    add(  # "SQL in lowercase" / "uppercase SQL keywords"
        "sql_case",
        "coding_style",
        r"\b(?:upper|lower)[- ]?case\b.*\b(?:SQL|keywords?)\b|\b(?:SQL|keywords?)\b.*"
        r"\b(?:(?:upper|lower)[- ]?case|capital(?:s| letters)|all caps|small letters)\b",
        _choices(
            (r"\bupper[- ]?case\b|\bcapital(?:s| letters)\b|\ball caps\b", "uppercase"),
            (r"\blower[- ]?case\b|\bsmall letters\b", "lowercase"),
        ),
        description="the case of SQL keywords",
    )


def _theme_topic(add: Callable[..., Topic]) -> None:
    """The built-in preference topics: theme."""
    add(
        "theme",
        "preference",
        r"\b(?:dark|light)\s*(?:mode|theme|themes|colou?r schemes?|background)\b",
        _choices((r"\bdark\b", "dark"), (r"\blight\b", "light")),
    )


#: What says how long answers should be ("keep answers short", "concise", "TL;DR
#: answers"; not "short stories", not a TL;DR at the top: that is a summary first).
_ANSWER_LENGTH_TRIGGER: Final = (
    rf"\b(?:concise\w*|short|shorter|brief\w*|terse|succinct\w*|to the point|"
    rf"detailed|long|longer|thorough\w*|in-depth|in depth|verbose|lengthy|exhaustive|"
    rf"tl;?dr(?!\s+(?:at the (?:top|start)|first|up front))|one-liners?)\b.*"
    rf"\b(?:{_ANSWER_WORDS}|it|them|things)\b"
    rf"|\b(?:{_ANSWER_WORDS}|keep (?:it|things|them))\b.*\b(?:concise\w*|short|brief\w*|"
    rf"terse|succinct\w*|to the point|detailed|long|thorough\w*|in-depth|verbose|"
    rf"lengthy)\b{_NOT_BEFORE_A_NOUN}"
    r"|\b(?:concise|concisely|brief|briefly|tersely|succinctly|verbose|wordy)\b"
    r"|\b(?:medium|moderate)[- ]length\b"
)


def _answer_topics(add: Callable[..., Topic]) -> None:
    """The built-in communication topics: answer_language, spelling, answer_length, tone."""
    add(
        "answer_language",
        "communication",
        rf"\b(?:{_ANSWER_WORDS}|answer|language)\b.*\bin\s+(?:{_LANGUAGE_RE})\b"
        rf"|\bin\s+(?:{_LANGUAGE_RE})\b.*\b(?:{_ANSWER_WORDS})\b",
        _first(rf"\bin\s+({_LANGUAGE_RE})\b", lambda m: m[1].capitalize()),
    )
    add(
        "spelling",
        "communication",
        r"\b(?:American|British|US|UK|Canadian|Australian|Oxford)\s+(?:English\s+)?spelling\b"
        r"|\bspelling\b",
        _choices(
            (r"\b(?:American|US)\b", "American"),
            (r"\b(?:British|UK|Oxford)\b", "British"),
            (r"\bCanadian\b", "Canadian"),
            (r"\bAustralian\b", "Australian"),
        ),
    )
    add(
        "answer_length",
        "communication",
        _ANSWER_LENGTH_TRIGGER,
        _choices(
            (r"\b(?:medium|moderate)[- ]length\b", "medium"),
            (
                r"\b(?:concise\w*|short|shorter|brief\w*|terse\w*|succinct\w*|to the point|"
                r"tl;?dr|one-liners?)\b",
                "concise",
            ),
            (
                r"\b(?:detailed|long|longer|thorough\w*|in-depth|in depth|verbose|wordy|"
                r"lengthy|exhaustive)\b",
                "detailed",
            ),
        ),
    )
    add(
        "tone",
        "communication",
        r"\b(?:formal|informal|casual|friendly|professional|blunt|direct)\b.*\b(?:tone|answers?|"
        r"responses?|style|language)\b|\btone\b"
        r"|\b(?:talks?|answers?|writes?|speaks?|replies|reply|respond\w*)\s+(?:to\s+(?:them|the user)\s+)?"
        r"(?:formally|informally|casually)\b"
        r"|\bbe\s+(?:more\s+|less\s+)?(?:formal|informal|casual|friendly|blunt|direct)\s+with\b",
        _choices(
            (r"\bless\s+(?:formal|professional)\b", "casual"),  # (before the word it lessens)
            (r"\bless\s+(?:informal|casual)\b", "formal"),
            (r"\binformal|casual|friendly\b", "casual"),  # (also "informally", "casually")
            (r"\bformal|professional\b", "formal"),
            (r"\bblunt|direct\b", "direct"),
        ),
    )


def _answer_format_topics(add: Callable[..., Topic]) -> None:
    """The built-in communication topics: emojis, apologies, small_talk, diagrams,
    bullet_points, code_examples."""
    add("emojis", "communication", r"\bemojis?\b|\bemoticons?\b|\bemoji\b")
    add("apologies", "communication", r"\bapologi[sz]\w*|\bsaying sorry\b")
    add("small_talk", "communication", r"\bsmall talk\b|\bpleasantries\b|\bpreamble\b|\bfluff\b")
    add("diagrams", "communication", r"\bdiagrams?\b")
    add("bullet_points", "communication", r"\bbullet(?:ed)? (?:points?|lists?)\b|\bbullets\b")
    add("code_examples", "communication", r"\b(?:code )?(?:examples?|samples?|snippets?)\b")


def _workflow_topics(add: Callable[..., Topic]) -> None:
    """The built-in workflow topics: commit_style, merge_strategy, branching, tdd, repo_layout."""
    add(
        "commit_style",
        "workflow",
        r"\bconventional commits\b|\bcommit messages?\b|\bgitmoji\b",
        _choices(
            (r"\bconventional commits\b", "Conventional Commits"),
            (r"\bgitmoji\b", "gitmoji"),
            (r"\bimperative\b", "imperative mood"),
            (r"\b(?:short|one-line|single-line)\b", "short"),
            (r"\bfree[- ]?(?:form|text)\b|\bunstructured\b", "free-form"),
        ),
    )
    add(
        "merge_strategy",
        "workflow",
        r"\brebas\w*\b|\bsquash\w*\b|\bmerge commits?\b",
        _choices((r"\brebas", "rebase"), (r"\bsquash", "squash"), (r"\bmerge commits?\b", "merge")),
    )
    add(
        "branching",
        "workflow",
        r"\btrunk[- ]based\b|\bgit ?flow\b|\bfeature branch\w*\b|\b(?:straight |directly )?to trunk\b",
        _choices(
            (r"\btrunk\b", "trunk-based"),
            (r"\bgit ?flow\b", "gitflow"),
            (r"\bfeature branch\w*\b", "feature branches"),
        ),
    )
    add("tdd", "workflow", r"\bTDD\b|\btest[- ]driven\b|\btests? first\b|\bwrites? tests before\b")
    add(
        "repo_layout",
        "workflow",
        r"\bmono-?repos?\b|\bpoly-?repos?\b|\bmulti-?repos?\b|\bsingle (?:repo|repository)\b",
        _choices(
            (r"\bmono-?repos?\b|\bsingle (?:repo|repository)\b", "monorepo"),
            (r"\bpoly-?repos?\b|\bmulti-?repos?\b", "polyrepo"),
        ),
    )


def _explanation_topics(add: Callable[..., Topic]) -> None:
    """The built-in communication topics: citations, summary_first, explanation_level."""
    add(
        "citations",
        "communication",
        r"\bcit(?:e|es|ed|ing|ations?)\b|(?<!\bopen[ -])\bsources?\b(?![ -]code)"
        r"|\blinks? to (?:the )?(?:official )?doc\w*\b"
        r"|\breferences\b",
    )
    add(
        "summary_first",
        "communication",
        r"\btl;?dr\b|\bone-line summary\b|\bsummary (?:at the top|first)\b|\bopen with a summary\b"
        r"|\bbottom line (?:up front|first)\b",
    )
    add(
        "explanation_level",
        "communication",
        r"\beli5\b|\bas if (?:they were|i were|i'm|i am) (?:five|5|a child|new)\b|\blike (?:i'm|i am)"
        r" (?:five|5|new)\b|\bbeginner[- ]friendly\b|\bexpert[- ]level\b|\bassume expertise\b",
        _choices(
            (r"\beli5\b|\bfive\b|\b5\b|\bchild\b|\bnew\b|\bbeginner", "beginner"),
            (r"\bexpert|\bexpertise\b", "expert"),
        ),
    )


def _role_topic(add: Callable[..., Topic]) -> None:
    """The built-in personal topics: role."""
    held = _first(
        rf"(?:\ban?|\bto|\bnow(?!\s+(?:is|works)\b)(?:\s+an?)?)\s+((?:[\w+#./-]+\s+){{0,4}}?(?:{ROLE_NOUNS}))\b",
        lambda m: _ROLE_WORDS.get(m[1].lower(), m[1].lower()),
    )
    add(
        "role",
        "personal",
        r"\b(?:is|works as|working as|promoted to|became|is now)\s+(?!(?:an?\s+)?(?:former\b|ex-))(?:an?\s+)?"
        rf"(?:[\w+#./-]+\s+){{0,4}}?(?:{ROLE_NOUNS})s?\b"
        # retired, no role named: the role held before is over ("User is retired")
        r"|^User (?:is|has) (?:now |recently |just |fully )?retired\W*$",
        lambda text: held(text) or ("retired" if "retired" in text.lower() else None),
    )


def _builtins() -> None:
    """Register the built-in topics, in this order (the order of matching)."""
    _identity_topics(register_topic)
    _relationship_topic(register_topic)
    _life_topics(register_topic)
    _money_topics(register_topic)
    _favourite_topics(register_topic)
    _commute_topic(register_topic)
    _study_topics(register_topic)
    _workplace_topic(register_topic)
    _work_pattern_topics(register_topic)
    _device_topics(register_topic)
    _unit_topics(register_topic)
    _keyboard_topic(register_topic)
    _experience_topic(register_topic)
    _comment_and_sql_topics(register_topic)
    _code_style_topics(register_topic)
    _theme_topic(register_topic)
    _answer_topics(register_topic)
    _answer_format_topics(register_topic)
    _workflow_topics(register_topic)
    _explanation_topics(register_topic)
    _role_topic(register_topic)


_builtins()

# -- polarity ------------------------------------------------------------------------

_COMPARATIVE_TAIL_RE: Final = re.compile(
    r"(?:,\s*not\s+|\s+(?:over|instead of|rather than|more than|than|vs\.?|versus|>)\s+|\s*>\s*)"
    r"(?!(?:\d+\s*)?(?:ms|lines?|chars?|characters|seconds)\b).*$",
    re.IGNORECASE,
)
_NEGATIVE_RE: Final = re.compile(
    r"\b(?:not|never|no longer|no|without|dislikes?|hates?|avoids?|avoiding|stopped|quit|"
    r"gave up|detests?|loathes?|can't stand|cannot stand|anymore|against|none|nothing|"
    r"skip|skips|skipping|drop|drops|dropped|ditched|abandoned|moved away from|switched away from|"
    r"given up|giving up|lost interest|no-go|sworn off|swore off|turned off|cancell?ed|"
    r"(?:turned|turns|switched|switches)\s+(?:\w+\s+){1,3}off(?=\s*(?:$|[,.;!]|\s+(?:in|for|"
    r"now|again|completely|everywhere)\b))|"
    r"unsubscribed|uninstalled|deleted|disabled|deactivated|opted out|moved off|"
    r"(?<!the )left(?![- ](?:side|hand|handed)\b)|"
    r"omit|omits|omitting|leaves out|left out|refrains? from|steers? clear of|rejects?|"
    r"(?:leave|leaves|keep|keeps)\s+(?:\w+\s+){1,3}out\s+of|unwilling|uninterested|"
    r"unsweetened|"
    r"not a fan|isn't a fan|is not a fan|doesn't|does not|don't|do not|won't|cannot|"
    r"can't|refuses?|allergic to|tired of|sick of|done with|over it|"
    rf"(?:is|are|was|were|did|has|have|should|need|must)n't|{ENDED_WORDS})\b"
    r"|\b(?:emojis?|emoji|jargon|markdown|fluff|filler|ads?|sugar|caffeine|gluten|dairy|meat|"
    r"alcohol|smoke|nut|jargon)-free\b",  # ("keep responses emoji-free")
    re.IGNORECASE,
)
_SWITCH_RE: Final = re.compile(
    r"\b(?:switched|moved|migrated|changed|went|converted|ported)\s+(?:\w+\s+){0,3}?from\s+"
    r"(?P<old>.+?)\s+(?:to|over to|onto)\s+(?P<new>.+)$|"
    r"\b(?:now\s+)?(?:uses?|prefers?|is on|runs)\s+(?P<new2>.+?)\s+instead of\s+(?P<old2>.+)$|"
    r"\b(?:replaced|swapped)\s+(?P<old3>.+?)\s+(?:with|for)\s+(?P<new3>.+)$|"
    r"\b(?:left|retired|dropped|abandoned|ditched|ripped out|gave up)\s+(?P<old4>.+?)\s+"
    r"(?:for|in favou?r of|and (?:now )?uses?|and moved to|and switched to)\s+(?P<new4>.+)$",
    re.IGNORECASE,
)
_LIKE_RE: Final = re.compile(
    r"\b(?:like|likes|love|loves|enjoy|enjoys|fan|dislike|dislikes|hate|hates|adore|adores|"
    r"detest|detests|loathe|loathes|can't stand|cannot stand|favou?rite|into|annoy\w*|"
    r"enjoys working with|swears by|tired of|sick of)\b",
    re.IGNORECASE,
)
_PREFER_RE: Final = re.compile(r"\b(?:prefer\w*|rather|favou?r\w*|pick\w*|choos\w*|go-to)\b", re.I)
_SLOT_RE: Final = re.compile(
    r"\b(?:primary|main|favou?rite|go-to|preferred|default|daily|first)\s+(?:programming\s+)?"
    r"(?:language|lang)\b|\blanguage of choice\b"
    r"|\b(?:mainly|mostly|primarily|chiefly)\s+(?:writes|codes in|programs in)\b",
    re.IGNORECASE,
)


def polarity(text: str) -> Polarity:
    """Whether a fact says the user does not, no longer, or avoids ("negative"), or not,
    read off its words (a comparison's tail left out: "prefers tabs over no indentation")."""
    head = _COMPARATIVE_TAIL_RE.sub("", text)
    gone = any(  # "jQuery-free", "semicolon-free" (not "hands-free", "tax-free")
        lookup_technology(name) or not _FREE_IDIOM_RE.fullmatch(name)
        for name in _FREE_OF_RE.findall(head)
    )
    ended = (
        gone
        or _NEGATIVE_RE.search(head)
        or _FORMER_RE.search(head)  # ("Ex-Emacs user")
        or _USED_TO_RE.search(head)  # ("Used to work with Kubernetes"; not a partner's)
    )
    return "negative" if ended else "positive"


_FREE_OF_RE: Final = re.compile(r"([\w.+#]+)-free\b")
#: "<x>-free" that is a way of doing, no end of x ("hands-free", "tax-free", "stress-free").
_FREE_IDIOM_RE: Final = re.compile(
    r"hands|tax|toll|duty|rent|hassle|stress|worry|trouble|care|scot|fancy|cruelty|lock|"
    r"wait|fuss|pain|risk|error|bug|crash|clutter|distraction|interest|fee|cost|charge|"
    r"royalty|licen[cs]e|commission|debt|mortgage|frost|fragrance|scent|bpa|latex|"
    r"plastic|paper|cash|ad|ads|spam",
    re.IGNORECASE,
)
_FORMER_RE: Final = re.compile(FORMER_START, re.IGNORECASE)
_USED_TO_RE: Final = re.compile(r"^\s*(?:(?:the\s+)?user\s+)?used\s+to\b", re.IGNORECASE)


_polarity = polarity  # (the name inside this module, where frames keep a local `polarity`)


_SCOPE_CUE_RE: Final = re.compile(
    r"\b(?:in|for|with|on|inside|within|using|via|at|into|of)\s+(?:the\s+|a\s+|an\s+|my\s+|"
    r"their\s+|all\s+)?(?:[\w.+#-]+\s+)?$",
    re.IGNORECASE,
)


def _scoped(text: str, mentions: list[Mention]) -> set[str]:
    """Technologies that limit a fact: named after "in", "for", "with" ... ("in Python")."""
    return {m.name for m in mentions if _SCOPE_CUE_RE.search(text[max(0, m.start - 30) : m.start])}


def _version(text: str, mention: Mention) -> str:
    """The version a fact gives its technology: right after the name ("Python 3.12"),
    after "version is" ("CUDA version is 12.1"), or after a later mention of the same
    name ("minimum iOS target is iOS 16")."""
    after = VERSION_AFTER_RE.match(text, mention.end)
    if after and not after[1].isalpha():  # a number, not "nightly" or "LTS"
        return after[1].lstrip("vV")
    for later in find_technology_mentions(text[mention.end :]):
        if later.name == mention.name:
            again = re.match(r"\s*v?(\d+(?:\.\d+){0,2})\b", text[mention.end + later.end :])
            if again:
                return again[1]
    return ""


_CONTEXTS: Final = tuple(
    (re.compile(p, re.IGNORECASE), name)
    for p, name in (
        (
            r"\b(?:at work|for work|at (?:my |the |their |his |her )?(?:job|day job|office|company)|"
            r"professionally|on the job|(?:in|for) (?:my |their |his |her )?(?:day )?job|day job|"
            r"work (?:laptop|machine|computer|pc))\b",
            "@work",
        ),
        (
            r"\b(?:at home|for fun|for (?:side|personal|hobby|pet) projects?|in (?:side|personal|"
            r"hobby|pet) projects?|on weekends|in (?:my )?spare time|privately)\b",
            "@personal",
        ),
        (r"\b(?:in production|in prod|on prod)\b", "@production"),
        (
            r"\b(?:locally|(?:for )?local (?:development|dev)(?: env(?:ironment)?| setup)?|"
            r"on (?:my |their )?laptop)\b",
            "@local",
        ),
    )
)


#: A machine the user names ("my home server", "work laptop"), which limits a tool of an
#: exclusive group (an operating system, an editor, a shell) to it; ``n`` is the machine.
DEVICE_RE: Final = re.compile(
    r"\b(?P<d>(?:(?:home|work|personal|gaming|dev|build|old|new)\s+)?"
    r"(?P<n>servers?|homelab|home\s+lab|nas|vps|raspberry\s+pi|vm|desktop|workstation|pc|laptop))\b",
    re.IGNORECASE,
)
#: The context of each machine; the others (servers, home labs, NAS, VPS, Pis, VMs) "@server".
_DEVICE_CONTEXT: Final = {
    "laptop": "@local",
    "desktop": "@desktop",
    "workstation": "@desktop",
    "pc": "@desktop",
}


def _device_contexts(text: str) -> set[str]:
    """The contexts of the machines ``text`` names: "@server", "@desktop", "@local"."""
    return {_DEVICE_CONTEXT.get(m["n"].lower(), "@server") for m in DEVICE_RE.finditer(text)}


def _word_within(name: str, value: str) -> bool:
    """``name`` is a word (or words) of ``value``, case aside."""
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", value, re.IGNORECASE) is not None


def _scope_of(names: set[str], value: str, text: str = "") -> tuple[str, ...]:
    """The technologies besides the value (not a part of it: "Android" of an "Android
    phone"), and the contexts ("at work", "for fun") a fact is limited to."""
    contexts = {name for pattern, name in _CONTEXTS if text and pattern.search(text)}
    kept = {n for n in names if n != value and not _word_within(n, value)}
    return tuple(sorted(kept | contexts, key=str.casefold))


_BINDINGS_RE: Final = re.compile(
    r"[\s-]+(?:key\s*bindings?|keybinds?|bindings|keys|mode|emulation|motions|keymaps?|layer)\b",
    re.IGNORECASE,
)


#: Right before a name that is a person's or a pet's, not a technology ("manager's
#: surname is Jenkins", "a cat named Ruby").
_PERSON_NAME_BEFORE_RE: Final = re.compile(
    r"\b(?:(?:sur|first |last |nick)?name\s+is|(?:cat|dog|pet|parrot|snake|fish|horse|son|"
    r"daughter|kid|child|baby|wife|husband|partner|manager|boss|friend|brother|sister|"
    r"colleague|coworker|co-worker|cofounder|co-founder|neighbou?r)s?\s+(?:is\s+)?(?:named|called))"
    r"\s+$",
    re.IGNORECASE,
)


def _tech_frames(text: str, polarity: Polarity) -> list[Frame]:
    mentions = [
        m
        for m in find_technology_mentions(text)
        if not _PERSON_NAME_BEFORE_RE.search(text[max(0, m.start - 30) : m.start])
    ]
    if not mentions:
        return []
    names = list(dict.fromkeys(m.name for m in mentions))
    comparative = _COMPARATIVE_TAIL_RE.search(text)
    head = mentions
    if comparative:
        head = [m for m in mentions if m.start < comparative.start()] or mentions
    scoped = _scoped(text, mentions)
    unscoped = [m for m in head if m.name not in scoped] or head
    first_mention = unscoped[0]
    first = first_mention.name
    scope = _scope_of(scoped, first, text)
    version = _version(text, first_mention)
    segments = _segments(text)
    if len(segments) > 1:  # "moved to TypeScript and no longer writes JavaScript"
        polarity = _segment_polarity(text, segments, first_mention, polarity)
    frames: list[Frame] = []
    group = _TECH_GROUPS.get(first.casefold())
    if group is not None and _BINDINGS_RE.match(text, first_mention.end):
        group = None  # "Vim keybindings": the keys of an editor, not the editor
    if _SLOT_RE.search(text) and group is None:
        frames.append(Frame("primary_language", first, polarity, scope, version))
    elif group is not None:  # (a tool of a group on one machine: "Debian on the home server")
        scope = tuple(sorted({*scope, *_device_contexts(text)}, key=str.casefold))
        frames.append(Frame(group[0], first, polarity, scope, version))
    elif comparative and len(names) >= 2:
        head_names = {m.name for m in head}
        other = next((n for n in names if n not in head_names), None)
        if other is not None:
            pair = "|".join(sorted((first, other), key=str.casefold))
            frames.append(Frame(f"choice:{pair}", first, polarity, scope, version))
    if not frames:
        kind = (
            "likes"
            if _LIKE_RE.search(text)
            and not re.search(r"\b(?:uses?|using|works? with|builds?|writes?|runs?)\b", text, re.I)
            else "uses"
        )
        frames.append(Frame(f"{kind}:{first}", first, polarity, scope, version))
    for mention in unscoped[1:]:
        name = mention.name
        if any(f.value == name for f in frames):
            continue
        group = _TECH_GROUPS.get(name.casefold())
        topic = group[0] if group else f"uses:{name}"
        own = (
            _segment_polarity(text, segments, mention, polarity) if len(segments) > 1 else polarity
        )
        frames.append(Frame(topic, name, own, scope, _version(text, mention)))
    return frames


_SEGMENT_RE: Final = re.compile(r"\s+(?:and|but|while|whereas)\s+|\s*[;,]\s*(?:and\s+|but\s+)?")


def _segments(text: str) -> list[tuple[int, int]]:
    """(start, end) of the clauses of a fact joined by "and", "but", commas."""
    out, pos = [], 0
    for match in _SEGMENT_RE.finditer(text):
        out.append((pos, match.start()))
        pos = match.end()
    out.append((pos, len(text)))
    return out


def _segment_polarity(
    text: str, segments: list[tuple[int, int]], mention: Mention, default: Polarity
) -> Polarity:
    """The polarity of the clause a technology is named in."""
    for start, end in segments:
        if start <= mention.start < end:
            return _polarity(text[start:end])
    return default


@lru_cache(maxsize=8192)
def frames_of(text: str) -> tuple[Frame, ...]:
    clean = re.sub(
        r"^(?:correction|update|note|edit)\s*:\s*", "", text.strip(), flags=re.IGNORECASE
    )
    plain = tidy_fact(clean)
    slot = _slot_frame(plain, _polarity(plain)) if plain.startswith("User's") else None
    if slot is not None:  # "User's CI runs on Jenkins": the slot the text names
        return (slot,)
    clean = canonical_fact(clean)
    switch = _SWITCH_RE.search(clean)
    if switch:
        old = switch["old"] or switch["old2"] or switch["old3"] or switch["old4"]
        new = switch["new"] or switch["new2"] or switch["new3"] or switch["new4"]
        new_frames = _frames_plain(f"User uses {new}", "positive")
        old_frames = _frames_plain(f"User uses {old}", "positive")
        if new_frames:
            out = list(new_frames)
            for frame in old_frames:
                if frame not in out:
                    out.append(Frame(frame.topic, frame.value, "negative"))
            return tuple(out)
    return _deeds_ended(clean, tuple(_frames_plain(clean, _polarity(clean))))


#: A deed that ends what it is done to, done by the user (the fact starts with it), and
#: the thing done to, up to where it says more ("Wiped *Ubuntu* from the home server",
#: "Phased out *jQuery* entirely"; not "Removed *a node* from the Kubernetes cluster",
#: "Phased out *the old React class components*").
_DEED_RE: Final = re.compile(
    rf"^(?:User\s+)?(?:{DEED_VERBS})\s+(?:the\s+|their\s+|his\s+|her\s+|my\s+|our\s+)?"
    r"(?P<thing>[^,;.()]+?)(?=\s+(?:from|off|over|to|down|lapse|for\s+good|entirely|completely|"
    r"altogether|now|last|this|in|on|at|after|because|since|and|but)\b|[,;.()]|$)",
    re.IGNORECASE,
)


def _deeds_ended(text: str, frames: tuple[Frame, ...]) -> tuple[Frame, ...]:
    """``frames`` with those whose value the user's deed ended ("Phased out jQuery",
    "Removed ESLint from all projects") made negative: the value is the thing done to."""
    deed = _DEED_RE.match(text)
    if deed is None or not frames:
        return frames
    thing = deed["thing"].casefold()
    return tuple(
        Frame(f.topic, f.value, "negative", f.scope, f.version)
        if any(thing == name or thing.endswith(" " + name) for name in _names(f.value))
        else f
        for f in frames
    )


def _names(value: str) -> list[str]:
    """The lower-case names a value is said by (its own, a technology's aliases)."""
    found = lookup_technology(value)
    return [value.casefold(), *(a.casefold() for a in (found.aliases if found else ()))]


_SLOT_NOUNS: Final[dict[str, str]] = {
    "shell": "shell",
    "terminal": "terminal",
    "terminal emulator": "terminal",
    "editor": "editor",
    "ide": "editor",
    "code editor": "editor",
    "text editor": "editor",
    "os": "operating_system",
    "operating system": "operating_system",
    "distro": "operating_system",
    "database": "database",
    "db": "database",
    "main database": "database",
    "ci": "ci",
    "ci/cd": "ci",
    "ci provider": "ci",
    "cloud": "cloud",
    "cloud provider": "cloud",
    "hosting": "hosting",
    "host": "hosting",
    "package manager": "package_manager",
    "test runner": "test_runner",
    "testing framework": "test_runner",
    "test framework": "test_runner",
    "formatter": "formatter",
    "linter": "linter",
    "bundler": "bundler",
    "build tool": "bundler",
    "orm": "orm",
    "browser": "browser",
    "runtime": "runtime",
    "framework": "framework",
    "frontend framework": "framework",
    "web framework": "framework",
    "session manager": "terminal_multiplexer",
    "multiplexer": "terminal_multiplexer",
    "terminal multiplexer": "terminal_multiplexer",
    "version control": "version_control",
    "vcs": "version_control",
    "cloud platform": "cloud",
    "container runtime": "containers",
    "bi tool": "bi_tool",
    "warehouse": "data_warehouse",
    "data warehouse": "data_warehouse",
    "dashboarding tool": "bi_tool",
    "orchestrator": "orchestrator",
    "message broker": "message_broker",
    "search engine": "search_engine",
    "error tracker": "error_tracking",
    "auth provider": "auth_provider",
    "payment provider": "payments",
    "email provider": "email_provider",
    "hosting provider": "hosting",
    "day job": "job",
    "keyboard layout": "keyboard_layout",
    "window manager": "window_manager",
    "deployment platform": "hosting",
}
_SLOT_WORDS: Final = "|".join(sorted((re.escape(k) for k in _SLOT_NOUNS), key=len, reverse=True))
_SLOT_PATTERNS: Final = tuple(
    re.compile(p, re.IGNORECASE)
    for p in (
        rf"\b(?:user'?s|their|his|her)\s+(?:(?:main|primary|preferred|default|favou?rite|go-to|"
        rf"current|daily)\s+)?(?P<slot>{_SLOT_WORDS})\b",
        rf"\bas\s+(?:the\s+|their\s+|a\s+|his\s+|her\s+)?(?:(?:main|primary|preferred|default)\s+)?"
        rf"(?P<slot>{_SLOT_WORDS})\b",
        rf"\b(?P<slot>{_SLOT_WORDS})\s+(?:of choice|is|runs on|runs|=|(?:has\s+)?(?:moved|switched|"
        rf"migrated)\s+(?:over\s+)?to)\b",
        rf"^(?:(?:main|primary|preferred|default|favou?rite|current|project|team|our|the)\s+)?"
        rf"(?P<slot>{_SLOT_WORDS})"
        rf"(?:\s+of the user)?\s*:",
    )
)
_SLOT_VERBS: Final = tuple(
    (re.compile(p, re.IGNORECASE), slot)
    for p, slot in (
        (r"\bdeploy\w*\s+(?:\w+\s+){0,3}?(?:to|on)\b", "hosting"),
        (r"\bhost\w*\s+(?:\w+\s+){0,3}?on\b", "hosting"),
        (
            r"\b(?:runs?|running|writes?|writing)\s+(?:\w+\s+)?tests?\s+(?:with|in|using)\b|\btests?\s+(?:\w+\s+){0,3}?(?:with|using)\b",
            "test_runner",
        ),
        (r"\bformat\w*\s+(?:\w+\s+){0,3}?(?:with|using)\b", "formatter"),
        (r"\blint\w*\s+(?:\w+\s+){0,3}?(?:with|using)\b", "linter"),
        (r"\bbundl\w*\s+(?:\w+\s+){0,3}?(?:with|using)\b", "bundler"),
        (
            r"\bmanag\w*\s+(?:\w+\s+){0,3}?dependenc\w*\s+(?:with|using)\b"
            r"|\bfor\s+(?:\w+\s+)?dependency management\b",
            "dependency_manager",
        ),
    )
)


#: A word before a slot that makes it another slot than the user's main one: "Test
#: database", "Cache database", "Side project database", "personal website hosting".
_QUALIFIED_SLOT_RE: Final = re.compile(
    r"\b(?:test|testing|cache|caching|side|legacy|vector|reporting|analytics|staging|dev|"
    r"client'?s?|friend'?s?|course|personal|blog|website|site|frontend|backend|old|previous|"
    r"secondary|backup|local)\s+(?:project\s+)?$",
    re.IGNORECASE,
)


#: Whose the slot is when not the user's main work: "... for the side project".
_OTHER_OWNER_RE: Final = re.compile(
    r"\bfor\s+(?:the|a|my|their|his|her)\s+(?:side\s+project|blog|personal\s+(?:site|website)|"
    r"client|friend)\b",
    re.IGNORECASE,
)


def _slot_frame(text: str, polarity: Polarity) -> Frame | None:
    """A technology in a named slot: "User's shell is zsh", "uses MySQL as their
    database", "deploys to AWS", "runs tests with Jest"."""
    slot = None
    after = 0
    for pattern in _SLOT_PATTERNS:
        match = pattern.search(text)
        if match and (
            _QUALIFIED_SLOT_RE.search(text[: match.start("slot")]) or _OTHER_OWNER_RE.search(text)
        ):
            return None  # "Test database is SQLite", "blog hosting moved to Ghost": another one
        if match:
            slot = _SLOT_NOUNS[match["slot"].lower()]
            if re.match(r"\s*(?:is|are|=|:)\s", text[match.end() :]) or re.search(
                r"(?:\bis|\bruns(?: on)?|=|:)$", match.group()
            ):
                after = match.end()  # the value after the slot ("JS package manager is bun")
            break
    if slot is None:
        for pattern, name in _SLOT_VERBS:
            verb = pattern.search(text)
            if verb:
                slot, after = name, verb.end()
                break
    if slot is None:
        return None
    mentions = find_technology_mentions(text)
    if after and any(m.start >= after for m in mentions):
        mentions = [m for m in mentions if m.start >= after] + [
            m for m in mentions if m.start < after
        ]
    elif match and after:
        mentions = []  # the slot's own qualifier is no value ("JS" of "JS package manager")
    if mentions:
        comparative = _COMPARATIVE_TAIL_RE.search(text)
        head = [m for m in mentions if not comparative or m.start < comparative.start()] or mentions
        value = head[0].name
        group = _TECH_GROUPS.get(value.casefold())
        topic = group[0] if group else slot
        scope = _scope_of(
            {m.name for m in mentions if m.name != value} - {m.name for m in head[1:2]}, value
        )
        if topic != slot and slot not in {"editor", "operating_system", "shell", "package_manager"}:
            scope = ()
        return Frame(
            topic,
            value,
            polarity,
            scope if topic in {"test_runner", "formatter", "linter"} else (),
            _version(text, head[0]),
        )
    match = re.search(
        r"\b(?:is|are|=|on|with|to|as)\s+(?:the\s+|a\s+|an\s+)?([A-Z][\w.+#-]*(?:\s+[A-Z0-9][\w.+#-]*)*)",
        text,
    ) or re.search(r"(?:\bis|:|=)\s+(?:the\s+|a\s+|an\s+)?(?P<v>[\w.+#' -]{1,40}?)\s*$", text)
    if match:
        return Frame(
            slot, match[1].strip().lower() if match[1].islower() else match[1].strip(), polarity
        )
    return None


#: Where one works, after a role: an employer's name, not a scope ("a barista at Blue
#: Bottle" names no web framework).
_AT_EMPLOYER_RE: Final = re.compile(r"\s+at\s+(?-i:[A-Z]).*$", re.IGNORECASE)


def _frames_plain(text: str, polarity: Polarity) -> list[Frame]:
    slot = _slot_frame(text, polarity)
    if slot is not None:
        return [slot]
    low = text.lower()
    for topic in TOPICS:
        if (topic.gate and topic.gate not in low) or not topic.trigger.search(text):
            continue
        value = topic.name if topic.value is None else topic.value(text)
        if topic.name == "role" and value is not None and find_technology_mentions(value):
            break  # "a Golang developer": a fact about the technology
        if topic.name == "location" and (
            value is not None
            and (find_technology_mentions(value) or value.casefold() in _TECH_GROUPS)
        ):
            continue  # "moved to TypeScript": not a place
        if value is not None:
            named = text if topic.name != "role" else _AT_EMPLOYER_RE.sub("", text)
            scope = _scope_of({m.name for m in find_technology_mentions(named)}, value, text)
            if topic.name in _LIFE_TOPICS:
                scope = ()  # ("commutes via metro": no tool named Metro)
            return [Frame(topic.name, value, polarity, scope)]
    return _tech_frames(text, polarity)


def primary_frame(text: str) -> Frame | None:
    """The fact's own frame (the first of :func:`frames_of`), or None."""
    frames = frames_of(text)
    return frames[0] if frames else None


def registered_topic(topic: str) -> bool:
    """True for the name of a documented topic (type hints, answer language ...), not a
    per-technology one ("uses:Docker") or a slot."""
    return topic in _TOPIC_NAMES


def topic_category(topic: str) -> str | None:
    """The user-profile category of a topic name, when it is a registered one."""
    for t in TOPICS:
        if t.name == topic:
            return t.category
    group = next((g for g in _TECH_GROUPS.values() if g[0] == topic), None)
    if group:
        return group[1]
    if topic.startswith(("uses:", "choice:")) or topic == "primary_language":
        return "tech_stack" if topic.startswith("uses:") else "preference"
    if topic.startswith("likes:"):
        return "preference"
    return None


#: Words of a value that say the same ("senior backend developer" / "... engineer").
_VALUE_SYNONYMS: Final[dict[str, str]] = {
    "developer": "engineer",
    "dev": "engineer",
    "programmer": "engineer",
    "coder": "engineer",
    "swe": "engineer",
    "back-end": "backend",
    "front-end": "frontend",
    "full-stack": "fullstack",
    "msft": "microsoft",
    "gmt": "utc",
    "physician": "doctor",
    "attorney": "lawyer",
    "solicitor": "lawyer",
    "schoolteacher": "teacher",
}
#: Words of a role that make another role, not a detail of the same one: a level, a
#: step up the ladder ("engineer" / "senior engineer" is a promotion).
_ROLE_LEVELS: Final = frozenset(
    _wordlist(
        "junior jr mid mid-level intermediate senior sr staff principal lead head chief "
        "distinguished associate intern trainee entry-level manager director vp cto ceo"
    )
)
#: Topics whose value may be given with more or less detail ("Toronto" / "Toronto, Canada").
_PLACE_TOPICS: Final = frozenset({"location", "timezone"})


def _value_words(value: str) -> tuple[str, ...]:
    words = re.findall(r"[\w+#.-]+", strip_accents(value).casefold())  # ("São", "Sao")
    words = [re.sub(r"^gmt(?=[+-]\d)", "utc", w) for w in words]  # ("GMT+3" / "UTC+3")
    return tuple(_VALUE_SYNONYMS.get(w.strip(".-"), w.strip(".-")) for w in words if w.strip(".-"))


def _same_value(topic: str, a: str, b: str) -> bool:
    """Two frames' values of ``topic`` name one thing: equal up to case, punctuation and
    :data:`_VALUE_SYNONYMS`; for a place, one inside the other."""
    if a.casefold() == b.casefold():
        return True
    x, y = _value_words(a), _value_words(b)
    if x == y:
        return bool(x)
    if topic == "role" and x and y:  # "firmware engineer" / "embedded firmware developer"
        few, many = (set(x), set(y)) if len(x) <= len(y) else (set(y), set(x))
        return few <= many and not (many - few) & _ROLE_LEVELS
    if topic in {"phone", "laptop", "tablet", "gpu"} and x and y:
        # a device named bare and by its model: "a Pixel phone" / "a Pixel 8" are one
        shorter, longer = (x, y) if len(x) <= len(y) else (y, x)
        return longer[: len(shorter)] == shorter
    if topic == "work_week":  # "5" / "5 mon-fri": five days, one of them says which
        (count, *days), (other, *more) = a.split(), b.split()
        return count == other and not (days and more)
    if topic in _PLACE_TOPICS and x and y:  # "Toronto" / "Toronto, Canada", not "York"
        p, q = _place_parts(a), _place_parts(b)
        shorter, longer = (p, q) if len(p) <= len(q) else (q, p)
        # ("Toronto" / "Toronto, Canada"; "London" / "Hackney, London")
        return longer[: len(shorter)] == shorter or longer[-len(shorter) :] == shorter
    return False


#: A place's short names: "NYC" is New York City.
_PLACE_ALIASES: Final = {
    "nyc": "new york", "new york city": "new york", "ny": "new york", "sf": "san francisco",
    "la": "los angeles", "dc": "washington", "washington dc": "washington",
    "washington d.c": "washington", "uk": "united kingdom", "us": "united states",
    "usa": "united states", "the us": "united states", "the usa": "united states",
    "the states": "united states", "uae": "united arab emirates", "nz": "new zealand",
    # a city's old or short name
    "bombay": "mumbai", "bangalore": "bengaluru", "calcutta": "kolkata", "madras": "chennai",
    "peking": "beijing", "saigon": "ho chi minh city", "kiev": "kyiv", "manc": "manchester",
    "philly": "philadelphia", "nola": "new orleans", "vegas": "las vegas",
}  # fmt: skip


def _place_parts(value: str) -> tuple[str, ...]:
    parts = (" ".join(_value_words(part)) for part in value.split(",") if part.strip(" ."))
    return tuple(_PLACE_ALIASES.get(part, part) for part in parts)


def _own_scope(frame: Frame) -> tuple[str, ...]:
    """A frame's scope without a tool held with its value ("zsh with Oh My Zsh": one
    shell, not zsh limited to Oh My Zsh; :func:`both_hold`)."""
    return tuple(s for s in frame.scope if not both_hold(s, frame.value))


def relation(new: Frame, old: Frame) -> Relation:
    """What a ``new`` fact does to an ``old`` one (see the module docstring). Facts of
    different scopes ("in Python" / "in YAML") are compatible; the same value with
    another version ("Python 3.8" / "Python 3.12") is another value."""
    if new.topic != old.topic:
        if (
            new.topic.startswith("favourite_")
            and old.topic.startswith("favourite_")
            and any({new.topic, old.topic} <= kin for kin in _FAVOURITE_KIN)
        ):
            return "same" if _same_value(new.topic, new.value, old.value) else "compatible"
        return "unrelated"
    if _own_scope(new) != _own_scope(old):
        return "compatible"
    if _same_value(new.topic, new.value, old.value):
        if new.polarity != old.polarity:
            return "supersedes"
        if new.version and old.version and new.version != old.version:
            return "supersedes" if new.polarity == "positive" else "compatible"
        return "same"
    if both_hold(new.value, old.value):
        return "compatible"  # ("uses WSL" / "uses Windows": one runs on the other)
    if new.polarity == old.polarity == "positive":
        return "supersedes"
    return "compatible"


#: Members of one exclusive group that one user has at once: one runs on or inside the
#: other.
_BOTH_HOLD: Final = frozenset(
    frozenset(pair.split("/"))
    for pair in (
        "wsl/windows", "wsl/ubuntu", "wsl/debian", "wsl/linux", "oh my zsh/zsh",
        # a diet of meat eaters is held with eating meat ("is on keto" / "eats meat again")
        "omnivore/keto", "omnivore/paleo", "omnivore/carnivore",
    )
)  # fmt: skip


def both_hold(one: str, other: str) -> bool:
    """True when two members of one exclusive group are held at once, one running on or
    inside the other ("WSL" and "Windows", a keto diet and eating meat): neither replaces
    the other."""
    return frozenset((one.casefold(), other.casefold())) in _BOTH_HOLD
