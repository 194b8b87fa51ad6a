"""The store naming rule: distinct stores can never share a key."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from amplify_memory.errors import InvalidStoreNameError
from amplify_memory.storage import STORE_NAME_RULE, is_store_name, validate_store_name
from amplify_memory.storage._names import (
    journal_name,
    quarantine_name,
    store_of,
    validate_key,
)
from tests.unit.storage.storage_contract import INVALID_KEYS, VALID_STORE_NAMES


@pytest.mark.parametrize("name", VALID_STORE_NAMES)
def test_valid_store_names_pass_unchanged(name: str) -> None:
    assert validate_store_name(name) == name


@pytest.mark.parametrize("name", INVALID_KEYS, ids=repr)
def test_invalid_names_name_the_value_and_the_rule(name: object) -> None:
    with pytest.raises(InvalidStoreNameError) as info:
        validate_store_name(name)
    assert repr(name)[:30] in str(info.value)
    assert STORE_NAME_RULE in str(info.value)
    assert info.value.name == name
    assert isinstance(info.value, ValueError)


def test_internal_keys_are_not_store_names() -> None:
    assert not is_store_name("notes.pending-abc")
    assert validate_key("notes.pending-abc") == "notes.pending-abc"
    with pytest.raises(InvalidStoreNameError):
        validate_store_name("notes.corrupt-20250101T120000123Z")


def test_quarantine_names_are_timestamped_and_belong_to_their_store() -> None:
    key = quarantine_name("notes", now=1_735_732_800.123)
    assert key == "notes.corrupt-20250101T120000123Z"
    assert quarantine_name("notes", now=1_735_732_800.123, attempt=3).endswith("Z-3")
    assert store_of(key) == "notes"
    assert journal_name("notes", "ab12") == "notes.pending-ab12"
    with pytest.raises(InvalidStoreNameError, match="writer id"):
        journal_name("notes", "AB")


store_names = st.from_regex(re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,20}"), fullmatch=True)


@given(store_names, store_names, st.integers(0, 5), st.sampled_from(["a1", "zz9"]))
def test_keys_of_different_stores_never_collide(a: str, b: str, attempt: int, writer: str) -> None:
    if a == b:
        return
    keys_a = {a, quarantine_name(a, now=0, attempt=attempt), journal_name(a, writer)}
    keys_b = {b, quarantine_name(b, now=0, attempt=attempt), journal_name(b, writer)}
    assert not keys_a & keys_b
    assert {store_of(k) for k in keys_a} == {a}


def test_the_javascript_bridge_uses_the_same_rule() -> None:
    """web/js/idb.mjs mirrors the Python pattern; the browser tier checks behaviour."""
    from pathlib import Path

    source = (Path(__file__).parents[3] / "web" / "js" / "idb.mjs").read_text()
    assert "const STORE_PART = '[A-Za-z0-9][A-Za-z0-9_-]{0,127}';" in source
    assert "corrupt-[0-9]{8}T[0-9]{9}Z(?:-[0-9]{1,6})?|pending-[a-z0-9]{1,32}" in source
    assert "|head|log-[0-9]{1,15}-[0-9]{1,9}))?$" in source
