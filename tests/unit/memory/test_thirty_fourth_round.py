"""The thirty-fourth session: values read off subjectless facts, one-of-a-kind names,
and words that only looked like a topic."""

from __future__ import annotations

import pytest

from amplify_memory.memory.chat_facts import extract_chat_facts
from amplify_memory.memory.supersession import decide
from amplify_memory.memory.topics import frames_of


def stored(message: str) -> list[str]:
    return [f.content for f in extract_chat_facts(message).user]


@pytest.mark.parametrize(
    ("new", "old", "action"),
    [
        # a length word before another noun is not the length of answers
        ("Is writing a collection of short stories", "Prefers short answers", "keep"),
        ("Likes answers to include a short example.", "Prefers concise answers.", "keep"),
        ("User likes answers as bullet lists rather than long prose.", "Prefers bullets", "merge"),
        ("Keep answers short and simple", "Prefers concise answers", "merge"),
        # the way to work said without "User"
        ("Cycles to work these days", "Commutes by bus", "supersede"),
        # one test runner of JavaScript at a time
        ("Switched test runner to Vitest", "Uses Jest for tests", "supersede"),
        ("Testing framework: Vitest", "Uses Jest for tests.", "supersede"),
        ("Uses pytest for the backend", "Uses Jest for tests", "keep"),
        # a distribution is no place to move to
        ("Moved to Fedora Linux for development", "Develops on macOS", "supersede"),
        # any work one does for a living is a role; an employer's name is no scope
        ("Now works as a bank teller", "Works as a barista at Blue Bottle", "supersede"),
        ("User works as a volunteer at the shelter", "User is a nurse", "keep"),
        # one partner, one manager at a time, by name
        ("User's partner is called Jordan", "User's partner is called Alex", "supersede"),
        ("User's manager is Sam", "User's manager is Priya", "supersede"),
        ("User has a dog named Max", "User has a dog named Rex", "keep"),
        # a diet said with "follows"
        ("User follows a keto diet now", "Pescatarian", "supersede"),
        ("Follows a vegetarian diet.", "User is vegetarian.", "merge"),
    ],
)
def test_values_of_one_thing(new: str, old: str, action: str) -> None:
    assert decide(new, old) == action


@pytest.mark.parametrize(
    ("text", "topic", "value"),
    [
        ("Contributes to open source projects", None, None),
        ("Always cite sources", "citations", "citations"),
        ("User works as a bank teller", "role", "bank teller"),
        ("User now works as a postman", "role", "postman"),
        ("User is on a paleo diet", "diet", "paleo"),
        ("Uses Vitest for JS tests", "js_test_runner", "Vitest"),
    ],
)
def test_topics_read_off(text: str, topic: str | None, value: str | None) -> None:
    frames = frames_of(text)
    assert (frames[0].topic, frames[0].value) == (topic, value) if topic else not frames
