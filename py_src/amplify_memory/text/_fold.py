"""Folding: case and accents, as search indexes words and as memories compare them."""

from __future__ import annotations

import unicodedata
from typing import Final

__all__ = ["fold", "strip_accents"]

_DIACRITICS: Final[dict[int, None]] = dict.fromkeys(
    [
        *range(0x0300, 0x0370),
        *range(0x1AB0, 0x1B00),
        *range(0x1DC0, 0x1E00),
        *range(0x20D0, 0x2100),
        *range(0xFE20, 0xFE30),
    ]
)


def fold(word: str, accents: bool = True) -> str:
    """Case-fold ``word`` and, when ``accents`` is true, strip its diacritics.

    >>> fold("Naïve"), fold("STRASSE"), fold("\\uff21b"), fold("Crème", accents=False)
    ('naive', 'strasse', 'ab', 'crème')
    """
    if word.isascii():
        return word.lower()
    if not accents:
        return unicodedata.normalize("NFC", word.casefold())
    decomposed = unicodedata.normalize("NFKD", word.casefold()).translate(_DIACRITICS)
    return unicodedata.normalize("NFC", decomposed)


def strip_accents(text: str) -> str:
    """``text`` without its combining marks, case kept (how memories and the hashing
    embedding compare words: "Crème" -> "Creme").

    >>> strip_accents("Crème Brûlée"), strip_accents("plain")
    ('Creme Brulee', 'plain')
    """
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c))
