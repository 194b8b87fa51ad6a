"""WordPieceTokenizer: the BERT uncased pipeline, and agreement with the reference."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from amplify_memory.embeddings import StaticEmbeddingTable, WordPieceTokenizer
from amplify_memory.errors import ConfigurationError

VOCAB = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "un", "##aff", "##able", ",", "!",
         "cafe", "hello", "world", "東", "京", "a", "##b", "ab", "σοφια", "i"]  # fmt: skip


@pytest.fixture
def tok() -> WordPieceTokenizer:
    return WordPieceTokenizer(VOCAB)


def test_splits_words_into_the_longest_pieces_first(tok: WordPieceTokenizer) -> None:
    assert tok.tokenize("unaffable") == ["un", "##aff", "##able"]
    assert tok.tokenize("ab abb") == ["ab", "ab", "##b"]


def test_lowercases_strips_accents_and_splits_punctuation(tok: WordPieceTokenizer) -> None:
    assert tok.tokenize("CAFÉ,Hello!!") == ["cafe", ",", "hello", "!", "!"]


def test_a_word_without_a_complete_cover_is_one_unknown_token(tok: WordPieceTokenizer) -> None:
    assert tok.tokenize("unaffablex hello") == ["[UNK]", "hello"]


def test_a_word_over_the_length_limit_is_unknown() -> None:
    tok = WordPieceTokenizer(["[UNK]", "a", "##a"], max_chars_per_word=5)
    assert tok.tokenize("aaaaa") == ["a", "##a", "##a", "##a", "##a"]
    assert tok.tokenize("aaaaaa") == ["[UNK]"]


def test_cjk_ideographs_are_words_of_their_own(tok: WordPieceTokenizer) -> None:
    assert tok.tokenize("hello東京world") == ["hello", "東", "京", "world"]


def test_control_characters_vanish_and_unusual_spaces_split(tok: WordPieceTokenizer) -> None:
    assert tok.tokenize("he\u200bllo\x00 wor\u00adld") == ["hello", "world"]
    assert tok.tokenize("hello\u2028world\u3000a\tb") == ["hello", "world", "a", "[UNK]"]


def test_lowercases_character_by_character_like_the_reference(tok: WordPieceTokenizer) -> None:
    # str.lower() would give a final sigma; the reference lowercases each character alone
    assert tok.tokenize("ΣΟΦΙΑ") == ["σοφια"]


def test_special_tokens_in_the_text_stay_whole(tok: WordPieceTokenizer) -> None:
    assert tok.encode("hello[SEP]world [MASK]") == [11, 3, 12, 4]
    # case-sensitive, as in the reference: "[", "sep", "]", all unknown in VOCAB
    assert tok.encode("[sep]") == [1, 1, 1]


def test_the_empty_text_has_no_tokens(tok: WordPieceTokenizer) -> None:
    assert tok.encode("") == []
    assert tok.encode(" \n\t ") == []


def test_a_vocabulary_without_the_unknown_token_is_refused() -> None:
    with pytest.raises(ConfigurationError, match=r"\[UNK\]"):
        WordPieceTokenizer(["a", "b"])


# ----------------------------------------------------------------------------- reference


def _generated_texts(n: int, seed: int = 8) -> list[str]:
    """Random texts mixing the character classes where tokenizers disagree."""
    rng = random.Random(seed)
    pools = [
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
        "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~",
        " \t\n\r\x0b\x0c\x00\x1f\x7f\x85\xa0\u2028\u2029\u3000\u200b\u200d\ufeff\u00ad",
        "àáâãäåçèéêëìíîïñòóôõöùúûüýÿÀÉÎÕÜßøæœİıǅﬁﬃ",
        "ΑΒΓΣσςΩωάέήίΐ",
        "абвгдеёжзийклмнопрстуфхцчшщъыьэюяЁЙ",
        "東京大学日本語中文字漢字𠀀𫠠𫤠豈",
        "ひらがなカタカナー。、「」",
        "한국어글자",
        "\u0301\u0308\u0327\u0903\u20dd",
        "😀🥰🫨👍🏽🇺🇸❤️\u2066\u2069\ue000\ufffd\u0378",
        "\u2014\u2013\u2026\u2018\u2019\u201c\u201d\xab\xbb\u20ac\xa3\xa5\xa9\xae\u2122\xb0\xb1"
        "\xd7\xf7\xbd\xbc\u2460\u216b\u2082\xb2",
    ]
    specials = ["[CLS]", "[SEP]", "[MASK]", "[PAD]", "[UNK]", "[cls]"]
    words = ["memory", "TypeScript", "database", "don't", "e-mail", "U.S.A.", "naïve",
             "Zürich", "unaffable", "x" * 101, "antidisestablishment", "3.14159"]  # fmt: skip
    texts = []
    for _ in range(n):
        parts = []
        for _ in range(rng.randint(1, 12)):
            r = rng.random()
            if r < 0.35:
                parts.append(rng.choice(words))
            elif r < 0.4:
                parts.append(rng.choice(specials))
            else:
                pool = rng.choice(pools)
                parts.append("".join(rng.choice(pool) for _ in range(rng.randint(1, 8))))
            parts.append(rng.choice([" ", " ", "", "\n", ", "]))
        texts.append("".join(parts))
    return texts


def _eval_sentences(limit: int) -> list[str]:
    """Real sentences: what users typed in the labelled chat turns of bench/data (typos,
    code, secrets, mixed scripts), in the repository."""
    root = Path(__file__).resolve().parents[3] / "bench" / "data"
    out: list[str] = []
    for path in sorted(root.glob("turns_*.jsonl")):
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                out.extend(s for s in json.loads(line)["user"].split(". ") if s.strip())
    assert len(out) >= limit // 2, f"{root}: the labelled turns are missing"
    return out[:limit]


def test_matches_the_reference_tokenizer_on_thousands_of_texts(
    table: StaticEmbeddingTable,
) -> None:
    import embedding_table

    texts = (
        _generated_texts(2500)
        + _eval_sentences(1500)
        + [
            "Remind me which database we picked for the analytics project last Tuesday",
            "I'd like the résumé in PDF — by 5 p.m., please!",
        ]
    )
    expected = embedding_table.reference_token_ids(texts)
    mismatches = [
        (t, e, table.tokenizer.encode(t))
        for t, e in zip(texts, expected, strict=True)
        if table.tokenizer.encode(t) != e
    ]
    assert len(texts) > 2500
    assert not mismatches, mismatches[:5]
