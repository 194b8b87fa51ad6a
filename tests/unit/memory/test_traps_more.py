"""Traps of the twentieth round: a spouse or parent named without "my" ("hubby",
"the wife", "dad") is someone else; "I don't care either way" is no fact; "I told you
already I don't use X" is the user's fact; praise the message says it does not mean
("said no one ever", "yeah right", an eye roll) is not stored as a liking.

Sentences written for the tests, none the corpora's own.
"""

from __future__ import annotations

import pytest

from amplify_memory.memory.chat_facts import extract_chat_facts
from amplify_memory.memory.user_facts import extract_user_facts


def _user(said: str) -> list[str]:
    return [f.content for f in extract_chat_facts(said).user]


@pytest.mark.parametrize(
    "said",
    [
        "hubby is a total emacs nerd lol",
        "the wife runs everything in Google Sheets",
        "dad still uses Internet Explorer somehow",
        "Nadia (our designer) likes spaces, I don't care either way",
        "oh yes, I adore Webpack config files... said no one ever",
        "yeah right, I totally love writing XML by hand",
        "love how Gradle needs 4 GB of RAM 🙄",
    ],
)
def test_nothing_of_the_users_own_is_stored(said: str) -> None:
    assert _user(said) == []
    assert extract_user_facts(said) == []


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("I told you already I don't use Kubernetes", "User does not use Kubernetes"),
        ("the wife uses Android, I use an iPhone", "User uses an iPhone"),
        ("I love Elixir", "User loves Elixir"),
    ],
)
def test_the_users_own_fact_beside_them_is(said: str, fact: str) -> None:
    assert fact in _user(said)
