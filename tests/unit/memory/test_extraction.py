"""Fact and project-context extraction (amplify_memory.memory.extraction, .technologies)."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest

from amplify_memory.errors import AmplifyMemoryError
from amplify_memory.memory.extraction import (
    ExtractedContext,
    ExtractedFact,
    extract_project_context,
    extract_user_facts,
)
from amplify_memory.memory.kinds import PROJECT_TYPES, USER_CATEGORIES
from amplify_memory.memory.technologies import (
    TECHNOLOGIES,
    find_technologies,
    lookup_technology,
)

DATA = Path(__file__).parent / "data"


def load(name: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (DATA / name).read_text("utf-8").splitlines() if line]


MESSAGES = load("messages.jsonl")
ACTIONS = load("actions.jsonl")


def normalise(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().rstrip(".").casefold()


# -- the message corpus ------------------------------------------------------------------


def test_the_message_corpus_is_large_and_mostly_negatives() -> None:
    assert len(MESSAGES) >= 100
    assert sum(1 for m in MESSAGES if not m["expected"]) >= 40
    for message in MESSAGES:
        for fact in message["expected"]:
            assert fact["category"] in USER_CATEGORIES


def test_every_message_yields_exactly_the_expected_facts() -> None:
    failures = []
    for i, message in enumerate(MESSAGES):
        facts = extract_user_facts(message["user"], message["assistant"])
        got = sorted((normalise(f.content), f.category) for f in facts)
        want = sorted((normalise(e["content"]), e["category"]) for e in message["expected"])
        if got != want:
            failures.append(f"#{i} {message['user']!r}\n    got:  {got}\n    want: {want}")
    assert not failures, f"{len(failures)} message(s) differ:\n" + "\n".join(failures)


# -- rules, one test each ----------------------------------------------------------------


def test_a_fact_has_the_documented_defaults_and_is_frozen() -> None:
    (fact,) = extract_user_facts("I prefer TypeScript over JavaScript.")
    assert fact == ExtractedFact("User prefers TypeScript over JavaScript", "preference")
    assert (fact.confidence, fact.source) == (0.9, "user_message")
    with pytest.raises(dataclasses.FrozenInstanceError):
        fact.content = "x"  # type: ignore[misc]


def test_a_fact_with_an_unknown_category_is_refused() -> None:
    with pytest.raises(ValueError, match="category"):
        ExtractedFact("User likes tea", "hobby")


@pytest.mark.parametrize(
    "message",
    [
        "should I use React?",
        "what's better, Vue or Svelte?",
        "do you like Rust?",
        "if I used Go, would it be faster?",
        "I might try Deno",
        "I was wondering whether Tailwind is worth it",
        "my colleague prefers tabs",
        'the README says "always use tabs for indentation"',
        "> I prefer Angular",
    ],
)
def test_questions_hypotheticals_other_people_and_quotes_yield_nothing(message: str) -> None:
    assert extract_user_facts(message) == []


def test_a_negated_preference_is_never_stored_as_a_positive_one() -> None:
    for message in ("I don't like Java", "I do not like Java", "I never use Java"):
        contents = [f.content for f in extract_user_facts(message)]
        assert all(re.search(r"\b(?:not|never)\b", c) for c in contents), contents
        assert "User likes Java" not in contents


def test_the_assistant_message_is_never_extracted_from() -> None:
    assistant = "I prefer TypeScript. I always use tabs. My name is Claude."
    assert extract_user_facts("ok", assistant) == []
    with_context = extract_user_facts("I use Vim.", assistant)
    assert [f.content for f in with_context] == ["User uses Vim"]


def test_facts_are_deduplicated_within_one_message() -> None:
    facts = extract_user_facts("I use React. I use react. We use React and React Native.")
    assert [f.content for f in facts] == ["User uses React", "User uses React Native"]


def test_code_is_ignored() -> None:
    message = "```js\n// I prefer tabs\nconst x = 1;\n```\nconst y = 2;"
    assert extract_user_facts(message) == []


# -- technologies ------------------------------------------------------------------------


def test_the_technology_list_is_large_and_names_are_unique() -> None:
    names = [t.name for t in TECHNOLOGIES]
    assert len(names) >= 150
    assert len(set(names)) == len(names)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("We use postgres, ts and k8s", ["PostgreSQL", "TypeScript", "Kubernetes"]),
        ("Next.js or nextjs, never just next", ["Next.js"]),
        ("Go ahead and express your views next spring", []),
        ("I write go code and rust crates", ["Go", "Rust"]),
        ("It is written in go", ["Go"]),
        ("I use Rust. Rust is fast.", ["Rust"]),
        ("using react and express", ["React", "Express"]),
        ("react and express", []),
        ("C# and C++ on .NET", ["C#", "C++", ".NET"]),
        ("Edit src/go/main.go and next.config.js", []),
        ("a React-based UI with Tailwind", ["React", "Tailwind CSS"]),
        ("How should the UI react when it fails?", []),
    ],
)
def test_find_technologies(text: str, expected: list[str]) -> None:
    assert find_technologies(text) == expected


def test_lookup_technology_by_alias() -> None:
    tech = lookup_technology("Postgres")
    assert tech is not None
    assert tech.name == "PostgreSQL"
    assert lookup_technology("nope") is None


# -- project context ---------------------------------------------------------------------


def test_the_action_corpus_is_large_enough() -> None:
    assert len(ACTIONS) >= 20


@pytest.mark.parametrize("action", ACTIONS, ids=lambda a: a["description"][:50])
def test_every_action_yields_the_expected_context(action: dict[str, Any]) -> None:
    got = extract_project_context(action["description"], action["type"], action["files"])
    want = [
        ExtractedContext(e["content"], e["type"], tuple(e["files"]), tuple(e["tags"]))
        for e in action["expected"]
    ]
    assert got == want


def test_an_unknown_type_is_refused_with_the_valid_set() -> None:
    with pytest.raises(ValueError, match="decison") as info:
        extract_project_context("Use JWT", type="decison")
    assert isinstance(info.value, AmplifyMemoryError)
    for valid in PROJECT_TYPES:
        assert valid in str(info.value)


def test_files_are_attached_once_in_order() -> None:
    (entry,) = extract_project_context(
        "Created b.ts: must load in 1 s or less", files=["a.ts", "b.ts"]
    )
    assert entry.files == ("a.ts", "b.ts")
