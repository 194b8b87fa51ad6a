"""BERT uncased WordPiece tokenisation in pure Python, matching Hugging Face
``tokenizers`` (``BertNormalizer`` + ``BertPreTokenizer`` + ``WordPiece``) token for token.

Steps, in the reference's order:

1. special tokens (``[CLS]``, ``[SEP]`` ...) written in the text are kept whole;
2. clean: drop NUL, U+FFFD and control, format, private-use and surrogate characters
   (categories Cc, Cf, Co, Cs; unassigned ones stay); other whitespace becomes a space;
3. put spaces around CJK ideographs (each becomes its own word);
4. strip accents (NFD, drop non-spacing marks), then lowercase character by character;
5. split on whitespace and make every punctuation character its own word;
6. greedy longest-match-first WordPiece with the ``##`` continuation prefix; a word
   longer than ``max_chars_per_word`` characters, or with no complete cover by the
   vocabulary, becomes ``[UNK]``.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Final

from amplify_memory.errors import ConfigurationError, describe

__all__ = ["WordPieceTokenizer"]

#: Unicode White_Space characters (what Rust's ``char::is_whitespace`` accepts).
_WHITESPACE: Final = frozenset(
    "\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008"
    "\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
#: Code point ranges treated as CJK ideographs (as the reference implementation has them).
_CJK: Final = (
    (0x4E00, 0x9FFF),
    (0x3400, 0x4DBF),
    (0x20000, 0x2A6DF),
    (0x2A700, 0x2B73F),
    (0x2B740, 0x2B81F),
    (0x2B920, 0x2CEAF),
    (0xF900, 0xFAFF),
    (0x2F800, 0x2FA1F),
)
#: Categories removed by cleaning (not Cn: unassigned code points are kept).
_CONTROL: Final = frozenset(("Cc", "Cf", "Co", "Cs"))
_ASCII_PUNCT: Final = frozenset("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
# ASCII fast path: control characters removed, \t \n \r (and \v \f) to spaces.
_ASCII_CLEAN: Final = dict.fromkeys(range(32)) | {9: 32, 10: 32, 13: 32, 127: None}
_ASCII_WORDS: Final = re.compile(r"[a-z0-9]+|[^a-z0-9 ]")
_WORD_CACHE_LIMIT: Final = 50_000


def _is_cjk(cp: int) -> bool:
    return any(lo <= cp <= hi for lo, hi in _CJK)


def _char_kind(c: str) -> str:
    """What cleaning and CJK padding make of one non-ASCII character."""
    if c == "\ufffd" or unicodedata.category(c) in _CONTROL:
        return ""
    if c in _WHITESPACE:
        return " "
    if _is_cjk(ord(c)):
        return f" {c} "
    return c


def _is_punctuation(c: str) -> bool:
    return c in _ASCII_PUNCT or unicodedata.category(c)[0] == "P"


class WordPieceTokenizer:
    """Greedy longest-match-first WordPiece over a BERT vocabulary (ids = line numbers).

    >>> tok = WordPieceTokenizer(["[PAD]", "[UNK]", "un", "##aff", "##able", ","])
    >>> tok.tokenize("Unaffable, unaffable")
    ['un', '##aff', '##able', ',', 'un', '##aff', '##able']
    >>> tok.encode("Ünaffable xyz")
    [2, 3, 4, 1]
    """

    def __init__(
        self,
        vocab: Sequence[str],
        *,
        lowercase: bool = True,
        strip_accents: bool | None = None,
        handle_chinese_chars: bool = True,
        clean_text: bool = True,
        unk_token: str = "[UNK]",
        continuing_subword_prefix: str = "##",
        max_chars_per_word: int = 100,
        special_tokens: Iterable[str] = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"),
    ) -> None:
        # a token's first line (the later lines of a repeated token are written first)
        self.vocab: dict[str, int] = dict(
            zip(reversed(vocab), range(len(vocab) - 1, -1, -1), strict=True)
        )
        if unk_token not in self.vocab:
            raise ConfigurationError(f"the vocabulary has no unknown token {describe(unk_token)}")
        if not isinstance(max_chars_per_word, int) or max_chars_per_word < 1:
            raise ConfigurationError(
                f"max_chars_per_word expected an int >= 1, got {describe(max_chars_per_word)}"
            )
        self.lowercase = lowercase
        self.strip_accents = lowercase if strip_accents is None else strip_accents
        self.handle_chinese_chars = handle_chinese_chars
        self.clean_text = clean_text
        self.unk_token = unk_token
        self.unk_id = self.vocab[unk_token]
        self.prefix = continuing_subword_prefix
        self.max_chars_per_word = max_chars_per_word
        specials = sorted((t for t in special_tokens if t in self.vocab), key=len, reverse=True)
        self._specials = (
            re.compile("(" + "|".join(re.escape(t) for t in specials) + ")") if specials else None
        )
        self._kinds: dict[str, str] = {}
        self._words: dict[str, tuple[int, ...]] = {}

    # -- the pipeline ------------------------------------------------------------------

    def _normalise(self, text: str) -> str:
        if text.isascii():
            if self.clean_text:
                text = text.translate(_ASCII_CLEAN)
            return text.lower() if self.lowercase else text
        if self.clean_text or self.handle_chinese_chars:
            kinds = self._kinds
            out = []
            for c in text:
                if c.isascii():
                    if c < " " or c == "\x7f":
                        c = " " if c in "\t\n\r" else ""
                    out.append(c)
                    continue
                kind = kinds.get(c)
                if kind is None:
                    kind = _char_kind(c)
                    if not self.clean_text and kind in ("", " "):
                        kind = c if not _is_cjk(ord(c)) else f" {c} "
                    if not self.handle_chinese_chars and kind == f" {c} ":
                        kind = c
                    kinds[c] = kind
                out.append(kind)
            text = "".join(out)
        if self.strip_accents:
            text = "".join(
                c for c in unicodedata.normalize("NFD", text) if unicodedata.category(c) != "Mn"
            )
        if self.lowercase:
            # per character, as the reference does: no final-sigma rule
            text = "".join(c.lower() for c in text) if "\u03a3" in text else text.lower()
        return text

    def basic_tokenize(self, text: str) -> list[str]:
        """The words of ``text`` before WordPiece (normalised, punctuation split off);
        special tokens written in the text come out whole."""
        out: list[str] = []
        pieces = self._specials.split(text) if self._specials and "[" in text else [text]
        for i, piece in enumerate(pieces):
            if i % 2:
                out.append(piece)
            elif piece:
                out.extend(self._split(self._normalise(piece)))
        return out

    def _split(self, text: str) -> list[str]:
        if text.isascii():
            return _ASCII_WORDS.findall(text)
        words: list[str] = []
        for chunk in text.split():
            start = 0
            for j, c in enumerate(chunk):
                if _is_punctuation(c):
                    if j > start:
                        words.append(chunk[start:j])
                    words.append(c)
                    start = j + 1
            if start < len(chunk):
                words.append(chunk[start:])
        return words

    def word_ids(self, word: str) -> tuple[int, ...]:
        """WordPiece ids of one basic-tokenised word (cached)."""
        cached = self._words.get(word)
        if cached is not None:
            return cached
        ids = self._wordpiece(word)
        if len(self._words) >= _WORD_CACHE_LIMIT:
            self._words.clear()
        self._words[word] = ids
        return ids

    def _wordpiece(self, word: str) -> tuple[int, ...]:
        vocab = self.vocab
        whole = vocab.get(word)
        if whole is not None:
            return (whole,)
        if len(word) > self.max_chars_per_word:
            return (self.unk_id,)
        ids: list[int] = []
        start, n = 0, len(word)
        while start < n:
            end = n
            found = None
            while start < end:
                piece = word[start:end] if start == 0 else self.prefix + word[start:end]
                found = vocab.get(piece)
                if found is not None:
                    break
                end -= 1
            if found is None:
                return (self.unk_id,)
            ids.append(found)
            start = end
        return tuple(ids)

    # -- public ------------------------------------------------------------------------

    def encode(self, text: str) -> list[int]:
        """Token ids of ``text``, without ``[CLS]``/``[SEP]`` and without truncation."""
        out: list[int] = []
        for word in self.basic_tokenize(text):
            out.extend(self.word_ids(word))
        return out

    def tokenize(self, text: str) -> list[str]:
        """Token strings of ``text`` (``##`` marks a piece continuing a word)."""
        inverse = self._inverse()
        return [inverse[i] for i in self.encode(text)]

    def _inverse(self) -> dict[int, str]:
        return {i: t for t, i in self.vocab.items()}
