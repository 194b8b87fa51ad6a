"""Tools of people the list knew too little of (the eighteenth round): audio and video,
assistive technology, networks, data platforms, science and CAD; and what a list of
them under a label of what is tested or supported is not.

Sentences written for the tests, none the corpora's own.
"""

from __future__ import annotations

import pytest

from amplify_memory.memory import _phrasing
from amplify_memory.memory.technologies import find_technologies
from amplify_memory.memory.user_facts import extract_user_facts


def stored(message: str) -> list[str]:
    return [f.content for f in extract_user_facts(message)]


@pytest.mark.parametrize(
    ("message", "names"),
    [
        ("I mix in Ableton Live and write plugins with JUCE", ["Ableton Live", "JUCE"]),
        ("screen reader user here, NVDA at work and VoiceOver on my phone", ["NVDA", "VoiceOver"]),
        ("NetBox is our source of truth, configs pushed to MikroTik boxes", ["NetBox", "MikroTik"]),
        ("tick data lives in kdb+, the BI folks use MicroStrategy", ["kdb+", "MicroStrategy"]),
        ("our lab runs jobs on SGE and I model buildings in Revit", ["SGE", "Revit"]),
    ],
)
def test_the_list_knows_them(message: str, names: list[str]) -> None:
    assert find_technologies(message) == names


@pytest.mark.parametrize(
    "word", ["demos", "routers", "space", "audacity", "voiceover", "toad", "rhino", "hive"]
)
def test_an_everyday_word_is_no_tool(word: str) -> None:
    # neither corrected into a tool's name nor read as one
    said = f"we talked about the {word} for a while"
    assert _phrasing.prepare(said) == said
    assert find_technologies(said) == []


@pytest.mark.parametrize(
    "message",
    [
        "Test matrix: NVDA + Firefox, JAWS + Chrome",
        "Supported browsers: Safari 16+, Firefox ESR, Edge",
        "Targets = Zynq, Raspberry Pi and an old BeagleBone",
    ],
)
def test_a_list_of_what_is_tested_or_supported_is_not_the_users(message: str) -> None:
    assert stored(message) == []


def test_a_list_of_the_users_test_tools_is_theirs() -> None:
    assert "user uses pytest" in [s.lower() for s in stored("Tests -> pytest + hypothesis.")]
