"""De-duplication of the twenty-first round: a pet's fact is not its owner's ("User's dog
is deaf" / "User is deaf"), yet a fact of the owner's that speaks of the pet may be the
same; the one who plays an instrument or keeps a faith is the one who does it ("plays
the cello" / "a cellist"); a tool more, named as what the user uses for something
("uses Poetry to manage Python packages" / "uses Python"), is a fact beside the other.

Sentences written for the tests, none the corpora's own.
"""

from __future__ import annotations

import pytest

from amplify_memory.memory.supersession import decide


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User is deaf in one ear.", "User's dog is deaf in one ear."),
        ("User is vegan.", "User's cat is vegan, weirdly."),
        ("User is ten years old.", "User's parrot is ten years old."),
    ],
)
def test_a_pets_fact_is_not_the_owners(old: str, new: str) -> None:
    assert decide(new, old) == "keep"
    assert decide(old, new) == "keep"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User's cat is named Mochi.", "User's cat is actually named Mochi."),
        ("User's dog is a border collie called Pip.", "User owns a border collie named Pip."),
    ],
)
def test_the_owners_fact_about_the_pet_can_be_the_same(old: str, new: str) -> None:
    assert decide(new, old) == "merge"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User plays the cello.", "Cellist."),
        ("User plays drums.", "User is a drummer."),
        ("User is a trumpeter.", "Plays the trumpet"),
        ("User practises Buddhism.", "User is Buddhist."),
        ("User lives alone.", "User lives by himself."),
        ("User is allergic to peanuts.", "Groundnut allergy."),
    ],
)
def test_the_one_who_does_it_is_the_same_fact(old: str, new: str) -> None:
    assert decide(new, old) == "merge"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User plays the cello.", "User plays the flute."),
        ("User plays drums.", "User teaches drums."),
    ],
)
def test_another_instrument_or_act_stays_apart(old: str, new: str) -> None:
    assert decide(new, old) != "merge"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User uses Python.", "User uses Poetry to manage Python packages."),
        ("User uses Terraform.", "User uses Terragrunt for their Terraform modules."),
    ],
)
def test_a_tool_used_for_the_other_is_a_fact_beside_it(old: str, new: str) -> None:
    assert decide(new, old) == "keep"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User lives in Lisbon.", "Lisbon-based"),
        ("User works from home on Mondays.", "WFH Mondays"),
        ("User has four grandchildren.", "Grandkids: 4"),
        ("User works Tuesday to Friday.", "Works Tues\u2013Fri"),
        ("User has two dogs.", "Owns a pair of dogs"),
        ("User is vegetarian.", "Doesn't eat meat"),
    ],
)
def test_a_fragment_people_write_is_the_same_fact(old: str, new: str) -> None:
    assert decide(new, old) == "merge"


def test_another_place_said_as_a_fragment_is_a_change() -> None:
    assert decide("Porto-based", "User lives in Lisbon.") == "supersede"


def test_what_one_cannot_digest_one_is_intolerant_to() -> None:
    assert decide("Can't digest gluten", "User is gluten intolerant.") == "merge"
