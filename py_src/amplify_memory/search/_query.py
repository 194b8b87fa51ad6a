"""The query planner's checks: each argument of :meth:`Database.search` checked (a
:class:`~amplify_memory.errors.QueryError` that names the value and what was expected)
and turned into what the search modes use: the searched fields and their boosts, the
hybrid weights, the sort order and the vector query."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from amplify_memory.errors import QueryError, VectorLengthError, describe
from amplify_memory.limits import MAX_BOOST, is_number
from amplify_memory.search._defaults import DEFAULT_HYBRID_WEIGHTS
from amplify_memory.search._schema import Property
from amplify_memory.search._vector import norm

__all__ = [
    "MODES",
    "Mode",
    "VectorQuery",
    "boosts",
    "check_int",
    "check_number",
    "hybrid_weights",
    "searched_fields",
    "sort_spec",
    "vector_query",
]

Mode = Literal["fulltext", "vector", "hybrid"]
MODES = ("fulltext", "vector", "hybrid")
#: A checked vector query: the property, the query's numbers and its length.
VectorQuery = tuple[Property, list[float], float]


def check_number(name: str, value: Any, low: float, high: float = math.inf) -> float:
    if not is_number(value) or not low <= value <= high:
        bounds = f"between {low} and {high}" if math.isfinite(high) else f">= {low}"
        raise QueryError(f"{name} expected a number {bounds}, got {describe(value)}")
    return float(value)


def check_int(name: str, value: Any, low: int, high: int | None = None) -> int:
    if (
        not isinstance(value, int)
        or isinstance(value, bool)
        or value < low
        or (high is not None and value > high)
    ):
        bounds = f"between {low} and {high}" if high is not None else f">= {low}"
        raise QueryError(f"{name} expected an integer {bounds}, got {describe(value)}")
    return value


def searched_fields(string_fields: list[str], properties: Sequence[str] | str | None) -> list[str]:
    """The string fields a query searches (all by default), in schema order."""
    if properties is None or properties == "*":
        return string_fields
    if not isinstance(properties, str | list | tuple):
        raise QueryError(
            f"properties expected a property name or a list of them, got {describe(properties)}"
        )
    names = [properties] if isinstance(properties, str) else list(properties)
    for name in names:
        if not isinstance(name, str) or name not in string_fields:
            raise QueryError(
                f"properties: {describe(name)} is not a searchable string property; "
                f"expected some of: {', '.join(string_fields)}"
            )
    return [f for f in string_fields if f in names]


def boosts(
    string_fields: list[str], boost: Mapping[str, float] | None, fields: list[str]
) -> dict[str, float]:
    """Each searched field's multiplier (1 unless ``boost`` says otherwise)."""
    out = dict.fromkeys(fields, 1.0)
    if boost is None:
        return out
    if not isinstance(boost, Mapping):
        raise QueryError(f"boost expected a dict of property -> number, got {describe(boost)}")
    for name, value in boost.items():
        if name not in string_fields:
            raise QueryError(
                f"boost: {describe(name)} is not a searchable string property; "
                f"expected some of: {', '.join(string_fields)}"
            )
        factor = check_number(f"boost[{describe(name)}]", value, 0.0, MAX_BOOST)
        if name in out:
            out[name] = factor
    return out


def hybrid_weights(weights: Mapping[str, float] | None) -> tuple[float, float]:
    """``(text, vector)`` weights of a hybrid search (the defaults when None)."""
    if weights is None:
        weights = DEFAULT_HYBRID_WEIGHTS
    if not isinstance(weights, Mapping) or set(weights) - {"text", "vector"}:
        raise QueryError(
            f"hybrid_weights expected {{'text': number, 'vector': number}}, got {describe(weights)}"
        )
    return (
        check_number("hybrid_weights['text']", weights.get("text", 0.0), 0.0, MAX_BOOST),
        check_number("hybrid_weights['vector']", weights.get("vector", 0.0), 0.0, MAX_BOOST),
    )


def sort_spec(
    props: Mapping[str, Property], sort_by: str | Mapping[str, str]
) -> tuple[Property, bool]:
    """The property to sort by and whether the order is descending."""
    if isinstance(sort_by, str):
        name, order = sort_by, "ASC"
    elif isinstance(sort_by, Mapping) and "property" in sort_by:
        name, order = sort_by["property"], sort_by.get("order", "ASC")
    else:
        raise QueryError(
            f"sort_by expected a property name or {{'property': p, 'order': 'ASC'|'DESC'}}, "
            f"got {describe(sort_by)}"
        )
    prop = props.get(name) if isinstance(name, str) else None
    if prop is None or prop.is_array or prop.base == "vector":
        valid = [p.path for p in props.values() if not p.is_array and p.base != "vector"]
        raise QueryError(
            f"sort_by: cannot sort by {describe(name)}; expected one of: {', '.join(valid)}"
        )
    if not isinstance(order, str) or order.upper() not in ("ASC", "DESC"):
        raise QueryError(f"sort_by order expected 'ASC' or 'DESC', got {describe(order)}")
    return prop, order.upper() == "DESC"


def vector_query(
    props: Mapping[str, Property], vector_fields: list[str], vector: Mapping[str, Any] | None
) -> VectorQuery:
    """The vector property, the query's numbers and its length (all checked)."""
    if not vector_fields:
        raise QueryError("vector search needs a vector[N] property in the schema")
    if not isinstance(vector, Mapping) or "value" not in vector:
        raise QueryError(
            "vector expected {'value': [numbers], 'property': name}, got " + repr(vector)
        )
    name = vector.get("property")
    if name is None:
        if len(vector_fields) != 1:
            raise QueryError(
                "vector['property'] is required; expected one of: " + ", ".join(vector_fields)
            )
        name = vector_fields[0]
    prop = props.get(name) if isinstance(name, str) else None
    if prop is None or prop.base != "vector":
        raise QueryError(
            f"vector['property'] {describe(name)} is not a vector property; expected one of: "
            + ", ".join(vector_fields)
        )
    value = vector["value"]
    if not isinstance(value, (list, tuple)):
        raise QueryError(f"vector['value'] expected a list of numbers, got {describe(value)}")
    if len(value) != prop.dimension:
        raise VectorLengthError(prop.path, prop.dimension or 0, value)
    for x in value:
        if not is_number(x):
            raise QueryError(f"vector['value'] expected finite numbers, got {describe(x)}")
    query_norm = norm(value)
    if query_norm == 0.0:
        raise QueryError("vector['value'] must not be the zero vector")
    return prop, list(value), query_norm
