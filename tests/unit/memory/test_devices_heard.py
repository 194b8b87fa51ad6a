"""The user's own devices (the sixteenth round): a phone, a laptop, a GPU, a tablet.

Sentences written for the tests, none of them a corpus's own: each says the user has a
device now; a new one of a kind supersedes the old one, another kind leaves it alone.
Questions, plans and other people's devices store nothing.
"""

from __future__ import annotations

import asyncio

import pytest

from amplify_memory.memory.auto import extract_and_store_user_facts
from amplify_memory.memory.chat_facts import extract_chat_facts
from amplify_memory.memory.devices import find_device
from amplify_memory.memory.supersession import decide
from amplify_memory.memory.topics import primary_frame
from amplify_memory.memory.user_facts import extract_user_facts
from amplify_memory.memory.user_profile import UserProfileVectorStore
from amplify_memory.storage import MemoryStorage


def stored(message: str) -> list[str]:
    return [f.content for f in extract_user_facts(message)]


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("my phone is a galaxy s23 ultra these days", "User has a Galaxy S23 Ultra"),
        ("My work laptop is a ThinkPad T14 now", "User has a ThinkPad T14"),
        ("my graphics card is an rx 7900 xtx", "User has an RX 7900 XTX GPU"),
        ("I just bought an iPad Air for sketching", "User has an iPad Air"),
        ("i'm on a macbook air m2", "User has a MacBook Air M2"),
        ("I've got a oneplus 12 now", "User has a OnePlus 12"),
        ("I upgraded to an rtx 3080 ti", "User has an RTX 3080 Ti GPU"),
    ],
)
def test_a_device_the_user_has_now(message: str, fact: str) -> None:
    assert fact in stored(message)


@pytest.mark.parametrize(
    "message",
    [
        "should I buy a Pixel 9 or an iPhone 16?",
        "if I had an RTX 4090 would this train faster",
        "my sister has a MacBook Pro",
        "my phone is broken again",
    ],
)
def test_no_device_without_the_user_having_one(message: str) -> None:
    assert not any(f.startswith("User has") for f in stored(message))


@pytest.mark.parametrize(
    ("new", "old", "action"),
    [
        ("User has a Pixel 9", "User has an Android phone", "supersede"),
        ("User has an iPhone 16", "User has a Galaxy S22", "supersede"),
        ("User has an RTX 4070 GPU", "User has a GTX 1080 GPU", "supersede"),
        ("User has a Dell XPS 15", "User uses a MacBook Pro", "supersede"),
        ("User has an iPad Pro", "User has an iPhone 13", "keep"),
        ("User has a ThinkPad X1 Carbon", "User has an RTX 3060 GPU", "keep"),
    ],
)
def test_a_device_of_the_same_kind_replaces_the_old_one(new: str, old: str, action: str) -> None:
    assert decide(new, old) == action


def test_a_device_and_its_maker_are_one_value() -> None:
    frame = primary_frame("User has an Android phone")
    assert frame is not None
    assert (frame.topic, frame.value, frame.scope) == ("phone", "Android phone", ())
    assert find_device("dell xps13") is not None
    assert find_device("the framework is fine") is None


def test_a_new_phone_said_in_chat_supersedes_the_stored_one() -> None:
    async def go() -> list[bool]:
        store = UserProfileVectorStore(storage=MemoryStorage(), semantic=False)
        await store.initialize()
        old = [
            (await store.add(t, "personal"))["entry"]["id"]
            for t in ("User has a Galaxy S21", "User has a MacBook Air")
        ]
        said = "my new phone is an iphone 15 pro, the samsung died"
        found = extract_chat_facts(said)
        await extract_and_store_user_facts(
            said, store=store, facts=found.user, replaced=found.replaced
        )
        out = [bool((await store.get(i) or {}).get("supersededBy")) for i in old]
        await store.close()
        return out

    assert asyncio.run(go()) == [True, False]
