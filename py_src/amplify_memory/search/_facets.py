"""Facets: value counts over every matching document (not only the returned page).

Configuration per property (``facets={"tags": {}, "confidence": {"ranges": [...]}}``):

- ``string`` / ``enum`` (and their arrays): ``{"limit": 10, "offset": 0, "sort": "DESC"}``
  counts documents per distinct value (each array element once per document),
  ordered by count (``"DESC"`` or ``"ASC"``) then by value.
- ``number`` / ``number[]``: ``{"ranges": [{"from": 0, "to": 0.5}, ...]}`` counts
  documents with a value in each inclusive range; keys are ``"0-0.5"``.
- ``boolean`` / ``boolean[]``: ``{}`` counts ``"true"`` and ``"false"``.

Result: ``{property: {"count": distinct values, "values": {key: documents}}}``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from amplify_memory.errors import QueryError, describe
from amplify_memory.limits import is_number
from amplify_memory.search._schema import Property

__all__ = ["compute_facets", "format_number"]


def format_number(value: float) -> str:
    """Numbers as JavaScript prints them: ``1.0`` -> ``"1"``, ``0.5`` -> ``"0.5"``."""
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _check_config(prop: Property, config: Any) -> Mapping[str, Any]:
    if not isinstance(config, Mapping):
        raise QueryError(
            f"facets[{describe(prop.path)}] expected a dict of options, got {describe(config)}"
        )
    if prop.base == "number":
        ranges = config.get("ranges")
        if not isinstance(ranges, list) or not ranges:
            raise QueryError(
                f"facets[{describe(prop.path)}] expected "
                f"{{'ranges': [{{'from': a, 'to': b}}, ...]}}, "
                f"got {describe(config)}"
            )
        for r in ranges:
            ok = isinstance(r, Mapping) and all(is_number(r.get(k)) for k in ("from", "to"))
            if not ok:
                raise QueryError(
                    f"facets[{describe(prop.path)}] range expected "
                    f"{{'from': number, 'to': number}}, "
                    f"got {describe(r)}"
                )
    elif prop.base in ("string", "enum"):
        unknown = set(config) - {"limit", "offset", "sort"}
        if unknown:
            raise QueryError(
                f"facets[{describe(prop.path)}] unknown options {sorted(unknown)}; "
                "expected limit, offset, sort"
            )
        for key in ("limit", "offset"):
            value = config.get(key, 0)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise QueryError(
                    f"facets[{describe(prop.path)}] {key} expected an integer >= 0, got "
                    f"{describe(value)}"
                )
        if config.get("sort", "DESC") not in ("ASC", "DESC", "asc", "desc"):
            raise QueryError(
                f"facets[{describe(prop.path)}] sort expected 'ASC' or 'DESC', got "
                f"{describe(config['sort'])}"
            )
    return config


def compute_facets(
    spec: Any,
    docs: Iterable[int],
    props: Mapping[str, Property],
    value: Callable[[int, Property], Any],
) -> dict[str, Any]:
    """Facet counts of ``spec`` over document numbers ``docs``."""
    if not isinstance(spec, Mapping):
        raise QueryError(f"facets expected a dict of property -> options, got {describe(spec)}")
    plan: list[tuple[Property, Mapping[str, Any]]] = []
    for path, config in spec.items():
        prop = props.get(path)
        if prop is None or prop.base == "vector":
            valid = ", ".join(p for p, pr in props.items() if pr.base != "vector")
            raise QueryError(f"unknown facet property {describe(path)}; expected one of: {valid}")
        plan.append((prop, _check_config(prop, config)))
    docs = list(docs)
    out: dict[str, Any] = {}
    for prop, config in plan:
        counts: Counter[Any] = Counter()
        for d in docs:
            v = value(d, prop)
            if v is None:
                continue
            if prop.is_array:
                counts.update(set(v))
            else:
                counts[v] += 1
        if prop.base == "number":
            values: dict[str, int] = {}
            for r in config["ranges"]:
                low, high = r["from"], r["to"]
                key = f"{format_number(low)}-{format_number(high)}"
                values[key] = sum(
                    1 for d in docs if _in_range(value(d, prop), low, high, prop.is_array)
                )
        elif prop.base == "boolean":
            values = {"true": counts.get(True, 0), "false": counts.get(False, 0)}
        else:
            descending = str(config.get("sort", "DESC")).upper() == "DESC"
            items = sorted(
                counts.items(),
                key=lambda kv: (-kv[1] if descending else kv[1], _sort_key(kv[0])),
            )
            offset = config.get("offset", 0)
            limit = config.get("limit", 10)
            values = {
                (v if isinstance(v, str) else format_number(v)): c
                for v, c in items[offset : offset + limit]
            }
        out[prop.path] = {
            "count": len(counts) if prop.base != "number" else len(values),
            "values": values,
        }
    return out


def _in_range(v: Any, low: float, high: float, is_array: bool) -> bool:
    if v is None:
        return False
    if is_array:
        return any(low <= x <= high for x in v)
    return bool(low <= v <= high)


def _sort_key(v: Any) -> tuple[int, Any]:
    return (0, v) if isinstance(v, (int, float)) else (1, str(v))
