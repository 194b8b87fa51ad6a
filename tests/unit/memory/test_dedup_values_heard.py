"""The user-profile store's rule on pairs of the nineteenth round: one value of a
closed class swapped (a number, a level, a colour, a diet, a spelling) is another value
whatever the words around it, a name after the same product is another version, words
that only frame a fact ("by trade", "spends", "in spare time") do not keep two
paraphrases apart, who the user's manager is stays the user's fact, and accents do not
make two places.

Sentences written for the tests, none the corpora's own.
"""

from __future__ import annotations

import pytest

from amplify_memory.memory.supersession import decide


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        ("User swims 3 km per week.", "Swims 5 km a week.", "supersede"),
        ("User's German is at A2 level.", "User's German level is B1.", "supersede"),
        ("User holds an MSc in physics.", "User holds a BSc in physics.", "keep"),  # (both)
        ("User has Irish citizenship.", "User has Canadian citizenship.", "keep"),
        ("User drinks green tea.", "User drinks black tea.", "keep"),
        ("User holds a green belt in karate.", "User holds a purple belt in karate.", "supersede"),
        ("User is from Zürich.", "User lives in Zurich.", "keep"),
        ("User lives in Bogotá.", "User lives in Bogota.", "merge"),
        ("User owns a café in Porto.", "User works at a café in Porto.", "keep"),
        ("User has three siblings.", "User is one of three siblings.", "keep"),
        ("User's phone runs Android Tiramisu.", "User's phone is on Android Vanilla.", "supersede"),
        ("User is vegan.", "User is vegetarian.", "supersede"),
        ("User prefers American spelling.", "User prefers British spelling.", "supersede"),
        ("User speaks Dutch.", "User speaks Italian.", "keep"),  # (a user speaks several)
        ("User likes red wine.", "User likes white wine.", "keep"),  # (both may hold)
        ("User is a carpenter.", "Carpenter by trade.", "merge"),
        ("User paints on weekends.", "Spends weekends painting.", "merge"),
        ("User's mentor is Kofi.", "Kofi is the user's mentor.", "merge"),
        ("User's manager is Ines.", "Ines is the user's manager.", "merge"),
        ("User is based in Kraków.", "Lives in Krakow, Poland", "merge"),
        ("User lives in Lyon.", "User works in central Lyon.", "keep"),
        ("User's wife is Noor.", "User is married to Noor.", "merge"),
        ("User has kids.", "User has no children.", "supersede"),
        ("User is at ease on the command line.", "User is not at ease in the terminal.",
         "supersede"),
        ("User works remotely.", "Remote worker.", "merge"),
        ("User is a deputy editor at a daily.", "User is a chief editor at a daily.", "supersede"),
        ("User is an assistant professor of law.", "User is an associate professor of law.",
         "supersede"),
        ("User's daughter is 6.", "Correction: user's daughter is 7, not 6.", "supersede"),
        ("User is gluten intolerant.", "Can't tolerate gluten.", "merge"),
        ("User wants bullet-point summaries.", "Wants summaries as bulleted lists.", "merge"),
        ("User wants concise answers.", "Prefers short replies.", "merge"),
        ("User runs a small pottery studio.", "Runs a tiny pottery studio.", "merge"),
    ],
)  # fmt: skip
def test_the_rule(old: str, new: str, action: str) -> None:
    assert decide(new, old) == action
