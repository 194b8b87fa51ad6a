"""Time of the extractors, the instruction detector and fuzzy search on the worst inputs
found by the hardening review (issue 16): runs of one character, one huge word, many
sentences, long query words with a tolerance. Medians of ``--runs`` runs, in seconds.

    .venv/bin/python bench/pathological.py
    .venv/bin/python bench/pathological.py --base ../old-checkout/py_src   # side by side

``--base`` runs the same cases, in a child process, against another checkout's package
(a case over ``--cap`` seconds there is stopped and shown as ``> cap``).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SIZE = 20_000  # MAX_MESSAGE_LENGTH: the longest message the extractors read
CASES = {
    "'!' x 20,000": "!" * SIZE,
    "'.' x 20,000": "." * SIZE,
    "'#' x 20,000": "#" * SIZE,
    "'_' x 20,000": "_" * SIZE,
    "' ' x 20,000": " " * SIZE,
    "'a.b' x 6,666": ("a.b" * SIZE)[:SIZE],
    "one 20,000-letter word": "x" * SIZE,
    "6,666 sentences '. a'": (". a" * SIZE)[:SIZE],
    "'I use ' x 3,333": ("I use " * SIZE)[:SIZE],
}

CHILD = r"""
import json, sys, time
sys.path.insert(0, sys.argv[1])
from amplify_memory.memory.chat_facts import extract_chat_facts
from amplify_memory.search import Database
case, text = json.loads(sys.stdin.read())
started = time.perf_counter()
if case == "fuzzy":
    db = Database({"id": "string", "content": "string"})
    words = [f"w{i:03d}" + "abcdefghij"[i % 10] * 8 for i in range(1000)]
    db.insert_multiple({"id": str(i), "content": w} for i, w in enumerate(words))
    started = time.perf_counter()
    db.search(term=text, tolerance=3)
else:
    extract_chat_facts(text, in_project=True)
print(time.perf_counter() - started)
"""


def time_case(package: Path, case: str, text: str, cap: float) -> float | None:
    try:
        out = subprocess.run(
            [sys.executable, "-c", CHILD, str(package)],
            input=json.dumps([case, text]),
            capture_output=True,
            text=True,
            timeout=cap,
            check=True,
        )
    except subprocess.TimeoutExpired:
        return None
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--base", type=Path, help="another checkout's py_src, run side by side")
    parser.add_argument("--cap", type=float, default=60.0, help="seconds before a run stops")
    args = parser.parse_args()
    cases = dict(CASES)
    cases["fuzzy: 150 words of 64 letters, tolerance 3"] = " ".join(["w" * 64] * 150)
    packages = [("now", ROOT / "py_src")] + ([("base", args.base)] if args.base else [])
    print("| input | " + " | ".join(f"{name} (s)" for name, _ in packages) + " |")
    print("|---" * (len(packages) + 1) + "|")
    for label, text in cases.items():
        case = "fuzzy" if label.startswith("fuzzy") else "extract"
        cells = []
        for _, package in packages:
            times = [time_case(package, case, text, args.cap) for _ in range(args.runs)]
            done = [t for t in times if t is not None]
            cells.append(
                f"> {args.cap:g}" if len(done) < len(times) else f"{statistics.median(done):.3f}"
            )
        print(f"| {label} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    started = time.perf_counter()
    main()
    print(f"\n({time.perf_counter() - started:.0f} s)")
