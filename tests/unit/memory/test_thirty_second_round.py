"""The thirty-second session: which stored facts a new one is compared with."""

from __future__ import annotations

import pytest

import amplify_memory.memory.user_profile as user_profile
from amplify_memory.memory.topics import frames_of
from amplify_memory.memory.user_profile import UserProfileVectorStore
from amplify_memory.storage import MemoryStorage


@pytest.mark.parametrize(
    ("new", "old", "beside"),
    [
        ("User uses Jest with React", "User uses Jest with Vue", True),  # another scope
        ("User uses pnpm", "User uses npm at work", True),
        ("User avoids Jest with React", "User uses Jest with React", False),  # polarity
        ("User uses pnpm", "User uses npm", False),  # another value: may supersede
        ("User uses pnpm", "User lives in Berlin", False),  # no topic shared: not judged
        # an end said of no scope ends every scope's use
        ("User no longer uses Python", "User uses Python for side projects", False),
    ],
)
def test_beside_is_another_scope_of_a_shared_topic(new: str, old: str, beside: bool) -> None:
    assert user_profile._beside(frames_of(new), frames_of(old)) is beside


async def test_topic_candidates_of_another_scope_are_not_compared(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A stored fact that only its topic brings (not among the full-text candidates) is
    compared when the new fact may change it, not when it holds beside it."""
    store = UserProfileVectorStore(storage=MemoryStorage(), semantic=False)
    await store.initialize()
    flipped = (await store.add("User uses Jest with React", "tech_stack"))["entry"]
    other = (await store.add("User uses Jest with Vue", "tech_stack"))["entry"]
    compared: list[str] = []
    real = user_profile._decide

    def recording(new: str, old: str, *, cosine: float | None = None) -> str:
        compared.append(old)
        return real(new, old, cosine=cosine)

    monkeypatch.setattr(user_profile, "_DEDUP_CANDIDATES", 0)  # (the topic brings them all)
    monkeypatch.setattr(user_profile, "_decide", recording)
    out = await store.add("User avoids Jest with React", "tech_stack")
    assert compared == [flipped["content"]]
    assert [e["id"] for e in out["superseded"]] == [flipped["id"]]
    assert not (await store.get(other["id"]) or {}).get("superseded")


@pytest.mark.parametrize(
    ("message", "stored"),
    [
        (
            "I speak English, Yoruba and Igbo",
            ["User speaks English", "User speaks Yoruba", "User speaks Igbo"],
        ),
        (
            "I'm allergic to peanuts, shellfish, and penicillin",
            [
                "User is allergic to peanuts",
                "User is allergic to shellfish",
                "User is allergic to penicillin",
            ],
        ),
        (
            "I have a dog, two cats and a parrot",
            ["User has a dog", "User has two cats", "User has a parrot"],
        ),
        # not a list of one kind, or one of several: as before
        ("I want a dog, a cat, or a rabbit", ["User wants a dog"]),
        (
            "I live in Austin, Texas, and work at Dell",
            ["User lives in Austin", "User works at Dell"],
        ),
        ("I'm a nurse, mother of two and runner", ["User is a nurse"]),
        ("I'm in Berlin, Germany and Paris", ["User is in Berlin"]),
        (
            "we use Slack, Jira and Confluence at work",
            ["User uses Slack", "User uses Jira", "User uses Confluence at work"],
        ),  # (technologies: one fact each)
        ("I have two kids, 4 and 7", ["User has two kids"]),
    ],
)
def test_a_list_of_things_is_one_fact_each(message: str, stored: list[str]) -> None:
    from amplify_memory.memory import extract_user_facts

    assert [f.content for f in extract_user_facts(message)] == stored


@pytest.mark.parametrize(
    ("new", "old", "action"),
    [
        ("User works a four-day week", "User works five days a week", "supersede"),
        ("User is on a four-day week", "User works Monday to Friday", "supersede"),
        ("User works out 3 days a week", "User works Monday to Friday", "keep"),  # (not work)
        ("User works on their novel two days a week", "User works five days a week", "keep"),
        ("User works Tuesday to Saturday", "User works Monday to Friday", "supersede"),
        ("User works 4 days a week", "User works four days a week", "merge"),
        ("User works Mon-Fri", "User works Monday to Friday", "merge"),
        # days a week are not a day shift: a night shift does not replace them
        ("User works nights", "User works five days a week", "keep"),
    ],
)
def test_days_a_week_are_a_value(new: str, old: str, action: str) -> None:
    from amplify_memory.memory.supersession import decide

    assert decide(new, old) == action


async def test_a_four_day_week_replaces_five_days() -> None:
    from amplify_memory.memory import extract_and_store_user_facts

    store = UserProfileVectorStore(storage=MemoryStorage(), semantic=False)
    await store.initialize()
    five = (await store.add("User works Monday to Friday.", "personal"))["entry"]
    town = (await store.add("User lives in Utrecht.", "personal"))["entry"]
    await extract_and_store_user_facts("I'm on a four day week now, fridays off", store=store)
    assert (await store.get(five["id"]) or {}).get("superseded")
    assert not (await store.get(town["id"]) or {}).get("superseded")


@pytest.mark.parametrize(
    ("new", "old", "action"),
    [
        ("User is retired", "User works for the city council", "supersede"),
        ("User retired from Boeing", "User works at Boeing", "supersede"),
        ("User has retired", "User works as a nurse", "supersede"),
        # a job after, or somewhere else; what a retired user does
        ("User retired from the army", "User works as a security guard", "keep"),
        ("User is retired", "User works part-time at a garden centre", "keep"),
        ("User is retired", "User works for Uber on weekends", "keep"),
        ("User is retired", "User lives in Leeds", "keep"),
    ],
)
def test_retiring_ends_a_job(new: str, old: str, action: str) -> None:
    from amplify_memory.memory.supersession import decide

    assert decide(new, old) == action
