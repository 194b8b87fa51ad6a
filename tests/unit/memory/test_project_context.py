"""ProjectContextVectorStore: isolation, lazy loading, filters, priority, deletion."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from amplify_memory.errors import DocumentNotFoundError
from amplify_memory.memory.kinds import PROJECT_TYPES
from amplify_memory.memory.project_context import ProjectContextVectorStore
from amplify_memory.memory.prompt import estimate_tokens
from amplify_memory.storage import MemoryStorage

Clock = Callable[[], str]


@pytest.fixture
def store(storage: MemoryStorage, clock: Clock, closing: list[object]) -> ProjectContextVectorStore:
    store = ProjectContextVectorStore(storage=storage, clock=clock)
    closing.append(store)
    return store


async def test_add_returns_the_entry_with_every_field(store: ProjectContextVectorStore) -> None:
    entry = await store.add(
        "shop",
        "Must support OAuth with Google",
        "requirement",
        files=["src/auth.ts"],
        tags=["Auth", "auth"],
        source_chat_id="c1",
        plan_point_id="p3",
    )
    assert set(entry) == {
        "id",
        "projectId",
        "content",
        "type",
        "createdAt",
        "updatedAt",
        "sourceChatId",
        "planPointId",
        "files",
        "tags",
    }
    assert entry["projectId"] == "shop"
    assert entry["tags"] == ["auth"]
    assert await store.get("shop", entry["id"]) == entry


async def test_each_project_is_saved_under_its_own_name(
    store: ProjectContextVectorStore, storage: MemoryStorage
) -> None:
    await store.add("shop", "Uses Stripe for payments", "decision")
    await store.add("blog", "Uses Markdown files for posts", "decision")
    await store.flush()
    names = await storage.list_names()
    assert "vector_store_project_shop" in names
    assert "vector_store_project_blog" in names
    assert await store.list_projects() == ["blog", "shop"]


async def test_a_project_never_sees_another_projects_entries(
    store: ProjectContextVectorStore,
) -> None:
    await store.add("shop", "Uses PostgreSQL for orders", "decision")
    await store.add("blog", "Uses PostgreSQL for comments", "decision")
    hits = await store.search("blog", "postgresql")
    assert [h["projectId"] for h in hits] == ["blog"]
    assert "orders" not in await store.format_context_for_prompt("blog", "postgresql")


async def test_projects_are_loaded_lazily_on_first_use(
    storage: MemoryStorage, clock: Clock, closing: list[object]
) -> None:
    first = ProjectContextVectorStore(storage=storage, clock=clock)
    await first.add("shop", "Checkout must finish in 3 steps", "requirement")
    await first.close()
    reads: list[str] = []
    original = storage.load

    async def counting_load(name: str) -> str | None:
        reads.append(name)
        return await original(name)

    storage.load = counting_load  # type: ignore[method-assign]
    second = ProjectContextVectorStore(storage=storage, clock=clock)
    closing.append(second)
    assert reads == []
    hits = await second.search("shop", "checkout steps")
    assert [h["content"] for h in hits] == ["Checkout must finish in 3 steps"]
    # (its log's head, absent for a small store, then its record)
    assert reads == ["vector_store_project_shop.head", "vector_store_project_shop"]


@pytest.mark.parametrize("bad", ["", "a b", "../x", "x" * 101, "shop.corrupt", 7, "-lead"])
async def test_an_invalid_project_id_is_a_clear_error(
    store: ProjectContextVectorStore, bad: object
) -> None:
    with pytest.raises(ValueError, match=r"invalid project id .*1 to 100 characters"):
        await store.add(bad, "x", "decision")  # type: ignore[arg-type]


async def test_an_unknown_type_is_a_clear_error(store: ProjectContextVectorStore) -> None:
    with pytest.raises(ValueError, match=r"unknown project-context type 'todo'.*requirement"):
        await store.add("shop", "Write tests", "todo")


async def test_prompt_context_orders_by_type_priority_then_relevance(
    store: ProjectContextVectorStore,
) -> None:
    for kind in reversed(PROJECT_TYPES):
        await store.add("app", f"login screen {kind.replace('_', ' ')} note", kind)
    await store.add("app", "login login screen requirement with more login", "requirement")
    text = await store.format_context_for_prompt("app", "login screen")
    kinds = [line.split("]")[0].removeprefix("- [") for line in text.splitlines()[1:]]
    assert kinds == sorted(kinds, key=PROJECT_TYPES.index)
    assert kinds[0] == "requirement"
    assert kinds[-1] == "file_context"
    assert text.splitlines()[1] == "- [requirement] login login screen requirement with more login"


async def test_prompt_context_stays_within_the_budget(store: ProjectContextVectorStore) -> None:
    for i in range(60):
        await store.add("app", f"The cart page calls the pricing API variant {i}", "pattern")
    for budget in (0, 10, 100, 1000):
        text = await store.format_context_for_prompt("app", "cart pricing", max_tokens=budget)
        assert estimate_tokens(text) <= budget


async def test_filters_by_type_files_and_tags(store: ProjectContextVectorStore) -> None:
    await store.add(
        "app", "Login form validates email", "pattern", files=["src/login.tsx"], tags=["auth"]
    )
    await store.add("app", "Login fails on Safari", "error", files=["src/login.tsx"])
    await store.add("app", "Login button color", "decision", tags=["ui"])
    assert [h["type"] for h in await store.search("app", "login", types=["error"])] == ["error"]
    by_file = await store.search("app", "login", files=["src/login.tsx"])
    assert {h["type"] for h in by_file} == {"pattern", "error"}
    assert [h["type"] for h in await store.search("app", "login", tags=["UI"])] == ["decision"]
    both = await store.search("app", "login", types=["pattern", "error"], tags=["auth"])
    assert [h["type"] for h in both] == ["pattern"]
    assert [
        e["type"] for e in await store.list("app", files=["src/login.tsx"], types=["error"])
    ] == ["error"]


async def test_delete_project_removes_its_entries_and_record(
    store: ProjectContextVectorStore, storage: MemoryStorage
) -> None:
    await store.add("old", "Deprecated API", "decision")
    await store.add("keep", "Still here", "decision")
    await store.flush()
    await store.delete_project("old")
    names = await storage.list_names()
    assert not any(n.startswith("vector_store_project_old") for n in names)
    assert "vector_store_project_keep" in names
    assert await store.search("old", "deprecated") == []
    assert await store.list_projects() == ["keep"]


async def test_update_changes_content_and_type(store: ProjectContextVectorStore) -> None:
    entry = await store.add("app", "Use REST", "decision")
    changed = await store.update("app", entry["id"], content="Use GraphQL", type="architecture")
    assert changed["content"] == "Use GraphQL"
    assert changed["updatedAt"] > entry["updatedAt"]
    assert [h["id"] for h in await store.search("app", "graphql")] == [entry["id"]]
    with pytest.raises(ValueError, match="cannot change"):
        await store.update("app", entry["id"], projectId="other")
    with pytest.raises(DocumentNotFoundError, match="no entry"):
        await store.update("app", "missing", content="x")
