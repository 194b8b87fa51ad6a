"""What stores nothing (the eighteenth round, from a new blind set of traps opened after
its first measure): a teaching assistant's or a boss's ways, a promise to oneself, an
idea nobody approved, a one-off in a project's chat, npm's log lines, sarcasm.

Sentences written for the tests, none the corpus's own.
"""

from __future__ import annotations

import pytest

from amplify_memory.memory.chat_facts import extract_chat_facts


def user_facts(message: str) -> list[str]:
    return [f.content for f in extract_chat_facts(message).user]


def project_facts(message: str) -> list[str]:
    return [c.content for c in extract_chat_facts(message, in_project=True).project]


@pytest.mark.parametrize(
    "message",
    [
        "my TA marks every lab in Excel and wants us to hand in CSVs",
        "our teaching assistant swears by Overleaf for everything",
        "my oga no like Docker at all, he say bare metal is king",
        "I keep telling myself I'll learn Haskell properly. maybe in the summer lol",
        "promised myself I'd switch to Neovim this year, we'll see",
        "Wow, I just love it when Xcode crashes right before a release. Great. /s",
        "I adore it when npm deletes my lockfile for no reason 🙃",
        "redo the next one with spaces instead, the reviewer asked for it",
    ],
)
def test_nothing_of_the_users_own(message: str) -> None:
    assert user_facts(message) == []


@pytest.mark.parametrize(
    "message",
    [
        "the VP wants us on Snowflake by spring but nothing's approved yet",
        "product would like GraphQL for the mobile API, not signed off though",
        "for this one script only, log with print, skip the structured logger",
        "just this once, hardcode the API base URL so the demo works",
        "npm ERR! code ELIFECYCLE\nnpm ERR! errno 1\nnpm ERR! build failed",
    ],
)
def test_nothing_for_the_project(message: str) -> None:
    assert project_facts(message) == []


def test_a_settled_want_of_the_project_is_still_the_projects() -> None:
    assert project_facts("the client wants WCAG 2.2 AA on every page")


def test_a_sincere_love_is_still_a_taste() -> None:
    assert user_facts("I love Elixir, the pipe operator is just great")


def test_a_device_named_like_a_person_is_not_someone_else() -> None:
    # ("the ... Pi" is no principal investigator: the clause is still the user's)
    found = extract_chat_facts("The Raspberry Pi 4 finally died, so my home lab runs on a NUC now")
    assert [r.value for r in found.replaced] == ["Raspberry Pi 4"]


@pytest.mark.parametrize(
    "message",
    [
        "Generate a GitLab CI pipeline that runs mypy and pytest on merge requests.",
        "Write a Dockerfile for a Flask app with gunicorn",
        "Set up a Pulumi stack for an S3 bucket and a CloudFront distribution",
    ],
)
def test_a_request_to_make_one_thing_is_a_task(message: str) -> None:
    assert user_facts(message) == []


def test_a_request_for_always_is_still_a_wish() -> None:
    assert user_facts("Write a docstring for every function you give me")


def test_a_named_persons_habit_is_not_the_projects() -> None:
    said = "Nadia keeps posting Nix articles in the channel. Anyway: this repo deploys with Helm."
    facts = project_facts(said)
    assert not any("Nix" in f for f in facts)
    assert any("Helm" in f for f in facts)
    assert project_facts("Docker keeps crashing on the CI runners since the upgrade")
