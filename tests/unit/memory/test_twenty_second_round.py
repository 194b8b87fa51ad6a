"""Extraction and de-duplication of the twenty-second round: a game, a story or a
pasted letter is not the user's life (but an aside of the real world in it is); where
one is for now is no fact; another person's he or she, and the speaker's "my", do not
end up in a fact of the user's; animals of two kinds, and a liking after an allergy,
hold at once.

Sentences written for the tests, none the corpora's own.
"""

from __future__ import annotations

import pytest

from amplify_memory.errors import SecretContentError
from amplify_memory.memory import UserProfileVectorStore
from amplify_memory.memory.auto import extract_and_store_user_facts
from amplify_memory.memory.chat_facts import extract_chat_facts
from amplify_memory.memory.secrets import find_secrets, redact_secrets
from amplify_memory.memory.supersession import decide
from amplify_memory.storage import MemoryStorage


def _user(said: str) -> list[str]:
    return [f.content for f in extract_chat_facts(said).user]


def _project(said: str) -> list[str]:
    return [c.content for c in extract_chat_facts(said, in_project=True).project]


@pytest.mark.parametrize(
    ("said", "word"),
    [
        ("im on my phone so keep it short", "phone"),
        ("I'm on the train, what's a quick vegan lunch?", "train"),
        ("I'm in a meeting, be brief", "meeting"),
        ("I'm sick today", "sick"),
    ],
)
def test_where_one_is_for_now_is_no_fact(said: str, word: str) -> None:
    assert not any(word in fact for fact in _user(said))


@pytest.mark.parametrize(
    ("said", "word"),
    [
        ("My character is a vegan elf who lives in Rivendell", "Rivendell"),
        ("For my D&D campaign, I'm a paladin who hates goblins", "paladin"),
        ("in my novel, we relocated to Leeds after the war", "Leeds"),
        ("let's roleplay: I'm your boss and I use Jira", "Jira"),
        ("DM mode: I'm a half-orc bard. I roll a 17 on persuasion.", "persuasion"),
        ("write me a short story where I'm a knight from Norway", "Norway"),
        ("improv time! I'm the suspect who claims to be a ballerina", "ballerina"),
    ],
)
def test_a_game_or_a_story_is_not_the_users_life(said: str, word: str) -> None:
    assert not any(word in fact for fact in _user(said))


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        (
            "lets roleplay: you're a hiring manager, I'm a candidate. go. (irl I use React)",
            "User uses React",
        ),
        (
            "DM mode: I'm a gnome wizard. (fyi I run a weekly D&D group)",
            "User runs a weekly D&D group",
        ),
        ("I write in Scrivener now, gave up on Google Docs for the novel.", "User uses Scrivener"),
    ],
)
def test_the_real_world_beside_a_game_is_kept(said: str, fact: str) -> None:
    assert fact in _user(said)


def test_a_pasted_letter_starts_at_its_salutation() -> None:
    facts = _user("can you proofread this? Dear Hiring Manager, I am a certified welder")
    assert not any("Dear" in f or "welder" in f for f in facts)


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        (
            "Bullet points this time please. (I teach biology at a sixth form college)",
            "User teaches biology at a sixth form college",
        ),
        ("normally I'm on Arch, this is my sister's laptop", "User uses Arch Linux"),
        ("I'm a product manager but sure", "User is a product manager"),
        (
            "I coach an under-10 hockey team and half of them never listen",
            "User coaches an under-10 hockey team",
        ),
    ],
)
def test_a_fact_said_in_an_aside_or_beside_a_reaction(said: str, fact: str) -> None:
    assert fact in _user(said)


@pytest.mark.parametrize(
    ("said", "word"),
    [
        (
            "My daughter starts school in May. I don't want them to just sit him at the back.",
            "him",
        ),
        ("Priya (coworker) is reviewing my PR tomorrow and she's a tabs + Emacs person", "Emacs"),
    ],
)
def test_someone_elses_he_or_she_is_not_the_users_fact(said: str, word: str) -> None:
    assert not any(word in fact for fact in _user(said))


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("i dont use evernote anymore, obsidian for all my notes", "their notes"),
        ("in my code use tabs please", "their code"),
    ],
)
def test_the_speakers_my_becomes_theirs(said: str, fact: str) -> None:
    facts = _user(said)
    assert any(fact in f for f in facts)
    assert not any(" my " in f"{f} " for f in facts)


def test_a_name_with_my_in_it_is_kept() -> None:
    assert _user("for my-app I prefer tabs") == ["User prefers tabs for my-app"]


@pytest.mark.parametrize(
    "said",
    [
        "what if we dropped Mongo for Postgres? no decision yet, I just want the tradeoffs",
        "getting this on deploy, any idea?",
        "it's from staging",
    ],
)
def test_no_project_fact_from_an_open_question_or_a_pointer(said: str) -> None:
    assert _project(said) == []


def test_no_decision_yet_is_no_wish() -> None:
    assert _user("no decision yet") == []


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User has a dog named Rex.", "User has a cat named Biscuit."),
        ("User has two horses.", "User has a rabbit."),
        ("User is allergic to cats.", "User loves cats."),
        ("User is allergic to dogs.", "User has a dog named Bo."),
    ],
)
def test_two_animals_or_a_liking_after_an_allergy_hold_at_once(old: str, new: str) -> None:
    assert decide(new, old) == "keep"


@pytest.mark.parametrize(
    ("old", "new", "action"),
    [
        ("User loves shrimp.", "User is allergic to shrimp.", "supersede"),
        ("User is allergic to peanuts.", "User is no longer allergic to peanuts.", "supersede"),
        ("User has a kitten named Mo.", "User has a cat named Mo.", "merge"),
    ],
)
def test_an_allergy_or_the_same_animal_still_decides(old: str, new: str, action: str) -> None:
    assert decide(new, old) == action


@pytest.mark.parametrize(
    ("said", "secret"),
    [
        ("the alarm code for the hall is 2580# and I'm the caretaker", "2580"),
        ("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "wJalrXUtnFEMI"),
        ("SSN: 123-45-6789, filing in Ohio", "123-45-6789"),
        ("IBAN GB82 WEST 1234 5698 7654 32, I bank with Monzo", "GB82 WEST"),
        ("das Passwort lautet Sommer2024 und ich bin Lehrerin", "Sommer2024"),
        ("login: jdoe / pw: Tr0ub4dor&3", "Tr0ub4dor"),
        ("the code to my garage is 8812, I live in Austin", "8812"),
        ("my backup codes are 3921-8812 and 4471-0093", "3921-8812"),
        ("Twilio auth token 9f8e7d6c5b4a39281706f5e4d3c2b1a0 for the alerts", "9f8e7d6c5b4a"),
        ("same as my wifi: blue-Tiger-88", "blue-Tiger-88"),
        ("pw is sunshine99 lol", "sunshine99"),
        ("my passcode's 0419", "0419"),
        ("use this key: 5f4dcc3b5aa765d61d8327deb882cf99 for the API", "5f4dcc3b5aa7"),
        ("mi clave es Girasol.77 y soy profe", "Girasol.77"),
        ("my mother's maiden name is Kowalski (security question)", "Kowalski"),
        ("combination for the bike lock is 7-3-9-1", "7-3-9-1"),
        ("my PIN 4471", "4471"),
    ],
)
def test_a_secret_said_in_everyday_words_is_found_and_redacted(said: str, secret: str) -> None:
    assert find_secrets(said)
    assert secret not in redact_secrets(said)
    facts = extract_chat_facts(said)
    assert not any(secret in f.content for f in [*facts.user, *facts.project])


@pytest.mark.parametrize(
    "said",
    [
        "the wifi is down again",
        "my zip code is 90210",
        "error code 1234 keeps showing",
        "code 2024 was a great conference",
        "the code is messy",
        "the key is Ctrl+S",
        "my door code is on the fridge",
        "I pin versions in requirements.txt",
        "my first car was a Honda Civic",
        "GB82 is a typo",
        "booking code: 5567",
    ],
)
def test_everyday_codes_and_keys_are_no_secret(said: str) -> None:
    assert find_secrets(said) == []


@pytest.mark.parametrize(
    "text",
    [
        "User's garage door code is 8812",
        "User's wifi password is blue-Tiger-88",
        "User's mother's maiden name is Kowalski",
        "User's IBAN is GB82 WEST 1234 5698 7654 32",
    ],
)
async def test_the_store_refuses_an_everyday_secret(text: str) -> None:
    store = UserProfileVectorStore(storage=MemoryStorage(), semantic=False)
    await store.initialize()
    with pytest.raises(SecretContentError):
        await store.add(text, "personal")
    assert await store.count() == 0


@pytest.mark.parametrize(
    ("said", "facts"),
    [
        ("Soy matrona en Valencia y tengo una pregunta", ["User is a midwife in Valencia"]),
        (
            "Je suis prof de physique au lycée à Lille.",
            ["User is a physics teacher at a secondary school", "User is based in Lille"],
        ),
        ("Ich bin Steuerberaterin und krieg so was ständig.", ["User is a tax advisor"]),
        ("ciao, sono architetto a Milano", ["User is an architect in Milan"]),
        ("ik ben een verpleegkundige", ["User is a nurse"]),
    ],
)
def test_what_the_user_is_said_in_another_language(said: str, facts: list[str]) -> None:
    assert _user(said) == facts


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("I live in Milano", "User lives in Milan"),
        ("we moved to München last year", "User is based in Munich"),
    ],
)
def test_a_city_is_stored_by_its_english_name(said: str, fact: str) -> None:
    assert _user(said) == [fact]


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("im a bookeeper for 3 small buisnesses", "User is a bookkeeper for 3 small businesses"),
        ("I'm a Lutheran pastor", "User is a Lutheran pastor"),
        ("I'm a sous chef at a hotel in Edinburgh", "User is a sous chef at a hotel"),
        ("i am a roofer", "User is a roofer"),
    ],
)
def test_everyday_work_is_a_role(said: str, fact: str) -> None:
    assert fact in _user(said)


def test_a_word_like_bookkeeper_is_no_misspelt_technology() -> None:
    assert not any("ZooKeeper" in f for f in _user("im a bookeeper for a bakery"))


def test_a_name_after_still_is_no_role() -> None:
    assert _user("so it's husband now not boyfriend lol. still Dev obviously") == []


@pytest.mark.parametrize(
    "said",
    [
        "I'd like help outlining a sermon on Luke 15",
        "i wnat tips for sleeping in the day",
        "I want a prep list template for sunday brunch",
    ],
)
def test_help_asked_for_now_is_no_fact(said: str) -> None:
    assert _user(said) == []


def test_a_standing_want_of_a_thing_is_kept() -> None:
    assert _user("I want a summary at the end of every answer") == [
        "User wants a summary at the end of every answer"
    ]


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("I have type 1 diabetes", "User has type 1 diabetes"),
        ("I was diagnosed with ADHD last year", "User has ADHD"),
        ("I'm 61 and have arthritis in my hands", "User has arthritis in their hands"),
        ("I've got a stent since 2019", "User has a stent"),
    ],
)
def test_a_lasting_condition_of_health_is_kept(said: str, fact: str) -> None:
    assert fact in _user(said)


def test_someone_elses_condition_is_not_the_users() -> None:
    assert _user("my son has a nut allergy") == []


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("we live in Leeds", "User lives in Leeds"),
        ("me and the wife run a dairy farm in Wisconsin", "User runs a dairy farm in Wisconsin"),
        ("We keep bees", "User keeps bees"),
        (
            "is it too cold? we live in a stone cottage in the Dales",
            "User lives in a stone cottage in the Dales",
        ),
    ],
)
def test_the_users_household_is_the_user(said: str, fact: str) -> None:
    assert _user(said) == [fact]


def test_a_teams_we_stays_the_teams() -> None:
    assert _user("we run Kubernetes on GKE") == ["User uses Kubernetes", "User uses GKE"]


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        ("as a diabetic, is intermittent fasting safe?", "User is diabetic"),
        ("As a landlord in Leeds, what do I need to do?", "User is a landlord in Leeds"),
    ],
)
def test_who_one_is_before_a_question(said: str, fact: str) -> None:
    assert _user(said) == [fact]


@pytest.mark.parametrize("said", ["as a rule, what's faster?", "as a kid, was I wrong?"])
def test_as_a_rule_or_a_kid_is_no_identity(said: str) -> None:
    assert _user(said) == []


@pytest.mark.parametrize(
    ("said", "facts"),
    [
        ("I've got a Tormek but never properly learned how to use it", ["User has a Tormek"]),
        ("never really touched frontend", ["User has never used frontend"]),
        ("always been partial to JetBrains IDEs", ["User likes JetBrains"]),
        ("always been terrible at maths", ["User has always been terrible at maths"]),
    ],
)
def test_what_one_never_did_or_always_was_is_no_wish(said: str, facts: list[str]) -> None:
    assert _user(said) == facts


async def _superseded(priors: list[str], said: str) -> list[int]:
    store = UserProfileVectorStore(storage=MemoryStorage(), semantic=False)
    await store.initialize()
    ids = [(await store.add(p, "personal"))["entry"]["id"] for p in priors]
    await extract_and_store_user_facts(said, store=store)
    gone = []
    for i, entry_id in enumerate(ids):
        entry = await store.get(entry_id)
        if entry is not None and entry["superseded"]:
            gone.append(i)
    return gone


@pytest.mark.parametrize(
    ("priors", "said", "gone"),
    [
        (
            ["User uses Spotify.", "User listens to podcasts."],
            "cancelled spotify, on apple music now",
            [0],
        ),
        (
            ["User is allergic to penicillin.", "User is allergic to cats."],
            "update: the allergist says I'm NOT allergic to penicillin after all",
            [0],
        ),
        (
            ["User is allergic to eggs.", "User is allergic to shellfish."],
            "outgrew my egg allergy apparently, still can't do shellfish though",
            [0],
        ),
    ],
)
async def test_what_ended_supersedes_only_itself(
    priors: list[str], said: str, gone: list[int]
) -> None:
    assert await _superseded(priors, said) == gone


def test_what_a_doctor_found_is_the_users() -> None:
    assert _user("my GP confirmed I have asthma") == ["User has asthma"]


@pytest.mark.parametrize(
    ("said", "facts"),
    [
        ("I quit smoking in January!", ["User no longer smokes"]),
        ("gave up drinking last year", ["User no longer drinks alcohol"]),
        ("Ho smesso di fumare a gennaio!", ["User no longer smokes"]),
        ("Je ne suis plus infirmière, j'ai commencé autre chose", ["User is no longer a nurse"]),
        ("ich bin keine Lehrerin mehr", ["User is no longer a teacher"]),
        ("I quit my job", []),
    ],
)
def test_a_habit_or_a_role_given_up(said: str, facts: list[str]) -> None:
    assert _user(said) == facts


@pytest.mark.parametrize(
    ("priors", "said", "gone"),
    [
        (
            ["User works at Siemens.", "User lives in Cologne."],
            "Ich arbeite nicht mehr bei Siemens.",
            [0],
        ),
        (["User smokes.", "User is a barista."], "Ho smesso di fumare a gennaio!", [0]),
        (["User works at ING.", "User plays chess."], "Ik werk niet meer bij ING", [0]),
    ],
)
async def test_an_ending_said_in_another_language_supersedes(
    priors: list[str], said: str, gone: list[int]
) -> None:
    assert await _superseded(priors, said) == gone


@pytest.mark.parametrize(
    ("said", "facts"),
    [
        (
            "I've been a Lutheran pastor for 22 years",
            ["User has been a Lutheran pastor for 22 years"],
        ),
        ("I'm 70 and not great with these phones", ["User is 70"]),
        ("I'm in Auckland so feet and fahrenheit mean nothing to me", ["User is in Auckland"]),
        ("metric only", ["User wants metric units"]),
        (
            "I wrote COBOL for 20 years so the old code is fine",
            ["User has 20 years of experience with COBOL"],
        ),
        ("on antibiotics this week so no wine for me", []),
    ],
)
def test_a_statement_before_its_consequence(said: str, facts: list[str]) -> None:
    assert _user(said) == facts


def test_a_purpose_in_a_request_is_no_fact() -> None:
    said = "Refactor PlayerController so the jump logic lives in its own method."
    assert extract_chat_facts(said, in_project=True).project == ()


@pytest.mark.parametrize(
    ("said", "facts"),
    [
        ("dark mode everything obviously", ["User prefers dark mode"]),
        ("im a roofer not a professor lol", ["User is a roofer"]),
        ("nothing with mushrooms, can't stand the texture", []),
    ],
)
def test_a_role_before_what_it_is_not_and_vague_objects(said: str, facts: list[str]) -> None:
    assert _user(said) == facts


@pytest.mark.parametrize(
    ("said", "secret"),
    [
        ('I use the password "Summer2024!" for everything.', "Summer2024"),
        ("I use Summer2024! as my password.", "Summer2024"),
        ("I always use the password Tr0ub4dor for everything.", "Tr0ub4dor"),
        ("I set my PIN to 7781.", "7781"),
        ("I changed my password to Blue!Horse9.", "Blue!Horse9"),
        ("SSID MyHome pw Gr33nT3a", "Gr33nT3a"),
        ("wifi: HomeNet / p4ssw0rd!", "p4ssw0rd"),
        ("my login is jdoe / Hunter22!", "Hunter22"),
        ("garage opener code 3391", "3391"),
        ("door code 4821#", "4821"),
        ("locker combo 22-14-07", "22-14-07"),
        ('password: "my dog ate 3 socks"', "dog ate"),
    ],
)
def test_a_password_said_in_passing_is_never_stored(said: str, secret: str) -> None:
    assert secret not in redact_secrets(said)
    facts = extract_chat_facts(said)
    assert not any(secret in f.content for f in [*facts.user, *facts.project])


@pytest.mark.parametrize(
    "said",
    [
        "The PIN is required.",
        "Order number 112-3344556-7788990.",
        "I want to change my password to something stronger",
        "I use a password manager",
    ],
)
def test_an_order_number_or_a_required_pin_is_no_secret(said: str) -> None:
    assert find_secrets(said) == []


def test_deciding_on_a_fact_with_long_runs_of_spaces_is_quick() -> None:
    assert decide("I" + " " * 1990 + "use Python", "User lives in Leeds") == "keep"
    assert decide("\n" * 1900, "User lives in Leeds") == "keep"


@pytest.mark.parametrize(
    "said",
    [
        "I'm hungry.",
        "I'm home sick with the flu.",
        "I'm in bed with a cold.",
        "I'm off work with covid.",
        "I'm in London for the weekend.",
    ],
)
def test_how_one_is_today_is_no_fact(said: str) -> None:
    assert _user(said) == []


@pytest.mark.parametrize(
    ("said", "facts"),
    [
        ("I'm in Tokyo for a conference but I live in Seoul.", ["User lives in Seoul"]),
        ("Vivo en Barcelona.", ["User lives in Barcelona"]),
        ("Ich wohne in Köln.", ["User lives in Cologne"]),
        ("Ya no vivo en Madrid, me mudé a Valencia", ["User is based in Valencia"]),
        ("Je ne travaille plus chez Renault.", ["User no longer works at Renault"]),
        ("Ya no trabajo en el hospital", ["User no longer works at hospital"]),
        ("In my novel the hero uses Vue (irl I use React)", ["User uses React"]),
        (
            "Dear God, please help me pass my exam. I'm a med student in Cork.",
            ["User is a med student", "User is based in Cork"],
        ),
    ],
)
def test_where_one_lives_or_no_longer_works_and_asides(said: str, facts: list[str]) -> None:
    assert _user(said) == facts


@pytest.mark.parametrize(
    ("said", "fact"),
    [
        (
            "I have type 2 diabetes and high blood pressure.",
            "User has type 2 diabetes and high blood pressure",
        ),
        ("I have a peanut allergy.", "User has a peanut allergy"),
    ],
)
def test_conditions_said_together(said: str, fact: str) -> None:
    assert _user(said) == [fact]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("User has a dog named Leo.", "User has a son named Leo."),
        ("User has a son named Leo.", "User has a daughter named Mia."),
        ("User has a sister named Anna.", "User has a brother named Tom."),
    ],
)
def test_a_child_a_sibling_and_a_pet_are_apart(old: str, new: str) -> None:
    assert decide(new, old) == "keep"


def test_a_translation_asked_for_now_is_no_wish() -> None:
    assert _user("translate into Italian for my mother-in-law pls") == []
    assert _user("Always translate my messages to German") == [
        "User wants the assistant to always translate the user's messages to German"
    ]


@pytest.mark.parametrize(
    ("said", "facts"),
    [
        ("Trabajo como abogado en Madrid.", ["User is a lawyer", "User is based in Madrid"]),
        ("Ich arbeite als Lehrer in Wien.", ["User is a teacher", "User is based in Vienna"]),
        ("pracuję jako informatyk w szkole", ["User is an IT technician"]),
        ("Yo soy maestra de primaria y solo uso Scratch", ["User is a primary school teacher"]),
        ("Eu sou enfermeira em Lisboa", ["User is a nurse", "User is based in Lisbon"]),
    ],
)
def test_a_job_said_as_work_in_another_language(said: str, facts: list[str]) -> None:
    assert _user(said) == facts
