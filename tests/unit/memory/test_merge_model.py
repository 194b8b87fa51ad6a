"""The learned merge model: its weights, its measures, and what the store does with it
(the real embedding table gives the cosines, as in a user's browser)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from amplify_memory.memory import _merge_weights, merge_model
from amplify_memory.memory.supersession import decide
from amplify_memory.memory.user_profile import UserProfileVectorStore
from amplify_memory.storage import MemoryStorage

ROOT = Path(__file__).resolve().parents[3]


def test_the_weights_name_the_measures_and_the_sets_they_were_learned_from() -> None:
    assert _merge_weights.FEATURES == merge_model.FEATURES
    assert len(_merge_weights.WEIGHTS) == len(merge_model.FEATURES)
    assert _merge_weights.VERSION >= 1
    for name in _merge_weights.TRAINED_ON:  # sets in the repository, none kept aside
        assert (ROOT / "bench" / "data" / f"{name}.jsonl").is_file(), name
    assert not {"pairs_holdout28", "pairs_holdout30", "pairs_holdout32"} & set(
        _merge_weights.TRAINED_ON
    )
    assert _merge_weights.WEIGHTS[merge_model.FEATURES.index("similarity")] > 0


def test_the_measures_and_the_probability() -> None:
    x = merge_model.features("User speaks Portuguese fluently", "Fluent in portuguese", 0.5)
    assert len(x) == len(merge_model.FEATURES)
    assert x[0] == 1.0
    named = dict(zip(merge_model.FEATURES, x, strict=True))
    assert named["cosine"] == 0.5
    assert named["starts_covered_max"] == 1.0
    low = merge_model.merge_probability("User keeps bees", "User keeps a spare key", 0.5)
    high = merge_model.merge_probability("User keeps bees", "Keeps bees in the garden", 0.5)
    assert 0.0 <= low < 0.5 < high <= 1.0  # more words alike, likelier one fact


@pytest.mark.parametrize(
    ("new", "old", "swapped"),
    [
        ("User has a BSc in chemistry", "User has an MSc in chemistry", True),
        ("User owns a cafe in Porto", "User works at a cafe in Porto", True),
        ("User is a freelance illustrator", "Works freelance doing illustration", False),
        ("User has a dog", "User has a dog", False),
        ("User has a cat named Miso", "User has a dog", False),
    ],
)
def test_one_word_swapped_for_another(new: str, old: str, swapped: bool) -> None:
    assert merge_model.swaps_one_word(new, old) is swapped


def test_the_model_is_never_asked_without_a_cosine_nor_about_a_change() -> None:
    para = ("Loves trail walks", "User enjoys hiking")
    assert decide(*para) == "keep"  # (the words alone: no)
    assert decide("User no longer hikes much, loves trail walks", para[1], cosine=0.6) != "merge"
    # an end said on one side only, also where the cosine alone would have merged
    assert decide("User's dog died last year.", "User has a dog.", cosine=0.82) != "merge"
    assert decide(
        "Spicy food is off the menu for the user", "User likes spicy food.", cosine=0.74
    ) != ("merge")
    assert decide("Paid off all student loans.", "User has student loans.", cosine=0.82) != (
        "merge"
    )
    # "X, not Y" where Y is the old value and X's number is news: a correction
    assert decide("User has type 1 diabetes, not type 2.", "User has type 2 diabetes.") == (
        "supersede"
    )
    # a status that ended, a fact with an exception: not for the model (a second reader's)
    assert decide("former avid hiker", "User likes hiking", cosine=0.46) != "merge"
    assert decide("avid hiker", "User likes hiking", cosine=0.48) == "merge"
    assert decide(
        "Follows a mostly plant-based diet but eats fish", "User is vegan", cosine=0.21
    ) != ("merge")
    # one word for another, at a cosine the model would weigh: another value
    assert decide("User has a BSc in chemistry", "User has an MSc in chemistry", cosine=0.6) != (
        "merge"
    )


async def _actions(pairs: list[tuple[str, str]], clock: Callable[[], str]) -> list[str]:
    out = []
    for old, new in pairs:
        store = UserProfileVectorStore(storage=MemoryStorage(), clock=clock)
        await store.initialize()
        await store.add(old, "preference")
        out.append((await store.add(new, "preference"))["action"])
        assert len(await store.list()) == (1 if out[-1] == "updated" else 2)
        await store.close()
    return out


async def test_the_store_merges_paraphrases_its_embeddings_are_unsure_of(
    clock: Callable[[], str],
) -> None:
    # (each was two entries before the model: their cosine is below 0.7)
    pairs = [
        ("User hates cilantro.", "Coriander leaves are a no-go."),
        ("User has a dog.", "Has a canine companion at home."),
        ("User works night shifts.", "On the graveyard shift."),
        ("User commutes by bicycle.", "Bikes to work every day."),
        ("User plays the piano as a hobby.", "Amateur pianist"),
        ("User usually goes to bed around 10pm.", "Typically asleep by 22:00"),
        ("User speaks Portuguese fluently.", "Fluent in português"),
        ("User avoids gluten due to coeliac disease.", "Celiac, so eats gluten-free"),
    ]
    assert await _actions(pairs, clock) == ["updated"] * len(pairs)


async def test_the_store_keeps_homonyms_changes_and_details_apart(
    clock: Callable[[], str],
) -> None:
    pairs = [
        ("User plays bass guitar.", "User goes bass fishing on weekends."),
        ("User writes unit tests for everything.", "User rarely bothers with unit tests."),
        ("User has a dog.", "User's dog is a beagle."),
        ("User's main branch is called master.", "Correction: default branch is main, not master."),
    ]
    assert await _actions(pairs, clock) == ["inserted"] * len(pairs)
