"""Tokenizer: the analysis pipeline shared by documents and queries."""

from __future__ import annotations

import pytest

from amplify_memory.errors import ConfigurationError, UnsupportedLanguageError
from amplify_memory.search import (
    ENGLISH_STOP_WORDS,
    SUPPORTED_LANGUAGES,
    Tokenizer,
    fold,
    segment_scripts,
    split_words,
)


class TestSplitWords:
    def test_splits_on_punctuation_and_spaces(self) -> None:
        assert split_words("Hello, world! v2.0 snake_case") == [
            "Hello",
            "world",
            "v2",
            "0",
            "snake_case",
        ]

    def test_keeps_accented_words_whole(self) -> None:
        assert split_words("naïve café Ärger") == ["naïve", "café", "Ärger"]

    def test_keeps_decomposed_accents_inside_the_word(self) -> None:
        assert split_words("nai\u0308ve") == ["nai\u0308ve"]

    def test_keeps_non_latin_scripts(self) -> None:
        assert split_words("Привет мир") == ["Привет", "мир"]
        assert split_words("हिन्दी भाषा") == ["हिन्दी", "भाषा"]
        assert split_words("東京タワーに行きました。") == ["東京タワーに行きました"]


class TestFold:
    def test_folds_case_and_accents(self) -> None:
        assert fold("Naïve") == "naive"
        assert fold("CRÈME Brûlée") == "creme brulee"

    def test_applies_compatibility_forms(self) -> None:
        assert fold("\uff34\uff45\uff53\uff54") == "test"  # fullwidth "Test"
        assert fold("ﬁle") == "file"

    def test_case_folds_sharp_s(self) -> None:
        assert fold("Straße") == "strasse"

    def test_keeps_accents_when_asked(self) -> None:
        assert fold("Crème", accents=False) == "crème"

    def test_keeps_kana_voicing_marks(self) -> None:
        assert fold("が") == "が"


class TestSegmentScripts:
    def test_cuts_chinese_and_japanese_runs_into_bigrams(self) -> None:
        assert segment_scripts("東京タワー") == [
            ("東京", True),
            ("京タ", True),
            ("タワ", True),
            ("ワー", True),
        ]

    def test_keeps_a_lone_character_as_a_unigram(self) -> None:
        assert segment_scripts("で") == [("で", True)]

    def test_separates_latin_from_cjk(self) -> None:
        assert segment_scripts("python3で") == [("python3", False), ("で", True)]

    def test_leaves_spaced_scripts_alone(self) -> None:
        assert segment_scripts("привет") == [("привет", False)]


class TestTokenizer:
    def test_stems_and_drops_stop_words_by_default(self) -> None:
        assert Tokenizer().terms("The migrations were running") == ["migrat", "run"]

    def test_keeps_naive_as_one_token(self) -> None:
        tok = Tokenizer(stemming=False)
        assert tok.terms("naïve") == ["naive"]
        assert Tokenizer().terms("naïve") == Tokenizer().terms("naive")

    def test_yields_bigrams_for_japanese(self) -> None:
        assert Tokenizer().terms("東京タワー") == ["東京", "京タ", "タワ", "ワー"]

    def test_yields_tokens_for_chinese(self) -> None:
        assert Tokenizer().terms("我喜欢编程") == ["我喜", "喜欢", "欢编", "编程"]

    def test_can_switch_stemming_off(self) -> None:
        assert Tokenizer(stemming=False).terms("running dogs") == ["running", "dogs"]

    def test_can_switch_stop_words_off(self) -> None:
        assert Tokenizer(stop_words=False, stemming=False).terms("the cat") == ["the", "cat"]

    def test_accepts_a_custom_stop_word_list(self) -> None:
        tok = Tokenizer(stop_words=["cat", "Café"], stemming=False)
        assert tok.terms("the cat sat in the cafe") == ["the", "sat", "in", "the"]

    def test_accepts_a_custom_split_function(self) -> None:
        tok = Tokenizer(split=lambda text: text.split("|"), stemming=False, stop_words=False)
        assert tok.terms("C++|Rust Lang") == ["c++", "rust lang"]

    def test_supports_other_snowball_languages(self) -> None:
        tok = Tokenizer("french")
        assert tok.terms("les chats mangeaient") == tok.terms("les chat mangeait")
        assert Tokenizer("german").terms("Häuser") == ["haus"]

    def test_rejects_an_unknown_language_listing_the_supported_ones(self) -> None:
        with pytest.raises(UnsupportedLanguageError) as info:
            Tokenizer("klingon")
        assert "klingon" in str(info.value)
        assert "english" in str(info.value)
        assert "french" in str(info.value)
        assert info.value.supported == list(SUPPORTED_LANGUAGES)

    def test_has_no_built_in_stop_words_for_other_languages(self) -> None:
        assert Tokenizer("french").stop_words == frozenset()
        with pytest.raises(ConfigurationError, match="no built-in stop word list"):
            Tokenizer("french", stop_words=True)

    def test_rejects_bad_settings(self) -> None:
        with pytest.raises(ConfigurationError):
            Tokenizer(stemming="yes")  # type: ignore[arg-type]
        with pytest.raises(ConfigurationError):
            Tokenizer(stop_words="the")

    def test_analyzes_documents_and_queries_alike(self) -> None:
        tok = Tokenizer()
        text = "Naïve Bayes CLASSIFIERS, 東京タワー; O'Brien's résumés"
        tfs, _, length = tok.analyze([text])
        assert sorted(tfs) == sorted(set(tok.terms(text)))
        assert length == len(tok.terms(text))

    def test_counts_term_frequencies_over_several_texts(self) -> None:
        tfs, surfaces, length = Tokenizer().analyze(["red apples", "green apple"])
        assert tfs == {"red": 1, "appl": 2, "green": 1}
        assert length == 4
        assert {"apples", "apple"} <= surfaces

    def test_stop_word_list_is_a_standard_english_set(self) -> None:
        assert {"the", "a", "and", "of", "is", "not"} <= ENGLISH_STOP_WORDS
        assert 120 <= len(ENGLISH_STOP_WORDS) <= 250
        assert "typescript" not in ENGLISH_STOP_WORDS


def test_the_word_caches_stay_bounded_by_one_off_words() -> None:
    """A store's one-off words (numbers, names) filled the caches to 300,000 entries: 29 MB
    of a 100,000-entry store's wasm heap (issue 14). They stay at most TOKEN_CACHE_SIZE,
    and a word analysed after a clear is analysed the same."""
    from amplify_memory.search._defaults import TOKEN_CACHE_SIZE
    from amplify_memory.search._tokenizer import Tokenizer

    tokenizer = Tokenizer()
    first = tokenizer.analyze(["Running builds fail"])
    for i in range(0, TOKEN_CACHE_SIZE + 5_000, 50):
        tokenizer.analyze([" ".join(f"note{i + k}" for k in range(50))])
        tokenizer.analyze_word(f"ticket{i}")
    assert TOKEN_CACHE_SIZE <= 50_000
    assert len(tokenizer._terms) <= TOKEN_CACHE_SIZE
    assert len(tokenizer._pairs) <= TOKEN_CACHE_SIZE
    assert tokenizer.analyze(["Running builds fail"]) == first
