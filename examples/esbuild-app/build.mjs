// Bundles the app and the memory's worker with esbuild, and copies the assets.
//
// esbuild leaves `new Worker(new URL('./worker.mjs', import.meta.url))` as it is, so the
// worker is bundled as a second entry point, written beside the app's bundle under the
// name the library asks for (worker.mjs).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import * as esbuild from 'esbuild';

mkdirSync('dist', { recursive: true });
await esbuild.build({
  entryPoints: { main: 'src/main.js', worker: 'amplify-memory/worker.mjs' },
  bundle: true,
  format: 'esm',
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  target: 'es2022',
  logLevel: 'warning',
});
copyFileSync('index.html', 'dist/index.html');
execFileSync('npx', ['amplify-memory-assets', 'dist/amplify-memory'], { stdio: 'inherit' });
