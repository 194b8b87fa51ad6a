"""The documented limits on input, in one place, and the checks that enforce them.

Every public call answers in bounded time and with a typed error
(:class:`~amplify_memory.errors.InputTooLargeError`) for input over these limits, before
anything changes. They are far above what a chat produces:

============================  ==========  ==============================================
limit                         value       where
============================  ==========  ==============================================
``MAX_JSON_DEPTH``            64          nesting of lists/objects in documents,
                                          arguments, filters and schemas
``MAX_INTEGER``               2**53       magnitude of an integer argument or value (the
                                          largest JavaScript integer that is exact)
``MAX_NUMBER``                1e300       magnitude of a number argument or value
``MAX_ARGS_LENGTH``           64 MB       the JSON text of one :func:`amplify_memory.api.call`
``MAX_MESSAGE_LENGTH``        20,000      characters of a chat message read for facts
``MAX_SENTENCES``             300         sentences of a message read for facts (the
                                          rest of a pasted document is not)
``MAX_CLAUSES``               300         clauses of a message read for facts (a
                                          sentence of a thousand "and"s is cut too)
``MAX_CLAUSE_LENGTH``         1,000       characters of a clause read for the user's
                                          facts (a longer run-on is a paste)
``MAX_QUERY_LENGTH``          10,000      characters of a search term or prompt query
``MAX_FUZZY_WORD_LENGTH``     64          letters of a query word matched with a
                                          ``tolerance`` (longer words match exactly)
``MAX_FUZZY_WORDS``           32          query words matched with a ``tolerance``
                                          (the words after them match exactly)
``MAX_BOOST``                 1,000       a field boost, a hybrid weight, BM25's k1
``MAX_VECTOR_COMPONENT``      1e38        magnitude of a vector component (vectors are
                                          kept as 32-bit floats, whose largest is
                                          3.4e38; norms and cosines stay finite: what a
                                          store accepts loads back)
============================  ==========  ==============================================
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from itertools import chain
from typing import Any, Final

from amplify_memory.errors import InputTooLargeError, InvalidArgumentError, describe

__all__ = [
    "MAX_ARGS_LENGTH",
    "MAX_BOOST",
    "MAX_CLAUSES",
    "MAX_CLAUSE_LENGTH",
    "MAX_FUZZY_WORDS",
    "MAX_FUZZY_WORD_LENGTH",
    "MAX_INTEGER",
    "MAX_JSON_DEPTH",
    "MAX_MESSAGE_LENGTH",
    "MAX_NUMBER",
    "MAX_QUERY_LENGTH",
    "MAX_SENTENCES",
    "MAX_VECTOR_COMPONENT",
    "check_json_value",
    "check_vector_norm",
    "is_number",
    "json_problem",
    "json_values_fit",
    "parse_json",
]

MAX_JSON_DEPTH: Final = 64
MAX_INTEGER: Final = 2**53
MAX_NUMBER: Final = 1e300
MAX_ARGS_LENGTH: Final = 64 * 1024 * 1024
MAX_MESSAGE_LENGTH: Final = 20_000
MAX_SENTENCES: Final = 300
MAX_CLAUSES: Final = 300
MAX_CLAUSE_LENGTH: Final = 1000
MAX_QUERY_LENGTH: Final = 10_000
MAX_FUZZY_WORD_LENGTH: Final = 64
MAX_FUZZY_WORDS: Final = 32
MAX_BOOST: Final = 1000.0
MAX_VECTOR_COMPONENT: Final = 1e38


def json_problem(value: Any, *, depth: int = MAX_JSON_DEPTH) -> str | None:
    """What keeps ``value`` from being a JSON value that loads back as it is (None when
    nothing does): a NaN or infinite number, a number over the limits, a key that is not a
    string, a type JSON has no word for (a set, bytes, an object), or nesting deeper than
    ``depth``. Iterative: any nesting is looked at in bounded stack.

    >>> json_problem({"a": [1, 2.5, "x", None, True]}) is None
    True
    >>> json_problem({"a": float("nan")})
    "a number that is not finite at ['a']: nan"
    """
    stack: list[tuple[Any, int, str]] = [(value, 0, "")]
    while stack:
        item, level, path = stack.pop()
        if item is None or isinstance(item, bool | str):
            continue
        if isinstance(item, int):
            if not -MAX_INTEGER <= item <= MAX_INTEGER:
                return f"an integer beyond +-2**53 at {path or 'the top'}: {describe(item)}"
            continue
        if isinstance(item, float):
            if not math.isfinite(item):
                return f"a number that is not finite at {path or 'the top'}: {item!r}"
            if abs(item) > MAX_NUMBER:
                return f"a number beyond +-{MAX_NUMBER:g} at {path or 'the top'}: {item!r}"
            continue
        if level >= depth:
            return f"nesting deeper than {depth} levels at {path[:80] or 'the top'}"
        if isinstance(item, list | tuple):
            if (
                set(map(type, item)) <= {float}
                and all(map(math.isfinite, item))
                and max(map(abs, item), default=0.0) <= MAX_NUMBER
            ):
                continue  # e.g. a vector, checked in C-level passes
            for i, child in enumerate(item):
                stack.append((child, level + 1, f"{path}[{i}]"))
            continue
        if isinstance(item, Mapping):
            for key, child in item.items():
                if not isinstance(key, str):
                    return f"a key that is not a string at {path or 'the top'}: {describe(key)}"
                stack.append((child, level + 1, f"{path}[{key[:30]!r}]"))
            continue
        return f"a {type(item).__name__}, which JSON cannot hold, at {path or 'the top'}"
    return None


def json_values_fit(values: list[Any], *, depth: int = MAX_JSON_DEPTH) -> bool:
    """True when every one of ``values`` is a plain JSON value :func:`json_problem`
    finds nothing in (exact ``dict``/``list``/``tuple``/``str``/``int``/``float``/
    ``bool``/``None`` types only). Walked level by level over all values at once, with
    C-level passes per level, so a column of 100,000 small objects costs milliseconds.
    False means "look closer" (e.g. a subclass), not necessarily a problem.

    >>> json_values_fit([{"a": [1, 2.5]}, None, "x"])
    True
    >>> json_values_fit([{"a": [float("inf")]}])
    False
    """
    level: list[Any] = values
    for _ in range(depth + 1):
        types = set(map(type, level))
        if not types <= _JSON_TYPES:
            return False
        if int in types:
            ints = [v for v in level if type(v) is int]
            if min(ints) < -MAX_INTEGER or max(ints) > MAX_INTEGER:
                return False
        if float in types:
            floats = [v for v in level if type(v) is float]
            if not all(map(math.isfinite, floats)) or max(map(abs, floats)) > MAX_NUMBER:
                return False
        dicts = [v for v in level if type(v) is dict] if dict in types else []
        if dicts and not set(map(type, chain.from_iterable(dicts))) <= {str}:
            return False
        lists = [v for v in level if type(v) is list or type(v) is tuple]
        if not dicts and not lists:
            return True
        level = [
            *chain.from_iterable(map(dict.values, dicts)),
            *chain.from_iterable(lists),
        ]
    return False  # containers below ``depth`` levels


_JSON_TYPES: Final[frozenset[type]] = frozenset(
    {dict, list, tuple, str, int, float, bool, type(None)}
)


def check_json_value(value: Any, what: str, *, depth: int = MAX_JSON_DEPTH) -> None:
    """Raise when :func:`json_problem` finds something: :class:`InputTooLargeError` for
    nesting and magnitudes, :class:`InvalidArgumentError` for the rest."""
    problem = json_problem(value, depth=depth)
    if problem is None:
        return
    if problem.startswith(("nesting", "an integer beyond", "a number beyond")):
        raise InputTooLargeError(f"{what} has {problem}", limit="json")
    raise InvalidArgumentError(f"{what} must be JSON values only; it has {problem}")


def is_number(value: Any) -> bool:
    """A finite number within :data:`MAX_NUMBER` (not a bool): the
    numbers every score, range and JSON round trip can hold."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return -MAX_NUMBER <= value <= MAX_NUMBER
    return isinstance(value, float) and math.isfinite(value) and abs(value) <= MAX_NUMBER


def parse_json(text: object, what: str) -> Any:
    """``text`` parsed as JSON within these limits: at most :data:`MAX_ARGS_LENGTH`
    characters, no ``NaN`` or ``Infinity``, numbers and nesting within bounds. Raises
    :class:`InvalidArgumentError` (not JSON text, not valid JSON) or
    :class:`InputTooLargeError` (over a limit), never anything else."""
    if not isinstance(text, str):
        raise InvalidArgumentError(f"{what} must be JSON text, got {type(text).__name__}")
    if len(text) > MAX_ARGS_LENGTH:
        raise InputTooLargeError(
            f"{what} is {len(text)} characters of JSON; at most {MAX_ARGS_LENGTH} allowed",
            limit="MAX_ARGS_LENGTH",
        )
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except RecursionError as err:
        raise InputTooLargeError(
            f"{what} nests deeper than {MAX_JSON_DEPTH} levels", limit="MAX_JSON_DEPTH"
        ) from err
    except ValueError as err:  # JSONDecodeError, a number of thousands of digits, NaN
        raise InvalidArgumentError(f"{what} is not valid JSON: {err}") from err
    check_json_value(value, what)
    return value


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number; use null or a finite number")


def check_vector_norm(values: Any) -> bool:
    """True when every component of ``values`` is at most
    :data:`MAX_VECTOR_COMPONENT` in magnitude, so that its norm and every dot product
    the engine computes with it are finite (for any dimension below 10**8): the vectors
    a store accepts, and the vectors a snapshot may hold. One C-level pass."""
    try:
        return max(map(abs, values), default=0.0) <= MAX_VECTOR_COMPONENT
    except TypeError:
        return False
