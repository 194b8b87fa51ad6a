"""build.py: the wheel it builds, the lock and index it writes, and its caching."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import build
import pytest


@pytest.fixture(scope="module")
def built() -> None:
    build.build()


def test_own_wheel_is_pure_python_and_complete(built: None) -> None:
    wheel = next(build.WHEELS.glob("amplify_memory-*-py3-none-any.whl"))
    with zipfile.ZipFile(wheel) as zf:
        names = set(zf.namelist())
        sources = {str(p.relative_to(build.SRC)).replace("\\", "/") for p in build._source_files()}
        assert sources <= names
        dist = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
        metadata = zf.read(f"{dist}/METADATA").decode()
        assert "Requires-Dist: snowballstemmer" in metadata
        assert "Tag: py3-none-any" in zf.read(f"{dist}/WHEEL").decode()
        record = zf.read(f"{dist}/RECORD").decode().splitlines()
        assert len(record) == len(names)


def test_lock_file_points_only_at_local_wheels_with_their_hashes(built: None) -> None:
    lock = json.loads((build.WHEELS / "pyodide-lock.json").read_text())
    assert set(lock["packages"]) == {w.name for w in build.PINNED_WHEELS}
    for entry in lock["packages"].values():
        assert "/" not in entry["file_name"]
        assert ":" not in entry["file_name"]
        assert build.sha256_file(build.WHEELS / entry["file_name"]) == entry["sha256"]


def test_manifest_and_index_name_only_same_origin_urls(built: None) -> None:
    manifest = json.loads((build.WHEELS / "manifest.json").read_text())
    for url in [*manifest["install"], manifest["lockFileURL"], manifest["indexURL"]]:
        assert "://" not in url, url
        assert not url.startswith("/"), url
    for page in (build.WHEELS / "simple").rglob("index.html"):
        assert "://" not in page.read_text()


def test_mime_types_pyodide_needs() -> None:
    ext = build.Handler.extensions_map
    assert ext[".wasm"] == "application/wasm"
    assert ext[".mjs"] == "text/javascript"


def test_second_build_does_no_work(built: None) -> None:
    wheel = next(build.WHEELS.glob("amplify_memory-*.whl"))
    before = wheel.stat().st_mtime_ns
    proc = subprocess.run(
        [sys.executable, str(build.ROOT / "build.py")], capture_output=True, text=True, check=True
    )
    assert "fetching" not in proc.stdout
    assert "building" not in proc.stdout
    assert wheel.stat().st_mtime_ns == before


def test_a_missing_chromium_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("AMPLIFY_CHROMIUM", str(tmp_path / "no-such-chromium"))
    with pytest.raises(build.BuildError, match="no-such-chromium"):
        build.ensure_chromium()


def test_a_missing_npm_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    with pytest.raises(build.BuildError, match="npm is required"):
        build.ensure_npm()
