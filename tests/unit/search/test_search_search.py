"""Database.search: matching, threshold, prefix, fuzzy, exact, pages, sorting, vectors."""

from __future__ import annotations

from typing import Any

import pytest

from amplify_memory.errors import QueryError, VectorLengthError
from amplify_memory.search import Database, SearchResult

SCHEMA: dict[str, Any] = {
    "id": "string",
    "title": "string",
    "content": "string",
    "tags": "string[]",
    "confidence": "number",
    "pinned": "boolean",
    "kind": "enum",
    "meta": {"author": "string"},
    "embedding": "vector[3]",
}

DOCS: list[dict[str, Any]] = [
    {
        "id": "ts",
        "title": "Language",
        "content": "The user prefers TypeScript over JavaScript",
        "tags": ["lang", "preference"],
        "confidence": 0.9,
        "pinned": True,
        "kind": "preference",
        "meta": {"author": "ann"},
        "embedding": [1.0, 0.0, 0.0],
    },
    {
        "id": "mig",
        "title": "Ops",
        "content": "Database migration scheduled for Friday",
        "tags": ["ops"],
        "confidence": 0.4,
        "pinned": False,
        "kind": "fact",
        "meta": {"author": "bob"},
        "embedding": [0.0, 1.0, 0.0],
    },
    {
        "id": "tabs",
        "title": "Style",
        "content": "Prefers tabs over spaces in Python code",
        "tags": ["style", "preference"],
        "confidence": 0.7,
        "pinned": False,
        "kind": "preference",
        "meta": {"author": "ann"},
        "embedding": [0.9, 0.1, 0.0],
    },
    {
        "id": "mig2",
        "title": "Ops",
        "content": "Migrating the users table needs a migration plan",
        "tags": ["ops", "db"],
        "confidence": 0.2,
        "kind": "task",
        "embedding": [0.0, 0.9, 0.1],
    },
    {
        "id": "naive",
        "title": "ML",
        "content": "Naïve Bayes baseline; 東京タワーの写真",
        "confidence": 0.5,
        "pinned": True,
        "kind": "fact",
    },
]


@pytest.fixture
def db() -> Database:
    database = Database(SCHEMA)
    database.insert_multiple(DOCS)
    return database


class TestMatching:
    def test_finds_stemmed_matches(self, db: Database) -> None:
        assert db.search("typescript preference").ids[0] == "ts"
        assert set(db.search("migrations").ids) == {"mig", "mig2"}

    def test_returns_a_search_result_with_documents(self, db: Database) -> None:
        result = db.search("friday")
        assert isinstance(result, SearchResult)
        assert result.count == 1
        assert result.hits[0].document == DOCS[1]
        assert result.hits[0].score > 0
        assert result.facets is None

    def test_matches_accented_and_cjk_text(self, db: Database) -> None:
        assert db.search("naive").ids == ["naive"]
        assert db.search("NAÏVE").ids == ["naive"]
        assert db.search("東京").ids == ["naive"]
        assert db.search("写真").ids == ["naive"]

    def test_does_not_prefix_match_by_default(self, db: Database) -> None:
        assert db.search("migr").count == 0
        assert db.search("the").count == 0  # a stop word matches nothing

    def test_returns_all_documents_for_an_empty_term(self, db: Database) -> None:
        result = db.search("")
        assert result.count == 5
        assert result.ids == [d["id"] for d in DOCS]
        assert all(h.score == 0.0 for h in result.hits)

    def test_breaks_ties_by_insertion_order(self) -> None:
        db = Database({"id": "string", "content": "string"})
        db.insert_multiple([{"id": str(i), "content": "identical words"} for i in range(20)])
        assert db.search("identical", limit=20).ids == [str(i) for i in range(20)]

    def test_searches_only_the_given_properties(self, db: Database) -> None:
        assert db.search("ops").ids == ["mig", "mig2"]  # the tags mention ops too
        assert db.search("ops", properties=["title"]).count == 2
        assert db.search("ops", properties=["content"]).count == 0
        assert db.search("bob", properties=["meta.author"]).ids == ["mig"]

    def test_does_not_search_the_id(self, db: Database) -> None:
        assert db.search("mig2").count == 0

    def test_rejects_unknown_or_non_string_properties(self, db: Database) -> None:
        with pytest.raises(QueryError, match="confidence"):
            db.search("x", properties=["confidence"])
        with pytest.raises(QueryError, match="nope"):
            db.search("x", properties=["nope"])
        with pytest.raises(QueryError, match="nope"):
            db.search("x", boost={"nope": 2})


class TestThreshold:
    def test_one_returns_documents_matching_any_term(self, db: Database) -> None:
        assert set(db.search("typescript friday", threshold=1).ids) == {"ts", "mig"}

    def test_zero_returns_only_documents_matching_all_terms(self, db: Database) -> None:
        assert db.search("typescript friday", threshold=0).count == 0
        assert db.search("prefers typescript", threshold=0).ids == ["ts"]

    def test_in_between_requires_a_share_of_the_terms(self, db: Database) -> None:
        # 3 distinct terms; threshold 0.5 -> at least ceil(0.5 * 3) = 2 must match
        result = db.search("prefers typescript spaces", threshold=0.5)
        assert set(result.ids) == {"ts", "tabs"}
        assert db.search("prefers typescript javascript", threshold=0.3).ids == ["ts"]

    def test_rejects_a_threshold_outside_zero_to_one(self, db: Database) -> None:
        with pytest.raises(QueryError, match="threshold"):
            db.search("x", threshold=1.5)


class TestPrefix:
    def test_expands_the_last_word_with_stemming_on(self, db: Database) -> None:
        assert set(db.search("migrati", prefix=True).ids) == {"mig", "mig2"}
        assert db.search("typescr", prefix=True).ids == ["ts"]

    def test_expands_only_the_last_word(self, db: Database) -> None:
        assert db.search("typescr friday", prefix=True).ids == ["mig"]

    def test_scores_a_prefix_match_below_the_exact_match(self) -> None:
        db = Database({"id": "string", "content": "string"})
        db.insert({"id": "prefix", "content": "cartography"})
        db.insert({"id": "exact", "content": "cart"})
        result = db.search("cart", prefix=True)
        assert result.ids == ["exact", "prefix"]
        assert result.hits[1].score < result.hits[0].score

    def test_treats_a_stop_word_as_a_prefix_while_typing(self) -> None:
        db = Database({"id": "string", "content": "string"})
        db.insert({"id": "t", "content": "theory of everything"})
        assert db.search("the", prefix=True).ids == ["t"]


class TestTolerance:
    def test_matches_words_within_the_edit_distance(self, db: Database) -> None:
        assert db.search("typescirpt", tolerance=2).ids == ["ts"]
        assert db.search("fridya", tolerance=1).count == 0
        assert db.search("fridya", tolerance=2).ids == ["mig"]

    def test_scores_a_fuzzy_match_below_the_exact_match(self) -> None:
        db = Database({"id": "string", "content": "string"})
        db.insert({"id": "fuzzy", "content": "hallo world"})
        db.insert({"id": "exact", "content": "hello world"})
        result = db.search("hello", tolerance=1)
        assert result.ids == ["exact", "fuzzy"]
        assert result.hits[1].score < result.hits[0].score

    def test_never_gives_a_rare_fuzzy_term_more_weight_than_the_exact_term(self) -> None:
        db = Database({"id": "string", "content": "string"})
        db.insert_multiple([{"id": f"e{i}", "content": "hello there"} for i in range(30)])
        db.insert({"id": "rare", "content": "hallo there"})
        assert db.search("hello", tolerance=1, limit=31).ids[-1] == "rare"

    def test_rejects_a_tolerance_above_the_maximum(self, db: Database) -> None:
        with pytest.raises(QueryError, match="tolerance"):
            db.search("x", tolerance=9)


class TestExact:
    def test_keeps_only_whole_word_matches_of_the_query_words(self, db: Database) -> None:
        assert set(db.search("migration").ids) == {"mig", "mig2"}
        assert set(db.search("migration", exact=True).ids) == {"mig", "mig2"}
        assert db.search("migrating", exact=True).ids == ["mig2"]

    def test_is_case_insensitive(self, db: Database) -> None:
        assert db.search("TYPESCRIPT", exact=True).ids == ["ts"]


class TestPagination:
    def test_limit_and_offset_page_through_the_ranking(self, db: Database) -> None:
        full = db.search("preference prefers ops", limit=10)
        page = db.search("preference prefers ops", limit=2, offset=1)
        assert page.ids == full.ids[1:3]
        assert page.count == full.count

    def test_rejects_negative_values(self, db: Database) -> None:
        with pytest.raises(QueryError, match="limit"):
            db.search("x", limit=-1)
        with pytest.raises(QueryError, match="offset"):
            db.search("x", offset=-2)


class TestSortBy:
    def test_sorts_by_a_number_descending(self, db: Database) -> None:
        result = db.search("", sort_by={"property": "confidence", "order": "DESC"})
        assert result.ids == ["ts", "tabs", "naive", "mig", "mig2"]

    def test_accepts_a_property_name_for_ascending(self, db: Database) -> None:
        assert db.search("", sort_by="confidence").ids == ["mig2", "mig", "naive", "tabs", "ts"]

    def test_puts_missing_values_last(self, db: Database) -> None:
        assert db.search("", sort_by="pinned").ids[-1] == "mig2"
        assert db.search("", sort_by={"property": "meta.author", "order": "DESC"}).ids == [
            "mig",
            "ts",
            "tabs",
            "mig2",
            "naive",
        ]

    def test_rejects_unknown_properties_and_orders(self, db: Database) -> None:
        with pytest.raises(QueryError):
            db.search("", sort_by="nope")
        with pytest.raises(QueryError):
            db.search("", sort_by={"property": "confidence", "order": "UP"})


class TestFacets:
    def test_counts_over_all_matches_not_just_the_page(self, db: Database) -> None:
        result = db.search(
            "",
            limit=1,
            facets={
                "tags": {},
                "kind": {},
                "pinned": {},
                "confidence": {"ranges": [{"from": 0, "to": 0.5}, {"from": 0.5, "to": 1}]},
            },
        )
        assert result.facets is not None
        assert result.facets["tags"]["values"] == {
            "ops": 2,
            "preference": 2,
            "db": 1,
            "lang": 1,
            "style": 1,
        }
        assert result.facets["tags"]["count"] == 5
        assert result.facets["kind"]["values"] == {"fact": 2, "preference": 2, "task": 1}
        assert result.facets["pinned"]["values"] == {"true": 2, "false": 2}
        assert result.facets["confidence"]["values"] == {"0-0.5": 3, "0.5-1": 3}

    def test_follow_the_search_matches(self, db: Database) -> None:
        result = db.search("preference", facets={"kind": {}})
        assert result.facets == {"kind": {"count": 1, "values": {"preference": 2}}}

    def test_apply_limit_and_sort(self, db: Database) -> None:
        result = db.search("", facets={"tags": {"limit": 2, "sort": "ASC"}})
        assert result.facets is not None
        assert result.facets["tags"]["values"] == {"db": 1, "lang": 1}

    def test_rejects_bad_configurations(self, db: Database) -> None:
        with pytest.raises(QueryError):
            db.search("", facets={"nope": {}})
        with pytest.raises(QueryError):
            db.search("", facets={"confidence": {}})


class TestVectorSearch:
    def test_ranks_by_cosine_similarity_above_the_cut_off(self, db: Database) -> None:
        result = db.search(mode="vector", vector={"value": [1, 0, 0], "property": "embedding"})
        assert result.ids == ["ts", "tabs"]
        assert result.hits[0].score == pytest.approx(1.0)
        # (the stored numbers are bfloat16: a cosine moves by at most 2**-8)
        assert result.hits[1].score == pytest.approx(0.9 / (0.82**0.5), abs=2**-8)

    def test_lowers_the_cut_off_with_similarity(self, db: Database) -> None:
        result = db.search(mode="vector", vector={"value": [1, 0, 0]}, similarity=0.0)
        assert result.count == 4

    def test_applies_where_filters(self, db: Database) -> None:
        result = db.search(
            mode="vector", vector={"value": [1, 0, 0]}, where={"confidence": {"lt": 0.8}}
        )
        assert result.ids == ["tabs"]

    def test_rejects_a_wrong_length_and_bad_arguments(self, db: Database) -> None:
        with pytest.raises(VectorLengthError):
            db.search(mode="vector", vector={"value": [1, 0], "property": "embedding"})
        with pytest.raises(QueryError):
            db.search(mode="vector", vector={"value": [0, 0, 0]})
        with pytest.raises(QueryError):
            db.search(mode="vector", vector={"value": [1, 0, 0], "property": "content"})
        with pytest.raises(QueryError):
            db.search(mode="vector")
        with pytest.raises(QueryError):
            db.search(mode="semantic")  # type: ignore[arg-type]


class TestHybridSearch:
    def test_fuses_max_normalised_text_and_vector_scores(self, db: Database) -> None:
        text = {h.id: h.score for h in db.search("prefers").hits}
        vec = {
            h.id: h.score
            for h in db.search(mode="vector", vector={"value": [1, 0, 0]}, similarity=0.5).hits
        }
        result = db.search(
            "prefers",
            mode="hybrid",
            vector={"value": [1, 0, 0]},
            similarity=0.5,
            hybrid_weights={"text": 0.7, "vector": 0.3},
        )
        for hit in result.hits:
            expected = 0.7 * text.get(hit.id, 0) / max(text.values()) + 0.3 * vec.get(
                hit.id, 0
            ) / max(vec.values())
            assert hit.score == pytest.approx(expected)
        assert set(result.ids) == set(text) | set(vec)

    def test_defaults_to_equal_weights(self, db: Database) -> None:
        result = db.search("friday", mode="hybrid", vector={"value": [0, 1, 0]})
        assert result.ids[0] == "mig"
        assert result.hits[0].score == pytest.approx(1.0)

    def test_rejects_unknown_weight_names(self, db: Database) -> None:
        with pytest.raises(QueryError):
            db.search("x", mode="hybrid", vector={"value": [1, 0, 0]}, hybrid_weights={"txt": 1})
