"""What is not the user's stays out of the profile: another person's habits, also in
the sentences that go on about them ("Our PM only uses Jira. Never Slack."), a file's or
snippet's own settings, a supposed case joined to a statement ("..., but what if we moved
to Teams"), and the task at hand ("for this answer", "I'll forward it to the client",
"give me the Java version too"); the user's own facts beside them are kept. Each case
failed on bench/data/turns_others_dev.jsonl or turns_unreal_dev.jsonl before its rule."""

from __future__ import annotations

import pytest

from amplify_memory.memory.chat_facts import extract_chat_facts

NOTHING = [
    # someone else, and the fragments that go on about them
    "Our PM only communicates through Jira comments and Loom videos. Never slack, never "
    "email. It's a choice.",
    "My coworker's dotfiles are a masterpiece. Fish shell, starship prompt, everything "
    "themed in Catppuccin.",
    "the client's IT department runs everything on Oracle 11g. yes 11g. in 2024. i need a drink",
    "Jake (our backend guy) is super opinionated about SQL — wants every query hand-written",
    "my 70 year old neighbor just learned to use ChatGPT and now asks it for recipes",
    "I heard Stripe engineers use Ruby heavily with Sorbet for types.",
    "the guy who wrote this lib clearly prefers Rust and it shows. no docs",
    "Ravi, our intern. Python only, no JS. whats a good first task for him?",
    "My client (a dentist chain) insists on WordPress with Elementor for their new site. Fine.",
    "Kasia, our data lead, thinks dbt is overkill for us. She'd rather keep the stored procedures.",
    "Mein Kollege Jens benutzt Eclipse, he says IntelliJ is too heavy.",
    "My thesis supervisor (promotor) wants no titles on plots",
    # the thing at hand, and what is said of it
    "i never said that?? whatever, the code is fine",
    "the 3.9 job fails but the others pass, same code",
    "In this case use tabs not spaces, the file already uses tabs",
    # one-off tasks
    "give me the Java version too",
    "pls just the regex, no explanation",
    "put it all in a single file, I just want to run it quickly",
    "respond in German pls, I'll forward it to the client",
    "Just this time, go deep — I want the full story of how the event loop works",
    "Give me the answer assuming Node 18 — it's for an old server I'm patching.",
    "Please for this answer write more simple English, I must show it to my mother",
    "say I used bun instead of node for the api, would prisma still work?",
    "make this one shorter, like 2 sentences max",
    "skip the type hints here, it's a throwaway script for a one-time data fix",
    "use 2-space indent for this yaml, the chart I'm editing is already like that",
    "respond in json only for this one, I'm piping it into jq",
    "write the cover letter in british english please, the job is in leeds",
]


@pytest.mark.parametrize("said", NOTHING)
def test_what_is_not_the_users_stores_nothing(said: str) -> None:
    assert extract_chat_facts(said).user == ()


@pytest.mark.parametrize(
    ("said", "kept"),
    [
        ("My boss loves Java. I prefer Kotlin.", ["User prefers Kotlin"]),
        ("my team lead uses Emacs. Vim user here", ["User uses Vim"]),
        (
            "We use Slack for everything, but let's say we moved to MS Teams — could the bot "
            "still post threads?",
            ["User uses Slack"],
        ),
        ("I use Neovim, but just for this answer show the VS Code shortcut", ["User uses Neovim"]),
        ("I'm Dev (he/him), on CET", ["User's pronouns are he/him", "User's timezone is CET"]),
        ("our team uses Linear", ["User's team uses Linear"]),
        ("Answer in German", ["User wants the assistant to answer in German"]),
        ("No emojis", ["User does not want emojis"]),
    ],
)
def test_the_users_own_facts_beside_them_are_kept(said: str, kept: list[str]) -> None:
    stored = [f.content for f in extract_chat_facts(said).user]
    assert all(k in stored for k in kept), stored


def test_in_a_project_chat_a_clients_wish_is_the_projects_and_a_colleagues_habit_is_not() -> None:
    wish = extract_chat_facts("Client wants WCAG 2.2 AA across the whole site.", in_project=True)
    assert [(c.type, c.content) for c in wish.project] == [
        ("requirement", "Client wants WCAG 2.2 AA across the whole site")
    ]
    habit = extract_chat_facts(
        "Our designer Lena works on a 5K iMac with the brightness all the way down.",
        in_project=True,
    )
    assert habit.project == ()
    assert habit.user == ()


@pytest.mark.parametrize(
    ("said", "stored"),
    [
        # a topic turn ends what was said of someone else
        ("My PM loves Jira. anyway, Linear for me", ["User prefers Linear"]),
        # filler adverbs are not verbs; "I'm the opposite" and "stuff to work" are no facts
        ("i literally cannot stand light mode", ["User cannot stand light mode"]),
        ("I'm the opposite. I just want stuff to work", []),
        ("way too much boilerplate for me, I use Zustand for everything", ["User uses Zustand"]),
        ("raw SQL for me", ["User prefers raw SQL"]),
        (
            "okay so um I'm a paralegal comma and I use Excel every single day period",
            ["User is a paralegal", "User uses Excel"],
        ),
        ("prefer 2 space indent", ["User prefers 2 space indent"]),
    ],
)
def test_what_goes_on_is_read_for_what_it_is(said: str, stored: list[str]) -> None:
    assert [f.content for f in extract_chat_facts(said).user] == stored


def test_a_decision_said_before_is_not_decided_again_as_a_pronoun() -> None:
    said = "this project uses CSS modules only, we decided that months ago"
    project = extract_chat_facts(said, in_project=True).project
    assert [c.content for c in project] == ["This project uses CSS Modules only"]


def test_a_pasted_log_after_a_label_or_a_plea_is_no_project_error() -> None:
    log = "```\n2024/03/11 14:22:01 [error] 1234#0: connect() failed (111: Connection refused)\n```"
    for lead in ("help", "Scheduler log:"):
        assert extract_chat_facts(f"{lead}\n{log}", in_project=True).project == ()
    failing = extract_chat_facts(f"the nginx proxy keeps failing with:\n{log}", in_project=True)
    assert any("connect() failed" in c.content.lower() for c in failing.project), failing.project


def test_what_that_stands_for_is_not_a_project_fact_of_its_own() -> None:
    said = "we've decided on stripe for payments. razorpay maybe one day but that is years away"
    project = [c.content for c in extract_chat_facts(said, in_project=True).project]
    assert not any(c.startswith("That") for c in project), project
    site = extract_chat_facts("it's a static Docusaurus site", in_project=True).project
    assert [c.content for c in site] == ["It is a static Docusaurus site"]


def test_after_someone_elses_point_is_granted_the_user_speaks_for_the_project() -> None:
    said = (
        "the head of support says customers hate bots that pretend to be human. she's right, "
        "and that's why in this project the bot always discloses it's an AI."
    )
    project = [c.content for c in extract_chat_facts(said, in_project=True).project]
    assert project == ["The bot always discloses it is an AI"], project
