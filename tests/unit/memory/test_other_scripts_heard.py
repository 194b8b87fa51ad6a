"""Tools and the language of answers said in Japanese, Korean, Chinese, Arabic or Hindi
in Latin letters (the eighteenth round, from the traps set's own facts beside its
traps). Sentences written for the tests, none the corpus's own.
"""

from __future__ import annotations

import pytest

from amplify_memory.memory.chat_facts import extract_chat_facts


def stored(message: str) -> list[str]:
    return [f.content for f in extract_chat_facts(message).user]


@pytest.mark.parametrize(
    ("message", "wanted"),
    [
        ("仕事ではDjangoとCeleryを使っています。", ["User uses Django", "User uses Celery"]),
        ("回答は英語でお願いします。", ["User wants answers in English"]),
        ("저는 Flutter를 사용합니다.", ["User uses Flutter"]),
        ("我们用 FastAPI 和 Redis", ["User uses FastAPI", "User uses Redis"]),
        ("أستخدم Laravel في عملي", ["User uses Laravel"]),
        ("main Rails use karta hoon", ["User uses Ruby on Rails"]),
        ("hindi me mat dena, english me hi dena", ["User wants answers in English"]),
    ],
)
def test_heard_in_another_script(message: str, wanted: list[str]) -> None:
    assert stored(message) == wanted


@pytest.mark.parametrize(
    "message",
    [
        "同僚はEmacsを使っています。",  # a colleague's
        "Rustを使ってみたい",  # a wish to try
        "你用 Vue 吗\uff1f",  # a question
        "mera manager Jira use karta hai",  # the manager's
        "هل تستخدم Docker؟",  # a question
        "今回は英語で説明してください",  # this time only
    ],
)
def test_not_the_users_in_another_script(message: str) -> None:
    assert stored(message) == []
