"""Facts said in Spanish, Portuguese, French, Italian, German or Dutch: the tools the user
uses now, has moved to or stopped using, and where they work.

People write to an assistant in their own language ("Ya no uso Jira, en el equipo nos
pasamos a Linear", "ich arbeite jetzt bei SAP"); the facts are stored in English, as every
other fact, so that they merge with and supersede the English ones. Only the first person
counts ("Mon collègue est passé à Neovim" is someone else's), and a maybe or an if stores
nothing ("Talvez eu mude para Svelte").

>>> [f.content for f in foreign_facts("Ya no uso Jira, en el equipo nos pasamos a Linear")]
['User uses Linear', 'User no longer uses Jira']
>>> [f.content for f in foreign_facts("ich arbeite jetzt bei SAP")]
['User works at SAP']
"""

from __future__ import annotations

import re
from typing import Final

from amplify_memory.memory import _phrasing
from amplify_memory.memory._facts import ExtractedFact

__all__ = ["foreign_facts", "other_script_facts"]

#: The user moved to a tool: what follows is the new one.
_MOVED_TO: Final = (
    r"me\s+pas[ée]\s+a|nos\s+pasamos\s+a|cambi[ée]\s+a|cambiamos\s+a|migramos\s+a|"
    r"mudei\s+para|mudamos\s+para|migrei\s+para|"
    r"je\s+suis\s+pass[ée]e?\s+[àa]|on\s+est\s+pass[ée]s?\s+[àa]|nous\s+sommes\s+pass[ée]s\s+[àa]|"
    r"sono\s+passat[oa]\s+a|siamo\s+passati\s+a|"
    r"umgestiegen\s+auf|"
    r"gewechselt\s+(?:zu|auf)|"
    r"overgestapt\s+(?:naar|op)"
)
#: The user uses a tool now.
_USES: Final = (
    r"ahora\s+uso|uso\s+ahora|agora\s+uso|uso\s+agora|maintenant\s+j['\u2019]utilise|"
    r"j['\u2019]utilise(?:\s+maintenant)?|on\s+utilise|nous\s+utilisons|je\s+code\s+en|"
    r"je\s+programme\s+en|je\s+travaille\s+avec|ora\s+uso|adesso\s+uso|"
    r"ich\s+(?:benutze|nutze|verwende)(?:\s+jetzt)?|wir\s+(?:benutzen|nutzen|verwenden)(?:\s+jetzt)?|"
    r"(?:benutze|nutze|verwende)\s+jetzt|ich\s+programmiere\s+in|ik\s+gebruik(?:\s+nu)?|"
    r"we\s+gebruiken(?:\s+nu)?|wij\s+gebruiken(?:\s+nu)?|"
    r"(?<![\w'])(?:uso|usamos|utilizo|utilizamos|usiamo|utilizziamo)|"
    r"programo\s+en|programo\s+em|trabajo\s+con|trabalho\s+com|lavoro\s+con"
)
#: The user stopped using a tool: what follows is the old one.
_STOPPED: Final = (
    r"ya\s+no\s+uso|dej[ée]\s+de\s+usar|dejamos\s+de\s+usar|n[ãa]o\s+uso\s+mais|"
    r"deixei\s+de\s+usar|je\s+n['\u2019]utilise\s+plus|plus\s+de|non\s+uso\s+pi[uù]|"
    r"ho\s+smesso\s+di\s+usare|ik\s+gebruik\s+geen"
)
_MOVED_RE: Final = re.compile(rf"(?:^|[\s,;:])(?:{_MOVED_TO})\s+(?P<new>[^,.;!?()]+)", re.I)
#: German with the verb last: "wir sind auf Podman umgestiegen".
_DE_MOVED_RE: Final = re.compile(
    r"\b(?:bin|sind)\s+(?:\w+\s+)?(?:auf|zu)\s+(?P<new>[^,.;!?()]+?)\s+(?:umgestiegen|gewechselt)\b",
    re.I,
)
_USES_RE: Final = re.compile(rf"(?:^|[\s,;:])(?:{_USES})\s+(?P<new>[^,.;!?()]+)", re.I)
_STOPPED_RE: Final = re.compile(rf"(?:^|[\s,;:])(?:{_STOPPED})\s+(?P<old>[^,.;!?()]+)", re.I)
#: German "X nicht mehr" and Dutch "geen X meer": the old one before the word.
_NOT_ANYMORE_RE: Final = re.compile(
    r"\b(?:ich\s+)?(?:benutze|nutze|verwende)\s+(?:kein(?:e|en)?\s+)?(?P<old>[^,.;!?()]+?)\s+"
    r"(?:nicht\s+)?mehr\b",
    re.I,
)
#: Where the user works now ("ich arbeite jetzt bei SAP", "je travaille chez Doctolib").
_WORKS_AT_RE: Final = re.compile(
    r"(?:^|[\s,;:])(?:trabajo\s+(?:en|para)|trabalho\s+(?:na|no|em|para)|"
    r"je\s+(?:travaille|bosse)\s+(?:maintenant\s+)?(?:chez|pour)|lavoro\s+(?:per|presso|alla|al|da)|"
    r"(?:ich\s+)?arbeite\s+(?:ich\s+)?(?:jetzt\s+|seit\s+\w+\s+)?(?:bei|für)|bin\s+ich\s+(?:jetzt\s+)?bei|"
    r"ich\s+bin\s+(?:jetzt\s+)?bei|ik\s+werk\s+(?:nu\s+)?(?:bij|voor)|"
    r"adesso\s+lavoro\s+(?:per|presso|alla|al|da))\s+"
    r"(?:(?:der|dem|den|die|la|el|le|l'|het|de)\s+)?"  # ("bei der Voestalpine", "chez la SNCF")
    r"(?P<org>(?-i:[A-Z])[\w&.'-]*(?:\s+(?-i:[A-Z])[\w&.'-]*){0,2})",
    re.I,
)
#: A maybe, an if or a plan: nothing is stored.
_UNSURE_RE: Final = re.compile(
    r"\b(?:talvez|quiz[áa]s?|tal\s+vez|peut-[êe]tre|si\s+je|si\s+on|se\s+io|forse|"
    r"angenommen|falls|wenn\s+ich|vielleicht|als\s+ik|misschien|pienso|penso\s+(?:de|em)|"
    r"je\s+pense|ich\s+überlege|estoy\s+pensando|estou\s+pensando|voy\s+a|vou|je\s+vais|"
    r"ich\s+werde|ik\s+ga)\b",
    re.I,
)
#: A negated verb before "work at" ("ich arbeite nicht mehr bei Zalando").
_NEGATED_RE: Final = re.compile(
    r"\b(?:nicht|kein|keine|keinen|no|não|ne|non|niet|geen|plus|più)\b", re.I
)


#: The user uses a tool, said in Japanese, Korean, Chinese, Arabic or Hindi in Latin
#: letters ("Vue 3とNuxtを使っています", "أستخدم Kotlin", "Flutter use karta hoon").
_OTHER_SCRIPT_USES_RE: Final = re.compile(
    r"使って(?:います|いる|ます|る)|使用して(?:います|いる|ます)|で開発して|"
    r"(?:을|를)?\s*사용(?:합니다|하고\s*있(?:습니다|어요)|해요|중)|"
    r"(?:我|我们)(?:在|一直)?(?:用|使用)|"
    r"(?:أستخدم|نستخدم|أعمل\s+(?:ب|على)|أبرمج\s+ب)|"
    r"\b(?:use|istemal)\s+(?:karta|karti|karte|kar\s+raha|kar\s+rahi)\s+(?:hoon|hu|hun|hain|hai)\b",
    re.IGNORECASE,
)
#: Someone else, a plan, a wish or a question in those languages: nothing is stored.
_OTHER_SCRIPT_NOT_MINE_RE: Final = re.compile(
    r"今回|この回|这次|這次|이번|\bis\s+baar\b|同僚|友達|友人|上司|彼女?は|予定|つもり|たい|かも|\uff1f|\?|동료|친구|상사|그는|그녀는|할\s*거|"
    r"同事|朋友|老板|他们?|她|打算|想要?|吗|زميل|صديق|مدير|هو\s|هي\s|هل|سوف|ربما|"
    r"\b(?:manager|boss|dost|bhai|woh|unko|uska|uski|sochta|sochti|chahta|chahti|shayad|kya)\b",
    re.IGNORECASE,
)
#: A wish for answers in a language, said in Japanese, Korean, Chinese, Arabic or Hindi in
#: Latin letters ("説明は日本語でお願いします", "الشرح بالعربي", "english me hi dena").
_OTHER_SCRIPT_ANSWERS_RE: Final = re.compile(
    r"(?:説明|回答|返事|答え)は(?P<ja>日本語|英語)で|(?P<ja2>日本語|英語)で(?:お願い|答え|説明|返事|回答)|"
    r"(?P<ko>한국어|영어)로\s*(?:답|설명|대답|부탁)|"
    r"(?P<ar>بالعربي(?:ة)?|بالإنجليزي(?:ة)?)|"
    r"\b(?P<hi>english|hindi|hinglish)\s+(?:me|mein|main)\s+(?:hi\s+)?"
    r"(?:dena|do|dijiye|likho|batao|bolo|samjhao|jawab)\b",
    re.IGNORECASE,
)
_SCRIPT_LANGUAGE: Final = {
    "日本語": "Japanese", "英語": "English", "한국어": "Korean", "영어": "English",
    "中文": "Chinese", "英文": "English", "英语": "English", "بالعربي": "Arabic",
    "بالعربية": "Arabic", "بالإنجليزي": "English", "بالإنجليزية": "English",
    "english": "English", "hindi": "Hindi", "hinglish": "Hinglish",
}  # fmt: skip
#: "... mat dena", "لا": the wish is the other way.
_OTHER_SCRIPT_NOT_RE: Final = re.compile(r"\b(?:mat|nahi|nahin|na)\b|ではなく|말고|不要|لا\s", re.I)


#: Where a Latin name touches another script ("とNuxtを"): a space goes there.
_LATIN_APART_RE: Final = re.compile(
    r"(?<=[A-Za-z0-9.+#])(?=[^\x00-\x7f\s])|(?<=[^\x00-\x7f\s])(?=[A-Za-z0-9])"
)


def other_script_facts(clause: str) -> list[ExtractedFact]:
    """The tools the user uses and the language they want answers in, in a clause in
    Japanese, Korean, Chinese, Arabic or Hindi in Latin letters (see the patterns)."""
    facts: list[ExtractedFact] = []
    for sentence in re.split(r"[。\uff01!.]\s*|[,،、]\s*(?=(?:and|aur|و)\b)", clause):
        if not sentence.strip() or _OTHER_SCRIPT_NOT_MINE_RE.search(sentence):
            continue
        if _OTHER_SCRIPT_USES_RE.search(sentence):
            names = _phrasing.tech_names(_LATIN_APART_RE.sub(" ", sentence))
            facts += [ExtractedFact(f"User uses {n}", "tech_stack") for n in names]
        for wish in _OTHER_SCRIPT_ANSWERS_RE.finditer(sentence):
            said = next(g for g in wish.groups() if g)
            if _OTHER_SCRIPT_NOT_RE.search(sentence[max(0, wish.start() - 5) : wish.end() + 8]):
                continue
            language = _SCRIPT_LANGUAGE[said.casefold() if said.isascii() else said]
            facts.append(ExtractedFact(f"User wants answers in {language}", "communication"))
    return facts


def foreign_facts(clause: str) -> list[ExtractedFact]:
    """The user's tools and workplace in a clause in another language (see the module
    docstring), or nothing."""
    if _UNSURE_RE.search(clause):
        return []
    if (
        not clause.isascii()
        or _OTHER_SCRIPT_USES_RE.search(clause)
        or _OTHER_SCRIPT_ANSWERS_RE.search(clause)
    ):
        scripted = other_script_facts(clause)
        if scripted:
            return scripted
    new: list[str] = []
    for pattern in (_MOVED_RE, _DE_MOVED_RE, _USES_RE):
        for found in pattern.finditer(clause):
            if pattern is _USES_RE and _negated(clause, found):
                continue  # "ya no uso Jira", "ik gebruik geen Windows meer"
            new += [n for n in _phrasing.tech_names(found["new"]) if n not in new]
    old: list[str] = []
    for pattern in (_STOPPED_RE, _NOT_ANYMORE_RE):
        for found in pattern.finditer(clause):
            old += [n for n in _phrasing.tech_names(found["old"]) if n not in old and n not in new]
    facts = [ExtractedFact(f"User uses {name}", "tech_stack") for name in new]
    facts += [ExtractedFact(f"User no longer uses {name}", "tech_stack") for name in old]
    works = [w for w in _WORKS_AT_RE.finditer(clause) if not _negated(clause, w)]
    if works:
        facts.append(ExtractedFact(f"User works at {works[-1]['org'].rstrip('.')}", "personal"))
    return facts


def _negated(clause: str, found: re.Match[str]) -> bool:
    """A negation in the part of the sentence that leads to ``found`` ("ich arbeite nicht
    mehr bei Zalando"; not "non sono più alla Ferrari, adesso lavoro per Ubisoft")."""
    start = max((clause.rfind(p, 0, found.start()) for p in ",.;:!?"), default=-1) + 1
    return _NEGATED_RE.search(clause[start : found.end()]) is not None
