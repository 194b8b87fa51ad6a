"""The real page boots the real Pyodide and our real wheel, offline, or says why not."""

from __future__ import annotations

import hashlib
import io
import re
import zipfile

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, Route, expect

from tests.browser.helpers import RunPython

#: The start itself is under test: no boot snapshot (see tests/browser/conftest.py).
cold_boot = pytest.mark.cold_boot


@cold_boot
def test_page_shows_ready_with_the_time_it_took(app_page: Page) -> None:
    status = app_page.locator("#status")
    expect(status).to_have_attribute("data-state", "ready")
    expect(status).to_have_text(re.compile(r"Ready: amplify_memory \d+\.\d+\.\d+ in \d+\.\d\d s"))
    # The worker early.mjs started before the page's modules loaded was the one adopted.
    assert app_page.evaluate("async () => (await window.amplify.memory).prestarted") is True


def test_amplify_memory_imports_in_pyodide(app_page: Page, run_python: RunPython) -> None:
    result = run_python(
        app_page,
        "import sys, amplify_memory, snowballstemmer\n"
        "[amplify_memory.__version__, sys.version_info[:2], sys.platform,"
        " snowballstemmer.stemmer('english').stemWord('running')]",
    )
    assert result[0] == "0.1.0"
    assert list(result[1]) == [3, 14]
    assert result[2] == "emscripten"
    assert result[3] == "run"


def test_python_errors_reach_the_caller(app_page: Page, run_python: RunPython) -> None:
    with pytest.raises(PlaywrightError, match="ValueError: bad value 42"):
        run_python(app_page, "raise ValueError('bad value 42')")


def _broken_wheel(original: bytes) -> bytes:
    """Our wheel with an __init__ that fails to import (and without its bytecode)."""
    src = zipfile.ZipFile(io.BytesIO(original))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as dst:
        for item in src.infolist():
            if item.filename == "amplify_memory/__pycache__/__init__.cpython-314.pyc":
                continue
            data = src.read(item)
            if item.filename == "amplify_memory/__init__.py":
                data = b"import amplify_memory.does_not_exist\n"
            dst.writestr(item, data)
    return out.getvalue()


@cold_boot
def test_a_wheel_that_is_not_the_one_the_build_names_is_refused(
    page: Page, server_url: str
) -> None:
    def serve_broken(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=_broken_wheel(response.body()))

    page.route(re.compile(r".*/amplify_memory-[^/]*\.whl$"), serve_broken)
    page.goto(server_url)
    page.wait_for_function("document.documentElement.dataset.ready === 'error'", timeout=90_000)
    error = page.locator("#error")
    expect(error).to_contain_text("packages:")
    expect(error).to_contain_text("amplify_memory-0.1.0-py3-none-any.whl")
    expect(error).to_contain_text("sha256")


@cold_boot
def test_a_python_import_error_is_shown_on_the_page(page: Page, server_url: str) -> None:
    def serve_broken(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, body=_broken_wheel(response.body()))

    def serve_manifest(route: Route) -> None:
        # The manifest with the broken wheel's hash, so that it is installed and imported
        # (the page's manifest.mjs, and the worker's copy in its one file, worker.mjs).
        text = route.fetch().text()
        wheel = re.search(r'"path": "([^"]*amplify_memory-[^"]*\.whl)",\s*"sha256": "(\w+)"', text)
        assert wheel is not None
        body = page.request.get(server_url + "assets/" + wheel.group(1)).body()
        text = text.replace(wheel.group(2), hashlib.sha256(_broken_wheel(body)).hexdigest())
        route.fulfill(body=text, content_type="text/javascript")

    page.route(re.compile(r".*/amplify_memory-[^/]*\.whl$"), serve_broken)
    page.route(re.compile(r".*/js/(manifest|worker)\.mjs$"), serve_manifest)
    page.goto(server_url)
    page.wait_for_function("document.documentElement.dataset.ready === 'error'", timeout=90_000)
    expect(page.locator("#status")).to_have_attribute("data-state", "error")
    error = page.locator("#error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("import:")
    expect(error).to_contain_text("ModuleNotFoundError")
    expect(error).to_contain_text("amplify_memory.does_not_exist")


@cold_boot
def test_a_wrong_wasm_mime_type_fails_fast_instead_of_hanging(page: Page, server_url: str) -> None:
    def wrong_type(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, headers={**response.headers, "content-type": "text/plain"})

    page.route(re.compile(r".*\.wasm$"), wrong_type)
    page.goto(server_url)
    page.wait_for_function("document.documentElement.dataset.ready === 'error'", timeout=20_000)
    expect(page.locator("#error")).to_contain_text('expected "application/wasm"')


@cold_boot
def test_a_missing_build_is_reported_on_the_page(page: Page, server_url: str) -> None:
    page.route("**/pyodide.asm.wasm", lambda route: route.fulfill(status=404, body="nope"))
    page.goto(server_url)
    page.wait_for_function("document.documentElement.dataset.ready === 'error'", timeout=20_000)
    expect(page.locator("#error")).to_contain_text("HTTP 404")
    expect(page.locator("#error")).to_contain_text("python3 build.py")


def test_the_offline_guard_sees_a_request_to_another_host(
    app_page: Page, offline_guard: list[str]
) -> None:
    app_page.evaluate("fetch('http://example.invalid/x.whl').catch(() => null)")
    app_page.evaluate(
        "new Promise((ok) => { const w = new Worker(URL.createObjectURL(new Blob("
        "['fetch(\"http://worker.invalid/y\").catch(() => 0).finally(() => postMessage(1))'],"
        "{type: 'text/javascript'}))); w.onmessage = ok; })"
    )
    app_page.wait_for_timeout(200)
    assert "http://example.invalid/x.whl" in offline_guard
    assert "http://worker.invalid/y" in offline_guard  # requests from workers are seen too
    offline_guard.clear()  # the guard has been shown to work; let teardown pass
