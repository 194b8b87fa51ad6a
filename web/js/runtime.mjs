// Boots Pyodide from the page's own origin and loads amplify_memory.
//
// Works on the main thread and in a Web Worker (no DOM access). Everything comes from one
// folder of versioned assets (`assetBase`, named by manifest.mjs): Pyodide, our wheels
// (fetched while Pyodide compiles, checked and written into site-packages by wheels.mjs
// before Python starts: no micropip, no package loader) and the embedding table. Each
// step has a timeout, and the failures Pyodide would wait on forever (WebAssembly refused
// by the page's CSP, a .wasm with the wrong MIME type, an asset folder that is not there)
// are found first and named, with the URL tried.
import { BootError } from './errors.mjs';
import * as idb from './idb.mjs';
import * as kernels from './kernels.mjs';
import { DEFAULT_TIMEOUTS, pythonMessage, resolveAssetBase } from './assets.mjs';
import { manifest } from './manifest.mjs';
import { assetRoot } from './prestart.mjs';
import {
  deleteSnapshots,
  growingFactory,
  PREIMPORT,
  findSnapshot,
  readSnapshot,
  snapshotKey,
  storeSnapshot,
} from './snapshot.mjs';
import { fetchWheels, writeFiles } from './wheels.mjs';

export { BootError, DEFAULT_TIMEOUTS, pythonMessage, resolveAssetBase };

/** Resolve with `promise`, or reject with a BootError after `ms` milliseconds. */
export function withTimeout(promise, ms, step, url) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new BootError(step, `no answer after ${ms} ms (timed out)${url ? ` loading ${url}` : ''}`, {
            code: 'BOOT_TIMEOUT',
            url,
          }),
        ),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** WebAssembly allowed here? A page whose CSP lacks 'wasm-unsafe-eval' refuses it. */
async function checkWebAssembly() {
  if (typeof WebAssembly !== 'object') {
    throw new BootError('pre-flight', 'this browser has no WebAssembly', { code: 'BOOT_FAILED' });
  }
  try {
    // The smallest valid module: the magic number and version.
    await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));
  } catch (err) {
    throw new BootError(
      'pre-flight',
      "WebAssembly is refused, most likely by the page's Content-Security-Policy: add " +
        "'wasm-unsafe-eval' to its script-src (and, for the worker, to the policy the " +
        `worker script is served with). The browser said: ${err?.message ?? err}`,
      { code: 'BOOT_CSP', cause: err },
    );
  }
}

function sameOriginHint(url) {
  const here = globalThis.location?.origin;
  return here && new URL(url).origin !== here
    ? ` The asset base is on ${new URL(url).origin}, not this page's origin ${here}: serve ` +
        "the package's assets/ folder from the page's own origin (or with CORS)."
    : '';
}

/** Fetch `url` (HEAD), checking its status and, when given, its MIME type. */
async function preflight(url, step, ms, expectType) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  let response;
  try {
    response = await fetch(url, { method: 'HEAD', signal: controller.signal });
  } catch (err) {
    if (controller.signal.aborted) {
      throw new BootError(step, `no answer from ${url} after ${ms} ms`, {
        code: 'BOOT_TIMEOUT',
        url,
      });
    }
    const cross = sameOriginHint(url);
    throw new BootError(step, `could not fetch ${url}: ${err}.${cross}`, {
      code: cross ? 'BOOT_CROSS_ORIGIN' : 'BOOT_FAILED',
      url,
      cause: err,
    });
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    throw new BootError(
      step,
      `${url} answered HTTP ${response.status}. The assets are not served there: copy the ` +
        "package's assets/ folder to your site (`npx amplify-memory-assets public/amplify-memory`) " +
        'and pass its URL as assetBase (in this repository: run `python3 build.py`).',
      { code: response.status === 404 ? 'BOOT_NOT_FOUND' : 'BOOT_FAILED', url },
    );
  }
  const type = (response.headers.get('content-type') || '').split(';')[0].trim();
  if (expectType && type !== expectType) {
    throw new BootError(
      step,
      `${url} is served as "${type || 'no type'}", expected "${expectType}" ` +
        '(Pyodide hangs on a wrong MIME type: configure the server to send .wasm as application/wasm)',
      { code: 'BOOT_MIME_TYPE', url },
    );
  }
}

/** loadPyodide's options for these assets: our wheels written in before Python starts. */
function pyodideOptions(assets, wheelFiles, report) {
  const indexURL = new URL(manifest.pyodide.path, assets).href;
  const lockFileURL = new URL(manifest.lockFile, assets).href;
  return {
    indexURL,
    lockFileURL,
    packageBaseUrl: new URL('./', lockFileURL).href,
    // The embedding table, fetched by Python on first need (embeddings/_default.py).
    env: { AMPLIFY_EMBEDDING_TABLE: new URL(manifest.model, assets).href },
    fsInit: async (FS, { sitePackages }) => {
      try {
        const files = await wheelFiles;
        writeFiles(FS, sitePackages, files);
        report(null, files.size);
      } catch (err) {
        report(err, 0); // said once loadPyodide is back
      }
    },
  };
}

/** Restore the snapshot `bytes`; resolves to the interpreter, or rejects (any failure). */
async function restore(pyodideModule, options, bytes, ms, asmModule) {
  const factory = (await asmModule).default;
  const pyodide = await withTimeout(
    pyodideModule.loadPyodide({ ...options, _loadSnapshot: bytes, createPyodideModule: growingFactory(factory, bytes) }),
    ms,
    'snapshot',
  );
  const ok = pyodide.runPython("import sys\n'amplify_memory.api' in sys.modules");
  if (ok !== true) throw new Error('the restored interpreter lacks amplify_memory');
  // The snapshot's environment is the snapshot worker's: set this page's; and reseed
  // `random` (os.urandom, which the ids use, is not in the snapshot).
  pyodide.globals.set('_amplify_env', pyodide.toPy(options.env));
  pyodide.runPython(
    'import os, sys\nos.environ.update(_amplify_env)\ndel _amplify_env\n' +
      "if 'random' in sys.modules: sys.modules['random'].seed()",
  );
  return pyodide;
}

/**
 * Load Pyodide and amplify_memory from `assetBase` (default: the package's own assets/
 * folder beside this module). `onStep(name, detail)` is called as each step starts.
 * With `snapshot` (default true where the Cache API is), a stored snapshot of this build
 * is restored instead (snapshot.mjs); any failure deletes it and boots the normal way.
 * Resolves to `{ pyodide, version, timings, manifest, assetBase, snapshot }` (`snapshot`:
 * 'restored', 'none' or 'failed: <why>'); rejects with a BootError whose `step`, `code`
 * and `url` say what failed.
 */
export async function bootPython({
  assetBase,
  base,
  onStep = () => {},
  timeouts = {},
  snapshot = true,
} = {}) {
  const t = { ...DEFAULT_TIMEOUTS, ...timeouts };
  // `base` (a folder holding assets/) is the name of earlier versions.
  const root = assetRoot({ assetBase, base });
  const assets = resolveAssetBase(root);
  const timings = {};
  const started = performance.now();
  const mark = (name) => {
    timings[name] = Math.round(performance.now() - started);
  };

  onStep('pre-flight', `checking ${assets.href}`);
  const indexURL = new URL(manifest.pyodide.path, assets).href;
  const wasmURL = new URL('pyodide.asm.wasm', indexURL).href;
  const moduleURL = new URL('pyodide.mjs', indexURL).href;
  // The wheels download and unzip while the WebAssembly compiles.
  const wheelFiles = withTimeout(fetchWheels(assets, manifest.wheels), t.packages, 'packages');
  wheelFiles.catch(() => {}); // (awaited below)
  // The checks run beside Pyodide's start; a failed one ends the boot at once (Pyodide
  // itself would wait for ever on these failures).
  const checks = Promise.all([
    checkWebAssembly(),
    preflight(wasmURL, 'pre-flight', t.fetch, 'application/wasm'),
  ]).then(() => mark('preflight'));
  // `promise`'s outcome once the checks passed; their failure at once, if they fail.
  const checked = (promise) => {
    promise.catch(() => {}); // (handled below, after the checks)
    return checks.then(() => promise);
  };

  // A stored snapshot is read (and its hash checked) while Pyodide's module loads, and
  // when there is one, Pyodide's Emscripten module is loaded beside it (the restore needs
  // it at once; a normal boot's loadPyodide imports it itself).
  const key = snapshot ? snapshotKey(manifest) : null;
  const found = key?.then((k) => findSnapshot(assets, k));
  const stored = found
    ? withTimeout(
        found.then(async (entry) => entry && readSnapshot(entry, await key)),
        t.restore,
        'snapshot',
      )
    : null;
  stored?.catch(() => {}); // (awaited below)
  const asmModule = found?.then(
    (entry) => entry && import(/* @vite-ignore */ /* webpackIgnore: true */ new URL('pyodide.asm.mjs', indexURL).href),
  );
  asmModule?.catch(() => {}); // (awaited by the restore)

  onStep('pyodide', `loading Pyodide ${manifest.pyodide.version}`);
  let pyodideModule;
  try {
    pyodideModule = await checked(
      withTimeout(import(/* @vite-ignore */ /* webpackIgnore: true */ moduleURL), t.fetch, 'pyodide', moduleURL),
    );
  } catch (err) {
    if (err instanceof BootError) throw err;
    throw new BootError('pyodide', `could not import ${moduleURL}: ${err}`, { url: moduleURL, cause: err });
  }
  let wheelError = null;
  let wheelCount = 0;
  const options = pyodideOptions(assets, wheelFiles, (err, count) => {
    wheelError = err;
    wheelCount = count;
  });
  let pyodide = null;
  let restored = 'none';
  if (stored) {
    try {
      const bytes = await stored;
      if (bytes) {
        onStep('pyodide', `restoring the snapshot of Pyodide ${manifest.pyodide.version}`);
        pyodide = await checked(restore(pyodideModule, options, bytes, t.pyodide, asmModule));
        restored = 'restored';
      }
    } catch (err) {
      if (err instanceof BootError && err.step !== 'snapshot') throw err; // a failed check
      restored = `failed: ${err?.message ?? err}`;
      pyodide = null;
      await deleteSnapshots().catch(() => {});
      onStep('pyodide', `loading Pyodide ${manifest.pyodide.version} (the snapshot failed)`);
    }
  }
  if (!pyodide) {
    try {
      pyodide = await checked(
        withTimeout(pyodideModule.loadPyodide(options), t.pyodide, 'pyodide', options.indexURL),
      );
    } catch (err) {
      if (err instanceof BootError) throw err;
      throw new BootError('pyodide', `loadPyodide failed: ${err?.message ?? err}`, {
        url: options.indexURL,
        cause: err,
      });
    }
  }
  if (wheelError) {
    if (wheelError instanceof BootError) throw wheelError;
    throw new BootError('packages', wheelError.message, {
      code: wheelError.reason === 'status' && /HTTP 404/.test(wheelError.message) ? 'BOOT_NOT_FOUND' : 'BOOT_FAILED',
      url: wheelError.url,
      cause: wheelError,
    });
  }
  // The IndexedDB bridge of amplify_memory.browser (`import amplify_idb` in Python).
  pyodide.registerJsModule('amplify_idb', idb);
  // Vector scoring loops over Python arrays and the HTTP transport (amplify_memory.browser.install_platform).
  pyodide.registerJsModule('amplify_kernels', kernels);
  mark('pyodide');
  onStep('packages', `${manifest.packages.join(', ')}: ${wheelCount} files installed`);
  mark('packages');

  onStep('import', `importing ${manifest.package.name}`);
  let version;
  try {
    version = await withTimeout(
      pyodide.runPythonAsync(
        'import amplify_memory.api\n' +
          'from amplify_memory.browser import install_platform\n' +
          'install_platform()\n' +
          'amplify_memory.__version__',
      ),
      restored === 'restored' ? Math.min(t.import, 5_000) : t.import,
      'import',
    );
  } catch (err) {
    if (restored === 'restored') {
      // A restored interpreter that fails here is a bad snapshot: drop it (createMemory
      // then boots again without one).
      await deleteSnapshots().catch(() => {});
      throw new BootError('snapshot', `the restored interpreter failed: ${err?.message ?? err}`, {
        code: 'BOOT_SNAPSHOT',
        cause: err,
      });
    }
    if (err instanceof BootError) throw err;
    throw new BootError('import', pythonMessage(err), { cause: err });
  }
  mark('import');
  return {
    pyodide,
    version,
    timings,
    manifest,
    assetBase: assets.href,
    snapshot: restored,
    totalMs: timings.import,
  };
}

/**
 * Boot a fresh interpreter that only installs and imports the package, take its memory
 * snapshot and store it for the next visits (run in a worker of its own: see memory.mjs).
 * Resolves to `{bytes, ms}`.
 */
export async function makeSnapshot({ assetBase, timeouts = {} } = {}) {
  const t = { ...DEFAULT_TIMEOUTS, ...timeouts };
  const started = performance.now();
  const assets = resolveAssetBase(assetBase);
  const wheelFiles = fetchWheels(assets, manifest.wheels);
  let wheelError = null;
  const options = pyodideOptions(assets, wheelFiles, (err) => {
    wheelError = err;
  });
  const { loadPyodide } = await import(/* @vite-ignore */ /* webpackIgnore: true */ new URL('pyodide.mjs', options.indexURL).href);
  const pyodide = await withTimeout(loadPyodide({ ...options, _makeSnapshot: true }), t.pyodide, 'pyodide');
  if (wheelError) throw wheelError;
  await withTimeout(pyodide.runPythonAsync(PREIMPORT), t.import * 4, 'import');
  // Pyodide lists the packages it found in site-packages in `loadedPackages` (a JS
  // object), which a snapshot may not hold: empty it (this worker ends after the snapshot).
  for (const name of Object.keys(pyodide.loadedPackages)) delete pyodide.loadedPackages[name];
  const bytes = pyodide.makeMemorySnapshot();
  await storeSnapshot(assets, await snapshotKey(manifest), bytes);
  return { bytes: bytes.length, ms: Math.round(performance.now() - started) };
}
