"""Fuzz the search engine (``amplify_memory.search``): construction, writes, searches,
and the save / reopen round trip. See ``_support`` for the contract."""

from __future__ import annotations

import json
import math
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from amplify_memory.search import Database, SearchResult
from amplify_memory.search._vector import python_kernel, set_vector_kernel

from ._search_strategies import (
    IDS,
    LONG_FUZZY_TERM,
    SCHEMAS,
    database_options,
    doc_ids,
    documents,
    near_limit_terms,
    operations,
    schemas_any,
    search_kwargs,
    where_clauses,
)
from ._support import (
    ContractViolation,
    anything,
    build,
    call,
    check_equal,
    db_state,
    fuzz,
    short,
    snapshot_view,
    strict_json,
    texts,
)

CORPUS: dict[str, list[dict[str, Any]]] = {
    "full": [
        {
            "id": "c1",
            "content": "The user prefers TypeScript over JavaScript",
            "tags": ["lang", "ts"],
            "n": 1,
            "ns": [1, 2.5],
            "flag": True,
            "flags": [True, False],
            "kind": "x",
            "kinds": ["x", 1],
            "meta": {"author": "ann", "score": 0.5},
            "vec": [1.0, 0.0, 0.0, 0.0],
        },
        {
            "id": "c2",
            "content": "Migrations run with Alembic before every deploy",
            "tags": ["db"],
            "n": -3.5,
            "kind": 2,
            "vec": [0.0, 1.0, 0.5, 0.0],
            "meta": {"author": "bob"},
        },
        {"id": "c3", "content": "東京タワー naïve café", "n": 1e300, "vec": [0.1, 0.1, 0.1, 0.1]},
    ],
    "plain": [
        {"id": "p1", "content": "prefers tabs over spaces"},
        {"id": "p2", "content": "migrations with alembic"},
        {"id": "p3", "content": "東京タワー"},
    ],
    "two_vectors": [
        {
            "id": "t1",
            "title": "Docker compose",
            "body": "deploy with docker",
            "v2": [1, 0],
            "v3": [0, 0, 1],
        },
        {"id": "t2", "title": "tabs", "v2": [0.5, 0.5]},
    ],
}


def _seeded(schema: str) -> Database:
    db = Database(SCHEMAS[schema])
    db.insert_multiple([dict(d) for d in CORPUS[schema]])
    return db


def reopen_equal(db: Database, what: str, split: Any = None) -> Database:
    """Save ``db``, write the snapshot as standard JSON, reopen it: equal contents."""
    saved = call(f"{what}.save", db.save)
    if not saved.ok:
        raise ContractViolation(
            f"{what}: a database that accepted its contents cannot save them"
        ) from saved.error
    snapshot = saved.value
    try:
        text = json.dumps(snapshot, allow_nan=False)
    except (TypeError, ValueError, RecursionError) as err:
        raise ContractViolation(
            f"{what}: Database.save() is not JSON-serialisable: {type(err).__name__}: {err}"
        ) from err
    reopened = call(
        f"{what} Database.from_snapshot", Database.from_snapshot, strict_json(text), split=split
    )
    if not reopened.ok:
        raise ContractViolation(f"{what}: its own snapshot does not load") from reopened.error
    again: Database = reopened.value
    check_equal(f"{what} save/from_snapshot", snapshot_view(snapshot), db_state(again))
    check_equal(f"{what} ids", db.ids(), again.ids())
    return again


def apply(db: Database, op: tuple[Any, ...]) -> None:
    """One operation on ``db`` under the contract (``db.save()`` is the store's state)."""
    kind, *args = build(op)

    def state() -> Any:
        return db_state(db)

    if kind == "insert":
        call("Database.insert", db.insert, args[0], state=state)
    elif kind == "insert_multiple":
        call("Database.insert_multiple", db.insert_multiple, args[0], state=state)
    elif kind == "update":
        call("Database.update", db.update, args[0], args[1], state=state)
    elif kind == "patch":
        call("Database.patch", db.patch, args[0], args[1], state=state)
    elif kind == "remove":
        call("Database.remove", db.remove, args[0], state=state)
    elif kind == "remove_multiple":
        call("Database.remove_multiple", db.remove_multiple, args[0], state=state)
    elif kind == "get":
        call("Database.get", db.get, args[0], state=state)
    elif kind == "contains":
        call("Database.__contains__", db.__contains__, args[0], state=state)
    elif kind == "search":
        out = call("Database.search", db.search, state=state, **args[0])
        if out.ok:
            check_result(out.value, db, args[0])
    else:  # pragma: no cover
        raise AssertionError(kind)


def check_result(result: Any, db: Database, kwargs: dict[str, Any]) -> None:
    """A search result holds stored ids, a count at least the page, finite scores."""
    if not isinstance(result, SearchResult):
        raise ContractViolation(f"search returned {short(result)}")
    ids = set(db.ids())
    for hit in result.hits:
        if hit.id not in ids:
            raise ContractViolation(f"search returned an unknown id {hit.id!r}")
        if not isinstance(hit.score, float) or not math.isfinite(hit.score):
            raise ContractViolation(
                f"search({short(kwargs)}) gave hit {hit.id!r} the score {hit.score!r} "
                "(not a finite number: no JSON can carry it)"
            )
    if result.count < len(result.hits):
        raise ContractViolation(f"count {result.count} < {len(result.hits)} hits")


@fuzz(1.5)
@given(schema=schemas_any, options=database_options)
def test_database_construction(schema: Any, options: dict[str, Any]) -> None:
    """Any schema and settings: a database, or a typed error; an empty one reopens."""
    schema, options = build(schema), build(options)
    out = call("Database", Database, schema, **options)
    if out.ok:
        db: Database = out.value
        call("Database.search", db.search, "anything at all")
        reopen_equal(db, "new Database", split=options.get("split"))


def _schema_and(*parts: Any) -> st.SearchStrategy[Any]:
    """A schema name with strategies drawn for it: ``parts`` are functions schema -> strategy."""
    return st.sampled_from(sorted(SCHEMAS)).flatmap(
        lambda s: st.tuples(st.just(s), *[part(s) for part in parts])
    )


@fuzz(3)
@given(case=_schema_and(lambda s: st.lists(operations(s), min_size=1, max_size=8)))
def test_operation_sequences(case: tuple[str, list[tuple[Any, ...]]]) -> None:
    """Random writes and searches on a seeded database: each returns or raises a typed
    error and changes nothing then; what it holds at the end saves and reopens equal."""
    schema, ops = case
    db = _seeded(schema)
    for op in ops:
        apply(db, op)
    reopen_equal(db, f"{schema} database")


@fuzz(2)
@given(case=_schema_and(documents))
def test_insert(case: tuple[str, Any]) -> None:
    """One document of any shape: inserted (and then it saves and reopens) or refused."""
    schema, doc = case
    db = _seeded(schema)
    out = call("Database.insert", db.insert, build(doc), state=lambda: db_state(db))
    if out.ok:
        reopen_equal(db, f"{schema} insert")


@fuzz(1.5)
@given(case=_schema_and(lambda s: st.lists(documents(s), max_size=6)))
def test_insert_multiple_is_all_or_nothing(case: tuple[str, list[Any]]) -> None:
    """A batch either goes in whole or not at all (then the database is unchanged)."""
    schema, docs = case
    db = _seeded(schema)
    out = call(
        "Database.insert_multiple", db.insert_multiple, build(docs), state=lambda: db_state(db)
    )
    if out.ok:
        reopen_equal(db, f"{schema} batch")


@fuzz(2)
@given(
    case=_schema_and(
        lambda s: st.sampled_from(["update", "patch"]),
        lambda s: doc_ids,
        lambda s: st.one_of(documents(s), documents(s, with_id=False), anything),
    )
)
def test_update_and_patch(case: tuple[str, str, Any, Any]) -> None:
    """update / patch of any id with any document or changes."""
    schema, kind, doc_id, doc = case
    db = _seeded(schema)
    ids = db.ids()
    if isinstance(doc_id, str) and doc_id in IDS and ids:  # aim at stored documents too
        doc_id = ids[IDS.index(doc_id) % len(ids)]
    method = db.update if kind == "update" else db.patch
    out = call(f"Database.{kind}", method, build(doc_id), build(doc), state=lambda: db_state(db))
    if out.ok:
        reopen_equal(db, f"{schema} {kind}")


@fuzz(1)
@given(
    case=_schema_and(
        lambda s: st.sampled_from(["remove", "get", "contains", "remove_multiple"]),
        lambda s: st.one_of(doc_ids, st.lists(doc_ids, max_size=3), anything),
    )
)
def test_remove_get_contains(case: tuple[str, str, Any]) -> None:
    """Look-ups and removals by any id."""
    schema, kind, doc_id = case
    db = _seeded(schema)
    method = {
        "remove": db.remove,
        "get": db.get,
        "contains": db.__contains__,
        "remove_multiple": db.remove_multiple,
    }[kind]
    call(f"Database.{kind}", method, build(doc_id), state=lambda: db_state(db))
    reopen_equal(db, f"{schema} {kind}")


def wide_documents(schema: str) -> list[dict[str, Any]]:
    """20 documents of 50 distinct words each: a vocabulary of 1,000 words."""
    field = next(p for p, spec in SCHEMAS[schema].items() if spec == "string" and p != "id")
    return [{field: " ".join(f"w{i}x{j}" for j in range(50))} for i in range(20)]


def _search(
    schema: str, docs: list[Any], kwargs: dict[str, Any], kernel: bool, wide: bool = False
) -> None:
    db = _seeded(schema)
    if wide:
        db.insert_multiple(wide_documents(schema))
    for doc in docs:
        call("Database.insert", db.insert, build(doc), state=lambda: db_state(db))
    kwargs = build(kwargs)
    previous = set_vector_kernel(python_kernel if kernel else None)
    try:
        out = call("Database.search", db.search, state=lambda: db_state(db), **kwargs)
    finally:
        set_vector_kernel(previous)
    if out.ok:
        check_result(out.value, db, kwargs)


@fuzz(3)
@given(
    case=_schema_and(
        lambda s: st.lists(documents(s), max_size=4),
        search_kwargs,
        lambda s: st.booleans(),
        lambda s: st.booleans(),
    )
)
def test_search_arguments(case: tuple[str, list[Any], dict[str, Any], bool, bool]) -> None:
    """Any search arguments, with the pure-Python scorer or a batch vector kernel, over
    the seed documents (and, ``wide``, a vocabulary of 1,000 words)."""
    _search(*case)


@fuzz(1)
@example(case=("full", LONG_FUZZY_TERM, {"tolerance": 3}))
@given(
    case=_schema_and(
        lambda s: near_limit_terms,
        lambda s: st.fixed_dictionaries(
            {"tolerance": st.integers(0, 3)},
            optional={"prefix": st.booleans(), "exact": st.booleans()},
        ),
    )
)
def test_search_at_the_documented_limits(case: tuple[str, Any, dict[str, Any]]) -> None:
    """Terms as long as ``amplify_memory.limits`` allows, typos tolerated: within 1 s."""
    schema, term, kwargs = case
    _search(schema, [], {"term": term, **kwargs}, False, True)


@fuzz(2)
@given(case=_schema_and(where_clauses, lambda s: st.one_of(st.just(""), texts)))
def test_search_where(case: tuple[str, Any, Any]) -> None:
    """``where`` clauses of every shape, alone or with a query."""
    schema, where, term = case
    _search(schema, [], {"where": where, "term": term}, False)


@fuzz(2)
@given(
    case=_schema_and(
        lambda s: st.lists(documents(s), max_size=3),
        lambda s: search_kwargs(s).map(
            lambda kw: {
                k: v
                for k, v in kw.items()
                if k
                in (
                    "term",
                    "vector",
                    "similarity",
                    "hybrid_weights",
                    "limit",
                    "offset",
                    "include_vectors",
                )
            }
        ),
        lambda s: st.sampled_from(["vector", "hybrid"]),
        lambda s: st.booleans(),
    )
)
def test_search_vector_and_hybrid(case: tuple[str, list[Any], dict[str, Any], str, bool]) -> None:
    """Vector and hybrid searches: any query vector ([1e200, 0, 0, 0] included)."""
    schema, docs, kwargs, mode, kernel = case
    _search(schema, docs, {**kwargs, "mode": mode}, kernel)


@fuzz(2)
@given(
    case=_schema_and(
        lambda s: st.lists(documents(s), max_size=3),
        lambda s: search_kwargs(s).map(
            lambda kw: {
                k: v
                for k, v in kw.items()
                if k in ("facets", "sort_by", "select", "limit", "offset")
            }
        ),
    )
)
def test_search_facets_sort_select(case: tuple[str, list[Any], dict[str, Any]]) -> None:
    """Facets, sorting and projections over documents of any (accepted) content."""
    schema, docs, kwargs = case
    _search(schema, docs, kwargs, False)
