// Boots Pyodide from this page's own origin and installs amplify_memory.
//
// Works on the main thread and in a Web Worker (no DOM access). Every step has a
// timeout: Pyodide waits forever on some failures (a .wasm served with the wrong MIME
// type, a wheel that never arrives), and a page that hangs tells the user nothing.

export const DEFAULT_TIMEOUTS = Object.freeze({
  fetch: 15_000, // manifest and pre-flight checks
  pyodide: 60_000, // loadPyodide: wasm compile + stdlib
  packages: 30_000, // loadPackage(micropip) through our lock file
  install: 30_000, // micropip.install of the wheels
  import: 15_000, // import amplify_memory
});

/** An Error that names the boot step which failed. */
export class BootError extends Error {
  constructor(step, message, options) {
    super(`${step}: ${message}`, options);
    this.name = 'BootError';
    this.step = step;
  }
}

/** Resolve with `promise`, or reject with a BootError after `ms` milliseconds. */
export function withTimeout(promise, ms, step) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(
      () => reject(new BootError(step, `no answer after ${ms} ms (timed out)`)),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function fetchChecked(url, step, ms, expectType, method = 'GET') {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  let response;
  try {
    response = await fetch(url, { method, signal: controller.signal, cache: 'no-store' });
  } catch (err) {
    const why = controller.signal.aborted ? `no answer after ${ms} ms` : String(err);
    throw new BootError(step, `could not fetch ${url}: ${why}`, { cause: err });
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok) {
    throw new BootError(
      step,
      `${url} answered HTTP ${response.status}; run \`python3 build.py\` to build web/`,
    );
  }
  const type = (response.headers.get('content-type') || '').split(';')[0].trim();
  if (expectType && type !== expectType) {
    throw new BootError(
      step,
      `${url} is served as "${type || 'no type'}", expected "${expectType}" ` +
        '(Pyodide hangs on a wrong MIME type; serve web/ with `python3 build.py serve`)',
    );
  }
  return response;
}

/**
 * Load Pyodide and amplify_memory. `base` is the URL of the web/ folder.
 * `onStep(name, detail)` is called as each step starts. Resolves to
 * `{ pyodide, version, timings, manifest }`.
 */
export async function bootPython({ base, onStep = () => {}, timeouts = {} } = {}) {
  const t = { ...DEFAULT_TIMEOUTS, ...timeouts };
  const root = new URL(base ?? './', globalThis.location?.href);
  const timings = {};
  const started = performance.now();
  const mark = (name) => {
    timings[name] = Math.round(performance.now() - started);
  };

  onStep('manifest', 'reading wheels/manifest.json');
  const manifest = await (
    await fetchChecked(new URL('wheels/manifest.json', root), 'manifest', t.fetch)
  ).json();
  const indexURL = new URL(manifest.pyodide.indexURL, root).href;
  // Pre-flight: the wasm must come with its MIME type, or loadPyodide never returns.
  const wasm = await fetchChecked(
    new URL('pyodide.asm.wasm', indexURL),
    'pre-flight',
    t.fetch,
    'application/wasm',
    'HEAD',
  );
  wasm.body?.cancel();
  mark('manifest');

  onStep('pyodide', `loading Pyodide ${manifest.pyodide.version}`);
  let pyodideModule;
  try {
    pyodideModule = await withTimeout(
      import(new URL('pyodide.mjs', indexURL).href),
      t.fetch,
      'pyodide',
    );
  } catch (err) {
    if (err instanceof BootError) throw err;
    throw new BootError('pyodide', `could not import pyodide.mjs: ${err}`, { cause: err });
  }
  const lockFileURL = new URL(manifest.lockFileURL, root).href;
  const pyodide = await withTimeout(
    pyodideModule.loadPyodide({
      indexURL,
      lockFileURL,
      packageBaseUrl: new URL('./', lockFileURL).href,
    }),
    t.pyodide,
    'pyodide',
  );
  // The IndexedDB bridge of amplify_memory.browser (`import amplify_idb` in Python).
  pyodide.registerJsModule('amplify_idb', await import('./idb.mjs'));
  // Vector scoring loops over Python arrays (amplify_memory.browser.install_vector_kernel).
  pyodide.registerJsModule('amplify_kernels', await import('./kernels.mjs'));
  mark('pyodide');

  onStep('packages', `loading ${manifest.preload.join(', ')}`);
  const loadErrors = [];
  // loadPackage does not reject on failure; it reports through errorCallback.
  await withTimeout(
    pyodide.loadPackage(manifest.preload, {
      messageCallback: () => {},
      errorCallback: (msg) => loadErrors.push(msg),
    }),
    t.packages,
    'packages',
  );
  const missing = manifest.preload.filter((name) => !(name in pyodide.loadedPackages));
  if (missing.length) {
    throw new BootError(
      'packages',
      `could not load ${missing.join(', ')}: ${loadErrors.join('; ') || 'no reason given'}`,
    );
  }
  mark('packages');

  onStep('install', 'installing wheels with micropip');
  const urls = manifest.install.map((u) => new URL(u, root).href);
  const index = new URL(manifest.indexURL, root).href.replaceAll('%7B', '{').replaceAll('%7D', '}');
  pyodide.globals.set('_amplify_urls', pyodide.toPy(urls));
  pyodide.globals.set('_amplify_index', index);
  try {
    await withTimeout(
      pyodide.runPythonAsync(
        'import micropip\n' +
          'for _u in _amplify_urls:\n' +
          '    await micropip.install(_u, index_urls=[_amplify_index])\n',
      ),
      t.install,
      'install',
    );
  } catch (err) {
    if (err instanceof BootError) throw err;
    throw new BootError('install', pythonMessage(err), { cause: err });
  }
  mark('install');

  onStep('import', `importing ${manifest.package.name}`);
  let version;
  try {
    version = await withTimeout(
      pyodide.runPythonAsync(
        'import amplify_memory\n' +
          'from amplify_memory.browser import install_vector_kernel\n' +
          'install_vector_kernel()\n' +
          'amplify_memory.__version__',
      ),
      t.import,
      'import',
    );
  } catch (err) {
    if (err instanceof BootError) throw err;
    throw new BootError('import', pythonMessage(err), { cause: err });
  }
  mark('import');
  return { pyodide, version, timings, manifest, totalMs: timings.import };
}

/** The last line of a Python traceback (the exception), or the whole message. */
export function pythonMessage(err) {
  const text = String(err?.message ?? err);
  const lines = text.trim().split('\n');
  return lines.length > 1 ? `${lines.at(-1)}\n${text}` : text;
}
