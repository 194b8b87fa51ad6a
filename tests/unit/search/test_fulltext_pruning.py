"""Pruned plain full-text search (MaxScore, ``FullTextScorer.top``) gives the same
hits, scores and count as scoring every match."""

from __future__ import annotations

import random

import pytest

from amplify_memory.search import Database, _bm25
from amplify_memory.search._bm25 import FullTextScorer

SCHEMA = {"id": "string", "title": "string", "body": "string"}
#: A Zipf-like vocabulary: a few words in most documents, many rare ones.
WORDS = [f"w{i}" for i in range(400)]
WEIGHTS = [1.0 / (i + 1) ** 1.1 for i in range(len(WORDS))]


def _corpus(rng: random.Random, n: int) -> Database:
    db = Database(SCHEMA, stemming=False, stop_words=False)
    docs = []
    for i in range(n):
        body = " ".join(rng.choices(WORDS, WEIGHTS, k=rng.randint(3, 30)))
        title = " ".join(rng.choices(WORDS, WEIGHTS, k=rng.randint(0, 4)))
        docs.append({"id": f"d{i}", "title": title, "body": body})
    db.insert_multiple(docs)
    for i in rng.sample(range(n), n // 20):  # holes, as after removals
        db.remove(f"d{i}")
    return db


def _search(db: Database, pruned: bool, monkeypatch: pytest.MonkeyPatch, **query: object):
    limit = 0 if pruned else 10**12
    monkeypatch.setattr(_bm25, "FULLTEXT_PRUNE_MIN", limit)
    calls: list[object] = []
    original = FullTextScorer.top

    def spy(self: FullTextScorer, *args: object) -> object:
        out = original(self, *args)  # type: ignore[arg-type]
        calls.append(out)
        return out

    monkeypatch.setattr(FullTextScorer, "top", spy)
    result = db.search(**query)  # type: ignore[arg-type]
    monkeypatch.setattr(FullTextScorer, "top", original)
    took = any(c is not None for c in calls)
    return result, took


@pytest.mark.parametrize("seed", range(6))
def test_pruned_equals_exhaustive(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    db = _corpus(rng, 3000)
    pruned_runs = 0
    for _ in range(40):
        words = rng.choices(WORDS[:5], k=rng.randint(1, 3)) + rng.choices(
            WORDS, k=rng.randint(0, 3)
        )
        query: dict[str, object] = {
            "term": " ".join(words),
            "limit": rng.choice([1, 3, 10, 50]),
            "offset": rng.choice([0, 0, 2]),
        }
        if rng.random() < 0.3:
            query["boost"] = {"title": rng.choice([0.5, 2.0, 3.0])}
        a, took = _search(db, True, monkeypatch, **query)
        b, _ = _search(db, False, monkeypatch, **query)
        assert [(h.id, h.score) for h in a.hits] == [(h.id, h.score) for h in b.hits], query
        assert a.count == b.count, query
        pruned_runs += took
    assert pruned_runs > 10  # the pruned path did run (common words with a rare one)


def test_ties_are_broken_by_insertion_order_as_without_pruning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    db = Database(SCHEMA, stemming=False, stop_words=False)
    db.insert_multiple(
        [{"id": f"c{i}", "body": "common filler"} for i in range(6000)]
        + [{"id": f"r{i}", "body": "rare common filler"} for i in range(30)]
    )
    a, took = _search(db, True, monkeypatch, term="rare common", limit=10)
    b, _ = _search(db, False, monkeypatch, term="rare common", limit=10)
    assert took
    assert [h.id for h in a.hits] == [f"r{i}" for i in range(10)] == [h.id for h in b.hits]
    assert a.count == b.count == 6030
