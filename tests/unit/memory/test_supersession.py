"""Facts that supersede: topics, the merge / supersede / keep rule, the store's
superseded state, edits, secrets, the order of writes and old snapshots."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable

import pytest

from amplify_memory.errors import AmplifyMemoryError, DocumentNotFoundError, SecretContentError
from amplify_memory.memory import MemoryTools, ProjectContextVectorStore, UserProfileVectorStore
from amplify_memory.memory.prompt import USER_HEADING
from amplify_memory.memory.secrets import find_secrets, redact_secrets
from amplify_memory.memory.supersession import decide
from amplify_memory.memory.topics import Frame, frames_of, register_topic, relation
from amplify_memory.memory.user_profile import USER_PROFILE_STORE_NAME
from amplify_memory.storage import MemoryStorage

Clock = Callable[[], str]


def same_ms() -> str:
    return "2026-01-01T00:00:00.000Z"


async def store_of(storage: MemoryStorage, clock: Clock = same_ms) -> UserProfileVectorStore:
    store = UserProfileVectorStore(storage=storage, clock=clock, semantic=False)
    await store.initialize()
    return store


# ------------------------------------------------------------------------------ topics


@pytest.mark.parametrize(
    ("text", "frame"),
    [
        ("User uses 4-space indentation", ("indentation", "4 spaces", "positive")),
        ("User prefers spaces over tabs", ("indentation", "spaces", "positive")),
        ("User does not want emojis in answers", ("emojis", "emojis", "negative")),
        ("User's editor is Visual Studio Code", ("editor", "VS Code", "positive")),
        ("User wants answers in German", ("answer_language", "German", "positive")),
        ("User prefers concise answers", ("answer_length", "concise", "positive")),
        ("User no longer uses Windows", ("operating_system", "Windows", "negative")),
        ("User's name is Priya", ("name", "Priya", "positive")),
        ("User uses Rails", ("uses:Ruby on Rails", "Ruby on Rails", "positive")),
    ],
)
def test_frames_read_topic_value_and_polarity(text: str, frame: tuple[str, str, str]) -> None:
    got = frames_of(text)[0]
    if frame[0].startswith("uses:") and got.topic.startswith("uses:"):
        assert got.polarity == frame[2]
        return
    assert (got.topic, got.value, got.polarity) == frame


def test_a_switch_is_two_frames() -> None:
    frames = frames_of("User switched from npm to pnpm")
    assert frames[0] == Frame("package_manager", "pnpm", "positive")
    assert Frame("package_manager", "npm", "negative") in frames


def test_the_passive_is_not_a_contradiction() -> None:
    from amplify_memory.memory.similarity import contradicts

    assert not contradicts(
        "User builds data pipelines with Python", "Python is used to build the user's pipelines"
    )
    assert contradicts("User likes PHP", "User used to like PHP")


def test_relation_rules() -> None:
    a, b = Frame("t", "x", "positive"), Frame("t", "y", "positive")
    assert relation(a, a) == "same"
    assert relation(b, a) == "supersedes"
    assert relation(Frame("t", "x", "negative"), a) == "supersedes"
    assert relation(Frame("t", "y", "negative"), a) == "compatible"
    assert relation(Frame("u", "x", "positive"), a) == "unrelated"


def test_register_topic_extends_the_set() -> None:
    register_topic(
        "keyboard_layout",
        "preference",
        r"\b(?:dvorak|colemak|qwerty)\b",
        lambda t: next(w for w in ("dvorak", "colemak", "qwerty") if w in t.lower()),
    )
    assert frames_of("User types on Colemak")[0].topic == "keyboard_layout"
    assert decide("User types on Dvorak", "User types on Colemak") == "supersede"


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        ("User uses 2-space indentation", "User likes 2-space indentation", "merge"),
        ("User uses 2-space indentation", "User uses 4-space indentation", "supersede"),
        ("User likes Java", "User does not like Java", "supersede"),
        ("User uses npm", "User switched from npm to pnpm", "supersede"),
        ("User uses React", "User uses Vue", "keep"),
        ("User does not use Yarn", "User uses pnpm", "keep"),
        ("User prefers tabs", "User prefers dark mode", "keep"),
        # the passive is not a contradiction
        ("User builds data pipelines with Python",
         "Python is used to build the user's data pipelines", "merge"),
        # another number in the same statement is another value, never a restatement
        ("User's Android apps target minSdk 24.", "User's Android apps target minSdk 26.",
         "supersede"),
        # common abbreviations say the same
        ("User is a product manager", "User works as a PM", "merge"),
        ("User prefers Terraform for infrastructure as code", "User likes Terraform for IaC",
         "merge"),
        ("User is learning Rust", "User is currently studying Rust", "merge"),
    ],
)  # fmt: skip
def test_decide(old: str, new: str, action: str) -> None:
    assert decide(new, old) == action


# -------------------------------------------------------------------------- the store


async def test_a_correction_supersedes_and_is_left_out_of_search_and_prompt(
    storage: MemoryStorage,
) -> None:
    store = await store_of(storage)  # every write in the same millisecond
    old = (await store.add("User uses npm", "tech_stack"))["entry"]
    out = await store.add("User switched from npm to pnpm", "tech_stack")
    assert out["action"] == "inserted"
    assert [e["id"] for e in out["superseded"]] == [old["id"]]
    stored = await store.get(old["id"])
    assert stored is not None
    assert stored["superseded"] is True
    assert stored["supersededBy"] == out["entry"]["id"]
    assert stored["supersededAt"] == same_ms()
    assert [h["id"] for h in await store.search("npm pnpm")] == [out["entry"]["id"]]
    shown = await store.search("npm", include_superseded=True)
    assert old["id"] in [h["id"] for h in shown]
    assert "User uses npm" not in await store.format_context_for_prompt("npm package manager")
    listed = await store.list()
    assert {e["id"]: e["superseded"] for e in listed} == {
        old["id"]: True,
        out["entry"]["id"]: False,
    }
    assert listed[0]["id"] == out["entry"]["id"]  # newer write first, same millisecond
    assert await store.remove(old["id"]) is True
    await store.close()


async def test_the_newer_write_wins_within_one_millisecond(storage: MemoryStorage) -> None:
    store = await store_of(storage)
    await store.add("User uses 2-space indentation", "coding_style")
    await store.add("User uses 4-space indentation", "coding_style")
    await store.add("User uses tabs for indentation", "coding_style")
    active = await store.list(include_superseded=False)
    assert [e["content"] for e in active] == ["User uses tabs for indentation"]
    assert await store.count() == 3
    await store.close()


async def test_supersession_survives_a_reload_and_the_order_continues(
    storage: MemoryStorage,
) -> None:
    store = await store_of(storage)
    await store.add("User's name is Joe", "personal")
    await store.add("User's name is Jo", "personal")
    await store.close()
    again = await store_of(storage)
    await again.add("User's name is Joanna", "personal")
    active = await again.list(include_superseded=False)
    assert [e["content"] for e in active] == ["User's name is Joanna"]
    seqs = sorted(e["seq"] for e in await again.list())
    assert seqs == [1, 2, 3]
    await again.close()


async def test_a_paraphrase_merges_and_a_negation_never_does(storage: MemoryStorage) -> None:
    store = await store_of(storage)
    first = await store.add("User uses 2-space indentation", "coding_style")
    again = await store.add("User likes 2-space indentation", "coding_style")
    assert again["action"] == "updated"
    assert again["entry"]["id"] == first["entry"]["id"]
    neg = await store.add("User does not want emojis", "communication")
    pos = await store.add("User wants emojis", "communication")
    assert pos["action"] == "inserted"
    assert [e["id"] for e in pos["superseded"]] == [neg["entry"]["id"]]
    await store.close()


async def test_edit_rechecks_topic_duplicates_and_secrets(storage: MemoryStorage) -> None:
    store = await store_of(storage)
    tabs = (await store.add("User prefers tabs", "coding_style"))["entry"]
    vim = (await store.add("User uses Vim", "tech_stack"))["entry"]
    # the edited text now contradicts the tabs fact on its topic: it supersedes it
    out = await store.edit(vim["id"], "User uses 4-space indentation", "coding_style")
    assert out["action"] == "edited"
    assert out["entry"]["topic"] == "indentation"
    assert [e["id"] for e in out["superseded"]] == [tabs["id"]]
    # an edit that restates another active fact merges into it
    other = (await store.add("User likes Python", "preference"))["entry"]
    merged = await store.edit(other["id"], "User uses four-space indentation", "coding_style")
    assert merged["action"] == "merged"
    assert merged["entry"]["id"] == vim["id"]
    assert await store.get(other["id"]) is None
    with pytest.raises(SecretContentError) as err:
        await store.edit(vim["id"], "User's key is sk-proj-abcdefghijklmnopqrstuvwx")
    assert "sk-proj" not in str(err.value)
    assert (await store.get(vim["id"]) or {})["content"] == "User uses 4-space indentation"
    with pytest.raises(DocumentNotFoundError):
        await store.edit("nope", "User likes tea")
    await store.close()


@pytest.mark.parametrize(
    "text",
    [
        "User's OpenAI key is sk-proj-4fT9xQ2LmZ8vN1bR7cK3wY6hJ0",
        "User's token ghp_8Kd2LmQ9xZ4vT7nB1cR6yW3hJ5pF0sA2eU1g",
        "User's AWS key is AKIAIOSFODNN7EXAMPLE",
        "User's password is hunter2!",
        "User's card 4111 1111 1111 1111",
        "User connects with postgres://admin:s3cr3t@db.example.com/app",
        "User's session eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NSJ9.abcdefgh12345",
    ],
)
async def test_no_secret_reaches_storage(storage: MemoryStorage, text: str) -> None:
    store = await store_of(storage)
    with pytest.raises(SecretContentError) as err:
        await store.add(text, "personal")
    assert isinstance(err.value, AmplifyMemoryError)
    for span in find_secrets(text):
        assert text[span.start : span.end] not in str(err.value)
    tools = MemoryTools(store, ProjectContextVectorStore(storage=storage))  # type: ignore[arg-type]
    reply = await tools.call_tool(
        "memory_store_user_fact", {"content": text, "category": "personal"}
    )
    assert reply["isError"] is True
    await store.flush()
    assert await store.count() == 0
    assert find_secrets(json.dumps(await storage.load(USER_PROFILE_STORE_NAME) or "")) == []
    await store.close()


def test_secret_finder_leaves_ordinary_text_alone() -> None:
    for text in [
        "I prefer 2-space indentation",
        "my password is too short for the policy",
        "the token is expired",
        "version 1.2.3.4",
        "call me at 555-1234",
        "User uses Python 3.12",
        "order 1234567890123 shipped",
    ]:
        assert find_secrets(text) == [], text
    assert redact_secrets("password: hunter2!") == "password: [redacted password]"


async def test_a_snapshot_from_before_the_fact_fields_loads(storage: MemoryStorage) -> None:
    old_schema = {
        "id": "string", "content": "string", "category": "enum", "createdAt": "enum",
        "updatedAt": "enum", "accessCount": "number", "source": "enum", "confidence": "number",
        "embedding": "vector[128]", "embeddingModel": "enum",
    }  # fmt: skip
    from amplify_memory.memory._common import PersistedCollection

    before = PersistedCollection(USER_PROFILE_STORE_NAME, old_schema, storage)
    await before.insert({
        "id": "a1", "content": "User uses 2-space indentation", "category": "coding_style",
        "createdAt": "2025-01-01T00:00:00.000Z", "updatedAt": "2025-01-01T00:00:00.000Z",
        "accessCount": 0, "source": "user", "confidence": 0.8,
    })  # fmt: skip
    await before.close()
    store = await store_of(storage)
    assert store.load_error is None
    entry = await store.get("a1")
    assert entry is not None
    assert (entry["superseded"], entry["seq"], entry["topic"]) == (False, 0, None)
    out = await store.add("User uses 4-space indentation", "coding_style")
    assert [e["id"] for e in out["superseded"]] == ["a1"]
    await store.flush()
    saved = await storage.load(USER_PROFILE_STORE_NAME) or ""
    assert '"superseded": "boolean"' in saved or '"superseded":"boolean"' in saved
    await store.close()


# ------------------------------------------------------------- across tabs, other stores


async def test_the_order_of_writes_holds_across_tabs() -> None:
    from amplify_memory.memory import StorageParts
    from amplify_memory.storage import LocalCoordinator

    storage, coordinator = MemoryStorage(), LocalCoordinator()

    async def tab() -> UserProfileVectorStore:
        parts = StorageParts(storage=storage, coordinator=coordinator, delay=0.001)
        store = UserProfileVectorStore(storage=parts, clock=same_ms, semantic=False)
        await store.initialize()
        return store

    a, b = await tab(), await tab()
    first = (await a.add("User uses npm", "tech_stack"))["entry"]
    await a.flush()
    for _ in range(20):
        await asyncio.sleep(0.005)  # the other tab merges the change
        if await b.get(first["id"]) is not None:
            break
    second = await b.add("User uses pnpm as their package manager", "tech_stack")
    assert [e["id"] for e in second["superseded"]] == [first["id"]]
    assert second["entry"]["seq"] > first["seq"]  # after the other tab's write
    await b.flush()
    for _ in range(20):
        await asyncio.sleep(0.005)
        old = await a.get(first["id"])
        if old and old["superseded"]:
            break
    assert old is not None
    assert old["supersededBy"] == second["entry"]["id"]
    assert [h["id"] for h in await a.search("npm pnpm")] == [second["entry"]["id"]]
    await a.close()
    await b.close()


async def test_project_context_and_imports_refuse_secrets(storage: MemoryStorage) -> None:
    from amplify_memory.api import MemoryApi

    projects = ProjectContextVectorStore(storage=storage, semantic=False)
    with pytest.raises(SecretContentError):
        await projects.add(
            "shop", "Deploy key is ghp_8Kd2LmQ9xZ4vT7nB1cR6yW3hJ5pF0sA2eU1g", "decision"
        )
    entry = await projects.add("shop", "Use JWT", "decision")
    with pytest.raises(SecretContentError):
        await projects.update(
            "shop", entry["id"], content="JWT secret: sk-abcdefghijklmnopqrstuvwx"
        )
    assert (await projects.get("shop", entry["id"]) or {})["content"] == "Use JWT"
    await projects.close()

    api = MemoryApi(storage=MemoryStorage())
    await api.invoke("userProfile.add", {"content": "User likes tea"})
    data = await api.invoke("storage.export", {"store": "userProfile"})
    data["entries"].append({"content": "User's password is hunter2!", "category": "personal"})
    with pytest.raises(SecretContentError, match=r"entries\[1\]"):
        await api.invoke("storage.import", {"data": data, "replace": True})
    assert [e["content"] for e in await api.invoke("userProfile.list", {})] == ["User likes tea"]
    await api.invoke("close", {})


async def test_a_query_that_matches_nothing_gets_only_the_standing_instructions(
    storage: MemoryStorage,
) -> None:
    store = UserProfileVectorStore(storage=storage, clock=same_ms)
    await store.initialize()
    await store.add("User wants concise answers with code examples", "communication")
    await store.add("User uses PostgreSQL", "tech_stack")
    await store.add("User uses Prisma", "tech_stack")
    await store.add("User uses 2-space indentation", "coding_style")
    block = await store.format_context_for_prompt("how should login work")
    standing = "- [communication] User wants concise answers with code examples"
    assert block == f"{USER_HEADING}\n{standing}"
    block = await store.format_context_for_prompt("which postgresql version")
    assert block.splitlines() == [
        USER_HEADING,
        "- [communication] User wants concise answers with code examples",
        "- [tech_stack] User uses PostgreSQL",
    ]
    assert await store.format_context_for_prompt("anything", max_tokens=3) == ""
    await store.close()


def test_a_cosine_merges_paraphrases_but_not_other_values_or_markup() -> None:
    para = ("The user sorts imports alphabetically", "Imports are kept in alphabetical order")
    assert decide(para[1], para[0], cosine=0.8) == "merge"
    assert decide(para[1], para[0]) == "keep"  # (no cosine: the words alone do not merge)
    # less near: the merge model weighs the words with the cosine
    assert decide(para[1], para[0], cosine=0.5) == "merge"
    assert decide("User goes bass fishing", "User plays bass guitar", cosine=0.6) == "keep"
    assert decide("User deploys on Fridays", "User deploys on Mondays", cosine=0.95) != "merge"
    assert decide("User note <script>x</script>", "User note <img src=x>", cosine=0.95) == "keep"


@pytest.mark.parametrize(
    ("new", "old", "action"),
    [
        ("User uses MATLAB R2023b", "User works with MATLAB R2019b.", "supersede"),
        ("User uses Excel 365", "User uses Excel 2016.", "supersede"),
        ("User's cluster scheduler is Slurm.", "User's cluster scheduler is PBS.", "supersede"),
        (
            "User's main laptop is a MacBook Pro M3.",
            "User's main laptop is a ThinkPad.",
            "supersede",
        ),
        ("User's team is remote.", "User's team is 5 people.", "keep"),
        ("User uses Kintex-7", "User uses Vivado 2020.1.", "keep"),
        ("The user's MATLAB version is R2023a.", "User uses MATLAB R2023a.", "merge"),
        ("pytest is the test framework the user uses.", "User writes tests with pytest.", "merge"),
    ],
)
def test_versions_slots_and_identity_wording(new: str, old: str, action: str) -> None:
    assert decide(new, old) == action


@pytest.mark.parametrize(
    ("new", "old"),
    [
        ("User's deployments are handled by Argo CD.", "User deploys with Argo CD."),
        ("User's team has five engineers.", "User's team has 5 engineers."),
    ],
)
def test_passive_wording_and_counts_merge(new: str, old: str) -> None:
    assert decide(new, old) == "merge"


@pytest.mark.parametrize(
    ("new", "old", "action"),
    [
        ("User uses GitHub Actions for CI.", "User uses Jenkins for CI.", "supersede"),
        ("User builds dashboards in Power BI.", "User builds dashboards in Tableau.", "supersede"),
        ("User uses GitHub Actions for releases", "User uses Jenkins for nightly builds", "keep"),
        ("User uses Metabase for ad-hoc queries", "User uses Tableau for reports", "keep"),
    ],
)
def test_one_service_per_use(new: str, old: str, action: str) -> None:
    assert decide(new, old) == action


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        ("User teaches at a high school.", "User teaches at a community college.", "supersede"),
        ("User teaches at a high school", "User teaches at a middle school", "supersede"),
        ("User works at a startup", "User works at a small startup", "merge"),
        ("User works at a bank", "User teaches Python", "keep"),
    ],
)
def test_the_kind_of_workplace_holds_one_value(old: str, new: str, action: str) -> None:
    assert decide(new, old) == action


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        (
            "User uses Tokio for async Rust.",
            "User relies on the Tokio runtime for asynchronous Rust code.",
            "merge",
        ),
        ("User uses Stata.", "Stata is the statistics package the user uses.", "merge"),
        ("User uses Homebrew.", "User installs packages with brew.", "merge"),
        ("User uses Python 3.12", "User uses Python for scripting", "keep"),
        ("User prefers TypeScript", "User prefers TypeScript strict mode", "keep"),
    ],
)
def test_words_for_the_kind_of_technology_add_no_detail(old: str, new: str, action: str) -> None:
    assert decide(new, old) == action
