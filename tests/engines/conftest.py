"""The cross-engine tier: the product's promises, one test body, three engines.

Every test here runs once per engine (`[chromium]`, `[firefox]`, `[webkit]`), in one module
per engine (test_<engine>.py), so each browser starts once and ends with its module.
``--engine NAME`` (or ``AMPLIFY_ENGINES``) picks the engines. Each test gets its own origin
(a new loopback port over web/), so IndexedDB, localStorage, Web Locks and the Cache API
start empty without a new browser profile. An autouse guard fails a test whose pages
asked for any non-loopback URL.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

import build
import pytest

from tests.browser.conftest import browser_type_launch_args  # noqa: F401 (Chromium's flags)
from tests.browser.helpers import SEED_PAGE, serving, shared_snapshot
from tests.engines.drivers import ENGINES, Engine, PageError, Tab, launched, missing

BOOT_TIMEOUT_S = 120.0


def selected_engines(config: pytest.Config) -> list[str]:
    raw = config.getoption("--engine") or [os.environ.get("AMPLIFY_ENGINES", ",".join(ENGINES))]
    names = [name.strip() for item in raw for name in item.split(",") if name.strip()]
    unknown = [name for name in names if name not in ENGINES]
    if unknown:
        raise pytest.UsageError(
            f"--engine {', '.join(unknown)}: expected one of {', '.join(ENGINES)}"
        )
    return names


#: Runs last in its engine's module: it ends a worker in the middle of IndexedDB
#: transactions, and in WebKitGTK (bug 324094) the hang that can follow has carried over to
#: later origins in the same browser (docs/browsers.md). (The hang has also struck the
#: reload test with this one last: this order keeps this test's own hang from others.)
RUNS_LAST = "test_closing_a_tab_mid_write_keeps_every_awaited_add"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    first = {}
    for index, item in enumerate(items):
        first.setdefault(item.nodeid.split("::", 1)[0], index)
    items.sort(
        key=lambda item: (
            first[item.nodeid.split("::", 1)[0]],
            getattr(item, "originalname", "") == RUNS_LAST,
        )
    )


#: What a tab of WebKitGTK says once its bug 324094 struck: its IndexedDB answers no more.
WEBKIT_IDB_HANG = re.compile(r'StorageError: (?:loading|saving) "[^"]+": no answer in \d+ ms')


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A WebKit test that fails only because the engine's IndexedDB stopped answering
    (bug 324094: a worker ended with transactions in flight, on reload or close, leaves
    the database of the origin unable to run any; docs/browsers.md) is reported as an
    expected failure with that reason. Any other failure, in any engine, stays a failure."""
    report = yield
    excinfo = call.excinfo
    webkit = getattr(item, "callspec", None) and item.callspec.params.get("engine_name") == "webkit"
    if (
        report.when == "call"
        and report.failed
        and webkit
        and excinfo is not None
        and excinfo.errisinstance(PageError)
        and WEBKIT_IDB_HANG.search(str(excinfo.value))
    ):
        report.outcome = "skipped"
        report.wasxfail = f"WebKit bug 324094: {str(excinfo.value).splitlines()[0]}"
    return report


def pytest_ignore_collect(collection_path: Path, config: pytest.Config) -> bool | None:
    """An engine's module (test_<engine>.py) is collected only when its engine is chosen."""
    engine = collection_path.stem.removeprefix("test_")
    if collection_path.suffix == ".py" and engine in ENGINES:
        return engine not in selected_engines(config) or None
    return None


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "engine_name" in metafunc.fixturenames:
        engine = getattr(metafunc.module, "ENGINE", None)
        names = [engine] if engine else selected_engines(metafunc.config)
        # (module: an engine's browser ends with its module. The two fresh-clone runs where
        # WebKit's bug 324094 struck in the closing-tab test used ~80 CPU-seconds more
        # than the others, as if its processes kept a core busy to the end of the run.)
        metafunc.parametrize("engine_name", names, scope="module")


@pytest.fixture(scope="session")
def built() -> None:
    build.build()


@pytest.fixture(scope="module")
def engine(engine_name: str, request: pytest.FixtureRequest, built: None) -> Iterator[Engine]:
    why = missing(engine_name)
    if why is not None:
        pytest.fail(f"{engine_name}: {why}; `python3 build.py test` installs it", pytrace=False)
    browser = request.getfixturevalue("browser") if engine_name == "chromium" else None
    with launched(engine_name, browser) as running:
        yield running


@pytest.fixture
def origin(engine: Engine) -> Iterator[str]:
    """A new origin over web/ for this test: its storage starts empty."""
    with serving() as url:
        yield url


@pytest.fixture(scope="module")
def shared_tab(engine: Engine, boot_snapshot: str) -> Iterator[Tab]:
    """One booted demo page per engine, on an origin of its own, for the tests that need
    a page but no empty storage (booting is most of an engine's time here). Its origin is
    seeded with the boot snapshot first (see ``open_tab``)."""
    with serving() as url:
        seed = _seed_tab(engine, url + boot_snapshot)
        tab = engine.new_tab()
        tab.goto(url)
        wait_ready(tab)
        yield tab
        for each in (tab, seed):
            with contextlib.suppress(Exception):
                each.close()


def _seed_tab(engine: Engine, url: str) -> Tab:
    """A tab on :data:`SEED_PAGE` at ``url`` (its query included) in ``engine``, done."""
    tab = engine.new_tab()
    tab.goto(url)
    state = tab.wait_for("() => document.documentElement.dataset.ready", timeout_s=BOOT_TIMEOUT_S)
    if state != "true":
        result = tab.call("() => window.seedResult")
        with contextlib.suppress(Exception):
            tab.close()
        pytest.fail(f"{engine.name}: the boot snapshot failed at {url}: {result}")
    return tab


@pytest.fixture(scope="module")
def boot_snapshot(engine: Engine) -> str:
    """This build's memory snapshot made in ``engine`` (on an origin of its own; once for
    all workers and runs: ``shared_snapshot``) and kept by the tests' servers; the seed
    page's query that stores it on an origin."""

    def make() -> None:
        with serving() as url:
            _seed_tab(engine, f"{url}{SEED_PAGE}?make&name={engine.name}").close()

    shared_snapshot(engine.name, engine.version(), make)
    return f"{SEED_PAGE}?name={engine.name}"


@pytest.fixture(autouse=True)
def offline_guard(engine: Engine) -> Iterator[list[str]]:
    """Fail the test if a page (or its workers) asked for a URL outside loopback."""
    engine.outside.clear()
    yield engine.outside
    engine.drain()
    outside = list(engine.outside)
    engine.outside.clear()
    assert not outside, f"{engine.name}: the page requested non-loopback URLs: {outside}"


def wait_ready(tab: Tab) -> None:
    """Wait until the demo says ready; fail with the page's own error text otherwise."""
    state = tab.wait_for("() => document.documentElement.dataset.ready", timeout_s=BOOT_TIMEOUT_S)
    if state != "true":
        error = tab.text("#error")
        pytest.fail(f"{tab.engine.name}: the page failed to boot:\n{error}", pytrace=False)


@pytest.fixture
def open_tab(
    engine: Engine, origin: str, request: pytest.FixtureRequest
) -> Iterator[Callable[..., Tab]]:
    """``open_tab(path=None, boot=True)``: a new tab on this test's origin, on the demo
    at ``path``. Without a path, the origin is first given this build's boot snapshot
    (``boot_snapshot``) and the demo opened with snapshots on: it restores the snapshot, as
    on a second visit, and so takes none (seconds of CPU less per start). A test that
    names a path (``''``, ``'?snapshot=off'``) gets the origin as it is. (The seed tab
    stays open until the test ends: WebKitGTK's automation session drops an origin's
    Cache API entries when its last page closes, docs/browsers.md.)"""
    tabs: list[Tab] = []
    seed: list[Tab] = []

    def open_(path: str | None = None, boot: bool = True) -> Tab:
        if path is None:
            if not seed:
                seed.append(_seed_tab(engine, origin + request.getfixturevalue("boot_snapshot")))
                tabs.append(seed[0])
            path = ""
        tab = engine.new_tab()
        tabs.append(tab)
        tab.goto(origin + path)
        if boot:
            wait_ready(tab)
        return tab

    yield open_
    for tab in tabs:
        with contextlib.suppress(Exception):  # (closed by the test already)
            tab.close()


def api(tab: Tab, body: str, arg: Any = None) -> Any:
    """Run async ``body`` in ``tab`` with ``memory`` (the demo's), ``sleep(ms)`` and ``arg``."""
    fn = (
        "async (arg) => { const memory = await window.amplify.memory;"
        " const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));"
        f"\n{body}\n}}"
    )
    return tab.call(fn, arg)


def pytest_report_header(config: pytest.Config) -> str:
    names = selected_engines(config)
    return "engines: " + ", ".join(f"{n} ({missing(n) or 'found'})" for n in names)
