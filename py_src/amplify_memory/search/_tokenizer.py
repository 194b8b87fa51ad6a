"""Text analysis: the same pipeline turns documents and queries into index terms.

Pipeline, one small pure function a step (defaults in :mod:`._defaults`):

1. :func:`split_words` cuts text into words: runs of Unicode letters, digits,
   underscores and combining marks, so "naïve", "Ärger", "東京タワー" and Hindi words
   stay whole (a custom ``split`` function can replace this step).
2. :func:`fold` case-folds, and with accent folding on, decomposes (NFKD), drops the
   diacritic combining marks and recomposes: "Naïve" -> "naive", fullwidth "\\uff21" -> "a".
3. :func:`segment_scripts` cuts runs of scripts written without spaces (Chinese,
   Japanese kana, Thai, Lao, Khmer, Myanmar) into overlapping character bigrams
   ("東京タワー" -> "東京", "京タ", "タワ", "ワー"); a lone character stays a unigram.
4. Stop words (compared on the folded word) are dropped.
5. The word is stemmed with Snowball (``snowballstemmer``; English ``[a-z0-9_]`` words
   use the exact, faster re-implementation in :mod:`amplify_memory.text`). Bigrams are not
   stemmed.

Each word is analysed once: :class:`Tokenizer` caches raw word -> terms.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Final

from amplify_memory.errors import ConfigurationError, UnsupportedLanguageError, describe
from amplify_memory.search._defaults import DEFAULT_LANGUAGE, TOKEN_CACHE_SIZE
from amplify_memory.text import ENGLISH_STOP_WORDS, fold, snowball_stemmer, stem_english_any

__all__ = [
    "SUPPORTED_LANGUAGES",
    "Analysis",
    "Tokenizer",
    "fold",
    "segment_scripts",
    "split_words",
]

#: Languages with a Snowball stemmer, i.e. the valid ``language`` values.
# snowballstemmer 3.1's algorithms() (a unit test checks the two agree; the package
# itself is imported only when a stemmer of it is needed, see amplify_memory.text).
SUPPORTED_LANGUAGES: Final[tuple[str, ...]] = (
    "arabic", "armenian", "basque", "catalan", "czech", "danish", "dutch", "dutch_porter",
    "english", "esperanto", "estonian", "finnish", "french", "german", "greek", "hindi",
    "hungarian", "indonesian", "irish", "italian", "lithuanian", "nepali", "norwegian",
    "persian", "polish", "porter", "portuguese", "romanian", "russian", "serbian",
    "sesotho", "spanish", "swedish", "tamil", "turkish", "yiddish",
)  # fmt: skip

# Combining marks that are part of words. Python's \w covers letters and digits of
# every script but not marks, so without these "nai\u0308ve" (decomposed) or Hindi
# and Thai words would be cut at every vowel sign.
_MARKS = (
    "\u0300-\u036f\u0483-\u0489\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7"
    "\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed"
    "\u0900-\u0963\u0966-\u0dff\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff"
    "\u1ab0-\u1aff\u1dc0-\u1dff\u200c\u200d\u20d0-\u20ff\u3099\u309a\ufe00-\ufe0f\ufe20-\ufe2f"
)
_WORD_RE: Final = re.compile(f"[\\w{_MARKS}]+")
# Scripts written without spaces between words: cut into character bigrams.
_NO_SPACE_CHARS = (
    "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u31f0-\u31ff\u3400-\u4dbf"
    "\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0002fa1f"
)
_NO_SPACE_RE: Final = re.compile(f"[{_NO_SPACE_CHARS}]+")
# Diacritics removed by accent folding (the generic combining-mark blocks only, so
# kana voicing marks and Indic vowel signs survive and are recomposed by NFC).
#: One analysed text: term -> frequency, the distinct surface words (folded,
#: unstemmed) and the number of indexed tokens (the BM25 field length).
Analysis = tuple[dict[str, int], set[str], int]

# ASCII fast path of split_words on lowercased text: one str.translate (upper -> lower,
# non-word -> space) and str.split, about twice as fast as the regular expression.
_ASCII_TABLE: Final = str.maketrans(
    {chr(c): (chr(c).lower() if chr(c).isalnum() or chr(c) == "_" else " ") for c in range(128)}
)


def split_words(text: str) -> list[str]:
    """Cut ``text`` into raw words (Unicode letters, digits, ``_`` and combining marks).

    >>> split_words("Naïve O'Brien: 東京タワー, v2.0")
    ['Naïve', 'O', 'Brien', '東京タワー', 'v2', '0']
    """
    return _WORD_RE.findall(text)


def segment_scripts(word: str) -> list[tuple[str, bool]]:
    """Split a folded word into ``(segment, is_bigram)`` pairs.

    Runs of no-space scripts become overlapping character bigrams (a run of one
    character stays whole); everything else is returned as is.

    >>> segment_scripts("python3で東京")
    [('python3', False), ('で東', True), ('東京', True)]
    """
    if word.isascii() or not _NO_SPACE_RE.search(word):
        return [(word, False)]
    out: list[tuple[str, bool]] = []
    pos = 0
    for match in _NO_SPACE_RE.finditer(word):
        if match.start() > pos:
            out.append((word[pos : match.start()], False))
        run = match.group()
        if len(run) == 1:
            out.append((run, True))
        else:
            out.extend((run[i : i + 2], True) for i in range(len(run) - 1))
        pos = match.end()
    if pos < len(word):
        out.append((word[pos:], False))
    return out


def _make_stemmer(language: str) -> Callable[[str], str]:
    if language != "english":
        return snowball_stemmer(language)
    return stem_english_any


class Tokenizer:
    """The configured analysis pipeline of one database, with word caches.

    ``stop_words``: ``None`` = the language default (the built-in English list for
    English, none for other languages), ``True`` = the built-in list (English only),
    ``False`` = none, or an iterable of words. ``split`` replaces :func:`split_words`
    (no bigram segmentation is applied to its words).

    >>> Tokenizer().terms("The migrations were running")
    ['migrat', 'run']
    """

    __slots__ = (
        "_multi",
        "_pairs",
        "_stem",
        "_surface",
        "_terms",
        "fold_accents",
        "language",
        "split",
        "stemming",
        "stop_words",
        "stop_words_setting",
    )

    def __init__(
        self,
        language: str = DEFAULT_LANGUAGE,
        *,
        stemming: bool = True,
        stop_words: bool | Iterable[str] | None = None,
        fold_accents: bool = True,
        split: Callable[[str], Sequence[str]] | None = None,
    ) -> None:
        if not isinstance(language, str) or language not in SUPPORTED_LANGUAGES:
            raise UnsupportedLanguageError(language, list(SUPPORTED_LANGUAGES))
        for name, flag in (("stemming", stemming), ("fold_accents", fold_accents)):
            if not isinstance(flag, bool):
                raise ConfigurationError(f"{name} expected a bool, got {describe(flag)}")
        if split is not None and not callable(split):
            raise ConfigurationError(
                f"split expected a function str -> list[str], got {describe(split)}"
            )
        self.language = language
        self.stemming = stemming
        self.fold_accents = fold_accents
        self.split = split
        self.stop_words_setting: bool | list[str]
        if stop_words is None:
            stop_words = language == "english"
        if stop_words is True:
            if language != "english":
                raise ConfigurationError(
                    f"no built-in stop word list for {describe(language)} (only 'english'); "
                    "pass stop_words=False or a list of words"
                )
            self.stop_words = ENGLISH_STOP_WORDS
            self.stop_words_setting = True
        elif stop_words is False:
            self.stop_words = frozenset()
            self.stop_words_setting = False
        elif isinstance(stop_words, str) or not isinstance(stop_words, Iterable):
            raise ConfigurationError(
                f"stop_words expected None, a bool or a list of words, got {describe(stop_words)}"
            )
        else:
            words = list(stop_words)
            for word in words:
                if not isinstance(word, str):
                    raise ConfigurationError(f"stop_words expected strings, got {describe(word)}")
            self.stop_words = frozenset(fold(w, fold_accents) for w in words)
            self.stop_words_setting = sorted(self.stop_words)
        self._stem: Callable[[str], str] | None = _make_stemmer(language) if stemming else None
        # raw word -> (surface, term) pairs; term "" marks a stop word
        self._pairs: dict[str, tuple[tuple[str, str], ...]] = {}
        # raw word -> its one term ("" when it yields no token), or a "\x00"-prefixed
        # key of _multi when it yields several (bigrams, split by folding)
        self._terms: dict[str, str] = {}
        self._multi: dict[str, tuple[tuple[str, str], ...]] = {}
        # raw word -> surface word, when they differ (accents, custom split)
        self._surface: dict[str, str] = {}

    # -- settings ---------------------------------------------------------------

    def settings(self) -> dict[str, object]:
        """The JSON-serialisable settings (a custom ``split`` is recorded as a flag)."""
        return {
            "language": self.language,
            "stemming": self.stemming,
            "stop_words": self.stop_words_setting,
            "fold_accents": self.fold_accents,
            "custom_split": self.split is not None,
        }

    # -- analysis ---------------------------------------------------------------

    def stem(self, word: str) -> str:
        """The term of a folded (surface) word: its stem, or itself without stemming."""
        return self._stem(word) if self._stem is not None else word

    def analyze_word(self, raw: str) -> tuple[tuple[str, str], ...]:
        """``(surface, term)`` pairs of one raw word; ``term`` is ``""`` for a stop word."""
        cached = self._pairs.get(raw)
        if cached is not None:
            return cached
        folded = fold(raw, self.fold_accents)
        parts = [folded] if folded.isascii() or self.split else _WORD_RE.findall(folded)
        out: list[tuple[str, str]] = []
        for part in parts:
            segments = [(part, False)] if self.split else segment_scripts(part)
            for segment, is_bigram in segments:
                if not segment:
                    continue  # (a lone combining mark folds to nothing: no token)
                if is_bigram:
                    out.append((segment, segment))
                elif segment in self.stop_words:
                    out.append((segment, ""))
                else:
                    out.append((segment, self.stem(segment)))
        result = tuple(out)
        if len(self._pairs) >= TOKEN_CACHE_SIZE:
            self._pairs.clear()
        self._pairs[raw] = result
        return result

    def _learn(self, raw: str) -> None:
        if self.split is None and raw.isascii():  # already lowercase: one pair
            term = "" if raw in self.stop_words else self.stem(raw)
            self._terms[raw] = term
            return
        pairs = self.analyze_word(raw)
        live = tuple(p for p in pairs if p[1])
        if len(pairs) == 1:
            surface, term = pairs[0]
            self._terms[raw] = term
            if surface != raw:
                self._surface[raw] = surface
        else:
            key = "\x00" + raw
            self._terms[raw] = key
            self._multi[key] = live

    def words(self, text: str) -> list[str]:
        """The raw words of ``text``, case-folded unless a custom ``split`` is set."""
        if self.split is not None:
            words = self.split(text)
            if not isinstance(words, list | tuple) or not all(isinstance(w, str) for w in words):
                raise ConfigurationError(
                    f"the split function must return a list of strings, got {describe(words)}"
                )
            return [w for w in words if w]
        if text.isascii():
            return text.translate(_ASCII_TABLE).split()
        return _WORD_RE.findall(text.casefold())

    def analyze(self, texts: Iterable[str]) -> Analysis:
        """Term frequencies, surface words and token count of one field's text(s).

        The surface words include stop words (they feed the prefix/fuzzy vocabulary,
        where a stop word expands to nothing).
        """
        words: list[str] = []
        ascii_only = self.split is None
        for text in texts:
            ascii_only = ascii_only and text.isascii()
            words += self.words(text)
        if len(self._terms) >= TOKEN_CACHE_SIZE:
            self._terms.clear()
            self._multi.clear()
            self._surface.clear()
        raw_counts = Counter(words)
        term_of = self._terms.get
        tfs: dict[str, int] = {}
        tfs_get = tfs.get
        for raw, count in raw_counts.items():
            term = term_of(raw)
            if term is None:
                self._learn(raw)
                term = self._terms[raw]
            tfs[term] = tfs_get(term, 0) + count
        length = len(words) - tfs.pop("", 0)
        if ascii_only:  # every ASCII word is its own surface and yields one term
            return tfs, set(raw_counts), length
        multi = self._multi
        if multi and not multi.keys().isdisjoint(tfs):
            for key in multi.keys() & tfs.keys():
                count = tfs.pop(key)
                length -= count
                for _, term in multi[key]:
                    tfs[term] = tfs_get(term, 0) + count
                    length += count
        surfaces: set[str] = set()
        surface_of = self._surface.get
        for raw in raw_counts:
            term = term_of(raw)
            if term and term[0] == "\x00":
                surfaces.update(s for s, _ in multi[term])
            else:
                surfaces.add(surface_of(raw, raw))
        return tfs, surfaces, length

    def pairs(self, text: str) -> list[tuple[str, str]]:
        """All ``(surface, term)`` pairs of ``text`` in order, stop words included."""
        out: list[tuple[str, str]] = []
        for raw in self.words(text):
            out.extend(self.analyze_word(raw))
        return out

    def terms(self, text: str) -> list[str]:
        """The index terms of ``text`` in order (stop words removed)."""
        return [term for _, term in self.pairs(text) if term]
