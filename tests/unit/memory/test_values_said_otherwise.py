"""One value written other ways is one value to de-duplication (thirtieth session):
numbers with separators, "k", ordinals and Roman numerals, time-zone and practice names
and their letters, British spelling by the country, a country after its city, numbers and
years in words, a name that starts a sentence; and words for a kind of thing ("OS",
"IDE", a Python function) are not values. The same forms with
another value stay apart."""

from __future__ import annotations

import pytest

from amplify_memory.memory.similarity import same_values
from amplify_memory.memory.supersession import decide

ONE_VALUE = [
    ("User pays rent of 1200 dollars a month.", "Rent: $1,200/mo"),
    ("User earns about $80,000 a year.", "Salary ~80k USD/yr"),
    ("User's birthday is March 3.", "Born on 3rd March"),
    ("User has type 2 diabetes.", "Diagnosed with type II diabetes"),
    ("User's timezone is CET.", "User is on Central European Time."),
    ("User practices TDD.", "Follows test-driven development."),
    ("User is a night-shift ICU nurse.", "Works nights in intensive care"),
    ("User plays D&D weekly.", "Has a Dungeons & Dragons session every week."),
    ("User prefers British spelling.", "Wants UK English spelling in replies."),
    ("User is a PhD student in chemistry.", "Doing a doctorate in chemistry."),
    ("User prefers a casual tone.", "User likes informal, relaxed replies."),
    ("User lives in Lagos.", "User lives in Lagos, Nigeria."),
    ("User runs Arch Linux on their laptop.", "Laptop OS: Arch"),
    ("User's main OS is macOS.", "Daily driver is a Mac"),
    ("User wakes up at 5:30 every morning.", "Up at half five daily"),
    ("User teaches Year 4 at a primary school.", "Primary teacher, Y4 class"),
    ("User prefers type hints in all Python code.", "User annotates every Python function."),
    ("User's dog is a golden retriever named Bailey.", "Bailey — the user's golden retriever"),
    ("User's favourite cuisine is Thai.", "Thai food is the user's fave"),
    ("User is 34 years old.", "Thirty-four."),
    ("User was born in 1990.", "Birth year: nineteen ninety."),
    ("User has type 1 diabetes.", "T1 diabetic"),
    ("User is Muslim.", "Practices Islam."),
    ("User has an iPhone.", "Owns an Apple iPhone."),
    ("User uses IntelliJ IDEA.", "Codes in JetBrains IntelliJ IDEA."),
]

OTHER_VALUES = [
    ("User pays rent of 1200 dollars a month.", "Rent: $1,300/mo"),
    ("User earns about $80,000 a year.", "Salary ~90k USD/yr"),
    ("User has type 1 diabetes.", "Diagnosed with type II diabetes"),
    ("User's timezone is CET.", "User is on Eastern European Time."),
    ("User runs 5k three times a week.", "User runs 5k twice a week."),
    ("User wakes up at 6:30 every morning.", "Up at half five daily"),
    ("User teaches Year 4 at a primary school.", "Primary teacher, Y5 class"),
    ("User owns a dairy farm.", "Runs a dairy farm, Wisconsin"),
    ("User prefers British spelling.", "Wants American English spelling."),
    ("User prefers functional programming.", "User prefers object-oriented programming."),
    ("User uses Rust.", "User restores old cars and fights rust."),
    ("Works at Apple", "User has a small apple orchard."),
    ("User is 34 years old.", "Thirty-five."),
    ("User was born in 1990.", "Birth year: nineteen ninety-one."),
    ("User has lived in Germany.", "User has lived in Germany, France."),  # (a list, no city)
    ("User is American.", "User speaks American English."),
]


@pytest.mark.parametrize(("old", "new"), ONE_VALUE)
def test_one_value_written_other_ways(old: str, new: str) -> None:
    assert same_values(new, old)


@pytest.mark.parametrize(("old", "new"), OTHER_VALUES)
def test_another_value_in_the_same_forms(old: str, new: str) -> None:
    assert not same_values(new, old)


def test_a_semicolon_is_prose_and_no_longer_in_other_languages_is_a_change() -> None:
    # (the meaning step skipped facts with a semicolon as if they were code)
    assert decide("Asthmatic; carries an inhaler.", "User has asthma.", cosine=0.75) == "merge"
    assert decide("Asthmatic; carries an inhaler.", "User has asthma.", cosine=None) == "keep"
    german = "Bitte nicht mehr auf Deutsch antworten."
    assert decide(german, "User wants responses in German.", cosine=0.8) != "merge"
    assert decide("User rents out their flat.", "User owns a flat.") != "supersede"
    promoted = "User was promoted from junior to senior engineer."
    assert decide(promoted, "User is a junior developer.", cosine=0.75) != "merge"
