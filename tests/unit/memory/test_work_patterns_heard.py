"""The user's team, where and when they work (the sixteenth round).

"I joined the games team", "back in the office 3 days a week", "working nights" stored
nothing, and "User works fully remote" had no topic, so nothing superseded it. Sentences
written for the tests, none a corpus's own.
"""

from __future__ import annotations

import pytest

from amplify_memory.memory.chat_facts import extract_chat_facts
from amplify_memory.memory.supersession import decide
from amplify_memory.memory.topics import primary_frame


def stored(message: str) -> list[str]:
    return [f.content for f in extract_chat_facts(message).user]


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("just joined the payments team at work!", "User is on the payments team"),
        ("moved from the infra team to the data team in June", "User is on the data team"),
        (
            "back at the office two days a week since january",
            "User works from the office two days a week",
        ),
        ("fully remote now, the office closed", "User works remotely"),
        ("I'm working night shifts this year", "User works night shifts"),
    ],
)
def test_the_work_pattern_is_stored(message: str, fact: str) -> None:
    assert fact in stored(message)


@pytest.mark.parametrize(
    "message",
    [
        "my brother joined the security team",
        "should I join the mobile team?",
        "I joined the team last week",
        "is remote work bad for juniors?",
    ],
)
def test_not_the_users_work_pattern(message: str) -> None:
    assert not any(f.startswith(("User is on", "User works")) for f in stored(message))


@pytest.mark.parametrize(
    ("new", "old", "action"),
    [
        ("User works from the office 3 days a week", "User works fully remote", "supersede"),
        ("User works remotely", "User works in the office", "supersede"),
        ("User works night shifts", "User works daytime hours", "supersede"),
        ("User works remotely", "User works fully remote", "merge"),
        ("User works night shifts", "User works remotely", "keep"),
    ],
)
def test_a_new_work_pattern_replaces_the_old(new: str, old: str, action: str) -> None:
    assert decide(new, old) == action


def test_three_days_in_the_office_is_hybrid() -> None:
    frame = primary_frame("User works from the office three days a week")
    assert frame is not None
    assert (frame.topic, frame.value) == ("work_mode", "hybrid")
