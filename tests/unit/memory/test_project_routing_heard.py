"""Project routing as people type it in a project's chat (the fourteenth round).

New sentences of the families the round's dev set showed, none of them the set's own:
a stack named without "I", a technology said to be gone, a bug that follows its lead,
pasted output, options and undecided wishes, a pronoun that points back. Each case says
where its facts go; the last ones guard what must stay as it was.
"""

from __future__ import annotations

import pytest

from amplify_memory.memory.chat_facts import extract_chat_facts


def routed(message: str) -> tuple[list[str], list[str]]:
    facts = extract_chat_facts(message, in_project=True)
    return [f.content for f in facts.user], [c.content for c in facts.project]


@pytest.mark.parametrize(
    ("message", "names"),
    [
        ("redis for sessions, postgres for everything else", ["Redis", "postgres"]),
        ("payments: Adyen. emails: Postmark", ["Adyen", "Postmark"]),
        ("the backend is Kotlin with Ktor, Exposed for the db layer", ["Ktor"]),
        ("commit messages follow gitmoji, checked in a pre-commit hook", ["gitmoji"]),
    ],
)
def test_a_stack_named_without_the_user_is_the_projects(message: str, names: list[str]) -> None:
    user, project = routed(message)
    assert user == []
    for name in names:
        assert any(name.lower() in item.lower() for item in project), (name, project)


def test_the_users_own_tools_stay_theirs_beside_the_projects() -> None:
    user, project = routed("I use Neovim. The backend is Kotlin with Ktor.")
    assert any("Neovim" in fact for fact in user)
    assert not any("Neovim" in item for item in project)
    assert any("Ktor" in item for item in project)
    user, project = routed("Huge fan of Elixir, honestly")
    assert project == []
    assert any("Elixir" in fact for fact in user)


@pytest.mark.parametrize(
    ("message", "name"),
    [
        ("we ditched Webpack last year", "Webpack"),
        ("Moment.js is gone from the codebase", "Moment.js"),
        ("the team got rid of Lerna", "Lerna"),
    ],
)
def test_a_technology_said_to_be_gone_is_no_longer_used(message: str, name: str) -> None:
    _, project = routed(message)
    assert any(item.startswith(f"{name} is no longer used") for item in project), project


def test_a_bug_follows_its_lead() -> None:
    _, project = routed("heads up, found a bug: the invoice PDF renders blank pages on Safari")
    assert any("invoice PDF renders blank pages" in item for item in project), project
    assert not any(item.lower().startswith("heads up") for item in project)


@pytest.mark.parametrize(
    "message",
    [
        "Spring Boot or Quarkus for the new service?",
        "Lena suggested Kafka, we haven't decided",
        "a user opened a ticket asking for CSV export",
        "translate this stack trace for me",
        "one option is Fly.io, the other is Render",
        "2024-11-02 10:00:01 ERROR worker crashed\n2024-11-02 10:00:02 INFO restarting worker",
    ],
)
def test_what_is_not_settled_is_no_project_fact(message: str) -> None:
    assert routed(message)[1] == []


def test_a_pronoun_points_back_to_the_statement_before() -> None:
    _, project = routed("The Node version is 20. don't upgrade it until the SDK supports 22.")
    assert any("Node version" in item and "upgrade" in item for item in project), project
    assert not any(" it " in f" {item} " for item in project)


def test_an_identifier_stays_an_identifier() -> None:
    _, project = routed("the session id is stored in an httpOnly cookie")
    assert any("session id" in item for item in project), project
    assert not any("I would" in item or "I'd" in item for item in project)


def test_what_the_user_decides_for_themselves_stays_theirs() -> None:
    user, project = routed("decided to learn Rust on weekends")
    assert project == []
    user, project = routed("for this project we use PostgreSQL with Prisma")
    assert user == []
    assert project == ["Use PostgreSQL", "Use Prisma"]


def test_two_statements_in_one_sentence_are_two_facts() -> None:
    _, project = routed(
        "every write is sent through the outbox, handlers never call Kafka directly"
    )
    assert len(project) == 2, project
    assert project[0].startswith("Every write is sent through the outbox")
    assert "never call Kafka" in project[1]
    _, project = routed("Amounts are stored in integer cents, never floats")
    assert project == ["Amounts are stored in integer cents, never floats"]


def test_a_fix_said_by_its_method_and_a_failure_by_its_kind_are_kept() -> None:
    _, project = routed("Fixed by pinning protobuf to 4.25 in the lock file.")
    assert any("pinning protobuf" in item for item in project), project
    _, project = routed("the parser hits a stack overflow on 50k nested brackets")
    assert any("stack overflow" in item for item in project), project
    _, project = routed("some tests are flaky on CI")
    assert project == ["Some tests are flaky on CI"]


def test_a_value_said_before_and_what_the_user_is_not_store_no_broken_fact() -> None:
    user, _ = routed("I always compile with -O2 -march=native, it's my default")
    assert not any(fact.endswith(" is it") for fact in user), user
    user, _ = routed("I'm a statistician really, not a frontend person")
    assert not any("prefers not" in fact for fact in user), user
    assert any("statistician" in fact for fact in user), user


def test_a_lead_that_only_says_something_was_agreed_and_a_list_of_noes() -> None:
    _, project = routed("after a long call the team agreed: no ORMs in the billing service")
    assert project == ["No ORMs in the billing service"], project
    _, project = routed("no Redux, no MobX")
    assert project == ["No Redux, no MobX"], project
    _, project = routed("every query goes through the repository layer, views never open a cursor")
    assert len(project) == 2, project
