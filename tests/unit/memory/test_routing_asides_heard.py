"""In a project's chat: asides, reasons, opinions, proposals and pasted configs are not
the project's facts (the sixteenth round, from a new blind set opened after its first
measure). Sentences written for the tests, none the corpus's own."""

from __future__ import annotations

import pytest

from amplify_memory.memory.chat_facts import extract_chat_facts


def project(message: str) -> list[str]:
    return [c.content for c in extract_chat_facts(message, in_project=True).project]


def user(message: str) -> list[str]:
    return [f.content for f in extract_chat_facts(message, in_project=True).user]


@pytest.mark.parametrize(
    ("message", "kept", "not_kept"),
    [
        ("We picked Postgres. The Mongo pricing made the decision easy.", "Postgres", "pricing"),
        ("never push straight to main in this repo, we got burned last year", "main", "burned"),
        ("staging deploys go through ArgoCD now, fingers crossed", "Argo", "fingers"),
    ],
)
def test_an_aside_beside_a_fact_is_not_one(message: str, kept: str, not_kept: str) -> None:
    stored = project(message)
    assert any(kept.lower() in c.lower() for c in stored), stored
    assert not any(not_kept in c.lower() for c in stored), stored


@pytest.mark.parametrize(
    "message",
    [
        "Proposal (not decided yet): move the docs to Astro next quarter.",
        "idea for later: maybe a dark theme for the dashboard",
        "Our CTO is convinced nobody needs offline mode.",
        "Marek always runs the migrations by hand on Fridays.",
        'resource "google_storage_bucket" "assets" {\n  name     = "assets-prod"\n'
        '  location = "EU"\n}',
        'dependencies {\n    implementation("com.squareup.retrofit2:retrofit:2.11.0")\n}',
        "E 0:00:01:0200   enemy.gd:12 @ _ready(): Node not found: 'Sprite2D'.",
    ],
)
def test_nothing_settled_of_the_project(message: str) -> None:
    assert project(message) == []
    assert not any(f.startswith("User uses") for f in user(message))


def test_a_settled_fact_stays_beside_an_undecided_one() -> None:
    stored = project("the API runs on Cloud Run. caching is up for discussion, not decided")
    assert any("Cloud Run" in c for c in stored), stored
    assert not any("caching" in c.lower() for c in stored), stored


def test_no_stress_is_not_a_wish() -> None:
    assert user("I reply late most days, no stress") == [] or all(
        "stress" not in f for f in user("I reply late most days, no stress")
    )


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("Bevy it is. Unity's runtime fee made it easy.", "Use Bevy"),
        ("SQLite it is then", "Use SQLite"),
    ],
)
def test_a_choice_said_as_x_it_is(message: str, fact: str) -> None:
    assert fact in project(message)


@pytest.mark.parametrize("message", ["that it is", "here it is: the log", "so it is"])
def test_not_a_choice(message: str) -> None:
    assert project(message) == []
