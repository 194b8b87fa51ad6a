import { defineConfig } from 'vite';

export default defineConfig({
  // The memory's worker is an ES module (Pyodide does not run in classic workers).
  worker: { format: 'es' },
  // Pre-bundling would move the library away from its worker script (dev server only).
  optimizeDeps: { exclude: ['amplify-memory'] },
});
