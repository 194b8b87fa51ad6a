import { defineConfig } from 'vite';

export default defineConfig({
  // The memory's worker is an ES module (Pyodide does not run in classic workers).
  worker: { format: 'es' },
  // The example's main module awaits at the top level (all browsers of the last years).
  build: { target: 'es2022' },
  // Pre-bundling would move the library away from its worker script (dev server only).
  optimizeDeps: { exclude: ['amplify-memory'] },
});
