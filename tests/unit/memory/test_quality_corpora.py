"""Quality floors on the labelled development corpora of bench/data (the figures of
docs/memory-quality.md come from bench/extraction_quality.py and bench/dedup_quality.py;
these tests keep them from sliding back). The hold-out sets are not asserted on here."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[3]


def bench(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / f"{name}.py")
    assert spec
    assert spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def extraction_figures(name: str) -> tuple[dict[str, int], int, int, int]:
    """``(totals, hits, stored, expected)`` of bench/extraction_quality.py on one set."""
    quality = bench("extraction_quality")
    result = quality.evaluate(quality.load(ROOT / "bench" / "data" / f"{name}.jsonl"))
    fam = result["families"].values()
    hits, stored = sum(f["hits"] for f in fam), sum(f["stored"] for f in fam)
    return result["totals"], hits, stored, sum(f["expected"] for f in fam)


#: Recall on each opened set, a little under what it is (2026-12-03: docs/memory-quality.md,
#: sixth round), so that a rule that costs facts elsewhere shows here.
RECALL_FLOORS = {
    "turns_dev": 0.86,
    "turns_holdout": 0.89,
    "turns_holdout2": 0.80,
    "turns_holdout3": 0.77,
    "turns_holdout4": 0.76,
    "turns_holdout5": 0.81,
    "turns_holdout6": 0.81,
    "turns_holdout7": 0.64,
    "turns_holdout8": 0.74,
    "turns_holdout11": 0.76,
}


@pytest.mark.parametrize("name", sorted(RECALL_FLOORS))
def test_recall_does_not_slide_on_the_opened_turns(name: str) -> None:
    totals, hits, stored, expected = extraction_figures(name)
    assert hits / expected >= RECALL_FLOORS[name], hits / expected
    assert hits / stored >= 0.8, hits / stored
    assert totals["forbidden"] == 0
    assert totals["wrong_supersede"] == 0


@pytest.mark.parametrize("name", ["turns_dev", "turns_holdout"])
def test_extraction_on_the_development_turns(name: str) -> None:
    totals, hits, stored, expected = extraction_figures(name)
    assert totals["forbidden"] == 0
    assert totals["secrets_stored"] == 0
    assert totals["wrong_supersede"] == 0
    assert hits / stored >= 0.9, hits / stored
    assert hits / expected >= 0.72, hits / expected
    assert totals["corrections_ok"] / totals["corrections"] >= 0.8


@pytest.mark.parametrize("name", ["pairs_dev", "pairs_holdout"])
def test_dedup_on_the_development_pairs(name: str) -> None:
    quality = bench("dedup_quality")
    result = quality.evaluate(quality.load_pairs(ROOT / "bench" / "data" / f"{name}.jsonl"))
    assert result["wrong_merges"]["negation"] == 0
    assert result["wrong_merges"]["different"] == 0
    assert result["precision"] >= 0.85
    table = result["table"]
    assert table["negation", "supersede"] >= 0.8 * sum(
        n for (label, _), n in table.items() if label == "negation"
    )


def test_corrections_supersede_on_the_opened_corrections_set() -> None:
    """The corrections corpus's dev set (seventh round: 28 -> 45 of 61 superseded; the
    hold-out half is not asserted on)."""
    totals, _, _, _ = extraction_figures("turns_corrections_dev")
    assert totals["wrong_supersede"] == 0
    assert totals["forbidden"] == 0
    assert totals["corrections_ok"] / totals["corrections"] >= 0.7, totals
