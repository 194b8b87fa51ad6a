"""A negation or a changed value is never merged with the fact it replaces (the twentieth
round): "given up on", "done with", "dropped", "sworn off", "turned off", "a no-go" say
the user stopped; a negation before a negative verb undoes it ("no longer avoids
flying" is no avoidance), "anymore" beside another negation is the same negation, and a
capitalised "Nothing" or "No" inside a sentence is a name (Nothing Phone, No Doubt);
being allergic to a thing is the opposite of loving it. A level of skill, the way to
work and a count written with a hyphen ("two-week sprints") are values of one thing.

And extraction: "karna" (Hindi: to do) is no slip of Klarna, a Hinglish "mera dost" or
"mere manager" is someone else, "I'm serious" says nothing lasting, and a label before a
quote ('App Store review: "..."') is no project fact.

Sentences written for the tests, none the corpora's own.
"""

from __future__ import annotations

import pytest

from amplify_memory.memory.chat_facts import extract_chat_facts
from amplify_memory.memory.supersession import decide


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User does yoga.", "User has given up on yoga."),
        ("User plays the cello.", "User is done with the cello."),
        ("User uses Jenkins for CI.", "User dropped Jenkins for CI."),
        ("User eats sugar.", "User has sworn off sugar."),
        ("User uses autocomplete.", "User turned off autocomplete."),
        ("User likes cold showers.", "Cold showers are a no-go for the user."),
        ("User avoids gluten.", "User no longer avoids gluten."),
        ("User avoids caffeine.", "User doesn't avoid caffeine anymore."),
        ("User dislikes podcasts.", "User no longer dislikes podcasts."),
        ("User uses a Nothing Phone 2.", "User no longer uses a Nothing Phone 2."),
        ("User listens to No Doubt.", "User stopped listening to No Doubt."),
        ("User loves shrimp.", "User is allergic to shrimp."),
        ("User hates early calls.", "User doesn't mind early calls anymore."),
    ],
)
def test_a_negation_is_never_merged(old: str, new: str) -> None:
    assert decide(new, old) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User's Italian is at beginner level.", "User's Italian is at advanced level."),
        ("User's Korean is conversational.", "User's Korean is fluent."),
        ("User cycles to the office.", "User takes the train to the office."),
        ("User commutes by car.", "User commutes by tram."),
        ("User's team works in three-week cycles.", "User's team works in two-week cycles."),
    ],
)
def test_a_changed_value_is_never_merged(old: str, new: str) -> None:
    assert decide(new, old) != "merge"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User commutes by car.", "User commutes by tram."),
        ("User's team works in three-week cycles.", "User's team works in two-week cycles."),
        ("User's Italian is at beginner level.", "User's Italian is at advanced level."),
    ],
)
def test_one_value_of_a_class_swapped_supersedes(old: str, new: str) -> None:
    assert decide(new, old) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User avoids gluten.", "User stays away from gluten."),
        ("User uses a Nothing Phone 2.", "User's phone is a Nothing Phone 2."),
    ],
)
def test_the_same_fact_still_merges(old: str, new: str) -> None:
    assert decide(new, old) != "supersede"


def _user(said: str) -> list[str]:
    return [f.content for f in extract_chat_facts(said).user]


@pytest.mark.parametrize(
    "said",
    [
        "mujhe ek chhota sa script likhna hai, help karna",
        "mera dost Go se Rust pe chala gaya, ab din bhar Rust ki baatein karta hai",
        "meri behen ko Figma bahut pasand hai, woh roz use karti hai",
        "mere manager ko Asana pasand hai, woh sabko Asana pe shift karna chahte hain",
        "what if we ran the whole thing on a Pi? I'm serious",
        "honestly I'm impressed, that worked first try",
    ],
)
def test_nothing_lasting_is_stored(said: str) -> None:
    assert _user(said) == []


def test_ones_own_tool_beside_a_hinglish_colleagues() -> None:
    facts = _user("mere manager ko Asana pasand hai but I use Linear")
    assert facts == ["User uses Linear"]


def test_a_label_before_a_quote_is_no_project_fact() -> None:
    said = 'Support ticket: "the export button does nothing on Safari"\n\nhow do I reply?'
    assert extract_chat_facts(said, in_project=True).project == ()


def test_a_project_label_before_a_quote_still_counts() -> None:
    facts = extract_chat_facts('Decision: "we store money as integer cents"', in_project=True)
    assert [c.type for c in facts.project] == ["decision"]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User swims twice a week.", "User has stopped swimming."),
        ("User goes climbing every Sunday.", "User doesn't go climbing anymore."),
        ("User keeps a paper planner.", "User hasn't kept a planner in years."),
    ],
)
def test_a_stop_said_in_fewer_words_supersedes(old: str, new: str) -> None:
    assert decide(new, old) == "supersede"


def test_a_negation_of_a_detail_is_no_stop() -> None:
    assert decide("User doesn't use Python type hints.", "User uses Python.") == "keep"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User has a Spotify subscription.", "User cancelled their Spotify subscription."),
        ("User gets the Hacker Newsletter.", "User unsubscribed from the Hacker Newsletter."),
        ("User has Discord on their laptop.", "User uninstalled Discord from their laptop."),
        ("User has a LinkedIn profile.", "User deleted their LinkedIn profile."),
        ("User uses autosave in Word.", "User disabled autosave in Word."),
        ("User sings in the church choir.", "User left the church choir."),
        ("User is writing a novel called Tidewater.", "User abandoned the novel Tidewater."),
        ("User is in favour of remote work.", "User is against remote work."),
        ("User is on the Firefox Nightly channel.", "User opted out of Firefox Nightly."),
    ],
)
def test_an_end_of_having_or_doing_supersedes(old: str, new: str) -> None:
    assert decide(new, old) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User's son got a C in chemistry.", "User's son got a B in chemistry."),
        ("User wears size S jackets.", "User wears size M jackets."),
        ("User's violin is tuned to standard A.", "User's violin is tuned to standard G."),
        ("User cycles 20 km on Saturdays.", "User cycles 20 miles on Saturdays."),
        ("User's cat weighs 5 kg.", "User's cat weighs 5 lb."),
        ("User's yoga class is on Monday.", "User's yoga class is on Wednesday."),
        ("User's holiday is in August.", "User's holiday is in October."),
        ("User's favourite season is summer.", "User's favourite season is spring."),
        ("User is the eldest of four children.", "User is the youngest of four children."),
        ("User's bike is green.", "User's bike is black."),
        ("User's Notion workspace is public.", "User's Notion workspace is private."),
    ],
)
def test_one_small_value_swapped_is_never_merged(old: str, new: str) -> None:
    assert decide(new, old, cosine=0.95) != "merge"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User is dyslexic.", "The user has dyslexia."),
        ("User deleted their Instagram account.", "User deleted the Instagram account."),
    ],
)
def test_a_fact_said_twice_still_merges_by_its_embedding(old: str, new: str) -> None:
    assert decide(new, old, cosine=0.95) == "merge"


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("We gebruiken geen Jira meer, alles staat nu in Linear.", "User does not use Jira"),
        ("Wir nutzen kein Jenkins mehr, nur noch GitLab CI.", "User does not use Jenkins"),
    ],
)
def test_a_tool_no_longer_used_in_another_language_is_no_use(said: str, fact: str) -> None:
    facts = [f.content for f in extract_chat_facts(said).user]
    assert fact in facts
    assert fact.replace("does not use", "uses") not in facts


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User has a rabbit.", "User has a rabbit and a parrot."),
        ("User is allergic to dust.", "User is allergic to dust and pollen."),
        ("User uses Postgres.", "User uses pgBouncer in front of Postgres."),
    ],
)
def test_one_more_thing_beside_a_fact_is_no_duplicate(old: str, new: str) -> None:
    assert decide(new, old, cosine=0.95) != "merge"


def test_two_named_ones_are_two_facts() -> None:
    assert decide("User's dog is named Rex.", "User's boss is named Rex.", cosine=0.95) == "keep"
