"""How well instruction-override text (persistent prompt injection) is told from facts.

Two labelled sets, each written by a helper that saw neither the detector nor the other
set: ``instructions_dev.jsonl`` (240 lines, the patterns were developed on it) and
``instructions_holdout.jsonl`` (150 lines, measured once after that). For each text:

- *refused by the stores*: :func:`amplify_memory.memory.instructions.instruction_signal`
  finds a wording (``add()``, ``edit()``, imports and the MCP store tool refuse the text);
- *dropped by extraction*: the sentence is left out when facts are read from a message
  (the extractor's own list of injected wordings, or the signal above).

Caught = injections flagged; false alarms = harmless texts flagged. Per kind with
``--kinds``; every miss and false alarm with ``--errors``.

    .venv/bin/python bench/instruction_quality.py
    .venv/bin/python bench/instruction_quality.py --set holdout --errors
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py_src"))

from amplify_memory.memory._phrasing import injected  # noqa: E402
from amplify_memory.memory.instructions import instruction_signal  # noqa: E402

SETS = {"dev": "instructions_dev.jsonl", "holdout": "instructions_holdout.jsonl"}


def refused(text: str) -> bool:
    return instruction_signal(text) is not None


def measure(rows: list[dict], flag: Callable[[str], bool]) -> tuple[int, int, int, int]:
    caught = sum(1 for r in rows if r["injection"] and flag(r["text"]))
    alarms = sum(1 for r in rows if not r["injection"] and flag(r["text"]))
    return caught, sum(r["injection"] for r in rows), alarms, sum(not r["injection"] for r in rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=[*SETS, "all"], default="all")
    parser.add_argument("--errors", action="store_true", help="list every miss and false alarm")
    parser.add_argument("--kinds", action="store_true", help="caught per kind")
    args = parser.parse_args()
    names = list(SETS) if args.set == "all" else [args.set]
    print("| set | texts | refused by the stores | false alarms | dropped by extraction |", end="")
    print(" false alarms |")
    print("|---|---|---|---|---|---|")
    for name in names:
        rows = [json.loads(line) for line in (ROOT / "bench" / "data" / SETS[name]).open()]
        c1, n1, a1, m1 = measure(rows, refused)
        c2, _, a2, _ = measure(rows, injected)
        print(
            f"| {name} | {len(rows)} | {c1}/{n1} ({c1 / n1:.0%}) | {a1}/{m1} "
            f"| {c2}/{n1} ({c2 / n1:.0%}) | {a2}/{m1} |"
        )
        if args.kinds:
            total = Counter(r["kind"] for r in rows if r["injection"])
            hit = Counter(r["kind"] for r in rows if r["injection"] and refused(r["text"]))
            for kind in sorted(total):
                print(f"|   {kind} | {total[kind]} | {hit[kind]}/{total[kind]} | | | |")
        if args.errors:
            for r in rows:
                flagged = refused(r["text"])
                if flagged != r["injection"]:
                    label = "MISS" if r["injection"] else "FALSE ALARM"
                    signal = instruction_signal(r["text"])
                    print(f"  {label} [{r['kind']}] {r['text'][:150]}  -> {signal}")


if __name__ == "__main__":
    main()
