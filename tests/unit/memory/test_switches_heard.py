"""A change of tool keeps the new tool (the sixteenth round).

A turn that says the user moved from one tool to another stored only "no longer uses"
the old one: the new one was lost when a later "to" ("way easier to debug") was read as
the switch's, when the new tool's name was cut at its dot ("Fly.io"), or was not in the
technology list ("Pino"). Sentences written for the tests, none a corpus's own.
"""

from __future__ import annotations

import pytest

from amplify_memory.memory.chat_facts import extract_chat_facts
from amplify_memory.memory.user_facts import extract_user_facts


def stored(message: str) -> list[str]:
    return [f.content for f in extract_user_facts(message)]


@pytest.mark.parametrize(
    ("message", "new", "old"),
    [
        ("moved to svelte from vue last spring, it's nicer to write", "Svelte", "Vue"),
        ("we traded Jenkins for Buildkite, less yak shaving", "Buildkite", "Jenkins"),
        ("ditched Netlify for Fly.io. cheaper for us", "Fly.io", "Netlify"),
        ("mysql -> postgres, finally", "PostgreSQL", "MySQL"),
        ("swapped out Moment for Luxon in the dashboard", "Luxon", "Moment"),
        ("writing Kotlin instead of Java for the android app", "Kotlin", "Java"),
        ("we replaced Flask with Starlite, so far so good", "Starlite", "Flask"),
    ],
)
def test_the_new_tool_is_kept_beside_the_old_one(message: str, new: str, old: str) -> None:
    facts = stored(message)
    assert any(f.startswith(f"User uses {new}") for f in facts), facts
    assert f"User no longer uses {old}" in facts


def test_two_pairs_in_one_sentence() -> None:
    facts = stored("replaced Webpack with Vite and Jest with Vitest")
    assert {"User uses Vite", "User uses Vitest"} <= set(facts)
    assert {"User no longer uses Webpack", "User no longer uses Jest"} <= set(facts)


@pytest.mark.parametrize(
    "message",
    [
        "Figma → Tailwind → Astro is how every landing page gets built",
        "I moved from Berlin to Lisbon in May",
        "we replaced the old cron box with a proper scheduler",
        "should we switch from REST to gRPC?",
        "my tech lead keeps telling me to use Vim instead of VS Code",
        "you suggested switching from Jest to Vitest, but I'm not convinced",
        "my coworker swapped Jenkins for Buildkite last month",
    ],
)
def test_not_a_change_of_tool(message: str) -> None:
    assert not any(f.startswith(("User no longer uses", "User uses")) for f in stored(message))


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        ("gave up on pnpm, back on good old npm", "User uses npm"),
        ("no more Vercel. it's all on Netlify now", "User uses Netlify"),
        ("CircleCI is what the new job uses", "User uses CircleCI"),
    ],
)
def test_a_tool_in_use_now_without_a_verb_of_use(message: str, fact: str) -> None:
    assert fact in stored(message)


def test_what_comes_before_the_tool_in_use_now_is_kept() -> None:
    assert stored("dropped yarn, back on plain npm") == [
        "User no longer uses Yarn",
        "User uses npm",
    ]


@pytest.mark.parametrize("message", ["it's all fine now", "back to square one", "back to work"])
def test_no_tool_no_fact(message: str) -> None:
    assert stored(message) == []


@pytest.mark.parametrize(
    ("message", "not_stored"),
    [
        ("the other squad replaced Jenkins with GitHub Actions", "User no longer uses Jenkins"),
        ("Reading about people who switched from Vim to Helix", "User uses Helix"),
    ],
)
def test_someone_elses_change_is_not_the_users(message: str, not_stored: str) -> None:
    assert not_stored not in [f.content for f in extract_chat_facts(message).user]
