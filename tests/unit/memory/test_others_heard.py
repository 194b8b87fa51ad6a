"""Not the user's: a named person's change, pasted paths, server logs and JSON, a filler
"like" (the sixteenth round, from a new blind set opened after its first measure).

Sentences written for the tests, none the corpus's own.
"""

from __future__ import annotations

import pytest

from amplify_memory.memory.chat_facts import extract_chat_facts


def stored(message: str) -> list[str]:
    return [f.content for f in extract_chat_facts(message).user]


@pytest.mark.parametrize(
    "message",
    [
        "Maria moved from Sublime Text to VS Code last week, she says it's snappier",
        "Dev swapped Postman for Insomnia and won't shut up about it",
        "build fails with this:\nRequire stack:\n- /srv/api/lib/db.js\n- /srv/api/server.js",
        '10.0.0.5 - - [01/Jan/2025:00:00:01 +0000] "POST /xmlrpc.php HTTP/1.1" 403 12 "-" '
        '"curl/8.4.0"\nwhat is hitting us',
        'the boilerplate came with:\n{\n  "plugins": ["tailwindcss", "autoprefixer"],\n'
        '  "semi": false\n}\nwhy both?',
    ],
)
def test_nothing_of_the_users_own(message: str) -> None:
    assert stored(message) == []


@pytest.mark.parametrize(
    "message", ["i walk a lot, like 12k steps a day", "we ship often, like maybe twice a day"]
)
def test_a_filler_like_is_no_taste(message: str) -> None:
    assert not any(f.startswith("User likes") for f in stored(message))


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("I write all my data pipelines in Scala", "User uses Scala for their data pipelines"),
        ("i do most of my scripting in python these days", "User uses Python for their scripting"),
        ("Finally switched to Neovim", "User uses Neovim"),
        ("Today moved from Heroku to Render", "User uses Render"),
    ],
)
def test_the_users_own_still_stored(message: str, fact: str) -> None:
    assert fact in stored(message)


@pytest.mark.parametrize(
    "message",
    [
        "write a unit test for the invoice rounding",
        "add an example of the retry logic",
        "draft a migration for the orders table",
    ],
)
def test_one_thing_made_for_a_thing_at_hand_is_a_task(message: str) -> None:
    assert stored(message) == []


def test_a_standing_wish_with_an_article_still_stands() -> None:
    assert stored("always add a docstring for the public functions") != []


@pytest.mark.parametrize(
    "message",
    [
        "another squad switched from Jenkins to GitHub Actions",
        "the other squad replaced Jenkins with GitHub Actions last month",
        "the other team uses GitLab CI",
        "a different crew moved their builds to Bazel",
    ],
)
def test_another_group_s_change_is_not_the_users(message: str) -> None:
    """A group that is not the user's (seventeenth session; "another squad switched
    from Jenkins ..." stored "User no longer uses Jenkins")."""
    assert stored(message) == []


def test_the_users_own_squad_is_theirs() -> None:
    assert stored("our squad switched from Jenkins to GitHub Actions") == [
        "User uses GitHub Actions",
        "User no longer uses Jenkins",
    ]
    assert stored("a different team owns the Terraform, we use Pulumi") == ["User uses Pulumi"]
