"""Tools and workplaces said in another language (the sixteenth round).

Sentences written for the tests, none a corpus's own: Spanish, Portuguese, French,
Italian, German and Dutch; the facts are stored in English. Someone else's tools, a maybe
and a plan store nothing.
"""

from __future__ import annotations

import pytest

from amplify_memory.memory.chat_facts import extract_chat_facts


def stored(message: str) -> list[str]:
    return [f.content for f in extract_chat_facts(message).user]


@pytest.mark.parametrize(
    ("message", "facts"),
    [
        ("en el trabajo usamos Kubernetes y Helm", ["User uses Kubernetes", "User uses Helm"]),
        ("mudamos para o Supabase mês passado", ["User uses Supabase"]),
        (
            "je n'utilise plus Trello, on est passés à Notion",
            ["User uses Notion", "User no longer uses Trello"],
        ),
        (
            "non uso più Eclipse, sono passato a IntelliJ IDEA",
            ["User uses IntelliJ IDEA", "User no longer uses Eclipse"],
        ),
        ("wir sind auf GitLab umgestiegen", ["User uses GitLab"]),
        ("ik gebruik nu Neovim voor alles", ["User uses Neovim"]),
        ("seit März arbeite ich bei Zalando", ["User works at Zalando"]),
        ("ich arbeite jetzt bei Celonis", ["User works at Celonis"]),
        ("je travaille chez Doctolib depuis janvier", ["User works at Doctolib"]),
    ],
)
def test_facts_said_in_another_language(message: str, facts: list[str]) -> None:
    got = stored(message)
    for fact in facts:
        assert fact in got


@pytest.mark.parametrize(
    "message",
    [
        "mi jefe usa Jira para todo",
        "Mon collègue est passé à Neovim",
        "talvez eu mude para Svelte no próximo projeto",
        "vielleicht steigen wir auf Bun um",
        "ich arbeite nicht mehr bei Zalando",
    ],
)
def test_nothing_of_the_users_own(message: str) -> None:
    assert not any(f.startswith(("User uses", "User works at")) for f in stored(message))
