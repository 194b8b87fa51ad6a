"""How likely two stored facts are one fact said twice: a small learned model.

The last step of :func:`~amplify_memory.memory.supersession.decide` asks it about two
facts that no rule has told apart, that name the same values with the same polarity (the
vetoes stay rules: a changed value or a negation is never merged here) and whose
embeddings are near but not near enough to be one on that alone. It reads a few measures
of the two texts (the embeddings' cosine, the lexical similarity, shared stems, shared
word starts, numbers and names on one side only, topic frames) and weighs them with a
logistic model learned from the labelled memory pairs in ``bench/data``
(``bench/train_merge_model.py`` writes :mod:`._merge_weights`; the pairs kept aside for
measurement are not read).

Everything here is a pure function of the two texts; the weights are data.

>>> merge_probability("User keeps chickens", "User has a flock of hens", 0.55) < 0.5
True
"""

from __future__ import annotations

import math
import re
from typing import Final

from amplify_memory.memory import _merge_weights
from amplify_memory.memory.similarity import content_similarity
from amplify_memory.memory.topics import frames_of
from amplify_memory.text import MEMORY_STOP_WORDS, stem_english_any

__all__ = ["FEATURES", "features", "merge_probability", "swaps_one_word"]

#: The measures, in the order of the weights (:data:`._merge_weights.FEATURES` must match).
FEATURES: Final = (
    "bias",
    "cosine",
    "similarity",
    "stems_shared",
    "starts_covered_min",
    "starts_covered_max",
    "trigrams",
    "length_gap",
    "numbers_differ",
    "number_one_side",
    "names_apart",
    "both_framed",
    "same_topic",
    "one_framed",
    "short",
)

_WORD_RE: Final = re.compile("[^\\W_]+(?:['\u2019][^\\W_]+)?")
_NUMBER_RE: Final = re.compile(r"\d+(?:[.,]\d+)?")
#: A capitalised word that does not start the text or a sentence: a name.
_NAME_RE: Final = re.compile(r"(?<!^)(?<![.!?]\s)\b[A-Z][\w.+#-]*")
_SUBJECT_WORDS: Final = frozenset({"user", "user's", "users"})
#: Letters that a word and its other forms share ("illustrator" / "illustration").
_START: Final = 4


def _words(text: str) -> list[str]:
    """The content words of a fact, case-folded (stop words and "User" left out)."""
    folded = (w.casefold() for w in _WORD_RE.findall(text))
    return [w for w in folded if w not in MEMORY_STOP_WORDS and w not in _SUBJECT_WORDS]


def _covered(words: list[str], others: list[str]) -> float:
    """The share of ``words`` that start like a word of ``others``."""
    if not words:
        return 0.0
    starts = {w[:_START] for w in others}
    return sum(1 for w in words if w[:_START] in starts) / len(words)


def swaps_one_word(new: str, old: str) -> bool:
    """True when the two facts differ by one word for one word, the two not alike ("an MSc
    in chemistry" / "a BSc in chemistry", "owns a café" / "works at a café"): another
    value as often as a paraphrase, which the words alone cannot tell."""
    wn, wo = _words(new), _words(old)
    starts_n, starts_o = {w[:_START] for w in wn}, {w[:_START] for w in wo}
    return (
        sum(1 for w in wn if w[:_START] not in starts_o) == 1
        and sum(1 for w in wo if w[:_START] not in starts_n) == 1
    )


def _trigrams(words: list[str]) -> set[str]:
    padded = f" {' '.join(sorted(words))} "
    return {padded[i : i + 3] for i in range(len(padded) - 2)}


def _dice(x: set[str], y: set[str]) -> float:
    return 2 * len(x & y) / (len(x) + len(y)) if x and y else 0.0


def _names(text: str) -> set[str]:
    return {w.casefold() for w in _NAME_RE.findall(text) if w.casefold() not in _SUBJECT_WORDS}


def features(new: str, old: str, cosine: float) -> tuple[float, ...]:
    """The measures of :data:`FEATURES` for two facts (their canonical texts, as
    :func:`~amplify_memory.memory.supersession.decide` reads them) and the cosine of
    their embeddings."""
    wn, wo = _words(new), _words(old)
    sn, so = {stem_english_any(w) for w in wn}, {stem_english_any(w) for w in wo}
    covered = _covered(wn, wo), _covered(wo, wn)
    numbers = set(_NUMBER_RE.findall(new)), set(_NUMBER_RE.findall(old))
    names = _names(new), _names(old)
    frames = frames_of(new), frames_of(old)
    both = bool(frames[0] and frames[1])
    return (
        1.0,
        cosine,
        content_similarity(new, old),
        len(sn & so) / len(sn | so) if sn | so else 0.0,
        min(covered),
        max(covered),
        _dice(_trigrams(wn), _trigrams(wo)),
        abs(len(wn) - len(wo)) / max(1, len(wn), len(wo)),
        float(bool(all(numbers) and numbers[0] != numbers[1])),
        float(bool(numbers[0]) != bool(numbers[1])),
        float(bool(all(names) and not names[0] & names[1])),
        float(both),
        float(both and frames[0][0].topic == frames[1][0].topic),
        float(bool(frames[0]) != bool(frames[1])),
        float(min(len(wn), len(wo)) <= 2),
    )


def merge_probability(new: str, old: str, cosine: float) -> float:
    """How likely ``new`` and ``old`` are one fact, from 0 to 1, given the cosine of their
    embeddings."""
    measures = features(new, old, cosine)
    z = math.fsum(w * x for w, x in zip(_merge_weights.WEIGHTS, measures, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
