"""What a turn says no longer holds, and the stored facts it supersedes."""

from __future__ import annotations

import pytest

from amplify_memory.errors import DocumentNotFoundError
from amplify_memory.memory import UserProfileVectorStore
from amplify_memory.memory.auto import extract_and_store_user_facts
from amplify_memory.memory.changes import Replaced, replaced_values, states_value
from amplify_memory.memory.chat_facts import extract_chat_facts
from amplify_memory.storage import MemoryStorage


@pytest.mark.parametrize(
    ("message", "values"),
    [
        ("we moved off Redux last sprint", ["Redux"]),
        ("Bitbucket is history, everything lives on GitHub now", ["Bitbucket"]),
        ("Heroku was just for the demo, we run on Render now", ["Heroku"]),
        ("actually it's Podman I use. Docker was at my previous job.", ["Docker"]),
        ("I don't touch Eclipse anymore", ["Eclipse"]),
        ("we went from Jenkins to Buildkite", ["Jenkins"]),
        ("replaced Celery with Dramatiq", ["Celery"]),
        ("actually I use Kotlin now, not Java", ["Java"]),
        ("gave up on Sublime Text, back on Vim", ["Sublime Text"]),
        ("moved off Tuist, plain Xcode projects now", ["Tuist"]),  # not in the list
    ],
)
def test_the_old_value_is_named(message: str, values: list[str]) -> None:
    assert [r.value for r in replaced_values(message)] == values


@pytest.mark.parametrize(
    "message",
    [
        "Python was my first language",  # the past, but nothing changed
        "I prefer TypeScript over JavaScript",
        "I love Python but not the packaging",
        "we switched to pnpm",  # the target is no old value
        "No emojis please",
        "I use Go instead of Python for CLIs",  # a preference, not a move
        "Kubernetes is overkill for us",
        "Go is dead simple to deploy",
        "React 19 is out",
        "I haven't moved off Heroku yet",
        "I never stopped using Vim",
        "I use Docker, not only Kubernetes",
    ],
)
def test_nothing_is_named_without_a_sign_of_the_past(message: str) -> None:
    assert replaced_values(message) == ()


@pytest.mark.parametrize(
    "message",
    [
        "should I move off Redux?",
        "if we dropped Jenkins, would Buildkite do?",
        "my colleague ditched Emacs",
    ],
)
def test_questions_plans_and_other_people_end_nothing(message: str) -> None:
    assert extract_chat_facts(message).replaced == ()


@pytest.mark.parametrize(
    ("stored", "replaced", "states"),
    [
        ("User uses MongoDB for the main database", Replaced("MongoDB"), True),
        ("User builds Android apps with Gradle", Replaced("Gradle"), True),
        ("User's CI is Jenkins", Replaced("Jenkins"), True),
        ("User likes MongoDB's query language", Replaced("MongoDB"), False),  # an opinion
        ("User does not use MongoDB", Replaced("MongoDB"), False),
        ("User does not use MongoDB", Replaced("MongoDB", "negative"), True),
        ("User develops firmware in STM32CubeIDE", Replaced("CubeIDE"), True),
        ("User never opens CubeIDE", Replaced("CubeIDE"), False),
        ("User uses PostgreSQL", Replaced("MongoDB"), False),
    ],
)
def test_which_stored_facts_state_the_value(stored: str, replaced: Replaced, states: bool) -> None:
    assert states_value(stored, replaced) is states


async def fresh_store() -> UserProfileVectorStore:
    store = UserProfileVectorStore(storage=MemoryStorage(), semantic=False)
    await store.initialize()
    return store


async def test_a_turn_supersedes_what_it_names_as_past() -> None:
    store = await fresh_store()
    mongo = (await store.add("User uses MongoDB for the main database", "tech_stack"))["entry"]
    vim = (await store.add("User uses Vim", "tech_stack"))["entry"]
    out = await extract_and_store_user_facts(
        "no wait, mongo was just for the prototype, production runs on DynamoDB", store=store
    )
    assert [o["entry"]["content"] for o in out] == ["User uses DynamoDB for production"]
    assert [e["id"] for e in out[0]["superseded"]] == [mongo["id"]]
    got = await store.get(mongo["id"])
    assert got is not None
    assert got["supersededBy"] == out[0]["entry"]["id"]
    assert not (await store.get(vim["id"]) or {}).get("superseded")


async def test_the_turns_own_facts_are_not_superseded() -> None:
    store = await fresh_store()
    out = await extract_and_store_user_facts("moved off Redux, it's Zustand now", store=store)
    contents = [o["entry"]["content"] for o in out]
    assert "User uses Zustand" in contents
    for o in out:
        got = await store.get(o["entry"]["id"])
        assert got is not None
        assert not got.get("superseded")


async def test_a_new_version_is_left_to_the_topic_rule() -> None:
    store = await fresh_store()
    old = (await store.add("User uses Python 3.9", "tech_stack"))["entry"]
    hints = (await store.add("User uses Python type hints everywhere", "coding_style"))["entry"]
    out = await extract_and_store_user_facts(
        "we upgraded from python 3.9 to 3.12 over the weekend", store=store
    )
    assert [o["entry"]["content"] for o in out] == ["User uses Python 3.12"]
    assert [e["id"] for e in out[0]["superseded"]] == [old["id"]]
    assert not (await store.get(hints["id"]) or {}).get("superseded")


async def test_supersede_values_needs_a_stored_entry() -> None:
    store = await fresh_store()
    with pytest.raises(DocumentNotFoundError):
        await store.supersede_values([Replaced("Redux")], by="no-such-id")


async def test_a_turn_without_a_technology_fact_supersedes_nothing() -> None:
    store = await fresh_store()
    py = (await store.add("User uses Python for data analysis", "tech_stack"))["entry"]
    out = await extract_and_store_user_facts(
        "I upgraded from Python 3.9 to 3.12, and I live in Berlin", store=store
    )
    assert all(e["id"] != py["id"] for o in out for e in o["superseded"]), (
        "an unrelated fact of the turn superseded the stored one"
    )


async def test_a_move_limited_to_one_use_ends_only_that_use() -> None:
    store = await fresh_store()
    nightly = (await store.add("User uses Jenkins for nightly builds", "tech_stack"))["entry"]
    releases = (await store.add("User uses Jenkins for releases", "tech_stack"))["entry"]
    new = (await store.add("User uses GitHub Actions for releases", "tech_stack"))["entry"]
    (found,) = extract_chat_facts("we no longer use Jenkins for releases").replaced
    assert found == Replaced("Jenkins", scope="releases")
    await store.supersede_values([found], by=new["id"])
    # (the add itself may already have replaced it: one CI service for one use)
    assert (await store.get(releases["id"]) or {}).get("superseded")
    assert not (await store.get(nightly["id"]) or {}).get("superseded")


def test_a_tool_said_to_be_out_is_replaced_only_in_a_turn_that_changed() -> None:
    assert [r.value for r in replaced_values("Netmiko is out, replaced it with Nornir")] == [
        "Netmiko"
    ]
    assert replaced_values("no wait, our cluster runs Slurm, PBS was at my old uni")[0].value == (
        "PBS Pro"
    )
    assert replaced_values("Netmiko is out") == ()  # nothing says it changed


@pytest.mark.parametrize(
    ("message", "values"),
    [
        ("correction: I moved to Denver, so I'm on Mountain time now, not PST", ["PST"]),
        ("nope, ansible-core 2.15 these days, 2.9 is long dead", ["2.9"]),
        ("I left the bank in March, freelancing now", ["bank"]),
        ("I'm not on the data team anymore, moved to platform", ["data team"]),
        ("I used to hate Tailwind, but I've come around", ["Tailwind CSS"]),
    ],
)
def test_a_value_that_is_no_technology_is_named_too(message: str, values: list[str]) -> None:
    assert [r.value for r in replaced_values(message)] == values


@pytest.mark.parametrize(
    "message",
    [
        "not sure about PST",  # no sign that anything changed
        "I left the comment in the PR",  # not a workplace
        "I'm on Mountain time, not PST",  # no change said
    ],
)
def test_a_value_that_is_no_technology_needs_a_change(message: str) -> None:
    assert replaced_values(message) == ()


async def test_a_changed_value_that_is_no_technology_is_superseded() -> None:
    store = await fresh_store()
    zone = (await store.add("User's timezone is PST", "personal"))["entry"]
    xcode = (await store.add("User uses Xcode 15", "tech_stack"))["entry"]
    out = await extract_and_store_user_facts(
        "correction: I moved to Denver, so I'm on Mountain time now, not PST", store=store
    )
    assert zone["id"] in {e["id"] for o in out for e in o.get("superseded", [])}
    assert not (await store.get(xcode["id"]) or {}).get("superseded")


# ---------------------------------------------------------------- the corrections corpus
# (bench/data/turns_corrections_*.jsonl: each family below failed there before its rule)


@pytest.mark.parametrize(
    ("said", "ended"),
    [
        ("yeah nah we killed the mongo cluster, its all dynamo now", ["MongoDB"]),
        ("Our on-prem Oracle box was retired in June; Snowflake now.", ["Oracle Database"]),
        ("For logging we swapped Winston for Pino", ["Winston"]),
        ("Flutter didn't work out for us, we rewrote the app in React Native.", ["Flutter"]),
        ("swtiched to pytorch from tensorflow, way easier to debug imo", ["TensorFlow"]),
        ("We migrated the billing monolith from Django to Phoenix", ["Django"]),
        ("bye bye Webpack, hello Vite.", ["Webpack"]),
        ("Before I was using Eclipse but now I am using IntelliJ IDEA", ["Eclipse"]),
        ("We dropped both Mocha and Chai, Vitest does everything now.", ["Mocha", "Chai"]),
        ("ditched Mocha, Chai and Sinon for Vitest", ["Mocha", "Chai", "Sinon"]),
        ("Moved the blog off WordPress and Bluehost, it's Hugo now", ["WordPress", "Bluehost"]),
    ],
)
def test_the_ways_a_turn_ends_a_technology(said: str, ended: list[str]) -> None:
    assert [r.value for r in replaced_values(said)] == ended


@pytest.mark.parametrize(
    "said",
    [
        "thinking about dropping Mocha next year",
        "should we move off Heroku?",
        "my coworker switched from Vim to VS Code",
        "I haven't moved off Heroku yet",
        "we use Mocha and Chai, Vitest for the new services",
    ],
)
def test_what_does_not_end_a_technology(said: str) -> None:
    assert extract_chat_facts(said).replaced == ()


def test_a_turn_does_not_store_the_use_of_what_it_ends() -> None:
    contents = [f.content for f in extract_chat_facts("bye bye Webpack, hello Vite").user]
    assert "User uses Webpack" not in contents
    assert "User uses Vite" in contents
    upgraded = extract_chat_facts("upgraded the cluster from Kubernetes 1.24 to 1.29")
    assert [f.content for f in upgraded.user] == ["User uses Kubernetes 1.29"]
    moved = extract_chat_facts("mysql -> postgres last month, migration was painful but done")
    assert "User uses PostgreSQL" in [f.content for f in moved.user]


async def test_an_ended_technology_without_a_successor_is_stored_as_stopped() -> None:
    store = await fresh_store()
    slack = (await store.add("User's team communicates on Slack.", "tech_stack"))["entry"]
    out = await extract_and_store_user_facts(
        "Me and my team use Teams instead of Slack now, company decision not mine", store=store
    )
    assert [o["entry"]["content"] for o in out] == ["User does not use Slack"]
    got = await store.get(slack["id"])
    assert got is not None
    assert got["supersededBy"] == out[0]["entry"]["id"]


@pytest.mark.parametrize(
    ("prior", "said", "new"),
    [
        (
            "User prefers spaces for indentation.",
            "I used to prefer spaces but I've switched to tabs, the team agreed",
            "User prefers tabs",
        ),
        (
            "User prefers single quotes in Python.",
            "I've gone back to double quotes in Python, Black won",
            "User prefers double quotes in Python",
        ),
    ],
)
async def test_a_move_to_another_value_of_a_topic_supersedes(
    prior: str, said: str, new: str
) -> None:
    store = await fresh_store()
    old = (await store.add(prior, "coding_style"))["entry"]
    out = await extract_and_store_user_facts(said, store=store)
    assert new in [o["entry"]["content"] for o in out]
    got = await store.get(old["id"])
    assert got is not None
    assert got.get("supersededBy")


@pytest.mark.parametrize(
    "said", ["should I switch to tabs?", "my coworker switched to tabs", "if we switched to tabs"]
)
def test_no_move_is_read_from_a_question_or_someone_else(said: str) -> None:
    assert extract_chat_facts(said).user == ()


@pytest.mark.parametrize(
    ("prior", "said", "new"),
    [
        (
            "User likes emoji in responses.",
            "You can stop with the emoji, it's distracting now",
            "User does not want emoji",
        ),
        (
            "User prefers short answers.",
            "actually make answers longer from now on",
            "User wants longer answers",
        ),
        (
            "User is in the Eastern time zone.",
            "Pacific time for me now since the move, not Eastern.",
            "User is in the Pacific time zone",
        ),
        (
            "User is in the Eastern time zone.",
            "I'm on Pacific time now",
            "User is in the Pacific time zone",
        ),
    ],
)
async def test_a_short_statement_of_a_topics_value_supersedes(
    prior: str, said: str, new: str
) -> None:
    store = await fresh_store()
    old = (await store.add(prior, "preference"))["entry"]
    out = await extract_and_store_user_facts(said, store=store)
    assert [o["entry"]["content"] for o in out] == [new]
    got = await store.get(old["id"])
    assert got is not None
    assert got.get("supersededBy") == out[0]["entry"]["id"]


@pytest.mark.parametrize(
    "said",
    ["what time is it", "stop with the Redux patterns", "party time for me now", "stop the server"],
)
def test_a_value_statement_needs_a_known_topic(said: str) -> None:
    stated = [f.content for f in extract_chat_facts(said).user]
    assert not any(s.startswith(("User does not want", "User is in the")) for s in stated)


async def test_an_ended_product_the_list_does_not_know_is_stored_as_stopped() -> None:
    store = await fresh_store()
    winston = (await store.add("User logs with Winston.", "tech_stack"))["entry"]
    out = await extract_and_store_user_facts(
        "For logging we swapped Winston for Pino, rest of the stack is unchanged.", store=store
    )
    assert [o["entry"]["content"] for o in out] == ["User no longer uses Winston"]
    got = await store.get(winston["id"])
    assert got is not None
    assert got.get("supersededBy") == out[0]["entry"]["id"]


@pytest.mark.parametrize(
    "said",
    [
        "correction: my name is Jo, not Joe",
        "moved from Berlin to Lisbon last month",
        "small correction: it's Samir, not Sam. Sam was a typo on my side",
    ],
)
def test_a_value_that_is_no_product_is_not_stored_as_stopped(said: str) -> None:
    assert not any("no longer uses" in f.content for f in extract_chat_facts(said).user)


def test_a_past_form_keeps_its_form() -> None:
    stated = [f.content for f in extract_chat_facts("I sold the Canon last year").user]
    assert not any("solds" in s for s in stated)


async def test_a_tool_a_thing_lives_in_is_no_place() -> None:
    store = await fresh_store()
    oracle = (await store.add("User's data warehouse runs on Oracle.", "tech_stack"))["entry"]
    dbt = (await store.add("User uses dbt.", "tech_stack"))["entry"]
    out = await extract_and_store_user_facts(
        "Our on-prem Oracle box was retired in June; the warehouse lives in Snowflake now.",
        store=store,
    )
    assert [o["entry"]["content"] for o in out] == ["User uses Snowflake"]
    assert (await store.get(oracle["id"]) or {}).get("superseded")
    assert not (await store.get(dbt["id"]) or {}).get("superseded")


async def test_a_value_said_to_be_over_ends_the_fact_that_names_it() -> None:
    store = await fresh_store()
    college = (await store.add("User is a community college student.", "personal"))["entry"]
    subject = (await store.add("User is studying computer science.", "personal"))["entry"]
    await extract_and_store_user_facts(
        "I transferred, I'm at UT Austin now, not community college anymore", store=store
    )
    assert (await store.get(college["id"]) or {}).get("superseded")
    assert not (await store.get(subject["id"]) or {}).get("superseded")
    for said in ("I'm not sure anymore what to use", "it is not fun anymore"):
        assert not extract_chat_facts(said).replaced, said


async def test_a_new_pronoun_set_alone_supersedes_the_stored_one() -> None:
    store = await fresh_store()
    old = (await store.add("User uses he/him pronouns.", "personal"))["entry"]
    await store.add("User lives in Lyon.", "personal")
    await extract_and_store_user_facts("oh btw I'm she/her, you keep writing 'he'", store=store)
    assert (await store.get(old["id"]) or {}).get("superseded")


@pytest.mark.parametrize(
    ("prior", "said"),
    [
        ("User uses WSL.", "Not leaving Windows, whatever my friends say"),
        ("User works on Windows.", "I do everything inside WSL these days"),
        ("User uses zsh as their shell.", "I set up oh my zsh last week"),
    ],
)
async def test_one_runs_inside_the_other_so_both_stay(prior: str, said: str) -> None:
    store = await fresh_store()
    old = (await store.add(prior, "tech_stack"))["entry"]
    out = await extract_and_store_user_facts(said, store=store)
    assert out, said
    got = await store.get(old["id"])
    assert got is not None
    assert got.get("supersededBy") is None


def test_a_change_not_yet_decided_is_no_ending() -> None:
    said = "we are discussing to change from Jenkins but decision is not made"
    stated = [f.content for f in extract_chat_facts(said).user]
    assert not any("not use Jenkins" in s or "no longer" in s for s in stated)
