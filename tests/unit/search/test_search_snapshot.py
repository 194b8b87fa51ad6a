"""save / load / from_snapshot."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from amplify_memory.errors import SnapshotError
from amplify_memory.search import SNAPSHOT_FORMAT, SNAPSHOT_VERSION, Database

SCHEMA: dict[str, Any] = {
    "id": "string",
    "content": "string",
    "tags": "string[]",
    "confidence": "number",
    "meta": {"author": "string"},
    "embedding": "vector[2]",
}

QUERIES = ["typescript", "tabs spaces", "migrat", "naive", "東京", ""]


def filled(**settings: Any) -> Database:
    db = Database(SCHEMA, **settings)
    db.insert_multiple(
        [
            {
                "id": "a",
                "content": "Prefers TypeScript; tabs over spaces",
                "tags": ["lang"],
                "confidence": 0.9,
                "embedding": [1, 0],
            },
            {
                "id": "b",
                "content": "Migration to Postgres planned",
                "meta": {"author": "bo"},
                "embedding": [0.5, 0.5],
            },
            {"id": "c", "content": "Naïve Bayes; 東京タワー", "tags": ["ml", "travel"]},
            {"id": "d", "content": "Spaces, not tabs, in YAML files", "confidence": 0.2},
        ]
    )
    return db


def results(db: Database) -> list[Any]:
    out: list[Any] = [db.search(q) for q in QUERIES]
    out.append(db.search("migra", prefix=True))
    out.append(db.search("tsbs", tolerance=1))
    out.append(db.search(mode="vector", vector={"value": [1, 0.2]}, similarity=0.1))
    out.append(db.search("tabs", where={"confidence": {"gt": 0.1}}, facets={"tags": {}}))
    return out


class TestSave:
    def test_is_json_serialisable_and_versioned(self) -> None:
        raw = filled().save()
        json.dumps(raw)
        assert raw["format"] == SNAPSHOT_FORMAT
        assert raw["version"] == SNAPSHOT_VERSION == 1

    def test_carries_schema_and_settings(self) -> None:
        raw = filled(k1=1.5, b=0.6, stop_words=["tabs"]).save()
        assert raw["schema"] == SCHEMA
        assert raw["settings"] == {
            "language": "english",
            "stemming": True,
            "stop_words": ["tabs"],
            "fold_accents": True,
            "custom_split": False,
            "k1": 1.5,
            "b": 0.6,
        }

    def test_stores_each_document_once_and_no_vectors_besides(self) -> None:
        db = filled()
        raw = db.save()
        assert [d["id"] for d in raw["documents"]] == ["a", "b", "c", "d"]
        assert set(raw) == {
            "format",
            "version",
            "schema",
            "settings",
            "documents",
            "fields",
            "vocabulary",
        }

    def test_renumbers_densely_after_removals(self) -> None:
        db = filled()
        db.remove("a")
        db.remove("c")
        raw = db.save()
        assert raw["fields"]["content"]["lengths"] == [3, 4]  # stop words not counted
        assert max(raw["fields"]["content"]["docs"]) <= 1


class TestLoad:
    def test_restores_identical_results_scores_included(self) -> None:
        db = filled()
        db2 = Database(SCHEMA)
        db2.load(json.loads(json.dumps(db.save())))
        assert results(db2) == results(db)
        assert len(db2) == 4
        assert db2.get("b") == db.get("b")

    def test_adopts_the_snapshots_settings(self) -> None:
        db = filled(k1=2.0, stemming=False)
        db2 = Database(SCHEMA)
        db2.load(db.save())
        assert db2.settings == db.settings
        assert results(db2) == results(db)

    def test_keeps_working_after_load(self) -> None:
        db = filled()
        db.remove("b")
        db2 = Database.from_snapshot(db.save())
        db2.insert({"id": "e", "content": "Another TypeScript note"})
        db.insert({"id": "e", "content": "Another TypeScript note"})
        db2.update("a", {"content": "changed"})
        db.update("a", {"content": "changed"})
        assert results(db2) == results(db)

    @pytest.mark.parametrize(
        "mutate",
        [
            lambda raw: raw.update(version=2),
            lambda raw: raw.update(version="1"),
            lambda raw: raw.update(format="orama"),
            lambda raw: raw.pop("fields"),
            lambda raw: raw["fields"]["content"].update(docs=[0, "x"]),
            lambda raw: raw["fields"]["content"].update(
                docs=[99] * len(raw["fields"]["content"]["docs"])
            ),
            lambda raw: raw["fields"]["content"]["tfs"].pop(),
            lambda raw: raw["fields"]["content"].update(lengths=[1]),
            lambda raw: raw["fields"]["content"]["terms"].append(""),
            lambda raw: raw["documents"][0].update(confidence="high"),
            lambda raw: raw["documents"][1].update(id="a"),
            lambda raw: raw["vocabulary"].update(counts=[0]),
            lambda raw: raw["settings"].update(language="klingon"),
            lambda raw: raw["settings"].update(k1=-3),
            lambda raw: raw["settings"].pop("stemming"),
            lambda raw: raw.update(schema={"id": "strnig"}),
            lambda raw: raw.update(documents={}),
        ],
    )
    def test_rejects_a_corrupt_or_unknown_snapshot_and_changes_nothing(self, mutate: Any) -> None:
        db = filled()
        before = results(db)
        raw = copy.deepcopy(filled().save())
        raw["documents"][0]["content"] = "something else entirely"
        mutate(raw)
        with pytest.raises(SnapshotError):
            db.load(raw)
        assert results(db) == before
        with pytest.raises(SnapshotError):
            Database.from_snapshot(raw)

    def test_rejects_a_non_dict(self) -> None:
        with pytest.raises(SnapshotError, match="dict"):
            Database(SCHEMA).load([])  # type: ignore[arg-type]

    def test_rejects_a_snapshot_of_another_schema(self) -> None:
        raw = filled().save()
        with pytest.raises(SnapshotError, match="from_snapshot"):
            Database({"id": "string", "text": "string"}).load(raw)

    def test_needs_the_custom_split_function_again(self) -> None:
        db = Database(SCHEMA, split=str.split)
        db.insert({"id": "x", "content": "c++ rocks"})
        raw = db.save()
        assert raw["settings"]["custom_split"] is True
        with pytest.raises(SnapshotError, match="split"):
            Database.from_snapshot(raw)
        restored = Database.from_snapshot(raw, split=str.split)
        assert restored.search("c++").ids == ["x"]


class TestFromSnapshot:
    def test_restores_without_knowing_the_schema(self) -> None:
        db = filled(language="english", k1=1.4)
        db2 = Database.from_snapshot(json.loads(json.dumps(db.save())))
        assert db2.schema == SCHEMA
        assert db2.settings == db.settings
        assert results(db2) == results(db)

    def test_restores_other_languages(self) -> None:
        db = Database({"id": "string", "text": "string"}, language="french")
        db.insert({"id": "1", "text": "Les chats mangeaient des souris"})
        db2 = Database.from_snapshot(db.save())
        assert db2.tokenizer.language == "french"
        assert db2.search("chat").ids == ["1"]
