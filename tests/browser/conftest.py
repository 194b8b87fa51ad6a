"""Browser tier: the built web/ served on loopback, driven in Debian's Chromium.

Fixtures:
- ``server_url``: a session-scoped HTTP server over web/ (built first, cached).
- ``app_page``: a page on the demo that has booted Pyodide and amplify_memory; a boot
  failure fails the test with the page's own error text.
- ``shared_app_page``: one booted demo page per test module (its own browser context),
  its memory emptied (``forgetAll``) before each test, for the tests of the JavaScript API
  that need a booted memory but neither a new page nor a new origin.
- ``python_page``: a page that boots Python on the main thread only (no demo, no memory
  worker: one interpreter per page load), for the tests that drive Python themselves.
- ``context`` (pytest-playwright's, seeded): before the test's first page, this build's
  memory snapshot is stored in the context's Cache API, so that its pages start Python as
  a second visit does (restored: ~1 s and ~1.5 CPU-seconds instead of ~3.5 s and ~6). The
  snapshot is made once per session (``boot_snapshot``); the seed page's tab, left on
  about:blank, is the test's ``page``. Tests of the start itself, and of a first visit's
  snapshot, get a context without one: mark them ``cold_boot``.
- ``run_python(page, code)``: runs Python in the page (``python_page``, or the demo's
  console interpreter on ``app_page``), returns the last expression as JSON-shaped data.
- an autouse guard that fails any test whose pages asked for a non-loopback URL.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any
from urllib.parse import urlsplit

import build
import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.browser.helpers import PYTHON_PAGE, SEED_PAGE, RunPython, serving, shared_snapshot

BOOT_TIMEOUT_MS = 90_000
LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    chromium = build.chromium_path()
    if chromium is None:
        pytest.fail(
            "Chromium not found: install Debian's `chromium` (python3 build.py test does) "
            "or set AMPLIFY_CHROMIUM to its path"
        )
    return {
        **browser_type_launch_args,
        "executable_path": chromium,
        "args": list(build.CHROMIUM_ARGS),
    }


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    build.build()
    with serving() as url:
        yield url


def _seed_page(context: BrowserContext, url: str, what: str, *, keep: bool = False) -> Any:
    """Open :data:`SEED_PAGE` (``?make`` or not) in ``context``; its result. With ``keep``,
    the page is left open on about:blank for the test (see ``page``)."""
    page = context.new_page()
    try:
        page.goto(url + SEED_PAGE + what)
        page.wait_for_function(
            "document.documentElement.dataset.ready !== undefined", timeout=BOOT_TIMEOUT_MS
        )
        result = page.evaluate("window.seedResult")
        if page.evaluate("document.documentElement.dataset.ready") != "true":
            pytest.fail(f"the seed page {SEED_PAGE}{what} failed: {result}")
        if keep:
            page.goto("about:blank")
            _LEFT_OPEN[context] = page
        return result
    finally:
        if not keep:
            page.close()


#: The seed page of each seeded context, handed to the test as its ``page``: a tab less to
#: start (about 0.2 CPU-seconds a test).
_LEFT_OPEN: dict[BrowserContext, Page] = {}


@pytest.fixture(scope="session")
def boot_snapshot(browser: Browser, server_url: str) -> int:
    """This build's memory snapshot, made in a context of its own (once for all workers
    and runs: ``shared_snapshot``) and kept by the tests' server for ``context`` to seed;
    its size in bytes."""

    def make() -> None:
        context = browser.new_context()
        try:
            _seed_page(context, server_url, "?make&name=chromium")
        finally:
            context.close()

    return shared_snapshot("chromium", browser.version, make)


def _cold(request: pytest.FixtureRequest) -> bool:
    return request.node.get_closest_marker("cold_boot") is not None


def seed(context: BrowserContext, url: str, *, keep: bool = False) -> None:
    """Store the boot snapshot in ``context``'s Cache API (a page at ``url``'s origin)."""
    _seed_page(context, url, "?name=chromium", keep=keep)


@pytest.fixture
def context(
    context: BrowserContext, request: pytest.FixtureRequest, server_url: str
) -> Iterator[BrowserContext]:
    if not _cold(request):
        request.getfixturevalue("boot_snapshot")
        seed(context, server_url, keep=True)
    yield context
    _LEFT_OPEN.pop(context, None)


@pytest.fixture
def page(context: BrowserContext) -> Page:
    """The context's first tab: the seed page's, on about:blank, or a new one."""
    return _LEFT_OPEN.pop(context, None) or context.new_page()


#: The demo takes a memory snapshot in a second worker a few seconds after a start that
#: restored none (for the next visit); in tests that would be a second interpreter booting
#: beside each test. A seeded context's demo restores one, so takes none; in the cold
#: contexts this turns it off, unless a test asks for it (``snapshots_on``).
SNAPSHOTS_OFF = "globalThis.__amplifyDemo = { snapshot: false };"


def watch_requests(context: BrowserContext, outside: list[str]) -> None:
    """Note in ``outside`` every URL a page of ``context`` asks for outside loopback."""

    def check(req: Any) -> None:
        parts = urlsplit(req.url)
        if parts.scheme in {"data", "blob", "about", "chrome-error"}:
            return
        if parts.hostname not in LOOPBACK_HOSTS:
            outside.append(req.url)

    context.on("request", check)


@pytest.fixture(autouse=True)
def offline_guard(request: pytest.FixtureRequest) -> Iterator[list[str]]:
    """Fail the test if any page of its browser context requested a non-loopback URL.

    Yields the list of such URLs (a test of the guard itself may inspect and clear it).
    """
    outside: list[str] = []
    if "context" not in request.fixturenames and "page" not in request.fixturenames:
        yield outside
        return
    context: BrowserContext = request.getfixturevalue("context")
    watch_requests(context, outside)
    if _cold(request) and "snapshots_on" not in request.fixturenames:
        # (a seeded context's demo restores the snapshot, and a restored start takes none)
        context.add_init_script(SNAPSHOTS_OFF)
    yield outside
    assert not outside, f"the page requested non-loopback URLs: {outside}"


@pytest.fixture
def snapshots_on() -> None:
    """Let the demo take and restore memory snapshots (see the offline guard)."""


def wait_for_boot(page: Page) -> None:
    """Wait until the page says ready; fail with the page's error text otherwise."""
    page.wait_for_function(
        "document.documentElement.dataset.ready !== undefined", timeout=BOOT_TIMEOUT_MS
    )
    state = page.evaluate("document.documentElement.dataset.ready")
    if state != "true":
        error = page.locator("#error").text_content()
        pytest.fail(f"the page failed to boot amplify_memory:\n{error}", pytrace=False)


@pytest.fixture
def app_page(page: Page, server_url: str, request: pytest.FixtureRequest) -> Page:
    console_errors: list[str] = []
    page.on("pageerror", lambda exc: console_errors.append(str(exc)))
    page.goto(server_url)
    wait_for_boot(page)
    expect_start(page, cold=_cold(request))
    return page


#: The JS that says how the demo's Python started ('restored' or 'none').
DEMO_START = "(await window.amplify.memory).snapshot"


def expect_start(page: Page, *, cold: bool, how: str = DEMO_START) -> None:
    """Fail unless the page started as its context was set up: restored from the seeded
    boot snapshot, or (``cold``) the full way. ``how`` is the JS that says how."""
    started = page.evaluate(f"async () => {how}")
    wanted = "none" if cold else "restored"
    if started != wanted:
        pytest.fail(f"the page started {started!r}, expected {wanted!r} (the boot snapshot)")


@pytest.fixture(scope="module")
def _shared_demo(
    browser: Browser, server_url: str, boot_snapshot: int
) -> Iterator[tuple[Page, list[str]]]:
    context = browser.new_context()
    outside: list[str] = []
    watch_requests(context, outside)
    seed(context, server_url)
    page = context.new_page()
    page.goto(server_url)
    wait_for_boot(page)
    expect_start(page, cold=False)
    yield page, outside
    context.close()


@pytest.fixture
def shared_app_page(_shared_demo: tuple[Page, list[str]]) -> Iterator[Page]:
    page, outside = _shared_demo
    page.evaluate(
        "async () => { const memory = await window.amplify.memory;"
        " await memory.forgetAll({ confirm: true }); await memory.flush(); }"
    )
    yield page
    found, outside[:] = list(outside), []
    assert not found, f"the page requested non-loopback URLs: {found}"


@pytest.fixture
def python_url(server_url: str) -> str:
    """The URL of the tests' Python page (see ``python_page``)."""
    return server_url + PYTHON_PAGE


@pytest.fixture
def python_page(page: Page, python_url: str, request: pytest.FixtureRequest) -> Page:
    page.goto(python_url)
    wait_for_boot(page)
    expect_start(page, cold=_cold(request), how="window.amplify.started")
    return page


_RUN_JS = """
async (code) => {
  const result = await window.amplify.runPython(code);
  if (result && typeof result.toJs === 'function') {
    const value = result.toJs({ dict_converter: Object.fromEntries, create_pyproxies: false });
    result.destroy();
    return value;
  }
  return result;
}
"""


def _run_python(page: Page, code: str) -> Any:
    return page.evaluate(_RUN_JS, code)


@pytest.fixture
def run_python() -> RunPython:
    return _run_python


def pytest_report_header() -> str:
    env = os.environ.get("AMPLIFY_CHROMIUM", "")
    return f"chromium: {build.chromium_path() or 'not found'} (AMPLIFY_CHROMIUM={env})"
