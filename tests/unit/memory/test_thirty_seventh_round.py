"""The thirty-seventh session: secrets over lines and without a name, people in the
user's life by name, chat's elided "I" and typos, goals, moves, and ends said with
their time or in a last piece."""

from __future__ import annotations

import pytest

from amplify_memory.memory.chat_facts import extract_chat_facts
from amplify_memory.memory.secrets import find_secrets, redact_secrets
from amplify_memory.memory.supersession import decide


def stored(message: str) -> list[str]:
    return [f.content for f in extract_chat_facts(message).user]


PRIVATE_KEY = (
    "-----BEGIN OPENSSH PRIVATE KEY-----\n"
    "b3BlbnNzaC1rZXktdjEAAAAACmFlczI1NiljdHIAAAAGYmNyeXB0\n"
    "qJhIqZNotajn17pjT/F2U5P+vfVLk0hkZFSipoSFVkz+vZXaXz5fD66I\n"
)


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        # a private key's every line, with its END line or cut short before a blank line
        (PRIVATE_KEY + "-----END OPENSSH PRIVATE KEY-----\nI'm a teacher", "qJhIqZNotajn17pjT"),
        (PRIVATE_KEY + "\nI'm a teacher", "vZXaXz5fD66I"),
        # a long random-looking token with no name before it
        ("Voici ma clé secrète AWS : ZBe9v5A63rmAc4BdF1R7+Y7DuRSoBOFyhOXuPD/i. Je travaille",
         "ZBe9v5A63rmAc4BdF1R7"),
        ("here: 7d45f2f30d26aaa539340d9f806f043db076db3fa4534da98fc0e2f529923497 thanks",
         "7d45f2f30d26"),
    ],
)  # fmt: skip
def test_secrets_over_lines_and_without_a_name(text: str, gone: str) -> None:
    assert gone not in redact_secrets(text)
    assert "teacher" in redact_secrets(text) or "teacher" not in text
    assert all(gone not in f for f in stored(text))


@pytest.mark.parametrize(
    "text",
    [
        "NODE_OPTIONS=--max-old-space-size=6144 fixed the build",
        "I use TypeScriptReactComponents2024 and x86_64-linux-gnu",
        "see https://github.com/foo/BarBaz12345678901234567",
        "commit a1b2c3d broke it",
    ],
)
def test_long_names_and_paths_are_no_secret(text: str) -> None:
    assert find_secrets(text) == []


def test_a_key_pasted_over_lines_leaves_no_tool() -> None:
    message = "I accidentally pasted my key:\n" + PRIVATE_KEY + "\nalso I live in Leeds"
    assert stored(message) == ["User lives in Leeds"]


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("emacs person. always have been", ["User prefers Emacs"]),
        ("don't explain basics to me, been doing devops for 10 yrs",
         ["User does not want the assistant to explain basics to the user",
          "User has been doing devops for 10 years"]),
        ("also picked up rust over the holidays, loving it so far", ["User has taken up Rust"]),
        ("picked up the kids over the weekend", []),
        ("python over java any day", ["User prefers Python over Java"]),
        ("my laptop is a thinkpad x1 w/ windows 11, work won't let me install linux",
         ["User has a ThinkPad X1", "User uses Windows 11 on their laptop"]),
        ("code examples in typescript, not plain js, thx",
         ["User prefers code examples in TypeScript"]),
    ],
)  # fmt: skip
def test_remarks_times_and_the_other_side_of_a_wish(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("Priya left the company, new manager is Tom. seems ok so far", ["User's manager is Tom"]),
        ("my manager is Tom", ["User's manager is Tom"]),
        ("my boss is Dutch", []),
        ("my new manager is great", []),
        ("my wife is Anna", ["User has a wife named Anna"]),
        ("my girlfriend Sam says hi lol, she's reading over my shoulder",
         ["User has a girlfriend named Sam"]),
        ("native language is Polish, so sometimes my english is weird",
         ["User's first language is Polish"]),
        ("mother tongue is Polish", ["User's first language is Polish"]),
    ],
)  # fmt: skip
def test_people_and_languages_by_name(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("Mac user, hate windows, use homebrew for everything",
         ["User uses macOS", "User hates Windows", "User uses Homebrew"]),
        ("mac user, zsh, brew for everything",
         ["User uses macOS", "User uses zsh", "User uses Homebrew"]),
        ("I love mac and cheese", ["User loves mac and cheese"]),
        ("dont like mushrooms at al, also allergic 2 shellfish",
         ["User does not like mushrooms at all", "User is allergic to shellfish"]),
        ("don't like it when you do that", []),
        ("pref answrs in spanish pls my englsh not so good", ["User prefers answers in Spanish"]),
        ("workin as elektrician sinse 2015 in hamburg", ["User is an electrician in hamburg"]),
        ("working as an electrician since 2015, live in Gdansk",
         ["User is an electrician", "User lives in Gdansk"]),
        ("retired teacher here 👋 71 yrs young! my grandkids gave me an ipad",
         ["User is a retired teacher", "User is 71", "User uses iPad"]),
        ("when I was 30 years old I moved", []),
        ("gym 5x week,trying to bulk,eating like 3000kcal",
         ["User goes to the gym 5 times a week", "User is trying to bulk up"]),
        ("my dad is trying to lose weight", []),
        ("if I'm trying to lose weight what should I eat?", []),
        ("hey, nurse here, night shifts mostly, so sorry if i reply at weird hours",
         ["User is a nurse", "User works night shifts mostly"]),
        ("night shifts are brutal", []),
        ("studyng nursing 2nd year at UCD,part time job at a pharmacy",
         ["User is studying nursing 2nd year at UCD", "User works part-time at a pharmacy"]),
        ("context: teaching assistant at a primary school in Leeds, dyslexic, sometimes use a "
         "screen reader",
         ["User is a teaching assistant at a primary school in Leeds", "User is dyslexic",
          "User sometimes uses a screen reader"]),
        ("actually I'm in Lyon now, moved in march. still same job tho", ["User lives in Lyon"]),
        ("I'm in Tokyo now, landed an hour ago", ["User is in Tokyo"]),
    ],
)  # fmt: skip
def test_chat_forms_goals_and_moves(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


def test_a_bio_in_a_project_chat_is_the_users() -> None:
    found = extract_chat_facts(
        "backend dev, mostly Go + Postgres, 8 years in. anyway, the thing I wanted to ask...",
        in_project=True,
    )
    assert [c.content for c in found.project] == []
    assert "User is a backend developer" in [f.content for f in found.user]
    found = extract_chat_facts(
        "we went with blue/green deploys for the API. btw i'm an SRE, been doing this 8 yrs, "
        "skip the intro-level stuff",
        in_project=True,
    )
    assert [c.content for c in found.project] == ["Use blue/green deploys for the API"]


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        ("Takes oat milk in coffee", "User takes almond milk in their coffee", "keep"),
        ("Drinks coffee every morning", "User quit coffee last month", "supersede"),
        ("Drinks coffee every morning", "User quit coffee", "supersede"),
        ("Is vegetarian", "User eats meat now, no longer vegetarian", "supersede"),
        ("Uses VS Code", "User uses Vim now, no longer VS Code", "supersede"),
        ("User is single", "User has a girlfriend named Sam", "supersede"),
        ("User's manager is Priya", "User's manager is Tom", "supersede"),
        ("User lives in Paris", "User lives in Lyon", "supersede"),
    ],
)
def test_ends_with_their_time_or_in_a_last_piece(old: str, new: str, action: str) -> None:
    assert decide(new, old, cosine=0.78) == action
    assert decide(new, old) == action


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        # a token said with no name goes; the words around it stay
        ("I use React and 8f14e45fceea167a5a36dedd4bea2543", ["User uses React"]),
        ("Xk9mP2qRt7vLw4NzB8cYd3FgHj6KsQ1e I live in Ghent", ["User lives in Ghent"]),
        ("I'm a nurse and 8f14e45fceea167a5a36dedd4bea2543 is my hash", ["User is a nurse"]),
        # a branch of words is no token; a key cut short ends at its last key line
        ("I use Jira, on branch bugfix/PROJ-12-fix-crash now", ["User uses Jira"]),
        ("-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n"
         "I'm a network engineer in Leeds",
         ["User is a network engineer", "User is based in Leeds"]),
        # no name: an adjective, a title-cased message; a title stays with its name
        ("my girlfriend is Vegan", []),
        ("My Wife Is Amazing", []),
        ("my manager is Black", []),
        ("my dentist is Dr. Nowak", ["User's dentist is Dr Nowak"]),
        ("Went to the Dr. I have asthma now.", ["User has asthma"]),
        ("my new manager is Tom, he's super detail oriented", ["User's manager is Tom"]),
        ("My wife is Anna and she's French", ["User has a wife named Anna"]),
        # someone else's aside is theirs
        ("my dad, 65 yrs young, just got his first smartphone", []),
        ("my brother, gym 5x week, wants a program", []),
        ("my colleague, part time job at a pharmacy, needs help", []),
        ("don't drink and drive", []),
    ],
)  # fmt: skip
def test_second_readers_regressions(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


@pytest.mark.parametrize(
    ("message", "project", "user"),
    [
        ("Mac user, hate windows", [], ["User uses macOS", "User hates Windows"]),
        ("native language is Polish", [], ["User's first language is Polish"]),
        ("backend dev, this project deploys to AWS ECS",
         ["Backend dev, this project deploys to AWS ECS"], []),
    ],
)  # fmt: skip
def test_the_users_own_in_a_project_chat(message: str, project: list[str], user: list[str]) -> None:
    found = extract_chat_facts(message, in_project=True)
    assert [c.content for c in found.project] == project
    assert [f.content for f in found.user] == user


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Drinks coffee every morning", "Tried to quit coffee last month"),
        ("Drinks coffee every morning", "Quit coffee twice last year"),
        ("Smokes cigarettes", "Boss quit smoking recently"),
        ("Is vegetarian", "Friend eats meat now, no longer vegetarian"),
        ("Is vegetarian", "If eats meat, no longer vegetarian"),
        ("Works at Microsoft", "Bored at work, no longer happy at Microsoft"),
    ],
)
def test_an_end_only_tried_or_someone_elses_keeps(old: str, new: str) -> None:
    assert decide(new, old, cosine=0.6) == "keep"
    assert decide(new, old) == "keep"


@pytest.mark.parametrize(
    "text",
    [
        "key wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY= ok",
        "id 558589eaff309cad68386d070c415ed9a ok",
    ],
)
def test_keys_with_few_digits_and_shorter_hex_are_secrets(text: str) -> None:
    assert find_secrets(text)


@pytest.mark.parametrize(
    "text",
    [
        "uuid 550e8400-e29b-41d4-a716-446655440000 ok",
        "I'm on commit a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0 and I use Git LFS.",
        "I moved from Python/JavaScript/TypeScriptStuff2 to Go",
        "MyFavoriteProjectName2024 is done",
    ],
)
def test_words_run_together_are_no_secret(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("Ich wohne in Graz und arbeite bei der Voestalpine.",
         ["User lives in Graz", "User works at Voestalpine"]),
        ("lactose intolerant, so pls no dairy in recipe suggestions 🙏",
         ["User is lactose intolerant", "User does not want dairy in recipe suggestions"]),
        ("Please no emojis in answers.", ["User does not want emojis"]),
        ("we're expecting our first baby!!", ["User is expecting their first baby"]),
        ("my sister is expecting a baby", []),
        ("I'm expecting a package", []),
        ("I have a 9 year old daughter", ["User has a 9-year-old daughter"]),
        ("no jest anymore switched to vitest last month its way faster",
         ["User no longer uses Jest", "User uses Vitest"]),
        ("Always give me recipe quantities in grams, and skip the life story intro.",
         ["User wants the assistant to always give the user recipe quantities in grams",
          "User wants the assistant to always skip the life story intro"]),
        ("Please always use British spelling, and avoid jargon.",
         ["User wants the assistant to always use British spelling",
          "User wants the assistant to always avoid jargon"]),
        ("My coworker Anna: native language is Russian, she struggles with articles.", []),
        ("sometimes use cases overlap, how do I model them in UML?", []),
        ("part time job at Target or full time at Costco, what should I pick?", []),
        ("dont like the font in this PDF", []),
        ("I accidentally pasted my key", []),
    ],
)  # fmt: skip
def test_languages_babies_ages_and_ends(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


@pytest.mark.parametrize(
    ("message", "project"),
    [
        ("This is a Next.js app, since 2022, hosted on Vercel.",
         ["This is a Next.js app, hosted on Vercel"]),
        ("sometimes use Redis for caching here", ["Sometimes use Redis for caching here"]),
        ("no Celery anymore, we switched to RQ", ["No Celery anymore", "Use RQ"]),
        ("Always use type hints in this repo, and write docstrings in Google style.",
         ["Always use type hints in this repo, and write docstrings in Google style"]),
    ],
)  # fmt: skip
def test_a_projects_own_stays_the_projects(message: str, project: list[str]) -> None:
    found = extract_chat_facts(message, in_project=True)
    assert [c.content for c in found.project] == project
    assert [f.content for f in found.user] == []


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("knee surgery last month so no running for a while, doing laps in the pool instead",
         ["User is currently not running", "User uses laps in the pool"]),
        ("I stopped running", ["User has stopped running"]),
        ("gave up golf, it's pickleball now", ["User plays pickleball now"]),
        ("my son stopped swimming", []),
        ("my mother tongue is Polish", ["User's first language is Polish"]),
        ("my mother is Polish", []),
    ],
)  # fmt: skip
def test_sports_paused_and_mother_tongues(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


def test_a_paused_sport_supersedes_the_habit() -> None:
    assert decide("User is currently not running", "User runs 5k three times a week") == "supersede"


@pytest.mark.parametrize(
    "text",
    [
        "see the connection string: Tr0ub4dor&3-horsey. It's MySQL 8",
        "redis://:Tr0ub4dor&3-horsey@cache:6379/0",
    ],
)
def test_a_connection_strings_password_is_a_secret(text: str) -> None:
    assert "Tr0ub4dor" not in redact_secrets(text)
    assert all("Tr0ub4dor" not in f for f in stored(text))


@pytest.mark.parametrize(
    "text", ["the connection string is too long", "see http://localhost:8080/path"]
)
def test_words_about_a_connection_are_no_secret(text: str) -> None:
    assert find_secrets(text) == []


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        ("Works at Google", "Works at Google, no longer an intern", "merge"),
        ("Lives in London", "Lives in London, quit their job", "merge"),
        ("Is an intern at Google", "Works at Google, no longer an intern", "supersede"),
        ("Lives in Paris", "Lives in London, quit their job", "supersede"),
    ],
)
def test_an_end_of_something_else_is_read_without_it(old: str, new: str, action: str) -> None:
    assert decide(new, old, cosine=0.7) == action
    assert decide(new, old) == action
