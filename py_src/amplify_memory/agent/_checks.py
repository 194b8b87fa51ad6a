"""Argument checks shared by the vector-store adapters (one line each, clear messages)."""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from typing import Any

from amplify_memory.errors import DocumentValidationError, QueryError, VectorLengthError, describe
from amplify_memory.limits import check_vector_norm, is_number

__all__ = [
    "RESERVED_PREFIX",
    "check_filter",
    "check_id",
    "check_ids",
    "check_limit",
    "check_metadata",
    "check_vector",
    "matches",
]

#: Metadata keys starting with this prefix are reserved for the adapters' own records.
RESERVED_PREFIX = "amplify:"


def check_id(value: object) -> str:
    if not isinstance(value, str) or not value:
        raise DocumentValidationError("id", "a non-empty string", value)
    return value


def check_ids(values: object) -> list[str]:
    if isinstance(values, str) or not isinstance(values, Sequence):
        raise QueryError(f"ids expected a list of strings, got {describe(values)}")
    return [check_id(v) for v in values]


def check_vector(vector: object, dimension: int, path: str = "vector") -> list[float]:
    """``vector`` as a list of floats of length ``dimension``; raise otherwise."""
    if not isinstance(vector, Sequence) or isinstance(vector, str | bytes):
        raise DocumentValidationError(path, f"vector[{dimension}]", vector)
    if len(vector) != dimension:
        raise VectorLengthError(path, dimension, list(vector))
    out: list[float] = []
    for x in vector:
        if not is_number(x):
            raise DocumentValidationError(path, f"vector[{dimension}] of finite numbers", x)
        out.append(float(x))
    if not check_vector_norm(out):
        raise DocumentValidationError(
            path, f"vector[{dimension}] with components of at most 1e38 in magnitude", vector
        )
    return out


def check_metadata(metadata: object) -> dict[str, Any]:
    """A copy of ``metadata``: a dict with non-empty string keys and JSON values."""
    if not isinstance(metadata, Mapping):
        raise DocumentValidationError("metadata", "an object", metadata)
    out: dict[str, Any] = {}
    for key, value in metadata.items():
        if not isinstance(key, str) or not key:
            raise DocumentValidationError("metadata", "non-empty string keys", key)
        if key.startswith(RESERVED_PREFIX):
            raise DocumentValidationError(
                f"metadata.{key}", f"a key not starting with {describe(RESERVED_PREFIX)}", value,
                "the prefix is reserved for the adapters' own records",
            )  # fmt: skip
        try:
            out[key] = json.loads(json.dumps(value, allow_nan=False))
        except (TypeError, ValueError) as err:
            raise DocumentValidationError(f"metadata.{key}", "a JSON value", value) from err
    return out


def check_filter(where: object) -> dict[str, str | int | float | bool]:
    """A metadata filter: each key must equal a string, number or boolean."""
    if not isinstance(where, Mapping):
        raise QueryError(f"a metadata filter expected an object, got {describe(where)}")
    out: dict[str, str | int | float | bool] = {}
    for key, value in where.items():
        if not isinstance(key, str) or not key:
            raise QueryError(f"a metadata filter has a non-string key {describe(key)}")
        if not isinstance(value, str | int | float) or (
            isinstance(value, float) and not math.isfinite(value)
        ):
            raise QueryError(
                f"metadata filter {describe(key)}: expected a string, number or boolean to compare "
                f"for equality, got {describe(value)}"
            )
        out[key] = value
    return out


def check_limit(limit: object) -> int:
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise QueryError(f"limit expected an int >= 0, got {describe(limit)}")
    return limit


def matches(metadata: Mapping[str, Any], where: Mapping[str, Any]) -> bool:
    """True when every key of ``where`` equals the metadata's value (booleans are not numbers)."""
    for key, wanted in where.items():
        if key not in metadata:
            return False
        value = metadata[key]
        if isinstance(value, bool) != isinstance(wanted, bool) or value != wanted:
            return False
    return True
