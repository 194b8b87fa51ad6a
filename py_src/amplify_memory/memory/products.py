"""A product named by its model, said alone as what the user has: "Thermomix TM6 at
home", "brother cs6000i", "fuji x-t5", "2017 Skoda Octavia estate". The technology list
does not know cameras, watches, cars or sewing machines; a model that mixes letters and
digits (or a year before a make written with capitals) says the words are a product's
name. A model of digits alone is not enough ("order 12345", "COVID 19"), nor a maker
that is a common word or a code's label ("flight BA283", "vitamin d3").

>>> [f.content for f in model_product("Thermomix TM6 at home")]
['User uses Thermomix TM6']
>>> model_product("chapter 3"), model_product("level 4 now")
([], [])
"""

from __future__ import annotations

import re
from typing import Final

from amplify_memory.memory._facts import ExtractedFact
from amplify_memory.memory._phrasing import common_word
from amplify_memory.memory._text import wordlist

__all__ = ["model_product"]

#: A model's number: "255", "TM6", "cs6000i", "x-t5", "2i2", "R7".
_MODEL: Final = r"(?=[\w-]*\d)(?:[a-z]{1,3}-?)?[a-z]{0,3}\d{1,5}[a-z]{0,3}(?:-[a-z0-9]{1,4})?"
_WORD: Final = r"[a-z][\w&'-]*"
_PRODUCT_RE: Final = re.compile(
    r"^(?:(?:my|a|an|our)\s+)?"
    rf"(?:(?P<year>(?:19|20)\d\d)\s+(?P<make>{_WORD}(?:\s+{_WORD}){{1,2}})"
    rf"|(?P<brand>{_WORD}(?:\s+{_WORD}){{0,2}}?)\s+(?P<model>{_MODEL}))"
    r"(?P<kind>\s+(?:estate|hatchback|saloon|sedan|wagon|pro|plus|max|mini|ultra|classic|"
    r"se|xl|camera|watch|machine|bass|guitar|piano|keyboard|interface|printer))?"
    r"(?:\s+(?:at\s+home|here|btw|for\s+work|for\s+fun))?\W*$",
    re.IGNORECASE,
)
#: Words a number follows that are no product: "chapter 3", "level 4", "room 12".
_NOT_A_MAKE: Final = frozenset(
    wordlist("""
    chapter level room size page week day year grade version step part section
    episode season round stage unit lesson module floor table seat gate platform bus
    route line flat apt apartment house number item task ticket issue pr sprint team
    group class question exercise problem figure slide act scene verse zone sector
    district ward bed track take shot rep reps set sets lap laps mile miles km kg
    lbs hour hours minute minutes top under over about around only just still now
    nearly almost maybe like python node java php ruby go rust swift kotlin ios
    android windows macos ubuntu debian fedora postgres postgresql mysql redis vue
    react angular svelte next nuxt django rails laravel spring dotnet net gcc clang
    llvm cuda opencv tensorflow pytorch numpy pandas ps xbox gen v vs and or the a
    an my our your their his her is are was were to in on at for with of by from up
    down out off no not never also it its this that these those type stage4 phase
    batch sample test tests run runs mode option options plan tier device disk
    partition port pin node pod slot core cores cpu lr limit limits epoch epochs
    seed back kernel error code build release rev revision bootloader config app jan
    feb mar apr may jun jul aug sep sept oct nov dec january february march april
    june july august september october november december monday tuesday wednesday
    thursday friday saturday sunday mon tue tues wed thu thurs fri sat sun
    """)
)
#: Words before a code that are no maker: "flight BA283", "vitamin d3", "column col3".
_NOT_A_BRAND: Final = frozenset(
    wordlist("""
    boeing airbus flight covid vitamin column col user id order invoice ticket room gate
    seat platform bus route form paper size grade level area world war homework exercise
    migration version release patch build sprint item row cell sheet tab block unit zone
    """)
)
#: A quantity, not a model: "32K", "1Gi", "448K", "3e-4", "2tb", "16gb", "60fps".
_QUANTITY_RE: Final = re.compile(
    r"\d+(?:\.\d+)?(?:k|m|g|t|kb|mb|gb|tb|ki|mi|gi|ti|ms|s|x|px|hz|khz|mhz|ghz|mm|cm|in|ft|"
    r"lb|lbs|kg|km|fps|w|kw|v|mah|e-?\d+|st|nd|rd|th|am|pm|h|hr|hrs|min|mins|yo|yr|yrs)",
    re.IGNORECASE,
)


_EDITIONS: Final = frozenset({"pro", "plus", "max", "mini", "ultra", "classic"})


def _titled(words: str) -> str:
    return " ".join(
        w if any(c.isupper() for c in w) else w[:1].upper() + w[1:] for w in words.split()
    )


def model_product(text: str) -> list[ExtractedFact]:
    """ "User uses <product>" for a clause that is only a product's name with its model
    (see the module's doc), else []."""
    found = _PRODUCT_RE.match(" ".join(text.split()))
    if found is None:
        return []
    words = (found["make"] or found["brand"]).lower().split()
    if common_word(words[0]) or words[0] in _NOT_A_BRAND:
        return []  # "flight BA283", "vitamin d3", "COVID 19"
    if found["year"] and not all(w[:1].isupper() for w in found["make"].split()[:2]):
        return []  # "2024 tax return": a make is written with capitals ("2015 Ford Fiesta")
    if found["model"] and not (re.search(r"[a-z]", found["model"], re.I) and len(words) <= 2):
        return []  # a model's name mixes letters and digits ("TM6", "X-T5"): "order 12345" no
    if (
        any(w in _NOT_A_MAKE or "'" in w for w in words)
        or (found["year"] and len(words) < 2)
        or (found["model"] and _QUANTITY_RE.fullmatch(found["model"]))
        or (found["model"] and re.fullmatch(r"(?:19|20)\d\d", found["model"]))  # "issued 2021"
    ):
        return []
    kind = (found["kind"] or "").strip()
    kind = kind.capitalize() if kind.lower() in _EDITIONS else kind.lower()
    if found["year"]:
        name = f"{found['year']} {_titled(found['make'])}"
    else:
        model = found["model"]
        model = model.upper() if model.islower() and len(model) <= 6 else model
        name = f"{_titled(found['brand'])} {model}"
    return [ExtractedFact(f"User uses {name}{' ' + kind if kind else ''}", "tech_stack")]
