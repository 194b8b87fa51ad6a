"""build.py: the wheel it builds, the lock and index it writes, and its caching."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

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
        # bytecode for Pyodide's CPython beside every module
        pycs = {n for n in names if n.endswith(".cpython-314.pyc")}
        assert len(pycs) == len([s for s in sources if s.endswith(".py")])
        assert "amplify_memory/__pycache__/api.cpython-314.pyc" in pycs
        dist = next(n.split("/")[0] for n in names if n.endswith(".dist-info/METADATA"))
        metadata = zf.read(f"{dist}/METADATA").decode()
        assert "Requires-Dist: snowballstemmer" in metadata
        assert "Tag: py3-none-any" in zf.read(f"{dist}/WHEEL").decode()
        record = zf.read(f"{dist}/RECORD").decode().splitlines()
        assert len(record) == len(names)


def test_pycs_are_unchecked_hash_for_python_3_14(built: None) -> None:
    wheel = next(build.WHEELS.glob("amplify_memory-*-py3-none-any.whl"))
    with zipfile.ZipFile(wheel) as zf:
        head = zf.read("amplify_memory/__pycache__/api.cpython-314.pyc")[:16]
    flags = int.from_bytes(head[4:8], "little")
    assert flags == 0b01  # hash-based, not checked against the source (PEP 552)


def _manifest() -> dict[str, Any]:
    text = (build.JS / "manifest.mjs").read_text()
    body = text[text.index("Object.freeze(") + len("Object.freeze(") : text.index(");\n")]
    data: dict[str, Any] = json.loads(body)
    return data


def test_lock_file_points_only_at_local_wheels_with_their_hashes(built: None) -> None:
    manifest = _manifest()
    lock_path = build.ASSETS / manifest["lockFile"]
    lock = json.loads(lock_path.read_text())
    assert set(lock["packages"]) == {w.name for w in build.PINNED_WHEELS} | {"amplify-memory"}
    assert lock["packages"]["amplify-memory"]["depends"] == ["snowballstemmer"]
    for entry in lock["packages"].values():
        assert "/" not in entry["file_name"]
        assert ":" not in entry["file_name"]
        assert build.sha256_file(lock_path.parent / entry["file_name"]) == entry["sha256"]


def test_every_asset_is_versioned_and_named_by_the_manifest(built: None) -> None:
    manifest = _manifest()
    on_disk = {
        str(p.relative_to(build.ASSETS)).replace("\\", "/"): p.stat().st_size
        for p in build.ASSETS.rglob("*")
        if p.is_file()
    }
    assert manifest["files"] == on_disk
    for path in on_disk:
        folder = path.split("/")[0]
        assert folder in {f"pyodide-{build.PYODIDE_VERSION}", "models"} or (
            folder.startswith("python-") and len(folder) == len("python-") + 12
        ), path
    assert manifest["model"].rsplit("-", 1)[1].split(".")[0].isalnum()
    for url in (manifest["lockFile"], manifest["model"], manifest["pyodide"]["path"]):
        assert "://" not in url
        assert not url.startswith("/")


def test_versioned_assets_are_cached_for_good_and_the_rest_revalidated() -> None:
    assert build.cache_control("/assets/pyodide-314.0.7/pyodide.asm.wasm") == build.CACHE_FOREVER
    assert build.cache_control("/assets/models/x-0123456789ab.bin?v=1") == build.CACHE_FOREVER
    assert build.cache_control("/js/memory.mjs") == "no-cache"
    assert build.cache_control("/") == "no-cache"


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


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ([], ["chromium", "firefox", "webkit"]),
        (["tests"], ["chromium", "firefox", "webkit"]),
        (["tests/unit"], []),
        (["tests/browser/test_boot.py", "-q"], []),
        (["tests/engines", "--engine", "firefox"], ["firefox"]),
        (["-k", "reload", "--engine=webkit,chromium"], ["webkit", "chromium"]),
        (["-m", "not browser"], []),
        (["-m", "not browser", "tests"], []),
        (["tests/unit/test_api.py::test_x"], []),
        (["tests/engines/test_firefox.py::test_x[firefox]"], ["chromium", "firefox", "webkit"]),
        (["-k", "tests", "tests/unit"], []),
    ],
)
def test_the_test_command_installs_only_the_engines_a_run_uses(
    monkeypatch: pytest.MonkeyPatch, args: list[str], expected: list[str]
) -> None:
    monkeypatch.delenv("AMPLIFY_ENGINES", raising=False)
    monkeypatch.chdir("/")  # (paths are read as pytest reads them: from the repository)
    assert build.wanted_engines(args) == expected


def test_a_missing_engine_that_cannot_be_installed_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    missing = {"firefox": {"firefox-esr": (str(tmp_path / "no-firefox"), "")}}
    monkeypatch.setattr(build, "ENGINE_FILES", missing)
    tried: list[list[str]] = []

    def apt_install(packages: list[str]) -> bool:
        tried.append(packages)
        return False  # (not root, say)

    monkeypatch.setattr(build, "_apt_install", apt_install)
    with pytest.raises(build.BuildError, match=r"firefox-esr.*--engine chromium"):
        build.ensure_engines(["chromium", "firefox"])
    assert tried == [["firefox-esr"]]
    build.ensure_engines(["chromium"])  # nothing needed: no error, nothing installed
    assert tried == [["firefox-esr"]]


def refuse_set_up(monkeypatch: pytest.MonkeyPatch, why: str) -> None:
    """The test command's set-up (and its apt-get) fails the test if it starts."""

    def no_set_up(*args: Any) -> None:
        raise AssertionError(f"set-up started although {why}")

    for name in ("build", "ensure_venv", "ensure_chroma_server", "_install_quietly"):
        monkeypatch.setattr(build, name, no_set_up)


def stub_set_up(
    monkeypatch: pytest.MonkeyPatch, install: Callable[..., bool], run: Callable[..., Any]
) -> None:
    """The test command with apt-get possible, its set-up done at once, the engines'
    packages present, ``install`` for apt-get and ``run`` for the pytest processes."""
    monkeypatch.setattr(build, "_lacking_engine_packages", lambda names: [])
    monkeypatch.setattr(build, "_can_apt", lambda: True)
    monkeypatch.setattr(build, "_install_quietly", install)
    monkeypatch.setattr(build, "ensure_npm", lambda: "npm")
    for name in ("build", "ensure_chroma_server"):
        monkeypatch.setattr(build, name, lambda: None)
    monkeypatch.setattr(build, "ensure_venv", lambda: Path("python"))
    monkeypatch.setattr(build.subprocess, "run", run)


def test_the_browsers_lacked_are_listed_as_debian_packages(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("AMPLIFY_CHROMIUM", raising=False)
    monkeypatch.setattr(build, "chromium_path", lambda: None)
    missing = {"firefox": {"firefox-esr": (str(tmp_path / "no-firefox"), "")}}
    monkeypatch.setattr(build, "ENGINE_FILES", missing)
    assert build.browser_packages(["chromium", "firefox"]) == ["chromium", "firefox-esr"]
    assert build.browser_packages(["chromium"]) == ["chromium"]
    monkeypatch.setattr(build, "chromium_path", lambda: "/usr/bin/chromium")
    assert build.browser_packages(["chromium"]) == []


def test_the_test_command_names_a_browser_it_cannot_install_before_any_set_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("AMPLIFY_CHROMIUM", raising=False)
    monkeypatch.setattr(build, "chromium_path", lambda: None)
    monkeypatch.setattr(build, "_can_apt", lambda: False)

    refuse_set_up(monkeypatch, "a browser is missing")
    with pytest.raises(build.BuildError, match="Chromium is required"):
        build.run_tests([])


def test_the_browsers_install_beside_the_set_up_and_the_cpython_tier_does_not_wait(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # apt-get for the browsers runs in a thread of its own: the set-up and the CPython
    # tier go on meanwhile, and only the browser tier waits for it.
    import threading

    monkeypatch.delenv("AMPLIFY_CHROMIUM", raising=False)
    monkeypatch.setattr(build, "test_workers", lambda: 2)
    installed = threading.Event()
    cpython_tier_ran = threading.Event()
    events: list[str] = []

    def install(packages: list[str]) -> bool:
        events.append("apt-get " + " ".join(packages))
        assert cpython_tier_ran.wait(10), "the CPython tier waited for apt-get"
        installed.set()
        events.append("installed")
        return True

    def run(cmd: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
        tier = "cpython" if "tests/unit" in cmd else "browser"
        events.append(f"{tier} tier (AMPLIFY_CHROMIUM={kwargs['env'].get('AMPLIFY_CHROMIUM')})")
        if tier == "cpython":
            cpython_tier_ran.set()
        return subprocess.CompletedProcess(cmd, 0)

    monkeypatch.setattr(build, "chromium_path", lambda: "/c" if installed.is_set() else None)
    stub_set_up(monkeypatch, install, run)
    assert build.run_tests([]) == 0
    assert events == [
        "apt-get chromium",
        "cpython tier (AMPLIFY_CHROMIUM=None)",
        "installed",
        "browser tier (AMPLIFY_CHROMIUM=/c)",
    ]


def test_a_wrong_chromium_path_is_named_before_any_set_up(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("AMPLIFY_CHROMIUM", str(tmp_path / "no-such-chromium"))

    refuse_set_up(monkeypatch, "Chromium's path is wrong")
    with pytest.raises(build.BuildError, match="no-such-chromium"):
        build.run_tests([])


def test_a_failed_install_stops_the_browser_tier_with_where_to_look(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("AMPLIFY_CHROMIUM", raising=False)
    monkeypatch.setattr(build, "test_workers", lambda: 2)
    ran: list[list[str]] = []
    monkeypatch.setattr(build, "chromium_path", lambda: None)
    stub_set_up(
        monkeypatch,
        lambda packages: False,
        lambda cmd, **kw: ran.append(cmd) or subprocess.CompletedProcess(cmd, 0),
    )
    with pytest.raises(build.BuildError, match=r"apt-get could not install chromium.*apt-get\.log"):
        build.run_tests([])
    assert len(ran) == 1  # (the CPython tier ran; the browser tier did not start)
    assert "tests/unit" in ran[0]


def test_chromium_gets_one_disable_features_switch_with_playwrights_list_and_ours() -> None:
    # Chromium keeps only the last of two --disable-features switches: ours carries
    # Playwright's own list (read from the installed driver) as well as our features.
    theirs = build.playwright_disabled_features()
    assert theirs
    assert "ThirdPartyStoragePartitioning" in theirs
    switches = [a for a in build.CHROMIUM_ARGS if a.startswith("--disable-features=")]
    assert len(switches) == 1
    features = switches[0].removeprefix("--disable-features=").split(",")
    assert set(theirs) | set(build.OWN_DISABLED_FEATURES) == set(features)


def test_the_test_command_runs_the_two_tiers_side_by_side(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build, "test_workers", lambda: 2)
    unit, browser = build.test_commands(["-p", "no:cacheprovider", "--junitxml=out/r.xml"])
    assert unit == [
        "-n", "2", "-p", "no:cacheprovider", "--junitxml=out/r.cpython.xml", "tests/unit"
    ]  # fmt: skip
    assert browser == [
        "-n", "2", "--dist", "loadscope", "--no-loadscope-reorder", "-p", "no:cacheprovider",
        "--junitxml=out/r.browser.xml", "tests/engines", "tests/browser",
    ]  # fmt: skip
    # Paths of one tier: that tier alone (the browser tier on workers); of both: one run.
    workers = ["-n", "2", "--dist", "loadscope", "--no-loadscope-reorder"]
    assert build.test_commands(["tests/browser/test_api.py::test_x", "-q"]) == [
        [*workers, "tests/browser/test_api.py::test_x", "-q"]
    ]
    assert build.test_commands(["-k", "tests/browser", "tests/unit"]) == [
        ["-k", "tests/browser", "tests/unit"]
    ]
    assert build.test_commands(["tests/unit", "tests/engines"]) == [["tests/unit", "tests/engines"]]
    # The command line's own choice of workers is kept; one core: no workers.
    assert build.test_commands(["-p", "no:xdist", "tests/browser"]) == [
        ["-p", "no:xdist", "tests/browser"]
    ]
    monkeypatch.setattr(build, "test_workers", lambda: 1)
    assert build.test_commands(["tests/browser"]) == [["tests/browser"]]
    assert build.test_commands([])[0] == ["tests/unit"]


def test_the_workers_default_to_the_cores_up_to_two(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("AMPLIFY_TEST_WORKERS", raising=False)
    for cores, workers in ((1, 1), (2, 2), (16, 2), (None, 1)):
        monkeypatch.setattr(build.os, "cpu_count", lambda c=cores: c)
        assert build.test_workers() == workers
    monkeypatch.setenv("AMPLIFY_TEST_WORKERS", "3")
    assert build.test_workers() == 3
    monkeypatch.setenv("AMPLIFY_TEST_WORKERS", "two")
    with pytest.raises(build.BuildError, match="AMPLIFY_TEST_WORKERS must be a number"):
        build.test_workers()
