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


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("Diagram first, prose after.", "User wants diagram first, then prose"),
        ("summary first then the details pls", "User wants summary first, then details"),
        ("failing test first, then the fix", "User wants failing test first, then fix"),
        ("bottom line first", "User wants bottom line first"),
    ],
)
def test_what_comes_first_and_after(said: str, fact: str) -> None:
    assert _user(said) == [fact]


@pytest.mark.parametrize(
    "said",
    ["it crashed first, then it hung", "I mean first, then I'll see", "safety first lol"],
)
def test_a_clause_with_first_is_no_order_of_things(said: str) -> None:
    assert not any(" first" in f for f in _user(said))
