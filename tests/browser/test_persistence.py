"""Persistence in real Chromium: IndexedDB `amplify_vector_stores`, reloads, tabs, faults.

Every test gets a new browser context, so IndexedDB starts empty. The tests drive Python
on the page's main thread (``python_page``: no demo beside it), where the faults are made.
"""

from __future__ import annotations

import json
import os
import signal
import time
import warnings
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page
from playwright.sync_api import Error as PlaywrightError

from tests.browser.conftest import seed
from tests.browser.helpers import RunPython
from tests.unit.storage import storage_contract

BOOT_TIMEOUT_MS = 90_000

PRELUDE = """
from amplify_memory.browser import open_store, indexeddb_storage
from amplify_memory.search import Database
from amplify_memory import errors as am_errors
SCHEMA = {"id": "string", "content": "string", "category": "string"}
def new_db():
    return Database(SCHEMA)
def memory(i, who="a"):
    return {"id": f"{who}{i}", "content": f"memory {i} from {who}", "category": "fact"}
VSCHEMA = {**SCHEMA, "embedding": "vector[8]"}
def new_vdb():
    return Database(VSCHEMA)
def vmemory(i, who="a"):
    return {**memory(i, who), "embedding": [((i * 7 + k * 13) % 17 - 8) / 8 for k in range(8)]}
"""

IDB_JS = "async () => await import(new URL('js/idb.mjs', location.href).href)"


def boot(page: Page, url: str) -> None:
    page.goto(url)
    wait_booted(page)


def wait_booted(page: Page) -> None:
    page.wait_for_function(
        "document.documentElement.dataset.ready !== undefined", timeout=BOOT_TIMEOUT_MS
    )
    state = page.evaluate("document.documentElement.dataset.ready")
    assert state == "true", page.locator("#error").text_content()


def reload(page: Page) -> None:
    page.reload()
    wait_booted(page)


def idb(page: Page, body: str, arg: Any = None) -> Any:
    """Run ``body`` (JS with ``m`` = the idb.mjs module and ``arg``) in the page."""
    return page.evaluate(
        "async ([body, arg]) => {"
        " const m = await import(new URL('js/idb.mjs', location.href).href);"
        " return await (new Function('m', 'arg', `return (async () => { ${body} })()`))(m, arg);"
        "}",
        [body, arg],
    )


def prelude(page: Page, run_python: RunPython) -> None:
    run_python(page, PRELUDE)


# ---------------------------------------------------------------- the storage contract


def test_indexeddb_storage_keeps_the_storage_contract(
    python_page: Page, run_python: RunPython
) -> None:
    source = Path(storage_contract.__file__).read_text(encoding="utf-8")
    results = run_python(
        python_page,
        "import sys\n"
        f"open('/tmp/storage_contract.py', 'w').write({source!r})\n"
        "sys.path.insert(0, '/tmp')\n"
        "import storage_contract\n"
        "from amplify_memory.browser import indexeddb_storage\n"
        "await storage_contract.run_all(indexeddb_storage())\n",
    )
    assert list(results) == [c.__name__ for c in storage_contract.CHECKS]
    failed = {name: outcome for name, outcome in results.items() if outcome != "ok"}
    assert not failed, failed


def test_the_javascript_api_saves_lists_loads_and_deletes(python_page: Page) -> None:
    result = idb(
        python_page,
        """
        await m.saveOramaToIDB('vector_store_user_profile', '{"a":1}');
        await m.saveOramaToIDB('vector_store_project_p1', '{"b":2}');
        const before = await m.listOramaDatabases();
        const loaded = await m.loadOramaFromIDB('vector_store_user_profile');
        await m.deleteOramaFromIDB('vector_store_user_profile');
        const after = await m.listOramaDatabases();
        const gone = await m.loadOramaFromIDB('vector_store_user_profile');
        // The record itself: database, version, object store and keyPath of the contract.
        const db = await new Promise((ok, fail) => {
          const r = indexedDB.open('amplify_vector_stores');
          r.onsuccess = () => ok(r.result); r.onerror = () => fail(r.error);
        });
        const raw = await new Promise((ok) => {
          const r = db.transaction('stores').objectStore('stores').get('vector_store_project_p1');
          r.onsuccess = () => ok(r.result);
        });
        const shape = {version: db.version, stores: [...db.objectStoreNames],
                       keyPath: db.transaction('stores').objectStore('stores').keyPath};
        db.close();
        return {before, loaded, after, gone, raw, shape};
        """,
    )
    assert result["before"] == ["vector_store_project_p1", "vector_store_user_profile"]
    assert result["loaded"] == '{"a":1}'
    assert result["after"] == ["vector_store_project_p1"]
    assert result["gone"] is None
    assert result["raw"]["name"] == "vector_store_project_p1"
    assert result["raw"]["data"] == '{"b":2}'
    assert result["shape"] == {"version": 1, "stores": ["stores"], "keyPath": "name"}


def test_the_javascript_api_applies_the_same_name_rule(page: Page, server_url: str) -> None:
    # A page of the origin without the demo, whose stores (vector_store_user_profile ...)
    # would otherwise open, and set aside, the '{}' records saved here.
    page.goto(server_url + "no-app-here")
    names = [n for n in storage_contract.INVALID_KEYS if n is not None]
    outcome = idb(
        page,
        """
        const refused = {};
        for (const name of arg.invalid) {
          try { await m.saveOramaToIDB(name, '{}'); refused[String(name)] = 'accepted'; }
          catch (err) { refused[String(name)] = `${err.kind}: ${err.message}`; }
        }
        for (const name of arg.valid) await m.saveOramaToIDB(name, '{}');
        return {refused, stored: await m.listOramaDatabases()};
        """,
        {
            "invalid": names,
            "valid": storage_contract.VALID_STORE_NAMES + storage_contract.VALID_INTERNAL_KEYS,
        },
    )
    for name in names:
        message = outcome["refused"][str(name)]
        assert message.startswith("invalid-name: invalid store name"), (name, message)
        assert "1 to 128 characters" in message
    assert outcome["stored"] == sorted(
        storage_contract.VALID_STORE_NAMES + storage_contract.VALID_INTERNAL_KEYS
    )


# ---------------------------------------------------------------- reloads


def test_a_store_survives_a_page_reload(python_page: Page, run_python: RunPython) -> None:
    prelude(python_page, run_python)
    run_python(
        python_page,
        "store = await open_store('profile_notes', new_db)\n"
        "store.insert({'id': 'm1', 'content': 'prefers TypeScript', 'category': 'pref'})\n"
        "store.insert_multiple([memory(1), memory(2)])\n"
        "store.remove('a2')\n"
        "await store.flush()\n",
    )
    reload(python_page)
    prelude(python_page, run_python)
    result = run_python(
        python_page,
        "store = await open_store('profile_notes', new_db)\n"
        "[sorted(store.db.ids()), store.search('typescript').hits[0].id, store.revision,"
        " await (indexeddb_storage()).list_names()]",
    )
    assert result == [["a1", "m1"], "m1", 1, ["profile_notes"]]


def test_a_large_store_with_vectors_is_kept_as_bytes_and_reloads_the_same(
    python_page: Page, run_python: RunPython
) -> None:
    """A store kept with a log writes its base as a record of bytes (a Uint8Array in
    IndexedDB: the vectors raw, not base64); after a reload it searches the same."""
    prelude(python_page, run_python)
    query = (
        "[[(h.id, h.score) for h in store.search(term=f'memory {q}',"
        " vector={'value': vmemory(q)['embedding'], 'property': 'embedding'}).hits]"
        " for q in (3, 50, 777)]"
    )
    before = run_python(
        python_page,
        LOG_EVERY_WRITE + "store = await open_store('vec_notes', new_vdb)\n"
        "store.insert_multiple([vmemory(i) for i in range(1500)])\n"
        "store.remove('a7')\n"
        "await store.flush()\n"
        "store.insert(vmemory(1, 'b'))\n"
        "await store.flush()\n" + query,
    )
    kind = idb(
        python_page,
        "const r = await m.loadOramaFromIDB(arg);"
        " return [r instanceof Uint8Array, r.length, (await m.peekIDB(arg, 50))[0]];",
        "vec_notes",
    )
    assert kind[0] is True
    assert kind[2].startswith('{"format":"amplify-memory-store","version":3')
    reload(python_page)
    prelude(python_page, run_python)
    after = run_python(
        python_page,
        "store = await open_store('vec_notes', new_vdb)\n"
        "assert (len(store), store.segments) == (1500, 1), (len(store), store.segments)\n" + query,
    )
    assert after == before
    assert any(hits for hits in after)


@pytest.mark.parametrize("how", ["reload", "navigate"])
def test_a_change_right_before_leaving_the_page_is_not_lost(
    python_page: Page, run_python: RunPython, python_url: str, how: str
) -> None:
    prelude(python_page, run_python)
    # A long delay: only the page-hide flush can save these changes in time.
    run_python(
        python_page,
        "store = await open_store('notes', new_db, delay=30)\n"
        "for i in range(5):\n"
        "    store.insert(memory(i))\n"
        "store.remove('a0')\n"
        "assert store.pending_count == 6 and store.writes == 0\n",
    )
    if how == "reload":
        python_page.reload()
    else:
        python_page.goto(python_url + "?again")
    wait_booted(python_page)
    prelude(python_page, run_python)
    result = run_python(
        python_page,
        "names_before = await indexeddb_storage().list_names()\n"
        "store = await open_store('notes', new_db)\n"
        "await store.flush()\n"
        "[names_before, sorted(store.db.ids()), await indexeddb_storage().list_names()]",
    )
    names_before, ids, names_after = result
    assert len(names_before) == 1
    assert names_before[0].startswith("notes.pending-")
    assert ids == ["a1", "a2", "a3", "a4"]
    assert names_after == ["notes"]  # the journal was merged and removed


# ---------------------------------------------------------------- two tabs


def _open_tab(context: BrowserContext, url: str) -> Page:
    page = context.new_page()
    boot(page, url)
    return page


LOG_EVERY_WRITE = (
    "from amplify_memory.storage import PersistedStore\n"
    "PersistedStore.log_from_bytes, PersistedStore.log_share = 0, float('inf')\n"
)


@pytest.mark.parametrize("mode", ["whole", "log"])
def test_two_tabs_writing_one_store_interleaved_lose_nothing(
    python_page: Page, context: BrowserContext, python_url: str, run_python: RunPython, mode: str
) -> None:
    """``log``: every write a change segment (a large store's way), in real IndexedDB."""
    tab_a, tab_b = python_page, _open_tab(context, python_url)
    for tab in (tab_a, tab_b):
        prelude(tab, run_python)
        if mode == "log":
            run_python(tab, LOG_EVERY_WRITE)
        run_python(tab, "store = await open_store('shared', new_db, delay=0.005)")
    for i in range(50):
        run_python(tab_a, f"store.insert(memory({i}, 'a'))")
        run_python(tab_b, f"store.insert(memory({i}, 'b'))")
    for tab in (tab_a, tab_b):
        run_python(tab, "await store.flush()")
    # Each tab sees the other's changes without a reload (BroadcastChannel + re-read).
    converge = (
        "import asyncio\n"
        "for _ in range(100):\n"
        "    if len(store) == 100 and store.pending_count == 0: break\n"
        "    await asyncio.sleep(0.05)\n"
        "[len(store), store.writes, store.revision + store.segments,"
        " sorted(store.db.ids()) == sorted("
        "[f'a{i}' for i in range(50)] + [f'b{i}' for i in range(50)])]"
    )
    count_a, writes_a, rev_a, complete_a = run_python(tab_a, converge)
    count_b, writes_b, rev_b, complete_b = run_python(tab_b, converge)
    assert (count_a, count_b) == (100, 100)
    assert complete_a
    assert complete_b
    assert writes_a > 1
    assert writes_b > 1
    assert rev_a == rev_b == writes_a + writes_b  # (bases and segments)
    for tab in (tab_b, tab_a):
        reload(tab)
        prelude(tab, run_python)
        assert run_python(tab, "len(await open_store('shared', new_db))") == 100
    names = run_python(tab_a, "await indexeddb_storage().list_names()")
    if mode == "log":
        assert "shared.head" in names
        assert any(n.startswith("shared.log-1-") for n in names)
    else:
        assert names == ["shared"]


def _page_after_a_crash(context: BrowserContext, url: str) -> Page:
    """A new page in ``context`` once the browser has noticed that its renderers died
    (until then a new page may be given the dead process: "Target crashed")."""
    for attempt in range(20):
        time.sleep(0.5)
        try:
            return _open_tab(context, url)
        except PlaywrightError as err:
            if "crashed" not in str(err) or attempt == 19:
                raise
    raise AssertionError("unreachable")


FILL_FOR_A_COMPACTION = (  # (with vectors: the base is a record of bytes)
    LOG_EVERY_WRITE + "PersistedStore.max_segments = 1\n"
    "store = await open_store('big', new_vdb, delay=30)\n"
    "store.insert_multiple([vmemory(i) for i in range(ENTRIES)])\n"
    "await store.flush()\n"  # the base
    "store.insert(vmemory(1, 'b'))\n"
    "await store.flush()\n"  # segment 1 (of 1)
    "assert (store.revision, store.segments) == (1, 1)\n"
    "store.insert(vmemory(2, 'b'))\n"
)


def _filled_tab(
    browser: Browser, server_url: str, python_url: str, run_python: RunPython, entries: int
) -> tuple[BrowserContext, Page]:
    """A seeded context whose Python page holds the store that the next write compacts.

    The renderer crashed in this step, before any kill, in three of about twenty-two runs
    of the suite (2026-12-04 and 2026-12-05, while the 4,000 entries went in) and once in
    eleven runs of this test alone beside two busy processes (a real crash: Chromium's
    crash handler started; no dump caught yet): a crash here is not what the test is
    about, and is retried once in a new context, with a warning that names it."""
    for attempt in (1, 2):
        context = browser.new_context()
        try:
            seed(context, server_url)
            page = _open_tab(context, python_url)
            prelude(page, run_python)
            run_python(page, f"ENTRIES = {entries}\n" + FILL_FOR_A_COMPACTION)
            return context, page
        except PlaywrightError as err:
            if "crashed" not in str(err) or attempt == 2:
                raise
            warnings.warn(f"the renderer crashed while the store was filled: {err}", stacklevel=1)
            context.close()
    raise AssertionError("unreachable")


@pytest.mark.parametrize(
    ("entries", "after_ms"), [(4000, 0), (4000, 40), (4000, 120), (100_000, 100), (100_000, 220)]
)
def test_a_page_killed_during_a_compaction_loses_nothing(
    browser_type: BrowserType,
    browser_type_launch_args: dict[str, Any],
    python_url: str,
    server_url: str,
    boot_snapshot: int,
    run_python: RunPython,
    entries: int,
    after_ms: int,
) -> None:
    """The renderer is killed (SIGKILL) while a write of a new base and head is under
    way: its IndexedDB transaction is all or nothing, and the pending change is in the
    journal its burst wrote; the next page finds every entry. (A browser of its own, so
    that every renderer it has is this page's.) At 100,000 entries the compaction took
    0.31 s on the machine this was written on (the record encoded, then written): the
    kills fall while it encodes and while it writes."""
    browser = browser_type.launch(**browser_type_launch_args)
    try:
        context, page = _filled_tab(browser, server_url, python_url, run_python, entries)
        processes = browser.new_browser_cdp_session().send("SystemInfo.getProcessInfo")
        renderers = [p["id"] for p in processes["processInfo"] if p["type"] == "renderer"]
        assert renderers
        page.evaluate(  # the next write is a compaction; kill the page while it runs
            "() => { window.__compaction = window.amplify.runPython('await store.flush()'); }"
        )
        time.sleep(after_ms / 1000)
        for pid in renderers:
            os.kill(pid, signal.SIGKILL)
        again = _page_after_a_crash(context, python_url)
        prelude(again, run_python)
        count, ids, vectors = run_python(
            again,
            "store = await open_store('big', new_vdb)\n"
            "[len(store), sorted(i for i in store.db.ids() if i.startswith('b')),"
            " sum(store.get(i)['embedding'] == vmemory(int(i[1:]), i[0])['embedding']"
            "     for i in store.db.ids())]",
        )
        assert count == entries + 2
        assert ids == ["b1", "b2"]
        assert vectors == entries + 2  # (eighths: bfloat16 holds them exactly)
    finally:
        browser.close()


# ---------------------------------------------------------------- unreadable records


@pytest.mark.parametrize(
    ("record", "reason"),
    [
        ("{not json", "not valid JSON"),
        (
            json.dumps(
                {
                    "format": "amplify-memory-store",
                    "version": 1,
                    "revision": 4,
                    "writer": "x",
                    "applied": {},
                    "snapshot": {"format": "amplify_memory.search", "version": 2, "schema": 1},
                }
            ),
            "must be objects",
        ),
    ],
    ids=["corrupt-json", "corrupt-snapshot"],
)
def test_an_unreadable_record_is_quarantined_and_reported(
    python_page: Page, run_python: RunPython, record: str, reason: str
) -> None:
    idb(python_page, "await m.saveOramaToIDB('notes', arg);", record)
    prelude(python_page, run_python)
    result = run_python(
        python_page,
        "seen = []\n"
        "store = await open_store('notes', new_db, on_error=seen.append)\n"
        "err = store.quarantined[0]\n"
        "[len(store), len(store.quarantined), type(err).__name__, err.quarantine_name,"
        " str(err), [type(e).__name__ for e in seen],"
        " await indexeddb_storage().load(err.quarantine_name),"
        " await indexeddb_storage().list_names()]",
    )
    size, count, kind, qname, message, seen, kept, names = result
    assert (size, count, kind, seen) == (0, 1, "CorruptRecordError", ["CorruptRecordError"])
    assert qname.startswith("notes.corrupt-")
    assert reason in message
    assert qname in message
    assert kept == record  # the unreadable record is kept byte for byte
    assert names == [qname]  # the store starts empty, nothing overwrote the copy
    run_python(python_page, "store.insert(memory(1))\nawait store.flush()")
    assert idb(python_page, "return await m.loadOramaFromIDB(arg);", qname) == record


def test_a_record_of_a_newer_version_is_refused_and_left_as_it_is(
    python_page: Page, run_python: RunPython
) -> None:
    """A tab of an older version, still open while the app updated, neither sets aside
    nor overwrites what the newer version wrote in IndexedDB."""
    record = json.dumps(
        {
            "format": "amplify-memory-store",
            "version": 1,
            "revision": 4,
            "writer": "x",
            "applied": {},
            "snapshot": {"format": "amplify_memory.search", "version": 99},
        }
    )
    idb(python_page, "await m.saveOramaToIDB('notes', arg);", record)
    prelude(python_page, run_python)
    kind, message, names = run_python(
        python_page,
        "try:\n"
        "    await open_store('notes', new_db)\n"
        "    outcome = ['opened', '']\n"
        "except am_errors.AmplifyMemoryError as err:\n"
        "    outcome = [type(err).__name__, str(err)]\n"
        "outcome + [await indexeddb_storage().list_names()]",
    )
    assert kind == "NewerFormatError"
    assert "newer version of amplify_memory" in message
    assert names == ["notes"]
    assert idb(python_page, "return await m.loadOramaFromIDB(arg);", "notes") == record


# ---------------------------------------------------------------- failed writes


def test_a_full_disk_raises_keeps_memory_and_the_retry_succeeds(
    python_page: Page, run_python: RunPython
) -> None:
    prelude(python_page, run_python)
    run_python(
        python_page,
        "store = await open_store('notes', new_db, delay=30)\n"
        "store.insert(memory(1))\n"
        "await store.flush()\n",
    )
    python_page.evaluate(
        "() => { window.__put = IDBObjectStore.prototype.put;"
        " IDBObjectStore.prototype.put = function () {"
        "   throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }; }"
    )
    failure = run_python(
        python_page,
        "store.insert(memory(2))\n"
        "try:\n"
        "    await store.flush()\n"
        "    outcome = 'no error'\n"
        "except am_errors.StorageQuotaError as err:\n"
        "    outcome = str(err)\n"
        "[outcome, len(store), store.pending_count, type(store.last_error).__name__]",
    )
    message, size, pending, last = failure
    assert "QuotaExceededError" in message
    assert "lack of space" in message
    assert (size, pending, last) == (2, 1, "StorageQuotaError")
    python_page.evaluate("() => { IDBObjectStore.prototype.put = window.__put; }")
    assert run_python(
        python_page, "await store.flush()\n[store.pending_count, store.last_error]"
    ) == [
        0,
        None,
    ]
    reload(python_page)
    prelude(python_page, run_python)
    assert run_python(python_page, "sorted((await open_store('notes', new_db)).db.ids())") == [
        "a1",
        "a2",
    ]


def test_estimate_and_persistence_are_exposed(python_page: Page, run_python: RunPython) -> None:
    prelude(python_page, run_python)
    usage, quota, persisted, granted = run_python(
        python_page,
        "s = indexeddb_storage()\n"
        "await s.save('notes', 'x' * 100000)\n"
        "e = await s.estimate()\n"
        "[e.usage, e.quota, e.persisted, await s.request_persistence()]",
    )
    assert usage > 0
    assert quota > usage
    assert isinstance(persisted, bool)
    assert isinstance(granted, bool)


# ---------------------------------------------------------------- versions and hangs


def test_a_newer_database_version_in_another_tab_is_a_clear_error(
    python_page: Page, run_python: RunPython
) -> None:
    prelude(python_page, run_python)
    run_python(
        python_page,
        "store = await open_store('notes', new_db, delay=30)\n"
        "store.insert(memory(1))\n"
        "await store.flush()\n",
    )
    # Another tab (here: page JS) upgrades to version 2; our open connection steps aside.
    upgraded = python_page.evaluate(
        """() => new Promise((ok, fail) => {
          const r = indexedDB.open('amplify_vector_stores', 2);
          r.onsuccess = () => { const v = r.result.version; ok(v); };
          r.onerror = () => fail(r.error);
          r.onblocked = () => fail(new Error('blocked: the bridge kept its connection'));
          setTimeout(() => fail(new Error('upgrade hung')), 5000);
        })"""
    )
    assert upgraded == 2
    start = time.monotonic()
    outcome = run_python(
        python_page,
        "store.insert(memory(2))\n"
        "try:\n"
        "    await store.flush()\n"
        "    outcome = 'no error'\n"
        "except am_errors.StorageVersionError as err:\n"
        "    outcome = str(err)\n"
        "[outcome, len(store)]",
    )
    assert time.monotonic() - start < 5
    message, size = outcome
    assert "newer version" in message, message
    assert "Reload" in message, message
    assert size == 2


def test_a_database_that_never_answers_times_out(python_page: Page, run_python: RunPython) -> None:
    """An open that stays blocked behind another connection fails after the timeout."""
    idb(
        python_page,
        """
        m.configure({timeoutMs: 1000});
        await m.saveOramaToIDB('notes', '{}');
        m.closeConnection();
        // Another tab holds the database open and ignores versionchange ...
        window.__held = await new Promise((ok) => {
          const r = indexedDB.open('amplify_vector_stores', 1); r.onsuccess = () => ok(r.result);
        });
        // ... while a deletion waits for it: every new open now waits too.
        indexedDB.deleteDatabase('amplify_vector_stores');
        """,
    )
    prelude(python_page, run_python)
    start = time.monotonic()
    outcome = run_python(
        python_page,
        "try:\n"
        "    await indexeddb_storage().load('notes')\n"
        "    outcome = 'no error'\n"
        "except am_errors.StorageTimeoutError as err:\n"
        "    outcome = str(err)\n"
        "outcome",
    )
    elapsed = time.monotonic() - start
    assert "no answer in 1000 ms" in outcome, outcome
    assert 0.9 < elapsed < 5, elapsed
    python_page.evaluate("() => window.__held.close()")
