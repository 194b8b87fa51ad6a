"""What a new user fact does to a stored one: merge, supersede, or keep both.

The user-profile store calls :func:`decide` for each stored candidate when a fact is
added (or edited). The rule, in order:

1. Both facts have a known topic (:mod:`amplify_memory.memory.topics`):

   * same topic, value and polarity: ``"merge"`` (one entry, refreshed);
   * any frame of the new fact supersedes the old fact's own frame (same value and
     the other polarity; another value, both positive; an explicit correction such as
     "switched from npm to pnpm"): ``"supersede"``;
   * otherwise ``"keep"``: another topic, or compatible values ("does not use Yarn" /
     "uses pnpm"). Different topics never merge, however alike the words.

   Before the topics: a new fact that names the stored one as wrong ("works at an
   insurance company, not a bank") supersedes it.

2. Otherwise (one of them has no known topic): the similarity rule of
   :func:`~amplify_memory.memory.similarity.is_duplicate` merges (unless a word of one
   is the opposite of a word of the other); a contradiction, or an opposite word in
   facts that are otherwise alike, supersedes; and facts naming the same values with
   the same polarity merge when the embeddings' ``cosine`` (the store passes it) is at
   least :data:`SEMANTIC_DUPLICATE_COSINE`, or, when no word of change tells them apart,
   when a learned model (:mod:`.merge_model`: the cosine and the words) finds them one
   with a probability of at least :data:`MERGE_PROBABILITY` (never for text with markup
   or code).

>>> decide("User likes 2-space indentation", "User uses 2-space indentation")
'merge'
>>> decide("User uses 4-space indentation", "User uses 2-space indentation")
'supersede'
>>> decide("User switched from npm to pnpm", "User uses npm")
'supersede'
>>> decide("User uses Vue", "User uses React")
'keep'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache
from typing import Final, Literal

from amplify_memory.memory._defaults import MERGE_PROBABILITY, SEMANTIC_DUPLICATE_COSINE
from amplify_memory.memory._phrasing import imperative_fact
from amplify_memory.memory._text import (
    DEED_VERBS,
    DEMONYMS,
    ENDED_DEEDS,
    ENDED_WORDS,
    FORMER_START,
    NUMBER_WORDS,
    PET_NOUNS,
    RELATIVE_NOUNS,
    STATE_WORDS,
    wordlist,
)
from amplify_memory.memory.canonical import canonical_fact
from amplify_memory.memory.changes import names_a_value
from amplify_memory.memory.choices import COMMUTES, KINDS, VALUE_CLASSES
from amplify_memory.memory.merge_model import merge_probability, swaps_one_word
from amplify_memory.memory.paraphrases import everyday
from amplify_memory.memory.places import is_place
from amplify_memory.memory.similarity import (
    DEFAULT_DUPLICATE_THRESHOLD,
    adds_to,
    content_similarity,
    contradiction_reason,
    contradicts,
    is_duplicate,
    number_in_figures,
    opposed,
    opposite_words,
    residual_terms,
    same_values,
    stops,
    synonymous,
)
from amplify_memory.memory.succession import kind_of
from amplify_memory.memory.technologies import find_technology_mentions, lookup_technology
from amplify_memory.memory.topics import (
    Frame,
    frames_of,
    polarity,
    registered_topic,
    relation,
    tool_group_names,
    topic_category,
)
from amplify_memory.text import ENGLISH_STOP_WORDS, stem_english, strip_accents

__all__ = ["ACTIONS", "MERGE_PROBABILITY", "SEMANTIC_DUPLICATE_COSINE", "Action", "decide"]

Action = Literal["merge", "supersede", "keep"]
ACTIONS: Final[tuple[str, ...]] = ("merge", "supersede", "keep")


def _per_text(find: Callable[[str], re.Match[str] | None]) -> Callable[[str], re.Match[str] | None]:
    """``find`` (a pattern's ``search`` or ``match``) cached by text: a store compares
    each stored fact with every new one (some 45 times per write at 1,000 entries)."""
    return lru_cache(maxsize=4096)(find)


#: Markup or code in a fact (a semicolon is prose too: "Asthmatic; carries an inhaler").
_CODE_RE: Final = re.compile(r"[<>{}=|`]")
_MODEL_RE: Final = re.compile(
    r"\s+((?:(?:pro|max|air|mini|ultra|plus|lite|se)\b\s*)*(?:[a-z]{0,2}\d[\w.]*)?)", re.I
)


_RELEASE_RE: Final = re.compile(r"\s+((?-i:[A-Z])[a-z]{2,})\b(?!\s+(?-i:[A-Z]))")


#: The topics whose values have releases named after them ("macOS Sonoma", "ROS 2 Jazzy").
_RELEASE_TOPICS: Final = frozenset(
    {"operating_system", "phone", "laptop", "tablet", "gpu", "uses:ROS 2", "uses:ROS"}
)


def _model(text: str, value: str, named: bool = False) -> str:
    """The model a fact gives its device or product after the name ("MacBook Pro *M3*",
    "iPhone *15 Pro*"), or with ``named`` a release named after it ("macOS *Sonoma*"),
    lower-cased, or ""."""
    at = text.casefold().find(value.casefold())
    if at < 0:
        return ""
    found = _MODEL_RE.match(text, at + len(value))
    model = found[1].strip().lower() if found else ""
    if re.search(r"\d", model):
        return model
    if not named:
        return ""
    release = _RELEASE_RE.match(text, at + len(value))
    return release[1].lower() if release else ""  # ("macOS *Sonoma*", "Ubuntu *Server*")


_NEGATED_TAIL_RE: Final = re.compile(
    r"(?:,\s*(?:and\s+)?not|\brather than|\binstead of|(?<=\d)\s+not(?=\s+\d))\s+(?:an?\s+|the\s+)?"
    r"(?P<tail>[^,;]+?)\s*(?:\(.*\))?[.;]?$",
    re.IGNORECASE,
)
_TAIL_STOP: Final = frozenset(
    [
        "a",
        "an",
        "the",
        "their",
        "his",
        "her",
        "its",
        "my",
        "our",
        "user",
        "users",
        "itself",
        "themselves",
        "proper",
        "directly",
        "anymore",
    ]
)


_WRONG_RE: Final = re.compile(
    r"(?:earlier|previous|old|last)\s+(?:note|memory|fact|entry)?\s*(?:about|on|saying)\s+"
    r"(?P<a>[\w+#.-]+(?:\s+[\w+#.-]+)?)\s+(?:was|is)\s+(?:wrong|mistaken|incorrect|a mistake)"
    r"|\bnever (?:used|liked|wanted)\s+(?P<b>[\w+#.-]+)"
    r"|(?<![\w+#.-])(?P<c>[\w+#.-]+)\s+(?:preference\s+)?was\s+(?:recorded|noted|saved)\s+"
    r"by mistake"
    # "June was a mistake", "Kotlin was misremembered", "misspoke about Chennai", "I said 3
    # kids but ..."
    r"|(?<![\w+#.-])(?P<d>[\w+#.-]+)\s+(?:was|were)\s+(?:a\s+)?(?:mistake|misremembered|misheard|typo|"
    r"wrong|incorrect)\b"
    r"|\bmis(?:spoke|typed|remembered)\s+(?:about\s+)?(?P<e>[\w+#.-]+)"
    r"|\bI\s+said\s+(?P<f>[\w+#.-]+(?:\s+[\w+#.-]+)?)\s+but\b",
    re.IGNORECASE,
)


#: Words that name nothing as wrong: "it was a mistake", "I said no but ...".
_NOT_NAMES: Final = frozenset(
    wordlist("it its this that the a an no yes so he she they i we you them there what")
)
#: A fact that says it puts another right ("actually", "correction", "; ...").
_CORRECTION_CUE_RE: Final = re.compile(
    r"\b(?:actually|correct(?:ion|ed)|clarif\w+|meant|instead|really)\b|[;\u2014]", re.IGNORECASE
)


def _same_word(t: str, w: str) -> bool:
    """``t`` is the word ``w`` (or ``w`` with an ending: "kid" / "kids.")."""
    w = w.strip(".")
    return w == t or (len(t) >= 4 and w.startswith(t))


@lru_cache(maxsize=1024)
def _wrong_in(fact: str) -> re.Match[str] | None:
    """:data:`_WRONG_RE` in a fact (remembered: a new fact is read against many)."""
    return _WRONG_RE.search(fact)


@lru_cache(maxsize=1024)
def _negated_tail(fact: str) -> re.Match[str] | None:
    """:data:`_NEGATED_TAIL_RE` in a fact (remembered), when it has a "not" or the like."""
    low = fact.casefold()
    if " not " not in low and "rather than" not in low and "instead of" not in low:
        return None
    return _NEGATED_TAIL_RE.search(fact)


def _names_the_old_as_wrong(new: str, old: str) -> bool:
    """``new`` says "X, not Y" (or "X rather than Y", "the earlier note about Y was
    wrong", "never used Y") and Y is what ``old`` says."""
    wrong = _wrong_in(new)
    if wrong:
        wrong_words = [
            t for t in next(g for g in wrong.groups() if g).lower().split() if t not in _NOT_NAMES
        ]
        cue = not (wrong["d"] or wrong["e"] or wrong["f"]) or _CORRECTION_CUE_RE.search(new)
        if (
            wrong_words
            and cue
            and all(
                any(_same_word(t, w) for w in re.findall(r"[\w+#.-]+", old.lower()))
                for t in wrong_words
            )
        ):
            return True  # (else the words named wrong are others: "the earlier note was wrong")
    match = _negated_tail(new)
    if not match:
        return False
    tail_text = re.sub(
        r"\s+(?:as\s+(?:previously\s+|earlier\s+)?(?:recorded|noted|stated|said|saved)\b|"
        r"in\s+general|at\s+all|specifically|as\s+such)\b.*$",
        "",
        match["tail"],
        flags=re.I,
    )
    tail = [w for w in re.findall(r"[\w+#.-]+", tail_text.lower()) if w not in _TAIL_STOP]
    old_words = re.findall(r"[\w+#.-]+", old.lower())
    head = new[: match.start()].lower()
    if not tail or len(tail) > 4:
        return False
    named = all(any(t in w for w in old_words) for t in tail)
    # the new fact's own value must be news to the old one ("tree nuts" to "peanuts" too),
    # by its last word or a number ("type 1 diabetes, not type 2" / "type 2 diabetes")
    last = re.findall(r"[\w+#-]{3,}|\d[\d:.,]*", head)[-1:]
    numbers = re.findall(r"(?<![\w.])\d[\d:.,]*(?![\w])", head)
    return named and not all(
        re.search(rf"(?<![\w+#.-]){re.escape(w)}(?![\w+#-])", old.lower())
        for w in [*last, *numbers]
    )


#: The words of a bare use ("User uses X", "User's team is on X"): no use of its own.
_BARE_WORDS: Final = frozenset(
    [
        "user",
        "user's",
        "uses",
        "use",
        "using",
        "team",
        "team's",
        "company",
        "company's",
        "also",
        "mostly",
        "now",
        "prefers",
        "likes",
        "loves",
        "works",
        "with",
        "runs",
    ]
)


_WORD_RE: Final = re.compile(r"[a-z][\w'-]+")


@lru_cache(maxsize=4096)
def _kind_form(text: str) -> tuple[bool, frozenset[str], str, tuple[str, ...]]:
    """(negative, words, template, names) of a fact for :func:`_kind_swapped`: the
    template is ``text`` folded with each technology of a kind
    (:data:`~.succession.KINDS`) put as its kind; ``names``, the names put so. (Cached:
    a store compares each stored fact with every new one.)"""
    parts, names, at = [], [], 0
    for mention in find_technology_mentions(text):
        kind = kind_of(mention.name)
        if kind is not None:
            parts += [text[at : mention.start], f"<{kind}>"]
            names.append(mention.name)
            at = mention.end
    parts.append(text[at:])
    template = " ".join("".join(parts).casefold().rstrip(" .").split())
    words = frozenset(_WORD_RE.findall(text.lower()))
    negative = any(frame.polarity == "negative" for frame in frames_of(text))
    return negative, words, template, tuple(names)


def _kind_swapped(new: str, old: str) -> bool:
    """The two facts say the same with another technology of the same kind in its place
    ("uses Jest for testing" / "uses Vitest for testing"), both positive: a new value."""
    new_negative, new_words, new_template, new_names = _kind_form(new)
    old_negative, old_words, old_template, old_names = _kind_form(old)
    if new_negative or old_negative or not new_names or new_names == old_names:
        return False
    if new_template != old_template or len(new_words ^ old_words) > 8:
        return False
    # ... for the same use: a bare "uses X" / "uses Y" may be two tools side by side
    words = re.findall(r"<[^>]+>|[a-z][\w-]{2,}", new_template)
    return any(w not in _BARE_WORDS and not w.startswith("<") for w in words)


#: A thing added to a tool: "the Dataview plugin in Obsidian", "the GitLens extension".
_ADD_ON_RE: Final = re.compile(r"\b(?:plugins?|extensions?|add-?ons?|mods?)\b", re.I)


def _per_technology(frame: Frame) -> bool:
    return frame.topic.startswith(("uses:", "likes:", "choice:"))


def _same_technology(a: Frame, b: Frame) -> bool:
    """Two frames about one technology in different words (a slot and a plain use)."""
    return (
        a.value.casefold() == b.value.casefold()
        and a.polarity == b.polarity
        and a.scope == b.scope
        and lookup_technology(a.value) is not None
        and not (a.topic.startswith("likes:") or b.topic.startswith("likes:"))
    )


def _stops_using(new: Frame, old: Frame) -> bool:
    """A negative use of a technology replaces a positive fact of using it in any words
    ("uses", a slot, the primary language, "builds JVM projects *with Maven*"), not an
    opinion ("likes X")."""
    return (
        new.polarity == "negative"
        and old.polarity == "positive"
        and (
            new.value.casefold() == old.value.casefold()
            or new.value.casefold() in {v.casefold() for v in old.scope}  # "JVM with Maven"
        )
        and not new.topic.startswith(("likes:", "choice:"))
        and not old.topic.startswith(("likes:", "choice:"))
        and (new.scope == old.scope or not new.scope)  # "does not use X" ends every use
        and lookup_technology(new.value) is not None
    )


def _details_alike(x: frozenset[str], y: frozenset[str]) -> bool:
    """What two facts of one technology add to it, both something, shares a word or its
    letters ("documentation" / "docs", "security testing" / "pentesting"): two uses
    ("for data analysis" / "for web scraping") share none."""
    if not (x and y):
        return False
    short = any(
        min(len(t), len(o)) >= 3 and (t.startswith(o) or o.startswith(t)) for t in x for o in y
    )
    return short or content_similarity(" ".join(sorted(x)), " ".join(sorted(y))) > 0


def _named_so(value: str, text: str) -> bool:
    """``text`` gives ``value`` as someone's name ("a daughter named Ruby")."""
    return re.search(rf"\b(?:named|called)\s+{re.escape(value)}\b", text, re.IGNORECASE) is not None


def _compatible_detail(x: frozenset[str], y: frozenset[str]) -> bool:
    """What two facts about one technology add to it agrees: the same, or one's detail
    inside the other's, or most of it shared. "Uses X" adds nothing, so it agrees only
    with another "uses X"."""
    if x == y:
        return True
    if _same_stems(x, y):
        return True  # "for asynchronous Rust" / "for async Rust"
    if not x or not y:
        return False
    return x <= y or y <= x or 2 * len(x & y) / (len(x) + len(y)) >= 0.5


def _same_stems(x: frozenset[str], y: frozenset[str]) -> bool:
    """Each stem of one begins the other's or is begun by it ("async" / "asynchron")."""

    def found(t: str, others: frozenset[str]) -> bool:
        return any(
            len(min(t, o, key=len)) >= 4 and (t.startswith(o) or o.startswith(t)) for o in others
        )

    return bool(x and y) and all(found(t, y) for t in x) and all(found(t, x) for t in y)


_NUMBER_RE: Final = re.compile(r"(?<![\w.])\d+(?:\.\d+)*(?![\w.])")


def _numbers(text: str) -> frozenset[str]:
    """The numbers written in ``text`` as numbers ("24", "3.12"; not "M3" or "2-space")."""
    return frozenset(_NUMBER_RE.findall(text))


#: Tools of a group (a CI service, a BI tool ...) that serve one use each.
_TOOL_NAMES: Final = frozenset(tool_group_names("ci_service", "bi_tool", "hpc_scheduler"))
_PURPOSE_RE: Final = re.compile(
    r"\bfor\s+(?:the\s+|its\s+|their\s+|all\s+|our\s+)?(?P<p>[\w/ -]{2,40}?)\s*$", re.I
)


def _two_uses(new: str, old: str) -> bool:
    """Both facts say what the tool is for, and not the same thing."""
    a, b = _purpose(new), _purpose(old)
    return bool(a and b and a != b)


def _purpose(text: str) -> str:
    """What a fact says a tool is for ("... for nightly builds"), lower-cased, or "" (also
    for "for the user", the subject moved to the front: "CI for the user runs on X")."""
    found = _PURPOSE_RE.search(text)
    if found is None or re.match(r"(?:the\s+)?user\b", found["p"], re.I):
        return ""
    return found["p"].casefold()


#: "User's <slot> is <value>": one value at a time ("main laptop", "cluster scheduler").
_SLOT_IS_RE: Final = re.compile(
    r"^(?:the\s+)?user's\s+(?P<slot>(?:[\w-]+\s+){0,3}[\w-]+)\s+(?:is|are)\s+"
    r"(?:now\s+)?(?:an?\s+|the\s+)?(?P<value>.+?)\.?$",
    re.IGNORECASE,
)


#: A name after "at", "for" or "with" ("a paralegal at *Hart & Cole*", "banks with *Monzo*").
_PLACE_NAME_RE: Final = re.compile(
    r"\b(?P<prep>at|for|with)\s+(?:the\s+)?(?P<name>(?-i:[A-Z])[\w'-]*"
    r"(?:\s+(?:(?:&|and|of|de|the)\s+)?(?-i:[A-Z])[\w'-]*)*)",
    re.IGNORECASE,
)


_NOW_TAIL_RE: Final = re.compile(r"\s*\b(?:now|these\s+days|nowadays)$", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _around_name(fact: str) -> tuple[frozenset[str], str, str] | None:
    """(the words of the name after "at", "for" or "with", the words before it with the
    preposition, the words after it), or None: for :func:`_name_swapped`."""
    found = _PLACE_NAME_RE.search(fact)
    if found is None:
        return None
    name = frozenset(found["name"].casefold().split()) - {"&", "and", "of", "de", "the"}
    frame = fact[: found.start()].casefold().rstrip() + " " + found["prep"].casefold()
    # ("banks with Monzo now" / "banks with HSBC": the same words around)
    tail = _NOW_TAIL_RE.sub("", fact[found.end() :].strip(" .")).casefold()
    return name, frame, tail


def _name_swapped(new: str, old: str) -> bool:
    """The same words around another name after "at", "for" or "with" ("works as a
    paralegal at Hart & Cole" / "... at Brennan Law", "studies at the University of Leeds" /
    "... at Leeds Beckett University"): another value of one fact."""
    a, b = _around_name(new), _around_name(old)
    if not (a and b):
        return False
    if a[0] <= b[0] or b[0] <= a[0]:
        return False  # ("Nationwide" / "Nationwide Building Society": one name)
    return a[1:] == b[1:] and _ONE_VALUE_FRAME_RE.search(a[1]) is not None


#: The words before a name that hold one value at a time: where one works, studies or
#: banks ("is a paralegal at", "studies at", "banks with", "drives delivery routes for");
#: not whom one plays with or where one shops.
_ONE_VALUE_FRAME_RE: Final = re.compile(
    r"\b(?:works?(?:\s+as\s+(?:an?\s+)?[\w-]+(?:\s+[\w-]+)?)?|working|employed|studies|studying|"
    r"enrolled|banks|insured|interns|teaches|drives(?:\s+[\w-]+){0,3}|"
    r"is\s+an?\s+[\w-]+(?:\s+[\w-]+)?)\s+(?:at|for|with)$",
    re.IGNORECASE,
)


#: Football clubs, one supported at a time ("supports Arsenal" / "supports Chelsea"; a
#: charity supported holds beside another: "supports Oxfam" / "Greenpeace").
_CLUBS: Final = (
    r"Arsenal|Chelsea|Tottenham(?:\s+Hotspur)?|Spurs|Liverpool|Everton|Man(?:chester)?\s+"
    r"(?:United|City)|Newcastle(?:\s+United)?|Aston\s+Villa|West\s+Ham|Leeds(?:\s+United)?|"
    r"Celtic|Rangers|Barcelona|Bar[cç]a|Real\s+Madrid|Atl[eé]tico(?:\s+Madrid)?|Bayern(?:\s+Munich)?|"
    r"(?:Borussia\s+)?Dortmund|Juventus|Juve|(?:AC\s+)?Milan|Inter(?:\s+Milan)?|Napoli|Roma|"
    r"PSG|Paris\s+Saint-Germain|Ajax|Benfica|Porto|Sporting|Boca(?:\s+Juniors)?|River\s+Plate|"
    r"Flamengo|Galatasaray|Fenerbah[cç]e|(?-i:[A-Z][a-z]+)\s+(?:United|Rovers|Wanderers|"
    r"Athletic|Albion|FC)"
)


#: A verb that holds one named thing at a time: the car one drives, the team one
#: supports, whom one is married to ("drives a Toyota" / "drives a Honda"; said the same
#: way around it).
_ONE_NAME_RE: Final = re.compile(
    r"^(?:User\s+)?(?P<verb>(?i:drives|supports(?=\s+(?:the\s+)?(?:" + _CLUBS + r")\b))|"
    r"is\s+married\s+to|is\s+engaged\s+to)\s+"
    r"(?:an?\s+|the\s+)?(?P<name>(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z0-9])[\w'-]*){0,2})"
    r"(?P<tail>[^,;]*?)\W*$"
)


def _one_name_swapped(new: str, old: str) -> bool:
    """The same verb of one named thing, another name ("drives a Toyota" / "drives a
    Honda"; not "drives a Toyota" / "drives a Toyota Prius")."""
    a, b = _one_name(new), _one_name(old)
    return bool(
        a
        and b
        and a["verb"].casefold() == b["verb"].casefold()
        and a["name"].casefold() != b["name"].casefold()
        and not a["name"].casefold().endswith(" " + b["name"].casefold())  # ("Vauxhall Corsa"
        and not b["name"].casefold().endswith(" " + a["name"].casefold())  # / "Corsa": one)
        and _NOW_TAIL_RE.sub("", a["tail"]).strip().casefold()
        == _NOW_TAIL_RE.sub("", b["tail"]).strip().casefold()  # ("... around town")
        and not (is_place(a["name"]) or is_place(b["name"]))
    )


#: A sign that a fact no longer holds: "dropped Docker", "sold their car and doesn't own
#: one", "stopped going to the gym", "moved their blog off Heroku", "is a no-go now".
_ENDED_SIGN_RE: Final = re.compile(
    r"\b(?:does\s+not|doesn't|do\s+not|don't|no\s+longer|stopped|quit|dropped|ditched|sold|"
    r"skips|muted|mutes|"
    r"avoids?|turned\s+(?:\w+\s+){0,2}?off|(?:moved|came|got|is|am|are|went)\s+(?:\w+\s+){0,3}?off|"
    r"deleted|gave\s+up|given\s+up|no-go|anymore|any\s+more|cancell?ed|uninstalled|"
    r"got\s+rid\s+of|cut\s+out|cut\s+(?:\w+\s+){1,3}?out|kicked|former|shaved\s+off|"
    rf"shut\s+down|closed\s+down|{ENDED_WORDS}|{ENDED_DEEDS})\b|n't\b",
    re.IGNORECASE,
)
#: A fact that is negative or a choice over another already ("drinks no caffeine",
#: "prefers explicit types over var"): its ending is read by the frames, not here (a fact
#: with an end of its own, "quit", "sold", is one too: :func:`_plain`).
_NOT_PLAIN_RE: Final = re.compile(
    r"\b(?:no|not|never|without|avoids?|dislikes?|hates?|over|rather\s+than|instead\s+of|"
    # a state that is itself a "not" ("is vegetarian": "doesn't eat meat")
    r"vegetarian|vegan|pescatarian|sober|teetotal|retired|intolerant|allergic|coeliac|celiac|"
    r"unemployed|single|non-\w+|[\w-]+-free)\b|n't\b",
    re.IGNORECASE,
)
#: After a sign of an end, what makes it no end: a dislike, a thing replaced by another of
#: its kind, a while.
_NOT_AN_END_RE: Final = re.compile(
    r"^\W*(?:\w+\s+)?(?:like|love|enjoy|care\s+for|fancy|mind)\b|\b(?:bought|got|ordered|"
    r"another|newer|new\s+one|replacement|this\s+(?:week|month|year|time)|today|tonight|"
    r"lately|for\s+now|for\s+a\s+(?:while|bit|week|month)|have\s+time|has\s+time)\b",
    re.IGNORECASE,
)
#: A part of a time that a negation may be limited to ("doesn't take meetings on Fridays").
_WHEN_PART_RE: Final = re.compile(
    r"\b(?:on|at|after|before|during)\s+(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days?|"
    r"weekends?|nights?|\d)",
    re.IGNORECASE,
)
#: Words that say nothing of what a fact is about: its verb, how often, when.
_NOT_ABOUT: Final = frozenset(
    wordlist("""
    user users uses use used using likes like prefers prefer is are was were has have had
    wants want goes go going does do been be gets get owns own drinks drink eats eat works
    work working hosts host plays play runs run takes take keeps keep lives live the a an for
    in on to of with their his her its daily every always often now at by and or it this
    that them they one who which as from into times time week weekly month monthly year
    yearly day days morning mornings evening evenings night nights once twice two three four
    five sunday sundays monday mondays saturday saturdays weekend weekends regularly usually
    mostly all
    """)
)


#: A fact's subject and verb ("User no longer teaches", "Uses"): not what it is about.
_SUBJECT_VERB_RE: Final = re.compile(
    r"^(?:(?:the\s+)?user\s+(?:(?:no\s+longer|does\s+not|doesn't|has\s+stopped|stopped|never|"
    r"also|still)\s+)?[\w'-]+|(?-i:[A-Z])[a-z]+s(?!\s+(?:are|is|were|was|have|has)\b))\s+",
    re.IGNORECASE,
)
_OPINION_RE: Final = re.compile(
    r"^(?:the\s+)?user\s+(?:likes|loves|enjoys|adores|is\s+a\s+(?:big\s+)?fan\s+of)\b", re.I
)


@lru_cache(maxsize=4096)
def _about_words(fact: str) -> tuple[str, ...]:
    """The words of what a fact is about, without its subject and verb and the words of
    how often or when ("User teaches Year 4": none)."""
    rest = _SUBJECT_VERB_RE.sub("", fact, count=1)
    return tuple(
        w for w in re.findall(r"[a-z0-9+#]+", rest.lower()) if w not in _NOT_ABOUT and len(w) > 2
    )  # (a tuple: the cached words are never changed by a caller)


def _alike(w: str, v: str) -> bool:
    short, long = sorted((w, v), key=len)
    if long.startswith(short) if len(short) >= 3 else w == v:
        return True
    # one verb in two forms: "smokes" / "smoking", "runs" / "running", "bakes" / "baking"
    said, doing = (w, v) if v.endswith("ing") else (v, w)
    if not (doing.endswith("ing") and said.endswith("s")):
        return False
    stem = said.removesuffix("es" if said.endswith("es") else "s").removesuffix("e")
    return len(stem) >= 3 and doing.startswith(stem) and len(doing) - len(stem) <= 4


#: A part a fact may be limited to: "at home", "for the v2 API", "in the IDE".
_PART_OF_RE: Final = re.compile(
    r"\b(?:at|for|in|on|during|from)\s+(?:the\s+|my\s+|their\s+|his\s+|her\s+|a\s+|an\s+)?"
    r"([a-z0-9+#][a-z0-9+#-]*)"
)
#: The words of an end itself ("no longer", "anymore").
_SIGN_WORDS: Final = frozenset(
    wordlist(
        "longer anymore doesn dropped stopped quit ditched off sold deleted avoids gave cut out "
        "kicked completely entirely habit former rid shaved shut closed down"
    )
) | frozenset(re.findall(r"[a-z]{3,}", ENDED_WORDS + DEED_VERBS + ENDED_DEEDS)) - frozenset(
    # (the ends' own words, but the things and kinds named in them: "the shoes" are a thing)
    wordlist(
        "shoes boots gloves apron skates racket keyboard the their his her our unused old "
        "extra spare duplicate stale phd doctorate degree masters mba diploma course thesis "
        "dissertation"
    )
)


#: Where a fact's statements part: "sold their car *and* doesn't own one".
_PIECES_RE: Final = re.compile(r"\s+and\s+|\s*[,;\u2014]\s*|\s+-\s+")


@lru_cache(maxsize=1024)
def _end_sign(fact: str) -> re.Match[str] | None:
    return _ENDED_SIGN_RE.search(fact)


@lru_cache(maxsize=4096)
def _plain(fact: str) -> bool:
    """A positive fact with no end in it (one :func:`_ends_it` may end)."""
    return not (_NOT_PLAIN_RE.search(fact) or _ENDED_SIGN_RE.search(fact))


def _ends_it(new: str, old: str) -> bool:
    """``new`` says that what the plain, positive ``old`` says no longer holds: a sign of
    an end next to the old fact's own words, which ``new`` says nearly all of ("uses
    Docker for local dev" / "dropped Docker for local development"), or the old fact's
    technologies alone ("uses Copilot in VS Code" / "no longer uses Copilot"). Why it
    ended is no part of what ended ("... due to a knee injury")."""
    if _end_sign(new) is None or not _plain(old) or _WISH_RE.match(new):
        return False  # (no end; or a wish: "wants to quit caffeine", "is going to cut out")
    if _WHEN_ENDED_RE.search(new) and (
        _NOT_REALLY_ENDED_RE.search(new) or not _said_by_user(new).startswith("User ")
    ):
        return False  # ("tried to quit coffee last month", "Boss quit smoking recently")
    new = _WHEN_ENDED_RE.sub("", _REASON_TAIL_RE.sub("", new) or new) or new
    sign = _end_sign(new)
    if sign is None:
        return False
    if _DEED_RE.match(sign[0]) and not _DEED_RE.match(new):
        return False  # ("Son grew out of his shoes": a deed of someone else's)
    if _OPINION_RE.match(old) and not re.search(r"\b(?:like|love|enjoy|fan|no-go)", new, re.I):
        return False  # ("likes GraphQL" / "dropped GraphQL": the liking may stay)
    if _WHEN_PART_RE.search(new) and not _WHEN_PART_RE.search(old):
        return False  # ("doesn't take meetings on Fridays": a part of the time)
    if _NOT_AN_END_RE.search(new[sign.end() :]) or (
        sign[0].lower().startswith("mute") and "notification" not in old.lower()
    ):
        return False  # ("doesn't like Docker", "sold their car and bought a newer one",
        # "skipped the gym this week", "muted Slack")
    words = re.findall(r"[a-z0-9+#]+", old.lower())
    if _CONSUMED_RE.match(old):  # what one eats or drinks ends with its kind ("coffee": caffeine)
        words += [kind for w in words for kind in _KINDS_OF.get(w, ())]
    for part in _PART_OF_RE.finditer(new.lower()):
        if not any(_alike(part[1], w) for w in words):
            return False  # ("uses React at work" / "does not use React at home": a part)
    before = [cut.end() for cut in _PIECES_RE.finditer(new, 0, sign.start())]
    after = _PIECES_RE.search(new, sign.start())
    piece = new[before[-1] if before else 0 : after.start() if after else len(new)]
    if any(
        not any(_alike(v, w) for w in words) for v in _about_words(piece) if v not in _SIGN_WORDS
    ):
        return False  # (it says more than the old fact: "doesn't use Python type hints")
    about, said = _about_words(old), _about_words(new)
    if not about:
        return _verb_ended(new, old, sign)  # "smokes" / "kicked the smoking habit"
    if _CONSUMED_RE.match(old):  # (its kind ended)
        said = (*said, *(w for w in about if set(_KINDS_OF.get(w, ())) & set(said)))
    shared = [w for w in about if any(_alike(w, v) for v in said)]
    tools = {m.name for m in find_technology_mentions(new)}
    if len(shared) < 0.75 * len(about) and not (
        tools and tools <= {m.name for m in find_technology_mentions(old)}
    ):
        return False
    near = _about_words(new[max(0, sign.start() - 30) : sign.end() + 40])
    kinds = _KINDS_OF if _CONSUMED_RE.match(old) else {}
    return any(_alike(w, v) or v in kinds.get(w, ()) for w in about for v in near)


#: An end only tried, planned or once: "tried to quit coffee", "quit coffee twice".
_NOT_REALLY_ENDED_RE: Final = re.compile(
    r"\b(?:tried|tries|trying|attempt\w*|fail\w*|struggl\w*|plan\w*|want\w*|was\s+going|"
    r"promis\w*|pretend\w*|twice|once|used\s+to|almost|nearly)\b",
    re.IGNORECASE,
)
#: When the end came, at the end of the fact: "quit coffee last month", "... in March".
_WHEN_ENDED_RE: Final = re.compile(
    r"\s+(?:(?:last|this)\s+(?:week|month|year|spring|summer|autumn|fall|winter)|"
    r"(?:a|one|two|three|a\s+few|\d+)\s+(?:days?|weeks?|months?|years?)\s+ago|recently|"
    r"yesterday|in\s+(?:january|february|march|april|may|june|july|august|september|october|"
    r"november|december|\d{4}))\W*$",
    re.IGNORECASE,
)
#: A wish or a plan, no end yet: "wants to quit caffeine", "is going to cut out dairy".
_WISH_RE: Final = re.compile(
    r"^User\s+(?:really\s+)?(?:wants|would\s+like|is\s+going|plans|hopes|should|is\s+trying|"
    r"needs|might|may|is\s+thinking|is\s+considering|intends)\b",
    re.IGNORECASE,
)
#: Eating or drinking a thing (of a kind that may end): not cooking with it, making it,
#: collecting it, or a free version of it ("0% beer", "decaf").
_CONSUMED_RE: Final = re.compile(
    r"^User\s+(?:\w+\s+)?(?:drinks|eats|has|takes|loves|likes|enjoys|consumes|smokes|needs)\b"
    r"(?!.*(?:\b0%|\b(?:alcohol-free|non-alcoholic|decaf|meat-free|dairy-free|vegan|"
    r"plant-based|(?:oat|soy|soya|almond|rice|coconut|pea|cashew|hemp)[- ]?milk)\b))",
    re.IGNORECASE,
)
#: What a thing one eats or drinks is a kind of: ending the kind ends it ("quit caffeine"
#: ends "drinks coffee every morning", "no longer drinks alcohol" ends "drinks wine").
_KINDS_OF: Final[dict[str, tuple[str, ...]]] = {
    **dict.fromkeys(
        wordlist("coffee coffees espresso espressos lattes latte cappuccino"), ("caffeine",)
    ),
    **dict.fromkeys(
        wordlist("beer beers wine wines whisky whiskey gin vodka rum cocktails spirits cider"),
        ("alcohol", "drinking", "booze"),
    ),
    **dict.fromkeys(
        wordlist("chicken beef pork lamb steak steaks bacon ham turkey burgers sausages"),
        ("meat",),
    ),
    **dict.fromkeys(wordlist("milk cheese yogurt yoghurt butter cream"), ("dairy",)),
    **dict.fromkeys(wordlist("cigarettes cigars"), ("smoking", "tobacco")),
    **dict.fromkeys(wordlist("bread pasta wheat"), ("gluten",)),
}
#: Free of a kind now: "User is caffeine-free", "has gone gluten-free".
_FREE_OF_RE: Final = re.compile(
    r"^(?:User\s+(?:is|has\s+been|went|has\s+gone|is\s+going)\s+)?(?:now\s+|fully\s+|completely\s+|"
    r"totally\s+)?(?P<x>caffeine|alcohol|gluten|dairy|sugar|meat)[- ]free\b(?!\s+(?:on|at|for|when|"
    r"during|this|today|until)\b)",
    re.IGNORECASE,
)


#: A fact said from its verb, without "User": "Has a landline at home.", "Got rid of the
#: landline", "Stopped contributing to OSS".
_VERB_FIRST_RE: Final = re.compile(
    r"^(?:(?:really|still|now|no\s+longer|never|always|also|recently|finally)\s+)*"
    r"(?:has|had|is|was|got|gave|stopped|quit|sold|dropped|ditched|shut|shaved|cut|kicked|"
    r"does|doesn't|no\s+longer|uses|runs|owns|drives|drinks|eats|plays|works|lives|takes|"
    r"[a-z]+(?:ed|es))\b"
)


@lru_cache(maxsize=4096)
def _said_by_user(fact: str) -> str:
    """``fact`` with "User" before it when it starts with its verb ("Has a landline at
    home." -> "User has a landline at home."), for the rules that read the user as its
    subject; else ``fact``."""
    if not fact[:1].isupper() or _THIRD_PERSON_RE.search(fact):
        return fact
    lowered = fact[:1].lower() + fact[1:]
    return f"User {lowered}" if _VERB_FIRST_RE.match(lowered) else fact


def _free_now(new: str, old: str) -> bool:
    """``new`` says the user is free of a kind that ``old`` eats or drinks ("is
    caffeine-free" / "drinks coffee every morning", "gluten-free" / "eats bread")."""
    free = _FREE_OF_RE.match(new)
    if (
        free is None
        or not _CONSUMED_RE.match(_said_by_user(old))
        or polarity(old) == "negative"  # ("has coeliac disease, so avoids gluten")
    ):
        return False
    kind = free["x"].lower()
    words = re.findall(r"[a-z]+", old.lower())
    return any(w == kind or kind in _KINDS_OF.get(w, ()) for w in words)


#: A plain fact that is its verb alone, or its verb and how often: "User smokes", "User
#: runs every morning".
_VERB_ONLY_RE: Final = re.compile(r"^User\s+(?P<verb>[a-z]{3,})s\b", re.IGNORECASE)


def _verb_ended(new: str, old: str, sign: re.Match[str]) -> bool:
    """``old`` says nothing but its verb (and how often), and ``new`` names that verb's
    doing just after its sign of an end ("User runs every morning" / "stopped running
    due to a knee injury", "User smokes" / "kicked the smoking habit")."""
    found = _VERB_ONLY_RE.match(old)
    if found is None:
        return False
    stem = found["verb"].lower().removesuffix("e")  # ("smoke" -> "smok": "smoking")
    after = re.findall(r"[a-z]+", new[sign.end() :].lower())[:4]
    return any(w.startswith(stem) and w.endswith(("ing", "ng")) for w in after)


#: The user retired: "User is retired", "User retired from Boeing", "... has retired".
_RETIRED_RE: Final = re.compile(
    r"^User\s+(?:is\s+(?:now\s+)?|has\s+(?:now\s+)?|now\s+)?retired(?:\s+from\b|\W*$)",
    re.IGNORECASE,
)
#: Work many do when retired: "part-time", "on weekends", "volunteers", "consults".
_RETIREES_WORK_RE: Final = re.compile(
    r"\b(?:part-time|volunteer\w*|freelanc\w*|consult\w*|weekends?|evenings?|side|gig|"
    r"self-employed|themselves|own\s+business|nonprofit|non-profit|charity|food\s+bank)\b",
    re.IGNORECASE,
)
#: A job the user has: "works at Boeing", "works for the council", "works as a nurse".
_WORKS_RE: Final = re.compile(r"^User\s+(?:now\s+)?works\s+(?:at|for|as)\b", re.IGNORECASE)


def _retired_from_work(new: str, old: str, old_frames: tuple[Frame, ...]) -> bool:
    """``new`` says the user retired and ``old`` is a job they had: an employer or a role
    ("User retired from Boeing" / "User works at Boeing", "User is retired" / "User works
    for the city council"); retired from a place, a job there. Not a job taken after
    ("works part-time at a garden centre", "retired from the army" / "works as a security
    guard")."""
    if not _RETIRED_RE.match(new) or _RETIRED_RE.match(old):
        return False
    place = re.search(r"\bretired\s+from\s+(?:the\s+)?(.+?)\W*$", new, re.IGNORECASE)
    if place and not _content_words(place[1]) & _content_words(old):
        return False  # ("retired from the army" / "works as a security guard": after)
    if _RETIREES_WORK_RE.search(old):
        return False  # (what many do when retired)
    working = [
        f for f in old_frames if f.topic in ("employer", "role") and f.polarity == "positive"
    ]
    return bool(working) or bool(_WORKS_RE.match(old))


def _short_form(a: str, b: str) -> bool:
    """One name the short form of the other, of three letters or more ("Alex" /
    "Alexandra"), not the same name."""
    short, long = sorted((a.casefold(), b.casefold()), key=len)
    return short != long and len(short) >= 3 and long.startswith(short)


#: A name to be called by, beside the name one has.
_CALLED_RE: Final = re.compile(
    r"\bto be (?:called|addressed as)\b|\b(?:call|address) the user\b|\bgoes by\b", re.I
)


#: A taste of the user's: "User likes house music", "User is a big fan of car shows".
_TASTE_RE: Final = re.compile(
    r"^(?:the\s+)?user\s+(?:really\s+)?(?:likes|loves|enjoys|adores|is\s+into|"
    r"is\s+an?\s+(?:big\s+|huge\s+)?fan\s+of)\b",
    re.IGNORECASE,
)
_ENDED_RE: Final = re.compile(rf"\b(?:{ENDED_WORDS})\b", re.IGNORECASE)


def _ends_another_thing(new: str, old: str) -> bool:
    """True when ``new`` ends a thing the user had or did ("sold the house") and ``old``
    is a taste that names more than that thing ("likes house music"): the end is of
    another thing, and the taste stands."""
    return bool(
        _ENDED_RE.search(new)
        and _TASTE_RE.match(old)
        and _content_words(old) - _content_words(new) - {"likes", "loves", "enjoys", "adores"}
    )


def _one_value(x: str, y: str) -> bool:
    """Two values of a slot that are one: the same words in another order ("March 3" /
    "3rd of March"), one said more fully ("Marco" / "Marco Rossi", "Leeds" / "Leeds, UK"),
    one technology's two names ("VS Code" / "Visual Studio Code"), or one the initials of
    the other ("CET" / "Central European Time")."""
    words = [
        {re.sub(r"(?<=\d)(?:st|nd|rd|th)$", "", w) for w in re.findall(r"\w+", v.casefold())}
        - {"of", "the", "a", "an"}
        for v in (x, y)
    ]
    if words[0] == words[1]:
        return True
    said = [  # (what is said in brackets left out: "May 12 (March was a mistake)")
        set(re.findall(r"\w+", re.sub(r"\([^)]*\)?", "", v).casefold())) for v in (x, y)
    ]
    if said[0] <= said[1] or said[1] <= said[0]:
        return True  # one said more fully: "Marco" / "Marco Rossi", "Leeds" / "Leeds, UK"
    tech = lookup_technology(x), lookup_technology(y)
    if tech[0] is not None and tech[1] is not None and tech[0].name == tech[1].name:
        return True  # ("VS Code" / "Visual Studio Code")
    initials = ["".join(w[0] for w in re.findall(r"[A-Za-z]+", v)).casefold() for v in (x, y)]
    return (len(words[0]) == 1 and x.casefold() == initials[1]) or (
        len(words[1]) == 1 and y.casefold() == initials[0]
    )


def _slot_changed(new: str, old: str) -> bool:
    """Both say "User's <the same slot> is <a value>", with two names or two numbers
    ("main laptop is a ThinkPad" / "main laptop is a MacBook Pro M3"); a description
    ("team is remote" / "team is 5 people") is not a value of the same kind."""
    a, b = _slot_is(new), _slot_is(old)
    if not (a and b) or a["slot"].casefold() != b["slot"].casefold():
        return False
    x, y = (_WHO_TAIL_RE.sub("", m["value"]) for m in (a, b))  # ("Marco, who is great")
    if _one_value(x, y) or re.search(r"\b(?:not|no|never)\b", x + " " + y, re.I):
        return False
    if _MANY_PEOPLE_SLOT_RE.search(a["slot"]) and not (_numbers(x) or _numbers(y)):
        return False  # ("coworker is Hana" / "coworker is Diego": one has many; an age
        # is said of one: "daughter is 7" / "daughter is 8 years old")
    kind = [bool(re.match(r"(?-i:[A-Z])|\d|[a-z]+(?-i:[A-Z])", v)) for v in (x, y)]
    if all(kind):
        return _numbers(x) != _numbers(y) or x[:1].isalpha()
    if _TIME_VALUE_RE.match(x) and _TIME_VALUE_RE.match(y):
        return True  # ("bedtime is 11pm" / "bedtime is midnight")
    if _BEING_SLOT_RE.search(a["slot"]) or _MANY_SLOT_RE.search(a["slot"]) or any(kind):
        return False  # ("partner is a teacher" / "a runner", "goal is a promotion" / "a
        # marathon", "car is a Honda" / "a hybrid": both may hold)
    head = a["slot"].split()[-1].casefold()
    if any(head in v.casefold() or _VERDICT_RE.search(v) for v in (x, y)):
        return False  # ("phone is a work phone", "commute is a nightmare": a description)
    kinds = {_value_kind(m) for m in (a, b)}
    return len(kinds) == 1 and kinds != {""}


#: Slots that hold several things, or a thing of the moment.
_MANY_SLOT_RE: Final = re.compile(
    r"\b(?:concerns?|priorit(?:y|ies)|goals?|hobb(?:y|ies)|plans?|fears?|problems?|issues?|"
    r"worr(?:y|ies)|dreams?|passions?|interests?|challenges?|focus|struggles?|weakness|"
    r"strengths?|motivation|habits?|routines?|projects?|ideas?|favou?rites?|task|todo)$",
    re.IGNORECASE,
)
#: A value that judges rather than names: "a nightmare", "a mess", "a gift from dad".
_VERDICT_RE: Final = re.compile(
    r"\b(?:nightmare|mess|pain|joke|dream|gift|disaster|lifesaver|beast|treat|hassle|"
    r"headache|relief|blessing|breeze|struggle|work\s+in\s+progress|cosy|cozy|good|great|"
    r"bad|nice|old|new)\b",
    re.IGNORECASE,
)


#: What a value's sentence says of it after a comma: "Marco, who is great".
_WHO_TAIL_RE: Final = re.compile(r"\s*,\s*(?:who|which|whom|whose|and|but)\b.*$", re.IGNORECASE)
#: A slot that is one of many people or things of a kind: two names are two of them
#: ("teammate is Raj" / "teammate is Lena", "client is Acme" / "client is Globex").
_MANY_PEOPLE_SLOT_RE: Final = re.compile(
    r"\b(?:team\s*mates?|co-?workers?|colleagues?|friends?|cousins?|uncles?|aunts?|aunties?|"
    r"nephews?|nieces?|grand(?:child|children|kids?|sons?|daughters?|parents?|mas?|pas?)|"
    r"godparents?|godchild(?:ren)?|god(?:sons?|daughters?|mothers?|fathers?)|students?|pupils?|"
    r"clients?|customers?|reviewers?|neighbou?rs?|housemates?|flatmates?|roommates?|bandmates?|"
    r"classmates?|step(?:child|children|sons?|daughters?|kids?)|reports?|members?|co-?founders?|"
    r"collaborators?|mentees?|siblings?|brothers?|sisters?|sons?|daughters?|child|children|"
    r"kids?|suppliers?|vendors?|contractors?|patients?|employees?|tenants?|contacts?|"
    r"investors?)$",
    re.IGNORECASE,
)
#: A slot that is a person or an animal: its "is a ..." describes, many at once.
_BEING_SLOT_RE: Final = re.compile(
    rf"\b(?:{PET_NOUNS}|{RELATIVE_NOUNS}|spouse|boyfriend|girlfriend|children|child|parents?|"
    r"sibling|manager|neighbou?r|team|family|baby|grandma|grandpa)$",
    re.IGNORECASE,
)
#: A value that is a time of day: "11pm", "9:30", "midnight".
_TIME_VALUE_RE: Final = re.compile(
    r"^(?:\d{1,2}(?::\d\d)?\s*[ap]\.?m\.?|\d{1,2}:\d\d|noon|midnight|midday)$", re.IGNORECASE
)


#: The team's issue tracker, one at a time: "User's team uses Jira" / "Team tracks work in
#: Linear" (a tracker the user keeps for themselves holds beside it: "uses Trello for
#: personal projects").
_TEAM_TRACKER_RE: Final = re.compile(
    r"^(?:User's\s+)?team\s+(?:now\s+)?(?:uses|tracks\s+(?:\w+\s+)?in|switched\s+to|moved\s+to|"
    r"is\s+on|runs\s+on|lives\s+in|manages\s+(?:\w+\s+)?in)\s+(?P<tool>Jira|Linear|Asana|Trello|"
    r"ClickUp|YouTrack|Shortcut|Monday(?:\.com)?|Basecamp|GitHub\s+Issues|Azure\s+Boards)\b"
    r"(?!.*\b(?:also|too|as\s+well|and)\b)",
    re.IGNORECASE,
)


#: A liking or its opposite, and the first word of what it is of: "Really enjoys
#: cooking", "User avoids cooking whenever possible".
_LIKING_RE: Final = re.compile(
    r"^(?:(?:the\s+)?user\s+)?(?:(?:really|genuinely|actually|now|still|mostly|absolutely|"
    r"totally)\s+)*(?:(?P<yes>likes|loves|enjoys|adores)|(?P<no>avoids|dislikes|hates|detests|"
    r"can't\s+stand|cannot\s+stand|does\s+not\s+like|doesn't\s+like|does\s+not\s+enjoy|"
    r"doesn't\s+enjoy))\s+(?P<o>[a-z][\w-]*)\b",
    re.IGNORECASE,
)


def _liking_turned(new: str, old: str) -> bool:
    """True when one fact likes what the other avoids, named by the same first word
    ("enjoys cooking" / "avoids cooking whenever possible"; not "likes cooking" / "likes
    cooking for friends", not "hates cooking fish" / "loves cooking pasta")."""
    x, y = _LIKING_RE.match(new), _LIKING_RE.match(old)
    if x is None or y is None or bool(x["yes"]) == bool(y["yes"]):
        return False
    a, b = x["o"].casefold(), y["o"].casefold()
    if a.rstrip("s") != b.rstrip("s") or a in _STOP_OBJECTS:
        return False
    rest = [
        _LIKING_TAIL_RE.sub("", t).strip(" .").casefold() for t in (new[x.end() :], old[y.end() :])
    ]
    return rest[0] == rest[1]  # ("avoids meetings before 10am" holds beside "enjoys meetings")


#: How much or how often a liking holds, no part of what it is of ("whenever possible").
_LIKING_TAIL_RE: Final = re.compile(
    r"\s*(?:whenever\s+possible|if\s+(?:they|he|she)\s+can|at\s+all|anymore|any\s+more|"
    r"completely|entirely|now|these\s+days|a\s+lot|so\s+much|really)\b",
    re.IGNORECASE,
)
_STOP_OBJECTS: Final = frozenset(
    {"the", "a", "an", "it", "them", "that", "this", "to", "when", "how"}
)


def _tracker_changed(new: str, old: str) -> bool:
    """The team's issue tracker is another one ("team uses Jira" / "team uses Linear")."""
    a, b = _TEAM_TRACKER_RE.match(new), _TEAM_TRACKER_RE.match(old)
    return a is not None and b is not None and a["tool"].casefold() != b["tool"].casefold()


#: A detail after a fact that changes nothing of it: the ages or names of what the user has.
_DETAIL_RE: Final = re.compile(
    r"\s+(?:aged\s+\d[\d, ]*(?:and\s+\d+)?|(?:named|called)\s+[A-Z][\w-]*(?:,?\s+(?:and\s+)?"
    r"[A-Z][\w-]*)*)\W*"
)


def _detail_added(longer: str, shorter: str) -> bool:
    """``longer`` is ``shorter`` with the ages or names of what it counts ("User has 2 kids"
    / "User has 2 kids aged 7 and 10", "User has two cats" / "... named Miso and Pickle";
    not "User has a dog" / "... named Rex": perhaps another dog)."""
    base = shorter.rstrip(" .!")
    return (
        len(longer) > len(base)
        and longer[: len(base)].casefold() == base.casefold()
        and re.match(r"user has (?:\d+|two|three|four|five|six) ", base.casefold()) is not None
        and _DETAIL_RE.fullmatch(longer[len(base) :]) is not None
    )


#: "None" of a kind of thing the user has: "User has no pets", "doesn't have any kids".
_HAS_NONE_RE: Final = re.compile(
    r"^(?:User\s+)?(?:has\s+no|doesn't\s+have(?:\s+any)?|does\s+not\s+have(?:\s+any)?|"
    r"has\s+never\s+had(?:\s+any)?|is\s+without)\s+(?:(?P<pets>pets?|animals?)|"
    r"(?P<kids>kids|children|a\s+kid|a\s+child)|(?P<car>(?:a\s+)?cars?)|"
    r"(?P<allergy>(?:known\s+|food\s+)*(?:allerg(?:y|ies)|intolerances)(?:\s+or\s+intolerances)?))"
    r"(?:\s+(?:at\s+the\s+moment|right\s+now|now|anymore|any\s+more|atm|currently))?\W*$",
    re.IGNORECASE,
)
#: One of such a kind that the user has now: "User has a greyhound", "User has a son".
_HAS_ONE_RE: Final = re.compile(
    r"^(?:User\s+)?(?:now\s+|also\s+|just\s+)?(?:has|got|adopted|bought|owns)\s+(?:an?|one|two|"
    r"three|\d+|their\s+first)\s+(?:[\w-]+\s+){0,3}?"
    rf"(?:(?P<pets>(?:{PET_NOUNS}))|(?P<kids>sons?|daughters?|kids?|child|children|baby|twins)|"
    r"(?P<car>cars?))\b(?!-)(?!\s+(?:allerg\w*|sitting|sitter|food|bed|toy|monitor|shower|due|"
    r"on\s+the\s+way|birthday|party|project|seat|gate|friendly|walker|groomer)\b)"
    r"|^User\s+(?:is\s+(?:now\s+)?|has\s+(?:an?\s+)?)(?P<allergy>allergic|"
    r"(?:lactose|gluten)[- ]intolerant|coeliac|celiac|(?:\w+\s+)?allergy|(?:\w+\s+)?intolerance)\b",
    re.IGNORECASE,
)


def _none_now(new: str, old: str) -> bool:
    """``old`` says the user has none of a kind and ``new`` that they have one ("has no
    pets" / "has a greyhound named Pepper")."""
    none, one = _HAS_NONE_RE.match(old), _HAS_ONE_RE.match(new)
    if none is None or one is None:
        return False
    if none["allergy"] and "food" in none["allergy"].casefold() and _NOT_FOOD_RE.search(new):
        return False  # "no food allergies" / "allergic to cats": both hold
    return any(none[k] and one[k] for k in ("pets", "kids", "car", "allergy"))


#: An allergy to no food: "allergic to cats", "a penicillin allergy", "hay fever".
_NOT_FOOD_RE: Final = re.compile(
    r"\b(?:cats?|dogs?|pets?|pollen|dust|mites?|penicillin|amoxicillin|antibiotics?|latex|bees?|"
    r"wasps?|stings?|mou?ld|hay\s*fever|medication|drugs?|nickel|perfume|grass)\b",
    re.IGNORECASE,
)


#: Working from home every day: "User is fully remote", "works from home full-time".
_ALL_REMOTE_RE: Final = re.compile(
    r"^User\s+(?:is|works|now\s+works|is\s+now)\s+(?:now\s+)?(?:fully|100%|completely|"
    r"permanently|entirely|full-time|full\s+time)\s+(?:remote(?:ly)?|from\s+home)\b"
    r"|^User\s+(?:now\s+)?works\s+(?:remotely|from\s+home)\s+(?:full-time|full\s+time|"
    r"every\s+day|all\s+week|permanently)\b",
    re.IGNORECASE,
)
#: A way to the workplace: "commutes an hour by train to the office", "cycles to work".
_TO_WORK_RE: Final = re.compile(
    r"^User\s+(?:commutes(?=\s+(?:to|an?|\d|by|for)\b|$)|(?:usually\s+|now\s+|still\s+|normally\s+)?"
    r"(?:commutes|drives|cycles|bikes|walks|takes\s+the\s+\w+|rides|gets\s+the\s+\w+|"
    r"catches\s+the\s+\w+)\b(?=.*\bto\s+(?:work|the\s+office)\b))"
    r"(?!.*\b(?:school|campus|uni|university|college|coworking|co-working|gym)\b)",
    re.IGNORECASE,
)


def _remote_now(new: str, old: str) -> bool:
    """``new`` says the user works from home every day and ``old`` is the way to work
    ("is fully remote" / "commutes an hour by train to the office")."""
    return bool(_ALL_REMOTE_RE.match(new) and _TO_WORK_RE.match(old))


#: A time of the user's day said with its routine: "goes to bed at 10 pm", "wakes up
#: around 6:30", "starts work at 8am" (one time each; not a dose or a meeting, of which
#: there may be several).
_ROUTINE_TIME_RE: Final = re.compile(
    r"^User\s+(?:usually\s+|normally\s+|typically\s+|generally\s+|now\s+)?"
    r"(?P<routine>goes\s+to\s+(?:bed|sleep)|sleeps|wakes(?:\s+up)?|gets\s+up|"
    r"(?:starts|finishes|begins)\s+(?:work|the\s+workday|their\s+workday)|logs\s+(?:on|off))\s+"
    r"(?:at|around|by|about)\s+(?:around\s+|about\s+)?"
    r"(?P<time>\d{1,2}(?::\d\d)?(?:\s*[ap]\.?m\.?)?|noon|midnight|midday)"
    r"(?P<tail>(?:\s+(?:on\s+)?(?:weekdays|weekends|workdays|work\s+days|most\s+nights|"
    r"most\s+days|every\s+day|daily))?)"
    r"(?:\s+(?:now|these\s+days|nowadays|lately))?\W*$",
    re.IGNORECASE,
)


_ROUTINES: Final = {"gets": "wakes", "sleeps": "goes"}


def _routine_time_changed(new: str, old: str) -> bool:
    """The same routine of the day at another time ("goes to bed at 10 pm" / "goes to
    bed at midnight these days")."""
    a = _routine_time(new)
    b = _routine_time(old) if a else None
    if not (a and b):
        return False
    same = _routine(a) == _routine(b)  # ("wakes up at 6am" / "gets up at 7:30": one routine)
    times = [_clock(m["time"]) for m in (a, b)]
    return same and a["tail"].casefold() == b["tail"].casefold() and times[0] != times[1]


#: A meeting of every day and its time: "Daily stand-up is at 9:30", "User's stand-up
#: meeting is at 10:00 every day", "standups are at 9:30 now".
_MEETING_TIME_RE: Final = re.compile(
    r"^(?:(?:the\s+)?user'?s\s+|the\s+|their\s+|team\s+)?(?:daily\s+|team\s+|morning\s+)*"
    r"(?:stand-?ups?|scrums?)(?:\s+meetings?)?\s+(?:(?:is|are|starts?|happens?|(?:has\s+)?moved\s+to)\s+)?"
    r"(?:now\s+)?(?:at\s+)?"
    r"(?P<time>\d{1,2}(?::\d\d)?(?:\s*[ap]\.?m\.?)?)"
    r"(?:\s+(?:every\s+day|daily|each\s+day|each\s+morning|every\s+morning|on\s+weekdays|now))*\W*$",
    re.IGNORECASE,
)


def _meeting_time_changed(new: str, old: str) -> bool:
    """The daily meeting at another time ("stand-up is at 9:30" / "... at 10:00")."""
    a, b = _MEETING_TIME_RE.match(new), _MEETING_TIME_RE.match(old)
    if not (a and b):
        return False
    times = [re.sub(r":00$", "", _clock(m["time"])) for m in (a, b)]  # ("10" is "10:00")
    return times[0] != times[1]


def _routine(found: re.Match[str]) -> str:
    """Which routine a match of :data:`_ROUTINE_TIME_RE` names ("gets up" is "wakes")."""
    verb = found["routine"].split()[0].casefold()
    return _ROUTINES.get(verb, verb)


def _routine_time(fact: str) -> re.Match[str] | None:
    """The routine and its time of ``fact``, with "User" before a fact said from its verb
    ("Wakes up at 6am.")."""
    if fact.startswith("User"):
        return _ROUTINE_TIME_RE.match(fact)
    return _ROUTINE_TIME_RE.match(f"User {fact[:1].lower()}{fact[1:]}")


def _clock(said: str) -> str:
    """A time of day on a 24-hour clock ("10 pm" and "22:00" are "22:00"; "6" stays "6")."""
    low = re.sub(r"[\s.]", "", said.casefold())
    named = {"midnight": "00:00", "noon": "12:00", "midday": "12:00"}.get(low)
    if named:
        return named
    found = re.fullmatch(r"(\d{1,2})(?::(\d\d))?(am|pm)?", low)
    if found is None:
        return low
    hour, minutes, half = int(found[1]), found[2] or "00", found[3]
    if half == "pm" and hour < 12:
        hour += 12
    elif half == "am" and hour == 12:
        hour = 0
    return f"{hour:02d}:{minutes}" if half or found[2] else str(hour)


def _value_kind(found: re.Match[str]) -> str:
    """The kind of a slot's value: "thing" (said with an article or a count: "a flat
    white", "one sentence"), or "" (a description: "remote"); two times are read before."""
    value = found["value"]
    said = found.string[found.start("value") - 4 : found.start("value")]
    if re.search(r"\b(?:an?|the)\s$", said, re.IGNORECASE) or re.match(
        r"(?:one|two|three|four|five|a\s+few|several)\s", value, re.IGNORECASE
    ):
        return "thing" if len(value.split()) <= 4 else ""
    return ""


#: A fact said as one more beside another ("User *also* plays piano", "speaks Italian *too*",
#: "also uses Yarn"): it replaces no other value.
_ADDITION_RE: Final = re.compile(
    r"\b(?:also|additionally)\b|\bas well\W*$|(?<!\bme )\btoo\W*$", re.IGNORECASE
)
_NEGATED_FACT_RE: Final = re.compile(
    r"\b(?:not|no\s+longer|never|stopped|quit|gave\s+up|anymore)\b|n't\b", re.IGNORECASE
)
_ADDITION_WORD_RE: Final = re.compile(
    r"\s*\b(?:also|additionally)\b|\s*\bas well(?=\W*$)|\s*\btoo(?=\W*$)", re.IGNORECASE
)


def _other_tools(new: str, old: str) -> bool:
    """One fact lists a tool more beside the other's ("uses Ghidra and Burp Suite" /
    "uses Ghidra"): the two are not one fact. Only a tool joined by "and", a comma, "&"
    or "+" counts (a tool the other implies, "tests JavaScript with Jest", or compares,
    "pnpm over npm", does not)."""
    mentions = {text: find_technology_mentions(text) for text in (new, old)}
    names = {text: {m.name for m in found} for text, found in mentions.items()}
    for text, other in ((new, old), (old, new)):
        extra = [m for m in mentions[text] if m.name not in names[other]]
        if not names[other] or not extra:
            continue
        for m in extra:
            before, after = text[: m.start].rstrip(), text[m.end :].lstrip()
            if re.search(r"(?:\band|[,&+])$", before) or re.match(r"(?:and\b|[,&+])", after):
                return True
            if re.search(r"^(?:user\s+)?uses$", before, re.IGNORECASE) and re.match(
                r"(?:to|for)\b", after
            ):
                return True  # "uses Helm to deploy to Kubernetes" / "uses Kubernetes"
    return False


#: A pet's fact ("User's cat is diabetic"), and a fact of the user's that speaks of one.
_PET_WHOSE_RE: Final = re.compile(rf"^(?:the\s+)?user's\s+(?:{PET_NOUNS})\b", re.IGNORECASE)
_PET_TALK_RE: Final = re.compile(
    rf"\b(?:owns?|has|have|adopted|named|called|retriever|terrier|breed|{PET_NOUNS})\b",
    re.IGNORECASE,
)


def _pet_apart(new: str, old: str) -> bool:
    """One fact is a pet's and the other the user's own, which speaks of no pet ("User's
    cat is diabetic" / "User is diabetic"), the two speak of animals of two kinds ("has
    a dog named Rex" / "has a cat named Biscuit"), or the older is an allergy and the newer
    a liking or a pet ("allergic to cats" / "loves cats"): two facts that hold at once."""
    kinds = _pet_kinds(new), _pet_kinds(old)
    if all(kinds) and not kinds[0] & kinds[1]:
        return True
    allergens = _allergens(new), _allergens(old)
    if (
        all(allergens)
        and not allergens[0] & allergens[1]
        and _NEGATED_RE.search(new + old)
        and not _names_the_old_as_wrong(new, old)  # ("allergic to amoxicillin, not penicillin")
    ):
        return True  # "not allergic to penicillin" / "allergic to cats": two allergies
    for one, other in ((new, old), (old, new)):
        if _pet_whose(one.strip()) and not _pet_whose(other.strip()) and not _pet_talk(other):
            return True
    # (a liking does not end an allergy; an allergy told later may end the liking of a food:
    # "loves shrimp" / "is allergic to shrimp")
    if not _allergy(old) or _negated(new) or _allergy(new):
        return False
    return not _ALLERGY_RE.search(everyday(new))  # ("Dairy upsets them": "lactose intolerant")


#: The kind of animal a word names when not its own ("kittens": "cat"), by its first
#: letters (a relative's word names itself: "sons": "son").
_PET_KIND: Final = {"kitten": "cat", "pupp": "dog", "bunn": "rabbit", "pon": "horse"}
_PET_WORD_RE: Final = re.compile(
    rf"\b(?:{PET_NOUNS}|sons?|daughters?|brothers?|sisters?)\b(?!-in-law)", re.IGNORECASE
)
_ALLERGY_RE: Final = re.compile(r"\ballerg(?:y|ies|ic)\b|\bintoleran", re.IGNORECASE)
_NEGATED_RE: Final = re.compile(r"\b(?:not|no|never|no longer|n't)\b|n't\b", re.IGNORECASE)


_ALLERGEN_RE: Final = re.compile(
    r"\ballergic\s+to\s+(?P<a>[\w -]+)|\b(?P<b>[\w-]+)\s+allerg(?:y|ies)\b", re.IGNORECASE
)


@lru_cache(maxsize=4096)
def _allergens(fact: str) -> frozenset[str]:
    """The words of what a fact says the user is allergic to ("eggs": "egg")."""
    m = _ALLERGEN_RE.search(fact)
    if m is None:
        return frozenset()
    words = re.findall(r"[a-z]+", (m["a"] or m["b"] or "").casefold())
    return frozenset(w.removesuffix("s") for w in words if w not in {"a", "an", "the", "and", "or"})


@lru_cache(maxsize=4096)
def _pet_kinds(fact: str) -> frozenset[str]:
    """The kinds of animal, or of child or sibling, a fact names ("has 2 cats and a dog":
    cat, dog; "has a son named Leo": son); not "pet"."""
    kinds = set()
    for match in _PET_WORD_RE.finditer(fact):
        word = re.sub(r"\s+", " ", match.group().casefold())
        stem = next((k for p, k in _PET_KIND.items() if word.startswith(p)), None)
        kinds.add(stem or word.removesuffix("s"))
    kinds.discard("pet")
    return frozenset(kinds)


#: Whose fact a memory is when not the user's own: "User's sister lives in Paris".
_WHOSE_RE: Final = re.compile(
    r"^(?:(?:the\s+)?user's|their|his|her)\s+(?P<who>significant\s+other|other\s+half|sister|"
    r"brother|wife|husband|partner|spouse|girlfriend|"
    r"boyfriend|mother|father|mom|mum|dad|parents?|son|daughter|kids?|children|child|friends?|"
    r"boss|manager|colleagues?|coworkers?|roommate|flatmate|cofounder|co-founder|neighbou?r|"
    r"teacher|grand(?:mother|father|ma|pa|parents?)|aunt|uncle|cousin|niece|nephew|"
    r"fianc[eé]e?|baby|toddler|twins|grandkids?|grandchildren|stepson|stepdaughter)\b",
    re.IGNORECASE,
)
#: A fact said of someone by a bare noun, as notes are written: "Son is a violinist",
#: "Partner works for the fire brigade", "Mom moved in" (a verb follows: not "Partner at
#: a law firm", a job).
_BARE_WHOSE_RE: Final = re.compile(
    r"^(?P<who>son|daughter|partner|wife|husband|hubby|mom|mum|mother|dad|father|sister|"
    r"brother|boss|kids?|grandma|grandpa)\s+(?:is|was|works|worked|lives|has|had|plays|moved|"
    r"got|goes|studies|teaches|runs|loves|likes|hates|does|started|just|diagnosed|attends|"
    r"graduated|turned|turns)\b",
    re.IGNORECASE,
)
#: One of the user's people said with "has a ... who/where": "Has a sister based in Porto",
#: "User has a son at uni" (not "has a sister": that the user has one is the user's).
_HAS_WHOM_RE: Final = re.compile(
    r"^(?:(?:the\s+)?user\s+)?has\s+an?\s+(?:(?:older|younger|little|big|baby|grown(?:-up)?)\s+)?"
    r"(?P<who>son|daughter|sister|brother|partner|wife|husband|boyfriend|girlfriend)\s+"
    r"(?:who|that|based|living|in|at|studying|working)\b",
    re.IGNORECASE,
)
_FACT_WORD_RE: Final = re.compile(r"[\w+#.'-]+")
#: A label before a fact ("Correction: user's son is 10").
_LEAD_LABEL_RE: Final = re.compile(
    r"^(?:correction|update|note|actually|fyi|edit)\s*[:,-]\s*", re.IGNORECASE
)
_NAMED_RE: Final = re.compile(
    r"^(?:the\s+)?user's\s+(?:(?:manager|boss|lead|supervisor|dentist|doctor|gp|landlord|"
    r"therapist|accountant|coach|partner|mentor)\s+is\s+(?:now\s+|currently\s+)?|\w+\s+is\s+)"
    r"(?:named\s+|called\s+)?"
    r"(?-i:[A-Z])[\w'-]+\.?$",
    re.I,
)


#: The user's own name: "User is named Jake", "User's name is Ana".
_USERS_NAME_RE: Final = re.compile(
    r"^(?:the\s+)?user(?:'s\s+name\s+is|\s+is\s+(?:named|called))\b", re.IGNORECASE
)
#: A remark that an earlier fact was wrong, before or after the fact that puts it
#: right: "...; beagle was wrong", "...; 'Mochi' earlier was a typo", "User said Stripe by
#: mistake; they actually work at Square".
_CORRECTION_REMARK_RE: Final = re.compile(
    r"^(?P<before>[^;]{3,200}?)\s*;\s*(?P<remark>[^;]{0,80}?\b(?:was|were|is)\s+(?:\w+\s+)?"
    r"(?:wrong|a\s+typo|a\s+mistake|mistaken|incorrect|swapped|mixed\s+up|outdated)\b[^;]{0,40}?)"
    r"\.?$"
    r"|^(?P<remark2>[^;]{0,80}?\b(?:by\s+mistake|was\s+(?:wrong|a\s+typo|incorrect))\b[^;]{0,20}?)"
    r"\s*;\s*(?P<after>[^;]{3,200}?)\.?$",
    re.IGNORECASE,
)


#: "has a dog named Pip", "has a 7-year-old daughter named Mia": one of the user's own.
_HAS_NAMED_RE: Final = re.compile(
    r"\bhas\s+an?\s+(?:\d+-year-old\s+)?(?P<kind>[\w-]+(?:\s+[\w-]+)?)\s+(?:named|called)\s+"
    r"(?P<name>[\w'-]+)",
    re.IGNORECASE,
)


_PARTNER_RE: Final = re.compile(
    r"\b(?:partner|boyfriend|girlfriend|husband|wife|spouse|fianc[eé]e?)\b", re.IGNORECASE
)


def _two_named(new: str, old: str) -> bool:
    """Two pets or children of the user's by two names: both are the user's ("has a dog
    named Pip" / "has a dog named Biscuit")."""
    a, b = _has_named(new), _has_named(old)
    if not (a and b) or _PARTNER_RE.search(a["kind"] + " " + b["kind"]):
        return False  # (a partner is one at a time: "a boyfriend named Dev" / "a partner ...")
    return a["name"].casefold() != b["name"].casefold()


def _core(fact: str) -> str:
    """A fact without a lead label or a tail that names what it is not: "Correction:
    user's son is named Jack, not Jake." -> "user's son is named Jack"."""
    return _IS_NOT_TAIL_RE.sub("", _LEAD_LABEL_RE.sub("", fact.strip()))


_IS_NOT_TAIL_RE: Final = re.compile(r",\s*not\s+[^,;.]+[.;]?$", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _content_words(fact: str) -> frozenset[str]:
    """The lower-case words of a fact but "user" and the shortest."""
    return frozenset(w for w in re.findall(r"[a-z]{3,}", fact.casefold()) if w != "user")


_SAME_PERSON: Final = {
    "mom": "mother", "mum": "mother", "dad": "father", "kid": "child", "kids": "child",
    "children": "child", "bosses": "boss", "co-founder": "cofounder",
    "significant other": "partner", "other half": "partner", "hubby": "husband",
}  # fmt: skip


@lru_cache(maxsize=4096)
def _whose(fact: str) -> str:
    """Who a fact is about besides the user ("sister"), or "" for the user; "mom" and
    "mother", "boss" and "bosses" are one."""
    core = _core(fact)
    found = _WHOSE_RE.match(core) or _BARE_WHOSE_RE.match(core) or _HAS_WHOM_RE.match(core)
    if not found or _NAMED_RE.match(core) or re.match(r"\s*tongue\b", core[found.end("who") :]):
        return ""  # ("User's manager is Priya": who the user's manager is, the user's fact)
    who = found["who"].casefold()
    who = _SAME_PERSON.get(who, who)
    return who[:-1] if who.endswith("s") and not who.endswith("ss") else who


@lru_cache(maxsize=4096)
def _named_whom(fact: str) -> str:
    """Whom a fact names ("manager" in "User's manager is named Alex"), or ""."""
    core = _core(fact)
    if not _NAMED_RE.match(core):
        return ""
    found = _NAMED_WHOM_RE.match(core)
    return found[1].casefold() if found else ""


_NAMED_WHOM_RE: Final = re.compile(r"^(?:the\s+)?user's\s+(\w+)", re.IGNORECASE)


#: What a fact says of why, or asks because of it: "... for ethical reasons", "...,
#: so avoid milk-based recipes", "...; avoid red/green colour coding".
_REASON_TAIL_RE: Final = re.compile(
    r"\s*(?:(?:,|;|\s-|\u2014)\s*)?\b(?:because\b|as\s+it\b|due\s+to\b|"
    r"for\s+(?:\w+\s+){0,2}reasons?\b|so\s+(?:avoid|please|no|don't|skip|use|keep|prefer)\b|"
    r"after\s+(?:a|an|my|the|his|her)\s+(?:[\w-]+\s+){0,2}(?:injury|accident|surgery|operation|"
    r"diagnosis|illness|burnout|breakup|break-up|fall|scare)\b)"
    r".*$|\s*[;,]\s*(?:avoid|please|use|don't|do\s+not|skip)\b.*$",
    re.IGNORECASE,
)
#: A fact said as a bare adjective or noun: "Vegetarian.", "Lactose-intolerant".
_BARE_STATE_RE: Final = re.compile(r"^(?-i:[A-Za-z])[\w-]*(?:\s+[\w-]+)?$")


@lru_cache(maxsize=4096)
def _bare(fact: str) -> str:
    """``fact`` without what it says of why ("for ethical reasons"), and a bare state
    said as the user's ("Vegetarian." -> "User is vegetarian")."""
    text = _REASON_TAIL_RE.sub("", fact.strip().rstrip(".!")).strip()
    if (
        _BARE_STATE_RE.match(text)
        and not re.match(r"(?i)user\b", text)
        and not re.match(FORMER_START, text, re.IGNORECASE)  # (the "ex-" of "Ex-Vim user")
    ):
        text = f"User is {text[:1].lower()}{text[1:]}".replace("-", " ")
    return text if text.casefold() != fact.strip().rstrip(".!").casefold() else fact


#: The verbs that hold a value a user has one of at a time, by what they hold (the
#: origin's verbs end with their preposition).
_HOLDING_VERBS: Final = {
    "place": r"lives|living|resides|based|located",
    "work": r"works|working|employed",
    "school": r"studies|studying|attends",
    "origin": r"is\s+from|comes\s+from|grew\s+up\s+in|was\s+born\s+in",
}
_HELD_VERBS: Final = "|".join(v for k, v in _HOLDING_VERBS.items() if k != "origin")
#: The words before such a value: "lives in", "studies at", "is from".
_ONE_VALUE_BEFORE_RE: Final = re.compile(
    rf"\b(?:(?:{_HELD_VERBS})\s+(?:\w+\s+)?(?:in|at|for|from)|{_HOLDING_VERBS['origin']})$",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)
def _fact_words(fact: str) -> tuple[str, ...]:
    return tuple(_FACT_WORD_RE.findall(fact.rstrip(".!")))


@lru_cache(maxsize=4096)
def _folded_words(fact: str, accents: bool = True) -> tuple[str, ...]:
    """:func:`_fact_words` case-folded, and without accents unless ``accents``."""
    words = _fact_words(fact)
    return tuple((w if accents else strip_accents(w)).casefold() for w in words)


def _one_word_swapped(new: str, old: str) -> str:
    """How two facts differ when they are the same words but one: "name" when it is a
    name or a number in both that no technology list knows, after a name or where the
    user lives, works or studies ("macOS Ventura" / "macOS Sonoma", "Studies at MIT" /
    "Studies at Stanford": another value), "names" for such a name elsewhere ("likes
    Coldplay" / "likes Radiohead": both may hold), "head" when it is the last word, lower
    case in both ("dark mode" / "dark chocolate": other things), else ""."""
    a, b = _fact_words(new), _fact_words(old)
    if len(a) != len(b) or len(a) < 2:
        return ""
    folded = _folded_words(new, accents=False), _folded_words(old, accents=False)
    diff = [
        i for i, (x, y) in enumerate(zip(*folded, strict=True)) if x != y
    ]  # ("Bogotá" / "Bogota": one name)
    if len(diff) != 1:
        return ""
    i = diff[0]
    x, y = a[i], b[i]
    one_value = (
        (i > 1 and not a[i - 1].islower())
        or bool(  # ("macOS Ventura" / "Sonoma")
            _ONE_VALUE_BEFORE_RE.search(" ".join(a[:i]))  # ("lives in", "studies at")
        )
        or bool(_ONE_PERSON_NAMED_RE.match(" ".join(a[:i])))  # ("partner is called Alex")
    )
    counts = NUMBER_WORDS.keys() | {"no", "none", "zero"}
    if x.isdigit() != y.isdigit() and not {x.casefold(), y.casefold()} & counts:
        return "names"  # ("was born in Lagos" / "in 1990": a place and a year, both hold)
    if i > 0 and all(
        (w[:1].isupper() or w[:1].isdigit()) and lookup_technology(w) is None for w in (x, y)
    ):
        if one_value:
            return "name"
        if x[:1].isupper() and y[:1].isupper():
            return "names"  # ("likes Coldplay" / "likes Radiohead")
    if i == len(a) - 1 and x.islower() and y.islower() and len(x) > 3 and len(y) > 3:
        return "" if synonymous(x, y) else "head"  # ("by metro" / "by subway": one)
    return ""


#: The name of someone a user has one of at a time: "User's partner is called (Alex)",
#: "User's manager's name is (Priya)" (not a dog's: two dogs may both be named).
_ONE_PERSON_NAME_RE: Final = re.compile(
    r"^(?:the\s+)?user's\s+(?P<who>partner|wife|husband|spouse|girlfriend|boyfriend|fianc\w*|"
    r"manager|boss|landlord|landlady|doctor|gp|therapist)(?:'s\s+name)?\s+"
    r"(?:is\s+(?:now\s+)?(?:called\s+|named\s+)?|called\s+|named\s+)(?:now\s+)?"
    r"(?P<name>(?-i:[A-Z])[\w'-]+)(?:\s+now)?\W*$",
    re.IGNORECASE,
)


def _one_person_renamed(new: str, old: str) -> bool:
    """One person of a kind the user has one of, named otherwise ("User's partner is
    named Alex" / "User's partner is Sam"; not "... is Italian", "... is Pregnant")."""
    a = _ONE_PERSON_NAME_RE.match(new)
    b = _ONE_PERSON_NAME_RE.match(old) if a else None
    return bool(
        a
        and b
        and a["who"].casefold() == b["who"].casefold()
        and a["name"] != b["name"]
        and not any(_NOT_A_NAME_RE.fullmatch(m["name"]) for m in (a, b))
    )


#: What a capital word after "is" may be besides a name: where one is from, a state.
_NOT_A_NAME_RE: Final = re.compile(
    DEMONYMS + "|" + "|".join(sorted(STATE_WORDS)) + r"|Sick|Ill|Busy|"
    r"Deaf|Blind|Disabled|Older|Younger|Tall|Short|Great|Fine|Ok|Okay|Away|Abroad|Home",
    re.IGNORECASE,
)


_ONE_PERSON_NAMED_RE: Final = re.compile(
    r"^(?:the\s+)?user's\s+(?:partner|wife|husband|spouse|girlfriend|boyfriend|fianc\w*|"
    r"manager|boss|landlord|landlady|doctor|gp|therapist)(?:'s\s+name)?\s+(?:is\s+)?"
    r"(?:called|named|is)$",
    re.IGNORECASE,
)
#: Before a value that is one of its kind: "User's car is (blue)", "User prefers
#: (aisle) seats", "User supports (Arsenal)" (not what a person or a pet is: "User's son
#: is (tall)").
_ONE_ATTRIBUTE_RE: Final = re.compile(
    r"(?:\b(?:user's|their|his|her)\s+(?:[\w-]+\s+){0,2}(?!(?:son|daughter|kids?|child|"
    r"children|boy|girl|baby|brother|sister|sibling|mum|mom|dad|mother|father|parents?|"
    r"partner|wife|husband|spouse|friend|boss|colleague|manager|dog|cat|pet|puppy|kitten|"
    r"horse|bird|neighbou?r|teacher|doctor)s?\s)[\w-]+\s+(?:is|are)"
    r"|^(?:user\s+)?prefers)$",
    re.IGNORECASE,
)


def _attribute_changed(new: str, old: str) -> bool:
    """True when two facts are the same words but one, the value of one attribute
    (:data:`_ONE_ATTRIBUTE_RE`): "User's car is blue" / "User's car is red", "Prefers
    aisle seats" / "Prefers window seats", "User supports Arsenal" / "... Chelsea"."""
    a, b = _fact_words(new), _fact_words(old)
    if len(a) != len(b) or len(a) < 2:
        return False
    folded = _folded_words(new), _folded_words(old)
    diff = [i for i, (x, y) in enumerate(zip(*folded, strict=True)) if x != y]
    if len(diff) != 1:
        return False
    i = diff[0]
    x, y = a[i].casefold(), b[i].casefold()
    if {x, y} & {"not", "no", "never", "also"} or synonymous(x, y):
        return False
    if lookup_technology(x) is not None or lookup_technology(y) is not None:
        return False  # (a technology's own rules read it)
    before = " ".join(a[:i])
    if re.search(r"prefers$", before, re.IGNORECASE):
        return True  # ("prefers aisle seats" / "window seats": one preference)
    kinds = (_COLOURS, frozenset({"upstairs", "downstairs"}))
    same_kind = any(x in k and y in k for k in kinds) or (x.isdigit() and y.isdigit())
    return same_kind and bool(_ONE_ATTRIBUTE_RE.search(before))  # ("car is blue" / "red")


#: Words that say nothing of a fact's value ("User *runs* 20 km *per* week").
_LINK_WORDS: Final = frozenset(
    ("user", "user's", "is", "are", "was", "a", "an", "the", "on", "in", "at", "of", "to", "for",
     "with", "uses", "runs", "has", "have", "holds", "per", "their", "his", "her", "its",
     "now", "currently")
)  # fmt: skip
_NOT_TAIL_RE: Final = re.compile(r",?\s+not\s+[\w.'-]+[.!]?$", re.IGNORECASE)
#: The classes a user may hold several of, or whose words mean other things too (a
#: user speaks several languages; "British" is a citizenship as well as a spelling).
_SEVERAL: Final = frozenset({"language", "spelling"})
_COLOURS: Final = frozenset(
    [
        "white",
        "yellow",
        "orange",
        "green",
        "blue",
        "purple",
        "brown",
        "red",
        "black",
        "grey",
        "gray",
        "pink",
    ]
)
_CLASS_OF: Final = {
    member.casefold(): {k for k, ms in VALUE_CLASSES.items() if member in ms}
    for members in VALUE_CLASSES.values()
    for member in members
}


def _named_after_one(fact: str, word: str) -> str:
    """The technology or capitalized word right before ``word`` in ``fact`` when ``word``
    is a name no technology list knows ("macOS" before "Sonoma"), else ""."""
    words = _fact_words(fact)
    at = next((i for i, w in enumerate(words) if w.casefold() == word), None)
    if not at or not words[at][:1].isupper() or lookup_technology(words[at]) is not None:
        return ""
    before = words[at - 1]
    known = before[:1].isupper() or lookup_technology(before) is not None
    return before.casefold() if known and before.casefold() not in _LINK_WORDS else ""


_LETTER_RE: Final = re.compile(r"(?<=\s)([A-Z][+-]?)(?=[\s.,;:!?]|$)")
_COUNTED_RE: Final = re.compile(rf"\b({'|'.join(NUMBER_WORDS)})-(?=[a-z])", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _value_words(text: str) -> frozenset[str]:
    """A fact's words, case-folded, numbers as digits, without the words that link them,
    a leading label and a "not X" tail ("Correction: user's son is 10, not 8.": "son",
    "10")."""
    bare = _NOT_TAIL_RE.sub("", _LEAD_LABEL_RE.sub("", text))
    bare = _COUNTED_RE.sub(r"\1 ", bare)  # "two-week sprints": "two week sprints"
    bare = _LETTER_RE.sub(r"letter-\1", bare)  # "got a B", "size M", "drop D": a value
    words = {NUMBER_WORDS.get(w.casefold(), w.casefold()) for w in _fact_words(bare)}
    return frozenset(words - _LINK_WORDS)


def _colour_swapped(new: str, old: str) -> bool:
    """True when the two facts differ by one colour for another and nothing else, a
    colour said of a thing ("drives a blue Skoda" / "a grey Skoda"): two things, or one
    changed, never one fact said twice. Not a colour that is a slot's value ("favourite
    colour: blue", "terminal background is black": the slot rules read it) or a name
    ("formats code with Black")."""
    words = _value_words(new), _value_words(old)
    only = words[0] - words[1], words[1] - words[0]
    if len(only[0]) != 1 or len(only[1]) != 1 or not (only[0] | only[1]) <= _COLOURS:
        return False
    if re.search(r"\b(?:is|are|colou?r|background|theme)\b", f"{new} {old}", re.I):
        return False
    return not any(
        re.search(rf"(?<!^)\b(?-i:{c.capitalize()})\b", f)
        for c in only[0] | only[1]
        for f in (new, old)
    )


def _value_swapped(new: str, old: str) -> bool:
    """True when two facts are the same words but one value each, of one class: numbers
    ("runs 20 km per week" / "Runs 35 km a week"), levels ("B1" / "B2"), members of one
    set of :data:`~.choices.VALUE_CLASSES` ("a blue belt" / "a brown belt"), whatever the
    order and the words that link them. A spoken language is no such value (a user
    speaks several)."""
    words = [_value_words(new), _value_words(old)]
    only = [set(words[0] - words[1]), set(words[1] - words[0])]
    if len(only[0]) != 1 or len(only[1]) != 1:
        return False
    x, y = only[0].pop(), only[1].pop()
    if re.search(r"\d", x) and re.search(r"\d", y):
        return True
    if x.startswith("letter-") and y.startswith("letter-"):
        return True  # ("got a B in math" / "got an A in math")
    if _named_after_one(new, x) and _named_after_one(old, y):
        before = {_named_after_one(new, x), _named_after_one(old, y)}
        if len(before) == 1:
            return True  # "runs macOS Sonoma" / "is on macOS Sequoia"
    shared = _CLASS_OF.get(x, set()) & _CLASS_OF.get(y, set())
    if shared and synonymous(x, y):
        return False  # ("by metro" / "by subway": one way)
    if {x, y} <= _COLOURS and "belt" in _value_words(new) & _value_words(old):
        return True  # ("a blue belt" / "a brown belt": one rank at a time)
    if {x, y} <= COMMUTES and not synonymous(x, y) and _commuting(new) and _commuting(old):
        return True  # ("commutes by bus" / "commutes by tram")
    return bool(shared - _SEVERAL)


_THIRD_PERSON_RE: Final = re.compile(r"^\W*(?:the\s+)?user\b|\b(?:user|user's)\b", re.I)


_TO_THE_USER_RE: Final = re.compile(
    r"^((?:always\s+)?(?:answer|reply|respond|write|talk))\s+(?:to\s+)?the\s+user\b", re.I
)


#: A memory written as a form's field: "Test runner: Jest", "Age: thirty-four", "Likes:
#: hiking" (a label of one to four words, not a remark such as "Correction:" or "Note:").
_LABELLED_RE: Final = re.compile(
    r"^\s*(?P<label>(?-i:[A-Z])[a-z'-]*(?:[ -][A-Za-z][a-z'-]*){0,3})\s*:\s*"
    r"(?P<value>[^:\n]{1,80}?)[.!]?\s*$"
)
_NOT_A_FIELD: Final = frozenset(
    wordlist("correction update note actually fyi edit context re ps tldr reminder important")
)
#: Labels of a list, whose values are several ("Languages: Go", "Tools: Docker").
_LIST_LABEL_RE: Final = re.compile(
    r"(?:(?<!ss)(?<!day)(?<!hour)(?<!time)(?<!u)s|\bstack|\bspoken|\bsetup|\bgear|\bkit)$",
    re.IGNORECASE,
)
#: Labels that are a verb of the user's ("Likes: hiking": "User likes hiking").
_VERB_LABELS: Final = frozenset(
    wordlist("likes dislikes loves hates uses prefers avoids wants enjoys speaks drinks eats")
)


def _labelled(fact: str) -> str:
    """A memory written as a field ("Manager: Kofi") said as a sentence ("User's manager
    is Kofi"; "Likes: hiking" -> "User likes hiking"), else ``fact``."""
    field = _LABELLED_RE.match(fact)
    if field is None:
        return fact
    label, value = field["label"].casefold(), field["value"].strip()
    if (
        label.split()[0] in _NOT_A_FIELD
        or label in ("user", "the user")
        or _LIST_LABEL_RE.search(label)
    ):
        return fact  # (a remark, or a list: "Languages: Python", "Stack: React, Node")
    if label in _VERB_LABELS:
        return f"User {label} {value}"
    age = number_in_figures(value) if label == "age" else None
    if age is not None:
        return f"User is {age} years old"  # ("Age: thirty-four": "User is 34 years old")
    if label.startswith("user's "):
        return f"User's {label[7:]} is {value}"  # ("User's car: Honda Civic")
    return f"User's {label} is {value}"


#: A memory without a subject whose subject is a slot of the user's: "Bedtime is 10:30
#: pm", "Team lead is Marco", "Partner's name is Sam" (not "It is ...", "Python is ...").
_SUBJECTLESS_SLOT_RE: Final = re.compile(
    r"^\s*(?:my\s+)?(?P<slot>(?-i:[A-Z])[a-z'-]+(?:\s+(?-i:[a-z])[a-z'-]*){0,3})\s+(?:is|are)\s+"
    r"(?P<value>.+)$",
    re.IGNORECASE,
)
_NOT_A_SLOT: Final = frozenset(
    wordlist(
        "it this that there here he she they we what which who everything nothing "
        "something everyone someone nobody each all both one user the a an"
    )
)

#: First words of a subjectless fact that are the user's verb ("Likes when ...").
_SLOT_VERBS: Final = frozenset(
    wordlist(
        "likes loves hates prefers uses wants needs enjoys works lives has does keeps gets "
        "goes takes makes plays runs writes reads speaks thinks feels finds says avoids"
    )
)
#: A value that is a passive ("are written with Vitest") or names its owner ("their
#: favourite band", "my partner").
_PASSIVE_OR_OWNED_RE: Final = re.compile(
    r"^(?:\w+ly\s+)?(?:\w+ed|written|done|made|kept|built|run|held|set|taken|given)\b|"
    r"\b(?:their|my|our|your|his|her|the\s+user(?:'s)?|user's)\b",
    re.IGNORECASE,
)


def _slot_said(fact: str) -> str:
    """A subjectless "<slot> is <value>" said as the user's ("User's bedtime is 10:30 pm"),
    else ``fact``."""
    found = _SUBJECTLESS_SLOT_RE.match(fact)
    if found is None:
        return fact
    slot, value = found["slot"], found["value"]
    words = slot.casefold().split()
    if (
        words[0] in _NOT_A_SLOT
        or words[0] in _SLOT_VERBS
        or words[0].endswith("ing")
        or any(word in ENGLISH_STOP_WORDS for word in words)
        or find_technology_mentions(slot)
        or _PASSIVE_OR_OWNED_RE.search(value)
        or re.match(FORMER_START, fact, re.IGNORECASE)  # ("Ex-wife is Laura": no more)
    ):
        return fact  # ("Likes when ...", "Frontend tests are written with Vitest",
        # "Radiohead is their favourite band": a thing of the user's, not a slot)
    return f"User's {slot[0].lower()}{slot[1:]} is {value}"


@lru_cache(maxsize=4096)
def _third_person(fact: str) -> str:
    """A standing instruction in the imperative said as a fact about the user ("Answer
    in Spanish." -> "User wants the assistant to answer in Spanish"), else ``fact``."""
    # ("Answer the user in English": the user is who the answers are for, no place)
    fact = _labelled(_TO_THE_USER_RE.sub(r"\1", fact))
    if _THIRD_PERSON_RE.search(fact):
        return fact
    fact = _slot_said(fact)
    if fact.startswith("User's "):
        return fact
    said = imperative_fact(fact)
    return said[0].content if said and len(said) == 1 else fact


def _one_word_apart(new: str, old: str) -> bool:
    """True when two facts are the same words in the same places but one, and those two
    are not one word said twice ("car is blue" / "car is red"; not "is dyslexic" / "has
    dyslexia", "metro" / "subway")."""
    a, b = _fact_words(new.casefold()), _fact_words(old.casefold())
    if len(a) != len(b):
        return False
    diff = [(x, y) for x, y in zip(a, b, strict=True) if x != y]
    if len(diff) != 1:
        return False
    x, y = diff[0]
    return x[:5] != y[:5] and not synonymous(x, y)


def _commuting(fact: str) -> bool:
    return re.search(r"\bcommut|\bto (?:work|the office|school|campus)\b", fact, re.I) is not None


_HELD_RE: Final = re.compile(
    r"\b(?:(?:"
    + "|".join(f"(?P<{k}>{v})" for k, v in _HOLDING_VERBS.items() if k != "origin")
    + rf")\s+(?:\w+\s+)?(?:in|at|for)\b|(?P<origin>{_HOLDING_VERBS['origin']})\b)",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)
def _held(fact: str) -> str:
    """What a fact says the user is held to ("place", "work", "school", "origin"), else
    ""."""
    m = _HELD_RE.search(fact)
    return m.lastgroup or "" if m else ""


# (the patterns read from one fact at a time, cached: see _per_text)
_one_name: Final = _per_text(_ONE_NAME_RE.match)
_slot_is: Final = _per_text(_SLOT_IS_RE.match)
_pet_whose: Final = _per_text(_PET_WHOSE_RE.match)
_pet_talk: Final = _per_text(_PET_TALK_RE.search)
_allergy: Final = _per_text(_ALLERGY_RE.search)
_negated: Final = _per_text(_NEGATED_RE.search)
_has_named: Final = _per_text(_HAS_NAMED_RE.search)
_correction_remark: Final = _per_text(_CORRECTION_REMARK_RE.search)
_addition: Final = _per_text(_ADDITION_RE.search)


def decide(
    new: str,
    old: str,
    threshold: float = DEFAULT_DUPLICATE_THRESHOLD,
    *,
    cosine: float | None = None,
) -> Action:
    """What storing ``new`` does to the stored ``old`` (see the module docstring).

    ``cosine``: the similarity of the two facts' embeddings, when the caller has them.
    """
    new, old = " ".join(new.split()), " ".join(old.split())  # (runs of spaces: one, and a
    # bounded time for the expressions below, which read a run once per space)
    if _detail_added(new, old) or _detail_added(old, new):
        return "merge"  # "User has 2 kids" / "User has 2 kids aged 7 and 10"
    if (head := _head_before_another_end(new, old)) is not None:
        return decide(head, old, threshold, cosine=cosine)  # ("Works at Google, no longer an
        # intern" / "Works at Google": the end is of something else)
    if _none_now(new, old) or _none_now(old, new) or _one_person_renamed(new, old):
        return "supersede"  # "has no pets" / "has a greyhound" (either way), "partner is
        # Alex" / "... Sam"
    named = _named_whom(new), _named_whom(old)
    if (
        _whose(new) != _whose(old)
        or (all(named) and named[0] != named[1])
        or (set(named) - {"", "name"} and _USERS_NAME_RE.match(new if named[1] else old))
        or _pet_apart(new, old)
        or _two_named(new, old)
    ):
        return "keep"  # "User lives in Paris" / "User's sister lives in Paris"
    remark = _correction_remark(new)
    if remark:
        said = remark["before"] or remark["after"] or ""
        if (
            _content_words(remark["remark"] or remark["remark2"] or "") & _content_words(old)
            and content_similarity(said, old) > 0  # (the fact put right is the old one's)
        ):
            return "supersede"  # "... a basset hound; beagle was wrong", "said Stripe by mistake"
        if said and decide(said, old, threshold) == "supersede":
            return "supersede"  # "teaches physics, not chemistry; the earlier note was wrong"
    if (
        _addition(new)
        and not _addition(old)
        and not _NEGATED_FACT_RE.search(new)  # ("also not vegetarian anymore": an end)
    ):
        said = _ADDITION_WORD_RE.sub("", new)
        # one more thing beside the old ("also plays piano" / "plays guitar"), or the old said again
        return "merge" if said != new and decide(said, old, threshold) == "merge" else "keep"
    bare = _bare(new), _bare(old)
    if (
        bare != (new, old)
        and not (_REASON_TAIL_RE.search(new) and _REASON_TAIL_RE.search(old))  # (both: may differ)
        and all(bare)
        and _content_words(bare[0]) & _content_words(bare[1])  # (a cheap look first)
        and decide(*bare, threshold) == "merge"
    ):
        return "merge"  # "Vegetarian." / "User is vegetarian for ethical reasons."
    if len({_held(new), _held(old)} - {""}) == 2:
        return "keep"  # "lives in Toronto" / "works in downtown Toronto", "is from Zürich"
    new, old = _third_person(new), _third_person(old)  # ("Answer in Spanish.")
    new_frames, old_frames = frames_of(new), frames_of(old)  # (they read the canonical text)
    new, old = canonical_fact(new), canonical_fact(old)
    swapped = _one_word_swapped(new, old)
    if swapped == "name" or _value_swapped(new, old) or _attribute_changed(new, old):
        return "supersede"  # "uses macOS Ventura" / "uses macOS Sonoma": another value
    if _names_the_old_as_wrong(new, old):
        return "supersede"  # "works at an insurance company, not a bank"
    if (_end_sign(new) and _ends_it(_said_by_user(new), _said_by_user(old))) or _retired_from_work(
        new, old, old_frames
    ):
        return "supersede"  # "dropped Docker for local development", "sold their car"
    if _slot_changed(new, old) or _name_swapped(new, old) or _one_name_swapped(new, old):
        return "supersede"  # "cluster scheduler is PBS" / "cluster scheduler is Slurm"
    if _colour_swapped(new, old):
        return "keep"  # "drives a blue Skoda" / "a grey Skoda": two, or one changed; not one
    if (
        _routine_time_changed(new, old)
        or _meeting_time_changed(new, old)
        or _remote_now(new, old)
        or _tracker_changed(new, old)
        or _free_now(new, old)
        or _liking_turned(new, old)
    ):
        return "supersede"  # "goes to bed at 10 pm" / "goes to bed at midnight these days"
    if new_frames and old_frames:
        own, theirs = new_frames[0], old_frames[0]
        if (
            own.topic == theirs.topic == "name"
            and bool(_CALLED_RE.search(new)) != bool(_CALLED_RE.search(old))
            and _short_form(own.value, theirs.value)
        ):
            return "keep"  # "name is Alexandra" / "likes to be called Alex": both hold
        verdict = relation(own, theirs)
        if verdict == "unrelated" and _same_technology(own, theirs):
            if own.version != theirs.version:
                return "keep"  # "uses Python 3.12" / "primary language is Python"
            verdict = "same"  # "uses iTerm2" / "terminal emulator is iTerm2"
        if (
            verdict == "same"
            and not own.topic.startswith("uses:")  # (a group of tools, "ci_service")
            and own.value.casefold() in _TOOL_NAMES
            and _two_uses(new, old)
        ):
            return "keep"  # "Jenkins for releases" / "Jenkins for nightly builds": two uses
        if verdict == "same" and swapped == "names":
            return "keep"  # "uses Unity for Switch games" / "... for PlayStation games"
        if verdict == "same":
            per_technology = _per_technology(own) or _per_technology(theirs)
            releases = own.topic in _RELEASE_TOPICS  # ("macOS Sonoma"; not "Python Typer")
            models = _model(new, own.value, releases), _model(old, theirs.value, releases)
            if all(models) and models[0] != models[1]:
                return "supersede"  # "a MacBook Pro M1" / "a MacBook Pro M3"
            if own.topic == "commute":  # the same way to work: one fact only when said alike
                return "merge" if _said_alike(new, old, threshold, cosine) else "keep"
            details = residual_terms(new), residual_terms(old)
            if per_technology and not _compatible_detail(*details):
                # "prefers TypeScript" / "prefers TypeScript strict mode": one says more;
                # both say more, in other words: one when near in meaning ("writes docs in
                # AsciiDoc" / "authors documentation using AsciiDoc")
                near = (
                    _details_alike(*details)  # (not "for data analysis" / "for web scraping")
                    and not _named_so(own.value, f"{new} / {old}")  # ("daughter named Ruby")
                    and _near_by_meaning(new, old, cosine)
                )
                return "merge" if near else "keep"
            if _other_tools(new, old) or bool(_ADD_ON_RE.search(new)) != bool(
                _ADD_ON_RE.search(old)
            ):
                return "keep"  # "uses Ghidra" / "uses Ghidra and Burp Suite": one tool more;
                # "uses VS Code" / "the GitLens extension in VS Code": one thing more in it
            numbers = _numbers(new), _numbers(old)
            if all(numbers) and numbers[0] != numbers[1]:  # "minSdk 24" / "minSdk 26"
                return "supersede" if contradicts(new, old) else "keep"
            return "supersede" if opposite_words(new, old) else "merge"  # ("public"/"private")
        if any(relation(frame, theirs) == "supersedes" for frame in new_frames):
            if _two_uses(new, old) or _addition(new):
                return "keep"  # "Jenkins for nightly builds" / "GitHub Actions for releases"
            return "supersede"  # (but "User also uses Yarn" adds a tool: not instead of npm)
        if any(_stops_using(frame, theirs) for frame in new_frames):
            return "supersede"  # "no longer writes JavaScript" / "primary language is JavaScript"
        if _kind_swapped(new, old):
            return "supersede"  # "monitors with Datadog" / "monitors with New Relic"
        if (
            own.topic == theirs.topic
            and own.polarity != theirs.polarity
            and (opposite_words(new, old) or _one_word_apart(new, old))
        ):
            return "supersede"  # "spellcheck is enabled" / "spellcheck is disabled"
        if verdict == "compatible" or own.topic == theirs.topic:
            return "keep"
        if not (_per_technology(own) and _per_technology(theirs)) and (
            registered_topic(own.topic) or registered_topic(theirs.topic)
        ):
            # two topics ("answers in English" / "comments in English"), or a technology
            # and a named topic ("uses Python" / "uses Python type hints")
            return "keep"
    if swapped in ("head", "names"):
        return "keep"  # "prefers dark mode" / "dark chocolate", "likes Coldplay" / "Radiohead"
    if is_duplicate(new, old, threshold) and not opposed(new, old):
        return "merge"
    if new_frames and not old_frames and not names_a_value(old, [f.value for f in new_frames]):
        return "keep"  # "no longer uses Spark" says nothing of "works with logs"
    if (
        old_frames
        and not new_frames
        and topic_category(old_frames[0].topic) not in (None, "personal")
        and (find_technology_mentions(new) or re.search(r"\b(?-i:[A-Z])\b", new[4:]))
        # (a language, a tool: "prefers R")
        and contradiction_reason(new, old) == "value"
        and not names_a_value(new, [f.value for f in old_frames])
    ):
        return "keep"  # "prefers R" names no value of "prefers British spelling"'s topic
    if _ends_another_thing(new, old):
        return "keep"  # "sold the house" / "likes house music": a thing had, not the taste
    if not (new_frames and old_frames) and (
        contradicts(new, old)
        or stops(new, old)
        or (opposed(new, old) and content_similarity(new, old) >= 0.5)
    ):
        return "supersede"  # the similarity rule's contradiction: the newer replaces it
    if _piece_ends_it(new, old, threshold):
        return "supersede"  # "eats meat now, no longer vegetarian" / "is vegetarian"
    if not _near_by_meaning(new, old, cosine):
        return "keep"
    if bool(_DEED_RE.match(new)) != bool(_DEED_RE.match(old)):
        return "keep"  # "handed tinyparse off to a new maintainer" / "maintains tinyparse":
        # an end of the thing, or of a part of it ("got rid of the weeds in the garden")
    if (
        polarity(new) != polarity(old)
        and _shared_stems(new, old)
        and not _AVOIDING_RE.search(f"{new} / {old}")
    ):
        return "supersede"  # "takes sugar in tea" / "takes tea unsweetened": near in
        # meaning, the same thing, the other polarity
    return "merge"


#: A deed of the user's that ends what it is done to, at the fact's start.
_DEED_RE: Final = re.compile(rf"^(?:User\s+)?(?:{ENDED_DEEDS})", re.IGNORECASE)
#: What says an avoidance without a negation ("is vegetarian", "lactose intolerant", "a
#: peanut allergy"): a fact with it and its negated twin may say one thing.
_AVOIDING_RE: Final = re.compile(
    r"\b(?:vegetarian|vegan|pescatarian|intoleran\w*|allerg\w*|sober|teetotal\w*|"
    r"c[o]?eliac|kosher|halal|\w+-free)\b",
    re.IGNORECASE,
)


def _shared_stems(new: str, old: str) -> frozenset[str]:
    """The stems of the content words two facts share ("relocating" / "relocate")."""

    def stems(fact: str) -> frozenset[str]:
        return frozenset(
            stem_english(w) for w in _content_words(fact) if w not in ENGLISH_STOP_WORDS
        )

    return stems(new) & stems(old)


#: A fact that hedges or asks: no end said ("might", "if", "considering", "?").
_HEDGED_RE: Final = re.compile(
    r"\?|\b(?:if|might|maybe|perhaps|considering|wonders?|thinking|sure|unsure|whether|"
    r"plans?|planning|wants?|hopes?|tried|trying|dreams?)\b",
    re.IGNORECASE,
)
_END_WORDS: Final = frozenset({"longer", "quit", "stopped", "gave", "anymore"})
#: A later piece of a fact that says an end: "..., no longer vegetarian".
_ENDING_PIECE_RE: Final = re.compile(
    r",\s+(?P<piece>(?:no\s+longer|not\s+anymore|quit|stopped|gave\s+up)\b[^,;]{2,60})$",
    re.IGNORECASE,
)


def _head_before_another_end(new: str, old: str) -> str | None:
    """``new`` without its last piece when that piece ends something ``old`` does not name
    ("Works at Google, no longer an intern" / "Works at Google": "Works at Google"), or None."""
    found = _ENDING_PIECE_RE.search(new)
    if found is None:
        return None
    named = _content_words(found["piece"]) - _END_WORDS
    head = new[: found.start()].strip()
    if not named or named <= _content_words(old) or len(head.split()) < 2:
        return None
    return head


def _piece_ends_it(new: str, old: str, threshold: float) -> bool:
    """The last piece of ``new`` after a comma ends ``old`` said alone ("User eats meat
    now, no longer vegetarian" / "Is vegetarian": "User is no longer vegetarian"): the
    user's plain statement (not a friend's, a hedge or a question), whose last piece names
    nothing the old fact does not ("no longer happy at Microsoft" ends no "works at
    Microsoft")."""
    found = _ENDING_PIECE_RE.search(new)
    if found is None or not _said_by_user(new).startswith("User ") or _HEDGED_RE.search(new):
        return False
    piece = found["piece"]
    named = _content_words(piece) - _END_WORDS
    if not named or not named <= _content_words(old) | {"anymore"}:
        return False
    said = (
        f"User is {piece}"
        if re.match(r"no\s+longer\s+(?:a|an)?\s*[a-z-]+$", piece, re.I)
        else piece
    )
    said = said if said.startswith("User") else f"User {said}"
    return decide(said, old, threshold) == "supersede"


def _said_alike(new: str, old: str, threshold: float, cosine: float | None) -> bool:
    """Two facts of one value said alike: by their words or by their meaning ("takes
    the subway to work" / "commutes via metro"; not "bikes to work" / "... on a Brompton")."""
    return is_duplicate(new, old, threshold) or _near_by_meaning(new, old, cosine)


def _near_by_meaning(new: str, old: str, cosine: float | None) -> bool:
    """Two facts one in meaning that say the same values: no contradiction, neither one
    word apart nor one adding to the other; their embeddings near (``cosine`` at least
    :data:`SEMANTIC_DUPLICATE_COSINE`), or less near, no change word on one side only, not
    one word swapped for another (:func:`.swaps_one_word`), and a learned model sure
    enough (:func:`.merge_probability`: the cosine and the words). Never without a cosine:
    the words alone do not tell a paraphrase from another value."""
    if (
        cosine is None
        or _CODE_RE.search(new + old)  # embeddings of markup and code say little
        or not same_values(new, old)
        or contradicts(new, old)
        or _one_word_apart(new, old)  # ("car is blue" / "car is red": near, not one)
        or adds_to(new, old)  # ("has a dog" / "has a dog and a cat": one more thing)
        or _other_kinds(new, old)  # ("drinks coffee" / "drinks tea": near, not one)
    ):
        return False
    if bool(_CHANGE_WORD_RE.search(new)) != bool(_CHANGE_WORD_RE.search(old)):
        return False  # ("Correction: Luna is a male cat" / "User's cat is a girl named Luna")
    if cosine >= SEMANTIC_DUPLICATE_COSINE:
        return True
    return (
        not swaps_one_word(new, old)
        and bool(_NOT_FOR_THE_MODEL_RE.search(new)) == bool(_NOT_FOR_THE_MODEL_RE.search(old))
        and merge_probability(new, old, cosine) >= MERGE_PROBABILITY
    )


#: A word that says a fact changed or was wrong: a fact with one and a fact without are
#: not one fact said twice ("no longer drives", "rarely writes tests", "Correction: ...",
#: and "no longer" in a few other languages: "nicht mehr auf Deutsch").
_CHANGE_WORD_RE: Final = re.compile(
    r"\b(?:no longer|any ?more|switched|rarely|never|seldom|hardly|correct(?:ion|ed)|"
    r"clarified|meant|misspoke|typo|actually|wrong|mistaken(?:ly)?|by mistake|used to|"
    r"previously|now\s+(?:prefer|like|want|use|work|live|drink|eat|speak|write|run|play|"
    r"own|drive)s?|died|passed away|gave up|quit|stopped|cancell?ed|deleted|sold|ditched|"
    r"dropped|done with|cut out|off the menu|no more|outgrown|paid off|broke up|gone|"
    r"got rid of|shaved off|shut down|closed down|uninsured|"
    r"promoted|retired\s+from|nicht mehr|keine? mehr|ya no|no m[aá]s|j[aá] n[aã]o|n[aã]o mais|"
    r"plus jamais|ne\s+\w+\s+plus|n'\w+\s+plus|non pi[uù]|niet meer|nie ma ju[zż]|"
    rf"{ENDED_WORDS}|"
    # a thing taken up again: "drinks coffee again", "back on Instagram", "resumed running"
    r"again|back (?:on|to|in)|resumed|returned to|picked (?:\w+ )?back up)\b",
    re.IGNORECASE,
)
#: What the merge model must not merge across, beside :data:`_CHANGE_WORD_RE`: a status
#: that ended ("former avid hiker", "Ex-SWE") and a fact limited by an exception ("mostly
#: plant-based but eats fish"). (At a cosine of 0.7 or more they may be one: "Former cop,
#: now retired" / "User is a retired police officer".)
_NOT_FOR_THE_MODEL_RE: Final = re.compile(
    r"\b(?:former(?:ly)?|ex|but|except|apart from|other than|mostly|partly)\b",
    re.IGNORECASE,
)


_KIND_OF: Final = {m: kind for kind, members in KINDS.items() for m in members}


def _kinds(text: str) -> dict[str, set[str]]:
    """The members of :data:`~.choices.KINDS` a fact names, by kind (plurals read off)."""
    out: dict[str, set[str]] = {}
    for word in re.findall(r"[a-z][a-z-]*", text.casefold()):
        member = word if word in _KIND_OF else word[:-1] if word[:-1] in _KIND_OF else ""
        if member and (member == word or word.endswith("s")):
            out.setdefault(_KIND_OF[member], set()).add(member)
    return out


def _other_kinds(new: str, old: str) -> bool:
    """True when each fact names a member of one kind of thing the other does not
    (:data:`~.choices.KINDS`: "plays guitar" / "plays piano", "coffee" / "tea")."""
    x, y = _kinds(new), _kinds(old)
    return any(x[k] - y[k] and y[k] - x[k] for k in x.keys() & y.keys())
