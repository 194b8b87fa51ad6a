"""What the browser benchmarks share: a loopback server over web/ and a booted page.

with booted_browser() as (browser, url):
    page = new_booted_page(browser, url)
    page_python(page, "1 + 1")
"""

from __future__ import annotations

import contextlib
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import build  # noqa: E402

BOOT_TIMEOUT_MS = 90_000

#: Python for the page: ``sentence(rng, i)``, a deterministic memory-like sentence.
SENTENCES_CODE = r"""
SUBJECTS = ["TypeScript", "React", "Svelte", "PostgreSQL", "Redis", "Tailwind", "Vite",
            "pytest", "Docker", "Kubernetes", "GraphQL", "Rust", "Go", "Python", "OAuth",
            "Stripe", "Playwright", "ESLint", "tabs", "dark mode", "Neovim", "Linux"]
VERBS = ["prefers", "uses", "avoids", "likes", "wants", "works with", "is learning"]
TAILS = ["for side projects", "at work", "in the {l} layer", "for tests", "when pairing",
         "on the {l} service", "since {y}", "for the {l} team"]
LAYERS = ["data", "api", "ui", "auth", "billing", "search", "sync", "build"]

def sentence(rng, i):
    a, b = rng.sample(SUBJECTS, 2)
    tail = rng.choice(TAILS).format(l=rng.choice(LAYERS), y=2015 + i % 10)
    return f"User {rng.choice(VERBS)} {a} with {b} {tail} (note {i})"
"""

EVAL_DATA = ROOT.parent / "shared" / "eval-data"


@contextlib.contextmanager
def booted_browser(directory: Path = build.WEB) -> Iterator[tuple[Any, str]]:
    """Build web/, serve ``directory`` on loopback, launch Chromium; yields (browser, url)."""
    from playwright.sync_api import sync_playwright

    build.build()
    server = build.make_server(0, directory)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=build.ensure_chromium(), args=list(build.CHROMIUM_ARGS)
            )
            try:
                yield browser, f"http://127.0.0.1:{server.server_address[1]}/"
            finally:
                browser.close()
    finally:
        server.shutdown()
        server.server_close()


def new_booted_page(browser: Any, url: str) -> Any:
    """A page of the demo in a new context (so IndexedDB starts empty), Pyodide ready."""
    page = browser.new_context().new_page()
    page.goto(url)
    page.wait_for_function(
        "document.documentElement.dataset.ready !== undefined", timeout=BOOT_TIMEOUT_MS
    )
    if page.evaluate("document.documentElement.dataset.ready") != "true":
        raise RuntimeError(f"the page failed to boot: {page.locator('#error').text_content()}")
    return page


def page_python(page: Any, code: str) -> Any:
    """Run Python in the page; the last expression must be a str (e.g. JSON text)."""
    return page.evaluate("(code) => window.amplify.runPython(code)", code)
