"""The thirty-ninth session: a memory without a subject whose subject is a slot of the
user's ("Bedtime is 10:30 pm"), "<x>-free" and "ex-" as ends, more ends said as deeds
("wiped", "removed ... from", "moved out"), and no merge by meaning of two facts of the
same thing with the other polarity."""

from __future__ import annotations

import pytest

from amplify_memory.memory.supersession import decide
from amplify_memory.memory.topics import polarity


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Line manager is Oksana.", "Line manager is Dev."),
        ("Wake-up time is 5:45 am", "Wake-up time is 7 am"),
        ("Dentist is Dr Ahmed", "Dentist is Dr Okafor"),
        ("Home gym is Anytime Fitness", "Home gym is PureGym"),
    ],
)
@pytest.mark.parametrize("cosine", [None, 0.85])
def test_a_subjectless_slot_with_another_value_supersedes(
    old: str, new: str, cosine: float | None
) -> None:
    assert decide(new, old, cosine=cosine) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # a thing of the user's said as the subject: no slot of the user's
        ("User's favourite band is Radiohead.", "Radiohead is their favourite band"),
        ("User formats Python code with Black.", "Black is the formatter for their Python"),
        ("User's partner is named Alex.", "Alex is their significant other."),
    ],
)
def test_a_thing_said_as_the_subject_is_no_slot(old: str, new: str) -> None:
    assert decide(new, old, cosine=0.8) == "merge"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # a passive ("are written with") is no slot's value; a verb first is no slot
        ("Uses Jest for the frontend tests.", "Frontend tests are written with Vitest"),
        ("Likes when steps are numbered.", "Likes when code comes first."),
    ],
)
def test_a_passive_or_a_verb_is_no_slot(old: str, new: str) -> None:
    # (the first supersedes by its tools, not by a slot; the second is two wishes)
    assert decide(new, old) == ("supersede" if "Vitest" in new else "keep")


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Drinks beer at the weekend.", "Alcohol-free since May"),
        ("Has milk in coffee every morning", "Dairy-free now"),
        ("Uses trailing commas in Python", "Trailing-comma-free Python now"),
        ("Uses semicolons in TypeScript", "Semicolon-free TypeScript these days"),
        ("Uses Vim.", "Ex-Vim user."),
        ("Works with Terraform daily", "Used to work with Terraform"),
        ("Runs Debian on the NAS", "Wiped Debian from the NAS"),
        ("Uses Prettier in every repo", "Removed Prettier from every repo"),
        ("User lives with a lodger, Tomasz", "Tomasz moved out; lives alone now"),
    ],
)
@pytest.mark.parametrize("cosine", [None, 0.85])
def test_ends_said_as_free_ex_used_to_and_deeds(old: str, new: str, cosine: float | None) -> None:
    assert decide(new, old, cosine=cosine) == "supersede"


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        # the same state said with and without a negation: one fact
        (
            "User is gluten-free due to coeliac disease.",
            "Has coeliac disease, so avoids gluten",
            "merge",
        ),
        ("Is lactose intolerant.", "Can't have dairy because of lactose intolerance", "merge"),
        ("User is vegetarian.", "Doesn't eat meat, follows a vegetarian diet.", "merge"),
        ("Former Java developer", "Used to be a Java developer", "merge"),
    ],
)
def test_one_state_with_and_without_a_negation(old: str, new: str, action: str) -> None:
    assert decide(new, old, cosine=0.85) == action


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Leave docstrings out of the examples", "negative"),
        ("Keep emojis out of commit messages", "negative"),
        ("Unwilling to work weekends", "negative"),
        ("Ex-Emacs user.", "negative"),
        ("Used to live in Porto", "negative"),
        ("Semicolon-free JavaScript", "negative"),
        # a way of doing, no end
        ("Uses a hands-free headset", "positive"),
        ("Wants bug-free code", "positive"),
        ("Is used to early mornings", "positive"),
        ("Leaves the office at 5", "positive"),
    ],
)
def test_polarity_reads_the_new_ends(text: str, expected: str) -> None:
    assert polarity(text) == expected


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Puts sugar in coffee", "Takes coffee unsweetened these days"),
        ("Keen to relocate for work", "Unwilling to relocate for work"),
        ("Takes honey in green tea", "Takes green tea unsweetened now"),
    ],
)
def test_near_in_meaning_with_the_other_polarity_is_no_merge(old: str, new: str) -> None:
    assert decide(new, old, cosine=0.9) != "merge"
    assert decide(old, new, cosine=0.9) != "merge"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Has a smartwatch", "Binned the smartwatch"),
        ("Sings in the choir", "Bowed out of the choir"),
        ("Hosts the app on Heroku", "Migrated away from Heroku"),
        ("Has a Costco membership", "Let the Costco membership lapse"),
        ("Uses Moment.js", "Phased out Moment.js"),
        ("Runs Debian on the NAS", "Wiped Debian from the NAS"),
        ("Uses Prettier in every repo", "Removed Prettier from every repo"),
        ("Uses Vue", "Moved on from Vue"),
        ("Takes beta blockers", "Tapered off the beta blockers"),
        ("Day trades", "Walked away from day trading"),
    ],
)
@pytest.mark.parametrize("cosine", [None, 0.85])
def test_an_end_said_as_a_deed_supersedes(old: str, new: str, cosine: float | None) -> None:
    assert decide(new, old, cosine=cosine) == "supersede"


@pytest.mark.parametrize(
    ("old", "new"),
    [
        # a deed done to a part of the thing, or by someone else: both stand
        ("Has a garden", "Got rid of the weeds in the garden"),
        ("Uses Kubernetes", "Removed a node from the Kubernetes cluster"),
        ("Uses React", "Phased out the old React class components"),
        ("Uses Linear", "Retired the Q3 tickets in Linear"),
        ("Has a son", "Son grew out of his shoes"),
        ("Works at Acme", "Acme cut ties with the vendor"),
        ("Has a dog", "Neighbour got rid of the dog"),
        ("Works with Kubernetes", "Partner used to work with Kubernetes"),
        ("Writes TypeScript", "Ex-colleague writes TypeScript"),
        ("Has a PhD", "Finished with a PhD in 2019"),
    ],
)
def test_a_deed_on_a_part_or_by_someone_else_ends_nothing(old: str, new: str) -> None:
    assert decide(new, old, cosine=0.5) != "supersede"


@pytest.mark.parametrize(
    ("text", "polarity_of_the_value"),
    [
        ("Phased out jQuery", "negative"),
        ("Removed ESLint from all projects", "negative"),
        ("Migrated away from Heroku last year", "negative"),
        ("Removed a node from the Kubernetes cluster", "positive"),
        ("Phased out the old React class components", "positive"),
    ],
)
def test_a_deed_ends_the_topic_only_of_the_thing_done_to(
    text: str, polarity_of_the_value: str
) -> None:
    from amplify_memory.memory.topics import frames_of

    assert [frame.polarity for frame in frames_of(text)] == [polarity_of_the_value]


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        # one of many people of a kind: two names are two of them
        ("Teammate is Raj", "Teammate is Lena", "keep"),
        ("Client is Acme Corp", "Client is Globex", "keep"),
        # an age is said of one
        ("User's daughter is 7.", "User's daughter is 8 years old.", "supersede"),
        # one value said more fully, or with a remark
        ("Team lead is Marco", "Team lead is Marco Rossi", "merge"),
        ("Team lead is Marco", "Team lead is Marco, who is great", "merge"),
        # a former partner is no slot of now
        ("Married to Laura", "Ex-wife is Laura", "supersede"),
    ],
)
def test_slots_of_many_and_values_said_more_fully(old: str, new: str, action: str) -> None:
    assert decide(new, old, cosine=0.8) == action


def _user_facts(message: str) -> list[str]:
    from amplify_memory.memory.chat_facts import extract_chat_facts

    return [fact.content for fact in extract_chat_facts(message, None).user]


WALES = "\U0001f3f4\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f"


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # a flag's tag characters are part of its emoji, not words
        (
            f"quick one, moved to Swansea in May {WALES} any good pubs?",
            ["User is based in Swansea"],
        ),
        # the household's car, said with "we"
        ("We own a Kia Niro.", ["User has a Kia Niro"]),
        ("We bought a Renault Zoe last year.", ["User has a Renault Zoe"]),
        # a car with what it has been through
        ("I've got a 2009 Ford Fiesta with 150k on the clock.", ["User has a 2009 Ford Fiesta"]),
        # a past said without "I", with a capital
        ("Grew up in Tromsø.", ["User grew up in Tromsø"]),
        ("Grew up on a sheep farm in Wales.", ["User grew up on a sheep farm in Wales"]),
    ],
)
def test_more_ways_a_life_fact_is_said(message: str, expected: list[str]) -> None:
    assert _user_facts(message) == expected


@pytest.mark.parametrize(
    "message",
    [
        "Work at the heart of our growing team in Leeds.",  # a job ad's capital
        "We bought a Datadog licence for the team.",  # a team's tool: no car of the user's
    ],
)
def test_no_life_fact_from_an_ad_or_a_team(message: str) -> None:
    assert not any("has a" in fact or "works" in fact for fact in _user_facts(message))


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # German's verb before "ich" after a first word
        ("Seit März wohne ich in Bremen.", ["User lives in Bremen"]),
        ("Inzwischen arbeite ich als Apothekerin.", ["User is a pharmacist"]),
        # French "je vis" with words between it and the place
        ("Je vis seule maintenant à Nantes.", ["User lives in Nantes"]),
        # an employer named after a verb of work, with a role after it
        ("Trabalho na Embraer como engenheiro.", ["User works at Embraer", "User is an engineer"]),
        ("Ich arbeite bei Zalando.", ["User works at Zalando"]),
        ("Je travaille chez Michelin depuis 2019.", ["User works at Michelin"]),
        # allergies, said in four languages
        ("Soy alérgica a los cacahuetes.", ["User is allergic to peanuts"]),
        ("Sou alérgico a marisco.", ["User is allergic to shellfish"]),
        ("Je suis allergique à la pénicilline.", ["User is allergic to penicillin"]),
        ("Ich bin allergisch gegen Pollen.", ["User is allergic to pollen"]),
    ],
)
def test_more_of_what_people_say_in_other_languages(message: str, expected: list[str]) -> None:
    assert _user_facts(message) == expected


@pytest.mark.parametrize(
    "message",
    [
        "No soy alérgico a los cacahuetes.",  # no allergy
        "Wohne ich in Bremen?",  # a question
    ],
)
def test_no_fact_from_a_negation_or_a_question_in_another_language(message: str) -> None:
    assert _user_facts(message) == []


def test_a_job_ended_in_another_language_is_an_end_not_a_job() -> None:
    assert _user_facts("Ya no trabajo para Inditex.") == ["User no longer works at Inditex"]


def test_a_name_with_its_first_letters_swapped_is_no_typo() -> None:
    # ("Ankama" is a company, not a typo of the game server "Nakama"; "Pyhton" still is)
    assert _user_facts("I work at Ankama.") == ["User works at Ankama"]
    assert _user_facts("I use Pyhton daily") == ["User uses Python"]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # a child or a pet with a word that describes it
        ("I have a very needy whippet.", ["User has a very needy whippet"]),
        ("We've got two grumpy tortoises.", ["User has two grumpy tortoises"]),
        (
            "Nurse, Bristol, three wild boys.",
            ["User is a nurse", "User is based in Bristol", "User has three wild boys"],
        ),
        # a toddler and a newborn are children
        ("We have a toddler and a newborn.", ["User has a toddler and a newborn"]),
    ],
)
def test_children_and_pets_described(message: str, expected: list[str]) -> None:
    assert _user_facts(message) == expected


@pytest.mark.parametrize(
    "message",
    [
        "I have a couple of cats to feed for my neighbour.",
        "I have a lot of kids in my class.",
        "I have two of the kids this weekend.",
    ],
)
def test_a_quantity_or_a_determiner_is_no_description(message: str) -> None:
    assert not any(fact.startswith("User has") for fact in _user_facts(message))


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # the home one is in, with its place
        (
            "We're in a two-up two-down terrace in Preston.",
            ["User lives in a two-up two-down terrace in Preston"],
        ),
        (
            "I'm in a studio flat in Valletta and the rent is 900 a month.",
            ["User lives in a studio flat in Valletta"],
        ),
        # a thing as the next subject, with a number or a rule, ends the clause
        ("I work at Lidl and the shifts are 10 hours long.", ["User works at Lidl"]),
    ],
)
def test_a_home_and_a_thing_as_the_next_subject(message: str, expected: list[str]) -> None:
    assert _user_facts(message) == expected


@pytest.mark.parametrize(
    "message", ["I'm in a meeting in Leeds.", "I'm in a house in the suburbs."]
)
def test_no_home_without_a_home_and_a_place(message: str) -> None:
    assert not any("lives" in fact for fact in _user_facts(message))


def test_a_thing_after_a_comma_and_is_a_clause_of_its_own() -> None:
    assert _user_facts("I love Phoenix, and Ecto is great too") == [
        "User loves Phoenix",
        "User likes Ecto",
    ]


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        (
            "Rule for this repo: every column is snake_case, and all money is stored in cents",
            ["Every column is snake_case", "All money is stored in cents"],
        ),
        (
            "scratch that, we're not going with Vercel after all, the team picked Netlify",
            ["We are not going with Vercel", "The team picked Netlify"],
        ),
    ],
)
def test_two_project_rules_in_one_sentence(message: str, expected: list[str]) -> None:
    from amplify_memory.memory.chat_facts import extract_chat_facts

    said = [entry.content for entry in extract_chat_facts(message, None, in_project=True).project]
    assert said == expected


@pytest.mark.parametrize(
    ("message", "fact"),
    [
        # a comma before "the" that is no new subject of a choice keeps the fact whole
        ("We use MySQL for billing, the rest is still Postgres", "User uses PostgreSQL"),
        ("new laptop! M3 MacBook Air, the ThinkPad is retired.", "User uses MacBook Air"),
    ],
)
def test_a_comma_before_the_rest_keeps_the_fact(message: str, fact: str) -> None:
    assert fact in _user_facts(message)


@pytest.mark.parametrize(
    "message",
    [
        "We bought a Ford Mustang poster.",  # a thing of it, not it
        "I bought a Pixel 8 case.",
        "We bought a Toyota Prius for my mum.",  # someone else's
        "We bought a Mini fridge for the office.",
        "Creo que soy alérgica al gluten.",  # a hedge
    ],
)
def test_no_possession_from_an_accessory_a_gift_or_a_hedge(message: str) -> None:
    assert _user_facts(message) == []


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # a verb of saying left without what is said, an idiom's end: nothing of them
        (
            "Don't ever suggest I 'just meditate'. I want practical stuff from you.",
            ["User wants practical stuff from the assistant"],
        ),
        ("vim -> helix. never going back", []),
        # a chat word before a choice
        ("ngl svelte>>>react, never goin back", ["User prefers Svelte over React"]),
    ],
)
def test_no_broken_wish_from_a_quote_or_an_idiom(message: str, expected: list[str]) -> None:
    assert [f for f in _user_facts(message) if "going back" in f or "the user" in f[-9:]] == []
    assert all(fact in _user_facts(message) for fact in expected)


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        # a verdict on a thing after "and the" / "so the" is no taste of the user's
        ("I moved to Porto last year and the weather is amazing", ["User is based in Porto"]),
        ("I have a Fairphone and the camera is great", ["User has a Fairphone"]),
        ("I work remotely so the flexibility is great", ["User works remotely"]),
        # the user's own thing after "and the" stays with the clause it belongs to
        (
            "I ride a scooter and the scooter is a Vespa",
            ["User rides a scooter and the scooter is a Vespa"],
        ),
        # a title is no clause
        (
            "I listen to Radio 4 and the Rest is History",
            ["User listens to Radio 4 and the Rest is History"],
        ),
        # a stay is no home
        ("we're in a cottage in Devon for half term", []),
        # one-off German time words keep the verb where it is (tonight is no habit)
        ("Heute Abend spiele ich Schach", []),
        ("Diese Woche wohne ich in Bremen", []),
        # a French "jus" is juice
        ("J'adore le jus de pomme", ["User loves le jus de pomme"]),
    ],
)
def test_the_second_readers_message_regressions(message: str, expected: list[str]) -> None:
    assert _user_facts(message) == expected
