"""The stop word lists: the search engine's English list, the memories' and the hashing
embedding's (each for its own use, all in one place).

The built-in English stop word list.

Written for this project: function words (articles, pronouns, auxiliaries,
prepositions, conjunctions, common adverbs) plus the fragments left when the
tokenizer splits contractions at the apostrophe ("don't" -> "don", "t").
Words are compared after accent folding and case folding, before stemming.
"""

from __future__ import annotations

from typing import Final

__all__ = ["ENGLISH_STOP_WORDS", "HASHING_STOP_WORDS", "MEMORY_STOP_WORDS"]

ENGLISH_STOP_WORDS: frozenset[str] = frozenset(
    """
    a about above after again against all am an and any are as at
    be because been before being below between both but by
    can cannot could
    did do does doing down during
    each
    few for from further
    had has have having he her here hers herself him himself his how
    i if in into is it its itself
    just
    me more most my myself
    no nor not now
    of off on once only or other ought our ours ourselves out over own
    same she should so some such
    than that the their theirs them themselves then there these they this those
    through to too
    under until up
    very
    was we were what when where which while who whom why will with would
    you your yours yourself yourselves
    s t d ll m re ve
    aren couldn didn doesn don hadn hasn haven isn mustn needn shan shouldn wasn
    weren wouldn
    """.split()  # noqa: SIM905 (a word list reads better as text)
)


#: The memories' stop words (similarity, de-duplication): English function words, the
#: frequency adverbs that do not change a fact ("usually", "mostly") and the words every
#: memory shares ("user", "assistant").
MEMORY_STOP_WORDS: Final = frozenset(
    [
    "a", "about", "above", "after", "again", "all", "also", "am", "an", "and", "any", "are",
    "as", "at", "be", "been", "before", "being", "below", "between", "both", "but", "by",
    "can", "could", "currently", "did", "do", "does", "doing", "during", "each", "few", "for",
    "from", "further", "generally", "had", "has", "have", "having", "he", "her", "here",
    "hers", "him", "his", "how", "i", "if", "in", "into", "is", "it", "its", "itself", "just",
    "me", "more", "most", "mostly", "mainly", "my", "myself", "normally", "now", "of", "off",
    "on", "once", "only", "or", "other", "our", "ours", "out", "own", "personally", "please",
    "really", "same", "she", "should", "so", "some", "such", "that", "the", "their", "theirs",
    "them", "themselves", "then", "there", "these", "they", "this", "those", "through", "too",
    "typically", "under", "until", "up", "usually", "always", "often", "very", "was", "we",
    "were", "what", "when", "where", "which", "while", "who", "whom", "why", "will", "with",
    "would", "you", "your", "yours", "s", "t", "d", "ll", "m", "re", "ve", "user", "users",
    "user's", "assistant",
    ]
)  # fmt: skip

#: The hashing embedding's stop words: part of its model ("amplify-hash-v1"), so they
#: never change (another list would give other vectors for the same text).
HASHING_STOP_WORDS: Final = frozenset(
    [
    "a", "an", "and", "are", "as", "at", "be", "but", "by", "for", "from", "has", "have", "i",
    "if", "in", "is", "it", "its", "of", "on", "or", "that", "the", "their", "them", "they",
    "this", "to", "was", "we", "were", "what", "when", "where", "which", "who", "will",
    "with", "you", "your",
    ]
)  # fmt: skip
