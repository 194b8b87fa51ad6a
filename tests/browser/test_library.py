"""The library as an app uses it, in real Chromium: error classes with codes that survive
the worker boundary, argument checks, boot failures that name their cause within seconds
(a CSP without 'wasm-unsafe-eval', a cross-origin worker, a worker script with the wrong
MIME type, a missing asset folder), and the controller used before mount()."""

from __future__ import annotations

import re
import time
from typing import Any

from playwright.sync_api import Page, Route

from tests.browser.test_api import js

# A blank page of the server's origin that only imports the library's modules.
BLANK = "blank.html"
BLANK_HTML = "<!DOCTYPE html><html><body><p>blank</p></body></html>"


def blank_page(page: Page, server_url: str, csp: str | None = None) -> None:
    headers = {"content-type": "text/html"}
    if csp:
        headers["content-security-policy"] = csp

    page.route(f"{server_url}{BLANK}", lambda r: r.fulfill(body=BLANK_HTML, headers=headers))
    page.goto(server_url + BLANK)


def boot_error(page: Page, options: dict[str, Any]) -> dict[str, Any]:
    """createMemory(options) in the page: its rejection's class, code, step, url, message
    and how long it took (ms)."""
    return page.evaluate(
        """async (options) => {
          const { createMemory } = await import('/js/index.mjs');
          const errors = await import('/js/errors.mjs');
          const t0 = performance.now();
          try {
            await createMemory(options);
            return { resolved: true };
          } catch (err) {
            return { ms: performance.now() - t0, name: err.name, code: err.code, step: err.step,
                     url: err.url ?? null, message: String(err.message),
                     boot: err instanceof errors.BootError,
                     amplify: err instanceof errors.AmplifyError };
          }
        }""",
        options,
    )


def test_errors_from_python_are_classes_with_codes(shared_app_page: Page) -> None:
    out = js(
        shared_app_page,
        """
        const errors = await js('errors');
        const describe = async (promise) => {
          try { await promise; return null; } catch (err) {
            return { name: err.name, code: err.code, pythonType: err.pythonType,
                     message: err.message,
                     classes: Object.keys(errors).filter((k) =>
                       typeof errors[k] === 'function' && err instanceof errors[k]) };
          }
        };
        return {
          secret: await describe(memory.userProfile.add(
            'My key is sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD', 'personal')),
          tokens: await describe(memory.userProfile.formatContext('x', { maxTokens: -1 })),
          project: await describe(memory.projects.assignChat('c-x', 'no-such-project')),
          entry: await describe(memory.projects.update('p', 'nope', {})),
          search: await describe(memory.userProfile.search(42)),
          options: await describe(memory.userProfile.add('User likes tea', 'preference', 'x')),
          tool: await describe(memory.callTool(7)),
        };
        """,
    )
    assert out["secret"]["name"] == "ContentRefusedError"
    assert out["secret"]["code"] == "SECRET_CONTENT"
    assert out["secret"]["pythonType"] == "SecretContentError"
    assert {"ContentRefusedError", "AmplifyError", "PythonError"} <= set(out["secret"]["classes"])
    assert out["tokens"]["name"] == "InvalidArgumentError"
    assert out["tokens"]["code"] == "INVALID_ARGUMENT"
    assert "maxTokens" in out["tokens"]["message"]
    assert "max_tokens" not in out["tokens"]["message"]
    assert out["project"]["name"] == "NotFoundError"
    assert out["project"]["code"] == "UNKNOWN_PROJECT"
    assert "no-such-project" in out["project"]["message"]
    assert out["entry"]["name"] == "NotFoundError"
    assert out["entry"]["code"] == "DOCUMENT_NOT_FOUND"
    # Checked in the wrapper: never reaches Python.
    for key, name in (("search", "query"), ("options", "options"), ("tool", "name")):
        assert out[key]["name"] == "InvalidArgumentError", key
        assert out[key]["code"] == "ARGUMENT_TYPE", key
        assert out[key]["pythonType"] is None, key
        assert f"{name} must be" in out[key]["message"], key


def test_a_failure_of_the_worker_is_not_taken_for_an_answer_of_python(app_page: Page) -> None:
    """The worker cannot even encode the call (a BigInt): that is the worker failing, not
    Python answering, so it must not settle the outbox (``pythonType`` null)."""
    out = js(
        app_page,
        """
        try { await memory.call('userProfile.add', { content: 'User likes tea', n: 1n }); }
        catch (err) { return { code: err.code, pythonType: err.pythonType, message: err.message }; }
        return null;
        """,
    )
    assert out["code"] == "WORKER_FAILED", out
    assert out["pythonType"] is None
    assert "worker failed" in out["message"]


def test_a_closed_memory_rejects_with_closed_error(app_page: Page) -> None:
    out = app_page.evaluate(
        """async () => {
          const { createMemory, ClosedError } = await import('/js/index.mjs');
          const memory = await createMemory({ snapshot: false });
          await memory.close();
          try { await memory.userProfile.count(); return null; }
          catch (err) { return { closed: err instanceof ClosedError, code: err.code,
                                 pythonType: err.pythonType }; }
        }"""
    )
    assert out == {"closed": True, "code": "CLOSED", "pythonType": "ClosedError"}


def test_a_terminated_memory_rejects_with_closed_error(app_page: Page) -> None:
    """Also: a worker prestarted for other options is ended, not adopted."""
    workers = len(app_page.workers)
    out = app_page.evaluate(
        """async () => {
          const { createMemory, ClosedError } = await import('/js/index.mjs');
          const { prestart } = await import('/js/prestart.mjs');
          prestart({ snapshot: true }); // (other options than the createMemory below)
          const memory = await createMemory({ snapshot: false });
          const prestarted = memory.prestarted;
          memory.terminate();
          try { await memory.status(); return null; }
          catch (err) { return { closed: err instanceof ClosedError, code: err.code, prestarted }; }
        }"""
    )
    assert out == {"closed": True, "code": "CLOSED", "prestarted": False}
    deadline = time.monotonic() + 10
    while len(app_page.workers) > workers and time.monotonic() < deadline:
        app_page.wait_for_timeout(100)
    assert len(app_page.workers) == workers, [w.url for w in app_page.workers]


def test_a_csp_without_wasm_unsafe_eval_is_named_within_seconds(
    page: Page, server_url: str
) -> None:
    csp = "script-src 'self'"

    def with_csp(route: Route) -> None:
        response = route.fetch()
        route.fulfill(
            response=response, headers={**response.headers, "content-security-policy": csp}
        )

    page.route(re.compile(r".*/js/.*\.mjs$"), with_csp)
    blank_page(page, server_url, csp)
    for mode in ("worker", "main"):
        out = boot_error(page, {"mode": mode})
        assert out.get("boot"), out
        assert out["code"] == "BOOT_CSP", out
        assert "wasm-unsafe-eval" in out["message"]
        assert out["ms"] < 5_000, out


def test_a_worker_from_another_origin_is_named(page: Page, server_url: str) -> None:
    blank_page(page, server_url)
    other = server_url.replace("127.0.0.1", "localhost") + "js/worker.mjs"
    out = boot_error(page, {"workerURL": other})
    assert out["boot"]
    assert out["step"] == "worker"
    assert out["code"] == "BOOT_CROSS_ORIGIN"
    assert out["url"] == other
    assert "origin" in out["message"]


def test_an_asset_base_on_another_origin_is_named(page: Page, server_url: str) -> None:
    blank_page(page, server_url)
    other = server_url.replace("127.0.0.1", "localhost") + "assets/"
    out = boot_error(page, {"assetBase": other})
    assert out["boot"], out
    assert out["code"] == "BOOT_CROSS_ORIGIN", out
    assert out["url"].startswith(other)
    assert "not this page's origin" in out["message"]
    assert out["ms"] < 5_000


def test_a_worker_script_with_the_wrong_mime_type_is_named(page: Page, server_url: str) -> None:
    def as_text(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-type": "text/plain"})

    page.route(re.compile(r".*/js/worker\.mjs$"), as_text)
    blank_page(page, server_url)
    started = time.monotonic()
    out = boot_error(page, {})
    assert out["boot"], out
    assert out["code"] == "BOOT_MIME_TYPE", out
    assert out["url"].endswith("/js/worker.mjs")
    assert "text/plain" in out["message"]
    assert time.monotonic() - started < 10
    # The same failure of a prestarted worker (its error event held until createMemory
    # adopts it) is named the same way.
    page.evaluate("async () => (await import('/js/prestart.mjs')).prestart({})")
    page.wait_for_timeout(500)  # (the worker's load fails before createMemory is called)
    again = boot_error(page, {})
    assert {k: again.get(k) for k in ("boot", "code", "url")} == {
        k: out[k] for k in ("boot", "code", "url")
    }, again


def test_an_asset_base_without_assets_is_named(page: Page, server_url: str) -> None:
    blank_page(page, server_url)
    out = boot_error(page, {"assetBase": "/no-such-folder/"})
    assert out["boot"], out
    assert out["code"] == "BOOT_NOT_FOUND"
    assert out["step"] == "pre-flight"
    assert out["url"].startswith(server_url + "no-such-folder/pyodide-")
    assert "assetBase" in out["message"]
    assert out["ms"] < 5_000


def test_the_controller_says_when_it_is_used_before_mount(shared_app_page: Page) -> None:
    warnings: list[str] = []
    shared_app_page.on(
        "console", lambda m: warnings.append(m.text) if m.type == "warning" else None
    )
    out = js(
        shared_app_page,
        """
        const { createVectorContext } = await js('vector-context');
        const ctx = createVectorContext({ memory, chatId: null });
        ctx.setMessage('typescript');
        ctx.setMessage('typescript please');
        let refused = null;
        try { await ctx.lookupNow(); } catch (err) { refused = err.code; }
        await ctx.mount();
        await ctx.lookupNow();
        const after = ctx.getState();
        ctx.destroy();
        return { refused, ready: after.isReady, lookups: after.lookups };
        """,
    )
    assert out["refused"] == "NOT_MOUNTED"
    assert out["ready"] is True
    assert out["lookups"] >= 1
    before = [w for w in warnings if "before mount()" in w]
    assert len(before) == 1, warnings  # said once, not on every keystroke
