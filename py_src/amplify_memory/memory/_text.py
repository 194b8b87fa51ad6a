"""Text helpers shared by the extractors: contractions, quotes, words, tidying."""

from __future__ import annotations

import re
from typing import Final

from amplify_memory.errors import ArgumentTypeError, InputTooLargeError
from amplify_memory.limits import MAX_MESSAGE_LENGTH

__all__ = [
    "ACCESSORY_NOUNS",
    "DEED_VERBS",
    "DESCRIBED",
    "ENDED_DEEDS",
    "ENDED_WORDS",
    "FAVOURITE_KINDS",
    "FAVOURITE_TAIL_RE",
    "FIELD_NOUNS",
    "FORMER_START",
    "GIVEN_BACK",
    "MAX_FACT_LENGTH",
    "MAX_PROJECT_FACT_LENGTH",
    "NOT_A_ROLE",
    "NUMBER_WORDS",
    "PET_NOUNS",
    "ROLE_NOUNS",
    "WORKPLACE_NOUNS",
    "capitalise",
    "check_message",
    "expand",
    "favourite_value",
    "indefinite_article",
    "tidy",
    "wordlist",
    "words",
]

#: Extraction keeps facts of at most this many characters (a fact is one sentence; a
#: longer "fact" is pasted text, not something the user said about themselves).
MAX_FACT_LENGTH: Final = 300
#: ... and project entries of at most this many (a requirement, a decision, an error).
MAX_PROJECT_FACT_LENGTH: Final = 2000


#: The things a user has one favourite of (topic ``favourite_<key>``), each with the
#: nouns that name it. Technologies are not here: their slots are read first
#: ("favourite editor is Vim" is the editor).
FAVOURITE_KINDS: Final[dict[str, str]] = {
    "food": "food",
    "dish": "dish",
    "cuisine": "cuisine|type of food|kind of food",
    "snack": "snack",
    "dessert": "dessert",
    "fruit": "fruit",
    "drink": "drink|beverage",
    "beer": "beer",
    "wine": "wine",
    "band": "band",
    "singer": "singer",
    "artist": "artist",
    "musician": "musician",
    "composer": "composer",
    "album": "album|record",
    "song": "song|track|tune",
    "music_genre": "music genre|genre of music|kind of music|type of music|music",
    "author": "author|writer|novelist",
    "book": "book|novel",
    "poet": "poet",
    "movie": "movie|film",
    "director": "director|film director",
    "actor": "actor",
    "actress": "actress",
    "show": "show|tv show|tv series|sitcom",
    "podcast": "podcast",
    "video_game": "video game|computer game",
    "board_game": "board game",
    "sport": "sport",
    "team": "football team|soccer team|football club",
    "player": "player|athlete",
    "colour": "colou?r",
    "season": "season",
    "holiday": "holiday",
    "city": "city",
    "country": "country",
    "place": "holiday spot|holiday destination",
    "animal": "animal",
    "flower": "flower",
    "restaurant": "restaurant",
    "number": "number",
    "day": "day of the week",
    "subject": "subject|school subject",
}
#: Words after a favourite's value that are no part of it ("pizza, especially margherita").
FAVOURITE_TAIL_RE: Final = re.compile(
    r"\s*(?:[,;(]|\s[-\u2013\u2014]\s|\.\s).*$"
    r"|\s+(?:especially|particularly|specifically|though|but|because|since|by far|hands down|"
    r"for sure|these days|nowadays|now|at the moment|right now|lately|of all time|ever|"
    r"anymore|any more)\b.*$",
    re.IGNORECASE,
)


#: What is said of a favourite that is no value of it: news about it ("is closed today",
#: "is playing tonight"), no answer ("is a tough question", "none really", "idk").
_NOT_A_FAVOURITE_RE: Final = re.compile(
    r"^(?:closed|closing|open|opening|shut|shutting|moving|renovat\w*|playing|touring|releasing|"
    r"coming|going|getting|doing|on|in|"
    r"at|back|out|too|so|very|really|not\s+sure|a\s+(?:tough|hard|difficult|good)\s+question|"
    r"hard|tough|difficult|impossible|none|nothing|idk|dunno|a\s+secret|the\s+same|whoever|"
    r"whatever|whichever|the\s+one|obviously|today|tomorrow|tonight|yesterday|changing|"
    r"a\s+string|an?\s+(?:field|column|variable|key|string|property))\b",
    re.IGNORECASE,
)


def favourite_value(said: str) -> str | None:
    """The value of a favourite said after "is": without what follows it ("pizza,
    especially margherita") and quotes; None when it is news or no answer."""
    value = FAVOURITE_TAIL_RE.sub("", said.strip()).strip(" .!\"'")
    if not value or _NOT_A_FAVOURITE_RE.match(value):
        return None
    return value


def check_message(value: object, what: str) -> str:
    """A chat message to read for facts: a string of at most
    :data:`~amplify_memory.limits.MAX_MESSAGE_LENGTH` characters; returned with runs of
    one punctuation or space character, and runs of blanks of any kind, cut to 16."""
    if not isinstance(value, str):
        raise ArgumentTypeError(f"{what} must be a string, got {type(value).__name__}")
    if len(value) > MAX_MESSAGE_LENGTH:
        raise InputTooLargeError(
            f"{what} is {len(value)} characters long; facts are read from messages of at "
            f"most {MAX_MESSAGE_LENGTH} characters",
            limit="MAX_MESSAGE_LENGTH",
        )
    value = _RUN_RE.sub(lambda m: m.group()[:_RUN], value)
    return _BLANK_RUN_RE.sub(lambda m: m.group()[:_RUN], value)


_RUN: Final = 16
# A run of one character other than a letter or digit, longer than _RUN: "!!!!...",
# 10,000 spaces. Cut to _RUN characters, it reads the same to every extractor and no
# pattern can spend more than constant time per run.
_RUN_RE: Final = re.compile(rf"([^\w\n])\1{{{_RUN},}}")
# A run of blanks of more than one kind (" \t \t ..."), cut the same way.
_BLANK_RUN_RE: Final = re.compile(rf"[^\S\n]{{{_RUN + 1},}}")


#: The nouns of a role ("a backend developer", "a QA engineer"), as a regex alternation:
#: the one list every extractor and topic uses.
ROLE_NOUNS: Final = (
    r"developer|engineer|dev|eng|programmer|designer|student|founder|co-founder|cto|ceo|"
    r"architect|scientist|analyst|manager|lead|consultant|freelancer|hobbyist|beginner|"
    r"teacher|researcher|intern|sre|contractor|maintainer|pm|devops|sysadmin|"
    # ("a trainee nurse", "an apprentice electrician": the trade is the role)
    r"(?:apprentice|trainee)(?!\s+(?!(?:at|in|for|with|and|but|now|since|here|there|on|of|"
    r"from|who|so|lol|btw|no)\b)[a-z])|"
    r"tester|writer|"
    r"grad|graduate|undergrad|undergraduate|postgrad|instructor|lecturer|professor|tutor|"
    # occupations beyond software: a memory is for everyone who chats
    r"dba|admin|administrator|technician|specialist|officer|director|coordinator|author|"
    r"artist|musician|nurse|doctor|physician|lawyer|accountant|electrician|mechanic|"
    r"librarian|journalist|translator|operator|coder|modder|streamer|blogger|photographer|"
    r"producer|statistician|economist|biologist|chemist|physicist|mathematician|"
    r"bioinformatician|astronomer|geologist|entrepreneur|owner|postdoc|phd student|"
    r"retiree|veterinarian|pharmacist|paralegal|auditor|actuary|planner|strategist|"
    r"copywriter|illustrator|animator|composer|technologist|"
    # trades, care, food, land, faith, law and the rest of everyday work
    r"chef|sous chef|cook|baker|butcher|farmer|rancher|carpenter|joiner|plumber|roofer|"
    r"builder|bricklayer|welder|machinist|pilot|captain|firefighter|paramedic|midwife|"
    r"dentist|hygienist|therapist|psychologist|psychiatrist|counsell?or|social worker|"
    r"caregiver|carer|nanny|barista|bartender|waiter|waitress|cashier|receptionist|"
    r"secretary|bookkeeper|banker|broker|realtor|estate agent|pastor|priest|vicar|rabbi|"
    r"imam|chaplain|minister|soldier|police officer|detective|caretaker|gardener|"
    r"landscaper|florist|tailor|hairdresser|barber|beautician|optician|optometrist|surgeon|"
    r"radiographer|sonographer|pathologist|vet|dietitian|nutritionist|coach|personal trainer|"
    r"athlete|dancer|singer|actor|actress|filmmaker|podcaster|youtuber|school principal|"
    r"headteacher|archivist|curator|historian|linguist|archaeologist|ecologist|botanist|"
    r"epidemiologist|pediatrician|paediatrician|neurologist|cardiologist|radiologist|"
    r"anesthesiologist|anaesthetist|physiotherapist|physio|chiropractor|solicitor|barrister|"
    r"attorney|judge|notary|surveyor|inspector|appraiser|dispatcher|trucker|truck driver|"
    r"courier|electrician|handyman|beekeeper|shepherd|fisherman|winemaker|brewer|potter|"
    r"jeweller|jeweler|locksmith|upholsterer|glazier|plasterer|tiler|decorator|"
    r"shopkeeper|shop owner|retailer|flight attendant|air traffic controller|sailor|"
    r"radiologist|lab tech|phlebotomist|pharmacy tech|emt|clerk|underwriter|"
    r"occupational therapist|speech therapist|doula|sexton|organist|choirmaster|"
    r"conductor|violinist|pianist|guitarist|drummer|cellist|dj|ta|teaching assistant|landlord|"
    r"landlady|security guard|guard|cleaner|housekeeper|nanny|childminder|au pair|treasurer|"
    r"chairperson|chairman|chairwoman|trustee|council+or|mayor|proofreader|"
    r"reporter|supervisor|foreman|superintendent|registrar|bursar|recruiter|salesperson|"
    r"sales rep|cpa|chartered accountant|"
    r"teller|postman|postwoman|mail carrier|bus driver|taxi driver|lorry driver|van driver|"
    r"delivery driver|train driver|forklift driver|janitor|custodian|porter|lifeguard|"
    r"zookeeper|sommelier|stylist|homemaker|interpreter|labourer|laborer|painter|miner|"
    r"ranger|warden|groundskeeper|bookseller|croupier|babysitter|pet sitter|dog walker|"
    r"concierge|doorman|bouncer|salesman|saleswoman|sales associate|practitioner|gp|"
    r"warehouse worker|factory worker|care worker|support worker|delivery rider"
)


#: Words for where a person is from, and faiths said the same way ("I'm Brazilian", "is
#: Jewish"): an alternation; none of them is a first name.
DEMONYMS: Final = (
    r"American|Canadian|Mexican|Brazilian|Argentin(?:e|ian)|Chilean|Colombian|Peruvian|"
    r"Venezuelan|Cuban|British|English|Scottish|Welsh|Irish|French|German|Austrian|Swiss|"
    r"Dutch|Belgian|Danish|Swedish|Norwegian|Finnish|Icelandic|Polish|Czech|Slovak|"
    r"Hungarian|Romanian|Bulgarian|Greek|Turkish|Italian|Spanish|Portuguese|Russian|"
    r"Ukrainian|Belarusian|Lithuanian|Latvian|Estonian|Serbian|Croatian|Slovenian|"
    r"Bosnian|Albanian|Israeli|Lebanese|Egyptian|Moroccan|Algerian|Tunisian|Nigerian|"
    r"Ghanaian|Kenyan|Ethiopian|Ugandan|Tanzanian|South African|Indian|Pakistani|"
    r"Bangladeshi|Sri Lankan|Nepali|Chinese|Japanese|Korean|Vietnamese|Thai|Filipino|"
    r"Indonesian|Malaysian|Singaporean|Taiwanese|Australian|Kiwi|Iranian|Iraqi|Saudi|"
    r"Emirati|Syrian|Jordanian|Afghan|Kazakh|Uzbek|Georgian|Armenian|Azerbaijani|"
    # a faith said the same way ("I'm Jewish"): no name either
    r"Jewish|Muslim|Hindu|Buddhist|Catholic|Christian|Mormon|Sikh|Protestant|Orthodox|"
    r"Quaker|Atheist|Agnostic|Pagan|Jain|Anglican|Lutheran|Methodist|Baptist|Evangelical"
)
#: The languages people speak, by name (one list for the rules that read a language said:
#: the language of answers, the one learned, the native one).
HUMAN_LANGUAGES: Final = (
    "English", "German", "French", "Spanish", "Italian", "Portuguese", "Dutch", "Polish",
    "Japanese", "Chinese", "Korean", "Russian", "Ukrainian", "Hindi", "Arabic", "Turkish",
    "Swedish", "Norwegian", "Danish", "Finnish", "Czech", "Greek", "Hebrew", "Vietnamese",
    "Indonesian", "Thai", "Romanian", "Hungarian", "Mandarin", "Cantonese", "Catalan",
    "Swahili", "Bengali", "Urdu", "Persian", "Farsi", "Tamil", "Malay", "Filipino", "Tagalog",
    "Cebuano", "Punjabi", "Gujarati", "Marathi", "Telugu", "Serbian", "Croatian", "Slovak",
    "Bulgarian", "Yoruba", "Igbo", "Hausa", "Zulu", "Nepali", "Amharic", "Afrikaans",
    "Basque", "Galician", "Icelandic",
)  # fmt: skip
#: Kinds of place a person works, teaches or studies at ("a bank", "a community
#: college"), as a regex alternation: the workplace topic and the corrections ("left the
#: bank") read the same list.
#: The animals people keep, each also in the plural (a regular expression's alternation:
#: the pets of "I have 2 cats", "my dog's name is Rex", "User's cat is diabetic").
PET_NOUNS: Final = (
    r"cats?|dogs?|kittens?|pupp(?:y|ies)|pets?|horses?|pon(?:y|ies)|parrots?|birds?|"
    r"rabbits?|bunn(?:y|ies)|hamsters?|guinea\s+pigs?|lizards?|snakes?|turtles?|tortoises?|"
    r"chickens?|goats?|bearded\s+dragons?|geckos?|goldfish|ferrets?|chinchillas?|gerbils?|"
    r"budgies?|canar(?:y|ies)|cockatiels?|axolotls?|hedgehogs?|ducks?|alpacas?|donkeys?|"
    # dogs and cats by their breed: "we adopted a greyhound"
    r"greyhounds?|labradors?|spaniels?|terriers?|collies?|beagles?|poodles?|dachshunds?|"
    r"(?:golden|labrador|flat-coated)\s+retrievers?|husk(?:y|ies)|pugs?|whippets?|lurchers?|bulldogs?|corgis?|schnauzers?|"
    r"labradoodles?|cockapoos?|cavapoos?|border\s+collies?|german\s+shepherds?|"
    r"maine\s+coons?|ragdolls?|siamese"
)
#: States a person is in, said with a capital where a name could stand ("Married, no
#: kids", "my partner is Pregnant"): no name (lower case).
STATE_WORDS: Final = frozenset(
    {"married", "single", "divorced", "engaged", "widowed", "separated", "retired", "pregnant",
     "unemployed", "sober", "vegan", "vegetarian", "pescatarian", "coeliac", "celiac", "diabetic"}
)  # fmt: skip
#: Sports one stops or pauses, as said after "no" or "stopped" ("no running for now",
#: "stopped climbing"; a regular expression's alternation).
PAUSED_SPORTS: Final = (
    r"running|jogging|swimming|cycling|biking|climbing|bouldering|hiking|lifting|skiing|"
    r"snowboarding|surfing|rowing|boxing|dancing|yoga|pilates|crossfit|football|tennis|golf|"
    r"the\s+gym"
)
#: Verbs and phrases that end a thing the user had or did, beyond the plain "stopped",
#: "quit", "gave up" each reader already knows: "rehomed the cat", "moved out of the
#: flat", "stepped away from Django", "sold their car", "paid off the mortgage", "broke up
#: with Sam", "passed away". Only words that end the whole of what follows them (not "got
#: rid of unused Docker images", "closed the Jira ticket", "scrapped the migration plan",
#: "sold 200 cupcakes", "died laughing"). One regex alternation, read by the fact's
#: polarity (topics), the similarity rule (as "stopped") and the merge guard (supersession).
ENDED_WORDS: Final = (
    r"rehomed|moved out(?! to\b| of town\b)|stepped (?:away|down|back) from|stepped down as|"
    r"kicked (?:the |their |his |her |my )?habit|"
    r"(?<!is )(?<!are )sold (?:the|their|his|her|my|our)\b(?! \w+ on\b)|"
    r"broke up with|split (?:up )?from|"
    r"resigned from|passed away|"
    r"died(?! laughing| of laughter| of embarrassment| inside| down)|gave away|dropped out of|"
    r"paid off (?:the|their|his|her|my|our|all)\b|(?<!is )(?<!are )cut out (?!for\b|a\b|an\b)|"
    r"(?:ripped|tore|torn) (?:\w+ ){0,2}out|abstains? from|"
    # an end said of the whole by its noun: "outgrew the cat allergy", "ended the gym
    # membership", "shut down their Minecraft server"
    r"outgr(?:ew|own) (?:the |their |his |her |my |a |an )?(?:\w+ )?allerg\w*|allergy outgrown|"
    r"ended (?:the |their |his |her |my |our )?(?:[\w-]+ ){0,3}(?:membership|subscription|lease|"
    r"contract|relationship|marriage|engagement)|"
    r"(?:shut|closed) down (?:the |their |his |her |my |our )(?:[\w-]+ ){0,3}(?:server|business|"
    r"shop|company|store|blog|site|channel|account|bakery|restaurant|cafe|café|studio|practice)"
)
#: Deeds that end the thing they are done to, when it is the whole of a stored fact's
#: thing and the user does them: "wiped Ubuntu from the home server", "got rid of the
#: landline", "phased out jQuery" (not "got rid of the weeds in the garden", "removed a node
#: from the cluster", "Acme cut ties with the vendor"). Read only where the thing is held
#: against the stored fact's words (supersession's end of a fact), never as a fact's
#: polarity on its own.
ENDED_DEEDS: Final = (
    r"wiped (?:[\w-]+ ){1,3}(?:from|off)\b|removed (?:[\w-]+ ){1,3}from\b|"
    r"handed (?:[\w-]+ ){1,3}(?:off|over) to\b|"
    r"got rid of(?= (?:the|their|his|her|my|our) (?!(?:unused|old|extra|spare|duplicate|stale)\b))|"
    r"binned|bowed out of|cut ties with|fell out of love with|"
    r"finished with(?! (?:a |an |my |the |their )?(?:phd|doctorate|degree|masters?|mba|diploma|"
    r"ba|bsc|msc|course|thesis|dissertation)\b)|grew out of|outgrew|"
    r"hung up (?:the |their |his |her |my )?[\w-]+ (?:shoes|boots|gloves|"
    r"apron|skates|racket|keyboard)|let (?:the |their |his |her |my )?(?:[\w-]+ ){0,3}lapse|"
    r"lapsed|migrated away from|moved on from|packed in|parted ways with|phased out|"
    r"put (?:the |their |his |her |my )?[\w-]+ down for good|"
    r"retired (?:the|their|his|her|my) (?!from\b)|sunset (?:the|their|his|her|my)\b|"
    r"tapered off|weaned (?:\w+ )?off|walked away from|went cold turkey"
)
#: The verbs of :data:`ENDED_DEEDS` before the thing they are done to ("wiped *Ubuntu* from
#: the server", "phased out *jQuery*"): where a fact's topic reads which thing ended.
DEED_VERBS: Final = (
    r"wiped|removed|handed|got rid of|binned|bowed out of|cut ties with|fell out of love with|"
    r"finished with|grew out of|outgrew|hung up|let|migrated away from|moved on from|packed in|"
    r"parted ways with|phased out|put|retired|sunset|tapered off|weaned (?:\w+ )?off|"
    r"walked away from|went cold turkey on"
)
#: What the user was, said at a fact's start: "Ex-SWE", "Ex-Emacs user", "User is a former
#: avid hiker" (not someone else's: "a fan of ex-Arsenal player Henry"; not a retiree's
#: state: "former teacher, now retired" is "a retired teacher"). Read by the topics'
#: polarity and the similarity rule.
FORMER_START: Final = (
    r"^\s*(?:(?:the )?user is (?:an? )?)?(?:ex-|former )(?=\w)(?!.*\bretire)"
    # (not a former person of the user's doing a thing: "Ex-colleague writes TypeScript")
    r"(?![\w-]+ (?:writes|works|uses|lives|runs|codes|plays|teaches|says|thinks|wants|likes|"
    r"loves|hates|prefers|has|does|drives|owns|knows|still)\b)"
)
#: What is made of, for or about a named product and is not the product: "a Ford Mustang
#: poster", "a Pixel 8 case" (a regular expression's alternation).
ACCESSORY_NOUNS: Final = (
    r"posters?|shirts?|t-shirts?|stickers?|kits?|models?|toys?|mugs?|prints?|replicas?|"
    r"keyrings?|magnets?|books?|manuals?|calendars?|albums?|costumes?|chargers?|cases?|"
    r"covers?|keys?|batter(?:y|ies)|tyres?|tires?|parts?|seats?|mats?|wheels?|lego|"
    r"screen\s+protectors?|cables?|boxes|box|brochures?|ads?|adverts?|photos?|pictures?"
)
#: A thing got and given back, so no longer had: "... but I'm returning it", "sent it
#: back" (a regular expression's alternation).
GIVEN_BACK: Final = (
    r"return(?:ing|ed)?\s+it|sen[dt]\s+it\s+back|gave\s+it\s+back|taking\s+it\s+back"
)
#: One word that describes a child or a pet before its noun, with an intensifier ("two
#: very spoiled rabbits", "a needy greyhound", "three wild boys"); not a quantity or a
#: determiner ("a couple of", "a lot of", "the"). A regular expression's piece.
DESCRIBED: Final = (
    r"(?:(?:very|really|super|extremely|quite|so|pretty|rather|incredibly|slightly)\s+)?"
    r"(?!(?:of|the|my|our|few|lot|lots|couple|bunch|pair|dozen|more|other|different|same|"
    r"and|or|with|who|that|which|at|in|on)\b)[a-z][a-z-]{2,14}"
)
#: Children said by their kind, in the plural (a regular expression's alternation).
CHILD_NOUNS: Final = r"kids|children|boys|girls|sons|daughters"
#: The people closest to the user, each also in the plural where it has one (a regular
#: expression's alternation: whose a fact is, "my sister has 2 cats", "my dad's sober").
RELATIVE_NOUNS: Final = (
    r"sister|brother|wife|husband|partner|son|daughter|mum|mom|dad|mother|father|friend|"
    r"boss|kids?|flatmate|roommate|colleague"
)
#: A field of work or study, or a department: what "in" names that is no place ("a
#: manager in Sales", "I've been in Marketing for years"; a regular expression's
#: alternation).
FIELD_NOUNS: Final = (
    r"sales|marketing|finance|hr|it|engineering|business|tech|academia|retail|healthcare|"
    r"education|hospitality|management|customer|support|operations|ops|design|product|"
    r"research|legal|accounting|consulting|banking|insurance|logistics|qa|quality|biology|"
    r"chemistry|physics|maths?|history|crime|law|medicine|high\s+school|economics|psychology|"
    r"computer\s+science|nursing|media|music|art|security|admin"
)
#: What one is somewhere that is no job or role there: "a member", "a fan", "a tourist"
#: (a regular expression's alternation).
NOT_A_ROLE: Final = (
    r"believer|fan|lover|user|beginner|newcomer|member|follower|supporter|admirer|customer|"
    r"subscriber|freshman|sophomore|volunteer|player|visitor|guest|partner|tourist|stranger"
)
WORKPLACE_NOUNS: Final = (
    r"school|college|university|startup|company|agency|bank|hospital|lab|firm|consultancy|"
    r"studio|nonprofit|ministry|department|government|telco|insurer|retailer|manufacturer|"
    r"shop|store|publisher|newspaper|charity|council|library|museum|clinic|factory|utility|"
    r"airline|scale-up|enterprise|corporation|organi[sz]ation|institute|academy"
)


def indefinite_article(noun: str) -> str:
    """ "a" or "an" before ``noun``, by its sound: "an ML engineer", "a UX designer",
    "a user researcher", "an analyst".

    >>> [indefinite_article(n) for n in ("ML engineer", "UX designer", "user", "analyst")]
    ['an', 'a', 'a', 'an']
    """
    word = noun.split(" ", 1)[0]
    if re.match(r"(?:8|11|18)(?!\d)", word):  # "an 8-hour day", "an 11th"
        return "an"
    if len(word) >= 2 and word.isupper():  # said letter by letter
        return "an" if word[0] in "AEFHILMNORSX" else "a"
    low = word.lower()
    if low.startswith(("us", "uni", "use", "eu", "one", "ur")):
        return "a"
    return "an" if low[:1] in ("a", "e", "i", "o", "u") else "a"


def wordlist(text: str) -> list[str]:
    """The whitespace-separated words of ``text``."""
    return text.split()


#: Number words and their digits ("two": "2"), zero to twelve.
NUMBER_WORDS: Final[dict[str, str]] = {
    w: str(i)
    for i, w in enumerate(
        wordlist("zero one two three four five six seven eight nine ten eleven twelve")
    )
}


_APOSTROPHES_RE: Final = re.compile(r"[\u2018\u2019\u02bc]")
_DQUOTES_RE: Final = re.compile(r"[\u201c\u201d\u201e]")
_CONTRACTIONS: Final[tuple[tuple[re.Pattern[str], str], ...]] = tuple(
    (re.compile(p, re.IGNORECASE), r)
    for p, r in (
        (r"\bcan't\b", "cannot"),
        (r"\bwon't\b", "will not"),
        (r"\b(do|does|did|is|are|was|were|have|has|had|would|should|could)n't\b", r"\1 not"),
        (r"\bI'm\b", "I am"),
        (r"\bI've\b", "I have"),
        (r"\bI'd\b", "I would"),
        (r"\bI'll\b", "I will"),
        (r"\bwe're\b", "we are"),
        (r"\bwe've\b", "we have"),
        (r"\bwe'd\b", "we would"),
        (r"\bwhat's\b", "what is"),
        (r"\bit's\b", "it is"),
        (r"\bthat's\b", "that is"),
        (r"\blet's\b", "let us"),
    )
)


def expand(text: str) -> str:
    """Unify quotes and apostrophes and expand the contractions the patterns rely on."""
    text = _APOSTROPHES_RE.sub("'", _DQUOTES_RE.sub('"', text))
    for pattern, replacement in _CONTRACTIONS:
        text = pattern.sub(replacement, text)
    return text


def words(text: str) -> list[str]:
    """Lower-case words of ``text`` (letters, digits, ``'``, ``#``, ``+``)."""
    return re.findall(r"[a-z0-9#+']+", text.lower())


def capitalise(text: str) -> str:
    """First letter upper-case, the rest untouched."""
    return text[:1].upper() + text[1:]


def tidy(text: str) -> str:
    """Collapse spaces and strip surrounding spaces and trailing punctuation."""
    return re.sub(r"\s+", " ", text).strip().strip(" ,;:-").rstrip(".!?…").strip()
