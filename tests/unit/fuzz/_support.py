"""Shared machinery of the fuzz suite: settings profiles, adversarial values, the contract.

The contract every fuzz test checks, for every public call it makes:

1. the call returns, or raises an :class:`~amplify_memory.errors.AmplifyMemoryError`
   (never a bare ``ValueError``, ``TypeError``, ``KeyError``, ``OverflowError``,
   ``RecursionError`` ...);
2. after an error, nothing changed: the store's contents (its snapshot) are what they
   were before the call;
3. no call takes more than :data:`CALL_LIMIT_S` seconds (also Hypothesis' deadline);
4. whatever a store accepted, saved and reopened, is equal to what it held.

A broken contract raises :class:`ContractViolation` *from* the original exception, so
Hypothesis tells distinct root causes apart (it groups failures by the exception and
where it was raised, causes included) and reports each with its own minimal example.

Profiles (see ``conftest.py``): ``amplify-fuzz`` (the default: small, for every test run)
and ``amplify-fuzz-ci`` (at least 5,000 examples in all), chosen with the environment
variable ``AMPLIFY_FUZZ_PROFILE=ci`` or ``pytest --hypothesis-profile=ci``. Both are
derandomized (the same examples on every run) and keep no example database.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

import amplify_memory.agent
import amplify_memory.api
import amplify_memory.embeddings
import amplify_memory.memory
import amplify_memory.search
import amplify_memory.storage  # noqa: F401  (every module, so every error class is known)
from amplify_memory.errors import AmplifyMemoryError

# --------------------------------------------------------------------------- profiles

PROFILE_ENV = "AMPLIFY_FUZZ_PROFILE"
DEFAULT_PROFILE = "amplify-fuzz"
CI_PROFILE = "amplify-fuzz-ci"
#: The longest any one public call may take (seconds) in the CI profile, the figure the
#: suite claims; Hypothesis' deadline is the same. The default profile, which runs in the
#: unit tier of every test run, allows three times as much so that a loaded machine does
#: not fail a build: it still catches a quadratic pattern or a hang.
CALL_LIMIT_S = 1.0
DEFAULT_CALL_LIMIT_S = 3.0
#: Examples of a test of weight 1 in each profile. The default keeps the whole folder
#: under a minute on two cores; the CI profile gives well over 5,000 examples in all.
EXAMPLES = {DEFAULT_PROFILE: 16, CI_PROFILE: 80}

#: Shrinking (minimal failing examples) costs more than finding the failures: the default
#: profile reports each distinct failure as found (the contract message names the call),
#: unless ``AMPLIFY_FUZZ_SHRINK=1``; the CI profile always shrinks.
_SHRINK_DEFAULT = os.environ.get("AMPLIFY_FUZZ_SHRINK", "").strip() not in ("", "0")
_FIND = (Phase.explicit, Phase.generate, Phase.target)

_COMMON: dict[str, Any] = {
    "derandomize": True,
    "database": None,
    "print_blob": False,
    "report_multiple_bugs": True,
    # Deep nesting and long strings are built from small recipes (see Big), so drawing
    # data is cheap; the only health check that fires is about inputs being filtered.
    "suppress_health_check": [HealthCheck.filter_too_much],
}
settings.register_profile(
    DEFAULT_PROFILE,
    max_examples=EXAMPLES[DEFAULT_PROFILE],
    phases=(*_FIND, Phase.shrink) if _SHRINK_DEFAULT else _FIND,
    deadline=int(DEFAULT_CALL_LIMIT_S * 1000),
    **_COMMON,
)
settings.register_profile(
    CI_PROFILE,
    max_examples=EXAMPLES[CI_PROFILE],
    phases=(*_FIND, Phase.shrink),
    deadline=int(CALL_LIMIT_S * 1000),
    **_COMMON,
)


def call_limit() -> float:
    """The time limit of one call in the active profile (seconds)."""
    return CALL_LIMIT_S if active_profile() == CI_PROFILE else DEFAULT_CALL_LIMIT_S


#: The profile named by ``--hypothesis-profile`` on pytest's command line (set by this
#: folder's conftest). Not Hypothesis' current profile: Hypothesis loads a profile of its
#: own named ``ci`` by itself wherever a CI variable is set (``CI=true``, ``GITHUB_ACTIONS``
#: ...), and a build machine's test run is not a request for the long CI profile.
command_line_profile: str | None = None


def active_profile() -> str:
    """The fuzz profile of this run: ``AMPLIFY_FUZZ_PROFILE`` (``default`` or ``ci``), else
    ``ci`` when ``--hypothesis-profile=ci`` was given, else the default."""
    chosen = os.environ.get(PROFILE_ENV, "").strip().lower()
    if chosen in ("ci", CI_PROFILE):
        return CI_PROFILE
    if chosen in ("", "default", DEFAULT_PROFILE):
        return CI_PROFILE if command_line_profile == "ci" else DEFAULT_PROFILE
    raise RuntimeError(f"{PROFILE_ENV} must be 'default' or 'ci', got {chosen!r}")


def fuzz(weight: float = 1.0) -> settings:
    """The settings of one fuzz test: the active profile, ``weight`` x its examples."""
    profile = active_profile()
    return settings(
        settings.get_profile(profile), max_examples=max(1, round(EXAMPLES[profile] * weight))
    )


# --------------------------------------------------------------------------- contract


class ContractViolation(AssertionError):
    """A public call broke the fuzz contract (raised from the original error, if any)."""


def short(value: object, depth: int = 3, width: int = 6) -> str:
    """A bounded repr for messages: safe for deep nesting, 5,000-digit numbers, megabyte
    strings and objects whose own repr fails."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return repr(value) if value.bit_length() <= 256 else f"<int of {value.bit_length()} bits>"
    if isinstance(value, str):
        return repr(value) if len(value) <= 80 else f"{value[:60]!r}...<{len(value)} chars>"
    if isinstance(value, (bytes, bytearray)):
        return repr(value[:40]) + ("..." if len(value) > 40 else "")
    if isinstance(value, (dict, list, tuple, set, frozenset)):
        if depth <= 0:
            return "{...}" if isinstance(value, dict) else "[...]"
        items = list(value.items()) if isinstance(value, dict) else list(value)
        more = ", ..." if len(items) > width else ""
        if isinstance(value, dict):
            body = ", ".join(
                f"{short(k, depth - 1)}: {short(v, depth - 1)}" for k, v in items[:width]
            )
            return "{" + body + more + "}"
        body = ", ".join(short(v, depth - 1) for v in items[:width])
        if isinstance(value, list):
            return f"[{body}{more}]"
        if isinstance(value, tuple):
            return f"({body}{more}{',' if len(items) == 1 else ''})"
        return f"{type(value).__name__}({{{body}{more}}})"
    try:
        text = repr(value)
    except Exception:
        return f"<{type(value).__name__}>"
    return text if len(text) <= 100 else text[:97] + "..."


def _describe(what: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    parts = [short(a) for a in args] + [f"{k}={short(v)}" for k, v in kwargs.items()]
    return f"{what}({', '.join(parts)})"


def _all_subclasses(cls: type) -> set[type]:
    out: set[type] = set()
    todo = [cls]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in out:
                out.add(sub)
                todo.append(sub)
    return out


#: Names of every AmplifyMemoryError class (as ``api.call`` reports them in ``type``).
LIBRARY_ERROR_NAMES = frozenset(
    c.__name__ for c in {AmplifyMemoryError, *_all_subclasses(AmplifyMemoryError)}
)


@dataclass
class Outcome:
    """What one call did: its value, or the AmplifyMemoryError it raised."""

    value: Any = None
    error: AmplifyMemoryError | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def _check_time(label: str, started: float) -> None:
    elapsed = time.perf_counter() - started
    if elapsed > call_limit():
        raise ContractViolation(f"{label} took {elapsed:.2f} s (limit {call_limit()} s)")


def _after_error(label: str, err: AmplifyMemoryError, before: Any, after: Any) -> None:
    if not same(before, after):
        raise ContractViolation(
            f"{label} raised {type(err).__name__} but changed the store: "
            f"{short(before)} -> {short(after)}"
        ) from err


def call(
    label: str,
    fn: Callable[..., Any],
    *args: Any,
    state: Callable[[], Any] | None = None,
    **kwargs: Any,
) -> Outcome:
    """Call ``fn(*args, **kwargs)`` under the contract; ``state()`` snapshots the store."""
    what = _describe(label, args, kwargs)
    before = state() if state is not None else None
    started = time.perf_counter()
    try:
        value = fn(*args, **kwargs)
    except AmplifyMemoryError as err:
        _check_time(what, started)
        if state is not None:
            _after_error(what, err, before, state())
        return Outcome(error=err)
    except Exception as err:
        raise ContractViolation(
            f"{what} raised untyped {type(err).__name__}: {err!s:.300}"
        ) from err
    _check_time(what, started)
    return Outcome(value=value)


async def acall(
    label: str,
    fn: Callable[..., Awaitable[Any]],
    *args: Any,
    state: Callable[[], Awaitable[Any]] | None = None,
    **kwargs: Any,
) -> Outcome:
    """:func:`call` for coroutine functions (``state`` is a coroutine function too)."""
    what = _describe(label, args, kwargs)
    before = await state() if state is not None else None
    started = time.perf_counter()
    try:
        value = await fn(*args, **kwargs)
    except AmplifyMemoryError as err:
        _check_time(what, started)
        if state is not None:
            _after_error(what, err, before, await state())
        return Outcome(error=err)
    except Exception as err:
        raise ContractViolation(
            f"{what} raised untyped {type(err).__name__}: {err!s:.300}"
        ) from err
    _check_time(what, started)
    return Outcome(value=value)


def check_equal(what: str, expected: Any, actual: Any) -> None:
    """The "save, reopen: equal" check."""
    if not same(expected, actual):
        raise ContractViolation(
            f"{what}: reopened contents differ: {short(expected)} != {short(actual)}"
        )


def run(coro: Awaitable[Any]) -> Any:
    """Run one example's coroutine in a fresh event loop (no state shared between examples)."""
    return asyncio.run(coro)  # type: ignore[arg-type]


# --------------------------------------------------------------------------- comparison


def _canon(value: Any) -> Any:
    """A comparable form of ``value``: NaN equals NaN, tuples are lists (iterative)."""
    root: list[Any] = [None]
    todo: list[tuple[Any, Any, Any]] = [(value, root, 0)]
    while todo:
        item, parent, key = todo.pop()
        if isinstance(item, float) and math.isnan(item):
            parent[key] = ("<nan>",)
        elif isinstance(item, dict):
            out: dict[Any, Any] = {}
            parent[key] = ("<dict>", out)
            for k, v in item.items():
                out[k] = None
                todo.append((v, out, k))
        elif isinstance(item, (list, tuple)):
            seq: list[Any] = [None] * len(item)
            parent[key] = seq
            for i, v in enumerate(item):
                todo.append((v, seq, i))
        else:
            parent[key] = item
    return root[0]


def same(a: Any, b: Any) -> bool:
    """Deep equality in which NaN equals NaN (and no recursion limit is hit)."""
    try:
        if a == b:
            return True
    except RecursionError:
        pass
    return _canon(a) == _canon(b)


def snapshot_view(snapshot: Any) -> Any:
    """What a ``Database.save()`` snapshot holds, without the order its terms and
    vocabulary happen to be listed in (lazily decoded postings are listed first):
    schema, settings, documents in order, each field's lengths and ``term -> [(document,
    tf), ...]``, and ``word -> count``."""
    if not isinstance(snapshot, dict) or not isinstance(snapshot.get("fields"), dict):
        return snapshot
    fields: dict[str, Any] = {}
    for name, field in snapshot["fields"].items():
        postings: dict[str, list[tuple[int, int]]] = {}
        position = 0
        for term, df in zip(field["terms"], field["df"], strict=True):
            docs, running = [], 0
            for delta in field["docs"][position : position + df]:
                running += delta
                docs.append(running)
            tfs = listed_tfs(field)[position : position + df]
            postings[term] = sorted(zip(docs, tfs, strict=True))
            position += df
        fields[name] = (field["lengths"], postings)
    vocabulary = snapshot.get("vocabulary", {})
    return {
        "schema": snapshot.get("schema"),
        "settings": snapshot.get("settings"),
        "documents": snapshot.get("documents"),
        "fields": fields,
        "vocabulary": dict(
            zip(vocabulary.get("words", []), vocabulary.get("counts", []), strict=True)
        ),
    }


def db_state(db: Any) -> Any:
    """The contents of a search database (see :func:`snapshot_view`)."""
    return snapshot_view(db.save())


def strict_json(text: str) -> Any:
    """``json.loads`` by the standard: NaN, Infinity and -Infinity are refused."""

    def refuse(name: str) -> Any:
        raise ValueError(f"non-standard JSON constant {name}")

    return json.loads(text, parse_constant=refuse)


# --------------------------------------------------------------------------- big values


class Big:
    """A value too large to print (deep nesting, a very long string), drawn as a recipe
    with a short repr and built by :func:`build` when the test runs."""

    def __init__(self, desc: str, make: Callable[[], Any]) -> None:
        self.desc = desc
        self.make = make

    def __repr__(self) -> str:
        return self.desc


def build(value: Any, _depth: int = 0) -> Any:
    """``value`` with every :class:`Big` recipe in it built. Drawn values are shallow, so
    only the first levels are looked at (a value built already is left as it is)."""
    if isinstance(value, Big):
        return value.make()
    if _depth > 12:
        return value
    if isinstance(value, list):
        return [build(v, _depth + 1) for v in value]
    if isinstance(value, tuple):
        return tuple(build(v, _depth + 1) for v in value)
    if isinstance(value, dict):
        return {build(k, _depth + 1): build(v, _depth + 1) for k, v in value.items()}
    return value


def nest(depth: int, kind: str, leaf: Any = 1) -> Any:
    """``depth`` levels of lists or dicts around ``leaf`` (built without recursion)."""
    value = leaf
    for _ in range(depth):
        value = [value] if kind == "list" else {"a": value}
    return value


def deep(depth: int, kind: str, leaf: Any = 1) -> Big:
    return Big(f"deep({depth}, {kind!r})", lambda: nest(depth, kind, leaf))


def long_text(unit: str, times: int) -> Big:
    return Big(f"long({unit!r} * {times})", lambda: unit * times)


# --------------------------------------------------------------------------- strategies

HUGE_INTS = (10**400, -(10**400), 2**64, -(2**63) - 1, 2**1024)
ODD_FLOATS = (math.nan, math.inf, -math.inf, 1e308, -1e308, 1e200, -0.0, 5e-324)

#: Numbers past Python's int-to-str limit (4,300 digits: ``str()`` and ``repr()`` fail).
UNPRINTABLE_INT = Big("10**5000", lambda: 10**5000)

huge_ints = st.sampled_from([*HUGE_INTS, UNPRINTABLE_INT])
odd_floats = st.sampled_from(ODD_FLOATS)

#: Strings with unicode oddities: lone surrogates, combining marks, RTL, NUL, BOM, ZWJ,
#: fullwidth letters, emoji, no-space scripts, case-folding expanders.
ODD_STRINGS = (
    "",
    " ",
    "\x00",
    "\ud800",
    "a\udfffb",
    "\ufeff",
    "e\u0301\u0301\u0301",
    "\u202etxet",
    "\u200d\u200d",
    "\uff21\uff22\uff23",  # fullwidth ABC
    "ß" * 10,
    "İ" * 10,
    "ﬃ",
    "東京タワー",
    "🙂" * 20,
    "\u0e01\u0e34\u0e19",
    "a\nb\r\nc\td",
    "...",
    "!!!???!!!",
    "((((((((((",
    ")))))",
    '""""""',
    "'''''",
    "```",
    "~~~",
    "-->",
    "a.b.c",
    "__proto__",
    "constructor",
    "NaN",
    "Infinity",
    "null",
)
odd_strings = st.sampled_from(ODD_STRINGS)

#: Long runs: punctuation, one huge word, nesting brackets, many words, many lines.
long_strings = st.sampled_from(
    [
        long_text("!", 50_000),
        long_text(".", 50_000),
        long_text("?!", 20_000),
        long_text("-", 30_000),
        long_text("a", 100_000),
        long_text("x", 9_000),
        long_text("é", 20_000),
        long_text("東", 20_000),
        long_text("(", 20_000),
        long_text("[{", 10_000),
        long_text("word ", 20_000),
        long_text("I prefer tabs. ", 3_000),
        long_text("a-b_c ", 10_000),
        long_text("\n", 20_000),
        long_text("'\"", 10_000),
        long_text("`", 10_000),
    ]
)

texts = st.deferred(lambda: _texts)
_texts = st.one_of(
    st.text(max_size=40),
    odd_strings,
    long_strings,
    st.text(alphabet=st.characters(codec="utf-8"), max_size=12),
    st.text(alphabet="()[]{}<>\"'`.,;:!?-_/\\|*#@$%^&~+= \n", max_size=60),
)

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**53), 2**53),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=10),
)

adversarial_scalars = st.one_of(
    json_scalars,
    huge_ints,
    odd_floats,
    st.integers(),
    odd_strings,
    long_strings,
    st.binary(max_size=8),
    st.builds(bytearray, st.binary(max_size=4)),
)

deep_values = st.builds(
    deep,
    st.sampled_from([30, 200, 990, 1_000, 1_500, 5_000, 50_000]),
    st.sampled_from(["list", "dict"]),
    st.sampled_from([1, "x", None]),
)

_hashables = st.one_of(st.integers(-5, 5), st.text(max_size=3), st.booleans(), st.none())

#: Anything a caller could pass: JSON, huge numbers, NaN, bytes, sets, tuples, deep nesting.
anything = st.deferred(lambda: _anything)
_anything = st.recursive(
    st.one_of(adversarial_scalars, deep_values),
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.text(max_size=5), odd_strings), inner, max_size=4),
        st.dictionaries(_hashables, inner, max_size=3),
        st.sets(_hashables, max_size=3),
        st.frozensets(_hashables, max_size=3),
        st.tuples(inner, inner),
    ),
    max_leaves=8,
)

#: Things passed where a string is expected.
not_strings = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    huge_ints,
    odd_floats,
    st.binary(max_size=5),
    st.lists(st.text(max_size=3), max_size=3),
    st.dictionaries(st.text(max_size=3), st.text(max_size=3), max_size=2),
    st.sets(st.text(max_size=3), max_size=2),
    st.tuples(st.text(max_size=3)),
    deep_values,
)

#: Numbers, plausible and not.
numbers = st.one_of(
    st.integers(-10, 10),
    st.floats(-1e6, 1e6, allow_nan=False),
    st.floats(0, 1),
    huge_ints,
    odd_floats,
    st.integers(),
    st.floats(),
)

#: Sizes (limit, offset, max tokens ...), plausible and not.
sizes = st.one_of(
    st.integers(-2, 20),
    huge_ints,
    st.sampled_from([0.5, 1.0, 3.0, math.nan, math.inf, True, False, None, "3", [3]]),
    st.integers(),
)


def one_of_values(values: Iterable[Any]) -> st.SearchStrategy[Any]:
    return st.sampled_from(list(values))


def listed_tfs(field: dict[str, Any]) -> list[int]:
    """A snapshot field's term frequencies, one per posting (version 5 lists only those
    other than 1, as (position, frequency) pairs)."""
    if "tfs" in field:
        return list(field["tfs"])
    tfs = [1] * len(field["docs"])
    pairs = field["tfsNot1"]
    for position, tf in zip(pairs[0::2], pairs[1::2], strict=True):
        tfs[position] = tf
    return tfs
