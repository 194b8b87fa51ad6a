// Starting the memory's Web Worker, and starting it early.
//
// createMemory() starts its worker when it is called, which is after the app's whole module
// graph has loaded (about 0.1 s on the demo page, more in a large app). `prestart()`, called
// from the page's earliest script (a small module of its own), creates the worker and asks it
// to boot at once; the createMemory() that follows with the same options adopts that worker
// and the messages it has sent meanwhile. With other options, createMemory() ends the
// prestarted worker and starts its own.
//
//   <script type="module" async src="early.mjs"></script>     // early.mjs:
//   import { prestart } from 'amplify-memory/prestart';
//   prestart({ assetBase: '/amplify-memory/' });
// (No imports: the worker starts as soon as this one module has loaded.)

const WORKER_FILE = './worker.mjs';

/** Where the worker script is, as said in errors: `workerURL`, or worker.mjs beside this. */
export function workerLocation(workerURL) {
  // (Not the literal `new URL('./worker.mjs', ...)` form: a bundler would copy the file.)
  return String(workerURL ?? new URL(WORKER_FILE, import.meta.url));
}

/** The asset folder the options name (`assetBase`, or `assets/` in the older `base`), or
 * undefined for the default. */
export function assetRoot({ assetBase, base } = {}) {
  return assetBase ?? (base ? new URL('assets/', new URL(base, globalThis.location?.href)) : undefined);
}

/** The worker's boot message (worker-main.mjs); `root` undefined: the worker's default. */
export function bootMessage(root, timeouts, snapshot) {
  return { type: 'boot', assetBase: root === undefined ? undefined : String(root), timeouts, snapshot: snapshot !== false };
}

/**
 * The module Web Worker: the literal `new URL(..., import.meta.url)` form bundlers know.
 * Returns `{worker, where}`; throws what `new Worker` throws (memory.mjs names it).
 */
export function startWorker(workerURL) {
  const where = workerLocation(workerURL);
  const worker = workerURL
    ? new Worker(workerURL, { type: 'module', name: 'amplify-memory' })
    : new Worker(new URL('./worker.mjs', import.meta.url), { type: 'module', name: 'amplify-memory' });
  return { worker, where };
}

let early = null; // {worker, where, root, workerURL, timeouts, snapshot, events}

/**
 * Create the memory's worker now and have it start Python, for the createMemory() that will
 * follow with the same options (`assetBase`/`base`, `workerURL`, `timeouts`, `snapshot`;
 * only mode 'worker'). Returns nothing and never throws: a worker that cannot start is
 * createMemory's to report. A second call while the first worker waits is ignored.
 */
export function prestart(options = {}) {
  if (early || typeof Worker !== 'function') return;
  try {
    const { worker, where } = startWorker(options.workerURL);
    const events = [];
    // A dedicated worker's messages are not kept for a listener that comes later: hold them.
    worker.onmessage = (event) => events.push(event);
    worker.onerror = (event) => events.push(event);
    worker.onmessageerror = (event) => events.push(event);
    // (the worker resolves a missing asset base the way createMemory does: its default)
    const { timeouts = {}, snapshot = true } = options;
    const root = assetRoot(options);
    worker.postMessage(bootMessage(root, timeouts, snapshot));
    early = { worker, where, root, workerURL: options.workerURL, timeouts, snapshot: snapshot !== false, events };
  } catch (err) {
    console.warn('amplify memory: prestart failed; createMemory starts the worker', err);
  }
}

/**
 * The prestarted worker and its options, `{worker, where, root, workerURL, timeouts, snapshot,
 * events}` (`root`: the asset base given, if any; `events`: what the worker has sent meanwhile,
 * to be handled in order), or null; the prestart is used up.
 * (createMemory compares the options: memory.mjs.)
 */
export function takePrestarted() {
  const found = early;
  early = null;
  if (found) {
    found.worker.onmessage = null;
    found.worker.onerror = null;
    found.worker.onmessageerror = null;
  }
  return found;
}
