"""The alias lookup table finds what one flat regular expression of the aliases finds:
the longest alias at each place, on whole words, spaces and hyphens alike."""

from __future__ import annotations

import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from amplify_memory.memory import technologies as tech

# A sample of the real keys (with every key that shares a first word with one of them,
# so that longer and shorter aliases compete), kept small so the reference compiles fast.
_rng = random.Random(7)
_sample = set(_rng.sample(sorted(tech._ALIAS_KINDS), 300))
_firsts = {k.split(" ")[0] for k in _sample}
KEYS = sorted(_sample | {k for k in tech._ALIAS_KINDS if k.split(" ")[0] in _firsts})
LENGTHS = tech.key_lengths(KEYS)


def _reference() -> re.Pattern[str]:
    parts = [
        r"[\s-]+".join(re.escape(word) for word in key.split(" "))
        for key in sorted(KEYS, key=len, reverse=True)
    ]
    return re.compile(rf"(?<![\w.@$])(?:{'|'.join(parts)})(?![\w@$]|[.#][\w])", re.IGNORECASE)


REFERENCE = _reference()


def reference_matches(text: str) -> list[tuple[int, int]]:
    return [(m.start(), m.end()) for m in REFERENCE.finditer(text)]


_pieces = st.one_of(
    st.sampled_from(KEYS).map(lambda k: k.replace(" ", _rng.choice([" ", "-", "  ", " - "]))),
    st.sampled_from(KEYS).map(str.upper),
    st.sampled_from(KEYS).map(str.title),
    st.sampled_from(
        [" ", "  ", "-", ", ", ". ", "+", "/", "(", ")", ".", "#", "@", "x", "1", "_", "'", "\n"]
    ),
    st.text(alphabet="abcdefgh .-+", max_size=4),
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_pieces, max_size=12).map("".join))
def test_the_table_finds_what_the_regular_expression_finds(text: str) -> None:
    got = [(s, e) for s, e, _ in tech._alias_matches(text, LENGTHS, KEYS)]
    assert got == reference_matches(text)


def test_known_cases() -> None:
    text = "React Native, docker - compose and C++ on node.js; not main.go nor @types/node"
    found = [text[s:e] for s, e, _ in tech._alias_matches(text)]
    assert "React Native" in found
    assert "docker - compose" in found
    assert "C++" in found
    assert "node.js" in found
    assert "main.go" not in " ".join(found)
