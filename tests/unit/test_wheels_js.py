"""web/js/wheels.mjs's unzip, run in Node on the real wheel, gives exactly the files and
bytes Python's zipfile reads; a damaged archive is an error, not a partial install."""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import zipfile
from pathlib import Path

import build
import pytest

NODE = shutil.which("node")
SCRIPT = """
const { unzip } = await import(process.argv[1]);
const { readFileSync } = await import('node:fs');
const { createHash } = await import('node:crypto');
try {
  const files = await unzip(new Uint8Array(readFileSync(process.argv[2])));
  const out = {};
  for (const [name, bytes] of files) out[name] = createHash('sha256').update(bytes).digest('hex');
  console.log(JSON.stringify({ files: out }));
} catch (err) {
  console.log(JSON.stringify({ error: String(err.message) }));
}
"""


def run_unzip(path: Path) -> dict[str, object]:
    assert NODE is not None, "node is required (python3 build.py installs it)"
    proc = subprocess.run(
        [NODE, "--input-type=module", "-e", SCRIPT, str(build.JS / "wheels.mjs"), str(path)],
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, object] = json.loads(proc.stdout)
    return result


@pytest.fixture(scope="module")
def wheel() -> Path:
    return build.build_own_wheel()


def test_unzip_reads_every_file_of_the_wheel_exactly(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as zf:
        expected = {
            i.filename: hashlib.sha256(zf.read(i)).hexdigest()
            for i in zf.infolist()
            if not i.is_dir()
        }
    assert run_unzip(wheel)["files"] == expected
    assert any(name.endswith(".cpython-314.pyc") for name in expected)


def test_a_damaged_wheel_is_an_error(wheel: Path, tmp_path: Path) -> None:
    data = bytearray(wheel.read_bytes())
    cut = tmp_path / "cut.whl"
    cut.write_bytes(bytes(data[: len(data) // 2]))
    assert "error" in run_unzip(cut)
    flipped = tmp_path / "flipped.whl"
    data[len(data) // 3 : len(data) // 3 + 64] = bytes(64)
    flipped.write_bytes(bytes(data))
    assert "error" in run_unzip(flipped)
