"""A snapshot's documents as columns (snapshot version 3).

Format::

    {"count": 3,                                  # documents
     "shapes": [["id", "content", "type"], ...],  # each distinct key order, in first use
     "shape": [0, 0, 1],                          # a document's shape (only when > 1)
     "columns": {                                 # per key, the values of the documents
         "id": {"values": ["a", "b", "c"]},       # that have it, in document order
         "type": {"dict": ["fix", "decision"],    # or a dictionary of its distinct values
                  "codes": [0, 1, 0]},            # and a code per document,
         "projectId": {"dict": ["app"],           # or, when the codes repeat in long runs
                       "runs": [0, 3]}}}          # (version 5), (code, count) pairs

A column takes a dictionary when its distinct values are at most half its length
(:data:`DICT_SHARE`): a store's type, project, model name and empty lists are then written
once instead of once per document. Against a list of objects this writes each key once
and each repeated value once (a 100,000-entry project store: 337 -> 171 bytes a document),
parses in a third of the time, and the decoded documents share their repeated strings.
A column whose codes run long (a project store's project id, source, model name and
empty lists: one value for every document) is written as runs when they take at most a
quarter of the codes' numbers (:data:`RUNS_SHARE`): 3 bytes a document less for each.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import groupby, repeat
from json import JSONEncoder, loads
from operator import itemgetter
from typing import Any, Final

from amplify_memory.errors import SnapshotError
from amplify_memory.search._schema import JSON_SCALARS, copy_json

__all__ = [
    "DICT_SHARE",
    "RUNS_SHARE",
    "decode_table",
    "encode_columns",
    "encode_table",
    "table_count",
]

#: A column is written as a dictionary and codes when its distinct values are at most
#: this share of its values.
DICT_SHARE: Final = 0.5
#: A dictionary column's codes are written as (code, count) runs when those take at most
#: this share of the codes' numbers.
RUNS_SHARE: Final = 0.25
_MIN_DICT_COLUMN: Final = 4
#: How many of a column's first values are looked at before the whole column is.
_PROBE: Final = 1024


def encode_table(docs: list[dict[str, Any]], *, copy: bool = True) -> dict[str, Any]:
    """``docs`` as columns (their nested values copied unless ``copy`` is false)."""
    each_shape = list(map(tuple, docs))
    shapes = dict.fromkeys(each_shape, 0)
    keys = list(dict.fromkeys(key for shape in shapes for key in shape))
    if len(shapes) == 1:
        columns = {key: list(map(itemgetter(key), docs)) for key in keys}
    else:
        columns = {key: [doc[key] for doc in docs if key in doc] for key in keys}
        for code, shape in enumerate(shapes):
            shapes[shape] = code
    codes = list(map(shapes.__getitem__, each_shape)) if len(shapes) > 1 else []
    return encode_columns(len(docs), list(shapes), codes, columns, copy=copy)


def encode_columns(
    count: int,
    shapes: list[tuple[str, ...]],
    codes: list[int],
    columns: dict[str, list[Any]],
    *,
    copy: bool = True,
) -> dict[str, Any]:
    """The table of ``count`` documents given as columns: their ``shapes`` (in the order
    of first use), each one's shape code (read only when there are several shapes) and
    the values of each key (of the documents that have it, in order). Each column is
    let go once encoded (``columns`` is emptied)."""
    encoded = {}
    for key in list(columns):
        encoded[key] = _encode_column(columns.pop(key), copy)
    table: dict[str, Any] = {
        "count": count,
        "shapes": [list(shape) for shape in shapes],
        "columns": encoded,
    }
    if len(shapes) > 1:
        table["shape"] = codes
    return table


def _encode_column(values: list[Any], copy: bool) -> dict[str, Any]:
    types = set(map(type, values))
    if len(values) >= _MIN_DICT_COLUMN:
        coded = _dictionary(values, types)
        if coded is not None:
            return coded
    if copy and not types <= JSON_SCALARS:
        values = [v if type(v) in JSON_SCALARS else copy_json(v) for v in values]
    return {"values": values}


_json_key: Final = JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode


def _dictionary(
    values: list[Any], types: set[type], *, by_json: bool = False
) -> dict[str, Any] | None:
    """``{"dict", "codes"}`` for a column of few distinct values (None otherwise).

    A value's key must equal another's exactly when both are the same JSON value.
    Python's 1, 1.0 and True are equal, so a column holding more than one of those types
    is keyed by JSON text; a column of lists by tuples, which is exact when the distinct
    lists hold only strings (else, or when a tuple cannot be hashed, by JSON text)."""
    keys: list[Any]
    if not by_json and types <= JSON_SCALARS and len(types & {int, float, bool}) <= 1:
        keys = values
    elif not by_json and types == {list}:
        keys = list(map(tuple, values))
    else:
        by_json, keys = True, list(map(_json_key, values))
    try:
        if len(dict.fromkeys(keys[:_PROBE], 0)) > min(len(keys), _PROBE) * DICT_SHARE:
            return None  # (most of the first values differ already)
        index: dict[Any, int] = dict.fromkeys(keys, 0)
    except TypeError:  # (a tuple that holds a list or an object)
        return _dictionary(values, types, by_json=True)
    if len(index) > len(values) * DICT_SHARE:
        return None
    if types == {list} and not by_json:
        if not all(set(map(type, key)) <= {str} for key in index):
            return _dictionary(values, types, by_json=True)
        distinct: list[Any] = list(map(list, index))
    else:
        distinct = list(map(loads, index)) if by_json else list(index)
    for code, key in enumerate(index):
        index[key] = code
    codes = list(map(index.__getitem__, keys))
    runs = _runs(codes)
    if len(runs) <= RUNS_SHARE * len(codes):
        return {"dict": distinct, "runs": runs}
    return {"dict": distinct, "codes": codes}


def _runs(codes: list[int]) -> list[int]:
    """``codes`` as (code, count) pairs, flat; stops early once they grow past
    :data:`RUNS_SHARE` of ``codes`` (a column of varied codes is not worth it)."""
    out: list[int] = []
    limit = RUNS_SHARE * len(codes)
    for code, group in groupby(codes):
        out += (code, sum(1 for _ in group))
        if len(out) > limit:
            break
    return out


def table_count(table: Any) -> int | None:
    """The number of documents of an encoded table, or None when it is not one."""
    if isinstance(table, dict) and type(table.get("count")) is int and table["count"] >= 0:
        return int(table["count"])
    return None


def decode_table(
    table: Any, *, dicts: bool = True
) -> tuple[list[dict[str, Any]] | None, dict[str, list[Any]] | None]:
    """The documents of an encoded table, new objects, and, when they all have the same
    keys, their values by key (for checks by column); :class:`SnapshotError` when the
    table is malformed (the documents' values are checked by the caller). Without
    ``dicts``, a table of one shape gives no documents (None): its columns, in the
    shape's order, are all there is."""
    count = table_count(table)
    if count is None:
        raise SnapshotError("corrupt snapshot: 'documents' must be a table with a count")
    shapes, codes = _shapes(table, count)
    columns = table.get("columns")
    keys = list(dict.fromkeys(key for shape in shapes for key in shape))
    if not isinstance(columns, dict) or set(columns) != set(keys):
        raise SnapshotError(f"corrupt snapshot: the documents' columns must be exactly {keys}")
    uses = [0] * len(shapes)
    if len(shapes) == 1 and "shape" not in table:
        uses[0] = count
    else:
        for code in codes:
            uses[code] += 1
    lengths = {key: sum(uses[s] for s, shape in enumerate(shapes) if key in shape) for key in keys}
    listed = [k for k in keys if not (isinstance(columns[k], dict) and "runs" in columns[k])]
    if count and not listed:
        # (a valid table always lists one column, the ids: without one, nothing bounds
        # the count a few runs could claim)
        raise SnapshotError("corrupt snapshot: no column of the documents lists their values")
    decoded = {}
    for key in [*listed, *(k for k in keys if k not in listed)]:  # (lists first: checked
        # against the count without building anything, before runs are expanded)
        decoded[key] = _decode_column(key, columns[key], lengths[key])
    decoded = {key: decoded[key] for key in keys}
    if len(shapes) == 1:
        shape = shapes[0]
        if not dicts:
            return None, {key: decoded[key] for key in shape}
        rows = zip(*map(decoded.__getitem__, shape), strict=True)
        return list(map(dict, map(zip, repeat(shape), rows))), decoded  # (in C)
    streams: dict[str, Iterator[Any]] = {key: iter(values) for key, values in decoded.items()}
    kinds = [[(key, streams[key]) for key in shape] for shape in shapes]
    return [{key: next(stream) for key, stream in kinds[code]} for code in codes], None


def _shapes(table: dict[str, Any], count: int) -> tuple[list[list[str]], list[int]]:
    shapes = table.get("shapes")
    if (
        not isinstance(shapes, list)
        or not all(isinstance(s, list) and set(map(type, s)) <= {str} for s in shapes)
        or any(len(set(s)) != len(s) for s in shapes)
    ):
        raise SnapshotError("corrupt snapshot: the documents' shapes must be lists of keys")
    if len(shapes) <= 1 and "shape" not in table:
        if count and not shapes:
            raise SnapshotError(f"corrupt snapshot: {count} documents without a shape")
        return shapes, []  # (one shape: every document's, counted by the caller)
    codes = table.get("shape")
    if (
        not isinstance(codes, list)
        or len(codes) != count
        or not set(map(type, codes)) <= {int}
        or (codes and not 0 <= min(codes) <= max(codes) < len(shapes))
    ):
        raise SnapshotError(
            f"corrupt snapshot: the documents' shape codes must be {count} numbers "
            f"below {len(shapes)}"
        )
    return shapes, codes


def _decode_column(key: str, column: Any, length: int) -> list[Any]:
    if isinstance(column, dict) and set(column) == {"values"}:
        values = column["values"]
        if isinstance(values, list) and len(values) == length:
            return values
    elif isinstance(column, dict) and set(column) in ({"dict", "codes"}, {"dict", "runs"}):
        distinct = column["dict"]
        codes = column["codes"] if "codes" in column else _expand_runs(column["runs"], length)
        if (
            isinstance(distinct, list)
            and isinstance(codes, list)
            and len(codes) == length
            and set(map(type, codes)) <= {int}
            and (not codes or 0 <= min(codes) <= max(codes) < len(distinct))
        ):
            kinds = set(map(type, distinct))
            if kinds <= JSON_SCALARS:
                return list(map(distinct.__getitem__, codes))
            # (a list or an object is each document's own)
            if kinds == {list} and all(set(map(type, v)) <= JSON_SCALARS for v in distinct):
                return list(map(list.copy, map(distinct.__getitem__, codes)))
            return [copy_json(distinct[code]) for code in codes]
    raise SnapshotError(
        f"corrupt snapshot: the documents' column {key!r} must hold {length} values "
        "({'values': [...]}, {'dict': [...], 'codes': [...]} or {'dict': [...], 'runs': [...]})"
    )


def _expand_runs(runs: Any, length: int) -> Any:
    """The codes of (code, count) ``runs``; None (rejected by the caller) when they are
    not pairs of integers, with counts of at least 1, adding up to ``length``."""
    if (
        not isinstance(runs, list)
        or len(runs) % 2
        or not set(map(type, runs)) <= {int}
        or min(runs[1::2], default=1) < 1
        or sum(runs[1::2]) != length
    ):
        return None
    codes: list[int] = []
    for code, count in zip(runs[0::2], runs[1::2], strict=True):
        codes += repeat(code, count)
    return codes
