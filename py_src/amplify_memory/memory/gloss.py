"""An English gloss of how a correction is said in a few other languages.

A correction in Spanish, French, Portuguese, Italian, German, Dutch or Hinglish names
its values the way an English one does ("Ya no vivo en Madrid, me mudé a Valencia";
"il mio team è passato da Jenkins a GitLab CI"), and only the words around them differ.
:func:`english_gloss` puts English words in place of those few: the signs of a change
("ya no": "no longer", "agora": "now", "au lieu de": "instead of", "overgestapt op":
"switched to"), and the first-person verbs that hold a place, a job or a tool with their
preposition ("vivo en": "I live in", "je travaille chez": "I work at"). The names in
between stay as written, so :mod:`~.restate` reads the gloss as it reads English.

Only whole phrases are glossed, never a lone short word that English has too ("a", "en",
"nu"), so an English message comes back unchanged.

>>> english_gloss("Ya no vivo en Madrid, me mudé a Valencia")
'no longer I live in Madrid, moved to Valencia'
>>> english_gloss("we moved to Berlin")
'we moved to Berlin'
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["english_gloss"]

#: (phrase, English) in the order they are tried; a phrase is a regular expression
#: matched case-insensitively at word boundaries.
_GLOSSES: Final[tuple[tuple[str, str], ...]] = (
    # Italian and French "from X to Y" changes (before the single words below)
    (r"(?:è|sono|siamo|è\s+stato)\s+passat[oaie]\s+da\s+(.{2,40}?)\s+a\s+",
     r"switched from \1 to "),
    (r"(?:je\s+suis|on\s+est|nous\s+sommes)\s+pass[ée]e?s?\s+de\s+(.{2,40}?)\s+[àa]\s+",
     r"switched from \1 to "),
    (r"(?:przeszed[łl]em|przesz[łl]am|przeszli[śs]my)\s+z\s+(.{2,40}?)\s+na\s+",
     r"switched from \1 to "),
    (r"(\w[\w.-]*)\s+se\s+(\w[\w.-]*)\s+shift\s+(?:ho\s+gaya|ho\s+gayi|kar\s+liya|kiya)"
     r"(?:\s+h(?:oon|ai|ain|u|un))?", r"moved from \1 to \2"),
    # someone else, and a value kept
    (r"(?:mein(?:e)?|mi|mis|mon|ma|mes|il\s+mio|la\s+mia|mijn|meu|minha|m[óo]j|moja|mera|meri|"
     r"mere)\s+(?:chef(?:in)?|jefe|jefa|boss|capo|baas|chefe|szef|manager|kolleg(?:e|in|en)|"
     r"colleg(?:a|he|hi)|coll[èe]gue|compa[ñn]er[oa]s?|colega|kolega|kole[żz]anka|dost|"
     r"(?:frau|mann|esposa|esposo|femme|mari|moglie|marito|vrouw|man|[żz]ona|m[ąa][żz]))",
     "my colleague"),
    (r"ich\s+bleibe(?:\s+aber)?\s+bei|ja\s+zostaj[ęe]\s+przy|me\s+quedo\s+con|"
     r"je\s+reste\s+(?:sur|avec)|ik\s+blijf\s+bij|(?:eu\s+)?fico\s+com|"
     r"(?:resto|rimango)\s+(?:su|con)", "I stick with"),
    # the end of a state
    (r"ya\s+no", "no longer"),
    (r"je\s+ne\s+(?:suis|travaille|vis|habite|utilise)\s+plus\s+(?:chez|à|a|en)",
     "I no longer work at"),
    (r"nicht\s+mehr", "no longer"),
    (r"niet\s+meer", "no longer"),
    (r"ju[żz]\s+nie", "no longer"),
    (r"niente\s+più", "no more"),
    (r"n[ãa]o\s+(\w+)\s+mais", r"no longer \1"),
    (r"(?:kein|keine|keinen|geen)\s+(\w+)\s+(?:mehr|meer)", r"no more \1"),
    (r"(\w[\w.-]*)\s+wala\s+sab\s+khatam", r"\1 is over"),
    # now, instead of
    (r"ahora|agora|maintenant|d[ée]sormais|adesso|jetzt|inzwischen|mittlerweile|"
     r"tegenwoordig|teraz", "now"),
    (r"en\s+vez\s+de(?:l)?|en\s+lugar\s+de(?:l)?|em\s+vez\s+d[oae]|ao\s+inv[ée]s\s+d[oae]|"
     r"au\s+lieu\s+de|invece\s+d[ie]|statt|anstatt|in\s+plaats\s+van|zamiast", "instead of"),
    # moves and switches to a new value
    (r"(?:me\s+mud[ée]|nos\s+mudamos|me\s+mudei|mudei|j'ai\s+d[ée]m[ée]nag[ée]|"
     r"mi\s+sono\s+trasferit[oa]|sono\s+trasferit[oa]|umgezogen|verhuisd)\s+(?:a|para|pra|à|nach|naar)\b",
     "moved to"),
    (r"(?:me\s+cambi[ée]|cambi[ée]|cambiamos|pas[ée]|pasamos|umgestiegen|gewechselt|"
     r"overgestapt|przeszed[łl]em|przesz[łl]am|przeszli[śs]my)\s+(?:a|al|auf|zu|op|naar|na)\b",
     "switched to"),
    (r"mudei\s+de\s+emprego|cambi[ée]\s+de\s+trabajo|j'ai\s+chang[ée]\s+de\s+(?:boulot|travail)|"
     r"job\s+switch\s+kar\s+li", "I changed jobs"),
    # the first-person verbs that hold a place, a job or a tool
    (r"(?:vivo|moro|abito|ich\s+wohne|ich\s+lebe|ik\s+woon|j'habite)\s+(now\s+)?"
     r"(?:en|em|a|in|à)\b", r"I live \1in"),
    (r"(?:trabajo|trabalho|lavoro|ich\s+arbeite|ik\s+werk|je\s+travaille)\s+(now\s+)?"
     r"(?:en|para|no|na|em|per|bei|bij|chez|da)\b", r"I work \1at"),
    (r"(?:uso|utilizo|utilizzo|ich\s+nutze|ich\s+benutze|ich\s+verwende|ik\s+gebruik|"
     r"j'utilise)\b", "I use"),
    (r"we\s+gebruiken|wir\s+nutzen|wir\s+benutzen|usamos|utilizamos|usiamo", "we use"),
    (r"correcci[óo]n|correzione|correctie|korrektur|poprawka|corre[çc][ãa]o", "correction"),
)  # fmt: skip
_GLOSS_RES: Final = tuple(
    (re.compile(rf"(?<![\w'])(?:{phrase})(?:(?<=\s)|(?![\w']))", re.IGNORECASE), english)
    for phrase, english in _GLOSSES
)


def english_gloss(message: str) -> str:
    """``message`` with the signs of a change and the verbs that hold a value said in
    English (see the module docstring); an English message comes back unchanged."""
    for pattern, english in _GLOSS_RES:
        message = pattern.sub(english, message)
    return message
