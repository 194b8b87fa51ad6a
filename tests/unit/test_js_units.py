"""The JavaScript units (tests/unit/js/*.test.mjs) in Node's own test runner: the parts of
the JS library that need neither a browser nor Pyodide (the vector-context controller and
the React hook, on a fake clock). Node is the one `python3 build.py` installs to compile
the wheel's bytecode."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

JS_UNITS = Path(__file__).parent / "js"


def test_the_javascript_units_pass_in_node() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node not found: `python3 build.py test` installs it (Debian's nodejs)")
    files = sorted(JS_UNITS.glob("*.test.mjs"))
    assert files, f"no *.test.mjs in {JS_UNITS}"
    proc = subprocess.run(
        [node, "--test", "--test-reporter=tap", *map(str, files)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
    # Every test file ran and no test was skipped or left as a todo.
    assert "# fail 0" in proc.stdout
    assert "# skipped 0" in proc.stdout
    assert "# todo 0" in proc.stdout
    passed = int(proc.stdout.split("# pass ")[1].split()[0])
    assert passed >= 4, proc.stdout[-2000:]
