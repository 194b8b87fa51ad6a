// The JavaScript API of amplify_memory: createMemory() starts Python in a Web Worker and
// resolves to an object with the user-profile and project stores, prompt formatting,
// extraction, the MCP tools and persistence, all with JSON-shaped arguments and results.
//
//   import { createMemory } from 'amplify-memory';
//   const memory = await createMemory({ assetBase: '/amplify-memory/' });
//   await memory.userProfile.add('User prefers TypeScript over JavaScript', 'preference');
//   const userContext = await memory.userProfile.formatContext('typescript', { maxTokens: 500 });
//
// Every rejection is an AmplifyError (errors.mjs) with a stable `code`; errors raised in
// Python keep their class name in `pythonType`. See docs/javascript-api.md for every method.
import { DEFAULT_TIMEOUTS, pythonMessage, resolveAssetBase } from './assets.mjs';
import {
  AmplifyError,
  BootError,
  ClosedError,
  errorFromPython,
  InvalidArgumentError,
  PythonError,
} from './errors.mjs';
import * as idb from './idb.mjs';
import { manifest } from './manifest.mjs';
import { METHODS, RECORDED } from './methods.mjs';
import {
  assetRoot,
  bootMessage,
  startWorker as newWorker,
  takePrestarted,
  workerLocation,
} from './prestart.mjs';
import { deleteSnapshots, snapshotKey, snapshotsSupported } from './snapshot.mjs';

export { AmplifyError, PythonError };

/** An error Python answered with (the call reached it), as opposed to a dead worker. */
const answered = (err) => err instanceof AmplifyError && err.pythonType !== null;

// ------------------------------------------------------------------ the outbox

// A change the page has been handed is kept even when the page closes before Python has
// applied it: each change is recorded synchronously in localStorage before it is sent,
// and removed when its call settles. Each page has its own outbox, under a Web Lock it
// holds while it lives; at start, a page replays (in order) the outboxes whose lock is
// free: their pages are gone. A replayed change that had in fact been applied is
// harmless: the stores merge a repeated add into the stored entry, and removes, clears,
// assignments and edits are idempotent.
const OUTBOX_PREFIX = 'amplify_memory.outbox.';
const OUTBOX_MAX_CHARS = 256 * 1024; // larger changes (a big import) are not recorded
// A page's copy of its worker's journals, taken on hide (see workerTransport), under the
// name of its outbox: replayed (written to IndexedDB) with it.
const JOURNALS_PREFIX = 'amplify_memory.journals.';
const journalsOf = (outbox) => JOURNALS_PREFIX + outbox.slice(OUTBOX_PREFIX.length);
const outboxOf = (journals) => OUTBOX_PREFIX + journals.slice(JOURNALS_PREFIX.length);

function storageOrNull() {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // (a sandboxed frame or storage turned off)
  }
}

function createOutbox() {
  const storage = storageOrNull();
  const locks = globalThis.navigator?.locks;
  if (!storage || !locks) {
    return { record: () => null, settle: () => {}, keepJournals: () => {}, replay: async () => 0, watch: () => {} };
  }
  const key = OUTBOX_PREFIX + (globalThis.crypto?.randomUUID?.() ?? String(Math.random()));
  const entries = new Map();
  let seq = 0;
  // From `pagehide` on, an answer no longer takes a change out of the outbox: the page
  // copied its worker's journals on hide, and a change answered after that copy may be in
  // neither (the worker ends with the page before its own journal write commits). Kept,
  // it is replayed by the next page (harmless if it was applied). Back from the
  // back/forward cache (`pageshow`), those answers count again.
  let leaving = false;
  const late = [];
  globalThis.addEventListener?.('pagehide', () => (leaving = true));
  globalThis.addEventListener?.('pageshow', () => {
    leaving = false;
    if (late.length) {
      for (const id of late.splice(0)) entries.delete(id);
      save();
    }
  });
  // Held until the page goes away (the promise never settles).
  locks.request(key, () => new Promise(() => {})).catch(() => {});
  const save = () => {
    try {
      if (entries.size) storage.setItem(key, JSON.stringify([...entries.values()]));
      else storage.removeItem(key);
    } catch (err) {
      console.error('amplify memory: the outbox could not be saved', err);
    }
  };
  return {
    record(method, args) {
      let text;
      try {
        text = JSON.stringify(args ?? {});
      } catch {
        return null; // (not JSON: the call itself will say so)
      }
      if (text.length > OUTBOX_MAX_CHARS) return null;
      const id = ++seq;
      entries.set(id, { method, args: text, at: Date.now(), n: id });
      save();
      return id;
    },
    settle(id) {
      if (id !== null && leaving) late.push(id);
      else if (id !== null && entries.delete(id)) save();
    },
    /** On page hide: a copy of the worker's journals (Map key -> text), or none. */
    keepJournals(journals) {
      try {
        if (journals.size) storage.setItem(journalsOf(key), JSON.stringify(Object.fromEntries(journals)));
        else storage.removeItem(journalsOf(key));
      } catch (err) {
        console.error('amplify memory: the journals could not be copied', err);
      }
    },
    /**
     * Replay, oldest change first, the outboxes of pages that are gone (``names``: those
     * to look at, default every other one); resolves to how many changes were applied. A
     * change whose call did not get an answer (the worker died) moves to this page's
     * outbox, to be tried again by the next start.
     */
    async replay(io, names = null) {
      const keys = names ?? pageKeys().filter((name) => name !== key);
      const held = [];
      let release;
      const done = new Promise((resolve) => (release = resolve));
      for (const name of keys) {
        const granted = await new Promise((resolve) => {
          locks
            .request(name, { ifAvailable: true }, (lock) => {
              resolve(Boolean(lock));
              return lock ? done : undefined; // held until every change is replayed
            })
            .catch(() => resolve(false));
        });
        if (granted) held.push(name);
      }
      const count = await replayHeld(io, held);
      release();
      return count;
    },
    /**
     * While this page lives, replay each other page's outbox as soon as that page goes
     * (its lock is released), so that no change of a closed tab waits for the next start
     * while this one makes newer changes.
     */
    watch(io) {
      const watched = new Set([key]);
      const follow = (name) => {
        if (watched.has(name)) return;
        watched.add(name);
        locks
          .request(name, () => replayHeld(io, [name]).finally(() => watched.delete(name)))
          .catch(() => watched.delete(name));
      };
      for (const name of pageKeys()) follow(name);
      globalThis.addEventListener?.('storage', (event) => {
        if (!event.newValue) return;
        if (event.key?.startsWith(OUTBOX_PREFIX)) follow(event.key);
        else if (event.key?.startsWith(JOURNALS_PREFIX)) follow(outboxOf(event.key));
      });
    },
  };

  /**
   * Write the journals copied by the pages ``held`` to IndexedDB (a journal already
   * merged is harmless: a store skips the operations its record has applied), then
   * replay their outboxes' changes, oldest first.
   */
  async function replayHeld({ call, writeJournals }, held) {
    for (const name of held) {
      let copied = null;
      try {
        copied = JSON.parse(storage.getItem(journalsOf(name)) ?? 'null');
      } catch {
        copied = null;
      }
      const entries = Object.entries(copied && typeof copied === 'object' ? copied : {}).filter(
        ([, text]) => typeof text === 'string',
      );
      try {
        if (entries.length) await writeJournals(entries);
        storage.removeItem(journalsOf(name));
      } catch (err) {
        console.error('amplify memory: writing the journals of a closed page failed', err); // (kept)
      }
    }
    const pending = [];
    for (const name of held) {
      let list = [];
      try {
        list = JSON.parse(storage.getItem(name) ?? '[]');
      } catch {
        list = [];
      }
      if (Array.isArray(list)) pending.push(...list.filter((e) => e && e.method));
    }
    pending.sort((a, b) => (a.at ?? 0) - (b.at ?? 0) || (a.n ?? 0) - (b.n ?? 0));
    let count = 0;
    for (const entry of pending) {
      try {
        await call(entry.method, JSON.parse(entry.args));
        count++;
      } catch (err) {
        if (!answered(err)) {
          const id = ++seq; // unanswered: kept for the next start, in its old place
          entries.set(id, { ...entry, n: entry.n ?? id });
          save();
        }
        console.error(`amplify memory: replaying ${entry.method} failed`, err);
      }
    }
    for (const name of held) storage.removeItem(name);
    return count;
  }

  /** The outbox names (Web Lock names) of the pages with an outbox or journals kept. */
  function pageKeys() {
    const names = new Set();
    for (let i = 0; i < storage.length; i++) {
      const name = storage.key(i);
      if (name?.startsWith(OUTBOX_PREFIX)) names.add(name);
      else if (name?.startsWith(JOURNALS_PREFIX)) names.add(outboxOf(name));
    }
    return [...names];
  }
}

// The methods that change what is stored (recorded in the outbox until they settle).

// ------------------------------------------------------------------ transports

/** The module Web Worker (prestart.mjs), or a BootError that says why it could not start. */
function startWorker(workerURL) {
  try {
    return newWorker(workerURL);
  } catch (err) {
    const where = workerLocation(workerURL);
    const cross = err?.name === 'SecurityError';
    throw new BootError(
      'worker',
      `the worker script ${where} could not be started: ${err?.message ?? err}` +
        (cross
          ? ". A worker must come from the page's own origin: serve the package from it " +
            '(or bundle it, see "Use it in your app"), or pass workerURL.'
          : ''),
      { code: cross ? 'BOOT_CROSS_ORIGIN' : 'BOOT_FAILED', url: where, cause: err },
    );
  }
}

/** The worker prestart() started, when it was for these options (else it is ended): null or
 * `{worker, where, events}`. `root` is the asset base createMemory was given, if any. */
function adoptWorker({ root, workerURL, timeouts, snapshot }) {
  const early = takePrestarted();
  if (!early) return null;
  const base = (value) => (value === undefined ? null : resolveAssetBase(value).href);
  const same =
    base(early.root) === base(root) &&
    String(early.workerURL ?? '') === String(workerURL ?? '') &&
    JSON.stringify(early.timeouts) === JSON.stringify(timeouts) &&
    early.snapshot === (snapshot !== false);
  if (same) return early;
  early.worker.terminate();
  return null;
}

/** Why the worker script at `url` failed to load: its status or MIME type, if they say. */
async function diagnoseWorker(url) {
  try {
    const response = await fetch(url, { cache: 'no-store' });
    const type = (response.headers.get('content-type') || '').split(';')[0].trim();
    if (!response.ok) {
      return { code: response.status === 404 ? 'BOOT_NOT_FOUND' : 'BOOT_FAILED', why: `it answered HTTP ${response.status}` };
    }
    if (!/^(text|application)\/(javascript|ecmascript)$/.test(type)) {
      return { code: 'BOOT_MIME_TYPE', why: `it is served as "${type || 'no type'}", not as JavaScript (text/javascript)` };
    }
    return { code: 'BOOT_FAILED', why: 'it or a module it imports failed to load or threw' };
  } catch (err) {
    return { code: 'BOOT_CROSS_ORIGIN', why: `it could not be fetched (${err}); is it on another origin?` };
  }
}

/** Python in a module Web Worker (worker.mjs). */
function workerTransport({ assetBase, root, timeouts, onStep, workerURL, snapshot, keepJournals = () => {} }) {
  // The worker prestart() started for these options, with what it has said so far; or a new one.
  const adopted = adoptWorker({ root, workerURL, timeouts, snapshot });
  const { worker, where } = adopted ?? startWorker(workerURL);
  const startMs = timeouts.start ?? DEFAULT_TIMEOUTS.start;
  const restoreMs = timeouts.restore ?? DEFAULT_TIMEOUTS.restore;
  let restoreTimer = null;
  const waiting = new Map(); // id -> {resolve, reject}
  const journals = new Map(); // journal key -> latest text (pending changes of a store)
  let nextId = 1;
  let failed = null;

  let bootResolve;
  let bootReject;
  const booted = new Promise((resolve, reject) => {
    bootResolve = resolve;
    bootReject = reject;
  });

  const failAll = (error) => {
    if (failed) return;
    clearTimeout(helloTimer);
    clearTimeout(restoreTimer);
    failed = error;
    bootReject(error);
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };

  // The worker says hello as soon as its script has run; silence means it never loaded.
  let hello = false;
  const helloTimer = setTimeout(() => {
    if (!hello) {
      failAll(
        new BootError('worker', `the worker script ${where} did not start within ${startMs} ms`, {
          code: 'BOOT_TIMEOUT',
          url: where,
        }),
      );
    }
  }, startMs);

  worker.onmessage = (event) => {
    const msg = event.data ?? {};
    if (!hello) {
      hello = true;
      clearTimeout(helloTimer);
    }
    switch (msg.type) {
      case 'hello':
        break;
      case 'step':
        // A damaged snapshot can hang its restore (or the first Python after it) inside
        // WebAssembly, where the worker's own timers never fire: the page watches it until
        // the worker says booted (createMemory then boots afresh, without the snapshot).
        if (msg.name === 'pyodide') clearTimeout(restoreTimer);
        if (msg.name === 'pyodide' && String(msg.detail).startsWith('restoring')) {
          restoreTimer = setTimeout(
            () =>
              failAll(
                new BootError('snapshot', `the snapshot's restore did not finish within ${restoreMs} ms`, {
                  code: 'BOOT_SNAPSHOT',
                }),
              ),
            restoreMs,
          );
        }
        onStep?.(msg.name, msg.detail);
        break;
      case 'booted':
        clearTimeout(restoreTimer);
        bootResolve({ version: msg.version, timings: msg.timings, snapshot: msg.snapshot });
        break;
      case 'boot-error':
        clearTimeout(restoreTimer);
        failAll(new BootError(msg.step, msg.message, { code: msg.code, url: msg.url }));
        break;
      case 'journal':
        if (msg.text === null || msg.text === undefined) journals.delete(msg.key);
        else journals.set(msg.key, msg.text);
        break;
      case 'progress':
        waiting.get(msg.id)?.onProgress?.({ stage: msg.stage, done: msg.done, total: msg.total });
        break;
      case 'result': {
        const entry = waiting.get(msg.id);
        if (!entry) return;
        waiting.delete(msg.id);
        if (msg.error?.worker) {
          // Not an answer of Python: the change stays in the outbox for the next start.
          entry.reject(
            new AmplifyError(`the memory's worker failed: ${msg.error.message}`, { code: 'WORKER_FAILED' }),
          );
        } else if (msg.error) {
          entry.reject(errorFromPython(msg.error));
        } else {
          entry.resolve(msg.value ?? null);
        }
        break;
      }
      default:
        break;
    }
  };
  let isBooted = false;
  booted.then(() => (isBooted = true), () => {});
  worker.onerror = (event) => {
    event.preventDefault?.();
    if (failed) return;
    if (isBooted) {
      console.error('amplify memory: an error in the worker', event.message ?? event);
      return;
    }
    clearTimeout(helloTimer);
    hello = true;
    const said = event.message ? `${event.message}; ` : '';
    // Say why as well as can be found out within 3 s. Without workerURL the script's URL
    // is a guess (a bundler may have moved it): a 404 or an HTML page there says nothing.
    const diagnosis = Promise.race([
      diagnoseWorker(where),
      new Promise((ok) => setTimeout(() => ok({ code: 'BOOT_FAILED', why: 'no diagnosis' }), 3_000)),
    ]).then((found) =>
      !workerURL && (found.code === 'BOOT_NOT_FOUND' || /"text\/html"/.test(found.why))
        ? { code: 'BOOT_FAILED', why: 'it or a module it imports failed to load or threw', guess: true }
        : found,
    );
    diagnosis.then(({ code, why, guess }) => {
      const name = guess ? 'the worker (worker.mjs, perhaps bundled elsewhere)' : `the worker script ${where}`;
      failAll(new BootError('worker', `${name} failed: ${said}${why}`, { code, url: guess ? undefined : where }));
    });
  };
  worker.onmessageerror = () => console.error('amplify memory: a message could not be read');

  // On page hide the worker may never run again: the page itself writes the stores'
  // pending changes (their journals) to IndexedDB, in this task; the worker's next open
  // of a store merges them. When the page only became hidden, the worker is told, so
  // that it deletes those journals once their changes are in the stores' records.
  // A browser may end a closing tab before that write commits (seen in Firefox under
  // load): the journals are also copied to localStorage, synchronously (`keepJournals`,
  // the page's outbox), for the next page to write to IndexedDB.
  const removeHideHook = idb.onPageHide((reason) => {
    const keys = [...journals.keys()];
    keepJournals(journals); // (localStorage: written even when the page is torn down at once)
    for (const [key, text] of journals) {
      idb.saveOramaToIDBNow(key, text).catch((err) =>
        console.error(`amplify memory: saving ${key} on page hide failed`, err),
      );
    }
    if (reason === 'hidden' && keys.length) worker.postMessage({ type: 'hidden', keys });
  });
  idb.ensureConnection().catch(() => {}); // so that a page-hide write starts at once

  if (adopted) {
    for (const event of adopted.events) {
      if (event.type === 'message') worker.onmessage(event);
      else if (event.type === 'error') worker.onerror(event);
      else worker.onmessageerror(event);
    }
  } else {
    worker.postMessage(bootMessage(assetBase, timeouts, snapshot));
  }

  const send = (message, onProgress) => {
    if (failed) return Promise.reject(failed);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      waiting.set(id, { resolve, reject, onProgress });
      worker.postMessage({ ...message, id });
    });
  };
  return {
    mode: 'worker',
    prestarted: Boolean(adopted),
    booted,
    journals,
    call: (method, args, onProgress) =>
      send({ type: 'call', method, args, progress: Boolean(onProgress) }, onProgress),
    run: (code) => send({ type: 'run', code }),
    writeJournals: (entries) => send({ type: 'journals', entries }),
    terminate() {
      removeHideHook();
      worker.terminate();
      failAll(new ClosedError('this memory was terminated', { code: 'CLOSED' }));
    },
  };
}

// How long after start, and at most, a snapshot worker may run (it boots a second
// interpreter: seconds of CPU on another thread, ~60 MB while it runs).
const SNAPSHOT_AFTER_MS = 3_000;
const SNAPSHOT_MAX_MS = 120_000;

/**
 * Take a memory snapshot for the next visits in a worker of its own, once the page is
 * idle; one tab at a time (a Web Lock). Resolves to `{bytes, ms}` or `{error}`.
 */
function makeSnapshotLater({ assetBase, workerURL, timeouts }) {
  let cancel = () => {};
  let cancelled = false;
  const made = new Promise((resolve) => {
    cancel = () => {
      cancelled = true;
      resolve({ error: 'cancelled: the memory was closed' });
    };
    const run = () => {
      if (cancelled) return;
      const locks = globalThis.navigator?.locks;
      const work = () =>
        new Promise((done) => {
          let worker;
          try {
            worker = startWorker(workerURL).worker;
          } catch (err) {
            done({ error: String(err?.message ?? err) });
            return;
          }
          const finish = (result) => {
            clearTimeout(timer);
            worker.terminate();
            done(result);
          };
          const previous = cancel;
          cancel = () => {
            previous();
            finish({ error: 'cancelled: the memory was closed' });
          };
          const timer = setTimeout(() => finish({ error: 'timed out' }), SNAPSHOT_MAX_MS);
          worker.onmessage = ({ data }) => {
            if (data?.type === 'snapshot-made') finish({ bytes: data.bytes, ms: data.ms });
            else if (data?.type === 'snapshot-error') finish({ error: data.message });
          };
          worker.onerror = (event) => {
            event.preventDefault?.();
            finish({ error: event.message || 'the snapshot worker failed' });
          };
          worker.postMessage({ type: 'make-snapshot', assetBase: String(assetBase), timeouts });
        });
      const job = locks
        ? locks.request('amplify-memory.snapshot', { ifAvailable: true }, (lock) =>
            lock ? work() : { error: 'another tab is taking it' },
          )
        : work();
      Promise.resolve(job).then(resolve, (err) => resolve({ error: String(err) }));
    };
    setTimeout(() => (globalThis.requestIdleCallback ? requestIdleCallback(run, { timeout: 5_000 }) : run()), SNAPSHOT_AFTER_MS);
  });
  return { made, cancel: () => cancel() };
}

// ------------------------------------------------------------------ the snapshot ledger

// What this origin's pages know of the snapshots they stored (localStorage): a browser
// that drops them between visits (storage pressure, WebKitGTK's automation sessions)
// would otherwise get a second interpreter started and ~45 MB written on every visit, and
// one that cannot make them would try on every visit. After MAX_SNAPSHOTS_LOST snapshots
// stored and gone by the next visit, MAX_RESTORE_FAILURES failed restores or
// MAX_SNAPSHOT_FAILURES failed attempts in a row, this build stops taking them (a new
// build starts over).
const LEDGER_KEY = 'amplify-memory.snapshot-ledger';
const MAX_SNAPSHOTS_LOST = 2;
const MAX_SNAPSHOT_FAILURES = 3;
const MAX_RESTORE_FAILURES = 2;

/** This build's ledger, read afresh (another tab may have written it since). */
function readLedger(key) {
  try {
    const ledger = JSON.parse(globalThis.localStorage?.getItem(LEDGER_KEY) ?? 'null');
    if (ledger?.key === key) return { storedAt: 0, lost: 0, failed: 0, restoreFailed: 0, ...ledger };
  } catch {
    // unreadable: start over
  }
  return { key, storedAt: 0, lost: 0, failed: 0, restoreFailed: 0 };
}

/** Change this build's ledger with `change(ledger)`, on a fresh read. */
function updateLedger(key, change) {
  const ledger = readLedger(key);
  change(ledger);
  try {
    globalThis.localStorage?.setItem(LEDGER_KEY, JSON.stringify(ledger));
  } catch {
    // no localStorage (or full): the ledger only saves work, it guards nothing
  }
  return ledger;
}

/**
 * Book this start (`how` Python started; `startedAt`, epoch ms) and say why no snapshot
 * should be taken, or null. A snapshot stored before this page started and not found now
 * was lost (one stored by another tab while this one booted was not).
 */
function bookStart(key, how, startedAt) {
  const ledger = updateLedger(key, (l) => {
    if (how === 'restored') Object.assign(l, { lost: 0, restoreFailed: 0 });
    else if (how.startsWith('failed')) Object.assign(l, { storedAt: 0, restoreFailed: l.restoreFailed + 1 });
    else if (l.storedAt && l.storedAt < startedAt) Object.assign(l, { storedAt: 0, lost: l.lost + 1 });
  });
  if (ledger.lost >= MAX_SNAPSHOTS_LOST) {
    return `this browser did not keep the last ${ledger.lost} snapshots until the next visit`;
  }
  if (ledger.restoreFailed >= MAX_RESTORE_FAILURES) {
    return `the last ${ledger.restoreFailed} snapshots could not be restored`;
  }
  if (ledger.failed >= MAX_SNAPSHOT_FAILURES) {
    return `the last ${ledger.failed} snapshots could not be made`;
  }
  return null;
}

/** Book the outcome of a snapshot attempt. */
function bookSnapshot(key, result) {
  if (result?.bytes) updateLedger(key, (l) => Object.assign(l, { storedAt: Date.now(), failed: 0 }));
  else if (result?.error && !/^(cancelled|another tab)/.test(result.error)) {
    updateLedger(key, (l) => Object.assign(l, { failed: l.failed + 1 }));
  }
}

/** Python on the page's main thread (for debugging: loading and indexing block the page). */
function mainThreadTransport({ assetBase, timeouts, onStep }) {
  // (The runtime loads here only in this mode: a worker page never needs it itself.)
  const runtime = import('./runtime.mjs').then(({ bootPython }) =>
    // (no snapshot here: a restore that hung on the page's thread could not be caught)
    bootPython({ assetBase, timeouts, onStep, snapshot: false }),
  );
  const api = runtime.then(({ pyodide }) => pyodide.pyimport('amplify_memory.api'));
  return {
    mode: 'main',
    booted: runtime.then(({ version, timings }) => ({ version, timings })),
    journals: new Map(),
    async writeJournals(entries) {
      if (entries.length) await idb.saveManyToIDB(entries);
      return entries.length;
    },
    async call(method, args, onProgress) {
      const report = onProgress ? (stage, done, total) => onProgress({ stage, done, total }) : undefined;
      const text = await (await api).call(String(method), JSON.stringify(args ?? {}), report);
      const reply = JSON.parse(text);
      if (reply.error) throw errorFromPython(reply.error);
      return reply.value ?? null;
    },
    async run(code) {
      const { pyodide } = await runtime;
      try {
        let value = await pyodide.runPythonAsync(String(code));
        if (value && typeof value.toJs === 'function') {
          const proxy = value;
          value = proxy.toJs({ dict_converter: Object.fromEntries, create_pyproxies: false });
          proxy.destroy();
        }
        return value;
      } catch (err) {
        throw errorFromPython({ type: err.type ?? 'Error', message: pythonMessage(err) });
      }
    },
    terminate() {},
  };
}

// ------------------------------------------------------------------ the memory object

const opts = (value) => (value && typeof value === 'object' ? value : {});

// Argument checks in the wrapper, so that a wrong type is refused at once with the
// argument's JavaScript name (`search(42)` is an error, not an empty result).
const KINDS = {
  string: ['a string', (v) => typeof v === 'string'],
  options: ['an options object', (v) => v !== null && typeof v === 'object' && !Array.isArray(v)],
};

function show(value) {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}...` : value);
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

/**
 * `fn` with its positional arguments checked against the method's declaration
 * (methods.mjs: [name, kind, optional] each): a wrong one rejects with an
 * InvalidArgumentError (code ARGUMENT_TYPE) naming it.
 */
function checked(method, fn) {
  const spec = METHODS[method].positional;
  return (...values) => {
    for (const [i, [name, kind, optional]] of spec.entries()) {
      const value = values[i];
      if (kind === 'any' || (optional && (value === undefined || value === null))) continue;
      const [expected, ok] = KINDS[kind];
      if (!ok(value)) {
        return Promise.reject(
          new InvalidArgumentError(`${method}: ${name} must be ${expected}, got ${show(value)}`, {
            code: 'ARGUMENT_TYPE',
          }),
        );
      }
    }
    return fn(...values);
  };
}

/**
 * Start amplify_memory and resolve to the memory object (see docs/javascript-api.md).
 *
 * options: `assetBase` the URL of the package's assets/ folder (default: beside this
 * module; an app that bundles the library copies the folder and passes its URL); `mode`
 * 'worker' (default) or 'main'; `onStep(name, detail)` boot progress; `timeouts` per boot
 * step (runtime.mjs DEFAULT_TIMEOUTS, and `start` for the worker script); `workerURL`
 * another worker script. `base` (a folder holding assets/) is the older name.
 * Rejects with a BootError whose `step`, `code` and `url` say what failed.
 */
/**
 * What this browser offers the memory, and what the memory does without each part
 * (`status().browser`): `notes` says, in a sentence each, what is degraded and why.
 */
export function browserSupport() {
  const nav = globalThis.navigator;
  const support = {
    storageManager: typeof nav?.storage?.estimate === 'function',
    persistRequest: typeof nav?.storage?.persist === 'function',
    webLocks: typeof nav?.locks?.request === 'function',
    broadcastChannel: typeof globalThis.BroadcastChannel === 'function',
    cacheApi: snapshotsSupported(),
  };
  const notes = [];
  if (!support.storageManager || !support.persistRequest) {
    notes.push(
      'no StorageManager (navigator.storage): usage and quota are unknown and persistent ' +
        'storage cannot be requested, so the browser may delete this memory when space runs ' +
        'low; export it to keep a copy',
    );
  }
  if (!support.webLocks) {
    notes.push('no Web Locks: tabs cannot take turns writing; use the memory in one tab at a time');
  }
  if (!support.broadcastChannel) {
    notes.push("no BroadcastChannel: another tab's changes are seen when a store is opened again");
  }
  if (!support.cacheApi) {
    notes.push('no Cache API: no memory snapshots, every visit starts Python the full way');
  }
  return { ...support, notes };
}

export async function createMemory(options = {}) {
  if (options === null || typeof options !== 'object') {
    throw new InvalidArgumentError(`createMemory: options must be an object, got ${show(options)}`, {
      code: 'ARGUMENT_TYPE',
    });
  }
  const { mode = 'worker', onStep, timeouts = {}, workerURL, snapshot = true } = options;
  if (mode !== 'worker' && mode !== 'main') {
    throw new InvalidArgumentError(
      `createMemory: mode must be 'worker' or 'main', got ${show(mode)}`,
      { code: 'INVALID_ARGUMENT' },
    );
  }
  const root = assetRoot(options);
  const assetBase = resolveAssetBase(root);
  if (mode === 'main') takePrestarted()?.worker.terminate(); // (it has nothing to do)
  const started = performance.now();
  const outbox = createOutbox();
  const { keepJournals } = outbox; // (a closure: no `this`)
  const start = (withSnapshot) =>
    mode === 'worker'
      ? workerTransport({ assetBase, root, timeouts, onStep, workerURL, snapshot: withSnapshot, keepJournals })
      : mainThreadTransport({ assetBase, timeouts, onStep });
  let transport = null;
  let info;
  try {
    transport = start(snapshot);
    info = await transport.booted;
  } catch (err) {
    transport?.terminate();
    if (err?.code !== 'BOOT_SNAPSHOT') throw err;
    // The snapshot's restore hung: drop the snapshot and start again without it.
    await deleteSnapshots().catch(() => {});
    transport = start(false);
    try {
      info = { ...(await transport.booted), snapshot: `failed: ${err.message}` };
    } catch (again) {
      transport.terminate();
      throw again;
    }
  }
  // (the journals of closed pages are written by the worker, through its own connection)
  const io = {
    call: (method, args) => transport.call(method, args),
    writeJournals: (entries) => transport.writeJournals(entries),
  };
  const replayed = await outbox.replay(io);
  outbox.watch(io);
  // No snapshot restored: take one for the next visit, in the background (unless this
  // browser keeps losing them or cannot make them: the ledger above).
  let later = { made: Promise.resolve(null), cancel: () => {} };
  if (mode === 'worker' && snapshot && snapshotsSupported()) {
    const key = await snapshotKey(manifest);
    const skip = bookStart(key, info.snapshot, performance.timeOrigin + started);
    if (skip) later = { made: Promise.resolve({ skipped: skip }), cancel: () => {} };
    else if (info.snapshot !== 'restored') {
      later = makeSnapshotLater({ assetBase, workerURL, timeouts });
      later.made.then((result) => bookSnapshot(key, result));
    }
  }
  const snapshotMade = later.made;
  const stopSnapshot = later.cancel;
  return makeMemory(transport, outbox, {
    ...info,
    replayed,
    snapshotMade,
    stopSnapshot,
    prestarted: Boolean(transport.prestarted),
    bootMs: Math.round(performance.now() - started),
  });
}

function makeMemory(
  transport,
  outbox,
  { version, timings, bootMs, replayed, snapshot, snapshotMade, stopSnapshot = () => {}, prestarted = false },
) {
  // `options.onProgress` checked, then `run(onProgress)`.
  const withProgress = (method, o, run) => {
    const { onProgress } = opts(o);
    if (onProgress !== undefined && typeof onProgress !== 'function') {
      return Promise.reject(
        new InvalidArgumentError(`${method}: onProgress must be a function, got ${show(onProgress)}`, {
          code: 'ARGUMENT_TYPE',
        }),
      );
    }
    return run(onProgress);
  };
  const listeners = new Set();
  const changed = (method) => (value) => {
    for (const listener of [...listeners]) {
      try {
        listener({ method, value });
      } catch (err) {
        console.error('amplify memory: a change listener failed', err);
      }
    }
    return value;
  };
  // Any method by name; a change (methods.mjs) is kept in the outbox until Python
  // answers, and reported to the onChange listeners when it succeeds.
  const call = (method, args = {}, onProgress = undefined) => {
    const id = RECORDED.has(method) ? outbox.record(method, args) : null;
    // (a callback that throws is reported, never the call's failure)
    const guarded =
      onProgress &&
      ((progress) => {
        try {
          onProgress(progress);
        } catch (err) {
          console.error('amplify memory: an onProgress callback failed', err);
        }
      });
    const settled = transport.call(method, args, guarded);
    if (id !== null) {
      // Settled when Python answered (a value or its error); a worker that died or was
      // terminated first leaves the change in the outbox for the next start.
      settled.then(
        () => outbox.settle(id),
        (err) => {
          if (answered(err)) outbox.settle(id);
        },
      );
    }
    return METHODS[method]?.change ? settled.then(changed(method)) : settled;
  };

  return Object.freeze({
    version,
    mode: transport.mode,
    timings,
    bootMs,
    /** How many changes of closed pages, never applied, this start replayed. */
    replayed,
    /** How Python started: 'restored' (a snapshot), 'none' or 'failed: <why>' (a normal boot). */
    snapshot: snapshot ?? 'none',
    /** Whether this memory adopted the worker prestart() started (prestart.mjs). */
    prestarted,
    /** Settles when the background snapshot for the next visit is stored ({bytes, ms}), or
     * could not be ({error}); null when none was needed; {skipped} when this build stopped
     * taking them here (the snapshot ledger). */
    snapshotMade,
    /** Call any method of amplify_memory.api by name (JSON arguments and result). */
    call,
    /** Run Python code in the memory's interpreter; resolves to its last value (JSON-shaped). */
    runPython: (code) => transport.run(code),
    /** Call `listener({method, value})` after each successful change; returns unsubscribe. */
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** The stores' pending changes the page would write on hide: Map(journal key -> text). */
    pendingJournals: () => new Map(transport.journals),

    userProfile: Object.freeze({
      /** `options.onProgress({stage: 'open', done, total})`: the steps of loading a large store. */
      initialize: checked('userProfile.initialize', (o) => withProgress('userProfile.initialize', o, (onProgress) => call('userProfile.initialize', {}, onProgress))),
      add: checked('userProfile.add',
        (content, category = 'preference', o) => call('userProfile.add', { ...opts(o), content, category })),
      search: checked('userProfile.search',
        (query, o) => call('userProfile.search', { ...opts(o), query })),
      list: checked('userProfile.list', (o) => call('userProfile.list', opts(o))),
      get: checked('userProfile.get', (id) => call('userProfile.get', { id })),
      /** Change a fact's text: re-checked for duplicates, topic and secrets. */
      edit: checked('userProfile.edit',
        (id, content, category) =>
          call('userProfile.edit', category ? { id, content, category } : { id, content })),
      remove: checked('userProfile.remove', (id) => call('userProfile.remove', { id })),
      clear: () => call('userProfile.clear'),
      count: () => call('userProfile.count'),
      formatContext: checked('userProfile.formatContext',
        (query, o) => call('userProfile.formatContext', { ...opts(o), query })),
    }),

    projects: Object.freeze({
      add: checked('projects.add',
        (projectId, content, type, o) => call('projects.add', { ...opts(o), projectId, content, type })),
      update: checked('projects.update',
        (projectId, id, changes) => call('projects.update', { projectId, id, changes })),
      search: checked('projects.search',
        (projectId, query, o) => call('projects.search', { ...opts(o), projectId, query })),
      list: checked('projects.list',
        (projectId, o) => call('projects.list', { ...opts(o), projectId })),
      get: checked('projects.get', (projectId, id) => call('projects.get', { projectId, id })),
      remove: checked('projects.remove', (projectId, id) => call('projects.remove', { projectId, id })),
      clear: checked('projects.clear', (projectId) => call('projects.clear', { projectId })),
      formatContext: checked('projects.formatContext',
        (projectId, query, o) => call('projects.formatContext', { ...opts(o), projectId, query })),
      /** Load the project's store now (else on first use); `options.onProgress` as initialize's. */
      open: checked('projects.open',
        (projectId, o) => withProgress('projects.open', o, (onProgress) => call('projects.open', { projectId }, onProgress))),
      listProjects: () => call('projects.listProjects'),
      addProject: checked('projects.addProject',
        (projectId, name = '') => call('projects.addProject', { projectId, name })),
      deleteProject: checked('projects.deleteProject', (projectId) => call('projects.deleteProject', { projectId })),
      getProjectByChat: checked('projects.getProjectByChat', (chatId) => call('projects.getProjectByChat', { chatId })),
      assignChat: checked('projects.assignChat',
        (chatId, projectId) => call('projects.assignChat', { chatId, projectId })),
      unassignChat: checked('projects.unassignChat', (chatId) => call('projects.unassignChat', { chatId })),
      listChats: checked('projects.listChats',
        (projectId) => call('projects.listChats', projectId ? { projectId } : {})),
    }),

    extract: Object.freeze({
      userFacts: checked('extract.userFacts',
        (userMessage, assistantMessage = null, o) =>
          call('extract.userFacts', { ...opts(o), userMessage, assistantMessage })),
      projectContext: checked('extract.projectContext',
        (projectId, actionDescription, o) =>
          call('extract.projectContext', { ...opts(o), projectId, actionDescription })),
    }),

    /** Delete every memory of every store (the profile, every project); needs {confirm: true}. */
    forgetAll: checked('forgetAll', (o) => call('forgetAll', opts(o))),

    listTools: () => call('tools.list'),
    callTool: checked('tools.call',
      (name, args = {}) => call('tools.call', { name, arguments: args ?? {} })),

    storage: Object.freeze({
      estimate: () => call('storage.estimate'),
      persist: () => call('storage.persist'),
      list: () => call('storage.list'),
      export: checked('storage.export', (store, projectId) =>
        call('storage.export', projectId ? { store, projectId } : { store })),
      /** `options.onProgress({stage: 'import', done, total})`: called as the entries go in (a large import). */
      import: checked('storage.import', (data, o) => {
        const { onProgress, ...rest } = opts(o);
        return withProgress('storage.import', { onProgress }, (report) =>
          call('storage.import', { ...rest, data }, report),
        );
      }),
      /** Delete a record a store set aside as unreadable (status(): loadErrors, setAside). */
      discard: checked('storage.discard', (name) => call('storage.discard', { name })),
    }),

    /** The stores' state, and what this browser lacks (`browser`: see browserSupport()). */
    status: async () => ({ ...(await call('status')), browser: browserSupport() }),
    /** `{writeDelayMs}`: how long changes are coalesced before a store writes (default 50). */
    configure: checked('configure', (o) => call('configure', opts(o))),
    flush: () => call('flush'),
    /** Write pending changes and close the stores (the memory cannot be used afterwards). */
    close: () => {
      stopSnapshot();
      return call('close');
    },
    /** Stop the worker at once (pending changes are kept only as the page's journals). */
    terminate: () => {
      stopSnapshot();
      transport.terminate();
    },
  });
}
