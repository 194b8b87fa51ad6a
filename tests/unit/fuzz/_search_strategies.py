"""Strategies for the search engine: schemas, documents, ``where`` clauses, search
arguments, and whole sequences of database operations."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from amplify_memory.search import SUPPORTED_LANGUAGES
from amplify_memory.search._schema import Property, parse_schema

from ._support import (
    Big,
    anything,
    huge_ints,
    long_strings,
    nest,
    not_strings,
    numbers,
    odd_floats,
    odd_strings,
    sizes,
    texts,
)

# --------------------------------------------------------------------------- schemas

SCHEMAS: dict[str, dict[str, Any]] = {
    "full": {
        "id": "string",
        "content": "string",
        "tags": "string[]",
        "n": "number",
        "ns": "number[]",
        "flag": "boolean",
        "flags": "boolean[]",
        "kind": "enum",
        "kinds": "enum[]",
        "meta": {"author": "string", "score": "number"},
        "vec": "vector[4]",
    },
    "plain": {"content": "string"},
    "two_vectors": {
        "id": "string",
        "title": "string",
        "body": "string",
        "v2": "vector[2]",
        "v3": "vector[3]",
    },
}
PROPS: dict[str, dict[str, Property]] = {k: parse_schema(v) for k, v in SCHEMAS.items()}
IDS = ("a", "b", "c", "d", "é", "東京")


def mostly(valid: st.SearchStrategy[Any], bad: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """``valid`` three times in four, ``bad`` otherwise."""
    return st.one_of(valid, valid, valid, bad)


plain_numbers = st.one_of(
    st.integers(-1000, 1000),
    st.floats(-1e9, 1e9, allow_nan=False),
    st.sampled_from([0, 1, -1, 0.5, 1e300, -1e300, 5e-324, -0.0]),
)
bad_numbers = st.one_of(huge_ints, odd_floats, st.booleans(), st.text(max_size=3), st.none())
vector_items = st.one_of(
    st.floats(-1, 1),
    st.sampled_from([0.0, 1e200, -1e200, 1e-300, 1e38, -1e38, 3.5e38, 1e-40, 1e-46, 1.7e308]),
    st.integers(-3, 3),
)


def vectors(dimension: int) -> st.SearchStrategy[Any]:
    exact = st.lists(vector_items, min_size=dimension, max_size=dimension)
    special = st.sampled_from(
        [[1e200] + [0.0] * (dimension - 1), [0.0] * dimension, [1e-300] * dimension]
    )
    wrong = st.one_of(
        st.lists(vector_items, max_size=dimension + 2),
        st.lists(st.one_of(bad_numbers, vector_items), min_size=dimension, max_size=dimension),
        st.tuples(*[vector_items] * dimension),
        not_strings,
    )
    return mostly(st.one_of(exact, special), wrong)


def value_of(prop: Property) -> st.SearchStrategy[Any]:
    """Values for one property: mostly valid, sometimes anything at all."""
    if prop.base == "vector":
        return vectors(prop.dimension or 1)
    scalar: st.SearchStrategy[Any] = {
        "string": texts,
        "number": st.one_of(plain_numbers, plain_numbers, bad_numbers),
        "boolean": st.booleans(),
        "enum": st.one_of(st.sampled_from(["x", "y", "z", ""]), plain_numbers, texts),
    }[prop.base]
    if prop.is_array:
        return mostly(st.lists(scalar, max_size=4), st.one_of(anything, scalar))
    return mostly(scalar, anything)


def _set_path(doc: dict[str, Any], keys: tuple[str, ...], value: Any) -> None:
    for key in keys[:-1]:
        nxt = doc.setdefault(key, {})
        if not isinstance(nxt, dict):
            return
        doc = nxt
    doc[keys[-1]] = value


@st.composite
def documents(draw: st.DrawFn, schema: str, *, with_id: bool = True) -> Any:
    """A document of ``schema``: some properties valid, some not, undeclared extras."""
    if draw(st.integers(0, 30)) == 0:
        return draw(anything)  # not even a dict
    doc: dict[str, Any] = {}
    for path, prop in PROPS[schema].items():
        if path == "id":
            continue
        if draw(st.booleans()):
            _set_path(doc, prop.keys, draw(value_of(prop)))
    if "meta" in SCHEMAS[schema] and draw(st.integers(0, 8)) == 0:
        doc["meta"] = draw(anything)  # a non-object where a nested schema is
    if draw(st.integers(0, 3)) == 0:
        extras = draw(
            st.dictionaries(
                st.sampled_from(["extra", "note", "x.y", "", "_"]), anything, max_size=2
            )
        )
        doc.update(extras)
    if with_id and "id" in SCHEMAS[schema]:
        choice = draw(st.integers(0, 9))
        if choice < 7:
            doc["id"] = draw(st.sampled_from(IDS))
        elif choice < 9:
            doc["id"] = draw(st.one_of(texts, not_strings))
    return doc


# --------------------------------------------------------------------------- where


def _condition(prop: Property) -> st.SearchStrategy[Any]:
    number = st.one_of(plain_numbers, bad_numbers)
    if prop.base == "number":
        ops = st.dictionaries(
            st.sampled_from(["gt", "gte", "lt", "lte", "eq", "between", "in", "neq"]),
            st.one_of(number, st.lists(number, min_size=0, max_size=3)),
            min_size=0,
            max_size=2,
        )
        scalar = st.one_of(number, ops)
    elif prop.base == "boolean":
        scalar = st.one_of(
            st.booleans(), st.fixed_dictionaries({"eq": st.one_of(st.booleans(), number)})
        )
    elif prop.base == "string":
        scalar = st.one_of(
            texts,
            st.lists(texts, max_size=3),
            st.dictionaries(
                st.sampled_from(["eq", "in", "nin", "gt"]),
                st.one_of(texts, st.lists(st.one_of(texts, not_strings), max_size=3)),
                max_size=2,
            ),
        )
    else:  # enum
        scalar = st.one_of(
            st.text(max_size=3),
            number,
            st.dictionaries(
                st.sampled_from(["eq", "in", "nin", "containsAll"]),
                st.one_of(
                    number,
                    st.text(max_size=3),
                    st.lists(st.one_of(number, texts, not_strings), max_size=3),
                ),
                max_size=2,
            ),
        )
    if prop.is_array:
        element = value_of(Property(prop.path, prop.keys, prop.base, prop.base, False))
        arrays = st.dictionaries(
            st.sampled_from(["containsAll", "containsAny"]),
            st.one_of(st.lists(element, max_size=3), element),
            min_size=1,
            max_size=2,
        )
        return st.one_of(arrays, scalar)
    return scalar


def where_clauses(schema: str) -> st.SearchStrategy[Any]:
    props = list(PROPS[schema].values())
    leaf = st.one_of(
        *[st.builds(lambda c, path=p.path: {path: c}, _condition(p)) for p in props],
        st.builds(lambda c: {"meta": {"author": c}}, texts) if schema == "full" else st.nothing(),
        st.builds(
            lambda k, c: {k: c}, st.sampled_from(["nope", "meta", "and", "or", "not", ""]), anything
        ),
    )
    clauses: st.SearchStrategy[Any] = st.deferred(
        lambda: st.one_of(
            leaf,
            leaf,
            leaf,
            st.builds(lambda cs: {"and": cs}, st.lists(clauses, max_size=3)),
            st.builds(lambda cs: {"or": cs}, st.lists(clauses, max_size=3)),
            st.builds(lambda c: {"not": c}, clauses),
            st.builds(lambda a, b: {**a, **b}, clauses, clauses),
        )
    )
    leaf_path = next(p.path for p in props if p.base == "string")
    deep_not = st.builds(
        lambda depth, kind: Big(
            f"deep_where({depth}, {kind!r})",
            lambda: _deep_where(depth, kind, {leaf_path: "x"}),
        ),
        st.sampled_from([100, 999, 1_000, 3_000]),
        st.sampled_from(["not", "and", "or"]),
    )
    built = mostly(clauses, st.one_of(deep_not, anything))
    return st.deferred(lambda: built)


def _deep_where(depth: int, kind: str, leaf: dict[str, Any]) -> Any:
    clause: Any = leaf
    for _ in range(depth):
        clause = {"not": clause} if kind == "not" else {kind: [clause]}
    return clause


# --------------------------------------------------------------------------- search

#: Terms at the documented limits (amplify_memory.limits: 10,000 characters, fuzzy
#: matching of words up to 64 letters).
LONG_FUZZY_TERM = Big(
    "150 words of 64 letters", lambda: " ".join("w" * 60 + str(i) for i in range(150))
)
near_limit_terms = st.sampled_from(
    [
        LONG_FUZZY_TERM,
        Big("2,000 words of 4 letters", lambda: " ".join(f"w{i % 97:02d}x" for i in range(1_999))),
        Big("'a' * 9_999", lambda: "a" * 9_999),
        Big("'東' * 9_999", lambda: "東" * 9_999),
        Big("'!' * 9_999", lambda: "!" * 9_999),
    ]
)


def search_kwargs(schema: str) -> st.SearchStrategy[dict[str, Any]]:
    props = PROPS[schema]
    strings = [p for p, pr in props.items() if pr.base == "string" and p != "id"]
    vector_props = [p for p, pr in props.items() if pr.base == "vector"]
    sortable = [p for p, pr in props.items() if not pr.is_array and pr.base != "vector"]
    top = list(SCHEMAS[schema])
    name = st.one_of(st.sampled_from(sorted(props)), st.text(max_size=4), not_strings)
    key = st.one_of(
        st.sampled_from(sorted(props)), st.text(max_size=4), st.integers(-2, 2), st.none()
    )

    facet_config: dict[str, st.SearchStrategy[Any]] = {}
    for path, prop in props.items():
        if prop.base == "number":
            rng = st.fixed_dictionaries({"from": numbers, "to": numbers})
            facet_config[path] = mostly(
                st.fixed_dictionaries({"ranges": st.lists(rng, min_size=1, max_size=3)}), anything
            )
        elif prop.base in ("string", "enum"):
            facet_config[path] = mostly(
                st.fixed_dictionaries(
                    {},
                    optional={
                        "limit": sizes,
                        "offset": sizes,
                        "sort": st.sampled_from(["ASC", "DESC", "asc", "x"]),
                    },
                ),
                anything,
            )
        elif prop.base == "boolean":
            facet_config[path] = mostly(st.just({}), anything)
    facets = mostly(
        st.builds(
            lambda chosen, configs: {k: configs[k] for k in chosen},
            st.lists(st.sampled_from(sorted(facet_config) or ["id"]), max_size=3, unique=True),
            st.fixed_dictionaries(facet_config),
        ),
        st.one_of(st.dictionaries(key, anything, max_size=2), anything),
    )

    def vector_value(dimension: int) -> st.SearchStrategy[Any]:
        return vectors(dimension)

    vector_query: st.SearchStrategy[Any]
    if vector_props:
        vector_query = st.one_of(
            *[
                st.fixed_dictionaries(
                    {"value": vector_value(props[p].dimension or 1)},
                    optional={"property": st.one_of(st.just(p), name)},
                )
                for p in vector_props
            ]
        )
    else:
        vector_query = st.fixed_dictionaries({"value": vectors(4)})
    built = st.fixed_dictionaries(
        {},
        optional={
            "term": mostly(st.one_of(texts, near_limit_terms), not_strings),
            "properties": mostly(
                st.one_of(
                    st.none(), st.just("*"), st.lists(st.sampled_from(strings or ["x"]), max_size=2)
                ),
                st.one_of(name, st.lists(name, max_size=2), anything),
            ),
            "where": where_clauses(schema),
            "limit": mostly(st.integers(0, 12), sizes),
            "offset": mostly(st.integers(0, 5), sizes),
            "threshold": mostly(st.floats(0, 1), numbers),
            "exact": mostly(st.booleans(), anything),
            "prefix": mostly(st.booleans(), anything),
            "tolerance": mostly(st.integers(0, 3), sizes),
            "boost": mostly(
                st.dictionaries(st.sampled_from(strings or ["x"]), st.floats(0, 10), max_size=2),
                st.one_of(st.dictionaries(key, numbers, max_size=2), anything),
            ),
            "sort_by": mostly(
                st.one_of(
                    st.sampled_from(sortable),
                    st.fixed_dictionaries(
                        {"property": st.sampled_from(sortable)},
                        optional={"order": st.sampled_from(["ASC", "DESC", "desc", "up"])},
                    ),
                ),
                st.one_of(name, anything),
            ),
            "facets": facets,
            "mode": mostly(st.sampled_from(["fulltext", "vector", "hybrid"]), anything),
            "vector": mostly(vector_query, anything),
            "similarity": mostly(st.floats(-1, 1), numbers),
            "hybrid_weights": mostly(
                st.fixed_dictionaries(
                    {}, optional={"text": st.floats(0, 2), "vector": st.floats(0, 2)}
                ),
                st.one_of(st.dictionaries(st.text(max_size=6), numbers, max_size=2), anything),
            ),
            "include_vectors": mostly(st.booleans(), anything),
            "select": mostly(
                st.one_of(st.none(), st.lists(st.sampled_from([*top, "id"]), max_size=3)),
                st.one_of(st.lists(name, max_size=2), anything),
            ),
        },
    )
    return st.deferred(lambda: built)


# --------------------------------------------------------------------------- operations

doc_ids = st.one_of(st.sampled_from(IDS), st.sampled_from(IDS), texts, not_strings)


def operations(schema: str) -> st.SearchStrategy[tuple[Any, ...]]:
    doc = documents(schema)
    built = st.one_of(
        st.tuples(st.just("insert"), doc),
        st.tuples(st.just("insert"), doc),
        st.tuples(
            st.just("insert_multiple"),
            st.one_of(st.lists(doc, max_size=4), anything),
        ),
        st.tuples(st.just("update"), doc_ids, doc),
        st.tuples(
            st.just("patch"),
            doc_ids,
            st.one_of(
                documents(schema, with_id=False),
                st.dictionaries(
                    st.one_of(st.sampled_from(sorted(SCHEMAS[schema])), st.text(max_size=3)),
                    anything,
                    max_size=2,
                ),
                anything,
            ),
        ),
        st.tuples(st.just("remove"), doc_ids),
        st.tuples(st.just("remove_multiple"), st.one_of(st.lists(doc_ids, max_size=3), anything)),
        st.tuples(st.just("get"), doc_ids),
        st.tuples(st.just("contains"), doc_ids),
        st.tuples(st.just("search"), search_kwargs(schema)),
        st.tuples(st.just("search"), search_kwargs(schema)),
    )
    return st.deferred(lambda: built)


# --------------------------------------------------------------------------- settings

schema_specs = st.deferred(lambda: _schema_specs)
_schema_specs = st.one_of(
    st.sampled_from(
        [
            "string",
            "string[]",
            "number",
            "number[]",
            "boolean",
            "boolean[]",
            "enum",
            "enum[]",
            "vector[1]",
            "vector[3]",
            "vector[0]",
            "vector[-1]",
            "vector[01]",
            "vector[99999999999999999999]",
            Big("'vector[' + '9' * 5000 + ']'", lambda: "vector[" + "9" * 5000 + "]"),
            "strin",
            "STRING",
            "string ",
            "vector",
            "",
        ]
    ),
    not_strings,
)

schema_keys = st.deferred(lambda: _schema_keys)
_schema_keys = st.one_of(
    st.sampled_from(["id", "content", "tags", "a.b", "", " ", "meta", "__proto__"]),
    st.text(max_size=6),
    odd_strings,
    st.integers(-2, 2),
    st.none(),
)

schemas_any = st.deferred(lambda: _schemas_any)
_schemas_any = st.one_of(
    st.sampled_from(list(SCHEMAS.values())),
    st.recursive(
        st.dictionaries(schema_keys, schema_specs, max_size=4),
        lambda inner: st.dictionaries(schema_keys, st.one_of(schema_specs, inner), max_size=3),
        max_leaves=6,
    ),
    st.builds(
        lambda depth: Big(
            f"deep_schema({depth})", lambda: {"content": "string", **nest(depth, "dict", "string")}
        ),
        st.sampled_from([50, 900, 1_000, 5_000]),
    ),
    anything,
)


def _split_spaces(text: str) -> list[str]:
    return text.split()


def _split_none(text: str) -> Any:
    return None


def _split_ints(text: str) -> Any:
    return [len(text), 1]


def _split_empty(text: str) -> Any:
    return ["", " ", "\x00"]


SPLITS = {
    "spaces": _split_spaces,
    "none": _split_none,
    "ints": _split_ints,
    "empties": _split_empty,
}

database_options = st.deferred(lambda: _database_options)
_database_options = st.fixed_dictionaries(
    {},
    optional={
        "language": mostly(st.sampled_from(SUPPORTED_LANGUAGES), st.one_of(texts, not_strings)),
        "stemming": mostly(st.booleans(), anything),
        "stop_words": st.one_of(
            st.none(),
            st.booleans(),
            st.lists(texts, max_size=4),
            st.lists(st.one_of(texts, not_strings), max_size=3),
            texts,
            anything,
        ),
        "fold_accents": mostly(st.booleans(), anything),
        "split": st.one_of(
            st.none(), st.sampled_from(sorted(SPLITS)).map(SPLITS.__getitem__), anything
        ),
        "k1": mostly(st.floats(0, 3), numbers),
        "b": mostly(st.floats(0, 1), numbers),
    },
)

__all__ = [
    "IDS",
    "LONG_FUZZY_TERM",
    "PROPS",
    "SCHEMAS",
    "SPLITS",
    "database_options",
    "doc_ids",
    "documents",
    "long_strings",
    "near_limit_terms",
    "operations",
    "schemas_any",
    "search_kwargs",
    "where_clauses",
]
