"""Context selection and token estimates."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from amplify_memory.agent import (
    MESSAGE_OVERHEAD,
    ContextSelector,
    Message,
    estimate_message_tokens,
    estimate_tokens,
)
from amplify_memory.errors import ConfigurationError

SAMPLES = json.loads((Path(__file__).parent / "data" / "token_samples.json").read_text())


def m(i: int, text: str = "hello there", role: str = "user", at: float | None = None) -> Message:
    return Message(f"m{i}", role, text, created_at=float(i) if at is None else at)


def one_token_each(message: Message) -> int:
    return 1


@pytest.mark.parametrize("sample", SAMPLES["samples"], ids=lambda s: s["name"])
def test_the_estimate_never_undercounts_a_real_tokenizer(sample: dict[str, object]) -> None:
    text, real = str(sample["text"]), int(sample["tokens"])  # type: ignore[call-overload]
    assert estimate_tokens(text) >= real
    assert estimate_tokens(text) <= 2.5 * real


def test_the_estimate_is_at_least_letta_bytes_over_4_times_1_3() -> None:
    text = "plain English prose about memory " * 20
    assert estimate_tokens(text) == -(-len(text.encode()) * 13 // 40)
    message = Message("x", "tool", {"rows": [{"id": "a1b2", "n": 12345}]})
    body = json.dumps(message.content)
    assert estimate_message_tokens(message) == (
        MESSAGE_OVERHEAD + estimate_tokens("tool") + estimate_tokens(body)
    )


def test_required_messages_then_the_most_recent_that_fit_in_order() -> None:
    sel = ContextSelector(count_tokens=one_token_each)
    msgs = [m(i) for i in range(10)]
    got = sel.select_messages(msgs, max_tokens=4, required_ids=["m0"])
    assert [x.id for x in got] == ["m0", "m7", "m8", "m9"]
    got = sel.select_messages(msgs, max_tokens=100, max_messages=2, required_ids=["m0", "m1"])
    assert [x.id for x in got] == ["m0", "m1", "m8", "m9"]


def test_order_is_chronological_whatever_the_input_order() -> None:
    sel = ContextSelector(count_tokens=one_token_each)
    msgs = [m(3), m(1), m(2), m(0)]
    assert [x.id for x in sel.select_messages(msgs, max_tokens=3)] == ["m1", "m2", "m3"]


def test_a_message_too_large_stops_or_is_skipped() -> None:
    sel = ContextSelector()
    msgs = [m(0, "short"), m(1, "short"), m(2, "x" * 4000), m(3, "short")]
    contiguous = sel.select_messages(msgs, max_tokens=60)
    assert [x.id for x in contiguous] == ["m3"]
    skipping = sel.select_messages(msgs, max_tokens=60, contiguous=False)
    assert [x.id for x in skipping] == ["m0", "m1", "m3"]
    selection = sel.select(msgs, max_tokens=60, contiguous=False)
    assert selection.tokens == sum(estimate_message_tokens(x) for x in skipping) <= 60


def test_required_messages_stay_even_over_budget() -> None:
    sel = ContextSelector()
    big = m(0, "y" * 10_000, role="system")
    got = sel.select_messages([big, m(1)], max_tokens=100, required_ids=["m0"])
    assert [x.id for x in got] == ["m0"]


def test_relevance_mode_picks_by_score_with_an_optional_half_life() -> None:
    sel = ContextSelector(count_tokens=one_token_each)
    day = 86_400.0
    msgs = [m(0, at=0.0), m(1, at=9 * day), m(2, at=10 * day - 60), m(3, at=10 * day)]
    scores = {"m0": 0.9, "m1": 0.6, "m2": 0.1}
    plain = sel.select_relevant(msgs, scores, max_messages=2)
    assert [x.id for x in plain] == ["m0", "m1"]
    decayed = sel.select_relevant(msgs, scores, max_messages=2, half_life=day, now=10 * day)
    # m0 is 10 half-lives old: 0.9 / 1024 < m2's 0.1
    assert [x.id for x in decayed] == ["m1", "m2"]
    required = sel.select_relevant(msgs, scores, max_messages=1, required_ids=["m3"])
    assert [x.id for x in required] == ["m0", "m3"]
    with pytest.raises(ConfigurationError):
        sel.select_relevant(msgs, scores, half_life=0)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ConfigurationError):
        ContextSelector(max_tokens=-1)
    with pytest.raises(ConfigurationError):
        ContextSelector().select_messages([], required_ids="m1")
