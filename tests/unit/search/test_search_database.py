"""Database: one block per method."""

from __future__ import annotations

from typing import Any

import pytest

from amplify_memory.errors import (
    AmplifyMemoryError,
    ConfigurationError,
    DocumentNotFoundError,
    DocumentValidationError,
    DuplicateDocumentError,
    InvalidSchemaTypeError,
    QueryError,
    SchemaError,
    VectorLengthError,
)
from amplify_memory.search import Database

SCHEMA: dict[str, Any] = {
    "id": "string",
    "content": "string",
    "tags": "string[]",
    "confidence": "number",
    "pinned": "boolean",
    "kind": "enum",
    "meta": {"author": "string"},
    "embedding": "vector[3]",
}


def memory(doc_id: str, content: str, **extra: Any) -> dict[str, Any]:
    return {"id": doc_id, "content": content, **extra}


class TestConstructor:
    def test_accepts_every_schema_type(self) -> None:
        db = Database(
            {
                **SCHEMA,
                "scores": "number[]",
                "flags": "boolean[]",
                "kinds": "enum[]",
                "deep": {"er": {"still": "string"}},
            }
        )
        assert "deep.er.still" in db.properties
        assert db.properties["embedding"].dimension == 3

    def test_rejects_an_unknown_schema_type_naming_the_property(self) -> None:
        with pytest.raises(InvalidSchemaTypeError) as info:
            Database({"id": "string", "meta": {"author": "strnig"}})
        assert "meta.author" in str(info.value)
        assert "strnig" in str(info.value)

    def test_rejects_a_malformed_vector_type(self) -> None:
        for bad in ("vector[0]", "vector[]", "vector[x]", "vector"):
            with pytest.raises(InvalidSchemaTypeError):
                Database({"v": bad})

    def test_rejects_a_non_string_id_and_an_empty_schema(self) -> None:
        with pytest.raises(SchemaError):
            Database({"id": "number"})
        with pytest.raises(SchemaError):
            Database({})

    def test_rejects_bad_bm25_parameters(self) -> None:
        with pytest.raises(ConfigurationError, match="k1"):
            Database(SCHEMA, k1=-1)
        with pytest.raises(ConfigurationError, match="b"):
            Database(SCHEMA, b=1.5)

    def test_reports_its_settings(self) -> None:
        settings = Database(SCHEMA, k1=1.5).settings
        assert settings["language"] == "english"
        assert settings["k1"] == 1.5
        assert settings["stop_words"] is True
        assert settings["stemming"] is True

    def test_errors_share_one_base_class(self) -> None:
        with pytest.raises(AmplifyMemoryError):
            Database({"x": "nope"})


class TestInsert:
    def test_returns_the_documents_id(self) -> None:
        db = Database(SCHEMA)
        assert db.insert(memory("m1", "hello")) == "m1"
        assert len(db) == 1
        assert "m1" in db

    def test_generates_an_id_when_the_document_has_none(self) -> None:
        db = Database(SCHEMA)
        doc_id = db.insert({"content": "no id here"})
        assert isinstance(doc_id, str)
        assert doc_id
        assert db.get(doc_id) == {"content": "no id here", "id": doc_id}

    def test_throws_on_a_duplicate_id(self) -> None:
        db = Database(SCHEMA)
        db.insert(memory("m1", "hello"))
        with pytest.raises(DuplicateDocumentError, match="m1"):
            db.insert(memory("m1", "again"))
        assert db.get("m1") == memory("m1", "hello")

    def test_names_the_property_path_and_expected_type(self) -> None:
        db = Database(SCHEMA)
        with pytest.raises(DocumentValidationError) as info:
            db.insert(memory("m1", "x", meta={"author": 42}))
        assert info.value.path == "meta.author"
        assert "meta.author" in str(info.value)
        assert "string" in str(info.value)
        assert "42" in str(info.value)

    def test_names_the_array_element_that_does_not_fit(self) -> None:
        db = Database(SCHEMA)
        with pytest.raises(DocumentValidationError, match=r"tags\[1\]"):
            db.insert(memory("m1", "x", tags=["ok", 3]))

    def test_rejects_wrong_scalar_types(self) -> None:
        db = Database(SCHEMA)
        bad: list[dict[str, Any]] = [
            {"confidence": "high"},
            {"confidence": True},
            {"confidence": float("nan")},
            {"pinned": 1},
            {"kind": ["a"]},
            {"content": 3},
            {"meta": "bob"},
            {"id": 7},
        ]
        for fields in bad:
            with pytest.raises(DocumentValidationError):
                db.insert({"id": "x", "content": "c", **fields})
        assert len(db) == 0

    def test_throws_its_own_error_on_a_wrong_vector_length(self) -> None:
        db = Database(SCHEMA)
        with pytest.raises(VectorLengthError) as info:
            db.insert(memory("m1", "x", embedding=[1.0, 2.0]))
        assert info.value.expected_length == 3
        assert info.value.actual_length == 2
        assert len(db) == 0

    def test_accepts_missing_and_extra_properties(self) -> None:
        db = Database(SCHEMA)
        db.insert({"id": "m1", "note": {"free": "form"}})
        assert db.get("m1") == {"id": "m1", "note": {"free": "form"}}

    def test_copies_the_document(self) -> None:
        db = Database(SCHEMA)
        doc = memory("m1", "hello", tags=["a"])
        db.insert(doc)
        doc["tags"].append("b")
        stored = db.get("m1")
        assert stored is not None
        assert stored["tags"] == ["a"]
        stored["tags"].append("c")
        assert db.get("m1") == memory("m1", "hello", tags=["a"])


class TestInsertMultiple:
    def test_returns_the_ids_in_order(self) -> None:
        db = Database(SCHEMA)
        assert db.insert_multiple([memory("a", "x"), memory("b", "y")]) == ["a", "b"]
        assert db.ids() == ["a", "b"]

    def test_inserts_nothing_when_one_document_is_invalid(self) -> None:
        db = Database(SCHEMA)
        with pytest.raises(DocumentValidationError):
            db.insert_multiple([memory("a", "x"), memory("b", "y", confidence="no")])
        assert len(db) == 0
        assert db.search("x").count == 0

    def test_inserts_nothing_on_a_duplicate_within_the_batch(self) -> None:
        db = Database(SCHEMA)
        with pytest.raises(DuplicateDocumentError):
            db.insert_multiple([memory("a", "x"), memory("a", "y")])
        assert len(db) == 0

    def test_inserts_nothing_on_a_duplicate_of_a_stored_document(self) -> None:
        db = Database(SCHEMA)
        db.insert(memory("a", "x"))
        with pytest.raises(DuplicateDocumentError):
            db.insert_multiple([memory("b", "y"), memory("a", "z")])
        assert db.ids() == ["a"]

    def test_rolls_back_when_a_custom_split_fails_midway(self) -> None:
        def split(text: str) -> list[str]:
            if "boom" in text:
                raise RuntimeError("split failed")
            return text.split()

        db = Database(SCHEMA, split=split)
        db.insert(memory("keep", "kept words"))
        before = db.save()
        with pytest.raises(RuntimeError):
            db.insert_multiple([memory("a", "fine text"), memory("b", "boom")])
        assert db.ids() == ["keep"]
        assert db.search("fine").count == 0
        assert db.save()["vocabulary"] == before["vocabulary"]


class TestUpdate:
    def test_replaces_the_document(self) -> None:
        db = Database(SCHEMA)
        db.insert(memory("m1", "likes tabs", tags=["style"]))
        db.update("m1", memory("m1", "likes spaces"))
        assert db.get("m1") == memory("m1", "likes spaces")
        assert db.search("tabs").count == 0
        assert db.search("spaces").ids == ["m1"]
        assert db.search("", where={"tags": {"containsAny": ["style"]}}).count == 0

    def test_keeps_the_documents_position(self) -> None:
        db = Database(SCHEMA)
        db.insert_multiple([memory("a", "tabs"), memory("b", "tabs"), memory("c", "tabs")])
        db.update("a", memory("a", "tabs"))
        assert db.ids() == ["a", "b", "c"]
        assert db.search("tabs").ids == ["a", "b", "c"]

    def test_accepts_a_document_without_id(self) -> None:
        db = Database(SCHEMA)
        db.insert(memory("m1", "old"))
        db.update("m1", {"content": "new"})
        assert db.get("m1") == {"content": "new", "id": "m1"}

    def test_throws_on_an_unknown_id(self) -> None:
        with pytest.raises(DocumentNotFoundError, match="nope"):
            Database(SCHEMA).update("nope", memory("nope", "x"))

    def test_refuses_to_change_the_id(self) -> None:
        db = Database(SCHEMA)
        db.insert(memory("m1", "x"))
        with pytest.raises(DocumentValidationError, match="m2"):
            db.update("m1", memory("m2", "x"))

    def test_changes_nothing_when_the_new_document_is_invalid(self) -> None:
        db = Database(SCHEMA)
        db.insert(memory("m1", "original text"))
        with pytest.raises(DocumentValidationError):
            db.update("m1", memory("m1", "new", confidence="bad"))
        assert db.get("m1") == memory("m1", "original text")
        assert db.search("original").ids == ["m1"]


class TestRemove:
    def test_returns_true_and_forgets_the_document(self) -> None:
        db = Database(SCHEMA)
        db.insert(memory("m1", "secret diary"))
        assert db.remove("m1") is True
        assert len(db) == 0
        assert db.get("m1") is None
        assert db.search("secret").count == 0

    def test_returns_false_for_an_unknown_id(self) -> None:
        assert Database(SCHEMA).remove("nope") is False

    def test_really_removes_the_text_from_the_next_snapshot(self) -> None:
        db = Database(SCHEMA)
        db.insert(memory("m1", "my password is hunter2"))
        db.insert(memory("m2", "public note"))
        db.remove("m1")
        raw = repr(db.save())
        assert "hunter2" not in raw
        assert "password" not in raw
        assert "m1" not in raw

    def test_allows_reinserting_the_id_at_the_end(self) -> None:
        db = Database(SCHEMA)
        db.insert_multiple([memory("a", "x"), memory("b", "x")])
        db.remove("a")
        db.insert(memory("a", "x"))
        assert db.ids() == ["b", "a"]
        assert db.search("x").ids == ["b", "a"]

    def test_remove_multiple_counts_the_removed_documents(self) -> None:
        db = Database(SCHEMA)
        db.insert_multiple([memory("a", "x"), memory("b", "y")])
        assert db.remove_multiple(["a", "zzz", "b"]) == 2
        assert len(db) == 0


class TestGet:
    def test_returns_none_for_an_unknown_id(self) -> None:
        assert Database(SCHEMA).get("x") is None

    def test_returns_a_copy(self) -> None:
        db = Database(SCHEMA)
        db.insert(memory("m1", "x", meta={"author": "ann"}))
        doc = db.get("m1")
        assert doc is not None
        doc["meta"]["author"] = "bob"
        assert db.search("", where={"meta.author": "ann"}).ids == ["m1"]


class TestFindText:
    def db(self) -> Database:
        db = Database(SCHEMA)
        db.insert_multiple(
            [
                memory("a", "Use  PostgreSQL for the database"),
                memory("b", "use postgresql for the DATABASE"),
                memory("c", "Use PostgreSQL for the database and Redis for the cache"),
                memory("d", "the"),
                memory("e", "Use PostgreSQL", meta={"author": "Use PostgreSQL"}),
            ]
        )
        return db

    def test_finds_the_same_text_with_white_space_and_case_aside(self) -> None:
        assert self.db().find_text("content", "use postgresql for the database") == ["a", "b"]

    def test_longer_shorter_and_unknown_texts_are_not_the_same(self) -> None:
        db = self.db()
        assert db.find_text("content", "Use PostgreSQL for the") == []
        assert db.find_text("content", "PostgreSQL for the database") == []
        assert db.find_text("content", "Use MySQL for the database") == []
        assert db.find_text("content", "") == []

    def test_a_text_of_stop_words_only_is_compared_with_every_document(self) -> None:
        assert self.db().find_text("content", " THE ") == ["d"]

    def test_reads_the_named_property_and_forgets_removed_documents(self) -> None:
        db = self.db()
        assert db.find_text("meta.author", "use postgresql") == ["e"]
        db.remove("a")
        db.update("b", memory("b", "something else"))
        assert db.find_text("content", "use postgresql for the database") == []

    def test_finds_it_among_many_texts_that_rank_above_it(self) -> None:
        db = Database(SCHEMA)
        db.insert_multiple(
            [memory(f"x{i}", "postgres postgres database " * 3 + f"n{i}") for i in range(50)]
        )
        db.insert(memory("y", "postgres database"))
        top = db.search(term="postgres database", limit=5).hits
        assert "y" not in [h.id for h in top]  # (what the old search-based check missed)
        assert db.find_text("content", "Postgres   Database") == ["y"]

    def test_refuses_what_is_not_a_single_string_property(self) -> None:
        db = self.db()
        for prop in ("tags", "confidence", "embedding", "nope", "id", 3):
            with pytest.raises(QueryError) as info:
                db.find_text(prop, "x")  # type: ignore[arg-type]
            assert "content" in str(info.value)
        with pytest.raises(QueryError):
            db.find_text("content", None)  # type: ignore[arg-type]
