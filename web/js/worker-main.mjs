// The memory's Web Worker: boots Pyodide and amplify_memory off the page's main thread
// and answers calls of web/js/memory.mjs. build.py bundles this module and its imports into
// worker.mjs (the script the page starts: one fetch, then Python starts), so run
// `python3 build.py` after editing any of them. Messages (all plain objects):
//
//   page -> worker                              worker -> page
//                                               {type:'hello'}  (the script has loaded)
//   {type:'boot', assetBase, timeouts, snapshot} {type:'step', name, detail}
//                                               {type:'booted', version, timings, snapshot}
//                                               {type:'boot-error', step, code, url, message}
//   {type:'call', id, method, args}             {type:'result', id, value} | {type:'result', id, error}
//   {type:'run', id, code}                      (same answer: the value as JSON-shaped data)
//   {type:'hidden', keys}                       {type:'journal', key, text}  (text null: none)
//   {type:'journals', id, entries}              (answered as a call: how many were written)
//     (a closed page's journals, [[key, text]], copied to localStorage on its hide)
//   {type:'make-snapshot', assetBase}           {type:'snapshot-made', bytes, ms} | {type:'snapshot-error', message}
//     (only to a worker of its own, which does nothing else: runtime.mjs makeSnapshot)
//
// `error` is {type, code, bases, message}: the Python exception's type name, its code,
// its base classes' names and its message (errors.mjs makes the JS error of it).
import { pythonMessage } from './assets.mjs';
import { bootPython, makeSnapshot } from './runtime.mjs';
import * as idb from './idb.mjs';

let booting = null; // the promise of {pyodide, version, timings}
let callPython = null; // amplify_memory.api.call (a PyProxy)
let coordinator = null; // amplify_memory.browser.browser_coordinator() (a PyProxy)

const post = (message) => globalThis.postMessage(message);
const WARM_AFTER_MS = 1500;

// Pending changes of every store, mirrored to the page, which writes them on page hide.
idb.setJournalMirror((key, text) => post({ type: 'journal', key, text }));

function errorOf(err) {
  if (err?.type && typeof err.message === 'string') {
    // A PythonError: its message is the traceback, whose last line is "Type: message".
    const last = err.message.trim().split('\n').at(-1) ?? '';
    const prefix = `${err.type}: `;
    return {
      type: err.type,
      message: last.startsWith(prefix) ? last.slice(prefix.length) : err.message,
      traceback: err.message,
    };
  }
  return { type: err?.name || 'Error', message: String(err?.message ?? err) };
}

/** Send the journals changed by the call that just ended, before its answer. */
function postJournals() {
  try {
    coordinator?.post_journals();
  } catch (err) {
    console.error('amplify worker: mirroring journals failed', err);
  }
}

async function boot({ assetBase, timeouts, snapshot }) {
  // The stores' database opens while Python starts (the first store's open then only
  // reads); a failure here is the first call's to report, as before.
  idb.ensureConnection().catch(() => {});
  const runtime = await bootPython({
    assetBase,
    timeouts,
    snapshot: snapshot !== false,
    onStep: (name, detail) => post({ type: 'step', name, detail }),
  });
  const { pyodide } = runtime;
  callPython = pyodide.pyimport('amplify_memory.api').call;
  coordinator = pyodide.pyimport('amplify_memory.browser').browser_coordinator();
  // The extraction rules load on first use; load them once the page has had its start.
  setTimeout(() => {
    try {
      pyodide.runPython('import amplify_memory.api\namplify_memory.api.warm()');
    } catch (err) {
      console.error('amplify worker: warming the extraction rules failed', err);
    }
  }, WARM_AFTER_MS);
  return runtime;
}

async function answerCall({ id, method, args, progress }) {
  try {
    const runtime = await booting;
    if (!runtime) throw new Error('the worker has not booted');
    const report = progress ? (stage, done, total) => post({ type: 'progress', id, stage, done, total }) : undefined;
    const text = await callPython(String(method), JSON.stringify(args ?? {}), report);
    postJournals();
    post({ type: 'result', id, ...JSON.parse(text) });
  } catch (err) {
    // (api.call never raises: this is the worker or Pyodide failing, not an answer)
    postJournals();
    post({ type: 'result', id, error: { ...errorOf(err), worker: true } });
  }
}

async function answerRun({ id, code }) {
  try {
    const { pyodide } = await booting;
    let value = await pyodide.runPythonAsync(String(code));
    if (value && typeof value.toJs === 'function') {
      const proxy = value;
      value = proxy.toJs({ dict_converter: Object.fromEntries, create_pyproxies: false });
      proxy.destroy();
    }
    postJournals();
    try {
      post({ type: 'result', id, value });
    } catch (err) {
      // Not structured-cloneable (a function, a JsProxy ...): say so instead of hanging.
      post({ type: 'result', id, error: { type: err.name, message: String(err.message) } });
    }
  } catch (err) {
    postJournals();
    const error = errorOf(err);
    error.message = error.traceback ?? error.message;
    post({ type: 'result', id, error });
  }
}

/** Write the journals a closed page copied, through this worker's own connection (the
 * one its stores use), before the page replays that page's changes. */
async function answerJournals({ id, entries }) {
  try {
    if (entries?.length) await idb.saveManyToIDB(entries); // (one transaction: all or none)
    post({ type: 'result', id, value: entries?.length ?? 0 });
  } catch (err) {
    post({ type: 'result', id, error: { ...errorOf(err), worker: true } });
  }
}

globalThis.onmessage = (event) => {
  const message = event.data ?? {};
  switch (message.type) {
    case 'boot':
      if (booting) return;
      booting = boot(message);
      booting.then(
        ({ version, timings, snapshot }) => post({ type: 'booted', version, timings, snapshot }),
        (err) =>
          post({
            type: 'boot-error',
            step: err?.step ?? 'worker',
            code: err?.code ?? 'BOOT_FAILED',
            url: err?.url,
            // (a BootError's message starts with its step; the page adds it again)
            message: err?.step
              ? String(err.message).replace(`${err.step}: `, '')
              : pythonMessage(err),
          }),
      );
      booting.catch(() => {});
      break;
    case 'call':
      answerCall(message);
      break;
    case 'make-snapshot':
      if (booting) return; // (never in a worker that serves calls)
      booting = Promise.resolve(null);
      makeSnapshot({ assetBase: message.assetBase, timeouts: message.timeouts }).then(
        ({ bytes, ms }) => post({ type: 'snapshot-made', bytes, ms }),
        (err) => post({ type: 'snapshot-error', message: String(err?.message ?? err) }),
      );
      break;
    case 'run':
      answerRun(message);
      break;
    case 'journals':
      answerJournals(message);
      break;
    case 'hidden':
      // The page wrote these journals while hidden: have them deleted once merged.
      try {
        coordinator?.journals_saved(message.keys ?? []);
      } catch (err) {
        console.error('amplify worker: journals_saved failed', err);
      }
      break;
    default:
      console.error('amplify worker: unknown message', message);
  }
};

post({ type: 'hello' });
