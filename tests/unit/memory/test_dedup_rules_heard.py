"""The user-profile store's rule on pairs of the eighteenth round (a new blind set of
pairs, measured once then opened; the sentences here are new): one name or number
swapped is another value, one last word swapped is another thing, someone else's fact
is not the user's, and short forms of a few tools say the same.
"""

from __future__ import annotations

import pytest

from amplify_memory.memory.supersession import decide


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        ("Uses Ubuntu Jammy.", "Uses Ubuntu Noble.", "supersede"),
        ("Studies at Oxford.", "Studies at Cambridge.", "supersede"),
        ("User likes dark roast.", "User likes dark mode.", "keep"),
        ("User prefers short meetings.", "User prefers short sentences.", "keep"),
        ("User lives in Lyon.", "User's brother lives in Lyon.", "keep"),
        ("User's wife works at Airbus.", "User works at Airbus.", "keep"),
        ("User's clients run Shopify.", "User's clients run Shopify stores.", "merge"),
        ("User writes infrastructure in Terraform.", "Writes infra as code in tf", "merge"),
        ("User uses VS Code.", "Codes in VSC", "merge"),
        ("User builds apps with React Native.", "Builds apps in RN", "merge"),
        ("User is diabetic, so avoid sugary recipes.", "Diabetic.", "merge"),
        ("User is gluten intolerant.", "Gluten-intolerant, so avoid wheat in recipes.", "merge"),
        ("User is vegetarian.", "Pescatarian.", "supersede"),  # (one diet at a time)
        ("User prefers Go because of speed.", "User prefers Zig because of control.", "keep"),
        ("User's cousin lives in Rome.", "User lives in Rome.", "keep"),
        ("User uses Windows 10.", "User no longer uses Windows.", "supersede"),
        ("User uses Windows 11.", "Is on Win11", "merge"),
        ("User has been to Peru.", "User has been to Chile.", "keep"),
        ("User likes Bach.", "User likes Chopin.", "keep"),
        ("User lives in Lyon, France.", "User lives in Porto, Portugal.", "supersede"),
        ("User's mum is a teacher.", "User's mother is a teacher.", "merge"),
        ("User lives in Oslo since 2020.", "User lives in Oslo since 2023.", "supersede"),
    ],
)  # fmt: skip
def test_the_rule(old: str, new: str, action: str) -> None:
    assert decide(new, old) == action
