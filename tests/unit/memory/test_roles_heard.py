"""A role said after where the user is or what they started (the sixteenth round).

"I'm at Stripe now as a staff engineer" stored only the employer, and "graduated in May
and started as a junior data analyst" nothing (a past tense). Sentences written for the
tests, none a corpus's own.
"""

from __future__ import annotations

import pytest

from amplify_memory.memory.chat_facts import extract_chat_facts


def stored(message: str) -> list[str]:
    return [f.content for f in extract_chat_facts(message).user]


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        (
            "big news, I'm at Datadog now as a site reliability engineer",
            "User is a site reliability engineer",
        ),
        ("I just joined Monzo as a backend developer", "User is a backend developer"),
        (
            "finished the bootcamp and started as a junior frontend developer",
            "User is a junior frontend developer",
        ),
        ("I started working as a freelance translator in 2021", "User is a freelance translator"),
    ],
)
def test_the_role_is_kept(message: str, fact: str) -> None:
    assert fact in stored(message)


def test_the_employer_stays_beside_the_role() -> None:
    facts = stored("I'm at Figma now as a product designer")
    assert "User works at Figma" in facts
    assert "User is a product designer" in facts


@pytest.mark.parametrize(
    "message",
    [
        "my sister started as a nurse in March",
        "if I joined Google as an intern, would that help?",
        "she was hired as a designer last year",
    ],
)
def test_not_the_users_role(message: str) -> None:
    assert not any(f.startswith("User is a") for f in stored(message))
