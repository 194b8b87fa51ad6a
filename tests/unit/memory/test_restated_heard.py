"""A correction read against what is stored (the eighteenth round): the stored fact,
restated with the turn's new value, replaces the old one.

Sentences written for the tests, none the corpora's own.
"""

from __future__ import annotations

import asyncio

import pytest

from amplify_memory.memory.auto import extract_and_store_user_facts
from amplify_memory.memory.chat_facts import extract_chat_facts
from amplify_memory.memory.restate import restated_facts, search_terms
from amplify_memory.memory.user_profile import UserProfileVectorStore
from amplify_memory.storage import MemoryStorage


def restated(said: str, prior: list[str]) -> list[tuple[int, str]]:
    return [(r.index, r.content) for r in restated_facts(said, prior)]


@pytest.mark.parametrize(
    ("said", "prior", "content"),
    [  # each kind of value: weekday, number, technology, version, choice, move
        ("standups moved, we do them on mondays now, not wednesdays",
         "User's team holds standups on Wednesdays.", "User's team holds standups on Mondays."),
        ("raised our max function length from 40 to 60 lines in the linter",
         "User's team limits functions to 40 lines.", "User's team limits functions to 60 lines."),
        ("the changelog site is built with Astro these days",
         "User's changelog site is built with Hugo.", "User's changelog site is built with Astro."),
        ("finally got the monorepo onto Go 1.23",
         "User uses Go 1.19.", "User uses Go 1.23."),
        ("going with kebab-case for the CSS classes from now on, PascalCase is out",
         "User uses PascalCase for CSS classes.", "User uses kebab-case for CSS classes."),
        ("relocated to Valencia last month for the sun",
         "User lives in Leeds.", "User lives in Valencia."),
        ("I joined Mistral in October",
         "User works at Datadog.", "User works at Mistral."),
        ("we only ask for one sign-off per release now, two was overkill",
         "User's team needs two sign-offs per release.",
         "User's team needs one sign-off per release."),
    ],
)  # fmt: skip
def test_the_stored_fact_is_restated_with_the_new_value(
    said: str, prior: str, content: str
) -> None:
    assert restated(said, ["User enjoys chess.", prior]) == [(1, content)]


@pytest.mark.parametrize(
    ("said", "prior"),
    [
        ("my brother moved to Valencia last month", "User lives in Leeds."),
        ("my old flatmate went back to Fedora after a year on Ubuntu", "User uses Ubuntu."),
        (
            "thinking about moving the changelog site to Astro now",
            "User's changelog site uses Hugo.",
        ),
        ("trying Go 1.23 just to test the new iterators, prod stays on 1.19", "User uses Go 1.19."),
        ("still on Go 1.19 for now, 1.23 can wait", "User uses Go 1.19."),
        ("we also use Astro for the marketing pages now", "User's changelog site uses Hugo."),
        ("is it worth moving standups to mondays?", "User's team holds standups on Wednesdays."),
        ("our designers use Figma these days", "User does not use Sketch."),
        ("I write Rust at work now", "User makes games in Godot."),  # a language, an engine
        ("the build takes 40 seconds now", "User's team limits functions to 60 lines."),
    ],
)
def test_what_restates_nothing(said: str, prior: str) -> None:
    assert restated(said, [prior]) == []


def test_a_new_value_restates_the_fact_it_fits_best() -> None:
    prior = [
        "User drafts the newsletter in Google Docs.",
        "User shares drafts with the editors via Google Drive.",
    ]
    said = "I draft the newsletter in Scrivener now, still sharing drafts through Drive"
    assert restated(said, prior) == [(0, "User drafts the newsletter in Scrivener.")]


def test_lookup_terms_name_the_other_choices() -> None:
    assert "imperial" in search_terms("use metric from now on")
    assert "tuesday" in search_terms("deploys are on thursdays now")
    assert search_terms("hello there") == ""


async def _after(prior: list[str], said: str) -> tuple[list[str], list[str]]:
    """(superseded prior facts, active facts) once the turn is stored as the API does."""
    store = UserProfileVectorStore(storage=MemoryStorage(), semantic=False)
    await store.initialize()
    for text in prior:
        await store.add(text, "workflow")
    found = extract_chat_facts(said)
    await extract_and_store_user_facts(said, store=store, facts=found.user, replaced=found.replaced)
    entries = await store.list(include_superseded=True)
    await store.close()
    gone = [e["content"] for e in entries if e.get("superseded")]
    return gone, [e["content"] for e in entries if not e.get("superseded")]


def test_the_store_replaces_the_old_fact_by_its_restatement() -> None:
    prior = ["User's team deploys on Fridays.", "User likes sailing."]
    gone, active = asyncio.run(_after(prior, "we deploy on tuesdays now instead of fridays"))
    assert gone == ["User's team deploys on Fridays."]
    assert "User's team deploys on Tuesdays." in active
    assert "User likes sailing." in active


def test_a_fact_looked_up_by_its_other_choice_is_replaced() -> None:
    gone, active = asyncio.run(_after(["User prefers imperial units."], "use metric from now on"))
    assert gone == ["User prefers imperial units."]
    assert any("metric" in text for text in active)


def test_the_turns_own_fact_with_the_new_value_replaces_the_old_one() -> None:
    prior = ["User writes the blog with Jekyll."]
    gone, active = asyncio.run(_after(prior, "I moved the blog from Jekyll to Eleventy"))
    assert gone == prior
    assert sum("Eleventy" in text for text in active) == 1  # the turn's, no second one


@pytest.mark.parametrize(
    ("said", "prior", "content"),
    [  # a habit, a wish or a state ended, without a new value
        ("stop putting emoji headers in the replies please",
         "User likes emoji headers in replies.", "User no longer likes emoji headers in replies."),
        ("I'm not a night owl anymore, early mornings work better since the baby",
         "User is a night owl.", "User is no longer a night owl."),
        ("gave up on the daily standup notes, nobody read them",
         "User writes daily standup notes.", "User no longer writes daily standup notes."),
        ("honestly done with pair programming, it drained me",
         "User's team does pair programming.", "User's team no longer does pair programming."),
        ("Docstrings: leave them out, the names say enough",
         "User wants docstrings in Python examples.",
         "User no longer wants docstrings in Python examples."),
    ],
)  # fmt: skip
def test_an_ended_habit_or_state_is_said_as_no_longer_holding(
    said: str, prior: str, content: str
) -> None:
    assert restated(said, ["User has a cat.", prior]) == [(1, content)]


@pytest.mark.parametrize(
    ("said", "prior"),
    [
        ("stop putting emoji headers in this reply", "User likes emoji headers in replies."),
        ("stop giving me rust examples for now", "User wants code examples."),
        ("my sister is not a night owl anymore", "User is a night owl."),
        ("no more reviewers needed on docs changes, one is plenty now",
         "User's team does code review on GitHub."),
        ("stopped the container and rebuilt the image now", "User uses containers for local work."),
    ],
)  # fmt: skip
def test_what_ends_nothing(said: str, prior: str) -> None:
    assert restated(said, [prior]) == []


@pytest.mark.parametrize(
    ("said", "prior", "content"),
    [  # both values named by the turn, whatever their kind
        ("changed my minor from linguistics to philosophy this term",
         "User is minoring in linguistics.", "User is minoring in philosophy."),
        ("oops, the queue is RabbitMQ, not Kafka",
         "User's queue is Kafka.", "User's queue is RabbitMQ."),
        ("we migrated the archive, Backblaze to Wasabi",
         "User's archive lives on Backblaze.", "User's archive lives on Wasabi."),
        ("I'm in my 4th year now, not the third",
         "User is a third-year student.", "User is a 4th-year student."),
    ],
)  # fmt: skip
def test_a_change_named_by_both_values_restates_the_fact(
    said: str, prior: str, content: str
) -> None:
    assert restated(said, ["User has a cat.", prior]) == [(1, content)]


@pytest.mark.parametrize(
    ("said", "prior", "content"),
    [
        ("ok fine, semicolons everywhere now, the linter won",
         "User does not use semicolons.", "User uses semicolons."),
        ("I eat meat again since the marathon training started",
         "User does not eat meat.", "User eats meat."),
    ],
)  # fmt: skip
def test_a_negative_fact_that_holds_now_is_said_as_holding(
    said: str, prior: str, content: str
) -> None:
    assert restated(said, [prior]) == [(0, content)]


@pytest.mark.parametrize(
    ("said", "prior"),
    [
        ("I work from 9 to 5 now, the shifts are over", "User starts work at 9."),
        ("I've always used tabs, not sure why... wait nevermind, you're right, it's spaces",
         "User indents code with spaces."),
        ("honestly not sure about Kafka", "User's queue is Kafka."),
        ("my flatmate eats meat again now", "User does not eat meat."),
        ("no semicolons again please", "User does not use semicolons."),
        ("is it worth going from Kafka to RabbitMQ or am I overthinking it",
         "User's queue is Kafka."),
        ("we're evaluating a move from Kafka to RabbitMQ next quarter", "User's queue is Kafka."),
        ("not sure whether to switch from Kafka to RabbitMQ, thoughts?", "User's queue is Kafka."),
    ],
)  # fmt: skip
def test_what_changes_no_value(said: str, prior: str) -> None:
    assert restated(said, [prior]) == []


@pytest.mark.parametrize(
    ("said", "prior", "content"),
    [
        ("moved my layout over to dvorak last year, still slow at it",
         "User types on the QWERTY layout.", "User types on the Dvorak layout."),
        ("got bumped to senior backend dev this cycle, not junior anymore",
         "User is a junior backend developer.", "User is a senior backend developer."),
        ("we moved back to the Philippines in May, the dogs are adjusting too",
         "User lives in Dubai.", "User lives in the Philippines."),
        ("it's Italian at home now since the move",
         "User speaks German at home.", "User speaks Italian at home."),
        ("Conda was ok but we've moved to uv everywhere",
         "User manages Python environments with conda.",
         "User manages Python environments with uv."),
        ("quit my job at Zalando, contracting full time now",
         "User works at Zalando.", "User no longer works at Zalando."),
        ("Left the bakery in spring, I do catering on my own now",
         "User works at a small bakery.", "User no longer works at a small bakery."),
    ],
)  # fmt: skip
def test_more_values_and_ends(said: str, prior: str, content: str) -> None:
    assert restated(said, ["User has a cat.", prior]) == [(1, content)]


@pytest.mark.parametrize(
    ("said", "prior"),
    [
        ("thinking to quit my job at Zalando next year, not decided", "User works at Zalando."),
        ("Postgres at work, SQLite for my side projects now", "User uses PostgreSQL."),
        ("mix in some Italian now and then, German is still the main thing",
         "User wants answers in German."),
        ("translate this paragraph to Spanish now please", "User wants answers in English."),
    ],
)  # fmt: skip
def test_more_that_change_nothing(said: str, prior: str) -> None:
    assert restated(said, [prior]) == []


@pytest.mark.parametrize(
    ("said", "prior", "content"),
    [  # the nineteenth batch, from corrections hold-out 5 opened
        ("got promoted to principal last month",
         "User is a staff engineer at Adobe.", "User is a principal engineer at Adobe."),
        ("I dropped out of the PhD last spring",
         "User is a PhD student in chemistry.", "User is no longer a PhD student in chemistry."),
        ("i no longer drink tea", "User drinks a lot of tea.", "User no longer drinks tea."),
        ("I'm on the search team now (was ads)", "User is on the ads team.",
         "User is on the search team."),
        ("had to downgrade to Node 18, 20 broke our build", "User uses Node 20.",
         "User uses Node 18."),
        ("heroku's been gone for a year, we're on Render now", "User deploys on Heroku.",
         "User deploys on Render."),
        ("got a pixel 8 finally, bye bye iphone", "User uses an iPhone.",
         "User no longer uses an iPhone."),
    ],
)  # fmt: skip
def test_the_nineteenth_batch(said: str, prior: str, content: str) -> None:
    assert restated(said, ["User has a cat.", prior]) == [(1, content)]


@pytest.mark.parametrize(
    ("said", "prior"),
    [
        ("for this project we're using Bootstrap, not Tailwind", "User prefers Tailwind CSS."),
        ("stopped the car and had a coffee now", "User drinks a lot of tea."),
        ("Pour ce rapport seulement, réponds en allemand", "User prefers answers in French."),
    ],
)
def test_the_nineteenth_batch_changes_nothing(said: str, prior: str) -> None:
    assert restated(said, [prior]) == []


@pytest.mark.parametrize(
    ("said", "prior"),
    [  # a second reader's cases, reworded: someone named, a task, news, a trip, a list
        ("Priya moved to Lisbon and Omar joined Canva", "User lives in Porto."),
        ("Marco got promoted to principal", "User is a staff engineer."),
        ("the intern switched from Java to Kotlin", "User uses Java 17."),
        ("we moved the office to Ghent", "User lives in Bruges."),
        ("I moved the retro to Friday", "User lives in Bruges."),
        ("I joined a running club", "User works at Canva."),
        ("the bus from Bruges to Ghent is late again", "User lives in Bruges."),
        ("write this one in Kotlin instead of Java", "User uses Java 17."),
        ("now convert it to Go", "User uses Java."),
        ("explain it in French instead of English", "User wants answers in English."),
        ("Java 21 now supports virtual threads", "User uses Java 17."),
        ("my side project is on Svelte now instead of Vue", "User uses Vue for the frontend."),
        ("I use Helix now for quick edits, VS Code for everything else", "User uses VS Code."),
        ("standups are on mondays and fridays now", "User's team holds standups on Mondays."),
        ("I started learning Elixir", "User uses Java."),
    ],
)  # fmt: skip
def test_what_a_second_reader_found_restates_nothing(said: str, prior: str) -> None:
    assert restated(said, [prior]) == []


@pytest.mark.parametrize(
    ("said", "prior", "content"),
    [
        ("we need 3 reviewers now instead of 1", "User's team requires one reviewer per PR.",
         "User's team requires 3 reviewers per PR."),
        ("I relocated to Porto, Portugal", "User lives in Lyon, France.",
         "User lives in Porto, Portugal."),
        ("Left Atlassian in June, freelancing since", "User works at Atlassian.",
         "User no longer works at Atlassian."),
        ("we're a Go shop now, PHP is legacy-only", "User writes PHP.", "User writes Go."),
    ],
)  # fmt: skip
def test_what_a_second_reader_found_reads_whole(said: str, prior: str, content: str) -> None:
    assert restated(said, ["User has a cat.", prior]) == [(1, content)]


def test_the_turns_own_fact_lists_what_it_replaced_once() -> None:
    async def run() -> list[dict]:
        store = UserProfileVectorStore(storage=MemoryStorage(), semantic=False)
        await store.initialize()
        await store.add("User writes the blog with Jekyll.", "tech_stack")
        said = "I moved the blog from Jekyll to Eleventy"
        found = extract_chat_facts(said)
        out = await extract_and_store_user_facts(
            said, store=store, facts=found.user, replaced=found.replaced
        )
        await store.close()
        return out

    outcomes = asyncio.run(run())
    ids = [o["entry"]["id"] for o in outcomes]
    assert len(ids) == len(set(ids))  # no outcome twice
    gone = [g["content"] for o in outcomes for g in o.get("superseded", [])]
    assert gone == ["User writes the blog with Jekyll."]
