"""Credentials in text: found so that they are never remembered.

Memories are kept for months and pasted into prompts, so a secret typed into a chat
("here's my key sk-...") must not reach a store, a journal, IndexedDB or an export.
:func:`find_secrets` returns the spans of what looks like a credential:

* provider keys by their published prefixes: OpenAI / Anthropic ``sk-...``, GitHub
  ``ghp_`` / ``gho_`` / ``ghs_`` / ``ghu_`` / ``ghr_`` / ``github_pat_``, AWS access key
  ids ``AKIA`` / ``ASIA``, Stripe ``sk_live_`` / ``rk_test_`` ..., Slack ``xox?-``,
  Google ``AIza...``, GitLab ``glpat-``, npm ``npm_``, Hugging Face ``hf_``, SendGrid
  ``SG.``;
* JSON Web Tokens (three base64url parts, the first starting ``eyJ``), ``Bearer``
  tokens and PEM private keys (``-----BEGIN ... PRIVATE KEY-----``);
* URLs with a password (``postgres://user:pass@host``);
* a value stated as a secret: "my password is hunter2", "api_key = ...",
  "token: ...", "the passphrase was ...", "pw is ...", "the alarm code is 2580#", "the
  code to my garage is 8812" (not a zip or an error code), "wifi: blue-Tiger-88", "mi
  clave es ...", "das Passwort lautet ...", "auth token 9f8e7d..." (a token-like value
  after its name); the answer to a security question ("my mother's maiden name is ...");
* a social security number beside its name, and an IBAN that passes its check;
* payment card numbers: 13 to 19 digits (spaces or dashes between groups) that pass
  the Luhn check.

Extraction drops every sentence that holds a span; the stores refuse such text with
:class:`~amplify_memory.errors.SecretContentError`; :func:`redact_secrets` replaces the
spans (for messages and logs).

>>> [s.kind for s in find_secrets("my key is sk-proj-abcdefghijklmnopqrstu and I use vim")]
['api key']
>>> redact_secrets("password: hunter2!")
'password: [redacted password]'
>>> find_secrets("I prefer 2-space indentation")
[]
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Final

__all__ = ["SecretSpan", "find_secrets", "has_secret", "redact_secrets", "secret_kinds"]


@dataclass(frozen=True, slots=True)
class SecretSpan:
    """One credential found in a text: its ``kind`` and ``start``/``end`` offsets."""

    kind: str
    start: int
    end: int


# (The expressions are compiled on first use, _compiled: not at the page's start.)
_PATTERN_SOURCES: Final[tuple[tuple[str, str], ...]] = (
    (
        "private key",
        # the whole block over its lines; cut short, its key lines to the first blank line
        r"-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:(?s:.*?)-----END [A-Z0-9 ]*-----"
        r"|[^\n]*+(?:\n[ \t]*+[A-Za-z0-9+/=:,-]{16,}+[ \t]*+(?=\n|$))*+)",
    ),
    ("api key", r"(?<![\w-])sk-(?:proj-|ant-(?:api\d+-)?|live-|test-)?[A-Za-z0-9_-]{16,}"),
    ("api key", r"(?<!\w)(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})"),
    ("api key", r"(?<![A-Z0-9])(?:AKIA|ASIA|AGPA|AIDA|AROA)[A-Z0-9]{16}(?![A-Z0-9])"),
    ("api key", r"(?<!\w)(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{10,}"),
    ("api key", r"(?<!\w)xox[abposr]-[A-Za-z0-9-]{10,}"),
    ("api key", r"(?<![\w-])AIza[0-9A-Za-z_-]{30,}"),
    (
        "api key",
        r"(?<![\w-])(?:glpat-[A-Za-z0-9_-]{16,}|npm_[A-Za-z0-9]{30,}|hf_[A-Za-z0-9]{30,})",
    ),
    ("api key", r"(?<![\w.])SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}"),
    ("token", r"(?<![\w-])eyJ[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}\.[A-Za-z0-9_-]{6,}"),
    ("token", r"(?i:\bbearer\s+)[A-Za-z0-9._~+/-]{16,}=*"),
    ("password", r"(?i:\b[a-z][a-z0-9+.-]{1,20}://[^\s:/@]*+:)[^\s@/]+@[^\s]+"),  # (a user or none)
    # a login given as a pair: "my QuickBooks login so you can look: jen.h / Tulip!2024"
    (
        "password",
        r"(?i:\b(?:logins?|credentials?|creds|wi-?fi|user(?:name)?\s*(?:and|&|/)\s*pass(?:word)?)\b"
        r"[^:\n]{0,40}?(?::|\bis\b)\s*)[^\s/:]{2,}\s*(?:/|\|)\s*[^\s]{4,}",
    ),
)
# "my password is X", "api_key = X", "token: X": the value after the word.
_STATED_SOURCE: Final = (
    r"(?i:(?:\b|(?<=_))(?P<what>passwords?|passwd|pwd|pw|passphrase|pass ?codes?|pin(?: code)?|"
    r"(?:alarm|door|gate|garage|entry|access|lock|safe|keypad|security|building|locker|"
    r"wifi|wi-fi|router|unlock|backup|recovery|verification|one-time)(?:\s+[a-z]+)?\s+codes?|"
    r"(?:wifi|wi-fi)\s+(?:password|pass|pw|key|code)|combination|combo|wifi|wi-fi|"
    r"network\s+key|clave|"
    r"codes?|keys?|"
    r"api[ _-]?keys?|access[ _-]?keys?|secret(?:[ _-]?(?:access[ _-]?)?keys?)?|"
    r"client[ _-]?secret|(?:auth|access|refresh|bearer|api|github|slack|discord|bot)"
    r"[ _-]?tokens?|tokens?|credentials?|private[ _-]?keys?|ssh[ _-]?keys?|"
    r"login|2fa(?: code)?|otp|recovery codes?|connection[ _-]?strings?|conn[ _-]?str|dsn|"
    r"contrase(?:ñ|n)as?|senhas?|mots? de passe|passwort|kennwort|wachtwoord|has(?:ł|l)o\s+to\b|"
    r"has(?:ł|l)o)"
    r"(?:\s+(?:for|to|of|on|del?|da|do|du|des|von|van|für|voor)\s+"
    r"(?:(?:the|my|our|la|el|le|o|a|den|der|die|das|het|de)\s+)?"
    r"[\w.@-]+(?:\s+(?!(?:is|are|was|were|es|é|est|ist|lautet|heißt|era|était|war)\b)[\w.@-]+)?)?"
    r"(?:\s*\b(?:is|are|was|were|es|é|est|ist|lautet|heißt|era|était|war)\b\s*:?\s*"
    r"|\s*(?:=|:|->|equals|:=)\s*|'s\s+|\s+to\s+"
    r"|\s+(?:it'?s|is just)\s+|(?<=\bto)\s+|(?P<bare>\s+)))"
    r"(?P<value>\"[^\"\n]{4,60}\"|'[^'\n]{4,60}'|[^\s\"',;]{4,})"
)
#: A password said before its name: "I use Summer2024! as my password".
_BEFORE_NAME_SOURCE: Final = (
    r"(?<![^\s\"'(])(?P<value>(?=[^\s\"',;\d!@#$%^&*]*+[\d!@#$%^&*])[^\s\"',;]++)\s+as\s+(?:my|the|our|a)\s+"
    r"(?i:password|passphrase|passcode|pin)\b"
)
#: What a security question's answer is stated as: "my mother's maiden name is Kowalski".
_ANSWER_SOURCE: Final = (
    r"(?i:\b(?:maiden\s+name|first\s+(?:pet|car|school)(?:'s\s+name)?|"
    r"security\s+(?:question|answer)|memorable\s+word)\s*(?:is|was|:|=)\s*)"
    r"(?P<value>[A-Z][\w'-]{2,})"
)
#: A US social security number beside its name, and an IBAN (checked by its digits).
_ID_SOURCE: Final = (
    r"(?i:\b(?:ssn|social\s+security(?:\s+number)?|sin|nino)\b\D{0,12})\d{3}-?\d{2}-?\d{4}\b"
)
#: A long random-looking token said with no name: letters of both cases and digits
#: ("ZBe9v5A63rmAc4BdF1R7+Y7DuRSoBOFyhOXuPD/i"), or a long hex string. Starts only where a
#: token starts (linear); :func:`_random_looking` then tells a key from a long name.
_TOKEN_SOURCE: Final = (
    r"(?<![\w+/=.-])(?:(?=[^\sA-Z]{0,80}[A-Z])(?=[^\s0-9]{0,80}[0-9])[A-Za-z0-9+/_-]{24,}={0,2}"
    r"|[0-9a-fA-F]{24,})(?![\w+/=-])"
)
_IBAN_SOURCE: Final = r"\b[A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,3})?\b"
# Words after "password is" that are not a password ("my password is too long").
_NOT_A_VALUE: Final = frozenset(
    [
        "too",
        "very",
        "not",
        "the",
        "a",
        "an",
        "my",
        "your",
        "their",
        "our",
        "this",
        "that",
        "stored",
        "saved",
        "set",
        "required",
        "needed",
        "wrong",
        "correct",
        "incorrect",
        "expired",
        "reset",
        "changed",
        "hashed",
        "encrypted",
        "missing",
        "invalid",
        "weak",
        "strong",
        "long",
        "short",
        "secret",
        "private",
        "public",
        "same",
        "different",
        "something",
        "somewhere",
        "above",
        "below",
        "here",
        "there",
        "rotated",
        "managed",
        "kept",
        "handled",
        "never",
        "always",
        "only",
        "still",
        # the same words in the other languages a password is stated in
        "falsch",
        "zu",
        "abgelaufen",
        "fraca",
        "errada",
        "muito",
        "trop",
        "faux",
        "incorrect",
        "expiré",
        "incorrecta",
        "demasiado",
        "muy",
        "sbagliata",
        "troppo",
        "fout",
        "te",
        "verlopen",
    ]
)
#: How the words of :data:`_STATED_SOURCE` that state a password begin.
_PASSWORD_WORDS: Final = (
    "pass", "pwd", "pw", "pin", "login", "2fa", "otp", "contrase", "senha", "mot", "kennw",
    "wachtw", "has", "alarm", "door", "gate", "garage", "entry", "access code", "lock", "safe",
    "keypad", "security", "building", "locker", "wifi", "wi-fi", "router", "unlock", "backup",
    "recovery", "verification", "one-time", "combination", "combo", "network", "clave", "code",
)  # fmt: skip
#: What a number called a code is when it is no secret: "my zip code is 90210".
_PUBLIC_CODE: Final = (
    r"(?i:\b(?:zip|post|postal|area|country|dialling|dialing|error|status|exit|return|http|"
    r"response|colou?r|hex|promo|discount|coupon|voucher|product|item|sku|tax|iso|language|"
    r"airport|station|course|class|module|bar|qr|zone|room|building|dress|source|short|"
    r"reference|ref|tracking|booking|order|confirmation|invoice|diagnostic|fault|trouble|obd)"
    r"\s*$)"
)
#: Words of :data:`_PASSWORD_WORDS` whose value must hold a digit or a sign to be one
#: ("the wifi is down", "door code is on the fridge" are not).
_WEAK_WORDS: Final = ("wifi", "wi-fi", "network", "router", "combination", "combo", "door", "gate")
_CARD_SOURCE: Final = r"(?<![\d.-])(?:\d[ -]?){12,18}\d(?![\d-])"
#: How a card's digits are grouped when written: all together, in fours, or 4-6-5.
_CARD_GROUPS_RE: Final = re.compile(
    r"\d{13,19}|\d{4}(?:[ -]\d{4}){2,3}(?:[ -]\d{1,4})?|\d{4}[ -]\d{6}[ -]\d{4,5}"
)


@functools.cache
def _compiled() -> tuple[tuple[tuple[str, re.Pattern[str]], ...], re.Pattern[str], re.Pattern[str]]:
    """The secret patterns, the stated-secret and the card-number expressions, compiled."""
    patterns = tuple(
        (kind, re.compile(source))
        for kind, source in (
            *_PATTERN_SOURCES,
            ("security answer", _ANSWER_SOURCE),
            ("password", _BEFORE_NAME_SOURCE),
            ("id number", _ID_SOURCE),
        )
    )
    return patterns, re.compile(_STATED_SOURCE), re.compile(_CARD_SOURCE)


#: A hash named before it: "commit a1b2c3...", "sha256: ...", "build id ..." (no secret).
_HASH_BEFORE_RE: Final = re.compile(
    r"(?i:\b(?:commit|sha(?:1|256|512)?|hash|revision|rev|checksum|digest|md5|build(?:\s+id)?|"
    r"etag|object\s+id))\W{0,3}$"
)


@functools.cache
def _token() -> re.Pattern[str]:
    return re.compile(_TOKEN_SOURCE)


def _random_looking(token: str) -> bool:
    """A key, not a long name: digits among letters of both cases, no long run of lower-
    case letters (a word), or hex with digits and letters."""
    parts = [p for p in re.split(r"[-/_.]", token) if p]
    if len(parts) >= 3 and all(p.isalpha() or p.isdigit() for p in parts):
        return False  # a branch or a slug of words ("bugfix/PROJ-12-fix-crash")
    if re.fullmatch(r"[0-9a-fA-F]+", token):
        return bool(re.search(r"\d", token) and re.search(r"[a-fA-F]", token))
    digits = sum(ch.isdigit() for ch in token)
    upper = sum(ch.isupper() for ch in token)
    lower = sum(ch.islower() for ch in token)
    longest_word = max((len(w) for w in re.findall(r"[a-z]+", token)), default=0)
    worded = sum(len(w) for w in re.findall(r"[A-Z]?[a-z]{3,}", token))
    if worded * 2 >= upper + lower:
        return False  # words run together ("TypeScriptStuff2", "MyFavoriteProject2024")
    base64 = len(token) >= 32 and bool(re.search(r"[+/]", token))  # ("wJalrXUtnFEMI/K7MDENG+...")
    return (digits >= 2 or base64) and upper >= 3 and lower >= 3 and longest_word < 8


@functools.cache
def _iban() -> re.Pattern[str]:
    return re.compile(_IBAN_SOURCE)


def _iban_valid(text: str) -> bool:
    """The ISO 13616 check of an IBAN: moved, lettered to digits, mod 97 is 1."""
    code = text.replace(" ", "")
    if not 15 <= len(code) <= 34:
        return False
    moved = code[4:] + code[:4]
    digits = "".join(str(int(ch, 36)) for ch in moved)
    return int(digits) % 97 == 1


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        n = ord(ch) - 48
        if i % 2:
            n *= 2
            if n > 9:
                n -= 9
        total += n
    return total % 10 == 0


def find_secrets(text: str) -> list[SecretSpan]:
    """The credentials in ``text``, in order of position (overlaps merged).

    Runs in time linear in the text (each pattern is a single pass with bounded
    lookarounds). Non-strings have no secrets.
    """
    if not isinstance(text, str) or not text:
        return []
    spans: list[SecretSpan] = []
    patterns, stated, card = _compiled()
    for kind, pattern in patterns:
        spans += [SecretSpan(kind, m.start(), m.end()) for m in pattern.finditer(text)]
    for match in stated.finditer(text):
        if span := _stated_span(match):
            spans.append(span)
    spans += [
        SecretSpan("token", m.start(), m.end())
        for m in _token().finditer(text)
        if _random_looking(m.group())
        and not _HASH_BEFORE_RE.search(text, max(0, m.start() - 24), m.start())
    ]
    spans += [
        SecretSpan("bank account", m.start(), m.end())
        for m in _iban().finditer(text)
        if _iban_valid(m.group())
    ]
    for match in card.finditer(text):
        digits = re.sub(r"\D", "", match.group())
        grouped = _CARD_GROUPS_RE.fullmatch(match.group().strip())  # (not "112-3344556-77...")
        if 13 <= len(digits) <= 19 and grouped and _luhn(digits) and len(set(digits)) > 1:
            spans.append(SecretSpan("card number", match.start(), match.end()))
    spans.sort(key=lambda s: (s.start, -s.end))
    merged: list[SecretSpan] = []
    for span in spans:
        if merged and span.start < merged[-1].end:
            last = merged[-1]
            if span.end > last.end:
                merged[-1] = SecretSpan(last.kind, last.start, span.end)
            continue
        merged.append(span)
    return merged


def _stated_span(match: re.Match[str]) -> SecretSpan | None:
    """The value of a stated secret ("my password is X"), or None when the words after
    the name are no secret ("my password is too long", "the wifi is down")."""
    value = match["value"].strip("\"'")
    if value.lower().rstrip(".!?)") in _NOT_A_VALUE or not re.search(r"[A-Za-z0-9]", value):
        return None
    what = match["what"].lower()
    kind = (
        "password"
        if what.startswith(_PASSWORD_WORDS)
        else ("token" if "token" in what else "api key")
    )
    token_like = len(value) >= 8 and re.search(r"\d", value) and re.search(r"[A-Za-z]", value)
    digits = re.fullmatch(r"[\d#*-]{4,}", value) is not None
    if match["bare"] is not None and not (
        (token_like and re.search(r"(?:token|key|secret)s?$", what))
        or (
            digits
            and re.fullmatch(r"[\w-]+(?: [a-z]+)?[ -](?:codes?|combo)|combo|combination", what)
        )
        or (4 <= len(value) <= 8 and value.isdigit() and what.startswith("pin"))
        or (
            re.fullmatch(r"passwords?|pw|pwd|passwd|passphrase|passcode", what)
            and re.search(r"\d|[!@#$%^&*]", value)
            and re.search(r"[A-Za-z]", value)
        )  # "the password Summer2024!", "pw Gr33nT3a"
    ):
        return None  # a name and a value with no "is" between ("auth token 9f8e7d...")
    # A stated "token"/"key" must look like one (not "token is expired").
    if kind != "password" and not (len(value) >= 8 and re.search(r"\d", value)):
        return None
    if what.startswith(_WEAK_WORDS) and not re.search(r"[\d!@#$%^&*_+=?]", value):
        return None
    if what in ("code", "codes") and (
        not re.fullmatch(r"[\d#*-]{4,}", value)
        or re.search(_PUBLIC_CODE, match.string[max(0, match.start() - 30) : match.start()])
    ):
        return None  # "the code to the garage is 8812", not "the code is messy", "zip code"
    if what in ("key", "keys") and not (token_like and len(value) >= 16):
        return None  # "use this key: 5f4dcc3b5aa7...", not "the key is Ctrl"
    return SecretSpan(kind, match.start("value"), match.end("value"))


def has_secret(text: str) -> bool:
    """True when ``text`` carries a credential (see :func:`find_secrets`)."""
    return bool(find_secrets(text))


def secret_kinds(text: str) -> tuple[str, ...]:
    """The kinds of credential in ``text``, each once, in order ("api key", ...)."""
    return tuple(dict.fromkeys(s.kind for s in find_secrets(text)))


def redact_secrets(text: str) -> str:
    """``text`` with each credential replaced by ``[redacted <kind>]``."""
    out: list[str] = []
    pos = 0
    for span in find_secrets(text):
        out += [text[pos : span.start], f"[redacted {span.kind}]"]
        pos = span.end
    out.append(text[pos:])
    return "".join(out)
