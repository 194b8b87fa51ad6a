"""Standing instructions and tastes as people type them (the fifteenth round).

New sentences of the families the round's dev set showed, none of them the set's own:
answers asked for in another language, tastes without a verb, a standing instruction
whose condition comes first. The last cases guard what must stay as it was.
"""

from __future__ import annotations

import pytest

from amplify_memory.memory.user_facts import extract_user_facts


def stored(message: str) -> list[str]:
    return [f.content for f in extract_user_facts(message)]


@pytest.mark.parametrize(
    ("message", "language"),
    [
        ("contéstame siempre en español, porfa", "Spanish"),
        ("réponds-moi en français à partir de maintenant", "French"),
        ("请以后都用中文回答", "Chinese"),
        ("これからは日本語で答えてください", "Japanese"),
    ],
)
def test_answers_asked_for_in_another_language(message: str, language: str) -> None:
    assert f"User wants answers in {language}" in stored(message)


def test_a_language_for_this_time_only_is_not_stored() -> None:
    assert stored("这次用英文回答") == []


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("Metallica forever", "User likes Metallica"),
        ("ramen is my weakness", "User likes ramen"),
        ("Jenkins, eww", "User dislikes Jenkins"),
        ("Bamboo?? nope", "User dislikes Bamboo"),
        ("Tailwind? hard pass.", "User dislikes Tailwind CSS"),
        ("big no to ORMs in small services", "User dislikes ORMs in small services"),
        ("hard pass on Jira", "User dislikes Jira"),
    ],
)
def test_a_taste_said_without_a_verb(message: str, fact: str) -> None:
    assert fact in stored(message)


@pytest.mark.parametrize(
    "message",
    ["I love you forever", "stack for everything new: go 1.22, sqlc, postgres"],
)
def test_no_taste_where_there_is_none(message: str) -> None:
    assert not any(f.startswith(("User likes", "User dislikes")) for f in stored(message))


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("When you write Bash use set -euo pipefail", ["set -euo pipefail", "Bash"]),
        ("from now on, when you give me regexes, explain each group", ["each group", "regex"]),
        ("when you recommend packages, only ones with a BSD license", ["BSD"]),
    ],
)
def test_a_standing_instruction_whose_condition_comes_first(message: str, words: list[str]) -> None:
    facts = stored(message)
    assert any(
        f.startswith("User wants the assistant to") and all(w.lower() in f.lower() for w in words)
        for f in facts
    ), facts


def test_what_stays_as_it_was() -> None:
    assert stored("when you get a chance, look at this") == []
    assert stored("is it fast? nope") == []
    assert stored("Tailwind? hard pass.") == ["User dislikes Tailwind CSS"]  # (not "uses")
    assert "User is not a fan of Java" in stored("I love Go - not a fan of Java")
