"""Fuzz extraction: ``extract_user_facts``, ``extract_chat_facts``,
``extract_project_context`` and the two ``extract_and_store_*`` functions, with arbitrary
text: runs of punctuation, huge words, deep nesting of brackets and quotes, code fences,
unicode oddities, and values that are not text at all."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from amplify_memory.limits import MAX_MESSAGE_LENGTH
from amplify_memory.memory import (
    PROJECT_TYPES,
    ExtractedContext,
    ExtractedFact,
    extract_and_store_project_context,
    extract_and_store_user_facts,
    extract_chat_facts,
    extract_project_context,
    extract_user_facts,
)

from ._memory_support import (
    FACTS,
    FILES,
    PROJECT_FACTS,
    parts,
    project_state,
    project_store,
    reopen_projects_equal,
    reopen_user_equal,
    seed_projects,
    seed_user,
    user_state,
    user_store,
)
from ._support import (
    Big,
    ContractViolation,
    acall,
    anything,
    build,
    call,
    fuzz,
    long_strings,
    not_strings,
    odd_strings,
    run,
    short,
    texts,
)

PIECES = (
    "I prefer", "I use", "I don't like", "I no longer use", "my name is", "we use",
    "always", "never", "from now on", "please keep your answers short", "I'm building it with",
    "TypeScript", "React", "Supabase", "PostgreSQL", "tabs", "spaces", "2-space", "Vim",
    "should I use", "if", "maybe", "my colleague prefers", "said", "> ", "```", "`code`",
    "Created src/a.ts:", "decided to use", "must support", "fails with", "Fixed", "->",
    "navigates to", "talks to", "pattern", ";", ".", ",", "!", "?", "(", ")", "[", "]",
    '"', "'", "\n", "  ", "and", "or", "not", "but", "Resolved:", "I", "User",
)  # fmt: skip


def _nested(opening: str, closing: str, depth: int, core: str) -> Big:
    return Big(
        f"nested({opening!r}, {depth})",
        lambda: opening * depth + core + closing * depth,
    )


#: Messages just under the documented limit (amplify_memory.limits.MAX_MESSAGE_LENGTH).
NEAR_LIMIT = MAX_MESSAGE_LENGTH - 10
near_limit_messages = st.builds(
    lambda unit: Big(f"({unit!r} * n)[:{NEAR_LIMIT}]", lambda: (unit * NEAR_LIMIT)[:NEAR_LIMIT]),
    st.sampled_from(
        [
            "a",
            "é",
            "東",
            "!",
            "\n",
            " ",
            "\t \n",
            ".",
            "?!",
            "I prefer tabs, ",
            "I use React and ",
            "a -> ",
            "I prefer X over Y. ",
            "(",
            "```\n",
        ]
    ),
)


def near_limit(unit: str) -> Big:
    return Big(f"({unit!r} * n)[:{NEAR_LIMIT}]", lambda: (unit * NEAR_LIMIT)[:NEAR_LIMIT])


messages = st.one_of(
    near_limit_messages,
    st.lists(st.sampled_from(PIECES), max_size=25).map(" ".join),
    st.lists(st.sampled_from(PIECES), max_size=40).map("".join),
    st.sampled_from(FACTS).map(lambda f: f.replace("User", "I")),
    st.builds(
        _nested,
        st.sampled_from(["(", "[", "{", '"', "'", "«", "`", "((I prefer "]),
        st.sampled_from([")", "]", "}", '"', "'", "»", "`", ")"]),
        st.sampled_from([10, 500, 5_000, 50_000]),
        st.sampled_from(["I prefer tabs", "", "x"]),
    ),
    st.builds(
        lambda word, n: Big(f"'I prefer ' + {word!r} * {n}", lambda: "I prefer " + word * n),
        st.sampled_from(["a", "Type", "é", "東", "-", "!", "0"]),
        st.sampled_from([1_000, 8_000, 100_000]),
    ),
    st.builds(
        lambda s, n: Big(f"{s!r} * {n}", lambda: s * n),
        st.sampled_from(
            [
                "I prefer tabs, ",
                "I use React and ",
                "I don't not ",
                "if maybe ",
                "my name is ",
                "Fixed it; ",
                "a -> ",
                "I prefer X over Y. ",
                "> quoted\n",
                "```\ncode\n```\n",
            ]
        ),
        st.sampled_from([100, 1_000, 10_000]),
    ),
    long_strings,
    odd_strings,
    texts,
)
not_messages = st.one_of(not_strings, anything)
project_types = st.one_of(st.none(), st.sampled_from(PROJECT_TYPES), texts, not_strings)
files_args = st.one_of(
    st.just(()),
    st.lists(st.sampled_from(FILES), max_size=3),
    st.lists(st.one_of(texts, not_strings), max_size=120),
    texts,
    not_strings,
)


def _check_facts(label: str, facts: Any, kind: type) -> None:
    items = facts.user + facts.project if kind is tuple else facts
    if not isinstance(items, (list, tuple)):
        raise ContractViolation(f"{label} returned {short(facts)}")
    for item in items:
        if not isinstance(item, (ExtractedFact, ExtractedContext)) or not item.content.strip():
            raise ContractViolation(f"{label} returned a bad item {short(item)}")


@fuzz(3)
@example(message=near_limit("!"), assistant=None)
@example(message=near_limit("I prefer X over Y. "), assistant=None)
@given(message=messages, assistant=st.one_of(st.none(), messages))
def test_extract_user_facts(message: Any, assistant: Any) -> None:
    """Any user text: a list of facts (or a typed error), within the time limit."""
    out = call("extract_user_facts", extract_user_facts, build(message), build(assistant))
    if out.ok:
        _check_facts("extract_user_facts", out.value, list)


@fuzz(2)
@example(message=near_limit("a"), in_project=True)
@example(message=near_limit("!"), in_project=True)
@given(message=messages, in_project=st.one_of(st.booleans(), anything))
def test_extract_chat_facts(message: Any, in_project: Any) -> None:
    """Any chat turn, in a project's chat or not."""
    out = call(
        "extract_chat_facts", extract_chat_facts, build(message), None, in_project=build(in_project)
    )
    if out.ok:
        _check_facts("extract_chat_facts", out.value, tuple)


@fuzz(3)
@given(description=messages, kind=project_types, files=files_args)
def test_extract_project_context(description: Any, kind: Any, files: Any) -> None:
    """Any agent action description, type and files."""
    out = call(
        "extract_project_context",
        extract_project_context,
        build(description),
        build(kind),
        build(files),
    )
    if out.ok:
        _check_facts("extract_project_context", out.value, list)


#: Runs of white space: one rule read them in time quadratic in the run (12 s for a message
#: of newlines), found by the fuzzer in CI; every kind is tried on every extractor here.
WHITE_RUNS = (
    " ",
    "\n",
    "\t",
    "\r\n",
    " \n",
    "\u00a0",
    "\u2003",
    "\u200b",
    " \t\n\n",
    " \t",
    "\t \u00a0",
)


@pytest.mark.parametrize("unit", WHITE_RUNS, ids=[repr(u) for u in WHITE_RUNS])
def test_runs_of_white_space_within_the_time_limit(unit: str) -> None:
    text = build(near_limit(unit))
    for label, fn, args, kwargs in (
        ("extract_user_facts", extract_user_facts, (text, text), {}),
        ("extract_chat_facts", extract_chat_facts, (text, text), {"in_project": True}),
        ("extract_project_context", extract_project_context, (text,), {}),
    ):
        out = call(label, fn, *args, **kwargs)
        assert out.ok, out


#: A lead word a rule reads before a request ("hey", "please, remember ...") and a long
#: run after it: the lead's optional blanks once read the run in quadratic time.
LEADS = ("hey", "please", "ok,", "so", "ja,", "imo")


@pytest.mark.parametrize("lead", LEADS)
@pytest.mark.parametrize("unit", ["\n", " \n", " \t"], ids=repr)
def test_a_lead_word_then_a_run_within_the_time_limit(lead: str, unit: str) -> None:
    text = lead + unit * (19_000 // len(unit)) + "x"
    out = call("extract_chat_facts", extract_chat_facts, text)
    assert out.ok, out


@fuzz(1)
@given(message=st.one_of(not_messages, messages), kind=project_types, files=files_args)
def test_extract_non_text(message: Any, kind: Any, files: Any) -> None:
    """Values that are not text where text is expected: a typed error, never a crash."""
    message = build(message)
    call("extract_user_facts", extract_user_facts, message)
    call("extract_chat_facts", extract_chat_facts, message, in_project=True)
    call("extract_project_context", extract_project_context, message, build(kind), build(files))


@fuzz(2)
@given(
    message=st.one_of(messages, messages, not_messages), assistant=st.one_of(st.none(), messages)
)
def test_extract_and_store_user_facts(message: Any, assistant: Any) -> None:
    """Extracted facts go into the store whole, or (on an error) nothing changes;
    the store reopens equal."""

    async def case() -> None:
        storage_parts = parts()
        store = user_store(storage_parts)
        await seed_user(store)
        await acall(
            "extract_and_store_user_facts",
            extract_and_store_user_facts,
            build(message),
            build(assistant),
            store=store,
            state=lambda: user_state(store),
        )
        await reopen_user_equal(storage_parts, store)

    run(case())


@fuzz(2)
@given(
    project_id=st.one_of(st.sampled_from(["p1", "p2"]), texts, not_strings),
    description=st.one_of(
        messages, st.sampled_from(PROJECT_FACTS).map(lambda f: f + "; " + f.lower())
    ),
    kind=project_types,
    files=files_args,
    chat=st.one_of(st.just(""), texts, not_strings),
)
def test_extract_and_store_project_context(
    project_id: Any, description: Any, kind: Any, files: Any, chat: Any
) -> None:
    """Extracted project context goes in whole or not at all; the store reopens equal."""

    async def case() -> None:
        storage_parts = parts()
        store = project_store(storage_parts)
        await seed_projects(store)
        await acall(
            "extract_and_store_project_context",
            extract_and_store_project_context,
            build(project_id),
            build(description),
            build(kind),
            build(files),
            store=store,
            source_chat_id=build(chat),
            state=lambda: project_state(store),
        )
        await reopen_projects_equal(storage_parts, store)

    run(case())
