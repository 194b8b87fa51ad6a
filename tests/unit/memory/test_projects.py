"""The project registry: chats mapped to projects, persisted."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from amplify_memory.memory.projects import PROJECT_REGISTRY_STORE_NAME, ProjectRegistry
from amplify_memory.storage import MemoryStorage


async def test_a_chat_maps_to_its_project_and_an_unknown_chat_to_none(
    storage: MemoryStorage, clock: Callable[[], str]
) -> None:
    registry = ProjectRegistry(storage=storage, clock=clock)
    await registry.assign_chat("chat-1", "shop")
    assert await registry.get_project_by_chat("chat-1") == "shop"
    assert await registry.get_project_by_chat("chat-2") is None
    await registry.close()


async def test_moving_a_chat_changes_its_project_and_unassigning_removes_it(
    storage: MemoryStorage, clock: Callable[[], str]
) -> None:
    registry = ProjectRegistry(storage=storage, clock=clock)
    await registry.assign_chat("c", "shop")
    await registry.assign_chat("c", "blog")
    assert await registry.get_project_by_chat("c") == "blog"
    assert [c["projectId"] for c in await registry.list_chats()] == ["blog"]
    assert await registry.unassign_chat("c") is True
    assert await registry.unassign_chat("c") is False
    assert await registry.get_project_by_chat("c") is None
    await registry.close()


async def test_the_mapping_survives_a_reopen(storage: MemoryStorage) -> None:
    registry = ProjectRegistry(storage=storage)
    await registry.assign_chat("chat-1", "shop")
    await registry.add_project("shop", "The Shop")
    await registry.close()
    assert PROJECT_REGISTRY_STORE_NAME in await storage.list_names()
    again = ProjectRegistry(storage=storage)
    assert await again.get_project_by_chat("chat-1") == "shop"
    assert await again.list_projects() == [{"projectId": "shop", "name": "The Shop", "chats": 1}]
    await again.close()


async def test_projects_are_registered_named_listed_and_removed(storage: MemoryStorage) -> None:
    registry = ProjectRegistry(storage=storage)
    assert await registry.add_project("blog") == {"projectId": "blog", "name": "blog"}
    assert await registry.add_project("blog", "My Blog") == {"projectId": "blog", "name": "My Blog"}
    assert await registry.add_project("blog") == {"projectId": "blog", "name": "My Blog"}
    await registry.assign_chat("a", "blog")
    await registry.assign_chat("b", "blog")
    await registry.assign_chat("c", "shop")
    assert [(p["projectId"], p["chats"]) for p in await registry.list_projects()] == [
        ("blog", 2),
        ("shop", 1),
    ]
    assert [c["chatId"] for c in await registry.list_chats("blog")] == ["a", "b"]
    assert await registry.remove_project("blog") is True
    assert await registry.get_project_by_chat("a") is None
    assert [p["projectId"] for p in await registry.list_projects()] == ["shop"]
    assert await registry.remove_project("blog") is False
    await registry.close()


@pytest.mark.parametrize("chat_id", ["", "   ", " padded", "x" * 201, 7, None])
async def test_a_bad_chat_id_is_refused_with_a_message(
    storage: MemoryStorage, chat_id: object
) -> None:
    registry = ProjectRegistry(storage=storage)
    with pytest.raises((ValueError, TypeError), match="chat id"):
        await registry.get_project_by_chat(chat_id)  # type: ignore[arg-type]


async def test_a_bad_project_id_is_refused(storage: MemoryStorage) -> None:
    registry = ProjectRegistry(storage=storage)
    with pytest.raises(ValueError, match="invalid project id"):
        await registry.assign_chat("c", "no spaces allowed")


def test_get_instance_is_one_per_page() -> None:
    ProjectRegistry.reset_instance()
    try:
        assert ProjectRegistry.get_instance() is ProjectRegistry.get_instance()
    finally:
        ProjectRegistry.reset_instance()
