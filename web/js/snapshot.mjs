// A memory snapshot of the booted interpreter, kept in the Cache API: a later visit
// restores it instead of starting Python and importing the package (about 1 s instead of
// Pyodide's own start). Taken by a separate, short-lived worker when the page is idle
// (so that it never delays a start), keyed by the Pyodide version and the wheels' hashes,
// checked before use; any failure to restore deletes it and boots the normal way.
//
// What a snapshot may hold is narrow (Pyodide refuses to snapshot an interpreter that has
// registered JS modules or holds JS objects), so the snapshot worker only installs and
// imports; the JS bridges are registered after the restore.

import { hex } from './wheels.mjs';

const CACHE_NAME = 'amplify-memory-snapshots';
const FORMAT = 1;

// Imported before the snapshot: every module of the package (the restored interpreter
// must not need to compile anything it will use soon) and snowballstemmer.
export const PREIMPORT = `
import importlib, pkgutil
import amplify_memory, amplify_memory.api, amplify_memory.browser
for _m in pkgutil.walk_packages(amplify_memory.__path__, 'amplify_memory.'):
    importlib.import_module(_m.name)
amplify_memory.api.warm()
import snowballstemmer
snowballstemmer.stemmer('english').stemWord('warm')
del _m
`;

/** The key of this build's snapshot: the format, Pyodide's version, the wheels' hashes. */
export async function snapshotKey(manifest) {
  const text = JSON.stringify([FORMAT, manifest.pyodide.version, manifest.wheels.map((w) => w.sha256)]);
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).slice(0, 32);
}

const requestFor = (assets, key) => new Request(new URL(`__amplify_snapshot__/${key}`, assets).href);

/** Can this context keep snapshots (Cache API, and a Pyodide that makes them)? */
export const snapshotsSupported = () => typeof globalThis.caches?.open === 'function';

/** The stored entry of `key` (a Response, its bytes not read yet), or null. */
export async function findSnapshot(assets, key) {
  if (!snapshotsSupported()) return null;
  const cache = await caches.open(CACHE_NAME);
  return (await cache.match(requestFor(assets, key))) ?? null;
}

/** The bytes of `response` (from findSnapshot), or null when they are not the ones stored
 * under `key` (the entry is then deleted). */
export async function readSnapshot(response, key) {
  const bytes = new Uint8Array(await response.arrayBuffer());
  const length = Number(response.headers.get('x-amplify-length'));
  const sound =
    response.headers.get('x-amplify-key') === key &&
    bytes.length === length &&
    length >= 64 &&
    // (about 0.1 s for 45 MB: storage that damaged the bytes is caught before the restore)
    hex(await crypto.subtle.digest('SHA-256', bytes)) === response.headers.get('x-amplify-sha256');
  if (!sound) {
    await deleteSnapshots();
    return null;
  }
  return bytes;
}

/** Store `bytes` (a Uint8Array, or a Blob whose SHA-256 `sha256` is known) as the snapshot
 * of `key`, replacing every other. */
export async function storeSnapshot(assets, key, bytes, sha256 = null) {
  const digest = sha256 ?? hex(await crypto.subtle.digest('SHA-256', bytes));
  const cache = await caches.open(CACHE_NAME);
  for (const old of await cache.keys()) await cache.delete(old);
  await cache.put(
    requestFor(assets, key),
    new Response(bytes, {
      headers: {
        'content-type': 'application/octet-stream',
        'x-amplify-key': key,
        'x-amplify-length': String(bytes.length ?? bytes.size),
        'x-amplify-sha256': digest,
      },
    }),
  );
}

/** Delete every stored snapshot (after a failed restore, or on request). */
export async function deleteSnapshots() {
  if (!snapshotsSupported()) return false;
  return caches.delete(CACHE_NAME);
}

/**
 * Pyodide's module factory, growing the WebAssembly memory to the snapshot's heap before
 * the restore (Pyodide 314 copies the heap without growing the memory first, so a heap
 * that had grown past the initial size fails with "offset is out of bounds").
 */
export function growingFactory(factory, snapshot) {
  const header = new Uint32Array(snapshot.buffer, snapshot.byteOffset, 4);
  const heapLength = snapshot.length - header[1];
  if (!(heapLength > 0) || header[1] < 48) throw new Error('the snapshot header is invalid');
  return async (settings) => {
    const module = await factory(settings);
    if (module.HEAP8.length < heapLength) {
      const pointer = module._malloc(heapLength); // grows the memory (and its views)
      if (!pointer || module.HEAP8.length < heapLength) {
        throw new Error(`could not grow the heap to ${heapLength} bytes`);
      }
      module._free(pointer);
    }
    module.HEAP8.fill(0, heapLength); // past the snapshot's heap it must look fresh
    return module;
  };
}
