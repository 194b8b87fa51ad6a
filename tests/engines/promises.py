"""The product's promises in every engine: one body per promise, run in Chromium, Firefox
ESR and WebKitGTK through tests/engines/drivers.py. The bodies are collected by one module
per engine (test_chromium.py, test_firefox.py, test_webkit.py), so that pytest-xdist can
run the engines on different workers (its scheduling keeps a module on one worker).

Each test drives the demo page (web/index.html) and its JavaScript API (the memory in a
Web Worker, the IndexedDB database ``amplify_vector_stores``) as a chat app would.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from tests.engines.conftest import api, wait_ready
from tests.engines.drivers import Engine, Tab

OpenTab = Callable[..., Tab]

IDB = "const idb = await import(new URL('js/idb.mjs', location.href).href);"


def send_message(tab: Tab, text: str) -> None:
    """Type ``text`` into the demo's message box and send it (as Enter does)."""
    tab.call(
        "(text) => { const box = document.getElementById('message'); box.value = text;"
        " box.dispatchEvent(new Event('input', { bubbles: true }));"
        " document.getElementById('composer').requestSubmit(); }",
        text,
    )


def codewords(tab_name: str, n: int = 50) -> list[str]:
    """``n`` facts that share no topic or value, so none merges with or replaces another."""
    rng = random.Random(f"engines-{tab_name}")

    def word() -> str:
        return "".join(rng.choice("bdfgklmnprstvz") + rng.choice("aeiou") for _ in range(3))

    return [f"Codeword {tab_name}{i} is {word()} {word()}" for i in range(n)]


# ---------------------------------------------------------------- boot


def test_the_page_boots_and_says_ready(shared_tab: Tab, engine: Engine) -> None:
    tab = shared_tab
    state = tab.call(
        "async () => { const memory = await window.amplify.memory;"
        " return { status: document.getElementById('status').textContent,"
        " mode: memory.mode, ua: navigator.userAgent, bootMs: memory.bootMs,"
        " health: await memory.status() }; }"
    )
    assert state["health"]["closed"] is False
    assert state["health"]["userProfile"]["loadError"] is None
    assert state["status"].startswith("Ready: amplify_memory"), state["status"]
    assert state["mode"] == "worker"
    assert state["bootMs"] > 0
    expected_ua = {"chromium": "Chrome/", "firefox": "Firefox/", "webkit": "Safari/"}
    assert expected_ua[engine.name] in state["ua"]
    tab.wait_for("() => document.getElementById('context').dataset.ready === 'true'")


# ---------------------------------------------------------------- persistence


def test_two_tabs_writing_interleaved_keep_all_100(open_tab: OpenTab) -> None:
    tab_a, tab_b = open_tab(boot=False), open_tab(boot=False)  # both boot at once
    for tab in (tab_a, tab_b):
        wait_ready(tab)
    facts_a, facts_b = codewords("a"), codewords("b")
    for fact_a, fact_b in zip(facts_a, facts_b, strict=True):
        api(tab_a, "await memory.userProfile.add(arg, 'personal');", fact_a)
        api(tab_b, "await memory.userProfile.add(arg, 'personal');", fact_b)
    every = sorted(facts_a + facts_b)
    listed = "return (await memory.userProfile.list()).map((e) => e.content).sort();"
    for tab in (tab_a, tab_b):  # each tab sees the other's writes without a reload
        tab.wait_for(
            "async (n) => (await (await window.amplify.memory).userProfile.count()) === n",
            len(every),
        )
        assert api(tab, listed) == every
    # ... and the record in IndexedDB holds all 100 (what the next visit loads; the
    # reloads of the other tests show that a visit loads it).
    stored = tab_b.call(
        f"async () => {{ {IDB} await (await window.amplify.memory).flush();"
        " return await idb.loadOramaFromIDB('vector_store_user_profile'); }"
    )
    missing = [fact for fact in every if fact not in stored]
    assert not missing, missing


def test_closing_a_tab_mid_write_keeps_every_awaited_add(
    open_tab: OpenTab, engine: Engine, request: pytest.FixtureRequest
) -> None:
    if engine.name == "webkit":
        # WebKit bug 324094 (open): a worker ended with a readwrite and a readonly
        # transaction in flight leaves the database unable to run any transaction. In
        # about one run in four here the next tab's load gets no answer (docs/browsers.md).
        request.applymarker(pytest.mark.xfail(reason="WebKit bug 324094", strict=False))
    tab = open_tab()
    awaited, in_flight = codewords("c", 10), codewords("d", 5)
    api(
        tab,
        """
        await memory.configure({ writeDelayMs: 60000 });   // only leaving can save them
        for (const fact of arg.awaited) await memory.userProfile.add(fact, 'personal');
        for (const fact of arg.inFlight) memory.userProfile.add(fact, 'personal');
        """,
        {"awaited": awaited, "inFlight": in_flight},
    )
    tab.close()  # at once, with five adds on their way to the worker
    again = open_tab(boot=False)
    end_if_webkit_hung(again, "after the tab closed")
    wait_ready(again)
    contents = api(again, "return (await memory.userProfile.list()).map((e) => e.content);")
    assert set(awaited) <= set(contents), sorted(set(awaited) - set(contents))
    assert set(in_flight) <= set(contents), sorted(set(in_flight) - set(contents))


def end_if_webkit_hung(tab: Tab, when: str) -> None:
    """In WebKit, where bug 324094 can strike when a page's worker ends with transactions
    in flight (a tab closed, a reload), ask the origin's IndexedDB from ``tab``'s own
    thread (5 s allowed) and end the test as expected-to-fail when no answer comes,
    instead of waiting out each of the next boot's loads (a minute and more)."""
    if tab.engine.name != "webkit":
        return
    answered = tab.call(
        f"async (ms) => {{ {IDB} idb.configure({{ timeoutMs: ms }});"
        " try { await idb.listOramaDatabases(); return true; }"
        " catch (err) { if (err.kind === 'timeout') return false; throw err; } }",
        5000,
    )
    if not answered:
        pytest.xfail(f"WebKit bug 324094: no IndexedDB answer in 5 s {when}")


def reload_and_wait(tab: Tab) -> None:
    """Reload ``tab`` and wait for the demo (see :func:`end_if_webkit_hung`)."""
    tab.reload()
    end_if_webkit_hung(tab, "after a reload")
    wait_ready(tab)


def test_memories_problems_and_prompt_blocks_survive_reloads(open_tab: OpenTab) -> None:
    """A memory added comes back after a reload with the same prompt blocks; an unreadable
    record is set aside and shown; a failed write (a full disk) is shown, kept and retried.
    (One test: each reload is a page boot, most of an engine's time here.)"""
    tab = open_tab()
    tab.wait_for("() => document.getElementById('context').dataset.ready === 'true'")
    # (written after the page's stores are open: else this page may find it itself)
    tab.call(
        f"async () => {{ {IDB}"
        " await idb.saveOramaToIDB('vector_store_user_profile', '{not json'); }"
    )
    reload_and_wait(tab)
    shown = tab.wait_for(
        "() => document.querySelector('#problems .load-error')?.textContent", timeout_s=30
    )
    assert "vector_store_user_profile: unreadable record set aside as" in shown
    assert "not valid JSON" in shown
    names = tab.call(f"async () => {{ {IDB} return await idb.listOramaDatabases(); }}")
    quarantined = [n for n in names if n.startswith("vector_store_user_profile.corrupt-")]
    assert len(quarantined) == 1, names
    kept = tab.call(
        f"async (name) => {{ {IDB} return await idb.loadOramaFromIDB(name); }}", quarantined[0]
    )
    assert kept == "{not json"  # set aside byte for byte

    # A failed write, inside the worker: shown, the change kept, retried.
    put = "from pyodide.code import run_js\nrun_js({!r})\nNone"
    full = (
        "self.__put = IDBObjectStore.prototype.put; IDBObjectStore.prototype.put = function ()"
        " { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); }"
    )
    tab.wait_for("() => document.getElementById('context').dataset.ready === 'true'")
    api(tab, "await memory.runPython(arg);", put.format(full))
    send_message(tab, "I use Neovim")
    shown = tab.wait_for(
        "() => document.querySelector('#problems .write-error')?.textContent", timeout_s=20
    )
    assert "StorageQuotaError" in shown
    assert "kept, retried" in shown
    restore = "IDBObjectStore.prototype.put = self.__put"
    api(tab, "await memory.runPython(arg);", put.format(restore))
    send_message(tab, "I use Git")
    tab.wait_for("() => !document.querySelector('#problems .write-error')", timeout_s=20)

    blocks = """
        return { contents: (await memory.userProfile.list()).map((e) => e.content).sort(),
                 user: await memory.userProfile.formatContext('typescript login'),
                 project: await memory.projects.formatContext('shop', 'typescript login') };
    """
    before = api(
        tab,
        """
        await memory.userProfile.add('User prefers TypeScript over JavaScript', 'preference');
        await memory.userProfile.add('User wants concise answers with code examples',
                                     'communication');
        await memory.projects.addProject('shop', 'Shop');
        await memory.projects.add('shop', 'Must support OAuth login with Google', 'requirement');
        """
        + blocks,
    )
    assert {"User uses Neovim", "User uses Git"} <= set(before["contents"])
    assert "TypeScript" in before["user"]
    assert "OAuth" in before["project"]
    reload_and_wait(tab)
    assert api(tab, blocks) == before
    # The record set aside before this page started is still reported, until discarded.
    earlier = tab.wait_for(
        "() => document.querySelector('#problems .set-aside')?.textContent", timeout_s=30
    )
    assert quarantined[0] in earlier
    # Clicked again (at most every 3 s) while the record is still listed: once, in Firefox
    # under a whole-suite run, the first click was lost (a re-render of the list replacing
    # the button is the likely cause; see the note of 2026-12-02). Discarding must work.
    click = (
        f"() => {{ const b = document.querySelector('[data-discard=\"{quarantined[0]}\"]');"
        " if (b && !(Date.now() - (window.__clickedAt || 0) < 3000)) {"
        " window.__clickedAt = Date.now(); b.click(); }"
        " return !document.querySelector('#problems li'); }"
    )
    try:
        tab.wait_for(click, timeout_s=20)
    except AssertionError:
        raise AssertionError(tab.text("#problems") + " / " + tab.text("#app-error")) from None
    names = tab.call(f"async () => {{ {IDB} return await idb.listOramaDatabases(); }}")
    assert quarantined[0] not in names


# ---------------------------------------------------------------- the page


HOSTILE = [
    '<img src=x onerror="window.__xss = (window.__xss || 0) + 1">',
    "<script>window.__xss = (window.__xss || 0) + 1</script>",
]


def test_hostile_memory_text_is_shown_as_text_and_runs_nothing(shared_tab: Tab) -> None:
    tab = shared_tab
    tab.wait_for("() => document.getElementById('context').dataset.ready === 'true'")
    api(
        tab,
        """
        for (const text of arg) {
          await memory.userProfile.add(`User note ${text}`, 'other');
          await memory.projects.add('web', `Markup ${text}`, 'requirement');
        }
        await memory.projects.assignChat('chat-1', 'web');
        (await window.amplify.app).controller.refreshProject();
        """,
        HOSTILE,
    )
    send_message(tab, f"Remember this {HOSTILE[0]}")
    before = int(tab.call("() => document.getElementById('context').dataset.lookups"))
    tab.type_keys("#message", "user note markup img script", 10)
    tab.wait_for(
        "(n) => Number(document.getElementById('context').dataset.lookups) > n"
        " && document.getElementById('ctx-projectctx').textContent.includes('Markup')",
        before,
    )
    tab.wait_for(
        "(h) => h.every((t) => document.getElementById('inspect-rows').textContent.includes(t))",
        HOSTILE,
    )
    page = tab.call(
        "async () => { await new Promise((ok) => setTimeout(ok, 300)); return {"
        " user: document.getElementById('ctx-user').textContent,"
        " project: document.getElementById('ctx-projectctx').textContent,"
        " said: document.querySelector('.msg.user .text')?.textContent,"
        " img: document.querySelectorAll('#app img').length,"
        " script: document.querySelectorAll('#app script').length,"
        " xss: window.__xss ?? null }; }"
    )
    for hostile in HOSTILE:
        assert hostile in page["user"]
        assert hostile in page["project"]
    assert HOSTILE[0] in page["said"]
    assert (page["img"], page["script"], page["xss"]) == (0, 0, None)


def test_ten_keystrokes_50ms_apart_make_one_lookup_300ms_after_the_last(
    shared_tab: Tab,
) -> None:
    tab = shared_tab
    tab.call(
        "() => { const box = document.getElementById('message'); box.value = '';"
        " box.dispatchEvent(new Event('input', { bubbles: true })); }"
    )
    tab.call("() => new Promise((ok) => setTimeout(ok, 600))")  # that lookup is done
    tab.wait_for("() => document.getElementById('context').dataset.ready === 'true'")
    before = int(
        tab.call(
            "() => { window.__keys = []; document.getElementById('message')"
            ".addEventListener('input', () => window.__keys.push(performance.now()));"
            " return document.getElementById('context').dataset.lookups; }"
        )
    )
    tab.type_keys("#message", "typescript", 50)
    result = tab.call(
        "async () => { await new Promise((ok) => setTimeout(ok, 1200));"
        " const app = await window.amplify.app;"
        " return { keys: window.__keys, state: app.controller.getState() }; }"
    )
    keys, state = result["keys"], result["state"]
    assert len(keys) == 10
    assert state["lookups"] - before == 1
    assert state["lastLookup"]["query"] == "typescript"
    after_last_key = state["lastLookup"]["startedAt"] - keys[-1]
    assert 290 <= after_last_key <= 450, after_last_key
    shown = tab.call("() => document.getElementById('context').dataset.lookups")
    assert shown == str(before + 1)  # the page shows the one lookup


def test_the_page_says_whether_the_browser_keeps_the_memory(
    shared_tab: Tab, engine: Engine
) -> None:
    tab = shared_tab
    note = tab.wait_for(
        "() => { const n = document.getElementById('durability');"
        " return n.textContent && { kept: n.dataset.kept, text: n.textContent,"
        " persistDisabled: document.getElementById('persist').disabled }; }"
    )
    browser = api(tab, "return (await memory.status()).browser;")
    assert browser["webLocks"]
    assert browser["broadcastChannel"]
    if browser["persistRequest"]:
        persisted = api(tab, "return (await memory.storage.estimate()).persisted;")
        assert note["kept"] == ("persistent" if persisted else "best-effort")
        if not persisted:
            assert "may delete this memory" in note["text"]
            assert not note["persistDisabled"]  # offered
        tab.call("() => document.getElementById('persist').click()")
        said = tab.wait_for("() => document.getElementById('persist-result').textContent")
        assert said.startswith(("granted", "not granted")), said
    else:  # (WebKitGTK's MiniBrowser has no navigator.storage)
        assert note["kept"] == "unsupported"
        assert "no StorageManager" in note["text"]
        assert note["persistDisabled"]  # nothing to offer
        assert any("StorageManager" in n for n in browser["notes"])
        assert api(tab, "return await memory.storage.persist();") is False


# ---------------------------------------------------------------- the offline guard


def test_the_guard_sees_requests_to_other_hosts(
    open_tab: OpenTab, engine: Engine, offline_guard: list[str]
) -> None:
    tab = open_tab(boot=False)
    tab.call(
        "async () => { for (const url of ['http://example.invalid/a.js',"
        " 'https://cdn.example.org/pyodide.js']) { try { await fetch(url); } catch {} }"
        # and from a worker, where Pyodide loads
        " const code = `fetch('https://worker.example.net/x.wasm').catch(() => {})"
        ".finally(() => postMessage('done'));`;"
        " const worker = new Worker(URL.createObjectURL(new Blob([code])));"
        " await new Promise((ok) => { worker.onmessage = ok; }); worker.terminate(); }"
    )
    engine.drain()
    seen = list(offline_guard)
    offline_guard.clear()  # seen: this test passes only if the guard saw all three
    assert any("example.invalid" in url for url in seen), seen
    assert any("cdn.example.org" in url for url in seen), seen
    assert any("worker.example.net" in url for url in seen), seen


def test_a_second_visit_restores_the_memory_snapshot(open_tab: OpenTab) -> None:
    first = open_tab("")  # snapshots on, as for a user
    made = api(first, "return await memory.snapshotMade;")
    assert made is not None
    assert "bytes" in made, made
    second = open_tab("")
    state = api(
        second,
        "return { snapshot: memory.snapshot,"
        " added: (await memory.userProfile.add('User prefers Rust', 'preference')).action };",
    )
    assert state == {"snapshot": "restored", "added": "inserted"}


def tests() -> dict[str, Callable[..., None]]:
    """The promises by name, in the order above, for the engine modules to collect."""
    return {n: f for n, f in globals().items() if n.startswith("test_") and callable(f)}
