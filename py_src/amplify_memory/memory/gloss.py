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
'no longer I live in Madrid. I moved to Valencia'
>>> english_gloss("we moved to Berlin")
'we moved to Berlin'
"""

from __future__ import annotations

import functools
import re
from typing import Final

from amplify_memory.memory.foreign_lexicon import NOT_EMPLOYERS
from amplify_memory.memory.foreign_statements import in_english, quoted_or_made_up

__all__ = ["english_gloss"]

#: A job ended, said whole ("Ich arbeite nicht mehr bei", "Ya no trabajo en el"), for
#: changes and for extraction alike.
_JOB_ENDED: Final = (
    r"(?:ich\s+arbeite\s+nicht\s+mehr\s+(?:bei|f[üu]r)|ik\s+werk\s+niet\s+meer\s+(?:bij|voor)|"
    r"ya\s+no\s+trabajo\s+(?:en|para)|non\s+lavoro\s+pi[ùu]\s+(?:a|da|per|in|presso)|"
    r"n[ãa]o\s+trabalho\s+mais\s+(?:na|no|em|para)|ju[żz]\s+nie\s+pracuj[ęe]\s+w|"
    r"nie\s+pracuj[ęe]\s+ju[żz]\s+w|je\s+ne\s+travaille\s+plus\s+(?:chez|à|pour))"
    r"(?:\s+(?:el|la|le|les|il|lo|der|die|dem|den|het|de|o|a)(?=\s))?",
    "I no longer work at",
)
#: (phrase, English) in the order they are tried; a phrase is a regular expression
#: matched case-insensitively at word boundaries.
_GLOSSES: Final[tuple[tuple[str, str], ...]] = (
    _JOB_ENDED,  # (before "nicht mehr" and "ich arbeite" below)
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
     r"(?:frau|mann|esposa|esposo|femme|mari|moglie|marito|vrouw|man|[żz]ona|m[ąa][żz])|"
     r"vater|mutter|bruder|schwester|hermano|hermana|pap[áa]|mam[áa]|padre|madre|broer|zus|"
     r"vader|moeder|fr[èe]re|s(?:œ|oe)ur|p[èe]re|m[èe]re|fratello|sorella|irm[ãa]o|irm[ãa]|"
     r"pai|m[ãa]e|brat|siostra|ojciec|matka|cliente|client|klant|kunde|kundin|klient)",
     "my colleague"),
    (r"para\s+este\s+proye[ck]to|pour\s+ce\s+projet|f[üu]r\s+dieses\s+projekt|"
     r"per\s+questo\s+progetto|para\s+este\s+projeto|voor\s+dit\s+project|"
     r"dla\s+tego\s+projektu", "for this project"),
    (r"quiz[áa]s?|tal\s+vez|vielleicht|peut-[êe]tre|forse|talvez|misschien|mo[żz]e", "maybe"),
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
    (r"(?:me\s+mudé|me\s+he\s+mudado|nos\s+mudamos|me\s+mudei|mudei|j'ai\s+d[ée]m[ée]nag[ée]|"
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
     r"(?:en|para|no|na|em|per|bei|bij|chez|da)\b"
     # (not when or how: "bei Bedarf", "bei Regen")
     rf"(?!\s+(?:{NOT_EMPLOYERS})\b)",
     r"I work \1at"),
    (r"(?:uso|utilizo|utilizzo|ich\s+nutze|ich\s+benutze|ich\s+verwende|ik\s+gebruik|"
     r"j'utilise)\b", "I use"),
    (r"we\s+gebruiken|wir\s+nutzen|wir\s+benutzen|usamos|utilizamos|usiamo", "we use"),
    (r"correcci[óo]n|correzione|correctie|korrektur|poprawka|corre[çc][ãa]o", "correction"),
)  # fmt: skip
#: What a user is, likes and comes from, glossed for extraction too (which reads the
#: other signs above in the user's own words: "ab jetzt", "chez").
#: The languages the user speaks, said in another ("hablo inglés", "parlo un po' di
#: tedesco"): "I speak English".
_SPEAK: Final = (
    r"(?:hablo|falo|parlo|je\s+parle|ich\s+spreche|ik\s+spreek|m[óo]wi[ęe]\s+po|"
    r"(?<=und\s)spreche)\s+"
    r"(?:(?:un\s+poco\s+(?:de\s+)?|un\s+po['\u2019]?\s+(?:di\s+)?|um\s+pouco\s+(?:de\s+)?|"
    r"un\s+peu\s+(?:d['e]\s*)?|ein\s+bisschen\s+|een\s+beetje\s+))?"
)
_SPOKEN: Final[tuple[tuple[str, str], ...]] = tuple(
    (_SPEAK + f"(?:{words})\\b", f"I speak {english}")
    for english, words in (
        ("English", r"ingl[ée]s|inglese|anglais|englisch|engels|ingl[êe]s"),
        ("Spanish", r"espa[ñn]ol|spagnolo|espagnol|spanisch|spaans|espanhol"),
        ("French", r"franc[ée]s|francese|fran[çc]ais|franz[öo]sisch|frans|franc[êe]s"),
        ("German", r"alem[áa]n|tedesco|allemand|deutsch|duits|alem[ãa]o"),
        ("Italian", r"italiano|italien|italienisch|italiaans"),
        ("Portuguese", r"portugu[ée]s|portoghese|portugais|portugiesisch|portugees|portugu[êe]s"),
        ("Japanese", r"japon[ée]s|giapponese|japonais|japanisch|japans|japon[êe]s"),
    )
)
_FACT_GLOSSES: Final[tuple[tuple[str, str], ...]] = (
    # someone else in Hinglish, whose verbs are English ("mera dost ... shift ho gaya"; the
    # other languages' possessives are read by foreign.py, and glossed for changes above)
    (r"(?:mera|meri|mere)\s+(?:dost|yaar|manager|boss|colleague|senior|teammate|bhai|"
     r"bhaiya|behen|didi|papa|mummy|wife|husband|biwi|pati|client|team\s+lead)(?:\s+ko)?",
     "my colleague"),
    # what the user is, likes and comes from ("Sou de Recife", "odeio notebooks")
    (r"(?:prefiero|prefiro|je\s+pr[ée]f[èe]re|ich\s+bevorzuge|preferisco)\s+([\w.+#-]+)\s+"
     r"(?:a|al|ao|à|au|aux|gegenüber|rispetto\s+a)\s+", r"I prefer \1 over "),
    (r"(?:prefiero|prefiro|je\s+pr[ée]f[èe]re|ich\s+bevorzuge|preferisco)(?=\s+(?-i:[A-Z]))",
     "I prefer"),  # (a name after it: "prefiero respuestas en inglés" is no tool's)
    (r"no\s+me\s+gusta(?:n)?|n[ãa]o\s+gosto\s+d[eoa]s?|je\s+n'aime\s+pas|non\s+mi\s+piace|"
     r"non\s+mi\s+piacciono|ich\s+mag\s+kein(?:e|en)?", "I don't like"),
    (r"me\s+encanta(?:n)?|adoro|j'adore|ich\s+liebe|ik\s+hou\s+van|amo\s+(?=[A-Z])", "I love"),
    (r"me\s+gusta(?:n)?|gosto\s+d[eoa]s?|j'aime|ich\s+mag|mi\s+piace|mi\s+piacciono", "I like"),
    (r"odio|odeio|je\s+d[ée]teste|ich\s+hasse|ik\s+haat", "I hate"),
    # the user's age ("tengo 45 años", "ho 52 anni", "j'ai 38 ans", "ich bin 41 Jahre alt")
    (r"(?:tengo|tenho|ho|j['\u2019]ai)\s+(\d{1,2})\s+(?:años|anos|anni|ans)"
     r"(?=\s*(?:[,.;!?]|$)|\s+(?:y|e|et)\s)"
     r"|(?:ich\s+bin|ik\s+ben)\s+(\d{1,2})\s+(?:jahre|jaar)(?:\s+alt|\s+oud)"
     r"(?=\s*(?:[,.;!?]|$)|\s+(?:und|en)\s)",
     r"I'm \1\2"),
    # the user's children ("y dos hijas", "e due figli", "et trois enfants")
    # the user's children, said after the user's own verb or age ("tengo 45 años y dos
    # hijas", "ho due figli"; not "mi hermano tiene dos hijas")
    (r"(?:(?<=I'm\s\d\d\s)|(?<=I'm\s\d\s))(?:y|e|et|und)\s+(?:dos|due|deux|zwei|dois|duas|twee)\s+"
     r"(?:hijas|figlie|filles|t[öo]chter|filhas|dochters)", "and I have two daughters"),
    (r"(?:(?<=I'm\s\d\d\s)|(?<=I'm\s\d\s))(?:y|e|et|und)\s+(?:dos|due|deux|zwei|dois|duas|twee)\s+"
     r"(?:hijos|figli|fils|s[öo]hne|filhos|zonen)", "and I have two sons"),
    (r"(?:tengo|tenho|ho|j['\u2019]ai|ich\s+habe|ik\s+heb)\s+(?:dos|due|deux|zwei|dois|duas|twee)\s+"
     r"(?:hijas|figlie|filles|t[öo]chter|filhas|dochters)", "I have two daughters"),
    (r"(?:tengo|tenho|ho|j['\u2019]ai|ich\s+habe|ik\s+heb)\s+(?:dos|due|deux|zwei|dois|duas|twee)\s+"
     r"(?:hijos|figli|fils|s[öo]hne|filhos|zonen)", "I have two sons"),
    (r"(?:tengo|tenho|ho|j['\u2019]ai|ich\s+habe|ik\s+heb)\s+(?:dos|due|deux|zwei|dois|duas|twee)\s+"
     r"(?:niños|bambini|enfants|kinder|crianças|kinderen)", "I have two kids"),
    # the user's name ("me llamo Lucía", "mi nombre es Lucía", "ich heiße Jan")
    (r"me\s+llamo|mi\s+nombre\s+es|je\s+m'appelle|mon\s+nom\s+est|ich\s+hei(?:ß|ss)e|"
     r"mein\s+name\s+ist|mi\s+chiamo|il\s+mio\s+nome\s+[èe]|meu\s+nome\s+[ée]|chamo-me|"
     r"ik\s+heet|mijn\s+naam\s+is|nazywam\s+si[ęe]", "my name is"),
    *_SPOKEN,
    # what the user does not eat or drink ("Je ne bois pas d'alcool", "no como carne")
    (r"je\s+ne\s+bois\s+pas\s+d['e]\s*alcool|no\s+bebo\s+alcohol|n[ãa]o\s+bebo\s+[áa]lcool|"
     r"non\s+bevo\s+alcol(?:ici)?|ich\s+trinke\s+keinen\s+alkohol|ik\s+drink\s+geen\s+alcohol",
     "I don't drink alcohol"),
    (r"je\s+ne\s+mange\s+pas\s+de\s+viande|no\s+como\s+carne|n[ãa]o\s+como\s+carne|"
     r"non\s+mangio\s+carne|ich\s+esse\s+kein\s+fleisch|ik\s+eet\s+geen\s+vlees",
     "I don't eat meat"),
    (r"soy\s+de|sou\s+d[eoa]|je\s+suis\s+originaire\s+d[eu']|ich\s+komme\s+aus|"
     r"ik\s+kom\s+uit", "I'm from"),
    (r"trabajo\s+con|trabalho\s+com|je\s+travaille\s+avec|lavoro\s+con|ich\s+arbeite\s+mit|"
     r"ik\s+werk\s+met", "I work with"),
    (r"trabajo\s+como|trabalho\s+como|je\s+travaille\s+comme|lavoro\s+come|"
     r"ich\s+arbeite\s+als|ik\s+werk\s+als", "I work as"),
    # where the user moved ("Wir sind nach Hamburg gezogen", "mudei de Lisboa para o Porto")
    (r"(?:wir\s+sind|ich\s+bin|(?<=[,;]\s)(?:bin|sind))"
     r"(?:\s+(?!nicht\b|nie\b|niemals\b|noch\s+nie\b)[\w-]+){0,3}?"
     r"\s+nach\s+((?-i:[A-ZÄÖÜ])(?!ause\b)[\w-]+)\s+(?:um)?gezogen",
     r"I moved to \1"),
    (r"(?<!\bnon\s)(?<!\bnão\s)(?<!\bnao\s)(?<!\bno\s)(?<!\bnunca\s)(?<!\bmai\s)"
     r"(?:me\s+mud[ée]|me\s+he\s+mudado|nos\s+mudamos|me\s+mudei|mudei|mudamos|"
     r"j'ai\s+d[ée]m[ée]nag[ée]|on\s+a\s+d[ée]m[ée]nag[ée]|nous\s+avons\s+d[ée]m[ée]nag[ée]|"
     r"mi\s+sono\s+trasferit[oa]|ci\s+siamo\s+trasferiti|(?:ik\s+ben|we\s+zijn)\s+verhuisd|"
     r"me\s+vine|me\s+fui|nos\s+vinimos|nos\s+fuimos)"
     r"(?:\s+d[eoa]\s+(?-i:[A-Z])[\w-]+)?\s+(?:a|para|pra|à|nach|naar)(?:\s+(?:o|a|la|el))?\b",
     "I moved to"),
    (r"pracuj[ęe]\s+jako", "I work as"),
    # where the user lives, in Hinglish ("main Pune mein rehta hoon")
    (r"(?:main|mai|mein)\s+((?-i:[A-Z])[\w-]+)\s+(?:mein|me|mai)\s+(?:rehta|rehti|rehte)"
     r"(?:\s+(?:hoon|hu|hun|hain))?", r"I live in \1"),
    # where the user lives, and a job ended ("Vivo en Barcelona", "Ich wohne in Köln")
    (r"(?<!\bno\s)(?<!\bnon\s)(?<!\bnie\s)(?<!\bnão\s)(?<!\bnao\s)"
     r"(?:vivo|moro|abito|ich\s+wohne|ich\s+lebe|ik\s+woon|j'habite|je\s+vis|mieszkam|"
     r"(?<=[,;]\s)wohne)\s+"
     r"(?:(?:jetzt|ahora|agora|maintenant|adesso|ora|nu|now|actualmente|atualmente|"
     r"actuellement|seit\s+\w+(?:\s+\w+)?)\s+)?"
     r"(?:en|em|a|in|à|w|no|na)\b(?=\s+(?-i:[A-ZÀ-ÝŁŚŻŹ]))", "I live in"),
    _JOB_ENDED,
    # when, after a place or a job ("me mudé a Valencia *el mes pasado*", "vivo en Berlín
    # *desde 2019*"): read by extraction as the English when is
    (r"(?:el|o|no)\s+mes\s+pasado|(?:o|no)\s+m[êe]s\s+passado|le\s+mois\s+dernier|"
     r"il\s+mese\s+scorso|(?:seit\s+)?letzte[nm]?\s+monat|vorige\s+maand", "last month"),
    (r"(?:el|o|no)\s+a[ñn]o\s+pasado|(?:o|no)\s+ano\s+passado|l'ann[ée]e\s+derni[èe]re|"
     r"l'anno\s+scorso|letztes\s+jahr|vorig\s+jaar", "last year"),
    # how long something has held ("moro em Lisboa há 3 anos", "trabajo en remoto desde
    # hace un año"): left out, as an English "for 3 years" is
    (r"(?:desde\s+hace|h[áa]|seit|depuis|da)\s+(?:\d+|un|una|uno|dos|tres|cuatro|cinco|uns|umas|"
     r"um|uma|dois|duas|tr[êe]s|quatro|deux|trois|quatre|zwei|drei|vier|f[üu]nf|due|tre|quattro|"
     r"einem|einer)\s+(?:a[ñn]os?|anos?|ans?|anni|anno|jahren?|meses|m[êe]s|mois|mesi|monaten?)"
     r"(?=\s*(?:[,.;!?]|$|y\s|e\s|et\s|und\s))",
     ""),
    (r"(?<!desde\s)(?:hace|faz|h[áa]|il\s+y\s+a|vor)\s+(?:\w+\s+){0,2}?(?:mes(?:es)?|mois|monaten?|"
     r"a[ñn]os?|anos?|ans|jahren?|semanas?|semaines?|wochen)(?:\s+fa)?\b", "a while ago"),
    (r"((?-i:[A-ZÀ-Ý])[\w-]+\s+)(?:desde|depuis|seit|dal|sinds)(?:\s+hace)?"
     r"(?=\s+(?:\d|(?:un|una|dos|tres|cinco|janvier|f[ée]vrier|mars|avril|mai|juin|juillet|ao[ûu]t|septembre|octobre|novembre|"
     r"d[ée]cembre|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|"
     r"noviembre|diciembre|januar|februar|m[äa]rz|juni|juli|oktober|dezember)\b))", r"\1since"),
    (r"trabajo\s+(?:en\s+remoto|a\s+distancia|desde\s+casa)|trabalho\s+(?:remoto|remotamente|"
     r"de\s+casa)|je\s+(?:travaille\s+(?:[àa]\s+distance|de\s+chez\s+moi)|suis\s+en\s+"
     r"t[ée]l[ée]travail)|lavoro\s+(?:da\s+remoto|da\s+casa)|ich\s+arbeite\s+(?:remote|von\s+"
     r"zu\s+hause|im\s+homeoffice)", "I work remotely"),
    (r"por\s+(?:el\s+)?(?:trabajo|curro|trabalho)|pour\s+le\s+(?:travail|boulot)|"
     r"per\s+lavoro|wegen\s+der\s+arbeit|beruflich", "for work"),
    # a tool the user stopped using ("dejé de usar Java"; "dejé Madrid" is a place left)
    (r"(?:dej[ée]|deixei)\s+de\s+usar(?=\s+(?-i:[A-Z]))", "I stopped using"),
    # now, before what the user says of themselves ("agora I'm a data engineer")
    (r"(?:ahora|agora|maintenant|d[ée]sormais|adesso|jetzt)(?=\s+I(?:'m)?\s)", "now"),
    # where a job is, said with the article ("UX writer numa fintech", "en una startup")
    (r"(?:numa|num|en\s+una|en\s+un|em\s+uma|em\s+um|dans\s+une|dans\s+un|in\s+einer|"
     r"in\s+einem|in\s+una|in\s+un)(?=\s+(?-i:[a-z]))", "at a"),
    # the joins between such clauses, once their verbs are English ("e I hate": "and I hate")
    (r"(?:e|et|y|und|en)(?=\s+I\s)", "and"),
    (r"(?:aber|mais|pero|ma|maar)(?=\s+I\s)", "but"),
)  # fmt: skip


#: What the user is, in the other languages ("Soy matrona en Valencia": "I'm a midwife in
#: Valencia"): (English, the words for it; masculine and feminine, as written with and
#: without accents).
_ROLES: Final[tuple[tuple[str, str], ...]] = (
    ("an obstetric nurse", r"enfermeira\s+obstetra|enfermera\s+obst[ée]trica"),
    ("a midwife", r"matrona|partera|parteira|ostetrica|sage-femme|hebamme|verloskundige|"
     r"po[łl]o[żz]na"),
    ("a teacher", r"profesora?|profe|maestr[oa]|professora?|professeure?|prof|enseignante?|"
     r"insegnante|docente|lehrer(?:in)?|leraar|lerares|docent|nauczyciel(?:k[ąa]|em)?"),
    ("a nurse", r"enfermer[oa]|enfermeir[oa]|infermier[ea]|infirmi[èe]re?|krankenschwester|"
     r"(?:kranken)?pfleger(?:in)?|verpleegkundige|piel[ęe]gniark[ąa]"),
    ("a doctor", r"m[ée]dic[oa]|m[ée]decin|arzt|[äa]rztin|huisarts|lekarz(?:em)?"),
    ("an architect", r"arquitect[oa]|arquitet[oa]|architett[oa]|architecte|architekt(?:in)?"),
    ("a data engineer", r"ingenier[oa]\s+de\s+datos|engenheir[oa]\s+de\s+dados|"
     r"ingegnere\s+dei\s+dati|ing[ée]nieure?\s+(?:de\s+)?donn[ée]es|dateningenieur(?:in)?"),
    ("a data scientist", r"cient[íi]fic[oa]\s+de\s+datos|cientista\s+de\s+dados"),
    ("a UX designer", r"dise[ñn]ador(?:a)?\s+UX"),
    ("a designer", r"dise[ñn]ador(?:a)?"),
    ("an engineer", r"ingenier[oa]|engenheir[oa]|ingegnere|ing[ée]nieure?|ingenieur(?:in)?|"
     r"in[żz]ynier(?:em)?"),
    ("a developer", r"desarrollador(?:a)?|programador(?:a)?|desenvolvedor(?:a)?|"
     r"sviluppat(?:ore|rice)|programmat(?:ore|rice)|d[ée]veloppeu(?:r|se)|(?:software)?entwickler(?:in)?|ontwikkelaar|"
     r"programist(?:a|k[ąa]|[ąa])"),
    ("a lawyer", r"abogad[oa]|advogad[oa]|avvocat[oa]|avocate?|(?:rechts)?anw[äa]lt(?:in)?|"
     r"advocaat|prawnik(?:iem)?"),
    ("a student", r"estudiante|estudante|studente(?:ssa)?|[ée]tudiante?|studentin|studentk[ąa]"),
    ("an accountant", r"contador(?:a)?|contable|contabilista|commercialista|comptable|"
     r"buchhalter(?:in)?|"
     r"boekhouder|ksi[ęe]gow[ay]"),
    ("a tax advisor", r"steuerberater(?:in)?|asesora?\s+fiscal|conseill[eè]re?\s+fiscale?"),
    ("a cook", r"cociner[oa]|cozinheir[oa]|cuoc[oa]|cuisini[eè]re?|k[öo]chin|koch"),
    ("a farmer", r"agricultor(?:a)?|granjer[oa]|agricolt(?:ore|rice)|agricult(?:eur|rice)|"
     r"landwirt(?:in)?|b[äa]uerin|bauer|boer(?:in)?|rolnik(?:iem)?"),
    ("a pharmacist", r"farmac[ée]utic[oa]|farmac[êe]utic[oa]|farmacista|pharmacienne?|"
     r"apotheker(?:in)?|farmaceut(?:k[ąa]|[ąa])?"),
    ("a photographer", r"fot[óo]graf[oa]|photographe|fotograf(?:in)?"),
    ("an IT technician", r"inform[áa]tic[oa]|informaticienne?|informatiker(?:in)?|"
     r"informatyk(?:iem)?"),
    ("an electrician", r"electricista|eletricista|elettricista|[ée]lectricienne?|"
     r"elektriker(?:in)?|elektricien|elektryk(?:iem)?"),
    ("a carpenter", r"carpinter[oa]|falegname|charpenti[eè]re?|menuisi[eè]re?|schreiner(?:in)?|"
     r"tischler(?:in)?|zimmermann|timmerman|stolarz(?:em)?"),
    ("a vet", r"veterin[áa]ri[oa]|v[ée]t[ée]rinaire|tier[äa]rzt(?:in)?|dierenarts|weterynarz"),
    ("a psychologist", r"psic[óo]log[oa]|psychologue|psycholog(?:e|in)|psycholoog"),
    ("a translator", r"traductor(?:a)?|tradutor(?:a)?|tradutt(?:ore|rice)|traduct(?:eur|rice)|"
     r"[üu]bersetzer(?:in)?|vertaler|t[łl]umacz(?:em|k[ąa])?"),
    ("a florist", r"florista|fleuriste|florist(?:in)?|bloemist|kwiaciar(?:k[ąa])?"),
    ("a nutritionist", r"nutricionista|nutrizionista|nutritionniste|di[ée]t[ée]ticienne?|"
     r"ern[äa]hrungsberater(?:in)?|di[ëe]tist|dietetyk(?:iem)?"),
    ("a tour guide", r"gu[ií]a\s+tur[ií]stic[oa]|guida\s+turistica|guide\s+touristique|"
     r"reiseleiter(?:in)?|gids"),
    ("a dentist", r"dentista|dentiste|zahn[äa]rzt(?:in)?|tandarts|dentysta"),
    ("a physiotherapist", r"fisioterapeuta|fisioterapista|kin[ée]sith[ée]rapeute|"
     r"physiotherapeut(?:in)?|fysiotherapeut|fizjoterapeut(?:k[ąa]|[ąa])?"),
)  # fmt: skip
#: "I am" in the other languages, with the article a role may take after it.
_I_AM: Final = (
    r"(?:(?:yo|eu|io)\s+)?(?:soy|sou|sono|je\s+suis|ich\s+bin|ik\s+ben|jestem|I\s+work\s+as|"
    r"trabajo\s+como|"
    r"trabalho\s+como|lavoro\s+come|je\s+travaille\s+comme|ich\s+arbeite\s+als|"
    r"ik\s+werk\s+als|pracuj[ęe]\s+jako|faccio\s+il|faccio\s+la|faccio\s+l['\u2019]|arbeite\s+als)"
    r"(?:\s+(?:un|una|um|uma|une|ein|eine|een)|\s+un['\u2019](?=\w))?"
)
#: Where the role is done when it is no name ("w szkole", "en el hospital"): left out.
_AT_WORK: Final = (
    r"\s+(?:w|en|em|na|no|in|bei|bij|au|a|da|nel|nella|de|di|du|des|do|der)"
    r"(?:\s+(?:el|la|le|il|o|a|der|dem|het))?"
    r"\s+(?-i:[a-zà-ÿąćęłńóśźż]+)\b"
)
#: The words after a role that name where ("en", "em", "à", "in", "bei"), before a name.
_IN_PLACE: Final = (
    r"(?:\s+[\w'-]+){0,6}?"
    r"\s+(?:en|em|a|à|in|w|au|bei|na|no|im|de|di)\s+(?=(?-i:[A-ZÀ-Ý]))"
)
#: Cities by their English names ("Milano": "Milan"), so that one place is one value.
_EXONYMS: Final = {
    "Milano": "Milan", "München": "Munich", "Muenchen": "Munich", "Lisboa": "Lisbon",
    "Köln": "Cologne", "Wien": "Vienna", "Praha": "Prague", "Warszawa": "Warsaw",
    "Firenze": "Florence", "Venezia": "Venice", "Roma": "Rome", "Napoli": "Naples",
    "Torino": "Turin", "Genova": "Genoa", "Sevilla": "Seville", "Bruxelles": "Brussels",
    "Brussel": "Brussels", "Genève": "Geneva", "Kraków": "Krakow", "Moskva": "Moscow",
    "Den Haag": "The Hague", "Göteborg": "Gothenburg", "København": "Copenhagen",
    "Athína": "Athens", "Nürnberg": "Nuremberg", "Zaragoza": "Zaragoza",
    "Ciudad de México": "Mexico City", "Cidade do México": "Mexico City",
}  # fmt: skip
_EXONYM_RE: Final = re.compile(rf"\b(?:{'|'.join(_EXONYMS)})\b")
#: A join to a clause still in the other language ("... en Valencia y tengo que ..."):
#: the English before it ends there.
_FOREIGN_JOIN_SOURCE: Final = (
    r"(I'm (?:{roles})(?: in [A-ZÀ-Ý][\w-]+(?: [A-ZÀ-Ý][\w-]+)?)?)\s+(?:y|und|et|e)\s+"
    r"(?=[a-zà-ÿ])(?!(?:I|we|my|the|a|an|to)\b)"
)
#: "I am no longer" in the other languages, and the word after the role that ends it.
_NO_LONGER_AM: Final = (
    r"(?:je\s+ne\s+suis\s+plus|je\s+suis\s+plus(?=\s+(?:une?\s+)?\w+(?:\s*[,.;!]|\s*$))|ya\s+no\s+soy|non\s+sono\s+pi[ùu]|n[ãa]o\s+sou\s+mais|"
    r"ik\s+ben\s+geen|ich\s+bin\s+kein(?:e)?|nie\s+jestem\s+ju[żz]|ju[żz]\s+nie\s+jestem)"
    r"(?:\s+(?:un|una|um|uma|une))?"
)
#: Habits ended in the other languages: "Ho smesso di fumare", "ich rauche nicht mehr".
_QUIT_HABIT: Final = (
    r"(?:ho\s+smesso\s+di|(?:he\s+)?dej(?:é|e|ado)\s+de|parei\s+de|deixei\s+de|"
    r"j'ai\s+arr[êe]t[ée]\s+de)\s+(?:fumare|fumar|fumer)|ich\s+habe\s+aufgeh[öo]rt\s+zu\s+"
    r"rauchen|ich\s+rauche\s+nicht\s+mehr|ik\s+ben\s+gestopt\s+met\s+roken|"
    r"rzuci[łl](?:em|am)\s+palenie"
)


def _compiled(glosses: tuple[tuple[str, str], ...]) -> tuple[tuple[re.Pattern[str], str], ...]:
    return tuple(
        (re.compile(rf"(?<![\w'])(?:{phrase})(?:(?<=\s)|(?![\w']))", re.IGNORECASE), english)
        for phrase, english in glosses
    )


_CHANGE_RES: Final = _compiled(_GLOSSES)
_FACT_RES: Final = _compiled(_FACT_GLOSSES)


@functools.cache
def _role_res() -> tuple[tuple[re.Pattern[str], ...], re.Pattern[str], re.Pattern[str]]:
    """(a habit ended, a role ended, a role held; each role word by itself), compiled on
    first use: one pass of each over a message, every role's words in one alternation
    (in the order of :data:`_ROLES`, so "enfermeira obstetra" is tried before
    "enfermeira"); and the join to a clause still in the other language."""
    every = "|".join(f"(?:{words})" for _, words in _ROLES)
    stages = _compiled(
        (
            (_QUIT_HABIT, ""),
            (rf"{_NO_LONGER_AM}\s+(?P<role>{every})(?:\s+(?:mehr|meer))?", ""),
            (rf"{_I_AM}(?:\s+|(?<=['\u2019]))(?P<role>{every})(?:{_IN_PLACE}|{_AT_WORK})?", ""),
        )
    )
    words = re.compile("|".join(f"(?P<r{i}>{w})" for i, (_, w) in enumerate(_ROLES)), re.I)
    join = re.compile(
        _FOREIGN_JOIN_SOURCE.format(roles="|".join(re.escape(english) for english, _ in _ROLES))
    )
    return tuple(pattern for pattern, _ in stages), words, join


def _role(ended: bool, match: re.Match[str]) -> str:
    """The English for a role said ("I'm a midwife", "I'm no longer a nurse"), with "in"
    when a place follows it."""
    _, words, _ = _role_res()
    which = words.fullmatch(match["role"])
    english = _ROLES[int(which.lastgroup[1:])][0] if which and which.lastgroup else "someone"
    place = " in " if match.group().endswith(" ") else ""
    return f"I'm {'no longer ' if ended else ''}{english}{place}"


def english_gloss(message: str, *, changes: bool = True) -> str:
    """``message`` with the signs of a change and the verbs that hold a value said in
    English (see the module docstring); an English message comes back unchanged.
    ``changes=False``: only what the user is, likes and comes from, as extraction reads
    it ("Sou de Recife", "odeio notebooks")."""
    if quoted_or_made_up(message):
        return message  # "Traduce: 'vivo en Madrid'", "Imagina que soy médico": not the user's
    message = in_english(message)  # "Moro em Curitiba": "I live in Curitiba"
    (quit, ended, held), _, join = _role_res()
    # (roles first: "keine Lehrerin mehr" is the role's, not "no more")
    glossed = quit.sub("I quit smoking", message)
    glossed = ended.sub(functools.partial(_role, True), glossed)
    glossed = held.sub(functools.partial(_role, False), glossed)
    for pattern, english in (*_CHANGE_RES, *_FACT_RES) if changes else _FACT_RES:
        glossed = pattern.sub(english, glossed)
    if glossed != message:  # (something was glossed: the rest of its sentence may be foreign)
        glossed = join.sub(r"\1. ", glossed)
        glossed = re.sub(r"[ \t]+(?:y|und|et|e|en)[ \t]+(?=I(?:'m)?\s)", ". ", glossed)
    return _EXONYM_RE.sub(lambda m: _EXONYMS[m.group()], glossed)
