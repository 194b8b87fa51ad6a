"""The twenty-sixth round: wrong merges of a negation, a changed value or one more thing
taken out, and the rules of this round for extraction and corrections. Each case failed
before it, or is a guard a rule of this round must not break."""

from __future__ import annotations

import asyncio

import pytest

from amplify_memory.memory import UserProfileVectorStore, extract_and_store_user_facts
from amplify_memory.memory.changes import replaced_values
from amplify_memory.memory.extraction import extract_chat_facts
from amplify_memory.memory.supersession import decide
from amplify_memory.memory.topics import frames_of
from amplify_memory.storage import MemoryStorage

#: What the embeddings say of two facts near in meaning (the store passes their cosine).
NEAR = 0.8


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        # one thing more, said with "also" / "too": never the old said again, never instead
        ("User plays guitar.", "User also plays piano.", "keep"),
        ("User is lactose intolerant.", "User is also intolerant to fructose.", "keep"),
        ("User drinks green tea.", "User also drinks coffee on weekends.", "keep"),
        ("User speaks Spanish.", "User also speaks Italian.", "keep"),
        ("User speaks French.", "User speaks Italian too.", "keep"),
        ("User has a dog.", "User also has a cat.", "keep"),
        # ... but the same fact said again with "also" is still one
        ("User is allergic to shellfish.", "User is also allergic to shellfish.", "merge"),
        # fear and ease of one thing: opposites
        (
            "User is comfortable with public speaking.",
            "User is terrified of public speaking.",
            "supersede",
        ),
        ("User is confident driving at night.", "User is nervous driving at night.", "supersede"),
        ("User is afraid of flying.", "Scared of flying", "merge"),
        # a setting turned off, a medicine or habit one is off
        (
            "User uses TypeScript strict mode.",
            "User turned strict mode off in their TypeScript projects.",
            "supersede",
        ),
        ("Takes blood pressure meds", "User is off blood pressure medication now.", "supersede"),
        ("User drinks coffee every day.", "User is off coffee now.", "supersede"),
        ("User works Mondays to Fridays.", "User is off work on Fridays.", "keep"),
    ],
)
def test_a_negation_or_one_more_thing_is_not_merged(old: str, new: str, action: str) -> None:
    assert decide(new, old, cosine=NEAR) == action


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        # another name after "at", "for", "with": another value of the same fact
        (
            "User works as a paralegal at Hart & Cole.",
            "User works as a paralegal at Brennan Law.",
            "supersede",
        ),
        (
            "User drives delivery routes for FedEx.",
            "User drives delivery routes for UPS.",
            "supersede",
        ),
        ("User banks with Chase.", "User banks with Ally.", "supersede"),
        ("User studies at McGill.", "User studies at the University of Toronto.", "supersede"),
        # one name said in more words, or more said around it: not another value
        (
            "User has a mortgage with Nationwide.",
            "User has a mortgage with Nationwide Building Society.",
            "keep",
        ),
        ("User works at Google.", "User works at Google in London.", "merge"),
        ("User works as a nurse at St Mary's.", "User volunteers at the Red Cross.", "keep"),
        # the slot's value, not its qualifier
        ("User's JS package manager is yarn.", "User's JS package manager is bun.", "supersede"),
        ("User's Python test runner is pytest.", "User's Python test runner is pytest.", "merge"),
        # a release named after the product
        ("User is on macOS Ventura.", "Dev machine runs macOS Sonoma", "supersede"),
        ("User uses ROS 2 Foxy.", "User is on ROS 2 Jazzy.", "supersede"),
        ("User is on macOS.", "User is on macOS Sonoma.", "merge"),
    ],
)
def test_another_value_of_one_fact(old: str, new: str, action: str) -> None:
    assert decide(new, old, cosine=NEAR) == action


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("User's JS package manager is bun.", "bun"),
        ("User's Node package manager is pnpm", "pnpm"),
        ("User's Python test runner is pytest", "Pytest"),
        ("User's Python formatter is Black", "Black"),
        ("User's editor is VS Code", "VS Code"),
        ("User uses MySQL as their database", "MySQL"),
    ],
)
def test_a_slots_value_is_read_after_the_slot(text: str, value: str) -> None:
    assert frames_of(text)[0].value == value


async def _after(prior: list[str], turn: str) -> dict[str, bool]:
    store = UserProfileVectorStore(storage=MemoryStorage())
    for fact in prior:
        await store.add(fact, "personal")
    await extract_and_store_user_facts(turn, store=store)
    return {str(e["content"]): bool(e["superseded"]) for e in await store.list()}


@pytest.mark.parametrize(
    ("prior", "turn", "superseded"),
    [
        # an everyday thing the user no longer has or does ends the fact that names it
        (
            ["User games on a PS5.", "User lives in Manchester."],
            "im on a steam deck for gaming now, sold the ps5",
            ["User games on a PS5."],
        ),
        (
            ["User rides a road bike.", "User lives in Bristol."],
            "sold the road bike, i'm all about gravel now haha. got a Canyon Grizl.",
            ["User rides a road bike."],
        ),
        (
            ["User drives a VW Golf.", "User has a dog."],
            "the Golf got written off in the hail storm, ended up with a used Skoda Octavia estate",
            ["User drives a VW Golf."],
        ),
        (
            ["User has a Dell XPS 13 laptop.", "User uses Fedora."],
            "laptop died so im on a framework 13 now (amd)",
            ["User has a Dell XPS 13 laptop."],
        ),
        (
            ["User enjoys rock climbing.", "User uses Vim."],
            "gave up climbing after my shoulder injury, doing swimming now instead",
            ["User enjoys rock climbing."],
        ),
        (
            ["User takes a pottery class on Tuesdays.", "User works as a radiographer."],
            "I stopped the pottery class, doing salsa on tuesdays instead",
            ["User takes a pottery class on Tuesdays."],
        ),
        # in a turn that says something changed: a thing said to do harm, or set aside
        (
            ["User drinks a lot of coffee.", "User works night shifts."],
            "these days I mostly drink tea, coffee was wrecking my sleep",
            ["User drinks a lot of coffee."],
        ),
        (
            ["User paints in oils.", "User lives in Santa Fe."],
            "these days I paint mostly in gouache, the oils were giving me headaches",
            ["User paints in oils."],
        ),
        (
            ["User uses MongoDB as their main database.", "User works remotely."],
            "back on postgres. the mongo experiment did not go well",
            ["User uses MongoDB as their main database."],
        ),
        (
            ["User writes Java at work.", "User lives in Kraków."],
            "I write Kotlin at work these days, the whole Java codebase got rewritten last year",
            ["User writes Java at work."],
        ),
        # guards: nothing ends
        (["User drives a Toyota.", "User lives in Leeds."], "I stopped the car and got out", []),
        (
            ["User's dad lives in Cork.", "User lives in Leeds."],
            "my dad died last year, I live alone now",
            [],
        ),
        (
            ["User uses Ruby on Rails.", "User lives in Oslo."],
            "our Rails app got rewritten but we still use Rails for the admin",
            [],
        ),
        (
            ["User drinks a lot of coffee.", "User lives in Oslo."],
            "the coffee was wrecking my sleep last night, any tips?",
            [],
        ),
    ],
)
def test_a_thing_the_user_no_longer_has_ends_its_fact(
    prior: list[str], turn: str, superseded: list[str]
) -> None:
    after = asyncio.run(_after(prior, turn))
    assert sorted(k for k in prior if after[k]) == sorted(superseded)


@pytest.mark.parametrize(
    ("turn", "values"),
    [
        ("I sold my Mac last week", ["Mac"]),
        ("sold all the homebrew gear too", ["homebrew gear"]),
        ("quit smoking in March", ["smoking"]),
        ("I quit my job", []),
        ("my grandma died last year", []),
    ],
)
def test_the_thing_a_loss_names(turn: str, values: list[str]) -> None:
    assert [r.value for r in replaced_values(turn)] == values


@pytest.mark.parametrize(
    ("said", "facts"),
    [
        # where the user lives or moved, in another language, with its when
        ("Ya no vivo en Sevilla, me mudé a Granada el mes pasado.", ["User is based in Granada"]),
        ("não moro mais em Recife, me mudei pra Natal faz uns meses.", ["User is based in Natal"]),
        (
            "je n'habite plus à Nantes, j'ai déménagé à Rennes le mois dernier.",
            ["User is based in Rennes"],
        ),
        (
            "Kleine Korrektur: ich wohne nicht mehr in Bonn, bin im Mai nach Leipzig gezogen.",
            ["User is based in Leipzig"],
        ),
        ("Ich wohne jetzt in Dresden, nicht mehr in Kiel.", ["User lives in Dresden"]),
        (
            "bueno, me mudé a Ciudad de México por trabajo hace dos meses.",
            ["User is based in Mexico City"],
        ),
        (
            "moro em Coimbra há 4 anos, trabalho como UX writer numa fintech.",
            ["User lives in Coimbra", "User is a UX writer at a fintech"],
        ),
        (
            "vivo en Málaga desde hace 2 años y trabajo en remoto.",
            ["User lives in Málaga", "User works remotely"],
        ),
        ("je vis à Lille depuis 2021.", ["User lives in Lille"]),
        (
            "ich bin Elektriker, wohne in Linz und spreche Deutsch.",
            ["User is an electrician", "User lives in Linz", "User speaks German"],
        ),
        ("mudei pro time de dados, agora sou engenheira de dados.", ["User is a data engineer"]),
        (
            "Ahora programo casi todo en Go, dejé de usar Java el año pasado.",
            ["User no longer uses Java"],
        ),
        # guards: someone else's move, a move undone, a job said with "seit"
        ("mi hermana se muda a Berlín el mes que viene", []),
        ("Continuo no Porto, não mudei. Só estou trabalhando de Braga esta semana.", []),
        (
            "ich arbeite nicht mehr bei Zalando, seit Oktober bin ich bei SAP.",
            ["User no longer works at Zalando", "User works at SAP"],
        ),
    ],
)
def test_where_the_user_lives_said_in_another_language(said: str, facts: list[str]) -> None:
    assert [f.content for f in extract_chat_facts(said).user] == facts


@pytest.mark.parametrize(
    ("said", "facts"),
    [
        # a scope before a colon, then the wishes in it
        (
            "Whenever you write Vue for me: composition API, never the options API.",
            [
                "User wants composition API whenever the assistant writes Vue",
                "User does not want the options API whenever the assistant writes Vue",
            ],
        ),
        (
            "Any SQL you write for me: uppercase keywords, no SELECT *.",
            [
                "User wants uppercase keywords in any SQL the assistant writes",
                "User does not want SELECT * in any SQL the assistant writes",
            ],
        ),
        (
            "charts: seaborn only, no pie charts",
            ["User wants Seaborn only for charts", "User does not want pie charts for charts"],
        ),
        (
            "Any script that deletes files: add a dry-run flag. Always.",
            ["User wants the assistant to add a dry-run flag in any script that deletes files"],
        ),
        ("for shell scripts: bash only please", ["User wants Bash only for shell scripts"]),
        # guards: a question, a project's facts, an order of parts, a statement after the colon
        ("For panel data, which is better: Stata xtreg or the plm package in R?", []),
        ("When you report a bug: title, severity, steps, fix.", []),
        ("For the rota app: volunteers can't be given shifts after 9pm.", []),
    ],
)
def test_a_scoped_list_of_wishes(said: str, facts: list[str]) -> None:
    assert [f.content for f in extract_chat_facts(said).user] == facts


@pytest.mark.parametrize(
    ("said", "facts"),
    [
        ("pls alwys use numbered lists", ["User wants the assistant to always use numbered lists"]),
        (
            "any docstring you write for me: Google style",
            ["User wants Google style in any docstring the assistant writes"],
        ),
        (
            "Assume Ubuntu for any server question unless I say otherwise",
            [
                "User wants the assistant to assume Ubuntu for any server question unless the user "
                "says otherwise"
            ],
        ),
        (
            "Keep comments in English even when we chat in French",
            ["User wants the assistant to keep comments in English even when we chat in French"],
        ),
        # guards: a one-off ask with "any", an offer
        ("write any function you like for this test", []),
    ],
)
def test_a_standing_wish_marked_by_any_or_unless(said: str, facts: list[str]) -> None:
    assert [f.content for f in extract_chat_facts(said).user] == facts


@pytest.mark.parametrize(
    ("said", "facts"),
    [
        (
            "well, that's it, I've officially retired from the fire service as of Friday!",
            ["User retired from the fire service"],
        ),
        ("Retired at last as of Monday!", ["User is retired"]),
        ("I retired the old server", []),
        ("gave up tennis, it's padel now", ["User plays padel now"]),
        (
            "I don't really do yoga anymore, back pain. It's pilates twice a week now",
            ["User does not really do yoga anymore", "User does pilates twice a week now"],
        ),
        ("I stopped caring, it's fine now", []),
        ("Podman replaced Docker on my laptop", ["User uses Podman", "User no longer uses Docker"]),
        ("Ansible replaced the old bash scripts", []),
        ("I get up at 6 on weekdays", ["User wakes up at 6 on weekdays"]),
        ("when I finally have time I'll learn Rust", []),
    ],
)
def test_a_life_change_said_by_its_event(said: str, facts: list[str]) -> None:
    assert [f.content for f in extract_chat_facts(said).user] == facts


def test_a_pastime_given_up_is_replaced_by_the_one_now() -> None:
    after = asyncio.run(
        _after(["User plays golf.", "User lives in Leeds."], "gave up golf, it's pickleball now")
    )
    assert after == {
        "User plays golf.": True,
        "User lives in Leeds.": False,
        "User plays pickleball now": False,
    }


def test_a_version_named_as_wrong_is_replaced_without_the_tool_named() -> None:
    from amplify_memory.memory.restate import restated_facts

    assert [r.content for r in restated_facts("3.12 now not 3.9", ["User uses Python 3.9."])] == [
        "User uses Python 3.12."
    ]


@pytest.mark.parametrize(
    ("said", "facts"),
    [
        ("no more night shifts in the ICU", ["User no longer works night shifts in the ICU"]),
        ("no more commuting to the office", ["User no longer commutes to the office"]),
        ("no more bullet points please", ["User does not want bullet points"]),
        ("no more emojis", ["User does not want emojis"]),
    ],
)
def test_no_more_of_a_life_thing_or_of_an_answer_style(said: str, facts: list[str]) -> None:
    assert [f.content for f in extract_chat_facts(said).user] == facts


@pytest.mark.parametrize(
    ("prior", "turn"),
    [
        # guards from the review: nothing the turn says ends these
        (
            ["User runs CI on CircleCI.", "User lives in Oslo."],
            "Rebased the branch and CI passed. I use Graphite for stacking",
        ),
        (
            ["User's phone is a Pixel 8.", "User lives in Oslo."],
            "My phone died halfway through the call, so I'm typing from my laptop",
        ),
        (
            ["User drives a Honda Civic car.", "User lives in Oslo."],
            "My car died on the motorway this morning",
        ),
        (
            ["User drinks coffee black.", "User lives in Oslo."],
            "My coffee's gone cold while I was debugging",
        ),
        (
            ["User listens to rock music while coding.", "User lives in Oslo."],
            "I quit rock climbing after the injury, I do yoga now.",
        ),
        (
            ["User plays golf on Sundays.", "User lives in Oslo."],
            "The Golf got written off last week, I drive a Polo now.",
        ),
        (
            ["User likes house music.", "User has a cat."],
            "We sold the house and I live in Valencia now.",
        ),
        (
            ["User has therapy sessions weekly.", "User lives in Oslo."],
            "I cancelled my therapy sessions this week because I'm travelling",
        ),
        (
            ["User's grandad taught them chess.", "User lives in Oslo."],
            "My uncle passed away last week and my grandad died in March. I'm a nurse.",
        ),
        (
            ["User uses React.", "User lives in Oslo."],
            "My React interview didn't go well. I use Vim for everything though",
        ),
        (
            ["User's laptop is a MacBook Pro M2.", "User lives in Oslo."],
            "My MacBook battery was replaced under warranty",
        ),
        (
            ["User's name is Alexandra.", "User lives in Oslo."],
            "My name's Alexandra but I like to be called Alex.",
        ),
    ],
)
def test_a_turn_that_ends_nothing_of_these(prior: list[str], turn: str) -> None:
    after = asyncio.run(_after(prior, turn))
    assert [k for k in prior if after[k]] == []


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        ("User is friends with Alex.", "User is friends with Sam.", "keep"),
        ("User shops at Tesco.", "User shops at Aldi.", "keep"),
        ("User uses Unity for Switch games.", "User uses Unity for PlayStation games.", "keep"),
        ("User is vegetarian.", "User is also not vegetarian anymore.", "supersede"),
        ("User has paid off the car loan.", "User paid off the car loan.", "merge"),
        ("Keiko is the user's name.", "The user goes by Keiko.", "merge"),
    ],
)
def test_review_guards_for_pairs(old: str, new: str, action: str) -> None:
    assert decide(new, old, cosine=NEAR) == action


@pytest.mark.parametrize(
    ("said", "facts"),
    [
        ("Tables: users, orders. Write a query that joins them", []),
        ("When you get a chance: the login bug, the flaky test", []),
        ("For starters: more tests, fewer mocks", []),
        ("I gave up on that bug, it's Friday now", ["User gave up on that bug"]),
        ("we stopped the standups, it's async now", []),
        (
            "I gave up on React Native, it's Flutter now",
            ["User no longer uses React Native", "User uses Flutter"],
        ),
        ("Bun replaced Node as our runtime for the API service.", []),
        ("Windows replaced Linux on the family PC", []),
        ("Summarise this doc for me, keep it short even if you skip details.", []),
        (
            "Plots: matplotlib only. Charts: seaborn, never pie charts.",
            [
                "User wants Matplotlib only for plots",
                "User wants Seaborn for charts",
                "User does not want pie charts for charts",
            ],
        ),
        ("Trabajo en remoto desde hace un año", ["User works remotely"]),
    ],
)
def test_review_guards_for_extraction(said: str, facts: list[str]) -> None:
    assert [f.content for f in extract_chat_facts(said).user] == facts


def test_a_library_named_after_its_language_is_no_release() -> None:
    assert decide("User uses Python Rich for CLIs.", "User uses Python Typer for CLIs.") != (
        "supersede"
    )


@pytest.mark.parametrize(
    ("said", "facts"),
    [
        (
            "mate I'm in Hobart so whenever you say 'summer' it means nothing to me",
            ["User is in Hobart"],
        ),
        (
            "heads up I'm colourblind (protanopia) so red/green charts are useless to me",
            ["User is colourblind"],
        ),
        ("been vegetarian since 2015 fyi", ["User is vegetarian"]),
        ("been a paramedic for 12 years", ["User is a paramedic"]),
        ("been busy since Monday", []),
        ("mate, that's wrong", []),
    ],
)
def test_a_chat_lead_and_a_state_held_since(said: str, facts: list[str]) -> None:
    assert [f.content for f in extract_chat_facts(said).user] == facts


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        ("User uses a Pixel phone.", "User uses iPhone", "supersede"),
        ("User has a Pixel 8.", "User uses a Pixel phone.", "merge"),
        ("User drives to work.", "User commutes by e-bike", "supersede"),
    ],
)
def test_a_device_or_a_way_to_work_named_bare(old: str, new: str, action: str) -> None:
    assert decide(new, old, cosine=NEAR) == action


def test_where_the_user_lives_in_hinglish() -> None:
    said = "yaar main Indore mein rehta hoon, anyway ek cheez mein help chahiye"
    assert [f.content for f in extract_chat_facts(said).user] == ["User lives in Indore"]


def test_a_week_of_fewer_days() -> None:
    said = "I'm on a 4 day week now, Fridays off"
    assert [f.content for f in extract_chat_facts(said).user] == ["User works a 4-day week"]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User plays tennis twice a week.", "Plays tennis 2x weekly"),
        ("User is left-handed.", "Lefty"),
        ("User has a MacBook Pro M3.", "Works on an M3 MBP"),
    ],
)
def test_everyday_short_forms_are_one_fact(old: str, new: str) -> None:
    assert decide(new, old, cosine=NEAR) == "merge"
