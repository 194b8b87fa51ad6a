"""The user's named pets and children, said in passing.

People name their dog or their daughter while talking about something else: "my dog
Biscuit keeps eating socks", "My dog Biscuit is a 9yo beagle w/ bad hips", "mydog is a
3yo border collie called Pip", "My daughter Inês is 7 and obsessed with volcanoes". The
rest of such a clause is about the pet or the child (not the user's fact); that the user
has them is.

>>> [f.content for f in household_facts("my dog Biscuit (beagle, 4yo) keeps eating socks")]
['User has a beagle named Biscuit']
>>> [f.content for f in household_facts("My daughter Inês is 7 and loves volcanoes")]
['User has a 7-year-old daughter named Inês']
"""

from __future__ import annotations

import re
from typing import Final

from amplify_memory.memory._facts import ExtractedFact
from amplify_memory.memory._text import CHILD_NOUNS, PET_NOUNS, indefinite_article, wordlist
from amplify_memory.memory.technologies import lookup_technology

__all__ = ["household_facts"]

_PETS: Final = (
    r"dog|cat|puppy|pup|kitten|rabbit|bunny|horse|pony|parrot|hamster|guinea\s+pig|tortoise|"
    r"turtle|budgie|ferret|gecko|snake|lizard"
)
_KIN: Final = r"son|daughter|kid|toddler|stepson|stepdaughter"
#: A name: capitalised, not a word a sentence would start with.
_NAME: Final = r"(?-i:[A-Z])[\w-]{1,20}(?!\w)"
_NOT_NAMES: Final = frozenset(
    wordlist(
        "I Is Has Was Keeps Just And But So The A An My Who Which That This Loves Hates Needs "
        "Wont Won't Doesn't Can't Ate Got Bit Ran Did Had Made Said Will Can Barks Bites Loves "
        "Hates Needs Keeps Wants Gets Says Goes Runs Eats Sleeps Plays Likes Turns Starts"
    )
)
_AGE: Final = (
    r"(?P<{}>\d{{1,2}})(?!\s*(?:months?|mos?|weeks?|wks?|days?)\b)\s*"
    r"(?:yo|y/o|yrs?\s+old|years?\s+old|-year-old|\s*years?)?"
)

#: "my dog Biscuit", "our cat Miso (tabby, 2)", "my daughter Inês is 7".
_NAMED_RE: Final = re.compile(
    rf"\b(?:my|our)\s*(?P<kind>(?-i:{_PETS}|{_KIN}))\s+(?P<name>{_NAME})"
    rf"(?:\s*\((?P<paren>[^)]{{1,40}})\)|\s+is\s+(?:a\s+|an\s+)?(?:{_AGE.format('age')}\s+)?"
    r"(?P<breed>(?:[a-z][\w-]+\s+){0,2}?(?:[a-z][\w-]+))(?=\s+(?:w/|with\b|and\b|who\b|that\b)|\s*[,.;!?]|\s*$)"
    rf"|\s+is\s+{_AGE.format('age2')}\b)?",
    re.IGNORECASE,
)
#: "mydog is a 3yo border collie called Pip", "my cat is a tabby named Miso".
_CALLED_RE: Final = re.compile(
    rf"\b(?:my|our)\s*(?P<kind>{_PETS})\s+is\s+an?\s+(?:{_AGE.format('age')}\s+)?"
    rf"(?P<breed>(?:[a-z][\w-]+\s+){{0,2}}?[a-z][\w-]+)\s+(?:called|named)\s+(?P<name>{_NAME})",
    re.IGNORECASE,
)
_BREED_WORD_RE: Final = re.compile(
    r"^(?:(?:[a-z-]+\s+)?(?:retriever|terrier|spaniel|collie|shepherd|hound|beagle|poodle|"
    r"labrador|lab|dachshund|pug|husky|boxer|greyhound|whippet|corgi|chihuahua|doodle|"
    r"labradoodle|cockapoo|schnauzer|rottweiler|bulldog|pointer|setter|tabby|siamese|"
    r"persian|ragdoll|maine\s+coon|bengal|sphynx))$",
    re.IGNORECASE,
)


#: A pet or a child no longer the user's: died, put down, rehomed, ran away.
_GONE_RE: Final = re.compile(
    r"\b(?:passed(?:\s+away|\s+on)?|died|dead|put\s+(?:down|to\s+sleep)|rehomed|re-homed|"
    r"gave\s+(?:\w+\s+)?away|ran\s+away|lost|rip|r\.i\.p|miss(?:ing)?|used\s+to\s+have|late|"
    r"no\s+longer|anymore|had\s+to\s+say\s+goodbye|put\s+(?:\w+\s+){0,3}down|rehome\w*|gone|"
    r"hit\s+by|(?:want|wants|going|plan|planning|hope|hoping)\s+to\s+(?:get|adopt|name|have|call)|"
    r"if\s+I|would)\b",
    re.IGNORECASE,
)


#: A child's age, the child unnamed: "my daughter is 7", "my son just turned 5", "our
#: youngest boy is 3 years old now".
_KIN_AGE_RE: Final = re.compile(
    r"^(?:\W*(?:so|and|also|btw|oh|well),?\s+)?(?:my|our)\s+"
    r"(?:(?P<which>(?:eldest|oldest|youngest|middle)\s+)|(?:little|older|younger)\s+)?"
    r"(?P<kind>son|daughter|kid|toddler|boy|girl|stepson|stepdaughter)\s+"
    r"(?:is|'s|just\s+turned|turned|has\s+(?:just\s+)?turned|is\s+now|is\s+turning\s+(?=\d+\s+today))\s*"
    rf"{_AGE.format('age')}"
    r"(?:\s+(?:now|today|yesterday|this\s+week|last\s+week|last\s+month|btw|already))*"
    r"\W*$",
    re.IGNORECASE,
)


#: The children's ages together: "my kids are 4 and 7", "our boys are 3, 5 and 9 now".
_KIDS_AGES_RE: Final = re.compile(
    r"^(?:\W*(?:so|and|also|btw|oh|well),?\s+)?(?:my|our)\s+(?:(?:two|three|four|[234])\s+)?"
    r"(?:kids|children|boys|girls|twins)\s+"
    r"are\s+(?P<ages>\d{1,2}(?:\s*,\s*\d{1,2})*\s*(?:and|&)\s*\d{1,2})"
    r"(?:\s+(?:years\s+old|now|btw))*(?:\s*,\s*both\s+.*|\s*,?\s+and\s+(?:super|very|really|both|"
    r"so|they|always|totally)\b.*)?\W*$",
    re.IGNORECASE,
)

#: Children and their ages said with "have": "I have 2 kids aged 7 and 10", "we've got
#: three girls who are 4, 6 and 9", "I have a son aged 7".
_HAVE_KIDS_AGED_RE: Final = re.compile(
    r"^(?:\W*(?:so|and|also|btw|oh|well),?\s+)?(?:(?:I|we)\s+)?(?:have|'ve\s+got|have\s+got|got)\s+"
    rf"(?P<n>two|three|four|five|[2-9]|a|one)\s+(?P<k>{CHILD_NOUNS}|"
    r"(?<=a\s)(?:son|daughter|boy|girl)|(?<=one\s)(?:son|daughter|boy|girl))"
    r"(?:\s+aged\s+|\s+ages\s+|\s+who\s+are\s+)"
    r"(?P<ages>\d{1,2}(?:\s*,\s*\d{1,2})*(?:\s*(?:,|and|&)\s*\d{1,2})?)"
    r"(?:\s+(?:years\s+old|yo|y/o|now))*"
    r"(?:\W*$|,?\s+so\s+\w.*|\s+and\s+(?P<more>(?:an?|one|two|three)\s.*))",
    re.IGNORECASE,
)

#: A pet and its name after the kids: "... and a labrador named Bruno".
_A_PET_NAMED_RE: Final = re.compile(
    rf"(?P<a>an?)\s+(?P<kind>(?:[a-z-]+\s+)?(?:{PET_NOUNS}))\s+(?:named|called)\s+(?P<name>{_NAME})\W*",
    re.IGNORECASE,
)


def _ages(said: str) -> str:
    """Children's ages as typed ("7,10", "3 & 6") written alike: "7, 10", "3 and 6"."""
    return re.sub(r"\s*&\s*|\s+and\s+", " and ", re.sub(r"\s*,\s*", ", ", said))


def household_facts(clause: str) -> list[ExtractedFact]:
    """That the user has a named pet or child the clause names, or a child's age, or
    nothing (nothing when the clause says the pet is gone: "our dog Max passed away")."""
    if _GONE_RE.search(clause):
        return []
    if (ages := _KIDS_AGES_RE.match(clause)) is not None:
        said = _ages(ages["ages"])
        return [ExtractedFact(f"User has kids aged {said}", "personal")]
    if (had := _HAVE_KIDS_AGED_RE.match(clause)) is not None:
        said = _ages(had["ages"])
        n = had["n"].lower()
        n = "a" if n == "one" else n
        kids = ExtractedFact(f"User has {n} {had['k'].lower()} aged {said}", "personal")
        pet = _A_PET_NAMED_RE.fullmatch(had["more"] or "")
        more = (
            f"User has {pet['a'].lower()} {pet['kind'].lower()} named {pet['name']}" if pet else ""
        )
        return [kids, *([ExtractedFact(more, "personal")] if more else [])]
    if (aged := _KIN_AGE_RE.match(clause)) is not None:
        said = aged["kind"].lower()
        if said in ("boy", "girl") and int(aged["age"]) >= 16:
            return []  # ("my girl is 25": a partner, as likely as a daughter)
        which = (aged["which"] or "").lower()
        kind = {"boy": "son", "girl": "daughter"}.get(said, said)
        return [ExtractedFact(f"User's {which}{kind} is {aged['age']}", "personal")]
    for pattern in (_CALLED_RE, _NAMED_RE):
        m = pattern.search(clause)
        if m is None or m["name"] in _NOT_NAMES or re.search(r"(?:ed|ing)$", m["name"]):
            continue  # ("my son Asked me", "my dog Barks", "My Son Turning 10")
        if pattern is _CALLED_RE or lookup_technology(m["name"]) is None:  # ("called Pip")
            return [_had(m)]
    return []


def _had(m: re.Match[str]) -> ExtractedFact:
    kind = " ".join(m["kind"].lower().split())
    groups = m.groupdict()
    breed = (groups.get("breed") or "").lower()
    paren = groups.get("paren") or ""
    age = groups.get("age") or groups.get("age2")
    if paren:  # "(beagle, 4yo)": a breed and an age, in either order
        for part in re.split(r"\s*,\s*", paren.strip()):
            if re.fullmatch(_AGE.format("a"), part, re.IGNORECASE):
                age = re.match(r"\d+", part)[0]  # type: ignore[index]
            elif _BREED_WORD_RE.match(part):
                breed = part.lower()
    what = breed if breed and _BREED_WORD_RE.match(breed) else kind
    if age and re.fullmatch(_KIN, kind, re.IGNORECASE):
        return ExtractedFact(f"User has a {age}-year-old {kind} named {m['name']}", "personal")
    return ExtractedFact(
        f"User has {indefinite_article(what)} {what} named {m['name']}", "personal"
    )
