// Snapshots of amplify_memory stores in IndexedDB, usable from plain JavaScript and, through
// `callForPython`, from amplify_memory.browser (registered for Python as `amplify_idb`).
//
// Database `amplify_vector_stores`, version 1, object store `stores` (keyPath `name`);
// a record is { name, data, savedAt, bytes } where `data` is the snapshot as a JSON string,
// or a Uint8Array (a large store's base record: JSON text, a newline, its vectors' bytes).
//
//   await saveOramaToIDB('vector_store_user_profile', JSON.stringify(snapshot));
//   const text = await loadOramaFromIDB('vector_store_user_profile'); // string, or null
//   await deleteOramaFromIDB('vector_store_user_profile');
//   const names = await listOramaDatabases();
//
// Every request has a timeout (never a hang), a newer database version or a blocked open is
// a clear error, and a connection closes itself when another tab wants to upgrade.
// Also here: Web Locks and BroadcastChannel helpers for cross-tab merging, and a hook run
// synchronously on `pagehide` / `visibilitychange` (hidden) to save unsaved changes.

export const DB_NAME = 'amplify_vector_stores';
export const DB_VERSION = 1;
export const STORE_NAME = 'stores';
const CHANNEL_PREFIX = `${DB_NAME}/`;

// Mirrors py_src/amplify_memory/storage/_names.py (a test checks they agree).
const STORE_PART = '[A-Za-z0-9][A-Za-z0-9_-]{0,127}';
const KEY_RE = new RegExp(
  `^${STORE_PART}(?:\\.(?:corrupt-[0-9]{8}T[0-9]{9}Z(?:-[0-9]{1,6})?|pending-[a-z0-9]{1,32}` +
    `|head|log-[0-9]{1,15}-[0-9]{1,9}))?$`,
);
export const NAME_RULE =
  "a store name is 1 to 128 characters from A-Z, a-z, 0-9, '_' and '-', starting with a " +
  "letter or a digit; '.' is reserved for internal records: '<name>.corrupt-" +
  "YYYYMMDDTHHMMSSmmmZ[-N]' (quarantined), '<name>.pending-<1 to 32 of a-z 0-9>', " +
  "'<name>.head' and '<name>.log-<revision>-<n>'";

const settings = { timeoutMs: 10_000 };

/** An error with a `kind`: invalid-name, quota, version, blocked, timeout, unavailable, failed. */
export class IDBStorageError extends Error {
  constructor(kind, message, options) {
    super(message, options);
    this.name = 'IDBStorageError';
    this.kind = kind;
  }
}

/** Set the timeout of every IndexedDB request and lock wait (milliseconds). */
export function configure({ timeoutMs } = {}) {
  if (timeoutMs !== undefined) {
    if (!(Number.isFinite(timeoutMs) && timeoutMs > 0)) {
      throw new TypeError(`timeoutMs must be a positive number of milliseconds, got ${timeoutMs}`);
    }
    settings.timeoutMs = timeoutMs;
  }
  return { ...settings };
}

/** Throw an IDBStorageError naming the value and the rule unless `name` is a valid key. */
export function validateKey(name) {
  if (typeof name !== 'string' || !KEY_RE.test(name)) {
    const shown = typeof name === 'string' ? JSON.stringify(name) : String(name);
    throw new IDBStorageError('invalid-name', `invalid store name ${shown}: ${NAME_RULE}`);
  }
  return name;
}

function describe(err) {
  return err ? `${err.name || 'Error'}: ${err.message || err}` : 'unknown error';
}

/** Turn a DOMException (or anything) into an IDBStorageError that says what to do. */
function toStorageError(err, what) {
  if (err instanceof IDBStorageError) return err;
  const name = err?.name;
  if (name === 'QuotaExceededError') {
    return new IDBStorageError(
      'quota',
      `${what}: the browser refused the write for lack of space (${describe(err)}); ` +
        'delete old stores or free disk space, the write is retried on the next change',
      { cause: err },
    );
  }
  if (name === 'VersionError') {
    return new IDBStorageError(
      'version',
      `${what}: the database ${DB_NAME} has a newer version than ${DB_VERSION}, the one ` +
        `this page uses; another tab (a newer version of this app?) upgraded it. Reload ` +
        `this page to use the newer app (${describe(err)})`,
      { cause: err },
    );
  }
  return new IDBStorageError('failed', `${what}: ${describe(err)}`, { cause: err });
}

// ------------------------------------------------------------------ the connection

let connection = null; // an open IDBDatabase, or null
let opening = null; // the promise of the connection being opened
let closedBecause = '';

function openDatabase() {
  if (connection) return Promise.resolve(connection);
  if (opening) return opening;
  opening = new Promise((resolve, reject) => {
    let settled = false;
    const finish = (fn, value) => {
      if (settled) return false;
      settled = true;
      clearTimeout(timer);
      fn(value);
      return true;
    };
    const timer = setTimeout(() => {
      finish(
        reject,
        new IDBStorageError(
          'timeout',
          `opening ${DB_NAME} got no answer in ${settings.timeoutMs} ms (another tab may be ` +
            'upgrading or deleting the database; close other tabs of this app and reload)',
        ),
      );
    }, settings.timeoutMs);
    if (!globalThis.indexedDB) {
      finish(reject, new IDBStorageError('unavailable', 'IndexedDB is not available here'));
      return;
    }
    let request;
    try {
      request = indexedDB.open(DB_NAME, DB_VERSION);
    } catch (err) {
      finish(reject, toStorageError(err, `opening ${DB_NAME}`));
      return;
    }
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(STORE_NAME)) {
        db.createObjectStore(STORE_NAME, { keyPath: 'name' });
      }
    };
    request.onsuccess = () => {
      const db = request.result;
      if (settled) {
        db.close(); // we gave up on it already (timeout or blocked)
        return;
      }
      if (!db.objectStoreNames.contains(STORE_NAME)) {
        db.close();
        finish(
          reject,
          new IDBStorageError(
            'version',
            `${DB_NAME} version ${db.version} has no object store "${STORE_NAME}"; it was ` +
              'created by something else. Delete the database in the browser settings',
          ),
        );
        return;
      }
      db.onversionchange = (event) => {
        // Another tab wants a newer version: let it, and say why our next request fails.
        db.close();
        if (connection === db) connection = null;
        closedBecause = `another tab opened ${DB_NAME} with version ${event.newVersion}`;
      };
      db.onclose = () => {
        if (connection === db) connection = null;
        closedBecause = 'the browser closed the connection';
      };
      connection = db;
      closedBecause = '';
      finish(resolve, db);
    };
    request.onerror = (event) => {
      event.preventDefault?.();
      finish(reject, toStorageError(request.error, `opening ${DB_NAME}`));
    };
    request.onblocked = (event) => {
      finish(
        reject,
        new IDBStorageError(
          'blocked',
          `opening ${DB_NAME} version ${DB_VERSION} is blocked: another tab keeps version ` +
            `${event.oldVersion} open. Close the other tabs of this app and reload`,
        ),
      );
    };
  }).finally(() => {
    opening = null;
  });
  return opening;
}

/**
 * Open the connection now (resolves when open), so that a later saveOramaToIDBNow on
 * page hide can issue its write in the same task.
 */
export async function ensureConnection() {
  await openDatabase();
}

/** Close this page's connection (tests, or before deleting the database). */
export function closeConnection() {
  connection?.close();
  connection = null;
}

/** Run `action(objectStore)` in a transaction; resolve with the request's result on commit. */
async function transact(mode, what, action) {
  const db = await openDatabase();
  return new Promise((resolve, reject) => {
    let tx;
    let result;
    let settled = false;
    const finish = (fn, value) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn(value);
    };
    const timer = setTimeout(() => {
      try {
        tx?.abort();
      } catch {
        // already finished
      }
      finish(
        reject,
        new IDBStorageError('timeout', `${what}: no answer in ${settings.timeoutMs} ms`),
      );
    }, settings.timeoutMs);
    try {
      const durability = mode === 'readwrite' ? 'strict' : 'default';
      tx = db.transaction(STORE_NAME, mode, { durability });
      const request = action(tx.objectStore(STORE_NAME));
      request.onsuccess = () => {
        result = request.result;
      };
      tx.oncomplete = () => finish(resolve, result);
      tx.onabort = () => finish(reject, toStorageError(tx.error ?? request.error, what));
      tx.onerror = (event) => event.preventDefault?.(); // reported by onabort
      if (mode === 'readwrite') tx.commit?.();
    } catch (err) {
      try {
        tx?.abort();
      } catch {
        // not started
      }
      if (err?.name === 'InvalidStateError' && connection === db) connection = null;
      const why = closedBecause && err?.name === 'InvalidStateError' ? ` (${closedBecause})` : '';
      finish(reject, toStorageError(err, `${what}${why}`));
    }
  });
}

/** `data` as it is stored: a string, or bytes as a Uint8Array (a large store's base). */
function checkData(name, data) {
  if (typeof data === 'string' || data instanceof Uint8Array) return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  const kind = data === null ? 'null' : (data?.constructor?.name ?? typeof data);
  throw new IDBStorageError(
    'failed',
    `saving ${JSON.stringify(name)}: data must be a JSON string or a Uint8Array, got ${kind}`,
  );
}

// ------------------------------------------------------------------ the four operations

/** Store `data` (the serialised snapshot, a JSON string, or bytes) under `name`. */
export async function saveOramaToIDB(name, data) {
  validateKey(name);
  data = checkData(name, data);
  const record = { name, data, savedAt: Date.now(), bytes: data.length };
  await transact('readwrite', `saving ${JSON.stringify(name)}`, (os) => {
    // A store's record saved on its own is the whole store: its log head goes with it
    // (a large store's writer reads only the head before appending to its log).
    if (!name.includes('.')) os.delete(`${name}.head`);
    return os.put(record);
  });
}

/**
 * Store every `[name, data]` of `entries` in one transaction: all of them or none.
 * (A large store writes a change segment and its head record together.)
 */
export async function saveManyToIDB(entries) {
  if (!Array.isArray(entries) || entries.length === 0) {
    throw new IDBStorageError('failed', 'saving several records: expected [name, data] pairs');
  }
  const savedAt = Date.now();
  const records = entries.map((entry) => {
    const [name, given] = Array.isArray(entry) ? entry : [];
    validateKey(name);
    const data = checkData(name, given);
    return { name, data, savedAt, bytes: data.length };
  });
  const what = `saving ${records.map((r) => JSON.stringify(r.name)).join(', ')}`;
  await transact('readwrite', what, (os) => {
    let request;
    for (const record of records) request = os.put(record);
    return request;
  });
}

/**
 * The JSON string stored under `name` (a Uint8Array for bytes saved: a large store's
 * base record), or null when there is none.
 */
export async function loadOramaFromIDB(name) {
  validateKey(name);
  const record = await transact('readonly', `loading ${JSON.stringify(name)}`, (os) =>
    os.get(name),
  );
  if (record === undefined || record === null) return null;
  if (typeof record.data === 'string' || record.data instanceof Uint8Array) return record.data;
  // A record of another shape: hand it over as text so that the caller can quarantine it.
  try {
    return JSON.stringify(record.data ?? record) ?? '<unreadable record>';
  } catch (err) {
    return `<unreadable record: ${describe(err)}>`;
  }
}

/**
 * `[the first length characters, the whole length]` of the string under `name` (of bytes:
 * the first length bytes as Latin-1 text, and their number), or null.
 */
export async function peekIDB(name, length = 256) {
  const data = await loadOramaFromIDB(name);
  if (data === null) return null;
  if (typeof data === 'string') return [data.slice(0, length), data.length];
  const prefix = Array.from(data.subarray(0, length), (b) => String.fromCharCode(b)).join('');
  return [prefix, data.length];
}

/** Remove `name` (absent is fine). */
export async function deleteOramaFromIDB(name) {
  validateKey(name);
  await transact('readwrite', `deleting ${JSON.stringify(name)}`, (os) => os.delete(name));
}

/** Every stored name, sorted (internal `.corrupt-` / `.pending-` records included). */
export async function listOramaDatabases() {
  const keys = await transact('readonly', `listing ${DB_NAME}`, (os) => os.getAllKeys());
  return keys.map(String).sort();
}

/**
 * Issue a write right now, in this task (for `pagehide`, where no later task may run).
 * Uses the open connection when there is one; returns a promise of the commit.
 */
export function saveOramaToIDBNow(name, data) {
  validateKey(name);
  data = checkData(name, data);
  if (!connection) return saveOramaToIDB(name, data);
  const what = `saving ${JSON.stringify(name)} on page hide`;
  return new Promise((resolve, reject) => {
    try {
      const tx = connection.transaction(STORE_NAME, 'readwrite', { durability: 'strict' });
      tx.objectStore(STORE_NAME).put({ name, data, savedAt: Date.now(), bytes: data.length });
      tx.oncomplete = () => resolve();
      tx.onabort = () => reject(toStorageError(tx.error, what));
      tx.commit?.();
    } catch (err) {
      reject(toStorageError(err, what));
    }
  });
}

// ------------------------------------------------------------------ storage manager

/** `{usage, quota, persisted}` of this origin (bytes), or null without a StorageManager. */
export async function storageEstimate() {
  const sm = globalThis.navigator?.storage;
  if (!sm?.estimate) return null;
  const { usage = 0, quota = 0 } = await sm.estimate();
  const persisted = sm.persisted ? await sm.persisted() : false;
  return { usage, quota, persisted };
}

/** Ask the browser not to evict this origin's data; true when granted. */
export async function requestPersistentStorage() {
  const sm = globalThis.navigator?.storage;
  if (!sm?.persist) return false;
  if (sm.persisted && (await sm.persisted())) return true;
  return sm.persist();
}

// ------------------------------------------------------------------ tabs: locks and messages

const localLocks = new Map(); // fallback without navigator.locks: one tab only

/** Wait for the cross-tab lock of `name`; resolves to a `release()` function. */
export function acquireLock(name) {
  validateKey(name);
  const lockName = CHANNEL_PREFIX + name;
  const timeoutMs = settings.timeoutMs;
  const locks = globalThis.navigator?.locks;
  if (!locks?.request) {
    const previous = localLocks.get(lockName) ?? Promise.resolve();
    let release;
    const held = new Promise((r) => {
      release = r;
    });
    localLocks.set(lockName, previous.then(() => held));
    return previous.then(() => release);
  }
  return new Promise((resolve, reject) => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    locks
      .request(lockName, { signal: controller.signal }, () => {
        clearTimeout(timer);
        return new Promise((release) => resolve(() => release()));
      })
      .catch((err) => {
        clearTimeout(timer);
        reject(
          controller.signal.aborted
            ? new IDBStorageError(
                'timeout',
                `the lock of ${JSON.stringify(name)} was not granted in ${timeoutMs} ms ` +
                  '(another tab holds it; is it frozen?)',
              )
            : toStorageError(err, `locking ${JSON.stringify(name)}`),
        );
      });
  });
}

const senders = new Map();

/** Post `message` (a string) to every other subscriber of `name`, in this tab and others. */
export function publish(name, message) {
  if (typeof BroadcastChannel === 'undefined') return;
  let channel = senders.get(name);
  if (!channel) {
    channel = new BroadcastChannel(CHANNEL_PREFIX + name);
    senders.set(name, channel);
  }
  channel.postMessage(String(message));
}

/** Call `callback(message)` for each message published on `name`; returns unsubscribe. */
export function subscribe(name, callback) {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL_PREFIX + name);
  channel.onmessage = (event) => {
    try {
      callback(String(event.data));
    } catch (err) {
      console.error(`amplify_idb: a subscriber of ${name} failed`, err);
    }
  };
  return () => channel.close();
}

// ------------------------------------------------------------------ page hide

const hideHooks = new Set();
let hideListening = false;

function runHideHooks(reason) {
  for (const hook of [...hideHooks]) {
    try {
      hook(reason);
    } catch (err) {
      console.error('amplify_idb: a page-hide hook failed', err);
    }
  }
}

/**
 * Call `hook(reason)` synchronously on `pagehide` and when the page becomes hidden; the
 * hook should start its writes with saveOramaToIDBNow. Returns a function that removes it.
 */
export function onPageHide(hook) {
  if (!hideListening && typeof globalThis.addEventListener === 'function') {
    hideListening = true;
    globalThis.addEventListener('pagehide', () => runHideHooks('pagehide'));
    globalThis.document?.addEventListener('visibilitychange', () => {
      if (globalThis.document.visibilityState === 'hidden') runHideHooks('hidden');
    });
  }
  hideHooks.add(hook);
  return () => hideHooks.delete(hook);
}

// ------------------------------------------------------------------ for Python

/**
 * Run an operation for amplify_memory.browser and never reject: resolves to
 * `{ok: true, value}` or `{ok: false, kind, message}` (JS errors do not cross well).
 */
export async function callForPython(op, ...args) {
  try {
    let value;
    switch (op) {
      case 'save':
        value = await saveOramaToIDB(args[0], args[1]);
        break;
      case 'saveMany':
        value = await saveManyToIDB(args[0]);
        break;
      case 'peek':
        value = await peekIDB(args[0], args[1]);
        break;
      case 'load':
        value = await loadOramaFromIDB(args[0]);
        break;
      case 'delete':
        value = await deleteOramaFromIDB(args[0]);
        break;
      case 'list':
        value = await listOramaDatabases();
        break;
      case 'estimate':
        value = await storageEstimate();
        break;
      case 'persist':
        value = await requestPersistentStorage();
        break;
      case 'lock':
        value = await acquireLock(args[0]);
        break;
      case 'configure':
        value = configure({ timeoutMs: args[0] });
        break;
      default:
        throw new IDBStorageError('failed', `unknown operation ${JSON.stringify(op)}`);
    }
    return { ok: true, value: value === null ? undefined : value };
  } catch (err) {
    const error = toStorageError(err, op);
    return { ok: false, kind: error.kind, message: error.message };
  }
}

/** An empty list of byte parts, for Python to push `Uint8Array`s into one at a time. */
export function newParts() {
  return [];
}

/** `parts` (Uint8Arrays) joined into one Uint8Array: a large base record gathered in
 * JavaScript as Python makes it, never whole in the wasm heap. */
export function joinParts(parts) {
  let size = 0;
  for (const part of parts) size += part.length;
  const out = new Uint8Array(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  parts.length = 0;
  return out;
}

/** saveOramaToIDBNow for Python's page-hide hook: errors go to the console. */
export function saveSoonForPython(name, data) {
  saveOramaToIDBNow(name, data).catch((err) =>
    console.error(`amplify_idb: saving ${name} on page hide failed`, err),
  );
}

// ------------------------------------------------------------------ journals of a worker

// In a Web Worker `pagehide` never fires, so the stores there cannot save their pending
// changes on hide. amplify_memory.browser mirrors each store's journal (the record
// `<name>.pending-<writer>` that a page hide would write) through noteJournal; the worker
// forwards it to the page (setJournalMirror), which writes the latest copies on hide.
let journalMirror = null;

/** Forward journals to `mirror(key, textOrNull)` (null: nothing pending); null stops. */
export function setJournalMirror(mirror) {
  journalMirror = typeof mirror === 'function' ? mirror : null;
}

/** True when journals are forwarded (Python skips the work otherwise). */
export function journalMirrorActive() {
  return journalMirror !== null;
}

/** The journal `key` now holds `text` (a JSON string), or nothing is pending (null). */
export function noteJournal(key, text) {
  if (!journalMirror) return;
  validateKey(key);
  journalMirror(key, text === undefined || text === null ? null : String(text));
}
