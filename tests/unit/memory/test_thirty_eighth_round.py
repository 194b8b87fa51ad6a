"""The thirty-eighth session: ends said many ways (one list, read by every reader of
polarity), where the user is said without "lives", colours that are two values, and
memories written as "Label: value"."""

from __future__ import annotations

import pytest

from amplify_memory.memory.chat_facts import extract_chat_facts
from amplify_memory.memory.supersession import decide
from amplify_memory.memory.topics import polarity, primary_frame


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User owns a car.", "User sold their car."),
        ("User has a mortgage.", "User paid off the mortgage."),
        ("User runs their own Minecraft server.", "User shut down their Minecraft server."),
        ("User has a cat.", "Gave away the cat."),
        ("User has a girlfriend.", "Broke up with girlfriend."),
        ("User is allergic to peanuts.", "Peanut allergy outgrown."),
        ("User likes hiking.", "former avid hiker"),
        ("User smokes.", "ex-smoker"),
        ("The user drinks soda", "Cut out soda completely"),
    ],
)
def test_an_end_said_many_ways_supersedes(old: str, new: str) -> None:
    assert decide(new, old) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Has a cat called Biscuit", "Rehomed Biscuit the cat"),
        ("Contributes to Django", "Stepped away from Django contributions"),
        ("Member of Riverside Climbing Gym", "Ended the Riverside Climbing Gym membership"),
        ("User rents a flat in Glasgow", "Moved out of the Glasgow flat"),
        ("Allergic to cats", "Outgrew the cat allergy"),
        ("Avoids social media", "Back on Instagram daily"),
        ("Uses MongoDB in production", "Ripped MongoDB out of production"),
    ],
)
@pytest.mark.parametrize("cosine", [0.75, 0.9])
def test_an_end_or_a_return_is_never_merged_by_meaning(old: str, new: str, cosine: float) -> None:
    assert decide(new, old, cosine=cosine) != "merge"


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        # the state of a retiree, said two ways, is one fact
        ("User is retired from the Navy.", "Navy retiree", "merge"),
        ("User is a retired police officer.", "Former cop, now retired", "merge"),
        ("User is married.", "User is divorced now", "supersede"),
        ("Favorite color: blue", "Favorite color: green", "supersede"),
    ],
)
def test_states_said_two_ways(old: str, new: str, action: str) -> None:
    assert decide(new, old, cosine=0.8) == action


def test_a_technology_free_fact_is_negative() -> None:
    assert polarity("Frontend is jQuery-free since the rewrite") == "negative"
    assert polarity("Meat-free diet") == "negative"
    assert polarity("Uses a hands-free headset") == "positive"
    assert (
        decide(
            "Frontend is jQuery-free since the rewrite", "User's frontend uses jQuery", cosine=0.8
        )
        != "merge"
    )


def test_one_colour_for_another_is_never_one_fact() -> None:
    assert (
        decide("Drives a grey Skoda Octavia", "Drives a blue Skoda Octavia", cosine=0.98) == "keep"
    )
    assert decide("Likes red wine", "Likes white wine", cosine=0.94) == "keep"


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        ("User lives in Leeds", "User is in Sheffield", "supersede"),
        ("User lives in Chicago.", "User is in Minneapolis now", "supersede"),
        ("User lives in Leeds.", "User is back in Leeds", "merge"),
        # not a place, or not where the user lives
        ("User lives in Leeds", "User is in Marketing", "keep"),
        ("User lives in Leeds", "User is in Sheffield for the weekend", "keep"),
    ],
)
def test_where_the_user_is_said_without_lives(old: str, new: str, action: str) -> None:
    assert decide(new, old, cosine=0.6) == action


def test_is_in_a_known_place_has_the_location_topic() -> None:
    frame = primary_frame("User is in Sheffield")
    assert frame is not None
    assert (frame.topic, frame.value) == ("location", "Sheffield")
    frame = primary_frame("User is in Marketing")
    assert frame is None or frame.topic != "location"


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        # a memory written as a form's field is read as the sentence it stands for
        ("User's manager is Dana.", "Manager: Kofi", "supersede"),
        ("Test runner: Jest", "User's test runner is Vitest.", "supersede"),
        ("User's favourite language is Python.", "Favorite language: Rust", "supersede"),
        ("User is 34 years old", "Age: thirty-four", "merge"),
        ("User is 29 years old.", "Age: 29", "merge"),
        ("User is 34 years old.", "Age: 43", "supersede"),
        ("Drives a 2018 Honda Civic.", "User's car: Honda Civic, 2018 model", "merge"),
        # one value said two ways in a slot
        ("The user's timezone is CET", "Timezone: Central European Time", "merge"),
        ("User's birthday is March 3.", "Birthday: 3 March.", "merge"),
        ("User's birthday is March 3.", "User's birthday is March 30", "supersede"),
        # a remark before a colon is no field
        ("User is 40", "Correction: user is 38", "supersede"),
    ],
)  # fmt: skip
def test_a_field_is_read_as_its_sentence(old: str, new: str, action: str) -> None:
    assert decide(new, old, cosine=0.8) == action


def stored(message: str, *, project: bool = False) -> list[str]:
    facts = extract_chat_facts(message, in_project=project)
    return [f.content for f in facts.user] + [c.content for c in facts.project]


@pytest.mark.parametrize(
    "message",
    [
        # a piece of work asked for now is no standing wish
        "summarise the last few messages for my standup, three lines max",
        "summarise in 3 sentences:\n\nThe council will trial a new collection cycle.",
        "make it shorter pls and drop the jargon, it's going to the parents' whatsapp group",
        "ok Timescale sounds interesting, tell me more",
        # what a machine printed, pasted without a fence
        "npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree\n\nugh",
        "2024-05-02T10:11:03Z [error] 2231#2231: *88 upstream timed out, server: nginx-edge",
        "getting this:\n** (Ecto.NoResultsError) expected at least one result\n"
        "from u0 in MyApp.Accounts.User, where: u0.id == ^42",
    ],
)
@pytest.mark.parametrize("project", [False, True])
def test_work_asked_for_now_and_pasted_output_store_nothing(message: str, project: bool) -> None:
    assert stored(message, project=project) == []


@pytest.mark.parametrize(
    ("message", "project", "facts"),
    [
        ("always summarise in 3 bullet points", False,
         ["User wants the assistant to always summarise in 3 bullet points"]),
        ("kubectl describe says:\n  Warning  BackOff  3m (x12 over 10m)  kubelet  Back-off\n"
         "  Reason: OOMKilled\n\nwe deploy with Helm", True, ["We deploy with Helm"]),
        ("Error responses from this API have to follow RFC 7807 problem details.", True,
         ["Error responses from this API have to follow RFC 7807 problem details"]),
    ],
)  # fmt: skip
def test_standing_work_and_prose_after_pasted_output_stay(
    message: str, project: bool, facts: list[str]
) -> None:
    assert stored(message, project=project) == facts


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        # "over" of a number, a day, guests had over, or after a request: no choice
        ("any good vegetarian lasagna recipes? having people over saturday", []),
        ("SvelteKit? hmm, explain why over Next", []),
        ("kubectl says x12 over 10m", []),
        ("give me 20 questions instead of the usual 10, it's a double period tomorrow.", []),
        ("tea over coffee any day", ["User prefers tea over coffee"]),
        ("actually give me TS examples instead of JS from now on",
         ["User wants the assistant to give the user TypeScript examples instead of JavaScript",
          "User no longer uses JavaScript"]),
    ],
)  # fmt: skip
def test_a_comparison_is_a_choice_only_between_things(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        # a tool held with its value is no scope of it
        ("User uses zsh with Oh My Zsh.", "User prefers fish over zsh", "supersede"),
        ("Uses zsh with oh-my-zsh.", "User's shell: Zsh + Oh My Zsh.", "merge"),
        # one thing added to a tool is not the tool said again
        ("User uses VS Code.", "User uses the GitLens extension in VS Code.", "keep"),
        ("User uses Obsidian for notes.", "User uses the Dataview plugin in Obsidian.", "keep"),
        ("User prefers dark mode.", "Likes dark themes.", "merge"),
    ],
)
def test_tool_groups_and_add_ons(old: str, new: str, action: str) -> None:
    assert decide(new, old, cosine=0.8) == action


def test_a_bare_kidding_after_dots_takes_back() -> None:
    message = "I'm in Madrid now... kidding, still in Barcelona, just visiting for the weekend."
    assert not any("Madrid" in f for f in stored(message))
    assert stored("I'm kidding myself if I think I'll finish") == []


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        # what the second reader found: the user's prose around pasted output stays
        ('I run Postgres 16 on Ubuntu. Getting this:\n  ERROR: relation "users" does not exist'
         "\n\nI am on a deadline", ["User uses PostgreSQL 16", "User uses Ubuntu"]),
        ("I'm getting this error:\n  ModuleNotFoundError: No module named 'numpy'\n"
         "I'm a data scientist", ["User is a data scientist"]),
        ("My stack is this:\n  Go\n  Postgres\n  Redis",
         ["User uses Go", "User uses PostgreSQL", "User uses Redis"]),
        ("My doctor says:\n  I need to cut sugar\n  and walk more\nI'm diabetic",
         ["User is diabetic"]),
        ("INFO: I'm a nurse", ["User is a nurse"]),
        # a wish about things in general stands; a choice said to stand
        ("Summarise things in 3 bullets, I hate long text",
         ["User wants the assistant to summarise things in 3 bullets", "User hates long text"]),
        ("Friends over followers, always, I'm an introvert",
         ["User prefers Friends over followers", "User is an introvert"]),
    ],
)  # fmt: skip
def test_second_readers_extraction_regressions(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        # not an end of the whole: an idiom, a part, a thing sold that was never had
        ("User went to the office party", "User died laughing at the office party", "keep"),
        ("User bakes cupcakes", "User sold 200 cupcakes at the school bake sale", "keep"),
        ("User uses Postgres", "User has zero Postgres outages this year", "keep"),
        ("User uses Docker", "User got rid of unused Docker images", "keep"),
        ("User uses Jira", "User closed their Jira ticket", "keep"),
        ("User is excited about Rust", "User's enthusiasm for Rust died down", "keep"),
        # a country holds the city; a list's field holds several
        ("User lives in Manchester", "User is in England", "keep"),
        ("Languages: Python", "Languages: Go", "keep"),
        # a slot's colour, one tool by two names
        ("User's terminal background is black", "User's terminal background is white", "supersede"),
        ("Editor: VS Code", "User's editor is Visual Studio Code", "merge"),
        # ends said of the whole by their noun
        (
            "User runs their own Minecraft server.",
            "User shut down their Minecraft server.",
            "supersede",
        ),
    ],
)
def test_second_readers_decision_regressions(old: str, new: str, action: str) -> None:
    assert decide(new, old, cosine=0.8) == action


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        # a role at a place in a list; "@" before an organisation; a pastime by its doer
        ("context: data engineer @ a hospital in Melbourne.",
         ["User is a data engineer at a hospital in Melbourne"]),
        ("SRE @Google, on call", ["User is an SRE at Google"]),
        ("Student @ 19, Leeds.", []),
        ("Teacher @ heart, accountant by trade.", ["User is an accountant"]),
        ("me: vegan, marathoner, allergic to tree nuts",
         ["User is vegan", "User is a marathoner", "User is allergic to tree nuts"]),
        ("vegan, marathon runner, QA tester",
         ["User is vegan", "User is a marathon runner", "User is a QA tester"]),
        ("wrking as a barista atm while studyin graphic desgn", []),
    ],
)  # fmt: skip
def test_roles_at_organisations_and_pastimes_in_lists(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        # a sale with its "I" left out is the user's; an idea sold is no sale
        ("Sold the Civic last month. I cycle to work now",
         ["User sold the Civic last month", "User cycles to work now"]),
        ("sold my car in March", ["User sold their car in March"]),
        ("sold the idea to my boss", []),
        ("My brother sold his car", []),
    ],
)  # fmt: skip
def test_a_sale_said_without_i(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


def test_a_place_with_its_country_is_one_value() -> None:
    assert decide("Location: Leeds, UK", "Location: Leeds", cosine=0.95) == "merge"
    assert decide("User's city is York", "User's city is Leeds", cosine=0.7) == "supersede"


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        # an end of a thing had is no end of a taste that names more
        ("User likes house music.", "User sold the house", "keep"),
        ("User likes car shows", "User sold their car", "keep"),
        ("User owns a house", "User sold their house", "supersede"),
    ],
)
def test_an_end_of_a_thing_leaves_a_taste(old: str, new: str, action: str) -> None:
    assert decide(new, old, cosine=0.7) == action


def test_we_sold_is_the_users_sale() -> None:
    assert stored("We sold the house in Devon, we're in Portugal now") == [
        "User sold the house in Devon",
        "User is in Portugal",
    ]
