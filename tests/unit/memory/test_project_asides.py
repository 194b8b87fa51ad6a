"""A project's chat says more than its facts (the twentieth round): a heading ("Stack
for this one:", "Reminder for the team (and you):"), an aside ("we got that wrong
before", "it's internal anyway", "still not fixed"), what a choice lets the team do
("... so we can reuse the cache") and a wish for the reply at hand ("I just want
pros/cons", "keep that in mind") are stored as nothing, neither the project's nor the
user's; the facts beside them are, and "For <project-slug>:" opens a project's fact.

Sentences written for the tests, none the corpora's own.
"""

from __future__ import annotations

import pytest

from amplify_memory.memory.chat_facts import extract_chat_facts


def _project(said: str) -> list[str]:
    return [c.content for c in extract_chat_facts(said, in_project=True).project]


def _user(said: str, *, in_project: bool = False) -> list[str]:
    return [f.content for f in extract_chat_facts(said, in_project=in_project).user]


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("Stack for this one: Django + HTMX + Postgres.", "Django"),
        ("Reminder for the team (and you): secrets live in Vault, never in .env files.", "Vault"),
        ("timestamps are stored as UTC. we got that wrong before.", "UTC"),
        ("no SSR for the admin panel, it's internal anyway.", "SSR"),
        ("the upload form drops files over 2 MB on Firefox. still not fixed.", "2 MB"),
        ("images are stored as WebP so we can cut the bandwidth bill.", "WebP"),
        ("For orbit-api: every endpoint returns problem+json errors.", "problem+json"),
    ],
)
def test_the_fact_is_stored_and_its_aside_is_not(said: str, kept: str) -> None:
    facts = _project(said)
    assert len(facts) == 1
    assert kept.casefold() in facts[0].casefold()


@pytest.mark.parametrize(
    "said",
    [
        "nothing decided on the queue yet, I just want pros/cons of SQS vs Kafka",
        "I just want the fix for this one",
        "routes are kebab-case here. keep that in mind for everything you write",
        "min SDK is 26 now so we can use the new notification APIs",
    ],
)
def test_a_wish_for_this_reply_is_no_fact_of_the_user(said: str) -> None:
    assert _user(said, in_project=True) == []


def test_a_standing_wish_with_just_still_counts() -> None:
    assert _user("I just want short answers") == ["User wants short answers"]


@pytest.mark.parametrize(
    "said",
    [
        "translate the following into Dutch please: your parcel is on its way",
        "for tonight's newsletter use short paragraphs",
        "for tomorrow's demo script keep it under two minutes",
    ],
)
def test_a_request_for_the_thing_at_hand_is_no_standing_wish(said: str) -> None:
    assert _user(said) == []


def test_a_fragment_after_prefers_is_not_stored() -> None:
    assert "User prefers with emojis" not in _user("draft a tweet, casual tone, with emojis")
