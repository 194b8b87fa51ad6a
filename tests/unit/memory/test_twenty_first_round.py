"""Extraction of the twenty-first round: a project chat's heading ("pattern we follow
here:", "rule of thumb for this repo:") and a reason that leans on the clause before
("the auditors require it") are no facts of the project; "I was wrong about X" followed
by a liking ends the stored dislike of X, not the use of it.

Sentences written for the tests, none the corpora's own.
"""

from __future__ import annotations

import pytest

from amplify_memory.memory import UserProfileVectorStore
from amplify_memory.memory.auto import extract_and_store_user_facts
from amplify_memory.memory.chat_facts import extract_chat_facts
from amplify_memory.storage import MemoryStorage


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        (
            "convention we follow here: every endpoint returns problem+json on errors",
            "Every endpoint returns problem+json on errors",
        ),
        ("House rules: no force pushes to main", "No force pushes to main"),
        (
            "Requirements for the kiosk: it must boot in under ten seconds",
            "It must boot in under ten seconds",
        ),
        (
            "invoices have to keep their original numbers after the import, legal requires it",
            "Invoices have to keep their original numbers after the import",
        ),
    ],
)
def test_a_heading_or_a_leaning_reason_is_no_project_fact(said: str, fact: str) -> None:
    project = [c.content for c in extract_chat_facts(said, in_project=True).project]
    assert project == [fact]


async def test_being_wrong_about_a_tool_ends_the_dislike_not_the_use() -> None:
    store = UserProfileVectorStore(storage=MemoryStorage(), semantic=False)
    await store.initialize()
    dislike = (await store.add("User dislikes Kotlin.", "preference"))["entry"]
    use = (await store.add("User uses Kotlin for Android apps.", "tech_stack"))["entry"]
    out = await extract_and_store_user_facts(
        "turns out I was wrong about Kotlin, coroutines won me over", store=store
    )
    stored = [o["entry"]["content"] for o in out]
    assert not any("no longer" in s for s in stored)
    gone = await store.get(dislike["id"])
    kept = await store.get(use["id"])
    assert gone is not None
    assert kept is not None
    assert gone["superseded"] is True
    assert kept["superseded"] is False
