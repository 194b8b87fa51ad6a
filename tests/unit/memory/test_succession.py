"""A turn that names only the new value: a technology of a kind the user has one of at
a time (succession.py), and a style or workflow value said around it (style_values.py).
Each case through the real user-profile store, as a chat turn is stored."""

from __future__ import annotations

import pytest

from amplify_memory.memory import UserProfileVectorStore
from amplify_memory.memory.auto import extract_and_store_user_facts
from amplify_memory.memory.chat_facts import extract_chat_facts
from amplify_memory.memory.style_values import spotted_values
from amplify_memory.memory.succession import KINDS, kind_of, kind_replaced
from amplify_memory.memory.supersession import decide
from amplify_memory.memory.technologies import lookup_technology
from amplify_memory.storage import MemoryStorage


async def store_with(*facts: str) -> tuple[UserProfileVectorStore, list[str]]:
    store = UserProfileVectorStore(storage=MemoryStorage(), semantic=False)
    await store.initialize()
    ids = [(await store.add(fact, "tech_stack"))["entry"]["id"] for fact in facts]
    return store, ids


async def superseded_after(turn: str, *facts: str) -> list[bool]:
    """Which of the stored ``facts`` are superseded once ``turn`` is stored."""
    store, ids = await store_with(*facts)
    await extract_and_store_user_facts(turn, store=store)
    return [bool((await store.get(i) or {}).get("superseded")) for i in ids]


def test_every_member_of_a_kind_is_a_canonical_technology_name() -> None:
    for kind, names in KINDS.items():
        for name in (n.strip() for n in names.split(",")):
            known = lookup_technology(name)
            assert known is not None, (kind, name)
            assert known.name == name, (kind, name)
            assert kind_of(name) == kind


#: A new technology of a kind ends the stored one of that kind.
KIND_CHANGES: list[tuple[str, tuple[str, ...], list[bool]]] = [
    (
        "We host everything on Hetzner now.",
        ("User's team hosts on AWS.", "User uses Terraform."),
        [True, False],
    ),
    (
        "Unity pricing thing was the last straw, I ported my project to Godot.",
        ("User makes games in Unity.", "User writes C#."),
        [True, False],
    ),
    (
        "My new job is all Azure DevOps: pipelines, boards, repos, the lot.",
        ("User's company uses GitLab for repos and CI.", "User writes C#."),
        [True, False],
    ),
    (
        "datadog bill was insane so we moved to grafana cloud + prometheus",
        ("User uses Datadog for monitoring.", "User uses Sentry."),
        [True, False],
    ),
]


@pytest.mark.parametrize(
    "turn",
    [
        "We host on Hetzner.",  # no sign of a change
        "We also run a few services on Hetzner now.",  # an addition
        "For the new client project we're on Hetzner now.",  # a part
        "Still on AWS for the main app, Hetzner now for side projects.",
        "Should we move everything to Hetzner now?",  # a question
        "My coworker moved everything to Hetzner now.",  # someone else
        "We're not on Hetzner now, but we might be next year.",
    ],
)
async def test_an_addition_a_part_a_question_or_a_negation_ends_nothing(turn: str) -> None:
    assert await superseded_after(turn, "User's team hosts on AWS.") == [False]


async def test_an_opinion_about_the_old_one_stays() -> None:
    assert await superseded_after(
        "We host everything on Hetzner now.", "User likes AWS.", "User's team hosts on AWS."
    ) == [False, True]


def test_inferred_values_carry_their_kind_and_never_become_facts() -> None:
    found = extract_chat_facts("We host everything on Hetzner now.")
    assert [f.content for f in found.user] == ["User uses Hetzner"]
    assert {r.kind for r in found.replaced} == {"cloud provider"}
    assert "Hetzner" not in {r.value for r in found.replaced}
    assert kind_replaced("we host on Hetzner", {"Hetzner"}) == []


@pytest.mark.parametrize(
    ("turn", "old", "new"),
    [
        (
            "scratch what I said earlier about wanting detail: I just want the answer, short.",
            "User prefers detailed explanations",
            "User prefers concise answers",
        ),
        (
            "Eh, I asked for long explanations once, but really I'd rather get the short "
            "version first and ask for more if I need it.",
            "User prefers detailed, long explanations",
            "User prefers concise answers",
        ),
        (
            "no wait, dart format uses 2 spaces and that's what I want",
            "User prefers 4-space indentation",
            "User prefers 2-space indentation",
        ),
        (
            "Bitte ab jetzt auf Deutsch antworten, English is tiring after a long workday.",
            "User wants answers in English.",
            "User wants answers in German",
        ),
        (
            "I stopped writing tests first, TDD just didn't fit how I prototype game mechanics.",
            "User practices TDD.",
            "User no longer practices TDD",
        ),
        (
            "We stopped squashing commits, it's regular merge commits now.",
            "User's team squash-merges pull requests.",
            "User prefers regular merge commits",
        ),
    ],
)
async def test_a_style_value_said_around_it_supersedes_the_stored_one(
    turn: str, old: str, new: str
) -> None:
    store, (old_id,) = await store_with(old)
    out = await extract_and_store_user_facts(turn, store=store)
    assert new in [o["entry"]["content"] for o in out]
    assert (await store.get(old_id) or {}).get("superseded"), (turn, out)


@pytest.mark.parametrize(
    "turn",
    [
        "give me the short version",  # one answer, not a standing wish
        "Can you give me a short answer?",
        "my coworker wants short answers",
        "changed my mind on the long answers",  # names the old value, not the new
        "I want 4 spaces? no idea",
        "I never stopped doing TDD",
    ],
)
def test_no_standing_value_is_read_from_a_request_a_question_or_the_old_value(turn: str) -> None:
    contents = [f.content for f in extract_chat_facts(turn).user]
    assert not any(
        c.startswith(("User prefers concise", "User prefers detailed", "User no longer practices"))
        for c in contents
    ), contents


def test_of_several_values_the_last_that_is_not_negated_is_the_new_one() -> None:
    assert spotted_values("I'd rather have tabs, not 2 spaces") == [
        "User prefers tabs for indentation"
    ]
    assert spotted_values("not 4 spaces anymore, I want 2 spaces from now on") == [
        "User prefers 2-space indentation"
    ]


#: Common ways of saying a change.
COMMON_CHANGES: list[tuple[str, tuple[str, ...], list[bool]]] = [
    (  # two statements joined by a comma, read part by part
        "I've gone back to Vim, the Emacs experiment is over",
        ("User uses Emacs.", "User writes Go."),
        [True, False],
    ),
    (  # a tool the company moved to is no place; the team is the user's
        "We're no longer using Slack, company moved to Microsoft Teams",
        ("User's team uses Slack.", "User uses Jira."),
        [True, False],
    ),
    (
        "My team change the database, now we use Oracle instead of SQL Server",
        ("User uses SQL Server.", "User writes C#."),
        [True, False],
    ),
    (  # "+" joins a list
        "I'm using uv instead of pyenv + pip now",
        ("User uses pyenv.", "User uses pip.", "User writes Python."),
        [True, True, False],
    ),
    (
        "We've standardised on Terraform; CloudFormation is being retired",
        ("User uses CloudFormation.", "User uses AWS."),
        [True, False],
    ),
    (  # "wrong about X" ends X (and "was" stays "was")
        "Use snake_case for my Python variables from now on, I was wrong about camelCase",
        ("User prefers camelCase variable names.", "User writes Python."),
        [True, False],
    ),
    (  # what the answers "should" be is a wish, not a condition
        "My answers should be in German from now, please - I find it easier",
        ("User prefers responses in English.", "User lives in Vienna."),
        [True, False],
    ),
    (  # one answer only
        "Use Yarn in the answer, that repo is the legacy one - the new ones are all pnpm",
        ("User uses pnpm.",),
        [False],
    ),
]


def test_how_long_something_took_is_no_experience() -> None:
    contents = [f.content for f in extract_chat_facts("migrated from Angular, took us 2 yrs").user]
    assert not any("experience" in c for c in contents), contents
    assert "User wases" not in " ".join(
        f.content for f in extract_chat_facts("I was wrong about camelCase").user
    )


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        ("User monitors with Datadog.", "User monitors with New Relic.", "supersede"),
        ("User uses Jest for testing.", "User uses Vitest for testing.", "supersede"),
        ("User hosts the blog on Netlify.", "User hosts the blog on Vercel.", "supersede"),
        # a bare use may be two tools side by side; another use is another fact
        ("User uses PostgreSQL.", "User uses MySQL.", "keep"),
        ("User's team uses Slack.", "User's team uses Microsoft Teams.", "keep"),
        ("User uses Jest for unit tests.", "User uses Vitest for component tests.", "keep"),
        ("User uses Jest.", "User does not use Vitest.", "keep"),
    ],
)
def test_the_same_use_with_another_tool_of_its_kind_is_a_new_value(
    old: str, new: str, action: str
) -> None:
    assert decide(new, old) == action


#: Moves of place, job and settings.
MOVES: list[tuple[str, tuple[str, ...], list[bool]]] = [
    (  # the new one first
        "Switched to Arch from Ubuntu on my laptop",
        ("User runs Ubuntu on their laptop.", "User uses Docker."),
        [True, False],
    ),
    (
        "we relocated to Berlin in march",
        ("User lives in Amsterdam.", "User works remotely."),
        [True, False],
    ),
    (  # the workplace named by its kind only
        "I left the company, I'm freelancing now",
        ("User works at Atlassian.", "User writes Java.", "User lives in Sydney."),
        [True, False, False],
    ),
    (
        "Prettier's default 80 chars was annoying, we set line length to 120",
        ("User uses a max line length of 80.", "User uses Prettier."),
        [True, False],
    ),
]


def test_a_move_between_places_is_no_technology() -> None:
    contents = [f.content for f in extract_chat_facts("we moved to Berlin from Amsterdam").user]
    assert contents == ["User is based in Berlin"]


#: Machines and groups of tools.
MACHINES: list[tuple[str, tuple[str, ...], list[bool]]] = [
    (  # a tool on another machine is another fact
        "my home server runs Debian, work laptop is Fedora",
        ("User uses Fedora.", "User self-hosts services."),
        [False, False],
    ),
    (  # an exclusive group of tools is a kind: "these days" ends the other one
        "These days I'm on Arch, Ubuntu was getting on my nerves.",
        ("User runs Ubuntu on their workstation.",),
        [True],
    ),
    (  # on the same machine, the new one replaces the old
        "Switched to Arch from Ubuntu on my laptop",
        ("User runs Ubuntu on their laptop.",),
        [True],
    ),
]


def test_the_machine_goes_with_its_tool() -> None:
    contents = [
        f.content for f in extract_chat_facts("Windows on my desktop, Linux on the server").user
    ]
    assert contents == ["User uses Windows on their desktop", "User uses Linux on their server"]


#: A new employer or team.
EMPLOYERS: list[tuple[str, tuple[str, ...], list[bool]]] = [
    (
        "new job! I'm at Stripe now as a backend engineer",
        ("User works at Shopify.", "User is a backend engineer.", "User writes Ruby."),
        [True, False, False],
    ),
    (
        "Changed teams - I'm on the data platform team now, not payments",
        ("User is on the payments team.", "User writes Scala."),
        [True, False],
    ),
]


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        ("I joined Shopify last month", ["User works at Shopify"]),
        ("started a new job at Google", ["User works at Google"]),
        ("I'm at GitHub Universe this week", ["User uses GitHub"]),  # an event, not a job
        ("I joined the team last week", []),
    ],
)
def test_where_the_user_works_now(said: str, stored: list[str]) -> None:
    assert [f.content for f in extract_chat_facts(said).user] == stored


def test_what_a_tool_was_dropped_for_is_in_use() -> None:
    for said, stored in (
        (
            "Dropped Jest for Vitest, way faster with vite",
            ["User no longer uses Jest", "User uses Vitest"],
        ),
        ("ditched Redux in favour of Zustand", ["User no longer uses Redux", "User uses Zustand"]),
    ):
        assert [f.content for f in extract_chat_facts(said).user] == stored, said


def test_a_machine_is_not_carried_across_a_second_clause() -> None:
    said = "work on a windows laptop but ssh into linux boxes all day"
    assert not any("laptop" in f.content for f in extract_chat_facts(said).user)


def test_a_misspelt_language_name_is_read() -> None:
    said = "answers in japaneese pls from now on"
    assert [f.content for f in extract_chat_facts(said).user] == ["User wants answers in Japanese"]


def test_a_value_that_is_over_but_no_technology_is_never_stored_as_a_tool() -> None:
    said = "From this month I am working in Munich office, not Paris anymore."
    assert not any("Paris" in f.content for f in extract_chat_facts(said).user)


@pytest.mark.parametrize(
    ("turn", "facts", "ended"), [*KIND_CHANGES, *COMMON_CHANGES, *MOVES, *MACHINES, *EMPLOYERS]
)
async def test_a_turn_ends_exactly_the_stored_facts_it_replaces(
    turn: str, facts: tuple[str, ...], ended: list[bool]
) -> None:
    assert await superseded_after(turn, *facts) == ended
