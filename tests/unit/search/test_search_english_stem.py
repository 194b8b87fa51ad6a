"""The fast English stemmer must agree exactly with snowballstemmer."""

from __future__ import annotations

import re

import snowballstemmer
from hypothesis import given, settings
from hypothesis import strategies as st

from amplify_memory.text._stem import stem_english

SNOWBALL = snowballstemmer.stemmer("english")

TRICKY = """
a is by sky skies skis news atlas bias cosmos andes howe early gently idly only singly
ugly dying lying tying eyeing yes yell ayyy yyy say saying sayings player
generously general generate generic communism community emergency emerge universe
university universal interest intern later lateral organ organize organization past
pasted pasting arsenic succeed proceed exceed succeeded proceedings exceedingly agreed
feed feeding bleed canning cannery inning innings earring herring outing evening evenings
caresses ponies ties cries gaps gas kiwis hopping hoping hopped hope fizzed fizzled
filing failing luxuriated luxuriating conflated troubled sized tanned falling hissing
controlling dying happy happiness relational conditional rational valenci hesitanci
digitizer conformabli radicalli differentli vileli analogously callousness relativism
vietnamization predication operator feudalism decisiveness hopefulness formaliti
sensitiviti sensibiliti archaeology geology biologist triplicate formative formalize
electriciti electrical hopeful goodness revival allowance inference airliner gyroscopic
adjustable defensible irritant replacement adjustment dependent adoption communism
activate angulariti homologous effective bowdlerize probate rate cease controll roll
migration migrating migrati typescript preferences
""".split()  # noqa: SIM905


def test_stems_tricky_words_like_snowball() -> None:
    for word in TRICKY:
        assert stem_english(word) == SNOWBALL.stemWord(word), word


@settings(max_examples=3000, deadline=None)
@given(
    st.text(alphabet="aeiouybcdglmnrstwxz0123456789_", min_size=0, max_size=8),
    st.sampled_from(
        [
            "",
            "s",
            "es",
            "ies",
            "ied",
            "ed",
            "eed",
            "ing",
            "ingly",
            "edly",
            "eedly",
            "ly",
            "li",
            "ogi",
            "ational",
            "tion",
            "ness",
            "ful",
            "ative",
            "ement",
            "ion",
            "e",
            "ll",
            "y",
            "ss",
            "us",
            "bli",
            "alli",
            "iviti",
            "izer",
            "ogist",
            "at",
            "bl",
            "iz",
            "able",
        ]
    ),
)
def test_stems_generated_words_like_snowball(stem: str, suffix: str) -> None:
    word = stem + suffix
    assert stem_english(word) == SNOWBALL.stemWord(word)


def _vocabulary() -> list[str]:
    """The whole words of the embedding model's WordPiece vocabulary (built by the
    project's own tools, ~22,000 English words)."""
    from tests.unit.embeddings.built_table import built_table_path

    from amplify_memory.embeddings import StaticEmbeddingTable

    table = StaticEmbeddingTable.from_bytes(built_table_path().read_bytes())
    return sorted(w for w in table.vocab if re.fullmatch(r"[a-z0-9_]+", w))


def test_stems_a_large_english_vocabulary_like_snowball() -> None:
    words = _vocabulary()
    assert len(words) > 10_000
    mismatches = [w for w in words if stem_english(w) != SNOWBALL.stemWord(w)]
    assert mismatches == []
