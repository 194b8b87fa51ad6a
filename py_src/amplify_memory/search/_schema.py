"""Schemas: parsing the type declarations and validating documents against them.

A schema maps property names to a type name or to a nested schema (an object)::

    {"id": "string", "tags": "string[]", "meta": {"author": "string"},
     "embedding": "vector[384]"}

Nested properties are addressed with dotted paths ("meta.author"). Properties are
optional (a missing or ``None`` value is simply not indexed); properties that the
schema does not declare are stored but not indexed. The ``id`` property, when
declared, must be a ``string``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from amplify_memory.errors import (
    DocumentValidationError,
    InvalidSchemaTypeError,
    SchemaError,
    VectorLengthError,
    describe,
)
from amplify_memory.limits import (
    MAX_JSON_DEPTH,
    MAX_NUMBER,
    check_vector_norm,
    is_number,
    json_problem,
    json_values_fit,
)

__all__ = [
    "JSON_SCALARS",
    "SCALAR_TYPES",
    "Property",
    "copy_json",
    "get_path",
    "parse_schema",
    "validate_document",
    "validate_documents",
]

#: The accepted type names besides ``vector[N]``.
SCALAR_TYPES: Final = (
    "boolean",
    "boolean[]",
    "enum",
    "enum[]",
    "number",
    "number[]",
    "string",
    "string[]",
)
_VECTOR_RE: Final = re.compile(r"vector\[([1-9][0-9]{0,5})\]")  # up to 999,999 dimensions
_VALID_NAMES: Final = [*SCALAR_TYPES, "vector[N]", "a nested object"]


@dataclass(frozen=True, slots=True)
class Property:
    """One leaf of a schema: its dotted ``path``, ``keys``, declared ``type`` and parts.

    ``base`` is the element type (``"string"`` for ``"string[]"``, ``"vector"`` for
    vectors); ``dimension`` is set for vectors only.
    """

    path: str
    keys: tuple[str, ...]
    type: str
    base: str
    is_array: bool
    dimension: int | None = None


def parse_schema(schema: Mapping[str, Any], _prefix: tuple[str, ...] = ()) -> dict[str, Property]:
    """Flatten ``schema`` into ``{dotted path: Property}`` in declaration order."""
    if not isinstance(schema, Mapping):
        raise SchemaError(f"schema expected a dict of property -> type, got {describe(schema)}")
    if not schema and not _prefix:
        raise SchemaError("schema expected at least one property, got {}")
    props: dict[str, Property] = {}
    for name, spec in schema.items():
        if not isinstance(name, str) or not name or "." in name:
            raise SchemaError(
                f"schema property names must be non-empty strings without '.', got {describe(name)}"
            )
        keys = (*_prefix, name)
        path = ".".join(keys)
        if isinstance(spec, Mapping):
            if not spec:
                raise SchemaError(f"nested schema {describe(path)} expected at least one property")
            if len(keys) >= MAX_JSON_DEPTH:
                raise SchemaError(
                    f"schema nests deeper than {MAX_JSON_DEPTH} levels at {describe(path[:80])}..."
                )
            props.update(parse_schema(spec, keys))
            continue
        if not isinstance(spec, str):
            raise InvalidSchemaTypeError(path, spec, _VALID_NAMES)
        vector = _VECTOR_RE.fullmatch(spec)
        if vector is not None:
            props[path] = Property(path, keys, spec, "vector", False, int(vector.group(1)))
        elif spec in SCALAR_TYPES:
            is_array = spec.endswith("[]")
            props[path] = Property(path, keys, spec, spec.removesuffix("[]"), is_array)
        else:
            raise InvalidSchemaTypeError(path, spec, _VALID_NAMES)
    if not _prefix and "id" in props and props["id"].type != "string":
        raise SchemaError(
            f"property 'id' must have type 'string', got {describe(props['id'].type)}"
        )
    return props


def get_path(doc: Mapping[str, Any], keys: tuple[str, ...]) -> Any:
    """The value at ``keys`` in a nested document, or ``None`` when any step is missing."""
    value: Any = doc
    for key in keys:
        if not isinstance(value, Mapping):
            return None
        value = value.get(key)
    return value


def _check_scalar(base: str, value: Any) -> bool:
    if base == "string":
        return type(value) is str or isinstance(value, str)
    if base == "boolean":
        return isinstance(value, bool)
    if isinstance(value, bool):
        return False
    if base == "number":
        return is_number(value)
    # enum: a string or a finite number
    return isinstance(value, str) or is_number(value)


_EXPECTED: Final = {
    "string": "a string",
    "number": "a finite number",
    "boolean": "a boolean",
    "enum": "a string or a finite number",
}


_NUMBER_TYPES: Final = frozenset({int, float})


def validate_document(doc: Any, props: Mapping[str, Property], *, whole: bool = False) -> None:
    """Raise :class:`DocumentValidationError` when ``doc`` does not fit the schema.

    ``whole``: also check the properties outside the schema (stored as they are), which
    must be JSON values within :mod:`amplify_memory.limits` so the document saves and
    loads back."""
    if not isinstance(doc, Mapping):
        raise DocumentValidationError("<document>", "a dict", doc)
    if whole:
        problem = json_problem(doc)
        if problem is not None:
            raise DocumentValidationError(
                "<document>", "JSON values (finite numbers, strings, lists, objects)", doc, problem
            )
    for prop in props.values():
        value: Any = doc
        for depth, key in enumerate(prop.keys):
            if value is None:
                break
            if type(value) is not dict and not isinstance(value, Mapping):
                parent = ".".join(prop.keys[:depth])
                raise DocumentValidationError(parent, "an object (nested schema)", value)
            value = value.get(key)
        if value is None:
            continue
        if prop.base == "vector":
            if not isinstance(value, (list, tuple)):
                raise DocumentValidationError(prop.path, prop.type, value, "a list of numbers")
            if len(value) != prop.dimension:
                raise VectorLengthError(prop.path, prop.dimension or 0, value)
            if not (set(map(type, value)) <= {float} and all(map(math.isfinite, value))):
                # (the common case, all finite floats, checked in two C-level passes)
                for i, item in enumerate(value):
                    if not _check_scalar("number", item):
                        raise DocumentValidationError(f"{prop.path}[{i}]", "a finite number", item)
            if not check_vector_norm(value):
                raise DocumentValidationError(
                    prop.path,
                    prop.type,
                    value,
                    "components of at most 1e38 in magnitude (MAX_VECTOR_COMPONENT)",
                )
        elif prop.is_array:
            if not isinstance(value, (list, tuple)):
                raise DocumentValidationError(
                    prop.path, prop.type, value, f"a list of {_EXPECTED[prop.base]} values"
                )
            for i, item in enumerate(value):
                if not _check_scalar(prop.base, item):
                    raise DocumentValidationError(
                        f"{prop.path}[{i}]", f"{prop.base} ({_EXPECTED[prop.base]})", item
                    )
        elif not _check_scalar(prop.base, value):
            raise DocumentValidationError(prop.path, f"{prop.type} ({_EXPECTED[prop.base]})", value)


# The Python types a JSON-decoded value of each base type may have (bool is not an int here:
# ``type(True) is bool``).
_JSON_TYPES: Final[dict[str, frozenset[type]]] = {
    "string": frozenset({str}),
    "boolean": frozenset({bool}),
    "number": frozenset({int, float}),
    "enum": frozenset({str, int, float}),
    "vector": frozenset({int, float}),
}


def _column_fits(values: list[Any], prop: Property) -> bool:
    """True when every value of one top-level property is valid (checked in bulk)."""
    present = [v for v in values if v is not None]
    if prop.is_array or prop.base == "vector":
        if not set(map(type, present)) <= {list}:
            return False
        if prop.base == "vector" and present and set(map(len, present)) != {prop.dimension}:
            return False
        if prop.base == "vector" and not all(map(check_vector_norm, present)):
            return False
        present = [item for value in present for item in value]
    types = set(map(type, present))
    if not types <= _JSON_TYPES[prop.base]:
        return False
    if int in types:  # (the range of a column of integers by min and max, in C)
        ints = present if types == {int} else [v for v in present if type(v) is int]
        if not -MAX_NUMBER <= min(ints) <= max(ints) <= MAX_NUMBER:
            return False
    return float not in types or all(map(is_number, (v for v in present if type(v) is float)))


def validate_documents(
    docs: list[Any],
    props: Mapping[str, Property],
    columns: Mapping[str, list[Any]] | None = None,
) -> None:
    """:func:`validate_document` for many documents at once (e.g. a snapshot's).

    Each top-level property is checked as a column with set and map operations, which is
    several times faster than document by document; only when a column fails (or for
    nested properties) are the documents checked one by one, for the precise error.
    ``columns``: the documents' values by key, when the caller has them (every document
    has every key of ``columns``, and no other).
    """
    if not set(map(type, docs)) <= {dict}:
        for doc in docs:
            validate_document(doc, props)
    _check_outside_schema(docs, props, columns)
    slow: dict[str, Property] = {}
    for path, prop in props.items():
        key = prop.keys[0]
        values = [d.get(key) for d in docs] if columns is None else columns.get(key, [])
        if len(prop.keys) != 1 or not _column_fits(values, prop):
            slow[path] = prop
    if slow:
        for doc in docs:
            validate_document(doc, slow)


def columns_fit(props: Mapping[str, Property], columns: Mapping[str, list[Any]]) -> bool:
    """True when documents given only as ``columns`` (every document has every key of
    ``columns`` and no other) pass :func:`validate_documents`, checked in bulk without
    making the documents; False also when a property is nested (its values are inside
    a column's objects) or a check fails (the caller makes the documents and validates
    them, for the precise error)."""
    if any(len(prop.keys) != 1 for prop in props.values()):
        return False
    try:
        _check_outside_schema([], props, columns)
    except (DocumentValidationError, StopIteration):
        return False
    return all(_column_fits(columns.get(prop.keys[0], []), prop) for prop in props.values())


def _check_outside_schema(
    docs: list[dict[Any, Any]],
    props: Mapping[str, Property],
    columns: Mapping[str, list[Any]] | None = None,
) -> None:
    """Raise :class:`DocumentValidationError` when a document holds, outside its
    top-level schema properties, something that would not save and load back (what
    ``validate_document(whole=True)`` refuses on insert: deep nesting, NaN, a number over
    the limits, a key that is not a string). Checked column by column: a column of
    plain JSON values is checked in bulk (:func:`~amplify_memory.limits.json_values_fit`);
    only a column that fails it is walked value by value, for the precise error."""
    checked = {prop.keys[0] for prop in props.values() if len(prop.keys) == 1}
    keys: set[Any] = set(columns) if columns is not None else set().union(*docs)
    for key in keys:
        if type(key) is not str:
            doc = next(d for d in docs if key in d)
            raise DocumentValidationError(
                "<document>", "JSON values", doc, f"a key that is not a string: {describe(key)}"
            )
    for key in keys - checked:
        column = [d.get(key) for d in docs] if columns is None else columns[key]
        if json_values_fit(column, depth=MAX_JSON_DEPTH - 1):
            continue
        for value in column:
            problem = json_problem(value, depth=MAX_JSON_DEPTH - 1)
            if problem is not None:
                raise DocumentValidationError(key, "JSON values", value, problem)


#: The Python types of JSON scalars (copied by reference).
JSON_SCALARS: Final[frozenset[type]] = frozenset({str, int, float, bool, type(None)})
_SCALARS = JSON_SCALARS


def copy_json(value: Any) -> Any:
    """Copy a JSON-like value (dicts and lists deeply; tuples become lists)."""
    kind = type(value)
    if kind is dict:  # the common case, without the cost of abstract-class checks
        return {k: v if type(v) in _SCALARS else copy_json(v) for k, v in value.items()}
    if kind is list or kind is tuple:
        if set(map(type, value)) <= _SCALARS:  # e.g. a vector: copied in one C call
            return list(value)
        return [copy_json(v) for v in value]
    if kind in _SCALARS:
        return value
    if isinstance(value, Mapping):
        return {k: copy_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [copy_json(v) for v in value]
    return value
