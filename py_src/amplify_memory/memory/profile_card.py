"""Facts from a profile card: lines of "Label: value" a user writes about themselves.

People introduce themselves with a little form ("- Name: Kofi", "- Location: Accra",
"- Job: civil engineer (roads)", "Age: 29", "Diet: vegetarian"). Each known label says
which fact its value is; an unknown label says nothing here (the other readers see the
line too: "Tools: AutoCAD, Excel" is a technology list).

>>> [f.content for f in card_facts("Location: accra")]
['User lives in Accra']
>>> [f.content for f in card_facts("- Job: civil engineer (roads)")]
['User is a civil engineer (roads)']
"""

from __future__ import annotations

import re
from typing import Final

from amplify_memory.memory._facts import ExtractedFact
from amplify_memory.memory._text import indefinite_article
from amplify_memory.memory.places import is_place

__all__ = ["card_facts"]

#: Label -> (template, category). ``{v}`` is the value; ``{a} {v}`` puts an article
#: before a role ("a civil engineer").
_LABELS: Final[dict[str, tuple[str, str]]] = {
    "name": ("User's name is {V}", "personal"),
    "first name": ("User's name is {V}", "personal"),
    "location": ("User lives in {P}", "personal"),
    "city": ("User lives in {P}", "personal"),
    "based in": ("User lives in {P}", "personal"),
    "lives in": ("User lives in {P}", "personal"),
    "home": ("User lives in {P}", "personal"),
    "hometown": ("User is from {P}", "personal"),
    "from": ("User is from {P}", "personal"),
    "job": ("User is {a} {v}", "personal"),
    "role": ("User is {a} {v}", "personal"),
    "occupation": ("User is {a} {v}", "personal"),
    "profession": ("User is {a} {v}", "personal"),
    "work": ("User is {a} {v}", "personal"),
    "employer": ("User works at {v}", "personal"),
    "company": ("User works at {v}", "personal"),
    "age": ("User is {v}", "personal"),
    "diet": ("User is {v}", "personal"),
    "pronouns": ("User's pronouns are {v}", "personal"),
    "languages spoken": ("User speaks {v}", "personal"),
    "speaks": ("User speaks {v}", "personal"),
    "hobbies": ("User enjoys {v}", "preference"),
    "interests": ("User is interested in {v}", "preference"),
    "pets": ("User has {v}", "personal"),
    "kids": ("User has {v}", "personal"),
    "children": ("User has {v}", "personal"),
}
_LABEL_RE: Final = re.compile(
    r"^\s*(?:[-*\u2022]\s*)?(?:my\s+)?(?P<label>"
    + "|".join(sorted((re.escape(k) for k in _LABELS), key=len, reverse=True))
    + r")\s*:\s*(?P<v>[^:;\n]{1,80}?)\s*[.;]?\s*$",
    re.IGNORECASE,
)
#: What a value of a card is not: a question, a sentence of its own, nothing.
_NOT_A_VALUE_RE: Final = re.compile(
    r"\?|^(?:n/?a|none|-+|tbd|\?+|unknown|same|see\s+above)$|\b(?:I|I'm|you|your|we)\b",
    re.IGNORECASE,
)
_PERSON_NAME_RE: Final = re.compile(r"(?-i:[A-Z])[\w'-]*(?:\s+(?-i:[A-Z])[\w'-]*){0,2}")
_KIN_VALUE_RE: Final = re.compile(
    r"^(?:\d{1,2}|one|two|three|four|five|six|a|an)\b|\b(?:dogs?|cats?|sons?|daughters?|kids?|"
    r"boys?|girls?)\b",
    re.IGNORECASE,
)


def card_facts(line: str) -> list[ExtractedFact]:
    """The fact of one "Label: value" line of a profile card, or nothing."""
    m = _LABEL_RE.match(line)
    if m is None or _NOT_A_VALUE_RE.search(m["v"]):
        return []
    label, value = " ".join(m["label"].casefold().split()), m["v"].strip(" ,")
    template, category = _LABELS[label]
    if "{V}" in template and not _PERSON_NAME_RE.fullmatch(value):
        return []  # ("name: nginx-deployment" in a config): a name is a person's
    if "{P}" in template:
        if value[:1].islower() and not is_place(value):
            return []  # ("location: near the river")
        value = " ".join(w[:1].upper() + w[1:] for w in value.split()) if value.islower() else value
        return [ExtractedFact(template.replace("{P}", value), category)]
    if label == "age" and not re.fullmatch(r"\d{1,3}", value):
        return []
    if label in {"pets", "kids", "children"} and not _KIN_VALUE_RE.search(value):
        return []  # ("Kids: yes"): a count or kinds, not a word of its own
    if label in {"diet"} and len(value.split()) > 3:
        return []
    bare = re.match(
        r"(?:an?|the)\s|(?:retired|unemployed|self-employed|freelance|between)\b", value, re.I
    )
    article = "" if bare else indefinite_article(value)
    content = template.replace("{V}", value[:1].upper() + value[1:]).replace("{v}", value)
    content = content.replace("{a} ", f"{article} " if article else "")
    return [ExtractedFact(content, category)]
