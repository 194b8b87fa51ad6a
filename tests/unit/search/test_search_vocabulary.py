"""The surface vocabulary's prefix and fuzzy look-ups, checked against brute force."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from amplify_memory.search._vocabulary import Vocabulary, levenshtein

WORDS = st.text(alphabet="abcde", min_size=1, max_size=6)


class TestLevenshtein:
    def test_counts_insertions_deletions_and_substitutions(self) -> None:
        assert levenshtein("kitten", "sitting") == 3
        assert levenshtein("", "abc") == 3
        assert levenshtein("same", "same") == 0

    def test_caps_the_result_past_the_bound(self) -> None:
        assert levenshtein("kitten", "sitting", 1) == 2
        assert levenshtein("a", "abcdef", 2) == 3


class TestVocabulary:
    def test_counts_documents_and_forgets_at_zero(self) -> None:
        v = Vocabulary()
        v.add("x")
        v.add("x")
        v.discard("x")
        assert "x" in v
        v.discard("x")
        assert "x" not in v
        assert len(v) == 0

    def test_finds_words_by_prefix_in_order(self) -> None:
        v = Vocabulary({"migration": 1, "migrate": 2, "mitigate": 1, "mig": 1})
        assert v.prefix("migr") == ["migrate", "migration"]
        assert v.prefix("mig") == ["mig", "migrate", "migration"]
        assert v.prefix("z") == []

    def test_sees_words_added_and_removed_after_a_look_up(self) -> None:
        v = Vocabulary({"alpha": 1})
        assert v.prefix("a") == ["alpha"]
        v.add("apple")
        v.discard("alpha")
        assert v.prefix("a") == ["apple"]
        v.add("alpha")
        assert v.prefix("a") == ["alpha", "apple"]

    def test_finds_words_within_an_edit_distance(self) -> None:
        v = Vocabulary({"hello": 1, "hallo": 1, "help": 1, "world": 1})
        assert sorted(v.fuzzy("hello", 1)) == [("hallo", 1), ("hello", 0)]
        assert sorted(v.fuzzy("helo", 1)) == [("hello", 1), ("help", 1)]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(WORDS, max_size=40),
    st.lists(WORDS, max_size=10),
    WORDS,
    st.integers(min_value=0, max_value=3),
)
def test_look_ups_equal_a_brute_force_scan(
    added: list[str], removed: list[str], query: str, distance: int
) -> None:
    v = Vocabulary()
    plain: dict[str, int] = {}
    for word in added:
        v.add(word)
        plain[word] = plain.get(word, 0) + 1
    v.prefix("")  # build the sorted list, then mutate it
    for word in removed:
        v.discard(word)
        if word in plain:
            plain[word] -= 1
            if not plain[word]:
                del plain[word]
    assert v.prefix(query[:2]) == sorted(w for w in plain if w.startswith(query[:2]))
    expected = sorted(
        (w, levenshtein(w, query)) for w in plain if levenshtein(w, query) <= distance
    )
    assert sorted(v.fuzzy(query, distance)) == expected
