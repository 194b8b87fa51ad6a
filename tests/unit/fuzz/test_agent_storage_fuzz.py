"""Fuzz the agent layer's ``LocalVectorAdapter`` (add / query / delete / get) and the
storage layer (``PersistedStore`` over ``MemoryStorage``, and the storage itself)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import example, given
from hypothesis import strategies as st

from amplify_memory.agent import EmbeddingSpec, LocalVectorAdapter, VectorRecord
from amplify_memory.search import Database
from amplify_memory.storage import MemoryStorage, PersistedStore

from ._search_strategies import SCHEMAS, doc_ids, documents, search_kwargs
from ._support import (
    ContractViolation,
    acall,
    anything,
    build,
    call,
    check_equal,
    db_state,
    fuzz,
    not_strings,
    numbers,
    odd_strings,
    run,
    sizes,
    texts,
)

SPEC = EmbeddingSpec("fuzz-model", 4)

vectors4 = st.one_of(
    st.lists(st.floats(-1, 1), min_size=4, max_size=4),
    st.sampled_from(
        [
            [1e200, 0, 0, 0],
            [1e200, 1e200, 0, 0],
            [0, 0, 0, 0],
            [1e-300, 0, 0, 0],
            [1.7e308, -1.7e308, 0, 0],
            [1, 2, 3, 4],
            [True, 0, 0, 0],
        ]
    ),
    st.lists(st.one_of(numbers, st.floats(-1, 1)), min_size=4, max_size=4),
    st.lists(st.floats(-1, 1), max_size=6),
    not_strings,
    texts,
)
record_ids = st.one_of(
    st.sampled_from(["m1", "m2", "m3"]), st.sampled_from(["m1", "m2"]), texts, not_strings
)
metadata = st.one_of(
    st.dictionaries(
        st.sampled_from(["role", "type", "n", "amplify:x", "", "tool"]),
        st.one_of(st.text(max_size=5), st.integers(-3, 3), st.booleans()),
        max_size=3,
    ),
    st.dictionaries(st.one_of(st.text(max_size=4), odd_strings), anything, max_size=3),
    anything,
)
record_contents = st.one_of(
    st.sampled_from(["My cat is called Miso", "I deploy with Docker", ""]), texts, not_strings
)
filters = st.one_of(
    st.dictionaries(
        st.sampled_from(["role", "n", "tool"]),
        st.one_of(st.text(max_size=4), st.integers(-3, 3), st.booleans()),
        max_size=2,
    ),
    st.dictionaries(st.one_of(st.text(max_size=3), st.integers()), anything, max_size=2),
    anything,
)

adapter_ops = st.one_of(
    st.tuples(st.just("add_vector"), st.tuples(record_ids, vectors4, metadata, record_contents)),
    st.tuples(st.just("add_vector"), st.tuples(record_ids, vectors4, metadata, record_contents)),
    st.tuples(
        st.just("add_vectors"),
        st.tuples(
            st.one_of(
                st.lists(
                    st.builds(VectorRecord, record_ids, vectors4, metadata, record_contents),
                    max_size=3,
                ),
                anything,
            )
        ),
    ),
    st.tuples(st.just("search"), st.tuples(vectors4, sizes)),
    st.tuples(st.just("search_text"), st.tuples(st.one_of(texts, not_strings), sizes)),
    st.tuples(
        st.just("search_hybrid"),
        st.tuples(st.one_of(texts, not_strings), vectors4, sizes),
        # text_weight
    ),
    st.tuples(st.just("search_by_metadata"), st.tuples(filters, sizes)),
    st.tuples(
        st.just("get_by_id"), st.tuples(st.one_of(st.lists(record_ids, max_size=3), anything))
    ),
    st.tuples(st.just("delete_vector"), st.tuples(record_ids)),
    st.tuples(
        st.just("delete_vectors"), st.tuples(st.one_of(st.lists(record_ids, max_size=3), anything))
    ),
    st.tuples(st.just("count"), st.just(())),
)


async def _adapter_state(adapter: LocalVectorAdapter) -> Any:
    return db_state(adapter.store.db)


async def _adapter_case(ops: list[tuple[str, tuple[Any, ...]]], weight: Any) -> None:
    storage = MemoryStorage()
    adapter = await LocalVectorAdapter.open("fuzz", SPEC, storage=storage, delay=0.0)
    await adapter.add_vector("m1", [1, 0, 0, 0], {"role": "user"}, "My cat is called Miso")
    await adapter.add_vector(
        "m2", [0, 1, 0, 0], {"role": "assistant", "n": 2}, "I deploy with Docker"
    )

    async def state() -> Any:
        return await _adapter_state(adapter)

    for name, args in ops:
        args = build(args)
        kwargs = {"text_weight": weight} if name == "search_hybrid" else {}
        await acall(
            f"LocalVectorAdapter.{name}", getattr(adapter, name), *args, state=state, **kwargs
        )
    expected = await state()
    probe = [1.0, 0.5, 0.0, 0.0]
    found = await acall("LocalVectorAdapter.search", adapter.search, probe, 10)
    await acall("LocalVectorAdapter.close", adapter.close)
    again = await LocalVectorAdapter.open("fuzz", SPEC, storage=storage, delay=0.0)
    if again.store.quarantined:
        raise ContractViolation(
            f"the vectors this adapter wrote do not load: {again.store.quarantined[-1]}"
        )
    check_equal("LocalVectorAdapter close/reopen", expected, await _adapter_state(again))
    if found.ok:
        check_equal(
            "LocalVectorAdapter search after reopen", found.value, await again.search(probe, 10)
        )
    await again.close()


@fuzz(3)
@given(
    ops=st.lists(adapter_ops, min_size=1, max_size=5),
    weight=st.one_of(st.floats(0, 1), numbers),
)
def test_local_vector_adapter(ops: list[tuple[str, tuple[Any, ...]]], weight: Any) -> None:
    """add_vector / search (query) / delete / get with any ids, vectors ([1e200, 0, 0, 0]
    included), metadata and limits; the adapter reopens equal."""
    run(_adapter_case(ops, weight))


@fuzz(1)
@given(
    collection=st.one_of(st.sampled_from(["agent-memory", "a.b", "x" * 200]), texts, not_strings),
    user_id=st.one_of(st.none(), texts, not_strings),
    conversation_id=st.one_of(st.none(), texts, not_strings),
    model=st.one_of(st.just("m"), texts, not_strings),
    dimension=st.one_of(st.integers(1, 8), sizes),
)
def test_local_vector_adapter_open(
    collection: Any, user_id: Any, conversation_id: Any, model: Any, dimension: Any
) -> None:
    """Opening a namespace with any names and embedding spec."""

    async def go() -> None:
        spec = call("EmbeddingSpec", EmbeddingSpec, build(model), build(dimension))
        if not spec.ok:
            return
        out = await acall(
            "LocalVectorAdapter.open",
            LocalVectorAdapter.open,
            build(collection),
            spec.value,
            storage=MemoryStorage(),
            user_id=build(user_id),
            conversation_id=build(conversation_id),
        )
        if out.ok:
            await out.value.close()

    run(go())


# --------------------------------------------------------------------------- storage

store_ops = st.sampled_from(sorted(SCHEMAS)).flatmap(
    lambda s: st.tuples(
        st.just(s),
        st.lists(
            st.one_of(
                st.tuples(st.just("insert"), st.tuples(documents(s))),
                st.tuples(
                    st.just("insert_multiple"),
                    st.tuples(st.one_of(st.lists(documents(s), max_size=3), anything)),
                ),
                st.tuples(st.just("update"), st.tuples(doc_ids, documents(s))),
                st.tuples(
                    st.just("patch"),
                    st.tuples(doc_ids, st.one_of(documents(s, with_id=False), anything)),
                ),
                st.tuples(st.just("remove"), st.tuples(doc_ids)),
                st.tuples(st.just("get"), st.tuples(doc_ids)),
                st.tuples(st.just("search"), st.tuples(search_kwargs(s))),
                st.tuples(st.just("flush"), st.just(())),
            ),
            min_size=1,
            max_size=6,
        ),
    )
)


@fuzz(3)
@given(case=store_ops, logged=st.booleans())
def test_persisted_store(case: tuple[str, list[tuple[str, tuple[Any, ...]]]], logged: bool) -> None:
    """Writes of any documents through a PersistedStore: each is kept and written, or
    refused with nothing changed (in memory and pending); closed and reopened: equal.
    ``logged``: every write a change segment, compacted every third."""
    schema, ops = case

    async def go() -> None:
        storage = MemoryStorage()

        def create() -> Database:
            return Database(SCHEMAS[schema])

        store = await PersistedStore.open("notes", storage, create, delay=0.0)
        if logged:
            store.log_from_bytes, store.log_share, store.max_segments = 0, float("inf"), 2

        async def state() -> Any:
            return (db_state(store.db), store.pending_count)

        for name, args in ops:
            args = build(args)
            fn = getattr(store, name)
            if name == "search":
                await acall("PersistedStore.search", _async(fn), state=state, **args[0])
            elif name == "flush":
                await acall("PersistedStore.flush", fn, state=state)
            else:
                await acall(f"PersistedStore.{name}", _async(fn), *args, state=state)
        expected = db_state(store.db)
        closed = await acall("PersistedStore.close", store.close)
        if not closed.ok:
            raise ContractViolation(
                "a store that accepted its changes cannot write them"
            ) from closed.error
        again = await PersistedStore.open("notes", storage, create)
        if again.quarantined:
            raise ContractViolation(
                f"the record this store wrote was quarantined: {again.quarantined[-1]}"
            )
        check_equal("PersistedStore close/reopen", expected, db_state(again.db))
        await again.close()

    run(go())


def _async(fn: Any) -> Any:
    async def wrapped(*args: Any, **kwargs: Any) -> Any:
        return fn(*args, **kwargs)

    return wrapped


@fuzz(1)
@given(
    ops=st.lists(
        st.tuples(
            st.sampled_from(["save", "load", "delete", "save_soon", "list_names"]),
            st.one_of(
                st.sampled_from(["notes", "notes.pending-abc", "a", "-a", "a.b"]),
                texts,
                not_strings,
            ),
            st.one_of(st.just("{}"), texts, not_strings, st.binary(max_size=6)),
        ),
        min_size=1,
        max_size=5,
    ),
    quota=st.one_of(st.none(), st.integers(0, 100)),
)
@example(ops=[("save", "notes", b"")], quota=None)
@example(ops=[("save", "notes", bytearray(b"\0{"))], quota=None)
def test_memory_storage(ops: list[tuple[str, Any, Any]], quota: int | None) -> None:
    """The in-memory backend with any keys and data."""

    async def go() -> None:
        storage = MemoryStorage(quota_bytes=quota)

        async def state() -> Any:
            return dict(storage.records)

        for name, key, data in ops:
            key, data = build(key), build(data)
            if name in ("save", "save_soon"):
                fn = storage.save if name == "save" else _async(storage.save_soon)
                await acall(f"MemoryStorage.{name}", fn, key, data, state=state)
            elif name == "list_names":
                await acall("MemoryStorage.list_names", storage.list_names, state=state)
            else:
                await acall(f"MemoryStorage.{name}", getattr(storage, name), key, state=state)
        kept = {key: type(value).__name__ for key, value in storage.records.items()}
        if any(kind not in ("str", "bytes") for kind in kept.values()):
            raise ContractViolation(
                f"MemoryStorage kept something other than text or bytes: {kept}"
            )
        json.dumps({key: value for key, value in storage.records.items() if isinstance(value, str)})

    run(go())


@fuzz(1)
@given(
    name=st.one_of(st.just("notes"), texts, not_strings),
    delay=st.one_of(st.just(0.0), numbers),
    id_field=st.one_of(st.just("id"), texts, not_strings),
)
def test_persisted_store_open(name: Any, delay: Any, id_field: Any) -> None:
    """Opening a store with any name, delay and id field; it then takes a document."""

    async def go() -> None:
        out = await acall(
            "PersistedStore.open",
            PersistedStore.open,
            build(name),
            MemoryStorage(),
            lambda: Database(SCHEMAS["full"]),
            delay=build(delay),
            id_field=build(id_field),
        )
        if out.ok:
            store = out.value
            await acall("PersistedStore.insert", _async(store.insert), {"id": "a", "content": "x"})
            await acall("PersistedStore.close", store.close)

    run(go())
