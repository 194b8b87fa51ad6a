"""Extraction, thirtieth session: a verdict on one thing, a heart as the verb, ", always"
and ", never" kept with what they judge, what one has not, races run for sport; and the
answers to a form and the one-off lacks that stay unstored."""

from __future__ import annotations

import pytest

from amplify_memory.memory import extract_user_facts


def contents(message: str) -> list[str]:
    return [f.content for f in extract_user_facts(message)]


@pytest.mark.parametrize(
    ("turn", "stored"),
    [
        ("spicy food = yes please. what's a good vindaloo recipe", "User likes spicy food"),
        ("Spicy food: yes please, the hotter the better 🌶️", "User likes spicy food"),
        ("Aisle seat, always. Which airlines have the best legroom?", "User likes aisle seat"),
        ("Evenings = dead to me", "User dislikes evenings"),
        ("horror is a hard no for me. any thrillers?", "User dislikes horror"),
        ("pineapple absolutely not", "User dislikes pineapple"),
        ("Vanilla JS or nothing.", "User likes vanilla JS"),
        ("dark mode, never", "User dislikes dark mode"),
        ("tabs, always", "User uses tabs for indentation"),
        ("I ❤️ rust", "User loves rust"),
        ("i 💙 svelte so much", "User loves Svelte so much"),
        ("I run marathons — did Berlin last September", "User runs marathons"),
        ("I do triathlons", "User does triathlons"),
        ("I don't have a car so everything has to be by bus", "User does not own a car"),
        ("I have no kids", "User does not have kids"),
        ("I have no car", "User does not own a car"),
        ("I do not have a dog", "User does not have a dog"),
        (
            "I'm Canadian, live in Montreal, speak French and English",
            "User speaks French and English",  # (was a request to the assistant)
        ),
    ],
)
def test_a_verdict_a_heart_a_lack_and_a_race_are_heard(turn: str, stored: str) -> None:
    assert stored in contents(turn)


@pytest.mark.parametrize(
    "turn",
    [
        "Married: yes",  # (a form's answer, not a taste)
        "DEBUG = no",
        "Dietary restrictions: no",
        "Alcohol: never",
        "I reinstalled node and cleared the cache. Same error, every time.",  # (how often)
        "Tried again with --force. Build fails every single time.",
        "Segfault on exit, every time!",
        "Late, always",
        "I 😍 finally got it working",  # (a reaction, not the verb)
        "the answer: yes",
        "I don't have time for this",
        "I have no idea",
        "my friend doesn't have a car",
        "if I didn't have a car",
    ],
)
def test_a_form_answer_and_a_passing_lack_store_nothing(turn: str) -> None:
    assert contents(turn) == []


def test_dark_mode_never_is_no_longer_a_liking() -> None:
    # (at the session's start: "User prefers dark mode")
    assert "User prefers dark mode" not in contents("dark mode, never")
