"""The JSON facade for JavaScript (amplify_memory.api), on CPython with MemoryStorage."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from amplify_memory.api import EXPORT_FORMAT, MemoryApi, to_camel
from amplify_memory.memory.prompt import PROJECT_HEADING, USER_HEADING
from amplify_memory.storage import MemoryStorage


@pytest.fixture
def api() -> MemoryApi:
    return MemoryApi(storage=MemoryStorage(), delay=0.001)


async def call(api: MemoryApi, method: str, **args: Any) -> Any:
    reply = json.loads(await api.call(method, json.dumps(args)))
    if "error" in reply:
        raise AssertionError(f"{method} failed: {reply['error']}")
    return reply["value"]


async def error(api: MemoryApi, method: str, **args: Any) -> dict[str, Any]:
    """The error's type and message (and its code and bases, checked here)."""
    err = await full_error(api, method, **args)
    assert err.pop("code")
    assert isinstance(err.pop("bases"), list)
    return err


async def full_error(api: MemoryApi, method: str, **args: Any) -> dict[str, Any]:
    reply = json.loads(await api.call(method, json.dumps(args)))
    assert "value" not in reply, reply
    err: dict[str, Any] = reply["error"]
    return err


async def test_the_user_profile_round_trip(api: MemoryApi) -> None:
    assert await call(api, "userProfile.initialize") == {
        "isReady": True,
        "count": 0,
        "loadError": None,
    }
    added = await call(api, "userProfile.add", content="User prefers TypeScript over JavaScript")
    assert added["action"] == "inserted"
    assert added["entry"]["category"] == "preference"
    again = await call(api, "userProfile.add", content="User prefers TypeScript over JavaScript")
    assert again["action"] == "updated"
    assert await call(api, "userProfile.count") == 1
    hits = await call(api, "userProfile.search", query="typescript", limit=3)
    assert hits[0]["content"] == "User prefers TypeScript over JavaScript"
    assert "score" in hits[0]
    text = await call(api, "userProfile.formatContext", query="typescript", maxTokens=500)
    assert text == f"{USER_HEADING}\n- [preference] User prefers TypeScript over JavaScript"
    entry_id = added["entry"]["id"]
    assert (await call(api, "userProfile.get", id=entry_id))["id"] == entry_id
    assert await call(api, "userProfile.remove", id=entry_id) is True
    assert await call(api, "userProfile.list") == []


async def test_a_chat_is_assigned_only_to_a_known_project(api: MemoryApi) -> None:
    info = await full_error(api, "projects.assignChat", chatId="c1", projectId="shpo")
    assert info["type"] == "UnknownProjectError"
    assert info["code"] == "UNKNOWN_PROJECT"
    assert "LookupError" in info["bases"]
    assert "unknown project 'shpo'" in info["message"]
    assert await call(api, "projects.getProjectByChat", chatId="c1") is None
    assert await call(api, "projects.listProjects") == []
    await call(api, "projects.add", projectId="shop", content="Uses Stripe", type="decision")
    await call(api, "projects.assignChat", chatId="c1", projectId="shop")  # known: has context
    assert await call(api, "projects.getProjectByChat", chatId="c1") == "shop"


async def test_projects_chats_and_context(api: MemoryApi) -> None:
    await call(api, "projects.addProject", projectId="shop")
    await call(api, "projects.assignChat", chatId="c1", projectId="shop")
    assert await call(api, "projects.getProjectByChat", chatId="c1") == "shop"
    assert await call(api, "projects.getProjectByChat", chatId="c2") is None
    entry = await call(
        api,
        "projects.add",
        projectId="shop",
        content="Must support OAuth",
        type="requirement",
        files=["src/auth.ts"],
        sourceChatId="c1",
    )
    assert entry["sourceChatId"] == "c1"
    await call(api, "projects.add", projectId="blog", content="Posts in MDX", type="decision")
    assert await call(api, "projects.formatContext", projectId="shop", query="oauth") == (
        f"{PROJECT_HEADING}\n- [requirement] Must support OAuth"
    )
    listed = await call(api, "projects.listProjects")
    assert [(p["projectId"], p["chats"]) for p in listed] == [("blog", 0), ("shop", 1)]
    chats = await call(api, "projects.listChats", projectId="shop")
    assert [(c["chatId"], c["projectId"]) for c in chats] == [("c1", "shop")]
    await call(api, "projects.deleteProject", projectId="shop")
    assert [p["projectId"] for p in await call(api, "projects.listProjects")] == ["blog"]
    assert await call(api, "projects.getProjectByChat", chatId="c1") is None


async def test_a_turn_that_names_the_old_value_supersedes_it(api: MemoryApi) -> None:
    old = await call(api, "userProfile.add", content="User uses MongoDB", category="tech_stack")
    out = await call(
        api,
        "extract.userFacts",
        userMessage="mongo was just for the prototype, we're on DynamoDB now",
    )
    assert [o["entry"]["content"] for o in out] == ["User uses DynamoDB"]
    assert [e["id"] for e in out[0]["superseded"]] == [old["entry"]["id"]]
    assert out[0]["superseded"][0]["supersededBy"] == out[0]["entry"]["id"]


async def test_a_preview_lists_the_stored_facts_a_turn_would_restate(api: MemoryApi) -> None:
    old = await call(
        api, "userProfile.add", content="User's team deploys on Tuesdays.", category="workflow"
    )
    said = "we deploy on thursdays now instead of tuesdays"
    found = await call(api, "extract.userFacts", userMessage=said, store=False)
    restated = [f for f in found if f["action"] == "restated"]
    assert [(f["entry"]["content"], f["replaces"]["id"]) for f in restated] == [
        ("User's team deploys on Thursdays.", old["entry"]["id"])
    ]
    assert await call(api, "userProfile.count") == 1  # (nothing stored)
    stored = await call(api, "extract.userFacts", userMessage=said)
    gone = [g["id"] for o in stored for g in o["superseded"]]
    assert gone == [old["entry"]["id"]]  # (the preview said what storing does)


async def test_extraction_stores_or_only_reports(api: MemoryApi) -> None:
    found = await call(api, "extract.userFacts", userMessage="I use React", store=False)
    assert found == [
        {
            "action": "found",
            "store": "user",
            "entry": {
                "content": "User uses React",
                "category": "tech_stack",
                "confidence": 0.9,
                "source": "user_message",
            },
        }
    ]
    assert await call(api, "userProfile.count") == 0
    stored = await call(api, "extract.userFacts", userMessage="I use React")
    assert stored[0]["action"] == "inserted"
    entries = await call(
        api,
        "extract.projectContext",
        projectId="shop",
        actionDescription="Created src/a.ts: decided to use JWT",
        sourceChatId="c9",
    )
    assert [(e["type"], e["content"], e["sourceChatId"]) for e in entries] == [
        ("decision", "Use JWT", "c9")
    ]
    assert [p["projectId"] for p in await call(api, "projects.listProjects")] == ["shop"]


async def test_tools_list_and_call(api: MemoryApi) -> None:
    tools = await call(api, "tools.list")
    assert len(tools["tools"]) == 4
    result = await call(
        api,
        "tools.call",
        name="memory_store_user_fact",
        arguments={"content": "User likes Rust", "category": "preference"},
    )
    assert result["isError"] is False
    bad = await call(api, "tools.call", name="memory_store_user_fact", arguments={})
    assert bad["isError"] is True
    assert (await error(api, "tools.call", name="nope"))["type"] == "ToolCallError"


async def test_errors_carry_the_python_type_and_message(api: MemoryApi) -> None:
    assert await full_error(api, "userProfile.add", content="  ") == {
        "type": "InvalidArgumentError",
        "code": "INVALID_ARGUMENT",
        "bases": ["AmplifyMemoryError", "ValueError"],
        "message": "content must not be empty or blank, got '  '",
    }
    unknown = await error(api, "nope")
    assert unknown["type"] == "InvalidArgumentError"
    assert "unknown method 'nope'" in unknown["message"]
    assert await error(api, "userProfile.get", idd="x") == {
        "type": "ArgumentTypeError",
        "message": "userProfile.get: unknown argument 'idd'; expected ['id']",
    }
    assert await error(api, "userProfile.get") == {
        "type": "ArgumentTypeError",
        "message": "userProfile.get: missing required argument 'id'",
    }
    bad_json = json.loads(await api.call("status", "{not json"))
    assert bad_json["error"]["type"] == "InvalidArgumentError"
    missing = await error(api, "projects.update", projectId="p", id="zz", changes={})
    assert missing == {
        "type": "DocumentNotFoundError",
        "message": "no entry 'zz' in project 'p'",
    }


async def test_errors_name_arguments_in_javascript_spelling(api: MemoryApi) -> None:
    info = await full_error(api, "userProfile.formatContext", query="x", maxTokens=-3)
    assert "maxTokens" in info["message"]
    assert "max_tokens" not in info["message"]
    assert info["code"] == "INVALID_ARGUMENT"


async def test_a_query_that_is_not_a_string_is_refused(api: MemoryApi) -> None:
    for method, extra in (("userProfile.search", {}), ("projects.search", {"projectId": "p"})):
        info = await full_error(api, method, query=42, **extra)
        assert info["type"] == "ArgumentTypeError"
        assert "query must be a string, got 42" in info["message"]
        assert "TypeError" in info["bases"]


async def test_export_then_import_replaces_or_merges(api: MemoryApi) -> None:
    await call(api, "userProfile.add", content="User prefers tabs", category="coding_style")
    await call(api, "userProfile.add", content="User lives in Berlin", category="personal")
    data = await call(api, "storage.export", store="userProfile")
    assert data["format"] == EXPORT_FORMAT
    assert len(data["entries"]) == 2
    merged = await call(api, "storage.import", data=data)
    assert (merged["inserted"], merged["updated"]) == (0, 2)
    await call(api, "userProfile.clear")
    replaced = await call(api, "storage.import", data=json.dumps(data), replace=True)
    assert replaced == {"store": "userProfile", "imported": 2, "inserted": 2, "updated": 0}

    await call(api, "projects.add", projectId="a", content="Uses MDX", type="decision")
    project = await call(api, "storage.export", store="project", projectId="a")
    await call(api, "storage.import", data=project, projectId="b")
    assert [e["content"] for e in await call(api, "projects.list", projectId="b")] == ["Uses MDX"]
    assert (await error(api, "storage.import", data={"format": "x"}))[
        "type"
    ] == "InvalidArgumentError"


async def test_status_reports_stores_pending_changes_and_errors() -> None:
    storage = MemoryStorage()
    await storage.save("vector_store_user_profile", "{not json")
    api = MemoryApi(storage=storage, delay=60)
    init = await call(api, "userProfile.initialize")
    assert init["loadError"]["type"] == "CorruptRecordError"
    await call(api, "userProfile.add", content="User prefers tabs", category="coding_style")
    status = await call(api, "status")
    (store,) = status["stores"]
    assert store["name"] == "vector_store_user_profile"
    assert store["pending"] == 1
    assert status["pending"] == 1
    assert store["loadErrors"][0]["quarantineName"].startswith("vector_store_user_profile.corrupt-")
    assert status["userProfile"]["loadError"]["type"] == "CorruptRecordError"
    await call(api, "flush")
    assert (await call(api, "status"))["pending"] == 0


async def test_a_record_set_aside_earlier_is_reported_until_discarded() -> None:
    """The page that set a record aside may be gone: every later open reports it."""
    storage = MemoryStorage()
    await storage.save("vector_store_user_profile", "{not json")
    first = MemoryApi(storage=storage, delay=0.001)
    await call(first, "userProfile.initialize")
    (store,) = (await call(first, "status"))["stores"]
    kept = store["loadErrors"][0]["quarantineName"]
    assert store["setAside"] == []  # found by this open: a load error, not "earlier"
    await call(first, "close")

    later = MemoryApi(storage=storage, delay=0.001)
    await call(later, "userProfile.initialize")
    (store,) = (await call(later, "status"))["stores"]
    assert store["loadErrors"] == []
    assert store["setAside"] == [kept]
    for bad in ("vector_store_user_profile", "other.corrupt-20260101T000000000Z", 7):
        assert (await error(later, "storage.discard", name=bad))["type"] == "InvalidArgumentError"
    assert await storage.load(kept) == "{not json"  # nothing deleted by a refused call
    assert await call(later, "storage.discard", name=kept) == {"discarded": True}
    assert (await call(later, "status"))["stores"][0]["setAside"] == []
    assert await storage.list_names() == []
    assert await call(later, "storage.discard", name=kept) == {"discarded": False}


async def test_forget_all_deletes_the_records_set_aside_too() -> None:
    """An unreadable record holds memory text: forgetting everything deletes it."""
    storage = MemoryStorage()
    await storage.save("vector_store_user_profile", '{"not json" User lives in Lisbon')
    api = MemoryApi(storage=storage, delay=0.001)
    await call(api, "userProfile.initialize")
    assert [n for n in await storage.list_names() if ".corrupt-" in n]
    gone = await call(api, "forgetAll", confirm=True)
    assert gone == {"userFacts": 0, "projects": 0, "setAside": 1}
    assert not [n for n in await storage.list_names() if ".corrupt-" in n]
    for store in (await call(api, "status"))["stores"]:
        assert (store["loadErrors"], store["setAside"]) == ([], []), store


async def test_a_failed_write_is_reported_in_status() -> None:
    storage = MemoryStorage(quota_bytes=10)
    api = MemoryApi(storage=storage, delay=0.001)
    await call(api, "userProfile.add", content="User prefers tabs", category="coding_style")
    await asyncio.sleep(0.05)
    (store,) = (await call(api, "status"))["stores"]
    assert store["lastWriteError"]["type"] == "StorageQuotaError"
    assert store["pending"] == 1


async def test_configure_close_and_storage_operations(api: MemoryApi) -> None:
    assert await call(api, "configure", writeDelayMs=250) == {"writeDelayMs": 250}
    assert (await error(api, "configure", writeDelayMs=-1))["type"] == "InvalidArgumentError"
    assert isinstance(await call(api, "storage.persist"), bool)
    await call(api, "userProfile.add", content="User prefers tabs", category="coding_style")
    await call(api, "close")  # flushes
    assert await api.storage.list_names() == ["vector_store_user_profile"]
    closed = await error(api, "userProfile.count")
    assert closed["type"] == "ClosedError"
    assert "closed" in closed["message"]
    assert (await call(api, "status"))["closed"] is True
    assert await call(api, "version") == "0.1.0"


async def test_journals_are_offered_to_a_watching_coordinator() -> None:
    """The hook a Web Worker uses: every change to a store's pending operations."""
    from amplify_memory.storage import LocalCoordinator

    seen: list[tuple[str, str | None]] = []

    class Watching(LocalCoordinator):
        def pending_changed(self, store: Any) -> None:
            record = store.journal_record()
            seen.append((store.name, None if record is None else record[1]))

    api = MemoryApi(storage=MemoryStorage(), coordinator=Watching(), delay=0.001)
    await call(api, "userProfile.add", content="User prefers tabs", category="coding_style")
    assert seen[-1][0] == "vector_store_user_profile"
    assert "User prefers tabs" in (seen[-1][1] or "")
    await asyncio.sleep(0.05)
    assert seen[-1] == ("vector_store_user_profile", None)  # written: nothing pending


def test_to_camel_converts_keys_only() -> None:
    assert to_camel({"usage_ratio": 1, "nested": [{"load_error": "a_b"}], "t": (1,)}) == {
        "usageRatio": 1,
        "nested": [{"loadError": "a_b"}],
        "t": [1],
    }


def test_every_method_is_listed(api: MemoryApi) -> None:
    assert "userProfile.formatContext" in api.methods
    assert "projects.getProjectByChat" in api.methods
    assert api.methods == sorted(api.methods)


async def test_a_chat_turn_in_a_project_routes_each_fact(api: MemoryApi) -> None:
    out = await call(
        api, "extract.userFacts",
        userMessage="I personally prefer tabs, but for this project we use PostgreSQL with Prisma",
        projectId="shop",
    )  # fmt: skip
    where = {(o["store"], o["entry"]["content"]) for o in out}
    assert ("user", "User prefers tabs") in where
    assert ("project", "Use PostgreSQL") in where
    assert ("project", "Use Prisma") in where
    assert [p["projectId"] for p in await call(api, "projects.listProjects")] == ["shop"]
    assert "tabs" not in await call(api, "projects.formatContext", projectId="shop", query="tabs")


async def test_edit_superseded_state_and_forget_all(api: MemoryApi) -> None:
    first = await call(api, "userProfile.add", content="User uses npm", category="tech_stack")
    second = await call(api, "userProfile.add", content="User now uses pnpm instead of npm")
    assert [e["id"] for e in second["superseded"]] == [first["entry"]["id"]]
    listed = await call(api, "userProfile.list")
    assert {e["content"]: e["superseded"] for e in listed}["User uses npm"] is True
    assert await call(api, "userProfile.list", includeSuperseded=False) == [
        e for e in listed if not e["superseded"]
    ]
    edited = await call(api, "userProfile.edit", id=second["entry"]["id"], content="User uses Bun")
    assert edited["entry"]["content"] == "User uses Bun"
    await call(api, "projects.add", projectId="p1", content="Use JWT", type="decision")
    with pytest.raises(ValueError, match="confirm"):
        await api.invoke("forgetAll", {})
    gone = await call(api, "forgetAll", confirm=True)
    assert gone == {"userFacts": 2, "projects": 1, "setAside": 0}
    assert await call(api, "userProfile.count") == 0
    assert await call(api, "projects.listProjects") == []
    reply = json.loads(
        await api.call(
            "userProfile.add", json.dumps({"content": "my key sk-proj-abcdefghijklmnopqrstu"})
        )
    )
    assert reply["error"]["type"] == "SecretContentError"
    assert "abcdefghijkl" not in reply["error"]["message"]


async def test_a_large_import_reports_its_progress(api: MemoryApi) -> None:
    entries = [
        {"content": f"Decided to keep audit log {i} for a year", "type": "decision"}
        for i in range(1203)
    ]
    data = {"format": EXPORT_FORMAT, "version": 1, "store": "project", "entries": entries}
    seen: list[tuple[int, int]] = []

    def report(stage: str, done: int, total: int) -> None:
        assert stage == "import"
        seen.append((done, total))
        if done == 500:
            raise RuntimeError("a broken callback")  # (never stops the import)

    text = await api.call("storage.import", json.dumps({"data": data, "projectId": "p"}), report)
    assert json.loads(text)["value"]["imported"] == 1203
    assert seen == [(0, 1203), (500, 1203), (1000, 1203), (1203, 1203)]
    assert await api.call("version") == await api.call("version", "{}", None)


async def test_opening_a_stored_project_reports_its_steps() -> None:
    storage = MemoryStorage()
    first = MemoryApi(storage=storage, delay=0.001)
    for i in range(3):
        await call(first, "projects.add", projectId="p", content=f"Use queue {i}", type="decision")
    await call(first, "close")
    api = MemoryApi(storage=storage, delay=0.001)
    seen: list[tuple[str, int, int]] = []
    text = await api.call(
        "projects.open", json.dumps({"projectId": "p"}), lambda *step: seen.append(step)
    )
    assert json.loads(text)["value"] == {"projectId": "p", "count": 3, "loadError": None}
    assert seen == [("open", step, 4) for step in range(1, 5)]  # (read, documents, index, whole)
    # opened once: a second open reads nothing and reports nothing
    seen.clear()
    await api.call("projects.open", json.dumps({"projectId": "p"}), lambda *step: seen.append(step))
    assert seen == []
    reply = json.loads(await api.call("projects.open", json.dumps({"projectId": "../x"})))
    assert reply["error"]["type"] == "InvalidArgumentError"
