"""UserProfileVectorStore: categories, de-duplication, contradictions, prompt context."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable

import pytest

from amplify_memory.memory.prompt import USER_HEADING, estimate_tokens
from amplify_memory.memory.user_profile import USER_PROFILE_STORE_NAME, UserProfileVectorStore
from amplify_memory.storage import MemoryStorage

Clock = Callable[[], str]


@pytest.fixture
def make(
    closing: list[object],
) -> Callable[[MemoryStorage, Clock], Awaitable[UserProfileVectorStore]]:
    async def factory(storage: MemoryStorage, clock: Clock) -> UserProfileVectorStore:
        store = UserProfileVectorStore(storage=storage, clock=clock)
        await store.initialize()
        closing.append(store)
        return store

    return factory


Make = Callable[[MemoryStorage, Clock], Awaitable[UserProfileVectorStore]]


async def test_add_stores_an_entry_with_every_field(
    make: Make, storage: MemoryStorage, clock: Clock
) -> None:
    store = await make(storage, clock)
    out = await store.add(
        "User prefers TypeScript over JavaScript",
        "preference",
        source="user_message",
        confidence=0.9,
    )
    entry = out["entry"]
    assert out["action"] == "inserted"
    assert set(entry) == {
        "id",
        "content",
        "category",
        "createdAt",
        "updatedAt",
        "accessCount",
        "source",
        "confidence",
        "topic",
        "value",
        "polarity",
        "seq",
        "superseded",
        "supersededBy",
        "supersededAt",
    }
    assert entry["topic"] == "choice:JavaScript|TypeScript"
    assert (entry["value"], entry["polarity"], entry["superseded"]) == (
        "TypeScript",
        "positive",
        False,
    )
    assert entry["createdAt"] == entry["updatedAt"] == "2026-01-01T00:00:00.000Z"
    assert entry["accessCount"] == 0
    assert await store.get(entry["id"]) == entry


async def test_an_unknown_category_is_a_clear_error(
    make: Make, storage: MemoryStorage, clock: Clock
) -> None:
    store = await make(storage, clock)
    with pytest.raises(ValueError, match=r"unknown user-profile category 'hobby'.*preference"):
        await store.add("User likes chess", "hobby")
    assert await store.count() == 0


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "must not be empty"),
        ("   ", "must not be empty"),
        (42, "must be a string"),
    ],
)
async def test_blank_or_non_text_content_is_refused(
    make: Make, storage: MemoryStorage, clock: Clock, content: object, message: str
) -> None:
    store = await make(storage, clock)
    with pytest.raises((ValueError, TypeError), match=message):
        await store.add(content, "preference")  # type: ignore[arg-type]


async def test_confidence_outside_zero_to_one_is_refused(
    make: Make, storage: MemoryStorage, clock: Clock
) -> None:
    store = await make(storage, clock)
    with pytest.raises(ValueError, match=r"confidence must be a number from 0 to 1, got 1\.5"):
        await store.add("User likes tea", "preference", confidence=1.5)


async def test_a_paraphrase_refreshes_the_stored_entry(
    make: Make, storage: MemoryStorage, clock: Clock
) -> None:
    store = await make(storage, clock)
    first = (
        await store.add("User prefers TypeScript over JavaScript", "preference", confidence=0.7)
    )["entry"]
    again = await store.add(
        "The user prefers TypeScript over JavaScript.", "preference", confidence=0.9
    )
    assert again["action"] == "updated"
    assert await store.count() == 1
    entry = await store.get(first["id"])
    assert entry is not None
    assert entry["accessCount"] == 1
    assert entry["confidence"] == 0.9
    assert entry["updatedAt"] > entry["createdAt"]
    lower = await store.add("User prefers TypeScript over JavaScript", "preference", confidence=0.5)
    assert lower["entry"]["confidence"] == 0.9  # the higher confidence is kept


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User prefers TypeScript", "User prefers Python"),
        ("User uses React at work", "User does not use React at home"),
    ],
)
async def test_a_contradiction_is_kept_apart_and_the_newer_ranks_first(
    make: Make, storage: MemoryStorage, clock: Clock, old: str, new: str
) -> None:
    store = await make(storage, clock)
    await store.add(old, "preference")
    out = await store.add(new, "preference")
    assert out["action"] == "inserted"
    assert await store.count() == 2
    query = " ".join(sorted(set(old.lower().split()) & set(new.lower().split())))
    hits = await store.search(query)
    assert [h["content"] for h in hits[:2]] == [new, old]


async def test_prompt_context_drops_an_entry_a_newer_one_contradicts(
    make: Make, storage: MemoryStorage, clock: Clock
) -> None:
    store = await make(storage, clock)
    await store.add("User prefers tabs for indentation", "coding_style")
    await store.add("User does not prefer tabs for indentation", "coding_style")
    text = await store.format_context_for_prompt("tabs indentation")
    assert text == f"{USER_HEADING}\n- [coding_style] User does not prefer tabs for indentation"


async def test_prompt_context_lines_most_relevant_first(
    make: Make, storage: MemoryStorage, clock: Clock
) -> None:
    store = await make(storage, clock)
    await store.add("User works with React and Next.js", "tech_stack")
    await store.add("User prefers TypeScript over JavaScript", "preference")
    await store.add("User likes short answers", "communication")
    await store.add("User uses 2-space indentation", "coding_style")
    text = await store.format_context_for_prompt("typescript or javascript for react")
    assert text.splitlines()[0] == USER_HEADING
    lines = text.splitlines()[1:]
    # a standing instruction about answers comes first, whatever the query
    assert lines[0] == "- [communication] User likes short answers"
    assert lines[1] == "- [preference] User prefers TypeScript over JavaScript"
    assert "- [tech_stack] User works with React and Next.js" in lines
    # a fact the query does not match stays out
    assert all("indentation" not in line for line in lines)


async def test_prompt_context_never_exceeds_the_budget_and_counts_access(
    make: Make, storage: MemoryStorage, clock: Clock
) -> None:
    store = await make(storage, clock)
    # forty different facts (a number alone would make them values of one fact)
    words = [
        "amber",
        "birch",
        "cedar",
        "delta",
        "ember",
        "fjord",
        "grove",
        "heron",
        "iris",
        "juniper",
    ]
    kinds = ["lint", "format", "build", "test"]
    for i in range(40):
        await store.add(f"User {words[i % 10]} {kinds[i // 10]} note about python tooling", "other")
    for budget in (0, 5, 17, 60, 200):
        text = await store.format_context_for_prompt("python tooling", max_tokens=budget)
        assert estimate_tokens(text) <= budget
    text = await store.format_context_for_prompt("python tooling", max_tokens=30)
    shown = [line.removeprefix("- [other] ") for line in text.splitlines()]
    assert shown
    for entry in await store.list():
        expected_min = 1 if entry["content"] in shown else 0
        assert entry["accessCount"] >= expected_min


async def test_entries_returned_in_the_prompt_get_one_more_access(
    make: Make, storage: MemoryStorage, clock: Clock
) -> None:
    store = await make(storage, clock)
    shown = (await store.add("User prefers dark mode", "preference"))["entry"]
    hidden = (await store.add("User lives in Lisbon", "personal"))["entry"]
    await store.format_context_for_prompt("dark mode")
    assert (await store.get(shown["id"]) or {})["accessCount"] == 1
    assert (await store.get(hidden["id"]) or {})["accessCount"] == 0


async def test_initialize_loads_what_another_instance_saved(
    make: Make, storage: MemoryStorage, clock: Clock
) -> None:
    store = await make(storage, clock)
    await store.add("User prefers vim keybindings", "preference")
    await store.close()
    assert USER_PROFILE_STORE_NAME in await storage.list_names()
    again = await make(storage, clock)
    assert [e["content"] for e in await again.list()] == ["User prefers vim keybindings"]


async def test_remove_deletes_the_text_from_the_saved_snapshot(
    make: Make, storage: MemoryStorage, clock: Clock
) -> None:
    store = await make(storage, clock)
    secret = (await store.add("User's daughter is called Mirabel", "personal"))["entry"]
    await store.add("User likes tea", "preference")
    await store.flush()
    assert "Mirabel" in (await storage.load(USER_PROFILE_STORE_NAME) or "")
    assert await store.remove(secret["id"]) is True
    assert await store.remove(secret["id"]) is False
    await store.flush()
    saved = await storage.load(USER_PROFILE_STORE_NAME) or ""
    assert "Mirabel" not in saved
    assert "tea" in saved


async def test_clear_empties_the_store(make: Make, storage: MemoryStorage, clock: Clock) -> None:
    store = await make(storage, clock)
    await store.add("User likes tea", "preference")
    await store.add("User uses Linux", "tech_stack")
    await store.clear()
    assert await store.count() == 0
    assert await store.search("tea") == []


async def test_list_filters_by_category_newest_first(
    make: Make, storage: MemoryStorage, clock: Clock
) -> None:
    store = await make(storage, clock)
    await store.add("User uses Linux", "tech_stack")
    await store.add("User likes tea", "preference")
    await store.add("User uses PostgreSQL", "tech_stack")
    assert [e["content"] for e in await store.list("tech_stack")] == [
        "User uses PostgreSQL",
        "User uses Linux",
    ]


async def test_a_corrupt_snapshot_is_quarantined_and_the_store_starts_empty(
    make: Make, storage: MemoryStorage, clock: Clock
) -> None:
    await storage.save(USER_PROFILE_STORE_NAME, '{"format": "amplify-memory-store", "versi')
    store = await make(storage, clock)
    assert await store.count() == 0
    assert store.load_error is not None
    names = await storage.list_names()
    assert any(n.startswith(USER_PROFILE_STORE_NAME + ".corrupt-") for n in names)
    await store.add("User likes tea", "preference")
    await store.flush()
    kept = next(n for n in names if ".corrupt-" in n)
    assert (await storage.load(kept) or "").endswith('"versi')  # the bad record is untouched


async def test_get_instance_is_one_per_page_until_reset(storage: MemoryStorage) -> None:
    UserProfileVectorStore.reset_instance()
    try:
        a = UserProfileVectorStore.get_instance(storage=storage)
        assert UserProfileVectorStore.get_instance() is a
        UserProfileVectorStore.reset_instance()
        assert UserProfileVectorStore.get_instance(storage=storage) is not a
    finally:
        UserProfileVectorStore.reset_instance()


async def test_hostile_text_is_stored_and_returned_verbatim(
    make: Make, storage: MemoryStorage, clock: Clock
) -> None:
    store = await make(storage, clock)
    hostile = '<script>alert("x")</script> \u202e\u0000 "}]} DROP TABLE; 🙂 naïve 日本語'
    entry = (await store.add(hostile, "other"))["entry"]
    await store.close()
    again = await make(storage, clock)
    assert (await again.get(entry["id"]) or {})["content"] == hostile.strip()
    json.dumps(await again.list())  # still JSON-serialisable
