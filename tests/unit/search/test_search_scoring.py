"""BM25: the pure functions, a hand computation, and the inlined search loop."""

from __future__ import annotations

import math

import pytest

from amplify_memory.search import (
    FUZZY_PENALTY,
    PREFIX_PENALTY,
    Database,
    bm25,
    fuzzy_weight,
    idf,
    length_norm,
    prefix_weight,
)

SCHEMA = {"id": "string", "body": "string"}
PLAIN = {"stemming": False, "stop_words": False}


def tiny_db(**settings: object) -> Database:
    db = Database(SCHEMA, **{**PLAIN, **settings})  # type: ignore[arg-type]
    db.insert({"id": "d1", "body": "apple banana apple"})
    db.insert({"id": "d2", "body": "banana cherry"})
    db.insert({"id": "d3", "body": "cherry cherry cherry date"})
    return db


class TestPureFunctions:
    def test_idf_matches_the_formula(self) -> None:
        assert idf(1, 3) == pytest.approx(math.log(1 + (3 - 1 + 0.5) / (1 + 0.5)))

    def test_idf_is_positive_even_for_a_term_in_every_document(self) -> None:
        assert idf(10, 10) > 0

    def test_length_norm_is_k1_for_an_average_length_field(self) -> None:
        assert length_norm(5, 5.0, k1=1.2, b=0.75) == pytest.approx(1.2)

    def test_b_zero_ignores_length(self) -> None:
        assert bm25(1, 1, 10, 100, 5.0, b=0.0) == bm25(1, 1, 10, 1, 5.0, b=0.0)

    def test_term_frequency_saturates(self) -> None:
        scores = [bm25(tf, 1, 10, 10, 10.0) for tf in (1, 2, 4, 8, 1000)]
        assert scores == sorted(scores)
        assert scores[-1] < idf(1, 10) * (1.2 + 1)

    def test_prefix_and_fuzzy_weights_are_below_one(self) -> None:
        assert prefix_weight(7, 9) == pytest.approx(PREFIX_PENALTY * 7 / 9)
        assert prefix_weight(9, 9) < 1
        assert fuzzy_weight(1) == FUZZY_PENALTY < 1
        assert fuzzy_weight(2) < fuzzy_weight(1)


class TestHandComputation:
    """N=3 documents of lengths 3, 2, 4 (average 3), k1=1.2, b=0.75."""

    def test_scores_a_single_term_query_by_hand(self) -> None:
        result = tiny_db().search("apple")
        # d1: tf=2, df=1, len=3: idf = ln(1 + 2.5/1.5); norm = 1.2 * (0.25 + 0.75 * 3/3)
        expected = math.log(1 + 2.5 / 1.5) * (2 * 2.2 / (2 + 1.2))
        assert result.ids == ["d1"]
        assert result.hits[0].score == pytest.approx(expected, rel=1e-12)
        assert result.hits[0].score == pytest.approx(1.3486405, rel=1e-6)

    def test_prefers_the_shorter_document_at_equal_frequency(self) -> None:
        result = tiny_db().search("banana")
        idf_banana = math.log(1 + 1.5 / 2.5)
        d1 = idf_banana * (1 * 2.2 / (1 + 1.2 * (0.25 + 0.75 * 3 / 3)))
        d2 = idf_banana * (1 * 2.2 / (1 + 1.2 * (0.25 + 0.75 * 2 / 3)))
        assert result.ids == ["d2", "d1"]
        assert [h.score for h in result.hits] == pytest.approx([d2, d1], rel=1e-12)

    def test_sums_the_terms_of_a_query(self) -> None:
        db = tiny_db()
        both = {h.id: h.score for h in db.search("apple banana").hits}
        apple = {h.id: h.score for h in db.search("apple").hits}
        banana = {h.id: h.score for h in db.search("banana").hits}
        assert both["d1"] == pytest.approx(apple["d1"] + banana["d1"], rel=1e-12)
        assert both["d2"] == pytest.approx(banana["d2"], rel=1e-12)

    def test_uses_the_configured_k1_and_b(self) -> None:
        result = tiny_db(k1=2.0, b=0.5).search("cherry")
        idf_cherry = math.log(1 + 1.5 / 2.5)
        d3 = idf_cherry * (3 * 3.0 / (3 + 2.0 * (0.5 + 0.5 * 4 / 3)))
        assert result.hits[0].id == "d3"
        assert result.hits[0].score == pytest.approx(d3, rel=1e-12)

    def test_search_loop_equals_the_reference_function_exactly(self) -> None:
        db = tiny_db()
        for term, doc_tf in {"cherry": {"d2": 1, "d3": 3}, "date": {"d3": 1}}.items():
            lengths = {"d1": 3, "d2": 2, "d3": 4}
            for hit in db.search(term).hits:
                ref = bm25(doc_tf[hit.id], len(doc_tf), 3, lengths[hit.id], 3.0)
                assert hit.score == ref

    def test_search_loop_stays_exact_through_adds_removes_and_a_reload(self) -> None:
        """The per-length norm table follows every change of the lengths (added,
        removed, updated documents; a snapshot loaded): each hit equals the reference."""
        import random

        rng = random.Random(7)
        words = ["apple", "banana", "cherry", "date", "elder", "fig"]
        db = Database(SCHEMA, **PLAIN)  # type: ignore[arg-type]
        texts: dict[str, list[str]] = {}
        for step in range(300):
            doc_id = f"d{rng.randrange(60)}"
            body = rng.choices(words, k=rng.randint(1, 12))
            if doc_id in texts and rng.random() < 0.4:
                db.remove(doc_id)
                del texts[doc_id]
            elif doc_id in texts:
                db.update(doc_id, {"id": doc_id, "body": " ".join(body)})
                texts[doc_id] = body
            else:
                db.insert({"id": doc_id, "body": " ".join(body)})
                texts[doc_id] = body
            if step % 50 == 49:
                db = Database.from_snapshot(db.save())
            if step % 10 == 0 and texts:
                avg = sum(map(len, texts.values())) / len(texts)
                for term in words:
                    having = [d for d, t in texts.items() if term in t]
                    for hit in db.search(term, limit=100).hits:
                        body = texts[hit.id]
                        ref = bm25(body.count(term), len(having), len(texts), len(body), avg)
                        assert hit.score == ref, (step, term, hit.id)

    def test_counts_string_arrays_over_all_elements(self) -> None:
        db = Database({"id": "string", "tags": "string[]"}, **PLAIN)  # type: ignore[arg-type]
        db.insert({"id": "a", "tags": ["red apple", "green apple"]})  # tf 2, length 4
        db.insert({"id": "b", "tags": ["apple pie"]})  # tf 1, length 2
        scores = {h.id: h.score for h in db.search("apple").hits}
        avg = 3.0
        assert scores["a"] == pytest.approx(bm25(2, 2, 2, 4, avg), rel=1e-12)
        assert scores["b"] == pytest.approx(bm25(1, 2, 2, 2, avg), rel=1e-12)

    def test_repeating_a_word_raises_the_score(self) -> None:
        db = Database(SCHEMA, **PLAIN)  # type: ignore[arg-type]
        db.insert({"id": "once", "body": "rust is fast and rust"})
        db.insert({"id": "twice", "body": "rust rust rust is fast"})
        db.insert({"id": "none", "body": "go is fast too"})
        assert db.search("rust").ids == ["twice", "once"]

    def test_boosts_multiply_a_fields_contribution(self) -> None:
        db = Database({"id": "string", "title": "string", "body": "string"}, **PLAIN)  # type: ignore[arg-type]
        db.insert({"id": "t", "title": "tabs", "body": "style guide"})
        db.insert({"id": "b", "title": "style guide", "body": "tabs"})
        plain = {h.id: h.score for h in db.search("tabs").hits}
        boosted = {h.id: h.score for h in db.search("tabs", boost={"title": 3}).hits}
        assert boosted["t"] == pytest.approx(3 * plain["t"], rel=1e-12)
        assert boosted["b"] == pytest.approx(plain["b"], rel=1e-12)
        assert db.search("tabs", boost={"title": 3}).ids[0] == "t"

    def test_uses_per_field_average_lengths(self) -> None:
        db = Database({"id": "string", "title": "string", "body": "string"}, **PLAIN)  # type: ignore[arg-type]
        db.insert({"id": "a", "title": "x y", "body": "one two three four five six"})
        db.insert({"id": "b", "title": "x", "body": "one two"})
        score = {h.id: h.score for h in db.search("x", properties=["title"]).hits}
        # title lengths 2 and 1: average 1.5, N=2, df=2
        assert score["b"] == pytest.approx(bm25(1, 2, 2, 1, 1.5), rel=1e-12)
        assert score["a"] == pytest.approx(bm25(1, 2, 2, 2, 1.5), rel=1e-12)
