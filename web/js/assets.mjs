// Where the assets are, and how long each boot step may take: what the page's side needs
// before it starts the worker (light: the runtime itself loads in the worker).
import { defaultAssetBase } from './manifest.mjs';

export const DEFAULT_TIMEOUTS = Object.freeze({
  start: 5_000, // the worker script's first word
  fetch: 5_000, // pre-flight checks and pyodide.mjs
  pyodide: 60_000, // loadPyodide: wasm compile + stdlib
  restore: 15_000, // restoring a snapshot (watched by the page: a damaged one can hang)
  packages: 30_000, // fetching and unzipping our wheels
  import: 15_000, // import amplify_memory
});

/** The asset base of these options, as an absolute URL ending in '/'. */
export function resolveAssetBase(assetBase) {
  const url = new URL(assetBase ?? defaultAssetBase(), globalThis.location?.href);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  return url;
}

/** The last line of a Python traceback (the exception), or the whole message. */
export function pythonMessage(err) {
  const text = String(err?.message ?? err);
  const lines = text.trim().split('\n');
  return lines.length > 1 ? `${lines.at(-1)}\n${text}` : text;
}
