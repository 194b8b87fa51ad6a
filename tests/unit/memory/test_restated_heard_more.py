"""A correction read against what is stored (the nineteenth round): roles, times of
day, head counts, a swap said across two clauses, a move to another kind of the same
thing, versions raised "to" a number or glued to a name, emoji between sentences, a
turn that scratches its first words, diets, spelling and working time.

Sentences written for the tests, none the corpora's own.
"""

from __future__ import annotations

import pytest

from amplify_memory.memory.gloss import english_gloss
from amplify_memory.memory.restate import restated_facts


def restated(said: str, prior: list[str]) -> list[tuple[int, str]]:
    return [(r.index, r.content) for r in restated_facts(said, prior)]


@pytest.mark.parametrize(
    ("said", "prior", "content"),
    [
        ("became a staff engineer in March, way more design docs now",
         "User is a senior engineer at Mozilla.", "User is a staff engineer at Mozilla."),
        ("stepped down to individual contributor, managing burnt me out",
         "User is an engineering manager.", "User is an individual contributor."),
        ("retro is at 4:15 now, not 3pm", "User's team retro is at 3pm.",
         "User's team retro is at 4:15."),
        ("the team grew to 15 devs this year", "User's team has 9 engineers.",
         "User's team has 15 engineers."),
        ("Cardiff! not Swansea, easy mix-up", "User lives in Swansea.", "User lives in Cardiff."),
        ("Bitbucket is history. GitLab for everything", "User's team hosts code on Bitbucket.",
         "User's team hosts code on GitLab."),
        ("switched to evening classes, the mornings were brutal",
         "User takes morning classes at the college.",
         "User takes evening classes at the college."),
        ("we bumped the minimum Android to 12", "User's app supports Android 10 and up.",
         "User's app supports Android 12 and up."),
        ("prod db is on pg17 now", "User's production database is PostgreSQL 15.",
         "User's production database is PostgreSQL 17."),
        ("it's Aoife, not Eva 😅 autocorrect hates me", "User's name is Eva.",
         "User's name is Aoife."),
        ("went pescatarian last month", "User is vegetarian.", "User is pescatarian."),
        ("use Australian spelling from here on", "User prefers British spelling.",
         "User prefers Australian spelling."),
        ("I'm back to full-time since the baby started daycare", "User works part-time.",
         "User works full-time."),
        ("I quit sugar in january", "User eats a lot of sugar.", "User no longer eats sugar."),
        ("no car anymore, sold it", "User has a car.", "User no longer has a car."),
        ("I'm in Galway these days", "User lives in Dublin.", "User lives in Galway."),
    ],
)  # fmt: skip
def test_the_nineteenth_round(said: str, prior: str, content: str) -> None:
    assert restated(said, ["User has a cat.", prior]) == [(1, content)]


@pytest.mark.parametrize(
    ("said", "prior"),
    [  # what must restate nothing
        ("my brother became a team lead", "User is a developer."),
        ("I am a developer too", "User is a designer."),
        ("the mobile team moved to Kotlin, I'm still on the web side", "User writes Swift."),
        ("we moved to Bun - actually no, scratch that, it broke the build", "User uses Node.js."),
        ("I'm in Rome this week for a wedding", "User lives in Milan."),
        ("for the conference talk use American spelling", "User prefers British spelling."),
        ("12 people came to the meetup", "User's team has 9 engineers."),
        ("the meeting went from 9 to 5 today, ugh", "User's standup is at 9:30."),
        ("switched to the new laptop", "User uses the old laptop."),
    ],
)  # fmt: skip
def test_what_restates_nothing(said: str, prior: str) -> None:
    assert restated(said, ["User has a cat.", prior]) == []


@pytest.mark.parametrize(
    ("said", "prior", "content"),
    [  # the same corrections in other languages (an English gloss of the change's words)
        ("Ya no usamos Jira, ahora todo va en Linear", "User's team uses Jira.",
         "User's team uses Linear."),
        ("Je ne travaille plus chez Ubisoft, je suis à mon compte", "User works at Ubisoft.",
         "User no longer works at Ubisoft."),
        ("Abito a Bologna adesso, non più a Firenze", "User lives in Florence.",
         "User lives in Bologna."),
        ("Ich nutze jetzt Neovim statt VS Code", "User uses VS Code.", "User uses Neovim."),
        ("We zijn overgestapt op Podman, Docker Desktop was te zwaar",
         "User uses Docker Desktop.", "User uses Podman."),
        ("main Delhi se Mumbai shift ho gaya hoon", "User lives in Delhi.",
         "User lives in Mumbai."),
        ("Correzione: il team è passato da Trello a Asana", "User's team tracks work in Trello.",
         "User's team tracks work in Asana."),
    ],
)  # fmt: skip
def test_corrections_in_other_languages(said: str, prior: str, content: str) -> None:
    assert restated(said, ["User has a cat.", prior]) == [(1, content)]


@pytest.mark.parametrize(
    "said",
    [
        "I use Delhi time, not Delphi",
        "we moved to Berlin in 2020 and I work at Zalando",
        "no longer on the pase team, I switched to platform",
        "nu is my shell now, instead of zsh",
    ],
)
def test_an_english_message_is_glossed_as_itself(said: str) -> None:
    assert english_gloss(said) == said


@pytest.mark.parametrize(
    ("said", "prior", "content"),
    [  # the second batch of the round
        ("Couchbase was only for the hackathon, production is on MySQL",
         "User uses Couchbase for the app database.", "User uses MySQL for the app database."),
        ("vim > emacs, converted last month", "User uses Emacs with Doom.",
         "User uses Vim with Doom."),
        ("I said one dog earlier - it's two now", "User has one dog.", "User has two dogs."),
        ("I want to inform you that I have joined Atlassian last week", "User works at Canva.",
         "User works at Atlassian."),
        ("we're on k8s now, no more ECS", "User's services run on Amazon ECS.",
         "User's services run on Kubernetes."),
        ("forget what I said about wanting long answers", "User prefers long answers.",
         "User no longer prefers long answers."),
        ("ok I actually like tabs now", "User dislikes tabs.", "User likes tabs."),
        ("no more job hunting, signed the offer", "User is looking for a job.",
         "User is no longer looking for a job."),
        ("not an SWE anymore, I run the design team", "User is a software engineer.",
         "User is no longer a software engineer."),
        ("it's Lisboa, not Porto like I said", "User lives in Porto.", "User lives in Lisbon."),
        ("just so you know, I'm they/them", "User uses she/her pronouns.",
         "User uses they/them pronouns."),
        ("I'm at Datadog now, started monday", "User works at Elastic.", "User works at Datadog."),
        ("physics didn't work out", "User studies physics.", "User no longer studies physics."),
    ],
)  # fmt: skip
def test_the_second_batch(said: str, prior: str, content: str) -> None:
    assert restated(said, ["User has a cat.", prior]) == [(1, content)]


@pytest.mark.parametrize(
    ("said", "prior"),
    [
        ("We host on Hetzner now.", "User likes AWS."),  # (an opinion stays)
        ("Our platform team moved to Pulumi, not my area", "User uses Terraform."),
        ("we're not on GCP now, maybe next year", "User's team hosts on AWS."),
        ("I'm at home now, sick", "User works at Canva."),
        ("For the new client project we are on Azure now", "User's team hosts on AWS."),
    ],
)  # fmt: skip
def test_the_second_batch_restates_nothing(said: str, prior: str) -> None:
    assert restated(said, ["User has a cat.", prior]) == []


@pytest.mark.parametrize(
    ("said", "prior"),
    [  # what a second reader found restated wrongly, reworded
        ("had a vegetarian curry for lunch, not bad", "User is vegan."),
        ("we brought on 3 part-time designers", "User works full-time."),
        ("the villain in my novel is they/them", "User uses he/him pronouns."),
        ("I'm at the pharmacy now", "User works at Adobe."),
        ("I'm at Gatwick now, boarding soon, flight delayed", "User works at Adobe."),
        ("I live in fear now of merge conflicts", "User lives in Leeds."),
        ("I went to a Svelte 5 meetup", "User uses Svelte 4."),
        ("went to bed at 3am, ugh", "User goes to bed at 11pm."),
        ("Meine Schwester wohnt nicht mehr in Wien", "User lives in Vienna."),
        ("Para este proyecto uso Rust en vez de Go", "User writes Go."),
        ("Quizás me mude a Sevilla", "User lives in Madrid."),
        ("the whole org is 300 people now", "User's team has 6 engineers."),
        ("I became the treasurer of our chess club", "User is a data scientist at Zalando."),
        ("I started as a barista before tech", "User is a data scientist at Zalando."),
        ("the baby wakes up at 4am now", "User wakes up at 7am."),
        ("retro is at 2pm now but only on Fridays", "User's team retro is at 4pm."),
        ("Bun > Node for scripts, but we're stuck with Node", "User uses Node.js."),
    ],
)  # fmt: skip
def test_what_a_second_reader_found_restates_nothing(said: str, prior: str) -> None:
    assert restated(said, ["User has a cat.", prior]) == []


def test_a_head_swapped_keeps_its_article() -> None:
    assert restated("switched to an electric scooter", ["User rides a petrol scooter."]) == [
        (0, "User rides an electric scooter.")
    ]


def test_a_negated_habit_is_not_a_new_value() -> None:
    assert restated("I don't drink soda anymore because of my teeth", ["User drinks soda."]) == [
        (0, "User no longer drinks soda.")
    ]


def test_a_pronoun_set_alone_finds_the_stored_pronouns() -> None:
    from amplify_memory.memory.restate import search_terms

    assert "pronouns" in search_terms("oh btw I'm she/her, not he")
