#!/usr/bin/env python3
"""Build, serve and test amplify-memory. Standard library only.

    python3 build.py            # fetch Pyodide and wheels, build our wheel (cached)
    python3 build.py serve      # build, then serve web/ on http://127.0.0.1:8000/
    python3 build.py test       # build, set up .venv and Chromium, run the whole suite

Everything the page loads comes from its own origin: a pinned Pyodide runtime from the
npm registry (``npm pack``, integrity checked) in ``web/vendor/pyodide/``, and pinned
wheels plus this project's own wheel in ``web/wheels/``, with a Pyodide lock file and a
PEP 503 index there so that neither ``loadPackage`` nor ``micropip`` ever asks a CDN
or PyPI. Every step is cached by content: a second run with nothing changed does no work.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import http.server
import json
import os
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

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
VENDOR = WEB / "vendor"
PYODIDE_DIR = VENDOR / "pyodide"
WHEELS = WEB / "wheels"
SRC = ROOT / "py_src"
VENV = ROOT / ".venv"

PYODIDE_VERSION = "314.0.7"
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


# Wheels for Pyodide's CPython 3.14, from PyPI. micropip's sha256 differs from the one in
# Pyodide's stock lock file, which is why we write our own lock (see write_lock_file).
PINNED_WHEELS = (
    PinnedWheel(
        "micropip", "0.11.1", "768de165adb8e66906039d8fec4127a57f522dfdf8e6fbff877a4616941ecfd3"
    ),
    PinnedWheel(
        "snowballstemmer",
        "3.1.1",
        "7e207fa178741da09cdee59d3ecec3827ad5f92b1fc5c9ff3755b639f71f5752",
    ),
)

# Chromium flags for tests and benchmarks on a machine without internet: no GPU, no
# background traffic, and every host but loopback unresolvable.
CHROMIUM_ARGS = (
    "--disable-gpu",
    "--disable-quic",
    "--disable-sync",
    "--no-first-run",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
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


def _apt_install(packages: list[str]) -> bool:
    """Install Debian packages when we are root and apt-get exists; True on success."""
    if shutil.which("apt-get") is None or os.geteuid() != 0:
        return False
    log(f"installing {' '.join(packages)} with apt-get ...")
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    update = subprocess.run(["apt-get", "update", "-qq"], env=env)
    install = subprocess.run(["apt-get", "install", "-y", "-qq", *packages], env=env)
    return update.returncode == 0 and install.returncode == 0


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


def ensure_chromium() -> str:
    path = chromium_path()
    if path is None and not os.environ.get("AMPLIFY_CHROMIUM") and _apt_install(["chromium"]):
        path = chromium_path()
    if path is None:
        where = os.environ.get("AMPLIFY_CHROMIUM") or "/usr/bin/chromium"
        raise BuildError(
            f"Chromium is required for the browser tests and was not found at {where}. "
            "Install Debian's package (`apt-get install chromium`, needs root) or set "
            "AMPLIFY_CHROMIUM to the path of a Chromium binary."
        )
    return path


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


def build_own_wheel() -> Path:
    """Build amplify_memory's py3-none-any wheel from py_src/ (deterministic bytes)."""
    meta = project_metadata()
    name, version = str(meta["name"]).replace("-", "_"), str(meta["version"])
    files = _source_files()
    key = hashlib.sha256((ROOT / "pyproject.toml").read_bytes())
    for path in files:
        key.update(str(path.relative_to(SRC)).encode() + b"\0" + path.read_bytes())
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
    entries: list[tuple[str, bytes]] = [
        (str(p.relative_to(SRC)).replace(os.sep, "/"), p.read_bytes()) for p in files
    ]
    entries += [
        (f"{dist_info}/METADATA", metadata.encode()),
        (f"{dist_info}/WHEEL", wheel_txt.encode()),
        (f"{dist_info}/top_level.txt", b"amplify_memory\n"),
    ]
    record = "".join(f"{n},{_record_hash(d)},{len(d)}\n" for n, d in entries)
    record += f"{dist_info}/RECORD,,\n"
    entries.append((f"{dist_info}/RECORD", record.encode()))
    tmp = wheel.with_suffix(".tmp")
    with zipfile.ZipFile(tmp, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        for arcname, data in entries:
            info = zipfile.ZipInfo(arcname, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    tmp.replace(wheel)
    stamp.write_text(key.hexdigest())
    return wheel


# --------------------------------------------------------------------------- lock and index


def write_if_changed(path: Path, text: str) -> None:
    if not path.is_file() or path.read_text() != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def write_lock_file() -> None:
    """A Pyodide lock file whose entries point at our local wheels with their own sha256.

    Pyodide resolves ``file_name`` against the lock file's folder, so ``loadPackage``
    fetches ``/wheels/<file>`` and checks its integrity; nothing refers to the CDN.
    """
    stock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text())
    packages = {}
    for w in PINNED_WHEELS:
        packages[w.name] = {
            "name": w.name,
            "version": w.version,
            "file_name": w.file_name,
            "install_dir": "site",
            "sha256": w.sha256,
            "package_type": "package",
            "imports": [w.name],
            "depends": [],
            "unvendored_tests": False,
        }
    lock = {"info": stock["info"], "packages": packages}
    write_if_changed(
        WHEELS / "pyodide-lock.json", json.dumps(lock, indent=1, sort_keys=True) + "\n"
    )


def write_manifest(own_wheel: Path) -> None:
    """``web/wheels/manifest.json``: what the page installs, and a PEP 503 index of it."""
    wheels = [*(w.file_name for w in PINNED_WHEELS), own_wheel.name]
    manifest = {
        "pyodide": {"version": PYODIDE_VERSION, "indexURL": "vendor/pyodide/"},
        "lockFileURL": "wheels/pyodide-lock.json",
        "preload": ["micropip"],
        # Installed with micropip, in this order, from these same-origin URLs.
        "install": [f"wheels/{w.file_name}" for w in PINNED_WHEELS if w.name != "micropip"]
        + [f"wheels/{own_wheel.name}"],
        "indexURL": "wheels/simple/{package_name}/",
        "package": {"name": "amplify_memory", "version": str(project_metadata()["version"])},
        "wheels": {name: sha256_file(WHEELS / name) for name in wheels},
    }
    write_if_changed(WHEELS / "manifest.json", json.dumps(manifest, indent=1) + "\n")
    for file_name, digest in manifest["wheels"].items():  # type: ignore[attr-defined]
        project = file_name.split("-")[0].lower().replace("_", "-")
        page = (
            "<!DOCTYPE html><html><body>\n"
            f'<a href="../../{file_name}#sha256={digest}">{file_name}</a>\n'
            "</body></html>\n"
        )
        write_if_changed(WHEELS / "simple" / project / "index.html", page)


def build() -> None:
    start = time.perf_counter()
    fetch_pyodide()
    fetch_pinned_wheels()
    own = build_own_wheel()
    write_lock_file()
    write_manifest(own)
    build_embedding_table()
    log(f"web/ is ready ({time.perf_counter() - start:.2f} s)")


def build_embedding_table() -> Path:
    """The static embedding table distilled from all-MiniLM-L6-v2 (tools/embedding_table.py),
    served from ``web/models/``; cached by the weights' hash and the recipe."""
    sys.path.insert(0, str(ROOT / "tools"))
    from embedding_table import ensure_table  # type: ignore[import-not-found]

    table: Path = ensure_table(WEB / "models")
    return table


# --------------------------------------------------------------------------- serving


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files of web/ with the MIME types Pyodide needs, never cached."""

    extensions_map = {  # noqa: RUF012 (the base class declares it a plain dict)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **MIME_TYPES,
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
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
         "-e", f"{ROOT}[test]"],
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


def run_tests(pytest_args: list[str]) -> int:
    build()
    chromium = ensure_chromium()
    python = ensure_venv()
    ensure_chroma_server()
    env = dict(os.environ, AMPLIFY_CHROMIUM=chromium)
    cmd = [str(python), "-m", "pytest", *pytest_args]
    log("running: " + " ".join(cmd[2:]))
    return subprocess.run(cmd, cwd=ROOT, env=env).returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("build", help="fetch and build everything web/ needs (the default)")
    serve_p = sub.add_parser("serve", help="build, then serve web/ on 127.0.0.1")
    serve_p.add_argument("--port", type=int, default=8000)
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
        build()
        return 0
    except BuildError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
