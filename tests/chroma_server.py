"""A real Chroma server for tests and benchmarks, in its own virtual environment.

    from tests.chroma_server import ensure_chroma_venv, running_chroma
    ensure_chroma_venv()                 # once per machine (cached by a stamp)
    with running_chroma() as url:        # http://127.0.0.1:<free port>
        ...

``chromadb`` is pinned (:data:`CHROMADB_VERSION`) and installed from PyPI into
``.venv-chroma/`` (git-ignored), apart from ``.venv`` because it is large. The server
keeps its data in a temporary folder removed afterwards, listens on loopback only,
answers CORS requests from any origin (the test page is on another port), and never
embeds anything itself: the adapter always sends vectors. Standard library only.

Command line: ``python3 tests/chroma_server.py [--port N]`` installs if needed and runs
a server until Ctrl-C.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import venv
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMA_VENV = ROOT / ".venv-chroma"
CHROMADB_VERSION = "1.5.9"
START_TIMEOUT = 60.0


class ChromaServerError(RuntimeError):
    """Installing or starting the Chroma server failed; the message says why."""


def _bin(name: str) -> Path:
    return CHROMA_VENV / ("Scripts" if os.name == "nt" else "bin") / name


def ensure_chroma_venv() -> Path:
    """Create ``.venv-chroma`` with ``chromadb==CHROMADB_VERSION``; return ``chroma``'s path.

    Cached: does nothing when the stamp matches the pinned version and this Python.
    """
    key = hashlib.sha256(f"{CHROMADB_VERSION}\n{sys.version}".encode()).hexdigest()
    stamp = CHROMA_VENV / ".amplify-stamp"
    chroma = _bin("chroma")
    if chroma.is_file() and stamp.is_file() and stamp.read_text() == key:
        return chroma
    python = _bin("python")
    if not python.is_file():
        print("[chroma] creating .venv-chroma ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(CHROMA_VENV)
    print(f"[chroma] installing chromadb=={CHROMADB_VERSION} into .venv-chroma ...", flush=True)
    proc = subprocess.run(
        [str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
         "--no-compile", f"chromadb=={CHROMADB_VERSION}"],
    )  # fmt: skip
    if proc.returncode != 0 or not chroma.is_file():
        raise ChromaServerError(
            f"pip could not install chromadb=={CHROMADB_VERSION} into {CHROMA_VENV} (see above)"
        )
    stamp.write_text(key)
    return chroma


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _port_taken(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return True
    return False


def _heartbeat(url: str) -> bool:
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(f"{url}/api/v2/heartbeat", timeout=2) as resp:
            return resp.status == 200 and "heartbeat" in resp.read().decode()
    except (urllib.error.URLError, OSError):
        return False


def _tail(path: Path, lines: int = 15) -> str:
    text = path.read_text(errors="replace") if path.is_file() else ""
    return "\n".join(text.splitlines()[-lines:])


@contextlib.contextmanager
def running_chroma(port: int = 0) -> Iterator[str]:
    """Run a Chroma server on 127.0.0.1 (``port`` 0 = a free one); yield its URL.

    Raises :class:`ChromaServerError` when the port is taken, or when the server exits
    (whatever its status; a port clash can end it with status 0) or does not answer
    ``/api/v2/heartbeat`` within :data:`START_TIMEOUT` seconds. The server is stopped
    and its data deleted on exit.
    """
    chroma = ensure_chroma_venv()
    port = port or free_port()
    if _port_taken(port):
        raise ChromaServerError(f"cannot start Chroma: 127.0.0.1:{port} is already in use")
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="amplify-chroma-") as tmp:
        config = Path(tmp) / "chroma.yaml"
        log_path = Path(tmp) / "chroma.log"
        settings = {  # YAML is a superset of JSON
            "port": port,
            "listen_address": "127.0.0.1",
            "persist_path": str(Path(tmp) / "data"),
            "allow_reset": True,
            "cors_allow_origins": ["*"],
        }
        config.write_text(json.dumps(settings, indent=1) + "\n")
        env = dict(os.environ, ANONYMIZED_TELEMETRY="False", CHROMA_ANONYMIZED_TELEMETRY="False")
        with log_path.open("wb") as log:
            proc = subprocess.Popen(
                [str(chroma), "run", str(config)],
                stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                cwd=tmp, env=env,
            )  # fmt: skip
        try:
            deadline = time.monotonic() + START_TIMEOUT
            while True:
                status = proc.poll()
                if status is not None:
                    clash = "AddrInUse" in _tail(log_path, 200) or "in use" in _tail(log_path, 200)
                    why = f"port {port} is already in use" if clash else f"it exited ({status})"
                    raise ChromaServerError(
                        f"the Chroma server did not start: {why}. Its log:\n{_tail(log_path)}"
                    )
                if _heartbeat(url):
                    time.sleep(0.2)
                    if proc.poll() is None:  # answered, and it is ours that is alive
                        break
                    continue
                if time.monotonic() > deadline:
                    raise ChromaServerError(
                        f"the Chroma server at {url} did not answer its heartbeat within "
                        f"{START_TIMEOUT:.0f} s. Its log:\n{_tail(log_path)}"
                    )
                time.sleep(0.1)
            yield url
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait(timeout=10)


def main() -> int:
    parser = argparse.ArgumentParser(description="Run a throw-away Chroma server.")
    parser.add_argument("--port", type=int, default=8000)
    args = parser.parse_args()
    try:
        with running_chroma(args.port) as url:
            print(f"Chroma {CHROMADB_VERSION} at {url}  (Ctrl-C to stop)", flush=True)
            while True:
                time.sleep(3600)
    except KeyboardInterrupt:
        return 0
    except ChromaServerError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
