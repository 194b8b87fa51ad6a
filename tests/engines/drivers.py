"""One small driver per browser engine, all with the same two classes' worth of verbs.

The cross-engine tier (tests/engines) writes each test once against :class:`Engine` and
:class:`Tab`; these classes are the only place that knows how an engine is driven:

- Chromium: Playwright (the browser tier's own driver).
- Firefox ESR (Debian's ``firefox-esr``): WebDriver BiDi over a WebSocket, spoken here
  directly (``--remote-debugging-port``; no geckodriver, no Node).
- WebKitGTK (Debian's ``webkit2gtk-driver``): classic W3C WebDriver over HTTP to
  ``WebKitWebDriver``, which starts ``MiniBrowser --automation`` on an Xvfb screen.

Each engine also records the URLs its pages asked for outside loopback (the offline
guard): Playwright's request events, BiDi's ``network.beforeRequestSent`` (pages and
workers), and for WebKit a recording proxy that the network process is pointed at with
``http_proxy``/``https_proxy`` (loopback bypasses it, so whatever reaches it left).

Values cross as JSON text: :meth:`Tab.call` runs an async JavaScript function in the
page and returns what it resolved to; a rejection raises :class:`PageError` with the
page's message.
"""

from __future__ import annotations

import collections
import contextlib
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ENGINES = ("chromium", "firefox", "webkit")
LOOPBACK_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}
IGNORED_SCHEMES = {"data", "blob", "about", "chrome-error", "moz-extension", "resource"}
BOOT_TIMEOUT_S = 120.0
#: A call's own limit, in the page (so that a promise that never settles fails, in every
#: engine) and in the driver (a little later: the page's answer is the better message).
CALL_TIMEOUT_S = BOOT_TIMEOUT_S + 30

FIREFOX = os.environ.get("AMPLIFY_FIREFOX", "/usr/bin/firefox-esr")
WEBKIT_DRIVER = os.environ.get("AMPLIFY_WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = (
    os.environ.get("AMPLIFY_MINIBROWSER")
    or next(
        iter(sorted(Path("/usr/lib").glob("*/webkit2gtk-4.1/MiniBrowser"))),
        Path("/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"),
    ).as_posix()
)
XVFB = "Xvfb"

# The page side of Tab.call: run ``fn(arg)``, hand back ``{ok}`` or ``{error}`` as text.
_CALL = (
    "(async () => {{ try {{ const value = await Promise.race([({fn})({arg}),"
    " new Promise((_, no) => setTimeout(() => no(new Error('no answer in {ms} ms')), {ms}))]);"
    " return JSON.stringify({{ ok: value === undefined ? null : value }}); }}"
    " catch (err) {{ return JSON.stringify({{"
    " error: String(err) + '\\n' + ((err && err.stack) || ''),"
    " name: (err && err.name) || null }}); }} }})()"
)


class DriverError(RuntimeError):
    """The engine or its driver could not be started or stopped answering."""


class PageError(RuntimeError):
    """A function run in the page rejected; ``name`` is the JavaScript error's name."""

    def __init__(self, message: str, name: str | None) -> None:
        super().__init__(message)
        self.name = name


def missing(engine: str) -> str | None:
    """Why ``engine`` cannot run here (a sentence), or None when it can."""
    if engine == "firefox" and not Path(FIREFOX).is_file():
        return f"Firefox ESR not found at {FIREFOX} (Debian: apt-get install firefox-esr)"
    if engine == "webkit":
        for path in (WEBKIT_DRIVER, MINIBROWSER):
            if not Path(path).is_file():
                return f"{path} not found (Debian: apt-get install webkit2gtk-driver)"
        if shutil.which(XVFB) is None:
            return "Xvfb not found (Debian: apt-get install xvfb)"
    return None


def _is_outside(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in IGNORED_SCHEMES:
        return False
    return parts.hostname not in LOOPBACK_HOSTS


def _keyboard(text: str, delay_ms: int) -> dict[str, Any]:
    """A W3C key input source (BiDi and classic WebDriver share it): ``text`` typed with a
    pause of ``delay_ms`` after each key."""
    actions: list[dict[str, Any]] = []
    for ch in text:
        actions += [{"type": "keyDown", "value": ch}, {"type": "keyUp", "value": ch}]
        actions.append({"type": "pause", "duration": delay_ms})
    return {"type": "key", "id": "keyboard", "actions": actions}


def _source(fn: str, arg: Any) -> str:
    return _CALL.format(fn=fn, arg=json.dumps(arg), ms=int(CALL_TIMEOUT_S * 1000))


def _unwrap(text: Any) -> Any:
    if not isinstance(text, str):
        raise DriverError(f"the page answered {text!r}, expected JSON text")
    answer = json.loads(text)
    if "error" in answer:
        raise PageError(answer["error"], answer.get("name"))
    return answer["ok"]


class Tab:
    """One page of an engine. Subclasses implement the five ``_``-less primitives."""

    engine: Engine

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def _evaluate(self, source: str) -> Any:
        """Evaluate ``source`` (an expression giving a promise of text); return the text."""
        raise NotImplementedError

    def type_keys(self, selector: str, text: str, delay_ms: int) -> None:
        """Focus ``selector`` and type ``text`` as real key events, ``delay_ms`` apart."""
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def call(self, fn: str, arg: Any = None) -> Any:
        """Run the async JavaScript function ``fn`` with ``arg`` in the page; its value."""
        return _unwrap(self._evaluate(_source(fn, arg)))

    def wait_for(self, predicate: str, arg: Any = None, timeout_s: float = 30.0) -> Any:
        """Poll the JavaScript function ``predicate(arg)`` until it is truthy; its value."""
        fn = (
            "async (arg) => { const until = performance.now() + arg.ms;"
            f" const check = ({predicate});"
            " for (;;) { const v = await check(arg.arg); if (v) return v;"
            "   if (performance.now() > until)"
            "     throw new Error('timed out after ' + arg.ms + ' ms');"
            "   await new Promise((ok) => setTimeout(ok, 50)); } }"
        )
        try:
            return self.call(fn, {"arg": arg, "ms": int(timeout_s * 1000)})
        except PageError as err:
            raise AssertionError(f"waited {timeout_s} s for {predicate}: {err}") from err

    def text(self, selector: str) -> str:
        return str(self.call("(s) => document.querySelector(s)?.textContent ?? ''", selector))


class Engine:
    """A running browser of one engine; tabs share its storage per origin."""

    name: str

    def __init__(self) -> None:
        self.outside: list[str] = []

    def new_tab(self) -> Tab:
        raise NotImplementedError

    def drain(self) -> None:
        """Let recorded requests that are still on their way arrive."""

    def close(self) -> None:
        raise NotImplementedError

    def version(self) -> str:
        raise NotImplementedError


# ---------------------------------------------------------------- Chromium (Playwright)


class PlaywrightTab(Tab):
    engine: ChromiumEngine

    def __init__(self, engine: ChromiumEngine, page: Any) -> None:
        self.engine = engine
        self.page = page

    def goto(self, url: str) -> None:
        self.page.goto(url)

    def reload(self) -> None:
        self.page.reload()

    def _evaluate(self, source: str) -> Any:
        return self.page.evaluate(f"() => {source}")

    def type_keys(self, selector: str, text: str, delay_ms: int) -> None:
        self.page.locator(selector).press_sequentially(text, delay=delay_ms)

    def close(self) -> None:
        self.page.close()


class ChromiumEngine(Engine):
    name = "chromium"

    def __init__(self, browser: Any) -> None:
        super().__init__()
        self.browser = browser
        self.context = browser.new_context(viewport={"width": 1400, "height": 1000})

        def check(request: Any) -> None:
            if _is_outside(request.url):
                self.outside.append(request.url)

        self.context.on("request", check)

    def new_tab(self) -> Tab:
        return PlaywrightTab(self, self.context.new_page())

    def drain(self) -> None:
        # (sync Playwright delivers events only while it is called)
        for page in self.context.pages[:1]:
            page.wait_for_timeout(200)

    def version(self) -> str:
        return f"Chromium {self.browser.version}"

    def close(self) -> None:
        self.context.close()


# ---------------------------------------------------------------- Firefox (WebDriver BiDi)


class BidiTab(Tab):
    engine: FirefoxEngine

    def __init__(self, engine: FirefoxEngine, context: str) -> None:
        self.engine = engine
        self.context = context

    def goto(self, url: str) -> None:
        self.engine.command(
            "browsingContext.navigate", context=self.context, url=url, wait="complete"
        )

    def reload(self) -> None:
        self.engine.command("browsingContext.reload", context=self.context, wait="complete")

    def _evaluate(self, source: str) -> Any:
        result = self.engine.command(
            "script.evaluate",
            expression=source,
            target={"context": self.context},
            awaitPromise=True,
        )
        if result.get("type") == "exception":
            raise PageError(str(result.get("exceptionDetails", {}).get("text")), None)
        return result["result"].get("value")

    def type_keys(self, selector: str, text: str, delay_ms: int) -> None:
        # (the tab in front: a background tab's timers may be slowed)
        self.engine.command("browsingContext.activate", context=self.context)
        self.call("(s) => document.querySelector(s).focus()", selector)
        self.engine.command(
            "input.performActions", context=self.context, actions=[_keyboard(text, delay_ms)]
        )

    def close(self) -> None:
        self.engine.command("browsingContext.close", context=self.context)


class FirefoxEngine(Engine):
    """Firefox ESR with a new profile, driven over WebDriver BiDi."""

    name = "firefox"

    def __init__(self) -> None:
        super().__init__()
        from websockets.sync.client import connect

        self.profile = tempfile.mkdtemp(prefix="amplify-firefox-")
        self.log: collections.deque[str] = collections.deque(maxlen=200)
        self.proc = subprocess.Popen(
            [FIREFOX, "--headless", "--no-remote", "--profile", self.profile,
             "--remote-debugging-port=0"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, errors="replace",
        )  # fmt: skip
        self._stack = contextlib.ExitStack()
        self._next = 0
        self._lock = threading.Lock()
        try:
            url = self._endpoint(timeout_s=60)
            self.ws = self._stack.enter_context(
                connect(url + "/session", max_size=None, open_timeout=30)
            )
            self.capabilities = self.command("session.new", capabilities={})["capabilities"]
            self.command("session.subscribe", events=["network.beforeRequestSent"])
            first = self.command("browsingContext.getTree")["contexts"]
            self._home = first[0]["context"]  # kept open: closing the last tab ends Firefox
        except BaseException:
            self.close()
            raise

    def _endpoint(self, timeout_s: float) -> str:
        assert self.proc.stderr is not None
        found: list[str] = []
        ready = threading.Event()

        def read() -> None:
            assert self.proc.stderr is not None
            for line in self.proc.stderr:  # drained for the browser's life (a full pipe blocks it)
                self.log.append(line.rstrip())
                match = re.search(r"WebDriver BiDi listening on (ws://\S+)", line)
                if match and not found:
                    found.append(match.group(1))
                    ready.set()
            ready.set()

        threading.Thread(target=read, name="firefox-stderr", daemon=True).start()
        if not ready.wait(timeout_s) or not found:
            _stop(self.proc)
            tail = "\n".join(list(self.log)[-20:])
            raise DriverError(f"Firefox did not open its WebDriver BiDi port:\n{tail}")
        return found[0]

    def _event(self, message: dict[str, Any]) -> None:
        if message.get("method") == "network.beforeRequestSent":
            url = message["params"]["request"]["url"]
            if _is_outside(url):
                self.outside.append(url)

    def command(self, method: str, **params: Any) -> Any:
        with self._lock:
            self._next += 1
            ident = self._next
            self.ws.send(json.dumps({"id": ident, "method": method, "params": params}))
            deadline = time.monotonic() + CALL_TIMEOUT_S
            while True:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise DriverError(f"Firefox gave no answer to {method} in {CALL_TIMEOUT_S} s")
                message = json.loads(self.ws.recv(timeout=left))
                if message.get("id") == ident:
                    if message.get("type") == "error":
                        raise DriverError(
                            f"{method}: {message.get('error')}: {message.get('message')}"
                        )
                    return message["result"]
                self._event(message)

    def new_tab(self) -> Tab:
        context = self.command("browsingContext.create", type="tab")["context"]
        return BidiTab(self, context)

    def drain(self) -> None:
        time.sleep(0.2)
        self.command("browsingContext.getTree", maxDepth=0)

    def version(self) -> str:
        return f"Firefox {self.capabilities.get('browserVersion')}"

    def close(self) -> None:
        if hasattr(self, "ws"):
            with contextlib.suppress(Exception):
                self.command("session.end")
        with contextlib.suppress(Exception):
            self._stack.close()
        _stop(self.proc)
        shutil.rmtree(self.profile, ignore_errors=True)


# ---------------------------------------------------------------- WebKit (WebDriver)


class _RecordingProxy(BaseHTTPRequestHandler):
    """Answers every proxied request with 502 and records its URL."""

    seen: list[str]

    def _record(self) -> None:
        url = self.path if self.command != "CONNECT" else f"https://{self.path}/"
        self.server.seen.append(url)  # type: ignore[attr-defined]
        self.send_response(502)
        self.send_header("Content-Length", "0")
        self.end_headers()

    do_GET = do_POST = do_HEAD = do_PUT = do_OPTIONS = do_CONNECT = _record

    def log_message(self, format: str, *args: object) -> None:
        pass


class WebDriverTab(Tab):
    engine: WebKitEngine

    def __init__(self, engine: WebKitEngine, handle: str) -> None:
        self.engine = engine
        self.handle = handle

    def _req(self, method: str, path: str, body: Any = None) -> Any:
        return self.engine.request(method, path, body, handle=self.handle)

    def goto(self, url: str) -> None:
        self._req("POST", "/url", {"url": url})

    def reload(self) -> None:
        self._req("POST", "/refresh", {})

    def _evaluate(self, source: str) -> Any:
        script = (
            "const done = arguments[arguments.length - 1];"
            f" ({source}).then(done, (err) => done(JSON.stringify({{ error: String(err) }})));"
        )
        return self._req("POST", "/execute/async", {"script": script, "args": []})

    def type_keys(self, selector: str, text: str, delay_ms: int) -> None:
        self.call("(s) => document.querySelector(s).focus()", selector)
        self._req("POST", "/actions", {"actions": [_keyboard(text, delay_ms)]})
        self._req("DELETE", "/actions")

    def close(self) -> None:
        self._req("DELETE", "/window")
        self.engine.current = None


class WebKitEngine(Engine):
    """WebKitGTK's MiniBrowser under Xvfb, driven by WebKitWebDriver."""

    name = "webkit"

    def __init__(self) -> None:
        super().__init__()
        self.session = ""
        self.log: collections.deque[str] = collections.deque(maxlen=200)
        self._procs: list[subprocess.Popen[Any]] = []
        self.proxy: ThreadingHTTPServer | None = None
        try:
            self._start()
        except BaseException:
            self.close()
            raise

    def _start(self) -> None:
        self.xvfb = subprocess.Popen(
            [XVFB, "-displayfd", "1", "-screen", "0", "1400x1000x24", "-nolisten", "tcp"],
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        )  # fmt: skip
        self._procs.append(self.xvfb)
        assert self.xvfb.stdout is not None
        lines: list[str] = []
        reader = threading.Thread(
            target=lambda: lines.append(self.xvfb.stdout.readline()),  # type: ignore[union-attr]
            daemon=True,
        )
        reader.start()
        reader.join(30)
        display = lines[0].strip() if lines else ""
        if not display.isdigit():
            raise DriverError(f"Xvfb did not report a display in 30 s (got {display!r})")
        self.proxy = ThreadingHTTPServer(("127.0.0.1", 0), _RecordingProxy)
        self.proxy.seen = self.outside  # type: ignore[attr-defined]
        threading.Thread(target=self.proxy.serve_forever, name="proxy", daemon=True).start()
        proxy = f"http://127.0.0.1:{self.proxy.server_address[1]}"
        port = _free_port()
        env = dict(
            os.environ, DISPLAY=f":{display}", GDK_BACKEND="x11", http_proxy=proxy,
            https_proxy=proxy, HTTP_PROXY=proxy, HTTPS_PROXY=proxy,
            no_proxy="127.0.0.1,localhost,::1", NO_PROXY="127.0.0.1,localhost,::1",
        )  # fmt: skip
        env.pop("WAYLAND_DISPLAY", None)  # (the Xvfb screen, also on a desktop)
        self.driver = subprocess.Popen(
            [WEBKIT_DRIVER, f"--port={port}", "--host=127.0.0.1"],
            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            errors="replace",
        )  # fmt: skip
        self._procs.append(self.driver)

        def drain_stderr() -> None:
            assert self.driver.stderr is not None
            for line in self.driver.stderr:  # (a full pipe would block the driver)
                self.log.append(line.rstrip())

        threading.Thread(target=drain_stderr, name="webkit-stderr", daemon=True).start()
        self.base = f"http://127.0.0.1:{port}"
        self._wait_status()
        caps = {
            "capabilities": {
                "alwaysMatch": {
                    "webkitgtk:browserOptions": {"binary": MINIBROWSER, "args": ["--automation"]}
                }
            }
        }
        session = self.request("POST", "/session", caps, session=False)
        self.session = session["sessionId"]
        self.capabilities = session["capabilities"]
        timeouts = {"script": int(CALL_TIMEOUT_S * 1000), "pageLoad": 120_000}
        self.request("POST", "/timeouts", timeouts)
        self.home = self.request("GET", "/window")  # kept open: closing the last ends the session
        self.current: str | None = self.home

    def _wait_status(self) -> None:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError):
                urllib.request.urlopen(self.base + "/status", timeout=2).close()
                return
            time.sleep(0.1)
        tail = "\n".join(list(self.log)[-20:])
        raise DriverError(f"WebKitWebDriver did not answer on /status in 30 s:\n{tail}")

    def request(
        self, method: str, path: str, body: Any = None, *, session: bool = True,
        handle: str | None = None,
    ) -> Any:  # fmt: skip
        if handle is not None and handle != self.current:
            self.request("POST", "/window", {"handle": handle})
            self.current = handle
        url = self.base + (f"/session/{self.session}" if session else "") + path
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(
            url, data=data, method=method, headers={"Content-Type": "application/json"}
        )
        try:
            with urllib.request.urlopen(req, timeout=CALL_TIMEOUT_S + 30) as response:
                return json.loads(response.read())["value"]
        except urllib.error.HTTPError as err:
            detail = err.read().decode(errors="replace")[:2000]
            raise DriverError(f"WebKitWebDriver {method} {path}: {err.code} {detail}") from err

    def new_tab(self) -> Tab:
        handle = self.request("POST", "/window/new", {"type": "tab"}, handle=self.home)["handle"]
        return WebDriverTab(self, handle)

    def drain(self) -> None:
        time.sleep(0.2)

    def version(self) -> str:
        return f"WebKitGTK {self.capabilities.get('browserVersion')}"

    def close(self) -> None:
        if self.session:
            with contextlib.suppress(Exception):
                self.request("DELETE", "")
        for proc in reversed(self._procs):
            _stop(proc)
        if self.proxy is not None:
            self.proxy.shutdown()
            self.proxy.server_close()


# ---------------------------------------------------------------- helpers


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _stop(proc: subprocess.Popen[Any]) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(5)


@contextlib.contextmanager
def launched(name: str, playwright_browser: Any = None) -> Iterator[Engine]:
    """Start engine ``name`` (Chromium needs Playwright's browser), stop it afterwards."""
    engine: Engine
    if name == "chromium":
        engine = ChromiumEngine(playwright_browser)
    elif name == "firefox":
        engine = FirefoxEngine()
    elif name == "webkit":
        engine = WebKitEngine()
    else:
        raise ValueError(f"unknown engine {name!r}: expected one of {', '.join(ENGINES)}")
    try:
        yield engine
    finally:
        engine.close()
