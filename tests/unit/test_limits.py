"""The limits module's checks of JSON values (amplify_memory.limits)."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from amplify_memory.limits import json_problem, json_values_fit

_json_leaves = (
    st.none()
    | st.booleans()
    | st.text(max_size=3)
    | st.integers(-(2**60), 2**60)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.sampled_from([1e301, -1e301, 2**53, -(2**53), 2**53 + 1])
)
_json_like = st.recursive(
    _json_leaves,
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(st.text(max_size=2) | st.integers(0, 3), inner, max_size=3)
    ),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(values=st.lists(_json_like, max_size=4), depth=st.integers(0, 4))
def test_the_bulk_json_check_agrees_with_the_walk(values: list[Any], depth: int) -> None:
    """``json_values_fit`` (level by level, used on snapshot loads) says yes exactly when
    ``json_problem`` (value by value, used on insert) finds nothing in any value."""
    walked = all(json_problem(v, depth=depth) is None for v in values)
    assert json_values_fit(values, depth=depth) == walked
