"""The source passes the linters configured in pyproject.toml (ruff, mypy --strict)."""

from __future__ import annotations

import subprocess
import sys

from build import ROOT

CHECKED = ["py_src", "tests", "bench", "tools", "build.py", "examples"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_finds_nothing() -> None:
    proc = run("ruff", "check", *CHECKED)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_ruff_format_changes_nothing() -> None:
    proc = run("ruff", "format", "--check", *CHECKED)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_mypy_strict_finds_nothing_in_the_package() -> None:
    proc = run("mypy", "py_src")
    assert proc.returncode == 0, proc.stdout + proc.stderr
