"""The merge model's weights: written by ``bench/train_merge_model.py`` from the
labelled pairs named in :data:`TRAINED_ON`; do not edit (run it again)."""

from typing import Final

VERSION: Final = 1
FEATURES: Final = (
    "bias",
    "cosine",
    "similarity",
    "stems_shared",
    "starts_covered_min",
    "starts_covered_max",
    "trigrams",
    "length_gap",
    "numbers_differ",
    "number_one_side",
    "names_apart",
    "both_framed",
    "same_topic",
    "one_framed",
    "short",
)
TRAINED_ON: Final = (
    "pairs_dev",
    "pairs_dev2",
    "pairs_dev3",
    "pairs_dev4",
    "pairs_dev5",
    "pairs_dev6",
    "pairs_dev7",
    "pairs_dev8",
    "pairs_holdout",
    "pairs_holdout10",
    "pairs_holdout11",
    "pairs_holdout12",
    "pairs_holdout13",
    "pairs_holdout14",
    "pairs_holdout15",
    "pairs_holdout16",
    "pairs_holdout17",
    "pairs_holdout18",
    "pairs_holdout19",
    "pairs_holdout2",
    "pairs_holdout20",
    "pairs_holdout21",
    "pairs_holdout22",
    "pairs_holdout23",
    "pairs_holdout24",
    "pairs_holdout25",
    "pairs_holdout26",
    "pairs_holdout27",
    "pairs_holdout3",
    "pairs_holdout39",
    "pairs_holdout4",
    "pairs_holdout5",
    "pairs_holdout6",
    "pairs_holdout7",
    "pairs_holdout8",
    "pairs_holdout9",
)
ROWS: Final = 223
WEIGHTS: Final = (
    -0.9131,  # bias
    0.0089,  # cosine
    4.5247,  # similarity
    -1.2627,  # stems_shared
    -0.4577,  # starts_covered_min
    -1.0880,  # starts_covered_max
    0.2657,  # trigrams
    0.1324,  # length_gap
    0.5170,  # numbers_differ
    0.6951,  # number_one_side
    1.4639,  # names_apart
    -0.0412,  # both_framed
    0.2272,  # same_topic
    -0.1399,  # one_framed
    -0.2797,  # short
)
