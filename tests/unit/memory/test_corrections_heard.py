"""Corrections said the way people say them (thirteenth round): a version moved ("upgraded
to node 20 from 16"), a statement without its subject ("been using ...", "switched my
dotfiles manager from ..."), after a time phrase ("since last month I ..."), the old value
named as gone ("mysql gone", "after 6 years of Emacs", "was MLflow", "kept breaking");
and what does not replace anything: an addition ("I also use yarn") or a plan ("evaluating
... next quarter"). Each family failed on bench/data/turns_corrections_dev3.jsonl or
dev4.jsonl before its rule; the sentences here are new ones of the same families."""

from __future__ import annotations

import asyncio

import pytest

from amplify_memory.memory.auto import extract_and_store_user_facts
from amplify_memory.memory.chat_facts import extract_chat_facts
from amplify_memory.memory.supersession import decide
from amplify_memory.memory.user_profile import UserProfileVectorStore
from amplify_memory.storage import MemoryStorage


async def _superseded(prior: list[str], said: str) -> list[str]:
    """The prior facts a turn marks superseded when it is stored as the API stores it."""
    store = UserProfileVectorStore(storage=MemoryStorage(), semantic=False)
    await store.initialize()
    ids = [(await store.add(text, "preference"))["entry"]["id"] for text in prior]
    found = extract_chat_facts(said)
    await extract_and_store_user_facts(said, store=store, facts=found.user, replaced=found.replaced)
    gone = []
    for text, entry_id in zip(prior, ids, strict=True):
        entry = await store.get(entry_id)
        if entry is not None and entry.get("supersededBy"):
            gone.append(text)
    await store.close()
    return gone


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("bumped to python 3.13 from 3.11 over the weekend", "User uses Python 3.13"),
        ("we upgraded react from 17 to 18 last sprint", "User uses React 18"),
        ("downgraded back to node 18, the host doesn't support 22", "User uses Node.js 18"),
        ("Rust version's bumped to 1.80 in CI", "User uses Rust 1.80"),
        ("Since last week I use Bun instead of Node for scripts", "User uses Bun"),
        ("started using Obsidian for my notes", "User uses Obsidian"),
        ("i live in porto now", "User lives in Porto"),
    ],
)
def test_a_change_said_in_passing_is_heard(said: str, stored: str) -> None:
    assert stored in [f.content for f in extract_chat_facts(said).user]


@pytest.mark.parametrize(
    ("prior", "said"),
    [
        (["User uses Python 3.10.", "User uses Django."],
         "finally upgraded to python 3.12 from 3.10"),
        (["User uses Java 17.", "User lives in Oslo."], "we migrated our services to java 21"),
        (["User uses Redis.", "User writes Go."], "redis gone, we cache in memcached now"),
        (["User uses Sublime Text.", "User writes PHP."],
         "after 8 years of Sublime Text I'm a Zed person now"),
        (["User tracks tasks in Trello.", "User is a PM."],
         "was Trello, is Linear now for our tasks"),
        (["User uses Poetry.", "User uses FastAPI."], "poetry was fine but we've moved to uv"),
        (["User uses Vite.", "User writes Svelte."],
         "we went back to webpack, vite kept breaking our legacy plugins"),
        (["User uses Spark.", "User works with logs."],
         "polars instead of spark from now, data is small"),
        (["User manages dotfiles with GNU Stow.", "User uses Arch Linux."],
         "Switched my dotfiles manager from stow to yadm"),
    ],
)  # fmt: skip
def test_the_old_value_is_superseded(prior: list[str], said: str) -> None:
    assert asyncio.run(_superseded(prior, said)) == [prior[0]]


@pytest.mark.parametrize(
    ("prior", "said"),
    [
        (["User uses npm.", "User writes TypeScript."], "I also use pnpm for my side projects"),
        (["User uses bash.", "User uses Linux."], "i use both bash and nushell"),
        (["User uses macOS.", "User is a designer."], "I also have a Windows laptop for testing"),
        (["User deploys on Heroku.", "User writes Ruby."],
         "We're evaluating a move from Heroku to Fly.io next quarter."),
    ],
)  # fmt: skip
def test_an_addition_or_a_plan_replaces_nothing(prior: list[str], said: str) -> None:
    assert asyncio.run(_superseded(prior, said)) == []


def test_a_fact_said_as_an_addition_merges_but_replaces_no_value() -> None:
    assert decide("User also uses Yarn", "User uses npm") == "keep"
    assert decide("User uses Yarn", "User uses npm") == "supersede"
    assert decide("User also uses Yarn", "User uses Yarn") == "merge"


@pytest.mark.parametrize(
    ("new", "old", "action"),
    [
        ("User wants code comments in Spanish", "User writes code comments in English.",
         "supersede"),
        ("User writes English comments", "User writes code comments in English.", "merge"),
        ("User wants code comments", "User writes code comments in English.", "keep"),
        ("User prefers lowercase SQL keywords", "User writes SQL keywords in uppercase.",
         "supersede"),
        ("User uses PostgreSQL", "User writes SQL keywords in uppercase.", "keep"),
        ("User uses gitmoji in commit messages", "User writes free-form commit messages.",
         "supersede"),
        ("User is engaged", "User is single.", "supersede"),
        ("User prefers single quotes", "User is single.", "keep"),
    ],
)  # fmt: skip
def test_values_of_style_and_status_topics_replace_each_other(
    new: str, old: str, action: str
) -> None:
    assert decide(new, old) == action
