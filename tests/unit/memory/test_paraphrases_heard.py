"""Paraphrases and false friends of the user-profile store's rule (issue 12, thirteenth
round, on bench/data/pairs_dev2.jsonl's families; the sentences here are new): a tone
said with an adverb, the language of comments said first, SQL keywords "in capitals"
merge with their plain wording; browser tabs are no indentation and a person or a pet
named like a technology is not one."""

from __future__ import annotations

import pytest

from amplify_memory.memory.supersession import decide
from amplify_memory.memory.topics import frames_of


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        ("User prefers a casual tone.", "User wants the assistant to talk casually.", "merge"),
        ("User prefers a formal tone.", "User likes it when the assistant replies formally.",
         "merge"),
        ("User prefers a formal tone.", "User wants the assistant to speak informally.",
         "supersede"),
        ("User writes code comments in German.", "User prefers German for the comments in code.",
         "merge"),
        ("User writes SQL keywords in uppercase.", "User writes SQL keywords in capital letters.",
         "merge"),
        ("User writes SQL keywords in uppercase.", "User writes SQL keywords in small letters.",
         "supersede"),
        ("User indents with tabs.", "User keeps dozens of browser tabs open.", "keep"),
        ("User deploys with Jenkins.", "User's boss's surname is Jenkins.", "keep"),
        ("User writes Ruby.", "User has a dog named Ruby.", "keep"),
    ],
)  # fmt: skip
def test_paraphrases_merge_and_false_friends_stay_apart(old: str, new: str, action: str) -> None:
    assert decide(new, old) == action


def test_a_tool_called_by_its_name_is_still_a_technology() -> None:
    assert [f.topic for f in frames_of("User builds with a tool called Bazel")] == ["uses:Bazel"]


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        ("User is a staff software engineer", "User works as a staff SWE", "merge"),
        ("User's prod database is MySQL", "User runs MySQL for the production DB", "merge"),
        ("User runs a home lab on Unraid", "User's homelab runs Unraid", "merge"),
        ("User is a software engineer", "User is a product manager", "supersede"),
    ],
)
def test_short_forms_say_the_same(old: str, new: str, action: str) -> None:
    """SWE, prod, DB(s), home lab (the sixteenth round; sentences written for the test)."""
    assert decide(new, old) == action


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        ("User is a firmware engineer", "User is an automotive firmware developer", "merge"),
        ("User works as a game programmer", "User is an indie game developer", "merge"),
        ("User is a backend developer", "User is a senior backend developer", "supersede"),
        ("User is a QA engineer", "User is a QA manager", "supersede"),
        ("User is a web developer", "User is a data scientist", "supersede"),
    ],
)
def test_a_role_said_with_more_detail_is_the_same_role(old: str, new: str, action: str) -> None:
    """A qualifier is a detail of the same role; a level is another role (sixteenth round)."""
    assert decide(new, old) == action


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        (
            "User is a PhD student in marine biology",
            "User is doing a doctorate in marine biology",
            "merge",
        ),
        (
            "User teaches CS at a high school",
            "User teaches computer science at a secondary school",
            "merge",
        ),
        ("User builds iOS apps with UIKit", "User develops iPhone apps using UIKit", "merge"),
        ("User has an iPhone 13", "User has an iPhone 16", "supersede"),
    ],
)
def test_more_words_that_say_the_same(old: str, new: str, action: str) -> None:
    """PhD / doctorate, CS, secondary / high school, iPhone apps / iOS apps."""
    assert decide(new, old) == action


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        ("User uses Wireshark", "User uses Wireshark and tcpdump", "keep"),
        ("User uses Figma, Notion", "User uses Figma", "keep"),
        ("User uses Vitest for testing", "User tests TypeScript with Vitest", "merge"),
    ],
)
def test_a_tool_more_in_a_list_is_another_fact(old: str, new: str, action: str) -> None:
    """A tool listed beside the shared one is more than the other fact says."""
    assert decide(new, old) == action


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User works at a fintech company", "User is employed by a financial technology company"),
        ("User reads sci-fi novels", "User enjoys reading science fiction books"),
    ],
)
def test_fintech_and_sci_fi_say_the_same(old: str, new: str) -> None:
    assert decide(new, old) == "merge"


def test_a_decade_is_ten_years() -> None:
    assert decide("User has been coding for a decade", "User has been coding for 10 years") == (
        "merge"
    )
