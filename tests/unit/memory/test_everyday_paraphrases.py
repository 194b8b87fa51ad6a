"""Facts of everyday life said in their other usual words are one fact (the twentieth
round): not eating meat is being vegetarian, a teetotaler does not drink, an ex-smoker
does not smoke, NYC is New York City, "expecting a baby" is pregnant, colour blindness
is being colour-blind, a pup is a dog, the metro is the subway, a physician is a doctor,
"owns" frames like "has". And the opposites stay apart: smoking and quitting, drinking
and sobriety, one way to work and another (only in a fact about getting to work).

Sentences written for the tests, none the corpora's own.
"""

from __future__ import annotations

import pytest

from amplify_memory.memory.supersession import decide


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User is vegetarian.", "User does not eat any meat."),
        ("User is vegan.", "User eats a plant-based diet."),
        ("User doesn't drink alcohol.", "User is teetotal."),
        ("User doesn't smoke.", "User is a non-smoker."),
        ("User lives in NYC.", "User is based in New York City."),
        ("User is pregnant.", "User is expecting her first baby."),
        ("User is colour-blind.", "User has color blindness."),
        ("User has a puppy.", "User has a dog."),
        ("User goes to work by metro.", "User goes to work by subway."),
        ("User is a physician.", "User works as a doctor."),
        ("User owns a food truck.", "User has a food truck."),
        ("User's mum lives nearby.", "User's mother lives nearby."),
        ("User is an attorney.", "User is a lawyer."),
    ],
)
def test_the_same_fact_in_other_words_merges(old: str, new: str) -> None:
    assert decide(new, old) == "merge"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User smokes.", "User is an ex-smoker."),
        ("User drinks beer.", "User is sober now."),
        ("User commutes by bus.", "User commutes by bike."),
        ("User commutes by metro.", "User commutes by car."),
    ],
)
def test_an_opposite_or_another_way_supersedes(old: str, new: str) -> None:
    assert decide(new, old) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User owns a car.", "User owns a bike."),  # (both may hold)
        ("User lives in New York.", "User lives in York."),
    ],
)
def test_other_things_are_not_merged(old: str, new: str) -> None:
    assert decide(new, old) != "merge"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Reply in Portuguese.", "User wants answers in Portuguese."),
        ("Always show units in metric.", "User wants units shown in metric."),
        ("User wants answers in Italian.", "User wants replies en italiano."),
        ("User is sugar-free.", "User avoids sugar."),
        ("User avoids alcohol.", "User is alcohol-free these days."),
        ("User takes the tram to work.", "User commutes by tram."),
        ("User meets their mentor every week.", "User meets their mentor weekly."),
        ("User hates cilantro.", "User hates coriander."),
        ("User is vegan.", "User eats a plant-based diet with no animal products."),
    ],
)
def test_more_of_the_same_fact_in_other_words(old: str, new: str) -> None:
    assert decide(new, old) == "merge"


def test_an_instruction_against_another_value_supersedes() -> None:
    assert decide("User wants answers in Dutch.", "Reply in German.") == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User is a runner.", "User runs."),
        ("User goes hiking.", "User is a hiker."),
        ("User has type 1 diabetes.", "User was diagnosed with T1D."),
        ("User is a freelancer.", "User is self-employed."),
        ("User is an early riser.", "User is a morning person."),
        ("User went to Oxford.", "User studied at Oxford."),
        ("User has a BSc in chemistry.", "User has a bachelor's degree in chemistry."),
        ("User is a baker.", "User bakes."),
    ],
)
def test_a_pastime_a_degree_a_habit_in_other_words(old: str, new: str) -> None:
    assert decide(new, old) == "merge"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User has an MSc in chemistry.", "User has a BSc in chemistry."),
        ("User is learning Rust.", "User graduated in physics."),
    ],
)
def test_other_degrees_and_other_studies_are_not_merged(old: str, new: str) -> None:
    assert decide(new, old) != "merge"
