"""save / load / from_snapshot."""

from __future__ import annotations

import base64
import copy
import json
import math
import struct
import zlib
from array import array
from typing import Any

import pytest
from tests.unit.fuzz._support import listed_tfs
from tests.unit.search.snapshots import bfloat16_bytes, edit_documents

from amplify_memory.errors import DocumentValidationError, NewerFormatError, SnapshotError
from amplify_memory.search import SNAPSHOT_FORMAT, SNAPSHOT_VERSION, Database, snapshot_documents
from amplify_memory.search._table import decode_table, encode_table
from amplify_memory.search._vector import (
    bfloat16_planes,
    from_bfloat16_bytes,
    from_bfloat16_planes,
)

SCHEMA: dict[str, Any] = {
    "id": "string",
    "content": "string",
    "tags": "string[]",
    "confidence": "number",
    "meta": {"author": "string"},
    "embedding": "vector[2]",
}


def _nest(depth: int, kind: str) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value] if kind == "list" else {"a": value}
    return value


QUERIES = ["typescript", "tabs spaces", "migrat", "naive", "東京", ""]


FIRST: dict[str, Any] = {
    "id": "a",
    "content": "Prefers TypeScript; tabs over spaces",
    "tags": ["lang"],
    "confidence": 0.9,
}


def filled(**settings: Any) -> Database:
    db = Database(SCHEMA, **settings)
    db.insert_multiple(
        [
            {**FIRST, "embedding": [1, 0]},
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
        assert raw["version"] == SNAPSHOT_VERSION == 6

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
        assert [d["id"] for d in snapshot_documents(raw)] == ["a", "b", "c", "d"]
        assert set(raw) == {
            "format",
            "version",
            "schema",
            "settings",
            "documents",
            "fields",
            "vocabulary",
            "vectors",
        }
        assert all("embedding" not in doc for doc in snapshot_documents(raw))
        assert set(raw["vectors"]) == {"embedding"}

    def test_copy_false_shares_the_documents_and_saves_the_same(self) -> None:
        db = filled()
        shared, copied = db.save(copy=False), db.save()
        assert shared == copied
        before = json.dumps(copied)
        for doc in db._state.docs:  # (what a caller of copy=False promises not to do)
            for value in doc.values():
                if isinstance(value, (list, dict)):
                    value.clear()
        assert json.dumps(copied) == before
        assert json.dumps(shared) != before  # (this one shares the stored values)

    def test_documents_are_columns_with_repeated_values_written_once(self) -> None:
        db = Database({"id": "string", "kind": "enum", "files": "string[]", "n": "number"})
        docs = [{"id": f"d{i}", "kind": "fix" if i % 3 else "decision", "files": []}
                for i in range(9)]  # fmt: skip
        docs[4] = {"n": 1, "id": "d4", "kind": "fix", "files": ["a.py"]}  # another shape
        db.insert_multiple(docs)
        table = db.save()["documents"]
        assert table["count"] == 9
        assert table["shapes"] == [["id", "kind", "files"], ["n", "id", "kind", "files"]]
        assert table["shape"] == [0, 0, 0, 0, 1, 0, 0, 0, 0]
        assert table["columns"]["kind"] == {"dict": ["decision", "fix"],
                                            "codes": [0, 1, 1, 0, 1, 1, 0, 1, 1]}  # fmt: skip
        assert table["columns"]["files"] == {
            "dict": [[], ["a.py"]],
            "codes": [0] * 4 + [1] + [0] * 4,
        }
        assert table["columns"]["id"] == {"values": [f"d{i}" for i in range(9)]}
        assert table["columns"]["n"] == {"values": [1]}
        again = Database.from_snapshot(json.loads(json.dumps(db.save())))
        assert [list(again.get(f"d{i}") or {}) for i in range(9)] == [list(d) for d in docs]
        assert [again.get(f"d{i}") for i in range(9)] == docs
        first, second = again.get("d0"), again.get("d1")
        assert first is not None
        assert second is not None
        first["files"].append("x.py")  # (a list from the dictionary is each document's own)
        assert second["files"] == []
        assert (again.get("d1") or {})["files"] == []

    @pytest.mark.parametrize(
        "column",
        [
            [1, 1.0, True, 1, 1.0, True, 1, 1],  # equal in Python, three JSON values
            [[1], [1.0], [True], [1], [1], [1]],
            [["a"], ["a", "b"], [["a"]], ["a"], ["a"], ["a"]],  # a list inside a list
            [{"a": 1}, {"a": 1}, {"a": True}, {"a": 1}, {"a": 1}],
            ["x", None, "x", None, "x", 0, "x"],
        ],
    )
    def test_a_dictionary_column_gives_back_each_value_exactly(self, column: list[Any]) -> None:
        docs = [{"id": f"d{i}", "v": value} for i, value in enumerate(column)]
        table = json.loads(json.dumps(encode_table(docs)))
        assert "dict" in table["columns"]["v"]  # (each column here repeats its values)
        again, _ = decode_table(table)
        assert again == docs
        assert json.dumps(again) == json.dumps(docs)  # (1, 1.0 and true are equal in Python)

    @pytest.mark.parametrize(
        ("mutate", "message"),
        [
            (lambda t: t.update(count=-1), "count"),
            (lambda t: t.update(count=8), "shape codes"),
            (lambda t: t.update(shapes=[["id", "id"]]), "shapes"),
            (lambda t: t["shape"].__setitem__(0, 2), "shape codes"),
            (lambda t: t["columns"].pop("n"), "columns"),
            (lambda t: t["columns"]["id"]["values"].pop(), "column 'id'"),
            (lambda t: t["columns"]["kind"]["codes"].__setitem__(0, 2), "column 'kind'"),
            (lambda t: t["columns"]["kind"]["codes"].__setitem__(0, -1), "column 'kind'"),
            (lambda t: t["columns"]["kind"].update(codes="0"), "column 'kind'"),
            (lambda t: t["columns"].update(files=[[]] * 9), "column 'files'"),
        ],
    )
    def test_rejects_a_malformed_table_and_changes_nothing(self, mutate: Any, message: str) -> None:
        db = Database({"id": "string", "kind": "enum", "files": "string[]", "n": "number"})
        db.insert_multiple([{"id": f"d{i}", "kind": "ab"[i % 2], "files": []} for i in range(8)])
        db.insert({"n": 2, "id": "d8", "kind": "a", "files": []})
        raw = db.save()
        mutate(raw["documents"])
        with pytest.raises(SnapshotError, match=message):
            db.load(raw)
        assert len(db) == 9

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
            lambda raw: raw.update(version=6),
            lambda raw: raw.update(version="1"),
            lambda raw: raw.update(format="orama"),
            lambda raw: raw.pop("fields"),
            lambda raw: raw["fields"]["content"].update(docs=[0, "x"]),
            lambda raw: raw["fields"]["content"].update(
                docs=[99] * len(raw["fields"]["content"]["docs"])
            ),
            lambda raw: raw["fields"]["content"]["tfsNot1"].append(0),
            lambda raw: raw["fields"]["content"].update(tfsNot1=[0, 1]),  # a frequency of 1
            lambda raw: raw["fields"]["content"].update(tfsNot1=[3, 2, 1, 2]),  # not rising
            lambda raw: raw["fields"]["content"].update(tfsNot1=[10**6, 2]),  # past the end
            lambda raw: raw["fields"]["content"].update(tfsNot1=["0", 2]),
            lambda raw: raw["fields"]["content"].update(tfsNot1=[0, 10**6]),  # past any length
            lambda raw: raw["fields"]["content"].pop("tfsNot1"),
            lambda raw: raw["fields"]["content"].update(tfs=[1]),  # (version 4's form, short)
            lambda raw: raw["fields"]["content"].update(lengths=[1]),
            lambda raw: raw["fields"]["content"]["terms"].append(""),
            lambda raw: edit_documents(raw, lambda docs: docs[0].update(confidence="high")),
            lambda raw: edit_documents(raw, lambda docs: docs[1].update(id="a")),
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
        edit_documents(raw, lambda docs: docs[0].update(content="something else entirely"))
        mutate(raw)
        with pytest.raises(SnapshotError):
            db.load(raw)
        assert results(db) == before
        with pytest.raises(SnapshotError):
            Database.from_snapshot(raw)

    @pytest.mark.parametrize(
        "extra",
        [
            _nest(1000, "list"),
            _nest(70, "dict"),
            {"deep": _nest(64, "list")},
            [1, float("nan")],
            {"n": 2**60},
            {1: "key that is not a string"},
            {"ok": [1, {2: "nested key"}]},
        ],
        ids=["list-1000", "dict-70", "nested-64", "nan", "huge-int", "int-key", "nested-int-key"],
    )
    def test_refuses_a_document_that_insert_refuses_and_changes_nothing(self, extra: Any) -> None:
        """Whatever a database accepts saves and loads back: a snapshot's documents are
        held to insert's rules outside the schema too (a 1,000-level list loaded, then
        made every save raise RecursionError: CI, 2026-12-03)."""
        raw = filled().save()
        with pytest.raises(DocumentValidationError):
            Database(SCHEMA).insert({"id": "z", "content": "x", "extra": extra})
        edit_documents(raw, lambda docs: docs[1].update(extra=extra))
        db = filled()
        before = results(db)
        with pytest.raises(SnapshotError, match="extra"):
            db.load(raw)
        assert results(db) == before
        with pytest.raises(SnapshotError):
            Database.from_snapshot(raw)

    def test_loads_extras_within_the_limits_and_saves_them_back(self) -> None:
        raw = filled().save()
        extras = {"list": _nest(62, "list"), "obj": {"a": [1, 2.5, None, True, "x"]}, "n": 2**53}
        edit_documents(raw, lambda docs: docs[0].update(extras))
        db = Database.from_snapshot(raw)
        assert {k: db.get("a")[k] for k in extras} == extras  # type: ignore[index]
        again = Database.from_snapshot(json.loads(json.dumps(db.save())))
        assert again.get("a") == db.get("a")

    def test_a_snapshot_of_a_newer_version_says_so(self) -> None:
        raw = {**filled().save(), "version": 7}
        with pytest.raises(NewerFormatError, match="version 7, written by a newer version"):
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


def as_version_5(raw: dict[str, Any]) -> dict[str, Any]:
    """``raw`` (version 6) as the version 5 writer saved it: each vector number's two
    bytes together (``bfloat16le``), none compressed."""
    old = copy.deepcopy(raw)
    old["version"] = 5
    for packed in old["vectors"].values():
        high = zlib.decompress(base64.b64decode(packed.pop("high")))
        rows = from_bfloat16_planes(high, base64.b64decode(packed.pop("low")))
        packed.update(encoding="bfloat16le", data=base64.b64encode(bfloat16_bytes(rows)).decode())
    return old


def as_version_4(raw: dict[str, Any]) -> dict[str, Any]:
    """``raw`` (version 6) as the version 4 writer saved it: every term frequency listed,
    every dictionary column as codes."""
    old = as_version_5(raw)
    old["version"] = 4
    for field in old["fields"].values():
        field["tfs"] = listed_tfs(field)
        del field["tfsNot1"]
    for column in old["documents"]["columns"].values():
        if "runs" in column:
            runs = column.pop("runs")
            column["codes"] = [c for c, n in zip(runs[0::2], runs[1::2], strict=True)
                               for _ in range(n)]  # fmt: skip
    return old


def as_version_3(raw: dict[str, Any]) -> dict[str, Any]:
    """``raw`` (version 5) as the version 3 writer saved it: vectors as 32-bit floats."""
    old = as_version_4(raw)
    old["version"] = 3
    for packed in old["vectors"].values():
        rows = from_bfloat16_bytes(base64.b64decode(packed["data"]))
        packed.update(encoding="float32le", data=base64.b64encode(rows.tobytes()).decode())
    return old


def as_version_2(raw: dict[str, Any]) -> dict[str, Any]:
    """``raw`` (version 5) as the version 2 writer saved it: the documents as a list."""
    old = as_version_3(raw)
    old["documents"] = snapshot_documents(old)
    old["version"] = 2
    return old


def as_version_1(raw: dict[str, Any]) -> dict[str, Any]:
    """``raw`` (version 5) as the version 1 writer saved it: vectors inside the documents."""
    old = as_version_2(raw)
    vectors = old.pop("vectors")
    old["version"] = 1
    for name, packed in vectors.items():
        present = base64.b64decode(packed["present"])
        rows = array("f", base64.b64decode(packed["data"])).tolist()
        dim = len(rows) // max(1, present.count(1))
        keys = name.split(".")
        for doc, has in zip(old["documents"], present, strict=True):
            if has:
                parent = doc
                for key in keys[:-1]:
                    parent = parent.setdefault(key, {})
                parent[keys[-1]] = rows[:dim]
                rows = rows[dim:]
    return old


def b64z(data: bytes) -> str:
    return base64.b64encode(zlib.compress(data)).decode()


def planes(rows: array[float]) -> dict[str, str]:
    high, low = bfloat16_planes(rows)
    return {"high": b64z(high), "low": base64.b64encode(low).decode()}


class TestPackedVectors:
    def test_vectors_are_saved_packed_and_come_back(self) -> None:
        db = filled()
        raw = db.save()
        packed = raw["vectors"]["embedding"]
        assert packed["encoding"] == "bfloat16split"
        assert base64.b64decode(packed["present"]) == bytes([1, 1, 0, 0])
        assert len(base64.b64decode(packed["low"])) == 2 * 2  # two vectors of 2 numbers
        assert len(zlib.decompress(base64.b64decode(packed["high"]))) == 2 * 2
        again = Database.from_snapshot(json.loads(json.dumps(raw)))
        assert again.get("a") == db.get("a") == {**FIRST, "embedding": [1.0, 0.0]}
        assert again.get("c") is not None
        assert "embedding" not in (again.get("c") or {})
        assert results(again) == results(db)

    @pytest.mark.parametrize(
        "old_version", [as_version_1, as_version_2, as_version_3, as_version_4, as_version_5]
    )
    def test_an_older_snapshot_loads_and_is_saved_as_version_6(self, old_version: Any) -> None:
        db = filled()
        if old_version in (as_version_4, as_version_5):
            old = old_version(db.save())
            assert "data" in old["vectors"]["embedding"]
            again = Database.from_snapshot(old)
            assert results(again) == results(db)
            assert again.save() == db.save()
            return
        if old_version is as_version_3:
            again = Database.from_snapshot(as_version_3(db.save()))
            assert results(again) == results(db)
            assert again.save() == db.save()
            return
        if old_version is as_version_2:
            old = as_version_2(db.save())
            assert [d["id"] for d in old["documents"]] == ["a", "b", "c", "d"]
            again = Database.from_snapshot(old)
            assert results(again) == results(db)
            assert again.save() == db.save()
            return
        old = as_version_1(db.save())
        assert old["documents"][0]["embedding"] == [1.0, 0.0]
        again = Database(SCHEMA)
        again.load(old)
        assert results(again) == results(db)
        assert [again.get(i) for i in "abcd"] == [db.get(i) for i in "abcd"]
        assert again.save() == db.save()

    def test_nested_vectors_and_removals_survive_a_round_trip(self) -> None:
        schema = {"id": "string", "text": "string", "meta": {"v": "vector[3]", "who": "string"}}
        db = Database(schema)
        for i in range(6):
            meta: dict[str, Any] = {"who": f"w{i}"}
            if i % 3:
                meta["v"] = [i, 1.0 / (i + 1), -0.1]
            db.insert({"id": str(i), "text": f"note {i}", "meta": meta})
        db.remove("1")
        db.patch("2", {"text": "patched"})
        db.update("4", {"text": "updated", "meta": {"who": "x"}})  # its vector is gone
        raw = db.save()
        assert all("v" not in doc["meta"] for doc in snapshot_documents(raw))
        olds = (as_version_1(raw), as_version_2(raw))
        for again in (Database.from_snapshot(raw), *map(Database.from_snapshot, olds)):
            assert [again.get(i) for i in "02345"] == [db.get(i) for i in "02345"]
            query = {"mode": "vector", "vector": {"value": [1, 1, 1]}, "similarity": -1}
            assert again.search(**query).hits == db.search(**query).hits
        stored = db.get("2")
        assert stored is not None
        assert stored["text"] == "patched"
        assert stored["meta"]["v"] == pytest.approx([2.0, 1 / 3, -0.1], rel=2**-8)  # bfloat16
        assert "v" not in (db.get("4") or {})["meta"]

    @pytest.mark.parametrize(
        ("mutate", "message"),
        [
            (lambda v: v.update(encoding="float64"), "encoding"),
            (lambda v: v.update(low="not base64!"), "vectors 'embedding'"),
            (lambda v: v.update(low=v["low"][:-4]), "expected 4"),
            (
                lambda v: v.update(high=base64.b64encode(b"not zlib").decode()),
                "vectors 'embedding'",
            ),
            (lambda v: v.update(high=b64z(bytes(5))), "exactly 4"),
            (lambda v: v.update(high=b64z(bytes(3))), "exactly 4"),
            (lambda v: v.update(high=v["high"] + "AAAA"), "exactly 4"),  # (bytes after it)
            (lambda v: v.update(present=base64.b64encode(bytes([1, 2, 0, 0])).decode()), "byte"),
            (lambda v: v.update(present=base64.b64encode(bytes([1, 1, 0])).decode()), "byte"),
            (lambda v: v.update(planes(array("f", [1, 0, math.nan, 1]))), "not finite"),
            (lambda v: v.pop("present"), "vectors 'embedding'"),
            (lambda v: v.pop("high"), "vectors 'embedding'"),
        ],
    )
    def test_rejects_corrupt_vectors_and_changes_nothing(self, mutate: Any, message: str) -> None:
        # (and version 5's: both bytes of a number in "data")
        for corrupt in (
            lambda v: v.update(data=v["data"][:-8]),
            lambda v: v.update(data="not base64!"),
        ):
            old = as_version_5(filled().save())
            corrupt(old["vectors"]["embedding"])
            with pytest.raises(SnapshotError, match="vectors 'embedding'"):
                Database.from_snapshot(old)
        db = filled()
        before = results(db)
        raw = copy.deepcopy(db.save())
        mutate(raw["vectors"]["embedding"])
        with pytest.raises(SnapshotError, match=message):
            db.load(raw)
        assert results(db) == before

    def test_a_version_3_store_s_32_bit_floats_are_rounded_as_they_load(self) -> None:
        """What a store holds is what it saves: a version 3 snapshot's full 32-bit floats
        load as the bfloat16 numbers a store would have made of them, and save so."""
        db = Database(SCHEMA)
        db.insert({**FIRST, "embedding": [0.1, -3.14159]})
        old = as_version_3(db.save())
        old["vectors"]["embedding"]["data"] = base64.b64encode(
            array("f", [0.1, -3.14159]).tobytes()
        ).decode()
        again = Database.from_snapshot(old)
        assert (again.get("a") or {})["embedding"] == [0.10009765625, -3.140625]
        assert again.save() == db.save()

    @pytest.mark.parametrize("word", [0x7FFFFFFF, 0xFFFFFFFF, 0x7FC00000, 0x7F800001, 0x7F800000])
    def test_a_version_3_store_with_a_number_that_is_not_finite_is_rejected(
        self, word: int
    ) -> None:
        """NaNs and infinities whose bits the rounding would have carried into a finite
        number (or into the next one) are refused before it, as version 3 refused them."""
        db = Database(SCHEMA)
        db.insert({**FIRST, "embedding": [0.5, 1.0]})
        old = as_version_3(db.save())
        old["vectors"]["embedding"]["data"] = base64.b64encode(
            struct.pack("<2I", word, 0x3F808000)
        ).decode()
        with pytest.raises(SnapshotError, match="not finite"):
            Database.from_snapshot(old)

    def test_rejects_vectors_in_packed_documents_or_a_missing_section(self) -> None:
        raw = filled().save()
        for inside in (copy.deepcopy(raw), as_version_2(raw)):
            if inside["version"] == 2:
                inside["documents"][2]["embedding"] = [0.0, 1.0]
            else:
                edit_documents(inside, lambda docs: docs[2].update(embedding=[0.0, 1.0]))
            with pytest.raises(SnapshotError, match="must not hold"):
                Database.from_snapshot(inside)
        raw.pop("vectors")
        with pytest.raises(SnapshotError, match="vectors"):
            Database.from_snapshot(raw)


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


class TestCompactColumns:
    """Version 5: term frequencies other than 1 as (position, frequency) pairs, and a
    dictionary column whose codes run long as (code, count) runs."""

    def test_only_the_frequencies_other_than_1_are_written_and_all_come_back(self) -> None:
        db = Database({"id": "string", "content": "string"})
        db.insert_multiple(
            [
                {"id": "a", "content": "redis redis cache"},  # "redis" twice
                {"id": "b", "content": "cache of redis"},
                {"id": "c", "content": "cache cache cache queue"},
            ]
        )
        field = db.save()["fields"]["content"]
        assert "tfs" not in field
        pairs = field["tfsNot1"]
        assert sorted(pairs[1::2]) == [2, 3]  # (redis in a, cache in c)
        again = Database.from_snapshot(json.loads(json.dumps(db.save())))
        for query in ("redis", "cache", "queue"):
            assert again.search(query).hits == db.search(query).hits

    def test_a_long_run_of_one_value_is_written_as_runs(self) -> None:
        docs = [{"id": f"d{i}", "project": "app", "kind": "ab"[i % 2]} for i in range(40)]
        table = json.loads(json.dumps(encode_table(docs)))
        assert table["columns"]["project"] == {"dict": ["app"], "runs": [0, 40]}
        assert "codes" in table["columns"]["kind"]  # (alternating: runs would be longer)
        again, _ = decode_table(table)
        assert again == docs

    @pytest.mark.parametrize(
        "runs",
        [[0, 39], [0, 41], [0, 20, 0], [1, 40], [0, 0, 0, 40], ["0", 40], "0,40", [0, -1, 0, 41]],
    )
    def test_rejects_runs_that_do_not_give_the_column(self, runs: Any) -> None:
        docs = [{"id": f"d{i}", "project": "app"} for i in range(40)]
        table = json.loads(json.dumps(encode_table(docs)))
        table["columns"]["project"]["runs"] = runs
        with pytest.raises(SnapshotError, match="column 'project'"):
            decode_table(table)

    @pytest.mark.parametrize("count", [10**8, 10**12])
    def test_a_count_past_the_listed_values_is_refused_before_anything_is_built(
        self, count: int
    ) -> None:
        docs = [{"id": f"d{i}", "project": "app"} for i in range(40)]
        table = json.loads(json.dumps(encode_table(docs)))
        table["count"] = count
        table["columns"]["project"]["runs"] = [0, count]  # (runs that agree with it)
        with pytest.raises(SnapshotError, match="column 'id'"):
            decode_table(table)

    def test_a_table_of_runs_alone_is_refused(self) -> None:
        docs = [{"id": f"d{i}", "project": "app"} for i in range(40)]
        table = json.loads(json.dumps(encode_table(docs)))
        table["columns"]["id"] = {"dict": ["d"], "runs": [0, 40]}
        with pytest.raises(SnapshotError, match="lists their values"):
            decode_table(table)


def test_a_schema_migration_of_a_snapshot_with_a_false_count_is_refused_not_allocated() -> None:
    # (a migration that adds a vector property writes "no vector" for each document
    # before the snapshot is checked: the count must be borne out by a listed column)
    from amplify_memory.memory._common import MigratingDatabase

    old = {"id": "string", "content": "string"}
    db = Database(old)
    db.insert_multiple([{"id": f"d{i}", "content": "x"} for i in range(5)])
    new = {**old, "embedding": "vector[4]"}
    raw = db.save()
    raw["documents"]["count"] = 10**12
    with pytest.raises(SnapshotError, match="column 'id'"):
        MigratingDatabase(new, added={"embedding"}).load(raw)
    migrated = MigratingDatabase(new, added={"embedding"})
    migrated.load(db.save())
    assert len(migrated) == 5
    assert migrated.migrated_from == old


@pytest.mark.parametrize("chunk", [1, 3, 7, 1 << 20])
def test_the_planes_split_and_join_a_chunk_at_a_time(
    chunk: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Split and joined in chunks (of 2**20 numbers in use), whatever the count's
    remainder: the numbers come back bit for bit."""
    from amplify_memory.search import _vector

    monkeypatch.setattr(_vector, "_PLANE_CHUNK", chunk)
    rows = array("f", [((i * 37) % 101 - 50) / 7.0 for i in range(10)])
    rows = _vector.to_bfloat16(rows)
    high, low = bfloat16_planes(rows)
    assert (len(high), len(low)) == (10, 10)
    assert bytes(high) == bytes(memoryview(rows).cast("B")[3::4])
    back = from_bfloat16_planes(bytes(high), memoryview(bytes(low)))
    assert back.tobytes() == rows.tobytes()
