"""where clauses."""

from __future__ import annotations

from typing import Any

import pytest

from amplify_memory.errors import FilterError, QueryError
from amplify_memory.search import Database

SCHEMA: dict[str, Any] = {
    "id": "string",
    "content": "string",
    "tags": "string[]",
    "labels": "enum[]",
    "scores": "number[]",
    "flags": "boolean[]",
    "confidence": "number",
    "pinned": "boolean",
    "kind": "enum",
    "priority": "enum",
    "meta": {"author": "string", "source": {"app": "enum"}},
    "embedding": "vector[2]",
}

DOCS: list[dict[str, Any]] = [
    {
        "id": "a",
        "content": "Prefers dark mode in the editor",
        "tags": ["ui pref", "editor"],
        "labels": ["x", "y"],
        "scores": [1, 5],
        "flags": [True],
        "confidence": 0.9,
        "pinned": True,
        "kind": "preference",
        "priority": 1,
        "meta": {"author": "Ann Lee", "source": {"app": "chat"}},
    },
    {
        "id": "b",
        "content": "Deploys happen on Fridays",
        "tags": ["ops"],
        "labels": ["y"],
        "scores": [7],
        "flags": [False],
        "confidence": 0.5,
        "pinned": False,
        "kind": "fact",
        "priority": 2,
        "meta": {"author": "Bob", "source": {"app": "email"}},
    },
    {
        "id": "c",
        "content": "Dark chocolate is a favourite",
        "labels": ["z"],
        "confidence": 0.1,
        "kind": "fact",
        "meta": {"author": "ann"},
    },
    {"id": "d", "content": "No metadata here"},
]


@pytest.fixture
def db() -> Database:
    database = Database(SCHEMA)
    database.insert_multiple(DOCS)
    return database


def ids(db: Database, where: dict[str, Any], term: str = "") -> list[str]:
    return db.search(term, where=where).ids


class TestNumbers:
    def test_compare_with_every_operator(self, db: Database) -> None:
        assert ids(db, {"confidence": {"gt": 0.5}}) == ["a"]
        assert ids(db, {"confidence": {"gte": 0.5}}) == ["a", "b"]
        assert ids(db, {"confidence": {"lt": 0.5}}) == ["c"]
        assert ids(db, {"confidence": {"lte": 0.5}}) == ["b", "c"]
        assert ids(db, {"confidence": {"eq": 0.5}}) == ["b"]
        assert ids(db, {"confidence": 0.5}) == ["b"]
        assert ids(db, {"confidence": {"between": [0.1, 0.5]}}) == ["b", "c"]

    def test_combine_operators_in_one_condition(self, db: Database) -> None:
        assert ids(db, {"confidence": {"gt": 0.2, "lt": 0.95}}) == ["a", "b"]

    def test_match_any_element_of_a_number_array(self, db: Database) -> None:
        assert ids(db, {"scores": {"gt": 6}}) == ["b"]
        assert ids(db, {"scores": {"containsAll": [1, 5]}}) == ["a"]

    def test_reject_operands_of_the_wrong_type(self, db: Database) -> None:
        with pytest.raises(FilterError, match="confidence"):
            db.search("", where={"confidence": {"gt": "high"}})
        with pytest.raises(FilterError, match="between"):
            db.search("", where={"confidence": {"between": [1]}})


class TestBooleans:
    def test_match_true_and_false(self, db: Database) -> None:
        assert ids(db, {"pinned": True}) == ["a"]
        assert ids(db, {"pinned": {"eq": False}}) == ["b"]
        assert ids(db, {"flags": True}) == ["a"]


class TestEnums:
    def test_support_eq_in_and_nin(self, db: Database) -> None:
        assert ids(db, {"kind": "fact"}) == ["b", "c"]
        assert ids(db, {"kind": {"in": ["preference", "other"]}}) == ["a"]
        assert ids(db, {"kind": {"nin": ["fact"]}}) == ["a", "d"]
        assert ids(db, {"priority": {"eq": 2}}) == ["b"]

    def test_arrays_support_contains_all_and_any(self, db: Database) -> None:
        assert ids(db, {"labels": {"containsAll": ["x", "y"]}}) == ["a"]
        assert ids(db, {"labels": {"containsAny": ["y", "z"]}}) == ["a", "b", "c"]
        assert ids(db, {"labels": "z"}) == ["c"]

    def test_reject_range_operators(self, db: Database) -> None:
        with pytest.raises(FilterError, match="gt"):
            db.search("", where={"kind": {"gt": "a"}})


class TestStrings:
    def test_match_every_token_of_the_value(self, db: Database) -> None:
        assert ids(db, {"content": "dark"}) == ["a", "c"]
        assert ids(db, {"content": "DARK modes"}) == ["a"]  # analysed like a search

    def test_match_any_of_a_list_of_values(self, db: Database) -> None:
        assert ids(db, {"content": ["chocolate", "fridays"]}) == ["b", "c"]

    def test_support_exact_values(self, db: Database) -> None:
        assert ids(db, {"meta.author": {"eq": "ann"}}) == ["c"]
        assert ids(db, {"meta.author": "ann"}) == ["a", "c"]
        assert ids(db, {"meta.author": {"in": ["Bob", "ann"]}}) == ["b", "c"]

    def test_match_string_array_elements(self, db: Database) -> None:
        assert ids(db, {"tags": "pref"}) == ["a"]
        assert ids(db, {"tags": {"containsAny": ["ops", "editor"]}}) == ["a", "b"]

    def test_match_the_id_exactly(self, db: Database) -> None:
        assert ids(db, {"id": "b"}) == ["b"]
        assert ids(db, {"id": ["a", "d"]}) == ["a", "d"]
        assert ids(db, {"id": {"nin": ["a"]}}) == ["b", "c", "d"]

    def test_match_nothing_for_a_value_of_stop_words(self, db: Database) -> None:
        assert ids(db, {"content": "the"}) == []


class TestNestedPaths:
    def test_accept_dotted_paths_and_nested_clauses(self, db: Database) -> None:
        assert ids(db, {"meta.source.app": "chat"}) == ["a"]
        assert ids(db, {"meta": {"source": {"app": "email"}}}) == ["b"]


class TestCombinators:
    def test_and_or_not(self, db: Database) -> None:
        assert ids(db, {"and": [{"kind": "fact"}, {"confidence": {"gt": 0.2}}]}) == ["b"]
        assert ids(db, {"or": [{"pinned": True}, {"kind": "fact"}]}) == ["a", "b", "c"]
        assert ids(db, {"not": {"kind": "fact"}}) == ["a", "d"]
        assert ids(db, {"kind": "fact", "confidence": {"lt": 0.2}}) == ["c"]

    def test_nest(self, db: Database) -> None:
        where = {"or": [{"and": [{"kind": "fact"}, {"not": {"pinned": False}}]}, {"id": "d"}]}
        assert ids(db, where) == ["c", "d"]


class TestWithSearch:
    def test_narrows_candidates_but_keeps_whole_database_statistics(self, db: Database) -> None:
        plain = {h.id: h.score for h in db.search("dark").hits}
        filtered = db.search("dark", where={"kind": "fact"})
        assert filtered.ids == ["c"]
        assert filtered.hits[0].score == plain["c"]
        assert filtered.count == 1


class TestErrors:
    def test_name_an_unknown_property(self, db: Database) -> None:
        with pytest.raises(FilterError, match="colour") as info:
            db.search("", where={"colour": "red"})
        assert "confidence" in str(info.value)

    def test_name_an_unknown_operator_and_the_valid_ones(self, db: Database) -> None:
        with pytest.raises(FilterError, match="'ne'") as info:
            db.search("", where={"confidence": {"ne": 1}})
        assert "gte" in str(info.value)

    def test_reject_vector_properties_and_bad_shapes(self, db: Database) -> None:
        with pytest.raises(FilterError):
            db.search("", where={"embedding": [1, 2]})
        with pytest.raises(FilterError):
            db.search("", where={"and": {"kind": "fact"}})
        with pytest.raises(QueryError):
            db.search("", where=["kind"])  # type: ignore[arg-type]
