"""De-duplication similarity and contradiction detection (amplify_memory.memory.similarity)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from amplify_memory.memory.similarity import (
    DEFAULT_DUPLICATE_THRESHOLD,
    content_similarity,
    contradiction_reason,
    contradicts,
    is_duplicate,
)

PAIRS_PATH = Path(__file__).parent / "data" / "memory_pairs.jsonl"
PAIRS = [json.loads(line) for line in PAIRS_PATH.read_text("utf-8").splitlines() if line]

# Memory-like text: words from a small vocabulary (so pairs overlap), punctuation, case.
VOCAB = [
    "User", "prefers", "likes", "does", "not", "never", "TypeScript", "python", "tabs",
    "spaces", "2-space", "4", "dark", "mode", "answers", "concise", "Sam", "over", "to",
    "the", "café", "Go", "uses", "React", "postgres", "no", "longer", "!", ",", "?",
]  # fmt: skip
memory_text = st.lists(st.sampled_from(VOCAB), max_size=12).map(" ".join) | st.text(max_size=40)


# -- content_similarity ------------------------------------------------------------------


def test_identical_text_scores_exactly_one() -> None:
    assert content_similarity("User prefers dark mode", "User prefers dark mode") == 1.0


def test_text_identical_after_normalisation_scores_one() -> None:
    assert content_similarity("User PREFERS dark mode.", "the user prefers  dark mode") == 1.0
    assert content_similarity("User uses Postgres", "User uses PostgreSQL") == 1.0
    assert content_similarity("User likes the café", "User likes the cafe") == 1.0


def test_texts_sharing_nothing_score_exactly_zero() -> None:
    assert content_similarity("User prefers dark mode", "User's name is Sam") == 0.0
    assert content_similarity("tabs", "Kubernetes") == 0.0


def test_a_paraphrase_scores_above_the_threshold() -> None:
    a, b = "User prefers TypeScript over JavaScript", "The user prefers TypeScript to JavaScript"
    assert content_similarity(a, b) > DEFAULT_DUPLICATE_THRESHOLD


def test_one_extra_word_on_a_short_memory_stays_at_or_below_the_threshold() -> None:
    assert content_similarity("User uses PostgreSQL", "User uses PostgreSQL with Prisma") <= 0.8


def test_a_negated_statement_is_less_similar_than_a_restatement() -> None:
    same = content_similarity("User prefers tabs", "User likes tabs")
    negated = content_similarity("User prefers tabs", "User does not prefer tabs")
    assert negated < same


def test_empty_and_stop_word_only_texts() -> None:
    assert content_similarity("", "") == 1.0
    assert content_similarity("the", "the") == 1.0
    assert content_similarity("the", "a") == 0.0
    assert content_similarity("", "User prefers tabs") == 0.0


@given(memory_text, memory_text)
@settings(max_examples=300, deadline=None)
def test_similarity_is_in_range_and_symmetric(a: str, b: str) -> None:
    ab = content_similarity(a, b)
    assert 0.0 <= ab <= 1.0
    assert ab == content_similarity(b, a)


@given(memory_text)
@settings(max_examples=200, deadline=None)
def test_similarity_of_a_text_with_itself_is_one(a: str) -> None:
    assert content_similarity(a, a) == 1.0
    assert content_similarity(a, f"  {a}  ") == 1.0


@given(memory_text, memory_text)
@settings(max_examples=200, deadline=None)
def test_contradicts_is_symmetric_and_a_contradiction_is_never_a_duplicate(a: str, b: str) -> None:
    assert contradicts(a, b) == contradicts(b, a)
    if contradicts(a, b):
        assert not is_duplicate(a, b)


# -- contradicts: one test per rule -------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("User prefers tabs", "User does not prefer tabs"),
        ("User likes Java", "User doesn't like Java"),
        ("User uses semicolons", "User never uses semicolons"),
        ("User uses Redux", "User no longer uses Redux"),
        ("User uses class components", "User stopped using class components"),
        ("User loves Tailwind CSS", "User hates Tailwind CSS"),
        ("User prefers code with comments", "User prefers code without comments"),
    ],
)
def test_opposite_polarity_contradicts(a: str, b: str) -> None:
    assert contradiction_reason(a, b) == "polarity"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("User uses 2-space indentation", "User uses 4-space indentation"),
        ("User uses two spaces", "User uses four spaces"),
        ("User limits lines to 80 characters", "User limits lines to 120 characters"),
    ],
)
def test_a_different_number_in_the_same_slot_contradicts(a: str, b: str) -> None:
    assert contradiction_reason(a, b) == "value"


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("User prefers TypeScript", "User prefers Python"),
        ("User's favourite editor is VS Code", "User's favourite editor is Neovim"),
        ("User's name is Sam", "User's name is Alex"),
        ("User prefers dark mode", "User prefers light mode"),
        ("User prefers camelCase", "User prefers snake_case"),
        ("User prefers tabs", "User prefers spaces for indentation"),
    ],
)
def test_a_different_value_in_an_exclusive_slot_contradicts(a: str, b: str) -> None:
    assert contradiction_reason(a, b) == "value"


def test_the_same_values_compared_the_other_way_round_contradict() -> None:
    a, b = "User prefers tabs over spaces", "User prefers spaces over tabs"
    assert contradiction_reason(a, b) == "order"
    assert contradiction_reason("User prefers TS to JS", "User prefers JavaScript over TS")


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ("User uses React", "User uses Vue"),  # people use many tools
        ("User likes React", "User likes Vue"),
        ("User does not like Java", "User prefers TypeScript"),
        ("User does not use Redux", "User uses Zustand"),
        ("User is a frontend developer", "User is learning backend development"),
        ("User prefers dark mode", "User prefers concise answers"),
        ("User prefers tabs, not spaces", "User prefers tabs over spaces"),
        ("User prefers TypeScript over JavaScript", "User's name is Sam"),
    ],
)
def test_compatible_memories_do_not_contradict(a: str, b: str) -> None:
    assert not contradicts(a, b)


# -- is_duplicate ---------------------------------------------------------------------------


def test_is_duplicate_merges_a_paraphrase_but_not_a_contradiction() -> None:
    assert is_duplicate("User prefers concise answers", "User likes short, concise responses")
    assert not is_duplicate("User prefers tabs over spaces", "User prefers spaces over tabs")


def test_is_duplicate_threshold_is_strict_and_validated() -> None:
    a, b = "User uses Docker", "User uses Docker Compose"
    score = content_similarity(a, b)
    assert not is_duplicate(a, b, threshold=score)
    assert is_duplicate(a, b, threshold=score - 0.01)
    with pytest.raises(ValueError, match="threshold"):
        is_duplicate(a, b, threshold=1.5)


# -- the labelled set -------------------------------------------------------------------------


def test_the_labelled_set_has_enough_pairs_of_each_kind() -> None:
    labels = [p["label"] for p in PAIRS]
    assert len(PAIRS) >= 60
    assert labels.count("duplicate") >= 20
    assert labels.count("contradiction") >= 20
    assert labels.count("related") + labels.count("unrelated") >= 20


def test_precision_and_recall_on_the_labelled_set() -> None:
    tp = fp = fn = 0
    for pair in PAIRS:
        predicted = is_duplicate(pair["a"], pair["b"])
        actual = pair["label"] == "duplicate"
        tp += predicted and actual
        fp += predicted and not actual
        fn += actual and not predicted
    precision, recall = tp / (tp + fp), tp / (tp + fn)
    assert precision >= 0.95, precision
    assert recall >= 0.8, recall


def test_no_labelled_contradiction_is_merged() -> None:
    merged = [
        (p["a"], p["b"])
        for p in PAIRS
        if p["label"] == "contradiction" and is_duplicate(p["a"], p["b"])
    ]
    assert merged == []


# -- the quick pre-check of contradictions ------------------------------------------------

HOLDOUT = [
    json.loads(line)
    for line in (PAIRS_PATH.parent / "memory_pairs_holdout.jsonl").read_text("utf-8").splitlines()
    if line
]
CORPUS = sorted({p[k] for p in (*PAIRS, *HOLDOUT) for k in ("a", "b")})


def _reasons_without_the_precheck(
    pairs: list[tuple[str, str]], monkeypatch: pytest.MonkeyPatch
) -> list[str | None]:
    from amplify_memory.memory import similarity

    similarity._contradiction_reason.cache_clear()
    with monkeypatch.context() as patched:
        patched.setattr(similarity, "_may_contradict", lambda x, y: True)
        out = [contradiction_reason(a, b) for a, b in pairs]
    similarity._contradiction_reason.cache_clear()
    return out


def test_the_precheck_changes_no_verdict_on_the_labelled_memories(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every pair of the labelled memories (about 20,000): the same reason with and
    without the set checks that rule pairs out early."""
    from amplify_memory.memory.similarity import ContradictionGuard

    pairs = [(a, b) for i, a in enumerate(CORPUS) for b in CORPUS[i + 1 :]]
    slow = _reasons_without_the_precheck(pairs, monkeypatch)
    assert sum(r is not None for r in slow) >= 20  # the corpus has contradictions to find
    assert [contradiction_reason(a, b) for a, b in pairs] == slow
    guard = ContradictionGuard()
    for text in CORPUS:
        guard.append(text)
    for text in CORPUS:
        expected = next((i for i, o in enumerate(CORPUS) if contradicts(text, o)), None)
        assert guard.first(text) == expected
    guard.replace(0, CORPUS[1])
    assert guard.first(CORPUS[1]) == next(
        (i for i, o in enumerate([CORPUS[1], *CORPUS[1:]]) if contradicts(CORPUS[1], o)), None
    )


@settings(max_examples=300, deadline=None)
@given(st.lists(memory_text, min_size=2, max_size=6))
def test_the_precheck_changes_no_verdict_on_generated_text(texts: list[str]) -> None:
    from amplify_memory.memory import similarity

    pairs = [(a, b) for a in texts for b in texts]
    similarity._contradiction_reason.cache_clear()
    fast = [contradiction_reason(a, b) for a, b in pairs]
    real = similarity._may_contradict
    similarity._may_contradict = lambda x, y: True  # type: ignore[assignment]
    try:
        similarity._contradiction_reason.cache_clear()
        assert [contradiction_reason(a, b) for a, b in pairs] == fast
    finally:
        similarity._may_contradict = real
        similarity._contradiction_reason.cache_clear()
