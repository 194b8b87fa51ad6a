"""The npm package as an app developer gets it: `python3 build.py dist` packs it, and the
examples in examples/ install the packed .tgz from a copy of their folder, build with the
real bundler (Vite, esbuild, Next.js), and run in real Chromium to `isReady` and a prompt
block; the TypeScript example type-checks every public export with `tsc --strict`."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tarfile
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path

import build
import pytest
from playwright.sync_api import Page

from tests.chroma_server import free_port

EXAMPLES = build.ROOT / "examples"
NPM_TIMEOUT_S = 600
Serve = Callable[[Path], str]


@pytest.fixture(scope="session")
def tarball() -> Path:
    return build.dist()


def npm(args: list[str], cwd: Path, *, check: bool = True) -> subprocess.CompletedProcess[str]:
    proc = subprocess.run(
        [build.ensure_npm(), *args], cwd=cwd, capture_output=True, text=True, timeout=NPM_TIMEOUT_S
    )
    if check:
        assert proc.returncode == 0, f"npm {' '.join(args)}:\n{proc.stdout}\n{proc.stderr}"
    return proc


def installed_example(name: str, tarball: Path, tmp: Path) -> Path:
    """A copy of examples/<name> with the packed package (and its own tools) installed."""
    folder = tmp / name
    shutil.copytree(
        EXAMPLES / name,
        folder,
        ignore=shutil.ignore_patterns("node_modules", "dist", "public", ".next"),
    )
    manifest = json.loads((folder / "package.json").read_text())
    manifest["dependencies"]["amplify-memory"] = f"file:{tarball}"
    (folder / "package.json").write_text(json.dumps(manifest, indent=2))
    npm(["install", "--no-audit", "--no-fund", "--prefer-offline"], folder)
    return folder


@pytest.fixture
def serve() -> Iterator[Serve]:
    """Serve a folder on 127.0.0.1 (the repository's server: MIME types, cache headers)."""
    servers: list[build.Server] = []

    def start(folder: Path) -> str:
        server = build.make_server(0, folder)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return f"http://127.0.0.1:{server.server_address[1]}/"

    yield start
    for server in servers:
        server.shutdown()
        server.server_close()


def test_the_package_holds_what_the_exports_map_names(tarball: Path) -> None:
    with tarfile.open(tarball) as tar:
        names = {n.removeprefix("package/") for n in tar.getnames()}
        member = tar.extractfile("package/package.json")
        assert member is not None
        manifest = json.loads(member.read())
    assert manifest["name"] == "amplify-memory"
    assert manifest["type"] == "module"
    entries = {".", "./react", "./vector-context", "./adapter", "./errors", "./prestart"}
    assert entries <= set(manifest["exports"])
    for key, target in manifest["exports"].items():
        if isinstance(target, dict):
            assert target["types"].removeprefix("./") in names, key
            assert target["default"].removeprefix("./") in names, key
    assert {"README.md", "bin/copy-assets.mjs", "worker.mjs", "manifest.mjs"} <= names
    assert any(n.startswith("assets/pyodide-") and n.endswith("pyodide.asm.wasm") for n in names)
    assert any(n.startswith("assets/python-") and n.endswith(".whl") for n in names)
    assert not any("micropip" in n for n in names)
    assert not any(n.startswith(("demo/", "css/")) or n == "index.html" for n in names)


def boot_example(page: Page, url: str) -> str:
    page.goto(url)
    # (A selector, not a JS predicate: a page whose CSP has no 'unsafe-eval' refuses those.)
    page.wait_for_selector(
        "body[data-block=shown], body[data-state=error]", state="attached", timeout=120_000
    )
    status = page.locator("#status").text_content() or ""
    assert page.evaluate("document.body.dataset.block") == "shown", status
    return page.locator("#block").text_content() or ""


@pytest.mark.parametrize("example", ["vite-app", "esbuild-app"])
def test_an_app_built_with_a_bundler_boots_and_shows_a_prompt_block(
    example: str, tarball: Path, tmp_path: Path, serve: Serve, page: Page
) -> None:
    folder = installed_example(example, tarball, tmp_path)
    npm(["run", "build"], folder)
    url = serve(folder / "dist")
    block = boot_example(page, url)
    assert "Known about the user" in block
    assert "User prefers TypeScript over JavaScript" in block
    status = page.locator("#status").text_content() or ""
    assert status.startswith("ready: amplify_memory 0.1.0")


def test_a_next_js_app_serves_the_memory_with_its_headers_and_shows_a_prompt_block(
    tarball: Path, tmp_path: Path, page: Page
) -> None:
    """The Next.js recipe of docs/use-in-your-app.md: a client component, the assets copied
    to public/, the CSP and cache headers from next.config.mjs, served by `next start`;
    built with each of Next's bundlers (Turbopack, the default since Next 16, and webpack)."""
    folder = installed_example("nextjs-app", tarball, tmp_path)
    env = {**os.environ, "NEXT_TELEMETRY_DISABLED": "1"}
    for script, bundler in (("build", "Turbopack"), ("build:webpack", "webpack")):
        shutil.rmtree(folder / ".next", ignore_errors=True)
        proc = subprocess.run(
            [build.ensure_npm(), "run", script],
            cwd=folder,
            env=env,
            capture_output=True,
            text=True,
            timeout=NPM_TIMEOUT_S,
        )
        output = proc.stdout + proc.stderr
        assert proc.returncode == 0, f"next build ({bundler}):\n{output}"
        assert f"({bundler})" in output, output  # ("Next.js 16.5.0 (Turbopack)": the one used)
        assert "Critical dependency" not in output  # (the bundler left our imports)
        _serve_next_app_and_show_a_block(folder, env, page)


def _serve_next_app_and_show_a_block(folder: Path, env: dict[str, str], page: Page) -> None:
    port = free_port()
    server = subprocess.Popen(
        [
            str(folder / "node_modules" / ".bin" / "next"),
            "start",
            "-p",
            str(port),
            "-H",
            "127.0.0.1",
        ],
        cwd=folder,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(url, timeout=5) as answer:
                    csp = answer.headers["Content-Security-Policy"]
                break
            except OSError:
                assert server.poll() is None, "next start ended"
                assert time.monotonic() < deadline, "next start did not answer within 60 s"
                time.sleep(0.25)
        assert "'wasm-unsafe-eval'" in csp
        assert "'unsafe-eval'" not in csp.replace("'wasm-", "")
        block = boot_example(page, url)
        assert "User prefers TypeScript over JavaScript" in block
        status = page.locator("#status").text_content() or ""
        assert status.startswith("ready: amplify_memory 0.1.0"), status
        wasm = page.request.get(
            f"{url}amplify-memory/pyodide-{build.PYODIDE_VERSION}/pyodide.asm.wasm"
        )
        assert wasm.status == 200
        assert wasm.headers["content-type"] == "application/wasm"
        assert "immutable" in wasm.headers["cache-control"]
    finally:
        server.terminate()  # (Next waits for the page's open connections; it need not)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=30)


def test_the_typescript_example_type_checks_every_export_strictly(
    tarball: Path, tmp_path: Path
) -> None:
    folder = installed_example("typescript", tarball, tmp_path)
    npm(["exec", "--", "tsc", "--strict", "--noEmit", "-p", "."], folder)
    # ... and the check can fail: a wrong use of the API is rejected.
    (folder / "src" / "wrong.ts").write_text(
        "import { createMemory } from 'amplify-memory';\n"
        "const memory = await createMemory();\n"
        "await memory.userProfile.search(42);\n"
        "export {};\n"
    )
    proc = npm(["exec", "--", "tsc", "--strict", "--noEmit", "-p", "."], folder, check=False)
    assert proc.returncode != 0
    assert "wrong.ts" in proc.stdout
