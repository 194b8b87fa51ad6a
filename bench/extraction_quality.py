"""Extraction quality on labelled chat turns: precision, recall and F1 per family.

Each turn of ``bench/data/turns_*.jsonl`` has the facts a perfect extractor stores
(``expected``: destination user or project, key words, polarity). A stored fact
matches an expected one when it goes to the same place, contains every key word
(case-insensitive) and has the same polarity (read from its wording by this bench,
not by the library). A stored fact that matches one of a turn's ``optional`` facts
(acceptable to store, not required; hold-out 6 on) counts neither as a hit nor as a
miss. Also counted:

* forbidden facts: anything stored from a turn that states nothing (questions,
  hypotheticals, other people, quotes and code, the assistant's words), anything that
  contains a ``forbidden`` phrase (injected instructions), and any secret stored;
* casing: matched facts whose key words keep their usual casing ("PostgreSQL");
* corrections: after storing the turn's ``prior`` memories and then the turn in a real
  user-profile store, each prior listed in ``supersedes`` is marked superseded (and no
  other prior is).

A stored fact no label names is an error, as a fact the labels forgot is too. A judge
who saw neither the rules nor the labels' authors (a helper, given only the message and
the stored sentence, told to be strict) read those facts once for each set:
``bench/data/judged_<set>.jsonl`` holds each verdict ("ok" or "junk" and why), and the
report adds a second precision that counts the acceptable ones as right. A fact the
judge has not read (the code changed since) still counts as an error.

    .venv/bin/python bench/extraction_quality.py                  # dev and held-out
    .venv/bin/python bench/extraction_quality.py --set holdout --errors
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py_src"))

from amplify_memory.memory import UserProfileVectorStore  # noqa: E402
from amplify_memory.storage import MemoryStorage  # noqa: E402

try:
    from amplify_memory.memory.extraction import extract_chat_facts
except ImportError:  # a version before chat turns were routed: user facts only
    from types import SimpleNamespace

    from amplify_memory.memory.extraction import extract_user_facts

    def extract_chat_facts(  # type: ignore[misc]
        user: str, assistant: str | None = None, *, in_project: bool = False
    ) -> Any:
        return SimpleNamespace(user=extract_user_facts(user, assistant), project=[])


DATA = ROOT / "bench" / "data"
SETS = {"dev": DATA / "turns_dev.jsonl", "holdout": DATA / "turns_holdout.jsonl"}
SILENT = {"question", "hypothetical", "other_people", "quote_code", "assistant_words"}

_TAIL = re.compile(r"(?:,\s*not\s+|\s+(?:over|instead of|rather than|than|vs)\s+|\s*>\s*).*$", re.I)
_NEG = re.compile(
    r"\b(?:not|never|no longer|no|without|dislikes?|hates?|avoids?|stopped|quit|"
    r"can't stand|cannot stand|doesn't|don't|omits?|skips?|against)\b",
    re.I,
)


def polarity(text: str) -> str:
    """The bench's own reading of a stored sentence's polarity."""
    return "negative" if _NEG.search(_TAIL.sub("", text)) else "positive"


def load(path: Path) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def _matches(fact: dict[str, Any], want: dict[str, Any]) -> bool:
    if fact["dest"] != want["dest"]:
        return False
    low = fact["content"].lower()
    return (
        all(k.lower() in low for k in want["keys"])
        and polarity(fact["content"]) == want["polarity"]
    )


def extracted(turn: dict[str, Any]) -> list[dict[str, Any]]:
    """What the library stores from a turn, as ``{dest, content, kind}``."""
    result = extract_chat_facts(
        turn["user"], turn.get("assistant"), in_project=bool(turn.get("project"))
    )
    out = [{"dest": "user", "content": f.content, "kind": f.category} for f in result.user]
    out += [{"dest": "project", "content": c.content, "kind": c.type} for c in result.project]
    return out


async def superseded_priors(turn: dict[str, Any]) -> tuple[set[int], list[str]]:
    """Indexes of ``prior`` the store marks superseded after the turn is stored, and the
    facts the store added beside the turn's own: the stored facts it restated with a new
    value (``restate_changes``)."""
    store = UserProfileVectorStore(storage=MemoryStorage(), semantic=False)
    await store.initialize()
    ids = []
    for text in turn["prior"]:
        ids.append((await store.add(text, "preference"))["entry"]["id"])
    result = extract_chat_facts(turn["user"], turn.get("assistant"))
    replaced = getattr(result, "replaced", None)
    restated: list[str] = []
    if replaced is not None:  # the turn's facts stored as the API stores them
        from amplify_memory.memory.auto import extract_and_store_user_facts

        outcomes = await extract_and_store_user_facts(
            turn["user"], store=store, facts=result.user, replaced=replaced
        )
        restated = [str(o["entry"]["content"]) for o in outcomes[len(result.user) :]]
    else:  # a version before turns named what they replace
        for fact in result.user:
            await store.add(fact.content, fact.category, source="user_message", confidence=0.9)
    done = set()
    for i, entry_id in enumerate(ids):
        entry = await store.get(entry_id)
        if entry is not None and entry.get("supersededBy"):
            done.add(i)
    await store.close()
    return done, restated


def load_judged(path: Path) -> dict[tuple[str, str], bool]:
    """``(turn id, stored text) -> acceptable`` from a judge's file, if there is one."""
    if not path.is_file():
        return {}
    return {(j["id"], j["content"]): j["verdict"] == "ok" for j in load(path)}


def judged_path(turns: Path) -> Path:
    """``turns_holdout9.jsonl`` -> ``judged_holdout9.jsonl`` beside it."""
    return turns.with_name(turns.name.replace("turns_", "judged_", 1))


def evaluate(
    turns: list[dict[str, Any]], judged: dict[tuple[str, str], bool] | None = None
) -> dict[str, Any]:
    fam: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    errors: list[str] = []
    totals: dict[str, int] = defaultdict(int)
    for turn in turns:
        got = extracted(turn)
        want = turn["expected"]
        used: set[int] = set()
        hits = 0
        for w in want:
            for i, g in enumerate(got):
                if i not in used and _matches(g, w):
                    used.add(i)
                    hits += 1
                    casing = all(k in g["content"] for k in w["keys"] if k != k.lower())
                    totals["casing_ok"] += casing
                    totals["matched"] += 1
                    if not casing:
                        errors.append(f"  casing {turn['id']}: {g['content']!r} keys {w['keys']}")
                    break
        # a fact the labels call optional (acceptable, not required) counts neither way
        optional = 0
        for o in turn.get("optional", []):
            for i, g in enumerate(got):
                if i not in used and _matches(g, o):
                    used.add(i)
                    optional += 1
                    break
        totals["optional"] += optional
        f = fam[turn["family"]]
        f["expected"] += len(want)
        f["stored"] += len(got) - optional
        f["hits"] += hits
        f["turns"] += 1
        forbidden = []
        if turn["family"] in SILENT and not want:
            forbidden += [g["content"] for i, g in enumerate(got) if i not in used]
        for g in got:
            low = g["content"].lower()
            if any(p in low for p in turn.get("forbidden", [])):
                forbidden.append(g["content"])
            if turn.get("secret") and turn["secret"].lower() in low:
                forbidden.append(g["content"])
                totals["secrets_stored"] += 1
        if turn.get("secret"):
            totals["secret_turns"] += 1
        totals["forbidden"] += len(set(forbidden))
        missed = [w["content"] for j, w in enumerate(want) if not any(_matches(g, w) for g in got)]
        extra = [g for i, g in enumerate(got) if i not in used]
        for g in extra:  # an unlabelled fact an independent judge read: acceptable or not
            verdict = (judged or {}).get((turn["id"], g["content"]))
            totals[
                "judged_ok" if verdict else "judged_junk" if verdict is False else "unjudged"
            ] += 1
        if missed or extra or forbidden:
            errors.append(
                f"  [{turn['family']}] {turn['id']} {turn['user'][:110]!r}"
                + (f"\n      missed: {missed}" if missed else "")
                + (f"\n      extra: {[(g['dest'], g['content']) for g in extra]}" if extra else "")
                + (f"\n      FORBIDDEN: {forbidden}" if forbidden else "")
            )
        restated: list[str] = []
        if turn.get("prior"):
            done, restated = asyncio.run(superseded_priors(turn))
            want_done = set(turn.get("supersedes", []))
            totals["corrections"] += len(want_done)
            totals["corrections_ok"] += len(want_done & done)
            totals["wrong_supersede"] += len(done - want_done)
            if done != want_done:
                errors.append(
                    f"  supersede {turn['id']}: wanted {sorted(want_done)} got {sorted(done)} "
                    f"prior {turn['prior']} turn {turn['user']!r}"
                )
        # what the store holds after the turn: its facts and the stored ones it restated
        both = got + [{"dest": "user", "content": c, "kind": "restated"} for c in restated]
        taken: set[int] = set()
        for w in [*want, *turn.get("optional", [])]:
            k = next((j for j, g in enumerate(both) if j not in taken and _matches(g, w)), None)
            if k is not None:
                taken.add(k)
                totals["hits_r"] += w in want
        totals["stored_r"] += len(both) - sum(1 for i in taken if _is_optional(both[i], turn))
    return {"families": fam, "totals": totals, "errors": errors}


def _is_optional(fact: dict[str, Any], turn: dict[str, Any]) -> bool:
    """True when ``fact`` matches one of the turn's optional facts and none it expects."""
    expected = any(_matches(fact, w) for w in turn["expected"])
    return not expected and any(_matches(fact, o) for o in turn.get("optional", []))


def _prf(hits: int, stored: int, expected: int) -> tuple[float, float, float]:
    p = hits / stored if stored else 1.0
    r = hits / expected if expected else 1.0
    f = 2 * p * r / (p + r) if p + r else 0.0
    return p, r, f


def report(name: str, path: Path, r: dict[str, Any]) -> None:
    fam, t = r["families"], r["totals"]
    print(f"\n## {name} ({sum(f['turns'] for f in fam.values())} turns, {path.name})\n")
    print("| family | turns | expected | stored | matched | precision | recall | F1 |")
    print("|---|---|---|---|---|---|---|---|")
    all_h = all_s = all_e = 0
    for family in sorted(fam):
        f = fam[family]
        p, rec, f1 = _prf(f["hits"], f["stored"], f["expected"])
        all_h, all_s, all_e = all_h + f["hits"], all_s + f["stored"], all_e + f["expected"]
        print(
            f"| {family} | {f['turns']} | {f['expected']} | {f['stored']} | {f['hits']} | "
            f"{p:.2f} | {rec:.2f} | {f1:.2f} |"
        )
    p, rec, f1 = _prf(all_h, all_s, all_e)
    print(
        f"| **all** | | {all_e} | {all_s} | {all_h} | **{p:.3f}** | **{rec:.3f}** | **{f1:.3f}** |"
    )
    print(
        f"\nforbidden facts stored: {t['forbidden']}   secrets stored: {t['secrets_stored']} "
        f"(of {t['secret_turns']} turns with a secret)"
    )
    print(
        f"casing kept: {t['casing_ok']}/{t['matched']}   corrections superseded: "
        f"{t['corrections_ok']}/{t['corrections']}   wrong supersessions: {t['wrong_supersede']}"
    )
    pr, rr, fr = _prf(t["hits_r"], t["stored_r"], all_e)
    print(
        f"stored by the turns, restatements of stored facts included: precision {pr:.3f}  "
        f"recall {rr:.3f}  F1 {fr:.3f}"
    )
    if t["optional"]:
        print(f"optional facts stored (counted neither way): {t['optional']}")
    if t["judged_ok"] or t["judged_junk"]:
        ok = t["judged_ok"]
        print(
            f"judged: of {all_s - all_h} unlabelled facts stored, {ok} acceptable, "
            f"{t['judged_junk']} junk, {t['unjudged']} not judged (counted as errors); "
            f"precision with the judged ones: **{(all_h + ok) / all_s:.3f}**"
        )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", choices=[*SETS, "all"], default="all")
    parser.add_argument("--turns", type=Path, help="another JSONL file of turns")
    parser.add_argument("--errors", action="store_true", help="print every miss and extra")
    parser.add_argument(
        "--judged",
        type=Path,
        help="a judge's verdicts on unlabelled stored facts (default: judged_<set>.jsonl)",
    )
    args = parser.parse_args(argv)
    chosen = (
        {"file": args.turns}
        if args.turns
        else (SETS if args.set == "all" else {args.set: SETS[args.set]})
    )
    for name, path in chosen.items():
        if not path.is_file():
            sys.exit(f"{path}: no such file")
        r = evaluate(load(path), load_judged(args.judged or judged_path(path)))
        report(name, path, r)
        if args.errors:
            print("\n".join(r["errors"]))


if __name__ == "__main__":
    main()
