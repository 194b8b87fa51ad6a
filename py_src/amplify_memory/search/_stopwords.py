"""The built-in English stop word list.

Written for this project: function words (articles, pronouns, auxiliaries,
prepositions, conjunctions, common adverbs) plus the fragments left when the
tokenizer splits contractions at the apostrophe ("don't" -> "don", "t").
Words are compared after accent folding and case folding, before stemming.
"""

from __future__ import annotations

__all__ = ["ENGLISH_STOP_WORDS"]

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
