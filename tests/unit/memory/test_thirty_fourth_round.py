"""The thirty-fourth session: values read off subjectless facts, one-of-a-kind names,
and words that only looked like a topic."""

from __future__ import annotations

import pytest

from amplify_memory.memory.chat_facts import extract_chat_facts
from amplify_memory.memory.supersession import decide
from amplify_memory.memory.topics import frames_of


def stored(message: str) -> list[str]:
    return [f.content for f in extract_chat_facts(message).user]


@pytest.mark.parametrize(
    ("new", "old", "action"),
    [
        # a length word before another noun is not the length of answers
        ("Is writing a collection of short stories", "Prefers short answers", "keep"),
        ("Likes answers to include a short example.", "Prefers concise answers.", "keep"),
        ("User likes answers as bullet lists rather than long prose.", "Prefers bullets", "merge"),
        ("Keep answers short and simple", "Prefers concise answers", "merge"),
        # the way to work said without "User"
        ("Cycles to work these days", "Commutes by bus", "supersede"),
        # one test runner of JavaScript at a time
        ("Switched test runner to Vitest", "Uses Jest for tests", "supersede"),
        ("Testing framework: Vitest", "Uses Jest for tests.", "supersede"),
        ("Uses pytest for the backend", "Uses Jest for tests", "keep"),
        ("User loves Jasmine tea", "User uses Jest", "keep"),
        ("User drinks a Mocha every morning", "User uses Jest", "keep"),
        # a distribution is no place to move to
        ("Moved to Fedora Linux for development", "Develops on macOS", "supersede"),
        # any work one does for a living is a role; an employer's name is no scope
        ("Now works as a bank teller", "Works as a barista at Blue Bottle", "supersede"),
        ("User works as a volunteer at the shelter", "User is a nurse", "keep"),
        # one partner, one manager at a time, by name
        ("User's partner is called Jordan", "User's partner is called Alex", "supersede"),
        ("User's manager is Sam", "User's manager is Priya", "supersede"),
        ("User has a dog named Max", "User has a dog named Rex", "keep"),
        # a diet said with "follows"
        ("User follows a keto diet now", "Pescatarian", "supersede"),
        ("Follows a vegetarian diet.", "User is vegetarian.", "merge"),
    ],
)
def test_values_of_one_thing(new: str, old: str, action: str) -> None:
    assert decide(new, old) == action


@pytest.mark.parametrize(
    ("text", "topic", "value"),
    [
        ("Contributes to open source projects", None, None),
        ("Always cite sources", "citations", "citations"),
        ("User works as a bank teller", "role", "bank teller"),
        ("User now works as a postman", "role", "postman"),
        ("User is on a paleo diet", "diet", "paleo"),
        ("Uses Vitest for JS tests", "js_test_runner", "Vitest"),
    ],
)
def test_topics_read_off(text: str, topic: str | None, value: str | None) -> None:
    frames = frames_of(text)
    assert (frames[0].topic, frames[0].value) == (topic, value) if topic else not frames


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        (
            "started at Shopify last week, still figuring out the internal tools",
            ["User works at Shopify"],
        ),
        ("I started at Shopify last week", ["User works at Shopify"]),
        ("started with Python last year", []),
        # a pet's name is the pet's
        ("a golden retriever named Biscuit", []),
        ("adopted a cat, a tabby called Mog", ["User has a cat named Mog"]),
        # moves said with why, or after what was sold
        ("moved back to Halifax to be near my mom", ["User is based in Halifax"]),
        (
            "We sold the house and moved to Tucson to be closer to the grandkids.",
            ["User is based in Tucson"],
        ),
        ("my sister sold her house and moved to Tucson", []),
        ("I quit Twitter and moved to Bluesky", ["User no longer uses Twitter"]),
        ("I moved to Spain as a student for a year", []),
        ("my parents are retired and we're in Lisbon visiting them", []),
        ("we're in Paris for two days", []),
        ("we finally moved up here from Lisbon", []),
        # the household somewhere, a place in a list about the user
        ("we're in Vienna now", ["User is in Vienna"]),
        ("we're in a meeting", []),
        ("I'm 66, currently in Norfolk", ["User is 66", "User lives in Norfolk"]),
        (
            "52, accountant, live just outside Dublin",
            ["User is 52", "User is an accountant", "User lives just outside Dublin"],
        ),
        ("i live in new york", ["User lives in New York"]),
        ("I'm interested in reading", ["User is interested in reading"]),
    ],
)
def test_jobs_pets_and_places_are_heard(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


@pytest.mark.parametrize(
    ("new", "old", "action"),
    [
        (
            "User wants the assistant to keep it short now",
            "User prefers detailed, long answers.",
            "supersede",
        ),
        ("User wants answers short and sweet", "User prefers detailed answers", "supersede"),
    ],
)
def test_a_length_before_an_adverb_is_still_a_length(new: str, old: str, action: str) -> None:
    assert decide(new, old) == action


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("coeliac so everything needs to be gluten free", ["User is coeliac"]),
        ("hypothyroid, on levothyroxine", ["User is hypothyroid"]),
        ("I'm on meds for high blood pressure", ["User has high blood pressure"]),
        ("Asking for my dad: 67, on meds for high blood pressure, what exercise is safe?", []),
        ("i get chronic migraines, like 3 a week", ["User has chronic migraines"]),
        ("I take medication for anxiety", ["User has anxiety"]),
        ("get better soon", []),
        ("on call this weekend", []),
        ("my two kids are 4 and 7", ["User has kids aged 4 and 7"]),
        (
            "my two boys are 7 and 10, both play football on saturdays",
            ["User has kids aged 7 and 10"],
        ),
    ],
)
def test_health_and_kids_said_in_passing_are_heard(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("new job at a brewery", ["User works at a brewery"]),
        ("got a new job at Acme Corp!", ["User works at Acme Corp"]),
        ("my son got a new job at a bank", []),
        ("my brother: new job at Amazon, so he's moving", []),
        ("new job at a bank next month maybe", []),
    ],
)
def test_a_new_job_said_in_passing(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        # learning said by when it began
        (
            "started learning Rust on the side too, any book recs?",
            ["User is learning Rust on the side"],
        ),
        ("Hi, I'm 68 and just started learning piano", ["User is 68", "User is learning piano"]),
        ("I'm still learning ARM asm", ["User is learning ARM Assembly"]),
        ("my son started learning piano", []),
        ("if I started learning Go, would it help?", []),
        # languages and what one is not
        ("fluent in mandarin", ["User is fluent in Mandarin"]),
        ("native Spanish speaker", ["User is a native Spanish speaker"]),
        ("not a dog person tbh", ["User is not a dog person"]),
        (
            "French and Arabic are my native languages",
            ["User speaks French and Arabic as their first languages"],
        ),
        ("my wife is fluent in mandarin", []),
        # units and lengths wished for
        ("prices in euros please, not dollars", ["User wants prices in euros"]),
        ("recipes in grams and ml please", ["User wants recipes in grams and ml"]),
        ("3-4 lines max please", ["User wants answers of at most 3-4 lines"]),
        ("max 5 bullets", ["User wants answers of at most 5 bullets"]),
        ("are prices in euros?", []),
    ],
)
def test_learning_languages_and_units_are_heard(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("Going forward: no bullet points.", ["User does not want bullet points"]),
        (
            "don't schedule anything before 9 my time",
            ["User does not want anything scheduled before 9"],
        ),
        ("never book meetings after 5pm", ["User does not want meetings scheduled after 5pm"]),
        ("don't schedule anything before 9 for my boss", []),
        ("i'm not on social media, at all", ["User does not use social media"]),
        ("my sister is not on social media", []),
        ("coriander tastes like soap to me so leave it out", ["User dislikes coriander"]),
        ("this tastes like soap", []),
    ],
)
def test_standing_wishes_and_dislikes_said_in_passing(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        (
            "Baby Noah arrived on tuesday!! so that's three kids now, running on zero sleep",
            ["User has three kids"],
        ),
        ("second baby arrived in May so it's two kids now, hence the typos", ["User has two kids"]),
        ("my sister has three kids now", []),
        ("got diagnosed coeliac last week so gluten's out for good", ["User is coeliac"]),
    ],
)
def test_counts_and_diagnoses_with_what_follows(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("my commute is a 10 min walk, it's unreal", ["User's commute is a 10 min walk"]),
        ("it's Unreal now", ["User uses Unreal Engine"]),
        (
            "we ripped webpack out last sprint, it's vite now",
            ["User no longer uses Webpack", "User uses Vite"],
        ),
        ("took the bins out", []),
        ("we're off AWS now", ["User no longer uses AWS"]),
        ("I'm off work now", []),
    ],
)
def test_what_was_taken_out_is_no_longer_used(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


@pytest.mark.parametrize(
    ("new", "old", "action"),
    [
        ("Avoids cooking whenever possible", "Really enjoys cooking", "supersede"),
        ("User doesn't enjoy running anymore", "User enjoys running", "supersede"),
        ("User likes cooking for friends", "User enjoys cooking", "keep"),
    ],
)
def test_a_liking_turned_supersedes(new: str, old: str, action: str) -> None:
    assert decide(new, old) == action


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        (
            "training for my first marathon, Valencia in december",
            ["User is training for a marathon"],
        ),
        ("training for the Chicago Marathon", ["User is training for the Chicago Marathon"]),
        ("saving up for a motorbike licence", ["User is saving for a motorbike licence"]),
        ("my sister is saving for a car", []),
        ("used to be a postman for 30 years", ["User is a former postman"]),
        ("my dad used to be a postman", []),
    ],
)
def test_goals_and_former_roles_are_heard(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        (
            "hobbies: bouldering 3x a week, sourdough on weekends, and restoring a 1978 Vespa",
            [
                "User enjoys bouldering",
                "User enjoys sourdough",
                "User enjoys restoring a 1978 Vespa",
            ],
        ),
        ("hobby: none really", []),
    ],
)
def test_a_list_of_hobbies_is_heard(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        (
            "hmm I've changed my mind about the bullets, prose reads better to me now",
            ["User prefers prose"],
        ),
        ("the new version is better now", []),
        (
            "you can drop the emojis and the cheerleading, just be direct with me",
            ["User does not want emojis", "User does not want cheerleading"],
        ),
        ("no need for the TL;DR at the top anymore", ["User does not want TL;DR"]),
        (
            "use kg not lbs from now on, the new gym's plates are all kg",
            ["User wants weights in kg"],
        ),
        (
            "got laid off from Meta last week, so I'm job hunting.",
            ["User no longer works at Meta", "User is job hunting"],
        ),
        ("my brother got laid off from Meta", []),
        ("no i'm in montreal actually lol, moved last year", ["User is in Montreal"]),
    ],
)
def test_changes_of_answer_form_and_work_are_heard(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


@pytest.mark.parametrize(
    ("new", "old", "action"),
    [
        ("User does not want TL;DR", "User wants a TL;DR at the top of every answer.", "supersede"),
        ("User wants weights in kg", "User prefers pounds for weights.", "supersede"),
        ("User wants weights in lbs", "User prefers pounds for weights.", "merge"),
    ],
)
def test_summaries_and_weights_have_their_topic(new: str, old: str, action: str) -> None:
    assert decide(new, old) == action


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        (
            "Don't ever recommend Medium articles to me, most are garbage",
            ["User wants the assistant to never recommend Medium articles to the user"],
        ),
        ("allergic to penicilin, found out the hard way", ["User is allergic to penicilin"]),
        ("allergic to meetings lol", ["User dislikes meetings"]),
        ("please keep in mind money is really tight for me rn", ["User is on a tight budget"]),
        ("my brother's money is tight", []),
        ("the budget is tight for this project", []),
    ],
)
def test_allergies_budgets_and_quantifiers(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("lol I'm a tea person", []),  # (a joke's mark: nothing, not "User prefers lol I am a tea")
        ("lol that's funny", []),
        (
            "quit energy drinks cold turkey after the dentist yelled at me",
            ["User gave up energy drinks"],
        ),
        ("I go by Sam", ["User prefers to be called Sam"]),
        ("my brother goes by Sam", []),
        ("started keeping kosher this year", ["User keeps kosher"]),
    ],
)
def test_chat_interjections_names_and_habits(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("my gym days are Monday and Wednesday", ["User goes to the gym on Monday and Wednesday"]),
        ("my yoga days are Tuesdays", ["User goes to yoga on Tuesdays"]),
        ("his gym days are Monday", []),
    ],
)
def test_days_of_a_routine_are_heard(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


def test_a_part_dropped_with_more_said_is_read_whole() -> None:
    said = stored("pls drop the jokes and emojis from now on and keep it professional")
    assert said == [
        "User wants the assistant to drop the jokes and emojis and keep answers professional"
    ]


@pytest.mark.parametrize(
    "message",
    [
        # the second reader's cases: nothing of the user's, or nothing standing
        "I go by Tesco on the way home",
        "I go by Dr. Patel at work",
        "gym days are tiring",
        "cilantro tastes like soap to some people",
        "the milk smells like feet, should I throw it out?",
        "interests: see my linkedin",
        "my sister had another baby, so that's three kids now",
        "my son is 7 and just started learning chess",
        "my daughter, just started learning violin",
        "fluent in mandarin, she grew up in Taipei",
        "my grandpa was 90. used to be a miner for 40 years",
        "if we have another, that's three kids now",
        "was laid off at Twitter and then rehired",
        "here's my essay draft. drop the intro",
        "no need for the summary, I already read it",
        "I'm not on discord at the moment, on my phone",
        "cash is tight, but we're fine",
    ],
)
def test_second_readers_cases_store_nothing(message: str) -> None:
    assert stored(message) == []


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("was let go by Amazon in March", ["User no longer works at Amazon"]),
        ("Python and Rust are my native languages lol", ["User uses Python", "User uses Rust"]),
        (
            "Been learning piano for 3 years, still bad",
            ["User has been learning piano for 3 years"],
        ),
        ("these frameworks are bloated", ["User dislikes these frameworks"]),
        ("I go by Sam now", ["User prefers to be called Sam"]),
    ],
)
def test_second_readers_cases_store_what_is_said(message: str, facts: list[str]) -> None:
    assert stored(message) == facts


def test_project_budgets_stay_the_projects() -> None:
    said = extract_chat_facts("ok the team's budget is really tight this year", in_project=True)
    assert ([f.content for f in said.user], [f.content for f in said.project]) == (
        [],
        ["The team's budget is really tight"],
    )


@pytest.mark.parametrize(
    ("new", "old", "action"),
    [
        ("User avoids cooking on weekdays", "User enjoys cooking on weekends", "keep"),
        ("User avoids meetings before 10am", "User enjoys meetings", "keep"),
        ("Got rid of the landline at home.", "Has a landline at home.", "supersede"),
        ("User shaved off the beard.", "User has a beard.", "supersede"),
        (
            "User shut down their Minecraft server.",
            "User runs their own Minecraft server.",
            "supersede",
        ),
    ],
)
def test_ends_and_likings_with_their_scope(new: str, old: str, action: str) -> None:
    assert decide(new, old) == action


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("Based in Bangalore.", ["User is based in Bangalore"]),
        ("zero free time, so recipes under 30 minutes please", []),
        (
            "Quick intro: ML engineer, PyTorch mostly",
            ["User is an ML engineer", "User uses PyTorch"],
        ),
        ("Retiree, 71, just got my first smartphone", ["User is a retiree", "User is 71"]),
        ("sizes 32, 34, 36", []),
        (
            "28, nurse, 2 cats, Leeds",
            ["User is 28", "User is a nurse", "User has 2 cats", "User is based in Leeds"],
        ),
        ("internet is awful so anything cloud heavy is a pain", []),
        ("meetings are a pain", ["User dislikes meetings"]),
    ],
)
def test_introductions_said_in_fragments(message: str, facts: list[str]) -> None:
    assert stored(message) == facts
