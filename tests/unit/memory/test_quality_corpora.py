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


@pytest.mark.parametrize("name", ["turns_dev", "turns_holdout"])
def test_extraction_on_the_development_turns(name: str) -> None:
    quality = bench("extraction_quality")
    result = quality.evaluate(quality.load(ROOT / "bench" / "data" / f"{name}.jsonl"))
    fam, totals = result["families"], result["totals"]
    hits = sum(f["hits"] for f in fam.values())
    stored = sum(f["stored"] for f in fam.values())
    expected = sum(f["expected"] for f in fam.values())
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
