"""Database.patch (some properties of a document) and search(include_vectors=False)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from amplify_memory.errors import DocumentNotFoundError, DocumentValidationError
from amplify_memory.search import Database
from amplify_memory.search._schema import copy_json

SCHEMA: dict[str, Any] = {
    "id": "string",
    "content": "string",
    "count": "number",
    "tags": "string[]",
    "embedding": "vector[2]",
    "meta": {"origin": "string", "v": "vector[2]"},
}


def make() -> Database:
    db = Database(SCHEMA)
    db.insert(
        {
            "id": "a",
            "content": "prefers tabs",
            "count": 1,
            "tags": ["style"],
            "embedding": [1.0, 0.0],
            "meta": {"origin": "chat", "v": [0.0, 1.0]},
        }
    )
    db.insert({"id": "b", "content": "uses docker", "count": 2})
    return db


class TestPatch:
    def test_changes_only_the_given_properties(self) -> None:
        db = make()
        db.patch("a", {"count": 5})
        doc = db.get("a")
        assert doc is not None
        assert doc["count"] == 5
        assert doc["content"] == "prefers tabs"
        assert doc["embedding"] == [1.0, 0.0]
        assert db.search("tabs").ids == ["a"]

    def test_reindexes_a_changed_text(self) -> None:
        db = make()
        db.patch("a", {"content": "prefers spaces"})
        assert db.search("tabs").count == 0
        assert db.search("spaces").ids == ["a"]

    def test_none_removes_a_property(self) -> None:
        db = make()
        db.patch("a", {"embedding": None})
        doc = db.get("a")
        assert doc is not None
        assert "embedding" not in doc
        query = {"value": [1, 0], "property": "embedding"}
        assert db.search(mode="vector", vector=query).count == 0

    def test_equals_an_update_with_the_merged_document(self) -> None:
        patched, updated = make(), make()
        changes = {"content": "prefers spaces", "tags": ["style", "editor"], "count": 3}
        patched.patch("a", changes)
        current = updated.get("a")
        assert current is not None
        updated.update("a", {**current, **changes})
        assert patched.save() == updated.save()

    def test_unknown_id_is_an_error(self) -> None:
        with pytest.raises(DocumentNotFoundError, match="nope"):
            make().patch("nope", {"count": 1})

    def test_an_invalid_value_changes_nothing(self) -> None:
        db = make()
        before = db.save()
        with pytest.raises(DocumentValidationError, match="count"):
            db.patch("a", {"count": "many", "content": "changed"})
        with pytest.raises(DocumentValidationError, match="embedding"):
            db.patch("a", {"embedding": [1.0, "x"]})
        with pytest.raises(DocumentValidationError, match=r"meta\.origin"):
            db.patch("a", {"meta": {"origin": 7}})
        with pytest.raises(DocumentValidationError, match="changes"):
            db.patch("a", ["count", 1])  # type: ignore[arg-type]
        assert db.save() == before

    def test_the_id_cannot_change(self) -> None:
        db = make()
        with pytest.raises(DocumentValidationError, match="id"):
            db.patch("a", {"id": "z"})
        db.patch("a", {"id": "a", "count": 9})  # the same id is fine
        assert db.get("a")["count"] == 9  # type: ignore[index]

    def test_the_caller_keeps_no_handle_on_the_stored_values(self) -> None:
        db = make()
        tags = ["x"]
        db.patch("a", {"tags": tags})
        tags.append("y")
        assert db.get("a")["tags"] == ["x"]  # type: ignore[index]


class TestIncludeVectors:
    def test_false_strips_top_level_and_nested_vectors(self) -> None:
        hit = make().search("tabs", include_vectors=False).hits[0]
        assert "embedding" not in hit.document
        assert hit.document["meta"] == {"origin": "chat"}
        assert hit.document["tags"] == ["style"]

    def test_default_keeps_them(self) -> None:
        hit = make().search("tabs").hits[0]
        assert hit.document["embedding"] == [1.0, 0.0]
        assert hit.document["meta"]["v"] == [0.0, 1.0]

    def test_hits_are_copies(self) -> None:
        db = make()
        hit = db.search("tabs", include_vectors=False).hits[0]
        hit.document["tags"].append("mutated")
        hit.document["meta"]["origin"] = "mutated"
        assert db.get("a")["tags"] == ["style"]  # type: ignore[index]
        assert db.get("a")["meta"]["origin"] == "chat"  # type: ignore[index]

    def test_must_be_a_bool(self) -> None:
        with pytest.raises(Exception, match="include_vectors"):
            make().search("tabs", include_vectors="no")  # type: ignore[arg-type]


json_value = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=3), inner, max_size=4)
    ),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(json_value)
def test_copy_json_copies_deeply_and_turns_tuples_into_lists(value: Any) -> None:
    def canon(v: Any) -> Any:
        if isinstance(v, dict):
            return {k: canon(x) for k, x in v.items()}
        if isinstance(v, (list, tuple)):
            return [canon(x) for x in v]
        return v

    copy = copy_json(value)
    assert copy == canon(value)

    def containers(v: Any) -> list[int]:
        if isinstance(v, dict):
            return [id(v), *[i for x in v.values() for i in containers(x)]]
        if isinstance(v, (list, tuple)):
            return [id(v), *[i for x in v for i in containers(x)]]
        return []

    assert not set(containers(copy)) & set(containers(value))


class TestSelect:
    def test_returns_the_id_and_the_selected_properties(self) -> None:
        db = make()
        hit = db.search("tabs", select=["content", "tags"]).hits[0]
        assert hit.document == {"id": "a", "content": "prefers tabs", "tags": ["style"]}

    def test_the_same_hits_and_scores_as_without(self) -> None:
        db = make()
        full = db.search(
            "tabs docker", mode="hybrid", vector={"value": [1, 0], "property": "embedding"}
        )
        some = db.search(
            "tabs docker",
            mode="hybrid",
            vector={"value": [1, 0], "property": "embedding"},
            select=["count"],
        )
        assert [(h.id, h.score) for h in some.hits] == [(h.id, h.score) for h in full.hits]
        assert [h.document for h in some.hits] == [
            {"id": h.id, "count": h.document["count"]} for h in full.hits
        ]

    def test_vectors_follow_include_vectors(self) -> None:
        db = make()
        with_vectors = db.search("tabs", select=["embedding", "meta"]).hits[0].document
        assert with_vectors["embedding"] == [1.0, 0.0]
        assert with_vectors["meta"] == {"origin": "chat", "v": [0.0, 1.0]}
        without = db.search("tabs", select=["embedding", "meta"], include_vectors=False)
        assert without.hits[0].document == {"id": "a", "meta": {"origin": "chat"}}

    def test_copies(self) -> None:
        db = make()
        doc = db.search("tabs", select=["tags", "meta"]).hits[0].document
        doc["tags"].append("x")
        doc["meta"]["origin"] = "x"
        assert db.get("a")["tags"] == ["style"]  # type: ignore[index]
        assert db.get("a")["meta"]["origin"] == "chat"  # type: ignore[index]

    def test_unknown_names_and_bad_shapes_are_clear_errors(self) -> None:
        db = make()
        with pytest.raises(Exception, match=r"'contnet' is not a top-level property.*content"):
            db.search("tabs", select=["contnet"])
        with pytest.raises(Exception, match="a list of property names"):
            db.search("tabs", select="content")
        with pytest.raises(Exception, match=r"'meta\.origin' is not a top-level"):
            db.search("tabs", select=["meta.origin"])


def test_patch_keys_are_top_level_names() -> None:
    db = make()
    with pytest.raises(DocumentValidationError, match=r"meta\.origin"):
        db.patch("a", {"meta.origin": "x"})
    with pytest.raises(DocumentValidationError, match="top-level property name"):
        db.patch("a", {1: "x"})  # type: ignore[dict-item]
    assert db.get("a")["meta"] == {"origin": "chat", "v": [0.0, 1.0]}  # type: ignore[index]


def test_select_names_must_be_strings() -> None:
    with pytest.raises(Exception, match="property names"):
        make().search("tabs", select=[["content"]])  # type: ignore[list-item]
