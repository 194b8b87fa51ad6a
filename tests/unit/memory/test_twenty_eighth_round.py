# ruff: noqa: RUF001
"""The twenty-eighth round: what people state about themselves in Spanish, Portuguese,
French, Italian, German, Dutch, Hindi in Latin letters and Turkish, said in English
before the English readers read it (:mod:`amplify_memory.memory.foreign_statements`).
Each case failed before it, or is a guard the readers must not break."""

from __future__ import annotations

import asyncio
import re

import pytest

from amplify_memory.memory import UserProfileVectorStore, extract_and_store_user_facts
from amplify_memory.memory.extraction import extract_chat_facts
from amplify_memory.memory.foreign_lexicon import LANGUAGES, alternation, fold, plain
from amplify_memory.memory.foreign_statements import in_english
from amplify_memory.storage import MemoryStorage


def _user(said: str) -> set[str]:
    return {f.content for f in extract_chat_facts(said).user}


@pytest.mark.parametrize(
    ("turn", "stored"),
    [
        # where one lives, the place after or before the verb
        ("Moro em Curitiba, trabalho como dev Flutter", {"User lives in Curitiba"}),
        ("yaar main Pune mein rehta hoon, monsoon mein kya karein", {"User lives in Pune"}),
        ("Merhaba, İzmir'de yaşıyorum ve bir lisede öğretmenim.", {"User lives in İzmir"}),
        ("Kurz zu mir: ich bin Elektriker, wohne in Graz und spreche Deutsch und Kroatisch.",
         {"User is an electrician", "User lives in Graz", "User speaks German and Croatian"}),
        # one's job, with what one teaches, where and for whom
        ("Ich bin Lehrerin für Mathe an einem Gymnasium in Graz.",
         {"User is a maths teacher at a secondary school"}),
        ("Soy profe de matemáticas en un instituto de Valencia, tengo 45 años y dos hijas.",
         {"User is a maths teacher at a secondary school", "User has two daughters"}),
        ("Ich bin Designerin bei Zalando.", {"User is a designer", "User works at Zalando"}),
        ("Je suis chef de projet chez Capgemini.",
         {"User is a project manager", "User works at Capgemini"}),
        ("Tengo dos hijos y un perro.", {"User has two children", "User has a dog"}),
        ("Tengo una hija de 8 meses.", {"User has a 8-month-old daughter"}),
        ("Não só falo inglês como também espanhol.", {"User speaks English and Spanish"}),
        ("Ich spreche Englisch fließend.", {"User speaks English"}),
        ("No vivo en Madrid, vivo en Getafe.", {"User lives in Getafe"}),
        ("Ich wohne in Frankfurt am Main.", {"User lives in Frankfurt am Main"}),
        ("Soy diseñadora gráfica freelance, trabajo con Figma todo el día",
         {"User is a freelance graphic designer", "User uses Figma"}),
        ("Kleines Update: ich bin jetzt Teamleiterin QA, nicht mehr nur Testerin.",
         {"User is a QA team lead"}),
        ("Faccio la guida turistica a Firenze e parlo inglese, tedesco e un po' di giapponese.",
         {"User is a tour guide", "User is based in Florence",
          "User speaks English and German and some Japanese"}),
        # languages spoken and not, and what answers should be in
        ("Soy de Valencia pero vivo en Madrid. Hablo español e inglés, nada de francés.",
         {"User lives in Madrid", "User speaks Spanish and English", "User does not speak French"}),
        ("A partir de ahora los comentarios del código en inglés, pero la explicación en español.",
         {"User wants code comments in English", "User wants explanations in Spanish"}),
        ("respuestas en español porfa, mi inglés es regular.", {"User wants answers in Spanish"}),
        # diet, children and pets, age, a car
        ("Ya no soy vegetariana, volví a comer pescado.", {"User is no longer vegetarian"}),
        ("sou enfermeira em São Paulo. e não como carne vermelha, só frango e peixe",
         {"User is a nurse in São Paulo", "User does not eat red meat"}),
        ("Allora: faccio la maestra alle elementari a Verona, niente macchina.",
         {"User is a teacher", "User is based in Verona", "User does not own a car"}),
        ("Ho 52 anni, faccio l'infermiera a Bologna.",
         {"User is 52", "User is a nurse", "User is based in Bologna"}),
        ("Ich bin seit Mai in Rente, jetzt eher Gartenkram", {"User is retired"}),
    ],
)  # fmt: skip
def test_a_statement_in_another_language_is_stored_in_english(turn: str, stored: set[str]) -> None:
    assert stored <= _user(turn)


@pytest.mark.parametrize(
    ("turn", "not_stored"),
    [
        # a one-off, a day's exception, a plan, a job that ended
        ("Zusammenfassung auf Englisch bitte, nur diesmal", "User wants answers in English"),
        ("oggi lavoro da casa perché c'è lo sciopero dei treni", "User works from home"),
        ("Quiero mudarme a Lisboa el año que viene", "User lives in Lisboa"),
        ("Ya no trabajo en el hospital, ahora doy clases", "User works at a hospital"),
        ("Je ne suis plus infirmière depuis septembre", "User is a nurse"),
        ("Kleine Korrektur: ich wohne nicht mehr in Köln.", "User lives in Köln"),
        # what the office did, not the user
        ("haan abhi bhi Bangalore mein hi hoon, bas office Whitefield shift ho gaya hai",
         "User lives in Whitefield"),
        # nothing reaches across a join into the next part
        ("Soy matrona en Valencia y tengo que entender un paper sobre preeclampsia",
         "User lives in Valencia y tengo que entender un paper sobre preeclampsia"),
        # "für Mathe" is a subject, not an employer
        ("Ich bin Lehrerin für Mathe an einer Schule", "User works at Mathe"),
        # English: "the main vegan dish" is no "main ... hoon"
        ("the main vegan dish was great", "User is vegan"),
        # the second reader's: a way of living, a department, a noun is no place
        ("Vivo en pareja.", "User lives in Pareja"),
        ("Soy enfermera en pediatría.", "User is based in Pediatría"),
        ("Ich bin Ingenieur aus Leidenschaft.", "User is based in Leidenschaft"),
        ("Ich bin Berater für SAP.", "User works at SAP"),
        ("meeting shift ho gayi kal pe", "User is based in Meeting"),
        # someone else's, quoted, translated, made up
        ("Mon mari travaille comme infirmier.", "User is a nurse"),
        ("Traduce: 'vivo en Madrid y trabajo como abogado'.", "User is a lawyer"),
        ("Corrige: Je suis infirmière et j'habite à Nantes.", "User is a nurse"),
        ("Imagina que soy médico y vivo en Madrid.", "User is a doctor"),
        ("My uncle is a soy farmer in Iowa.", "User is a farmer"),
        ("The soy vegan burger was amazing.", "User is vegan"),
        # a time to come, a hobby, this once, a task, a complaint
        ("Nos mudamos a Málaga el mes que viene.", "User is based in Málaga"),
        ("Faccio il programmatore per hobby.", "User is a software developer"),
        ("Hoy no como carne.", "User does not eat meat"),
        ("Respóndeme en inglés esta vez.", "User wants answers in English"),
        ("Escríbeme un correo en inglés para mi casero.", "User wants answers in English"),
        ("Las respuestas en inglés no me sirven.", "User wants answers in English"),
        ("Mi jefe me contesta en inglés y no lo entiendo.", "User wants answers in English"),
        # years in a job are no age; "not" is not "no longer"
        ("Tengo 20 años en la empresa.", "User is 20"),
        ("No soy vegana, soy vegetariana.", "User is no longer vegan"),
    ],
)  # fmt: skip
def test_what_is_no_standing_fact_of_the_user_is_not_stored(turn: str, not_stored: str) -> None:
    assert not_stored not in _user(turn)


@pytest.mark.parametrize(
    "message",
    [
        "I live in Lisbon and work as a nurse.",
        "Can you put it in the bin a minute?",
        "My studio music setup is a Focusrite and two monitors.",
        "we use Postgres, so answers in SQL please",
    ],
)
def test_an_english_message_comes_back_unchanged(message: str) -> None:
    assert in_english(message) == message


def test_a_word_is_found_with_or_without_its_accents() -> None:
    said = alternation(LANGUAGES)
    for word in ("inglés", "ingles", "Französisch", "francais", "português"):
        assert LANGUAGES[plain(word)]
        assert re.fullmatch(f"(?:{said})", fold(word), flags=re.IGNORECASE)


def test_a_move_said_in_german_supersedes_the_old_home() -> None:
    async def run() -> dict[str, bool]:
        store = UserProfileVectorStore(storage=MemoryStorage())
        await store.add("User lives in Munich.", "personal")
        await extract_and_store_user_facts("Wir sind nach Hamburg gezogen, endlich!", store=store)
        return {str(e["content"]).rstrip("."): bool(e["superseded"]) for e in await store.list()}

    entries = asyncio.run(run())
    assert entries["User lives in Munich"] is True
    assert any("Hamburg" in text and not gone for text, gone in entries.items())


@pytest.mark.parametrize(
    ("turn", "stored"),
    [
        # an adverb after "I" or "I am" that the fact does not keep
        ("I'm still vegetarian", "User is vegetarian"),
        ("I am now a team lead", "User is a team lead"),
        ("I currently have a dog", "User has a dog"),
        ("I'm actually a nurse lol", "User is a nurse"),
        ("I'm basically a beginner", "User is a beginner"),
        # having: "also", an age before the child
        ("I also have a cat", "User also has a cat"),
        ("I have a 3-year-old daughter", "User has a 3-year-old daughter"),
        # pastimes said with "go", "listen to", "read"
        ("I go to the gym on Mondays", "User goes to the gym on Mondays"),
        ("I go climbing on weekends", "User goes climbing on weekends"),
        ("fwiw I listen to jazz", "User listens to jazz"),
        ("I read a lot of sci-fi", "User reads a lot of sci-fi"),
        # a pastime or a way of living said by its verb alone
        ("I knit", "User knits"),
        ("we rent", "User rents"),
        # a chat word before, an aside after
        ("haha I have a dog", "User has a dog"),
        ("I have a dog if that helps", "User has a dog"),
        ("I'm vegetarian (in case it matters).", "User is vegetarian"),
        ("I have two kids fyi", "User has two kids"),
        # whole-clause shapes
        ("I've worked at Google since 2020", "User works at Google"),
        ("mother of two", "User has two children"),
        ("single dad of three kids here", "User is a single dad of three kids"),
        ("Lifelong vegetarian.", "User is vegetarian"),
        ("my commute is 40 minutes", "User's commute is 40 minutes"),
        ("my shift starts at 6am", "User's shift starts at 6am"),
        # a state or a habit of the user's said without "I" or "I'm"
        ("divorced since 2019", "User is divorced"),
        ("veggie fwiw", "User is veggie"),
        ("self employed since 2018", "User is self employed"),
        ("quick bg: am a dentist", "User is a dentist"),
        ("cat person through and through", "User is a cat person"),
        ("don't drive, never learned", "User does not drive"),
        ("cook from scratch every night", "User cooks from scratch every night"),
        ("penicillin allergy fyi", "User is allergic to penicillin"),
        # who the user is, by a bare noun; a pastime and how often, without a verb
        ("atheist, for context", "User is an atheist"),
        ("sikh 🙏", "User is Sikh"),
        ("metalhead 🤘", "User is a metalhead"),
        ("yoga every morning 🧘", "User does yoga every morning"),
        ("tennis twice a week", "User plays tennis twice a week"),
        ("church every sunday without fail", "User goes to church every Sunday"),
        ("fishing most sundays 🎣", "User goes fishing most Sundays"),
        # (no longer "User is an i am an electrician")
        ("I'm an electrician by trade", "User is an electrician by trade"),
    ],
)
def test_a_statement_said_with_an_adverb_or_a_pastime_verb_is_heard(turn: str, stored: str) -> None:
    assert stored in _user(turn)


@pytest.mark.parametrize(
    "turn",
    [
        "I'm still stuck on this",
        "I'm now on the train",
        "I'm currently working on a bug",
        "I'm really tired",
        "I'm actually learning this properly now",
        "I go to the gym tomorrow",
        "I listen to you",
        "I read the docs",
        "my job is killing me",
        "my code is broken",
        "lol no that's Dave, he's the tabs guy",
        "I'd pick Rust if that helps you decide?",
        "vegan options please",
        "single-page app",
        "cook it for 10 minutes",
        "married?",
        "Am a bit lost here",
        "meetings every morning",
        "deploys every friday",
        "backups every night",
        # the second reader's: a request, a verdict, a topic, advice, a one-off, a task
        "reminders every morning please",
        "tennis twice a week sounds like a lot",
        "news every morning is depressing",
        "knit in the round tutorial",
        "don't drive tired",
        "don't drink and drive",
        "my shift is cancelled today",
        "my job is to fix this bug",
        "latex allergy gloves",
        "dog person gift ideas",
        "vegan for the menu",
        "I read every line of the log",
    ],
)
def test_a_passing_state_or_a_one_off_said_so_is_not_stored(turn: str) -> None:
    assert _user(turn) == set()
