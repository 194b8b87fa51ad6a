"""How alike two memories are, and whether they contradict each other.

The user-profile store de-duplicates on ``add``: a new fact that is a near paraphrase
of a stored one refreshes that entry instead of adding a second copy. This module
gives the three functions it needs:

* :func:`content_similarity` -- a number in [0, 1]; 1.0 for texts that are identical
  after normalisation, 0.0 when they share nothing.
* :func:`contradicts` -- True when two memories say opposite things about the same
  subject ("prefers tabs" / "does not prefer tabs", "2-space" / "4-space",
  "prefers TypeScript" / "prefers Python"). A contradiction is never a duplicate.
* :func:`is_duplicate` -- ``similarity > threshold and not contradicts``.

Normalisation (one memory -> a set of weighted *terms*)
-------------------------------------------------------
1. Accents are folded ("café" -> "cafe"), apostrophes unified, contractions expanded
   ("doesn't" -> "does not"), and a few phrases rewritten to one form ("works with" ->
   "uses", "front-end" -> "frontend", "X, not Y" -> "X over Y", "no longer" -> "not").
2. Technology mentions become one term each, by canonical name, so "postgres" and
   "PostgreSQL" or "VS Code" and "Visual Studio Code" are the same term
   (:mod:`amplify_memory.memory.technologies`).
3. The remaining words are case-folded; stop words (function words, "user", frequency
   adverbs such as "always" or "usually") are dropped; number words become digits;
   each word is stemmed (Snowball English) and mapped through a small thesaurus of
   memory vocabulary (prefer/like/love/enjoy -> one term, answer/response/reply ->
   one term, concise/short/brief -> one term, ...).
4. Negation ("not", "never", "no longer", "without", "stopped", "hate", "dislike",
   "avoid" ...) is removed from the words and recorded as the *polarity*; a negative
   memory also gets the term ``"¬"``, so a statement and its negation differ by a
   term.

Similarity formula
------------------
With ``A`` and ``B`` the two term sets and ``w(t)`` a term's weight (0.5 for generic
nouns such as "language", "tool" or "thing"; 1.0 otherwise), each term gets a match
credit ``m(t)`` in [0, 1]:

* 1 when the other memory has the same term;
* otherwise, for an ordinary word, its best trigram similarity with a term only the
  other memory has, when that is at least 0.5 (else 0). The trigram similarity of two
  terms is the Dice coefficient of their character trigrams, each term padded with a
  space on both sides (" explain " / " explan " -> 0.62);
* 0 for a *value* term (technology, number, proper name, or an exclusive value such
  as "tabs" or "dark"): different values never earn partial credit.

::

    similarity = (sum(w(a) * m(a) for a in A) + sum(w(b) * m(b) for b in B))
                 / (sum(w(a) for a in A) + sum(w(b) for b in B))

That is a weighted Dice coefficient in which near-identical word forms the stemmer
leaves apart ("keybindings" / "bindings") count in part. Identical term sets give
exactly 1.0; no common term and no similar word give exactly 0.0. The formula is
symmetric. Texts with no terms at all (empty, only stop words or punctuation) are 1.0
to each other when their case-folded words are equal and 0.0 otherwise.

The 0.8 threshold
-----------------
``is_duplicate`` needs a similarity *above* 0.8. With unit weights a one-term memory
matches only itself; two memories of 3 and 4 terms that share 3 score about
0.86 (duplicate: one extra word); of 2 and 3 terms that share 2, 0.8 (not a
duplicate: "User uses Docker" is not "User uses Docker Compose"). So the threshold
reads as "at most about one content word of difference, on memories of four or
more words". The measured quality on a labelled set is in ``docs/dedup-quality.md``.

>>> round(content_similarity("User prefers TypeScript over JavaScript",
...                          "The user prefers TypeScript to JavaScript"), 3)
1.0
>>> is_duplicate("User prefers tabs", "User does not prefer tabs")
False
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from typing import Final

from amplify_memory.errors import InvalidArgumentError, describe
from amplify_memory.memory._defaults import DEFAULT_DUPLICATE_THRESHOLD
from amplify_memory.memory._text import ENDED_WORDS, FORMER_START, NUMBER_WORDS
from amplify_memory.memory.paraphrases import (
    Replacement,
    reworded,
)
from amplify_memory.memory.places import is_region
from amplify_memory.memory.technologies import find_technology_mentions
from amplify_memory.text import MEMORY_STOP_WORDS, stem_english_any, strip_accents

__all__ = [
    "DEFAULT_DUPLICATE_THRESHOLD",
    "ContradictionGuard",
    "adds_to",
    "content_similarity",
    "contradiction_reason",
    "contradicts",
    "is_duplicate",
    "number_in_figures",
    "opposed",
    "opposite_words",
    "residual_terms",
    "same_values",
    "stops",
    "synonymous",
]


def _wordlist(text: str) -> list[str]:
    """The whitespace-separated words of ``text``."""
    return text.split()


#: ``is_duplicate`` merges two memories whose similarity is above this.

# Least trigram similarity for which an unmatched word earns partial credit.
_SOFT_MATCH_MIN: Final = 0.5
# Term weight of generic nouns that add little meaning ("language" in "favourite language").
_GENERIC_WEIGHT: Final = 0.5
_FRAME_WEIGHT: Final = 0.25
_NEGATIVE: Final = "¬"

# -- private tokenizer -------------------------------------------------------------------
# (amplify_memory.search has a tokenizer in a private module; this minimal one keeps the
# memory layer independent until a public one exists.)

_WORD_RE: Final = re.compile(r"\w+")
_HYPHEN_RE: Final = re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])")
_SENTENCE_END: Final = frozenset(".!?\n")

_STOP_WORDS: Final = MEMORY_STOP_WORDS
# Negation cues (after contraction expansion). Sentiment verbs are mapped in _THESAURUS.
_NEGATIONS: Final = frozenset(
    _wordlist("not no never none nothing neither nor without stop stopped stops quit anymore")
)
_COMPARATIVES: Final = frozenset(_wordlist("over than instead rather vs versus to"))
#: The tens in words ("forty": 40) and the teens, for numbers past twelve.
_TENS: Final[dict[str, int]] = {
    w: 13 + i
    for i, w in enumerate(
        _wordlist("thirteen fourteen fifteen sixteen seventeen eighteen nineteen")
    )
} | {
    w: 20 + 10 * i
    for i, w in enumerate(_wordlist("twenty thirty forty fifty sixty seventy eighty ninety"))
}

_TEENS_AND_TENS: Final = "|".join(_TENS)
_UNITS: Final = "one|two|three|four|five|six|seven|eight|nine"


def _in_figures(*words: str | None) -> int:
    """What number words say together ("sixty", "seven": 67; "ten": 10)."""
    return sum(
        _TENS.get(w.casefold()) or int(NUMBER_WORDS.get(w.casefold(), 0)) for w in words if w
    )


def number_in_figures(text: str) -> int | None:
    """A number said in figures or in words ("34", "thirty-four", "twelve"), else None."""
    if text.isdigit():
        return int(text)
    words = re.split(r"[-\s]+", text.strip().casefold())
    if len(words) > 2 or not all(w in _TENS or w in NUMBER_WORDS for w in words):
        return None
    return _in_figures(*words) or None


# Phrase rewrites applied before tokenizing (case-insensitive): the forms of negation first.
_PHRASES: Final[tuple[tuple[re.Pattern[str], Replacement], ...]] = tuple(
    (re.compile(pattern, re.IGNORECASE), replacement)
    for pattern, replacement in (
        (r"[\u2018\u2019\u02bc`]", "'"),
        (r"\bcan't\b", "can not"),
        (r"\bwon't\b", "will not"),
        (r"\bcannot\b", "can not"),
        (r"n't\b", " not"),
        (r"\bno longer\b", "not"),
    )
)
#: A nationality said alone of the user, and the country it names: "Canadian.", "User is
#: Nigerian" (not "Canadian spelling", "likes Brazilian food", "Canadian-born").
_COUNTRY_OF: Final = {
    demonym.casefold(): country
    for country, demonyms in (
        ("Canada", "Canadian"), ("Brazil", "Brazilian"), ("Mexico", "Mexican"),
        ("Argentina", "Argentine Argentinian"), ("Chile", "Chilean"), ("Colombia", "Colombian"),
        ("Peru", "Peruvian"), ("Germany", "German"), ("France", "French"), ("Spain", "Spanish"),
        ("Italy", "Italian"), ("Portugal", "Portuguese"), ("Netherlands", "Dutch"),
        ("Poland", "Polish"), ("Sweden", "Swedish"), ("Norway", "Norwegian"),
        ("Denmark", "Danish"), ("Finland", "Finnish"), ("Ireland", "Irish"),
        ("Scotland", "Scottish Scots"), ("Wales", "Welsh"), ("England", "English"),
        ("Greece", "Greek"), ("Turkey", "Turkish"), ("Ukraine", "Ukrainian"),
        ("Russia", "Russian"), ("Romania", "Romanian"), ("Hungary", "Hungarian"),
        ("Austria", "Austrian"), ("Switzerland", "Swiss"), ("Belgium", "Belgian"),
        ("Czechia", "Czech"), ("India", "Indian"), ("Pakistan", "Pakistani"),
        ("Bangladesh", "Bangladeshi"), ("China", "Chinese"), ("Japan", "Japanese"),
        ("Korea", "Korean"), ("Vietnam", "Vietnamese"), ("Thailand", "Thai"),
        ("Philippines", "Filipino Filipina"), ("Indonesia", "Indonesian"),
        ("Malaysia", "Malaysian"), ("Nigeria", "Nigerian"), ("Kenya", "Kenyan"),
        ("Ghana", "Ghanaian"), ("Egypt", "Egyptian"), ("Morocco", "Moroccan"),
        ("South Africa", "South African"), ("Australia", "Australian"),
        ("New Zealand", "Kiwi"), ("Israel", "Israeli"), ("Iran", "Iranian"),
        ("Ethiopia", "Ethiopian"), ("Cuba", "Cuban"), ("Venezuela", "Venezuelan"),
    )
    for demonym in demonyms.split(" ")
}  # fmt: skip
_NATIONALITY_RE: Final = re.compile(
    r"^\s*(?:(?:the\s+)?user\s+is\s+(?:an?\s+)?)?("
    + "|".join(sorted(_COUNTRY_OF, key=len, reverse=True))
    + r")\s*[.!]?\s*$",
    re.IGNORECASE,
)


def _from_country(found: re.Match[str]) -> str:
    return f"User is from {_COUNTRY_OF[found[1].casefold()]}"


# ... then the rest, after the everyday facts of :mod:`.paraphrases`.
_MORE_PHRASES: Final[tuple[tuple[re.Pattern[str], Replacement], ...]] = tuple(
    (re.compile(pattern, re.IGNORECASE), replacement)
    for pattern, replacement in (
        (r"\bcommand[- ]line\b", "terminal"),
        (r"\bbullet[- ]?points?\b|\bbulleted\s+lists?\b|\bbullet\s+lists?\b", "bullets"),
        (r"日本語", "japanese"),
        (r"\bcan not (?:tolerate|digest) (\w+)\b", r"\1 intolerant"),
        (r"\bintolerant (?:to|of) (\w+)\b", r"\1 intolerant"),
        (r"(?-i:\bML\b)", "machine learning"),
        (r"\bcomp\.? bio\b", "computational biology"),
        (
            r"\b(?:works?\s+(?:fully\s+)?remotely|(?:fully\s+)?remote\s+(?:employee|worker)|"
            r"works?\s+from\s+home)\b",
            "remote worker",
        ),
        (r"\b(?:in\s+(?:my|their|his|her|the)?\s*(?:spare|free)\s+time|for\s+fun)\b", ""),
        (r"\bone\s+of\s+(?:the\s+)?(?=(?:user's|their|his|her|my)\s+(?:\w+\s+)?\w+s\b)", ""),
        # "used to like X" is a past habit; "X is used to build Y" is the passive of "uses"
        (
            r"(?<!\bis )(?<!\bare )(?<!\bwas )(?<!\bwere )(?<!\bbe )(?<!\bbeen )(?<!\bbeing )"
            r"\bused to\b",
            "not",
        ),
        (r"\b(?:is|are|was|were|being|been) used (?:to|for)\b", "uses"),
        (r"\b(?:gave|given|giving|gives?) up( on)?\b", "stopped"),
        (r"\b(?:is |are )?done with\b|\b(?:has |have )?lost interest in\b", "stopped"),
        (r"\b(?:ditched|dropped)\b(?! out\b)|\b(?:swore|sworn|swears?) off\b", "stopped"),
        (r"\b(?:turned|turns|switched|switches) off\b|\b(?:is|are) out\b(?! of\b)", "not"),
        (  # a setting turned off: "turned strict mode off" (not "switched the apps off Heroku")
            r"\b(?:turned|turns|switched|switches) ((?:\w+ ){1,3})off(?=\s*(?:$|[,.;!]|"
            r"\s+(?:in|for|now|again|completely|everywhere)\b))",
            r"not \1",
        ),
        (  # off a medicine or a habit: stopped ("is off blood pressure medication now")
            r"\b(?:is|are|am|was|went|came|got|been|now) off (?=(?:the |their |his |her |my |all )?"
            r"(?:\w+ ){0,2}(?:meds?|medications?|medicines?|pills|drugs|insulin|statins|"
            r"antidepressants|sugar|alcohol|booze|caffeine|coffee|carbs|gluten|dairy|meat|"
            r"cigarettes|smokes|nicotine|social media)\b)",
            "stopped ",
        ),
        # an end of having or doing a thing: "cancelled their membership", "left the club"
        (
            r"\b(?:cancell?ed|unsubscribed|uninstalled|deleted|disabled|deactivated|abandoned|"
            r"opted out of|moved (?:\w+ ){0,2}off|(?<!the )left(?![- ](?:side|hand|handed)\b))\b",
            "stopped",
        ),
        (r"\b(?:is|are|was|were) (?:now )?(?:over|done)\W*$", " stopped"),
        (r"\b(?:is|are) against\b", "not like"),
        (r"\b(?:is|are) in favou?r of\b", "likes"),
        (r"\b(?:is |are )?(?:a )?no-go\b", "not"),
        (r",\s*(?:and\s+)?not\s+", " over "),
        (r"\brather than\b", " over "),
        (r"\binstead of\b", " over "),
        (r"\b(?:work|works|working|worked) (?:with|in)\b", "uses"),
        (
            r"\b(?:build|builds|building|built|code|codes|coding|develops?|developing) "
            r"(?:with|in)\b",
            "uses",
        ),
        (r"\b(?:is |are )?(?:a )?(?:big |huge )?fans? of\b", "likes"),
        (r"\bfront[- ]end\b", "frontend"),
        (r"\bback[- ]end\b", "backend"),
        (r"\bfull[- ]stack\b", "fullstack"),
        (r"\bPRs\b", "pull requests"),
        (r"\bPR\b", "pull request"),
        (r"\bstep[- ]by[- ]step\b", "stepwise"),
        (r"\bobject[- ]oriented\b", "oop"),
        (r"\bIaC\b", "infrastructure as code"),
        (r"(?<![\d:] )(?<![\d:])\bPMs?\b", "product manager"),
        (r"\bML\b", "machine learning"),
        (r"\bk8s\b", "kubernetes"),
        (r"\bSWEs?\b", "software engineer"),
        (r"\bprod\b", "production"),
        (r"\bDBs\b", "databases"),
        (r"\bDB\b", "database"),
        (r"\bhome[- ]?lab\b", "homelab"),
        (r"\bCS\b", "computer science"),
        (r"\b(?:a\s+)?doctorate\b|\bdoctoral\b|\bphd\b", "PhD"),  # (a value, as "PhD" is)
        (r"\bsecondary school\b|\bhigh-school\b", "high school"),
        (r"\biPhone (apps?|developer|development)\b", r"iOS \1"),
        (r"\bfinancial[- ]technology\b", "fintech"),
        (r"\bsci-?fi\b", "science fiction"),
        (r"\bnovels?\b", "books"),
        (r"\ba decade\b", "10 years"),
        # one number written other ways: "$1,200" / "1200", "80k" / "80,000", "3rd" / "3",
        # "type II" / "type 2"
        (r"(?<=\d),(?=\d{3}\b)", ""),
        (r"\b(\d{1,3})k\b", r"\g<1>000"),
        (r"\b(\d+)(?:st|nd|rd|th)\b", r"\1"),
        (
            r"\b(type|stage|grade|level) (?-i:(II|I))\b(?=\s*(?:$|[.,;:!?)]|diabet|cancer|listed))",
            lambda m: f"{m[1]} {len(m[2])}",
        ),
        # one thing by its name and its letters: "Central European Time" / "CET",
        # "test-driven development" / "TDD", "intensive care" / "ICU"
        (r"\bCentral European(?: Summer| Standard)? Time\b", "CET"),
        (r"\bEastern European(?: Summer| Standard)? Time\b", "EET"),
        (r"\bGreenwich Mean Time\b", "GMT"),
        (r"\bIndia(?:n)? Standard Time\b", "IST"),
        (r"\bJapan(?:ese)? Standard Time\b", "JST"),
        (r"\btest[- ]driven development\b", "TDD"),
        (r"\bD&D\b|(?-i:\bDnD\b)|\bDungeons (?:&|and) Dragons\b", "DnD"),
        (r"\bTL;?DR\b", "summary"),
        (r"\binformal(ly)?\b", r"casual\1"),  # (a tone: one value of two words)
        (r"\bintensive care(?: unit)?\b", "ICU"),
        # British spelling said by the country ("UK English spelling", "British English")
        (r"(?-i:\bUK\b)(?=\s+(?:English|spellings?|conventions|style)\b)", "British"),
        (r"\b(British|American|(?-i:US)) English(?= spellings?\b| conventions\b)", r"\1"),
        (r"\b(?:Great Britain|Britain|United Kingdom)\b", "UK"),
        # words for a kind of thing, not a value: "Laptop OS: Arch", "dark themes in the IDE"
        (r"(?-i:\bOS\b)", "operating system"),
        (r"(?-i:\bIDEs?\b)", "editor"),
        # the functional paradigm, not functions ("annotates every Python function") nor
        # React's function components
        (
            r"\bfunctional(?:\s+programming)?\b"
            r"(?!\s+(?:components?|tests?|testing|requirements?|specs?|areas?|fitness|training|"
            r"medicine|foods?|safety|skills|roles?|teams?|groups?))",
            "fp",
        ),
        # a country after its city: "Leeds, UK", "Lagos, Nigeria" (the city says it)
        (
            r"\b((?-i:[A-Z])[^\W\d_]+),\s+((?-i:[A-Z])[\w.]*(?:\s+(?-i:[A-Z])[\w.]*)?)"
            r"(?=\s*(?:[.;)!]|$))",
            lambda m: m[1] if is_region(m[2]) and not is_region(m[1]) else m[0],
        ),
        (  # a year in words: "nineteen ninety", "twenty twenty-four"
            rf"\b(nineteen|twenty)[- ](ten|eleven|twelve|{_TEENS_AND_TENS})(?:[- ]({_UNITS}))?\b"
            r"(?!\s*(?:minutes|mins|hours|hrs|seconds|days|weeks|months|years|people|percent))",
            lambda m: str(100 * _in_figures(m[1]) + _in_figures(m[2], m[3])),
        ),
        (  # numbers in words past twelve: "thirty-four", "sixty seven", "forty"
            rf"\b({_TEENS_AND_TENS})(?:[- ]({_UNITS}))?\b",
            lambda m: str(_in_figures(m[1], m[2])),
        ),
        (r"\btwice\b", "two times"),
        (r"\bthrice\b", "three times"),
        (  # "up at half five": half past five, British (a time: after "at", "till", ...)
            r"(?:(?<=\bat )|(?<=till )|(?<=\bby ))half (?:past )?(one|two|three|four|five|six|"
            r"seven|eight|nine|ten|eleven|twelve|1[0-2]|[1-9])\b",
            lambda m: f"{NUMBER_WORDS.get(m[1].casefold(), m[1])}h30",  # (as "5:30" reads)
        ),
        (r"(?-i:\bY([1-9]|1[0-3])\b)|\bYear ([1-9]|1[0-3])\b", r"year \1\2"),
        (r"(?<!Big )(?<!Fleetwood )(?-i:\bMac\b)(?!\s+(?:and|&|n')\s+cheese)", "macOS"),
        (  # the distribution, where a system is said: "OS: Arch", "runs Arch"
            r"\b(on|runs|running|uses|using|system:?|system is|distro:?|distro is)\s+"
            r"(?-i:Arch)\b(?!\s+Linux)",
            r"\1 Arch Linux",
        ),
        # a maker before its product says nothing more: "an Apple iPhone", "Google Pixel 8"
        (
            r"(?-i:\bApple (?=(?:iPhone|iPad|Watch|AirPods|Pencil|MacBook|iMac)\b)|"
            r"\bGoogle (?=(?:Pixel|Nest)\b)|\bSamsung (?=Galaxy\b)|\bJetBrains (?=(?:IntelliJ|"
            r"PyCharm|WebStorm|Rider|GoLand|CLion|DataGrip|PhpStorm|RubyMine|RustRover)\b))",
            "",
        ),
        (r"(?-i:\bUSD\b)", "dollars"),
        (r"(?-i:\bEUR\b)", "euros"),
        (r"(?-i:\bGBP\b)", "pounds"),
        # a few facts of everyday life said in their other usual words
        (r"\b(?:does|do|can) not eat (?:any )?meat\b|\bmeat-?free\b", "vegetarian"),
        (r"\b(?:eats?|follows?|is on|on) (?:an? )?(?:strictly )?plant-based(?: diet)?\b", "vegan"),
        (r"\bplant-based\b", "vegan"),
        (r"(?:,?\s*(?:with|and|eating)\s+)?\bno animal (?:products|foods)\b", " vegan"),
        (r"\bsignificant other\b", "partner"),
        (r"(?-i:\bSRE\b)|\bsite reliability engineer(?:ing)?\b", "sre"),
        (r"(?-i:\bQA\b)|\bquality assurance\b", "qa"),
        (r"(?-i:\bUX\b)|\buser experience\b", "ux"),
        (r"(?-i:\bCTO\b)|\bchief technology officer\b", "cto"),
        (r"(?-i:\bT([12])D\b)", r"type \1 diabetes"),
        (r"(?-i:\bT([12])\b)(?= diabet)", r"type \1"),
        # a faith by its name or its follower: "practices Islam" / "is Muslim"
        (r"\bIslam\b", "Muslim"),
        (r"\bJudaism\b", "Jewish"),
        (r"\bHinduism\b", "Hindu"),
        (r"\bSikhism\b", "Sikh"),
        (r"\bChristianity\b", "Christian"),
        (r"\b(?:Roman )?Catholicism\b|\bRoman Catholic\b", "Catholic"),
        (r"\battention deficit hyperactivity disorder\b", "ADHD"),  # (a name, as "ADHD" is)
        (r"\b(?:early bird|early riser|morning person)\b", "morning person"),
        (
            r"\b(?:undergrad(?:uate)? degree|bachelor'?s(?: degree)?|(?-i:BA|BSc|BS|B\.Sc\.?))\b",
            "bachelor",
        ),
        (r"\b(?:master'?s(?: degree)?|(?-i:MA|MSc|MS|M\.Sc\.?))\b", "master"),
        (
            r"\b(?:self-employed|freelancer|freelancing|freelance|independent contractor)\b",
            "freelancer",
        ),
        (r"\bwent to\b(?= (?:the )?(?:university|uni|college|school|[A-Z]))", "studied at"),
        (r"\b(?:is |are )?(\w+)-free\b", r"avoids \1"),  # "gluten-free", "caffeine-free"
        (r"\b(?:takes?|rides?) (?:the |a )?(\w+) to (?:work|the office)\b", r"commutes by \1"),
        (r"\bcommutes? (?:via|on|with) (?:the |a )?\b", "commutes by "),
        (r"\bevery (week|day|month|year)\b", r"\1ly"),
        (r"\ben (?=espa|fran|portu|itali|ingl)", "in "),  # "en español"
        (r"\bworks? as\b", "is"),
        (
            r"\b(?:does|do) not drink(?! (?:coffee|tea|milk|soda|water|juice))(?: any)?"
            r"(?: alcohol| booze)?\b|\bteetotal(?:l?er)?\b|\bnon-?drinker\b|\bsober\b",
            "not drink alcohol",
        ),
        (r"\bex-?smoker\b|\bnon-?smoker\b", "not smoke"),
        # the one who plays an instrument or keeps a faith: "plays the violin" / "is a
        # violinist", "practices Buddhism" / "is a Buddhist"
        (
            r"\b(?:plays?|practi[cs]es?) (?:the )?(?=(?:violin|cello|guitar|piano|flute|"
            r"drums|harp|saxophone|sax|trumpet|clarinet|buddhism)\b)",
            "",
        ),
        (r"\bby (?:themselves|himself|herself|myself|themself)\b", "alone"),
        # fragments people write: "NYC-based", "WFH Fridays", "Grandkids: 3", "Mon-Thu"
        (r"\b(?<![\w.])((?-i:[A-Z])[\w.]+(?: (?-i:[A-Z])[\w.]+)?)-based\b", r"based in \1"),
        (r"\b(?:lives|resides) in\b", "based in"),
        (r"(?-i:\bWFH\b)", "remote worker"),
        (r"^\s*(\w+(?: \w+)?)\s*:\s*(\d+)\s*$", r"has \2 \1"),
        (r"\ba pair of\b", "two"),
        (r"\b(?:avoids|does not eat|doesn't eat) meat(?: and fish)?\b", "vegetarian"),
        (r"\bMon\b\.?", "Monday"),
        (r"\bTues?\b\.?", "Tuesday"),
        (r"\bWed\b\.?", "Wednesday"),
        (r"\bThu(?:rs?)?\b\.?", "Thursday"),
        (r"\bFri\b\.?", "Friday"),
        (r"(?<=day)\s*[\u2013-]\s*(?=\w+day\b)", " to "),
        (r"(?-i:\bNYC\b)|\bNew York City\b", "New York"),
        (r"(?-i:\bSF\b)", "San Francisco"),
        (r"(?-i:\bLA\b)", "Los Angeles"),
        (r"\bexpecting (?:a |their |her )?(?:first |second |third )?(?:baby|child)\b", "pregnant"),
        (r"\bcolou?r[- ]?blind(?:ness)?\b|\bcolou?r vision deficiency\b", "colorblind"),
        # everyday facts in their other usual words
        (r"\bsouthpaw\b|\bleft-hander\b", "left-handed"),
        (r"\b(?:an )?only child\b|\bneither brothers nor sisters\b", "no siblings"),
        (r"\bgraveyard shifts?\b|\bnight shifts?\b|\bworks? nights\b", "night shift"),
        (r"(?-i:\bGoogler\b)", "works at Google"),
        (r"\b(?:a\s+)?dog owner\b", "has a dog"),
        (r"\b(?:a\s+)?cat owner\b", "has a cat"),
        (r"\bsit-stand (?:desk|workstation)\b", "standing desk"),
        (r"\bovernight(?=\s+(?:shifts?|rotations?|rotas?|schedules?|hours)\b)", "night"),
        (r"(?<=\w)\s+(?-i:F\.?C\.?)(?=$|[\s.,;!)])", ""),  # ("Liverpool FC": the club)
        (_NATIONALITY_RE.pattern, _from_country),  # ("Canadian.", "User is Nigerian")
        # last, after the phrases above have read their own forms ("ex-smoker", "retired"):
        (rf"\b(?:{ENDED_WORDS})\b", "stopped"),  # ("rehomed the cat", "sold the car")
        (r"^\s*(?:(?:the )?user is )?over (?=[a-z])(?!(?:the|a|an|this|last)\b)", "stopped "),
        (FORMER_START, "not "),  # what the user was: "Ex-SWE"
    )
)


#: The thesaurus's groups: canonical term -> the words that say it.
_GROUPS: Final[dict[str, str]] = {
    "like": "prefer like love enjoy favor favour favorite favourite fond want",
    "use": "use utilize utilise employ",
    "answer": "answer response reply replies",
    "concise": "concise short brief terse succinct",
    "detailed": "detailed verbose long thorough lengthy elaborate",
    "develop": "developer develop engineer programmer coder dev",
    "mode": "mode theme",
    "name": "name named called",
    "test": "test tests testing",
    "play": "play player",
    "explain": "explain explanation explanations",
    "example": "example examples sample samples snippet snippets",
    "small": "small little tiny",
    "colleague": "colleague colleagues coworker coworkers teammate teammates",
    "company": "company employer firm",
    "allergy": "allergic allergy allergies",
    "phd": "phd doctorate",
    "spanish": "spanish espanol",
    "german": "german deutsch",
    "french": "french francais",
    "portuguese": "portuguese portugues",
    "italian": "italian italiano",
    "teach": "teach teacher teaching schoolteacher",
    "spouse": "spouse husband wife married",
    "child": "child children kid kids",
    "grandchild": "grandchild grandchildren grandkid grandkids",
    "run": "run runner",
    "go": "go goes going went gone",
    "keep": "keep keeps kept keeping",
    "dog": "dog dogs puppy puppies pup pups doggo canine",
    "coriander": "coriander cilantro",
    "km": "km kilometer kilometers kilometre kilometres",
    "mile": "mile miles mi",
    "kg": "kg kilogram kilograms kilo kilos",
    "pound": "lb lbs pound pounds",
    # a pastime and the one who does it: "runs" / "a runner", "a cyclist" / "cycling"
    "cycling": "cycling cyclist cyclists",
    "climb": "climb climbs climbing climber climbers bouldering boulderer",
    "swim": "swim swims swimming swimmer",
    "hike": "hike hikes hiking hiker hikers",
    "guitar": "guitar guitarist",
    "piano": "piano pianist",
    "violin": "violin violinist fiddle fiddler",
    "cello": "cello cellist",
    "flute": "flute flutist flautist",
    "drum": "drum drums drummer",
    "harp": "harp harpist",
    "saxophone": "saxophone saxophonist sax",
    "trumpet": "trumpet trumpeter",
    "clarinet": "clarinet clarinetist clarinettist",
    "buddhism": "buddhism buddhist",
    "peanut": "peanut peanuts groundnut groundnuts",
    "bake": "bake bakes baking baker",
    "knit": "knit knits knitting knitter",
    "photograph": "photograph photography photographer photos photo",
    "read": "read reads reading reader bookworm",
    "university": "university uni college",
    "learn": "learn study alumnus alumna alumni",
    "cat": "cat cats kitten kittens kitty feline",
    "nurse": "nurse nurses rn",
    "tea": "tea cuppa",
    "subway": "subway metro underground tube",
    "bike": "bike bicycle",
    "motorbike": "motorbike motorcycle",
    "mother": "mother mom mum mama",
    "father": "father dad papa",
    "grandmother": "grandmother grandma granny nana",
    "grandfather": "grandfather grandpa",
    "partner": "partner girlfriend boyfriend",
    "doctor": "doctor physician",
    "lawyer": "lawyer attorney solicitor",
    "movie": "movie movies film films",
    "phone": "phone smartphone cellphone",
    "twin": "twin twins",
    "biology": "biology bio",
    "economics": "economics econ",
    "psychology": "psychology psych",
    "chemistry": "chemistry chem",
    "mathematics": "mathematics math maths",
}


def _stem_table() -> dict[str, str]:
    """Thesaurus of memory vocabulary, keyed by stem: stem -> canonical term."""
    table: dict[str, str] = {}
    for canonical, words in _GROUPS.items():
        for word in words.split():
            table[_stem(word)] = canonical
    return table


# Sentiment verbs that mean "not like" / "not use": mapped to a term plus negation.
_NEGATIVE_VERBS: Final[dict[str, str]] = {
    "mind": "like",  # ("doesn't mind X": not a dislike)
    "hate": "like",
    "dislik": "like",
    "detest": "like",
    "loath": "like",
    "avoid": "use",
}
# Words whose slot holds one value at a time: "prefers X" vs "prefers Y" contradict,
# "uses X" vs "uses Y" do not (people use many tools).
_EXCLUSIVE_SLOTS: Final = frozenset(
    _wordlist(
        "prefer preferred favourite favorite rather name main primary default live based "
        "located timezone role job title editor"
    )
)
_GENERIC_NOUNS: Final = frozenset(
    _wordlist("language tool thing stuff option way kind library framework")
)


@lru_cache(maxsize=8192)
def _stem(word: str) -> str:
    """Snowball English stem of a case-folded word."""
    return stem_english_any(word)


_THESAURUS: Final = _stem_table()
# Mutually exclusive values: two memories that differ only in values of one group
# contradict ("tabs" / "spaces"). Keys are canonical terms (after the thesaurus).
_VALUE_WORDS: Final[dict[str, str]] = {
    "indent": "tab space",
    "length": "concise detailed",
    "mode": "dark light",
    "quote": "single double",
    "case": "camelcase snake_case pascalcase kebabcase",
    "paradigm": "fp oop procedural",
    "merge": "rebase merge squash",
    "repo": "monorepo polyrepo",
    "seniority": "junior mid senior lead principal staff",
    "role": "frontend backend fullstack mobile devops",
    "tone": "formal informal casual",
    "language": "english german french spanish italian portuguese dutch polish "
    "japanese chinese korean russian ukrainian hindi arabic turkish swedish",
    "time": "morning afternoon evening night",
    "temperature": "celsius fahrenheit",
    "measure": "metric imperial",
}
_EXCLUSIVE_STEMS: Final = frozenset(_stem(w) for w in _EXCLUSIVE_SLOTS)
#: Words that frame a fact and say nearly nothing of it: "Pastry chef *by trade*",
#: "*Spends* weekends gardening", "*Follows* a kosher *diet*", "*Fully* remote *employee*".
_FRAME_STEMS: Final = frozenset(
    _stem(w)
    for w in _wordlist(
        "trade profession occupation hobby hobbies pastime spare fun employee fully spends "
        "spend follows follow diet person fan keeps keep owns own days lately recently "
        "nowadays currently go grad graduate graduated keen avid passionate enthusiastic"
    )
)
_GENERIC_STEMS: Final = frozenset(_stem(w) for w in _GENERIC_NOUNS)


_fold = strip_accents  # diacritics stripped, case kept


@dataclass
class _Analysis:
    """One memory, normalised: weighted terms, values, polarity and ordered pair."""

    terms: dict[str, float] = field(default_factory=dict)
    values: dict[str, str] = field(default_factory=dict)  # term -> kind/group
    negative: bool = False
    order: tuple[str, str] | None = None
    words: tuple[str, ...] = ()
    slots: set[str] = field(default_factory=set)  # exclusive-slot words present
    initials: set[str] = field(default_factory=set)  # capitalised words starting a sentence

    @cached_property
    def core(self) -> frozenset[str]:
        """The terms without the negation marker."""
        return frozenset(t for t in self.terms if t != _NEGATIVE)

    @cached_property
    def value_terms(self) -> frozenset[str]:
        return frozenset(self.values)

    @cached_property
    def word_set(self) -> frozenset[str]:
        return frozenset(self.words)

    @cached_property
    def word_pairs(self) -> frozenset[tuple[str, str]]:
        """Each word with the word after it."""
        return frozenset(itertools.pairwise(self.words))

    @cached_property
    def plain(self) -> frozenset[str]:
        """The core terms that are not values (the words around the values)."""
        return self.core - self.value_terms


def _may_contradict(x: _Analysis, y: _Analysis) -> bool:
    """False when two memories cannot contradict: a few set checks that rule out most
    pairs before :func:`_contradiction_reason` looks closer. A "value" contradiction needs
    the same polarity and the words around one side's values all on the other side
    (see :func:`_same_slot`), "order" two comparisons, "polarity" opposite polarities."""
    return (
        x.negative != y.negative
        or (x.order is not None and y.order is not None)
        or x.plain <= y.core
        or y.plain <= x.core
    )


def _term_of(word: str) -> tuple[str, bool]:
    """(canonical term, negates) of one case-folded non-stop word."""
    if word in NUMBER_WORDS:
        return NUMBER_WORDS[word], False
    stem = _stem(word)
    if stem in _NEGATIVE_VERBS:
        return _NEGATIVE_VERBS[stem], True
    return _THESAURUS.get(stem, stem), False


_VALUE_GROUPS: Final[dict[str, str]] = {
    _term_of(word)[0]: group for group, words in _VALUE_WORDS.items() for word in words.split()
}


def _weight(term: str) -> float:
    """A term's weight: less for a word that frames a fact or names a kind of thing."""
    if term in _FRAME_STEMS:
        return _FRAME_WEIGHT
    return _GENERIC_WEIGHT if term in _GENERIC_STEMS else 1.0


def _initial(text: str, start: int) -> bool:
    """True when the word at ``start`` begins a sentence (its capital says nothing)."""
    before = text[:start].rstrip(" \t\"'(")
    return not before or before[-1] in _SENTENCE_END


def _rewritten(text: str) -> str:
    """``text`` folded, its phrases rewritten to one form each, hyphens between letters
    dropped."""
    folded = _fold(text.strip())  # padding must not change a phrase (", not" at the end)
    for pattern, replacement in _PHRASES:
        folded = pattern.sub(replacement, folded)
    folded = reworded(folded)
    for pattern, replacement in _MORE_PHRASES:
        folded = pattern.sub(replacement, folded)
    return _HYPHEN_RE.sub("", folded)


@lru_cache(maxsize=4096)
def _analyse(text: str) -> _Analysis:
    """Normalise one memory (see the module docstring)."""
    out = _Analysis()
    folded = _rewritten(text)
    # Token stream: (term, kind) where kind is "tech", "word" or "cmp" (comparative).
    stream: list[tuple[str, str]] = []
    all_words: list[str] = []
    negations = 0  # (one before a negative verb undoes it: "no longer avoids flying")
    negated_at = -9
    pos = 0
    for mention in [*find_technology_mentions(folded), None]:
        end = mention.start if mention else len(folded)
        for match in _WORD_RE.finditer(folded, pos, end):
            raw = match.group()
            word = raw.casefold()
            all_words.append(word)
            initial = _initial(folded, match.start())
            if word in _NEGATIONS and not (raw[0].isupper() and not initial):
                if word == "anymore" and negated_at >= 0:
                    continue  # ("doesn't avoid sugar anymore": one negation)
                negations += 1  # (not "Nothing Phone", "No Doubt": names)
                negated_at = len(all_words)
                continue
            if word in _COMPARATIVES:
                stream.append((word, "cmp"))
                if word == "rather":
                    out.slots.add(word)
                continue
            if word in _STOP_WORDS:
                continue
            term, negates = _term_of(word)
            if negates:
                negations += -1 if len(all_words) - negated_at <= 2 else 1
            if _stem(word) in _EXCLUSIVE_STEMS:
                out.slots.add(_stem(word))
            if term.isdigit() or any(c.isdigit() for c in term):
                out.values[term] = "number"
            elif term in _VALUE_GROUPS:
                out.values[term] = _VALUE_GROUPS[term]
            elif raw[0].isupper() and not initial:
                out.values[term] = "name"
            elif raw[0].isupper():
                out.initials.add(term)  # (a name, maybe: "Bailey — the user's retriever")
            stream.append((term, "word"))
        if mention is None:
            break
        term = mention.name.casefold()
        all_words.append(term)
        out.values[term] = "tech"
        stream.append((term, "tech"))
        pos = mention.end
    for term, kind in stream:
        if kind != "cmp":
            out.terms[term] = _weight(term)
    out.negative = negations > 0
    if out.negative:
        out.terms[_NEGATIVE] = 1.0
    out.order = _ordered_pair(stream, out.values)
    out.words = tuple(all_words)
    return out


def _ordered_pair(stream: list[tuple[str, str]], values: dict[str, str]) -> tuple[str, str] | None:
    """(preferred, other) around the first comparative: "tabs over spaces" -> (tab, space)."""
    for i, (_, kind) in enumerate(stream):
        if kind != "cmp":
            continue
        left = [t for t, k in stream[:i] if k != "cmp" and t in values]
        right = [t for t, k in stream[i + 1 :] if k != "cmp" and t in values]
        if left and right:
            return left[-1], right[0]
    return None


@lru_cache(maxsize=8192)
def _trigrams(term: str) -> frozenset[str]:
    """Character trigrams of a term padded with one space each side."""
    padded = f" {term} "
    return frozenset(padded[i : i + 3] for i in range(len(padded) - 2))


def _trigram_dice(a: str, b: str) -> float:
    """Dice coefficient of the character trigrams of two terms."""
    ga, gb = _trigrams(a), _trigrams(b)
    return 2 * len(ga & gb) / (len(ga) + len(gb))


def _credits(x: _Analysis, y: _Analysis) -> list[float]:
    """Weighted match credit of each term of ``x`` against ``y`` (see the docstring)."""
    unmatched = [t for t in y.terms if t not in x.terms and t not in y.values]
    out: list[float] = []
    for term, weight in x.terms.items():
        if term in y.terms:
            out.append(weight)
        elif term not in x.values and unmatched:
            best = max(_trigram_dice(term, other) for other in unmatched)
            if best >= _SOFT_MATCH_MIN:
                out.append(weight * best)
    return out


def content_similarity(a: str, b: str) -> float:
    """How alike two memories are, from 0.0 (nothing shared) to 1.0 (same terms).

    A weighted Dice coefficient of the normalised terms in which unmatched ordinary
    words earn partial credit from character trigrams; see the module docstring.
    Symmetric; identical texts always score exactly 1.0.

    >>> content_similarity("User prefers dark mode", "the user PREFERS a dark theme")
    1.0
    >>> content_similarity("User prefers dark mode", "User's name is Sam")
    0.0
    >>> content_similarity("User uses Docker", "User uses Docker Compose")
    0.5
    """
    if a == b:
        return 1.0
    x, y = _analyse(a), _analyse(b)
    if not x.terms or not y.terms:
        if not x.terms and not y.terms:
            return 1.0 if x.words == y.words else 0.0
        return 0.0
    if x.terms.keys() == y.terms.keys():
        return 1.0
    total = math.fsum([*x.terms.values(), *y.terms.values()])
    score = math.fsum([*_credits(x, y), *_credits(y, x)]) / total
    return min(1.0, max(0.0, score))


def contradiction_reason(a: str, b: str) -> str | None:
    """Why two memories contradict, or None when they do not.

    * ``"polarity"``: one is negated and the other not, about the same thing
      ("prefers tabs" / "does not prefer tabs"; "likes X" / "hates X").
    * ``"order"``: the same two values compared the other way round
      ("tabs over spaces" / "spaces over tabs").
    * ``"value"``: the same statement with a different value in one slot: a number
      ("2-space" / "4-space"), a value of one exclusive group ("dark" / "light",
      "concise" / "detailed", "camelCase" / "snake_case"), or a technology or name
      where the slot holds one at a time ("prefers TypeScript" / "prefers Python",
      "name is Sam" / "name is Alex"). "uses React" / "uses Vue" is *not* a
      contradiction: both can be true.

    >>> contradiction_reason("User prefers tabs", "User does not prefer tabs")
    'polarity'
    >>> contradiction_reason("User uses 2-space indentation", "User uses 4-space indentation")
    'value'
    >>> contradiction_reason("User uses React", "User uses Vue") is None
    True
    """
    return _contradiction_reason(a, b) if a <= b else _contradiction_reason(b, a)


@lru_cache(maxsize=65536)
def _contradiction_reason(a: str, b: str) -> str | None:
    """:func:`contradiction_reason` of an ordered pair, cached: a store compares the same
    entries again on every prompt."""
    x, y = _analyse(a), _analyse(b)
    if not _may_contradict(x, y):
        return None
    tx, ty = x.core, y.core
    shared = tx & ty
    if not shared:
        return None
    only_x, only_y = tx - ty, ty - tx
    values_x = only_x & x.value_terms
    values_y = only_y & y.value_terms
    if values_x and values_y and _same_slot(x, y, only_x, only_y, values_x, values_y):
        return "value"
    if x.order and y.order and x.order == (y.order[1], y.order[0]):
        return "order"
    if x.negative != y.negative and not (values_x and values_y):
        dice = 2 * len(shared) / (len(tx) + len(ty))
        if dice >= 0.5:
            return "polarity"
    return None


def _same_slot(
    x: _Analysis,
    y: _Analysis,
    only_x: AbstractSet[str],
    only_y: AbstractSet[str],
    values_x: AbstractSet[str],
    values_y: AbstractSet[str],
) -> bool:
    """True when the differing values of two memories fill the same exclusive slot."""
    if x.negative != y.negative:
        return False  # "does not like Java" / "prefers TypeScript": both can hold
    rest_x, rest_y = only_x - values_x, only_y - values_y
    exclusive = bool(x.slots & y.slots)
    # Same template: the words around the values are the same on both sides, or (for
    # a slot that holds one value, "prefers") those of one side include the other's.
    if (rest_x and rest_y) or ((rest_x or rest_y) and not exclusive):
        return False
    kinds_x = {x.values[t] for t in values_x}
    kinds_y = {y.values[t] for t in values_y}
    common = kinds_x & kinds_y
    if not common:
        return False
    if "number" in common and kinds_x & {"tech", "name"} and kinds_y & {"tech", "name"}:
        return False  # "uses Kintex-7" / "uses Vivado 2020.1": two things, two numbers
    if common - {"tech", "name"}:
        return True  # numbers, or two values of one exclusive group
    return exclusive


def contradicts(a: str, b: str) -> bool:
    """True when ``a`` and ``b`` say opposite things; see :func:`contradiction_reason`.

    A contradiction is never a duplicate, and both may not be true at once, so a store
    keeps both and ranks the newer first.

    >>> contradicts("User prefers TypeScript", "User prefers Python")
    True
    >>> contradicts("User prefers TypeScript over JavaScript",
    ...             "User prefers JavaScript over TypeScript")
    True
    >>> contradicts("User prefers dark mode", "User prefers concise answers")
    False
    """
    return contradiction_reason(a, b) is not None


class ContradictionGuard:
    """A list of memories that new ones are checked against (a prompt block's entries):
    :meth:`first` gives the first it holds that a text contradicts. Each entry keeps its
    analysis, so checking one text costs the quick pre-check (:func:`_may_contradict`,
    a few set operations) per entry held, and the full, cached analysis only for the
    pairs that pass it.

    >>> guard = ContradictionGuard()
    >>> guard.append("User likes Vim"); guard.append("User prefers spaces")
    >>> guard.first("User prefers tabs")
    1
    """

    __slots__ = ("_rows",)

    def __init__(self) -> None:
        self._rows: list[tuple[_Analysis, str]] = []

    def append(self, text: str) -> None:
        self._rows.append((_analyse(text), text))

    def replace(self, index: int, text: str) -> None:
        self._rows[index] = (_analyse(text), text)

    def __len__(self) -> int:
        return len(self._rows)

    def first(self, text: str) -> int | None:
        """The index of the first entry ``text`` contradicts, or None."""
        x, may, reason = _analyse(text), _may_contradict, _contradiction_reason
        for i, (y, other) in enumerate(self._rows):
            if (
                may(x, y)
                and (reason(text, other) if text <= other else reason(other, text)) is not None
            ):
                return i
        return None


#: Terms that say how a fact holds, not what it is about ("uses", "likes", "writes").
_FRAME_TERMS: Final = frozenset(
    _term_of(w)[0]
    for w in _wordlist(
        "use uses like prefer want need write code develop program work build run deploy "
        "rely stick enjoy love is has ship ships host hosts target targets manage manages"
    )
)


#: Words that name the kind of thing a technology is or the work it is used for, in
#: general terms: "database of choice", "terminal emulator", "mobile apps", "workloads".
#: They add nothing to "uses X" (a feature such as "strict mode" or "type hints" does).
_GENERIC_TERMS: Final = frozenset(
    _term_of(w)[0]
    for w in _wordlist(
        "database db choice terminal emulator shell editor ide language lang framework "
        "library tool tooling runtime platform stack main primary preferred default favourite "
        "favorite daily usual go-to mostly mainly primarily app apps application applications "
        "project projects thing things stuff workload workloads machine machines box "
        "development dev local environment environments container containers target targets "
        "style styles styling notebook notebooks analysis work job day os operating "
        "package packages install installs statistics service services provider manager "
        "system software engine cloud device devices microcontroller microcontrollers mcu "
        "mcus server servers instance infrastructure infra code fpga fpgas board boards chip "
        "chips soc socs store storage web website websites site sites ui uis plain via "
        "model models every new start starts written build builds manage manages relies "
        "provision provisions provisioning deploy deploys deployment deployments"
    )
)


def residual_terms(text: str) -> frozenset[str]:
    """The terms of a memory besides its values, the verbs of using or liking and the
    generic nouns of :data:`_GENERIC_TERMS`: what it adds to "User uses X" ("strict mode"
    in "prefers TypeScript strict mode")."""
    x = _analyse(text)
    return frozenset(
        t
        for t in x.core
        if t not in _FRAME_TERMS
        and t not in _GENERIC_TERMS
        and x.values.get(t) not in {"tech", "number"}
    )


_OPPOSITES: Final = frozenset(
    frozenset(pair.split("/"))
    for pair in _wordlist(
        "same/own same/separate same/different on/off top/bottom before/after more/less "
        "always/never with/without enable/disable early/late upper/lower first/last "
        "inline/separate sync/async public/private old/new accept/reject allow/forbid "
        "allow/disallow optimist/pessimist implicit/explicit strict/loose mutable/immutable "
        "horizontal/vertical left/right client/server local/remote static/dynamic "
        "formal/casual formal/informal major/minor small/large small/big frontend/backend "
        "love/allerg like/allerg enjoy/allerg up/down upstairs/downstairs eat/avoid "
        "drink/avoid enabled/disabled smoker/non-smoker comfortable/terrified "
        "comfortable/afraid comfortable/scared comfortable/nervous comfortable/anxious "
        "confident/nervous confident/anxious confident/afraid confident/scared "
        # opposites of a life: "married" / "single", a renter / a homeowner
        "married/single married/divorced introvert/extrovert introverted/extroverted "
        "renter/homeowner tenant/homeowner urban/rural "
        "city/countryside lefthanded/righthanded"
    )
)


def _opposites_table() -> dict[str, frozenset[str]]:
    """Each word of :data:`_OPPOSITES` -> its opposites (one look per word, not per pair)."""
    table: dict[str, set[str]] = {}
    for pair in _OPPOSITES:
        for word in pair:
            table.setdefault(word, set()).update(pair - {word})
    return {word: frozenset(others) for word, others in table.items()}


_OPPOSITE_OF: Final = _opposites_table()
_NEGATING_PREFIXES: Final = ("un", "in", "im", "dis", "non", "ir", "il")


def _opposites_in(only_x: AbstractSet[str], only_y: AbstractSet[str]) -> bool:
    """A word of ``only_x`` and one of ``only_y`` (or their stems) that are opposites."""
    stems_y: set[str] | None = None
    for w in only_x:
        if w in _OPPOSITE_OF and not _OPPOSITE_OF[w].isdisjoint(only_y):
            return True
        stem = _stem(w)
        if stem in _OPPOSITE_OF:
            if stems_y is None:
                stems_y = {_stem(v) for v in only_y}
            if not _OPPOSITE_OF[stem].isdisjoint(stems_y):
                return True
    return False


def _only_words(x: _Analysis, y: _Analysis) -> tuple[frozenset[str], frozenset[str]]:
    """The words of each memory that the other does not have."""
    return x.word_set - y.word_set, y.word_set - x.word_set


def _opposed(x: _Analysis, y: _Analysis) -> bool:
    """Words on the two sides that are opposites ("same line" / "own line") or one the
    negated form of the other ("acceptable" / "unacceptable")."""
    only_x, only_y = _only_words(x, y)
    if not (only_x and only_y):
        return False
    return _opposites_in(only_x, only_y) or any(
        prefix + w in only_y or (w.startswith(prefix) and w[len(prefix) :] in only_y)
        for w in only_x
        for prefix in _NEGATING_PREFIXES
    )


#: Words of when, said beside a stop ("hasn't kept a journal *in months*"): not what stopped.
_WHEN_TERMS: Final = frozenset(
    _term_of(w)[0]
    for w in _wordlist("month months year years week weeks ages while lately recently now days")
)


def stops(new: str, old: str) -> bool:
    """True when ``new`` says the user no longer does what ``old`` says, in fewer words
    ("User has stopped going to the gym" / "User goes to the gym three times a week"):
    ``new`` is negative, ``old`` is not, and every word of ``new`` but the words of when
    is in ``old``."""
    x, y = _analyse(new), _analyse(old)
    if not x.negative or y.negative:
        return False
    said = x.core - _WHEN_TERMS
    return any(x.terms[t] == 1.0 for t in said) and said <= y.core


def synonymous(a: str, b: str) -> bool:
    """True when two words are one term of the thesaurus ("metro" / "subway")."""
    return _term_of(a.casefold())[0] == _term_of(b.casefold())[0]


def adds_to(a: str, b: str) -> bool:
    """True when one memory says all the other says and more of its own ("User has a dog"
    / "User has a dog and a cat", "User uses Kubernetes" / "User uses Helm to deploy to
    Kubernetes"): a second fact beside the first, not the first said again."""
    x, y = _analyse(a), _analyse(b)
    (small, _), (large, text) = sorted(((x, a), (y, b)), key=lambda p: len(p[0].core))
    more = [t for t in large.core - small.core if large.terms[t] == 1.0]
    named = any(large.values.get(t) in {"tech", "name", "number"} for t in more)
    joined = _JOINED_RE.search(text) is not None  # ("a dog and a cat": a second thing)
    return bool(small.core and more) and small.core <= large.core and (named or joined)


_JOINED_RE: Final = re.compile(r"\b(?:and|plus|as well as|along with)\b|&", re.IGNORECASE)


def opposite_words(a: str, b: str) -> bool:
    """True when a word of one memory and a word of the other are a pair of opposites
    ("public" / "private", "up" / "down"), not a word and its negated form nor "with" /
    "without" (which reword one fact: "without preamble" / "with no intro")."""
    x, y = _analyse(a), _analyse(b)
    only_x, only_y = (words - {"with", "without"} for words in _only_words(x, y))
    return _opposites_in(only_x, only_y)


def opposed(a: str, b: str) -> bool:
    """True when a word of one memory is the opposite of a word of the other ("same line"
    / "own line", "acceptable" / "unacceptable")."""
    return _opposed(_analyse(a), _analyse(b))


def same_values(a: str, b: str) -> bool:
    """True when two memories name the same values (technologies, numbers, names,
    exclusive values) with the same polarity, and no word of one is the opposite of a
    word of the other."""
    x, y = _analyse(a), _analyse(b)
    if x.negative != y.negative:
        return False
    if _own_values(x, y) != _own_values(y, x):
        spelled = _acronyms_spelled_out(a, b)
        if spelled is None:
            return False
        x, y = _analyse(spelled[0]), _analyse(spelled[1])
        if _own_values(x, y) != _own_values(y, x):
            return False
    return not _opposed(x, y)  # (the costly look last)


def _own_values(x: _Analysis, y: _Analysis) -> frozenset[str]:
    """The values of ``x`` that ``y`` does not say another way: a name ``y`` says where
    a sentence starts is a name there too ("Bailey — the user's golden retriever", "Thai
    food is their fave"; not "fights rust"), and a name ``y`` writes in lower case before
    the same word is that word ("the Payments team" / "the payments team"; not "a Jaguar" /
    "the jaguar", "Apple" / "an apple orchard")."""
    return frozenset(
        t
        for t in x.value_terms - y.initials
        if not (
            x.values[t] == "name" and t in y.terms and t not in y.values and _said_before(x, y, t)
        )
    )


def _said_before(x: _Analysis, y: _Analysis, term: str) -> bool:
    """``y`` has a word of ``term`` before the word that follows it in ``x``."""
    return any(_term_of(w)[0] == term and (w, n) in y.word_pairs for w, n in x.word_pairs)


#: An acronym: two to six capitals ("MIT", "UCLA", "HF").
_ACRONYM_RE: Final = re.compile(r"(?<![\w-])[A-Z]{2,6}(?=s?\b)(?!-\w)")
_SKIPPED_IN_NAMES: Final = r"(?:(?:of|the|and|for|&|de)\s+)?"
#: At most this many acronyms of a memory are looked for spelled out (bounded time).
_MAX_ACRONYMS: Final = 4


def _acronyms_spelled_out(a: str, b: str) -> tuple[str, str] | None:
    """``a`` and ``b`` with the capitalised words one spells out put as the other's
    acronym ("Massachusetts Institute of Technology" / "MIT", "University of California,
    Los Angeles" / "UCLA", "Hugging Face" / "HF"; not "black Mercedes wagon" / "BMW"), or
    None when neither spells out an acronym of the other."""
    texts = [a, b]
    for i in (0, 1):
        acronyms = list(dict.fromkeys(_ACRONYM_RE.findall(texts[i])))[:_MAX_ACRONYMS]
        for acronym in acronyms:
            spelled = re.compile(
                r"\b"
                + (r"[\s,-]+" + _SKIPPED_IN_NAMES).join(f"{c}[\\w'-]*" for c in acronym)
                + r"\b"
            )  # (case-sensitive: each word of the name starts with its capital)
            texts[1 - i] = spelled.sub(acronym, texts[1 - i])
    return (texts[0], texts[1]) if texts != [a, b] else None


def is_duplicate(new: str, existing: str, threshold: float = DEFAULT_DUPLICATE_THRESHOLD) -> bool:
    """True when ``new`` restates ``existing``: similarity above ``threshold``, no contradiction.

    ``threshold`` is a :func:`content_similarity` value in [0, 1]; at the default 0.8
    two memories may differ by about one content word (see the module docstring).

    >>> is_duplicate("User prefers concise answers", "User likes short, concise responses")
    True
    >>> is_duplicate("User prefers dark mode", "User prefers light mode")
    False
    """
    if not 0.0 <= threshold <= 1.0:
        raise InvalidArgumentError(
            f"threshold must be a number from 0 to 1, got {describe(threshold)}"
        )
    return content_similarity(new, existing) > threshold and not contradicts(new, existing)
