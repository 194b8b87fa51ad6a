# ruff: noqa: RUF001, RUF003
"""What people say about themselves in Spanish, Portuguese, French, Italian, German or
Dutch (and some of it in Hindi in Latin letters or Turkish), stored in English.

People write to an assistant in their own language, or mix it with English: "Moro em
Curitiba, trabalho como enfermeira e tenho dois gatos", "Kurz zu mir: ich bin Elektriker,
wohne in Graz und spreche Deutsch und Kroatisch". Each reader below finds one kind of fact
said in the first person (where one lives, one's job, the languages one speaks, a diet,
children and pets, age, what one plays, where one works, what answers should be in) and
says it in English, with the words of :mod:`amplify_memory.memory.foreign_lexicon`, so
that it merges with and supersedes facts said in English. A job, a home or a workplace
said with a negation ("ya no trabajo en el banco") stores nothing (what replaced it is
said beside it); a diet said so is ended ("ya no soy vegetariana").

>>> in_english("Moro em Curitiba, trabalho como enfermeira e tenho dois gatos")
'I live in Curitiba. I am a nurse. I have two cats'
>>> in_english("ich bin Elektriker und spreche Deutsch und Kroatisch.")
'I am an electrician, I speak German and Croatian.'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, Final

from amplify_memory.memory._text import ROLE_NOUNS, WORKPLACE_NOUNS, indefinite_article, wordlist
from amplify_memory.memory.foreign_lexicon import (
    ALLERGENS,
    DIETS,
    FOODS,
    JOBS,
    KIN,
    LANGUAGES,
    NOT_EMPLOYERS,
    NUMBERS,
    PETS,
    PLAYED,
    SUBJECTS,
    WORKPLACES,
    alternation,
    fold,
    plain,
)

__all__ = ["in_english", "quoted_or_made_up"]


class _Found:
    """A match found in the :func:`~.foreign_lexicon.fold`-ed text, read in the letters of
    the text itself (the two have the same length, so every place is the same)."""

    __slots__ = ("_match", "string")

    def __init__(self, match: re.Match[str], string: str) -> None:
        self._match, self.string = match, string

    def __getitem__(self, group: int | str) -> Any:  # (as re.Match: str, or None)
        start, end = self._match.span(group)
        return None if start < 0 else self.string[start:end]

    def group(self, group: int | str = 0) -> str:
        return self[group] or ""

    def groups(self) -> tuple[str | None, ...]:
        return tuple(self[i] for i in range(1, (self._match.re.groups or 0) + 1))

    def groupdict(self) -> dict[str, str | None]:
        return {name: self[name] for name in self._match.re.groupindex}

    def start(self, group: int | str = 0) -> int:
        return self._match.start(group)

    def end(self, group: int | str = 0) -> int:
        return self._match.end(group)


#: A match of either kind: a plain pattern's, or a folded one's.
_Matched = re.Match[str] | _Found


class _Folded:
    """A pattern of words written without accents, matched on the folded text ("profesora"
    finds "profesóra" and "profesora"): far cheaper to compile than a class of letters for
    every vowel of a thousand words."""

    __slots__ = ("_pattern",)

    def __init__(self, source: str, flags: int = re.IGNORECASE) -> None:
        self._pattern = re.compile(source, flags)

    def finditer(self, text: str) -> list[_Found]:
        return [_Found(m, text) for m in self._pattern.finditer(fold(text))]

    def search(self, text: str) -> _Found | None:
        found = self._pattern.search(fold(text))
        return _Found(found, text) if found else None

    def match(self, text: str, pos: int = 0) -> _Found | None:
        found = self._pattern.match(fold(text), pos)
        return _Found(found, text) if found else None

    def sub(self, said: Callable[[_Matched], str], text: str) -> str:
        """``text`` with each match replaced by what ``said`` makes of it."""
        out, last = [], 0
        for found in self.finditer(text):
            out += [text[last : found.start()], said(found)]
            last = found.end()
        return "".join([*out, text[last:]])


#: Words that may stand between a verb and what it says: "ich bin jetzt ...", "sou agora".
_NOW: Final = (
    r"(?:(?:ahora|agora|maintenant|desormais|d[ée]sormais|jetzt|inzwischen|mittlerweile|"
    r"nun|adesso|ora|nu|tegenwoordig|übrigens|ubrigens|also|auch|aussi|tambi[ée]n|"
    r"tamb[ée]m|anche|ook|ya|j[áa]|d[ée]j[àa]|schon|gi[àa]|al|todav[íi]a|ainda|encore|"
    r"noch|ancora|nog|gelernte[rn]?|de\s+profesi[óo]n|de\s+profiss[ãa]o|"
    r"(?:desde|depuis|seit|da|sinds|h[áa])\s+\w+(?:\s+(?:de|del|d['\u2019])\s*\w+)?)"
    r"[\s,]+)*"
)
#: An article before a noun, in any of the six languages.
_ARTICLE: Final = (
    r"(?:(?:un['\u2019]|un|una|uno|um|uma|une|ein|eine|einer|einen|einem|een|il|lo|la|"
    r"l['\u2019]|el|"
    r"los|las|o|a|os|as|le|les|der|die|das|dem|den|het|de|du|des|au|aux|del|dello|della|"
    r"ek)\s*)?"
)
_NEGATION_RE: Final = re.compile(
    r"\b(?:no|n[ãa]o|ne|n['\u2019]|nicht|kein(?:e|en|er)?|non|niet|geen|nie|nahi|nahin|"
    r"plus|mehr|pi[uù]|meer|jam[áa]s|nunca|jamais)\b",
    re.IGNORECASE,
)
#: A maybe, an if, a plan or a wish: nothing is stored from the part it is in.
_UNSURE_RE: Final = re.compile(
    r"\b(?:creo\s+que|acho\s+que|je\s+crois\s+que|ich\s+glaube|penso\s+che|credo\s+che|"
    r"ik\s+denk|talvez|quiz[áa]s?|tal\s+vez|peut-[êe]tre|si\s+(?:je|j['\u2019]|on|tu|nous|"
    r"tuviera|pudiera|fuera|me|tengo|puedo|consigo)|se\s+(?:eu|io|avessi|potessi|fossi|"
    r"tivesse|pudesse|conseguir)|wenn|falls|misschien|forse|"
    r"vielleicht|quiero|quero|je\s+veux|voglio|ich\s+will|ik\s+wil|me\s+gustar[íi]a|"
    r"gostaria|j['\u2019]aimerais|vorrei|ich\s+m[öo]chte|ich\s+w[üu]rde|ik\s+zou|"
    r"voy\s+a|vou|je\s+vais|ich\s+werde|ik\s+ga|sto\s+per|pienso|penso|je\s+pense|"
    r"planeo|pretendo|espero|hoffe|spero|hoop|chahta|chahti|shayad|agar|"
    # a time to come, a hobby, a baby on the way
    r"que\s+viene|que\s+vem|pr[óo]xim[oa]s?|prochaine?s?|n[äa]chste[nrs]?|prossim[oa]|"
    r"volgende|a\s+partir\s+de\s+(?!ahora|agora|hoy|hoje)\w+|[àa]\s+partir\s+de\s+"
    r"(?!maintenant)\w+|ab\s+(?:n[äa]chst\w*|morgen|januar|februar|m[äa]rz|april|mai|juni|"
    r"juli|august|september|oktober|november|dezember)|dal\s+prossimo|"
    r"(?:por|per|comme|als|como|de)\s+hobby|por\s+afici[óo]n|embarazada|gr[áa]vida|enceinte|"
    r"schwanger|incinta|zwanger)\b",
    re.IGNORECASE,
)
#: A part of a sentence: what a negation or a maybe reaches.
_PART_RE: Final = re.compile(
    r"(?:(?!\s(?:y|e|et|und|ed|aur|pero|mas|mais|aber|ma|maar)\s(?!(?:dos|dois|duas|deux|zwei|"
    r"due|twee|tres|tr[êe]s|trois|drei|tre|drie|un|una|uno|um|uma|une|ein|eine|een|\d)\s))"
    r"[^,;:.!?()\u2013\u2014])+"
)


# --- where one lives -------------------------------------------------------------------
_PLACE: Final = r"(?P<place>[\w'\u2019.-]+(?:\s+[\w'\u2019.-]+){0,3})"
_LIVE_RE: Final = re.compile(
    r"(?:\b(?:vivo|resido|moro|habito)\s+(?:en|em|no|na|a|ad|in)|"
    r"\b(?:j['\u2019]habite|je\s+vis|je\s+r[ée]side|on\s+habite|nous\s+habitons)\s+"
    r"(?:(?:seule?|maintenant|d[ée]sormais|toujours|actuellement|encore)[\s,]+)*"
    r"(?:[àa]|en|au|dans)|\b(?:ich\s+)?wohne\s+(?:jetzt\s+|seit\s+(?:\w+\s+){1,3}?|inzwischen\s+|"
    r"mittlerweile\s+)?in|\bwir\s+wohnen\s+in|\bbin\s+(?:jetzt|inzwischen|mittlerweile|"
    r"seit\s+\w+)\s+in|\b(?:abito|risiedo)\s+(?:a|in|ad)|\b(?:ik\s+)?woon\s+(?:nu\s+)?in|"
    r"\bwe\s+wonen\s+in|\bmieszkam\s+w|"
    # moved: "me mudé a Madrid", "on a déménagé à Montréal", "wir sind nach Bonn gezogen"
    r"(?P<moved>\b(?:me\s+mud[ée]|nos\s+mudamos|me\s+he\s+mudado|nos\s+hemos\s+mudado|me\s+mudei|"
    r"mudei-me|mudamo-nos|mudamos|(?:j['\u2019]ai|on\s+a|nous\s+avons)\s+d[ée]m[ée]nag[ée]|"
    r"je\s+me\s+suis\s+install[ée]e?|nous\s+nous\s+sommes\s+install[ée]s|"
    r"mi\s+sono\s+trasferit[oa]|ci\s+siamo\s+trasferiti|umgezogen|gezogen|verhuisd|"
    r"(?:ik\s+ben|we\s+zijn)\s+verhuisd)(?:\s+(?:de|do|da|von|van|from)\s+[\w'\u2019.-]+"
    r"(?:\s+[\w'\u2019.-]+)?)?\s+(?:a|para|pra|[àa]|en|nach|naar|in|to)))\s+" + _PLACE,
    re.IGNORECASE,
)
#: "main Pune mein rehta hoon", "İzmir'de yaşıyorum", "wir sind nach Bonn gezogen": the
#: place before the verb.
_PLACE_FIRST_RE: Final = re.compile(
    r"\b(?<![\w'\u2019.-])(?P<place>[\w'\u2019.-]+)\s+(?:mein|me|main)\s+(?:hi\s+)?(?:rehta|rehti|rahta|rahti|"
    r"rehte|reh\s+rah[ae]|reh\s+rahi)\s+(?:hoon|hu|hun|hain|hai|h)\b|"
    r"\b(?<![\w.-])(?P<place2>[\w.-]+)['\u2019]?(?:de|da|te|ta)\s+ya[şs][ıi]yorum\b|"
    r"\bnach\s+(?P<place3>[\w.-]+(?:\s+[\w.-]+)?)\s+(?:gezogen|umgezogen)\b|"
    r"\bnaar\s+(?P<place4>[\w.-]+(?:\s+[\w.-]+)?)\s+verhuisd\b|"
    r"(?:\bse\s+(?P<place5>[\w.-]+)|\b(?<![\w.-])(?P<place6>(?-i:[A-Z])[\w.-]+))\s+shift\s+"
    r"(?:ho\s+(?:gaya|gayi|gaye)|kar\s+(?:liya|liye|gaya))",
    re.IGNORECASE,
)
#: Words a place never is ("vivo en el campo", "wohne in einer WG").
_NO_PLACE: Final = frozenset(
    plain(w)
    for w in wordlist(
        "el la los las un una um uma o a os as le les un une ein eine einer einem der die "
        "das dem den il lo l' het de een mein abhi bhi hum ham yaar bhai ab office "
        "casa maison haus huis centro campo ciudad cidade ville stadt citta stad city "
        "pueblo aldeia village dorf paese dorp mi mio mia meu minha mon ma mijn mein meine "
        "meiner the my our this that with con com avec mit met piso flat apartamento "
        "appartement wohnung appartamento appartement wg shared uk usa eu near nahe cerca "
        "perto pres vicino bij bei bij un' ufficio buro bureau kantoor escritorio oficina "
        "home ghar isi ussi wahi wahin yahan vahan yahi teilzeit vollzeit rente elternzeit "
        "ausbildung schichtarbeit kurzarbeit homeoffice mutterschutz pension pensione cdi "
        "cdd freelance remoto paro alternance teletravail interim smart working deeltijd "
        "voltijd tiempo parcial meio periodo temps partiel part-time full-time szkole "
        "szpitalu firmie biurze sklepie domu pracy pareja familia alquiler paz couple "
        "colocation periferia campagna republica praia playa plage spiaggia strand montana "
        "montagne pediatria urgencias urgences reanimation rianimazione secundaria primaria "
        "ejercicio oncologia cardiologia neonatologia maternidad quirofano uci uti icu "
        "notaufnahme intensivstation pronto soccorso hostel pg koy yurt ev sehir kasaba "
        "meeting night database server call class soledad comunidad couple famille location "
        "campagne affitto miete gemeinschaft paar frieden ruhe armonia harmonie pace "
        "tranquilidade sozinho sozinha solo sola seul seule allein alleen samen ensemble "
        "juntos insieme zusammen armut pobreza silencio silence"
    )
)


def _place(said: str, *, lower: bool = False) -> str:
    """The place at the start of ``said``: its words with a capital (and the small words
    between them, "Ciudad de México", "São Paulo"), or one word said in lower case
    before the end or a pause ("main pune mein rehta hoon") with its capital put back, when
    ``lower``."""
    words = said.split()
    taken: list[str] = []
    for i, word in enumerate(words):
        if word[:1].isupper() and plain(word) not in _NO_PLACE:
            taken.append(word)
        elif taken and word.lower() in ("de", "del", "do", "da", "di", "sur", "am", "an"):
            if i + 1 < len(words) and words[i + 1][:1].isupper():
                taken.append(word)
            else:
                break
        else:
            break
    alone = len(words) == 1 and len(words[0]) > 2 and words[0].isalpha()
    if lower and not taken and alone and plain(words[0]) not in _NO_PLACE:
        taken = [words[0].capitalize()]
    return " ".join(taken).rstrip(".'\u2019")


def _homes(piece: str) -> list[str]:
    facts = []
    for found in _LIVE_RE.finditer(piece):
        if _NEGATION_RE.search(piece[: found.start()][-25:]):
            continue  # "ich wohne nicht mehr in Köln"
        rest = _PART_RE.match(found["place"] + ",")
        place = _place(rest.group() if rest else found["place"], lower=True)
        if place:
            facts.append(f"I moved to {place}" if found["moved"] else f"I live in {place}")
    for found in _PLACE_FIRST_RE.finditer(piece):
        said = next(g for g in found.groups() if g)
        if re.search(r"\b(?:office|daftar|company|team|branch)\s*$", piece[: found.start()]):
            continue  # "office Whitefield shift ho gaya": the office moved, not the user
        place = _place(said.split()[-1], lower=True) if not said[:1].isupper() else _place(said)
        after, before = piece[found.end() :][:12], piece[: found.start()][-25:]
        if place and not _NEGATION_RE.search(after) and not _NEGATION_RE.search(before):
            moved = not (found["place"] or found["place2"])
            facts.append(f"I moved to {place}" if moved else f"I live in {place}")
    return facts


# --- one's job ---------------------------------------------------------------------------
_JOB_WORDS: Final = alternation(JOBS)
_SUBJECT_WORDS: Final = alternation(SUBJECTS)
_WORKPLACE_WORDS: Final = alternation(WORKPLACES)
_BE_JOB: Final = (
    r"soy|sou|je\s+suis|j['\u2019]suis|ich\s+bin|bin\s+ich|bin|sono|faccio|ik\s+ben|"
    r"ben\s+ik|en\s+ben|jestem|trabajo\s+(?:como|de)|trabalho\s+como|atuo\s+como|"
    r"je\s+travaille\s+comme|je\s+bosse\s+comme|(?:ich\s+)?arbeite\s+als|"
    r"lavoro\s+come|(?:ik\s+)?werk\s+als|pracuj[eę]\s+jako|virei|me\s+tornei|me\s+hice|"
    r"sono\s+diventat[oa]|je\s+suis\s+devenue?|ahora\s+soy|agora\s+sou"
)
_JOB_RE: Final = _Folded(
    rf"(?:^|(?<=[\s,;:(]))(?:{_BE_JOB})\s+{_NOW}{_ARTICLE}"
    rf"(?:(?P<job>{_JOB_WORDS})|(?P<role>(?:[\w+#./-]+\s+){{0,2}}?(?:{ROLE_NOUNS})))"
    rf"(?![\w-])(?P<tail>[^,;:.!?]*)",
    re.IGNORECASE,
)
#: "main software tester hoon", "main Flutter dev hoon".
_HINDI_JOB_RE: Final = _Folded(
    r"\b(?:main|mai)\s+(?:(?P<hplace>(?-i:[A-Z])\w+)\s+(?:mein|me)\s+)?(?:ek\s+)?"
    rf"(?P<role>(?:[\w+#./-]+\s+){{0,2}}?(?:{ROLE_NOUNS}))\s+"
    r"(?:hoon|hu|hun|h)\b",
    re.IGNORECASE,
)
_JOB_SUBJECT_RE: Final = _Folded(
    rf"^\s*(?:de|di|d['\u2019]|del|della|da|do|für|fur|van|of|in|en|em)?\s*(?:la\s+|las\s+|"
    rf"los\s+|el\s+|les\s+)?(?P<subject>{_SUBJECT_WORDS})(?![\w-])",
    re.IGNORECASE,
)
#: A size said of a workplace ("un pequeño hospital", "einer kleinen Firma"), on folded text.
_SIZE: Final = (
    r"petit|petite|pequeno|pequena|kleinen|kleine|kleinem|klein|piccolo|piccola|grande|gran|"
    r"große[nm]?|grossen"
)
_JOB_AT_RE: Final = _Folded(
    rf"\b(?:en|em|num|numa|na|no|dans|[àa]|au|chez|in|im|an|am|bei|presso|nel|nella|all['\u2019]|"
    rf"alla|al|bij|op|w)\s+{_ARTICLE}(?:(?:{_SIZE})\s+)?"
    rf"(?P<at>{_WORKPLACE_WORDS})(?![\w-])",
    re.IGNORECASE,
)
#: A kind of workplace said in English after a job in another language: "numa fintech".
_ENGLISH_AT_RE: Final = _Folded(
    r"\b(?:numa|num|en\s+una?|em\s+uma?|dans\s+une?|in\s+(?:einer|einem|una|un)|"
    r"bei\s+(?:einer|einem)|presso\s+una?|bij\s+een)\s+"
    rf"(?P<w>{WORKPLACE_NOUNS}|fintech|edtech|healthtech|proptech|insurtech)\b",
    re.IGNORECASE,
)
_JOB_PLACE_RE: Final = re.compile(r"\b(?:en|em|[àa]|in|a|w)\s+", re.IGNORECASE)
#: "sou designer na Nubank", "ich bin Entwicklerin bei Zalando": the employer.
_JOB_EMPLOYER_RE: Final = re.compile(
    r"\b(?:chez|bei|presso|bij|n[oa](?!\s+(?:Brasil|Rio|Bahia|Porto|Algarve|Alentejo|Minho|"
    r"Paran[áa]|Par[áa]|Amazonas|Cear[áa]|Maranh[ãa]o|Piau[íi]|Acre|Amap[áa]|Tocantins|"
    r"Esp[íi]rito|Jap[ãa]o|Canad[áa]|Reino|M[ée]xico|Chile|Peru|Uruguai|Paraguai|Equador|"
    r"Panam[áa]|L[íi]bano|Egito|Hospital|Centro|Sul|Norte|Nordeste|Sudeste)\b))\s+"
    r"(?P<org>(?-i:[A-Z])[\w&'\u2019.-]*"
    r"(?:\s+(?-i:[A-Z])[\w&'\u2019.-]*){0,2})",
    re.IGNORECASE,
)


def _place_after(tail: str) -> str:
    """The first place named after "in", "à", "en" ... in ``tail`` ("in einem Altenheim in
    Graz" -> "Graz"), or ""."""
    for found in _JOB_PLACE_RE.finditer(tail):
        if place := _place(tail[found.end() :]):
            return place
    return ""


def _english_role(said: str) -> str:
    """A role said in English inside another language, in lower case unless said letter by
    letter ("Data Engineer" -> "data engineer", "QA" stays)."""
    return " ".join(w if (w.isupper() and len(w) > 1) else w.lower() for w in said.split())


def _jobs(piece: str) -> list[str]:
    facts: list[str] = []
    for found in list(_JOB_RE.finditer(piece)) + list(_HINDI_JOB_RE.finditer(piece)):
        if _NEGATION_RE.search(piece[: found.start()][-25:]):
            continue  # "je ne suis plus prof", "non sono più alla Ferrari"
        job = JOBS.get(plain(found.groupdict().get("job") or ""))
        if job is None:
            job = _english_role(found["role"] or "")
        if job == "retired":
            facts.append("I am retired")
            continue
        tail = found.groupdict().get("tail") or ""
        if (subject := _JOB_SUBJECT_RE.match(tail)) and job == "student":
            facts.append(f"I study {SUBJECTS[plain(subject['subject'])]}")  # "de alemán"
        elif subject:
            job = f"{SUBJECTS[plain(subject['subject'])]} {job}"
        text = f"I am {indefinite_article(job)} {job}"
        if re.match(
            r"\s+(?:freelance|aut[óo]nom[oa]|ind[ée]pendante?|freiberuflich|selbstst[äa]ndig|"
            r"zelfstandig)\b",
            tail,
            re.IGNORECASE,
        ):
            job = f"freelance {job}"
            text = f"I am a {job}"
        if field := re.match(r"\s+(?-i:([A-Z]{2,4}))\b", tail):
            text = f"I am {indefinite_article(field[1])} {field[1]} {job}"  # "Teamleiterin QA"
        if not _JOB_AT_RE.search(tail) and (at_en := _ENGLISH_AT_RE.search(tail)):
            text += f" at {indefinite_article(at_en['w'])} {at_en['w'].lower()}"  # "numa fintech"
        if at := _JOB_AT_RE.search(tail):
            work = WORKPLACES[plain(at["at"])]
            text += f" at {indefinite_article(work)} {work}"
            after = re.match(r"\s+(?:de|di|do|da|del|della)\s+(?=(?-i:[A-Z]))", tail[at.end() :])
            if after and (place := _place(tail[at.end() + after.end() :])):
                text += f" in {place}"
        if found.groupdict().get("hplace"):  # "main Bangalore mein software tester hoon"
            text += f" in {found['hplace']}"
        facts.append(text)
        if subject:
            tail = tail[subject.end() :]  # ("Lehrerin für Mathe": no employer)
        if employer := _JOB_EMPLOYER_RE.search(tail):
            facts.append(f"I work at {employer['org']}")
        elif (place := _place_after(tail)) and " in " not in facts[-1]:
            facts[-1] += f" in {place}"  # "Soy matrona en Valencia": "a midwife in Valencia"
    return facts


# --- where one works ----------------------------------------------------------------------
_WORK_VERB: Final = (
    r"trabajo|trabalho|je\s+travaille|je\s+bosse|(?:ich\s+)?arbeite|lavoro|"
    r"(?:ik\s+)?werk|pracuj[eę]"
)
_WORKS_AT_RE: Final = _Folded(
    rf"(?:^|(?<=[\s,;:(]))(?:{_WORK_VERB})\s+{_NOW}(?:en|em|num|numa|na|no|dans|[àa]|au|"
    rf"chez|in|im|bei|presso|nel|nella|in\s+un|in\s+una|bij|op|w)\s+{_ARTICLE}"
    rf"(?:(?:{_SIZE})\s+)?(?P<at>{_WORKPLACE_WORDS})(?![\w-])",
    re.IGNORECASE,
)
_FROM_HOME_RE: Final = re.compile(
    rf"(?:^|(?<=[\s,;:(]))(?:{_WORK_VERB})\s+{_NOW}(?:desde\s+casa|de\s+casa|em\s+casa|"
    r"[àa]\s+la\s+maison|de\s+chez\s+moi|[àa]\s+distance|von\s+zu\s*hause|im\s+home\s*office|"
    r"remote|da\s+casa|da\s+remoto|in\s+remoto|thuis|vanuit\s+huis|zdalnie|z\s+domu)\b|"
    r"\bje\s+t[ée]l[ée]travaille\b|\bich\s+bin\s+(?:voll\s+)?im\s+home\s*office\b",
    re.IGNORECASE,
)
#: Today only, or a reason that makes it a one-off: "oggi lavoro da casa perché ...".
_ONE_OFF_RE: Final = re.compile(
    r"\b(?:hoy|hoje|aujourd['\u2019]hui|heute|oggi|vandaag|today|esta\s+semana|esta\s+tarde|"
    r"cette\s+semaine|diese\s+woche|questa\s+settimana|deze\s+week|ma[ñn]ana|amanh[ãa]|"
    r"demain|morgen|domani|perch[ée]|porque|parce\s+que|weil|omdat|solo\s+esta\s+vez|"
    r"s[óo]\s+(?:desta|dessa|esta)\s+vez|juste\s+cette\s+fois|pour\s+cette\s+fois|"
    r"nur\s+diesmal|nur\s+dieses\s+(?:eine\s+)?mal|solo\s+questa\s+volta|"
    r"solo\s+per\s+questa\s+volta|alleen\s+deze\s+keer|alleen\s+dit\s+keer|this\s+time|"
    r"just\s+this\s+once|sirf\s+is\s+baar|is\s+baar|pour\s+cet(?:te)?\s+\w+|"
    r"para\s+(?:este|esta|esse|essa)\s+\w+|per\s+quest[oa]\s+\w+|"
    r"f[üu]r\s+(?:diesen|diese|dieses)\s+\w+|voor\s+(?:dit|deze)\s+\w+|seulement|"
    r"solamente|somente|soltanto|esta\s+vez|esa\s+vez|cette\s+fois|diesmal|dieses\s+mal|"
    r"questa\s+volta|deze\s+keer|desta\s+vez|pour\s+ce\s+\w+|este\s+mes|ce\s+mois|"
    r"diesen\s+monat|questo\s+mese|deze\s+maand|este\s+m[êe]s|reto|challenge|d[ée]fi|"
    r"herausforderung|sfida|uitdaging|devo\s+mandar\w*|tengo\s+que\s+mandar\w*|"
    r"je\s+dois\s+(?:l['\u2019]|le\s+)?envoyer|ich\s+muss\s+(?:es|das|sie)\s+schicken|"
    r"(?:para|per|pour|f[üu]r|voor|al|au|an)\s+(?:mi|mio|il\s+mio|mon|ma|meinen|meine|mijn|el|"
    r"il|le|den)\s+(?:jefe|jefa|capo|patron|chef|baas|cliente|client|kunden|klant|casero|"
    r"propri[ée]taire|vermieter|proprietario|huisbaas))\b",
    re.IGNORECASE,
)


#: An employer named after a verb of work: "trabalho no Nubank", "ich arbeite bei SAP",
#: "je travaille chez Decathlon", "trabajo para Inditex" (and a role after it: "... como
#: engenheira de dados").
_WORKS_FOR_RE: Final = re.compile(
    rf"(?:^|(?<=[\s,;:(]))(?:{_WORK_VERB})\s+{_NOW}"
    + _JOB_EMPLOYER_RE.pattern.replace(r"(?:chez|bei|presso|bij|", r"(?:chez|bei|presso|bij|para|")
    + r"(?:\s+(?:como|comme|als|come|jako)\s+(?P<as>[^,;:.!?]+))?",
    re.IGNORECASE,
)


#: A German noun after "bei" that says when or how, not where: "bei Bedarf", "bei Regen".
_NOT_AN_EMPLOYER_RE: Final = re.compile(NOT_EMPLOYERS, re.IGNORECASE)


def _workplaces(piece: str) -> list[str]:
    facts = []
    for named in _WORKS_FOR_RE.finditer(piece):
        if _NOT_AN_EMPLOYER_RE.fullmatch(named["org"].split()[0]):
            continue  # ("ich arbeite bei Bedarf auch am Wochenende": when needed)
        if not _NEGATION_RE.search(piece[: named.start()][-25:]):
            facts.append(f"I work at {named['org']}")
            if named["as"]:
                facts += _jobs(f"trabajo como {named['as']}")
    for found in _WORKS_AT_RE.finditer(piece):
        if not _NEGATION_RE.search(piece[: found.start()][-25:]):
            work = WORKPLACES[plain(found["at"])]
            facts.append(f"I work at {indefinite_article(work)} {work}")
    home = _FROM_HOME_RE.search(piece)
    if home and not _ONE_OFF_RE.search(piece) and not _NEGATION_RE.search(piece):
        facts.append("I work from home")
    return facts


# --- languages ------------------------------------------------------------------------------
_LANGUAGE_WORDS: Final = alternation(LANGUAGES)
_SOME: Final = (
    r"un\s+poco\s+de|un\s+poquito\s+de|algo\s+de|um\s+pouco\s+de|un\s+peu(?:\s+d['\u2019]|"
    r"\s+de)?|ein\s+bisschen|ein\s+wenig|etwas|un\s+po['\u2019]\s*(?:di|d['\u2019])?|"
    r"un\s+pochino\s+di|een\s+beetje|wat|troch[eę]|thoda|thodi|a\s+bit\s+of|some"
)
_SPEAK_RE: Final = re.compile(
    r"(?:^|(?<=[\s,;:(]))(?:hablo|falo|je\s+parle|j['\u2019]parle|ich\s+spreche|spreche|parlo|"
    r"(?:ik\s+)?spreek|m[óo]wi[eę]|bolta\s+hoon|bolti\s+hoon)\s+"
    rf"{_NOW}(?P<list>[^.;:!?()]+)",
    re.IGNORECASE,
)
#: How well a language is spoken, said before or after it ("fließend", "nativo", "C1").
_LEVEL: Final = (
    r"fluido|fluida|fluente(?:mente)?|fluent(?:e|emente)?|flie[ßs]end|couramment|"
    r"perfectamente|perfeitamente|parfaitement|perfekt|perfettamente|vloeiend|"
    r"abbastanza\s+bene|molto\s+bene|bien|bem|gut|bene|goed|b[áa]sico|basique|basisch|"
    r"di\s+base|nativo|nativa|natif|native|nativement|muttersprachlich|madrelingua|"
    r"als\s+muttersprache|[ABC][12]"
)
_LIST_WORD_RE: Final = _Folded(
    rf"\s*(?:(?P<some>{_SOME})\s+|(?:{_LEVEL})\s+)?"
    rf"(?P<lang>{_LANGUAGE_WORDS})(?![\w-])(?:\s+(?:{_LEVEL})(?![\w-]))?"
    rf"(?:\s+(?P<some2>{_SOME}|un\s+poco|um\s+pouco|"
    r"un\s+peu|ein\s+bisschen|un\s+po['\u2019]|een\s+beetje))?",
    re.IGNORECASE,
)
_LIST_JOIN_RE: Final = re.compile(
    r"\s*(?:como\s+tamb[ée]m|ma\s+anche|mais\s+aussi|sondern\s+auch|maar\s+ook|"
    r"pero\s+tambi[ée]n|but\s+also|(?:y|e|et|und|en)\s+(?:tambi[ée]n|tamb[ée]m|aussi|auch|"
    r"anche|ook)|,|y|e|et|und|ed|en|and|aur|i|sowie|ainsi\s+que)\s+|\s*,\s*",
    re.IGNORECASE,
)
#: "..., nada de francés", "aber kein Französisch": a language the user does not speak.
_NOT_SPOKEN_RE: Final = _Folded(
    rf"\s*(?:,|;)?\s*(?:pero\s+|mas\s+|mais\s+|aber\s+|ma\s+|maar\s+|but\s+)?(?:nada\s+de|"
    rf"nada\s+en|ni|no|n[ãa]o|nem|pas\s+(?:le|un\s+mot\s+de|de)|kein(?:e|en)?|nicht|"
    rf"niente|per\s+niente|non|geen|niet|zero)\s+(?:el\s+|o\s+|le\s+|das\s+|il\s+|"
    rf"l['\u2019])?(?P<lang>{_LANGUAGE_WORDS})(?![\w-])",
    re.IGNORECASE,
)
_TONGUE_RE: Final = _Folded(
    r"\b(?:mi\s+(?:lengua\s+materna|idioma\s+materno|primera\s+lengua)\s+es|"
    r"minha\s+l[íi]ngua\s+(?:materna|nativa)\s+[ée]|ma\s+langue\s+maternelle\s+est|"
    r"meine\s+muttersprache\s+ist|la\s+mia\s+lingua\s+madre\s+[èe]|"
    r"mijn\s+moedertaal\s+is)\s+(?:el\s+|o\s+|le\s+|l['\u2019]|das\s+|il\s+|het\s+)?"
    rf"(?P<lang>{_LANGUAGE_WORDS})(?![\w-])|"
    rf"\b(?P<lang2>{_LANGUAGE_WORDS})\s+(?:es\s+mi\s+lengua\s+materna|[ée]\s+a\s+minha\s+"
    r"l[íi]ngua\s+materna|est\s+ma\s+langue\s+maternelle|ist\s+meine\s+muttersprache|"
    r"[èe]\s+la\s+mia\s+lingua\s+madre|is\s+mijn\s+moedertaal)",
    re.IGNORECASE,
)


#: Up to three words left at the start of a sentence before a language said in English.
_LEFT_BEFORE_RE: Final = re.compile(
    r"(^|[.!?;:]\s+)(?:(?!I\s)[\w'\u2019-]+\s+){1,3}(?=I (?:also )?(?:speak|don't speak)\b)"
)
_TONGUE_WORD_RE: Final = re.compile(r"materna|maternelle|muttersprache|madre|moedertaal", re.I)


def _spoken(said: str) -> tuple[list[str], int]:
    """The languages listed at the start of ``said`` ("some" before those said so), and
    where the list ends."""
    names: list[str] = []
    pos = end = 0
    while found := _LIST_WORD_RE.match(said, pos):
        some = found["some"] or found["some2"]
        name = LANGUAGES[plain(found["lang"])]
        names.append(f"some {name}" if some else name)
        pos = end = found.end()
        join = _LIST_JOIN_RE.match(said, pos)
        if join is None or _NOT_SPOKEN_RE.match(said, pos):
            break
        pos = join.end()
    return names, end


_ALSO_RE: Final = re.compile(r"\b(?:auch|tambi[ée]n|aussi|anche|ook|tamb[ée]m|also|bhi)\b", re.I)


def _speak_english(found: _Matched) -> str:
    """ "hablo español e inglés, nada de francés" -> "I speak Spanish and English, I don't
    speak French" (the list said in English, the rest of the sentence kept)."""
    names, end = _spoken(found["list"])
    if not names:
        return found.group()
    lead = found.group()[: found.start("list") - found.start()]
    negated = re.search(
        r"\b(?:no|n[ãa]o|non)\s*$", found.string[max(0, found.start() - 8) : found.start()], re.I
    )
    also = "also " if _ALSO_RE.search(lead) else ""  # "ich spreche jetzt auch ...": beside
    said = (
        f"I don't speak {' and '.join(names)}"
        if negated
        else f"I {also}speak {' and '.join(names)}"
    )
    rest = found["list"][end:]
    if no := _NOT_SPOKEN_RE.match(rest):
        said += f", I don't speak {LANGUAGES[plain(no['lang'])]}"
        rest = rest[no.end() :]
    start = lead[: len(lead) - len(lead.lstrip())]
    return f"{start}{said}{rest}"


def _tongue_english(found: _Matched) -> str:
    return f"my first language is {LANGUAGES[plain(found['lang'] or found['lang2'])]}"


# --- what answers are in ----------------------------------------------------------------
_IN_LANGUAGE: Final = (
    r"(?:en|em|in|auf|op|in\s+het|po)\s+(?:el\s+|o\s+|l['\u2019]|het\s+)?"
    rf"(?P<lang>{_LANGUAGE_WORDS}|hinglish)(?![\w-])"
    # (a "please" after it goes with it)
    r"(?:\s+(?:porfa|por\s+favor|pf|stp|svp|s['\u2019]il\s+(?:te|vous)\s+pla[îi]t|bitte|"
    r"per\s+favore|pfv|alsjeblieft|aub|pls|please|a\s+partir\s+de\s+(?:ahora|agora)|"
    r"[àa]\s+partir\s+de\s+maintenant|d[ée]sormais|de\s+agora\s+em\s+diante|ab\s+jetzt|"
    r"von\s+nun\s+an|ab\s+sofort|d['\u2019]ora\s+in\s+(?:poi|avanti)|da\s+ora\s+in\s+poi|"
    r"vanaf\s+nu|voortaan|siempre|sempre|toujours|immer|altijd|always|from\s+now\s+on)\b)*"
)
_ANSWER_RE: Final = _Folded(
    r"\b(?:responde(?:me)?|resp[óo]ndeme|respondeme|contestame|cont[ée]stame|"
    r"h[áa]blame|responda|(?:sempre\s+|siempre\s+)?me\s+responde|me\s+responda|"
    r"fala\s+comigo|r[ée]ponds(?:-moi)?|r[ée]pondez(?:-moi)?|parle-moi|"
    r"antworte|antworten\s+sie|antwortest|antwort|rispondi(?:mi)?|"
    r"rispondete|parlami|antwoord|reply\s+karna|jawab\s+do|"
    r"respuestas|respostas|r[ée]ponses|antworten|risposte|antwoorden|que\s+me\s+respondas|"
    r"que\s+me\s+responda|que\s+tu\s+r[ée]pondes|dass\s+du\s+mir)\b"
    rf"[^,.;!?]{{0,30}}?\b{_IN_LANGUAGE}(?P<rest>[^,.;!?\n]*)",
    re.IGNORECASE,
)
_COMMENTS_RE: Final = _Folded(
    r"\b(?:(?:los|las|les|die|i|le|la|os|as|de|the|gli)\s+)?(?:comentarios|coment[áa]rios|"
    r"commentaires|kommentare|commenti|commentaar)\b(?:\s+(?:del|do|no|du|dans\s+le|im|nel|"
    r"in\s+de|in\s+the|of\s+the)\s+"
    r"(?:c[óo]digo|code|codice))?\s+" + _IN_LANGUAGE + r"(?P<rest>[^,.;!?\n]*)",
    re.IGNORECASE,
)
_EXPLAIN_RE: Final = _Folded(
    r"\b(?:(?:los|las|les|die|i|le|la|os|as|de|the|gli|l['\u2019])\s*)?(?:explicaci[óo]n(?:es)?|"
    r"explica[çc][õo]es|explica[çc][ãa]o|explications?|"
    r"erkl[äa]rungen|erkl[äa]rung|spiegazion[ei]|uitleg)\b[^,.;!?]{0,12}?\s+"
    + _IN_LANGUAGE
    + r"(?P<rest>[^,.;!?\n]*)",
    re.IGNORECASE,
)


def _sentence_of(found: _Matched) -> str:
    """The sentence ``found`` is in."""
    text = found.string
    start = max(text.rfind(c, 0, found.start()) for c in ".!?\n") + 1
    ends = [i for i in (text.find(c, found.end()) for c in ".!?\n") if i >= 0]
    return text[start : min(ends, default=len(text))]


#: What may come before a standing wish in its part of a sentence: nothing, "please", a
#: "from now on", a greeting or a wish verb ("prefiero respuestas en español").
_WISH_LEAD_RE: Final = re.compile(
    r"\s*(?:(?:por\s+favor|porfa|please|pls|bitte|stp|s['\u2019]il\s+te\s+pla[îi]t|"
    r"per\s+favore|alsjeblieft|a\s+partir\s+de\s+(?:ahora|agora)|de\s+ahora\s+en\s+adelante|"
    r"de\s+agora\s+em\s+diante|d[ée]sormais|[àa]\s+partir\s+de\s+maintenant|ab\s+jetzt|"
    r"von\s+nun\s+an|ab\s+sofort|d['\u2019]ora\s+in\s+(?:poi|avanti)|da\s+ora\s+in\s+poi|"
    r"vanaf\s+nu|voortaan|siempre|sempre|toujours|immer|altijd|always|prefiero|prefiro|"
    r"je\s+pr[ée]f[èe]re|ich\s+h[äa]tte\s+(?:gern|lieber)|lieber|preferisco|ik\s+wil|"
    r"liever|graag|quiero|quero|je\s+veux|voglio|ich\s+m[öo]chte|y|e|et|und|ma|mais|pero|"
    r"but|hey|hola|oi|ciao|hallo|salut|bhai|yaar|ok|okay|vale|bueno|allora|alors|also|"
    r"las|los|les|le|la|die|i|gli|as|os|de|mis|mes|meine|le\s+mie|minhas|mijn)\s+)*",
    re.IGNORECASE,
)
#: What after the language makes it no standing wish: a choice, both, only a part.
_NOT_A_WISH_TAIL_RE: Final = re.compile(
    r"\s*(?:o|ou|oder|of|or|y|e|et|und|en|and)\s+(?:en|em|in|auf)\b|"
    r"\s*(?:solo|s[óo]|seulement|nur|soltanto|alleen|only|just)\b|"
    r"\s*(?:\w+\s+)?(?:no|não|nicht|pas|non|niet|ne|n['\u2019])\b|"
    r"\s*(?:son|sont|sind|sono|zijn|s[ãa]o|es|est|ist|è|is)\b",
    re.IGNORECASE,
)


def _wish_english(what: str) -> Callable[[_Matched], str]:
    """A wish for ``what`` in a language said in English: "Réponds-moi en français" ->
    "I want answers in French"; kept as said when only this once or the other way."""

    def said(found: _Matched) -> str:
        text = found.string
        head = text[max(0, found.start() - 12) : found.start("lang")]
        start = max(text.rfind(c, 0, found.start()) for c in ",.;:!?\n") + 1
        if (
            _ONE_OFF_RE.search(_sentence_of(found))
            or re.search(r"\b(?:no|não|nicht|pas|plus|non|niet|mat|ne)\b", head, re.IGNORECASE)
            or not _WISH_LEAD_RE.fullmatch(text[max(start, found.start() - 60) : found.start()])
            or _NOT_A_WISH_TAIL_RE.match(found["rest"])
        ):
            return found.group()  # "nur diesmal", "nicht mehr auf Deutsch", "Mi jefe me ..."
        said = plain(found["lang"])
        name = "Hinglish" if said == "hinglish" else LANGUAGES[said]
        lead = ". " if re.search(r"\w", found.string[: found.start()].split(".")[-1]) else ""
        return f"{lead}I want {what} in {name}"

    return said


# --- diet, food, children, pets, age, car, plays ------------------------------------------
_DIET_WORDS: Final = alternation(DIETS)
_DIET_RE: Final = _Folded(
    rf"(?:^|(?<=[\s,;:(]))(?:soy|sou|je\s+suis|ich\s+bin|bin|sono|ik\s+ben|"
    rf"jestem|(?P<hindi>main|mai))\s+{_NOW}"
    r"(?P<no>(?:no|não|pas|plus|kein(?:e|er)?|nicht|non|geen|niet)\s+"
    rf"(?:mehr\s+|meer\s+|mais\s+|più\s+|piu\s+)?)?{_ARTICLE}(?P<diet>{_DIET_WORDS})(?![\w-])"
    r"(?P<after>\s+(?:mehr|meer|mais|más|mas|plus|più|piu|anymore)\b)?",
    re.IGNORECASE,
)
_FOOD_WORDS: Final = alternation(FOODS)
_NO_FOOD_RE: Final = _Folded(
    r"\b(?:no\s+como|ya\s+no\s+como|n[ãa]o\s+como|je\s+ne\s+mange\s+(?:pas|plus|jamais)|"
    r"(?:ich\s+)?esse\s+(?:kein(?:e|en)?|nie|nicht)|non\s+mangio|(?:ik\s+)?eet\s+geen|"
    r"nie\s+jem)\s+(?:de\s+|d['\u2019])?(?:la\s+|le\s+|il\s+)?"
    rf"(?P<food>{_FOOD_WORDS})(?![\w-])",
    re.IGNORECASE,
)
_KIN_WORDS: Final = alternation({**KIN, **PETS})
_HAVE_RE: Final = _Folded(
    r"(?:^|(?<=[\s,;:(]))(?:tengo|tenho|tenemos|temos|j['\u2019]ai|nous\s+avons|on\s+a|"
    r"ich\s+habe|habe|hab|wir\s+haben|ho|abbiamo|ik\s+heb|heb|we\s+hebben|mam|mamy|"
    r"ahora\s+tengo|agora\s+tenho)\s+"
    + _NOW
    + rf"(?P<n>\d+|{alternation(NUMBERS)})\s+(?:(?:kleine[n]?|petite?s?|pequeñ[oa]s?|"
    rf"piccol[oaie]|klein[e]?)\s+)?(?P<who>{_KIN_WORDS})(?![\w-])"
    r"(?:\s+(?:de|von|di|van|com|z)\s+(?P<age>\d{1,2})\s+(?:(?P<months>mois|meses|monaten?|"
    r"mesi|maanden|miesi\w*)|a[ñn]os|anos|ans|jahren?|anni|jaar|lat))?"
    # its name ("un perro que se llama Toby", "uma gata chamada Luna")
    r"(?:,?\s+(?:(?:que\s+)?se\s+(?:llama|chama)|qui\s+s['\u2019]appelle|che\s+si\s+chiama|"
    r"chamad[oa]|llamad[oa]|named|namens|(?:der|die)\s+hei(?:ß|ss)t)\s+(?P<name>(?-i:[A-Z])[\w'-]+))?",
    re.IGNORECASE,
)
_AGE_RE: Final = re.compile(
    r"(?:^|(?<=[\s,;:(]))(?:(?:tengo|tenho|j['\u2019]ai|ho|mam)\s+(?P<a>\d{2,3})\s+"
    r"(?:a[ñn]os|anos|ans|anni|lat)(?=\s*(?:[,.;!?)]|$|y\b|e\b|et\b|ed\b|i\b|pero\b|mas\b|"
    r"mais\b|ma\b))|(?:ich\s+bin|ik\s+ben)\s+(?P<b>\d{2,3})(?:\s+(?:jahre|jaar)"
    r"(?:\s+alt|\s+oud)?)?(?=\s*(?:[,.;!?]|$|und\b|en\b)))(?!\s+(?:de|d['\u2019]|di|an|van)\s)",
    re.IGNORECASE,
)
#: One more count after a "have" ("tengo dos hijos y un perro", "ho due figli e un cane").
_HAVE_MORE_RE: Final = _Folded(
    r"(?:,|\s(?:y|e|et|und|en|ed|i))\s+"
    rf"(?P<n>\d+|{alternation(NUMBERS)})\s+(?P<who>{_KIN_WORDS})(?![\w-])",
    re.IGNORECASE,
)
_AND_KIDS_RE: Final = _Folded(
    r"\b(?:tengo|tenho|j['\u2019]ai|ho|ich\s+bin|ik\s+ben|mam)\s+\d{1,3}\s+"
    r"(?:a[ñn]os|anos|ans|anni|jahre|jaar|lat)(?:\s+alt|\s+oud)?\s+(?:y|e|et|und|ed|en|i)\s+"
    rf"(?P<n>\d+|{alternation(NUMBERS)})\s+(?P<who>{_KIN_WORDS})(?![\w-])",
    re.IGNORECASE,
)
_NO_CAR_RE: Final = re.compile(
    r"\b(?:no\s+tengo\s+(?:coche|carro|auto)|n[ãa]o\s+tenho\s+carro|"
    r"je\s+n['\u2019]ai\s+pas\s+(?:de\s+)?voiture|(?:ich\s+)?(?:habe|hab|fahre)\s+kein\s+auto|"
    r"non\s+ho\s+(?:la\s+|l['\u2019])?(?:macchina|auto)|niente\s+macchina|senza\s+macchina|"
    r"(?:ik\s+)?heb\s+geen\s+auto|sin\s+coche|sem\s+carro|sans\s+voiture|ohne\s+auto|"
    r"nie\s+mam\s+samochodu)\b",
    re.IGNORECASE,
)
_PLAYED_WORDS: Final = alternation(PLAYED)
_PLAYS_RE: Final = _Folded(
    r"(?:^|(?<=[\s,;:(]))(?:toco|juego|jogo|je\s+joue|ich\s+spiele|spiele|suono|gioco|"
    r"ik\s+speel|speel|gram)\s+" + _NOW + r"(?:(?:a|al|à|au|du|de\s+la|de\s+l['\u2019]|des|"
    r"el|la|o|il|lo|l['\u2019]|het|de|na|w)\s+)?"
    rf"(?P<thing>{_PLAYED_WORDS})(?![\w-])",
    re.IGNORECASE,
)
_STUDY_RE: Final = _Folded(
    r"(?:^|(?<=[\s,;:(]))(?:estudio|estudo|j['\u2019][ée]tudie|ich\s+studiere|studiere|"
    r"io\s+studio|ik\s+studeer|studeer|studiuj[eę])\s+" + _NOW + r"(?:(?:la|le|el|il|o|a)\s+)?"
    rf"(?P<subject>{_SUBJECT_WORDS})(?![\w-])",
    re.IGNORECASE,
)


def _diets(piece: str) -> list[str]:
    facts = []
    for found in _DIET_RE.finditer(piece):
        diet = DIETS[plain(found["diet"])]
        if found["hindi"] and not re.match(r"\s+(?:hoon|hu|hun|h)\b", piece[found.end() :]):
            continue  # "main vegetarian hoon", not "the main vegan dish"
        if _ONE_OFF_RE.search(piece):
            continue  # "Este mes soy vegana, es un reto"
        before = piece[: found.start()][-12:]
        no = found["no"] or _NEGATION_RE.search(before)
        ended = found["after"] or re.search(
            r"\b(?:ya|mais|plus|mehr|pi[uù]|meer)\b", (found["no"] or "") + " " + before, re.I
        )
        if ended:
            facts.append(f"I am no longer {diet}")
        else:
            facts.append(f"I am not {diet}" if no else f"I am {diet}")
    for found in _NO_FOOD_RE.finditer(piece if not _ONE_OFF_RE.search(piece) else ""):
        facts.append(f"I don't eat {FOODS[plain(found['food'])]}")
    return facts


def _had(found: _Matched) -> str:
    """ "I have ..." for a count and a child or pet found ("dos hijas": "two daughters"),
    with the age of one ("una hija de 8 meses": "an 8-month-old daughter")."""
    said = plain(found["who"])
    noun = KIN.get(said) or PETS[said]
    count = NUMBERS.get(plain(found["n"]), found["n"])
    if count not in ("one", "1"):
        plural = {"child": "children", "grandchild": "grandchildren"}.get(noun, noun + "s")
        return f"I have {count} {plural}"
    if found.groupdict().get("age"):
        unit = "month" if found["months"] else "year"
        return f"I have a {found['age']}-{unit}-old {noun}"
    named = f" named {found['name']}" if found.groupdict().get("name") else ""
    return f"I have {indefinite_article(noun)} {noun}{named}"


def _counted(piece: str) -> list[str]:
    facts = [
        _had(found)
        for found in _HAVE_RE.finditer(piece)
        if not _NEGATION_RE.search(piece[: found.start()][-10:])
    ]
    for found in _HAVE_MORE_RE.finditer(piece):  # "tengo dos hijos y un perro"
        if _HAVE_RE.search(piece[: found.start()]) and (more := _had(found)) not in facts:
            facts.append(more)
    for aged in _AGE_RE.finditer(piece):
        age = aged["a"] or aged["b"]
        if 12 <= int(age) <= 110:
            facts.append(f"I am {age} years old")
    facts += [_had(found) for found in _AND_KIDS_RE.finditer(piece)]  # "45 años y dos hijas"
    if _NO_CAR_RE.search(piece):
        facts.append("I don't own a car")
    return facts


_ALLERGEN_WORDS: Final = alternation(ALLERGENS)
#: "Sou alérgica a amendoim", "ich bin allergisch gegen Erdnüsse", "je suis allergique aux
#: arachides", "soy alérgico al marisco".
_ALLERGY_RE: Final = _Folded(
    r"(?:^|(?<=[\s,;:(]))(?:soy|sou|je\s+suis|j['\u2019]suis|ich\s+bin|bin|sono|ik\s+ben|"
    r"jestem)\s+" + _NOW + r"(?:muy\s+|muito\s+|tres\s+|sehr\s+|molto\s+|erg\s+)?"
    r"(?:alergic[oa]|allergique|allergisch|allergic[oa]|uczulon[ya])\s+"
    r"(?:a|al|a\s+la|a\s+los|a\s+las|ao|aos|[àa]|au|aux|gegen|auf|voor|op|na)\s+"
    + _ARTICLE
    + rf"(?P<x>{_ALLERGEN_WORDS})(?![\w-])",
    re.IGNORECASE,
)


def _allergies(piece: str) -> list[str]:
    return [
        f"I am allergic to {ALLERGENS[plain(found['x'])]}"
        for found in _ALLERGY_RE.finditer(piece)
        if not _NEGATION_RE.search(piece[: found.start()][-12:])
    ]


def _pastimes(piece: str) -> list[str]:
    facts = []
    for found in _PLAYS_RE.finditer(piece):
        if not _NEGATION_RE.search(piece[: found.start()][-12:]):
            facts.append(f"I play {PLAYED[plain(found['thing'])]}")
    for found in _STUDY_RE.finditer(piece):
        if not _NEGATION_RE.search(piece[: found.start()][-12:]):
            facts.append(f"I study {SUBJECTS[plain(found['subject'])]}")
    return facts


_PIECE_READERS: Final[tuple[Callable[[str], list[str]], ...]] = (
    _homes,
    _jobs,
    _workplaces,
    _diets,
    _counted,
    _pastimes,
    _allergies,
)


_NOW_WORD_RE: Final = re.compile(
    r"\b(?:ahora|agora|maintenant|d[ée]sormais|jetzt|inzwischen|mittlerweile|adesso|ora|nu|"
    r"tegenwoordig|ab)\b",
    re.IGNORECASE,
)
#: Words of an English sentence: a part with one is English, whatever else it has.
_ENGLISH_RE: Final = re.compile(
    r"\b(?:is|was|are|were|the|has|my|his|her|their|our|your|it's|i'm|you)\b|(?-i:\bI\b)",
    re.IGNORECASE,
)
#: Text the user quotes, translates, corrects or makes up ("Traduce: 'vivo en Madrid'",
#: "Correct my Spanish", "el protagonista dice", "Imagina que soy médico"): not the user's.
_NOT_MINE_RE: Final = re.compile(
    r"\b(?:tradu[cz]e(?:me)?|trad[úu]ceme|traduza|traduis(?:ez)?|[üu]bersetze?|traduci|"
    r"vertaal|translate|correct\s+(?:my|this|the)|corr[íi]ge(?:me)?\s*(?::|mi|este|esta)|"
    r"corrija|corrige(?:z)?\s*(?::|mon|ma|ce|cette)|korrigiere?\s+(?:mein|meine|bitte|den|die|das)|"
    r"correggi\s+(?:il|la|questo|questa|:)|verbeter\s+(?:mijn|deze|dit|:)|"
    r"c[óo]mo\s+(?:se\s+)?dic[eo]|como\s+(?:se\s+)?diz|comment\s+(?:on\s+)?dit|"
    r"wie\s+sagt\s+man|come\s+si\s+dice|hoe\s+zeg\s+je|"
    r"(?:ejercicio|exerc[íi]cio|exercice|übung|ubung|esercizio|oefening)\s*(?:\d|:)|"
    r"bien\s+dicho|personaje|personnage|personagem|"
    r"personaggio|protagonist\w*|roleplay|role-play|rollenspiel|"
    r"(?:dice|diz|dit|sagt|zegt)\s+(?:mi|mis|meu|minha|mon|ma|mein|meine|mio|mia|mijn|el|la|"
    r"le|il|o|a|der|die|het)\b|cuando\s+sea|quand\s+je\s+serai|wenn\s+ich\s+gro[ßs]|"
    r"imagin\w*|supong\w*|suponh\w*|suppos\w*|stell\s+dir\s+vor|stel\s+je\s+voor)",
    re.IGNORECASE,
)
#: Quoted text: left as written.
_QUOTED_RE: Final = re.compile(
    r"(\"[^\"\n]{1,400}\"|«[^»\n]{1,400}»|„[^“\n]{1,400}“|"
    r"(?<!\w)'[^'\n]{1,400}'(?!\w))"
)


#: A word one of the readers' statements starts with: a part without one is left as
#: written without trying the readers (most parts, in English messages).
_LEAD_WORD_RE: Final = re.compile(
    r"(?<![\w'\u2019])(?:vivo|resido|moro|habito|habite|vis|r[ée]side|habitons|wohne|wohnen|"
    r"bin|abito|risiedo|woon|wonen|mieszkam|mud\w*|d[ée]m[ée]nag\w*|install\w*|"
    r"trasferit\w*|gezogen|umgezogen|verhuisd|soy|sou|suis|sono|faccio|ben|jestem|trabajo|"
    r"trabalho|atuo|travaille|bosse|arbeite|lavoro|werk|pracuj\w*|virei|tornei|hice|hoon|hu|"
    r"hun|ya[şs][ıi]yorum|shift|tengo|tenho|tenemos|temos|ai|avons|habe|hab|haben|ho|"
    r"abbiamo|heb|hebben|mam|mamy|como|mange|esse|mangio|eet|jem|coche|carro|voiture|auto|"
    r"macchina|samochodu|toco|juego|jogo|joue|spiele|suono|gioco|speel|gram|estudio|estudo|"
    r"[ée]tudie|studiere|studio|studeer|studiuj\w*|t[ée]l[ée]travaille|diventat[oa]|"
    r"devenue?)(?![\w-])",
    re.IGNORECASE,
)


def _piece_english(found: _Matched) -> str:
    """A part of a sentence said as its statements in English, as a sentence of their own
    ("Wir sind nach Bonn gezogen" -> "I moved to Bonn"); left out when a maybe or a plan
    makes them unsure; as written when it states nothing."""
    piece = found.group()
    if not _LEAD_WORD_RE.search(piece) or _ENGLISH_RE.search(piece):
        return piece  # (nothing to read, or English: "My uncle is a soy farmer")
    said: list[str] = []
    for reader in _PIECE_READERS:
        said += [s for s in reader(piece) if s not in said]
    if not said:
        return piece
    if _UNSURE_RE.search(piece):  # "Faccio il programmatore per hobby", "el mes que viene"
        return piece[: len(piece) - len(piece.lstrip())]  # (a statement made unsure: left out)
    if _ALSO_RE.search(piece):  # "ahora también tengo un gato": beside, not instead
        said = [re.sub(r"^I (?=have|play|study|work)", "I also ", s) for s in said]
    elif _NOW_WORD_RE.search(piece):  # "Abito a Bologna adesso": a change, said so
        said = [f"{s} now" for s in said]
    # (what comes before the statement is left out: "Wir sind", "bhai ab")
    lead = piece[: len(piece) - len(piece.lstrip())]
    if found.string[max(0, found.start() - 40) : found.start()].rstrip(" ,;:")[-1:].isalnum():
        lead = ". "  # ("Soy de Valencia pero vivo en Madrid": the part before stays apart)
    joined = re.match(
        r"\s+(?:y|e|et|und|ed|aur|pero|mas|mais|aber|ma|maar)\s",
        found.string[found.end() : found.end() + 12],
    )
    return lead + ". ".join(said) + ("," if joined else "")  # (what is joined is apart)


def in_english(message: str) -> str:
    """``message`` with what the user states about themselves in another language said
    in English (see the module docstring); the rest, quoted text, and a message that
    quotes, translates or makes up what it says, as written."""
    if _NOT_MINE_RE.search(message):
        return message
    parts = _QUOTED_RE.split(message)
    return "".join(p if i % 2 else _unquoted_english(p) for i, p in enumerate(parts))


def quoted_or_made_up(message: str) -> bool:
    """Whether ``message`` quotes, translates, corrects or makes up what it says ("Traduce:
    'vivo en Madrid'", "Correct my Spanish", "Imagina que soy médico"): none of it is the
    user's own."""
    return _NOT_MINE_RE.search(message) is not None


#: German's verb before "ich" after a first word ("Seit 2019 wohne ich in Köln", "Jetzt
#: arbeite ich bei SAP"): said in the order the readers read ("ich wohne").
_VERB_SECOND_RE: Final = re.compile(
    # (after a word of lasting time only: "Heute Abend spiele ich Schach" is tonight)
    r"\b(?P<lead>seit[ \t]+\S+(?:[ \t]+\d{4})?|jetzt|inzwischen|mittlerweile|momentan|derzeit|"
    r"aktuell|zurzeit|nun|beruflich|hauptberuflich|privat|nebenbei|normalerweise|meistens|"
    r"regelm[äa][ßs]ig|gerne?|oft|immer(?:[ \t]+noch)?|jede[nrs]?[ \t]+\w+)"
    r"(?P<gap>[ \t,]+)(?P<verb>wohne|lebe|arbeite|spiele|spreche|studiere|unterrichte)"
    r"[ \t]+ich\b",
    re.IGNORECASE,
)


def _unquoted_english(message: str) -> str:
    text = _VERB_SECOND_RE.sub(r"\g<lead>\g<gap>ich \g<verb>", message)
    text = _SPEAK_RE.sub(_speak_english, text)
    text = _LEFT_BEFORE_RE.sub(r"\1", text)  # "No trabalho falo inglês": "I speak English"
    if _TONGUE_WORD_RE.search(text):
        text = _TONGUE_RE.sub(_tongue_english, text)
    for pattern, what in (
        (_ANSWER_RE, "answers"),
        (_COMMENTS_RE, "code comments"),
        (_EXPLAIN_RE, "explanations"),
    ):
        text = pattern.sub(_wish_english(what), text)
    text = _I_JOINED_RE.sub(", ", text)  # "wohne in Graz und I speak German": two parts
    return _DOUBLE_STOP_RE.sub(". ", _PART_RE.sub(_piece_english, text))


_DOUBLE_STOP_RE: Final = re.compile(r"[.,;:]\s*\.\s+")
#: A join before a statement already said in English.
_I_JOINED_RE: Final = re.compile(r"(?<!\s)\s+(?:y|e|et|und|ed|en|aur|i)\s+(?=I\s)")
