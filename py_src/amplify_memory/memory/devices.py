"""The user's own devices: a phone, a laptop, a GPU, a tablet, a car, one of each at a time.

"my phone is iphone now", "I got a new Pixel 8", "my laptop is a Dell XPS 13": each is
a fact about the user ("User has an iPhone"), and the device of a kind is a value topic
(``phone``, ``laptop``, ``gpu``, ``tablet``, ``car``: :mod:`~amplify_memory.memory.topics`), so a
new phone supersedes the old one.

>>> find_device("rtx 4090 now")
Device(kind='gpu', name='RTX 4090')
>>> device_fact("my new phone is pixel 8").content
'User has a Pixel 8'
>>> device_fact("I got a new iphone 15 pro").content
'User has an iPhone 15 Pro'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from amplify_memory.memory._facts import ExtractedFact
from amplify_memory.memory._text import ACCESSORY_NOUNS, GIVEN_BACK, indefinite_article

__all__ = [
    "DEVICE_KINDS",
    "Device",
    "device_fact",
    "device_topic_trigger",
    "device_value",
    "find_device",
]


@dataclass(frozen=True, slots=True)
class Device:
    kind: str
    name: str


#: Each kind: the nouns that name it, and its models (case-insensitive; the spelling
#: a model is stored with comes from :data:`_SPELLING`).
DEVICE_KINDS: Final[dict[str, tuple[str, str]]] = {
    "phone": (
        r"phone|smartphone|mobile",
        r"iphone(?:\s+(?:\d{1,2}|se|x[rs]?))?(?:\s+(?:pro(?:\s+max)?|plus|mini))?"
        r"|(?:google\s+)?pixel(?:\s+\d{1,2}a?(?:\s+pro)?|(?=\s+phone))"
        r"|(?:samsung\s+)?galaxy\s+(?:s|a|note|z\s*(?:fold|flip))\s*\d{1,2}\+?(?:\s+ultra)?"
        r"|oneplus\s+\d{1,2}t?|android\s+phone",
    ),
    "laptop": (
        r"laptop|notebook",
        r"macbook(?:\s+(?:air|pro))?(?:\s+m\d(?:\s+(?:pro|max))?)?"
        r"|(?:lenovo\s+)?thinkpad(?:\s+[a-z]\d{1,3}[a-z]?)?(?:\s+carbon)?"
        r"|(?:dell\s+)?xps\s*\d{2}|surface\s+(?:laptop|book|pro)(?:\s+\d{1,2})?"
        r"|framework\s+laptop(?:\s+\d{2})?|chromebook",
    ),
    "gpu": (
        r"gpu|graphics\s+card|video\s+card",
        r"(?:nvidia\s+)?(?:geforce\s+)?(?:rtx|gtx)\s*\d{3,4}(?:\s*(?:ti|super))?"
        r"|(?:amd\s+)?(?:radeon\s+)?rx\s*\d{3,4}(?:\s*xtx?)?|(?:nvidia\s+)?[ahv]100",
    ),
    "tablet": (r"tablet", r"ipad(?:\s+(?:pro|air|mini))?|galaxy\s+tab(?:\s+s\d{1,2})?"),
    # a model that is also a word ("golf", "focus", "leaf") only with its make
    "car": (
        r"car|vehicle",
        r"(?:tesla\s+)?model\s+[3sxy](?!\s*(?:of|for)\b)|(?:hyundai\s+)?ioniq(?:\s*[56])?"
        r"|(?:vauxhall\s+|opel\s+)?(?:corsa|astra)|(?:toyota\s+)?(?:corolla|prius|yaris|camry|"
        r"rav\s?4)|(?:honda\s+)?(?:civic|cr-v)|(?:kia\s+)?(?:niro|ev6|sportage)|mg\s?4"
        r"|(?:renault\s+)?(?:clio|zoe)|(?:subaru\s+)?(?:forester|impreza)|polestar\s+2"
        r"|(?:vw|volkswagen)\s+(?:golf|polo|passat|id\.?\s?[34]|tiguan)|nissan\s+leaf"
        r"|ford\s+(?:fiesta|focus|mustang|f-?150|puma|kuga)|honda\s+(?:jazz|fit|accord)"
        r"|fiat\s+500|mini\s+cooper|subaru\s+outback|(?:mazda\s+)?(?:mx-?5|cx-?5|miata)"
        r"|skoda\s+(?:octavia|fabia)|jeep\s+wrangler",
    ),
}
#: A device's make, left out of its value ("Vauxhall Corsa" and "Corsa" are one car,
#: "Google Pixel 8" and "Pixel 8" one phone).
_MAKE_RE: Final = re.compile(
    r"^(?:tesla|hyundai|vauxhall|opel|toyota|honda|kia|renault|subaru|vw|volkswagen|nissan|"
    r"ford|fiat|mazda|skoda|jeep|google|samsung|lenovo|dell|nvidia|amd)\s+",
    re.IGNORECASE,
)

_MODEL_RE: Final = re.compile(
    "|".join(rf"(?P<{kind}>\b(?:{models})\b)" for kind, (_, models) in DEVICE_KINDS.items()),
    re.IGNORECASE,
)
_NOUNS: Final = "|".join(nouns for nouns, _ in DEVICE_KINDS.values())
#: How each word of a model is written ("iphone" -> "iPhone"); others are capitalised.
_SPELLING: Final = {
    "iphone": "iPhone",
    "ipad": "iPad",
    "macbook": "MacBook",
    "thinkpad": "ThinkPad",
    "xps": "XPS",
    "rtx": "RTX",
    "gtx": "GTX",
    "rx": "RX",
    "ti": "Ti",
    "xt": "XT",
    "xtx": "XTX",
    "oneplus": "OnePlus",
    "geforce": "GeForce",
    "amd": "AMD",
    "se": "SE",
    "android": "Android",
    "phone": "phone",
    "nvidia": "NVIDIA",
    "mg4": "MG4",
    "cr-v": "CR-V",
    "ev6": "EV6",
}


def _spelled(raw: str) -> str:
    words = re.sub(r"(?i)\b(rtx|gtx|rx|xps)(?=\d)", r"\1 ", raw).split()
    out = []
    for word in words:
        low = word.lower()
        out.append(
            _SPELLING.get(low)
            or (low.upper() if re.fullmatch(r"[a-z]\d+\w*", low) else word[:1].upper() + word[1:])
        )
    return " ".join(out)


def find_device(text: str) -> Device | None:
    """The first device model ``text`` names, with its kind."""
    match = _MODEL_RE.search(text)
    if match is None or match.lastgroup is None:
        return None
    return Device(match.lastgroup, _spelled(match.group()))


def device_value(text: str, kind: str) -> str | None:
    """The first model of ``kind`` that ``text`` names, as it is spelled, without its
    make, or None."""
    if _NOT_OWN_RE.search(text):
        return None  # ("has a spare Pixel 6", "drives a company Corolla": another one)
    for match in _MODEL_RE.finditer(text):
        if match.lastgroup == kind:
            return _spelled(_MAKE_RE.sub("", match.group()))
    return None


#: Words before a model that keep it the same device: a year, a fuel, a colour ("a diesel
#: Ford Focus", "a 2014 Honda Jazz"); not "old", "spare", "work", "toy": another one.
_BEFORE_MODEL: Final = (
    r"(?:(?:(?:19|20)\d\d|diesel|petrol|hybrid|electric|black|white|silver|grey|gray|red|blue|"
    r"green)\s+){0,2}"
)
#: A device that is not the user's own one: a second, a spare, a gift, a loan, a rental, a
#: toy, one on order or in a game ("a Corolla as a second car", "a Pixel 8 for my wife").
_NOT_OWN_RE: Final = re.compile(
    r"\b(?:second|spare|old|work|company|test|borrowed|toy|lego|hire|rental|loaner|courtesy|"
    r"project|demo|trial|gift|present)\b|\bon\s+(?:order|loan|a\s+test\s+drive)\b|"
    r"\bfor\s+(?:my|his|her|our|their|the)\s+(?:son|daughter|wife|husband|partner|mum|mom|dad|"
    r"mother|father|kids?|child|children|brother|sister|friend|boss|team|office|girlfriend|"
    r"boyfriend|niece|nephew|grandson|granddaughter|parents?|family)\b|\bfor\s+(?:uber|lyft|work|weekends?|"
    r"testing)\b|\bto\s+test\b|\bfrom\s+(?:work|it|the\s+office)\b|\berror\b|"
    r"\bin\s+(?:gta|forza|gran\s+turismo|the\s+game)\b",
    re.IGNORECASE,
)


#: After a model: a thing of it, not it ("a Ford Mustang poster"), or a purchase undone.
_NOT_THE_DEVICE_RE: Final = re.compile(
    rf"\s+(?:{ACCESSORY_NOUNS})\b|.*\b(?:{GIVEN_BACK})\b",
    re.IGNORECASE,
)


def device_topic_trigger(kind: str) -> str:
    """The pattern of a stored fact that says the user has a device of ``kind``."""
    nouns, models = DEVICE_KINDS[kind]
    return (
        r"^(?:User\s+)?(?:now\s+|also\s+)?(?:has|owns|uses|is\s+using|is\s+on|got|bought|drives|"
        r"(?:works|codes|develops|programs)\s+on)"
        rf"\s+(?:an?\s+|the\s+)?(?:new\s+)?(?:{_BEFORE_MODEL}(?:{models})\b|\S+\s+(?:{nouns})\b)"
        # "User's car is a Tesla Model 3", "Phone: Pixel 8"
        rf"|^(?:User's\s+)?(?:new\s+|current\s+|main\s+)?(?:{nouns})\s*(?:is|:)\s+"
        rf"(?:now\s+)?(?:an?\s+)?(?:new\s+)?(?:{models})\b"
    )


#: "my (new) phone is (now) an iPhone", "my laptop: ThinkPad X1".
_MY_DEVICE_RE: Final = re.compile(
    rf"^my\s+(?:new\s+|current\s+|main\s+|work\s+|personal\s+|daily\s+)?(?:{_NOUNS})"
    r"\s*(?:is|:)\s+(?:now\s+)?(?:an?\s+|the\s+)?(?P<rest>.+)$",
    re.IGNORECASE,
)
#: "I got a new Pixel 8", "I'm on an iPhone 15", "I have a MacBook Air".
_GOT_DEVICE_RE: Final = re.compile(
    r"^(?:i\s*'m\s+on|i\s+am\s+on|(?:i|i\s*'ve|i\s+have)\s+(?:now\s+|just\s+|finally\s+)?"
    r"(?:have\s+got|have|got|bought|own|upgraded\s+to|switched\s+to|drive|leased))"
    r"\s+(?:an?\s+|the\s+|my\s+)?(?:(?:new|used|second-hand|secondhand|refurbished)\s+)?"
    r"(?P<rest>.+)$",
    re.IGNORECASE,
)
#: "new gpu! rtx 4090 now", "new laptop: MacBook Air M3".
_NEW_DEVICE_RE: Final = re.compile(
    rf"^new\s+(?:{_NOUNS})\s*[!:,.-]+\s*(?P<rest>.+)$", re.IGNORECASE
)


def device_fact(clause: str) -> ExtractedFact | None:
    """ "User has <a device>" when ``clause`` says the user has it now; the model must
    come first in what follows the verb ("I got a new Pixel 8 last week")."""
    for pattern in (_MY_DEVICE_RE, _GOT_DEVICE_RE, _NEW_DEVICE_RE):
        match = pattern.match(clause.strip())
        if match is None:
            continue
        if _NOT_OWN_RE.search(match["rest"]):
            return None  # ("got an iPad for my son's birthday", "a Corolla as a second car")
        found = _MODEL_RE.match(match["rest"])
        if found is None or _NOT_THE_DEVICE_RE.match(match["rest"][found.end() :]):
            return None  # ("a Ford Mustang poster", "a Honda Civic, but I'm returning it")
        name = _spelled(found.group()) + (" GPU" if found.lastgroup == "gpu" else "")
        lead = match.group()[: match.start("rest")]  # ("I drive a Corolla", not "... drive")
        verb = "drives" if re.search(r"\bdrive\b", lead, re.IGNORECASE) else "has"
        return ExtractedFact(f"User {verb} {indefinite_article(name)} {name}", "personal")
    return None
