"""Everyday facts in their other usual words, rewritten to one wording before two memories
are compared (:mod:`amplify_memory.memory.similarity`).

People say the same fact of their life in many ways: "night owl" / "most productive late
at night", "retired" / "left the workforce for good", "5am" / "05:00", "Philly" /
"Philadelphia", "on a Mac" / "uses macOS", "cycles to work" / "commutes by bike". A
stemmer and a word thesaurus cannot see these as one; this table names each such fact
once, by the wording the rest of the comparison reads.

Each entry is ``(pattern, replacement)``; patterns are case-insensitive and anchored at
word boundaries, and none repeats a group inside a repeat (each reads a text once). The
table is general knowledge of everyday speech -- kinds of people, diets, shifts, ways to
work, clock times, units, nicknames of big cities and capitals -- not the wording of one
data set.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Final

from amplify_memory.memory._text import expand, wordlist

__all__ = ["EVERYDAY_PHRASES", "Replacement", "clock_times", "everyday", "reworded"]

#: A clock time: "5am", "5 a.m.", "6 PM", "18:00", "9:30", "07:15".
_CLOCK_RE: Final = re.compile(
    r"\b(?P<h>[01]?\d|2[0-3])(?::(?P<m>[0-5]\d))?\s*(?P<ap>[ap])\.?\s?m\b\.?"
    r"|\b(?P<h24>[01]?\d|2[0-3]):(?P<m24>[0-5]\d)\b(?!:)",
    re.IGNORECASE,
)
#: "at five every morning", "by six in the morning": an hour said in words.
_WORD_HOURS: Final = wordlist("one two three four five six seven eight nine ten eleven twelve")
_HOUR_WORDS_RE: Final = re.compile(
    rf"\b(?:at|by|around)\s+(?P<w>{'|'.join(_WORD_HOURS)}|\d{{1,2}})\s+(?:o'clock\s+)?"
    r"(?:(?:every|each|in\s+the)\s+)?(?P<part>morning|evening|night)s?\b",
    re.IGNORECASE,
)


def _clock(match: re.Match[str]) -> str:
    """One clock time as hours on a 24-hour clock: "6 PM" and "18:00" -> "18h"."""
    if match["h24"] is not None:
        hour, minutes = int(match["h24"]), match["m24"]
    else:
        hour, minutes = int(match["h"]) % 12, match["m"]
        hour += 12 if match["ap"].casefold() == "p" else 0
    return f"{hour}h{minutes}" if minutes and minutes != "00" else f"{hour}h"


def _hour_words(match: re.Match[str]) -> str:
    """ "at five every morning" -> "at 5h" ("at seven in the evening" -> "at 19h")."""
    said = match["w"].casefold()
    hour = int(said) if said.isdigit() else _WORD_HOURS.index(said) + 1
    if match["part"].casefold() != "morning" and hour < 12:
        hour += 12
    return f"at {hour % 24}h"


def clock_times(text: str) -> str:
    """``text`` with each clock time written as hours of a 24-hour clock ("5am" -> "5h",
    "6:30 pm" -> "18h30", "18:00" -> "18h", "up at five every morning" -> "up at 5h")."""
    return _CLOCK_RE.sub(_clock, _HOUR_WORDS_RE.sub(_hour_words, text))


# Capitals said by their country, and big cities by their nicknames.
_CAPITALS: Final = {
    "german": "Berlin", "french": "Paris", "spanish": "Madrid", "italian": "Rome",
    "british": "London", "uk": "London", "english": "London", "portuguese": "Lisbon",
    "dutch": "Amsterdam", "irish": "Dublin", "japanese": "Tokyo", "danish": "Copenhagen",
    "swedish": "Stockholm", "norwegian": "Oslo", "finnish": "Helsinki", "polish": "Warsaw",
    "austrian": "Vienna", "czech": "Prague", "hungarian": "Budapest", "greek": "Athens",
    "belgian": "Brussels", "scottish": "Edinburgh", "welsh": "Cardiff", "mexican": "Mexico City",
    "argentine": "Buenos Aires", "argentinian": "Buenos Aires", "korean": "Seoul",
    "south korean": "Seoul", "kenyan": "Nairobi", "egyptian": "Cairo", "turkish": "Ankara",
    "canadian": "Ottawa", "australian": "Canberra", "indian": "New Delhi", "chinese": "Beijing",
    "us": "Washington", "american": "Washington", "thai": "Bangkok", "peruvian": "Lima",
    "colombian": "Bogota", "chilean": "Santiago", "nigerian": "Abuja", "swiss": "Bern",
}  # fmt: skip
_CITY_NICKNAMES: Final = {
    "philly": "Philadelphia", "the big apple": "New York", "vegas": "Las Vegas",
    "nola": "New Orleans", "chi-town": "Chicago", "chitown": "Chicago", "manc": "Manchester",
    "brum": "Birmingham", "sampa": "Sao Paulo", "joburg": "Johannesburg", "jozi": "Johannesburg",
    "bcn": "Barcelona", "cdmx": "Mexico City", "the bay area": "San Francisco",
    "frisco": "San Francisco", "motor city": "Detroit", "beantown": "Boston",
    "the windy city": "Chicago", "the city of light": "Paris", "big smoke": "London",
    "atx": "Austin",
}  # fmt: skip


_ORDINALS: Final = wordlist("first second third fourth fifth sixth seventh eighth ninth tenth")


def _ordinal(match: re.Match[str]) -> str:
    """ "fifth" -> "5th" (before "grade" or "year")."""
    n = _ORDINALS.index(match[1].casefold()) + 1
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th') } "


def _capital(match: re.Match[str]) -> str:
    return _CAPITALS[" ".join(match[1].casefold().split())]


def _nickname(match: re.Match[str]) -> str:
    return _CITY_NICKNAMES[" ".join(match[0].casefold().split())]


def _alternation(names: Iterable[str]) -> str:
    """A regex alternation of names, longest first, spaces as any blank run."""
    return "|".join(
        re.escape(n).replace(r"\ ", r"\s+") for n in sorted(names, key=len, reverse=True)
    )


#: ``(pattern, replacement)`` pairs: everyday facts in their usual other words. The
#: replacement is the wording the comparison's thesaurus reads as the same fact.
Replacement = str | Callable[[re.Match[str]], str]
EVERYDAY_PHRASES: Final[tuple[tuple[re.Pattern[str], Replacement], ...]] = tuple(
    (re.compile(pattern, re.IGNORECASE), replacement)
    for pattern, replacement in (
        # the hours one keeps
        (
            r"\b(?:is\s+)?(?:most\s+productive|at\s+(?:their|his|her|my)\s+(?:best|sharpest)|"
            r"(?:works?|thinks?|focus(?:es)?)\s+best|does\s+(?:their|his|her|my)\s+best\s+work)"
            r"\s+(?:late\s+)?(?:at\s+night|in\s+the\s+(?:late\s+)?evenings?|after\s+(?:dark|"
            r"midnight)|late)\b|\bnight\s+person\b|\bnocturnal\b",
            "night owl",
        ),
        (
            r"\b(?:struggles|hates|finds\s+it\s+hard)\s+to\s+(?:get|wake)\s+up\s+early\b|"
            r"\bhates\s+(?:early\s+)?mornings\b",
            "is not a morning person",
        ),
        (r"\b(?:loves|likes|enjoys)\s+(?:early\s+)?mornings\b", "is a morning person"),
        (r"\b(?:gets|wakes)\s+up\b|^\s*up(?=\s+(?:at|by)\b)", "wakes up"),
        # a time of day kept every day: "at 5h every morning" is "at 5h"
        (
            r"\b(\d{1,2}h\d*)\s+(?:(?:every|each)\s+(?:single\s+)?(?:morning|day|night)|daily)\b",
            r"\1",
        ),
        (
            r"\b(flight|plane|train|bus|ferry)\s+(?:leaves|departs|takes\s+off)\s+at\b",
            r"flight is at",
        ),
        (r"\b(?:daily|each\s+day|every\s+single\s+day)\b", "every day"),
        # what one does for a living, said by the work itself
        (
            r"\b(?:writes|codes?|programs?)\s+(?:code\s+|software\s+)?(?:for\s+a\s+living|"
            r"professionally)\b",
            "is a software engineer",
        ),
        (r"\bcuts\s+hair\s+for\s+a\s+living\b|\bhair\s?(?:stylist|dresser)\b", "hairdresser"),
        (r"\bdrives\s+an?\s+(?:city\s+)?(\w+)\s+for\s+a\s+living\b", r"is a \1 driver"),
        (
            r"\bworks?\s+for\s+the\s+fire\s+(?:brigade|department|service)\b|\bfire(?:man|woman)\b",
            "firefighter",
        ),
        (r"\bworks?\s+for\s+(?=[A-Z]|the\s+[A-Z])|\bemployed\s+(?:by|at)\b", "works at "),
        (r"(?-i:\bNational Health Service\b)", "NHS"),
        (r"\ban\s+(?-i:RN)\b|^\s*(?-i:RN)\s*\.?\s*$", "a nurse"),  # (not "builds apps in RN")
        (r"\ba\s+(?-i:CPA)\b|^\s*(?-i:CPA)\s*\.?\s*$", "an accountant"),
        (r"\bphysio(?:therapist)?\b|\bphysical\s+therapist\b", "physiotherapist"),
        (
            r"\b(?:has\s+)?left\s+the\s+(?:work\s?force|job\s+market)(?:\s+for\s+good)?\b|"
            r"\bretiree\b|\bpensioner\b|\bhas\s+since\s+retired\b",
            "retired",
        ),
        (r"\bbetween\s+jobs\b|\bout\s+of\s+work\b|\bjobless\b", "unemployed"),
        (
            r"\b(?:fully\s+)?remote\s+(?:at|for|in)\s+(?:their|his|her|my)\s+(?:job|work|role)\b|"
            r"\bfully\s+remote\b",
            "remote worker",
        ),
        (
            r"\b(?:saturdays?\s+and\s+sundays?|sat(?:urday)?\s*(?:&|and|-)\s*sun(?:day)?)\b",
            "weekends",
        ),
        (
            r"\bgo(?:es)?\s+to\s+(?=(?:\w+\s+){0,3}?(?:school|elementary|college|university|uni|"
            r"church|gym|mosque|temple|synagogue|nursery|kindergarten)\b)",
            "attends ",
        ),
        (r"(?-i:\b(Elementary|Primary|High|Middle))\s+School\b", r"\1"),
        (r"\b(?:an?\s+)?apartment\b", "a flat"),
        (
            r"\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)[- ]"
            r"(?=grade\b|year\b)",
            _ordinal,
        ),
        # how often
        (r"\b(?:2x|two\s+times)\s+(?:a|per)\s+week\b|\b2x\s+weekly\b", "twice a week"),
        (r"\b(?:3x|three\s+times)\s+(?:a|per)\s+week\b|\b3x\s+weekly\b", "3 times a week"),
        # everyday short forms
        (r"\bgraveyard\s+shifts?\b|\bnight[- ]shift\b(?!s)", "night shifts"),
        (r"\blefty\b|\bwrites\s+with\s+(?:their|his|her|my)\s+left\s+hand\b", "left-handed"),
        (r"\b(?:five|5)[- ]a[- ]side\b", "5-a-side"),
        (r"\bcuppa\b", "tea"),
        (r"(?-i:\bMBP\b)", "MacBook Pro"),
        (r"\buni\b(?!-)", "university"),
        # food and health
        (
            r"\b(?:does|do)\s+not\s+(?:eat|consume|use)\s+(?:any\s+)?animal\s+products\b|"
            r"\beats?\s+no\s+animal\s+products(?:\s+at\s+all)?\b",
            "vegan",
        ),
        (
            r"\bdairy\s+(?:upsets|does\s+not\s+agree\s+with|makes\s+(?:them|him|her|me)\s+"
            r"(?:ill|sick))\b[^.;]*|\bcan\s*not\s+(?:have|digest|do)\s+dairy\b|"
            r"\bdairy[- ]intoleran(?:t|ce)\b|\blactose[- ]intoleran(?:t|ce)\b",
            "lactose intolerant",
        ),
        (
            r"\b(?:skips|avoids|cuts\s+out)\s+(?:milk\s+and\s+cheese|milk,\s+cheese(?:\s+and\s+\w+)?|"
            r"dairy\s+products)\b",
            "avoids dairy",
        ),
        (
            r"\b(?:does|do)\s+not\s+eat\s+(?:anything\s+(?:containing|with)\s+)?gluten\b|"
            r"\bcan\s*not\s+(?:have|eat|tolerate|digest)\s+gluten\b|"
            r"\b(?:is\s+)?gluten[- ]intoleran(?:t|ce)\b|\bavoids\s+wheat,\s+barley\s+and\s+rye\b",
            "avoids gluten",
        ),
        (r"\b(?:does|do)\s+not\s+eat\s+(?=\w+\s*\.?$)", "avoids "),
        (r"\bhypertension\b", "high blood pressure"),
        (r"\basthmatic\b", "has asthma"),
        (
            r"\b(?:afraid|scared|terrified)\s+of\s+(?:flying|planes)\b|\bfear\s+of\s+flying\b|"
            r"\b(?:gets\s+)?(?:anxious|nervous)\s+(?:on|about)\s+(?:aero|air)?planes\b|"
            r"\b(?:anxious|nervous|scared)\s+flyer\b",
            "afraid of flying",
        ),
        (r"\bshort[- ]sighted\b|\bmyopic\b", "nearsighted"),
        # ways to work and get there
        (
            r"\b(?:cycles?|bikes?|pedals?|rides?\s+(?:a|their|his|her|my)\s+bike)\s+to\s+"
            r"(?:work|the\s+office)\b",
            "commutes by bike",
        ),
        (r"\bwalks\s+to\s+(?:work|the\s+office)\b", "commutes on foot"),
        (r"\b(?:commutes?|goes|gets)\s+to\s+(?:work|the\s+office)\s+(?=by\b)", "commutes "),
        (r"\btakes\s+the\s+(?:rail|train)\b", "takes the train"),
        # machines and units
        (
            r"\b(?:on|uses?)\s+an?\s+Mac\b(?!\s*(?:Book|mini|Pro|Studio))|\bMac\s+user\b",
            "uses macOS",
        ),
        (
            r"\b(?:kilomet(?:re|er)s|km)\s*(?:and|&|,)\s*(?:kilograms|kilos|kg)\b|"
            r"\bmetric(?:\s+system|\s+units)?\b",
            "metric units",
        ),
        (
            r"\bmiles\s*(?:and|&|,)\s*(?:pounds|lbs)\b|\bimperial(?:\s+system|\s+units)?\b",
            "imperial units",
        ),
        (
            r"(?:\b(?:temperatures?|temps?)\s+(?:in\s+)?)?(?:\b(?:degrees\s+)?celsius\b|°\s?C\b|"
            r"\bcentigrade\b)",
            "celsius",
        ),
        (
            r"\bmetric\s+units,?\s+(?:over|not|rather\s+than|instead\s+of)\s+imperial\s+units\b",
            "metric units",
        ),
        (r"\bwould\s+(?:much\s+)?rather\s+(?:have|use|be|do|get|take|drink|eat)?\s*", "prefers "),
        (
            r"\b(?:no|not|without)\s+(?:long|lengthy|verbose|wordy)\s+(?=(?:explanations?|answers?|"
            r"replies|reply|responses?)\b)",
            "concise ",
        ),
        (r"\bwas\s+born\s+in\s+(?=(?:19|20)\d\d\b)|^\s*birth\s*year\s*:\s*", "birth year is "),
        (r"\b(?:degrees\s+)?fahrenheit\b|°\s?F\b", "fahrenheit"),
        (r"\bsmiley(?:\s+(?:icons|faces))?s?\b|\bemoticons?\b|\bemoji\b", "emojis"),
        # who one is by age, tongue and team
        (r"^\s*age\s*:\s*(\d{1,3})\s*\.?\s*$", r"is \1 years old"),
        (r"\bmother\s+tongue\b|\bfirst\s+language\b", "native language"),
        (
            r"\bis\s+(?:an?\s+)?((?:\w+\s+)?\w+)\s+supporter\b|^\s*(?:user\s+)?supports\s+(?=(?-i:[A-Z])[^\d]*$)",
            r"likes \1 ",
        ),
        (r"(?-i:\bLFC\b)", "Liverpool FC"),
        (r"\bMan\s+(?:Utd|United)\b", "Manchester United"),
        (r"\bgooner\b", "likes Arsenal"),
        (
            r"\b(?:an?\s+)?(?:big\s+|huge\s+|massive\s+)?"
            r"((?!(?:big|huge|massive|great|real|total)\b)(?<![\w.])(?-i:[A-Z])[\w.]*+(?:\s+FC)?)"
            r"\s+fan\b",  # (a name starts once: "A.A.A. ... fan" is read in linear time)
            r"likes \1",
        ),
        # places by other names
        (rf"\bthe\s+({_alternation(_CAPITALS)})\s+capital\b", _capital),
        (rf"\b(?:{_alternation(_CITY_NICKNAMES)})\b", _nickname),
        (r"\bborn\s+and\s+(?:raised|bred)\s+in\b|\bgrew\s+up\s+in\b", "is from"),
    )
)


@lru_cache(maxsize=4096)
def everyday(text: str) -> str:
    """``text`` with its contractions expanded, its clock times on one clock and its
    everyday facts in the wording of :data:`EVERYDAY_PHRASES` ("Dairy upsets their
    stomach" -> "lactose intolerant")."""
    return reworded(expand(text))


def reworded(text: str) -> str:
    """``text`` (its contractions already expanded) with its clock times on one clock and
    its everyday facts in the wording of :data:`EVERYDAY_PHRASES`."""
    text = clock_times(text)
    for pattern, replacement in EVERYDAY_PHRASES:
        text = pattern.sub(replacement, text)
    return text
