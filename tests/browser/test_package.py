"""The npm package as an app developer gets it: `python3 build.py dist` packs it, and the
examples in examples/ install the packed .tgz from a copy of their folder, build with the
real bundler (Vite, esbuild), and run in real Chromium to `isReady` and a prompt block;
the TypeScript example type-checks every public export with `tsc --strict`."""

from __future__ import annotations

import json
import shutil
import subprocess
import tarfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import build
import pytest
from playwright.sync_api import Page

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
        EXAMPLES / name, folder, ignore=shutil.ignore_patterns("node_modules", "dist", "public")
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
    assert {".", "./react", "./vector-context", "./adapter", "./errors"} <= set(manifest["exports"])
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
    page.wait_for_function(
        "document.body.dataset.block === 'shown' || document.body.dataset.state === 'error'",
        timeout=120_000,
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
