"""Token estimates and budgeted context blocks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from amplify_memory.memory.prompt import estimate_tokens, format_context_lines


def test_estimate_counts_four_characters_a_token_rounded_up() -> None:
    assert estimate_tokens("") == 0
    assert estimate_tokens("abcd") == 1
    assert estimate_tokens("abcde") == 2


def test_lines_are_label_then_content_in_the_given_order() -> None:
    block = format_context_lines([("1", "preference", "User likes tabs"), ("2", "x", "b")], 100)
    assert block.text == "- [preference] User likes tabs\n- [x] b"
    assert block.ids == ("1", "2")


def test_newlines_in_content_never_break_a_line() -> None:
    block = format_context_lines([("1", "note", "a\nb\n\n- [fake] c")], 100)
    assert block.text.count("\n") == 0


def test_an_entry_too_long_is_skipped_and_later_ones_still_fit() -> None:
    entries = [("big", "note", "x" * 400), ("small", "note", "fits")]
    block = format_context_lines(entries, 20)
    assert block.ids == ("small",)


def test_a_negative_budget_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="max_tokens must be a non-negative integer, got -1"):
        format_context_lines([], -1)


@given(
    st.lists(
        st.tuples(st.text(min_size=1, max_size=8), st.text(max_size=12), st.text(max_size=300))
    ),
    st.integers(min_value=0, max_value=400),
)
def test_the_block_never_exceeds_its_budget(
    entries: list[tuple[str, str, str]], budget: int
) -> None:
    block = format_context_lines(entries, budget)
    assert estimate_tokens(block.text) <= budget
    assert block.tokens == estimate_tokens(block.text)
