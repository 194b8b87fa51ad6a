# ruff: noqa: E501, SIM102
"""How people actually type facts: the turn-level clean-up and the clause shapes the
first-person rules of :mod:`amplify_memory.memory.user_facts` do not cover.

Turn level (:func:`prepare`, :func:`unsafe`, :func:`pieces`):

* typos and chat spellings of the words the rules key on ("prefre", "dont", "im",
  "i", "luv", "w/") are corrected word by word, only from a fixed table;
* "if/else", "try/catch" are code terms, not conditionals;
* a sentence carrying a credential (:mod:`amplify_memory.memory.secrets`) or an
  injected instruction ("ignore previous instructions", "you are now DAN", "reveal
  your system prompt", "always add this link") is dropped whole;
* sentences are cut at dashes, semicolons and "tho"/"but" joins, so a negation never
  reaches into the next clause.

Clause shapes (:func:`shaped_facts`, tried before the first-person rules):

* labelled lists: "Like: Go, Rust", "Dislike: Java", "Stack: SvelteKit, Drizzle";
* comparisons without a verb: "yarn > npm", "spaces over tabs, always", "pnpm over
  npm for monorepos";
* preferences without a subject: "Huge fan of Elixir", "LOVE svelte", "can't stand
  Java", "not a fan of ORMs", "much rather use pnpm", "Kotlin is my favourite",
  "I'm a Tailwind person", "Vim user here", "team tabs";
* technology without a verb of use: "We're on Rails 7 and Sidekiq", "I'm on Linux with
  Neovim", "infra is Terraform on AWS", "our backend runs Go 1.22", "daily driver is
  a MacBook", "Python for scripts, Go for services", a bare list "Neovim + tmux";
* standing instructions in the imperative: "Explain with diagrams", "Use American
  spelling", "Prefer f-strings", "No emojis", "Answer in German", "always trailing
  commas" -- but not one-off tasks ("use React for this component", "fix it");
* answers' units, lengths and parts: "prices in euros please", "3-4 lines max", "prose
  reads better to me now", "you can drop the emojis", "don't schedule anything before 9";
* goals and news said in passing: "training for my first marathon", "saving up for a
  motorbike licence", "new job at a brewery", "got laid off from Meta" (the chat
  shortcuts of :data:`_CHAT_SHORTCUTS` rewrite such news into first-person statements).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Callable
from enum import Enum
from functools import lru_cache
from typing import Final

from amplify_memory.memory._categories import category_of
from amplify_memory.memory._facts import ExtractedFact
from amplify_memory.memory._text import (
    CHILD_NOUNS,
    DESCRIBED,
    FAVOURITE_KINDS,
    FIELD_NOUNS,
    HUMAN_LANGUAGES,
    NOT_A_ROLE,
    PAUSED_SPORTS,
    PET_NOUNS,
    ROLE_NOUNS,
    WORKPLACE_NOUNS,
    favourite_value,
    indefinite_article,
    wordlist,
)
from amplify_memory.memory.choices import KINDS
from amplify_memory.memory.instructions import instruction_signal
from amplify_memory.memory.places import is_place
from amplify_memory.memory.secrets import find_secrets
from amplify_memory.memory.technologies import (
    VERSION_AFTER_RE,
    Mention,
    find_technology_mentions,
    lookup_technology,
    name_spans,
)
from amplify_memory.text import ENGLISH_STOP_WORDS

__all__ = [
    "FOREIGN_LANGUAGE",
    "LANGUAGE_NAMES",
    "NOT_BEFORE_A_VERDICT",
    "SECRET_MARK",
    "STANDING_PHRASES",
    "WORK_NOW_RE",
    "injected",
    "is_allergen",
    "pieces",
    "polish",
    "prepare",
    "shaped_facts",
]

SECRET_MARK: Final = "\u2063secret\u2063"

_TYPOS: Final[dict[str, str]] = {
    "prefre": "prefer",
    "perfer": "prefer",
    "prefere": "prefer",
    "preffer": "prefer",
    "prefr": "prefer",
    "pefer": "prefer",
    "prfer": "prefer",
    "prefers": "prefers",
    "perfers": "prefers",
    "prefres": "prefers",
    "prefered": "preferred",
    "preffered": "preferred",
    "alwyas": "always",
    "allways": "always",
    "alwasy": "always",
    "awlays": "always",
    "alwys": "always",
    "alway": "always",
    "alwayz": "always",
    "nver": "never",
    "neve": "never",
    "realy": "really",
    "relly": "really",
    "dont": "don't",
    "doesnt": "doesn't",
    "didnt": "didn't",
    "cant": "can't",
    "wont": "won't",
    "anymor": "anymore",
    "isnt": "isn't",
    "arent": "aren't",
    "im": "I'm",
    "ive": "I've",
    "id": "I'd",
    "i": "I",
    "u": "you",
    "ur": "your",
    "pls": "please",
    "plz": "please",
    "plese": "please",
    "thx": "thanks",
    "tho": "though",
    "luv": "love",
    "lve": "love",
    "lov": "love",
    "lke": "like",
    "liek": "like",
    "usign": "using",
    "uisng": "using",
    "useing": "using",
    "ues": "use",
    "mostyl": "mostly",
    "wanna": "want to",
    "tryna": "trying to",
    "gf": "girlfriend",
    "bf": "boyfriend",
    "n": "and",  # "my wife n i", "cats n dogs"
    "nd": "and",
    "insted": "instead",
    "instaed": "instead",
    "isntead": "instead",
    "gona": "gonna",
    "studnet": "student",
    "simpel": "simple",
    "sugest": "suggest",
    "suggset": "suggest",
    "writen": "written",
    "andriod": "android",
    "explination": "explanation",
    "explainations": "explanations",
    "exmaple": "example",
    "exmaples": "examples",
    "langauges": "languages",
    "framwork": "framework",
    "databse": "database",
    "libary": "library",
    "prefrence": "preference",
    "posible": "possible",
    "possibl": "possible",
    "recomend": "recommend",
    "alot": "a lot",
    # everyday words of who one is and where, mistyped
    "perosnally": "personally",
    "personaly": "personally",
    "studyng": "studying",
    "studing": "studying",
    "elektrician": "electrician",
    "electrican": "electrician",
    "sinse": "since",
    "evrything": "everything",
    "everthing": "everything",
    "answrs": "answers",
    "livin": "living",
    "goin": "going",
    "becasue": "because",
    "thier": "their",
    "definately": "definitely",
    "untill": "until",
    "freind": "friend",
    "frend": "friend",
    "develoepr": "developer",
    "programer": "programmer",
    "wokring": "working",
    "thats": "that's",
    "r": "are",
    "w": "with",
    "b4": "before",
    "whats": "what's",
    "hows": "how's",
    "whos": "who's",
    "wheres": "where's",
    "whichs": "which",
    "wat": "what",
    "yrs": "years",
    "yr": "year",
    "exp": "experience",
    "workin": "working",
    "wrk": "work",
    "wrks": "works",
    "wrking": "working",
    "wokr": "work",
    "truk": "truck",
    "trukdriver": "truck driver",
    "truckdriver": "truck driver",
    "lorrydriver": "lorry driver",
    "taxidriver": "taxi driver",
    "busdriver": "bus driver",
    "usin": "using",
    "codin": "coding",
    "buildin": "building",
    "runnin": "running",
    "writin": "writing",
    "nmae": "name",
    "naem": "name",
    "nam": "name",
    "becuase": "because",
    "swtiched": "switched",
    "swiched": "switched",
    "swtich": "switch",
    "swich": "switch",
    "beacuse": "because",
    "writting": "writing",
    "devloper": "developer",
    "developper": "developer",
    "enginer": "engineer",
    "b/c": "because",
    "bc": "because",
    "w/": "with",
    "w/o": "without",
    "favorite": "favorite",
    "fav": "favourite",
    "fave": "favourite",
    "favourit": "favourite",
    "favorit": "favorite",
    "langauge": "language",
    "lang": "language",
    "ide": "IDE",
    "indentaion": "indentation",
    "indendation": "indentation",
    "identation": "indentation",
    "tabz": "tabs",
    "spaecs": "spaces",
    "answres": "answers",
    "anwsers": "answers",
    "concice": "concise",
    "consise": "concise",
    "hte": "the",
    "teh": "the",
    "explian": "explain",
    "rly": "really",
    "srsly": "seriously",
    "defo": "definitely",
    "def": "definitely",
    "prob": "probably",
    "ppl": "people",
    "js": "JS",
    "ts": "TS",
    # phone typing: swapped letters, a space or a "g" dropped
    "shrot": "short",
    "shrt": "short",
    "ihave": "I have",
    "iam": "I am",
    "switchd": "switched",
    "swithced": "switched",
    "lizzard": "lizard",
    "keybord": "keyboard",
    "hygenist": "hygienist",
    "bulletpoints": "bullet points",
    "teachin": "teaching",
    "coachin": "coaching",
    # the words of what one is and wants, mistyped
    "wnat": "want",
    "wnats": "wants",
    "wnt": "want",
    "wnts": "wants",
    "whant": "want",
    "bookeeper": "bookkeeper",
    "bookeepers": "bookkeepers",
    "buisness": "business",
    "buisnesses": "businesses",
    "busines": "business",
    "hotle": "hotel",
    "captian": "captain",
    "nigth": "night",
    "nurce": "nurse",
    "teecher": "teacher",
    "techer": "teacher",
    "engeneer": "engineer",
    "develper": "developer",
    "farmar": "farmer",
    "retird": "retired",
    "vegitarian": "vegetarian",
    "vegeterian": "vegetarian",
    "alergic": "allergic",
    "allergick": "allergic",
    "diabetik": "diabetic",
    "gotmy": "got my",
    "lastmonth": "last month",
    "lastyear": "last year",
    "doin": "doing",
    "learnin": "learning",
    "studyin": "studying",
    "tryin": "trying",
    "startin": "starting",
    "wroking": "working",
    "workng": "working",
    "desgn": "design",
    "husbnd": "husband",
    "hubsand": "husband",
    "girlfreind": "girlfriend",
    "boyfreind": "boyfriend",
    "usualy": "usually",
    "usally": "usually",
    "ususally": "usually",
    "lefthanded": "left-handed",
    "righthanded": "right-handed",
    "projecs": "projects",
    "replys": "replies",
}
_TYPO_RE: Final = re.compile(r"(?<![\w/.-])(?:[A-Za-z]+(?:/o|/)?)(?![\w/-])")
_EMOJI: Final = "\U0001f000-\U0001faff\u2600-\u27bf"  # (a character class's ranges)
#: What joins or qualifies an emoji: a variation selector, the zero-width joiner, a
#: keycap, and the tag characters of a flag such as Wales's or Scotland's.
_EMOJI_JOINERS: Final = "\ufe0f\u200d\u20e3\U000e0020-\U000e007f"
_EMOJI_RE: Final = re.compile(f"[{_EMOJI}{_EMOJI_JOINERS}]+")
#: An emoji between two sentences: after a word, before a question word or a subject.
_EMOJI_SENTENCE_RE: Final = re.compile(
    f"(?<=[\\w)])[ \t]*[{_EMOJI}][{_EMOJI_JOINERS}]*[ \t]+"
    "(?=(?i:what|how|why|when|where|which|who|can|could|is|are|do|does|any|anyone|i|i'm|we|my|"
    "so|but|also|btw|anyway|anyways|plus|pls|please|still|maybe|just|she|he|they|it|our|"
    "now|honestly)\\b|\\d)"  # (or a number: "retired teacher here 👋 71 yrs young")
)
#: A heart said as the verb: "I ❤️ rust", "i 💙 svelte".
_HEART_VERB_RE: Final = re.compile(
    "\\b[Ii][ \t]*+[\u2764\U0001f499\U0001f49a\U0001f49b\U0001f49c\U0001f9e1\U0001f5a4"
    "\U0001f90d\U0001f497\U0001f496][\ufe0f]?[ \t]*+(?=\\w)"
)
_CODE_TERMS_RE: Final = re.compile(r"\b(if|try|do)\s*/\s*(else|catch|except|while)\b", re.I)

_INJECTION_RE: Final = re.compile(
    r"\b(?:ignore|disregard|forget|override|bypass)\s+(?:all\s+|any\s+|the\s+|your\s+|my\s+)?"
    r"(?:previous|prior|above|earlier|preceding|system|safety|original|those)?\s*"
    r"(?:instructions?|prompts?|rules|guidelines|guardrails|directions|restrictions|filters)"
    r"|\bsystem\s+prompt\b|\b(?:you are|you're|ur)\s+now\b|\bact as (?:an? )?(?:DAN|unrestricted|"
    r"unfiltered|jailbroken)\b|\bDAN\b|\bjailbreak\w*|\bdeveloper mode\b|\bgod mode\b"
    r"|\b(?:no|without)\s+(?:rules|restrictions|limits|filters|guardrails|censorship)\b"
    r"|\breveal\s+(?:your|the)\s+(?:prompt|instructions|system|hidden|secret|rules)"
    r"|\bpretend (?:you are|you're|to be)\b|\b(?:include|add|insert|append|put|paste)\s+"
    r"(?:this|the following|a|my)\s+(?:link|url|script|tracking|referral)"
    r"|https?://|\bwww\.\w|\badmin(?:istrator)? password\b|\bexfiltrat\w*"
    r"|\bsend (?:me |all |the |every )?(?:user )?(?:data|files|keys|passwords|credentials|secrets)\b"
    r"|\bnew instructions?\s*:|\b(?:respond|reply|answer) only with\b"
    # commands to obey, and a claimed rank over the assistant
    r"|\b(?:must|will|shall|have\s+to)\s+obey\b|\bobey\s+(?:every|all|my)\b"
    r"|\bwithout\s+question(?:ing)?\b|\bremember\s+forever\b"
    r"|\bset\s+user_?role\b|\b(?:grant|give|make)\s+me\s+(?:an?\s+)?(?:admin|root|sudo|"
    r"superuser)\b"
    r"|\btrusted\s+(?:developer|system|admin)\s+message\b"
    # a forged tool call, a fixed reply, a plug in every answer, a claimed rank
    r"|\[\[\s*\w+[.:]|\bmemory\.(?:write|store|save|set|add)\b"
    r"|\b(?:respond|reply|answer)\s+(?:only\s+)?with\s+['\"\u201c]"
    r"|\b(?:recommend|mention|promote|advertise|plug|suggest)\s+(?:buying\s+|using\s+)?"
    r"(?:(?:our|my|the)\s+)?(?-i:[A-Z])[\w.-]*.{0,60}\bin\s+(?:every|each|all)\s+"
    r"(?:answers?|repl(?:y|ies)|responses?|messages?)\b"
    r"|\b(?:end|start|finish|sign)\s+(?:every|each|all)\s+(?:answers?|repl(?:y|ies)|responses?)\s+"
    r"with\s+(?:a\s+)?link\b"
    r"|\buser(?:'s)?\s+(?:has|have|is|name\s+is|role\s+is)\s+(?:an?\s+)?(?:root|admin|"
    r"administrator|superuser|sudo)\b",
    re.IGNORECASE,
)

#: Not a comma before a verdict on what comes before it ("Aisle seat, always", "dark mode,
#: never"): one clause. (Read by both clause splitters, this one and the user facts'.)
NOT_BEFORE_A_VERDICT: Final = r"(?!(?:always|never|please)\W*$)"
_SPLIT_RE: Final = re.compile(
    r"\s+[-\u2013\u2014]+\s+|\s*[\u2013\u2014]\s*|\s*(?<!\bTL);(?!DR\b)\s*|\s*\|\s*"
    r"|,?\s+and\s+(?=for this (?:one|project|repo|app)\b)"
    r"|,?\s+(?:even\s+)?(?:though|although|whereas|tho)\s+|\s+\(\s*|(?<!\()\s*\)(?=\s|$|[,.;:])"
    r"|,?\s+but\s+(?=(?:I|we|my|our|this|the|that|it|its|it's|they|there|no|never|"
    r"always|please|for|in|at|when)\b)"
    rf"|,\s+{NOT_BEFORE_A_VERDICT}"
    r"(?=(?:and\s+|but\s+)?(?:also\s+)?(?:i|I|we|my|our|no|never|always|please|love|hate|"
    r"can't|cannot|huge|big|prefer|much|rather|dislike|like)\b)"
    r"|,?\s+and\s+(?=(?:I|we|my|our|never|always|no)\b)"
    r"|\s*:\s+(?=(?:I|I'm|I am|my|we|we're|our)\b)"
    r"|,\s+(?=[\w.+#-]+\s+(?:is|are|was|were)\s)"
    r"|,\s+(?=(?:[\w.+#-]+\s+){1,3}(?:for me|all the way)\s*$)",
)
#: The label before a colon that makes what follows one statement about a project:
#: "Decision from today's meeting", "Rule for the whole codebase", "uni rules".
LABEL_LEFT: Final = (
    r"^(?:[\w'-]+\s+){0,2}?(?P<label>decision|rule|constraint|requirement|convention|policy|"
    r"standard|guideline)s?(?:\s+(?:from|for|of|on|in)\s+[^:]{1,40}?)?"
)
LABEL_LEFT_RE: Final = re.compile(LABEL_LEFT + "$", re.IGNORECASE)
_LIST_COLON_RE: Final = re.compile(r"^(?P<left>(?:\S+\s+){2,}\S+?)\s*:\s+(?P<right>.+)$")
_FRAME_LEFT_RE: Final = re.compile(
    r"^(?:for|in|on) (?:this|the|our) (?:project|repo|repository|codebase|app|service|one)$",
    re.IGNORECASE,
)


def _fix_word(match: re.Match[str]) -> str:
    word = match.group()
    fixed = _TYPOS.get(word.lower())
    if fixed is None or (word.lower() in {"js", "ts", "ide"}):
        return word
    if word.isupper() and len(word) > 1 and word.lower() not in {"im", "ive"}:
        return word  # an acronym ("ID", "TS") stays ("ID LIKE ..." is read in prepare)
    if word == "def" and re.match(r"[ \t]+\w+\s*\(", match.string[match.end() : match.end() + 60]):
        return word  # a Python function's "def greet():", not chat's "definitely"
    if word in {"R", "U", "W", "N"}:
        return word  # the language R, a "U" bend: chat's "r", "u" are written lower-case
    if word == "n" and not re.match(r" [a-z]", match.string[match.end() : match.end() + 2]):
        return word  # "cats n dogs" is "and"; French "n'utilise", "n/a" are not
    if word.lower() == "id" and not _AFTER_ID_RE.match(match.string, match.end()):
        return word  # "keyed by user id only": an identifier; "id rather ...": I'd
    return fixed


#: What follows "id" typed for "I'd" ("id rather", "id prefer", "id say").
_AFTER_ID_RE: Final = re.compile(
    r"\s+(?:rather|prefer|like|love|say|go|use|want|need|be|have|think|recommend|suggest|"
    r"never|always|also|probably|definitely|really|much|still|just|hate|pick|choose)\b",
    re.IGNORECASE,
)


def _deletes(word: str) -> set[str]:
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


@lru_cache(maxsize=1)
def _tech_spellings() -> tuple[frozenset[str], dict[str, str], dict[str, str]]:
    """(the one-word plain aliases and language names, each by its one-letter deletions,
    each by its one-letter deletions of length >= 7) for correcting misspelt names."""
    from amplify_memory.memory.technologies import TECHNOLOGIES

    words: set[str] = set()
    for tech in TECHNOLOGIES:
        for alias in (tech.name, *tech.aliases):
            low = alias.lower()
            if re.fullmatch(r"[a-z]{6,}", low) and low not in tech.common:
                words.add(low)
    words |= {n for n in LANGUAGE_NAMES.split("|") if len(n) >= 7}  # "portugese"
    by_delete: dict[str, str] = {}
    for word in sorted(words):
        for d in _deletes(word):
            by_delete.setdefault(d, word)
    return frozenset(words), by_delete, {d: w for d, w in by_delete.items() if len(w) >= 7}


@lru_cache(maxsize=1)
def _all_aliases() -> frozenset[str]:
    """Every alias, plain or common, in lower case: a word that is one is never corrected."""
    from amplify_memory.memory.technologies import TECHNOLOGIES

    return frozenset(a.lower() for t in TECHNOLOGIES for a in (t.name, *t.aliases, *t.common))


@lru_cache(maxsize=1)
def _squashed_aliases() -> dict[str, str]:
    """Names of several words or with dots and dashes, written as one word: "gitlabci"."""
    from amplify_memory.memory.technologies import TECHNOLOGIES

    out: dict[str, str] = {}
    for tech in TECHNOLOGIES:
        for alias in (tech.name, *tech.aliases):
            squashed = re.sub(r"[\s.\-_]", "", alias.lower())
            if squashed != alias.lower() and len(squashed) >= 6 and squashed.isalpha():
                out.setdefault(squashed, tech.name)
    return out


_LONG_WORD_RE: Final = re.compile(r"(?<![\w.@/-])[A-Za-z]{5,}(?![\w@/-])")
#: English words of five letters one letter from a name of six (Debian's wamerican).
_ENGLISH_FIVE: Final = frozenset(
    [
        "karna",  # (Hindi "to do": "shift karna" is no slip of Klarna)
        "cents",
        "gland",
        "grade",
        "llama",
        "meter",
        "movie",
        "nests",
        "nodes",
        "oxide",
        "papal",
        "plunk",
        "prism",
        "query",
        "radio",
        "react",
        "sharp",
        "slunk",
        "spunk",
        "state",
        "strap",
        "works",
    ]
)
_ENGLISH_NEAR: Final = frozenset(
    # English words one letter from a technology's name, partly found by running the
    # corrector over an English word list (Debian's wamerican) at development time
    [
        "alacrity",
        "anacondas",
        "androids",
        "beaver",
        "beavers",
        "chromes",
        "cloture",
        "conjure",
        "couched",
        "elixirs",
        "embers",
        "falsify",
        "firestorm",
        "freebase",
        "frigate",
        "ghostly",
        "liveware",
        "mintiest",
        "minutest",
        "nutshell",
        "playwrights",
        "postures",
        "pythons",
        "quarks",
        "solidify",
        "stagger",
        "stolidity",
        "submersion",
        "svelter",
        "swagged",
        "swaggers",
        "tailwinds",
        "tenacity",
        "threes",
        "tomcats",
        "typescripts",
        "unicorn",
        "unicorns",
        "waylaid",
        "string",
        "strings",
        "docket",
        "locker",
        "rocket",
        "pocket",
        "preact",
        "reacts",
        "select",
        "sorted",
        "sprint",
        "members",
        "closure",
        "closures",
        "upright",
        "jupiter",
        "rebuild",
        "rebuilds",
        "electrons",
        "expresses",
        "solids",
        "rustling",
        # found again after new names (iMovie, Finnish, SketchUp, Pro Tools, ...) joined
        "analyzer",
        "babble",
        "catalpa",
        "checkpoint",
        "finish",
        "fortieth",
        "ketchup",
        "lichees",
        "lichens",
        "procreated",
        "procreates",
        "protocol",
        "protocols",
        "revolt",
        "revolts",
        "ubiquity",
    ]
)


def _is_alias(word: str) -> bool:
    return word.lower() in _all_aliases()


def _fix_tech_spelling(match: re.Match[str]) -> str:
    word = match.group()
    low = word.lower()
    if len(low) > 40:
        return word  # no name is that long (and the edits below cost len**2)
    aliases, by_delete, long_only = _tech_spellings()
    if low in aliases or low in _ENGLISH_NEAR or low in _all_aliases():
        return word
    if len(low) == 5:  # only a letter left out of a longer name: "kotin"
        if low in _ENGLISH_FIVE or (word[0].isupper() and word[1:].islower()):
            return word  # (a name: "Delhi" is no slip of Delphi, "Karna" none of Klarna)
        return by_delete.get(low, word)
    squashed = _squashed_aliases().get(low)
    if squashed is not None:  # "dockercompose", "githubactions"
        return squashed
    if low in by_delete:  # a letter left out: "typscript"
        return by_delete[low]
    # two letters swapped: "pyhton" (not a name's first two: "Ankama" is no "Nakama")
    for i in range(1 if word[:1].isupper() else 0, len(low) - 1):
        swapped = low[:i] + low[i + 1] + low[i] + low[i + 2 :]
        if swapped in aliases:
            return swapped
    for d in _deletes(low):
        if d in aliases:  # a letter too many: "postgress"
            return d
        if d in long_only and len(low) >= 7 and long_only[d][0] == low[0]:
            return long_only[d]  # a letter swapped or wrong: "pyhton" (not the first:
            # "bookeeper" is no ZooKeeper)
    return word


#: Where a request to remember starts: the text's start, after a sentence's end, or a
#: line's start (its indentation read without going back: a run of newlines stays linear).
_REQUEST_START: Final = r"(^|[.!;]\s+|\n[^\S\n]*)"


#: A word the user puts right in the same breath: "Priyaa, sorry Priya", "Go, I mean
#: Rust", "tabs - err, spaces".
_SELF_FIX_RE: Final = re.compile(
    r"(?<![\w.+#-])(?P<old>[\w.+#-]{2,30})[ \t]*+(?:,|-|\u2014)?[ \t]*+(?:sorry|I mean|I meant|"
    r"err|erm|or rather|oops),?[ \t]++(?P<new>[\w.+#-]{2,30})(?![\w.+#-])",
    re.IGNORECASE,
)


def _self_fix(match: re.Match[str]) -> str:
    old, new = match["old"], match["new"]
    similar = old[:2].lower() == new[:2].lower()
    named = new[0].isupper() or bool(_tech_names(new)) or new.lower() in {"tabs", "spaces"}
    if any(common_word(w) or w.lower() in ENGLISH_STOP_WORDS for w in (old, new)):
        return match.group()  # "..., sorry for the noise"
    return new if similar or named else match.group()


#: A name with its version joined on: "numpy2.0", "godot4.2", "python3.12", "unreal5".
_JOINED_VERSION_RE: Final = re.compile(
    r"(?<![\w.+#/-])([A-Za-z][A-Za-z]{2,})(\d+(?:\.\d+)*)(?![\w+#-])"
)


def _split_version(match: re.Match[str]) -> str:
    """The name and its version apart when the name alone is a known technology and the
    joined word is not one ("python3.12": "python 3.12"; "s3", "k8s", "web3" stay)."""
    whole, name = match.group(), match[1]
    if lookup_technology(whole) is not None or lookup_technology(name) is None:
        return whole
    return f"{name} {match[2]}"


@lru_cache(maxsize=16)  # (a chat turn in a project is read twice: its project's, its user's)
def prepare(text: str) -> str:
    """Secrets masked (:data:`SECRET_MARK`), typos fixed (in the words the rules key
    on and in technology names), code terms joined."""
    text = _mask_secrets(text)
    text = _spoken_punctuation(text)
    text = _QUESTION_AFTER_RE.sub(_stop_before_question, text)  # "im vegan what should i cook"
    text = _PREMISE_RE.sub(_premise, text)  # "since I'm vegan, what can I eat?"
    text = _normalise_chat_forms(text)
    text = _unwrap_leads(text)
    text = _SCOPED_LIST_RE.sub(_scoped_list, text)
    text = _split_run_together(text)
    return _fix_spellings(text)


#: A scope said before a colon, then what the user wants in it, as a list: "Whenever you
#: write React for me: functional components, never class components", "Any test you
#: write for me: plain pytest functions", "for R code: base R only", "plots: matplotlib
#: only, no plotly", "general rule for me: command first, explanation after".
_SCOPED_LIST_RE: Final = re.compile(
    r"(?P<lead>^|(?<=[.!?\n])[ \t]*)(?P<scope>"
    r"(?:when(?:ever)?|every ?time|any ?time|each time)\s+(?:you|u)\s+(?:write|give|show|make|"
    r"explain|answer|reply|generate|draft|send|suggest|create|recommend|describe|list|compare|"
    r"summari[sz]e|translate|review|plot|chart|draw|format|code|build|test|document)"
    r"(?:\s+me)?\s+[^:.!?\n,]{1,40}?"
    r"|any\s+(?P<any>[^:.!?\n,]{1,30}?\s+(?:you|u)\s+(?:write|give me|make|show me|send me|"
    r"generate)(?:\s+for me)?|(?:code|scripts?|quer(?:y|ies)|sql|tests?|functions?|examples?|"
    r"snippets?|commands?|recipes?|emails?|plots?|charts?|docs?|commits?|answers?)\b"
    r"[^:.!?\n,]{0,30}?)"
    r"|for\s+(?!(?:this|that|these|those|now|today|the|my|our|your|his|her|their|a|an|"
    r"example|instance|reference|context|what|real|sure|me|you|us|it|them|starters|fun|"
    r"ages|years|months|weeks|days|hours|reasons)\b)[^:.!?\n,]{0,30}?"
    r"(?:\bcode|[a-z]{2,}[^s\W]s)"  # (things of a kind: "for R code", "for recipes")
    r"|(?:plots?|charts?|graphs?|headings|recipes|units|answers|replies|responses|diagrams|"
    r"explanations)"
    r"|(?P<rule>general rule|rule of thumb|my rules?)(?:\s+for me)?)"
    r"[ \t]*:[ \t]*(?P<items>(?:[^.!?\n]|\.(?=\S))+)",
    re.IGNORECASE,
)
_LIST_VERB_RE: Final = re.compile(
    r"(?:use|write|set|add|put|give|keep|show|skip|avoid|include|stick|assume|explain|"
    r"comment|name|list|answer|reply|format|wrap|sort|return|call|leave|make|mark|quote|"
    r"prefer|start|end|run|pin|check|validate|escape|label|cite|link)\s+\S",
    re.IGNORECASE,
)


_NEGATED_ITEM_RE: Final = re.compile(r"(?:no|never|not|without)\s+(?P<x>.+)$", re.IGNORECASE)
_CLAUSE_IN_ITEM_RE: Final = re.compile(
    r"\b(?:is|are|was|were|be|been|must|needs?|can't|cannot|can|should|will|would|has|have|"
    r"had|we|we're|it|it's|that|they|I|I'm|you|he|she|do|does|did)\b|'s\b|n't\b",
    re.IGNORECASE,
)


def _scoped_list(match: re.Match[str]) -> str:
    """A scoped list said as one wish per item, the scope after it ("I want functional
    components whenever you write React. I don't want class components whenever you
    write React."), as the user's wishes are read elsewhere."""
    scope = re.sub(r"\s+for me$", "", match["scope"].strip(), flags=re.IGNORECASE)
    if match["any"]:  # "any test you write for me" -> "in any test you write"
        scope = f"in {scope[0].lower()}{scope[1:]}"
    elif match["rule"]:
        scope = ""
    elif not re.match(r"(?:when(?:ever)?|every|any|each|for)\b", scope, re.IGNORECASE):
        scope = f"for {scope.lower()}"  # a label: "plots" -> "for plots"
    else:
        scope = scope[0].lower() + scope[1:]
    tail = f" {scope}" if scope else ""
    said: list[str] = []
    items = [
        re.sub(r"\s+(?:please|pls|thanks|thx)$", "", i.strip(), flags=re.I)
        for i in re.split(r"\s*[,;]\s*", match["items"])
    ]
    items = [i for i in items if i]
    if match.string[match.end() : match.end() + 1] == "?" or any(
        _CLAUSE_IN_ITEM_RE.search(i) for i in items
    ):
        return match.group()  # ("For the rota app: under-18s can't ...": a statement)
    if len(items) >= 3 and all(
        len(i.split()) <= 2 and not _NEGATED_ITEM_RE.match(i) for i in items
    ):
        return match.group()  # an order of parts ("title, severity, impact, fix"): no wishes
    for item in items:
        if re.fullmatch(
            r"(?:always|every ?time|no exceptions|non-negotiable|please|pls|thanks)", item, re.I
        ):
            continue
        negated = _NEGATED_ITEM_RE.match(item)
        if negated:
            said.append(f"I don't want {negated['x']}{tail}.")
        elif _LIST_VERB_RE.match(item):
            said.append(f"I want you to {item[0].lower()}{item[1:]}{tail}.")
        else:
            said.append(f"I want {item}{tail}.")
    if not said:
        return match.group()
    return match["lead"] + " ".join(said)[:-1]  # (the message's own stop ends the last)


#: A question typed straight after a statement of the user's, with no stop between:
#: "im vegan what should i cook tonight", "i use arch how do i install steam".
_QUESTION_AFTER_RE: Final = re.compile(
    r"(\b(?:i|i'm|im|i've|ive|my)\b[^.!?\n]{2,80}?[a-z0-9)])[ \t]+(?=(?:what|how|where|which|when|"
    r"why|who)\s+(?:should|can|could|would|do|does|is|are|will|shall)\s+(?:i|you|we|it|my)\b|"
    r"(?:can|could|would)\s+(?:you|u)\s+(?!be\b)|any\s+(?:tips|ideas|suggestions|recs|"
    r"recommendations)\b)",
    re.IGNORECASE,
)
#: A statement of the user's given as the reason for the question after it: "since I'm
#: vegan, what can I eat?", "now that I live in Leeds, where ...?", "being diabetic, is
#: fruit ok?", "as a nurse on nights, how should I sleep?".
_PREMISE_RE: Final = re.compile(
    r"(?P<lead>^|[.!?\n][ \t]*)(?:(?P<since>since|because|cause|cuz|given\s+that|now\s+that|"
    r"seeing\s+(?:as|that)|considering)\s+(?=(?:I|I'm|Im|I\s+am|I've|I\s+have|my|we|we're)\b)"
    r"|(?P<being>being|as)\s+(?=(?:an?\s+)?[\w-]+))"
    r"(?P<said>[^,.;?!\n]{3,100}),[ \t]*"
    r"(?=(?:what|how|where|which|who|when|why|can|could|should|would|will|is|are|do|does|any)\b"
    r"[^.!\n]{0,300}\?)",
    re.IGNORECASE,
)


_AS_WHO_RE: Final = re.compile(
    rf"an?\s+(?:[\w-]+\s+){{0,2}}?(?:{ROLE_NOUNS}|beginner|parent|mum|mom|dad|vegan|vegetarian|"
    r"diabetic|runner|cyclist|climber|coeliac|celiac|student|expat|immigrant|renter|homeowner)\b",
    re.IGNORECASE,
)


def _premise(match: re.Match[str]) -> str:
    """The premise as a sentence of its own before the question ("I'm vegan. what ...")."""
    said, being = match["said"].strip(), (match["being"] or "").lower()
    if being == "as" and not _AS_WHO_RE.match(said):
        return match.group()  # ("as a joke, ...", "as far as I know, ..."): no one the user is
    if being == "being" and len(said.split()) > 3 and not re.match(r"an?\s", said, re.I):
        return match.group()  # ("being honest about it all, ...")
    return f"{match['lead']}{'I am ' if being else ''}{said}. "


_ASKING_END_RE: Final = re.compile(
    r"\b(?:know|wonder|wondering|ask|asking|understand|see|sure|idea|unsure|confused|curious|"
    r"tell me|figure out|show me|explain|learn|about|on|to)$",
    re.IGNORECASE,
)


def _stop_before_question(match: re.Match[str]) -> str:
    """A full stop between a statement and the question typed after it, unless the
    statement leads into the question ("I'd like to know what should I do")."""
    said = match[1]
    return match.group() if _ASKING_END_RE.search(said) else f"{said}. "


#: Punctuation said aloud by someone dictating ("I'm a paralegal comma and I use excel
#: period"): the marks, when a message says at least two of them.
_SPOKEN_MARK_RE: Final = re.compile(
    r"(?<!trailing)(?<!oxford)(?<!serial)(?<!dangling)(?<!a)(?<!the)(?<!no)(?<!\s)"
    r"[ \t]+(?P<mark>comma|period|full stop|question mark|exclamation (?:mark|point)|"
    r"new line|new paragraph)\b(?!\s*(?:separated|-separated|delimited|key|of time))",
    re.IGNORECASE,
)
_SPOKEN_WORD_RE: Final = re.compile(
    r"\b(?:comma|period|full stop|question mark|exclamation|new line|new paragraph)\b", re.I
)
_SPOKEN_MARKS: Final = {
    "comma": ",", "period": ".", "full stop": ".", "question mark": "?",
    "exclamation mark": "!", "exclamation point": "!", "new line": "\n", "new paragraph": "\n",
}  # fmt: skip


def _spoken_punctuation(text: str) -> str:
    if not _SPOKEN_WORD_RE.search(text) or len(_SPOKEN_MARK_RE.findall(text)) < 2:
        return text
    return _SPOKEN_MARK_RE.sub(lambda m: _SPOKEN_MARKS[m["mark"].lower()], text)


def _mask_secrets(text: str) -> str:
    """Secrets replaced by :data:`SECRET_MARK` (a full stop the match took stays)."""
    spans = find_secrets(text)
    if spans:
        out, pos = [], 0
        for span in spans:
            # a full stop the match took with it still ends the sentence ("... rS6. I use")
            tail = re.search(r"[.!?,;]+$", text[span.start : span.end])
            if span.kind == "token":  # a token said with no name: it goes, its words stay
                before = re.sub(
                    r"(?:[ \t]+(?:and|with|or|plus|&))?[ \t]*$", "", text[pos : span.start]
                )
                out += [before, ". " if not tail else tail.group() + " "]
            else:
                out += [text[pos : span.start], SECRET_MARK + (tail.group() if tail else "")]
            pos = span.end
        text = "".join([*out, text[pos:]])
    return text


_WE_RE: Final = re.compile(
    r"\b(?:me|myself)\s+and\s+(?:my|the)\s+(?:team|teammates|colleagues|coworkers|co-workers)\b"
    r"(?=\s+(?:use|are|were|have|switched|moved|migrated|went|dropped|stopped|now)\b)",
    re.IGNORECASE,
)


#: "nvm" said for "never mind": alone, or after "oh", "actually", "ok", "wait", before a
#: comma, a stop or the end ("oh nvm, found it").
_NEVER_MIND_RE: Final = re.compile(
    r"(?:^|(?<=[.!?,])|(?<=\b(?:oh|ah|ok|jk))|(?<=\blol)|(?<=\b(?:okay|wait))|(?<=\bsorry)|"
    r"(?<=\bactually))"
    r"(?P<gap>[ \t]{0,3},?[ \t]{0,3})nvm(?=[ \t]{0,3}(?:[,.!?;:)-]|$))",
    re.IGNORECASE | re.MULTILINE,
)


#: "I'm no longer working at X": "I no longer work at X".
_BARE_VERB: Final = {
    "working": "work", "living": "live", "using": "use", "studying": "study",
    "teaching": "teach", "running": "run", "coding": "code", "writing": "write",
}  # fmt: skip
_NO_LONGER_ING_RE: Final = re.compile(
    r"\b(I|we)(?:'m|'re|\s+am|\s+are)\s+no\s+longer\s+(" + "|".join(_BARE_VERB) + r")\b"
    r"(?!\s+(?:at|on)\s+(?:this|that|the\s+moment|all|full|night|\d|it\b|home\b))",
    re.IGNORECASE,
)
#: "no more" after a negation, for "anymore": "I don't work there no more".
_NO_MORE_RE: Final = re.compile(
    r"(\b(?:not|don't|dont|doesn't|doesnt|do\s+not|does\s+not|never|ain't)\b[^.,;!?\n]{1,60}?)"
    r"\s+no\s+more(?=\s*(?:[,.;:!?)]|$))",
    re.IGNORECASE,
)


#: What one drinks instead of another: "switched to green tea", "oat milk now".
_DRINKS: Final = (
    r"(?:green[ \t]+|black[ \t]+|herbal[ \t]+|mint[ \t]+)?tea|decaf(?:[ \t]+coffee)?|matcha|"
    r"oat[ \t]+milk|almond[ \t]+milk|soy[ \t]+milk|kombucha|sparkling[ \t]+water|"
    r"alcohol-free[ \t]+beer|non-alcoholic[ \t]+beer"
)
#: A verb's "-ing" with its "g" dropped, as chat writes it: "workin", "teachin'", "tryin".
_DROPPED_G_RE: Final = re.compile(
    r"\b(work|cod|try|teach|do|liv|runn|learn|us|build|look|gett|go|mak|tak|study|play|"
    r"writ|read|coach|cook|bak|farm|start|mov|think|plann|hop|want|sitt|driv|shopp|"
    r"travel|travell|stay|rent|train|volunteer|fix|sell|buy|clean|spend|switch|"
    r"swimm|walk|hik|knitt|paint|sew|garden|homeschool)in'?(?![\w'])",
    re.IGNORECASE,
)


#: "no more Java for me": a thing the user has stopped.
_NO_MORE_FOR_ME_RE: Final = re.compile(
    r"(^|[.!?;,][ \t]+)(?:(?:ok|okay|so|well|and)[ \t]+)?no\s+more\s+(?P<x>[\w.+#-]+(?:[ \t][\w.+#-]+)?)[ \t]+for[ \t]+me\b",
    re.IGNORECASE,
)


def _liked_item(m: re.Match[str]) -> str:
    """ "spicy: yes" as "I like spicy", in a list of likings typed in lower case with a "no"
    beside it ("cilantro: absolutely not"); a part of answers ("bullet points: yes") and a
    form's field ("Status: yes", "smoker: yes") as typed."""
    if (
        not m["x"].islower()
        or _STYLE_RE.search(m["x"])
        or _tech_names(m["x"])
        or m["x"] in _FORM_LABELS
        or not _VERDICT_NO_RE.search(m.string)
    ):
        return m.group()
    return f"{m[1]}I like {m['x']}"


#: A "no" said of an item of a list of likings: "cilantro: absolutely not", "mushrooms: meh".
_VERDICT_NO_RE: Final = re.compile(
    r"\b[a-z][\w-]*[ \t]*:[ \t]*(?:no|nope|nah|never|meh|hate|(?:absolutely|hell|definitely)[ \t]+not)\b"
)
#: Labels of a form whose "yes" is no liking: "smoker: yes", "married: yes".
_FORM_LABELS: Final = frozenset(
    {"smoker", "married", "single", "pregnant", "vegan", "vegetarian", "allergies", "kids",
     "pets", "children", "disabled", "student", "employed", "retired", "remote", "driver"}
)  # fmt: skip


def _none_of_a_part(m: re.Match[str]) -> str:
    """ "emojis in replies: no" as "no emojis in replies"; other "X: no" as typed."""
    return f"{m[1]}no {m['x']}" if _STYLE_RE.search(m["x"]) else m.group()


def _no_more_for_me(m: re.Match[str]) -> str:
    x = m["x"]
    return f"{m[1]}I no longer use {x}" if _tech_names(x) else f"{m[1]}I don't want {x} anymore"


#: One tool put in place of another: "Podman replaced Docker on all my machines".
_REPLACED_TOOL_RE: Final = re.compile(
    r"(?<![\w.-])(?P<x>(?-i:[A-Z])[\w.+#-]*)\s+(?:has\s+|have\s+)?replaced\s+"
    r"(?P<y>(?-i:[A-Z])[\w.+#-]*)(?![\w-])"
)


def _replaced_tool(match: re.Match[str]) -> str:
    x, y = lookup_technology(match["x"]), lookup_technology(match["y"])
    start = match.string[: match.start()].rstrip()
    said_first = (
        not start
        or start[-1] in ".!?;:\n"
        or bool(
            re.search(r"(?:^|[.!?;\n]\s*)(?:so|ok|okay|btw|fyi|yeah|update:?)[,:]?$", start, re.I)
        )
    )  # ("I doubt Bun replaced Node", "In 2014 Swift replaced Objective-C": not the user's)
    after = match.string[match.end() :]
    mine = re.match(
        r"\s*(?:$|[,.;!)]|\s*(?:on|across|in|at|for)\s+(?:all\s+)?(?:my|our)\b)", after, re.I
    )  # ("Bun replaced Node as our runtime for the API service": a part)
    if x is None or y is None or not said_first or mine is None:
        return match.group()
    return f"I use {match['x']} now instead of {match['y']}"


#: A pastime given up, and the one said to be "it" now: "gave up golf, it's pickleball
#: now", "I don't really do crossfit anymore, knees. It's swimming 3x a week now".
_STOPPED_PASTIME_RE: Final = re.compile(
    r"\b(?:gave\s+up|quit|stopped|(?:don't|do\s+not|dont)\s+(?:really\s+)?do\s+[\w-]+\s+"
    r"(?:anymore|any\s+more)|no\s+longer\s+do|not\s+doing)\b",
    re.IGNORECASE,
)
_NOW_PASTIME_RE: Final = re.compile(
    r"\b(?:it's|its|it\s+is)\s+(?:all\s+)?(?P<x>[a-z][a-z-]{2,})(?P<rest>(?:\s+(?:\d+x|once|twice|"
    r"three|four|\d+)\s+(?:a|per|times)\s+(?:a\s+)?week|\s+on\s+\w+days?)?)\s+"
    r"(?P<when>now|these\s+days|nowadays)\b",
    re.IGNORECASE,
)
_PASTIMES: Final = frozenset(
    [
        *KINDS["sport"],
        *KINDS["instrument"],
        *wordlist(
            "pickleball padel darts pool snooker chess bridge poker walking jogging gardening "
            "knitting crochet pottery painting drawing baking cooking dancing salsa ballet "
            "spinning rowing kayaking sailing archery fencing parkrun photography birdwatching "
            "woodworking sewing singing gaming reading writing meditation"
        ),
    ]
)
_BALL_GAMES: Final = frozenset(
    wordlist(
        "golf tennis pickleball padel squash badminton football soccer rugby cricket "
        "basketball baseball hockey volleyball netball chess bridge poker darts pool snooker"
    )
)


def _now_pastime(match: re.Match[str]) -> str:
    """The pastime "it's" now, when it is one ("it's pickleball now"; not "it's Friday
    now", "it's async now"); a tool the user uses ("it's Flutter now")."""
    x = match["x"]
    if lookup_technology(x) is not None:
        return f"I use {x}{match['rest']} {match['when']}"
    if x.lower() not in _PASTIMES:
        return match.group()
    verb = "play" if x.lower() in _BALL_GAMES else "do"
    return f"I {verb} {x}{match['rest']} {match['when']}"


def _life_said_plainly(text: str) -> str:
    """Everyday changes made plain: "I get up at 7" (the hour the user wakes), "Podman
    replaced Docker" (the user's switch), "gave up golf, it's pickleball now" (the pastime
    now), "I'm on a 4 day week" (the week the user works)."""
    text = re.sub(  # "I get up at 7": the hour the user wakes
        r"\b(I|I\s+usually|I\s+normally|I\s+always)\s+get\s+up\s+at\b",
        r"\1 wake up at",
        text,
        flags=re.I,
    )
    text = _REPLACED_TOOL_RE.sub(_replaced_tool, text)  # "Podman replaced Docker"
    text = re.sub(  # "I'm on a 4 day week now": the week the user works
        r"\b(I'm|I\s+am|im)\s+(?:now\s+)?on\s+a\s+(\w+)[- ]day\s+week\b",
        r"I work a \2-day week",
        text,
        flags=re.I,
    )
    if _STOPPED_PASTIME_RE.search(text):  # "gave up golf, it's pickleball now"
        text = _NOW_PASTIME_RE.sub(_now_pastime, text)
    return text


def _plain_wishes(text: str) -> str:
    """Chat's ways with a wish or a fact made plain: a dropped "g" ("workin"), "answer
    length — medium", "no more Java for me", "call me David, not Dave", "longer, detailed
    answers", "no longer using X", "when u can", "don't ever", "quit doing X"."""
    text = _DROPPED_G_RE.sub(r"\1ing", text)  # "workin nights", "teachin' 7th grade"
    text = _NO_MORE_FOR_ME_RE.sub(_no_more_for_me, text)  # "no more Java for me"
    text = _life_said_plainly(text)  # "I get up at 7", "gave up golf, it's pickleball now"
    text = re.sub(  # "call me David actually, not Dave": the name, the old one no fact
        r"\b(call\s+me\s+(?-i:[A-Z])[\w'-]*)(?:[ \t]+(?:actually|instead|now|please|pls))*"
        r"[ \t]*,?[ \t]+not[ \t]+(?-i:[A-Z])[\w'-]*",
        r"\1",
        text,
        flags=re.I,
    )
    text = re.sub(  # "longer, detailed answers": one wish of two words
        r"\b(longer|shorter|short|long|detailed|concise|simple|simpler|brief|clear)[ \t]*,[ \t]*"
        r"(?=(?:more[ \t]+)?(?:detailed|concise|simple|brief|short|long|shorter|longer|clear|plain)"
        r"[ \t]+(?:answers|replies|responses|explanations)\b)",
        r"\1 and ",
        text,
        flags=re.I,
    )
    text = re.sub(  # "no longer using vscode, ...": the user's "I'm" left out
        r"(^|[.!?;][ \t]+|\n[ \t]*)no[ \t]+longer[ \t]+(?=\w+ing\b)",
        r"\1I'm no longer ",
        text,
        flags=re.I,
    )
    text = re.sub(  # "avoid classes when u can": a wish, with no condition on the assistant
        r"(?<![ \t,]),?[ \t]++(?:when(?:ever)?|where(?:ver)?|if)[ \t]+(?:you|u)[ \t]+can\b"
        r"(?=[ \t]*+(?:[.,;!?\n]|$))",
        "",
        text,
        flags=re.I,
    )
    text = re.sub(  # "answer length — medium": a setting and its value
        r"\b((?:answer|reply|response|explanation)s?\s+(?:length|style|tone|format))\s*[\u2014\u2013-]+\s+",
        r"\1: ",
        text,
        flags=re.I,
    )
    text = re.sub(r"\b(?:don't|do\s+not|dont)\s+ever\b", "never", text, flags=re.I)
    text = re.sub(  # "Quit ending every answer with ...": stop doing it
        r"(^|[.!?]\s+)quit(?=\s+(?:ending|adding|using|giving|saying|writing|putting|including|"
        r"starting|asking|suggesting|recommending|apologi[sz]ing|explaining|repeating)\b)",
        r"\1Stop",
        text,
        flags=re.I,
    )
    return text


#: "an RN", "an ICU RN" (a nurse; not "an RN app", "an RN project": React Native).
_NURSE_RE: Final = re.compile(
    r"\b(?P<art>[Aa]n?|[Tt]he)\s+(?P<unit>(?:ICU|ER|NICU|PICU|OR|travel|charge|float|staff)\s+)?"
    r"RN\b(?!\s+(?:apps?|projects?|components?|codebase|version|devs?|developers?|modules?|"
    r"library|libraries|screens?|bridge|code)\b)"
)


def _nurse(found: re.Match[str]) -> str:
    article = found["art"]
    if not found["unit"] and article.lower() == "an":
        article = article[0]  # ("an RN": "a registered nurse")
    return f"{article} {found['unit'] or ''}registered nurse"


def _chat_typing(text: str) -> str:
    """Chat's typing made plain: "at al", "allergic 2 shellfish", "a 9 year old daughter",
    "my daughter's 9", "pls my english ...", "the UI-its", "Dr. Nowak", "pls no dairy in
    recipes", "so no running for now"."""
    text = re.sub(r"\bat\s+al(?=\s*(?:[,.;!?]|$))", "at all", text)  # "dont like it at al"
    text = re.sub(r"(?<=\w)-(?=(?:its|it's|thats|that's)\b)", " - ", text)  # "the UI-its so slow"
    text = re.sub(r"\b(Dr|Mr|Mrs|Ms|Prof)\.[ \t]+(?=[A-Z][a-z])", r"\1 ", text)  # "Dr. Nowak"
    text = re.sub(  # "knee surgery so no running for now": the pause is a sentence of its own
        r"[ \t]+(?:so|and)[ \t]+(?=no[ \t]+(?:" + PAUSED_SPORTS + r")[ \t]+for[ \t]+"
        r"(?:now|a[ \t]+while|the[ \t]+moment)\b)",
        ". ",
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(  # "pls no dairy in recipe suggestions": the rule, its polite word after it
        r"\b(?:pls|plz|please)[ \t]+(no[ \t]+[\w-]+(?:[ \t]+[\w-]+)?[ \t]+in[ \t]+(?:any[ \t]+|my[ \t]+)?"
        r"(?:recipes?|recipe[ \t]+\w+|meals?|meal[ \t]+plans?|dishes|food|snacks|lunch(?:es)?|"
        r"dinners?))(?=[ \t]*(?:[.!?,;]|$))",
        r"\1 please",
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(  # "a 9 year old daughter": the age as one word before the child
        r"\b(\d{1,2})[ \t]+(?:year|yr)s?[ \t]+old(?=[ \t]+" + _CHILD + r"\b)",
        r"\1-year-old",
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(  # "my daughter's 9": she is 9
        r"\b(my[ \t]+" + _CHILD + r")'s[ \t]+(?=\d{1,2}\b(?![ \t]*(?:%|kg|lbs?|cm)))",
        r"\1 is ",
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(  # "allergic 2 shellfish", "moved 2 berlin": "to" typed as "2"
        r"\b(allergic|moved|moving|used|going|addicted|close|next|similar|married|engaged)[ \t]+2[ \t]+"
        r"(?=[A-Za-z])",
        r"\1 to ",
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(  # "answers in spanish pls my english is not so good": the wish ends there
        r"(?<=\w)[ \t]+(pls|plz|please)[ \t]+(?=my[ \t])", r" \1. ", text, flags=re.IGNORECASE
    )
    return text


def _normalise_chat_forms(text: str) -> str:
    """Chat's forms made plain: emojis, self-corrections, shouted words, joined
    numbers and versions, squeezed commas."""
    text = _HEART_VERB_RE.sub("I love ", text)  # "I ❤️ rust": the heart is the verb
    text = _NURSE_RE.sub(_nurse, text)  # "I'm an RN": a registered nurse, not React Native
    text = _EMOJI_SENTENCE_RE.sub(". ", text)  # "... MacBook Air 🙃 what's a quick way": two
    text = _EMOJI_RE.sub(" ", text)
    text = _WE_RE.sub("we", text)  # "me and my team use Teams now": the user's own "we"
    text = _SELF_FIX_RE.sub(_self_fix, text)  # "my name's Priyaa, sorry Priya": Priya
    text = re.sub(  # "I said VS Code earlier but I meant Cursor": the correction is its own
        r"(?<!\s),?\s++but\s++I\s++meant\s++(?=[\w.+#-]+(?:\s[\w.+#-]+)?[ \t]*+(?:[,.;!]|$))",
        ". Actually ",
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(r"\b(?:DONT|DON'T)\b", "don't", text)
    text = _chat_typing(text)
    text = _NO_MORE_RE.sub(r"\1 anymore", text)  # "i dont work at tesco no more"
    text = re.sub(
        r"\bnot\s+more\s+(?=\w+ing\b)", "no longer ", text, flags=re.I
    )  # "not more working"
    text = _NO_LONGER_ING_RE.sub(lambda m: f"{m[1]} no longer {_BARE_VERB[m[2].lower()]}", text)
    if "nvm" in text.casefold():
        text = _NEVER_MIND_RE.sub(r"\g<gap>ok", text)  # "actually nvm, ...": never mind, no tool
    text = re.sub(r"^(\s*)pref\s+(?=\w)", r"\1I prefer ", text, flags=re.I)  # "pref snake_case"
    text = _CODE_TERMS_RE.sub(lambda m: f"{m[1]}-{m[2]}", text)
    text = re.sub(  # "ID LIKE TABS": shouted "I'd", not an identifier
        r"\bID(?=\s+(?:LIKE|LOVE|PREFER|RATHER|WANT|NEED|USE|NEVER|ALWAYS|REALLY)\b)",
        "I'd",
        text,
    )
    text = _plain_wishes(text)  # "workin nights", "no more Java for me", ...
    text = re.sub(r"\b(\d+)(spaces?|tabs?|space)\b", r"\1 \2", text, flags=re.I)  # "4space"
    text = _JOINED_VERSION_RE.sub(_split_version, text)  # "numpy2.0", "godot4.2"
    text = re.sub(r"(?<=[^\W\d_]),+(?=[^\W\d_])|,{2,}\s*", ", ", text)  # "vba mostly,learning"
    return _REACTION_RE.sub(r"\1 \2", text)  # "Windows? eww": no question, a taste


#: A name and a reaction to it: "Windows? eww", "Jira?? hard pass".
_REACTION_RE: Final = re.compile(
    r"(?i)^(?:\s*(?:ugh+|meh|eh|oof|honestly|nah)\s*,?\s*)?(\s*(?![a-z]+ed\b)[\w+#' -]{2,30}?)"
    # said as its own sentence, only "hard pass" of a thing named by nouns ("horror movies.
    # Hard pass."; not "Rebooted the router. Nope", "Sure. Hard pass", "Salary of 30k")
    r"(?:\?+|(?<![\w ]ed)(?<!\bsure)(?<!\bok)(?<!\bokay)(?<!\d)(?<!\dk)[.!]+(?=\s+hard pass\W*$))\s+"
    r"(eww+|ew+|yuck|yikes|hard pass|no thanks|nope|never again)\b"
)


_ING: Final = {"work": "working", "code": "coding", "study": "studying", "write": "writing",
                "read": "reading", "programm": "programming"}  # fmt: skip
#: Pastimes one takes up: "started pilates", "took up bouldering", "got into pottery".
_TAKEN_UP: Final = (
    r"yoga|pilates|crossfit|spin|zumba|karate|judo|boxing|kickboxing|climbing|bouldering|"
    r"running|jogging|swimming|cycling|rowing|hiking|tennis|golf|padel|squash|badminton|chess|"
    r"knitting|crochet|pottery|gardening|painting|drawing|baking|woodworking|surfing|skiing|"
    r"snowboarding|dancing|salsa|ballet|meditation|journaling|birdwatching|fishing|archery|"
    r"fencing|taekwondo|jiu-jitsu|bjj|muay\s+thai|weightlifting|powerlifting|calisthenics|"
    r"parkrun|triathlons?|the\s+gym|the\s+guitar|guitar|piano|violin|drums|cello|singing"
)


#: Learning said by when it began or how long it has gone on: "just started learning
#: piano", "I've been learning portuguese on duolingo", "I'm still learning ARM asm".
_STARTED_LEARNING_RE: Final = re.compile(
    r"(^|[.!;,]\s+|\b(?:and|so|but|also)\s+)"
    r"(?:(?:I(?:'ve|\s+have)?|I'm|I\s+am)\s+)?(?:(?:just|recently|also|finally|only|still|"
    r"slowly)\s+)?(?:started|begun|began|been|still)\s+(?:(?:slowly|also)\s+)?"
    r"(?=learning\s+(?!(?:the|to|how|it|that|this|about|a|an|my|our)\b)\w)"
    r"(?![^.!?,;]*\bfor\s+(?:\d+|a|an|one|two|three|four|five|six|several|many)\s+"
    r"(?:years?|months?|weeks?)\b)"  # ("been learning piano for 3 years": said so already)
    r"(?![^.!?,;]*\bbut\b)",  # ("... at work but hate it")
    re.IGNORECASE,
)


#: Someone other than the user, named before a statement without its subject: "my son
#: is 7 and just started learning chess", "my grandpa was 90. used to be a miner", "if we
#: have another, that's three kids now".
_MY_PEOPLE: Final = (
    r"brother|sister|wife|husband|partner|son|daughter|dad|mum|mom|father|mother|friend|boss|"
    r"colleague|cousin|uncle|aunt|boyfriend|girlfriend|flatmate|roommate"
)
_SOMEONE_ELSE_RE: Final = re.compile(
    rf"\b(?:my\s+(?:{_MY_PEOPLE}|kid|kids|child|children|"
    r"grandpa|grandma|grandad|granddad|grandmother|grandfather|nan|nana|"
    r"neighbou?r|niece|nephew|student|client|team)|he|she|his|her|they|their|if|would|"
    r"someone|somebody)\b",
    re.IGNORECASE,
)


def _pet_said(m: re.Match[str]) -> str:
    """ "our new kitten is called Nugget" as "I have a kitten named Nugget", "our cat died"
    as "I no longer have a cat" ("my cat is called Biscuit" is read as the pet's name by
    the rules, as before)."""
    pet = m["pet"].lower()
    if not m["named"]:
        return f"{m[1]}I no longer have {indefinite_article(pet)} {pet}"
    if not re.search(r"\b(?:our|new)\b", m.group(), re.IGNORECASE):
        return m.group()
    return f"{m[1]}I have {indefinite_article(pet)} {pet} named {m['name']}"


def _someone_else_before(m: re.Match[str]) -> bool:
    """True when the message names someone else before ``m`` (its subject may be theirs)."""
    return _SOMEONE_ELSE_RE.search(m.string, 0, m.start()) is not None


def _unwrap_leads(text: str) -> str:
    """Leads that wrap a statement unwrapped ("learning X", "kinda obsessed with",
    "remember that", "for me"), so the rules read the statement itself."""
    text = re.sub(  # "learning python slowly": the user is learning it
        r"(^\s*)(?:(?:currently|slowly|also|still)\s+)?learning\s+"
        r"(?!(?:curve|rate|path|resources?|materials?|about|how|that|to)\b)",
        r"\1I'm learning ",
        text,
        flags=re.IGNORECASE,
    )
    text = _STARTED_LEARNING_RE.sub(  # "just started learning piano" (not "my son ...")
        lambda m: m.group() if _someone_else_before(m) else f"{m[1]}I'm ", text
    )
    for pattern, said in _CHAT_SHORTCUTS:  # "started pilates", "ex-teacher", "wfh", ...
        text = pattern.sub(said, text)
    text = re.sub(  # "changed my mind on tabs, ...": the old value, no fact of its own
        r"\b(changed my mind|change of plans?)\s+(?:on|about)\s+(?!the\b|my\b|your\b)"
        r"[\w.+#/'-]+(?:\s[\w.+#/'-]+)?(?=\s*(?:[,;.!]|\s[-\u2013\u2014]\s|$))",
        r"\1",
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(  # "kinda obsessed with Tailwind": a feeling without its subject
        r"(^|[.!;]\s+)(?:(?:I'm|I am|im)\s+)?(?:(?:kinda|kind of|really|totally|honestly|a bit|"
        r"lowkey|so|very)\s+)?(?P<f>obsessed with|in love with|hooked on|fond of|sold on|"
        r"sick of|tired of|fed up with)\s+",
        lambda m: (
            m[1]
            + (
                "I dislike "
                if m["f"].lower().split()[0] in {"sick", "tired", "fed"}
                else "I like "
                if m["f"].lower() in {"fond of", "sold on"}
                else "I love "
            )
        ),
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(  # "could you remember that I'm vegan?": a request, not a question
        _REQUEST_START
        + r"((?:(?:hey|hi|ok|okay|so|please)(?:[ \t]*+,[ \t]*+|[ \t]++))?(?:can|could|would|will)\s+"
        r"(?:you|u)\s+(?:please\s+|pls\s+)?(?:remember|keep in mind|note)\s+(?:that\s+)?"
        r"(?:I|I'm|I am|I've|my|we|we're|our)\b[^?.!\n]{0,200})\?",
        r"\1\2.",
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(  # "please remember that I use pnpm": a request to keep what follows
        _REQUEST_START
        + r"(?:(?:hey|hi|ok|okay|so)(?:[ \t]*+,[ \t]*+|[ \t]++))?(?:(?:please|pls|plz|also|and|oh and|btw)"
        r"(?:[ \t]*+,[ \t]*+|[ \t]++))?(?:(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+|pls\s+)?)?"
        r"(?:remember|keep in mind|bear in mind|note|don't forget|do not forget|never forget)"
        r"(?:\s+(?:this|that))?\s*[:,-]?\s+(?=(?:I|I'm|Im|I am|I've|my|we|we're|we are|our)\b)",
        r"\1",
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(  # "going forward assume I'm on Debian": the user's setup, said as a premise
        r"(^|[.!;,]\s*|\n)(?:(?:please|pls|and|so|ok|okay)\s+)?"
        r"(?=(?:also|going forward|from now on|for (?:all|every|any)|when(?:ever)?\s+I\s+ask|always)\b)"
        r"(?![^.!?\n]*\b(?:for this (?:one|question|answer|time|task|example)|this time|for now|"
        r"just this once|hypothetically|for the sake)\b)"
        r"(?:also\s+)?(?:(?:going forward|from now on|"
        r"for (?:all|every|any) (?:future )?(?:answers?|questions?|recipes?|plans?))[ \t]*,?[ \t]*)?"
        r"(?:when(?:ever)?\s+I\s+ask\s+(?:you\s+)?(?:for|about)\s+[\w -]{1,40}?[ \t]*,?[ \t]*)?"
        r"(?:always\s+)?assume\s+(?:that\s+)?(?=(?:I've|I\s+have|I\s+only\s+have|I've\s+only|I'm\s+on|"
        r"I\s+am\s+on|I\s+(?:use|run|work|live)|I\s+don't\s+have|my)\b)",
        r"\1",
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(  # "remember to add tests": the instruction is "add tests"
        _REQUEST_START + r"((?:(?:please|pls|plz|also|and|always)(?:[ \t]*+,[ \t]*+|[ \t]++))?)"
        r"(?:remember|don't forget|do not forget|never forget)\s+to\s+(?=[a-z])",
        r"\1\2",
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(  # "For me Python is more readable than Perl": the opinion is the user's
        r"(^|[.!;]\s+)(?:for me|to me|imo|imho|in my opinion)(?:[ \t]*+,[ \t]*+|[ \t]++)(?=\S+\s+(?:is|are)\b)",
        r"\1",
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(  # "Python is way better than Java": the comparison without its copula
        r"(?<!\s)\s+(?:is|are|'s)\s+(?:(?:way|much|far|so much|a lot|miles|just|simply|really)\s+)?"
        r"(?=(?:better|nicer|cleaner|faster|more readable) than\b)",
        " ",
        text,
        flags=re.IGNORECASE,
    )
    return text


def _split_run_together(text: str) -> str:
    """Words typed together or abbreviated split and spelt out ("n", "mysetup",
    "A/B", "I do use", "X? hard pass", "it's")."""
    text = re.sub(  # "grafana n prometheus", "kubectl n helm": chat's "and"
        r"(?<=[\w+#])\s+n\s+(?=[\w.]{2,})", " and ", text
    )
    text = re.sub(  # "mysetup", "pleasedont": two words typed as one
        r"\b(my|our|please|pls|dont|i)(setup|stack|name|editor|shell|laptop|machine|team|job|"
        r"dont|don't|use|prefer|always|never|like|love|hate)\b",
        r"\1 \2",
        text,
        flags=re.I,
    )
    text = re.sub(  # "livein manchester", "movedto lisbon": a verb and its "in"/"to"
        r"\b(live|lives|living|based|moved|work|working)(in|to|at)\b", r"\1 \2", text, flags=re.I
    )
    # "Elixir/Phoenix": two names, not a path (pronouns "she/her" and "feat/xyz" stay)
    text = re.sub(r"\b([A-Z][\w+#]*)/([A-Z][\w+#]*)\b", r"\1 / \2", text)
    text = re.sub(  # the emphatic "I do use docker now" is "I use docker now"
        r"\b(I|we)\s+(?:do|did)\s+(?=(?:use|like|prefer|want|write|need|love|enjoy|run|work)\b)",
        r"\1 ",
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(r"\btl;\s?dr\b", "TL;DR", text, flags=re.IGNORECASE)
    text = re.sub(  # "Tailwind? hard pass": the verdict is about the question's word
        r"(?<![\w.+#-])([\w.+#-]+)\?\s+(hard pass|nope|meh|no thanks|never|yuck|no way|pass|love it|"
        r"yes please|always)\b",
        r"\1 \2",
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(
        r"(?<=\w)'s\s+(?=my\b|the (?:best|way|move)\b|fine\b|ok\b|okay\b|great\b)", " is ", text
    )
    text = re.sub(r"\bits\s+(?=my\b|a\b|the\b|fine\b|all\b)", "it is ", text)
    return text


#: A language's name typed in lower case ("replies in portuguese"): written as a name
#: (not "polish", a verb too).
_LOWER_LANGUAGE_RE: Final = re.compile(
    r"\b(?:" + "|".join(n.lower() for n in HUMAN_LANGUAGES if n != "Polish") + r")\b"
)


def _fix_spellings(text: str) -> str:
    """Typos fixed in the words the rules key on and in technology names (a word of a
    known name is spelt right), and the last contractions."""
    text = re.sub(  # "numpy2.0", "godot4.2", "unreal5": a name and its version
        r"\b([A-Za-z]{3,})(\d+(?:\.\d+)*)\b",
        lambda m: f"{m[1]} {m[2]}" if _is_alias(m[1]) else m.group(),
        text,
    )
    names = name_spans(text)  # a word of a known name is spelt right ("Jetpack Compose")
    starts = [start for start, _ in names]

    def fix(m: re.Match[str]) -> str:
        i = bisect.bisect_right(starts, m.start()) - 1  # the last name starting at or before
        return m.group() if i >= 0 and m.end() <= names[i][1] else _fix_tech_spelling(m)

    text = _LONG_WORD_RE.sub(fix, text)
    text = re.sub(
        r"\b(everything|it|timezone|tz|name|editor|shell|stack|setup|frontend|backend|infra|"
        r"os|ide|that|there)'s\b(?=\s+(?:on|in|all|now|been|just|built|written|pretty|mostly|"
        r"basically|still|[A-Z\d]|a |an |the ))",
        r"\1 is",
        text,
        flags=re.IGNORECASE,
    )
    text = re.sub(  # "Selenium's out", "npm's gone"
        r"(?<![\w.+#-])([\w.+#-]+)'s\s+(?:been\s+)?(out|gone|dead|history|dead to me)\b",
        r"\1 is \2",
        text,
        flags=re.I,
    )
    text = _LOWER_LANGUAGE_RE.sub(lambda m: m[0].capitalize(), text)  # "replies in portuguese"
    text = re.sub(  # chat's "2" for "to": "Moved2 Austin", "switched 2 Linux"
        r"\b(moved|move|moving|went|came|back|switched|switching|relocated|relocating)"
        r"(?:2(?=\s+(?:the\s+)?[A-Za-z])|\s2(?=\s+(?-i:[A-Z])))",
        r"\1 to",
        text,
        flags=re.I,
    )
    return _TYPO_RE.sub(_fix_word, text)


def injected(sentence: str) -> bool:
    """True for a sentence that carries an injected instruction."""
    return bool(_INJECTION_RE.search(sentence)) or instruction_signal(sentence) is not None


def trim(text: str, keep: str = "") -> str:
    """``text`` without the spaces, commas, full stops and exclamation marks around it
    (but those in ``keep``), where a leading dot before a letter stays: it is a name's
    (".NET 8 + C# all day long").

    >>> trim(" .NET 8, "), trim("... I use Vim!")
    ('.NET 8', 'I use Vim')
    """
    chars = "".join(c for c in " ,.!" if c not in keep)
    return _LEADING_JUNK_RE.sub("", text.rstrip(chars)) if text else text


_LEADING_JUNK_RE: Final = re.compile(r"^(?:[ ,!]|\.(?![A-Za-z]))+")


def pieces(sentence: str) -> list[str]:
    """A sentence cut at dashes, semicolons, brackets and contrastive joins, and at a
    colon after a phrase of three words or more ("My setup, since you ask: Arch, i3");
    a colon after a label ("Like: Go, Rust") stays, and a project frame before a colon
    ("for this repo: strapi v4") is kept with what follows it."""
    out: list[str] = []
    for part in _SPLIT_RE.split(sentence):
        # (a leading dot before a letter is a name's: ".NET 8 + C# all day long")
        part = trim(part, "!") if part else ""
        if not part:
            continue
        colon = _LIST_COLON_RE.match(part)
        if colon and (
            LABEL_LEFT_RE.match(colon["left"].strip(" ,"))
            or _OPINION_LABEL_RE.match(colon["left"].strip(" ,"))  # "Tools I hate: Talend"
        ):
            out.append(part)  # "Decision from today's meeting: ...": one labelled statement
            continue
        if colon:
            left, right = colon["left"].strip(" ,"), colon["right"].strip(" ,.")
            if _FRAME_LEFT_RE.match(left):
                out.append(f"{left}, {right}")
                continue
            out += [p for p in (left, right) if p]
            continue
        standing = _STANDING_COLON_RE.match(part)  # (defined with STANDING_PHRASES)
        if standing:  # "Going forward: no bullet points": a standing wish, said after a colon
            out.append(f"{standing[1]}, {standing[2]}")
            continue
        frame = re.match(
            r"^(?P<left>(?:for|in|on) (?:this|the|our) \w+)\s*:\s+(?P<right>.+)$", part, re.I
        )
        if frame and _FRAME_LEFT_RE.match(frame["left"]):
            out.append(f"{frame['left']}, {frame['right']}")
            continue
        out += _elided_subject(part)
    return out


#: "I'm blind and use a screen reader": a second verb whose subject is the first's.
_AND_VERB_RE: Final = re.compile(
    r",?\s+and\s+(?=(?:also\s+|mostly\s+|usually\s+|still\s+)?(?:use|prefer|like|love|hate|"
    r"work|write|run|live|need|build|code|teach|publish|maintain|develop|speak|program|sell|"
    r"own|rent|play|wear|sing|paint|drive|cook|bake|coach|volunteer|grow|read|study|"
    r"manage|host|make|knit|sew|garden|homeschool|foster|travel|commute|cycle|swim|ride|"
    r"train|care|look\s+after)\b)",
    re.IGNORECASE,
)
#: "I'm colour-blind so avoid red/green charts": a request that follows from a fact.
_SO_REQUEST_RE: Final = re.compile(
    r",?\s+so\s+(?=(?:please\s+|pls\s+)?(?:avoid|use|keep|don't|do not|never|always|give|"
    r"write|make|show|explain|answer|reply|stick|skip|no)\b)",
    re.IGNORECASE,
)


def _elided_subject(part: str) -> list[str]:
    """A first-person clause cut where a second verb or a request begins: "I'm blind and
    use a screen reader" is "I'm blind" and "I use a screen reader"."""
    if not re.match(r"^(?:I|I'm|I am)\b", part):
        return [part]
    first, *rest = _SO_REQUEST_RE.split(part, maxsplit=1)
    pieces_ = _AND_VERB_RE.split(first, maxsplit=1)
    if len(pieces_) == 2:
        pieces_[1] = "I " + pieces_[1]
    return [p for p in (*pieces_, *rest) if p.strip()]


# -- output wording -----------------------------------------------------------------

_SHOUTED: Final = frozenset(
    [
        "love",
        "loves",
        "hate",
        "hates",
        "like",
        "likes",
        "really",
        "always",
        "never",
        "prefer",
        "prefers",
        "use",
        "uses",
        "not",
        "no",
        "do",
        "don't",
        "please",
        "much",
        "so",
        "very",
        "only",
        "totally",
        "absolutely",
        "huge",
        "big",
        "fan",
        "can't",
        "stand",
        "rather",
        "want",
        "need",
        "all",
        "the",
        "way",
        "and",
        "or",
    ]
)


_LANGUAGE_WORD_RE: Final = re.compile(
    r"\b(?:english|german|french|spanish|italian|portuguese|dutch|polish|japanese|chinese|"
    r"korean|russian|ukrainian|hindi|arabic|turkish|swedish|norwegian|danish|finnish|czech|"
    r"greek|hebrew|vietnamese|indonesian|thai|romanian|hungarian|american|british)\b"
)


def polish(content: str, *, capital: bool = True, aliases: bool = True) -> str:
    """Technology names in their usual casing, shouted words lower-cased, the first
    letter upper-case (unless ``capital`` is false). ``aliases=False`` (a project's
    notes, kept in the user's words): only the casing of a name changes, never the
    name ("an RP2040" stays, where the profile's "User uses ..." takes the list's name)."""
    out: list[str] = []
    pos = 0
    for mention in find_technology_mentions(content):
        raw = content[mention.start : mention.end]
        out += [
            content[pos : mention.start],
            mention.name if _recase(content, mention, aliases) else raw,
        ]
        pos = mention.end
    text = "".join([*out, content[pos:]])
    text = re.sub(
        r"\b[A-Z]{2,}'?[A-Z]*\b",
        lambda m: m.group().lower() if m.group().lower() in _SHOUTED else m.group(),
        text,
    )
    text = _LANGUAGE_WORD_RE.sub(lambda m: m.group().capitalize(), text)
    return text[:1].upper() + text[1:] if capital else text


def _recase(content: str, mention: Mention, aliases: bool = True) -> bool:
    """Whether ``mention`` is written with the list's name: when the user's spelling
    differs from it only in case or spaces ("vscode" -> "VS Code"), and, with
    ``aliases``, when it is another spelling all in one case ("postgres", "K8S")."""
    raw = content[mention.start : mention.end]
    name = mention.name
    if raw == name:
        return False
    start = mention.start
    if start >= 2 and content[start - 1] == "-" and content[start - 2].isalnum():
        return False  # inside a package's name: "snowflake-connector-python"
    if raw.casefold().replace(" ", "") == name.casefold().replace(" ", ""):
        return True
    return aliases and (raw.islower() or raw.isupper())


# -- clause shapes ------------------------------------------------------------------

#: "Tools I actually like:", "languages i love:", "stuff I hate:": a label with its verb.
_THINGS_I: Final = (
    r"(?:(?:tools?|things?|stuff|languages?|frameworks?|libs?|libraries|editors?|apps?)\s+"
    r"(?:I|i)(?:'m|\s+am)?\s+(?:actually\s+|really\s+|genuinely\s+|absolutely\s+)?)"
)
_LIKE_LABEL: Final = (
    rf"{_THINGS_I}?(?:likes?|loves?|enjoy|favou?rites?|favs?|into|yes(?:\s+to)?|pros?|"
    r"prefer(?:s|red)?|goods?|(?:big\s+)?fan\s+of)"
)
_DISLIKE_LABEL: Final = (
    rf"{_THINGS_I}?(?:dislikes?|hates?|avoids?|can't stand|nope|no(?:\s+to)?|nah|cons?|never|bads?|"
    r"not into|meh|done\s+with|sick\s+of|tired\s+of|never\s+again|not\s+a\s+fan\s+of)"
)
#: Labels that name what a tool is used for ("cache: Redis", "queue: RabbitMQ"): the
#: fact keeps the purpose ("User uses Redis for caching").
_PURPOSE_SLOTS: Final = (
    r"cache|caching|queues?|queueing|queuing|messaging|message broker|broker|search|"
    r"monitoring|observability|logging|logs|metrics|tracing|alerting|auth|authentication|"
    r"storage|object storage|state management|state|styling|css|linting|linter|"
    r"formatting|formatter|ui|components|charts|maps|email|payments|analytics|cdn|dns|"
    r"secrets|iac|containers|orchestration|vcs|version control|docs|documentation|notes|"
    r"diagrams|sql|nosql|kv|key-value|background jobs|jobs|scheduling|cron|ci/cd|cd|"
    r"deploys|registry|e2e|unit tests|mocking|api|rpc|graphql|orm"
)
_PURPOSE_NAMES: Final = {
    "cache": "caching", "queue": "queues", "queues": "queues", "queueing": "queues",
    "queuing": "queues", "broker": "messaging", "message broker": "messaging", "logs": "logging",
    "auth": "authentication", "state": "state management", "linter": "linting",
    "formatter": "formatting", "nosql": "NoSQL", "kv": "key-value storage",
    "key-value": "key-value storage", "jobs": "background jobs", "cron": "scheduling",
    "deploys": "deployment", "e2e": "end-to-end tests", "api": "the API", "rpc": "RPC",
    "graphql": "GraphQL", "ci/cd": "CI/CD", "cd": "deployment",
    "iac": "infrastructure as code", "vcs": "version control", "docs": "documentation",
    "ui": "the UI", "css": "CSS", "cdn": "the CDN", "dns": "DNS",
}  # fmt: skip
_NEGATION_WORD_RE: Final = re.compile(
    r"\b(?:not|no|never|no longer|without|anymore|any more|instead of)\b", re.IGNORECASE
)
_OPINION_LABEL_RE: Final = re.compile(
    rf"^{_THINGS_I}(?:{_LIKE_LABEL}|{_DISLIKE_LABEL}|tolerate)$", re.IGNORECASE
)
_PURPOSE_SLOT_RE: Final = re.compile(rf"^(?:{_PURPOSE_SLOTS})$", re.IGNORECASE)


_TECH_LABEL: Final = (
    r"(?:my |our |current |tech |the |favou?rite |preferred |go-to |main |primary )*"
    r"(?:stack|tech|databases|dbs|languages|editors|frameworks|clouds|"
    r"tools?|tooling|toolchain|toolkit|toolbox|kit|gear|arsenal|editor|ide|"
    r"os|shell|terminal|languages?|setup|infra(?:structure)?|db|database|frontend|backend|"
    r"using|uses|runtime|hosting|cloud|deploy(?:s|ment)?|ci|daily driver|machine|laptop|"
    r"env|environment|framework|orm|testing|tests|package manager|build|bundler|"
    rf"{_PURPOSE_SLOTS})"
)
_LIST_RE: Final = re.compile(
    rf"^(?:(?P<like>{_LIKE_LABEL})|(?P<dislike>{_DISLIKE_LABEL})|(?P<tech>{_TECH_LABEL})|"
    r"(?P<profile>me|myself|about me|background|bio|context|who i am|(?:quick\s+|short\s+)?intro|"
    r"a bit about me|some context|context dump|about myself)|"
    r"(?P<hobby>(?:my\s+)?(?:hobbies|hobby|pastimes)))"
    r"(?:\s+(?:of choice|here|wise|these days|atm|rn|for now|for everything))?"
    r"\s*(?::|=|->)\s*(?P<rest>.+)$",
    re.IGNORECASE,
)
_ITEM_SPLIT_RE: Final = re.compile(
    r"\s*(?:,|(?<!\+)\+(?!\+)|&|/|\band\b|\bwith\b|\bon\b|\bplus\b)\s*", re.I
)
_CMP_RE: Final = re.compile(
    r"^(?!.*\b(?:talk|talks|run|runs|go|goes|sit|sits|communicate|communicates|built|"
    r"fly|flies|jump|jumps|is|are|was|were|hand|hands|take|takes|think|thinks|come|comes|"
    r"came|bring|brings|pop|pops|head|heads|move|moves|moved|\w+ed)\s+over\b)"
    r"(?!.*\b(?:is|are|was|were|connected|wired|sent|streamed|tunneled|tunnelled)\s+"
    r"[\w.+#-]+(?:\s+[\w.+#-]+)?\s+over\b)"  # "sensors are BME280 over I2C": a link
    # "picked up rust over the holidays": a time, not a choice
    r"(?!.*\bover\s+(?:the\s+)?(?:(?:past|last|next|coming)\s+)?(?:holidays?|summer|winter|"
    r"spring|autumn|fall|weekends?|break|christmas|easter|years?|months?|weeks?|days?|"
    r"lockdown|course\s+of)\b)"
    # "x12 over 10m", "uploads over 2mb fail", "people over saturday": a number, a day,
    # guests had over; no choice
    r"(?!.*\bover\s+(?:\d|(?:mon|tues|wednes|thurs|fri|satur|sun)day\b))"
    r"(?!.*\b(?:have|having|had|has|invite|inviting|invited)\s+(?:\w+\s+)?"
    r"(?:people|friends|guests|folks|family|them|him|her|us)\s+over\b)"
    r"(?P<a>[\w.+#@'/ -]+?)\s*(?:>+|≫|\bover\b|\binstead of\b|\brather than\b|"
    # ("lo-fi beats while coding": music, no choice)
    r"\bbeats\b(?!\s*(?:while|whilst|when|during|as|me|us|it|them)\b)|"
    r"\bbetter than\b|\bfar better than\b|\bany day over\b|\bover and above\b|"
    r"\b(?:more readable|nicer|cleaner|easier) than\b)\s*"
    r"(?P<b>[\w.+#@'/ -]+?)(?P<tail>(?:,?\s*(?:always|every time|any day(?: of the week)?|all day|"
    r"forever|for me|100%|all the way|hands down|no question|tbh|period|every single time|"
    r"no contest|easily|by far))*)"
    r"(?:\s+(?P<scope>(?:for|in|on|at|when)\s+[\w.+#' -]+))?$",
    re.IGNORECASE,
)
_NOT_CMP_RE: Final = re.compile(
    r"^(?P<a>[\w.+#@' -]+?),?\s+(?:not|and not|but not|never)\s+(?P<b>[\w.+#@' -]+?)"
    r"(?:\s+(?P<scope>(?:for|in|on|at)\s+[\w.+#' -]+))?$",
    re.IGNORECASE,
)
_FAN_RE: Final = re.compile(
    r"^(?P<neg>not\s+(?:a|much of a|the biggest|really a|a big|a huge)\s+)?"
    r"(?:(?P<deg>huge|big|massive|total|giant|longtime|long-time|die-hard|diehard|great)\s+)?"
    r"fan of\s+(?P<x>.+)$",
    re.IGNORECASE,
)
_LOVE_RE: Final = re.compile(
    r"^(?:(?:really|absolutely|totally|just|honestly|seriously|so)\s+)*"
    r"(?P<verb>love|adore|enjoy|dig|like|prefer|hate|dislike|despise|loathe|detest|"
    r"can't stand|cannot stand|can not stand|am into|into|not into|not a fan of|"
    r"swear by|stan|avoid|can't deal with|cannot deal with|am done with|done with|"
    r"refuse to touch|refuse to use|won't touch|will not touch|never touch|tolerate|"
    r"am tired of|tired of|am sick of|sick of|never use|always use)\s+(?P<x>.+)$",
    re.IGNORECASE,
)
_RATHER_RE: Final = re.compile(
    r"^(?:I\s+)?(?:would\s+|'d\s+)?(?:much|way|far|definitely)?\s*rather\s+"
    r"(?:use|have|go with|write|work with|stick with|stick to|do|get)?\s*(?P<x>.+?)"
    r"(?:\s+than\s+(?P<y>.+))?$",
    re.IGNORECASE,
)
_FAVOURITE_RE: Final = re.compile(
    r"^(?P<x>[\w.+#@' -]+?)\s+(?:is|are|=|has always been|remains|will always be)\s+"
    r"(?:still\s+)?(?:my|the)\s+(?P<deg>all-time\s+|absolute\s+)?"
    r"(?P<slot>favou?rite|go-to|go to|preferred|main|daily driver|default|weapon of choice|jam|fave|"
    r"best friend|bread and butter|"
    r"setup|stack|tooling|toolchain|daily|world)"
    r"(?:\s+(?P<what>[\w ]+))?$",
    re.IGNORECASE,
)
#: "my favourite is Rust now", "my go-to db is Postgres": the slot before the value.
_MY_FAVOURITE_RE: Final = re.compile(
    r"^(?:my|the)\s+(?P<slot>favou?rite|go-to|go to|preferred|fave)"
    r"(?:\s+(?P<what>language|lang|editor|ide|db|database|framework|shell|os|stack|tool))?"
    r"\s+(?:is|=|has become|became)\s+(?:now\s+)?(?P<x>[\w.+#@' -]+?)"
    r"(?:\s+(?:now|these days|nowadays))?$",
    re.IGNORECASE,
)
#: The language of the answers, said with its name and a cue but no verb: "English
#: please", "from now on English", "Bitte ab jetzt English", "english only".
LANGUAGE_NAMES: Final = "|".join(name.lower() for name in HUMAN_LANGUAGES)


#: Before "new job at ...": someone else's news or a wish ("my brother: new job at
#: Amazon", "Goals for 2025: new job at Google").
_NOT_MY_NEWS_RE: Final = re.compile(
    rf"\b(?:my\s+(?:{_MY_PEOPLE})|"
    r"he|she|his|her|their|they|goals?|wish(?:es|list)?|dreams?|story|character|plans?|"
    r"hop(?:e|ing)|want|would|if|maybe|resolutions?)\b",
    re.IGNORECASE,
)


def _new_job(m: re.Match[str]) -> str:
    before = re.split(r"[.!?\n]", m.string[: m.start()])[-1]
    if _NOT_MY_NEWS_RE.search(before):
        return m.group()
    return f"{m[1]}I work at {m['x']}"


#: What one "gets" of one's health (said "I get ...", not "I have ..."): "get seasick".
_GOTTEN: Final = (
    r"seasick|carsick|airsick|travel\s+sick|motion\s+sick|hay\s*fever|cold\s+sores|"
    r"panic\s+attacks|nosebleeds"
)
#: Chat's shortcuts for what the user says of themselves, each made a plain statement the
#: rules read (applied in this order by :func:`_unwrap_leads`).
#: A child, one or more: "son", "twins", "kids" (the plurals: :data:`CHILD_NOUNS`).
_CHILD: Final = rf"(?:{CHILD_NOUNS}|son|daughter|kid|boy|girl|child|twins|baby)"


def _if_own(said: str | Callable[[re.Match[str]], str]) -> Callable[[re.Match[str]], str]:
    """A shortcut's rewrite (a template or a function), unless the message names someone
    else before it ("my dad, 65 yrs young, ...": his, not the user's)."""
    rewrite = said if callable(said) else lambda m: m.expand(said)
    return lambda m: m.group() if _someone_else_before(m) else rewrite(m)


def _no_tool_anymore(m: re.Match[str]) -> str:
    tech = lookup_technology(m["x"])
    return f"{m[1]}I no longer use {tech.name} anymore" if tech else m.group()


_CHAT_SHORTCUTS: Final[tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...]] = (
    (  # "no jest anymore": a tool the user no longer uses (not "no meetings anymore")
        re.compile(
            r"(^|[.!?;,][ \t]*+|\n[ \t]*+)no\s+(?P<x>[\w.+#-]+(?:\s[\w.+#-]+)?)\s+(?:any\s?more|no\s+more)\b"
            r"(?![^.!?\n]*\b(?:we|we're|our|us|here|this\s+(?:project|repo|app))\b)",
            re.IGNORECASE,
        ),
        _no_tool_anymore,
    ),
    (  # "native language is Polish", "mother tongue: Polish": the user's own, said bare
        re.compile(
            r"(^|[.!?;,][ \t]*+|\n[ \t]*+)(?=(?:native|first|mother)[ \t]+(?:language|tongue)"
            r"(?:[ \t]+is|[ \t]*:))",
            re.IGNORECASE,
        ),
        _if_own(r"\1my "),
    ),
    (  # "Sold the Civic last month": the user's own sale, its "I" left out
        re.compile(
            r"(^|[.!?;,][ \t]*+|\n[ \t]*+)(?:(?:finally|just|also|so|we)\s+)?"
            r"sold(?=\s+(?:my|the|our)\s+(?!(?:idea|plan|pitch|team|boss|story|concept)\b))",
            re.IGNORECASE,
        ),
        _if_own(r"\1I sold"),
    ),
    (  # "71 yrs young!", "34 years old": the user's age (not years of experience)
        re.compile(
            r"(^|[.!?;,][ \t]*+|\n[ \t]*+|(?<!\s)\s++(?=\d{1,3}\s*(?:yrs?|years?)\s+young\b))"
            r"(?:(?:I'm|I\s+am|im)\s+)?(\d{1,3})\s*(?:yrs?|years?)\s+(?:young|old)\b",
            re.IGNORECASE,
        ),
        _if_own(r"\1I'm \2 years old"),
    ),
    (  # "gym 5x week", "gym 3x a week": how often the user goes
        re.compile(
            r"(^|[.!?;,][ \t]*+|\n[ \t]*+)(?:the\s+)?gym\s+(\d)\s*x\s*(?:a\s+|per\s+|/\s*)?(week|wk)\b",
            re.IGNORECASE,
        ),
        _if_own(r"\1I go to the gym \2 times a week"),
    ),
    (  # "night shifts mostly", "mostly nights": when the user works, its "I work" left out
        re.compile(
            r"(^|[.!?;,][ \t]*+|\n[ \t]*+)(?:(?:mostly|mainly|usually|on)\s+)?(?=night\s+shifts?"
            r"(?:\s+(?:mostly|mainly|usually|these\s+days|now))?\s*(?:[,.;!?]|$))",
            re.IGNORECASE,
        ),
        _if_own(r"\1I work "),
    ),
    (  # "part time job at a pharmacy": where the user works
        re.compile(
            r"(^|[.!?;,][ \t]*+|\n[ \t]*+)(?:(?:I\s+have|I've\s+got|got|have)\s+)?(?:an?\s+)?"
            r"(part[- ]time|full[- ]time|weekend|evening|summer)\s+job\s+(?=(?:at|in)\s+)"
            r"(?![^,.!?\n]*\bor\b)(?![^.!\n]*\?)",
            re.IGNORECASE,
        ),
        _if_own(lambda m: f"{m[1]}I work {m[2].lower().replace(' ', '-')} "),
    ),
    (  # "sometimes use a screen reader": the user's habit, its "I" left out (not the
        # imperative "always use ...")
        re.compile(
            r"(^|[.!?;,][ \t]*+|\n[ \t]*+)(?=(?:sometimes|usually|often|mostly|mainly|occasionally|"
            r"regularly)\s+use\s+(?!it\b|this\b|that\b|them\b|cases?\b)"
            r"(?![^.!?\n]*\b(?:here|this\s+(?:project|repo|app))\b))",
            re.IGNORECASE,
        ),
        _if_own(r"\1I "),
    ),
    (  # "dont like mushrooms": the user's taste with its "I" left out (not "don't like it")
        re.compile(
            r"(^|[.!?;][ \t]*+|\n[ \t]*+)(?=(?:don't|dont|do\s+not)\s+(?:really\s+)?(?:like|eat|drink|enjoy)\s+"
            r"(?!it\b|that\b|this\b|them\b|when\b|how\b|the\b|to\b|your\b|you\b|and\b)[a-z])",
            re.IGNORECASE,
        ),
        _if_own(r"\1I "),
    ),
    (  # "Mac user here", "mac user": its system (the list of technologies has no "mac")
        re.compile(
            r"(^|[.!?;,][ \t]*+|\n[ \t]*+)(?:(?:I'm|I\s+am)\s+)?(?:a\s+)?(?:long[- ]?time\s+|lifelong\s+)?"
            r"mac(?=\s+(?:user|person|guy|girl)\b)",
            re.IGNORECASE,
        ),
        r"\1macOS",
    ),
    (  # "we got a greyhound last month, her name is Pixel": the pet named where it came
        re.compile(
            r"\b(?P<got>(?:got|adopted|rescued|brought\s+home)\s+(?:a|an)\s+(?:[\w-]+\s+){0,2}?"
            rf"(?:{PET_NOUNS}))\b(?P<when>[^.!?,;\n]{{0,30}}?)\s*(?:[.!?,;]+|\s[-\u2014]\s)\s*"
            r"(?:(?:her|his|its|their)\s+name(?:'s|\s+is)|(?:she's|he's|it's)\s+(?:called|named)|"
            r"(?:a|an)\s+[\w-]+\s+(?:called|named)|(?:called|named)(?:\s+(?:him|her|it))?)\s+"
            r"(?P<name>(?-i:[A-Z])[\w'-]+|[a-z][\w'-]+(?=\s*(?:$|[.!]|[\U0001F300-\U0001FAFF])))",
            re.IGNORECASE,
        ),
        lambda m: f"{m['got']} named {m['name'][0].upper()}{m['name'][1:]}{m['when']}",
    ),
    (  # "no longer keto", "no longer wfh full time": its "I" left out (no "no <thing>")
        re.compile(
            r"^(\s*)no\s+longer\s+(?:(?P<am>(?=(?:keto|paleo|vegan|vegetarian|veggie|pescatarian|"
            r"teetotal|sober|single|married|engaged|pregnant|retired|unemployed|self-employed|"
            r"freelance|remote|fully\s+remote)\b|an?\s+(?:[\w-]+\s+)?(?:" + ROLE_NOUNS + r")\b))|"
            # a verb ("no longer use Windows"), not a thing's state ("no longer an issue")
            r"(?=(?!(?:a|an|the|my|our|your|that|this|it|its|so|very|really|relevant|needed|"
            r"necessary|required|possible|true|valid|available|supported|working|here|there|at|in|on|"
            r"with|for|from|by|into|part|under|over|about|as)\b)[a-z]))",
            re.IGNORECASE,
        ),
        lambda m: m[1] + ("I'm no longer " if m["am"] is not None else "I no longer "),
    ),
    (  # "I've started pilates on thursdays": a pastime taken up
        re.compile(
            r"^(\s*)(?:I've\s+|I\s+have\s+|I\s+)?(?:just\s+|recently\s+|finally\s+)?"
            r"(?:started|took\s+up|got\s+into)\s+(?:doing\s+)?"
            # the pastime alone, or with when or how often ("started pilates on thursdays too";
            # not "started running the tests", "started painting the living room")
            rf"(?=(?:{_TAKEN_UP})(?:\s+(?:on\s+\w+days?|in\s+the\s+(?:mornings?|evenings?)|every\s+\w+|"
            r"again|too|lately|recently|last\s+\w+|this\s+\w+|\d+\s*x\s+a\s+week|(?:once|twice)\s+a\s+"
            r"week|lessons|classes|at\s+\d+))*\W*$)",
            re.IGNORECASE,
        ),
        r"\1I've taken up ",
    ),
    (  # "my new job at Ikea starts Monday": where the user works
        re.compile(
            r"^(\s*)(?:my\s+)?new\s+(?:job|role|position)\s+(?:at|with)\s+"
            r"(?P<x>(?-i:[A-Z])[\w&.'-]*(?:\s+(?-i:[A-Z])[\w&.'-]*){0,3})\s+(?:starts|begins)\b"
            # (not someone else's, nor a job that may not happen)
            r"(?![^.!?\n]*\b(?:for\s+my|my\s+\w+'s|his|her|their|if|might|may|maybe|unless|"
            r"turn\s+it\s+down|check)\b)",
            re.IGNORECASE,
        ),
        r"\1I work at \g<x>. It starts",
    ),
    (  # "we ripped webpack out last sprint": removed
        re.compile(
            r"\b(ripped|tore|threw|took|pulled|yanked)\s+(?!it\b|them\b|that\b|this\b)"
            r"(?P<x>[\w.+#-]+(?:\s[\w.+#-]+)?)\s+out\b(?!\s+of\b)",
            re.IGNORECASE,
        ),
        lambda m: f"{m[1]} out {m['x']}" if _tech_names(m["x"]) else m.group(),
    ),
    (  # "we're off AWS now": no longer used
        re.compile(
            r"\b(?P<who>we're|we\s+are|I'm|I\s+am)\s+(?:finally\s+|completely\s+|fully\s+)?off\s+"
            r"(?P<x>[\w.+#-]+(?:\s[\w.+#-]+)?)(?=\s+(?:now|for\s+good|completely|entirely)\b)",
            re.IGNORECASE,
        ),
        lambda m: (
            f"{'we' if m['who'].lower().startswith('we') else 'I'} no longer use {m['x']}"
            if _tech_names(m["x"])
            else m.group()
        ),
    ),
    (  # "gym days are tue/thu mornings now": when the user goes
        re.compile(
            r"^(\s*)(?:my\s+)?(?P<w>gym|climbing|swimming|training|running|yoga|pilates)\s+days\s+"
            r"are\s+(?:now\s+)?(?=(?:mon|tue|wed|thu|fri|sat|sun|week|every|mornings|evenings|"
            r"weekday|weekend)\w*)",
            re.IGNORECASE,
        ),
        lambda m: f"{m[1]}I go to {'the gym' if m['w'].lower() == 'gym' else m['w'].lower()} on ",
    ),
    (  # "I go by Sam now": what the user is called
        re.compile(
            r"\bI\s+go\s+by\s+(?!(?:Dr|Mr|Mrs|Ms|Prof)\b)(?P<n>(?-i:[A-Z])[a-z]+)"
            r"(?:\s+(?:now|these\s+days))?"
            r"(?=\s*(?:$|[.!,;]|\s+not\b))",
            re.IGNORECASE,
        ),
        r"please call me \g<n>",
    ),
    (  # "started keeping kosher this year": the user keeps it
        re.compile(
            r"\b(?:I\s+)?(?:just\s+|recently\s+)?started\s+keeping\s+(kosher|halal)"
            r"(?:\s+(?:this|last)\s+year|\s+since\s+\w+)?",
            re.IGNORECASE,
        ),
        r"I keep \1",
    ),
    (  # "money is really tight for me rn": the user is on a tight budget
        re.compile(
            r"(?:^|(?<=[,.;:!]\s)|(?<=\bmind\s)|(?<=\bthat\s))(?:my\s+)?(?:money|finances)(?:'s|\s+is|\s+are)\s+"
            r"(?:really\s+|very\s+|pretty\s+|super\s+|a\s+bit\s+|so\s+|quite\s+)?tight"
            r"(?:\s+for\s+(?:me|us))?(?:\s+(?:rn|right\s+now|at\s+the\s+moment|atm|these\s+days|"
            r"this\s+(?:month|year)))?(?![^.!?]*\bbut\b)",
            re.IGNORECASE,
        ),
        "I'm on a tight budget",
    ),
    (  # "got laid off from Meta last week": the user no longer works there
        re.compile(
            r"\b(?:I\s+)?(?:got|was|been|have\s+been)\s+(?:laid\s+off|let\s+go|made\s+redundant|"
            r"fired)\s+(?:from|by|at)\s+(?P<x>(?-i:[A-Z])[\w&.'-]*(?:\s+(?-i:[A-Z])[\w&.'-]*)?)"
            r"(?:\s+(?:in\s+\w+|last\s+\w+|this\s+\w+|on\s+\w+|yesterday|today|\w+\s+ago))?"
            r"(?![^.!?]*\b(?:rehired|hired\s+back|back)\b)",
            re.IGNORECASE,
        ),
        lambda m: m.group() if _someone_else_before(m) else f"I no longer work at {m['x']}.",
    ),
    (  # "used to be a postman for 30 years": a role the user had
        re.compile(
            r"(^|[.!?;,][ \t]*|\band[ \t]+)(?:I[ \t]+)?used[ \t]+to[ \t]+be[ \t]+an?[ \t]+"
            rf"(?P<r>(?:[\w-]+[ \t]+){{0,2}}?(?:{ROLE_NOUNS}))\b(?:[ \t]+for[ \t]+\d+[ \t]+years)?",
            re.IGNORECASE,
        ),
        lambda m: m.group() if _someone_else_before(m) else f"{m[1]}I'm a former {m['r']}",
    ),
    (  # "so that's three kids now": how many children the user has
        re.compile(
            r"(^|[.!?;,][ \t]*|[ \t](?=so[ \t]))(?:so[ \t]+)?(?:that's|that[ \t]+is|it's|it[ \t]+is|"
            r"we're[ \t]+at)[ \t]+"
            r"(?P<n>two|three|four|five|six|[2-9])[ \t]+(?P<k>kids|children)[ \t]+now\b",
            re.IGNORECASE,
        ),
        lambda m: (
            m.group()
            if _someone_else_before(m)
            else f"{m[1]}{'. ' if m[1].isspace() else ''}I have {m['n']} {m['k']} now"
        ),
    ),
    (  # "i'm not on social media": the user does not use it
        re.compile(
            r"\b(?:I'm|I\s+am|im)\s+not\s+on\s+(?=(?:any\s+)?(?:social\s+media|facebook|instagram|"
            r"tiktok|twitter|linkedin|whatsapp|snapchat|reddit|discord)\b)"
            r"(?![^.!?,]*\b(?:at\s+the\s+moment|right\s+now|rn|atm|today|tonight|now)\b)",
            re.IGNORECASE,
        ),
        "I don't use ",
    ),
    (  # "our new kitten is called Nugget", "our cat died last week": the user's pet
        re.compile(
            r"(^\s*|[.!?;:]\s+)(?:and\s+)?(?:our|my)\s+(?:new\s+|old\s+|little\s+|rescue\s+)*"
            rf"(?P<pet>{PET_NOUNS})\s+(?:(?P<named>is\s+(?:called|named)|'s\s+(?:called|named))\s+"
            r"(?P<name>(?-i:[A-Z])[\w'-]+)|(?P<died>died|passed(?:\s+away)?|was\s+put\s+down|"
            r"had\s+to\s+be\s+put\s+down)(?:\s+(?:last\s+\w+|yesterday|this\s+\w+|in\s+\w+|"
            r"(?:a\s+few|\d+|two|three)\s+\w+\s+ago))?)\b",
            re.IGNORECASE,
        ),
        _pet_said,
    ),
    (  # "on keto since january", "been doing paleo for a month": the user's diet
        re.compile(
            r"(^\s*|[.!?;:]\s+)(?:(?:I've|I\s+have|been|currently|still|now)\s+)*"
            r"(?:on|doing|started|went|(?<=been\s)(?=keto|paleo))\s*"
            r"(?P<d>(?:a\s+|the\s+)?(?:low[- ]carb|low[- ]fodmap|plant[- ]based|mediterranean|"
            r"gluten[- ]free|vegan|keto|paleo|carnivore)\s+diet|keto|paleo|whole30|carnivore|"
            r"intermittent\s+fasting)"
            r"(?:\s+(?:since|for)\s+(?:about\s+|like\s+|a\s+)?[\w-]+(?:\s+(?:months?|weeks?|years?|"
            r"days?))?|\s+(?:a\s+few|a\s+couple\s+of|two|three|four|\d+)\s+(?:days|weeks|months)\s+ago|"
            r"\s+(?:last|this)\s+(?:week|month|year))?"
            r"(?=\s+(?:now|these\s+days|atm|rn|again)\b|\s*(?:$|[,.;!]))",
            re.IGNORECASE,
        ),
        r"\1I'm on \g<d>",
    ),
    (  # "eating meat again", "back to eating fish": a diet given up
        re.compile(
            r"(^\s*|[.!?;:]\s+)(?:(?:I'm|im|I\s+am|we're|we\s+are|so)\s+)?"
            r"(?:(?P<back>back\s+to\s+eating)|eating)\s+"
            r"(?P<f>meat|fish|pork|beef|chicken|dairy|eggs|gluten|animal\s+products)"
            r"(?:\s+again\b|(?(back)|(?!)))",
            re.IGNORECASE,
        ),
        r"\1I eat \g<f> again",
    ),
    (  # "gave up on japanese, switched to korean": the language the user learns now
        re.compile(
            r"(^\s*|[.!?;:]\s+)(?:(?:I|I've|I\s+have|finally|honestly)\s+)*(?:gave\s+up(?:\s+on)?|"
            r"quit|dropped|stopped)\s+(?:learning\s+)?(?P<a>" + LANGUAGE_NAMES + r")\b"
            r"(?:\s+(?:a\s+while|ages|(?:a\s+few|two|three|\d+)\s+(?:weeks|months|years))\s+ago"
            r"|\s+last\s+(?:week|month|year))?"
            r"(?:(?:\s+(?:tbh|honestly|lol|though|tho))*(?:\s*(?:,|and|\s[-\u2014]\s)\s*|\s+)(?:and\s+)?"
            r"(?:I\s+)?(?:switched|moved|changed|went)\s+(?:over\s+)?to\s+(?P<b>"
            + LANGUAGE_NAMES
            + r")\b)?",
            re.IGNORECASE,
        ),
        lambda m: (
            f"{m[1]}I'm no longer learning {m['a']}"
            + (f". I'm learning {m['b']}" if m["b"] else "")
        ),
    ),
    (  # "doing korean on duolingo now": a language the user learns
        re.compile(
            r"(^\s*|[.!?;:,]\s+)(?:(?:I'm|im|I\s+am|now|currently|also)\s+)*doing\s+"
            r"(?=(?:" + LANGUAGE_NAMES + r")\b(?!\s+(?:subtitles|translations?|for|to|into)\b))",
            re.IGNORECASE,
        ),
        r"\1I'm learning ",
    ),
    (  # "when I ask for recipes give grams": a standing wish for such answers
        re.compile(
            r"(^\s*|[.!?;:]\s+)(?:(?:and|also|so|pls|please)\s+)?(?:when(?:ever)?|if|any\s*time)\s+I\s+"
            r"(?:ask|request)\s+(?:you\s+)?(?P<p>for|about)\s+"
            r"(?P<x>(?!.*\b(?:you|I|we|they|it)\s)[\w'/+# -]{2,30}?)\s*,?\s+"
            r"(?=(?:please\s+|pls\s+|always\s+|just\s+)*(?:give|use|show|write|answer|include|put|"
            r"list|keep|add|make|skip|avoid|default|stick|never|don't|do\s+not)\b)",
            re.IGNORECASE,
        ),
        lambda m: (
            f"{m[1]}when you {'give' if m['p'].lower() == 'for' else 'answer about'} {m['x']}, "
        ),
    ),
    (  # "baby number three arrived!": how many children the user has now
        re.compile(
            r"(^\s*|[.!?;:]\s+)(?:(?:our|my)\s+)?(?:baby|kid|child)\s+(?:number|no\.?|#)\s*"
            r"(?P<n>two|three|four|five|six|[2-9])\s+(?:arrived|is\s+here|was\s+born|came)\b",
            re.IGNORECASE,
        ),
        lambda m: f"{m[1]}I have {m['n']} kids now.",
    ),
    (  # "big into bouldering", "mostly play valorant": the user's own pastime, "I" left out
        re.compile(
            r"(^\s*|[.!?;:]\s+|,\s+(?=(?:big|huge|really|super|heavily|mostly|mainly|usually)\s))"
            r"(?:(?P<into>(?:big|huge|super|heavily|totally|kinda|deep)\s+into)(?=\s+[a-z]+(?:ing)?\b)|"
            r"(?P<mostly>(?:mostly|mainly|usually)\s+(?:play|watch|read|cook|bake|knit|paint|draw|"
            r"ride|climb|swim|run|listen\s+to)))\s+(?=[a-z])(?!(?:on|at|in|with|for|by|from|"
            r"during|every|most|all|some|a\s+lot)\b)",
            re.IGNORECASE,
        ),
        lambda m: (
            m.group()
            if _someone_else_before(m)
            or (m["into"] and _tech_names(m.string[m.end() : m.end() + 30]))
            else f"{m[1]}I'm into "
            if m["into"]
            else f"{m[1]}I {m['mostly']} "
        ),
    ),
    (  # "Trados for everything", "org-mode for all my notes": the user's tool
        re.compile(
            r"(^\s*|[.!?;]\s+)(?!(?:thanks|thank|thx|ty|sorry|same|ready|grateful|good|great|ok|"
            r"okay|all|one|cheers|love|respect|kudos|shoutout|apologies|props|time|room)\b)"
            r"(?P<x>[\w.+#-]++(?:\s+[\w.+#-]++)?)\s+for\s+(?P<what>everything|pretty\s+much\s+"
            r"everything|all\s+(?:my|the|our)\s+[\w-]+(?:\s+[\w-]+)?)"
            r"(?=\s*(?:$|[,.;!]|\s+(?:these\s+days|now|at\s+work|at\s+home)\b))",
            re.IGNORECASE,
        ),
        lambda m: (
            f"{m[1]}I use {m['x']} for {m['what']}"
            if (_tech_names(m["x"]) or (m["x"][0].isupper() and len(m["x"].split()) == 1))
            and not _someone_else_before(m)
            else m.group()
        ),
    ),
    (  # "everything at work runs on SAP": the tool of the user's work
        re.compile(
            r"(^\s*|[.!?;]\s+)everything\s+at\s+(?P<w>work|my\s+job|the\s+office)\s+"
            r"(?:runs\s+on|is\s+(?:on|in|built\s+on))\s+(?=[\w.+#-]+(?:\s*[,.;!]|\s*$))",
            re.IGNORECASE,
        ),
        r"\1I use at \g<w> ",
    ),
    (  # "swimming 3x a week now instead": a sport and how often, "I go" left out
        re.compile(
            r"(^\s*|[.!?;]\s+|,\s+(?:and\s+|now\s+|but\s+)?)(?:(?:out|now|still)\s+)?"
            r"(?P<a>swimming|running|cycling|climbing|bouldering|rowing|walking|hiking|boxing|"
            r"skating|dancing|jogging|lifting)(?:\s+instead)?"
            r"(?=(?:\s+(?:at|in)\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?)?"
            r"(?:\s+(?:now|too|again))?\s+(?:\d|one|two|three|four|five|six|once|twice)(?:\s*x|\s+times)?\s*(?:a|per|/)\s*"
            r"(?:week|wk|day|month)\b)",
            re.IGNORECASE,
        ),
        lambda m: f"{m[1]}I go {m['a'].lower()}",
    ),
    (  # "since going vegan in january ...", "got diagnosed lactose intolerant": what the user is
        re.compile(
            r"(^\s*|[.!?;:,]\s+)(?:(?:since|after)\s+going|(?:I\s+)?(?:got|was|been|just\s+got)\s+"
            r"diagnosed(?:\s+as)?)\s+(?P<x>vegan|vegetarian|veggie|pescatarian|sober|teetotal|"
            r"freelance|self-employed|part-time|full-time|remote|gluten-free|dairy-free|"
            r"(?:lactose|gluten)[- ]intolerant|coeliac|celiac|diabetic|autistic|dyslexic|an(?:a)?emic|"
            r"asthmatic|epileptic|hypothyroid)\b(?:\s+(?:in|last|this)\s+\w+|\s+\w+\s+ago)?,?",
            re.IGNORECASE,
        ),
        r"\1I'm \g<x>. So",
    ),
    (  # "started running in the mornings": a sport taken up, "I" left out
        re.compile(
            r"(^\s*|[.!?;:]\s+)(?:(?:I've|I\s+have|I|just|recently|finally)\s+)*(?:started|began|"
            r"took\s+up)\s+(?P<a>running|swimming|cycling|climbing|bouldering|rowing|hiking|"
            r"boxing|jogging|lifting)(?=\s+(?:in\s+the\s+(?:mornings|evenings)|before\s+work|"
            r"after\s+work|at\s+lunch|on\s+\w+days|every\s+\w+|again|\d|once|twice)\b)",
            re.IGNORECASE,
        ),
        lambda m: m.group() if _someone_else_before(m) else f"{m[1]}I go {m['a'].lower()}",
    ),
    (  # "we bought a flat in Leith": the home the user owns
        re.compile(
            r"\b(?:we|I)\s+(?:just\s+|finally\s+|have\s+|'ve\s+)?bought\s+(?:a|an|our\s+first|"
            r"my\s+first)\s+(?P<h>flat|house|apartment|condo|home|cottage|bungalow|townhouse)\s+"
            r"(?=in\s+(?-i:[A-Z])|in\s+[a-z]+\W*$)",
            re.IGNORECASE,
        ),
        lambda m: f"I own a {m['h'].lower()} ",
    ),
    (  # "get horribly seasick", "got a pacemaker fitted": the user's health
        re.compile(
            r"(^\s*|[.!?;]\s+)(?:I\s+)?(?:(?:get|suffer\s+from)\s+(?:(?:really|very|so|horribly|"
            r"terribly|badly|super|awfully)\s+)?(?P<s>(?:"
            + _GOTTEN
            + r")(?:(?<=motion\ssick)ness)?)"
            r"|got\s+(?:a|an|my)\s+(?P<d>pacemaker|stent|insulin\s+pump|cochlear\s+implant|"
            r"hearing\s+aids?)\s+(?:fitted|put\s+in|implanted))\b",
            re.IGNORECASE,
        ),
        lambda m: (
            f"{m[1]}I have {indefinite_article(m['d'])} {m['d']}"
            if m["d"]
            else f"{m[1]}I get {m['s']}"
        ),
    ),
    (  # "e-bike commute now": the way the user gets to work
        re.compile(
            r"(^\s*|[.!?;]\s+)(?:(?:it's|its|all)\s+)?(?P<m>e-?bike|bike|bus|train|tube|metro|"
            r"subway|tram|scooter|ferry|car|motorbike)\s+commute(?=\s+(?:now|these\s+days|"
            r"from\s+now\s+on|every\s+day|daily)\b|\s*(?:$|[,.;!]))",
            re.IGNORECASE,
        ),
        r"\1I commute by \g<m>",
    ),
    (  # "can we switch to english from now on?": the language of the answers
        re.compile(
            r"(^\s*|[.!?;:]\s+)(?:(?:so|ok|okay|hey)(?:\s*+,\s*+|\s++))?(?:can|could)\s+we\s+(?:please\s+)?"
            r"(?:switch\s+to|speak|talk\s+in|continue\s+in|do\s+(?:this|everything)\s+in|"
            r"stick\s+to)\s+(?P<l>" + LANGUAGE_NAMES + r")"
            r"(?P<tail>(?:\s+(?:from\s+now\s+on|going\s+forward|for\s+good|by\s+default|please|"
            r"pls|instead))*)\s*\?+",
            re.IGNORECASE,
        ),
        lambda m: (
            f"{m[1]}please answer in {m['l']} from now on."
            if re.search(r"now\s+on|forward|good|default", m["tail"], re.I)
            else m.group()
        ),
    ),
    (  # "coriander tastes like soap to me": the user dislikes it
        re.compile(
            r"^(\s*)(?!(?:the|this|that|these|those|my|your|our|it|his|her)\b)"
            r"(?P<x>[a-z][\w-]*(?:\s+[a-z][\w-]+)?)\s+(?:(?:tastes?|smells?)\s+like|=)\s+"
            r"(?:soap|dirt|garbage|trash|feet|cardboard|sadness|death|metal|medicine|"
            r"(?<==\s)(?:gross|disgusting|yuck|nasty|vile)|(?<==)(?:gross|disgusting|yuck|nasty|vile))"
            r"(?:\s+to\s+me)?(?=\s*(?:$|[,.;!]|\s+(?:so|lol|tbh|honestly)\b))",
            re.IGNORECASE,
        ),
        r"\1I dislike \g<x>",
    ),
    (  # "fluent in mandarin", "native Spanish speaker", "not a dog person tbh": the user is
        re.compile(
            r"^(\s*)(?=(?:(?:fluent|conversational|bilingual)\s+in\s+[a-z]"
            r"|not\s+an?\s+[a-z]+\s+person\b)(?![^.!?]*\b(?:she|he|they)\b))",
            re.IGNORECASE,
        ),
        r"\1I'm ",
    ),
    (
        re.compile(r"^(\s*)(?=native\s+[a-z]+\s+speaker\b)", re.IGNORECASE),
        r"\1I'm a ",
    ),
    (  # "French and Arabic are my native languages": each is a first language
        re.compile(
            r"^(\s*)(?P<a>[A-Z][a-z]+)\s+and\s+(?P<b>[A-Z][a-z]+)\s+are\s+my\s+(?:native|first)\s+"
            r"languages\b"
        ),
        lambda m: (
            m.group()
            if _tech_names(f"{m['a']} {m['b']}")
            else f"{m[1]}I speak {m['a']} and {m['b']} as my first languages"
        ),
    ),
    (  # "big year: moved to Denver, new job at a brewery, ...": a job the user has now
        re.compile(
            r"(^|[,;:.!][ \t]*)(?:(?:got|landed|started)[ \t]+)?(?:a[ \t]+)?new[ \t]+job[ \t]+at[ \t]+"
            r"(?P<x>an?[ \t]+[\w-]+(?:[ \t][\w-]+)?|(?-i:[A-Z])[\w&.'-]*(?:[ \t]+(?-i:[A-Z])[\w&.'-]*){0,2})"
            r"(?=[ \t]*(?:[,;.!]|$|[ \t]+and\b))",
            re.IGNORECASE,
        ),
        _new_job,
    ),
    (  # "traded the Golf in for a used Model 3": the new one is got
        re.compile(
            r"\b(?:traded|part-exchanged)\s+(?:in\s+)?(?:the|my|our)\s+[\w -]{1,30}?\s+"
            r"(?:in\s+)?for\s+(?=an?\s)",
            re.IGNORECASE,
        ),
        "got ",
    ),
    (  # "got2 kids + a labrador", "got 3 cats": the user has them
        re.compile(
            r"(^|[.!?;,][ \t]*)(?:we've[ \t]+|I've[ \t]+)?got[ \t]*(?=(?:\d|two|three|four|five)[ \t]+"
            rf"(?:(?:little|young|small|teenage|grown|rescue|old)[ \t]+)?(?:kids|children|grandkids|"
            rf"sons|daughters|{PET_NOUNS})\b)",
            re.IGNORECASE,
        ),
        r"\1I have ",
    ),
    (  # "we have two cats, Miso and Pickle": the pets' names
        re.compile(
            r"(?:\b|(?<=^)|(?<=[-*\u2022,:][ \t]))((?:(?:have|'ve[ \t]+got|got)[ \t]+)?"
            r"(?:two|three|four|[2-4])[ \t]+(?:[\w-]+[ \t]+)?"
            rf"(?:{PET_NOUNS}|{CHILD_NOUNS}))[ \t]*[,:\u2014-][ \t]*(?=(?-i:[A-Z])\w+"
            r"[ \t]*(?:and|&)[ \t]+(?-i:[A-Z])\w+[ \t]*(?:[.!;,\n]|$))",
            re.IGNORECASE,
        ),
        r"\1 named ",
    ),
    (  # "2 cats (Miso and Tofu)": the pets' names
        re.compile(
            rf"\b((?:\d|two|three|four)[ \t]+(?:{PET_NOUNS}|kids|children|boys|girls))[ \t]*\([ \t]*"
            r"((?-i:[A-Z])\w+)[ \t]*(?:,|&|and)[ \t]*((?-i:[A-Z])\w+)[ \t]*\)",
            re.IGNORECASE,
        ),
        r"\1 named \2 and \3",
    ),
    (  # "2 kids (7,10)": the kids' ages (two: a list's commas would split three)
        re.compile(
            rf"\b((?:\d|two|three|four|five)[ \t]+(?:{CHILD_NOUNS}))"
            r"[ \t]*\([ \t]*(\d{1,2})[ \t]*(?:,|&|/|and)[ \t]*"
            r"(\d{1,2})[ \t]*(?:yo|y/o|years?)?[ \t]*\)",
            re.IGNORECASE,
        ),
        r"\1 aged \2 and \3",
    ),
    (  # "2 kids + a labrador named Bruno": one more of the user's household
        re.compile(
            r"(?<=[\w)])[ \t]*\+[ \t]*(?=(?:an?|one|two|three|\d)[ \t]+(?:[\w-]+[ \t]+)?"
            rf"(?:kids|children|sons|daughters|{PET_NOUNS})\b)",
            re.IGNORECASE,
        ),
        " and ",
    ),
    (  # "vegetarian for like 8 years now": the user has been
        re.compile(
            r"(^|[.!?;][ \t]*)(vegan|vegetarian|pescatarian|veggie|sober|teetotal|gluten-free|"
            r"dairy-free|keto|celibate|single|married)[ \t]+for[ \t]+(?:like[ \t]+)?(?=(?:about[ \t]+|"
            r"almost[ \t]+|over[ \t]+|nearly[ \t]+)?(?:\d+|a|an|two|three|four|five|six|ten)[ \t]+"
            r"(?:years?|months?|decades?|yrs?)\b(?=[ \t]*(?:now\b|[,.!;]|$)))",
            re.IGNORECASE,
        ),
        r"\1I have been \2 for ",
    ),
    (  # "first week at Shopify went ok": the user works there now
        re.compile(
            r"(^|[.!?;][ \t]*)(?:my[ \t]+)?first[ \t]+(?:week|day|month|shift)[ \t]+at[ \t]+"
            r"(?P<x>(?-i:[A-Z])[\w&.'-]*(?:[ \t]+(?-i:[A-Z])[\w&.'-]*){0,2})[ \t]+"
            r"(?:went|was|is\s+going|has\s+been|done|over)\b"
            r"(?![^,.!?;\n]*\bfor\s+(?:my|his|her|their|our)\b)[^,.!?;\n]*",
            re.IGNORECASE,
        ),
        r"\1I just started at \g<x>",
    ),
    (  # "switched every one of my repos from npm to pnpm": the user did
        re.compile(
            r"\b(switched|moved|migrated)[ \t]+(?:all|every[ \t]+one|each|most)[ \t]+(?:of[ \t]+)?"
            r"(?:my|our|the)[ \t]+(?:repos|projects|apps|services|sites|codebases?|machines|laptops)"
            r"[ \t]+(?=from[ \t]|over[ \t]+to[ \t]|to[ \t])",
            re.IGNORECASE,
        ),
        r"\1 ",
    ),
    (  # "got rid of my android, on an iphone 15 now": the user is
        re.compile(
            r"(^|[.!?;,][ \t]*)on[ \t]+(?=an?[ \t]+(?:iphone|pixel|galaxy|samsung|android|mac|macbook|"
            r"thinkpad|chromebook|windows[ \t]+laptop|linux[ \t]+laptop)\b[^,.!?;\n]{0,20}?[ \t]+now\b)",
            re.IGNORECASE,
        ),
        r"\1I'm on ",
    ),
    (  # "switched to green tea": what the user drinks now
        re.compile(
            r"(^|[.!?;,][ \t]*)(?:I[ \t]+|I've[ \t]+)?(?:switched|moved|changed)[ \t]+(?:over[ \t]+)?to[ \t]+"
            rf"(?P<x>{_DRINKS})\b"
            r"(?:[ \t]+(?:a[ \t]+while[ \t]+(?:ago|back)|recently|last[ \t]+\w+|"
            r"(?:a|an|\d+|two|three|a[ \t]+few|few)[ \t]+(?:weeks?|months?|years?)[ \t]+ago))?"
            r"(?![^.!?;,\n]*\b(?:today|tonight|this[ \t]+(?:morning|evening|afternoon|week)|for[ \t]+now|"
            r"only[ \t]+for)\b)",
            re.IGNORECASE,
        ),
        r"\1I drink \g<x> now",
    ),
    (  # "green tea now", "decaf these days": what the user drinks now
        re.compile(
            rf"(^|[.!?;][ \t]*)(?P<x>{_DRINKS})[ \t]+(?:only[ \t]+)?(?:now|these[ \t]+days|"
            r"instead)\b",
            re.IGNORECASE,
        ),
        r"\1I drink \g<x> now",
    ),
    (  # "mostly do fullstack react/node": the user does ("mostly write Go" is read as a use)
        re.compile(
            r"(^|[.!?;,][ \t]*)(mostly|mainly|usually|normally|generally)[ \t]+(do|work|build|teach|"
            r"drink|eat|cook)\b",
            re.IGNORECASE,
        ),
        lambda m: f"{m[1]}I {m[2].lower()} {m[3]}",
    ),
    (  # "Gym moved to mornings": when the user goes now
        re.compile(
            r"(^|[.!?;][ \t]*)(?:my[ \t]+)?(?:the[ \t]+)?gym(?:[ \t]+(?:sessions?|time|days?))?[ \t]+"
            r"(?:has[ \t]+)?(?:moved|switched|changed|shifted)[ \t]+(?:over[ \t]+)?to[ \t]+(?:the[ \t]+)?"
            r"(?P<x>mornings|evenings|afternoons|lunchtimes?|weekends|nights)\b",
            re.IGNORECASE,
        ),
        r"\1I go to the gym in the \g<x> now",
    ),
    (  # "def need shorter replies", "def not a morning person": the user
        re.compile(
            r"(^|[.!?;][ \t]*)(?:def|defo|definitely)[ \t]+(?:(?P<v>need|want)|"
            r"(?P<n>not[ \t]+an?))\b",
            re.IGNORECASE,
        ),
        lambda m: f"{m[1]}I definitely {m['v']}" if m["v"] else f"{m[1]}I am definitely {m['n']}",
    ),
    (  # "like it or not I'm vegetarian now": a saying before the statement
        re.compile(
            r"(^|[.!?;][ \t]*)(?:(?:love|like)[ \t]+it[ \t]+or[ \t]+(?:hate|leave)[ \t]+it|"
            r"like[ \t]+it[ \t]+or[ \t]+not)[ \t]*,?[ \t]*(?=\w)",
            re.IGNORECASE,
        ),
        r"\1",
    ),
    (  # "working as a barista atm while studying design": two things the user does
        re.compile(
            r"^((?:I'm[ \t]+|I[ \t]+am[ \t]+)?(?:working|work|studying|living)[ \t]+[^,.!?;\n]{2,60}?)"
            r"[ \t]+while[ \t]+(?=(?:also[ \t]+)?(?:studying|working|doing|raising|caring|training|"
            r"learning|running)\b)(?![^.!?\n]*(?:\b(?:is|are|was)\b|\?))",
            re.IGNORECASE | re.MULTILINE,
        ),
        r"\1, and ",
    ),
    (  # "Concise answers with code preferred.": a wish
        re.compile(
            r"(^|[.!?;][ \t]*)(?P<x>(?:concise|short|brief|detailed|long|simple|plain|shorter|longer|"
            r"step-by-step|bullet)[\w ,+/-]{0,50}?)[ \t]+(?:is[ \t]+|are[ \t]+)?preferred\b"
            r"(?![ \t]+(?:for[ \t]+(?:this|today|now)|here|today)\b)",
            re.IGNORECASE,
        ),
        lambda m: f"{m[1]}I prefer {m['x'][:1].lower()}{m['x'][1:]}",
    ),
    (  # "more examples please — not a developer": the user is not
        re.compile(
            r"(^|[.!?;,\u2014\u2013][ \t]*|[ \t]-[ \t]+)not[ \t]+(?=an?[ \t]+(?:[\w-]+[ \t]+)?(?:developer|"
            r"programmer|coder|engineer|dev|techie|tech[ \t]+person|designer|native[ \t]+speaker|"
            r"morning[ \t]+person|professional|expert|scientist|mathematician|lawyer|doctor)"
            r"[ \t]*(?:[.!?;,\u2014\n]|$|lol|btw|so\b|but\b))",
            re.IGNORECASE,
        ),
        r"\1I'm not ",
    ),
    (  # "only drink flat whites": the user does, only that
        re.compile(
            r"(^|[.!?;,][ \t]*)only[ \t]+(drink|eat|use|wear|read|watch|cook|buy|fly|ride|drive)\b"
            r"(?![^.!?;,\n]*\b(?:today|tonight|this[ \t]+(?:morning|evening|week)|for[ \t]+now)\b)",
            re.IGNORECASE,
        ),
        r"\1I only \2",
    ),
    (  # "never got into pandas": a tool the user does not use
        re.compile(
            r"(^|[.!?;,][ \t]*)(?:I[ \t]+)?never[ \t]+(?:really[ \t]+)?got[ \t]+into[ \t]+"
            r"(?P<x>[\w.+#-]+)(?=[ \t]*(?:[.!?;,\n]|$))(?![ \t]*[,;]?[ \t]*(?:but[ \t]+)?(?:now|these[ \t]+days)\b)",
            re.IGNORECASE,
        ),
        lambda m: f"{m[1]}I don't use {m['x']}" if _tech_names(m["x"]) else m.group(),
    ),
    (  # "started night shifts at the hospital": the user works them now
        re.compile(
            r"(^|[.!?;,][ \t]*)(?:I[ \t]+)?(?:just[ \t]+|recently[ \t]+)?started[ \t]+(?:doing[ \t]+|on[ \t]+)?"
            r"(night|day|early|late|evening|weekend|morning|12-hour|twelve-hour)[ \t]+shifts\b"
            r"(?P<at>[ \t]+(?:at|in)[ \t]+(?:the[ \t]+|a[ \t]+)?[\w-]+)?"
            r"(?![^.!?;\n]*\b(?:last[ \t]+year|years?[ \t]+ago|(?:but|then|and)[ \t]+(?:quit|stopped|left)))",
            re.IGNORECASE,
        ),
        lambda m: f"{m[1]}I work {m[2]} shifts{m['at'] or ''} now",
    ),
    (  # "if you ask me, tabs yes": an opinion's lead, no condition
        re.compile(
            r"(^|[.!?;][ \t]*)(?:if[ \t]+you[ \t]+ask[ \t]+me|if[ \t]+I'?m[ \t]+(?:being[ \t]+)?honest|"
            r"if[ \t]+you[ \t]+must[ \t]+know)[ \t]*,?[ \t]*(?=\w)",
            re.IGNORECASE,
        ),
        r"\1",
    ),
    (  # "vim yes emacs no": a verdict ends its item
        re.compile(
            r"(?<=\w[ \t])(yes|yep|yup|no|nope|never)[ \t]+(?!(?:yes|yep|yup|no|nope|never)\b)"
            r"(?=[\w.+#-]+(?:[ \t]+[\w.+#-]+)?[ \t]+"
            r"(?:yes|yep|yup|no|nope|never|hard[ \t]+pass)[ \t]*(?:[.!;,\n]|$))",
            re.IGNORECASE,
        ),
        r"\1, ",
    ),
    (  # "spicy: yes": the user likes it (a part of answers is read as a wish)
        re.compile(
            r"(^|[.!?;\n][ \t]*)(?P<x>[A-Za-z][\w-]*(?:[ \t]+[\w-]+)?)[ \t]*:[ \t]*(?:yes|yep|yup|"
            r"always|absolutely)[ \t]*(?=[.!;,\n]|$)",
            re.IGNORECASE,
        ),
        _liked_item,
    ),
    (  # "emojis in replies: no": none of them (parts of answers, said in the plural; not
        # a form's "Dietary restrictions: no")
        re.compile(
            r"(^|[.!?;\n][ \t]*)(?P<x>(?!(?:and|but|so|answer|reply)\b)[A-Za-z][\w./+#-]*"
            r"(?:[ \t]+[\w./+#-]+){0,3})(?<=s)[ \t]*:[ \t]*(?:no|nope|nah|never|none)[ \t]*"
            r"(?=[.!;,\n]|$)",
            re.IGNORECASE,
        ),
        _none_of_a_part,
    ),
    (  # "I'm in a wheelchair": the user uses one
        re.compile(
            r"\b(I'm|I\s+am|im)\s+in\s+a\s+wheelchair\b",
            re.IGNORECASE,
        ),
        "I use a wheelchair",
    ),
    (  # "tried VS Code, not a fan": a dislike of what was tried
        re.compile(
            r"(^\s*|[.!?;]\s+)(?:I\s+)?tried\s+(?!(?:it|this|that|them|my|to|the\s+new)\b|\w+ing\b)"
            r"(?P<x>(?-i:[A-Z])[\w.+#' -]{1,30}?|[\w.+#-]+)(?:\s+for\s+a\s+(?:week|while|bit|month|day))?"
            r",?\s+(?:but\s+)?"
            r"(?:not\s+a\s+fan|didn't\s+like\s+it|hated\s+it|wasn't\s+for\s+me|not\s+for\s+me)"
            r"(?=\W*$|[.!?;]\s)",
            re.IGNORECASE,
        ),
        r"\1not a fan of \g<x>",
    ),
    (  # "jazz while I work", "lo-fi beats while coding": what the user listens to
        re.compile(
            r"(^\s*|[.!?;]\s+)(?:(?:mostly|usually|always)\s+)?(?P<g>(?:jazz|lo-?fi(?:\s+beats)?|classical|"
            r"ambient|techno|metal|house|hip[- ]hop|synthwave|podcasts|audiobooks|white\s+noise|"
            r"brown\s+noise|rain\s+sounds)(?:\s+music)?)\s+(?:while|when)\s+(?:I\s+)?"
            r"(?P<act>work(?:ing)?|cod(?:e|ing)|study(?:ing)?|programm(?:ing)?|writ(?:e|ing)|read(?:ing)?)\b"
            r"(?![^.!\n]*\?)(?!\s+out\b)",  # (not "Jazz while I work? No way", "while I work out")
            re.IGNORECASE,
        ),
        lambda m: (
            f"{m[1]}I listen to {m['g'].lower()} while {_ING.get(m['act'].lower(), m['act'])}"
        ),
    ),
    (  # "wfh full time", "WFH mondays": the user works from home
        re.compile(
            r"^(\s*(?:I\s+(?:no\s+longer|still|now)\s+)?)wfh\b(?=\s+(?:full[- ]time|most\s+days|every|on|mon|tue|wed|thu|fri|now|\d|"
            r"two|three|four|permanently|these\s+days)|\W*$)",
            re.IGNORECASE,
        ),
        r"\1work from home",
    ),
    (  # "caffeine free since ...": one state
        re.compile(
            r"\b(caffeine|gluten|dairy|sugar|alcohol|meat)\s+free\b",
            re.IGNORECASE,
        ),
        r"\1-free",
    ),
    (  # "so yeah, two kids now": how many the user has now
        re.compile(
            r"(^\s*|[.!?;]\s+)(?:so\s+)?(?:yeah,?\s+)?(two|three|four|five|six|\d)\s+(kids|children)\s+now\b",
            re.IGNORECASE,
        ),
        r"\1I have \2 \3 now",
    ),
    (  # "we caved and got a kitten": the getting is the fact
        re.compile(
            r"\b(?:finally\s+)?(?:caved|gave\s+in|went\s+ahead|bit\s+the\s+bullet)\s+and\s+"
            r"(?:finally\s+)?(?=(?:got|adopted|bought|rescued|took\s+in)\b)",
            re.IGNORECASE,
        ),
        "",
    ),
    (  # "we've since adopted a beagle": since then, a change
        re.compile(
            r"\b(have|has|'ve|'s)\s+since\s+(?=[a-z]+ed\b|got\b|gotten\b|taken\b|become\b)",
            re.IGNORECASE,
        ),
        r"\1 ",
    ),
    (  # "picking up Japanese too": the user is learning a language
        re.compile(
            rf"(^\s*)(?:(?:I'm|I am|im|currently|slowly|also)\s+)?picking\s+up\s+"
            rf"(?=(?:{LANGUAGE_NAMES})(?:\s+(?:too|as\s+well|again|lately|these\s+days|slowly|"
            r"(?:on|with|from)\s+(?:duolingo|an?\s+app|youtube|books?|classes|lessons)))*\s*(?:$|[,.;!\u2014-]))",
            re.IGNORECASE,
        ),
        r"\1I'm learning ",
    ),
    (  # "ex-Marine, now a coach", "ex-teacher here": a role the user had
        re.compile(
            r"(^\s*|\b(?:I'm|I am|im|an?)\s+)ex-"
            rf"(?=(?:{ROLE_NOUNS}|marine|smoker|drinker|soldier|googler|army\s+officer)\b(?!-))",
            re.IGNORECASE,
        ),
        lambda m: re.sub(r"\ban(?=\s+$)", "a", m[1], flags=re.IGNORECASE) + "former ",
    ),
)
_ANSWER_LANGUAGE_RE: Final = re.compile(
    r"^(?:(?:please|pls|bitte|por favor|s'il (?:te|vous) pla[iî]t)\s+)?"
    r"(?P<cue>(?:from now on|ab jetzt|à partir de maintenant|desde ahora|going forward|"
    r"only|always)\s+)?(?P<in>in\s+)?"
    rf"(?P<lang>{LANGUAGE_NAMES})"
    r"(?P<cue2>(?:\s+(?:please|pls|only|from now on|going forward|is fine(?: now)?|bitte|"
    r"for answers|answers|replies|now))+)?$",
    re.IGNORECASE,
)
#: A value put right: "it's Excel 365 not 2016" (a version), "it's John with an h"
#: (a name spelled out).
_VALUE_FIX_RE: Final = re.compile(
    r"^(?:it'?s|it is|its|that'?s|that is|name'?s|my name is|actually)\s+"
    r"(?P<x>[\w.+#-]+(?:\s+[\w.+#-]+){0,2}?)"
    r"(?P<spelled>\s+with\s+an?\s+[a-z]\b(?:\s+\w+)?)?"
    r"(?:\s*,?\s+not\s+(?P<old>[\w.+#-]+))?$",
    re.IGNORECASE,
)
_PERSON_RE: Final = re.compile(
    r"^(?:(?:I am|I'm)\s+)?(?:(?:very much|totally|definitely|really|such|100%)\s+)?"
    r"(?:a|an)\s+(?:(?:huge|big|total|die-hard)\s+)?(?P<x>[\w.+#@' -]+?)\s+"
    r"(?P<kind>person|guy|girl|gal|fan|user|shop|type|kind of person|kinda person|loyalist|"
    r"convert|evangelist|fanboy|fangirl|purist|addict|nerd|head|enjoyer)"
    r"(?:\s+(?:now|these days|nowadays|at heart|through and through))?$",
    re.IGNORECASE,
)
_HERE_RE: Final = re.compile(
    r"^(?:(?:long[- ]?time|lifelong|die-hard|happy|daily)\s+)?(?P<x>[\w.+#@' -]+?)\s+"
    r"(?:user|person|fan|guy|girl|dev|developer|shop|enjoyer|main|diehard|nerd|geek|lover|"
    r"addict|junkie)\s+(?:here|btw|fwiw)$"
    r"|^(?P<y>[\w.+#@' -]+?)\s+(?:shop|house|household|team|person|user)$",
    re.IGNORECASE,
)
_HABIT_USE_RE: Final = re.compile(
    r"^(?:(?P<adv>mostly|mainly|usually|always|primarily|daily)\s+)?"
    r"(?:(?P<gerund>using|working with|working in|coding in|writing|building with|running)|"
    r"(?:use|work with|code in|write|build with|run))\s+(?P<x>.+?)"
    r"(?:\s+(?P<tail>mostly|mainly|daily|usually|exclusively|atm|rn|these days|now|"
    r"at work|at home|for work|for fun|everywhere|all day))?$",
    re.IGNORECASE,
)
_FLUENT_RE: Final = re.compile(
    r"^(?:pretty |very |quite |really |fairly )?(?P<adj>fluent|proficient|experienced|"
    r"comfortable|good|strong|solid)\s+(?:in|with|at)\s+(?P<x>.+)$",
    re.IGNORECASE,
)
#: Who one is besides a job, said as "<who> here": "vegan marathoner here", "mum of
#: three here", "left-handed knitter here".
_HERE_NOUNS: Final = (
    r"runner|marathoner|jogger|swimmer|climber|hiker|knitter|gamer|birder|learner|newbie|"
    r"noob|homeowner|renter|tenant|landlord|commuter|volunteer|expat|immigrant|parent|mum|"
    r"mom|dad|grandparent|grandma|grandpa|vegan|vegetarian|pescatarian|lefty|night owl|"
    r"early bird|introvert|extrovert|diabetic|coeliac|celiac|insomniac|(?:mum|mom|dad|"
    r"parent)\s+of\s+(?:\d+|two|three|four|five|twins)"
)
_ROLE_HERE_RE: Final = re.compile(
    rf"^(?:an?\s+)?(?!(?:not|no|your|his|her|their|the|my|our|only|no\s+one|i|i'm|im|am|we|"
    rf"we're|you)\b)"
    rf"(?P<role>(?:[\w+#./-]+\s+){{0,3}}(?:{ROLE_NOUNS}|{_HERE_NOUNS}|"
    r"\w+(?:ician|ist|ant)|guy|gal|person|admin|tester))\s+"
    r"(?:here|speaking|by trade|by day)(?:\s*[^\w\s,.!?;:].*)?$",
    re.IGNORECASE,
)
_SLOT_STATEMENT_RE: Final = re.compile(
    r"^(?:(?:my|our|the)\s+)?(?P<slot>[a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+(?:side\s+)?"
    r"(?:is|are|=|:|runs on|runs|goes through|is done with|is done in|is handled by)\s+"
    r"(?P<x>.+?)(?:\s+(?:only|mostly|exclusively|everywhere|all the way))?$",
    re.IGNORECASE,
)
_TEAM_RE: Final = re.compile(r"^team\s+(?P<x>[\w.+#@' -]+)$", re.IGNORECASE)
_STYLE_IS_RE: Final = re.compile(
    r"^(?:(?:the|our|my)\s+)?(?:team|house|company|code|coding)?\s*style\s+(?:is|=)\s+"
    r"(?P<x>[\w.+#' -]+?)(?:\s+so\b.*)?$",
    re.IGNORECASE,
)
_ON_RE: Final = re.compile(
    r"^(?:I am|I'm|we are|we're|I've been|we've been|been|currently|mostly|still)\s+"
    r"(?:(?:currently|mostly|all|fully|still|now|primarily|mainly|running|living)\s+)*"
    r"(?:on|in|using|with|running|into)\s+(?P<x>.+)$",
    re.IGNORECASE,
)
_THING_IS_RE: Final = re.compile(
    r"^(?:(?:my|our|the)\s+)?(?:whole\s+|entire\s+|current\s+|main\s+|usual\s+|go-to\s+|"
    r"default\s+|tech\s+)*(?P<thing>stack|infra(?:structure)?|backend|frontend|front-end|"
    r"back-end|api|app|site|db|database|setup|daily driver|editor|ide|os|shell|terminal|"
    r"machine|laptop|workstation|desktop|dotfiles|env|environment|toolchain|hosting|deploys?|"
    r"ci|pipeline|cloud|server|servers|services?|mobile app|cli|runtime|tooling|build|"
    r"everything|all of it|work|day job|job)\s+"
    r"(?:is|are|=|runs(?:\s+on)?|run(?:\s+on)?|lives on|sits on|uses|is built (?:on|with)|"
    r"is written in|is in|on|:|goes to|go to|go through|goes through|run through|runs through|"
    r"are done (?:in|with|via)|deployed (?:to|on)|hosted on|is all)\s+(?P<x>.+)$",
    re.IGNORECASE,
)
_FOR_LIST_RE: Final = re.compile(
    r"^(?P<x>[\w.+#@' -]+?)\s+for\s+(?P<what>[\w' -]+?)$", re.IGNORECASE
)
_NO_RE: Final = re.compile(
    r"^(?:(?:and|also|please|pls)\s+)?(?:no|zero|none of the|no more|never any|without)\s+"
    r"(?!(?:longer|need|idea|problem|worries|way|clue|rush|thanks|doubt|luck|one|reason|time|"
    r"matter|issue|biggie|change|pressure|stress|hurry|exceptions|excuses|kidding|joke|offense|"
    r"hard feelings|promises|comment|contest|question|cap|kidding|big deal|surprise|"
    r"decision|verdict|answer|word|news|update|reply|response|luck\s+yet|[\w-]+\s+yet|"
    r"free\s+time|spare\s+time|energy|sleep|patience|space|signal|wifi|regrets?|complaints?|"
    r"shame|judge?ments?|offence|pun\s+intended|filter|lie)\b)(?P<x>[\w.+#@'/ -]+?)(?:\s*,?\s*(?:please|ever|at all|thanks|thx|in (?:answers|replies|"
    r"responses|code)|anywhere))*$",
    re.IGNORECASE,
)
#: What a life no longer has, said "no more ...": shifts, a commute, on-call.
_LIFE_NO_MORE_RE: Final = re.compile(
    r"^(?:[\w-]+\s+){0,2}?(?:(?P<shifts>shifts?)|(?P<commute>commut\w*)|on-?call|overtime|"
    r"night\s+work|rent|mortgage|"
    r"school\s+runs?|nappies|diapers|deadlines?|exams?|lectures?)\b",
    re.IGNORECASE,
)
_ALWAYS_NOUN_RE: Final = re.compile(
    r"^(?P<adv>always|never)\s+(?P<x>(?!(?:be|use|answer|reply|respond|write|give|keep|"
    r"convert|send|list|sort|round|quote|highlight|bold|label|number|mark|draw|plot|split|"
    r"wrap|offer|remind|recap|price|measure|schedule|book|plan|"
    r"explain|show|include|add|avoid|format|put|stop|talk|speak|skip|limit|make|return|"
    r"provide|mention|ask|default|stick|comment|name|indent|document|type|test|follow|"
    r"suggest|prefer|recommend|remember|call|apologi[sz]e|start|end|sign|use|"
    r"has|have|had|was|were|is|are|been|did|does|do|will|would|gets?|got|works?|worked|"
    r"tell|let|point|warn|flag|check|correct|cite|link|double-check|verify|run|consider|"
    r"assume|think|try|look|think|ask|reply|respond|say|use|spell|translate|summari[sz]e|"
    # what one never did or where one never is ("never properly learned", "never home")
    r"\w+ly|\w+ed|home|here|there|around|in|on|at|seen|been|done|heard|had|gone|"
    r"learnt|taught|known|met|ever)\b)"
    r"[\w.+#@'/() -]+)$",
    re.IGNORECASE,
)
#: The same said the other way round: "oat milk always", "aisle seat always" (a short
#: thing, no verb in it: "it works always" is no wish).
_NOUN_ALWAYS_RE: Final = re.compile(
    r"^(?P<x>(?!(?:it|this|that|they|he|she|we|I|you|which|the|my|our|their|his|her|its)\b)"
    r"[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2}?)"
    r"\s+(?P<adv>always)$"
)
_OWN_DECISION_RE: Final = re.compile(
    r"^(?P<adv>never|not)\s+(?P<verb>using|touching|going back to|writing|doing)\s+"
    r"(?P<x>.+?)(?:\s+(?:again|ever again|anymore))?$",
    re.IGNORECASE,
)
_TASK_RE: Final = re.compile(
    r"\bgive (?:me|us) (?:\d+|a|an|some|one|two|three|four|five|ten|few|couple|more)\b|"
    r"\b(?:this|that|it|these|those|here|below|above|again|instead|now|for me|for us|today|"
    r"tonight|tomorrow|this (?:morning|afternoon|evening|weekend)|"
    r"the (?:\w+ ){0,3}(?:file|function|component|bug|code|test|script|query|page|error|class|method|"
    r"snippet|module|endpoint|example|issue|pr|diff|repo|app|command|query|regex|migration|"
    r"config|dockerfile|one-liner|upload code|test case|version|translation|letter|cover letter|"
    r"email|essay|post|message|bio|summary|note|slide|deck|report|proposal|resume|cv|abstract|"
    r"paragraph|tweet|announcement|description|chart|yaml|json|table|list)|my (?:code|file|function|"
    r"component|script|query|pr|diff|branch))\b|\b(?:too|as well)\s*$"
    # one thing made for a thing at hand: "write a unit test for the coupon calculation"
    r"|\b(?:a|an|one)\s+(?:[\w-]+\s+){0,3}?(?:for|of|on|about)\s+(?:the|my|our)\s+[\w-]+"
    r"|\bthe following\b",
    re.IGNORECASE,
)
#: A scope that points at the thing at hand ("in this case", "for this answer").
_DEICTIC_RE: Final = re.compile(
    r"\b(?:this|that|these|those|today|tonight|tomorrow|the following)\b", re.IGNORECASE
)
#: The phrases that make a request a standing one and are left out of its stored text
#: ("keep it brief from here on"): one list for every rule that reads them.
STANDING_PHRASES: Final = (
    r"from now on|from now(?=\s*,?\s*(?:please|pls)\b)|from here on(?: out)?|"
    r"from this point on|henceforth|going forward|in (?:the )?future|by default"
)
#: A standing phrase before a colon: "Going forward: no bullet points".
_STANDING_COLON_RE: Final = re.compile(rf"^({STANDING_PHRASES})\s*:\s+(.+)$", re.IGNORECASE)
_STANDING_RE: Final = re.compile(
    rf"\b(?:always|never|{STANDING_PHRASES}|every time|"
    r"whenever|at all times|in general|generally|all (?:your|the)|every|any time|ever|"
    r"(?:in|for|across|on) all|(?:anything|everything|whatever|any code|all code) you|"
    r"any\s+(?:[\w-]+\s+){1,2}?(?:you write|you give me)|unless I (?:say|ask|tell)|"
    r"even when|"
    r"with me)\b",
    re.IGNORECASE,
)
_STYLE_RE: Final = re.compile(
    r"\b(?:spelling|commit messages?|conventional commits|f-strings?|diagrams?|emojis?|"
    r"bullet(?:s| points?)?|tables?|markdown|headings?|examples?|code blocks?|comments?|"
    r"docstrings?|type hints?|semicolons?|trailing commas?|quotes?|tabs|spaces|indent\w*|"
    r"camel ?case|snake[_ ]case|pascal ?case|kebab[- ]case|line length|imports?|naming|"
    r"variable names?|early returns?|guard clauses?|async/await|arrow functions?|"
    r"functional|immutab\w*|tests?|TDD|units?|metric|imperial|dates?|ISO|UTC|timezone|"
    r"answers?|responses?|replies|repl(?:y|ies)|explanations?|explain\w*|tone|jargon|"
    r"concise\w*|brief\w*|short|shorter|terse|verbose|detailed|step[- ]by[- ]step|"
    r"summar\w*|tl;?dr|plain english|simple terms|formal|casual|friendly|apologi[sz]\w*|"
    r"sorry|small talk|preamble|fluff|filler|disclaimers?|caveats?|hedg\w*|sources?|"
    r"outros?|recaps?|boilerplate|"
    r"links?|references?|citations?|British|American|English|German|French|Spanish|"
    r"Italian|Portuguese|Dutch|Polish|Japanese|Chinese|Korean|Russian|Hindi|simple|plain|"
    r"easy|short words|simple words|beginner|layman|eli5|"
    r"lowercase|uppercase|capitali[sz]\w*|analogies|analogy|options?|alternatives?|"
    r"trade-?offs?|pros and cons|questions?|assumptions?|yourself|me|blunt|direct|honest|"
    r"candid|harsh|gentle|patient|polite|apologi[sz]\w*|hedg\w*|rambl\w*|lectur\w*|"
    r"moraliz\w*|moralis\w*|sugarcoat\w*|flatter\w*|prais\w*|greet\w*|summari[sz]\w*|"
    r"repeat\w*|pad\w*|waffl\w*|detail|in[- ]depth|(?<=go )longer|"
    r"longer\s+(?:answers|replies|responses|explanations))\b",
    re.IGNORECASE,
)
#: Questions on a topic that are over ("so no more work questions"): no wish about answers
#: (not "no more follow-up questions").
_NO_TOPIC_QUESTIONS_RE: Final = re.compile(
    r"(?:so\s+)?no\s+(?:more\s+)?(?:work|school|homework|job|coding|code|tax|exam|interview|"
    r"maths?|science|history|legal|medical|money|finance|career|business|office|uni|college)"
    r"\s+questions",
    re.IGNORECASE,
)
#: A reason after an instruction, its own clause: ", they come out as a mess", ", it's
#: distracting" (the instruction is what is kept).
_REASON_AFTER_RE: Final = re.compile(
    r",\s+(?:they|they're|it|it's|its|which|those|these|because|since|cos|coz|cause)\b.*$",
    re.IGNORECASE,
)


def without_reason(instruction: str) -> str:
    """An instruction without the reason said after it in a clause of its own ("don't
    use emojis, they look childish"), when what is left says the instruction."""
    bare = _REASON_AFTER_RE.sub("", instruction)
    return bare if len(bare.split()) >= 2 else instruction


#: A choice of how to answer, switched to: "switch me to imperial", "switch to metric".
_SWITCH_ME_RE: Final = re.compile(
    r"^(?:switch|change|move)\s+(?:me\s+|us\s+|everything\s+)?(?:over\s+|back\s+)?to\s+"
    r"(?P<x>(?:metric|imperial|celsius|fahrenheit|british\s+spelling|american\s+spelling|"
    r"british\s+english|american\s+english|us\s+english|uk\s+english|24[- ]?hour\s+time|"
    r"12[- ]?hour\s+time)(?:\s+units)?)"
    r"(?:\s+(?:for\s+everything|for\s+all|from\s+now\s+on|going\s+forward|now|please|pls))*$",
    re.IGNORECASE,
)
#: Leave given for a new way of answering: "you can go into detail now", "you can drop
#: the formal tone" (read as "go into detail from now on").
_YOU_CAN_NOW_RE: Final = re.compile(
    r"^(?:(?:so|ok|okay|honestly|actually)\s+)*(?:you\s+can|u\s+can|feel\s+free\s+to|"
    r"you're\s+free\s+to)\s+(?P<x>(?:go|get|use|drop|skip|stop|swear|include|add|be\s+more|"
    r"be\s+less|make)\b(?!.*\b(?:it|this|that|these|those|the\s+question|the\s+\d+)\b).+?)"
    r"(?P<when>\s+(?:now|from\s+now\s+on|going\s+forward))?$",
    re.IGNORECASE,
)
_IMPERATIVE_HEAD: Final = frozenset(
    [
        "uppercase",
        "lowercase",
        "capitalize",
        "capitalise",
        "wrap",
        "label",
        "mark",
        "cite",
        "link",
        "quote",
        "annotate",
        "sort",
        "number",
        "prefix",
        "end",
        "start",
        "begin",
        "assume",
        "target",
        "pin",
        "translate",
        "convert",
        "spell",
        "answer",
        "reply",
        "respond",
        "write",
        "use",
        "give",
        "keep",
        "be",
        "explain",
        "show",
        "include",
        "add",
        "avoid",
        "format",
        "put",
        "stop",
        "talk",
        "speak",
        "skip",
        "limit",
        "make",
        "return",
        "provide",
        "mention",
        "ask",
        "default",
        "stick",
        "comment",
        "name",
        "indent",
        "document",
        "type",
        "test",
        "follow",
        "suggest",
        "prefer",
        "recommend",
        "remember",
        "call",
        "apologise",
        "apologize",
        "repeat",
        "lecture",
        "moralize",
        "moralise",
        "hedge",
        "ramble",
        "pad",
        "summarise",
        "summarize",
        "start",
        "end",
        "sign",
        "greet",
        "thank",
        "assume",
        "guess",
        "invent",
        "praise",
        "flatter",
        "overuse",
        "abbreviate",
        "spell",
        "translate",
        "cite",
        "link",
        "number",
        "bold",
        "capitalise",
        "capitalize",
        "wrap",
        "split",
        "inline",
        "log",
        "handle",
        "sort",
        "order",
        "group",
        "label",
        "tag",
        "commit",
        "lint",
        "run",
        "stay",
        "go",
        "assume",
        "point",
        "list",
        "quote",
        "reference",
        "refer",
        "respect",
        "drop",
        "leave",
        "cut",
        "tell",
        "treat",
        "address",
        "structure",
        "organise",
        "organize",
        "verify",
    ]
)
_TECH_CONNECTORS: Final = frozenset(
    [
        "full",
        "time",
        "ide",
        "editor",
        "terminal",
        "day",
        "long",
        "bit",
        "little",
        "some",
        "side",
        "lot",
        "exclusively",
        "only",
        "daily",
        "work",
        "home",
        "fun",
        "mostly",
        "and",
        "with",
        "on",
        "+",
        "&",
        "/",
        ",",
        "plus",
        "for",
        "in",
        "via",
        "using",
        "over",
        "the",
        "a",
        "an",
        "my",
        "our",
        "mostly",
        "mainly",
        "primarily",
        "also",
        "too",
        "as",
        "well",
        "here",
        "these",
        "days",
        "nowadays",
        "now",
        "currently",
        "all",
        "everything",
        "stack",
        "everywhere",
        "locally",
        "prod",
        "production",
        "dev",
        "at",
        "work",
        "home",
        "daily",
        "both",
        "latest",
        "version",
        "v",
        "latest",
        "stable",
        "lts",
        "native",
        "backend",
        "frontend",
        "front",
        "end",
        "back",
        "server",
        "client",
        "side",
        "web",
        "mobile",
        "db",
        "database",
        "infra",
        "cloud",
        "hosting",
        "deploy",
        "deployed",
        "deploys",
    ]
)


def _items(rest: str) -> list[str]:
    return [i.strip(" .!") for i in _ITEM_SPLIT_RE.split(rest) if i and i.strip(" .!")]


_CONTEXT: Final = "using "


def _mentions(text: str, *, unknown: bool = False, lowercase: bool = True) -> list[Mention]:
    """Technology mentions of a fragment read as the object of "using" (a fragment such
    as "Rails 7 and Sidekiq" has lost the words that made its names technologies).

    ``unknown``: also names the list does not know, in a list of technologies
    ("Stack: SvelteKit, Drizzle, Neon", "R + Bioconductor"): a word that looks like a
    product name (CamelCase, a digit, a dot or dash inside, or a short lower-case or
    capitalised word that is not a common English word of such lists), as typed."""
    lead = _LEAD_ADVERBS_RE.match(text)
    skip = lead.end() if lead else 0  # "mainly go": the adverb hides the context
    shift = len(_CONTEXT) - skip
    known = [
        Mention(m.name, m.start - shift, m.end - shift)
        for m in find_technology_mentions(_CONTEXT + text[skip:])
        if m.start >= len(_CONTEXT)
    ]
    if not unknown:
        return known
    out = list(known)
    words = [w for w in re.findall(r"[\w.+#-]+", text) if w.lower() not in _LIST_WORDS]
    for match in _PRODUCT_RE.finditer(text):
        if any(m.start < match.end() and match.start() < m.end for m in known):
            continue
        token = match.group()
        if not _looks_like_product(token) or (not lowercase and token.islower()):
            continue
        shaped = re.search(r"[a-z][A-Z]|[.+#]|-(?!\d+$)", token) or (
            re.search(r"\d", token) and len(re.findall(r"[A-Za-z]", token)) >= 3
        )
        alone = words == [token]
        joined = any(
            re.fullmatch(r"\s*[+/&]\s*", text[m.end : match.start()])
            or re.fullmatch(r"\s*[+/&]\s*", text[match.end() : m.start])
            for m in known
        )
        if shaped or alone or joined:
            out.append(Mention(token, match.start(), match.end()))
    out.sort(key=lambda m: m.start)
    return out


_LEAD_ADVERBS_RE: Final = re.compile(
    r"^(?:(?:mostly|mainly|primarily|also|plus|and|some|a bit of|bit of|a little|lots of|"
    r"a lot of|heavy|heavily|daily|usually)\s+)+",
    re.IGNORECASE,
)
_PRODUCT_RE: Final = re.compile(
    r"(?<![\w.@/$-])[A-Za-z][A-Za-z0-9]*(?:[.+#-][A-Za-z0-9]+)*[+#]?(?![\w@/$-])"
)
_LIST_WORDS: Final = frozenset(
    [
        *[
            "ever",
            "again",
            "anymore",
            "either",
            "though",
            "tho",
            "lol",
            "haha",
            "right",
            "kinda",
            "sorta",
            "maybe",
        ],
        "a",
        "an",
        "the",
        "and",
        "or",
        "with",
        "on",
        "for",
        "in",
        "of",
        "to",
        "at",
        "by",
        "as",
        "is",
        "are",
        "be",
        "my",
        "our",
        "your",
        "their",
        "its",
        "me",
        "mostly",
        "mainly",
        "also",
        "plus",
        "some",
        "bit",
        "lots",
        "little",
        "nothing",
        "fancy",
        "standard",
        "pretty",
        "boring",
        "everything",
        "stuff",
        "things",
        "thing",
        "setup",
        "stack",
        "config",
        "configs",
        "backend",
        "frontend",
        "front",
        "back",
        "end",
        "server",
        "client",
        "side",
        "web",
        "mobile",
        "app",
        "apps",
        "db",
        "database",
        "infra",
        "infrastructure",
        "cloud",
        "hosting",
        "deploy",
        "deploys",
        "deployed",
        "local",
        "dev",
        "prod",
        "production",
        "tests",
        "test",
        "testing",
        "unit",
        "integration",
        "style",
        "code",
        "all",
        "only",
        "full",
        "time",
        "work",
        "home",
        "fun",
        "here",
        "these",
        "days",
        "now",
        "currently",
        "daily",
        "latest",
        "stable",
        "lts",
        "native",
        "version",
        "etc",
        "ui",
        "bits",
        "pipelines",
        "pipeline",
        "scripts",
        "script",
        "tooling",
        "tools",
        "tool",
        "env",
        "environment",
        "machine",
        "laptop",
        "box",
        "boxes",
        "cluster",
        "clusters",
        "queue",
        "queues",
        "cache",
        "caching",
        "auth",
        "ci",
        "cd",
        "jobs",
        "job",
        "worker",
        "workers",
        "services",
        "service",
        "api",
        "apis",
        "orm",
        "shell",
        "terminal",
        "editor",
        "ide",
        "os",
        "vm",
        "vms",
        "container",
        "containers",
        "analysis",
        "analytics",
        "data",
        "storage",
        "search",
        "logging",
        "logs",
        "monitoring",
        "metrics",
        "alerts",
        "docs",
        "notes",
        "notebooks",
        "layer",
        "layers",
        "linting",
        "lint",
        "formatting",
        "build",
        "builds",
        "bundling",
        "packages",
        "package",
        "manager",
        "managers",
        "dependency",
        "dependencies",
        "migrations",
        "mostly",
        "usually",
        "sometimes",
        "everywhere",
        "new",
        "old",
        "legacy",
        "team",
        "teams",
        "company",
        "personal",
        "projects",
        "project",
        "side",
        "background",
        "stuff",
        "mainly",
        "primarily",
        "day",
        "night",
        "morning",
        "evening",
        "week",
        "weeks",
        "month",
        "months",
        "year",
        "years",
        "yrs",
        "exp",
        "experience",
        "senior",
        "junior",
        "lead",
        "staff",
        "principal",
        "intern",
        "student",
        "engineer",
        "developer",
        "dev",
        "devs",
        "designer",
        "manager",
        "mac",
        "windows",
        "linux",
        "phone",
        "tablet",
        "please",
        "thanks",
        "lol",
        "tbh",
        "btw",
        "imo",
        "fwiw",
        "yes",
        "no",
        "not",
        "never",
        "always",
        "nope",
        "nah",
        "ok",
        "okay",
        "sure",
        "yeah",
        "good",
        "great",
        "nice",
        "fine",
        "bad",
        "cool",
        "love",
        "hate",
        "like",
        "prefer",
        "use",
        "uses",
        "using",
        "used",
        "want",
        "wants",
        "need",
        "needs",
    ]
)


#: Function words and greetings: never a product name, whatever their case.
_SENTENCE_WORDS: Final = frozenset(
    [
        "from",
        "when",
        "then",
        "also",
        "just",
        "only",
        "still",
        "even",
        "without",
        "into",
        "onto",
        "about",
        "after",
        "before",
        "since",
        "until",
        "while",
        "because",
        "where",
        "which",
        "what",
        "who",
        "how",
        "why",
        "this",
        "that",
        "these",
        "those",
        "there",
        "some",
        "any",
        "every",
        "each",
        "most",
        "less",
        "very",
        "really",
        "quite",
        "such",
        "same",
        "other",
        "another",
        "own",
        "via",
        "per",
        "instead",
        "rather",
        "far",
        "near",
        "over",
        "under",
        "through",
        "across",
        "around",
        "against",
        "among",
        "between",
        "beyond",
        "within",
        "upon",
        "yes",
        "hey",
        "hi",
        "hello",
        "thanks",
        "sorry",
        "note",
        "context",
        "quick",
        "few",
        "things",
    ]
)


def _looks_like_product(token: str) -> bool:
    low = token.lower()
    if low in _SENTENCE_WORDS:
        return False
    if low in _LIST_WORDS or len(token) < 2 or re.fullmatch(r"v?\d+(?:\.\d+)*x?\+?", low):
        return False
    if re.fullmatch(r"[A-Za-z]{1,2}\d+|[A-Za-z]+-\w+-\d+|\w+\d+x|UTC\S*|GMT\S*", token):
        return False  # "M2", "x1", "eu-central-1", "UTC+9"
    if re.search(r"[a-z][A-Z]|\d|[.+#-]", token):
        return True  # LiveView, iTerm2, async-std, lazy.nvim
    return len(token) <= 14 and (token.islower() or token[0].isupper() or token.isupper())


def head_technologies(text: str) -> list[str]:
    """The technologies of ``text`` that are not the scope of another ("Poetry for Python
    dependency management" -> Poetry: Python only says what it is for)."""
    heads: list[str] = []
    pos = 0
    for mention in find_technology_mentions(text):
        between = text[pos : mention.start]
        scoped = heads and re.search(
            r"\b(?:for|in)\s+(?:the\s+|my\s+|our\s+|all\s+)?$", between, re.I
        )
        if not scoped and mention.name not in heads:
            heads.append(mention.name)
        pos = mention.end
    return heads


def product_mentions(text: str) -> list[str]:
    """Names in ``text`` that look like products the technology list does not know
    (CamelCase, a digit or a dot inside: "AsciiDoc", "iTerm2", "lazy.nvim")."""
    known = {m.name for m in _mentions(text)}
    return [
        m.name
        for m in _mentions(text, unknown=True, lowercase=False)
        if m.name not in known and re.search(r"[a-z][A-Z]|[.+#]|\d", m.name[1:])
    ]


def uses_facts(text: str) -> list[ExtractedFact]:
    """ "User uses X" for each technology of ``text`` (see :func:`_uses`)."""
    return _uses(text)


def tech_mentions(text: str) -> list[Mention]:
    """Technology mentions of a fragment read as the object of "using" (see
    :func:`_mentions`)."""
    return _mentions(text)


def is_common_word(word: str) -> bool:
    """True for an ordinary English word of the kind the list rules know ("Platform",
    "Everything"), which is no product name."""
    low = word.lower()
    return low in _LIST_WORDS or low in _SENTENCE_WORDS or low in _ENGLISH_FIVE


def is_imperative(clause: str) -> bool:
    """True for a clause that starts with a verb of a request to the assistant ("Write
    every example in ...", "Use ...", "Show ..."), not with a noun phrase that is its
    subject ("commit messages follow gitmoji", "build artifacts go to S3")."""
    head = re.match(r"[A-Za-z']+", clause.strip())
    return (
        head is not None
        and head.group().lower() in _IMPERATIVE_HEAD
        and not _NOUN_SUBJECT_RE.match(clause.strip())
    )


#: A noun phrase that starts like a request ("commit", "build", "test") and is the
#: subject of the verb after it.
_NOUN_SUBJECT_RE: Final = re.compile(
    r"^\w+\s+\w+s\s+(?:follow|use|go|live|run|are|must|need|stay|come|get)\b", re.IGNORECASE
)


def tech_names(text: str) -> list[str]:
    """Canonical names of the technologies in a fragment (see :func:`_mentions`)."""
    return _tech_names(text)


def with_version(text: str, name: str) -> str:
    """``name`` with the version ``text`` gives it ("Java 17")."""
    return _with_version(text, name)


def _tech_names(text: str) -> list[str]:
    return list(dict.fromkeys(m.name for m in _mentions(text)))


def version_after(text: str, end: int, name: str) -> str:
    """``name`` with the version written right after its mention ending at ``end``."""
    after = VERSION_AFTER_RE.match(text, end)
    if after and not re.search(r"\d\s*$", name):
        return f"{name} {after[1]}"
    return name


def _with_version(text: str, name: str) -> str:
    """``name`` followed by the version the text gives it ("Rails 7", "Go 1.22")."""
    for mention in _mentions(text):
        if mention.name == name and (named := version_after(text, mention.end, name)) != name:
            return named
    return name


def _uses(
    text: str,
    polarity_negative: bool = False,
    suffix: str = "",
    *,
    unknown: bool = False,
    lowercase: bool = True,
) -> list[ExtractedFact]:
    """One "User uses X" per technology of ``text``; a technology after "for" or "in"
    ("PyCharm for Python") limits the one before it instead of being a fact of its own."""
    verb = "does not use" if polarity_negative else "uses"
    tail = f" {suffix}" if suffix else ""
    mentions = _mentions(text, unknown=unknown, lowercase=lowercase)
    heads: list[tuple[str, list[str], int]] = []
    pos = 0
    for mention in mentions:
        between = text[pos : mention.start]
        if heads and re.fullmatch(r"\s*(?:\w+\s+)?(?:for|in)\s+(?:the\s+)?", between, re.I):
            heads[-1][1].append(mention.name)
        elif mention.name not in [h for h, _, _ in heads]:
            heads.append((mention.name, [], mention.end))
        pos = mention.end
    out = []
    for i, (name, scopes, end) in enumerate(heads):
        scope = f" for {' and '.join(scopes)}" if scopes and not suffix else ""
        context = ""
        if not suffix:  # the context said after this name: "macOS at home, Fedora at work"
            stop = next(
                (
                    m.start
                    for m in mentions
                    if m.start >= end
                    and m.name != name
                    and (i + 1 < len(heads) and m.name == heads[i + 1][0])
                ),
                len(text),
            )
            found = _scope_suffix(text[end:stop]) or (
                _scope_suffix(text) if len(heads) == 1 else ""
            )
            context = f" {found}" if found else ""
        out.append(
            ExtractedFact(
                f"User {verb} {_with_version(text, name)}{scope}{context}{tail}", "tech_stack"
            )
        )
    return out


def _only_tech(text: str, *, unknown: bool = False, lowercase: bool = True) -> bool:
    """True when ``text`` is nothing but technology names and connectors (``unknown``:
    names the list does not know count, see :func:`_mentions`)."""
    mentions = _mentions(text, unknown=unknown, lowercase=lowercase)
    if not mentions:
        return False
    rest, pos = [], 0
    for m in mentions:
        rest.append(text[pos : m.start])
        pos = m.end
    rest.append(text[pos:])
    words = re.findall(r"[\w+&/,]+", " ".join(rest).lower())
    return all(w in _TECH_CONNECTORS or re.fullmatch(r"v?\d+(?:\.\d+)*x?\+?", w) for w in words)


_PLAIN_LEADS: Final = frozenset(
    [
        "dark",
        "light",
        "single",
        "double",
        "small",
        "big",
        "short",
        "long",
        "raw",
        "plain",
        "tabs",
        "spaces",
        "concise",
        "detailed",
        "strict",
        "simple",
        "clean",
        "functional",
        "early",
        "late",
        "trailing",
        "explicit",
        "implicit",
        "type",
        "types",
        "typed",
        "static",
        "dynamic",
        "no",
        "more",
        "less",
        "minimal",
        "verbose",
        "brief",
        "terse",
        "formal",
        "casual",
        "code",
        "comments",
        "unit",
        "integration",
        "small",
        "large",
        "fast",
        "slow",
        "monorepos",
        "monorepo",
        "vanilla",
        "native",
    ]
)


#: What follows a filler "like" ("like 5 cups a day", "like maybe twice a week").
_FILLER_LIKE_RE: Final = re.compile(
    r"(?:\d|a\s+(?:lot|bit|million|ton|hundred|thousand|dozen)\b|maybe\b|literally\b|"
    r"totally\b|twice\b|once\b|half\b|every\b|all\s+day\b|forever\b)",
    re.IGNORECASE,
)
_BAD_OBJECT_RE: Final = re.compile(
    r"^(?:(?:I|I'm|I've|I'd|we|we're)\b.*|\w+ly|it|this|that|them|these|those|so much|a lot|lots|too|"
    r"also|really|very|"
    r"anything|everything|nothing|stuff|things?|one|ones|him|her|you|me|us|others|the others|"
    r"(?:way |far |much |a bit |a little |a lot )?too (?:much|many|\w+)\b.*|"
    r"whatever(?:,.*)?|(?:the|this|that|my|your|same) (?:code|file|script|snippet|job|build|"
    r"test|tests|output|result|answer|one|thing|version|fix|change|query|function|others?))$",
    re.IGNORECASE,
)


def _object(text: str) -> str:
    """An object phrase as it will be stored: technologies in their usual casing (read
    as the object of "using", so "go" and "rust" count), trimmed."""
    text = re.sub(r"^(?:using|to use|use|the|a|an)\s+", "", text.strip(" .!,"), flags=re.I)
    out: list[str] = []
    pos = 0
    for mention in _mentions(text):
        out += [text[pos : mention.start], mention.name]
        pos = mention.end
    text = polish("".join([*out, text[pos:]]), capital=False)
    first = text.split(" ", 1)[0]
    if first.lower() in _PLAIN_LEADS and first[:1].isupper() and not first.isupper():
        text = text[:1].lower() + text[1:]
    return text


def _pref(x: str, y: str | None = None, scope: str | None = None) -> ExtractedFact:
    content = f"User prefers {_object(x)}"
    if y:
        content += f" over {_object(y)}"
    if scope:
        content += f" {scope.strip()}"
    return ExtractedFact(content, _category_of(content, "preference"))


def _category_of(text: str, default: str) -> str:
    from amplify_memory.memory.topics import primary_frame, topic_category

    frame = primary_frame(text)
    if frame is not None:
        category = topic_category(frame.topic)
        if category and not (category == "tech_stack" and default == "preference"):
            return category
    return default


def is_correction_lead(piece: str) -> bool:
    """True for a piece that is only a correction's lead ("ugh no", "update", "scratch that")."""
    text = piece.strip(" .!,:")
    lead = _CORRECTION_LEAD_RE.match(text + ", ")
    return bool(lead) and not text[lead.end() :].strip() if lead else False


def is_list(clause: str) -> bool:
    """True for a labelled list ("Like: Go, Rust", "Stack: A, B")."""
    return bool(_LIST_RE.match(trim(clause)))


def strip_correction(clause: str) -> tuple[str, bool]:
    """(the clause without a correction's lead, whether it had one): "scratch that, 4
    spaces" -> ("4 spaces", True); "ugh no, I said I prefer tabs" -> ("I prefer tabs", True)."""
    text = trim(clause)
    lead = _CORRECTION_LEAD_RE.match(text)
    if not lead:
        return text, False
    text = trim(text[lead.end() :])
    text = re.sub(r"^I (?:said|meant|told you|wanted to say)(?: that)?\s+", "", text, flags=re.I)
    return text, True


#: A new kind of workplace: "I moved to a community college this fall", "now I am in
#: small agency", "switched to a startup".
_WORKPLACE_MOVE_RE: Final = re.compile(
    r"^(?:(?:now|so)\s+)?(?:I\s+)?(?:have\s+|'ve\s+|just\s+|recently\s+|finally\s+)?"
    r"(?:(?P<verb>moved|switched|changed|went|transferred|jumped|am now|am|'m now|'m)\s+"
    r"(?:over\s+)?(?:to|in|at)|(?:now\s+)?(?:work|working)\s+(?:in|at))\s+"
    r"(?P<det>a|an|the)?\s*"
    rf"(?P<place>(?:(?!(?:at|in|for|with|of)\s)[\w-]+\s+){{0,3}}?(?:{WORKPLACE_NOUNS}))"
    r"(?:\s+(?:now|this\s+\w+|last\s+\w+|in\s+\w+|since\s+\w+))?$",
    re.IGNORECASE,
)
_LOCATION_MOVE_RE: Final = re.compile(
    r"^(?i:(?:ever\s+)?since\s+(?=I\s|we\s))?"  # ("ever since I moved to Singapore, ...")
    r"(?:(?i:I|we|my\s+(?:family|wife|husband|partner)\s+and\s+I)(?:'ve)?\s+"
    r"(?P<before>(?i:sold|left|quit|packed)\s+[^.,;]{1,40}?\s+and\s+)?)?"
    r"(?i:have\s+|just\s+|finally\s+|recently\s+|officially\s+)?"
    r"(?i:moved|relocated|shifted|emigrated)(?i:\s+(?:up|down|over|back|out|across|all\s+the\s+way))?"
    r"\s+(?:from\s+(?P<a>[A-Za-z][\w.'-]*(?:\s+[A-Z][\w.'-]*)?)\s+)?to\s+"
    r"(?P<b>[A-Za-z][\w.'-]*(?:\s+[A-Z][\w.'-]*)?)"
    r"(?:\s+(?i:in|last|this|a|over|from|during|earlier|recently|since|back|for|and|with|"
    r"because|after|two|three|\d+|to\s+be|so|cos|as|for\s+good|permanently|"
    r"em|en|cet|cette|ce|im|il|nel|no|na|vorig|afgelopen|letzten|letztes|dieses|dieser|desde|"
    r"depuis|seit|sinds|da|ano|año|anno|jaar|scorso|passado|pasado|dernier|derni[èe]re|"
    r"l'\w+)\b.*)?$"
    # "we've been in Tucson since the fall"
    r"|^(?i:I|we)(?:'ve|\s+have)\s+(?i:been\s+(?:living\s+)?|lived\s+)in\s+"
    rf"(?!(?i:{FIELD_NOUNS})\b)"
    r"(?P<c>[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)?)(?:\s+(?i:since|for)\b.*)?$"
)


#: "Analogies from electronics work best for me", "raw SQL for me": what the user prefers.
_WORKS_FOR_ME_RE: Final = re.compile(
    r"^(?P<x>(?!(?:it|this|that|what|which|nothing|everything|something)\b)[\w.+#/' -]{2,60}?)\s+"
    r"(?:(?:works?|worked)\s+(?:best|better|great|well|wonders)\s+for\s+me"
    r"|(?:is|are)\s+(?:the\s+)?(?:way to go|best)\s+for\s+me)(?:\s+(?:when|if)\b.*)?$"
    # "plain text lists work best": a kind of thing, lower case, with nothing after
    r"|^(?P<z>(?!(?:both|all|these|those|they|the|mine|yours|ours|some|most)\b)"
    r"(?-i:[a-z])[\w' -]{2,40}?(?-i:s))\s+work\s+best\W*$"
    # "raw SQL for me": a short noun phrase, not a request ("convert this to yaml for me")
    r"|^(?P<y>(?!(?:(?:way|far|much|a bit|a little)\s+)?too\b)"  # "way too much X for me"
    r"(?!(?:convert|translate|write|make|do|fix|explain|check|find|give|show|summari[sz]e|"
    r"rewrite|format|generate|create|draft|list|review|refactor|run|build|get|put|add|help|please|"
    r"pls|can|could|would|will|ask|asking|just\s+asking)\b)"
    r"(?:(?!(?:works?|worked|is|are|was|were|isn't|wasn't|aren't|"
    r"this|that|it)\b)[\w.+#/'-]+\s+){0,3}"
    r"(?!(?:works?|worked|is|are|was|were|isn't|wasn't|aren't|this|that|it)\b)[\w.+#/'-]+)"
    r"\s+for\s+me$",
    re.IGNORECASE,
)
#: "MATLAB is R2023b now", "node = 20 these days": the version the user is on.
_IS_VERSION_RE: Final = re.compile(
    r"^(?:(?:we're|we are|I'm|I am)\s+on\s+)?(?P<x>[\w.+#/ -]+?)\s+(?:is|=)\s+(?:now\s+)?"
    r"(?P<v>R20\d\d[ab]|v?\d+(?:\.\d+){0,2}[a-z]?)(?:\s+(?:now|these days|nowadays))?$",
    re.IGNORECASE,
)


#: "pandas: meh", "UVM: overkill for our team size", "emojis in commit messages = hard
#: no", "the apply family in base R, not so much": a thing, then the user's verdict.
_VERDICT_RE: Final = re.compile(
    r"^(?P<x>(?!(?:it|this|that|which|what)\b|the\s+(?:answer|question|result|output|value|"
    r"code|test|problem|total)\b)[\w.+#/' -]{2,50}?)\s*(?::|=|,|\?)\s*"
    r"(?:(?P<good>chef's kiss|lifesaver|life saver|love it|the best|amazing|goat|perfect|"
    r"a must|yes please|so good|fire|brilliant|a godsend|underrated|(?:a\s+)?(?:big|huge)\s+yes|hell\s+yes|"
    r"my thing|my jam)"
    r"|(?P<bad>meh|hard no|hard pass|no thanks|overkill|overrated|pure horror|horror|"
    r"a nightmare|(?:my\s+(?:personal\s+|worst\s+)?)?nightmare|a pain|pain|trash|garbage|"
    r"not so much|not for me|yuck|ugh|"
    r"never again|no way|awful|terrible|hell|(?:a\s+)?(?:big|hard|huge|total|firm)\s+(?:nope|no)|nope|"
    r"no from me))"
    r"(?:\s+(?:for|in|on)\s+[\w' -]{1,40})?[\s.!]*$",
    re.IGNORECASE,
)

#: One thing and a verdict on it, said as an answer: "spicy food = yes please", "window
#: seat or nothing", "Aisle seat, always", "horror is a hard no for me", "Evenings = dead
#: to me", "pineapple absolutely not" (two or more: :func:`_yes_no_list`). Not a bare
#: "yes" or "no" (a form's answer: "Dietary restrictions: no"), nor how often something
#: happens ("Same error, every time"); a problem before "always" is no liking ("Late,
#: always", "Segfault on exit, always").
_ONE_VERDICT_RE: Final = re.compile(
    r"^(?P<x>(?!(?:it|this|that|which|what|there|here|yes|no|ok|okay|sure)\b|the\s+(?:answer|"
    r"question|result|output|value|code|test|problem|total)\b)[\w.+#/' -]{2,40}?)"
    r"(?:(?:\s*(?::|=|\?)\s*|\s+)(?P<good>yes(?:[\s,!]+yes)+|yes\s+please)"
    r"|\s*,\s*(?P<good3>always)"
    r"|\s*[:=,]?\s+(?P<good2>or\s+nothing|or\s+bust)"
    r"|(?:\s*(?::|=|\?)\s*|\s+(?:(?:is|are)\s+)?)(?P<bad>absolutely\s+not|hell\s+no|no\s+way|"
    r"(?:a\s+)?hard\s+no|dead\s+to\s+me)"
    r"|\s*,\s*(?P<bad3>never))"
    r"(?:\s+for\s+me)?[\s.!]*$",
    re.IGNORECASE,
)


#: A problem, not a thing one may like: "Same error", "Build fails", "Late".
_PROBLEM_RE: Final = re.compile(
    r"\b(?:errors?|fail\w*|crash\w*|bugs?|buggy|broken|breaks|late|slow|timeouts?|"
    r"segfaults?|exceptions?|warnings?|issues?|same|again|still|wrong|stuck|hangs?|freezes)\b",
    re.IGNORECASE,
)


def _yes_no_list(text: str) -> list[ExtractedFact]:
    """ "Makefiles yes, CMake no thanks", "tabs yes; spaces never": a verdict on each item,
    kept in the user's words (two items at least, every one with its verdict)."""
    items = [i.strip() for i in re.split(r"\s*[,;]\s*|\s+(?:but|and)\s+", text) if i.strip()]
    matches = [_YES_NO_RE.match(i) for i in items]
    if len(items) < 2 or not all(matches):
        return []
    out = []
    for m in matches:
        assert m is not None
        if m["p"].lower() not in _VERDICT_WORDS:
            return []  # "X always, Y for life": other shapes read those
        if is_place(m["x"]):
            continue  # "vim yes, seattle no": where the user is not, no dislike
        verb = "dislikes" if m["p"].lower().startswith(("no", "never", "nah", "pass")) else "likes"
        value = _bare_value(m["x"]) if verb == "likes" else None
        if value is not None and value.category != "preference":
            out.append(value)  # "tabs yes": "User uses tabs for indentation"
            continue
        out.append(ExtractedFact(f"User {verb} {polish(m['x'], capital=False)}", "preference"))
    return out


#: What a tool is in a stack ("Embassy as the async runtime", "NetBox as our source of
#: truth"): the kinds of part a tool plays, so that the name before them is a tool's.
_TOOL_ROLES: Final = (
    r"runtime|source of truth|database|db|datastore|data store|cache|queue|message broker|"
    r"broker|backend|frontend|framework|orm|editor|ide|shell|terminal|os|build tool|"
    r"build system|bundler|package manager|test runner|linter|formatter|router|web server|"
    r"server|reverse proxy|proxy|load balancer|registry|language|engine|toolchain|"
    r"compiler|debugger|profiler|scheduler|orchestrator|cms|crm|erp|wiki|issue tracker|"
    r"tracker|component library|ui library|ui kit|state manager|auth provider|"
    r"identity provider|email provider|task runner|job queue|vector store|vector database|"
    r"search engine|api gateway|service mesh|ci|ci/cd|cd tool|secrets manager|"
    r"password manager|note-taking app|notes app|terminal emulator|window manager|"
    r"launcher|daily driver|main (?:language|editor|machine|os)"
)
_TOOL_AS_RE: Final = re.compile(
    r"^(?P<x>[\w.+#/-]+(?:\s+[\w.+#/-]+)?)\s+as\s+(?P<det>the|our|my|a|an)?\s*"
    rf"(?P<role>(?:[\w-]+\s+){{0,2}}?(?:{_TOOL_ROLES}))$",
    re.IGNORECASE,
)
#: "plugins via lazy.nvim", "deploys through Argo CD": the tool for a part of the work.
_VIA_TOOL_RE: Final = re.compile(
    r"^(?!(?:the|a|an|this|that|my|our|your|its|their)\s)"
    r"(?P<what>(?:[\w-]+\s+)?[\w-]+)\s+(?:via|through|thru|using)\s+"
    r"(?P<x>[\w.+#/-]+(?:\s+[\w.+#/-]+)?)$",
    re.IGNORECASE,
)
_NOT_A_TOOL_RE: Final = re.compile(
    r"^(?:it|this|that|these|those|them|which|what|one|mine|ours|me|us|you|him|her|"
    r"everything|something|anything|nothing|all|some|any|each)$",
    re.IGNORECASE,
)


def _tool_in_role(text: str) -> list[ExtractedFact] | None:
    """ "Embassy as the async runtime": User uses Embassy as the async runtime; "plugins
    via lazy.nvim": User uses lazy.nvim for plugins. The tool may be a name no list knows
    (the part it plays says it is a tool); None when the clause has neither shape."""
    if m := _TOOL_AS_RE.match(text):
        x = m["x"]
        if _NOT_A_TOOL_RE.match(x) or re.match(r"^(?:I|we|you|they|he|she)\b", x, re.I):
            return None
        names = _tech_names(x)
        name = names[0] if len(names) == 1 else x
        det = (m["det"] or "the").lower()
        det = "their" if det == "my" else ("the" if det == "our" else det)
        return [ExtractedFact(f"User uses {name} as {det} {m['role'].lower()}", "tech_stack")]
    if m := _VIA_TOOL_RE.match(text):
        names = _tech_names(m["x"])
        what = m["what"].lower()
        if (
            len(names) != 1
            or _tech_names(m["what"])
            or re.match(r"^(?:i|we|you|they|he|she|it|my|our)\b", what)
            or not what.endswith("s")  # a kind of thing: "plugins", "deploys", "tests"
        ):
            return None
        return [ExtractedFact(f"User uses {names[0]} for {what}", "tech_stack")]
    return None


_VERDICT_WORDS: Final = frozenset(
    {"yes", "yep", "yup", "yes please", "no", "nope", "nah", "no thanks", "no thank you", "never"}
    | {"not", "pass"}
)


class _Next(Enum):
    """What a shape rule answers when the clause is not of its shape: try the next."""

    NEXT = 0


_NEXT: Final = _Next.NEXT
#: A shape rule's answer: facts (final), None (final: no shape, the first-person rules
#: read the clause), or :data:`_NEXT`.
_Shaped = list[ExtractedFact] | None | _Next


def _shape_yes_no_list(text: str, lead: bool) -> _Shaped:
    if verdicts := _yes_no_list(text):
        return verdicts
    return _NEXT


def _shape_verdict(text: str, lead: bool) -> _Shaped:
    m = _VERDICT_RE.match(text)
    if m is None and (one := _ONE_VERDICT_RE.match(text)):
        m = one if len(one["x"].split()) <= 5 and not _PROBLEM_RE.search(one["x"]) else None
    if m and not _VERBISH_RE.search(m["x"]):
        said = m.groupdict()  # (the two patterns' groups: good, good2, good3, bad, bad3)
        verb = "likes" if any(said.get(g) for g in ("good", "good2", "good3")) else "dislikes"
        x = m["x"].strip()
        if x[1:2].islower() and not _tech_names(x.split()[0]):
            x = x[:1].lower() + x[1:]  # ("Spicy food: yes please": not a name)
        content = f"User {verb} {polish(x, capital=False)}"
        return [ExtractedFact(content, "preference")]
    return _NEXT


#: An opinion of a tool said without a verb of the user's: "dune is the best build tool
#: ever written", "Fiori apps way nicer", "polars only from now on", "pretty new to rust".
_BEST_RE: Final = re.compile(
    r"^(?P<x>[\w.+#/' -]{2,40}?)\s+(?:is|are)\s+(?:just\s+|simply\s+)?the\s+best\s+"
    r"(?P<what>[\w -]{2,30}?)(?:\s+(?:ever|out\s+there|around)(?:\s+\w+)?)?$",
    re.IGNORECASE,
)
_NICER_RE: Final = re.compile(
    r"^(?P<x>[\w.+#/' -]{2,40}?)\s+(?:is\s+|are\s+)?(?:way|much|so\s+much|far|a\s+lot)\s+"
    r"(?:nicer|better|cleaner|easier|faster|saner)$",
    re.IGNORECASE,
)
_ONLY_RE: Final = re.compile(
    r"^(?P<x>[\w.+#/' -]{2,30}?)\s+only(?:\s+(?:from\s+now\s+on|going\s+forward|please|pls|"
    r"from\s+here\s+on|for\s+me))*$",
    re.IGNORECASE,
)
_NOT_MY_STYLE_RE: Final = re.compile(
    r"^(?P<x>[\w.+#/' -]{2,30}?)\s+(?:is|are)\s+(?:just\s+|really\s+|honestly\s+)?not\s+"
    r"(?:really\s+)?my\s+(?:style|thing|cup\s+of\s+tea|jam|vibe)$",
    re.IGNORECASE,
)
_GOOD_RE: Final = re.compile(
    r"^(?P<x>[\w.+#/' -]{2,30}?)\s+(?:(?:is|are)\s+(?:so\s+|really\s+|pretty\s+|actually\s+)?"
    r"(?P<good>good|great|nice|solid|awesome|underrated|lovely)|(?P<fan>supremacy|ftw|for\s+life|"
    r"4\s+life|gang))$",
    re.IGNORECASE,
)
_NEW_TO_RE: Final = re.compile(
    r"^(?:I'm\s+|I\s+am\s+|im\s+)?(?:pretty\s+|fairly\s+|quite\s+|very\s+|totally\s+|brand\s+|"
    r"kinda\s+|still\s+|relatively\s+)?new\s+to\s+(?P<x>[\w.+#/' -]{1,30}?)$",
    re.IGNORECASE,
)


def _shape_tool_opinion(text: str, lead: bool) -> _Shaped:
    if (m := _BEST_RE.match(text)) and _only_tech(m["x"]):
        content = f"User thinks {_tech_names(m['x'])[0]} is the best {m['what'].strip()}"
        return [ExtractedFact(content, "preference")]
    if (m := _NICER_RE.match(text)) and _only_tech(m["x"]) and len(_tech_names(m["x"])) == 1:
        return [ExtractedFact(f"User prefers {_tech_names(m['x'])[0]}", "preference")]
    if (m := _ONLY_RE.match(text)) and _only_tech(m["x"]) and len(_tech_names(m["x"])) == 1:
        return [ExtractedFact(f"User only uses {_tech_names(m['x'])[0]}", "tech_stack")]
    if (m := _NOT_MY_STYLE_RE.match(text)) and _only_tech(m["x"]) and len(_tech_names(m["x"])) == 1:
        return [ExtractedFact(f"User does not like {_tech_names(m['x'])[0]}", "preference")]
    if (m := _GOOD_RE.match(text)) and _only_tech(m["x"]) and len(_tech_names(m["x"])) == 1:
        verb = "likes" if m["good"] else "loves"  # ("Lua is good", "Odin supremacy")
        return [ExtractedFact(f"User {verb} {_tech_names(m['x'])[0]}", "preference")]
    if (m := _NEW_TO_RE.match(text)) and _only_tech(m["x"]) and len(_tech_names(m["x"])) == 1:
        return [ExtractedFact(f"User is new to {_tech_names(m['x'])[0]}", "tech_stack")]
    return _NEXT


def _shape_works_for_me(text: str, lead: bool) -> _Shaped:
    if m := _WORKS_FOR_ME_RE.match(text):
        content = f"User prefers {_object(m['x'] or m['y'] or m['z'])}"
        return [ExtractedFact(content, _category_of(content, "preference"))]
    return _NEXT


def _shape_is_version(text: str, lead: bool) -> _Shaped:
    if (m := _IS_VERSION_RE.match(text)) and _only_tech(m["x"]) and len(_tech_names(m["x"])) == 1:
        return [ExtractedFact(f"User uses {_tech_names(m['x'])[0]} {m['v']}", "tech_stack")]
    return _NEXT


def _shape_workplace_move(text: str, lead: bool) -> _Shaped:
    if (m := _WORKPLACE_MOVE_RE.match(text)) and not (
        (m["verb"] or "").lower().endswith(("am", "'m", "now"))
        and (m["det"] or "").lower() == "the"
    ):  # "I moved to a community college this fall" (not "I'm in the lab": a place now)
        place = m["place"].lower() if m["place"][1:].islower() else m["place"]
        article = m["det"].lower() if m["det"] else indefinite_article(place)
        return [ExtractedFact(f"User works at {article} {place}", "personal")]
    return _NEXT


#: What a move is to that is no place: a day, a season, a holiday, home, a possessive.
_NO_PLACE_RE: Final = re.compile(
    r"(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|spring|summer|autumn|fall|"
    r"winter|weekends?|mornings?|evenings?|nights?|home|hause|weihnachten|ostern|urlaub|"
    r"feierabend|no[eë]l|mer|l'[ée]tranger|casa|settembre|ottobre|novembre|dicembre|gennaio|"
    r"febbraio|marzo|aprile|maggio|giugno|luglio|agosto|[\w-]+'s|the\s+(?-i:[a-z])\w*|a\s+\w+|"
    r"an\s+\w+|"
    r"\d[\w.]*)(?:\s|$)",
    re.IGNORECASE,
)
#: A stay said to be short: "for 3 months", "for the summer", "temporarily".
_SHORT_STAY_RE: Final = re.compile(
    r"\bfor\s+(?:\d+|a|one|two|three|four|five|six|a\s+few|a\s+couple\s+of|the)\s+"
    r"(?:days?|weeks?|months?|years?|summer|winter|semester|term|season|holidays?)\b|\btemporar"
    r"|\bfür\s+(?:zwei|drei|ein(?:en|e)?|\d+)\s+(?:Wochen|Monate|Tage)\b",
    re.IGNORECASE,
)


#: A move said by the place left and the place reached: "we left Leeds for Sheffield last
#: month" (both places the list knows: "left Google for Meta" is a change of job).
_LEFT_FOR_RE: Final = re.compile(
    r"^(?:(?i:I|we)(?:'ve|\s+have)?\s+)?(?i:just\s+|finally\s+|recently\s+|officially\s+)?"
    r"(?i:left)\s+(?P<a>[A-Za-z][\w.'-]*(?:\s+[A-Z][\w.'-]*)?)\s+(?i:for)\s+"
    r"(?P<b>[A-Za-z][\w.'-]*(?:\s+[A-Z][\w.'-]*)?)"
    r"\s+(?i:(?:last|this)\s+(?:month|year|spring|summer|autumn|fall|winter)|in\s+(?:19|20)\d\d|"
    r"for\s+good|(?:\d+|a|one|two|three|six)\s+(?:months?|years?)\s+ago)\b.*$"
)  # (a move, said with its month or year: "left London for Edinburgh this morning" is a trip)


#: A move that is over or was long ago: "moved to Boston when I was 12", "moved to Berlin
#: with my ex but came back home", "moved to Lisbon and hated it".
_MOVE_OVER_RE: Final = re.compile(
    r"\b(?:when\s+I\s+was|as\s+a\s+(?:kid|child|teen|teenager|baby)|growing\s+up|"
    r"but\s+(?:came|moved|went|got)\s+back|hated\s+it|and\s+then|later|years\s+ago\s+but|"
    r"but\s+(?:now|I'm|I\s+am|we're)|then\s+back|as\s+a\s+student)\b",
    re.IGNORECASE,
)


def _shape_location_move(text: str, lead: bool) -> _Shaped:
    if _MOVE_OVER_RE.search(text):
        return _NEXT
    if (m := _LEFT_FOR_RE.match(text)) and is_place(m["a"]) and is_place(m["b"]):
        place = " ".join(w[:1].upper() + w[1:] for w in m["b"].split())
        return [ExtractedFact(f"User is based in {place}", "personal")]
    if (
        (m := _LOCATION_MOVE_RE.match(text))
        and not _tech_names(f"{m['a'] or ''} {m['b'] or m['c']}")  # ("from pg to cockroach")
        and not _NO_PLACE_RE.match(m["b"] or m["c"])  # ("to Monday", "nach Weihnachten")
        and not _SHORT_STAY_RE.search(text)  # ("relocated to Leeds for 3 months")
    ):
        place = (m["b"] or m["c"])[:1].upper() + (m["b"] or m["c"])[1:]
        if m["before"] and not is_place(place):
            return _NEXT  # ("quit Twitter and moved to Bluesky": no place)
        if place.lower() not in _SENTENCE_WORDS and place.lower() not in _LIST_WORDS:
            return [ExtractedFact(f"User is based in {place}", "personal")]
    return _NEXT


_MONTHS: Final = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november|"
    r"december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)"
)
#: A change of life said by its event: "I retired in June", "got married in May", "we
#: got a puppy", "started at Ikea on Monday as a kitchen planner".
_LIFE_EVENT_RE: Final = re.compile(
    r"^(?:(?i:I|we)(?i:'ve|\s+have)?\s+)?(?i:just\s+|finally\s+|officially\s+|recently\s+)*(?:"
    r"(?P<retired>(?i:retired))(?:\s+(?i:early|at\s+last|as\s+of\s+\w+|last\s+\w+|this\s+\w+|"
    r"in\s+(?:\d{4}|"
    rf"{_MONTHS}|the\s+(?:spring|summer|autumn|fall|winter))|from\s+(?:work|my\s+job|teaching|"
    r"nursing|the\s+(?:[\w-]+\s+){0,2}?(?:army|navy|police|force|company|bank|council|school|"
    r"civil\s+service|office|post\s+office|railways?|hospital|factory|fire\s+service|"
    r"NHS|university|firm|practice|airline|agency|department|mill|plant|yard|shop|store))|"
    r"at\s+\d+|after\s+\d+\s+years|with\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?))*"
    r"|(?P<married>(?i:got\s+(?:married|engaged|divorced)))(?:\s+(?i:last\s+\w+|this\s+\w+|"
    r"in\s+(?:\d{4}|"
    rf"{_MONTHS}|the\s+(?:spring|summer|autumn|fall|winter))|on\s+\w+|"
    r"\d+\s+\w+\s+ago))*"
    r"|(?i:got|adopted|rescued|brought\s+home)\s+(?i:a|an)\s+"
    r"(?:(?i:new|little|tiny|rescue|second|third|another|fourth|old|senior|young|baby)\s+)*"
    rf"(?P<pet>(?i:{PET_NOUNS}))\b(?:(?:,\s+(?i:an?)\s+(?:[\w-]+\s+){{1,3}}?)?\s*(?i:called|named)"
    r"\s+(?P<name>[A-Z][\w'-]+))?"
    r"(?:\s+(?i:last\s+(?:week|month|year|weekend|\w+day)|this\s+(?:week|month|year|weekend)|"
    r"yesterday|today|recently|on\s+\w+day|in\s+(?:\d{4}|" + _MONTHS + r")|"
    r"(?:a\s+few|\d+|two|three)\s+(?:days|weeks|months)\s+ago|from\s+(?:the|a)\s+(?:shelter|rescue|breeder|"
    r"pound|neighbou?rs?|farm)))*\W*"
    r"|(?i:started)\s+(?P<at>(?i:at|with))\s+(?P<org>[A-Z][\w&.'-]*(?:\s+[A-Z][\w&.'-]*)?)"
    r"(?:\s+(?i:on|last|this|in)\s+\w+)?(?:\s+(?i:as)\s+(?i:an?\s+)?(?P<role>(?:[a-z-]+\s+){0,2}"
    r"[a-z-]*(?:er|or|ist|ian|ant|ent|nurse|chef|agent|cook|clerk|coach|guide|tech|dev|lead|"
    r"analyst|planner|rep|intern|trainee|apprentice)))?"
    r")$"
)


#: What one starts somewhere as that is no job: "as a member", "as a fan".
_NOT_A_JOB_RE: Final = re.compile(rf"\b(?:{NOT_A_ROLE})\b", re.IGNORECASE)


def _shape_life_event(text: str, lead: bool) -> _Shaped:
    m = _LIFE_EVENT_RE.match(text.rstrip(" .!"))
    if m is None:
        return _NEXT
    if m["retired"]:
        place = re.search(
            r"\bfrom\s+(the\s+(?:[\w-]+\s+){0,3}?[\w-]+?)(?=\s+(?:after|at|in|as|last|"
            r"this|early)\b|\W*$)",
            m.group(),
            re.IGNORECASE,
        )
        if place and not re.match(r"the\s+(?:army|navy|police|force)$", place[1], re.I):
            return [ExtractedFact(f"User retired from {place[1]}", "personal")]
        return [ExtractedFact("User is retired", "personal")]
    if m["married"]:
        state = m["married"].split()[-1].lower()
        return [ExtractedFact(f"User is {state}", "personal")]
    if m["pet"]:
        pet = " ".join(m["pet"].lower().split())
        named = f" named {m['name']}" if m["name"] else ""
        return [ExtractedFact(f"User has {indefinite_article(pet)} {pet}{named}", "personal")]
    if (_tech_names(m["org"]) and m["at"].lower() == "with") or (
        m["role"] and _NOT_A_JOB_RE.search(m["role"])
    ):
        return _NEXT  # ("started with Python", "started at Costco as a member"; a company
        # named like its product is a workplace: "started at Shopify")
    out = [ExtractedFact(f"User works at {m['org']}", "personal")]
    if m["role"]:
        role = m["role"].strip()
        out.append(ExtractedFact(f"User is {indefinite_article(role)} {role}", "personal"))
    return out


#: A trait said bare ("vegetarian btw", "colorblind (deuteranopia)", "Melbourne-based").
_BARE_TRAIT_RE: Final = re.compile(
    r"^(?:(?:I'm|I\s+am|also|strictly|fully|totally|a|an)\s+)*"
    r"(?P<degree>(?:red[- ]green|mildly|slightly|severely|profoundly|partially|"
    r"type\s*[12](?=\s*diabetic))\s*)?"
    r"(?P<t>vegetarian|vegan|pescatarian|teetotal|colou?r[- ]?blind|diabetic|dyslexic|autistic|"
    r"deaf|hard\s+of\s+hearing|left-handed|lactose[- ]intolerant|gluten[- ]intolerant|celiac|"
    r"coeliac|neurodivergent|pregnant|visually\s+impaired|partially\s+sighted|kosher|halal|"
    r"hypothyroid|hyperthyroid|asthmatic|epileptic|an(?:a)?emic|arthritic|widowed|widower|"
    r"widow|divorced)"
    r"(?P<detail>\s*\([^)]{1,30}\)|(?<=diabetic)\s*\(?type\s*[12]\)?)?"
    r"(?:\s+(?:btw|fyi|fwiw|here|too|as\s+well|now|also|lol|tho|though|myself|obviously|obvs))*"
    # what it means for the answers: "coeliac so everything needs to be gluten free",
    # "hypothyroid, on levothyroxine", "dyslexic + on my phone"
    r"(?:\s+so\s+(?!what\b|how\b|which\b|can\b|should\b)[^?]*|\s*,\s+on\s+\w+"
    r"|\s+(?:\+|&)\s+on\s+(?:my\s+|a\s+)?(?:phone|mobile|tablet)\b.*)?$"
    r"|^(?P<p>(?-i:[A-Z])[\w.'-]+(?:\s+(?-i:[A-Z])[\w.'-]+)?)-based(?:\s+(?:btw|fyi|here|now))*$",
    re.IGNORECASE,
)
#: Family and pets the user has: "I have 2 cats and a lizard", "we've got three kids".
_HAVE_KIN_RE: Final = re.compile(
    r"^(?:I|we)(?:\s+(?:also|now|still|actually))?(?:'ve|\s+have)?\s+(?:have|got|own)\s+"
    r"(?:got\s+)?"
    r"(?P<x>(?:(?:a|an|one|two|three|four|five|six|seven|\d{1,2})\s+(?:(?:\d{1,2}-year-old|"
    rf"\d{{1,2}}-month-old|{DESCRIBED})\s+)?(?:kids?|children|child|sons?|daughters?|boys|"
    rf"girls|teenagers?|twins|grandkids?|grandchildren|stepkids?|toddlers?|newborns?|babies|"
    rf"baby|{PET_NOUNS})"
    r"(?:\s*,\s*|\s+(?:and|&)\s+)?){1,3})"
    r"(?:\s+(?:named|called)\s+(?P<name>(?-i:[A-Z])[\w'-]+(?:\s+and\s+(?-i:[A-Z])[\w'-]+)?))?"
    r"(?:\s+(?:at\s+home|now|too|as\s+well|nowadays|these\s+days))?$",
    re.IGNORECASE,
)


_CONDITIONS: Final = (
    r"(?:(?:a|an|mild|severe|chronic|bad|early|late|type\s+[12]|stage\s+\w+|rheumatoid|"
    r"inflammatory|adult|long)\s+)*"
    r"(?:diabetes|asthma|adhd|add|autism|dyslexia|dyscalculia|dyspraxia|epilepsy|arthritis|"
    r"osteoarthritis|ms|multiple\s+sclerosis|c(?:o)?eliac(?:\s+disease)?|crohn'?s(?:\s+disease)?|"
    r"ibs|colitis|lupus|migraines?|tinnitus|hearing\s+loss|low\s+vision|glaucoma|cataracts?|"
    r"macular\s+degeneration|copd|heart\s+disease|heart\s+condition|"
    r"high\s+blood\s+pressure|hypertension|covid|cfs|me/cfs|fibromyalgia|"
    r"chronic\s+pain|back\s+pain|back|depression|anxiety|ptsd|ocd|bipolar(?:\s+disorder)?|"
    r"insomnia|sleep\s+apn(?:o)?ea|eczema|psoriasis|parkinson'?s|hypothyroidism|"
    r"hyperthyroidism|pcos|endometriosis|scoliosis|pacemaker|stent|hearing\s+aids?|"
    r"cochlear\s+implant|gout|an(?:a)?emia|sickle\s+cell|h(?:a)?emophilia|hiv|kidney\s+disease|"
    r"tourette'?s|stammer|stutter|colou?r\s+blindness|aphantasia|prosopagnosia|vertigo|pots|"
    r"hypermobility|eds|osteoporosis|sciatica|carpal\s+tunnel|rsi|tennis\s+elbow|"
    r"plantar\s+fasciitis|dementia|cancer|"
    + _GOTTEN
    + r"|(?:nut|peanut|tree\s+nut|shellfish|fish|egg|milk|"
    r"dairy|soy|wheat|sesame|gluten|latex|penicillin|bee\s+sting|cat|dog|pollen|dust)\s+"
    r"allerg(?:y|ies)|allerg(?:y|ies))\b"
)
#: A lasting condition of health the user has: "I have arthritis in my hands", "I was
#: diagnosed with ADHD last year", "I've got type 2 diabetes and high blood pressure".
_HEALTH_RE: Final = re.compile(
    r"^(?:(?:I|we)(?:'ve|\s+have)?\s+(?:am\s+)?|I'm\s+|(?=(?:got|was|been|just)?\s*diagnosed\b))"
    r"(?:(?:just|recently)\s+)?"
    r"(?:have|got|been\s+diagnosed\s+(?:with\s+|as\s+)?|was\s+diagnosed\s+(?:with\s+|as\s+)?|"
    r"got\s+diagnosed\s+(?:with\s+|as\s+)?|diagnosed\s+(?:with\s+|as\s+)?|live\s+with|"
    r"suffer\s+(?:from|with)|deal\s+with|get(?=\s+(?:chronic\s+|bad\s+|severe\s+)?migraines)|"
    rf"(?P<gets>get)(?=\s+(?:{_GOTTEN})\b)|"
    r"(?:am\s+)?on\s+(?:meds|medication|medicine|tablets|pills)\s+for|"
    r"take\s+(?:meds|medication|medicine|tablets|pills)\s+for)\s*"
    rf"(?P<x>{_CONDITIONS}(?:\s*(?:,|and|&)\s*{_CONDITIONS})*(?:\s+in\s+(?:my|both)\s+\w+)?)"
    r"(?:\s+(?:since|for)\s+[\w\s]{1,20}?|\s+(?:last|this)\s+\w+|\s+in\s+(?:\d{4}|[A-Z][a-z]+)"
    r"|\s+(?:on|in)\s+(?:boats|planes|ferries|buses|trains|cars|long\s+drives|the\s+car)"
    r"|\s+every\s+(?:spring|summer|autumn|fall|winter|year))?"
    r"(?:\s+(?:btw|fyi|too|as\s+well|now|also|lol|tho|though))*"
    r"(?:\s*,\s*(?:like|about|around|roughly|maybe)\s+\d.*"  # ("..., like 3 a week")
    r"|,?\s+so\s+(?:\w+(?:'s)?\s+(?:is\s+|are\s+)?(?:out|off)|no\s+more|I\s+can't|I\s+cannot)\b.*)?$",
    re.IGNORECASE,
)


#: A habit the user gave up: "I quit smoking in January", "gave up drinking last year".
_QUIT_HABIT_RE: Final = re.compile(
    r"^(?:I\s+(?:have\s+)?|(?:finally|officially)\s+)?(?:finally\s+)?(?:quit|quitted|gave\s+up|"
    r"given\s+up|stopped|kicked|cut\s+out)\s+(?P<x>smoking|cigarettes|drinking|alcohol|booze|vaping|"
    r"caffeine|coffee|sugar|meat|dairy|gluten|social\s+media|gambling|weed|cannabis|"
    r"energy\s+drinks|soda|fizzy\s+drinks|junk\s+food|snacking|takeaways|chocolate|"
    r"(?P<verb>eating|drinking)\s+(?P<food>(?:red\s+)?[a-z]+))\b"
    r"(?!.*\b(?:but|relapsed|again|until|till|started)\b)"  # (not "... but relapsed")
    r"(?:\s+(?:in|last|this|since|for|a|an|about|over|two|three|\d+|back|cold\s+turkey|"
    r"recently|years|months|weeks|completely|entirely)\b.*)?\W*$",
    re.IGNORECASE,
)
_HABIT_ENDED: Final = {
    "smoking": "User no longer smokes",
    "cigarettes": "User no longer smokes",
    "vaping": "User no longer vapes",
    "drinking": "User no longer drinks alcohol",
    "alcohol": "User no longer drinks alcohol",
    "booze": "User no longer drinks alcohol",
    "caffeine": "User no longer has caffeine",
    "coffee": "User no longer drinks coffee",
}


#: A role held for a span of time: "I've been a Lutheran pastor for 22 years".
_BEEN_ROLE_RE: Final = re.compile(
    r"^I(?:'ve|\s+have)\s+been\s+(?P<role>an?\s+(?:[\w-]+\s+){0,3}?(?:"
    + ROLE_NOUNS
    + r"))(?P<rest>\s+(?:for\s+(?:\d+|a\s+few|many|several|over\s+\d+|about\s+\d+|"
    r"(?:one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty)(?:\s+\w+)?)\s+"
    r"(?:years?|yrs?|decades?)|since\s+[\w ]{2,20}))?\W*$",
    re.IGNORECASE,
)
#: Units wanted, said bare: "metric only", "celsius please".
_UNITS_ONLY_RE: Final = re.compile(
    r"^(?P<x>metric|imperial|celsius|fahrenheit)(?:\s+(?:units|only|always|please|pls|"
    r"everything|thanks))+\W*$",
    re.IGNORECASE,
)


def _shape_been_role(text: str, lead: bool) -> _Shaped:
    if m := _BEEN_ROLE_RE.match(text.strip(" .!")):
        rest = m["rest"] or ""
        return [ExtractedFact(f"User has been {m['role']}{rest}", "personal")]
    return _NEXT


#: A style asked for by degree alone: "less formal please", "a bit more detailed pls".
_BY_DEGREE_RE: Final = re.compile(
    r"^(?:(?:a\s+(?:bit|little|lot)|much|way|slightly)\s+)?(?P<d>less|more)\s+"
    r"(?P<x>formal|casual|informal|friendly|technical|detailed|concise|verbose|wordy|"
    r"jargon|emojis|examples|code|bullet\s+points)(?:\s+(?:please|pls|plz|thanks|now))*\W*$",
    re.IGNORECASE,
)


#: The household's diet: "vegetarian household", "we're a gluten-free family".
_HOUSEHOLD_DIET_RE: Final = re.compile(
    r"^(?:(?:we(?:'re|\s+are)|we're)\s+)?(?:an?\s+)?(?:(?:fully|strictly|mostly)\s+)?"
    r"(?P<x>vegetarian|vegan|gluten-free|dairy-free|kosher|halal|pescatarian|nut-free|meat-free)"
    r"\s+(?:household|family|home|house)\W*$",
    re.IGNORECASE,
)


#: Languages the user knows: "I know French and German fluently, and some Italian".
_KNOWS_LANGUAGES_RE: Final = re.compile(
    rf"^I\s+(?:also\s+)?know\s+(?P<x>(?:(?:some|a\s+little|a\s+bit\s+of|basic|conversational)\s+)?"
    rf"(?:{LANGUAGE_NAMES})(?:(?:\s*,\s*|\s+and\s+|,\s+and\s+)(?:(?:some|a\s+little|a\s+bit\s+of|"
    rf"basic|conversational)\s+)?(?:{LANGUAGE_NAMES})|\s+(?:fluently|well|natively))*)\W*$",
    re.IGNORECASE,
)
#: A state held a span of time: "I've been sober for 3 years", "vegan since 2015".
_BEEN_STATE_RE: Final = re.compile(
    r"^I(?:'ve|\s+have)\s+been\s+(?P<x>sober|clean|vegan|vegetarian|pescatarian|smoke-free|"
    r"teetotal|gluten-free|married|divorced|widowed|single|retired|self-employed|freelance|"
    r"sober\s+and\s+clean|in\s+recovery)(?:\s+(?P<span>for\s+[\w ]{2,20}?))?\W*$",
    re.IGNORECASE,
)


#: A role held for years and now over: "I was a nurse for 30 years"; retired said bare.
_WAS_ROLE_RE: Final = re.compile(
    r"^I\s+was\s+(?P<role>an?\s+(?:[\w-]+\s+){0,3}?(?:" + ROLE_NOUNS + r"))\s+for\s+"
    r"(?P<n>\d+|over\s+\d+|about\s+\d+|(?:ten|twenty|thirty|forty|fifteen|twelve|five|"
    r"six|seven|eight|nine|three|four|two|many|several)(?:\s+\w+)?)\s+(?P<u>years?|decades?)\W*$",
    re.IGNORECASE,
)
_RETIRED_NOW_RE: Final = re.compile(
    r"^(?:and\s+|but\s+)?(?:now\s+|happily\s+|recently\s+|just\s+)?retired"
    r"(?:\s+now|\s+these\s+days)?\W*$",
    re.IGNORECASE,
)


def _shape_was_role(text: str, lead: bool) -> _Shaped:
    if m := _WAS_ROLE_RE.match(text.strip()):
        return [ExtractedFact(f"User was {m['role']} for {m['n']} {m['u']}", "personal")]
    if _RETIRED_NOW_RE.match(text.strip()):
        return [ExtractedFact("User is retired", "personal")]
    if m := re.match(
        r"^I(?:'ve|\s+have)?\s+(?:just\s+|recently\s+)?turned\s+(\d{1,2})\W*$", text.strip()
    ):
        return [ExtractedFact(f"User is {m[1]}", "personal")]  # "I just turned 35"
    return _NEXT


def _shape_knows_languages(text: str, lead: bool) -> _Shaped:
    if m := _KNOWS_LANGUAGES_RE.match(text.strip()):
        x = re.sub(r"\b(?:fluently|well|natively)\b", "", m["x"]).strip(" ,")
        x = re.sub(r"\s+", " ", x)
        x = re.sub(rf"\b({LANGUAGE_NAMES})\b", lambda w: w[1].capitalize(), x, flags=re.I)
        return [ExtractedFact(f"User speaks {x}", "personal")]
    if m := _BEEN_STATE_RE.match(text.strip()):
        span = f" {m['span']}" if m["span"] else ""  # (a "since ..." is cut as a reason)
        return [ExtractedFact(f"User has been {m['x'].lower()}{span}", "personal")]
    return _NEXT


#: A thing named as the user's one of a kind: "Neovim is my editor (now)", "zed is my
#: main IDE", "Firefox is my browser of choice".
_IS_MY_SLOT_RE: Final = re.compile(
    r"^(?P<x>[\w.+#-]+(?:\s+[\w.+#-]+)?)\s+(?:is|are)\s+my\s+(?:new\s+|current\s+|main\s+|"
    r"go-to\s+|daily\s+|only\s+|primary\s+|favou?rite\s+)?(?P<slot>editor|ide|os|shell|terminal|"
    r"browser|distro|package\s+manager|database|db|framework|laptop|phone|notes\s+app)"
    r"(?:\s+(?:now|these\s+days|of\s+choice|for\s+everything))*\W*$",
    re.IGNORECASE,
)


def _shape_is_my_slot(text: str, lead: bool) -> _Shaped:
    m = _IS_MY_SLOT_RE.match(text.strip())
    if m is None or not _tech_names(m["x"]):
        return _NEXT
    slot = " ".join(m["slot"].lower().split())
    slot = {"ide": "IDE", "os": "OS", "db": "database"}.get(slot, slot)
    names = " and ".join(_tech_names(m["x"]))
    return [ExtractedFact(f"User uses {names} as their {slot}", "tech_stack")]


def _shape_household_diet(text: str, lead: bool) -> _Shaped:
    if m := _HOUSEHOLD_DIET_RE.match(text.strip()):
        return [ExtractedFact(f"User's household is {m['x'].lower()}", "personal")]
    return _NEXT


def _shape_by_degree(text: str, lead: bool) -> _Shaped:
    if m := _BY_DEGREE_RE.match(text.strip()):
        d, x = m["d"].lower(), " ".join(m["x"].lower().split())
        if x in {"formal", "casual", "informal", "friendly"}:
            return [ExtractedFact(f"User wants a {d} {x} tone", "communication")]
        if x in {"jargon", "emojis", "examples", "code", "bullet points"}:
            return [ExtractedFact(f"User wants {d} {x} in answers", "communication")]
        return [ExtractedFact(f"User wants {d} {x} answers", "communication")]
    return _NEXT


#: An answer setting and its value: "answer length: medium (is fine now)", "reply
#: style: short please".
_ANSWER_SETTING_RE: Final = re.compile(
    r"^(?:answer|reply|response|explanation)s?\s+(?P<slot>length|style|tone|format)\s*(?::|=|is)\s*"
    r"(?P<v>[\w-]+(?:\s+[\w-]+)??)(?:\s+(?:is\s+fine|is\s+good|works|please|pls|now|"
    r"from\s+now\s+on|is\s+best|ideally))*\W*$",
    re.IGNORECASE,
)


def _shape_answer_setting(text: str, lead: bool) -> _Shaped:
    if m := _ANSWER_SETTING_RE.match(text.strip()):
        slot, v = m["slot"].lower(), m["v"].lower()
        if slot == "tone":
            return [ExtractedFact(f"User wants a {v} tone", "communication")]
        if slot == "format":
            return [ExtractedFact(f"User wants answers formatted as {v}", "communication")]
        if slot == "length" and v in {"medium", "moderate", "normal", "average"}:
            return [ExtractedFact(f"User wants {v}-length answers", "communication")]
        return [ExtractedFact(f"User wants {v} answers", "communication")]
    return _NEXT


#: What is measured, said with the unit wanted: "prices in euros please, not dollars",
#: "recipes in grams and ml please", "distances in km, always".
_IN_UNITS_RE: Final = re.compile(
    r"^(?P<x>(?:all\s+)?(?:prices|costs|amounts|money|budgets?|recipes?|measurements|quantities|"
    r"distances|temperatures?|weights?|heights?|speeds?|paces?|times|dates|everything))\s+in\s+"
    r"(?P<u>(?:euros?|dollars|usd|eur|gbp|pounds(?:\s+sterling)?|yen|rupees|francs|kroner|"
    r"zloty|reais|pesos|grams?|g|kg|kilos|ml|millilitres?|milliliters?|litres?|liters?|"
    r"celsius|fahrenheit|km|kilometres?|kilometers?|miles|metres?|meters?|feet|cm|inches|"
    r"metric|imperial|24h|24-hour\s+time|[\w/]+\s+format)"
    r"(?:\s+(?:and|&)\s+(?:ml|millilitres?|milliliters?|kg|grams?|g|min/km|cm|celsius|"
    r"litres?|liters?))?)"
    r"(?:\s+(?:please|pls|plz|always|only|thanks|thx))*(?:\s*,\s*not\s+[\w/ ]{2,20})?\W*$",
    re.IGNORECASE,
)
#: A length said as a maximum: "3-4 lines max please", "3 sentences max", "max 5 bullets"
#: (not in words: "max 100 words" is the length of one piece of writing).
_LENGTH_MAX_RE: Final = re.compile(
    r"^(?:(?:max(?:imum)?|at\s+most|no\s+more\s+than)\s+(?P<n2>\d{1,3}(?:\s*-\s*\d{1,3})?)\s+"
    r"(?P<w2>lines|sentences|paragraphs|bullets|bullet\s+points)"
    r"|(?P<n>\d{1,3}(?:\s*-\s*\d{1,3})?)\s+(?P<w>lines|sentences|paragraphs|bullets|"
    r"bullet\s+points)\s+(?:max(?:imum)?|tops|at\s+most))"
    r"(?:\s+(?:please|pls|plz|always|thanks|thx))*\W*$",
    re.IGNORECASE,
)


#: A time the user keeps free: "don't schedule anything before 9 my time", "dont book
#: anything for me before 2pm ok", "never schedule meetings after 5pm".
_NOT_BEFORE_RE: Final = re.compile(
    r"^(?:(?:please|pls|plz|and|also|so)\s+)?(?:don't|dont|do\s+not|never)\s+(?:schedule|book|plan|"
    r"put)\s+(?P<what>anything|stuff|meetings?|calls?|workouts?|tasks?)\s+(?:for\s+me\s+)?"
    r"(?P<w>before|after)\s+(?P<t>\d{1,2}(?::\d\d)?\s*(?:am|pm)?|noon|midday)"
    r"(?:\s+(?:my\s+time|ok|okay|please|pls|thanks|on\s+weekdays|on\s+weekends))*\W*$",
    re.IGNORECASE,
)


#: What one tries for with one's body or habits ("trying to bulk", "trying to quit
#: smoking"): a goal the user has, no hypothetical "trying".
BODY_GOALS: Final = (
    r"bulk(?:\s+up)?|lose\s+(?:some\s+)?weight|gain\s+(?:some\s+)?(?:weight|muscle)|"
    r"build\s+muscle|get\s+(?:fit|in\s+shape)|quit\s+smoking|cut\s+down\s+on\s+"
    r"(?:sugar|alcohol|caffeine|coffee|carbs|meat)"
)
#: A goal the user works towards: "training for my first marathon", "saving up for a
#: motorbike licence", "I'm saving for a house deposit".
_GOAL_RE: Final = re.compile(
    r"^(?:(?:I'm|I\s+am|currently|now|also|still)\s+)*(?:"
    r"training\s+for\s+(?:my\s+(?:first\s+|next\s+)?|a\s+|an\s+|the\s+)"
    r"(?P<race>(?:(?-i:[A-Z])[\w'-]+\s+){0,2}(?:half[- ])?(?:marathon|triathlon|ironman|"
    r"ultra(?:marathon)?|10k|5k|half|sprint\s+triathlon)s?)"
    r"|saving\s+(?:up\s+)?for\s+(?P<thing>(?:a|an|my|our|the)\s+[\w' -]{3,40}?)"
    # a body goal: "trying to bulk", "trying to lose weight"
    rf"|trying\s+to\s+(?P<aim>{BODY_GOALS}))"
    r"(?:\s+(?:now|rn|atm|currently|at\s+the\s+moment|in\s+(?-i:[A-Z])\w+|in\s+(?:jan|feb|mar|apr|"
    r"may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*|(?:this|next)\s+(?:year|spring|summer|autumn|"
    r"fall|winter|month)))?\W*$",
    re.IGNORECASE,
)


def _shape_goal(text: str, lead: bool) -> _Shaped:
    m = _GOAL_RE.match(text.strip())
    if m is None:
        return _NEXT
    if m["race"]:
        race = m["race"]
        named = race[:1].isupper()
        said = f"the {race}" if named else f"{indefinite_article(race.lower())} {race.lower()}"
        return [ExtractedFact(f"User is training for {said}", "personal")]
    if m["aim"]:
        aim = " ".join(m["aim"].lower().split())
        return [
            ExtractedFact(f"User is trying to {'bulk up' if aim == 'bulk' else aim}", "personal")
        ]
    thing = re.sub(r"^(?:my|our)\b", "their", m["thing"])
    return [ExtractedFact(f"User is saving for {thing}", "personal")]


#: The form of answers said to be better now: "prose reads better to me now", "shorter
#: answers are better now", "tables work better for me".
_READS_BETTER_RE: Final = re.compile(
    r"^(?:(?:actually|honestly|tbh|ok|so|but)\s+)*(?:(?:normal|regular|full|proper|simple)\s+)?"
    r"(?P<x>prose|paragraphs|plain\s+text|bullets|"
    r"bullet\s+points|lists|tables|diagrams|examples|code\s+first|(?:shorter|short|longer|long|"
    r"detailed|brief)\s+(?:answers|replies|responses|explanations))\s+(?:reads?|works?|is|are)\s+"
    r"(?:much\s+|way\s+|a\s+lot\s+)?better(?:\s+(?:to|for)\s+me)?(?:\s+now)?\W*$",
    re.IGNORECASE,
)
#: A part of answers the user wants gone: "you can drop the emojis", "no need for the
#: TL;DR at the top anymore", "skip the disclaimers".
_DROP_PART_RE: Final = re.compile(
    r"^(?:(?:you\s+can|please|pls|just|feel\s+free\s+to)\s+)*(?:drop|skip|lose|ditch|cut)\s+"
    r"the\s+(?P<x>emojis|tl;?drs?|disclaimers|caveats|preambles|"
    r"pleasantries|small\s+talk|cheerleading|apologies|jokes)"
    r"(?:\s+and\s+the\s+(?P<y>emojis|cheerleading|disclaimers|caveats|pleasantries|jokes|"
    r"apologies|small\s+talk))?"
    r"(?:\s+(?:from\s+now\s+on|anymore|any\s+more|please|pls|going\s+forward))*\W*$"
    r"|^no\s+need\s+for\s+(?:the\s+|a\s+)?(?P<z>tl;?drs?|disclaimers|caveats|"
    r"preambles|pleasantries|small\s+talk|emojis)\b"
    r"(?:\s+at\s+the\s+(?:top|start|end|bottom))?(?:\s+(?:anymore|any\s+more|now))?\W*$",
    re.IGNORECASE,
)
#: A unit asked for from now on: "give me lbs from now on", "use kg not lbs from now on".
_UNIT_NOW_RE: Final = re.compile(
    r"^(?:(?:so|please|pls|and)\s+)*(?:use|give\s+me)\s+(?P<u>kg|kilos|kilograms|lbs|pounds|"
    r"miles|km|kilometres|kilometers|celsius|fahrenheit|metric|imperial)"
    r"(?:,?\s+not\s+[a-z]+)?\s+(?:from\s+now\s+on|going\s+forward|please|pls)\b",
    re.IGNORECASE,
)
_UNIT_MEASURE: Final = {
    "kg": "weights in kg",
    "kilos": "weights in kg",
    "kilograms": "weights in kg",
    "lbs": "weights in lbs",
    "pounds": "weights in lbs",
    "miles": "distances in miles",
    "km": "distances in km",
    "kilometres": "distances in km",
    "kilometers": "distances in km",
    "celsius": "temperatures in Celsius",
    "fahrenheit": "temperatures in Fahrenheit",
    "metric": "metric units",
    "imperial": "imperial units",
}


def _shape_answer_parts(text: str, lead: bool) -> _Shaped:
    text = text.strip()
    if m := _READS_BETTER_RE.match(text):
        return [ExtractedFact(f"User prefers {m['x'].lower()}", "communication")]
    if m := _DROP_PART_RE.match(text):
        parts = [p for p in (m["x"], m["y"], m["z"]) if p]
        return [
            ExtractedFact(f"User does not want {p if p.isupper() else p.lower()}", "communication")
            for p in parts
        ]
    if m := _UNIT_NOW_RE.match(text):
        return [ExtractedFact(f"User wants {_UNIT_MEASURE[m['u'].lower()]}", "communication")]
    return _NEXT


def _shape_not_scheduled(text: str, lead: bool) -> _Shaped:
    if m := _NOT_BEFORE_RE.match(text.strip()):
        what = m["what"].lower().replace("stuff", "anything")
        content = f"User does not want {what} scheduled {m['w'].lower()} {m['t'].replace(' ', '')}"
        return [ExtractedFact(content, "workflow")]
    return _NEXT


def _shape_in_units(text: str, lead: bool) -> _Shaped:
    text = text.strip()
    if m := _IN_UNITS_RE.match(text):
        return [ExtractedFact(f"User wants {m['x'].lower()} in {m['u']}", "communication")]
    if m := _LENGTH_MAX_RE.match(text):
        n, what = (m["n"] or m["n2"]).replace(" ", ""), (m["w"] or m["w2"]).lower()
        return [ExtractedFact(f"User wants answers of at most {n} {what}", "communication")]
    return _NEXT


def _shape_units_only(text: str, lead: bool) -> _Shaped:
    if m := _UNITS_ONLY_RE.match(text.strip(" .!")):
        x = m["x"].lower()
        what = (
            f"temperatures in {x.capitalize()}" if x in ("celsius", "fahrenheit") else f"{x} units"
        )
        return [ExtractedFact(f"User wants {what}", "communication")]
    return _NEXT


def _shape_quit_habit(text: str, lead: bool) -> _Shaped:
    m = _QUIT_HABIT_RE.match(text.strip(" .!"))
    if m is None:
        return _NEXT
    if m["food"] and not re.fullmatch(
        r"out|in|late|early|much|well|right|healthy|clean|less|more|so|there|it|that|this|them",
        m["food"].lower(),
    ):  # "stopped eating meat" (not "stopped eating out")
        verb = "eats" if m["verb"].lower() == "eating" else "drinks"
        return [ExtractedFact(f"User no longer {verb} {m['food'].lower()}", "personal")]
    habit = " ".join(m["x"].lower().split())
    return [ExtractedFact(_HABIT_ENDED.get(habit, f"User gave up {habit}"), "personal")]


def _shape_health(text: str, lead: bool) -> _Shaped:
    m = _HEALTH_RE.match(text.strip(" .!"))
    if m is None or text.lower().startswith("we"):
        return _NEXT
    condition = re.sub(r"\bmy\b", "their", " ".join(m["x"].split()))
    if m["gets"]:  # "I get seasick on boats", "I get hay fever"
        return [ExtractedFact(f"User gets {condition}", "personal")]
    return [ExtractedFact(f"User has {condition}", "personal")]


def _bare_trait(text: str) -> list[ExtractedFact]:
    found = _shape_bare_trait(text, False)
    return [] if found is _NEXT or found is None else found


def _shape_bare_trait(text: str, lead: bool) -> _Shaped:
    m = _BARE_TRAIT_RE.match(text.strip(" .!"))
    if m is None:
        return _NEXT
    if m["p"]:
        if _tech_names(m["p"]):
            return _NEXT
        return [ExtractedFact(f"User is based in {m['p']}", "personal")]
    trait = " ".join(m["t"].lower().split())
    kind = (
        re.search(r"[12]", (m["degree"] or "") + (m["detail"] or ""))
        if trait == "diabetic"
        else None
    )
    if kind:
        return [ExtractedFact(f"User has type {kind[0]} diabetes", "personal")]
    degree = " ".join(m["degree"].lower().split()) + " " if m["degree"] else ""
    if trait in ("widow", "widower"):
        degree = "a " + degree
    detail = f" {m['detail'].strip()}" if m["detail"] else ""
    return [ExtractedFact(f"User is {degree}{trait}{detail}", "personal")]


def _shape_have_kin(text: str, lead: bool) -> _Shaped:
    m = _HAVE_KIN_RE.match(text.strip(" .!"))
    if m is None:
        return _NEXT
    kin = re.sub(r"\s*(?:,|&)\s*$|\s+and\s*$", "", m["x"].strip())
    named = f" named {m['name']}" if m["name"] else ""
    return [ExtractedFact(f"User has {kin}{named}", "personal")]


def _shape_foreign_answer(text: str, lead: bool) -> _Shaped:
    if m := (_FOREIGN_ANSWER_RE.search(text) or _BARE_LANGUAGE_RE.match(text.strip())):
        language = FOREIGN_LANGUAGE[" ".join(m["lang"].lower().split())]
        return [ExtractedFact(f"User wants answers in {language}", "communication")]
    if (m := _CJK_ANSWER_RE.search(text)) and not _ONE_TIME_CJK_RE.search(text):
        # ("以后请一直用中文回答我", "日本語で答えて")
        language = _CJK_LANGUAGE[m["lang"] or m["lang2"]]
        return [ExtractedFact(f"User wants answers in {language}", "communication")]
    return _NEXT


#: Answers asked for in a language, in Chinese or Japanese: "用中文回答", "日本語で答えて".
_CJK_ANSWER_RE: Final = re.compile(
    r"(?:用|以)(?P<lang>中文|汉语|漢語|英文|英语|日语|日文|韩语)(?:来)?(?:回答|回复|答复|回覆)"
    r"|(?P<lang2>日本語|英語|中国語)で(?:答え|回答|返事|返信|説明)"
)
_ONE_TIME_CJK_RE: Final = re.compile(r"这次|这一次|今回|この質問")
_CJK_LANGUAGE: Final = {
    "中文": "Chinese", "汉语": "Chinese", "漢語": "Chinese", "英文": "English", "英语": "English",
    "日语": "Japanese", "日文": "Japanese", "韩语": "Korean", "日本語": "Japanese",
    "英語": "English", "中国語": "Chinese",
}  # fmt: skip


def _shape_language_fine(text: str, lead: bool) -> _Shaped:
    if m := _LANGUAGE_FINE_RE.match(text):  # "scratch that, english is fine for answers"
        return [ExtractedFact(f"User wants answers in {m['lang'].capitalize()}", "communication")]
    return _NEXT


def _shape_replaced_with(text: str, lead: bool) -> _Shaped:
    if m := _REPLACED_WITH_RE.match(text):  # "replaced Jest with Vitest and X+Y with Z"
        out: list[ExtractedFact] = []
        for pair in re.split(r"\s*(?:,|;|\band\b(?=[^,;]*\bwith\b))\s*", m["rest"]):
            both = re.match(r"^(?P<old>.+?)\s+(?:with|by|for)\s+(?P<new>.+)$", pair, re.I)
            if both and _tech_names(both["old"]) and _tech_names(both["new"]):
                out += _uses(both["new"])
                out += [
                    ExtractedFact(f"User no longer uses {n}", "tech_stack")
                    for n in _tech_names(both["old"])
                ]
        if out:
            return out
    return _NEXT


def _shape_from_to(text: str, lead: bool) -> _Shaped:
    if (
        (m := _FROM_TO_RE.match(text))
        and _tech_names(m["new"] or m["new2"])
        # "A -> B" is a move only if it says so, or says when ("mysql -> postgres last month")
        and (m["new"] or _MIGRATED_RE.search(text) or _WHEN_RE.search(text))
    ):
        # "moved from VS Code to Zed", "heroku -> fly.io"
        target = re.split(r",|\s+(?:with|over|last|this|since|because)\b", m["new"] or m["new2"])
        left = _tech_names(m["old"] or m["old2"])
        moved = _uses(target[0])
        if moved and left:
            return moved + [ExtractedFact(f"User no longer uses {n}", "tech_stack") for n in left]
    return _NEXT


def _shape_less_more(text: str, lead: bool) -> _Shaped:
    if m := _LESS_MORE_RE.match(text):  # "less magic, more explicit code"
        more = (m["b"] or m["b2"]).strip()
        less = (m["a"] or m["a2"]).strip()
        fewer = (m["w"] or m["w2"]).lower()
        return [_pref(f"more {more} and {fewer} {less}")]
    return _NEXT


def _shape_version_change(text: str, lead: bool) -> _Shaped:
    if (m := _CHANGE_TO_RE.match(text)) and (
        v := re.match(r"v?(\d+(?:\.\d+){0,2})\b", m["x"])
    ):  # "upgraded from python 3.9 to 3.12": the version of the name before
        source = re.search(r"\bfrom\s+(?P<n>[\w.+#-]+(?:\s+[A-Za-z][\w.+#-]*)?)\s+v?\d", text, re.I)
        names = _tech_names(source["n"]) if source else []
        if len(names) == 1:
            return [ExtractedFact(f"User uses {names[0]} {v[1]}", "tech_stack")]
    return _NEXT


def _shape_change_to(text: str, lead: bool) -> _Shaped:
    if (
        (m := _CHANGE_TO_RE.match(text))
        and _tech_names(m["x"])
        and not re.search(r"\bfrom\b", text, re.I)
    ):
        # "we upgraded to python 3.12 over the weekend", "moved to VS Code with ..."
        target = re.split(
            r"\s+(?:with|over|last|this|a few|yesterday|since|because|as)\b|,", m["x"]
        )
        return _uses(target[0]) or None
    return _NEXT


def _shape_now_product(text: str, lead: bool) -> _Shaped:
    if (m := _NOW_PRODUCT_RE.match(text)) and (lead or m["now"]) and len(m["x"].split()) <= 3:
        if _tech_names(m["x"]) and _only_tech(m["x"]):  # "it's CUDA 12.4 now"
            return _uses(m["x"])
        names = [t.name for t in _mentions(m["x"], unknown=True, lowercase=False)]
        if len(names) == 1:  # "it's Bloc now"
            return [ExtractedFact(f"User uses {names[0]}", "tech_stack")]
    return _NEXT


def _shape_slot_is(text: str, lead: bool) -> _Shaped:
    if m := _SLOT_IS_RE.match(text):
        return [_slot_fact(m["slot"], m["x"])]
    return _NEXT


def _shape_dropped(text: str, lead: bool) -> _Shaped:
    if m := _DROPPED_RE.match(text):
        # ("dropped Jest for Vitest": what comes after "for" is what replaced it)
        x, _, target = [
            *re.split(r"\s+(for|in\s+favou?r\s+of|to)\s+", m["x"], maxsplit=1),
            "",
            "",
        ][:3]
        dropped = _tech_names(re.split(r",|\band\b|\bbut\b|;", x)[0])
        if dropped:
            facts = [ExtractedFact(f"User no longer uses {n}", "tech_stack") for n in dropped]
            return facts + [
                ExtractedFact(f"User uses {n}", "tech_stack")
                for n in _tech_names(re.split(r",|\band\b|\bbut\b|;", target)[0])
                if n not in dropped
            ]
    return _NEXT


def _shape_not_anymore(text: str, lead: bool) -> _Shaped:
    if m := _NOT_ANYMORE_RE.match(text):
        names = _tech_names(m["x"] or m["y"])
        if names:
            return [ExtractedFact(f"User no longer uses {n}", "tech_stack") for n in names]
    return _NEXT


def _shape_now(text: str, lead: bool) -> _Shaped:
    if (m := _NOW_RE.match(text)) and (
        lead
        or m["now"]
        or re.match(
            r"^(?:all|on|using|back to|"
            r"went back to)\b",
            text,
            re.I,
        )
    ):
        x = m["x"]
        if _tech_names(x) and _only_tech(x) and not re.search(r">|\bover\b|\bvs\b", x):
            return _uses(x)
        if lead or m["now"]:
            value = _bare_value(x)
            if value is not None:
                return [value]
    return _NEXT


def _shape_gone(text: str, lead: bool) -> _Shaped:
    if m := re.match(
        r"^(?P<x>[\w.+#@' -]+?)\s+(?:is|are)\s+(?:gone|dead to me|history|out)\b", text, re.I
    ):
        names = _tech_names(m["x"])
        if names:
            return [ExtractedFact(f"User no longer uses {n}", "tech_stack") for n in names]
    return _NEXT


#: A favourite of a kind said with a degree ("my all-time favourite book is Dune"; one said
#: with no "my" may be anyone's: "For my daughter: favourite colour is pink").
_FAVOURITE_KIND_RE: Final = re.compile(
    r"^my\s+(?:all[- ]time\s+|absolute\s+)(?:favou?rite|fave)\s+"
    rf"(?P<what>{'|'.join(FAVOURITE_KINDS.values())})"
    r"(?:\s+(?:right now|these days|at the moment|of all time|ever))?"
    r"\s*(?:\bis\b|:|=|\bhas to be\b|\bwould (?:have to )?be\b)\s*(?P<x>[^?]+?)[.!]*$",
    re.IGNORECASE,
)


def _shape_favourite_kind(text: str, lead: bool) -> _Shaped:
    if m := _FAVOURITE_KIND_RE.match(text):
        value = favourite_value(m["x"])
        if value and len(value.split()) <= 6 and not re.search(r"\b(?:I|me|my)\b", value, re.I):
            what = m["what"].lower().replace("color", "colour")
            content = f"User's favourite {what} is {value}"
            return [ExtractedFact(content, _category_of(content, "preference"))]
    return _NEXT


def _shape_my_favourite(text: str, lead: bool) -> _Shaped:
    if m := _MY_FAVOURITE_RE.match(text):  # "my favourite is Rust now"
        if _tech_names(m["x"]):
            return [_favourite(m["x"], m["slot"], m["what"])]
    return _NEXT


def _shape_answer_language(text: str, lead: bool) -> _Shaped:
    if m := _ANSWER_LANGUAGE_RE.match(text):  # "English please", "Bitte ab jetzt English"
        if m["cue"] or m["cue2"] or m["in"]:
            content = f"User wants answers in {m['lang'].capitalize()}"
            return [ExtractedFact(content, "communication")]
    return _NEXT


def _shape_value_fix(text: str, lead: bool) -> _Shaped:
    if m := _VALUE_FIX_RE.match(text):  # "it's Excel 365 not 2016", "it's John with an h"
        if m["spelled"] and not _tech_names(m["x"]):
            return [ExtractedFact(f"User's name is {m['x']}", "personal")]
        if m["old"] and re.fullmatch(r"v?\d[\w.]*", m["old"]) and _tech_names(m["x"]):
            facts = _uses(m["x"])
            if facts and re.search(r"\d", facts[0].content):
                return facts
    return _NEXT


def _shape_name_fix(text: str, lead: bool) -> _Shaped:
    if lead and (m := _NAME_FIX_RE.match(text)) and not _tech_names(text):
        return [ExtractedFact(f"User's name is {m['x']}", "personal")]  # "it's Samir, not Sam"
    return _NEXT


#: Names that are also words said of anything, in lower case: "it's unreal", "it's
#: swift", "it's express".
_ADJECTIVE_NAME_RE: Final = re.compile(
    r"(?:so\s+|just\s+|really\s+|pretty\s+)?(?-i:unreal|swift|express|rapid|solid|ionic|"
    r"ember|meteor|spring|rocket|sublime|atom|brave|edge|arc|stable)"
)


def _shape_it_is_tech(text: str, lead: bool) -> _Shaped:
    if (
        (m := re.match(r"^(?:it is|it's|it is all|everything is|all)\s+(?P<x>.+)$", text, re.I))
        and _tech_names(m["x"])
        and len(m["x"].split()) <= 7
        and not _VERBISH_RE.search(m["x"])
        and not re.search(r"\b(?:considering|eyeing|evaluating|exploring|maybe)\b", m["x"], re.I)
        and not _ADJECTIVE_NAME_RE.fullmatch(m["x"].strip(" .!"))
    ):
        return _uses(m["x"])  # "it's legacy WinForms on .NET Framework 4.8"
    return _NEXT


def _shape_it_is_not(text: str, lead: bool) -> _Shaped:
    if m := _IT_IS_NOT_RE.match(text):
        new, old = _tech_names(m["x"]), _tech_names(m["y"])
        if new:
            was = "no longer uses" if re.match(r"^(?:it|that)", text, re.I) else "does not use"
            return [  # (with the version it names: "on Python 3.12 now, not 3.9")
                ExtractedFact(f"User uses {_with_version(m['x'], n)}", "tech_stack") for n in new
            ] + [ExtractedFact(f"User {was} {n}", "tech_stack") for n in old]
    return _NEXT


def _shape_handles(text: str, lead: bool) -> _Shaped:
    if m := _HANDLES_RE.search(text):
        names = _tech_names(m["x"]) or [
            t.name for t in _mentions(m["x"], unknown=True) if " " not in m["x"].strip()
        ]
        if names:
            return [ExtractedFact(f"User uses {names[0]} for {m['y'].strip()}", "tech_stack")]
    return _NEXT


def _shape_fine(text: str, lead: bool) -> _Shaped:
    if m := _FINE_RE.match(text):
        if _BAD_OBJECT_RE.match(m["x"].strip()):
            return []
        if re.match(r"(?:the|this|that|my|our|your|it|its)\s", m["x"].strip(), re.I) and not (
            _tech_names(m["x"]) or _STYLE_RE.search(m["x"])
        ):
            return []  # "the old code is fine": a thing at hand, no taste
        x = _object(m["x"]) + (m["where"] or "").replace(" my ", " their ")
        return [
            ExtractedFact(f"User is fine with {x}", _category_of(f"User wants {x}", "preference"))
        ]
    return _NEXT


def _shape_correction_value(text: str, lead: bool) -> _Shaped:
    if lead:
        value = _bare_value(text)
        if value is not None:
            return [value]
        roles = [f for f in list_item_facts(text) if f.category == "personal"]
        if roles:  # "update: got hired, junior dev at a logistics company now"
            return roles
    return _NEXT


def _shape_intensified(text: str, lead: bool) -> _Shaped:
    if m := _INTENSIFIED_RE.match(text):
        if _only_tech(m["x"]):
            return [_pref(m["x"])]
        value = _bare_value(m["x"])
        if value is not None:
            return [value]
    return _NEXT


def _shape_tool_in_role(text: str, lead: bool) -> _Shaped:
    if tool := _tool_in_role(text):
        return tool
    return _NEXT


def _shape_list(text: str, lead: bool) -> _Shaped:
    if m := _LIST_RE.match(text):
        items = _items(m["rest"])
        if m["hobby"]:  # "hobbies: bouldering 3x a week, sourdough on weekends"
            pastimes = map(_pastime_item, re.split(r"\s*[,;]\s*(?:and\s+)?|\s+and\s+", m["rest"]))
            return [ExtractedFact(f"User enjoys {p}", "personal") for p in pastimes if p] or None
        if m["profile"]:  # "Background: PhD student in comp bio, R + Bioconductor"
            out = []
            for part in re.split(r"\s*[,;]\s*", m["rest"]):
                # a trait said bare counts too ("me: vegan, allergic to tree nuts")
                out += list_item_facts(part, unknown=True) or _bare_trait(part)
            return out or None
        if m["tech"]:
            label = text[: text.index(m["rest"])].strip(" :=->").lower()
            fav = re.match(
                r"^(?P<slot>favou?rite|preferred|go-to|main|primary)\s+(?P<what>.+)$", label
            )
            if fav and _tech_names(m["rest"]):
                name = _tech_names(m["rest"])[0]
                what = {"db": "database", "lang": "language"}.get(fav["what"], fav["what"])
                return [ExtractedFact(f"User's {fav['slot']} {what} is {name}", "preference")]
            slot = re.sub(r"^(?:my|our|the|current|main|primary)\s+", "", label)
            purpose = ""
            if _PURPOSE_SLOT_RE.match(slot) and slot not in ("sql", "orm"):  # (kinds, not uses)
                purpose = "for " + _PURPOSE_NAMES.get(slot, slot)  # "cache: Redis"
            facts = []
            for part in re.split(r"\s*[,;]\s*|\s+and\s+", m["rest"]):
                negated = _NEGATION_WORD_RE.search(part)  # ("definitely not Nagios anymore")
                facts += _uses(part, suffix="" if negated else purpose, unknown=True)
            return facts or None
        negative = bool(m["dislike"])
        out = []
        for item in items:
            x = _object(item)
            if not x:
                continue
            content = f"User dislikes {x}" if negative else f"User likes {x}"
            out.append(ExtractedFact(content, _category_of(content, "preference")))
        return out or None
    return _NEXT


def _pastime_item(part: str) -> str:
    """A pastime of a list without how often or how ("slowly restoring a 1978 Vespa" ->
    "restoring a 1978 Vespa", "bouldering 3x a week" -> "bouldering"), or ""."""
    item = re.sub(r"^(?:slowly|also|some|a\s+bit\s+of|lots\s+of|mostly)\s+", "", part.strip(" .!"))
    item = re.sub(
        r"\s+(?:\d+\s*x|\d+\s+times|once|twice|every|each|on|at|most|when)\b.*$", "", item
    )
    if not re.fullmatch(r"[a-z][\w' -]{2,40}", item, re.IGNORECASE) or common_word(item):
        return ""
    if re.match(
        r"(?:none|nothing|no\b|not\b|n/a|idk|dunno|work\b|sleep\b|see\b|what\b|ask\b|check\b|"
        r"look\b|my\b|lol\b)",
        item,
        re.I,
    ) or re.search(r"\b(?:lol|linkedin|profile|website)\b|\?", item, re.I):
        return ""  # "hobby: none really"
    return item


def _shape_not_cmp(text: str, lead: bool) -> _Shaped:
    if (m := _NOT_CMP_RE.match(text)) and _only_tech(m["a"]) and _only_tech(m["b"]):
        return [_pref(m["a"], m["b"], m["scope"])]  # "GitLab CI not GitHub Actions"
    return _NEXT


#: A request for now at the head of a comparison: "explain why over Next", "give me 20
#: questions instead of the usual 10".
_ASKED_NOW_RE: Final = re.compile(
    r"^(?:explain|give|show|tell|send|keeps?|make|get|let|walk)\b", re.IGNORECASE
)


def _shape_cmp(text: str, lead: bool) -> _Shaped:
    if m := _CMP_RE.match(text):
        a, b = m["a"].strip(), m["b"].strip()
        if (
            not re.match(r"^(?:I|we|my|our|you|he|she|they)\b", a, re.I)
            and not (re.match(_ASKED_NOW_RE, a) and not m["tail"])  # ("explain why over
            # Next": a request; not "tell me the truth over comforting lies, always")
            and len(a.split()) <= 4
        ):
            a = re.sub(r"^(?:prefer|always|definitely|def)\s+", "", a, flags=re.I)
            return [_pref(a, b, m["scope"])]
    return _NEXT


#: A taste said without a verb: "Radiohead forever", "Windows? eww", "big no to
#: microservices for small apps", "sushi is my weakness", "hard pass on Jira".
_TASTE_RE: Final = re.compile(
    r"^(?P<x>[\w.+#' -]{2,40}?)\s+(?:forever|for life|till I die|til I die|ftw|"
    r"all day(?:,? every day)?)\W*$"
    r"|^(?!the\s+(?:problem|issue|question|answer|point|thing|bug|error|catch)\b)"
    r"(?P<y>[\w.+#' -]{2,40}?)\s+(?:is|are)\s+(?:totally\s+|really\s+|so\s+)?my\s+"
    r"(?:weakness|guilty pleasure|jam|happy place|love language|comfort food|thing|passion|"
    r"obsession|vibe)(?:\s+(?:lately|these\s+days|now|atm|rn))?\W*$"
    r"|^(?P<n3>[\w.+#' -]{2,40}?)\s+(?:is|are)\s+(?:not|really\s+not|just\s+not)\s+my\s+"
    r"(?:thing|jam|cup\s+of\s+tea|vibe)\W*$"
    r"|^(?P<n>[\w.+#' -]{2,40}?)\s*[?!.,]*\s*\b(?:eww+|ew+|yuck|yikes|hard pass|no thanks|"
    r"big no|never again|thanks but no)\W*$"
    r"|^(?:big no to|hard pass on|no thanks to|allergic to)\s+"
    r"(?P<n2>[\w.+#' -]{2,40}?)\W*$",
    re.IGNORECASE,
)


_PERSON_WORD_RE: Final = re.compile(
    r"\b(?:I|I'm|me|my|you|your|we|us|our|he|she|him|her|they|them|it|this|that)\b", re.I
)


def _shape_taste(text: str, lead: bool) -> _Shaped:
    m = _TASTE_RE.match(text)
    raw = (m["n"] or m["n2"] or m["n3"] or m["x"] or m["y"]) if m else ""
    if m and len(raw.split()) <= 5:
        raw = re.sub(r"^(?:still|mostly|mainly|just)\s+", "", raw, flags=re.IGNORECASE)
        names = _tech_names(raw)
        if m["x"] and names and _only_tech(raw) and re.search(r"all day\W*$", text, re.I):
            return _uses(raw)  # "still Figma all day": a tool in use, more than a taste
        # (a technology by its name, as the rest of the turn's reading names it)
        x = names[0] if len(names) == 1 and _only_tech(raw) else _object(raw)
        content = f"User dislikes {x}" if m["n"] or m["n2"] or m["n3"] else f"User likes {x}"
        if not x or _BAD_OBJECT_RE.match(x) or _PERSON_WORD_RE.search(x):
            return _NEXT  # ("I love you forever": no taste of a thing)
        return [ExtractedFact(content, _category_of(content, "preference"))]
    return _NEXT


#: What one is allergic to in the body, not in a figure of speech ("allergic to meetings").
_ALLERGEN_RE: Final = re.compile(
    r"\b(?:shellfish|shrimp|prawns?|crab|lobster|fish|peanuts?|(?:tree\s+)?nuts?|almonds?|"
    r"cashews?|walnuts?|gluten|wheat|dairy|milk|lactose|eggs?|soy|sesame|mustard|celery|"
    r"penicillin|amoxicillin|sulfa|sulfites?|aspirin|ibuprofen|latex|pollen|dust|mold|mould|"
    r"bees?|wasps?|cats?|dogs?|horses?|strawberries|kiwi|bananas?|tomatoes|nickel|grass|hay|"
    # drugs by their families (also misspelt: "penicilin"), and more of what the body meets
    r"\w*cill?in|\w*mycin|antibiotics?|codeine|morphine|opioids?|nsaids?|iodine|"
    r"contrast\s+dye|an(?:a)?esthetics?|mites|ragweed|birch|avocados?|coconuts?|oats|"
    r"corn|peaches|apples?|feathers|wool|perfume|fragrances?)\b",
    re.IGNORECASE,
)


def is_allergen(text: str) -> bool:
    """True when ``text`` names what one is allergic to in the body (a food, a drug, an
    animal, pollen), not in a figure of speech ("allergic to meetings")."""
    return _ALLERGEN_RE.search(text) is not None


def _shape_opinion(text: str, lead: bool) -> _Shaped:
    if m := _OPINION_RE.match(text):
        groups = ("x", "y", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9", "x10")
        raw = next(m[g] for g in groups if m[g])
        raw = re.sub(r"\s+(?:is|was|are|were|just|really|honestly)$", "", raw.strip(), flags=re.I)
        x = _object(raw)  # "Zed was (not for me)": the copula is not part of the name
        if _BAD_OBJECT_RE.match(x) or not x:
            return []
        if m["x5"] and re.search(
            r"\b(?:is|are|was|were)\b|^(?:my|our|his|her|their|the)\b", raw, re.I
        ):
            return []  # "My team lead is a huge TDD advocate": someone else's
        if (m["x7"] or m["x8"]) and re.search(r"\b(?:is|are|was|were|so|because)\b", raw, re.I):
            return []  # "internet is awful so anything cloud heavy is a pain": two clauses
        field = _FIELD_ROLE_RE.match(text.strip())
        if m["x5"] and field and field["kind"]:  # "firmware guy": a field of work, not a taste
            return [ExtractedFact(f"User works in {field['field'].lower()}", "personal")]
        if m["x6"]:  # "I've come around on docker": an opinion turned
            return [ExtractedFact(f"User likes {x}", "preference")]
        if (m["neg"] or "").lower().startswith("allergic") and is_allergen(x):
            x = re.split(r"\s*,\s*(?!and\b|or\b)", x)[0]  # ("..., found out the hard way")
            return [ExtractedFact(f"User is allergic to {x}", "personal")]  # (not "to meetings")
        if any(m[g] for g in ("neg", "neg2", "neg3", "neg4", "neg5", "neg6", "neg7")):
            content = f"User dislikes {x}"
        elif m["fine"]:
            content = f"User is fine with {x}"
        else:
            content = f"User prefers {x}"
        return [ExtractedFact(content, _category_of(content, "preference"))]
    return _NEXT


def _shape_no_need(text: str, lead: bool) -> _Shaped:
    if m := _NO_NEED_RE.match(text):
        body = m["x"] or m["x2"]
        content = f"User does not want the assistant to {body}"
        return [ExtractedFact(content, _category_of(content, "communication"))]
    return _NEXT


def _shape_fan(text: str, lead: bool) -> _Shaped:
    if m := _FAN_RE.match(text):
        x = _object(m["x"])
        if m["neg"]:
            return [ExtractedFact(f"User is not a fan of {x}", _category_of(x, "preference"))]
        deg = f"{m['deg'].lower()} " if m["deg"] else ""
        article = "an" if deg[:1] in "aeiou" and deg else "a"
        return [ExtractedFact(f"User is {article} {deg}fan of {x}", "preference")]
    return _NEXT


def _shape_love(text: str, lead: bool) -> _Shaped:
    if m := _LOVE_RE.match(re.sub(r"^I\s+", "", text)) if not re.match(r"^I\s+", text) else None:
        return _love(m["verb"].lower(), m["x"])
    return _NEXT


def _shape_rather(text: str, lead: bool) -> _Shaped:
    if m := _RATHER_RE.match(text):
        if re.match(
            r"^(?:I\s+)?(?:would\s+|'d\s+)?(?:much|way|far|definitely)\s*rather|^rather", text, re.I
        ):
            return [_pref(m["x"], m["y"])]
    return _NEXT


def _shape_favourite(text: str, lead: bool) -> _Shaped:
    if m := _FAVOURITE_RE.match(text):
        if m["slot"].lower() in {"best friend", "bread and butter"}:
            return [ExtractedFact(f"User loves {_object(m['x'])}", "preference")]
        if m["slot"].lower() in {"setup", "stack", "tooling", "toolchain", "daily", "world"}:
            facts = _uses(m["x"], unknown=True)  # "python 3.11 + poetry is my setup"
            if facts:
                return facts
        return [_favourite(m["x"], m["slot"], m["what"])]
    return _NEXT


_KINDS_OF_PERSON: Final = (
    r"(?:morning|night|cat|dog|people|phone|coffee|tea|beach|city|outdoors|gym|winter|"
    r"summer|detail|numbers|details|early|sports?|team)"
)
_KIND_OF_PERSON_RE: Final = re.compile(_KINDS_OF_PERSON, re.IGNORECASE)
#: What kind of person the user is not: "not a morning person AT ALL", "I'm not a cat person".
_NOT_PERSON_RE: Final = re.compile(
    r"^(?:(?:I am|I'm|im)\s+)?(?:(?:really|just|definitely|honestly|so)\s+)?not\s+(?:a|an)\s+"
    rf"(?P<x>{_KINDS_OF_PERSON})\s+person(?:\s+(?:at\s+all|either|really|tbh))*\W*$",
    re.IGNORECASE,
)


def _shape_person(text: str, lead: bool) -> _Shaped:
    if m := _NOT_PERSON_RE.match(text):
        return [ExtractedFact(f"User is not a {m['x'].lower()} person", "personal")]
    if (m := _PERSON_RE.match(text)) and _KIND_OF_PERSON_RE.fullmatch(m["x"]):
        if m["kind"].lower() == "person":  # "I'm a morning person": who, not a taste
            return [ExtractedFact(f"User is a {m['x'].lower()} person", "personal")]
    if m := _PERSON_RE.match(text):
        x = m["x"]
        if re.search(r"\bnot\b", x):
            return []  # "a data scientist, not a backend person": what the user is not
        if m["kind"].lower() in {"user", "shop", "dev", "developer", "head", "enjoyer"}:
            facts = _uses(x)
            if facts:
                return facts
            if m["kind"].lower() == "user":  # "a wheelchair user", "a Mac user"
                article = indefinite_article(x)
                return [ExtractedFact(f"User is {article} {x} user", "personal")]
        return [_pref(x)]
    return _NEXT


def _shape_habit_use(text: str, lead: bool) -> _Shaped:
    if (m := _HABIT_USE_RE.match(text)) and (m["adv"] or m["gerund"] or m["tail"]):
        x = m["x"]
        if _tech_names(x) and _only_tech(x, unknown=True) and not _TASK_RE.search(text):
            return _uses(x, unknown=True)
    return _NEXT


def _shape_role_here(text: str, lead: bool) -> _Shaped:
    if m := _ROLE_HERE_RE.match(text):
        role = _role_noun(m["role"])
        role = re.sub(r"(?i)\bdevops$", "DevOps engineer", role)
        article = indefinite_article(role)
        return [ExtractedFact(f"User is {article} {role.lower()}", "personal")]
    return _NEXT


def _shape_fluent(text: str, lead: bool) -> _Shaped:
    if m := _FLUENT_RE.match(text):
        names = _tech_names(m["x"])
        if names:
            return [ExtractedFact(f"User is {m['adj'].lower()} in {n}", "personal") for n in names]
    return _NEXT


def _shape_here(text: str, lead: bool) -> _Shaped:
    if m := _HERE_RE.match(text):
        facts = _uses(m["x"] or m["y"])
        return facts or None
    return _NEXT


def _shape_style_is(text: str, lead: bool) -> _Shaped:
    if (m := _STYLE_IS_RE.match(text)) and (value := _bare_value(m["x"])) is not None:
        return [value]  # "team style is 2 spaces (so I'm using that now)"
    return _NEXT


def _shape_team(text: str, lead: bool) -> _Shaped:
    if (m := _TEAM_RE.match(text)) and not _VERBISH_RE.search(m["x"]):
        return [_pref(m["x"])]  # "team tabs forever" (not "team style is 2 spaces")
    return _NEXT


def _shape_on(text: str, lead: bool) -> _Shaped:
    if m := _ON_RE.match(text):
        if _tech_names(m["x"]) and not re.search(r"\b(?:team|project|call|meeting|page)\b", m["x"]):
            return _uses(m["x"], suffix=_scope_suffix(m["x"]))
    return _NEXT


def _shape_thing_is(text: str, lead: bool) -> _Shaped:
    if m := _THING_IS_RE.match(text):
        facts = _uses(m["x"])
        if facts:
            return facts
    return _NEXT


def _shape_slot_statement(text: str, lead: bool) -> _Shaped:
    mine = re.match(r"^(?:my|our)\s", text, re.IGNORECASE)
    if (
        not mine
        and (m := _SLOT_STATEMENT_RE.match(text))
        and _only_tech(m["x"])
        and not _tech_names(m["slot"])
    ):
        slot = m["slot"].lower()
        if slot not in {"it", "this", "that", "everything", "there", "which", "what"}:
            return _uses(m["x"], suffix=f"for {slot}")
    return _NEXT


def _shape_platform_statement(text: str, lead: bool) -> _Shaped:
    if (m := _SLOT_STATEMENT_RE.match(text)) and _tech_names(m["slot"]) and _only_tech(m["x"]):
        # "iOS is SwiftUI only": the second technology, for the first
        platform = _tech_names(m["slot"])[0]
        return _uses(m["x"], suffix=f"for {platform}")
    return _NEXT


def _shape_own_decision(text: str, lead: bool) -> _Shaped:
    if m := _OWN_DECISION_RE.match(text):
        x = _object(m["x"])
        return [ExtractedFact(f"User does not use {x}", _category_of(x, "tech_stack"))]
    return _NEXT


#: Tools' names that, typed alone in lower case, are plain words: a coffee "black", an
#: "espresso", a "bun".
LONE_PLAIN_WORDS: Final = frozenset({"black", "bun", "espresso"})


def _shape_only_tech(text: str, lead: bool) -> _Shaped:
    if text in LONE_PLAIN_WORDS:
        return _NEXT
    if _only_tech(text):
        return _uses(text)
    return _NEXT


def _shape_bare_tech_list(text: str, lead: bool) -> _Shaped:
    if (
        len(_tech_names(text)) >= 2
        and not all(n.lower() in LONE_PLAIN_WORDS for n in _tech_names(text))
        and len(text.split()) <= 12
        and not _VERBISH_RE.search(text)
        and not re.match(r"^(?:I|we|my|our|you|your)\b", text, re.I)
        and not re.search(
            r"\b(?:prefer\w*|switch\w*|moved?|migrat\w*|uses?|using|like\w*|love\w*|"
            r"hate\w*|wants?|needs?|over|instead|than|from|to|not|no|never|considering|"
            r"eyeing|evaluating|exploring|maybe)\b",
            text,
            re.I,
        )
        and not re.search(r"\?|\b(?:vs|or|versus|which|better|worse)\b", text, re.I)
    ):
        return _uses(text)  # "pytorch 2.3 with cuda 12.1 on a single 4090"
    return _NEXT


def _shape_for_list(text: str, lead: bool) -> _Shaped:
    if "," in text or " for " in text:
        parts = [p.strip() for p in re.split(r"\s*,\s*(?:and\s+)?|\s+and\s+", text) if p.strip()]
        fors = [_FOR_LIST_RE.match(p) for p in parts]
        if fors and all(fors) and all(_only_tech(f["x"]) for f in fors if f):
            out = []
            for f in fors:
                assert f is not None
                out += _uses(f["x"], suffix=f"for {f['what'].strip()}")
            return out or None
    return _NEXT


#: What a person may have none of: "no kids", "no pets" (a state, not a wish).
_NONE_HAD_RE: Final = re.compile(
    r"(?:kids|children|pets|siblings|car|tv|tattoos|allergies|grandkids)", re.IGNORECASE
)


def _shape_no(text: str, lead: bool) -> _Shaped:
    if m := _NO_RE.match(text):
        x = re.sub(r"^more\s+", "", m["x"].strip(), flags=re.I)  # ("no more bullet points")
        life = _LIFE_NO_MORE_RE.search(x) if len(x.split()) <= 6 else None
        if life and re.match(r"(?:\w+\s+)?no\s+more\b", text.strip(), re.I):
            # "no more night shifts in the ICU", "no more commuting to the council offices"
            rest = x[life.end() :]
            if life["commute"]:
                content = f"User no longer commutes{rest}"
            elif life["shifts"]:
                content = f"User no longer works {_object(x)}"
            else:
                content = f"User no longer has {_object(x)}"
            return [ExtractedFact(content, "personal")]
        if _NO_TOPIC_QUESTIONS_RE.fullmatch(text.strip(" .!")):
            return _NEXT  # ("so no more work questions")
        if (
            _NONE_HAD_RE.fullmatch(x)
            and not re.match(r"(?:\w+\s+)?no\s+more\b", text.strip(), re.I)
            and not re.search(r"\b(?:please|pls|plz)\b", text, re.I)
        ):
            return [ExtractedFact(f"User has no {x.lower()}", "personal")]  # "Married, no kids"
        if _STYLE_RE.search(x) or _tech_names(x) or len(x.split()) <= 2:
            content = f"User does not want {_object(x)}"
            return [ExtractedFact(content, _category_of(content, "communication"))]
    return _NEXT


#: What the user never did or always liked: "never really touched frontend", "always been
#: partial to JetBrains IDEs".
_NEVER_DID_RE: Final = re.compile(
    r"^never\s+(?:\w+ly\s+)?(?:touched|used|tried|done|written|learned|learnt|worked\s+with|"
    r"coded\s+in)\s+(?P<x>(?!(?:it|this|that|them|one|any|how|what|why|to|much)\b)[\w.+#@'/ -]{2,40})$"
    r"|^always\s+(?:been\s+(?:partial\s+to|a\s+(?:big\s+|huge\s+)?fan\s+of|into)|liked|loved)"
    r"\s+(?P<y>(?!(?:it|this|that|them)\b)[\w.+#@'/ -]{2,40})$"
    r"|^always\s+been\s+(?P<z>(?:an?\s+)?(?!(?:it|this|that|the|there|here)\b)[\w'/ -]{2,40})$",
    re.IGNORECASE,
)


def _shape_always_noun(text: str, lead: bool) -> _Shaped:
    if m := _NEVER_DID_RE.match(text.strip(" .!")):
        if m["x"]:
            return [ExtractedFact(f"User has never used {_object(m['x'])}", "tech_stack")]
        if m["z"]:  # "always been a night owl", "always been terrible at maths"
            return [ExtractedFact(f"User has always been {m['z'].strip()}", "personal")]
        return [ExtractedFact(f"User likes {_object(m['y'])}", "preference")]
    after = _NOUN_ALWAYS_RE.match(text.strip(" .!"))
    if after and _VERBISH_RE.search(after["x"]):
        after = None  # ("kids eat like that always": a verb in it, no wish)
    if m := _ALWAYS_NOUN_RE.match(text) or after:
        x = _object(m["x"])
        verb = "always wants" if m["adv"].lower() == "always" else "never wants"
        content = f"User {verb} {x}"
        return [ExtractedFact(content, _category_of(content, "coding_style"))]
    return _NEXT


#: The shapes, in the order they are tried (the first that answers decides).
_SHAPES: Final[tuple[Callable[[str, bool], _Shaped], ...]] = (
    _shape_yes_no_list,
    _shape_verdict,
    _shape_tool_opinion,
    _shape_works_for_me,
    _shape_is_version,
    _shape_workplace_move,
    _shape_location_move,
    _shape_life_event,
    _shape_bare_trait,
    _shape_have_kin,
    _shape_health,
    _shape_quit_habit,
    _shape_been_role,
    _shape_units_only,
    _shape_not_scheduled,
    _shape_in_units,
    _shape_answer_parts,
    _shape_goal,
    _shape_by_degree,
    _shape_answer_setting,
    _shape_household_diet,
    _shape_is_my_slot,
    _shape_knows_languages,
    _shape_was_role,
    _shape_foreign_answer,
    _shape_language_fine,
    _shape_replaced_with,
    _shape_from_to,
    _shape_less_more,
    _shape_version_change,
    _shape_change_to,
    _shape_now_product,
    _shape_slot_is,
    _shape_dropped,
    _shape_not_anymore,
    _shape_now,
    _shape_gone,
    _shape_my_favourite,
    _shape_favourite_kind,
    _shape_answer_language,
    _shape_value_fix,
    _shape_name_fix,
    _shape_it_is_tech,
    _shape_it_is_not,
    _shape_handles,
    _shape_fine,
    _shape_correction_value,
    _shape_intensified,
    _shape_tool_in_role,
    _shape_list,
    _shape_not_cmp,
    _shape_cmp,
    _shape_opinion,
    _shape_taste,
    _shape_no_need,
    _shape_fan,
    _shape_love,
    _shape_rather,
    _shape_favourite,
    _shape_person,
    _shape_habit_use,
    _shape_role_here,
    _shape_fluent,
    _shape_here,
    _shape_style_is,
    _shape_team,
    _shape_on,
    _shape_thing_is,
    _shape_slot_statement,
    _shape_platform_statement,
    _shape_own_decision,
    _shape_only_tech,
    _shape_bare_tech_list,
    _shape_for_list,
    _shape_no,
    _shape_always_noun,
)


def shaped_facts(clause: str, *, correction: bool = False) -> list[ExtractedFact] | None:
    """Facts from a clause of one of the shapes in the module docstring; None when the
    clause has none of them (the first-person rules then read it). ``correction``: the
    clause followed a correction's lead ("actually", "scratch that"), so a bare value
    ("4 spaces") is a fact."""
    text = trim(clause)
    if not text:
        return None
    for shape in _SHAPES:
        found = shape(text, correction)
        if found is not _NEXT:
            return found
    return None


_CORRECTION_LEAD_RE: Final = re.compile(
    r"^(?:(?:ugh|eh|oh|hmm|well|ok|okay|so)\s*,?\s+)?(?:(?:actually|correction|update|scratch that|"
    r"edit|wait|oops|sorry|my bad|no|nope|i meant|to be clear|small correction|fyi|"
    r"change of plan|changed my mind|scratch (?:the|that) [\w-]+ (?:thing|bit|part)|"
    r"forget (?:the|that) [\w-]+ (?:thing|bit|part)|ignore (?:the|that) [\w-]+ (?:thing|bit|part))"
    r"\s*(?:[:,!.\u2014-]+\s*|\s+(?=I\b|my\b|we\b|wait\b)))+",
    re.IGNORECASE,
)
_LESS_MORE_RE: Final = re.compile(
    r"^(?P<w>less|fewer)\s+(?P<a>[\w' -]{2,30}?),?\s+(?:and\s+)?more\s+(?P<b>[\w' -]{2,30})$"
    r"|^more\s+(?P<b2>[\w' -]{2,30}?),?\s+(?:and\s+)?(?P<w2>less|fewer)\s+(?P<a2>[\w' -]{2,30})$",
    re.IGNORECASE,
)
#: "Antworte bitte auf Deutsch", "réponds en français": a wish for answers in that language.
_FOREIGN_ANSWER_RE: Final = re.compile(
    r"\b(?:antworte|antworten sie|schreib|réponds|répondez|répondre|responde|responda|respondé|"
    r"respóndeme|respondeme|contéstame|contestame|contesta|responde-me|responda-me|"
    r"réponds-moi|répondez-moi|rispondimi|"
    r"responder|rispondi|rispondete|rispondere|antwoord|odpowiadaj|svara|vastaa)\b.*?"
    r"\b(?P<lang>auf deutsch|auf englisch|en français|en francais|en anglais|en español|"
    r"en espanol|en inglés|en ingles|em português|em portugues|em inglês|em ingles|"
    r"in italiano|in inglese|in het nederlands|in het engels|po polsku|po angielsku|"
    r"på svenska|på engelska|suomeksi|englanniksi)\b",
    re.IGNORECASE,
)
#: A language asked for with no verb, in that language: "immer auf Deutsch", "respuestas
#: en español porfa", "En español mejor", "Siempre en español y sin tecnicismos".
_BARE_LANGUAGE_RE: Final = re.compile(
    r"^(?:(?:ja|sí|si|oui|sim)(?:[ \t]*+,[ \t]*+|[ \t]++))?(?:(?:bitte|por\s+favor|porfa|respuestas|réponses|"
    r"reponses|antworten|risposte|respostas|mejor|plutôt)\s+)*"
    r"(?:(?P<always>immer|siempre|sempre|toujours)\s+)?"
    r"(?P<lang>auf\s+deutsch|en\s+français|en\s+francais|en\s+español|en\s+espanol|"
    r"em\s+português|em\s+portugues|in\s+italiano|in\s+het\s+nederlands|po\s+polsku)"
    r"(?:(?(always)\b.*|(?:\s*,?\s*(?:bitte|porfa|por\s+favor|mejor|svp|stp|gracias|danke|"
    r"merci|grazie|please|pls|immer|siempre|sempre|toujours))*\W*))$",
    re.IGNORECASE,
)
#: A language named in another language, by its English name.
FOREIGN_LANGUAGE: Final = {
    "auf deutsch": "German",
    "en français": "French",
    "en francais": "French",
    "en español": "Spanish",
    "en espanol": "Spanish",
    "em português": "Portuguese",
    "em portugues": "Portuguese",
    "in italiano": "Italian",
    "in het nederlands": "Dutch",
    "po polsku": "Polish",
    "på svenska": "Swedish",
    "suomeksi": "Finnish",
    "auf englisch": "English",
    "en anglais": "English",
    "en inglés": "English",
    "en ingles": "English",
    "em inglês": "English",
    "em ingles": "English",
    "in inglese": "English",
    "in het engels": "English",
    "po angielsku": "English",
    "på engelska": "English",
    "englanniksi": "English",
}
_LANGUAGE_FINE_RE: Final = re.compile(
    r"^(?:(?:scratch that|actually|no wait|ok|okay)(?:\s*,\s*|\s+))*(?P<lang>english|german|french|"
    r"spanish|portuguese|italian|dutch|polish|swedish|japanese|chinese|korean)\s+is\s+"
    r"(?:fine|ok|okay|good|better|enough)(?:\s+for\s+(?:the\s+)?(?:answers|replies|responses))?"
    r"(?:\s+actually)?$",
    re.IGNORECASE,
)
_REPLACED_WITH_RE: Final = re.compile(
    r"^(?:(?:we|I)(?:'ve|\s+have|'re|'m|\s+are|\s+am)?\s+)?(?:finally\s+|just\s+|recently\s+)?"
    r"(?:replaced|swapped|replacing|swapping)\s+"
    r"(?P<rest>.+\s(?:with|by|for)\s.+)$",
    re.IGNORECASE,
)
_WHEN_RE: Final = re.compile(
    r"\b(?:last|this)\s+(?:week|month|year|sprint|quarter)\b|\b(?:yesterday|recently|finally)\b",
    re.I,
)
_MIGRATED_RE: Final = re.compile(
    r"\b(?:migrat\w*|moved|switched|replaced|done|finished|now|no longer|anymore)\b", re.I
)
_FROM_TO_RE: Final = re.compile(
    r"^(?:(?:we|I)(?:'ve|\s+have)?\s+)?(?:finally\s+|just\s+|recently\s+|also\s+)?"
    r"(?:moved|switched|migrated|went|changed|jumped|transitioned|ported)\s+(?:\w+\s+){0,2}?"
    r"from\s+(?P<old>[\w.+#/ -]+?)\s+(?:to|onto)\s+(?P<new>.+)$"
    r"|^(?P<old2>[\w.+#/ -]+?)\s*(?:->|\u2192|=>)\s*(?P<new2>[\w.+#/ -]+?)(?:,.*)?$",
    re.IGNORECASE,
)
_CHANGE_TO_RE: Final = re.compile(
    r"^(?:(?:we|I)(?:'ve|\s+have)?\s+)?(?:finally\s+|just\s+|recently\s+|now\s+|also\s+|"
    r"already\s+)?(?:upgraded|updated|bumped|moved|switched|migrated|went|changed|jumped|"
    r"transitioned|converted|ported)\s+(?:[\w.+#-]+\s+){0,5}?(?:over\s+)?(?:to|onto)\s+(?P<x>.+)$",
    re.IGNORECASE,
)
_NOW_PRODUCT_RE: Final = re.compile(
    r"^(?:it's|its|it is|now it's|now its|now it is|we're on|we are on|I'm on|I am on)\s+"
    r"(?P<x>[\w.+#@' -]+?)\s*(?P<now>\bnow\b|\bthese days\b|\bnowadays\b)?$",
    re.IGNORECASE,
)
_SLOT_IS_RE: Final = re.compile(
    r"^(?:my\s+)?(?P<slot>time ?zone|tz|editor|ide|shell|terminal|os|operating system|distro|"
    r"package manager|browser|keyboard layout|pronouns|name|first name|job title|title)"
    r"\s+(?:is|=|:|'s)\s+(?P<x>.+?)(?:\s+now)?(?:\s*,?\s*(?:not|instead of|rather than)\s+.+)?$",
    re.IGNORECASE,
)
_DROPPED_RE: Final = re.compile(
    r"^(?:we|I)?\s*(?:have\s+)?(?:dropped|ditched|abandoned|got rid of|killed|retired|left|"
    r"ripped out|tore out|threw out|binned|removed|deprecated|sunset|phased out|"
    r"removed|uninstalled|stopped using|quit|gave up on|moved off|moved away from)\s+(?P<x>.+)$",
    re.IGNORECASE,
)
_NOT_ANYMORE_RE: Final = re.compile(
    r"^(?:(?:I|we)\s+)?(?:do not|don't|dont|no longer|not)\s+(?:(?:use|do|write|run|touch|"
    r"code in|work with|on)\s+)?(?P<x>.+?)\s+(?:anymore|any more|no more)$|^no more\s+(?P<y>.+)$",
    re.IGNORECASE,
)
_NOW_RE: Final = re.compile(
    r"^(?:(?:I am|I'm|we are|we're|it is|it's|everything is|everything's|its)\s+)?"
    r"(?:all\s+|on\s+|using\s+|back to\s+|went back to\s+|going back to\s+)?"
    r"(?P<x>.+?)\s*(?P<now>\bnow\b|\bthese days\b|\bnowadays\b)?$",
    re.IGNORECASE,
)
_NAME_FIX_RE: Final = re.compile(
    r"^(?:it is|it's|its|that is|i am|i'm)\s+(?P<x>(?-i:[A-Z])[\w'-]+),?\s+not\s+(?-i:[A-Z])[\w'-]+$",
    re.IGNORECASE,
)
_IT_IS_NOT_RE: Final = re.compile(
    r"^(?:it is|it's|its|that is|we use|I use|we're on|we are on|I'm on|I am on)\s+"
    r"(?P<x>[\w.+#@' -]+?),?\s+(?:not|instead of|rather than)\s+(?P<y>[\w.+#@' -]+)$",
    re.IGNORECASE,
)
_HANDLES_RE: Final = re.compile(
    r"(?:^|\band\s+|,\s*)(?P<x>[\w.+#@' -]+?)\s+(?:handles|does|runs|manages|powers|takes care of|builds|drives)\s+"
    r"(?:all\s+)?(?:of\s+)?(?:my|our)\s+(?P<y>[\w' -]+)$",
    re.IGNORECASE,
)
_FINE_RE: Final = re.compile(
    r"^(?P<x>[\w.+#@' -]+?)\s+(?:are|is)\s+(?:totally\s+|actually\s+|perfectly\s+)?"
    r"(?:fine|ok|okay|welcome|allowed|good)(?:\s+(?:with|by)\s+me)?"
    r"(?P<where>\s+(?:in|for)\s+(?:answers|replies|responses|code|snippets|examples|"
    r"my\s+(?:[\w-]+\s+)?code))?"  # ("emojis are fine in answers", "in my ts code")
    r"(?:\s+(?:now|again|honestly|tbh|these\s+days|from\s+now\s+on|after\s+all))*$",
    re.IGNORECASE,
)


_OPINION_RE: Final = re.compile(
    r"^(?:(?:a\s+)?(?:big|huge|firm|strong|true|total)\s+believer in\s+(?P<x>.+)"
    r"|(?P<neg>allergic to|no thanks to|not keen on|no love for|not into|burned out on|"
    r"done with|sick of|tired of)\s+(?P<y>.+)"
    r")$"
    r"|^(?!(?:hard|big|total|a|so|just|very)\s)(?![\w.+#@' -]*\s(?:is|are)\s+an?\s)"
    r"(?P<x3>[\w.+#@' -]+?)\s*\??\s*\b(?P<neg2>hard pass|pass|nope|meh|no thanks|yuck|ugh|eww|"
    r"never again|not for me|no way|gross)$"
    r"|^(?P<neg3>meh on|not sold on|not keen on|over)\s+(?P<x4>[\w.+#@' -]+)$"
    r"|^(?!I\b|I'm\b|I am\b|lol\b|lmao\b|haha\w*\b|ngl\b)"
    r"(?:(?:a\s+)?(?:big|huge|massive|total|longtime|long-time)\s+)?"
    r"(?P<x5>[\w.+#@' -]+?)\s+"
    r"(?:enthusiast|lover|advocate|evangelist|stan|fanboy|fangirl|nerd|loyalist|convert|fan|"
    r"person|guy|girl|head|purist|maximalist|supremacist)$"
    r"|^(?:I\s+)?(?:have\s+|'ve\s+)?(?:come around (?:on|to)|warmed up to|grown to like)\s+(?P<x6>.+)$"
    r"|^(?P<x8>[\w.+#@' -]+?)\s*(?:=|is|are|means)\s*(?:a\s+|pure\s+|instant\s+)?"
    r"(?:(?:big|hard|huge|firm|total)\s+)?(?P<neg5>headache|"
    r"pain|torture|misery|hell|nope|no go|a no|migraine|eye strain|pain in the neck|"
    r"instant annoyance|annoyance|a dealbreaker|dealbreaker|no-go|cringe|instant no)$"
    r"|^(?!(?:most|some|many|all|both|they|none|half|others|mine|my|our)\s)"
    r"(?P<x7>[\w.+#@' -]+?)\s+(?:is|are|was|were)\s+(?:painfully |so |really |super |just |"
    r"way too |too |far too |a bit too )?"
    r"(?P<neg4>slow|terrible|awful|trash|garbage|a nightmare|overrated|bloated|a mess|clunky|"
    r"annoying|horrible|the worst|a pain|painful|overkill|dead to me|cursed|heavy|complex|"
    r"complicated|fiddly|flaky|buggy|unusable|unbearable)(?:\s+(?:on|for|with|in)\s+[\w.+# -]+)?$"
    r"|^(?P<x2>.+?)\s+(?:is|are)\s+(?:the way(?: to go)?|the best|my jam|king|goated|the move|"
    r"unbeatable|way (?:nicer|better)|much (?:nicer|better)|so much better|(?:really |so |very |"
    r"pretty |super )?(?:nice|great|awesome|lovely|solid|neat|underrated|amazing|fantastic|"
    r"the goat|a joy|a delight|a dream|plenty(?: for me)?|enough(?: for me)?)|"
    r"(?P<fine>fine by me|fine with me|ok by me|okay by me|fine))$"
    # "Jira makes me want to cry", "plain javascript makes me sad"
    r"|^(?!I\b|it\b|this\b|that\b)(?P<x9>[\w.+#@' -]+?)\s+makes?\s+me\s+(?P<neg6>want to "
    r"(?:cry|scream|quit|die|throw up|tear my hair out)|sad|miserable|angry|cringe|sick|"
    r"so sad|so angry|crazy|nauseous)$"
    # "GraphQL I don't like so much": the object put first
    r"|^(?P<x10>[\w.+#@' -]+?),?\s+I\s+(?P<neg7>don't|do not|really don't|never|can't|"
    r"cannot)\s+(?:really\s+)?(?:like|love|enjoy|stand)(?:\s+(?:so|that|very)\s+much|"
    r"\s+at all|\s+much)?$",
    re.IGNORECASE,
)
_NO_NEED_RE: Final = re.compile(
    r"^(?:there is\s+|there's\s+)?no need to\s+(?P<x>.+)$|^(?:you )?(?:don't|do not) need to\s+(?P<x2>.+)$",
    re.IGNORECASE,
)


_INTENSIFIED_RE: Final = re.compile(
    r"^(?P<x>.+?)\s+(?:everything|everywhere|always|all the way|forever|only|ftw|or nothing|"
    r"or bust|every time|all day|100%|for life|please|pls|by default|no matter what)$",
    re.IGNORECASE,
)


def _slot_fact(slot: str, x: str) -> ExtractedFact:
    slot = slot.lower().replace("time zone", "timezone").replace("tz", "timezone")
    value = polish(x.strip(" .,"))
    if slot in {"name", "first name"}:
        return ExtractedFact(f"User's name is {value[:1].upper()}{value[1:]}", "personal")
    if slot in {"timezone", "pronouns", "job title", "title"}:
        return ExtractedFact(f"User's {slot} is {value}", "personal")
    return ExtractedFact(f"User's {slot} is {value}", "tech_stack")


_VERBISH_RE: Final = re.compile(
    r"\b(?:have|has|had|been|do|does|did|is|are|was|were|not|like|likes|look|looks|make|"
    r"makes|me|you|they|it|should|would|could|will|can|cannot|if|when|because|so)\b",
    re.IGNORECASE,
)


_TOPIC_TEMPLATES: Final = {
    "experience": "User has {v} of experience",
    "timezone": "User's timezone is {v}",
    "location": "User is based in {v}",
    "name": "User's name is {v}",
    "keyboard_layout": "User types on the {v} layout",
    "employer": "User works at {v}",
}


def topic_category_of(topic: str) -> str:
    from amplify_memory.memory.topics import topic_category

    return topic_category(topic) or "personal"


#: A feeling of the moment, said bare: "kinda overwhelmed with git rebase".
_FEELING_RE: Final = re.compile(
    r"^(?:(?:kinda|kind of|a bit|a little|really|so|very|totally|pretty|super)\s+)?(?:overwhelmed|"
    r"confused|stuck|struggling|frustrated|lost|scared|nervous|worried|annoyed|tired|bored|"
    r"excited|stressed|anxious|puzzled|baffled|stumped)\b",
    re.IGNORECASE,
)


#: A trait and how long it has held: "vegan 6 yrs", "sober for 3 years".
_HELD_FOR_RE: Final = re.compile(
    r"^(?P<t>vegan|vegetarian|pescatarian|sober|married|teetotal|divorced|retired|"
    r"self-employed|freelance|smoke-free|clean)\s+(?:for\s+)?(?:about\s+|almost\s+|nearly\s+)?"
    r"(?P<n>\d{1,2}|a|one|two|three|four|five|six|seven|eight|nine|ten)\s*(?:yrs?|years?)\b",
    re.IGNORECASE,
)


def _bare_value(text: str) -> ExtractedFact | None:
    """A bare value said as a correction ("4 spaces", "senior engineer now")."""
    from amplify_memory.memory.topics import TOPICS, primary_frame

    x = re.sub(r",?\s+(?:not|instead of|rather than)\s+[\w.+# -]+$", "", text.strip(" .,"))
    if not x or len(x.split()) > 6 or _VERBISH_RE.search(x) or _FEELING_RE.match(x):
        return None
    if re.match(r"^(?:I|we|my|our|you|your|he|she|they)\b", x, re.IGNORECASE):
        return None
    if re.match(r"^(?:rename|convert|translate|reformat|format|sort|refactor)\b", x, re.I):
        return None  # "rename to snake_case: userName, ...": a task on the lines below
    role = re.match(
        r"^(?:an?\s+)?((?:(?!(?:for|in|on|at|to|with|of|the|my|as|and|still|also|just|now|"
        r"obviously)\s)[\w+#./-]+\s+){0,3}"
        rf"(?:{ROLE_NOUNS}))$",
        x,
        re.I,
    )
    if role and not re.search(r"\b[A-Z][a-z]+$", role[1]):  # ("still Dev": a name)
        return ExtractedFact(f"User is a {role[1]}", "personal")
    frame = primary_frame(f"User prefers {x}")
    if frame is None or not any(t.name == frame.topic for t in TOPICS):
        return None
    template = _TOPIC_TEMPLATES.get(frame.topic)
    names = _tech_names(x)
    if frame.topic == "experience" and re.search(
        r"\b(?:took|takes|take|taking|ago|old)\b", x, re.I
    ):  # "took us 2 years", "about 6 yrs old": how long or how old, not experience
        return None
    held = _HELD_FOR_RE.match(x)
    if frame.topic == "experience" and held:  # "vegan 6 yrs": how long a trait has held
        years = "1 year" if held["n"].lower() in {"1", "a", "one"} else f"{held['n']} years"
        return ExtractedFact(f"User has been {held['t'].lower()} for {years}", "personal")
    if frame.topic == "name" and re.search(r"\w\s+(?:named|called)\b", x, re.I):
        return None  # "a golden retriever named Biscuit": the name of something else
    if frame.topic == "location" and names:
        return ExtractedFact(f"User uses {names[0]}", "tech_stack")  # "... lives in Snowflake now"
    if frame.topic == "experience" and len(names) == 1:  # "15 yrs of Perl"
        return ExtractedFact(f"User has {frame.value} of {names[0]} experience", "personal")
    if template is not None:
        return ExtractedFact(template.format(v=frame.value), topic_category_of(frame.topic))
    if frame.topic == "indentation":
        n = re.match(r"(\d+)", frame.value)
        content = (
            f"User uses {n[1]}-space indentation"
            if n
            else f"User uses {frame.value} for indentation"
        )
        return ExtractedFact(content, "coding_style")
    content = f"User prefers {_object(x)}"
    return ExtractedFact(content, _category_of(content, "preference"))


_ROLE_PLACE_RE: Final = re.compile(
    r"^(?:an?\s+)?(?P<role>(?:(?!(?:for|in|on|at|to|with|of|the|a|an|my|as|and|not|no|still|"
    r"also|just|now)\s)[\w+#./-]+\s+){0,3}"
    rf"(?:{ROLE_NOUNS})(?:\s+in\s+[\w -]{{2,30}}?)?)(?:\s+(?:in|from|based in)\s+(?P<place>[A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)?))?"
    r"(?:(?:\s+(?:at|for)\s+|\s*@\s*(?=(?:a|an|the)\s|(?-i:[A-Z])))(?P<org>.+))?$",
    re.IGNORECASE,
)
#: Someone who does a pastime, said as who they are in a list: "marathon runner",
#: "marathoner", "trail runner", "open-water swimmer" (not a job: no role topic; a bare
#: "cyclist", "keen cyclist" are read by the statements' own rule).
_PASTIME_PERSON_RE: Final = re.compile(
    r"^(?:an?\s+)?(?P<x>(?:(?:marathon|trail|ultra|rock|mountain|open[- ]water|"
    r"long[- ]distance|fell|sport|ice|wild)\s+){0,2}"
    r"(?:runner|marathoner|ultrarunner|cyclist|climber|boulderer|swimmer|surfer|hiker|knitter|"
    r"gardener|gamer|birder|birdwatcher|skier|snowboarder|triathlete|golfer|angler|sailor|"
    r"rower|skater|dancer|yogi|crocheter|quilter))$",
    re.IGNORECASE,
)


_ROLE_LEAD_RE: Final = re.compile(
    r"^(?:(?:I'm|I am|I)\s+)?(?:now\s+|currently\s+)?(?:working|employed|hired|started|starting|"
    r"got hired|(?:just\s+)?joined(?:\s+\w+)?)\s+as\s+|^(?:now|currently)\s+(?=an?\s)"
    r"|^(?:(?:I|I've|I have)\s+)?(?:just\s+)?(?:got\s+)?promoted\s+to\s+",
    re.IGNORECASE,
)
#: ... an employer, not a time or a place ("working at night as a designer").
_EMPLOYER_RE: Final = re.compile(
    r"^(?!(?:home|night|nights|the moment|weekends?|work|the weekend)$)"
    r"(?:(?:a|an|the)\s+\w|(?-i:[A-Z0-9]))",
    re.IGNORECASE,
)
#: "now working at ASML as a software engineer": the employer before the role.
_WORKING_AT_AS_RE: Final = re.compile(
    r"^(?:(?:I'm|I am)\s+)?(?:now\s+|currently\s+)?(?:working|employed)\s+(?:at|for)\s+"
    r"(?P<org>[\w&.' -]{2,40}?)\s+as\s+(?:an?\s+)?(?P<role>.+)$",
    re.IGNORECASE,
)
_FREELANCE_RE: Final = re.compile(
    r"^(?:(?:I'm|I am)\s+)?(?:now\s+)?(?:freelancing|self-employed|contracting|consulting)"
    r"(?:\s+(?:now|these days|full[- ]time))?$",
    re.IGNORECASE,
)


def _role_noun(role: str) -> str:
    """``role`` with the short words spelt out ("backend dev": "backend developer")."""
    return re.sub(r"\beng\b", "engineer", re.sub(r"\bdev\b", "developer", role))


def role_facts(clause: str) -> list[ExtractedFact]:
    """A statement of the user's job without a subject or verb of its own ("junior dev at
    a logistics company now", "working as a data analyst at an insurer", "freelancing
    now"), or nothing."""
    text = re.sub(r"\s+(?:now|these days|nowadays)$", "", trim(clause), flags=re.I)
    text = _FIELD_ROLE_RE.sub(_field_role, text)  # "Backend at a telco", "Mainframe guy"
    if _FREELANCE_RE.match(trim(clause)):
        return [ExtractedFact("User is a freelancer", "personal")]
    at_as = _WORKING_AT_AS_RE.match(text) or _WORKING_AT_AS_RE.match(text.rsplit(", ", 1)[-1])
    if (
        at_as
        and _EMPLOYER_RE.match(at_as["org"])
        and _ROLE_PLACE_RE.match(at_as["role"])
        and not _tech_names(at_as["role"])
    ):
        text = f"{at_as['role']} at {at_as['org']}"
    lead = _ROLE_LEAD_RE.match(text)
    rest = text[lead.end() :] if lead else text
    if not _ROLE_PLACE_RE.match(rest) or (_tech_names(rest.split(" at ")[0]) and not lead):
        return []
    return [f for f in list_item_facts(rest) if f.category == "personal"]


#: A field of work said as the role: "Backend at a telco", "Mainframe guy", "embedded
#: fw", "data eng on a team of 5" (the person of that field).
_FIELD_ROLE_RE: Final = re.compile(
    r"^(?P<field>back-?end|front-?end|full[- ]?stack|mobile|ios|android|embedded|firmware|"
    r"data|ml|ai|devops|platform|infra|security|appsec|qa|game|web|mainframe|cloud|"
    r"network|database|db|bi|analytics)"
    r"(?:\s+(?P<kind>guy|gal|person|dude|nerd|fw|firmware|dev|eng|developer|engineer|"
    r"programmer|engineering)(?=\s+(?:at|on|for|in|with)\s|\s*\(|\s*$)"
    r"|(?=\s+(?:at|for|with)\s+(?:a|an|the)\s))",
    re.IGNORECASE,
)
_FIELD_NOUNS: Final = {
    "guy": "developer",
    "gal": "developer",
    "person": "developer",
    "dude": "developer",
    "nerd": "developer",
    "fw": "firmware developer",
    "firmware": "firmware developer",
    "dev": "developer",
    "eng": "engineer",
    "engineering": "engineer",
}


def _field_role(match: re.Match[str]) -> str:
    field, kind = match["field"], (match["kind"] or "").lower()
    if not kind and field.lower() in {"data", "devops", "platform", "infra", "network", "cloud"}:
        noun = "engineer"  # "Data at a bank" is a data engineer
    else:
        noun = _FIELD_NOUNS.get(kind, kind or "developer")
    return f"{field.lower() if field[1:].islower() else field} {noun}"


_WRITTEN_IN_RE: Final = re.compile(
    r"^(?:everything|all of it|all|it is all|it's all)\s+(?:is\s+)?(?:written|done|built|coded)\s+"
    r"(?:in|with)\s+(?P<x>.+)$",
    re.IGNORECASE,
)
_YES_NO_RE: Final = re.compile(
    r"^(?P<x>.+?)\s+(?:(?:absolutely|definitely|totally|hell|heck|a\s+(?:hard|big)|hard|big)\s+)?"
    r"(?P<p>yes|yep|yup|yes please|no|nope|nah|no thanks|no thank you|never|pass|"
    r"(?<=absolutely\s)not|(?<=definitely\s)not|(?<=totally\s)not|"
    r"always|ftw|all day|for life|or bust|all the way|every time|everytime|or nothing|"
    r"wherever possible|whenever possible|everywhere|every day|or die|obviously|of course|"
    r"naturally|as usual|as always)$",
    re.IGNORECASE,
)
PRONOUNS_RE: Final = re.compile(
    r"^(?:he|she|they|xe|ze|it)/(?:him|her|them|xem|zir|it)"
    r"(?:/(?:his|hers|theirs))?$",
    re.IGNORECASE,
)
_TZ_ITEM_RE: Final = re.compile(
    r"^(?:on|in)?\s*(?P<tz>(?:UTC|GMT)\s*[+-]\s*\d{1,2}(?::?\d\d)?|UTC|GMT|CET|CEST|EST|EDT|"
    r"PST|PDT|CST|MST|IST|JST|AEST|BST|EET|WET|KST|SGT|HKT|NZST|BRT|ART)(?:\s+time(?:zone)?)?$"
)


def bare_place(item: str) -> bool:
    """True for a place named alone, capitalised ("Toronto", "New York")."""
    x = item.strip(" .!")
    return bool(
        re.fullmatch(r"(?-i:[A-Z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w.'-]*){0,2}", x)
    ) and is_place(x)


def list_item_facts(item: str, *, unknown: bool = False) -> list[ExtractedFact]:
    """Facts from one verbless item of a list: a technology, a value of a known topic
    ("single quotes", "100 char lines"), a role or a place. ``unknown``: the list names
    known technologies, so an unknown product name in this item counts as one."""
    x = re.sub(
        r"\s+(?:mostly|mainly|primarily|atm|rn|these days|nowadays|now|by trade)$",
        "",
        item.strip(" .!"),
        flags=re.IGNORECASE,
    )
    if not x or _NO_TOPIC_QUESTIONS_RE.fullmatch(x):
        return []  # (no wish: "so no more work questions")
    if tool := _tool_in_role(x):  # "netbox as source of truth"
        return tool
    if m := _ROLE_PLACE_RE.match(x):
        role = _role_noun(m["role"])
        article = indefinite_article(role)
        out = [
            ExtractedFact(
                f"User is {article} {role}" + (f" at {m['org']}" if m["org"] else ""), "personal"
            )
        ]
        if m["place"]:
            out.append(ExtractedFact(f"User is based in {m['place']}", "personal"))
        return out
    if m := _PASTIME_PERSON_RE.match(x):
        said = m["x"].lower()
        return [ExtractedFact(f"User is {indefinite_article(said)} {said}", "personal")]
    if m := _YES_NO_RE.match(x):
        names = _tech_names(m["x"])
        negative = m["p"].lower().startswith(("no", "never", "nah", "pass"))
        if names:
            verb = "does not use" if negative else "uses"
            return [ExtractedFact(f"User {verb} {n}", "tech_stack") for n in names]
        value = _bare_value(m["x"])
        if value is not None and not negative:
            return [value]
        if value is not None:
            return []  # "spaces no": no use of them (a list reads the dislike)
    if m := PRONOUNS_RE.match(x):
        return [ExtractedFact(f"User's pronouns are {m.group().lower()}", "personal")]
    if m := _TZ_ITEM_RE.match(x):
        return [ExtractedFact(f"User's timezone is {m['tz']}", "personal")]
    if m := re.match(r"^(?:based|living|located)\s+in\s+(?P<p>[A-Z][\w.' -]+)$", x):
        return [ExtractedFact(f"User is based in {m['p']}", "personal")]
    place = re.match(r"^(?:in|from)\s+(?P<p>[A-Z][\w.'-]+(?:\s+[A-Z][\w.'-]+)?)$", x)
    if place and not _tech_names(place["p"]) and not common_word(place["p"].lower()):
        return [ExtractedFact(f"User is based in {place['p']}", "personal")]  # "in Seoul"
    if bare_place(x):
        return []  # "..., Toronto": no product (where the user is: read with the list)
    if _only_tech(x):
        return _uses(x)
    if unknown and len(x.split()) <= 3 and _only_tech(x, unknown=True, lowercase=False):
        return _uses(x, unknown=True, lowercase=False)
    if unknown and len(x.split()) <= 3 and _tech_names(x):
        return _uses(x)  # "macOS Sonoma", "postgres behind it": a name with a word of its own
    if _LEAD_ADVERBS_RE.match(x) and _tech_names(x) and len(x.split()) <= 6:
        return _uses(x)  # "mostly react and next"
    if (m := _FOR_LIST_RE.match(x)) and _only_tech(m["x"], unknown=unknown, lowercase=False):
        return _uses(m["x"], suffix=f"for {m['what'].strip()}", unknown=unknown, lowercase=False)
    if (m := _WRITTEN_IN_RE.match(x)) and _tech_names(m["x"]):
        return _uses(m["x"])  # "everything written in TypeScript"
    if m := _NO_RE.match(x):
        return [
            ExtractedFact(
                f"User does not want {_object(m['x'])}",
                _category_of(f"User does not want {m['x']}", "coding_style"),
            )
        ]
    value = _bare_value(x)
    return [value] if value is not None else []


def _scope_suffix(x: str) -> str:
    m = re.search(
        r"\b(?:at work|for work|at home|for fun|for side projects|in production|"
        r"in prod|locally)\b",
        x,
        re.I,
    )
    return m.group() if m else ""


def _love(verb: str, x: str) -> list[ExtractedFact]:
    obj = _object(x)
    if not obj or _BAD_OBJECT_RE.match(obj):
        return []
    if verb == "like" and _FILLER_LIKE_RE.match(obj):
        return []  # "like 5 cups a day": the filler, not the verb
    table = {
        "love": "loves",
        "adore": "adores",
        "enjoy": "enjoys",
        "dig": "likes",
        "like": "likes",
        "prefer": "prefers",
        "hate": "hates",
        "dislike": "dislikes",
        "despise": "hates",
        "loathe": "hates",
        "detest": "hates",
        "can't stand": "cannot stand",
        "cannot stand": "cannot stand",
        "can not stand": "cannot stand",
        "am into": "likes",
        "into": "likes",
        "not into": "dislikes",
        "not a fan of": "is not a fan of",
        "swear by": "swears by",
        "stan": "loves",
        "avoid": "avoids",
        "refuse to touch": "refuses to use",
        "refuse to use": "refuses to use",
        "won't touch": "refuses to use",
        "will not touch": "refuses to use",
        "never touch": "never uses",
        "tolerate": "tolerates",
        "can't deal with": "dislikes",
        "cannot deal with": "dislikes",
        "am done with": "dislikes",
        "done with": "dislikes",
        "am tired of": "dislikes",
        "tired of": "dislikes",
        "am sick of": "dislikes",
        "sick of": "dislikes",
        "never use": "never uses",
        "always use": "always uses",
    }
    third = table.get(verb, "likes")
    content = f"User {third} {obj}"
    return [ExtractedFact(content, _category_of(content, "preference"))]


def _favourite(x: str, slot: str, what: str | None) -> ExtractedFact:
    name = _object(x)
    slot = slot.lower().replace("go to", "go-to")
    if slot in {"daily driver", "weapon of choice", "jam"}:
        slot = "favourite"
    slot = "favourite" if slot.startswith("fav") else slot
    if not what:
        from amplify_memory.memory.topics import primary_frame

        frame = primary_frame(f"User uses {name}")
        kinds = {
            "package_manager": "package manager",
            "editor": "editor",
            "operating_system": "operating system",
            "shell": "shell",
        }
        what = kinds.get(frame.topic) if frame else None
        if what is None and _is_language(name):
            what = "language"
    content = f"User's {slot} {what.strip()} is {name}" if what else f"User's {slot} is {name}"
    return ExtractedFact(content, _category_of(content, "preference"))


_LANGUAGE_NAMES: Final = frozenset(
    [
        "bash",
        "c",
        "c#",
        "c++",
        "clojure",
        "cobol",
        "crystal",
        "css",
        "dart",
        "elixir",
        "elm",
        "erlang",
        "f#",
        "fortran",
        "go",
        "groovy",
        "haskell",
        "html",
        "java",
        "javascript",
        "julia",
        "kotlin",
        "lua",
        "matlab",
        "nim",
        "objective-c",
        "ocaml",
        "perl",
        "php",
        "powershell",
        "python",
        "r",
        "ruby",
        "rust",
        "scala",
        "solidity",
        "sql",
        "swift",
        "typescript",
        "webassembly",
        "zig",
    ]
)


def _is_language(name: str) -> bool:
    return name.casefold() in _LANGUAGE_NAMES


def is_programming_language(name: str) -> bool:
    """True for a programming language's canonical name ("Python", "C#"), any case."""
    return _is_language(name)


#: Imperative verbs that say nothing of style by themselves ("explain closures" is a task;
#: "explain with diagrams" is a standing wish): the words after them must.
_GENERIC_HEADS: Final = frozenset(
    [
        "explain",
        "write",
        "use",
        "give",
        "make",
        "show",
        "add",
        "include",
        "put",
        "provide",
        "return",
        "do",
        "answer",
        "reply",
        "respond",
        "tell",
        "list",
        "suggest",
        "recommend",
        "call",
        "name",
        "type",
        "test",
        "run",
        "go",
        "stay",
    ]
)


def _third_person(verb: str) -> str:
    """ "show" -> "shows", "write" -> "writes", "fix" -> "fixes", "give" -> "gives"."""
    low = verb.lower()
    if low in {"do", "go"}:
        return low + "es"
    if re.search(r"(?:s|x|z|ch|sh)$", low):
        return low + "es"
    if re.search(r"[^aeiou]y$", low):
        return low[:-1] + "ies"
    return low + "s"


#: A request for a piece of work on what is at hand ("summarise the last few messages",
#: "make it shorter", "rewrite this", "tell me more", "summarise in 3 sentences:" before
#: the text): standing only when said so ("always", "from now on", "every time"); not
#: one on things in general ("summarise things in 3 bullets", "each email I paste").
WORK_NOW_RE: Final = re.compile(
    r"^(?:pls\s+|please\s+)?(?:(?:summari[sz]e|draft|rewrite|shorten|turn|make)\s+"
    r"(?:this|that|these|those|it|them|the|my|our)\b|tell me more\b|"
    r"(?:summari[sz]e|rewrite|shorten|translate)\b[^.!?:\n]{0,40}:[ \t]*(?:\n|$)|"
    r"(?:summari[sz]e|shorten)\s+in\s+\S+\s+\w+[ \t]*:?[ \t]*$)",
    re.IGNORECASE,
)


def imperative_fact(clause: str, *, inherited: bool = False) -> list[ExtractedFact] | None:
    """A standing instruction in the imperative, or None (not one, or a one-off task);
    two joined by "and" are two facts. ``inherited``: a part of one already read as
    standing."""
    text = re.sub(r"^(?:please|pls|kindly|also|and)\s+", "", trim(clause), flags=re.I)
    text = re.sub(r"\s*,?\s*(?:please|pls|thanks|thank you|thx)$", "", text, flags=re.I)
    text = without_reason(text)  # "stop giving me tables, they come out as a mess"
    if _NO_TOPIC_QUESTIONS_RE.fullmatch(text):
        return None  # "so no more work questions": none asked, no wish about answers
    if switch := _SWITCH_ME_RE.match(text):  # "switch me to imperial for everything"
        text = f"use {switch['x']} from now on"
    if (
        (leave := _YOU_CAN_NOW_RE.match(text)) and leave["when"] and _STYLE_RE.search(leave["x"])
    ):  # ("you can go into detail now"; not "you can use tables": leave, not a wish)
        text = f"{leave['x']} from now on"
    scope, text = _instruction_scope(text)
    words = re.findall(r"[a-z'-]+", text.lower())
    if not words:
        return None
    head_words = (
        words[2:]
        if words[:2] == ["do", "not"]
        else words[1:]
        if words[0] in {"don't", "always", "never", "stop"}
        else words
    )
    head = head_words[0] if head_words else ""
    if head not in _IMPERATIVE_HEAD:
        return None
    keep_style = re.match(r"^keep (?:it|things|answers|replies|responses|them)\b", text, re.I)
    no_suggest = re.match(
        r"^(?:don't|do not|never|stop)\s+(?:suggest\w*|recommend\w*|mention\w*|propos\w*)\s+(?P<x>.+)$",
        text,
        re.I,
    )
    if no_suggest and not _TASK_RE.search(no_suggest["x"]):
        content = polish(f"User does not want the assistant to suggest {no_suggest['x']}")
        return [ExtractedFact(content, "preference")]  # "don't suggest Docker Desktop"
    standing = _is_standing(text, scope)
    if WORK_NOW_RE.match(text) and not standing:
        return None  # a piece of work asked for now: "summarise the last few messages"
    if (_TASK_RE.search(text) or _DEICTIC_RE.search(scope)) and not standing and not keep_style:
        return None  # (a one-off task: "fix this", "in this case use tabs", "... the Java version too")
    after_head = text.split(None, len(words) - len(head_words) + 1)[-1] if head_words else ""
    if head in _GENERIC_HEADS:
        style = _STYLE_RE.search(after_head)
    else:
        style = _STYLE_RE.search(" ".join(head_words))
    if not (standing or style or inherited):
        return None
    two = re.match(r"^(?P<a>.+?),?\s+and\s+(?P<b>(?P<verb>[a-z]+)\b.+)$", text, re.IGNORECASE)
    if two and two["verb"].lower() in _IMPERATIVE_HEAD - {"be", "type", "test", "end", "start"}:
        # "keep examples simple and avoid list comprehensions": two instructions
        first = imperative_fact(f"{scope}, {two['a']}" if scope else two["a"], inherited=True)
        second = imperative_fact(f"{scope}, {two['b']}" if scope else two["b"], inherited=True)
        if first and second:
            return first + second
    if head == "prefer" and words[0] == "prefer":
        return [_pref(text[len("prefer") :].strip())]
    content = polish(_instruction_text(text, scope))
    return [ExtractedFact(content, category_of(content, "preference"))]


def _instruction_scope(text: str) -> tuple[str, str]:
    """A leading scope ("for shell commands", "whenever you show X") apart from the
    instruction: ``(scope, rest)``; ``("", text)`` without one."""
    scope = ""
    lead = re.match(
        r"^(?P<scope>(?:for|in|with|when writing|(?:when(?:ever)?|every time|any ?time|each time) "
        r"you \w+(?: me)?)\s+[\w' -]+?)"
        r"(?:,\s*(?=[a-z]+\b)|\s+(?=(?:always|never|please|use|give|write|prefer|don't|do not|"
        r"keep|answer)\b))",
        text,
        re.IGNORECASE,
    )
    if lead:  # "for shell commands always give me PowerShell": the scope goes last
        scope, text = lead["scope"], text[lead.end() :]
    return scope, text


def _is_standing(text: str, scope: str) -> bool:
    """The instruction holds for good (a standing phrase, or a scope of "whenever
    you X")."""
    return bool(_STANDING_RE.search(text)) or bool(
        re.match(
            r"(?:when(?:ever)?|every time|any ?time|each time) you (?:write|show|give|suggest|"
            r"use|generate|answer|reply|explain|mention|recommend|produce|output|create|add|"
            r"make|fix|review|refactor|test|document|name|format|send|draft|code|build|"
            r"translate|summari[sz]e|describe|list|compare|quote|cite|print|commit)\b",
            scope,
            re.I,
        )
    )  # "whenever you show a docker command, ...": a standing instruction


def said_of_the_user(request: str) -> str:
    """A request to the assistant with the user in the third person: "keep it short
    for me" is "keep answers short for the user", "talk to me" "talk to the user",
    "answer me in German" "answer in German"."""
    request = re.sub(r"\bkeep it\b", "keep answers", request, flags=re.I)
    request = re.sub(r"\byour\b", "its", request, flags=re.I)
    request = re.sub(r"\bme\b", "the user", request)
    request = re.sub(r"\bmy\b", "the user's", request, flags=re.I)
    request = re.sub(r"\b(?:I am|I'm)\b", "the user is", request)
    request = re.sub(r"\bI\b", "the user", request)
    request = re.sub(r"\b(answer|reply|respond|write)(?: to)? the user\b", r"\1", request)
    return third_person_after(request)


#: A verb after "the user" or "the assistant" (a request's "unless I ask", "when you
#: use"), in the first or second person as said.
_SUBJECT_VERB_RE: Final = re.compile(
    r"\b(the user|the assistant) (ask|want|need|say|use|prefer|write|paste|send|type|mention|"
    r"request|specify|tell|give|make|do|add|start|include|suggest|explain|answer|reply|"
    r"respond|show|put|try|forget|get|go|see|think|know)\b"
)


def third_person_after(text: str) -> str:
    """The verb after "the user" / "the assistant" in the third person: "unless the
    user asks", "when the assistant uses"."""

    def verb(m: re.Match[str]) -> str:
        v = m[2]
        third = {"do": "does", "go": "goes", "try": "tries"}.get(v) or (
            v + "es" if re.search(r"(?:s|sh|ch|x|z)$", v) else v + "s"
        )
        return f"{m[1]} {third}"

    return _SUBJECT_VERB_RE.sub(verb, text)


def _instruction_text(text: str, scope: str) -> str:
    """The instruction in the third person: "User (does not) want(s) the assistant
    to ...", with its scope last."""
    low = text.lower()
    body = text
    negative = False
    for opener in ("do not ", "don't ", "never ", "stop "):
        if low.startswith(opener):
            body = text[len(opener) :]
            negative = True
            if opener == "stop " and re.match(r"\w+ing\b", body):
                body = re.sub(r"^(\w+?)(?:ing)\b", _base, body)
            break
    body = said_of_the_user(body)
    body = re.sub(rf"\s*,?\s*\b(?:{STANDING_PHRASES})\b", "", body, flags=re.I).strip(" ,")
    if re.match(r"always\s+", body, re.I) and not negative:
        body = body[7:]
        prefix = "User wants the assistant to always "
    else:
        prefix = (
            "User does not want the assistant to " if negative else "User wants the assistant to "
        )
    body = re.sub(
        r"\byou (write|use|give|generate|suggest|make|show|answer|reply|explain|produce|send)\b",
        lambda m: f"it {m[1]}s",
        body,
    )
    body = re.sub(r"\byou\b", "it", body)
    if scope:
        scope = re.sub(  # "whenever you show" -> "whenever it shows"
            r"\byou (\w+?)(e?s)?\b", lambda m: f"it {_third_person(m[1] + (m[2] or ''))}", scope
        )
        scope = re.sub(r"\b(?:for me|to me)\b", "for the user", scope)
        scope = re.sub(r"\bme\b", "the user", scope)
        body = f"{body} {scope[:1].lower()}{scope[1:]}"
    return prefix + body[:1].lower() + body[1:]


def base_verb(stem: str) -> str:
    """The base form of a verb from what precedes its "-ing" ("suggest", "writ" -> "write")."""
    return _base_of(stem)


def _base(m: re.Match[str]) -> str:
    return _base_of(m[1])


def _base_of(stem: str) -> str:
    fixes = {
        "apologis": "apologise",
        "apologiz": "apologize",
        "us": "use",
        "writ": "write",
        "giv": "give",
        "mak": "make",
        "includ": "include",
        "explain": "explain",
        "add": "add",
        "sugges": "suggest",
        "repeat": "repeat",
        "hedg": "hedge",
    }
    if stem in fixes:
        return fixes[stem]
    if len(stem) > 2 and stem[-1] == stem[-2]:
        return stem[:-1]
    return stem


def common_word(word: str) -> bool:
    """True for an ordinary word the rules never read as a name ("also", "ever")."""
    low = word.lower()
    return low in _SENTENCE_WORDS or low in _LIST_WORDS or low in {"i", "a", "the", "and"}
