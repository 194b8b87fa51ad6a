"""The contract every AsyncStorage keeps, as plain async checks (no pytest).

Run on CPython by test_storage_contract.py (MemoryStorage, FileStorage) and in the page by
tests/browser/test_persistence.py (IndexedDBStorage through Pyodide), which sends this file
to the page: it must import nothing but the standard library and amplify_memory.

Each check gets a storage and cleans it first, so checks can share one database.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from typing import Any

from amplify_memory.errors import InvalidStoreNameError
from amplify_memory.storage import AsyncStorage, StorageEstimate

Check = Callable[[AsyncStorage], Coroutine[Any, Any, None]]

VALID_STORE_NAMES = [
    "a",
    "Z",
    "7",
    "vector_store_user_profile",
    "vector_store_project_3f2a-bc_09",
    "x" * 128,
]
VALID_INTERNAL_KEYS = [
    "notes.corrupt-20250101T120000123Z",
    "notes.corrupt-20250101T120000123Z-2",
    "notes.pending-0a1b2c",
    "notes.head",
    "notes.log-7-1",
    "notes.log-123456789012345-123456789",
]
INVALID_KEYS: list[object] = [
    "",
    ".",
    "a.b",
    "-a",
    "_a",
    "a b",
    "a/b",
    "a\n",
    "caf\u00e9",
    "x" * 129,
    "notes.corrupt-yesterday",
    "notes.pending-ABC",
    "notes.pending-",
    "notes.corrupt-20250101T120000123Z.pending-a",
    "notes.heads",
    "notes.log-7",
    "notes.log--1-1",
    "notes.log-7-1x",
    "notes.log-1234567890123456-1",
    None,
    42,
]

CHECKS: list[Check] = []


def check(func: Check) -> Check:
    CHECKS.append(func)
    return func


async def clean(storage: AsyncStorage) -> None:
    for name in await storage.list_names():
        await storage.delete(name)
    assert await storage.list_names() == []


@check
async def absent_name_loads_as_none(storage: AsyncStorage) -> None:
    await clean(storage)
    assert await storage.load("never_saved") is None


@check
async def save_then_load_round_trips_the_exact_string(storage: AsyncStorage) -> None:
    await clean(storage)
    samples = {
        "empty": "",
        "json": '{"a": [1, 2.5, null, true], "b": "x"}',
        "unicode": '"caf\u00e9 \u65e5\u672c\u8a9e \U0001f600 \\u0000"',
        "large": '"' + "memory " * 150_000 + '"',
    }
    for name, text in samples.items():
        await storage.save(name, text)
    for name, text in samples.items():
        loaded = await storage.load(name)
        assert loaded == text, (name, None if loaded is None else len(loaded))


@check
async def save_replaces_the_previous_value(storage: AsyncStorage) -> None:
    await clean(storage)
    await storage.save("notes", "1")
    await storage.save("notes", "2")
    assert await storage.load("notes") == "2"
    assert await storage.list_names() == ["notes"]


@check
async def delete_removes_only_that_name(storage: AsyncStorage) -> None:
    await clean(storage)
    await storage.save("a", "1")
    await storage.save("b", "2")
    await storage.delete("a")
    assert await storage.load("a") is None
    assert await storage.load("b") == "2"
    await storage.delete("a")  # absent: not an error
    await storage.delete("never_saved")
    assert await storage.list_names() == ["b"]


@check
async def list_names_is_sorted_and_includes_internal_keys(storage: AsyncStorage) -> None:
    await clean(storage)
    names = ["b", "a", "A", "a-1", *VALID_INTERNAL_KEYS]
    for name in names:
        await storage.save(name, "{}")
    assert await storage.list_names() == sorted(names)


@check
async def every_valid_name_is_accepted_and_kept_apart(storage: AsyncStorage) -> None:
    await clean(storage)
    names = VALID_STORE_NAMES + VALID_INTERNAL_KEYS
    for i, name in enumerate(names):
        await storage.save(name, str(i))
    for i, name in enumerate(names):
        assert await storage.load(name) == str(i), name
    assert sorted(await storage.list_names()) == sorted(names)


@check
async def invalid_names_are_refused_by_every_operation(storage: AsyncStorage) -> None:
    await clean(storage)
    for bad in INVALID_KEYS:
        for op in ("save", "load", "delete"):
            try:
                if op == "save":
                    await storage.save(bad, "{}")  # type: ignore[arg-type]
                elif op == "load":
                    await storage.load(bad)  # type: ignore[arg-type]
                else:
                    await storage.delete(bad)  # type: ignore[arg-type]
            except InvalidStoreNameError as err:
                text = str(err)
                assert repr(bad)[:20] in text or str(bad)[:20] in text, text
                assert "1 to 128 characters" in text, text
                assert err.name == bad  # noqa: PT017 (plain checks, no pytest here)
            else:
                raise AssertionError(f"{op}({bad!r}) was accepted")
    assert await storage.list_names() == []


@check
async def data_of_another_type_is_refused(storage: AsyncStorage) -> None:
    await clean(storage)
    for bad in ({"a": 1}, None, 5, [1, 2]):
        try:
            await storage.save("notes", bad)  # type: ignore[arg-type]
        except TypeError as err:
            assert "JSON string or bytes" in str(err)  # noqa: PT017
        else:
            raise AssertionError(f"save of {type(bad).__name__} was accepted")
    assert await storage.load("notes") is None


@check
async def bytes_load_back_as_bytes(storage: AsyncStorage) -> None:
    """A large store's base is bytes: every byte value, NUL and newline too, comes back
    as ``bytes`` (a ``bytearray`` saved as well); text stays text beside it."""
    await clean(storage)
    every = bytes(range(256)) * 4 + b'{"a":1}\n\x00' + bytes(100_000)
    await storage.save("notes", every)
    loaded = await storage.load("notes")
    assert type(loaded) is bytes, type(loaded)
    assert loaded == every
    assert await storage.peek("notes", 300) == (every[:300].decode("latin-1"), len(every))
    await storage.save_many([("notes", bytearray(b"\x00\x01\n")), ("notes.head", "{}")])
    assert await storage.load("notes") == b"\x00\x01\n"
    assert await storage.load("notes.head") == "{}"
    await storage.save("notes", b"")
    assert await storage.load("notes") == b""
    await storage.save("notes", "{}")  # (replaced by text: text again)
    assert await storage.load("notes") == "{}"
    for text in ("\x00amplify-bytes\n{}", "\x00amplify-text\n{}", "\x00"):
        await storage.save("notes", text)  # (text that looks like a marker stays text)
        assert await storage.load("notes") == text


@check
async def save_soon_is_visible_to_the_next_load(storage: AsyncStorage) -> None:
    await clean(storage)
    await storage.save("notes", "old")  # the connection exists, as after any real use
    storage.save_soon("notes.pending-abc", '{"ops": []}')
    storage.save_soon("notes", "new")
    assert await storage.load("notes") == "new"
    assert await storage.load("notes.pending-abc") == '{"ops": []}'


@check
async def concurrent_saves_of_different_names_all_land(storage: AsyncStorage) -> None:
    await clean(storage)
    names = [f"store_{i}" for i in range(20)]
    await asyncio.gather(*(storage.save(n, f'"{n}"') for n in names))
    loaded = await asyncio.gather(*(storage.load(n) for n in names))
    assert loaded == [f'"{n}"' for n in names]
    assert await storage.list_names() == sorted(names)


@check
async def save_many_stores_every_pair(storage: AsyncStorage) -> None:
    await clean(storage)
    await storage.save("notes.head", "old head")
    await storage.save_many([("notes.log-1-1", '{"ops": []}'), ("notes.head", "new head")])
    assert await storage.load("notes.log-1-1") == '{"ops": []}'
    assert await storage.load("notes.head") == "new head"
    for bad in ([("notes", "ok"), ("a.b", "x")], [("notes", "ok"), ("notes.head", 42)]):
        try:
            await storage.save_many(bad)  # type: ignore[arg-type]
        except (InvalidStoreNameError, TypeError):
            pass
        else:
            raise AssertionError(f"save_many({bad!r}) was accepted")
        assert await storage.load("notes") is None  # checked before anything is written
    await storage.save_many([])
    assert await storage.list_names() == ["notes.head", "notes.log-1-1"]


@check
async def saving_a_record_on_its_own_removes_its_log_head(storage: AsyncStorage) -> None:
    await clean(storage)
    await storage.save_many([("notes", "base"), ("notes.head", "head")])
    await storage.save("notes.log-1-1", "segment")
    await storage.save("other.head", "another store's head")
    assert await storage.load("notes.head") == "head"
    await storage.save("notes", "a record saved alone")
    assert await storage.list_names() == ["notes", "notes.log-1-1", "other.head"]


@check
async def peek_gives_the_start_and_the_length(storage: AsyncStorage) -> None:
    await clean(storage)
    text = '{"format":"x",' + "\u00e9" * 1000 + "}"
    await storage.save("notes", text)
    assert await storage.peek("notes", 10) == (text[:10], len(text))
    assert await storage.peek("notes") == (text[:256], len(text))
    assert await storage.peek("other") is None


@check
async def estimate_and_persistence_answer(storage: AsyncStorage) -> None:
    await clean(storage)
    await storage.save("notes", "x" * 10_000)
    estimate = await storage.estimate()
    assert estimate is None or isinstance(estimate, StorageEstimate)
    if estimate is not None:
        assert estimate.usage >= 0
        assert estimate.quota >= 0
    assert isinstance(await storage.request_persistence(), bool)


async def run_all(storage: AsyncStorage) -> dict[str, str]:
    """Run every check; returns {check name: "ok" or the failure}."""
    results: dict[str, str] = {}
    for func in CHECKS:
        try:
            await func(storage)
            results[func.__name__] = "ok"
        except Exception as err:
            results[func.__name__] = f"{type(err).__name__}: {err}"
    await clean(storage)
    return results
