"""``where`` clauses: compiled once per search into a predicate over document numbers.

Grammar (Orama's, minus its quirks)::

    where     := {key: condition, ...}          every entry must hold (AND)
               | {"and": [where, ...]} | {"or": [where, ...]} | {"not": where}
    key       := a property path ("meta.author"), or a nested object name whose
                 condition is itself a where clause ({"meta": {"author": ...}})

    number     N | {"gt"|"gte"|"lt"|"lte"|"eq": N, "between": [lo, hi]}   (inclusive)
    boolean    true | false | {"eq": bool}
    enum       value | {"eq": v, "in": [v, ...], "nin": [v, ...]}
    string     "text"      documents whose field contains every token of "text",
                           after the same analysis as search (case, accents, stems)
               ["a", "b"]  any of the texts
               {"eq": s, "in": [...], "nin": [...]}  exact, case-sensitive value
    arrays     {"containsAll": [...], "containsAny": [...]}  exact element values;
               a scalar is a shorthand for containsAny of it; number[] also takes the
               number operators (some element must satisfy them all); string[] also
               takes the tokenized string forms (over all its elements).

Several operators in one condition must all hold. A document without the property
fails every condition except ``nin`` (and the negation of a failing one). An unknown
property or operator, or an operand of the wrong type, raises :class:`FilterError`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import compress
from operator import not_
from typing import Any, Protocol

from amplify_memory.errors import FilterError, describe
from amplify_memory.limits import is_number
from amplify_memory.search._schema import Property

__all__ = ["FilterContext", "Predicate", "compile_where"]

Predicate = Callable[[int], bool]

_NUMBER_OPS = ("between", "eq", "gt", "gte", "lt", "lte")
_VALUE_OPS = ("eq", "in", "nin")
_ARRAY_OPS = ("containsAll", "containsAny")


class FilterContext(Protocol):
    """What the compiler needs from the database."""

    @property
    def properties(self) -> Mapping[str, Property]: ...

    def _value(self, doc: int, prop: Property) -> Any:
        """The stored value of ``prop`` in document number ``doc`` (``None`` if absent)."""

    def _docs_with_all_terms(self, path: str, text: str) -> set[int]:
        """Documents whose string field ``path`` contains every term of ``text``."""

    def _values_of(self, live: list[int], key: str) -> Iterable[Any]:
        """The stored values of the top-level property ``key`` of the live documents
        ``live`` (``None`` where absent)."""


def _is_number(value: Any) -> bool:
    return is_number(value)


def _expect(ok: bool, path: str, op: str, expected: str, value: Any) -> None:
    if not ok:
        raise FilterError(
            f"where[{describe(path)}] operator {describe(op)} expected {expected}, got "
            f"{describe(value)}"
        )


def compile_where(where: Any, ctx: FilterContext, prefix: str = "") -> Predicate:
    """Compile a ``where`` clause; see the module docstring for the grammar."""
    if not isinstance(where, Mapping):
        raise FilterError(f"where expected a dict, got {describe(where)}")
    props = ctx.properties
    preds: list[Predicate] = []
    for key, cond in where.items():
        if key in ("and", "or"):
            if not isinstance(cond, Sequence) or isinstance(cond, str) or not cond:
                raise FilterError(
                    f"where {describe(key)} expected a non-empty list of clauses, got "
                    f"{describe(cond)}"
                )
            parts = [compile_where(c, ctx, prefix) for c in cond]
            preds.append(_all(parts) if key == "and" else _any(parts))
        elif key == "not":
            preds.append(_negate(compile_where(cond, ctx, prefix)))
        elif not isinstance(key, str):
            raise FilterError(f"where keys must be property paths, got {describe(key)}")
        else:
            path = prefix + key
            prop = props.get(path)
            if prop is not None:
                preds.append(_compile_condition(prop, cond, ctx))
            elif isinstance(cond, Mapping) and any(p.startswith(path + ".") for p in props):
                preds.append(compile_where(cond, ctx, path + "."))
            else:
                valid = ", ".join(p for p, pr in props.items() if pr.base != "vector")
                raise FilterError(
                    f"unknown where property {describe(path)}; expected one of: {valid} "
                    "(or 'and', 'or', 'not')"
                )
    return _all(preds)


def _negate(pred: Predicate) -> Predicate:
    return lambda d: not pred(d)


def _all(preds: list[Predicate]) -> Predicate:
    if len(preds) == 1:
        return preds[0]
    return lambda d: all(p(d) for p in preds)


def _any(preds: list[Predicate]) -> Predicate:
    if len(preds) == 1:
        return preds[0]
    return lambda d: any(p(d) for p in preds)


def _compile_condition(prop: Property, cond: Any, ctx: FilterContext) -> Predicate:
    path = prop.path
    if prop.base == "vector":
        raise FilterError(
            f"where cannot filter vector property {describe(path)}; use mode='vector'"
        )
    if prop.base == "string" and (isinstance(cond, str) or _is_str_list(cond)):
        texts = [cond] if isinstance(cond, str) else list(cond)
        matching: set[int] = set()
        for text in texts:
            matching |= ctx._docs_with_all_terms(path, text)
        return matching.__contains__
    if not isinstance(cond, Mapping):
        cond = {"containsAny": [cond]} if prop.is_array else {"eq": cond}
    if prop.is_array:
        return _compile_array(prop, cond, ctx)
    check = _compile_scalar_ops(prop, cond)
    if len(prop.keys) == 1 and len(cond) == 1 and next(iter(cond)) in _VALUE_OPS:
        op, operand = next(iter(cond.items()))
        values = frozenset(operand) if op != "eq" else frozenset((operand,))
        return _ValueIn(ctx, prop, check, values, negate=op == "nin")
    return lambda d: check(ctx._value(d, prop))


class _ValueIn:
    """A top-level scalar property's value in ``values`` (``negate``: missing or not in
    them): for one document as any predicate, and for many at once by :meth:`select`,
    in C (an empty search's filter over every document: 0.1 s at 100,000 in Pyodide a
    document at a time)."""

    __slots__ = ("_check", "_ctx", "_key", "_negate", "_prop", "_values")

    def __init__(
        self,
        ctx: FilterContext,
        prop: Property,
        check: Callable[[Any], bool],
        values: frozenset[Any],
        negate: bool,
    ) -> None:
        self._ctx, self._prop, self._key, self._check = ctx, prop, prop.keys[0], check
        self._values, self._negate = values, negate

    def __call__(self, d: int) -> bool:
        return self._check(self._ctx._value(d, self._prop))

    def select(self, live: list[int]) -> list[int]:
        """The document numbers of ``live`` (live documents) that pass, in order."""
        inside = map(self._values.__contains__, self._ctx._values_of(live, self._key))
        return list(compress(live, map(not_, inside) if self._negate else inside))


def _is_str_list(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, str) for v in value)


def _check_operand(prop: Property, op: str, value: Any) -> None:
    base = prop.base
    if base == "number":
        _expect(_is_number(value), prop.path, op, "a finite number", value)
    elif base == "boolean":
        _expect(isinstance(value, bool), prop.path, op, "a boolean", value)
    elif base == "string":
        _expect(isinstance(value, str), prop.path, op, "a string", value)
    else:
        _expect(
            isinstance(value, str) or _is_number(value),
            prop.path,
            op,
            "a string or a number",
            value,
        )


def _compile_scalar_ops(prop: Property, cond: Mapping[str, Any]) -> Callable[[Any], bool]:
    """A check on one stored scalar value (``None`` when missing)."""
    valid: tuple[str, ...] = _NUMBER_OPS if prop.base == "number" else _VALUE_OPS
    if prop.base == "boolean":
        valid = ("eq",)
    if not cond:
        raise FilterError(
            f"where[{describe(prop.path)}] expected at least one operator of: {valid}"
        )
    checks: list[Callable[[Any], bool]] = []
    for op, operand in cond.items():
        if op not in valid:
            raise FilterError(
                f"unknown where operator {describe(op)} for {prop.type} property "
                f"{describe(prop.path)}; "
                f"expected one of: {', '.join(valid)}"
            )
        checks.append(_scalar_check(prop, op, operand))
    if len(checks) == 1:
        return checks[0]
    return lambda v: all(c(v) for c in checks)


def _scalar_check(prop: Property, op: str, operand: Any) -> Callable[[Any], bool]:
    if op in ("in", "nin"):
        _expect(isinstance(operand, (list, tuple)), prop.path, op, "a list of values", operand)
        for item in operand:
            _check_operand(prop, op, item)
        values = frozenset(operand)
        if op == "in":
            return lambda v: v is not None and v in values
        return lambda v: v is None or v not in values
    if op == "between":
        _expect(
            isinstance(operand, (list, tuple)) and len(operand) == 2,
            prop.path,
            op,
            "a list [low, high]",
            operand,
        )
        low, high = operand
        _check_operand(prop, op, low)
        _check_operand(prop, op, high)
        return lambda v: v is not None and low <= v <= high
    _check_operand(prop, op, operand)
    if op == "eq":
        return lambda v: v is not None and v == operand
    if op == "gt":
        return lambda v: v is not None and v > operand
    if op == "gte":
        return lambda v: v is not None and v >= operand
    if op == "lt":
        return lambda v: v is not None and v < operand
    return lambda v: v is not None and v <= operand  # lte


def _contains(wanted: frozenset[Any], every: bool) -> Callable[[list[Any]], bool]:
    if every:
        return lambda values: wanted.issubset(values)
    return lambda values: not wanted.isdisjoint(values)


def _compile_array(prop: Property, cond: Mapping[str, Any], ctx: FilterContext) -> Predicate:
    element_ops = {k: v for k, v in cond.items() if k not in _ARRAY_OPS}
    valid = list(_ARRAY_OPS)
    if prop.base == "number":
        valid += _NUMBER_OPS
    elif prop.base == "boolean":
        valid.append("eq")
    for op in element_ops:
        if op not in valid:
            raise FilterError(
                f"unknown where operator {describe(op)} for {prop.type} property "
                f"{describe(prop.path)}; "
                f"expected one of: {', '.join(valid)}"
            )
    checks: list[Callable[[list[Any]], bool]] = []
    for op in _ARRAY_OPS:
        if op not in cond:
            continue
        operand = cond[op]
        _expect(
            isinstance(operand, (list, tuple)) and len(operand) > 0,
            prop.path,
            op,
            "a non-empty list of values",
            operand,
        )
        for item in operand:
            _check_operand(prop, op, item)
        checks.append(_contains(frozenset(operand), every=op == "containsAll"))
    if element_ops:
        one = _compile_scalar_ops(prop, element_ops)
        checks.append(lambda vs: any(one(v) for v in vs))

    def predicate(d: int) -> bool:
        values = ctx._value(d, prop)
        if not values:
            return False
        return all(c(values) for c in checks)

    return predicate
