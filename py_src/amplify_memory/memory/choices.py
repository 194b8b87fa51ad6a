"""Closed sets of values a fact holds one of at a time: a quote style, a diet, a level.

Two facts the same but for one member of a set say two values of one thing ("User
prefers single quotes" / "double quotes", "holds a blue belt" / "a brown belt"): a
correction reads the new member against the stored fact (:mod:`~.restate`), and
de-duplication never merges the two (:mod:`~.supersession`).
"""

from __future__ import annotations

from typing import Final

__all__ = ["CHOICES", "COMMUTES", "DISTINCT_CHOICES", "KINDS", "VALUE_CLASSES"]

#: Closed sets of choices a stored fact holds one of (extend with care: members must be
#: alternatives, and each word must mean the choice wherever it stands beside the
#: stored fact's own words).
CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "quotes": ("single", "double"),
    "naming": ("camelCase", "snake_case", "PascalCase", "kebab-case", "SCREAMING_SNAKE_CASE"),
    "tone": ("formal", "casual", "informal", "friendly", "professional", "playful"),
    "units": ("metric", "imperial"),
    "theme": ("light", "dark"),
    "length": ("short", "concise", "brief", "detailed", "long", "thorough", "in-depth"),
    "indent": ("tabs", "spaces"),
    "keyboard": ("QWERTY", "AZERTY", "QWERTZ", "Dvorak", "Colemak", "Colemak-DH", "Workman"),
    "spelling": ("American", "British", "Canadian", "Australian"),
    "workload": ("full-time", "part-time", "full time", "part time"),
    "pronouns": ("he/him", "she/her", "they/them", "he/they", "she/they"),
    "diet": ("vegan", "vegetarian", "pescatarian", "flexitarian"),
    "level": ("junior", "mid-level", "mid", "senior", "staff", "principal"),
    "language": (
        "English", "Spanish", "Portuguese", "French", "German", "Italian", "Dutch", "Polish",
        "Swedish", "Norwegian", "Danish", "Finnish", "Czech", "Turkish", "Greek", "Russian",
        "Ukrainian", "Arabic", "Hebrew", "Hindi", "Bengali", "Japanese", "Korean", "Chinese",
        "Mandarin", "Cantonese", "Vietnamese", "Thai", "Indonesian", "Swahili",
    ),
}  # fmt: skip
#: The sets whose words mean the choice wherever they stand ("metric", "snake_case").
DISTINCT_CHOICES: Final = frozenset({"naming", "units", "keyboard", "workload", "diet", "pronouns"})
#: Further classes of values, beside :data:`CHOICES`, that two facts differing only by
#: them make two values of one thing (never one fact said twice).
VALUE_CLASSES: Final[dict[str, tuple[str, ...]]] = {
    "cefr": ("A1", "A2", "B1", "B2", "C1", "C2"),
    "weekday": (
        "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
        "Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays", "Sundays",
    ),
    "month": (
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ),
    "season": ("spring", "summer", "autumn", "fall", "winter"),
    "ordinal": ("first", "second", "third", "fourth", "fifth", "eldest", "oldest", "youngest"),
    "length unit": ("km", "kilometers", "kilometres", "miles", "mi", "meters", "metres", "feet"),
    "weight unit": ("kg", "kilograms", "kilos", "lb", "lbs", "pounds", "grams", "ounces"),
    "proficiency": (
        "beginner", "novice", "elementary", "basic", "intermediate", "upper-intermediate",
        "conversational", "advanced", "proficient", "fluent", "native", "expert",
    ),

    "school year": ("freshman", "sophomore", "junior", "senior"),
    "rank": (
        "head", "sous", "chief", "deputy", "assistant", "associate", "executive", "junior",
        "senior", "lead", "principal", "staff", "full",
    ),
    **CHOICES,
}  # fmt: skip
#: The ways to get to work: one at a time in a fact about commuting ("commutes by bus" /
#: "by tram"), not elsewhere ("owns a car" / "owns a bike": both may hold).
COMMUTES: Final = frozenset(
    (
        "bus", "bike", "bicycle", "car", "train", "subway", "metro", "underground", "tram",
        "foot", "scooter", "ferry", "motorbike", "motorcycle", "carpool",
    )
)  # fmt: skip

#: Kinds of everyday things: two facts that each name another member of one kind are
#: never one fact said twice, however near their meaning ("plays guitar" / "plays piano",
#: "drinks coffee" / "drinks tea"); they may both hold, or one replace the other. A member
#: is one word (plural "s" read off), and no member is a kind of another of its kind.
KINDS: Final[dict[str, tuple[str, ...]]] = {
    "drink": ("coffee", "tea", "beer", "wine", "water", "juice", "soda", "milk", "cider",
              "whisky", "whiskey", "vodka", "gin", "rum", "kombucha", "cocoa", "matcha",
              "chai"),
    "instrument": ("guitar", "piano", "drums", "violin", "cello", "ukulele", "saxophone",
                   "sax", "flute", "trumpet", "clarinet", "harp", "banjo", "accordion",
                   "keyboard", "harmonica", "trombone", "mandolin"),
    "sport": ("tennis", "football", "soccer", "rugby", "cricket", "golf", "basketball",
              "baseball", "hockey", "swimming", "running", "cycling", "climbing", "yoga",
              "pilates", "boxing", "karate", "judo", "squash", "badminton", "volleyball",
              "skiing", "snowboarding", "surfing", "rowing", "hiking", "fishing", "netball",
              "padel", "bouldering", "crossfit", "marathons", "triathlons"),
    "pet": ("dog", "cat", "rabbit", "hamster", "parrot", "budgie", "snake", "horse",
            "tortoise", "turtle", "ferret", "lizard", "gecko", "chicken", "goat"),
    "music": ("jazz", "rock", "classical", "pop", "hip-hop", "rap", "metal", "country",
              "folk", "techno", "house", "blues", "reggae", "punk", "opera", "k-pop"),
    "paint": ("oils", "acrylics", "watercolour", "watercolor", "gouache", "charcoal",
              "pastels", "ink"),
    "meal": ("breakfast", "lunch", "dinner", "brunch", "supper"),
    "milk kind": ("oat", "almond", "soy", "soya", "coconut", "cashew", "hemp", "skim",
                  "skimmed", "semi-skimmed", "lactose-free"),
    "daytime": ("morning", "afternoon", "evening", "night", "lunchtime"),
}  # fmt: skip
