#!/usr/bin/env node
// Copies the package's assets/ folder (Pyodide, the wheels, the embedding table) to a
// folder your site serves, for apps that bundle amplify-memory:
//
//   npx amplify-memory-assets public/amplify-memory
//   createMemory({ assetBase: '/amplify-memory/' })
//
// Every file's path names its version or content hash, so the folder can be served with
// `Cache-Control: public, max-age=31536000, immutable`. Older versions' folders in the
// destination are removed unless --keep is given.
import { cpSync, existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const keep = args.includes('--keep');
const dest = args.find((a) => !a.startsWith('--'));
if (!dest) {
  console.error('usage: amplify-memory-assets <destination folder> [--keep]');
  process.exit(2);
}
const source = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'assets');
const wanted = new Set(readdirSync(source));
if (existsSync(dest) && !keep) {
  for (const name of readdirSync(dest)) {
    if (!wanted.has(name) && /^(pyodide-|python-|models$)/.test(name)) {
      rmSync(path.join(dest, name), { recursive: true, force: true });
    }
  }
}
const models = path.join(dest, 'models');
if (existsSync(models) && !keep) {
  const current = new Set(readdirSync(path.join(source, 'models')));
  for (const name of readdirSync(models)) {
    if (!current.has(name)) rmSync(path.join(models, name), { force: true });
  }
}
cpSync(source, dest, { recursive: true });
let bytes = 0;
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    const info = statSync(full);
    if (info.isDirectory()) walk(full);
    else bytes += info.size;
  }
};
walk(dest);
console.log(`amplify-memory: assets copied to ${dest} (${(bytes / 1e6).toFixed(1)} MB)`);
