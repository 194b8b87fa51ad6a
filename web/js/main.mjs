// The demo page: boots the Python runtime and shows its state.
import { bootPython } from './runtime.mjs';

const statusEl = document.getElementById('status');
const stepsEl = document.getElementById('steps');
const errorEl = document.getElementById('error');

function showStep(name, detail) {
  const li = document.createElement('li');
  li.dataset.step = name;
  li.textContent = detail; // always text, never HTML
  stepsEl.append(li);
}

async function start() {
  const started = performance.now();
  try {
    const runtime = await bootPython({ base: new URL('./', location.href), onStep: showStep });
    const seconds = ((performance.now() - started) / 1000).toFixed(2);
    statusEl.dataset.state = 'ready';
    statusEl.textContent = `Ready: amplify_memory ${runtime.version} in ${seconds} s`;
    document.documentElement.dataset.ready = 'true';
    return runtime;
  } catch (err) {
    statusEl.dataset.state = 'error';
    statusEl.textContent = 'Failed to start';
    errorEl.hidden = false;
    errorEl.textContent = String(err?.message ?? err);
    document.documentElement.dataset.ready = 'error';
    console.error(err);
    throw err;
  }
}

const ready = start();
ready.catch(() => {}); // shown on the page; keep the console free of an unhandled rejection
// For tests and the developer console.
window.amplify = {
  ready,
  async runPython(code) {
    const { pyodide } = await ready;
    return pyodide.runPythonAsync(code);
  },
};
