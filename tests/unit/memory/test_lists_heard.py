"""Extraction on turns of the nineteenth round: labelled lists with their polarity
("Things I'm done with:", "no to:", "cons:"), a principal investigator or a skip-level
manager as someone else, a pasted Dockerfile as code.

Sentences written for the tests, none the corpora's own.
"""

from __future__ import annotations

import pytest

from amplify_memory.memory.chat_facts import extract_chat_facts


def stored(said: str) -> list[str]:
    return [f.content for f in extract_chat_facts(said).user]


@pytest.mark.parametrize(
    ("said", "facts"),
    [
        (
            "Stuff I'm done with: Jenkins, Gradle.",
            ["User dislikes Jenkins", "User dislikes Gradle"],
        ),
        ("no to: Redux, MobX", ["User dislikes Redux", "User dislikes MobX"]),
        ("cons: Jira, Confluence", ["User dislikes Jira", "User dislikes Confluence"]),
        ("pros: Linear, Raycast", ["User likes Linear", "User likes Raycast"]),
        ("Tools I'm sick of: Webpack", ["User dislikes Webpack"]),
    ],
)
def test_a_labelled_list_keeps_its_polarity(said: str, facts: list[str]) -> None:
    assert stored(said) == facts


@pytest.mark.parametrize(
    "said",
    [
        "my PI swears by Nextflow, wants the whole lab on it",
        "my skip-level loves Asana",
        "can you check this\nFROM node:20-alpine\nRUN npm ci\nCMD node server.js",
    ],
)
def test_someone_elses_tool_or_a_pasted_file_stores_nothing(said: str) -> None:
    assert stored(said) == []


def test_a_raspberry_pi_is_no_principal_investigator() -> None:
    assert stored("my pi runs Home Assistant") == ["User uses Home Assistant"]


@pytest.mark.parametrize(
    ("said", "facts"),
    [  # what a user is, likes and comes from, said in another language (an English gloss)
        ("Sou de Fortaleza e odeio Jira", ["User is from Fortaleza", "User hates Jira"]),
        ("Ich liebe Elixir, aber ich hasse YAML.", ["User loves Elixir", "User hates YAML"]),
        ("Me encanta Vim, no me gusta Emacs.", ["User loves Vim", "User does not like Emacs"]),
        ("prefiero Bun al Deno", ["User prefers Bun over Deno"]),
    ],
)
def test_facts_said_in_another_language(said: str, facts: list[str]) -> None:
    assert stored(said) == facts


@pytest.mark.parametrize(
    ("said", "facts"),
    [  # an opinion of a tool said without the user's verb
        (
            "ripgrep is the best search tool out there",
            ["User thinks ripgrep is the best search tool"],
        ),
        ("Zig only from now on", ["User only uses Zig"]),
        ("fairly new to Kotlin", ["User is new to Kotlin"]),
        ("Helix way nicer", ["User prefers Helix"]),
        ("Java is not my cup of tea", ["User does not like Java"]),
        ("Elixir is really solid", ["User likes Elixir"]),
        ("Zig supremacy", ["User loves Zig"]),
        ("Webpack configs = my worst nightmare", ["User dislikes Webpack configs"]),
    ],
)
def test_an_opinion_of_a_tool_without_a_verb(said: str, facts: list[str]) -> None:
    assert stored(said) == facts


@pytest.mark.parametrize("said", ["this is the best approach ever", "coffee only", "me only"])
def test_an_opinion_of_no_tool_stores_nothing(said: str) -> None:
    assert stored(said) == []
