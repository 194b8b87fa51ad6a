// Compiles a folder of Python sources to Pyodide's own CPython bytecode, so that the page
// imports the package without compiling it (about half a second in the browser).
//
//   node tools/compile_pyc.mjs <pyodide npm folder> <folder>
//
// Writes __pycache__/<name>.cpython-3XX.pyc beside every .py of <folder>, as
// unchecked-hash pycs (PEP 552): the interpreter uses them without looking at the
// sources' timestamps, which a wheel does not keep.
import path from 'node:path';

const [pyodideDir, folder] = process.argv.slice(2);
if (!pyodideDir || !folder) {
  console.error('usage: node tools/compile_pyc.mjs <pyodide npm folder> <folder>');
  process.exit(2);
}
const { loadPyodide } = await import(path.resolve(pyodideDir, 'pyodide.mjs'));
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + path.sep });
pyodide.FS.mkdirTree('/src');
pyodide.mountNodeFS('/src', path.resolve(folder));
const ok = pyodide.runPython(`
import compileall, py_compile, sys
ok = compileall.compile_dir(
    "/src", quiet=1, legacy=False, workers=1,
    invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH,
)
bool(ok)
`);
const tag = pyodide.runPython('import sys; sys.implementation.cache_tag');
console.log(JSON.stringify({ ok, tag }));
process.exit(ok ? 0 : 1);
