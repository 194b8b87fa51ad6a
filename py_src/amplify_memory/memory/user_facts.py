"""Facts about the user, read from what they wrote in a chat."""

from __future__ import annotations

import dataclasses
import functools
import itertools
import re
from collections.abc import Iterable
from typing import Final

from amplify_memory.limits import MAX_CLAUSE_LENGTH, MAX_CLAUSES, MAX_SENTENCES
from amplify_memory.memory import _phrasing
from amplify_memory.memory._categories import category_of as _category
from amplify_memory.memory._facts import ExtractedFact
from amplify_memory.memory._text import (
    ACCESSORY_NOUNS,
    DEMONYMS,
    DESCRIBED,
    FIELD_NOUNS,
    GIVEN_BACK,
    HUMAN_LANGUAGES,
    MAX_FACT_LENGTH,
    MAX_PROJECT_FACT_LENGTH,
    NOT_A_ROLE,
    PET_NOUNS,
    RELATIVE_NOUNS,
    ROLE_NOUNS,
    STATE_WORDS,
    check_message,
    favourite_value,
    indefinite_article,
)
from amplify_memory.memory._text import expand as _expand
from amplify_memory.memory._text import tidy as _tidy
from amplify_memory.memory._text import wordlist as _wordlist
from amplify_memory.memory._text import words as _words
from amplify_memory.memory.devices import device_fact
from amplify_memory.memory.foreign import foreign_facts
from amplify_memory.memory.gloss import english_gloss
from amplify_memory.memory.life_events import (
    PARTNER_NAME,
    life_event_facts,
    moved_since,
    promoted_to,
    switched_to,
)
from amplify_memory.memory.places import is_place, is_region
from amplify_memory.memory.products import model_product
from amplify_memory.memory.secrets import has_secret
from amplify_memory.memory.technologies import (
    Mention,
    find_technologies,
    find_technology_mentions,
    lookup_technology,
)
from amplify_memory.text import ENGLISH_STOP_WORDS

__all__ = [
    "bare_count",
    "clause_facts",
    "extract_user_facts",
    "finish",
    "read_clauses",
    "user_clauses",
    "without_listed_repeats",
    "without_retracted",
    "without_sarcasm",
]


_FENCE_RE: Final = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)
_INLINE_CODE_RE: Final = re.compile(r"`([^`\n]*)`")
_QUOTE_RE: Final = re.compile(r'"([^"\n]*)"|(?<![\w])\'([^\'\n]+)\'(?![\w])')
_CODE_LINE_RE: Final = re.compile(
    r"^\s*(?:import |from \S+ import|def |class \w+[:(]|const |let |var |function |"
    r"export |return |#include|//|/\*|\$ |>>> |<[a-zA-Z/]|[{}\[\]();]+\s*$)|[;{}]\s*$"
    # a stack trace or an error's own line: "at com.x.Main.main(Main.java:5)", "File
    # "app.py", line 3", "Traceback ...", "torch.cuda.OutOfMemoryError: ...", "Exception in"
    r"|^\s*at\s+[\w$.<>\[\]/@-]+\s*\(.*\)\s*$|^\s*File\s+\"[^\"]+\",\s+line\s+\d+"
    r"|^\s*Traceback\s+\(most\s+recent|^\s*Exception\s+in\s+thread\b"
    r"|^\s*(?:[\w$]+\.)*[A-Z]\w*(?:Error|Exception)\b[^\n]*:"
    # a path of its own ("- /home/app/src/index.js"), a server log's line (an address
    # first, or a request: '"GET /wp-login.php HTTP/1.1"'), a JSON key ('"extends": [...]')
    r"|^\s*(?:[-*]\s+)?(?:/|\./|\.\./|~/|[A-Za-z]:\\)[\w.@/\\-]+\s*$"
    r"|^\s*\d{1,3}(?:\.\d{1,3}){3}\b|\"(?:GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS)\s+/"
    r"|^\s*\"[^\"\n]+\"\s*:"
    # a build script's call ('implementation("io.ktor:ktor-client-core:2.3.7")'), a
    # config's assignment ('bucket = "orbit-logs"'), a log line with a file and a line
    r"|^\s*[\w.]+\s*\(\s*[\"'][^\"']*[\"']\s*\)\s*$"
    r"|^\s*[\w.-]+\s*=\s*(?:\"[^\"]*\"|\d[\w.]*|true|false|null|\[.*\]|\{.*\}?)\s*,?\s*$"
    r"|^\s*[A-Z]?\s*\d+:\d\d:\d\d\S*\s+\S+\.\w{1,5}:\d+\b"
    # a Dockerfile's instruction ("FROM python:3.12-slim", "RUN pip install poetry")
    r"|^\s*(?:FROM|RUN|COPY|ADD|CMD|ENTRYPOINT|ENV|ARG|WORKDIR|EXPOSE|VOLUME|HEALTHCHECK)\s+\S"
    # a Python block's header ("for x in xs:", "if n > 2:", "else:")
    r"|^\s*(?:for\s+\w+(?:\s*,\s*\w+)*\s+in\s+\S[^\n]*|(?:el)?if\s+[^\n]*?[=<>][^\n]*|"
    r"while\s+[^\n]*?[=<>][^\n]*|else|try|finally|except\b[^\n]*|with\s+\S[^\n]*\bas\s+\w+):\s*$"
    # an SQL statement ("INSERT INTO users (name) VALUES ('Maria'); -- why?"), its keywords
    # in capitals, or in lower case with the statement's shape
    r"|^\s*(?:SELECT\s+\S[^\n]*?\bFROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|"
    r"(?:CREATE|ALTER|DROP)\s+(?:TABLE|INDEX|VIEW)|WITH\s+\w+\s+AS\s*\()\b"
    r"|^\s*(?:insert\s+into\s+\w+\s*\(|select\s++(?:[\w*.()]++\s*+,\s*+)*+[\w*.()]++\s++from\s++"
    r"\w++\s++where\b)"
    # a statement over lines: "SELECT *", then "FROM orders", "WHERE id = 3"
    r"|^\s*SELECT\s+(?:\*|\w+(?:\s*,\s*\w+)*)\s*$|^\s*FROM\s+[\w.]+(?:\s+\w+)?\s*;?\s*$"
    r"|^\s*(?:WHERE|AND|OR)\s+[\w.]+\s*(?:=|<|>|!=|IN\b|IS\b|LIKE\b)"
    r"|^\s*(?:LEFT\s+|RIGHT\s+|INNER\s+)?JOIN\s+[\w.]+\s+(?:\w+\s+)?ON\b"
    r"|^\s*(?:GROUP|ORDER)\s+BY\s+[\w.]+|^\s*LIMIT\s+\d+"
)
#: A comment line ("    # I live in Rome", "// ...", "-- ..."): code's, after a line of code.
_CODE_COMMENT_RE: Final = re.compile(r"^[ \t]*(?:#|//|--)\s")
#: A line of code that opens a block ("def greet():", "if (x) {"): its indented lines follow.
_BLOCK_OPENS_RE: Final = re.compile(r"(?::|\{|\(|\[|\\)\s*$")
#: A hidden comment of pasted HTML or Markdown: never the user's own words.
_HTML_COMMENT_RE: Final = re.compile(r"<!--.*?(?:-->|\Z)", re.DOTALL)
#: A game of make-believe ("let's roleplay: I'm your boss", "let's pretend I'm a pirate"):
#: what follows is the game, not the user's facts, up to an aside of the real world.
#: (Words to translate, proofread or rewrite after a colon stay: on every hold-out they
#: were the user's own facts.)
_MAKE_BELIEVE_RE: Final = re.compile(
    r"(?:^|(?<=[.!?\n]))[ \t]*(?:let'?s|let\s+us|we'?ll|can\s+we)\s+(?:do\s+a\s+)?"
    r"(?:role-?\s?play|pretend|play\s+a\s+game|play\s+make-?believe|write\s+a\s+story)\b"
    r"|(?:^|(?<=[.!?\n]))[ \t]*(?:dm|gm|rp|roleplay|role-play|improv|story|game)\s+"
    r"(?:mode|time)\b"
    r"|(?:^|(?<=[.!?\n]))[ \t]*(?:role-?\s?play|rp|scenario|pretend)\s*:",
    re.IGNORECASE,
)
#: A letter pasted to be worked on: it starts at "Dear ...," and is not the user's words.
_SALUTATION_RE: Final = re.compile(
    r"(?:^|(?<=[\n.!?:]))[ \t]*(?:Dear(?!\s+(?:god|lord|me|diary|oh)\b)|To whom it may concern)\b"
    r"(?-i:\s+[A-Z])?",
    re.IGNORECASE,
)
#: What steps out of a game back to the user's own life: "(irl I'm a bootcamp grad)".
_REAL_WORDS: Final = r"irl|in real life|ooc|out of character"
_REAL_WORLD_RE: Final = re.compile(
    rf"\(|\b(?:{_REAL_WORDS}|for real though|btw|fyi)\b", re.IGNORECASE
)
#: The word that steps out of the game, at an aside's start ("(irl I use React)"): dropped.
_REAL_ASIDE_RE: Final = re.compile(rf"\(\s*(?:{_REAL_WORDS})\b[\s:,-]*", re.IGNORECASE)
_REAL_WORLD_WORD_RE: Final = re.compile(rf"^(\(?)\s*(?:{_REAL_WORDS})\b[\s:,-]*", re.IGNORECASE)
#: A sentence set in a story, a game or a role ("in my novel, we relocated to Leeds",
#: "for my D&D campaign, I'm a paladin", "my character is a vegan elf").
_FICTION_SENTENCE_RE: Final = re.compile(
    r"(?:^|(?<=[.!?\n]))[^.!?\n]*?\b(?:in\s+(?:my|our|this|the)\s+(?:\w+\s+){0,2}?(?:novel|story|stories|"
    r"screenplay|script|fic|fanfic|fanfiction|comic|manga|short\s+story|poem|sitcom|sketch|"
    r"game\s+world|fantasy\s+world|rpg|campaign)\b(?:,|\s+(?:I|we|my|the|our)\b)"
    r"|\bfor\s+(?:my|our|this|the)\s+(?:\w+\s+){0,2}?(?:campaign|d&d|dnd|rpg|role-?play|"
    r"larp)\b|\bmy\s+(?:character|protagonist|oc|npc|hero|heroine|villain|avatar|persona)\b"
    r"|\b(?:in\s+character|as\s+my\s+character)\b)[^.!?\n(]*[.!?]*",
    re.IGNORECASE,
)
#: A first paragraph that hands over pasted material ("here's the invite text, what time
#: is that in CET?"): what follows its blank line is that material, not the user's words.
_PASTE_LEAD_RE: Final = re.compile(
    r"\b(?:here(?:'s| is| are)|below is|the following|pasting|pasted|attached|this is the|"
    r"(?:what|how|why|where|can you|could you|please)\b(?:\s+\S+){0,4}?\s+(?:this|the))\b"
    r"(?:\s+\S+){0,4}?\s+(?:text|log|logs|output|email|e-mail|invite|invitation|readme|page|"
    r"message|config|snippet|error|doc|docs|document|article|post|description|ticket|"
    r"transcript|thread|comment|review|notes|trace|report)\b",
    re.IGNORECASE,
)
# A run of "." "!" "?" ends a sentence unless a word follows it at once ("3.12", "e.g.x");
# the run is taken whole (possessive), so runs of any length cost linear time.
# A sentence never starts inside such a run (the lookbehind), so no start is tried twice.
_SENTENCE_RE: Final = re.compile(r"(?<![.!?])(?:[^.!?\n]|[.!?]++(?=[^.!?\s]))+(?:[.!?]+|\n|$)")
#: What a verdict on a thing says ("is amazing", "are a nightmare"): no clause of the user's.
_NOT_A_VERDICT: Final = (
    r"(?!(?:(?:so|really|pretty|very|super|way|too|absolutely|just|honestly|kinda|a\s+bit|"
    r"sooo+|soo)\s+)*(?:great|amazing|awesome|awful|terrible|nice|lovely|good|bad|horrible|"
    r"brilliant|fantastic|a\s+nightmare|a\s+mess|a\s+pain|mad|insane|crazy|ridiculous|unreal|"
    r"incredible|perfect|fine|ok|okay|better|worse|the\s+best|the\s+worst|gorgeous|beautiful|"
    r"boring|annoying|stunning|wonderful|excellent|superb|dreadful|rubbish|shit|crap|slow|"
    r"fast|expensive|cheap)\b)"
)
_CLAUSE_SPLIT_RE: Final = re.compile(
    r"\s*(?<!\bTL);(?!DR\b)\s*"
    rf"|,\s*{_phrasing.NOT_BEFORE_A_VERDICT}"  # ("Aisle seat, always": one clause)
    r"(?=(?:and |but |so |also |then )?(?:(?:honestly|frankly|personally|actually|tbh|"
    r"myself),?\s+)?(?:I|we|please|just|my|do not|don't|always|never|"
    r"been\s+(?:doing|working|coding|writing|using|programming|building|teaching|running|a|an))\b)"
    r"|,\s*so\s+|\s+(?:and|but|so|while|whereas|\+|&)\s+(?=(?:(?:honestly|frankly|personally|"
    r"actually|tbh|myself),?\s+)?(?:I|we|my)\b)"
    # "I'm 70 and not great with these phones": a second clause, which says no fact
    r"|\s+and\s+(?=not\s+(?:great|good|very|so|too|that|really|the\s+best)\b)"
    # a verdict on the thing before: "we're on uv now and it's great"
    r"|\s+and\s+(?=(?:it|that|this)\s+(?:is|was|has\s+been)\s+(?:(?:so|much|way|a\s+lot)\s+)?"
    r"(?:great|good|fine|amazing|awesome|brilliant|better|faster|nicer|nice|lovely|perfect)\b)"
    # a second verb of the same "I": "I'm 61 and have arthritis in my hands"
    r"|\s+and\s+(?=have\s+(?!to\b|been\b|had\b|got\s+to\b))"
    # a consequence with a subject of its own: "my kids are 3 and 6 so mornings are chaos"
    # (not a verdict on a thing: "so the flexibility is great" is no taste of the user's)
    r"|\s+so\s+(?=(?:the\s+|my\s+|our\s+)?[a-z]+\s+(?:is|are|was|were)\s+"
    rf"(?!(?:you|it)\b){_NOT_A_VERDICT})"
    # a thing as the next subject, with a number or a rule: "... and the word limit is
    # 80,000", "... and the units have to be handleless", "... and the resets are gone"
    # (not "and the shop is called Bloom": the user's own thing, kept whole; not "and the
    # weather is amazing"; not a title: "Radio 4 and the Rest is History")
    r"|\s+and\s+(?=the\s+(?-i:[a-z]+)(?:\s+(?-i:[a-z]+))?\s+(?:is|are|was|were|has|have)\s+"
    r"(?:[^.,;!?]*\d|(?:to|got\s+to)\s|(?:now\s+|all\s+)?gone\b|(?:only\s+)?allowed\b|"
    r"limited\b|capped\b|locked\b|fixed\b|frozen\b))"
    # "I hate unittest, and mypy --strict is non negotiable", "..., the team picked Supabase"
    r"|,\s*and\s+(?=(?:the\s+)?[\w.+#-]+(?:\s+[\w.+#-]+)?\s+(?:is|are|was|were)\b)"
    r"|,\s*(?=the\s+(?:team|client|company|boss|board|others|rest\s+of\s+the\s+team)\s+"
    r"(?:picked|chose|went|decided|agreed|voted|settled)\b)"
    # others as the next subject: "I coach a girls team and half of them just stand there"
    r"|\s+(?:and|but)\s+(?=(?:half|most|some|all|none|many|a\s+few|few|one|both|each|"
    r"several)\s+of\s+(?:them|us|the|my|our|whom)\b)"
    r"|,?\s+but\s+(?=(?:the\s+|a\s+)?\w+\s+(?:(?:is|are|was|were|has|have)\s+not|isn't|aren't|"
    r"wasn't|hasn't|haven't)\b)"
    r"|,\s*(?=(?:should|shall|can|could|would|what|which|how|why|do|does|is|are)\b)"
    # an end, then the change: "no jest anymore switched to vitest"
    r"|(?<=\banymore)\s+(?=(?:I\s+)?(?:switched|moved|migrated|went|changed)\s+(?:over\s+)?to\b)"
    # a second own verb with its "I" left out: "Mac user, hate windows, use homebrew"
    r"|,\s*(?=(?:hate|love|prefer|speak|drink|eat|own)\s+(?!it\b|this\b|that\b|"
    r"them\b|the\s+same\b)\w)"
    r"|,\s*(?=(?:any|anyone|anybody)\b[^,.!]*\?)"
    r"|,?\s+(?:because|(?<!\bhave\s)(?<!\bhas\s)(?<!\bhad\s)since|as it|so that|which)\s+",
    re.IGNORECASE,
)
_INTERROGATIVE_RE: Final = re.compile(
    r"^(?:what|which|why|how|when|where|who|whom|whose)\b|"
    r"^(?:should|shall|can|could|would|will|do|does|did|is|are|am|was|were|have|has)\s+"
    r"(?:i|you|we|it|they|he|she|there|this|that|these|those|my|your|the|a|an)\b|"
    # a question of a named thing without its mark: "Is Rust actually better than Go"
    r"^(?:is|are|was|were|does|did|can|could|should|would|will|has)\s+(?-i:[A-Z])[\w.+#-]*"
    r"\s+(?:actually\s+|really\s+|still\s+|even\s+)?(?:better|worse|faster|slower|worth|good|"
    r"bad|ok|okay|fine|safe|easier|harder|dead|used|popular|free|any)\b",
    re.IGNORECASE,
)
_POLITE_REQUEST_RE: Final = re.compile(
    r"^(?:can|could|would|will)\s+you\s+(?:please\s+)?(?P<rest>.+)$", re.IGNORECASE
)
_LEADING_FILLER_RE: Final = re.compile(
    r"^(?:and|but|so|also|well|ok|okay|oh|hmm|um+|uh+|erm|btw|by the way|honestly|actually|"
    # chat's interjections: "lol I use vim", "haha yeah I'm a nurse"
    r"omg|ugh+|welp|yep|yup|nah|ah+|aha|ooh+|oof|wow|sorry|sry|"
    r"(?:ha(?:ha)+|he(?:he)+|lmao|ngl|lowkey)(?=[\s,!.]+(?:i|i'm|im|i've|ive|my|we|we're|our)\b)|"
    # a word to the assistant or a heads-up before it: "mate I'm in Brisbane"
    r"(?:mate|dude|bro|buddy|pal|heads up|quick heads up|quick note|good news|bad news|"
    r"small update|quick update|update)(?=[\s,:!.-]+(?:i|i'm|im|i've|ive|my|we|we're|our)\b)|"
    # someone else's point granted, then the user's own: "she's right, and that's why ..."
    r"(?:he|she|they)(?:'s|'re| is| are) (?:right|correct|not wrong)|that(?:'s| is) why|"
    r"personally|fyi|just so you know|for context|for the record|in general|generally|"
    r"anyway|hi|hey|hello|yo|hiya|heya|howdy|yeah|yes|great|thanks|thank you|cool|note|tbh|fwiw|"
    r"ngl|imo|imho|lowkey|highkey|"
    r"turns out(?: that)?|it turns out(?: that)?|"
    r"to be honest|now|for now|right now|at the moment|atm|rn|hallo|hola|ciao|namaste|"
    # how things are as a rule: "normally I'm in Toronto", "usually I'm on Arch"
    r"normally|usually|typically|ordinarily|"
    r"please(?=[\s,]+(?:i|i'm|im|my|we|we're|our)\b))\b[\s,:!.-]*",
    re.IGNORECASE,
)
#: (not the "please" of "yes please": "spicy food = yes please" is a liking)
_TRAILING_FILLER_RE: Final = re.compile(
    r"(?:[\s,]+(?:(?<!\byes )(?:please|pls|plz)|btw|by the way|thanks|thank you|lol|though|"
    r"too|as well|tbh|imo|honestly|fwiw|haha|atm|rn|tho|but sure|but ok|but okay|but fine|"
    r"but whatever|apparently|thankfully|luckily|officially|after all|obviously|obvs|ofc|of course|"
    r"but yeah|actually|fyi|just fyi))+\s*$",
    re.IGNORECASE,
)
_STANDING_PHRASE_RE: Final = re.compile(
    rf"\s*,?\s*\b(?:{_phrasing.STANDING_PHRASES}|at all times)\b\s*,?\s*", re.IGNORECASE
)
_HYPOTHETICAL: Final = frozenset(
    _wordlist("""
    if unless might may maybe perhaps possibly probably whether wondering wonder
    considering consider thinking think believe guess planning plan gonna suppose
    imagine hypothetically someday eventually debating torn curious try trying tried
    evaluating
    should could
    """)
)
_HYPOTHETICAL_PHRASES_RE: Final = re.compile(
    r"\b(?:not sure|what if|let us say|going to|want to (?:try|learn|explore|switch|"
    r"experiment|check|look|play|test|start)|would (?!rather|prefer|like|love)|"
    r"in theory|someday|one day|next (?:week|month|quarter|year|sprint|semester)|"
    r"saw (?:this|that|it)|read (?:this|that|somewhere)|"
    r"(?:on|in) a (?:blog|tweet|post|thread|video|talk)|blog post|the docs say|docs say|"
    r"heard (?:that|somewhere)|someone (?:said|told|wrote)|"
    r"(?:keep|kept) telling myself|(?:promised|told) myself|I swear I'?ll)\b"
    r"|\b(?:but|tho|though|or)\s+(?:idk|dunno|i\s+dunno|who\s+knows)\W*$",  # "love Vue but idk"
    re.IGNORECASE,
)
_REPORTED: Final = frozenset(
    _wordlist(
        "said says told tells claims claimed recommends recommended suggested suggests "
        "heard apparently reportedly supposedly allegedly"
    )
)
_PAST: Final = frozenset(_wordlist("used liked loved preferred hated wanted worked"))

_ADVERBS_KEPT: Final = frozenset(
    _wordlist("""
    always usually often never generally typically mostly mainly primarily normally
    really strongly definitely sometimes rarely only exclusively absolutely much almost
    totally heavily no longer barely hardly seldom
    """)
)
_ADVERBS_DROPPED: Final = frozenset(
    _wordlist(
        "also just personally honestly actually basically still currently now literally "
        "seriously genuinely truly simply kinda sorta already finally officially recently"
    )
)
#: A choice the user would always make, said: "any day", "every time", "hands down".
_ANY_DAY: Final = (
    r"(?:any\s+day(?:\s+of\s+the\s+week)?|every\s+(?:time|day)|hands\s+down|in\s+a\s+heartbeat)"
)
#: What "studying" is followed by when it is the task at hand, no field of study
#: ("studying for my exams", "studying it tonight").
_NOT_STUDIES: Final = r"(?:for|up|hard|tonight|now|it|this|that)\b"
_PREFERENCE_VERBS: Final = frozenset(
    _wordlist("prefer like love enjoy hate dislike want need adore detest loathe avoid refuse")
)
_USAGE_VERBS: Final = frozenset(
    _wordlist("""
    use work build write code develop program run deploy host rely stick audit review
    maintain debug test ship teach script automate
    """)
)
_SWITCH_VERBS: Final = frozenset(
    _wordlist("""
    migrated switched moved ported converted standardised standardized settled went
    replaced swapped standardise standardize settle migrate switch move
    """)
)
_HABIT_ADVERBS: Final = frozenset(
    _wordlist("always usually never generally typically normally tend")
)
_ROLE_RE: Final = re.compile(
    rf"^(?:a|an)\s+(?:[\w+#./'-]+\s+){{0,4}}?(?:{ROLE_NOUNS})s?\b"
    # without the article (a first language without one: "I am network engineer with a
    # telco"): plain words before the role noun, then the end or a place or employer
    r"|^(?:(?!(?:for|in|on|at|to|with|of|the|my|as|and|not|no|so|very|too|also|still|"
    r"just|now|really|responsible|in charge)\s)[\w+#./-]+\s+){0,3}?"
    rf"(?:{ROLE_NOUNS})(?=\s+(?:at|in|for|on|with|from|since|based)\s+"
    r"(?!(?:this|that|it|these|those|them)\b)|\s*$)",
    re.IGNORECASE,
)
#: The one role the user holds somewhere: "the office manager at a dental practice",
#: "the treasurer of our allotment society", "the head chef".
_THE_ROLE_RE: Final = re.compile(
    rf"^the\s+(?:[\w+#./-]+\s+){{0,3}}?(?:{ROLE_NOUNS})\b(?!')"
    r"(?:\s+(?:at|of|for|in|on)\s+(?!(?:this|that|it|these|those|them)\b)[^,;]{2,60}?)?"
    r"(?:\s*,.*)?$",
    re.IGNORECASE,
)
_IMPERATIVE_VERBS: Final = frozenset(
    _wordlist("""
    answer reply respond write use give keep be explain show include add avoid format
    put stop talk speak skip limit make return provide mention ask default stick comment
    name indent document type test follow suggest prefer recommend remember call switch
    """)
)
_STANDING_WORDS_RE: Final = re.compile(
    rf"\b(?:always|never|{_phrasing.STANDING_PHRASES}|"
    r"every time|whenever|at all times|stop|for all|in all|all (?:your|the) |every)\b",
    re.IGNORECASE,
)
# A request mentioning these is about how to answer, so it stands without "always".
_ABOUT_ANSWERS_RE: Final = re.compile(
    r"\b(?:answers?|responses?|repl(?:y|ies)|tone|emojis?|bullet points?|jargon|small talk|"
    r"verbose|concise(?:ly)?|brief(?:ly)?|terse|wordy|simply|simple terms|plain english)\b",
    re.IGNORECASE,
)
_PRONOUNS: Final[tuple[tuple[re.Pattern[str], str], ...]] = tuple(
    (re.compile(p), r)
    for p, r in (
        (r"\bI am\b", "they are"),
        (r"\bI have\b", "they have"),
        (r"\bI\b", "they"),
        (r"\b[Mm]y\b", "their"),
        (r"\b[Oo]ur\b", "their"),
        (r"\b[Mm]yself\b", "themselves"),
        (r"\b[Mm]ine\b", "theirs"),
        (r"\bto me\b", "to them"),
        (r"\b[Mm]e\b", "them"),
    )
)


_ERROR_LINE_RE: Final = re.compile(
    r"\b(?:error|exception|failed|failure|fatal|panic|traceback|denied|refused|not found|"
    r"does not exist|doesn't exist|cannot|can't|undefined|null|timed? ?out|killed)\b",
    re.IGNORECASE,
)


def _with_error_lines(text: str) -> str:
    """``text`` with each fenced block that ends a statement ("keeps failing with:")
    replaced by its error lines (:func:`_error_lines`); a block after a question or a
    full stop is left (for :data:`_FENCE_RE` to remove)."""
    out, pos = [], 0
    for fence in _FENCE_AFTER_RE.finditer(text):
        before = text[: fence.start()].rstrip()
        lead = before.rsplit("\n", 1)[-1]
        if before and before[-1] not in ".?!\n" and _FAILURE_LEAD_RE.search(lead):
            out += [text[pos : fence.start()], _error_lines(fence)]
            pos = fence.end()
    return "".join([*out, text[pos:]])


#: The sentence that hands over a block as what failed ("keeps failing with:"), not a
#: bare label or a plea ("Scheduler log:", "help").
_FAILURE_LEAD_RE: Final = re.compile(
    r"\b(?:fail\w*|error\w*|crash\w*|throw\w*|break\w*|broke\w*|exception|panic\w*|dies|died|"
    r"dying|get|gets|getting|got|gives?|giving|returns?|returning|says|saying|shows?|showing|"
    r"with|hits?|hitting|stuck|blows? up|blew up|refuses?|complains?|rejects?)\b",
    re.IGNORECASE,
)


def _error_lines(fence: re.Match[str]) -> str:
    """A fenced block of a project's chat, as its error lines: the first two that say
    what failed ("Database Error in model fct_invoices", "relation ... does not exist"),
    quoted, after the sentence that introduced them; or nothing."""
    lines = [line.strip(" `") for line in fence.group().splitlines()[1:]]
    errors = [line for line in lines if line and _ERROR_LINE_RE.search(line)][:2]
    if not errors:
        return "\n"
    quoted = ", ".join(re.sub(r"[\"'`]", "", line).strip(" .:")[:120] for line in errors)
    return f" '{quoted}'\n"


#: A fenced block with the line break before it ("failing with:\n```...```").
_FENCE_AFTER_RE: Final = re.compile(
    r"(?::[ \t]*+|(?<![ \t])[ \t]*+)\n?```.*?(?:```|\Z)", re.DOTALL
)  # (a run of blanks is tried from its first one only: linear time)


#: A line of a pasted transcript: "User: I always use Windows XP", "Assistant: ...".
#: Whoever that user was, those are not this user's words. ("SYSTEM: ..." is not one:
#: an injection, read as such, and the user's own note may follow on its line.)
_SPEAKER_LINE_RE: Final = re.compile(
    r"^\s*(?:\[[^\]]{1,40}\]\s*)?(?:user|human|assistant|ai|bot|chatgpt|claude|gpt|"
    r"customer|agent)\s*:\s+\S",
    re.IGNORECASE,
)


def _without_code(lines: list[str]) -> list[str]:
    """``lines`` without those of code: a line of code, and the indented lines and
    comments of its block (up to the first line of prose)."""
    kept: list[str] = []
    after_code = in_block = False  # after a line of code; inside a block it opened
    for line in lines:
        if not line.strip():
            kept.append(line)
        elif _CODE_LINE_RE.search(line):
            after_code, in_block = True, in_block or bool(_BLOCK_OPENS_RE.search(line))
        elif after_code and (_CODE_COMMENT_RE.match(line) or (in_block and line[:1] in " \t")):
            continue
        else:
            after_code = in_block = False
            kept.append(line)
    return kept


#: A line a machine printed, read without its indent: a log's level or time, a
#: traceback's lines, an error's name and message, a compiler's pointer, columns of
#: output ("npm ERR! code ERESOLVE", "2024-05-02T10:11:03Z [error] ...", "ERROR:  duplicate
#: key", "TypeError: Cannot read ...", "** (Ecto.NoResultsError)"); not a sentence of the
#: user's after a level word ("INFO: I'm a nurse", "error: I prefer tabs").
_PRINTED_RE: Final = re.compile(
    r"^(?:Traceback \(most recent call last\)|File \"[^\"]+\", line \d|npm (?:ERR!|WARN)|"
    r"(?-i:ERROR|WARN(?:ING)?|INFO|DEBUG|FATAL|DETAIL|HINT|TRACE)(?::|\]|[ \t]{2})"
    r"(?![ \t]*(?:I|I'm|my|we|our|the project)\b)|\[(?i:error|warn|info|debug)\]|"
    r"Caused by: [\w.$]+|panic: |error(?:\[E\d+\])?: (?!I\b|I'm\b|my\b)|at [\w.$<>]+\(|"
    r"\[?\d{4}-\d\d-\d\d[T ]\d\d:\d\d|[\w.]+(?:Error|Exception)(?::|[ \t]*\(|$)|\*\* \(|"
    r"-/\+ |--> |E[ \t]{2,})"
    r"|\S+[ \t]{2,}\S+[ \t]{2,}\S"  # columns: "Warning  BackOff  3m  kubelet"
    r"|.*?\s[!=]==?\s"  # a comparison of code: "where: u0.id == ^42"
)
#: The first line of a message that is what a machine printed on its own (a log line with
#: its time, a package manager's or a traceback's first line).
_PRINTED_ALONE_RE: Final = re.compile(
    r"^(?:\[?\d{4}-\d\d-\d\d[T ]\d\d:\d\d|npm (?:ERR!|WARN)|Traceback \(most recent)"
)
#: The sentence that hands over what a machine printed, ending its line: "kubectl
#: describe says:", "Getting this:", "terraform plan output:", "here is the traceback:".
_PASTE_INTRO_RE: Final = re.compile(
    r"\b(?:says|said|output|logs?|traceback|stack ?trace|errors?|this|printed|prints|"
    r"shows?|showing|returns?|returned|throws|threw|console|terminal|message|response|"
    r"getting|got|get|giving|gives|gave)\W*:\s*$",
    re.IGNORECASE,
)
_INDENTED_RE: Final = re.compile(r"^(?:[ \t]{2,}|\t)\S")


def _printed_run(lines: list[str], first: int) -> int:
    """Where a run of printed lines that starts at ``first`` ends: printed or indented
    lines, and blank lines before more of them; the first other line ends it (the
    user's prose right after it stays)."""
    end = first
    while end < len(lines):
        line = lines[end]
        if (
            _PRINTED_RE.match(line.strip())
            or _INDENTED_RE.match(line)
            or (
                not line.strip()
                and end + 1 < len(lines)
                and (
                    _PRINTED_RE.match(lines[end + 1].strip()) or _INDENTED_RE.match(lines[end + 1])
                )
            )
        ):
            end += 1
        else:
            break
    return end


def _fence_pasted(text: str) -> str:
    """``text`` with what a machine printed, pasted without a fence, in one: after the
    sentence that hands it over ("kubectl describe says:"; that sentence with it), or at
    the message's start (two such lines or more, or one that stands alone: "npm ERR!",
    a log line with its time). The lines must hold one a machine printed ("TypeError:
    ...", columns of output); indented lines alone are the user's ("My stack is this:\n
    Go\n  Postgres"). Then it is read as any fenced block is."""
    if "```" in text or ("\n" not in text and not _PRINTED_ALONE_RE.match(text)):
        return text  # (fenced already, or one line that is no log line)
    lines = text.split("\n")
    start = first = end = None
    if _PRINTED_RE.match(lines[0]):
        run = _printed_run(lines, 0)
        if run >= 2 or _PRINTED_ALONE_RE.match(lines[0]):
            start, first, end = 0, 0, run
    else:
        for k, line in enumerate(lines[:-1]):
            if _PASTE_INTRO_RE.search(line):
                nxt = k + 1 if lines[k + 1].strip() else k + 2
                run = _printed_run(lines, nxt) if nxt < len(lines) else nxt
                if any(_PRINTED_RE.match(x.strip()) for x in lines[nxt:run]):
                    start, first, end = k, nxt, run
                    break
    if start is None or first is None or end is None:
        return text
    before, intro = lines[:start], ""
    if start != first:  # the sentence that hands it over goes in; the ones before stay
        head = lines[start]
        cut = max(head.rfind(". "), head.rfind("! "), head.rfind("? "))
        before, intro = [*before, head[: cut + 1]], head[cut + 2 :] if cut >= 0 else head
    return "\n".join([*before, "```", intro, *lines[first:end], "```", *lines[end:]])


def _strip_code_and_quotes(text: str, *, keep_quotes: bool = False) -> str:
    """Remove code blocks, code lines, "> " quotes and quoted passages of 3+ words
    (``keep_quotes``: inline code and quoted passages stay, as an error message does in
    a project's context)."""
    text = _fence_pasted(text)
    if keep_quotes:
        text = _with_error_lines(text)
    text = _FENCE_RE.sub("\n", text)
    if keep_quotes:
        text = _INLINE_CODE_RE.sub(lambda m: "'" + m.group(1).replace("'", "") + "'", text)
        return "\n".join(
            line for line in _without_code(text.splitlines()) if not line.lstrip().startswith(">")
        )
    text = _INLINE_CODE_RE.sub(lambda m: m.group(1) if " " not in m.group(1) else " ", text)
    text = _HTML_COMMENT_RE.sub(" ", text)
    if letter := _SALUTATION_RE.search(text):
        text = text[: letter.start()]
    text = without_retracted(text)  # "I'm Dr Klein, chief of cardiology. jk I'm a student"
    if game := _MAKE_BELIEVE_RE.search(text):  # (to an aside of the real world, if any)
        real = _REAL_WORLD_RE.search(text, game.end())
        aside = text[real.start() :] if real else ""
        text = text[: game.start()] + " " + _REAL_WORLD_WORD_RE.sub(r"\1", aside)
    text = _REAL_ASIDE_RE.sub("(", _FICTION_SENTENCE_RE.sub(" ", text))  # "(irl I use React)"
    parts = re.split(r"\n[ \t]*\n", text, maxsplit=1)
    if len(parts) == 2 and _PASTE_LEAD_RE.search(parts[0]):
        text = parts[0]  # (what follows the blank line is the pasted material)
    lines = [
        line
        for line in _without_code(text.splitlines())
        if not line.lstrip().startswith(">")
        and not _SPEAKER_LINE_RE.match(line)  # a pasted transcript's "User: ..." line
    ]
    text = "\n".join(lines)
    return _QUOTE_RE.sub(
        lambda m: (
            (m.group(1) or m.group(2) or "")
            if len((m.group(1) or m.group(2) or "").split()) < 3
            else " "
        ),
        text,
    )


#: A retraction: "jk", "just kidding" (not "JK Rowling", "jk-flip-flops", "jk means ...",
#: "just kidding around", "jk is my escape mapping").
_TAKEN_BACK_RE: Final = re.compile(
    r"(?<![\w/-])(?:\.\.\.\s*|\u2026\s*)?(?:(?P<jk>jk|j/k)|just\s+kidding|only\s+kidding|"
    r"(?<=\.\.\.)kidding|(?<=\.\.\.\s)kidding|(?<=\u2026)kidding|(?<=\u2026\s)kidding)\b"
    r"(?!\s*(?:-|\?|=|(?:is|are|as|for|to|and|means|around|myself|yourself|about|mapping|key|"
    r"keys)\b))[\s,.!:;-]*",
    re.IGNORECASE,
)
_FILLER_RE: Final = re.compile(r"(?:\W|lol|lmao|haha\w*|ok|okay|oh|and|but)*", re.IGNORECASE)


def without_retracted(text: str) -> str:
    """``text`` without what a retraction takes back: the sentence before a "jk" that
    starts one ("I'm the queen of England. jk, I'm a nurse"), or the sentence it ends ("I'm
    a vegan lol jk"); what else was said stands."""
    if not _TAKEN_BACK_RE.search(text):
        return text
    text = _TITLE_DOT_RE.sub(r"\1", text)  # ("I am Dr. Klein": no sentence ends at "Dr.")
    for _ in range(4):  # (a few retractions at most are read)
        found = next((m for m in _TAKEN_BACK_RE.finditer(text) if _retracts(text, m)), None)
        if found is None:
            return text
        head = text[: found.start()]
        sentence = max(head.rfind(c) for c in ".!?\n") + 1  # where the jk's sentence starts
        if _FILLER_RE.fullmatch(head[sentence:]) and sentence:  # "jk" starts its sentence:
            before = head[:sentence].rstrip(".!?\n \t")  # the sentence before is taken back
            sentence = max(before.rfind(c) for c in ".!?\n") + 1
        text = text[:sentence] + " " + text[found.end() :]
    return text


def _retracts(text: str, found: re.Match[str]) -> bool:
    """``found`` is a retraction, not the name "JK Rowling" or "JK Simmons"."""
    said = found["jk"]
    return not (said and said.isupper() and re.match(r"\s+(?-i:[A-Z])", text[found.end("jk") :]))


#: A title said after "I'm" or before a name the user gives: "I'm Dr. Okafor" (the sentence
#: does not end there; "Went to the Dr. I have asthma" does).
_TITLE_DOT_RE: Final = re.compile(
    r"\b((?:I'm|I\s+am|am|called|named|name's|name\s+is|me|as)\s+(?:Dr|Prof))\."
    r"(?=\s+(?!(?:I|I'm|It|It's|She|He|We|My|The|This|That|Now)\b)(?-i:[A-Z]))",
    re.IGNORECASE,
)


def _sentences(text: str) -> Iterable[tuple[str, bool]]:
    """``(sentence, is_question)`` pairs, of the first
    :data:`~amplify_memory.limits.MAX_SENTENCES` sentences."""
    text = _TITLE_DOT_RE.sub(r"\1", text)  # "I'm Dr. Okafor": no sentence ends at a title
    for match in itertools.islice(_SENTENCE_RE.finditer(text), MAX_SENTENCES):
        sentence = match.group().strip()
        if sentence:
            yield _unwrapped(sentence.rstrip(".!\n").strip()), sentence.endswith("?")


def _unwrapped(sentence: str) -> str:
    """A sentence said in brackets as an aside, without them: "(I teach chemistry)"."""
    if sentence.startswith("(") and ")" not in sentence[:-1]:
        return sentence[1:].removesuffix(")").strip()
    return sentence


#: A consequence told after a statement of the user's own: "I'm in Auckland (so feet and
#: fahrenheit mean nothing to me)": the statement stands alone, the consequence is left
#: out as a reason is (not "I love it so much", "refactor it so the logic lives in one
#: place").
_SO_RE: Final = re.compile(
    r"(?<=[a-z)])(?<!\bit)(?<!\bis)(?<!\bam)(?<!'m)(?<!'s)(?<!'re)(?<!\bare)(?<!\bwas)"
    r"(?<!\band)(?<!\bor)(?<!\bnot)(?<!\bjust)(?<!\bdo)(?<!\blike)(?<!\bfeel)(?<!\bget)"
    r"\s+so\s+(?!(?:much|many|far|long|well|that|often|few|little|hard|fast|slow|on|forth|what|"
    r"called|to|bad|good|sure|glad|happy|tired|easy|busy|excited|grateful|sorry|cool|nice|"
    r"great|badly|quickly|far|very|really|i'm)\b)(?=\w+\s+\w+)",
    re.IGNORECASE,
)


def _clauses(sentence: str) -> list[str]:
    """Cut a sentence into clauses (each with its own subject), without reason clauses;
    an opinion turned (:func:`_turned`) is one."""
    if _turned(sentence):
        return [sentence]
    return [
        piece
        for part in _split_clauses(sentence)
        for piece in (
            _own_pieces(_SO_RE.split(part, maxsplit=1))
            if _OWN_SUBJECT_RE.match(_CHAT_LEAD_RE.sub("", part.strip()))
            else [part]
        )
        if piece.strip()
    ]


#: A chat word before what the user says: "mate I'm in Brisbane", "heads up I'm ...".
_CHAT_LEAD_RE: Final = re.compile(
    r"^(?:(?:mate|heads\s+up|fyi|btw|ok(?:ay)?|well|hey|hi|good\s+news|bad\s+news|update|"
    r"quick\s+note|lol|haha|yeah|yep|oh|so)[,:!.]?\s+)+",
    re.IGNORECASE,
)


def _own_pieces(pieces: list[str]) -> list[str]:
    """The first piece, and those after it that the user says of themselves or asks of
    the assistant ("... so no nuts in any recipe plz")."""
    return (
        pieces[:1]
        + [
            p if _OWN_SUBJECT_RE.match(p.strip()) else f"so {p}"  # ("so": a request, see _goes_on)
            for p in pieces[1:]
            if _OWN_SUBJECT_RE.match(p.strip()) or _REQUEST_RE.match(p)
        ]
    )


_POLITE: Final = r"please|pls|plz|plez"
_POLITE_WORD_RE: Final = re.compile(rf"\b(?:{_POLITE})\b", re.IGNORECASE)
#: A request to the assistant after "so": a polite word, "from now on", an imperative, "no
#: X in recipes" (not one about "that": "so go with that from now on").
_REQUEST_RE: Final = re.compile(
    r"^(?!.*\b(?:with|to|do|use)\s+(?:that|this|it)\b)(?:"
    rf".*\b(?:{_POLITE}|from\s+now\s+on)\b"
    r"|\s*(?:(?:always|never)\s+)?(?:give|suggest|include|add|write|answer|reply|show|"
    r"recommend|put|mention|explain|keep)\s+\w"
    r"|\s*no\s+[\w -]{1,30}\b(?:in|for)\s+(?:any\s+|my\s+|the\s+|our\s+)?"
    r"(?:recipes?|answers?|replies|meals?|meal\s+plans?)\b)",
    re.IGNORECASE,
)


#: Since when, before a comma or a place: "working as an electrician since 2015, live in
#: Gdansk" (a time, which the clauses leave out; not a reason that ends the sentence).
_SINCE_WHEN_RE: Final = re.compile(
    r"(?:,(?=\s)|(?<![\s,]))\s+since\s+(?:\d{4}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*(?:\s+\d{4})?|"
    r"last\s+(?:year|month|week|summer|winter|spring|autumn|fall))(?=\s*(?:,|$|\s+(?:in|at)\s))",
    re.IGNORECASE,
)


def _since_when(m: re.Match[str]) -> str:
    return m.group() if re.search(r"\bbeen\b", m.string[: m.start()], re.IGNORECASE) else ""


def _split_clauses(sentence: str) -> list[str]:
    """:func:`_clauses` at its commas, semicolons and joins, without reason clauses."""
    sentence = _SINCE_WHEN_RE.sub(_since_when, sentence)  # ("since 2015" is no reason)
    parts: list[str] = []
    reason = re.compile(r",?\s+(?:because|since|as it|so that|which)\s+", re.IGNORECASE)
    pos = 0
    for match in _CLAUSE_SPLIT_RE.finditer(sentence):
        parts.append(sentence[pos : match.start()])
        if reason.fullmatch(match.group()):
            return [p for p in parts if p.strip()]  # the rest is the reason: dropped
        pos = match.end()
    parts.append(sentence[pos:])
    return [r for p in parts if p.strip() for q in _feeling_then_use(p) for r in _two_requests(q)]


#: Two standing requests in one: "Always give me quantities in grams, and skip the intro"
#: (not under a scope said first: "Whenever you ..., use X, and add Y": both are its).
_TWO_REQUESTS_RE: Final = re.compile(
    r"^((?:always|never|please|pls|from\s+now\s+on)\b.+?),\s*and\s+((?:skip|avoid|keep|give|add|"
    r"include|use|write|explain|show|put|stop|drop|cut|leave|mention|flag)\s.+)$",
    re.IGNORECASE,
)


def _two_requests(part: str) -> list[str]:
    """The two requests, the second with the first's standing words ("Please always use
    British spelling, and avoid jargon": "please always avoid jargon"); one when they
    are a project's ("... in this repo, and ...")."""
    found = _TWO_REQUESTS_RE.match(part.strip())
    if found is None or _PROJECT_SCOPE_RE.search(part):
        return [part]
    lead = re.match(r"(?:(?:please|pls|always|never|from\s+now\s+on)\b[\s,]*)+", found[1], re.I)
    words = lead.group().replace("never", "always") if lead else ""
    return [found[1], f"{words}{found[2]}"]


_PROJECT_SCOPE_RE: Final = re.compile(
    r"\b(?:this|the|our)\s+(?:repo|repository|project|codebase|app|service)\b|\bhere\b", re.I
)


#: A liking, then what the user uses, "I" left out: "hate windows, use homebrew for
#: everything" (two clauses; not "love it, use it daily").
_FEELING_THEN_USE_RE: Final = re.compile(
    r"^((?:I\s+)?(?:hate|love|dislike|like|prefer|can't\s+stand)\s+(?!it\b|this\b|that\b|them\b)"
    r"[\w.+#-]+(?:\s+[\w.+#-]+)?),\s*(use\s+(?!it\b|this\b|that\b|them\b).+)$",
    re.IGNORECASE,
)


def _feeling_then_use(part: str) -> list[str]:
    found = _FEELING_THEN_USE_RE.match(part.strip())
    return [found[1], f"I {found[2]}"] if found else [part]


def _strip_filler(clause: str) -> str:
    """Remove leading discourse markers and trailing "please", "btw", ..."""
    previous = None
    while previous != clause:
        previous = clause
        clause = _LEADING_FILLER_RE.sub("", clause.strip(" ,;:-!")).strip()
    # (read on the last characters only: the pattern tries every start, and a long run of
    # ", , , " before a word that is no filler would cost the square of its length)
    cut = max(0, len(clause) - _FILLER_TAIL)
    return (clause[:cut] + _TRAILING_FILLER_RE.sub("", clause[cut:])).strip(" ,;:-")


_FILLER_TAIL: Final = 160


_RELATIVE_MAYBE_RE: Final = re.compile(
    r"\b(?:in\s+|for\s+)?(?:anything|everything|whatever|something|any\s+\w+|all\s+\w+)\s+"
    r"(?:that\s+)?(?:I|we|you)\s+(?:might|may|could|would)\s+[^,.;]*",
    re.IGNORECASE,
)


#: Why the user mentions something, not a condition on it: "(if) timezones matter",
#: "(in case) it helps".
_ASIDE_CONDITION: Final = (
    r"(?:that|it|this|time ?zones?|the time ?zone|location|context)\s+"
    r"(?:matters?|helps?|is relevant|is useful|makes a difference)"
)


#: What the assistant's answers "should" be is a standing wish, not a condition.
_WOULD_ANY_DAY_RE: Final = re.compile(
    r"\bwould(?=\s+(?:\w+ly\s+)?(?:pick|choose|take|go\s+with|use)\b.*\b" + _ANY_DAY + r"\W*$)",
    re.IGNORECASE,
)
_ANSWERS_SHOULD_RE: Final = re.compile(
    r"^(?:my|your|the|all|all\s+(?:the|your|my))\s+(?:answers|replies|responses|explanations|"
    r"code\s+examples|examples|snippets)\s+should\b",
    re.IGNORECASE,
)


#: "May" the month: after a preposition or "last/this/next", before or after a day.
_MONTH_MAY_RE: Final = re.compile(
    r"\b(?:in|since|until|till|from|by|of|early|mid|late|last|this|next)[ \t]+may\b"
    r"(?![ \t]+(?:be|have|not|well|also|just|need|seem|look|sound|work|help|take|get|want|"
    r"come|go|cause|break|fail|change|or)\b)"
    r"|\bmay[ \t]+\d{1,2}(?:st|nd|rd|th)?\b(?![ \t]+(?:be|have|not)\b)"
    r"|\b\d{1,2}(?:st|nd|rd|th)?[ \t]+may\b",
    re.IGNORECASE,
)


#: A diet said with a shrug after it: "so pescatarian I guess".
_DIET_HEDGE_RE: Final = re.compile(
    r"(?:(?<=vegan)|(?<=arian)|(?<=veggie))\s+I\s+(?:guess|suppose)\W*$", re.IGNORECASE
)


#: How long something has held, counted to a day ahead: "6 months next week" (no plan).
_ANNIVERSARY_RE: Final = re.compile(
    r"\b(?:\d+|a|one|two|three|six)\s+(?:days?|weeks?|months?|years?)\s+(?:next|this)\s+"
    r"(?:week|month|year|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b",
    re.IGNORECASE,
)


_BODY_GOAL_RE: Final = re.compile(rf"\btrying\s+to\s+(?:{_phrasing.BODY_GOALS})\b", re.I)


def _is_hypothetical(clause: str) -> bool:
    """True for clauses that are conditional, uncertain, planned or reported ("if/else"
    and "try/catch" are code, not conditions)."""
    clause = re.sub(r"\b(?:if|try)[-/](?:else|catch|except)\b", "code", clause, flags=re.I)
    clause = re.sub(  # "... if I need it", "where possible": a standing wish, not a condition
        r",?\s+(?:if|when|where|unless)\s+(?:I need it|I ask(?: for it)?|needed|necessary|possible|"
        r"relevant|applicable|there is one|there's one|asked|I want more|it helps|it makes sense|"
        r"I (?:say|tell you|specify|ask) otherwise|I say so|stated otherwise|otherwise noted|"
        r"you can|that's (?:ok|okay|fine|alright)|you don't mind|" + _ASIDE_CONDITION + r")"
        r"(?:\s+(?:to|for).*)?$",
        "",
        clause,
        flags=re.I,
    )
    clause = _RELATIVE_MAYBE_RE.sub("", clause)  # "... in anything I might show in class"
    clause = _ANSWERS_SHOULD_RE.sub("", clause)  # "my answers should be in German": a wish
    clause = _WOULD_ANY_DAY_RE.sub("", clause)  # "I'd pick Postgres any day": a preference
    clause = _MONTH_MAY_RE.sub("", clause)  # "got married in May": the month, no maybe
    clause = _DIET_HEDGE_RE.sub("", clause)  # "pescatarian I guess": said, hedged
    clause = _ANNIVERSARY_RE.sub("", clause)  # "sober, 6 months next week": no plan
    clause = _BODY_GOAL_RE.sub("", clause)  # "trying to bulk": a goal the user has
    words = set(_words(clause))
    return (
        bool(words & _HYPOTHETICAL or words & _REPORTED or _HYPOTHETICAL_PHRASES_RE.search(clause))
        or "according to" in clause.lower()
    )


def _third_person(verb: str) -> str:
    """Present-tense third-person singular of a base-form verb."""
    lower = verb.lower()
    irregular = {"be": "is", "am": "is", "have": "has", "do": "does", "go": "goes"}
    if lower in irregular:
        return irregular[lower]
    if re.search(r"(?:s|sh|ch|x|z|o)$", lower):
        return verb + "es"
    if re.search(r"[^aeiou]y$", lower):
        return verb[:-1] + "ies"
    return verb + "s"


#: Past forms that keep their form after "User" (a verb in -ed does too).
_IRREGULAR_PAST: Final = frozenset(
    _wordlist(
        "was were did had sold bought made went took got left built wrote ran gave came found "
        "kept lost paid sent spent told won began broke chose drove forgot knew met saw taught "
        "thought threw "
        "understood became brought caught drew fought grew held hung led rode rang rose sang "
        "sat slept spoke stood stole swam swore tore woke wore"
    )
)


#: Verbs that end like an adverb ("I apply", "I rely on").
_LY_VERBS: Final = frozenset(
    _wordlist("apply reply rely supply fly ally bully tally comply multiply imply belly")
)


def _ly_adverb(word: str) -> bool:
    """An adverb by its ending ("accidentally", "occasionally"), not a verb ("apply")."""
    return len(word) >= 6 and word.endswith("ly") and word not in _LY_VERBS


def _to_third_person(rest: str) -> str:
    """Rewrite what follows "I" as what follows "User"."""
    tokens = rest.split()
    out: list[str] = []
    i = 0
    while i < len(tokens):
        word = tokens[i].lower()
        if word in _ADVERBS_DROPPED:
            i += 1
            continue
        if word == "no" and i + 1 < len(tokens) and tokens[i + 1].lower() == "longer":
            out += tokens[i : i + 2]
            i += 2
            continue
        if word in _ADVERBS_KEPT or _ly_adverb(word):
            out.append(tokens[i])
            i += 1
            continue
        break
    if i < len(tokens):
        verb = tokens[i].rstrip(",;:")  # ("I freelance, mostly React")
        tail_mark = tokens[i][len(verb) :]
        verb = verb.lower() if verb.isupper() and len(verb) > 1 else verb  # ("HATE")
        lower = verb.lower()
        if lower == "do" and i + 1 < len(tokens) and tokens[i + 1].lower() == "not":
            out.append("does")
        elif lower in {"would", "will", "can", "cannot", "could", "must", "may", "might"}:
            out.append(lower)
        elif lower == "tend":
            out.append("tends")
        elif (
            lower in _IRREGULAR_PAST
            or (lower.endswith("ed") and len(lower) > 4)
            or (
                lower.endswith("'d")  # ("cat'd")
            )
        ):
            out.append(verb)  # "I sold the Canon": "User sold", not "User solds"
        else:
            out.append(_third_person(verb))
        out[-1] += tail_mark
        i += 1
    tail = " ".join(tokens[i:])
    for pattern, replacement in _PRONOUNS:
        tail = pattern.sub(replacement, tail)
    tail = re.sub(r"\byou\b", "the assistant", tail)
    tail = _phrasing.third_person_after(re.sub(r"\byour\b", "the assistant's", tail))
    return _tidy(" ".join(["User", *out, tail]))


def _imperative_content(request: str) -> str:
    """Rewrite a standing request ("always answer in German") as a fact about the user."""
    request = _STANDING_PHRASE_RE.sub(" ", request).strip(" ,")
    request = _phrasing.without_reason(re.sub(r"^please\s+", "", request, flags=re.IGNORECASE))
    request = _phrasing.said_of_the_user(request)
    lower = request.lower()
    if lower.startswith(("do not ", "don't ")):
        body = request.split(None, 2)[2] if lower.startswith("do not ") else request[6:]
        return _tidy(f"User does not want the assistant to {body}")
    return _tidy(f"User wants the assistant to {request[:1].lower()}{request[1:]}")


#: After "always" / "never", words that make a statement, not a request.
_NOT_IMPERATIVE: Final = frozenset(
    [
        "has",
        "had",
        "was",
        "were",
        "is",
        "are",
        "did",
        "does",
        "will",
        "would",
        "gets",
        "got",
        "works",
        "worked",
    ]
)


#: How to talk to the user, asked for the user: a standing wish ("can you be more casual
#: with me?", "switch to metric for me").
_STYLE_FOR_ME_RE: Final = re.compile(
    r"^(?:please\s+)?(?:be|talk|speak|answer|reply|respond|switch|keep\s+(?:it|answers|things))\b"
    r".*\b(?:casual|informal|formal|friendly|blunt|direct|concise|brief|shorter|simpler|"
    r"plainer|metric|imperial|celsius|fahrenheit)\b.*\b(?:with|for|to)\s+me\b",
    re.IGNORECASE,
)


def _request_facts(clause: str, *, polite: bool) -> list[ExtractedFact]:
    """Facts from a request to the assistant, if it is a standing one."""
    body = re.sub(r"^please\s+", "", _STANDING_PHRASE_RE.sub(" ", clause).strip(" ,"), flags=re.I)
    body = re.sub(r"^just\s+(?=call\s+me\b)", "", body, flags=re.I)  # "just call me Tash"
    first = _words(body)[:2]
    if not first:
        return []
    head = (
        first[1]
        if first[0] in {"always", "never", "do", "don't"} and len(first) > 1
        else (first[0])
    )
    if first[:2] == ["do", "not"]:
        head = _words(body)[2] if len(_words(body)) > 2 else ""
    if head not in _IMPERATIVE_VERBS and first[0] not in {"always", "never"}:
        return []
    if head in _NOT_IMPERATIVE or _words(body)[2:3] == ["been"]:
        return []  # "always has been", "never was", "always have been": a remark
    if head == "call":
        match = re.match(
            r"(?i:call me) (?!(?:Boss|Mum|Mom|Dad|Sir|Madam|Maybe|Back|Anytime|Crazy|Lazy)\b)"
            r"(?P<name>[A-Z][\w'-]*)$",
            body,
        )  # a name, capitalised ("call me Tash"; not "call me lazy", "call me back")
        if match:
            return [ExtractedFact(f"User prefers to be called {match['name']}", "personal")]
        return []
    standing = bool(_STANDING_WORDS_RE.search(clause)) or bool(
        _STYLE_FOR_ME_RE.search(clause) and not re.search(r"\b(?:this|that|it)\b", clause, re.I)
    )
    if not (standing or (_ABOUT_ANSWERS_RE.search(clause) and not polite)):
        return []
    if _phrasing.WORK_NOW_RE.match(body) and not _STANDING_WORDS_RE.search(clause):
        return []  # a piece of work asked for now: "summarise the last few messages"
    content = _imperative_content(clause)
    return [ExtractedFact(content, _category(clause, "preference"))]


def _tech_facts(clause: str) -> list[ExtractedFact]:
    """ "User uses X" facts for each technology, with the clause's polarity."""
    lower = clause.lower()
    facts: list[ExtractedFact] = []
    no_longer = bool(re.search(r"\b(?:no longer|anymore|stopped|quit|gave up)\b", lower))
    negated = bool(re.search(r"\b(?:do not|never|cannot|not)\b", lower))
    switched = re.search(
        r"\b(?:switch|mov|migrat|port|convert|chang)(?:ed|ing)\s+(?:\w+\s+){0,4}?"
        r"(?:from|off|away from)\s+(.+?)\s+(?:to|onto|over to)\s+(.+)$",
        clause,
        re.I,
    )
    replaced = re.search(r"\b(?:replaced|swapped)\s+(.+?)\s+(?:with|for)\s+(.+)$", clause, re.I)
    if replaced and not switched:
        switched = replaced
    to_from = re.search(  # "switched to Arch from Ubuntu": the new one first
        r"\b(?:switch|mov|migrat|port|convert)(?:ed|ing)\s+(?:\w+\s+){0,2}?(?:to|onto)\s+"
        r"(.+?)\s+from\s+(.+)$",
        clause,
        re.I,
    )
    if switched:
        old, new = switched.group(1), switched.group(2)
    elif to_from:
        new, old = to_from.group(1), to_from.group(2)
    if switched or to_from:
        facts += [
            ExtractedFact(f"User uses {_phrasing.with_version(new, t)}", "tech_stack")
            for t in _phrasing.tech_names(new)
        ]
        facts += [  # (the other side of a switch to a technology is one too: "from Jest")
            ExtractedFact(f"User no longer uses {t}", "tech_stack")
            for t in (_phrasing.tech_names(old) if facts else find_technologies(old))
        ]
        return facts
    split = re.search(r",\s*not\s+|\s+(?:instead of|rather than|over)\s+", clause, re.IGNORECASE)
    main, other = (clause[: split.start()], clause[split.end() :]) if split else (clause, "")
    purpose = _purpose_fact(main) if not (no_longer or negated or other) else None
    if purpose is not None:  # "I use Notepad++ for all my PowerShell scripts": one fact
        return [purpose]
    for tech in _phrasing.head_technologies(main):
        if no_longer:
            facts.append(ExtractedFact(f"User no longer uses {tech}", "tech_stack"))
        elif negated and not split:
            facts.append(ExtractedFact(f"User does not use {tech}", "tech_stack"))
        else:
            named = _phrasing.with_version(main, tech)
            facts.append(ExtractedFact(f"User uses {named}", "tech_stack"))
    facts += [
        ExtractedFact(f"User does not use {t}", "tech_stack") for t in _phrasing.tech_names(other)
    ]
    return facts


#: "... X for (all) my Y scripts": the use one technology is put to, named by another.
_FOR_MY_RE: Final = re.compile(
    r"\s+for\s+(?:all\s+|most\s+)?(?:of\s+)?(?:my|our)\s+(?P<what>[\w.+#/ -]{2,40})$",
    re.IGNORECASE,
)


def _purpose_fact(main: str) -> ExtractedFact | None:
    """One fact for a use of one technology for the user's work with another ("I use
    Notepad++ for all my PowerShell scripts"), or None."""
    names = _phrasing.head_technologies(main)
    purpose = _FOR_MY_RE.search(main)
    if len(names) != 2 or purpose is None:
        return None
    first = main[: purpose.start()]
    if names[0] not in _phrasing.tech_names(first) or names[1] in _phrasing.tech_names(first):
        return None
    named = _phrasing.with_version(first, names[0])
    owner = "their" if re.search(r"\bmy\b", purpose.group(), re.I) else "the team's"
    what = _phrasing.polish(purpose["what"].strip())
    for alias in _phrasing.tech_mentions(what):
        what = what[: alias.start] + alias.name + what[alias.end :]
        break
    return ExtractedFact(f"User uses {named} for {owner} {what}", "tech_stack")


_SUBJECT_RE: Final = re.compile(
    r"^(?:(?P<lead>(?:for|in|on|at|with|during|outside|these days|nowadays|lately|"
    r"most of the time|since|as of|starting|from now on|from today)\b[^,]*?),?\s+)?"
    r"(?P<subject>I|we)\s+(?P<rest>.+)$",
    re.IGNORECASE,
)
#: "I write all my android stuff in kotlin": the tool is the one after "in", what is
#: made with it the user's own thing named before ("User uses Kotlin for their Android
#: stuff"; the first technology named is not the tool).
_WRITTEN_IN_RE: Final = re.compile(
    r"^I\s+(?:write|build|code|do|make|develop|program|script)\s+(?:all|most|every)?\s*"
    r"(?:of\s+)?my\s+(?P<what>[\w .+#-]{2,40}?)\s+in\s+(?P<tech>[\w.+#-]+(?:\s+[\w.+#-]+)?)"
    r"(?:\s+(?:anyway|now|these\s+days|nowadays|mostly|only))?\s*$",
    re.IGNORECASE,
)
_MY_RE: Final = re.compile(
    r"^my\s+(?P<what>name|timezone|time zone|pronouns|(?:favou?rite|preferred|main|"
    r"primary|go-to|default)\s+[\w .+#-]+?|(?:tech\s+)?stack|app|project|backend|frontend|"
    r"api|site|codebase|repo|service)\s+(?P<verb>is|are|uses|runs on|is built with|"
    r"is written in)\s+(?P<value>.+)$",
    re.IGNORECASE,
)
_OUR_RE: Final = re.compile(
    r"^our\s+(?:tech\s+)?(?:stack|app|project|backend|frontend|api|site|codebase|repo|"
    r"service)\s+(?:is|are|uses|runs on|is built with|is written in)\s+(?P<value>.+)$",
    re.IGNORECASE,
)


def _statement_facts(clause: str) -> list[ExtractedFact]:
    """Facts from one first-person statement clause."""
    written = _WRITTEN_IN_RE.match(clause)
    if written and (names := _phrasing.tech_names(written["tech"])):
        what = _phrasing.polish(written["what"], capital=False)
        return [ExtractedFact(f"User uses {names[0]} for their {what}", "tech_stack")]
    my = _MY_RE.match(clause)
    if my:
        return _my_facts(clause, my)
    our = _OUR_RE.match(clause)
    if our:
        return _tech_facts(our["value"])
    match = _SUBJECT_RE.match(clause)
    if not match:
        return []
    subject, rest, lead = match["subject"], match["rest"], match["lead"]
    words = _words(rest)
    if not words:
        return []
    core = [w for w in words if w not in _ADVERBS_DROPPED]
    found = _main_verb(core)
    if found is None:
        return []
    idx, verb, after = found
    if verb in _PAST:
        return []
    if subject.lower() == "we":
        if (
            verb in _USAGE_VERBS
            or verb in _SWITCH_VERBS
            or (verb == "are" and after[:1] and after[0].endswith("ing"))
        ):
            return _tech_facts(clause)
        return []
    habit = bool(set(core[: idx + 1]) & _HABIT_ADVERBS) or verb == "tend"
    content = _to_third_person(rest)
    if lead:
        content = f"{content} {lead[:1].lower()}{lead[1:]}"
    content = _tidy(content)
    return _verb_facts(verb, after, clause=clause, rest=rest, content=content, habit=habit)


def _name_fact(name: str) -> ExtractedFact:
    """ "I am X": the user's name, unless X is a nationality ("I'm Brazilian") or a state
    ("Married, no kids")."""
    if _DEMONYM_RE.fullmatch(name):
        return ExtractedFact(f"User is {name}", "personal")
    if name.lower() in STATE_WORDS:
        return ExtractedFact(f"User is {name.lower()}", "personal")
    return ExtractedFact(f"User's name is {name}", "personal")


def _my_facts(clause: str, my: re.Match[str]) -> list[ExtractedFact]:
    """Facts from "my X is Y": a name, a time zone or pronouns, a favourite, or a
    technology."""
    what = my["what"].lower()
    if what in {"name"}:
        name = re.match(r"[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)?", my["value"])
        return [ExtractedFact(f"User's name is {name.group()}", "personal")] if name else []
    if what in {"timezone", "time zone", "pronouns"}:
        return [ExtractedFact(_tidy(f"User's {clause[3:]}"), "personal")]
    if what.startswith(
        ("favourite", "favorite", "preferred", "main", "primary", "go-to", "default")
    ):
        if what.startswith(("favourite", "favorite")) and favourite_value(my["value"]) is None:
            return []  # "my favourite restaurant is closed today": news, no favourite
        content = _tidy("User's " + clause[3:])
        return [ExtractedFact(content, _category(clause, "preference"))]
    return _tech_facts(my["value"])


def _main_verb(core: list[str]) -> tuple[int, str, list[str]] | None:
    """The statement's verb in its words (adverbs skipped, "do not X" read as X): the
    index of the first verb word, the verb and the words after it; None when there is
    no verb."""
    idx = 0
    while idx < len(core) and (
        core[idx] in _ADVERBS_KEPT or core[idx] == "longer" or _ly_adverb(core[idx])
    ):
        idx += 1
    if idx >= len(core):
        return None
    verb = core[idx]
    after = core[idx + 1 :]
    negated = verb in {"do", "does", "cannot", "will"} and after[:1] == ["not"]
    if negated or verb == "cannot":
        verb_index = idx + 2 if after[:1] == ["not"] else idx + 1
        verb = core[verb_index] if verb_index < len(core) else ""
        after = core[verb_index + 1 :]
    return idx, verb, after


def _verb_facts(
    verb: str, after: list[str], *, clause: str, rest: str, content: str, habit: bool
) -> list[ExtractedFact]:
    """Facts by the statement's verb; ``content`` is the statement in the third person."""
    if verb == "am":
        return _am_facts(rest, clause, content)
    if verb in {"come", "came"}:  # "I come from a Java background"
        background = _background_fact(rest)
        if background is not None:
            return [background]
    if (life := _life_verb_facts(verb, rest, after, content)) is not None:
        return life  # "I got a used Model 3", "I don't have a car", "I run marathons"
    if verb == "have":
        if re.search(r"\byears? of experience\b", rest, re.IGNORECASE):
            return [ExtractedFact(content, "personal")]
        if after[:1] == ["been"] and len(after) > 1 and after[1].endswith("ing"):
            return _usage_facts(clause, content)
        return _owned_product(rest)
    if verb == "would":
        if after[:1] and after[0] in {"rather", "prefer", "like", "love"}:
            return [ExtractedFact(content, _category(clause, "preference"))]
        return _pick_any_day(rest)
    if verb in {"stopped", "quit", "switched", "moved", "migrated"}:
        return _tech_facts(clause)
    if verb == "need":
        if _category(clause, "") == "communication":
            return [ExtractedFact(content, "communication")]
        return []
    if verb in _PREFERENCE_VERBS:
        return [ExtractedFact(content, _category(clause, "preference"))]
    if verb in {"work", "code"} and not _phrasing.tech_names(clause):
        return [ExtractedFact(content, "personal")]  # "I work nights", "I work remotely"
    if verb in _TEACHING_VERBS and after and not _is_hypothetical(clause):
        return [ExtractedFact(content, "personal")]  # "I teach physics", "I teach Python"
    if (
        verb in _RUNNING_VERBS
        and _VENTURE_RE.match(" ".join(after))
        and not _phrasing.tech_names(clause)
        and len(after) >= 2
    ):  # what the user does for a living: "I run a small shop"
        return [ExtractedFact(content, "personal")]
    if verb in _USAGE_VERBS and not (
        verb == "work" and re.search(r"\bwork\w*\s+(?:at|for|as)\b", rest, re.IGNORECASE)
    ):
        return _usage_facts(clause, content)
    if verb == "work":
        return [ExtractedFact(content, "personal")]
    if verb == "live":
        if re.match(r"^in\b", " ".join(after), re.I) and _phrasing.tech_names(clause):
            # "I live in Notion and Linear": the tools of every day, not a place
            return [
                ExtractedFact(f"User uses {name} all the time", "tech_stack")
                for name in _phrasing.tech_names(clause)
            ]
        return [ExtractedFact(_place_named(content), "personal")]
    if habit or _category(clause, "") in {"coding_style", "workflow"}:
        category = _category(clause, "")
        if category:
            return [ExtractedFact(content, category)]
    return _plain_statement(verb, after, clause, content)


#: A thing of a household or a life one says one has not: "I don't have a car", "I have
#: no kids" (not "I don't have time", "I have no idea").
_LACKABLE: Final = (
    r"car|bike|tv|television|smartphone|garden|dishwasher|microwave|oven|printer|"
    r"(?:driver's|driving)\s+licen[cs]e|degree|mortgage|kids|children|pets?|dog|cat|siblings|"
    r"partner|house|flat|apartment|allotment|boat|motorbike|motorcycle|van|horse|" + PET_NOUNS
)
_LACKED_RE: Final = re.compile(
    r"^(?:do\s+not\s+|don't\s+|never\s+)(?:have|own)\s+(?:(?P<a>an?)\s+|any\s+)?"
    rf"(?P<x>{_LACKABLE})\W*$|^have\s+no\s+(?P<x2>{_LACKABLE})\W*$"
    # a thing had no longer: "I no longer have a car", "we don't have the dog anymore"
    r"|^(?:no\s+longer\s+|(?P<not>do\s+not\s+|don't\s+))(?:have|own)\s+(?:an?|the|my|our)\s+"
    rf"(?P<x3>{_LACKABLE})(?:\s+(?P<anymore>anymore|any\s+more|now))?\W*$",
    re.IGNORECASE,
)
_OWNED_THINGS: Final = frozenset(
    _wordlist("car bike tv television smartphone dishwasher microwave oven printer")
)
#: Races run for sport: "I run marathons", "I do triathlons", "I run ultras".
_RACES_RE: Final = re.compile(
    r"^(?:(?:half|full|trail|road|ultra)\s+)?(?:marathons|ultramarathons|ultras|triathlons|"
    r"ironmans|duathlons|half\s+ironmans|10ks|5ks|fell\s+races|parkruns)\b",
    re.IGNORECASE,
)
_COMMUTE_VERBS: Final = frozenset({"drive", "cycle", "bike", "walk", "commute", "ride"})


def _life_verb_facts(
    verb: str, rest: str, after: list[str], content: str
) -> list[ExtractedFact] | None:
    """What a verb of everyday life says: a thing of a life one has not ("I don't have a
    car"), races run ("I run marathons"), a thing got or bought (:func:`_owned_product`),
    a job retired from (:func:`_retired`), the way to work ("I drive to work"); None
    when the verb is none of these."""
    if verb in {"have", "own"} and (lacked := _LACKED_RE.match(rest)):
        if lacked["x3"]:  # "I no longer have a car", "we don't have the dog anymore"
            if lacked["not"] and not lacked["anymore"]:
                return []  # ("I don't have the car": today, not for good)
            what = lacked["x3"].lower()
            has = "owns" if what in _OWNED_THINGS else "has"
            return [
                ExtractedFact(f"User no longer {has} {indefinite_article(what)} {what}", "personal")
            ]
        what = (lacked["x"] or lacked["x2"]).lower()  # "I don't have a car", "I have no kids"
        plural = what.endswith(("s", "children"))  # ("I have no car": a car)
        article = "a " if lacked["a"] or (lacked["x2"] and not plural) else ""
        has = "own" if what in _OWNED_THINGS else "have"  # ("does not own a car", as said)
        return [ExtractedFact(f"User does not {has} {article}{what}", "personal")]
    if verb in _RUNNING_VERBS | {"do"} and _RACES_RE.match(" ".join(after)):
        return [ExtractedFact(content, "personal")]  # "I run marathons", "I do ultras"
    if verb in {"got", "bought"}:
        return _owned_product(rest)
    if verb == "retired":
        return _retired(rest)
    if verb in _COMMUTE_VERBS and re.match(
        r"to (?:work|the office|school|campus|uni)\b", " ".join(after)
    ):
        return [ExtractedFact(content, "personal")]
    return None


#: A product the user owns, named: "I have a Tormek", "I've got a 2015 Honda Civic",
#: "I have a Canon R5 camera" (not "a Python question", "a Zoom call at 3").
_OWNED_RE: Final = re.compile(
    r"^(?:have\s+)?(?:got\s+|bought\s+)?(?P<det>an?|two|three|\d)\s+"
    r"(?:(?P<adj>used|new|second-hand|secondhand|refurbished|old)\s+)?(?P<name>(?:(?:19|20)\d\d\s+)?(?-i:[A-Z])[\w.+-]*(?:\s+(?:(?-i:[A-Z])[\w.+-]*|"
    r"\d[\w.-]*)){0,2})(?:\s+(?P<noun>[a-z]+))?(?:\s+(?:but|and|that|which|with|for\s+(?:the|my|work|"
    r"travel|commuting))\b.*)?\s*$"
)
#: A thing of the household or of a hobby, owned: "I already have a standing desk",
#: "I've got an air fryer and a microwave" (a common noun: the name rule needs a capital).
_POSSESSION_RE: Final = re.compile(
    r"^(?:(?:already|also|now|still|finally|just|actually)\s+)*(?:have|got|bought)\s+"
    r"(?:(?:already|also|now|still|finally|just|actually|got)\s+)*"
    r"(?P<det>an?|two|three|four)\s+(?P<thing>(?:(?:new|used|old|small|big|little|electric|"
    r"manual|second-hand|secondhand|adjustable|cheap|fancy|decent|proper|[\w-]+-inch)\s+)?"
    r"(?:standing\s+desk|treadmill|rowing\s+machine|exercise\s+bike|air\s+fryer|slow\s+cooker|"
    r"pressure\s+cooker|instant\s+pot|stand\s+mixer|bread\s+maker|dishwasher|microwave|"
    r"greenhouse|allotment|garden|balcony|driveway|garage|shed|conservatory|hot\s+tub|pool|"
    r"caravan|campervan|motorhome|boat|kayak|canoe|motorbike|motorcycle|scooter|e-?bike|"
    r"bike|car|van|piano|keyboard|guitar|violin|drum\s+kit|3d\s+printer|sewing\s+machine|"
    r"kiln|pottery\s+wheel|lathe|telescope|drone|e-?reader|tablet|laptop|desktop|smartwatch|"
    r"fitness\s+tracker|heat\s+pump|solar\s+panels|wood\s+stove|log\s+burner|cpap(?:\s+machine)?|"
    r"hearing\s+aids?|wheelchair|mobility\s+scooter|guide\s+dog))"
    r"(?:\s+(?:at\s+home|actually|already|now|too|as\s+well|though|tho|lol))*\W*$",
    re.IGNORECASE,
)
#: What a named thing is for now, not owned: "a Python question", "a Zoom call".
_NOT_OWNED_NOUNS: Final = frozenset(
    _wordlist("""
    question questions call calls meeting meetings interview exam test problem issue bug
    error deadline appointment class lesson flight trip course project task assignment
    ticket account subscription session shift event party lecture script app file files
    folder document bonus warning exception crash message email notification letter
    shot jab vaccine booster scan
    """)
)


#: A choice the user would always make: "I'd (personally) pick Postgres any day", "I'd
#: take tabs over spaces every time".
_ANY_DAY_RE: Final = re.compile(
    r"^would\s+(?:\w+ly\s+)?(?:pick|choose|take|go\s+with|use)\s+(?P<x>[\w.+# -]{2,40}?)"
    r"(?P<over>\s+over\s+[\w.+# -]{2,30}?)?\s+" + _ANY_DAY + r"\W*$",
    re.IGNORECASE,
)


def _pick_any_day(rest: str) -> list[ExtractedFact]:
    """ "User prefers Postgres" from "would pick Postgres any day" (:data:`_ANY_DAY_RE`)."""
    m = _ANY_DAY_RE.match(rest.strip())
    if m is None:
        return []
    x = _phrasing.polish(f"{m['x']}{m['over'] or ''}", capital=False)
    return [ExtractedFact(f"User prefers {x}", "preference")]


def _retired(rest: str) -> list[ExtractedFact]:
    """ "User is retired" (or "User retired from the post office") from "retired ..."
    (not from "retired from competitive chess": a pastime given up)."""
    m = re.match(
        r"^retired(?:\s+from\s+(?P<x>(?:the|a|an|my)\s+[\w -]{2,40}?|\w+ing|(?-i:[A-Z])[\w&.-]+"
        r"(?:\s+(?-i:[A-Z])[\w&.-]+)?))?(?:\s+(?:in|last|after|at|this|early|recently|as\s+of)\b.*)?"
        r"\W*$",
        rest.strip(),
        re.IGNORECASE,
    )
    if m is None:
        return []
    if m["x"] is None:
        return [ExtractedFact("User is retired", "personal")]
    return [ExtractedFact(f"User retired from {re.sub(r'^my ', 'their ', m['x'])}", "personal")]


_ACCESSORY_RE: Final = re.compile(ACCESSORY_NOUNS, re.IGNORECASE)
#: A thing got for someone else, or given back: not the user's.
_SOMEONE_ELSES_RE: Final = re.compile(
    rf"\bfor\s+(?:my|his|her|our|their)\s+(?:{RELATIVE_NOUNS}|wife|husband|mum|mom|dad|"
    r"mother|father|son|daughter|parents?|grandma|grandpa|niece|nephew|godson|goddaughter)\b|"
    r"\bfor\s+the\s+(?:office|team|company|school|shop|kids|classroom|church|club)\b|"
    rf"\b(?:{GIVEN_BACK})\b",
    re.IGNORECASE,
)


def _owned_product(rest: str) -> list[ExtractedFact]:
    """ "User has a Tormek" from "have a Tormek" (:data:`_OWNED_RE`), "User has taken up
    woodturning" from "have taken up woodturning", or nothing."""
    taken = re.match(
        r"^(?:have\s+)?taken\s+up\s+(\w[\w -]{1,30}?)(?:\s+(?:since|recently|lately|now))?\W*$",
        rest.strip(),
    )
    if taken:  # "I've taken up woodturning since"
        return [ExtractedFact(f"User has taken up {taken[1]}", "personal")]
    if kept := _POSSESSION_RE.match(rest.strip()):  # "I already have a standing desk"
        return [ExtractedFact(f"User has {kept['det'].lower()} {kept['thing']}", "personal")]
    m = _OWNED_RE.match(rest.strip().rstrip(".!"))
    if (
        m is None
        or (m["noun"] or "") in _NOT_OWNED_NOUNS
        or _ACCESSORY_RE.fullmatch(m["noun"] or "")  # ("a Ford Mustang poster")
        or _SOMEONE_ELSES_RE.search(rest)  # ("a Toyota Prius for my mum")
        or (m["name"].isupper() and not re.search(r"\d", m["name"]))  # ("a README"; an MG4 is)
        or re.search(r"(?:Exception|Error|Warning|Fault)$", m["name"])
        or _phrasing.tech_names(m["name"])  # ("a Docker Compose file": the tool's rules)
    ):
        return []
    first = m["name"].split()[-1 if m["name"][:1].isdigit() else 0]
    if _phrasing.is_common_word(first.lower()) or re.fullmatch(
        r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|January|February|March|April|May|June|"
        r"July|August|September|October|November|December|English|French|German|Spanish",
        first,
    ):
        return []
    noun = f" {m['noun']}" if m["noun"] else ""
    det = indefinite_article(m["name"]) if m["adj"] else m["det"]
    return [ExtractedFact(f"User has {det} {m['name']}{noun}", "personal")]


_LIVES_IN_RE: Final = re.compile(
    r"^(?P<head>User lives in )(?!(?:a|an|the|my|our|this|that|some)\b)"
    r"(?P<place>[a-z][a-z'-]*(?:\s+[a-z][a-z'-]*){0,2}?)"
    r"(?:\s+(?:now|these days|nowadays|currently|again|for now))?$"
)
_PLACE_SMALL_WORDS: Final = frozenset({"the", "of", "and", "de", "del", "la", "le", "am", "an"})


def _place_named(content: str) -> str:
    """ "User lives in lisbon now" as "User lives in Lisbon": a place typed in lower case
    gets its capitals (what the topic of where the user lives reads), and "now" goes."""
    lives = _LIVES_IN_RE.match(content)
    if lives is None:
        return content  # (a trailing "now" goes in finish: _without_now)
    return lives["head"] + _capitalised(lives["place"])


def _capitalised(place: str) -> str:
    """A place's name typed in lower case with its capitals ("new york" -> "New York",
    "isle of man" -> "Isle of Man")."""
    return " ".join(
        w if w in _PLACE_SMALL_WORDS and i else w[:1].upper() + w[1:]
        for i, w in enumerate(place.split())
    )


_TEACHING_VERBS: Final = frozenset({"teach", "tutor", "lecture", "mentor", "coach", "study"})
_RUNNING_VERBS: Final = frozenset({"run", "own", "manage", "lead", "maintain"})
#: ... something that is run for good ("a small shop", "a team of 6"; not "a quick test").
_VENTURE_RE: Final = re.compile(
    r"^an?\s+(?:[\w'-]+\s+){0,3}?(?:shop|store|business|company|agency|studio|team|club|"
    r"channel|blog|podcast|newsletter|startup|consultancy|firm|lab|meetup|community|"
    r"course|class|school|department|group|practice|nonprofit|charity)s?\b"
)
#: Verbs of a first-person clause that say nothing durable ("I think", "I got an error").
_NOT_FACT_VERBS: Final = frozenset(
    _wordlist("""
    think guess hope wonder know mean see feel need want have get got try tried did ran
    saw said told asked is are was were can could would should will may might must wish
    plan hear heard found find noticed realized realise realised thought remember forgot
    just kept am been be does hit made make doubt suspect believe suppose bet
    agree disagree understand appreciate apologize apologise sorry read came come go went
    looked look assume expect bought pasted pushed pulled merged deleted added fixed broke
    changed wrote built ran installed upgraded updated tested deployed lost left let
    """)
)
_TRANSIENT_RE: Final = re.compile(
    r"^(?:not|so|very|really|a bit|kinda|pretty|getting|trying|looking|going|seeing|having|"
    r"doing|stuck|lost|confused|tired|sorry|done|sure|ready|back|here|happy|glad|excited|"
    r"curious|wondering|busy|away|afraid|worried|frustrated|annoyed|new here|good|fine|ok|"
    r"okay|just|about to|still|almost|currently|now|on it|in a|at the|in the|working on|"
    r"more|less|much|way more|a lot more|better|worse|serious|kidding|joking|honest|aware|"
    r"convinced|certain|positive|impressed|surprised|shocked|stressed|exhausted|bored|"
    r"overwhelmed|desperate|nervous|stoked|hyped|pumped|thrilled|relieved|embarrassed|"
    r"disappointed|all ears|sick|ill|hungover|jet-?lagged|sleepy|half asleep|offline|"
    r"\d+\s*(?:mins?|minutes|hours?|hrs?|seconds?|secs?)\s+(?:late|early|behind|in|into|out|"
    r"left|to\s+go)\b|"  # "5 minutes late" (not "10 minutes from the office")
    r"\d+\s*%\s+(?:sure|certain|positive|convinced|confident)|"
    # where one is for now: "im on my phone", "on the train", "in a meeting", "at home"
    r"on\s+(?:my|the|a|an)\s+(?:\w+\s+)?(?:phone|mobile|cell|ipad|tablet|train|bus|plane|"
    r"flight|ferry|way|lunch|break|call|commute|couch|sofa|laptop)|"
    r"on\s+(?:mobile|holiday|vacation|leave|break|lunch|shift|call)|"
    r"in\s+(?:a|the|my)\s+(?:meeting|hurry|rush|car|queue|line|waiting room|hotel)|"
    r"at\s+(?:home|work|school|uni|the office|my desk|lunch)|hungry|thirsty|sleepy|home|"
    r"off\s+(?:today|work|sick|this\s+week)|in\s+bed|up\s+late|"
    r"in\s+(?-i:[A-Z])[\w-]+(?:\s+(?-i:[A-Z])[\w-]+)?\s+(?:for|this|on)\s+(?:a|an|the|this|my)?\s*"
    r"(?:conference|weekend|week|trip|holiday|vacation|visit|meeting|wedding|work\s+trip|few\s+days|"
    r"business))\b",
    re.IGNORECASE,
)


#: A pastime or a habit said with a verb that is more often a one-off ("go", "read") or
#: "to" after it: "I go to the gym on Mondays", "I go climbing", "I listen to jazz",
#: "I read a lot of sci-fi".
_PASTIME_RE: Final = re.compile(
    r"(?:go|goes)\s+(?:to\s+(?:the\s+|a\s+)?(?:gym|church|mosque|temple|synagogue|yoga|"
    r"pilates|class(?:es)?|pool|choir|therapy|karate|judo|boxing|crossfit|spin|parkrun|bed|"
    r"mass|dance\s+class(?:es)?|the\s+office|office|work|school|uni|university|college)\b|"
    r"(?!to\b)\w+ing\b)|"
    r"listen\s+to\s+(?!(?:you|me|him|her|them|it|this|that|what|the\s+(?:call|meeting|"
    r"recording|voicemail))\b)\w+|"
    r"read\s+(?:(?:a\s+lot\s+of|lots\s+of|a\s+lot|mostly|mainly|only)\s+)?(?:of\s+)?(?:books|novels|comics|manga|"
    r"poetry|fiction|non-fiction|sci[- ]?fi|fantasy|thrillers|crime|biographies|history|romance|"
    r"horror|classics)\b",
    re.IGNORECASE,
)
#: Pastimes and ways of living said by their verb alone: "I knit", "I rent".
_PASTIME_VERBS: Final = frozenset(
    _wordlist(
        "knit crochet sew quilt bake garden hike climb boulder surf ski snowboard swim skate "
        "paint draw sketch sing dance fish hunt meditate journal volunteer rent sail row box "
        "fence golf kayak cycle bike run jog lift"
    )
)
#: The facts of those verbs alone, which are whole at two words.
_PASTIME_FACTS: Final = frozenset(f"User {_third_person(v)}" for v in _PASTIME_VERBS)
#: A time that makes it a one-off: "I go to the gym tomorrow".
_ONE_TIME_RE: Final = re.compile(
    r"\b(?:tomorrow|tonight|later|next|today|soon|now|this\s+(?:week|weekend|morning|"
    r"afternoon|evening|time))\b",
    re.IGNORECASE,
)


def _plain_statement(verb: str, after: list[str], clause: str, content: str) -> list[ExtractedFact]:
    """A first-person statement in the present tense with another verb ("I audit Go
    code", "I type on Dvorak", "I keep notes in Obsidian"): stored as it is said, unless
    the verb says nothing durable or the clause is about one thing now."""
    said = " ".join([verb, *after])
    if not after and verb in _PASTIME_VERBS:  # "I knit", "I rent"
        return [ExtractedFact(content, _category(clause, "other"))]
    if _PASTIME_RE.match(said) and not _ONE_TIME_RE.search(said):
        return [ExtractedFact(content, _category(clause, "other"))]  # "I go to the gym"
    if (
        verb in _NOT_FACT_VERBS
        or verb in _PAST
        or verb.endswith("ed")
        or len(after) < 1
        or after[0] in {"it", "this", "that", "them", "you", "him", "her", "something", "to"}
        or len(content.split()) < 3
    ):
        return []
    if _phrasing.tech_names(clause):
        return [ExtractedFact(content, "tech_stack")]
    return [ExtractedFact(content, _category(clause, "other"))]


#: "I write Excel macros", "I publish to the Play Store": a verb that says more than "uses".
_MAKING_RE: Final = re.compile(
    r"^User (?:\w+ly |has been |is )?(?:writes|writing|builds|building|publishes|publishing|"
    r"develops|developing|maintains|maintaining|scripts|scripting|automates|automating)\b"
    r"(?!\s+(?:in|with|on|for|to|at|using)\b)"  # "writes in Python" is using it
)


def _usage_facts(clause: str, content: str) -> list[ExtractedFact]:
    """A usage clause: a style/workflow statement, else one fact per technology (or, for
    a short clause that makes something with just one, the clause: "User writes Excel
    macros")."""
    category = _category(clause, "")
    if category in {"coding_style", "workflow", "communication"}:
        return [ExtractedFact(content, category)]
    if (
        _MAKING_RE.match(content)
        and len(content.split()) <= 10
        and not re.search(r"\b(?:not|never|no longer|anymore|stopped|from|off)\b", content)
        and not re.search(r"\b(?:it|this|that|them|and|or)\b", content)
        and len(names := _phrasing.tech_names(clause)) == 1
        and not re.search(rf"{re.escape(names[0])}\W*$", content, re.IGNORECASE)
    ):  # (something made with it follows the name: "Excel macros", not "writes Go")
        return [ExtractedFact(content, "tech_stack")]
    techs = _tech_facts(clause)
    if techs:
        return techs
    if category:
        return [ExtractedFact(content, "preference")]
    named = [m for m in _phrasing.product_mentions(clause) if m]
    if named:  # "I write all my documentation in AsciiDoc": a product the list does not know
        return [ExtractedFact(content, "tech_stack")]
    obj = re.match(
        r"^User (?:does not use|never uses|(?:(?:always|sometimes|usually|often|mostly|mainly|"
        r"occasionally|regularly)\s+)?uses)\s+(?P<x>.+)$",
        content,
    )
    head = re.split(r"\s+(?:at|for|in|on|with|during)\s+", obj["x"], maxsplit=1)[0] if obj else ""
    if (
        obj
        and len(head.split()) <= 3  # "a screen magnifier (at 300%)", "a standing desk (at work)"
        and len(obj["x"].split()) <= 8
        and not re.search(
            r"\b(?:it|this|that|them|these|those|one|some|something|stuff|things?|a lot|lots)\b",
            obj["x"],
            re.IGNORECASE,
        )
    ):
        return [ExtractedFact(content, "tech_stack")]
    return _work_fact(content)


#: What a person does as their work, said in the present or as a span of years: "User
#: audits websites for WCAG compliance", "User has been programming Siemens PLCs for 12
#: years" (the verb's object and its setting make the fact).
_WORK_RE: Final = re.compile(
    r"^User (?:(?:mostly|mainly|usually|also|often|primarily|professionally) )?"
    r"(?:has been (?:\w+ing)|audits|reviews|maintains|teaches|tests|builds|writes|develops|"
    r"programs|scripts|automates|ships|deploys|hosts|runs|works on|designs|trains|manages|"
    r"analy[sz]es|researches|studies|supports|administers|configures|models|simulates)"
    r" (?P<object>.+)$",
)
_NOT_DURABLE_RE: Final = re.compile(
    r"\b(?:it|this|that|them|these|those|something|anything|stuff|things?|today|tonight|"
    r"tomorrow|yesterday|right now|at the moment|this (?:week|morning|afternoon|evening)|"
    r"next|soon|again|not|never|no longer|anymore|quick|lots of|a lot of)\b|[?]",
    re.IGNORECASE,
)


def _work_fact(content: str) -> list[ExtractedFact]:
    """``content`` as a fact of its own when it says what the user works on (see
    :data:`_WORK_RE`): an object of 2 to 12 words that names no passing thing."""
    work = _WORK_RE.match(content)
    if work is None or _NOT_DURABLE_RE.search(work["object"]):
        return []
    if not 2 <= len(work["object"].split()) <= 12:
        return []
    return [ExtractedFact(content, "personal")]


#: Words for where a person is from ("I'm Brazilian"), which are no first names.
_DEMONYM_RE: Final = re.compile(DEMONYMS)


#: "the only analytics engineer at my company", "the sole maintainer of the billing
#: service": a role with who else has it.
_ONLY_ROLE_RE: Final = re.compile(
    r"the\s+(?:only|sole|lone|main|primary|lead|de facto|one)\s+(?:[\w+#./-]+\s+){0,3}?"
    rf"(?:{ROLE_NOUNS})s?\b",
    re.IGNORECASE,
)
#: "more of a backend person", "mostly a frontend kind of dev": what the user mainly is.
_MOSTLY_A_RE: Final = re.compile(
    r"(?:more of|mostly|mainly|primarily|much more of)\s+an?\s+[\w+#./-]+(?:\s+[\w+#./-]+)?\s+"
    r"(?:person|guy|gal|girl|type|kind of (?:dev|developer|person|engineer))\s*$",
    re.IGNORECASE,
)
#: "coming from Android", "I come from a Java background", "coming over from Django"
#: (a switch, "moving from npm to pnpm", is read elsewhere):
#: where the user's experience is (a technology, or a field named as a background).
_BACKGROUND_RE: Final = re.compile(
    r"^(?:coming|come|came)\s+(?:over\s+)?from\s+"
    r"(?:an?\s+|the\s+)?(?P<what>[\w+#./ -]+?)(?P<bg>\s+(?:background|world|side|land))?"
    r"(?:\s*,.*|\s+(?:so|and|but)\b.*)?$",
    re.IGNORECASE,
)


def _background_fact(text: str) -> ExtractedFact | None:
    """The user's background from "coming from X" (X a technology, or a field followed
    by "background"): "User comes from an Android background"; None otherwise."""
    found = _BACKGROUND_RE.match(text.strip())
    if found is None:
        return None
    what = found["what"].strip()
    if re.search(r"\b(?:to|into|onto)\b", what, re.IGNORECASE):  # a move, not a background
        return None
    names = _phrasing.tech_names(what)
    if names and len(what.split()) <= 3:
        what = ", ".join(names)
    elif not (found["bg"] and 1 <= len(what.split()) <= 3):
        return None
    article = "an" if what[:1].lower() in "aeiou" else "a"
    return ExtractedFact(f"User comes from {article} {what} background", "personal")


def _identity_facts(body: str, content: str) -> list[ExtractedFact]:
    """Who the user is, from what follows "I'm": the only one in a role, what they mainly
    are, where they come from, a role and where it is done (:data:`_ONLY_ROLE_RE`,
    :data:`_MOSTLY_A_RE`, :func:`_background_fact`, :func:`_role_in_place`); empty when
    it says none of these."""
    if _ONLY_ROLE_RE.match(body) or _MOSTLY_A_RE.match(body) or _THE_ROLE_RE.match(body):
        return [ExtractedFact(content, "personal")]  # (the last: "the office manager at ...")
    allergy = re.match(r"(?:\w+ly\s+)?allergic\s+to\s+(.+?)\W*$", body, re.IGNORECASE)
    if allergy and not _phrasing.is_allergen(allergy[1]):  # "allergic to meetings": a dislike
        return [ExtractedFact(f"User dislikes {allergy[1]}", "preference")]
    background = _background_fact(body)
    return _role_in_place(body) if background is None else [background]


#: A role and where it is done: "a real estate agent in Scottsdale", "a truck dispatcher
#: for a 30-truck fleet out of Memphis".
_ROLE_IN_PLACE_RE: Final = re.compile(
    rf"^(?P<det>an?)\s+(?!(?:[\w-]+\s+){{0,3}}(?:{NOT_A_ROLE})\b)"
    r"(?P<role>(?:[\w-]+\s+){0,3}?[\w-]*(?:er|or|ist|ian|ant|ent|nurse|chef|"
    r"agent|cook|clerk|coach|guide|medic|tech|dev|student|lead|owner|analyst|artist|"
    r"hygienist|planner|rep))"
    r"(?P<mid>\s+(?:for|at|with)\s+[^,]{1,40}?)?\s+(?:in|out\s+of|based\s+in)\s+"
    r"(?P<place>(?-i:[A-Z][a-z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w.'-]*)?"
    r"|(?-i:[a-z]+)(?:\s+(?-i:[a-z]+))?)(?:\s*,.*)?$",
    re.IGNORECASE,
)


#: A field or a department, not a place: "in Sales", "in Biology", "in High School".
_FIELD_RE: Final = re.compile(rf"(?:{FIELD_NOUNS})\b", re.IGNORECASE)


def _role_in_place(body: str) -> list[ExtractedFact]:
    """A role and the place it is done in, two facts ("a real estate agent in Scottsdale"),
    or nothing."""
    m = _ROLE_IN_PLACE_RE.match(body)
    if m and m["place"][0].islower():
        if not is_place(m["place"]):
            return []  # ("a nurse in training"); a known city in lower case: "in nairobi"
        place = " ".join(w.capitalize() for w in m["place"].split())
        return _role_in_place(body[: m.start("place")] + place + body[m.end("place") :])
    if (
        m is None
        or _phrasing.tech_names(m["place"])
        or _phrasing.is_common_word(m["place"].split()[0].lower())
        or _FIELD_RE.match(m["place"])  # ("a manager in Sales", "a PhD student in Biology")
        or re.search(r"\b(?:senior|junior)$", m["role"])
    ):
        return []
    role = f"{m['det'].lower()} {m['role']}{m['mid'] or ''}"
    return [
        ExtractedFact(f"User is {role}", "personal"),
        ExtractedFact(f"User is based in {m['place']}", "personal"),
    ]


def _not_allergic(body: str) -> list[ExtractedFact]:
    """ "(I'm) NOT allergic to penicillin (after all)": the allergy is not the user's; "not
    technical", "not religious at all": a trait the user has not."""
    allergy = re.match(r"not\s+allergic\s+to\s+([\w -]{2,30}?)(?:\s+after\s+all)?\W*$", body, re.I)
    if allergy and _phrasing.is_allergen(allergy[1]):
        return [ExtractedFact(f"User is not allergic to {allergy[1]}", "personal")]
    if trait := _NOT_TRAIT_RE.match(body):
        return [ExtractedFact(f"User is not {trait['x'].lower()}", "personal")]
    return []


#: A trait the user has not: "not technical", "not religious at all", "not a morning
#: person", "not good with numbers".
_NOT_TRAIT_RE: Final = re.compile(
    r"^not\s+(?:very\s+|really\s+|super\s+|particularly\s+|that\s+)?(?P<x>technical|"
    r"tech-savvy|techy|religious|spiritual|sporty|musical|artistic|outdoorsy|"
    r"a\s+(?:morning|night|people|dog|cat|coffee|tea|beach)\s+person|"
    r"a\s+native\s+(?:English\s+)?speaker|a\s+(?:programmer|developer|coder)|"
    r"(?:good|great)\s+(?:at|with)\s+(?:maths|math|numbers|spreadsheets|computers|tech|"
    r"technology|cooking|languages|spelling|directions))(?:\s+at\s+all)?"
    r"(?=\W*$|\s+so\b|\s*,)",
    re.IGNORECASE,
)


_LEARNING_RE: Final = re.compile(r"learning\s|studying\s(?!" + _NOT_STUDIES + ")")


#: An age said after "I'm": "52", "52 not 42 lol", "34 y/o", "now 40".
_AGE_RE: Final = re.compile(
    r"^(?:now\s+|actually\s+)?(?P<n>[1-9]\d)(?:\s*(?:yo|y/o|y\.o\.|years?\s+old))?"
    r"(?:,?\s+not\s+[1-9]\d)?(?:\s+(?:lol|haha|btw|now|actually|already))*\W*$",
    re.IGNORECASE,
)


def _at_or_age(body: str) -> list[ExtractedFact]:
    """ "I'm" and a workplace ("now I'm at Klarna") or an age ("I'm 52 not 42 lol")."""
    at = re.match(r"^(?:now\s+)?at\s+([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)?)$", body)
    if at and not _phrasing.tech_names(at[1]):
        return [ExtractedFact(f"User works at {at[1]}", "personal")]
    if age := _AGE_RE.match(body):
        return [ExtractedFact(f"User is {age['n']}", "personal")]
    return []


#: A group the user belongs to: "in a book club", "part of a community choir", "a member
#: of the local chess club" (not "in a meeting", "in a hurry").
_MEMBER_RE: Final = re.compile(
    r"^(?:also\s+|still\s+)?(?:in|part\s+of|a\s+member\s+of|on)\s+(?:a|an|two|my\s+local|"
    r"our\s+local|a\s+local)\s+(?:(?:[\w-]+\s+){1,2}?(?:club|league|society|guild)|"
    r"(?:[\w-]+\s+){0,2}?(?:band|choir|orchestra|troupe|ensemble|quartet))\b"
    r"(?!\s+(?:meeting|call|chat|queue|room|car\s+park|toilets?|bathroom|right\s+now|now|tonight)\b)"
    r"(?!.*\b(?:right\s+now|tonight|at\s+the\s+moment)\b)",
    re.IGNORECASE,
)


#: A name after "I'm": "Sam", "Dr Okafor", "Sam btw", "Sam, a nurse in Leeds".
_AM_NAME_RE: Final = re.compile(
    r"((?:(?:Dr|Prof)\s+)?[A-Z][a-z]+)(?:\s+(?:btw|fyi|here))?(?:\s*,.*)?"
)


_NOW_HERE_RE: Final = re.compile(r"\b(?:right\s+now|tonight|at\s+the\s+moment|atm)\b", re.I)


def _am_facts(rest: str, clause: str, content: str) -> list[ExtractedFact]:
    """Facts from "I am ..." clauses: role, place, learning, fan of, using, name."""
    body = re.sub(r"^(?:am)\s+(?:currently\s+(?!at\b))?", "", rest.strip(), flags=re.IGNORECASE)
    lower = body.lower()
    if at_or_age := _at_or_age(body):
        return at_or_age
    if identity := _identity_facts(body, content):
        return identity
    if lower.startswith("not "):
        if re.match(r"not (?:a |much of a |the biggest )?fan of\b", lower):
            return [ExtractedFact(content, _category(clause, "preference"))]
        return _not_allergic(body)
    if _ROLE_RE.match(body):
        place = re.search(
            r"\s+(?:based in|living in|from)\s+([A-Z][\w.'-]*(?:\s+[A-Z][\w.'-]*)?)$", body
        )
        if place:  # "a freelance web dev based in Lisbon": the role and the place
            role = _tidy(content[: content.rfind(place.group().strip().split()[0])])
            return [
                ExtractedFact(role, "personal"),
                ExtractedFact(f"User is based in {place[1]}", "personal"),
            ]
        return [ExtractedFact(content, "personal")]
    if re.match(
        r"(?:based|located|living)\s+in\b|from\s+[A-Z]|in\s+the\s+\w+\s+time\s*zone",
        body,
        re.IGNORECASE,
    ):
        return [ExtractedFact(content, "personal")]
    if re.match(r"(?:a |a big |a huge )?fan of\b", lower):
        return [ExtractedFact(content, _category(clause, "preference"))]
    if _MEMBER_RE.match(body) and not _NOW_HERE_RE.search(clause):  # "I'm in a book club"
        return [ExtractedFact(content, "personal")]
    if re.match(
        r"(?:new to|familiar with|comfortable with|experienced with|an expert in|"
        r"good at|fluent in|proficient in)\b",
        lower,
    ):
        return [ExtractedFact(content, "personal")]
    if _LEARNING_RE.match(lower):  # ("studying nursing at Leeds", not "... for my exams")
        return [ExtractedFact(content, "other" if lower[0] == "l" else "personal")]
    if re.match(
        r"(?:using|building|working with|working in|writing|coding in|developing|"
        r"running|deploying|hosting)\b",
        lower,
    ):
        return _usage_facts(clause, content)
    if name := _AM_NAME_RE.fullmatch(body.strip()):
        return [_name_fact(name.group(1))]
    if (
        body
        and len(body.split()) <= 5
        and not _TRANSIENT_RE.match(body)
        and not re.match(r"^\w+ing\b", body)
        and not re.search(r"\b(?:it|this|that|you)\b", body, re.IGNORECASE)
    ):  # "I'm colour-blind", "I'm self-taught", "I'm a night owl"
        return [ExtractedFact(content, "personal")]
    return []


_OTHER_SUBJECT_RE: Final = re.compile(
    r"^(?:my|our|his|her|their|the)\s+(?:[\w']+\s+){0,3}?(?:co-?workers?|colleagues?|boss|manager|"
    r"team ?lead|lead|friends?|wife|husband|partner|girlfriend|boyfriend|cto|ceo|clients?|"
    r"customers?|users|team|teammates?|company|dad|mom|mum|father|mother|brother|sister|"
    r"son|daughter|kids?|roommate|flatmate|mentor|professor|teacher|students?|interns?|"
    r"org|department|employer|previous job|old job|last job|tech lead|pm|designer|reviewer|"
    r"junior|senior|devs|engineers|people|everyone|sibling|siblings|neighbou?rs?|uncle|aunt|"
    r"cousins?|grand(?:ma|pa|mother|father|parents?)|nephew|niece|classmates?|co-?founders?|"
    r"founders?|supervisor|advisor|adviser|landlord|vendors?|contractors?|consultants?|"
    r"predecessor|lecturer|tutor|coach|spouse|fianc[eé]e?|bf|gf|guy|guys|gal|dude|lady|"
    r"folks|author|authors|maintainers?|creator|admins?|sysadmin|ops|qa|tester|testers|"
    r"architect|principal|staff|hiring manager|recruiter|interviewer|kid's|kids'|tas?|"
    r"teaching assistants?|research assistants?|postdocs?|phd students?|labmates?|oga|(?-i:PI)|"
    r"group leader|line manager|skip|skip-level|producer|director)\b(?!\s+tongue\b)"
    # a group that is not the user's: "another squad switched ...", "the other team uses"
    r"|^(?:another|other|a\s+different|the\s+other|some\s+other|a\s+sister)\s+"
    r"(?:[\w'-]+\s+){0,2}?(?:team|teams|squads?|crews?|tribes?|guilds?|groups?|"
    r"compan(?:y|ies)|orgs?|departments?|studios?|projects?|repos?)\b"
    r"|^(?:hubby|hubs|wifey|the\s+missus|the\s+wife|the\s+husband|the\s+kids?|"
    r"(?:my\s+)?other\s+half|(?:dad|mom|mum|grandma|grandpa)\b(?!\s+(?:of|to)\b))\b"
    r"|^(?:he|she|they|someone|somebody|everyone|everybody|people|nobody|most people|"
    r"a friend|a colleague|a coworker|my friend|the docs|the readme|the internet|twitter|"
    r"reddit|hn|stack overflow|the blog|the article|the tutorial|the guide)\b(?!/)"
    r"|^(?-i:[A-Z][a-z]+)\s*(?:\(|,)\s*(?:our|my|the|a|an)\s+"  # "Jake (our backend guy) ..."
    # the same in the user's other languages: "Mein Kollege Jens", "mi jefe", "mon collègue"
    r"|^(?:mein|meine|mi|mis|mon|ma|mes|m[oó]j|moja|il mio|la mia|meu|minha)\s+(?:\w+\s+)?"
    r"(?:kolleg\w*|chef\w*|freund\w*|jefe|jefa|compa[nñ]er\w*|amig[oa]s?|coll[eè]gue\w*|patron|"
    r"ami\w*|kolega|koleżank\w*|szef\w*|promotor|collega|capo|chefe|professor\w*|"
    r"profesor\w*|lehrer\w*|betreuer\w*|hermano|hermana|padre|madre|hijo|hija|esposo|esposa|"
    r"marido|mujer|novio|novia|pareja|fr[èe]re|s(?:œ|oe)ur|p[èe]re|m[èe]re|fils|fille|mari|"
    r"femme|bruder|schwester|vater|mutter|sohn|tochter|mann|frau|fratello|sorella|figli[oa]|"
    r"marito|moglie|irm[ãa]o?|pai|m[ãa]e|filh[oa]|broer|zus|vader|moeder|zoon|dochter|vrouw)\b"
    r"|^(?!(?:Please|Also|Just|Always|Never|Honestly|Really|Actually|Maybe|Definitely)\b)"
    r"(?-i:[A-Z][a-z]+)\s+(?:says|said|thinks|prefers|likes|loves|hates|uses|wants|insists|"
    r"swears|recommends|told|believes)\b"
    # a name that changed something: "Raj switched from VS Code to Zed" (not "Finally
    # switched", "Today moved ...")
    r"|^(?!(?:\w+ly|Please|Also|Just|Always|Never|Maybe|Now|Today|Yesterday|Update|So|Ok|"
    r"Okay|Well|Yeah|Yes|Then|Last|This|We|I|Since|After|Before|Recently|Finally)\b)"
    r"(?-i:[A-Z][a-z]+)\s+(?:just\s+|finally\s+|recently\s+)?(?:switched|moved|migrated|"
    r"swapped|ditched|dumped|dropped|replaced|started|stopped|quit|ported|went)\b"
    r"|^(?!(?:Please|Also|Just|Always|Never|I)\b)(?-i:[A-Z][a-z]+)(?:\s+[\w']+){1,4}?\s+"
    r"(?:prefers|likes|loves|hates|wants|says|said|thinks|swears|insists|recommends|"
    r"told|believes)\b"
    # a named person's habit: "Priya always runs the benchmarks on her own laptop"
    r"|^(?!(?:Please|Also|Just|Always|Never|I)\b)(?-i:[A-Z][a-z]+)\s+(?:always|usually|never|"
    r"often)\s+\w+s\b",
    re.IGNORECASE,
)
#: A clause that only names someone by their relation to the user ("thesis supervisor",
#: "a dentist chain" is not one; "our intern" is one by _OTHER_SUBJECT_RE too).
_RELATION_NP_RE: Final = re.compile(
    r"^(?:(?:my|our|the|a|an)\s+)?(?:[\w-]+\s+){0,2}(?:co-?workers?|colleagues?|boss|manager|"
    r"supervisor|advisor|adviser|promotor|mentor|professor|teacher|lecturer|tutor|intern|"
    r"lead|cto|ceo|pm|client|customer|friend|partner|girlfriend|boyfriend|wife|husband|"
    r"brother|sister|dad|mom|mum|father|mother|roommate|flatmate|neighbou?r|cofounder|"
    r"co-founder|contractor|consultant|recruiter|student|classmate|ta|teaching assistant|"
    r"postdoc|labmate)s?$",
    re.IGNORECASE,
)
#: A clause about the thing at hand, not the user ("the file already uses tabs").
_THING_SUBJECT_RE: Final = re.compile(
    r"^(?:the|this|that)\s+(?:file|snippet|script|function|component|page|example|test|"
    r"class|module|template|sheet|spreadsheet|document|doc|code|query|notebook)\s+"
    r"(?:already\s+|also\s+|still\s+)?(?:uses|has|is|contains|needs|expects|runs)\b",
    re.IGNORECASE,
)
#: A statement with the user as its subject, after a leading scope ("for work I use X";
#: not "in this case use tabs", the one-off task itself).
_SCOPED_OWN_RE: Final = re.compile(
    r"^(?:(?:for|in|on|at|with|during|these days|nowadays|lately|since|as of|starting|"
    r"from now on|from today)\b[\w' -]{0,40}?,?\s+)?(?:I|I'm|I've|I'd|we|we're|we've|my|our|me)\b",
    re.IGNORECASE,
)
_FIRST_PERSON_RE: Final = re.compile(
    r"^(?:I|we|my|our)\b|^(?:for|in|on|at|with|during|these days|nowadays|lately|since|as of|"
    r"starting|from now on|from today)\b",
    re.IGNORECASE,
)


_CONTEXT_LEAD_RE: Final = re.compile(
    r"^(?P<ctx>at work|at home|for work|for fun|on weekends|on the side|professionally|"
    r"in my day job|at my day job|at my job|in my spare time)\s*,?\s+(?P<rest>.+)$",
    re.IGNORECASE,
)


#: A wish for the reply at hand ("I just want pros/cons", "I only need the fix"), unless
#: it says a style of answers ("I just want the answer, short") or that it stands.
#: A saying that names a liking but states none: "love it or hate it", "like it or not".
_IDIOM_RE: Final = re.compile(
    r"(?:(?:you\s+)?(?:love|like)\s+it\s+or\s+(?:hate|leave|loathe)\s+it|(?:whether\s+you\s+)?"
    r"like\s+it\s+or\s+not|love\s+(?:it|them)\s+or\s+hate\s+(?:it|them)"
    r"|(?:love|like)\s+[\w.+#-]+(?:\s+[\w.+#-]+)?\s+or\s+(?:hate|leave)\s+(?:it|them))",
    re.IGNORECASE,
)
_JUST_THIS_RE: Final = re.compile(
    r"^I\s+(?:just|only)\s+(?:want|need)(?:ed)?\s+(?:the|a|an|some|pros|cons|it|this|that|"
    r"to\s+(?:know|see|check|understand))\b"
    r"(?!.*\b(?:always|every\s+time|from\s+now\s+on|in\s+general|going\s+forward|short|"
    r"concise|brief|terse|long|detailed)\b)",
    re.IGNORECASE,
)


#: What comes first in an answer or a way of work, and what after: "code first,
#: explanation after", "tests first, then the implementation", "TL;DR first".
_FIRST_THEN_RE: Final = re.compile(
    r"^(?:(?:always|please|pls)\s+)?(?:the\s+|a\s+)?(?P<a>(?!(?:me|you|us|it|first|safety|"
    r"family)\b)[\w;'/-]+(?:\s+[\w;'/-]+){0,2}?)\s+first\b"
    r"(?:\s*,?\s*(?:(?:and\s+)?then|followed\s+by)?\s*(?:the\s+|an?\s+)?"
    r"(?P<b>(?!(?:I|we|you|it)\b)[\w;'/-]+(?:\s+[\w;'/-]+){0,3}?)"
    r"(?:\s+(?:after(?:wards)?|later|second|next|below))?)?"
    r"(?:\s+if\s+at\s+all)?(?:\s*,?\s*(?:please|pls))?\W*$",
    re.IGNORECASE,
)
_ANSWER_PARTS_RE: Final = re.compile(
    r"\b(?:code|answer|explanation|summary|tl;?dr|conclusion|details?|reasoning|example|"
    r"context|result|fix|solution|commands?|steps?|theory|why|how)\b",
    re.IGNORECASE,
)


_NOT_THINGS: Final = frozenset(
    _wordlist("""
    i we you it this that these those my your our is was are were be been am do did done
    got get gets mean meant try tried worked works work running run runs let lets go went
    have has had will would should could can just then so and but or to of
    """)
)


def _things(order: re.Match[str]) -> bool:
    """True when what comes first and after are things ("code", "the details"), not a
    clause ("that worked first, then try", "I mean first")."""
    words = f"{order['a']} {order['b'] or ''}".casefold().split()
    return not any(w in _NOT_THINGS or w.endswith("ed") for w in words)


def _order_fact(order: re.Match[str]) -> ExtractedFact:
    a, b = order["a"], order["b"]
    if a[1:2].islower() and not _phrasing.tech_names(a):
        a = a[:1].lower() + a[1:]  # ("Code first": the sentence's capital)
    said = f"{a} first, then {b}" if b else f"{a} first"
    kind = "communication" if _ANSWER_PARTS_RE.search(said) else "workflow"
    return ExtractedFact(f"User wants {said}", kind)


#: The name of one of the user's family or pets: "my husband's name is Tomasz", "my dog
#: is called Rex" (the user's fact: whom they live with).
_KIN_NAME_RE: Final = re.compile(
    r"^(?:and\s+|also\s+|oh\s+and\s+)?my\s+(?P<who>(?:little\s+|older\s+|younger\s+|baby\s+)?"
    r"(?:husband|wife|partner|spouse|boyfriend|girlfriend|fianc[eé]e?|son|daughter|kid|child|"
    rf"baby|brother|sister|mom|mum|mother|dad|father|{PET_NOUNS}))"
    r"(?:'s\s+name\s+is|\s+is\s+(?:called|named))\s+(?P<name>(?-i:[A-Z])[\w'-]+)"
    r"(?:\s+(?:with\s+an?\s+\w+|btw|by\s+the\s+way))?(?:\s*,?\s*not\s+\w+)?\W*$",
    re.IGNORECASE,
)

#: Words said capitalised after "is" that are no name ("my wife is Vegan", "Deaf").
_NOT_NAMES: Final = "|".join(sorted(STATE_WORDS)) + (  # (the states, and these)
    r"|Keto|Bi|Gay|Lesbian|Trans|Straight|Queer|Latina|Latino|Latinx|Asian|"
    r"Hispanic|Arab|Black|White|Brown|Deaf|Blind|Autistic|Disabled|Remote|Busy|Agile|"
    r"Evil|Amazing|Awesome|Great|Lovely|Jealous|Strict|Chill|Nice|Cool|Mean|Sick|Away|Home|Back|"
    r"Off|Out|Done|Fine|Okay|Ok|New|Old|Young|Dead|"
    r"Gone|Late|Right|Wrong|Sure|Here|There|Also|Still|Not|So|Very|Really|Super|Pretty|Quite|"
    r"Totally|Literally|Always|Never|Kind|Funny|Smart|Lazy|Crazy|Awful|Terrible|Horrible|"
    r"Happy|Sad|Angry|Tired|Sweet|Strong|Weird|Annoying|Toxic|Best|Worst|Good|Bad"
)
#: Who a person in the user's life is, by name: "my manager is Tom", "new manager is Tom",
#: "my wife is Anna" (a name, not "my boss is Dutch").
_PERSON_IS_RE: Final = re.compile(
    r"^(?:and\s+|also\s+|oh\s+and\s+|so\s+)?(?:my\s+(?:new\s+)?|new\s+)"
    r"(?P<who>manager|boss|line\s+manager|team\s+lead|tech\s+lead|supervisor|mentor|"
    r"doctor|GP|therapist|dentist|landlord|landlady|roommate|flatmate|housemate|coach|"
    r"personal\s+trainer|tutor|husband|wife|partner|spouse|boyfriend|girlfriend|fianc[eé]e?)"
    r"(?:'s\s+name)?\s+(?-i:is)\s+(?:now\s+)?(?:called\s+|named\s+)?"
    rf"(?!(?:{DEMONYMS}|{_NOT_NAMES})\b)(?P<name>(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?(?-i:[A-Z])[a-z'-]+)"
    r"(?:\s+now)?(?:(?:\s*,|\s+and|\s+but)\s+(?:he|she|they)\b.*)?\W*$",
    re.IGNORECASE,
)

_PARTNERS: Final = frozenset(
    {"husband", "wife", "partner", "spouse", "boyfriend", "girlfriend", "fiance", "fiancee",
     "fiancé", "fiancée"}
)  # fmt: skip
#: A partner named as the subject of what they do: "my girlfriend Sam says hi".
_PARTNER_NAMED_RE: Final = re.compile(
    r"^(?:and\s+|also\s+|oh\s+and\s+|so\s+)?my\s+(?P<who>husband|wife|partner|boyfriend|girlfriend|"
    rf"fianc[eé]e?)\s+(?!(?:{DEMONYMS}|{_NOT_NAMES})\b)(?P<name>(?-i:[A-Z])[a-z'-]+)\s+(?-i:says|said|sends|is|was|"
    r"just|and|wants|thinks|reads|helps|made|cooked)\b",
    re.IGNORECASE,
)


def clause_facts(
    clause: str, *, in_question: bool, nested: bool = False, tech_context: bool = False
) -> list[ExtractedFact]:
    """Facts from one clause, or nothing when it is not a statement about the user: the
    rules of the shapes people type, then, for a statement no rule read, the
    technologies it names (:func:`_named_technologies`). ``tech_context``: the message
    names known technologies, so a product name the list does not know in a list item
    of this clause counts as one ("Flutter 3.22 - Riverpod for state, Dio for
    networking")."""
    plain = _strip_filler(clause)
    if not in_question and (kin := _KIN_NAME_RE.match(plain)):  # "my husband's name is Tomasz"
        who = " ".join(kin["who"].lower().split())
        return [ExtractedFact(f"User's {who} is named {kin['name']}", "personal")]
    if not in_question and (person := _PERSON_IS_RE.match(plain) or _PARTNER_NAMED_RE.match(plain)):
        who = " ".join(person["who"].lower().split())  # "new manager is Tom"
        if who in _PARTNERS:  # (a partner says the user is not single: "has a ... named")
            return [
                ExtractedFact(
                    f"User has {indefinite_article(who)} {who} named {person['name']}", "personal"
                )
            ]
        return [ExtractedFact(f"User's {who} is {person['name']}", "personal")]
    if _OTHER_SUBJECT_RE.match(plain) and not _OWN_GROUP_RE.match(plain):
        return []  # about someone else ("my 70 year old neighbor just learned to use ChatGPT")
    if _JUST_THIS_RE.match(plain):
        return []  # what this reply should be ("I just want pros/cons", "only need the fix")
    if _IDIOM_RE.fullmatch(plain.strip(" .!,;")):
        return []  # "love it or hate it", "like it or not": a saying, no preference
    if _ALTERNATIVES_RE.match(plain) and not _VERB_WORD_RE.search(plain):
        return []  # two things to choose from ("Terraform or Pulumi for a small team")
    if not in_question and (order := _FIRST_THEN_RE.match(plain)) and _things(order):
        return [_order_fact(order)]  # "code first, explanation after"
    clause = _condition_first(clause)
    facts = _rule_facts(clause, in_question=in_question, nested=nested, tech_context=tech_context)
    if in_question or nested:
        return facts
    facts += [f for f in _assistive_facts(clause) if f.content not in {g.content for g in facts}]
    if not any(_ROLE_FACT_RE.match(f.content) for f in facts):
        facts += _role_tail(plain)  # "I'm at Stripe now as a staff engineer"
    known = {f.content for f in facts}  # "back in the office", "joined the games team"
    facts += [f for f in _work_pattern_facts(plain) if f.content not in known]
    mentions = find_technology_mentions(clause) if facts else []
    facts = [_negated_use(f, clause, mentions) for f in facts]
    said = " ".join(f.content for f in facts).casefold()
    facts += [f for name, f in _named_technologies(clause) if name.casefold() not in said]
    said = " ".join(f.content for f in facts).casefold()
    return facts + [
        f
        for name, f in _listed_products(clause, tech_context=tech_context)
        if not _said_already(name, said)
    ]


#: Things to choose from, said without a verb: "Terraform or Pulumi for a small infra
#: team", "tabs or spaces" (not "Python or nothing": a liking).
_ALTERNATIVES_RE: Final = re.compile(
    r"^(?!(?:no|not|never|without|zero|nothing|nor)\b)"  # ("no pork or shellfish": a rule)
    r"(?!.*\b(?:I|I'm|we|my|our|me)\b)"  # ("I drink tea or coffee": the user's)
    r"(?:[\w.+#/'-]+\s+){0,2}[\w.+#/'-]+\s+or\s+(?!nothing\b|bust\b|die\b|else\b|not\b)"
    r"[\w.+#/'-]+(?:\s+[\w.+#/'-]+){0,6}\W*$",
    re.IGNORECASE,
)
#: A role the user has now, after what they started or where they are: "started as a
#: junior data analyst", "I'm at Stripe now as a staff engineer", "hired as an SRE".
_ROLE_TAIL_RE: Final = re.compile(
    r"^(?:(?:i|i'?ve|i\s+have|i\s+just|just)\s+)?(?:.*\band\s+)?(?:started|starting|hired|joined\s+[\w&.-]+)"
    r"(?:\s+(?:working|work|there|here|today|this\s+week|last\s+week|last\s+month|in\s+\w+))?"
    r"\s+as\s+(?P<role>(?:an?\s+)?[^,.;!?()]+)"
    r"|^(?:i'?m|i\s+am)\s+at\s+[\w&.-]+(?:\s+now)?\s+as\s+(?P<role2>(?:an?\s+)?[^,.;!?()]+)",
    re.IGNORECASE,
)
#: What may follow a role and is not part of it: "... in 2019", "... at Shopify", "... now".
_ROLE_TAIL_END_RE: Final = re.compile(
    r"\s+(?:(?:now|today|since|in|at|for|from|with|last|this|there|here)\b.*)$", re.IGNORECASE
)
_ROLE_FACT_RE: Final = re.compile(r"User is (?:a|an|now a|now an)\s", re.IGNORECASE)


def _role_tail(clause: str) -> list[ExtractedFact]:
    """The role of :data:`_ROLE_TAIL_RE` ("User is a staff engineer"), or nothing."""
    found = _ROLE_TAIL_RE.match(clause.strip())
    if found is None:
        return []
    role = _ROLE_TAIL_END_RE.sub("", found["role"] or found["role2"])
    return _phrasing.role_facts("working as " + role.strip())


#: The user's own group as a subject ("our team uses Linear", "my company is on AWS"):
#: what it uses is the user's.
_OWN_GROUP_RE: Final = re.compile(
    r"^(?:my|our|the)\s+(?!other\b|different\b|neighbou?ring\b|sister\b)"
    r"(?:\w+\s+){0,2}?(?:team|teams|squad|crew|tribe|company|org|department|employer|lab|"
    r"group|shop|startup|agency|devs|engineers|users|customers|clients|org's|company's|team's)\b",
    re.IGNORECASE,
)
#: "my screen reader chokes on them", "screen reader user (NVDA)": the user's own aid,
#: which changes how every answer should be written.
_ASSISTIVE_RE: Final = re.compile(
    r"\b(?:my|our)\s+(?P<a>screen[- ]?readers?|screen magnifier|magnifier|braille display)\b"
    r"|\b(?P<b>screen[- ]?reader|screen magnifier|braille display)\s+user\b",
    re.IGNORECASE,
)
_SCREEN_READERS_RE: Final = re.compile(r"\b(NVDA|JAWS|VoiceOver|TalkBack|Orca|Narrator)\b")


def _assistive_facts(clause: str) -> list[ExtractedFact]:
    found = _ASSISTIVE_RE.search(clause)
    if found is None or _OTHER_SUBJECT_RE.match(clause) or _is_hypothetical(clause):
        return []
    aid = (found["a"] or found["b"]).lower().replace("screenreader", "screen reader")
    aid = re.sub(r"readers$", "reader", aid.replace("-", " "))
    name = _SCREEN_READERS_RE.search(clause) if "reader" in aid else None
    text = f"User uses the {name[1]} {aid}" if name else f"User uses a {aid}"
    return [ExtractedFact(text, "personal")]


def _negated_use(fact: ExtractedFact, clause: str, mentions: list[Mention]) -> ExtractedFact:
    """ "User uses X" where the clause says "not X" / "never X" / "no X": "User does not
    use X" ("plain pytest functions, not unittest classes"); ``mentions``: the clause's."""
    use = re.match(r"^User uses (?P<x>[\w.+#/ -]+?)$", fact.content)
    if use is None:
        return fact
    for mention in mentions:
        if mention.name.casefold() == use["x"].casefold() and _NEGATION_RIGHT_BEFORE_RE.search(
            clause[max(0, mention.start - 16) : mention.start]
        ):
            return ExtractedFact(f"User does not use {use['x']}", fact.category, fact.confidence)
    return fact


_NEGATION_RIGHT_BEFORE_RE: Final = re.compile(
    r"\b(?:not|never|no|kein|keine|keinen|geen|nicht|niet|nie|não|nao)\s+(?:the\s+|any\s+)?$",
    re.I,
)  # (and in the user's other languages: "wir nutzen kein Jira mehr", "geen Trello meer")


#: A standing instruction whose condition comes first, without the comma the rules
#: read it by ("When you write SQL use uppercase keywords"), after a lead ("from now on,
#: when you ..."), or with what to do but no verb ("when you suggest libraries, only MIT
#: or Apache licensed ones").
_CONDITION_FIRST_RE: Final = re.compile(
    r"^(?:(?:from now on|going forward|in (?:the )?future|and|also)\s*,?\s*)?"
    r"(?P<cond>when(?:ever)?\s+you\s+\w+[^,:;\u2014?]*?)"
    r"(?:\s*[,\u2014]\s*|\s+(?=(?:use|write|put|add|give|show|explain|keep|make|include|"
    r"always|never|don't|do not|please|pls|stick|avoid|stay|start|end|format|mark|label|"
    r"name|comment|wrap|prefer)\b))(?P<rest>\w.*)$",
    re.IGNORECASE,
)


def _condition_first(clause: str) -> str:
    """``clause`` as "when you <do>, <instruction>" (the form the rules read) when it is
    a conditional standing instruction said another way; else as it is."""
    m = _CONDITION_FIRST_RE.match(clause.strip())
    if m is None:
        return clause
    rest = m["rest"]
    if not _phrasing.is_imperative(rest) and not re.match(
        r"(?:always|never|don't|do not|please|pls)\b", rest, re.IGNORECASE
    ):
        rest = f"use {rest}"  # ("only MIT or Apache licensed ones")
    return f"{m['cond']}, {rest}"


#: "when you write SQL for me, uppercase the keywords": a condition of a standing
#: instruction, not a question.
_WHEN_YOU_RE: Final = re.compile(r"^when(?:ever)?\s+you\s+\w+[^,?]*,\s*\w", re.IGNORECASE)
#: A supposed case: "hypothetically" anywhere, "suppose", "imagine", "in theory" as the
#: sentence's opening ("Say, suppose I moved to Godot"; not "working in theory of ...").
_SUPPOSE_RE: Final = re.compile(
    r"\bhypothetically\b|\bin\s+a\s+(?:world|universe)\s+where\b|\bin\s+an\s+ideal\s+world\b|"
    r"^\W*(?:(?:say|ok|okay|so)\W+)?(?:suppose|supposing|imagine|in theory|"
    r"theoretically)\b|^\W*(?:(?:ok|okay|so)\W+)?say (?:I|we|you|my|our|the)\b",
    re.IGNORECASE,
)
#: "as you mentioned, Cilium replaces kube-proxy": the assistant's words, said back.
_ECHO_RE: Final = re.compile(
    r"\b(?:as|like) you (?:just )?(?:mentioned|said|suggested|explained|noted|wrote|"
    r"pointed out|recommended|described)\b",
    re.IGNORECASE,
)
#: A clause without a subject of its own ("never Figma", "not Jira", "only Sketch").
_TAIL_CLAUSE_RE: Final = re.compile(
    r"^(?:and |but |or )?(?:never|not|no|nor|only|always|also|just)\b", re.IGNORECASE
)
#: An opinion that turned: "I used to hate Tailwind, but honestly I've come around",
#: "used to love Redux but now I can't stand it".
_DISLIKE_WORDS: Final = frozenset({"hate", "dislike", "despise", "avoid", "loathe", "not like"})
_TURNED_RE: Final = re.compile(
    r"^(?:I\s+)?used\s+to\s+(?P<old>hate|dislike|despise|avoid|loathe|not like|love|like|"
    r"adore|swear by)\s+(?P<x>[\w.+#/ -]{2,40}?)\s*,?\s+but\s+(?:honestly\s+|now\s+|"
    r"these days\s+|tbh\s+)*(?:I\s+)?(?:have\s+|'ve\s+)?"
    r"(?:(?P<up>come around(?: on it| to it)?|changed my mind|warmed up(?: to it)?|"
    r"grown to like it|love it(?: now)?|like it(?: now)?)"
    r"|(?:now\s+)?(?:can't|cannot|can not) stand it|hate it(?: now)?|got tired of it|"
    r"(?:am|'m) over it)\b.*$",
    re.IGNORECASE,
)
_PAST_RE: Final = re.compile(
    r"\b(?:used to|back when|in the past|years ago|at my (?:old|last|previous))\b", re.IGNORECASE
)
#: "our team runs everything on Nomad" (not "my team lead", "the team next door", "my old
#: team used Angular").
_TEAM_RE: Final = re.compile(
    r"^(?:our|my)\s+(?:team|squad|org|shop|company)\b(?!\s+(?:lead|leads|manager|mates?|"
    r"next|at|I|we|that|which|who)\b)(?!.*\b(?:used|was|were|had)\b)",
    re.I,
)
_NOT_BEFORE_RE: Final = re.compile(
    r"\b(?:not|no|never|without|don't|dont|avoid|avoids|hate|dislike|geen|kein|keine|keinen|"
    r"niet|nicht|nie|não|nao)\s+(?:[\w-]+\s+){0,2}$",
    re.IGNORECASE,
)
_SKIP_BEFORE_RE: Final = re.compile(
    r"(?:\b(?:over|than|instead of|rather than|vs\.?|versus|from|like|unlike|except|besides|"
    r"between|or|either|considering|looking into|looking at|thinking about|thinking of|"
    r"eyeing|evaluating|checking out|exploring|named|called|"
    # not allowed: "work won't let me install linux"
    r"(?:let|lets|allow|allows)\s+(?:me|us)\s+(?:to\s+)?(?:install|use|run|have)|"
    r"allowed\s+to\s+(?:install|use|run)|(?:can't|cant|cannot)\s+(?:install|use|run))|"
    r"[>=<]|->|\u2192)"
    r"\s+(?:the\s+|plain\s+)?$",
    re.IGNORECASE,
)
_SCOPE_BEFORE_RE: Final = re.compile(
    r"\b(?:for|in|inside|within)\s+(?:the\s+|my\s+|our\s+)?$", re.I
)
_TROUBLE_RE: Final = re.compile(
    r"\b(?:error|exception|traceback|fails?|failing|failed|broke|broken|crash\w*|bug|issue|"
    r"problem|stuck|doesn't work|does not work|won't|can't get|cannot get|help|tutorial|course|"
    r"(?<!for\s)(?:docs|documentation)|article|video|book|interview|job (?:ad|posting|offer)|"
    r"recruiter|"
    r"client wants|customer wants|know|knew|heard|understand|understood|sure|idea|familiar|"
    r"clue|learn|learning|remember|forgot|forget)\b",
    re.IGNORECASE,
)


_OWN_SUBJECT_RE: Final = re.compile(
    r"^(?:I|I'm|Im|I am|I've|Ive|I have|we|we're|were|we are|we've|we have|my|our|me|us|"
    r"mostly|mainly|also|currently|now|these days|at work|at home|here)\b",
    re.IGNORECASE,
)
#: A verbless piece that starts with a name and goes on as a list or a setting does:
#: "Django + HTMX on Postgres", "Flutter 3.22 w/ Riverpod" ("git log shows" does not).
_STACK_START_RE: Final = re.compile(
    r"^(?-i:[A-Za-z][\w.+#/-]*)(?:\s+(?-i:[A-Z0-9][\w.+#/-]*))?(?:\s+v?\d[\w.]*)?\s*"
    r"(?:[+/&,]|\band\b|\bwith\b|\bw/|\bon\b|\bfor\b|\bhere\b|\bmostly\b|\beverywhere\b|$)",
    re.IGNORECASE,
)


_STACK_TAIL_RE: Final = re.compile(
    r"^(?:\s+v?\d[\w.]*)?\s*(?:[+/&,;.]|\band\b|\bwith\b|\bw/|\bon\b|\bfor\b|\bhere\b|"
    r"\bmostly\b|\beverywhere\b|\bwhen\b|$)",
    re.IGNORECASE,
)
_FREQUENCY_LEAD_RE: Final = re.compile(
    r"^(?:occasionally|sometimes|rarely|often|usually|mostly|mainly|primarily|also|plus|"
    r"a bit of|some)\s+",
    re.IGNORECASE,
)


def _starts_a_stack(plain: str, mentions: list[Mention]) -> bool:
    """The statement begins with a technology ("dbt core 1.8 on snowflake", "occasionally
    Stata when coauthors insist") that a list or a use follows."""
    first = mentions[0]
    lead = _FREQUENCY_LEAD_RE.match(plain)
    if first.start != (lead.end() if lead else 0):
        return False
    return bool(_STACK_TAIL_RE.match(plain[first.end :]) or _STACK_START_RE.match(plain))


_PERSON_AFTER_MY_RE: Final = re.compile(
    rf"^(?:my|our)\s+(?:\w+\s+)?(?:{ROLE_NOUNS}|hire|lead|boss|dev|devs|intern)s?\b",
    re.IGNORECASE,
)
_OPINION_VERB_RE: Final = re.compile(
    r"\b(?:love|loves|like|likes|hate|hates|loathe|loathes|dislike|dislikes|prefer|prefers|"
    r"tolerate|tolerates|refuse|refuses|can't stand|cannot stand|enjoy|enjoys|adore|fan of|"
    r"favou?rite|rather|better|worse|over)\b",
    re.IGNORECASE,
)
#: Verbs of a statement that names a technology without using it ("I deleted my Heroku
#: account", "I compared Vue and Svelte", "I'm giving a talk on Kubernetes").
_NOT_USING_RE: Final = re.compile(
    r"\b(?:delet\w*|remov\w*|replac\w*|compar\w*|giv\w+ a talk|talk\w*|present\w*|rewrit\w*|"
    r"port\w*|migrat\w*|moved|moving|switch\w*|dropp\w*|ditch\w*|used|tried|trying|tested|"
    r"read|reading|watch\w*|asked|review\w*|uninstall\w*|quit|left|leaving|stopped|hat\w+|"
    r"evaluat\w*|benchmark\w*|teach\w*|wrote about|blog\w*)\b",
    re.IGNORECASE,
)
#: Plans and conditions anywhere in the statement (``_is_hypothetical`` forgives a
#: trailing "if I need it"; a statement that only names technologies does not).
_PLAN_RE: Final = re.compile(
    r"\b(?:hypothetically|suppose|supposing|imagine|want(?:ed)? to|wanna|plan(?:ning)? to|"
    r"thinking (?:about|of)|considering|might|maybe|perhaps|would|could|should|going to|gonna|"
    r"if|whether|trying to decide|evaluating|looking (?:at|into)|curious|wondering|"
    r"someday|one day|eventually)\b",
    re.IGNORECASE,
)


def _states_a_use(plain: str) -> bool:
    """A statement that may name what the user uses: not a question, a plan, the past, a
    problem report, an injected instruction, a request or an opinion (the rules read
    those)."""
    return not (
        "?" in plain
        or _INTERROGATIVE_RE.match(plain)
        or _is_hypothetical(plain)
        or _PAST_RE.search(plain)
        or _TROUBLE_RE.search(plain)
        or _phrasing.injected(plain)
        or _phrasing.is_imperative(plain)
        or _OPINION_VERB_RE.search(plain)
        or _NOT_USING_RE.search(plain)
        or _PLAN_RE.search(plain)
    )


def _named_technologies(clause: str) -> list[tuple[str, ExtractedFact]]:
    """(name, "User uses X") for each technology a statement names ("We're a Django +
    HTMX team on Postgres, deploying through GitHub Actions"), for the names no rule
    read: a statement about the user or their team, not a question, a plan, the past,
    another person, a request to the assistant, a problem report or an opinion (the
    rules read those). A name after "not", "no", "never" is not used; one after "over",
    "than", "instead of", "from" is left out (the other side of a comparison), and so
    is one after "for" or "in" another (its scope)."""
    plain, _ = _phrasing.strip_correction(_strip_filler(clause.strip()))
    plain = _strip_filler(plain)
    mentions = find_technology_mentions(plain) if plain else []
    if not mentions or not _states_a_use(plain):
        return []
    team = bool(_TEAM_RE.match(plain))
    if not team and (
        not (_OWN_SUBJECT_RE.match(plain) or _starts_a_stack(plain, mentions))
        or _OTHER_SUBJECT_RE.match(plain)
        or _PERSON_AFTER_MY_RE.match(plain)
    ):
        return []
    subject = "User's team" if team else "User"
    out: list[tuple[str, ExtractedFact]] = []
    previous_end = -1
    for mention in mentions:
        before = plain[max(0, mention.start - 24) : mention.start]
        if _SKIP_BEFORE_RE.search(before):
            continue
        if previous_end >= 0 and _SCOPE_BEFORE_RE.search(plain[previous_end : mention.start]):
            continue
        previous_end = mention.end
        name = _phrasing.version_after(plain, mention.end, mention.name)
        negative = bool(_NOT_BEFORE_RE.search(before))
        verb = "does not use" if negative else "uses"
        out.append((mention.name, ExtractedFact(f"{subject} {verb} {name}", "tech_stack")))
    for name in _plus_joined(plain, mentions) + _versioned_products(plain, mentions):
        out.append((name, ExtractedFact(f"{subject} uses {name}", "tech_stack")))
    return out


#: The confidence of a name read only from its place in a list (a weaker reading than a
#: rule's): such a fact is dropped when another fact of the message names it.
LISTED_CONFIDENCE: Final = 0.7
#: "Stack: ...", "infra = ...", "me: ...": a label before a list.
_LIST_LABEL_RE: Final = re.compile(
    r"^(?:(?:my|our|the|tech|current|dev|work|home)\s+)?(?:stack|tech|tools?|tooling|infra|"
    r"setup|env|environment|me|langs?|languages?|editor|ide|os|platform|db|database|ci|"
    r"hosting|hardware|gear|backend|frontend|mobile|data|home lab|homelab|lab)\s*(?::|=|->)\s+",
    re.IGNORECASE,
)
#: A label of what is tested, supported or required, not used: "Test matrix: ...",
#: "Supported browsers: ...", "Targets = ...".
_NOT_MINE_LABEL_RE: Final = re.compile(
    r"^[\w/ -]{0,20}?\b(?:matrix|supported|targets?|compat\w*|requirements?|reqs)\b"
    r"[\w/ -]{0,20}?\s*(?::|=|->)\s+",
    re.IGNORECASE,
)
#: A label that says the list is not the user's tools: "Test matrix: ...".
_OTHER_LABEL_RE: Final = re.compile(r"^[\w/ -]{1,30}?\s*(?::|=|->)\s+")


def _listed_products(clause: str, *, tech_context: bool) -> list[tuple[str, ExtractedFact]]:
    """(name, "User uses X") for the product names a list of the user's tools holds that
    the technology list does not know: "Oracle 19c / PL/SQL packages / Toad", "Airflow
    on MWAA", "IAR toolchain", "NI DAQ cards" in a message that names known ones. The
    statement must be the user's own list (it starts with a name, a label or the user),
    and pass the filters of :func:`_named_technologies`."""
    plain, _ = _phrasing.strip_correction(_strip_filler(clause.strip()))
    plain = _LIST_LABEL_RE.sub("", _strip_filler(plain))
    if (
        not tech_context
        or _OTHER_LABEL_RE.match(plain)
        or _MAKE_ONE_RE.match(plain)
        or not plain
        or not _states_a_use(plain)
        or _OTHER_SUBJECT_RE.match(plain)
        or _PERSON_AFTER_MY_RE.match(plain)
        or re.match(r"(?i)^(?:I|we|you|he|she|they|it)\b", plain)
    ):
        return []
    mentions = find_technology_mentions(plain)
    team = bool(_TEAM_RE.match(plain))
    subject = "User's team" if team else "User"
    return [
        (name, ExtractedFact(f"{subject} uses {name}", "tech_stack", LISTED_CONFIDENCE))
        for name in _listed_names(plain, mentions)
    ]


def _said_already(name: str, said: str) -> bool:
    """True when every word of ``name`` is in ``said`` ("Oracle 19c" of "User uses
    Oracle Database 19c")."""
    return all(word in said for word in name.casefold().split())


#: Where a stack statement's list items part: commas, semicolons, " / ", "+", dashes with
#: spaces, "and", chat's "n", "w/", "with", "on" ("Home Assistant on a Pi 4").
_ITEM_SPLIT_RE: Final = re.compile(
    r"(?<!\s)\s*+(?:[,;|]|(?<=\s)/(?=\s)|(?<=\w)\+(?=\w)|(?<=\s)\+(?=\s)|(?<=\s)[-\u2013\u2014]+(?=\s)|"
    r"(?<=\s)(?:and|n|&|plus|w/|with|on)(?=\s))\s*+",
    re.IGNORECASE,
)
#: The rest of an item past its name: a purpose, a place, a time ("Perforce for VCS",
#: "Nexus 9k in the core", "IAR toolchain since 2019").
_ITEM_TAIL_RE: Final = re.compile(
    r"(?<!\s)\s++(?:for|as|at|in|to|when|since|because|until|only|still|all|is|are|was|were|from|"
    r"that|which|who|but|so|if|via|into|under|over|than|instead|mostly|everywhere|here|"
    r"there|now|too|though|tho|lol|day|every)\b.*$",
    re.IGNORECASE,
)
_ITEM_LEAD_RE: Final = re.compile(
    r"^(?:(?:a|an|the|some|a bit of|bit of|a couple of|couple of|a few|few|mostly|mainly|"
    r"plus|also|basic|old|legacy|new|single|my|our|lots of|a lot of|heavy|light)\s+)+",
    re.IGNORECASE,
)
#: Words that are never a product's name, written with a capital or not (beyond the stop
#: words and the rules' ordinary words, which :func:`_name_like` also refuses).
_NOT_A_NAME: Final = frozenset(
    [
        "i'm",
        "im",
        "us",
        "none",
        "zero",
        "beta",
        "board",
        "boards",
        "core",
        "desktop",
        "lab",
        "main",
        "professional",
        "release",
        "remote",
        "staging",
    ]
)


#: What a name is followed by when it names a kind of thing: "IAR toolchain".
_KIND_NOUNS: Final = frozenset(
    [
        "toolchain",
        "toolchains",
        "cards",
        "card",
        "board",
        "boards",
        "dongle",
        "dongles",
        "router",
        "routers",
        "switch",
        "switches",
        "extension",
        "extensions",
        "plugin",
        "plugins",
        "packages",
        "package",
        "library",
        "libraries",
        "lib",
        "libs",
        "framework",
        "runtime",
        "engine",
        "server",
        "servers",
        "cluster",
        "clusters",
        "box",
        "boxes",
        "kit",
        "sdk",
        "ide",
        "editor",
        "stack",
        "setup",
        "workflow",
        "workflows",
        "rules",
    ]
)
_VERSION_RE: Final = re.compile(
    r"v?\d+(?:\.\d+)*[a-z]?|\d+(?:\.\d+)*\+?|lts|LTS|Pro|Max|Ultra|Lite"
)
#: A number with a unit or an ordinal ("2nd", "8yrs", "16gb"): a count, not a name.
_COUNT_RE: Final = re.compile(r"\d+(?:st|nd|rd|th|s|yrs?|y|h|m|k?b|gb|mb|x)")


def _name_like(token: str, *, first: bool) -> bool:
    """A token a person writes only for a name: letters with digits ("de10", "9k"),
    capitals past its first letter ("NAPALM", "MWAA", "iTerm"), a product's "+", "#" or
    inner dot ("kdb+", "Fly.io"), or a capitalised word that is not the statement's
    first and not an ordinary word."""
    low = token.lower().strip(".")
    if len(low) < 2 or low in _NOT_A_NAME or low in ENGLISH_STOP_WORDS:
        return False
    if _phrasing.common_word(low):
        return False
    letters = re.sub(r"[^A-Za-z]", "", token)
    if not letters:
        return False
    if re.search(r"\d", token) and not _COUNT_RE.fullmatch(low):
        return True
    if re.search(r"[+#]$|\w\.\w", token):
        return True
    if re.search(r"[A-Z]", token[1:]) and len(letters) >= 2:
        return True
    return token[0].isupper() and not first and len(letters) >= 3


def _listed_names(plain: str, mentions: list[Mention]) -> list[str]:
    """Product names the list does not know, listed beside ones it knows in a stack
    statement: "Oracle 19c / PL/SQL packages / Toad", "LabVIEW 2020 ; NI DAQ cards",
    "Airflow on MWAA", "IAR toolchain" (each a name-like word; see :func:`_name_like`)."""
    found: list[str] = []
    position = 0
    for item in _ITEM_SPLIT_RE.split(plain):
        start = plain.find(item, position)
        position = start + len(item) if start >= 0 else position
        core = _ITEM_LEAD_RE.sub("", _ITEM_TAIL_RE.sub("", item.strip(" !:()[]")))
        core = core.strip(" !:()[]").rstrip(".")
        if not core or re.match(r"(?i)^(?:no|not|never|without|zero)\b", core):
            continue
        if re.match(r"(?i)^(?:in|at|from|near|based in|living in|out of)\s", item.strip()):
            continue  # "in Seoul": a place
        if start >= 0 and any(m.start < start + len(item) and start < m.end for m in mentions):
            continue  # the list knows it (the rules above read it)
        tokens = core.split()
        while len(tokens) > 1 and tokens[-1].lower() in _KIND_NOUNS:
            tokens.pop()  # "IAR toolchain", "NI DAQ cards": the name
        if (
            len(tokens) > 3
            or re.search(r"[A-Za-z]'[a-z]|[=_@<>{}$\\]", core)
            or any(len(t) > 24 for t in tokens)
        ):
            continue
        first = start == 0
        if len(tokens) == 1 and len(tokens[0]) < 3:
            continue  # "PL" of "PL / SQL"
        if not all(
            _name_like(t, first=first and i == 0) or (i > 0 and _VERSION_RE.fullmatch(t))
            for i, t in enumerate(tokens)
        ):
            continue
        core = " ".join(tokens)
        if core.casefold() not in (f.casefold() for f in found):
            found.append(core)
    return found


#: A product the list does not know, written with a dotted version: "NetBox 3.7",
#: "SAS 9.4" (camelCase or capitals; not "Chapter 3.2").
_VERSIONED_PRODUCT_RE: Final = re.compile(
    r"\b(?P<name>[A-Z][a-z]+[A-Z][A-Za-z]*|[A-Z]{2,6})\s+(?P<v>v?\d+\.\d+(?:\.\d+)?)\b"
)


def _versioned_products(plain: str, mentions: list[Mention]) -> list[str]:
    found = []
    for m in _VERSIONED_PRODUCT_RE.finditer(plain):
        if any(x.start < m.end("name") and m.start() < x.end for x in mentions):
            continue
        if not _phrasing.common_word(m["name"]):
            found.append(f"{m['name']} {m['v']}")
    return found


_PLUS_RE: Final = re.compile(
    r"(?<![\w.#/-])(?P<left>[\w.#/-]+)\s*(?<!\+)\+(?!\+)\s*(?P<right>[\w.#/-]+)"
)
_PRODUCT_LIKE_RE: Final = re.compile(r"^(?:[A-Z][A-Za-z0-9#.-]{1,24}|[a-z]+[A-Z][\w.-]*)$")


def _plus_joined(plain: str, mentions: list[Mention]) -> list[str]:
    """Names the list does not know, joined by "+" to one it knows: "COBOL + JCL",
    "Power BI + DAX" (a product-like word: capitalised, all capitals or camelCase)."""

    def known(start: int, end: int) -> bool:
        return any(m.start < end and start < m.end for m in mentions)

    found: list[str] = []
    for m in _PLUS_RE.finditer(plain):
        for side, other in (("left", "right"), ("right", "left")):
            word = m[side].strip(".")
            if (
                known(m.start(other), m.end(other))
                and not known(m.start(side), m.end(side))
                and _PRODUCT_LIKE_RE.match(word)
                and not _phrasing.common_word(word)
                and word not in found
            ):
                found.append(word)
    return found


def _named_topic(content: str) -> bool:
    """True when a fact is about one of the registered topics (answer length, indentation,
    ...), not a technology or an unknown thing."""
    from amplify_memory.memory.topics import primary_frame, registered_topic

    frame = primary_frame(content)
    return frame is not None and registered_topic(frame.topic)


_EXPERIENCE_RE: Final = re.compile(
    r"^I(?:'ve|\s+have)?\s+(?:wrote|written|used|did|done|worked\s+with|worked\s+in|programmed|"
    r"coded)\s+(?:in\s+|on\s+)?(?P<x>[\w.+#/ -]{1,40}?)\s+"
    r"(?:professionally\s+)?for\s+(?:about\s+|over\s+|almost\s+|nearly\s+|~\s*)?"
    r"(?P<n>\d+\+?|a|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty)\s+"
    r"(?P<unit>years?|yrs?|decades?)\b",
    re.IGNORECASE,
)


def _experience_fact(clause: str) -> ExtractedFact | None:
    """ "I wrote COBOL for 20 years" -> "User has 20 years of experience with COBOL"."""
    found = _EXPERIENCE_RE.match(clause.strip())
    if found is None:
        return None
    names = _phrasing.tech_names(found["x"])
    if len(names) != 1:
        return None
    thing = found["x"].strip()
    mention = next(iter(_phrasing.tech_mentions(thing)), None)
    if mention is not None:  # the name in its usual casing, the rest as written
        thing = thing[: mention.start] + mention.name + thing[mention.end :]
    n, unit = found["n"].lower(), found["unit"].lower()
    if unit.startswith("decade"):
        years = {"a": "10", "one": "10", "two": "20", "three": "30"}.get(n, n)
        amount = f"{years}0" if years.isdigit() and len(years) == 1 else years
        return ExtractedFact(f"User has {amount} years of experience with {thing}", "personal")
    amount = "1 year" if n in {"a", "one", "1"} else f"{n} years"
    return ExtractedFact(f"User has {amount} of experience with {thing}", "personal")


def _rule_facts(
    clause: str, *, in_question: bool, nested: bool = False, tech_context: bool = False
) -> list[ExtractedFact]:
    """Facts the shape rules read from one clause."""
    if (always := _ALWAYS_TAIL_RE.match(clause)) and (
        said := _rule_facts(always[1], in_question=in_question, nested=nested)
    ):
        return said  # "tabs, always": what "tabs" says ("Aisle seat, always": a liking)
    polite_tail = bool(re.search(r"\b(?:please|pls|plz|thanks|thx)[\s.!]*$", clause, re.I))
    clause, correction = _cleaned(clause)
    early = _early_facts(clause, in_question=in_question, nested=nested)
    if early is not None:
        return early
    if re.match(r"coming\s+(?:over\s+)?from\b", clause, re.IGNORECASE):
        background = _background_fact(clause)  # "Coming from Django, so ..."
        if background is not None:
            return [background]
    facts = _main_facts(clause, correction=correction, polite_tail=polite_tail)
    if facts and (listed := _object_list(clause)):
        return _with_object_list(facts, *listed)  # "I speak English, Yoruba and Igbo"
    if facts and "," in clause and not _WHEN_YOU_RE.match(clause):
        # (the comma of "when you give recipes, use grams" parts a condition from its wish)
        return _with_further_parts(clause, facts, tech_context=tech_context)
    if facts or "," not in clause:
        return facts
    return _verbless_list(clause, tech_context=tech_context)


_ALWAYS_TAIL_RE: Final = re.compile(r"^(.+?),\s*always\W*$", re.IGNORECASE)


def _cleaned(clause: str) -> tuple[str, bool]:
    """The clause without a correction's lead, filler and "I said/meant"; and whether
    a correction's lead was there."""
    clause, correction = _phrasing.strip_correction(clause.strip())
    if not correction:
        clause, correction = _phrasing.strip_correction(_strip_filler(clause))
    clause = re.sub(
        r"^I (?:said|meant|told you)(?: (?:already|before|earlier|twice|again))?(?: that)?\s+"
        r"(?=I\b|my\b)",
        "",
        _strip_filler(clause),
    )
    return clause, correction


def _early_facts(clause: str, *, in_question: bool, nested: bool) -> list[ExtractedFact] | None:
    """What a clause's form decides before its statement is read: a question or a
    hypothetical says nothing (a polite request is a wish), a past says experience or
    an opinion turned, a context lead ("at work") scopes the facts inside; None when
    the form decides nothing."""
    if not clause or (_INTERROGATIVE_RE.match(clause) and not _WHEN_YOU_RE.match(clause)):
        polite = _POLITE_REQUEST_RE.match(clause)
        if polite and not _is_hypothetical(polite["rest"]):
            return _request_facts(polite["rest"], polite=True)
        return []
    if _phrasing.PRONOUNS_RE.match(clause):
        return _phrasing.list_item_facts(clause)
    head = clause.split(",", 1)[0]  # a condition after a comma ("..., if you want") is its own
    if (
        in_question
        or _is_hypothetical(head)
        or (_OTHER_SUBJECT_RE.match(clause) and not _OWN_GROUP_RE.match(clause))
        or _SUPPOSE_RE.search(clause)
    ):
        return []
    experience = _experience_fact(clause)
    if experience is not None:  # "I wrote COBOL for 20 years": the past is experience
        return [experience]
    turned = _TURNED_RE.match(clause)
    if turned:  # "I used to hate Tailwind, but I've come around": the opinion now
        x = _phrasing.polish(turned["x"], capital=False)
        liked = bool(turned["up"])
        if liked != (turned["old"].lower() in _DISLIKE_WORDS):
            return []  # "used to hate Java, but I hate it now": nothing turned
        return [ExtractedFact(f"User {'likes' if liked else 'dislikes'} {x}", "preference")]
    if _PAST_RE.search(clause):
        return []
    context = None if nested else _CONTEXT_LEAD_RE.match(clause)
    if context:  # "At work it's WinForms on .NET Framework 4.8": the facts hold at work
        inner = clause_facts(context["rest"], in_question=in_question, nested=True)
        where = context["ctx"].lower()
        return [
            ExtractedFact(f"{f.content} {where}", f.category, f.confidence, f.source)
            if f.category == "tech_stack" and where not in f.content.lower()
            else f
            for f in inner
        ]
    return None


def _turned(sentence: str) -> bool:
    """Whether the sentence is an opinion turned ("I used to hate X, but I've come
    around"): one piece, never cut at its "but"."""
    m = _TURNED_RE.match(_strip_filler(sentence.strip()))
    return m is not None and bool(m["up"]) == (m["old"].lower() in _DISLIKE_WORDS)


#: When or how often, said after a statement: "mostly evenings", "most days", "on
#: weekends", "part-time", "3x a week", "weather permitting".
_WHEN_TAIL_RE: Final = re.compile(
    r"[,;\s]+(?:(?:mostly|mainly|usually|often|only|just|and)\s+)?(?:(?:on\s+|in\s+the\s+)?"
    r"(?:evenings|mornings|nights|weekends|weekdays|afternoons)|most\s+(?:days|nights|weeks|"
    r"weekends)|part[- ]time|full[- ]time|these\s+days|at\s+the\s+moment|right\s+now|for\s+now|"
    r"(?:\d{1,2}|one|two|three|four|five|six)\s*(?:x|times)\s+(?:a|per)\s+(?:week|month|day)|"
    r"every\s+(?:day|week|weekend|morning|evening|night)|weather\s+permitting)"
    r"(?:\s*,?\s*weather\s+permitting)?[\s.!]*$",
    re.IGNORECASE,
)


#: What is joined on after a statement: "... and doing the maths is annoying", "...
#: whenever you give me recipes", "... because ...".
_JOINED_TAIL_RE: Final = re.compile(
    r"(?:,\s*|\s+)(?:and|but|so|because|bc|cause|coz|since|whenever|when\s+you|if\s+you|"
    r"while|which|though)\s+.*$",
    re.IGNORECASE,
)


#: What a joined part says that undoes the statement before it: "... but she died last
#: year", "... but quit last month", "... but only until Friday".
_UNDONE_RE: Final = re.compile(
    r"\b(?:died|dead|passed|quit|sold|cancell?ed|called\s+it\s+off|until|till|gave\s+up|"
    r"stopped|anymore|no\s+longer|left|ended|over|broke\s+up|moved\s+out|used\s+to|"
    r"not\s+really|kidding|jk|joking)\b",
    re.IGNORECASE,
)


def _main_facts(clause: str, *, correction: bool, polite_tail: bool) -> list[ExtractedFact]:
    """The clause's statement (or its first part's, when that is one of its own), with
    the readings of a verbless clause when the statement says nothing."""
    facts = []
    first = clause.split(",", 1)[0]
    rest = clause[len(first) + 1 :]
    if (
        first != clause
        and _FIRST_PERSON_RE.match(first)
        and not _phrasing.is_list(clause)
        and not re.match(
            r"\s*(?:not|instead|rather|over|but|and not|never|except|too)\b", rest, re.I
        )
    ):
        # "I'm a data engineer in Rotterdam, mostly writing Scala": the first part is a
        # statement of its own, the others follow below
        facts = _one_clause(first, correction=correction)
    if not facts:
        facts = _one_clause(clause, correction=correction)
    when = None if facts else _WHEN_TAIL_RE.search(clause)
    if when and when.start() > 0:
        # "I'm an uber driver in nairobi mostly evenings": the statement without its when
        facts = _one_clause(clause[: when.start()], correction=correction)
    joined = None if facts else _JOINED_TAIL_RE.search(clause)
    if joined and _FIRST_PERSON_RE.match(clause) and not _UNDONE_RE.search(joined.group()):
        # "I live in Zürich and doing the maths every time is annoying", "I'm lactose
        # intolerant whenever you give me recipes": the statement before what is joined on
        head = re.sub(
            r"\s+(?:actually|though|tho|lol|anyway|honestly)\W*$", "", clause[: joined.start()]
        )
        facts = _one_clause(head, correction=correction)
    if not facts and polite_tail:  # "bullet points please": a wish with its value only
        facts = _phrasing.list_item_facts(clause)
    if not facts and "," not in clause:  # "working as a data analyst at a logistics company now"
        facts = _phrasing.role_facts(clause)
    kids = _BARE_KIDS_RE.fullmatch(clause.strip(" .!-*\u2022"))
    if not facts and kids and kids["k"]:
        # "3 kids!! not 2", "- two cats named Pistache and Nuage" (whose: see bare_count)
        return _bio_fact(kids.group(), bio=False)
    place = re.sub(r"\s+(?:now|these days)\W*$", "", clause).strip(" .!")
    if not facts and _phrasing.bare_place(place):
        return [ExtractedFact(f"User is based in {place}", "personal")]  # "Rotterdam."
    if (
        not facts
        and (len(clause.split()) <= 5 or _NO_IN_MEALS_RE.match(clause))
        and "," not in clause
        and clause.strip(" .!") not in _phrasing.LONE_PLAIN_WORDS
    ):
        # a verbless piece of its own: "security engineer", "she/her", "Neovim"
        facts = [
            f
            for f in _phrasing.list_item_facts(clause)
            if not f.content.startswith("User prefers")
            or (len(clause.split()) <= 3 and _named_topic(f.content))
        ]  # a bare preference only for a topic the rules know ("short answers")
    # "I switched from ukulele to classical guitar", "Thermomix TM6 at home"
    return facts or switched_to(clause) or promoted_to(clause) or model_product(clause)


#: A word that makes a part after a comma more than a thing in a list: a pronoun, a verb
#: of the common ones, a word that joins clauses ("I live in Austin, Texas, and work at
#: Dell": "work" begins a statement).
_NOT_AN_ITEM_WORDS: Final = frozenset(
    _wordlist(
        "i i'm im we you he she they it me us them my our your his her their this that these "
        "those am is are was were be been being have has had do does did doing work works "
        "worked live lives lived use uses used using love loves like likes hate hates need "
        "needs want wants go goes going get gets got make makes can can't cannot will would "
        "should could may might must not no never but so because since though although "
        "which who whom whose also now then still just mostly usually when while if unless "
        "please thanks thx lol btw etc"
    )
)
_LIST_ITEM_RE: Final = re.compile(r"[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w'-]*){0,3}")
_LIST_JOIN_RE: Final = re.compile(r"\s+(?:and|&)\s+", re.IGNORECASE)


def _object_list(clause: str) -> tuple[str, list[str]] | None:
    """(the word before a list's first comma, the other things of the list) when the
    clause ends in a list of three things or more joined by "and" that are not
    technologies, each of one to four words: "I speak English, Yoruba and Igbo" ->
    ("English", ["Yoruba", "Igbo"]); "allergic to peanuts, shellfish, and penicillin".
    None for parts that say more than a thing ("Austin, Texas, and work at Dell"), for
    numbers, for one of several ("a dog, a cat, or a rabbit") and for named technologies
    (read one fact each already: "Slack, Jira and Confluence")."""
    head, comma, rest = clause.partition(",")
    rest = rest.strip().rstrip(".!")
    if not comma or not head.split():
        return None
    parts = [p.strip() for p in rest.split(",")]
    last = _LIST_JOIN_RE.split(re.sub(r"^(?:and|&)\s+", "", parts[-1], flags=re.I))
    if not re.match(r"(?:and|&)\s", parts[-1], re.I) and len(last) != 2:
        return None  # (the list ends in "and <thing>", or its one part is "X and Y")
    items = [*parts[:-1], *last]
    if len(items) < 2 or not all(_LIST_ITEM_RE.fullmatch(i) for i in items):
        return None
    if any(_LIST_JOIN_RE.search(i) for i in items):
        return None  # ("two kids, Tom and Ana, and a dog": a list inside a list)
    words = {w.casefold() for i in items for w in i.split()}
    if words & _NOT_AN_ITEM_WORDS or _phrasing.tech_names(rest):
        return None
    return head.split()[-1], items


#: What comes before a thing said of the user, not an object ("User is a nurse, mother of
#: two and runner": three facts, none of them a list of one kind).
_PREDICATE_STEM_RE: Final = re.compile(
    r"\b(?:is|are|am)(?:\s+(?:a|an|the|now|also|very|really|quite|still))*\s*$", re.IGNORECASE
)


_THING_LEAD_RE: Final = re.compile(
    r"(?:\b(?:a|an|the|some|one|two|three|four|five|\d+|their|my)\s+)+$", re.IGNORECASE
)


def _with_object_list(
    facts: list[ExtractedFact], first: str, more: list[str]
) -> list[ExtractedFact]:
    """``facts`` with the fact that ends in a list's first thing, the object of a verb or
    a word before it ("speaks English", "allergic to peanuts"), said again of each other
    thing: one fact each, so that one of them can end alone ("stopped taking aspirin")."""
    if _phrasing.tech_names(first) or is_place(first):
        return facts  # (a place and its country: "in Berlin, Germany and ...")
    out = []
    for fact in facts:
        out.append(fact)
        if not fact.content.casefold().endswith(first.casefold()):
            continue
        # (each thing says its own article or number: "has a dog, two cats and a parrot")
        stem = _THING_LEAD_RE.sub("", fact.content[: -len(first)])
        if not _PREDICATE_STEM_RE.search(stem):
            out += [dataclasses.replace(fact, content=stem + item) for item in more]
    return out


#: A bare "not X" after a wish: its other side, no fact of its own.
_CONTRAST_PART_RE: Final = re.compile(r"not\s+(?:[\w-]+\s+)?[\w.+#-]+$", re.IGNORECASE)
_WISH_FACT_RE: Final = re.compile(r"User (?:prefers|wants|likes)\b")


def _with_further_parts(
    clause: str, facts: list[ExtractedFact], *, tech_context: bool
) -> list[ExtractedFact]:
    """``facts`` and what each further comma-separated part of ``clause`` adds."""
    # "I'm Marta, a backend dev at a fintech, mostly writing Scala": each further
    # part may add a fact of its own
    seen = {f.content.casefold() for f in facts}
    said = " ".join(seen)
    if not any(f.category == "personal" for f in facts):
        # "SRE at a fintech, on call every 4 weeks, Grafana and Prometheus": the
        # first part is the user's job
        for fact in _phrasing.role_facts(_strip_filler(clause.split(",", 1)[0])):
            seen.add(fact.content.casefold())
            facts.insert(0, fact)
    for part in re.split(r"\s*,\s*(?:and\s+)?", clause)[1:]:
        part = _strip_filler(part)
        if not part or _is_hypothetical(part) or _OTHER_SUBJECT_RE.match(part):
            continue
        if _plain_word_alone(part, clause):
            continue  # "I take my coffee dark roast, black, no sugar"
        if _CONTRAST_PART_RE.match(part) and any(_WISH_FACT_RE.match(f.content) for f in facts):
            continue  # "code examples in typescript, not plain js": the wish's other side
        names = _phrasing.tech_names(part)
        if names and all(n.casefold() in said for n in names):
            continue  # already said by the clause as a whole ("Like: Go, Rust")
        personal = any(f.category == "personal" for f in facts)
        bio = _bio_fact(part, bio=personal)  # ("I'm a retired teacher, 71, ...")
        if personal and _phrasing.bare_place(part):  # ("I'm a nurse, Leeds")
            placed = is_region(part) and any(_PLACED_RE.search(f.content) for f in facts)
            bio = [] if placed else [ExtractedFact(f"User is based in {part}", "personal")]
        known = tech_context or bool(_phrasing.tech_names(clause))
        for fact in bio or _part_facts(part, unknown=known):
            key = fact.content.casefold()
            if key not in seen and not any(key in other for other in seen):
                # not said already, also not as a part of a longer fact ("add a
                # test" of "add a test every time it fixes a bug")
                seen.add(key)
                facts.append(fact)
    return facts


def _intro(parts: list[str]) -> bool:
    """Whether a list (its parts without filler) is a user's introduction that begins
    with their age: "23, still live w my parents in Manila", "31, nurse, Leeds" (an age,
    then a role, a home or a statement with its "I" left out), or with a role and then
    the age ("Retiree, 71, just got my first smartphone")."""
    if len(parts) < 2 or not any(_BARE_AGE_RE.fullmatch(p) for p in parts[:2]):
        return False
    return any(
        _ELIDED_I_RE.match(p) or _phrasing.bare_place(p) or _phrasing.role_facts(p)
        for p in parts[1:4]
    ) or bool(_phrasing.role_facts(parts[0]))


#: What the user never wants in meals, a longer verbless piece: "no pork or alcohol in
#: recipes".
_NO_IN_MEALS_RE: Final = re.compile(
    r"^no\s+[\w-]+(?:\s+(?:or|and|,)\s+[\w-]+){0,3}\s+in\s+(?:any\s+|my\s+|the\s+)?"
    r"(?:recipes?|meals?|meal\s+plans?|dishes|food)\W*$",
    re.IGNORECASE,
)


def bare_count(clause: str) -> bool:
    """``clause`` is a count of kids or pets said bare, without their names or ages ("3
    kids", "- two cats"): the user's only in a message that speaks of the user (a
    booking's "- 2 adults - 3 kids" may be anyone's)."""
    kids = _BARE_KIDS_RE.fullmatch(clause.strip(" .!-*\u2022"))
    return bool(kids and kids["k"] and not kids["names"] and not kids["ages"])


def _plain_word_alone(part: str, clause: str) -> bool:
    """``part`` of a list is a tool's name that is a plain word in lower case ("black"),
    and no other tool is named beside it: the plain word."""
    others = [
        n for n in _phrasing.tech_names(clause) if n.lower() not in _phrasing.LONE_PLAIN_WORDS
    ]
    return part in _phrasing.LONE_PLAIN_WORDS and not others


_WORKING_AS_RE: Final = re.compile(r"(?:working|work|employed)\s+as\s+(?:an?\s+)?\w", re.I)


def _verbless_list(clause: str, *, tech_context: bool) -> list[ExtractedFact]:
    """A verbless list of facts, part by part; a place named bare is where the user is
    when the list says who the user is ("backend dev, Leeds, Python")."""
    # a verbless list of facts: "tabs, single quotes, no semicolons, 100 char lines"
    found_by_part: list[list[ExtractedFact] | str] = []
    known = tech_context or bool(_phrasing.tech_names(clause))
    parts = re.split(r"\s*,\s*(?:and\s+)?", clause)
    plain = [_strip_filler(p) for p in parts]
    bio = sum(bool(_bio_fact(p, bio=True)) for p in plain) >= 2 or _intro(plain)
    if sum(bool(_BARE_AGE_RE.fullmatch(p)) for p in plain) > 1:
        bio = False  # ("ages 30, 40, 50", "sizes 32, 34, 36": numbers, not the user's age)
    for i, part in enumerate(parts):
        part = _strip_filler(part)
        if not part or _is_hypothetical(part) or _OTHER_SUBJECT_RE.match(part):
            continue
        if _plain_word_alone(part, clause):
            continue  # "dark roast, black, no sugar": coffee, no formatter
        if _phrasing.bare_place(part):
            found_by_part.append(part)  # (read once the list is read)
            continue
        found = (
            _bio_fact(part, bio=bio)
            or (_phrasing.role_facts(part) if bio or _WORKING_AS_RE.match(part) else [])
            or _part_facts(part, unknown=known)
        )  # ("34, dev at Shopify", "working as an electrician, ...": a job)
        if not found and (i == 0 or _NEW_JOB_RE.match(part)):
            # "I am working as DBA in a bank in Frankfurt, mostly ...", "finished my
            # master's, now working at ASML as a software engineer"
            found = _phrasing.role_facts(part)
        found_by_part.append(found)
    personal = (
        len(found_by_part) == 1
        or bio
        or any(  # ("Rotterdam." said alone, too)
            f.category == "personal"
            for found in found_by_part
            if isinstance(found, list)
            for f in found
        )
    )
    return (
        _with_places(found_by_part)
        if personal
        else [f for found in found_by_part if isinstance(found, list) for f in found]
    )


def _with_places(found_by_part: list[list[ExtractedFact] | str]) -> list[ExtractedFact]:
    """The facts of a list about the user, a place named bare read as where the user is
    ("Toronto, Canada": one place)."""
    out: list[ExtractedFact] = []
    for found in found_by_part:
        if isinstance(found, list):
            out += found
        elif out and is_region(found) and _IN_PLACE_RE.match(out[-1].content):
            out[-1] = ExtractedFact(f"{out[-1].content}, {found}", "personal")
        else:
            out.append(ExtractedFact(f"User is based in {found}", "personal"))
    return out


_IN_PLACE_RE: Final = re.compile(r"^User is based in [^,]+$")
#: A fact that ends at a place: "... based in Lagos" (", Nigeria" is that place's).
_PLACED_RE: Final = re.compile(
    r"\b(?:in|from|at)\s+(?-i:[A-Z])[\w.'-]*(?:\s+(?-i:[A-Z])[\w.'-]*)?$"
)
#: A thing weighed, not in use: "considering Buildkite", "looking into Bun".
_WEIGHED_RE: Final = re.compile(
    r"^(?:(?:now|currently|also|maybe|seriously)\s+)?(?:considering|looking\s+(?:into|at)|"
    r"thinking\s+(?:about|of)|eyeing|evaluating|checking\s+out|researching|exploring|"
    r"trialling|trialing|weighing|might\s+(?:try|switch|move)|may\s+(?:try|switch|move)|"
    r"planning\s+(?:to|on))\b",
    re.IGNORECASE,
)
#: A task asked of the assistant, not what the user does: "Write a birthday message for
#: my wife", "make me a meal plan".
_TASK_LEAD_RE: Final = re.compile(
    r"^(?:please\s+|pls\s+|can\s+you\s+|could\s+you\s+)?(?:write|draft|compose|make|create|"
    r"generate|plan|suggest|translate|summari[sz]e|list|find|recommend|give|tell|design|"
    r"outline|prepare|come\s+up\s+with)\s+(?:me\s+|us\s+)?(?:a|an|the|some|my|our|this|that)\b",
    re.IGNORECASE,
)
#: What the user is, said bare in a list: "self-taught", "vegan", "retired".
_BARE_TRAIT_WORD_RE: Final = re.compile(
    r"self-taught|left-handed|colou?r-?blind|deaf|dyslexic|autistic|vegan|vegetarian|"
    r"pescatarian|diabetic|coeliac|celiac|retired|semi-retired|unemployed|pregnant|married|"
    r"divorced|widowed|self-employed|freelance",
    re.IGNORECASE,
)
#: A list's part that says where the user lives: "currently in Norfolk", "live just
#: outside Dublin", "based near Leeds".
_BARE_PLACE_RE: Final = re.compile(
    r"(?:(?:currently|now|still|based|living|live|lives)\s+){0,2}"
    r"(?P<rel>in|near|just outside|outside|just north of|just south of)\s+"
    r"(?P<p>[A-Za-z][\w.'-]*(?:\s+(?-i:[A-Z])[\w.'-]*)?)",
    re.IGNORECASE,
)
#: A bare age in a list about the user ("Dutch, 34, two kids").
_BARE_AGE_RE: Final = re.compile(
    r"(?:age\s+)?(1[6-9]|[2-9]\d)(?:\s*(?:yo|y/o|years\s+old|yrs\s+old))?"
)
#: Children or a parent's role said bare: "two kids", "3 kids", "mom of twins", "dad of 3".
_BARE_KIDS_RE: Final = re.compile(
    r"(?:(?:also|plus|and|\+)\s*)?(?P<n>\d|one|two|three|four|five|six)\s+"
    rf"(?P<adj>(?:grown(?:-up)?|grown\s+up|{DESCRIBED})\s+)?"
    rf"(?P<k>kids|children|grandkids|grandchildren|stepkids|boys|girls|sons|daughters|hens|"
    rf"teenagers|teens|toddlers|"
    rf"{PET_NOUNS})"
    r"(?:\s+aged\s+(?P<ages>\d{1,2}(?:\s*,\s*\d{1,2})*\s+and\s+\d{1,2}))?"
    r"(?:\s+named\s+(?P<names>(?-i:[A-Z])\w+\s+(?:and|&)\s+(?-i:[A-Z])\w+))?"
    r"(?:\s+(?:who|that|which)\s+[^,;]{1,60})?"
    r"|(?P<single>single)?\s*(?P<who>mom|mum|dad|mother|father|parent)"
    r"(?:\s+of\s+(?P<of>twins|triplets|\d|one|two|three|four|five)(?:\s+(?:kids|children|boys|"
    r"girls))?)?",
    re.IGNORECASE,
)


def _bio_fact(part: str, *, bio: bool) -> list[ExtractedFact]:
    """A part of a list about the user said bare: a nationality ("Dutch"), children ("two
    kids", "mom of twins"), and, when the list is such a list (``bio``: two such parts
    at least), an age ("34")."""
    part = re.sub(r"\s*\([^)]*\)", "", part).strip(" .!")
    if _DEMONYM_RE.fullmatch(part):
        return [ExtractedFact(f"User is {part}", "personal")]
    if _BARE_TRAIT_WORD_RE.fullmatch(part):  # "self-taught, 8 months in"
        return [ExtractedFact(f"User is {part.lower()}", "personal")]
    kids = _BARE_KIDS_RE.fullmatch(part)
    if kids and kids["k"]:
        adj = " ".join(kids["adj"].lower().split()) + " " if kids["adj"] else ""
        said = f"{adj}{kids['k'].lower()}"
        n = indefinite_article(said) if kids["n"].lower() in ("1", "one") else kids["n"].lower()
        aged = f" aged {kids['ages']}" if kids["ages"] else ""
        aged += f" named {kids['names']}" if kids["names"] else ""
        return [ExtractedFact(f"User has {n} {said}{aged}", "personal")]
    if kids and (kids["of"] or kids["single"]):
        who = f"{'single ' if kids['single'] else ''}{kids['who'].lower()}"
        of = f" of {kids['of']}" if kids["of"] else ""
        return [ExtractedFact(f"User is {indefinite_article(who)} {who}{of}", "personal")]
    place = _BARE_PLACE_RE.fullmatch(part)
    if place and is_place(place["p"]) and not part.lower().startswith("in "):
        # "currently in Norfolk", "just outside Dublin" (a bare "in Seoul" is read later)
        named = _capitalised(place["p"])
        return [ExtractedFact(f"User lives {place['rel'].lower()} {named}", "personal")]
    age = _BARE_AGE_RE.fullmatch(part) if bio else None
    return [ExtractedFact(f"User is {age[1]}", "personal")] if age else []


_NEW_JOB_RE: Final = re.compile(
    r"^(?:and\s+)?(?:(?:now|currently|these days)\s+)?(?:working|employed|hired)\s+"
    r"(?:at|for|as|by)\b",
    re.IGNORECASE,
)
_GERUND_LEAD_RE: Final = re.compile(
    r"^(?:(?:mostly|mainly|also|plus|currently|now|primarily|usually|and|but|still|then|"
    r"that is|that's|it is|it's|day to day|day-to-day)\s+)*"
    r"(?P<verb>writing|using|working (?:with|in|on)|coding in|building (?:with|on|in)|doing|"
    r"deploying (?:to|on|from)|running|hosting on|developing (?:in|with)|programming in|shipping|"
    r"learning|reviewing|maintaining|testing (?:with|in)|"
    r"write|use|work (?:with|in)|code in|build (?:with|on)|deploy (?:to|on|from)|run|host on|"
    r"hand-off in|hand off in)\s+"
    r"(?P<rest>.+)$",
    re.IGNORECASE,
)
_GERUND_BASE: Final = {
    "writing": "write",
    "using": "use",
    "coding": "code",
    "building": "build",
    "doing": "use",
    "deploying": "deploy",
    "running": "run",
    "hosting": "host",
    "developing": "develop",
    "programming": "program",
    "shipping": "ship",
    "working": "work",
    "learning": "am learning",
    "reviewing": "review",
    "maintaining": "maintain",
    "testing": "test",
    "hand-off": "build",
    "hand": "build",
}


_LIST_VERB_RE: Final = re.compile(
    r"^(?:and\s+)?(?:host|deploy|ship|build|test|run)\w*\s+(?:on|to|from|in|with)\s+(?P<x>.+)$",
    re.IGNORECASE,
)


def _part_facts(part: str, *, unknown: bool = False) -> list[ExtractedFact]:
    """Facts from one comma-separated part of a longer clause: a clause of its own, a
    verb phrase whose subject is the user ("mostly writing Scala"), or a list item."""
    if _WEIGHED_RE.match(part) or _TASK_LEAD_RE.match(part):
        return []  # "..., considering Buildkite": not in use yet; "Write a poem for my mum"
    subs = _clauses(part)
    if len(subs) > 1:  # "my english is not so perfect so please use simple words"
        return [f for sub in subs for f in _part_facts(_strip_filler(sub), unknown=unknown)]
    habit = _LIST_VERB_RE.match(part)
    if habit and _phrasing.tech_names(habit["x"]):  # "host on Forge", "deploy from GitLab"
        return _phrasing.uses_facts(habit["x"])
    gerund = _GERUND_LEAD_RE.match(part)
    if gerund:
        words = gerund["verb"].split()
        base = _GERUND_BASE.get(words[0].lower(), words[0].lower())
        return _statement_facts(" ".join(["I", base, *words[1:], gerund["rest"]]))
    return (
        _one_clause(part)
        or _phrasing.list_item_facts(part, unknown=unknown)
        or model_product(part)  # "garmin forerunner 255, strava free tier"
    )


#: A switch under way, with or without its subject ("I'm switching from npm to pnpm",
#: "migrating from Jest to Vitest", "we're moving off Heroku onto Fly.io"): read as a
#: switch made, before any shape reads "from X" as a place.
_SWITCHING_RE: Final = re.compile(
    r"^(?:(?:I|we)(?:\s+(?:am|are)|['\u2019](?:m|re))\s+)?(?:(?:now|currently|finally|slowly|gradually)\s+)?"
    r"(?:switch|mov|migrat|port|convert)(?:ing|ed)\s+(?:\w+\s+){0,4}?"
    r"(?:(?:from|off|away from)\s+\S|(?:to|onto)\s+[\w.+#-]+(?:\s+[\w.+#-]+)?\s+from\s+\S)",
    re.IGNORECASE,
)


#: A technology moved to another version, with or without its subject: "upgraded to
#: node 20 from 16", "I upgraded angular from 14 to 17", "Go version's bumped to 1.22",
#: "downgraded back to node 18". The name may be a common word ("node", "go"): the
#: version beside it says it is the technology.
_VERSION_MOVE_RE: Final = re.compile(
    r"^(?:(?:I|we)(?:['\u2019]ve|\s+have)?\s+|(?:our|my|the)\s+)?"
    r"(?:(?:finally|just|recently|already|now)\s+)?"
    r"(?:(?P<t1>[\w.+#-]+)(?:\s+version)?(?:['\u2019]s|\s+(?:is|was|got|has\s+been))?\s+)?"
    r"(?:upgraded|updated|bumped|downgraded|moved|migrated)(?:\s+back)?\s+"
    r"(?:(?:our|my|the|all)\s+)?(?:(?P<t2>[\w.+#-]+)\s+)?(?:from\s+v?\d+(?:\.\d+)*\s+)?"
    r"to\s+(?:(?P<t3>[\w.+#-]+)\s+)?v?(?P<new>\d+(?:\.\d+)*)\b",
    re.IGNORECASE,
)


def _version_move_facts(clause: str) -> list[ExtractedFact]:
    """ "User uses Node.js 20" for a technology moved to another version (see
    :data:`_VERSION_MOVE_RE`), or nothing."""
    moved = _VERSION_MOVE_RE.match(clause)
    if moved is None:
        return []
    for name in (moved["t3"], moved["t2"], moved["t1"]):
        tech = lookup_technology(name) if name else None
        if tech is not None:
            return [ExtractedFact(f"User uses {tech.name} {moved['new']}", "tech_stack")]
    return []


#: The two sides of a change of tool, the old one first or the new one first:
#: "switched from Jest to Vitest", "switched to PyTorch from TensorFlow", "swapped Winston
#: for Pino", "dumped Heroku for Fly.io", "k8s -> nomad", "Arc instead of Chrome".
_SWITCH_SIDES: Final = (
    re.compile(
        r"\b(?:switch|mov|migrat|port|convert|chang)(?:ed|ing)\s+(?:(?!to\b|onto\b)[\w'-]+\s+){0,4}?"
        r"(?:from|off|away\s+from|out\s+of)\s+(?P<old>.+?)\s+(?:to|onto|over\s+to|for|into)\s+"
        r"(?P<new>.+)$",
        re.IGNORECASE,
    ),
    re.compile(
        r"\b(?:switch|mov|migrat|port|convert)(?:ed|ing)\s+(?:[\w'-]+\s+){0,2}?(?:to|onto)\s+"
        r"(?P<new>.+?)\s+from\s+(?P<old>.+)$",
        re.IGNORECASE,
    ),
    re.compile(
        r"\b(?:replaced|swapped|traded|dumped|ditched|dropped|exchanged)\s+(?:out\s+)?"
        r"(?P<old>.+?)\s+(?:with|for|in\s+favou?r\s+of)\s+(?P<new>.+)$",
        re.IGNORECASE,
    ),
    re.compile(  # "Neovim -> Zed", "switched editor: Neovim -> Zed"
        r"^(?:(?i:switched|changed|swapped|new)\s+[\w ]{2,20}?:\s*)?"
        r"(?P<old>[\w.+#-]+(?:\s+[\w.+#-]+)?)\s*(?:->|→|=>)\s*(?P<new>.+)$"
    ),
    re.compile(
        r"\b(?:use|using|on|prefer|run|running|write|writing)\s+(?P<new>[\w.+#-]+(?:\s+[\w.+#-]+)?)"
        r"\s+instead\s+of\s+(?P<old>.+)$",
        re.IGNORECASE,
    ),
)
_ARROW_RE: Final = re.compile(r"->|→|=>")
#: What may come before the verb of a change that is the user's own: fillers, a time or
#: a topic, and the user (or the user's team) as the subject.
_USERS_LEAD_RE: Final = re.compile(
    r"(?:\W*\b(?:so|ok|okay|well|yeah|nah|ugh|oh|also|and|but|then|finally|just|recently|"
    r"already|actually|now|today|yesterday|tonight|update|fyi|btw|lol|heads\s+up|"
    r"for\s+[\w-]+|at\s+work|"
    r"last\s+\w+|this\s+\w+|in\s+\w+)\b)*\W*"
    r"(?:(?:i|we|i've|we've|i\s+have|we\s+have|i'm|we're|i\s+am|we\s+are|i\s+just|"
    r"(?:me\s+and\s+)?(?:my|our|the)\s+(?!other\b)(?:\w+\s+)?"
    r"(?:team|squad|crew|company|org|shop|startup|lab))\s+)?"
    r"(?:(?:have|had|been|finally|just|also|already|recently|completely|fully|totally|"
    r"basically|\w+ly)\s+)*",
    re.IGNORECASE,
)
#: A second pair after the first's new side: "... and ESLint+Prettier with Biome".
_SECOND_SWAP_RE: Final = re.compile(r"\s+and\s+(?=\S.*?\s(?:with|for)\s)", re.IGNORECASE)
#: Where one side of a change ends: the rest of the sentence is about something else.
_SIDE_END_RE: Final = re.compile(
    r"\s*(?:[,;:!?()]|\.(?!\w)|\s[-\u2013\u2014]\s|\b(?:so|but|because|since|which|and\s+it|took|now)\b"
    r"|\b(?:last|this)\s+(?:week|month|year|weekend|spring|summer|autumn|fall|winter|semester|"
    r"term|quarter|sprint)\b|\b(?:yesterday|today|recently|lately)\b"
    r"|\b(?:a|one|two|three|\d+)\s+(?:days?|weeks?|months?|years?)\s+ago\b)"
    r".*$",
    re.IGNORECASE,
)


def _switch_facts(clause: str) -> list[ExtractedFact]:
    """ "User uses <new>" and "User no longer uses <old>" for a change of tool (see
    :data:`_SWITCH_SIDES`), or nothing. One side must name a known technology; the other
    may then be a name the list does not know ("swapped Moment for Luxon")."""
    if len(_ARROW_RE.findall(clause)) > 1:
        return []  # "Figma -> Tailwind -> Astro": a pipeline, not a change
    for pattern in _SWITCH_SIDES:
        found = pattern.search(clause)
        if found is None:
            continue
        if not _USERS_LEAD_RE.fullmatch(clause[: found.start()]):
            return []  # someone else's change, or one suggested ("you said to switch ...")
        old = _SIDE_END_RE.sub("", found["old"]).strip()
        new, more = _SIDE_END_RE.sub("", found["new"]).strip(), []
        second = _SECOND_SWAP_RE.search(new)  # "Jest with Vitest and ESLint with Biome"
        if second is not None:
            new, more = new[: second.start()], _switch_facts("replaced " + new[second.end() :])
        olds, news = _phrasing.tech_names(old), _phrasing.tech_names(new)
        if not news and olds:
            news = _unknown_tool(new)
        elif news and not olds:
            olds = _unknown_tool(old)  # "swapped out Moment for Luxon"
        if not (olds and news) or set(olds) & set(news):
            return []
        facts = [
            ExtractedFact(f"User uses {_phrasing.with_version(new, name)}", "tech_stack")
            for name in news
        ]
        gone = [ExtractedFact(f"User no longer uses {name}", "tech_stack") for name in olds]
        dropped = re.match(r"(?:dropped|dumped|ditched)\b", found.group(), re.IGNORECASE)
        in_order = gone + facts if dropped else facts + gone  # ("dropped X for Y": X first)
        return in_order + more
    return []


#: A tool in use now, said without a verb of use: "back on plain npm", "its all dynamo
#: now", "Jenkins is what the new place uses", "everything's on Azure now".
_NOW_ON_RE: Final = re.compile(
    r"(?:^|[,;]\s*)(?:(?:so|and|but|now)\s+)?(?:(?:we'?re|we\s+are|i'?m|i\s+am)\s+)?back\s+"
    r"(?:on|to)\s+"
    r"(?:plain\s+|good\s+old\s+|old\s+)?(?P<x>.+)$"
    r"|^(?:(?:so|and|but|now)\s+)?(?:it'?s|it\s+is|everything'?s|everything\s+is)\s+"
    r"(?:all\s+)?(?:on\s+|in\s+)?(?P<y>[\w.+# -]+?)\s+now$"
    r"|^(?P<z>[\w.+# -]+?)\s+is\s+what\s+(?:we|i|the\s+(?:new\s+)?(?:place|job|team|company|"
    r"shop|client))\s+(?:use|uses|runs?|is\s+using)\b",
    re.IGNORECASE,
)


def _now_on_facts(clause: str) -> list[ExtractedFact]:
    """ "User uses X" for a known technology in use now (see :data:`_NOW_ON_RE`)."""
    found = _NOW_ON_RE.search(clause.strip())
    if found is None:
        return []
    side = _SIDE_END_RE.sub("", found["x"] or found["y"] or found["z"]).strip()
    now = [
        ExtractedFact(f"User uses {_phrasing.with_version(side, name)}", "tech_stack")
        for name in _phrasing.tech_names(side)
    ]
    head = clause.strip()[: found.start()].strip()  # "dropped yarn, back on plain npm"
    return [*_one_clause(head), *now] if now and head else now


#: A model's number after a product's name: "8", "S23", "4090", "15 Pro" not.
_MODEL_RE: Final = re.compile(r"\d{1,5}[a-z]{0,2}|[a-z]{1,2}\d{1,5}", re.IGNORECASE)


def _unknown_tool(side: str) -> list[str]:
    """A tool's name the technology list does not know, when it is all of ``side``:
    one or two words, each a name a person writes ("Pino", "nomad", "Scrapli")."""
    side = re.sub(r"^(?:the|a|an|plain|good\s+old)\s+", "", side, flags=re.IGNORECASE)
    words = side.split()
    if (
        len(words) == 2
        and _MODEL_RE.fullmatch(words[1])
        and words[0].lower() not in ENGLISH_STOP_WORDS
    ):
        return [words[0][:1].upper() + words[0][1:] + " " + words[1].upper()]  # "a pixel 8"
    if not 1 <= len(words) <= 2 or any(
        w.lower() in ENGLISH_STOP_WORDS or _phrasing.common_word(w.lower()) for w in words
    ):
        return []
    return [" ".join(w[:1].upper() + w[1:] if w.islower() else w for w in words)]


#: The team the user is on now: "I joined the games team", "moved from the SRE team to
#: platform team", "I'm on the data team now".
_TEAM_NOW_RE: Final = re.compile(
    r"(?:^|[,;]\s*)(?:(?:I|I've|I\s+have|I\s+just|just|I\s+recently|recently)\s+)?"
    r"(?:joined|moved\s+(?:over\s+)?"
    r"(?:from\s+the\s+[\w -]{2,30}?\s+team\s+)?to|switched\s+to|transferred\s+to|"
    r"(?:I'm|I\s+am)\s+(?:now\s+)?(?:on|in))\s+(?:the\s+)?(?P<team>[\w-]+(?:\s+[\w-]+)?)\s+team\b",
    re.IGNORECASE,
)
#: Where the user works now: "back in the office 3 days a week", "remote job now",
#: "I work fully remote now".
_OFFICE_NOW_RE: Final = re.compile(
    r"\bback\s+(?:in|at|to)\s+the\s+office\b(?:\s+(?P<days>(?:\d|two|three|four|one)\s+days?\s+a\s+week))?",
    re.IGNORECASE,
)
_REMOTE_NOW_RE: Final = re.compile(
    r"^(?:(?:I'm|I\s+am)\s+)?(?:now\s+)?(?:fully\s+)?(?:working\s+)?remote(?:ly)?\s+"
    r"(?:now|job|full[- ]time)\b"
    r"|^remote\s+(?:job|work)\s+now\b|^(?:I|we)\s+(?:now\s+)?work\s+(?:fully\s+)?remote(?:ly)?\b",
    re.IGNORECASE,
)
#: When the user works now: "I'm now working nights", "working the night shift".
_HOURS_NOW_RE: Final = re.compile(
    r"^(?:(?:I'm|I\s+am)\s+)?(?:now\s+)?working\s+(?:the\s+)?(?:(?P<night>nights?|night\s+shifts?|late\s+shifts?)"
    r"|(?P<day>days|day\s+shifts?|early\s+shifts?))\b",
    re.IGNORECASE,
)


_NOT_A_TEAM_NAME: Final = frozenset(
    _wordlist("the a an my our your his her their this that same other new whole")
)


def _work_pattern_facts(clause: str) -> list[ExtractedFact]:
    """The user's team, where and when they work, said as a change or as it is now."""
    plain = clause.strip()
    if team := _TEAM_NOW_RE.search(plain):
        name = team["team"].lower()
        if name.split()[0] not in _NOT_A_TEAM_NAME:
            return [ExtractedFact(f"User is on the {name} team", "personal")]
    if office := _OFFICE_NOW_RE.search(plain):
        days = f" {office['days']}" if office["days"] else ""
        return [ExtractedFact(f"User works from the office{days}", "personal")]
    if _REMOTE_NOW_RE.match(plain):
        return [ExtractedFact("User works remotely", "personal")]
    if hours := _HOURS_NOW_RE.match(plain):
        shift = "night shifts" if hours["night"] else "day shifts"
        return [ExtractedFact(f"User works {shift}", "personal")]
    return []


#: A thing got, its "I" left out: "got a Tormek", "finally got myself an MG4".
_GOT_LEAD_RE: Final = re.compile(
    r"^(?:(?:so|and|but|finally|just|also|then)\s+)*(?:got|ended\s+up\s+with|treated\s+myself\s+to|"
    r"picked\s+up)"
    r"\s+(?:myself\s+|us\s+)?(?=an?\s)",
    re.IGNORECASE,
)


#: The user's first or second language: "my native language is Portuguese", "BSL is my
#: first language", "English is my second language".
_TONGUE_RE: Final = re.compile(
    r"^(?:(?:so|and|but|also|btw|fwiw|fyi)\W+)?(?:my\s+(?P<which>first|native|mother|home|second)\s+"
    r"(?:language|tongue)(?:\s+is|\s*:)\s+(?P<x>(?-i:[A-Z])[\w-]+(?:\s+(?-i:[A-Z])[\w-]+)?)"
    r"|(?P<y>(?-i:[A-Z])[\w-]+(?:\s+(?-i:[A-Z])[\w-]+)?)\s+is\s+my\s+(?P<which2>first|native|mother|"
    r"home|second)\s+(?:language|tongue))\W*$",
    re.IGNORECASE,
)
#: A statement about the user with its "I" left out, by a verb that is no request to the
#: assistant: "still live w my parents in Manila", "work nights as a security guard".
_ELIDED_I_RE: Final = re.compile(
    # (lower case: a capital is a job ad's or a card's "Work at ..."; a past said with a
    # capital is the user's: "Grew up in Iowa")
    r"^(?=(?-i:[a-z])|(?:grew\s+up|was\s+born|moved\s+to|got\s+married)\b(?![^,;]*[,;]))"
    r"(?![^,;]*\b(?:is|are|isn't|aren't|you|your|u|ur|or|tips|ideas|progress|ideally|"
    r"maybe|should|could|would|pace|and\s+see)\b)"
    r"(?:(?:still|also|currently|now|mostly|just|and|but|so|basically)\s+)*(?:live\s+(?:in|on|with|w/?|"
    r"near|at|alone|abroad|out(?:side)?)\b|work\s+(?:as|at|for|in|from|nights|days|weekends|"
    r"remotely|part[- ]time|full[- ]time|shifts|downtown|two\s+jobs)\b|study\s+(?:at|in)\b|"
    r"teach\s+(?:at|in|year|grade|primary|high|secondary|\w+\s+at)\b|commute\s+(?:by|to|from)\b|"
    r"grew\s+up\s+(?:in|on)\b|was\s+born\s+in\b|moved\s+to\b|got\s+married\b|"
    r"drive\s+an?\s+(?:(?:19|20)\d\d\s+)?(?-i:[A-Z])|"
    r"(?:sing|play\s+\w+)\s+in\s+(?:a|an|the)\s+(?:[\w-]+\s+){0,2}(?:choir|band|orchestra|"
    r"ensemble|quartet)\b|"
    # the languages one speaks, in a list about oneself ("Canadian, live in Montreal, speak
    # French and English"; one language is a request: "speak French", "speak French to me")
    r"speak\s+(?:fluent\s+)?(?-i:[A-Z])[a-z]+\s+and\s+(?-i:[A-Z])[a-z]+\s*$)",
    re.IGNORECASE,
)
#: The states a person is in, said by one word or two: "divorced", "veggie", "self-employed"
#: (a regular expression's alternation, for "been X since ..." and X said without "I'm").
_USER_STATES: Final = (
    r"divorced|married|single|engaged|separated|widowed|pregnant|retired|unemployed|"
    r"self[- ]employed|freelance|veggie|vegetarian|vegan|pescatarian|teetotal|sober|coeliac|"
    r"celiac|diabetic|epileptic|asthmatic|autistic|dyslexic|deaf|colou?r[- ]?blind|"
    r"left[- ]handed|lactose\s+intoleran[tc]e?|(?:gluten|dairy|caffeine|sugar|alcohol)[- ]free|"
    r"keto|paleo|carnivore|plant[- ]based"
)
#: A state held since a time, its "I've" left out: "been vegan since 2019", "been a
#: nurse for 20 years" (with "I've" the statement rules keep the "for 20 years").
_BEEN_SINCE_RE: Final = re.compile(
    r"^(?!.*\b(?:but|until|till|quit|stopped|before)\b)"  # ("... but quit in march")
    rf"been\s+(?P<x>(?:fully\s+)?(?:{_USER_STATES}|remote|fully\s+remote|"
    rf"an?\s+(?:[\w-]+\s+){{0,2}}?(?:{ROLE_NOUNS})))(?:\s+(?:since|for)\s+\S.*|"
    r"\s+(?:about\s+|like\s+|over\s+|almost\s+)?(?:\d+\+?|a\s+few|many)\s+(?:years?|yrs?|"
    r"months?)(?:\s+(?:now|already|and\s+counting|so\s+far|lol|btw|fyi|haha|(?:this|in|last)\s+"
    r"\w+))*)?\W*$",
    re.IGNORECASE,
)
#: A state of the user's said without "I'm": "divorced since 2019", "veggie fwiw", "newly
#: married", "based in manchester", "a cat person through and through".
_ELIDED_AM_RE: Final = re.compile(
    r"^(?:(?:also|still|now|newly|happily|recently|basically|totally|proudly)\s+)?"
    rf"(?:(?:{_USER_STATES})"
    # (the state alone: not "single quotes", "vegan options")
    r"(?=\s*(?:$|[.;!)]|(?:since|now|here|too|atm|for\s+(?:\d+|years|ages|life|decades|"
    r"a\s+while|\w+\s+years))\b))|"
    r"(?:based\s+in|originally\s+from|allergic\s+to)\s+\S|"
    r"(?:an?\s+)?(?:dog|cat|morning|night|people|coffee|tea|beach|mountain|city|book|gym)\s+"
    r"person(?=\s*(?:$|[.;!)]|(?:through\s+and\s+through|here|fwiw|tbh|for\s+sure)\b)))",
    re.IGNORECASE,
)
#: "am a ..." at a sentence's start: the user's "I am", not a question.
#: Someone else introduced by a label before a list: "this is my dad: 67, retired
#: teacher", "quick intro of my friend: 34, ..." (the list is theirs, up to the stop).
_SOMEONE_INTRO_RE: Final = re.compile(
    r"(^|[.!?\n][ \t]*)(?:this\s+is|meet|here's|about|(?:a\s+)?(?:quick\s+|short\s+)?"
    r"intro(?:duction)?\s+(?:of|to|for))\s+(?:my|our)\s+(?:[\w-]+\s+)?"
    rf"(?:{RELATIVE_NOUNS}|friend|friends|colleague|coworker|co-worker|boss|manager|client|"
    r"student|patient|neighbou?r|flatmate|roommate|partner|cofounder|co-founder)\b"
    r"[^:.!?\n]{0,30}:[^.!?\n]*",
    re.IGNORECASE,
)
#: The label of an introduction said as a list ("quick intro: 34, data engineer, ..."),
#: read as the list of a user's facts it leads.
_INTRO_LABEL_RE: Final = re.compile(
    r"(?:^|(?<=[.!?][ \t])|(?<=\n))(?:(?:ok|okay|so)(?:\s*+,\s*+|\s++))?"
    r"(?:(?:a\s+)?(?:quick|short|brief)\s+)?"
    r"(?:intro|introduction|about\s+me|bio|about\s+myself|a\s+bit\s+about\s+me|me)"
    r"[ \t]*:[ \t]+(?=\d{1,2}\s*(?:y/?o|yrs?|years?(?:\s+old)?)?\s*,)",
    re.IGNORECASE,
)
_AM_LEAD_RE: Final = re.compile(r"(?:^|(?<=[.!?:][ \t])|(?<=\n))am(?=[ \t]+an?[ \t])", re.I)
#: A habit of the user's own life said without "I": "don't drive, never learned", "cycle to
#: work every day", "cook from scratch every night" (no verb an assistant does).
_ELIDED_DO_RE: Final = re.compile(
    # what the user does not own or do: "don't own a suit", "don't even have a passport"
    r"^(?:don'?t|do\s+not|never)\s+(?:even\s+)?(?:own|have|play|watch|wear)\s+(?:an?\s+|any\s+)?"
    r"(?:car|tv|telly|television|smartphone|passport|suit|dishwasher|microwave|garden|"
    r"(?:driving\s+)?licen[cs]e|degree|social\s+media|console|games\s+console|video\s+games|"
    r"makeup|make-up|glasses|tattoos?|sports|football)(?:\s+(?:at\s+all|lol|either|anymore))?\W*$|"
    r"^(?:(?:don'?t|do\s+not|never|can'?t|cannot|rarely|hardly\s+ever)\s+(?:drive|drink|smoke|"
    r"vape|eat|cook|fly|swim|ride|gamble)(?:\s+(?:alcohol|coffee|tea|meat|pork|beef|fish|"
    r"dairy|sugar|a\s+car|at\s+all|anymore|much|really)){0,2}\W*$|"
    r"(?:(?:cycle|commute|walk|cook|bake|hike|knit|garden|volunteer|swim|pray|meditate)\s+|"
    # a pastime done, a thing read ("do crossfit 5x a week"; not "do not suggest X every time")
    r"do\s+(?=(?:crossfit|yoga|pilates|spin|zumba|karate|judo|boxing|kickboxing|bjj|parkrun|"
    r"hiit|cardio|weights|the\s+(?:cryptic\s+)?crossword|sudoku|wordle)\b)|"
    r"read\s+(?=(?:the\s+(?:bible|quran|news|paper)|books?|novels?|before\s+bed)\b))"
    r"(?=[^?]*(?:\b(?:every|each|most\s+(?:days|nights|mornings|evenings|weekends)|daily|"
    r"twice|once|always|usually|all\s+year)\b|\b\d+\s*(?:x|times)\s+(?:a|per)\s+week\b))(?![^?]*\b(?:tips|ideas|tutorial|itinerary|"
    r"rules|benefits|lighting|guide|plan|schedule)\b)[^?]*$)",
    re.IGNORECASE,
)
#: Who the user is, said as a bare noun: a faith, a pastime's people, a way of living.
_IDENTITY_RE: Final = re.compile(
    r"^(?:(?:practising|practicing|devout|observant|lapsed|proud|total|chronic|huge|massive|"
    r"big|keen|avid|lifelong|serious|amateur|hobby)\s+)?"
    r"(?P<x>muslim|christian|catholic|protestant|jewish|jew|hindu|buddhist|sikh|atheist|"
    r"agnostic|quaker|mormon|pagan|metalhead|bookworm|homebrewer|geocacher|gamer|runner|"
    r"cyclist|climber|swimmer|surfer|skier|birder|birdwatcher|knitter|insomniac|foodie|"
    r"introvert|extrovert|night\s+owl|early\s+riser|gym\s+rat|couch\s+potato|audiophile|"
    r"cinephile|bibliophile|podcast\s+junkie|board\s+game\s+geek|manga\s+reader|"
    r"sci-fi\s+reader|vinyl\s+collector|coffee\s+snob|tea\s+drinker)"
    r"(?:\s*,?\s*(?:practising|practicing|for\s+context|for\s+what\s+it'?s\s+worth|i\s+guess|"
    r"through\s+and\s+through|mostly|here|fwiw|btw|tbh))?\W*$",
    re.IGNORECASE,
)
#: The faiths said as an adjective ("is Sikh", "is Jewish"), with no article.
_FAITH_ADJECTIVES: Final = frozenset(
    _wordlist(
        "muslim christian catholic protestant jewish hindu buddhist sikh agnostic pagan mormon"
    )
)
#: Games one plays and places one goes to, as a pastime said alone ("tennis", "church").
_GAMES: Final = (
    r"tennis|padel|squash|badminton|golf|football|soccer|rugby|cricket|hockey|netball|"
    r"basketball|volleyball|chess|poker|bridge|darts|snooker|5-a-side|five-a-side|fifa|"
    r"fortnite|minecraft|valorant|dnd|d&d|table\s+tennis|bowls|handball|water\s+polo|lacrosse|"
    r"baseball|softball|ultimate|ultimate\s+frisbee|pickleball|futsal|curling|rounders|"
    r"ice\s+hockey|korfball|hurling|gaelic\s+football|kabaddi|mahjong|scrabble"
)
_PLACES_GONE: Final = (
    r"church|mass|gym|the\s+gym|choir|mosque|temple|synagogue|the\s+pub|pub|[a-z]+\s+class"
)
#: A pastime and how often, without a verb: "yoga every morning", "tennis twice a week",
#: "5-a-side every tuesday", "church every sunday without fail", "fishing most sundays".
_ACTIVITY_OFTEN_RE: Final = re.compile(
    r"^(?:out\s+)?(?P<what>(?:(?!(?:morning|evening|nothing|something|anything|everything|"
    r"building|meeting|training\s+data|logging|testing|billing|pricing|shipping|onboarding|"
    r"booking|parking)\b)[a-z]+ing|yoga|pilates|crossfit|spin|zumba|karate|judo|boxing|"
    rf"parkrun|therapy|{_PLACES_GONE}|{_GAMES}))\s+"
    r"(?P<when>(?:every|each|most)\s+(?:single\s+)?(?:day|morning|evening|night|"
    r"weekend|week|sunday|monday|tuesday|wednesday|thursday|friday|saturday|arvo|afternoon)s?"
    r"(?:\s+night)?|(?:once|twice|\d+\s*(?:x|times))\s+a\s+(?:week|day|month)|daily|weekly|"
    r"on\s+(?:sunday|monday|tuesday|wednesday|thursday|friday|saturday|weekend)s)\b"
    # (nothing after the time but how faithfully: not "... sounds nice", "... please")
    r"(?:\s+(?:without\s+fail|rain\s+or\s+shine|religiously|no\s+matter\s+what|"
    r"with\s+(?:the\s+lads|the\s+girls|the\s+kids|my\s+\w+|friends|mates)))?\W*$",
    re.IGNORECASE,
)
_WEEKDAY_RE: Final = re.compile(r"\b(?:sun|mon|tues|wednes|thurs|fri|satur)days?\b")
_GAME_RE: Final = re.compile(_GAMES, re.IGNORECASE)
_PLACE_GONE_RE: Final = re.compile(_PLACES_GONE, re.IGNORECASE)
#: An allergy said as a noun: "peanut allergy, the serious kind", "penicillin allergy fyi".
_ALLERGY_NOUN_RE: Final = re.compile(
    r"^(?:(?:severe|serious|bad|mild|big|nasty)\s+)?(?P<x>(?!my\b|his\b|her\b|their\b|"
    r"your\b|the\b|an?\b|food\b)[a-z][\w-]+(?:\s+(?-i:[a-z])[\w-]+)?)\s+allergy"
    r"(?=\s*(?:$|[,.;!)]|fyi|btw|here|too)\b|\s*$)",
    re.IGNORECASE,
)
#: Work or a home said in the present perfect: "I've worked at Google since 2020".
_WORKED_SINCE_RE: Final = re.compile(
    r"^I(?:'ve|\s+have)\s+(?:been\s+)?(?P<verb>work|live)(?:ed|ing)\s+"
    r"(?P<rest>(?:at|for|as|in|from)\s+.+?)(?:\s+(?:since|for)\s+\S.*)?\W*$",
    re.IGNORECASE,
)
#: A parent said by their children: "mother of two", "proud dad of 3 girls".
_PARENT_OF_RE: Final = re.compile(
    r"^(?:an?\s+)?(?:proud\s+|busy\s+|(?P<single>single\s+)|tired\s+)?(?P<role>mum|mom|mother|"
    r"dad|father|parent|mama|papa)\s+of\s+(?P<n>one|two|three|four|five|six|\d)"
    r"(?:\s+(?P<who>kids|children|boys|girls|sons|daughters|teenagers|toddlers))?"
    r"(?:\s+here)?\W*$",
    re.IGNORECASE,
)
#: A diet kept for long: "Lifelong vegetarian.", "long-time vegan".
_LIFELONG_RE: Final = re.compile(
    r"^(?:a\s+)?(?:lifelong|life-long|long-?time|strict|proud)\s+"
    r"(?P<diet>vegetarian|vegan|pescatarian|teetotaller|teetotaler)\W*$",
    re.IGNORECASE,
)
#: Something durable of the user's said as "my X is Y": the commute, the hours, a shift,
#: the job's field, a child's age ("my commute is 40 minutes", "my daughter is 7").
_MY_DURABLE_RE: Final = re.compile(
    r"^my\s+(?P<what>commute|hours|working\s+hours|shift|shifts|job|field|work|degree|major|"
    r"daughter|son|kid|budget|rent|mortgage|hometown|birthday|height|team|company|employer|"
    r"office|landlord|diet|religion|native\s+language|mother\s+tongue)\s+"
    r"(?P<verb>is|are|starts|start|ends|end|runs|run)\s+"
    r"(?P<value>(?!(?:broken|down|slow|not|crashing|weird|failing|late|off|out|done|over|"
    r"stuck|sick|ill|away|crazy|insane|awful|terrible|brutal|rough|hard|tough|great|fine|ok|"
    r"to|the|cancel\w*|approved|due|cold|hot|useless|empty|required|soon|today|tomorrow|"
    r"tonight|late|early|missing|wrong|gone|finished|"
    r"okay|annoying|stressful|exhausting|boring|a\s+nightmare|a\s+mess|so|too|really|very|"
    r"\w+ing)\b)[^,;!?]{2,60}?)\W*$",
    re.IGNORECASE,
)
#: A role said as one done: "I'm doing a sous chef role at a hotel now", "in a QA role".
_DOING_ROLE_RE: Final = re.compile(
    r"^(?:I'm|I\s+am|I've\s+been|I\s+have\s+been)\s+(?:now\s+)?(?:doing|in|taking|taken)\s+"
    rf"(?P<role>an?\s+(?:[\w-]+\s+){{0,2}}?(?:{ROLE_NOUNS})\s+)(?:role|position|job|gig)\b(?P<rest>(?:\s+(?:at|with|for|in)"
    r"\s+[^,;.]{1,40}?)?)(?:\s+(?:now|these\s+days))?\W*$",
    re.IGNORECASE,
)
#: A cleft sentence: "it's amoxicillin I'm allergic to", "it's Kotlin that I use at work".
_CLEFT_RE: Final = re.compile(
    r"^(?:(?:no|so|well|actually|wait|ok|okay)\W+)*(?:it's|it\s+is|it\s+was)\s+"
    r"(?P<x>(?!(?:not|just|me|you|because|time|what|everything|nothing|something|anything|"
    r"hard|rare|likely|easy|possible|true|my|your|his|her|the|a|an|so|too|only|probably|maybe|"
    r"(?:mon|tues|wednes|thurs|fri|satur|sun)days?)\b)[\w.+#'-]+(?:\s+[\w.+#'-]+){0,2}?)\s+"
    r"(?:that\s+|which\s+)?I(?:'m|\s+am)?\s+"
    r"(?P<verb>allergic\s+to|use|prefer|drive|play|speak|"
    r"teach|study|work\s+at|work\s+for|live\s+in)"
    r"(?P<rest>(?:\s+(?:at\s+work|now|these\s+days|actually))?(?:\s*,\s*not\s+[^,.;]{1,40}?)?)(?:\s+in\s+general|\s+after\s+all)?(?:\s*,[^,]{0,60})?\W*$",
    re.IGNORECASE,
)


#: An adverb after "I" or "I am" that says nothing the fact keeps ("I'm still vegetarian",
#: "I currently have a dog", "I'm now a team lead"): read again without it when the
#: clause says nothing with it.
_ADVERB_AFTER_I_RE: Final = re.compile(
    r"^(I(?:'m|\s+am)?)\s+(?:really|currently|basically|generally|normally|usually|mostly|"
    r"mainly|still|now|actually|honestly|definitely|totally|literally|also|typically|"
    r"obviously|personally)\s+(?!(?:not|no|never|a\s+bit|kinda|stuck|confused|tired|busy|"
    r"here|on|in|at|new|\w+ing)\b)",
    re.IGNORECASE,
)


def _one_clause(clause: str, *, correction: bool = False) -> list[ExtractedFact]:
    facts = _clause_facts(clause, correction=correction)
    moved = moved_since(clause)  # "Since moving to Porto I've been freelancing ..."
    return facts + [f for f in moved if f not in facts]


def _short_shapes(clause: str, *, correction: bool) -> list[ExtractedFact] | None:
    """The facts of a few whole-clause shapes (see the patterns), or None for another."""
    if worked := _WORKED_SINCE_RE.match(clause):  # "I've worked at Google since 2020"
        return _clause_facts(f"I {worked['verb']} {worked['rest']}", correction=correction)
    if parent := _PARENT_OF_RE.match(clause):  # "mother of two", "dad of 3 girls"
        who, n = (parent["who"] or "children").lower(), parent["n"].lower()
        if parent["single"]:  # "single dad of three kids": the single parent is the fact
            role = parent["role"].lower()
            return [ExtractedFact(f"User is a single {role} of {n} {who}", "personal")]
        return [ExtractedFact(f"User has {n} {who}", "personal")]
    if diet := _LIFELONG_RE.match(clause):  # "Lifelong vegetarian."
        return [ExtractedFact(f"User is {diet['diet'].lower()}", "personal")]
    if my := _MY_DURABLE_RE.match(clause):  # "my commute is 40 minutes", "my shift starts at 6am"
        said = f"User's {my['what'].lower()} {my['verb'].lower()} {my['value']}"
        return [ExtractedFact(_tidy(said), "personal")]
    return None


def _clause_facts(clause: str, *, correction: bool) -> list[ExtractedFact]:
    if _MAKE_ONE_RE.match(clause) and not _FOR_ALWAYS_RE.search(clause):
        return []  # "Generate a GitHub Actions workflow that runs ruff": a task, no fact
    if tongue := _TONGUE_RE.match(clause):  # "BSL is my first language"
        which = "second" if (tongue["which"] or tongue["which2"]).lower() == "second" else "first"
        said = tongue["x"] or tongue["y"]
        kind = " programming" if _phrasing.tech_names(said) else ""  # ("Python is my first ...")
        return [ExtractedFact(f"User's {which}{kind} language is {said}", "personal")]
    if _ELIDED_I_RE.match(clause):  # "still live w my parents in Manila": its "I" left out
        return _clause_facts(f"I {clause[:1].lower()}{clause[1:]}", correction=correction)
    if (shaped := _short_shapes(clause, correction=correction)) is not None:
        return shaped  # "I've worked at Google since 2020", "mother of two"
    if been := _BEEN_SINCE_RE.match(clause):  # "been vegan since 2019", "been a nurse for 20 yrs"
        return _clause_facts(f"I am {been['x']}", correction=correction)
    if role := _DOING_ROLE_RE.match(clause):  # "I'm doing a sous chef role at a hotel now"
        rest = re.sub(r"\s+(?:now|these\s+days)\b.*$", "", role["rest"])
        return _clause_facts(f"I am {role['role']}{rest}", correction=correction)
    if cleft := _CLEFT_RE.match(clause):  # "it's amoxicillin I'm allergic to, not penicillin"
        verb = "am allergic to" if cleft["verb"].startswith("allergic") else cleft["verb"]
        said = f"I {verb} {cleft['x']}{cleft['rest']}"
        return _clause_facts(said, correction=correction)
    if device := device_fact(clause):  # "my phone is iphone now", "I'm on a MacBook Air"
        return [device]
    if foreign := foreign_facts(clause):  # "ya no uso Jira", "ich arbeite jetzt bei SAP"
        return foreign
    if events := life_event_facts(clause):  # "graduated from Leeds", "went vegan"
        return events
    got = _GOT_LEAD_RE.match(clause)  # "sold the corsa, got an MG4": its "I" left out
    if got is not None and (owned := _owned_product("got " + clause[got.end() :])):
        return owned
    if got is not None and (device := device_fact("I got " + clause[got.end() :])):
        return [device]  # "got a Model 3 last month"
    if moved := _version_move_facts(clause):
        return moved
    if switched := _switch_facts(clause) or _now_on_facts(clause):
        return switched
    if _SWITCHING_RE.match(clause) and (switch := _tech_facts(clause)):
        return switch  # (no technology on either side: a move of another kind, below)
    shaped = _phrasing.shaped_facts(clause, correction=correction)
    if shaped is not None:
        return shaped
    if _FIRST_PERSON_RE.match(clause):
        bare = _ADVERB_AFTER_I_RE.sub(r"\1 ", clause, count=1)
        if bare != clause and re.match(r"I(?:'m|\s+am)\s+an?\s", bare, re.IGNORECASE):
            clause = bare  # "I'm actually a nurse": a nurse, not "an actually a nurse"
        facts = _statement_facts(clause)
        if not facts and bare != clause:  # "I'm still vegetarian", "I currently have a dog"
            facts = _clause_facts(bare, correction=correction)
        if facts or re.match(r"^(?:I|we|my|our)\b", clause, re.IGNORECASE):
            return facts
    if (elided := _elided_statement(clause)) and (
        facts := _clause_facts(elided, correction=correction)
    ):
        return facts  # "divorced since 2019", "veggie fwiw", "don't drive, never learned"
    facts = _request_facts(clause, polite=False)
    if facts:
        return facts
    return _phrasing.imperative_fact(clause) or []


def _elided_statement(clause: str) -> str | None:
    """The clause with the "I" or "I'm" it left out put back, when it says a state of the
    user's or a habit of their own life (see the patterns), else None."""
    plain = _strip_filler(clause)
    if re.search(r"\b(?:please|pls|plz|thanks|thank\s+you)\b", clause, re.IGNORECASE):
        return None  # "single, please": an answer to a question, no state of the user's
    if _NOT_TRAIT_RE.match(plain) and re.search(r"\bat\s+all\b", plain, re.I):
        return f"I am {plain}"  # "not religious at all" (bare "not technical" may be anyone's)
    if _ELIDED_AM_RE.match(plain):
        article = "a " if re.match(r"\w+\s+person\b", plain) else ""  # "cat person"
        return f"I am {article}{plain}"
    if _ELIDED_DO_RE.match(plain):
        return "I " + plain
    if allergy := _ALLERGY_NOUN_RE.match(plain):
        return f"I am allergic to {allergy['x']}"
    if who := _IDENTITY_RE.match(plain):  # "atheist, for context", "metalhead", "bookworm"
        said = who["x"].lower()
        if said in _FAITH_ADJECTIVES:
            return f"I am {said.capitalize()}"  # "I am Sikh"
        named = said.capitalize() if said in ("jew", "quaker") else said
        return f"I am {indefinite_article(said)} {named}"  # "I am a Quaker", "I am a gamer"
    if often := _ACTIVITY_OFTEN_RE.match(plain):  # "yoga every morning", "tennis twice a week"
        what = often["what"].lower()
        when = _WEEKDAY_RE.sub(lambda day: day.group().capitalize(), often["when"].lower())
        return f"I {_pastime_verb(what)} {what} {when}"
    return None


def _pastime_verb(pastime: str) -> str:
    """The verb a pastime said alone takes: "play tennis", "go fishing", "go to church",
    "do yoga"."""
    if _GAME_RE.fullmatch(pastime):
        return "play"
    if pastime.endswith("ing"):
        return "go"
    return "go to" if _PLACE_GONE_RE.fullmatch(pastime) else "do"


_ONE_OFF_RE: Final = re.compile(
    r"\b(?:for|in|on) (?:this|that|the) (?:(?:one|particular|next|last|current|specific) )?"
    r"(?:script|file|function|component|snippet|query|task|one|test|page|bug|pr|change|commit|"
    r"example|method|class|endpoint|module|ticket|form|answer|reply|response|message|email|"
    r"post|case|request|question|exercise|assignment|version|draft|translation|paragraph|"
    r"table|diagram|chart|slide|report|doc|document|section|output|run|demo)\b"
    r"|\b(?:for|in) (?:the|this|that) (?:\w+ )?(?:piece|article|edition|episode|talk|deck|"
    r"presentation|letter|essay|speech|tweet|blog post|write-up|writeup|newsletter)\b"
    r"|\b(?:right now|for now|this time|just this once|this once|for the moment|throwaway|"
    r"(?:the\s+)?next\s+one|"
    r"throw-away|one-time|one time|one-off|quick and dirty|mid-incident|in a hurry|"
    r"cette fois|esta vez|questa volta|diesmal|dieses mal|tym razem|desta vez|"
    # "just today, keep answers short", "solo por hoy respóndeme en inglés"
    r"(?:just|only)\s+(?:for\s+)?today|for\s+today\s+only|today\s+only|tonight\s+only|"
    r"solo\s+(?:por|para)\s+hoy|s[óo]\s+(?:por|para)\s+hoje|nur\s+(?:f[üu]r\s+)?heute|"
    r"juste\s+(?:pour\s+)?aujourd'hui|solo\s+per\s+oggi|por\s+hoy|solo\s+hoy|s[óo]\s+hoje|"
    r"seulement\s+aujourd'hui|aujourd'hui\s+seulement|heute\s+nur|solo\s+oggi|oggi\s+solo)\b"
    # "pour cet exercice seulement", "solo para este correo", "nur für diese Mail"
    r"|\b(?:pour|para|für|per)\s+(?:cet(?:te)?|ce|este|esta|diese[nrs]?|quest[oa])\s+\w+\s+"
    r"(?:seulement|solamente|nur|soltanto|solo|uniquement)\b"
    # "para esta respuesta, en español": this answer's language only
    r"|\b(?:pour|para|für|per)\s+(?:cette|esta|diese|questa)\s+(?:réponse|respuesta|"
    r"resposta|antwort|risposta)\b"
    r"|\b(?:seulement|solo|nur|solamente|soltanto|uniquement)\s+(?:pour|para|für|per)\s+"
    r"(?:cet(?:te)?|ce|este|esta|diese[nrs]?|quest[oa])\b"
    # "for this yaml", "in this example": the thing at hand (not a project or a job)
    r"|\b(?:for|in|on) (?:this|that) (?:one |particular |specific )?"
    r"(?!(?:project|repo|repository|codebase|app|product|company|team|client|job|role|course|"
    r"class|semester|year|month|week|sprint|quarter|org|site|platform|service|stack|game|"
    r"library|lib|package|tool|machine|laptop|server|box|work|thread|chat|conversation)\b)"
    r"[a-z][\w.-]*\b"
    # what the answer is for: "I'll forward it to the client", "it's for an old server"
    r"|\bI(?:'ll| will| need to| have to| must| want to| am going to|'m going to)\s+(?:just\s+)?"
    r"(?:forward|send|show|paste|share|present|hand|email|print|read)\s+(?:it|this|that|them)\b"
    r"|\b(?:it's|it is|this is|that's|that is) (?:just |only )?for (?:a|an|the|my|our)\b"
    r"(?! (?:best|better|worse|long run|long haul|kids|family)\b)"
    r"|^\W*(?:please\s+|pls\s+)?just the\b",  # "pls just the regex, no explanation"
    re.IGNORECASE,
)
#: A request to make one thing: "Write a Dockerfile for a FastAPI app", "Generate a
#: workflow that ...", "Set up a Terraform module for ...".
_MAKE_ONE_RE: Final = re.compile(
    r"^(?:(?:please|pls|can you|could you|now)\s+)?(?:generate|write|create|make|build|set up|"
    r"scaffold|draft|produce|implement|code up|whip up|spin up|tell|compose)\s+(?:me\s+|us\s+)?"
    r"(?:a|an|one|this|that|the)\s+",
    re.IGNORECASE,
)
#: ... unless it says it is for always: "Write a docstring for every function".
_FOR_ALWAYS_RE: Final = re.compile(
    r"\b(?:always|every|each|whenever|from now on|by default|in future|going forward|"
    r"for all|any time|anytime)\b",
    re.IGNORECASE,
)
#: Said meaning the opposite: loving it when things break, or marked so ("/s").
_SARCASM_RE: Final = re.compile(
    r"\b(?:love|loves|adore|enjoy|like)\s+(?:it\s+)?when\b.{0,60}?\b(?:breaks?|broke|fails?|"
    r"failed|crash\w*|dies|died|goes\s+down|went\s+down|times?\s+out|hangs|freezes|"
    r"randomly|deletes?|wipes?|corrupts?)\b|(?:^|\s)/s\s*$",
    re.IGNORECASE,
)
#: In a project's chat "for this one" is the project; a one-off there names the thing at
#: hand and that it is the only one ("for this one script only", "just this once").
_PROJECT_ONE_OFF_RE: Final = re.compile(
    r"\b(?:for|in|on) (?:this|that) (?:one |particular |specific )?(?:script|file|function|"
    r"snippet|query|test|pr|commit|ticket|run|demo|answer|reply|change|method|cell)\s+only\b"
    r"|\b(?:just this once|this once|this time only|only this time|one-off|throwaway|"
    r"throw-away|quick and dirty|mid-incident)\b",
    re.IGNORECASE,
)
#: In a sentence with a one-off task, a first-person wish for a thing is that task's
#: ("Just this time, go deep: I want the full story of the event loop").
_ONE_OFF_WANT_RE: Final = re.compile(
    r"^(?:(?:but|and|so)\s+)?(?:(?:for|in) (?:this|that) [\w' -]{1,40}?,?\s+)?"
    r"(?:I|we)\s+(?:just\s+|only\s+|really\s+|actually\s+|honestly\s+|kinda\s+)?"
    r"(?:want|need|'d like|would like|wanna)\s+"
    r"(?:the|a|an|some|this|that|it|to)\b"
    r"|^(?:I|we)(?:'m|'re| am| are)\s+(?:just\s+|currently\s+)?\w+ing\b",  # "I'm piping it into jq"
    re.IGNORECASE,
)
#: A supposed case joined to a statement ("we use Slack, but what if we moved to Teams"):
#: the clause ends before it.
_SUPPOSED_TAIL_RE: Final = re.compile(
    r"\s*[,;:]?\s*(?:\b(?:but|and|so|or)\s+)?\b(?:what if|let(?:'s| us) say|suppose|supposing|"
    r"imagine|say (?:we|I)|hypothetically|in theory|if (?:we|I) (?:were|was|had|did|switched|"
    r"moved|used|tried|went))\b.*$",
    re.IGNORECASE,
)


def user_clauses(
    user_message: str, *, keep_quotes: bool = False, project: bool = False
) -> Iterable[tuple[str, bool]]:
    """``(clause, in_question)`` of every clause of a message that may state a fact:
    code, quotes, sentences with secrets or injected instructions left out
    (``keep_quotes``: quoted text and inline code kept, for a project's error messages;
    ``project``: read for the project, where "for this one" is the project, not a task).
    At most :data:`~amplify_memory.limits.MAX_CLAUSES` clauses are read, and none longer
    than :data:`~amplify_memory.limits.MAX_CLAUSE_LENGTH` (a project's: than its longest
    fact)."""
    text = _expand(_strip_code_and_quotes(_prepared(user_message), keep_quotes=keep_quotes))
    text = _HOUSEHOLD_RE.sub(_household, text)  # "we live in Leeds": the user does
    text = _AS_A_RE.sub(r"\1I am \2. ", text)  # "as a diabetic, is fasting safe?"
    text = _AS_SOMEONE_RE.sub(_as_someone, text)  # "as someone with ADHD, how ...?"
    text = _DOING_LEAD_RE.sub(_doing_lead, text)  # "teaching 7th grade math, need ..."
    text = _COUPLE_RE.sub("we ", text)  # "Mark and I separated": the user did
    text = _WE_ARE_IN_RE.sub(_we_are_in, text)  # "we're in Vienna now": the user is
    text = _IN_A_HOME_RE.sub(r"\1I live ", text)  # "we're in a 1930s semi in Stockport"
    text = _PLACE_ASIDE_RE.sub(_place_aside, text)  # "Portuguese (Brazil)": a qualifier
    text = _FOUND_RE.sub(r"\1I", text)  # "the allergist says I'm not allergic": the user is
    text = _DIAGNOSED_ME_RE.sub("I was diagnosed with", text)  # "my GP diagnosed me with IBS"
    text = _OUTGREW_RE.sub(r"I am no longer allergic to \1", text)
    text = _TAG_QUESTION_RE.sub("?", text)  # "it never triggers on PRs, why?": one question
    text = _CHECK_TAG_RE.sub(";", text)  # "answer in German, ok?": no question asked
    text = _ABBREVIATION_DOT_RE.sub(r"\1", text)  # "capped at €18k incl. appliances": one
    text = _ASIDE_IF_RE.sub("", text)  # "I have a dog if that helps": why it is said
    text = _AM_LEAD_RE.sub("I am", text)  # "quick bg: am a dentist": no question
    text = _SOMEONE_INTRO_RE.sub(r"\1", text)  # "this is my dad: 67, retired ...": not the user
    if not project:  # "quick intro: 34, nurse, ...": the list itself (the user's, not a project's)
        text = _INTRO_LABEL_RE.sub("", text)
    return itertools.islice(_message_clauses(text, project=project), MAX_CLAUSES)


@functools.lru_cache(maxsize=4)
def _prepared(user_message: str) -> str:
    """A message glossed ("Sou de Recife": "I'm from") and prepared for its clauses.
    Cached: one turn's user facts, project facts and restatements read the same message."""
    return _phrasing.prepare(english_gloss(user_message, changes=False))


#: An abbreviation's dot inside a sentence (the next word is lower case or a number; not
#: "etc." or "min.", which end sentences typed in lower case).
_ABBREVIATION_DOT_RE: Final = re.compile(
    r"\b(incl|excl|approx|esp|vs|dept|e\.g|i\.e|a\.k\.a)\.(?=\s+[a-z0-9€$£(])",
    re.IGNORECASE,
)


#: The user and a partner as one subject of what happened to the couple: "Mark and I
#: separated", "my husband and I got married" (not split at its "and I").
_COUPLE_RE: Final = re.compile(
    r"(?:\b"
    + PARTNER_NAME
    + r"|\bmy\s+(?:wife|husband|partner|ex|boyfriend|girlfriend|fianc[eé]e?))"
    r"[ \t]+and[ \t]+I[ \t]+(?=(?:have[ \t]+|finally[ \t]+|recently[ \t]+|just[ \t]+)*"
    r"(?:(?:got[ \t]+)?(?:divorced|married|engaged)|separated|split[ \t]+up|broke[ \t]+up)\b)",
)
#: The user's household doing what the user does: "we live in Leeds", "me and the wife
#: run a dairy farm", "we keep bees" (not a team's "we run Kubernetes").
_HOUSEHOLD_RE: Final = re.compile(
    r"(^|[.!?;,][ \t]+|\n[ \t]*|\b(?:and|so|but)[ \t]+)"
    r"(?:me\s+and\s+(?:the|my)\s+(?:wife|husband|missus|partner|hubby|other\s+half|"
    r"family|kids)|(?:my|the)\s+(?:wife|husband|partner|hubby)\s+and\s+(?:I|me)|we)\s+"
    r"(?:(?:actually|just|recently|finally)\s+(?=moved|relocated))?"
    r"(live|lived|reside|rent|have\s+lived|have\s+been\s+living|"
    r"(?:moved|relocated)\s+(?=to\s+(?P<to>(?-i:[A-Z])[\w.-]*))|"
    r"keep\s+(?=(?:\w+\s+)?"
    r"(?:bees|chickens|hens|goats|sheep|pigs|ducks|horses|alpacas|cows|cattle|a\s+\w+)\b)|"
    r"raise|farm|grow|homeschool|foster|sell\s+(?!it\b|them\b|this\b|that\b)|"
    r"(?:run|own)\s+(?=(?:a|an|our|the)\s+(?:[\w-]+\s+){0,2}(?:farm|shop|business|bakery|"
    r"restaurant|cafe|café|pub|b&b|guesthouse|hotel|stall|practice|clinic|nursery|daycare|"
    r"store|kennels?|stables?|vineyard|winery|brewery|salon|garage|ranch|dairy|orchard|"
    r"smallholding|allotment|campsite|bookshop|florist)\b)|"
    # a car or a thing named, owned by the household: "we bought a Nissan Leaf"
    r"(?:own|bought)\s+(?=(?:a|an)\s+(?:(?:19|20)\d\d\s+)?(?:(?:used|new|second-hand|old)\s+)?"
    r"(?P<thing>(?-i:[A-Z])[\w.-]*))|"
    # a pet or a car the household has no longer: "we don't have the dog anymore"
    rf"(?:no\s+longer|don't|do\s+not)\s+(?=have\s+(?:the|our|a)\s+(?:{PET_NOUNS}|car)\b))",
    re.IGNORECASE,
)


#: The household somewhere: "we're in Vienna now", "we are currently in Austin" (a place
#: the list of places knows: not "we're in a meeting", "we're in Q3").
_WE_ARE_IN_RE: Final = re.compile(
    r"(^|[.!?;,][ \t]+|\n[ \t]*|\b(?:and|so|but)[ \t]+)we(?:'re|\u2019re|[ \t]+are)[ \t]+"
    r"(?=(?:(?:now|currently|still|based|living|finally)[ \t]+)*in[ \t]+"
    r"(?P<p>[A-Za-z][\w.'-]*(?:[ \t]+(?-i:[A-Z])[\w.'-]*)?)"
    r"(?![ \t]+(?:for|visiting|to\s+visit|on|at|until|till|this|today|tonight|over|"
    r"staying|with)\b))",
    re.IGNORECASE,
)


#: The home the user or the household is in, with its place: "we're in a 1930s semi in
#: Stockport", "I'm in a two-bed flat in Leith" (a home's noun, then "in", "near" or
#: "outside": not "I'm in a meeting in Leeds").
_IN_A_HOME_RE: Final = re.compile(
    r"(^|[.!?;,][ \t]+|\n[ \t]*|\b(?:and|so|but)[ \t]+)(?:we(?:'re|\u2019re|[ \t]+are)|"
    r"I(?:'m|\u2019m|[ \t]+am))[ \t]+(?:(?:now|currently|still)[ \t]+)?(?=in[ \t]+(?:a|an|our|my)"
    r"[ \t]+(?:[\w-]+[ \t]+){0,3}(?:semi|semi-detached|terrace|terraced[ \t]+house|house|flat|"
    r"apartment|bungalow|cottage|condo|townhouse|studio|bedsit|houseshare|flatshare|"
    r"narrowboat|caravan|farmhouse|duplex|maisonette|loft|detached)[ \t]+(?:in|near|outside|on)"
    r"[ \t]+(?-i:[A-Z])"
    # (a stay, not a home: "... in Cornwall for half term", "... till Sunday")
    r"(?![^.,;!?\n]*\b(?:for|till|until|this|next|over)\b))",
    re.IGNORECASE,
)


def _we_are_in(m: re.Match[str]) -> str:
    return f"{m[1]}I am " if is_place(m["p"]) else m.group()


def _household(m: re.Match[str]) -> str:
    """The household's clause of :data:`_HOUSEHOLD_RE` said by "I" (a team's move to a
    technology, "we moved to SwiftData", stays the team's)."""
    if (m["to"] and _phrasing.tech_names(m["to"])) or (
        m["thing"] and _phrasing.tech_names(m["thing"])
    ):
        return m[0]  # ("we bought a Datadog licence": the team's)
    return f"{m[1]}I {m[2]}"


#: Who the user is, said before a question or a request: "as a diabetic, is fasting
#: safe?", "As a landlord in Leeds, what do I need?" (not "as a rule", "as a kid").
_AS_A_RE: Final = re.compile(
    r"(^|[.!?][ \t]+|\n[ \t]*)as\s+((?:an?|the\s+(?:only|sole|lead|main|head))\s+"
    r"(?:[\w-]+\s+){0,2}?(?:"
    + ROLE_NOUNS
    + r"|diabetic|vegan|vegetarian|coeliac|celiac|landlord|landlady|homeowner|tenant|"
    r"renter|beginner|newbie|non-native\s+speaker|native\s+speaker|left-hander|smoker|"
    r"ex-smoker|runner|cyclist|knitter|gardener|parent|single\s+parent|mum|mom|dad|"
    r"father|mother|grandparent|grandmother|grandfather|retiree|pensioner|expat|immigrant|"
    r"night\s+owl|early\s+riser|widower|widow|divorcee)(?:\s+(?:in|from)\s+(?-i:[A-Z])[\w-]+|\s+(?:at|for|in|on)\s+"
    r"(?:my|our|a|an|the)\s+[\w-]+(?:\s+[\w-]+)?)?)(?:\s*,|\s+(?=I\s))",
    re.IGNORECASE,
)
#: The user said as "someone" before a question: "as someone with type 2 diabetes, are
#: dates ok?", "as someone who hates mornings, how do I ...?".
_AS_SOMEONE_RE: Final = re.compile(
    r"(?P<lead>^|[.!?][ \t]+|\n[ \t]*)as\s+(?:somebody|someone|a\s+person|one)\s+"
    r"(?:(?P<with>with|who\s+has|who's\s+got|that\s+has)\s+|(?:who|that)\s+(?P<verb>[a-z]+)\s+)"
    r"(?P<rest>[^,.;?!\n]{2,60}),(?=[^.!\n]{0,300}\?)",
    re.IGNORECASE,
)


def _as_someone(m: re.Match[str]) -> str:
    if m["with"]:
        return f"{m['lead']}I have {m['rest']}. "
    verb = m["verb"].lower()
    first = {"is": "am", "has": "have", "does": "do", "was": "was"}.get(verb)
    if first is None:
        first = verb[:-2] if re.search(r"(?:ch|sh|ss|x)es$", verb) else verb[:-1]
        if not verb.endswith("s") or verb.endswith("ss"):
            return m.group()  # ("as someone who can ...": no verb of the present)
    return f"{m['lead']}I {first} {m['rest']}. "


#: A clause that starts at what the user does, its "I'm" left out: "working at a
#: bakery", "teaching 7th grade math", "trying to learn guitar", "doing my PhD".
_DOING_LEAD_RE: Final = re.compile(
    r"(^|[.!?;,][ \t]++|\n[ \t]*+|(?<![ \t])[ \t]++(?:and|\+|&)[ \t]++)(?:(?:I'm|I\s+am|am)\s+)?"
    r"(?:currently\s+|still\s+)?"
    r"(?P<verb>living(?=\s+in\s+(?:a|an|the)?\s*(?-i:[A-Z])|\s+in\s+(?:a|an)\s)|"
    r"studying(?=\s+(?!" + _NOT_STUDIES + r")\w)|"
    r"working(?=\s+(?:at|for|in|part[- ]time|full[- ]time|from\s+home|remotely)\b)"
    r"(?![^,.;!?\n]*\bas\s+an?\b)|teaching(?=\s+\d|\s+(?:year|grade|high|middle|primary|"
    r"secondary|english|maths?|science|history|music|art|french|spanish|german|at|in|"
    r"kids|adults)\b)|coaching|volunteering(?=\s+(?:at|for|with)\b)|"
    r"trying\s+to\s+learn|doing\s+(?:my|a|an)\s+(?P<study>phd|master'?s|masters|msc|ma|"
    r"residency|apprenticeship|doctorate|mba)\b)",
    re.IGNORECASE,
)
_DOING_BASE: Final = {
    "living": "live",
    "studying": "am studying",
    "working": "work",
    "teaching": "teach",
    "coaching": "coach",
    "volunteering": "volunteer",
}


#: A place in brackets, a qualifier of the word before it ("Portuguese (Brazil)", "Lisbon
#: (Portugal)"), not a clause of its own.
_PLACE_ASIDE_RE: Final = re.compile(
    r"(?<![ \t])[ \t]*+\([ \t]*+((?-i:[A-Z])[\w.' -]{1,30}?)[ \t]*\)"
)


def _place_aside(m: re.Match[str]) -> str:
    return "" if _phrasing.bare_place(m[1]) else m[0]


#: Someone else the sentence is about before a gerund: "She's retired, living in ...".
_NOT_MINE_BEFORE_RE: Final = re.compile(
    r"\b(?:she|he|they|her|his|their)\b|\bmy\s+(?:\w+\s+)?(?:sister|brother|mum|mom|dad|"
    r"mother|father|son|daughter|wife|husband|partner|friend|colleague|boss|neighbou?r|"
    r"cousin|aunt|uncle|grandma|grandpa|kid|child)\b",
    re.IGNORECASE,
)
#: A gerund that is the subject: "Teaching English is hard", "Living in London vs Paris".
_GERUND_SUBJECT_RE: Final = re.compile(r"^[^,;]*?\b(?:is|are|was|vs\.?|versus|or)\b", re.I)
_STUDENT_OF: Final = {
    "phd": "a PhD student",
    "doctorate": "a PhD student",
    "mba": "an MBA student",
    "residency": "a resident",
    "apprenticeship": "an apprentice",
}


def _doing_lead(m: re.Match[str]) -> str:
    """The clause of :data:`_DOING_LEAD_RE` with its "I" said (not when the sentence is
    about someone else, asks, or makes the gerund its subject: "She's retired, living
    in Norfolk", "Working for Amazon: is it worth it?", "Teaching English is hard")."""
    text = m.string
    start = max(text.rfind(c, 0, m.start() + 1) for c in ".!?\n")
    end = min((i for i in (text.find(c, m.end()) for c in ".!?\n") if i >= 0), default=len(text))
    before, after = text[start + 1 : m.start() + 1], text[m.end() : end + 1]
    if _NOT_MINE_BEFORE_RE.search(before) or "?" in after or _GERUND_SUBJECT_RE.match(after):
        return m[0]
    verb = m["verb"].lower()
    if verb.startswith("trying"):
        return f"{m[1]}I am learning"
    if m["study"]:
        study = m["study"].lower().replace("'", "")
        who = _STUDENT_OF.get(study, "a master's student")
        return f"{m[1]}I am {who}"
    return f"{m[1]}I {_DOING_BASE[verb]}"


#: A diagnosis said of the user: "my GP diagnosed me with IBS".
_DIAGNOSED_ME_RE: Final = re.compile(
    r"\b(?:my|the|a)\s+(?:doctor|gp|consultant|specialist|psychiatrist|neurologist|dentist|"
    r"physio|therapist|cardiologist|dermatologist|rheumatologist)\s+(?:finally\s+|just\s+)?"
    r"diagnosed\s+me\s+with\b",
    re.IGNORECASE,
)
#: What a doctor or a test found about the user is the user's: "the allergist says I'm
#: not allergic", "my GP confirmed I have asthma".
_FOUND_RE: Final = re.compile(
    r"(^|[.!?:;,][ \t]+|\n[ \t]*)(?:update[:,]?\s+)?(?:so\s+)?(?:my|the)\s+(?:doctor|gp|allergist|"
    r"dentist|specialist|consultant|neurologist|cardiologist|dermatologist|psychiatrist|"
    r"test|tests|results?|scan|blood\s+work|bloodwork|biopsy)\s+(?:says|said|confirmed|"
    r"shows?|showed|found)\s+(?:that\s+)?I\b(?=\s+(?:am|have|had|was|do|don't|do\s+not|"
    r"can|can't|cannot|need)\b)",
    re.IGNORECASE,
)
#: An allergy the user grew out of: "outgrew my egg allergy".
_OUTGREW_RE: Final = re.compile(
    r"\b(?:I\s+)?(?:have\s+)?outgr[eo]wn?\s+(?:my|the)\s+([\w-]+)\s+allergy\b", re.IGNORECASE
)
#: A question tag after a statement: the statement is the question.
#: A check that a wish was heard, after it: "always answer in German, ok?", "metric
#: units from now on, got it?".
_CHECK_TAG_RE: Final = re.compile(
    r"(?<!\s)\s*,\s*(?:ok|okay|k|alright|all\s+right|got\s+it|understood|deal|capisce|"
    r"t[áa]|vale|d'accord|okey)\s*\?+(?=\s|$)",
    re.IGNORECASE,
)
_TAG_QUESTION_RE: Final = re.compile(
    r"(?<!\s)\s*,\s*(?:why|how come|right|no|or what|or not|any idea why)\s*\?", re.IGNORECASE
)


#: A clause that says the one before no longer holds: "(I don't use docker but) that's
#: outdated", "that was years ago", "not true anymore".
_RETRACTS_RE: Final = re.compile(
    r"^(?:(?:that|this|it)\s+(?:is|was|has)\s+(?:\w+\s+)?(?:outdated|out of date|old news|"
    r"no longer true|no longer the case|not true anymore|not the case anymore|changed|"
    r"history|stale|wrong now|years ago)|(?:that'?s\s+)?not true any\s?more|"
    r"(?:(?:actually|wait|oh),?\s+)?(?:no,?\s+)?(?:scratch|strike|forget|ignore)\s+that|"
    r"(?:actually|wait|oh)\s+no|no\s+wait)$",
    re.IGNORECASE,
)
#: A count the clause before gave, now another: "(I have two kids -) it's three now".
_COUNT_NOW_RE: Final = re.compile(
    r"^(?:it'?s|it\s+is|its)\s+(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+"
    r"now\b(?:,.*)?$",
    re.IGNORECASE,
)
#: "I use it daily": "it" stands for the one technology the clause before named.
_IT_OBJECT_RE: Final = re.compile(
    r"^(?P<head>(?:(?:I|we)\s+)?(?:(?:really|still|now|also|absolutely|actually|totally|kinda|"
    r"do)\s+)?(?:use|love|like|hate|prefer|run|need|enjoy|adore|dislike|rely on|swear by|"
    r"can't stand|cannot stand)\s+)it\b",
    re.IGNORECASE,
)


def _bare_name(clause: str) -> list[str]:
    """The name a verbless clause is ("ugh, YAML": YAML), or nothing."""
    plain = _strip_filler(
        re.sub(r"^(?:ugh|meh|hmm|oh|ah|argh|welp)\b[\s,.!]*", "", clause, flags=re.I)
    )
    if re.fullmatch(r"(?-i:[A-Z][\w.+#-]*)(?:\s+(?-i:[A-Z][\w.+#-]*))?", plain):
        return [plain]
    return []


#: A chat statement without its subject: "been writing our apps in Kotlin", "started
#: using Arc", "stopped using Docker": the user's ("I have been ...", "I started ...").
_DROPPED_I_RE: Final = re.compile(
    r"^(been|started|began|stopped)\s+\w+ing\b|^(have)\s+(?!to\b|you\b|a\s+(?:look|go|try)\b)",
    re.IGNORECASE,
)


def read_clauses(clauses: Iterable[tuple[str, bool]]) -> Iterable[tuple[str, bool, bool]]:
    """``(clause, in_question, retracts)`` for each clause of :func:`user_clauses`:
    ``retracts`` when the clause says the one before no longer holds ("that's outdated":
    its facts are dropped, its technologies are over), and "it" after a verb of use or
    liking stands for the one technology the clause before named ("I switched to Neovim
    last year and I love it")."""
    previous: list[str] = []
    for clause, in_question in clauses:
        if _RETRACTS_RE.match(clause.strip(" .!,")) or _COUNT_NOW_RE.match(clause.strip(" .!,")):
            yield clause, in_question, True
            continue  # ("that's outdated, I use it daily": "it" is still the one before)
        if not in_question and (dropped := _DROPPED_I_RE.match(clause)):
            clause = (
                ("I have " if (dropped[1] or "").lower() == "been" else "I ")
                + clause[0].lower()
                + clause[1:]
            )
        it = _IT_OBJECT_RE.match(clause)
        if it and len(previous) == 1 and not _phrasing.tech_names(clause):
            clause = f"{it['head']}{previous[0]}{clause[it.end() :]}"
        yield clause, in_question, False
        previous = [] if in_question else _phrasing.tech_names(clause) or _bare_name(clause)


def _is_verbless(plain: str) -> bool:
    """A short phrase without a verb or the user in it ("Python only", "a dentist chain",
    "Fine"): after a clause about someone else, it is still about them."""
    words = plain.split()
    return (
        0 < len(words) <= 5
        and not _FRAGMENT_OWN_RE.search(plain)
        and not _VERB_WORD_RE.search(plain)
        and "?" not in plain
    )


#: A word that makes a clause a statement of its own (a verb, or an auxiliary).
_VERB_WORD_RE: Final = re.compile(
    r"\b(?:is|are|was|were|am|be|been|being|has|have|had|do|does|did|can|could|will|would|"
    r"shall|should|must|may|might|need|needs|want|wants|use|uses|used|using|like|likes|"
    r"prefer|prefers|love|loves|hate|hates|think|thinks|write|writes|run|runs|work|works|"
    r"build|builds|go|goes|get|gets|make|makes|keep|keeps|say|says|know|knows|try|tries|"
    r"switch|switched|move|moved|learn|learning|teach|teaches|read|reads|live|lives|"
    r"let|lets|let's|what|how|why|which|who)\b|'s\b|'re\b|'m\b|n't\b",
    re.IGNORECASE,
)


def _is_fragment(plain: str) -> bool:
    """A clause without a subject of its own that is no request to the assistant ("no
    docs", "Fish shell, starship prompt", "wants every query hand-written", "yes 11g"):
    it goes on about whoever the sentence before was about."""
    if _FRAGMENT_OWN_RE.search(plain):
        return False  # the user speaks of themselves ("... and I hate it")
    if _phrasing.imperative_fact(plain) is not None:
        return False  # a request to the assistant: the user's
    return bool(_FRAGMENT_RE.match(plain))


#: A first-person word anywhere in a clause.
_FRAGMENT_OWN_RE: Final = re.compile(r"\b(?:I|I'm|I've|I'd|me|my|mine|we|our|us)\b", re.IGNORECASE)
#: How a clause without a subject begins: a negation or a quantity of a noun, a yes, a
#: third-person verb, or a noun phrase ("Fish shell, starship prompt").
_FRAGMENT_RE: Final = re.compile(
    r"^(?:and |but |plus )?(?:no|not|never|nothing|none|zero|only|just|also|yes|yep|yeah|"
    r"everything|all|every|same|even|still|always|mostly|literally|"
    r"(?:wants|uses|prefers|likes|loves|hates|thinks|writes|runs|swears|insists|refuses|codes|"
    r"works|lives|does|has|keeps|says|won't|doesn't|can't)\b)\b"
    r"|^(?!.*\b(?:is|are|was|were|be|been|has|have|had|do|does|did|can|can't|must|should|"
    r"will|would|this|that|these|those|for|to)\b)"
    r"(?:[a-z][\w.+#-]*\s+){0,2}[\w.+#-]+\s*(?:,\s*[\w.+#-]+(?:\s+[\w.+#-]+){0,2}\s*){1,}",
    re.IGNORECASE,
)
#: A sentence that turns to another subject ("anyway, for this app ..."): what it says is
#: not about the person of the sentence before.
_TOPIC_TURN_RE: Final = re.compile(
    r"^\W*(?:anyway|anyways|anyhow|btw|by the way|back to|so anyway|moving on|that said|"
    r"regardless|either way)\b",
    re.IGNORECASE,
)


def _kept_piece(piece: str, guarded: bool, one_off: bool) -> str | None:
    """The piece of a sentence that may state a fact: without a part holding a secret;
    beside an injected instruction, the assistant's words or a one-off task only the
    user's own statements count (``guarded``, ``one_off``); None when nothing is left."""
    if _phrasing.SECRET_MARK in piece:
        # the part with the secret goes, the rest of the sentence stays
        piece = ", ".join(
            p for p in re.split(r"\s*,\s*", piece) if p and _phrasing.SECRET_MARK not in p
        )
        if not piece or re.search(r"\b(?:key|token|password|secret)\s*$", piece, re.I):
            return None
    if (guarded or one_off) and (
        _phrasing.injected(piece)
        or not _FIRST_PERSON_RE.match(_strip_filler(piece))
        or (one_off and not _SCOPED_OWN_RE.match(_strip_filler(piece)))
    ):
        return None
    return piece


def _goes_on(clause: str, plain: str) -> bool:
    """After a clause about someone else, this one goes on about them (a tail, a
    fragment, a short phrase without a verb); not a request to the assistant ("my husband
    is allergic to nuts. no nuts in any recipe plz")."""
    if _POLITE_WORD_RE.search(clause) or (
        clause.startswith("so ") and _REQUEST_RE.match(clause[3:])
    ):
        return False
    return bool(
        _TAIL_CLAUSE_RE.match(plain)
        or _is_fragment(plain)
        or (clause != plain and _is_fragment(clause))  # ("yes 11g": "yes" is filler)
        or _is_verbless(plain)
    )


#: The end of a pasted bit before the user's own words: "...'] I sell sneakers".
_BRACKET_LEAD_RE: Final = re.compile(r"(^|[.!?]|\n)[ \t]*+(?:[\])}]|-->)++[ \t]*+(?=\w)")


def _message_clauses(text: str, *, project: bool) -> Iterable[tuple[str, bool]]:
    """The clauses of :func:`user_clauses`, all of them, from its prepared ``text``."""
    longest = MAX_PROJECT_FACT_LENGTH if project else MAX_CLAUSE_LENGTH
    carried = False  # the sentence before ended about someone else
    for sentence, is_question in _sentences(_BRACKET_LEAD_RE.sub(r"\1 ", text)):
        if _SUPPOSE_RE.search(sentence) or _SARCASM_RE.search(sentence):
            continue  # "Say, hypothetically, I moved to Godot": a supposed case; "I just
            # LOVE it when my build breaks": said meaning the opposite
        if not project and _NOT_MINE_LABEL_RE.match(sentence.strip()):
            continue  # "Test matrix: NVDA + Firefox, JAWS + Chrome": tested, not used
        echo = bool(_ECHO_RE.search(sentence))  # "as you said, X is faster": the
        # assistant's words, said back (the user's own statements beside them count)
        others = carried and not _TOPIC_TURN_RE.match(sentence)  # the sentence so far is
        # about someone else
        group = False  # ... who is the user's own group ("our team")
        tainted = _phrasing.injected(sentence)
        one_off = bool(
            _PROJECT_ONE_OFF_RE.search(sentence) if project else _ONE_OFF_RE.search(sentence)
        )
        parts = [sentence] if _turned(sentence) else _phrasing.pieces(sentence)
        lead = ""
        for j, piece in enumerate(parts):
            if _phrasing.is_correction_lead(piece):
                # "ugh no - I said tabs": the correction's lead goes on to the next piece
                nxt = parts[j + 1] if j + 1 < len(parts) else ""
                lead = "actually " if re.match(r"(?:I|my|we)\b", nxt, re.I) else "actually: "
                continue
            kept, lead = _kept_piece(lead + piece, tainted or echo, one_off), ""
            if kept is None:
                continue
            clauses = _clauses(kept)
            for i, clause in enumerate(clauses):
                if len(clause) > longest:
                    continue  # a run-on paste, not a statement
                cut = _SUPPOSED_TAIL_RE.sub("", clause)
                if cut != clause and len(cut.split()) >= 2:
                    clause = cut  # (the supposed case is no fact; what comes before it is)
                plain = _strip_filler(clause)
                if (one_off and _ONE_OFF_WANT_RE.match(plain)) or _THING_SUBJECT_RE.match(plain):
                    continue
                if _OTHER_SUBJECT_RE.match(plain) or _RELATION_NP_RE.match(plain):
                    others, group = True, bool(_OWN_GROUP_RE.match(plain))
                elif others and _goes_on(clause, plain):
                    continue  # "the client's designer uses Sketch, never Figma": theirs,
                    # also in the next sentence ("Our PM only uses Jira. Never Slack.")
                else:
                    others = False
                last = j == len(parts) - 1 and i == len(clauses) - 1
                yield clause, is_question and last
        carried = others and not group  # (not "the team is in Poland. for this repo: ...")


_META_RE: Final = re.compile(
    r"^User (?:\w+ )?(?:misspoke\w*|meant|mistyped|made a typo|typed|said|mentioned|asked|"
    r"was wrong|got (?:it|that) wrong|mixed (?:it|that|them) up)\b"
    r"|^User (?:prefers|likes|wants|uses) like\b",
    re.IGNORECASE,
)
#: A wish about the task at hand, not a standing one: to do something to "it" or "this",
#: or with no object at all ("User wants to run it quickly", "User wants to compare").
#: A wish made of what was said of the past or of a place ("never properly learned",
#: "never home"): after "to", only a verb's base form is a wish.
_NOT_A_WISH_RE: Final = re.compile(
    r"^User wants the assistant to (?:always |never )?(?:\w+ly\s+)?(?:\w+(?<![eb])ed|home|"
    r"here|there|seen|been|done|heard|had|gone|known|met|learnt|taught)\b"
    r"|^User (?:never|always) wants (?:\w+ly\s+)?(?:home|here|there|seen|been|done|heard|had|"
    r"gone|known|met|learnt|taught|learned)\b",  # (not "always wants detailed answers")
    re.IGNORECASE,
)
#: A place and the one it is not: "User lives in York now, not Leeds".
_PLACE_NOT_RE: Final = re.compile(
    r"^(User (?:lives|is based|works|is) (?:in|at) (?-i:[A-Z])[\w.'-]*(?: (?-i:[A-Z])[\w.'-]*)?)"
    r"(?: now)?,? not (?:in |at )?(?-i:[A-Z])[\w.'-]*(?: (?-i:[A-Z])[\w.'-]*)?$"
)
#: A role and the one it is not: "User is a roofer not a professor".
_ROLE_NOT_RE: Final = re.compile(r"^(User is an? [\w -]+?),? not an? [\w -]+$")
#: A liking or a wish whose object says nothing: "stuff", "the texture".
_VAGUE_OBJECT_RE: Final = re.compile(
    r"^User (?:does not want|doesn't want|wants|likes|dislikes|hates|loves|prefers|"
    r"cannot stand|can't stand|does not use|uses) (?:the )?(?:stuff|things|anything|something|"
    r"everything|texture|smell|taste|sound|look|feel|noise|idea|way)(?: yet)?$",
    re.IGNORECASE,
)
_TASK_WANT_RE: Final = re.compile(
    r"^User (?:just |only )?wants to (?:\w+)(?:(?: (?:it|this|that|them|these|those|him|her)\b.*)|"
    r"(?: (?:quickly|first|now|today|again|later|soon))?)$"
    # help asked for now: "I'd like help outlining one on Luke 15", "i want tips for sleep"
    r"|^User (?:just |really )?(?:wants|would like|needs|is looking for) (?:some |a little |"
    r"more )?(?:help|tips|advice|ideas|suggestions|recommendations|feedback|a hand|"
    r"(?:a|an|some) (?:[\w-]+ ){0,3}?(?:template|list|plan|checklist|recipe|outline|draft|"
    r"summary|letter|email|script|schedule|rota|spreadsheet|formula|poem|story|speech|card|"
    r"caption|workout|itinerary|menu)s?)\b"
    r"(?!.*\b(?:always|every|each|whenever|by default|from now on|in future)\b)"
    # a translation asked for now: "Translate to French: ..."
    r"|^User wants the assistant to (?:translate|proofread|paraphrase|rephrase|reword)\b"
    r"(?!.*\b(?:always|every|each|whenever|by default|from now on|in future|all)\b)",
    re.IGNORECASE,
)
_DANGLING_RE: Final = re.compile(
    r"\b(?:to|the|a|an|of|for|with|and|or|but|always|never|is|are|be|in|on|at|by|than|"
    r"over|not|no|does|do|wants|prefers|likes|uses|even)$|^User (?:does not|doesn't|never) "
    r"(?:like|use|want|need|love|enjoy)$|^User (?:wants the assistant to|"
    r"does not want the assistant to) (?:always|never)?$"
    # a verb of saying left without what is said ("never suggest the user" from "don't
    # ever suggest I 'just see a therapist'"), an idiom's end ("never wants going back")
    r"|\b(?:suggest|tell|say|ask|recommend|remind|assume)\s+(?:the\s+user|them)$"
    r"|^User (?:never wants|does not want) (?:going|looking|turning) back$",
    re.IGNORECASE,
)


_BARE_ROLE_RE: Final = re.compile(
    rf"^User is (?!(?:a|an|the|my|her|his|their|our|your|not|no|now|still|also)\b)"
    rf"(?P<role>(?:[\w+#-]+ ){{0,2}}(?:{ROLE_NOUNS}))"
    r"(?P<rest>(?: (?:at|in|for|on|with|from|based in|since) .+)?)$",
    re.IGNORECASE,
)


#: A condition that only says why the user mentions it: "if timezones matter", "in case
#: it helps" (not "if possible": a wish's own condition).
_ASIDE_TAIL_RE: Final = re.compile(
    r",?\s+(?:if|in case|just in case)\s+" + _ASIDE_CONDITION + "$", re.IGNORECASE
)
#: The same, inside a message, before its sentence ends: left out before the clause is read.
_ASIDE_IF_RE: Final = re.compile(
    r"(?<![ \t])[ \t]*,?[ \t]+\(?(?:if|in case|just in case)[ \t]+"
    + _ASIDE_CONDITION
    + r"\)?(?=[ \t]*(?:[.!?;\n]|$))",
    re.IGNORECASE,
)
#: A role noun written with a capital because it began the user's sentence.
#: Words before a role that say what kind of it ("a Retired Pharmacist").
_ROLE_ADJECTIVES: Final = (
    r"retired|senior|junior|freelance|former|trainee|qualified|registered|certified|licensed|"
    r"professional|semi-retired|self-employed"
)
_ROLE_CASE_RE: Final = re.compile(
    rf"(?:(?<=^User is a )|(?<=^User is an ))(?:(?:lead|head|chief|principal|staff|"
    rf"{_ROLE_ADJECTIVES})\s+)?(?:{ROLE_NOUNS})\b(?=$|\s|,)"
    rf"|(?:(?<=^User is a )|(?<=^User is an ))(?:{_ROLE_ADJECTIVES})(?=\s+(?-i:[a-z]))",
    re.IGNORECASE,
)

#: A text whose words are not the user's fact: someone else's he or she in a fact of the
#: user's own ("User does not want them to just shove him in the back"), a verb of
#: liking or use before another verb ("User prefers is reviewing my PR"). (A speaker's
#: "I" left inside a text is kept: "User's favourite book now is I read A Philosophy of
#: Software Design" still holds the fact.)
_GARBLED_RE: Final = re.compile(
    r"^User\s(?!.*\bUser's\b).*\b(?:he|she|him|his|He|She|His)\b"
    r"|^User (?:prefers|likes|loves|uses|wants|dislikes|hates) (?:is|are|was|were|has|have)\b"
)
#: First-person words left in a third-person text ("User uses Obsidian for all my notes").
_FIRST_PERSON: Final = {"my": "their", "mine": "theirs", "myself": "themselves", "me": "them"}

#: Stored texts that say nothing durable of the user (see :func:`finish`).
_NOT_A_FACT_RE: Final = re.compile(
    r"^User (?:\w+ )?(?:writes|wants the assistant to write) the (?:cover letter|letter|email|"
    r"essay|post|bio|summary|report|proposal|resume|cv|abstract|paragraph|tweet|announcement|"
    r"description|reply|answer|message)\b"
    r"|^User is (?:mid-\w+|in a (?:hurry|rush|meeting)|on a deadline)\b"
    r"|^User (?:is )?runs? on (?:zero|no|little|hardly any|\d+ hours?(?: of)?) sleep\b"
    r"|^User likes (?:\d+|one|two|three|four|five|ten)\s+(?!-?\s*(?:spaces?|tabs?)\b)[a-z]+"
    r"(?:\s+(?:max|maximum|tops|or so|at most))?$"
    r"|^User (?:is|was) (?:the )?(?:opposite|same|other way round)\b"
    r"|^User (?:just )?wants (?:stuff|things|everything|it all) to\b"
    r"|^User (?:does not|doesn't|do not) (?:care|mind)(?: (?:either way|much|really|at all|"
    r"about (?:it|that|this)))?$"
)


#: "now" in a fact of what the user is, has, or where or how they work, live or what
#: they use ("User is married now", "User uses Neovim these days"): a word of the turn,
#: not of the fact (not "from now", "for now", "right now", "until now"; a feeling keeps
#: it: "User hates Java now" after "used to hate Java").
_NOW_AFTER_VERB_RE: Final = re.compile(r"^(User (?:is|works|lives|uses)) now\b")
_NOW_AT_END_RE: Final = re.compile(
    r"(?<!\bfrom)(?<!\bfor)(?<!\bright)(?<!\buntil)\s+(?:now|nowadays|these days)$"
)


def _without_now(content: str) -> str:
    content = _NOW_AFTER_VERB_RE.sub(r"\1", content)
    if re.match(r"User (?:is|has|lives|works|uses)\b", content):
        content = _NOW_AT_END_RE.sub("", content)
    return content


#: A fact whose value is only a pronoun: what it stands for was said before it.
_POINTER_VALUE_RE: Final = re.compile(
    r"^User's [\w -]+ (?:is|are) (?:it|that|this|them|those|these)$"
    r"|^User wants the assistant to (?:keep|bear) (?:it|that|this|them|those|these) in mind\b"
    r"|^User prefers not an? "  # ("not a backend person": what the user is not)
    r"|^User prefers (?:with|without)\b",  # (a fragment: "with emojis")
    re.IGNORECASE,
)
#: A fact whose only object is a pronoun, what it points at said elsewhere: "User does not
#: use it yet" ("Not doing it yet"), "User wants the assistant to never suggest it to the
#: user", "User wants them in every snippet" (not "User hates that meetings run long").
_PRONOUN_OBJECT_RE: Final = re.compile(
    r"^User (?:(?:does not|doesn't|no longer|never|really|also|still|just|would rather|"
    r"wants the assistant to|would like the assistant to|wants|would like|not)\s+)*"
    r"\w+(?:\s+(?:anything|something)\s+\w+)?\s+(?:it|them|this|that|those|these)"
    r"(?=\W*$|\s+(?:yet|now|anymore|any more|to|at|in|on|for|much|a lot|either|too|though|"
    r"very|every|at all)\b)",
    re.IGNORECASE,
)


#: A wish for one unit, what it measures said too ("User prefers km": distances in km),
#: so that it reads as no swap of another preference ("User prefers Celsius").
_UNIT_WISH_RE: Final = re.compile(
    r"^User prefers (?P<u>km|kms|kilomet(?:er|re)s|miles|kg|kgs|kilos|kilograms|grams|lbs|cm|"
    r"centimet(?:er|re)s|metres|meters|feet|inches|litres|liters|ml|cups)(?: only)?$",
    re.IGNORECASE,
)
_MEASURES: Final = {
    **dict.fromkeys(("km", "kms", "kilometers", "kilometres", "miles"), "distances"),
    **dict.fromkeys(("kg", "kgs", "kilos", "kilograms", "grams", "lbs"), "weights"),
    **dict.fromkeys(
        ("cm", "centimeters", "centimetres", "metres", "meters", "feet", "inches"), "lengths"
    ),
    **dict.fromkeys(("litres", "liters", "ml", "cups"), "volumes"),
}


def _unit_wish(m: re.Match[str]) -> str:
    return f"User wants {_MEASURES[m['u'].lower()]} in {m['u']}"


#: "User is a seeing a physio": an appointment said with "I'm seeing", no role.
_APPOINTMENT_RE: Final = re.compile(r"User is an? (?:seeing|going|having|getting)\b")


def _points_elsewhere(content: str) -> bool:
    """The fact's value is a pronoun: "User's default is it" ("it's my default"), "User
    does not use it yet" (not "User would rather build it in Next.js": a value after it)."""
    if _POINTER_VALUE_RE.match(content):
        return True
    pointer = _PRONOUN_OBJECT_RE.match(content)
    return pointer is not None and not re.search(r"\b(?-i:[A-Z])", content[pointer.end() :])


#: Chat's words at a fact's end: "actually lol", "tbh", "haha".
_CHAT_TAIL_RE: Final = re.compile(
    r"(?<=\w{3})(?:\s+(?:actually|lol|lmao|haha|hahaha|btw|tbh|ngl|fr|ikr))+\W*$", re.IGNORECASE
)
#: A place typed in lower case where the user lives or is from: "is in vienna".
_PLACE_CASE_RE: Final = re.compile(
    r"(?<=^User )(?P<lead>(?:lives|is|is based|is currently|is now|moved|is from|comes from|"
    r"lives just|is living)\s+(?:in|near|to|outside|from)\s+|is from\s+|comes from\s+)"
    r"(?P<p>[a-z][\w'-]*(?:\s[a-z][\w'-]*)?)(?=\W*$|\s+(?:now|and|since|for)\b|,)"
)


def _without_chat_tail(content: str) -> str:
    """``content`` without chat's words at its end, a place typed in lower case written
    as a name ("User is in montreal actually lol" -> "User is in Montreal")."""
    content = re.sub(  # "Based in Bangalore." at a sentence's start: "User is based in"
        r"^(User is )(Based|Located|Living|Currently|Originally)\b",
        lambda m: m[1] + m[2].lower(),
        content,
    )
    return _PLACE_CASE_RE.sub(_place_case, _CHAT_TAIL_RE.sub("", content))


def _place_case(m: re.Match[str]) -> str:
    words = m["p"].split()
    for n in (len(words), 1):
        if is_place(" ".join(words[:n])):
            return m["lead"] + " ".join([_capitalised(" ".join(words[:n])), *words[n:]])
    return m.group()


#: A language said as a tool: "User uses English" (from "fluent dutch + english").
_LANGUAGE_USE_RE: Final = re.compile(
    r"^User (?P<no>no longer )?uses (?P<l>" + "|".join(HUMAN_LANGUAGES) + r")$"
)


def _language_use(m: re.Match[str]) -> str:
    if m["no"]:
        return f"User is no longer learning {m['l']}"  # ("gave up on Japanese")
    return f"User speaks {m['l']}"


def _role_case(m: re.Match[str]) -> str:
    """A role's words in lower case, an acronym's kept: "a Retired Pharmacist", "an SRE"."""
    return " ".join(w.lower() if w[1:].islower() else w for w in m.group().split(" "))


def finish(fact: ExtractedFact) -> ExtractedFact | None:
    """The fact with its wording polished, or None when it carries a secret."""
    content = _phrasing.polish(_tidy(fact.content))
    stop = re.match(r"^User wants the assistant to stop (\w+?)ing\b(.*)$", content)
    if stop:  # "stop suggesting lodash": the user does not want it
        content = f"User does not want the assistant to {_phrasing.base_verb(stop[1])}{stop[2]}"
    short = len(content.split()) < 3 and content not in _PASTIME_FACTS  # ("User knits")
    if _phrasing.SECRET_MARK in content or has_secret(content) or short:
        return None
    content = re.sub(r"(?<=\w{3}) (?:always|alwyas|every time|all the time|instead)$", "", content)
    content = _without_now(content)  # "User is married now": the fact holds, not "now"
    content = re.sub(r"\s+(?:from|until|as of|starting)$", "", content)  # ("from now": cut)
    content = _UNIT_WISH_RE.sub(_unit_wish, content)  # "km please": metric, said by a unit
    role = _BARE_ROLE_RE.match(content)
    if role:  # "User is game dev": "User is a game developer"
        noun = re.sub(r"\beng$", "engineer", re.sub(r"\bdev$", "developer", role["role"]))
        noun = re.sub(r"(?i)\bdevops$", "DevOps engineer", noun)
        content = f"User is {indefinite_article(noun)} {noun}{role['rest']}"
    content = re.sub(r"(?<=\w) me(?= first\b| directly\b|$)", " the user", content)
    if _GARBLED_RE.search(content) or _APPOINTMENT_RE.match(content):
        return None
    content = re.sub(
        r"(?<=\w )(my|mine|myself|me)\b(?![-.])",
        lambda m: (
            "the user" if m[1] == "me" and "the assistant" in content else _FIRST_PERSON[m[1]]
        ),
        content,
    )  # ("User uses Obsidian for all their notes", "... the assistant to show the user")
    kept = re.sub(r"\s+(?:to|with|on|for|in|into|from) (?:it|them)$", "", content)
    if kept != content and len(kept.split()) >= 4:  # "refuses to add unsafe code (to it)"
        content = kept
    content = _ASIDE_TAIL_RE.sub("", content)  # "... if timezones matter"
    content = _ROLE_CASE_RE.sub(_role_case, content)  # "a Scientist" (not "an SRE")
    if _DANGLING_RE.search(content) or re.search(r"\bthat way$", content):
        return None  # a clause cut short ("User wants the assistant to always")
    if _META_RE.match(content) or _points_elsewhere(content):
        return None  # about the conversation ("User misspoke earlier"), or "User does not
        # use it yet": what it is was said elsewhere
    content = _ROLE_NOT_RE.sub(r"\1", content)  # "a roofer not a professor": the role
    content = _PLACE_NOT_RE.sub(r"\1", content)  # "lives in York now, not Leeds": York
    content = _without_chat_tail(content)  # "User is in montreal actually lol": Montreal
    content = _LANGUAGE_USE_RE.sub(_language_use, content)  # "uses English": speaks it
    if _VAGUE_OBJECT_RE.match(content):
        return None  # "User does not want stuff", "User cannot stand texture"
    if _NOT_A_WISH_RE.match(content):
        return None  # "never properly learned how to use it", "never home": no wish
    if _TASK_WANT_RE.match(content):
        return None  # the task at hand ("I just want to run it quickly", "I want to compare")
    if _NOT_A_FACT_RE.match(content):
        return None  # one piece of writing ("write the cover letter in British English"), a
        # state of the moment ("I'm mid-incident"), "like 2 sentences max", "I'm the
        # opposite", "I just want stuff to work"
    if re.match(
        r"^User (?:\w+ ){1,3}(?:it|them|that|this|those|these|one)"
        r"(?: (?:now|too|still|anymore|again|a lot|so much|more|even more))?$",
        content,
        re.IGNORECASE,
    ):
        return None  # its object is elsewhere ("I don't like it")
    return ExtractedFact(content, fact.category, fact.confidence, fact.source)


def extract_user_facts(
    user_message: str, assistant_message: str | None = None
) -> list[ExtractedFact]:
    """The facts about the user stated in ``user_message``, in order, without repeats.

    ``assistant_message`` is accepted as context but never read: the assistant's
    words are not the user's.

    >>> [f.content for f in extract_user_facts("I'm building it with React and Supabase")]
    ['User uses React', 'User uses Supabase']
    >>> extract_user_facts("I don't like Java")[0].content
    'User does not like Java'
    >>> extract_user_facts("Should I use React?"), extract_user_facts("My colleague likes tabs")
    ([], [])
    """
    del assistant_message  # context only: never extracted from
    user_message = check_message(user_message, "user_message")
    facts: dict[str, ExtractedFact] = {}
    tech_context = bool(_phrasing.tech_names(user_message))
    last: list[str] = []  # the keys of the clause before
    for clause, in_question, retracts in read_clauses(user_clauses(user_message)):
        if retracts:  # "..., but that's outdated": the clause before no longer holds
            for key in last:
                facts.pop(key, None)
            continue
        last = []
        for fact in clause_facts(clause, in_question=in_question, tech_context=tech_context):
            done = finish(fact)
            if done is not None and len(done.content) <= MAX_FACT_LENGTH:
                key = done.content.casefold()
                if key not in facts:
                    facts[key] = done
                    last.append(key)
    return without_sarcasm(user_message, without_listed_repeats(list(facts.values())))


#: A message that says its praise is not meant: "said no one ever", "yeah right", an eye
#: roll (a sentence's own "/s" or "love it when X breaks" is :data:`_SARCASM_RE`'s).
_NOT_MEANT_RE: Final = re.compile(
    r"\bsaid\s+no\s?(?:one|body)\s+ever\b|(?<!\w)/s\b|\byeah,?\s+right\b|\U0001f644",
    re.IGNORECASE,
)
_PRAISE_RE: Final = re.compile(r"^User (?:\w+ )?(?:likes|loves|prefers|enjoys|adores)\b")


def without_sarcasm(message: str, facts: list[ExtractedFact]) -> list[ExtractedFact]:
    """``facts`` without their praise when ``message`` says it is not meant ("love how
    npm breaks every week 🙄"): what is liked there is disliked, and not said which."""
    if not _NOT_MEANT_RE.search(message):
        return facts
    return [f for f in facts if not _PRAISE_RE.match(f.content)]


def without_listed_repeats(facts: list[ExtractedFact]) -> list[ExtractedFact]:
    """``facts`` without the names read from a list's place that another fact names
    ("User uses NVDA" beside "User uses the NVDA screen reader")."""
    out = []
    for fact in facts:
        if fact.confidence == LISTED_CONFIDENCE:
            name = fact.content.split(" uses ", 1)[-1]
            others = " ".join(f.content for f in facts if f is not fact).casefold()
            if _said_already(name, others):
                continue
        out.append(fact)
    return out
